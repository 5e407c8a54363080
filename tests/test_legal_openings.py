"""An unmelded side's openings of several melds, and the melds a take lays beside the pile's meld,
are what bolivia_core.turn.legal's docstring defines, written out here the plain way: every two maximal
melds (in the order of combinations) that reach the minimum together when neither does alone and
that the hand holds together; if no two do, the best-first combination of the offered melds when it
has three melds or more. The view reaches the same answers with shortcuts (points before cards, a
combination not built when the meld of most points opens alone); this holds them to the definition
over every unmelded position of seeded games of each preset."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

import pytest

from bolivia_core import preset_names
from bolivia_core.actions import Meld, TakePile
from bolivia_core.cards import Card, remove_cards
from bolivia_core.game import Game
from bolivia_core.turn import candidates, meld_groups
from bolivia_core.melds import judge
from bolivia_core.players import RandomPlayer
from bolivia_core.rules import Rules

from tests.seeded_play import positions_of_play

Cards = tuple[Card, ...]
HANDS_PER_PRESET = 6


def best_first(cards: Sequence[Card], groups: Sequence[Cards], rules: Rules, needed: int) -> tuple[Cards, ...]:
    """The offered melds, most points first (card order among equal points), each laid if the cards
    left still hold it, until they are worth ``needed``; nothing if they never are."""
    left: list[Card] | None = list(cards)
    chosen: list[Cards] = []
    for group in sorted(groups, key=lambda g: -judge(g, rules).points):
        rest = remove_cards(left or [], group)
        if rest is None:
            continue
        left = rest
        chosen.append(group)
        if sum(judge(g, rules).points for g in chosen) >= needed:
            return tuple(chosen)
    return ()


def maximal(group: Cards, hand: Cards, rules: Rules) -> bool:
    """No other card of the hand keeps ``group`` a legal meld when added (black 3s, melded only when
    going out, count only with groups that hold them): the view's definition, said plainly."""
    rest = remove_cards(hand, group) or []
    threes = any(c.is_black_three for c in group)
    return not any(
        (c.is_black_three or threes) == threes and judge(tuple(sorted((*group, c))), rules, threes).legal
        for c in set(rest)
    )


def expected_openings(game: Game) -> list[tuple[Cards, ...]]:
    pos, rules = game.position, game.rules
    cards = tuple(sorted(pos.hands[pos.turn - 1]))
    groups = meld_groups(cards, rules, going_out=any(c.is_black_three for c in cards))
    minimum = rules.initial_meld_minimum(pos.scores[pos.side_of(pos.turn)])
    short = [g for g in groups if maximal(g, cards, rules) and judge(g, rules).points < minimum]
    pairs = [
        (a, b)
        for a, b in combinations(short, 2)
        if judge(a, rules).points + judge(b, rules).points >= minimum and remove_cards(cards, a + b) is not None
    ]
    if pairs:
        return pairs
    best = best_first(cards, groups, rules, minimum)
    return [best] if len(best) > 2 else []


def expected_extra(game: Game, take: TakePile) -> tuple[Cards, ...]:
    pos, rules = game.position, game.rules
    top = pos.pile[-1]
    needed = rules.initial_meld_minimum(pos.scores[pos.side_of(pos.turn)]) - judge((top, *take.cards), rules).points
    if needed <= 0:
        return ()
    rest = remove_cards(pos.hands[pos.turn - 1], take.cards) or []
    return best_first(sorted(rest), meld_groups(rest, rules), rules, needed)


def unmelded_positions(preset: str) -> Iterator[Game]:
    """The draw- and play-phase positions of seeded random hands where the side to move has not melded."""
    for game in positions_of_play(preset, RandomPlayer, 11, HANDS_PER_PRESET):
        pos = game.position
        if pos.phase in ("draw", "play") and not pos.melds[pos.side_of(pos.turn)]:
            yield game


@pytest.mark.parametrize("preset", preset_names())
def test_openings_and_the_melds_beside_a_take_are_as_defined(preset: str) -> None:
    compared = {"openings": 0, "takes": 0}
    for game in unmelded_positions(preset):
        offered = list(candidates(game.position))
        if game.phase == "play":
            got = [a.melds for a in offered if isinstance(a, Meld) and len(a.melds) > 1]
            expected = [Meld(melds).melds for melds in expected_openings(game)]  # each meld in card order
            assert got == expected, game.position_text()
            compared["openings"] += len(got)
        else:
            for take in offered:
                if isinstance(take, TakePile) and take.onto is None:
                    assert take.melds == TakePile(take.cards, None, expected_extra(game, take)).melds, (
                        f"{take} in {game.position_text()}")  # fmt: skip
                    compared["takes"] += bool(take.melds)
    # both kinds were met, and not only as nothing: the comparisons above compared something
    assert compared["openings"] and compared["takes"], compared
