"""The ``expert`` level: perfect-information Monte Carlo over sampled worlds, within a budget.

For each decision ``ExpertPlayer`` takes the few moves the strong heuristic rates near its best
(``Search.candidates`` within ``Search.margin``), deals the cards its seat cannot see afresh
(``SeatView.sample_world``) and plays every candidate out on that same world, so the candidates meet
the same hidden hands and the same stock (common random numbers: the noise of the deal cancels out of
their difference). After the first move every player plays the club heuristic from its own seat's
view of that world, until the hand ends (its real points) or the seat's ``horizon``-th next turn (the
hand valued by ``estimate``). It repeats on fresh worlds until its budget is spent, drops a candidate
once it trails the leader by more than the worlds' spread explains, and plays the best mean.

The budget is CPU seconds (``1s`` by default: one core's second, the same on a busy machine) or a
count of playouts (``400p``: one candidate played out on one world), which repeats exactly and is what
tests and studies use. The search is anytime: a stop signal ends it between two playouts, and the best
so far is played. Everything the rules decide is read from the view's ``Rules``, so every preset has
an expert.
"""

from __future__ import annotations

import math
import random
import re
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..actions import Action, Ask
from ..game import Game
from ..i18n import Explanation, render
from ..position import Position
from ..seat import SeatView, seat_view
from .decision import Decision
from .heuristic import RankedAction, candidates, score_actions, with_keeps
from .lookahead import LOOKAHEAD, estimate, play_forward
from .style import CLUB, STRONG

__all__ = ["DEFAULT_BUDGET", "SEARCH", "Budget", "Estimate", "ExpertPlayer", "Search", "SearchResult", "search"]

NS_PER_SECOND = 1_000_000_000
MS_PER_SECOND = 1000

Stop = Callable[[], bool]
"""Asked between two playouts: ``True`` ends the search, which answers with its best so far."""


class BudgetError(ValueError):
    """A search budget that is neither CPU seconds nor a count of playouts."""


_BUDGET = re.compile(r"\s*(?:(?P<seconds>\d+(?:\.\d+)?)\s*s|(?P<ms>\d+)\s*ms|(?P<playouts>\d+)\s*(?:p|playouts?))\s*")


@dataclass(frozen=True)
class Budget:
    """How long the expert thinks about one decision: CPU ``seconds`` (``Budget.parse("1s")``,
    ``"250ms"``), or a count of ``playouts`` (``"400p"``), which gives the same decisions on any
    machine. ``str`` writes it back in the form ``parse`` reads."""

    seconds: float = 0.0
    playouts: int = 0

    def __post_init__(self) -> None:
        timed = type(self.seconds) in (int, float) and self.seconds > 0 and self.playouts == 0
        counted = type(self.playouts) is int and self.playouts > 0 and self.seconds == 0
        if not (timed or counted):
            raise BudgetError(render("player-bad-search-budget", {"budget": repr(self)}))

    @classmethod
    def parse(cls, text: str | float | Budget) -> Budget:
        """A budget from its text (``1s``, ``0.25s``, ``250ms``, ``400p``), or seconds as a number."""
        if isinstance(text, Budget):
            return text
        if isinstance(text, int | float) and not isinstance(text, bool) and text > 0:
            return cls(seconds=float(text))
        match = _BUDGET.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise BudgetError(render("player-bad-search-budget", {"budget": repr(text)}))
        if match["seconds"] is not None:
            seconds = float(match["seconds"])
        elif match["ms"] is not None:
            seconds = int(match["ms"]) / MS_PER_SECOND
        else:
            return cls(playouts=int(match["playouts"]))
        if seconds <= 0:
            raise BudgetError(render("player-bad-search-budget", {"budget": repr(text)}))
        return cls(seconds=seconds)

    @property
    def counted(self) -> bool:
        """Whether the budget is a count of playouts (deterministic) rather than CPU time."""
        return self.playouts > 0

    def __str__(self) -> str:
        if self.playouts:
            return f"{self.playouts}p"
        return f"{self.seconds:g}s"


DEFAULT_BUDGET = Budget(seconds=1.0)
"""One CPU second a decision, on one core."""


@dataclass(frozen=True)
class Search:
    """How the expert searches: which moves it compares, how far it plays them out, when it gives one up."""

    candidates: int = 5  # the strong heuristic's best moves compared, at most
    margin: float = 400.0  # heuristic scores this far below the best are not compared
    horizon: int = 2  # a playout stops at the seat's own turn this many turns on, if the hand has not ended
    rollout_actions: int = 250  # and after this many actions in any case
    min_worlds: int = 8  # worlds played before a candidate may be dropped
    drop_z: float = 3.0  # a candidate this many standard errors behind the leader is dropped
    prior: float = 0.0  # points another move must gain over the heuristic's first choice to be played


SEARCH = Search()


@dataclass(frozen=True)
class Estimate:
    """What the search measured of one candidate: its mean value (the side's points less the best
    other side's, at the hand's end or as ``estimate`` values it) over the ``worlds`` it was played
    on, the standard error of that mean, and the heuristic's view of the move."""

    action: Action
    mean: float
    error: float
    worlds: int
    ranked: RankedAction


@dataclass(frozen=True)
class SearchResult:
    """A finished search: the candidates best first (played on the same worlds while they lasted), the
    worlds dealt, the playouts played, its CPU time, and whether a stop signal ended it."""

    estimates: tuple[Estimate, ...]
    worlds: int
    playouts: int
    cpu_ns: int
    stopped: bool = False
    paired: tuple[float, ...] = field(default=(), repr=False)
    """For each estimate after the first: its mean difference to the best over the worlds both were played on."""

    @property
    def best(self) -> Estimate:
        return self.estimates[0]

    @property
    def runner_up(self) -> Estimate | None:
        return self.estimates[1] if len(self.estimates) > 1 else None

    def margin(self) -> float:
        """How far ahead of the runner-up the best move came out, on the worlds both were played on."""
        return self.paired[0] if self.paired else 0.0


def search(
    view: SeatView,
    budget: Budget = DEFAULT_BUDGET,
    seed: int | str = 0,
    *,
    settings: Search = SEARCH,
    include: Sequence[Action] = (),
    stop: Stop | None = None,
) -> SearchResult:
    """Compare the seat's best candidate moves on sampled worlds within ``budget`` (see the module's
    docstring); ``include`` adds moves to compare whatever the heuristic thinks of them (a review
    weighs the move a learner played). The worlds come from ``seed`` and the position alone."""
    started = time.process_time_ns()
    ranked = score_actions(view, candidates(view, STRONG), STRONG)
    pool = _pool(view, ranked, settings, include)
    if len(pool) == 1 or (ranked[0].score >= STRONG.go_out and all(a == ranked[0].action for a in include)):
        only = pool[0]
        return SearchResult((Estimate(only.action, 0.0, 0.0, 0, only),), 0, 0, time.process_time_ns() - started)
    rng = random.Random(f"expert:{seed}:{view.hand_number}:{view.actions_played}")
    values: list[list[float]] = [[] for _ in pool]  # per candidate, its value in each world (nan once dropped)
    alive = list(range(len(pool)))
    worlds = playouts = 0
    stopped = False
    deadline = started + int(budget.seconds * NS_PER_SECOND)
    while len(alive) > 1:
        world = view.sample_world(rng)
        base = _world_game(view, world)
        found: dict[int, float] = {}
        for index in alive:
            if stop is not None and stop():
                stopped = True
                break
            found[index] = _playout(base, pool[index].action, view, settings)
            playouts += 1
            if budget.counted and playouts >= budget.playouts and len(found) < len(alive):
                break
            if not budget.counted and time.process_time_ns() >= deadline and len(found) < len(alive):
                break
        if len(found) < len(alive):  # a world cut short: its playouts compare nothing, so are not counted
            break
        worlds += 1
        for index in range(len(pool)):
            values[index].append(found.get(index, math.nan))
        alive = _survivors(values, alive, settings)
        if stopped or (budget.counted and playouts >= budget.playouts):
            break
        if not budget.counted and time.process_time_ns() >= deadline:
            break
    return _result(pool, values, worlds, playouts, time.process_time_ns() - started, stopped, settings)


def _pool(
    view: SeatView, ranked: Sequence[RankedAction], settings: Search, include: Sequence[Action]
) -> list[RankedAction]:
    """The candidates: the heuristic's best, those near it (asking partner only when the seat could go
    out now), and any move asked for."""
    best = ranked[0].score
    pool = [r for r in ranked[: settings.candidates] if r.score >= best - settings.margin]
    if len(pool) > 1 and any(r.action == Ask() for r in pool) and not view.could_go_out():
        pool = [r for r in pool if r.action != Ask()]
    for action in include:
        if all(r.action != action for r in pool):
            pool.extend(r for r in ranked if r.action == action)
    return pool


def _world_game(view: SeatView, world: Position) -> Game:
    """A game to play on from a sampled world, remembering what the table has seen this hand."""
    game = play_forward(world)
    memory = game.memory
    for at in range(view.players):
        memory.held[at] = Counter(view.known[at])
        memory.discarded[at] = set(view.discarded[at])
        memory.declined[at] = set(view.declined[at])
    return game


def _playout(base: Game, action: Action, view: SeatView, settings: Search) -> float:
    """Play ``action`` on a copy of ``base``, then every player the club heuristic from its own seat,
    to the hand's end or the seat's ``horizon``-th next turn: the side's points less the best other
    side's (``estimate`` for a hand not over)."""
    game = base.clone()
    game.apply(action)
    seat, side = view.seat, view.side
    turns = 0
    away = False
    for _ in range(settings.rollout_actions):
        pos = game.position
        if pos.phase in ("hand over", "game over"):
            totals = [s.total for s in game.results[-1].scores]
            return float(totals[side] - max(t for at, t in enumerate(totals) if at != side))
        if pos.turn != seat:
            away = True
        elif away and pos.phase == "draw":
            turns += 1
            away = False
            if turns >= settings.horizon:
                break
        game.apply(_rollout_move(game))
    return estimate(game, side, LOOKAHEAD)


def _rollout_move(game: Game) -> Action:
    """The club heuristic's move for the player to act, from that seat's view, over the game's legal
    actions (without the heuristic's extra initial-meld combinations: a playout needs a good move
    quickly, not the best opening)."""
    view = seat_view(game, game.to_move)
    return score_actions(view, game.legal_actions(), CLUB)[0].action


def _survivors(values: Sequence[list[float]], alive: list[int], settings: Search) -> list[int]:
    """The candidates still compared: a candidate is dropped once, over the worlds played, its mean
    difference to the leader is more than ``drop_z`` standard errors below zero."""
    worlds = len(values[alive[0]])
    if worlds < settings.min_worlds:
        return alive
    leader = max(alive, key=lambda i: (_mean(values[i]), -i))
    kept = [leader]
    for index in alive:
        if index == leader:
            continue
        diffs = [a - b for a, b in zip(values[index], values[leader], strict=True) if not math.isnan(a)]
        mean, error = _mean(diffs), _error(diffs)
        behind = mean + settings.drop_z * error < 0 if error > 0 else mean <= 0  # no spread: the same or worse
        if not behind:
            kept.append(index)
    return sorted(kept)


def _mean(values: Sequence[float]) -> float:
    seen = [v for v in values if not math.isnan(v)]
    return sum(seen) / len(seen) if seen else -math.inf


def _error(values: Sequence[float]) -> float:
    """The standard error of the mean of ``values``."""
    seen = [v for v in values if not math.isnan(v)]
    if len(seen) < 2:
        return math.inf
    mean = sum(seen) / len(seen)
    return math.sqrt(sum((v - mean) ** 2 for v in seen) / (len(seen) - 1) / len(seen))


def _result(
    pool: Sequence[RankedAction], values: Sequence[list[float]], worlds: int, playouts: int, cpu_ns: int,
    stopped: bool, settings: Search,
) -> SearchResult:  # fmt: skip
    """The candidates best first: those still compared at the end (played on every world) by their mean,
    the heuristic's first choice favoured by ``prior`` and ties going to the heuristic's order; then those
    dropped on the way, by their mean over the worlds they were played on. A search that finished no world
    keeps the heuristic's order."""
    if worlds == 0:
        estimates = tuple(Estimate(r.action, 0.0, 0.0, 0, r) for r in pool)
        return SearchResult(estimates, 0, playouts, cpu_ns, stopped)
    favoured = [_mean(v) + (settings.prior if i == 0 else 0.0) for i, v in enumerate(values)]
    dropped = [math.isnan(v[-1]) for v in values]
    order = sorted(range(len(pool)), key=lambda i: (dropped[i], -favoured[i], i))
    estimates = tuple(
        Estimate(pool[i].action, _mean(values[i]), _error(values[i]), sum(not math.isnan(v) for v in values[i]),
                 pool[i])
        for i in order
    )  # fmt: skip
    best = values[order[0]]
    paired = []
    for i in order[1:]:
        diffs = [a - b for a, b in zip(best, values[i], strict=True) if not (math.isnan(a) or math.isnan(b))]
        paired.append(_mean(diffs) if diffs else 0.0)
    return SearchResult(estimates, worlds, playouts, cpu_ns, stopped, tuple(paired))


class ExpertPlayer:
    """Searches every decision over sampled worlds of the cards it cannot see (see the module's
    docstring) within its ``budget`` a decision: one CPU second unless told (``"250ms"``, ``"400p"``)."""

    settings = SEARCH

    def __init__(self, seed: int = 0, budget: Budget | str | float | None = None) -> None:
        self.seed = seed
        self.budget = DEFAULT_BUDGET if budget is None else Budget.parse(budget)

    def choose(self, view: SeatView, stop: Stop | None = None) -> Decision:
        return self.decide(view, stop)[0]

    def decide(self, view: SeatView, stop: Stop | None = None) -> tuple[Decision, SearchResult]:
        """The move and the search behind it (what a coach explains)."""
        result = search(view, self.budget, self.seed, settings=self.settings, stop=stop)
        return Decision(result.best.action, rationale(view, result)), result


def rationale(view: SeatView, result: SearchResult) -> tuple[Explanation, ...]:
    """Why the expert plays its move, as data: the heuristic's reasons for it, then what the search
    measured (the worlds tried, the move's mean points, how far ahead of the runner-up it came out)."""
    said = with_keeps(view, STRONG, result.best.ranked)
    runner = result.runner_up
    if result.worlds == 0 or runner is None:
        return said
    params: dict[str, Any] = {
        "worlds": result.worlds, "points": round(result.best.mean), "margin": round(result.margin()),
        "other": runner.action, "other_points": round(runner.mean),
    }  # fmt: skip
    return (*said, Explanation("why-expert", None, params))
