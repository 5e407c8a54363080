"""Meld legality: what kind of meld some cards make, whether the rules allow it, and why not.

``check_meld`` judges a new meld, ``check_addition`` cards added to a meld on the
table. Both return a ``MeldVerdict`` listing every broken rule as a ``Reason``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any

from .cards import Card, CardError, check_copies, format_cards, parse_cards
from .messages import EN, Reason, render
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
    rules = resolve_rules(rules)
    parsed = parse_cards(cards)
    check_copies(parsed, rules.decks, rules.jokers, rules.title)
    return judge(parsed, rules, going_out)


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
        why = "; ".join(map(str, on_table.reasons))
        reasons.append(Reason("table-meld-illegal", None, params | {"cards": format_cards(meld), "why": why}))
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
    return _verdict(combined.cards, rules, combined.kind, reasons, combined.points)


def illegal_meld_reasons(verdicts: Iterable[MeldVerdict], params: dict[str, Any]) -> list[Reason]:
    """"Meld N (cards) is not legal: why", for each illegal one of melds laid or judged together."""
    return [
        Reason("meld-illegal", v.reasons[0].knob, params | {
            "index": i, "cards": format_cards(v.cards), "why": "; ".join(map(str, v.reasons))})
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
    sorts the cards into naturals, wild cards and 3s, sums their points and notes what the
    common legal shapes need (one rank; or one suit, no rank twice, and the span of the ranks)."""
    naturals: list[Card] = []
    black_threes: list[Card] = []
    wilds = red_threes = 0
    points = 0
    values = rules._values_by_rank  # type: ignore[attr-defined]  # card_value's table, read directly
    first_rank = low = high = present = 0
    first_suit = ""
    one_rank = one_suit = True
    repeated = False
    for card in cards:
        if card.is_natural:
            rank = card.rank
            points += values[rank]
            if naturals:
                if rank != first_rank:
                    one_rank = False
                if card.suit != first_suit:
                    one_suit = False
                if rank < low:
                    low = rank
                elif rank > high:
                    high = rank
            else:
                first_rank = low = high = rank
                first_suit = card.suit
            bit = 1 << rank
            if present & bit:
                repeated = True
            present |= bit
            naturals.append(card)
        elif card.is_wild:
            wilds += 1
            points += values[card.rank]
        elif card.is_red_three:
            red_threes += 1  # a bonus card: no points here
        else:
            black_threes.append(card)
            points += values[3]
    count = len(cards)
    least = rules.meld_min_cards
    if not red_threes and naturals and not black_threes and count >= least:
        # the common legal shapes, decided without building reasons; each test here is one of the
        # full check's, so a group that passes them all is one for which it finds no reason
        if one_rank:
            n = len(naturals)
            balance = rules.same_rank_wild_balance  # the same tests as _check_same_rank's
            if not (
                wilds > rules.same_rank_max_wilds
                or (balance == "naturals at least twice the wilds" and n < 2 * wilds)
                or (balance == "naturals outnumber wilds" and n <= wilds)
                or (wilds and n < rules.same_rank_min_naturals)
            ):
                return _verdict(cards, rules, MeldKind.SAME_RANK, (), points)
        elif (
            one_suit
            and not repeated
            and rules.sequences
            and wilds <= rules.sequence_max_wilds
            and count <= rules.sequence_length
            and high - low + 1 - len(naturals) <= wilds  # gaps the wild cards fill
        ):
            return _verdict(cards, rules, MeldKind.SEQUENCE, (), points)
    params = {"rules": rules.title}
    reasons: list[Reason] = []
    if red_threes:
        reasons.append(Reason("red-three-in-meld", "card_values", params | {"count": red_threes}))
    ranks = {c.rank for c in naturals}
    if len(ranks) > 1:
        kind: MeldKind | None = MeldKind.SEQUENCE
        if not rules.sequences:
            reasons.append(Reason("sequences-not-allowed", "sequences", params | {"ranks": _ranks(ranks)}))
        elif not one_suit and len(ranks) < len(naturals):
            kind = None
            reasons.append(Reason("not-one-rank-or-suit", "sequences", params | {"ranks": _ranks(ranks)}))
        else:
            _check_sequence(naturals, wilds, black_threes, count, rules, going_out, params, reasons)
    elif ranks:
        kind = MeldKind.SAME_RANK
        _check_same_rank(len(naturals), wilds, len(black_threes), ranks, count, rules, params, reasons)
    elif black_threes:
        kind = MeldKind.BLACK_THREES
        _check_black_threes(len(black_threes), wilds, count, rules, going_out, params, reasons)
    elif wilds:
        kind = MeldKind.WILD
        if not rules.wild_melds:
            reasons.append(Reason("wild-melds-not-allowed", "wild_melds", params))
        elif count > rules.wild_meld_length:
            reasons.append(Reason("wild-meld-too-long", "wild_meld_length", params | {
                "max": rules.wild_meld_length, "count": count}))
    else:
        kind = None
    if count < least:
        reasons.append(Reason("too-few-cards", "meld_min_cards", params | {"min": least, "count": count}))
    return _verdict(cards, rules, kind, reasons, points)


def _verdict(
    cards: tuple[Card, ...], rules: Rules, kind: MeldKind | None, reasons: Sequence[Reason], points: int
) -> MeldVerdict:
    label = _complete_label(cards, kind, rules) if not reasons else None
    if label is None:
        return MeldVerdict(cards, rules.name, rules.title, not reasons, kind, False, 0, points, None, tuple(reasons))
    return MeldVerdict(
        cards, rules.name, rules.title, True, kind, True, _bonus(label, rules), points, label, (),
        meld_name(label, rules),
    )  # fmt: skip


def meld_name(label: str | None, rules: Rules) -> str | None:
    """The catalogue code naming a complete meld of ``label`` the way ``rules`` name it."""
    if label is None:
        return None
    return f"label:{label}:{rules.sequence_called}" if label.endswith("-sequence") else f"label:{label}"


def _check_same_rank(
    naturals: int, wilds: int, black_threes: int, ranks: set[int], count: int,
    rules: Rules, params: dict[str, Any], reasons: list[Reason],
) -> None:  # fmt: skip
    if black_threes:
        reasons.append(Reason("black-three-in-meld", "black_three_meld_max", params | {"ranks": _ranks(ranks)}))
    if wilds > rules.same_rank_max_wilds:
        reasons.append(Reason("same-rank-too-many-wilds", "same_rank_max_wilds", params | {
            "max": rules.same_rank_max_wilds, "wilds": wilds}))
    balance = rules.same_rank_wild_balance
    numbers = params | {"naturals": naturals, "wilds": wilds}
    if balance == "naturals at least twice the wilds" and naturals < 2 * wilds:
        reasons.append(Reason("same-rank-wild-balance-twice", "same_rank_wild_balance", numbers))
    elif balance == "naturals outnumber wilds" and naturals <= wilds:
        reasons.append(Reason("same-rank-wild-balance-more", "same_rank_wild_balance", numbers))
    elif wilds and naturals < rules.same_rank_min_naturals:  # said already if the balance failed
        reasons.append(Reason("same-rank-too-few-naturals", "same_rank_min_naturals", params | {
            "min": rules.same_rank_min_naturals, "naturals": naturals}))


def _check_sequence(
    naturals: list[Card], wilds: int, black_threes: list[Card], count: int, rules: Rules,
    going_out: bool, params: dict[str, Any], reasons: list[Reason],
) -> None:  # fmt: skip
    suits = {c.suit for c in naturals}
    if len(suits) > 1:
        reasons.append(Reason("sequence-suits", "sequences", params | {
            "suits": tuple(_SUIT_NAMES[s] for s in sorted(suits))}))
    ranks = sorted(c.rank for c in naturals)
    repeated = sorted({r for r in ranks if ranks.count(r) > 1})
    if repeated:
        reasons.append(Reason("sequence-repeated-rank", "sequences", params | {"ranks": _ranks(repeated)}))
    if wilds > rules.sequence_max_wilds:
        reasons.append(Reason("sequence-too-many-wilds", "sequence_max_wilds", params | {
            "max": rules.sequence_max_wilds, "wilds": wilds}))
    if black_threes:
        # Only the Swedish rule lets a black 3 into a sequence: one, of the sequence's suit,
        # below its 4, in a natural sequence, and only when going out.
        fits = (
            rules.black_three_under_sequence
            and len(black_threes) == 1
            and wilds == 0
            and ranks[0] == rules.sequence_low_rank
            and {black_threes[0].suit} == suits
        )
        if not fits:
            code, knob = (
                ("black-three-under-sequence", "black_three_under_sequence")
                if rules.black_three_under_sequence
                else ("black-three-in-meld", "black_three_meld_max")
            )
            reasons.append(Reason(code, knob, params | {"ranks": _ranks(set(ranks))}))
        elif not going_out:
            reasons.append(Reason("black-threes-only-going-out", "black_three_meld_max", params))
    usable = min(wilds, rules.sequence_max_wilds)
    missing = [r for r in range(ranks[0], ranks[-1] + 1) if r not in ranks]
    if len(missing) > usable and not repeated:
        said = ", ".join(_RANK_TEXT[r] for r in missing)  # ranks in card notation: no word of any language
        reasons.append(Reason("sequence-gap", "sequences", params | {"missing": said, "usable": usable}))
    if count > rules.sequence_length:
        reasons.append(Reason("sequence-too-long", "sequence_length", params | {
            "max": rules.sequence_length, "count": count}))


def _check_black_threes(
    black_threes: int, wilds: int, count: int, rules: Rules, going_out: bool,
    params: dict[str, Any], reasons: list[Reason],
) -> None:  # fmt: skip
    if not going_out:
        reasons.append(Reason("black-threes-only-going-out", "black_three_meld_max", params))
    if wilds > rules.black_three_meld_wilds:
        reasons.append(Reason("black-threes-with-wilds", "black_three_meld_wilds", params | {
            "max": rules.black_three_meld_wilds, "wilds": wilds}))
    if black_threes > rules.black_three_meld_max:
        reasons.append(Reason("black-threes-too-many", "black_three_meld_max", params | {
            "max": rules.black_three_meld_max, "count": black_threes}))


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
    return tuple(EN.get(f"rank:{_RANK_TEXT[r]}", f"{_RANK_TEXT[r]}s") for r in sorted(ranks))
