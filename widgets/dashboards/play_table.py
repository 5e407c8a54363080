"""Play a game against computer seats at the card table, with a coach beside you.

``PlayTable(...)`` is the play page's table: one ``CardTable`` (``components/table.py``) over a
``SoloGame``, the source that holds the game. The learner is player 1: every attempt goes to the engine,
a legal one is played, a refused one is answered with the engine's reasons and nothing changes. The
computers then play their turns; each of their moves is a step the page shows one at a time, at the pace
the learner picks. Each computer decision is seeded from the game's seed and the move number, so the same
seed and the same moves replay the same game, undo included.

The coach is the expert (``bolivia_core.players``): a hint on demand, within the page's budget (``HINT_BUDGET``),
and after each hand a review of the learner's costliest decisions, each of which "show me" puts back on the
table as the learner saw it then. Both are thought out off the page's loop (``Reply.later``), with the coach
shown thinking meanwhile, so the table answers taps; a hint for a position gone by is dropped. The coach never
stands in the way of a move.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bolivia_core.actions import Action, Ask
from bolivia_core.game import Game, new_game
from bolivia_core.i18n import Explanation, has_code, render
from bolivia_core.players import PLAYERS, Decision, Hint, Moment, Review, coach_advice, hint, review
from bolivia_core.rules import PRESETS, get_rules
from bolivia_core.seat import seat_view as engine_seat_view
from bolivia_core.seeds import new_seed
from bolivia_rooms.room import LEVELS as ROOM_LEVELS

from ..components.table import CardTable
from ..components.table_source import (
    KEEP,
    PACES,
    Line,
    LocalGame,
    Reply,
    Said,
    Step,
    Stop,
    language_setting,
    pace_setting,
    refusal,
)
from ..components.table_view import explanation_view, explanation_words, seat_view
from ..language import page_language, refusal_of, rule_choices, set_page_language
from .table_tools import hand_results, score_sheet

__all__ = ["HINT_LEVEL", "PACES", "PlayTable", "SoloGame", "best_level", "hint_said", "level_words"]

HINT_LEVEL = "expert"
"""The coach's level on every table (solo and a room's seat): its hint, and the move "play the hint" plays."""

LEARNER = 1
STRONGEST_FIRST = ("strong", "club", "beginner", "greedy", "random")
COMPUTER_MOVES_AT_MOST = 5_000  # a hand ends when the stock runs out; this only guards the loop
PLAYING = ("draw", "play", "answer")


def best_level() -> str:
    """The strongest computer level the engine offers (new levels join ``PLAYERS`` on their own)."""
    return next((level for level in STRONGEST_FIRST if level in PLAYERS), next(iter(PLAYERS)))


def level_words(level: str) -> str:
    """A computer level in words of the current language; a level the catalogue lacks as the engine names it."""
    code = f"dash:level-{level}"
    return render(code) if has_code(code) else level


def t(code: str, **params: Any) -> str:
    return render(code, params)


def PlayTable(
    rules: str = "bolivia", players: int = 4, seed: int | None = None, target: int | None = None,
    level: str | None = None, coach: bool = True, pace: str = "normal", language: str | None = None,
) -> CardTable:  # fmt: skip
    """The play page's card table: the learner (player 1) against computer seats (``SoloGame``), dealt from
    ``seed``, or from a fresh secret one."""
    set_page_language(language or page_language())
    return CardTable(SoloGame(rules, players, seed, target, level, coach, pace))


class SoloGame(LocalGame):
    """A whole game: the learner (player 1) against computer seats, with a coach, undo and saving."""

    def __init__(
        self, rules: str = "bolivia", players: int = 4, seed: int | None = None, target: int | None = None,
        level: str | None = None, coach: bool = True, pace: str = "normal",
    ) -> None:  # fmt: skip
        seed = new_seed() if seed is None else seed  # a game people play deals from a fresh secret seed
        super().__init__(new_game(rules, players, seed, target), LEARNER)
        self.rules_name, self.player_count, self.seed, self.target = rules, players, seed, target
        self.default_level = level if level in PLAYERS else best_level()
        self.seat_levels: dict[int, str] = {}
        self.coach = coach
        self.pace = pace if pace in PACES else "normal"
        self.hint_level = HINT_LEVEL  # the coach's level: its hint, and the move "play the hint" plays
        self.hand_review: Review | str | None = None  # the last hand's review, "thinking" while it is made
        self.showing: tuple[Moment, Game] | None = None  # a moment of the review put back on the table
        self.whys: dict[int, tuple[int, Decision]] = {}  # log index -> (hand, the computer's decision)
        self.saved = ""
        self.saved_note: dict[str, Any] | None = None
        self._dealt_seed: int | None = None
        self._last_hint: tuple[Game, int, Hint] | None = None
        self.hinted: tuple[int, Hint] | None = None  # the hint on show: the history length it was for, and it
        self.on_invite: Callable[[Mapping[str, Any], Any], None] | None = None  # the play page: become seat 1
        self.asking_invite = False  # "invite" with a game in progress: bring it to the room, or a new one?
        self._first = self.start(seed)

    def opening(self) -> Reply:
        """The deal said, and the computers' moves before the learner's first, shown as steps."""
        return self._first

    # --- starting and settings ---------------------------------------------------------

    def start(self, seed: int | None = None) -> Reply:
        """A new game from the settings; computers who move before the learner play at once. Without a
        seed it deals the seed the learner chose in the menu, else a fresh secret one (new cards)."""
        if seed is None:
            seed = new_seed() if self.seed == self._dealt_seed else self.seed
        try:
            game = new_game(self.rules_name, self.player_count, seed, self.target)
        except ValueError as error:
            return refusal([str(error)])
        self.game, self.seed, self._dealt_seed = game, seed, seed
        self._reset()
        said = Said("news", [{"code": "play-dealt", "params": {"seed": str(seed), "player": game.to_move}}])
        return Reply(True, said, self._computers_move())

    def _reset(self) -> None:
        """Forget what belonged to the game before (a new one, or one resumed)."""
        self.seat_levels = {p: self.seat_levels.get(p, self.default_level) for p in range(2, self.player_count + 1)}
        self.undo_points, self.whys, self.hinted = [], {}, None
        self.hand_review = self.showing = None

    def _setting(self, key: str, value: Any) -> Reply:
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
        elif key.startswith("level-") and value in PLAYERS and key[6:].isdigit():
            self.seat_levels[int(key[6:])] = value
            if int(key[6:]) == 2:
                self.default_level = value
        else:
            return refusal([{"code": "watch-bad-setting", "params": {"key": key[:40], "value": repr(value)[:40]}}])
        return Reply()

    # --- the page's intents ----------------------------------------------------------------

    def command(self, intent: Mapping[str, Any]) -> Reply | None:
        do = intent.get("do")
        if do not in ("invite", "offers", "stage", "unstage", "log"):
            self.asking_invite = False  # the learner went on: the question is put by
        if do == "hint":
            return self.show_hint()
        if do == "play_hint":
            return self.play_hint()
        if do == "show_me":
            return self.show_me(intent.get("moment"))
        if self.showing is not None and do in ("undo", "save", "invite"):
            return self._read_only()
        if do == "undo":
            return self.undo()
        if do == "new_game":  # a seed given: that deal again (a page asked for by its address)
            seed = intent.get("seed")
            return self.start(seed if type(seed) is int and seed >= 0 else None)
        if do == "setting":
            return self._setting(str(intent.get("key", "")), intent.get("value"))
        if do == "save":
            self.saved = self.game.to_json()
            self.saved_note = {"code": "play-saved-json", "params": {}}
            return Reply()
        if do == "resume":
            return self.resume(str(intent.get("text", "")))
        if do == "invite":
            keep = intent.get("keep")
            return self.invite(keep if isinstance(keep, bool) else None)
        return None

    def play(self, action: Action, where: str = "") -> Reply:
        """Play the learner's move and answer at once with what it brought; the coach's word on it (read from
        the position before it) and the computers' turns after it follow (``Reply.then``)."""
        if self.showing is not None:
            return self._read_only(where)
        refused = self.check(action, where)
        if refused is not None:
            return refused
        game = self.game
        decided = game.clone() if self.coach and game.phase in PLAYING and game.to_move == LEARNER else None
        said = self.apply(action)
        hinted, self.hinted = self.hinted, None
        return Reply(True, said, then=lambda: self._after(action, decided, hinted, said, where))

    def _after(self, action: Action, decided: Game | None, hinted: tuple[int, Hint] | None, said: Said | None,
               where: str) -> Reply:  # fmt: skip
        """What follows the learner's move: the coach's warning, the stale hint said, and every computer move
        up to the learner's next decision, each a step the page shows; at the end of a hand, the coach's review
        of it begins (``later``)."""
        before = len(decided.history) if decided is not None else len(self.game.history) - 1
        warning = None
        if decided is not None:
            try:
                warning = coach_advice(engine_seat_view(decided, LEARNER), action, level=best_level(),
                                       seed=self._seed_for_move(decided))  # fmt: skip
            except ValueError:
                warning = None
        lines: list[Line] = []
        if warning is not None:  # one line the learner passes by playing on: the move is played already
            lines.append(explanation_view(warning.line))
        if hinted is not None and (hinted[0], hinted[1].action) != (before, action) and self._learner_decides():
            # the hint on show was for the position before this move, and the learner decides again: say so
            lines.append({"code": "play-hint-stale", "params": {"action": {"action": str(hinted[1].action)}}})
        reply = Reply(False, Said("coach" if warning is not None else "news", lines, where) if lines else KEEP)
        logged = len(self.game.log)
        reply.steps = self._computers_move()
        if isinstance(action, Ask):  # the partner's answer is news for the learner, not only a step gone by
            answers = [explanation_view(e) for e in self.game.log[logged:] if e.code == "event-answer"]
            if answers:
                warned = [explanation_view(warning.line)] if warning else []
                reply.said = Said("coach" if warning else "news", [*warned, answers[-1]], where)
        if self.game.phase in ("hand over", "game over") and self.coach and self.game.results:
            reply.later = self._review_later()
        return reply

    # --- playing together ---------------------------------------------------------------------

    def room_settings(self) -> dict[str, Any]:
        """A room from this table's settings: the preset, the players, the target, and the level each seat
        plays at when it is handed to the computer (every seat but the inviter's waits for a person). The room
        deals from its own fresh seed, which no page ever holds."""
        others = range(2, self.player_count + 1)
        levels = [self.default_level] + [self.seat_levels.get(p, self.default_level) for p in others]
        return {"rules": self.rules_name, "players": self.player_count, "target": self.target,
                "levels": [level if level in ROOM_LEVELS else "club" for level in levels]}  # fmt: skip

    def in_progress(self) -> bool:
        """The learner has played in this game, and it is not over: "invite" must not lose it."""
        return bool(self.undo_points) and not self.game.is_over

    def invite(self, keep: bool | None = None) -> Reply:
        """Make a room at the room service; the page then becomes its seat 1 and shows the other seats' links.
        A game in progress is never lost: with ``keep`` it goes on in the room (every seat as it stands), without
        it the room deals a new game; unsaid (``None``), the learner is asked first and nothing changes yet.
        The service not running (or refusing the settings) is said, and nothing changes."""
        from bolivia_rooms.client import RoomClient

        if keep is None and self.in_progress():
            self.asking_invite = True
            return Reply(False, Said("news", [{"code": "room-invite-ask", "params": {}}]))
        self.asking_invite = False
        game = self.game.to_json() if keep and self.in_progress() else None
        try:
            client = RoomClient()
            created = client.create(self.room_settings(), game)
        except OSError:
            return refusal([{"code": "room-service-down", "params": {}}])
        if created.get("type") != "created":
            client.close()
            return refusal([str(created.get("text", ""))])
        if self.on_invite is None:
            client.close()
            return Reply()
        self.on_invite(created, client)
        return Reply(True)

    # --- the coach -------------------------------------------------------------------------

    def _seed_for_move(self, game: Game | None = None) -> int:
        """Every decision's seed comes from the game's seed and the move number: replays repeat."""
        game = game or self.game
        return game.position.seed * 100_003 + len(game.history)

    def _learner_decides(self) -> bool:
        return self.game.phase in PLAYING and self.game.to_move == LEARNER

    def _hint(self) -> Hint:
        """The coach's hint for the learner now, from the learner's view alone (the learner must be to move); the
        same position asked again (the move it suggests, then played) is not thought out twice."""
        key = (self.game, len(self.game.history))
        if self._last_hint is None or self._last_hint[0] is not key[0] or self._last_hint[1] != key[1]:
            found = hint(engine_seat_view(self.game, LEARNER), self.hint_level, seed=self._seed_for_move())
            self._last_hint = (*key, found)
        return self._last_hint[2]

    def _hint_later(self, then: Callable[[Hint], Reply]) -> Callable[[Stop], Callable[[], Reply]]:
        """The hint thought out off the page's loop (from a snapshot of the learner's view), then ``then``."""
        view, seed, level = engine_seat_view(self.game, LEARNER), self._seed_for_move(), self.hint_level

        def think(stop: Stop) -> Callable[[], Reply]:
            found = hint(view, level, seed=seed, stop=stop)
            return lambda: then(found)

        return think

    def show_hint(self) -> Reply:
        """The coach thinks (said at once), then its hint: one sentence, the move and its main reason, and behind
        "why?" its numbers (the worlds it tried, how far ahead of the runner-up) and every reason."""
        if not self._learner_decides():
            return refusal([{"code": "play-no-hint", "params": {"player": self.game.to_move}}])
        if self.hinted is not None and self.hinted[0] == len(self.game.history):
            return Reply(False, self._hint_said(self.hinted[1]))  # the same position: the same hint, at once
        thinking = Said("thinking", [{"code": "play-coach-thinking", "params": {}}])
        return Reply(False, thinking, later=self._hint_later(self._hint_shown))

    def _hint_shown(self, found: Hint) -> Reply:
        self.hinted = (len(self.game.history), found)
        return Reply(False, self._hint_said(found))

    @staticmethod
    def _hint_said(found: Hint) -> Said:
        return hint_said(found)

    def hint_action(self) -> Action | None:
        """The move the coach suggests now (thought out here, at once), or ``None`` when the learner is not to move."""
        return self._hint().action if self._learner_decides() else None

    def play_hint(self) -> Reply:
        """Play the coach's move: the hint on show when it is for this position, else the hint thought out first."""
        if not self._learner_decides():
            return refusal([{"code": "play-no-hint", "params": {"player": self.game.to_move}}])
        if self.hinted is not None and self.hinted[0] == len(self.game.history):
            return self.play(self.hinted[1].action)
        last = self._last_hint
        if last is not None and last[0] is self.game and last[1] == len(self.game.history):
            return self.play(last[2].action)  # thought out already (``hint_action``)
        thinking = Said("thinking", [{"code": "play-coach-thinking", "params": {}}])
        return Reply(False, thinking, later=self._hint_later(lambda found: self.play(found.action)))

    # --- the review of a hand -------------------------------------------------------------------

    def _review_later(self) -> Callable[[Stop], Callable[[], Reply]]:
        """The hand's review for the learner, made off the page's loop on a copy of the game."""
        game, seed = self.game.clone(), self._seed_for_move()
        self.hand_review = "thinking"

        def think(stop: Stop) -> Callable[[], Reply]:
            made = review(game, LEARNER, seed=seed, stop=stop)

            def done() -> Reply:
                self.hand_review = made
                return Reply()

            return done

        return think

    def review(self) -> dict[str, Any]:
        """The review of the hand just ended, as the page draws it with the end of the hand."""
        game = self.game
        if game.phase not in ("hand over", "game over") or not game.results:
            return {}
        title = t("play-review-title")
        if self.hand_review is None:  # the coach was off, or the hand did not end here (a finished one resumed)
            return {"title": title, "heading": t("play-review-off")} if not self.coach else {}
        made = self.hand_review
        if not isinstance(made, Review) or made.hand != game.results[-1].hand_number:
            return {"title": title, "thinking": t("play-review-thinking")}
        return {
            "title": title, "heading": explanation_words(explanation_view(made.heading)), "show_me": t("play-show-me"),
            "moments": [{"line": explanation_words(explanation_view(m.line)),
                         "why": [explanation_words(explanation_view(w)) for w in m.why],
                         "lost": round(m.lost), "index": m.index} for m in made.moments],
        }  # fmt: skip

    def show_me(self, number: Any) -> Reply:
        """Put moment ``number`` of the review back on the table, as the learner saw it then (read-only); ``None``:
        back to the end of the hand."""
        if number is None:
            self.showing = None
            return Reply(said=None)
        made = self.hand_review
        if not isinstance(made, Review) or type(number) is not int or not 0 <= number < len(made.moments) \
                or self.game.phase not in ("hand over", "game over"):  # fmt: skip
            return refusal([{"code": "play-no-moment", "params": {"moment": repr(number)[:20]}}])
        moment = made.moments[number]
        then = next(g for count, g in enumerate(self.game.replay()) if count == moment.index)
        self.showing = (moment, then)
        said = [{"code": "play-showing", "params": {"turn": moment.turn, "hand": made.hand}},
                explanation_view(moment.line)]  # fmt: skip
        return Reply(said=Said("coach", said, why=[explanation_view(w) for w in moment.why]))

    def _read_only(self, where: str = "") -> Reply:
        return refusal([{"code": "play-showing-read-only", "params": {}}], where)

    def view(self) -> dict[str, Any] | None:
        """The learner's view; while a moment of the review is shown, the view then, offering no move."""
        if self.showing is None:
            return super().view()
        view = seat_view(self.showing[1], LEARNER)
        view["moves"], view["more_moves"], view["could_go_out"] = [], 0, False
        view["pile"] = {**view["pile"], "takes": []}
        return view

    # --- the computers ------------------------------------------------------------------------

    def _computers_move(self) -> list[Step]:
        """Every computer move up to the learner's next decision, each a step the page shows."""
        steps = []
        for _ in range(COMPUTER_MOVES_AT_MOST):
            game = self.game
            if game.phase not in PLAYING or game.to_move == LEARNER:
                break
            level = self.seat_levels.get(game.to_move, self.default_level)
            decision = PLAYERS[level](self._seed_for_move()).choose(engine_seat_view(game, game.to_move))
            logged, hand = len(game.log), game.position.hand_number
            game.apply(decision.action)
            for index in range(logged, len(game.log)):
                self.whys[index] = (hand, decision)
            steps.append(Step(seat_view(game, LEARNER, log_from=len(game.log)),
                              [explanation_view(e) for e in game.log[logged:]]))  # fmt: skip
        return steps

    # --- undo, saving, resuming ---------------------------------------------------------------

    def undo(self) -> Reply:
        """Back to just before the learner's previous decision (the computers' moves since go too)."""
        reply = super().undo()
        if reply.played:
            self.whys = {i: why for i, why in self.whys.items() if i < len(self.game.log)}
            self.hinted = self.hand_review = self.showing = None
        return reply

    def resume(self, text: str) -> Reply:
        """Go on from a saved game (JSON, replayed and checked) or a position string."""
        text = text.strip()
        try:
            game = Game.from_json(text) if text.startswith("{") else Game.from_position(text)
        except ValueError:
            return refusal([lambda: render("play-resume-failed", {"why": refusal_of(text)})])
        pos = game.position
        self.game = game
        self.rules_name = pos.rules.name if pos.rules.name in PRESETS else self.rules_name
        self.player_count, self.seed, self._dealt_seed, self.target = pos.players, pos.seed, pos.seed, pos.target
        self._reset()
        moves = len(game.history)
        self.undo_points = [count for count, step in enumerate(game.replay())
                            if count < moves and step.to_move == LEARNER and step.phase in PLAYING]  # fmt: skip
        said = Said("news", [{"code": "play-resumed", "params": {"moves": len(game.history)}}])
        return Reply(True, said, self._computers_move())

    # --- what the page adds to the table -----------------------------------------------------------

    def log(self) -> list[tuple[dict[str, Any], str | None]]:
        """The log, each computer's move with its reasons once its hand is over (not before: they would tell
        what the computer holds)."""
        game = self.game
        over = game.phase in ("hand over", "game over")
        hand = game.position.hand_number
        whys = {i: _why(d) for i, (h, d) in self.whys.items() if h != hand or over}
        return [(explanation_view(event), whys.get(i)) for i, event in enumerate(game.log)]

    def chrome(self) -> dict[str, Any]:
        game = self.game
        if self.showing is not None:
            back = {"text": t("play-back-to-hand-end"), "intent": {"do": "show_me", "moment": None}, "primary": True}
            return {"pace": self.pace, "controls": [back], "hand_end": None}
        mine = game.phase in PLAYING and game.to_move == LEARNER
        controls = []
        if mine:
            controls.append({"text": t("play-hint"), "intent": {"do": "hint"}})
            controls.append({"text": t("play-play-hint"), "intent": {"do": "play_hint"}})
        if self.undo_points and game.phase != "game over":
            controls.append({"text": t("play-undo"), "intent": {"do": "undo"}})
        if game.is_over:
            controls.append({"text": t("play-another-game"), "intent": {"do": "new_game"}, "primary": True})
        if self.asking_invite and self.in_progress():
            controls = [{"text": t("room-invite-keep"), "intent": {"do": "invite", "keep": True}, "primary": True},
                        {"text": t("room-invite-new"), "intent": {"do": "invite", "keep": False}}]  # fmt: skip
        over = game.phase in ("hand over", "game over")
        return {"pace": self.pace, "controls": controls,
                "hand_end": {"title": t("play-hand-end"), "blocks": self._hand_end()} if over else None}  # fmt: skip

    def menu(self) -> dict[str, Any]:
        rules = get_rules(self.rules_name)
        levels = [(name, level_words(name)) for name in PLAYERS]
        settings = [
            pace_setting(self.pace), language_setting(),
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
        pos = self.game.position
        names = [t("play-side-you-short") if LEARNER in pos.members(s) else _players(pos.members(s))
                 for s in range(pos.side_count)]  # fmt: skip
        return {
            "settings": settings,
            # the seed as text: a JavaScript number holds 53 bits exactly, a seed 128
            "numbers": [{"key": "seed", "label": t("play-seed"), "value": str(self.seed), "min": 0},
                        {"key": "target", "label": t("play-target"), "value": target, "min": 50, "step": 50}],
            "checks": [{"key": "coach", "label": t("table-coach"), "value": self.coach}],
            "actions": [{"text": t("play-new-game"), "intent": {"do": "new_game"}, "close": True},
                        {"text": t("room-invite"), "intent": {"do": "invite"}, "close": True}],
            "saved": self.saved, "saved_note": note, "results": hand_results(self.game.results, names),
        }  # fmt: skip

    def _hand_end(self) -> list[dict[str, Any]]:
        """The end of a hand as the page shows it: who went out, each side's score sheet, the winner at the
        game's end, and the coach's review of the learner's hand."""
        game, pos = self.game, self.game.position
        if not game.results:
            return []
        result = game.results[-1]
        if result.went_out is None:
            blocks: list[dict[str, Any]] = [{"h": t("play-hand-ended-stock", hand=result.hand_number)}]
        else:
            blocks = [{"h": t("play-hand-ended-out", hand=result.hand_number, player=result.went_out)}]
        if game.is_over:
            winner = game.winner()
            if winner is None:
                blocks.append({"b": t("play-draw-game"), "class": "bt-winner"})
            else:
                members = pos.members(winner)
                key = "play-you-win" if LEARNER in members else "play-they-win"
                blocks.append({"b": t(key, players=_players(members), score=pos.scores[winner]), "class": "bt-winner"})
        sheets = []
        for side, score in enumerate(result.scores):
            members = pos.members(side)
            who = t("play-side-you", players=_players(members)) if LEARNER in members else _players(members)
            minimum = pos.rules.initial_meld_minimum(pos.scores[side])
            sheets.append({"div": [{"h4": who}, score_sheet(score),
                                   {"p": f"{t('play-running-total', total=pos.scores[side])} "
                                         f"{t('play-next-minimum', minimum=minimum)}"}],
                           "class": "bt-sheet-side"})  # fmt: skip
        blocks.append({"div": sheets, "class": "bt-sheets"})
        return blocks  # the coach's review follows them, drawn from the table's own part (``review``)


_NO_REASON = Explanation("play-no-rationale")


def hint_said(found: Hint) -> Said:
    """The coach's hint as the message area says it (a solo table's, a room seat's): one sentence, the move and
    its main reason, and behind "why?" every reason and the search's numbers."""
    why = [explanation_view(r) for r in found.why] or [explanation_view(_NO_REASON)]
    return Said("coach", [explanation_view(found.sentence)], why=why)


def _why(decision: Decision) -> str:
    """A decision's reasons in words of the page's language, their cards said in words."""
    return "; ".join(explanation_words(explanation_view(r)) for r in decision.rationale) or t("play-no-rationale")


def _players(members: Sequence[int]) -> str:
    if len(members) == 1:
        return t("play-player", player=members[0])
    return t("play-players-list", first=", ".join(map(str, members[:-1])), last=members[-1])

