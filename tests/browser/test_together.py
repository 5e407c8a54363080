"""Playing together through real pages: four Chromium contexts at one table over a real Voilà and the
real room service, started as scripts/serve.sh starts them (the service beside Voilà, its address in
``BOLIVIA_ROOMS``, which the page kernels inherit).

The inviter's page makes the room with "invite" and hands one seat to the computer; the others open
their seats' links. A driver follows the engine's legal moves (the store's game is the test's oracle)
and makes each by taps on the page of the seat to move; after every move each page must show the
table at that move. Mid-game the room service is stopped and started again, and the pages play on.
Every websocket frame each page receives is kept, and none may name a card hidden from its seat.

The default run plays a few moves each side of the restart; the whole hand is the ``soak`` run.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bolivia_core.actions import Action, Draw, Meld, TakePile
from bolivia_core.game import Game
from bolivia_core.players import PLAYERS
from bolivia_core.seat import seat_view
from bolivia_rooms.store import SQLiteStore
from bolivia_widgets.components.table_source import LocalGame
from bolivia_widgets.components.table_view import ui_labels

from .conftest import ROOT, SCREENSHOTS

from harness import free_port, server
from table_driver import HintFollower, TurnRecord

CARD = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b|\bJK\b")
WAIT = 120_000  # ms: a page on the shared two cores


@dataclass
class Rooms:
    """The room service as scripts/serve.sh runs it: ``python -m bolivia_rooms`` on a loopback port."""

    address: str
    store: Path
    log: Path
    process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "bolivia_rooms", "--listen", self.address, "--store", str(self.store),
                 "--computer-delay", "0.3"], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)  # fmt: skip
        deadline = time.monotonic() + 30
        while b"rooms served on" not in self.log.read_bytes().split(b"stopped")[-1]:
            assert time.monotonic() < deadline and self.process.poll() is None, self.log.read_text()
            time.sleep(0.1)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(15)
            with open(self.log, "ab") as log:
                log.write(b"stopped\n")
            self.process = None


@pytest.fixture(scope="module")
def together(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Rooms]]:
    folder = tmp_path_factory.mktemp("together")
    rooms = Rooms(f"127.0.0.1:{free_port()}", folder / "rooms", folder / "rooms.log")
    rooms.start()
    env = {**os.environ, "BOLIVIA_ROOMS": rooms.address}
    culling = ["--Voila.ip=127.0.0.1", "--MappingKernelManager.cull_interval=5",
               "--MappingKernelManager.cull_idle_timeout=60"]  # fmt: skip
    try:
        with open(ROOT / "tests" / "browser" / "voila-together.log", "w") as log, \
                server(culling, log=log, env=env) as (url, _pid):  # fmt: skip
            yield url, rooms
    finally:
        rooms.stop()


@pytest.fixture
def chromium(browser: Any) -> Any:
    """The session's one browser (conftest): a second Playwright in the same process cannot start."""
    return browser


@dataclass
class Seat:
    """One person's browser at one seat, and every websocket frame it received."""

    number: int
    page: Any
    frames: list[str] = field(default_factory=list)
    seated_from: int = 0  # the frames before (the inviter's solo game, another game) are not this seat's
    errors: list[str] = field(default_factory=list)


def _open(browser: Any, url: str, number: int) -> Seat:
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    page = context.new_page()
    seat = Seat(number, page)
    page.on("pageerror", lambda error: seat.errors.append(str(error)))

    def heard(ws: Any) -> None:
        ws.on("framereceived", lambda payload: seat.frames.append(
            payload if isinstance(payload, str) else payload.decode("utf-8", "replace")))  # fmt: skip

    page.on("websocket", heard)
    page.goto(url, timeout=WAIT)
    return seat


def _version_at_least(seat: Seat, version: int) -> None:
    seat.page.wait_for_function(
        "(v) => { const t = document.querySelector('.bt-table'); return t && Number(t.dataset.version) >= v; }",
        arg=version, timeout=WAIT)  # fmt: skip


def _game(store: Path, room: str) -> tuple[Game, int]:
    kept = SQLiteStore(store)
    try:
        stored = kept.load(room)
        assert stored is not None
        return Game.from_json(stored.game), stored.version
    finally:
        kept.close()


def _computer_plays(store: Path, room: str, seat: int) -> bool:
    kept = SQLiteStore(store)
    try:
        stored = kept.load(room)
        assert stored is not None
        state = stored.meta["seats"][seat - 1]
        return bool(state["computer"] or state["away"])
    finally:
        kept.close()


class _Mirror:
    """What HintFollower reads of a table: the seat's view and the table's words (computed here from the
    store's game, as the page's kernel has them from the room)."""

    def __init__(self, game: Game, seat: int) -> None:
        self.source = LocalGame(game, seat)
        self.labels = ui_labels("en")


def _choice(game: Game, seed: int) -> Action:
    """The next move of the seat to move: the greedy level's choice, a draw for a take of the pile (its
    taps depend on which cards a person picks) and one group at a time for a meld."""
    action = PLAYERS["greedy"](seed).choose(seat_view(game, game.to_move)).action
    if isinstance(action, TakePile) and Draw() in game.legal_actions():
        return Draw()
    if isinstance(action, Meld) and len(action.melds) > 1:
        single = [a for a in game.legal_actions() if isinstance(a, Meld) and len(a.melds) == 1]
        return single[0] if single else action
    return action


def _known(game: Game, seat: int) -> Counter[str]:
    """Every card ``seat`` may have seen by this point of the hand: each card it held at some move, and
    each card shown on the table (replayed from the store's game, move by move)."""
    known: Counter[str] = Counter()
    for state in game.replay():
        if state.position.hand_number != game.position.hand_number:
            continue
        known |= Counter(str(c) for c in state.position.hands[seat - 1])
        for name, cards in state.zones().items():
            if not name.startswith(("hand", "stock")):
                known |= Counter(str(c) for c in cards)
    return known


STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
ONE = r'"(?:(?:10|[2-9JQKA])[CDHS]|JK)"'
CARD_LIST = re.compile(rf"\[\s*{ONE}(?:\s*,\s*{ONE})*\s*\]")


def _leaks(frames: list[str], known: Counter[str]) -> list[str]:
    """What a page received that names more of a card than its seat may know: in one text, or in one
    list of cards (a hand, a meld)."""
    found = []
    for frame in frames:
        for text in STRING.findall(frame):
            if len(text) > 2_000:  # the front end's module source (its comments name cards), not a table
                continue
            if Counter(CARD.findall(text)) - known:
                found.append(f"{text[:80]!r} names {dict(Counter(CARD.findall(text)) - known)}")
        for listed in CARD_LIST.findall(frame):
            if Counter(CARD.findall(listed)) - known:
                found.append(f"the list {listed[:80]} names {dict(Counter(CARD.findall(listed)) - known)}")
    return found


def _play_together(browser: Any, url: str, rooms: Rooms, person_moves: int | None) -> None:
    seats: dict[int, Seat] = {}
    try:
        _play(browser, url, rooms, person_moves, seats)
    except BaseException:
        SCREENSHOTS.mkdir(exist_ok=True)
        for number, seat in seats.items():  # what each person saw when it went wrong
            seat.page.screenshot(path=str(SCREENSHOTS / f"together-seat-{number}.png"))
        raise
    finally:
        for seat in seats.values():
            seat.page.context.close()


def _play(browser: Any, url: str, rooms: Rooms, person_moves: int | None, seats: dict[int, Seat]) -> None:
    play = f"{url}/voila/render/play.ipynb"
    host = _open(browser, play, 1)
    seats[1] = host
    host.page.get_by_role("button", name="menu", exact=True).click(timeout=WAIT)
    for number in (2, 3, 4):  # the computer's level for each seat, should it be handed to the computer
        host.page.locator(f".bt-dialog select[data-setting='level-{number}']").select_option("greedy", timeout=WAIT)
    host.page.locator(".bt-dialog").get_by_role("button", name="invite", exact=True).click(timeout=WAIT)
    links = {}
    for number in (2, 3, 4):  # the page became seat 1 and shows the other seats' links at once
        link = host.page.get_by_role("link", name=f"seat {number}", exact=True)
        link.wait_for(timeout=WAIT)
        links[number] = link.get_attribute("href")
    room = re.search(r"room=([^&]+)", links[2]).group(1)  # type: ignore[union-attr, arg-type]
    host.seated_from = len(host.frames) - 1  # the frame that drew the room's seat 1 may have come already
    print("invited", flush=True)
    for number, href in links.items():
        seats[number] = _open(browser, f"{url}/voila/render/{href}", number)
    print("seated", flush=True)
    host.page.locator(".bt-dialog select[data-setting='room-computer-4']").select_option("computer", timeout=WAIT)
    seats[4].page.get_by_text("seat 4: the computer (", exact=False).first.wait_for(timeout=WAIT)
    host.page.locator(".bt-dialog").get_by_role("button", name="close", exact=True).click(timeout=WAIT)

    game, version = _game(rooms.store, room)
    made, restarted, hand_number = 0, False, game.position.hand_number
    for _ in range(2_000):
        game, version = _game(rooms.store, room)
        for seat in seats.values():  # every move arrives everywhere
            _version_at_least(seat, version)
        if game.position.hand_number != hand_number or game.phase in ("hand over", "game over"):
            break
        if person_moves is not None and made >= person_moves:
            break
        if person_moves is not None and not restarted and made >= person_moves // 2:
            rooms.stop()  # a restart mid-hand: the pages wait, sit again by themselves, and play on
            rooms.start()
            restarted = True
        print(f"move {version}: seat {game.to_move} {game.phase}", flush=True)
        mover = game.to_move
        if mover != 4 and _computer_plays(rooms.store, room, mover):  # left idle while the pages opened
            seats[mover].page.locator(".bt-table").get_by_role("button", name="I am back", exact=True).click(
                timeout=WAIT)  # fmt: skip
            while _computer_plays(rooms.store, room, mover):
                time.sleep(0.1)
            continue
        if _computer_plays(rooms.store, room, mover):  # seat 4: the service plays it
            deadline = time.monotonic() + 60
            while _game(rooms.store, room)[1] == version:
                assert time.monotonic() < deadline, "the computer's seat was not played"
                time.sleep(0.1)
            continue
        action = _choice(game, version)
        follower = HintFollower(seats[mover].page, _Mirror(game, mover))
        record = TurnRecord()
        for kind, value in follower.taps_for(action):
            follower.tap(kind, value, record)
        deadline = time.monotonic() + 60
        while _game(rooms.store, room)[1] == version:
            assert time.monotonic() < deadline, f"seat {mover}'s taps for {action} made no move"
            time.sleep(0.05)
        made += 1
    assert made >= (person_moves or 1)
    if person_moves is not None:
        assert restarted
    game, _ = _game(rooms.store, room)
    for number, seat in seats.items():
        assert not seat.errors, seat.errors
        assert sum(len(f) for f in seat.frames) > 10_000, "the page's tables were not received"
        leaks = _leaks(seat.frames[seat.seated_from :], _known(game, number))
        assert not leaks, (number, leaks[:3])


def test_four_browsers_play_at_one_table_through_the_links_and_a_restart_loses_nothing(
    together: tuple[str, Rooms], chromium: Any
) -> None:
    url, rooms = together
    _play_together(chromium, url, rooms, person_moves=10)


@pytest.mark.soak
def test_soak_four_browsers_play_a_whole_hand_through_the_links(together: tuple[str, Rooms], chromium: Any) -> None:
    url, rooms = together
    _play_together(chromium, url, rooms, person_moves=None)
