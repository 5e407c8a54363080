"""How fast does the expert search, where does its time go, and how good is the page's hint? Prints figures only.

Positions: the decisions of seeded hands (strong against club) where the expert searches (more than one
candidate). For each it measures, in CPU time (``time.process_time``) unless said:

1. the expert at its default budget (1 CPU second): playouts and sampled worlds a second, worlds a decision,
   decision time (median, 99th percentile) over every decision of the hands, searched or not;
2. where the search's time goes: a profile of the searches, grouped by the engine's parts (the heuristic
   that picks each playout move, the legal moves, the seat's view, applying moves, sampling worlds);
3. the page's hint (``hint``, ``HINT_BUDGET``): wall time and CPU time a hint (median, 99th percentile);
4. how often the hint's move is the expert's at ten times that budget (agreement, with a 95% interval);
5. a hand's review (``review``) at its default budgets: CPU and wall time, decisions weighed.

``--page N``: instead, the hint on the play page's path, at N of the learner's decisions of a seeded game
(``PlayTable``, four seats, the learner playing the coach's hints): the page's intent answered on a running event
loop as in the kernel, the hint thought out on the table's thread; the wall time from the request to the hint
drawn (median, 90th and 99th percentile), the CPU time of the process meanwhile, how long the loop was held by
the request itself, and how long another intent (the menu's log opened) waited while the coach thought.

    .venv/bin/python benchmarks/bench_expert.py [--hands N] [--seed S] [--players P] [--rules R] [--agree N]
    .venv/bin/python benchmarks/bench_expert.py --page 40 [--seed S]
"""

from __future__ import annotations

import argparse
import cProfile
import os
import platform
import pstats
import time
from collections import Counter
from collections.abc import Callable

from bolivia_core.game import Game, new_game
from bolivia_core.players import HINT_BUDGET, Budget, ExpertPlayer, hint, review, seat_players
from bolivia_core.players.expert import search
from bolivia_core.seat import SeatView, seat_view
from bolivia_core.tools.tournament import percentile, wilson_interval

PARTS: tuple[tuple[str, Callable[[str], bool]], ...] = (
    ("the heuristic scoring each playout move (players/heuristic.py)", lambda f: "players/heuristic.py" in f),
    ("legal moves (turn/legal, candidates, groups, pile, checks)", lambda f: "/turn/" in f and "transitions" not in f),
    ("the seat's view of each player to move (seat.py, memory.py)", lambda f: f.endswith(("seat.py", "memory.py"))),
    ("applying moves and scoring (game.py, turn/transitions.py, scoring.py)",
     lambda f: f.endswith(("game.py", "transitions.py", "scoring.py"))),
    ("meld judging (melds.py)", lambda f: f.endswith("melds.py")),
    ("the search itself and the valuation (players/expert.py, lookahead.py)",
     lambda f: f.endswith(("expert.py", "lookahead.py"))),
)  # fmt: skip


def decisions(rules: str, players: int, hands: int, seed: int) -> tuple[list[SeatView], list[Game]]:
    """Every decision of seat 1's side in seeded hands (strong there, club elsewhere), and the finished hands."""
    views, finished = [], []
    for number in range(hands):
        game = new_game(rules, players, seed=seed + number)
        seats = seat_players(["strong", "club"], players, seed + number)
        while game.phase in ("draw", "play", "answer"):
            view = seat_view(game, game.to_move)
            if view.side == 0:
                views.append(view)
            game.apply(seats[game.to_move - 1].choose(view).action)
        finished.append(game)
    return views, finished


def page_hints(count: int, seed: int) -> None:
    """The hint on the play page's path (see the module's docstring)."""
    import asyncio

    from bolivia_widgets import PlayTable

    async def measure() -> tuple[list[int], list[int], list[int], list[int], int]:
        table = PlayTable(seed=seed, language="en")
        table.think_aside = True  # as in the kernel: the hint on the table's thread, the loop answering meanwhile
        walls, cpus, held, other = [], [], [], []
        thought = 0
        while len(walls) < count and table.source.game.phase != "game over":  # type: ignore[attr-defined]
            game = table.source.game  # type: ignore[attr-defined]
            if game.phase == "hand over":
                table.handle({"do": "next_hand"})
                continue
            wall, cpu = time.perf_counter_ns(), time.process_time_ns()
            table.handle({"do": "hint"})
            held.append(time.perf_counter_ns() - wall)
            if table.thinking is not None and table.thinking.is_alive():
                thought += 1
                asked = time.perf_counter_ns()
                table.handle({"do": "log", "open": True})  # another intent while the coach thinks
                other.append(time.perf_counter_ns() - asked)
                table.handle({"do": "log", "open": False})
            while table.message is None or table.message["kind"] != "coach":
                await asyncio.sleep(0.002)
            walls.append(time.perf_counter_ns() - wall)
            cpus.append(time.process_time_ns() - cpu)
            table.handle({"do": "play_hint"})  # the hint on show, played at once
        return walls, cpus, held, other, thought

    walls, cpus, held, other, thought = asyncio.run(measure())
    ms = 1e6
    print(f"the hint on the play page's path ({HINT_BUDGET}), seed {seed}, four seats: {len(walls)} learner decisions, "
          f"{thought} thought out on the table's thread (the rest had one move, or no search)")  # fmt: skip
    print(f"   request to hint drawn, wall: median {percentile(walls, 50) / ms:.0f} ms, 90th percentile "
          f"{percentile(walls, 90) / ms:.0f} ms, 99th {percentile(walls, 99) / ms:.0f} ms, "
          f"most {max(walls) / ms:.0f} ms")
    print(f"   CPU of the process meanwhile: median {percentile(cpus, 50) / ms:.0f} ms, "
          f"99th percentile {percentile(cpus, 99) / ms:.0f} ms")
    print(f"   the loop held by the request itself: median {percentile(held, 50) / ms:.1f} ms, "
          f"most {max(held) / ms:.1f} ms")
    if other:
        print(f"   another intent answered while the coach thought: median {percentile(other, 50) / ms:.1f} ms, "
              f"most {max(other) / ms:.1f} ms (wall)")
    load = os.getloadavg()
    print(f"   load average {load[0]:.1f}, {load[1]:.1f}, {load[2]:.1f} on {os.cpu_count()} cores "
          "(wall times rise with it)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="bolivia")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--agree", type=int, default=30, help="positions for the hint's agreement (costly: 10x)")
    parser.add_argument("--page", type=int, default=0, help="measure the hint on the play page's path at N decisions")
    args = parser.parse_args()
    if args.page:
        page_hints(args.page, args.seed)
        return
    print(f"the expert, {args.rules}, {args.players} players, {args.hands} hands from seed {args.seed}; "
          f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")  # fmt: skip
    views, hands = decisions(args.rules, args.players, args.hands, args.seed)

    # 1. the default budget
    expert = ExpertPlayer(0)
    times, worlds, playouts, searched = [], [], 0, 0
    for view in views:
        start = time.process_time_ns()
        _, result = expert.decide(view)
        times.append(time.process_time_ns() - start)
        playouts += result.playouts
        if result.worlds:
            searched += 1
            worlds.append(result.worlds)
    cpu = sum(times) / 1e9
    print(f"\n1. default budget ({expert.budget} CPU a decision): {len(views)} decisions, {searched} searched")
    print(f"   {playouts / cpu:,.0f} playouts a CPU second, {sum(worlds) / cpu:.1f} sampled worlds a CPU second")
    print(f"   worlds a searched decision: median {percentile(worlds, 50)}, least {min(worlds)}, most {max(worlds)}")
    print(f"   decision time: median {percentile(times, 50) / 1e6:.0f} ms, 99th percentile "
          f"{percentile(times, 99) / 1e6:.0f} ms (every decision: unsearched ones take a millisecond or so)")

    # 2. the profile
    sample = [v for v in views if len(v.legal_actions()) > 1][:: max(1, len(views) // 12)][:12]
    profile = cProfile.Profile()
    profile.enable()
    for view in sample:
        search(view, Budget(playouts=60), 1)
    profile.disable()
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    own: Counter[str] = Counter()
    total = 0.0
    for (filename, _, _), (_, _, tottime, _, _) in stats.items():
        total += tottime
        part = next((name for name, match in PARTS if match(filename)),
                    "Python's built-ins called by the above (sorting, sums, counters, copies)")
        own[part] += tottime
    print(f"\n2. where the search's time goes ({len(sample)} searches of 60 playouts, profiled; own time by part):")
    for part, seconds in own.most_common():
        print(f"   {100 * seconds / total:5.1f}%  {part}")
    top = sorted(stats.items(), key=lambda kv: -kv[1][2])[:8]
    print("   the costliest functions (own time): " + "; ".join(
        f"{func[2]} ({'/'.join(func[0].split('/')[-2:])}) {100 * v[2] / total:.1f}%"
        for func, v in top))  # fmt: skip

    # 3. the page's hint
    asked = [v for v in views if v.phase in ("draw", "play") and len(v.legal_actions()) > 1]
    walls, cpus = [], []
    for n, view in enumerate(asked[: max(args.agree, 20)]):
        wall, start = time.perf_counter_ns(), time.process_time_ns()
        hint(view, seed=n)
        cpus.append(time.process_time_ns() - start)
        walls.append(time.perf_counter_ns() - wall)
    print(f"\n3. the page's hint ({HINT_BUDGET}), {len(walls)} hints: "
          f"wall median {percentile(walls, 50) / 1e6:.0f} ms, "
          f"99th percentile {percentile(walls, 99) / 1e6:.0f} ms; CPU median {percentile(cpus, 50) / 1e6:.0f} ms, "
          f"99th percentile {percentile(cpus, 99) / 1e6:.0f} ms")  # fmt: skip

    # 4. agreement with ten times the budget
    longer = Budget(playouts=10 * HINT_BUDGET.playouts)
    agree = total_asked = 0
    behind: list[float] = []
    for n, view in enumerate(asked[: args.agree]):
        quick = hint(view, seed=n).action
        slow = search(view, longer, n + 10_000, include=(quick,))  # other worlds than the hint's
        agree += quick == slow.best.action
        total_asked += 1
        at = next(i for i, e in enumerate(slow.estimates) if e.action == quick)
        behind.append(slow.paired[at - 1] if at else 0.0)
    low, high = wilson_interval(agree / total_asked, total_asked) if total_asked else (0.0, 1.0)
    print(f"\n4. the hint agrees with the expert at {longer} on {agree} of {total_asked} positions "
          f"({100 * agree / max(1, total_asked):.0f}%, 95% interval {100 * low:.0f}% to {100 * high:.0f}%); "
          f"where it differs, the longer search puts the hint's move {sum(behind) / max(1, total_asked - agree):.0f} "
          f"points behind its own on average (over every position: {sum(behind) / max(1, total_asked):.1f})")

    # 5. a hand's review
    wall, start = time.perf_counter(), time.process_time()
    done = review(hands[0], 1)
    print(f"\n5. a hand's review for seat 1: {done.decisions} decisions weighed, {len(done.moments)} moments; "
          f"{time.process_time() - start:.1f} s CPU, {time.perf_counter() - wall:.1f} s wall")


if __name__ == "__main__":
    main()
