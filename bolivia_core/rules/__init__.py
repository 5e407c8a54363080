"""Rules as data: one frozen ``Rules`` object per preset, every knob sourced.

Each knob is a field of ``Rules`` (``knobs``); its check of a value lives in the field's metadata and its
description in the message catalogue (``knob:NAME``, the one place a reader finds what a knob means, in
every language); each preset (``presets``) says its value and where that value comes from: a seed file of
``shared/seeds``, ``"assumption"`` where the seeds are silent, or ``"house rule"`` for a club's own change
made with ``Rules.derive``. ``files`` reads and writes a rule set as plain data.
"""

from .files import RULES_FILE_FORMAT, rules_from_dict, rules_to_dict
from .knobs import (
    ASSUMPTION,
    HOUSE_RULE,
    KNOB_NAMES,
    SOURCE_LABELS,
    CardClass,
    KnobInfo,
    Rules,
    RulesError,
    format_value,
    plain_value,
)
from .presets import PRESETS, get_rules, preset_names, resolve_rules, rules_title

__all__ = [
    "ASSUMPTION", "HOUSE_RULE", "KNOB_NAMES", "PRESETS", "RULES_FILE_FORMAT", "SOURCE_LABELS", "CardClass",
    "KnobInfo", "Rules", "RulesError", "format_value", "get_rules", "plain_value", "preset_names",
    "resolve_rules", "rules_from_dict", "rules_title", "rules_to_dict",
]  # fmt: skip
