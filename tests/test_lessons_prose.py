"""The lessons' prose states rules as the rules object has them (issue 37, item 2): no rule value typed
into a paragraph (it is a ``{placeholder}`` filled from the lesson's rules, so text and data cannot
disagree), and every paragraph resting on a rule the data flags as an assumption says so, in English and in
every translation (the glossary's word for an assumption)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from bolivia_core.rules import get_rules

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # ``lessons`` is the sources' package
from lessons import FACT_KNOBS, Heading, Lesson, Text, all_lessons  # noqa: E402

NUMBER_WORDS = ("two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
                "twenty|fifty|hundred|thousand")  # fmt: skip
NUMBER = re.compile(rf"\b(?:\d[\d,.]*|{NUMBER_WORDS})\b", re.IGNORECASE)
SUITS = "(?:clubs|diamonds|hearts|spades)"
RANKS = ("(?:2s|3s|4s|5s|6s|7s|8s|9s|10s|twos|threes|fours|fives|sixes|sevens|eights|nines|tens|jacks|queens|"
         "kings|aces|jokers|naturals|natural cards|wild cards|canastas|sambas|escaleras|bolivias|"
         "(?:to \\w+ )?rule sets|verdicts)")  # fmt: skip  (the explorer's rule sets are counted, not ruled)
# A number that names a thing of the example, not a rule: a card ("the 8 of hearts", "5, 6, 7 of hearts",
# "4 to 10 of spades", "three kings", "2s"), a red or black 3, or a lesson, player, side, deal or score.
AFTER = re.compile(rf"^(?:s\b|(?:,\s*\d+)*\s+(?:(?:up )?to \d+ )?of {SUITS}|(?:,\s*\w+)*(?: and \w+)? of {SUITS}|"
                   rf"\s+(?:natural |wild )?{RANKS}\b|\s+(?:red|black) 3s?\b|-deck\b|\s+for a draw\b)",
                   re.IGNORECASE)  # fmt: skip
BEFORE = re.compile(r"(?:\b(?:lessons?|players?|sides?|deal number|score is|score of|red|black|an?|any)\s+"
                    r"|\b(?:lessons?|players?) \d+(?:, \d+)*(?:,| and)\s+|^\s*|\n\s*)$", re.IGNORECASE)  # fmt: skip
LIST_MARK = re.compile(r"^\.\s")  # "1. " opening a line of a numbered list
ASSUMED = re.compile(r"\bassum", re.IGNORECASE)


def typed_numbers(text: str) -> list[str]:
    """The numbers a paragraph types that no example context explains: each with a few words around it."""
    prose = re.sub(r"\{[^{}]*\}", "{}", text)
    found = []
    for match in NUMBER.finditer(prose):
        before, after = prose[: match.start()], prose[match.end():]
        at_line_start = BEFORE.search(before) and (not before.strip() or before.rstrip(" ").endswith("\n"))
        if (at_line_start and LIST_MARK.match(after)) or AFTER.match(after):
            continue
        if BEFORE.search(before) and not at_line_start:
            continue
        found.append(prose[max(0, match.start() - 25): match.end() + 25].replace("\n", " "))
    return found


def _texts(lesson: Lesson) -> list[Text | Heading]:
    return lesson.texts()


LESSONS = list(all_lessons())  # every page made from lessons/: the index and the glossary too


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.slug)
def test_no_rule_value_is_typed_into_a_lesson_s_prose(lesson: Lesson) -> None:
    typed = {text.id: typed_numbers(text.english) for text in _texts(lesson)}
    typed = {key: found for key, found in typed.items() if found}
    assert not typed, f"{lesson.slug}: numbers typed into the prose (a rule value is a {{placeholder}}): {typed}"


def test_the_prose_test_finds_a_typed_rule_value() -> None:
    """The check itself: what it must find, and what it must let pass."""
    assert typed_numbers("An escalera is complete at seven cards.") == [" escalera is complete at seven cards."]
    assert typed_numbers("each draws 2 cards") and typed_numbers("worth 1,500 points")
    for example in ("the 8 of hearts to 5, 6, 7 of hearts", "an escalera (4 to 10 of spades)", "three kings",
                    "two 2s", "a red 3", "lessons 13 and 14", "player 1 (side 1)", "deal number 3",
                    "{draw} cards", "Five, six and seven of hearts", "1. **Draw**", "a 9 and an eight",
                    "players 1 and 3, players 2 and 4"):  # fmt: skip
        assert not typed_numbers(example), example


def _knobs(lesson: Lesson, text: Text | Heading) -> list[tuple[str, str]]:
    """(preset, knob) of every rule a paragraph rests on: its placeholders' and its ``rests_on``."""
    found = []
    for placeholder in re.findall(r"\{(\w+)\}", text.english):
        preset, name = lesson.preset, placeholder
        for other in lesson.extra_presets:
            prefix = other.replace("-", "_") + "_"
            if placeholder.startswith(prefix):
                preset, name = other, placeholder.removeprefix(prefix)
        if name in FACT_KNOBS:
            found.append((preset, FACT_KNOBS[name]))
    return found + [(lesson.preset, knob) for knob in getattr(text, "rests_on", ())]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.slug)
def test_a_paragraph_resting_on_an_assumption_says_so(lesson: Lesson) -> None:
    silent = []
    for text in _texts(lesson):
        assumed = [f"{preset}:{knob}" for preset, knob in _knobs(lesson, text)
                   if get_rules(preset).knob(knob).is_assumption]  # fmt: skip
        if assumed and not ASSUMED.search(text.english):
            silent.append(f"{text.id} rests on {assumed}")
    assert not silent, f"{lesson.slug}: paragraphs stating an assumption as fact: {silent}"


def test_the_statements_the_issue_named_are_flagged_or_said_as_assumptions() -> None:
    """Black 3s melded with no wild card, the end of the stock and the two-deck draw count are assumptions in
    the rules data; each lesson paragraph that states one declares it and says so."""
    stated = {(lesson.preset, knob): text.id for lesson in LESSONS for text in _texts(lesson)
              for _preset, knob in _knobs(lesson, text)}  # fmt: skip
    for preset, knob in (("bolivia", "black_three_meld_wilds"), ("bolivia", "stock_out"), ("two-deck", "draw_count")):
        assert get_rules(preset).knob(knob).is_assumption
        assert (preset, knob) in stated, f"no lesson paragraph declares it rests on {preset}:{knob}"
