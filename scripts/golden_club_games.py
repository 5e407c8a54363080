"""Write the golden transcript of club hands (tests/golden/club_games.txt): four ``club`` seats play a
hand from a written position, one line an action, so a change meant only to make the club player (or
the engine under it) faster is seen to keep every decision.

Each hand starts from a scenario string written in the file (dealt once from a seed), not from a seed,
so the transcript does not change when the shuffle does. A line: the action's number, its text, and
the first 16 hex digits of the SHA-256 of the position's scenario text after it.

Regenerate only deliberately, when a change of the club player or the rules is meant to change games:

    .venv/bin/python scripts/golden_club_games.py          # rewrite tests/golden/club_games.txt
    .venv/bin/python scripts/golden_club_games.py --print  # the transcript on stdout, the file untouched
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

from bolivia_core.game import Game
from bolivia_core.players import ClubPlayer
from bolivia_core.seat import seat_view

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden" / "club_games.txt"
HEADER = """\
# The golden transcript of club hands, written by scripts/golden_club_games.py; regenerate only deliberately.
# Per hand: "start SCENARIO" (the position it starts from); one line per action: its number, its text and
# the first 16 hex digits of the SHA-256 of the position's scenario text after it; then the hand's scores.
"""


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def starts(path: Path = GOLDEN) -> list[str]:
    """The positions the hands start from, as the file has them."""
    prefix = "start "
    return [line[len(prefix) :] for line in path.read_text(encoding="utf-8").splitlines() if line.startswith(prefix)]


def play(start: str) -> list[str]:
    """One club hand from ``start``: the transcript's lines for it."""
    game = Game.from_position(start)
    seats = [ClubPlayer(seat) for seat in range(game.position.players)]
    lines = [f"start {start}"]
    number = 0
    while game.phase not in ("hand over", "game over"):
        action = seats[game.to_move - 1].choose(seat_view(game, game.to_move)).action
        game.apply(action)
        number += 1
        lines.append(f"{number} {action} {digest(game.position_text())}")
    lines.append(f"end scores {' '.join(map(str, game.scores))}")
    return lines


def transcript(hands: list[str]) -> str:
    return HEADER + "".join(line + "\n" for start in hands for line in play(start))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--print", action="store_true", help="write the transcript to stdout instead")
    args = parser.parse_args()
    text = transcript(starts())
    if args.print:
        sys.stdout.write(text)
    else:
        GOLDEN.write_text(text, encoding="utf-8")
        print(f"wrote {GOLDEN.name}: {text.count(chr(10))} lines")


if __name__ == "__main__":
    main()
