"""Whole hands and games: seeded deals, every turn's actions checked and explained, scoring.

A ``Game`` holds a ``Position`` (everything on the table, in the scenario
notation of ``scenario.py``), the actions applied since its start, and the
results of the hands played. ``apply`` checks an action completely before it
changes anything, so a refused action leaves the game exactly as it was; its
``IllegalActionError`` carries every reason. Every random choice (the shuffle
of each hand, the first dealer) comes from the game's seed and the hand
number, so the same seed and the same actions give the same game.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import (
    Action,
    Add,
    Answer,
    Ask,
    Discard,
    Draw,
    Meld,
    NextHand,
    Pass,
    TakePile,
    TakeTop,
    parse_action,
)
from .cards import Card, format_cards, full_deck, remove_cards
from .melds import MeldKind, MeldVerdict, check_side_melds, judge, judge_addition
from .messages import Explanation, Reason, render
from .moves import generate_actions, pile_takes
from .rules import PRESETS, Rules, resolve_rules, rules_from_dict, rules_to_dict
from .position import Position
from .scenario import format_position, parse_position
from .scoring import SideScore, may_go_out, needs_text, score_side

__all__ = ["Event", "Game", "GameFileError", "HandResult", "IllegalActionError", "Position", "new_game"]

Cards = tuple[Card, ...]
JSON_FORMAT = "bolivia-explorer game"


class IllegalActionError(ValueError):
    """An action the rules do not allow now; ``reasons`` says every why, with remedies."""

    def __init__(self, action: Action, reasons: Sequence[Reason]) -> None:
        self.action = action
        self.reasons = tuple(reasons)
        super().__init__(f"{action!s} is not allowed: " + "; ".join(map(str, self.reasons)))


class GameFileError(ValueError):
    """A saved game that cannot be loaded as it is."""


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


# --- starting a game -------------------------------------------------------------


def new_game(rules: Rules | str = "bolivia", players: int = 4, seed: int = 1, target: int | None = None) -> Game:
    """Deal the first hand of a new game."""
    rules = resolve_rules(rules)
    if type(players) is not int or players not in rules.sides:
        allowed = ", ".join(map(str, rules.player_counts))
        raise ValueError(f"{rules.title} rules are for {allowed} players, not {players!r}")
    if type(seed) is not int:
        raise ValueError(f"the seed must be a whole number, not {seed!r}")
    if target is None:
        target = rules.target_score[players]
    elif type(target) is not int or target <= 0:
        raise ValueError(f"the target must be a positive whole number, not {target!r}")
    sides = len(rules.sides[players])
    position = Position(
        rules, players, seed, target, 1, _first_dealer(rules, players, seed), 0, "draw",
        [0] * sides, [[] for _ in range(players)], [[] for _ in range(sides)],
        [[] for _ in range(sides)], [], [],
    )  # fmt: skip
    log: list[Event] = []
    _deal(position, log)
    for hand in position.hands:
        hand.sort()
    return Game(position, log=log)


def _first_dealer(rules: Rules, players: int, seed: int) -> int:
    if rules.first_dealer == "player 1":
        return 1
    rng = random.Random(f"{seed}:dealer")  # every player draws a card; highest rank deals, ties draw again
    contenders = list(range(1, players + 1))
    while len(contenders) > 1:
        draws = {p: rng.randrange(2, 15) for p in contenders}
        best = max(draws.values())
        contenders = [p for p in contenders if draws[p] == best]
    return contenders[0]


def _deal(pos: Position, log: list[Event]) -> None:
    """Shuffle, deal, turn the upcard and lay out dealt red 3s: the start of every hand."""
    rules = pos.rules
    deck = list(full_deck(rules.decks, rules.jokers))
    random.Random(f"{pos.seed}:{pos.hand_number}").shuffle(deck)
    pos.stock = deck
    pos.pile = []
    pos.hands = [[] for _ in range(pos.players)]
    pos.melds = [[] for _ in range(pos.side_count)]
    pos.red_threes = [[] for _ in range(pos.side_count)]
    order = _turn_order_after(pos, pos.dealer)
    for _ in range(rules.hand_size[pos.players]):
        for player in order:
            pos.hands[player - 1].append(pos.stock.pop())
    pos.pile.append(pos.stock.pop())
    while rules.cover_red_three_upcard and pos.pile[-1].is_red_three and pos.stock:
        pos.pile.append(pos.stock.pop())
    deal = {"hand": pos.hand_number, "dealer": pos.dealer, "cards": rules.hand_size[pos.players],
            "upcard": str(pos.pile[-1])}  # fmt: skip
    log.append(Event("event-deal", None, deal))
    for player in order:
        _lay_out_red_threes(pos, player, log, replace=True)
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


def _lay_out_red_threes(pos: Position, player: int, log: list[Event], *, replace: bool) -> None:
    """Red 3s go from hand to the side's table at once; replaced from the stock when the rules say."""
    hand = pos.hands[player - 1]
    while True:
        reds = [c for c in hand if c.is_red_three]
        if not reds:
            return
        for card in reds:
            hand.remove(card)
            pos.red_threes[pos.side_of(player)].append(card)
        log.append(Event("event-red-threes", "red_three_value", {"player": player, "count": len(reds)}))
        if not replace:
            return
        for _ in reds:
            if pos.stock:
                hand.append(pos.stock.pop())


# --- the game --------------------------------------------------------------------


@dataclass
class Game:
    """A game in progress. Create with ``new_game`` or ``Game.from_position``."""

    position: Position
    start: str = ""
    history: list[Action] = field(default_factory=list)
    results: list[HandResult] = field(default_factory=list)
    log: list[Event] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.start:
            self.start = format_position(self.position)

    # --- reading the state -----------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self.position.rules

    @property
    def to_move(self) -> int:
        return self.position.turn

    @property
    def phase(self) -> str:
        return self.position.phase

    @property
    def is_over(self) -> bool:
        return self.position.phase == "game over"

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.position.scores)

    def winner(self) -> int | None:
        """The winning side (from 0) once the game is over; ``None`` while it goes on or for a draw."""
        if not self.is_over:
            return None
        best = max(self.position.scores)
        leaders = [s for s, score in enumerate(self.position.scores) if score == best]
        if len(leaders) > 1 or best < self.position.target:
            return None  # equal top totals, or the hand cap reached first: a draw
        return leaders[0]

    def zones(self) -> dict[str, Cards]:
        """Every card in play by zone: stock, pile, each hand, each side's melds and red 3s."""
        return self.position.zones()

    def view(self, player: int) -> dict[str, Any]:
        """What ``player`` may see: their own hand, every table, counts of the hidden cards."""
        pos = self.position
        return {
            "player": player,
            "hand": format_cards(sorted(pos.hands[player - 1])),
            "hand_sizes": {p: len(h) for p, h in enumerate(pos.hands, start=1)},
            "melds": [[format_cards(m) for m in side] for side in pos.melds],
            "red_threes": [len(r) for r in pos.red_threes],
            "pile_top": str(pos.pile[-1]) if pos.pile else None,
            "pile_size": len(pos.pile),
            "stock_size": len(pos.stock),
            "turn": pos.turn,
            "phase": pos.phase,
            "scores": list(pos.scores),
        }

    def position_text(self) -> str:
        return format_position(self.position)

    # --- actions -------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every sensible legal action, sorted and unique (melds offered as useful groups)."""
        unique = dict.fromkeys(a for a in generate_actions(self.position) if not self._reasons(a))
        return sorted(unique, key=Action.sort_key)

    def explain(self, action: Action | str) -> tuple[Reason, ...]:
        """Every reason ``action`` is not allowed now; empty when it is."""
        return tuple(self._reasons(_as_action(action)))

    def apply(self, action: Action | str) -> None:
        """Play ``action``; an illegal one raises ``IllegalActionError`` and changes nothing."""
        action = _as_action(action)
        reasons = self._reasons(action)
        if reasons:
            raise IllegalActionError(action, reasons)
        _PERFORM[type(action)](self, action)
        for hand in self.position.hands:  # a hand is a set: kept sorted, so offers never depend on order
            hand.sort()
        self.history.append(action)

    def _reasons(self, action: Action) -> list[Reason]:
        return _check(self.position, action)

    # --- saving, undo and replay ---------------------------------------------------

    def to_json(self) -> str:
        rules = self.rules
        data = {
            "format": JSON_FORMAT,
            "version": 1,
            "rules": rules.name if PRESETS.get(rules.name) == rules else rules_to_dict(rules),
            "start": self.start,
            "actions": [str(a) for a in self.history],
            "position": self.position_text(),
            "results": [[s.total for s in r.scores] for r in self.results],
        }
        return json.dumps(data, ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str, *, verify: bool = True) -> Game:
        """Load a saved game. With ``verify`` its actions are replayed from the start and the
        result must match the saved position, so a damaged file is refused whole."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise GameFileError(f"not a saved game: {error}") from None
        if not isinstance(data, dict) or data.get("format") != JSON_FORMAT:
            raise GameFileError(f"not a saved game: expected an object with \"format\": \"{JSON_FORMAT}\"")
        missing = [k for k in ("rules", "start", "actions", "position", "results") if k not in data]
        if missing:
            raise GameFileError(f"saved game lacks {', '.join(missing)}")
        rules = resolve_rules(data["rules"]) if isinstance(data["rules"], str) else rules_from_dict(data["rules"])
        if verify:
            game = cls.from_position(data["start"], rules=rules)
            for number, text_action in enumerate(data["actions"], start=1):
                try:
                    game.apply(text_action)
                except ValueError as error:
                    raise GameFileError(f"saved game: action {number} ({text_action}) fails: {error}") from None
            if game.position_text() != data["position"]:
                raise GameFileError("saved game: its actions do not lead to its saved position")
            return game
        opening = Event("event-loaded", None, {"actions": len(data["actions"])})
        game = cls(parse_position(data["position"], rules=rules), start=data["start"], log=[opening])
        game.history = [parse_action(a) for a in data["actions"]]
        game.results = [_bare_result(n, totals) for n, totals in enumerate(data["results"], start=1)]
        return game

    @classmethod
    def from_position(cls, text: str, *, rules: Rules | None = None) -> Game:
        """A game that starts from a scenario string (see ``scenario.parse_position``).

        A start that is the first deal of its own seed gets that deal's log; any
        other position starts the log with a line saying so.
        """
        position = parse_position(text, rules=rules)
        canonical = format_position(position)
        if position.hand_number == 1 and position.phase == "draw":
            fresh = new_game(position.rules, position.players, position.seed, position.target)
            if fresh.start == canonical:
                return fresh
        opening = Event("event-from-position", None, {"hand": position.hand_number, "player": position.turn})
        return cls(position, start=canonical, log=[opening])

    def replay(self) -> Iterator[Game]:
        """The game from its start, yielded after the start and after each action in turn."""
        game = Game.from_position(self.start, rules=self.rules)
        yield game
        for action in self.history:
            game.apply(action)
            yield game

    def undo(self) -> Action:
        """Take back the last action (the game is rebuilt from its start); returns that action."""
        if not self.history:
            raise ValueError("nothing to undo: no action has been played")
        last = self.history[-1]
        rebuilt = None
        for step, game in enumerate(self.replay()):
            if step == len(self.history) - 1:
                rebuilt = game
                break
        assert rebuilt is not None
        self.position, self.history = rebuilt.position, rebuilt.history
        self.results, self.log = rebuilt.results, rebuilt.log
        return last

    def clone(self) -> Game:
        return Game(self.position.copy(), self.start, list(self.history), list(self.results), list(self.log))


def _bare_result(number: int, totals: Sequence[int]) -> HandResult:
    return HandResult(number, None, tuple(SideScore(t, (), False) for t in totals))


def _as_action(action: Action | str) -> Action:
    return action if isinstance(action, Action) else parse_action(action)


# --- checking actions (no change to the position) ------------------------------------


def _check(pos: Position, action: Action) -> list[Reason]:
    """Every reason ``action`` is not allowed in ``pos``: first the phase, then the action's own rules."""
    params: dict[str, Any] = {"rules": pos.rules.title, "player": pos.turn}
    phase = pos.phase
    checks = _CHECKS_BY_PHASE.get(phase)
    if checks is not None:  # a turn in progress: the common case, looked up directly
        check = checks.get(type(action))
        if check is not None:
            return check(pos, action, params)
    if phase == "game over":
        return [Reason("game-over", None, params)]
    if phase == "hand over":
        return [] if isinstance(action, NextHand) else [Reason("hand-over", None, params)]
    if isinstance(action, NextHand):
        return [Reason("hand-not-over", None, params)]
    if phase == "answer":
        if isinstance(action, Answer):
            return []
        return [Reason("answer-pending", "ask_partner", params | {"asker": pos.asker})]
    if isinstance(action, Answer):
        return [Reason("nothing-asked", "ask_partner", params)]
    if phase == "draw":
        return [Reason("draw-first", "draw_count", params)]
    return [Reason("drawn-already", "draw_count", params)]


def _check_draw(pos: Position, action: Draw, params: dict[str, Any]) -> list[Reason]:
    if not pos.stock:
        return [Reason("stock-empty", "stock_out", params)]
    return []


def _check_pass(pos: Position, action: Pass, params: dict[str, Any]) -> list[Reason]:
    if pos.stock:
        return [Reason("pass-with-stock", "stock_out", params)]
    if any(not _check(pos, take) for take in pile_takes(pos)):
        return [Reason("pass-while-able", "stock_out", params)]
    return []


def _pile_reasons(pos: Position, params: dict[str, Any]) -> list[Reason]:
    """Why the pile cannot be touched at all now (empty, blocked, one card to one card)."""
    rules = pos.rules
    if not pos.pile:
        return [Reason("pile-empty", None, params)]
    top = pos.pile[-1]
    kind = _card_class(top)
    if kind in rules.pile_blocked_by:
        return [Reason("pile-blocked", "pile_blocked_by", params | {"card": str(top)})]
    if len(pos.pile) == 1 and len(pos.hands[pos.turn - 1]) == 1 and not rules.one_card_pile_with_one_card:
        return [Reason("pile-one-card", "one_card_pile_with_one_card", params)]
    return []


def _card_class(card: Card) -> str:
    if card.is_wild:
        return "wild"
    if card.is_black_three:
        return "black 3"
    if card.is_red_three:
        return "red 3"
    return "natural"


def pile_frozen(pos: Position) -> bool:
    """Whether only a natural pair matching the top card may take the pile now."""
    when = pos.rules.pile_frozen_when
    side = pos.side_of(pos.turn)
    return bool(
        ("side has not melded" in when and not pos.melds[side])
        or ("pile holds a wild" in when and any(c.is_wild for c in pos.pile))
        or ("pile holds a black 3" in when and any(c.is_black_three for c in pos.pile))
        or ("pile holds a red 3" in when and any(c.is_red_three for c in pos.pile))
    )


def _check_take_pile(pos: Position, action: TakePile, params: dict[str, Any]) -> list[Reason]:
    rules = pos.rules
    reasons = _pile_reasons(pos, params)
    if reasons:
        return reasons
    top = pos.pile[-1]
    hand = pos.hands[pos.turn - 1]
    side = pos.side_of(pos.turn)
    used = list(action.cards) + [c for m in action.melds for c in m]
    rest = remove_cards(hand, used)
    if rest is None:
        return [Reason("cards-not-in-hand", None, params | {"cards": format_cards(used)})]
    frozen = pile_frozen(pos)
    naturals_of_rank = [c for c in action.cards if c.is_natural and c.rank == top.rank]
    melds: list[Sequence[Card]] = list(pos.melds[side])  # entries are replaced, never changed
    if action.onto is not None:
        if rules.pile_new_meld_only:
            return [Reason("pile-new-meld-only", "pile_new_meld_only", params)]
        if "own meld" not in rules.pile_take_ways or frozen:
            return [_natural_pair_reason(top, params, frozen)]
        if not 1 <= action.onto <= len(melds):
            return [Reason("no-such-meld", None, params | {"index": action.onto, "count": len(melds)})]
        verdict = judge_addition(tuple(melds[action.onto - 1]), (top, *action.cards), rules)
        if not verdict.legal:
            return [Reason("pile-onto-illegal", None, params | {
                "card": str(top), "index": action.onto, "why": _why(verdict)})]  # fmt: skip
        melds[action.onto - 1] = list(verdict.cards)
        counted = [verdict]
    else:
        verdict = judge((top, *action.cards), rules)
        ways = _pile_ways_met(top, action.cards, naturals_of_rank, verdict, rules, frozen)
        if not ways:
            reasons.append(_natural_pair_reason(top, params, frozen)
                           if frozen or rules.pile_take_ways == {"natural pair"}
                           else Reason("pile-way", "pile_take_ways", params | {
                               "card": str(top), "ways": ", ".join(sorted(rules.pile_take_ways))}))  # fmt: skip
        if not verdict.legal:
            reasons.append(Reason("pile-meld-illegal", None, params | {
                "cards": format_cards(verdict.cards), "why": _why(verdict)}))  # fmt: skip
        melds.append(list(verdict.cards))
        counted = [verdict]
    if reasons:
        return reasons
    extra = [judge(m, rules) for m in action.melds]
    counted.extend(extra)
    reasons.extend(_meld_reasons(extra, params))
    melds.extend(list(m) for m in action.melds)
    new_melds = len(action.melds) + (action.onto is None)
    reasons.extend(_table_reasons(melds, new_melds, rules))
    if not pos.melds[side]:
        uncounted = 0 if rules.pile_counts_for_initial_meld else rules.card_value(top)
        reasons.extend(_initial_reasons(pos, counted, params, uncounted=uncounted))
    taken = _pile_cards_taken(pos)
    reasons.extend(_keep_cards_reasons(pos, melds, len(rest) + len(taken), params))
    return reasons


def _pile_ways_met(
    top: Card, cards: Cards, naturals_of_rank: list[Card], verdict: MeldVerdict, rules: Rules, frozen: bool
) -> bool:
    ways = rules.pile_take_ways
    if "natural pair" in ways and top.is_natural and len(naturals_of_rank) >= 2:
        return True
    if frozen:
        return False
    if "natural and wild" in ways and top.is_natural and naturals_of_rank and any(c.is_wild for c in cards):
        return True
    if "suited sequence pair" in ways and top.is_natural and verdict.kind is MeldKind.SEQUENCE:
        return sum(c.is_natural and c.suit == top.suit for c in cards) >= 2
    return "two wilds" in ways and top.is_wild and sum(c.is_wild for c in cards) >= 2


def _natural_pair_reason(top: Card, params: dict[str, Any], frozen: bool) -> Reason:
    if not top.is_natural:
        return Reason("pile-top-not-natural", "pile_take_ways", params | {"card": str(top)})
    return Reason("pile-needs-natural-pair", "pile_frozen_when" if frozen else "pile_take_ways",
                  params | {"rank": _rank_words(top)})  # fmt: skip


def _rank_words(card: Card) -> str:
    return render(f"rank:{card.rank_text}")


def _pile_cards_taken(pos: Position) -> list[Card]:
    """The cards under the top discard that go to the taker's hand."""
    rest = pos.pile[:-1]
    count = pos.rules.pile_cards_taken
    return rest if count == "all" else rest[-int(count) :] if count else []


def _check_take_top(pos: Position, action: TakeTop, params: dict[str, Any]) -> list[Reason]:
    rules = pos.rules
    if not rules.take_top_card_onto_sequence:
        return [Reason("take-top-not-allowed", "take_top_card_onto_sequence", params)]
    reasons = _pile_reasons(pos, params)
    if reasons:
        return reasons
    side = pos.side_of(pos.turn)
    melds: list[Sequence[Card]] = list(pos.melds[side])  # entries are replaced, never changed
    if not 1 <= action.meld <= len(melds):
        return [Reason("no-such-meld", None, params | {"index": action.meld, "count": len(melds)})]
    top = pos.pile[-1]
    if judge(tuple(melds[action.meld - 1]), rules, True).kind is not MeldKind.SEQUENCE:
        return [Reason("take-top-not-sequence", "take_top_card_onto_sequence", params | {"index": action.meld})]
    verdict = judge_addition(tuple(melds[action.meld - 1]), (top,), rules)
    if not verdict.legal:
        return [Reason("take-top-illegal", "take_top_card_onto_sequence", params | {
            "card": str(top), "index": action.meld, "why": _why(verdict)})]  # fmt: skip
    melds[action.meld - 1] = list(verdict.cards)
    return _keep_cards_reasons(pos, melds, len(pos.hands[pos.turn - 1]), params)


def _check_meld(pos: Position, action: Meld, params: dict[str, Any]) -> list[Reason]:
    rules = pos.rules
    hand = pos.hands[pos.turn - 1]
    used = [c for m in action.melds for c in m]
    rest = remove_cards(hand, used)
    if rest is None:
        return [Reason("cards-not-in-hand", None, params | {"cards": format_cards(used)})]
    side = pos.side_of(pos.turn)
    melds: list[Sequence[Card]] = [*pos.melds[side], *action.melds]  # read only: no copies
    going_out = len(rest) <= 1 and _may_finish(pos, melds)
    verdicts = [judge(m, rules, going_out) for m in action.melds]
    reasons = _meld_reasons(verdicts, params)
    if reasons:
        return reasons
    reasons.extend(_table_reasons(melds, len(action.melds), rules))
    if not pos.melds[side]:
        reasons.extend(_initial_reasons(pos, verdicts, params))
    reasons.extend(_keep_cards_reasons(pos, melds, len(rest), params))
    return reasons


def _check_add(pos: Position, action: Add, params: dict[str, Any]) -> list[Reason]:
    rules = pos.rules
    hand = pos.hands[pos.turn - 1]
    if not _holds(hand, action.cards):
        return [Reason("cards-not-in-hand", None, params | {"cards": format_cards(action.cards)})]
    left = len(hand) - len(action.cards)
    side = pos.side_of(pos.turn)
    melds: list[Sequence[Card]] = list(pos.melds[side])  # entries are replaced, never changed
    if not melds:
        minimum = rules.initial_meld_minimum(pos.scores[side])
        return [Reason("side-not-melded", "initial_meld_steps", params | {"minimum": minimum})]
    if not 1 <= action.meld <= len(melds):
        return [Reason("no-such-meld", None, params | {"index": action.meld, "count": len(melds)})]
    after = [*melds]
    after[action.meld - 1] = (*melds[action.meld - 1], *action.cards)
    going_out = left <= 1 and _may_finish(pos, after)
    verdict = judge_addition(tuple(melds[action.meld - 1]), action.cards, rules, going_out)
    if not verdict.legal:
        return list(verdict.reasons)
    return _keep_cards_reasons(pos, after, left, params)  # an addition adds no meld of a rank


def _check_discard(pos: Position, action: Discard, params: dict[str, Any]) -> list[Reason]:
    rules = pos.rules
    hand = pos.hands[pos.turn - 1]
    if action.card not in hand:
        return [Reason("cards-not-in-hand", None, params | {"cards": str(action.card)})]
    if _card_class(action.card) in rules.discard_forbidden:
        return [Reason("discard-forbidden", "discard_forbidden", params | {"card": str(action.card)})]
    if len(hand) == 1:  # the last card: this discard goes out
        return _going_out_reasons(pos, pos.melds[pos.side_of(pos.turn)], params)
    return []


def _check_pass_in_play(pos: Position, action: Pass, params: dict[str, Any]) -> list[Reason]:
    """[assumption] A player left with one card who may not go out (the last stock card was a
    red 3, laid out with nothing to replace it) ends the turn without discarding."""
    hand = pos.hands[pos.turn - 1]
    if len(hand) == 1 and _going_out_reasons(pos, pos.melds[pos.side_of(pos.turn)], params):
        return []
    return [Reason("pass-in-play", None, params)]


def _check_ask(pos: Position, action: Ask, params: dict[str, Any]) -> list[Reason]:
    if not pos.partners(pos.turn):
        return [Reason("no-partner", "ask_partner", params)]
    if pos.asked:
        return [Reason("asked-already", "ask_partner", params | {"answer": pos.asked})]
    if len(pos.hands[pos.turn - 1]) < 2:  # after a "no" the player must discard and keep a card
        return [Reason("ask-too-late", "ask_partner", params)]
    return []


def _meld_reasons(verdicts: Iterable[MeldVerdict], params: dict[str, Any]) -> list[Reason]:
    return [
        Reason("meld-illegal", v.reasons[0].knob, params | {"index": i, "cards": format_cards(v.cards), "why": _why(v)})
        for i, v in enumerate(verdicts, start=1)
        if not v.legal
    ]


def _table_reasons(melds: Sequence[Sequence[Card]], new: int, rules: Rules) -> list[Reason]:
    """Per-rank limits on the side's table once ``new`` melds are laid (one meld of a rank, ...)."""
    if not new or rules.same_rank_melds_per_rank == "several":
        return []
    table = check_side_melds(melds, rules, going_out=True)
    return [r for r in table.reasons if r.code != "meld-illegal"]


def _initial_reasons(
    pos: Position, verdicts: Sequence[MeldVerdict], params: dict[str, Any], *, uncounted: int = 0
) -> list[Reason]:
    """A side's first melds of the hand, laid in one action, must reach its minimum
    (``uncounted``: points among them that do not count, such as a top discard)."""
    side = pos.side_of(pos.turn)
    minimum = pos.rules.initial_meld_minimum(pos.scores[side])
    points = sum(v.points for v in verdicts) - uncounted
    if points >= minimum:
        return []
    knob = "initial_meld_below_zero" if pos.scores[side] < 0 else "initial_meld_steps"
    return [Reason("initial-meld-short", knob, params | {
        "minimum": minimum, "score": pos.scores[side], "points": points, "shortfall": minimum - points})]  # fmt: skip


def _may_finish(pos: Position, melds: Sequence[Sequence[Card]]) -> bool:
    """Whether the player to move may go out with the side's table as ``melds``."""
    return not _going_out_reasons(pos, melds, {})


def _going_out_reasons(pos: Position, melds: Sequence[Sequence[Card]], params: dict[str, Any]) -> list[Reason]:
    rules = pos.rules
    params = params | {"rules": rules.title, "player": pos.turn}
    verdicts = [judge(tuple(m), rules, True) for m in melds]
    if not may_go_out(verdicts, rules, pos.players):
        return [Reason("cannot-go-out", "going_out_needs", params | {"needs": needs_text(rules, pos.players)})]
    if pos.asked == "no":
        return [Reason("partner-said-no", "ask_partner", params)]
    if rules.ask_partner == "required" and pos.partners(pos.turn) and pos.asked != "yes":
        return [Reason("must-ask", "ask_partner", params)]
    return []


def _keep_cards_reasons(
    pos: Position, melds: Sequence[Sequence[Card]], left: int, params: dict[str, Any]
) -> list[Reason]:
    """After melding a player keeps two cards unless going out is allowed: with one card the
    only discard would go out, with none the player has gone out."""
    if left >= 2:
        return []
    if left == 0 and not pos.rules.final_discard_optional:
        return [Reason("final-discard-needed", "final_discard_optional", params)]
    finish = _going_out_reasons(pos, melds, params)
    if not finish:
        return []
    if pos.rules.keep_two_cards:
        return [Reason("keep-two-cards", "keep_two_cards", params | {"count": left}), *finish]
    return finish


def _holds(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    """Whether ``hand`` holds every one of ``cards`` (copies counted)."""
    if len(cards) == 1:
        return cards[0] in hand
    return remove_cards(hand, cards) is not None


def _why(verdict: MeldVerdict) -> str:
    return "; ".join(map(str, verdict.reasons))


Check = Callable[[Position, Any, dict[str, Any]], list[Reason]]
_CHECK_DRAW: dict[type, Check] = {
    Draw: _check_draw, TakePile: _check_take_pile, TakeTop: _check_take_top, Pass: _check_pass,
}  # fmt: skip
_CHECK_PLAY: dict[type, Check] = {
    Meld: _check_meld, Add: _check_add, Discard: _check_discard, Ask: _check_ask, Pass: _check_pass_in_play,
}  # fmt: skip
_CHECKS_BY_PHASE = {"draw": _CHECK_DRAW, "play": _CHECK_PLAY}


# --- performing actions (already checked) -------------------------------------------


def _event(game: Game, code: str, knob: str | None = None, **params: Any) -> None:
    game.log.append(Event(code, knob, {"player": game.position.turn, **params}))


def _do_draw(game: Game, action: Draw) -> None:
    pos = game.position
    hand = pos.hands[pos.turn - 1]
    count = min(pos.rules.draw_count[pos.players], len(pos.stock))
    drawn = [pos.stock.pop() for _ in range(count)]
    hand.extend(drawn)
    _event(game, "event-draw", "draw_count", count=count)
    _lay_out_red_threes(pos, pos.turn, game.log, replace=True)
    _start_play(pos)


def _do_take_pile(game: Game, action: TakePile) -> None:
    pos = game.position
    rules = pos.rules
    hand = pos.hands[pos.turn - 1]
    side = pos.side_of(pos.turn)
    taken = _pile_cards_taken(pos)
    top = pos.pile.pop()
    del pos.pile[len(pos.pile) - len(taken) :]
    for card in (*action.cards, *(c for m in action.melds for c in m)):
        hand.remove(card)
    if action.onto is not None:
        pos.melds[side][action.onto - 1].extend((top, *action.cards))
    else:
        pos.melds[side].append([top, *action.cards])
    pos.melds[side].extend(list(m) for m in action.melds)
    hand.extend(taken)
    _event(game, "event-take-pile", "pile_cards_taken", card=str(top), count=len(taken))
    _lay_out_red_threes(pos, pos.turn, game.log, replace=rules.red_three_from_pile_replaced)
    _start_play(pos)
    if not hand:  # the pile's cards all melded, with nothing under them: the player goes out
        _end_hand(game, went_out=pos.turn)


def _do_take_top(game: Game, action: TakeTop) -> None:
    pos = game.position
    top = pos.pile.pop()
    pos.melds[pos.side_of(pos.turn)][action.meld - 1].append(top)
    _event(game, "event-take-top", "take_top_card_onto_sequence", card=str(top), index=action.meld)
    _start_play(pos)


def _start_play(pos: Position) -> None:
    pos.phase = "play"
    pos.passes = 0


def _do_meld(game: Game, action: Meld) -> None:
    pos = game.position
    hand = pos.hands[pos.turn - 1]
    for meld in action.melds:
        for card in meld:
            hand.remove(card)
        pos.melds[pos.side_of(pos.turn)].append(list(meld))
    _event(game, "event-meld", None, melds=" | ".join(format_cards(m) for m in action.melds))
    if not hand:
        _end_hand(game, went_out=pos.turn)


def _do_add(game: Game, action: Add) -> None:
    pos = game.position
    hand = pos.hands[pos.turn - 1]
    for card in action.cards:
        hand.remove(card)
    pos.melds[pos.side_of(pos.turn)][action.meld - 1].extend(action.cards)
    _event(game, "event-add", None, cards=format_cards(action.cards), index=action.meld)
    if not hand:
        _end_hand(game, went_out=pos.turn)


def _do_discard(game: Game, action: Discard) -> None:
    pos = game.position
    hand = pos.hands[pos.turn - 1]
    hand.remove(action.card)
    pos.pile.append(action.card)
    _event(game, "event-discard", None, card=str(action.card))
    if not hand:
        _end_hand(game, went_out=pos.turn)
        return
    _next_turn(pos)


def _next_turn(pos: Position) -> None:
    pos.turn = pos.next_player(pos.turn)
    pos.phase = "draw"
    pos.unopened = not pos.melds[pos.side_of(pos.turn)]
    pos.asked, pos.asker, pos.pending = "", 0, ()


def _do_ask(game: Game, action: Ask) -> None:
    pos = game.position
    pos.asker, pos.pending = pos.turn, pos.partners(pos.turn)
    _event(game, "event-ask", "ask_partner")
    pos.turn, pos.pending = pos.pending[0], pos.pending[1:]
    pos.phase = "answer"


def _do_answer(game: Game, action: Answer) -> None:
    pos = game.position
    _event(game, "event-answer", "ask_partner", answer="yes" if action.yes else "no", asker=pos.asker)
    if action.yes and pos.pending:
        pos.turn, pos.pending = pos.pending[0], pos.pending[1:]
        return
    pos.turn, pos.asker, pos.pending = pos.asker, 0, ()
    pos.asked = "yes" if action.yes else "no"
    pos.phase = "play"


def _do_pass(game: Game, action: Pass) -> None:
    pos = game.position
    if pos.phase == "play":
        _event(game, "event-pass-in-play", None)
        _next_turn(pos)
        return
    _event(game, "event-pass", "stock_out")
    pos.passes += 1
    if pos.rules.stock_out == "when the player to move cannot take the pile" or pos.passes >= len(pos.seating()):
        _end_hand(game, went_out=None)
        return
    passes = pos.passes
    _next_turn(pos)
    pos.passes = passes


def _do_next_hand(game: Game, action: NextHand) -> None:
    pos = game.position
    pos.hand_number += 1
    pos.dealer = pos.dealer % pos.players + 1  # the deal passes to the left
    _deal(pos, game.log)


def _end_hand(game: Game, went_out: int | None) -> None:
    pos = game.position
    rules = pos.rules
    scores = []
    out_side = pos.side_of(went_out) if went_out is not None else None
    for side in range(pos.side_count):
        held = [c for p in pos.members(side) for c in pos.hands[p - 1]]
        scores.append(score_side(
            pos.melds[side], held, red_threes=len(pos.red_threes[side]), went_out=side == out_side,
            concealed=side == out_side and pos.unopened, rules=rules, players=pos.players,
        ))  # fmt: skip
    for side, score in enumerate(scores):
        pos.scores[side] += score.total
    game.results.append(HandResult(pos.hand_number, went_out, tuple(scores)))
    code = "event-went-out" if went_out is not None else "event-stock-out"
    game.log.append(Event(code, None, {"player": went_out or 0, "hand": pos.hand_number,
                                        "scores": ", ".join(f"{s.total:+,}" for s in scores)}))  # fmt: skip
    reached = max(pos.scores) >= pos.target
    pos.phase = "game over" if reached or pos.hand_number >= rules.hand_cap else "hand over"
    pos.asked, pos.asker, pos.pending, pos.passes = "", 0, (), 0
    if pos.phase == "game over":
        game.log.append(Event("event-game-over", "target_score", {"scores": ", ".join(f"{s:,}" for s in pos.scores)}))


_PERFORM: dict[type, Any] = {
    Draw: _do_draw, TakePile: _do_take_pile, TakeTop: _do_take_top, Meld: _do_meld, Add: _do_add,
    Discard: _do_discard, Ask: _do_ask, Answer: _do_answer, Pass: _do_pass, NextHand: _do_next_hand,
}  # fmt: skip

