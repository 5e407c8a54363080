// The card table: one seat's view drawn from the synced trait "table" ({view, labels, page}), played by
// tap, drag and keyboard. Every tap becomes an intent sent to Python ({do: "draw"}, {do: "add", meld,
// cards}...); Python answers with the next view or a refusal, so this file decides no rule: the moves it
// offers are the view's, the words are the labels'. svgElement, cardFace, cardBack, cardParts come from
// card_face.js (put before this module by table.py), the one card drawing of the project.

const PACE_MS = { slow: 1400, normal: 800, fast: 350, instant: 0 };

function h(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child);
  return node;
}

function cardButton(code, name, extra = {}) {
  const button = h("button", { type: "button", class: "bx-card bt-card", "aria-label": name, title: name,
                               "data-card": code, ...extra });
  button.append(cardFace(cardParts(code)));
  return button;
}

function render({ model, el }) {
  const root = h("div", { class: "bt-table" });
  el.append(root);
  const live = h("div", { class: "bt-live", role: "status", "aria-live": "polite" });
  let selected = new Set(); // hand indices chosen
  let handCodes = "";
  let focusIndex = 0;
  let playing = null; // {steps, at, timer} while computer steps are shown
  let recent = []; // the last computer steps, said in words: shown at the start of the learner's turn
  let dragging = null;
  let lastFocus = null; // the data-focus key of the element to focus again after a redraw
  const dialog = h("dialog", { class: "bt-dialog" });

  function data() {
    return model.get("table") || {};
  }

  function send(intent) {
    if (playing) return;
    model.send(intent);
  }

  function chosen() {
    return Array.from(selected).sort((a, b) => a - b);
  }

  function pace() {
    return (data().page || {}).pace || "normal";
  }

  // --- the intents of each place --------------------------------------------------
  function tapStock() {
    send({ do: "draw", where: "stock" });
  }

  function tapPile(view, labels) {
    const cards = chosen();
    if (view.phase === "draw" || (view.phase === "play" && cards.length === 0 && !view.my_turn)) {
      // one card onto the pile is a discard (no take uses a single card): before the draw the engine says so
      if (cards.length === 1 && view.phase === "draw") return send({ do: "discard", card: cards[0], where: "pile" });
      if (cards.length) return send({ do: "take_pile", cards, where: "pile" });
      const takes = labels.takes || [];
      if (takes.length === 1) return send({ do: "move", move: takes[0].move, where: "pile" });
      if (takes.length > 1) return offer(labels.ui.takes, takes, "pile");
      return send({ do: "take_pile", cards: [], where: "pile" });
    }
    if (cards.length === 1) return send({ do: "discard", card: cards[0], where: "pile" });
    send({ do: "discard", card: null, chosen: cards.length, where: "pile" });
  }

  function tapMeld(view, number) {
    const cards = chosen();
    if (view.phase === "draw") {
      if (cards.length) return send({ do: "take_pile", cards, meld: number, where: `meld-${number}` });
      return send({ do: "take_top", meld: number, where: `meld-${number}` });
    }
    if (!cards.length && offerAt(`meld-${number}`)) return;
    send({ do: "add", meld: number, cards, where: `meld-${number}` });
  }

  function tapMeldArea() {
    const cards = chosen();
    const staged = (data().page || {}).staged;
    if (!cards.length && !(staged && staged.groups.length) && offerAt("meld-area")) return;
    send({ do: "meld", groups: cards.length ? [cards] : [], stage: true, where: "meld-area" });
  }

  // a place tapped with no card chosen offers the moves the engine allows there (the view's offers)
  function offerAt(place) {
    const offers = ((data().labels || {}).offers || {})[place];
    if (!offers || !offers.moves.length) return false;
    offer(offers.title, offers.moves, place);
    return true;
  }

  function offer(title, moves, place) {
    const box = root.querySelector(".bt-offers");
    if (!box) return;
    box.setAttribute("aria-label", title);
    box.replaceChildren(h("p", { text: title }),
      ...moves.map((move) => h("button", { type: "button", class: "bt-control", text: move.words,
                                           onclick: () => send({ do: "move", move: move.move, where: place }) })));
    box.hidden = false;
    box.querySelector("button")?.focus();
  }

  // --- drawing ------------------------------------------------------------------------
  function seatBox(seat, label, open) {
    let backs = h("span", { class: "bt-backs", "aria-hidden": "true" });
    for (let i = 0; i < Math.min(seat.cards, 5); i++) backs.append(h("span", { class: "bt-back" }, cardBack()));
    if (open) backs = openHand(open.codes, open.labels); // every hand open: a spectator of computers
    const classes = ["bt-seat"];
    if (seat.to_move) classes.push("bt-to-move");
    if (seat.partner) classes.push("bt-partner");
    if (seat.resting) classes.push("bt-resting");
    return h("div", { class: classes.join(" "), "data-place": `seat-${seat.player}`, role: "group",
                      "aria-label": `${label.name}: ${label.state}` },
      backs, h("span", { class: "bt-seat-name", text: label.name }),
      h("span", { class: "bt-count", text: String(seat.cards) }));
  }

  // a seat's hand face up (the watch-a-game page only: the view says which cards, the labels their names)
  function openHand(codes, labels) {
    const fan = h("span", { class: "bt-fan bt-open-hand", role: "img", "aria-label": `${labels.said}: ${labels.names.join(", ")}` });
    codes.forEach((code) => fan.append(h("span", { class: "bt-mini" }, cardMini(cardParts(code)))));
    return fan;
  }

  function meldBox(view, side, sideLabel, meld, index) {
    const mine = side.mine;
    const label = sideLabel.melds[index];
    const fan = h("span", { class: "bt-fan", "aria-hidden": "true" });
    meld.cards.forEach((code) => fan.append(h("span", { class: "bt-mini" }, cardMini(cardParts(code)))));
    const attributes = { class: `bt-meld${meld.complete ? " bt-complete" : ""}`, "aria-label": label.label,
                         title: label.names.join(", "), "data-place": mine ? `meld-${meld.number}` : `their-meld-${side.side}-${meld.number}`,
                         "data-focus": `meld-${side.side}-${meld.number}` };
    const caption = h("span", { class: "bt-meld-label", text: label.label.replace(/^[^:]*:\s*/, "") });
    const number = h("span", { class: "bt-meld-number", text: String(meld.number) });
    if (!mine) { // the other side's: tapped with cards, the table says whose it is (nobody adds to it)
      return h("button", { type: "button", ...attributes, onclick: () => send({ do: "add", side: side.side, meld: meld.number,
                                                                                cards: chosen(), where: attributes["data-place"] }) },
        number, fan, caption);
    }
    return h("button", { type: "button", ...attributes, onclick: () => tapMeld(view, meld.number) }, number, fan, caption);
  }

  function sideArea(view, side, sideLabel) {
    const melds = side.melds.map((meld, index) => meldBox(view, side, sideLabel, meld, index));
    const head = h("div", { class: "bt-side-head" }, h("span", { text: sideLabel.owner }),
      sideLabel.red_threes ? h("span", { class: "bt-reds", text: sideLabel.red_threes }) : null);
    const list = h("div", { class: "bt-melds" }, ...melds,
      melds.length ? null : h("span", { class: "bt-empty", text: sideLabel.empty }));
    const area = h("section", { class: `bt-side${side.mine ? " bt-mine" : ""}`, "aria-label": sideLabel.owner,
                                "data-place": side.mine ? "meld-area" : `side-${side.side}` }, head, list);
    if (side.mine) {
      const tap = h("button", { type: "button", class: "bt-meld-area", "aria-label": sideLabel.meld_area,
                                "data-focus": "meld-area", onclick: tapMeldArea, text: "+" });
      head.append(tap);
      area.addEventListener("click", (event) => {
        if (event.target === area || event.target === list) tapMeldArea();
      });
    }
    return area;
  }

  function staging(view, labels, page) {
    const staged = page.staged;
    if (!staged || !staged.groups.length) return null;
    const groups = staged.groups.map((group) => {
      const fan = h("span", { class: "bt-fan", "aria-hidden": "true" });
      group.forEach((i) => fan.append(h("span", { class: "bt-mini" }, cardMini(cardParts(view.hand[i])))));
      return h("div", { class: "bt-meld bt-staged-group", role: "img",
                        "aria-label": group.map((i) => labels.hand[i]).join(", ") }, fan);
    });
    return h("section", { class: `bt-staging${staged.enough ? " bt-enough" : ""}`, "aria-label": staged.said },
      h("div", { class: "bt-staged-groups" }, ...groups),
      h("p", { class: "bt-staged-total", text: staged.said }),
      h("meter", { min: 0, max: staged.minimum, value: Math.min(staged.points, staged.minimum), "aria-hidden": "true" }),
      h("div", { class: "bt-controls" },
        h("button", { type: "button", class: "bt-control bt-primary", text: labels.ui.lay_staged,
                      onclick: () => send({ do: "meld", groups: [...staged.groups, ...(chosen().length ? [chosen()] : [])],
                                            where: "meld-area" }) }),
        h("button", { type: "button", class: "bt-control", text: labels.ui.take_back,
                      onclick: () => send({ do: "unstage" }) })));
  }

  function handRow(view, labels, page) {
    const stagedIndices = new Set(((page.staged || {}).groups || []).flat());
    const row = h("div", { class: "bt-hand", role: "group", "aria-label": labels.hand_label, "data-place": "hand" });
    const shown = view.hand.map((code, index) => ({ code, index })).filter((c) => !stagedIndices.has(c.index));
    shown.forEach(({ code, index }, position) => {
      const button = cardButton(code, labels.hand[index], { "aria-pressed": selected.has(index) ? "true" : "false",
                                                              "data-index": index, "data-focus": `card-${index}` });
      button.classList.toggle("bx-selected", selected.has(index));
      button.tabIndex = position === Math.min(focusIndex, shown.length - 1) ? 0 : -1;
      button.addEventListener("keydown", (event) => {
        const moves = { ArrowRight: position + 1, ArrowLeft: position - 1, Home: 0, End: shown.length - 1 };
        if (event.key in moves) {
          event.preventDefault();
          const all = Array.from(row.querySelectorAll("button.bt-card"));
          focusIndex = Math.max(0, Math.min(all.length - 1, moves[event.key]));
          all.forEach((b, i) => (b.tabIndex = i === focusIndex ? 0 : -1));
          all[focusIndex].focus();
        }
      });
      button.addEventListener("pointerdown", (event) => startDrag(event, index, button));
      button.addEventListener("click", (event) => {
        if (button.dataset.dragged) {
          delete button.dataset.dragged;
          return;
        }
        focusIndex = position;
        toggle(index);
      });
      row.append(button);
    });
    layHand(row);
    return row;
  }

  // overlap the hand so every card fits one row: the step between cards shrinks with the width
  function layHand(row) {
    requestAnimationFrame(() => {
      const cards = Array.from(row.querySelectorAll(".bt-card"));
      if (!cards.length) return;
      const width = row.clientWidth - 8;
      const cardWidth = cards[0].offsetWidth || 54;
      const step = cards.length > 1 ? Math.min(cardWidth + 4, (width - cardWidth) / (cards.length - 1)) : 0;
      cards.forEach((card, i) => (card.style.marginLeft = i ? `${step - cardWidth}px` : "0"));
    });
  }

  function toggle(index) {
    if (playing) return;
    selected.has(index) ? selected.delete(index) : selected.add(index);
    lastFocus = `card-${index}`;
    draw();
  }

  // --- dragging a card (or the chosen cards) onto a place --------------------------------
  function startDrag(event, index, button) {
    if (playing || event.button > 0) return;
    const start = { x: event.clientX, y: event.clientY };
    let ghost = null;
    const move = (e) => {
      if (!ghost && Math.hypot(e.clientX - start.x, e.clientY - start.y) < 10) return;
      if (!ghost) {
        ghost = button.cloneNode(true);
        ghost.classList.add("bt-ghost");
        document.body.append(ghost);
        dragging = index;
      }
      ghost.style.left = `${e.clientX - 20}px`;
      ghost.style.top = `${e.clientY - 30}px`;
    };
    const up = (e) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      if (!ghost) return;
      ghost.remove();
      button.dataset.dragged = "1";
      dragging = null;
      if (!selected.has(index)) selected = new Set([index]);
      const target = document.elementFromPoint(e.clientX, e.clientY)?.closest("[data-place]");
      const { view, labels } = data();
      const place = target?.dataset.place || "";
      if (place === "pile") tapPile(view, labels);
      else if (place === "stock") tapStock();
      else if (place.startsWith("meld-") && place !== "meld-area") tapMeld(view, Number(place.slice(5)));
      else if (place === "meld-area") tapMeldArea();
      else if (place.startsWith("their-meld-")) target.click();
      else draw();
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  }

  // --- the whole table ------------------------------------------------------------------
  function controls(view, labels, page) {
    const moves = new Set(view.moves);
    const ui = labels.ui;
    const buttons = [];
    const control = (text, intent, primary) =>
      h("button", { type: "button", class: `bt-control${primary ? " bt-primary" : ""}`, text, "data-focus": `control-${text}`,
                    onclick: () => send(intent) });
    if (moves.has("ask partner")) buttons.push(control(labels.moves["ask partner"], { do: "ask" }));
    if (moves.has("answer yes")) buttons.push(control(labels.moves["answer yes"], { do: "answer", yes: true }, true));
    if (moves.has("answer no")) buttons.push(control(labels.moves["answer no"], { do: "answer", yes: false }));
    if (moves.has("pass")) buttons.push(control(labels.moves["pass"], { do: "pass" }, true));
    if (view.phase === "play" && view.my_turn && view.hand.length === 1 && moves.has(`discard ${view.hand[0]}`)) {
      buttons.push(control(ui.go_out, { do: "discard", card: 0, where: "pile" }, true));
    }
    if (moves.has("next hand")) buttons.push(control(labels.moves["next hand"], { do: "next_hand" }, true));
    if (view.phase === "play" && view.my_turn && chosen().length >= 1) {
      buttons.push(control(ui.stage, { do: "stage", cards: chosen() }));
    }
    for (const extra of page.controls || []) buttons.push(control(extra.text, extra.intent, extra.primary));
    return h("div", { class: "bt-controls", role: "group", "aria-label": ui.moves }, ...buttons);
  }

  function message(page, labels) {
    const box = h("div", { class: "bt-message" });
    const said = page.message;
    if (playing) {
      const step = playing.steps[playing.at];
      box.append(h("p", { class: "bt-news", text: step ? step.said : "" }));
      box.append(h("button", { type: "button", class: "bt-control", text: labels.ui.skip, "data-focus": "skip",
                               onclick: () => finishPlaying() }));
    } else if (said && said.lines.length) {
      box.classList.add(`bt-${said.kind}`);
      box.setAttribute("role", said.kind === "refusal" ? "alert" : "note");
      said.lines.forEach((line, i) => box.append(h(i ? "p" : "p", { class: i ? "bt-reason" : "bt-headline", text: line })));
    } else if (selected.size && data().view.my_turn) {
      box.append(h("p", { class: "bt-hint-line", text: labels.ui.chosen.replace("{count}", String(selected.size)) }));
    } else {
      box.append(h("p", { class: "bt-turn-line", text: labels.turn }));
    }
    const view = data().view || {};
    if (!playing && recent.length && view.my_turn && view.phase === "draw") {
      // beside the line above where it fits, so the hand keeps its place on a phone
      box.classList.add("bt-with-recent");
      box.append(h("details", { class: "bt-recent" }, h("summary", { text: labels.ui.recent }),
        h("ol", {}, ...recent.map((line) => h("li", { text: line })))));
    }
    return box;
  }

  function scores(view, labels) {
    return h("div", { class: "bt-scores", role: "group", "aria-label": labels.scores },
      ...view.sides.map((side, i) => h("span", { class: `bt-score${side.mine ? " bt-mine" : ""}` },
        h("b", { text: labels.sides[i].who }), ` ${labels.sides[i].score} · ${labels.sides[i].minimum}`)),
      h("span", { class: "bt-hand-number", text: labels.hand_number }));
  }

  function pileBox(view, labels) {
    const pile = view.pile;
    const face = pile.top ? cardFace(cardParts(pile.top)) : cardBack();
    const button = h("button", { type: "button", class: `bt-pile${pile.blocked || pile.frozen ? " bt-blocked" : ""}${pile.top ? "" : " bt-empty-pile"}`,
                                 "aria-label": labels.pile, title: labels.pile_note || labels.pile, "data-place": "pile",
                                 "data-focus": "pile", onclick: () => tapPile(data().view, data().labels) },
      h("span", { class: "bt-pile-card" }, face),
      h("span", { class: "bt-badge", text: String(pile.size) }),
      pile.blocked ? h("span", { class: "bt-blocked-mark", "aria-hidden": "true", text: labels.ui.blocked }) : null,
      !pile.blocked && pile.frozen ? h("span", { class: "bt-blocked-mark bt-frozen-mark", "aria-hidden": "true",
                                                 text: labels.ui.frozen }) : null);
    return button;
  }

  function stockBox(view, labels) {
    return h("button", { type: "button", class: "bt-stock", "aria-label": labels.stock, "data-place": "stock",
                         "data-focus": "stock", disabled: view.stock ? false : undefined, onclick: tapStock },
      h("span", { class: "bt-pile-card" }, cardBack()), h("span", { class: "bt-badge", text: String(view.stock) }));
  }

  function notice(page) {
    // a seat page that has no seat (yet): what the room said, and what may be done (take the seat over)
    const said = page.message || { kind: "news", lines: [] };
    const box = h("div", { class: `bt-message bt-${said.kind}`, role: said.kind === "refusal" ? "alert" : "status" },
      ...said.lines.map((line) => h("p", { class: "bt-headline", text: line })));
    const buttons = (page.controls || []).map((c) => h("button", { type: "button", class: `bt-control${c.primary ? " bt-primary" : ""}`,
                                                                   text: c.text, onclick: () => model.send(c.intent) }));
    root.replaceChildren(box, h("div", { class: "bt-controls" }, ...buttons));
  }

  function draw(override) {
    const { view, labels, page = {} } = override || data();
    if (!view) return notice(page);
    if (!override) {
      const codes = view.hand.join(" ") + "|" + view.phase + "|" + view.to_move;
      if (codes !== handCodes) {
        selected = new Set();
        handCodes = codes;
      }
      // cards just staged as a group are out of the hand's row: no longer chosen for the next group
      for (const index of ((page.staged || {}).groups || []).flat()) selected.delete(index);
    }
    const active = document.activeElement;
    if (active && root.contains(active) && active.dataset.focus) lastFocus = active.dataset.focus;
    const mine = view.sides.find((s) => s.mine);
    const others = view.seats.filter((s) => !s.me);
    const me = view.seats.find((s) => s.me);
    root.classList.toggle("bt-my-turn", !!view.my_turn);
    root.classList.toggle("bt-compact", !!page.compact); // a lesson's table: its own height, not the window's
    root.classList.toggle("bt-playing", !!playing);
    if (page.version !== undefined) root.dataset.version = String(page.version); // a shared room's move number
    const menuButton = h("button", { type: "button", class: "bt-menu-button", text: "☰", "aria-label": labels.ui.menu,
                                     "data-focus": "menu", onclick: () => openMenu() });
    const top = h("div", { class: "bt-top" }, scores(view, labels), menuButton);
    const seats = h("div", { class: "bt-seats" }, ...others.map((s) => seatBox(s, labels.seats[String(s.player)],
      view.open_hands && { codes: view.open_hands[String(s.player)], labels: labels.open_hands[String(s.player)] })));
    const middle = h("div", { class: "bt-middle" }, stockBox(view, labels), pileBox(view, labels),
      labels.pile_note ? h("p", { class: "bt-pile-note", text: labels.pile_note }) : null);
    const sides = view.sides.map((side, i) => ({ side, label: labels.sides[i] }));
    const theirs = sides.filter((s) => !s.side.mine).map((s) => sideArea(view, s.side, s.label));
    const ours = sides.filter((s) => s.side.mine).map((s) => sideArea(view, s.side, s.label));
    const table = h("div", { class: "bt-felt" }, seats, ...theirs, middle, ...ours, staging(view, labels, page));
    const meRow = h("div", { class: `bt-me${me && me.to_move ? " bt-to-move" : ""}`, "data-place": `seat-${view.seat}` },
      h("span", { class: "bt-seat-name", text: labels.seats[String(view.seat)].name }),
      h("span", { class: "bt-turn", text: labels.hand_label }),
      page.room ? h("span", { class: "bt-room-line", text: page.room }) : null);
    const offers = h("div", { class: "bt-offers", role: "group", hidden: true });
    offers.addEventListener("keydown", (event) => {
      if (event.key === "Escape") offers.hidden = true;
    });
    const bottom = h("div", { class: "bt-bottom" }, offers, message(page, labels), controls(view, labels, page), meRow,
      handRow(view, labels, page));
    const extra = page.hand_end ? handEnd(page, labels) : null;
    root.replaceChildren(...[top, table, extra, bottom, live, dialog].filter(Boolean));
    // the document itself: on a first render the widget is not in the page yet, so it has no <html> above it
    if (page.language) document.documentElement.setAttribute("lang", page.language);
    // a refusal is shown by the hand and marked on the place tapped, which names it for a screen reader
    const refused = !playing && page.message && page.message.kind === "refusal" && page.message.where;
    if (refused) {
      const place = root.querySelector(`[data-place="${CSS.escape(page.message.where)}"]`);
      const said = root.querySelector(".bt-message");
      if (place && said) {
        said.id = said.id || `bt-refusal-${Math.random().toString(36).slice(2)}`;
        place.classList.add("bt-refused");
        place.setAttribute("aria-describedby", said.id);
      }
    }
    fit();
    if (lastFocus) {
      const again = root.querySelector(`[data-focus="${CSS.escape(lastFocus)}"]`);
      if (again && !dialog.open) again.focus({ preventScroll: true });
    }
    void mine;
  }

  function handEnd(page, labels) {
    const section = h("section", { class: "bt-hand-end", "aria-label": page.hand_end.title });
    section.innerHTML = page.hand_end.html; // Python's own markup: numbers and words it escaped
    return section;
  }

  // the table fills the window below where it starts, so nothing needed for a move is out of sight
  function fit() {
    if (root.classList.contains("bt-compact")) root.style.removeProperty("--bt-height");
    else {
      const top = root.getBoundingClientRect().top + window.scrollY;
      root.style.setProperty("--bt-height", `${Math.max(480, window.innerHeight - top - 4)}px`);
    }
    const row = root.querySelector(".bt-hand");
    if (row) layHand(row);
  }

  // --- the computers' steps, one at a time ----------------------------------------------
  function startPlaying(steps) {
    if (playing) clearTimeout(playing.timer);
    if (steps.length) recent = steps.map((s) => s.said);
    if (!steps.length || PACE_MS[pace()] === 0) {
      playing = null;
      if (steps.length) live.textContent = steps.map((s) => s.said).join(". ");
      draw();
      return;
    }
    playing = { steps, at: 0, timer: null };
    selected = new Set(); // the learner's choice belonged to the hand before its move
    showStep();
  }

  function showStep() {
    const step = playing.steps[playing.at];
    const before = placeRect(step.motion && step.motion.from);
    draw({ view: step.view, labels: step.labels, page: {} });
    live.textContent = step.said;
    if (step.motion) fly(step.motion, before);
    playing.timer = setTimeout(() => {
      if (!playing) return;
      playing.at += 1;
      if (playing.at >= playing.steps.length) finishPlaying();
      else showStep();
    }, PACE_MS[pace()]);
  }

  function finishPlaying() {
    if (!playing) return;
    clearTimeout(playing.timer);
    playing = null;
    draw();
    const message = (data().page || {}).message;
    if (message && message.lines.length) live.textContent = message.lines.join(" ");
  }

  function placeRect(place) {
    if (!place) return null;
    let node = root.querySelector(`[data-place="${place}"]`);
    if (!node && place.startsWith("melds-of-")) node = root.querySelector(".bt-side");
    return node ? node.getBoundingClientRect() : null;
  }

  function fly(motion, from) {
    let toPlace = motion.to;
    if (toPlace.startsWith("melds-of-")) {
      const player = Number(toPlace.slice(9));
      const view = playing ? playing.steps[playing.at].view : data().view;
      const seat = view.seats.find((s) => s.player === player);
      toPlace = seat && seat.side === view.my_side ? "meld-area" : `side-${seat ? seat.side : 0}`;
    }
    const to = placeRect(toPlace);
    from = from || placeRect(motion.from);
    if (!from || !to || !root.animate) return;
    const card = h("span", { class: "bt-flying", "aria-hidden": "true" },
      motion.card ? cardFace(cardParts(motion.card)) : cardBack());
    document.body.append(card);
    const x0 = from.left + from.width / 2 - 22, y0 = from.top + from.height / 2 - 31;
    const x1 = to.left + to.width / 2 - 22, y1 = to.top + to.height / 2 - 31;
    const duration = Math.max(150, PACE_MS[pace()] * 0.6);
    const animation = card.animate([{ transform: `translate(${x0}px, ${y0}px)` }, { transform: `translate(${x1}px, ${y1}px)` }],
                                   { duration, easing: "ease-in-out", fill: "forwards" });
    animation.onfinish = () => card.remove();
    setTimeout(() => card.remove(), duration + 200);
  }

  // --- the menu: settings, saving, the log, the score sheet -------------------------------
  function openMenu() {
    const { labels, page = {} } = data();
    const menu = page.menu || {};
    const ui = labels.ui;
    const close = h("button", { type: "button", class: "bt-control", text: ui.close, onclick: () => dialog.close() });
    const parts = [h("div", { class: "bt-dialog-head" }, h("h2", { text: ui.menu_title }), close)];
    const pickers = h("div", { class: "bt-settings" });
    for (const setting of menu.settings || []) {
      const select = h("select", { "data-setting": setting.key });
      for (const [value, text] of setting.options) {
        select.append(h("option", { value, text, selected: String(value) === String(setting.value) ? true : undefined }));
      }
      select.addEventListener("change", () => model.send({ do: "setting", key: setting.key, value: select.value }));
      pickers.append(h("label", {}, h("span", { text: setting.label }), select));
    }
    for (const number of menu.numbers || []) {
      const input = h("input", { type: "number", value: number.value, min: number.min, step: number.step || 1,
                                 "data-setting": number.key });
      input.addEventListener("change", () => model.send({ do: "setting", key: number.key, value: input.value }));
      pickers.append(h("label", {}, h("span", { text: number.label }), input));
    }
    for (const check of menu.checks || []) {
      const box = h("input", { type: "checkbox", checked: check.value ? true : undefined, "data-setting": check.key });
      box.addEventListener("change", () => model.send({ do: "setting", key: check.key, value: box.checked }));
      pickers.append(h("label", { class: "bt-check" }, box, h("span", { text: check.label })));
    }
    if (menu.room_title) parts.push(roomPart(menu));
    parts.push(pickers);
    const actions = h("div", { class: "bt-controls" },
      ...(menu.actions || []).map((a) => h("button", { type: "button", class: "bt-control", text: a.text,
                                                      onclick: () => { model.send(a.intent); if (a.close) dialog.close(); } })));
    parts.push(actions);
    if (menu.saved !== undefined) {
      const area = h("textarea", { rows: 4, "aria-label": ui.saved, placeholder: ui.saved_placeholder });
      area.value = menu.saved || "";
      parts.push(h("label", { class: "bt-saved" }, h("span", { text: ui.saved }), area),
        h("div", { class: "bt-controls" },
          h("button", { type: "button", class: "bt-control", text: ui.save, onclick: () => model.send({ do: "save" }) }),
          h("button", { type: "button", class: "bt-control", text: ui.resume,
                        onclick: () => { model.send({ do: "resume", text: area.value }); dialog.close(); } })),
        menu.saved_note ? h("p", { text: menu.saved_note }) : null);
    }
    if (menu.results_html) {
      const sheet = h("section", { class: "bt-sheet", "aria-label": ui.score_sheet });
      sheet.innerHTML = menu.results_html;
      parts.push(h("h3", { text: ui.score_sheet }), sheet);
    }
    const log = h("ol", { class: "bt-log", "aria-label": ui.log_title });
    labels.log.forEach((line, i) => {
      const why = (page.whys || {})[String(i)];
      log.append(h("li", {}, line, why ? h("details", {}, h("summary", { text: ui.why }), h("span", { text: why })) : null));
    });
    parts.push(h("h3", { text: ui.log_title }), log);
    dialog.replaceChildren(...parts.filter(Boolean));
    if (!dialog.open) dialog.showModal ? dialog.showModal() : dialog.setAttribute("open", "");
  }

  function roomPart(menu) {
    // a shared table: who sits where, and for the person who invited one link per seat (its accessible
    // name "seat 2"), to copy and send; the links are relative to this page
    const part = h("section", { class: "bt-room", "aria-label": menu.room_title }, h("h3", { text: menu.room_title }),
      h("ul", { class: "bt-room-seats" }, ...(menu.room_seats || []).map((text) => h("li", { text }))));
    if (menu.links) {
      part.append(h("p", { text: menu.links_title }), h("ul", { class: "bt-room-links" },
        ...menu.links.map((link) => h("li", {}, h("a", { href: link.href, "aria-label": link.label, target: "_blank",
                                                         rel: "noopener", text: link.label }),
          h("input", { type: "text", readonly: true, value: new URL(link.href, document.baseURI).href,
                       "aria-label": `${link.label}: ${link.state}`, onfocus: (e) => e.target.select() })))));
    }
    if (menu.own_link) {
      part.append(h("p", {}, h("a", { href: menu.own_link.href, text: menu.own_link.label })));
    }
    return part;
  }

  function changed() {
    const steps = (data().page || {}).steps || [];
    // the page's language at once, before any computer's steps are shown (they may take seconds)
    const language = (data().page || {}).language;
    if (language) document.documentElement.setAttribute("lang", language);
    const roomMenu = ((data().page || {}).menu || {});
    if (dialog.open && roomMenu.room_title) dialog.querySelector(".bt-room")?.replaceWith(roomPart(roomMenu)); // who sits where, now
    if (dialog.open && (data().page || {}).menu) {
      const saved = dialog.querySelector(".bt-saved textarea");
      if (saved && (data().page.menu.saved || "") !== saved.value && data().page.menu.saved) saved.value = data().page.menu.saved;
    }
    if (steps.length) startPlaying(steps);
    else {
      if (playing) finishPlaying();
      else draw();
      const message = (data().page || {}).message;
      if (message && message.lines.length) live.textContent = message.lines.join(" ");
    }
  }

  model.on("change:table", changed);
  const resize = () => fit();
  window.addEventListener("resize", resize);
  changed();
  // drawn before it was in the document (a page built ahead, a seat page put in the play page's box): its
  // height is fitted to the window again once it is there
  const attached = () => (el.isConnected ? fit() : requestAnimationFrame(attached));
  requestAnimationFrame(attached);
  if ((data().page || {}).open_menu) {
    // the inviter's page has just become seat 1: show the seats' links at once, once it is in the document
    const opened = () => (el.isConnected ? openMenu() : requestAnimationFrame(opened));
    requestAnimationFrame(opened);
  }
  return () => {
    window.removeEventListener("resize", resize);
    root.remove();
  };
}

export default { render };
