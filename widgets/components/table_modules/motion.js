// The motion of moves the page did not make (the computers' turns, a replay's steps): each step drawn in
// turn at the learner's pace, with a card flying from where it left to where it went, before the table as
// it stands now. Each step is a patch of the parts the page showed before it (dom.js's patched).

import { cardBack, cardFace, cardParts } from "../card_face.js";
import { h, patched } from "./dom.js";

export const PACE_MS = { slow: 1400, normal: 800, fast: 350, instant: 0 };

export function makeMotion(T) {
  let timer = null;

  function pace() {
    return PACE_MS[T.chrome.pace || "normal"] ?? PACE_MS.normal;
  }

  // steps from ``before`` (the parts as the page showed them); the table as it is now comes after
  function start(steps, before) {
    stop();
    if (steps.length) T.recent = steps.map((s) => s.said);
    if (!steps.length || pace() === 0 || !steps[0].patch) {
      if (steps.length) T.live(steps.map((s) => s.said).join(". "));
      T.drawAll();
      return;
    }
    T.selected = new Set(); // the learner's choice belonged to the hand before these moves
    T.playing = { steps, at: 0, parts: before, said: "" };
    show();
  }

  function show() {
    const playing = T.playing;
    const step = playing.steps[playing.at];
    const from = rect(step.motion && step.motion.from);
    playing.parts = patched(playing.parts, step.patch);
    playing.said = step.said;
    T.drawAll();
    T.live(step.said);
    if (step.motion) fly(step.motion, from, playing.parts);
    timer = setTimeout(() => {
      if (!T.playing) return;
      playing.at += 1;
      if (playing.at >= playing.steps.length) finish();
      else show();
    }, pace());
  }

  function stop() {
    clearTimeout(timer);
    T.playing = null;
  }

  function finish() {
    if (!T.playing) return;
    stop();
    T.drawAll();
    const said = T.message;
    if (said && said.lines.length) T.live(said.lines.join(" "));
  }

  function rect(place) {
    if (!place) return null;
    let node = T.root.querySelector(`[data-place="${place}"]`);
    if (!node && place.startsWith("melds-of-")) node = T.root.querySelector(".bt-side");
    return node ? node.getBoundingClientRect() : null;
  }

  function fly(motion, from, parts) {
    let place = motion.to;
    if (place.startsWith("melds-of-")) {
      const player = String(place.slice(9));
      const seat = (parts.seats || {})[player];
      const side = seat ? seat.side : parts.turn.my_side;
      place = side === parts.turn.my_side ? "meld-area" : `side-${side}`;
    }
    const to = rect(place);
    from = from || rect(motion.from);
    if (!from || !to || !T.root.animate) return;
    const card = h("span", { class: "bt-flying", "aria-hidden": "true" }, motion.card ? cardFace(cardParts(motion.card)) : cardBack());
    document.body.append(card);
    const x0 = from.left + from.width / 2 - 22, y0 = from.top + from.height / 2 - 31;
    const x1 = to.left + to.width / 2 - 22, y1 = to.top + to.height / 2 - 31;
    const duration = Math.max(150, pace() * 0.6);
    const animation = card.animate([{ transform: `translate(${x0}px, ${y0}px)` }, { transform: `translate(${x1}px, ${y1}px)` }],
                                   { duration, easing: "ease-in-out", fill: "forwards" });
    animation.onfinish = () => card.remove();
    setTimeout(() => card.remove(), duration + 200);
  }

  return { start, finish, stop };
}
