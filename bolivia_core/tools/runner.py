"""The one runner of whole games between computer players: seeded deals, a level at each seat, a record
per game. ``simulate`` (a tally per side) and ``play_tournament`` (one level's share against the others)
both report from these records, so the same seed and seats play the same game under either command.

A game is plain data (``GameSpec``), so a worker process can play it; each seat's player is seeded from
the deal's seed (``seat_players``). A timed game (a tournament's) times each decision in CPU time
(``time.process_time_ns``), which means the same on a busy machine and in a worker process; the clock
is read only then, as one reading costs several microseconds on some machines, a tenth of a greedy move.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from typing import Any

from ..game import Game, new_game
from ..players import Player, seat_players
from ..rules import PRESETS, Rules, resolve_rules, rules_from_dict, rules_to_dict
from ..seat import seat_view

__all__ = ["MAX_ACTIONS_PER_GAME", "GameRecord", "GameSpec", "deal_seed", "play_game", "play_spec", "run_games"]

MAX_ACTIONS_PER_GAME = 200_000
"""A game that has not ended after this many actions is a fault of a player or the engine, not a long game."""


def deal_seed(seed: int, deal: int) -> int:
    """The seed of deal number ``deal`` (from 0) in a run seeded ``seed``."""
    return seed * 100_003 + deal


@dataclass(frozen=True)
class GameSpec:
    """One game to play: the rules (a ``Rules`` in this process; a preset's name or every knob for a
    worker), the table size, the deal's seed, the level at each seat (player 1 first), the target, and
    whether each decision is timed."""

    rules: Rules | str | dict[str, Any]
    players: int
    seed: int
    seat_levels: tuple[str, ...]
    target: int | None = None
    timed: bool = False
    hands: int = 0
    """Stop after this many hands; 0 plays the game to its end (a ladder plays single hands)."""


@dataclass(frozen=True)
class GameRecord:
    """One whole game: its deal's seed, the final score and winner of each side (``None`` for a draw),
    its hands, its actions, the hands that ended by going out, the level at each seat, and in a timed
    game, seat by seat, the CPU time of each of its decisions in nanoseconds (else empty)."""

    seed: int
    scores: tuple[int, ...]
    winner: int | None
    hands: int
    actions: int
    went_out: int
    seat_levels: tuple[str, ...] = ()
    decision_ns: tuple[tuple[int, ...], ...] = ()


def play_game(game: Game, players: Sequence[Player]) -> Game:
    """Play ``game`` to its end, seat ``n`` choosing for player ``n``; bounded in length."""
    _play(game, players, timed=False)
    return game


def _play(game: Game, players: Sequence[Player], timed: bool, hands: int = 0) -> tuple[tuple[int, ...], ...]:
    """Play ``game`` to its end (or its first ``hands`` hands); when ``timed``, the CPU time of each
    seat's decisions, seat by seat."""
    times: list[list[int]] = [[] for _ in players]
    for _ in range(MAX_ACTIONS_PER_GAME):
        if game.is_over or (hands and len(game.results) >= hands):
            return tuple(tuple(seat) for seat in times) if timed else ()
        seat = game.to_move - 1
        if timed:
            start = time.process_time_ns()
            action = players[seat].choose(seat_view(game, seat + 1)).action
            times[seat].append(time.process_time_ns() - start)
        else:
            action = players[seat].choose(seat_view(game, seat + 1)).action
        game.apply(action)
    raise RuntimeError(f"a game ran past {MAX_ACTIONS_PER_GAME:,} actions without ending")


def play_spec(spec: GameSpec) -> GameRecord:
    """Deal and play one game to its end."""
    rules = spec.rules if isinstance(spec.rules, Rules) else _rules_of(spec.rules)
    game = new_game(rules, spec.players, spec.seed, spec.target)
    times = _play(game, seat_players(spec.seat_levels, spec.players, spec.seed), spec.timed, spec.hands)
    return GameRecord(
        spec.seed, game.scores, game.winner(), len(game.results), len(game.history),
        sum(r.went_out is not None for r in game.results), spec.seat_levels, times,
    )  # fmt: skip


def run_games(specs: Sequence[GameSpec], workers: int = 1) -> Iterator[GameRecord]:
    """Play ``specs`` in order, in this process or in ``workers`` worker processes; the records come
    in the order of the specs either way, as each is ready."""
    if workers == 1:
        yield from map(play_spec, specs)
        return
    plain = [replace(s, rules=_plain(s.rules)) if isinstance(s.rules, Rules) else s for s in specs]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(play_spec, plain)


def _plain(rules: Rules) -> str | dict[str, Any]:
    return rules.name if PRESETS.get(rules.name) == rules else rules_to_dict(rules)


def _rules_of(plain: str | dict[str, Any]) -> Rules:
    return resolve_rules(plain) if isinstance(plain, str) else rules_from_dict(plain)
