"""Rules as data: presets, knobs with sources, derived club rule sets."""

from __future__ import annotations

import dataclasses
import re

import pytest

from bolivia_core import RulesError, check_meld, get_rules, preset_names
from bolivia_core.rules import ASSUMPTION, HOUSE_RULE, KNOB_NAMES

SEED_NAME = re.compile(r"^\d{3}_[0-9a-f]{16}\.txt$")


def test_four_presets_and_the_default() -> None:
    assert preset_names() == ("bolivia", "swedish", "two-deck", "canasta")
    assert get_rules().name == "bolivia"
    assert get_rules(" Two_Deck ").name == "two-deck"


def test_unknown_preset_lists_the_known_ones() -> None:
    with pytest.raises(RulesError, match="unknown rules 'samba'; known presets: bolivia, swedish, two-deck, canasta"):
        get_rules("samba")


@pytest.mark.parametrize("name", ["bolivia", "swedish", "two-deck", "canasta"])
def test_every_knob_has_a_description_value_and_source(name: str) -> None:
    rules = get_rules(name)
    knobs = list(rules.knobs())
    assert [k.name for k in knobs] == list(KNOB_NAMES)
    for knob in knobs:
        assert knob.description and knob.value is not None
        assert knob.source == ASSUMPTION or SEED_NAME.match(knob.source), knob
        assert knob.is_assumption == (knob.source == ASSUMPTION)


def test_rules_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        get_rules("bolivia").decks = 2  # type: ignore[misc]


def test_deck_sizes_from_the_rules() -> None:
    sizes = {n: 52 * get_rules(n).decks + get_rules(n).jokers for n in preset_names()}
    assert sizes == {"bolivia": 162, "swedish": 162, "two-deck": 108, "canasta": 108}


def test_assumptions_flagged_in_the_spec_are_flagged_here() -> None:
    """RULES.md marks these [assumption]; the knobs must say so too."""
    assert get_rules("bolivia").knob("first_dealer").is_assumption
    assert get_rules("two-deck").knob("draw_count").is_assumption
    # not an assumption since the spec was corrected: seven melded cards are a canasta (002)
    assert not get_rules("two-deck").knob("bonus_natural_sequence").is_assumption
    assert get_rules("swedish").knob("pile_new_meld_only").is_assumption
    assert get_rules("canasta").knob("one_card_pile_with_one_card").is_assumption
    assert not get_rules("swedish").knob("bonus_bolivia_seven_twos").is_assumption


def test_derive_changes_knobs_and_marks_them_house_rules() -> None:
    club = get_rules("bolivia").derive(
        "our club", same_rank_max_wilds=3, same_rank_wild_balance="naturals outnumber wilds"
    )
    assert club.name == "our club" and club.same_rank_max_wilds == 3
    assert club.knob("same_rank_max_wilds").source == HOUSE_RULE
    assert club.knob("decks").source == get_rules("bolivia").knob("decks").source
    assert check_meld("KH KS KD 2C 2D", club).legal
    assert not check_meld("KH KS KD 2C 2D", "bolivia").legal
    assert get_rules("bolivia").same_rank_max_wilds == 2  # the preset is untouched


def test_derive_accepts_json_shaped_values() -> None:
    club = get_rules("canasta").derive(
        "club", pile_blocked_by=["black 3"], target_score={"2": 5000, "3": 5000, "4": 5000},
        initial_meld_steps=[[0, 50], [1500, 90], [3000, 120], [7000, 150]],
    )  # fmt: skip
    assert club.pile_blocked_by == frozenset({"black 3"})
    assert club.target_score[3] == 5000
    assert club.initial_meld_minimum(7000) == 150


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"same_rank_max_wild": 3}, "unknown rule knob 'same_rank_max_wild'"),
        ({"same_rank_max_wilds": 9}, "'same_rank_max_wilds' must be a whole number from 0 to 7; got 9"),
        ({"same_rank_max_wilds": True}, "'same_rank_max_wilds' must be a whole number"),
        ({"sequences": "yes"}, "'sequences' must be true or false"),
        ({"pile_blocked_by": ["wild", "joker"]}, "'pile_blocked_by' must be a set of 'wild', 'black 3', 'red 3'"),
        ({"ask_partner": "never"}, "'ask_partner' must be one of 'optional', 'required'"),
        ({"initial_meld_steps": [[100, 50]]}, "'initial_meld_steps' must be a list of"),
        ({"hand_size": {"4": 11}}, "'hand_size' must give a value for each player count in 'sides' \\(2, 3, 4\\)"),
        ({"going_out_needs": {2: [["escalera"]], 3: [["any"]], 4: [["any"]]}}, "'going_out_needs' must be"),
        ({"card_values": {"JK": 50}}, "'card_values' must be a table of points"),
        # a per-player-count table names the entry at fault and what that entry should be
        ({"hand_size": {2: 15, 3: 15, 4: 50}}, "'hand_size' must be a table from player count \\(2 to 6\\) to "
         "cards; for 4 players: a whole number from 5 to 20; got"),
        ({"target_score": {2: 15000, 3: 15000, 9: 15000}}, "'target_score' must be .*; 9 is not a player count"),
    ],
)
def test_derive_refuses_bad_knobs_whole(changes: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        get_rules("bolivia").derive("bad club", **changes)


def test_unknown_knob_lookup_names_the_known_ones() -> None:
    with pytest.raises(RulesError, match="known knobs: card_values, decks"):
        get_rules("bolivia").knob("wilds")


def test_initial_meld_minimum_reads_the_table() -> None:
    rules = get_rules("bolivia")
    assert [rules.initial_meld_minimum(s) for s in (-1, 0, 1500, 3000, 7000, 20000)] == [15, 50, 90, 120, 150, 150]
