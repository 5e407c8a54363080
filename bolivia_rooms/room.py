"""A room: one game at one table, its seats, and the one place where every move is checked.

A ``Room`` is a value: every change (a move, a seat handed to the computer, a person arriving or
leaving, a countdown) gives a new room with the next version, so the store can keep it with a
compare-and-set on the version and two changes at once can never both land. Nothing here does input
or output or reads a clock (times come in as arguments), and nothing here knows how messages travel
(that is ``service``); what a seat is shown is ``views``.

Who sits where is kept with the game, so every process serving the room agrees on it: a seat is
open (nobody has sat there), a person's (``holder`` names the connection their page holds it by, so
a reload or a second page replaces the first), away (their page closed, or their turn went idle: a
``deadline`` runs, after which the computer stands in for them), stood in for by the computer (until
they come back), or the computer's (the inviter gave it to the computer).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bolivia_core.actions import Action, parse_action
from bolivia_core.game import Game, GameFileError, IllegalActionError, new_game
from bolivia_core.i18n import render
from bolivia_core.players import PLAYERS
from bolivia_core.rules import PRESETS
from bolivia_core.seat import seat_view as table_seat_view
from bolivia_core.seeds import derived_seed, new_seed

from .tokens import new_room_id, new_token, token_digest, token_matches

__all__ = [
    "GRACE_SECONDS",
    "IDLE_SECONDS",
    "LEVELS",
    "WATCH_MODES",
    "Invite",
    "Room",
    "RoomKeys",
    "RoomRefusal",
    "RoomSettings",
    "Seat",
    "Watcher",
    "create_room",
]

IDLE_SECONDS = 60  # a person's turn left this long starts a countdown, after which the computer plays it
IDLE_LEAST, IDLE_MOST = 5, 3600
GRACE_SECONDS = 90  # a person whose page closed has this long to come back before the computer stands in
GRACE_LEAST, GRACE_MOST = 5, 3600
LEVELS = ("beginner", "club", "strong", "greedy", "random")  # the ones a seat may be given
WATCH_MODES = ("teacher", "onlooker")  # every hand open; only the public table
WATCHERS_AT_MOST = 8  # watch keys kept per room: a new one past this retires the oldest


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
    """What the person who invited chose: the game, which seats the computer plays and at what level,
    how long a turn may wait and how long a person who left may take to come back. The seed is a
    fresh secret one unless the inviter chose one (a learner's seed, to share a deal)."""

    rules: str = "bolivia"
    players: int = 4
    target: int | None = None
    seed: int = field(default_factory=new_seed)  # never sent to a seat
    levels: tuple[str, ...] = ()  # each seat's computer level, seat 1 first; "club" where not given
    computer_seats: tuple[int, ...] = ()  # seats the computer plays from the start
    idle_seconds: int = IDLE_SECONDS
    grace_seconds: int = GRACE_SECONDS

    def level_of(self, seat: int) -> str:
        return self.levels[seat - 1] if seat <= len(self.levels) else "club"

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules, "players": self.players, "target": self.target, "seed": self.seed,
            "levels": list(self.levels), "computer_seats": list(self.computer_seats),
            "idle_seconds": self.idle_seconds, "grace_seconds": self.grace_seconds,
        }  # fmt: skip

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RoomSettings:
        """Settings as kept (or as a checked message gives them); what is not given takes its default."""
        known = {name: data[name] for name in ("rules", "players", "target", "seed", "idle_seconds",
                                               "grace_seconds") if data.get(name) is not None}  # fmt: skip
        return cls(**known, levels=tuple(data.get("levels", ())), computer_seats=tuple(data.get("computer_seats", ())))

    def check(self) -> None:
        for level in self.levels:
            if level not in LEVELS:
                raise RoomRefusal("room-level-unknown", {"level": repr(level), "levels": ", ".join(LEVELS)})
        for seat in self.computer_seats:
            if type(seat) is not int or not 1 <= seat <= self.players:
                raise RoomRefusal("room-seat-number", {"seat": repr(seat), "players": self.players})
        _check_seconds("room-idle-seconds", self.idle_seconds, IDLE_LEAST, IDLE_MOST)
        _check_seconds("room-grace-seconds", self.grace_seconds, GRACE_LEAST, GRACE_MOST)


def _check_seconds(code: str, seconds: object, least: int, most: int) -> None:
    if type(seconds) is not int or not least <= seconds <= most:
        raise RoomRefusal(code, {"least": least, "most": most, "value": repr(seconds)})


def _field_problem(name: str, expected: str, value: object) -> str:
    shown = json.dumps(value)[:40] if isinstance(value, int | float | str | bool | type(None)) else type(value).__name__
    return render("room-malformed-field", {"field": name, "expected": expected, "value": shown})


@dataclass(frozen=True)
class Seat:
    """One seat: its link's key (as a digest), its computer level, and who plays it now."""

    number: int
    digest: str  # the seat link's key
    level: str
    computer: bool = False  # the inviter gave the seat to the computer
    claimed: bool = False  # a person has sat here: the class link offers it no more
    away: bool = False  # the computer stands in for its person until they come back
    joined: str = ""  # the key the class link gave the person who sat here by it (a digest): it opens the seat too
    holder: str = ""  # the connection whose page holds the seat now; "" when no page is open on it
    deadline: float | None = None  # when the computer stands in (a countdown at an idle turn, or a left page's grace)
    waiting: str = ""  # why the deadline runs: "idle" or "gone"

    @property
    def computer_plays(self) -> bool:
        return self.computer or self.away

    def state(self) -> str:
        """What the other seats are told: "open" (nobody sat here yet; the computer may play its turns
        meanwhile), "person", "away" (absent, or idle at a countdown, or stood in for) or "computer"."""
        if self.computer:
            return "computer"
        if not self.claimed:
            return "open"
        if self.away or self.deadline is not None or not self.holder:
            return "away"
        return "person"

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.number, "digest": self.digest, "level": self.level, "computer": self.computer,
                "claimed": self.claimed, "away": self.away, "joined": self.joined, "holder": self.holder,
                "deadline": self.deadline, "waiting": self.waiting}  # fmt: skip

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Seat:
        return cls(data["seat"], data["digest"], data["level"], data["computer"], data["claimed"], data["away"],
                   data.get("joined", ""), data.get("holder", ""), data.get("deadline"),
                   data.get("waiting", ""))  # fmt: skip


@dataclass(frozen=True)
class Watcher:
    """A watch link's key (as a digest) and what it shows: every hand ("teacher") or the public table."""

    digest: str
    mode: str


@dataclass(frozen=True)
class Invite:
    """The keys made with a room, shown once to the person who invited: theirs (to change the seats)
    and one per seat. Only their digests are kept."""

    room: str
    host: str
    seats: Mapping[int, str]
    join: str  # the class link's key: it seats a newcomer at the next open seat, and changes nothing else


@dataclass(frozen=True)
class RoomKeys:
    """Only what checks a key: a room's digests, read from its record without its game, so a wrong key
    costs a read and loads nothing."""

    seats: tuple[Seat, ...]
    host_digest: str
    join_digest: str
    watchers: tuple[Watcher, ...] = ()

    @classmethod
    def from_meta(cls, meta: Mapping[str, Any]) -> RoomKeys:
        return cls(tuple(Seat.from_dict(s) for s in meta["seats"]), meta["host"], meta["join"],
                   tuple(Watcher(w["digest"], w["mode"]) for w in meta.get("watchers", ())))  # fmt: skip

    def seat_of(self, token: object) -> int | None:
        """The seat whose key ``token`` is (its link's, or the one the class link gave), checking
        every key (no early way out)."""
        found = None
        for seat in self.seats:
            if token_matches(token, seat.digest) | token_matches(token, seat.joined or "-"):
                found = seat.number
        return found

    def watch_mode(self, token: object) -> str | None:
        found = None
        for watcher in self.watchers:
            if token_matches(token, watcher.digest):
                found = watcher.mode
        return found

    def check_join(self, token: object) -> None:
        if not token_matches(token, self.join_digest):
            raise RoomRefusal("room-token-forged")

    def check_host(self, token: object) -> None:
        if not token_matches(token, self.host_digest):
            raise RoomRefusal("room-host-forged")


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
    game_version: int = 0  # the version the game last changed at: a move seen at any later version still stands
    watchers: tuple[Watcher, ...] = ()

    # --- who is who ------------------------------------------------------------------

    @property
    def keys(self) -> RoomKeys:
        return RoomKeys(self.seats, self.host_digest, self.join_digest, self.watchers)

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

    def open_seat(self) -> int | None:
        """The first seat no person has claimed and the computer was not given: where a newcomer sits."""
        return next((s.number for s in self.seats if not s.claimed and not s.computer), None)

    # --- changes: each returns the room at the next version --------------------------

    def _with(self, *, game: Game | None = None, seats: tuple[Seat, ...] | None = None,
              settings: RoomSettings | None = None, watchers: tuple[Watcher, ...] | None = None) -> Room:  # fmt: skip
        version = self.version + 1
        return replace(self, game=game or self.game, seats=seats or self.seats, settings=settings or self.settings,
                       watchers=self.watchers if watchers is None else watchers, version=version,
                       game_version=version if game is not None else self.game_version)  # fmt: skip

    def _seat_changed(self, number: int, **changes: Any) -> tuple[Seat, ...]:
        return tuple(replace(s, **changes) if s.number == number else s for s in self.seats)

    def move(self, seat: int, version: int, text: str, holder: str = "") -> tuple[Room, Action]:
        """Seat ``seat`` plays ``text``, having seen the table at ``version``, from the page ``holder``.
        Checked here and only here: the page (one that another page replaced plays no more), the version
        (a move made on a game that has moved on since is refused; one made while only the seats changed
        stands), then the turn, then the engine, which refuses anything the rules do not allow and
        changes nothing. A person who moves is present: any countdown stops."""
        if holder and self.seats[seat - 1].holder not in (holder, ""):
            raise RoomRefusal("room-seat-taken-over", {"seat": seat})
        if not self.game_version <= version <= self.version:
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
        mover = self.seats[seat - 1]
        present = {"claimed": True, "away": False, "deadline": None, "waiting": ""}
        seats = None if mover.computer else self._seat_changed(seat, **present)
        return self._with(game=game, seats=seats), action

    def computer_choice(self) -> Action | None:
        """What the computer plays for the seat to move, when the computer plays it; else ``None``.
        It reads the seat's view (so it may think in another thread), and its choice is seeded from
        the room's seed (through the seed's stream: a choice tells nothing of the seed), the seat and
        the version, so a room resumed after a restart plays on exactly as it would have."""
        if not self.computer_to_move():
            return None
        seat = self.seats[(self.to_move or 0) - 1]
        seed = derived_seed(self.settings.seed, f"computer {seat.number} {self.version}")
        return PLAYERS[seat.level](seed).choose(table_seat_view(self.game, seat.number)).action

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
        self.keys.check_host(host)
        seat = self.seat(number)
        if not isinstance(computer, bool):
            raise RoomRefusal("room-malformed", {"problem": _field_problem("computer", "boolean", computer)})
        return self._with(seats=self._seat_changed(seat.number, computer=computer, away=False, deadline=None,
                                                   waiting=""))  # fmt: skip

    def set_level(self, host: object, number: object, level: object) -> Room:
        self.keys.check_host(host)
        seat = self.seat(number)
        if level not in LEVELS:
            raise RoomRefusal("room-level-unknown", {"level": repr(level), "levels": ", ".join(LEVELS)})
        return self._with(seats=self._seat_changed(seat.number, level=level))

    def set_idle(self, host: object, seconds: object) -> Room:
        self.keys.check_host(host)
        _check_seconds("room-idle-seconds", seconds, IDLE_LEAST, IDLE_MOST)
        assert isinstance(seconds, int)
        return self._with(settings=replace(self.settings, idle_seconds=seconds))

    def set_grace(self, host: object, seconds: object) -> Room:
        self.keys.check_host(host)
        _check_seconds("room-grace-seconds", seconds, GRACE_LEAST, GRACE_MOST)
        assert isinstance(seconds, int)
        return self._with(settings=replace(self.settings, grace_seconds=seconds))

    def add_watcher(self, host: object, mode: object, digest: str) -> Room:
        """A watch link for the person who invited: its key's digest kept with what it shows."""
        self.keys.check_host(host)
        if mode not in WATCH_MODES:
            raise RoomRefusal("room-watch-mode", {"mode": repr(mode), "modes": ", ".join(WATCH_MODES)})
        assert isinstance(mode, str)
        kept = (*self.watchers, Watcher(digest, mode))[-WATCHERS_AT_MOST:]
        return self._with(watchers=kept)

    def arrive(self, number: int, holder: str, joined: str = "") -> Room | None:
        """A person opened seat ``number`` (by its link, a reload, another page, or the class link):
        present at once, the seat theirs, any countdown or stand-in over; the page ``holder`` holds it."""
        seat = self.seats[number - 1]
        if seat.holder == holder and seat.claimed and not seat.away and seat.deadline is None and not joined:
            return None
        changes: dict[str, Any] = {"claimed": True, "away": False, "deadline": None, "waiting": "", "holder": holder}
        if joined:
            changes["joined"] = joined
        return self._with(seats=self._seat_changed(number, **changes))

    def leave(self, number: int, holder: str, deadline: float) -> Room | None:
        """The page ``holder`` closed (unless another page holds the seat since): the person is away,
        and the computer stands in at ``deadline`` unless they come back first."""
        seat = self.seats[number - 1]
        if seat.holder != holder:
            return None
        if seat.computer or seat.away or not seat.claimed:
            return self._with(seats=self._seat_changed(number, holder=""))
        return self._with(seats=self._seat_changed(number, holder="", deadline=deadline, waiting="gone"))

    def stay(self, number: int) -> Room | None:
        """The person says they are here ("stay" at a countdown, "back" after the computer stood in)."""
        seat = self.seats[number - 1]
        if seat.computer or (not seat.away and seat.deadline is None and seat.claimed):
            return None
        return self._with(seats=self._seat_changed(number, claimed=True, away=False, deadline=None, waiting=""))

    def count_down(self, number: int, deadline: float) -> Room | None:
        """Seat ``number``'s person let their turn go idle: the computer stands in at ``deadline``, unless
        they stay. Only a present person's own turn counts down."""
        seat = self.seats[number - 1]
        if self.to_move != number or seat.computer_plays or not seat.claimed or seat.deadline is not None:
            return None
        return self._with(seats=self._seat_changed(number, deadline=deadline, waiting="idle"))

    def stand_in(self, now: float) -> Room | None:
        """Every deadline that has passed by ``now``: the computer stands in for that seat's person."""
        due = [s.number for s in self.seats if s.deadline is not None and s.deadline <= now]
        if not due:
            return None
        seats = tuple(replace(s, away=True, deadline=None, waiting="") if s.number in due else s for s in self.seats)
        return self._with(seats=seats)

    def open_seat_idle(self, number: int) -> Room | None:
        """An open seat's turn waited the idle time with nobody there: the computer plays its turns
        until somebody sits down (the seat stays open to the class link)."""
        seat = self.seats[number - 1]
        if self.to_move != number or seat.claimed or seat.computer_plays:
            return None
        return self._with(seats=self._seat_changed(number, away=True))

    def join(self, holder: str, joined: str) -> tuple[Room, int] | None:
        """A newcomer with the class link sits at the first open seat, which the key ``joined`` (its
        digest) opens from now on; ``None`` when no seat is open."""
        seat = self.open_seat()
        if seat is None:
            return None
        after = self.arrive(seat, holder, joined)
        assert after is not None
        return after, seat

    # --- kept as data ------------------------------------------------------------------

    def meta(self) -> dict[str, Any]:
        """Everything but the game, as JSON-able data (the store keeps the game as its own JSON)."""
        return {
            "id": self.id,
            "settings": self.settings.to_dict(),
            "host": self.host_digest,
            "join": self.join_digest,
            "seats": [s.to_dict() for s in self.seats],
            "game_version": self.game_version,
            "watchers": [{"digest": w.digest, "mode": w.mode} for w in self.watchers],
        }

    @classmethod
    def from_stored(cls, meta: Mapping[str, Any], game_json: str, version: int) -> Room:
        """The room as the store keeps it; the game is replayed from its start (``Game.from_json``
        verifies every move), so its log is whole and a damaged record is refused."""
        keys = RoomKeys.from_meta(meta)
        return cls(meta["id"], RoomSettings.from_dict(meta["settings"]), keys.seats, keys.host_digest,
                   Game.from_json(game_json), keys.join_digest, version, meta.get("game_version", version),
                   keys.watchers)  # fmt: skip


def create_room(settings: RoomSettings, room_id: str | None = None, game: str | None = None) -> tuple[Room, Invite]:
    """Deal the game (or take the game in progress, ``game`` as saved, checked by replaying it) and make
    the keys: the host's and one per seat (the inviter sits at seat 1)."""
    if game is not None:
        try:
            played = Game.from_json(game)
        except (GameFileError, ValueError) as error:
            raise RoomRefusal("room-game-refused", {"problem": str(error)}) from None
        if played.is_over:
            raise RoomRefusal("room-game-refused", {"problem": render("room-game-over")})
        pos = played.position
        settings = replace(settings, rules=pos.rules.name, players=pos.players, target=pos.target, seed=pos.seed)
        if played.rules != PRESETS.get(pos.rules.name):
            raise RoomRefusal("room-game-refused", {"problem": render("room-game-rules", {"rules": pos.rules.name})})
    settings.check()
    if game is None:
        try:
            played = new_game(settings.rules, settings.players, settings.seed, settings.target)
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
    room = Room(room_id, settings, seats, token_digest(host), played, join_digest=token_digest(join))
    return room, Invite(room_id, host, keys, join)
