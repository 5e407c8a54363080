// The moves: what a tap on a place means (an intent sent to Python, which turns it into the engine's
// action), the message area beside the hand, the buttons of the moves that have their own, the moves a
// place offers, and an initial meld staged group by group. Staging happens here at once; the engine's
// judgement of the groups (is each a meld, how many points of the side's minimum) follows from Python.

import { cardMini, cardParts } from "../card_face.js";
import { h, setAttr, setClass, setText, sync } from "./dom.js";
import { cardKeys } from "./hand.js";

export function makeMoves(T) {
  const message = h("div", { class: "bt-message" });
  const controls = h("div", { class: "bt-controls", role: "group" });
  const offers = h("div", { class: "bt-offers", role: "group", hidden: true });
  const groups = h("div", { class: "bt-staged-groups" });
  const total = h("p", { class: "bt-staged-total" });
  const meter = h("meter", { min: 0, max: 1, value: 0, "aria-hidden": "true" });
  const lay = h("button", { type: "button", class: "bt-control bt-primary" });
  const back = h("button", { type: "button", class: "bt-control" });
  const staging = h("section", { class: "bt-staging", hidden: true }, groups, total, meter,
    h("div", { class: "bt-controls" }, lay, back));
  const recent = h("details", { class: "bt-recent" }, h("summary"), h("ol"));
  const why = h("details", { class: "bt-why" }, h("summary"), h("ul")); // the coach's numbers behind its word
  let refused = null; // the place marked as refused, named by the message

  // --- what a tap on each place means ------------------------------------------------------
  function tap(place, target) {
    const turn = T.parts.turn;
    const cards = T.hand.chosen();
    if (place === "stock") return T.send({ do: "draw", where: "stock" });
    if (place === "pile") {
      if (cards.length === 1) return T.send({ do: "discard", card: cards[0], where: "pile" });
      if (cards.length && turn.phase === "draw") return T.send({ do: "take_pile", cards, where: "pile" });
      if (cards.length) return T.send({ do: "discard", card: null, chosen: cards.length, where: "pile" });
      return T.send({ do: "offers", place: "pile", where: "pile",
                      then: turn.phase === "draw" || !turn.my_turn ? { do: "take_pile", cards: [] } : { do: "discard", card: null } });
    }
    if (place === "meld-area") {
      const staged = stagedIndices();
      if (!cards.length && !staged.length) {
        return T.send({ do: "offers", place, where: place, then: { do: "meld", groups: [] } });
      }
      return T.send({ do: "meld", groups: [...staged, ...(cards.length ? [cards] : [])], stage: true, ask: ++T.ask, where: place });
    }
    if (place.startsWith("their-meld-")) {
      return T.send({ do: "add", side: Number(target.dataset.side), meld: Number(target.dataset.meld), cards, where: place });
    }
    if (place.startsWith("meld-")) {
      const meld = Number(place.slice(5));
      if (turn.phase === "draw") {
        return T.send(cards.length ? { do: "take_pile", cards, meld, where: place } : { do: "take_top", meld, where: place });
      }
      if (!cards.length) return T.send({ do: "offers", place, where: place, then: { do: "add", meld, cards: [] } });
      return T.send({ do: "add", meld, cards, where: place });
    }
  }

  // --- an initial meld staged: the groups aside at once, the engine's verdict when it comes ----------
  function stagedIndices() {
    const keys = cardKeys(T.parts.hand.cards || []);
    return T.staged.map((group) => group.map((key) => keys.indexOf(key)).filter((i) => i >= 0));
  }

  function stage() {
    const cards = T.hand.chosen();
    if (!cards.length) return;
    const keys = cardKeys(T.parts.hand.cards || []);
    T.staged = [...T.staged, cards.map((i) => keys[i])];
    T.selected = new Set();
    T.verdict = null; // the engine's word on the new groups is on its way
    T.send({ do: "stage", groups: stagedIndices(), ask: ++T.ask }, true);
    T.drawHandAndMoves();
  }

  function unstage() {
    T.staged = [];
    T.verdict = null;
    T.send({ do: "unstage" }, true);
    T.drawHandAndMoves();
  }

  lay.addEventListener("click", () => {
    const cards = T.hand.chosen();
    T.send({ do: "meld", groups: [...stagedIndices(), ...(cards.length ? [cards] : [])], where: "meld-area" });
  });
  back.addEventListener("click", unstage);

  function drawStaging() {
    const labels = T.labels;
    const verdict = T.verdict;
    const codes = T.parts.hand.cards || [];
    const keys = cardKeys(codes);
    staging.hidden = !T.staged.length;
    sync(groups, T.staged, (group) => group.join(" "), () => h("div", { class: "bt-meld bt-staged-group", role: "img" },
      h("span", { class: "bt-fan", "aria-hidden": "true" })), (node, group) => {
      const indices = group.map((key) => keys.indexOf(key)).filter((i) => i >= 0);
      setAttr(node, "aria-label", indices.map((i) => T.parts.hand.names[i]).join(", "));
      sync(node.firstChild, indices, (i) => keys[i], (i) => h("span", { class: "bt-mini" }, cardMini(cardParts(codes[i]))), () => {});
    });
    const said = verdict ? verdict.said : labels.checking;
    setText(total, said);
    setAttr(staging, "aria-label", said);
    setClass(staging, "bt-enough", !!(verdict && verdict.enough));
    setAttr(meter, "max", verdict ? verdict.minimum : 1);
    setAttr(meter, "value", verdict ? Math.min(verdict.points, verdict.minimum) : 0);
    setText(lay, labels.lay_staged);
    setText(back, labels.take_back);
  }

  // --- the buttons beside the hand ------------------------------------------------------------
  function drawControls() {
    const turn = T.parts.turn;
    const chrome = T.chrome;
    const items = [...(turn.controls || [])];
    if (turn.phase === "play" && turn.my_turn && T.selected.size) {
      items.push({ text: T.labels.stage, stage: true });
    }
    items.push(...(chrome.controls || []));
    setAttr(controls, "aria-label", T.labels.moves);
    sync(controls, items, (c) => (c.stage ? "stage" : JSON.stringify(c.intent)), () => h("button", { type: "button", class: "bt-control" }),
      (button, c) => {
        setText(button, c.text);
        setClass(button, "bt-primary", !!c.primary);
        button._intent = c.stage ? null : c.intent;
      });
  }

  controls.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button._intent) T.send(button._intent);
    else stage();
  });

  // --- the moves a place offers ---------------------------------------------------------------
  function offer(found) {
    offers.replaceChildren(h("p", { text: found.title }),
      ...found.moves.map((move) => {
        const button = h("button", { type: "button", class: "bt-control", text: move.words });
        button.addEventListener("click", () => {
          offers.hidden = true;
          T.send({ do: "move", move: move.move, where: found.place });
        });
        return button;
      }));
    setAttr(offers, "aria-label", found.title);
    offers.hidden = false;
    offers.querySelector("button")?.focus();
  }
  offers.addEventListener("keydown", (event) => {
    if (event.key === "Escape") offers.hidden = true;
  });

  // --- the message area: a refusal by the place tapped, news, the coach, or whose turn it is --------
  function drawMessage() {
    const said = T.message;
    const turn = T.parts.turn;
    let kind = "";
    let lines;
    if (T.playing) {
      lines = [T.playing.said];
    } else if (said && said.lines.length) {
      kind = said.kind;
      lines = said.lines;
    } else if (T.selected.size && turn.my_turn) {
      lines = [T.labels.chosen.replace("{count}", String(T.selected.size))];
    } else {
      lines = [turn.line || ""];
    }
    message.className = `bt-message${kind ? ` bt-${kind}` : ""}`;
    setAttr(message, "role", kind === "refusal" ? "alert" : kind ? "note" : null);
    setAttr(message, "aria-busy", kind === "thinking" ? "true" : null);
    const shown = lines.map((text, i) => ({ text, i }));
    const reasons = !T.playing && said && said.why && said.why.length ? said.why : null;
    sync(message, [...shown, ...(reasons ? ["why"] : []), ...(T.playing ? ["skip"] : []), ...(showRecent() ? ["recent"] : [])],
      (item) => (typeof item === "string" ? item : `line-${item.i}`),
      (item) => item === "skip" ? h("button", { type: "button", class: "bt-control bt-skip" })
        : item === "recent" ? recent : item === "why" ? why : h("p"),
      (node, item) => {
        if (item === "skip") return setText(node, T.labels.skip);
        if (item === "why") {
          if (why._said !== said) why.open = false; // a new word of the coach's starts with its numbers shut
          why._said = said;
          setText(why.firstChild, T.labels.why);
          return sync(why.lastChild, reasons, (_line, i) => i, () => h("li"), (li, line) => setText(li, line));
        }
        if (item === "recent") {
          setText(recent.firstChild, T.labels.recent);
          return sync(recent.lastChild, recentLines(), (_line, i) => i, () => h("li"), (li, line) => setText(li, line));
        }
        node.className = item.i ? "bt-reason" : "bt-headline";
        setText(node, item.text);
      });
    setClass(message, "bt-with-recent", showRecent());
    // a refusal is marked on the place tapped, which names it for a screen reader
    if (refused) {
      refused.classList.remove("bt-refused");
      refused.removeAttribute("aria-describedby");
      refused = null;
    }
    if (!T.playing && said && said.kind === "refusal" && said.where) {
      const place = T.root.querySelector(`[data-place="${CSS.escape(said.where)}"]`);
      if (place) {
        message.id = message.id || `bt-refusal-${Math.random().toString(36).slice(2)}`;
        place.classList.add("bt-refused");
        place.setAttribute("aria-describedby", message.id);
        refused = place;
      }
    }
  }

  // what the others did, beside the line above where it fits, at the start of the seat's turn: the moves
  // shown last (the computers' after the learner's), or a shared table's since this seat last moved
  function recentLines() {
    return T.chrome.recent || T.recent;
  }

  function showRecent() {
    const turn = T.parts.turn;
    return !T.playing && recentLines().length > 0 && turn.my_turn && turn.phase === "draw";
  }

  message.addEventListener("click", (event) => {
    if (event.target.closest(".bt-skip")) T.finishPlaying();
  });

  return { message, controls, offers, staging, tap, offer, drawMessage, drawControls, drawStaging, stagedIndices };
}
