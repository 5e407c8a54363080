"""The one seat view (``bolivia_core.seat``): what it holds, its JSON form, the moves it offers and the
worlds it deals. The tests of what it hides are in test_table_view.py and test_game.py."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from bolivia_core.cards import full_deck
from bolivia_core.game import Game, new_game
from bolivia_core.players import PLAYERS
from bolivia_core.seat import SeatView, SeatViewError, open_view, seat_view


def _positions(preset: str, players: int, seed: int, moves: int = 160, every: int = 4) -> list[Game]:
    """Copies of a seeded game between club players, every few moves of its first hand and into the next."""
    game = new_game(preset, players, seed=seed, target=10**6)
    seats = [PLAYERS["club"](seed + n) for n in range(players)]
    kept = []
    for move in range(moves):
        if game.is_over:
            break
        if move % every == 0:
            kept.append(game.clone())
        if game.phase == "hand over":
            game.apply("next hand")
        else:
            game.apply(seats[game.to_move - 1].choose(seat_view(game, game.to_move)).action)
    return kept


CASES = [("bolivia", 4, 31), ("bolivia", 3, 32), ("swedish", 6, 33), ("two-deck", 4, 34), ("canasta", 2, 35)]


@pytest.mark.parametrize(("preset", "players", "seed"), CASES)
def test_the_json_form_reads_back_to_the_same_view(preset: str, players: int, seed: int) -> None:
    for game in _positions(preset, players, seed):
        for seat in range(1, players + 1):
            view = seat_view(game, seat)
            data = json.loads(json.dumps(view.to_json()))  # through text, as a room sends it
            assert SeatView.from_json(data) == view
        opened = open_view(game, 1)
        assert SeatView.from_json(json.loads(json.dumps(opened.to_json()))) == opened


@pytest.mark.parametrize(("preset", "players", "seed"), CASES)
def test_the_view_offers_exactly_the_games_moves_to_the_seat_to_act(preset: str, players: int, seed: int) -> None:
    """The moves are worked out from the view alone (a neutral world for the hidden cards), and they
    are the game's own: what a seat may do never depends on cards it cannot see."""
    for game in _positions(preset, players, seed, every=3):
        view = seat_view(game, game.to_move)
        if game.phase in ("draw", "play", "answer", "hand over"):
            assert [str(a) for a in view.legal_actions()] == [str(a) for a in game.legal_actions()]
        others = [s for s in range(1, players + 1) if s != game.to_move]
        assert all(not seat_view(game, s).legal_actions() for s in others if game.phase != "hand over")


def test_the_table_memory_is_the_same_live_and_replayed() -> None:
    """What the table remembers (cards taken with the pile, ranks discarded and declined) is built move by
    move; a game replayed from its start, or undone and played again, remembers the same."""
    for game in _positions("bolivia", 4, 36, moves=220, every=20)[1:]:
        replayed = Game.from_position(game.start, rules=game.rules)
        for action in game.history:
            replayed.apply(action)
        for seat in range(1, 5):
            assert seat_view(replayed, seat) == seat_view(game, seat)
        undone = game.clone()
        last = undone.undo()
        undone.apply(last)
        assert seat_view(undone, 1) == seat_view(game, 1)


def test_cards_taken_with_the_pile_are_remembered_until_laid() -> None:
    """Worked by hand: player 1, whose side has melded, takes the pile (top 9H) with 9C 9D; the 5S and KC
    under it go to the hand, seen by everyone. Laying the KC (with two more kings) leaves only the 5S known."""
    game = Game.from_position(
        "rules=bolivia; players=2; seed=5; turn=1; phase=draw; scores=0,0; "
        "p1=9C 9D KH KS 4C 6D 7S 8C 10H QD JC 4D 6S 8D 7H; p2=5C 5D 6C 6H 7C 7D 8H 8S 10C 10D JD JH QC QH 4H; "
        "melds1=QH QS QD; pile=5S KC 9H"
    )
    game.apply("take pile with 9C 9D")
    known = {str(c) for c in seat_view(game, 2).known[0]}
    assert known == {"5S", "KC"}
    assert seat_view(game, 1).known[0] == ()  # a seat's own entry is empty: it sees its hand
    game.apply("meld KH KS KC")
    assert {str(c) for c in seat_view(game, 2).known[0]} == {"5S"}


def test_a_view_never_holds_the_games_seed() -> None:
    seed = 2**127 + 12345678901234567890123
    game = new_game("bolivia", 4, seed=seed)
    for seat in range(1, 5):
        text = json.dumps(seat_view(game, seat).to_json())
        assert str(seed) not in text and str(seed % 2**64) not in text
        assert seat_view(game, seat).world().seed == 0


@pytest.mark.parametrize(("preset", "players", "seed"), CASES[:3])
def test_a_sampled_world_agrees_with_everything_the_seat_knows(preset: str, players: int, seed: int) -> None:
    rng = random.Random(seed)
    for game in _positions(preset, players, seed, every=7):
        seat = game.to_move
        view = seat_view(game, seat)
        world = view.sample_world(rng)
        assert sorted(world.hands[seat - 1]) == sorted(view.hand)
        assert [len(h) for h in world.hands] == list(view.hand_sizes)
        assert len(world.stock) == view.stock_size and world.pile == list(view.pile)
        laid = [[sorted(m) for m in side] for side in game.position.melds]
        assert [[sorted(m) for m in side] for side in world.melds] == laid
        assert world.red_threes == game.position.red_threes
        for player, known in enumerate(view.known, start=1):
            assert not Counter(known) - Counter(world.hands[player - 1]), "a known card left its hand"
        every = [c for zone in (*world.hands, world.pile, world.stock) for c in zone]
        every += [c for side in world.melds for meld in side for c in meld] + [c for r in world.red_threes for c in r]
        rules = game.rules
        assert Counter(every) == Counter(full_deck(rules.decks, rules.jokers)), "a card lost or invented"


def test_a_damaged_view_is_refused_whole_with_a_reason() -> None:
    game = new_game("bolivia", 4, seed=9)
    good = seat_view(game, 2).to_json()

    def damaged(**changes: object) -> dict[str, object]:
        return {**json.loads(json.dumps(good)), **changes}

    cases = {
        "format": damaged(format="a game"),
        "version": damaged(version=1),
        "missing": {k: v for k, v in good.items() if k != "hand"},
        "seat": damaged(seat=7),
        "hand size": damaged(hand=good["hand"][:-1]),
        "card": damaged(hand=["ZZ", *good["hand"][1:]]),
        "copies": damaged(hand=["AS"] * 15),
        "type": damaged(players="four"),
        "not an object": ["bolivia seat view"],
    }
    for name, data in cases.items():
        with pytest.raises(SeatViewError) as refused:
            SeatView.from_json(data)
        assert str(refused.value), name
    assert SeatView.from_json(good) == seat_view(game, 2)
