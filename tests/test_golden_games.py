"""The golden transcript of seeded games (tests/golden/games.txt, written by scripts/golden_games.py):
the same seeds must give the same games, action by action and position by position, in this process
(after whatever ran before it: caches warm, objects made) and in fresh processes under other hash
seeds, so a dependence on set or dict order of hashed strings, or on process state, fails here."""

from __future__ import annotations

import difflib
import os
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "golden_games.py"
GOLDEN = ROOT / "tests" / "golden" / "games.txt"


def _first_difference(expected: str, got: str) -> str:
    diff = difflib.unified_diff(expected.splitlines(), got.splitlines(), "golden", "played", n=2, lineterm="")
    return "\n".join(list(diff)[:12])


def test_the_transcript_holds_games_of_every_preset() -> None:
    text = GOLDEN.read_text(encoding="utf-8")
    games = [line.split()[1] for line in text.splitlines() if line.startswith("game ")]
    assert len(games) >= 8 and len(set(games)) >= 4, games
    assert text.count("\n") > 500  # whole hands, not a few moves


def test_the_games_are_the_golden_ones_in_this_process() -> None:
    played = runpy.run_path(str(SCRIPT))["transcript"]()
    expected = GOLDEN.read_text(encoding="utf-8")
    assert played == expected, _first_difference(expected, played)


@pytest.mark.parametrize("hash_seed", ["0", "4242"])
def test_the_games_are_the_golden_ones_under_another_hash_seed(hash_seed: str) -> None:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    command = [sys.executable, str(SCRIPT), "--print"]
    done = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    expected = GOLDEN.read_text(encoding="utf-8")
    assert done.stdout == expected, _first_difference(expected, done.stdout)
