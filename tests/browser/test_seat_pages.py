"""A shared table's pages as their people see them, in real Chromium over a real Voilà and the real room
service (``python -m bolivia_rooms``, as scripts/serve.sh runs it) keeping its rooms in a real redis-server.

One server of each for the module; the tests go in order over two rooms:

- the inviter plays a move on the solo table, invites (asked first: the game in progress comes along),
  and reloads the page: back at the seat, the same hand, the page's address the seat's own;
- at a two-seat room a friend arrives and is present; the idle turn counts down on its page only and
  one tap stops it; a seat page gives the coach's hint and says the other's moves in words;
- the inviter's teacher's link shows every hand, an onlooker's none; no seat's page ever received a card
  of another seat's hand (every websocket frame is checked) or a watch link's key.

Screenshots of the seat page and the watch page, wide and phone, light and dark, are written to
``tests/browser/screenshots`` (``seat-page-*``, ``watch-page-*``).
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from playwright.sync_api import expect

from bolivia_core.game import Game
from bolivia_rooms.client import RoomClient
from bolivia_rooms.store import open_store

from .conftest import ROOT, SCREENSHOTS
from .test_together import CARD, _known, _leaks

from harness import free_port, server  # type: ignore[import-not-found]  # scripts/, put on the path by conftest

WAIT = 120_000  # ms: a page on the shared two cores: a bound, not a target
REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"
PHONE = {"width": 390, "height": 844}
WIDE = {"width": 1280, "height": 800}


@dataclass
class Rooms:
    """The room service as scripts/serve.sh runs it, its rooms in a redis-server of its own."""

    address: str
    store: str
    process: subprocess.Popen[bytes]

    def game(self, room: str) -> Game:
        kept = open_store(self.store)
        try:
            stored = kept.load(room)
            assert stored is not None
            return Game.from_json(stored.game)
        finally:
            kept.close()

    def version(self, room: str) -> int:
        kept = open_store(self.store)
        try:
            stored = kept.load(room)
            assert stored is not None
            return stored.version
        finally:
            kept.close()

    def computer_moves(self, room: str) -> int:
        kept = open_store(self.store)
        try:
            return sum(1 for m in kept.moves(room) if m.by == "computer")
        finally:
            kept.close()

    def client(self) -> RoomClient:
        host, _, port = self.address.rpartition(":")
        return RoomClient((host, int(port)))


def _redis(port: int) -> subprocess.Popen[bytes]:
    redis = subprocess.Popen([REDIS_SERVER, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                              "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    deadline = time.monotonic() + 10
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2) as probe:
                probe.sendall(b"PING\r\n")
                if probe.recv(16).startswith(b"+PONG"):
                    return redis
        except OSError:
            pass
        assert time.monotonic() < deadline and redis.poll() is None, "redis-server did not start"
        time.sleep(0.05)


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[str, Rooms]]:
    if not os.path.exists(REDIS_SERVER):
        pytest.skip("redis-server is not installed (scripts/test.sh installs it, as root)")
    redis_port = free_port()
    redis = _redis(redis_port)
    address = f"127.0.0.1:{free_port()}"
    log_path = ROOT / "tests" / "browser" / "voila-seat-pages.log"
    store = f"redis://127.0.0.1:{redis_port}/0"
    with open(log_path.with_name("voila-seat-pages-rooms.log"), "wb") as rooms_log:
        process = subprocess.Popen([sys.executable, "-m", "bolivia_rooms", "--listen", address, "--store", store,
                                    "--computer-delay", "0.3", "--countdown", "90"], cwd=ROOT, stdout=rooms_log,
                                   stderr=subprocess.STDOUT)  # fmt: skip
    rooms = Rooms(address, store, process)
    try:
        deadline = time.monotonic() + 30
        while b"rooms served on" not in log_path.with_name("voila-seat-pages-rooms.log").read_bytes():
            assert time.monotonic() < deadline and process.poll() is None, "the room service did not start"
            time.sleep(0.1)
        env = {**os.environ, "BOLIVIA_ROOMS": address}
        culling = ["--Voila.ip=127.0.0.1", "--MappingKernelManager.cull_interval=5",
                   "--MappingKernelManager.cull_idle_timeout=60"]  # fmt: skip
        with open(log_path, "w") as log, server(culling, log=log, env=env) as (url, _pid):
            yield url, rooms
    finally:
        process.terminate()
        process.wait(15)
        redis.terminate()
        redis.wait(10)


@dataclass
class Person:
    """One person's browser page, and every websocket frame it received from when it sat down."""

    page: Any
    frames: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def _open(browser: Any, url: str, viewport: dict[str, int] = WIDE) -> Person:
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    person = Person(page)
    page.on("pageerror", lambda error: person.errors.append(str(error)))
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: person.frames.append(
        payload if isinstance(payload, str) else payload.decode("utf-8", "replace"))))  # fmt: skip
    page.goto(url, timeout=WAIT)
    return person


def _seated(person: Person) -> None:
    person.page.locator(".bt-table[data-version] .bt-hand").wait_for(timeout=WAIT)


def _hand(person: Person) -> list[str]:
    cards: list[str] = person.page.locator(".bt-hand .bt-card").evaluate_all("bs => bs.map(b => b.dataset.card)")
    return sorted(cards)


def _shots(page: Any, name: str) -> None:
    """The page wide and on a phone, light and dark."""
    SCREENSHOTS.mkdir(exist_ok=True)
    for size_name, size in (("wide", WIDE), ("phone", PHONE)):
        page.set_viewport_size(size)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.wait_for_timeout(300)
            page.screenshot(path=str(SCREENSHOTS / f"{name}-{size_name}-{scheme}.png"))
    page.set_viewport_size(WIDE)
    page.emulate_media(color_scheme="light")


@pytest.fixture(scope="module")
def state() -> dict[str, Any]:
    """What the tests of this module hand on, in order: the rooms and the pages they opened."""
    return {}


@pytest.fixture(scope="module", autouse=True)
def _closed(state: dict[str, Any]) -> Iterator[None]:
    yield
    for person in state.get("people", []):
        person.page.context.close()


def test_invite_keeps_the_game_in_progress_and_the_inviter_reloads_back_into_the_room(
    served: tuple[str, Rooms], browser: Any, state: dict[str, Any]
) -> None:
    url, rooms = served
    inviter = _open(browser, f"{url}/voila/render/play.ipynb")
    state["people"] = [inviter]
    page = inviter.page
    page.locator(".bt-table.bt-my-turn:not(.bt-playing)").wait_for(timeout=WAIT)  # the computers played first
    before = len(_hand(inviter))
    page.locator("[data-place='stock']").click(timeout=WAIT)  # the learner's move: the game is in progress
    page.wait_for_function("(n) => document.querySelectorAll('.bt-hand .bt-card').length > n", arg=before,
                           timeout=WAIT)  # fmt: skip
    hand = _hand(inviter)
    page.get_by_role("button", name="menu", exact=True).click(timeout=WAIT)
    page.locator(".bt-dialog").get_by_role("button", name="invite", exact=True).click(timeout=WAIT)
    page.locator(".bt-message").get_by_text("You have a game in progress", exact=False).wait_for(timeout=WAIT)  # asked
    assert _hand(inviter) == hand  # nothing lost meanwhile
    page.get_by_role("button", name="invite to this game", exact=True).click(timeout=WAIT)
    page.get_by_role("link", name="seat 2", exact=True).wait_for(timeout=WAIT)
    query = parse_qs(urlparse(page.url).query)
    assert query["seat"] == ["1"] and query["room"] and query["key"], page.url  # the seat's own address
    room = query["room"][0]
    assert _hand(inviter) == hand  # the game in progress came into the room
    assert sorted(str(c) for c in rooms.game(room).position.hands[0]) == hand
    state["inviter_room"], state["inviter_host"] = room, query["host"][0]

    page.reload(timeout=WAIT)  # the same person, back: seated at once, silently
    _seated(inviter)
    assert parse_qs(urlparse(page.url).query)["key"] == query["key"]
    assert _hand(inviter) == hand
    assert page.locator("h1").first.inner_text() == "A shared table"
    assert "A shared table" in page.title()
    assert page.get_by_text("taken over", exact=False).count() == 0
    assert page.get_by_text("open on another page", exact=False).count() == 0
    assert not inviter.errors, inviter.errors


def _seat_names(person: Person) -> str:
    return " | ".join(person.page.locator(".bt-seat").all_inner_texts())


def test_a_friend_who_arrives_is_present_and_the_idle_countdown_stops_with_one_tap(
    served: tuple[str, Rooms], browser: Any, state: dict[str, Any]
) -> None:
    url, rooms = served
    client = rooms.client()
    made = client.create({"players": 2, "idle_seconds": 600, "levels": ["greedy", "greedy"]})
    client.close()
    assert made["type"] == "created", made
    room, keys, host = made["room"], made["seats"], made["host"]
    link = f"{url}/voila/render/play.ipynb?room={room}&seat={{}}&key={{}}"
    first = _open(browser, link.format(1, keys["1"]) + f"&host={host}")  # the inviter's own seat link
    _seated(first)
    friend = _open(browser, link.format(2, keys["2"]))
    state["people"] += [first, friend]
    state.update(room=room, host=host, first=first, friend=friend)
    _seated(friend)
    first.page.wait_for_function("(v) => Number(document.querySelector('.bt-table').dataset.version) >= v",
                                 arg=rooms.version(room), timeout=WAIT)  # the friend's arrival reached the page
    assert "away" not in _seat_names(first)  # just arrived: present
    assert "away" not in friend.page.locator(".bt-me").inner_text()
    assert friend.page.get_by_role("button", name="I am back").count() == 0

    setter = rooms.client()  # the inviter shortens the idle time: the turn to move waits 5 s, then counts down
    assert setter.request({"type": "idle", "room": room, "host": host, "seconds": 5})["type"] == "done"
    setter.close()
    turn = rooms.game(room).to_move
    mover, other = (first, friend) if turn == 1 else (friend, first)
    countdown = mover.page.locator(".bt-countdown")
    countdown.wait_for(state="visible", timeout=WAIT)
    said = countdown.inner_text()
    assert re.search(r"the computer plays for you in \d+ s", said), said
    other.page.get_by_text(f"seat {turn}: away", exact=False).first.wait_for(timeout=WAIT)
    assert other.page.locator(".bt-countdown").is_hidden()
    _shots(mover.page, "seat-page-countdown")
    mover.page.set_viewport_size(PHONE)
    for button in (mover.page.locator(".bt-stay"), mover.page.get_by_role("button", name="hint", exact=True)):
        box = button.bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, box  # a finger's target
    mover.page.set_viewport_size(WIDE)
    mover.page.locator(".bt-stay").click(timeout=WAIT)  # one tap
    countdown.wait_for(state="hidden", timeout=30_000)  # by the tap: long before the 90 s run out
    assert rooms.computer_moves(room) == 0
    other.page.wait_for_function("(t) => !document.body.innerText.includes(`seat ${t}: away`)", arg=turn,
                                 timeout=WAIT)  # fmt: skip
    assert rooms.computer_moves(room) == 0
    setter = rooms.client()  # the turn may wait long again while the next test plays it
    assert setter.request({"type": "idle", "room": room, "host": host, "seconds": 600})["type"] == "done"
    setter.close()
    state["mover"], state["other"], state["turn"] = mover, other, turn


def test_a_seat_page_gives_the_hint_and_says_the_others_moves_in_words(
    served: tuple[str, Rooms], browser: Any, state: dict[str, Any]
) -> None:
    _url, rooms = served
    mover, other, room, turn = state["mover"], state["other"], state["room"], state["turn"]
    page = mover.page
    page.get_by_role("button", name="hint", exact=True).click(timeout=WAIT)
    coach = page.locator(".bt-message.bt-coach")
    expect(coach).to_contain_text("Best now: ", timeout=WAIT)  # the solo table's hint: the expert's one sentence
    sentence = coach.locator(".bt-headline").inner_text()
    assert sentence.startswith("Best now: ") and sentence.count(". ") == 0, sentence
    version = rooms.game(room)
    for _ in range(12):  # the hint played, step by step, to the end of the turn
        if rooms.game(room).to_move != turn:
            break
        moves = len(rooms.game(room).history)
        page.get_by_role("button", name="play the hint", exact=True).click(timeout=WAIT)
        deadline = time.monotonic() + 60
        while len(rooms.game(room).history) == moves:
            assert time.monotonic() < deadline, "the hint was not played"
            time.sleep(0.1)
    game = rooms.game(room)
    assert game.to_move != turn and len(game.history) > len(version.history)
    recent = other.page.locator(".bt-recent")
    recent.wait_for(timeout=WAIT)  # at the start of the other's turn: what the mover did
    recent.locator("summary").click()
    said = recent.locator("li").all_inner_texts()
    first = str(game.history[len(version.history)])  # the mover's first move this turn: a draw or a pile take
    assert said[0].startswith(f"player {turn} {'draws' if first == 'draw' else 'takes the pile'}"), (first, said)
    assert said[-1].startswith(f"player {turn} discards "), said
    assert not any(CARD.search(line) for line in said), said  # the cards in words, not in notation
    _shots(other.page, "seat-page-turn")


def test_a_teachers_link_shows_every_hand_and_no_seat_page_received_another_seats_cards(
    served: tuple[str, Rooms], browser: Any, state: dict[str, Any]
) -> None:
    url, rooms = served
    first, friend, room = state["first"], state["friend"], state["room"]
    page = first.page
    page.get_by_role("button", name="menu", exact=True).click(timeout=WAIT)
    links = {}
    for mode in ("teacher", "onlooker"):
        page.get_by_role("button", name=f"make {'a' if mode == 'teacher' else 'an'} {mode}'s link").click(
            timeout=WAIT)  # fmt: skip
        link = page.get_by_role("link", name=f"{mode}'s link", exact=True)
        link.wait_for(timeout=WAIT)
        links[mode] = link.get_attribute("href")
    page.locator(".bt-dialog").get_by_role("button", name="close", exact=True).click(timeout=WAIT)
    teacher = _open(browser, f"{url}/voila/render/{links['teacher']}")
    onlooker = _open(browser, f"{url}/voila/render/{links['onlooker']}")
    state["people"] += [teacher, onlooker]
    for watcher in (teacher, onlooker):
        watcher.page.locator(".bt-table[data-version]").wait_for(timeout=WAIT)
    game, version = rooms.game(room), rooms.version(room)
    hands = [sorted(str(c) for c in hand) for hand in game.position.hands]
    teacher.page.locator(".bt-open-hand").first.wait_for(timeout=WAIT)
    teacher.page.wait_for_function("(v) => Number(document.querySelector('.bt-table').dataset.version) >= v",
                                   arg=version, timeout=WAIT)  # fmt: skip
    assert _hand(teacher) == hands[0]  # drawn from seat 1's side, every hand face up
    open_hand = teacher.page.locator(".bt-open-hand").first
    label = open_hand.get_attribute("aria-label") or ""
    assert label.startswith(f"player 2's hand, {len(hands[1])} cards: "), label  # seat 2's hand, face up
    assert open_hand.evaluate("n => n.children.length") == len(hands[1])
    assert teacher.page.locator("h1").first.inner_text() == "Watching a shared table"
    assert "every hand open" in teacher.page.locator(".bt-room-line").inner_text()
    assert onlooker.page.locator(".bt-hand .bt-card").count() == 0
    assert onlooker.page.locator(".bt-open-hand").count() == 0 and onlooker.page.locator(".bt-meld-area").is_hidden()
    _shots(teacher.page, "watch-page-teacher")
    _shots(onlooker.page, "watch-page-onlooker")

    game = rooms.game(room)
    for number, person in ((1, first), (2, friend)):
        assert not person.errors, person.errors
        assert sum(len(f) for f in person.frames) > 10_000, "the page's tables were not received"
        leaks = _leaks(person.frames, _known(game, number))
        assert not leaks, (number, leaks[:3])
    keys = [parse_qs(urlparse(href).query)["watch"][0] for href in links.values()]
    assert not any(key in frame for frame in friend.frames for key in keys)  # a watch key never reaches a seat
