// Text laid out as the Python side describes it in data (the end of a hand, the score sheet): headings,
// paragraphs, tables and lists, every word set as text, never as markup.

import { h } from "./dom.js";

export function blocks(list) {
  return (list || []).map(block);
}

function block(b) {
  const css = b.class || undefined;
  if ("h" in b) return h("h3", { class: css, text: b.h });
  if ("h4" in b) return h("h4", { class: css, text: b.h4 });
  if ("p" in b) return h("p", { class: css, text: b.p });
  if ("b" in b) return h("p", { class: css }, h("b", { text: b.b }));
  if ("ol" in b) return h("ol", { class: css }, ...b.ol.map((text) => h("li", { text })));
  if ("div" in b) return h("div", { class: css }, ...blocks(b.div));
  if ("table" in b) {
    const t = b.table;
    const table = h("table", { class: t.class || undefined });
    if (t.head.length) table.append(h("tr", {}, ...t.head.map((text) => h("th", { scope: "col", text }))));
    for (const row of t.rows) table.append(h("tr", {}, ...row.map((text) => h("td", { text }))));
    return table;
  }
  return h("div");
}
