"""The rooms where people play together (bolivia_rooms), through the real service and its protocol.

Every room test runs on both stores: SQLite in a temporary data folder, and a real ``redis-server``
started here on a free loopback port. Each seat is a real socket client, as a page's kernel is.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from bolivia_core.game import Game
from bolivia_core.seat import seat_view
from bolivia_rooms.client import RoomClient
from bolivia_rooms.room import RoomSettings, create_room
from bolivia_rooms.service import ServiceThread
from bolivia_rooms.store import MoveRecord, RedisStore, SQLiteStore, Store
from bolivia_rooms.tokens import TOKEN_BYTES, new_token, token_digest, token_matches

REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"
CARD = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b|\bJK\b")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """A real redis-server on a free loopback port, for this test session only (nothing saved to disk)."""
    if not os.path.exists(REDIS_SERVER):
        if os.environ.get("CI"):
            pytest.fail("the Redis store tests need Debian's redis-server (scripts/test.sh installs it)")
        pytest.skip("redis-server is not installed (scripts/test.sh installs it, as root)")
    port = _free_port()
    server = subprocess.Popen(
        [REDIS_SERVER, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2) as probe:
                    probe.sendall(b"PING\r\n")
                    if probe.recv(16).startswith(b"+PONG"):
                        break
            except OSError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                raise RuntimeError("redis-server did not start")
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.terminate()
        server.wait(10)


@pytest.fixture(params=["sqlite", "redis"])
def stores(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[Callable[[], Store]]:
    """Makes stores over the same kept rooms (a new one is what a restarted or second process opens)."""
    opened: list[Store] = []
    if request.param == "sqlite":
        def make() -> Store:
            opened.append(SQLiteStore(tmp_path / "data"))
            return opened[-1]
    else:
        url = request.getfixturevalue("redis_url")
        prefix = f"test:{request.node.name}:{random.random()}"

        def make() -> Store:
            opened.append(RedisStore(url, prefix=prefix))
            return opened[-1]
    yield make
    for store in opened:
        store.close()


@pytest.fixture
def service(stores: Callable[[], Store]) -> Iterator[ServiceThread]:
    with ServiceThread(stores(), computer_delay=0) as running:
        yield running


@pytest.fixture
def clients() -> Iterator[Callable[..., RoomClient]]:
    made: list[RoomClient] = []

    def connect(service: ServiceThread | _Listening, **options: Any) -> RoomClient:
        made.append(RoomClient(service.address, timeout=30, **options))  # a busy machine may take a while
        return made[-1]

    yield connect
    for client in made:
        client.close()


def _room(client: RoomClient, **settings: Any) -> dict[str, Any]:
    made = client.create({"players": 4, "seed": 7, **settings})
    assert made["type"] == "created", made
    return made


def _kept(service: ServiceThread, room: str) -> tuple[int, str, str, list[MoveRecord]]:
    store = service.service.store
    stored = store.load(room)
    assert stored is not None
    return stored.version, stored.game, json.dumps(stored.meta, sort_keys=True), store.moves(room)


# --- keys -----------------------------------------------------------------------------


def test_a_seat_key_has_at_least_128_random_bits_and_only_the_whole_key_matches() -> None:
    keys = {new_token() for _ in range(200)}
    assert len(keys) == 200
    assert TOKEN_BYTES * 8 >= 128 and all(len(k) >= 22 for k in keys)  # 22 URL-safe characters carry 128 bits
    key = next(iter(keys))
    digest = token_digest(key)
    assert token_matches(key, digest)
    assert not token_matches(key[:-1], digest) and not token_matches(key + "A", digest)
    assert not token_matches(None, digest) and not token_matches(123, digest) and not token_matches("", digest)


# --- what one seat receives -------------------------------------------------------------


def _cards(text: str) -> Counter[str]:
    return Counter(CARD.findall(text))


def _public(game: Game) -> Counter[str]:
    zones = game.zones()
    seen: Counter[str] = Counter()
    for name, cards in zones.items():
        if not name.startswith(("hand", "stock")):
            seen.update(str(c) for c in cards)
    return seen


def _shown_so_far(game: Game, per_hand: bool = False) -> list[Counter[str]]:
    """After each action of ``game`` (from its start), every card shown on the table so far, counting
    each time a card came into view (a 3S discarded, taken with the pile, and another 3S discarded later
    are two 3S seen, though the table never showed both at once). ``per_hand``: from each deal afresh."""
    shown: list[Counter[str]] = []
    seen: Counter[str] = Counter()
    before: Counter[str] = Counter()
    hand_number = 0
    for state in game.replay():  # one game, yielded as it goes on
        if per_hand and state.position.hand_number != hand_number:
            hand_number, seen, before = state.position.hand_number, Counter(), Counter()
        now = _public(state)
        seen += now - before  # the cards that came into view with this action
        before = now
        shown.append(seen.copy())
    return shown


def _leaks(message: Any, allowed: Counter[str], where: str = "") -> list[str]:
    """Every string, and every list of card strings, in ``message`` that names more of a card than
    the seat may know of (its hand and every card shown on the table so far)."""
    found: list[str] = []
    if isinstance(message, str):
        if _cards(message) - allowed:
            found.append(f"{where}: {message!r} names {dict(_cards(message) - allowed)}")
    elif isinstance(message, dict):
        for key, value in message.items():
            found += _leaks(value, allowed, f"{where}.{key}")
    elif isinstance(message, list):
        together: Counter[str] = Counter()
        for index, value in enumerate(message):
            found += _leaks(value, allowed, f"{where}[{index}]")
            if isinstance(value, str) and CARD.fullmatch(value.strip()):
                together[value.strip()] += 1
        if together - allowed:
            found.append(f"{where}: the list names {dict(together - allowed)}")
    return found


def _play_seat_one(client: RoomClient, seed: int, until: Callable[[dict[str, Any]], bool]) -> None:
    """Seat 1's person: a seeded choice among the moves offered, preferring melds, until ``until``."""
    rng = random.Random(seed)
    while True:
        view = client.wait_view(lambda v: bool(v["actions"]) or until(v))
        if until(view):
            return
        actions = view["actions"]
        lays = [a for a in actions if a.startswith(("meld", "add"))]
        choice = rng.choice(lays) if lays and rng.random() < 0.7 else rng.choice(actions)
        answer = client.move(choice, view["version"])
        assert answer["type"] == "moved", answer


def test_a_seat_is_sent_no_hidden_card_of_another_seat_over_a_whole_game(
    service: ServiceThread, clients: Callable[..., RoomClient]
) -> None:
    host = clients(service)
    made = _room(host, computer_seats=[2, 3, 4], levels=["club"] * 4, target=200)
    seat_one = clients(service, record=True)
    assert seat_one.sit(made["room"], made["seats"]["1"])["type"] == "seated"
    _play_seat_one(seat_one, 7, lambda v: v["over"])
    _check_no_leak(service, made["room"], seat_one.lines or [])


def _check_no_leak(service: ServiceThread, room: str, lines: list[bytes]) -> None:
    """Every line seat 1 received, checked against the table at its version: its own hand and the
    cards shown on the table so far, and nothing more."""
    time.sleep(0.05)
    store = service.service.store
    stored = store.load(room)
    assert stored is not None
    game = Game.from_json(stored.game)
    versions = [m.version for m in store.moves(room)]
    assert len(versions) == len(game.history) > 20
    shown = _shown_so_far(game)  # a card once shown on the table stays known
    hands = [Counter(str(c) for c in state.position.hands[0]) for state in game.replay()]  # seat 1's, after each
    assert len(lines) > 20
    views = 0
    for line in lines:
        message = json.loads(line)
        version = message.get("version")
        at = sum(1 for v in versions if v <= version) if isinstance(version, int) else len(hands) - 1
        allowed = hands[at] + shown[at]
        assert not _leaks(message, allowed), _leaks(message, allowed)[:3]
        if message["type"] == "view":
            views += 1
            assert message["seat"] == 1
            assert _cards(" ".join(message["table"]["hand"])) == hands[at]
    assert views > 20


# --- refusals: each says what was wrong and changes nothing --------------------------------


def test_every_refusal_names_what_was_wrong_and_changes_nothing(
    service: ServiceThread, clients: Callable[..., RoomClient]
) -> None:
    host = clients(service)
    made = _room(host)  # four people: nobody moves but them
    room, keys = made["room"], made["seats"]
    first, second = clients(service), clients(service)
    assert first.sit(room, keys["1"])["type"] == "seated"
    assert second.sit(room, keys["2"])["type"] == "seated"
    view = first.wait_view(lambda v: v["seat"] == 1 and v["version"] == 2)
    assert view["turn"] == 1 or view["turn"] == 2
    mover, waiter = (first, second) if view["turn"] == 1 else (second, first)
    version = view["version"]
    before = _kept(service, room)

    def refused(client: RoomClient, message: dict[str, Any] | bytes, code: str) -> dict[str, Any]:
        if isinstance(message, bytes):
            client.socket.sendall(message)
            answer = client.received.get(timeout=10)
        else:
            answer = client.request(message)
        assert answer["type"] == "refused" and answer["code"] == code, answer
        assert answer["text"] and "{" not in answer["text"]
        assert _kept(service, room) == before
        return answer

    stranger = clients(service)
    hello = {"type": "hello", "protocol": 2, "room": room}
    refused(stranger, {**hello, "token": new_token()}, "room-token-forged")
    refused(stranger, {**hello, "token": keys["3"][:-3]}, "room-token-forged")
    refused(stranger, {**hello, "token": keys["3"], "seat": 2}, "room-token-forged")  # a link naming another seat
    refused(stranger, {**hello, "token": 12}, "room-malformed")
    assert "nope" in refused(stranger, {**hello, "room": "nope", "token": keys["3"]}, "room-unknown")["text"]
    refused(stranger, {**hello, "protocol": 1, "token": keys["3"]}, "room-protocol")
    refused(stranger, {"type": "move", "action": "draw", "version": version}, "room-not-seated")
    refused(stranger, b"this is not json\n", "room-malformed")
    refused(stranger, b"[1, 2]\n", "room-malformed")
    assert "shout" in refused(stranger, {"type": "shout"}, "room-malformed")["text"]
    refused(stranger, {**hello, "room": ["x"], "token": keys["3"]}, "room-malformed")
    create = {"type": "create", "protocol": 2}
    refused(stranger, {**create, "settings": {"players": "four"}}, "room-malformed")
    refused(stranger, {**create, "settings": {"players": 9}}, "room-settings")
    refused(stranger, {**create, "settings": {"levels": ["genius"]}}, "room-level-unknown")
    other = 2 if mover is first else 1
    refused(mover, {"type": "move", "action": "draw", "version": version, "seat": other}, "room-not-your-seat")
    refused(waiter, {"type": "move", "action": "draw", "version": version}, "room-not-your-turn")
    refused(mover, {"type": "move", "action": "draw", "version": "3"}, "room-malformed")
    refused(mover, {"type": "move", "action": ["draw"], "version": version}, "room-malformed")
    refused(mover, {"type": "move", "action": "fly away", "version": version}, "room-malformed")
    refused(mover, {"type": "move", "action": "discard 5H", "version": version}, "action-not-allowed")
    refused(mover, {"type": "move", "action": "draw", "version": version + 5}, "room-table-changed")  # not seen yet
    refused(host, {"type": "seat", "room": room, "host": keys["1"], "seat": 3, "computer": True}, "room-host-forged")
    refused(host, {"type": "seat", "room": room, "host": made["host"], "seat": 5, "computer": True}, "room-seat-number")
    refused(host, {"type": "idle", "room": room, "host": made["host"], "seconds": 1}, "room-idle-seconds")
    refused(host, {"type": "level", "room": room, "host": made["host"], "seat": 3, "level": "x"}, "room-level-unknown")
    # the same move twice: the first lands, the second (an old move sent again) is refused
    assert mover.move("draw", version)["type"] == "moved"
    again = mover.request({"type": "move", "action": "draw", "version": version})
    assert again["code"] == "room-table-changed" and again["params"] == {"sent": version, "now": version + 1}
    assert _kept(service, room)[0] == version + 1 and len(_kept(service, room)[3]) == 1


def test_a_refusal_is_said_in_the_seats_language(service: ServiceThread, clients: Callable[..., RoomClient]) -> None:
    host = clients(service)
    made = _room(host)
    swede = clients(service)
    assert swede.sit(made["room"], made["seats"]["2"], lang="sv")["type"] == "seated"
    view = swede.wait_view(lambda v: True)
    english = host.sit("nope", "x")["text"]
    answer = swede.request({"type": "move", "action": "draw", "version": view["version"] + 5})
    assert answer["code"] == "room-table-changed"
    assert answer["text"] != "the table changed; look again: your move was for move {sent}, the table is at move {now}"
    assert "table" not in answer["text"] and english.startswith("there is no room")


def test_a_full_room_refuses_a_newcomer(service: ServiceThread, clients: Callable[..., RoomClient]) -> None:
    host = clients(service)
    made = _room(host, players=2, computer_seats=[])
    seated = [clients(service) for _ in range(2)]
    assert seated[0].join(made["room"], made["host"])["code"] == "room-token-forged"
    for n, client in enumerate(seated, start=1):
        answer = client.join(made["room"], made["join"])
        assert answer == {"type": "seated", "re": answer["re"], "room": made["room"], "seat": n, "key": answer["key"]}
        assert answer["key"] not in made["seats"].values()  # a key of its own, to come back to the seat by
    late = clients(service)
    before = _kept(service, made["room"])
    answer = late.join(made["room"], made["join"])
    assert answer["code"] == "room-full" and _kept(service, made["room"]) == before


def test_a_seat_opened_again_is_the_same_person_and_the_page_before_is_told(
    service: ServiceThread, clients: Callable[..., RoomClient]
) -> None:
    """The key proves who it is: a reload (or another page with the same key) sits at once, silently;
    the page that held the seat is told so, may take it back, and the seat's person was never away."""
    host = clients(service)
    made = _room(host)
    first, second = clients(service), clients(service)
    assert first.sit(made["room"], made["seats"]["3"])["type"] == "seated"
    assert second.sit(made["room"], made["seats"]["3"])["type"] == "seated"
    told = first.received.get(timeout=5)
    assert told["code"] == "room-seat-taken-over" and told["may_take_over"] is True and told["re"] is None
    assert first.request({"type": "view"})["code"] == "room-not-seated"
    view = second.wait_view(lambda v: v["seat"] == 3)
    assert view["seats"][2]["state"] == "person"
    assert first.sit(made["room"], made["seats"]["3"])["type"] == "seated"  # taken back
    assert second.received.get(timeout=5)["code"] == "room-seat-taken-over"
    first.wait_view(lambda v: v["seats"][2]["state"] == "person")


# --- live: turns, computers, idle seats, the inviter's controls -----------------------------


def test_a_move_reaches_every_other_seat_and_all_see_whose_turn(
    service: ServiceThread, clients: Callable[..., RoomClient]
) -> None:
    host = clients(service)
    made = _room(host)
    seats = {n: clients(service) for n in range(1, 5)}
    for n, client in seats.items():
        client.sit(made["room"], made["seats"][str(n)])
    view = seats[1].wait_view(lambda v: v["version"] == 4)
    mover = view["turn"]
    assert seats[mover].move("draw", 4)["type"] == "moved"
    for n, client in seats.items():
        seen = client.wait_view(lambda v: v["version"] == 5)
        held = [s["cards"] for s in seen["table"]["seats"]]
        assert seen["turn"] == mover and held == [s["cards"] for s in seats[1].view["table"]["seats"]]  # type: ignore[index]
        assert bool(seen["actions"]) == (n == mover)


def test_the_inviter_hands_a_seat_to_the_computer_and_takes_it_back(
    service: ServiceThread, clients: Callable[..., RoomClient]
) -> None:
    host = clients(service)
    made = _room(host, players=2)
    one = clients(service)
    one.sit(made["room"], made["seats"]["1"])
    view = one.wait_view(lambda v: True)
    assert [s["state"] for s in view["seats"]] == ["person", "open"]
    hand_over = {"type": "seat", "room": made["room"], "host": made["host"], "seat": 2, "computer": True}
    assert host.request(hand_over)["type"] == "done"
    view = one.wait_view(lambda v: v["seats"][1]["state"] == "computer" and v["turn"] == 1)
    assert "the computer (club)" in view["seats"][1]["text"]
    assert host.request({**hand_over, "computer": False})["type"] == "done"
    view = one.wait_view(lambda v: v["seats"][1]["state"] == "open")
    while view["turn"] == 1:  # seat 1 draws and discards: the turn passes to seat 2, which waits for a person
        discards = [a for a in view["actions"] if a.startswith("discard")]
        assert one.move((discards or view["actions"])[0], view["version"])["type"] == "moved"
        view = one.view  # type: ignore[assignment]
    later = one.wait_view(lambda v: v["turn"] == 2 and not v["actions"])
    time.sleep(0.2)
    assert one.view["version"] == later["version"]  # type: ignore[index]


def test_an_idle_seat_is_played_by_its_level_until_its_person_returns(
    stores: Callable[[], Store], clients: Callable[..., RoomClient]
) -> None:
    with ServiceThread(stores(), computer_delay=0, idle_scale=0.01) as service:  # 5 s idle time: 0.05 s here
        host = clients(service)
        made = _room(host, players=2, computer_seats=[2], idle_seconds=5, levels=["beginner", "club"])
        one = clients(service)
        one.sit(made["room"], made["seats"]["1"])
        away = one.wait_view(lambda v: v["seats"][0]["state"] == "away")
        assert "away" in away["seats"][0]["text"] and "beginner" in away["seats"][0]["text"]
        moved = one.wait_view(lambda v: v["version"] > away["version"] + 2)  # the computer plays seat 1 on
        kept = service.service.store.moves(made["room"])
        assert any(m.seat == 1 and m.by == "computer" for m in kept)
        assert one.request({"type": "back"})["type"] == "done"  # the person is back
        back = one.wait_view(lambda v: v["seats"][0]["state"] == "person")
        assert back["version"] > moved["version"]


def test_asking_partner_goes_to_the_partner_who_answers(
    service: ServiceThread, clients: Callable[..., RoomClient]
) -> None:
    """Seed 1, four people: the moves the club level would make lead to player 1 being allowed to
    ask (worked out with the engine alone); through the room, the question reaches seat 3 only."""
    from bolivia_core.actions import Ask
    from bolivia_core.game import new_game
    from bolivia_core.players import PLAYERS

    game = new_game("bolivia", 4, 1)
    levels = [PLAYERS["club"](n) for n in range(4)]
    path: list[tuple[int, str]] = []
    while not (game.to_move == 1 and Ask() in game.legal_actions()):
        action = levels[game.to_move - 1].choose(seat_view(game, game.to_move)).action
        path.append((game.to_move, str(action)))
        game.apply(action)
        assert len(path) < 100
    made = _room(clients(service), seed=1)
    seats = {n: clients(service) for n in range(1, 5)}
    for n, client in seats.items():
        client.sit(made["room"], made["seats"][str(n)])
    version = seats[1].wait_view(lambda v: v["version"] == 4)["version"]
    for seat, action in path:
        assert seats[seat].move(action, version)["type"] == "moved"
        version += 1
    assert "ask partner" in seats[1].wait_view(lambda v: v["version"] == version)["actions"]
    assert seats[1].move("ask partner", version)["type"] == "moved"
    for n, client in seats.items():
        view = client.wait_view(lambda v: v["version"] == version + 1)
        assert view["asked_by"] == 1 and view["turn"] == 3
        assert (sorted(view["actions"]) == ["answer no", "answer yes"]) if n == 3 else view["actions"] == []
    assert seats[3].move("answer no", version + 1)["type"] == "moved"
    back = seats[1].wait_view(lambda v: v["version"] == version + 2)
    assert back["turn"] == 1 and back["asked_by"] is None and back["actions"]


@pytest.mark.soak
@pytest.mark.parametrize("seed", [11, 12, 13])
def test_soak_no_hidden_card_over_whole_games_at_full_target(
    stores: Callable[[], Store], clients: Callable[..., RoomClient], seed: int
) -> None:
    """The leak test's long form: whole games to the preset's own target, other levels, more seeds."""
    with ServiceThread(stores(), computer_delay=0) as service:
        host = clients(service)
        made = _room(host, seed=seed, computer_seats=[2, 3, 4], levels=["club", "beginner", "greedy", "club"])
        seat_one = clients(service, record=True)
        seat_one.sit(made["room"], made["seats"]["1"])
        seat_one.timeout = 60
        _play_seat_one(seat_one, seed, lambda v: v["over"])
        _check_no_leak(service, made["room"], seat_one.lines or [])


def test_a_room_nobody_sits_at_leaves_memory_and_comes_back_as_it_was(
    service: ServiceThread, clients: Callable[..., RoomClient]
) -> None:
    made = _room(clients(service), players=2, computer_seats=[2])
    seat = clients(service)
    seat.sit(made["room"], made["seats"]["1"])
    view = seat.wait_view(lambda v: bool(v["actions"]))
    assert made["room"] in service.service._rooms
    seat.close()
    deadline = time.monotonic() + 5
    while made["room"] in service.service._rooms and time.monotonic() < deadline:
        time.sleep(0.01)
    assert made["room"] not in service.service._rooms  # a class's rooms do not pile up in the service
    back = clients(service)
    back.sit(made["room"], made["seats"]["1"])
    again = back.wait_view(lambda v: bool(v["actions"]))
    assert again["table"] == view["table"] and again["actions"] == view["actions"]  # the same game, where it was
    assert again["version"] == view["version"] + 2  # saved twice since: seat 1 left, and came back


# --- two moves at once; a restart ------------------------------------------------------------


def test_two_saves_at_once_on_one_room_land_once(stores: Callable[[], Store]) -> None:
    """Eight threads, each with its own store connection (as eight processes would have), save a move
    made from the same version; the compare-and-set lets exactly one land."""
    room, _ = create_room(RoomSettings(players=4, seed=5))
    stores().create(room)
    moves = [str(a) for a in room.game.legal_actions()] or ["draw"]
    start = threading.Barrier(8)
    landed: list[str] = []

    def save(n: int) -> None:
        store = stores()
        loaded = store.load(room.id)
        assert loaded is not None
        mine = loaded.room()
        after, action = mine.move(mine.to_move or 1, mine.version, moves[n % len(moves)])
        start.wait()
        if store.save(after, mine.version, MoveRecord(after.version, 1, str(action), "person")):
            landed.append(str(action))

    threads = [threading.Thread(target=save, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    kept = stores().load(room.id)
    assert kept is not None and len(landed) == 1 and kept.version == 1
    assert [str(a) for a in Game.from_json(kept.game).history] == landed
    assert [m.action for m in stores().moves(room.id)] == landed


def test_two_moves_at_once_through_two_services_give_one_move_and_a_clear_refusal(
    stores: Callable[[], Store], clients: Callable[..., RoomClient]
) -> None:
    """Two services on one store (two processes behind one address), the same seat opened on both (the
    newer page holds it; the older one's service may not have heard yet), two different moves sent at
    the same instant: one lands, the other is told, and both services end with the same game."""
    with ServiceThread(stores(), computer_delay=0) as one, ServiceThread(stores(), computer_delay=0) as two:
        made = _room(clients(one), players=2, computer_seats=[2])
        here, there = clients(one), clients(two)
        last = -1
        for turn in range(3):  # three turns' worth of races, the newer page on each service in turn
            older, newer = (here, there) if turn % 2 == 0 else (there, here)
            assert older.sit(made["room"], made["seats"]["1"])["type"] == "seated"
            view = older.wait_view(lambda v, at=last: v["turn"] == 1 and bool(v["actions"]) and v["version"] >= at)
            assert newer.sit(made["room"], made["seats"]["1"])["type"] == "seated"
            version = newer.wait_view(lambda v: v["turn"] == 1 and bool(v["actions"]))["version"]
            choices = view["actions"]
            answers: list[dict[str, Any]] = []

            def send(client: RoomClient, action: str, start: threading.Barrier, answers: list[Any] = answers,
                     version: int = version) -> None:  # fmt: skip
                start.wait()
                answers.append(client.move(action, version))

            start = threading.Barrier(2)
            racers = [threading.Thread(target=send, args=(c, choices[n % len(choices)], start))
                      for n, c in enumerate((older, newer))]  # fmt: skip
            for racer in racers:
                racer.start()
            for racer in racers:
                racer.join(10)
            kinds = sorted(a.get("code", a["type"]) for a in answers)
            told = ("room-seat-taken-over", "room-not-seated", "room-table-changed")  # as far as its service heard
            assert kinds[0] == "moved" and kinds[1] in told, answers
            landed = [m for m in one.service.store.moves(made["room"]) if m.version == version + 1]
            assert [(m.seat, m.by) for m in landed] == [(1, "person")]
            kept = one.service.store.load(made["room"])
            assert kept is not None
            Game.from_json(kept.game)  # replays every move and checks the kept position: no corrupted game
            newer.wait_view(lambda v, at=version + 1: v["version"] >= at)
            last = version + 1


def test_every_room_resumes_at_its_last_move_after_a_restart(
    stores: Callable[[], Store], clients: Callable[..., RoomClient]
) -> None:
    rooms: dict[str, dict[str, Any]] = {}
    before: dict[str, tuple[int, str]] = {}
    service = ServiceThread(stores(), computer_delay=0)
    for seed in (1, 2, 3):
        made = _room(clients(service), seed=seed, computer_seats=[2, 3, 4], target=400)
        seat = clients(service)
        seat.sit(made["room"], made["seats"]["1"])
        for _ in range(2 + seed):
            view = seat.wait_view(lambda v: bool(v["actions"]))
            seat.move(view["actions"][-1], view["version"])
        rooms[made["room"]] = made
    service.stop()  # mid-game: every room has moves, none is over
    for room_id in rooms:
        kept = stores().load(room_id)
        assert kept is not None
        before[room_id] = (kept.version, Game.from_json(kept.game).position_text())
    with ServiceThread(stores(), computer_delay=0) as again:
        for room_id, made in rooms.items():
            seat = clients(again, record=True)
            assert seat.sit(room_id, made["seats"]["1"])["type"] == "seated"
            seat.wait_view(lambda v: True)
            first = next(m for m in map(json.loads, seat.lines or []) if m["type"] == "view")
            version, position = before[room_id]
            assert first["version"] == version + 1 and not first["over"]  # the seat's person came back: one save
            view = seat.wait_view(lambda v: bool(v["actions"]))
            assert Game.from_json(again.service.store.load(room_id).game).position_text() == position  # type: ignore[union-attr]
            assert seat.move(view["actions"][0], view["version"])["type"] == "moved"  # and the game goes on


@dataclass(frozen=True)
class _Listening:
    """Where a service process listens, as ``clients`` reads it from a ServiceThread."""

    address: tuple[str, int]


@pytest.mark.parametrize("kind", ["sqlite", pytest.param("redis", marks=pytest.mark.soak)])  # two process starts each
def test_the_service_process_resumes_after_a_kill_and_stops_with_the_page_server(
    kind: str, request: pytest.FixtureRequest, tmp_path: Any, clients: Callable[..., RoomClient]
) -> None:
    """``python -m bolivia_rooms`` as scripts/serve.sh starts it: killed outright mid-game, started
    again on the same store, the room is where it was; and it ends by itself when the process it
    was started with (Voila, there) ends."""
    where = str(tmp_path / "data") if kind == "sqlite" else request.getfixturevalue("redis_url")
    page_server = subprocess.Popen(["sleep", "60"])

    def start() -> tuple[subprocess.Popen[bytes], _Listening]:
        port = _free_port()
        process = subprocess.Popen(
            [sys.executable, "-m", "bolivia_rooms", "--listen", f"127.0.0.1:{port}", "--store", where,
             "--computer-delay", "0", "--stop-with", str(page_server.pid)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert time.monotonic() < deadline and process.poll() is None, "the room service did not start"
                time.sleep(0.05)
        return process, _Listening(("127.0.0.1", port))

    try:
        process, address = start()
        made = _room(clients(address), computer_seats=[2, 3, 4])
        seat = clients(address)
        seat.sit(made["room"], made["seats"]["1"])
        view = seat.wait_view(lambda v: bool(v["actions"]))
        seat.move(view["actions"][0], view["version"])
        seat.wait_view(lambda v: v["version"] > view["version"] and bool(v["actions"]))  # the computers played
        last = seat.view["version"]  # type: ignore[index]
        process.kill()
        process.wait(10)
        process, address = start()
        again = clients(address, record=True)
        assert again.sit(made["room"], made["seats"]["1"])["type"] == "seated"
        first = next(m for m in map(json.loads, again.lines or []) if m["type"] == "view")
        assert first["version"] == last + 1  # where it was, and seat 1's person back: one save
        page_server.kill()
        page_server.wait(10)
        assert process.wait(10) == 0  # it noticed, and stopped cleanly
    finally:
        page_server.kill()
        if process.poll() is None:
            process.kill()
