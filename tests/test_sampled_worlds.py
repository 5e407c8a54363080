"""The worlds a seat's view deals (``SeatView.sample_world``): never one the seat could rule out, drawn
only from what the seat may know, and with every consistent deal equally likely (chi-square tests
against distributions worked out by hand, at a stated significance, from a fixed seed)."""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import replace

import pytest

from bolivia_core.cards import Card, full_deck, parse_cards
from bolivia_core.game import Game, new_game
from bolivia_core.players import PLAYERS
from bolivia_core.position import Position
from bolivia_core.rules import get_rules
from bolivia_core.seat import SeatView, seat_view

CHI_SQUARE_999 = {1: 10.828, 2: 13.816, 3: 16.266, 4: 18.467, 5: 20.515, 6: 22.458}
"""The chi-square distribution's 99.9th percentile by degrees of freedom (any statistics table): a
right sampler fails a test at this significance once in a thousand seeds, and the seeds are fixed."""

PUBLIC = ("hand", "hand_sizes", "melds", "red_threes", "pile", "stock_size", "scores", "phase", "turn",
          "hand_number", "dealer", "unopened", "asked", "pending", "passes")  # fmt: skip
"""What a world's own view of the seat must show exactly as the view did (the table's memory is the game's,
not the world's)."""


def _positions(preset: str, players: int, seed: int, every: int = 5) -> list[Game]:
    """Copies of a club-played hand, every few moves, to its end."""
    game = new_game(preset, players, seed=seed)
    seats = [PLAYERS["club"](seed + n) for n in range(players)]
    kept = []
    while game.phase in ("draw", "play", "answer"):
        if len(game.history) % every == 0:
            kept.append(game.clone())
        game.apply(seats[game.to_move - 1].choose(seat_view(game, game.to_move)).action)
    return kept


def _contradictions(view: SeatView, world: Position) -> list[str]:
    """Every way ``world`` contradicts what ``view``'s seat knows (empty for a consistent world)."""
    found = []
    mine = seat_view(Game(world.copy(), start="-"), view.seat)
    found += [f"{name} differs" for name in PUBLIC if getattr(mine, name) != getattr(view, name)]
    for player, hand in enumerate(world.hands, start=1):
        if player != view.seat and any(c.is_red_three for c in hand):
            found.append(f"a red 3 in hand {player}")
        if Counter(view.known[player - 1]) - Counter(hand):
            found.append(f"hand {player} lacks a card it took with the pile")
    cards = [c for zone in (*world.hands, world.pile, world.stock) for c in zone]
    cards += [c for side in world.melds for meld in side for c in meld] + [c for r in world.red_threes for c in r]
    if Counter(cards) != Counter(full_deck(view.rules.decks, view.rules.jokers)):
        found.append("a card lost or invented")
    if world.seed != 0:
        found.append("the world holds a seed")
    return found


@pytest.mark.parametrize(("preset", "players", "seed"), [
    ("bolivia", 4, 41), ("bolivia", 2, 41), ("swedish", 6, 41), ("two-deck", 4, 42), ("canasta", 3, 41),
])  # fmt: skip
def test_no_sampled_world_contradicts_the_view(preset: str, players: int, seed: int) -> None:
    """Over every few moves of a whole hand, from every seat, 12 worlds each: each has the view's own hand,
    tables, pile and counts, every card taken with the pile still in its taker's hand, no red 3 in a hand,
    and the whole deck; the seat may make the same moves in it as in the real game."""
    rng = random.Random(seed)
    known = red = 0
    for game in _positions(preset, players, seed):
        for seat in range(1, players + 1):
            view = seat_view(game, seat)
            known += sum(map(len, view.known))
            red += view.unseen()[Card.parse("3H")] + view.unseen()[Card.parse("3D")]
            for _ in range(12):
                world = view.sample_world(rng)
                assert not _contradictions(view, world), (_contradictions(view, world), game.position_text())
            if seat == game.to_move:
                moves = Game(view.sample_world(rng), start="-").legal_actions()
                assert [str(a) for a in moves] == [str(a) for a in game.legal_actions()]
    assert known and red  # the positions held cards seen taken with the pile, and red 3s not yet seen


def _shuffled_hidden(game: Game, seat: int, rng: random.Random) -> Game:
    """The same game with the cards ``seat`` cannot see dealt anew among the other hands and the stock."""
    pos = game.position.copy()
    others = [p for p in range(1, pos.players + 1) if p != seat]
    pool = [c for p in others for c in pos.hands[p - 1]] + pos.stock
    rng.shuffle(pool)
    for player in others:
        size = len(pos.hands[player - 1])
        pos.hands[player - 1], pool = sorted(pool[:size]), pool[size:]
    pos.stock = pool
    twin = game.clone()
    twin.position = pos
    return twin


def test_a_sample_comes_from_the_view_and_the_seed_alone() -> None:
    """Two games that differ only in the cards a seat cannot see give that seat the same view, and the
    same seed deals the same world from it; another seed deals another."""
    game = _positions("bolivia", 4, 5, every=13)[2]
    seat = game.to_move
    twin = _shuffled_hidden(game, seat, random.Random(1))
    assert twin.position.stock != game.position.stock
    view, twin_view = seat_view(game, seat), seat_view(twin, seat)
    assert view == twin_view
    world = view.sample_world(random.Random(9))
    assert world == twin_view.sample_world(random.Random(9))
    assert world.stock != view.sample_world(random.Random(10)).stock


# --- the distribution: small positions worked out by hand -----------------------------------------


def _chi_square(counts: Counter[str], expected: dict[str, float], samples: int) -> float:
    return sum((counts[key] - share * samples) ** 2 / (share * samples) for key, share in expected.items())


def _small_view(hands: tuple[str, str], stock: str, known: str) -> SeatView:
    """Canasta for two: player 1 holds ``hands[0]``, player 2 ``hands[1]`` (``known`` of it seen taken with the
    pile), the stock ``stock`` (top last); every other card of the two decks lies face up on the pile, so the
    seat cannot see only player 2's hand and the stock."""
    rules = get_rules("canasta")
    mine, theirs, rest = parse_cards(hands[0]), parse_cards(hands[1]), parse_cards(stock)
    pile = Counter(full_deck(rules.decks, rules.jokers))
    pile.subtract(mine + theirs + rest)
    position = Position(rules, 2, 1, 5000, 1, 2, 1, "draw", [0, 0], [list(mine), list(theirs)], [[], []], [[], []],
                        sorted(pile.elements()), list(rest))  # fmt: skip
    view = seat_view(Game(position, start="-"), 1)
    return replace(view, known=((), tuple(parse_cards(known))))


SAMPLES = 3000


def test_a_hidden_hand_is_dealt_uniformly_from_what_it_may_hold() -> None:
    """Player 2 holds KS (seen taken with the pile) and two unseen cards; the stock's three cards are unseen.
    The unseen cards are 7C 8C 9C 3H 3D: a red 3 is laid out as soon as it is drawn, so both red 3s are in
    the stock, and player 2's two unseen cards are two of 7C 8C 9C, each pair as likely: the black card left
    for the stock is 7C, 8C or 9C a third of the time each. The stock's order is uniform: its top card is
    3H, 3D or the black card a third of the time each."""
    view = _small_view(("4S 5S 6D", "KS 7C 8C"), "9C 3H 3D", "KS")
    rng = random.Random(2024)
    left_out: Counter[str] = Counter()
    top: Counter[str] = Counter()
    for _ in range(SAMPLES):
        world = view.sample_world(rng)
        hand, stock = world.hands[1], world.stock
        assert Card.parse("KS") in hand and len(hand) == 3 and len(stock) == 3
        (black,) = [c for c in stock if not c.is_red_three]
        left_out[str(black)] += 1
        top[str(stock[-1]) if stock[-1].is_red_three else "black"] += 1
    third = {key: 1 / 3 for key in ("7C", "8C", "9C")}
    assert _chi_square(left_out, third, SAMPLES) < CHI_SQUARE_999[2], left_out
    assert _chi_square(top, {"3H": 1 / 3, "3D": 1 / 3, "black": 1 / 3}, SAMPLES) < CHI_SQUARE_999[2], top


def test_copies_of_a_card_fall_in_a_hand_as_drawn_without_replacement() -> None:
    """Player 2 holds five unseen cards and the stock six; the eleven unseen cards are 7C 7C 8C 8C 9C 10C JC QC
    KC and the red 3s 3H 3D, so the five cards in the hand are five of the nine black ones, drawn without
    replacement: the hand holds k of the two 7Cs with probability C(2,k) C(7,5-k) / C(9,5), that is 21/126,
    70/126 and 35/126 for k = 0, 1, 2."""
    view = _small_view(("4S 5S 6D", "7C 8C 9C 10C JC"), "7C 8C QC KC 3H 3D", "")
    rng = random.Random(7)
    held: Counter[str] = Counter()
    for _ in range(SAMPLES):
        held[str(view.sample_world(rng).hands[1].count(Card.parse("7C")))] += 1
    whole = math.comb(9, 5)
    expected = {str(k): math.comb(2, k) * math.comb(7, 5 - k) / whole for k in range(3)}
    assert _chi_square(held, expected, SAMPLES) < CHI_SQUARE_999[2], held


def test_a_card_in_a_real_deal_lies_in_a_hand_by_the_hypergeometric_law() -> None:
    """The first turn of a four-player Bolivia deal, seen by player 1: of the N unseen cards less the unseen
    red 3s, player 3 holds its hand's h; the unseen copies of a card (the one with the most) fall in that hand
    by the hypergeometric law (the tail from 2 copies pooled, so every cell expects enough)."""
    game = new_game("bolivia", 4, seed=12)
    view = seat_view(game, 1)
    unseen = view.unseen()
    pool = sum(n for c, n in unseen.items() if not c.is_red_three)
    card = max((c for c in unseen if c.is_natural and not c.is_red_three), key=lambda c: (unseen[c], str(c)))
    copies, size = unseen[card], view.hand_sizes[2]
    law = {k: math.comb(copies, k) * math.comb(pool - copies, size - k) / math.comb(pool, size)
           for k in range(min(copies, size) + 1)}  # fmt: skip
    expected = {"0": law[0], "1": law[1], "2+": sum(p for k, p in law.items() if k >= 2)}
    rng = random.Random(99)
    held: Counter[str] = Counter()
    for _ in range(SAMPLES):
        k = view.sample_world(rng).hands[2].count(card)
        held["2+" if k >= 2 else str(k)] += 1
    assert _chi_square(held, expected, SAMPLES) < CHI_SQUARE_999[2], (card, held, expected)
