"""The command line: ``meld``, ``initial``, ``score``, ``rules``, ``simulate``, ``tournament``, ``ladder``,
``study`` and ``scenario``.

Every command takes ``--lang`` (en, sv, da, nb, pl, cs): reasons, verdicts, score items, knob
descriptions and rules sheets are then written in that language, and so is ``--help`` (all but the
words argparse itself writes: "usage:", "options:" ...).

Exit status: 0 for an answer, 1 when the cards judged are not a legal meld or
initial meld, 2 for bad input (one line on stderr, never a traceback), 141 (silently) when the
reader of the output stops reading, as ``| head`` does.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from ..melds import check_addition, check_meld
from .compare import diff_rules, read_club_file, rules_sheet_html, source_words, value_text
from ..i18n import LANGUAGES, get_language, render, set_language
from ..rules import PRESETS, Rules, get_rules, plain_value, rules_title
from ..scoring import check_initial_meld, score_side

PROG = "python -m bolivia_core"
BROKEN_PIPE = 141  # the status a shell gives a command its reader stopped, as 128 + SIGPIPE
SCORE_FILE_KEYS = ("rules", "melds", "hand", "red_threes", "went_out", "concealed", "players")


class UsageError(ValueError):
    """Command-line input that is not what a command expects."""


def _usage(code: str, **params: object) -> UsageError:
    return UsageError(render(code, params))


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


@dataclass(frozen=True)
class _Typed:
    """A value in a help text as it is typed on the command line (a default, a preset's or a level's
    name, an example): notation, so ``render`` neither says it as a word ("bolivia" is Polish
    "boliwia") nor writes it as a number of the language ("1 500")."""

    text: str

    def __str__(self) -> str:
        return self.text


def _text(code: str, **params: object) -> str:
    """A help text from the catalogue in the current language, every value in it as typed."""
    return render(code, {key: _Typed(str(value)) for key, value in params.items()})


def _help(code: str, **params: object) -> str:
    """An argument's help: argparse reads ``%`` as its own formatting, so a literal one is doubled."""
    return _text(code, **params).replace("%", "%%")


def _parser() -> argparse.ArgumentParser:
    """The commands and their options; every help text is said in the current language, so the
    language must be set before this is built (``main`` reads ``--lang`` first)."""
    from ..players import PLAYERS  # the levels, named in the help of --ai and --seats

    levels = ", ".join(PLAYERS)
    parser = _Parser(prog=PROG, description=render("cli-help:description"))
    parser.add_argument("--lang", dest="lang_first", default=None, metavar="LANG", help=_language_help())
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    meld = _command(commands, "meld")
    meld.add_argument("cards", help=_help("cli-help:meld-cards", example='"KH KS 2C"'))
    meld.add_argument("--onto", metavar="MELD", help=_help("cli-help:meld-onto"))
    meld.add_argument("--going-out", action="store_true", help=_help("cli-help:meld-going-out"))
    _common(meld)

    initial = _command(commands, "initial")
    initial.add_argument("melds", nargs="+", help=_help("cli-help:initial-melds", example='"KH KS KD" "4S 5S 6S"'))
    initial.add_argument("--score", type=int, default=0, help=_help("cli-help:initial-score", default=0))
    _common(initial)

    score = _command(commands, "score", stdin="-")
    score.add_argument("file", help=_help("cli-help:score-file", keys=", ".join(SCORE_FILE_KEYS)))
    _answer_options(score)

    rules = _command(commands, "rules")
    presets = ", ".join(PRESETS)
    rules.add_argument("names", nargs="*", help=_help("cli-help:rules-names", presets=presets, forms=".toml, .json"))
    rules.add_argument("--diff", action="store_true", help=_help("cli-help:rules-diff"))
    rules.add_argument("--sheet", action="store_true", help=_help("cli-help:rules-sheet"))
    _answer_options(rules)

    simulate = _command(commands, "simulate")
    _table(simulate, players=4, games=10)
    simulate.add_argument("--seed", type=int, default=1, help=_help("cli-help:seed-game", default=1))
    simulate.add_argument("--target", type=int, default=None, help=_help("cli-help:target"))
    simulate.add_argument("--ai", default="greedy", help=_help("cli-help:ai", levels=levels, default="greedy"))
    _common(simulate)

    tournament = _command(commands, "tournament")
    _table(tournament, players=4, games=40)
    seats = "club,greedy"
    tournament.add_argument("--seats", default=seats, help=_help("cli-help:seats", levels=levels, default=seats))
    tournament.add_argument("--seed", type=int, default=1, help=_help("cli-help:seed-deal", default=1))
    tournament.add_argument("--target", type=int, default=None, help=_help("cli-help:target"))
    tournament.add_argument("--workers", type=int, default=1, help=_help("cli-help:workers", default=1))
    tournament.add_argument("--budget", default=None, help=_help("ladder-help:budget", default="1s"))
    _common(tournament)

    ladder = _command(commands, "ladder")
    ladder.add_argument("--rules", default="bolivia", help=_help("ladder-help:rules", presets=presets,
                                                                   default="bolivia"))  # fmt: skip
    ladder.add_argument("--players", default="2", help=_help("ladder-help:players", default=2))
    ladder.add_argument("--levels", default=",".join(PLAYERS), help=_help("ladder-help:levels",
                                                                          default=",".join(PLAYERS)))  # fmt: skip
    ladder.add_argument("--pairs", default="adjacent", help=_help("ladder-help:pairs", default="adjacent"))
    ladder.add_argument("--deals", type=int, default=50, help=_help("ladder-help:deals", default=50))
    ladder.add_argument("--seed", type=int, default=1, help=_help("cli-help:seed-deal", default=1))
    ladder.add_argument("--budget", default=None, help=_help("ladder-help:budget", default="1s"))
    ladder.add_argument("--workers", type=int, default=1, help=_help("study-help:workers", default=1))
    ladder.add_argument("--scheduler", default=None, metavar="tcp://HOST:PORT", help=_help("study-help:scheduler"))
    ladder.add_argument("--shards", default=None, metavar="DIR", help=_help("study-help:shards", default="-"))
    ladder.add_argument("--resume", action="store_true", help=_help("study-help:resume"))
    ladder.add_argument("--myst", default=None, metavar="FILE", help=_help("ladder-help:myst"))
    _answer_options(ladder)

    study = _command(commands, "study")
    study.add_argument("--rules", default="bolivia", help=_help("study-help:rules", presets=presets, default="bolivia"))
    study.add_argument("--vary", action="append", default=[], metavar="KNOB=VALUE,VALUE", help=_help("study-help:vary"))
    _table(study, players=4, games=100)
    study.add_argument("--seats", default="club", help=_help("cli-help:ai", levels=levels, default="club"))
    study.add_argument("--seed", type=int, default=1, help=_help("cli-help:seed-deal", default=1))
    study.add_argument("--workers", type=int, default=1, help=_help("study-help:workers", default=1))
    study.add_argument("--scheduler", default=None, metavar="tcp://HOST:PORT", help=_help("study-help:scheduler"))
    shards = "~/.cache/bolivia-explorer/study"
    study.add_argument("--shards", default=None, metavar="DIR", help=_help("study-help:shards", default=shards))
    study.add_argument("--resume", action="store_true", help=_help("study-help:resume"))
    _answer_options(study)

    scenario = _command(commands, "scenario")
    scenario.add_argument("name", nargs="?", help=_help("cli-help:scenario-name"))
    _answer_options(scenario)
    return parser


def _command(commands: Any, name: str, **params: object) -> argparse.ArgumentParser:
    """A command, its one line in the program's help also the opening line of its own help."""
    code = f"cli-help:{name}"
    parser: argparse.ArgumentParser = commands.add_parser(
        name, help=_help(code, **params), description=_text(code, **params)
    )
    return parser


def _table(parser: argparse.ArgumentParser, players: int, games: int) -> None:
    parser.add_argument("--players", type=int, default=players, help=_help("cli-help:players", default=players))
    parser.add_argument("--games", type=int, default=games, help=_help("cli-help:games", default=games))


def _common(parser: argparse.ArgumentParser) -> None:
    presets, default = ", ".join(PRESETS), "bolivia"
    parser.add_argument(
        "--rules", default=default, help=_help("cli-help:rules-option", presets=presets, default=default)
    )
    _answer_options(parser)


def _answer_options(parser: argparse.ArgumentParser) -> None:
    """How every command gives its answer: as JSON or text, and in which language."""
    parser.add_argument("--json", action="store_true", help=_help("cli-help:json"))
    parser.add_argument("--lang", default=None, metavar="LANG", help=_language_help())


def _language_help() -> str:
    return _help("cli-help:lang", languages=", ".join(LANGUAGES), default=LANGUAGES[0])


def _language_asked(argv: Sequence[str]) -> str | None:
    """The language ``--lang`` (or ``--lang=X``, or a prefix argparse would accept) asks for, read
    before argparse runs: argparse prints ``--help`` while it parses, so the help's language must be
    known first. The last one given wins, as in argparse's own reading (the command's ``--lang``
    comes after the program's); a missing value is left for argparse to report."""
    asked = None
    for at, word in enumerate(argv):
        if word == "--":  # what follows is arguments, never options
            break
        name, equals, value = word.partition("=")
        if len(name) < 3 or not "--lang".startswith(name):
            continue
        if equals:
            asked = value
        elif at + 1 < len(argv) and not argv[at + 1].startswith("-"):
            asked = argv[at + 1]
    return asked


def main(argv: Sequence[str] | None = None) -> int:
    before = get_language()
    try:
        asked = _language_asked(sys.argv[1:] if argv is None else argv)
        if asked is not None:
            set_language(asked)  # an unknown language is refused here, before any help is printed
        args = _parser().parse_args(argv)
        args.argv = argv
        language = args.lang if args.lang is not None else args.lang_first
        if language is not None:
            set_language(language)
        status = _COMMANDS[args.command](args)
        sys.stdout.flush()  # a reader that has gone away is found here, not in the interpreter's exit
        return status
    except BrokenPipeError:  # the reader stopped reading: what it read is all it wanted (see __main__)
        return BROKEN_PIPE
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
        _emit(args, data, "\n".join(f"{r.name:10} {rules_title(r)}" for r in PRESETS.values()))
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
    from .simulation import simulate

    kinds = tuple(k.strip() for k in args.ai.split(","))
    result = simulate(args.rules, args.players, args.games, args.seed, kinds, args.target)
    _emit(args, result.to_dict(), str(result))
    return 0


def _tournament(args: argparse.Namespace) -> int:
    from .tournament import play_tournament, terminal_progress

    seats = _with_budget(tuple(k.strip() for k in args.seats.split(",")), args.budget)
    result = play_tournament(
        args.rules, args.players, seats, args.games, args.seed, args.workers, args.target, terminal_progress
    )
    _emit(args, result.to_dict(), str(result))
    return 0


STOPPED = 130  # the status a shell gives a command stopped by Ctrl-C, as 128 + SIGINT


def _with_budget(levels: tuple[str, ...], budget: str | None) -> tuple[str, ...]:
    """The levels with ``--budget`` given to each expert that names none (``expert`` -> ``expert@0.5s``)."""
    if budget is None:
        return levels
    from ..players import Budget

    said = str(Budget.parse(budget))  # refuses a budget that is not one, naming it
    return tuple(f"{level}@{said}" if level == "expert" else level for level in levels)


_RESULT_OPTIONS = frozenset({"--myst", "--workers", "--scheduler", "--shards", "--resume", "--json", "--lang"})


def _ladder_command(argv: Sequence[str]) -> str:
    """The command as a reader runs it again for the same figures: without the options that change only
    where and how it runs or how it answers (workers, shards, output)."""
    kept: list[str] = []
    skip = False
    for word in argv:
        name = word.split("=", 1)[0]
        if skip:
            skip = False
        elif name in _RESULT_OPTIONS:
            skip = "=" not in word and name not in ("--resume", "--json")
        else:
            kept.append(word)
    return " ".join([PROG, *map(shlex.quote, kept)])


def _table_size(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise _usage("ladder-count", name="--players", given=repr(text.strip())) from None


def _ladder(args: argparse.Namespace) -> int:
    from .ladder import ladder_myst, ladder_text, run_ladder, terminal_progress, write_myst_section

    levels = _with_budget(tuple(k.strip() for k in args.levels.split(",")), args.budget)
    players = None if args.players.strip() == "all" else [_table_size(n) for n in args.players.split(",")]
    result = run_ladder(args.rules.split(","), players, levels, args.pairs, args.deals, args.seed, args.workers,
                        args.scheduler, args.shards, args.resume, terminal_progress)  # fmt: skip
    if args.myst is not None:
        command = _ladder_command(sys.argv[1:] if args.argv is None else args.argv)
        write_myst_section(Path(args.myst), command.removeprefix(PROG + " "), ladder_myst(result, command))
    _emit(args, result.to_dict(), ladder_text(result))
    return 0


def _study(args: argparse.Namespace) -> int:
    from .study import StudyStopped, parse_vary, rules_argument, run_study, variants

    study = variants(rules_argument(args.rules), [parse_vary(v) for v in args.vary])
    seats = tuple(k.strip() for k in args.seats.split(","))
    try:
        result = run_study(study, args.players, seats, args.games, args.seed, args.workers, args.scheduler,
                           args.shards, args.resume, _study_progress)  # fmt: skip
    except StudyStopped as stopped:
        print(f"{PROG}: {stopped}", file=sys.stderr)
        return STOPPED
    _emit(args, result.to_dict(), str(result))
    return 0


def _study_progress(total: int, done: int) -> Any:
    """tqdm's bar on the terminal (games done, rate, time left); nothing when stderr is not a terminal."""
    try:
        from tqdm import tqdm  # type: ignore[import-untyped]
    except ImportError:  # the engine alone: no bar
        return None
    return tqdm(total=total, initial=done, unit=" " + render("study-progress"), file=sys.stderr,
                disable=not sys.stderr.isatty(), dynamic_ncols=True)  # fmt: skip


def _scenario(args: argparse.Namespace) -> int:
    from ..game import Game
    from ..scenario import SCENARIOS

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
    turn = render(f"scen:to-{game.phase.replace(' ', '-')}", {"player": game.to_move})  # the scenario widget's words
    heading = [render("scen:legal") + ":"] if actions else []  # actions are notation, never translated
    lines = [game.position_text(), turn, *heading, *actions]
    _emit(args, data, "\n".join(lines))
    return 0


_COMMANDS = {
    "meld": _meld, "initial": _initial, "score": _score, "rules": _rules,
    "simulate": _simulate, "scenario": _scenario, "tournament": _tournament, "study": _study, "ladder": _ladder,
}  # fmt: skip

__all__ = ["main"]
