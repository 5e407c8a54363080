"""docs/research.md: its random-agent example runs as written, and its tables of the encoding say what
bolivia_env.encoding does (every observation part, every step's number)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="the env extra is not installed (pip install bolivia-explorer[env])")

from bolivia_env import encoding

DOC = Path(__file__).resolve().parents[1] / "docs" / "research.md"


def _section(title: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(f"## {title}")
    end = text.find("\n## ", start + 1)
    return text[start : end if end > 0 else None]


def test_the_random_agent_example_runs_and_pays_partners_alike() -> None:
    blocks = re.findall(r"```python\n(.*?)```", _section("A random-agent game"), re.S)
    assert len(blocks) == 1
    code = blocks[0]
    assert len([line for line in code.splitlines() if line.strip()]) <= 15  # fifteen lines of code
    said = io.StringIO()
    with contextlib.redirect_stdout(said):
        exec(compile(code, str(DOC), "exec"), {})
    points = eval(said.getvalue().strip())
    assert set(points) == {"player_1", "player_2", "player_3", "player_4"}
    assert points["player_1"] == points["player_3"] and points["player_2"] == points["player_4"]
    assert any(points.values())


def test_the_observation_table_lists_every_part_in_order() -> None:
    rows = re.findall(r"^\| ([^|]+?) \| ([^|]+?) \|$", _section("The observation"), re.M)
    parts = [(name, size) for name, size in rows if name not in ("part", "---")]
    assert [name for name, _ in parts] == [name for name, _ in encoding.OBSERVATION_PARTS]
    for (_, written), (name, size) in zip(parts, encoding.OBSERVATION_PARTS, strict=True):
        assert eval(written.replace("\u00d7", "*")) == size, name  # a product of sizes, written with times signs
    assert f"{encoding.OBSERVATION_SIZE:,}" in _section("The observation")


def test_the_step_table_gives_each_steps_number() -> None:
    table = _section("The encoding: moves as short sequences of steps")
    assert f"A step is one of {encoding.STEP_COUNT} numbers" in table
    assert f"| {encoding.CARD_BASE}-{encoding.MELD_BASE - 1} |" in table
    assert f"| {encoding.MELD_BASE}-{encoding.STEP_COUNT - 1} |" in table
    assert f"1 to {encoding.MAX_MELDS}" in table
    assert f"| `next group` | {encoding.NEXT_GROUP} |" in table and f"| `end` | {encoding.END} |" in table
