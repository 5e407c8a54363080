"""Make the Variant lab's precomputed studies (widgets/dashboards/variant_lab_study.json): the four presets
against each other, and bolivia under the seeds' main disputes, so the page answers at once.

    nice -n 10 python scripts/variant_lab_data.py [--games 400] [--workers 2] [--shards DIR]

Each study is what ``python -m bolivia_core study`` gives for the command stored beside it (its ``argv``),
and its first shard's figures are stored too (``slice``: the same command with ``--games 5``), which
tests/test_study.py plays again and compares. Finished shards are kept (``--shards``), so a run that is
stopped goes on where it was; the bolivia games are played once for every study that has bolivia in it.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bolivia_core.tools.study import SHARD_GAMES, parse_vary, rules_argument, run_study, variants  # noqa: E402

OUT = ROOT / "widgets" / "dashboards" / "variant_lab_study.json"
WITHOUT_7000 = "[[0,50],[1500,90],[3000,120]]"
WITH_7000 = "[[0,50],[1500,90],[3000,120],[7000,150]]"

# name -> (question code, rules, --vary values, share of the games): the presets compare with fewer games a variant.
STUDIES: dict[str, tuple[str, str, list[str], float]] = {
    "wilds": ("study-question:wilds", "bolivia", ["same_rank_max_wilds=2,3"], 1.0),
    "minimum": ("study-question:minimum", "bolivia", [f"initial_meld_steps={WITH_7000},{WITHOUT_7000}"], 1.0),
    "presets": ("study-question:presets", "bolivia,swedish,two-deck,canasta", [], 0.25),
}


def argv(rules: str, vary: list[str], games: int, seed: int) -> list[str]:
    words = ["study", "--rules", rules]
    for v in vary:
        words += ["--vary", v]
    return [*words, "--players", "4", "--seats", "club", "--games", str(games), "--seed", str(seed)]


def study(rules: str, vary: list[str], games: int, seed: int, workers: int, shards: str) -> dict[str, Any]:
    made = variants(rules_argument(rules), [parse_vary(v) for v in vary])
    return run_study(made, 4, ("club",), games, seed, workers, None, shards, resume=True).to_dict()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--shards", default=str(Path.home() / ".cache" / "bolivia-explorer" / "study"))
    parser.add_argument("--only", default=None, help="one study by name")
    args = parser.parse_args()
    data: dict[str, Any] = json.loads(OUT.read_text(encoding="utf-8")) if OUT.exists() else {}
    for name, (question, rules, vary, share) in STUDIES.items():
        if args.only and name != args.only:
            continue
        games = max(SHARD_GAMES, round(args.games * share / SHARD_GAMES) * SHARD_GAMES)
        print(f"{name}: {games} games a variant", file=sys.stderr, flush=True)
        whole = study(rules, vary, games, args.seed, args.workers, args.shards)
        first = study(rules, vary, SHARD_GAMES, args.seed, 1, args.shards)
        data[name] = {
            "question": question,
            "argv": argv(rules, vary, games, args.seed),
            "study": whole,
            "slice": {"argv": argv(rules, vary, SHARD_GAMES, args.seed), "variants": first["variants"]},
        }
        part = OUT.with_suffix(".part")  # whole or not at all: a page reading it never sees half a file
        part.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        part.replace(OUT)
    print(f"wrote {OUT.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
