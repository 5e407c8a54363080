"""The initial-meld minimum, what a side needs to go out, and the one scoring function."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .build import mypyc_attr
from .cards import Card, check_copies, format_cards, parse_cards
from .melds import MeldKind, MeldVerdict, bonus_knob, check_meld, check_side_melds, illegal_meld_reasons, judge
from .i18n import Reason, normalise_language, render
from .i18n.catalogues import Explanation  # from its own module: mypyc's plain subclass names the module it is in
from .rules import Rules, resolve_rules

__all__ = [
    "InitialMeldVerdict",
    "ScoreItem",
    "ScoringError",
    "SideScore",
    "check_initial_meld",
    "initial_meld_minimum",
    "may_go_out",
    "score_side",
]

CardsLike = str | Iterable[Card | str]


class ScoringError(ValueError):
    """A table or hand that cannot be scored as given (an illegal meld, a red 3 in hand, ...)."""


def initial_meld_minimum(score: object, rules: Rules | str = "bolivia") -> int:
    """Points a side's first meld of a hand needs, given the side's total score."""
    if type(score) is not int:
        raise ScoringError(f"a side's score is a whole number (it may be below 0), not {score!r}")
    return resolve_rules(rules).initial_meld_minimum(score)


@dataclass(frozen=True)
class InitialMeldVerdict:
    """Whether melds laid in one turn make the side's initial meld, and why not."""

    legal: bool
    points: int
    minimum: int
    shortfall: int
    melds: tuple[MeldVerdict, ...]
    reasons: tuple[Reason, ...]

    def __str__(self) -> str:
        return "; ".join(map(str, self.reasons)) or f"{self.points} points: enough for {self.minimum}"


def check_initial_meld(
    melds: Sequence[CardsLike],
    score: int,
    rules: Rules | str = "bolivia",
    *,
    going_out: bool = False,
) -> InitialMeldVerdict:
    """Judge melds laid together as a side's initial meld at ``score``.

    Only card values of legal melds count (no bonuses, no red 3s); when the pile is
    taken, pass the top card inside its meld: the rest of the pile does not count.
    """
    rules = resolve_rules(rules)
    verdicts = tuple(check_meld(m, rules, going_out=going_out) for m in melds)
    minimum = rules.initial_meld_minimum(score)
    points = sum(v.points for v in verdicts if v.legal)  # an illegal meld cannot be laid
    params: dict[str, Any] = {"rules": rules.title}
    reasons: list[Reason] = []
    if not verdicts:
        reasons.append(Reason("initial-meld-empty", None, params))
    reasons.extend(illegal_meld_reasons(verdicts, params))
    shortfall = max(0, minimum - points)
    short = initial_meld_short(points, score, rules, params)
    if short:
        reasons.append(short)
    return InitialMeldVerdict(not reasons, points, minimum, shortfall, verdicts, tuple(reasons))


def initial_meld_short(points: int, score: int, rules: Rules, params: dict[str, Any]) -> Reason | None:
    """The reason first melds worth ``points`` do not open a hand at ``score``, or ``None`` when they do:
    the one place the initial-meld minimum is applied."""
    minimum = rules.initial_meld_minimum(score)
    if points >= minimum:
        return None
    knob = "initial_meld_below_zero" if score < 0 else "initial_meld_steps"
    numbers = {"minimum": minimum, "score": score, "points": points, "shortfall": minimum - points}
    return Reason("initial-meld-short", knob, params | numbers)


def _complete_kind(verdict: MeldVerdict) -> str | None:
    if not verdict.complete:
        return None
    if verdict.kind is MeldKind.SEQUENCE:
        return "sequence"
    if verdict.kind is MeldKind.WILD:
        return "bolivia"
    return "canasta"


def may_go_out(
    melds: Iterable[MeldVerdict], rules: Rules | str = "bolivia", players: int | None = None
) -> bool:
    """Whether a side's melds hold the complete melds its rules require before going out."""
    rules = resolve_rules(rules)
    kinds = tuple(sorted(k for k in map(_complete_kind, melds) if k))
    return _kinds_may_go_out(kinds, rules, _players(rules, players))


@lru_cache(maxsize=1024)
def _kinds_may_go_out(kinds: tuple[str, ...], rules: Rules, players: int) -> bool:
    """``may_go_out`` by the side's complete melds' kinds (sorted), worked out once for each."""
    have = Counter(kinds)
    return any(_fulfils(have, alt) for alt in rules.going_out_needs[players])


def _fulfils(have: Counter[str], alternative: tuple[str, ...]) -> bool:
    """Named kinds take one complete meld each; every "any" takes one of those left."""
    named = Counter(k for k in alternative if k != "any")
    if any(have[kind] < n for kind, n in named.items()):
        return False
    return sum(have.values()) - sum(named.values()) >= alternative.count("any")


def _players(rules: Rules, players: int | None) -> int:
    """The table size to read per-player-count knobs for: four when allowed, else the fewest."""
    if players is None:
        return rules.default_players
    if players not in rules.sides:
        allowed = ", ".join(map(str, rules.player_counts))
        raise ScoringError(f"{rules.title} rules are for {allowed} players, not {players}")
    return players


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class ScoreItem(Explanation):
    """One line of a side's score: what it is for (code, knob, numbers) and its points."""

    points: int = 0

    def to_dict(self) -> dict[str, Any]:
        return super().to_dict() | {"points": self.points}


@dataclass(frozen=True)
class SideScore:
    """A side's score for one hand, line by line."""

    total: int
    items: tuple[ScoreItem, ...]
    may_go_out: bool

    def __str__(self) -> str:
        lines = [f"{item.points:>+7,}  {item}" for item in self.items]
        return "\n".join([*lines, f"{self.total:>+7,}  total"])

    def to_dict(self) -> dict[str, Any]:
        return {
            "total": self.total,
            "may_go_out": self.may_go_out,
            "items": [i.to_dict() for i in self.items],
        }


def score_side(
    melds: Sequence[CardsLike],
    hand: CardsLike = (),
    *,
    red_threes: int = 0,
    went_out: bool = False,
    concealed: bool = False,
    rules: Rules | str = "bolivia",
    players: int | None = None,
) -> SideScore:
    """Score one side's hand: bonuses, red 3s, melded cards, minus the cards left in hand.

    ``hand`` is every card the side's players still hold. Raises ``ScoringError``
    for a table that cannot have happened (an illegal meld, going out without the
    melds it needs, a red 3 in hand, more red 3s than the deck has).
    """
    rules = resolve_rules(rules)
    players = _players(rules, players)
    try:
        table = check_side_melds(melds, rules, going_out=went_out)
        held = parse_cards(hand)
        check_copies([*held, *(c for v in table.melds for c in v.cards)], rules.decks, rules.jokers, rules.title)
    except ValueError as error:
        raise ScoringError(str(error)) from None
    if not table.legal:
        raise ScoringError(str(table.reasons[0]))
    return _score(table.melds, held, red_threes, went_out, concealed, rules, players)


def score_table(
    melds: Sequence[tuple[Card, ...]], held: tuple[Card, ...], red_threes: int, went_out: bool, concealed: bool,
    rules: Rules, players: int,
) -> SideScore:  # fmt: skip
    """``score_side`` for a side's table the game built itself, so legal and within the deck: its melds'
    verdicts are read, not checked again with every card counted. Each is judged as the legal actions
    judge table melds, as if going out (black 3s reach a table only when its side goes out; no other
    meld's verdict depends on it), so ``judge`` has it remembered."""
    return _score(tuple(judge(m, rules, True) for m in melds), held, red_threes, went_out, concealed, rules,
                  players)  # fmt: skip


def _score(
    verdicts: tuple[MeldVerdict, ...], held: tuple[Card, ...], red_threes: int, went_out: bool, concealed: bool,
    rules: Rules, players: int,
) -> SideScore:  # fmt: skip
    """The score's lines, from legal melds' verdicts; a table that cannot have happened is refused."""
    _refuse_impossible(verdicts, held, red_threes, went_out, concealed, rules, players)
    can_go_out = may_go_out(verdicts, rules, players)
    params: dict[str, Any] = {"rules": rules.title}
    items: list[ScoreItem] = []

    for verdict in verdicts:
        cards = format_cards(verdict.cards)
        if verdict.complete:
            label = render(verdict.name or "")
            items.append(ScoreItem("score-meld-bonus", bonus_knob(verdict.label or ""),
                                   params | {"label": label, "cards": cards}, verdict.bonus))  # fmt: skip
        items.append(ScoreItem("score-meld-cards", "card_values", params | {"cards": cards}, verdict.points))

    if red_threes:
        items.append(_red_threes_item(red_threes, bool(verdicts), can_go_out, rules, params))
    if went_out:
        if concealed:
            items.append(ScoreItem("score-going-out-concealed", "concealed_going_out_bonus", params,
                                   rules.concealed_going_out_bonus))  # fmt: skip
        else:
            items.append(ScoreItem("score-going-out", "going_out_bonus", params, rules.going_out_bonus))

    black = [c for c in held if c.is_black_three]
    others = [c for c in held if not c.is_black_three]
    if others:
        items.append(ScoreItem("score-hand-cards", "card_values", params | {"cards": format_cards(others)},
                               -sum(rules.card_value(c) for c in others)))  # fmt: skip
    if black:
        each = rules.black_three_in_hand
        items.append(ScoreItem("score-hand-black-threes", "black_three_in_hand",
                               params | {"count": len(black), "each": each}, -each * len(black)))  # fmt: skip
    return SideScore(sum(i.points for i in items), tuple(items), can_go_out)


def _red_threes_item(
    count: int, melded: bool, can_go_out: bool, rules: Rules, params: dict[str, Any]
) -> ScoreItem:
    every = count == rules.red_threes_in_deck
    value = rules.red_threes_all_total if every else rules.red_three_value * count
    numbers = params | {"count": count, "each": rules.red_three_value}
    if rules.red_threes_count_against == "side cannot go out" and not can_go_out:
        return ScoreItem("score-red-threes-against-cannot-go-out", "red_threes_count_against", numbers, -value)
    if rules.red_threes_count_against == "side has not melded" and not melded:
        return ScoreItem("score-red-threes-against-not-melded", "red_threes_count_against", numbers, -value)
    if every:
        return ScoreItem("score-red-threes-all", "red_threes_all_total", numbers, value)
    return ScoreItem("score-red-threes", "red_three_value", numbers, value)


def _refuse_impossible(
    verdicts: tuple[MeldVerdict, ...], held: tuple[Card, ...], red_threes: int,
    went_out: bool, concealed: bool, rules: Rules, players: int,
) -> None:  # fmt: skip
    if any(c.is_red_three for c in held):
        raise ScoringError("a red 3 is never held in hand: count it in red_threes")
    if type(red_threes) is not int or not 0 <= red_threes <= rules.red_threes_in_deck:
        raise ScoringError(
            f"red_threes must be a whole number from 0 to {rules.red_threes_in_deck} "
            f"(the {rules.title} deck has {rules.red_threes_in_deck}); got {red_threes!r}"
        )
    if concealed and not went_out:
        raise ScoringError("concealed means going out concealed: it needs went_out too")
    if went_out and not may_go_out(verdicts, rules, players):
        raise ScoringError(
            f"a side may not go out without the complete melds {rules.title} rules require: "
            + needs_text(rules, players)
        )


def needs_text(rules: Rules, players: int) -> str:
    """What a side needs to go out, in words: "a complete sequence and one more complete meld"."""
    return _needs_text(rules, players, normalise_language(None))


@lru_cache(maxsize=256)
def _needs_text(rules: Rules, players: int, language: str) -> str:
    """``needs_text`` in ``language``, made once: every refused going-out says it."""
    return render("needs-or", language=language).join(
        render("needs-and", language=language).join(render(f"need:{kind}", language=language) for kind in alternative)
        for alternative in rules.going_out_needs[players]
    )
