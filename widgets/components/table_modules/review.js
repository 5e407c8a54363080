// The coach's review of the hand just ended, drawn at the end of the hand from the model's review part (sent
// once a hand): while it is made, the coach shown thinking; then at most three moments, each one sentence with
// its numbers behind "why?" and a "show me" that puts that moment back on the table as the seat saw it then.

import { h, setAttr, setText, sync } from "./dom.js";

export function makeReview(T) {
  const title = h("h4");
  const heading = h("p", { class: "bt-review-heading" });
  const moments = h("ol", { class: "bt-review-moments" });
  const node = h("section", { class: "bt-review" }, title, heading, moments);
  let shown = "";

  function draw() {
    const review = T.model.get("review") || {};
    const said = JSON.stringify(review);
    if (said === shown) return;
    shown = said;
    node.hidden = !review.title;
    setText(title, review.title);
    setAttr(node, "aria-label", review.title);
    setText(heading, review.thinking || review.heading);
    heading.className = review.thinking ? "bt-review-heading bt-thinking" : "bt-review-heading";
    setAttr(node, "aria-busy", review.thinking ? "true" : null);
    sync(moments, review.moments || [], (m) => m.index, () => h("li", {}, h("p"),
      h("details", { class: "bt-why" }, h("summary"), h("ul")),
      h("button", { type: "button", class: "bt-control bt-show-me" })), (li, m, i) => {
      const [line, why, button] = li.children;
      setText(line, m.line);
      setText(why.firstChild, T.labels.why);
      sync(why.lastChild, m.why, (_text, k) => k, () => h("li"), (item, text) => setText(item, text));
      setText(button, review.show_me);
      button._moment = i;
    });
  }

  moments.addEventListener("click", (event) => {
    const button = event.target.closest(".bt-show-me");
    if (button) T.send({ do: "show_me", moment: button._moment });
  });

  return { node, draw };
}
