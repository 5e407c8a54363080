"""A hand-score calculator, the scenario explorer at the card table, the score sheet of a game, and a
score quiz whose answers the engine marks."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from bolivia_core import parse_cards, score_side
from bolivia_core.game import Game, HandResult
from bolivia_core.i18n import card_name, format_number, format_signed, render
from bolivia_core.rules import PRESETS
from bolivia_core.scenario import SCENARIOS, format_position

from ..components.cards import CardRow
from ..components.picker import CardPicker
from ..components.table import CardTable
from ..components.table_source import Line, Reply, Said, language_setting, refusal
from ..components.table_view import action_words, explanation_view, explanation_words, sheet_table
from ..lessons.exercise import Exercise, read_points
from ..lessons.table import PositionPractice
from ..language import (
    LanguagePicker,
    page_language,
    refusal_of,
    rule_choices,
    set_page_language,
)

__all__ = ["MeldRows", "ScenarioExplorer", "ScenarioPositions", "ScoreCalculator", "ScoreQuiz", "hand_results",
           "scenario_lesson", "scenario_title", "score_sheet"]


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


_CHIP = "\0"  # where a line's cards go: drawn as small cards, not said as a list of names


def card_chips(cards: str) -> str:
    """Cards drawn small inline (their corner: "K♥", a joker's star), each named for a screen reader."""
    chips = []
    for card in parse_cards(cards):
        shown = "★" if card.is_joker else card.symbol
        suit = "joker" if card.is_joker else card.suit
        chips.append(f"<span class='bolivia-chip bolivia-chip-{suit}' role='img' "
                     f"aria-label='{html.escape(card_name(card))}'>{shown}</span>")  # fmt: skip
    return f"<span class='bolivia-chips'>{''.join(chips)}</span>"


def score_line_html(item: Any) -> str:
    """A score sheet's line in words, its melded cards drawn as small cards where the line names them."""
    data = explanation_view(item)
    cards = data.get("params", {}).get("cards")
    if not isinstance(cards, str) or not cards.strip():
        return html.escape(explanation_words(data))
    said = explanation_words({**data, "params": {**data["params"], "cards": _CHIP}})
    return html.escape(said).replace(_CHIP, card_chips(cards))


def score_table_html(result: Any) -> str:
    """A side's score as a table of line items (shared by every view that shows one), cards drawn small."""
    rows = "".join(
        f"<tr><td class='points'>{format_signed(item.points)}</td><td>{score_line_html(item)}</td></tr>"
        for item in result.items
    )
    total = (f"<tr><td class='points'><b>{format_signed(result.total)}</b></td>"
             f"<td><b>{render('view:total')}</b></td></tr>")
    return f"<table class='bolivia-score-sheet'>{rows}{total}</table>"


def score_sheet(result: Any) -> dict[str, Any]:
    """A side's score as data the card table draws (``score_table_html`` as a table of text)."""
    rows = [[format_signed(item.points), explanation_words(explanation_view(item))] for item in result.items]
    return sheet_table([], [*rows, [format_signed(result.total), render("view:total")]], "bolivia-score-sheet")


def hand_results(results: Sequence[HandResult], side_names: Sequence[str], css: str = "bt-results") -> dict[str, Any]:
    """The game's score sheet as data the card table draws: a row a hand (who went out, each side's score
    and its running total in brackets), each side's column headed by ``side_names``; "none yet" before the
    first hand ends."""
    if not results:
        return {"p": render("play-none-yet")}
    totals = [0] * len(side_names)
    rows = []
    for result in results:
        totals = [total + score.total for total, score in zip(totals, result.scores, strict=True)]
        out = render("play-player", {"player": result.went_out}) if result.went_out else render("play-nobody")
        rows.append([str(result.hand_number), out, *(f"{format_signed(score.total)} ({format_number(total)})"
                                                     for score, total in zip(result.scores, totals, strict=True))])
    return sheet_table([render("play-col-hand"), render("play-col-went-out"), *side_names], rows, css)


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
        self.melds = CardPicker(groups=True)  # tapped, meld by meld: nobody has to know the card notation
        self.hand = CardPicker()
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
        self.hand.description = render("calc:hand")
        self.melds.rename()
        self.hand.rename()
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


MOVES_SAID_AT_MOST = 12  # the moves listed beside the hand; the menu lists them all (up to MENU_MOVES_AT_MOST)
MENU_MOVES_AT_MOST = 60


def ScenarioExplorer(scenario: str = "take-the-pile", language: str | None = None) -> CardTable:
    """The scenario explorer's card table: a lesson position, or one pasted, every seat's moves tried by touch."""
    set_page_language(language or page_language())
    table = CardTable(ScenarioPositions(scenario))
    table.add_class("bolivia-scenario-explorer")
    return table


class ScenarioPositions(PositionPractice):
    """A position's moves at the card table: a lesson position (the shipped ``SCENARIOS``) or one pasted in
    the scenario notation, drawn from the seat to move, whose moves the learner tries by touch.

    Every seat's move is the learner's here, so after a move the table turns to the seat to move next; a
    refused attempt is explained beside the place tapped and changes nothing; undo steps back."""

    compact = False

    def __init__(self, scenario: str = "take-the-pile") -> None:
        if scenario not in SCENARIOS:
            raise ValueError(render("explore-no-such-scenario", {"name": repr(scenario)[:40],
                                                                 "known": ", ".join(SCENARIOS)}))  # fmt: skip
        self.scenario = scenario  # the lesson position shown, or "" for a pasted one
        game = Game.from_position(SCENARIOS[scenario].text)
        self.shown_text = format_position(game.position)  # the menu's text box, as the learner last asked to see it
        super().__init__(game)

    # --- choosing a position ---------------------------------------------------------------

    def opening(self) -> Reply:
        return Reply(False, self.lesson())

    def load(self, name: str) -> Reply:
        """Show a lesson position from its start, its lesson said beside the hand."""
        if name not in SCENARIOS:
            return refusal([{"code": "explore-no-such-scenario", "params": {
                "name": repr(name)[:40], "known": ", ".join(SCENARIOS)}}])  # fmt: skip
        self._begin(Game.from_position(SCENARIOS[name].text), name)
        return Reply(True, self.lesson())

    def paste(self, text: str) -> Reply:
        """Show a position written in the scenario notation; a malformed one is refused, naming the field at
        fault and what it should hold, and the table stays as it was."""
        text = str(text).strip()
        if not text:
            return refusal([{"code": "explore-paste-empty", "params": {}}], "menu")
        try:
            game = Game.from_position(text)
        except ValueError:
            return refusal([lambda: render("explore-paste-refused", {"why": refusal_of(text)})], "menu")
        self._begin(game, "")
        return Reply(True, Said("news", [{"code": "explore-pasted", "params": {"player": game.to_move}}]))

    def _begin(self, game: Game, name: str) -> None:
        self.game, self.scenario, self.shown_text = game, name, format_position(game.position)
        self.undo_points = []
        self._follow()

    def lesson(self) -> Said:
        """What the position teaches, and whose moves the table shows."""
        name = self.scenario
        if not name:
            return Said("news", [self.turned_line()])
        return Said("news", [lambda: f"{scenario_title(name)}. {scenario_lesson(name)}", self.turned_line()])

    def turned_line(self) -> Line:
        return {"code": "explore-moves-of", "params": {"player": self.seat}}

    # --- the learner's intents -------------------------------------------------------------------

    def command(self, intent: Mapping[str, Any]) -> Reply | None:
        do = intent.get("do")
        if do == "undo":
            reply = self.undo()
            if reply.played and reply.said is not None:
                reply.said = Said("news", [*reply.said.lines, self.turned_line()])
            return reply
        if do == "lesson":
            return Reply(False, self.lesson())
        if do == "list_moves":
            return Reply(False, self.moves_said())
        if do == "setting":
            key, value = str(intent.get("key", "")), intent.get("value")
            if key == "scenario":
                return self.load(str(value))
            return refusal([{"code": "watch-bad-setting", "params": {"key": key[:40], "value": repr(value)[:40]}}])
        if do == "save":
            self.shown_text = format_position(self.game.position)
            return Reply()
        if do == "resume":
            return self.paste(str(intent.get("text", "")))
        return None

    def logged_lines(self, logged: int) -> list[Line]:
        """A move that brought the seat nothing new is said as the log says it."""
        return [explanation_view(event) for event in self.game.log[logged:]]

    def moves_said(self) -> Said:
        """The moves the seat to move may make now, in words beside the hand (all of them in the menu)."""
        moves = [str(a) for a in self.game.legal_actions()]
        lines: list[Line] = [{"code": "explore-moves-head", "params": {"player": self.seat, "count": len(moves)}}]
        lines += [lambda m=m: action_words(m) for m in moves[:MOVES_SAID_AT_MOST]]
        if len(moves) > MOVES_SAID_AT_MOST:
            lines.append({"code": "explore-moves-more", "params": {"count": len(moves) - MOVES_SAID_AT_MOST}})
        return Said("news", lines)

    # --- what the page adds to the table -------------------------------------------------------

    def ui_words(self) -> dict[str, str]:
        """The menu's text box holds a position here, not a saved game."""
        return {"saved": render("explore-position"), "saved_placeholder": render("explore-paste-placeholder"),
                "save": render("explore-show-position"), "resume": render("explore-load-position")}  # fmt: skip

    def chrome(self) -> dict[str, Any]:
        game = self.game
        moves = len(game.legal_actions())
        controls = [{"text": render("explore-list-moves", {"count": moves}), "intent": {"do": "list_moves"}}]
        if self.scenario:
            controls.insert(0, {"text": render("explore-lesson"), "intent": {"do": "lesson"}})
        if self.undo_points:
            controls.append({"text": render("scen:undo"), "intent": {"do": "undo"}})
        hand_end = None
        if game.phase in ("hand over", "game over"):
            sides = [render("viewer:col-side", {"side": s + 1}) for s in range(game.position.side_count)]
            hand_end = {"title": render("play-hand-end"),
                        "blocks": [hand_results(game.results, sides, "bolivia-hand-results")]}  # fmt: skip
        return {"pace": "instant", "controls": controls, "hand_end": hand_end}

    def menu(self) -> dict[str, Any]:
        moves = [str(a) for a in self.game.legal_actions()]
        choices = [(name, scenario_title(name)) for name in SCENARIOS]
        if not self.scenario:
            choices.insert(0, ("", render("explore-pasted-choice")))
        return {
            "settings": [
                {"key": "scenario", "label": render("scen:scenario"), "value": self.scenario, "options": choices},
                language_setting(),
            ],
            "actions": [{"text": action_words(m), "intent": {"do": "move", "move": m}, "close": True}
                        for m in moves[:MENU_MOVES_AT_MOST]],
            "saved": self.shown_text, "saved_note": "",
        }  # fmt: skip


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
        """Why, in one sentence worked out from the engine's line items (its sum), then the sheet itself."""
        sums = format_number(0)
        for index, item in enumerate(self.result.items):
            number = format_number(abs(item.points))
            if index == 0:
                sums = number if item.points >= 0 else f"-{number}"
            else:
                sums += f" - {number}" if item.points < 0 else f" + {number}"
        total = render("exercise-score-why", {"total": format_signed(self.result.total), "sum": sums})
        return f"<p><b>{html.escape(total)}</b></p>{score_table_html(self.result)}"
