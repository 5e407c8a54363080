"""One seat's view of a game, as plain data: what that seat may see and do now.

``seat_view(game, seat)`` is the seat's own hand, the other seats' card counts, both sides' melds,
the stock's size, the pile's top and size, the scores, whose turn it is, the moves the engine offers
the seat now and the public log. It is JSON (codes, numbers and card notation), never another seat's
hidden card, so a server may compute it for a seat and send it to a page that holds nothing else: the
card table draws it for a learner playing alone, and a room (``bolivia_rooms``) sends it to each seat
of a shared table. Its words are the widgets' business (``bolivia_widgets.components.table_view``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import TakePile, TakeTop
from .cards import Card, format_cards
from .game import Game
from .i18n import Explanation, render
from .melds import MeldKind, complete_length, judge, meld_name
from .rules import Rules
from .turn import pile_frozen

__all__ = ["MOVES_AT_MOST", "explanation_view", "meld_label", "seat_view"]

MOVES_AT_MOST = 400  # the offered moves listed in a view; the count says when there were more


def seat_view(game: Game, seat: int, log_from: int = 0) -> dict[str, Any]:
    """What ``seat`` may see and do now, as JSON-able data (see the module's docstring).

    ``log_from`` leaves out the log's first events (a page that shows only this game's part)."""
    pos = game.position
    if type(seat) is not int or not 1 <= seat <= pos.players:
        raise ValueError(render("table-no-such-seat", {"seat": repr(seat), "players": pos.players}))
    rules = pos.rules
    seated = pos.seating()
    my_side = pos.side_of(seat)
    over = pos.phase in ("hand over", "game over")
    to_move = 0 if over else pos.turn
    seats = []
    for player in range(1, pos.players + 1):
        seats.append({
            "player": player, "side": pos.side_of(player), "me": player == seat,
            "partner": player != seat and pos.side_of(player) == my_side,
            "resting": player not in seated, "cards": len(pos.hands[player - 1]), "to_move": player == to_move,
        })  # fmt: skip
    sides = []
    for side in range(pos.side_count):
        melds = [_meld_view(number, meld, rules) for number, meld in enumerate(pos.melds[side], start=1)]
        sides.append({
            "side": side, "members": list(pos.members(side)), "mine": side == my_side,
            "score": pos.scores[side], "minimum": rules.initial_meld_minimum(pos.scores[side]),
            "melded": bool(pos.melds[side]), "red_threes": [str(c) for c in pos.red_threes[side]], "melds": melds,
        })  # fmt: skip
    my_turn = pos.turn == seat and pos.phase in ("draw", "play", "answer")
    moves: list[str] = []
    more = 0
    if my_turn or over:
        offered = game.legal_actions()
        moves = [str(a) for a in offered[:MOVES_AT_MOST]]
        more = max(0, len(offered) - MOVES_AT_MOST)
    return {
        "format": "bolivia seat view", "version": 1,
        "seat": seat, "players": pos.players, "rules": rules.name, "title_code": f"rules-title:{rules.name}",
        "hand_number": pos.hand_number, "phase": pos.phase, "to_move": to_move, "my_turn": my_turn,
        "asker": pos.asker if pos.phase == "answer" else 0, "target": pos.target,
        "hand": [str(c) for c in sorted(pos.hands[seat - 1])],
        "seats": seats, "sides": sides, "my_side": my_side,
        "stock": len(pos.stock),
        "pile": _pile_view(game, seat),
        "moves": moves, "more_moves": more,
        "results": [{"hand": r.hand_number, "went_out": r.went_out, "totals": [s.total for s in r.scores]}
                    for r in game.results],
        "winner": game.winner() if game.is_over else None,
        "log": [_event_view(e) for e in game.log[log_from:]],
    }  # fmt: skip


def _meld_view(number: int, meld: Sequence[Card], rules: Rules) -> dict[str, Any]:
    code, params = meld_label(number, meld, rules)
    verdict = judge(tuple(meld), rules, True)
    shown = sorted(meld, key=lambda c: (not c.is_natural, c.rank, c.suit))  # a run reads in order, wild cards last
    return {
        "number": number, "cards": [str(c) for c in shown], "kind": verdict.kind.value if verdict.kind else "",
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


def _pile_view(game: Game, seat: int) -> dict[str, Any]:
    """The pile as ``seat`` sees it: its top, its size, and whether (and how) the seat could take it
    on its turn, as the engine says for a copy of the position with the seat to draw."""
    pos = game.position
    view: dict[str, Any] = {"top": str(pos.pile[-1]) if pos.pile else None, "size": len(pos.pile),
                            "blocked": False, "frozen": False, "takes": [], "why_not": None}  # fmt: skip
    if not pos.pile or pos.phase not in ("draw", "play", "answer"):
        return view
    probe = _as_if_to_draw(game, seat)
    offered = [str(a) for a in probe.legal_actions() if isinstance(a, TakePile | TakeTop)]
    view["takes"] = offered[:12]
    reasons = probe.explain(TakePile())
    view["blocked"] = any(r.code == "pile-blocked" for r in reasons)
    view["frozen"] = pile_frozen(probe.position)
    if not offered and reasons:
        view["why_not"] = explanation_view(reasons[0])
    return view


def _as_if_to_draw(game: Game, seat: int) -> Game:
    """The game as it would stand were ``seat`` to draw now: what the engine would offer it for the pile.
    Only the seat's own hand is asked about, so nothing hidden comes out of it."""
    if game.to_move == seat and game.phase == "draw":
        return game
    mine = game.position.copy()
    mine.turn, mine.phase = seat, "draw"
    mine.unopened = not mine.melds[mine.side_of(seat)]
    mine.asked, mine.asker, mine.pending = "", 0, ()
    return Game(mine, start="-")


def explanation_view(explanation: Explanation) -> dict[str, Any]:
    """An event or a reason as JSON: its code and params, nested reasons and actions as their data."""
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
    return {"code": explanation.code, "params": params}


def _event_view(event: Explanation) -> dict[str, Any]:
    return explanation_view(event)
