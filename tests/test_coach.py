"""The coach beside a learner: a warning only for a clear mistake, its suggested move the hint, its
line never arguing both ways, rare when a club player sits in the learner's seat; and the reasons
the heuristic gives for answering partner, worked out from the card values."""

from __future__ import annotations

import re

import pytest

from bolivia_core.actions import Meld, parse_action
from bolivia_core.cards import parse_cards
from bolivia_core.game import Game, new_game
from bolivia_core.i18n import LANGUAGES, Explanation, render
from bolivia_core.players import Advice, coach_advice, hint, rank_actions, seat_players
from bolivia_core.players.coach import AGAINST, DOUBT
from bolivia_core.seat import seat_view

LEARNER = 1
CARD_CODE = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b")
FEEDS_THE_PILE = (
    "rules=canasta; turn=1; phase=play; melds1=5H 5S 5D; melds2=KH KS KC; "
    "p1=KD 9C 6H 7D JS; pile=4C 4D 6C 6S 7C 8D 9H 10S JD QC QH AD"
)
"""Canasta: player 2's side has melded kings and the pile is not frozen for them, so a discarded king
lets player 2 take all 13 cards onto their meld, while 6H is one they are unlikely to want."""


def _reasons(advice: Advice) -> list[Explanation]:
    """Every explanation inside a warning's one line."""
    params = advice.line.params
    return [*params.get("against", ()), *params["why"]]


def _check_warning(game: Game, advice: Advice, level: str, seed: int) -> None:
    """A warning names the learner's move and suggests the hint, argues one way only and says so
    in every language."""
    assert advice.suggested == hint(seat_view(game, LEARNER), level, seed=seed).decision
    assert advice.action != advice.suggested.action and advice.gap >= 150
    assert advice.line.params["action"] == advice.action and advice.line.params["suggested"] == advice.suggested.action
    codes = [w.code for w in _reasons(advice)]
    assert DOUBT not in codes, advice  # "came out ahead" beside "would not": the contradiction of issue 24
    assert all(w.code in AGAINST for w in advice.line.params.get("against", ())), advice
    assert not any(w.code in AGAINST for w in advice.line.params["why"]), advice  # no reason against the hint
    for w in advice.line.params["why"]:
        if w.code.startswith("why-strong-"):  # a look-ahead it repeats weighed this very move, and won
            assert w.code == "why-strong-lookahead" and w.params["other"] == advice.action
    for language in LANGUAGES:
        text = advice.text(language)
        assert text and "{" not in text


def test_a_move_that_feeds_the_next_player_a_big_pile_is_warned_about_with_the_hint() -> None:
    game = Game.from_position(FEEDS_THE_PILE)
    for level in ("club", "strong"):
        advice = coach_advice(seat_view(game, LEARNER), "discard KD", level=level, seed=3)
        assert advice is not None
        _check_warning(game, advice, level, 3)
        assert [w.code for w in advice.line.params["against"]] == ["why-feeds"]
        assert str(advice).startswith("The coach would not discard KD: it may let player 2 take a 13-card pile")
        assert coach_advice(seat_view(game, LEARNER), advice.suggested.action, level=level, seed=3) is None


def test_the_same_position_and_seed_give_the_same_advice() -> None:
    first = coach_advice(seat_view(Game.from_position(FEEDS_THE_PILE), LEARNER), "discard KD", seed=7)
    again = coach_advice(seat_view(Game.from_position(FEEDS_THE_PILE).clone(), LEARNER), "discard KD", seed=7)
    assert first is not None and first == again and first.to_dict() == again.to_dict()  # type: ignore[union-attr]


def test_a_safe_discard_close_to_the_hint_brings_no_warning() -> None:
    """9C rates within a few heuristic points of the hint's 6H: a different move, not a clear mistake."""
    game = Game.from_position(FEEDS_THE_PILE)
    ranked = {str(r.action): r.score for r in rank_actions(seat_view(game, LEARNER))}
    assert abs(ranked["discard 9C"] - ranked["discard 6H"]) < 150
    assert coach_advice(seat_view(game, LEARNER), "discard 9C", level="club") is None


def test_the_coach_refuses_an_illegal_move_or_a_seat_not_to_move() -> None:
    game = Game.from_position(FEEDS_THE_PILE)
    with pytest.raises(ValueError, match="discard AS is not a legal action now"):
        coach_advice(seat_view(game, LEARNER), "discard AS")
    with pytest.raises(ValueError, match="player 2 has nothing to decide now: it is player 1's turn"):
        coach_advice(seat_view(game, 2), "discard KD")
    with pytest.raises(ValueError, match="unknown player level 'chess'"):
        coach_advice(seat_view(game, LEARNER), "discard KD", level="chess")


def _learner_moves(preset: str, seed: int, learner: str, limit: int) -> list[tuple[Game, str]]:
    """Positions of a seeded hand where the learner's seat (a computer ``learner`` level, the other
    seats club) is to draw or play, with the move that level made there."""
    game = new_game(preset, 4, seed)
    seats = seat_players(["club"], 4, seed)
    seats[LEARNER - 1] = seat_players([learner], 4, seed)[LEARNER - 1]
    found: list[tuple[Game, str]] = []
    while game.phase in ("draw", "play", "answer") and len(found) < limit:
        action = seats[game.to_move - 1].choose(seat_view(game, game.to_move)).action
        if game.to_move == LEARNER and game.phase in ("draw", "play"):
            found.append((game.clone(), str(action)))
        game.apply(action)
    return found


@pytest.mark.parametrize(("preset", "seed"), [("bolivia", 1), ("two-deck", 2)])
def test_club_in_the_learners_seat_is_warned_on_at_most_one_move_in_ten(preset: str, seed: int) -> None:
    """The club level plays sound moves: the coach (strong, its default) warns on few of them, and
    playing the hint instead never brings a warning. ``benchmarks/bench_coach.py`` measures more games."""
    moves = _learner_moves(preset, seed, "club", limit=40)
    assert len(moves) >= 20
    warned = 0
    for n, (game, played) in enumerate(moves):
        advice = coach_advice(seat_view(game, LEARNER), played, seed=n)
        if advice is not None:
            warned += 1
            _check_warning(game, advice, "strong", n)
        view = seat_view(game, LEARNER)
        assert coach_advice(view, hint(view, "strong", seed=n).action, seed=n) is None
    assert warned * 10 <= len(moves), f"{warned} warnings on {len(moves)} club moves"


def test_a_beginners_mistakes_are_warned_about_and_every_warning_suggests_the_hint() -> None:
    """The beginner spends wild cards, breaks pairs and feeds the pile: some of its moves are clear
    mistakes, and each warning is the hint, argued one way."""
    moves = _learner_moves("bolivia", 4, "beginner", limit=40)
    warned = 0
    for n, (game, played) in enumerate(moves):
        advice = coach_advice(seat_view(game, LEARNER), played, "club", n)
        if advice is not None:
            warned += 1
            _check_warning(game, advice, "club", n)
    assert warned, "a beginner's hand without one clear mistake"


# --- answering partner: the reason given for each answer, worked out from the card values ---------


def _asked(partner_hand: str) -> Game:
    """Bolivia: player 1's side has an escalera and a canasta, so it may go out; player 1 asks, and
    partner (player 3, holding ``partner_hand``) is to answer."""
    game = Game.from_position(
        "rules=bolivia; turn=1; phase=play; melds1=4C 5C 6C 7C 8C 9C 10C | KS KD KC KH KS KD KC; "
        f"p1=QH QS QD 9H; p3={partner_hand}; p2=4S 6D 7H 8S 10C QD KH; p4=4D 6C 7S 8D 10H QS KC; pile=5C 9C"
    )
    game.apply("ask partner")
    assert game.phase == "answer" and game.to_move == 3
    return game


def test_answering_partner_on_a_light_hand_says_it_is_light_both_ways() -> None:
    """4H and 5D are 5 points each: 10 points in hand. Yes is the better answer, and the reason given
    for no says the hand is light; it used to say "this hand still holds 10 points that would count
    against the side", the reason for a heavy hand."""
    ranked = {str(r.action): r for r in rank_actions(seat_view(_asked("4H 5D"), 3))}
    yes, no = ranked["answer yes"], ranked["answer no"]
    assert yes.score > no.score
    assert [w.code for w in yes.rationale] == ["why-answer-yes-light"] and yes.rationale[0].params == {"points": 10}
    assert [w.code for w in no.rationale] == ["why-answer-no-light"] and no.rationale[0].params == {"points": 10}
    assert str(no.rationale[0]) == (
        "no keeps partner from going out, though this hand holds only 10 points that would count against the side"
    )


def test_answering_partner_on_a_heavy_hand_says_it_is_heavy_both_ways() -> None:
    """Two jokers (50 each), an ace, an ace and a 2 (20 each): 160 points, more than club's 150, with
    a full stock: no is the better answer, and the reason given for yes says the hand is heavy."""
    ranked = {str(r.action): r for r in rank_actions(seat_view(_asked("JK JK AH AD 2C"), 3))}
    yes, no = ranked["answer yes"], ranked["answer no"]
    assert no.score > yes.score
    assert [w.code for w in no.rationale] == ["why-answer-no-heavy"] and no.rationale[0].params == {"points": 160}
    assert [w.code for w in yes.rationale] == ["why-answer-yes-heavy"] and yes.rationale[0].params == {"points": 160}


# --- reasons true to the table they are given at (issue 24 item 7: a newcomer's play-through) -------


def _reasons_of(game: Game, action: str) -> list[Explanation]:
    return list(next(r for r in rank_actions(seat_view(game, LEARNER)) if str(r.action) == action).rationale)


def _pair_and_pile(pile: str) -> Game:
    """Bolivia, player 1 to play with a sequence on the table, a natural pair of 9s and one wild card."""
    return Game.from_position(f"rules=bolivia; turn=1; phase=play; melds1=4S 5S 6S; p1=9H 9D 2C KS 7C QD; pile={pile}")


@pytest.mark.parametrize("pile", ["4C 6D 7H 8S 10C QD KH 5C AD", "4C 6D 7H 8S 10C QD KH 5C 3S"])
def test_a_pair_kept_for_the_pile_is_said_as_what_it_waits_for_not_as_taking_this_pile(pile: str) -> None:
    """An ace on top takes a natural pair of aces, and a black 3 on top blocks the pile: the 9s cannot
    take this pile now (the engine refuses it). Strong keeps them back from a meld all the same, for a
    pile topped by a 9 later; the reason must say so ("a natural pair of 9s ... when its top card
    matches them"), not that they "could take the 9-card pile"."""
    from bolivia_core.players.heuristic import score_actions
    from bolivia_core.players.style import STRONG
    from bolivia_core.seat import seat_view

    game = _pair_and_pile(pile)
    assert game.explain("take pile with 9H 9D")  # refused: this pile is not one the 9s take
    meld = Meld((tuple(parse_cards("9H 9D 2C")),))
    assert not game.explain(meld)
    (kept,) = score_actions(seat_view(game, LEARNER), [meld], STRONG)[0].rationale
    assert kept.code == "why-keep-pair-for-pile" and kept.params["cards"] == "9D 9H" and kept.params["rank"] == "9s"
    for language in LANGUAGES:
        assert "{" not in kept.text(language)
    assert "9s" in str(kept) and not re.search(r"(can|could) take the \d+-card pile", str(kept))


def test_adding_to_a_meld_already_complete_does_not_complete_it() -> None:
    """Seven aces, one of them a 2, are a complete mixed canasta (Bolivia: seven cards complete a meld).
    A natural ace added to it completes nothing; the same ace added to six aces does."""
    complete = Game.from_position("rules=bolivia; turn=1; phase=play; melds1=AH AS AC AD AH AS 2C; p1=AD 5C 9H KS QD")
    six = Game.from_position("rules=bolivia; turn=1; phase=play; melds1=AH AS AC AD AH 2C; p1=AD 5C 9H KS QD")
    assert "why-add-completes" not in [w.code for w in _reasons_of(complete, "add AD to 1")]
    (completes,) = _reasons_of(six, "add AD to 1")
    assert completes.code == "why-add-completes" and completes.params["label"] == "mixed canasta"


def test_a_card_kept_for_a_sequence_names_the_cards_it_would_go_with() -> None:
    """A Bolivia sequence is seven cards in a row of one suit: 5C, 9C and JC fit 5-J, so club keeps 5C
    from the side's 5s and names 9C JC as its company. With no other club in hand, 5C joins the 5s."""
    clubs = Game.from_position("rules=bolivia; turn=1; phase=play; melds1=5S 5D 5H; p1=5C 9C JC KH QD 7S")
    (kept,) = _reasons_of(clubs, "add 5C to 1")
    assert kept.code == "why-keep-for-escalera" and kept.params["cards"] == "5C" and kept.params["partners"] == "9C JC"
    alone = Game.from_position("rules=bolivia; turn=1; phase=play; melds1=5S 5D 5H; p1=5C 9D JH KH QD 7S")
    assert all(w.code != "why-keep-for-escalera" for w in _reasons_of(alone, "add 5C to 1"))


def test_the_reasons_call_a_sequence_what_the_rules_call_it_with_a_fitting_article() -> None:
    """The two-deck preset calls a complete sequence a canasta: a reason there never says escalera, and
    no reason in English says "a escalera" (an "a" before a vowel)."""
    game = Game.from_position("rules=two-deck; turn=1; phase=play; melds1=KS KD KC; p1=4H 5H 6H 9C QD 7S")
    (sequence,) = _reasons_of(game, "meld 4H 5H 6H")
    assert sequence.code == "why-meld-sequence" and "escalera" not in str(sequence) and "canasta" in str(sequence)
    from bolivia_core.players.messages import EN
    from bolivia_core.rules import PRESETS, get_rules

    names = {render(f"label:natural-sequence:{get_rules(p).sequence_called}") for p in PRESETS}
    for code in (c for c in EN if c.startswith("why-")):
        for name in names:
            params = {"cards": "5C", "card": "5C", "partners": "6C", "sequence": name, "label": name, "rank": "9s",
                      "index": 1, "count": 3, "samples": 3, "margin": 9, "other": "discard 5C", "player": 2,
                      "points": 10, "minimum": 50, "wilds": 1, "percent": 5, "laid": 3, "worlds": 8}  # fmt: skip
            text = render(code, params)
            assert not re.search(r"\ba [aeiou]", text), (code, text)


def test_a_hint_goes_stale_when_the_learner_plays_another_move_and_the_page_says_so() -> None:
    """Seed 2, four seats, the learner's fourth turn (the position the newcomer met): the hint is shown,
    the learner lays 9C on the side's 9s instead, and the hint, made for the position before, is gone
    from the page with a line that says it no longer holds; the hint asked again is for the new
    position, and playing it brings no warning."""
    pytest.importorskip("ipywidgets")
    from bolivia_widgets import PlayTable

    table = PlayTable(seed=2, players=4, language="en")
    solo = table.source
    assert table.handle({"do": "resume", "text": FOURTH_TURN})
    table.handle({"do": "hint"})
    shown = solo.hint_action()
    assert shown is not None and str(shown) != "add 9C to 1" and table.message and table.message["kind"] == "coach"
    hinted = " ".join(table.message["lines"])  # cards said in words, as the table says them
    assert hinted.startswith("Best now: ") and not CARD_CODE.search(hinted), hinted  # the expert's one sentence
    assert table.handle({"do": "move", "move": str(parse_action("add 9C to 1"))})
    assert table.said is not None and table.said.lines[-1]["code"] == "play-hint-stale", table.said
    said = table.message["lines"][-1]
    assert said.startswith("The coach's hint") and "before your move" in said
    again = solo.hint_action()
    assert again is not None
    assert coach_advice(seat_view(solo.game, LEARNER), again, seed=solo._seed_for_move()) is None


FOURTH_TURN = (
    "rules=bolivia; players=4; seed=2; target=15000; hand=1; dealer=1; turn=1; phase=play; scores=0,0; "
    "p1=5C 6D 6H 9C 9H 9H 10C 10C 10H; p2=3C 3S 4C 4H 5C 5H 6D 7C AC AH; p3=4D 4D 4S 5C 5H 8D 9C JC JD JH QC QD; "
    "p4=4S 5H 9D 10D; melds1=9S 9D 9S | AD AH AS JK | 6D 7D 8D | 8S 9S 10S 7S | JD QD KD AD; "
    "melds2=8H 8S 8S 8C 8C 8H | JC JS JS | 2D JK JK 2H 2S JK | QD KD AD 10D JD 9D 8D | KC KH KS KC KH KH KS | "
    "7D 7S 7S JK; red1=3H 3D; red2=3H 3D; pile=3C 10H 6C; stock=2H KS 7C QH 6H AC 5S 3S 4D 6S 2C QS 10H QS 6S "
    "10D JC QC JS 7D QH 4C 7H AS 3D AS 9C 6H KD 5D 4H AC 2H 10S 2S QS KC QH 4S 7H 2C 5D 5D 4H 7H 10S 3C 3S 3H 9H "
    "5S 8C 6S JH 5S 6C 6C QC 2C 2D 4C JH AH 8H 10C 7C 2D 2S JK"
)
"""Seed 2, four seats, every seat playing the strong level's moves (the learner its hints): the learner
has drawn on its fourth turn, holding 9C 9H 9H beside the side's meld of 9s."""


def test_a_tournament_refuses_an_unknown_level_in_the_process_language() -> None:
    from bolivia_core.i18n import get_language, set_language
    from bolivia_core.tools.tournament import play_tournament

    previous = get_language()
    set_language("sv")
    try:
        with pytest.raises(ValueError) as refused:
            play_tournament(seats=["club", "chess"], games=1)
    finally:
        set_language(previous)
    assert "'chess'" in str(refused.value) and "unknown player level" not in str(refused.value)
