"""Worlds a seat cannot tell from the real one: the cards it cannot see dealt afresh, consistently with
all it knows (hand sizes, the pile, the melds, red 3s laid out, cards seen taken with the pile).

Kept behind one function, ``sample_world``, which OpenSpiel's ``resample_from_infostate`` calls: when the
engine's seat view samples worlds itself (``SeatView.sample_world``), this function calls that instead.
"""

from __future__ import annotations

import random

from bolivia_core.game import Game
from bolivia_core.seat import seat_view

__all__ = ["sample_world"]


def sample_world(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``game`` in which every card ``seat`` cannot place is dealt again at random: each other
    hand keeps its size and the cards it is known to hold (taken with the pile and not laid since), the
    stock its size; a red 3 is never dealt to a hand (it would have been laid out). The seat's own hand,
    the pile, the tables and the history stay as they are."""
    view = seat_view(game, seat)
    unknown, known = view.hidden()
    pool = sorted(unknown.elements())  # in card order, so only ``rng`` decides the deal
    rng.shuffle(pool)
    reds = [c for c in pool if c.is_red_three]
    rest = [c for c in pool if not c.is_red_three]
    world = game.clone()
    pos = world.position
    for player in range(1, view.players + 1):
        if player == seat:
            continue
        size = view.hand_sizes[player - 1] - len(known[player - 1])
        pos.hands[player - 1] = sorted([*known[player - 1], *rest[:size]])
        rest = rest[size:]
    stock = rest + reds
    rng.shuffle(stock)
    pos.stock = stock[: view.stock_size]
    return world
