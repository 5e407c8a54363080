"""The Variant lab without a browser: the view it sets from a shipped study, its refusals, a run and a stop."""

from __future__ import annotations

import time
from typing import Any

import pytest

from bolivia_core.i18n import render, set_language, translated
from bolivia_core.rules import RulesError, get_rules
from bolivia_widgets import VariantLab
from bolivia_widgets.dashboards.variant_lab import shipped_studies


def _wait_until_done(lab: VariantLab, seconds: float = 240) -> None:
    deadline = time.monotonic() + seconds
    # the page's view, not the flag: the study's thread clears the flag, then says the page again
    while (lab.running or lab.view.get("running")) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not lab.running and not lab.view.get("running"), "the study did not end in time"


def _intent(lab: VariantLab, content: dict[str, Any]) -> None:
    lab._intent(lab, content, [])  # what the front end's model.send delivers


@pytest.fixture(autouse=True)
def _english() -> Any:
    yield set_language("en")
    set_language("en")


def test_the_page_answers_at_once_from_a_shipped_study() -> None:
    lab = VariantLab(study="wilds")
    view = lab.view
    assert view["chosen"] == "wilds" and view["result"] is not None
    assert {s["id"] for s in view["studies"]} == set(shipped_studies())
    assert all(text and not text.startswith("lab-") for text in view["labels"].values())
    result = view["result"]
    assert len(result["variants"]) == 2 and len(result["turns"]) == 2
    for series in (*result["turns"], *result["score"]):
        assert sum(share for _, share in series["bins"]) == pytest.approx(1.0)
    assert result["sources"] and all(len(row["values"]) == 2 for row in result["sources"])
    stored = shipped_studies()["wilds"]["study"]["differences"][0]["figures"]
    clear = [name for name, d in stored.items() if d["clear"]]
    said = result["differences"][0]["clear"]
    assert len(said) <= len(clear)  # one sentence per clear difference that is shown
    assert result["turns_alt"].startswith(translated("lab-hand_turns-alt", "en").split("{")[0])


def test_the_page_says_it_again_in_another_language() -> None:
    lab = VariantLab(study="wilds")
    english = lab.view["labels"]["run"]
    set_language("pl")
    lab.say()
    assert lab.view["labels"]["run"] == render("lab-run", language="pl") != english
    assert lab.view["studies"][0]["question"] == render(shipped_studies()[lab.view["studies"][0]["id"]]["question"],
                                                        language="pl")  # fmt: skip


def test_a_bad_knob_is_refused_with_the_club_editors_words_and_nothing_runs() -> None:
    lab = VariantLab()
    _intent(lab, {"action": "run", "form": {"rules": ["bolivia"], "knob": "same_rank_max_wildz", "values": "2,3"}})
    with pytest.raises(RulesError) as expected:
        get_rules("bolivia").derive("x", same_rank_max_wildz=2)
    assert lab.view["error"] == str(expected.value) and not lab.running and lab.own is None


def test_a_bad_club_file_is_refused_naming_the_field() -> None:
    lab = VariantLab()
    _intent(lab, {"action": "run", "form": {"rules": [], "club": 'name = "x"\nbase = "nosuch"', "knob": ""}})
    assert "base" in lab.view["error"] and "nosuch" in lab.view["error"] and lab.own is None


def test_a_run_on_the_page_shows_its_own_study(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    lab = VariantLab()
    _intent(lab, {"action": "run", "form": {"rules": ["bolivia"], "knob": "", "values": "", "games": 1}})
    _wait_until_done(lab)
    assert lab.view["error"] == "" and lab.view["chosen"] == ""
    assert lab.view["result"]["variants"] == ["Bolivia"]
    assert lab.view["progress"]["done"] == lab.view["progress"]["total"] == 1


def test_the_stop_keeps_the_finished_shards(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    lab = VariantLab()
    _intent(lab, {"action": "run", "form": {"rules": ["bolivia"], "knob": "going_out_bonus", "values": "100,200",
                                            "games": 50}})  # fmt: skip
    _intent(lab, {"action": "stop"})
    _wait_until_done(lab)
    assert "--resume" in lab.view["error"] and lab.own is None


# --- read as a club reads it (issue 37, item 7) --------------------------------------------------------


def test_every_knob_is_named_in_words_in_the_choices_and_the_legends() -> None:
    """The knob to vary is chosen by what it means; a variant is named by its knob's meaning and value, never
    by the knob's code ("same_rank_max_wilds = 3")."""
    lab = VariantLab(study="wilds")
    knobs = {k["name"]: k["words"] for k in lab.view["knobs"]}
    assert knobs["same_rank_max_wilds"] == render("knob:same_rank_max_wilds")
    assert knobs["same_rank_max_wilds"] == "wild cards a same-rank meld may hold at the most"
    assert lab.view["result"]["variants"] == [
        "wild cards a same-rank meld may hold at the most: 2", "wild cards a same-rank meld may hold at the most: 3"]
    text = " ".join([*lab.view["result"]["variants"], lab.view["result"]["turns_alt"],
                     *(s for part in lab.view["result"]["differences"] for s in part["clear"])])  # fmt: skip
    assert "same_rank_max_wilds" not in text and "_" not in text


@pytest.mark.parametrize(("done", "left", "said"), [
    (40, 12, "40 of 100 games played, 2.00 games a second, about 12 seconds left"),
    (99, 0, "99 of 100 games played, 2.00 games a second: almost done"),
    (100, 0, "All 100 games played."),
])  # fmt: skip
def test_the_progress_ends_properly(done: int, left: int, said: str) -> None:
    """Never "about no seconds left": the last second says almost done, the end says every game is played."""
    lab = VariantLab()
    lab.progress = {"done": done, "total": 100, "rate": 2.0, "left": left}
    lab.say()
    assert lab.view["progress"]["text"] == said


def test_a_result_counts_every_measure_behind_all_measures() -> None:
    """What was found is listed; every measure (the full table) waits behind "All measures (N)"."""
    lab = VariantLab(study="wilds")
    result = lab.view["result"]
    assert result["measures"] == len(result["table"]) >= 20
    assert lab.view["labels"]["all-measures"] == "All measures"
