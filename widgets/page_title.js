// Keeps the browser tab's title in the page's language (the notebook's own title is English);
// draws nothing.
export default {
  render({ model, el }) {
    el.hidden = true;
    const apply = () => {
      const title = model.get("title");
      if (title) document.title = title;
    };
    apply();
    model.on("change:title", apply);
  },
};
