"""The room protocol's requests, as typed messages checked by ``msgspec`` against their schema.

A line is decoded straight into the one request its ``type`` names, with every field's type and size
checked on the way (a 5,000-digit number, 20,000 nested arrays, a lone UTF-16 surrogate, bytes that
are not UTF-8, a string where a number belongs, a field no request has): whatever is wrong comes back
as a ``RoomRefusal`` that names it, never as an exception from inside. What the fields mean (a seat
number in range, a level that exists) is the room's to check; here is only their shape.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

import msgspec

from bolivia_core.i18n import render

from .room import GRACE_SECONDS, IDLE_SECONDS, RoomRefusal

__all__ = ["PROTOCOL", "PROTOCOLS", "REQUESTS", "Request", "decode_request"]

PROTOCOL = 2  # what this service speaks; a hello naming another is refused
PROTOCOLS = (2,)
MAX_GAME = 512 * 1024  # a saved game brought into a room, as JSON text

Int = Annotated[int, msgspec.Meta(ge=-(2**53), le=2**53)]  # what a JavaScript number holds exactly
Name = Annotated[str, msgspec.Meta(max_length=64)]  # a room's name, a key, a level, a mode
Language = Annotated[str, msgspec.Meta(max_length=16)]
RequestId = Int | Annotated[str, msgspec.Meta(max_length=64)] | None


class Settings(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    rules: Name = "bolivia"
    players: Int = 4
    target: Int | None = None
    seed: int | None = None  # a learner's chosen seed (any size up to ~4,000 digits); none: a fresh secret one
    levels: Annotated[list[Name], msgspec.Meta(max_length=8)] = msgspec.field(default_factory=list)
    computer_seats: Annotated[list[Int], msgspec.Meta(max_length=8)] = msgspec.field(default_factory=list)
    idle_seconds: Int = IDLE_SECONDS
    grace_seconds: Int = GRACE_SECONDS

    def to_dict(self) -> dict[str, Any]:
        return {f: getattr(self, f) for f in self.__struct_fields__}


class Request(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, kw_only=True):
    id: RequestId = None


class Create(Request, tag="create"):
    protocol: Int
    settings: Settings = msgspec.field(default_factory=Settings)
    game: Annotated[str, msgspec.Meta(max_length=MAX_GAME)] | None = None  # the game in progress, as saved
    lang: Language = "en"


class Hello(Request, tag="hello"):
    protocol: Int
    room: Name
    token: Name  # the seat's key: its link's, or the one the class link gave
    seat: Int | None = None  # the seat the link names: a key for another seat is refused
    lang: Language = "en"
    take_over: bool = False  # accepted, no longer needed: the key proves who it is, and the newest page holds the seat


class Join(Request, tag="join"):
    protocol: Int
    room: Name
    key: Name  # the class link's key
    lang: Language = "en"


class Watch(Request, tag="watch"):
    protocol: Int
    room: Name
    key: Name  # a watch link's key
    lang: Language = "en"


class Move(Request, tag="move"):
    action: Annotated[str, msgspec.Meta(max_length=2000)]
    version: Int
    seat: Int | None = None


class Stay(Request, tag="stay"):
    pass


class Back(Request, tag="back"):  # the first protocol's name for "stay": still understood
    pass


class View(Request, tag="view"):
    pass


class SeatComputer(Request, tag="seat"):
    room: Name
    host: Name
    seat: Int
    computer: bool


class Level(Request, tag="level"):
    room: Name
    host: Name
    seat: Int
    level: Name


class Idle(Request, tag="idle"):
    room: Name
    host: Name
    seconds: Int


class Grace(Request, tag="grace"):
    room: Name
    host: Name
    seconds: Int


class WatchLink(Request, tag="watch_link"):
    room: Name
    host: Name
    mode: Name


Requests = (Create | Hello | Join | Watch | Move | Stay | Back | View | SeatComputer | Level | Idle | Grace
            | WatchLink)  # fmt: skip
REQUESTS = tuple(str(kind.__struct_config__.tag) for kind in Requests.__args__)
_DECODER = msgspec.json.Decoder(Requests)


class _Envelope(msgspec.Struct):
    """Only a request's ``id``, read again from a line its type refused, so the refusal can answer it."""

    id: RequestId = None


_ENVELOPE = msgspec.json.Decoder(_Envelope)

_AT = r"(?: - at `\$\.?(?P<field>[^`]*)`)?$"
_PATTERNS = (  # msgspec's own words, turned into the catalogue's codes and params
    (re.compile(r"Expected `(?P<expected>[^`]+)`, got `(?P<value>[^`]+)`" + _AT), "room-malformed-field"),
    (re.compile(r"Expected (?P<expected>.+?)" + _AT), "room-malformed-bounds"),
    (re.compile(r"Object missing required field `(?P<missing>[^`]+)`" + _AT), "room-malformed-missing"),
    (re.compile(r"Object contains unknown field `(?P<unknown>[^`]+)`" + _AT), "room-malformed-unknown"),
    (re.compile(r"Integer value out of range" + _AT), "room-malformed-range"),
    (re.compile(r"Invalid value (?P<value>.*?)" + _AT), "room-malformed-value"),
)


def decode_request(line: bytes) -> tuple[Request | None, RequestId, RoomRefusal | None]:
    """The request on ``line``, or a refusal naming what is wrong with it (and the line's ``id``,
    when one can be read, so the refusal answers it)."""
    try:
        return _DECODER.decode(line), None, None
    except msgspec.ValidationError as error:
        return None, _request_id(line), _refusal(str(error))
    except msgspec.DecodeError as error:
        return None, None, RoomRefusal("room-malformed", {"problem": render("room-malformed-decode",
                                                                            {"detail": str(error)})})  # fmt: skip
    except RecursionError:
        return None, None, RoomRefusal("room-malformed", {"problem": render("room-malformed-deep")})


def _request_id(line: bytes) -> RequestId:
    try:
        return _ENVELOPE.decode(line).id
    except (msgspec.ValidationError, msgspec.DecodeError, RecursionError):
        return None


def _refusal(said: str) -> RoomRefusal:
    for pattern, code in _PATTERNS:
        found = pattern.match(said)
        if found is None:
            continue
        field = found.group("field") or ""
        if code == "room-malformed-missing" and found.group("missing") == "protocol":
            return RoomRefusal("room-protocol", {"given": "-", "known": ", ".join(map(str, PROTOCOLS))})
        if field == "type" or (code == "room-malformed-missing" and found.group("missing") == "type"):
            return RoomRefusal("room-malformed", {"problem": render("room-malformed-type", {
                "value": found.groupdict().get("value") or "-", "types": ", ".join(REQUESTS)})})  # fmt: skip
        params = {k: v for k, v in found.groupdict().items() if v is not None} | {"field": field or "-"}
        if "missing" in params:
            params["field"] = ".".join(filter(None, (field, params.pop("missing"))))
        if "unknown" in params:
            params["field"] = ".".join(filter(None, (field, params.pop("unknown"))))
        return RoomRefusal("room-malformed", {"problem": render(code, params)})
    return RoomRefusal("room-malformed", {"problem": said})
