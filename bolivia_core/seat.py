"""One seat's view of a game: everything that seat may know, and nothing it may not.

``seat_view(game, seat)`` is the seat's own hand, the other seats' card counts, both sides' melds and
red 3s, the whole pile (every discard was seen as it was made), the stock's size, the scores, whose
turn it is, what the table remembers of this hand (the cards each player took with the pile and has
not laid since, the ranks each discarded, the top cards each left on the pile), and this hand's
public log. It never holds another seat's hidden card, nor the game's seed. Everything else a seat
is shown is worked out from it: the moves it may make now (``legal_actions``), how it could take
the pile, whether it could go out this turn (``could_go_out``: when asking partner is worth it), the
meld labels.

It is the one view of the project: the computer players choose from it, the card table draws its
JSON form (``to_json``; ``SeatView.from_json`` reads it back), a room sends that JSON to each seat
of a shared table, and the watch page's ``open_view`` is the same type with every hand shown.
``world`` deals the cards a seat cannot see into a whole position consistent with the view: with a
random generator it samples a world a search can play on, without one it gives a neutral world for
working out the seat's own moves.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from functools import cached_property
from typing import Any

from .actions import Action, Add, Ask, Discard, Meld, TakePile, TakeTop, parse_action
from .cards import CARD_ORDER, Card, deck_counts, format_cards
from .game import Game
from .i18n import Explanation, Reason, render
from .melds import MeldKind, complete_length, judge, judge_addition, meld_name
from .position import PHASES, Phase, Position
from .rules import PRESETS, Rules, resolve_rules, rules_from_dict, rules_to_dict
from .turn import Event, LegalActions, explain, meld_groups, pile_frozen

__all__ = [
    "JSON_FORMAT", "MOVES_AT_MOST", "HandTotals", "SeatView", "SeatViewError", "explanation_view", "meld_label",
    "open_view", "seat_view",
]  # fmt: skip

Cards = tuple[Card, ...]
JSON_FORMAT = "bolivia seat view"
JSON_VERSION = 2
MOVES_AT_MOST = 400  # the offered moves listed in the JSON form; ``more_moves`` says when there were more
TAKES_AT_MOST = 12  # the ways to take the pile listed in the JSON form


class SeatViewError(ValueError):
    """A seat's view that cannot be read as it is (its JSON form damaged or impossible)."""


@dataclass(frozen=True)
class HandTotals:
    """How a finished hand ended: who went out (0 for nobody) and each side's total."""

    hand: int
    went_out: int
    totals: tuple[int, ...]


@dataclass(frozen=True)
class SeatView:
    """Everything one seat may know of a game (see the module's docstring). Players, tables, rooms and
    tests all read a game through this; only ``open_view`` fills ``open_hands``."""

    rules: Rules
    players: int
    seat: int
    hand_number: int
    dealer: int
    target: int
    phase: Phase
    turn: int
    unopened: bool
    """The side to move had no melds when this turn began."""
    asked: str
    """"", "yes" or "no": the partner's answer to "may I go out?" this turn."""
    asker: int
    pending: tuple[int, ...]
    passes: int
    hand: Cards
    """The seat's own cards, in card order."""
    hand_sizes: tuple[int, ...]
    melds: tuple[tuple[Cards, ...], ...]
    red_threes: tuple[Cards, ...]
    pile: Cards
    """The whole pile, its top last: every card of it was seen as it was discarded."""
    stock_size: int
    scores: tuple[int, ...]
    results: tuple[HandTotals, ...]
    actions_played: int
    known: tuple[Cards, ...]
    """Cards each player is known to hold: taken with the pile, not laid or discarded since (the seat's
    own entry is empty: it sees its hand)."""
    discarded: tuple[frozenset[int], ...]
    """Ranks each player discarded this hand (index ``player - 1``)."""
    declined: tuple[frozenset[int], ...]
    """Natural ranks each player left on top of the pile this hand, drawing from the stock instead."""
    events: tuple[Explanation, ...] = ()
    """This hand's public log."""
    open_hands: tuple[Cards, ...] | None = field(default=None)
    """Every hand face up (a watch page's open view); ``None`` in a seat's own view."""

    # --- who sits where -----------------------------------------------------------------

    @cached_property
    def _table(self) -> Position:
        """A position holding only the public part, for the seating rules (``Position`` knows them)."""
        return _bare_position(self)

    @property
    def side(self) -> int:
        return self.side_of(self.seat)

    @property
    def sides(self) -> tuple[int, ...]:
        return tuple(self._table.side_of(p) for p in range(1, self.players + 1))

    def side_of(self, player: int) -> int:
        return self._table.side_of(player)

    def members(self, side: int) -> tuple[int, ...]:
        return self._table.members(side)

    @property
    def seating(self) -> tuple[int, ...]:
        """The players in this hand, in turn order (a larger side rests one player a hand)."""
        return self._table.seating()

    @property
    def in_hand(self) -> bool:
        return self.seat in self.seating

    @property
    def partners(self) -> tuple[int, ...]:
        return self._table.partners(self.seat) if self.in_hand else ()

    @property
    def next_player(self) -> int:
        return self._table.next_player(self.seat) if self.in_hand else self.seat

    @property
    def is_over(self) -> bool:
        return self.phase in ("hand over", "game over")

    @property
    def to_move(self) -> int:
        """The player who acts now; 0 once the hand is over."""
        return 0 if self.is_over else self.turn

    @property
    def my_turn(self) -> bool:
        return self.open_hands is None and self.turn == self.seat and self.phase in ("draw", "play", "answer")

    def winner(self) -> int | None:
        """The winning side once the game is over (``None`` while it goes on, or for a draw)."""
        if self.phase != "game over":
            return None
        best = max(self.scores)
        leaders = [s for s, score in enumerate(self.scores) if score == best]
        return leaders[0] if len(leaders) == 1 and best >= self.target else None

    # --- the cards the seat cannot see ----------------------------------------------------

    def unseen(self) -> Counter[Card]:
        """The cards this seat has not seen: the deck less its hand (every hand, in an open view), every
        table and the pile."""
        left = Counter(deck_counts(self.rules.decks, self.rules.jokers))
        for hand in self.open_hands if self.open_hands is not None else (self.hand,):
            left.subtract(hand)
        left.subtract(self.pile)
        for side in self.melds:
            for meld in side:
                left.subtract(meld)
        for reds in self.red_threes:
            left.subtract(reds)
        return +left

    def hidden(self) -> tuple[Counter[Card], tuple[Cards, ...]]:
        """The cards this seat cannot place (the unseen ones less those known to be in a hand), and
        the known cards of each hand (only as many as that hand and the deck can still hold)."""
        left = self.unseen()
        known: list[Cards] = []
        for player, cards in enumerate(self.known, start=1):
            kept = []
            for card in cards[: self.hand_sizes[player - 1]] if player in self._hidden_hands() else ():
                if left[card] > 0:
                    left[card] -= 1
                    kept.append(card)
            known.append(tuple(kept))
        return +left, tuple(known)

    def world(self) -> Position:
        """A neutral world: this view's own hand, tables and pile as they are, each other hand holding
        the cards known to be there and the rest of the unseen cards dealt in card order to the hands
        and the stock. What the seat may do never depends on the cards it cannot see, so its moves are
        worked out on this world (``legal_actions``, ``explain``). The world's seed is 0: a view never
        holds the game's seed."""
        unknown, known = self.hidden()
        return self._dealt(sorted(unknown.elements(), key=CARD_ORDER), known)

    def sample_world(self, rng: random.Random) -> Position:
        """A world drawn at random from those consistent with everything this seat knows: its own hand,
        the tables, the red 3s laid out and the pile as they are; each other hand its size, holding the
        cards it is known to have taken with the pile; no red 3 in any hand (one is laid out as soon as
        it is drawn), so the unseen red 3s lie in the stock. The other unseen cards are spread uniformly
        over the hands' free places and the stock, in a uniform order: every consistent deal is equally
        likely (OpenSpiel calls this ``resample_from_infostate``).

        What a player's moves suggest (a rank discarded, a pile top left to draw from the stock) is not
        used: taking the pile is never forced, so a decline proves nothing about a hand.
        The cards start from card order, so only ``rng`` shapes the sample."""
        unknown, known = self.hidden()
        pool = sorted(unknown.elements(), key=CARD_ORDER)
        rng.shuffle(pool)
        reds = [c for c in pool if c.is_red_three]
        rest = [c for c in pool if not c.is_red_three]
        free = sum(self.hand_sizes[p - 1] - len(known[p - 1]) for p in self._hidden_hands())
        if free > len(rest):
            raise SeatViewError(render("seat-view-damaged", {"detail": f"{free} places in hands for "
                                                             f"{len(rest)} unseen cards that are not red 3s"}))
        pos = self._dealt(rest, known)
        stock = rest[free:] + reds
        rng.shuffle(stock)
        pos.stock = stock[: self.stock_size]
        return pos

    def _hidden_hands(self) -> tuple[int, ...]:
        """The players whose hands this view does not show."""
        if self.open_hands is not None:
            return ()
        return tuple(p for p in range(1, self.players + 1) if p != self.seat)

    def _dealt(self, cards: list[Card], known: tuple[Cards, ...]) -> Position:
        """The view's public part with the hands filled: shown hands as they are, each hidden hand its
        known cards and the next of ``cards`` up to its size; what is left of ``cards`` is the stock."""
        pos = _bare_position(self)
        rest = list(cards)
        hidden = self._hidden_hands()
        for player in range(1, self.players + 1):
            if player in hidden:
                wanted = self.hand_sizes[player - 1] - len(known[player - 1])
                hand = [*known[player - 1], *rest[:wanted]]
                del rest[:wanted]
            elif self.open_hands is not None:
                hand = list(self.open_hands[player - 1])
            else:
                hand = list(self.hand)
            pos.hands[player - 1] = sorted(hand, key=CARD_ORDER)
        pos.stock = rest[: self.stock_size]
        return pos

    # --- what the seat may do -------------------------------------------------------------

    def legal_actions(self) -> Sequence[Action]:
        """The moves this seat may make now (none when it is not to act): the engine's lazy legal
        view over a neutral world, as the seat's moves never depend on cards it cannot see."""
        if self.open_hands is not None or not (self.my_turn or self.phase == "hand over"):
            return ()
        return self._legal

    def explain(self, action: Action) -> tuple[Reason, ...]:
        """Every reason this seat may not play ``action`` now, as the game would give them (worked out on
        the neutral world, like ``legal_actions``); empty when it may."""
        return tuple(explain(self._neutral, action))

    @cached_property
    def _neutral(self) -> Position:
        return self.world()

    @cached_property
    def _legal(self) -> LegalActions:
        return LegalActions(self._neutral)

    def could_go_out(self) -> bool:
        """Whether the seat, in its play phase, could empty its hand this turn (its last card, if one is
        left, discarded) under the rules, its partners permitting: the one question behind offering "ask
        your partner", which the rules allow to any player with a partner and two cards. A hand with cards
        that fit no meld is told at once; otherwise its legal melds and additions are laid in turn on the
        neutral world, as if partner had said yes, until one way goes out (``LAYS_TRIED`` at most)."""
        if self.phase != "play" or not self.my_turn or self.asked == "no":
            return False
        if _loose(self) > 1:
            return False
        pos = self.world()
        pos.asked = "yes"  # under rules that require asking, going out waits for the answer
        return _lays_out(Game(pos, start="-"), [LAYS_TRIED], set())

    def pile_takes(self) -> tuple[tuple[Action, ...], bool, bool, Explanation | None]:
        """How this seat could take the pile were it to draw now: the takes the engine would offer,
        whether the pile is blocked or frozen for it, and the first reason it could not take it."""
        if not self.pile or self.phase not in ("draw", "play", "answer") or self.open_hands is not None:
            return (), False, False, None
        pos = self.world()
        if not (pos.turn == self.seat and pos.phase == "draw"):
            pos.turn, pos.phase = self.seat, "draw"
            pos.unopened = not pos.melds[pos.side_of(self.seat)]
            pos.asked, pos.asker, pos.pending = "", 0, ()
        probe = Game(pos, start="-")
        offered = tuple(a for a in probe.legal_actions() if isinstance(a, TakePile | TakeTop))
        reasons = probe.explain(TakePile())
        blocked = any(r.code == "pile-blocked" for r in reasons)
        return offered, blocked, pile_frozen(pos), (reasons[0] if not offered and reasons else None)

    # --- the JSON form ----------------------------------------------------------------------

    def to_json(self, *, log: bool = True) -> dict[str, Any]:
        """The view as JSON data (codes, numbers and card notation), with what a page draws worked out:
        the moves offered, the pile's takes, the meld labels. ``log=False`` leaves out the events."""
        rules = self.rules
        my_side = self.side
        seating = self.seating
        seats = [{
            "player": p, "side": self.side_of(p), "me": p == self.seat,
            "partner": p != self.seat and self.side_of(p) == my_side, "resting": p not in seating,
            "cards": self.hand_sizes[p - 1], "to_move": p == self.to_move,
            "known": [str(c) for c in self.known[p - 1]], "discarded": sorted(self.discarded[p - 1]),
            "declined": sorted(self.declined[p - 1]),
        } for p in range(1, self.players + 1)]  # fmt: skip
        sides = [{
            "side": side, "members": list(self.members(side)), "mine": side == my_side,
            "score": self.scores[side], "minimum": rules.initial_meld_minimum(self.scores[side]),
            "melded": bool(self.melds[side]), "red_threes": [str(c) for c in self.red_threes[side]],
            "melds": [_meld_view(n, meld, rules) for n, meld in enumerate(self.melds[side], start=1)],
        } for side in range(len(self.scores))]  # fmt: skip
        takes, blocked, frozen, why_not = self.pile_takes()
        offered = self.legal_actions()
        could_go_out = Ask() in offered and self.could_go_out()  # only asking partner reads it
        moves = [str(a) for a in offered[:MOVES_AT_MOST]]
        data: dict[str, Any] = {
            "format": JSON_FORMAT, "version": JSON_VERSION,
            "seat": self.seat, "players": self.players,
            "rules": rules.name if PRESETS.get(rules.name) == rules else rules_to_dict(rules),
            "title_code": f"rules-title:{rules.name}",
            "hand_number": self.hand_number, "dealer": self.dealer, "target": self.target, "phase": self.phase,
            "turn": self.turn, "to_move": self.to_move, "my_turn": self.my_turn, "unopened": self.unopened,
            "asked": self.asked, "asker": self.asker if self.phase == "answer" else 0, "pending": list(self.pending),
            "passes": self.passes, "hand": [str(c) for c in sorted(self.hand)],
            "seats": seats, "sides": sides, "my_side": my_side, "stock": self.stock_size,
            "pile": {"top": str(self.pile[-1]) if self.pile else None, "size": len(self.pile),
                     "cards": [str(c) for c in self.pile], "blocked": blocked, "frozen": frozen,
                     "takes": [str(a) for a in takes[:TAKES_AT_MOST]],
                     "why_not": explanation_view(why_not) if why_not is not None else None},
            "moves": moves, "more_moves": max(0, len(offered) - len(moves)), "could_go_out": could_go_out,
            "results": [{"hand": r.hand, "went_out": r.went_out, "totals": list(r.totals)} for r in self.results],
            "winner": self.winner(), "actions_played": self.actions_played,
        }  # fmt: skip
        if log:
            data["log"] = [explanation_view(e) for e in self.events]
        if self.open_hands is not None:
            data["mode"] = "open"
            data["open_hands"] = {str(p): [str(c) for c in sorted(h)] for p, h in enumerate(self.open_hands, 1)}
        return data

    @classmethod
    def from_json(cls, data: Any) -> SeatView:
        """A view from its JSON form, checked whole: anything missing, of the wrong type or impossible
        (a hand the deck cannot hold, a seat that does not exist) is refused with ``SeatViewError``."""
        try:
            return _view_from_json(data)
        except SeatViewError:
            raise
        except (ValueError, KeyError, TypeError, IndexError, AttributeError) as error:
            detail = f"{type(error).__name__}: {error}" if not isinstance(error, ValueError) else str(error)
            raise SeatViewError(render("seat-view-damaged", {"detail": detail})) from None


# --- making views ------------------------------------------------------------------------


def seat_view(game: Game, seat: int) -> SeatView:
    """What ``seat`` may see and do now (see the module's docstring)."""
    pos = game.position
    if type(seat) is not int or not 1 <= seat <= pos.players:
        raise ValueError(render("table-no-such-seat", {"seat": repr(seat), "players": pos.players}))
    memory = game.memory
    return SeatView(
        rules=pos.rules, players=pos.players, seat=seat, hand_number=pos.hand_number, dealer=pos.dealer,
        target=pos.target, phase=pos.phase, turn=pos.turn, unopened=pos.unopened, asked=pos.asked,
        asker=pos.asker, pending=tuple(pos.pending), passes=pos.passes,
        hand=tuple(pos.hands[seat - 1]), hand_sizes=tuple(len(h) for h in pos.hands),
        melds=tuple(tuple(_in_reading_order(m) for m in side) for side in pos.melds),
        red_threes=tuple(tuple(r) for r in pos.red_threes), pile=tuple(pos.pile), stock_size=len(pos.stock),
        scores=tuple(pos.scores),
        results=tuple(HandTotals(r.hand_number, r.went_out or 0, tuple(s.total for s in r.scores))
                      for r in game.results),
        actions_played=len(game.history),
        known=tuple(() if p == seat else memory.known(p) for p in range(1, pos.players + 1)),
        discarded=tuple(frozenset(d) for d in memory.discarded),
        declined=tuple(frozenset(d) for d in memory.declined),
        events=tuple(game.log[_hand_start(game.log):]),
    )  # fmt: skip


LAYS_TRIED = 120
"""The most positions ``could_go_out`` lays its way through (a hand that could go out finds its way within
a few dozen; one that cannot is mostly told at once by its loose cards)."""


def _loose(view: SeatView) -> int:
    """Cards of the seat's hand that fit neither a meld the hand can make nor one of the side's melds."""
    rules = view.rules
    hand = Counter(view.hand)
    fit: Counter[Card] = Counter()
    for group in meld_groups(view.hand, rules, going_out=True):
        if judge(group, rules, True).legal:
            fit |= Counter(group)
    for card in hand:
        if any(judge_addition(m, (card,), rules, True).legal for m in view.melds[view.side]):
            fit[card] = hand[card]
    return sum((hand - fit).values())


def _lays_out(game: Game, left: list[int], seen: set[tuple[Any, ...]]) -> bool:
    """Depth first over the lays of the turn: whether some order of them empties the hand, or leaves one
    card whose discard goes out. ``left`` counts the positions still allowed; ``seen`` the hands and tables
    already tried."""
    pos = game.position
    hand = pos.hands[pos.turn - 1]
    if not hand:
        return True
    if len(hand) == 1 and not game.explain(Discard(hand[0])):
        return True
    key = (tuple(hand), tuple(tuple(m) for m in pos.melds[pos.side_of(pos.turn)]))
    if key in seen or left[0] <= 0:
        return False
    seen.add(key)
    left[0] -= 1
    lays = [a for a in game.legal_actions() if isinstance(a, Meld | Add)]
    lays.sort(key=lambda a: -_laid(a))  # most cards first
    for lay in lays:
        if _laid(lay) == len(hand):
            return True  # a legal lay of the whole hand goes out (played, it would score the neutral world's hands)
        after = game.clone()
        after.apply(lay)
        if _lays_out(after, left, seen):
            return True
    return False


def _laid(lay: Meld | Add) -> int:
    """The cards a lay takes from the hand."""
    return sum(map(len, lay.melds)) if isinstance(lay, Meld) else len(lay.cards)


def _in_reading_order(meld: Sequence[Card]) -> Cards:
    """A meld's cards as a reader lays them out: naturals by rank (a run reads in order), wild cards last.
    The order a meld's cards were laid in says nothing the rules read."""
    return tuple(sorted(meld, key=lambda c: (not c.is_natural, c.rank, c.suit)))


def open_view(game: Game, seat: int = 1) -> SeatView:
    """Every hand face up, drawn from ``seat``: for a teacher or a spectator of a game between
    computers (the watch page), never for a seat of the game. It offers no move."""
    view = seat_view(game, seat)
    pos = game.position
    return _replace(view, open_hands=tuple(tuple(pos.hands[p - 1]) for p in range(1, pos.players + 1)))


def _replace(view: SeatView, **changes: Any) -> SeatView:
    values = {f.name: getattr(view, f.name) for f in fields(view)}
    values.update(changes)
    return SeatView(**values)


def _hand_start(log: Sequence[Explanation]) -> int:
    """Where this hand's part of the log starts (its deal), or 0 for a game's first part."""
    for index in range(len(log) - 1, -1, -1):
        if log[index].code == "event-deal":
            return index
    return 0


def _bare_position(view: SeatView) -> Position:
    """The view's public part as a position: empty hands and stock, seed 0."""
    return Position(
        view.rules, view.players, 0, view.target, view.hand_number, view.dealer, view.turn, view.phase,
        list(view.scores), [[] for _ in range(view.players)],
        [[list(m) for m in side] for side in view.melds], [list(r) for r in view.red_threes],
        list(view.pile), [], view.unopened, view.asked, view.asker, tuple(view.pending), view.passes,
    )  # fmt: skip


# --- reading the JSON form ----------------------------------------------------------------


def _view_from_json(data: Any) -> SeatView:
    if not isinstance(data, Mapping) or data.get("format") != JSON_FORMAT:
        raise SeatViewError(render("seat-view-format", {"format": JSON_FORMAT}))
    if data.get("version") != JSON_VERSION:
        raise SeatViewError(render("seat-view-version", {"version": repr(data.get("version")),
                                                         "expected": JSON_VERSION}))  # fmt: skip
    raw_rules = data["rules"]
    rules = resolve_rules(raw_rules) if isinstance(raw_rules, str) else rules_from_dict(raw_rules)
    players = _int(data["players"])
    if players not in rules.sides:
        raise ValueError(render("rules-players", {"title": rules.title, "allowed": tuple(rules.player_counts),
                                                  "players": repr(players)}))  # fmt: skip
    seat = _int(data["seat"])
    if not 1 <= seat <= players:
        raise ValueError(render("table-no-such-seat", {"seat": repr(seat), "players": players}))
    phase = data["phase"]
    if phase not in PHASES:
        raise ValueError(f"phase {phase!r}")
    seats = data["seats"]
    sides = data["sides"]
    if len(seats) != players:
        raise ValueError(f"{len(seats)} seats for {players} players")
    melds = tuple(tuple(_in_reading_order(_cards(m["cards"])) for m in side["melds"]) for side in sides)
    open_hands = data.get("open_hands")
    view = SeatView(
        rules=rules, players=players, seat=seat, hand_number=_int(data["hand_number"]), dealer=_int(data["dealer"]),
        target=_int(data["target"]), phase=phase, turn=_int(data["turn"]), unopened=bool(data["unopened"]),
        asked=str(data["asked"]), asker=_int(data["asker"]), pending=tuple(_int(p) for p in data["pending"]),
        passes=_int(data["passes"]), hand=tuple(sorted(_cards(data["hand"]), key=CARD_ORDER)),
        hand_sizes=tuple(_int(s["cards"]) for s in seats), melds=melds,
        red_threes=tuple(_cards(side["red_threes"]) for side in sides), pile=_cards(data["pile"]["cards"]),
        stock_size=_int(data["stock"]), scores=tuple(_int(side["score"]) for side in sides),
        results=tuple(HandTotals(_int(r["hand"]), _int(r["went_out"] or 0), tuple(_int(t) for t in r["totals"]))
                      for r in data["results"]),
        actions_played=_int(data["actions_played"]),
        known=tuple(_cards(s["known"]) for s in seats),
        discarded=tuple(frozenset(_int(r) for r in s["discarded"]) for s in seats),
        declined=tuple(frozenset(_int(r) for r in s["declined"]) for s in seats),
        events=tuple(_event(e) for e in data.get("log", ())),
        open_hands=None if open_hands is None else tuple(
            tuple(sorted(_cards(open_hands[str(p)]), key=CARD_ORDER)) for p in range(1, players + 1)),
    )  # fmt: skip
    _check_possible(view)
    return view


def _check_possible(view: SeatView) -> None:
    """Refuse a view no game could show: more copies of a card than the deck holds, a hand that is
    not its size, a count that cannot be."""
    if len(view.scores) != len(view.rules.sides[view.players]):
        raise ValueError(f"{len(view.scores)} sides for {view.players} players")
    if any(n < 0 for n in (*view.hand_sizes, view.stock_size)):
        raise ValueError("a negative card count")
    if len(view.hand) != view.hand_sizes[view.seat - 1]:
        counted = view.hand_sizes[view.seat - 1]
        raise ValueError(f"the seat's hand holds {len(view.hand)} cards, its count says {counted}")
    if not 1 <= view.turn <= view.players:
        raise ValueError(f"turn {view.turn}")
    deck = Counter(deck_counts(view.rules.decks, view.rules.jokers))
    seen = Counter(view.hand) + Counter(view.pile)
    for side in view.melds:
        for meld in side:
            seen.update(meld)
    for reds in view.red_threes:
        seen.update(reds)
    over = [str(c) for c, n in seen.items() if n > deck[c]]
    if over:
        raise ValueError(f"more copies than the deck holds of {' '.join(sorted(over))}")
    hidden = sum(view.hand_sizes) - len(view.hand) + view.stock_size
    if hidden > sum((deck - seen).values()):
        raise ValueError(f"{hidden} hidden cards, but only {sum((deck - seen).values())} the seat has not seen")


def _int(value: Any) -> int:
    if type(value) is not int:
        raise ValueError(f"{value!r} is not a whole number")
    return value


def _cards(values: Any) -> Cards:
    if not isinstance(values, list | tuple):
        raise ValueError(f"{type(values).__name__} where a list of cards belongs")
    return tuple(Card.parse(str(v)) for v in values)


def _event(data: Any) -> Event:
    return Event(str(data["code"]), data.get("knob"), _params(data["params"]))


def _params(data: Any) -> dict[str, Any]:
    """An explanation's params from JSON: nested reasons and actions as their data again."""
    params: dict[str, Any] = {}
    for key, value in data.items():
        if isinstance(value, Mapping) and "reasons" in value:
            params[key] = tuple(Reason(str(r["code"]), r.get("knob"), _params(r["params"])) for r in value["reasons"])
        elif isinstance(value, Mapping) and "action" in value:
            params[key] = parse_action(str(value["action"]))
        elif isinstance(value, list):
            params[key] = tuple(value)
        else:
            params[key] = value
    return params


# --- the pieces a page draws ----------------------------------------------------------------


def _meld_view(number: int, meld: Sequence[Card], rules: Rules) -> dict[str, Any]:
    code, params = meld_label(number, meld, rules)
    verdict = judge(tuple(meld), rules, True)
    return {
        "number": number, "cards": [str(c) for c in meld], "kind": verdict.kind.value if verdict.kind else "",
        "complete": bool(verdict.complete), "count": len(meld), "label": {"code": code, "params": params},
    }  # fmt: skip


def meld_label(number: int, meld: Sequence[Card], rules: Rules) -> tuple[str, dict[str, Any]]:
    """A meld's label as a message code and params, its kind and progress from the engine's judge:
    "meld 2: kings, 5 of 7" (numbered as the actions and the log number it)."""
    verdict = judge(tuple(meld), rules, True)
    count = len(meld)
    if verdict.complete and verdict.label:
        return "play-meld-complete", {"index": number, "label": str(meld_name(verdict.label, rules)), "count": count}
    full = complete_length(verdict.kind, rules)
    naturals = [c for c in meld if c.is_natural]
    if verdict.kind is MeldKind.SAME_RANK and naturals:
        return "play-meld-rank", {"index": number, "rank": f"rank:{naturals[0].rank_text}", "count": count,
                                  "full": full}  # fmt: skip
    if verdict.kind is MeldKind.SEQUENCE and naturals:
        name = str(meld_name("natural-sequence", rules))
        return "play-meld-sequence", {"index": number, "name": name, "suit": f"suit-name:{naturals[0].suit}",
                                      "count": count, "full": full}  # fmt: skip
    if verdict.kind is MeldKind.WILD:
        return "play-meld-wild", {"index": number, "count": count, "full": full}
    return "play-meld-other", {"index": number, "cards": format_cards(meld)}


def explanation_view(explanation: Explanation) -> dict[str, Any]:
    """An event or a reason as JSON: its code, knob and params, nested reasons and actions as their data."""
    params: dict[str, Any] = {}
    for key, value in explanation.params.items():
        if isinstance(value, tuple | list) and value and all(isinstance(v, Explanation) for v in value):
            params[key] = {"reasons": [explanation_view(v) for v in value]}
        elif callable(getattr(value, "said", None)):
            params[key] = {"action": str(value)}
        elif isinstance(value, tuple | list):
            params[key] = list(value)
        else:
            params[key] = value if isinstance(value, int | float | str | bool) or value is None else str(value)
    return {"code": explanation.code, "knob": explanation.knob, "params": params}

