"""The ``strong`` level: the club heuristic sharpened, with a look-ahead at every close call.

When the heuristic's two best actions are near, ``StrongPlayer`` deals the cards its seat cannot see
afresh (``SeatView.sample_world`` with its own seed: the cards known to be in a hand kept there),
plays both actions forward to its next turn (``_rollout``) and keeps the better mean outcome. A hand
not over by then is valued by ``estimate``, which reads what the rules pay for each meld on its way
(its bonus, its complete length) from the ``Rules`` object.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ..actions import Action, TakePile
from ..game import Game
from ..melds import MeldKind, complete_length, judge
from ..position import Position
from ..rules import Rules
from ..seat import SeatView, seat_view
from ..i18n import Explanation, render
from .decision import Decision
from .heuristic import decide, with_keeps
from .style import CLUB, STRONG, Style

__all__ = ["LOOKAHEAD", "LookAhead", "StrongPlayer", "bonus_hope", "estimate", "play_forward"]


@dataclass(frozen=True)
class LookAhead:
    """How far and how often ``strong`` looks ahead, and how it values a hand not yet over."""

    candidates: int = 2  # the heuristic's best actions compared
    samples: int = 3  # sampled deals of the hidden cards
    margin: float = 150.0  # heuristic scores this far below the best are not looked at
    prior: float = 100.0  # points the look-ahead must find before it overrules the heuristic (rollouts are noisy)
    budget: int = 80  # actions a decision may simulate in all: bounds its time and (unlike a clock) repeats exactly
    rollout_actions: int = 60  # a rollout stops after this many actions, if the seat's turn has not come back
    hope_share: float = 0.5  # of a meld's bonus, at its complete length, counted for a meld on its way
    held_share: float = 0.5  # of the points held in hand, counted against the side
    per_card_held: float = 4.0  # each card in hand, worth this much to its side (cards to lay yet)


LOOKAHEAD = LookAhead()


class StrongPlayer:
    """The club heuristic sharpened (``STRONG``) with a look-ahead at every close call of its turn:
    when the heuristic's two best actions are near (taking the pile or drawing, one discard or
    another, melding now or holding back), it plays both forward over sampled deals of the hidden
    cards and keeps the better mean outcome. Measured against club, the look-ahead is where
    strong's edge comes from, so it is spent on every such choice, not only where the pile is big."""

    style = STRONG
    lookahead = LOOKAHEAD

    def __init__(self, seed: int = 0, budget: int | None = None) -> None:
        """``budget`` lowers (or raises) the actions one decision may simulate: a cheaper, still
        deterministic player for quick checks; one sampled deal is always played."""
        if budget is not None:
            if type(budget) is not int or budget < 1:
                raise ValueError(render("player-bad-budget", {"budget": repr(budget)}))
            self.lookahead = replace(self.lookahead, budget=budget)
        self.seed = seed

    @property
    def budget(self) -> int:
        return self.lookahead.budget

    def choose(self, view: SeatView) -> Decision:
        look = self.lookahead
        decision, ranked = decide(view, self.style)
        if view.phase not in ("draw", "play") or ranked[0].score >= self.style.go_out:
            return decision
        pool = ranked[: look.candidates]  # a lay against a discard, a discard against a discard, ...
        pool = [r for r in pool if r.score >= pool[0].score - look.margin]  # a clear best needs no look-ahead
        if len(pool) < 2 or (view.phase == "draw" and not any(isinstance(r.action, TakePile) for r in pool)):
            return decision
        spent = 0
        rng = random.Random(f"strong:{self.seed}:{view.hand_number}:{view.actions_played}")
        totals = [0.0] * len(pool)
        done = 0
        for _ in range(look.samples):
            world = view.sample_world(rng)
            for i, option in enumerate(pool):
                value, steps = _rollout(world, option.action, view, self.style, look)
                totals[i] += value
                spent += steps
            done += 1
            if spent > look.budget:
                break
        means = [t / done for t in totals]
        favoured = [m + (look.prior if i == 0 else 0.0) for i, m in enumerate(means)]  # the heuristic's choice
        best = max(range(len(pool)), key=lambda i: (favoured[i], -i))
        runner = max((i for i in range(len(pool)) if i != best), key=lambda i: means[i])
        ahead = means[best] >= means[runner]
        params = {"samples": done, "margin": round(abs(means[best] - means[runner])), "other": pool[runner].action}
        said = Explanation("why-strong-lookahead" if ahead else "why-strong-no-better", None, params)
        return Decision(pool[best].action, (*with_keeps(view, self.style, pool[best]), said))


def play_forward(world: Position) -> Game:
    """A game to play on from a copy of ``world`` (a sampled world): no start text, log or history."""
    return Game(world.copy(), start="-", history=[], results=[], log=[])


def _rollout(
    world: Position, action: Action, view: SeatView, style: Style = CLUB, look: LookAhead = LOOKAHEAD
) -> tuple[float, int]:
    """Play ``action`` on a copy of the sampled world, then ``style`` play until the seat's next turn
    (or the hand's end): the side's margin over the best other side, in points, and the actions played."""
    game = play_forward(world)
    game.apply(action)
    seat = view.seat
    left_seat = False
    for step in range(look.rollout_actions):
        pos = game.position
        if pos.phase in ("hand over", "game over"):
            result = game.results[-1]
            mine = result.scores[view.side].total
            return mine - max(s.total for i, s in enumerate(result.scores) if i != view.side), step
        if pos.turn != seat:
            left_seat = True
        elif left_seat and pos.phase == "draw":
            break
        game.apply(decide(seat_view(game, pos.turn), style, explain=False)[0].action)
    return estimate(game, view.side, look), step


def estimate(game: Game, side: int, look: LookAhead = LOOKAHEAD) -> float:
    """A hand not yet over, valued per side: melds and bonuses (for a meld on its way, a share of
    the bonus the rules pay for it, growing with the square of its progress to its complete length),
    red 3s, less a share of the cards held; ``side`` against the best other side."""
    pos = game.position
    rules = pos.rules
    values = []
    for each in range(pos.side_count):
        value = float(rules.red_three_value * len(pos.red_threes[each]))
        for meld in pos.melds[each]:
            verdict = judge(tuple(meld), rules, True)
            value += verdict.points + verdict.bonus
            full = complete_length(verdict.kind, rules)
            if not verdict.complete and verdict.kind is not None and full:
                wild = any(c.is_wild for c in meld)
                value += bonus_hope(verdict.kind, rules, wild) * (len(meld) / full) ** 2 * look.hope_share
        for player in pos.members(each):
            hand = pos.hands[player - 1]
            owed = sum(rules.black_three_in_hand if c.is_black_three else rules.card_value(c) for c in hand)
            value -= look.held_share * owed - look.per_card_held * len(hand)
        values.append(value)
    mine = values[side]
    return mine - max(v for i, v in enumerate(values) if i != side)


def bonus_hope(kind: MeldKind, rules: Rules, wild: bool = False) -> float:
    """The bonus ``rules`` pay for a meld of ``kind`` once complete (``wild``: it holds a wild card
    already). A same-rank meld is valued at the mean of the natural and the mixed canasta bonus, as
    Bolivia's look-ahead always did (400): whether it ends natural is not yet known."""
    if kind is MeldKind.SEQUENCE:
        if not rules.sequences:
            return 0.0
        return float(rules.bonus_mixed_sequence if wild else rules.bonus_natural_sequence)
    if kind is MeldKind.WILD:
        return float(rules.bonus_bolivia) if rules.wild_melds else 0.0
    return (rules.bonus_mixed_canasta + rules.bonus_natural_canasta) / 2
