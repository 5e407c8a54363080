"""The command line: answers, JSON, and bad input (one line on stderr, exit 2)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bolivia_core.tools.cli import BROKEN_PIPE, main
from bolivia_core.i18n import get_language, render
from bolivia_core.players import PLAYERS
from bolivia_core.rules import KNOB_NAMES, PRESETS


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_meld_legal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "meld", "KH KS 2C", "--rules", "swedish")
    assert (code, err) == (0, "")
    assert out.strip() == "legal same-rank meld under Swedish rules: 40 points"


def test_meld_illegal_exits_1_with_every_reason(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "meld", "4H 6H 2C")
    assert code == 1
    assert "may hold no wild cards" in out and "5 missing" in out


def test_meld_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "meld", "2C 2D 2H JK JK JK JK", "--rules", "swedish", "--json")
    data = json.loads(out)
    assert code == 0
    assert (data["legal"], data["kind"], data["label"], data["bonus"], data["points"]) == (
        True, "wild", "bolivia-three-twos-four-jokers", 3000, 260)  # fmt: skip


def test_meld_json_reasons_are_data(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "meld", "KH KS 2C 2D", "--json")
    (reason,) = json.loads(out)["reasons"]
    assert reason["code"] == "same-rank-wild-balance-twice"
    assert reason["knob"] == "same_rank_wild_balance"
    assert reason["params"]["naturals"] == 2 and reason["params"]["wilds"] == 2


def test_meld_onto(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "meld", "JH", "--onto", "4H 5H 6H 7H 8H 9H 10H")
    assert code == 1 and "closed" in out


def test_meld_going_out(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "meld", "3S 3C 3S")[0] == 1
    assert run(capsys, "meld", "3S 3C 3S", "--going-out")[0] == 0


def test_initial(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "initial", "KH KS KD", "--score", "1500", "--json")
    data = json.loads(out)
    assert code == 1 and (data["points"], data["minimum"], data["shortfall"]) == (30, 90, 60)


def test_score_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    table = {"rules": "bolivia", "melds": ["4H 5H 6H 7H 8H 9H 10H", "KH KH KH KS KS KS KD"],
             "hand": "", "red_threes": 2, "went_out": True}  # fmt: skip
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(table))
    code, out, _ = run(capsys, "score", str(path), "--json")
    assert code == 0 and json.loads(out)["total"] == 2420
    code, out, _ = run(capsys, "score", str(path))
    assert out.strip().splitlines()[-1].split() == ["+2,420", "total"]


def test_rules_list_and_one(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules")
    assert code == 0 and out.split()[::2] == ["bolivia", "swedish", "two-deck", "canasta"]
    code, out, _ = run(capsys, "rules", "canasta", "--json")
    knobs = json.loads(out)
    assert [k["knob"] for k in knobs] == list(KNOB_NAMES)
    sequences = next(k for k in knobs if k["knob"] == "sequences")
    assert sequences["value"] is False and sequences["source"].startswith("001_")
    code, out, _ = run(capsys, "rules", "swedish")
    assert "[assumption]" in out and "source: 000_" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["meld", "KH 1H"], "'1H' is not a card"),
        (["meld", "KH KS KD", "--rules", "samba"], "unknown rules 'samba'"),
        (["rules", "nope"], "unknown rules 'nope'"),
        (["bogus"], "invalid choice: 'bogus'"),
        ([], "required: command"),
        (["initial", "KH KS KD", "--score", "lots"], "invalid int value: 'lots'"),
        (["score", "/nonexistent/hand.json"], "No such file"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and err.startswith("python -m bolivia_core: error:")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "is not JSON"),
        ("[1, 2]", "must hold a JSON object"),
        ('{"melds": ["KH KS KD"], "colour": 1}', "unknown key 'colour'"),
        ('{"melds": "KH KS KD"}', "'melds' must be a list"),
        ('{"melds": ["KH KS 2C 2D"]}', "meld 1 (KH KS 2C 2D) is not legal"),
        ('{"melds": [], "went_out": "yes"}', "'went_out' must be true or false"),
        ('{"melds": [], "red_threes": 9}', "red_threes must be a whole number from 0 to 6"),
        ('{"melds": [], "rules": "rummy"}', "unknown rules 'rummy'"),
    ],
)
def test_bad_score_files(capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "hand.json"
    path.write_text(content)
    code, out, err = run(capsys, "score", str(path))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert message in err


def test_module_entry_point_has_no_traceback() -> None:
    """The real ``python -m`` process: exit code and stderr as a user sees them."""
    command = [sys.executable, "-m", "bolivia_core", "meld"]
    ok = subprocess.run([*command, "2C 2D JK"], capture_output=True, text=True, check=False)
    assert ok.returncode == 0 and "legal meld of wild cards" in ok.stdout
    bad = subprocess.run([*command, "ZZ"], capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and bad.stderr.count("\n") == 1


def test_a_reader_that_stops_reading_gets_no_error() -> None:
    """``... | head`` closes the pipe before the answer is written: the command ends quietly with the
    shell's status for it, not "error: Broken pipe" on stderr."""
    child = subprocess.Popen([sys.executable, "-m", "bolivia_core", "rules", "bolivia"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # before the interpreter has even started: every write meets a closed pipe
    err = child.stderr.read()
    assert child.wait() == BROKEN_PIPE and err == b""


def test_score_reads_stdin() -> None:
    table = json.dumps({"rules": "canasta", "melds": ["KH KS KD"], "hand": "3S 3C"})
    done = subprocess.run([sys.executable, "-m", "bolivia_core", "score", "-", "--json"],
                          input=table, capture_output=True, text=True, check=False)  # fmt: skip
    assert done.returncode == 0 and json.loads(done.stdout)["total"] == 20


# --- help in the language asked for -------------------------------------------------------

ARGPARSE_LINES = ("usage:", "options:", "positional arguments:", "-h, --help", "{meld,", "python -m bolivia_core")
"""What argparse itself writes (its framework words, the usage line, the command list): never translated."""


def help_text(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The help ``argv`` prints: argparse prints it and exits 0 while it parses."""
    with pytest.raises(SystemExit) as done:
        main(list(argv))
    assert done.value.code == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def every_help(capsys: pytest.CaptureFixture[str], language: str) -> str:
    """The program's help and each command's, one argument a line (wide: argparse wraps at the terminal)."""
    texts = [help_text(capsys, "--lang", language, "--help")]
    texts += [help_text(capsys, command, "--help", "--lang", language) for command in COMMANDS]
    return "\n".join(texts)


COMMANDS = ("meld", "initial", "score", "rules", "simulate", "tournament", "scenario")


@pytest.mark.parametrize("language", ["da", "pl"])
def test_help_is_said_in_the_language_asked_for(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    program = help_text(capsys, "--lang", language, "--help")
    assert render("cli-help:description", language=language) in program
    line = re.escape(render("cli-help:meld", language=language))
    assert re.search(rf"^ +meld +{line}$", program, re.MULTILINE)  # the command's line in the list of commands
    meld = help_text(capsys, "meld", "--help", f"--lang={language}")
    assert render("cli-help:meld", language=language) in meld  # the command's own help opens with its line
    assert render("cli-help:meld-onto", language=language) in meld
    assert "--onto MELD" in meld and "--going-out" in meld  # option names and metavars are notation
    assert get_language() == "en"  # the process's language is the caller's again after --help


@pytest.mark.parametrize("language", ["sv", "da", "nb", "pl", "cs"])
def test_every_help_line_but_argparse_s_own_is_translated(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    """A help line the same in English and in ``language`` is English that bypassed the catalogue."""
    monkeypatch.setenv("COLUMNS", "400")
    english = {line.strip() for line in every_help(capsys, "en").splitlines()}
    said = every_help(capsys, language)
    same = {line.strip() for line in said.splitlines()} & english - {""}
    assert not [line for line in same if not line.startswith(ARGPARSE_LINES)], f"English in {language} help: {same}"
    # values are as typed, never said as words of the language ("bolivia" is "boliwia" in Polish)
    assert ", ".join(PRESETS) in said and ", ".join(PLAYERS) in said and "club,greedy" in said


def test_help_names_typed_values_as_typed_in_polish(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    said = help_text(capsys, "meld", "--help", "--lang", "pl")
    (rules_line,) = [line for line in said.splitlines() if line.lstrip().startswith("--rules RULES")]
    assert rules_line.endswith(" bolivia)") and "boliwia" not in rules_line.lower()


def test_the_last_lang_given_says_the_help_as_argparse_reads_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    said = help_text(capsys, "--lang", "sv", "meld", "--help", "--lang", "da")
    assert render("cli-help:meld-onto", language="da") in said
    said = help_text(capsys, "--la", "cs", "score", "--help")  # argparse takes a prefix of --lang too
    assert render("cli-help:json", language="cs") in said


@pytest.mark.parametrize(
    "argv",
    [["--lang", "xx", "--help"], ["meld", "--help", "--lang=xx"], ["-h", "--lang", "klingon"]],
)
def test_help_in_an_unknown_language_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("python -m bolivia_core: error: unknown language")
    assert "known languages: en, sv, da, nb, pl, cs" in err


def test_help_with_lang_missing_its_value_is_argparse_s_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--lang", "--help")
    assert (code, out) == (2, "") and err == "python -m bolivia_core: error: argument --lang: expected one argument\n"


def test_module_entry_point_prints_help_in_the_language() -> None:
    """The real ``python -m`` process, the language read from the process's own arguments."""
    done = subprocess.run([sys.executable, "-m", "bolivia_core", "meld", "--help", "--lang", "pl"],
                          capture_output=True, text=True, check=False, env=os.environ | {"COLUMNS": "400"})  # fmt: skip
    assert done.returncode == 0 and done.stderr == ""
    assert render("cli-help:meld-going-out", language="pl") in done.stdout
    bad = subprocess.run([sys.executable, "-m", "bolivia_core", "--lang", "xx", "--help"],
                         capture_output=True, text=True, check=False)  # fmt: skip
    assert bad.returncode == 2 and bad.stdout == "" and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr
