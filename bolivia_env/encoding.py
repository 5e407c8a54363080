"""The environments' encoding of Bolivia: actions as short sequences of simple steps, and what a seat
sees as numbers. Both environments (PettingZoo's and OpenSpiel's) read this one module.

**Steps.** A step is one of ``STEP_COUNT`` numbers. The engine's legal actions are spelled as steps::

    draw                           DRAW
    pass / ask partner             PASS / ASK
    answer yes / answer no         ANSWER_YES / ANSWER_NO
    discard 7H                     DISCARD, card(7H)
    take top onto 2                TAKE_TOP, meld(2)
    take pile with 8C 8S           TAKE_PILE, card(8C), card(8S), END
    take pile onto 3 with 9H       TAKE_PILE, meld(3), card(9H), END
    take pile with KH KS and meld 4S 5S 6S
                                   TAKE_PILE, card(KH), card(KS), NEXT_GROUP, card(4S), card(5S), card(6S), END
    meld KH KS KD | 2C 2D JK       MELD, card(KH), card(KS), card(KD), NEXT_GROUP, card(2C), card(2D), card(JK), END
    add 7H 8H to 2                 ADD, meld(2), card(7H), card(8H), END
    (not this seat's turn)         WAIT

Cards in a group come in card order (``Card`` sorts them); ``card(c)`` is ``CARD_BASE`` plus the card's
index in ``CARD_TYPES`` (2C ... AS, then the joker: copies of a card are one step each time one is
chosen); ``meld(n)`` is ``MELD_BASE + n - 1`` for the side's meld number ``n`` (at most ``MAX_MELDS``).
The steps allowed next are exactly those that continue the spelling of some legal action
(``Spelling``): every sequence of allowed steps ends in a legal action, so the mask is never empty and
no choice leads nowhere.

**Observation.** ``observe`` gives a flat ``float32`` vector of ``OBSERVATION_SIZE`` numbers, from the seat's
side first and players from the seat on (``OBSERVATION_PARTS`` names each part and its length):
card counts of the seat's hand and of the pile, the pile's top card, each side's melds card by card (one
block of card counts per meld), red 3s, scores, each side's initial minimum, every hand's size, the
stock, the phase, and the action being spelled so far. Nothing in it comes from a hidden card.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from bolivia_core.actions import Action, Add, Answer, Ask, Discard, Draw, Meld, NextHand, Pass, TakePile, TakeTop
from bolivia_core.cards import JOKER, RANKS, SUITS, Card
from bolivia_core.game import Game
from bolivia_core.seat import seat_view as engine_seat_view

__all__ = [
    "ADD", "ANSWER_NO", "ANSWER_YES", "ASK", "CARD_BASE", "CARD_TYPES", "DISCARD", "DRAW", "END", "MAX_MELDS",
    "MAX_PLAYERS", "MAX_SIDES", "MELD", "MELD_BASE", "NEXT_GROUP", "OBSERVATION_PARTS", "OBSERVATION_SIZE", "PASS",
    "STEP_COUNT", "TAKE_PILE", "TAKE_TOP", "WAIT", "Spelling", "card_step", "observe", "seat_view", "spell",
    "step_name",
]  # fmt: skip

WAIT, DRAW, PASS, ASK, ANSWER_YES, ANSWER_NO = 0, 1, 2, 3, 4, 5
TAKE_TOP, TAKE_PILE, MELD, ADD, DISCARD, NEXT_GROUP, END = 6, 7, 8, 9, 10, 11, 12
_WORDS = ("wait", "draw", "pass", "ask", "answer yes", "answer no", "take top", "take pile", "meld", "add",
          "discard", "next group", "end")  # fmt: skip

CARD_TYPES: tuple[Card, ...] = (*(Card(rank, suit) for rank in RANKS for suit in SUITS), JOKER)
"""The distinct cards, in the order of their steps and of every card count in the observation."""
CARD_INDEX = {card: index for index, card in enumerate(CARD_TYPES)}
CARD_BASE = len(_WORDS)
MAX_MELDS = 32
"""Melds a side may have for the encoding; an action on a meld numbered higher is not offered."""
MELD_BASE = CARD_BASE + len(CARD_TYPES)
STEP_COUNT = MELD_BASE + MAX_MELDS
MAX_PLAYERS = 6
MAX_SIDES = 3

_PHASES = ("draw", "play", "answer")
_KINDS = {TAKE_TOP: 0, TAKE_PILE: 1, MELD: 2, ADD: 3, DISCARD: 4}
N = len(CARD_TYPES)
OBSERVATION_PARTS: tuple[tuple[str, int], ...] = (
    ("hand: count of each card", N),
    ("pile: count of each card", N),
    ("pile: its top card", N),
    ("melds: count of each card in each meld of each side, the seat's side first", MAX_SIDES * MAX_MELDS * N),
    ("red 3s of each side", MAX_SIDES),
    ("score of each side, in thousands", MAX_SIDES),
    ("initial meld minimum of each side, in hundreds (0 once it has melded)", MAX_SIDES),
    ("cards in each hand, the seat first", MAX_PLAYERS),
    ("each player is the seat's partner", MAX_PLAYERS),
    ("each player rests this hand", MAX_PLAYERS),
    ("cards in the stock", 1),
    ("phase: draw, play, answer", len(_PHASES)),
    ("the seat is to move", 1),
    ("partner asked: yes, no", 2),
    ("spelling: the kind of action", len(_KINDS)),
    ("spelling: the meld it goes onto", MAX_MELDS),
    ("spelling: count of each card in the group being chosen", N),
    ("spelling: count of each card in the groups chosen before", N),
)
OBSERVATION_SIZE = sum(size for _, size in OBSERVATION_PARTS)


def card_step(card: Card) -> int:
    return CARD_BASE + CARD_INDEX[card]


def step_name(step: int) -> str:
    """A step in words, for logs and playthroughs: ``draw``, ``card 7H``, ``meld 2``."""
    if 0 <= step < CARD_BASE:
        return _WORDS[step]
    if step < MELD_BASE:
        return f"card {CARD_TYPES[step - CARD_BASE]}"
    if step < STEP_COUNT:
        return f"meld {step - MELD_BASE + 1}"
    raise ValueError(f"step {step!r} is not a step: 0 to {STEP_COUNT - 1}")


def _cards(cards: Iterable[Card]) -> list[int]:
    return [card_step(c) for c in cards]


def _meld(number: int) -> int | None:
    return MELD_BASE + number - 1 if 1 <= number <= MAX_MELDS else None


def spell(action: Action) -> tuple[int, ...] | None:
    """``action`` as steps; ``None`` for one the encoding cannot say (a meld numbered past ``MAX_MELDS``,
    or ``next hand``, which the environments play themselves)."""
    if isinstance(action, Draw):
        return (DRAW,)
    if isinstance(action, Pass):
        return (PASS,)
    if isinstance(action, Ask):
        return (ASK,)
    if isinstance(action, Answer):
        return (ANSWER_YES if action.yes else ANSWER_NO,)
    if isinstance(action, Discard):
        return (DISCARD, card_step(action.card))
    if isinstance(action, TakeTop):
        meld = _meld(action.meld)
        return None if meld is None else (TAKE_TOP, meld)
    if isinstance(action, TakePile):
        steps = [TAKE_PILE]
        if action.onto is not None:
            meld = _meld(action.onto)
            if meld is None:
                return None
            steps.append(meld)
        steps += _cards(action.cards)
        for group in action.melds:
            steps += [NEXT_GROUP, *_cards(group)]
        return (*steps, END)
    if isinstance(action, Meld):
        steps = [MELD]
        for at, group in enumerate(action.melds):
            steps += [NEXT_GROUP] * (at > 0) + _cards(group)
        return (*steps, END)
    if isinstance(action, Add):
        meld = _meld(action.meld)
        return None if meld is None else (ADD, meld, *_cards(action.cards), END)
    if isinstance(action, NextHand):
        return None
    raise TypeError(f"not an action: {action!r}")


class Spelling:
    """The legal actions of one position as a tree of steps: which steps may follow those taken, and
    the action a whole spelling names."""

    def __init__(self, actions: Iterable[Action]) -> None:
        self.actions: dict[tuple[int, ...], Action] = {}
        self._next: dict[tuple[int, ...], list[int]] = {}
        for action in actions:
            steps = spell(action)
            if steps is None or steps in self.actions:
                continue
            self.actions[steps] = action
            for at in range(len(steps)):
                following = self._next.setdefault(steps[:at], [])
                if steps[at] not in following:
                    following.append(steps[at])

    def allowed(self, prefix: tuple[int, ...]) -> list[int]:
        """The steps that continue ``prefix`` towards a legal action, in no particular order."""
        return self._next.get(prefix, [])

    def action(self, steps: tuple[int, ...]) -> Action | None:
        """The legal action ``steps`` spell whole, if they do."""
        return self.actions.get(steps)


def seat_view(game: Game, seat: int) -> dict[str, Any]:
    """What ``seat`` may see of ``game`` (the engine's ``SeatView``), as plain data in card notation: the
    environments' ``infos``, and the one place they read a seat's view."""
    view = engine_seat_view(game, seat)
    return {
        "seat": view.seat, "players": view.players, "rules": view.rules.name, "hand_number": view.hand_number,
        "phase": view.phase, "turn": view.turn, "asked": view.asked, "actions_played": view.actions_played,
        "hand": [str(c) for c in view.hand], "hand_sizes": list(view.hand_sizes),
        "melds": [[[str(c) for c in meld] for meld in side] for side in view.melds],
        "red_threes": [[str(c) for c in reds] for reds in view.red_threes],
        "pile": [str(c) for c in view.pile], "stock_size": view.stock_size, "scores": list(view.scores),
        "known": [[str(c) for c in cards] for cards in view.known],
        "discarded": [sorted(ranks) for ranks in view.discarded],
        "declined": [sorted(ranks) for ranks in view.declined],
    }  # fmt: skip


def _relative_sides(game: Game, seat: int) -> list[int]:
    """The sides in the observation's order: the seat's first, then the others in turn."""
    count = game.position.side_count
    mine = game.position.side_of(seat)
    return [(mine + k) % count for k in range(count)]


def _count_into(out: npt.NDArray[np.float32], start: int, cards: Iterable[Card]) -> None:
    for card in cards:
        out[start + CARD_INDEX[card]] += 1.0


def observe(game: Game, seat: int, prefix: Sequence[int] = ()) -> npt.NDArray[np.float32]:
    """What ``seat`` sees, as ``OBSERVATION_SIZE`` numbers (``OBSERVATION_PARTS``), with the action it is
    spelling so far (``prefix``)."""
    pos = game.position
    out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    at = 0
    _count_into(out, at, pos.hands[seat - 1])
    at += N
    _count_into(out, at, pos.pile)
    at += N
    if pos.pile:
        out[at + CARD_INDEX[pos.pile[-1]]] = 1.0
    at += N
    sides = _relative_sides(game, seat)
    for slot, side in enumerate(sides):
        for number, meld in enumerate(pos.melds[side][:MAX_MELDS]):
            _count_into(out, at + (slot * MAX_MELDS + number) * N, meld)
    at += MAX_SIDES * MAX_MELDS * N
    for slot, side in enumerate(sides):
        out[at + slot] = len(pos.red_threes[side])
        out[at + MAX_SIDES + slot] = pos.scores[side] / 1000
        if not pos.melds[side]:
            out[at + 2 * MAX_SIDES + slot] = pos.rules.initial_meld_minimum(pos.scores[side]) / 100
    at += 3 * MAX_SIDES
    players = pos.players
    seated = pos.seating()
    my_side = pos.side_of(seat)
    for k in range(players):
        player = (seat - 1 + k) % players + 1
        out[at + k] = len(pos.hands[player - 1])
        out[at + MAX_PLAYERS + k] = player != seat and pos.side_of(player) == my_side
        out[at + 2 * MAX_PLAYERS + k] = player not in seated
    at += 3 * MAX_PLAYERS
    out[at] = len(pos.stock)
    at += 1
    if pos.phase in _PHASES:
        out[at + _PHASES.index(pos.phase)] = 1.0
    at += len(_PHASES)
    out[at] = pos.turn == seat and pos.phase in _PHASES
    at += 1
    out[at] = pos.asked == "yes"
    out[at + 1] = pos.asked == "no"
    at += 2
    if prefix and prefix[0] in _KINDS:
        out[at + _KINDS[prefix[0]]] = 1.0
    at += len(_KINDS)
    for step in prefix[1:]:
        if MELD_BASE <= step < STEP_COUNT:
            out[at + step - MELD_BASE] = 1.0
    at += MAX_MELDS
    _spelled_cards(out, at, prefix)
    return out


def _spelled_cards(out: npt.NDArray[np.float32], at: int, prefix: Sequence[int]) -> None:
    """The cards of the group being chosen (at ``at``) and of the groups chosen before it (after them)."""
    last_group = max((i for i, step in enumerate(prefix) if step == NEXT_GROUP), default=0)
    for i, step in enumerate(prefix):
        if CARD_BASE <= step < MELD_BASE:
            out[at + (0 if i > last_group else N) + step - CARD_BASE] += 1.0
