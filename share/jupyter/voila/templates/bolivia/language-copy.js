// The English copy of a page that exists in every language (a lesson, the index, the glossary: their
// copies are in a folder each, da/index.ipynb) sends a reader who asked for another language to that
// copy before anything is drawn: the language in the address first (?lang=da), else the browser's
// languages, else English; an explicit ?lang=en stays. A reader who came here by a link of this site
// followed the site's own choice of page (the English link of a Danish lesson), so the browser's
// languages decide only on arrival from elsewhere. The same order as page_language in
// widgets/language.py; the languages and their aliases are bolivia_core.messages' LANGUAGES and _ALIASES.
(function () {
  var LANGUAGES = ["en", "sv", "da", "nb", "pl", "cs"];
  var ALIASES = { no: "nb", nn: "nb", se: "sv", dk: "da", cz: "cs" };
  function normalise(tag) {
    var key = String(tag).trim().replace(/_/g, "-").split("-")[0].toLowerCase();
    key = ALIASES[key] || key;
    return LANGUAGES.indexOf(key) >= 0 ? key : null;
  }
  function fromThisSite() {
    try {
      var before = new URL(document.referrer);
      return before.origin === location.origin && before.pathname !== location.pathname;
    } catch (e) {
      return false; // no referrer: typed, bookmarked or opened from another application
    }
  }
  var query = new URLSearchParams(location.search);
  var wanted = query.has("lang") ? [query.get("lang")] : fromThisSite() ? [] : navigator.languages || [navigator.language];
  var chosen = "en";
  for (var i = 0; i < wanted.length; i++) {
    var language = normalise(wanted[i] || "");
    if (language) {
      chosen = language;
      break;
    }
  }
  if (chosen === "en") return;
  query.delete("lang"); // the copy's folder says its language
  var rest = query.toString();
  var name = location.pathname.split("/").pop();
  location.replace(chosen + "/" + name + (rest ? "?" + rest : "") + location.hash);
})();
