"""The golden meld table (tests/golden/melds.txt), each row worked out from the rule text."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from bolivia_core import check_addition, check_meld

TABLE = Path(__file__).parent / "golden" / "melds.txt"


@dataclass(frozen=True)
class GoldenMeld:
    preset: str
    cards: str
    onto: str | None
    going_out: bool
    legal: bool
    kind: str | None
    label: str | None
    bonus: int
    points: int | None
    codes: frozenset[str]
    rule: str
    line: int


def _parse_expectation(words: list[str]) -> dict[str, object]:
    head, *rest = words
    if head == "illegal":
        assert rest, "an illegal case must name the rules it breaks"
        return {"legal": False, "kind": None, "label": None, "bonus": 0, "points": None,
                "codes": frozenset(rest)}  # fmt: skip
    assert head == "legal", f"expected 'legal' or 'illegal', got {head!r}"
    kind, *rest = rest
    found: dict[str, object] = {"legal": True, "kind": kind, "label": None, "bonus": 0,
                                "points": None, "codes": frozenset()}  # fmt: skip
    while rest:
        word, *rest = rest
        if word == "complete":
            found["label"], bonus, *rest = rest
            found["bonus"] = int(bonus)
        elif word == "points":
            points, *rest = rest
            found["points"] = int(points)
        else:
            raise AssertionError(f"unknown word {word!r} in expectation")
    return found


def load_table() -> list[GoldenMeld]:
    cases = []
    for number, line in enumerate(TABLE.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        preset, cards, context, expected, rule = (cell.strip() for cell in line.split("|"))
        onto = None
        going_out = False
        for part in filter(None, (p.strip() for p in context.split(";"))):
            if part == "going out":
                going_out = True
            elif part.startswith("onto "):
                onto = part.removeprefix("onto ")
            else:
                raise AssertionError(f"line {number}: unknown context {part!r}")
        fields = _parse_expectation(expected.split())
        cases.append(GoldenMeld(preset, cards, onto, going_out, rule=rule, line=number, **fields))  # type: ignore[arg-type]
    return cases


CASES = load_table()


def test_table_is_large_and_covers_every_preset() -> None:
    assert len(CASES) >= 150 - 40  # the rest of the 150+ golden cases are in test_golden_scoring.py
    assert {c.preset for c in CASES} == {"bolivia", "swedish", "two-deck", "canasta"}
    for preset in ("bolivia", "swedish", "two-deck", "canasta"):
        mine = [c for c in CASES if c.preset == preset]
        assert any(c.legal for c in mine) and any(not c.legal for c in mine)


@pytest.mark.parametrize("case", CASES, ids=[f"L{c.line}-{c.preset}-{c.cards}" for c in CASES])
def test_golden_meld(case: GoldenMeld) -> None:
    if case.onto is None:
        verdict = check_meld(case.cards, case.preset, going_out=case.going_out)
    else:
        verdict = check_addition(case.onto, case.cards, case.preset, going_out=case.going_out)
    codes = {r.code for r in verdict.reasons}
    context = f"{case.rule}: {verdict}"
    assert verdict.legal == case.legal, context
    assert codes == case.codes, context
    if case.legal:
        assert verdict.kind == case.kind, context
        assert verdict.complete == (case.label is not None), context
        assert verdict.label == case.label, context
        assert verdict.bonus == case.bonus, context
    else:
        assert verdict.bonus == 0 and not verdict.complete, context
    if case.points is not None:
        assert verdict.points == case.points, context
    for reason in verdict.reasons:  # every reason renders to a sentence naming its numbers
        assert str(reason) and "{" not in str(reason), reason
