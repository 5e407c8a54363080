"""Play a game against computer seats at a real card table, with a coach beside you.

The learner is player 1. Every attempt goes to the engine: a legal one is played, a refused one is
shown with the engine's reasons (each says what to do instead) and nothing changes. The computer
seats are the levels in ``bolivia_core.players.PLAYERS``; each decision is seeded from the game's
seed and the move number, so the same seed and the same moves replay the same game, undo included.
The table decides no rule: it only turns clicks into actions and the engine's answers into pictures.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable, Sequence
from functools import partial
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets
from ipywidgets.widgets.widget_string import HTMLStyle

from bolivia_core.actions import Action, Add, Answer, Ask, Discard, Draw, Meld, NextHand, Pass, TakePile, TakeTop
from bolivia_core.cards import Card, format_cards, remove_cards
from bolivia_core.turn import pile_frozen
from bolivia_core.game import Game, new_game
from bolivia_core.melds import MeldKind, complete_length, judge, judge_addition, meld_name
from bolivia_core.i18n import EN, format_number, format_signed, render
from bolivia_core import players as players_module
from bolivia_core.players import PLAYERS, Decision, hint
from bolivia_core.rules import PRESETS, get_rules
from bolivia_core.scoring import may_go_out, needs_text

from ..components.cards import CardRow
from ..language import LanguagePicker, refusal_of, rules_title
from .table_tools import score_table_html

__all__ = ["PlayTable", "best_level"]

HERE = Path(__file__).parent
LEARNER = 1
STRONGEST_FIRST = ("strong", "club", "beginner", "greedy", "random")
COMPUTER_MOVES_AT_MOST = 5_000  # a hand ends when the stock runs out; this only guards the loop
REVIEW_LENGTH = 3
CLEAR_MISTAKE = 150.0  # with a ranking, the coach warns only when the hint's move rates this much better
NEW_MELD = 0  # the meld picker's "(a new meld)": melds are numbered from 1


def best_level() -> str:
    """The strongest computer level the engine offers (new levels join ``PLAYERS`` on their own)."""
    return next((level for level in STRONGEST_FIRST if level in PLAYERS), next(iter(PLAYERS)))


def t(code: str, **params: Any) -> str:
    """A text from the play dashboard's section of the message catalogue."""
    return render(code, params)


def e(code: str, **params: Any) -> str:
    """A catalogue text escaped for HTML."""
    return html.escape(render(code, params))


class Announcer(anywidget.AnyWidget):
    """A polite live region that stays in the page, so a screen reader hears each new text."""

    _esm = HERE / "play_table.js"
    _css = HERE / "play_table.css"
    text = traitlets.Unicode("").tag(sync=True)


@dataclass(frozen=True)
class Step:
    """One action of the game as the table shows it: who, what happened, and the computer's decision
    (put into words only when shown, so the log follows a change of language)."""

    player: int
    hand: int  # the hand it was played in: a computer's reasons name its own cards, so they wait for its end
    events: tuple[Any, ...]
    decision: Decision | None = None

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(str(event) for event in self.events)

    @property
    def why(self) -> str:
        return _why(self.decision) if self.decision is not None else ""


@dataclass(frozen=True)
class Review:
    """A learner's decision the coach would have made otherwise."""

    hand: int
    move: int  # the game's history length when the learner decided
    played: Action  # said in words when shown, so the review follows a change of language
    suggested: Decision
    kind_differs: bool
    cost: float | None = None  # how much worse the coach's ranking rates it, when the engine ranks


class PlayTable(widgets.VBox):
    """A whole game: the learner (player 1) against computer seats, with a coach."""

    def __init__(
        self, rules: str = "bolivia", players: int = 4, seed: int = 1, target: int | None = None,
        level: str | None = None, coach: bool = True, pace: str = "straight", language: str | None = None,
        **kwargs: Any,
    ) -> None:  # fmt: skip
        self.language = LanguagePicker(language)  # first: every text below is said in the page's language
        wide = widgets.Layout(width="auto", max_width="100%")
        self.rules = widgets.Dropdown(options=_rule_titles(), value=rules, description=t("play-rules"), layout=wide)
        self.players = widgets.Dropdown(options=get_rules(rules).player_counts, value=players,
                                        description=t("play-players"), layout=wide)  # fmt: skip
        self.target = widgets.BoundedIntText(value=target or get_rules(rules).target_score[players], min=50,
                                             max=10**6, step=50, description=t("play-target"),
                                             layout=widgets.Layout(width="14em", max_width="100%"))  # fmt: skip
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description=t("play-seed"),
                                           layout=widgets.Layout(width="12em", max_width="100%"))  # fmt: skip
        self.levels = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.new_game_button = _button("play-new-game")  # in the settings only: a stray press would end the game
        self.another_game_button = _button("play-another-game")  # among the moves, once the game is over
        self.another_game_button.layout = widgets.Layout(width="auto", display="none")  # its own: it hides
        self._dealt_seed: int | None = None  # the seed of the game on the table
        self.coach = widgets.Checkbox(value=coach, description=t("play-coach-mode"), indent=False, layout=wide)
        self.pace = widgets.ToggleButtons(
            options=[(t("play-pace-step"), "step"), (t("play-pace-straight"), "straight")], value=pace,
            description=t("play-pace"), style={"button_width": "auto"}, layout=wide,
        )  # fmt: skip
        self.announcer = Announcer()
        self.turn_line = _html()
        self.scoreboard = _html()
        self.others = _html()
        self.pile = CardRow(selectable=False, label=t("play-pile-label"), empty_text=t("play-pile-empty"))
        self.pile_info = _html()
        self.melds_box = widgets.VBox()
        self.hand = CardRow(label=t("play-hand-label"), empty_text=t("play-hand-empty"))
        self.set_aside_info = _html()
        self.meld_picker = widgets.Dropdown(description=t("play-meld-picker"), layout=wide)
        self.draw_button = _button("play-draw")
        self.take_pile_button = _button("play-take-pile")
        self.take_top_button = _button("play-take-top")
        self.set_aside_button = _button("play-set-aside")
        self.put_back_button = _button("play-put-back")
        self.meld_button = _button("play-meld")
        self.add_button = _button("play-add")
        self.discard_button = _button("play-discard")
        self.ask_button = _button("play-ask")
        self.yes_button = _button("play-answer-yes")
        self.no_button = _button("play-answer-no")
        self.go_out_button = _button("play-go-out")
        self.pass_button = _button("play-pass")
        self.next_hand_button = _button("play-next-hand")
        self.feedback = _html()
        self._feedback_view: Callable[[], str] | None = None
        self.hint_button = _button("play-hint")
        self.play_hint_button = _button("play-play-hint")
        self.undo_button = _button("play-undo")
        self.coach_box = _html()
        self.anyway_button = _button("play-anyway")
        self.take_advice_button = _button("play-take-advice")
        self.warning_buttons = widgets.HBox([self.take_advice_button, self.anyway_button],
                                            layout=widgets.Layout(flex_flow="row wrap", display="none"))  # fmt: skip
        self.computer_step_button = _button("play-computer-step")
        self.computer_all_button = _button("play-computer-all")
        self.log_view = _html()
        self.hand_end = _html()
        self.results = _html()
        self.saved = widgets.Textarea(description=t("play-saved"), layout=widgets.Layout(width="100%", height="6em"),
                                      placeholder=t("play-saved-placeholder"), continuous_update=False,
                                      style={"description_width": "initial"})  # fmt: skip
        self.save_text_button = _button("play-save-position")
        self.save_json_button = _button("play-save-json")
        self.resume_button = _button("play-resume")
        self.upload = widgets.FileUpload(accept=".json,.txt", multiple=False, description=t("play-upload"))
        self.download = _html()
        self.save_feedback = _html()
        self._saved_view: Callable[[], str] | None = None

        self.game: Game = new_game(rules, players, seed, target)
        self.seat_levels: dict[int, str] = {}
        self.steps: list[Step] = []
        self.decisions: list[int] = []  # the history length before each of the learner's decisions
        self.reviews: list[Review] = []
        self.set_aside: list[tuple[Card, ...]] = []
        self.pending: Action | None = None  # a move the coach warned about, waiting for "play it anyway"
        self.last_hint: Decision | None = None
        self._meld_rows: list[tuple[widgets.HTML, CardRow]] = []
        self._meld_boxes: list[widgets.VBox] = []
        self._side_views: list[tuple[widgets.HTML, widgets.HBox]] = []
        self._level_pickers: list[widgets.Dropdown] = []
        self._said: list[Callable[[], str]] = []  # queued for the live region, each said when flushed
        self._announced: list[Callable[[], str]] = []  # what it says now: said again on a new language

        self.rules.observe(self._rules_changed, names="value")
        self.players.observe(self._players_changed, names="value")
        self.new_game_button.on_click(lambda _: self.start())
        self.another_game_button.on_click(lambda _: self.start())
        self.draw_button.on_click(lambda _: self.attempt(Draw()))
        self.take_pile_button.on_click(lambda _: self._take_pile())
        self.take_top_button.on_click(lambda _: self._take_top())
        self.set_aside_button.on_click(lambda _: self._set_aside())
        self.put_back_button.on_click(lambda _: self._put_back())
        self.meld_button.on_click(lambda _: self._meld())
        self.add_button.on_click(lambda _: self._add())
        self.discard_button.on_click(lambda _: self._discard())
        self.ask_button.on_click(lambda _: self.attempt(Ask()))
        self.yes_button.on_click(lambda _: self.attempt(Answer(True)))
        self.no_button.on_click(lambda _: self.attempt(Answer(False)))
        self.go_out_button.on_click(lambda _: self._go_out())
        self.next_hand_button.on_click(lambda _: self.attempt(NextHand()))
        self.pass_button.on_click(lambda _: self.attempt(Pass()))
        self.hint_button.on_click(lambda _: self.show_hint())
        self.play_hint_button.on_click(lambda _: self._play_hint())
        self.undo_button.on_click(lambda _: self.undo())
        self.anyway_button.on_click(lambda _: self._play_anyway())
        self.take_advice_button.on_click(lambda _: self._take_advice())
        self.computer_step_button.on_click(lambda _: self.computer_step())
        self.computer_all_button.on_click(lambda _: self.play_computers())
        self.save_text_button.on_click(lambda _: self._save("position"))
        self.save_json_button.on_click(lambda _: self._save("json"))
        self.resume_button.on_click(lambda _: self.resume(self.saved.value))
        self.upload.observe(self._uploaded, names="value")

        row = widgets.Layout(flex_flow="row wrap", align_items="center")
        self._headings = {code: _html() for code in ("play-levels", "play-controls", "play-keep", "play-your-hand",
                                                     "play-computers", "play-log", "play-hands")}  # fmt: skip
        settings = widgets.Accordion([widgets.VBox([
            widgets.HBox([self.rules, self.players], layout=row), widgets.HBox([self.target, self.seed], layout=row),
            self._headings["play-levels"], self.levels,
            widgets.HBox([self.coach, self.pace], layout=row), self.new_game_button,
        ])], titles=(t("play-settings"),))  # fmt: skip
        controls = widgets.VBox([
            self._headings["play-controls"],
            widgets.HBox([self.draw_button, self.take_pile_button, self.take_top_button, self.pass_button],
                         layout=row),
            widgets.HBox([self.meld_picker], layout=row),
            widgets.HBox([self.set_aside_button, self.put_back_button, self.meld_button, self.add_button,
                          self.discard_button], layout=row),
            widgets.HBox([self.ask_button, self.yes_button, self.no_button, self.go_out_button,
                          self.next_hand_button, self.another_game_button], layout=row),
            self.feedback,
            widgets.HBox([self.hint_button, self.play_hint_button, self.undo_button], layout=row),
            self.coach_box, self.warning_buttons,
        ])  # fmt: skip
        controls.add_class("bolivia-play-controls")
        keep = widgets.VBox([
            self._headings["play-keep"], self.saved,
            widgets.HBox([self.save_text_button, self.save_json_button, self.resume_button, self.upload],
                         layout=row),
            self.download, self.save_feedback,
        ])  # fmt: skip
        self.settings = settings
        self._label_headings()
        self.language.on_change(self._language_changed)
        super().__init__([
            self.language, settings, self.announcer, self.turn_line, self.hand_end, self.scoreboard, self.others,
            widgets.HBox([self.pile, self.pile_info], layout=row), self.melds_box,
            self._headings["play-your-hand"], self.hand, self.set_aside_info, controls,
            self._headings["play-computers"],
            widgets.HBox([self.computer_step_button, self.computer_all_button], layout=row),
            self._headings["play-log"], self.log_view,
            self._headings["play-hands"], self.results, keep,
        ], **kwargs)  # fmt: skip
        self.add_class("bolivia-play")
        self.log_view.add_class("bolivia-play-log")
        self.set_aside_info.add_class("bolivia-play-chosen")
        self.hand.observe(self._chosen_changed, names="selected")
        self.meld_picker.observe(self._chosen_changed, names="value")
        self._build_level_pickers(level)
        self.start()

    # --- the language ----------------------------------------------------------------

    def _label_headings(self) -> None:
        for code, heading in self._headings.items():
            heading.value = f"<b>{e(code)}</b>" if code == "play-levels" else f"<h4>{e(code)}</h4>"

    def _language_changed(self, _language: str) -> None:
        """Every text said again in the new language: the game, the cards chosen and the settings stay."""
        for button in vars(self).values():
            if isinstance(button, widgets.Button) and hasattr(button, "bolivia_code"):
                button.description = t(button.bolivia_code)
        for picker, options in ((self.rules, _rule_titles()),
                                (self.pace, [(t("play-pace-step"), "step"), (t("play-pace-straight"), "straight")])):
            if list(picker.options) != options:
                chosen = picker.value
                with picker.hold_trait_notifications():
                    picker.options, picker.value = options, chosen
        for code, control in (("play-rules", self.rules), ("play-players", self.players),
                              ("play-target", self.target), ("play-seed", self.seed), ("play-coach-mode", self.coach),
                              ("play-pace", self.pace), ("play-meld-picker", self.meld_picker),
                              ("play-saved", self.saved), ("play-upload", self.upload)):  # fmt: skip
            control.description = t(code)
        self._build_level_pickers(None)  # the same levels, said in the new language
        self.saved.placeholder = t("play-saved-placeholder")
        self.settings.set_title(0, t("play-settings"))
        self.pile.rename(t("play-pile-label"), t("play-pile-empty"))
        self.hand.rename(empty_text=t("play-hand-empty"))
        for _caption, row in self._meld_rows:
            row.rename()
        self._label_headings()
        self._show_feedback(self._feedback_view)
        self._show_saved(self._saved_view)
        if self._announced:
            self._announce()
        self._show()

    # --- starting, settings ----------------------------------------------------------

    def start(self) -> None:
        """A new game from the settings; computers who move before the learner play at once. The seed
        of the game on the table deals the next one (a new game is new cards), any other seed in the
        field deals itself; the deal on the table is replayed by undo, or by resuming it saved."""
        seed = self.seed.value
        if seed == self._dealt_seed:
            seed = (seed + 1) % (self.seed.max + 1)
        try:
            self.game = new_game(self.rules.value, self.players.value, seed, self.target.value)
        except ValueError as error:
            self._refuse_text(str(error))
            return
        self.seed.value = self._dealt_seed = seed
        self.seat_levels = {n: p.value for n, p in enumerate(self._level_pickers, start=LEARNER + 1)}
        self.steps, self.decisions, self.reviews = [], [], []
        self._reset_turn_state()
        self._show_feedback(None)
        seed, first = self.seed.value, self.game.to_move
        self._say(lambda: t("play-dealt", seed=seed, player=first))
        self._computers_move(first=True)
        self._show()

    def _rules_changed(self, change: dict[str, Any]) -> None:
        counts = get_rules(change["new"]).player_counts
        current = self.players.value
        self.players.unobserve(self._players_changed, names="value")
        self.players.options = counts
        self.players.value = current if current in counts else (4 if 4 in counts else counts[0])
        self.players.observe(self._players_changed, names="value")
        self._players_changed()

    def _players_changed(self, _change: object = None) -> None:
        rules = get_rules(self.rules.value)
        self.target.value = rules.target_score[self.players.value]
        self._build_level_pickers(None)

    def _build_level_pickers(self, level: str | None) -> None:
        """One level per computer seat, defaulting to the strongest level the engine has."""
        default = level if level in PLAYERS else best_level()
        old = [p.value for p in self._level_pickers]
        self._level_pickers = [
            widgets.Dropdown(
                options=[(level_words(name), name) for name in PLAYERS],
                value=old[n] if n < len(old) else default,
                description=t("play-seat", player=n + LEARNER + 1),
                layout=widgets.Layout(width="14em", max_width="100%"),
            )
            for n in range(self.players.value - 1)
        ]
        self.levels.children = self._level_pickers

    def _reset_turn_state(self) -> None:
        self.set_aside = []
        self.pending = None
        self.last_hint = None
        self.coach_box.value = ""
        self.warning_buttons.layout.display = "none"

    # --- the learner's attempts --------------------------------------------------------

    def attempt(self, action: Action, *, warned: bool = False) -> bool:
        """Try ``action`` for the learner: refused with reasons, warned about by the coach, or played."""
        game = self.game
        if game.phase != "hand over" and game.to_move != LEARNER:
            return self._refuse_text(lambda: t("play-not-your-turn", player=game.to_move))
        reasons = game.explain(action)
        if reasons:
            return self._refuse(action, reasons)
        advice = self._advice() if self.coach.value and game.phase != "hand over" else None
        differs = advice is not None and advice.action != action
        cost = self._cost(action, advice.action) if advice is not None and differs else None
        if advice is not None and differs and not warned and (cost is None or cost >= CLEAR_MISTAKE):
            self.pending = action
            code = "play-coach-warns" if cost is None else "play-coach-warns-cost"
            self.coach_box.value = (
                f"<div class='bolivia-coach-warning' role='alert'><b>{e(code, action=action)}</b> "
                f"{e('play-coach-suggests', action=advice.action, why=_why(advice))}</div>"
            )
            self.warning_buttons.layout.display = "flex"
            self._show_feedback(None)
            # the live region at the top says it too, in place of an earlier refusal
            self._say(lambda: t(code, action=action))
            self._flush_said()
            return False
        if advice is not None and differs:
            self.reviews.append(Review(game.position.hand_number, len(game.history), action, advice,
                                       type(advice.action) is not type(action), cost))  # fmt: skip
        if game.phase != "hand over":
            self.decisions.append(len(game.history))
        held = list(game.position.hands[LEARNER - 1])
        self._apply(action, LEARNER)
        self._reset_turn_state()
        # the log says "player 1 draws 2 cards", as the table sees it; the learner is told which
        drawn = remove_cards(game.position.hands[LEARNER - 1], held) if isinstance(action, Draw) else None
        if drawn:
            cards = format_cards(sorted(drawn))
            self._show_feedback(lambda: f"<p class='bolivia-drawn' role='status'>{e('play-you-drew', cards=cards)}</p>")
            self._say(lambda: t("play-you-drew", cards=cards))
        else:
            self._show_feedback(None)
        self._computers_move()
        self._show()
        return True

    def _refuse(self, action: Action, reasons: Sequence[Any]) -> bool:
        def view() -> str:  # the reasons are data: said again in whatever language the page has then
            items = "".join(f"<li>{html.escape(str(r))}</li>" for r in reasons)
            return (f"<div class='bolivia-refusal' role='alert'><b>{e('play-refused', action=action)}</b>"
                    f"<ul>{items}</ul></div>")  # fmt: skip

        self._show_feedback(view)
        self._say(lambda: t("play-refused", action=action) + " " + str(reasons[0]))
        self._flush_said()
        return False

    def _refuse_text(self, words: str | Callable[[], str]) -> bool:
        """A refusal without an action; catalogue words come as a callable, so that a change of the
        page's language says them again."""
        say = words if callable(words) else lambda: words
        self._show_feedback(lambda: f"<div class='bolivia-refusal' role='alert'>{html.escape(say())}</div>")
        self._say(say)
        self._flush_said()
        return False

    def _show_feedback(self, view: Callable[[], str] | None) -> None:
        """What the last attempt got, kept as a view so that it follows a change of language."""
        self._feedback_view = view
        self.feedback.value = view() if view else ""

    def _chosen(self) -> tuple[Card, ...]:
        return self.hand.selected_cards

    def _take_pile(self) -> None:
        self.attempt(TakePile(self._chosen(), self.meld_picker.value or None, tuple(self.set_aside)))

    def _take_top(self) -> None:
        if not self.meld_picker.value:
            self._refuse_text(lambda: t("play-choose-meld"))
            return
        self.attempt(TakeTop(self.meld_picker.value))

    def _set_aside(self) -> None:
        """Put the chosen cards aside as one meld of several to be laid together (an initial meld)."""
        chosen = self._chosen()
        if not chosen:
            self._refuse_text(lambda: t("play-choose-cards"))
            return
        self.set_aside.append(chosen)
        self._show_feedback(None)
        self._show()

    def _put_back(self) -> None:
        self.set_aside = []
        self._show()

    def _meld(self) -> None:
        melds = [*self.set_aside, *([self._chosen()] if self._chosen() else [])]
        if not melds:
            self._refuse_text(lambda: t("play-choose-cards"))
            return
        self.attempt(Meld(tuple(melds)))

    def _add(self) -> None:
        if not self._chosen():
            self._refuse_text(lambda: t("play-choose-cards"))
        elif not self.meld_picker.value:
            self._refuse_text(lambda: t("play-choose-meld"))
        else:
            self.attempt(Add(self.meld_picker.value, self._chosen()))

    def _discard(self) -> None:
        chosen = self._chosen()
        if len(chosen) != 1:
            self._refuse_text(lambda: t("play-choose-one", count=len(chosen)))
            return
        self.attempt(Discard(chosen[0]))

    def _go_out(self) -> None:
        """Going out is the last of a turn's actions: the final discard, or melding the last cards."""
        hand = self._hand_cards()
        chosen = self._chosen()
        laid = [c for m in self.set_aside for c in m] + list(chosen)
        if self.game.phase == "play" and self.game.to_move == LEARNER:
            if len(hand) == 1:
                self.attempt(Discard(hand[0]))
                return
            if laid and len(laid) == len(hand):
                if self.set_aside or not self.meld_picker.value:
                    self.attempt(Meld((*self.set_aside, *([chosen] if chosen else []))))
                else:
                    self.attempt(Add(self.meld_picker.value, chosen))
                return
        if self.game.phase != "hand over" and self.game.to_move != LEARNER:
            self._refuse_text(lambda: t("play-not-your-turn", player=self.game.to_move))
            return
        pos = self.game.position
        verdicts = [judge(tuple(m), pos.rules, True) for m in pos.melds[pos.side_of(LEARNER)]]
        ready = may_go_out(verdicts, pos.rules, pos.players)
        self._refuse_text(lambda: t("play-go-out-how") + " " + (
            t("play-side-may-go-out") if ready else t("play-side-needs", needs=needs_text(pos.rules, pos.players))))

    # --- the coach -------------------------------------------------------------------

    def _advice(self) -> Decision | None:
        if self.game.is_over or self.game.to_move != LEARNER:
            return None
        return hint(self.game, LEARNER, best_level(), self._seed_for_move())

    def _cost(self, mine: Action, better: Action) -> float | None:
        """How much worse the engine's coach ranks the learner's action than the hint's, when the
        engine has a ranking (``players.rank_actions``); ``None`` when it has none."""
        rank = getattr(players_module, "rank_actions", None)
        if rank is None:
            return None
        try:
            scores = {r.action: r.score for r in rank(self.game, LEARNER, [mine, better])}
        except ValueError:
            return None
        if mine not in scores or better not in scores:
            return None
        return float(scores[better] - scores[mine])

    def show_hint(self) -> None:
        advice = self._advice()
        if advice is None:
            self._refuse_text(lambda: t("play-no-hint", player=self.game.to_move))
            return
        self.last_hint = advice
        level = level_words(best_level())
        says = e("play-hint-says", level=level, action=advice.action, why=_why(advice))
        self.coach_box.value = f"<div class='bolivia-hint' role='status'>{says}</div>"

    def _play_hint(self) -> None:
        advice = self._advice()
        if advice is None:
            self._refuse_text(lambda: t("play-no-hint", player=self.game.to_move))
            return
        self.set_aside = []
        self.attempt(advice.action, warned=True)

    def _play_anyway(self) -> None:
        if self.pending is not None:
            self.attempt(self.pending, warned=True)

    def _take_advice(self) -> None:
        if self.pending is not None:
            self.pending = None
            self._play_hint()

    # --- the computers ------------------------------------------------------------------

    def _seed_for_move(self) -> int:
        """Every decision's seed comes from the game's seed and the move number: replays repeat."""
        return self.game.position.seed * 100_003 + len(self.game.history)

    def _computer_decision(self) -> Decision:
        level = self.seat_levels.get(self.game.to_move, best_level())
        return PLAYERS[level](self._seed_for_move()).choose(self.game)

    def _computer_to_move(self) -> bool:
        game = self.game
        return not game.is_over and game.phase != "hand over" and game.to_move != LEARNER

    def computer_step(self) -> None:
        """One computer move, shown and announced."""
        if not self._computer_to_move():
            self._refuse_text(lambda: t("play-no-computer-move"))
            self._show()
            return
        decision = self._computer_decision()
        self._apply(decision.action, self.game.to_move, decision)
        self._show()

    def play_computers(self) -> None:
        """Every computer move up to the learner's next decision (or the end of the hand)."""
        for _ in range(COMPUTER_MOVES_AT_MOST):
            if not self._computer_to_move():
                break
            decision = self._computer_decision()
            self._apply(decision.action, self.game.to_move, decision)
        self._show()

    def _computers_move(self, first: bool = False) -> None:
        if self.pace.value == "straight":
            for _ in range(COMPUTER_MOVES_AT_MOST):
                if not self._computer_to_move():
                    break
                decision = self._computer_decision()
                self._apply(decision.action, self.game.to_move, decision)

    def _apply(self, action: Action, player: int, decision: Decision | None = None) -> None:
        logged, hand = len(self.game.log), self.game.position.hand_number
        self.game.apply(action)
        step = Step(player, hand, tuple(self.game.log[logged:]), decision)
        self.steps.append(step)
        for event in step.events:
            self._say(partial(str, event))  # an event is data: its words are made in the language of the moment

    # --- undo, saving, resuming ------------------------------------------------------------

    def undo(self) -> None:
        """Back to just before the learner's previous decision (the computers' moves since go too)."""
        if not self.decisions:
            self._refuse_text(lambda: t("play-nothing-to-undo"))
            return
        target = self.decisions.pop()
        self.reviews = [r for r in self.reviews if r.move < target]
        self._rewind(target)
        self._reset_turn_state()
        self._show_feedback(None)
        moves = len(self.game.history)
        self._say(lambda: t("play-undone", moves=moves))
        self._show()

    def _rewind(self, moves: int) -> None:
        for count, game in enumerate(self.game.replay()):
            if count == moves:
                self.game = game
                break
        self.steps = self.steps[:moves]

    def _save(self, kind: str) -> None:
        text = self.game.to_json() if kind == "json" else self.game.position_text()
        self.saved.value = text
        data = base64.b64encode(self.game.to_json().encode()).decode()
        self.download.value = (
            f"<a download='bolivia-game.json' href='data:application/json;base64,{data}'>{e('play-download')}</a>"
        )
        self._show_saved(lambda: f"<p role='status'>{e('play-saved-' + kind)}</p>")

    def _show_saved(self, view: Callable[[], str] | None) -> None:
        """What saving or resuming said, kept as a view so that it follows a change of language."""
        self._saved_view = view
        self.save_feedback.value = view() if view else ""

    def resume(self, text: str) -> bool:
        """Go on from a saved game (JSON, replayed and checked) or a position string."""
        text = text.strip()
        try:
            game = Game.from_json(text) if text.startswith("{") else Game.from_position(text)
        except ValueError:
            self._show_saved(lambda: f"<p class='bolivia-refusal' role='alert'>"
                                     f"{e('play-resume-failed', why=refusal_of(text))}</p>")  # fmt: skip
            return False
        self.game = game
        self._sync_settings()
        self.steps, self.decisions, self.reviews = [], [], []
        self._read_history()
        self._reset_turn_state()
        self._show_feedback(None)
        self._show_saved(lambda: f"<p role='status'>{e('play-resumed', moves=len(game.history))}</p>")
        self._computers_move()
        self._show()
        return True

    def _uploaded(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if files:
            content = files[0]["content"]
            self.resume(bytes(content).decode("utf-8", errors="replace"))

    def _sync_settings(self) -> None:
        """The settings show the loaded game's rules, table, seed and target."""
        pos = self.game.position
        self.rules.unobserve(self._rules_changed, names="value")
        self.players.unobserve(self._players_changed, names="value")
        if pos.rules.name in PRESETS:
            self.rules.value = pos.rules.name
        self.players.options = pos.rules.player_counts
        self.players.value = pos.players
        self.seed.value = self._dealt_seed = pos.seed
        self.target.value = pos.target
        self.rules.observe(self._rules_changed, names="value")
        self.players.observe(self._players_changed, names="value")
        self._build_level_pickers(None)
        self.seat_levels = {n: p.value for n, p in enumerate(self._level_pickers, start=LEARNER + 1)}

    def _read_history(self) -> None:
        """The log and the learner's decision points of a resumed game, by replaying it."""
        mover, logged, hand = 0, 0, 1
        for count, game in enumerate(self.game.replay()):
            if count:
                self.steps.append(Step(mover, hand, tuple(game.log[logged:])))
            if count < len(self.game.history) and game.to_move == LEARNER and game.phase != "hand over":
                self.decisions.append(count)
            mover, logged, hand = game.to_move, len(game.log), game.position.hand_number

    # --- showing --------------------------------------------------------------------------

    def _hand_cards(self) -> list[Card]:
        return sorted(self.game.position.hands[LEARNER - 1])

    def _say(self, words: Callable[[], str]) -> None:
        """Queue words for the live region; ``_show`` (or a refusal) says what is queued."""
        self._said.append(words)

    def _flush_said(self) -> None:
        if self._said:
            self._announced, self._said = self._said, []
            self._announce()

    def _announce(self) -> None:
        self.announcer.text = ". ".join(words().rstrip(".") for words in self._announced)[-600:] + "."

    def _show(self) -> None:
        pos = self.game.position
        self._show_turn()
        self._show_scoreboard()
        self._show_others()
        self._show_pile()
        self._show_melds()
        hand = self._hand_cards()
        aside = [c for m in self.set_aside for c in m]
        shown = remove_cards(hand, aside)
        if shown is None:  # the hand changed under the cards set aside: put them back
            self.set_aside, shown = [], hand
        if [c["code"] for c in self.hand.cards] != [str(c) for c in shown]:
            self.hand.show(shown)
        self.hand.label = t("play-hand-label-count", count=len(hand))
        self._show_set_aside()
        waiting = self._computer_to_move()
        self.computer_step_button.disabled = self.computer_all_button.disabled = not waiting
        self.undo_button.disabled = not self.decisions
        self.another_game_button.layout.display = "" if self.game.is_over else "none"
        self.log_view.value = self._log_html()
        self.hand_end.value = self._hand_end_html() if pos.phase in ("hand over", "game over") else ""
        self.results.value = self._results_html()
        self._flush_said()

    def _show_turn(self) -> None:
        game = self.game
        if game.is_over:
            text = t("play-turn-game-over")
        elif game.phase == "hand over":
            text = t("play-turn-hand-over")
        elif game.to_move != LEARNER:
            level = level_words(self.seat_levels.get(game.to_move, ""))
            text = t("play-turn-computer", player=game.to_move, level=level)
        else:
            text = t(f"play-turn-you-{game.phase}")
        hand = game.position.hand_number
        self.turn_line.value = (
            f"<p class='bolivia-turn'><b>{e('play-hand-number', hand=hand)}</b> {html.escape(text)}</p>"
        )

    def _show_scoreboard(self) -> None:
        pos = self.game.position
        rows = []
        for side in range(pos.side_count):
            members = pos.members(side)
            who = t("play-side-you", players=_players(members)) if LEARNER in members else _players(members)
            if pos.phase in ("hand over", "game over"):
                minimum = e("play-minimum-next", minimum=pos.rules.initial_meld_minimum(pos.scores[side]))
            elif pos.melds[side]:
                minimum = e("play-melded")
            else:
                minimum = e("play-minimum", minimum=pos.rules.initial_meld_minimum(pos.scores[side]))
            reds = format_cards(pos.red_threes[side])
            rows.append(
                f"<tr><th scope='row'>{html.escape(who)}</th><td class='points'>{format_number(pos.scores[side])}</td>"
                f"<td>{minimum}</td><td>{html.escape(reds) or e('play-none')}</td></tr>"
            )
        head = "".join(
            f"<th scope='col'>{e(c)}</th>"
            for c in ("play-col-side", "play-col-score", "play-col-minimum", "play-col-red-threes")
        )
        self.scoreboard.value = (
            f"<table class='bolivia-play-scores'><caption>{e('play-scores-caption', target=pos.target)}</caption>"
            f"<tr>{head}</tr>{''.join(rows)}</table>"
        )

    def _show_others(self) -> None:
        pos = self.game.position
        seated = pos.seating()
        items = []
        for player in range(1, pos.players + 1):
            if player == LEARNER:
                continue
            level = level_words(self.seat_levels.get(player, ""))
            partner = LEARNER in pos.members(pos.side_of(player))
            who = t("play-partner" if partner else "play-opponent", player=player, level=level)
            if player not in seated:
                count_text = t("play-resting")
                backs = ""
            else:
                count = len(pos.hands[player - 1])
                count_text = t("dash:cards", count=count)
                backs = "".join("<span class='bolivia-back'></span>" for _ in range(min(count, 12)))
            turn = " bolivia-to-move" if player == self.game.to_move and not self.game.is_over else ""
            items.append(
                f"<li class='bolivia-other{turn}'><span class='bolivia-backs' aria-hidden='true'>{backs}</span>"
                f"<span>{html.escape(who)}: <b>{html.escape(count_text)}</b></span></li>"
            )
        self.others.value = f"<ul class='bolivia-others' aria-label='{e('play-others')}'>{''.join(items)}</ul>"

    def _show_pile(self) -> None:
        pos = self.game.position
        top = pos.pile[-1:] if pos.pile else []
        if [c["code"] for c in self.pile.cards] != [str(c) for c in top]:
            self.pile.show(top)
        stock = "<span class='bolivia-stock' aria-hidden='true'></span>" if pos.stock else ""
        lines = [e("play-pile-size", count=len(pos.pile)), stock + e("play-stock-size", count=len(pos.stock))]
        drawn = pos.turn == LEARNER and pos.phase != "draw"  # this turn's draw is made: no take to offer now
        if pos.pile and pos.phase not in ("hand over", "game over") and not drawn:
            mine = pos.copy()
            mine.turn, mine.phase = LEARNER, "draw"
            if pile_frozen(mine):
                lines.append(e("play-pile-frozen"))
            probe = Game(mine, start="-")
            takes = [a for a in probe.legal_actions() if isinstance(a, TakePile | TakeTop)]
            if takes:
                lines.append(e("play-pile-you-can", action=takes[0]))
            else:
                reasons = probe.explain(TakePile())
                if reasons:
                    lines.append(e("play-pile-why-not", why=str(reasons[0])))
        self.pile_info.value = "<div class='bolivia-pile-info'>" + "<br>".join(lines) + "</div>"

    def _show_melds(self) -> None:
        """Each side's melds as overlapping cards, labelled by kind and progress, numbered as actions name them."""
        pos, rules = self.game.position, self.game.rules
        children: list[widgets.Widget] = []
        used = 0
        learner_side = pos.side_of(LEARNER)
        options: list[tuple[str, int]] = [(t("play-meld-new"), NEW_MELD)]
        placed: list[tuple[widgets.HBox, list[widgets.Widget]]] = []
        for side in range(pos.side_count):
            members = pos.members(side)
            title = t("play-your-melds") if side == learner_side else t("play-their-melds", players=_players(members))
            boxes: list[widgets.Widget] = []
            for index, meld in enumerate(pos.melds[side], start=1):
                label = meld_label(index, meld, rules)
                if side == learner_side:
                    options.append((label, index))
                if used == len(self._meld_rows):
                    row = CardRow(selectable=False)
                    row.add_class("bolivia-meld-cards")
                    caption = _html()
                    box = widgets.VBox([caption, row])
                    box.add_class("bolivia-meld")
                    self._meld_rows.append((caption, row))
                    self._meld_boxes.append(box)
                caption, row = self._meld_rows[used]
                caption.value = f"<span class='bolivia-meld-label'>{html.escape(label)}</span>"
                row.label = label
                if [c["code"] for c in row.cards] != [str(c) for c in meld]:
                    row.show(meld)
                boxes.append(self._meld_boxes[used])
                used += 1
            none = f"<span class='bolivia-no-melds'>{e('play-no-melds')}</span>" if not boxes else ""
            if side == len(self._side_views):  # views are made once and updated in place
                layout = widgets.Layout(flex_flow="row wrap", align_items="flex-end")
                self._side_views.append((_html(), widgets.HBox(layout=layout)))
            heading, melds = self._side_views[side]
            heading.value = f"<h4 class='bolivia-melds-heading'>{html.escape(title)} {none}</h4>"
            placed.append((melds, boxes))
            children += [heading, melds]
        # A meld's view may move to another side's row (views are reused): take every moved view out
        # of its old row before any row gains it, or the page shows it twice for a moment.
        for melds, boxes in placed:
            if list(melds.children) != boxes:
                melds.children = [b for b in melds.children if b in boxes]
        for melds, boxes in placed:
            if list(melds.children) != boxes:
                melds.children = boxes
        if list(self.melds_box.children) != children:
            self.melds_box.children = children
        current = self.meld_picker.value
        self.meld_picker.options = options
        self.meld_picker.value = current if current in [v for _, v in options] else NEW_MELD

    def _chosen_changed(self, _change: object = None) -> None:
        """Chosen cards count toward the initial meld's running total as the learner picks them, and
        are judged as what the "add" button would make of them when the meld picker names a meld."""
        self._show_set_aside()

    def _show_set_aside(self) -> None:
        pos, rules = self.game.position, self.game.rules
        side = pos.side_of(LEARNER)
        chosen = self._chosen()
        groups = [*self.set_aside, *([chosen] if chosen else [])]
        target = self.meld_picker.value or NEW_MELD
        onto = pos.melds[side][target - 1] if target and not self.set_aside and target <= len(pos.melds[side]) else None
        parts = []
        total = 0
        for number, group in enumerate(groups, start=1):
            aside = number <= len(self.set_aside)
            if onto is not None and not aside:  # the "add" button's cards, judged on the meld they would join
                verdict = judge_addition(tuple(onto), tuple(group), rules)
                said = e("play-chosen-onto", cards=format_cards(group), index=target)
            else:
                verdict = judge(tuple(group), rules)
                total += verdict.points if verdict.legal else 0
                said = e("play-aside-group" if aside else "play-chosen-group", cards=format_cards(group))
                if not aside:
                    parts.extend(self._chosen_lines(group, said, verdict))
                    continue
            parts.append(f"<li>{said}: {html.escape(str(verdict))}</li>")
        lines = f"<ul>{''.join(parts)}</ul>" if parts else ""
        meter = ""
        if not pos.melds[side] and self.game.phase not in ("hand over", "game over"):
            minimum = rules.initial_meld_minimum(pos.scores[side])
            state = "play-initial-enough" if total >= minimum else "play-initial-short"
            meter = (
                f"<p class='bolivia-initial-meter'><meter min='0' max='{minimum}' value='{min(total, minimum)}'>"
                f"</meter> {e(state, points=total, minimum=minimum, short=max(0, minimum - total))}</p>"
            )
        self.set_aside_info.value = f"<div class='bolivia-set-aside'>{lines}{meter}</div>"

    def _chosen_lines(self, group: Sequence[Card], said: str, verdict: Any) -> list[str]:
        """The chosen cards, no meld picked: the judge's verdict on them as a meld of their own, and the
        side's melds they may join as they stand; a group too small for a meld only where it may go, and
        one card that goes nowhere (a discard, most likely) nothing more."""
        pos, rules = self.game.position, self.game.rules
        cards = tuple(group)
        melds = pos.melds[pos.side_of(LEARNER)]
        fits = tuple(n for n, meld in enumerate(melds, start=1) if judge_addition(tuple(meld), cards, rules).legal)
        judged = f"<li>{said}: {html.escape(str(verdict))}</li>"
        if not fits:
            return [f"<li>{said}</li>"] if len(cards) == 1 else [judged]
        joined = f"<li>{e('play-chosen-fits', cards=format_cards(cards), melds=fits)}</li>"
        return [joined] if len(cards) < rules.meld_min_cards else [judged, joined]

    def _log_html(self) -> str:
        pos = self.game.position
        hand_over = pos.phase in ("hand over", "game over")
        recent = self.steps[-14:]
        items = []
        waiting = False  # a computer's reasons kept back: they name cards the learner may not see yet
        for step in recent:
            words = html.escape("; ".join(step.words))
            why = ""
            if step.decision is not None and step.player != LEARNER and step.hand == pos.hand_number and not hand_over:
                waiting = True
            elif step.why:
                why = (f" <details class='bolivia-why'><summary>{e('play-why')}</summary>"
                       f"{html.escape(step.why)}</details>")  # fmt: skip
            mine = " class='bolivia-mine'" if step.player == LEARNER else ""
            items.append(f"<li{mine}>{words}{why}</li>")
        if not items:
            return f"<p>{e('play-log-empty')}</p>"
        note = f"<p class='bolivia-log-note'>{e('play-why-after-hand')}</p>" if waiting else ""
        # the newest moves at the bottom and in sight: a reversed column starts scrolled to its end
        listed = f"<ol class='bolivia-log' start='{len(self.steps) - len(recent) + 1}'>{''.join(items)}</ol>"
        return f"{note}<div class='bolivia-log-scroll'>{listed}</div>"

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
                f"<div class='bolivia-sheet'><h5>{html.escape(who)}</h5>{score_table_html(score)}"
                f"<p>{e('play-running-total', total=pos.scores[side])} {e('play-next-minimum', minimum=minimum)}</p>"
                f"</div>"
            )
        if result.went_out is None:
            head = e("play-hand-ended-stock", hand=result.hand_number)
        else:
            head = e("play-hand-ended-out", hand=result.hand_number, player=result.went_out)
        end = ""
        if game.is_over:
            winner = game.winner()
            if winner is None:
                end = f"<p class='bolivia-winner'><b>{e('play-draw-game')}</b></p>"
            else:
                members = pos.members(winner)
                key = "play-you-win" if LEARNER in members else "play-they-win"
                won = e(key, players=_players(members), score=pos.scores[winner])
                end = f"<p class='bolivia-winner'><b>{won}</b></p>"
        return (
            f"<section class='bolivia-hand-end' aria-label='{e('play-hand-end')}'><h4>{head}</h4>{end}"
            f"<div class='bolivia-sheets'>{''.join(sheets)}</div>{self._review_html(result.hand_number)}</section>"
        )

    def _review_html(self, hand: int) -> str:
        """The learner's decisions of this hand that the coach would have made otherwise, the costliest
        first when the engine ranks moves, else another kind of move before another card of a kind."""
        mine = [r for r in self.reviews if r.hand == hand]
        if not mine:
            key = "play-review-none" if self.coach.value else "play-review-off"
            return f"<p class='bolivia-review'>{e(key)}</p>"
        ranked = sorted(mine, key=lambda r: (-(r.cost or 0.0), not r.kind_differs))[:REVIEW_LENGTH]
        items = "".join(
            "<li>" + e("play-review-item", played=r.played, better=r.suggested.action,
                       why=_why(r.suggested)) + "</li>"
            for r in ranked
        )  # fmt: skip
        return f"<div class='bolivia-review'><h5>{e('play-review')}</h5><ol>{items}</ol></div>"

    def _results_html(self) -> str:
        results, pos = self.game.results, self.game.position
        if not results:
            return f"<p class='bolivia-hand-results'>{e('play-none-yet')}</p>"
        sides = len(results[0].scores)
        names = [t("play-side-you-short") if LEARNER in pos.members(s) else _players(pos.members(s))
                 for s in range(sides)]  # fmt: skip
        head = f"<tr><th>{e('play-col-hand')}</th><th>{e('play-col-went-out')}</th>" + "".join(
            f"<th>{html.escape(n)}</th>" for n in names) + "</tr>"  # fmt: skip
        totals = [0] * sides
        rows = []
        for result in results:
            totals = [a + s.total for a, s in zip(totals, result.scores, strict=True)]
            cells = "".join(f"<td>{format_signed(s.total)} ({format_number(a)})</td>"
                            for s, a in zip(result.scores, totals, strict=True))  # fmt: skip
            out = t("play-player", player=result.went_out) if result.went_out else t("play-nobody")
            rows.append(f"<tr><td>{result.hand_number}</td><td>{html.escape(out)}</td>{cells}</tr>")
        return f"<table class='bolivia-hand-results'>{head}{''.join(rows)}</table>"


def meld_label(index: int, meld: Sequence[Card], rules: Any) -> str:
    """A meld named as the actions name it, with its kind and progress: "meld 2: kings, 5 of 7"."""
    verdict = judge(tuple(meld), rules, True)
    count = len(meld)
    if verdict.complete and verdict.label:
        return t("play-meld-complete", index=index, label=render(str(meld_name(verdict.label, rules))), count=count)
    full = complete_length(verdict.kind, rules)
    naturals = [c for c in meld if c.is_natural]
    if verdict.kind is MeldKind.SAME_RANK and naturals:
        return t("play-meld-rank", index=index, rank=render(f"rank:{naturals[0].rank_text}"), count=count, full=full)
    if verdict.kind is MeldKind.SEQUENCE and naturals:
        return t("play-meld-sequence", index=index, name=render(str(meld_name("natural-sequence", rules))),
                 suit=render(f"suit-name:{naturals[0].suit}"), count=count, full=full)  # fmt: skip
    if verdict.kind is MeldKind.WILD:
        return t("play-meld-wild", index=index, count=count, full=full)
    return t("play-meld-other", index=index, cards=format_cards(meld))



def level_words(level: str) -> str:
    """A computer level in words of the current language ("strong", "stark"); a level the catalogue
    does not name yet is shown as the engine names it."""
    code = f"dash:level-{level}"
    return t(code) if code in EN else level


def _rule_titles() -> list[tuple[str, str]]:
    return [(rules_title(name), name) for name in PRESETS]


def _why(decision: Decision) -> str:
    return "; ".join(map(str, decision.rationale)) or t("play-no-rationale")


def _players(members: Sequence[int]) -> str:
    if len(members) == 1:
        return t("play-player", player=members[0])
    return t("play-players-list", first=", ".join(map(str, members[:-1])), last=members[-1])


class _Shared:
    """Layouts and styles shared by the table's many buttons and texts: each one is a model the page
    must create before it is interactive, so sharing them makes the page ready sooner."""

    button_layout: widgets.Layout | None = None
    button_style: widgets.ButtonStyle | None = None
    html_layout: widgets.Layout | None = None
    html_style: HTMLStyle | None = None


def _html(value: str = "") -> widgets.HTML:
    if _Shared.html_layout is None or _Shared.html_style is None:
        _Shared.html_layout, _Shared.html_style = widgets.Layout(), HTMLStyle()
    return widgets.HTML(value, layout=_Shared.html_layout, style=_Shared.html_style)


def _button(code: str) -> widgets.Button:
    """A button named by its words alone: an icon font's glyph would join its accessible name."""
    if _Shared.button_layout is None or _Shared.button_style is None:
        _Shared.button_layout, _Shared.button_style = widgets.Layout(width="auto"), widgets.ButtonStyle()
    button = widgets.Button(description=t(code), layout=_Shared.button_layout, style=_Shared.button_style)
    button.add_class("bolivia-" + code)
    button.bolivia_code = code  # its words, said again when the page's language changes
    return button
