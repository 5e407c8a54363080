"""The pages' widgets driven from Python in the order a browser's messages may arrive."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from bolivia_widgets import ScenarioExplorer


def test_why_not_asked_before_the_last_keystrokes_arrive_judges_the_whole_text() -> None:
    """A click reaches the kernel at once, typing is batched: "why not?" may come first."""
    explorer = ScenarioExplorer(scenario="take-the-pile")
    explorer.attempt.value = "take pile with 6H"  # the text so far, then the click, then the rest
    explorer.explain.click()
    assert "asked about: take pile with 6H" in explorer.answer.value
    explorer.attempt.value = "take pile with 6H 6D"
    assert "asked about: take pile with 6H 6D" in explorer.answer.value
    assert "you need a natural pair of kings" in explorer.answer.value
    explorer.attempt.value = "take pile with KH KS"  # still following: the answer changes with the text
    assert "allowed now" in explorer.answer.value


def test_typing_before_asking_judges_nothing() -> None:
    explorer = ScenarioExplorer(scenario="take-the-pile")
    explorer.attempt.value = "go ou"
    assert explorer.answer.value == ""


def test_every_notebook_is_a_page_in_the_reading_order_with_its_title_and_links() -> None:
    import json
    from pathlib import Path

    from bolivia_widgets.pages import PAGES, page_tab_title

    notebooks = Path(__file__).resolve().parents[1] / "notebooks"
    assert sorted(PAGES) == sorted(p.name for p in notebooks.glob("*.ipynb")), "a page is missing from PAGES"
    for name in PAGES:
        notebook = json.loads((notebooks / name).read_text(encoding="utf-8"))
        heading = "".join(notebook["cells"][0]["source"]).splitlines()[0].lstrip("# ")
        assert notebook["metadata"]["title"] == page_tab_title(name)
        assert heading in page_tab_title(name), f"{name}: the tab's title should say what the heading says"
        sources = ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]
        expected = "start_here()" if name == "index.ipynb" else f'page_links("{name}")'
        assert any(expected in s for s in sources), f"{name} lacks its links ({expected})"


def test_links_lead_from_the_index_through_every_page_in_order() -> None:
    from bolivia_widgets.pages import PAGES, page_links, start_here

    start = "href='01_cards_and_values.ipynb' rel='next' class='bolivia-nav-next'>New to the game? Start here"
    assert start in start_here().data
    for here, following in zip(PAGES[1:], (*PAGES[2:], None), strict=True):
        nav = page_links(here).data
        assert "href='index.ipynb' rel='index' class='bolivia-nav-index'>⌂ All pages" in nav
        if following:
            assert f"href='{following}' rel='next'" in nav
        else:
            assert "rel='next'" not in nav
    with pytest.raises(ValueError, match=r"unknown page 'nope\.ipynb'"):
        page_links("nope.ipynb")
