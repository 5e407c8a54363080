"""Variants compared: differences from the data, club rule files, rules sheets, one situation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bolivia_core import get_rules, preset_names
from bolivia_core.tools.cli import main
from bolivia_core.tools.compare import (
    ClubFileError,
    compare_situation,
    diff_rules,
    load_club_rules,
    read_club_file,
    rules_sheet_html,
    save_club_rules,
    section_of,
)
from bolivia_core.rules import KNOB_NAMES, RulesError


def test_bolivia_against_swedish_names_the_known_disagreements() -> None:
    differences = {d.knob: d for d in diff_rules("bolivia", "swedish")}
    # RULES.md 4: one kind of bolivia at 2,500, or three at 2,000 / 3,000 / 4,000
    assert differences["bonus_bolivia"].values == {"bolivia": 2500, "swedish": 2000}
    assert differences["bonus_bolivia_seven_twos"].values == {"bolivia": 2500, "swedish": 4000}
    # 2.2: the whole rest of the pile, or the next four cards
    assert differences["pile_cards_taken"].values == {"bolivia": "all", "swedish": 4}
    # 6: what going out needs; 5.1: the bonus for all the red 3s
    assert "going_out_needs" in differences
    assert differences["red_threes_all_total"].values == {"bolivia": 1000, "swedish": 1200}
    assert differences["first_dealer"].assumptions == {"bolivia": True, "swedish": False}
    assert "decks" not in differences and "going_out_bonus" in differences


@pytest.mark.parametrize("preset", preset_names())
def test_a_preset_against_itself_has_no_differences(preset: str) -> None:
    assert diff_rules(preset, preset) == []


def test_three_rule_sets_and_a_club() -> None:
    club = get_rules("bolivia").derive("club", same_rank_max_wilds=3)
    differences = {d.knob: d for d in diff_rules("bolivia", club, "canasta")}
    assert differences["same_rank_max_wilds"].values == {"bolivia": 2, "club": 3, "canasta": 3}
    assert differences["same_rank_max_wilds"].sources["club"] == "house rule"
    assert {d.knob for d in diff_rules("bolivia", club)} == {"same_rank_max_wilds"}
    with pytest.raises(RulesError, match="at least two"):
        diff_rules("bolivia")


def test_diff_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--diff", "bolivia", "canasta", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert all({"knob", "values", "sources", "assumptions"} <= set(row) for row in rows)
    sequences = next(r for r in rows if r["knob"] == "sequences")
    assert sequences["values"] == {"bolivia": True, "canasta": False}
    assert main(["rules", "--diff", "swedish", "swedish"]) == 0
    assert capsys.readouterr().out.strip() == "no differences"


@pytest.mark.parametrize("form", ["toml", "json"])
def test_club_files_round_trip(form: str, tmp_path: Path) -> None:
    club = get_rules("swedish").derive(
        "Kortklubben", "Kortklubben's Bolivia", jokers=9, pile_cards_taken="all",
        pile_blocked_by=["black 3", "wild"], target_score={2: 10000, 3: 10000, 4: 10000, 5: 10000, 6: 10000},
    )  # fmt: skip
    text = save_club_rules(club, form)
    assert "jokers" in text and "decks" not in text  # only the house rules are written
    loaded = load_club_rules(text, form)
    assert loaded == club and loaded.title == club.title and loaded.house_rules() == club.house_rules()
    path = tmp_path / f"club.{form}"
    path.write_text(text)
    assert read_club_file(path) == club


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('name = "x"\nbase = "bolivia"\ncolour = "red"', "unknown field 'colour'"),
        ('base = "bolivia"', "field name: a name is needed"),
        ('name = "x"\nbase = "samba"', "field base: unknown rules 'samba'"),
        ('name = "x"\nbase = "bolivia"\n[house_rules]\njokers = 40', "field house_rules: rule knob 'jokers' must be"),
        ('name = "x"\nbase = "bolivia"\n[house_rules]\nwilds = 1', "field house_rules: unknown rule knob 'wilds'"),
        (
            'name = "x"\nbase = "bolivia"\n[house_rules]\nhand_size = { 4 = 11 }',
            "'hand_size' must give a value for each player count",
        ),
        ('name = "x" base', "not a TOML club rules file"),
    ],
)
def test_bad_club_files_are_refused_naming_the_field(text: str, message: str) -> None:
    with pytest.raises(ClubFileError, match=message):
        load_club_rules(text)


def test_club_file_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "club.toml"
    path.write_text(save_club_rules(get_rules("bolivia").derive("club", keep_two_cards=False)))
    assert main(["rules", "--diff", "bolivia", str(path), "--json"]) == 0
    assert [r["knob"] for r in json.loads(capsys.readouterr().out)] == ["keep_two_cards"]
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\nbase = "nope"')
    assert main(["rules", str(bad)]) == 2
    assert "field base: unknown rules 'nope'" in capsys.readouterr().err


def test_rules_sheet_states_every_rule_with_its_source() -> None:
    club = get_rules("bolivia").derive("Our club", same_rank_max_wilds=3)
    page = rules_sheet_html(club)
    for name in KNOB_NAMES:
        description = club.knob(name).description
        assert (description[0].upper() + description[1:]).replace("'", "&#x27;").replace('"', "&quot;") in page
    assert page.count("house rule") >= 2 and "assumption: the sources are silent" in page
    assert "the Danish text" in page and page.startswith("<!DOCTYPE html>")


def test_sections_follow_rules_md() -> None:
    assert section_of("decks") == "Cards, players, deal"
    assert section_of("bonus_bolivia") == "Bonuses for complete melds"
    assert section_of("hand_cap") == "The game"


def test_one_situation_judged_under_each() -> None:
    data = compare_situation(
        ["bolivia", "swedish", "canasta"], candidates=["KH KS 2C 2D"],
        table=["4S 5S 6S 7S 8S 9S 10S", "KH KH KS KS KD KD KC"], hand="QH QS 5C", pile="9D 7C QD", red_threes=1,
    )  # fmt: skip
    bolivia, swedish, canasta = data["columns"]
    assert [bolivia["melds"][0]["legal"], swedish["melds"][0]["legal"], canasta["melds"][0]["legal"]] == [
        False,
        True,
        False,
    ]
    assert bolivia["may_go_out"] and swedish["may_go_out"] and not canasta["may_go_out"]
    assert bolivia["pile"] == {"may_take": True, "how": ["take pile with QH QS"], "why": []}
    # 1,500 + 50 (escalera) + 500 + 70 (canasta) + 100 (red 3) - 25 (QH QS 5C) = 2,195 under Bolivia and Swedish
    assert bolivia["score"]["total"] == swedish["score"]["total"] == 2195
    assert "sequences are not allowed" in canasta["score"]["error"]


def test_situation_pile_refusal_is_explained() -> None:
    data = compare_situation(["bolivia", "canasta"], table=["QH QS QD"], hand="KH 2S 5D", pile="9H 7S KD")
    bolivia, canasta = (c["pile"] for c in data["columns"])
    assert not bolivia["may_take"] and "natural pair of kings" in bolivia["why"][0]
    assert canasta["may_take"] and canasta["how"] == ["take pile with 2S KH"]
