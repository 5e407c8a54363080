// The card table: one seat's view drawn from the model's parts (hand, seats, sides, centre, scores, turn:
// each a synced trait, so a move sends only those it changed), played by tap, drag and keyboard. Every tap
// on a place becomes an intent sent to Python ({do: "draw"}, {do: "add", meld, cards}...), which answers
// with the parts that changed or a refusal; this module decides no rule: the moves it offers are the view's,
// the words are the labels'. Choosing cards and staging a meld's groups happen here at once.

import { h, setAttr, setClass, setText } from "./dom.js";
import { makeCentre, makeScores, makeSeats, makeSides } from "./felt.js";
import { cardKeys, makeHand } from "./hand.js";
import { makeMenu } from "./menu.js";
import { makeMotion } from "./motion.js";
import { makeMoves } from "./moves.js";
import { makeReview } from "./review.js";
import { blocks } from "./sheet.js";

const PARTS = ["hand", "seats", "sides", "centre", "scores", "turn"];
const TRAITS = [...PARTS, "message", "steps", "staging", "chrome", "menu", "labels", "review"];

function render({ model, el }) {
  const root = h("div", { class: "bt-table" });
  el.append(root);
  const liveRegion = h("div", { class: "bt-live", role: "status", "aria-live": "polite" });
  const T = {
    model, root,
    selected: new Set(), // the keys of the chosen cards (hand.js's cardKeys)
    staged: [], // an initial meld's groups put aside, each a list of card keys
    verdict: null, // the engine's word on the staged groups (the model's staging), once it has come
    ask: 0, // the page's last staging request, which the verdict answers
    playing: null, // {steps, at, parts, said} while moves the page did not make are shown
    recent: [], // those moves in words: shown at the start of the seat's turn
    stepsSeen: 0,
    get parts() {
      return T.playing ? T.playing.parts : modelParts();
    },
    get labels() { return model.get("labels") || {}; },
    get message() { return model.get("message"); },
    get chrome() { return model.get("chrome") || {}; },
    get menu() { return model.get("menu") || {}; },
    send: (intent) => model.send(intent),
    live: (text) => setText(liveRegion, text),
  };

  function modelParts() {
    return Object.fromEntries(PARTS.map((name) => [name, model.get(name) || {}]));
  }

  const hand = makeHand(T);
  const scores = makeScores();
  const seats = makeSeats();
  const centre = makeCentre();
  const sides = makeSides();
  T.hand = hand;
  const moves = makeMoves(T);
  const menu = makeMenu(T);
  const motion = makeMotion(T);
  const review = makeReview(T);
  review.draw(); // a page opened again at a hand's end shows its review at once
  T.finishPlaying = () => motion.finish();

  const menuButton = h("button", { type: "button", class: "bt-menu-button", text: "☰" });
  menuButton.addEventListener("click", () => menu.open());
  const top = h("div", { class: "bt-top" }, scores.node, menuButton);
  const felt = h("div", { class: "bt-felt" }, seats.node, sides.theirs, centre.node, sides.mine, moves.staging);
  const handEnd = h("section", { class: "bt-hand-end" }); // in the table while a hand's end is shown
  const meName = h("span", { class: "bt-seat-name" });
  const meLabel = h("span", { class: "bt-turn" });
  const roomLine = h("span", { class: "bt-room-line" });
  const me = h("div", { class: "bt-me" }, meName, meLabel, roomLine);
  const countText = h("p", { class: "bt-countdown-text" });
  const stay = h("button", { type: "button", class: "bt-control bt-primary bt-stay" });
  const countdown = h("div", { class: "bt-countdown", role: "alert", hidden: true }, countText, stay);
  stay.addEventListener("click", () => model.send({ do: "stay" }));
  const bottom = h("div", { class: "bt-bottom" }, countdown, moves.offers, moves.message, moves.controls, me, hand.node);
  const notice = h("div", { class: "bt-notice", hidden: true });
  root.append(top, felt, bottom, notice, liveRegion, menu.dialog);

  // --- taps on places (the hand's cards are hand.js's) ------------------------------------------
  T.tapPlace = (target) => {
    if (T.playing) return;
    moves.offers.hidden = true;
    moves.tap(target.dataset.place || "", target);
  };
  felt.addEventListener("click", (event) => {
    const target = event.target.closest("[data-place]");
    if (!target || !felt.contains(target)) return;
    const place = target.dataset.place;
    // the meld area itself, tapped beside its melds, lays a meld there too
    if (place === "meld-area" && target.tagName !== "BUTTON" && event.target !== target && !event.target.classList.contains("bt-melds")) return;
    if (place.startsWith("seat-") || place.startsWith("side-")) return;
    T.tapPlace(target);
  });
  moves.controls.addEventListener("click", (event) => {
    if (T.playing) event.stopImmediatePropagation();
  }, true);
  notice.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (button && button._intent) model.send(button._intent);
  });

  // --- drawing ------------------------------------------------------------------------------
  function drawAll() {
    const parts = T.parts;
    const chrome = T.chrome;
    const labels = T.labels;
    const seated = !chrome.notice && parts.hand.cards;
    for (const node of [top, felt, bottom]) node.hidden = !seated;
    notice.hidden = !!seated;
    if (!seated) return drawNotice();
    if (notice.firstChild) notice.replaceChildren();
    setClass(root, "bt-my-turn", !!parts.turn.my_turn);
    setClass(root, "bt-compact", !!chrome.compact);
    setClass(root, "bt-playing", !!T.playing);
    setClass(root, "bt-watching", !!chrome.watching); // a watch link's page: nobody here melds by touch
    if (chrome.version !== undefined) root.dataset.version = String(chrome.version); // a room's move number
    setAttr(menuButton, "aria-label", labels.menu);
    scores.draw(parts.scores);
    seats.draw(parts.seats);
    centre.draw(parts.centre, labels);
    sides.draw(parts.sides);
    T.drawHandAndMoves();
    setText(meName, parts.hand.name);
    setText(meLabel, parts.hand.label);
    setText(roomLine, chrome.room || "");
    roomLine.hidden = !chrome.room;
    setClass(me, "bt-to-move", !!parts.hand.to_move);
    setAttr(me, "data-place", `seat-${parts.hand.seat}`);
    drawHandEnd(chrome.hand_end);
    drawCountdown(chrome);
    keepAddress(chrome.address);
  }
  T.drawAll = drawAll;

  // a shared table's seat: the page's address is the seat's own (its key), so a reload comes back to it
  function keepAddress(address) {
    if (!address) return;
    const url = new URL(window.location.href);
    const wanted = new URLSearchParams(address);
    const language = url.searchParams.get("lang");
    if (language) wanted.set("lang", language);
    if (url.search === `?${wanted}`) return;
    url.search = wanted.toString();
    window.history.replaceState(window.history.state, "", url);
  }

  // the seat's turn waited: the seconds left before the computer plays for it, stopped by one tap
  let countdownOf = null;
  let countdownEnd = 0;
  let ticking = null;
  function drawCountdown(chrome) {
    const said = chrome.countdown;
    if (said !== countdownOf) { // a new word from the room (the seconds as the kernel counted them)
      countdownOf = said;
      countdownEnd = said ? performance.now() + said.seconds * 1000 : 0;
    }
    countdown.hidden = !said;
    if (!said) {
      clearInterval(ticking);
      ticking = null;
      return;
    }
    setText(stay, said.stay);
    tick();
    if (!ticking) ticking = setInterval(tick, 250);
  }
  function tick() {
    const said = countdownOf;
    if (!said) return;
    const left = Math.max(0, Math.ceil((countdownEnd - performance.now()) / 1000));
    setText(countText, said.text.replace("{seconds}", String(left)));
  }

  T.drawHandAndMoves = () => {
    hand.draw();
    moves.drawStaging();
    moves.drawControls();
    moves.drawMessage();
  };

  // a card chosen or put back: only the moves beside the hand change with it
  T.chosenChanged = () => {
    moves.drawControls();
    moves.drawMessage();
  };

  let handEndShown = "";
  function drawHandEnd(end) {
    const said = JSON.stringify(end || null);
    if (said === handEndShown) return;
    handEndShown = said;
    if (!end) return handEnd.remove();
    setAttr(handEnd, "aria-label", end.title);
    handEnd.replaceChildren(...blocks(end.blocks), review.node); // the coach's review after the score sheets
    if (!handEnd.isConnected) root.insertBefore(handEnd, bottom);
  }

  function drawNotice() {
    // a seat page that has no seat (yet): what the room said, and what may be done (take the seat over)
    const said = T.message || { kind: "news", lines: [] };
    const box = h("div", { class: `bt-message bt-${said.kind}`, role: said.kind === "refusal" ? "alert" : "status" },
      ...said.lines.map((line) => h("p", { class: "bt-headline", text: line })));
    const buttons = h("div", { class: "bt-controls" }, ...(T.chrome.controls || []).map((c) => {
      const button = h("button", { type: "button", class: `bt-control${c.primary ? " bt-primary" : ""}`, text: c.text });
      button._intent = c.intent;
      return button;
    }));
    notice.replaceChildren(box, buttons);
  }

  // --- the model changed: what a message from Python brought, drawn once --------------------------
  let drawn = modelParts();
  let scheduled = false;
  function changed() {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(update);
  }

  function update() {
    scheduled = false;
    const before = drawn;
    const now = modelParts();
    drawn = now;
    const was = before.hand.cards ? `${before.hand.cards.join(" ")}|${before.turn.phase}|${before.turn.to_move}` : "";
    const is = now.hand.cards ? `${now.hand.cards.join(" ")}|${now.turn.phase}|${now.turn.to_move}` : "";
    if (was !== is) {
      T.selected = new Set();
      moves.offers.hidden = true;
    }
    if ((before.hand.cards || []).join(" ") !== (now.hand.cards || []).join(" ")) {
      T.staged = [];
      T.verdict = null;
    }
    const staging = model.get("staging") || {};
    if (staging.ask && staging.ask === T.ask) {
      const keys = cardKeys(now.hand.cards || []);
      T.staged = staging.groups.map((group) => group.map((i) => keys[i]));
      T.verdict = staging;
      for (const key of T.staged.flat()) T.selected.delete(key);
    }
    const language = T.labels.language;
    if (language) document.documentElement.setAttribute("lang", language);
    if (menu.dialog.open) menu.draw();
    review.draw();
    const steps = model.get("steps") || {};
    if ((steps.n || 0) > T.stepsSeen) {
      T.stepsSeen = steps.n;
      motion.start(steps.list || [], { ...before, hand: now.hand }); // the steps start from the hand as it is now
      return;
    }
    if (!T.playing && steps.n === T.stepsSeen && steps.list && steps.list.length) {
      T.recent = steps.list.map((s) => s.said); // the same moves said again: the page's language changed
    }
    if (T.playing) motion.finish();
    else drawAll();
    const said = T.message;
    if (said && said.lines.length) T.live(said.lines.join(" "));
  }

  for (const name of TRAITS) model.on(`change:${name}`, changed);
  const custom = (content) => {
    if (content.offers) moves.offer(content.offers);
    if (content.log) menu.heard(content);
  };
  model.on("msg:custom", custom);

  // the table fills the window below where it starts, so nothing needed for a move is out of sight
  function fit() {
    if (root.classList.contains("bt-compact")) root.style.removeProperty("--bt-height");
    else {
      const at = root.getBoundingClientRect().top + window.scrollY;
      root.style.setProperty("--bt-height", `${Math.max(480, window.innerHeight - at - 4)}px`);
    }
    hand.lay();
  }
  window.addEventListener("resize", fit);

  // first drawing: the moves made before this page came (the computers who play first) are shown too
  const steps = model.get("steps") || {};
  if (steps.n && steps.list && steps.list.length) {
    T.stepsSeen = steps.n;
    motion.start(steps.list, { hand: {}, seats: {}, sides: {}, centre: {}, scores: {}, turn: {} });
  } else {
    T.stepsSeen = steps.n || 0;
    drawAll();
  }
  const language = T.labels.language;
  if (language) document.documentElement.setAttribute("lang", language);
  // drawn before it was in the document (a page built ahead, a seat page put in the play page's box): fitted
  // to the window again once it is there, and the inviter's menu opened with the seats' links
  const attached = () => {
    if (!el.isConnected) return requestAnimationFrame(attached);
    fit();
    if (T.chrome.open_menu) menu.open();
  };
  requestAnimationFrame(attached);
  return () => {
    for (const name of TRAITS) model.off(`change:${name}`, changed);
    model.off("msg:custom", custom);
    window.removeEventListener("resize", fit);
    clearInterval(ticking);
    motion.stop();
    root.remove();
  };
}

export default { render };
