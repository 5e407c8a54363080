"""The rules of a turn, each written once, as generators of reasons.

``reasons(pos, action)`` yields why ``action`` is not allowed in ``pos``, each
reason saying what to do instead. Asking only whether an action is legal
(``is_legal``) takes the first reason and stops; explaining (``explain``) takes
them all: one code path, so the two can never disagree. Nothing here changes
the position.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from typing import Any

from ..actions import Action, Add, Answer, Ask, Discard, Draw, Meld, NextHand, Pass, TakePile, TakeTop
from ..cards import Card, format_cards, remove_cards
from ..melds import MeldKind, illegal_meld_reasons, judge, judge_addition
from ..i18n import EN, Reason, render
from ..position import Position
from ..rules import Rules
from ..scoring import may_go_out, needs_text
from .limits import initial_reasons, meets_initial_minimum, table_reasons, within_rank_limits
from .pile import card_class, pile_cards_taken, pile_closed, pile_frozen, pile_problem, pile_ways_met, take_candidates

__all__ = [
    "ask_problem", "card_class", "explain", "is_legal", "may_draw", "meets_initial_minimum", "pile_cards_taken",
    "pile_closed", "pile_frozen", "pile_ways_met", "reasons", "within_rank_limits",
]  # fmt: skip

Cards = tuple[Card, ...]
Reasons = Iterator[Reason]


def reasons(pos: Position, action: Action) -> Reasons:
    """Every reason ``action`` is not allowed in ``pos``: first the phase, then the action's own rules."""
    params: dict[str, Any] = {"rules": pos.rules.title, "player": pos.turn}
    phase = pos.phase
    checks = _CHECKS_BY_PHASE.get(phase)
    if checks is not None:  # a turn in progress: the common case, looked up directly
        check = checks.get(type(action))
        if check is not None:
            return check(pos, action, params)
    return iter(_out_of_turn(pos, action, params))


def is_legal(pos: Position, action: Action) -> bool:
    """Whether ``action`` is allowed: stops at the first reason against it."""
    return next(reasons(pos, action), None) is None


def explain(pos: Position, action: Action) -> list[Reason]:
    """Every reason against ``action``, each with its remedy; empty when it is allowed."""
    return list(reasons(pos, action))


def _out_of_turn(pos: Position, action: Action, params: dict[str, Any]) -> list[Reason]:
    phase = pos.phase
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


# --- drawing and taking from the pile ------------------------------------------------


def may_draw(pos: Position) -> bool:
    """Whether the player to move may draw (in the draw phase): while the stock lasts."""
    return bool(pos.stock)


def _check_draw(pos: Position, action: Draw, params: dict[str, Any]) -> Reasons:
    if not may_draw(pos):
        yield Reason("stock-empty", "stock_out", params)


def _check_pass(pos: Position, action: Pass, params: dict[str, Any]) -> Reasons:
    if pos.stock:
        yield Reason("pass-with-stock", "stock_out", params)
        return
    if any(is_legal(pos, take) for take in take_candidates(pos)):
        yield Reason("pass-while-able", "stock_out", params)


def _pile_reasons(pos: Position, params: dict[str, Any]) -> list[Reason]:
    """``pile_problem`` said with its knob and the top card."""
    problem = pile_problem(pos)
    if problem is None:
        return []
    if problem == "pile-blocked":
        return [Reason(problem, "pile_blocked_by", params | {"card": str(pos.pile[-1])})]
    return [Reason(problem, "one_card_pile_with_one_card" if problem == "pile-one-card" else None, params)]


def _check_take_pile(pos: Position, action: TakePile, params: dict[str, Any]) -> Reasons:
    rules = pos.rules
    blocked = _pile_reasons(pos, params)
    if blocked:
        yield from blocked
        return
    top = pos.pile[-1]
    hand = pos.hands[pos.turn - 1]
    side = pos.side_of(pos.turn)
    used = list(action.cards) + [c for m in action.melds for c in m]
    rest = remove_cards(hand, used)
    if rest is None:
        yield Reason("cards-not-in-hand", None, params | {"cards": format_cards(used)})
        return
    frozen = pile_frozen(pos)
    natural_pair = top.is_natural and sum(c.is_natural and c.rank == top.rank for c in action.cards) >= 2
    melds: list[Sequence[Card]] = list(pos.melds[side])  # entries are replaced, never changed
    if action.onto is not None:
        if rules.pile_new_meld_only:
            yield Reason("pile-new-meld-only", "pile_new_meld_only", params)
            return
        # A frozen pile is still taken onto the side's meld of the top card's rank with a natural
        # pair from hand: with one meld per rank the pair has nowhere else to go (002; Danish text).
        if "own meld" not in rules.pile_take_ways or (frozen and not natural_pair):
            yield _natural_pair_reason(top, params, frozen)
            return
        if not 1 <= action.onto <= len(melds):
            yield Reason("no-such-meld", None, params | {"index": action.onto, "count": len(melds)})
            return
        verdict = judge_addition(tuple(melds[action.onto - 1]), (top, *action.cards), rules)
        if not verdict.legal:
            yield Reason("pile-onto-illegal", None, params | {"card": str(top), "index": action.onto,
                                                               "why": verdict.reasons})  # fmt: skip
            return
        melds[action.onto - 1] = list(verdict.cards)
    else:
        verdict = judge((top, *action.cards), rules)
        failed = False
        if not pile_ways_met(top, action.cards, natural_pair, verdict, rules, frozen):
            failed = True
            yield (_natural_pair_reason(top, params, frozen)
                   if frozen or rules.pile_take_ways == {"natural pair"}
                   else Reason("pile-way", "pile_take_ways", params | {
                       "card": str(top),
                       "ways": tuple(EN[f"way:{w}"] for w in sorted(rules.pile_take_ways))}))  # fmt: skip
        if not verdict.legal:
            failed = True
            yield Reason("pile-meld-illegal", None, params | {"cards": format_cards(verdict.cards),
                                                               "why": verdict.reasons})  # fmt: skip
        if failed:
            return
        melds.append(list(verdict.cards))
    extra = [judge(m, rules) for m in action.melds]
    illegal = illegal_meld_reasons(extra, params)
    yield from illegal
    melds.extend(action.melds)
    yield from table_reasons(melds, len(action.melds) + (action.onto is None), rules)
    if not pos.melds[side]:
        uncounted = 0 if rules.pile_counts_for_initial_meld else rules.card_value(top)
        yield from initial_reasons(pos, [verdict, *extra], params, uncounted=uncounted)
    left = len(rest) + len(pile_cards_taken(pos))
    yield from _keep_cards_reasons(pos, melds, left, params)


def _natural_pair_reason(top: Card, params: dict[str, Any], frozen: bool) -> Reason:
    if not top.is_natural:
        return Reason("pile-top-not-natural", "pile_take_ways", params | {"card": str(top)})
    return Reason("pile-needs-natural-pair", "pile_frozen_when" if frozen else "pile_take_ways",
                  params | {"rank": render(f"rank:{top.rank_text}")})  # fmt: skip


def _check_take_top(pos: Position, action: TakeTop, params: dict[str, Any]) -> Reasons:
    rules = pos.rules
    if not rules.take_top_card_onto_sequence:
        yield Reason("take-top-not-allowed", "take_top_card_onto_sequence", params)
        return
    blocked = _pile_reasons(pos, params)
    if blocked:
        yield from blocked
        return
    side = pos.side_of(pos.turn)
    melds: list[Sequence[Card]] = list(pos.melds[side])  # entries are replaced, never changed
    if not 1 <= action.meld <= len(melds):
        yield Reason("no-such-meld", None, params | {"index": action.meld, "count": len(melds)})
        return
    top = pos.pile[-1]
    if judge(tuple(melds[action.meld - 1]), rules, True).kind is not MeldKind.SEQUENCE:
        yield Reason("take-top-not-sequence", "take_top_card_onto_sequence", params | {"index": action.meld})
        return
    verdict = judge_addition(tuple(melds[action.meld - 1]), (top,), rules)
    if not verdict.legal:
        yield Reason("take-top-illegal", "take_top_card_onto_sequence", params | {
            "card": str(top), "index": action.meld, "why": verdict.reasons})  # fmt: skip
        return
    melds[action.meld - 1] = verdict.cards
    yield from _keep_cards_reasons(pos, melds, len(pos.hands[pos.turn - 1]), params)


# --- melding, adding, discarding, asking ----------------------------------------------


def _check_meld(pos: Position, action: Meld, params: dict[str, Any]) -> Reasons:
    rules = pos.rules
    hand = pos.hands[pos.turn - 1]
    used = [c for m in action.melds for c in m]
    rest = remove_cards(hand, used)
    if rest is None:
        yield Reason("cards-not-in-hand", None, params | {"cards": format_cards(used)})
        return
    side = pos.side_of(pos.turn)
    melds: list[Sequence[Card]] = [*pos.melds[side], *action.melds]  # read only: no copies
    going_out = len(rest) <= 1 and _may_finish(pos, melds)
    verdicts = [judge(m, rules, going_out) for m in action.melds]
    illegal = illegal_meld_reasons(verdicts, params)
    if illegal:
        yield from illegal
        return
    yield from table_reasons(melds, len(action.melds), rules)
    if not pos.melds[side]:
        yield from initial_reasons(pos, verdicts, params)
    yield from _keep_cards_reasons(pos, melds, len(rest), params)


def _check_add(pos: Position, action: Add, params: dict[str, Any]) -> Reasons:
    rules = pos.rules
    hand = pos.hands[pos.turn - 1]
    if not _holds(hand, action.cards):
        yield Reason("cards-not-in-hand", None, params | {"cards": format_cards(action.cards)})
        return
    left = len(hand) - len(action.cards)
    side = pos.side_of(pos.turn)
    melds: list[Sequence[Card]] = list(pos.melds[side])  # entries are replaced, never changed
    if not melds:
        minimum = rules.initial_meld_minimum(pos.scores[side])
        yield Reason("side-not-melded", "initial_meld_steps", params | {"minimum": minimum})
        return
    if not 1 <= action.meld <= len(melds):
        yield Reason("no-such-meld", None, params | {"index": action.meld, "count": len(melds)})
        return
    after = [*melds]
    after[action.meld - 1] = (*melds[action.meld - 1], *action.cards)
    going_out = left <= 1 and _may_finish(pos, after)
    verdict = judge_addition(tuple(melds[action.meld - 1]), action.cards, rules, going_out)
    if not verdict.legal:
        yield from verdict.reasons
        return
    yield from _keep_cards_reasons(pos, after, left, params)  # an addition adds no meld of a rank


def finishing_add_allowed(
    pos: Position, meld: Sequence[Card], cards: Sequence[Card], left: int, table_ready: bool
) -> bool:
    """``_check_add``'s verdict on adding ``cards`` (held) to ``meld`` (the side's) when that leaves
    ``left`` cards, at most one: then the player goes out, or keeps the card to discard and go out.
    ``table_ready`` says whether the side's table with the addition made holds what going out needs
    (``may_go_out``); the legal-action view works it out from the table's verdicts, judging only the
    changed meld again."""
    if next(_kept_cards_reasons(pos, left, table_ready, {}), None) is not None:
        return False
    return judge_addition(tuple(meld), tuple(cards), pos.rules, True).legal  # going out: may_finish held


def _check_discard(pos: Position, action: Discard, params: dict[str, Any]) -> Reasons:
    hand = pos.hands[pos.turn - 1]
    if action.card not in hand:
        yield Reason("cards-not-in-hand", None, params | {"cards": str(action.card)})
        return
    if card_class(action.card) in pos.rules.discard_forbidden:
        yield Reason("discard-forbidden", "discard_forbidden", params | {"card": str(action.card)})
        return
    if len(hand) == 1:  # the last card: this discard goes out
        yield from _going_out_reasons(pos, pos.melds[pos.side_of(pos.turn)], params)


def _check_pass_in_play(pos: Position, action: Pass, params: dict[str, Any]) -> Reasons:
    """[assumption] A player left with one card who may not go out (the last stock card was a
    red 3, laid out with nothing to replace it) ends the turn without discarding."""
    hand = pos.hands[pos.turn - 1]
    if len(hand) != 1 or _may_finish(pos, pos.melds[pos.side_of(pos.turn)]):
        yield Reason("pass-in-play", None, params)


def ask_problem(pos: Position) -> str | None:
    """Why the player to move may not ask partner now, as a reason's code; ``None`` when they may
    (in the play phase): the rule itself, read by ``_check_ask`` and by the legal-action view."""
    if not pos.partners(pos.turn):
        return "no-partner"
    if pos.asked:
        return "asked-already"
    if len(pos.hands[pos.turn - 1]) < 2:  # after a "no" the player must discard and keep a card
        return "ask-too-late"
    return None


def _check_ask(pos: Position, action: Ask, params: dict[str, Any]) -> Reasons:
    problem = ask_problem(pos)
    if problem is not None:
        yield Reason(problem, "ask_partner", params | ({"answer": pos.asked} if problem == "asked-already" else {}))


# --- rules shared by several actions ---------------------------------------------------


def _may_finish(pos: Position, melds: Sequence[Sequence[Card]]) -> bool:
    """Whether the player to move may go out with the side's table as ``melds``."""
    return next(_going_out_reasons(pos, melds, {}), None) is None


def _going_out_reasons(pos: Position, melds: Sequence[Sequence[Card]], params: dict[str, Any]) -> Reasons:
    yield from _finish_reasons(pos, _table_ready(pos, melds), params)


def _finish_reasons(pos: Position, table_ready: bool, params: dict[str, Any]) -> Reasons:
    """Why the player to move may not go out now, the side's table holding what going out needs
    (``may_go_out``) or not, as ``table_ready`` says."""
    rules = pos.rules
    if not table_ready:
        yield Reason("cannot-go-out", "going_out_needs", params | {
            "rules": rules.title, "player": pos.turn, "needs": needs_text(rules, pos.players)})  # fmt: skip
    elif pos.asked == "no":
        yield Reason("partner-said-no", "ask_partner", params | {"rules": rules.title, "player": pos.turn})
    elif rules.ask_partner == "required" and pos.asked != "yes" and pos.partners(pos.turn):
        yield Reason("must-ask", "ask_partner", params | {"rules": rules.title, "player": pos.turn})


def _table_ready(pos: Position, melds: Sequence[Sequence[Card]]) -> bool:
    """Whether the side to move, its table as ``melds``, holds what going out needs."""
    return _table_may_go_out(tuple(map(tuple, melds)), pos.rules, pos.players)


@lru_cache(maxsize=1 << 12)
def _table_may_go_out(table: tuple[tuple[Card, ...], ...], rules: Rules, players: int) -> bool:
    """``may_go_out`` for a side's table, its melds judged as when going out: worked out once per
    table, since every action that could go out asks it, a computer player's often many times."""
    return may_go_out([judge(meld, rules, True) for meld in table], rules, players)


def _keep_cards_reasons(pos: Position, melds: Sequence[Sequence[Card]], left: int, params: dict[str, Any]) -> Reasons:
    """After melding a player keeps two cards unless going out is allowed (``_kept_cards_reasons``)."""
    if left < 2:
        yield from _kept_cards_reasons(pos, left, _table_ready(pos, melds), params)


def _kept_cards_reasons(pos: Position, left: int, table_ready: bool, params: dict[str, Any]) -> Reasons:
    """A player keeping one card or none must be allowed to go out: with one card the only discard
    would go out, with none the player has gone out. ``table_ready``: whether the side's table,
    as the play leaves it, holds what going out needs."""
    if left == 0 and not pos.rules.final_discard_optional:
        yield Reason("final-discard-needed", "final_discard_optional", params)
        return
    finish = list(_finish_reasons(pos, table_ready, params))
    if finish and pos.rules.keep_two_cards:
        yield Reason("keep-two-cards", "keep_two_cards", params | {"count": left})
    yield from finish


def _holds(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    """Whether ``hand`` holds every one of ``cards`` (copies counted)."""
    if len(cards) == 1:
        return cards[0] in hand
    return remove_cards(hand, cards) is not None


Check = Callable[[Position, Any, dict[str, Any]], Reasons]
_CHECK_DRAW: dict[type, Check] = {
    Draw: _check_draw, TakePile: _check_take_pile, TakeTop: _check_take_top, Pass: _check_pass,
}  # fmt: skip
_CHECK_PLAY: dict[type, Check] = {
    Meld: _check_meld, Add: _check_add, Discard: _check_discard, Ask: _check_ask, Pass: _check_pass_in_play,
}  # fmt: skip
_CHECKS_BY_PHASE = {"draw": _CHECK_DRAW, "play": _CHECK_PLAY}
