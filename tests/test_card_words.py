"""Cards in words a native speaker would write (issue 37, item 6): each card named as the language's card
players name it, declined where the sentence needs it, and one word for each thing of the game.

Every expected sentence here is worked out from the language's grammar, not copied from what the code
prints: Polish "odrzucić" takes the accusative ("damę karo", not "dama karo"), a past verb agrees with its
card's gender ("została piątka trefl": piątka is feminine) and "z" takes the instrumental ("z królem kier");
Czech names the suit with an adjective agreeing with the card ("kárová dáma", accusative "károvou dámu"),
vocalises "s" before s-, z-, š-, ž- ("se srdcovým králem"); the Scandinavian languages put the suit first
and do not decline ("hjärter fyra", "spar es", "spar ess"). A page says cards in words; the command line
keeps the notation a player types.
"""

from __future__ import annotations

import pytest

from bolivia_core import Card
from bolivia_core.i18n import card_gender, card_name, cards_said, render

import bolivia_core.players  # noqa: F401  (the players' words: their reasons name cards too)


def said(code: str, language: str, **params: object) -> str:
    return render(code, params, language, cards="words")


@pytest.mark.parametrize(
    ("language", "card", "case", "name"),
    [
        ("en", "QD", "nom", "queen of diamonds"), ("en", "5C", "nom", "5 of clubs"), ("en", "JK", "nom", "joker"),
        ("sv", "4H", "nom", "hjärter fyra"), ("sv", "KS", "nom", "spader kung"), ("sv", "10D", "nom", "ruter tia"),
        ("da", "AS", "nom", "spar es"), ("da", "KH", "nom", "hjerter konge"), ("da", "JC", "nom", "klør knægt"),
        ("nb", "AS", "nom", "spar ess"), ("nb", "7D", "nom", "ruter sju"),
        ("pl", "QD", "nom", "dama karo"), ("pl", "QD", "acc", "damę karo"), ("pl", "5C", "nom", "piątka trefl"),
        ("pl", "5C", "acc", "piątkę trefl"), ("pl", "KH", "acc", "króla kier"), ("pl", "KH", "ins", "królem kier"),
        ("pl", "JC", "acc", "waleta trefl"), ("pl", "AS", "gen", "asa pik"), ("pl", "JK", "acc", "jokera"),
        ("pl", "2H", "gen", "dwójki kier"),
        ("cs", "QD", "nom", "kárová dáma"), ("cs", "QD", "acc", "károvou dámu"), ("cs", "KH", "nom", "srdcový král"),
        ("cs", "KH", "acc", "srdcového krále"), ("cs", "AS", "nom", "pikové eso"), ("cs", "AS", "acc", "pikové eso"),
        ("cs", "AS", "gen", "pikového esa"), ("cs", "5C", "ins", "křížovou pětkou"), ("cs", "JK", "acc", "žolíka"),
    ],
)  # fmt: skip
def test_a_card_is_named_and_declined_as_the_language_does(language: str, card: str, case: str, name: str) -> None:
    assert card_name(Card.parse(card), language, case) == name


def test_a_card_s_gender_is_its_name_s() -> None:
    assert [card_gender(Card.parse(c), "pl") for c in ("5C", "QD", "KH", "AS", "JK")] == ["f", "f", "m", "m", "m"]
    assert [card_gender(Card.parse(c), "cs") for c in ("5C", "QD", "KH", "AS", "JK")] == ["f", "f", "m", "n", "m"]


@pytest.mark.parametrize(
    ("language", "code", "params", "sentence"),
    [
        # to discard a card: the accusative in Polish and Czech
        ("pl", "action:discard", {"card": "QD"}, "odrzucić damę karo"),
        ("cs", "action:discard", {"card": "QD"}, "odhodit károvou dámu"),
        ("sv", "action:discard", {"card": "4H"}, "saka hjärter fyra"),
        ("en", "action:discard", {"card": "5D"}, "discard the 5 of diamonds"),
        # the pile taken with a pair: the instrumental, as the seeds say "czystą parą", "čistým párem"
        ("pl", "action:take-pile", {"cards": "KH KS"}, "wziąć stos królem kier i królem pik"),
        ("cs", "action:take-pile", {"cards": "KH KS"}, "vzít balíček srdcovým králem a pikovým králem"),
        ("en", "action:take-pile", {"cards": "KH KS"}, "take the pile with the king of hearts and the king of spades"),
        # a card left in hand: the verb agrees with the card ("piątka" is feminine), plural for several
        ("pl", "score-hand-cards", {"cards": "5C"}, "na ręce została piątka trefl: wartość kart liczy się na minus "
                                                    "drużynie"),
        ("pl", "score-hand-cards", {"cards": "KH"}, "na ręce został król kier: wartość kart liczy się na minus "
                                                    "drużynie"),
        ("pl", "score-hand-cards", {"cards": "3C 3S"}, "na ręce zostały trójka trefl i trójka pik: wartość kart "
                                                       "liczy się na minus drużynie"),
        ("cs", "score-hand-cards", {"cards": "5C"}, "v ruce zůstala křížová pětka: hodnota karet se počítá proti "
                                                    "straně"),
        # "with the king on top": Polish "z" + instrumental; Czech "s", vocalised to "se" before "srdcový"
        ("pl", "event-take-pile", {"player": 2, "card": "KH", "count": 3},
         "gracz 2 bierze stos z królem kier na wierzchu i jeszcze 3 karty na rękę"),
        ("cs", "event-take-pile", {"player": 2, "card": "KH", "count": 3},
         "hráč 2 bere balíček se srdcovým králem navrchu a ještě 3 karty do ruky"),
        ("cs", "event-take-pile", {"player": 2, "card": "KD", "count": 3},
         "hráč 2 bere balíček s károvým králem navrchu a ještě 3 karty do ruky"),
        # a negated verb takes the genitive in Polish: "nie można wziąć dwójki"
        ("pl", "pile-top-not-natural", {"card": "2C", "rules": "Canasta"},
         "dwójki trefl na wierzchu nie można wziąć naturalną parą według zasad „Canasta”"),
        # the pronoun agrees with the card: "wyłóż go" for a king, "ją" for a queen
        ("pl", "pile-way", {"card": "KD", "rules": "Canasta", "ways": ("natural pair",)},
         "aby wziąć króla karo według zasad „Canasta”, wyłóż go z kartami z ręki: naturalna para"),
        ("pl", "pile-way", {"card": "QD", "rules": "Canasta", "ways": ("natural pair",)},
         "aby wziąć damę karo według zasad „Canasta”, wyłóż ją z kartami z ręki: naturalna para"),
        # the players' reasons, and the log, name cards the same way
        ("pl", "why-discard-club", {"card": "5C"}, "odrzuca piątkę trefl: to karta najmniej przydatna jego drużynie"),
        ("cs", "event-discard", {"player": 3, "card": "JK"}, "hráč 3 odhazuje žolíka"),
        ("sv", "event-discard", {"player": 2, "card": "KS"}, "spelare 2 sakar spader kung"),
    ],
)  # fmt: skip
def test_golden_sentences_decline_their_cards(language: str, code: str, params: dict[str, object],
                                              sentence: str) -> None:  # fmt: skip
    assert said(code, language, **params) == sentence


def test_the_command_line_keeps_the_notation_a_player_types() -> None:
    """The same sentence without a page: the card as typed, so a line can be typed back."""
    assert render("action:discard", {"card": "QD"}, "pl") == "odrzucić QD"
    assert render("event-take-pile", {"player": 2, "card": "KH", "count": 3}, "cs") == (
        "hráč 2 bere balíček s KH navrchu a ještě 3 karty do ruky"
    )


def test_a_list_of_cards_is_joined_with_the_language_s_and() -> None:
    cards = [Card.parse(c) for c in ("KH", "KS", "2C")]
    assert cards_said(cards, "pl", "acc") == "króla kier, króla pik i dwójkę trefl"
    assert cards_said(cards, "cs", "acc") == "srdcového krále, pikového krále a křížovou dvojku"
    assert cards_said(cards, "en") == "the king of hearts, the king of spades and the 2 of clubs"


def test_an_unknown_case_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="unknown grammatical case 'akk'"):
        card_name(Card.parse("QD"), "pl", "akk")


# --- one word for each thing of the game, the same on every page -----------------------------------------


@pytest.mark.parametrize("code", ["event-deal", "hand-over", "play-next-hand", "action:next-hand", "play-col-hand",
                                  "table-hand-number", "play-hand-ended-out", "scen:to-hand-over"])  # fmt: skip
def test_czech_calls_a_hand_of_play_kolo(code: str) -> None:
    """"Ruka" is the cards a player holds; a hand of play, from the deal to the scoring, is "kolo"."""
    from bolivia_core.i18n import translated

    import bolivia_core.tools  # noqa: F401
    import bolivia_widgets  # noqa: F401

    template = (translated(code, "cs") or "").lower()
    assert "kol" in template and "ruk" not in template and "ruce" not in template, template


def test_polish_calls_a_team_druzyna() -> None:
    """A side of partners is a "drużyna", in every message that names it."""
    for code in ("play-side-you-short", "play-your-melds", "cannot-go-out", "exercise-score-melds"):
        text = render(code, {"rules": "Bolivia", "needs": "x", "players": "1"}, "pl")
        assert "drużyn" in text and "stron" not in text, text


def test_swedish_calls_bolivia_s_sequence_an_escalera_not_a_samba() -> None:
    """"Samba" is the Swedish club variant's word; Bolivia's complete sequence is an escalera."""
    from bolivia_core import check_meld, set_language

    set_language("sv")
    assert str(check_meld("4S 5S 6S 7S 8S 9S 10S", "bolivia")).startswith("tillåten escalera enligt reglerna i Bolivia")
    assert "Samba" in str(check_meld("4S 5S 6S 7S 8S 9S 10S", "swedish"))


@pytest.mark.parametrize(("language", "words"), [("en", "deal number"), ("sv", "giv nummer"), ("da", "giv nummer"),
                                                 ("nb", "giv nummer"), ("pl", "rozdanie nr"), ("cs", "rozdání č.")])
def test_a_deal_is_numbered_as_card_players_number_it(language: str, words: str) -> None:
    """A game's seed is a deal number on the pages, never a word-for-word "seed" (frö, ziarno, semínko)."""
    import bolivia_widgets  # noqa: F401

    text = render("watch-dealt", {"seed": 3, "player": 2}, language).lower()
    assert words in text, text
    for seed in ("seed", "frö", "frø", "ziarn", "semín"):
        assert seed not in text, text
