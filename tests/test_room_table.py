"""The seat pages of a shared room at the card table (``RoomTable``) and the play page's "invite", through
the real room service on a real socket, as a page's kernel holds it.

Each page's live views come from its client's reader thread; as in a kernel, they are run on the
page's own loop (here: a queue this test drains where a kernel's event loop would), never in the reader
thread. The room's own protocol and stores are tested in ``test_rooms.py``.
"""

from __future__ import annotations

import json
import queue
import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from bolivia_core.actions import Ask
from bolivia_core.cards import Card
from bolivia_core.game import Game, new_game
from bolivia_core.i18n import card_name
from bolivia_core.players import PLAYERS, hint
from bolivia_core.seat import SeatView, seat_view
from bolivia_rooms.client import RoomClient
from bolivia_rooms.service import ServiceThread
from bolivia_rooms.store import SQLiteStore
from bolivia_widgets import PlayTable
from bolivia_widgets.components.table import CardTable
from bolivia_widgets.dashboards.play_table import HINT_LEVEL
from bolivia_widgets.dashboards.room_table import RoomTable, WatchTable, seat_link_of
from tests.test_rooms import _cards, _leaks, _shown_so_far


class PageLoop:
    """What a kernel's event loop is to a page: the reader thread hands work here; the test runs it."""

    def __init__(self) -> None:
        self.work: queue.Queue[Callable[[], None]] = queue.Queue()

    def __call__(self, work: Callable[[], None]) -> None:
        self.work.put(work)

    def pump(self, until: Callable[[], bool], timeout: float = 10) -> None:
        """Run what came, until ``until`` holds."""
        deadline = time.monotonic() + timeout
        while not until():
            if time.monotonic() > deadline:
                raise TimeoutError("the page did not get there")
            try:
                self.work.get(timeout=0.05)()
            except queue.Empty:
                continue


@pytest.fixture
def service(tmp_path: Any) -> Iterator[ServiceThread]:
    with ServiceThread(SQLiteStore(tmp_path / "rooms"), computer_delay=0, idle_scale=0.02) as running:
        yield running


@pytest.fixture
def pages(service: ServiceThread) -> Iterator[Callable[..., tuple[CardTable, PageLoop]]]:
    made: list[CardTable] = []

    def open_page(room: str, seat: object, key: str, **options: Any) -> tuple[CardTable, PageLoop]:
        loop = PageLoop()
        page = RoomTable(room, seat, key, address=service.address, language="en", schedule=loop, **options)
        made.append(page)
        return page, loop

    yield open_page
    for page in made:
        page.close()


def _create(service: ServiceThread, **settings: Any) -> dict[str, Any]:
    client = RoomClient(service.address)
    try:
        made = client.create({"players": 4, "seed": 1, **settings})
    finally:
        client.close()
    assert made["type"] == "created", made
    return made


def _kept(service: ServiceThread, room: str) -> tuple[int, str]:
    stored = service.service.store.load(room)
    assert stored is not None
    return stored.version, stored.game


def _message(page: CardTable) -> str:
    said = page.message
    return " ".join(said["lines"]) if said else ""


# --- invite ------------------------------------------------------------------------------------


def test_invite_makes_a_room_from_the_settings_and_the_page_becomes_seat_one(
    service: ServiceThread, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BOLIVIA_ROOMS", "{}:{}".format(*service.address))
    solo = PlayTable(rules="swedish", players=4, seed=5, target=3000, level="greedy", coach=False, language="en")
    solo.handle({"do": "setting", "key": "level-3", "value": "beginner"})
    invited: list[tuple[dict[str, Any], RoomClient]] = []
    solo.source.on_invite = lambda created, client: invited.append((dict(created), client))  # type: ignore[attr-defined]
    assert solo.handle({"do": "invite"}) is True
    created, client = invited[0]
    stored = service.service.store.load(created["room"])
    assert stored is not None
    settings = stored.meta["settings"]
    assert settings | {"idle_seconds": 0, "grace_seconds": 0, "seed": 0} == {
        "rules": "swedish", "players": 4, "target": 3000, "seed": 0,
        "levels": ["greedy", "greedy", "beginner", "greedy"], "computer_seats": [], "idle_seconds": 0,
        "grace_seconds": 0,
    }  # fmt: skip
    assert settings["seed"] != 5 and settings["seed"].bit_length() > 64  # the room's own fresh deal, not the page's
    loop = PageLoop()
    host = RoomTable(created["room"], 1, created["seats"]["1"], host=created["host"], seat_keys=created["seats"],
                     client=client, language="en", schedule=loop, open_menu=True)  # fmt: skip
    try:
        menu = host.menu["room"]
        assert host.chrome["open_menu"] is True
        assert [link["label"] for link in menu["links"]] == ["seat 2", "seat 3", "seat 4"]
        for number, link in enumerate(menu["links"], start=2):
            asked = seat_link_of(link["href"].partition("?")[2])
            key = created["seats"][str(number)]
            assert asked == {"room": created["room"], "seat": str(number), "key": key, "host": "", "watch": ""}
            seat = RoomClient(service.address)  # the link's key opens that seat and no other
            assert seat.sit(asked["room"], asked["key"]) == {"type": "seated", "re": 1, "room": asked["room"],
                                                             "seat": number}  # fmt: skip
            seat.close()
        assert host.source.seat == 1 and host.hand["seat"] == 1  # type: ignore[attr-defined]
    finally:
        host.close()


def test_invite_without_the_room_service_says_so_and_the_solo_game_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # closed again: nobody listens there
    monkeypatch.setenv("BOLIVIA_ROOMS", f"127.0.0.1:{port}")
    solo = PlayTable(seed=5, level="greedy", coach=False, language="en")
    before = solo.source.game.to_json()
    assert solo.handle({"do": "invite"}) is False
    assert "room service does not answer" in " ".join(solo.message["lines"])
    assert solo.source.game.to_json() == before


# --- a seat page -------------------------------------------------------------------------------


def test_a_move_at_one_page_redraws_every_other_page_and_all_show_whose_turn(
    service: ServiceThread, pages: Callable[..., tuple[CardTable, PageLoop]]
) -> None:
    made = _create(service)
    opened = {n: pages(made["room"], n, made["seats"][str(n)]) for n in range(1, 5)}
    for page, loop in opened.values():
        loop.pump(lambda page=page: page.source.room_view is not None and page.source.room_view["version"] == 4)
    mover = opened[1][0].source.room_view["turn"]  # type: ignore[index]
    for n, (page, _) in opened.items():
        turn = page.turn["line"]
        assert turn.startswith("Your turn") if n == mover else turn == f"Player {mover} is playing."
        assert page.turn["my_turn"] == (n == mover)
    page, loop = opened[mover]
    held_before = len(page.hand["cards"])
    assert page.handle({"do": "draw", "where": "stock"}) is True
    held_now = len(page.hand["cards"])  # drawn on its own page at once, from the room's answer
    assert held_now > held_before
    for other, other_loop in opened.values():
        other_loop.pump(lambda other=other: other.source.room_view["version"] == 5)  # type: ignore[attr-defined]
        held = {s["player"]: s["cards"] for s in other.source.view()["seats"]}  # type: ignore[index]
        assert held[mover] == held_now and other.centre["stock"] == page.centre["stock"]


def test_refusals_are_shown_and_change_nothing(
    service: ServiceThread, pages: Callable[..., tuple[CardTable, PageLoop]]
) -> None:
    made = _create(service)
    room, keys = made["room"], made["seats"]
    first, first_loop = pages(room, 1, keys["1"])
    second, _ = pages(room, 2, keys["2"])
    first_loop.pump(lambda: first.source.room_view is not None and first.source.room_view["version"] == 2)
    mover, waiter = (first, second) if first.source.room_view["turn"] == 1 else (second, first)  # type: ignore[index]
    before = _kept(service, room)

    assert waiter.handle({"do": "draw", "where": "stock"}) is False
    assert "it is not your turn" in _message(waiter) and _kept(service, room) == before

    host = RoomClient(service.address)  # the inviter changes a seat: the room moves on to a new version
    changed = host.request({"type": "level", "room": room, "host": made["host"], "seat": 4, "level": "greedy"})
    assert changed["type"] == "done"
    host.close()
    # the mover's page has not drawn that version yet; its move was made on the same game, so it stands
    assert mover.handle({"do": "draw", "where": "stock"}) is True
    after = _kept(service, room)
    assert after[0] == before[0] + 2 and len(Game.from_json(after[1]).history) == 1
    before = after

    for key, heard in ((keys["3"][:-4], "key is wrong or cut short"), ("A" * len(keys["3"]), "key is wrong"),
                       (keys["4"], "key is wrong")):  # fmt: skip
        forged, _ = pages(room, 3, key)  # seat 4's key in a link that says seat 3 is no seat 3 either
        assert heard in _message(forged) and forged.source.view() is None and not forged.hand
        assert forged.handle({"do": "draw"}) is False and _kept(service, room) == before
    unknown, _ = pages("no-such-room", 2, keys["2"])
    assert "there is no room no-such-room" in _message(unknown) and _kept(service, room) == before


def test_a_seat_link_opened_again_is_the_same_person_and_the_page_before_may_take_it_back(
    service: ServiceThread, pages: Callable[..., tuple[CardTable, PageLoop]]
) -> None:
    made = _create(service, computer_seats=[2, 3, 4], levels=["club", "greedy", "greedy", "greedy"])
    room, key = made["room"], made["seats"]["1"]
    first, first_loop = pages(room, 1, key)
    first_loop.pump(lambda: first.source.room_view is not None and bool(first.source.room_view["actions"]))
    second, second_loop = pages(room, 1, key)  # a reload, or the link opened on another page: seated at once
    second_loop.pump(lambda: second.source.room_view is not None and bool(second.source.room_view["actions"]))
    assert second.source.refused is None and second.source.room_view["seats"][0]["state"] == "person"  # type: ignore[index]
    first_loop.pump(lambda: first.source.refused is not None)
    assert "seat 1 was taken over on another page" in _message(first) and first.source.view() is None
    assert [c["intent"] for c in first.chrome["controls"]] == [{"do": "take_over"}]
    assert first.handle({"do": "draw"}) is False  # the old page plays it no more
    first.handle({"do": "take_over"})  # until it takes the seat back
    second_loop.pump(lambda: second.source.refused is not None)
    first_loop.pump(lambda: first.source.room_view is not None and bool(first.source.room_view["actions"]))
    version, hand = first.source.room_view["version"], first.hand["cards"]  # type: ignore[index]
    first.close()  # the person closes the page, and comes back through the same link
    again, again_loop = pages(room, 1, key)
    again_loop.pump(lambda: again.source.room_view is not None and bool(again.source.room_view["actions"]))
    assert again.source.seat == 1 and again.hand["cards"] == hand
    assert again.source.room_view["version"] == version + 2  # type: ignore[index]  # saved as left, then as back


def test_an_idle_seat_is_played_by_its_computer_and_every_page_says_so(
    service: ServiceThread, pages: Callable[..., tuple[CardTable, PageLoop]]
) -> None:
    made = _create(service, players=2, idle_seconds=5, levels=["greedy", "greedy"])  # 5 s, shrunk by idle_scale
    idle, idle_loop = pages(made["room"], 1, made["seats"]["1"])
    other, other_loop = pages(made["room"], 2, made["seats"]["2"])
    idle_loop.pump(lambda: idle.source.room_view is not None and idle.source.room_view["seats"][0]["stand_in"])
    assert [c["intent"] for c in idle.chrome["controls"]] == [{"do": "back"}]
    other_loop.pump(lambda: other.source.room_view is not None
                    and other.source.room_view["seats"][0]["stand_in"])  # fmt: skip
    assert "away; the computer (greedy) plays until they return" in other.seats["1"]["name"]
    deadline = time.monotonic() + 10  # the seat's computer level plays its turn
    while not any(m.seat == 1 and m.by == "computer" for m in service.service.store.moves(made["room"])):
        assert time.monotonic() < deadline, "the idle seat's computer did not play"
        time.sleep(0.02)
    assert idle.handle({"do": "back"}) is False
    idle_loop.pump(lambda: idle.source.room_view["seats"][0]["state"] == "person")  # type: ignore[index]


def test_an_idle_turn_counts_down_on_its_own_page_and_one_tap_keeps_the_seat(tmp_path: Any) -> None:
    """A person's idle turn: their page shows the seconds left and one "I am here"; the other page says
    they are away; the tap stops the countdown, and the computer plays nothing for them."""
    with ServiceThread(SQLiteStore(tmp_path / "rooms"), computer_delay=0, idle_scale=0.02, countdown=1500) as service:
        made = _create(service, players=2, idle_seconds=5)  # idle after 0.1 s; the countdown then runs 30 s
        first, second = RoomTable, RoomTable
        loops = [PageLoop(), PageLoop()]
        first = RoomTable(made["room"], 1, made["seats"]["1"], address=service.address, language="en",
                          schedule=loops[0])  # fmt: skip
        second = RoomTable(made["room"], 2, made["seats"]["2"], address=service.address, language="en",
                           schedule=loops[1])  # fmt: skip
        try:
            pages = {1: (first, loops[0]), 2: (second, loops[1])}
            turn = first.source.room_view["turn"] if first.source.room_view else None  # type: ignore[attr-defined]
            loops[0].pump(lambda: first.source.room_view is not None)  # type: ignore[attr-defined]
            turn = first.source.room_view["turn"]  # type: ignore[attr-defined]
            idle, idle_loop = pages[turn]
            other, other_loop = pages[3 - turn]
            idle_loop.pump(lambda: "countdown" in idle.chrome)
            countdown = idle.chrome["countdown"]
            assert 20 < countdown["seconds"] <= 30 and "{seconds}" in countdown["text"]
            assert "the computer plays for you in" in countdown["text"] and countdown["stay"] == "I am here"
            other_loop.pump(lambda: other.source.room_view["seats"][turn - 1]["state"] == "away")  # type: ignore[attr-defined]
            assert "away" in other.seats[str(turn)]["name"] and "countdown" not in other.chrome
            assert idle.handle({"do": "stay"}) is False  # one tap
            idle_loop.pump(lambda: "countdown" not in idle.chrome)
            other_loop.pump(lambda: other.source.room_view["seats"][turn - 1]["state"] == "person")  # type: ignore[attr-defined]
            assert not any(m.by == "computer" for m in service.service.store.moves(made["room"]))
        finally:
            first.close()
            second.close()


def test_a_page_that_closes_leaves_its_person_away_for_the_grace_time_before_the_computer_stands_in(
    service: ServiceThread, pages: Callable[..., tuple[CardTable, PageLoop]]
) -> None:
    made = _create(service, players=2, idle_seconds=600, levels=["greedy", "greedy"])  # grace: 90 s, shrunk to 1.8
    stays, loop = pages(made["room"], 1, made["seats"]["1"])
    leaves, _ = pages(made["room"], 2, made["seats"]["2"])
    loop.pump(lambda: stays.source.room_view is not None and stays.source.room_view["seats"][1]["state"] == "person")
    leaves.close()
    loop.pump(lambda: stays.source.room_view["seats"][1]["state"] == "away")  # type: ignore[index]
    if not stays.source.room_view["seats"][1]["stand_in"]:  # type: ignore[index]
        assert "if they do not come back soon" in stays.seats["2"]["name"]  # the grace runs: not played yet
    loop.pump(lambda: stays.source.room_view["seats"][1]["stand_in"], timeout=20)  # type: ignore[index]
    assert "plays until they return" in stays.seats["2"]["name"]


def test_a_seat_page_gives_the_coach_hint_from_its_own_view_and_says_the_others_moves_in_words(
    service: ServiceThread, pages: Callable[..., tuple[CardTable, PageLoop]]
) -> None:
    made = _create(service, players=2, seed=3)
    opened = {n: pages(made["room"], n, made["seats"][str(n)]) for n in (1, 2)}
    for page, loop in opened.values():
        loop.pump(lambda page=page: page.source.room_view is not None and page.source.room_view["version"] == 2)
    mover = opened[1][0].source.room_view["turn"]  # type: ignore[index]
    (page, loop), (other, other_loop) = opened[mover], opened[3 - mover]
    assert [c["intent"] for c in page.chrome["controls"]] == [{"do": "hint"}, {"do": "play_hint"}]
    assert not other.chrome["controls"]
    assert other.handle({"do": "hint"}) is False and "on your own turn" in _message(other)
    page.handle({"do": "hint"})
    view = SeatView.from_json(page.source.room_view["table"])  # type: ignore[index]
    expected = hint(view, HINT_LEVEL, seed=view.actions_played)  # from the seat's own view, as the page thinks it
    assert page.message["kind"] == "coach" and _message(page).startswith("Best now: "), _message(page)
    assert page.handle({"do": "play_hint"}) is True  # the hint played: the seat's own move
    after = SeatView.from_json(page.source.room_view["table"])  # type: ignore[index]
    assert after.actions_played == view.actions_played + 1 and after.phase == "play"
    assert str(expected.action) in {str(a) for a in view.legal_actions()} and expected.action != Ask()
    discard = next(m for m in page.source.room_view["actions"] if m.startswith("discard"))  # type: ignore[index]
    assert page.handle({"do": "move", "move": discard}) is True
    other_loop.pump(lambda: other.turn.get("my_turn") is True)
    said = other.chrome["recent"]
    card = discard.split()[-1]
    assert said[0].startswith(f"player {mover} ") and said[-1].startswith(f"player {mover} discards ")
    assert card not in said[-1] and card_name(Card.parse(card), "en") in said[-1]  # the card in words
    words = [step["said"] for step in other.steps["list"]]
    assert words and all(f"player {mover}" in w for w in words)


def test_invite_with_a_game_in_progress_asks_first_and_brings_the_game_into_the_room(
    service: ServiceThread, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BOLIVIA_ROOMS", "{}:{}".format(*service.address))
    solo = PlayTable(players=2, level="greedy", coach=False, language="en")
    game = solo.source.game  # type: ignore[attr-defined]
    if game.to_move != 1:
        solo.handle({"do": "new_game"})
    for _ in range(20):  # the learner plays until they have made a move
        game = solo.source.game  # type: ignore[attr-defined]
        if solo.source.undo_points:  # type: ignore[attr-defined]
            break
        solo.handle({"do": "move", "move": str(game.legal_actions()[0])})
    played = solo.source.game.to_json()  # type: ignore[attr-defined]
    invited: list[dict[str, Any]] = []

    def keep(created: Any, client: RoomClient) -> None:
        invited.append(dict(created))
        client.close()

    solo.source.on_invite = keep  # type: ignore[attr-defined]
    assert solo.handle({"do": "invite"}) is False  # asked first: nothing made, nothing lost
    assert "game in progress" in _message(solo) and not invited
    assert [c["intent"] for c in solo.chrome["controls"]] == [{"do": "invite", "keep": True},
                                                              {"do": "invite", "keep": False}]  # fmt: skip
    assert solo.source.game.to_json() == played  # type: ignore[attr-defined]
    assert solo.handle({"do": "invite", "keep": True}) is True
    stored = service.service.store.load(invited[0]["room"])
    assert stored is not None
    assert Game.from_json(stored.game).history == Game.from_json(played).history
    assert solo.handle({"do": "invite", "keep": False}) is True  # the other answer: a new deal in a new room
    fresh = service.service.store.load(invited[1]["room"])
    assert fresh is not None and Game.from_json(fresh.game).position.seed != Game.from_json(played).position.seed


def test_a_teachers_watch_link_shows_every_hand_and_an_onlookers_none_and_no_seat_is_sent_its_key(
    service: ServiceThread, pages: Callable[..., tuple[CardTable, PageLoop]]
) -> None:
    made = _create(service, players=2, seed=4)
    host, host_loop = pages(made["room"], 1, made["seats"]["1"], host=made["host"], seat_keys=made["seats"])
    seat2, seat2_loop = pages(made["room"], 2, made["seats"]["2"])
    host_loop.pump(lambda: host.source.room_view is not None)
    seat2_sent: list[str] = []
    seat2.observe(lambda change: seat2_sent.append(json.dumps(change["new"])), names=seat2.keys)
    keys = {}
    for mode in ("teacher", "onlooker"):
        assert {"do": "watch_link", "mode": mode} in [a["intent"] for a in host.menu["actions"]]
        host.handle({"do": "watch_link", "mode": mode})
        href = next(link["href"] for link in host.menu["room"]["watch_links"] if link["label"].startswith(mode[:4]))
        keys[mode] = seat_link_of(href.partition("?")[2])["watch"]  # type: ignore[index]
    game = Game.from_json(_kept(service, made["room"])[1])
    hands = {str(p): sorted(str(c) for c in game.position.hands[p - 1]) for p in (1, 2)}
    loop = PageLoop()
    teacher = WatchTable(made["room"], keys["teacher"], address=service.address, language="en", schedule=loop)
    onlooker = WatchTable(made["room"], keys["onlooker"], address=service.address, language="en", schedule=loop)
    forged = WatchTable(made["room"], keys["teacher"][:-3] + "AAA", address=service.address, language="en",
                        schedule=loop)  # fmt: skip
    try:
        loop.pump(lambda: teacher.source.view() is not None and onlooker.source.view() is not None)
        assert sorted(teacher.hand["cards"]) == hands["1"] and sorted(teacher.seats["2"]["open"]["cards"]) == hands["2"]
        assert onlooker.hand["cards"] == [] and "open" not in onlooker.seats["2"]
        assert "every hand open" in teacher.chrome["room"]
        assert forged.source.view() is None and "key" in _message(forged)
        assert teacher.handle({"do": "draw"}) is False and "watches the table" in _message(teacher)
        seat2_loop.pump(lambda: seat2.source.room_view is not None)
        seat2.handle({"do": "log", "open": True})
        for key in keys.values():
            assert not any(key in sent for sent in seat2_sent)
            assert key not in json.dumps(seat2.source.room_view)  # type: ignore[attr-defined]
    finally:
        for page in (teacher, onlooker, forged):
            page.close()


def test_asking_partner_reaches_the_partners_page_where_the_person_answers(
    service: ServiceThread, pages: Callable[..., tuple[CardTable, PageLoop]]
) -> None:
    """Seed 1, four people: the club level's moves lead to player 1 being allowed to ask (the engine
    alone worked it out); the question shows at seat 3's page only, and its answer comes back."""
    game = new_game("bolivia", 4, 1)
    levels = [PLAYERS["club"](n) for n in range(4)]
    path: list[tuple[int, str]] = []
    while not (game.to_move == 1 and Ask() in game.legal_actions()):
        action = levels[game.to_move - 1].choose(seat_view(game, game.to_move)).action
        path.append((game.to_move, str(action)))
        game.apply(action)
    made = _create(service)
    opened = {n: pages(made["room"], n, made["seats"][str(n)]) for n in range(1, 5)}
    for page, loop in opened.values():
        loop.pump(lambda page=page: page.source.room_view is not None and page.source.room_view["version"] == 4)
    for seat, action in path:
        page, loop = opened[seat]
        loop.pump(lambda page=page, seat=seat: page.source.room_view["turn"] == seat)  # type: ignore[index]
        assert page.handle({"do": "move", "move": action}) is True, _message(page)
    asker, asker_loop = opened[1]
    asker_loop.pump(lambda: "ask partner" in asker.source.view()["moves"])  # type: ignore[index]
    assert asker.handle({"do": "ask"}) is True
    partner, partner_loop = opened[3]
    partner_loop.pump(lambda: partner.source.room_view["asked_by"] == 1)  # type: ignore[index]
    assert sorted(partner.source.view()["moves"]) == ["answer no", "answer yes"]  # type: ignore[index]
    assert partner.chrome["room"] == "player 1 asks you: may they go out? Answer yes or no."
    for n in (2, 4):
        page, loop = opened[n]
        loop.pump(lambda page=page: page.source.room_view["asked_by"] == 1)  # type: ignore[index]
        assert page.source.view()["moves"] == [] and "asks you" not in page.chrome["room"]  # type: ignore[index]
    assert partner.handle({"do": "answer", "yes": False}) is True
    asker_loop.pump(lambda: asker.source.room_view["asked_by"] is None and asker.source.room_view["turn"] == 1)  # type: ignore[index]


# --- nothing hidden reaches a seat's page ---------------------------------------------------------------


def test_every_table_sent_to_one_seats_page_over_a_whole_game_holds_no_hidden_card(
    service: ServiceThread, pages: Callable[..., tuple[CardTable, PageLoop]]
) -> None:
    """Seat 1 plays a whole game (to 200) against three computers, asking the coach now and then; every
    trait the page sent to its browser (the table, the hints, the others' moves in words) is checked against
    the game at that version: seat 1's hand and the cards shown in this hand so far (a card shown in an
    earlier hand is not known to be anywhere now)."""
    made = _create(service, seed=7, computer_seats=[2, 3, 4], levels=["greedy"] * 4, target=200)
    page, loop = pages(made["room"], 1, made["seats"]["1"])
    sent: list[tuple[int, str, str]] = []
    synced = page.keys  # every trait the page is sent
    page.observe(lambda change: sent.append((page.source.room_view["version"] if page.source.room_view else -1,
                                             change["name"], json.dumps(change["new"]))), names=synced)  # fmt: skip
    room = page.source

    def ready() -> bool:
        return room.room_view is not None and (room.room_view["over"] or bool(room.room_view["actions"]))

    for turn in range(2_000):
        loop.pump(ready)
        view = page.source.room_view
        assert view is not None
        if view["over"]:
            break
        if turn % 6 == 0:  # the coach's hint, now and then: worked out from the seat's view, it tells nothing hidden
            page.handle({"do": "hint"})
            assert page.message["kind"] == "coach"
        moves = view["actions"]
        choice = next((m for m in moves if m.startswith(("meld", "add", "discard"))), moves[0])
        assert page.handle({"do": "move", "move": choice}) is True, _message(page)
    assert page.source.room_view is not None and page.source.room_view["over"]
    stored = service.service.store.load(made["room"])
    assert stored is not None
    game = Game.from_json(stored.game)
    versions = [m.version for m in service.service.store.moves(made["room"])]
    shown = _shown_so_far(game, per_hand=True)  # a new deal: what was shown before tells nothing of it
    hands = [Counter(str(c) for c in state.position.hands[0]) for state in game.replay()]
    assert len(sent) > 50
    assert {name for _version, name, _sent in sent} >= {"hand", "seats", "sides", "centre", "turn"}
    for version, name, sent_json in sent:
        at = sum(1 for v in versions if v <= version) if version >= 0 else 0
        allowed = hands[at] + shown[at]
        message = json.loads(sent_json)
        assert not _leaks(message, allowed), (name, _leaks(message, allowed)[:3])
        if name == "hand" and message:
            assert _cards(" ".join(message["cards"])) == hands[at]


def test_a_restart_of_the_room_service_loses_nothing_and_the_pages_sit_again(tmp_path: Any) -> None:
    """The service stops mid-hand (as a restart does) and comes back on the same address over the same
    store: every page says the service is away, sits at its seat again by itself, and plays on."""
    store = tmp_path / "rooms"
    first = ServiceThread(SQLiteStore(store), computer_delay=0)
    address = first.address
    made = _create(first, players=2, levels=["greedy", "greedy"])
    opened = []
    for n in (1, 2):
        loop = PageLoop()
        opened.append((RoomTable(made["room"], n, made["seats"][str(n)], address=address, language="en",
                                 schedule=loop), loop))  # fmt: skip
    try:
        for page, loop in opened:
            loop.pump(lambda page=page: page.source.room_view is not None and page.source.room_view["version"] == 2)
        mover = next(p for p, _ in opened if p.source.room_view["turn"] == p.source.seat)  # type: ignore[index]
        assert mover.handle({"do": "draw", "where": "stock"}) is True
        version, hand = mover.source.room_view["version"], mover.hand["cards"]  # type: ignore[index]
        first.stop()
        for page, loop in opened:
            loop.pump(lambda page=page: page.source.refused is not None)
            assert "room service does not answer" in _message(page)
        again = ServiceThread(SQLiteStore(store), port=address[1], computer_delay=0)
        try:
            for page, loop in opened:
                loop.pump(lambda page=page: page.source.refused is None
                          and page.source.room_view["version"] >= version, timeout=20)  # type: ignore[index]  # fmt: skip
            assert mover.hand["cards"] == hand and mover.turn["my_turn"]
            discard = next(m for m in mover.source.view()["moves"] if m.startswith("discard"))  # type: ignore[index]
            assert mover.handle({"do": "move", "move": discard}) is True, _message(mover)
        finally:
            for page, _ in opened:
                page.close()
            again.stop()
    finally:
        for page, _ in opened:
            page.close()
