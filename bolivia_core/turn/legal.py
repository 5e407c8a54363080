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
* Cards that play the same part are offered once: a group of one rank (or of black 3s)
  takes the copies first in card order, and a group's 2s are the hand's first 2s in card
  order (the suit of a 2 matters to no rule), so groups that differ only in which of
  such cards they hold are one offer. Any equivalent action is legal all the same.

The order is by kind (``Action.order``), then by the cards, so a seeded random
choice over the view is deterministic.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache, lru_cache
from itertools import chain, combinations
from operator import attrgetter
from typing import Any, overload

from ..actions import Action, Add, Answer, Ask, Discard, Draw, Meld, NextHand, Pass, TakePile, TakeTop
from ..cards import CARD_ORDER, JOKER, JOKER_RANK, Card, remove_cards
from .checks import (
    ask_problem, card_class, finishing_add_allowed, is_legal, may_draw, meets_initial_minimum, pile_cards_taken,
    pile_closed, pile_frozen, pile_ways_met, within_rank_limits,
)
from ..melds import MeldKind, MeldVerdict, judge, judge_addition
from ..position import Position
from ..rules import Rules
from ..scoring import may_go_out

__all__ = ["LegalActions", "candidates", "meld_groups", "pile_takes"]

Cards = tuple[Card, ...]
_RANK = attrgetter("rank")


class LegalActions(Sequence[Action]):
    """The legal actions of one position, computed as far as they are read.

    Candidates come in parts (``_parts``): single candidates, checked when reached, and blocks of
    candidates whose verdicts the generator knows, kept as their data (cards, groups) and made into
    actions only when read. So ``len()`` and picking one action by index, the whole of a random
    player's use, make one action, not every one."""

    def __init__(self, pos: Position) -> None:
        self._pos = pos
        self._source: Iterator[_Part] | None = _parts(pos)
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
            if type(part) is _Block:
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


class _Block(Sequence[Action]):
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
        make = self._make
        pairs: Iterable[tuple[Any, bool]] = zip(self._items, self._verdicts, strict=True)
        if self._order is not None:
            order = self._order
            pairs = sorted(pairs, key=lambda pair: order(pair[0]))
        return ((make(item), legal) for item, legal in pairs)


_Part = tuple[Action, bool | None] | _Block
# the actions without cards, made once: the view recognises its own by identity all the same
_DRAW, _PASS, _ASK, _YES, _NO, _NEXT_HAND = Draw(), Pass(), Ask(), Answer(True), Answer(False), NextHand()


def candidates(pos: Position) -> Iterator[Action]:
    """Every candidate in the view's order; each is checked as it is read."""
    return (action for action, _ in _judged_candidates(pos))


def _judged_candidates(pos: Position) -> Iterator[tuple[Action, bool | None]]:
    """Every candidate in the view's order, each once, with its verdict where the generator already
    knows it exactly (the full check's answer, from facts read once per position), else ``None``:
    check it. tests/test_legal.py holds these verdicts to the full check's."""
    for part in _parts(pos):
        if type(part) is _Block:
            yield from part.judged()
        else:
            yield part  # type: ignore[misc]


def _parts(pos: Position) -> Iterator[_Part]:
    """``_judged_candidates`` as the view reads it: runs of known verdicts come as blocks."""
    phase = pos.phase
    if phase == "hand over":
        yield _NEXT_HAND, None
    elif phase == "answer":
        yield _YES, None
        yield _NO, None
    elif phase == "draw":
        takes = chain(_take_top_judged(pos), dict(_pile_take_candidates(pos)).items())  # each take once
        if may_draw(pos):
            yield _DRAW, True  # the draw phase's one rule for a draw (checks._check_draw)
            yield from takes
        else:
            # with the stock empty a player passes exactly when no take is legal (checks._check_pass,
            # which asks pile_takes: the same candidates), so the takes are judged first
            judged = [(a, is_legal(pos, a) if verdict is None else verdict) for a, verdict in takes]
            yield _PASS, not any(legal for _, legal in judged)
            yield from judged
    elif phase == "play":
        yield from _play_candidates(pos)


def _runs(make: Callable[[Any], Action], items: Sequence[Any], verdicts: Sequence[bool | None]) -> Iterator[_Part]:
    """Candidates in order: runs of known verdicts as blocks, the others one by one to be checked."""
    start = 0
    for at, verdict in enumerate(verdicts):
        if verdict is None:
            if at > start:
                yield _Block(make, items[start:at], verdicts[start:at])  # type: ignore[arg-type]
            yield make(items[at]), None
            start = at + 1
    if start < len(items):
        yield _Block(make, items[start:] if start else items, verdicts[start:] if start else verdicts)  # type: ignore[arg-type]


def pile_takes(pos: Position) -> Iterator[Action]:
    """The legal ways to take from the discard pile now (the view's takes)."""
    return (a for a in (*_take_top(pos), *(t for t, _ in _pile_take_candidates(pos))) if is_legal(pos, a))


# --- groups of cards: the building blocks of melds, additions and takes ------------------


class _Wilds:
    """A hand's wild cards: the ways to take so many of them."""

    __slots__ = ("_wild_options", "jokers", "twos")

    def __init__(self, twos: Sequence[Card], jokers: Sequence[Card]) -> None:
        self.twos = list(twos)
        self.jokers = list(jokers)
        self._wild_options: dict[int, list[Cards]] = {}

    @property
    def wild_count(self) -> int:
        return len(self.twos) + len(self.jokers)

    def wilds(self, count: int) -> list[Cards]:
        """Each way to take ``count`` wild cards: so many 2s (the first held) and so many jokers."""
        options = self._wild_options.get(count)
        if options is None:
            options = self._wild_options[count] = [
                (*self.twos[:twos], *self.jokers[: count - twos])
                for twos in range(min(count, len(self.twos)), -1, -1)
                if count - twos <= len(self.jokers)
            ]
        return options


class _Hand(_Wilds):
    """A hand indexed once: cards by rank and suit, its wild cards, its black 3s."""

    __slots__ = ("black_threes", "by_rank", "by_suit", "cards")

    def __init__(self, cards: Sequence[Card], first: Card | None = None) -> None:
        """``first``, if given, is put first among its equals, so every group that takes one takes it."""
        self._wild_options = {}
        self.cards = ordered = tuple(sorted(cards, key=CARD_ORDER))
        by_rank: dict[int, list[Card]] = {}
        by_suit: dict[str, dict[int, Card]] = {}
        self.by_rank, self.by_suit = by_rank, by_suit
        twos: list[Card] = []
        jokers: list[Card] = []
        threes: list[Card] = []
        self.twos, self.jokers, self.black_threes = twos, jokers, threes
        last_rank = 0
        same: list[Card] = []
        for card in ordered:  # in card order: the copies of a rank come together
            if card.is_natural:
                rank = card.rank
                if rank == last_rank:
                    same.append(card)
                else:
                    by_rank[rank] = same = [card]
                    last_rank = rank
                suited = by_suit.get(card.suit)
                if suited is None:
                    by_suit[card.suit] = {rank: card}
                else:
                    suited[rank] = card
            elif card.is_wild:
                (jokers if card.rank == JOKER_RANK else twos).append(card)
            elif card.is_black_three:
                threes.append(card)
        if first is not None:
            for same in (self.by_rank.get(first.rank, []), self.twos, self.jokers, self.black_threes):
                if first in same:
                    same.remove(first)
                    same.insert(0, first)


def meld_groups(hand: Sequence[Card], rules: Rules, *, going_out: bool = False) -> list[Cards]:
    """Every legal meld of the hand that is smallest (``meld_min_cards``) or maximal, sorted;
    with ``going_out`` also those holding black 3s (melded only when going out)."""
    return [group for group, _ in _meld_groups(_Hand(hand), rules, going_out)]


def _meld_groups(hand: _Hand, rules: Rules, going_out: bool, ordered: bool = True) -> list[tuple[Cards, bool]]:
    """The offered melds of ``hand`` in order (in no particular order unless ``ordered``), each with
    whether it is maximal.

    The groups of one rank, and those of one suit, depend only on the hand's cards of that rank
    (or suit) and its wild cards, and are worked out by their shape (``_rank_shapes``, ``_suit_part``);
    a rank or suit with too few cards for any meld, wild cards counted, is not asked at all."""
    found: dict[Cards, bool] = {}
    least = rules.meld_min_cards
    twos, jokers = tuple(hand.twos), tuple(hand.jokers)
    wild_count = len(twos) + len(jokers)
    by_count = _rank_shapes_by_count(len(twos), len(jokers), rules)
    for naturals in hand.by_rank.values():  # groups of different ranks never coincide
        if len(naturals) + wild_count >= least:  # by counts, made of the hand's first cards of each kind
            shapes = by_count[len(naturals)] if len(naturals) < len(by_count) else _rank_shapes(
                len(naturals), len(twos), len(jokers), rules
            )
            for (n, t, j), maximal in shapes:
                found[(*twos[:t], *naturals[:n], *jokers[:j])] = maximal
    if rules.sequences:
        natural_runs_only = not rules.sequence_max_wilds or not wild_count
        # the first black 3 of each suit, where one may lie under a sequence when going out
        threes = (
            {c.suit: c for c in reversed(hand.black_threes)}
            if going_out and hand.black_threes and rules.black_three_under_sequence
            else {}
        )
        for suit, ranks in hand.by_suit.items():
            three = threes.get(suit)
            if len(ranks) + wild_count + (three is not None) < least:
                continue
            if natural_runs_only and three is None and (len(ranks) < least or not _has_run(ranks, least)):
                continue  # no wild card may fill a gap, and no run is long enough: no sequence
            for group, maximal in _suit_part(ranks, twos, jokers, three, rules):
                if group not in found:  # a one-rank group found above keeps its place
                    found[group] = maximal
    if rules.wild_melds and wild_count >= least:  # fewer wild cards make no meld of wild cards
        for group, maximal in _wild_groups(twos, jokers, rules):
            found.setdefault(group, maximal)
    if going_out and hand.black_threes:
        for group, maximal in _black_three_groups(tuple(hand.black_threes), rules):
            found.setdefault(group, maximal)
    return sorted(found.items(), key=_item_key) if ordered else list(found.items())


@lru_cache(maxsize=1 << 10)
def _wild_groups(twos: Cards, jokers: Cards, rules: Rules) -> tuple[tuple[Cards, bool], ...]:
    """The offered melds of wild cards alone: the smallest and the longest, each with whether it
    is maximal. Remembered: a hand's wild cards change seldom (in random self-play 99 views in
    100 ask again for wild cards asked for before)."""
    found: dict[Cards, bool] = {}
    wilds = _Wilds(twos, jokers)
    for group in wilds.wilds(rules.meld_min_cards):
        _keep(found, group, False, rules)
    for group in wilds.wilds(min(wilds.wild_count, rules.wild_meld_length)):
        _keep(found, group, True, rules)
    return tuple(found.items())


@lru_cache(maxsize=1 << 8)
def _black_three_groups(threes: Cards, rules: Rules) -> tuple[tuple[Cards, bool], ...]:
    """The offered melds of black 3s (going out): the smallest and the longest, each with whether it
    is maximal. Remembered: a hand holds one of a dozen or so sets of black 3s."""
    found: dict[Cards, bool] = {}
    _keep(found, threes[: rules.meld_min_cards], False, rules, True)
    _keep(found, threes[: rules.black_three_meld_max], True, rules, True)
    return tuple(found.items())


def _has_run(ranks: dict[int, Card], least: int) -> bool:
    """Whether ``ranks`` (in rising order) hold ``least`` ranks in a row."""
    run = 0
    last = -1
    for rank in ranks:
        run = run + 1 if rank == last + 1 else 1
        if run >= least:
            return True
        last = rank
    return False


Shape = tuple[int, int, int]
"""A same-rank group by counts: so many naturals, 2s and jokers (the first ones held of each)."""


def _shape_group(naturals: Cards, twos: Cards, jokers: Cards, shape: Shape) -> Cards:
    """The group of ``shape`` made of the first cards held, in card order: 2s, naturals, jokers."""
    n, t, j = shape
    return (*twos[:t], *naturals[:n], *jokers[:j])


@lru_cache(maxsize=1 << 12)
def _wild_splits(count: int, twos: int, jokers: int) -> tuple[tuple[int, int], ...]:
    """``_Wilds.wilds`` by counts: each way to take ``count`` wild cards as (2s, jokers), most 2s first."""
    return tuple((t, count - t) for t in range(min(count, twos), -1, -1) if count - t <= jokers)


@lru_cache(maxsize=1 << 10)
def _rank_shapes_by_count(twos: int, jokers: int, rules: Rules) -> tuple[tuple[tuple[Shape, bool], ...], ...]:
    """``_rank_shapes`` for each number of naturals a deck holds of a rank, with so many 2s and
    jokers: one look-up for a whole hand."""
    return tuple(_rank_shapes(naturals, twos, jokers, rules) for naturals in range(4 * rules.decks + 1))


@lru_cache(maxsize=1 << 12)
def _rank_shapes(naturals: int, twos: int, jokers: int, rules: Rules) -> tuple[tuple[Shape, bool], ...]:
    """The offered melds of one rank by counts: any ``meld_min_cards`` cards of the rank with wild
    cards, or all of them with the most wild cards (which rank and suits they are changes nothing
    for a same-rank meld); each group's shape and whether it is maximal."""
    found: dict[Shape, bool] = {}
    least = rules.meld_min_cards
    for count in range(1, min(least, naturals) + 1):
        for t, j in _wild_splits(least - count, twos, jokers):
            if _same_rank_legal(count, t, j, rules):
                found.setdefault((count, t, j), False)
    for count in range(min(twos + jokers, rules.same_rank_max_wilds), -1, -1):  # the most wild cards that fit
        splits = _wild_splits(count, twos, jokers)
        if splits and _same_rank_legal(naturals, *splits[0], rules):
            for t, j in splits:
                found[naturals, t, j] = True
            break
    return tuple(found.items())


def _suit_part(
    by_rank: dict[int, Card], twos: Cards, jokers: Cards, three: Card | None, rules: Rules
) -> tuple[tuple[Cards, bool], ...]:
    """The offered sequences of one suit (``by_rank``: its card of each rank held, in rank order, as
    ``_Hand.by_suit`` has it), and
    with ``three`` (a black 3 of the suit, when going out) those that lay it under a sequence.
    Worked out on stand-in cards by ranks and counts (``_suit_shapes``: the suit, and which 2s,
    change nothing for a sequence), then made of the hand's own cards."""
    if three is not None and rules.sequence_low_rank not in by_rank:
        three = None  # a black 3 goes only under a sequence from the lowest rank (melds._check_sequence)
    # a sequence holds at most sequence_max_wilds wild cards, and whether one more is held is all
    # its maximality reads: more 2s or jokers than that change no shape
    most = rules.sequence_max_wilds + 1
    counts = min(len(twos), most), min(len(jokers), most)
    if three is not None:  # a black 3 goes under the lowest rank a sequence may have: ranks as they are
        shapes = _suit_shapes(tuple(by_rank), *counts, True, rules)
    else:
        shapes = _cluster_shapes(tuple(by_rank), *counts, rules)
    threes = (three,) if three is not None else ()
    return tuple(
        # in card order: 2s (sorted: a hand may hold a taken 2 first), the 3, the naturals, jokers
        (
            (*(twos[:t] if t < 2 else sorted(twos[:t], key=CARD_ORDER)), *threes[:with_three],
             *map(by_rank.__getitem__, ranks), *jokers[:j]),
            maximal,
        )
        for (ranks, t, j, with_three), maximal in shapes
    )


SequenceShape = tuple[tuple[int, ...], int, int, bool]
"""A sequence by its parts: the ranks of its naturals, how many 2s and jokers, whether a black 3."""


def _parts_of(group: Cards) -> SequenceShape:
    """A group of stand-in cards by its parts, as ``SequenceShape`` and ``AddShape`` say them."""
    return (
        tuple(c.rank for c in group if c.is_natural),
        sum(c is _STAND_IN_TWO for c in group),
        sum(c.is_joker for c in group),
        _STAND_IN_THREE in group,
    )

_LOWEST_NATURAL = 4


@lru_cache(maxsize=1 << 13)
def _cluster_shapes(
    ranks: tuple[int, ...], twos: int, jokers: int, rules: Rules
) -> tuple[tuple[SequenceShape, bool], ...]:
    """``_suit_shapes`` without black 3s, cluster by cluster: ranks further apart than the wild
    cards can bridge never share a sequence, nor can one join a sequence of the other (the gap
    stays unfilled), and without a 3 no sequence rule reads a rank itself, only the distances
    (melds._check_sequence). So each cluster is worked out moved down to start at 4, where most
    clusters of every hand and suit meet the same few patterns, then moved back."""
    spare = min(rules.sequence_max_wilds, twos + jokers)
    shapes: list[tuple[SequenceShape, bool]] = []
    start = 0
    for end in range(1, len(ranks) + 1):
        if end < len(ranks) and ranks[end] - ranks[end - 1] - 1 <= spare:
            continue
        shift = ranks[start] - _LOWEST_NATURAL
        moved = tuple(r - shift for r in ranks[start:end])
        for (group, t, j, three), maximal in _suit_shapes(moved, twos, jokers, False, rules):
            shapes.append(((tuple(r + shift for r in group), t, j, three), maximal))
        start = end
    return tuple(shapes)
_STAND_IN_SUIT = "C"  # a black suit, so a stand-in black 3 is of the sequence's suit
_STAND_IN_TWO = Card(2, _STAND_IN_SUIT)
_STAND_IN_THREE = Card(3, _STAND_IN_SUIT)


@lru_cache(maxsize=1 << 14)
def _suit_shapes(
    ranks: tuple[int, ...], twos: int, jokers: int, three: bool, rules: Rules
) -> tuple[tuple[SequenceShape, bool], ...]:
    """``_suit_part`` by ranks and counts, judged on stand-in cards of one suit."""
    found: dict[Cards, bool] = {}
    naturals = {r: Card(r, _STAND_IN_SUIT) for r in ranks}
    for group, maximal in _sequence_groups(naturals, _Wilds([_STAND_IN_TWO] * twos, [JOKER] * jokers), rules):
        _keep(found, group, maximal, rules)
        if three:
            _keep(found, (_STAND_IN_THREE, *group), True, rules, True)
    return tuple((_parts_of(group), maximal) for group, maximal in found.items())


def _keep(found: dict[Cards, bool], group: Cards, maximal: bool, rules: Rules, with_threes: bool = False) -> None:
    """Keep ``group`` (in card order) in ``found`` if it is a legal meld and smallest or maximal;
    a group found already keeps its place."""
    group = tuple(sorted(group, key=CARD_ORDER))
    if group in found or not (maximal or len(group) == rules.meld_min_cards):
        return
    if judge(group, rules, with_threes).legal:
        found[group] = maximal


_SHAPE_NATURAL = Card.parse("KH")


@lru_cache(maxsize=4096)
def _same_rank_legal(naturals: int, twos: int, jokers: int, rules: Rules) -> bool:
    """Whether so many naturals of one rank with so many 2s and jokers are a legal meld: the
    judge's answer for one such group stands for all, whatever their rank and suits."""
    group = (*[Card(2, "C")] * twos, *[_SHAPE_NATURAL] * naturals, *[JOKER] * jokers)
    return judge(group, rules).legal


def _sequence_groups(ranks: dict[int, Card], hand: _Wilds, rules: Rules) -> Iterator[tuple[Cards, bool]]:
    """Runs of one suit, with wild cards where the rules allow: (group, whether it may be maximal).

    Every run of naturals is tried with each number of wild cards the rules allow (to fill
    gaps or extend it); the judge decides; a group is maximal when no natural of the suit
    or wild card of the hand could join it and keep it legal."""
    present = sorted(ranks)
    spare = min(rules.sequence_max_wilds, hand.wild_count)
    length = rules.sequence_length
    if spare == 0:  # natural runs only: every shortest window, and each longest one
        yield from _natural_runs(present, ranks, rules)
        return
    for i in range(len(present)):
        for j in range(i, len(present)):
            span = present[j] - present[i] + 1
            if span - (j - i + 1) > spare or span > length:
                break
            inner = present[i + 1 : j]
            for dropped_count in range(spare + 1):
                for dropped in combinations(inner, dropped_count):
                    naturals = [ranks[r] for r in present[i : j + 1] if r not in dropped]
                    for wild_count in range(span - len(naturals), spare + 1):
                        for wilds in hand.wilds(wild_count):
                            group = tuple(sorted((*naturals, *wilds), key=CARD_ORDER))
                            if len(group) > length:
                                continue
                            maximal = len(group) >= length or (
                                present[i] - 1 not in ranks  # a neighbour or a spare wild card would join
                                and present[j] + 1 not in ranks
                                and wild_count == spare
                                and _sequence_maximal(group, ranks, hand, rules)
                            )
                            if maximal or len(group) == rules.meld_min_cards:
                                yield group, maximal


def _natural_runs(present: list[int], ranks: dict[int, Card], rules: Rules) -> Iterator[tuple[Cards, bool]]:
    least, length = rules.meld_min_cards, rules.sequence_length
    start = 0
    for end in range(1, len(present) + 1):
        if end < len(present) and present[end] == present[end - 1] + 1:
            continue
        run = [ranks[r] for r in present[start:end]]
        start = end
        if len(run) < least:
            continue
        longest = min(len(run), length)
        for size in dict.fromkeys((least, longest)):
            for first in range(len(run) - size + 1):
                yield tuple(run[first : first + size]), size == longest


def _sequence_maximal(group: Cards, ranks: dict[int, Card], hand: _Wilds, rules: Rules) -> bool:
    """No natural of the suit, nor one more wild card, keeps ``group`` a legal meld when added."""
    if len(group) >= rules.sequence_length:
        return True
    naturals = tuple(c for c in group if not c.is_wild)
    wilds = len(group) - len(naturals)
    longer = [tuple(sorted((*group, c), key=CARD_ORDER)) for c in ranks.values() if c not in group]
    longer += [tuple(sorted((*naturals, *more), key=CARD_ORDER)) for more in hand.wilds(wilds + 1)]
    return not any(judge(g, rules).legal for g in longer)


def _item_key(item: tuple[Cards, Any]) -> tuple[int, ...]:
    """``_group_key`` of an item's group, said again rather than called: a sort calls it per item."""
    return tuple(map(CARD_ORDER, item[0]))


def _group_key(group: Cards) -> tuple[int, ...]:
    return tuple(map(CARD_ORDER, group))


# --- candidates by phase -------------------------------------------------------------


def _take_top(pos: Position) -> Iterator[TakeTop]:
    """Every take of the top card onto one of the side's sequences, unchecked."""
    return (_take_top_action(index) for index, _ in _table_sequences(pos))


def _table_sequences(pos: Position) -> Iterator[tuple[int, Cards]]:
    """The side's sequences, where the top card may be taken (``take_top_card_onto_sequence``),
    each with its number on the table."""
    rules = pos.rules
    melds = pos.melds[pos.side_of(pos.turn)]
    if not rules.take_top_card_onto_sequence or not pos.pile or not melds:
        return
    table = tuple(map(tuple, melds))
    for index, (meld, facts) in enumerate(zip(table, _table_facts(table, rules)[1], strict=True), start=1):
        if facts[0] is MeldKind.SEQUENCE:  # each meld judged once a table
            yield index, meld


_take_top_action = cache(TakeTop)  # one action per meld number, made once


def _take_top_judged(pos: Position) -> Iterator[tuple[Action, bool | None]]:
    """``_take_top`` with verdicts: none while the pile is closed (checks._check_take_top refuses
    every one for the pile's reasons); with two cards or more in hand, taking the top card onto a
    sequence is legal exactly when the judge allows the addition (nothing else can fail)."""
    if not pos.rules.take_top_card_onto_sequence or pile_closed(pos):
        return
    last_card = len(pos.hands[pos.turn - 1]) < 2  # the going-out rules decide: the full check reads them
    top = pos.pile[-1]
    for index, meld in _table_sequences(pos):
        yield _take_top_action(index), None if last_card else _top_joins(meld, top, pos.rules)


def _top_joins(meld: Cards, top: Card, rules: Rules) -> bool:
    """Whether the judge allows ``top`` to join ``meld`` (a sequence): worked out on stand-in cards
    by the shape of a legal meld when it and the card hold no 3 (which suit, and which 2, change nothing for
    a sequence; a natural of another suit is of another suit whichever it is). The shape is moved
    down to start at 4, as ``_cluster_shapes`` moves a hand's: without a 3 the judge reads only the
    distances between ranks, so one remembered verdict serves a sequence wherever it lies."""
    shape = _meld_shape(meld)
    _, legal, first, _, _ = _meld_facts(meld, rules)
    if shape is None or first is None or not legal or not (top.is_natural or top.is_wild):
        return judge_addition(meld, (top,), rules).legal
    ranks, twos, jokers = shape
    shift = (min(ranks[0], top.rank) if top.is_natural else ranks[0]) - _LOWEST_NATURAL
    if shift:
        shape = tuple(r - shift for r in ranks), twos, jokers
    if top.is_wild:
        stand_in = top if top.is_joker else _STAND_IN_TWO
    else:
        stand_in = _stand_in_card(top.rank - shift, top.suit == first.suit)
    return _stand_in_joins(shape, stand_in, rules)


_OTHER_SUIT = "D"


@cache
def _stand_in_card(rank: int, same_suit: bool) -> Card:
    """A natural of ``rank`` in the stand-in suit, or in another (looked up: making a card costs)."""
    return Card(rank, _STAND_IN_SUIT if same_suit else _OTHER_SUIT)


@lru_cache(maxsize=1 << 12)
def _stand_in_joins(shape: MeldShape, card: Card, rules: Rules) -> bool:
    """``_top_joins`` for a stand-in meld of ``shape`` in the stand-in suit."""
    ranks, twos, jokers = shape
    meld = (*[_STAND_IN_TWO] * twos, *(Card(r, _STAND_IN_SUIT) for r in ranks), *[JOKER] * jokers)
    return judge_addition(meld, (card,), rules).legal


def _pile_take_candidates(pos: Position) -> Iterator[tuple[TakePile, bool | None]]:
    """Takes worth checking: the top card with every small or maximal group from hand, each with
    its verdict where the rest of the full check (checks._check_take_pile) is read here exactly."""
    if pile_closed(pos):
        return
    rules = pos.rules
    top = pos.pile[-1]
    cards = pos.hands[pos.turn - 1]
    side = pos.side_of(pos.turn)
    table = pos.melds[side]
    frozen = pile_frozen(pos)
    onto = "own meld" in rules.pile_take_ways and not rules.pile_new_meld_only and table
    new_meld = _new_meld_take_possible(top, cards, rules, frozen)
    if not (new_meld or onto):
        return  # no take is possible: nothing more to read
    unmelded = not table
    minimum = rules.initial_meld_minimum(pos.scores[side]) if unmelded else 0
    # the cards kept after the take: with two or more no going-out rule is read (_keep_cards_reasons)
    kept = len(cards) + len(pile_cards_taken(pos))
    uncounted = 0 if rules.pile_counts_for_initial_meld else rules.card_value(top)
    per_rank_free = rules.same_rank_melds_per_rank == "several"
    hand = _Hand(cards)
    if new_meld:
        # a natural pair, or a natural and a wild card, of the top card's rank: a meld of that rank
        same_rank = frozen or rules.pile_take_ways <= _SAME_RANK_WAYS
        for group in _take_groups(top, hand, rules, same_rank):
            # a take whose group meets no way of taking, or makes no legal meld with the top card,
            # is refused whatever else it lays (checks._check_take_pile): not worth offering
            natural_pair = _natural_pair(top, group)
            verdict = judge((top, *group), rules)
            if not verdict.legal or not pile_ways_met(top, group, natural_pair, verdict, rules, frozen):
                continue
            extra: tuple[Cards, ...] = ()
            if unmelded:
                needed = minimum - verdict.points
                rest = remove_cards(hand.cards, group) or []
                extra = _best_first(rest, rules, needed) if needed > 0 else ()
            take = TakePile(group, None, extra)
            if kept - len(group) - sum(map(len, extra)) < 2:
                yield take, None
                continue
            # the new meld and the extra ones are legal melds: what is left are the side's per-rank
            # limits and an unmelded side's minimum, read by the full check's own rules
            known = per_rank_free or within_rank_limits([*table, (top, *group), *extra], 1 + len(extra), rules)
            if known and unmelded:
                points = verdict.points + sum(judge(m, rules).points for m in extra) - uncounted
                known = meets_initial_minimum(pos, points)
            yield take, known
    if onto:
        for index, meld in enumerate(table, start=1):
            cards_on = tuple(meld)
            kind, legal, first, naturals, _ = _meld_facts(cards_on, rules)
            # a natural of a legal same-rank meld's rank, with cards of that rank and wild cards, joins
            # it or not by counts alone (_same_rank_joins, as for additions)
            by_counts = legal and kind is MeldKind.SAME_RANK and first is not None and top.rank == first.rank
            if not by_counts and (
                _other_rank_breaks(top, cards_on, rules)
                or _breaks_sequence(_scan(_NO_CARDS, (*cards_on, top)))
            ):
                continue  # the meld and the top card mix suits or repeat a rank: no cards of the hand mend that
            for group in _onto_groups(top, cards_on, hand, rules):
                # a frozen pile wants a natural pair, and the cards must join the meld (the same checks:
                # a take that fails either is refused, and saying why costs words)
                if frozen and not _natural_pair(top, group):
                    continue
                if by_counts:
                    assert first is not None
                    wilds = sum(1 for c in group if c.is_wild)
                    joins = _same_rank_joins(
                        first.rank, naturals, len(cards_on) - naturals, len(group) - wilds + 1, wilds, rules
                    )
                else:
                    joins = judge_addition(cards_on, (top, *group), rules).legal
                if joins:  # onto a meld: no new meld, and the side has melded
                    yield TakePile(group, index), (True if kept - len(group) >= 2 else None)


_SAME_RANK_WAYS = frozenset({"natural pair", "natural and wild", "own meld"})  # ways that take with the top's rank


def _natural_pair(top: Card, group: Cards) -> bool:
    """Whether ``group`` holds a natural pair of the top card's rank (checks._check_take_pile's test)."""
    return top.is_natural and sum(c.is_natural and c.rank == top.rank for c in group) >= 2


def _new_meld_take_possible(top: Card, cards: Sequence[Card], rules: Rules, frozen: bool) -> bool:
    """Whether any group of ``cards`` (the hand) could meet a way of taking the pile as a new meld
    (checks.pile_ways_met), by counts of what the hand holds: if not, no group needs to be built."""
    ways = rules.pile_take_ways
    ranks = list(map(_RANK, cards))  # counted in C: this is asked at every draw
    same_rank = ranks.count(top.rank) if top.is_natural else 0  # naturals: top's rank is
    if "natural pair" in ways and same_rank >= 2:
        return True
    if frozen:
        return False
    wilds_wanted = "natural and wild" in ways or "two wilds" in ways
    wild_count = ranks.count(2) + ranks.count(JOKER_RANK) if wilds_wanted else 0
    if "natural and wild" in ways and same_rank and wild_count:
        return True
    if "suited sequence pair" in ways and top.is_natural:
        if len({c.rank for c in cards if c.suit == top.suit and c.is_natural}) >= 2:
            return True
    return "two wilds" in ways and top.is_wild and wild_count >= 2


def _take_groups(top: Card, hand: _Hand, rules: Rules, same_rank: bool = False) -> list[Cards]:
    """Groups from hand that meld the top card: the legal melds of the hand and the top card
    that hold the top card and are smallest or maximal, less the top card; with ``same_rank``
    only those of the top card's rank."""
    found: dict[Cards, None] = {}
    if same_rank and top.is_natural:
        # _meld_groups' groups of the top card's rank, by counts, with the top card first among
        # its equals so every one holds it; nothing else of these cards melds with it (the other
        # groups of the cards of its rank and wild cards are of wild cards alone, or hold another
        # copy of its rank where one of the rank's groups holds the top card)
        same = hand.by_rank.get(top.rank, [])
        twos, jokers = hand.twos, hand.jokers
        if 1 + len(same) + len(twos) + len(jokers) >= rules.meld_min_cards:
            for (n, t, j), _ in _rank_shapes(1 + len(same), len(twos), len(jokers), rules):
                found[(*twos[:t], *same[: n - 1], *jokers[:j])] = None
        return sorted(found, key=_group_key)
    # only cards that could share a meld with the top card: its rank, its suit, wild cards
    joinable = [c for c in hand.cards if c.rank == top.rank or (c.suit == top.suit and not same_rank) or c.is_wild]
    for group, _ in _meld_groups(_Hand((*joinable, top), first=top), rules, False, ordered=False):  # sorted below
        rest = remove_cards(group, (top,))
        if rest is not None:
            found[tuple(rest)] = None
    return sorted(found, key=_group_key)


def _onto_groups(top: Card, meld: Cards, hand: _Hand, rules: Rules) -> Iterator[Cards]:
    """Cards from hand that may go with the top card onto ``meld``: none, one or two of its rank
    or wild, or all of its rank with as many wild cards as stay legal."""
    yield ()
    if judge(meld, rules, True).kind is not MeldKind.SAME_RANK:
        return
    rank = next(c.rank for c in meld if c.is_natural)
    if top.is_natural and top.rank != rank and not rules.sequences:
        return  # naturals of two ranks and no sequences: the judge refuses every such group
    naturals = hand.by_rank.get(rank, [])
    for size in (1, 2):
        for count in range(min(size, len(naturals)) + 1):
            for wilds in hand.wilds(size - count):
                yield tuple(sorted((*naturals[:count], *wilds), key=CARD_ORDER))
    for count in range(hand.wild_count, -1, -1):
        options = hand.wilds(count)
        if options and judge_addition(meld, tuple(sorted((top, *naturals, *options[0]), key=CARD_ORDER)), rules).legal:
            for wilds in options:
                yield tuple(sorted((*naturals, *wilds), key=CARD_ORDER))
            return


def _play_candidates(pos: Position) -> Iterator[_Part]:
    rules = pos.rules
    hand = _Hand(pos.hands[pos.turn - 1])
    size = len(hand.cards)
    side = pos.side_of(pos.turn)
    table = pos.melds[side]
    # an unmelded side's openings read the groups in order; a melded side's are put in order when read
    groups = _meld_groups(hand, rules, bool(hand.black_threes), ordered=not table)
    # A new meld that leaves two cards is legal exactly when the judge allows it and the side's
    # table keeps to the per-rank limit with it (checks._check_meld: an unmelded side's minimum
    # is met by the test below, and nothing else can fail).
    melds = tuple(map(tuple, table))
    ranks, table_facts = _table_facts(melds, rules)
    offered: list[Cards] = []
    verdicts: list[bool | None] = []
    # an unmelded side's single meld must open the hand alone: those too small are skipped (the
    # same rule; a group's points are the same whether or not it goes out)
    minimum = rules.initial_meld_minimum(pos.scores[side]) if not table else 0
    any_count = rules.same_rank_melds_per_rank == "several"  # then every legal meld has room (_rank_room)
    for group, _ in groups:
        verdict = judge(group, rules)
        if table or verdict.points >= minimum:
            known = None
            if ranks is not None and size - len(group) >= 2:
                known = verdict.legal and (any_count or _rank_room(verdict, ranks, rules))
            offered.append(group)
            verdicts.append(known)
    if table and None not in verdicts:
        yield _Block(_single_meld, offered, verdicts, _group_key)  # type: ignore[arg-type]
    else:
        if table:  # some are checked one by one, in the view's order: put them in order now
            pairs = sorted(zip(offered, verdicts, strict=True), key=_item_key)
            offered, verdicts = [group for group, _ in pairs], [verdict for _, verdict in pairs]
        yield from _runs(_single_meld, offered, verdicts)
    if not table:
        yield from _initial_combinations(pos, hand, groups)
    else:
        items: list[tuple[int, Cards]] = []
        judged: list[bool | None] = []
        twos, jokers = tuple(hand.twos), tuple(hand.jokers)
        adds_by_count = _same_rank_adds_by_count(len(twos), len(jokers), rules)
        finishing = _FinishingAdds(pos, melds)
        for index, (meld, facts) in enumerate(zip(melds, table_facts, strict=True), start=1):
            kind, legal, first, naturals, _ = facts
            if kind is MeldKind.SAME_RANK and legal:  # the common case, read straight from counts
                assert first is not None
                same = tuple(hand.by_rank.get(first.rank, ()))
                if not same and not (twos or jokers):
                    continue  # nothing in hand of its rank, nor wild: no addition
                # _same_rank_additions, written out: the hot path
                for (n, t, j), legal in adds_by_count[naturals, len(meld) - naturals, len(same)]:
                    cards = (*twos[:t], *same[:n], *jokers[:j])
                    items.append((index, cards))
                    left = size - n - t - j
                    judged.append(legal if left >= 2 else finishing(index, cards, left))
                continue
            for cards, legal in _additions(meld, hand, rules):
                items.append((index, cards))
                # leaving two cards, an addition is legal exactly when the judge says so (checks._check_add)
                left = size - len(cards)
                judged.append(legal if left >= 2 else finishing(index, cards, left))
        yield from _runs(_add, items, judged)
    yield _ASK, ask_problem(pos) is None  # the play phase's one rule for asking (checks._check_ask)
    if size == 1:
        yield _PASS, None
    forbidden = rules.discard_forbidden
    distinct = list(dict.fromkeys(hand.cards))
    # with more than one card a discard does not go out: only its class can forbid it (checks._check_discard)
    if size > 1:
        allowed = [_class_of(card) not in forbidden for card in distinct] if forbidden else [True] * len(distinct)
        yield _Block(_discard, distinct, allowed)
    else:
        yield from _runs(_discard, distinct, [None] * len(distinct))


class _FinishingAdds:
    """Verdicts on additions that leave one card or none, by the full check's rule
    (``checks.finishing_add_allowed``): whether the table, the addition made, holds what going out
    needs is read from the table's verdicts, judged once, with only the changed meld judged again."""

    __slots__ = ("_melds", "_pos", "_verdicts")

    def __init__(self, pos: Position, melds: tuple[Cards, ...]) -> None:
        self._pos, self._melds = pos, melds
        self._verdicts: list[MeldVerdict] | None = None

    def __call__(self, index: int, cards: Cards, left: int) -> bool:
        rules = self._pos.rules
        if self._verdicts is None:
            self._verdicts = [judge(meld, rules, True) for meld in self._melds]
        meld = self._melds[index - 1]
        verdicts = self._verdicts.copy()
        verdicts[index - 1] = judge((*meld, *cards), rules, True)
        ready = may_go_out(verdicts, rules, self._pos.players)
        return finishing_add_allowed(self._pos, meld, cards, left, ready)


def _single_meld(group: Cards) -> Meld:
    return Meld((group,))


def _add(item: tuple[int, Cards]) -> Add:
    return Add(*item)


_discard = cache(Discard)  # one action per card: a discard is made often and never changes
_class_of = cache(card_class)  # a card's class, looked up


def _ranks_of(facts: tuple[MeldFacts, ...], rules: Rules) -> dict[int, tuple[int, int]] | None:
    """The side's legal same-rank melds by rank: (how many, how many not complete), read from the
    table's ``_meld_facts``; ``None`` when the table breaks a per-rank limit already (then every
    check says so)."""
    ranks: dict[int, tuple[int, int]] = {}
    for kind, legal, first, _, complete in facts:
        if legal and kind is MeldKind.SAME_RANK:
            assert first is not None
            count, open_ = ranks.get(first.rank, (0, 0))
            ranks[first.rank] = (count + 1, open_ + (not complete))
    per_rank = rules.same_rank_melds_per_rank
    if per_rank == "one" and any(count > 1 for count, _ in ranks.values()):
        return None
    if per_rank == "another only after a canasta" and any(open_ > 1 for _, open_ in ranks.values()):
        return None
    return ranks


def _rank_room(verdict: MeldVerdict, ranks: dict[int, tuple[int, int]], rules: Rules) -> bool:
    """Whether a new legal meld keeps the side within the per-rank limit (melds.judge_side_melds)."""
    per_rank = rules.same_rank_melds_per_rank
    if per_rank == "several" or verdict.kind is not MeldKind.SAME_RANK:
        return True
    count, open_ = ranks.get(next(c.rank for c in verdict.cards if c.is_natural), (0, 0))
    if per_rank == "one":
        return count == 0
    return open_ + (not verdict.complete) <= 1


def _initial_combinations(pos: Position, hand: _Hand, groups: list[tuple[Cards, bool]]) -> Iterator[_Part]:
    """Two disjoint maximal melds that reach the minimum together when neither does alone; if
    no two do, the best-first combination of the offered melds. Each with its verdict where
    ``_opening_verdict`` knows it."""
    rules = pos.rules
    size = len(hand.cards)
    minimum = rules.initial_meld_minimum(pos.scores[pos.side_of(pos.turn)])
    scored = [(judge(group, rules).points, group) for group, _ in groups]  # as going out: the same points
    short = [(group, points) for (points, group), (_, maximal) in zip(scored, groups, strict=True)
             if maximal and points < minimum]  # fmt: skip
    most = max((points for _, points in short), default=0)
    pairs: list[tuple[Cards, Cards]] = []
    held: Counter[Card] | None = None  # the hand by counts, made only if two melds share a card
    for at, (a, points_a) in enumerate(short):  # every two, in the order of combinations()
        wanted = minimum - points_a
        if wanted > most:
            continue  # no other is worth enough
        cards_a = set(a)
        for b, points_b in short[at + 1 :]:
            if points_b < wanted:
                continue
            # each is a meld of the hand: only the cards they share may be too few for both
            shared = cards_a.intersection(b)
            if shared:
                held = Counter(hand.cards) if held is None else held
                if not _fit_together(held, a, b, shared):
                    continue
            pairs.append((a, b))
    if pairs:
        yield from _runs(Meld, pairs, [_opening_verdict(pair, size, rules) for pair in pairs])
    # The best-first combination starts with the meld of most points, which fits the hand: when
    # that one reaches the minimum alone, the combination is that single meld, offered already.
    elif scored and max(points for points, _ in scored) < minimum:
        best = _most_points_first(hand.cards, scored, minimum)
        if len(best) > 2:
            yield Meld(best), _opening_verdict(best, size, rules)


def _opening_verdict(melds: tuple[Cards, ...], size: int, rules: Rules) -> bool | None:
    """The full check's verdict (checks._check_meld) on an unmelded side's first melds, disjoint
    melds of a hand of ``size`` cards that reach the minimum together, where it is plain: each
    a legal meld as it stands and two cards kept, only the per-rank limits are left to read.
    ``None`` otherwise (a meld of black 3s, one that goes out): check it."""
    if size - sum(map(len, melds)) < 2 or not all(judge(m, rules).legal for m in melds):
        return None
    return rules.same_rank_melds_per_rank == "several" or within_rank_limits(melds, len(melds), rules)


def _best_first(cards: Sequence[Card], rules: Rules, needed: int) -> tuple[Cards, ...]:
    """Disjoint offered melds from ``cards``, the most points first, until they are worth ``needed``."""
    if needed <= 0:
        return ()
    groups = _meld_groups(_Hand(cards), rules, False)
    return _most_points_first(cards, [(judge(g, rules).points, g) for g, _ in groups], needed)


def _most_points_first(cards: Sequence[Card], scored: list[tuple[int, Cards]], needed: int) -> tuple[Cards, ...]:
    """``_best_first`` from the offered melds of ``cards`` with their points (in card order)."""
    chosen: list[Cards] = []
    left = Counter(cards)
    total = 0
    for points, group in sorted(scored, key=_minus_points):  # stable: card order among equal points
        if not _fits(left, group):
            continue
        for card in group:
            left[card] -= 1
        chosen.append(group)
        total += points
        if total >= needed:
            return tuple(chosen)
    return ()


def _minus_points(item: tuple[int, Cards]) -> int:
    return -item[0]


def _fits(counts: dict[Card, int], cards: Sequence[Card]) -> bool:
    """Whether a hand of ``counts`` holds every one of ``cards`` (copies counted): remove_cards's
    test without copying the hand."""
    need: dict[Card, int] = {}
    for card in cards:
        wanted = need.get(card, 0) + 1
        if wanted > counts.get(card, 0):
            return False
        need[card] = wanted
    return True


def _fit_together(held: Counter[Card], a: Cards, b: Cards, shared: set[Card]) -> bool:
    """Whether ``a`` and ``b``, cards of a hand of ``held`` (by counts) each, fit in it together:
    remove_cards's test, read only where they meet (``shared``, the cards both hold)."""
    for card in shared:
        if a.count(card) + b.count(card) > held[card]:  # held once, it cannot serve both
            return False
    return True


def _additions(meld: Cards, hand: _Hand, rules: Rules) -> tuple[tuple[Cards, bool], ...]:
    """``_addition_groups``, each with whether the judge allows it (not going out), remembered by
    what could ever decide them: for a legal same-rank meld the counts of naturals and wild cards,
    for a legal sequence or meld of wild cards its shape and the hand's nearby ranks of its suit and
    wild cards (``_shaped_additions``), else the meld and the hand's cards that could ever join it:
    those of its rank (or of its suit, with black 3s of that suit) and wild cards. No other card
    can make an addition to it legal."""
    kind, legal, first, naturals, _ = _meld_facts(meld, rules)
    if kind is MeldKind.SAME_RANK:
        assert first is not None
        same = tuple(hand.by_rank.get(first.rank, ()))
        if legal:  # only counts of naturals and wild cards matter: judged by counts
            twos, jokers = tuple(hand.twos), tuple(hand.jokers)
            return _same_rank_additions(naturals, len(meld) - naturals, same, twos, jokers, rules)
        relevant: Cards = (*same, *hand.twos, *hand.jokers)
    elif kind is MeldKind.SEQUENCE:
        assert first is not None
        suit = first.suit
        shape = _meld_shape(meld) if legal else None
        if shape is not None and (len(hand.twos) <= 1 or rules.sequence_max_wilds <= 1):
            # a black 3 joins a sequence only where the rules lay one under it (melds._check_sequence)
            three = None
            if rules.black_three_under_sequence:
                three = next((c for c in hand.black_threes if c.suit == suit), None)
            return _shaped_additions(shape, hand.by_suit.get(suit, {}), three, hand.twos, hand.jokers, rules)
        relevant = tuple(c for c in hand.cards if (c.suit == suit and (c.is_natural or c.is_black_three)) or c.is_wild)
    else:
        shape = _meld_shape(meld) if legal and kind is MeldKind.WILD else None
        if shape is not None:  # only the hand's wild cards may join a meld of wild cards (_addition_groups)
            return _shaped_additions(shape, {}, None, hand.twos, hand.jokers, rules)
        relevant = (*hand.twos, *hand.jokers, *hand.black_threes)
    return _addition_options(meld, relevant, rules)


MeldFacts = tuple[MeldKind | None, bool, Card | None, int, bool]
MeldShape = tuple[tuple[int, ...], int, int]
"""A meld on the table by its parts: the ranks of its naturals, how many 2s and jokers."""
AddShape = tuple[tuple[int, ...], int, int, bool]
"""A group added by its parts: the ranks of its naturals, how many 2s and jokers, whether a black 3."""


@lru_cache(maxsize=1 << 12)
def _meld_shape(meld: Cards) -> MeldShape | None:
    """``meld``'s shape when it holds only naturals and wild cards (no black 3), else ``None``."""
    if any(not (c.is_natural or c.is_wild) for c in meld):
        return None
    ranks = tuple(sorted(c.rank for c in meld if c.is_natural))
    jokers = sum(c.is_joker for c in meld)
    return ranks, len(meld) - len(ranks) - jokers, jokers


def _shaped_additions(
    shape: MeldShape,
    suited: dict[int, Card],
    three: Card | None,
    twos: Sequence[Card],
    jokers: Sequence[Card],
    rules: Rules,
) -> tuple[tuple[Cards, bool], ...]:
    """``_addition_options`` for a legal sequence or meld of wild cards without black 3s, from the
    hand's naturals of its suit (``suited``, by rank), black 3 of its suit and wild cards: worked
    out on stand-in cards by ranks and counts (``_add_shapes``: which suit, and which 2s, change
    nothing for such a meld), then made of the hand's own cards (its first 2s, as the groups by
    cards take them). For a sequence, the hand holds at most one 2 or the rules allow at most one
    wild card in it: otherwise groups with different 2s would be one stand-in group."""
    ranks = shape[0]
    near: tuple[int, ...] = ()
    if ranks and not (shape[1] or shape[2]) and (not rules.sequence_max_wilds or not (twos or jokers)):
        # no wild card in the meld nor any that may join it: only the naturals that continue it
        # without a gap can join it, or join a group that joins it
        low, high = ranks[0], ranks[-1]
        while low - 1 in suited:
            low -= 1
        while high + 1 in suited:
            high += 1
        near = (*range(low, ranks[0]), *range(ranks[-1] + 1, high + 1))  # each held, by the loops above
    elif ranks:
        # a natural further from the meld's naturals than a whole sequence spans never joins it,
        # nor one beyond more missing ranks than the wild cards the sequence may hold could fill,
        # nor does it join a group that joins it: such cards change no offer
        spare = min(rules.sequence_max_wilds, shape[1] + shape[2] + len(twos) + len(jokers))
        low, high = ranks[0], ranks[-1]
        floor, ceiling = ranks[-1] - rules.sequence_length + 1, ranks[0] + rules.sequence_length - 1
        missing = 0
        while low - 1 >= floor and (low - 1 in suited or missing < spare):
            missing += low - 1 not in suited
            low -= 1
        missing = 0
        while high + 1 <= ceiling and (high + 1 in suited or missing < spare):
            missing += high + 1 not in suited
            high += 1
        # a rank the meld holds already never joins it (no rank twice in a sequence)
        near = tuple(r for r in suited if low <= r <= high and r not in ranks)
    if three is not None and (shape[1] or shape[2] or rules.sequence_low_rank not in (*ranks, *near)):
        three = None  # a black 3 goes only under a natural sequence from the lowest rank (melds._check_sequence)
    if ranks:  # one wild card more than a sequence may hold is all a group or its rest can show
        most = rules.sequence_max_wilds + 1
        options = _add_shapes(shape, near, three is not None, min(len(twos), most), min(len(jokers), most), rules)
    else:
        options = _add_shapes(shape, near, three is not None, len(twos), len(jokers), rules)
    threes = (three,) if three is not None else ()
    return tuple(
        ((*twos[:t], *threes[:with_three], *map(suited.__getitem__, added), *jokers[:j]), legal)
        for (added, t, j, with_three), legal in options
    )


@lru_cache(maxsize=1 << 14)
def _add_shapes(
    shape: MeldShape, near: tuple[int, ...], three: bool, twos: int, jokers: int, rules: Rules
) -> tuple[tuple[AddShape, bool], ...]:
    """``_shaped_additions`` by ranks and counts: the groups ``_addition_options`` offers for a
    stand-in meld and hand of one suit, each by its parts."""
    ranks, meld_twos, meld_jokers = shape
    meld = (*[_STAND_IN_TWO] * meld_twos, *(Card(r, _STAND_IN_SUIT) for r in ranks), *[JOKER] * meld_jokers)
    threes = (_STAND_IN_THREE,) if three else ()
    cards = (*[_STAND_IN_TWO] * twos, *threes, *(Card(r, _STAND_IN_SUIT) for r in near), *[JOKER] * jokers)
    return tuple((_parts_of(group), legal) for group, legal in _addition_options(meld, cards, rules))


@lru_cache(maxsize=1 << 12)
def _table_facts(
    table: tuple[Cards, ...], rules: Rules
) -> tuple[dict[int, tuple[int, int]] | None, tuple[MeldFacts, ...]]:
    """What the offers read of a side's table, once per table: ``_ranks_of`` it and each meld's
    ``_meld_facts`` (the table changes only when the side melds or adds)."""
    facts = tuple(_meld_facts(meld, rules) for meld in table)
    return _ranks_of(facts, rules), facts


@lru_cache(maxsize=1 << 12)
def _meld_facts(meld: Cards, rules: Rules) -> MeldFacts:
    """A table meld's kind and legality (as the judge says), its first natural, how many
    naturals it holds and whether it is complete: what the offers read, worked out once per meld."""
    verdict = judge(meld, rules, True)
    naturals = [c for c in meld if c.is_natural]
    return verdict.kind, verdict.legal, naturals[0] if naturals else None, len(naturals), verdict.complete


@lru_cache(maxsize=1024)
def _same_rank_meld(rank: int, naturals: int, wilds: int) -> Cards:
    """A legal same-rank meld of so many naturals of ``rank`` and wild cards: what any such meld
    allows to be added to it (by the same-rank rules: counts, not suits) this one allows too."""
    return (*[Card(2, "C")] * wilds, *[Card(rank, "C")] * naturals)


def _same_rank_additions(
    meld_naturals: int, meld_wilds: int, naturals: Cards, twos: Cards, jokers: Cards, rules: Rules
) -> tuple[tuple[Cards, bool], ...]:
    """``_addition_options`` for a legal same-rank meld of so many naturals and wild cards: the
    same groups as ``_addition_groups`` makes, each judged by its counts alone (``_same_rank_adds``)."""
    shapes = _same_rank_adds(meld_naturals, meld_wilds, len(naturals), len(twos), len(jokers), rules)
    return tuple((_shape_group(naturals, twos, jokers, shape), legal) for shape, legal in shapes)


class _AddsByCount(dict[tuple[int, int, int], tuple[tuple[Shape, bool], ...]]):
    """``_same_rank_adds`` for a hand of so many 2s and jokers, by (the meld's naturals, its wild
    cards, the hand's naturals of its rank): one look-up of three numbers per meld on the table."""

    def __init__(self, twos: int, jokers: int, rules: Rules) -> None:
        super().__init__()
        self._wilds = twos, jokers, rules

    def __missing__(self, key: tuple[int, int, int]) -> tuple[tuple[Shape, bool], ...]:
        self[key] = shapes = _same_rank_adds(*key, *self._wilds)
        return shapes


@lru_cache(maxsize=1 << 8)
def _same_rank_adds_by_count(twos: int, jokers: int, rules: Rules) -> _AddsByCount:
    """One ``_AddsByCount`` per hand's counts of wild cards, kept across positions."""
    return _AddsByCount(twos, jokers, rules)


@lru_cache(maxsize=1 << 14)
def _same_rank_adds(
    meld_naturals: int, meld_wilds: int, naturals: int, twos: int, jokers: int, rules: Rules
) -> tuple[tuple[Shape, bool], ...]:
    """``_same_rank_additions`` by counts: all the naturals with the most wild cards that join,
    one wild card, one natural; each group's shape and whether it joins (the same-rank rules count
    cards, so a stand-in rank judges for every rank)."""
    groups: list[Shape] = []
    meld = _SHAPE_NATURAL.rank, meld_naturals, meld_wilds
    for count in range(min(twos + jokers, rules.same_rank_max_wilds), -1, -1):
        splits = _wild_splits(count, twos, jokers)
        if splits and (naturals or count) and _same_rank_joins(*meld, naturals, count, rules):
            groups += [(naturals, t, j) for t, j in splits]
            break
    groups += [(0, t, j) for t, j in _wild_splits(1, twos, jokers)]
    groups += [(1, 0, 0)] if naturals else []
    return tuple(((n, t, j), _same_rank_joins(*meld, n, t + j, rules)) for n, t, j in dict.fromkeys(groups))


@lru_cache(maxsize=4096)
def _same_rank_joins(rank: int, meld_naturals: int, meld_wilds: int, naturals: int, wilds: int, rules: Rules) -> bool:
    """Whether so many naturals of ``rank`` and wild cards legally join a legal same-rank meld of so
    many: the judge's answer for one such meld and group stands for all (the same-rank rules count)."""
    meld = _same_rank_meld(rank, meld_naturals, meld_wilds)
    return judge_addition(meld, (*[Card(2, "C")] * wilds, *[Card(rank, "C")] * naturals), rules).legal


@lru_cache(maxsize=1 << 12)
def _addition_options(meld: Cards, cards: Cards, rules: Rules) -> tuple[tuple[Cards, bool], ...]:
    offered = _addition_groups(meld, _Hand(cards), rules)
    groups = dict.fromkeys(tuple(sorted(g, key=CARD_ORDER)) for g in offered)  # each once, in card order
    if judge(meld, rules, True).kind is MeldKind.SEQUENCE:
        seen, table_open = _scan(_NO_CARDS, meld), _open_sequence(meld, rules)
        return tuple((group, _joins_sequence(meld, seen, table_open, group, rules, False)) for group in groups)
    return tuple((group, judge_addition(meld, group, rules).legal) for group in groups)


def _addition_groups(meld: Cards, hand: _Hand, rules: Rules) -> Iterator[Cards]:
    """Single cards and maximal groups from hand that could join ``meld``."""
    verdict = judge(meld, rules, True)
    kind = verdict.kind
    if verdict.complete and kind in (MeldKind.SEQUENCE, MeldKind.WILD):
        return  # closed: nothing joins it
    singles: list[Card] = []
    if kind is MeldKind.SAME_RANK:
        rank = next(c.rank for c in meld if c.is_natural)
        naturals = hand.by_rank.get(rank, [])
        singles = naturals[:1]
        for count in range(min(hand.wild_count, rules.same_rank_max_wilds), -1, -1):
            options = hand.wilds(count)
            if options and (naturals or count) and judge_addition(
                meld, tuple(sorted((*naturals, *options[0]), key=CARD_ORDER)), rules
            ).legal:
                for wilds in options:
                    yield tuple(sorted((*naturals, *wilds), key=CARD_ORDER))
                break
    elif kind is MeldKind.SEQUENCE:
        suit = next(c.suit for c in meld if c.is_natural)
        room = rules.sequence_length - len(meld)
        low = min(c.rank for c in meld if c.is_natural) - room
        high = max(c.rank for c in meld if c.is_natural) + room
        threes = [c for c in hand.black_threes if c.suit == suit][:1]
        singles = [*(c for r, c in hand.by_suit.get(suit, {}).items() if low <= r <= high), *threes]
        pool = [*singles, *next(iter(hand.wilds(min(hand.wild_count, rules.sequence_max_wilds))), ())]
        yield from _maximal_additions(meld, pool, hand, rules)
    elif kind in (MeldKind.WILD, MeldKind.BLACK_THREES):
        pool = hand.black_threes if kind is MeldKind.BLACK_THREES else []
        singles = pool[:1]
        room = max(0, rules.wild_meld_length - len(meld)) if kind is MeldKind.WILD else len(pool)
        if kind is MeldKind.WILD:
            for wilds in hand.wilds(min(room, hand.wild_count)):
                yield wilds
        elif pool:
            yield tuple(pool)
    for wilds in hand.wilds(1):
        yield wilds
    for card in singles:
        yield (card,)


def _maximal_additions(meld: Cards, pool: Sequence[Card], hand: _Hand, rules: Rules) -> Iterator[Cards]:
    """The groups of ``pool`` (a few cards of one suit and wild cards) that legally join ``meld``
    and to which no other card of the hand could be added."""
    legal: list[Cards] = []
    pool = sorted(pool, key=CARD_ORDER)  # so every combination comes in card order already
    # ``meld`` is a sequence (naturals of two ranks or more): longer than a sequence may be, it is
    # no legal meld whatever joins it, so groups that make it so are not tried
    room = rules.sequence_length - len(meld)
    seen = _scan(_NO_CARDS, meld)
    table_open = _open_sequence(meld, rules)
    for size in range(min(len(pool), room), 1, -1):
        for joined in combinations(pool, size):
            if _joins_sequence(meld, seen, table_open, joined, rules, any(c.is_black_three for c in joined)):
                legal.append(joined)
    for joined in legal:
        if len(joined) >= room:
            yield joined  # nothing more joins a sequence as long as it may be
            continue
        rest = remove_cards(hand.cards, joined) or []
        threes = any(x.is_black_three for x in joined)
        if not any(
            _joins_sequence(
                meld, seen, table_open, tuple(sorted((*joined, c), key=CARD_ORDER)), rules, c.is_black_three or threes
            )
            for c in dict.fromkeys(rest)
        ):
            yield joined


def _open_sequence(meld: Cards, rules: Rules) -> bool:
    """Whether ``meld`` (a sequence) is legal and not complete: open to additions."""
    verdict = judge(meld, rules, True)
    return verdict.legal and not verdict.complete


def _joins_sequence(
    meld: Cards, seen: SequenceScan | None, table_open: bool, cards: Cards, rules: Rules, going_out: bool
) -> bool:
    """``judge_addition(meld, cards, rules, going_out).legal`` for ``meld`` a sequence (read as
    ``seen`` by ``_scan``; ``table_open``: ``_open_sequence``). Without a 3 in either it is the
    arithmetic's answer, the judge's rules for a sequence (tests/test_legal_shapes.py holds the two
    to each other); with one the judge's own."""
    if not _may_be_sequence_after(seen, cards, rules):
        return False
    if _scan(seen, cards) is not None:
        return table_open
    return judge_addition(meld, cards, rules, going_out).legal


def _may_be_sequence(cards: Sequence[Card], rules: Rules) -> bool:
    """``False`` when ``cards``, naturals of two or more ranks with wild cards, break a sequence rule
    of the judge (melds._judge and _check_sequence: one suit, no rank twice, so many wild cards, the
    gaps filled, the length): such a group is no legal meld, and no legal addition either. ``True``
    means the judge must say; so it is for groups with 3s or naturals of one rank."""
    return _may_be_sequence_after(_NO_CARDS, cards, rules)


SequenceScan = tuple[str, bool, int, int, int, int, int, bool, int]
"""What ``_may_be_sequence`` reads of cards seen so far: the first natural's suit, whether another
suit came, the ranks present (as bits), how many naturals and wild cards, the lowest and highest
rank, whether a rank came twice, how many cards."""
_NO_CARDS: SequenceScan = ("", False, 0, 0, 0, 15, 0, False, 0)


def _scan(seen: SequenceScan | None, cards: Sequence[Card]) -> SequenceScan | None:
    """``seen`` with ``cards`` too; ``None`` once a 3 is among them (the judge's own rules)."""
    if seen is None:
        return None
    suit, mixed, present, naturals, wilds, low, high, repeated, count = seen
    for card in cards:
        if card.is_natural:
            rank = card.rank
            if not suit:
                suit = card.suit
            elif card.suit != suit:
                mixed = True
            bit = 1 << rank
            repeated = repeated or bool(present & bit)
            present |= bit
            naturals += 1
            if rank < low:
                low = rank
            if rank > high:
                high = rank
        elif card.is_wild:
            wilds += 1
        else:
            return None
    return suit, mixed, present, naturals, wilds, low, high, repeated, count + len(cards)


def _other_rank_breaks(top: Card, meld: Cards, rules: Rules) -> bool:
    """Whether ``top``, a natural of another rank than ``meld`` (a legal same-rank meld without 3s),
    makes with it naturals of two ranks that no sequence allows: a rank repeated, or no sequences
    at all (as ``_may_be_sequence`` says, read from the meld's facts)."""
    kind, legal, first, naturals, _ = _meld_facts(meld, rules)
    return (
        legal
        and kind is MeldKind.SAME_RANK
        and first is not None
        and top.is_natural
        and top.rank != first.rank
        and (naturals >= 2 or not rules.sequences)
        and _meld_shape(meld) is not None
    )


def _breaks_sequence(seen: SequenceScan | None) -> bool:
    """Whether cards read by ``_scan`` hold naturals of two ranks or more that mix suits or repeat a
    rank, and no 3: then ``_may_be_sequence`` refuses them with any more naturals and wild cards
    (as the judge does), at least ``meld_min_cards`` of them."""
    return seen is not None and seen[5] < seen[6] and (seen[1] or seen[7])


def _may_be_sequence_after(seen: SequenceScan | None, cards: Sequence[Card], rules: Rules) -> bool:
    """``_may_be_sequence`` of the cards ``seen`` (as ``_scan`` read them) and ``cards``: a meld
    read once, then each group that might join it."""
    scanned = _scan(seen, cards)
    if scanned is None:
        return True  # a 3: the judge's own rules
    _, mixed, _, naturals, wilds, low, high, repeated, count = scanned
    if low >= high or count < rules.meld_min_cards:
        return True  # no natural, or one rank: not a sequence
    if not rules.sequences or mixed or repeated:
        return False
    if wilds > rules.sequence_max_wilds or count > rules.sequence_length:
        return False
    return high - low + 1 - naturals <= wilds
