"""The legal-action view holds exactly what bolivia_core.turn.legal says it holds: checked against brute
force over every subset of small hands, for every preset, in the draw and the play phase."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from collections.abc import Iterator, Sequence
from itertools import chain, product

import pytest

from bolivia_core import full_deck, get_rules, preset_names
from bolivia_core.actions import Action, Add, Discard, Meld, TakePile
from bolivia_core.cards import Card, format_cards, parse_cards
from bolivia_core.turn.checks import is_legal
from bolivia_core.game import Game
from bolivia_core.turn.candidates import judged_candidates as _judged_candidates
from bolivia_core.turn.legal import meld_groups
from bolivia_core.melds import judge, judge_addition
from bolivia_core.players import GreedyPlayer, RandomPlayer
from bolivia_core.rules import Rules

from tests.seeded_play import positions_of_play

Cards = tuple[Card, ...]
POSITIONS_PER_PRESET = 40


def sub_multisets(cards: Sequence[Card]) -> Iterator[Cards]:
    """Every non-empty sub-multiset of ``cards``, each once."""
    counts = Counter(cards)
    kinds = sorted(counts)
    for choice in product(*(range(counts[k] + 1) for k in kinds)):
        group = tuple(k for k, n in zip(kinds, choice, strict=True) for _ in range(n))
        if group:
            yield group


def signature(group: Sequence[Card]) -> str:
    """What the view treats as one offer: the very cards, whatever they are. Two groups that
    differ in any card (a 7H for a 7S, a 2C for a 2D) leave different hands: different moves."""
    return format_cards(sorted(group))


def has_black_three(cards: Sequence[Card]) -> bool:
    return any(c.is_black_three for c in cards)


def shape_legal(cards: Sequence[Card], rules: Rules) -> bool:
    return judge(tuple(sorted(cards)), rules, has_black_three(cards)).legal


def rest_of(hand: Sequence[Card], group: Sequence[Card]) -> list[Card]:
    rest = list(hand)
    for card in group:
        rest.remove(card)
    return rest


def maximal(group: Cards, hand: Sequence[Card], legal: object) -> bool:
    """No other card of the hand keeps the group legal (by ``legal``) when added, black 3s
    counting only with groups that hold them."""
    return not any(
        has_black_three((*group, c)) == has_black_three(group) and legal((*group, c))  # type: ignore[operator]
        for c in set(rest_of(hand, group))
    )


def random_position(preset: str, rng: random.Random, phase: str) -> str:
    """A small position: a hand of up to 8 cards, some melds on the table, a pile."""
    rules = get_rules(preset)
    deck = list(full_deck(rules.decks, rules.jokers))
    rng.shuffle(deck)
    deck = [c for c in deck if not c.is_red_three]
    hand = [deck.pop() for _ in range(rng.randint(3, 8))]
    # bias the hand towards melds: add copies and neighbours of its cards
    for _ in range(rng.randint(1, 4)):
        base = rng.choice(hand)
        like = [c for c in deck if c.rank == base.rank or (c.suit == base.suit and abs(c.rank - base.rank) <= 2)]
        if like and len(hand) < 9:
            card = rng.choice(like)
            deck.remove(card)
            hand.append(card)
    melds: list[Cards] = []
    for _ in range(rng.randint(0, 3)):
        candidates = meld_groups([deck.pop() for _ in range(14)], rules)
        if candidates:
            melds.append(rng.choice(candidates))
    if melds and rules.same_rank_melds_per_rank != "several":
        seen: set[int] = set()
        kept = []
        for meld in melds:
            ranks = {c.rank for c in meld if c.is_natural}
            if len(ranks) == 1 and ranks <= seen:
                continue
            seen |= ranks
            kept.append(meld)
        melds = kept
    top = rng.choice([c for c in deck if c.is_natural] + [c for c in hand if c.is_natural][:2])
    players = 4 if 4 in rules.sides else min(rules.sides)
    table = " | ".join(format_cards(m) for m in melds)
    scores = ",".join(["-10"] * len(rules.sides[players]))  # below zero: a small initial-meld minimum
    return (f"rules={preset}; players={players}; turn=1; phase={phase}; scores={scores}; "
            f"p1={format_cards(sorted(hand))}; melds1={table}; pile=5D {top}")


def suited_position(preset: str, rng: random.Random, phase: str) -> str:
    """A small position where suits matter: copies of one rank in several suits beside a sequence
    of one of those suits in the hand (2C 2S 5S 6C 7H 7S 7S 8S ...), 2s of two suits, and on the
    table, now and then, a meld of that rank (additions) or a sequence of that suit, with a pile
    topped by a card of that rank (takes)."""
    rules = get_rules(preset)
    suit = rng.choice("CDHS")
    low = rng.randint(5, 10)
    rank = rng.randint(low, low + 2)
    names = {11: "J", 12: "Q", 13: "K", 14: "A"}

    def card(r: int, s: str) -> str:
        return f"{names.get(r, r)}{s}"

    hand = [card(r, suit) for r in range(low, low + 3)]
    others = [s for s in "CDHS" if s != suit]
    hand += [card(rank, rng.choice(others)) for _ in range(rng.randint(1, 3))]
    hand += [card(rank, suit)] * rng.randint(0, 1)
    hand += rng.sample(["2C", "2D", "2H", "2S"], rng.randint(0, 2))
    hand += ["JK"] * (rules.jokers > 0 and rng.random() < 0.3)
    hand += [card(rng.choice([low - 1, low + 3]), rng.choice(others))]
    melds = []
    table = rng.random()
    if table < 0.4:
        melds.append(" ".join(card(rank, s) for s in rng.sample("CDHS", 3)))
    elif table < 0.6 and rules.sequences and low >= 6:
        melds.append(" ".join(card(r, suit) for r in range(low - 3, low)))
    if melds and rng.random() < 0.5:
        melds.append("KC KD KH")
    top = card(rank, rng.choice("CDHS"))
    players = 4 if 4 in rules.sides else min(rules.sides)
    scores = ",".join(["-10"] * len(rules.sides[players]))
    return (f"rules={preset}; players={players}; turn=1; phase={phase}; scores={scores}; "
            f"p1={' '.join(hand)}; melds1={' | '.join(melds)}; pile=5D {top}")


def positions(preset: str) -> Iterator[Game]:
    """Random small positions, then as many where suits matter (``suited_position``)."""
    for make, label in ((random_position, "legal"), (suited_position, "suited")):
        rng = random.Random(f"{label}:{preset}")
        made = 0
        while made < POSITIONS_PER_PRESET:
            text = make(preset, rng, rng.choice(["draw", "play"]))
            try:
                game = Game.from_position(text)
            except ValueError:
                continue  # an impossible table (too many copies of a card): draw another
            made += 1
            yield game


def offered(game: Game, kind: type[Action]) -> list[Action]:
    return [a for a in game.legal_actions() if isinstance(a, kind)]


@pytest.mark.parametrize("preset", preset_names())
def test_the_view_is_what_its_definition_says(preset: str) -> None:
    for game in positions(preset):
        rules, pos = game.rules, game.position
        hand = pos.hands[0]
        view = list(game.legal_actions())
        assert len(set(view)) == len(view), "an action offered twice"
        assert all(not game.explain(a) for a in view), "an illegal action offered"
        if game.phase == "play":
            _check_melds(game, hand, rules)
            _check_additions(game, hand, rules)
            discards = {a.card for a in offered(game, Discard)}
            assert discards == {c for c in hand if not game.explain(Discard(c))}
        else:
            _check_takes(game, hand, rules)


def _check_melds(game: Game, hand: list[Card], rules: Rules) -> None:
    least = rules.meld_min_cards
    expected = set()
    for group in sub_multisets(hand):
        if not shape_legal(group, rules) or game.explain(Meld((group,))):
            continue
        if len(group) == least or maximal(group, hand, lambda g: shape_legal(g, rules)):
            expected.add(signature(group))
    singles = [a.melds[0] for a in offered(game, Meld) if len(a.melds) == 1]
    assert singles == sorted(singles), f"melds out of card order: {singles} in {game.position_text()}"
    got = [signature(g) for g in singles]
    assert len(set(got)) == len(got), f"one meld offered twice: {singles} in {game.position_text()}"
    assert set(got) == expected, (
        f"missing {expected - set(got)}, extra {set(got) - expected} in {game.position_text()}")


def _check_additions(game: Game, hand: list[Card], rules: Rules) -> None:
    for index, meld in enumerate(game.position.melds[0], start=1):
        table = tuple(sorted(meld))

        def joins(group: Cards, table: Cards = table) -> bool:
            return judge_addition(table, tuple(sorted(group)), rules, has_black_three(group)).legal

        expected = set()
        for group in sub_multisets(hand):
            if game.explain(Add(index, group)):
                continue
            if len(group) == 1 or maximal(group, hand, joins):
                expected.add(signature(group))
        got = [signature(a.cards) for a in offered(game, Add) if a.meld == index]
        assert len(set(got)) == len(got), f"one addition offered twice in {game.position_text()}"
        assert set(got) == expected, (
            f"meld {index}: missing {expected - set(got)}, extra {set(got) - expected} in {game.position_text()}")


def _check_takes(game: Game, hand: list[Card], rules: Rules) -> None:
    pos = game.position
    if not pos.melds[0]:
        return  # an unmelded side's takes carry extra melds: checked for legality above
    top = pos.pile[-1]
    expected = set()
    for group in [(), *sub_multisets(hand)]:
        if group and not game.explain(TakePile(group)):
            small = len(group) == rules.meld_min_cards - 1
            if small or maximal(group, hand, lambda g: judge(tuple(sorted((top, *g))), rules).legal):
                expected.add((None, signature(group)))
        for index, meld in enumerate(pos.melds[0], start=1):
            if game.explain(TakePile(group, index)):
                continue
            table = tuple(sorted(meld))
            if len(group) <= 2 or maximal(
                group, hand, lambda g, t=table: judge_addition(t, tuple(sorted((top, *g))), rules).legal
            ):
                expected.add((index, signature(group) if group else ()))
    got = [(a.onto, signature(a.cards) if a.cards else ()) for a in offered(game, TakePile)]
    assert len(set(got)) == len(got), f"one take offered twice in {game.position_text()}"
    assert set(got) == expected, (
        f"missing {expected - set(got)}, extra {set(got) - expected} in {game.position_text()}")


def test_a_seeded_pick_over_the_view_is_deterministic() -> None:
    def picks() -> list[str]:
        game = Game.from_position("rules=bolivia; turn=1; phase=play; p1=KH KS KD 2C JK 4H 5H 6H 7H 9C")
        view = game.legal_actions()
        return [str(random.Random(seed).choice(view)) for seed in range(20)]

    assert picks() == picks()


def test_membership_and_indexing_agree_with_iteration() -> None:
    game = Game.from_position("rules=swedish; turn=1; phase=play; melds1=KH KS KD; p1=KC 2C JK 4H 5H 6H 8H 9C")
    view = game.legal_actions()
    listed = list(view)
    assert listed and [view[i] for i in range(len(view))] == listed
    assert all(action in view for action in listed)
    assert Discard(Card.parse("QD")) not in view  # not in hand
    assert "discard 9C" not in view  # only actions are members, not their text


EDGES = (
    "rules=bolivia; turn=1; phase=draw; melds1=4H 5H 6H; p1=KS KD 9C; pile=5D 2C",  # a wild blocks the top card too
    "rules=bolivia; turn=1; phase=play; melds1=KH KS KD; p1=9C",  # one card and no canasta: no discard goes out
    "rules=bolivia; turn=1; phase=play; melds1=KH KS KD | 4H 5H 6H; p1=KC 7H 9C",  # additions that keep one card
    *(  # an unmelded side's take: the kings alone fall short of 120, with the aces of 50 they do not
        f"rules={preset}; turn=1; phase=draw; scores={score},0; p1=KS KC AS AD AC 9H 6D; pile=4S KH"
        for preset in ("bolivia", "swedish", "two-deck", "canasta")
        for score in (0, 3000)
    ),
    # adding KC keeps one card, to discard and go out: the table holds what going out needs (RULES.md,
    # going out: a complete sequence and one more complete meld; Swedish: a sequence and a canasta,
    # partner asked; canasta: a canasta), here a natural sequence of seven and seven queens
    *(
        f"rules={preset}; turn=1; phase=play; melds1={sequence}QH QS QD QC QH QS QD | KH KS KD; p1=KC 9C{asked}"
        for preset, sequence, asked in (
            ("bolivia", "4H 5H 6H 7H 8H 9H 10H | ", ""),
            ("swedish", "4H 5H 6H 7H 8H 9H 10H | ", "; asked=yes"),
            ("two-deck", "4H 5H 6H 7H 8H 9H 10H | ", ""),
            ("canasta", "", ""),
        )
    ),
)


def edge_positions(preset: str) -> Iterator[Game]:
    """Small positions pushed to the edges the view's shortcuts must respect: one to three cards
    left in hand (a discard or an addition may go out), a black 3 or a wild card on the pile."""
    for text in EDGES:
        if text.startswith(f"rules={preset};"):
            yield Game.from_position(text)
            # house rules where a wild card may join a sequence: the blocked pile alone refuses it
            yield Game.from_position(text, rules=replace(get_rules(preset), sequence_max_wilds=1))
    rng = random.Random(f"edges:{preset}")
    made = 0
    while made < POSITIONS_PER_PRESET:
        text = random_position(preset, rng, rng.choice(["draw", "play"]))
        hand = text.split("p1=")[1].split(";")[0]
        cards = hand.split()
        text = text.replace(f"p1={hand}", "p1=" + " ".join(cards[: rng.choice([1, 2, 3, len(cards)])]))
        top = rng.choice(["3S", "2C", "JK", ""])
        if top:
            text = text.rsplit(" ", 1)[0] + " " + top  # the pile is the last field
        try:
            game = Game.from_position(text)
        except ValueError:
            continue  # no jokers in this deck, or a play phase with no card: draw another
        made += 1
        yield game


def played_positions(preset: str) -> Iterator[Game]:
    """Every position of two hands of seeded random play and two of greedy play."""
    yield from positions_of_play(preset, RandomPlayer, 3, 2)
    yield from positions_of_play(preset, GreedyPlayer, 4, 2)


@pytest.mark.parametrize("preset", preset_names())
def test_the_views_own_verdicts_are_the_full_checks(preset: str) -> None:
    """To be fast the view states some verdicts without the full check (a discard that keeps cards
    in hand, an addition or a take of the top card the judge allows, ...). Over small edge positions
    and every position of seeded games each stated verdict must be the full check's, every candidate
    must come once, and the view must hold exactly the candidates the full check allows, in order."""
    stated: Counter[tuple[str, bool]] = Counter()
    # chained, not unpacked: played_positions yields one game as it goes on, to be read at each step
    for game in chain(edge_positions(preset), played_positions(preset)):
        pos = game.position
        judged = list(_judged_candidates(pos))
        actions = [action for action, _ in judged]
        assert len(set(actions)) == len(actions), f"a candidate twice in {game.position_text()}"
        for action, verdict in judged:
            if verdict is not None:
                opening = isinstance(action, Meld) and len(action.melds) > 1  # an unmelded side's first melds
                # an addition that leaves one card or none: the going-out rules decide
                finishing = isinstance(action, Add) and len(pos.hands[pos.turn - 1]) - len(action.cards) <= 1
                stated["Opening" if opening else "Finishing" if finishing else type(action).__name__, verdict] += 1
                assert verdict == is_legal(pos, action), f"{action}: {verdict} in {game.position_text()}"
        assert list(game.legal_actions()) == [a for a in actions if is_legal(pos, a)]
    # the shortcuts were taken, both ways: the comparisons above compared something
    assert stated["Discard", True] and stated["Add", True] and stated["Add", False], stated
    assert stated["TakePile", True] and stated["TakePile", False] and stated["Opening", True], stated
    assert stated["Finishing", True] and stated["Finishing", False], stated


def test_copies_of_a_rank_in_other_suits_are_other_melds() -> None:
    """The issue's hand: 2C 7S 7S keeps the 7H, 2C 7H 7S keeps a 7S for the spade sequence 5S 6S 8S:
    they leave different hands, so both are offered, and so is each 2 (2C or 2S)."""
    game = Game.from_position("rules=bolivia; turn=1; phase=play; melds1=KH KS KD; p1=2C 2S 5S 6S 7H 7S 7S 8S 9D")
    view = game.legal_actions()
    for cards in ("2C 7S 7S", "2C 7H 7S", "2S 7S 7S", "2S 7H 7S", "7H 7S 7S"):
        assert Meld((parse_cards(cards),)) in view, cards
    assert Add(1, parse_cards("KC")) not in view  # no king in hand: nothing made up
