// Keeps the page's lang attribute on the language the learner chose, so a screen reader
// speaks the page in it, and remembers it in the browser: the English copy of a lesson reached next
// sends the reader to the copy in that language (the Voila template's language-copy.js); draws nothing.
export default {
  render({ model, el }) {
    el.hidden = true;
    const apply = () => {
      document.documentElement.lang = model.get("language");
      try {
        window.localStorage.setItem("bolivia-language", model.get("language"));
      } catch (e) {
        // no storage: the next page asks the address and the browser only
      }
    };
    apply();
    model.on("change:language", apply);
  },
};
