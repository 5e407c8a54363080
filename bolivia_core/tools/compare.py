"""Rule sets side by side: differences generated from the data, club rule files, rules sheets,
and one situation judged under several rule sets at once.

Nothing here is written by hand per preset: every table comes from the
``Rules`` objects and their knobs, so a new knob or a club's house rule shows
up everywhere by itself.
"""

from __future__ import annotations

import html
import json
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..actions import TakePile, TakeTop
from ..cards import format_cards, parse_cards
from ..game import Game
from ..melds import check_meld
from ..i18n import EN, format_number, has_code, normalise_language, render
from ..rules import (
    ASSUMPTION,
    HOUSE_RULE,
    KNOB_NAMES,
    SOURCE_LABELS,
    Rules,
    RulesError,
    format_value,
    get_rules,
    plain_value,
    preset_names,
    resolve_rules,
)
from ..scoring import ScoringError, may_go_out, needs_text, score_side

__all__ = [
    "ClubFileError",
    "KnobDifference",
    "compare_situation",
    "diff_rules",
    "load_club_rules",
    "read_club_file",
    "rules_sheet_html",
    "save_club_rules",
    "section_of",
    "value_text",
]

# The sections of RULES.md, each named by its first knob and by its heading's catalogue code.
SECTION_CODES = (
    ("card_values", "section:cards"),
    ("draw_count", "section:turn"),
    ("meld_min_cards", "section:melds"),
    ("initial_meld_below_zero", "section:initial"),
    ("bonus_mixed_canasta", "section:bonuses"),
    ("red_three_value", "section:threes"),
    ("going_out_needs", "section:going-out"),
    ("target_score", "section:game"),
)
SECTIONS = tuple((knob, render(code, language="en")) for knob, code in SECTION_CODES)
_SOURCE_LABEL_CODES = {
    "000_faf31db2e1bc4557.txt": "source-label:swedish",
    "001_884e3db699ee2541.txt": "source-label:danish",
    "002_4f78e111dea169c8.txt": "source-label:norwegian",
}


def section_of(knob: str, language: str | None = "en") -> str:
    """The RULES.md section a knob belongs to (its heading in ``language``; None: the process's)."""
    current = SECTION_CODES[0][1]
    for name in KNOB_NAMES:
        current = dict(SECTION_CODES).get(name, current)
        if name == knob:
            return render(current, language=language)
    raise RulesError("rules-unknown-knob", knob=repr(knob), known=", ".join(KNOB_NAMES))


def value_text(value: Any, language: str | None = None) -> str:
    """A knob value as short text in ``language``: yes/no, numbers written the language's way.

    Choice values ("natural pair", "refused") are said in the language too; a club file keeps
    the English identifiers, which are the knobs' data.
    """
    language = normalise_language(language)
    if language == "en":
        return format_value(value)
    if isinstance(value, frozenset | set):
        return ", ".join(value_text(v, language) for v in sorted(value)) or render("value:none", language=language)
    if isinstance(value, Mapping):
        return "; ".join(f"{k}: {value_text(v, language)}" for k, v in value.items())
    if isinstance(value, tuple):
        if value and all(isinstance(v, str) for v in value):
            return " + ".join(value_text(v, language) for v in value)
        if value and all(isinstance(v, tuple) for v in value):
            return render("value-or", language=language).join(
                value_text(v, language) if all(isinstance(x, str) for x in v)
                else "-".join(format_number(x, language) for x in v) for v in value
            )  # fmt: skip
        return ", ".join(format_number(v, language) for v in value) or render("value:none", language=language)
    if isinstance(value, bool):
        return render("value:yes" if value else "value:no", language=language)
    if isinstance(value, int):
        return format_number(value, language)
    if isinstance(value, str) and has_code(f"value:{value}"):
        return render(f"value:{value}", language=language)
    return str(value)


@dataclass(frozen=True)
class KnobDifference:
    """One knob on which rule sets disagree: every set's value, source and assumption flag."""

    knob: str
    description: str
    values: dict[str, Any]
    sources: dict[str, str]

    @property
    def assumptions(self) -> dict[str, bool]:
        return {name: source == ASSUMPTION for name, source in self.sources.items()}

    def to_dict(self) -> dict[str, Any]:
        return {
            "knob": self.knob,
            "description": self.description,
            "values": {name: plain_value(v) for name, v in self.values.items()},
            "sources": dict(self.sources),
            "assumptions": self.assumptions,
        }


def _labelled(rule_sets: Sequence[Rules | str]) -> list[tuple[str, Rules]]:
    """Each rule set with a unique label (its name; a repeated name gets a number)."""
    labelled: list[tuple[str, Rules]] = []
    for item in rule_sets:
        rules = resolve_rules(item)
        label = rules.name
        taken = {name for name, _ in labelled}
        number = 2
        while label in taken:
            label, number = f"{rules.name} ({number})", number + 1
        labelled.append((label, rules))
    return labelled


def diff_rules(*rule_sets: Rules | str) -> list[KnobDifference]:
    """Every knob whose value is not the same in all of ``rule_sets`` (two or more), in knob order."""
    if len(rule_sets) < 2:
        raise RulesError("rules-compare-two")
    labelled = _labelled(rule_sets)
    differences = []
    for name in KNOB_NAMES:
        values = [getattr(rules, name) for _, rules in labelled]
        if any(v != values[0] for v in values[1:]):
            first = labelled[0][1].knob(name)
            differences.append(KnobDifference(
                name, first.description,
                {label: getattr(rules, name) for label, rules in labelled},
                {label: rules.sources[name] for label, rules in labelled},
            ))  # fmt: skip
    return differences


# --- club rule files --------------------------------------------------------------------

CLUB_FIELDS = ("name", "title", "base", "house_rules")
PRESET_NAMES = preset_names()


class ClubFileError(ValueError):
    """A club rules file that cannot be read as it is; the message names the field."""


def _club_error(code: str, field: str | None = None, **params: object) -> ClubFileError:
    """The refusal ``code`` in the process's language, naming the file's ``field`` when it is one field's fault."""
    problem = render(code, params)
    return _in_club_field(field, problem) if field else ClubFileError(problem)


def _in_club_field(field: str, problem: str) -> ClubFileError:
    return ClubFileError(render("in-field", {"field": field, "problem": problem}))


def save_club_rules(rules: Rules, form: str = "toml", language: str | None = None) -> str:
    """A small human-readable file: the base preset and the knobs the club changed; its comments
    (the opening line, what each knob means) in ``language`` (default: the process's), as the club reads it."""
    house = rules.house_rules()
    head = {"name": rules.name, "title": rules.title, "base": rules.base}
    if form == "json":
        data = head | {"house_rules": {k: plain_value(v) for k, v in house.items()}}
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    if form != "toml":
        raise _club_error("club-file-form", form=repr(form))
    base = EN.get(f"rules-title:{rules.base}", rules.base)  # a catalogue word, said in the language
    lines = ["# " + render("club-rules-file-head", {"title": rules.title, "base": base}, language), ""]
    lines += [f"{key} = {_toml(value)}" for key, value in head.items()]
    lines += ["", "[house_rules]"]
    for knob, value in house.items():
        described = render(f"knob:{knob}", language=language) if f"knob:{knob}" in EN else rules.knob(knob).description
        lines.append("# " + " ".join(described.split()))  # one comment line, whatever the language's text
        lines.append(f"{knob} = {_toml(plain_value(value))}")
    return "\n".join(lines) + "\n"


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{_toml_key(k)} = {_toml(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML form for {value!r}")


def _toml_key(key: Any) -> str:
    text = str(key)
    return text if text.replace("_", "").replace("-", "").isalnum() else json.dumps(text)


def load_club_rules(text: str, form: str = "toml") -> Rules:
    """Rules from a club file; anything wrong is refused whole, naming the field."""
    try:
        data = tomllib.loads(text) if form == "toml" else json.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as error:
        raise _club_error("club-file-unreadable", form=form.upper(), detail=str(error)) from None
    if not isinstance(data, dict):
        raise _club_error("club-file-fields", fields=", ".join(CLUB_FIELDS))
    unknown = [k for k in data if k not in CLUB_FIELDS]
    if unknown:
        raise _club_error("club-file-unknown-field", name=repr(unknown[0]), fields=", ".join(CLUB_FIELDS))
    for key in ("name", "base"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise _club_error("club-file-name-needed", key)
    try:
        base = get_rules(data["base"])
    except RulesError as error:
        raise _in_club_field("base", str(error)) from None
    changes = data.get("house_rules", {})
    if not isinstance(changes, dict):
        raise _club_error("club-file-table", "house_rules")
    try:
        return base.derive(data["name"], str(data.get("title") or data["name"]), **changes)
    except RulesError as error:
        raise _in_club_field("house_rules", str(error)) from None


def read_club_file(path: str | Path) -> Rules:
    """A club rules file from disk: ``.toml`` or ``.json``."""
    path = Path(path)
    form = {".toml": "toml", ".json": "json"}.get(path.suffix.lower())
    if form is None:
        raise _club_error("club-file-suffix", file=path.name)
    return load_club_rules(path.read_text(encoding="utf-8"), form)


# --- a printable rules sheet --------------------------------------------------------------


def source_words(source: str, language: str | None = None) -> str:
    """Where a knob's value comes from, in words: a house rule, an assumption, or a rule text."""
    if source == HOUSE_RULE:
        return render("source:house", language=language)
    if source == ASSUMPTION:
        return render("source:assumption", language=language)
    label = render(_SOURCE_LABEL_CODES[source], language=language) if source in _SOURCE_LABEL_CODES else None
    return render("source:text", {"source": label or SOURCE_LABELS.get(source, source)}, language=language)


def _title(rules_title: str, language: str) -> str:
    """A preset's title in ``language`` (a club's own title stays as the club wrote it)."""
    for code in ("rules-title:bolivia", "rules-title:swedish", "rules-title:two-deck", "rules-title:canasta"):
        if render(code, language="en") == rules_title:
            return render(code, language=language)
    return rules_title


def rules_sheet_html(rules: Rules, language: str | None = None) -> str:
    """Every rule of ``rules`` in words with its value and its source, as a printable HTML page
    in ``language`` (default: the process's), its ``lang`` attribute set for screen readers."""
    language = normalise_language(language)
    starts = dict(SECTION_CODES)
    rows = []
    for knob in rules.knobs():
        if knob.name in starts:
            heading = render(starts[knob.name], language=language)
            rows.append(f"<tr class='section'><th colspan='3'>{html.escape(heading)}</th></tr>")
        kind = "house" if knob.source == HOUSE_RULE else "assumption" if knob.is_assumption else "sourced"
        description = render(f"knob:{knob.name}", language=language)
        rows.append(
            f"<tr class='{kind}'><td>{html.escape(description[0].upper() + description[1:])}</td>"
            f"<td class='value'>{html.escape(value_text(knob.value, language))}</td>"
            f"<td class='source'>{html.escape(source_words(knob.source, language))}</td></tr>"
        )
    house = len(rules.house_rules())
    base = rules.base
    if language != "en" and rules.base in PRESET_NAMES:
        base = _title(get_rules(rules.base).title, language)
    subtitle = render("sheet-base-house" if house else "sheet-base", {"base": base, "count": house}, language)
    title = _title(rules.title, language)
    sheet_title = render("sheet-title", {"title": title}, language)
    star = render("sheet-star", language=language)
    return f"""<!DOCTYPE html>
<html lang="{language}"><head><meta charset="utf-8"><title>{html.escape(sheet_title)}</title>
<style>
body {{ font: 11pt/1.4 Georgia, serif; margin: 2em auto; max-width: 50em; color: #111; }}
table {{ border-collapse: collapse; width: 100%; }}
td, th {{ border-bottom: 1px solid #ccc; padding: .3em .5em; text-align: left; vertical-align: top; }}
tr.section th {{ padding-top: 1.2em; font-size: 1.1em; border-bottom: 2px solid #333; }}
td.value {{ font-family: monospace; white-space: pre-wrap; }}
td.source {{ font-size: .85em; color: #444; }}
tr.house td.source {{ font-weight: bold; }}
tr.house td:first-child::before {{ content: "★ "; }}
@media print {{ body {{ margin: 0; }} tr {{ break-inside: avoid; }} }}
</style></head><body>
<h1>{html.escape(title)}</h1>
<p>{html.escape(subtitle)}. {html.escape(star)}</p>
<table>
{chr(10).join(rows)}
</table></body></html>
"""


# --- one situation judged under several rule sets ---------------------------------------------


def compare_situation(
    rule_sets: Sequence[Rules | str],
    *,
    candidates: Sequence[str] = (),
    table: Sequence[str] = (),
    hand: str = "",
    pile: str = "",
    red_threes: int = 0,
    score: int = 0,
) -> dict[str, Any]:
    """The same cards under each rule set: which candidate melds are legal (and why not),
    whether the pile may be taken, whether the side may go out, and how its table scores.

    ``table`` is the side's melds, ``hand`` the player's cards, ``pile`` the discard
    pile (top card last). Returns plain data, one column per rule set.
    """
    labelled = _labelled(rule_sets)
    parsed_candidates = [parse_cards(c) for c in candidates]
    columns = []
    for label, rules in labelled:
        table_verdicts = [check_meld(m, rules, going_out=True) for m in table]
        column: dict[str, Any] = {
            "rules": label,
            "title": rules.title,
            "melds": [_meld_data(check_meld(c, rules)) for c in parsed_candidates],
            "may_go_out": all(v.legal for v in table_verdicts) and may_go_out(table_verdicts, rules),
            "going_out_needs": needs_text(rules, _players(rules)),
            "pile": _pile_data(rules, table, hand, pile, score) if pile.strip() else None,
        }
        try:
            result = score_side(table, hand, red_threes=red_threes, rules=rules)
            column["score"] = result.to_dict()
        except ScoringError as error:
            column["score"] = {"error": str(error)}
        columns.append(column)
    return {"candidates": [format_cards(c) for c in parsed_candidates], "columns": columns}


def _players(rules: Rules) -> int:
    return rules.default_players


def _meld_data(verdict: Any) -> dict[str, Any]:
    return {"legal": verdict.legal, "summary": str(verdict), "reasons": [str(r) for r in verdict.reasons]}


def _pile_data(rules: Rules, table: Sequence[str], hand: str, pile: str, score: int) -> dict[str, Any]:
    """Whether the player may take the pile, built as a real position under these rules."""
    melds = " | ".join(format_cards(parse_cards(m)) for m in table)
    text = (f"rules={rules.name}; players={_players(rules)}; turn=1; scores={score},0; melds1={melds}; "
            f"p1={format_cards(parse_cards(hand))}; pile={format_cards(parse_cards(pile))}")  # fmt: skip
    try:
        game = Game.from_position(text, rules=rules)
    except ValueError as error:
        return {"may_take": False, "how": [], "why": [render("variant-impossible-here", {"problem": str(error)})]}
    takes = [str(a) for a in game.legal_actions() if isinstance(a, TakePile | TakeTop)]
    if takes:
        return {"may_take": True, "how": takes, "why": []}
    top = parse_cards(pile)[-1]
    same = tuple(c for c in parse_cards(hand) if c.is_natural and c.rank == top.rank)[:2]
    why = game.explain(TakePile(same or ()))
    return {"may_take": False, "how": [], "why": [str(r) for r in why]}
