"""Candidates whose verdicts are known, kept as data and made into actions only when read (``Block``).

Not compiled (``bolivia_core.build``): a ``Sequence`` subclass, which mypyc's classes cannot be.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, overload

from ..actions import Action

__all__ = ["Block"]


class Block(Sequence[Action]):
    """Candidates of one kind whose verdicts are known: kept as data, made into actions when read.

    With ``order``, the items come in any order and are sorted by it when the block is first read:
    ``len()`` needs no order, and a random pick mostly lands in another block."""

    __slots__ = ("_actions", "_items", "_legal", "_make", "_order", "_verdicts")

    def __init__(
        self,
        make: Callable[[Any], Action],
        items: Sequence[Any],
        verdicts: Sequence[bool],
        order: Callable[[Any], Any] | None = None,
    ) -> None:
        self._make = make
        self._items = items
        self._verdicts = verdicts
        if all(verdicts):  # every one legal (a hand's discards, mostly): the items as they are
            self._legal = list(items)
        else:
            self._legal = [item for item, legal in zip(items, verdicts, strict=True) if legal]
        self._order = order
        self._actions: list[Action] | None = None  # all made, once the block is read whole

    def _in_order(self) -> list[Any]:
        if self._order is not None:
            self._legal.sort(key=self._order)
            self._order = None
        return self._legal

    def __len__(self) -> int:
        return len(self._legal)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if self._actions is not None:
            return self._actions[index]
        if isinstance(index, slice):
            return [self._make(item) for item in self._in_order()[index]]
        return self._make(self._in_order()[index])

    def __iter__(self) -> Iterator[Action]:
        if self._actions is None:
            self._actions = list(map(self._make, self._in_order()))
        return iter(self._actions)

    def judged(self) -> Iterator[tuple[Action, bool]]:
        """Every candidate of the block with its verdict, the illegal ones too, in order."""
        return _judged(self._make, self._items, self._verdicts, self._order)


def _judged(
    make: Callable[[Any], Action], items: Sequence[Any], verdicts: Sequence[bool], order: Callable[[Any], Any] | None
) -> Iterator[tuple[Action, bool]]:
    """``Block.judged``: a generator of a module's own (a compiled module's plain class has none)."""
    pairs: Iterable[tuple[Any, bool]] = zip(items, verdicts, strict=True)
    if order is not None:
        pairs = sorted(pairs, key=lambda pair: order(pair[0]))
    return ((make(item), legal) for item, legal in pairs)
