"""The strength ladder: every computer level against the others on duplicate deals, with intervals.

A ladder *game* is one hand, scored as a game: each side plays the hand dealt from a seeded deal to its
end, and the side with the higher hand total wins it (equal totals: a draw, counted half). Whole games
to 15,000 points at a second a decision would cost hours of CPU per game; a hand is the unit the levels'
play differs in, and its points are the game's currency. Each deal is played once per side with the
first-named level on that side (two plays at a two-sided table: the sides swapped), so both levels
hold the same cards in turn and the luck of the deal cancels out.

For each rule set, table size and pair of levels the ladder reports the first level's share of games
won with its 95% Wilson interval, its points a hand over the other side's with a 95% interval (over
deals: the mean of each deal's plays, so the swapped plays are paired), and each level's median and
99th-percentile decision time in CPU time. Deals are played in shards of plain data, by the study's
runners: in this process, on local worker processes or on a Dask cluster, with the same figures from
the same seed either way (for a level searching on CPU time, the same up to its clock: name its budget
in playouts, ``expert@400p``, for exact repeats). ``ladder_myst`` writes a run as MyST Markdown, with
the command, the date and the machine beside its figures.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import math
import os
import platform
import re
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from threading import Event as StopSignal
from typing import Any

from ..game import new_game
from ..i18n import format_signed, render
from ..players import PLAYERS, known_kind
from ..rules import PRESETS, Rules, get_rules, rules_from_dict, rules_to_dict
from .runner import GameSpec, deal_seed, play_spec
from .study import run_on_dask, run_on_processes
from .tournament import percentile, side_levels, wilson_interval

__all__ = [
    "LADDER_SHARD_DEALS", "LadderError", "LadderResult", "LadderShard", "PairResult", "ladder_myst", "ladder_text",
    "level_pairs", "play_ladder_shard", "run_ladder",
]  # fmt: skip

LADDER_VERSION = 1  # in every kept shard's key: a change to what a shard records makes old shards unread
LADDER_SHARD_DEALS = 2
"""Deals a shard plays: small, so a long run keeps its progress often and spreads over workers."""
Z95 = 1.96
PAIRS = ("adjacent", "all")


class LadderError(ValueError):
    """A ladder asked for with input it cannot take."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(render(code, params))


@dataclass(frozen=True)
class LadderShard:
    """Plain data a worker plays: deals ``first`` to ``first + count - 1`` of one pair at one table."""

    rules: str | dict[str, Any]
    players: int
    pair: tuple[str, str]
    seed: int
    first: int
    count: int


def play_ladder_shard(spec: LadderShard) -> dict[str, Any]:
    """Play each deal of the shard once per side with the pair's first level on that side: per play,
    the deal, that side, the hand's totals and each level's decision times (CPU nanoseconds)."""
    start = time.process_time_ns()
    rules = get_rules(spec.rules) if isinstance(spec.rules, str) else rules_from_dict(spec.rules)
    position = new_game(rules, spec.players, 1).position
    sides = position.side_count
    side_of_seat = [position.side_of(p) for p in range(1, spec.players + 1)]
    plays = []
    for deal in range(spec.first, spec.first + spec.count):
        for first_side in range(sides):
            levels = side_levels(spec.pair, sides, first_side)
            seat_levels = tuple(levels[side] for side in side_of_seat)
            game = GameSpec(rules, spec.players, deal_seed(spec.seed, deal), seat_levels, timed=True, hands=1)
            record = play_spec(game)
            times: dict[str, list[int]] = {level: [] for level in spec.pair}
            for level, seat_times in zip(seat_levels, record.decision_ns, strict=True):
                times[level].extend(seat_times)
            plays.append({"deal": deal, "side": first_side, "totals": list(record.scores), "times": times})
    return {"plays": plays, "cpu_ns": time.process_time_ns() - start}


# --- what a pair's plays say ---------------------------------------------------------------


@dataclass(frozen=True)
class PairResult:
    """One pair at one table: the first level's games won (a draw counts half) with the 95% Wilson
    interval, its points a hand over the best other side with a 95% interval over deals, and the plays."""

    rules: str
    players: int
    pair: tuple[str, str]
    plays: tuple[Mapping[str, Any], ...]

    @property
    def games(self) -> int:
        return len(self.plays)

    def won(self) -> float:
        """Games won by the first level, a draw counted half."""
        return sum(_result(p) for p in self.plays)

    def share(self) -> tuple[float, float, float]:
        rate = self.won() / self.games if self.games else 0.0
        return (rate, *wilson_interval(rate, self.games))

    def points(self) -> tuple[float, float | None, float | None]:
        """The first level's side's hand total less the best other side's: the mean over deals (each
        deal the mean of its plays, so luck shared by the swapped plays cancels) and its 95% interval
        (none from a single deal)."""
        by_deal: dict[int, list[float]] = {}
        for play in self.plays:
            by_deal.setdefault(play["deal"], []).append(_margin(play))
        means = [sum(v) / len(v) for v in by_deal.values()]
        if not means:
            return 0.0, None, None
        mean = sum(means) / len(means)
        if len(means) < 2:
            return mean, None, None
        se = math.sqrt(sum((m - mean) ** 2 for m in means) / (len(means) - 1) / len(means))
        return mean, mean - Z95 * se, mean + Z95 * se

    def times(self) -> dict[str, list[int]]:
        merged: dict[str, list[int]] = {level: [] for level in self.pair}
        for play in self.plays:
            for level, values in play["times"].items():
                merged[level].extend(values)
        return merged

    def to_dict(self) -> dict[str, Any]:
        rate, low, high = self.share()
        points, p_low, p_high = self.points()
        deals = len({p["deal"] for p in self.plays})
        return {
            "rules": self.rules, "players": self.players, "first": self.pair[0], "second": self.pair[1],
            "deals": deals, "games": self.games, "won": self.won(), "share": round(rate, 4),
            "ci95": [round(low, 4), round(high, 4)], "points": round(points, 1),
            "points_ci95": [None if p_low is None else round(p_low, 1), None if p_high is None else round(p_high, 1)],
        }  # fmt: skip


def _result(play: Mapping[str, Any]) -> float:
    totals, side = play["totals"], play["side"]
    best_other = max(t for at, t in enumerate(totals) if at != side)
    return 1.0 if totals[side] > best_other else 0.5 if totals[side] == best_other else 0.0


def _margin(play: Mapping[str, Any]) -> float:
    totals, side = play["totals"], play["side"]
    return float(totals[side] - max(t for at, t in enumerate(totals) if at != side))


@dataclass
class LadderResult:
    """A finished ladder: each pair's result, each level's decision times, the run's settings and cost."""

    pairs: list[PairResult]
    settings: dict[str, Any]
    cpu_ns: int = 0
    wall_seconds: float = 0.0

    def decision_ms(self) -> dict[tuple[str, int, str], dict[str, float]]:
        """Per rule set, table size and level: the median and 99th-percentile decision time in ms."""
        merged: dict[tuple[str, int, str], list[int]] = {}
        for pair in self.pairs:
            for level, values in pair.times().items():
                merged.setdefault((pair.rules, pair.players, level), []).extend(values)
        return {key: {"median": round(percentile(v, 50) / 1e6, 2), "p99": round(percentile(v, 99) / 1e6, 2),
                      "decisions": len(v)} for key, v in merged.items()}  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        times = self.decision_ms()
        return {
            "settings": self.settings,
            "pairs": [p.to_dict() for p in self.pairs],
            "decision_ms": [{"rules": r, "players": n, "level": level, **t} for (r, n, level), t in times.items()],
            "cost": {"cpu_seconds": round(self.cpu_ns / 1e9, 1), "wall_seconds": round(self.wall_seconds, 1)},
        }


# --- running it -----------------------------------------------------------------------------


def level_pairs(levels: Sequence[str], pairs: str) -> list[tuple[str, str]]:
    """The pairs a ladder plays, the stronger-named level first: each level against the one named
    before it (``adjacent``: levels are named weakest first) or against every other (``all``)."""
    if pairs == "adjacent":
        return [(levels[i + 1], levels[i]) for i in range(len(levels) - 1)]
    return [(b, a) for a, b in combinations(levels, 2)]


def run_ladder(
    rule_sets: Sequence[Rules | str],
    players: Sequence[int] | None = (2,),
    levels: Sequence[str] = tuple(PLAYERS),
    pairs: str = "adjacent",
    deals: int = 50,
    seed: int = 1,
    workers: int = 1,
    scheduler: str | None = None,
    shards: str | Path | None = None,
    resume: bool = False,
    progress: Callable[[int, int], None] | None = None,
    stop: StopSignal | None = None,
) -> LadderResult:
    """Play the ladder: for each rule set and table size (``None``: every size the rule set allows), every pair of
    ``levels`` (``level_pairs``) on ``deals`` duplicate deals. Shards run here (one worker), on ``workers``
    processes or on the Dask cluster at ``scheduler``; finished shards are kept under ``shards`` when given, and
    read back instead of played with ``resume``."""
    levels = tuple(levels)
    bad = [level for level in levels if not known_kind(level)]
    if bad or len(levels) < 2 or len(set(levels)) < len(levels):
        raise LadderError("ladder-levels", given=repr(",".join(levels)), known=", ".join(PLAYERS))
    if pairs not in PAIRS:
        raise LadderError("ladder-pairs", given=repr(pairs), known=", ".join(PAIRS))
    for name, value in (("deals", deals), ("workers", workers)):
        if type(value) is not int or value < 1:
            raise LadderError("ladder-count", name=name, given=repr(value))
    if type(seed) is not int:
        raise LadderError("ladder-count", name="seed", given=repr(seed))
    tables = []
    for rules in (r if isinstance(r, Rules) else get_rules(r) for r in rule_sets):
        for count in rules.player_counts if players is None else players:
            new_game(rules, count, seed)  # refuses a table size the rules do not allow, before any play
            tables.append((rules, count))
    if not tables:
        raise LadderError("ladder-count", name="rules", given=repr(""))
    todo: list[tuple[int, LadderShard]] = []
    keys: list[tuple[str, int, tuple[str, str]]] = []
    for rules, count in tables:
        for pair in level_pairs(levels, pairs):
            keys.append((rules.name, count, pair))
            for first in range(0, deals, LADDER_SHARD_DEALS):
                shard = LadderShard(_plain(rules), count, pair, seed, first, min(LADDER_SHARD_DEALS, deals - first))
                todo.append((len(keys) - 1, shard))
    root = Path(shards) if shards is not None else None
    plays: list[list[dict[str, Any]]] = [[] for _ in keys]
    result = LadderResult([], {"rules": list(dict.fromkeys(r.name for r, _ in tables)),
                               "players": sorted({count for _, count in tables}),
                               "levels": list(levels), "pairs": pairs, "deals": deals, "seed": seed})  # fmt: skip
    left: list[tuple[int, LadderShard]] = []
    for number, shard in todo:
        kept = _read_kept(root, shard) if root is not None and resume else None
        if kept is None:
            left.append((number, shard))
        else:
            plays[number].extend(kept["plays"])
    done = len(todo) - len(left)

    def finished(number: int, shard: LadderShard, played: dict[str, Any]) -> None:
        nonlocal done
        if root is not None:
            _keep(root, shard, played)
        plays[number].extend(played["plays"])
        result.cpu_ns += played["cpu_ns"]
        done += 1
        if progress is not None:
            progress(done, len(todo))

    start = time.perf_counter()
    if scheduler is not None:
        run_on_dask(scheduler, left, finished, stop, play_ladder_shard)
    elif workers == 1:
        for number, shard in left:
            if stop is not None and stop.is_set():
                break
            finished(number, shard, play_ladder_shard(shard))
    else:
        run_on_processes(workers, left, finished, stop, play_ladder_shard)
    result.wall_seconds = time.perf_counter() - start
    for (rules_name, count, pair), found in zip(keys, plays, strict=True):
        found.sort(key=lambda p: (p["deal"], p["side"]))
        result.pairs.append(PairResult(rules_name, count, pair, tuple(found)))
    return result


def _plain(rules: Rules) -> str | dict[str, Any]:
    return rules.name if PRESETS.get(rules.name) == rules else rules_to_dict(rules)


def _kept_file(root: Path, shard: LadderShard) -> Path:
    rules = shard.rules if isinstance(shard.rules, dict) else rules_to_dict(get_rules(shard.rules))
    key = json.dumps({"version": LADDER_VERSION, "knobs": {k: v["value"] for k, v in rules["knobs"].items()},
                      "players": shard.players, "pair": shard.pair, "seed": shard.seed, "first": shard.first,
                      "count": shard.count}, sort_keys=True)  # fmt: skip
    return root / f"ladder-{hashlib.sha256(key.encode()).hexdigest()[:20]}.json"


def _read_kept(root: Path, shard: LadderShard) -> dict[str, Any] | None:
    try:
        data = json.loads(_kept_file(root, shard).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None  # missing, or cut short by an interruption: played again
    return data if isinstance(data, dict) and isinstance(data.get("plays"), list) else None


def _keep(root: Path, shard: LadderShard, played: dict[str, Any]) -> None:
    path = _kept_file(root, shard)
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_suffix(".part")
    part.write_text(json.dumps(played), encoding="utf-8")
    part.replace(path)  # whole or not at all


# --- saying it ------------------------------------------------------------------------------


def _tables(result: LadderResult) -> list[tuple[str, int]]:
    return list(dict.fromkeys((p.rules, p.players) for p in result.pairs))


def ladder_text(result: LadderResult) -> str:
    """The ladder as the command prints it, in the current language."""
    data = result.to_dict()
    lines: list[str] = []
    times = result.decision_ms()
    for rules, players in _tables(result):
        pairs = [p for p in result.pairs if (p.rules, p.players) == (rules, players)]
        deals = max((p.to_dict()["deals"] for p in pairs), default=0)
        if lines:
            lines.append("")
        lines.append(render("ladder-heading", {"rules": rules, "players": players, "deals": deals}))
        for pair in pairs:
            d = pair.to_dict()
            lines.append("  " + render("ladder-pair", {
                "first": d["first"], "second": d["second"], "games": d["games"], "rate": 100 * d["share"],
                "low": 100 * d["ci95"][0], "high": 100 * d["ci95"][1], "points": format_signed(round(d["points"])),
                "points_low": _signed(d["points_ci95"][0]), "points_high": _signed(d["points_ci95"][1])}))  # fmt: skip
        levels = [level for level in data["settings"]["levels"] if (rules, players, level) in times]
        said = "; ".join(render("tournament-level-time", {"level": level, "median": times[(rules, players, level)]
                                                          ["median"], "p99": times[(rules, players, level)]["p99"]})
                         for level in levels)  # fmt: skip
        lines.append("  " + render("tournament-times", {"times": said}))
    cost = data["cost"]
    lines += ["", render("ladder-cost", {"cpu": float(cost["cpu_seconds"]), "wall": float(cost["wall_seconds"])})]
    return "\n".join(lines).strip("\n")


def _signed(value: float | None) -> str:
    """A bound of an interval, signed; ``?`` where there is none (one deal gives no spread)."""
    return "?" if value is None else format_signed(round(value))


def machine() -> str:
    """The machine a run was measured on, as a reader compares machines: processor, cores, Python."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            found = re.search(r"^model name\s*:\s*(.+)$", info.read(), re.M)
            model = found.group(1).strip() if found else model
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} logical cores, {platform.system()}, Python {platform.python_version()}"


def ladder_myst(result: LadderResult, command: str, when: datetime.date | None = None) -> str:
    """A run as MyST Markdown: the command that made it, the date and the machine, then one table per
    rule set and table size (pairs, games won, points a hand) and the decision times."""
    when = when or datetime.datetime.now(datetime.UTC).date()
    times = result.decision_ms()
    cost = result.to_dict()["cost"]
    out = [f"```console\n$ {command}\n```", "",
           f"Measured {when.isoformat()} on {machine()}; {cost['cpu_seconds']:,.0f} CPU seconds.", ""]  # fmt: skip
    for rules, players in _tables(result):
        pairs = [p for p in result.pairs if (p.rules, p.players) == (rules, players)]
        out += [f"**{rules}, {players} players**", "",
                "| level | against | deals | games | games won (95% interval) | points a hand (95% interval) |",
                "|---|---|--:|--:|--:|--:|"]  # fmt: skip
        for pair in pairs:
            d = pair.to_dict()
            out.append(
                f"| {d['first']} | {d['second']} | {d['deals']} | {d['games']} | {100 * d['share']:.1f}% "
                f"({100 * d['ci95'][0]:.1f} to {100 * d['ci95'][1]:.1f}%) | {_signed(d['points'])} "
                f"({_signed(d['points_ci95'][0])} to {_signed(d['points_ci95'][1])}) |"
            )
        out += ["", "| level | decisions | median decision (CPU ms) | 99th percentile (CPU ms) |", "|---|--:|--:|--:|"]
        for level in result.settings["levels"]:
            t = times.get((rules, players, level))
            if t is not None:
                out.append(f"| {level} | {t['decisions']:,} | {t['median']:.2f} | {t['p99']:.2f} |")
        out.append("")
    return "\n".join(out)


def write_myst_section(path: Path, key: str, body: str) -> None:
    """Put ``body`` in ``path`` between the markers of ``key``, replacing what was there (a new key goes
    at the end), so one page gathers runs made one by one and each is made again alone."""
    begin, end = f"<!-- ladder run: {key} -->", f"<!-- end of ladder run: {key} -->"
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    section = f"{begin}\n{body.rstrip()}\n{end}"
    if begin in text and end in text:
        text = text[: text.index(begin)] + section + text[text.index(end) + len(end):]
    else:
        text = text.rstrip("\n") + ("\n\n" if text else "") + section + "\n"
    path.write_text(text, encoding="utf-8")


def terminal_progress(done: int, total: int) -> None:
    """Shards played so far, on one line of a terminal; nothing when stderr is not a terminal."""
    if sys.stderr.isatty():
        print("\r" + render("ladder-progress", {"done": done, "total": total}), end="", file=sys.stderr, flush=True)
        if done == total:
            print(file=sys.stderr)
