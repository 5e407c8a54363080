"""Computer players and whole-game simulation.

A player is anything with ``choose(game) -> Decision``: a legal action and the
rationale for it, as data the message catalogue renders (so a coach can say
why). ``RandomPlayer`` picks uniformly with its own seeded generator;
``GreedyPlayer`` melds what it can, takes the pile when it pays, saves wild
cards for a bolivia when sensible and discards what it needs least. The levels
worth playing against (``beginner``, ``club``, ``strong``) and the coach's
``rank_actions`` live in ``levels.py``; ``PLAYERS`` names them all.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, Add, Answer, Ask, Discard, Draw, Meld, NextHand, Pass, TakePile, TakeTop
from .cards import Card
from .game import Game, new_game
from .melds import MeldKind, judge
from .decision import Decision, Player
from .decision import why as _why
from .levels import BeginnerPlayer, ClubPlayer, RankedAction, StrongPlayer, rank_actions
from .messages import format_number, render
from .rules import Rules, resolve_rules

__all__ = [
    "PLAYERS", "BeginnerPlayer", "ClubPlayer", "Decision", "GreedyPlayer", "Player", "RandomPlayer", "RankedAction",
    "SimulationResult", "StrongPlayer", "hint", "play_game", "rank_actions", "seat_players", "simulate",
]  # fmt: skip


class RandomPlayer:
    """Any legal action, uniformly, from a seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Decision:
        actions = game.legal_actions()
        return Decision(self.rng.choice(actions), _why("why-random", count=len(actions)))


class GreedyPlayer:
    """A plain heuristic player: a fair sparring partner, not a strong one."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Decision:
        actions = game.legal_actions()
        pos = game.position
        if pos.phase == "hand over":
            return Decision(NextHand())
        if pos.phase == "answer":
            return Decision(Answer(True), _why("why-answer-yes"))
        hand = pos.hands[pos.turn - 1]
        if pos.phase == "draw":
            return self._draw(actions, len(pos.pile))
        finishing = [a for a in actions if isinstance(a, Meld | Add) and _cards_used(a) == len(hand)]
        if finishing:
            return Decision(finishing[0], _why("why-go-out"))
        melds = [a for a in actions if isinstance(a, Meld)]
        side_melds = pos.melds[pos.side_of(pos.turn)]
        saving_wilds = _saving_wilds(hand, side_melds, game.rules)
        useful = [m for m in melds if not (saving_wilds and _wild_in_mixed_meld(m))]
        if useful:
            best = max(useful, key=lambda m: (_cards_used(m), str(m)))
            return Decision(best, _why("why-meld-most", count=_cards_used(best)))
        adds = [a for a in actions if isinstance(a, Add) and not (saving_wilds and any(c.is_wild for c in a.cards))]
        natural_adds = [a for a in adds if not any(c.is_wild for c in a.cards)]
        if natural_adds or adds:
            add = max(natural_adds or adds, key=lambda a: (len(a.cards), str(a)))
            return Decision(add, _why("why-add", count=len(add.cards), index=add.meld))
        if Ask() in actions and len(hand) <= 3:
            return Decision(Ask(), _why("why-ask", count=len(hand)))
        discards = [a for a in actions if isinstance(a, Discard)]
        if discards:
            held = Counter(c.rank for c in hand)
            discard = min(discards, key=lambda d: (_keep_value(d.card, hand, held, side_melds, game.rules), str(d)))
            return Decision(discard, _why("why-discard-least-useful", card=str(discard.card)))
        return Decision(actions[0])

    @staticmethod
    def _draw(actions: Sequence[Action], pile_size: int) -> Decision:
        takes = [a for a in actions if isinstance(a, TakePile)]
        if takes and (pile_size >= 3 or any(t.melds for t in takes)):
            take = max(takes, key=lambda t: (len(t.cards) + sum(map(len, t.melds)), str(t)))
            return Decision(take, _why("why-take-pile", count=pile_size))
        tops = [a for a in actions if isinstance(a, TakeTop)]
        if tops:
            return Decision(tops[0], _why("why-take-top", index=tops[0].meld))
        if Draw() in actions:
            return Decision(Draw(), _why("why-draw"))
        return Decision(takes[0] if takes else Pass())


def _cards_used(action: Meld | Add) -> int:
    return sum(map(len, action.melds)) if isinstance(action, Meld) else len(action.cards)


def _saving_wilds(hand: Sequence[Card], side_melds: Sequence[Sequence[Card]], rules: Rules) -> bool:
    """Keep 2s and jokers out of mixed melds while they could still make a bolivia."""
    if not rules.wild_melds:
        return False
    open_wild_meld = any(
        judge(tuple(m), rules, True).kind is MeldKind.WILD and len(m) < rules.wild_meld_length for m in side_melds
    )
    return open_wild_meld or sum(c.is_wild for c in hand) >= 2


def _wild_in_mixed_meld(meld: Meld) -> bool:
    return any(any(c.is_wild for c in group) and not all(c.is_wild for c in group) for group in meld.melds)


def _keep_value(
    card: Card, hand: Sequence[Card], held: Counter[int], side_melds: Sequence[Sequence[Card]], rules: Rules
) -> int:
    """How much the hand wants to keep ``card``; the lowest is discarded. ``held`` counts the hand's
    cards by rank (counted once for all the discards weighed)."""
    if card.is_wild:
        return 1000
    if card.is_black_three:
        return -100  # it costs 100 in hand, and it blocks the next player
    same = held[card.rank]
    on_table = any(c.is_natural and c.rank == card.rank for m in side_melds for c in m)
    neighbours = sum(c.suit == card.suit and abs(c.rank - card.rank) == 1 for c in hand)
    return 40 * (same - 1) + 60 * on_table + 15 * neighbours * rules.sequences + rules.card_value(card)


PLAYERS: dict[str, Callable[[int], Player]] = {
    "random": RandomPlayer, "greedy": GreedyPlayer,
    "beginner": BeginnerPlayer, "club": ClubPlayer, "strong": StrongPlayer,
}  # fmt: skip
"""Computer players by level, weakest first; each class takes a seed."""


def hint(game: Game, seat: int, level: str = "strong", seed: int = 0) -> Decision:
    """What a computer player of ``level`` would do now for ``seat`` (a human's), and why."""
    if level not in PLAYERS:
        raise ValueError(f"unknown player level {level!r}; known: {', '.join(PLAYERS)}")
    if seat != game.to_move or game.is_over:
        raise ValueError(f"player {seat} has nothing to decide now: it is player {game.to_move}'s turn")
    return PLAYERS[level](seed).choose(game)


@dataclass
class GameRecord:
    seed: int
    scores: tuple[int, ...]
    winner: int | None
    hands: int
    actions: int
    went_out: int


@dataclass
class SimulationResult:
    rules: str
    players: int
    kinds: tuple[str, ...]
    games: list[GameRecord] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def actions(self) -> int:
        return sum(g.actions for g in self.games)

    @property
    def hands(self) -> int:
        return sum(g.hands for g in self.games)

    def to_dict(self) -> dict[str, Any]:
        sides = len(self.games[0].scores) if self.games else 0
        return {
            "rules": self.rules,
            "players": self.players,
            "kinds": list(self.kinds),
            "games": len(self.games),
            "wins": [sum(g.winner == s for g in self.games) for s in range(sides)],
            "draws": sum(g.winner is None for g in self.games),
            "mean_scores": [round(sum(g.scores[s] for g in self.games) / len(self.games)) for s in range(sides)],
            "hands": self.hands,
            "hands_gone_out": sum(g.went_out for g in self.games),
            "actions": self.actions,
            "seconds": round(self.seconds, 3),
            "actions_per_second": round(self.actions / self.seconds) if self.seconds else None,
            "hands_per_second": round(self.hands / self.seconds, 1) if self.seconds else None,
        }

    def __str__(self) -> str:
        d = self.to_dict()
        wins = ", ".join(render("sim-side-wins", {"side": s + 1, "wins": w}) for s, w in enumerate(d["wins"]))
        return "\n".join([
            render("sim-games", {"games": d["games"], "rules": self.rules, "players": self.players,
                                 "kinds": ", ".join(self.kinds)}),
            render("sim-wins", {"wins": wins, "draws": d["draws"]}),
            render("sim-mean-scores", {"scores": ", ".join(format_number(s) for s in d["mean_scores"])}),
            render("sim-hands", {"hands": d["hands"], "gone_out": d["hands_gone_out"], "actions": d["actions"],
                                 "seconds": float(d["seconds"]), "per_second": d["actions_per_second"] or 0,
                                 "hands_per_second": float(d["hands_per_second"] or 0)}),
        ])  # fmt: skip


MAX_ACTIONS_PER_GAME = 200_000


def seat_players(kinds: Sequence[str], players: int, game_seed: int) -> list[Player]:
    """A computer player for each seat, the kinds taken in turn (``greedy, random``: greedy for
    players 1 and 3), each seeded from the game's seed, so the same seed plays the same game."""
    unknown = [k for k in kinds if k not in PLAYERS]
    if unknown or not kinds:
        raise ValueError(f"unknown player kind {unknown[0] if unknown else ''!r}; known: {', '.join(PLAYERS)}")
    return [PLAYERS[kinds[n % len(kinds)]](game_seed * 10 + n) for n in range(players)]


def play_game(game: Game, players: Sequence[Player]) -> Game:
    """Play ``game`` to its end, seat ``n`` choosing for player ``n``; bounded in length."""
    for _ in range(MAX_ACTIONS_PER_GAME):
        if game.is_over:
            return game
        game.apply(players[game.to_move - 1].choose(game).action)
    raise RuntimeError(f"a game ran past {MAX_ACTIONS_PER_GAME:,} actions without ending")


def simulate(
    rules: Rules | str = "bolivia",
    players: int = 4,
    games: int = 10,
    seed: int = 1,
    kinds: Sequence[str] = ("greedy",),
    target: int | None = None,
) -> SimulationResult:
    """Play ``games`` whole games; seat ``n`` uses ``kinds[n % len(kinds)]``."""
    rules = resolve_rules(rules)
    if type(games) is not int or games < 1:
        raise ValueError(f"games must be a whole number of at least 1, not {games!r}")
    seat_players(kinds, players, seed)  # refuses unknown kinds before any game is dealt
    seat_kinds = tuple(kinds[n % len(kinds)] for n in range(players))
    result = SimulationResult(rules.name, players, seat_kinds)
    start = time.perf_counter()
    for number in range(games):
        game_seed = seed * 100_003 + number
        game = new_game(rules, players, game_seed, target)
        play_game(game, seat_players(kinds, players, game_seed))
        result.games.append(GameRecord(
            game_seed, game.scores, game.winner(), len(game.results), len(game.history),
            sum(r.went_out is not None for r in game.results),
        ))  # fmt: skip
    result.seconds = time.perf_counter() - start
    return result
