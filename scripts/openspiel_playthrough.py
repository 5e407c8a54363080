"""Write the OpenSpiel playthrough of Bolivia (tests/golden/openspiel_playthrough.txt), as OpenSpiel's own
games keep theirs: OpenSpiel's generator plays a seeded random hand of ``python_bolivia`` and writes the
game's facts and the states it shows, with every observation and information-state string and tensor.

One change to OpenSpiel's format keeps the file small (and its making quick): a tensor (thousands of numbers
a state) is written as its shape and the first 16 hex digits of the SHA-256 of its values as ``float32``,
so a change of any number shows.
tests/test_openspiel_game.py makes the playthrough again and compares.

    .venv/bin/python scripts/openspiel_playthrough.py          # rewrite the file
    .venv/bin/python scripts/openspiel_playthrough.py --print  # the playthrough on stdout
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path
from typing import Any
from unittest import mock

import numpy as np

from open_spiel.python.algorithms import generate_playthrough

import bolivia_env.openspiel  # noqa: F401  (registers python_bolivia)

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden" / "openspiel_playthrough.txt"
GAME = "python_bolivia(deals=8,players=2,rules=bolivia)"
SEED = 1


def _digested_tensor(tensor: Any, tensor_name: str, max_cols: int = 120) -> list[str]:
    """OpenSpiel's tensor lines, as a shape and a digest of the values (``float32``, in order)."""
    values = np.asarray(tensor, dtype=np.float32)
    digest = hashlib.sha256(values.tobytes()).hexdigest()[:16]
    return [f"{tensor_name}: {list(values.shape)} sha256 {digest}"]


def playthrough() -> str:
    with mock.patch.object(generate_playthrough, "_format_tensor", _digested_tensor):
        lines = generate_playthrough.playthrough_lines(GAME, seed=SEED)
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--print", action="store_true", help="write the playthrough to stdout instead")
    args = parser.parse_args()
    text = playthrough()
    if args.print:
        sys.stdout.write(text)
    else:
        GOLDEN.write_text(text, encoding="utf-8")
        print(f"wrote {GOLDEN.name}: {text.count(chr(10))} lines")


if __name__ == "__main__":
    main()
