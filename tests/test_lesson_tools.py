"""The lessons' "try it" widgets and printed tables, driven from Python: real positions, the engine's
answers, every word from the catalogue."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from bolivia_core.i18n import set_language
from bolivia_widgets.language import page_language
from bolivia_widgets.lesson_tools import (
    CardValues,
    RedThrees,
    lesson_header,
    show_card_values,
    show_differences,
    show_initial_minimums,
    show_rules_apart,
    show_verdicts,
    start_lesson,
)


@pytest.fixture(autouse=True)
def english_afterwards():
    """The page's language too (start_lesson sets it), not only the process default: a test module that
    runs next in this process (pytest-xdist orders modules differently) starts in English."""
    yield
    set_language(page_language("", ""))


def test_card_values_add_up_by_the_rule_text() -> None:
    """An ace (20) and a black 3 (5 melded, 100 in hand: the Danish text's values)."""
    values = CardValues("AH 3S 4D")
    values.row.selected = [0, 1]
    assert "Melded, these cards score 25." in values.sums.value
    assert "Left in hand at the end, they cost 120." in values.sums.value


def test_red_threes_count_against_a_side_that_may_not_go_out() -> None:
    red = RedThrees()
    red.count.value = 2
    red.ready.value = False
    assert "-200" in red.sheet.value  # two red 3s at 100, counted against
    red.ready.value = True
    assert "+200" in red.sheet.value


def test_tables_print_in_the_page_s_language(capsys: pytest.CaptureFixture[str]) -> None:
    start_lesson("da", "03_card_values.ipynb")
    show_card_values("bolivia")
    show_initial_minimums("bolivia")
    out = capsys.readouterr().out
    assert "sort 3'er tilbage på hånden: -100 stykket" in out
    assert "point 1.500 til 2.995: 90" in out and "point 7.000 eller mere: 150" in out


def test_a_lesson_page_links_its_other_languages_and_the_glossary() -> None:
    start_lesson("da", "04_melds.ipynb")
    header = lesson_header("04_melds.ipynb")
    assert "href='../04_melds.ipynb?lang=en' hreflang='en'" in header and "href='../cs/04_melds.ipynb'" in header
    assert "href='glossary.ipynb'" in header and "Slå det op i ordlisten" in header
    start_lesson("en", "glossary.ipynb")
    english = lesson_header("glossary.ipynb")
    assert "href='sv/glossary.ipynb'" in english and "glossary.ipynb' class" not in english


def test_a_lesson_copy_s_widgets_speak_its_language_though_its_address_has_no_lang() -> None:
    """A Danish lesson page is da/10_scoring_a_hand.ipynb, no ?lang=: a calculator on it speaks Danish."""
    from bolivia_core.i18n import get_language, render, set_language
    from bolivia_widgets.language import page_language
    from bolivia_widgets.lesson_tools import ScoreCalculator, start_lesson

    page_language("", "")  # the address: no ?lang=, no browser preference
    try:
        start_lesson("da", "10_scoring_a_hand.ipynb")
        ScoreCalculator()
        assert get_language() == "da"
        assert render("page:language") != render("page:language", language="en")
    finally:
        set_language(page_language("", ""))


def test_the_variants_page_s_verdicts_speak_swedish_and_only_the_swedish_club_allows_two_and_two(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Two kings and two wild cards: the Swedish club text starts a canasta with 2 naturals and up to
    2 wilds; Bolivia wants naturals at least twice the wilds, two-deck and Canasta more naturals than
    wilds (RULES.md, melds). One line per rule set, in the catalogue's order, said in Swedish."""
    start_lesson("sv", "variants_compared.ipynb")
    capsys.readouterr()  # the page's header: its links to the other languages
    show_verdicts("KH KS 2C 2D")
    bolivia, swedish, two_deck, canasta = capsys.readouterr().out.strip().splitlines()
    assert swedish.startswith("tillåten mälning") and "den svenska varianten" in swedish
    for line, title in ((bolivia, "Bolivia"), (two_deck, "tvåleksvarianten"), (canasta, "Canasta")):
        assert line.startswith("inte en tillåten mälning") and f"enligt reglerna i {title}" in line


def test_the_variants_page_counts_differences_with_the_language_s_plurals(capsys: pytest.CaptureFixture[str]) -> None:
    """Six pairs of four rule sets, each line in Polish: 22 różnice but 27 różnic (few against many)."""
    start_lesson("pl", "variants_compared.ipynb")
    capsys.readouterr()  # the page's header: its links to the other languages
    show_rules_apart()
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 6 and lines[0].startswith("Boliwia i wariant szwedzki: ")
    for line in lines:
        count = int(line.rsplit(": ", 1)[1].split()[0])
        few = count % 10 in (2, 3, 4) and count % 100 not in (12, 13, 14)
        assert line.endswith(f"{count} różnice" if few else f"{count} różnic"), line


def test_chosen_differences_name_each_value_s_source_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    """The pile: Bolivia's taker gets all of it (the Danish text), the Swedish club's only the next 4."""
    start_lesson("da", "variants_compared.ipynb")
    capsys.readouterr()  # the page's header: its links to the other languages
    show_differences("bolivia", "swedish", knobs=("pile_cards_taken",), sources=True)
    described, bolivia, swedish = capsys.readouterr().out.strip().splitlines()
    assert described.startswith("hvor meget af resten af kastebunken")
    assert bolivia == "    Bolivia: alle — kilde: den danske tekst (den samme på polsk og tjekkisk)"
    assert swedish == "    den svenske variant: 4 — kilde: den svenske klubtekst"
    with pytest.raises(ValueError, match=r"unknown rule 'pile_size' in knobs; expected rule names such as"):
        show_differences("bolivia", "swedish", knobs=("pile_size",))
