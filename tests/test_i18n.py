"""Six languages: every catalogue complete and consistent, plurals and numbers by CLDR, the CLI in each.

Babel (a test dependency) reads the .po files and is the independent reference for CLDR's plural
rules and number formats; the engine itself reads the compiled .mo with the standard library.
"""

from __future__ import annotations

import gettext
import html
import json
import re
import string
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from bolivia_core import Card, check_meld, get_rules, score_side
from bolivia_core.tools.cli import main
from bolivia_core.tools.compare import rules_sheet_html
from bolivia_core.i18n import (
    EN,
    GLOSSARY,
    LANGUAGES,
    PLURAL_CATEGORIES,
    all_english,
    card_name,
    format_number,
    get_language,
    glossary,
    normalise_language,
    plural_category,
    render,
    set_language,
    translated,
)
from bolivia_core.rules import KNOB_NAMES

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import i18n  # noqa: E402  (scripts/i18n.py: the tool the lead runs after a merge)

TRANSLATED = [language for language in LANGUAGES if language != "en"]
MESSAGE_DOMAINS = [domain for domain in i18n.DOMAINS if domain != i18n.LESSONS]  # the lessons' prose: test_lessons
EVERY = all_english()  # every layer's codes (scripts/i18n.py imported every layer)
NBSP = "\u00a0"
COUNTS = (0, 1, 2, 5, 12, 22, 112)


def po(language: str, domain: str = "bolivia"):
    with i18n.po_path(language, domain).open("rb") as handle:
        return read_po(handle, locale=language)


def fields(template: str) -> dict[str, str]:
    """Field name -> kind ("plain" or "counted") of a template."""
    found = {}
    for _, name, spec, _ in string.Formatter().parse(template):
        if name is not None:
            found[name] = "counted" if spec and spec.split(":")[0] in ("n", "most") else "plain"
    return found


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


# --- the catalogues -----------------------------------------------------------------------


@pytest.mark.parametrize("domain", MESSAGE_DOMAINS)
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_catalogue_has_every_code_once_with_the_same_placeholders(language: str, domain: str) -> None:
    """Every code of every layer's domain translated in every language, as completely as when the words were
    one catalogue: nothing missing, nothing fuzzy, the same placeholders."""
    catalog = po(language, domain)
    entries = {str(m.context): m for m in catalog if m.id}
    english_texts = i18n.english(domain)
    assert sorted(entries) == sorted(english_texts), "codes missing or extra in the .po: run scripts/i18n.py update"
    for code, english in english_texts.items():
        message = entries[code]
        assert message.id == english, f"{language} {code}: the .po's English is stale"
        assert message.string and not message.fuzzy, f"{language} {code}: not translated"
        assert fields(message.string) == fields(english), f"{language} {code}: placeholders differ"


@pytest.mark.parametrize("language", TRANSLATED)
def test_counted_fields_list_one_form_per_plural_category(language: str) -> None:
    for code, template in translated_templates(language):
        for _, name, spec, _ in string.Formatter().parse(template):
            if spec and spec.split(":")[0] in ("n", "most"):
                forms = [f for f in spec.split(":", 1)[1].split("|") if not f.startswith("0=")]
                assert len(forms) == len(PLURAL_CATEGORIES[language]), f"{language} {code} {{{name}}}: {forms}"


def translated_templates(language: str) -> list[tuple[str, str]]:
    return [(code, translated(code, language) or "") for code in EVERY]


@pytest.mark.parametrize("domain", [*MESSAGE_DOMAINS, i18n.LESSONS])
@pytest.mark.parametrize("language", TRANSLATED)
def test_compiled_catalogue_is_the_po_compiled(language: str, domain: str) -> None:
    compiled = i18n.compiled(po(language, domain))
    assert i18n.mo_path(language, domain).read_bytes() == compiled, "run scripts/i18n.py update"


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_message_falls_back_to_english(language: str) -> None:
    """Every code, and every knob's description as the rules give it, comes from the language's
    own catalogue; a text the same as the English must be one of the game's shared words."""
    shared = {"bolivia", "Bolivia", "Canasta", "canasta", "escalera", "samba", "joker", "{label} ({cards}): bonus",
              "Melds", "partner", "bonus", "expert", "{knob}: {value}", "{rule}: {value}"}  # fmt: skip
    for code, english in EVERY.items():
        template = translated(code, language)
        assert template is not None, f"{language} {code} falls back to English"
        assert template != english or template in shared, f"{language} {code} is the English text: {english!r}"
    set_language(language)
    rules = get_rules("bolivia")
    assert [k.name for k in rules.knobs()] == list(KNOB_NAMES)
    for knob in rules.knobs():
        assert knob.description == translated(f"knob:{knob.name}", language) != EN[f"knob:{knob.name}"]


def test_every_knob_is_described_once_in_the_catalogue() -> None:
    described = sorted(code[5:] for code in EN if code.startswith("knob:"))
    assert described == sorted(KNOB_NAMES)
    assert get_rules("swedish").knob("hand_size").description == EN["knob:hand_size"]


def test_a_changed_english_text_falls_back_until_translated_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the lead's loop sees after a merge: a new code and a changed text are both listed as
    gaps, the changed one kept as a fuzzy draft, and neither is shown half translated."""
    monkeypatch.setitem(EN, "test-new", "a brand new message for {player}")
    monkeypatch.setitem(EN, "game-over", "the game has ended")
    catalog = i18n.merged("sv", po("sv"))
    gaps = i18n.gaps(catalog)
    assert gaps == ["game-over", "test-new"]
    changed = next(m for m in catalog if m.context == "game-over")
    assert changed.fuzzy and changed.string == "spelet är slut" and changed.previous_id == ["the game is over"]
    compiled = gettext.GNUTranslations(__import__("io").BytesIO(i18n.compiled(catalog)))
    assert compiled.pgettext("game-over", "the game has ended") == "the game has ended"  # fuzzy is left out
    assert render("game-over", language="sv") == "the game has ended"  # stale: English whole, not mixed


# --- plurals and numbers ----------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_plural_categories_are_cldr_s(language: str) -> None:
    cldr = Locale.parse(language).plural_form
    for n in COUNTS:
        assert plural_category(n, language) == cldr(n), f"{language} {n}"
        assert plural_category(n, language) in PLURAL_CATEGORIES[language]


@pytest.mark.parametrize("language", TRANSLATED)
def test_po_plural_forms_header_orders_forms_as_the_templates_do(language: str) -> None:
    header = po(language).plural_expr
    choose = gettext.c2py(header)
    for n in COUNTS:
        assert PLURAL_CATEGORIES[language][choose(n)] == plural_category(n, language), f"{language} {n}"


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        # Polish: 1 kartę, 2-4 karty, 5-21 kart, but 22-24 karty again; 12-14 are kart.
        ("pl", ["żadnej karty", "1 kartę", "2 karty", "5 kart", "12 kart", "22 karty", "112 kart"]),
        # Czech: 1 kartu, 2-4 karty, then karet (22 too).
        ("cs", ["žádnou kartu", "1 kartu", "2 karty", "5 karet", "12 karet", "22 karet", "112 karet"]),
        ("sv", ["inga kort", "1 kort", "2 kort", "5 kort", "12 kort", "22 kort", "112 kort"]),
        ("en", ["no cards", "1 card", "2 cards", "5 cards", "12 cards", "22 cards", "112 cards"]),
    ],
)
def test_counted_words_follow_the_language(language: str, expected: list[str]) -> None:
    said = [render("event-draw", {"player": 1, "count": n}, language) for n in COUNTS]
    for sentence, words in zip(said, expected, strict=True):
        assert sentence.endswith(" " + words), sentence


@pytest.mark.parametrize(
    ("language", "fifteen_thousand", "fifteen_hundred"),
    [
        ("en", "15,000", "1,500"),
        ("sv", f"15{NBSP}000", f"1{NBSP}500"),
        ("nb", f"15{NBSP}000", f"1{NBSP}500"),
        ("da", "15.000", "1.500"),  # the Danish text: "spil til 15.000", "1.500 point"
        ("cs", f"15{NBSP}000", f"1{NBSP}500"),  # the Czech text: "do 15 000", "za 1 500 bodů"
        ("pl", f"15{NBSP}000", "1500"),  # the Polish text: "do 15 000 punktów", "warta 1500 punktów"
    ],
)
def test_numbers_are_written_the_language_s_way(language: str, fifteen_thousand: str, fifteen_hundred: str) -> None:
    assert format_number(15_000, language) == fifteen_thousand
    assert format_number(1500, language) == fifteen_hundred
    assert format_number(-15_000, language) == "-" + fifteen_thousand
    for n in (10_000, 15_000, 112_000, 1_234_567):  # five digits or more: CLDR as Babel has it
        assert format_number(n, language) == format_decimal(n, locale=language)
    sentence = render("initial-meld-short", {"minimum": 90, "score": 15_000, "rules": "Bolivia", "points": 30,
                                             "shortfall": 60}, language)  # fmt: skip
    assert fifteen_thousand in sentence


# --- the game's words --------------------------------------------------------------------


def glossary_problems(language: str, english: Mapping[str, str], translations: Mapping[str, str]) -> list[str]:
    """The codes whose English names a term of the game while their translation lacks the glossary's word.

    Placeholders are not words of the text ({bonus_sequence} names no bonus): they are left out.
    """
    terms = json.loads(GLOSSARY.read_text(encoding="utf-8"))["terms"]
    problems = []
    for term in terms:
        english_term = re.compile(term["en_pattern"], re.IGNORECASE)
        word = re.compile(term[language][1], re.IGNORECASE)
        for code, text in english.items():
            said = re.sub(r"\{[^{}]*\}", "", text)
            if code in translations and english_term.search(said) and not word.search(translations[code]):
                problems.append(f"{code}: {term['en']!r} should be {term[language][0]!r}")
    return problems


@pytest.mark.parametrize("language", TRANSLATED)
def test_glossary_terms_are_used_in_every_message(language: str) -> None:
    """Where the English says a term of the game, the translation says the glossary's word."""
    translations = {code: translated(code, language) or "" for code in EVERY}
    problems = glossary_problems(language, EVERY, translations)
    assert not problems, f"{language}: " + "; ".join(problems)


def test_glossary_shows_each_term_beside_the_english() -> None:
    danish = dict(glossary("da"))
    assert danish["partner"] == "makker" and danish["discard pile"] == "kastebunken"
    swedish = dict(glossary("sv"))
    assert swedish["discard pile"] == "sakhögen" and swedish["stock"] == "talongen"
    assert dict(glossary("en"))["stock"] == "stock"


@pytest.mark.parametrize(
    ("language", "king_of_hearts", "ace_of_spades", "joker"),
    [
        ("en", "king of hearts", "ace of spades", "joker"),
        ("sv", "hjärter kung", "spader ess", "joker"),  # suit first, as Swedish players say: "hjärter fyra"
        ("da", "hjerter konge", "spar es", "joker"),
        ("nb", "hjerter konge", "spar ess", "joker"),
        ("pl", "król kier", "as pik", "joker"),
        ("cs", "srdcový král", "pikové eso", "žolík"),  # the suit an adjective agreeing with the card: "kárová dáma"
    ],
)
def test_card_names_for_screen_readers(language: str, king_of_hearts: str, ace_of_spades: str, joker: str) -> None:
    assert card_name(Card.parse("KH"), language) == king_of_hearts
    assert card_name(Card.parse("AS"), language) == ace_of_spades
    assert card_name(Card.parse("JK"), language) == joker


# --- choosing the language ----------------------------------------------------------------


def test_process_default_language_and_explicit_language() -> None:
    verdict = check_meld("KH KS 2C 2D", rules="bolivia")
    assert str(verdict).startswith("not a legal meld under Bolivia rules")
    assert set_language("sv-SE") == "sv" and get_language() == "sv"
    assert str(verdict).startswith("inte en tillåten mälning enligt reglerna i Bolivia")
    assert verdict.reasons[0].text("pl").startswith("układ jednej rangi potrzebuje")
    assert render("game-over", language="en") == "the game is over"
    # a preset's title passed in as a param is said in the sentence's language too
    assert render("verdict-illegal", {"rules": "Swedish"}, "da") == (
        "ikke en gyldig melding efter reglerne i den svenske variant"
    )


def test_language_codes_are_normalised_and_bad_ones_named() -> None:
    assert [normalise_language(x) for x in ("no", "nb_NO", "CS", "pl-PL", "da")] == ["nb", "nb", "cs", "pl", "da"]
    with pytest.raises(ValueError, match=r"unknown language 'fr'; known languages: en, sv, da, nb, pl, cs"):
        render("game-over", language="fr")
    with pytest.raises(ValueError, match="a language is a code such as 'sv'"):
        set_language(7)  # type: ignore[arg-type]


def test_a_score_sheet_speaks_the_language() -> None:
    set_language("cs")
    result = score_side(["4H 5H 6H 7H 8H 9H 10H", "KH KH KH KS KS KS KD"], red_threes=2, went_out=True)
    text = str(result)
    assert "escalera (4H 5H 6H 7H 8H 9H 10H): prémie" in text
    assert "2 červené trojky po 100" in text and "ukončení" in text


# --- the command line in each language ------------------------------------------------------

CLI_EXPECTED = {
    "en": ("not a legal meld under Bolivia rules", "standard 52-card packs shuffled together"),
    "sv": ("inte en tillåten mälning enligt reglerna i Bolivia", "vanliga kortlekar med 52 kort"),
    "da": ("ikke en gyldig melding efter reglerne i Bolivia", "almindelige spil kort med 52 kort"),
    "nb": ("ikke en gyldig melding etter reglene i Bolivia", "vanlige kortstokker med 52 kort"),
    "pl": ("to nie jest dozwolony układ według zasad „Boliwia”", "standardowe talie po 52 karty"),
    "cs": ("není platné vyložení podle pravidel „Bolivia“", "standardní balíky po 52 kartách"),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_cli_answers_in_each_language(language: str, capsys: pytest.CaptureFixture[str]) -> None:
    verdict_start, decks = CLI_EXPECTED[language]
    assert main(["meld", "KH KS 2C 2D", "--lang", language]) == 1
    assert capsys.readouterr().out.startswith(verdict_start)
    # three kings (30 points) at a score of 1,500, where the first melds need 90: 60 short
    assert main(["initial", "KH KS KD", "--score", "1500", "--lang", language]) == 1
    short = {"minimum": 90, "score": 1500, "rules": "Bolivia", "points": 30, "shortfall": 60}
    assert render("initial-meld-short", short, language) in capsys.readouterr().out
    assert main(["rules", "bolivia", "--lang", language]) == 0
    listing = capsys.readouterr().out
    assert decks in listing
    assert main(["rules", "--diff", "bolivia", "swedish", "--lang", language]) == 0
    diff = capsys.readouterr().out
    assert render("knob:keep_two_cards", language=language) in diff
    assert main(["rules", "swedish", "--sheet", "--lang", language]) == 0
    sheet = capsys.readouterr().out
    assert f'<html lang="{language}">' in sheet and html.escape(render("section:threes", language=language)) in sheet
    assert get_language() == "en"  # the command leaves the process's language as it was
    if language != "en":
        english = [t for c, t in EVERY.items() if c.startswith(("knob:", "section:", "source:", "value:")) and " " in t]
        leaked = [text for text in english if text in listing + diff + sheet]
        assert not leaked, f"English catalogue texts in the {language} output: {leaked[:3]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_cli_refusals_in_each_language_with_lang_before_or_after_the_command(
    language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A position refused on the command line: one line on stderr in the chosen language, exit 2."""
    expected = render("in-field", {"field": "hand", "problem": render(
        "position-hand-number", {"cap": 60, "number": 0}, language)}, language)  # fmt: skip
    for argv in (["--lang", language, "scenario", "rules=bolivia; hand=0"],
                 ["scenario", "rules=bolivia; hand=0", "--lang", language]):  # fmt: skip
        assert main(argv) == 2
        assert capsys.readouterr().err == f"python -m bolivia_core: error: {expected}\n"
    assert get_language() == "en"


@pytest.mark.parametrize("language", ["da", "cs"])
def test_simulate_and_tournament_report_in_the_language(language: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Counts, decimals and percentages in the language's own form: "50,0 %", "1.754 træk"."""
    assert main(["simulate", "--games", "1", "--lang", language]) == 0
    simulated = capsys.readouterr().out
    assert main(["tournament", "--seats", "club,greedy", "--games", "2", "--target", "500", "--lang", language]) == 0
    report = capsys.readouterr().out
    for code in ("sim-mean-scores", "tournament-times"):
        assert render(code, {"scores": "", "times": ""}, language).rstrip() in simulated + report
    english = [(t.split("{")[0].strip(), code) for code, t in EVERY.items() if code.startswith(("sim-", "tournament-"))]
    leaked = [text for text, code in english  # "side" is Danish too: only words the translation does not say
              if len(text) > 3 and text in simulated + report and text not in (translated(code, language) or "")]
    assert not leaked, f"English in the {language} report: {leaked}"
    assert re.search(r"\d,\d %", report) and not re.search(r"\d\.\d %", report)  # a decimal comma


def test_cli_refuses_an_unknown_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "bolivia", "--lang", "xx"]) == 2
    assert "unknown language 'xx'; known languages: en, sv, da, nb, pl, cs" in capsys.readouterr().err


def test_scenario_says_whose_turn_in_the_scenario_explorer_s_words(capsys: pytest.CaptureFixture[str]) -> None:
    """The lesson position "take-the-pile" opens with player 1 to draw (turn=1, phase=draw): said in
    Polish with the explorer's own line, the actions listed after it in notation, as typed."""
    assert main(["scenario", "take-the-pile", "--lang", "pl"]) == 0
    _, turn, heading, *actions = capsys.readouterr().out.splitlines()
    assert turn == render("scen:to-draw", {"player": 1}, "pl") and heading == render("scen:legal", language="pl") + ":"
    assert "draw" in actions and "take pile with KH KS" in actions  # notation: never translated
    # one meld on the table and the player to meld, add or discard: the "play" line, in Czech
    position = "rules=bolivia; turn=1; phase=play; melds1=KH KS KD; p1=QS JD 9C 8C 7H"
    assert main(["scenario", position, "--lang", "cs"]) == 0
    _, turn, _, *actions = capsys.readouterr().out.splitlines()
    assert turn == render("scen:to-play", {"player": 1}, "cs") and "discard 7H" in actions
    assert main(["scenario", "take-the-pile"]) == 0
    assert capsys.readouterr().out.splitlines()[1:3] == ["Player 1 to draw.", "Legal moves:"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_rules_lists_each_preset_under_its_name_with_its_title_in_the_language(
    language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rules", "--lang", language]) == 0
    listing = [line.split(maxsplit=1) for line in capsys.readouterr().out.splitlines()]
    assert [name for name, _ in listing] == ["bolivia", "swedish", "two-deck", "canasta"]  # names are typed
    assert [title for _, title in listing] == [render(f"rules-title:{name}", language=language) for name, _ in listing]


def test_rules_sheet_in_polish_counts_house_rules_in_polish() -> None:
    club = get_rules("bolivia").derive("our club", same_rank_max_wilds=3, going_out_bonus=150)
    page = rules_sheet_html(club, "pl")
    assert "zasady: Boliwia, z 2 zasadami domowymi." in page
    assert "★ oznacza zasadę domową." in page and "zasada domowa" in page


def test_typed_cards_and_actions_are_refused_in_the_page_s_language() -> None:
    """What a learner types wrong is said in the language of the page it was typed on."""
    from bolivia_core.actions import ActionError, parse_action

    set_language("da")
    try:
        with pytest.raises(ActionError, match=r"^'meld KH ZZ' er ikke et træk: 'ZZ' er ikke et kort: værdier 2-10"):
            parse_action("meld KH ZZ")
    finally:
        set_language("en")
    with pytest.raises(ActionError, match=r"^'meld KH ZZ' is not an action: 'ZZ' is not a card: ranks 2-10"):
        parse_action("meld KH ZZ")


def test_why_a_meld_inside_a_move_fails_is_said_in_the_move_s_language() -> None:
    """A move's refusal holds the refused meld's own reasons; asked in Danish while the process
    speaks English, the whole sentence is Danish (the inner reasons were once made into English text
    when the refusal was made), and as data the inner reasons stay reasons."""
    import json

    from bolivia_core.game import Game

    game = Game.from_position("rules=bolivia; turn=1; phase=play; melds1=KH KS KD; p1=QS JD 9C 8C 7H")
    (refusal,) = game.explain("meld QS JD 9C")  # three suits and a gap: no sequence
    danish = refusal.text("da")
    assert danish.startswith("melding 1 (9C JD QS) er ikke gyldig: en sekvens består af kort i samme kulør")
    assert "a sequence" not in danish
    data = json.loads(json.dumps(refusal.to_dict()))
    assert [inner["code"] for inner in data["params"]["why"]] == ["sequence-suits", "sequence-gap"]


NOTATIONS = ("draw", "take top onto 2", "take pile with KH KS", "take pile onto 3", "take pile onto 3 with KH",
             "take pile with KH KS and meld 4H 5H 6H | 2C 2D JK", "meld KH KS KD | 4S 5S 6S", "add 7H 8H to 2",
             "discard 5C", "ask partner", "answer yes", "answer no", "pass", "next hand")  # fmt: skip


@pytest.mark.parametrize("language", ["sv", "da", "nb", "pl", "cs"])
def test_actions_are_said_in_words_of_the_language(language: str) -> None:
    """Inside a sentence an action is said in the language (Swedish "saka 5C", never "discard 5C"); its
    cards stay as written (the notation itself is the same in every language, for typing and saving)."""
    import re

    from bolivia_core.actions import action_words, parse_action

    for notation in NOTATIONS:
        action = parse_action(notation)
        words = action_words(action, language)
        english = re.findall(r"\b(draw|take|top|pile|with|meld|add|discard|ask|partner|answer|yes|no|pass|next|hand)\b",
                             words)  # fmt: skip
        assert not english, f"{notation!r} said in {language} as {words!r}"
        assert all(token in words for token in re.findall(r"\b(?:[2-9]|10|[JQKA])[CDHS]\b|\bJK\b", notation))


def test_an_action_within_a_reason_is_said_in_the_reasons_language_and_given_as_notation_in_json() -> None:
    """The strong player's reason names the move it weighed against: said in the words of whatever
    language the reason is said in (Danish "kaste 5C"), and as the notation in JSON."""
    from bolivia_core.actions import parse_action
    from bolivia_core.i18n import Explanation

    reason = Explanation("why-strong-lookahead", None, {"samples": 3, "margin": 5, "other": parse_action("discard 5C")})
    assert "“kaste 5C”" in reason.text("da") and "“discard 5C”" in reason.text("en")
    assert reason.to_dict()["params"]["other"] == "discard 5C"
