"""What leaves a room: each seat's view, and a watch link's. The one module that decides it.

A seat's view is the card table's own view for that seat (``bolivia_core.seat``: its own hand, the
others' card counts, the public table and log), with who sits where, its moves when it is to act, its
countdown when its turn has gone idle, and the public events since this seat last saw the table (what
each other person and computer did, as data, so the page can say it in words). A teacher's watch view
is the same table with every hand open and no move offered; an onlooker's has no hand at all. No view
holds the room's seed, a key, or another seat's hidden card.

Everything here that depends on the engine's seat view (``SeatView`` and its JSON form) is in ``_table``
and ``_public_table``: when that form changes, only they change.
"""

from __future__ import annotations

from typing import Any

from bolivia_core.game import Game
from bolivia_core.i18n import render
from bolivia_core.seat import explanation_view, open_view
from bolivia_core.seat import seat_view as engine_seat_view

from .room import Room, Seat

__all__ = ["SINCE_AT_MOST", "hand_start", "seat_view", "watch_view"]

SINCE_AT_MOST = 200  # events said as news in one view; a page away longer than that redraws from the log


def seat_view(room: Room, seat: int, language: str | None = None, *, seen: int | None = None,
              now: float | None = None) -> dict[str, Any]:  # fmt: skip
    """Everything seat ``seat`` is sent. ``seen`` is how much of the game's log this seat was shown
    before (``since`` holds what came after); ``now`` the time its countdown is counted from."""
    game = room.game
    to_move = room.to_move
    me = room.seats[seat - 1]
    countdown = None
    if me.deadline is not None and not me.computer_plays:
        left = max(0.0, me.deadline - now) if now is not None else None
        countdown = {"deadline": me.deadline, "seconds": None if left is None else round(left, 1), "why": me.waiting}
    return {
        **_about(room, language, seen),
        "seat": seat,
        "table": _table(game, seat),
        "actions": [str(a) for a in game.legal_actions()] if to_move == seat else [],
        "countdown": countdown,  # the seat's own only: "stay" stops it
    }


def watch_view(room: Room, mode: str, language: str | None = None, *, seen: int | None = None) -> dict[str, Any]:
    """What a watch link shows: every hand open for a teacher, the public table for an onlooker."""
    return {**_about(room, language, seen), "seat": None, "watch": mode, "table": _public_table(room.game, mode),
            "actions": [], "countdown": None}  # fmt: skip


def _about(room: Room, language: str | None, seen: int | None) -> dict[str, Any]:
    """What every view of the room says alike: its version, whose turn, who sits where, the log."""
    game = room.game
    start = hand_start(game)
    since = game.log[seen:] if seen is not None else []
    return {
        "room": room.id,
        "version": room.version,
        "turn": room.to_move,
        "phase": game.phase,
        "over": game.is_over,
        "asked_by": (game.position.asker if game.phase == "answer" else None) or None,
        "seats": [_seat_line(s, language) for s in room.seats],
        "log": [event.text(language) for event in game.log[start:]],
        "since": [explanation_view(e) | {"text": e.text(language)} for e in since[-SINCE_AT_MOST:]],
        "seen": len(game.log),  # what ``since`` counts from in the next view
    }


def _seat_line(seat: Seat, language: str | None) -> dict[str, Any]:
    state = seat.state()
    code = f"room-seat-{state}"
    if state == "away" and not seat.away:
        code = "room-seat-away-soon"  # the computer has not stood in yet: the person may still come back
    return {"seat": seat.number, "state": state, "level": seat.level, "stand_in": seat.computer_plays,
            "text": render(code, {"seat": seat.number, "level": seat.level}, language)}  # fmt: skip


def _table(game: Game, seat: int) -> dict[str, Any]:
    """The card table's view for ``seat``: the engine's seat view in its JSON form (this hand's log)."""
    return engine_seat_view(game, seat).to_json()


def _public_table(game: Game, mode: str) -> dict[str, Any]:
    """The table as no seat sees it: the engine's open view (every hand face up, no move offered, nothing
    worked out from a hand), drawn from seat 1's side as the watch-a-game page draws it. A teacher's keeps
    every hand (``open_hands``); an onlooker's holds none."""
    view = open_view(game, 1).to_json()
    if mode != "teacher":
        del view["open_hands"]
        view.update(hand=[], mode="public")
    return view


def hand_start(game: Game) -> int:
    """Where this hand's log starts (the whole log of a long game is not sent at every move)."""
    starts = [i for i, event in enumerate(game.log) if event.code == "event-deal"]
    return starts[-1] if starts else 0
