// Keeps the page's lang attribute on the language the learner chose, so a screen reader
// speaks the page in it; draws nothing.
export default {
  render({ model, el }) {
    el.hidden = true;
    const apply = () => {
      document.documentElement.lang = model.get("language");
    };
    apply();
    model.on("change:language", apply);
  },
};
