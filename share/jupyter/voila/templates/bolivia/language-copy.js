// The English copy of a page that exists in every language (a lesson, the index, the glossary: their
// copies are in a folder each, da/index.ipynb) sends a reader who asked for another language to that
// copy before anything is drawn. The language asked for: the one in the address (?lang=da; ?lang=en
// stays), else the one the reader last chose on this site (every copy and every language picker
// remembers its language in the browser's local storage, widgets/language.js: the pages' links open
// in a new tab, so the tab's session would not keep it), else the browser's languages, else English:
// the order of page_language in widgets/language.py, with the reader's choice kept.
// The languages and their aliases are bolivia_core.messages' LANGUAGES and _ALIASES.
(function () {
  var LANGUAGES = ["en", "sv", "da", "nb", "pl", "cs"];
  var ALIASES = { no: "nb", nn: "nb", se: "sv", dk: "da", cz: "cs" };
  var KEY = "bolivia-language";
  function normalise(tag) {
    var key = String(tag || "").trim().replace(/_/g, "-").split("-")[0].toLowerCase();
    key = ALIASES[key] || key;
    return LANGUAGES.indexOf(key) >= 0 ? key : null;
  }
  function remembered() {
    try {
      return window.localStorage.getItem(KEY);
    } catch (e) {
      return null; // storage refused (a private window's settings): the browser's languages decide
    }
  }
  function remember(language) {
    try {
      window.localStorage.setItem(KEY, language);
    } catch (e) {
      // nothing to keep it in: the next page asks the browser again
    }
  }
  var here = (document.currentScript && document.currentScript.getAttribute("data-language")) || "en";
  var query = new URLSearchParams(location.search);
  var wanted = query.has("lang") ? [query.get("lang")] : [remembered()].concat(navigator.languages || [navigator.language]);
  var chosen = here;
  for (var i = 0; i < wanted.length; i++) {
    if (normalise(wanted[i])) {
      chosen = normalise(wanted[i]);
      break;
    }
  }
  if (here !== "en" || chosen === "en") {
    remember(here);
    document.documentElement.lang = here; // from the first paint, not only once the page's widgets run
    return;
  }
  query.delete("lang"); // the copy's folder says its language
  var rest = query.toString();
  var name = location.pathname.split("/").pop();
  location.replace(chosen + "/" + name + (rest ? "?" + rest : "") + location.hash);
})();
