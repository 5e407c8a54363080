// The seat's hand: a keyed row of card buttons (a card that stays in the hand keeps its node), chosen by
// tap, keyboard or drag with no round trip to Python. A long hand takes as many rows as it needs for every
// card to show at least HIT px of itself, so each is a target a finger can hit (44 CSS px, WCAG 2.5.5).

import { cardFace, cardParts } from "../card_face.js";
import { h, setAttr, setClass, sync } from "./dom.js";

export const HIT = 44;
const GAP = 4;
const LIFT = 12; // room above the first row for a chosen card, which is lifted

// "5H", "5H" -> "5H#0", "5H#1": a card's key in the hand, the same for as long as it stays there
export function cardKeys(codes) {
  const seen = {};
  return codes.map((code) => {
    seen[code] = (seen[code] || 0) + 1;
    return `${code}#${seen[code] - 1}`;
  });
}

export function makeHand(T) {
  const row = h("div", { class: "bt-hand", role: "group", "data-place": "hand" });
  let focusKey = null;

  function cards() {
    return Array.from(row.children).filter((node) => !node.hidden);
  }

  function draw() {
    const hand = T.parts.hand;
    const keys = cardKeys(hand.cards || []);
    const staged = new Set(T.staged.flat());
    setAttr(row, "aria-label", hand.label);
    const items = keys.map((key, index) => ({ key, index, code: hand.cards[index], name: hand.names[index] }));
    sync(row, items, (item) => item.key, (item) => {
      const button = h("button", { type: "button", class: "bx-card bt-card", "data-card": item.code });
      button.append(cardFace(cardParts(item.code)));
      return button;
    }, (button, item) => {
      setAttr(button, "aria-label", item.name);
      setAttr(button, "title", item.name);
      setAttr(button, "data-index", item.index);
      button.hidden = staged.has(item.key);
      const on = T.selected.has(item.key);
      setAttr(button, "aria-pressed", on ? "true" : "false");
      setClass(button, "bx-selected", on);
    });
    const shown = cards();
    if (!shown.some((b) => b.dataset.key === focusKey)) focusKey = shown.length ? shown[0].dataset.key : null;
    shown.forEach((b) => setAttr(b, "tabindex", b.dataset.key === focusKey ? 0 : -1));
    lay();
  }

  // each card placed: as many in a row as fit with HIT px of each in sight (the whole card and a gap when
  // there is room), the rows as even as they can be, a later row over the foot of the one before
  function lay() {
    const shown = cards();
    if (!shown.length) {
      row.style.height = "";
      return;
    }
    const width = row.clientWidth;
    if (!width) return; // not in the document yet: laid when it is (see table.js)
    const cardW = shown[0].offsetWidth || 54;
    const cardH = shown[0].offsetHeight || 76;
    const perRow = Math.max(1, Math.floor((width - cardW) / HIT) + 1);
    const rows = Math.ceil(shown.length / perRow);
    const per = Math.ceil(shown.length / rows);
    const step = per > 1 ? Math.min(cardW + GAP, (width - cardW) / (per - 1)) : 0;
    const rowStep = Math.min(cardH + GAP, HIT + 4);
    shown.forEach((button, i) => {
      const left = `${Math.round((i % per) * step)}px`;
      const top = `${LIFT + Math.floor(i / per) * rowStep}px`;
      if (button.style.left !== left) button.style.left = left;
      if (button.style.top !== top) button.style.top = top;
    });
    row.style.height = `${LIFT + (rows - 1) * rowStep + cardH + 4}px`;
    row.dataset.rows = String(rows);
  }

  function toggle(button) {
    if (T.playing) return;
    const key = button.dataset.key;
    T.selected.has(key) ? T.selected.delete(key) : T.selected.add(key);
    focusKey = key;
    const on = T.selected.has(key);
    setAttr(button, "aria-pressed", on ? "true" : "false");
    setClass(button, "bx-selected", on);
    T.chosenChanged();
  }

  row.addEventListener("click", (event) => {
    const button = event.target.closest("button.bt-card");
    if (!button || !row.contains(button)) return;
    if (button.dataset.dragged) {
      delete button.dataset.dragged;
      return;
    }
    toggle(button);
  });

  row.addEventListener("keydown", (event) => {
    const shown = cards();
    const at = shown.indexOf(document.activeElement);
    if (at < 0) return;
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: shown.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = shown[Math.max(0, Math.min(shown.length - 1, to))];
    focusKey = next.dataset.key;
    shown.forEach((b) => setAttr(b, "tabindex", b === next ? 0 : -1));
    next.focus();
  });

  // a card (or the chosen cards) dragged onto a place: the same as choosing it and tapping the place
  row.addEventListener("pointerdown", (event) => {
    const button = event.target.closest("button.bt-card");
    if (!button || T.playing || event.button > 0) return;
    const start = { x: event.clientX, y: event.clientY };
    let ghost = null;
    const move = (e) => {
      if (!ghost && Math.hypot(e.clientX - start.x, e.clientY - start.y) < 10) return;
      if (!ghost) {
        ghost = button.cloneNode(true);
        ghost.classList.add("bt-ghost");
        ghost.removeAttribute("style");
        document.body.append(ghost);
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
      if (!T.selected.has(button.dataset.key)) {
        T.selected = new Set([button.dataset.key]);
        draw();
      }
      const target = document.elementFromPoint(e.clientX, e.clientY)?.closest("[data-place]");
      if (target && T.root.contains(target)) T.tapPlace(target);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  });

  // the hand indices of the chosen cards (what an intent names), in hand order
  function chosen() {
    const keys = cardKeys(T.parts.hand.cards || []);
    return keys.map((key, index) => (T.selected.has(key) ? index : -1)).filter((index) => index >= 0);
  }

  return { node: row, draw, lay, chosen };
}
