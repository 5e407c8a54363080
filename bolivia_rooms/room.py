"""A room: one game at one table, its seats, and the one place where every move is checked.

A ``Room`` is a value: every change (a move, a seat handed to the computer, a person gone idle)
gives a new room with the next version, so the store can keep it with a compare-and-set on the
version and two moves at once can never both land. Nothing here does input or output, and
nothing here knows how messages travel (that is ``service``); what a seat is shown is
``seat_view`` alone.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bolivia_core.actions import Action, parse_action
from bolivia_core.game import Game, IllegalActionError, new_game
from bolivia_core.i18n import render
from bolivia_core.players import PLAYERS
from bolivia_core.seat import seat_view as table_seat_view
from bolivia_core.seeds import new_seed

from .tokens import new_room_id, new_token, token_digest, token_matches

__all__ = [
    "IDLE_SECONDS",
    "LEVELS",
    "Invite",
    "Room",
    "RoomRefusal",
    "RoomSettings",
    "Seat",
    "create_room",
    "seat_view",
]

IDLE_SECONDS = 60  # a person's turn left this long is played by the seat's computer level
IDLE_LEAST, IDLE_MOST = 5, 3600
LEVELS = ("beginner", "club", "strong", "greedy", "random")  # the ones a seat may be given


class RoomRefusal(ValueError):
    """A request the room refuses; it changed nothing. ``code`` and ``params`` are catalogue data."""

    def __init__(self, code: str, params: Mapping[str, Any] | None = None, reasons: Sequence[Any] = ()) -> None:
        self.code = code
        self.params = dict(params or {})
        self.reasons = tuple(reasons)  # the engine's reasons, when the engine refused a move
        super().__init__(render(code, self.params))

    def text(self, language: str | None = None) -> str:
        return render(self.code, self.params, language)

    def to_dict(self, language: str | None = None) -> dict[str, Any]:
        return {
            "code": self.code,
            "params": {k: _plain(v) for k, v in self.params.items() if k != "reasons"},
            "text": self.text(language),
            "reasons": [r.to_dict() | {"text": r.text(language)} for r in self.reasons],
        }


def _plain(value: Any) -> Any:
    return value if isinstance(value, int | float | str | bool | type(None)) else str(value)


@dataclass(frozen=True)
class RoomSettings:
    """What the person who invited chose: the game, which seats the computer plays and at what level."""

    rules: str = "bolivia"
    players: int = 4
    target: int | None = None
    seed: int = field(default_factory=new_seed)  # a fresh secret deal; never sent to a seat before the end
    levels: tuple[str, ...] = ()  # each seat's computer level, seat 1 first; "club" where not given
    computer_seats: tuple[int, ...] = ()  # seats the computer plays from the start
    idle_seconds: int = IDLE_SECONDS

    def level_of(self, seat: int) -> str:
        return self.levels[seat - 1] if seat <= len(self.levels) else "club"

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules, "players": self.players, "target": self.target, "seed": self.seed,
            "levels": list(self.levels), "computer_seats": list(self.computer_seats),
            "idle_seconds": self.idle_seconds,
        }  # fmt: skip

    @classmethod
    def from_dict(cls, data: object) -> RoomSettings:
        """Settings from a message; anything of the wrong kind is refused naming the field."""
        if not isinstance(data, dict):
            raise RoomRefusal("room-malformed", {"problem": _field_problem("settings", "object", data)})
        known: dict[str, tuple[type, ...]] = {
            "rules": (str,), "players": (int,), "target": (int, type(None)), "seed": (int,), "idle_seconds": (int,),
        }  # fmt: skip
        for name, kinds in known.items():
            if name in data and (isinstance(data[name], bool) or not isinstance(data[name], kinds)):
                expected = "string" if kinds == (str,) else "integer"  # JSON's own words: they stay as typed
                problem = _field_problem(f"settings.{name}", expected, data[name])
                raise RoomRefusal("room-malformed", {"problem": problem})
        for name in ("levels", "computer_seats"):
            value = data.get(name, [])
            if not isinstance(value, list):
                raise RoomRefusal("room-malformed", {"problem": _field_problem(f"settings.{name}", "array", value)})
        settings = cls(
            rules=data.get("rules", "bolivia"), players=data.get("players", 4), target=data.get("target"),
            seed=data.get("seed", new_seed()), levels=tuple(data.get("levels", [])),
            computer_seats=tuple(data.get("computer_seats", [])), idle_seconds=data.get("idle_seconds", IDLE_SECONDS),
        )  # fmt: skip
        settings.check()
        return settings

    def check(self) -> None:
        for level in self.levels:
            if level not in LEVELS:
                raise RoomRefusal("room-level-unknown", {"level": repr(level), "levels": ", ".join(LEVELS)})
        for seat in self.computer_seats:
            if type(seat) is not int or not 1 <= seat <= self.players:
                raise RoomRefusal("room-seat-number", {"seat": repr(seat), "players": self.players})
        _check_idle(self.idle_seconds)


def _check_idle(seconds: object) -> None:
    if type(seconds) is not int or not IDLE_LEAST <= seconds <= IDLE_MOST:
        raise RoomRefusal("room-idle-seconds", {"least": IDLE_LEAST, "most": IDLE_MOST, "value": repr(seconds)})


def _field_problem(name: str, expected: str, value: object) -> str:
    shown = json.dumps(value)[:40] if _jsonable(value) else type(value).__name__
    return render("room-malformed-field", {"field": name, "expected": expected, "value": shown})


def _jsonable(value: object) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


@dataclass(frozen=True)
class Seat:
    """One seat: the digest of its key, whether the computer plays it, at what level, and whether a
    person has claimed it (opened its link) or is away (their turn went idle)."""

    number: int
    digest: str
    level: str
    computer: bool = False
    claimed: bool = False
    away: bool = False

    @property
    def computer_plays(self) -> bool:
        return self.computer or self.away

    def state(self) -> str:
        """What the table says of this seat: person, open, computer or away."""
        if self.computer:
            return "computer"
        if self.away:
            return "away"
        return "person" if self.claimed else "open"


@dataclass(frozen=True)
class Invite:
    """The keys made with a room, shown once to the person who invited: theirs (to change the seats)
    and one per seat. Only their digests are kept."""

    room: str
    host: str
    seats: Mapping[int, str]
    join: str  # the class link's key: it seats a newcomer at the next open seat, and changes nothing else


@dataclass(frozen=True)
class Room:
    """A room at one version. ``game`` is never changed in place: each change clones it."""

    id: str
    settings: RoomSettings
    seats: tuple[Seat, ...]
    host_digest: str
    game: Game = field(compare=False)
    join_digest: str = ""
    version: int = 0

    # --- who is who ------------------------------------------------------------------

    def seat_of(self, token: object) -> int | None:
        """The seat whose key ``token`` is, checking every seat (no early way out)."""
        found = None
        for seat in self.seats:
            if token_matches(token, seat.digest):
                found = seat.number
        return found

    def check_join(self, token: object) -> None:
        if not token_matches(token, self.join_digest):
            raise RoomRefusal("room-token-forged")

    def check_host(self, token: object) -> None:
        if not token_matches(token, self.host_digest):
            raise RoomRefusal("room-host-forged")

    def seat(self, number: object) -> Seat:
        if type(number) is not int or not 1 <= number <= len(self.seats):
            raise RoomRefusal("room-seat-number", {"seat": repr(number), "players": len(self.seats)})
        return self.seats[number - 1]

    @property
    def to_move(self) -> int | None:
        """The seat that acts now (the partner, while a question waits); ``None`` once the game is over."""
        return None if self.game.is_over else self.game.to_move

    def computer_to_move(self) -> bool:
        seat = self.to_move
        return seat is not None and self.seats[seat - 1].computer_plays

    # --- changes: each returns the room at the next version --------------------------

    def _with(self, *, game: Game | None = None, seats: tuple[Seat, ...] | None = None,
              settings: RoomSettings | None = None) -> Room:  # fmt: skip
        return replace(self, game=game or self.game, seats=seats or self.seats,
                       settings=settings or self.settings, version=self.version + 1)  # fmt: skip

    def _seat_changed(self, number: int, **changes: Any) -> tuple[Seat, ...]:
        return tuple(replace(s, **changes) if s.number == number else s for s in self.seats)

    def move(self, seat: int, version: object, text: object) -> tuple[Room, Action]:
        """Seat ``seat`` plays ``text``, having seen the table at ``version``. Checked here and only
        here: the version first (an old move sent again finds the table moved on), then the turn,
        then the engine, which refuses anything the rules do not allow and changes nothing."""
        if type(version) is not int:
            raise RoomRefusal("room-malformed", {"problem": _field_problem("version", "integer", version)})
        if not isinstance(text, str):
            raise RoomRefusal("room-malformed", {"problem": _field_problem("action", "string", text)})
        if version != self.version:
            raise RoomRefusal("room-table-changed", {"sent": version, "now": self.version})
        if self.to_move != seat:
            raise RoomRefusal("room-not-your-turn", {"turn": self.to_move or "-"})
        try:
            action = parse_action(text)
        except ValueError as error:
            raise RoomRefusal("room-malformed", {"problem": str(error)}) from None
        game = self.game.clone()
        try:
            game.apply(action)
        except IllegalActionError as error:
            params = {"action": action, "reasons": error.reasons}
            raise RoomRefusal("action-not-allowed", params, error.reasons) from None
        seats = self._seat_changed(seat, claimed=True, away=False) if not self.seats[seat - 1].computer else None
        return self._with(game=game, seats=seats), action

    def computer_choice(self) -> Action | None:
        """What the computer plays for the seat to move, when the computer plays it; else ``None``.
        It reads a copy of the game (so it may think in another thread), and its choice is seeded by
        the room's seed, the seat and the version, so a room resumed after a restart plays on
        exactly as it would have."""
        if not self.computer_to_move():
            return None
        seat = self.seats[(self.to_move or 0) - 1]
        seed = zlib.crc32(f"{self.settings.seed}:{seat.number}:{self.version}".encode())
        return PLAYERS[seat.level](seed).choose(self.game.clone()).action

    def computer_move(self, action: Action | None = None) -> tuple[Room, Action] | None:
        """The computer's move (``action``, chosen already, or its choice now) for the seat to move."""
        if not self.computer_to_move():
            return None
        action = action or self.computer_choice()
        assert action is not None
        game = self.game.clone()
        game.apply(action)  # the engine checks it as it checks a person's
        return self._with(game=game), action

    def set_computer(self, host: object, number: object, computer: object) -> Room:
        """The person who invited hands a seat to the computer, or takes it back for a person."""
        self.check_host(host)
        seat = self.seat(number)
        if not isinstance(computer, bool):
            raise RoomRefusal("room-malformed", {"problem": _field_problem("computer", "boolean", computer)})
        return self._with(seats=self._seat_changed(seat.number, computer=computer, away=False))

    def set_level(self, host: object, number: object, level: object) -> Room:
        self.check_host(host)
        seat = self.seat(number)
        if level not in LEVELS:
            raise RoomRefusal("room-level-unknown", {"level": repr(level), "levels": ", ".join(LEVELS)})
        return self._with(seats=self._seat_changed(seat.number, level=level))

    def set_idle(self, host: object, seconds: object) -> Room:
        self.check_host(host)
        _check_idle(seconds)
        assert isinstance(seconds, int)
        return self._with(settings=replace(self.settings, idle_seconds=seconds))

    def claim(self, number: int) -> Room | None:
        """A person opened seat ``number``'s link (or came back): the seat is theirs again."""
        seat = self.seats[number - 1]
        if seat.claimed and not seat.away:
            return None
        return self._with(seats=self._seat_changed(number, claimed=True, away=False))

    def went_idle(self, number: int) -> Room | None:
        """Seat ``number`` let its turn go idle: its computer level plays it until its person returns."""
        seat = self.seats[number - 1]
        if seat.computer_plays or self.to_move != number:
            return None
        return self._with(seats=self._seat_changed(number, away=True))

    def open_seat(self) -> int | None:
        """The first seat no person has claimed and the computer was not given: where a newcomer sits."""
        return next((s.number for s in self.seats if not s.claimed and not s.computer), None)

    # --- kept as data ------------------------------------------------------------------

    def meta(self) -> dict[str, Any]:
        """Everything but the game, as JSON-able data (the store keeps the game as its own JSON)."""
        return {
            "id": self.id,
            "settings": self.settings.to_dict(),
            "host": self.host_digest,
            "join": self.join_digest,
            "seats": [
                {"seat": s.number, "digest": s.digest, "level": s.level, "computer": s.computer,
                 "claimed": s.claimed, "away": s.away}
                for s in self.seats
            ],
        }  # fmt: skip

    @classmethod
    def from_stored(cls, meta: Mapping[str, Any], game_json: str, version: int) -> Room:
        """The room as the store keeps it; the game is replayed from its start (``Game.from_json``
        verifies every move), so its log is whole and a damaged record is refused."""
        settings_data = dict(meta["settings"])
        settings = RoomSettings(
            rules=settings_data["rules"], players=settings_data["players"], target=settings_data["target"],
            seed=settings_data["seed"], levels=tuple(settings_data["levels"]),
            computer_seats=tuple(settings_data["computer_seats"]), idle_seconds=settings_data["idle_seconds"],
        )  # fmt: skip
        seats = tuple(
            Seat(s["seat"], s["digest"], s["level"], s["computer"], s["claimed"], s["away"]) for s in meta["seats"]
        )
        return cls(meta["id"], settings, seats, meta["host"], Game.from_json(game_json), meta["join"], version)


def create_room(settings: RoomSettings, room_id: str | None = None) -> tuple[Room, Invite]:
    """Deal the game and make the keys: the host's and one per seat (the inviter sits at seat 1)."""
    settings.check()
    try:
        game = new_game(settings.rules, settings.players, settings.seed, settings.target)
    except ValueError as error:
        raise RoomRefusal("room-settings", {"problem": str(error)}) from None
    room_id = room_id or new_room_id()
    host = new_token()
    keys = {n: new_token() for n in range(1, settings.players + 1)}
    seats = tuple(
        Seat(n, token_digest(keys[n]), settings.level_of(n), computer=n in settings.computer_seats)
        for n in range(1, settings.players + 1)
    )
    join = new_token()
    room = Room(room_id, settings, seats, token_digest(host), game, join_digest=token_digest(join))
    return room, Invite(room_id, host, keys, join)


# --- what one seat is shown ------------------------------------------------------------


def seat_view(room: Room, seat: int, language: str | None = None) -> dict[str, Any]:
    """Everything seat ``seat`` is sent: the card table's own view for that seat (``bolivia_core.seat``:
    its own hand, the others' card counts, the public table, this hand's part of the public log), so a
    seat page draws exactly what the solo table draws; its legal moves when it is to act, who sits
    where, and this hand's log in words. The one function that decides what leaves the room for a seat."""
    game = room.game
    to_move = room.to_move
    actions = [str(a) for a in game.legal_actions()] if to_move == seat else []
    start = _hand_start(game)
    asked = game.position.asker if game.phase == "answer" else None
    return {
        "room": room.id,
        "seat": seat,
        "version": room.version,
        "turn": to_move,
        "phase": game.phase,
        "over": game.is_over,
        "table": table_seat_view(game, seat).to_json(),
        "actions": actions,
        "asked_by": asked or None,
        "seats": [
            {"seat": s.number, "state": s.state(), "level": s.level,
             "text": render(f"room-seat-{s.state()}", {"seat": s.number, "level": s.level}, language)}
            for s in room.seats
        ],
        "log": [event.text(language) for event in game.log[start:]],
    }


def _hand_start(game: Game) -> int:
    """Where this hand's log starts (the whole log of a long game is not sent at every move)."""
    starts = [i for i, event in enumerate(game.log) if event.code == "event-deal"]
    return starts[-1] if starts else 0
