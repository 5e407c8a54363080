"""Meld legality: what kind of meld some cards make, whether the rules allow it, and why not.

``check_meld`` judges a new meld, ``check_addition`` cards added to a meld on the
table. Both return a ``MeldVerdict`` listing every broken rule as a ``Reason``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any

from .cards import Card, CardError, cards_in_deck, check_copies, format_cards, parse_cards
from .i18n import EN, Reason, render
from .rules import Rules, resolve_rules

__all__ = [
    "MeldKind", "MeldVerdict", "SideMeldsVerdict", "check_addition", "check_meld", "check_side_melds",
    "complete_length",
]  # fmt: skip

_RANK_TEXT = {r: Card(r, "S").rank_text for r in range(2, 15)}
_SUIT_NAMES = {suit: EN[f"suit-name:{suit}"] for suit in "CDHS"}  # catalogue words, said again in a sentence's language


class MeldKind(StrEnum):
    SAME_RANK = "same-rank"
    SEQUENCE = "sequence"
    WILD = "wild"
    BLACK_THREES = "black-threes"


@dataclass(frozen=True, slots=True)
class MeldVerdict:
    """What a group of cards makes as a meld under some rules, and every rule it breaks."""

    cards: tuple[Card, ...]
    rules: str
    rules_title: str
    legal: bool
    kind: MeldKind | None
    complete: bool
    bonus: int
    points: int
    label: str | None
    """The complete meld's kind code (``natural-canasta``, ``natural-sequence``, ...): its bonus."""
    reasons: tuple[Reason, ...]
    name: str | None = None
    """The catalogue code of the complete meld's name as its rules call it ("escalera", "red samba")."""

    def __str__(self) -> str:
        params = {"rules": self.rules_title, "points": self.points, "bonus": self.bonus}
        if not self.legal:
            head = render("verdict-illegal", params)
            return "; ".join([head, *map(str, self.reasons)])
        if self.complete:
            return render("verdict-legal-complete", params | {"label": render(self.name or "")})
        return render("verdict-legal", params | {"kind": render(f"kind:{self.kind}")})

    def to_dict(self) -> dict[str, Any]:
        return {
            "cards": format_cards(self.cards),
            "rules": self.rules,
            "legal": self.legal,
            "kind": str(self.kind) if self.kind else None,
            "complete": self.complete,
            "label": self.label,
            "bonus": self.bonus,
            "points": self.points,
            "reasons": [r.to_dict() for r in self.reasons],
            "summary": str(self),
        }


def check_meld(
    cards: str | Iterable[Card | str], rules: Rules | str = "bolivia", *, going_out: bool = False
) -> MeldVerdict:
    """Judge ``cards`` (in any order) as one new meld; ``going_out`` allows black 3s.

    More copies of a card than the rules' deck holds raise ``CardError``."""
    if type(rules) is not Rules:
        rules = resolve_rules(rules)
    return judge(cards_in_deck(cards, rules.decks, rules.jokers, rules.title), rules, going_out)


@lru_cache(maxsize=1 << 14)
def judge(cards: tuple[Card, ...], rules: Rules, going_out: bool = False) -> MeldVerdict:
    """``check_meld`` for cards already parsed, remembered: the game asks about the same melds often."""
    return _judge(cards, rules, going_out)


def check_addition(
    meld: str | Iterable[Card | str],
    added: str | Iterable[Card | str],
    rules: Rules | str = "bolivia",
    *,
    going_out: bool = False,
) -> MeldVerdict:
    """Judge adding ``added`` to ``meld``, a meld already on the side's table.

    The verdict describes the meld as it would be after the addition.
    """
    rules = resolve_rules(rules)
    on_table, more = parse_cards(meld), parse_cards(added)
    check_copies(on_table + more, rules.decks, rules.jokers, rules.title)
    return judge_addition(on_table, more, rules, going_out)


@lru_cache(maxsize=1 << 12)
def judge_addition(
    meld: tuple[Card, ...], added: tuple[Card, ...], rules: Rules, going_out: bool = False
) -> MeldVerdict:
    """``check_addition`` for cards already parsed, remembered like ``judge``."""
    on_table = judge(meld, rules, True)
    combined = judge(meld + added, rules, going_out)
    params = {"rules": rules.title}
    reasons: list[Reason] = []
    if not added:
        reasons.append(Reason("nothing-added", None, params))
    if not on_table.legal:
        reasons.append(Reason("table-meld-illegal", None, params | {
            "cards": format_cards(meld), "why": on_table.reasons}))  # fmt: skip
    elif on_table.complete and on_table.kind in (MeldKind.SEQUENCE, MeldKind.WILD):
        knob = "sequence_length" if on_table.kind is MeldKind.SEQUENCE else "wild_meld_length"
        reasons.append(Reason("meld-closed", knob, params | {"label": render(on_table.name or "")}))
    elif on_table.complete and not rules.wilds_onto_complete_canasta and any(c.is_wild for c in added):
        reasons.append(Reason("wild-onto-complete-canasta", "wilds_onto_complete_canasta", params))
    for reason in combined.reasons:
        if reason.code in _TOO_LONG and reasons:
            continue  # the meld was closed already: saying it is too long adds nothing
        if reason.code == "sequence-too-long" and rules.sequence_overflow == "start a new sequence":
            extra = len(combined.cards) - rules.sequence_length
            reasons.append(Reason("sequence-overflow", "sequence_overflow", params | {
                "max": rules.sequence_length, "extra": extra}))
        else:
            reasons.append(reason)
    if not reasons:
        return combined
    return _verdict(combined.cards, rules, combined.kind, tuple(reasons), combined.points)


def illegal_meld_reasons(verdicts: Iterable[MeldVerdict], params: dict[str, Any]) -> list[Reason]:
    """"Meld N (cards) is not legal: why", for each illegal one of melds laid or judged together."""
    return [
        Reason("meld-illegal", v.reasons[0].knob, params | {
            "index": i, "cards": format_cards(v.cards), "why": v.reasons})
        for i, v in enumerate(verdicts, start=1) if not v.legal
    ]  # fmt: skip


_TOO_LONG = frozenset({"sequence-too-long", "wild-meld-too-long"})


@dataclass(frozen=True, slots=True)
class SideMeldsVerdict:
    """Whether a side's melds on the table can stand together, and why not."""

    legal: bool
    melds: tuple[MeldVerdict, ...]
    reasons: tuple[Reason, ...]

    def __str__(self) -> str:
        return "; ".join(map(str, self.reasons)) or "every meld is legal"


def check_side_melds(
    melds: Iterable[str | Iterable[Card | str]], rules: Rules | str = "bolivia", *, going_out: bool = False
) -> SideMeldsVerdict:
    """Judge a side's table: each meld, and how many same-rank melds of one rank it may hold."""
    rules = resolve_rules(rules)
    if isinstance(melds, str):
        raise CardError(f"melds are a list of melds, each cards such as \"KH KS KD\", not one text {melds!r}")
    groups = [parse_cards(m) for m in melds]
    check_copies([c for g in groups for c in g], rules.decks, rules.jokers, rules.title)
    return judge_side_melds(groups, rules, going_out)


def judge_side_melds(groups: Sequence[tuple[Card, ...]], rules: Rules, going_out: bool = False) -> SideMeldsVerdict:
    """``check_side_melds`` for a table already parsed and possible (the game's own)."""
    verdicts = tuple(judge(g, rules, going_out) for g in groups)
    params = {"rules": rules.title}
    reasons = illegal_meld_reasons(verdicts, params)
    per_rank = rules.same_rank_melds_per_rank
    by_rank: dict[int, list[MeldVerdict]] = {}
    for verdict in verdicts:
        if verdict.legal and verdict.kind is MeldKind.SAME_RANK:
            rank = next(c.rank for c in verdict.cards if c.is_natural)
            by_rank.setdefault(rank, []).append(verdict)
    for rank, group in sorted(by_rank.items()):
        numbers = params | {"rank": _ranks([rank]), "count": len(group)}
        if per_rank == "one" and len(group) > 1:
            reasons.append(Reason("same-rank-twice", "same_rank_melds_per_rank", numbers))
        elif per_rank == "another only after a canasta" and sum(not v.complete for v in group) > 1:
            reasons.append(Reason("same-rank-twice-open", "same_rank_melds_per_rank", numbers))
    return SideMeldsVerdict(not reasons, verdicts, tuple(reasons))


def _judge(cards: tuple[Card, ...], rules: Rules, going_out: bool) -> MeldVerdict:
    """Classify the cards, then check that kind's rules. The hot path of the engine: one pass
    sorts the cards into naturals, wild cards and 3s, sums their points and notes as bit sets the
    ranks present, the ranks repeated and the suits of the naturals; the common legal shapes are
    then decided by arithmetic (``_common_shape``), every other group by the full check."""
    values = rules._values_by_rank  # type: ignore[attr-defined]  # card_value's table, read directly
    present = repeated = suits = wilds = red_threes = points = 0
    black_threes: list[Card] = []
    for card in cards:
        if card.is_natural:
            points += values[card.rank]
            bit = card._rank_bit
            if present & bit:
                repeated |= bit
            present |= bit
            suits |= card._suit_bit
        elif card.is_wild:
            points += values[card.rank]
            wilds += 1
        elif card.is_red_three:
            red_threes += 1  # a bonus card: no points here
        else:
            points += values[3]
            black_threes.append(card)
    naturals = len(cards) - wilds - red_threes - len(black_threes)
    if naturals and not red_threes and not black_threes and len(cards) >= rules.meld_min_cards:
        verdict = _common_shape(cards, rules, naturals, wilds, present, repeated, suits, points)
        if verdict is not None:
            return verdict
    return _full_check(cards, rules, going_out, naturals, wilds, red_threes, black_threes, present, repeated,
                       suits, points)  # fmt: skip


def _common_shape(
    cards: tuple[Card, ...], rules: Rules, naturals: int, wilds: int, present: int, repeated: int, suits: int,
    points: int,
) -> MeldVerdict | None:  # fmt: skip
    """The verdict on naturals of one rank with a few wild cards, or a run of one suit, when the
    group is legal; ``None`` otherwise. Each test here is one of the full check's, so a group that
    passes them all is one for which it finds no reason (tests/test_meld_fast_path.py compares)."""
    if present & (present - 1) == 0:  # one rank: the same tests as _check_same_rank's
        balance = rules.same_rank_wild_balance
        if (
            wilds > rules.same_rank_max_wilds
            or (balance == "naturals at least twice the wilds" and naturals < 2 * wilds)
            or (balance == "naturals outnumber wilds" and naturals <= wilds)
            or (wilds and naturals < rules.same_rank_min_naturals)
        ):
            return None
        kind = MeldKind.SAME_RANK
    elif (
        suits & (suits - 1) == 0  # one suit, no rank twice, and the gaps filled: _check_sequence's tests
        and not repeated
        and rules.sequences
        and wilds <= rules.sequence_max_wilds
        and len(cards) <= rules.sequence_length
        and present.bit_length() - (present & -present).bit_length() + 1 - naturals <= wilds
    ):
        kind = MeldKind.SEQUENCE
    else:
        return None
    return _verdict(cards, rules, kind, (), points)


def _full_check(
    cards: tuple[Card, ...], rules: Rules, going_out: bool, naturals: int, wilds: int, red_threes: int,
    black_threes: list[Card], present: int, repeated: int, suits: int, points: int,
) -> MeldVerdict:  # fmt: skip
    """Every rule the group breaks, in the order the reasons are said; the kind it would be."""
    title = rules.title
    reasons: list[Reason] = []
    if red_threes:
        reasons.append(_said("red-three-in-meld", title, red_threes))
    count = len(cards)
    if present & (present - 1):  # two ranks or more
        kind: MeldKind | None = MeldKind.SEQUENCE
        if not rules.sequences:
            reasons.append(_said("sequences-not-allowed", title, present))
        elif suits & (suits - 1) and repeated:
            kind = None
            reasons.append(_said("not-one-rank-or-suit", title, present))
        else:
            _check_sequence(naturals, wilds, black_threes, present, repeated, suits, count, rules, going_out, reasons)
    elif present:
        kind = MeldKind.SAME_RANK
        _check_same_rank(naturals, wilds, len(black_threes), present, rules, reasons)
    elif black_threes:
        kind = MeldKind.BLACK_THREES
        _check_black_threes(len(black_threes), wilds, count, rules, going_out, reasons)
    elif wilds:
        kind = MeldKind.WILD
        if not rules.wild_melds:
            reasons.append(_said("wild-melds-not-allowed", title))
        elif count > rules.wild_meld_length:
            reasons.append(_said("wild-meld-too-long", title, rules.wild_meld_length, count))
    else:
        kind = None
    if count < rules.meld_min_cards:
        reasons.append(_said("too-few-cards", title, rules.meld_min_cards, count))
    return _verdict(cards, rules, kind, tuple(reasons), points)


def _verdict(
    cards: tuple[Card, ...], rules: Rules, kind: MeldKind | None, reasons: tuple[Reason, ...], points: int
) -> MeldVerdict:
    """The verdict, its label, bonus and name worked out only for a group long enough to be complete."""
    count = len(cards)
    if reasons or (count < CANASTA_LENGTH and count < rules.sequence_length and count < rules.wild_meld_length):
        label = None  # illegal, or too short for any complete meld: the common cases, said at once
    else:
        label = _complete_label(cards, kind, rules)
    if label is None:
        return MeldVerdict(cards, rules.name, rules.title, not reasons, kind, False, 0, points, None, reasons, None)
    return MeldVerdict(cards, rules.name, rules.title, True, kind, True, _bonus(label, rules), points, label, reasons,
                       meld_name(label, rules))  # fmt: skip


def meld_name(label: str | None, rules: Rules) -> str | None:
    """The catalogue code naming a complete meld of ``label`` the way ``rules`` name it."""
    if label is None:
        return None
    return f"label:{label}:{rules.sequence_called}" if label.endswith("-sequence") else f"label:{label}"


def _check_same_rank(
    naturals: int, wilds: int, black_threes: int, present: int, rules: Rules, reasons: list[Reason]
) -> None:
    title = rules.title
    if black_threes:
        reasons.append(_said("black-three-in-meld", title, present))
    if wilds > rules.same_rank_max_wilds:
        reasons.append(_said("same-rank-too-many-wilds", title, rules.same_rank_max_wilds, wilds))
    balance = rules.same_rank_wild_balance
    if balance == "naturals at least twice the wilds" and naturals < 2 * wilds:
        reasons.append(_said("same-rank-wild-balance-twice", title, naturals, wilds))
    elif balance == "naturals outnumber wilds" and naturals <= wilds:
        reasons.append(_said("same-rank-wild-balance-more", title, naturals, wilds))
    elif wilds and naturals < rules.same_rank_min_naturals:  # said already if the balance failed
        reasons.append(_said("same-rank-too-few-naturals", title, rules.same_rank_min_naturals, naturals))


def _check_sequence(
    naturals: int, wilds: int, black_threes: list[Card], present: int, repeated: int, suits: int, count: int,
    rules: Rules, going_out: bool, reasons: list[Reason],
) -> None:  # fmt: skip
    title = rules.title
    if suits & (suits - 1):
        reasons.append(_said("sequence-suits", title, suits))
    if repeated:
        reasons.append(_said("sequence-repeated-rank", title, repeated))
    if wilds > rules.sequence_max_wilds:
        reasons.append(_said("sequence-too-many-wilds", title, rules.sequence_max_wilds, wilds))
    low = (present & -present).bit_length() - 1
    if black_threes:
        # Only the Swedish rule lets a black 3 into a sequence: one, of the sequence's suit,
        # below its 4, in a natural sequence, and only when going out.
        fits = (
            rules.black_three_under_sequence
            and len(black_threes) == 1
            and wilds == 0
            and low == rules.sequence_low_rank
            and black_threes[0]._suit_bit == suits
        )
        if not fits:
            if rules.black_three_under_sequence:
                reasons.append(_said("black-three-under-sequence", title, present))
            else:
                reasons.append(_said("black-three-in-meld", title, present))
        elif not going_out:
            reasons.append(_said("black-threes-only-going-out", title))
    usable = min(wilds, rules.sequence_max_wilds)
    missing = ((1 << present.bit_length()) - (1 << low)) & ~present  # the ranks between low and high not there
    if missing.bit_count() > usable and not repeated:
        reasons.append(_said("sequence-gap", title, missing, usable))
    if count > rules.sequence_length:
        reasons.append(_said("sequence-too-long", title, rules.sequence_length, count))


def _check_black_threes(
    black_threes: int, wilds: int, count: int, rules: Rules, going_out: bool, reasons: list[Reason]
) -> None:
    title = rules.title
    if not going_out:
        reasons.append(_said("black-threes-only-going-out", title))
    if wilds > rules.black_three_meld_wilds:
        reasons.append(_said("black-threes-with-wilds", title, rules.black_three_meld_wilds, wilds))
    if black_threes > rules.black_three_meld_max:
        reasons.append(_said("black-threes-too-many", title, rules.black_three_meld_max, black_threes))


def _ranks_in(mask: int) -> tuple[str, ...]:
    """The ranks of a bit set (bit r for rank r) as the catalogue's words, lowest first."""
    return tuple(_RANK_WORDS[r] for r in range(2, 15) if mask >> r & 1)


# What each reason says, from the two numbers _said keeps it under (0 where a reason has fewer).
_Params = Callable[[int, int], dict[str, Any]]
_REASON_MAKERS: dict[str, tuple[str, _Params]] = {
    # code: (the knob it rests on, its params)
    "red-three-in-meld": ("card_values", lambda count, _: {"count": count}),
    "sequences-not-allowed": ("sequences", lambda ranks, _: {"ranks": _ranks_in(ranks)}),
    "not-one-rank-or-suit": ("sequences", lambda ranks, _: {"ranks": _ranks_in(ranks)}),
    "sequence-suits": ("sequences", lambda suits, _: {"suits": _suits_in(suits)}),
    "sequence-repeated-rank": ("sequences", lambda ranks, _: {"ranks": _ranks_in(ranks)}),
    "sequence-too-many-wilds": ("sequence_max_wilds", lambda most, wilds: {"max": most, "wilds": wilds}),
    "black-three-under-sequence": ("black_three_under_sequence", lambda ranks, _: {"ranks": _ranks_in(ranks)}),
    "black-three-in-meld": ("black_three_meld_max", lambda ranks, _: {"ranks": _ranks_in(ranks)}),
    "black-threes-only-going-out": ("black_three_meld_max", lambda _, __: {}),
    "sequence-gap": ("sequences", lambda missing, usable: {"missing": _notation_in(missing), "usable": usable}),
    "sequence-too-long": ("sequence_length", lambda most, count: {"max": most, "count": count}),
    "same-rank-too-many-wilds": ("same_rank_max_wilds", lambda most, wilds: {"max": most, "wilds": wilds}),
    "same-rank-wild-balance-twice": ("same_rank_wild_balance", lambda n, wilds: {"naturals": n, "wilds": wilds}),
    "same-rank-wild-balance-more": ("same_rank_wild_balance", lambda n, wilds: {"naturals": n, "wilds": wilds}),
    "same-rank-too-few-naturals": ("same_rank_min_naturals", lambda least, n: {"min": least, "naturals": n}),
    "black-threes-with-wilds": ("black_three_meld_wilds", lambda most, wilds: {"max": most, "wilds": wilds}),
    "black-threes-too-many": ("black_three_meld_max", lambda most, count: {"max": most, "count": count}),
    "wild-melds-not-allowed": ("wild_melds", lambda _, __: {}),
    "wild-meld-too-long": ("wild_meld_length", lambda most, count: {"max": most, "count": count}),
    "too-few-cards": ("meld_min_cards", lambda least, count: {"min": least, "count": count}),
}
_SAID: dict[tuple[str, str, int, int], Reason] = {}
_SAID_MOST = 1 << 15


def _suits_in(suits: int) -> tuple[str, ...]:
    """The suits of a bit set (bit i for ``SUITS[i]``) as the catalogue's words, in suit order."""
    return tuple(_SUIT_NAMES[s] for i, s in enumerate("CDHS") if suits >> i & 1)


def _notation_in(ranks: int) -> str:
    """The ranks of a bit set in card notation ("8, 10"): no word of any language."""
    return ", ".join(_RANK_TEXT[r] for r in range(2, 15) if ranks >> r & 1)


def _said(code: str, title: str, first: int = 0, second: int = 0) -> Reason:
    """The reason ``code`` of the rules titled ``title`` with its numbers (counts, rule values, bit
    sets of ranks or suits), made once and shared: reasons are values, and most verdicts repeat a
    few of them, so the judge does not build their words again."""
    key = (code, title, first, second)
    reason = _SAID.get(key)
    if reason is None:
        knob, params = _REASON_MAKERS[code]
        reason = Reason(code, knob, {"rules": title, **params(first, second)})
        if len(_SAID) >= _SAID_MOST:
            _SAID.clear()  # a bound for long sessions of many variants
        _SAID[key] = reason
    return reason


CANASTA_LENGTH = 7


def complete_length(kind: MeldKind | None, rules: Rules) -> int | None:
    """How many cards make a meld of ``kind`` complete (a canasta, an escalera, a bolivia), so a
    view can show progress ("kings, 5 of 7") without a rule value of its own."""
    if kind in (MeldKind.SAME_RANK, MeldKind.BLACK_THREES):
        return CANASTA_LENGTH
    if kind is MeldKind.SEQUENCE:
        return rules.sequence_length
    if kind is MeldKind.WILD:
        return rules.wild_meld_length
    return None


def _complete_label(cards: tuple[Card, ...], kind: MeldKind | None, rules: Rules) -> str | None:
    count = len(cards)
    full = complete_length(kind, rules)
    if kind in (MeldKind.SAME_RANK, MeldKind.BLACK_THREES) and full is not None and count >= full:
        return "mixed-canasta" if any(c.is_wild for c in cards) else "natural-canasta"
    if kind is MeldKind.SEQUENCE and count == full:
        return "mixed-sequence" if any(c.is_wild for c in cards) else "natural-sequence"
    if kind is MeldKind.WILD and count == full:
        # The special bolivias have names only where the rules pay them differently (Swedish).
        jokers = sum(c.is_joker for c in cards)
        if jokers == 0 and rules.bonus_bolivia_seven_twos != rules.bonus_bolivia:
            return "bolivia-seven-twos"
        if jokers == 4 and count == 7 and rules.bonus_bolivia_three_twos_four_jokers != rules.bonus_bolivia:
            return "bolivia-three-twos-four-jokers"
        return "bolivia"
    return None


_BONUS_KNOB = {
    "natural-canasta": "bonus_natural_canasta",
    "mixed-canasta": "bonus_mixed_canasta",
    "natural-sequence": "bonus_natural_sequence",
    "mixed-sequence": "bonus_mixed_sequence",
    "bolivia": "bonus_bolivia",
    "bolivia-three-twos-four-jokers": "bonus_bolivia_three_twos_four_jokers",
    "bolivia-seven-twos": "bonus_bolivia_seven_twos",
}


def bonus_knob(label: str) -> str:
    """The rule knob holding the bonus of a complete meld with this label."""
    return _BONUS_KNOB[label]


def _bonus(label: str, rules: Rules) -> int:
    return int(getattr(rules, _BONUS_KNOB[label]))


def _ranks(ranks: Iterable[int]) -> tuple[str, ...]:
    """Ranks as the catalogue's words ("queens", "4s"), which a sentence says again in its language."""
    return tuple(_RANK_WORDS[r] for r in sorted(ranks))


_RANK_WORDS = {r: EN.get(f"rank:{text}", f"{text}s") for r, text in _RANK_TEXT.items()}
