"""Watch computer players play a whole seeded game at the card table, every hand face up.

This is a spectator's page, the one place where every hand is shown: the table draws
``table_view.open_view`` (each seat's view with all hands open, no move offered) and the learner
steps through the game, a move or a hand at a time, each move shown as the play page shows the
computers' turns (a short movement, at the pace chosen, skippable), with its "why?". The viewer
records the moves the players chose, so stepping back and forward again replays the same moves: the
same seed always shows the same game. Every move is the engine's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bolivia_core.actions import Action
from bolivia_core.game import new_game
from bolivia_core.i18n import LANGUAGE_NAMES, LANGUAGES, get_language, render
from bolivia_core.players import Decision, Player, seat_players
from bolivia_core.rules import PRESETS, get_rules
from bolivia_core.seat import seat_view

from ..components.table import CardTable
from ..components.table_view import event_words, explanation_view, open_view, step_motion, table_labels
from ..language import change_page_language, follow_language, page_language, rule_choices, set_page_language
from .table_tools import hand_results_html

__all__ = ["GameViewer"]

SEATINGS = {
    "greedy": ("greedy",),
    "random": ("random",),
    "greedy and random, seat by seat": ("greedy", "random"),
    "club": ("club",),
    "strong and club, seat by seat": ("strong", "club"),
}
"""The ways to seat the computers (said in words by ``viewer:seating-1`` ... in the catalogue, in this order)."""
MOVES_PER_HAND_AT_MOST = 5_000  # a hand ends when the stock runs out; this only guards the loop
PACES = ("slow", "normal", "fast", "instant")
BOTTOM_SEAT = 1  # the seat drawn at the bottom of the table (every hand is open: no seat is the learner's)


class GameViewer(CardTable):
    """A seeded game between computer players at the card table, every hand open, a move at a time."""

    def __init__(
        self, rules: str = "bolivia", players: int = 4, seed: int = 1, seating: str = "greedy",
        pace: str = "normal", language: str | None = None, **kwargs: Any,
    ) -> None:  # fmt: skip
        set_page_language(language or page_language())
        self.rules_name, self.player_count, self.seed = rules, players, seed
        self.seating = seating if seating in SEATINGS else "greedy"
        self.pace = pace if pace in PACES else "normal"
        self.seats: list[Player] = []
        self.moves: list[Action] = []  # every move chosen so far, including those stepped back over
        self.decisions: list[Decision] = []  # the players' decisions, in step with ``moves``
        self.whys: dict[int, Decision] = {}  # log index -> the decision that logged it
        super().__init__(game=new_game(rules, players, seed), seat=BOTTOM_SEAT, **kwargs)
        self.add_class("bolivia-game-viewer")
        self.add_class("bolivia-game-table")
        follow_language(lambda _language: self.refresh())
        self.deal()

    # --- the mode: every hand open --------------------------------------------------------

    def view_and_labels(self, language: str) -> tuple[dict[str, Any], dict[str, Any]]:
        view = open_view(self.game, self.seat)
        labels = table_labels(view, language)
        labels["ui"]["skip"] = render("watch-skip")  # no turn of the learner's to skip to here
        return view, labels

    # --- playing -------------------------------------------------------------------------

    def deal(self) -> None:
        """A new game from the chosen rules, table size, computers and seed."""
        self.game = new_game(self.rules_name, self.player_count, seed=self.seed)
        self.seats = seat_players(SEATINGS[self.seating], self.player_count, self.seed)
        self.moves, self.decisions, self.whys, self.steps = [], [], {}, []
        self.say("news", [{"code": "watch-dealt", "params": {"seed": self.seed, "player": self.game.to_move}}])
        self.refresh()

    def step(self) -> None:
        """One move: the one recorded here if the viewer stepped back, else the player's choice; its
        words and its "why?" are said beside the hand."""
        if self.game.is_over:
            return
        logged = len(self.game.log)
        decision = self._step()
        self.say("news", [lambda: self._said(logged), lambda: render("watch-why", {"why": _why(decision)})])
        self.refresh()

    def step_back(self) -> None:
        if self.game.history:
            self.game.undo()
            self.whys = {i: d for i, d in self.whys.items() if i < len(self.game.log)}
            self.steps = []
            self.say("news", [{"code": "watch-stepped-back", "params": {"move": len(self.game.history)}}])
        self.refresh()

    def play_to_hand_end(self) -> None:
        """Moves until the hand is scored (or, if it is, through the next hand), each a step shown."""
        if self.game.is_over:
            return
        if self.game.phase == "hand over":
            self._step()
        for _ in range(MOVES_PER_HAND_AT_MOST):
            if self.game.phase == "hand over" or self.game.is_over:
                break
            self._step()
        self.message = None
        self.refresh()

    def _step(self) -> Decision:
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
        if self.pace != "instant":
            self.steps.append(self._shown_step(logged))
        return decision

    def _shown_step(self, logged: int) -> dict[str, Any]:
        """A move as the page shows it: the open view after it (without the log), its words, its movement."""
        language = get_language()
        view = open_view(self.game, self.seat, log_from=len(self.game.log))
        events = [explanation_view(event) for event in self.game.log[logged:]]
        motion = next((m for m in map(step_motion, events) if m is not None), None)
        labels = table_labels(view, language)
        labels["ui"]["skip"] = render("watch-skip")
        return {"view": view, "labels": labels, "motion": motion,
                "said": "; ".join(event_words(e, language) for e in events)}  # fmt: skip

    def _said(self, logged: int) -> str:
        events = [explanation_view(event) for event in self.game.log[logged:]]
        return "; ".join(event_words(e) for e in events)

    # --- intents: the steps and the settings; a card or place tapped plays nothing ----------------

    def handle(self, intent: Mapping[str, Any]) -> bool:
        do = intent.get("do") if isinstance(intent, Mapping) else None
        if do == "step":
            self.step()
        elif do == "back":
            self.step_back()
        elif do == "to_hand_end":
            self.play_to_hand_end()
        elif do == "deal":
            self.deal()
        elif do == "setting" and isinstance(intent, Mapping):
            self._setting(str(intent.get("key", "")), intent.get("value"))
        else:
            where = str(intent.get("where", "")) if isinstance(intent, Mapping) else ""
            self.say("refusal", [{"code": "watch-only-computers", "params": {}}], where)
            self.refresh()
            return False
        return do in ("step", "back", "to_hand_end", "deal")

    def _setting(self, key: str, value: Any) -> None:
        """A setting from the menu; a new table (rules, players, computers, seed) deals again."""
        if key == "pace" and value in PACES:
            self.pace = value
        elif key == "language" and value in LANGUAGES:
            change_page_language(value)  # the table follows it, and the page's heading
        elif key == "rules" and value in PRESETS:
            self.rules_name = value
            counts = get_rules(value).player_counts
            if self.player_count not in counts:
                self.player_count = 4 if 4 in counts else counts[0]
            self.deal()
        elif key == "players" and str(value).isdigit() and int(value) in get_rules(self.rules_name).player_counts:
            self.player_count = int(value)
            self.deal()
        elif key == "seating" and value in SEATINGS:
            self.seating = value
            self.deal()
        elif key == "seed" and str(value).isdigit() and int(value) <= 10**9:
            self.seed = int(value)
            self.deal()
        else:
            self.say("refusal", [{"code": "watch-bad-setting", "params": {"key": key[:40], "value": repr(value)[:40]}}])
        self.refresh()

    # --- what the page adds to the table -----------------------------------------------------------

    def page_data(self) -> dict[str, Any]:
        game = self.game
        controls = []
        if game.history:
            controls.append({"text": render("viewer:back"), "intent": {"do": "back"}})
        if not game.is_over:
            controls.append({"text": render("viewer:next"), "intent": {"do": "step"}, "primary": True})
            controls.append({"text": render("viewer:to-hand-end"), "intent": {"do": "to_hand_end"}})
        over = game.phase in ("hand over", "game over")
        hand_end = None
        if over:
            hand_end = {"title": render("play-hand-end"), "html": self._results_html()}
        return {
            "language": get_language(), "pace": self.pace, "controls": controls,
            "whys": {str(i): _why(d) for i, d in self.whys.items()}, "hand_end": hand_end, "menu": self._menu(),
        }  # fmt: skip

    def _menu(self) -> dict[str, Any]:
        rules = get_rules(self.rules_name)
        settings = [
            {"key": "pace", "label": render("table-pace"), "value": self.pace,
             "options": [(p, render(f"table-pace-{p}")) for p in PACES]},
            {"key": "language", "label": render("table-language"), "value": get_language(),
             "options": [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES]},
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
            "results_html": self._results_html(),
        }  # fmt: skip

    def _results_html(self) -> str:
        sides = self.game.position.side_count
        return hand_results_html(self.game.results, [render("viewer:col-side", {"side": s + 1}) for s in range(sides)],
                                 "bolivia-hand-results")  # fmt: skip


def _why(decision: Decision) -> str:
    return "; ".join(map(str, decision.rationale)) or render("play-no-rationale")

