"""Positions of seeded self-play, shared by the tests that hold the legal-action view to its definition."""

from __future__ import annotations

from collections.abc import Iterator

from bolivia_core import get_rules
from bolivia_core.game import Game, new_game
from bolivia_core.players import Player
from bolivia_core.seat import seat_view


def positions_of_play(preset: str, kind: type[Player], seed: int, hands: int) -> Iterator[Game]:
    """Every position of ``hands`` hands of seeded play by ``kind`` at every seat; one game is yielded
    as it goes on, so read each position when it is yielded."""
    game = new_game(preset, get_rules(preset).default_players, seed=seed, target=10**9)
    seats = [kind(seed * 10 + n) for n in range(game.position.players)]
    played = 0
    while played < hands:
        yield game
        game.apply(seats[game.to_move - 1].choose(seat_view(game, game.to_move)).action)
        if game.phase == "hand over":
            played += 1
            game.apply("next hand")
