"""A rule set as plain data and back: the rules file format, every knob checked when it is read."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from .knobs import KNOB_NAMES, Rules, RulesError, _check_knob, _check_player_tables, _normalise, plain_value

__all__ = ["RULES_FILE_FORMAT", "rules_from_dict", "rules_to_dict"]

RULES_FILE_FORMAT = "bolivia-explorer rules"


def rules_to_dict(rules: Rules) -> dict[str, Any]:
    """Every knob of ``rules`` with its source, as plain JSON-ready data."""
    return {
        "format": RULES_FILE_FORMAT,
        "name": rules.name,
        "title": rules.title,
        "base": rules.base,
        "knobs": {k.name: {"value": plain_value(k.value), "source": k.source} for k in rules.knobs()},
    }


def rules_from_dict(data: Any) -> Rules:
    """Rules from ``rules_to_dict`` data, every knob checked; anything wrong is refused whole."""
    if not isinstance(data, Mapping) or data.get("format") != RULES_FILE_FORMAT:
        raise RulesError("rules-file-format", format=RULES_FILE_FORMAT)
    knobs = data.get("knobs")
    if not isinstance(knobs, Mapping):
        raise RulesError("rules-file-knobs")
    missing = [k for k in KNOB_NAMES if k not in knobs]
    if missing:
        raise RulesError("rules-file-lacks-knob", knob=repr(missing[0]))
    values: dict[str, Any] = {}
    sources: dict[str, str] = {}
    for name, entry in knobs.items():
        if not isinstance(entry, Mapping) or "value" not in entry or not isinstance(entry.get("source"), str):
            raise RulesError("rules-file-knob-entry", knob=repr(name))
        values[name] = _normalise(name, entry["value"])
        _check_knob(name, values[name])
        sources[name] = entry["source"]
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise RulesError("rules-file-name")
    title = str(data.get("title") or name)
    base = str(data.get("base") or name)
    rules = Rules(name=name, title=title, sources=MappingProxyType(sources), base=base, **values)
    _check_player_tables(rules)
    return rules
