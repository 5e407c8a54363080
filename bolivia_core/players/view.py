"""What one seat may know of a game: its hand, every table, the pile, the public log of this hand,
and only the *number* of cards in the other hands and the stock.

Every computer level reads the game through a ``SeatView``, so a choice never depends on a card its
seat cannot see; ``hidden_cards`` is what the look-ahead deals afresh.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..actions import NextHand, TakePile
from ..cards import Card, deck_counts
from ..game import Game
from ..rules import Rules
from ..scenario import parse_position

__all__ = ["Cards", "SeatView", "hidden_cards", "seat_view", "unseen_cards"]

Cards = tuple[Card, ...]


@dataclass(frozen=True)
class SeatView:
    """Everything one seat may know: its hand, the tables, the pile, counts of hidden cards
    and the public log of this hand. Players read the game only through this."""

    rules: Rules
    players: int
    seat: int
    side: int
    phase: str
    turn: int
    hand: Cards
    hand_sizes: tuple[int, ...]
    melds: tuple[tuple[Cards, ...], ...]
    red_threes: tuple[int, ...]
    pile: Cards
    stock_size: int
    scores: tuple[int, ...]
    hand_number: int
    actions_played: int
    next_player: int
    partners: tuple[int, ...]
    sides: tuple[int, ...]
    asked: str
    discarded: tuple[frozenset[int], ...]
    """Ranks each player has discarded this hand (index ``player - 1``)."""
    known: tuple[Cards, ...] = ()
    """Cards each other player is known to hold: taken with the pile, not yet melded or discarded."""
    declined: tuple[frozenset[int], ...] = ()
    """Ranks each player left on top of the pile this hand, drawing from the stock instead (index
    ``player - 1``): they held no pair of that rank then."""

    def side_of(self, player: int) -> int:
        return self.sides[player - 1]

    def members(self, side: int) -> tuple[int, ...]:
        return tuple(p for p in range(1, self.players + 1) if self.sides[p - 1] == side)


def seat_view(game: Game, seat: int) -> SeatView:
    """What ``seat`` may see of ``game`` now."""
    pos = game.position
    sides = tuple(pos.side_of(p) for p in range(1, pos.players + 1))
    in_hand = seat in pos.seating()
    return SeatView(
        rules=pos.rules,
        players=pos.players,
        seat=seat,
        side=sides[seat - 1],
        phase=pos.phase,
        turn=pos.turn,
        hand=tuple(pos.hands[seat - 1]),
        hand_sizes=tuple(len(h) for h in pos.hands),
        melds=tuple(tuple(tuple(m) for m in side) for side in pos.melds),
        red_threes=tuple(len(r) for r in pos.red_threes),
        pile=tuple(pos.pile),
        stock_size=len(pos.stock),
        scores=tuple(pos.scores),
        hand_number=pos.hand_number,
        actions_played=len(game.history),
        next_player=pos.next_player(seat) if in_hand else seat,
        partners=pos.partners(seat) if in_hand else (),
        sides=sides,
        asked=pos.asked,
        discarded=_discarded_this_hand(game, pos.players),
        known=_known_cards(game, pos.players, seat),
        declined=_declined_this_hand(game, pos.players),
    )


def _discarded_this_hand(game: Game, players: int) -> tuple[frozenset[int], ...]:
    ranks: list[set[int]] = [set() for _ in range(players)]
    for event in reversed(game.log):
        if event.code in ("event-deal", "event-from-position", "event-loaded"):
            break
        if event.code == "event-discard":
            ranks[event.params["player"] - 1].add(Card.parse(event.params["card"]).rank)
    return tuple(frozenset(r) for r in ranks)


def _declined_this_hand(game: Game, players: int) -> tuple[frozenset[int], ...]:
    """The natural ranks on top of the pile each time a player drew from the stock instead of taking it,
    followed through this hand's public log from its first pile (a dealt upcard, or the pile of the
    position the game began from)."""
    events = []
    for event in reversed(game.log):
        events.append(event)
        if event.code in ("event-deal", "event-from-position", "event-loaded"):
            break
    ranks: list[set[int]] = [set() for _ in range(players)]
    pile: list[Card] = []
    for event in reversed(events):
        code, params = event.code, event.params
        if code == "event-deal":
            pile = [Card.parse(params["upcard"])]
        elif code == "event-from-position":
            pile = list(parse_position(game.start, rules=game.rules).pile)
        elif code == "event-discard":
            pile.append(Card.parse(params["card"]))
        elif code == "event-take-top" and pile:
            pile.pop()
        elif code == "event-take-pile":
            pile = pile[: max(0, len(pile) - 1 - params["count"])]
        elif code == "event-draw" and pile and pile[-1].is_natural:
            ranks[params["player"] - 1].add(pile[-1].rank)
    return tuple(frozenset(r) for r in ranks)


def _known_cards(game: Game, players: int, seat: int) -> tuple[Cards, ...]:
    """Follow this hand's public log: the pile as it was built, the cards each player took from it,
    less what they melded or discarded since."""
    events = []
    for event in reversed(game.log):
        events.append(event)
        if event.code in ("event-deal", "event-from-position", "event-loaded"):
            break
    takes: list[TakePile] = []  # this hand's pile takes, in order: the cards each laid from hand
    for action in reversed(game.history):
        if isinstance(action, NextHand):
            break
        if isinstance(action, TakePile):
            takes.append(action)
    takes.reverse()
    pile: list[Card] = []
    held: list[Counter[Card]] = [Counter() for _ in range(players)]
    for event in reversed(events):
        code, params = event.code, event.params
        if code == "event-deal":
            pile = [Card.parse(params["upcard"])]
        elif code == "event-discard":
            pile.append(Card.parse(params["card"]))
            _forget(held[params["player"] - 1], (pile[-1],))
        elif code == "event-take-top" and pile:
            pile.pop()
        elif code == "event-take-pile":
            if takes:
                laid = takes.pop(0)
                _forget(held[params["player"] - 1], [*laid.cards, *(c for m in laid.melds for c in m)])
            count = params["count"]
            taken = pile[-1 - count : -1] if count else []
            pile = pile[: max(0, len(pile) - 1 - count)]
            held[params["player"] - 1].update(c for c in taken if not c.is_red_three)
        elif code in ("event-meld", "event-add"):
            text = params["melds"] if code == "event-meld" else params["cards"]
            _forget(held[params["player"] - 1], [Card.parse(t) for t in text.replace("|", " ").split()])
    return tuple(() if p == seat - 1 else tuple(sorted(h.elements())) for p, h in enumerate(held))


def _forget(held: Counter[Card], cards: Iterable[Card]) -> None:
    for card in cards:
        if held[card] > 0:
            held[card] -= 1


def hidden_cards(view: SeatView) -> tuple[Counter[Card], tuple[Cards, ...]]:
    """The cards this seat cannot place: the unseen cards less those known to be in another hand,
    and the known cards of each hand (only as many as the deck can still hold)."""
    left = unseen_cards(view)
    known: list[Cards] = []
    for player, cards in enumerate(view.known or ((),) * view.players, start=1):
        kept = []
        for card in cards[: view.hand_sizes[player - 1]]:
            if left[card] > 0:
                left[card] -= 1
                kept.append(card)
        known.append(tuple(kept))
    return +left, tuple(known)


def unseen_cards(view: SeatView) -> Counter[Card]:
    """The cards this seat has not seen: the deck less its hand, every table and the pile."""
    left = Counter(deck_counts(view.rules.decks, view.rules.jokers))
    seen: list[Card] = [*view.hand, *view.pile]
    for side in view.melds:
        for meld in side:
            seen.extend(meld)
    left.subtract(seen)
    # red 3s on the tables are not cards of the deck's play; count them off by number
    reds = sum(view.red_threes)
    for card in sorted(c for c in left if c.is_red_three):
        taken = min(reds, left[card])
        left[card] -= taken
        reds -= taken
    return +left
