"""Bolivia and its relatives as data: cards, rule presets, meld legality and scoring.

The public API, used by the notebooks, the widgets and outside scripts::

    from bolivia_core import parse_cards, get_rules, check_meld, initial_meld_minimum, score_side
"""

from .build import install as _choose_build

_choose_build()  # the compiled modules, or the pure source (BOLIVIA_PURE=1), before any is imported

from .cards import Card, CardError, format_cards, full_deck, parse_cards
from .melds import MeldKind, MeldVerdict, SideMeldsVerdict, check_addition, check_meld, check_side_melds
from .i18n import LANGUAGES, Reason, get_language, render, set_language
from .rules import KnobInfo, Rules, RulesError, get_rules, preset_names
from .scoring import (
    InitialMeldVerdict,
    ScoreItem,
    ScoringError,
    SideScore,
    check_initial_meld,
    initial_meld_minimum,
    may_go_out,
    score_side,
)

__all__ = [
    "LANGUAGES",
    "Card",
    "CardError",
    "InitialMeldVerdict",
    "KnobInfo",
    "MeldKind",
    "MeldVerdict",
    "Reason",
    "Rules",
    "RulesError",
    "ScoreItem",
    "ScoringError",
    "SideMeldsVerdict",
    "SideScore",
    "check_addition",
    "check_initial_meld",
    "check_meld",
    "check_side_melds",
    "format_cards",
    "full_deck",
    "get_language",
    "get_rules",
    "initial_meld_minimum",
    "may_go_out",
    "parse_cards",
    "preset_names",
    "render",
    "score_side",
    "set_language",
]

__version__ = "0.1.0"
