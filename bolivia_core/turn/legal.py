"""The legal actions of a position, as a lazy view (python-chess's legal-move generator is the model).

``LegalActions`` has ``len()``, iteration in a fixed order, ``in`` and indexing;
it checks a candidate only when it is touched. What it holds is defined here
and tested against brute force over every subset of small hands
(tests/test_legal.py):

* **hand over**: ``next hand``. **Answering**: ``answer yes`` and ``answer no``.
* **Drawing**: ``draw`` while the stock lasts, else ``pass`` when it is legal;
  ``take top onto N`` for each of the side's melds the top discard legally extends;
  ``take pile [onto N] with G`` for every group G of cards from hand with which
  taking is legal and which is either small (two cards for a new meld, at most two
  onto a meld) or maximal (no other card of the hand could join the top card and G).
  Where the side has not melded and G is not enough for its minimum, the take also
  lays the best-first combination of the melds offered from the rest of the hand.
* **Playing**: ``meld S`` for every legal meld S of the hand that has the fewest
  cards a meld may have or is maximal; where the side has not melded, also
  ``meld A | B`` for every two disjoint such melds that reach the minimum together
  when neither does alone, and, if no two do, the best-first combination;
  ``add S to N`` for every single card and every maximal group that legally joins
  meld N; ``ask partner``; ``pass``; ``discard C`` for each distinct card C.
* Maximal means that no other card of the hand keeps the group a legal meld when
  added (black 3s, melded only when going out, count only with groups that hold them).
* Every distinct move is offered: two melds, additions or takes that leave a different hand
  or a different table are both offered, even when they differ only in which copy of a rank
  (a 7H or a 7S), which 2 or which black 3 they hold. Only exact duplicates (the same cards,
  so the same result) are one offer.

The order is by kind (``Action.order``), then by the cards, so a seeded random
choice over the view is deterministic.
"""


from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from typing import overload

from ..actions import Action
from ..position import Position
from .blocks import Block
from .candidates import Part, candidates, parts
from .checks import is_legal
from .groups import meld_groups
from .pile import take_candidates

__all__ = ["LegalActions", "candidates", "meld_groups", "pile_takes"]


class LegalActions(Sequence[Action]):
    """The legal actions of one position, computed as far as they are read.

    Candidates come in parts (``parts``): single candidates, checked when reached, and blocks of
    candidates whose verdicts the generator knows, kept as their data (cards, groups) and made into
    actions only when read. So ``len()`` and picking one action by index, the whole of a random
    player's use, make one action, not every one."""

    def __init__(self, pos: Position) -> None:
        self._pos = pos
        self._source: Iterator[Part] | None = parts(pos)
        self._segments: list[Sequence[Action]] = []  # legal actions in order: lists and blocks
        self._starts: list[int] = []  # where each segment starts in the view
        self._count = 0  # legal actions known so far
        self._made: dict[int, Action] = {}  # every action handed out (or checked) here, by identity
        self._members: set[Action] | None = None  # all of them, made when membership is first asked

    def _fill(self, count: int | None = None) -> None:
        """Read parts until ``count`` legal actions are known (all of them for ``None``)."""
        source = self._source
        if source is None:
            return
        pos = self._pos
        segments = self._segments
        for part in source:
            if type(part) is Block:
                if part:
                    self._starts.append(self._count)
                    segments.append(part)
                    self._count += len(part)
            else:
                action, verdict = part
                if verdict if verdict is not None else is_legal(pos, action):
                    last = segments[-1] if segments else None
                    if type(last) is not list:
                        self._starts.append(self._count)
                        last = []
                        segments.append(last)
                    last.append(action)
                    self._made[id(action)] = action
                    self._count += 1
            if count is not None and self._count >= count:
                return
        self._source = None

    def __len__(self) -> int:
        self._fill()
        return self._count

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if isinstance(index, slice):
            return list(self)[index]
        if index < 0:
            self._fill()
            index += self._count
        else:
            self._fill(index + 1)
        if not 0 <= index < self._count:
            raise IndexError("legal action index out of range")
        at = bisect_right(self._starts, index) - 1
        action = self._segments[at][index - self._starts[at]]
        self._made[id(action)] = action
        return action

    def __iter__(self) -> Iterator[Action]:
        at = 0
        while True:
            if at >= len(self._segments):
                self._fill(self._count + 1)
                if at >= len(self._segments):
                    return
            segment = self._segments[at]
            if type(segment) is list:
                done = 0
                while True:  # a list segment may still grow while it is the last one
                    if done < len(segment):
                        end = len(segment)
                        yield from segment[done:end]
                        done = end
                    if at == len(self._segments) - 1 and self._source is not None:
                        self._fill(self._count + 1)
                        if done < len(segment):
                            continue
                    break
            else:
                made = self._made
                for action in segment:
                    made[id(action)] = action
                    yield action
            at += 1

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action):
            return False
        if self._made.get(id(action)) is action:
            return True
        if self._members is None:
            self._members = set(self)  # every action once, hashed once: a player may ask several times
        return action in self._members

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # a view, like a list

    def __repr__(self) -> str:
        return f"<LegalActions: {', '.join(map(str, self))}>"

    def is_offered(self, action: Action) -> bool:
        """Whether ``action`` was handed out by this view, so found legal (then it need not be checked
        again). Recognised by identity; an equal action made elsewhere is checked in full."""
        return self._made.get(id(action)) is action


def pile_takes(pos: Position) -> Iterator[Action]:
    """The legal ways to take from the discard pile now (the view's takes)."""
    return (a for a in take_candidates(pos) if is_legal(pos, a))
