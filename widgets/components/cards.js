// Cards drawn as SVG, each a toggle button named in words ("4 of hearts").
// Keyboard: Tab enters the row, arrow keys / Home / End move, Space or Enter selects.
// Selected cards are lifted, outlined and ticked, so the state never rests on colour alone.
// With "taps" nothing stays selected: each tap is a message (a deck to take copies of cards from).

// svgElement and cardFace come from card_face.js, put before this module by cards.py.

function render({ model, el }) {
  const row = document.createElement("div");
  row.className = "bx-row";
  row.setAttribute("role", "group");
  el.append(row);
  let focusIndex = 0;

  function buttons() {
    return Array.from(row.querySelectorAll("button.bx-card"));
  }

  function showSelection() {
    const selected = new Set(model.get("selected"));
    const taps = model.get("taps");
    buttons().forEach((button, index) => {
      const on = selected.has(index) && !taps;
      if (taps) {
        button.removeAttribute("aria-pressed");
        return;
      }
      button.setAttribute("aria-pressed", on ? "true" : "false");
      button.classList.toggle("bx-selected", on);
    });
  }

  function moveFocus(index) {
    const all = buttons();
    if (!all.length) return;
    focusIndex = Math.max(0, Math.min(all.length - 1, index));
    all.forEach((button, i) => (button.tabIndex = i === focusIndex ? 0 : -1));
    all[focusIndex].focus();
  }

  function toggle(index) {
    if (!model.get("selectable")) return;
    if (model.get("taps")) {
      model.send({ tapped: index }); // one message a tap: no state that a quick second tap could race
      return;
    }
    const selected = new Set(model.get("selected"));
    selected.has(index) ? selected.delete(index) : selected.add(index);
    model.set("selected", Array.from(selected).sort((a, b) => a - b));
    model.save_changes();
  }

  function build() {
    row.replaceChildren();
    row.setAttribute("aria-label", model.get("label"));
    row.classList.toggle("bx-four-colour", model.get("four_colour"));
    const selectable = model.get("selectable");
    model.get("cards").forEach((card, index) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "bx-card";
      button.setAttribute("aria-label", card.name);
      button.title = card.name;
      button.dataset.card = card.code;
      button.tabIndex = index === Math.min(focusIndex, model.get("cards").length - 1) ? 0 : -1;
      if (!selectable) button.setAttribute("aria-disabled", "true");
      button.append(cardFace(card));
      button.addEventListener("click", () => {
        focusIndex = index;
        toggle(index);
      });
      button.addEventListener("keydown", (event) => {
        const moves = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1,
                        Home: 0, End: model.get("cards").length - 1 };
        if (event.key in moves) {
          event.preventDefault();
          moveFocus(moves[event.key]);
        }
      });
      row.append(button);
    });
    if (!model.get("cards").length) {
      const empty = document.createElement("span");
      empty.className = "bx-empty";
      empty.textContent = model.get("empty_text");
      row.append(empty);
    }
    showSelection();
  }

  build();
  model.on("change:cards", build);
  model.on("change:four_colour", build);
  model.on("change:selectable", build);
  model.on("change:taps", build);
  model.on("change:selected", showSelection);
  return () => row.remove();
}

export default { render };
