"""The engine beside OpenSpiel's and RLCard's gin rummy, compiled and pure, in one run; prints figures only.

Every figure is in CPU time (``time.process_time``) of its own process, so the engines compare on a busy
machine. Each measurement runs in a fresh subprocess: the compiled build, the pure source
(``BOLIVIA_PURE=1``), and with ``--baseline DIR`` an older checkout of the project (e.g. made by ``git
worktree add DIR COMMIT``) for the before-and-after of the same measurements. What is measured:

* **random self-play**: four random seats play Bolivia hands; every action is a full ``legal_actions()``
  view (its length, for a uniform pick) and an ``apply``; actions per CPU-second.
* **OpenSpiel gin rummy** (C++, driven from Python as a researcher drives it): uniform random legal
  actions and chance outcomes; steps (``apply_action`` calls, the deal's chance steps included) per
  CPU-second. **RLCard gin rummy** (Python): ``env.step`` with uniform random legal actions.
* **check_meld**: calls per CPU-second on distinct selections, nothing remembered (the first pass of
  benchmarks/bench_check_meld.py: a third legal-looking melds, the rest random 3-9-card selections).
* **club hands**: four ``club`` seats play a hand from the golden club transcript's starts; hands per
  CPU-second (the transcript test holds their decisions to the golden ones).
* **PettingZoo environment**: random masked agents on ``bolivia_env.env()``; steps per CPU-second, and
  PettingZoo's own ``performance_benchmark`` (5 s of wall-clock time, as it reports).

The outside engines are skipped, with a message, where they are not installed (``pip install
bolivia-explorer[bench]``).

    .venv/bin/python benchmarks/bench_engines.py [--seconds S] [--baseline DIR]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import platform
import random
import subprocess
import sys
import time
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SEEDS = range(1, 10_000)


def selfplay(seconds: float) -> dict[str, Any]:
    from bolivia_core.game import new_game
    from bolivia_core.players import RandomPlayer
    from bolivia_core.seat import seat_view

    actions = hands = 0
    start = time.process_time()
    for seed in SEEDS:
        game = new_game("bolivia", 4, seed=seed, target=10**9)
        seats = [RandomPlayer(seed * 10 + n) for n in range(4)]
        while game.phase != "hand over":
            game.apply(seats[game.to_move - 1].choose(seat_view(game, game.to_move)).action)
            actions += 1
        hands += 1
        if time.process_time() - start > seconds:
            break
    spent = time.process_time() - start
    return {"actions": actions, "hands": hands, "per_second": actions / spent}


def check_meld(seconds: float) -> dict[str, Any]:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_check_meld import forget, selections

    from bolivia_core import check_meld as judge_meld
    from bolivia_core import get_rules

    rules = get_rules("bolivia")
    groups = selections(30_000, 1, "bolivia")
    best = 0.0
    spent_all = time.process_time()
    while time.process_time() - spent_all < seconds or not best:
        forget()
        start = time.process_time()
        for group in groups:
            judge_meld(group, rules)
        best = max(best, len(groups) / (time.process_time() - start))
    return {"calls": len(groups), "per_second": best}


def club(seconds: float) -> dict[str, Any]:
    from bolivia_core.game import Game
    from bolivia_core.players import ClubPlayer
    from bolivia_core.seat import seat_view

    golden = ROOT / "tests" / "golden" / "club_games.txt"
    starts = [line[6:] for line in golden.read_text(encoding="utf-8").splitlines() if line.startswith("start ")]
    hands = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds or not hands:
        game = Game.from_position(starts[hands % len(starts)])
        seats = [ClubPlayer(n) for n in range(game.position.players)]
        while game.phase not in ("hand over", "game over"):
            game.apply(seats[game.to_move - 1].choose(seat_view(game, game.to_move)).action)
            actions += 1
        hands += 1
    spent = time.process_time() - start
    return {"hands": hands, "actions": actions, "per_second": hands / spent}


def environment(seconds: float) -> dict[str, Any]:
    import numpy as np
    from pettingzoo.test import performance_benchmark

    import bolivia_env

    env = bolivia_env.env()
    rng = np.random.default_rng(1)
    steps = 0
    env.reset(seed=1)
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in env.agent_iter(env.num_agents or 1):
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
        if not env.agents:
            env.reset()
    per_second = steps / (time.process_time() - start)
    said = io.StringIO()
    with redirect_stdout(said):
        performance_benchmark(bolivia_env.env())
    turns = next(float(line.split()[0]) for line in said.getvalue().splitlines() if "turns per second" in line)
    return {"steps": steps, "per_second": per_second, "pettingzoo_turns_per_wall_second": turns}


def openspiel_gin(seconds: float) -> dict[str, Any]:
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(1)
    steps = moves = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
            steps += 1
    spent = time.process_time() - start
    return {"steps": steps, "per_second": steps / spent, "moves_per_second": moves / spent}


def rlcard_gin(seconds: float) -> dict[str, Any]:
    import rlcard

    env = rlcard.make("gin-rummy", config={"seed": 1})
    rng = random.Random(1)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state, _ = env.reset()
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            steps += 1
    return {"steps": steps, "per_second": steps / (time.process_time() - start)}


WORKERS = {"selfplay": selfplay, "check_meld": check_meld, "club": club, "environment": environment,
           "openspiel": openspiel_gin, "rlcard": rlcard_gin}  # fmt: skip


def measure(worker: str, seconds: float, *, pure: bool = False, tree: Path | None = None) -> dict[str, Any] | str:
    """One measurement in a fresh process: its figures, or why it could not be made."""
    env = {k: v for k, v in os.environ.items() if k != "BOLIVIA_PURE"}
    if pure:
        env["BOLIVIA_PURE"] = "1"
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", worker, "--seconds", str(seconds)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False, cwd=tree or ROOT)
    if done.returncode:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return f"not measured: {last}"
    return json.loads(done.stdout.strip().splitlines()[-1])


def _build_of(tree: Path | None, pure: bool) -> str:
    code = "import bolivia_core, sys; b = sys.modules.get('bolivia_core.build'); print(b.kind() if b else 'pure')"
    env = {k: v for k, v in os.environ.items() if k != "BOLIVIA_PURE"} | ({"BOLIVIA_PURE": "1"} if pure else {})
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False)
    return done.stdout.strip() or "?"


def _figure(result: dict[str, Any] | str, key: str = "per_second") -> str:
    return f"{result[key]:>12,.0f}" if isinstance(result, dict) else f"{'-':>12}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per measurement (default 5)")
    parser.add_argument("--baseline", type=Path, help="an older checkout to measure beside this one")
    parser.add_argument("--worker", choices=sorted(WORKERS), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(WORKERS[args.worker](args.seconds)))
        return
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, load {load:.1f}; "
          f"{args.seconds:g} CPU seconds a measurement, each in its own process")  # fmt: skip
    builds = [("compiled", False, None), ("pure", True, None)]
    if args.baseline is not None:
        builds.append((f"baseline {args.baseline.name}", True, args.baseline.resolve()))
    rows: list[tuple[str, str, str]] = []
    results: dict[str, dict[str, Any] | str] = {}
    for label, pure, tree in builds:
        kind = _build_of(tree, pure)
        if label == "compiled" and kind != "compiled":
            print(f"(no compiled build here: the 'compiled' figures are the {kind} source's)")
        for worker, what, unit in (("selfplay", "random Bolivia self-play, 4 players", "actions/s"),
                                   ("check_meld", "check_meld, distinct selections", "calls/s"),
                                   ("club", "club hands, 4 club seats", "hands/s")):  # fmt: skip
            result = measure(worker, args.seconds, pure=pure, tree=tree)
            results[f"{worker} {label}"] = result
            club_figure = worker == "club" and isinstance(result, dict)
            figure = f"{result['per_second']:,.1f}" if club_figure else _figure(result)  # type: ignore[index]
            rows.append((f"{what} ({label})", figure.strip(), unit if isinstance(result, dict) else str(result)))
    for worker, what in (("openspiel", "OpenSpiel gin rummy (C++), random"), ("rlcard", "RLCard gin rummy, random")):
        result = measure(worker, args.seconds)
        results[worker] = result
        if isinstance(result, dict):
            rows.append((what, _figure(result).strip(), "steps/s (chance steps included)"))
            if "moves_per_second" in result:
                rows.append((what + ", players' moves only", _figure(result, "moves_per_second").strip(), "moves/s"))
        else:
            rows.append((what, "-", f"skipped: {result} (pip install bolivia-explorer[bench])"))
    env_result = measure("environment", args.seconds)
    if isinstance(env_result, dict):
        rows.append(("PettingZoo environment, random masked agents", _figure(env_result).strip(), "steps/s"))
        rows.append(("PettingZoo performance_benchmark (its own, wall clock)",
                     f"{env_result['pettingzoo_turns_per_wall_second']:,.0f}", "turns/s"))  # fmt: skip
    else:
        rows.append(("PettingZoo environment", "-", f"skipped: {env_result} (pip install bolivia-explorer[env])"))
    width = max(len(r[0]) for r in rows)
    for what, figure, unit in rows:
        print(f"{what:<{width}}  {figure:>10}  {unit}")
    ours, theirs = results.get("selfplay compiled"), results.get("openspiel")
    if isinstance(ours, dict) and isinstance(theirs, dict):
        print(f"random self-play against OpenSpiel's gin rummy: {ours['per_second'] / theirs['per_second']:.2f}x")
    for label, _, tree in builds[1:]:
        if tree is not None:
            now, before = results.get("club compiled"), results.get(f"club {label}")
            if isinstance(now, dict) and isinstance(before, dict):
                print(f"club hands against {label}: {now['per_second'] / before['per_second']:.2f}x")


if __name__ == "__main__":
    main()
