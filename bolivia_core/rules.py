"""Rules as data: one frozen ``Rules`` object per preset, every knob sourced.

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

from .cards import Card
from .messages import render

__all__ = [
    "ASSUMPTION",
    "HOUSE_RULE",
    "SOURCE_LABELS",
    "KnobInfo",
    "Rules",
    "RulesError",
    "format_value",
    "get_rules",
    "plain_value",
    "preset_names",
    "resolve_rules",
    "rules_from_dict",
    "rules_to_dict",
]

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
        if PRESETS.get(self.name) == self:
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


# --- the four presets -----------------------------------------------------------

Sourced = tuple[Any, str]

STANDARD_CARD_VALUES = {
    "JK": 50, "2": 20, "A": 20, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10,
    "7": 5, "6": 5, "5": 5, "4": 5, "3": 5,
}  # fmt: skip

BOLIVIA_WILD_MELD_BONUS = 2500


def _preset(name: str, title: str, knobs: dict[str, Sourced]) -> Rules:
    missing = set(KNOB_NAMES) - set(knobs)
    extra = set(knobs) - set(KNOB_NAMES)
    if missing or extra:  # a programming error in this file, caught at import
        raise ValueError(f"preset {name!r}: missing knobs {sorted(missing)}, unknown {sorted(extra)}")
    values = {k: _normalise(k, v) for k, (v, _) in knobs.items()}
    for key, value in values.items():
        _check_knob(key, value)
    sources = MappingProxyType({k: source for k, (_, source) in knobs.items()})
    rules = Rules(name=name, title=title, sources=sources, base=name, **values)
    _check_player_tables(rules)
    return rules


def _every(players: tuple[int, ...], value: Any) -> dict[int, Any]:
    return {p: value for p in players}


DA, SV, NO, AS = DANISH_TEXT, SWEDISH_TEXT, NORWEGIAN_TEXT, ASSUMPTION
ESCALERA_AND_ANY = (("sequence", "any"),)

BOLIVIA = _preset("bolivia", "Bolivia", {
    "card_values": (STANDARD_CARD_VALUES, DA),
    "decks": (3, DA),
    "jokers": (6, DA),
    "sides": ({2: (1, 1), 3: (1, 1, 1), 4: (2, 2)}, DA),
    "hand_size": (_every((2, 3, 4), 15), DA),
    "first_dealer": ("player 1", AS),
    "cover_red_three_upcard": (True, AS),
    "keep_two_cards": (True, DA),
    "draw_count": (_every((2, 3, 4), 2), DA),
    "pile_blocked_by": ({"wild", "black 3", "red 3"}, DA),
    "pile_take_ways": ({"natural pair"}, DA),
    "pile_frozen_when": (set(), DA),
    "pile_new_meld_only": (True, DA),
    "pile_cards_taken": ("all", DA),
    "take_top_card_onto_sequence": (True, DA),
    "pile_counts_for_initial_meld": (True, DA),
    "one_card_pile_with_one_card": (False, AS),
    "discard_forbidden": (set(), DA),
    "meld_min_cards": (3, DA),
    "same_rank_min_naturals": (2, DA),
    "same_rank_max_wilds": (2, DA),
    "same_rank_wild_balance": ("naturals at least twice the wilds", DA),
    "wilds_onto_complete_canasta": (True, DA),
    "same_rank_melds_per_rank": ("several", DA),
    "sequences": (True, DA),
    "sequence_low_rank": (4, DA),
    "sequence_max_wilds": (0, DA),
    "sequence_length": (7, DA),
    "sequence_overflow": ("refused", DA),
    "sequence_called": ("escalera", DA),
    "wild_melds": (True, DA),
    "wild_meld_length": (7, DA),
    "black_three_meld_max": (6, DA),
    "black_three_meld_wilds": (0, AS),
    "black_three_under_sequence": (False, DA),
    "initial_meld_below_zero": (15, DA),
    "initial_meld_steps": (((0, 50), (1500, 90), (3000, 120), (7000, 150)), DA),
    "bonus_mixed_canasta": (300, DA),
    "bonus_natural_canasta": (500, DA),
    "bonus_natural_sequence": (1500, DA),
    "bonus_mixed_sequence": (0, DA),
    "bonus_bolivia": (BOLIVIA_WILD_MELD_BONUS, DA),
    "bonus_bolivia_three_twos_four_jokers": (BOLIVIA_WILD_MELD_BONUS, DA),
    "bonus_bolivia_seven_twos": (BOLIVIA_WILD_MELD_BONUS, DA),
    "red_three_value": (100, DA),
    "red_threes_all_total": (1000, DA),
    "red_threes_count_against": ("side cannot go out", DA),
    "red_three_from_pile_replaced": (False, AS),
    "black_three_in_hand": (100, DA),
    "going_out_needs": (_every((2, 3, 4), ESCALERA_AND_ANY), DA),
    "ask_partner": ("optional", DA),
    "going_out_bonus": (100, DA),
    "final_discard_optional": (True, AS),
    "concealed_going_out_bonus": (200, DA),
    "stock_out": ("when nobody can take the pile", AS),
    "target_score": (_every((2, 3, 4), 15_000), DA),
    "target_choices": ((2500, 5000, 7500, 10_000), DA),
    "hand_cap": (60, DA),
})  # fmt: skip

SWEDISH = _preset("swedish", "Swedish", {
    "card_values": (STANDARD_CARD_VALUES, SV),
    "decks": (3, SV),
    "jokers": (6, SV),
    "sides": ({2: (1, 1), 3: (1, 1, 1), 4: (2, 2), 5: (2, 3), 6: (3, 3)}, SV),
    "hand_size": (_every((2, 3, 4, 5, 6), 15), SV),
    "first_dealer": ("highest card", SV),
    "cover_red_three_upcard": (True, SV),
    "keep_two_cards": (False, SV),
    "draw_count": (_every((2, 3, 4, 5, 6), 2), SV),
    "pile_blocked_by": ({"black 3"}, SV),
    "pile_take_ways": ({"natural pair", "suited sequence pair", "two wilds"}, SV),
    "pile_frozen_when": (set(), SV),
    "pile_new_meld_only": (True, AS),
    "pile_cards_taken": (4, SV),
    "take_top_card_onto_sequence": (False, SV),
    "pile_counts_for_initial_meld": (True, SV),
    "one_card_pile_with_one_card": (True, SV),
    "discard_forbidden": (set(), SV),
    "meld_min_cards": (3, SV),
    "same_rank_min_naturals": (2, SV),
    "same_rank_max_wilds": (2, SV),
    "same_rank_wild_balance": ("no ratio", SV),
    "wilds_onto_complete_canasta": (False, SV),
    "same_rank_melds_per_rank": ("another only after a canasta", SV),
    "sequences": (True, SV),
    "sequence_low_rank": (4, SV),
    "sequence_max_wilds": (1, SV),
    "sequence_length": (7, SV),
    "sequence_overflow": ("start a new sequence", SV),
    "sequence_called": ("samba", SV),
    "wild_melds": (True, SV),
    "wild_meld_length": (7, SV),
    "black_three_meld_max": (6, SV),
    "black_three_meld_wilds": (0, SV),
    "black_three_under_sequence": (True, SV),
    "initial_meld_below_zero": (15, SV),
    "initial_meld_steps": (((0, 50), (1500, 90), (3000, 120), (7000, 150)), SV),
    "bonus_mixed_canasta": (300, SV),
    "bonus_natural_canasta": (500, SV),
    "bonus_natural_sequence": (1500, SV),
    "bonus_mixed_sequence": (1000, SV),
    "bonus_bolivia": (2000, SV),
    "bonus_bolivia_three_twos_four_jokers": (3000, SV),
    "bonus_bolivia_seven_twos": (4000, SV),
    "red_three_value": (100, SV),
    "red_threes_all_total": (1200, SV),
    "red_threes_count_against": ("side has not melded", SV),
    "red_three_from_pile_replaced": (False, SV),
    "black_three_in_hand": (100, SV),
    "going_out_needs": (
        _every((2, 3, 4, 5, 6), (("sequence", "canasta"), ("sequence", "bolivia"), ("sequence", "sequence"))),
        SV,
    ),
    "ask_partner": ("required", SV),
    "going_out_bonus": (200, SV),
    "final_discard_optional": (True, SV),
    "concealed_going_out_bonus": (200, SV),
    "stock_out": ("when the player to move cannot take the pile", SV),
    "target_score": (_every((2, 3, 4, 5, 6), 15_000), SV),
    "target_choices": ((), SV),
    "hand_cap": (60, AS),
})  # fmt: skip

TWO_DECK = _preset("two-deck", "two-deck", {
    "card_values": (STANDARD_CARD_VALUES, NO),
    "decks": (2, NO),
    "jokers": (4, NO),
    "sides": ({4: (2, 2)}, NO),
    "hand_size": ({4: 11}, NO),
    "first_dealer": ("player 1", AS),
    "cover_red_three_upcard": (True, AS),
    "keep_two_cards": (False, NO),
    "draw_count": ({4: 1}, AS),
    "pile_blocked_by": (set(), NO),
    "pile_take_ways": ({"natural pair", "natural and wild", "own meld"}, NO),
    "pile_frozen_when": (
        {"side has not melded", "pile holds a wild", "pile holds a black 3", "pile holds a red 3"},
        NO,
    ),
    "pile_new_meld_only": (False, NO),
    "pile_cards_taken": ("all", NO),
    "take_top_card_onto_sequence": (False, NO),
    "pile_counts_for_initial_meld": (True, AS),
    "one_card_pile_with_one_card": (False, NO),
    "discard_forbidden": (set(), NO),
    "meld_min_cards": (3, NO),
    "same_rank_min_naturals": (2, NO),
    "same_rank_max_wilds": (3, NO),
    "same_rank_wild_balance": ("naturals outnumber wilds", NO),
    "wilds_onto_complete_canasta": (True, NO),
    "same_rank_melds_per_rank": ("one", AS),
    "sequences": (True, NO),
    "sequence_low_rank": (4, NO),
    "sequence_max_wilds": (0, NO),
    "sequence_length": (7, NO),
    "sequence_overflow": ("refused", NO),
    "sequence_called": ("canasta", NO),
    "wild_melds": (True, NO),
    "wild_meld_length": (7, AS),
    "black_three_meld_max": (4, NO),
    "black_three_meld_wilds": (0, NO),
    "black_three_under_sequence": (False, NO),
    "initial_meld_below_zero": (15, NO),
    "initial_meld_steps": (((0, 50), (1500, 90), (3000, 120), (7000, 150)), NO),
    "bonus_mixed_canasta": (300, NO),
    "bonus_natural_canasta": (500, NO),
    "bonus_natural_sequence": (500, NO),  # seven or more melded cards are a canasta, natural without wilds
    "bonus_mixed_sequence": (0, NO),
    "bonus_bolivia": (BOLIVIA_WILD_MELD_BONUS, NO),
    "bonus_bolivia_three_twos_four_jokers": (BOLIVIA_WILD_MELD_BONUS, NO),
    "bonus_bolivia_seven_twos": (BOLIVIA_WILD_MELD_BONUS, NO),
    "red_three_value": (100, NO),
    "red_threes_all_total": (800, NO),
    "red_threes_count_against": ("side has not melded", AS),
    "red_three_from_pile_replaced": (False, NO),
    "black_three_in_hand": (100, NO),
    "going_out_needs": ({4: ESCALERA_AND_ANY}, NO),
    "ask_partner": ("optional", NO),
    "going_out_bonus": (100, NO),
    "final_discard_optional": (True, NO),
    "concealed_going_out_bonus": (200, NO),
    "stock_out": ("when nobody can take the pile", NO),
    "target_score": ({4: 15_000}, NO),
    "target_choices": ((), NO),
    "hand_cap": (60, AS),
})  # fmt: skip

# The "Standard Canasta" column of the Danish text (and its Polish and Czech copies).
CANASTA = _preset("canasta", "Canasta", {
    "card_values": (STANDARD_CARD_VALUES, DA),
    "decks": (2, DA),
    "jokers": (4, DA),
    "sides": ({2: (1, 1), 3: (1, 1, 1), 4: (2, 2)}, DA),
    "hand_size": ({2: 15, 3: 13, 4: 11}, DA),
    "first_dealer": ("player 1", AS),
    "cover_red_three_upcard": (True, AS),
    "keep_two_cards": (False, DA),
    "draw_count": ({2: 2, 3: 2, 4: 1}, DA),
    "pile_blocked_by": ({"wild", "black 3"}, DA),
    "pile_take_ways": ({"natural pair", "natural and wild", "own meld"}, DA),
    "pile_frozen_when": ({"side has not melded", "pile holds a wild"}, DA),
    "pile_new_meld_only": (False, DA),
    "pile_cards_taken": ("all", DA),
    "take_top_card_onto_sequence": (False, DA),
    "pile_counts_for_initial_meld": (True, DA),
    "one_card_pile_with_one_card": (False, AS),
    "discard_forbidden": ({"red 3"}, DA),
    "meld_min_cards": (3, DA),
    "same_rank_min_naturals": (2, DA),
    "same_rank_max_wilds": (3, DA),
    "same_rank_wild_balance": ("naturals outnumber wilds", DA),
    "wilds_onto_complete_canasta": (True, DA),
    "same_rank_melds_per_rank": ("one", AS),
    "sequences": (False, DA),
    "sequence_low_rank": (4, DA),
    "sequence_max_wilds": (0, DA),
    "sequence_length": (7, DA),
    "sequence_overflow": ("refused", DA),
    "sequence_called": ("escalera", AS),
    "wild_melds": (False, DA),
    "wild_meld_length": (7, DA),
    "black_three_meld_max": (4, AS),
    "black_three_meld_wilds": (0, AS),
    "black_three_under_sequence": (False, DA),
    "initial_meld_below_zero": (15, DA),
    "initial_meld_steps": (((0, 50), (1500, 90), (3000, 120)), DA),
    "bonus_mixed_canasta": (300, DA),
    "bonus_natural_canasta": (500, DA),
    "bonus_natural_sequence": (0, DA),
    "bonus_mixed_sequence": (0, DA),
    "bonus_bolivia": (0, DA),
    "bonus_bolivia_three_twos_four_jokers": (0, DA),
    "bonus_bolivia_seven_twos": (0, DA),
    "red_three_value": (100, DA),
    "red_threes_all_total": (800, DA),
    "red_threes_count_against": ("side has not melded", DA),
    "red_three_from_pile_replaced": (False, AS),
    "black_three_in_hand": (5, DA),
    "going_out_needs": ({2: (("canasta", "canasta"),), 3: (("canasta",),), 4: (("canasta",),)}, DA),
    "ask_partner": ("optional", DA),
    "going_out_bonus": (100, DA),
    "final_discard_optional": (True, AS),
    "concealed_going_out_bonus": (200, DA),
    "stock_out": ("when nobody can take the pile", AS),
    "target_score": ({2: 5000, 3: 7500, 4: 5000}, DA),
    "target_choices": ((2500, 5000, 7500, 10_000), DA),
    "hand_cap": (60, AS),
})  # fmt: skip

PRESETS: Mapping[str, Rules] = MappingProxyType(
    {r.name: r for r in (BOLIVIA, SWEDISH, TWO_DECK, CANASTA)}
)
_ALIASES = {"default": "bolivia", "two_deck": "two-deck", "twodeck": "two-deck", "standard": "canasta"}


def preset_names() -> tuple[str, ...]:
    return tuple(PRESETS)


def rules_title(rules: Rules | str) -> str:
    """A rule set's title in the current language: a preset's from the catalogue (a preset changed by
    house rules is a club's), a club's its own title."""
    if isinstance(rules, str):
        return render(f"rules-title:{rules}") if rules in PRESETS else rules
    if rules.name in PRESETS and rules.base == rules.name and not rules.house_rules():
        return render(f"rules-title:{rules.name}")
    return rules.title


def get_rules(name: str = "bolivia") -> Rules:
    """The preset called ``name``; an unknown name raises ``RulesError`` listing the known ones."""
    key = name.strip().lower() if isinstance(name, str) else name
    key = _ALIASES.get(key, key)
    try:
        return PRESETS[key]
    except (KeyError, TypeError):
        raise RulesError("rules-unknown-preset", name=repr(name), known=", ".join(PRESETS)) from None


def resolve_rules(rules: Rules | str) -> Rules:
    """Accept a preset name or a rules object, as every public function does."""
    return rules if isinstance(rules, Rules) else get_rules(rules)


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


RULES_FILE_FORMAT = "bolivia-explorer rules"


def rules_to_dict(rules: Rules) -> dict[str, Any]:
    """Every knob of ``rules`` with its source, as plain JSON-ready data."""
    return {
        "format": RULES_FILE_FORMAT,
        "name": rules.name,
        "title": rules.title,
        "base": rules.base,
        "knobs": {k.name: {"value": plain_value(k.value), "source": k.source} for k in rules.knobs()},
    }


def rules_from_dict(data: Any) -> Rules:
    """Rules from ``rules_to_dict`` data, every knob checked; anything wrong is refused whole."""
    if not isinstance(data, Mapping) or data.get("format") != RULES_FILE_FORMAT:
        raise RulesError("rules-file-format", format=RULES_FILE_FORMAT)
    knobs = data.get("knobs")
    if not isinstance(knobs, Mapping):
        raise RulesError("rules-file-knobs")
    missing = [k for k in KNOB_NAMES if k not in knobs]
    if missing:
        raise RulesError("rules-file-lacks-knob", knob=repr(missing[0]))
    values: dict[str, Any] = {}
    sources: dict[str, str] = {}
    for name, entry in knobs.items():
        if not isinstance(entry, Mapping) or "value" not in entry or not isinstance(entry.get("source"), str):
            raise RulesError("rules-file-knob-entry", knob=repr(name))
        values[name] = _normalise(name, entry["value"])
        _check_knob(name, values[name])
        sources[name] = entry["source"]
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise RulesError("rules-file-name")
    title = str(data.get("title") or name)
    base = str(data.get("base") or name)
    rules = Rules(name=name, title=title, sources=MappingProxyType(sources), base=base, **values)
    _check_player_tables(rules)
    return rules
