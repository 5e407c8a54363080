"""The computer players read the rules, never Bolivia's numbers: what a meld on its way is worth to
the look-ahead is the bonus its rules pay, the sequence windows are the preset's; and every weight of
the heuristic has a name, in one place."""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path

import pytest

from bolivia_core import get_rules
from bolivia_core.game import Game
from bolivia_core.melds import MeldKind
from bolivia_core.players import PLAYERS
from bolivia_core.seat import seat_view
from bolivia_core.players.heuristic import sequence_windows
from bolivia_core.players.lookahead import bonus_hope

PLAYERS_DIR = Path(__file__).resolve().parents[1] / "bolivia_core" / "players"

GROW_OR_COMPLETE = (
    "turn=1; phase=play; melds1=4S 5S 6S 7S 8S 9S 10S | 4H 5H 6H | 8C 8D 8S 8C 8D 2C; "
    "p1=7H 8H 9H QD 4C; pile=5C 9C JD QC KH 6D 10S"
)
"""Side 1 has a complete spade sequence, hearts 4-6 on their way, and six 8s with a 2. Player 1 may
lay 8H on the 8s (completing a mixed canasta, 300 points of bonus now) or 7H 8H 9H on the hearts
(six of the seven cards of a sequence, whose bonus comes only when complete); not both, for without
the 8H the 9H does not fit. The club heuristic rates the canasta a little higher, so strong looks
ahead at both: the choice turns on what a complete sequence pays."""

COMPLETE_THE_CANASTA = "add 8H to 3"
GROW_THE_SEQUENCE = "add 7H 8H 9H to 2"


def _strong(position: str, rules_name: str, **knobs: int) -> str:
    rules = get_rules(rules_name)
    if knobs:
        rules = rules.derive(f"{rules_name} paying as bolivia", **knobs)
    game = Game.from_position(position, rules=rules)
    return str(PLAYERS["strong"](0).choose(seat_view(game, game.to_move)).action)


def test_two_deck_where_a_sequence_pays_500_strong_completes_the_canasta() -> None:
    """In two-deck a complete sequence is a canasta worth 500, little more than the mixed canasta's
    300 in hand now: strong completes the 8s. The same table where a sequence pays Bolivia's 1,500
    makes the six-card sequence worth growing, and strong grows it (as every preset did when the
    look-ahead valued every sequence at 1,500)."""
    assert get_rules("two-deck").bonus_natural_sequence == 500
    assert _strong(GROW_OR_COMPLETE, "two-deck") == COMPLETE_THE_CANASTA
    assert _strong(GROW_OR_COMPLETE, "two-deck", bonus_natural_sequence=1500) == GROW_THE_SEQUENCE


SWEDISH_WILD_SEQUENCES = (
    "players=4; seed=4; target=15000; hand=1; dealer=3; turn=1; phase=play; scores=0,0; "
    "p1=3S 3S 5C 6C 6S 9H KS; p2=6S 7S 7S JS KD; p3=5D 5H 8D 10S; p4=8H JH QS KH KH AC; "
    "melds1=2D AC AH AS | 7C 7D 7D 2S 7H 7H JK 7D | 9C 10C JC QC KC | 10D 10D 10S 10H | 4C 5C 6C | 8S 8D 8H | "
    "QD JD KD AD | QS KS AS | 2C KH AH; "
    "melds2=AC AD AS AD | 4C 2H 4D 4H 4S 4D 4S 4D | 5H 6H JK 8H | 5D 5D 5S 5H 5S | 10C JC QC 9C 8C | "
    "10D JD JK 8D QD | 10C JC JK 8C QC | JD JH JH; red1=3H; red2=3H 3D; pile=3C 3S 3C; "
    "stock=9H JK 3H 5C KC 3D 3C 6S 10H 2S 4H QH 6D 9S KC 6H QH 6D QD 8S QS 9C JS 2H 6D 6H JS 4H AH 9H 3D KS "
    "9D 7H 4S 9S 2H 2D 7S KD 2C QH 2S 8C 10H 9D 8S 7C JK 7C 10S 6C 5S 2D 9D 2C 4C 9S; "
    "unopened=no; asked=-; asker=0; pending=-; passes=0"
)
"""Player 1's discard in a seeded club game under Swedish rules (seed 4, found by searching seeded games
for a turn where the sequence bonus decides): both sides' tables hold sequences with a wild card
(player 2's side three of them, one a card from complete), and KS fits player 1's side's QS KS AS."""


def test_swedish_where_a_sequence_with_a_wild_pays_1000_strong_discards_otherwise() -> None:
    """The Swedish text pays 1,000 for a samba with a wild card, 1,500 without. Strong's look-ahead
    plays the hand out under the rules it is given: at Swedish's 1,000 it throws the black 3 and keeps
    KS; where such a sequence paid 1,500 (Bolivia's number for every sequence, which the look-ahead
    used to apply everywhere) the same table throws KS instead."""
    assert get_rules("swedish").bonus_mixed_sequence == 1000
    assert _strong(SWEDISH_WILD_SEQUENCES, "swedish") == "discard 3S"
    assert _strong(SWEDISH_WILD_SEQUENCES, "swedish", bonus_mixed_sequence=1500) == "discard KS"


@pytest.mark.parametrize(
    ("preset", "kind", "wild", "paid"),
    [
        ("bolivia", MeldKind.SEQUENCE, False, 1500),  # the escalera
        ("two-deck", MeldKind.SEQUENCE, False, 500),  # seven in sequence are a canasta there
        ("swedish", MeldKind.SEQUENCE, False, 1500),  # the natural samba ...
        ("swedish", MeldKind.SEQUENCE, True, 1000),  # ... and the one with a wild card
        ("canasta", MeldKind.SEQUENCE, False, 0),  # no sequences at all
        ("bolivia", MeldKind.WILD, False, 2500),
        ("swedish", MeldKind.WILD, False, 2000),
        ("canasta", MeldKind.WILD, False, 0),  # no wild melds
        ("bolivia", MeldKind.SAME_RANK, False, 400),  # it may end mixed (300) or natural (500)
    ],
)
def test_a_meld_on_its_way_is_worth_what_its_rules_pay_once_complete(
    preset: str, kind: MeldKind, wild: bool, paid: int
) -> None:
    """The bonuses of RULES.md's table, per preset."""
    assert bonus_hope(kind, get_rules(preset), wild) == paid


def test_the_sequence_windows_are_the_presets_ranks_and_length() -> None:
    """A sequence runs from 4 up to the ace, seven cards long: five windows, 4-10 to 8-A; a rule set
    with another length or lowest rank has other windows."""
    bolivia = get_rules("bolivia")
    assert sequence_windows(bolivia) == ((4, 10), (5, 11), (6, 12), (7, 13), (8, 14))
    short = replace(bolivia, sequence_length=5)  # no preset has one: the knob's own check allows only 7
    assert sequence_windows(short) == ((4, 8), (5, 9), (6, 10), (7, 11), (8, 12), (9, 13), (10, 14))
    assert sequence_windows(replace(bolivia, sequence_low_rank=5)) == ((5, 11), (6, 12), (7, 13), (8, 14))


NAMED_HOMES = {"Style", "LookAhead", "Search"}
"""The frozen values whose fields are the players' weights."""


def _unnamed_numbers(path: Path) -> list[str]:
    """Numbers of 10 or more in a module that are neither a field default of a named-weights class
    nor a module constant (``NAME = number``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    allowed: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name in NAMED_HOMES:
            allowed.update(id(n) for n in ast.walk(node))
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            allowed.update(id(n) for n in ast.walk(node.value) if isinstance(n, ast.Constant))
    found = []
    for node in ast.walk(tree):
        value = getattr(node, "value", None) if isinstance(node, ast.Constant) else None
        if isinstance(value, int | float) and not isinstance(value, bool) and abs(value) >= 10:
            if id(node) not in allowed:
                found.append(f"{path.name}:{node.lineno}: {value}")
    return found


def test_every_weight_of_ten_or_more_has_a_name_in_one_place() -> None:
    found = [n for path in sorted(PLAYERS_DIR.glob("*.py")) for n in _unnamed_numbers(path)]
    assert not found, "numbers without a name in the players: " + ", ".join(found)
