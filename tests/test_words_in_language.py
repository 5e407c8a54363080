"""The engine's own words said in the reader's language (issue 14): suit and rank names inside meld
verdicts, a partner's answer and the scores in the game's log, the club rules file's opening comment,
and catalogue sentences a reviewer found ungrammatical. Every sentence here comes from real engine
objects rendered in a language other than English; the expected words are the rule texts' own
(RULES.md, the Danish and Polish rule texts), worked out by hand."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from bolivia_core.tools.compare import load_club_rules, save_club_rules
from bolivia_core.game import Game, new_game
from bolivia_core.melds import check_meld
from bolivia_core.i18n import get_language, render, set_language
from bolivia_core.rules import get_rules
from bolivia_core.scenario import SCENARIOS

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))  # first: ``lessons`` is the sources' package, not the script of that name
import i18n  # noqa: E402  (scripts/i18n.py: every domain and where its files are)

ENGLISH_SUITS = re.compile(r"\b(clubs|diamonds|hearts|spades)\b")


def reasons(cards: str, language: str, rules: str = "bolivia") -> str:
    return " | ".join(r.text(language) for r in check_meld(cards, rules).reasons)


# --- 1. suit names in meld verdicts ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "suits"),
    [("en", "clubs, hearts and spades"), ("da", "klør, hjerter og spar"), ("pl", "trefl, kier i pik"),
     ("sv", "klöver, hjärter och spader"), ("nb", "kløver, hjerter og spar"), ("cs", "kříže, srdce a piky")],
)  # fmt: skip
def test_a_mixed_suit_sequence_names_its_suits_in_the_language(language: str, suits: str) -> None:
    said = reasons("4C 5H 8S", language)
    assert suits in said
    if language != "en":
        assert not ENGLISH_SUITS.search(said) and " and " not in said


def test_two_suits_are_joined_by_the_language_s_and_alone() -> None:
    assert "disse er hjerter og spar" in reasons("QH KS", "da", "two-deck")
    assert "te to kier i pik" in reasons("QH KS", "pl", "two-deck")


# --- 2. ranks in words ----------------------------------------------------------------------------


def test_ranks_that_are_none_of_a_meld_are_said_as_words() -> None:
    # QH QS KS: two ranks, two suits and a rank twice, neither a same-rank meld nor a sequence
    assert "these cards (queens, kings) are none of these" in reasons("QH QS KS", "en")
    assert "disse kort (damer, konger) er ingen af delene" in reasons("QH QS KS", "da")
    assert "Qs" not in reasons("QH QS KS", "da")
    assert "te karty (mieszanka dam, króli) nie są żadnym z nich" in reasons("QH QS KS", "pl")


def test_repeated_ranks_of_a_sequence_are_said_as_words() -> None:
    cards = "4H 5H 6H 4H 5H 6H 7H"
    assert "this one has 4s, 5s, 6s twice" in reasons(cards, "en")
    assert "denne har firere, femmere, seksere to gange" in reasons(cards, "da")
    # Polish and Czech name ranks in the genitive plural ("czwórek"), so the sentence governs one
    assert "ten ma powtórzenia czwórek, piątek, szóstek" in reasons(cards, "pl")
    assert "tato má opakování čtyřek, pětek, šestek" in reasons(cards, "cs")


# --- 3. the game's log ----------------------------------------------------------------------------


def test_a_partner_s_answer_is_logged_in_the_reader_s_language() -> None:
    text = ("rules=swedish; turn=1; phase=play; melds1=4H 5H 6H 7H 8H 9H 10H | KH KS KD KC KH KS KD; "
            "p1=QH QS QD 5C")  # fmt: skip
    answers = {"no": {"en": "no", "da": "nej", "pl": "nie"}, "yes": {"en": "yes", "da": "ja", "pl": "tak"}}
    for answer, words in answers.items():
        game = Game.from_position(text)
        game.apply("ask partner")
        game.apply(f"answer {answer}")
        event = game.log[-1]
        assert event.text("en") == f"player 3 answers {words['en']} to player 1"
        assert event.text("da") == f"spiller 3 svarer {words['da']} til spiller 1"
        assert event.text("pl") == f"gracz 3 odpowiada {words['pl']} graczowi 1"


def test_hand_and_game_scores_are_written_the_reader_s_way() -> None:
    # player 1 goes out: side 1 scores 2,230, side 2 -15 (worked out in test_game's
    # test_one_meld_short_then_going_out); with a target of 2,000 the game ends there.
    game = Game.from_position(
        SCENARIOS["one-meld-short-of-going-out"].text + "; p2=5C; p3=6C; p4=9C; target=2000"
    )
    game.apply("add KD to 2")
    game.apply("meld 7C 7S 7D")
    went_out, game_over = game.log[-2], game.log[-1]
    assert went_out.code == "event-went-out" and game_over.code == "event-game-over"
    assert went_out.text("en").endswith("hand 1 scores +2,230, -15")
    assert went_out.text("da").endswith("hånd 1 giver +2.230, -15")
    assert went_out.text("pl").endswith("rozdanie 1 daje +2230, -15")  # Polish groups from five digits
    assert game_over.text("da").endswith("2.230, -15") and game_over.text("sv").endswith("2\u00a0230, -15")


def test_a_saved_game_s_log_still_speaks_the_language_after_loading() -> None:
    text = ("rules=swedish; turn=1; phase=play; melds1=4H 5H 6H 7H 8H 9H 10H | KH KS KD KC KH KS KD; "
            "p1=QH QS QD 5C")  # fmt: skip
    game = Game.from_position(text)
    game.apply("ask partner")
    game.apply("answer no")
    loaded = Game.from_json(game.to_json())
    assert loaded.log[-1].text("da") == "spiller 3 svarer nej til spiller 1"


# --- 4. the club rules file -----------------------------------------------------------------------


def test_club_rules_file_comments_are_in_the_club_s_language() -> None:
    club = get_rules("bolivia").derive("klub", "vores klub", keep_two_cards=False)
    text = save_club_rules(club, language="da")
    assert text.splitlines()[0] == "# vores klub: reglerne i Bolivia med ændringerne nedenfor"
    assert save_club_rules(club, language="en").splitlines()[0] == "# vores klub: Bolivia rules with the changes below"
    assert "# en spiller, hvis side endnu ikke må gå ud, beholder to kort på hånden efter at have meldt" in text
    assert load_club_rules(text) == club  # the comments are only comments


# --- 5. catalogue sentences -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "zero"),
    [("pl", "sekwens nie może mieć żadnej dzikiej karty"), ("da", "en sekvens må ikke have wildcards"),
     ("cs", "postupka nesmí mít žádnou divokou kartu"), ("sv", "en sekvens får inte ha några vilda kort"),
     ("nb", "en sekvens kan ikke ha villkort"), ("en", "a sequence may hold no wild cards")],
)  # fmt: skip
def test_no_wild_cards_allowed_in_a_sequence_is_said_grammatically(language: str, zero: str) -> None:
    verdict = check_meld("4H 5H 6H 2C", "bolivia")  # Bolivia's sequences hold no wild card (RULES.md)
    said = [r.text(language) for r in verdict.reasons if r.code == "sequence-too-many-wilds"]
    assert said and said[0].startswith(zero)


def test_a_computer_s_discard_rationale_speaks_of_its_own_side() -> None:
    assert render("why-discard-club", {"card": "5C"}) == "discards 5C: it is the card least useful to its side"
    for language, mine in (("da", "spillerens side"), ("pl", "jego drużynie"), ("sv", "spelarens lag")):
        said = render("why-discard-club", {"card": "5C"}, language)
        assert mine in said and "din " not in said and "twojej" not in said


def test_danish_genitive_after_a_number_takes_an_apostrophe() -> None:
    assert render("event-from-position", {"hand": 1, "player": 2}, "da").endswith("spiller 2's tur")
    for domain in i18n.DOMAINS:
        po = i18n.po_path("da", domain).read_text(encoding="utf-8")
        strings = "\n".join(line for line in po.splitlines() if not line.startswith(("#", "msgid", "msgctxt")))
        assert not re.search(r"\{(player|side|asker)\}s\b|\b(spiller|side) \d+s\b", strings), domain


def test_danish_odds_say_chance() -> None:
    said = render("why-feeds", {"player": 2, "count": 12, "percent": 29}, "da")
    assert "(omkring 29 % chance for, at spilleren har det" in said


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "Bolivia rules are for 2, 3 or 4 players, not 9"),
     ("da", "reglerne i Bolivia er for 2, 3 eller 4 spillere, ikke 9"),
     ("pl", "zasady „Boliwia” są dla 2, 3 lub 4 graczy, a nie dla 9")],
)  # fmt: skip
def test_allowed_player_counts_end_with_the_language_s_or(language: str, said: str) -> None:
    before = get_language()
    set_language(language)
    try:
        with pytest.raises(ValueError) as refused:
            new_game("bolivia", 9)
    finally:
        set_language(before)
    assert str(refused.value) == said


def test_polish_and_czech_say_none_with_a_negated_verb_and_one_once() -> None:
    # Polish and Czech negate the verb beside "żaden"/"žádný"; "one more card" carries its number once.
    took = {n: {lang: render("event-take-pile", {"player": 2, "card": "5H", "count": n}, lang) for lang in ("pl", "cs")}
            for n in (0, 1)}  # fmt: skip
    assert took[0]["pl"].endswith("i nie bierze już żadnej karty na rękę")
    assert took[0]["cs"].endswith("a už nebere žádnou další kartu do ruky")
    assert took[1]["pl"].endswith("i jeszcze 1 kartę na rękę") and took[1]["cs"].endswith("a ještě 1 kartu do ruky")
    assert render("no-such-meld", {"index": 4, "count": 0}, "pl") == "drużyna nie ma układu 4: nie ma żadnego układu"
    assert render("no-such-meld", {"index": 4, "count": 0}, "cs") == "strana nemá vyložení 4: nemá žádné vyložení"


# --- 3. the review of issue 26 against the seeds' own words -------------------------------------

GAME_NAMES = {  # English: the game with a capital, the meld (bolivia, canasta) without
    "Bolivia": re.compile(r"\bBolivia\b"), "Canasta": re.compile(r"\bCanasta\b"),
}
GAME_STEMS = {  # the same games in the language, in any case ending; the adjective (bolivijská) is not the game
    "Bolivia": {"sv": "Bolivi", "da": "Bolivia", "nb": "Bolivia", "pl": "Boliwi", "cs": "Bolivi"},
    "Canasta": {"sv": "Canast", "da": "Canasta", "nb": "Canasta", "pl": "Canast", "cs": "Canast"},
}
TRANSLATED = ("sv", "da", "nb", "pl", "cs")


def _translations(language: str, domain: str) -> dict[str, tuple[str, str]]:
    """Code -> (English, translation) of a domain's catalogue (the message id is the English)."""
    from babel.messages.pofile import read_po

    with i18n.po_path(language, domain).open("rb") as handle:
        catalogue = read_po(handle, locale=language)
    return {str(m.context): (str(m.id), m.string) for m in catalogue if m.context and isinstance(m.string, str)}


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_game_s_name_starts_with_a_capital_wherever_it_names_the_game(language: str) -> None:
    """Bolivia is the game, a bolivia the meld (and Canasta, a canasta): in English the capital tells
    them apart, and the rule texts in each language write the game with it too ("Dla samej Boliwii",
    "U samotné Bolivie", "spilles Bolivia"). So wherever an English text names the game, by hand or
    through the rules title (``{rules}``, said with each preset's title), its translation names it as
    many times at least with the capital: a small letter reads as the meld ("bolivias regler")."""
    titles = {name: (render(f"rules-title:{name}", language="en"), render(f"rules-title:{name}", language=language))
              for name in ("bolivia", "swedish", "two-deck", "canasta")}  # fmt: skip
    assert titles["bolivia"][1][0].isupper() and titles["canasta"][1][0].isupper(), titles
    wrong = []
    for domain in i18n.DOMAINS:
        for code, (english, translation) in _translations(language, domain).items():
            for english_title, title in titles.values() if "{rules}" in english else [("", "")]:
                said_en = english.replace("{rules}", english_title)
                said = translation.replace("{rules}", title)
                for game, pattern in GAME_NAMES.items():
                    stem = GAME_STEMS[game][language]
                    capitals = len(re.findall(rf"\b{stem}(?!j)\w*", said))
                    if capitals < len(pattern.findall(said_en)):
                        wrong.append(f"{domain} {code}: {said[:90]!r}")
    assert not wrong, "\n".join(sorted(set(wrong)))


def _said(language: str, thing: object) -> str:
    """``str(thing)`` in ``language``: a verdict says itself in the process's language."""
    before = get_language()
    set_language(language)
    try:
        return str(thing)
    finally:
        set_language(before)


def test_czech_legal_verdict_agrees_with_a_sequence_and_a_meld_alike() -> None:
    """Before: "platné postupka" joined a neuter adjective to the feminine postupka; the verb "platí" agrees
    with both (4, 5, 6 of hearts: 5 points each, 15; three kings: 10 each, 30)."""
    assert _said("cs", check_meld("4H 5H 6H", "bolivia")) == "postupka podle pravidel „Bolivia“ platí: 15 bodů"
    assert _said("cs", check_meld("KH KS KD", "bolivia")) == (
        "vyložení jedné hodnoty podle pravidel „Bolivia“ platí: 30 bodů"
    )


def test_czech_sequence_suits_verb_agrees_with_its_subject() -> None:
    said = reasons("4C 5H 8S", "cs")
    assert "postupka se skládá z karet jedné barvy" in said and "postupka jsou" not in said


def test_swedish_blocked_pile_calls_no_wild_card_a_stop_card() -> None:
    """The Swedish rule text's stoppkort is a black 3 (glossary: stop card); a joker or 2 on top
    blocks the pile under Bolivia rules without being one."""
    game = Game.from_position(SCENARIOS["wild-on-top"].text)
    said = " | ".join(r.text("sv") for r in game.explain("take pile with KH KS"))
    assert "sakhögen" in said and "stoppkort" not in said


@pytest.mark.parametrize(("language", "kings", "queens"), [
    ("pl", "pary króli", "pary dam"), ("cs", "pár králů", "pár dam"),
])  # fmt: skip
def test_why_a_discard_is_safe_fits_a_rank_of_either_gender(language: str, kings: str, queens: str) -> None:
    """Before: "jedną z króli", "jednu z králů" joined a feminine "one" to the masculine kings; the rank is
    said after "pair" (a genitive either gender takes), the card discarded as "a card of this rank"."""
    for rank, words in (("kings", kings), ("queens", queens)):
        shown = render("why-safe-shown", {"player": 2, "rank": rank}, language)
        declined = render("why-safe-declined", {"player": 2, "rank": rank}, language)
        assert words in shown and words in declined
        assert not re.search(r"\bjedn(ą|u) z\b", shown + declined)


def test_polish_home_names_the_game_not_the_country() -> None:
    """Before: "Odkrywca Boliwii" reads as the discoverer of Bolivia, the country: the game is named as the
    rule titles name it, in the nominative ("zasad „Boliwia”"), after "gry"."""
    for code in ("page-title:index", "page-tab-title", "cli-help:description"):
        said = render(code, {"title": "Gra"}, "pl")
        assert "gry Boliwia" in said and "Odkrywca" not in said and "Boliwii" not in said, said


def test_swedish_genitive_after_a_number_takes_a_colon() -> None:
    """Swedish writes the genitive of a numeral with a colon, "spelare 2:s", "lag 1:s": no Swedish
    text puts the s straight after a number's placeholder."""
    stuck = [code for code, (_en, sv) in _translations("sv", "bolivia").items()
             if re.search(r"\{(player|side|hand|asker)\}s\b", sv)]  # fmt: skip
    assert not stuck
    assert render("watch-hand-of", {"player": 2, "count": 3}, "sv") == "spelare 2:s hand, 3 kort"


def test_swedish_simulation_counts_deals_in_the_plural() -> None:
    said = render("sim-hands", {"hands": 19, "gone_out": 12, "actions": 2500, "seconds": 1.0, "per_second": 2500,
                                "hands_per_second": 19.0}, "sv")  # fmt: skip
    assert said.startswith("19 givar (12 slutade med utgång)") and said.endswith("19,0 givar/s"), said
    assert render("sim-hands", {"hands": 1, "gone_out": 1, "actions": 90, "seconds": 1.0, "per_second": 90,
                                "hands_per_second": 1.0}, "sv").startswith("1 giv (")  # fmt: skip


@pytest.mark.parametrize(("language", "said"), [
    ("pl", "Według zasad „wariant szwedzki” drużyna wyłożyła układy:"),
    ("cs", "Podle pravidel „švédská varianta“ strana vyložila:"),
])  # fmt: skip
def test_score_exercise_puts_the_rules_title_in_quotes(language: str, said: str) -> None:
    """A rule set's title is a name in the nominative ("wariant szwedzki"): after "zasad" it needs the
    quotes every other text gives it, or it reads in the wrong case."""
    assert render("exercise-score-melds", {"rules": "Swedish"}, language) == said


def test_danish_values_question_keeps_one_tense() -> None:
    """Before: "Da en hånd slutter" mixed the past "da" with the present; the question is in the present."""
    question = _translations("da", "lessons")["values:question"][1]
    assert question.startswith("Når en hånd slutter, har din side meldt tre esser")


def test_swedish_escalera_and_the_club_s_red_samba_are_different_words() -> None:
    """The Swedish club's natural samba is its "röd Samba" (the Swedish text's own word); Bolivia's seven-card
    sequence is an escalera in Swedish too: "samba" is the Swedish variant's word, not Bolivia's (issue 37)."""
    spades = "4S 5S 6S 7S 8S 9S 10S"
    escalera = _said("sv", check_meld(spades, "bolivia"))
    club = _said("sv", check_meld(spades, "swedish"))
    assert "escalera" in escalera and "Samba" not in escalera and "samba" not in escalera, escalera
    assert "röd Samba" in club, club
    labels = {code: sv for code, (_en, sv) in _translations("sv", "bolivia").items() if code.startswith("label:")}
    assert labels["label:mixed-sequence:escalera"] != labels["label:mixed-sequence:samba"]
