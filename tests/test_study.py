"""Variant studies: the figures read the engine's own records, the same command gives the same numbers
with one worker, two, another process or a Dask cluster, and an interrupted study goes on from its shards."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bolivia_core.game import new_game
from bolivia_core.players import seat_players
from bolivia_core.tools.simulation import play_game, simulate
from bolivia_core.rules import RulesError, get_rules
from bolivia_core.tools.study import (
    SHARD_GAMES, SOURCES, StudyError, StudyStopped, figures_of, parse_vary, run_study, tally_game, variants,
)  # fmt: skip

from tests.dask_cluster import dask_cluster, free_port

ROOT = Path(__file__).resolve().parent.parent
WILDS = variants(["bolivia"], [parse_vary("same_rank_max_wilds=2,3")])


def _without_cost(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "cost"}


def _cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bolivia_core", *args], capture_output=True, text=True,
                          check=False, cwd=ROOT, env=env, timeout=300)  # fmt: skip


# --- what is measured ---------------------------------------------------------------------------


def test_the_hands_and_their_ends_are_those_simulate_plays() -> None:
    """The study plays the games ``simulate`` plays for the same seeds: the same hands, the same going out."""
    result = run_study(variants(["bolivia"]), 4, ("greedy",), 3, 7, shards=None)
    plain = simulate("bolivia", 4, 3, 7, ("greedy",)).to_dict()
    going_out = result.figures(0)["going_out_share"]
    assert going_out.n == plain["hands"]
    assert round(going_out.value * going_out.n) == plain["hands_gone_out"]
    assert result.figures(0)["hands_per_game"].value == pytest.approx(plain["hands"] / 3)


def test_points_by_source_add_up_to_the_hand_and_the_winners_score() -> None:
    """Every score line falls in one source: a side's points by source sum to its hand score, and the winner's
    shares by source to its whole score."""
    tally: Counter[str] = Counter()
    for game_seed in (11, 12):
        game = new_game("bolivia", 4, game_seed)
        play_game(game, seat_players(("greedy",), 4, game_seed))
        tally_game(game, tally)
    figures = figures_of(tally)
    assert sum(figures[f"points.{s}"].value for s in SOURCES) == pytest.approx(figures["hand_score"].value)
    assert sum(figures[f"winner_share.{s}"].value for s in SOURCES) == pytest.approx(1.0)
    assert tally["hand_score.n"] == 2 * tally["going_out_share.n"]  # two sides a hand at four players


def test_the_turns_of_a_hand_are_its_draws_takes_and_passes() -> None:
    """Worked out from a game's history: a turn starts with a draw, a take of the pile or its top card, or a
    pass when the stock is out; each is one action of the game."""
    game = new_game("bolivia", 4, 5)
    play_game(game, seat_players(("greedy",), 4, 5))
    starts = sum(type(a).__name__ in ("Draw", "TakePile", "TakeTop", "Pass") for a in game.history)
    tally: Counter[str] = Counter()
    tally_game(game, tally)
    assert tally["hand_turns.s"] == starts


def test_intervals_golden() -> None:
    """A mean of 1, 2, 3, 4: 2.5, standard deviation 1.291, so 2.5 plus or minus 1.96 times 0.6455; 3 of 10: Wilson's
    interval 10.8% to 60.3%."""
    tally = {"hand_turns.n": 4, "hand_turns.s": 10, "hand_turns.q": 30, "going_out_share.n": 10,
             "going_out_share.k": 3}  # fmt: skip
    figures = figures_of(tally)
    assert figures["hand_turns"].low == pytest.approx(2.5 - 1.96 * 0.645497, abs=1e-5)
    assert figures["hand_turns"].high == pytest.approx(2.5 + 1.96 * 0.645497, abs=1e-5)
    assert (round(figures["going_out_share"].low, 3), round(figures["going_out_share"].high, 3)) == (0.108, 0.603)


# --- refusals -------------------------------------------------------------------------------------


def test_a_bad_knob_is_refused_with_the_club_editors_message() -> None:
    expected = ""
    try:
        get_rules("bolivia").derive("x", same_rank_max_wildz=3)
    except RulesError as error:
        expected = str(error)
    with pytest.raises(RulesError) as refused:
        variants(["bolivia"], [parse_vary("same_rank_max_wildz=2,3")])
    assert str(refused.value) == expected and "same_rank_max_wilds" in expected
    with pytest.raises(RulesError, match="same_rank_max_wilds"):
        variants(["bolivia"], [parse_vary("same_rank_max_wilds=2,many")])


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--vary", "same_rank_max_wilds"], "KNOB=VALUE"),
        (["--vary", "same_rank_max_wilds=2,"], "KNOB=VALUE"),
        (["--vary", "same_rank_max_wilds=2", "--vary", "same_rank_max_wilds=3"], "twice"),
        (["--vary", "no_such_knob=1"], "no_such_knob"),
        (["--rules", "bolivia,nosuch"], "nosuch"),
        (["--games", "0"], "--games"),
        (["--workers", "0"], "--workers"),
        (["--seats", "club,wizard"], "wizard"),
        (["--players", "5", "--rules", "two-deck"], "5"),
    ],
)
def test_the_command_refuses_bad_input_in_one_line(tmp_path: Path, args: list[str], words: str) -> None:
    done = _cli("study", "--games", "1", "--shards", str(tmp_path), *args)
    assert done.returncode == 2, done.stderr
    assert done.stdout == "" and len(done.stderr.strip().splitlines()) == 1 and words in done.stderr
    assert not any(tmp_path.iterdir())  # nothing played, nothing kept


def test_a_scheduler_that_is_not_there_is_said_plainly(tmp_path: Path) -> None:
    port = free_port()
    with pytest.raises(StudyError, match=f"127.0.0.1:{port}"):
        run_study(WILDS, 4, ("random",), 1, 1, scheduler=f"tcp://127.0.0.1:{port}", shards=tmp_path)


# --- the same numbers everywhere ----------------------------------------------------------------------


def test_one_worker_and_two_give_the_same_figures(tmp_path: Path) -> None:
    one = run_study(WILDS, 4, ("greedy",), 2 * SHARD_GAMES + 1, 3, 1, shards=tmp_path / "one").to_dict()
    two = run_study(WILDS, 4, ("greedy",), 2 * SHARD_GAMES + 1, 3, 2, shards=tmp_path / "two").to_dict()
    assert _without_cost(one) == _without_cost(two)
    assert one["variants"][0]["hands"] > 2 * SHARD_GAMES


def test_another_process_with_another_hash_seed_gives_the_same_json(tmp_path: Path) -> None:
    args = ["study", "--vary", "same_rank_max_wilds=2,3", "--seats", "greedy", "--games", "3", "--seed", "2",
            "--json"]  # fmt: skip
    answers = []
    for hash_seed, workers in (("1", "1"), ("2024", "2")):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        done = _cli(*args, "--workers", workers, "--shards", str(tmp_path / hash_seed), env=env)
        assert done.returncode == 0, done.stderr
        answers.append(_without_cost(json.loads(done.stdout)))
    assert answers[0] == answers[1]
    assert set(answers[0]) == {"format", "version", "players", "seats", "games", "seed", "variants", "differences"}


@pytest.mark.parametrize("shards", [1, pytest.param(2, marks=pytest.mark.soak)])
def test_a_stopped_study_keeps_its_shards_and_resumes_to_the_same_figures(tmp_path: Path, shards: int) -> None:
    """Stopped after its first shard of ``shards`` a variant (two variants), resumed to the whole study's figures."""
    games = shards * SHARD_GAMES
    whole = run_study(WILDS, 4, ("greedy",), games, 4, shards=tmp_path / "whole").to_dict()
    stop = threading.Event()

    class StopAfterOne:
        def update(self, n: int = 1) -> None:
            stop.set()

        def close(self) -> None:
            pass

    with pytest.raises(StudyStopped) as stopped:
        run_study(WILDS, 4, ("greedy",), games, 4, shards=tmp_path / "cut",
                  progress=lambda total, done: StopAfterOne(), stop=stop)  # fmt: skip
    assert stopped.value.done == SHARD_GAMES and stopped.value.total == 2 * games
    assert "--resume" in str(stopped.value)
    resumed = run_study(WILDS, 4, ("greedy",), games, 4, shards=tmp_path / "cut", resume=True)
    assert _without_cost(resumed.to_dict()) == _without_cost(whole)
    assert resumed.cost_hands < sum(resumed.hands(v) for v in range(2))  # the kept shard was not played again


@pytest.mark.parametrize("shards", [3, pytest.param(6, marks=pytest.mark.soak)])
def test_ctrl_c_keeps_the_finished_shards(tmp_path: Path, shards: int) -> None:
    """A real SIGINT to the command: it says where the shards are, exits 130, and --resume finishes."""
    args = [sys.executable, "-m", "bolivia_core", "study", "--seats", "greedy", "--games", str(shards * SHARD_GAMES),
            "--workers", "2", "--shards", str(tmp_path)]  # fmt: skip
    with subprocess.Popen(args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as process:
        deadline = time.monotonic() + 120
        while not list(tmp_path.rglob("games-*.json")) and time.monotonic() < deadline:
            time.sleep(0.2)
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)
    assert process.returncode == 130 and "--resume" in err and str(tmp_path) in err
    kept = len(list(tmp_path.rglob("games-*.json")))
    assert 1 <= kept < shards
    done = _cli(*args[3:], "--resume", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["cost"]["hands_played"] < json.loads(done.stdout)["variants"][0]["hands"]


# --- a real Dask cluster on loopback ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("workers", "games"), [(1, SHARD_GAMES + 1), pytest.param(2, 2 * SHARD_GAMES + 2, marks=pytest.mark.soak)]
)
def test_a_dask_cluster_gives_the_local_figures(tmp_path: Path, workers: int, games: int) -> None:
    """A real scheduler and workers on loopback: the same figures as one local process, every hand played once
    (quick: one worker, a full shard and a part one a variant; soak: two workers sharing three shards a variant)."""
    pytest.importorskip("distributed")
    with dask_cluster(tmp_path, workers) as address:
        on_cluster = run_study(WILDS, 4, ("greedy",), games, 5, scheduler=address, shards=tmp_path / "c")
    local = run_study(WILDS, 4, ("greedy",), games, 5, 1, shards=tmp_path / "l")
    assert _without_cost(on_cluster.to_dict()) == _without_cost(local.to_dict())
    assert on_cluster.cost_hands == sum(local.hands(v) for v in range(2))


# --- the Variant lab's shipped studies ----------------------------------------------------------------------


def test_the_shipped_studies_are_what_the_command_gives(tmp_path: Path) -> None:
    """The first shard of the shipped bolivia study, played again by the command, has the stored figures;
    and the stored figures are those the stored histograms and hands were read with."""
    shipped = json.loads((ROOT / "widgets" / "dashboards" / "variant_lab_study.json").read_text(encoding="utf-8"))
    part = shipped["wilds"]["slice"]
    argv = list(part["argv"])
    at = argv.index("same_rank_max_wilds=2,3")
    argv[at] = "same_rank_max_wilds=2"  # one variant of the two: a quick test
    done = _cli(*argv, "--json", "--shards", str(tmp_path))
    assert done.returncode == 0, done.stderr
    again = json.loads(done.stdout)["variants"][0]
    assert again["figures"] == part["variants"][0]["figures"]
    assert again["histograms"] == part["variants"][0]["histograms"]
    for study in shipped.values():
        assert study["study"]["games"] % SHARD_GAMES == 0 and study["argv"][0] == "study"
        for variant in study["study"]["variants"]:
            counts = variant["histograms"]["hand_turns"]["counts"]
            assert sum(counts.values()) == variant["hands"] == variant["figures"]["going_out_share"]["n"]


@pytest.mark.soak
def test_club_players_the_same_with_one_worker_and_two(tmp_path: Path) -> None:
    one = run_study(WILDS, 4, ("club",), 4 * SHARD_GAMES, 9, 1, shards=tmp_path / "one").to_dict()
    two = run_study(WILDS, 4, ("club",), 4 * SHARD_GAMES, 9, 2, shards=tmp_path / "two").to_dict()
    assert _without_cost(one) == _without_cost(two)
