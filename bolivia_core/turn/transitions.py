"""How actions change a position: the deal, each action's effect, the end of a hand.

Every function here runs only after ``checks`` has found the action legal, so
none of them checks a rule again. Each random choice (the shuffle of each hand,
the first dealer) comes from the game's seed and the hand number, through the seed's
cryptographic stream (``seeds``): nobody works out the deal from the cards they hold.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..actions import Action, Add, Answer, Ask, Discard, Draw, Meld, NextHand, Pass, TakePile, TakeTop
from ..build import mypyc_attr
from ..cards import CARD_ORDER, Card, format_cards, full_deck
from .pile import pile_cards_taken
from ..i18n import EN
from ..i18n.catalogues import Explanation  # from its own module: mypyc's plain subclass names the module it is in
from ..position import Position
from ..rules import Rules
from ..scoring import SideScore, score_table
from ..seeds import SeedStream

__all__ = ["Event", "HandResult", "deal", "first_dealer", "perform"]


@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Event(Explanation):
    """One line of the game's log: what happened, as data rendered by the message catalogue."""


@dataclass(frozen=True)
class HandResult:
    """How one hand ended and what each side scored."""

    hand_number: int
    went_out: int | None  # the player who went out, if anyone did
    scores: tuple[SideScore, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"hand": self.hand_number, "went_out": self.went_out, "sides": [s.to_dict() for s in self.scores]}



# --- dealing ---------------------------------------------------------------------


def first_dealer(rules: Rules, players: int, seed: int) -> int:
    if rules.first_dealer == "player 1":
        return 1
    stream = SeedStream(seed, "dealer")  # every player draws a card; highest rank deals, ties draw again
    contenders = list(range(1, players + 1))
    while len(contenders) > 1:
        draws = {p: 2 + stream.below(13) for p in contenders}
        best = max(draws.values())
        contenders = [p for p in contenders if draws[p] == best]
    return contenders[0]


def deal(pos: Position, log: list[Event]) -> None:
    """Shuffle, deal, turn the upcard and lay out dealt red 3s: the start of every hand."""
    rules = pos.rules
    deck = list(full_deck(rules.decks, rules.jokers))
    SeedStream(pos.seed, f"hand {pos.hand_number}").shuffle(deck)
    pos.stock = deck
    pos.pile = []
    pos.hands = [[] for _ in range(pos.players)]
    pos.melds = [[] for _ in range(pos.side_count)]
    pos.red_threes = [[] for _ in range(pos.side_count)]
    order = _turn_order_after(pos, pos.dealer)
    count = rules.hand_size[pos.players] * len(order)
    dealt = pos.stock[: -count - 1 : -1]  # the top cards, dealt one at a time round the table
    del pos.stock[-count:]
    pos.pile.append(pos.stock.pop())
    while rules.cover_red_three_upcard and pos.pile[-1].is_red_three and pos.stock:
        pos.pile.append(pos.stock.pop())
    deal = {"hand": pos.hand_number, "dealer": pos.dealer, "cards": rules.hand_size[pos.players],
            "upcard": str(pos.pile[-1])}  # fmt: skip
    log.append(Event("event-deal", None, deal))
    for at, player in enumerate(order):
        _receive(pos, player, dealt[at :: len(order)], log, replace=True)
    pos.turn = order[0]
    pos.phase = "draw"
    pos.unopened = True
    pos.asked, pos.asker, pos.pending, pos.passes = "", 0, (), 0


def _turn_order_after(pos: Position, dealer: int) -> list[int]:
    """This hand's players in turn order, starting left of the dealer (who may sit this hand out)."""
    seats = list(pos.seating())
    if dealer in seats:
        first = (seats.index(dealer) + 1) % len(seats)
    else:  # [assumption] a resting dealer deals; the first player after them by seat number starts
        first = min(range(len(seats)), key=lambda i: (seats[i] - dealer) % pos.players)
    return seats[first:] + seats[:first]


def _receive(pos: Position, player: int, cards: Sequence[Card], log: list[Event], *, replace: bool) -> None:
    """Cards arriving in a hand, in the order they came: red 3s go to the side's table at once
    (replaced from the stock when the rules say), the others to their places in card order. A hand
    is a set, kept sorted (``Game`` sorts it once), so offers never depend on the order cards came
    in; only the new cards are looked at, as a hand never holds a red 3."""
    hand = pos.hands[player - 1]
    while True:
        reds = [c for c in cards if c.is_red_three]
        hand.extend([c for c in cards if not c.is_red_three] if reds else cards)
        hand.sort(key=CARD_ORDER)  # in C, and as fast as placing two cards one by one
        if not reds:
            return
        pos.red_threes[pos.side_of(player)].extend(reds)
        log.append(Event("event-red-threes", "red_three_value", {"player": player, "count": len(reds)}))
        if not replace:
            return
        cards = [pos.stock.pop() for _ in reds[: len(pos.stock)]]



# --- performing actions (already checked) -------------------------------------------


def _remove(hand: list[Card], card: Card) -> None:
    """``hand.remove(card)``, found by bisection in a hand kept in card order (see ``_receive``):
    ``list.remove`` compares the cards before it one by one, each a call into Python."""
    at = bisect_left(hand, CARD_ORDER(card), key=CARD_ORDER)
    if at < len(hand) and hand[at] is card:
        del hand[at]
    else:
        hand.remove(card)  # a hand out of order: raises as list.remove does when the card is missing


def _event(pos: Position, log: list[Event], code: str, knob: str | None = None, **params: Any) -> None:
    log.append(Event(code, knob, {"player": pos.turn, **params}))


def _do_draw(pos: Position, action: Draw, log: list[Event]) -> HandResult | None:
    count = min(pos.rules.draw_count[pos.players], len(pos.stock))
    drawn = [pos.stock.pop() for _ in range(count)]
    _event(pos, log, "event-draw", "draw_count", count=count)
    _receive(pos, pos.turn, drawn, log, replace=True)
    _start_play(pos)
    return None


def _do_take_pile(pos: Position, action: TakePile, log: list[Event]) -> HandResult | None:
    rules = pos.rules
    hand = pos.hands[pos.turn - 1]
    side = pos.side_of(pos.turn)
    taken = pile_cards_taken(pos)
    top = pos.pile.pop()
    del pos.pile[len(pos.pile) - len(taken) :]
    for card in (*action.cards, *(c for m in action.melds for c in m)):
        _remove(hand, card)
    if action.onto is not None:
        pos.melds[side][action.onto - 1].extend((top, *action.cards))
    else:
        pos.melds[side].append([top, *action.cards])
    pos.melds[side].extend(list(m) for m in action.melds)
    _event(pos, log, "event-take-pile", "pile_cards_taken", card=str(top), count=len(taken))
    _receive(pos, pos.turn, taken, log, replace=rules.red_three_from_pile_replaced)
    _start_play(pos)
    if not hand:  # the pile's cards all melded, with nothing under them: the player goes out
        return _end_hand(pos, log, went_out=pos.turn)
    return None


def _do_take_top(pos: Position, action: TakeTop, log: list[Event]) -> HandResult | None:
    top = pos.pile.pop()
    pos.melds[pos.side_of(pos.turn)][action.meld - 1].append(top)
    _event(pos, log, "event-take-top", "take_top_card_onto_sequence", card=str(top), index=action.meld)
    _start_play(pos)
    return None


def _start_play(pos: Position) -> None:
    pos.phase = "play"
    pos.passes = 0


def _do_meld(pos: Position, action: Meld, log: list[Event]) -> HandResult | None:
    hand = pos.hands[pos.turn - 1]
    for meld in action.melds:
        for card in meld:
            _remove(hand, card)
        pos.melds[pos.side_of(pos.turn)].append(list(meld))
    _event(pos, log, "event-meld", None, melds=" | ".join(format_cards(m) for m in action.melds))
    return _end_hand(pos, log, went_out=pos.turn) if not hand else None


def _do_add(pos: Position, action: Add, log: list[Event]) -> HandResult | None:
    hand = pos.hands[pos.turn - 1]
    for card in action.cards:
        _remove(hand, card)
    pos.melds[pos.side_of(pos.turn)][action.meld - 1].extend(action.cards)
    _event(pos, log, "event-add", None, cards=format_cards(action.cards), index=action.meld)
    return _end_hand(pos, log, went_out=pos.turn) if not hand else None


def _do_discard(pos: Position, action: Discard, log: list[Event]) -> HandResult | None:
    hand = pos.hands[pos.turn - 1]
    _remove(hand, action.card)
    pos.pile.append(action.card)
    _event(pos, log, "event-discard", None, card=str(action.card))
    if not hand:
        return _end_hand(pos, log, went_out=pos.turn)
    _next_turn(pos)
    return None


def _next_turn(pos: Position) -> None:
    pos.turn = pos.next_player(pos.turn)
    pos.phase = "draw"
    pos.unopened = not pos.melds[pos.side_of(pos.turn)]
    pos.asked, pos.asker, pos.pending = "", 0, ()


def _do_ask(pos: Position, action: Ask, log: list[Event]) -> HandResult | None:
    pos.asker, pos.pending = pos.turn, pos.partners(pos.turn)
    _event(pos, log, "event-ask", "ask_partner")
    pos.turn, pos.pending = pos.pending[0], pos.pending[1:]
    pos.phase = "answer"
    return None


def _do_answer(pos: Position, action: Answer, log: list[Event]) -> HandResult | None:
    answer = EN["answer:yes" if action.yes else "answer:no"]
    _event(pos, log, "event-answer", "ask_partner", answer=answer, asker=pos.asker)
    if action.yes and pos.pending:
        pos.turn, pos.pending = pos.pending[0], pos.pending[1:]
        return None
    pos.turn, pos.asker, pos.pending = pos.asker, 0, ()
    pos.asked = "yes" if action.yes else "no"
    pos.phase = "play"
    return None


def _do_pass(pos: Position, action: Pass, log: list[Event]) -> HandResult | None:
    if pos.phase == "play":
        _event(pos, log, "event-pass-in-play", None)
        _next_turn(pos)
        return None
    _event(pos, log, "event-pass", "stock_out")
    pos.passes += 1
    if pos.rules.stock_out == "when the player to move cannot take the pile" or pos.passes >= len(pos.seating()):
        return _end_hand(pos, log, went_out=None)
    passes = pos.passes
    _next_turn(pos)
    pos.passes = passes
    return None


def _do_next_hand(pos: Position, action: NextHand, log: list[Event]) -> HandResult | None:
    pos.hand_number += 1
    pos.dealer = pos.dealer % pos.players + 1  # the deal passes to the left
    deal(pos, log)
    return None


def _end_hand(pos: Position, log: list[Event], went_out: int | None) -> HandResult:
    rules = pos.rules
    scores = []
    out_side = pos.side_of(went_out) if went_out is not None else None
    for side in range(pos.side_count):
        held = tuple(c for p in pos.members(side) for c in pos.hands[p - 1])
        scores.append(score_table(
            [tuple(m) for m in pos.melds[side]], held, len(pos.red_threes[side]), side == out_side,
            side == out_side and pos.unopened, rules, pos.players,
        ))  # fmt: skip
    for side, score in enumerate(scores):
        pos.scores[side] += score.total
    result = HandResult(pos.hand_number, went_out, tuple(scores))
    code = "event-went-out" if went_out is not None else "event-stock-out"
    log.append(Event(code, None, {"player": went_out or 0, "hand": pos.hand_number,
                                  "scores": tuple(s.total for s in scores)}))  # fmt: skip
    reached = max(pos.scores) >= pos.target
    pos.phase = "game over" if reached or pos.hand_number >= rules.hand_cap else "hand over"
    pos.asked, pos.asker, pos.pending, pos.passes = "", 0, (), 0
    if pos.phase == "game over":
        log.append(Event("event-game-over", "target_score", {"scores": tuple(pos.scores)}))
    return result


_PERFORM: dict[type, Callable[[Position, Any, list[Event]], HandResult | None]] = {
    Draw: _do_draw, TakePile: _do_take_pile, TakeTop: _do_take_top, Meld: _do_meld, Add: _do_add,
    Discard: _do_discard, Ask: _do_ask, Answer: _do_answer, Pass: _do_pass, NextHand: _do_next_hand,
}  # fmt: skip


def perform(pos: Position, action: Action) -> tuple[list[Event], HandResult | None]:
    """Play ``action`` (already found legal) on ``pos``: the position changes in place, and what
    happened comes back as data (the log lines, and the hand's result when it ends), so nothing
    here knows the ``Game`` that keeps them."""
    log: list[Event] = []
    return log, _PERFORM[type(action)](pos, action, log)
