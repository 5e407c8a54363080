"""The four presets (Bolivia, the Swedish club rules, two-deck, Canasta), each knob with its source."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ..i18n import render
from .knobs import (
    ASSUMPTION,
    DANISH_TEXT,
    KNOB_NAMES,
    NORWEGIAN_TEXT,
    PRESET_BY_NAME,
    SWEDISH_TEXT,
    Rules,
    RulesError,
    _check_knob,
    _check_player_tables,
    _normalise,
)

__all__ = ["PRESETS", "get_rules", "preset_names", "resolve_rules", "rules_title"]

# --- the four presets -----------------------------------------------------------

Sourced = tuple[Any, str]

STANDARD_CARD_VALUES = {
    "JK": 50, "2": 20, "A": 20, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10,
    "7": 5, "6": 5, "5": 5, "4": 5, "3": 5,
}  # fmt: skip

BOLIVIA_WILD_MELD_BONUS = 2500


def _preset(name: str, title: str, knobs: dict[str, Sourced]) -> Rules:
    missing = set(KNOB_NAMES) - set(knobs)
    extra = set(knobs) - set(KNOB_NAMES)
    if missing or extra:  # a programming error in this file, caught at import
        raise ValueError(f"preset {name!r}: missing knobs {sorted(missing)}, unknown {sorted(extra)}")
    values = {k: _normalise(k, v) for k, (v, _) in knobs.items()}
    for key, value in values.items():
        _check_knob(key, value)
    sources = MappingProxyType({k: source for k, (_, source) in knobs.items()})
    rules = Rules(name=name, title=title, sources=sources, base=name, **values)
    _check_player_tables(rules)
    return rules


def _every(players: tuple[int, ...], value: Any) -> dict[int, Any]:
    return {p: value for p in players}


DA, SV, NO, AS = DANISH_TEXT, SWEDISH_TEXT, NORWEGIAN_TEXT, ASSUMPTION
ESCALERA_AND_ANY = (("sequence", "any"),)

BOLIVIA = _preset("bolivia", "Bolivia", {
    "card_values": (STANDARD_CARD_VALUES, DA),
    "decks": (3, DA),
    "jokers": (6, DA),
    "sides": ({2: (1, 1), 3: (1, 1, 1), 4: (2, 2)}, DA),
    "hand_size": (_every((2, 3, 4), 15), DA),
    "first_dealer": ("player 1", AS),
    "cover_red_three_upcard": (True, AS),
    "keep_two_cards": (True, DA),
    "draw_count": (_every((2, 3, 4), 2), DA),
    "pile_blocked_by": ({"wild", "black 3", "red 3"}, DA),
    "pile_take_ways": ({"natural pair"}, DA),
    "pile_frozen_when": (set(), DA),
    "pile_new_meld_only": (True, DA),
    "pile_cards_taken": ("all", DA),
    "take_top_card_onto_sequence": (True, DA),
    "pile_counts_for_initial_meld": (True, DA),
    "one_card_pile_with_one_card": (False, AS),
    "discard_forbidden": (set(), DA),
    "meld_min_cards": (3, DA),
    "same_rank_min_naturals": (2, DA),
    "same_rank_max_wilds": (2, DA),
    "same_rank_wild_balance": ("naturals at least twice the wilds", DA),
    "wilds_onto_complete_canasta": (True, DA),
    "same_rank_melds_per_rank": ("several", DA),
    "sequences": (True, DA),
    "sequence_low_rank": (4, DA),
    "sequence_max_wilds": (0, DA),
    "sequence_length": (7, DA),
    "sequence_overflow": ("refused", DA),
    "sequence_called": ("escalera", DA),
    "wild_melds": (True, DA),
    "wild_meld_length": (7, DA),
    "black_three_meld_max": (6, DA),
    "black_three_meld_wilds": (0, AS),
    "black_three_under_sequence": (False, DA),
    "initial_meld_below_zero": (15, DA),
    "initial_meld_steps": (((0, 50), (1500, 90), (3000, 120), (7000, 150)), DA),
    "bonus_mixed_canasta": (300, DA),
    "bonus_natural_canasta": (500, DA),
    "bonus_natural_sequence": (1500, DA),
    "bonus_mixed_sequence": (0, DA),
    "bonus_bolivia": (BOLIVIA_WILD_MELD_BONUS, DA),
    "bonus_bolivia_three_twos_four_jokers": (BOLIVIA_WILD_MELD_BONUS, DA),
    "bonus_bolivia_seven_twos": (BOLIVIA_WILD_MELD_BONUS, DA),
    "red_three_value": (100, DA),
    "red_threes_all_total": (1000, DA),
    "red_threes_count_against": ("side cannot go out", DA),
    "red_three_from_pile_replaced": (False, AS),
    "black_three_in_hand": (100, DA),
    "going_out_needs": (_every((2, 3, 4), ESCALERA_AND_ANY), DA),
    "ask_partner": ("optional", DA),
    "going_out_bonus": (100, DA),
    "final_discard_optional": (True, AS),
    "concealed_going_out_bonus": (200, DA),
    "stock_out": ("when nobody can take the pile", AS),
    "target_score": (_every((2, 3, 4), 15_000), DA),
    "target_choices": ((2500, 5000, 7500, 10_000), DA),
    "hand_cap": (60, DA),
})  # fmt: skip

SWEDISH = _preset("swedish", "Swedish", {
    "card_values": (STANDARD_CARD_VALUES, SV),
    "decks": (3, SV),
    "jokers": (6, SV),
    "sides": ({2: (1, 1), 3: (1, 1, 1), 4: (2, 2), 5: (2, 3), 6: (3, 3)}, SV),
    "hand_size": (_every((2, 3, 4, 5, 6), 15), SV),
    "first_dealer": ("highest card", SV),
    "cover_red_three_upcard": (True, SV),
    "keep_two_cards": (False, SV),
    "draw_count": (_every((2, 3, 4, 5, 6), 2), SV),
    "pile_blocked_by": ({"black 3"}, SV),
    "pile_take_ways": ({"natural pair", "suited sequence pair", "two wilds"}, SV),
    "pile_frozen_when": (set(), SV),
    "pile_new_meld_only": (True, AS),
    "pile_cards_taken": (4, SV),
    "take_top_card_onto_sequence": (False, SV),
    "pile_counts_for_initial_meld": (True, SV),
    "one_card_pile_with_one_card": (True, SV),
    "discard_forbidden": (set(), SV),
    "meld_min_cards": (3, SV),
    "same_rank_min_naturals": (2, SV),
    "same_rank_max_wilds": (2, SV),
    "same_rank_wild_balance": ("no ratio", SV),
    "wilds_onto_complete_canasta": (False, SV),
    "same_rank_melds_per_rank": ("another only after a canasta", SV),
    "sequences": (True, SV),
    "sequence_low_rank": (4, SV),
    "sequence_max_wilds": (1, SV),
    "sequence_length": (7, SV),
    "sequence_overflow": ("start a new sequence", SV),
    "sequence_called": ("samba", SV),
    "wild_melds": (True, SV),
    "wild_meld_length": (7, SV),
    "black_three_meld_max": (6, SV),
    "black_three_meld_wilds": (0, SV),
    "black_three_under_sequence": (True, SV),
    "initial_meld_below_zero": (15, SV),
    "initial_meld_steps": (((0, 50), (1500, 90), (3000, 120), (7000, 150)), SV),
    "bonus_mixed_canasta": (300, SV),
    "bonus_natural_canasta": (500, SV),
    "bonus_natural_sequence": (1500, SV),
    "bonus_mixed_sequence": (1000, SV),
    "bonus_bolivia": (2000, SV),
    "bonus_bolivia_three_twos_four_jokers": (3000, SV),
    "bonus_bolivia_seven_twos": (4000, SV),
    "red_three_value": (100, SV),
    "red_threes_all_total": (1200, SV),
    "red_threes_count_against": ("side has not melded", SV),
    "red_three_from_pile_replaced": (False, SV),
    "black_three_in_hand": (100, SV),
    "going_out_needs": (
        _every((2, 3, 4, 5, 6), (("sequence", "canasta"), ("sequence", "bolivia"), ("sequence", "sequence"))),
        SV,
    ),
    "ask_partner": ("required", SV),
    "going_out_bonus": (200, SV),
    "final_discard_optional": (True, SV),
    "concealed_going_out_bonus": (200, SV),
    "stock_out": ("when the player to move cannot take the pile", SV),
    "target_score": (_every((2, 3, 4, 5, 6), 15_000), SV),
    "target_choices": ((), SV),
    "hand_cap": (60, AS),
})  # fmt: skip

TWO_DECK = _preset("two-deck", "two-deck", {
    "card_values": (STANDARD_CARD_VALUES, NO),
    "decks": (2, NO),
    "jokers": (4, NO),
    "sides": ({4: (2, 2)}, NO),
    "hand_size": ({4: 11}, NO),
    "first_dealer": ("player 1", AS),
    "cover_red_three_upcard": (True, AS),
    "keep_two_cards": (False, NO),
    "draw_count": ({4: 1}, AS),
    "pile_blocked_by": (set(), NO),
    "pile_take_ways": ({"natural pair", "natural and wild", "own meld"}, NO),
    "pile_frozen_when": (
        {"side has not melded", "pile holds a wild", "pile holds a black 3", "pile holds a red 3"},
        NO,
    ),
    "pile_new_meld_only": (False, NO),
    "pile_cards_taken": ("all", NO),
    "take_top_card_onto_sequence": (False, NO),
    "pile_counts_for_initial_meld": (True, AS),
    "one_card_pile_with_one_card": (False, NO),
    "discard_forbidden": (set(), NO),
    "meld_min_cards": (3, NO),
    "same_rank_min_naturals": (2, NO),
    "same_rank_max_wilds": (3, NO),
    "same_rank_wild_balance": ("naturals outnumber wilds", NO),
    "wilds_onto_complete_canasta": (True, NO),
    "same_rank_melds_per_rank": ("one", AS),
    "sequences": (True, NO),
    "sequence_low_rank": (4, NO),
    "sequence_max_wilds": (0, NO),
    "sequence_length": (7, NO),
    "sequence_overflow": ("refused", NO),
    "sequence_called": ("canasta", NO),
    "wild_melds": (True, NO),
    "wild_meld_length": (7, AS),
    "black_three_meld_max": (4, NO),
    "black_three_meld_wilds": (0, NO),
    "black_three_under_sequence": (False, NO),
    "initial_meld_below_zero": (15, NO),
    "initial_meld_steps": (((0, 50), (1500, 90), (3000, 120), (7000, 150)), NO),
    "bonus_mixed_canasta": (300, NO),
    "bonus_natural_canasta": (500, NO),
    "bonus_natural_sequence": (500, NO),  # seven or more melded cards are a canasta, natural without wilds
    "bonus_mixed_sequence": (0, NO),
    "bonus_bolivia": (BOLIVIA_WILD_MELD_BONUS, NO),
    "bonus_bolivia_three_twos_four_jokers": (BOLIVIA_WILD_MELD_BONUS, NO),
    "bonus_bolivia_seven_twos": (BOLIVIA_WILD_MELD_BONUS, NO),
    "red_three_value": (100, NO),
    "red_threes_all_total": (800, NO),
    "red_threes_count_against": ("side has not melded", AS),
    "red_three_from_pile_replaced": (False, NO),
    "black_three_in_hand": (100, NO),
    "going_out_needs": ({4: ESCALERA_AND_ANY}, NO),
    "ask_partner": ("optional", NO),
    "going_out_bonus": (100, NO),
    "final_discard_optional": (True, NO),
    "concealed_going_out_bonus": (200, NO),
    "stock_out": ("when nobody can take the pile", NO),
    "target_score": ({4: 15_000}, NO),
    "target_choices": ((), NO),
    "hand_cap": (60, AS),
})  # fmt: skip

# The "Standard Canasta" column of the Danish text (and its Polish and Czech copies).
CANASTA = _preset("canasta", "Canasta", {
    "card_values": (STANDARD_CARD_VALUES, DA),
    "decks": (2, DA),
    "jokers": (4, DA),
    "sides": ({2: (1, 1), 3: (1, 1, 1), 4: (2, 2)}, DA),
    "hand_size": ({2: 15, 3: 13, 4: 11}, DA),
    "first_dealer": ("player 1", AS),
    "cover_red_three_upcard": (True, AS),
    "keep_two_cards": (False, DA),
    "draw_count": ({2: 2, 3: 2, 4: 1}, DA),
    "pile_blocked_by": ({"wild", "black 3"}, DA),
    "pile_take_ways": ({"natural pair", "natural and wild", "own meld"}, DA),
    "pile_frozen_when": ({"side has not melded", "pile holds a wild"}, DA),
    "pile_new_meld_only": (False, DA),
    "pile_cards_taken": ("all", DA),
    "take_top_card_onto_sequence": (False, DA),
    "pile_counts_for_initial_meld": (True, DA),
    "one_card_pile_with_one_card": (False, AS),
    "discard_forbidden": ({"red 3"}, DA),
    "meld_min_cards": (3, DA),
    "same_rank_min_naturals": (2, DA),
    "same_rank_max_wilds": (3, DA),
    "same_rank_wild_balance": ("naturals outnumber wilds", DA),
    "wilds_onto_complete_canasta": (True, DA),
    "same_rank_melds_per_rank": ("one", AS),
    "sequences": (False, DA),
    "sequence_low_rank": (4, DA),
    "sequence_max_wilds": (0, DA),
    "sequence_length": (7, DA),
    "sequence_overflow": ("refused", DA),
    "sequence_called": ("escalera", AS),
    "wild_melds": (False, DA),
    "wild_meld_length": (7, DA),
    "black_three_meld_max": (4, AS),
    "black_three_meld_wilds": (0, AS),
    "black_three_under_sequence": (False, DA),
    "initial_meld_below_zero": (15, DA),
    "initial_meld_steps": (((0, 50), (1500, 90), (3000, 120)), DA),
    "bonus_mixed_canasta": (300, DA),
    "bonus_natural_canasta": (500, DA),
    "bonus_natural_sequence": (0, DA),
    "bonus_mixed_sequence": (0, DA),
    "bonus_bolivia": (0, DA),
    "bonus_bolivia_three_twos_four_jokers": (0, DA),
    "bonus_bolivia_seven_twos": (0, DA),
    "red_three_value": (100, DA),
    "red_threes_all_total": (800, DA),
    "red_threes_count_against": ("side has not melded", DA),
    "red_three_from_pile_replaced": (False, AS),
    "black_three_in_hand": (5, DA),
    "going_out_needs": ({2: (("canasta", "canasta"),), 3: (("canasta",),), 4: (("canasta",),)}, DA),
    "ask_partner": ("optional", DA),
    "going_out_bonus": (100, DA),
    "final_discard_optional": (True, AS),
    "concealed_going_out_bonus": (200, DA),
    "stock_out": ("when nobody can take the pile", AS),
    "target_score": ({2: 5000, 3: 7500, 4: 5000}, DA),
    "target_choices": ((2500, 5000, 7500, 10_000), DA),
    "hand_cap": (60, AS),
})  # fmt: skip

PRESETS: Mapping[str, Rules] = MappingProxyType(
    {r.name: r for r in (BOLIVIA, SWEDISH, TWO_DECK, CANASTA)}
)
PRESET_BY_NAME.update(PRESETS)
_ALIASES = {"default": "bolivia", "two_deck": "two-deck", "twodeck": "two-deck", "standard": "canasta"}


def preset_names() -> tuple[str, ...]:
    return tuple(PRESETS)


def rules_title(rules: Rules | str) -> str:
    """A rule set's title in the current language: a preset's from the catalogue (a preset changed by
    house rules is a club's), a club's its own title."""
    if isinstance(rules, str):
        return render(f"rules-title:{rules}") if rules in PRESETS else rules
    if rules.name in PRESETS and rules.base == rules.name and not rules.house_rules():
        return render(f"rules-title:{rules.name}")
    return rules.title


def get_rules(name: str = "bolivia") -> Rules:
    """The preset called ``name``; an unknown name raises ``RulesError`` listing the known ones."""
    key = name.strip().lower() if isinstance(name, str) else name
    key = _ALIASES.get(key, key)
    try:
        return PRESETS[key]
    except (KeyError, TypeError):
        raise RulesError("rules-unknown-preset", name=repr(name), known=", ".join(PRESETS)) from None


def resolve_rules(rules: Rules | str) -> Rules:
    """Accept a preset name or a rules object, as every public function does."""
    return rules if isinstance(rules, Rules) else get_rules(rules)
