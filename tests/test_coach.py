"""The coach beside a learner: a warning only for a clear mistake, its suggested move the hint, its
line never arguing both ways, rare when a club player sits in the learner's seat; and the reasons
the heuristic gives for answering partner, worked out from the card values."""

from __future__ import annotations

import pytest

from bolivia_core.game import Game, new_game
from bolivia_core.i18n import LANGUAGES, Explanation
from bolivia_core.players import Advice, coach_advice, hint, rank_actions, seat_players
from bolivia_core.players.coach import AGAINST, DOUBT

LEARNER = 1
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
    assert advice.suggested == hint(game, LEARNER, level, seed)
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
        advice = coach_advice(game, LEARNER, "discard KD", level=level, seed=3)
        assert advice is not None
        _check_warning(game, advice, level, 3)
        assert [w.code for w in advice.line.params["against"]] == ["why-feeds"]
        assert str(advice).startswith("The coach would not discard KD: it may let player 2 take a 13-card pile")
        assert coach_advice(game, LEARNER, advice.suggested.action, level=level, seed=3) is None


def test_the_same_position_and_seed_give_the_same_advice() -> None:
    first = coach_advice(Game.from_position(FEEDS_THE_PILE), LEARNER, "discard KD", seed=7)
    again = coach_advice(Game.from_position(FEEDS_THE_PILE).clone(), LEARNER, "discard KD", seed=7)
    assert first is not None and first == again and first.to_dict() == again.to_dict()  # type: ignore[union-attr]


def test_a_safe_discard_close_to_the_hint_brings_no_warning() -> None:
    """9C rates within a few heuristic points of the hint's 6H: a different move, not a clear mistake."""
    game = Game.from_position(FEEDS_THE_PILE)
    ranked = {str(r.action): r.score for r in rank_actions(game, LEARNER)}
    assert abs(ranked["discard 9C"] - ranked["discard 6H"]) < 150
    assert coach_advice(game, LEARNER, "discard 9C", level="club") is None


def test_the_coach_refuses_an_illegal_move_or_a_seat_not_to_move() -> None:
    game = Game.from_position(FEEDS_THE_PILE)
    with pytest.raises(ValueError, match="discard AS is not a legal action now"):
        coach_advice(game, LEARNER, "discard AS")
    with pytest.raises(ValueError, match="player 2 has nothing to decide now: it is player 1's turn"):
        coach_advice(game, 2, "discard KD")
    with pytest.raises(ValueError, match="unknown player level 'chess'"):
        coach_advice(game, LEARNER, "discard KD", level="chess")


def _learner_moves(preset: str, seed: int, learner: str, limit: int) -> list[tuple[Game, str]]:
    """Positions of a seeded hand where the learner's seat (a computer ``learner`` level, the other
    seats club) is to draw or play, with the move that level made there."""
    game = new_game(preset, 4, seed)
    seats = seat_players(["club"], 4, seed)
    seats[LEARNER - 1] = seat_players([learner], 4, seed)[LEARNER - 1]
    found: list[tuple[Game, str]] = []
    while game.phase in ("draw", "play", "answer") and len(found) < limit:
        action = seats[game.to_move - 1].choose(game).action
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
        advice = coach_advice(game, LEARNER, played, seed=n)
        if advice is not None:
            warned += 1
            _check_warning(game, advice, "strong", n)
        assert coach_advice(game, LEARNER, hint(game, LEARNER, seed=n).action, seed=n) is None
    assert warned * 10 <= len(moves), f"{warned} warnings on {len(moves)} club moves"


def test_a_beginners_mistakes_are_warned_about_and_every_warning_suggests_the_hint() -> None:
    """The beginner spends wild cards, breaks pairs and feeds the pile: some of its moves are clear
    mistakes, and each warning is the hint, argued one way."""
    moves = _learner_moves("bolivia", 4, "beginner", limit=40)
    warned = 0
    for n, (game, played) in enumerate(moves):
        advice = coach_advice(game, LEARNER, played, "club", n)
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
    ranked = {str(r.action): r for r in rank_actions(_asked("4H 5D"), 3)}
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
    ranked = {str(r.action): r for r in rank_actions(_asked("JK JK AH AD 2C"), 3)}
    yes, no = ranked["answer yes"], ranked["answer no"]
    assert no.score > yes.score
    assert [w.code for w in no.rationale] == ["why-answer-no-heavy"] and no.rationale[0].params == {"points": 160}
    assert [w.code for w in yes.rationale] == ["why-answer-yes-heavy"] and yes.rationale[0].params == {"points": 160}
