"""The golden transcript of club hands (tests/golden/club_games.txt, scripts/golden_club_games.py): four
club seats play the same hands action for action, so making the club player or the engine under it
faster has kept every decision. The same hands on the pure source: tests/test_builds.py."""

from __future__ import annotations

import difflib
import runpy
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "golden_club_games.py"
GOLDEN = ROOT / "tests" / "golden" / "club_games.txt"


def test_the_transcript_holds_whole_club_hands_of_every_preset() -> None:
    text = GOLDEN.read_text(encoding="utf-8")
    starts = [line for line in text.splitlines() if line.startswith("start ")]
    assert len(starts) >= 8 and len({line.split(";")[0] for line in starts}) >= 4
    assert text.count("\nend scores ") == len(starts)
    assert text.count("\n") > 10 * len(starts)


def test_club_hands_are_the_golden_ones() -> None:
    script = runpy.run_path(str(SCRIPT))
    played = script["transcript"](script["starts"]())
    expected = GOLDEN.read_text(encoding="utf-8")
    diff = difflib.unified_diff(expected.splitlines(), played.splitlines(), "golden", "played", n=2, lineterm="")
    assert played == expected, "\n".join(list(diff)[:12])
