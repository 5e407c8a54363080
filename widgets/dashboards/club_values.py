"""A club's rule values read in the form the pages display them, and the control that fits each knob.

The shape of a value comes from the engine: the knob's type (a Literal names its choices), its check
(``dataclasses.fields`` of ``Rules``) and its value in the base preset; whether a value is allowed is
always the check's call.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import fields
from typing import Any, Literal, get_args, get_origin, get_type_hints

from bolivia_core.rules import Rules, format_value

__all__ = ["choices_of", "expected_of", "kind_of", "parse_displayed"]

_FIELDS = {f.name: f for f in fields(Rules) if "check" in f.metadata}
_HINTS = get_type_hints(Rules)  # each knob's type: bool, int, a Literal of choices, a frozenset of one, ...


class ValueUnreadable(ValueError):
    """Text that cannot be read as a value of the knob's shape."""


def _check(name: str) -> Any:
    return _FIELDS[name].metadata["check"]


def expected_of(name: str) -> str:
    """What the knob's check asks for, in its own words ("a whole number from 0 to 7")."""
    return str(_check(name)(None))


def problem_with(name: str, value: Any) -> str | None:
    """The check's objection to a value, or None."""
    problem = _check(name)(value)
    return str(problem) if problem else None


def choices_of(name: str) -> tuple[str, ...]:
    """The words a choice or set knob allows: its type's Literal choices that its check accepts."""
    hint = _HINTS[name]
    if get_origin(hint) is frozenset:
        inner = get_args(hint)[0]
        options = get_args(inner) if get_origin(inner) is Literal else ()
        return tuple(c for c in options if not _check(name)(frozenset({c})))
    if get_origin(hint) is Literal:
        return tuple(c for c in get_args(hint) if not _check(name)(c))
    return ()


def kind_of(name: str, like: Any) -> str:
    """Which control fits: number, yes-no, choice, set, table (keys to numbers) or text."""
    hint = _HINTS[name]
    if hint is bool:
        return "yes-no"
    if hint is int:
        return "number"
    if get_origin(hint) is Literal and choices_of(name):
        return "choice"
    if get_origin(hint) is frozenset and choices_of(name):
        return "set"
    if isinstance(like, Mapping) and all(type(v) is int for v in like.values()):
        return "table"
    return "text"


def _number(text: str) -> int:
    cleaned = re.sub(r"[\s,_\u00a0\u202f]", "", text)
    if re.fullmatch(r"-?\d{1,3}(\.\d{3})+", cleaned):  # "15.000", as Danish writes fifteen thousand
        cleaned = cleaned.replace(".", "")
    if not re.fullmatch(r"-?\d+", cleaned):
        raise ValueUnreadable(text)
    return int(cleaned)


def _like(text: str, like: Any) -> Any:
    """Read ``text`` as a value shaped like ``like`` (the knob's value in the base preset)."""
    text = text.strip()
    if isinstance(like, bool):
        words = {"yes": True, "true": True, "no": False, "false": False}
        if text.lower() not in words:
            raise ValueUnreadable(text)
        return words[text.lower()]
    if isinstance(like, int):
        return text if text == "all" else _number(text)  # "all" is the one word a number knob takes
    if isinstance(like, str):
        return _number(text) if re.fullmatch(r"[\d,\s]+", text) else text
    if isinstance(like, frozenset):
        return frozenset() if text in ("", "none") else frozenset(p.strip() for p in text.split(","))
    if isinstance(like, Mapping):
        sample = next(iter(like.values()))
        table: dict[Any, Any] = {}
        for part in filter(None, (p.strip() for p in text.split(";"))):
            key, colon, rest = part.partition(":")
            if not colon:
                raise ValueUnreadable(part)
            key = key.strip()
            table[_number(key) if all(type(k) is int for k in like) else key] = _like(rest, sample)
        return table
    if isinstance(like, tuple):
        if text in ("", "none"):
            return ()
        if like and all(isinstance(v, tuple) for v in like):  # alternatives or steps: "a or b"
            return tuple(_like(p, like[0]) for p in text.split(" or "))
        if like and all(isinstance(v, str) for v in like):  # melds joined: "sequence + any"
            return tuple(p.strip() for p in text.split("+"))
        separator = "-" if len(like) == 2 and "-" in text else ","  # a step "1500-90", or "1, 1"
        return tuple(_number(p) for p in text.split(separator) if p.strip())
    raise ValueUnreadable(text)


def parse_displayed(name: str, text: str, like: Any) -> Any:
    """The value ``text`` means, read as the pages display this knob (``format_value``): "10,000",
    "2: 10,000; 3: 10,000", "wild, black 3", "0-50 or 1500-90", "yes". Raises ``ValueUnreadable``."""
    return _like(text, like)


def display(value: Any) -> str:
    """A value as the pages show it (the engine's ``format_value``)."""
    return format_value(value)
