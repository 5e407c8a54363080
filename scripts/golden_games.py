"""Write the golden transcript of seeded games (tests/golden/games.txt), like python-chess's perft files.

For a few seeds per preset, the first hand of a 4-player game (2 where the preset has no 4), each
action picked by a seeded uniform choice over the legal view, is written down one line an action:
the action's text and a digest of the whole position after it (its scenario text, hashed). What it
pins: the deal, the view (its content and order), each action's effect. tests/test_golden_games.py
plays the games again, in its own process and in subprocesses under other hash seeds, and compares.

Regenerate only deliberately, when a change of the rules or of the view is meant to change games:

    .venv/bin/python scripts/golden_games.py          # rewrite tests/golden/games.txt
    .venv/bin/python scripts/golden_games.py --print  # the transcript on stdout, the file untouched
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from pathlib import Path

from bolivia_core import get_rules, preset_names
from bolivia_core.game import new_game

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden" / "games.txt"
SEEDS = (1, 2)
HEADER = """\
# The golden transcript of seeded games, written by scripts/golden_games.py; regenerate only deliberately.
# Per game: "game PRESET seed S players P"; then one line per action: its number, its text, and the first
# 16 hex digits of the SHA-256 of the position's scenario text after it. Actions are picked by
# random.Random("golden:PRESET:S").choice(game.legal_actions()); the game stops at the end of hand 1.
"""


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def transcript() -> str:
    """Every golden game, played now, as the file's text."""
    lines = [HEADER]
    for preset in preset_names():
        sides = get_rules(preset).sides
        players = 4 if 4 in sides else min(sides)
        for seed in SEEDS:
            game = new_game(preset, players, seed=seed)
            pick = random.Random(f"golden:{preset}:{seed}")
            lines.append(f"game {preset} seed {seed} players {players} start {digest(game.position_text())}\n")
            number = 0
            while game.phase not in ("hand over", "game over"):
                action = pick.choice(game.legal_actions())
                game.apply(action)
                number += 1
                lines.append(f"{number} {action} {digest(game.position_text())}\n")
            lines.append(f"end scores {' '.join(map(str, game.scores))}\n")
    return "".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--print", action="store_true", help="write the transcript to stdout instead")
    args = parser.parse_args()
    text = transcript()
    if args.print:
        sys.stdout.write(text)
    else:
        GOLDEN.write_text(text, encoding="utf-8")
        print(f"wrote {GOLDEN.name}: {text.count(chr(10))} lines")


if __name__ == "__main__":
    main()
