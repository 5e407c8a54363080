// The felt: the other seats, the stock and the pile, each side's melds, and the score strip above. Every
// part is keyed (a seat by player, a side by number, a meld by its number, a meld's card by its place), so
// a move redraws only what it changed. Taps are read by the table (table.js) from data-place.

import { cardBack, cardFace, cardMini, cardParts } from "../card_face.js";
import { h, numbered, setAttr, setClass, setText, sync } from "./dom.js";

function minis(fan, codes) {
  sync(fan, codes, (code, i) => `${i}:${code}`, (code) => h("span", { class: "bt-mini" }, cardMini(cardParts(code))),
       () => {});
}

export function makeScores() {
  const node = h("div", { class: "bt-scores", role: "group" });
  const sides = h("span", { class: "bt-score-sides" });
  const number = h("span", { class: "bt-hand-number" });
  node.append(sides, number);
  function draw(scores) {
    setAttr(node, "aria-label", scores.label);
    sync(sides, scores.sides || [], (_side, i) => i, () => h("span", { class: "bt-score" }, h("b"), h("span")), (span, side) => {
      setClass(span, "bt-mine", side.mine);
      setText(span.firstChild, side.who);
      setText(span.lastChild, ` ${side.score} · ${side.minimum}`);
    });
    setText(number, scores.hand_number);
  }
  return { node, draw };
}

export function makeSeats() {
  const node = h("div", { class: "bt-seats" });
  function draw(seats) {
    const items = numbered(seats).map((key) => seats[key]);
    sync(node, items, (seat) => seat.player, (seat) => h("div", { class: "bt-seat", role: "group", "data-place": `seat-${seat.player}` },
      h("span", { class: "bt-backs", "aria-hidden": "true" }), h("span", { class: "bt-seat-name" }), h("span", { class: "bt-count" })),
    (box, seat) => {
      setClass(box, "bt-to-move", seat.to_move);
      setClass(box, "bt-partner", seat.partner);
      setClass(box, "bt-resting", seat.resting);
      setAttr(box, "aria-label", `${seat.name}: ${seat.state}`);
      const [backs, name, count] = box.children;
      if (seat.open) { // every hand open (the watch-a-game page): the cards face up, named for a screen reader
        setClass(backs, "bt-open-hand", true);
        backs.classList.add("bt-fan");
        setAttr(backs, "role", "img");
        setAttr(backs, "aria-hidden", null);
        setAttr(backs, "aria-label", seat.open.said);
        minis(backs, seat.open.cards);
      } else {
        const shown = Math.min(seat.cards, 5);
        sync(backs, Array.from({ length: shown }, (_, i) => i), (i) => i, () => h("span", { class: "bt-back" }, cardBack()), () => {});
      }
      setText(name, seat.name);
      setText(count, String(seat.cards));
    });
  }
  return { node, draw };
}

export function makeCentre() {
  const stockBadge = h("span", { class: "bt-badge" });
  const stock = h("button", { type: "button", class: "bt-stock", "data-place": "stock" },
    h("span", { class: "bt-pile-card" }, cardBack()), stockBadge);
  const pileCard = h("span", { class: "bt-pile-card" });
  const pileBadge = h("span", { class: "bt-badge" });
  const mark = h("span", { class: "bt-blocked-mark", "aria-hidden": "true", hidden: true });
  const pile = h("button", { type: "button", class: "bt-pile", "data-place": "pile" }, pileCard, pileBadge, mark);
  const note = h("p", { class: "bt-pile-note" });
  // the note has a place of its own beside the pile, so the stock and the pile never move when it changes
  const node = h("div", { class: "bt-middle" }, h("div", { class: "bt-piles" }, stock, pile), note);
  let top = undefined;
  function draw(centre, labels) {
    setAttr(stock, "aria-label", centre.stock.name);
    setAttr(stock, "disabled", centre.stock.count ? null : true);
    setText(stockBadge, centre.stock.count);
    const p = centre.pile;
    if (p.top !== top) {
      top = p.top;
      pileCard.replaceChildren(p.top ? cardFace(cardParts(p.top)) : cardBack());
    }
    setAttr(pile, "aria-label", p.name);
    setAttr(pile, "title", centre.note || p.name);
    setClass(pile, "bt-blocked", p.blocked || p.frozen);
    setClass(pile, "bt-empty-pile", !p.top);
    setText(pileBadge, p.size);
    mark.hidden = !(p.blocked || p.frozen);
    setClass(mark, "bt-frozen-mark", !p.blocked && p.frozen);
    setText(mark, p.blocked ? labels.blocked : p.frozen ? labels.frozen : "");
    setText(note, centre.note);
  }
  return { node, draw, stock, pile };
}

// one side's melds; the seat's own side has the meld area ("+") where a new meld is laid
function makeSide(side) {
  const head = h("div", { class: "bt-side-head" }, h("span", { class: "bt-side-owner" }), h("span", { class: "bt-reds" }));
  const list = h("div", { class: "bt-melds" });
  const empty = h("span", { class: "bt-empty" });
  const area = h("section", { class: "bt-side" }, head, list, empty);
  if (side.mine) {
    head.append(h("button", { type: "button", class: "bt-meld-area", "data-place": "meld-area", text: "+" }));
  }
  return area;
}

function drawSide(area, side) {
  setClass(area, "bt-mine", side.mine);
  setAttr(area, "aria-label", side.owner);
  setAttr(area, "data-place", side.mine ? "meld-area" : `side-${side.side}`);
  const [head, list, empty] = area.children;
  setText(head.children[0], side.owner);
  setText(head.children[1], side.red_threes);
  head.children[1].hidden = !side.red_threes;
  const plus = head.querySelector(".bt-meld-area");
  if (plus) setAttr(plus, "aria-label", side.meld_area);
  const melds = numbered(side.melds).map((key) => side.melds[key]);
  sync(list, melds, (meld) => meld.number, (meld) => h("button", { type: "button", class: "bt-meld" },
    h("span", { class: "bt-meld-number", text: String(meld.number) }), h("span", { class: "bt-fan", "aria-hidden": "true" }),
    h("span", { class: "bt-meld-label" })), (button, meld) => {
    const place = side.mine ? `meld-${meld.number}` : `their-meld-${side.side}-${meld.number}`;
    setAttr(button, "data-place", place);
    setAttr(button, "data-side", side.side);
    setAttr(button, "data-meld", meld.number);
    setAttr(button, "aria-label", meld.label);
    setAttr(button, "title", meld.title);
    setClass(button, "bt-complete", meld.complete);
    minis(button.children[1], meld.cards);
    setText(button.children[2], meld.caption);
  });
  setText(empty, melds.length ? "" : side.empty);
  empty.hidden = melds.length > 0;
}

export function makeSides() {
  const theirs = h("div", { class: "bt-their-sides" });
  const mine = h("div", { class: "bt-my-sides" });
  function draw(sides) {
    const all = numbered(sides).map((key) => sides[key]);
    for (const [box, wanted] of [[theirs, all.filter((s) => !s.mine)], [mine, all.filter((s) => s.mine)]]) {
      sync(box, wanted, (side) => `${side.side}:${side.mine}`, makeSide, drawSide);
    }
  }
  return { theirs, mine, draw };
}
