"""Seeds: a game people play deals from 128 secret bits, a seed's shuffle is unbiased and the same
everywhere, a seed of any size survives every notation, and nobody finds a fresh deal by trying seeds.
"""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator

import pytest

from bolivia_core.game import Game, new_game
from bolivia_core.scenario import format_position, parse_position
from bolivia_core.seeds import SEED_BITS, SeedStream, new_seed
from bolivia_rooms.room import RoomSettings, create_room
from bolivia_rooms.views import seat_view

BIG = 2**128 - 159  # a seed of 128 bits, far past what a JavaScript number holds exactly (2**53)


def test_a_new_seed_is_128_secret_bits() -> None:
    seeds = [new_seed() for _ in range(256)]
    assert all(type(s) is int and 0 <= s < 2**SEED_BITS for s in seeds)
    assert len(set(seeds)) == len(seeds)
    assert SEED_BITS >= 128 and max(s.bit_length() for s in seeds) > SEED_BITS - 4  # not a small number in disguise


class _Enumerated(SeedStream):
    """A stream whose raw draws are every value of their width exactly once, in turn."""

    def __init__(self, width: int) -> None:
        super().__init__(0, "test")
        self._values: Iterator[int] = iter(range(256**width))
        self._width = width

    def _take(self, count: int) -> bytes:
        assert count == self._width
        return next(self._values).to_bytes(count, "big")


@pytest.mark.parametrize("bound", [2, 3, 5, 7, 13, 100, 157, 200, 255, 256, 300, 1000])
def test_every_value_below_a_bound_is_equally_likely(bound: int) -> None:
    """Fed every raw draw once, ``below`` gives each value the same number of times: no modulo bias
    (256 % 3 == 1, so a modulo would give 0 one time more than 1 and 2)."""
    width = ((bound - 1).bit_length() + 7) // 8
    stream, counts = _Enumerated(width), Counter[int]()
    with pytest.raises(StopIteration):
        while True:
            counts[stream.below(bound)] += 1
    assert sorted(counts) == list(range(bound))
    assert len(set(counts.values())) == 1, counts


def test_a_shuffle_reaches_every_order_about_equally_often() -> None:
    """Fisher-Yates: 4 items have 24 orders, each about 1/24 of 24,000 shuffles (a chi-squared test at
    23 degrees of freedom: 49.7 is its 0.1% point; a wrong bound, as in Sattolo's cycle, reaches only 6)."""
    counts = Counter[tuple[int, ...]]()
    for seed in range(24_000):
        items = [0, 1, 2, 3]
        SeedStream(seed, "test").shuffle(items)
        counts[tuple(items)] += 1
    assert set(counts) == set(itertools.permutations(range(4)))
    chi2 = sum((n - 1000) ** 2 / 1000 for n in counts.values())
    assert chi2 < 49.7, chi2


def test_a_seeds_stream_depends_on_its_seed_and_purpose_and_on_nothing_else() -> None:
    draws = [SeedStream(7, "hand 1").below(2**64) for _ in range(2)]
    assert draws[0] == draws[1]
    assert SeedStream(7, "hand 2").below(2**64) != draws[0] != SeedStream(8, "hand 1").below(2**64)
    code = "from bolivia_core.seeds import SeedStream; print(SeedStream(7, 'hand 1').below(2**64))"
    for hash_seed in ("0", "12345"):  # another process, another string hashing: the same draw
        other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                               env={"PYTHONHASHSEED": hash_seed, "PATH": ""})  # fmt: skip
        assert int(other.stdout) == draws[0]


def test_a_128_bit_seed_survives_the_position_notation_a_saved_game_and_the_command_line() -> None:
    game = new_game("bolivia", 4, BIG)
    assert f"seed={BIG};" in game.start
    assert parse_position(game.start).seed == BIG
    game.apply("draw")
    again = Game.from_json(game.to_json())
    assert again.position.seed == BIG and again.position_text() == game.position_text()
    assert format_position(again.position) == game.position_text()
    printed = subprocess.run(
        [sys.executable, "-m", "bolivia_core", "scenario", f"rules=bolivia; players=2; seed={BIG}", "--json"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    position = json.loads(printed.stdout)["position"]
    assert parse_position(position).seed == BIG and Game.from_position(position).position_text() == position


# --- guessing a deal ------------------------------------------------------------------------------------


def _seed_dealing(hand: list[str], players: int, seeds: Iterator[int], seat: int = 2) -> int | None:
    """The first of ``seeds`` whose first deal gives ``seat`` exactly ``hand``: the attack of issue 32."""
    for seed in seeds:
        if [str(c) for c in sorted(new_game("bolivia", players, seed).position.hands[seat - 1])] == hand:
            return seed
    return None


TRIED = 1500  # the quick run's search; the soak run tries 30,000 (about ten CPU-seconds)


def test_a_room_deals_from_a_fresh_seed_that_trying_small_seeds_does_not_find() -> None:
    """From only seat 2's own view (its 15 cards), no seed 0..N deals a fresh room's hand; the same search
    finds a room dealt from a small seed at once (what every room was before: a page's seed 1)."""
    known, _ = create_room(RoomSettings(players=4, seed=1234))
    found = _seed_dealing(seat_view(known, 2)["table"]["hand"], 4, iter(range(TRIED)))
    assert found is not None and [str(c) for c in sorted(new_game("bolivia", 4, found).position.hands[1])] == \
        seat_view(known, 2)["table"]["hand"]  # fmt: skip
    fresh, _ = create_room(RoomSettings(players=4))
    view = seat_view(fresh, 2)
    assert str(fresh.settings.seed) not in json.dumps(view)  # nor is it sent
    assert _seed_dealing(view["table"]["hand"], 4, iter(range(TRIED))) is None


def test_the_play_page_deals_each_new_game_from_a_fresh_seed() -> None:
    from bolivia_widgets.dashboards.play_table import PlayTable

    table = PlayTable(coach=False, level="greedy", language="en")
    solo = table.source  # the game behind the table
    first = solo.seed
    table.handle({"do": "new_game"})
    assert first != solo.seed and min(first, solo.seed).bit_length() > 64
    hand = [str(c) for c in sorted(solo.game.position.hands[1])]
    assert _seed_dealing(hand, 4, iter(range(TRIED))) is None
    table.handle({"do": "setting", "key": "seed", "value": "3"})  # a learner's chosen deal still deals
    table.handle({"do": "new_game"})
    assert solo.seed == 3 and solo.game.start == new_game("bolivia", 4, 3).start


@pytest.mark.soak
def test_trying_thirty_thousand_seeds_finds_no_fresh_deal() -> None:
    fresh, _ = create_room(RoomSettings(players=4))
    assert _seed_dealing(seat_view(fresh, 2)["table"]["hand"], 4, iter(range(30_000))) is None
