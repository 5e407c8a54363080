"""A hand-score calculator, a scenario explorer, and quizzes whose answers the engine marks."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from bolivia_core import parse_cards, score_side
from bolivia_core.game import Game
from bolivia_core.i18n import format_signed, render
from bolivia_core.rules import PRESETS
from bolivia_core.scenario import SCENARIOS

from ..components.cards import CardRow
from ..components.table_view import explanation_view, explanation_words
from ..lessons.exercise import Exercise, Unreadable, read_points
from ..language import LanguagePicker, rule_choices

__all__ = ["ActionQuiz", "MeldRows", "ScenarioExplorer", "ScoreCalculator", "ScoreQuiz", "scenario_lesson",
           "scenario_title"]


class MeldRows(widgets.Box):
    """A side's melds as pictures, side by side and wrapping, one card row a meld, each named by its
    cards for screen readers (and a complete meld's name written above it). Views are reused, so
    stepping through a game redraws only melds that changed."""

    def __init__(self, **kwargs: Any) -> None:
        self._items: list[tuple[widgets.VBox, widgets.HTML, CardRow]] = []
        self._none = widgets.HTML(f"<p><i>{html.escape(render('page-no-melds'))}</i></p>")
        super().__init__([self._none], layout=widgets.Layout(flex_flow="row wrap", align_items="flex-end"), **kwargs)
        self.add_class("bolivia-meld-rows")

    def rename(self) -> None:
        """Say "no melds yet" again in the current language."""
        self._none.value = f"<p><i>{html.escape(render('page-no-melds'))}</i></p>"

    @property
    def rows(self) -> list[CardRow]:
        """The card rows shown, one a meld, in the order of the melds."""
        return [row for item, _caption, row in self._items if item in self.children]

    def show(self, melds: Any, names: list[str] | None = None) -> None:
        """Draw these melds; ``names`` gives a complete meld's name (or "") for each."""
        melds = [list(m) for m in melds]
        while len(self._items) < len(melds):
            caption, row = widgets.HTML(), CardRow(selectable=False)
            apart = widgets.Layout(margin="0 18px 0 0")  # melds side by side, a gap between them
            self._items.append((widgets.VBox([caption, row], layout=apart), caption, row))
        for index, ((_item, caption, row), meld) in enumerate(zip(self._items, melds, strict=False)):
            codes = [str(c) for c in meld]
            name = names[index] if names and index < len(names) else ""
            label = render("page-meld-label", {"cards": " ".join(codes)})
            row.label = render("page-meld-named", {"row": label, "name": name}) if name else label
            if [c["code"] for c in row.cards] != codes:
                row.show(meld)
            caption.value = f"<small>{html.escape(name)}</small>" if name else ""
        shown = [item for item, _caption, _row in self._items[: len(melds)]] or [self._none]
        if list(self.children) != shown:
            self.children = shown


def score_table_html(result: Any) -> str:
    """A side's score as a table of line items (shared by every view that shows one), cards in words."""
    rows = "".join(
        f"<tr><td class='points'>{format_signed(item.points)}</td>"
        f"<td>{html.escape(explanation_words(explanation_view(item)))}</td></tr>"
        for item in result.items
    )
    total = (f"<tr><td class='points'><b>{format_signed(result.total)}</b></td>"
             f"<td><b>{render('view:total')}</b></td></tr>")
    return f"<table class='bolivia-score-sheet'>{rows}{total}</table>"


class ScoreCalculator(widgets.VBox):
    """Score a hand played at a real table: the side's melds, the cards left, red 3s, going out.

    Every text is the catalogue's, in ``language`` (default: the page's); the picker says it all
    again in another language, keeping what was entered."""

    def __init__(self, rules: str = "bolivia", language: str | None = None, **kwargs: Any) -> None:
        self.language = LanguagePicker(language)
        wide = {"description_width": "initial"}
        self.rules = widgets.Dropdown(options=rule_choices(), value=rules, style=wide)
        self.players = widgets.Dropdown(options=[2, 3, 4, 5, 6], value=4, style=wide,
                                        layout=widgets.Layout(width="auto"))  # fmt: skip
        self.melds = widgets.Textarea(style=wide, layout=widgets.Layout(width="30em", height="8em"))
        self.hand = widgets.Text(style=wide, layout=widgets.Layout(width="30em"))
        self.red_threes = widgets.BoundedIntText(value=0, min=0, max=12, style=wide,
                                                 layout=widgets.Layout(width="10em"))  # fmt: skip
        self.went_out = widgets.Checkbox(indent=False, layout=widgets.Layout(width="auto"))
        self.concealed = widgets.Checkbox(indent=False, layout=widgets.Layout(width="auto"))
        self.result = widgets.HTML()
        self._label()
        for control in (
            self.rules,
            self.players,
            self.melds,
            self.hand,
            self.red_threes,
            self.went_out,
            self.concealed,
        ):
            control.observe(self._update, names="value")
        self.language.on_change(lambda _language: (self._label(), self._update()))
        flags = widgets.HBox([self.red_threes, self.went_out, self.concealed])
        super().__init__(
            [self.language, widgets.HBox([self.rules, self.players]), self.melds, self.hand, flags, self.result],
            **kwargs,
        )
        self.add_class("bolivia-score-calculator")
        self._update()

    def _label(self) -> None:
        """The fixed texts in the current language (the choices stay as they were)."""
        _relabel_options(self.rules, rule_choices())
        self.rules.description = render("lab:rules")
        self.players.description = render("play-players")
        self.melds.description = render("calc:melds")
        self.melds.placeholder = render("calc:melds-placeholder")
        self.hand.description = render("calc:hand")
        self.hand.placeholder = render("calc:hand-placeholder")
        self.red_threes.description = render("calc:red-threes")
        self.went_out.description = render("calc:went-out")
        self.concealed.description = render("calc:concealed")

    def _update(self, _change: object = None) -> None:
        melds = [line for line in self.melds.value.splitlines() if line.strip()]
        try:
            result = score_side(
                melds, self.hand.value, red_threes=self.red_threes.value, went_out=self.went_out.value,
                concealed=self.concealed.value, rules=self.rules.value, players=self.players.value,
            )  # fmt: skip
        except ValueError as error:
            self.result.value = f"<p role='alert'>⚠ {html.escape(str(error))}</p>"
            return
        self.result.value = score_table_html(result)


def _relabel_options(picker: widgets.Dropdown, options: list[tuple[str, Any]]) -> None:
    """New words for a picker's options, the same choice kept (and no change of value reported)."""
    if list(picker.options) != options:
        chosen = picker.value
        with picker.hold_trait_notifications():
            picker.options = options
            picker.value = chosen


def scenario_title(name: str) -> str:
    """A lesson position's title in the current language."""
    return render(f"scenario-title:{name}")


def scenario_lesson(name: str) -> str:
    """What a lesson position teaches, in the current language."""
    return render(f"scenario-lesson:{name}")


EXAMPLE_ACTION = "take pile with KH QS"  # action notation: the same in every language


class ScenarioExplorer(widgets.VBox):
    """Step through a position: its legal actions, each refusal's reasons, the game's log.

    Texts in ``language`` (default: the page's); the picker says them again, keeping the moves played."""

    def __init__(self, scenario: str = "take-the-pile", language: str | None = None, **kwargs: Any) -> None:
        self.language = LanguagePicker(language)
        wide = {"description_width": "initial"}
        self.scenario = widgets.Dropdown(options=_scenario_titles(), value=scenario, style=wide,
                                         layout=widgets.Layout(width="36em"))  # fmt: skip
        self.lesson = widgets.HTML()
        self.summary = widgets.HTML()
        self.hand = CardRow(selectable=False)
        self.melds = MeldRows()
        self.actions = widgets.Dropdown(style=wide, layout=widgets.Layout(width="36em"))
        self.play = widgets.Button(icon="play")
        self.undo = widgets.Button(icon="undo")
        self.attempt = widgets.Text(style=wide, layout=widgets.Layout(width="22em"))
        self.explain = widgets.Button(icon="question")
        self.answer = widgets.HTML()
        self.events = widgets.HTML()
        self._headings = [widgets.HTML(), widgets.HTML()]
        self.game: Game | None = None
        self._asked = False  # "why not?" was pressed: the answer follows the text from then on
        self._label()
        self.scenario.observe(lambda _: self._load(), names="value")
        self.attempt.observe(self._text_changed, names="value")
        self.play.on_click(self._play)
        self.undo.on_click(self._undo)
        self.explain.on_click(self._explain)
        self.language.on_change(self._language_changed)
        super().__init__([
            self.language, self.scenario, self.lesson, self.summary,
            self._headings[0], self.melds, self._headings[1], self.hand,
            widgets.HBox([self.actions, self.play, self.undo]), widgets.HBox([self.attempt, self.explain]),
            self.answer, self.events,
        ], **kwargs)  # fmt: skip
        self.add_class("bolivia-scenario-explorer")
        self._load()

    def _label(self) -> None:
        """The fixed texts in the current language."""
        _relabel_options(self.scenario, _scenario_titles())
        self.scenario.description = render("scen:scenario")
        self.hand.rename(render("scen:hand-label"), render("page-no-cards"))
        self.melds.rename()
        self.actions.description = render("scen:legal")
        self.play.description = render("scen:play")
        self.undo.description = render("scen:undo")
        self.attempt.description = render("scen:try")
        self.attempt.placeholder = render("scen:try-placeholder", {"action": EXAMPLE_ACTION})
        self.explain.description = render("scen:why-not")
        for heading, code in zip(self._headings, ("page-side-melds", "page-hand-to-move"), strict=True):
            heading.value = f"<h4>{html.escape(render(code))}</h4>"

    def _language_changed(self, _language: str) -> None:
        """Everything said again; the position, the moves played and the text typed stay."""
        self._label()
        self._say_lesson()
        if self.game is not None:
            self._show()
        if self.answer.value:
            self._judge_attempt()

    def _say_lesson(self) -> None:
        name = self.scenario.value
        self.lesson.value = (
            f"<p><b>{html.escape(scenario_title(name))}.</b> {html.escape(scenario_lesson(name))}</p>"
        )

    def _load(self) -> None:
        scenario = SCENARIOS[self.scenario.value]
        self.game = Game.from_position(scenario.text)
        self._say_lesson()
        self.answer.value = ""
        self._asked = False
        self._show()

    def _show(self) -> None:
        game = self.game
        assert game is not None
        pos = game.position
        side = pos.side_of(game.to_move)
        top = str(pos.pile[-1]) if pos.pile else render("value:none")
        said = render(f"scen:to-{game.phase.replace(' ', '-')}", {"player": game.to_move})
        facts = render("scen:facts", {"top": "\0", "pile": len(pos.pile), "stock": len(pos.stock)})
        bold = f"<b>{html.escape(top)}</b>"
        self.summary.value = f"<p>{html.escape(said)} {html.escape(facts).replace(chr(0), bold)}</p>"
        self.melds.show(pos.melds[side])
        self.hand.show(sorted(pos.hands[game.to_move - 1]))
        legal = [str(a) for a in game.legal_actions()]
        if list(self.actions.options) != legal:
            self.actions.options = legal
            self.actions.index = 0 if legal else None  # "play it" plays what the list shows
        self.play.disabled = not legal
        self.undo.disabled = not game.history
        self.events.value = (
            "<ol class='bolivia-log'>" + "".join(f"<li>{html.escape(str(e))}</li>" for e in game.log[-8:]) + "</ol>"
        )

    def _play(self, _button: object = None) -> None:
        if self.game is not None and self.actions.value:
            self.game.apply(self.actions.value)
            self.answer.value = ""
            self._asked = False
            self._show()

    def _undo(self, _button: object = None) -> None:
        if self.game is not None and self.game.history:
            self.game.undo()
            self._show()

    def _explain(self, _button: object = None) -> None:
        self._asked = True
        self._judge_attempt()

    def _text_changed(self, _change: object = None) -> None:
        """The page may deliver the last keystrokes after the click on "why not?" (a click is sent at
        once, typing is batched): once asked, the answer follows the text, so the last word is about
        the whole text, never a half-typed one."""
        if self._asked:
            self._judge_attempt()

    def _judge_attempt(self) -> None:
        if self.game is None:
            return
        asked = render("page-judged-action", {"action": self.attempt.value})
        judged = f"<p class='bolivia-judged'>{html.escape(asked)}</p>"
        try:
            reasons = self.game.explain(self.attempt.value)
        except ValueError as error:
            self.answer.value = f"{judged}<p role='alert'>⚠ {html.escape(str(error))}</p>"
            return
        if not reasons:
            self.answer.value = f"{judged}<p role='status'>{html.escape(render('scen:allowed'))}</p>"
            return
        items = "".join(f"<li>{html.escape(str(r))}</li>" for r in reasons)
        not_allowed = html.escape(render("scen:not-allowed"))
        self.answer.value = f"{judged}<div role='status'>{not_allowed}<ul>{items}</ul></div>"


def _scenario_titles() -> list[tuple[str, str]]:
    return [(scenario_title(name), name) for name in SCENARIOS]


class ActionQuiz(Exercise):
    """An exercise on a position: may the player do this now? The engine marks it, and its reasons
    are the hint (the rule that decides) and the worked answer; none of it is on the page before."""

    def __init__(self, scenario_text: str, action: str, question: str, **kwargs: Any) -> None:
        self.game = Game.from_position(scenario_text)
        self.action = action
        pos = self.game.position
        self.hand = CardRow(sorted(pos.hands[self.game.to_move - 1]), selectable=False,
                            label=render("page-hand-to-move"))  # fmt: skip
        self.choice = widgets.ToggleButtons(
            options=[(render("exercise-yes"), "yes"), (render("exercise-no"), "no")], value=None
        )
        self.melds = MeldRows()
        self.melds.show(pos.melds[pos.side_of(self.game.to_move)])
        top = render("exercise-pile-top", {"card": str(pos.pile[-1])}) if pos.pile else render("exercise-pile-empty")
        facts = " ".join([render("exercise-rules", {"rules": render(f"rules-title:{self.game.rules.name}")}), top,
                          render("exercise-stock", {"count": len(pos.stock)})])  # fmt: skip
        asked = f"<p><b>{html.escape(question)}</b></p>" if question else ""
        context = widgets.HTML(f"<p>{html.escape(facts)}</p>{asked}")
        melds_heading = widgets.HTML(f"<h4>{html.escape(render('page-side-melds'))}</h4>")
        hand_heading = widgets.HTML(f"<h4>{html.escape(render('page-hand-to-move'))}</h4>")
        super().__init__([context, melds_heading, self.melds, hand_heading, self.hand], [self.choice], **kwargs)

    def _reasons(self) -> tuple[Any, ...]:
        return self.game.explain(self.action)

    def read(self) -> str:
        if self.choice.value is None:
            raise Unreadable(render("exercise-choose-yes-no"))
        return str(self.choice.value)

    def is_right(self, answer: str) -> bool:
        return answer == ("no" if self._reasons() else "yes")

    def hint(self, answer: str) -> str:
        reasons = self._reasons()
        knob = next((r.knob for r in reasons if r.knob), None)
        if knob:
            return render("exercise-hint-rule", {"rule": self.game.rules.knob(knob).description})
        if reasons:  # refused by the turn's order or the notation, not by a rule knob: the engine's words
            return render("exercise-hint-rule", {"rule": str(reasons[0])})
        return render("exercise-hint-allowed")

    def worked(self) -> str:
        reasons = self._reasons()
        if not reasons:
            return f"<p>{html.escape(render('exercise-action-allowed', {'action': self.action}))}</p>"
        said = "; ".join(map(str, reasons))
        return f"<p>{html.escape(render('exercise-action-refused', {'action': self.action, 'reasons': said}))}</p>"


class ScoreQuiz(Exercise):
    """An exercise: what does this side score? Typed as the learner writes numbers; the engine's line
    items are the hint (their names) and the worked answer (the whole sheet)."""

    def __init__(self, melds: list[str], hand: str = "", rules: str = "bolivia", red_threes: int = 0,
                 went_out: bool = False, **kwargs: Any) -> None:  # fmt: skip
        self.result = score_side(melds, hand, red_threes=red_threes, went_out=went_out, rules=rules)
        self.guess = widgets.Text(description=render("exercise-your-answer"), layout=widgets.Layout(width="16em"))
        table = MeldRows()
        table.show([parse_cards(meld) for meld in melds])
        said = [render("exercise-score-hand", {"cards": hand or render("page-none")}),
                render("exercise-score-red-threes", {"count": red_threes}),
                render("exercise-went-out" if went_out else "exercise-not-out")]  # fmt: skip
        lead = render("exercise-score-melds", {"rules": render(f"rules-title:{PRESETS[rules].name}")})
        question = [widgets.HTML(f"<p>{html.escape(lead)}</p>"), table,
                    widgets.HTML(f"<p>{html.escape(' '.join(said))}</p>")]  # fmt: skip
        super().__init__(question, [self.guess], **kwargs)

    def read(self) -> int:
        return read_points(self.guess.value)

    def is_right(self, answer: int) -> bool:
        return answer == self.result.total

    def hint(self, answer: int) -> str:
        lines = [item.text() for item in self.result.items]
        return render("exercise-hint-lines", {"count": len(lines), "lines": "; ".join(lines)})

    def worked(self) -> str:
        total = render("exercise-score-answer", {"total": format_signed(self.result.total)})
        return f"{score_table_html(self.result)}<p><b>{html.escape(total)}</b></p>"
