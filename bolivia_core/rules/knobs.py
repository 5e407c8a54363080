"""The knobs of a rule set: the frozen ``Rules`` object, each knob's check, and values as text.

Each knob is a field of ``Rules``; its check of a value lives in the field's
metadata and its description in the message catalogue (``knob:NAME`` in
``messages.py``, the one place a reader finds what a knob means, in every language),
and each preset says its value and where that value comes from: a seed file
of ``shared/seeds``, ``"assumption"`` where the seeds are silent, or
``"house rule"`` for a club's own change made with ``Rules.derive``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any, Literal, get_args

from ..cards import Card
from ..i18n import render

__all__ = [
    "ASSUMPTION", "HOUSE_RULE", "KNOB_NAMES", "SOURCE_LABELS", "CardClass", "KnobInfo", "Rules", "RulesError",
    "format_value", "plain_value",
]  # fmt: skip

ASSUMPTION = "assumption"
HOUSE_RULE = "house rule"
SWEDISH_TEXT = "000_faf31db2e1bc4557.txt"
DANISH_TEXT = "001_884e3db699ee2541.txt"  # the same text as 003 (Polish) and 004 (Czech)
NORWEGIAN_TEXT = "002_4f78e111dea169c8.txt"
SOURCE_LABELS = {
    SWEDISH_TEXT: "the Swedish club text",
    DANISH_TEXT: "the Danish text (the same in Polish and Czech)",
    NORWEGIAN_TEXT: "the Norwegian two-deck text",
}

MELD_KINDS_FOR_GOING_OUT = ("sequence", "canasta", "bolivia", "any")


class RulesError(ValueError):
    """A preset name, knob name or knob value that is not valid.

    ``code`` and ``params`` are the refusal as data, so that a page can say it again naming each knob
    by its description (the ``knob`` param) instead of its code."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(render(code, params))
        self.code = code
        self.params = params


# --- checks of knob values: each returns the problem in words, or None -------

Check = Callable[[Any], "str | None"]


def _int_range(low: int, high: int) -> Check:
    def check(value: Any) -> str | None:
        if type(value) is not int or not low <= value <= high:
            return render("value-whole-number", {"low": low, "high": high})
        return None

    return check


def _boolean(value: Any) -> str | None:
    return None if isinstance(value, bool) else render("value-true-or-false")


def _one_of(*choices: str) -> Check:
    def check(value: Any) -> str | None:
        return None if value in choices else render("value-one-of", {"choices": ", ".join(map(repr, choices))})

    return check


def _subset_of(*choices: str) -> Check:
    def check(value: Any) -> str | None:
        if isinstance(value, frozenset) and value <= set(choices):
            return None
        return render("value-set-of", {"choices": ", ".join(map(repr, choices))})

    return check


def _per_player_count(inner: Check, what: str) -> Check:
    """A table from player count to a value that ``inner`` checks; ``what`` names the value (a catalogue code)."""
    def check(value: Any) -> str | None:
        if not isinstance(value, Mapping) or not value:
            return render("value-per-player-count", {"what": render(what)})
        for players, item in value.items():
            if type(players) is not int or not 2 <= players <= 6:
                return render("value-per-player-count-key", {"what": render(what), "key": repr(players)})
            problem = inner(item)
            if problem:  # name the entry at fault: a club file's table has one per player count
                return render("value-per-player-count-entry", {"what": render(what), "players": players,
                                                               "problem": problem})  # fmt: skip
        return None

    return check


def _sides(value: Any) -> str | None:
    if not isinstance(value, Mapping) or not value:
        return render("value-sides")
    for players, sizes in value.items():
        if (
            type(players) is not int
            or not isinstance(sizes, tuple)
            or len(sizes) < 2
            or any(type(s) is not int or s < 1 for s in sizes)
            or sum(sizes) != players
        ):
            return render("value-sides")
    return None


def _going_out_alternatives(value: Any) -> str | None:
    expected = render("value-going-out-alternatives", {"kinds": ", ".join(MELD_KINDS_FOR_GOING_OUT)})
    if not isinstance(value, tuple) or not value:
        return expected
    for alternative in value:
        if not isinstance(alternative, tuple) or not alternative:
            return expected
        if any(kind not in MELD_KINDS_FOR_GOING_OUT for kind in alternative):
            return expected
    return None


def _score_steps(value: Any) -> str | None:
    expected = render("value-score-steps")
    if not isinstance(value, tuple) or not value or value[0][0] != 0:
        return expected
    previous = -1
    for step in value:
        if not isinstance(step, tuple) or len(step) != 2:
            return expected
        if any(type(x) is not int or x < 0 for x in step) or step[0] <= previous:
            return expected
        previous = step[0]
    return None


CARD_VALUE_KEYS = ("JK", "2", "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3")


def _card_values(value: Any) -> str | None:
    expected = render("value-card-values", {"keys": " ".join(CARD_VALUE_KEYS)})
    if not isinstance(value, Mapping) or set(value) != set(CARD_VALUE_KEYS):
        return expected
    if any(type(v) is not int or not 0 <= v <= 1000 for v in value.values()):
        return expected
    return None


def _all_or_count(value: Any) -> str | None:
    if value == "all" or (type(value) is int and 1 <= value <= 200):
        return None
    return render("value-all-or-count", {"low": 1, "high": 200})


# --- the knobs ------------------------------------------------------------------


# --- the typed values of knobs: each set of choices written once, as a Literal ---------

FirstDealer = Literal["player 1", "highest card"]
CardClass = Literal["natural", "wild", "black 3", "red 3"]
PileTakeWay = Literal["natural pair", "suited sequence pair", "two wilds", "natural and wild", "own meld"]
PileFrozenWhen = Literal["side has not melded", "pile holds a wild", "pile holds a black 3", "pile holds a red 3"]
WildBalance = Literal["naturals at least twice the wilds", "naturals outnumber wilds", "no ratio"]
MeldsPerRank = Literal["several", "another only after a canasta", "one"]
SequenceOverflow = Literal["refused", "start a new sequence"]
SequenceCalled = Literal["escalera", "samba", "canasta"]
RedThreesAgainst = Literal["side cannot go out", "side has not melded"]
AskPartner = Literal["optional", "required"]
StockOut = Literal["when the player to move cannot take the pile", "when nobody can take the pile"]


def choice(kind: Any) -> Check:
    """The check of a knob whose value is one of a Literal's choices."""
    return _one_of(*get_args(kind))


def set_of(kind: Any) -> Any:
    """A rules field whose value is a set drawn from a Literal's choices."""
    return set_knob(*get_args(kind))


def knob(check: Check) -> Any:
    """A rules field: the value check of one knob (its description is the catalogue's ``knob:NAME``)."""
    return field(metadata={"check": check})


def set_knob(*choices: str) -> Any:
    """A rules field whose value is a set drawn from ``choices``."""
    return field(metadata={"check": _subset_of(*choices), "is_set": True})


def _scores(value: Any) -> str | None:
    if isinstance(value, tuple) and all(type(x) is int and x > 0 for x in value):
        return None
    return render("value-scores")


BONUS = _int_range(0, 10_000)


@dataclass(frozen=True, repr=False)
class Rules:
    """One complete rule set. Build presets with ``get_rules``, variants with ``derive``."""

    name: str
    title: str
    sources: Mapping[str, str] = field(repr=False, compare=False)
    base: str = field(compare=False)
    """The preset a derived rule set starts from (a preset's own name for a preset)."""

    # 1. cards, players, deal
    card_values: Mapping[str, int] = knob(_card_values)
    decks: int = knob(_int_range(1, 4))
    jokers: int = knob(_int_range(0, 12))
    sides: Mapping[int, tuple[int, ...]] = knob(_sides)
    hand_size: Mapping[int, int] = knob(_per_player_count(_int_range(5, 20), "value-what-cards"))
    first_dealer: FirstDealer = knob(choice(FirstDealer))
    cover_red_three_upcard: bool = knob(_boolean)
    keep_two_cards: bool = knob(_boolean)

    # 2. a turn
    draw_count: Mapping[int, int] = knob(_per_player_count(_int_range(1, 3), "value-what-cards"))
    pile_blocked_by: frozenset[CardClass] = set_knob("wild", "black 3", "red 3")
    pile_take_ways: frozenset[PileTakeWay] = set_of(PileTakeWay)
    pile_frozen_when: frozenset[PileFrozenWhen] = set_of(PileFrozenWhen)
    pile_new_meld_only: bool = knob(_boolean)
    pile_cards_taken: int | str = knob(_all_or_count)
    take_top_card_onto_sequence: bool = knob(_boolean)
    pile_counts_for_initial_meld: bool = knob(_boolean)
    one_card_pile_with_one_card: bool = knob(_boolean)
    discard_forbidden: frozenset[CardClass] = set_knob("red 3", "wild", "black 3")

    # 3. melds
    meld_min_cards: int = knob(_int_range(2, 7))
    same_rank_min_naturals: int = knob(_int_range(1, 7))
    same_rank_max_wilds: int = knob(_int_range(0, 7))
    same_rank_wild_balance: WildBalance = knob(
        choice(WildBalance),
    )
    wilds_onto_complete_canasta: bool = knob(_boolean)
    same_rank_melds_per_rank: MeldsPerRank = knob(choice(MeldsPerRank))
    sequences: bool = knob(_boolean)
    sequence_low_rank: int = knob(_int_range(4, 4))
    sequence_max_wilds: int = knob(_int_range(0, 2))
    sequence_length: int = knob(_int_range(7, 7))
    sequence_overflow: SequenceOverflow = knob(choice(SequenceOverflow))
    sequence_called: SequenceCalled = knob(choice(SequenceCalled))
    wild_melds: bool = knob(_boolean)
    wild_meld_length: int = knob(_int_range(7, 7))
    black_three_meld_max: int = knob(_int_range(3, 12))
    black_three_meld_wilds: int = knob(_int_range(0, 2))
    black_three_under_sequence: bool = knob(_boolean)
    initial_meld_below_zero: int = knob(_int_range(0, 500))
    initial_meld_steps: tuple[tuple[int, int], ...] = knob(_score_steps)

    # 4. bonuses for complete melds
    bonus_mixed_canasta: int = knob(BONUS)
    bonus_natural_canasta: int = knob(BONUS)
    bonus_natural_sequence: int = knob(BONUS)
    bonus_mixed_sequence: int = knob(BONUS)
    bonus_bolivia: int = knob(BONUS)
    bonus_bolivia_three_twos_four_jokers: int = knob(BONUS)
    bonus_bolivia_seven_twos: int = knob(BONUS)

    # 5. threes at the end of a hand
    red_three_value: int = knob(BONUS)
    red_threes_all_total: int = knob(BONUS)
    red_threes_count_against: RedThreesAgainst = knob(choice(RedThreesAgainst))
    red_three_from_pile_replaced: bool = knob(_boolean)
    black_three_in_hand: int = knob(_int_range(0, 1000))

    # 6. going out and the end of a hand
    going_out_needs: Mapping[int, tuple[tuple[str, ...], ...]] = knob(
        _per_player_count(_going_out_alternatives, "value-what-alternatives"),
    )
    ask_partner: AskPartner = knob(choice(AskPartner))
    going_out_bonus: int = knob(BONUS)
    final_discard_optional: bool = knob(_boolean)
    concealed_going_out_bonus: int = knob(BONUS)
    stock_out: StockOut = knob(choice(StockOut))

    # 7. the game
    target_score: Mapping[int, int] = knob(_per_player_count(_int_range(500, 100_000), "value-what-score"))
    target_choices: tuple[int, ...] = knob(_scores)
    hand_cap: int = knob(_int_range(1, 1000))

    def __repr__(self) -> str:
        if PRESET_BY_NAME.get(self.name) == self:
            return f"get_rules({self.name!r})"
        house = sum(source == HOUSE_RULE for source in self.sources.values())
        return f"<Rules {self.name!r}: {house} house rule{'' if house == 1 else 's'}>"

    def __hash__(self) -> int:  # knob tables are mappings, so hash by name; equality compares every knob
        return self._hash  # type: ignore[attr-defined, no-any-return]  # worked out once: rules key many caches

    def __post_init__(self) -> None:
        values = [0] * 16
        for key, points in self.card_values.items():
            values[{"JK": 15, "A": 14, "K": 13, "Q": 12, "J": 11}.get(key) or int(key)] = points
        object.__setattr__(self, "_values_by_rank", tuple(values))
        object.__setattr__(self, "_hash", hash(self.name))

    # --- reading the rules ---------------------------------------------------

    def card_value(self, card: Card) -> int:
        """Points of a card melded or in hand; a red 3 is a bonus card worth 0 here."""
        return 0 if card.is_red_three else self._values_by_rank[card.rank]  # type: ignore[attr-defined]

    def initial_meld_minimum(self, score: int) -> int:
        """The points a side's first meld of the hand needs, given its total score."""
        if score < 0:
            return self.initial_meld_below_zero
        minimum = self.initial_meld_steps[0][1]
        for from_score, points in self.initial_meld_steps:
            if score >= from_score:
                minimum = points
        return minimum

    @property
    def red_threes_in_deck(self) -> int:
        return 2 * self.decks

    @property
    def default_players(self) -> int:
        """The table size used when none is given: four where the rules allow it, else the fewest."""
        return 4 if 4 in self.sides else min(self.sides)

    @property
    def player_counts(self) -> tuple[int, ...]:
        return tuple(sorted(self.sides))

    def knobs(self) -> Iterator[KnobInfo]:
        """Every knob with its value, description and source, in the order of RULES.md."""
        for f in fields(self):
            if "check" in f.metadata:
                source = self.sources[f.name]
                yield KnobInfo(f.name, render(f"knob:{f.name}"), getattr(self, f.name), source)

    def house_rules(self) -> dict[str, Any]:
        """The knobs this rule set changes from its base preset, with their values."""
        return {k.name: k.value for k in self.knobs() if k.source == HOUSE_RULE}

    def knob(self, name: str) -> KnobInfo:
        """One knob by name; an unknown name raises ``RulesError`` naming the known ones."""
        for info in self.knobs():
            if info.name == name:
                return info
        raise RulesError("rules-unknown-knob", knob=repr(name), known=", ".join(KNOB_NAMES))

    def derive(self, name: str, title: str | None = None, **changes: Any) -> Rules:
        """A club's own rule set: this one with some knobs changed, each checked.

        Changed knobs get the source "house rule"; everything else keeps its source.
        """
        changes = {k: _normalise(k, v) for k, v in changes.items()}
        for key, value in changes.items():
            _check_knob(key, value)
        sources = dict(self.sources) | {k: HOUSE_RULE for k in changes}
        derived = replace(
            self, name=name, title=title or name, sources=MappingProxyType(sources), base=self.base, **changes
        )
        _check_player_tables(derived)
        return derived


PRESET_BY_NAME: dict[str, Rules] = {}
"""The presets by name, filled once by ``presets`` (which builds them from this module), so that a
preset's repr can be its ``get_rules`` call without this module importing the presets back."""


@dataclass(frozen=True)
class KnobInfo:
    """One knob of one rule set, for tables, diffs and the CLI."""

    name: str
    description: str
    value: Any
    source: str

    @property
    def is_assumption(self) -> bool:
        return self.source == ASSUMPTION


_KNOB_FIELDS = {f.name: f for f in fields(Rules) if "check" in f.metadata}
KNOB_NAMES: tuple[str, ...] = tuple(_KNOB_FIELDS)


def _normalise(name: str, value: Any) -> Any:
    """Turn list/dict/str-keyed values (as read from JSON or TOML) into the knob's immutable form."""
    if name not in _KNOB_FIELDS:
        raise RulesError("rules-unknown-knob", knob=repr(name), known=", ".join(KNOB_NAMES))

    def freeze(v: Any) -> Any:
        if isinstance(v, list | tuple):
            return tuple(freeze(x) for x in v)
        if isinstance(v, Mapping):
            return MappingProxyType({_key(k): freeze(x) for k, x in v.items()})
        return v

    def _key(k: Any) -> Any:
        return int(k) if isinstance(k, str) and k.isdigit() and name != "card_values" else k

    if _KNOB_FIELDS[name].metadata.get("is_set") and isinstance(value, list | tuple | set | frozenset):
        return frozenset(value)
    return freeze(value)


def _check_knob(name: str, value: Any) -> None:
    problem = _KNOB_FIELDS[name].metadata["check"](value)
    if problem:
        raise RulesError("rules-knob-must-be", knob=repr(name), problem=problem, value=repr(plain_value(value)))


PER_PLAYER_COUNT_KNOBS = ("hand_size", "draw_count", "going_out_needs", "target_score")


def _check_player_tables(rules: Rules) -> None:
    """Every per-player-count table must cover exactly the player counts of ``sides``."""
    counts = sorted(rules.sides)
    for name in PER_PLAYER_COUNT_KNOBS:
        if sorted(getattr(rules, name)) != counts:
            raise RulesError("rules-knob-per-player-count", knob=repr(name), sides=repr("sides"),
                             counts=", ".join(map(str, counts)),
                             given=", ".join(map(str, sorted(getattr(rules, name)))))  # fmt: skip


def plain_value(value: Any) -> Any:
    """A knob value as plain lists, dicts and sorted lists for sets (for messages and JSON)."""
    if isinstance(value, frozenset | set):
        return sorted(value)
    if isinstance(value, tuple | list):
        return [plain_value(v) for v in value]
    if isinstance(value, Mapping):
        return {k: plain_value(v) for k, v in value.items()}
    return value


def format_value(value: Any) -> str:
    """A knob value as short text: ``wild, black 3``; ``2: 15, 3: 15``; ``sequence + any``."""
    if isinstance(value, frozenset | set):
        return ", ".join(sorted(value)) or "none"
    if isinstance(value, Mapping):
        return "; ".join(f"{k}: {format_value(v)}" for k, v in value.items())
    if isinstance(value, tuple):
        if value and all(isinstance(v, str) for v in value):
            return " + ".join(value)
        if value and all(isinstance(v, tuple) for v in value):
            return " or ".join(format_value(v) if all(isinstance(x, str) for x in v)
                               else "-".join(map(str, v)) for v in value)  # fmt: skip
        return ", ".join(map(str, value)) or "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)
