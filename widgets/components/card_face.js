// The one drawing of a card, shared by the card row (cards.js) and the card table (table_modules/):
// an SVG face with rank and suit, or a back. An ES module; cards.py puts it before the card row's module.

const SVG = "http://www.w3.org/2000/svg";
const SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠", "": "★" };

export function svgElement(name, attributes, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) if (value !== undefined) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

// A card as drawn from its code: "10H" -> rank "10", suit "H"; "JK" -> the joker.
export function cardParts(code) {
  if (code === "JK") return { code, rank: "JK", suit: "" };
  return { code, rank: code.slice(0, -1), suit: code.slice(-1) };
}

export function cardFace(card) {
  const svg = svgElement("svg", { viewBox: "0 0 60 84", "aria-hidden": "true", focusable: "false" });
  svg.append(svgElement("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "bx-face" }));
  const ink = `bx-ink bx-suit-${card.suit || "joker"}`;
  const symbol = SYMBOL[card.suit];
  const joker = card.rank === "JK"; // a joker's corner is its star, never the notation's "JK"
  svg.append(svgElement("text", { x: 6, y: 17, class: `${ink} bx-rank` }, joker ? "★" : card.rank));
  svg.append(svgElement("text", { x: 6, y: 30, class: `${ink} bx-small` }, joker ? "" : symbol));
  svg.append(svgElement("text", { x: 30, y: 58, class: `${ink} bx-big`, "text-anchor": "middle" }, symbol));
  const tick = svgElement("g", { class: "bx-tick" });
  tick.append(svgElement("circle", { cx: 48, cy: 72, r: 8 }));
  tick.append(svgElement("path", { d: "M44 72 l3 3 l6 -7" }));
  svg.append(tick);
  return svg;
}

export function cardBack() {
  const svg = svgElement("svg", { viewBox: "0 0 60 84", "aria-hidden": "true", focusable: "false" });
  svg.append(svgElement("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "bx-back" }));
  svg.append(svgElement("rect", { x: 7, y: 7, width: 46, height: 70, rx: 3, class: "bx-back-inner" }));
  return svg;
}

// A small card for a meld's fan: the rank and suit large in the corner that stays in sight when
// cards overlap.
export function cardMini(card) {
  const svg = svgElement("svg", { viewBox: "0 0 40 56", "aria-hidden": "true", focusable: "false" });
  svg.append(svgElement("rect", { x: 1, y: 1, width: 38, height: 54, rx: 4, class: "bx-face" }));
  const ink = `bx-ink bx-suit-${card.suit || "joker"}`;
  const rank = card.rank === "JK" ? "★" : card.rank;
  const wide = rank.length > 1;
  svg.append(svgElement("text", { x: 2, y: 18, class: `${ink} bx-mini-rank${wide ? " bx-mini-rank-wide" : ""}`,
                                  textLength: wide ? 16 : undefined, lengthAdjust: wide ? "spacingAndGlyphs" : undefined }, rank));
  svg.append(svgElement("text", { x: 4, y: 36, class: `${ink} bx-mini-suit` }, card.rank === "JK" ? "" : SYMBOL[card.suit]));
  return svg;
}
