"""The coach on the expert: a hint is one short sentence (the move and its main reason) with the numbers
as data, in every language; a hand's review names the seat's costliest decisions by the expert's
estimate, each at its moment, and never a card the seat had not seen then."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from bolivia_core.actions import Action, Add, Discard, Meld, TakePile
from bolivia_core.cards import Card
from bolivia_core.game import Game, new_game
from bolivia_core.i18n import LANGUAGES, Explanation
from bolivia_core.players import Budget, hint, review, seat_players
from bolivia_core.scenario import format_position, parse_position
from bolivia_core.seat import SeatView, seat_view

QUICK = Budget(playouts=16)
CARD = re.compile(r"(?<![\w])(?:10|[2-9JQKA])[CDHS](?![\w])|(?<![\w])JK(?![\w])")
"""A card in notation within a sentence: the only way the catalogue names a card."""


def _cards_of(action: Action) -> list[Card]:
    if isinstance(action, Discard):
        return [action.card]
    if isinstance(action, Meld):
        return [c for m in action.melds for c in m]
    if isinstance(action, Add):
        return list(action.cards)
    if isinstance(action, TakePile):
        return [*action.cards, *(c for m in action.melds for c in m)]
    return []


def _decisions(preset: str, players: int, seed: int, every: int) -> list[SeatView]:
    """Views of the seat to act, every few moves of a club-played hand, where it has a choice."""
    game = new_game(preset, players, seed=seed)
    club = seat_players(["club"], players, seed)
    found = []
    while game.phase in ("draw", "play", "answer"):
        view = seat_view(game, game.to_move)
        if len(game.history) % every == 0 and len(view.legal_actions()) > 1:
            found.append(view)
        game.apply(club[game.to_move - 1].choose(view).action)
    return found


@pytest.mark.parametrize(("preset", "players", "seed"), [("bolivia", 4, 8), ("canasta", 2, 9)])
def test_a_hint_is_one_sentence_naming_the_move_once_in_every_language(preset: str, players: int, seed: int) -> None:
    for view in _decisions(preset, players, seed, every=11)[:8]:
        advice = hint(view, budget=QUICK, seed=3)
        assert advice.action in view.legal_actions()
        assert advice.sentence.code == "hint-says"
        (reason,) = advice.sentence.params["reason"]
        for language in LANGUAGES:
            text = advice.text(language)
            assert text.endswith(".") and "{" not in text, text
            assert not re.search(r"[.!?]\s", text[:-1]), f"more than one sentence: {text}"
            assert text.count(advice.action.said(language)) == 1, text
            if reason.code != "hint-why:search":  # the reason never names the move's cards again
                assert not set(CARD.findall(reason.text(language))) & {str(c) for c in _cards_of(advice.action)}
        assert advice.why == advice.decision.rationale and advice.why


def test_the_numbers_behind_a_hint_are_data_and_read_back_as_json() -> None:
    view = seat_view(Game.from_position(
        "rules=bolivia; turn=1; phase=play; melds1=4S 5S 6S | KC KD KH; p1=9H 9D JD 7C QS 5H 10C; pile=4C 6D"), 1)
    advice = hint(view, budget=Budget(playouts=48), seed=1)
    data = advice.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["action"] == str(advice.action) and data["sentence"]["code"] == "hint-says"
    search = data["search"]
    assert search["worlds"] >= 2 and search["playouts"] <= 48 and search["estimates"][0]["action"] == data["action"]
    assert any(w["code"] == "why-expert" and w["params"]["worlds"] == search["worlds"] for w in data["why"])
    assert hint(view, budget=Budget(playouts=48), seed=1).to_dict()["search"]["estimates"] == search["estimates"]


def test_a_hint_for_another_level_is_that_levels_move() -> None:
    (view, *_) = _decisions("bolivia", 4, 8, every=11)
    assert hint(view, "club").decision == hint(view, "club").decision
    with pytest.raises(ValueError, match="unknown player level 'chess'"):
        hint(view, "chess")


# --- the review ------------------------------------------------------------------------------------------


def _beginner_hand(seed: int) -> Game:
    """A two-player Bolivia hand, a beginner in seat 1 (careless discards and all) against club."""
    game = new_game("bolivia", 2, seed=seed)
    seats = seat_players(["beginner", "club"], 2, seed)
    while game.phase in ("draw", "play", "answer"):
        game.apply(seats[game.to_move - 1].choose(seat_view(game, game.to_move)).action)
    return game


def _seen(game: Game, seat: int) -> set[str]:
    """Every card ``seat`` has seen by this point of ``game``, as notation: its hand, the tables, the pile
    and the cards others took with the pile (the game's own record, not the seat's view)."""
    pos = game.position
    cards = [*pos.hands[seat - 1], *pos.pile, *(c for side in pos.melds for m in side for c in m)]
    cards += [c for reds in pos.red_threes for c in reds]
    cards += [c for p in range(1, pos.players + 1) for c in game.memory.known(p)]
    return {str(c) for c in cards}


def _said(explanations: tuple[Explanation, ...], language: str) -> str:
    return " ".join(e.text(language) for e in explanations)


def test_a_review_names_the_costliest_moments_and_no_card_unseen_then() -> None:
    game = _beginner_hand(4)
    done = review(game, 1, Budget(playouts=32), screen=Budget(playouts=8), seed=2)
    assert 1 <= len(done.moments) <= 3 and done.decisions > 10
    assert [m.lost for m in done.moments] == sorted((m.lost for m in done.moments), reverse=True)
    assert len({m.turn for m in done.moments}) == len(done.moments)
    for moment in done.moments:
        assert game.history[moment.index] == moment.played != moment.better
        before = _replayed(game, moment.index)  # "show me": the table as it was
        then = seat_view(before, 1)
        assert then.to_move == 1 and moment.better in then.legal_actions()
        assert moment.lost >= 10
        seen = _seen(before, 1)
        for language in LANGUAGES:
            text = _said((moment.line, *moment.why), language)
            unseen = set(CARD.findall(text)) - seen
            assert not unseen, f"{language}: {text} names {unseen}"
    assert done.heading.code == "review-heading" and str(done.decisions) in done.heading.text()


def _states(game: Game) -> list[Game]:
    """The game before each of its actions and at its end."""
    return [state.clone() for state in game.replay()]


def _replayed(game: Game, index: int) -> Game:
    """The game as it was before its action ``index`` (with the table's memory of that moment)."""
    for at, before in enumerate(game.replay()):
        if at == index:
            return before.clone()
    raise IndexError(index)


def _hidden_swapped(game: Game, seat: int) -> Game:
    """The same hand played again from a start where the stock's last top card (never drawn) trades places
    with a card nobody ever saw: one the other player held all hand long and never played, else the bottom
    card of the stock. Every action is as legal as before and the seat sees exactly the same table at every
    moment; only what it never saw differs (a review that peeked at the stock would say so)."""
    start = parse_position(game.start, rules=game.rules)
    other = next(p for p in range(1, start.players + 1) if p != seat)
    played = {c for before, action in zip(game.replay(), game.history, strict=False)
              if before.position.turn == other for c in _cards_of(action)}  # fmt: skip
    stock_card = game.position.stock[-1]
    at = max(i for i, c in enumerate(start.stock[: len(game.position.stock)]) if c == stock_card)
    held = [i for i, c in enumerate(start.hands[other - 1]) if c not in played and c != stock_card]
    if held:
        start.hands[other - 1][held[0]], start.stock[at] = stock_card, start.hands[other - 1][held[0]]
    else:
        bottom = next(i for i, c in enumerate(start.stock) if c != stock_card)
        start.stock[bottom], start.stock[at] = stock_card, start.stock[bottom]
    twin = Game.from_position(format_position(start), rules=game.rules)
    for action in game.history:
        twin.apply(action)
    return twin


def test_a_review_depends_only_on_what_the_seat_saw() -> None:
    """The review of a hand and of its twin, whose hidden cards differ where the seat never looked (until the
    hand's score shows them), are the same, moment by moment: nothing the seat could not see then went into
    the estimates or the words."""
    game = _beginner_hand(10)  # the beginner goes out; player 2 keeps a card it never plays
    twin = _hidden_swapped(game, 1)
    assert twin.position.hands[1] != game.position.hands[1] and twin.history == game.history
    for a, b in zip(_states(game)[:-1], _states(twin)[:-1], strict=True):  # the log's first line apart, the same
        assert replace(seat_view(a, 1), events=()) == replace(seat_view(b, 1), events=())
    done = review(game, 1, Budget(playouts=24), screen=Budget(playouts=6), seed=2)
    again = review(twin, 1, Budget(playouts=24), screen=Budget(playouts=6), seed=2)
    assert done.moments and (again.moments, again.decisions) == (done.moments, done.decisions)


def test_a_review_of_a_seat_that_played_the_experts_moves_is_empty() -> None:
    """Seat 1 plays the expert's own choices at the review's budget and seed: no decision lost anything."""
    game = new_game("bolivia", 2, seed=6)
    club = seat_players(["club"], 2, 6)
    moves = 0
    while game.phase in ("draw", "play", "answer") and moves < 40:
        view = seat_view(game, game.to_move)
        if game.to_move == 1:
            from bolivia_core.players.expert import search

            action = search(view, Budget(playouts=8), 2).best.action
        else:
            action = club[1].choose(view).action
        game.apply(action)
        moves += 1
    done = review(game, 1, Budget(playouts=8), screen=Budget(playouts=8), seed=2)
    assert done.moments == () and done.heading.code == "review-none"
