// The menu (☰): the page's settings, its actions, saving and resuming, the score sheet, a shared room's
// seats and links, and the game's log in words. The log is asked for when the menu opens and is then sent
// the new events as they come; nothing of it travels with a move while the menu is shut.

import { h, setAttr, setText, sync } from "./dom.js";
import { blocks } from "./sheet.js";

export function makeMenu(T) {
  const dialog = h("dialog", { class: "bt-dialog" });
  const title = h("h2");
  const close = h("button", { type: "button", class: "bt-control" });
  const room = h("section", { class: "bt-room" });
  const settings = h("div", { class: "bt-settings" });
  const actions = h("div", { class: "bt-controls" });
  const saved = h("div", { class: "bt-saved-part" });
  const sheetTitle = h("h3");
  const sheet = h("section", { class: "bt-sheet" });
  const logTitle = h("h3");
  const log = h("ol", { class: "bt-log" });
  let area = null;
  let lines = [];
  dialog.append(h("div", { class: "bt-dialog-head" }, title, close), room, settings, actions, saved, sheetTitle, sheet, logTitle, log);
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => T.send({ do: "log", open: false }, true));

  function open() {
    lines = []; // the log as it is now comes when asked for: none of an older one meanwhile
    log.replaceChildren();
    draw();
    if (!dialog.open) dialog.showModal ? dialog.showModal() : dialog.setAttribute("open", "");
    T.send({ do: "log", open: true }, true);
  }

  function draw() {
    const menu = T.menu;
    const ui = T.labels;
    setText(title, ui.menu_title);
    setText(close, ui.close);
    drawRoom(menu.room);
    const fields = [
      ...(menu.settings || []).map((s) => ({ ...s, kind: "select" })),
      ...(menu.numbers || []).map((s) => ({ ...s, kind: "number" })),
      ...(menu.checks || []).map((s) => ({ ...s, kind: "check" })),
    ];
    sync(settings, fields, (f) => `${f.kind}:${f.key}`, makeField, drawField);
    sync(actions, menu.actions || [], (a) => JSON.stringify(a.intent), () => h("button", { type: "button", class: "bt-control" }),
      (button, a) => {
        setText(button, a.text);
        button._action = a;
      });
    drawSaved(menu, ui);
    sheetTitle.hidden = sheet.hidden = !menu.results;
    setText(sheetTitle, ui.score_sheet);
    setAttr(sheet, "aria-label", ui.score_sheet);
    sheet.replaceChildren(...blocks(menu.results ? [menu.results] : []));
    setText(logTitle, ui.log_title);
    setAttr(log, "aria-label", ui.log_title);
  }

  actions.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button || !button._action) return;
    T.send(button._action.intent);
    if (button._action.close) dialog.close();
  });

  function makeField(f) {
    if (f.kind === "check") {
      const box = h("input", { type: "checkbox", "data-setting": f.key });
      box.addEventListener("change", () => T.send({ do: "setting", key: f.key, value: box.checked }));
      return h("label", { class: "bt-check" }, box, h("span"));
    }
    const input = f.kind === "select" ? h("select", { "data-setting": f.key })
      : h("input", { type: "number", "data-setting": f.key });
    input.addEventListener("change", () => T.send({ do: "setting", key: f.key, value: input.value }));
    return h("label", {}, h("span"), input);
  }

  function drawField(label, f) {
    if (f.kind === "check") {
      label.firstChild.checked = !!f.value;
      return setText(label.lastChild, f.label);
    }
    setText(label.firstChild, f.label);
    const input = label.lastChild;
    if (f.kind === "select") {
      sync(input, f.options, ([value]) => value, ([value]) => h("option", { value }), (option, [, text]) => setText(option, text));
      if (input.value !== String(f.value)) input.value = String(f.value);
    } else {
      setAttr(input, "min", f.min);
      setAttr(input, "step", f.step || 1);
      if (document.activeElement !== input) input.value = f.value;
    }
  }

  function drawSaved(menu, ui) {
    if (menu.saved === undefined) return saved.replaceChildren();
    if (!area) {
      area = h("textarea", { rows: 4 });
      const save = h("button", { type: "button", class: "bt-control" });
      const resume = h("button", { type: "button", class: "bt-control" });
      save.addEventListener("click", () => T.send({ do: "save" }));
      resume.addEventListener("click", () => {
        T.send({ do: "resume", text: area.value });
        dialog.close();
      });
      saved.replaceChildren(h("label", { class: "bt-saved" }, h("span"), area), h("div", { class: "bt-controls" }, save, resume),
        h("p", { class: "bt-saved-note" }));
      area._shown = undefined;
    }
    const [label, buttons, note] = saved.children;
    setText(label.firstChild, ui.saved);
    setAttr(area, "aria-label", ui.saved);
    setAttr(area, "placeholder", ui.saved_placeholder);
    setText(buttons.children[0], ui.save);
    setText(buttons.children[1], ui.resume);
    if (menu.saved && menu.saved !== area._shown) area.value = menu.saved; // what was saved, once: then the learner's
    area._shown = menu.saved;
    setText(note, menu.saved_note || "");
  }

  // a shared table: who sits where, and for the person who invited one link per seat to copy and send
  function drawRoom(part) {
    room.hidden = !part;
    if (!part) return;
    setAttr(room, "aria-label", part.title);
    const children = [h("h3", { text: part.title }), h("ul", { class: "bt-room-seats" }, ...part.seats.map((text) => h("li", { text })))];
    const linkList = (title, links, css) => [h("p", { text: title }), h("ul", { class: `bt-room-links ${css}` },
      ...links.map((link) => h("li", {}, h("a", { href: link.href, "aria-label": link.label, target: "_blank", rel: "noopener", text: link.label }),
        h("input", { type: "text", readonly: true, value: new URL(link.href, document.baseURI).href, "aria-label": `${link.label}: ${link.state}` }))))];
    if (part.links) children.push(...linkList(part.links_title, part.links, "bt-seat-links"));
    if (part.own_link) children.push(h("p", {}, h("a", { href: part.own_link.href, text: part.own_link.label })));
    if (part.watch_links && part.watch_links.length) children.push(...linkList(part.watch_title, part.watch_links, "bt-watch-links"));
    room.replaceChildren(...children);
  }
  room.addEventListener("focusin", (event) => {
    if (event.target.tagName === "INPUT") event.target.select();
  });

  // the log: whole when asked for, then its new lines; each line with its "why?" when the page may say it
  function heard(content) {
    if (!content.log) return;
    lines = [...lines.slice(0, content.log.from), ...content.log.lines];
    sync(log, lines, (_line, i) => i, () => h("li"), (li, line) => {
      if (li._text === line.text && li._why === line.why) return;
      li._text = line.text;
      li._why = line.why;
      const why = line.why ? h("details", {}, h("summary", { text: T.labels.why }), h("span", { text: line.why })) : null;
      li.replaceChildren(line.text, ...(why ? [why] : []));
    });
  }

  return { dialog, open, draw, heard };
}
