"""Computer players worth playing against: ``beginner``, ``club`` and ``strong``, and the coach's ranking.

Every level reads the table through a ``SeatView``: its own hand, every side's
melds and red 3s, the discard pile (every card in it was seen when it was
discarded), the public log of this hand, and only the *number* of cards in the
other hands and the stock. So a level's choice never depends on a card its
seat cannot see; ``strong`` samples the hidden cards itself, from a canonical
ordering of the unseen cards and its own seed.

``club`` scores every legal action with one heuristic (``score_actions``) and
plays the best; the same scores, with their reasons, are the coach's ranking.
``beginner`` uses the same heuristic with a beginner's blind spots. ``strong``
plays its two best candidates forward over sampled deals whenever they are close
and keeps the one with the best mean outcome.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations
from typing import Any

from ..actions import Action, Add, Answer, Ask, Discard, Draw, Meld, NextHand, Pass, TakePile, TakeTop
from ..cards import Card, deck_counts, format_cards
from .decision import Decision
from ..game import Game
from ..melds import MeldKind, MeldVerdict, judge, judge_addition, meld_name
from ..i18n import Explanation, render
from ..turn.legal import meld_groups
from ..rules import Rules
from ..scenario import parse_position
from ..scoring import may_go_out

__all__ = [
    "BEGINNER", "CLUB", "STRONG", "BeginnerPlayer", "ClubPlayer", "RankedAction", "SeatView", "StrongPlayer", "Style",
    "rank_actions", "sample_hidden", "score_actions", "seat_view",
]  # fmt: skip

Cards = tuple[Card, ...]

GO_OUT = 10_000.0
GOOD_MELD = 600.0


# --- what a seat may see ------------------------------------------------------------


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


# --- playing styles -----------------------------------------------------------------


@dataclass(frozen=True)
class Style:
    """The habits a level plays with; ``beginner`` is ``club`` with a beginner's blind spots."""

    name: str
    saves_wilds: bool  # keeps 2s and jokers for a bolivia instead of mixed melds
    guards_pile: bool  # weighs what a discard gives the next player
    keeps_pairs: bool  # values pairs that can take the pile
    plans_sequences: bool  # values suited cards that may grow into an escalera
    min_pile: int  # the smallest pile (cards under the top) worth taking for its own sake
    slip: float  # share of discards chosen carelessly (from the player's seeded generator)
    pile_pairs: int = 999  # a pile this big or bigger: keep natural pairs in hand to take it, rather than meld them
    reads_declines: bool = False  # a rank a player left on top of the pile is one they hold no pair of


CLUB = Style("club", saves_wilds=True, guards_pile=True, keeps_pairs=True, plans_sequences=True, min_pile=1, slip=0.0)
STRONG = Style(
    "strong", saves_wilds=True, guards_pile=True, keeps_pairs=True, plans_sequences=True, min_pile=1, slip=0.0,
    pile_pairs=4, reads_declines=True,
)
BEGINNER = Style(
    "beginner", saves_wilds=False, guards_pile=False, keeps_pairs=False, plans_sequences=False, min_pile=5, slip=0.2
)


@dataclass(frozen=True)
class RankedAction:
    """A legal action with the club heuristic's score for it and the reasons in words."""

    action: Action
    score: float
    rationale: tuple[Explanation, ...]

    def __str__(self) -> str:
        return f"{self.action} ({self.score:+.0f}): " + "; ".join(map(str, self.rationale))


def _ex(code: str, **params: Any) -> Explanation:
    return Explanation(code, None, params)


def _rank_words(rank: int) -> str:
    return render(f"rank:{Card(rank, 'H').rank_text}")


class _Context:
    """Facts about the seat's hand and side computed once per decision."""

    def __init__(self, view: SeatView, style: Style) -> None:
        rules = view.rules
        self.view, self.style, self.rules = view, style, rules
        self.hand = view.hand
        self.by_rank = Counter(c.rank for c in view.hand if c.is_natural)
        self.suited: dict[str, set[int]] = {}
        for card in view.hand:
            if card.is_natural:
                self.suited.setdefault(card.suit, set()).add(card.rank)
        self.wilds = sum(c.is_wild for c in view.hand)
        self.my_melds = view.melds[view.side]
        self.verdicts = [judge(m, rules, True) for m in self.my_melds]
        self.can_go_out = may_go_out(self.verdicts, rules, view.players)
        self.has_escalera = any(v.kind is MeldKind.SEQUENCE and v.complete for v in self.verdicts)
        self.wild_meld_open = any(v.kind is MeldKind.WILD and not v.complete for v in self.verdicts)
        self.saving_wilds = (
            style.saves_wilds and rules.wild_melds and (self.wild_meld_open or self.wilds >= 2) and not self.can_go_out
        )
        self.same_rank_on_table = {
            v.cards[0].rank if v.cards[0].is_natural else next(c.rank for c in v.cards if c.is_natural)
            for v in self.verdicts
            if v.kind is MeldKind.SAME_RANK
        }
        self.sequence_ends: dict[str, set[int]] = {}
        self.sequence_near: dict[str, set[int]] = {}
        for v in self.verdicts:
            if v.kind is MeldKind.SEQUENCE and not v.complete:
                naturals = [c.rank for c in v.cards if c.is_natural]
                suit = next(c.suit for c in v.cards if c.is_natural)
                low, high = min(naturals), max(naturals)
                self.sequence_ends.setdefault(suit, set()).update({low - 1, high + 1})
                room = 6 - (high - low)  # ranks the sequence may still grow by, within a seven-card window
                if room >= 2:
                    self.sequence_near.setdefault(suit, set()).update({low - 2, high + 2} & set(range(4, 15)))
        self.hand_points = sum(rules.card_value(c) for c in view.hand if not c.is_black_three) + sum(
            rules.black_three_in_hand for c in view.hand if c.is_black_three
        )

    @cached_property
    def hidden(self) -> tuple[Counter[Card], tuple[Cards, ...]]:
        return hidden_cards(self.view)

    @cached_property
    def unseen(self) -> Counter[Card]:
        """The cards no seat is known to hold: the pool the other hands' unknown cards come from."""
        return self.hidden[0]

    @cached_property
    def unseen_total(self) -> int:
        return sum(self.unseen.values())

    @cached_property
    def unseen_wilds(self) -> int:
        return sum(n for c, n in self.unseen.items() if c.is_wild)

    # --- how much the side wants to keep a card -------------------------------------

    def keep_value(self, card: Card) -> float:
        rules, style = self.rules, self.style
        if card.is_wild:
            return 400.0 if self.saving_wilds else 150.0
        if card.is_black_three:
            return -60.0
        value = rules.card_value(card) * 0.5
        same = self.by_rank[card.rank]
        if same >= 2:
            value += 45.0 if style.keeps_pairs else 12.0
        if same >= 3:
            value += 10.0
        if card.rank in self.same_rank_on_table:
            value += 40.0
        if rules.sequences and style.plans_sequences:
            value += self._sequence_value(card)
        return value

    def sequence_material(self, card: Card) -> bool:
        """Whether ``card`` should go to an escalera rather than a same-rank meld: it is one or two ranks
        beyond one of the side's open sequences (within a seven-card window), two more cards of its suit
        in hand share a seven-card window with it, or the side has no escalera yet (so cannot go out) and
        a card of its suit in hand lies within two ranks of it. Same-rank melds are easy to complete;
        the escalera is what holds a bolivia side back from going out."""
        if not (self.rules.sequences and self.style.plans_sequences and card.is_natural):
            return False
        if card.rank in self.sequence_ends.get(card.suit, set()) | self.sequence_near.get(card.suit, set()):
            return True
        ranks = self.suited.get(card.suit, set())
        if not self.has_escalera and any(0 < abs(r - card.rank) <= 2 for r in ranks):
            return True
        return any(
            low <= card.rank <= low + 6 and sum(1 for r in ranks if low <= r <= low + 6) >= 3 for low in range(4, 9)
        )

    def _sequence_value(self, card: Card) -> float:
        ranks = self.suited.get(card.suit, set())
        if card.rank in self.sequence_ends.get(card.suit, set()):
            return 200.0
        if card.rank in self.sequence_near.get(card.suit, set()):
            return 120.0
        best = 0
        for low in range(4, 9):  # the five seven-card windows: 4-10 ... 8-A
            if low <= card.rank <= low + 6:
                best = max(best, sum(1 for r in ranks if low <= r <= low + 6))
        near = sum(1 for r in (card.rank - 1, card.rank + 1) if r in ranks)
        return 9.0 * (best - 1) + 12.0 * near

    # --- what a discard gives the next player ---------------------------------------

    def feed_chance(self, card: Card) -> float:
        """The chance the next player (an opponent) can take the pile with ``card`` on top."""
        view, rules = self.view, self.rules
        taker = view.next_player
        if taker == view.seat or view.side_of(taker) == view.side:
            return 0.0
        kind = "wild" if card.is_wild else "black 3" if card.is_black_three else "red 3" if card.is_red_three else ""
        if kind and kind in rules.pile_blocked_by:
            return 0.0
        if not card.is_natural:
            return 0.05 if "two wilds" in rules.pile_take_ways else 0.0
        their_side = view.side_of(taker)
        their_melds = view.melds[their_side]
        frozen = self._frozen_for(their_melds)
        known = self.hidden[1][taker - 1]
        size = view.hand_sizes[taker - 1] - len(known)
        same_rank = sum(n for c, n in self.unseen.items() if c.is_natural and c.rank == card.rank)
        held = sum(1 for c in known if c.is_natural and c.rank == card.rank)
        p0, p1 = _hypergeometric(self.unseen_total, same_rank, size)
        if held >= 2:
            return 1.0  # they took those cards with the pile and have not laid them
        chance = 1.0 - p0 if held == 1 else max(0.0, 1.0 - p0 - p1)
        if not frozen:
            if "natural and wild" in rules.pile_take_ways:
                q0, _ = _hypergeometric(self.unseen_total, self.unseen_wilds, size)
                chance = max(chance, (1.0 - p0) * (1.0 - q0))
            if "own meld" in rules.pile_take_ways and not rules.pile_new_meld_only:
                for meld in their_melds:
                    if judge_addition(meld, (card,), rules).legal:
                        return 1.0
            if "suited sequence pair" in rules.pile_take_ways:
                chance = min(1.0, chance + 0.1)
        if card.rank in view.discarded[taker - 1]:
            chance *= 0.4  # they let that rank go this hand: they probably hold no pair of it
        if self.style.reads_declines and view.declined and card.rank in view.declined[taker - 1]:
            chance *= 0.25  # they left that rank on the pile this hand: they held no pair of it then
        return chance

    def _frozen_for(self, their_melds: Sequence[Cards]) -> bool:
        when = self.rules.pile_frozen_when
        pile = self.view.pile
        return bool(
            ("side has not melded" in when and not their_melds)
            or ("pile holds a wild" in when and any(c.is_wild for c in pile))
            or ("pile holds a black 3" in when and any(c.is_black_three for c in pile))
            or ("pile holds a red 3" in when and any(c.is_red_three for c in pile))
        )

    def pile_worth(self, extra: int = 1) -> float:
        """What the pile (with ``extra`` more cards on it) is worth to whoever takes it."""
        cards = len(self.view.pile) + extra
        return 25.0 * cards + 40.0


def _hypergeometric(total: int, good: int, drawn: int) -> tuple[float, float]:
    """P(0) and P(1) good cards among ``drawn`` of ``total`` (the hidden cards are dealt at random)."""
    if total <= 0 or drawn <= 0 or good <= 0:
        return 1.0, 0.0
    drawn = min(drawn, total)
    bad = total - good
    whole = math.comb(total, drawn)
    p0 = math.comb(bad, drawn) / whole if drawn <= bad else 0.0
    p1 = good * math.comb(bad, drawn - 1) / whole if drawn - 1 <= bad else 0.0
    return p0, p1


# --- scoring every legal action ----------------------------------------------------------


def score_actions(
    view: SeatView, actions: Iterable[Action], style: Style = CLUB
) -> list[RankedAction]:
    """Every action scored by the ``style``'s heuristic with its reasons, best first."""
    context = _Context(view, style)
    ranked = [_score(context, action) for action in actions]
    ranked.sort(key=lambda r: (-r.score, r.action.sort_key()))
    return ranked


def _score(ctx: _Context, action: Action) -> RankedAction:
    view = ctx.view
    if isinstance(action, NextHand):
        return RankedAction(action, 0.0, (_ex("why-next-hand"),))
    if isinstance(action, Answer):
        return _score_answer(ctx, action)
    if isinstance(action, Draw | Pass) and view.phase == "draw":
        return _score_draw(ctx, action)
    if isinstance(action, TakeTop):
        return _score_take_top(ctx, action)
    if isinstance(action, TakePile):
        return _score_take_pile(ctx, action)
    if isinstance(action, Meld | Add):
        return _score_lay(ctx, action)
    if isinstance(action, Ask):
        return _score_ask(ctx)
    if isinstance(action, Discard):
        return _score_discard(ctx, action)
    return RankedAction(action, -1.0, (_ex("why-only-move"),))


def _score_answer(ctx: _Context, action: Answer) -> RankedAction:
    points = ctx.hand_points
    heavy = ctx.style.name != "beginner" and points > 150 and ctx.view.stock_size > 20
    if action.yes:
        code = "why-answer-no-heavy" if heavy else "why-answer-yes-light"
        return RankedAction(action, -1.0 if heavy else 1.0, (_ex(code, points=points),))
    return RankedAction(action, 1.0 if heavy else -1.0, (_ex("why-answer-no-heavy", points=points),))


def _score_draw(ctx: _Context, action: Action) -> RankedAction:
    view = ctx.view
    if isinstance(action, Pass):
        return RankedAction(action, 0.0, (_ex("why-pass-stock-out"),))
    top = view.pile[-1] if view.pile else None
    if top is None:
        return RankedAction(action, 0.0, (_ex("why-draw-empty-pile"),))
    return RankedAction(action, 0.0, (_ex("why-draw-club", card=str(top), count=len(view.pile)),))


def _score_take_top(ctx: _Context, action: TakeTop) -> RankedAction:
    view = ctx.view
    top = view.pile[-1]
    meld = ctx.my_melds[action.meld - 1]
    after = judge_addition(meld, (top,), ctx.rules)
    if after.complete:
        return RankedAction(action, 500.0, (_ex("why-take-top-completes", card=str(top), index=action.meld),))
    score = 100.0 + 15.0 * len(meld) if ctx.style.plans_sequences else -5.0
    return RankedAction(action, score, (_ex("why-take-top-club", card=str(top), index=action.meld),))


def _pile_cards_taken(view: SeatView) -> int:
    count = view.rules.pile_cards_taken
    under = len(view.pile) - 1
    return under if count == "all" else min(under, int(count))


def _score_take_pile(ctx: _Context, action: TakePile) -> RankedAction:
    view, rules, style = ctx.view, ctx.rules, ctx.style
    taken = _pile_cards_taken(view)
    laid = 1 + len(action.cards) + sum(map(len, action.melds))
    wilds = sum(c.is_wild for c in action.cards) + sum(c.is_wild for m in action.melds for c in m)
    value = 25.0 * taken + sum(rules.card_value(c) for c in view.pile[-taken - 1 : -1] if taken) * 0.5
    value += 15.0 * laid - (150.0 if ctx.saving_wilds else 25.0) * wilds
    reasons = [_ex("why-take-pile-club", count=taken, laid=laid)]
    if not ctx.my_melds:
        value += 150.0  # the initial meld: the side may meld freely from now on
        reasons.append(_ex("why-take-pile-opens"))
    if action.onto is not None:
        meld = ctx.my_melds[action.onto - 1]
        if judge_addition(meld, (view.pile[-1], *action.cards), rules).complete:
            value += 200.0
            reasons.append(_ex("why-take-pile-completes", index=action.onto))
    if wilds:
        reasons.append(_ex("why-take-pile-wilds", wilds=wilds))
    if taken < style.min_pile:
        value -= 120.0
    return RankedAction(action, value, tuple(reasons))


def _score_lay(ctx: _Context, action: Meld | Add) -> RankedAction:
    view, rules = ctx.view, ctx.rules
    used = [c for m in action.melds for c in m] if isinstance(action, Meld) else list(action.cards)
    cards = format_cards(used)
    if len(used) == len(view.hand):
        return RankedAction(action, GO_OUT + len(used), (_ex("why-go-out-club", cards=cards),))
    if ctx.can_go_out:
        return RankedAction(action, GOOD_MELD + 300 + len(used), (_ex("why-lay-to-finish", cards=cards),))
    wilds = sum(c.is_wild for c in used)
    if isinstance(action, Meld):
        verdicts = [judge(m, rules) for m in action.melds]
        if ctx.my_melds:
            kept = _keeps_pairs(ctx, used, [v.kind for v in verdicts], complete=any(v.complete for v in verdicts))
            if kept:
                return RankedAction(action, -250.0, kept)
        if not ctx.my_melds:
            points = sum(v.points for v in verdicts)
            minimum = rules.initial_meld_minimum(view.scores[view.side])
            score = GOOD_MELD + 100 - (120.0 if ctx.style.saves_wilds else 0.0) * wilds + points * 0.2
            return RankedAction(action, score, (_ex("why-meld-initial", points=points, minimum=minimum, wilds=wilds),))
        return _score_new_melds(ctx, action, verdicts, cards)
    meld = ctx.my_melds[action.meld - 1]
    after = judge_addition(meld, action.cards, rules)
    kind = judge(meld, rules, True).kind
    if not after.complete:
        kept = _keeps_pairs(ctx, used, [kind], complete=False)
        if kept:
            return RankedAction(action, -250.0, kept)
    if after.complete and kind is not MeldKind.SEQUENCE and not ctx.has_escalera:
        spoilt = [c for c in used if c.is_natural and c.rank in ctx.sequence_ends.get(c.suit, set())]
        if spoilt:  # the side's escalera needs this card more than the canasta does
            return RankedAction(action, -300.0, (_ex("why-keep-for-escalera", cards=format_cards(spoilt)),))
    if after.complete:
        name = meld_name(after.label, rules)
        label = render(name) if name else ""
        return RankedAction(action, GOOD_MELD + 200 + after.bonus / 10,
                            (_ex("why-add-completes", cards=cards, index=action.meld, label=label),))  # fmt: skip
    if not wilds:
        if kind is MeldKind.SEQUENCE:
            score = GOOD_MELD + 100 + 20 * len(meld)
            return RankedAction(action, score, (_ex("why-add-sequence", cards=cards, index=action.meld),))
        spoilt = [c for c in used if ctx.sequence_material(c)]
        if spoilt:
            return RankedAction(action, -300.0, (_ex("why-keep-for-escalera", cards=format_cards(spoilt)),))
        return RankedAction(action, GOOD_MELD - 50 + len(used), (_ex("why-add-club", cards=cards, index=action.meld),))
    if kind is MeldKind.WILD:
        return RankedAction(action, GOOD_MELD - 100, (_ex("why-add-wild-bolivia", cards=cards, index=action.meld),))
    if ctx.saving_wilds:
        return RankedAction(action, -400.0, (_ex("why-not-waste-wilds", cards=cards),))
    return RankedAction(action, GOOD_MELD - 300, (_ex("why-add-club", cards=cards, index=action.meld),))


def _keeps_pairs(
    ctx: _Context, used: Sequence[Card], kinds: Sequence[MeldKind | None], *, complete: bool
) -> tuple[Explanation, ...]:
    """Why not to lay these cards: with a big pile waiting, they break a natural pair the hand needs
    to take it (a sequence, or a lay that completes a meld, is worth more than the pair)."""
    pile = len(ctx.view.pile)
    if pile < ctx.style.pile_pairs or complete or MeldKind.SEQUENCE in kinds:
        return ()
    spent = Counter(c.rank for c in used if c.is_natural)
    broken = sorted(r for r, n in spent.items() if ctx.by_rank[r] >= 2 and ctx.by_rank[r] - n < 2)
    if not broken:
        return ()
    pair = [c for c in ctx.hand if c.is_natural and c.rank == broken[-1]][:2]
    return (_ex("why-keep-pair-for-pile", cards=format_cards(pair), count=pile),)


def _score_new_melds(ctx: _Context, action: Meld, verdicts: Sequence[MeldVerdict], cards: str) -> RankedAction:
    score = 0.0
    reasons: list[Explanation] = []
    for verdict in verdicts:
        group = format_cards(verdict.cards)
        wilds = sum(c.is_wild for c in verdict.cards)
        if verdict.kind is MeldKind.SEQUENCE:
            score += GOOD_MELD + 20 if ctx.style.plans_sequences else GOOD_MELD - 100
            reasons.append(_ex("why-meld-sequence", cards=group, count=len(verdict.cards)))
        elif verdict.kind is MeldKind.WILD:
            score += GOOD_MELD - 80
            reasons.append(_ex("why-meld-wilds", cards=group, count=len(verdict.cards)))
        elif wilds and ctx.saving_wilds:
            score -= 400.0
            reasons.append(_ex("why-not-waste-wilds", cards=group))
        elif any(ctx.sequence_material(c) for c in verdict.cards):
            score -= 300.0
            spoilt = [c for c in verdict.cards if ctx.sequence_material(c)]
            reasons.append(_ex("why-keep-for-escalera", cards=format_cards(spoilt)))
        else:
            score += GOOD_MELD - 150 - 100 * wilds
            reasons.append(_ex("why-meld-same-rank", cards=group, count=len(verdict.cards)))
    return RankedAction(action, score / max(1, len(verdicts)) + len(verdicts), tuple(reasons))


def _score_ask(ctx: _Context) -> RankedAction:
    view = ctx.view
    if not ctx.can_go_out:
        return RankedAction(Ask(), -500.0, (_ex("why-no-ask-not-ready"),))
    loose = len(view.hand) - _layable(ctx)
    if loose > 1:
        return RankedAction(Ask(), -500.0, (_ex("why-no-ask-loose", count=loose),))
    if view.rules.ask_partner != "required":
        # asking is optional: ask only when a partner holds many cards it may want to lay first
        heavy = any(view.hand_sizes[p - 1] >= 8 for p in view.partners)
        if not heavy:
            return RankedAction(Ask(), -200.0, (_ex("why-no-ask-optional"),))
    return RankedAction(Ask(), GOOD_MELD + 250, (_ex("why-ask-club", count=len(view.hand)),))


def _layable(ctx: _Context) -> int:
    """How many cards of the hand fit the side's melds or make melds of their own."""
    rules = ctx.rules
    fit: Counter[Card] = Counter()
    hand = Counter(ctx.hand)
    for group in meld_groups(ctx.hand, rules, going_out=True):
        if judge(group, rules, True).legal:
            fit |= Counter(group)
    for card in hand:
        if any(judge_addition(m, (card,), rules, True).legal for m in ctx.my_melds):
            fit[card] = hand[card]
    return sum((fit & hand).values())


def _score_discard(ctx: _Context, action: Discard) -> RankedAction:
    view, style = ctx.view, ctx.style
    card = action.card
    if len(view.hand) == 1:
        return RankedAction(action, GO_OUT, (_ex("why-go-out-discard", card=str(card)),))
    keep = ctx.keep_value(card)
    chance = ctx.feed_chance(card) if style.guards_pile else 0.0
    risk = chance * ctx.pile_worth()
    reasons = [_ex("why-discard-club" if style.guards_pile else "why-discard-beginner", card=str(card))]
    taker = view.next_player
    if style.guards_pile and view.side_of(taker) != view.side:
        took = [c for c in ctx.hidden[1][taker - 1] if c.is_natural and c.rank == card.rank]
        if card.is_natural and len(took) >= 2:
            reasons.append(_ex("why-feeds-known", player=taker, cards=format_cards(took), count=len(view.pile) + 1))
        elif not card.is_natural and chance == 0.0:
            reasons.append(_ex("why-safe-blocks", card=str(card), player=taker))
        elif chance >= 0.25:
            reasons.append(_ex("why-feeds", card=str(card), player=taker, count=len(view.pile) + 1,
                               percent=round(100 * chance)))  # fmt: skip
        elif style.reads_declines and card.is_natural and view.declined and card.rank in view.declined[taker - 1]:
            reasons.append(_ex("why-safe-declined", player=taker, rank=_rank_words(card.rank)))
        elif card.is_natural and card.rank in view.discarded[taker - 1]:
            reasons.append(_ex("why-safe-shown", player=taker, rank=_rank_words(card.rank)))
        elif card.is_natural:
            reasons.append(_ex("why-safe-unlikely", player=taker, rank=_rank_words(card.rank),
                               percent=round(100 * chance)))  # fmt: skip
    if not style.guards_pile and card.is_natural:
        keep = ctx.rules.card_value(card) + (30.0 if ctx.by_rank[card.rank] >= 2 else 0.0)
    return RankedAction(action, -(keep + risk), tuple(reasons))


def _keeps(ctx: _Context, discard: Card) -> list[Explanation]:
    """What the hand keeps back and why: a pair for the pile, suited cards for an escalera."""
    notes: list[Explanation] = []
    rest = list(ctx.hand)
    rest.remove(discard)
    ranks = Counter(c.rank for c in rest if c.is_natural)
    pairs = sorted((r for r, n in ranks.items() if n >= 2), reverse=True)
    if pairs and ctx.style.keeps_pairs:
        pair = [c for c in rest if c.is_natural and c.rank == pairs[0]][:2]
        notes.append(_ex("why-keep-pair", cards=format_cards(pair)))
    if ctx.rules.sequences and ctx.style.plans_sequences:
        best: list[Card] = []
        for suit in "CDHS":
            mine = sorted({c.rank for c in rest if c.is_natural and c.suit == suit})
            for low in range(4, 9):
                window = [r for r in mine if low <= r <= low + 6]
                if len(window) > len(best):
                    best = [Card(r, suit) for r in window]
        if len(best) >= 2 and best[-1].rank - best[0].rank < 2 * len(best):  # close enough to grow together
            notes.append(_ex("why-keep-sequence", cards=format_cards(best)))
    return notes


# --- extra candidates: an initial meld that spends no wild card -----------------------------


def _initial_options(game: Game, view: SeatView) -> list[Action]:
    """Combinations of the hand's meld groups that reach the initial minimum with the fewest wild
    cards (the engine offers only its best-first combination); checked by the game itself."""
    rules = view.rules
    groups = [g for g in meld_groups(view.hand, rules)]
    minimum = rules.initial_meld_minimum(view.scores[view.side])
    options: list[tuple[int, int, tuple[Cards, ...]]] = []
    for size in (1, 2, 3):
        for combo in combinations(groups, size):
            used = Counter(c for g in combo for c in g)
            if any(n > view.hand.count(c) for c, n in used.items()):
                continue
            points = sum(judge(g, rules).points for g in combo)
            if points >= minimum:
                options.append((sum(c.is_wild for c in used.elements()), -points, combo))
    options.sort(key=lambda o: (o[0], o[1], [format_cards(g) for g in o[2]]))
    found: list[Action] = []
    for _, _, combo in options[:4]:
        meld = Meld(combo)
        if not game.explain(meld):
            found.append(meld)
    return found


def _candidates(game: Game, view: SeatView) -> list[Action]:
    actions: list[Action] = list(game.legal_actions())
    if view.phase == "play" and not view.melds[view.side]:
        known = set(actions)
        actions.extend(a for a in _initial_options(game, view) if a not in known)
    return actions


# --- the levels ---------------------------------------------------------------------------


def _decide(
    game: Game, style: Style, rng: random.Random | None = None, *, explain: bool = True
) -> tuple[Decision, list[RankedAction]]:
    view = seat_view(game, game.to_move)
    ranked = score_actions(view, _candidates(game, view), style)
    best = ranked[0]
    if rng is not None and style.slip and isinstance(best.action, Discard) and rng.random() < style.slip:
        careless = [r for r in ranked if isinstance(r.action, Discard) and not r.action.card.is_wild]
        if len(careless) > 1:
            slip = careless[rng.randrange(min(4, len(careless)))]
            card = str(slip.action.card) if isinstance(slip.action, Discard) else ""
            best = RankedAction(slip.action, slip.score, (_ex("why-discard-careless", card=card),))
    return Decision(best.action, _with_keeps(view, style, best) if explain else best.rationale), ranked


def _with_keeps(view: SeatView, style: Style, best: RankedAction) -> tuple[Explanation, ...]:
    if isinstance(best.action, Discard) and len(view.hand) > 2:
        return (*best.rationale, *_keeps(_Context(view, style), best.action.card))
    return best.rationale


class ClubPlayer:
    """A solid heuristic player: plans escaleras and bolivias, keeps pairs for the pile, does not
    feed the next player, makes the initial meld without wasting wild cards, goes out when it may."""

    style = CLUB

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, game: Game) -> Decision:
        return _decide(game, self.style)[0]


class BeginnerPlayer:
    """Legal and sensible, with a beginner's visible mistakes: it spends wild cards in any meld,
    breaks pairs, ignores what its discards give the next player, and takes only big piles."""

    style = BEGINNER

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, game: Game) -> Decision:
        rng = random.Random(f"{self.seed}:{game.position.hand_number}:{len(game.history)}")
        return _decide(game, self.style, rng)[0]


class StrongPlayer:
    """The club heuristic sharpened (``STRONG``) with a look-ahead at every close call of its turn:
    when the heuristic's two best actions are near (taking the pile or drawing, one discard or
    another, melding now or holding back), it plays both forward over sampled deals of the hidden
    cards and keeps the better mean outcome. Measured against club, the look-ahead is where
    strong's edge comes from, so it is spent on every such choice, not only where the pile is big."""

    style = STRONG
    candidates = 2
    samples = 3
    margin = 150.0  # heuristic scores this far below the best are not looked at
    prior = 100.0  # points the look-ahead must find before it overrules the heuristic's choice (rollouts are noisy)
    budget = 80  # actions a decision may simulate in all: bounds its time, and (unlike a clock) repeats exactly

    def __init__(self, seed: int = 0, budget: int | None = None) -> None:
        """``budget`` lowers (or raises) the actions one decision may simulate: a cheaper, still
        deterministic player for quick checks; one sampled deal is always played."""
        if budget is not None:
            if type(budget) is not int or budget < 1:
                raise ValueError(
                    f"the look-ahead budget is a whole number of simulated actions, at least 1; got {budget!r}"
                )
            self.budget = budget
        self.seed = seed

    def choose(self, game: Game) -> Decision:
        decision, ranked = _decide(game, self.style)
        view = seat_view(game, game.to_move)
        if view.phase not in ("draw", "play") or ranked[0].score >= GO_OUT:
            return decision
        pool = ranked[: self.candidates]  # a lay against a discard, a discard against a discard, ...
        pool = [r for r in pool if r.score >= pool[0].score - self.margin]  # a clear best needs no look-ahead
        if len(pool) < 2 or (view.phase == "draw" and not any(isinstance(r.action, TakePile) for r in pool)):
            return decision
        spent = 0
        rng = random.Random(f"strong:{self.seed}:{view.hand_number}:{view.actions_played}")
        totals = [0.0] * len(pool)
        done = 0
        for _ in range(self.samples):
            deal = sample_hidden(game, view, rng)
            for i, option in enumerate(pool):
                value, steps = _rollout(deal, option.action, view, self.style)
                totals[i] += value
                spent += steps
            done += 1
            if spent > self.budget:
                break
        means = [t / done for t in totals]
        favoured = [m + (self.prior if i == 0 else 0.0) for i, m in enumerate(means)]  # the heuristic's choice
        best = max(range(len(pool)), key=lambda i: (favoured[i], -i))
        runner = max((i for i in range(len(pool)) if i != best), key=lambda i: means[i])
        if means[best] >= means[runner]:
            look = _ex("why-strong-lookahead", samples=done, margin=round(means[best] - means[runner]),
                       other=pool[runner].action)  # fmt: skip
        else:
            look = _ex("why-strong-no-better", samples=done, other=pool[runner].action,
                       margin=round(means[runner] - means[best]))  # fmt: skip
        return Decision(pool[best].action, (*_with_keeps(view, self.style, pool[best]), look))


def sample_hidden(game: Game, view: SeatView, rng: random.Random) -> Game:
    """A copy of ``game`` with the cards this seat cannot see dealt afresh: drawn from the unseen
    cards in a canonical order with ``rng``, so nothing hidden shapes the sample."""
    unknown, known = hidden_cards(view)
    pool = sorted(unknown.elements())
    rng.shuffle(pool)
    reds = [c for c in pool if c.is_red_three]  # a red 3 never stays in a hand: it can only be in the stock
    rest = [c for c in pool if not c.is_red_three]
    pos = game.position.copy()
    for player in range(1, view.players + 1):
        if player != view.seat:
            size = view.hand_sizes[player - 1] - len(known[player - 1])
            pos.hands[player - 1] = sorted([*known[player - 1], *rest[:size]])
            rest = rest[size:]
    stock = rest + reds
    rng.shuffle(stock)
    pos.stock = stock[: view.stock_size]
    return Game(pos, start="-", history=[], results=[], log=[])


ROLLOUT_ACTIONS = 60


def _rollout(deal: Game, action: Action, view: SeatView, style: Style = CLUB) -> tuple[float, int]:
    """Play ``action`` on a copy of the sampled deal, then ``style`` play until the seat's next turn
    (or the hand's end): the side's margin over the best other side, in points, and the actions played."""
    game = Game(deal.position.copy(), start="-", history=[], results=[], log=[])
    game.apply(action)
    seat = view.seat
    left_seat = False
    for step in range(ROLLOUT_ACTIONS):
        pos = game.position
        if pos.phase in ("hand over", "game over"):
            result = game.results[-1]
            mine = result.scores[view.side].total
            return mine - max(s.total for i, s in enumerate(result.scores) if i != view.side), step
        if pos.turn != seat:
            left_seat = True
        elif left_seat and pos.phase == "draw":
            break
        game.apply(_decide(game, style, explain=False)[0].action)
    return _estimate(game, view), step


def _estimate(game: Game, view: SeatView) -> float:
    """A hand not yet over, valued per side: melds and bonuses (partly for melds on their way),
    red 3s, less half the cards held; the seat's side against the best other side."""
    pos = game.position
    rules = pos.rules
    values = []
    for side in range(pos.side_count):
        value = 100.0 * len(pos.red_threes[side])
        for meld in pos.melds[side]:
            verdict = judge(tuple(meld), rules, True)
            value += verdict.points + verdict.bonus
            if not verdict.complete and verdict.kind is not None:
                value += _bonus_hope(verdict.kind, rules) * (len(meld) / 7) ** 2 * 0.5
        for player in pos.members(side):
            hand = pos.hands[player - 1]
            owed = sum(rules.black_three_in_hand if c.is_black_three else rules.card_value(c) for c in hand)
            value -= 0.5 * owed - 4.0 * len(hand)
        values.append(value)
    mine = values[view.side]
    return mine - max(v for i, v in enumerate(values) if i != view.side)


def _bonus_hope(kind: MeldKind, rules: Rules) -> float:
    if kind is MeldKind.SEQUENCE:
        return 1500.0 if rules.sequences else 0.0
    if kind is MeldKind.WILD:
        return 2500.0
    return 400.0


# --- the coach ----------------------------------------------------------------------------


def rank_actions(game: Game, seat: int, actions: Iterable[Action | str] | None = None) -> list[RankedAction]:
    """The legal actions a learner at ``seat`` is considering (all by default), scored by the club
    heuristic with the reasons in words, best first. An action that is not legal now is refused."""
    from ..actions import parse_action

    if seat != game.to_move or game.is_over:
        raise ValueError(f"player {seat} has nothing to decide now: it is player {game.to_move}'s turn")
    view = seat_view(game, seat)
    if actions is None:
        chosen: list[Action] = _candidates(game, view)
    else:
        chosen = [a if isinstance(a, Action) else parse_action(a) for a in actions]
        for action in chosen:
            reasons = game.explain(action)
            if reasons:
                raise ValueError(f"{action} is not a legal action now: {reasons[0]}")
    return score_actions(view, chosen, CLUB)

