"""The pages' widgets driven from Python in the order a browser's messages may arrive."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from bolivia_widgets import ScenarioExplorer


def test_why_not_asked_before_the_last_keystrokes_arrive_judges_the_whole_text() -> None:
    """A click reaches the kernel at once, typing is batched: "why not?" may come first."""
    explorer = ScenarioExplorer(scenario="take-the-pile")
    explorer.attempt.value = "take pile with 6H"  # the text so far, then the click, then the rest
    explorer.explain.click()
    assert "asked about: take pile with 6H" in explorer.answer.value
    explorer.attempt.value = "take pile with 6H 6D"
    assert "asked about: take pile with 6H 6D" in explorer.answer.value
    assert "you need a natural pair of kings" in explorer.answer.value
    explorer.attempt.value = "take pile with KH KS"  # still following: the answer changes with the text
    assert "allowed now" in explorer.answer.value


def test_typing_before_asking_judges_nothing() -> None:
    explorer = ScenarioExplorer(scenario="take-the-pile")
    explorer.attempt.value = "go ou"
    assert explorer.answer.value == ""
