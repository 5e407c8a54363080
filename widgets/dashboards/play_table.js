// The play table's live region: one element that stays in the page, so a screen reader hears each
// new text politely (a region replaced wholesale would be missed).

function render({ model, el }) {
  const region = document.createElement("div");
  region.className = "bolivia-announcer";
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  el.append(region);
  const show = () => {
    region.textContent = model.get("text");
  };
  show();
  model.on("change:text", show);
  return () => region.remove();
}

export default { render };
