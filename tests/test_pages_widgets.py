"""The pages' widgets driven from Python in the order a browser's messages may arrive."""

from __future__ import annotations

import html
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")



def test_every_notebook_is_a_page_in_the_reading_order_with_its_title_and_links() -> None:
    import json
    from pathlib import Path

    from bolivia_widgets.pages import PAGES, page_tab_title, page_title

    notebooks = Path(__file__).resolve().parents[1] / "notebooks"
    assert sorted(PAGES) == sorted(p.name for p in notebooks.glob("*.ipynb")), "a page is missing from PAGES"
    for name in PAGES:
        notebook = json.loads((notebooks / name).read_text(encoding="utf-8"))
        first = "".join(notebook["cells"][0]["source"])
        if notebook["cells"][0]["cell_type"] == "code":  # a dashboard says its heading in the page's language
            assert f'page_heading("{name}")' in first, f"{name}: its first cell should be its heading"
            heading = page_title(name)
        else:
            heading = first.splitlines()[0].lstrip("# ")
        assert notebook["metadata"]["title"] == page_tab_title(name)
        assert heading in page_tab_title(name), f"{name}: the tab's title should say what the heading says"
        sources = ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]
        links = (f'page_links("{name}")', f'lesson_links("{name}")', f'dashboard_links("{name}")')
        expected = ("start_here()", "index_start_here()") if name == "index.ipynb" else links
        assert any(e in s for s in sources for e in expected), f"{name} lacks its links ({expected})"


def test_links_lead_from_the_index_through_every_page_in_order() -> None:
    from bolivia_widgets.pages import PAGES, page_links, start_here

    start = "href='01_the_turn.ipynb' rel='next' class='bolivia-nav-next'>Start here"
    assert start in start_here().data
    assert "href='play.ipynb' class='bolivia-nav-play'>Or learn by playing" in start_here().data
    for here, following in zip(PAGES[1:], (*PAGES[2:], None), strict=True):
        nav = page_links(here).data
        assert "href='index.ipynb' rel='index' class='bolivia-nav-index'>⌂ All pages" in nav
        if following:
            assert f"href='{following}' rel='next'" in nav
        else:
            assert "rel='next'" not in nav
    with pytest.raises(ValueError, match=r"unknown page 'nope\.ipynb'"):
        page_links("nope.ipynb")


def test_a_lesson_in_a_language_folder_links_its_own_copies_and_the_dashboards_with_the_language() -> None:
    from bolivia_core.i18n import set_language
    from bolivia_widgets.pages import page_links, start_here

    set_language("da")
    try:
        nav = page_links("glossary.ipynb", folder_language="da").data
        assert "href='index.ipynb' rel='index'" in nav  # da/index.ipynb, beside the page
        assert "href='14_canasta.ipynb' rel='prev'" in nav
        # the variants page has a Danish copy beside the glossary's, linked by its Danish title
        assert "href='variants_compared.ipynb' rel='next'" in nav
        assert "Næste: Bolivias varianter sammenlignet →" in nav
        lesson = page_links("01_the_turn.ipynb", folder_language="da").data
        assert "href='02_sides_and_partners.ipynb' rel='next'" in lesson
        assert "href='glossary.ipynb' rel='glossary'" in lesson
        assert "href='01_the_turn.ipynb'" in start_here("da").data
        assert "href='../play.ipynb?lang=da'" in start_here("da").data  # the dashboard, in Danish
    finally:
        set_language("en")


def test_a_dashboard_in_danish_links_the_danish_lessons_and_follows_the_picker() -> None:
    from bolivia_core.i18n import set_language
    from bolivia_widgets.language import LanguagePicker, page_language
    from bolivia_widgets.pages import dashboard_links

    page_language("lang=da", "")  # as Voila gives a page opened with ?lang=da
    try:
        nav = dashboard_links("variants_compared.ipynb")
        assert "href='da/glossary.ipynb' rel='prev'" in nav.value  # the lesson's Danish copy
        assert "href='play.ipynb?lang=da' rel='next'" in nav.value  # a dashboard keeps the language
        assert "href='da/index.ipynb' rel='index'" in nav.value
        LanguagePicker().value = "en"
        assert "href='glossary.ipynb' rel='prev'" in nav.value and "?lang=" not in nav.value
        assert "All pages" in nav.value
    finally:
        set_language(page_language("", ""))


def test_club_editor_offers_the_control_that_fits_each_rule() -> None:
    import ipywidgets as widgets

    from bolivia_widgets import ClubEditor

    club = ClubEditor()
    club.knob.value = "same_rank_max_wilds"
    (number,) = club.editor.children
    assert isinstance(number, widgets.IntText) and number.value == 2 and club.value.layout.display == "none"
    club.knob.value = "ask_partner"
    (picker,) = club.editor.children
    assert isinstance(picker, widgets.Dropdown)
    assert [value for _words, value in picker.options] == ["optional", "required"]
    club.knob.value = "pile_blocked_by"
    ticks = club.editor.children[0].children
    assert {t.description: t.value for t in ticks} == {"wild": True, "black 3": True, "red 3": True}
    ticks[0].value = False  # untick "wild": the value to apply follows
    assert club.value.value == "black 3, red 3"
    club.change.click()
    assert club.rules is not None and club.rules.pile_blocked_by == {"black 3", "red 3"}
    club.knob.value = "target_score"
    cells = club.editor.children[0].children
    assert [c.description for c in cells] == ["2 players", "3 players", "4 players"]
    cells[0].value = 10_000
    assert club.value.value == "2: 10,000; 3: 15,000; 4: 15,000" and club.value.layout.display == "flex"


@pytest.mark.parametrize(
    ("knob", "typed", "expected"),
    [
        ("target_score", "2: 10,000; 3: 10,000; 4: 10,000", {2: 10_000, 3: 10_000, 4: 10_000}),
        ("bonus_bolivia", "10000", 10_000),
        ("bonus_bolivia", "3,000", 3_000),
        ("keep_two_cards", "no", False),
        ("discard_forbidden", "wild, black 3", {"wild", "black 3"}),
        ("initial_meld_steps", "0-50 or 1500-90 or 3000-120", ((0, 50), (1500, 90), (3000, 120))),
        ("going_out_needs", "2: canasta + any; 3: sequence; 4: sequence + any or bolivia",
         {2: (("canasta", "any"),), 3: (("sequence",),), 4: (("sequence", "any"), ("bolivia",))}),
    ],
)  # fmt: skip
def test_a_club_value_typed_as_the_page_shows_it_is_accepted(knob: str, typed: str, expected: object) -> None:
    from bolivia_widgets import ClubEditor

    club = ClubEditor()
    club.knob.value = knob
    club.value.value = typed
    club.change.click()
    assert "✔ changed" in club.message.value, club.message.value
    assert club.rules is not None and club.rules.knob(knob).value == expected
    assert club.rules.knob(knob).source == "house rule"


def test_club_errors_name_the_rule_in_words_and_a_preset_value_is_no_house_rule() -> None:
    from bolivia_core import get_rules
    from bolivia_widgets import ClubEditor

    club = ClubEditor()
    club.knob.value = "target_score"
    club.value.value = "2: lots"
    club.change.click()
    message = club.message.value
    rule = get_rules("bolivia").knob("target_score").description
    assert f"⚠ “{rule}” must be a table from player count (2 to 6) to a score; got “2: lots”" in message
    assert "target_score" not in message and "{" not in message
    club.knob.value = "bonus_bolivia"
    club.value.value = "99999"
    club.change.click()
    assert "must be a whole number from 0 to 10,000; got “99999”" in club.message.value
    club.value.value = "3000"
    club.change.click()
    assert club.rules is not None and club.rules.house_rules() == {"bonus_bolivia": 3000}
    club.value.value = "2,500"  # Bolivia's own value again
    club.change.click()
    assert club.rules.house_rules() == {} and "no longer a house rule" in club.message.value


@pytest.mark.parametrize("language", ["en", "cs"])
def test_a_house_rule_that_breaks_another_rule_names_both_in_words(language: str) -> None:
    """Two players per side only (sides 4: 2, 2) leaves the hand sizes for 2 and 3 players without a
    game: the refusal names both rules by their descriptions in the page's language, never by code."""
    from bolivia_core import get_rules, set_language
    from bolivia_widgets import ClubEditor

    set_language(language)
    try:
        club = ClubEditor()
        club.knob.value = "sides"
        club.value.value = "4: 2, 2"
        club.change.click()
        message = html.unescape(club.message.value)
        rules = get_rules("bolivia")
        for knob in ("hand_size", "sides"):
            assert f"“{rules.knob(knob).description}”" in message
        assert "hand_size" not in message and "'sides'" not in message
        assert club.rules is not None and club.rules.house_rules() == {}  # refused whole: nothing changed
    finally:
        set_language("en")


def test_the_variants_page_is_linked_in_the_reader_s_language_from_every_language() -> None:
    """It has a copy in each language's folder, like a lesson: an English page links the English copy,
    a dashboard opened with ?lang=pl the Polish copy, and each index its own language's copy, never
    the English one."""
    from bolivia_core.i18n import set_language
    from bolivia_widgets.language import page_language
    from bolivia_widgets.pages import dashboard_links, page_links

    english = html.unescape(page_links("glossary.ipynb").data)
    assert "href='variants_compared.ipynb' rel='next'" in english
    assert ">Next: Bolivia's variants compared →" in english
    page_language("lang=pl", "")  # a dashboard opened with ?lang=pl, its "back" link
    try:
        nav = dashboard_links("play.ipynb").value
        assert "href='pl/variants_compared.ipynb' rel='prev'" in nav
        assert "← Wstecz: Warianty Boliwii w porównaniu" in nav and "angielsku" not in nav
    finally:
        set_language(page_language("", ""))
    notebooks = Path(__file__).resolve().parents[1] / "notebooks"
    for language in ("sv", "da", "nb", "pl", "cs"):
        index = (notebooks / language / "index.ipynb").read_text(encoding="utf-8")
        assert "](variants_compared.ipynb)" in index, language
        assert "../variants_compared.ipynb" not in index and "variants_compared.ipynb?lang=" not in index, language


def test_every_english_copy_the_template_redirects_has_a_copy_in_each_language() -> None:
    """The template sends a reader of a notebook marked language "en" to LANG/NAME: that copy must exist,
    and the script must know the languages and their aliases as the catalogue does."""
    import json
    import re

    from bolivia_core.i18n import LANGUAGES
    from bolivia_core.i18n.catalogues import _ALIASES

    root = Path(__file__).resolve().parents[1]
    script = (root / "share/jupyter/voila/templates/bolivia/language-copy.js").read_text(encoding="utf-8")
    languages = json.loads(re.search(r"var LANGUAGES = (\[.*?\]);", script).group(1))  # type: ignore[union-attr]
    aliases = dict(re.findall(r"(\w+): \"(\w+)\"", re.search(r"var ALIASES = \{(.*?)\};", script).group(1)))  # type: ignore[union-attr]
    assert tuple(languages) == LANGUAGES and aliases == _ALIASES
    marked = [p for p in (root / "notebooks").glob("*.ipynb")
              if json.loads(p.read_text(encoding="utf-8"))["metadata"].get("language") == "en"]  # fmt: skip
    assert len(marked) >= 16, "the lessons, the index and the glossary are marked English"
    for path in marked:
        for language in LANGUAGES[1:]:
            assert (root / "notebooks" / language / path.name).exists(), f"{language}/{path.name} is missing"
    assert "variants_compared.ipynb" in {p.name for p in marked}, "the variants page has its copies too"


def test_a_dashboard_s_tab_title_follows_the_page_s_language() -> None:
    from bolivia_core.i18n import set_language
    from bolivia_widgets.language import LanguagePicker, page_language
    from bolivia_widgets.pages import page_heading

    page_language("lang=da", "")
    try:
        heading = page_heading("play.ipynb")
        assert heading.tab is not None and heading.tab.title == "Spil mod computeren · Bolivia-udforskeren"
        LanguagePicker().value = "cs"
        assert heading.tab.title == "Hrajte proti počítači · Průzkumník Bolivie"
    finally:
        set_language(page_language("", ""))


def test_every_notebook_is_valid_nbformat_with_an_id_on_every_cell() -> None:
    """nbformat warns of a cell without an id today and will refuse it later; Voila and nbval read them all."""
    import warnings

    import nbformat

    notebooks = Path(__file__).resolve().parents[1] / "notebooks"
    for path in sorted(notebooks.rglob("*.ipynb")):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            notebook = nbformat.read(path, as_version=4)
            nbformat.validate(notebook)
        assert all(cell.get("id") for cell in notebook.cells), f"{path.name}: a cell without an id"
