"""The heuristic levels, ``club`` and ``beginner``: every legal action scored with its reasons.

``score_actions`` weighs each action by the level's ``Style`` (what the hand wants to keep, what a
discard gives the next player, what a lay or a pile take is worth now) and says why, as catalogue
data; ``club`` plays the best, and the same scores, with their reasons, are the coach's ranking.
``beginner`` is the same heuristic with a beginner's blind spots and an occasional careless discard.
Everything the rules decide (card values, bonuses, the sequence ranks and length, the pile's ways)
is read from the view's ``Rules``.
"""

from __future__ import annotations

import functools
import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ..actions import Action, Add, Answer, Ask, Discard, Draw, Meld, NextHand, Pass, TakePile, TakeTop
from ..cards import SUITS, Card, format_cards
from ..i18n import Explanation, render
from ..melds import MeldKind, MeldVerdict, judge, judge_addition, meld_name
from ..rules import Rules
from ..scoring import may_go_out
from ..seat import SeatView
from ..turn.legal import meld_groups
from .decision import Decision
from .style import BEGINNER, CLUB, Style

__all__ = [
    "ACE", "BeginnerPlayer", "ClubPlayer", "RankedAction", "candidates", "decide", "score_actions",
    "sequence_windows", "with_keeps",
]  # fmt: skip

ACE = 14
"""The highest rank a sequence may reach."""

Cards = tuple[Card, ...]


def sequence_windows(rules: Rules) -> tuple[tuple[int, int], ...]:
    """Every run of ranks a complete sequence may cover under ``rules``, lowest first, as (low, high):
    from the preset's lowest sequence rank up to the ace, ``sequence_length`` ranks each."""
    top = rules.sequence_length - 1
    return tuple((low, low + top) for low in range(rules.sequence_low_rank, ACE - top + 1))


@dataclass(frozen=True)
class RankedAction:
    """A legal action with the club heuristic's score for it and the reasons in words."""

    action: Action
    score: float
    rationale: tuple[Explanation, ...]

    def __str__(self) -> str:
        return f"{self.action} ({self.score:+.0f}): " + "; ".join(map(str, self.rationale))


PERCENT = 100


def _percent(chance: float) -> int:
    """A chance as a whole percentage, as the reasons say it."""
    return round(PERCENT * chance)


def _ex(code: str, **params: Any) -> Explanation:
    return Explanation(code, None, params)


@functools.cache
def _rank_words(rank: int) -> str:
    """A rank as the catalogue's English word ("9s", "aces"): ``render`` says it again in the language
    the whole reason is said in."""
    return render(f"rank:{Card(rank, 'H').rank_text}", language="en")


def _sequence_words(rules: Rules) -> str:
    """What ``rules`` call a complete natural sequence (an escalera, a natural canasta, a red samba), in
    the catalogue's English words, said again in the reason's language."""
    return _called(rules.sequence_called)


@functools.cache
def _called(sequence_called: str) -> str:
    return render(f"label:natural-sequence:{sequence_called}", language="en")


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
        self.sequence_ranks = set(range(rules.sequence_low_rank, ACE + 1))
        self.windows = sequence_windows(rules)
        self.sequence_ends: dict[str, set[int]] = {}
        self.sequence_near: dict[str, set[int]] = {}
        for v in self.verdicts:
            if v.kind is MeldKind.SEQUENCE and not v.complete:
                naturals = [c.rank for c in v.cards if c.is_natural]
                suit = next(c.suit for c in v.cards if c.is_natural)
                low, high = min(naturals), max(naturals)
                self.sequence_ends.setdefault(suit, set()).update({low - 1, high + 1})
                room = rules.sequence_length - 1 - (high - low)  # ranks it may still grow by, within its window
                if room >= 2:
                    self.sequence_near.setdefault(suit, set()).update({low - 2, high + 2} & self.sequence_ranks)
        self._sequence_reasons: dict[Card, tuple[int, tuple[Card, ...]] | None] = {}
        self._hidden: tuple[Counter[Card], tuple[Cards, ...]] | None = None
        self._counts: tuple[int, int, Counter[int]] | None = None
        self._frozen: dict[int, bool] = {}  # whether the pile is frozen for each side, asked once a decision
        self.hand_points = sum(rules.card_value(c) for c in view.hand if not c.is_black_three) + sum(
            rules.black_three_in_hand for c in view.hand if c.is_black_three
        )

    # Worked out when first asked, once a decision (plain attributes: a compiled class keeps no
    # cached_property, which needs an instance __dict__).
    @property
    def hidden(self) -> tuple[Counter[Card], tuple[Cards, ...]]:
        if self._hidden is None:
            self._hidden = self.view.hidden()
        return self._hidden

    @property
    def unseen(self) -> Counter[Card]:
        """The cards no seat is known to hold: the pool the other hands' unknown cards come from."""
        return self.hidden[0]

    @property
    def unseen_total(self) -> int:
        return self._unseen_counts()[0]

    @property
    def unseen_wilds(self) -> int:
        return self._unseen_counts()[1]

    @property
    def unseen_by_rank(self) -> Counter[int]:
        """The unseen naturals by rank: what every discard's chance of feeding the taker reads."""
        return self._unseen_counts()[2]

    def _unseen_counts(self) -> tuple[int, int, Counter[int]]:
        """How many unseen cards, how many of them wild, and the naturals by rank."""
        if self._counts is None:
            total = wilds = 0
            by_rank: Counter[int] = Counter()
            for card, count in self.unseen.items():
                total += count
                if card.is_wild:
                    wilds += count
                elif card.is_natural:
                    by_rank[card.rank] += count
            self._counts = total, wilds, by_rank
        return self._counts

    # --- how much the side wants to keep a card -------------------------------------

    def keep_value(self, card: Card) -> float:
        rules, style = self.rules, self.style
        if card.is_wild:
            return style.keep_wild_saved if self.saving_wilds else style.keep_wild
        if card.is_black_three:
            return style.keep_black_three
        value = rules.card_value(card) * style.keep_card_value_share
        same = self.by_rank[card.rank]
        if same >= 2:
            value += style.keep_pair if style.keeps_pairs else style.keep_pair_careless
        if same >= 3:
            value += style.keep_third
        if card.rank in self.same_rank_on_table:
            value += style.keep_on_table
        if rules.sequences and style.plans_sequences:
            value += self._sequence_value(card)
        return value

    def sequence_material(self, card: Card) -> bool:
        """Whether ``card`` should go to a sequence rather than a same-rank meld (``sequence_reason``)."""
        return self.sequence_reason(card) is not None

    def sequence_reason(self, card: Card) -> tuple[int, tuple[Card, ...]] | None:
        """Why ``card`` should go to a sequence, or ``None`` (``_sequence_reason``), worked out once a
        decision for each card: the lays weighed ask it of the same cards many times."""
        try:
            return self._sequence_reasons[card]
        except KeyError:
            reason = self._sequence_reasons[card] = self._sequence_reason(card)
            return reason

    def _sequence_reason(self, card: Card) -> tuple[int, tuple[Card, ...]] | None:
        """Why ``card`` should go to a sequence, or ``None``: (the side's open sequence it would extend,
        no cards) or (0, the cards of its suit in hand it would go with). It should when it is one or two ranks
        beyond one of the side's open sequences (within a sequence's length), two more cards of its suit
        in hand share a sequence's window with it, or the side has no escalera yet (so cannot go out) and
        a card of its suit in hand lies within two ranks of it. Same-rank melds are easy to complete;
        the escalera is what holds a bolivia side back from going out. A reason names what it rests on."""
        if not (self.rules.sequences and self.style.plans_sequences and card.is_natural):
            return None
        if card.rank in self.sequence_ends.get(card.suit, set()) | self.sequence_near.get(card.suit, set()):
            return (self._open_sequence_for(card), ())
        ranks = self.suited.get(card.suit, set())
        near = sorted(r for r in ranks if 0 < abs(r - card.rank) <= 2)
        if not self.has_escalera and near:
            return (0, tuple(Card(r, card.suit) for r in near))
        for low, high in self.windows:
            window = sorted(r for r in ranks if low <= r <= high)
            if low <= card.rank <= high and len(window) >= 3:
                return (0, tuple(Card(r, card.suit) for r in window if r != card.rank))
        return None

    def _open_sequence_for(self, card: Card) -> int:
        """The number of the side's open sequence of ``card``'s suit closest to its rank (1 = first meld)."""
        best, index = ACE + 1, 0
        for number, verdict in enumerate(self.verdicts, 1):
            naturals = [c for c in verdict.cards if c.is_natural]
            if verdict.kind is MeldKind.SEQUENCE and not verdict.complete and naturals[0].suit == card.suit:
                gap = min(abs(c.rank - card.rank) for c in naturals)
                if gap < best:
                    best, index = gap, number
        return index

    def _sequence_value(self, card: Card) -> float:
        ranks = self.suited.get(card.suit, set())
        style = self.style
        if card.rank in self.sequence_ends.get(card.suit, set()):
            return style.keep_sequence_end
        if card.rank in self.sequence_near.get(card.suit, set()):
            return style.keep_sequence_near
        best = 0
        for low, high in self.windows:
            if low <= card.rank <= high:
                best = max(best, sum(1 for r in ranks if low <= r <= high))
        near = sum(1 for r in (card.rank - 1, card.rank + 1) if r in ranks)
        return style.keep_window_card * (best - 1) + style.keep_neighbour * near

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
            return self.style.feed_wild_chance if "two wilds" in rules.pile_take_ways else 0.0
        their_side = view.side_of(taker)
        their_melds = view.melds[their_side]
        frozen = self._frozen.get(their_side)
        if frozen is None:
            frozen = self._frozen[their_side] = self._frozen_for(their_melds)
        known = self.hidden[1][taker - 1]
        size = view.hand_sizes[taker - 1] - len(known)
        same_rank = self.unseen_by_rank[card.rank]
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
                chance = min(1.0, chance + self.style.feed_suited_pair_chance)
        if card.rank in view.discarded[taker - 1]:
            chance *= self.style.feed_discarded_share  # they let that rank go this hand: probably hold no pair of it
        if self.style.reads_declines and view.declined and card.rank in view.declined[taker - 1]:
            chance *= self.style.feed_declined_share  # they left that rank on the pile: held no pair of it then
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
        return self.style.pile_card_worth * cards + self.style.pile_base_worth


@functools.cache  # a few hundred distinct draws a game
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


def score_actions(view: SeatView, actions: Iterable[Action], style: Style = CLUB) -> list[RankedAction]:
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
    style, points = ctx.style, ctx.hand_points
    heavy = style.weighs_hand and points > style.heavy_hand_points and ctx.view.stock_size > style.heavy_hand_stock
    code = "why-answer-no-heavy" if heavy else "why-answer-yes-light"
    better = action.yes != heavy  # yes on a light hand, no on a heavy one
    if not better:  # the reason against this answer: the same facts, said of the answer given
        code = "why-answer-yes-heavy" if action.yes else "why-answer-no-light"
    return RankedAction(action, 1.0 if better else -1.0, (_ex(code, points=points),))


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
    style = ctx.style
    if after.complete and not judge(meld, ctx.rules, True).complete:
        name = meld_name(after.label, ctx.rules)
        label = render(name, language="en") if name else ""
        said = (_ex("why-take-top-completes", card=str(top), index=action.meld, label=label),)
        return RankedAction(action, style.take_top_completes, said)
    score = style.take_top_careless
    if style.plans_sequences:
        score = style.take_top_base + style.take_top_per_card * len(meld)
    said = (_ex("why-take-top-club", card=str(top), index=action.meld, sequence=_sequence_words(ctx.rules)),)
    return RankedAction(action, score, said)


def _pile_cards_taken(view: SeatView) -> int:
    count = view.rules.pile_cards_taken
    under = len(view.pile) - 1
    return under if count == "all" else min(under, int(count))


def _score_take_pile(ctx: _Context, action: TakePile) -> RankedAction:
    view, rules, style = ctx.view, ctx.rules, ctx.style
    taken = _pile_cards_taken(view)
    laid = 1 + len(action.cards) + sum(map(len, action.melds))
    wilds = sum(c.is_wild for c in action.cards) + sum(c.is_wild for m in action.melds for c in m)
    taken_points = sum(rules.card_value(c) for c in view.pile[-taken - 1 : -1] if taken)
    value = style.take_pile_per_card * taken + taken_points * style.take_pile_value_share
    per_wild = style.take_pile_wild_saved if ctx.saving_wilds else style.take_pile_wild
    value += style.take_pile_per_laid * laid - per_wild * wilds
    reasons = [_ex("why-take-pile-club", count=taken, laid=laid)]
    if not ctx.my_melds:
        value += style.take_pile_opens  # the initial meld: the side may meld freely from now on
        reasons.append(_ex("why-take-pile-opens"))
    if action.onto is not None:
        meld = ctx.my_melds[action.onto - 1]
        after = judge_addition(meld, (view.pile[-1], *action.cards), rules)
        if after.complete and not judge(meld, rules, True).complete:  # a complete meld is not completed again
            value += style.take_pile_completes
            reasons.append(_ex("why-take-pile-completes", index=action.onto))
    if wilds:
        reasons.append(_ex("why-take-pile-wilds", wilds=wilds))
    if taken < style.min_pile:
        value -= style.take_pile_too_small
    return RankedAction(action, value, tuple(reasons))


def _score_lay(ctx: _Context, action: Meld | Add) -> RankedAction:
    view, rules, style = ctx.view, ctx.rules, ctx.style
    good = style.good_meld
    used = [c for m in action.melds for c in m] if isinstance(action, Meld) else list(action.cards)
    cards = format_cards(used)
    if len(used) == len(view.hand):
        return RankedAction(action, style.go_out + len(used), (_ex("why-go-out-club", cards=cards),))
    if ctx.can_go_out:
        return RankedAction(action, good + style.lay_to_finish + len(used), (_ex("why-lay-to-finish", cards=cards),))
    wilds = sum(c.is_wild for c in used)
    if isinstance(action, Meld):
        verdicts = [judge(m, rules) for m in action.melds]
        if ctx.my_melds:
            kept = _keeps_pairs(ctx, used, [v.kind for v in verdicts], complete=any(v.complete for v in verdicts))
            if kept:
                return RankedAction(action, style.breaks_pile_pair, kept)
        if not ctx.my_melds:
            points = sum(v.points for v in verdicts)
            minimum = rules.initial_meld_minimum(view.scores[view.side])
            spent = (style.initial_meld_wild if style.saves_wilds else 0.0) * wilds
            score = good + style.initial_meld - spent + points * style.initial_meld_points_share
            return RankedAction(action, score, (_ex("why-meld-initial", points=points, minimum=minimum, wilds=wilds),))
        return _score_new_melds(ctx, action, verdicts, cards)
    meld = ctx.my_melds[action.meld - 1]
    before = judge(meld, rules, True)
    kind = before.kind
    after = judge_addition(meld, action.cards, rules)
    completes = after.complete and not before.complete  # adding to a complete meld completes nothing
    if not after.complete:
        kept = _keeps_pairs(ctx, used, [kind], complete=False)
        if kept:
            return RankedAction(action, style.breaks_pile_pair, kept)
    if completes and kind is not MeldKind.SEQUENCE and not ctx.has_escalera:
        spoilt = [c for c in used if c.is_natural and c.rank in ctx.sequence_ends.get(c.suit, set())]
        if spoilt:  # the side's escalera needs this card more than the canasta does
            return _spoils(ctx, action, spoilt)
    if completes:
        name = meld_name(after.label, rules)
        label = render(name, language="en") if name else ""
        return RankedAction(action, good + style.add_completes + after.bonus * style.add_completes_bonus_share,
                            (_ex("why-add-completes", cards=cards, index=action.meld, label=label),))  # fmt: skip
    if not wilds:
        if kind is MeldKind.SEQUENCE:
            score = good + style.add_sequence + style.add_sequence_per_card * len(meld)
            said = (_ex("why-add-sequence", cards=cards, index=action.meld, sequence=_sequence_words(rules)),)
            return RankedAction(action, score, said)
        spoilt = [c for c in used if ctx.sequence_material(c)]
        if spoilt:
            return _spoils(ctx, action, spoilt)
        said = (_ex("why-add-club", cards=cards, index=action.meld),)
        return RankedAction(action, good + style.add_natural + len(used), said)
    if kind is MeldKind.WILD:
        said = (_ex("why-add-wild-bolivia", cards=cards, index=action.meld),)
        return RankedAction(action, good + style.add_wild_meld, said)
    if ctx.saving_wilds:
        return RankedAction(action, style.spends_saved_wilds, (_ex("why-not-waste-wilds", cards=cards),))
    return RankedAction(action, good + style.add_mixed, (_ex("why-add-club", cards=cards, index=action.meld),))


def _spoils(ctx: _Context, action: Action, spoilt: Sequence[Card]) -> RankedAction:
    """Why not to lay these cards: an escalera needs them more than the meld they would join."""
    return RankedAction(action, ctx.style.spoils_sequence, _sequence_reasons(ctx, spoilt))


def _sequence_reasons(ctx: _Context, spoilt: Sequence[Card]) -> tuple[Explanation, ...]:
    """What each spoilt card is kept for, as the table shows it: the side's open sequence it would
    extend, or the cards of its suit in hand it would make a sequence with."""
    grouped: dict[tuple[int, tuple[Card, ...]], list[Card]] = {}
    for card in spoilt:
        reason = ctx.sequence_reason(card)
        if reason is not None:
            grouped.setdefault(reason, []).append(card)
    said = []
    for (index, partners), cards in grouped.items():
        if index:
            said.append(_ex("why-keep-for-sequence-meld", cards=format_cards(cards), index=index))
        else:
            said.append(_ex("why-keep-for-escalera", cards=format_cards(cards), partners=format_cards(partners),
                            sequence=_sequence_words(ctx.rules)))  # fmt: skip
    return tuple(said)


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
    return (_ex("why-keep-pair-for-pile", cards=format_cards(pair), rank=_rank_words(broken[-1]), count=pile),)


def _score_new_melds(ctx: _Context, action: Meld, verdicts: Sequence[MeldVerdict], cards: str) -> RankedAction:
    style, good = ctx.style, ctx.style.good_meld
    score = 0.0
    reasons: list[Explanation] = []
    for verdict in verdicts:
        group = format_cards(verdict.cards)
        wilds = sum(c.is_wild for c in verdict.cards)
        if verdict.kind is MeldKind.SEQUENCE:
            score += good + (style.new_sequence if style.plans_sequences else style.new_sequence_careless)
            reasons.append(_ex("why-meld-sequence", cards=group, count=len(verdict.cards),
                               sequence=_sequence_words(ctx.rules)))  # fmt: skip
        elif verdict.kind is MeldKind.WILD:
            score += good + style.new_wild_meld
            reasons.append(_ex("why-meld-wilds", cards=group, count=len(verdict.cards)))
        elif wilds and ctx.saving_wilds:
            score += style.spends_saved_wilds
            reasons.append(_ex("why-not-waste-wilds", cards=group))
        elif any(ctx.sequence_material(c) for c in verdict.cards):
            score += style.spoils_sequence
            reasons.extend(_sequence_reasons(ctx, [c for c in verdict.cards if ctx.sequence_material(c)]))
        else:
            score += good + style.new_same_rank - style.new_same_rank_wild * wilds
            reasons.append(_ex("why-meld-same-rank", cards=group, count=len(verdict.cards)))
    return RankedAction(action, score / max(1, len(verdicts)) + len(verdicts), tuple(reasons))


def _score_ask(ctx: _Context) -> RankedAction:
    view, style = ctx.view, ctx.style
    if not ctx.can_go_out:
        return RankedAction(Ask(), style.ask_too_early, (_ex("why-no-ask-not-ready"),))
    loose = len(view.hand) - _layable(ctx)
    if loose > 1:
        return RankedAction(Ask(), style.ask_too_early, (_ex("why-no-ask-loose", count=loose),))
    if view.rules.ask_partner != "required":
        # asking is optional: ask only when a partner holds many cards it may want to lay first
        heavy = any(view.hand_sizes[p - 1] >= style.ask_partner_cards for p in view.partners)
        if not heavy:
            return RankedAction(Ask(), style.ask_needless, (_ex("why-no-ask-optional"),))
    return RankedAction(Ask(), style.good_meld + style.ask_ready, (_ex("why-ask-club", count=len(view.hand)),))


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
        return RankedAction(action, style.go_out, (_ex("why-go-out-discard", card=str(card)),))
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
        elif chance >= style.feed_warn_chance:
            reasons.append(_ex("why-feeds", card=str(card), player=taker, count=len(view.pile) + 1,
                               percent=_percent(chance)))  # fmt: skip
        elif style.reads_declines and card.is_natural and view.declined and card.rank in view.declined[taker - 1]:
            reasons.append(_ex("why-safe-declined", player=taker, rank=_rank_words(card.rank)))
        elif card.is_natural and card.rank in view.discarded[taker - 1]:
            reasons.append(_ex("why-safe-shown", player=taker, rank=_rank_words(card.rank)))
        elif card.is_natural:
            reasons.append(_ex("why-safe-unlikely", player=taker, rank=_rank_words(card.rank),
                               percent=_percent(chance)))  # fmt: skip
    if not style.guards_pile and card.is_natural:
        keep = ctx.rules.card_value(card) + (style.keep_beginner_pair if ctx.by_rank[card.rank] >= 2 else 0.0)
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
        notes.append(_ex("why-keep-pair", cards=format_cards(pair), rank=_rank_words(pairs[0])))
    if ctx.rules.sequences and ctx.style.plans_sequences:
        best: list[Card] = []
        for suit in SUITS:
            mine = sorted({c.rank for c in rest if c.is_natural and c.suit == suit})
            for low, high in sequence_windows(ctx.rules):
                window = [r for r in mine if low <= r <= high]
                if len(window) > len(best):
                    best = [Card(r, suit) for r in window]
        if len(best) >= 2 and best[-1].rank - best[0].rank < 2 * len(best):  # close enough to grow together
            notes.append(_ex("why-keep-sequence", cards=format_cards(best), sequence=_sequence_words(ctx.rules)))
    return notes


# --- extra candidates: an initial meld that spends no wild card -----------------------------


def _initial_options(view: SeatView, style: Style) -> list[Action]:
    """Combinations of the hand's meld groups that reach the initial minimum with the fewest wild
    cards (the engine offers only its best-first combination); checked by the engine's rules."""
    rules = view.rules
    minimum = rules.initial_meld_minimum(view.scores[view.side])
    # each group with its points, wild cards and cards, worked out once for every combination
    groups = [(g, judge(g, rules).points, sum(c.is_wild for c in g), frozenset(g))
              for g in meld_groups(view.hand, rules)]  # fmt: skip
    # (wild cards, minus points, groups): the combinations worth the minimum
    reaching: list[tuple[int, int, tuple[tuple[Cards, int, int, frozenset[Card]], ...]]] = []
    for size in range(1, style.initial_groups + 1):
        for combo in combinations(groups, size):
            points = sum(points for _, points, _, _ in combo)
            if points >= minimum:
                reaching.append((sum(wilds for _, _, wilds, _ in combo), -points, combo))
    # the fewest wild cards, then the most points: only those up to the last one kept need the hand's counts
    reaching.sort(key=lambda o: (o[0], o[1]))
    held = Counter(view.hand)
    options: list[tuple[int, int, tuple[Cards, ...]]] = []
    for wilds, minus_points, combo in reaching:
        if len(options) >= style.initial_options and (wilds, minus_points) != options[-1][:2]:
            break  # the rest rank below every option kept (ties with the last are kept: the text decides)
        # each group is of the hand's cards: only groups sharing a card may want more copies than it holds
        shared = any(not a[3].isdisjoint(b[3]) for a, b in combinations(combo, 2))
        if shared and any(n > held[c] for c, n in Counter(c for g, _, _, _ in combo for c in g).items()):
            continue
        options.append((wilds, minus_points, tuple(g for g, _, _, _ in combo)))
    options.sort(key=lambda o: (o[0], o[1], [format_cards(g) for g in o[2]]))
    found: list[Action] = []
    for _, _, chosen in options[: style.initial_options]:
        meld = Meld(chosen)
        if not view.explain(meld):
            found.append(meld)
    return found


def candidates(view: SeatView, style: Style = CLUB) -> list[Action]:
    """The actions a heuristic level weighs: every legal one, and before the side's initial meld the
    combinations that make it with the fewest wild cards."""
    actions: list[Action] = list(view.legal_actions())
    if view.phase == "play" and not view.melds[view.side]:
        known = set(actions)
        actions.extend(a for a in _initial_options(view, style) if a not in known)
    return actions


# --- the levels ---------------------------------------------------------------------------


def decide(
    view: SeatView, style: Style, rng: random.Random | None = None, *, explain: bool = True
) -> tuple[Decision, list[RankedAction]]:
    """The ``style``'s choice for the seat of ``view`` and every candidate scored, best first; ``rng``
    makes a level's careless discards, ``explain`` adds what the hand keeps to a discard's reasons."""
    ranked = score_actions(view, candidates(view, style), style)
    best = ranked[0]
    if rng is not None and style.slip and isinstance(best.action, Discard) and rng.random() < style.slip:
        careless = [r for r in ranked if isinstance(r.action, Discard) and not r.action.card.is_wild]
        if len(careless) > 1:
            slip = careless[rng.randrange(min(style.slip_choices, len(careless)))]
            card = str(slip.action.card) if isinstance(slip.action, Discard) else ""
            best = RankedAction(slip.action, slip.score, (_ex("why-discard-careless", card=card),))
    return Decision(best.action, with_keeps(view, style, best) if explain else best.rationale), ranked


def with_keeps(view: SeatView, style: Style, best: RankedAction) -> tuple[Explanation, ...]:
    if isinstance(best.action, Discard) and len(view.hand) > 2:
        return (*best.rationale, *_keeps(_Context(view, style), best.action.card))
    return best.rationale


class ClubPlayer:
    """A solid heuristic player: plans escaleras and bolivias, keeps pairs for the pile, does not
    feed the next player, makes the initial meld without wasting wild cards, goes out when it may."""

    style = CLUB

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: SeatView) -> Decision:
        return decide(view, self.style)[0]


class BeginnerPlayer:
    """Legal and sensible, with a beginner's visible mistakes: it spends wild cards in any meld,
    breaks pairs, ignores what its discards give the next player, and takes only big piles."""

    style = BEGINNER

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: SeatView) -> Decision:
        rng = random.Random(f"{self.seed}:{view.hand_number}:{view.actions_played}")
        return decide(view, self.style, rng)[0]
