"""Every page served cleanly (nothing fetched from another site, a closed page ends its kernel), titled and
linked in reading order."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from bolivia_core.i18n import render
from bolivia_widgets.pages import PAGES, page_title

from tests.browser.conftest import SCREENSHOTS, STDERR, kernel_ids_of

TIMEOUT = 60_000  # a cold kernel on a busy machine
ROOT = Path(__file__).resolve().parents[2]


# Every control a person uses or reads as a label: its box must lie inside the window and inside
# every box around it that hides what overflows; a label or button must not cut its own text.
CONTROLS_OUT_OF_SIGHT = """() => {
  const width = document.documentElement.clientWidth;
  const found = [];
  const selector = "button, input, select, textarea, [role=tab], .lm-TabBar-tabLabel, .widget-label, "
                   + ".widget-label-basic, label, .bx-card";
  for (const control of document.querySelectorAll(selector)) {
    const box = control.getBoundingClientRect();
    const style = getComputedStyle(control);
    if ((box.width === 0 && box.height === 0) || style.visibility === "hidden") continue;
    if (control.closest(".lm-mod-hidden, .p-mod-hidden, [hidden]")) continue;  // a tab not shown
    const name = (control.getAttribute("aria-label") || control.textContent || control.getAttribute("placeholder")
                  || control.tagName).trim().slice(0, 40);
    if (box.left < -1 || box.right > width + 1) {
      found.push(`${name}: outside the window (${Math.round(box.left)} to ${Math.round(box.right)} of ${width} px)`);
      continue;
    }
    for (let around = control.parentElement; around && around !== document.body; around = around.parentElement) {
      const overflow = getComputedStyle(around).overflowX;
      if (overflow !== "hidden" && overflow !== "clip") continue;
      const outer = around.getBoundingClientRect();
      if (box.left < outer.left - 1 || box.right > outer.right + 1) {
        found.push(`${name}: cut off by the box around it`);
        break;
      }
    }
    if (control.tagName === "INPUT" && !control.value && control.placeholder) {  // an empty box's example
      const pen = (window.boliviaMeasure ||= document.createElement("canvas").getContext("2d"));
      pen.font = style.font;
      const room = control.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (pen.measureText(control.placeholder).width > room + 1) found.push(`${name}: its placeholder is cut`);
    }
    const textual = !["INPUT", "TEXTAREA", "SELECT"].includes(control.tagName);
    if (textual && style.overflowX !== "visible" && control.scrollWidth > control.clientWidth + 1) {
      found.push(`${name}: its text is cut`);
    }
  }
  return found;
}"""
WIDE = {"width": 1280, "height": 900}
SCREENS = {"phone 390 px": {"width": 390, "height": 844}, "200% zoom": {"width": 640, "height": 450}}
TABS = {"variant_explorer.ipynb": tuple(render(f"variant:tab-{tab}", language="en") for tab in ("rules", "situation",
                                                                                                 "club"))}


NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
# What shows a tutorial's generated content has run, beyond its heading and its first output.
TUTORIAL_TEXT = {
    "variants_compared.ipynb": "Bolivia and Swedish rules: ",
    "14_canasta.ipynb": "jokers added to the packs",
}


def console_problems(page: Page) -> list[str]:
    """What the page logs to its console as an error or a warning from now on (a front-end extension that
    fails to load, a version mismatch between the widgets' Python and front-end packages, ...), as
    "type: text"; the list fills as the page runs."""
    found: list[str] = []
    page.on("console", lambda m: found.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
    return found


def settle(page: Page) -> None:
    """Wait until the page has drawn two frames: widgets lay themselves out again after a resize in
    the next animation frame, so the second one sees the new layout."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def rendering_problems(page: Page, notebook: str) -> list[str]:
    """What is missing from a page that ran: its heading, its outputs (a page with code), its widgets
    (a page that imports them) and, on a tutorial, its generated text."""
    cells = json.loads((ROOT / "notebooks" / notebook).read_text())["cells"]
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    wanted = [("a heading", page.locator("h1").first)]
    if code:
        wanted.append(("an output", page.locator(".jp-OutputArea-output").first))
    if any("from bolivia_widgets import" in source for source in code):  # a widget (not only page links)
        wanted.append(("a widget", page.locator(".jp-OutputArea-output .jupyter-widgets").first))
    if notebook in TUTORIAL_TEXT:
        text = TUTORIAL_TEXT[notebook]
        wanted.append((repr(text), page.get_by_text(re.compile(re.escape(text))).first))
    problems = []
    for what, locator in wanted:
        try:
            expect(locator).to_be_visible(timeout=TIMEOUT)
        except AssertionError:
            problems.append(f"no {what} shown")
    return problems


@pytest.fixture(scope="module")
def walk(browser, voila_url: str) -> dict[str, dict[str, Any]]:  # type: ignore[no-untyped-def]
    """Every page opened once, in reading order (then any notebook not in it): its tab's title, its links,
    every request it made to a site other than its own server (stylesheets, fonts, scripts, sockets), what
    it failed to show, the errors it raised or showed, and its controls out of sight on each small screen
    (each tab opened in turn). One load serves every check on a page: each load runs the page's kernel."""
    own = urlsplit(voila_url).netloc
    seen: dict[str, dict[str, Any]] = {}
    context = browser.new_context(viewport=WIDE)
    page = context.new_page()
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.on("pageerror", lambda error: errors.append(str(error)))
    console = console_problems(page)
    for notebook in (*PAGES, *(name for name in NOTEBOOKS if name not in PAGES)):
        requests.clear()
        errors.clear()
        console.clear()
        page.goto(f"{voila_url}/voila/render/{notebook}")
        nav = page.locator(".bolivia-page-nav, .bolivia-start-here").first
        try:
            nav.wait_for(timeout=TIMEOUT)
        except PlaywrightTimeoutError:
            pass  # a page without its links: the links test says so, the other checks still look
        page.wait_for_load_state("networkidle")
        anchors = {rel: nav.locator(f"a.bolivia-nav-{rel}") for rel in ("index", "prev", "next")}
        links = {rel: a.get_attribute("href") if a.count() else None for rel, a in anchors.items()}
        elsewhere = [url for url in requests if urlsplit(url).netloc not in (own, "")]
        missing = rendering_problems(page, notebook)
        out_of_sight = []
        for tab in TABS.get(notebook, ("",)):
            if tab:
                page.get_by_role("tab", name=tab).click()
            for screen, size in SCREENS.items():
                page.set_viewport_size(size)
                settle(page)
                where = f"{screen}{', ' + tab if tab else ''}"
                out_of_sight += [f"{where}: {problem}" for problem in page.evaluate(CONTROLS_OUT_OF_SIGHT)]
        page.set_viewport_size(WIDE)
        # Voila shows a failing cell (and anything printed to stderr) as a stderr output.
        python_errors = page.locator(f".jp-OutputArea-output[data-mime-type='{STDERR}']").all_inner_texts()
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"walk-{notebook.removesuffix('.ipynb')}.png"), full_page=True)
        seen[notebook] = {"title": page.title(), "links": links, "elsewhere": elsewhere,
                          "out of sight": sorted(set(out_of_sight)), "missing": missing,
                          "page errors": list(errors), "python errors": python_errors,
                          "console": list(console)}  # fmt: skip
    context.close()
    return seen


def test_no_page_asks_another_site_for_anything(walk: dict[str, dict[str, Any]]) -> None:
    """The pages work offline and tell no third party who opened them."""
    elsewhere = {name: seen["elsewhere"] for name, seen in walk.items() if seen["elsewhere"]}
    assert not elsewhere, f"pages asked other sites for: {elsewhere}"


def test_every_page_has_a_tab_title_and_links_to_the_index_and_the_next_page(walk: dict[str, dict[str, Any]]) -> None:
    assert walk["index.ipynb"]["title"] == "Bolivia explorer"
    assert walk["index.ipynb"]["links"]["next"] == "01_the_turn.ipynb", "the index says where to start"
    for here, following in zip(PAGES[1:], (*PAGES[2:], None), strict=True):
        seen = walk[here]
        first = json.loads((ROOT / "notebooks" / here).read_text())["cells"][0]
        # a dashboard shows its heading from a code cell, in the page's language; the tab keeps the English
        heading = page_title(here) if first["cell_type"] == "code" else first["source"][0].strip("# \n")
        assert seen["title"] == f"{heading} · Bolivia explorer", f"{here}: tab titled {seen['title']!r}"
        assert seen["links"]["index"] == "index.ipynb", f"{here} has no link back to the index"
        assert seen["links"]["next"] == following, f"{here}: next is {seen['links']['next']}, not {following}"


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_every_notebook_renders_without_error(walk: dict[str, dict[str, Any]], notebook: str) -> None:
    """Each page shows its heading, its outputs and its widgets (a tutorial its generated text), raises
    no error in the page and shows no Python error."""
    seen = walk[notebook]
    assert not seen["missing"], f"{notebook}: {'; '.join(seen['missing'])}"
    assert not seen["page errors"], f"{notebook} raised: {seen['page errors']}"
    assert not seen["python errors"], f"{notebook} shows a Python error: {seen['python errors']}"


def test_no_page_logs_an_error_or_a_warning_to_its_console(walk: dict[str, dict[str, Any]]) -> None:
    """The console stays clean on every page: no front-end extension failing to load (the server-free site's
    kernel extension is not for Voila: voila.json leaves it out) and no version-mismatch warning between
    Voila's page, its widget manager and the widgets' front end (pyproject.toml pins them to agree)."""
    logged = {name: seen["console"] for name, seen in walk.items() if seen["console"]}
    assert not logged, "\n".join(f"{name}: {'; '.join(found[:5])}" for name, found in logged.items())


def test_the_console_check_hears_errors_and_warnings(page: Page) -> None:
    """The check can fail: an error and a version warning logged by a page are heard, a plain log is not."""
    heard = console_problems(page)
    page.set_content(
        "<script>console.log('fine'); console.error('TypeError: broken');"
        " console.warn('Unsatisfied version 4.2.5 of shared singleton module x')</script>"
    )
    expect(page.locator("body")).to_be_attached()
    page.wait_for_function("() => document.readyState === 'complete'")
    assert heard == ["error: TypeError: broken", "warning: Unsatisfied version 4.2.5 of shared singleton module x"]


def test_a_page_left_ends_its_kernel_within_seconds(page: Page, voila_server: tuple[str, int]) -> None:
    """Leaving a page sends its shutdown request, which the server accepts: the kernel ends at once,
    long before idle culling could (this server culls after 15 idle seconds; the page was just used)."""
    url, pid = voila_server
    page.goto(f"{url}/voila/render/meld_checker.ipynb")
    page.locator(".bolivia-card-picker").get_by_role("button", name="clear").click(timeout=TIMEOUT)
    spades = page.get_by_role("group", name="spades: tap a card to add it")
    for _ in range(3):
        spades.get_by_role("button", name="king of spades").click()
    expect(page.locator(".bolivia-verdict")).to_contain_text("Legal")
    kernel = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
    assert kernel in kernel_ids_of(pid), "the page's kernel should be running while the page is open"
    page.goto("about:blank")
    deadline = time.monotonic() + 10
    while kernel in kernel_ids_of(pid) and time.monotonic() < deadline:
        time.sleep(0.25)
    assert kernel not in kernel_ids_of(pid), "the page's kernel was still running 10 s after the page closed"


def test_no_control_is_cut_off_or_hidden_on_a_small_screen(walk: dict[str, dict[str, Any]]) -> None:
    """At 390 px wide (a phone) and at 200% zoom (half the CSS pixels of a 1280 px window) every
    page's controls can be seen and reached; the variant explorer's tabs are each opened in turn."""
    problems = {name: seen["out of sight"] for name, seen in walk.items() if seen["out of sight"]}
    assert not problems, "\n".join(f"{name}: {'; '.join(found)}" for name, found in problems.items())


def test_a_club_value_typed_as_the_page_shows_it_is_accepted(page: Page, voila_url: str) -> None:
    """The target score typed as the rules table writes it, thousands separators and all."""
    from bolivia_core import get_rules

    page.goto(f"{voila_url}/voila/render/variant_explorer.ipynb")
    page.get_by_role("tab", name="Our club's rules").click(timeout=TIMEOUT)
    page.get_by_label("rule", exact=True).select_option(label=get_rules("bolivia").knob("target_score").description)
    expect(page.get_by_role("spinbutton", name="2 players")).to_have_value("15000")
    page.get_by_role("textbox", name="or as text").fill("2: 10,000; 3: 10,000; 4: 12,500")
    page.get_by_role("button", name="change this rule").click()
    expect(page.get_by_role("status").filter(has_text="changed")).to_be_visible()
    file_text = page.locator(".bolivia-variant-explorer textarea").last
    expect(file_text).to_have_value(re.compile(r"target_score = \{ ?2 = 10000, 3 = 10000, 4 = 12500 ?\}"))


def test_the_check_finds_controls_out_of_sight(page: Page) -> None:
    """The check can fail: a button past the window's edge, a cut label and a box too narrow for its example."""
    page.set_viewport_size({"width": 390, "height": 600})
    page.set_content(
        "<button style='margin-left: 380px'>far</button>"
        "<div class='widget-label' style='width: 30px; overflow: hidden; white-space: nowrap'>a long label</div>"
        "<input style='width: 80px' placeholder='any action, e.g. take pile with KH QS'>"
        "<input style='width: 300px' placeholder='e.g. take pile with KH QS'>"
    )
    found = page.evaluate(CONTROLS_OUT_OF_SIGHT)
    assert len(found) == 3 and found[0].startswith("far: outside the window")
    cut = "any action, e.g. take pile with KH QS: its placeholder is cut"
    assert found[1:] == ["a long label: its text is cut", cut]


def test_a_page_follows_the_systems_dark_setting(browser, voila_url: str) -> None:  # type: ignore[no-untyped-def]
    """Served in the default (light) theme, a page stays light for a reader whose system asks for light, and
    takes the dark theme's colours once the system asks for dark: the background and the text swap places.
    One load serves both: the dark theme's stylesheet follows the system's setting as it changes."""
    context = browser.new_context(viewport={"width": 1200, "height": 900}, color_scheme="light")
    try:
        page = context.new_page()
        page.goto(f"{voila_url}/voila/render/meld_checker.ipynb", timeout=TIMEOUT)
        page.locator(".bolivia-verdict").wait_for(timeout=TIMEOUT)

        def text_lighter_than_background() -> bool:
            background, text = page.evaluate(
                """() => [getComputedStyle(document.body).backgroundColor,
                          getComputedStyle(document.querySelector('h1')).color]"""
            )
            lightness = [sum(int(n) for n in re.findall(r"\d+", colour)[:3]) / 3 for colour in (background, text)]
            return lightness[0] < lightness[1]

        assert not text_lighter_than_background(), "light: dark text on a light background"
        page.emulate_media(color_scheme="dark")
        settle(page)
        assert text_lighter_than_background(), "dark: light text on a dark background"
    finally:
        context.close()
