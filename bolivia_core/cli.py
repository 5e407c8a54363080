"""The command line: ``meld``, ``initial``, ``score``, ``rules``, ``simulate``, ``tournament`` and ``scenario``.

Every command takes ``--lang`` (en, sv, da, nb, pl, cs): reasons, verdicts, score items, knob
descriptions and rules sheets are then written in that language.

Exit status: 0 for an answer, 1 when the cards judged are not a legal meld or
initial meld, 2 for bad input (one line on stderr, never a traceback).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from .melds import check_addition, check_meld
from .compare import diff_rules, read_club_file, rules_sheet_html, source_words, value_text
from .messages import LANGUAGES, get_language, render, set_language
from .rules import PRESETS, Rules, get_rules, plain_value
from .scoring import check_initial_meld, score_side

PROG = "python -m bolivia_core"
SCORE_FILE_KEYS = ("rules", "melds", "hand", "red_threes", "went_out", "concealed", "players")


class UsageError(ValueError):
    """Command-line input that is not what a command expects."""


def _usage(code: str, **params: object) -> UsageError:
    return UsageError(render(code, params))


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Bolivia rules explorer: melds, scores and rule sets.")
    parser.add_argument("--lang", dest="lang_first", default=None, metavar="LANG",
                        help="language of the answer, before or after the command")  # fmt: skip
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    meld = commands.add_parser("meld", help="judge cards as one meld, or as an addition to one")
    meld.add_argument("cards", help='cards, e.g. "KH KS 2C"')
    meld.add_argument("--onto", metavar="MELD", help="a meld on the table the cards are added to")
    meld.add_argument("--going-out", action="store_true", help="the player goes out this turn")
    _common(meld)

    initial = commands.add_parser("initial", help="judge melds laid together as an initial meld")
    initial.add_argument("melds", nargs="+", help='one argument per meld, e.g. "KH KS KD" "4S 5S 6S"')
    initial.add_argument("--score", type=int, default=0, help="the side's total score (default 0)")
    _common(initial)

    score = commands.add_parser("score", help="score a side's hand from a JSON file (- for stdin)")
    score.add_argument("file", help="JSON with keys: " + ", ".join(SCORE_FILE_KEYS))
    score.add_argument("--json", action="store_true", help="print JSON")
    _language(score)

    rules = commands.add_parser("rules", help="list the presets, every knob of one, or the differences")
    rules.add_argument("names", nargs="*", help="presets (" + ", ".join(PRESETS) + ") or club files (.toml, .json)")
    rules.add_argument("--diff", action="store_true", help="list the knobs on which the rule sets differ")
    rules.add_argument("--sheet", action="store_true", help="print the rule set as a printable HTML page")
    rules.add_argument("--json", action="store_true", help="print JSON")
    _language(rules)

    simulate = commands.add_parser("simulate", help="computer players play whole games; results and speed")
    simulate.add_argument("--players", type=int, default=4, help="players at the table (default 4)")
    simulate.add_argument("--games", type=int, default=10, help="games to play (default 10)")
    simulate.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    simulate.add_argument("--target", type=int, default=None, help="score that ends a game (default: the rules')")
    simulate.add_argument(
        "--ai", default="greedy", help="player kinds by seat, comma separated: random, greedy, beginner, club, strong"
    )
    _common(simulate)

    tournament = commands.add_parser(
        "tournament", help="two computer levels play each other: win rate, margin, going out, decision time"
    )
    tournament.add_argument("--players", type=int, default=4, help="players at the table (default 4)")
    tournament.add_argument(
        "--seats", default="club,greedy", help="levels, comma separated; the first is measured against the others"
    )
    tournament.add_argument("--games", type=int, default=40, help="games to play (default 40)")
    tournament.add_argument("--seed", type=int, default=1, help="seed of the first deal (default 1)")
    tournament.add_argument("--target", type=int, default=None, help="score that ends a game (default: the rules')")
    tournament.add_argument("--workers", type=int, default=1, help="processes to play games in (default 1)")
    _common(tournament)

    scenario = commands.add_parser("scenario", help="list the lesson scenarios, or show one and its legal actions")
    scenario.add_argument("name", nargs="?", help="a scenario name, or a scenario string")
    scenario.add_argument("--json", action="store_true", help="print JSON")
    _language(scenario)
    return parser


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", default="bolivia", help="preset name (default bolivia)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    _language(parser)


def _language(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang", default=None, metavar="LANG",
        help="language of the answer: " + ", ".join(LANGUAGES) + " (default en)",
    )  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    before = get_language()
    try:
        args = _parser().parse_args(argv)
        language = args.lang if args.lang is not None else args.lang_first
        if language is not None:
            set_language(language)
        return _COMMANDS[args.command](args)
    except (ValueError, OSError) as error:  # every input error of the engine is a ValueError
        message = " ".join(str(error).split()) or type(error).__name__
        print(f"{PROG}: error: {message}", file=sys.stderr)
        return 2
    finally:
        set_language(before)  # the process's language is the caller's again


def _emit(args: argparse.Namespace, data: Any, text: str) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2) if args.json else text)


def _meld(args: argparse.Namespace) -> int:
    if args.onto is not None:
        verdict = check_addition(args.onto, args.cards, args.rules, going_out=args.going_out)
    else:
        verdict = check_meld(args.cards, args.rules, going_out=args.going_out)
    _emit(args, verdict.to_dict(), str(verdict))
    return 0 if verdict.legal else 1


def _initial(args: argparse.Namespace) -> int:
    verdict = check_initial_meld(args.melds, args.score, args.rules)
    data = {
        "legal": verdict.legal,
        "points": verdict.points,
        "minimum": verdict.minimum,
        "shortfall": verdict.shortfall,
        "reasons": [r.to_dict() for r in verdict.reasons],
        "melds": [m.to_dict() for m in verdict.melds],
    }
    _emit(args, data, str(verdict))
    return 0 if verdict.legal else 1


def _score(args: argparse.Namespace) -> int:
    text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text(encoding="utf-8")
    try:
        spec = json.loads(text)
    except json.JSONDecodeError as error:
        raise _usage("cli-not-json", file=args.file, detail=str(error)) from None
    if not isinstance(spec, dict):
        raise _usage("cli-score-object", file=args.file, keys=", ".join(SCORE_FILE_KEYS))
    unknown = sorted(set(spec) - set(SCORE_FILE_KEYS))
    if unknown:
        raise _usage("cli-score-unknown-key", file=args.file, key=repr(unknown[0]), keys=", ".join(SCORE_FILE_KEYS))
    if not isinstance(spec.get("melds", []), list):
        raise _usage("cli-score-melds", file=args.file)
    for key in ("went_out", "concealed"):
        if not isinstance(spec.get(key, False), bool):
            raise _usage("cli-score-flag", file=args.file, key=repr(key))
    result = score_side(
        spec.get("melds", []),
        spec.get("hand", ""),
        red_threes=spec.get("red_threes", 0),
        went_out=spec.get("went_out", False),
        concealed=spec.get("concealed", False),
        rules=spec.get("rules", "bolivia"),
        players=spec.get("players"),
    )
    _emit(args, result.to_dict(), str(result))
    return 0


def _load_rules(name: str) -> Rules:
    """A preset by name, or a club rules file by path."""
    if name.lower().endswith((".toml", ".json")):
        return read_club_file(name)
    return get_rules(name)


def _rules(args: argparse.Namespace) -> int:
    rule_sets = [_load_rules(n) for n in args.names]
    if args.diff:
        if len(rule_sets) < 2:
            raise _usage("cli-diff-two")
        differences = diff_rules(*rule_sets)
        lines = [f"{d.knob}: {d.description}\n" + "\n".join(
            f"    {label:14} {value_text(value)}  [{_diff_source(d.sources[label])}]"
            for label, value in d.values.items()
        ) for d in differences]  # fmt: skip
        _emit(args, [d.to_dict() for d in differences], "\n".join(lines) or render("diff-none"))
        return 0
    if len(rule_sets) > 1:
        raise _usage("cli-one-rule-set")
    if not rule_sets:
        data: Any = [{"name": r.name, "title": r.title} for r in PRESETS.values()]
        _emit(args, data, "\n".join(f"{r.name:10} {r.title}" for r in PRESETS.values()))
        return 0
    rules = rule_sets[0]
    if args.sheet:
        print(rules_sheet_html(rules), end="")
        return 0
    data = [
        {"knob": k.name, "value": plain_value(k.value), "source": k.source,
         "assumption": k.is_assumption, "description": k.description}
        for k in rules.knobs()
    ]  # fmt: skip
    width = max(len(k.name) for k in rules.knobs())
    text = "\n".join(
        f"{k.name:{width}}  {value_text(k.value)}\n{'':{width}}  {k.description} [{_source(k.source)}]"
        for k in rules.knobs()
    )
    _emit(args, data, text)
    return 0


def _source(source: str) -> str:
    if get_language() == "en":  # the English listing names the seed file itself
        return "assumption" if source == "assumption" else "source: " + source
    return source_words(source)


def _diff_source(source: str) -> str:
    return source if get_language() == "en" else source_words(source)


def _simulate(args: argparse.Namespace) -> int:
    from .players import simulate

    kinds = tuple(k.strip() for k in args.ai.split(","))
    result = simulate(args.rules, args.players, args.games, args.seed, kinds, args.target)
    _emit(args, result.to_dict(), str(result))
    return 0


def _tournament(args: argparse.Namespace) -> int:
    from .tournament import play_tournament, terminal_progress

    seats = tuple(k.strip() for k in args.seats.split(","))
    result = play_tournament(
        args.rules, args.players, seats, args.games, args.seed, args.workers, args.target, terminal_progress
    )
    _emit(args, result.to_dict(), str(result))
    return 0


def _scenario(args: argparse.Namespace) -> int:
    from .game import Game
    from .scenario import SCENARIOS

    if args.name is None:
        data: Any = [{"name": s.name, "title": s.title, "lesson": s.lesson} for s in SCENARIOS.values()]
        _emit(args, data, "\n".join(f"{s.name:28} {s.title}" for s in SCENARIOS.values()))
        return 0
    text = SCENARIOS[args.name].text if args.name in SCENARIOS else args.name
    if "=" not in text:
        raise _usage("position-unknown-scenario", name=repr(args.name), known=", ".join(SCENARIOS))
    game = Game.from_position(text)
    actions = [str(a) for a in game.legal_actions()]
    data = {"position": game.position_text(), "to_move": game.to_move, "phase": game.phase, "legal_actions": actions}
    lines = [game.position_text(), f"player {game.to_move} to {game.phase}; legal actions:", *actions]
    _emit(args, data, "\n".join(lines))
    return 0


_COMMANDS = {
    "meld": _meld, "initial": _initial, "score": _score, "rules": _rules,
    "simulate": _simulate, "scenario": _scenario, "tournament": _tournament,
}  # fmt: skip

__all__ = ["main"]
