// Keeps the page's lang attribute on the language the learner chose, so a screen reader
// speaks the page in it, and remembers a choice in the browser: the English copy of a lesson reached
// next sends the reader to the copy in that language (the Voila template's language-copy.js); draws
// nothing. Only a choice is remembered: the language picker, or ?lang= in a dashboard's address. A page
// that merely draws late must not overwrite what the reader chose meanwhile in another tab, and a
// lesson's copy has remembered its language at its first paint already.
export default {
  render({ model, el }) {
    el.hidden = true;
    const remember = () => {
      try {
        window.localStorage.setItem("bolivia-language", model.get("language"));
      } catch (e) {
        // no storage: the next page asks the address and the browser only
      }
    };
    const apply = () => {
      document.documentElement.lang = model.get("language");
    };
    apply();
    const copy = document.querySelector("script[data-language]") !== null;
    if (!copy && new URLSearchParams(location.search).has("lang")) {
      remember();
    }
    model.on("change:language", () => {
      apply();
      remember();
    });
  },
};
