"""Worlds a seat cannot tell from the real one: the cards it cannot see dealt afresh, consistently with
all it knows (hand sizes, the pile, the melds, red 3s laid out, cards seen taken with the pile).

Kept behind one function, ``sample_world``, which OpenSpiel's ``resample_from_infostate`` calls: the seat's
view deals the world (``SeatView.sample_world``, as the expert's search does), and the game keeps its history.
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
    sampled = seat_view(game, seat).sample_world(rng)
    world = game.clone()
    world.position.hands, world.position.stock = sampled.hands, sampled.stock
    return world
