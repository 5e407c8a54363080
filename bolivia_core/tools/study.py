"""Variant studies: what a rule does to the game, measured over many computer-played games.

A study plays the same deals under each variant (a rule set, or one with some knobs changed) and
reads what the engine already records: the log of each hand (turns, who melded first) and its score
lines (``game.results``: melded cards, each bonus, red 3s, cards left in hand, black 3s). Games are
played by the one whole-game runner (``players.play_game``, as ``simulate`` plays them), in shards
of ``SHARD_GAMES`` games named by their seeds. A shard's tally is whole numbers only (counts, sums
and sums of squares), and tallies are added, so the figures are the same whatever order the shards
finish in: with one worker, with two, or on a Dask cluster. Finished shards are kept on disk, so an
interrupted study goes on from them (``resume``).

Every figure carries a 95% interval: Wilson's for a share, the normal approximation over the
observations for a mean, and the delta method for a ratio of sums (the winner's score by source).
A difference between two variants is taken as between independent samples; the variants play the
same deals, which makes that interval wider than it need be, never narrower.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import signal
import time
import tomllib
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from itertools import product
from pathlib import Path
from threading import Event as StopSignal
from typing import Any, Protocol

from ..game import Game, new_game
from ..i18n import render
from ..players import PLAYERS, known_kind, seat_players
from .compare import value_text as compare_value_text
from .simulation import play_game
from ..rules import PRESETS, Rules, RulesError, get_rules, plain_value, rules_from_dict, rules_title, rules_to_dict
from .tournament import wilson_interval

__all__ = [
    "FIGURES", "MELD_KINDS", "SHARD_GAMES", "SOURCES", "Difference", "Figure", "ProgressBar", "StudyError",
    "StudyResult", "StudyStopped", "Variant", "parse_vary", "play_shard", "run_study", "variants",
]  # fmt: skip

STUDY_FORMAT = "bolivia-explorer study"
STUDY_VERSION = 1  # in every shard's key: a change to what a shard records makes old shards unread
SHARD_GAMES = 5
Z95 = 1.96

# Where a hand's points come from: each score line of the engine falls in exactly one source.
SOURCES = (
    "melded_cards", "bonus_natural_canasta", "bonus_mixed_canasta", "bonus_natural_sequence",
    "bonus_mixed_sequence", "bonus_bolivia", "bonus_bolivia_three_twos_four_jokers", "bonus_bolivia_seven_twos",
    "going_out_bonus", "concealed_going_out_bonus", "red_threes", "cards_in_hand", "black_threes",
)  # fmt: skip
# The complete melds that earn a bonus, by the label the engine gives them.
MELD_KINDS = (
    "natural-canasta", "mixed-canasta", "natural-sequence", "mixed-sequence",
    "bolivia", "bolivia-three-twos-four-jokers", "bolivia-seven-twos",
)  # fmt: skip
_KIND_OF_BONUS = {"bonus_" + kind.replace("-", "_"): kind for kind in MELD_KINDS}
_SOURCE_OF_CODE = {
    "score-meld-cards": "melded_cards",
    "score-red-threes": "red_threes",
    "score-red-threes-all": "red_threes",
    "score-red-threes-against-cannot-go-out": "red_threes",
    "score-red-threes-against-not-melded": "red_threes",
    "score-going-out": "going_out_bonus",
    "score-going-out-concealed": "concealed_going_out_bonus",
    "score-hand-cards": "cards_in_hand",
    "score-hand-black-threes": "black_threes",
}
_TURN_STARTS = frozenset({"event-draw", "event-take-pile", "event-take-top", "event-pass"})
_FIRST_MELDS = frozenset({"event-meld", "event-take-pile"})  # a side's first cards on the table
_HAND_ENDS = frozenset({"event-went-out", "event-stock-out"})
TURN_BIN = 5  # histogram widths: turns of a hand, points of a side's hand
SCORE_BIN = 500

# The figures, in the order they are reported; "points.*", "melds.*" and "winner_share.*" per source or kind.
FIGURES = (
    "going_out_share", "hand_turns", "hands_per_game", "hand_score",
    *(f"points.{s}" for s in SOURCES), *(f"melds.{k}" for k in MELD_KINDS),
    "first_meld_wins_hand", "decided_by_last_hand", *(f"winner_share.{s}" for s in SOURCES),
)  # fmt: skip
SHARE_FIGURES = frozenset({"going_out_share", "first_meld_wins_hand", "decided_by_last_hand",
                           *(f"winner_share.{s}" for s in SOURCES)})  # fmt: skip


class StudyError(ValueError):
    """A study asked for with input it cannot take (a knob, a value, a count, a scheduler)."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(render(code, params))
        self.code = code
        self.params = params


class StudyStopped(Exception):
    """A study stopped before its end (Ctrl-C, or the page's stop); its finished shards are kept."""

    def __init__(self, done: int, total: int, where: Path) -> None:
        super().__init__(render("study-stopped", {"done": done, "total": total, "where": str(where)}))
        self.done, self.total, self.where = done, total, where


# --- the variants ----------------------------------------------------------------------


@dataclass(frozen=True)
class Variant:
    """One rule set a study plays: its base rule set's name and the knobs changed from it (none for a whole
    preset or club file)."""

    rules: Rules
    changes: tuple[tuple[str, Any], ...] = ()
    base: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"rules": self.rules.name, "base": self.base, "title": self.rules.title,
                "changes": {knob: plain_value(value) for knob, value in self.changes}}


def _typed(value: Any) -> str:
    """A knob value as it is typed after ``--vary KNOB=`` (TOML)."""
    return json.dumps(plain_value(value), ensure_ascii=False) if not isinstance(value, str) else value


def _split_values(text: str) -> list[str]:
    """``2,3`` or ``[[0,50],[1500,90]],[[0,50]]``: the commas outside brackets, braces and quotes."""
    parts, depth, quote, start = [], 0, "", 0
    for at, char in enumerate(text):
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[start:at])
            start = at + 1
    parts.append(text[start:])
    return [p.strip() for p in parts]


def _value(text: str) -> Any:
    """A value as a club rules file writes it (TOML: ``3``, ``true``, ``[[0, 50]]``, ``"sequence"``); a bare
    word is taken as the text it is."""
    try:
        return tomllib.loads(f"value = {text}")["value"]
    except tomllib.TOMLDecodeError:
        return text


def parse_vary(text: str) -> tuple[str, tuple[Any, ...]]:
    """``KNOB=VALUE,VALUE``: the knob and its values; each checked only when a variant is made of it."""
    knob, equals, values = text.partition("=")
    parts = _split_values(values) if equals else []
    if not knob.strip() or not parts or any(not p for p in parts):
        raise StudyError("study-vary-form", given=repr(text))
    return knob.strip(), tuple(_value(p) for p in parts)


def variants(rule_sets: Sequence[Rules | str], vary: Sequence[tuple[str, Sequence[Any]]] = ()) -> tuple[Variant, ...]:
    """Every rule set under every combination of the varied knobs' values (their product), in order.

    A bad knob name or value is refused with the club editor's own message (``Rules.derive``)."""
    bases = [r if isinstance(r, Rules) else get_rules(r) for r in rule_sets]
    if not bases:
        raise StudyError("study-no-rules", presets=", ".join(PRESETS))
    knobs = [knob for knob, _ in vary]
    repeated = sorted({k for k in knobs if knobs.count(k) > 1})
    if repeated:
        raise StudyError("study-vary-twice", knob=repr(repeated[0]))
    made: list[Variant] = []
    for base in bases:
        for values in product(*(tuple(v) for _, v in vary)):
            changes = tuple(zip(knobs, values, strict=True))
            if not changes:
                made.append(Variant(base, (), base.name))
                continue
            name = base.name + "".join(f"+{k}={_typed(v)}" for k, v in changes)
            rules = base.derive(name, f"{rules_title(base)}, " + ", ".join(f"{k} = {_typed(v)}" for k, v in changes),
                                **dict(changes))  # fmt: skip
            made.append(Variant(rules, tuple((k, rules.knob(k).value) for k in knobs), base.name))
    keys = [(v.base, v.changes) for v in made]
    if len(set(keys)) < len(keys):
        twice = next(v for v, key in zip(made, keys, strict=True) if keys.count(key) > 1)
        raise StudyError("study-variant-twice", label=twice.rules.title)
    return tuple(made)


# --- one shard: a run of games, tallied ------------------------------------------------------


@dataclass(frozen=True)
class ShardSpec:
    """Plain data a worker process or a Dask worker receives: which games of which variant to play."""

    rules: str | dict[str, Any]  # a preset's name, or every knob
    players: int
    seats: tuple[str, ...]
    seed: int
    first: int  # the first game's number; game n is dealt with seed * 100_003 + n, as ``simulate`` deals
    count: int

    def game_seeds(self) -> range:
        start = self.seed * 100_003 + self.first
        return range(start, start + self.count)


def _plain(rules: Rules) -> str | dict[str, Any]:
    return rules.name if PRESETS.get(rules.name) == rules else rules_to_dict(rules)


def play_shard(spec: ShardSpec) -> dict[str, Any]:
    """Play a shard's games and tally them: ``{"tally": {key: whole number}, "cpu_ns": ...}``."""
    start = time.process_time_ns()
    rules = get_rules(spec.rules) if isinstance(spec.rules, str) else rules_from_dict(spec.rules)
    tally: Counter[str] = Counter()
    for game_seed in spec.game_seeds():
        game = new_game(rules, spec.players, game_seed)
        play_game(game, seat_players(spec.seats, spec.players, game_seed))
        tally_game(game, tally)
    return {"tally": dict(sorted(tally.items())), "cpu_ns": time.process_time_ns() - start}


def _observe(tally: Counter[str], name: str, value: int) -> None:
    """One observation of a mean: its count, sum and sum of squares."""
    tally[f"{name}.n"] += 1
    tally[f"{name}.s"] += value
    tally[f"{name}.q"] += value * value


def _hands_of(log: Sequence[Any]) -> Iterator[list[Any]]:
    """The log's events hand by hand: from a deal to the hand's end."""
    hand: list[Any] = []
    for event in log:
        if event.code == "event-deal":
            hand = []
        hand.append(event)
        if event.code in _HAND_ENDS:
            yield hand


def _sources(items: Iterable[Any]) -> tuple[Counter[str], Counter[str]]:
    """A side's score lines of a hand as points by source, and its complete melds by kind."""
    points: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    for item in items:
        if item.code == "score-meld-bonus":
            points[item.knob] += item.points
            kinds[_KIND_OF_BONUS[item.knob]] += 1
        else:
            points[_SOURCE_OF_CODE[item.code]] += item.points
    return points, kinds


def tally_game(game: Game, tally: Counter[str]) -> None:
    """Add one finished game to ``tally``: its hands' turns, ends, points by source and melds, who melded
    first and whether that side won the hand, whether the last hand decided the game."""
    pos = game.position
    sides = pos.side_count
    hands = list(_hands_of(game.log))
    if len(hands) != len(game.results):
        raise RuntimeError(f"a game's log has {len(hands)} hands and its results {len(game.results)}")
    _observe(tally, "hands_per_game", len(hands))
    winner_points: list[Counter[str]] = [Counter() for _ in range(sides)]
    for events, result in zip(hands, game.results, strict=True):
        turns = sum(e.code in _TURN_STARTS for e in events)
        _observe(tally, "hand_turns", turns)
        tally[f"hist.hand_turns.{turns // TURN_BIN * TURN_BIN}"] += 1
        tally["going_out_share.n"] += 1
        tally["going_out_share.k"] += result.went_out is not None
        kinds_made: Counter[str] = Counter()
        for side, score in enumerate(result.scores):
            points, kinds = _sources(score.items)
            kinds_made.update(kinds)
            winner_points[side].update(points)  # update, not +=: a Counter's + drops the negative points
            _observe(tally, "hand_score", score.total)
            tally[f"hist.hand_score.{score.total // SCORE_BIN * SCORE_BIN}"] += 1
            for source in SOURCES:
                _observe(tally, f"points.{source}", points[source])
        for kind in MELD_KINDS:
            _observe(tally, f"melds.{kind}", kinds_made[kind])
        first = next((pos.side_of(e.params["player"]) for e in events if e.code in _FIRST_MELDS), None)
        if first is not None:
            totals = [s.total for s in result.scores]
            tally["first_meld_wins_hand.n"] += 1
            tally["first_meld_wins_hand.k"] += all(totals[first] > t for s, t in enumerate(totals) if s != first)
    winner = game.winner()
    if winner is None:
        return
    final = game.scores
    before = [final[s] - game.results[-1].scores[s].total for s in range(sides)]
    leaders = [s for s in range(sides) if before[s] == max(before)]
    tally["decided_by_last_hand.n"] += 1
    tally["decided_by_last_hand.k"] += leaders != [winner]
    total = final[winner]
    tally["winner_share.n"] += 1
    tally["winner_share.y"] += total
    tally["winner_share.yy"] += total * total
    for source in SOURCES:
        x = winner_points[winner][source]
        tally[f"winner_share.{source}.x"] += x
        tally[f"winner_share.{source}.xx"] += x * x
        tally[f"winner_share.{source}.xy"] += x * total


# --- figures and differences ------------------------------------------------------------------------


@dataclass(frozen=True)
class Figure:
    """One figure of one variant with its 95% interval and standard error, over ``n`` observations."""

    value: float
    low: float
    high: float
    se: float
    n: int

    def to_dict(self) -> dict[str, Any]:
        return {"value": _round(self.value), "low": _round(self.low), "high": _round(self.high), "n": self.n}


@dataclass(frozen=True)
class Difference:
    """A variant's figure less the first variant's, with its 95% interval; ``clear`` when the interval
    leaves out zero: the study tells the two apart."""

    value: float
    low: float
    high: float

    @property
    def clear(self) -> bool:
        return self.low > 0 or self.high < 0

    def to_dict(self) -> dict[str, Any]:
        return {"value": _round(self.value), "low": _round(self.low), "high": _round(self.high), "clear": self.clear}


def _round(x: float) -> float:
    return round(x, 4)


def _share(k: int, n: int) -> Figure:
    if n == 0:
        return Figure(0.0, 0.0, 0.0, 0.0, 0)
    p = k / n
    low, high = wilson_interval(p, n)
    return Figure(p, low, high, math.sqrt(p * (1 - p) / n), n)


def _mean(s: int, q: int, n: int) -> Figure:
    if n == 0:
        return Figure(0.0, 0.0, 0.0, 0.0, 0)
    m = s / n
    variance = max(0.0, (q - s * s / n) / (n - 1)) if n > 1 else 0.0
    se = math.sqrt(variance / n)
    return Figure(m, m - Z95 * se, m + Z95 * se, se, n)


def _ratio(x: int, xx: int, xy: int, y: int, yy: int, n: int) -> Figure:
    """Sum of x over sum of y (the winners' points from a source over their scores), by the delta method."""
    if n < 2 or y == 0:
        return Figure(0.0, 0.0, 0.0, 0.0, n)
    r = x / y
    spread = max(0.0, xx - 2 * r * xy + r * r * yy)  # the sum of (x - r y) squared
    se = math.sqrt(spread / (n * (n - 1))) / (y / n)
    return Figure(r, r - Z95 * se, r + Z95 * se, se, n)


def figures_of(tally: Mapping[str, int]) -> dict[str, Figure]:
    """Every figure of ``FIGURES`` from a variant's tally."""
    t = Counter(tally)
    out: dict[str, Figure] = {}
    for name in FIGURES:
        if name.startswith("winner_share."):
            out[name] = _ratio(t[f"{name}.x"], t[f"{name}.xx"], t[f"{name}.xy"], t["winner_share.y"],
                               t["winner_share.yy"], t["winner_share.n"])  # fmt: skip
        elif name in SHARE_FIGURES:
            out[name] = _share(t[f"{name}.k"], t[f"{name}.n"])
        else:
            out[name] = _mean(t[f"{name}.s"], t[f"{name}.q"], t[f"{name}.n"])
    return out


def difference(figure: Figure, base: Figure) -> Difference:
    value = figure.value - base.value
    se = math.hypot(figure.se, base.se)
    return Difference(value, value - Z95 * se, value + Z95 * se)


def histogram(tally: Mapping[str, int], name: str) -> dict[int, int]:
    """A histogram's counts by the start of each bin, in order."""
    prefix = f"hist.{name}."
    return dict(sorted((int(k[len(prefix):]), v) for k, v in tally.items() if k.startswith(prefix)))


# --- running a study --------------------------------------------------------------------------------


class ProgressBar(Protocol):
    """What a study tells as shards finish: tqdm's ``update`` and ``close``."""

    def update(self, n: int = 1) -> Any: ...
    def close(self) -> Any: ...


ProgressFactory = Callable[[int, int], ProgressBar]  # (games in all, games already done) -> a bar


@dataclass
class StudyResult:
    """A study's variants, each one's tally, and what it cost."""

    variants: tuple[Variant, ...]
    players: int
    seats: tuple[str, ...]
    games: int
    seed: int
    tallies: list[dict[str, int]]
    cpu_ns: int = 0
    wall_seconds: float = 0.0
    workers: int = 1
    where: str = ""
    cost_hands: int = 0  # the hands played in this run (not read from kept shards)
    _figures: list[dict[str, Figure]] = field(default_factory=list, repr=False)

    def figures(self, variant: int) -> dict[str, Figure]:
        if not self._figures:
            self._figures = [figures_of(t) for t in self.tallies]
        return self._figures[variant]

    def differences(self, variant: int) -> dict[str, Difference]:
        """Variant ``variant``'s figures less the first variant's."""
        base = self.figures(0)
        return {name: difference(f, base[name]) for name, f in self.figures(variant).items()}

    def hands(self, variant: int) -> int:
        return self.tallies[variant].get("going_out_share.n", 0)

    def to_dict(self) -> dict[str, Any]:
        """The study as plain data; the keys are pinned (see the README). Everything but ``cost`` is the
        same for the same command, whatever the workers."""
        labels = variant_labels({"variants": [v.to_dict() for v in self.variants]})
        return {
            "format": STUDY_FORMAT,
            "version": STUDY_VERSION,
            "players": self.players,
            "seats": list(self.seats),
            "games": self.games,
            "seed": self.seed,
            "variants": [
                v.to_dict() | {"label": label,
                    "games": self.games,
                    "hands": self.hands(i),
                    "figures": {name: f.to_dict() for name, f in self.figures(i).items()},
                    "histograms": {name: {"width": width, "counts": {str(k): c for k, c in
                                                                      histogram(self.tallies[i], name).items()}}
                                   for name, width in (("hand_turns", TURN_BIN), ("hand_score", SCORE_BIN))},
                }
                for i, (v, label) in enumerate(zip(self.variants, labels, strict=True))
            ],
            "differences": [
                {"variant": label, "against": labels[0],
                 "figures": {name: d.to_dict() for name, d in self.differences(i).items()}}
                for i, label in enumerate(labels) if i
            ],
            "cost": self.cost(),
        }  # fmt: skip

    def cost(self) -> dict[str, Any]:
        """CPU time of the shards played in this run (kept shards cost nothing again)."""
        seconds = self.cpu_ns / 1e9
        per_thousand = 1000 * seconds / self.cost_hands if self.cost_hands else None
        return {"cpu_seconds": round(seconds, 2), "hands_played": self.cost_hands,
                "cpu_seconds_per_1000_hands": round(per_thousand, 1) if per_thousand else None,
                "wall_seconds": round(self.wall_seconds, 2), "workers": self.workers, "shards": self.where}  # fmt: skip

    def sentences(self) -> list[str]:
        """One sentence per difference the study tells apart, in the current language."""
        return [s for part in differences_said(self.to_dict()) for s in part["clear"]]

    def __str__(self) -> str:
        return study_text(self.to_dict())


def shown_figures(data: Mapping[str, Any]) -> list[str]:
    """The figures of a study (``StudyResult.to_dict``) worth reading: those some variant has a value or an
    interval for (a bonus no variant's rules have, say, is left out)."""
    return [n for n in FIGURES if any(v["figures"][n]["value"] or v["figures"][n]["high"] or v["figures"][n]["low"]
                                      for v in data["variants"])]  # fmt: skip


def variant_labels(data: Mapping[str, Any], words: bool = False) -> list[str]:
    """The variants' names in the current language: the changed knobs, after the rule set's title when
    the study compares several rule sets. A knob is named as typed (``same_rank_max_wilds = 3``, as the
    command line takes it) or, with ``words``, by what it means and its value in words (a page's legend)."""
    bases = {v["base"] for v in data["variants"]}
    labels = []
    for v in data["variants"]:
        changed = ", ".join(
            render("study-change", {"knob": render(f"knob:{knob}"), "value": compare_value_text(value)}) if words
            else f"{knob} = {_typed(value)}"
            for knob, value in v["changes"].items()
        )  # fmt: skip
        title = rules_title(v["base"] if v["base"] in PRESETS else v["title"])
        labels.append(changed if changed and len(bases) == 1 else f"{title}, {changed}" if changed else title)
    return labels


def value_text(name: str, figure: Mapping[str, Any]) -> str:
    """A figure's value and interval in words: "81.2% (78.0 to 84.1%)", "30.25 (29.80 to 30.70)"."""
    share = name in SHARE_FIGURES
    scale = 100 if share else 1
    return render("study-value-share" if share else "study-value-mean",
                  {"value": scale * figure["value"], "low": scale * figure["low"], "high": scale * figure["high"]})


def difference_sentence(name: str, d: Mapping[str, Any], variant: str, base: str) -> str:
    """A clear difference in a sentence: "with X, turns a hand is 4.10 less (3.60 to 4.60) than with Y"."""
    share = name in SHARE_FIGURES
    scale = 100 if share else 1
    low, high = sorted((abs(d["low"]) * scale, abs(d["high"]) * scale))
    code = f"study-{'more' if d['value'] > 0 else 'less'}-{'share' if share else 'mean'}"
    return render(code, {"variant": variant, "base": base, "figure": figure_name(name),
                         "amount": abs(d["value"]) * scale, "low": low, "high": high})  # fmt: skip


def differences_said(data: Mapping[str, Any], words: bool = False) -> list[dict[str, Any]]:
    """For each variant after the first: its label, a sentence per clear difference, and the figures the
    study cannot tell apart (``words``: the variants named as ``variant_labels`` does with it)."""
    labels = variant_labels(data, words)
    shown = shown_figures(data)
    said = []
    for i, part in enumerate(data["differences"], start=1):
        figures = part["figures"]
        said.append({
            "variant": labels[i],
            "clear": [difference_sentence(n, figures[n], labels[i], labels[0]) for n in shown if figures[n]["clear"]],
            "unclear": [figure_name(n) for n in shown if not figures[n]["clear"]],
        })  # fmt: skip
    return said


def study_text(data: Mapping[str, Any]) -> str:
    """A study as the command prints it, in the current language."""
    lines = [render("study-heading", {"games": data["games"], "players": data["players"],
                                      "seats": ", ".join(data["seats"]), "seed": data["seed"],
                                      "variants": len(data["variants"])})]  # fmt: skip
    shown = shown_figures(data)
    labels = variant_labels(data)
    for label, v in zip(labels, data["variants"], strict=True):
        lines += ["", render("study-variant", {"label": label, "hands": v["hands"], "games": v["games"]})]
        lines += [f"  {figure_name(n)}: {value_text(n, v['figures'][n])}" for n in shown]
    for part in differences_said(data):
        lines += ["", render("study-differences", {"variant": part["variant"], "base": labels[0]})]
        lines += [f"  {s}" for s in part["clear"]] or ["  " + render("study-none-clear")]
        if part["unclear"]:
            lines.append("  " + render("study-unclear", {"figures": "; ".join(part["unclear"])}))
    cost = data.get("cost") or {}
    lines.append("")
    if cost.get("hands_played"):
        lines.append(render("study-cost", {"hands": cost["hands_played"], "cpu": float(cost["cpu_seconds"]),
                                           "per_thousand": float(cost["cpu_seconds_per_1000_hands"]),
                                           "wall": float(cost["wall_seconds"]), "workers": cost["workers"]}))
    if cost.get("shards"):
        lines.append(render("study-shards", {"where": cost["shards"]}))
    return "\n".join(lines).rstrip("\n")


def figure_name(name: str, language: str | None = None) -> str:
    """A figure's name in words: "hands ended by going out", "points from escalera bonuses"."""
    family, _, part = name.partition(".")
    if not part:
        return render(f"study-figure:{family}", language=language)
    word = render(f"study-{'kind' if family == 'melds' else 'source'}:{part}", language=language)
    return render(f"study-figure:{family}", {"what": word}, language)


def default_shard_root() -> Path:
    """Where finished shards are kept unless told: the user's cache (``$XDG_CACHE_HOME``, else ~/.cache)."""
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "bolivia-explorer" / "study"


def _shard_folder(root: Path, spec: ShardSpec) -> Path:
    """One folder per variant's rules, table, seats and seed: its shards are the same whatever the games."""
    rules = spec.rules if isinstance(spec.rules, dict) else rules_to_dict(get_rules(spec.rules))
    knobs = {k: v["value"] for k, v in rules["knobs"].items()}
    key = json.dumps({"version": STUDY_VERSION, "knobs": knobs, "players": spec.players, "seats": spec.seats,
                      "seed": spec.seed, "shard_games": SHARD_GAMES}, sort_keys=True)  # fmt: skip
    return root / hashlib.sha256(key.encode()).hexdigest()[:16]


def _shard_file(root: Path, spec: ShardSpec) -> Path:
    return _shard_folder(root, spec) / f"games-{spec.first}-{spec.count}.json"


def _read_shard(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None  # missing, or cut short by an interruption: played again
    ok = isinstance(data, dict) and isinstance(data.get("tally"), dict)
    return data if ok and all(isinstance(v, int) for v in data["tally"].values()) else None


def _write_shard(path: Path, shard: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_suffix(".part")
    part.write_text(json.dumps(shard), encoding="utf-8")
    part.replace(path)  # whole or not at all: an interruption never leaves half a shard


def _ignore_interrupt() -> None:
    """A worker process leaves Ctrl-C to the study, which keeps the finished shards and stops the rest."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _check_count(value: Any, code: str) -> int:
    if type(value) is not int or value < 1:
        raise StudyError(code, given=repr(value))
    return value


def run_study(
    study: Sequence[Variant],
    players: int = 4,
    seats: Sequence[str] = ("club",),
    games: int = 100,
    seed: int = 1,
    workers: int = 1,
    scheduler: str | None = None,
    shards: str | Path | None = None,
    resume: bool = False,
    progress: ProgressFactory | None = None,
    stop: StopSignal | None = None,
) -> StudyResult:
    """Play ``games`` games of each variant (the same deals for each) and tally them.

    Shards run in-process with one worker, else on ``workers`` local processes, or on the Dask cluster at
    ``scheduler`` (``tcp://HOST:PORT``). Each finished shard is written under ``shards`` (default: the
    user's cache); with ``resume`` those already there are read instead of played. Ctrl-C or ``stop``
    raises ``StudyStopped`` and keeps the finished shards."""
    seats = tuple(seats)
    unknown = [s for s in seats if not known_kind(s)]
    if unknown or not seats:
        raise StudyError("study-unknown-level", given=repr(unknown[0] if unknown else ""), known=", ".join(PLAYERS))
    _check_count(games, "study-bad-games")
    _check_count(workers, "study-bad-workers")
    if type(seed) is not int:
        raise StudyError("study-bad-seed", given=repr(seed))
    if not study:
        raise StudyError("study-no-rules", presets=", ".join(PRESETS))
    for variant in study:
        new_game(variant.rules, players, seed)  # refuses a table size the rules do not allow, before any play
    root = Path(shards) if shards is not None else default_shard_root()
    specs = [
        (number, ShardSpec(_plain(v.rules), players, seats, seed, first, min(SHARD_GAMES, games - first)))
        for number, v in enumerate(study)
        for first in range(0, games, SHARD_GAMES)
    ]
    tallies: list[Counter[str]] = [Counter() for _ in study]
    done_games = 0
    todo: list[tuple[int, ShardSpec]] = []
    for number, spec in specs:
        kept = _read_shard(_shard_file(root, spec)) if resume else None
        if kept is None:
            todo.append((number, spec))
        else:
            tallies[number].update(kept["tally"])
            done_games += spec.count
    total = games * len(study)
    result = StudyResult(tuple(study), players, seats, games, seed, [], workers=workers, where=str(root))
    bar = progress(total, done_games) if progress else None
    start = time.perf_counter()

    def finished(number: int, spec: ShardSpec, shard: dict[str, Any]) -> None:
        nonlocal done_games
        _write_shard(_shard_file(root, spec), shard)
        tallies[number].update(shard["tally"])
        result.cpu_ns += shard["cpu_ns"]
        result.cost_hands += shard["tally"].get("going_out_share.n", 0)
        done_games += spec.count
        if bar is not None:
            bar.update(spec.count)

    try:
        if scheduler is not None:
            run_on_dask(scheduler, todo, finished, stop)
        elif workers == 1:
            for number, spec in todo:
                if stop is not None and stop.is_set():
                    raise StudyStopped(done_games, total, root)
                finished(number, spec, play_shard(spec))
        else:
            run_on_processes(workers, todo, finished, stop)
    except (KeyboardInterrupt, _Stopped):
        raise StudyStopped(done_games, total, root) from None
    finally:
        if bar is not None:
            bar.close()
    result.wall_seconds = time.perf_counter() - start
    result.tallies = [dict(sorted(t.items())) for t in tallies]
    return result


class _Stopped(Exception):
    """The stop signal was seen while shards were running."""


Finished = Callable[[int, Any, dict[str, Any]], None]
"""Told of each finished shard: its number, its spec and what it played."""
Play = Callable[[Any], dict[str, Any]]
"""Plays one shard's spec (plain data) in a worker and returns plain data."""


def run_on_processes(workers: int, todo: Sequence[tuple[int, Any]], finished: Finished,
                     stop: StopSignal | None, play: Play = play_shard) -> None:  # fmt: skip
    """Play the shards ``todo`` (number, spec) with ``play`` on ``workers`` local processes, calling
    ``finished`` as each ends; Ctrl-C or ``stop`` ends the run (the ladder plays its shards so too)."""
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupt)
    try:
        running: dict[Future[dict[str, Any]], tuple[int, Any]] = {
            pool.submit(play, spec): (number, spec) for number, spec in todo
        }
        while running:
            ready, _ = wait(running, timeout=0.5, return_when=FIRST_COMPLETED)
            for future in ready:
                number, spec = running.pop(future)
                finished(number, spec, future.result())
            if stop is not None and stop.is_set() and running:
                raise _Stopped
    except BaseException:  # stopped or interrupted: the unfinished shards are played again by --resume
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            process.terminate()  # the pool would otherwise wait at exit for every running shard to end
        raise
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def run_on_dask(address: str, todo: Sequence[tuple[int, Any]], finished: Finished,
                stop: StopSignal | None, play: Play = play_shard) -> None:  # fmt: skip
    """Play the shards ``todo`` with ``play`` on the Dask cluster at ``address``, as ``run_on_processes``."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise StudyError("study-no-dask") from None
    try:
        client = Client(address, timeout="10s")  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError) as error:
        raise StudyError("study-scheduler", address=address, detail=str(error) or type(error).__name__) from None
    try:
        futures = client.map(play, [spec for _, spec in todo], pure=False)
        number_of = {f.key: (number, spec) for f, (number, spec) in zip(futures, todo, strict=True)}
        for future in as_completed(futures):  # type: ignore[no-untyped-call]
            number, spec = number_of[future.key]
            finished(number, spec, future.result())
            if stop is not None and stop.is_set():
                client.cancel(futures)  # type: ignore[no-untyped-call]
                raise _Stopped
    finally:
        client.close()  # type: ignore[no-untyped-call]


def rules_argument(text: str) -> list[Rules]:
    """``--rules bolivia,swedish`` or a club rules file (``.toml``/``.json``), or both, comma-separated."""
    from .compare import read_club_file

    out = []
    for name in (part.strip() for part in text.split(",")):
        if not name:
            raise StudyError("study-no-rules", presets=", ".join(PRESETS))
        out.append(read_club_file(name) if name.lower().endswith((".toml", ".json")) else get_rules(name))
    return out


__all__ += ["RulesError", "ShardSpec", "default_shard_root", "figure_name", "figures_of", "histogram",
            "rules_argument", "run_on_dask", "run_on_processes", "tally_game"]  # fmt: skip
