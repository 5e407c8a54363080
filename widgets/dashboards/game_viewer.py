"""Watch computer players play a whole seeded game at the card table, every hand face up.

This is a spectator's page, the one place where every hand is shown: ``GameViewer(...)`` is the card
table over a ``Replay``, whose view is ``table_view.open_view`` (each seat's view with all hands open, no
move offered). The learner steps through the game, a move or a hand at a time, each move shown as the play
page shows the computers' turns (a short movement, at the pace chosen, skippable), with its "why?". The
replay records the moves the players chose, so stepping back and forward again replays the same moves:
the same seed always shows the same game. Every move is the engine's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bolivia_core.actions import Action
from bolivia_core.game import new_game
from bolivia_core.i18n import render
from bolivia_core.players import Decision, Player, seat_players
from bolivia_core.rules import PRESETS, get_rules
from bolivia_core.seat import seat_view

from ..components.table import CardTable
from ..components.table_source import (
    PACES,
    Line,
    LocalGame,
    Reply,
    Said,
    Step,
    language_setting,
    pace_setting,
    refusal,
)
from ..components.table_view import event_words, explanation_view, open_view
from ..language import page_language, rule_choices, set_page_language
from .table_tools import hand_results

__all__ = ["GameViewer", "Replay"]

SEATINGS = {
    "greedy": ("greedy",),
    "random": ("random",),
    "greedy and random, seat by seat": ("greedy", "random"),
    "club": ("club",),
    "strong and club, seat by seat": ("strong", "club"),
}
"""The ways to seat the computers (said in words by ``viewer:seating-1`` ... in the catalogue, in this order)."""
MOVES_PER_HAND_AT_MOST = 5_000  # a hand ends when the stock runs out; this only guards the loop
BOTTOM_SEAT = 1  # the seat drawn at the bottom of the table (every hand is open: no seat is the learner's)
ONLY_COMPUTERS = {"code": "watch-only-computers", "params": {}}


def GameViewer(
    rules: str = "bolivia", players: int = 4, seed: int = 1, seating: str = "greedy", pace: str = "normal",
    language: str | None = None,
) -> CardTable:  # fmt: skip
    """The watch-a-game page's card table: a seeded game between computer players, every hand open."""
    set_page_language(language or page_language())
    table = CardTable(Replay(rules, players, seed, seating, pace))
    table.add_class("bolivia-game-viewer")
    table.add_class("bolivia-game-table")
    return table


class Replay(LocalGame):
    """A seeded game between computer players, every hand open, a move at a time."""

    def __init__(self, rules: str = "bolivia", players: int = 4, seed: int = 1, seating: str = "greedy",
                 pace: str = "normal") -> None:  # fmt: skip
        self.rules_name, self.player_count, self.seed = rules, players, seed
        self.seating = seating if seating in SEATINGS else "greedy"
        self.pace = pace if pace in PACES else "normal"
        self.seats: list[Player] = []
        self.moves: list[Action] = []  # every move chosen so far, including those stepped back over
        self.decisions: list[Decision] = []  # the players' decisions, in step with ``moves``
        self.whys: dict[int, Decision] = {}  # log index -> the decision that logged it
        super().__init__(new_game(rules, players, seed), BOTTOM_SEAT)
        self._first = self.deal()

    def opening(self) -> Reply:
        return self._first

    # --- the mode: every hand open --------------------------------------------------------

    def view(self) -> dict[str, Any] | None:
        return open_view(self.game, self.seat)

    def ui_words(self) -> dict[str, str]:
        return {"skip": render("watch-skip")}  # no turn of the learner's to skip to here

    # --- playing -------------------------------------------------------------------------

    def deal(self) -> Reply:
        """A new game from the chosen rules, table size, computers and seed."""
        self.game = new_game(self.rules_name, self.player_count, seed=self.seed)
        self.seats = seat_players(SEATINGS[self.seating], self.player_count, self.seed)
        self.moves, self.decisions, self.whys = [], [], {}
        return Reply(True, Said("news", [{"code": "watch-dealt", "params": {"seed": self.seed,
                                                                            "player": self.game.to_move}}]))

    def step(self) -> Reply:
        """One move: the one recorded here if the viewer stepped back, else the player's choice; its words
        and its "why?" are said beside the hand."""
        if self.game.is_over:
            return Reply()
        step, decision = self._step()
        said: list[Line] = [lambda: "; ".join(event_words(e) for e in step.events),
                            lambda: render("watch-why", {"why": _why(decision)})]  # fmt: skip
        return Reply(True, Said("news", said), [step])

    def step_back(self) -> Reply:
        if not self.game.history:
            return Reply()
        self.game.undo()
        self.whys = {i: d for i, d in self.whys.items() if i < len(self.game.log)}
        return Reply(True, Said("news", [{"code": "watch-stepped-back", "params": {"move": len(self.game.history)}}]))

    def play_to_hand_end(self) -> Reply:
        """Moves until the hand is scored (or, if it is, through the next hand), each a step shown."""
        if self.game.is_over:
            return Reply()
        steps = [self._step()[0]] if self.game.phase == "hand over" else []
        for _ in range(MOVES_PER_HAND_AT_MOST):
            if self.game.phase == "hand over" or self.game.is_over:
                break
            steps.append(self._step()[0])
        return Reply(True, None, steps)

    def _step(self) -> tuple[Step, Decision]:
        done = len(self.game.history)
        if done == len(self.moves):
            decision = self.seats[self.game.to_move - 1].choose(seat_view(self.game, self.game.to_move))
            self.moves.append(decision.action)
            self.decisions.append(decision)
        decision = self.decisions[done]
        logged = len(self.game.log)
        self.game.apply(self.moves[done])
        for index in range(logged, len(self.game.log)):
            self.whys[index] = decision
        view = open_view(self.game, self.seat, log_from=len(self.game.log))
        return Step(view, [explanation_view(event) for event in self.game.log[logged:]]), decision

    # --- intents: the steps and the settings; a card or place tapped plays nothing ----------------

    def command(self, intent: Mapping[str, Any]) -> Reply | None:
        do = intent.get("do")
        if do == "step":
            return self.step()
        if do == "back":
            return self.step_back()
        if do == "to_hand_end":
            return self.play_to_hand_end()
        if do == "deal":
            return self.deal()
        if do == "setting":
            return self._setting(str(intent.get("key", "")), intent.get("value"))
        if do == "log":
            return None
        return refusal([ONLY_COMPUTERS], str(intent.get("where", "")))

    def play(self, action: Action, where: str = "") -> Reply:
        return refusal([ONLY_COMPUTERS], where)

    def refuse(self, lines: Sequence[Line], where: str = "", code: str = "") -> Reply:
        return refusal([ONLY_COMPUTERS], where)

    def _setting(self, key: str, value: Any) -> Reply:
        """A setting from the menu; a new table (rules, players, computers, seed) deals again."""
        if key == "pace" and value in PACES:
            self.pace = value
            return Reply()
        if key == "rules" and value in PRESETS:
            self.rules_name = value
            counts = get_rules(value).player_counts
            if self.player_count not in counts:
                self.player_count = 4 if 4 in counts else counts[0]
            return self.deal()
        if key == "players" and str(value).isdigit() and int(value) in get_rules(self.rules_name).player_counts:
            self.player_count = int(value)
            return self.deal()
        if key == "seating" and value in SEATINGS:
            self.seating = value
            return self.deal()
        if key == "seed" and str(value).isdigit() and int(value) <= 10**9:
            self.seed = int(value)
            return self.deal()
        return refusal([{"code": "watch-bad-setting", "params": {"key": key[:40], "value": repr(value)[:40]}}])

    # --- what the page adds to the table -----------------------------------------------------------

    def log(self) -> list[tuple[dict[str, Any], str | None]]:
        return [(explanation_view(event), _why(self.whys[i]) if i in self.whys else None)
                for i, event in enumerate(self.game.log)]  # fmt: skip

    def chrome(self) -> dict[str, Any]:
        game = self.game
        controls = []
        if game.history:
            controls.append({"text": render("viewer:back"), "intent": {"do": "back"}})
        if not game.is_over:
            controls.append({"text": render("viewer:next"), "intent": {"do": "step"}, "primary": True})
            controls.append({"text": render("viewer:to-hand-end"), "intent": {"do": "to_hand_end"}})
        hand_end = None
        if game.phase in ("hand over", "game over"):
            hand_end = {"title": render("play-hand-end"), "blocks": [self._results()]}
        return {"pace": self.pace, "controls": controls, "hand_end": hand_end}

    def menu(self) -> dict[str, Any]:
        rules = get_rules(self.rules_name)
        settings = [
            pace_setting(self.pace), language_setting(),
            {"key": "rules", "label": render("lab:rules"), "value": self.rules_name,
             "options": [(name, title) for title, name in rule_choices()]},
            {"key": "players", "label": render("play-players"), "value": self.player_count,
             "options": [(n, str(n)) for n in rules.player_counts]},
            {"key": "seating", "label": render("viewer:computers"), "value": self.seating,
             "options": [(key, render(f"viewer:seating-{i}")) for i, key in enumerate(SEATINGS, start=1)]},
        ]  # fmt: skip
        return {
            "settings": settings,
            "numbers": [{"key": "seed", "label": render("lab:seed"), "value": self.seed, "min": 0}],
            "actions": [{"text": render("lab:deal"), "intent": {"do": "deal"}, "close": True}],
            "results": self._results(),
        }  # fmt: skip

    def _results(self) -> dict[str, Any]:
        sides = self.game.position.side_count
        return hand_results(self.game.results, [render("viewer:col-side", {"side": s + 1}) for s in range(sides)],
                            "bolivia-hand-results")  # fmt: skip


def _why(decision: Decision) -> str:
    return "; ".join(map(str, decision.rationale)) or render("play-no-rationale")
