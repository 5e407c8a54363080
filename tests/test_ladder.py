"""The strength ladder (``python -m bolivia_core ladder``): duplicate single-hand games per pair of levels,
Wilson intervals on games won, intervals on points a hand over deals, decision times, the same figures
from a seed in one process, on worker processes and on a Dask cluster, and its MyST page."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from bolivia_core.tools.cli import main
from bolivia_core.tools.ladder import (
    LadderShard, PairResult, level_pairs, play_ladder_shard, run_ladder, write_myst_section,
)  # fmt: skip
from bolivia_core.tools.tournament import wilson_interval
from tests.dask_cluster import dask_cluster


def _ladder(capsys: pytest.CaptureFixture[str], *extra: str) -> dict[str, Any]:
    argv = ["ladder", "--rules", "canasta", "--players", "2", "--levels", "random,greedy", "--deals", "3",
            "--seed", "3", "--json", *extra]  # fmt: skip
    assert main(argv) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def _figures(data: dict[str, Any]) -> dict[str, Any]:
    """What a run measured that the seed fixes: all but the clocks."""
    return {"settings": data["settings"], "pairs": data["pairs"],
            "decisions": [(t["level"], t["decisions"]) for t in data["decision_ms"]]}  # fmt: skip


def test_the_ladder_repeats_for_a_seed_in_one_process_or_on_workers(capsys: pytest.CaptureFixture[str]) -> None:
    one = _ladder(capsys)
    (pair,) = one["pairs"]
    assert (pair["first"], pair["second"], pair["deals"], pair["games"]) == ("greedy", "random", 3, 6)
    low, high = pair["ci95"]
    assert 0 <= low <= pair["share"] <= high <= 1
    assert pair["points_ci95"][0] <= pair["points"] <= pair["points_ci95"][1]
    assert {t["level"] for t in one["decision_ms"]} == {"random", "greedy"}
    assert all(0 < t["median"] <= t["p99"] for t in one["decision_ms"])
    assert _figures(_ladder(capsys, "--workers", "2")) == _figures(one)


def test_each_deal_is_played_once_per_side_so_equal_levels_break_even() -> None:
    """Three sides at a three-player table: every deal three times, the first level's side being each in
    turn; club against club plays the same hand each time, so its side wins one play a deal. At two sides
    club against club wins exactly half, by no points."""
    plays = play_ladder_shard(LadderShard("bolivia", 3, ("club", "club"), 5, 0, 2))["plays"]
    assert [(p["deal"], p["side"]) for p in plays] == [(d, s) for d in (0, 1) for s in range(3)]
    assert len({tuple(p["totals"]) for p in plays if p["deal"] == 0}) == 1
    assert PairResult("bolivia", 3, ("club", "club"), tuple(plays)).won() == 2.0
    two = PairResult("bolivia", 2, ("club", "club"),
                     tuple(play_ladder_shard(LadderShard("bolivia", 2, ("club", "club"), 5, 0, 3))["plays"]))
    assert two.share()[0] == 0.5 and two.points()[0] == 0.0


def test_games_won_and_points_a_hand_are_worked_out_over_paired_deals() -> None:
    """Two deals, each played with the sides swapped (side 0 then side 1 the first level's):
    deal 0: the first level wins 500-300 and 450-400 (margins +200, +50: deal mean +125);
    deal 1: it loses 100-200 and draws 250-250 (margins -100, 0: deal mean -50).
    Games won 2.5 of 4 (a draw counts half); points a hand the mean of +125 and -50 = +37.5, its standard
    error the spread of the two deal means (123.74) over root 2, so the interval is 37.5 ± 1.96 * 87.5."""
    plays = (
        {"deal": 0, "side": 0, "totals": [500, 300], "times": {}},
        {"deal": 0, "side": 1, "totals": [400, 450], "times": {}},
        {"deal": 1, "side": 0, "totals": [100, 200], "times": {}},
        {"deal": 1, "side": 1, "totals": [250, 250], "times": {}},
    )
    result = PairResult("bolivia", 2, ("a", "b"), plays)
    assert result.won() == 2.5
    rate, low, high = result.share()
    assert (rate, low, high) == (0.625, *wilson_interval(0.625, 4))
    mean, p_low, p_high = result.points()
    se = math.sqrt(((125 - 37.5) ** 2 + (-50 - 37.5) ** 2) / 1 / 2)
    assert mean == 37.5 and se == pytest.approx(87.5)
    assert (p_low, p_high) == (pytest.approx(37.5 - 1.96 * 87.5), pytest.approx(37.5 + 1.96 * 87.5))


def test_the_pairs_are_each_level_against_the_one_before_or_all() -> None:
    levels = ["random", "greedy", "club"]
    assert level_pairs(levels, "adjacent") == [("greedy", "random"), ("club", "greedy")]
    assert level_pairs(levels, "all") == [("greedy", "random"), ("club", "random"), ("club", "greedy")]


def test_every_table_size_of_each_rule_set_with_all() -> None:
    result = run_ladder(["two-deck", "canasta"], None, ["random", "greedy"], deals=1, seed=2)
    assert [(p.rules, p.players) for p in result.pairs] == [("two-deck", 4), ("canasta", 2), ("canasta", 3),
                                                            ("canasta", 4)]  # fmt: skip
    assert [p.games for p in result.pairs] == [2, 2, 3, 2]


@pytest.mark.parametrize(("argv", "message"), [
    (["--levels", "club"], "a ladder needs two different levels or more"),
    (["--levels", "club,chess"], "a ladder needs two different levels or more"),
    (["--levels", "club,club"], "a ladder needs two different levels or more"),
    (["--levels", "club,expert@soon"], "a ladder needs two different levels or more"),
    (["--budget", "soon"], "a search budget is CPU seconds"),
    (["--pairs", "some"], "the pairs played are adjacent, all; got 'some'"),
    (["--deals", "0"], "deals must be a whole number of at least 1, not 0"),
    (["--players", "two"], "--players must be a whole number of at least 1, not 'two'"),
    (["--players", "5"], "Bolivia rules are for 2, 3 or 4 players, not 5"),
    (["--rules", "chess"], "chess"),
])  # fmt: skip
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code = main(["ladder", "--deals", "1", *argv])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and message in err, err


def test_a_run_writes_its_own_section_of_the_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "ladder.md"
    page.write_text("# The ladder\n\nWritten by hand.\n", encoding="utf-8")
    argv = ["ladder", "--rules", "canasta", "--levels", "random,greedy", "--deals", "1", "--myst", str(page)]
    assert main(argv) == 0 and main([*argv[:-2], "--players", "4", "--myst", str(page)]) == 0
    capsys.readouterr()
    text = page.read_text(encoding="utf-8")
    assert text.startswith("# The ladder\n\nWritten by hand.\n")
    assert "$ python -m bolivia_core ladder --rules canasta --levels random,greedy --deals 1\n" in text
    assert "**canasta, 2 players**" in text and "**canasta, 4 players**" in text
    assert "| greedy | random | 1 | 2 |" in text and "logical cores" in text and str(tmp_path) not in text
    assert main(argv) == 0  # again: its section is replaced, not added
    assert page.read_text(encoding="utf-8").count("**canasta, 2 players**") == 1
    write_myst_section(page, "by hand", "kept")
    assert page.read_text(encoding="utf-8").endswith("kept\n<!-- end of ladder run: by hand -->\n")


def test_a_dask_cluster_gives_the_local_figures(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    with dask_cluster(tmp_path) as address:
        on_cluster = run_ladder(["canasta"], [2], ["random", "greedy"], deals=3, seed=4, scheduler=address)
    local = run_ladder(["canasta"], [2], ["random", "greedy"], deals=3, seed=4)
    assert [p.to_dict() for p in on_cluster.pairs] == [p.to_dict() for p in local.pairs]
