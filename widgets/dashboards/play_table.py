"""Play a game against computer seats at the card table, with a coach beside you.

The learner is player 1, at a ``CardTable`` (``components/table.py``): one anywidget model that draws
the learner's seat and sends back what they tap. Every attempt goes to the engine: a legal one is
played, a refused one is answered with the engine's reasons and nothing changes. The computers then
play their turns; each of their moves is sent to the page as a step it shows one at a time, at the pace
the learner picks. Each computer decision is seeded from the game's seed and the move number, so the
same seed and the same moves replay the same game, undo included. The coach gives a hint on demand
and reviews the learner's moves at the end of each hand; it never stands in the way of a move.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bolivia_core.actions import Action, Ask
from bolivia_core.game import Game, new_game
from bolivia_core.seeds import new_seed
from bolivia_core.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    Explanation,
    get_language,
    has_code,
    render,
)
from bolivia_core.players import PLAYERS, Advice, Decision, coach_advice, hint
from bolivia_core.rules import PRESETS, get_rules
from bolivia_rooms.room import LEVELS as ROOM_LEVELS

from ..components.table import CardTable
from ..components.table_view import (
    event_words,
    explanation_view,
    explanation_words,
    seat_view,
    step_motion,
    table_labels,
)
from ..language import (
    change_page_language,
    follow_language,
    page_language,
    refusal_of,
    rule_choices,
    set_page_language,
)
from .table_tools import hand_results_html, score_table_html

__all__ = ["PACES", "PlayTable", "best_level", "level_words"]

LEARNER = 1
STRONGEST_FIRST = ("strong", "club", "beginner", "greedy", "random")
COMPUTER_MOVES_AT_MOST = 5_000  # a hand ends when the stock runs out; this only guards the loop
REVIEW_LENGTH = 3
PACES = ("slow", "normal", "fast", "instant")


def best_level() -> str:
    """The strongest computer level the engine offers (new levels join ``PLAYERS`` on their own)."""
    return next((level for level in STRONGEST_FIRST if level in PLAYERS), next(iter(PLAYERS)))


def level_words(level: str) -> str:
    """A computer level in words of the current language; a level the catalogue lacks as the engine names it."""
    code = f"dash:level-{level}"
    return render(code) if has_code(code) else level


def t(code: str, **params: Any) -> str:
    return render(code, params)


def e(code: str, **params: Any) -> str:
    return html.escape(render(code, params))


@dataclass(frozen=True)
class Review:
    """A learner's decision the coach would have made otherwise."""

    hand: int
    move: int  # the game's history length when the learner decided
    played: Action
    suggested: Decision


class PlayTable(CardTable):
    """A whole game: the learner (player 1) against computer seats, at one card table."""

    def __init__(
        self, rules: str = "bolivia", players: int = 4, seed: int | None = None, target: int | None = None,
        level: str | None = None, coach: bool = True, pace: str = "normal", language: str | None = None,
        **kwargs: Any,
    ) -> None:  # fmt: skip
        set_page_language(language or page_language())
        seed = new_seed() if seed is None else seed  # a game people play deals from a fresh secret seed
        self.rules_name, self.player_count, self.seed, self.target = rules, players, seed, target
        self.default_level = level if level in PLAYERS else best_level()
        self.seat_levels: dict[int, str] = {}
        self.coach = coach
        self.pace = pace if pace in PACES else "normal"
        self.decisions: list[int] = []  # the history length before each of the learner's decisions
        self.reviews: list[Review] = []
        self.whys: dict[int, tuple[int, Decision]] = {}  # log index -> (hand, the computer's decision)
        self.saved = ""
        self.saved_note: dict[str, Any] | None = None
        self._dealt_seed: int | None = None
        self.hinted: tuple[int, Action] | None = None  # the hint on show: the history length it was for, its move
        self.on_invite: Callable[[Mapping[str, Any], Any], None] | None = None  # the play page: become seat 1
        super().__init__(game=new_game(rules, players, seed, target), seat=LEARNER, **kwargs)
        follow_language(lambda _language: self.refresh())
        self.start(seed)

    # --- starting and settings ---------------------------------------------------------

    def start(self, seed: int | None = None) -> bool:
        """A new game from the settings; computers who move before the learner play at once. Without a
        seed it deals the seed the learner chose in the menu, else a fresh secret one (new cards)."""
        if seed is None:
            seed = new_seed() if self.seed == self._dealt_seed else self.seed
        try:
            game = new_game(self.rules_name, self.player_count, seed, self.target)
        except ValueError as error:
            self.say("refusal", [str(error)])
            self.refresh()
            return False
        self.game, self.seed, self._dealt_seed = game, seed, seed
        self.seat_levels = {p: self.seat_levels.get(p, self.default_level) for p in range(2, self.player_count + 1)}
        self.decisions, self.reviews, self.whys, self.staged, self.hinted = [], [], {}, [], None
        self.say("news", [{"code": "play-dealt", "params": {"seed": str(seed), "player": game.to_move}}])
        self._computers_move()
        self.refresh()
        return True

    def _setting(self, key: str, value: Any) -> None:
        if key == "rules" and value in PRESETS:
            self.rules_name = value
            counts = get_rules(value).player_counts
            if self.player_count not in counts:
                self.player_count = 4 if 4 in counts else counts[0]
            self.target = None
        elif key == "players" and str(value).isdigit() and int(value) in get_rules(self.rules_name).player_counts:
            self.player_count, self.target = int(value), None
        elif key == "seed" and str(value).isdigit():
            self.seed = int(value)
        elif key == "target" and str(value).isdigit() and int(value) > 0:
            self.target = int(value)
        elif key == "coach":
            self.coach = bool(value)
        elif key == "pace" and value in PACES:
            self.pace = value
        elif key == "language" and value in LANGUAGES:
            change_page_language(value)  # the table follows it too, and the page's heading
        elif key.startswith("level-") and value in PLAYERS and key[6:].isdigit():
            self.seat_levels[int(key[6:])] = value
            if int(key[6:]) == 2:
                self.default_level = value
        self.refresh()

    # --- intents ---------------------------------------------------------------------------

    def handle(self, intent: Mapping[str, Any]) -> bool:
        do = intent.get("do") if isinstance(intent, Mapping) else None
        if do == "hint":
            self.show_hint()
        elif do == "play_hint":
            return self.play_hint()
        elif do == "undo":
            self.undo()
        elif do == "new_game":
            self.start()
            return True
        elif do == "setting":
            self._setting(str(intent.get("key", "")), intent.get("value"))
        elif do == "save":
            self.saved = self.game.to_json()
            self.saved_note = {"code": "play-saved-json", "params": {}}
            self.refresh()
        elif do == "resume":
            return self.resume(str(intent.get("text", "")))
        elif do == "invite":
            return self.invite()
        else:
            return super().handle(intent)
        return False

    def attempt(self, action: Action, where: str = "") -> bool:
        game = self.game
        advice = self._advice() if self.coach and game.phase in ("draw", "play", "answer") else None
        warning = self._warning(action) if advice is not None else None
        before = len(game.history)
        mine = game.phase in ("draw", "play", "answer") and game.to_move == LEARNER
        if not super().attempt(action, where):
            return False
        if mine:
            self.decisions.append(before)
        if advice is not None and advice.action != action:
            self.reviews.append(Review(game.position.hand_number, before, action, advice))
        hinted, self.hinted = self.hinted, None
        lines: list[Mapping[str, Any]] = []
        if warning is not None:  # one line the learner passes by playing on: the move is played already
            lines.append(explanation_view(warning.line))
        if hinted is not None and hinted != (before, action) and self._advice() is not None:
            # the hint on show was for the position before this move, and the learner decides again: say so
            lines.append({"code": "play-hint-stale", "params": {"action": {"action": str(hinted[1])}}})
        if lines:
            self.say("coach" if warning is not None else "news", lines, where)
        logged = len(game.log)
        self._computers_move()
        if isinstance(action, Ask):  # the partner's answer is news for the learner, not only a step gone by
            answers = [e for e in seat_view_log(game, logged) if e["code"] == "event-answer"]
            if answers:
                said = [explanation_view(warning.line)] if warning else []
                self.say("coach" if warning else "news", [*said, answers[-1]], where)
        return True

    # --- playing together ---------------------------------------------------------------------

    def room_settings(self) -> dict[str, Any]:
        """A room from this table's settings: the preset, the players, the target, and the level each seat
        plays at when it is handed to the computer (every seat but the inviter's waits for a person). The room
        deals from its own fresh seed, which no page ever holds."""
        others = range(2, self.player_count + 1)
        levels = [self.default_level] + [self.seat_levels.get(p, self.default_level) for p in others]
        return {"rules": self.rules_name, "players": self.player_count, "target": self.target,
                "levels": [level if level in ROOM_LEVELS else "club" for level in levels]}  # fmt: skip

    def invite(self) -> bool:
        """Make a room at the room service from the settings; the page then becomes its seat 1 and shows the
        other seats' links. The service not running (or refusing the settings) is said, and nothing changes."""
        from bolivia_rooms.client import RoomClient

        try:
            client = RoomClient()
            created = client.create(self.room_settings())
        except OSError:
            self.say("refusal", [{"code": "room-service-down", "params": {}}])
            self.refresh()
            return False
        if created.get("type") != "created":
            client.close()
            self.say("refusal", [str(created.get("text", ""))])
            self.refresh()
            return False
        if self.on_invite is None:
            client.close()
            return False
        self.on_invite(created, client)
        return True

    # --- the coach -------------------------------------------------------------------------

    def _seed_for_move(self) -> int:
        """Every decision's seed comes from the game's seed and the move number: replays repeat."""
        return self.game.position.seed * 100_003 + len(self.game.history)

    def _advice(self) -> Decision | None:
        if self.game.phase not in ("draw", "play", "answer") or self.game.to_move != LEARNER:
            return None
        return hint(self.game, LEARNER, best_level(), self._seed_for_move())

    def _warning(self, action: Action) -> Advice | None:
        """The coach's word on a clear mistake only (``coach_advice``), for the move about to be played;
        an illegal move gets none: the table refuses it with the engine's reasons."""
        try:
            return coach_advice(self.game, LEARNER, action, level=best_level(), seed=self._seed_for_move())
        except ValueError:
            return None

    def show_hint(self) -> None:
        advice = self._advice()
        if advice is None:
            self.say("refusal", [{"code": "play-no-hint", "params": {"player": self.game.to_move}}])
        else:
            self.hinted = (len(self.game.history), advice.action)
            self.say("coach", [{"code": "play-hint-says", "params": {
                "level": f"dash:level-{best_level()}", "action": {"action": str(advice.action)},
                "why": {"reasons": [explanation_view(r) for r in advice.rationale or (_NO_REASON,)]}}}])  # fmt: skip
        self.refresh()

    def hint_action(self) -> Action | None:
        advice = self._advice()
        return advice.action if advice is not None else None

    def play_hint(self) -> bool:
        action = self.hint_action()
        if action is None:
            self.say("refusal", [{"code": "play-no-hint", "params": {"player": self.game.to_move}}])
            self.refresh()
            return False
        self.staged = []
        played = self.attempt(action)
        self.refresh()
        return played

    # --- the computers ------------------------------------------------------------------------

    def _computer_to_move(self) -> bool:
        game = self.game
        return game.phase in ("draw", "play", "answer") and game.to_move != LEARNER

    def _computers_move(self) -> None:
        """Every computer move up to the learner's next decision, each kept as a step the page shows."""
        for _ in range(COMPUTER_MOVES_AT_MOST):
            if not self._computer_to_move():
                break
            player = self.game.to_move
            level = self.seat_levels.get(player, self.default_level)
            decision = PLAYERS[level](self._seed_for_move()).choose(self.game)
            logged, hand = len(self.game.log), self.game.position.hand_number
            self.game.apply(decision.action)
            for index in range(logged, len(self.game.log)):
                self.whys[index] = (hand, decision)
            self.steps.append(self._step(logged))

    def _step(self, logged: int) -> dict[str, Any]:
        """One computer move as the page shows it: the learner's view after it (without the log), the
        move in words and the short movement that shows it."""
        language = get_language()
        view = seat_view(self.game, LEARNER, log_from=len(self.game.log))
        events = [e for e in seat_view_log(self.game, logged)]
        motion = next((m for m in map(step_motion, events) if m is not None), None)
        return {"view": view, "labels": table_labels(view, language), "motion": motion,
                "said": "; ".join(event_words(e, language) for e in events)}  # fmt: skip

    # --- undo, saving, resuming ---------------------------------------------------------------

    def undo(self) -> bool:
        """Back to just before the learner's previous decision (the computers' moves since go too)."""
        if not self.decisions:
            self.say("refusal", [{"code": "play-nothing-to-undo", "params": {}}])
            self.refresh()
            return False
        target = self.decisions.pop()
        self.reviews = [r for r in self.reviews if r.move < target]
        for count, game in enumerate(self.game.replay()):
            if count == target:
                self.game = game
                break
        self.whys = {i: why for i, why in self.whys.items() if i < len(self.game.log)}
        self.staged, self.hinted = [], None
        self.say("news", [{"code": "play-undone", "params": {"moves": len(self.game.history)}}])
        self.refresh()
        return True

    def resume(self, text: str) -> bool:
        """Go on from a saved game (JSON, replayed and checked) or a position string."""
        text = text.strip()
        try:
            game = Game.from_json(text) if text.startswith("{") else Game.from_position(text)
        except ValueError:
            self.say("refusal", [lambda: render("play-resume-failed", {"why": refusal_of(text)})])
            self.refresh()
            return False
        pos = game.position
        self.game = game
        self.rules_name = pos.rules.name if pos.rules.name in PRESETS else self.rules_name
        self.player_count, self.seed, self._dealt_seed, self.target = pos.players, pos.seed, pos.seed, pos.target
        self.seat_levels = {p: self.seat_levels.get(p, self.default_level) for p in range(2, pos.players + 1)}
        self.decisions, self.reviews, self.whys, self.staged, self.hinted = [], [], {}, [], None
        mover = 0
        for count, step in enumerate(game.replay()):
            if count < len(game.history) and step.to_move == LEARNER and step.phase in ("draw", "play", "answer"):
                self.decisions.append(count)
            mover = step.to_move
        del mover
        self.say("news", [{"code": "play-resumed", "params": {"moves": len(game.history)}}])
        self._computers_move()
        self.refresh()
        return True

    # --- what the page adds to the table -----------------------------------------------------------

    def page_data(self) -> dict[str, Any]:
        game = self.game
        mine = game.phase in ("draw", "play", "answer") and game.to_move == LEARNER
        controls = []
        if mine:
            controls.append({"text": t("play-hint"), "intent": {"do": "hint"}})
            controls.append({"text": t("play-play-hint"), "intent": {"do": "play_hint"}})
        if self.decisions and game.phase != "game over":
            controls.append({"text": t("play-undo"), "intent": {"do": "undo"}})
        if game.is_over:
            controls.append({"text": t("play-another-game"), "intent": {"do": "new_game"}, "primary": True})
        over = game.phase in ("hand over", "game over")
        hand = game.position.hand_number
        whys = {str(i): _why(d) for i, (h, d) in self.whys.items() if h != hand or over}
        return {
            "language": get_language(), "pace": self.pace, "controls": controls, "whys": whys,
            "hand_end": {"title": t("play-hand-end"), "html": self._hand_end_html()} if over else None,
            "menu": self._menu(),
        }  # fmt: skip

    def _menu(self) -> dict[str, Any]:
        rules = get_rules(self.rules_name)
        levels = [(name, level_words(name)) for name in PLAYERS]
        settings = [
            {"key": "pace", "label": t("table-pace"), "value": self.pace,
             "options": [(p, t(f"table-pace-{p}")) for p in PACES]},
            {"key": "language", "label": t("table-language"), "value": get_language(),
             "options": [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES]},
            {"key": "rules", "label": t("play-rules"), "value": self.rules_name,
             "options": [(name, title) for title, name in rule_choices()]},
            {"key": "players", "label": t("play-players"), "value": self.player_count,
             "options": [(n, str(n)) for n in rules.player_counts]},
            *({"key": f"level-{p}", "label": t("play-seat", player=p),
               "value": self.seat_levels.get(p, self.default_level), "options": levels}
              for p in range(2, self.player_count + 1)),
        ]  # fmt: skip
        target = self.target or rules.target_score[self.player_count]
        note = render(self.saved_note["code"], self.saved_note["params"]) if self.saved_note else ""
        return {
            "settings": settings,
            # the seed as text: a JavaScript number holds 53 bits exactly, a seed 128
            "numbers": [{"key": "seed", "label": t("play-seed"), "value": str(self.seed), "min": 0},
                        {"key": "target", "label": t("play-target"), "value": target, "min": 50, "step": 50}],
            "checks": [{"key": "coach", "label": t("table-coach"), "value": self.coach}],
            "actions": [{"text": t("play-new-game"), "intent": {"do": "new_game"}, "close": True},
                        {"text": t("room-invite"), "intent": {"do": "invite"}, "close": True}],
            "saved": self.saved, "saved_note": note, "results_html": self._results_html(),
        }  # fmt: skip

    def _hand_end_html(self) -> str:
        game, pos = self.game, self.game.position
        if not game.results:
            return ""
        result = game.results[-1]
        sheets = []
        for side, score in enumerate(result.scores):
            members = pos.members(side)
            who = t("play-side-you", players=_players(members)) if LEARNER in members else _players(members)
            minimum = pos.rules.initial_meld_minimum(pos.scores[side])
            sheets.append(
                f"<div class='bt-sheet-side'><h4>{html.escape(who)}</h4>{score_table_html(score)}"
                f"<p>{e('play-running-total', total=pos.scores[side])} "
                f"{e('play-next-minimum', minimum=minimum)}</p></div>"
            )
        if result.went_out is None:
            head = e("play-hand-ended-stock", hand=result.hand_number)
        else:
            head = e("play-hand-ended-out", hand=result.hand_number, player=result.went_out)
        end = ""
        if game.is_over:
            winner = game.winner()
            if winner is None:
                end = f"<p class='bt-winner'><b>{e('play-draw-game')}</b></p>"
            else:
                members = pos.members(winner)
                key = "play-you-win" if LEARNER in members else "play-they-win"
                end = f"<p class='bt-winner'><b>{e(key, players=_players(members), score=pos.scores[winner])}</b></p>"
        review = self._review_html(result.hand_number)
        return f"<h3>{head}</h3>{end}<div class='bt-sheets'>{''.join(sheets)}</div>{review}"

    def _review_html(self, hand: int) -> str:
        mine = [r for r in self.reviews if r.hand == hand]
        if not mine:
            return f"<p class='bt-review'>{e('play-review-none' if self.coach else 'play-review-off')}</p>"
        items = "".join(
            "<li>" + e("play-review-item", played=r.played, better=r.suggested.action, why=_why(r.suggested)) + "</li>"
            for r in mine[:REVIEW_LENGTH]
        )
        return f"<div class='bt-review'><h4>{e('play-review')}</h4><ol>{items}</ol></div>"

    def _results_html(self) -> str:
        pos = self.game.position
        names = [t("play-side-you-short") if LEARNER in pos.members(s) else _players(pos.members(s))
                 for s in range(pos.side_count)]  # fmt: skip
        return hand_results_html(self.game.results, names, "bt-results")


def seat_view_log(game: Game, start: int) -> list[dict[str, Any]]:
    """The public log's events from ``start``, as the seat view writes them."""
    return [explanation_view(event) for event in game.log[start:]]


_NO_REASON = Explanation("play-no-rationale")


def _why(decision: Decision) -> str:
    """A decision's reasons in words of the page's language, their cards said in words."""
    return "; ".join(explanation_words(explanation_view(r)) for r in decision.rationale) or t("play-no-rationale")


def _players(members: Sequence[int]) -> str:
    if len(members) == 1:
        return t("play-player", player=members[0])
    return t("play-players-list", first=", ".join(map(str, members[:-1])), last=members[-1])
