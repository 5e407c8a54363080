"""Golden cases for RULES.md 3.1 (a side's melds), 3.5 (initial meld), 4, 5 and 6 (scoring).

Every expected figure is worked out by hand from the rule text; the sums are
written out beside each case. Card values (1.1): joker 50; 2 and ace 20;
K-8 10; 7-4 and black 3 5.
"""

from __future__ import annotations

import pytest

from bolivia_core import (
    ScoringError,
    check_initial_meld,
    check_side_melds,
    initial_meld_minimum,
    score_side,
)

# --- 3.5 the initial-meld minimum by the side's score --------------------------------

MINIMUMS = {
    #          <0   0   1495 1500 2995 3000 6995 7000 14995
    "bolivia": (15, 50, 50, 90, 90, 120, 120, 150, 150),
    "swedish": (15, 50, 50, 90, 90, 120, 120, 150, 150),
    "two-deck": (15, 50, 50, 90, 90, 120, 120, 150, 150),
    "canasta": (15, 50, 50, 90, 90, 120, 120, 120, 120),
}
SCORES = (-5, 0, 1495, 1500, 2995, 3000, 6995, 7000, 14995)
MINIMUM_CASES = [(p, s, m) for p, ms in MINIMUMS.items() for s, m in zip(SCORES, ms, strict=True)]


@pytest.mark.parametrize(("preset", "score", "minimum"), MINIMUM_CASES)
def test_initial_meld_minimum(preset: str, score: int, minimum: int) -> None:
    assert initial_meld_minimum(score, preset) == minimum


# (preset, melds, score, legal, points, rule)
INITIAL_MELDS = [
    # KH KS KD = 30 and AD AS AH = 60: 90 >= 50
    ("bolivia", ["KH KS KD", "AD AS AH"], 0, True, 90, "3.5 bolivia: several melds combine"),
    # 30 < 50: 20 short
    ("bolivia", ["KH KS KD"], 0, False, 30, "3.5 bolivia: 50 from 0"),
    # 4H 5H 6H = 15 and 2C 2D JK = 90: 105 >= 90
    ("bolivia", ["4H 5H 6H", "2C 2D JK"], 1500, True, 105, "3.5 bolivia: sequences and wild melds count"),
    # escalera 4-10: 4 x 5 + 3 x 10 = 50; its 1,500 bonus does not count: 50 < 90
    ("bolivia", ["4H 5H 6H 7H 8H 9H 10H"], 1500, False, 50, "3.5 only card values count"),
    # the same 50 is enough at 0
    ("bolivia", ["4H 5H 6H 7H 8H 9H 10H"], 0, True, 50, "3.5 only card values count"),
    # 15 at a negative score: 7H 7S 7D = 15
    ("bolivia", ["7H 7S 7D"], -20, True, 15, "3.5 below 0: 15"),
    # AH AS AD AC AH AS AD AC (8 aces) = 160 >= 150 at 7,000
    ("bolivia", ["AH AS AD AC AH AS AD AC"], 7000, True, 160, "3.5 bolivia: 150 from 7,000"),
    # JK JK 2C = 120 < 150 at 7,000 under bolivia ...
    ("bolivia", ["JK JK 2C"], 7000, False, 120, "3.5 bolivia: 150 from 7,000"),
    # ... but enough under canasta, whose top step is 120 (wild melds aside: KH KS KD KC JK JK 2C)
    ("canasta", ["KH KS KD KC JK JK 2C"], 7000, True, 160, "3.5 canasta: 120 from 3,000 up"),
    # an illegal meld never counts: KH KS 2C 2D breaks the bolivia wild balance, so 0 of 50
    ("bolivia", ["KH KS 2C 2D"], 0, False, 0, "3.5 melds must be legal"),
    # ... nor does it add to a legal one: 60 (aces) + 0 = 60 >= 50, yet the turn is refused
    ("bolivia", ["AH AS AD", "KH KS 2C 2D"], 0, False, 60, "3.5 melds must be legal"),
    # swedish 3,000: 120; QH QS QD QC 2C 2D = 40 + 40 = 80 and AH AS AD = 60: 140
    ("swedish", ["QH QS QD QC 2C 2D", "AH AS AD"], 3000, True, 140, "3.5 swedish: 120 from 3,000"),
    # two-deck 1,500: 90; 9H 9S 9D = 30 and 10H 10S 10D = 30: 60 < 90
    ("two-deck", ["9H 9S 9D", "10H 10S 10D"], 1500, False, 60, "3.5 two-deck: 90 from 1,500"),
]


@pytest.mark.parametrize(("preset", "melds", "score", "legal", "points", "rule"), INITIAL_MELDS)
def test_initial_meld(preset: str, melds: list[str], score: int, legal: bool, points: int, rule: str) -> None:
    verdict = check_initial_meld(melds, score, preset)
    assert (verdict.legal, verdict.points) == (legal, points), f"{rule}: {verdict}"
    if not legal:
        assert verdict.reasons and all(str(r) for r in verdict.reasons)
    if verdict.points < verdict.minimum:
        assert verdict.shortfall == verdict.minimum - verdict.points
        assert any(r.code == "initial-meld-short" for r in verdict.reasons)


# --- 3.1 same rank twice: a side's table ------------------------------------------------

SIDE_MELDS = [
    ("bolivia", ["KH KS KD", "KC KD KS"], True, set(), "3.1 bolivia: same rank twice allowed"),
    ("canasta", ["KH KS KD", "KC KD KS"], False, {"same-rank-twice"}, "3.1 canasta: one per rank per side"),
    ("canasta", ["KH KS KD", "QC QD QS"], True, set(), "3.1 canasta: one per rank per side"),
    ("swedish", ["KH KS KD", "KC KD KS"], False, {"same-rank-twice-open"},
     "3.1 swedish: another only after that rank's canasta"),
    ("swedish", ["KH KS KD KC KH KS KD", "KC KD KS"], True, set(),
     "3.1 swedish: another after that rank's canasta is complete"),
    ("swedish", ["4H 5H 6H", "4H 5H 6H"], True, set(), "3.2 swedish: more than one samba of a suit"),
    ("swedish", ["2C 2D JK", "JK 2H 2S"], True, set(), "3.3 swedish: several bolivias may exist"),
    ("bolivia", ["KH KS KD", "KH KS"], False, {"meld-illegal"}, "3.1 every meld must be legal"),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "melds", "legal", "codes", "rule"), SIDE_MELDS)
def test_side_melds(preset: str, melds: list[str], legal: bool, codes: set[str], rule: str) -> None:
    verdict = check_side_melds(melds, preset)
    assert verdict.legal == legal, f"{rule}: {verdict}"
    assert {r.code for r in verdict.reasons} == codes, f"{rule}: {verdict}"


# --- 4, 5 and 6: scoring a side's hand ---------------------------------------------------

ESCALERA_H = "4H 5H 6H 7H 8H 9H 10H"  # 4 x 5 + 3 x 10 = 50 points; escalera
KINGS_7 = "KH KH KS KS KD KD KC"  # 70 points; natural canasta
BOLIVIA_7 = "2C 2D 2H 2S JK JK JK"  # 4 x 20 + 3 x 50 = 230 points; bolivia (mixed under swedish)
QUEENS_MIXED = "QH QS QD QC QH 2C JK"  # 5 x 10 + 20 + 50 = 120 points; mixed canasta

# (preset, melds, hand, red 3s, went out, concealed, players, total, rule)
SCORES_GOLDEN = [
    # 1,500 + 50 + 500 + 70 + 2 x 100 + 100 = 2,420
    ("bolivia", [ESCALERA_H, KINGS_7], "", 2, True, False, None, 2420, "5.1 bolivia: 100 each; 6 going out 100"),
    # 1,500 + 50 + 500 + 70 + 1,000 (all six) + 100 = 3,220
    ("bolivia", [ESCALERA_H, KINGS_7], "", 6, True, False, None, 3220, "5.1 bolivia: 1,000 for all six"),
    # 5 red 3s are not all six: 1,500 + 50 + 500 + 70 + 500 = 2,620
    ("bolivia", [ESCALERA_H, KINGS_7], "", 5, False, False, None, 2620, "5.1 bolivia: 100 each below six"),
    # cannot go out (no complete meld): 30 - 2 x 100 - 5 (5H) - 100 (black 3) = -275
    ("bolivia", ["KH KS KD"], "5H 3S", 2, False, False, None, -275, "5.1 bolivia: red 3s against a side that cannot go out"),
    # melded an escalera but nothing else complete: still cannot go out: 1,500 + 50 + 30 - 100 = 1,480
    ("bolivia", [ESCALERA_H, "KH KS KD"], "", 1, False, False, None, 1480, "5.1 bolivia: red 3s against without a second complete meld"),
    # all six against: 30 - 1,000 = -970
    ("bolivia", ["KH KS KD"], "", 6, False, False, None, -970, "5.1 bolivia: 1,000 against"),
    # 5.2 two black 3s in hand: -200; 9H -10: 30 - 210 = -180
    ("bolivia", ["KH KS KD"], "3S 3C 9H", 0, False, False, None, -180, "5.2 bolivia: -100 per black 3 in hand"),
    # escalera and bolivia: 1,550 + 2,730 + 100 = 4,380
    ("bolivia", [ESCALERA_H, BOLIVIA_7], "", 0, True, False, None, 4380, "6 bolivia: escalera + bolivia may go out"),
    # two escaleras: 1,550 + (8S..AS: 3 x 10 + 10 + 10 + 20 + 10 = 80) 1,580 + 100 = 3,230
    ("bolivia", [ESCALERA_H, "8S 9S 10S JS QS KS AS"], "", 0, True, False, None, 3230, "6 bolivia: two escaleras may go out"),
    # concealed: 1,550 + 570 + 200 = 2,320
    ("bolivia", [ESCALERA_H, KINGS_7], "", 0, True, True, None, 2320, "6 bolivia: concealed 200"),
    # melded black 3s when going out score 5 each: 1,550 + 570 + 15 + 100 = 2,235
    ("bolivia", [ESCALERA_H, KINGS_7, "3S 3C 3S"], "", 0, True, False, None, 2235, "5.2 melded black 3s 5 each"),
    # swedish: all six red 3s 1,200; samba + canasta; going out 200: 1,550 + 570 + 1,200 + 200 = 3,520
    ("swedish", [ESCALERA_H, KINGS_7], "", 6, True, False, None, 3520, "5.1 swedish: all six 200 each; 6 going out 200"),
    # swedish: no meld, red 3s against: -200 - 10 (KH) = -210
    ("swedish", [], "KH", 2, False, False, None, -210, "5.1 swedish: red 3s against a side with no meld"),
    # swedish: melded, cannot go out, red 3s still count for it: 30 + 100 = 130
    ("swedish", ["KH KS KD"], "", 1, False, False, None, 130, "5.1 swedish: red 3s for a side that has melded"),
    # swedish: concealed is no extra: 1,550 + 570 + 200 = 2,320
    ("swedish", [ESCALERA_H, KINGS_7], "", 0, True, True, None, 2320, "6 swedish: 200, no concealed extra"),
    # swedish: samba + bolivia (mixed here, 2,000): 1,550 + 230 + 2,000 + 200 = 3,980
    ("swedish", [ESCALERA_H, BOLIVIA_7], "", 0, True, False, None, 3980, "6 swedish: 1 samba + 1 bolivia"),
    # swedish: two sambas, one black (4S..9S + 2C: 5x4 + 10 + 10 + 20 = 60, 1,000): 1,550 + 1,060 + 200 = 2,810
    ("swedish", [ESCALERA_H, "4S 5S 6S 7S 8S 9S 2C"], "", 0, True, False, None, 2810, "6 swedish: 2 sambas; 4 black samba 1,000"),
    # swedish black 3 in hand: -100; 30 - 100 = -70
    ("swedish", ["KH KS KD"], "3S", 0, False, False, None, -70, "5.2 swedish: -100 per black 3 in hand"),
    # two-deck: all four red 3s 800: 555 + 420 + 800 + 100 = 1,875 (5D..JD: 15 + 40 = 55, and a natural canasta
    # 500: 002 "Sju eller flere smidd kort er en canasta. Uten jokere det er naturlig")
    ("two-deck", ["5D 6D 7D 8D 9D 10D JD", QUEENS_MIXED], "", 4, True, False, None, 1875, "5.1 two-deck: 800 for all four; 6 two canastas, one a sequence"),
    # two-deck: three red 3s, 100 each: 555 + 420 + 300 = 1,275
    ("two-deck", ["5D 6D 7D 8D 9D 10D JD", QUEENS_MIXED], "", 3, False, False, None, 1275, "5.1 two-deck: 100 each"),
    # two-deck: black 3 in hand -100, JK -50: 30 - 150 = -120
    ("two-deck", ["KH KS KD"], "3C JK", 0, False, False, None, -120, "5.2 two-deck: -100 per black 3"),
    # two-deck concealed: 555 + 420 + 200 = 1,175 (the sequence is a natural canasta, 500)
    ("two-deck", ["5D 6D 7D 8D 9D 10D JD", QUEENS_MIXED], "", 0, True, True, None, 1175, "6 two-deck: concealed 200"),
    # canasta: all four red 3s 800, one canasta, going out 100: 570 + 800 + 100 = 1,470
    ("canasta", [KINGS_7], "", 4, True, False, 4, 1470, "5.1 canasta: 800 for all four; 6 one canasta"),
    # canasta: no meld, red 3 against: -100
    ("canasta", [], "", 1, False, False, 4, -100, "5.1 canasta: red 3s against a side with no meld"),
    # canasta: black 3s in hand cost their card value, 5 each: 30 - 10 = 20
    ("canasta", ["KH KS KD"], "3S 3C", 0, False, False, 4, 20, "5.2 canasta: -5 per black 3"),
    # canasta, two players, two canastas: 570 + (QH x7 = 70 + 500) 570 + 100 = 1,240
    ("canasta", [KINGS_7, "QH QH QS QS QD QD QC"], "", 0, True, False, 2, 1240, "6 canasta: two canastas with two players"),
    # canasta concealed: 570 + 200 = 770
    ("canasta", [KINGS_7], "", 0, True, True, 4, 770, "6 canasta: concealed 200"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("preset", "melds", "hand", "red_threes", "went_out", "concealed", "players", "total", "rule"),
    SCORES_GOLDEN,
    ids=[case[-1] for case in SCORES_GOLDEN],
)
def test_score_side(
    preset: str, melds: list[str], hand: str, red_threes: int, went_out: bool,
    concealed: bool, players: int | None, total: int, rule: str,
) -> None:  # fmt: skip
    score = score_side(
        melds, hand, red_threes=red_threes, went_out=went_out, concealed=concealed,
        rules=preset, players=players,
    )  # fmt: skip
    assert score.total == total, f"{rule}:\n{score}"
    assert sum(item.points for item in score.items) == score.total
    assert all(str(item) for item in score.items)


# Tables that cannot have happened are refused whole, naming what is wrong.
REFUSED = [
    ("bolivia", [ESCALERA_H, "KH KS KD"], "", 0, True, False, None, "may not go out", "6 bolivia: escalera + one more complete meld"),
    ("bolivia", [KINGS_7, "QH QH QH QS QS QS QD"], "", 0, True, False, None, "may not go out", "6 bolivia: needs an escalera"),
    ("swedish", [KINGS_7, BOLIVIA_7], "", 0, True, False, None, "may not go out", "6 swedish: needs a samba"),
    ("two-deck", [KINGS_7, QUEENS_MIXED], "", 0, True, False, None, "may not go out", "6 two-deck: one canasta a sequence"),
    ("canasta", [KINGS_7], "", 0, True, False, 2, "may not go out", "6 canasta: two canastas with two players"),
    ("canasta", [], "", 0, True, False, 4, "may not go out", "6 canasta: one canasta"),
    ("bolivia", ["KH KS 2C 2D"], "", 0, False, False, None, "not legal", "3.1 an illegal meld"),
    ("bolivia", ["3S 3C 3S"], "", 0, False, False, None, "goes out", "3.4 black 3s only when going out"),
    ("canasta", ["KH KS KD", "KC KD KS"], "", 0, False, False, None, "only one same-rank meld", "3.1 canasta one per rank"),
    ("bolivia", ["KH KS KD"], "3H", 0, False, False, None, "red 3", "5.1 red 3s are never held"),
    ("bolivia", ["KH KS KD"], "", 7, False, False, None, "from 0 to 6", "5.1 the deck has six red 3s"),
    ("canasta", ["KH KS KD"], "", 5, False, False, None, "from 0 to 4", "5.1 the canasta deck has four red 3s"),
    ("bolivia", [ESCALERA_H, KINGS_7], "", 0, False, True, None, "went_out", "6 concealed means going out"),
    ("two-deck", ["KH KS KD"], "", 0, False, False, 3, "for 4 players", "1.2 two-deck is for four"),
    ("bolivia", ["KH KS KX"], "", 0, False, False, None, "'KX' is not a card", "1 card notation"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("preset", "melds", "hand", "red_threes", "went_out", "concealed", "players", "message", "rule"),
    REFUSED,
    ids=[case[-1] for case in REFUSED],
)
def test_score_side_refuses(
    preset: str, melds: list[str], hand: str, red_threes: int, went_out: bool,
    concealed: bool, players: int | None, message: str, rule: str,
) -> None:  # fmt: skip
    with pytest.raises(ScoringError, match=message):
        score_side(melds, hand, red_threes=red_threes, went_out=went_out, concealed=concealed,
                   rules=preset, players=players)  # fmt: skip


def test_golden_case_count() -> None:
    """Issue 2 asks for at least 150 golden cases across the four presets."""
    from tests.test_golden_melds import CASES

    total = len(CASES) + len(MINIMUM_CASES) + len(INITIAL_MELDS) + len(SIDE_MELDS)
    total += len(SCORES_GOLDEN) + len(REFUSED)
    assert total >= 150
