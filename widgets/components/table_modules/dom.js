// Small DOM helpers for the card table's modules: elements made in one call, text and attributes set
// only when they change, and keyed lists whose unchanged items keep their nodes (focus, selection and
// a running animation survive a redraw).

export function h(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

export function setText(node, text) {
  const value = text === undefined || text === null ? "" : String(text);
  if (node.textContent !== value) node.textContent = value;
}

// an attribute set, or removed for null/undefined/false; untouched when it already says so
export function setAttr(node, name, value) {
  if (value === undefined || value === null || value === false) {
    if (node.hasAttribute(name)) node.removeAttribute(name);
    return;
  }
  const text = value === true ? "" : String(value);
  if (node.getAttribute(name) !== text) node.setAttribute(name, text);
}

export function setClass(node, name, on) {
  if (node.classList.contains(name) !== !!on) node.classList.toggle(name, !!on);
}

// Make parent's children the items, in order, each node found again by its key: an item whose key was
// there keeps its node (updated in place), a new one is made, one gone is removed.
export function sync(parent, items, keyOf, make, update) {
  const old = new Map();
  for (const node of Array.from(parent.children)) {
    if (node.dataset.key !== undefined) old.set(node.dataset.key, node);
    else node.remove();
  }
  items.forEach((item, index) => {
    const key = String(keyOf(item, index));
    let node = old.get(key);
    if (node) old.delete(key);
    else {
      node = make(item, index);
      node.dataset.key = key;
    }
    update(node, item, index);
    const here = parent.children[index];
    if (here !== node) parent.insertBefore(node, here || null);
  });
  for (const node of old.values()) node.remove();
}

// A patch from Python's table_view.patch_of applied: an object merges key by key, {"=": value} replaces,
// anything else is the new value.
export function patched(old, patch) {
  if (patch === null || typeof patch !== "object" || Array.isArray(patch)) return patch;
  if (Object.prototype.hasOwnProperty.call(patch, "=")) return patch["="];
  const merged = { ...(old && typeof old === "object" && !Array.isArray(old) ? old : {}) };
  for (const [key, value] of Object.entries(patch)) merged[key] = patched(merged[key], value);
  return merged;
}

// the keys of an object keyed by number ("1", "2", "10"), in number order
export function numbered(object) {
  return Object.keys(object || {}).sort((a, b) => Number(a) - Number(b));
}
