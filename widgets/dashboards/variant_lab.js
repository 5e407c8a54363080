// The Variant lab's front end: draws the view Python sets (every word already in the page's language)
// and sends intents back (show a shipped study, the form's values, run, stop). Plots are SVG drawn
// here; colours come from CSS classes (variant_lab.css), series differ by dash and marker too, never by
// colour alone, and every plot has a text alternative.

const SVG = "http://www.w3.org/2000/svg";
const DASHES = ["", "6 3", "2 3", "8 3 2 3"];
const MARKS = ["circle", "square", "diamond", "triangle"];

function make(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

function svg(tag, attrs = {}, text = "") {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text) node.textContent = text;
  return node;
}

function mark(shape, x, y, series) {
  const cls = `lab-series lab-s${series}`;
  if (shape === "circle") return svg("circle", { cx: x, cy: y, r: 3.5, class: cls });
  if (shape === "square") return svg("rect", { x: x - 3.5, y: y - 3.5, width: 7, height: 7, class: cls });
  if (shape === "diamond") return svg("path", { d: `M${x} ${y - 4.5}L${x + 4.5} ${y}L${x} ${y + 4.5}L${x - 4.5} ${y}Z`, class: cls });
  return svg("path", { d: `M${x} ${y - 4.5}L${x + 4.5} ${y + 4}L${x - 4.5} ${y + 4}Z`, class: cls });
}

function legend(labels) {
  const list = make("ul", { class: "lab-legend" });
  labels.forEach((label, i) => {
    const item = make("li");
    const key = svg("svg", { width: 34, height: 12, "aria-hidden": "true" });
    key.append(svg("line", { x1: 2, y1: 6, x2: 26, y2: 6, class: `lab-line lab-s${i}`, "stroke-dasharray": DASHES[i % 4] }));
    key.append(mark(MARKS[i % 4], 28, 6, i));
    item.append(key, document.createTextNode(" " + label));
    list.append(item);
  });
  return list;
}

function plotFrame(id, title, alt) {
  const figure = make("figure", { class: "lab-plot" });
  const caption = make("figcaption", { id: `${id}-caption` }, title);
  const frame = svg("svg", { viewBox: "0 0 360 200", role: "img", "aria-labelledby": `${id}-caption ${id}-alt`, class: "lab-svg" });
  const description = make("p", { id: `${id}-alt`, class: "lab-alt" }, alt);
  figure.append(caption, frame, description);
  return { figure, frame };
}

function distribution(id, title, alt, series) {
  const { figure, frame } = plotFrame(id, title, alt);
  const left = 40, right = 352, top = 10, bottom = 172;
  const all = series.flatMap((s) => s.bins.map(([start]) => start));
  if (!all.length) return figure;
  const width = series[0].width;
  const low = Math.min(...all), high = Math.max(...all) + width;
  const peak = Math.max(...series.flatMap((s) => s.bins.map(([, share]) => share)), 0.01);
  const x = (v) => left + ((v - low) / (high - low || 1)) * (right - left);
  const y = (v) => bottom - (v / peak) * (bottom - top);
  frame.append(svg("line", { x1: left, y1: bottom, x2: right, y2: bottom, class: "lab-axis" }));
  frame.append(svg("line", { x1: left, y1: top, x2: left, y2: bottom, class: "lab-axis" }));
  for (const tick of [0, 0.5, 1]) {
    frame.append(svg("text", { x: left - 4, y: y(tick * peak) + 4, class: "lab-tick", "text-anchor": "end" },
      `${Math.round(tick * peak * 100)}%`));
  }
  const step = Math.max(1, Math.ceil((high - low) / width / 6));
  for (let v = low; v <= high; v += width * step) {
    frame.append(svg("text", { x: x(v), y: bottom + 14, class: "lab-tick", "text-anchor": "middle" }, v.toLocaleString()));
  }
  series.forEach((s, i) => {
    const points = s.bins.map(([start, share]) => [x(start + width / 2), y(share)]);
    frame.append(svg("polyline", {
      points: points.map((p) => p.join(",")).join(" "), class: `lab-line lab-s${i}`, "stroke-dasharray": DASHES[i % 4],
    }));
    for (const [px, py] of points) frame.append(mark(MARKS[i % 4], px, py, i));
  });
  figure.insertBefore(legend(series.map((s) => s.label)), figure.lastChild);
  return figure;
}

function bars(id, title, alt, rows, labels) {
  const { figure, frame } = plotFrame(id, title, alt);
  const band = 14 * labels.length + 10;
  const height = Math.max(60, rows.length * band + 30);
  frame.setAttribute("viewBox", `0 0 400 ${height}`);
  const values = rows.flatMap((r) => r.values.flatMap((v) => [v.low, v.high, 0]));
  const low = Math.min(...values, 0), high = Math.max(...values, 0);
  const left = 178, right = 390;
  const x = (v) => left + ((v - low) / (high - low || 1)) * (right - left);
  frame.append(svg("line", { x1: x(0), y1: 4, x2: x(0), y2: height - 20, class: "lab-axis" }));
  frame.append(svg("text", { x: left, y: height - 6, class: "lab-tick" }, Math.round(low).toLocaleString()));
  frame.append(svg("text", { x: right, y: height - 6, class: "lab-tick", "text-anchor": "end" }, Math.round(high).toLocaleString()));
  rows.forEach((row, r) => {
    const top = 6 + r * band;
    frame.append(svg("text", { x: left - 6, y: top + band / 2, class: "lab-name", "text-anchor": "end" }, row.short));
    row.values.forEach((v, i) => {
      const y = top + 3 + i * 14;
      const from = Math.min(x(0), x(v.value)), to = Math.max(x(0), x(v.value));
      frame.append(svg("rect", { x: from, y, width: Math.max(1, to - from), height: 9, class: `lab-bar lab-s${i}` }));
      frame.append(svg("line", { x1: x(v.low), y1: y + 4.5, x2: x(v.high), y2: y + 4.5, class: "lab-whisker" }));
      frame.append(svg("line", { x1: x(v.low), y1: y, x2: x(v.low), y2: y + 9, class: "lab-whisker" }));
      frame.append(svg("line", { x1: x(v.high), y1: y, x2: x(v.high), y2: y + 9, class: "lab-whisker" }));
    });
  });
  figure.insertBefore(legend(labels), figure.lastChild);
  return figure;
}

function render({ model, el }) {
  const root = make("div", { class: "lab" });
  el.append(root);
  const send = (message) => model.send(message);
  const formValues = () => {
    const form = root.querySelector(".lab-form");
    if (!form) return {};
    return {
      rules: [...form.querySelectorAll("input[name=lab-rules]:checked")].map((box) => box.value),
      club: form.querySelector("textarea").value,
      knob: form.querySelector("select[name=lab-knob]").value,
      values: form.querySelector("input[name=lab-values]").value,
      games: Number(form.querySelector("select[name=lab-games]").value),
    };
  };

  const draw = () => {
    const view = model.get("view");
    const L = view.labels || {};
    const focused = document.activeElement && root.contains(document.activeElement) ? document.activeElement.id : "";
    root.replaceChildren();

    const chooser = make("fieldset", { class: "lab-chooser" });
    chooser.append(make("legend", {}, L.question));
    const options = [...view.studies.map((s) => [s.id, s.question]), ["", L.own]];
    for (const [id, text] of options) {
      const label = make("label", { class: "lab-choice" });
      const input = make("input", { type: "radio", name: "lab-study", value: id, id: `lab-study-${id || "own"}` });
      input.checked = view.chosen === id;
      input.addEventListener("change", () => send(id ? { action: "show", study: id } : { action: "own" }));
      label.append(input, document.createTextNode(" " + text));
      chooser.append(label);
    }
    root.append(chooser);

    const shipped = view.studies.find((s) => s.id === view.chosen);
    if (shipped) root.append(make("p", { class: "lab-command" }, `${L.command} `), make("code", { class: "lab-code" }, shipped.command));

    if (!view.chosen) {
      const form = make("div", { class: "lab-form" });
      const rules = make("fieldset");
      rules.append(make("legend", {}, L.rules));
      for (const preset of view.presets) {
        const label = make("label", { class: "lab-choice" });
        const box = make("input", { type: "checkbox", name: "lab-rules", value: preset.name, id: `lab-rules-${preset.name}` });
        box.checked = view.form.rules.includes(preset.name);
        label.append(box, document.createTextNode(" " + preset.title));
        rules.append(label);
      }
      const club = make("label", { class: "lab-field" }, L.club);
      const area = make("textarea", { rows: 3, placeholder: L["club-placeholder"], id: "lab-club" });
      area.value = view.form.club;
      club.append(area);
      const knob = make("label", { class: "lab-field" }, L.knob + " ");
      const select = make("select", { name: "lab-knob", id: "lab-knob" });
      select.append(make("option", { value: "" }, L["no-knob"]));
      for (const knob of view.knobs) select.append(make("option", { value: knob.name }, knob.words));
      select.value = view.form.knob;
      knob.append(select);
      const values = make("label", { class: "lab-field" }, L.values + " ");
      const input = make("input", { name: "lab-values", id: "lab-values", value: view.form.values, size: 24 });
      values.append(input);
      const games = make("label", { class: "lab-field" }, L.games + " ");
      const gameSelect = make("select", { name: "lab-games", id: "lab-games" });
      for (const n of view.games) gameSelect.append(make("option", { value: n }, String(n)));
      gameSelect.value = String(view.form.games);
      games.append(gameSelect);
      const run = make("button", { type: "button", class: "lab-run", id: "lab-run" }, L.run);
      run.disabled = view.running;
      run.addEventListener("click", () => send({ action: "run", form: formValues() }));
      const stop = make("button", { type: "button", class: "lab-stop", id: "lab-stop" }, L.stop);
      stop.disabled = !view.running;
      stop.addEventListener("click", () => send({ action: "stop" }));
      form.append(rules, club, knob, values, games, make("div", { class: "lab-buttons" }));
      form.lastChild.append(run, stop);
      for (const control of form.querySelectorAll("input, select, textarea")) {
        control.addEventListener("change", () => send({ action: "form", form: formValues() }));
      }
      root.append(form);
    }

    const status = make("div", { class: "lab-status", role: "status", "aria-live": "polite" });
    if (view.progress && view.progress.total) {
      const bar = make("progress", { max: view.progress.total, value: view.progress.done, "aria-label": L.running });
      status.append(bar, document.createTextNode(" " + view.progress.text));
    }
    root.append(status);
    if (view.error) root.append(make("p", { class: "lab-error", role: "alert" }, view.error));

    const result = view.result;
    if (result) {
      root.append(make("p", { class: "lab-heading" }, result.heading));
      // what was found first, one line a difference; every measure, and those it cannot tell apart, behind
      // "all measures"
      const said = make("section", { class: "lab-differences" });
      said.append(make("h2", {}, L.differences));
      const found = make("ul", { class: "lab-found", "aria-label": L.found });
      for (const part of result.differences) {
        for (const sentence of part.clear) found.append(make("li", {}, sentence));
      }
      if (!found.children.length) found.append(make("li", {}, view.none_clear));
      said.append(found);
      const plots = make("div", { class: "lab-plots" });
      plots.append(
        distribution("lab-turns", L["turns-title"], result.turns_alt, result.turns),
        distribution("lab-score", L["score-title"], result.score_alt, result.score),
        bars("lab-sources", L["sources-title"], L["bars-alt"], result.sources, result.variants),
        bars("lab-melds", L["melds-title"], L["bars-alt"], result.melds, result.variants),
      );
      root.append(plots);
      const details = make("details", { class: "lab-table lab-all" });
      details.append(make("summary", {}, `${L["all-measures"]} (${result.measures})`));
      for (const part of result.differences) {
        if (!part.unclear.length) continue;
        details.append(make("p", { class: "lab-unclear" }, L.unclear));
        const list = make("ul", { class: "lab-unclear-list" });
        for (const name of part.unclear) list.append(make("li", {}, name));
        details.append(list);
      }
      details.append(make("p", { class: "lab-unclear" }, L.table));
      const table = make("table");
      const head = make("tr");
      head.append(make("th", { scope: "col" }, L.figure));
      for (const label of result.variants) head.append(make("th", { scope: "col" }, label));
      table.append(head);
      for (const [name, ...values] of result.table) {
        const row = make("tr");
        row.append(make("th", { scope: "row" }, name));
        for (const value of values) row.append(make("td", {}, value));
        table.append(row);
      }
      details.append(table);
      said.append(details);
      root.insertBefore(said, plots);
    }

    const honest = make("section", { class: "lab-honest" });
    honest.append(make("h2", {}, L["honest-title"]));
    for (const paragraph of view.honest) honest.append(make("p", {}, paragraph));
    root.append(honest);
    if (focused) {
      const again = root.querySelector(`#${focused}`);
      if (again) again.focus();
    }
  };
  draw();
  model.on("change:view", draw);
  return () => root.remove();
}

export default { render };
