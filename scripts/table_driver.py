"""Play the play page's card table in a real browser by touch, following the coach's hint each turn.

The browser tests (tests/browser/test_play.py) and the benchmark (benchmarks/bench_table.py) share it.
A mirror ``PlayTable`` (a ``CardTable`` over a ``SoloGame``) in this process plays the same seeded game:
its hint is turned into the taps a learner would make on the page (cards by their names, then the stock,
the pile, a meld or the meld area), and after each move the page must show what the mirror shows (the
same seed and moves give the same game, the computers' moves included), so every figure is taken at a
known position.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bolivia_core.actions import Action, Add, Answer, Ask, Discard, Draw, Meld, NextHand, Pass, TakePile, TakeTop
from bolivia_core.i18n import card_name
from bolivia_widgets.components.table_view import action_words, place_offers, table_parts

TIMEOUT = 300_000  # a cold kernel on a busy machine (two cores shared by several sessions)
PLACES_JS = """() => {
  const boxes = {};
  const put = (name, node) => { if (node) { const r = node.getBoundingClientRect();
    boxes[name] = [r.left, r.top, r.right, r.bottom]; } };
  const root = document.querySelector('.bt-table');
  put('stock', root.querySelector('.bt-stock'));
  put('pile', root.querySelector('.bt-pile'));
  put('hand', root.querySelector('.bt-hand'));
  root.querySelectorAll('.bt-hand .bt-card').forEach((n, i) => put('card ' + i, n));
  root.querySelectorAll('.bt-side.bt-mine .bt-meld').forEach((n, i) => put('meld ' + (i + 1), n));
  put('meld area', root.querySelector('.bt-meld-area'));
  put('controls', root.querySelector('.bt-bottom .bt-controls'));
  put('message', root.querySelector('.bt-message'));
  put('felt', root.querySelector('.bt-felt'));
  return {boxes, width: window.innerWidth, height: window.innerHeight, scrollY: window.scrollY,
          scrollX: window.scrollX};
}"""


def out_of_view(page: Any) -> list[str]:
    """The places needed for a move that are not wholly inside the window, or "scrolled" when it is."""
    seen = page.evaluate(PLACES_JS)
    width, height = seen["width"], seen["height"]
    wrong = [f"{name} {box}" for name, box in seen["boxes"].items()
             if box[0] < -0.5 or box[1] < -0.5 or box[2] > width + 0.5 or box[3] > height + 0.5]  # fmt: skip
    felt = seen["boxes"].get("felt")
    if felt:  # the table's own melds, the stock and the pile must not be hidden in the felt's scrolling
        wrong += [f"{name} {box} hidden in the table {felt}" for name, box in seen["boxes"].items()
                  if name.startswith(("meld", "stock", "pile")) and (box[1] < felt[1] - 0.5 or box[3] > felt[3] + 0.5)]
    if seen["scrollY"] or seen["scrollX"]:
        wrong.append(f"scrolled {seen['scrollX']},{seen['scrollY']}")
    return wrong


@dataclass
class TurnRecord:
    """One learner turn: the moves it took, the taps they needed, and what was out of view at its start."""

    moves: list[str] = field(default_factory=list)
    taps: int = 0
    out_of_view: list[str] = field(default_factory=list)
    latencies_ms: list[float] = field(default_factory=list)
    timed: list[tuple[str, float]] = field(default_factory=list)  # (kind of tap, ms from the tap to its frame)


WATCHED = {
    "choose": (".bt-hand", "{subtree: true, attributes: true, attributeFilter: ['aria-pressed']}"),
    "draw": (".bt-hand", "{childList: true}"),
    "take": (".bt-hand", "{childList: true}"),
    "discard": (".bt-pile .bt-pile-card", "{childList: true}"),
    "meld": (".bt-my-sides", "{subtree: true, childList: true}"),
    "add": (".bt-my-sides", "{subtree: true, childList: true}"),
}
"""Where each kind of tap shows its change: the place watched for it, and the changes that count."""


class HintFollower:
    """Turns the mirror's hint into taps on the page and keeps the two in step. The mirror is a card table
    whose source plays the same game (``mirror.source.view()``: the seat's view; ``mirror.labels``: its words)."""

    def __init__(self, page: Any, mirror: Any) -> None:
        self.page = page
        self.mirror = mirror

    # --- the page's places -----------------------------------------------------------

    def hand_card(self, name: str) -> Any:
        hand = self.page.get_by_role("group", name=re.compile("^your hand"))
        return hand.locator(f"button.bt-card[aria-pressed='false'][aria-label='{name}']").first

    def place(self, kind: str, value: Any = None) -> Any:
        page = self.page
        if kind == "stock":
            return page.get_by_role("button", name=re.compile("^stock"))
        if kind == "pile":
            return page.get_by_role("button", name=re.compile("^discard pile"))
        if kind == "meld":
            return page.locator(".bt-side.bt-mine").get_by_role("button", name=re.compile(f"^meld {value}:"))
        if kind == "meld area":
            return page.locator(".bt-meld-area")
        if kind == "control":
            return page.locator(".bt-table").get_by_role("button", name=value, exact=True).first
        if kind == "card":
            return self.hand_card(value)
        raise ValueError(f"no place {kind!r}")

    # --- the taps a move needs ----------------------------------------------------------

    def taps_for(self, action: Action) -> list[tuple[str, Any]]:
        """The fewest taps a learner needs for ``action``: choosing its cards and tapping where they go,
        or tapping the place with nothing chosen and picking the move it offers."""
        chosen = self.chosen_taps(action)
        if isinstance(action, Meld):
            place, key = ("meld area", None), "meld-area"
        elif isinstance(action, Add):
            place, key = ("meld", action.meld), f"meld-{action.meld}"
        else:
            return chosen
        offers = place_offers(self.mirror.source.view(), key, "en") or {"moves": []}
        offered = {o["move"]: o["words"] for o in offers["moves"]}
        if str(action) in offered and len(chosen) > 2:
            return [place, ("control", offered[str(action)])]
        return chosen

    def chosen_taps(self, action: Action) -> list[tuple[str, Any]]:
        view = self.mirror.source.view()
        names = lambda cards: [("card", card_name(c)) for c in cards]  # noqa: E731
        if isinstance(action, Draw):
            return [("stock", None)]
        if isinstance(action, Discard):
            return [*names([action.card]), ("pile", None)]
        if isinstance(action, Add):
            return [*names(action.cards), ("meld", action.meld)]
        if isinstance(action, TakeTop):
            return [("meld", action.meld)]
        if isinstance(action, Meld):
            taps: list[tuple[str, Any]] = []
            for group in action.melds[:-1]:
                taps += [*names(group), ("control", self.mirror.labels["stage"])]
            return [*taps, *names(action.melds[-1]), ("meld area", None)]
        if isinstance(action, TakePile):
            if action.cards and not action.melds:
                return [*names(action.cards), ("pile", None) if action.onto is None else ("meld", action.onto)]
            takes = view["pile"]["takes"]
            if len(takes) == 1:
                return [("pile", None)]
            return [("pile", None), ("control", action_words(str(action), "en"))]
        if isinstance(action, Ask | Answer | Pass | NextHand):
            return [("control", action_words(str(action), "en"))]
        raise ValueError(f"no taps for {action}")

    # --- playing ----------------------------------------------------------------------------

    def in_step(self, timeout: float = TIMEOUT) -> None:
        """Wait until the page shows the mirror's table: the same hand size, stock and turn line, and no
        computer step still moving."""
        parts = table_parts(self.mirror.source.view(), "en")
        hand, stock = parts["hand"]["label"], parts["centre"]["stock"]["name"]
        page = self.page
        page.wait_for_function(
            """([hand, stock]) => {
              const root = document.querySelector('.bt-table');
              if (!root || root.classList.contains('bt-playing')) return false;
              const h = root.querySelector('.bt-hand'); const s = root.querySelector('.bt-stock');
              return h && s && h.getAttribute('aria-label') === hand && s.getAttribute('aria-label') === stock;
            }""",
            arg=[hand, stock], timeout=timeout,
        )  # fmt: skip

    def tap(self, kind: str, value: Any, record: TurnRecord, move: str = "") -> None:
        """Tap a place, and time in the page, from the tap to the frame after the change it makes: a chosen
        card lifted, the new cards in the hand, the pile's new top, the meld laid or added to (``move``: the
        kind of move this tap makes, when it makes one)."""
        target = self.place(kind, value)
        target.wait_for(timeout=TIMEOUT)
        timed = "choose" if kind == "card" else move or kind
        watched, options = WATCHED.get(timed, (".bt-table", "{subtree: true, childList: true, attributes: true}"))
        page = self.page
        page.evaluate("() => { const t = window.__tap = {start: null, end: null}; "
                      "window.addEventListener('click', () => { if (t.start === null) t.start = performance.now(); }, "
                      "{capture: true, once: true}); const o = new MutationObserver(() => { o.disconnect(); "
                      "requestAnimationFrame(() => { t.end = performance.now(); }); }); "
                      f"o.observe(document.querySelector('{watched}'), {options}); }}")  # fmt: skip
        # an overlapped card is tapped where a finger would: on its corner in sight (its rank)
        target.click(position={"x": 6, "y": 14}) if kind == "card" else target.click()
        try:
            page.wait_for_function("() => window.__tap.end !== null", timeout=TIMEOUT)
            ms = page.evaluate("() => window.__tap.end - window.__tap.start")
            record.latencies_ms.append(ms)
            record.timed.append((timed, ms))
        except Exception:
            pass
        record.taps += 1

    def learner_turn(self, check: Callable[[], list[str]] | None = None) -> TurnRecord:
        """Play the learner's whole turn (draw to discard, or an answer, or the next hand) by the hint."""
        record = TurnRecord()
        mirror = self.mirror
        self.in_step()
        if check is not None:
            record.out_of_view = check()
        first = True
        game = lambda: mirror.source.game  # noqa: E731 - the game the mirror plays now
        while first or (game().to_move == 1 and game().phase in ("play",)):
            first = False
            action = mirror.source.hint_action() if game().phase in ("draw", "play", "answer") else NextHand()
            if action is None:
                break
            kind = {Draw: "draw", Discard: "discard", Meld: "meld", Add: "add", TakePile: "take",
                    TakeTop: "take"}.get(type(action), "control")  # fmt: skip
            taps = self.taps_for(action)
            for number, (tapped, value) in enumerate(taps):  # the last tap makes the move; one before, an offer
                self.tap(tapped, value, record, kind if number == len(taps) - 1 else "offer")
            if isinstance(action, NextHand):
                mirror.handle({"do": "next_hand"})
            else:
                assert mirror.handle({"do": "play_hint"}), f"the mirror refused its own hint {action}"
            record.moves.append(str(action))
            self.in_step()
            if isinstance(action, Discard | NextHand | Answer | Pass):
                break
        return record


def open_menu(page: Any) -> None:
    """Open the table's menu (☰) and wait for its dialog."""
    page.get_by_role("button", name="menu", exact=True).click(timeout=TIMEOUT)
    page.locator(".bt-dialog[open] select[data-setting='pace']").wait_for(timeout=TIMEOUT)


def set_pace(page: Any, pace: str) -> None:
    """Choose how the computers' moves are shown (slow, normal, fast, instant) in the menu, and close it."""
    open_menu(page)
    page.locator(".bt-dialog select[data-setting='pace']").select_option(pace, timeout=TIMEOUT)
    page.locator(".bt-dialog").get_by_role("button", name="close", exact=True).click(timeout=TIMEOUT)
