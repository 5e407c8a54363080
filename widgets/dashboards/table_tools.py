"""A hand-score calculator, the scenario explorer at the card table, the score sheet of a game, and a
score quiz whose answers the engine marks."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from bolivia_core import parse_cards, score_side
from bolivia_core.actions import Action
from bolivia_core.game import Game, HandResult
from bolivia_core.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    card_name,
    format_number,
    format_signed,
    get_language,
    render,
)
from bolivia_core.rules import PRESETS
from bolivia_core.scenario import SCENARIOS, format_position

from ..components.cards import CardRow
from ..components.picker import CardPicker
from ..components.table import CardTable
from ..components.table_view import action_words, explanation_view, explanation_words
from ..lessons.exercise import Exercise, read_points
from ..language import (
    LanguagePicker,
    change_page_language,
    follow_language,
    page_language,
    refusal_of,
    rule_choices,
    set_page_language,
)

__all__ = ["MeldRows", "ScenarioExplorer", "ScoreCalculator", "ScoreQuiz", "hand_results_html", "scenario_lesson",
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


def hand_results_html(results: Sequence[HandResult], side_names: Sequence[str], css_class: str) -> str:
    """The game's score sheet: a row a hand (who went out, each side's score and its running total in
    brackets), each side's column headed by ``side_names``; "none yet" before the first hand ends."""
    if not results:
        return f"<p class='{css_class}'>{html.escape(render('play-none-yet'))}</p>"
    columns = [render("play-col-hand"), render("play-col-went-out"), *side_names]
    head = "<tr>" + "".join(f"<th scope='col'>{html.escape(c)}</th>" for c in columns) + "</tr>"
    totals = [0] * len(side_names)
    rows = []
    for result in results:
        totals = [total + score.total for total, score in zip(totals, result.scores, strict=True)]
        cells = "".join(f"<td>{format_signed(score.total)} ({format_number(total)})</td>"
                        for score, total in zip(result.scores, totals, strict=True))  # fmt: skip
        out = render("play-player", {"player": result.went_out}) if result.went_out else render("play-nobody")
        rows.append(f"<tr><td>{result.hand_number}</td><td>{html.escape(out)}</td>{cells}</tr>")
    return f"<table class='{css_class}'>{head}{''.join(rows)}</table>"


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


class ScenarioExplorer(CardTable):
    """A position's moves at the card table: a lesson position (the shipped ``SCENARIOS``) or one pasted
    in the scenario notation, drawn from the seat to move, whose moves the learner tries by touch.

    Every seat's move is the learner's here, so after a move the table turns to the seat to move next;
    a refused attempt is explained beside the place tapped and changes nothing; undo steps back."""

    def __init__(self, scenario: str = "take-the-pile", language: str | None = None, **kwargs: Any) -> None:
        set_page_language(language or page_language())
        if scenario not in SCENARIOS:
            raise ValueError(render("explore-no-such-scenario", {"name": repr(scenario)[:40],
                                                                 "known": ", ".join(SCENARIOS)}))  # fmt: skip
        self.scenario = scenario  # the lesson position shown, or "" for a pasted one
        self.shown_text = ""  # the position in the menu's text box, as the learner last asked to see it
        game = Game.from_position(SCENARIOS[scenario].text)
        super().__init__(game=game, seat=game.to_move, **kwargs)
        self.add_class("bolivia-scenario-explorer")
        follow_language(lambda _language: self.refresh())
        self.load(scenario)

    # --- choosing a position ---------------------------------------------------------------

    def load(self, name: str) -> bool:
        """Show a lesson position from its start, its lesson said beside the hand."""
        if name not in SCENARIOS:
            self.say("refusal", [{"code": "explore-no-such-scenario", "params": {
                "name": repr(name)[:40], "known": ", ".join(SCENARIOS)}}])  # fmt: skip
            self.refresh()
            return False
        self._begin(Game.from_position(SCENARIOS[name].text), name)
        self.say_lesson()
        self.refresh()
        return True

    def paste(self, text: str) -> bool:
        """Show a position written in the scenario notation; a malformed one is refused, naming the
        field at fault and what it should hold, and the table stays as it was."""
        text = str(text).strip()
        if not text:
            self.say("refusal", [{"code": "explore-paste-empty", "params": {}}], "menu")
            self.refresh()
            return False
        try:
            game = Game.from_position(text)
        except ValueError:
            self.say("refusal", [lambda: render("explore-paste-refused", {"why": refusal_of(text)})], "menu")
            self.refresh()
            return False
        self._begin(game, "")
        self.say("news", [{"code": "explore-pasted", "params": {"player": game.to_move}}])
        self.refresh()
        return True

    def _begin(self, game: Game, name: str) -> None:
        self.game, self.scenario, self.shown_text = game, name, format_position(game.position)
        self.seat, self.staged = _mover(game, self.seat), []

    def say_lesson(self) -> None:
        name = self.scenario
        if not name:
            self.say("news", [{"code": "explore-moves-of", "params": {"player": self.seat}}])
            return
        self.say("news", [lambda: f"{scenario_title(name)}. {scenario_lesson(name)}",
                          {"code": "explore-moves-of", "params": {"player": self.seat}}])  # fmt: skip

    # --- the learner's intents -------------------------------------------------------------------

    def handle(self, intent: Mapping[str, Any]) -> bool:
        do = intent.get("do") if isinstance(intent, Mapping) else None
        if do == "undo":
            return self.undo()
        if do == "lesson":
            self.say_lesson()
        elif do == "list_moves":
            self.list_moves()
        elif do == "setting" and isinstance(intent, Mapping):
            key, value = str(intent.get("key", "")), intent.get("value")
            if key == "scenario":
                return self.load(str(value))
            if key == "language" and value in LANGUAGES:
                change_page_language(value)  # the table follows it, and the page's heading
            else:
                self.say("refusal", [{"code": "watch-bad-setting", "params": {"key": key[:40],
                                                                              "value": repr(value)[:40]}}])  # fmt: skip
        elif do == "save":
            self.shown_text = format_position(self.game.position)
        elif do == "resume" and isinstance(intent, Mapping):
            return self.paste(str(intent.get("text", "")))
        else:
            return super().handle(intent)
        self.refresh()
        return False

    def play(self, action: Action) -> None:
        """Play the move, say what it did in words, and turn the table to the seat to move next."""
        logged = len(self.game.log)
        super().play(action)
        lines: list[Any] = list(self.message["lines"]) if self.message else []
        if not lines:
            lines = [explanation_view(event) for event in self.game.log[logged:]]
        mover = _mover(self.game, self.seat)
        if mover != self.seat:
            self.seat = mover
            lines.append({"code": "explore-moves-of", "params": {"player": mover}})
        self.say("news", lines)

    def undo(self) -> bool:
        if not self.game.history:
            self.say("refusal", [{"code": "play-nothing-to-undo", "params": {}}])
            self.refresh()
            return False
        self.game.undo()
        self.seat, self.staged = _mover(self.game, self.seat), []
        self.say("news", [{"code": "play-undone", "params": {"moves": len(self.game.history)}},
                          {"code": "explore-moves-of", "params": {"player": self.seat}}])  # fmt: skip
        self.refresh()
        return True

    def list_moves(self) -> None:
        """The moves the seat to move may make now, in words beside the hand (all of them in the menu)."""
        moves = [str(a) for a in self.game.legal_actions()]
        lines: list[Any] = [{"code": "explore-moves-head", "params": {"player": self.seat, "count": len(moves)}}]
        lines += [lambda m=m: action_words(m) for m in moves[:MOVES_SAID_AT_MOST]]
        if len(moves) > MOVES_SAID_AT_MOST:
            lines.append({"code": "explore-moves-more", "params": {"count": len(moves) - MOVES_SAID_AT_MOST}})
        self.say("news", lines)

    # --- what the page adds to the table -------------------------------------------------------

    def view_and_labels(self, language: str) -> tuple[dict[str, Any], dict[str, Any]]:
        view, labels = super().view_and_labels(language)
        ui = labels["ui"]  # the menu's text box holds a position here, not a saved game
        ui["saved"], ui["saved_placeholder"] = render("explore-position"), render("explore-paste-placeholder")
        ui["save"], ui["resume"] = render("explore-show-position"), render("explore-load-position")
        return view, labels

    def page_data(self) -> dict[str, Any]:
        game = self.game
        moves = [str(a) for a in game.legal_actions()]
        controls = [{"text": render("explore-list-moves", {"count": len(moves)}), "intent": {"do": "list_moves"}}]
        if self.scenario:
            controls.insert(0, {"text": render("explore-lesson"), "intent": {"do": "lesson"}})
        if game.history:
            controls.append({"text": render("scen:undo"), "intent": {"do": "undo"}})
        choices = [(name, scenario_title(name)) for name in SCENARIOS]
        if not self.scenario:
            choices.insert(0, ("", render("explore-pasted-choice")))
        over = game.phase in ("hand over", "game over")
        hand_end = None
        if over:
            sides = [render("viewer:col-side", {"side": s + 1}) for s in range(game.position.side_count)]
            hand_end = {"title": render("play-hand-end"),
                        "html": hand_results_html(game.results, sides, "bolivia-hand-results")}  # fmt: skip
        return {
            "language": get_language(), "pace": "instant", "controls": controls, "hand_end": hand_end,
            "menu": {
                "settings": [
                    {"key": "scenario", "label": render("scen:scenario"), "value": self.scenario, "options": choices},
                    {"key": "language", "label": render("table-language"), "value": get_language(),
                     "options": [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES]},
                ],
                "actions": [{"text": action_words(m), "intent": {"do": "move", "move": m}, "close": True}
                            for m in moves[:MENU_MOVES_AT_MOST]],
                "saved": self.shown_text, "saved_note": "",
            },
        }  # fmt: skip


def _mover(game: Game, seat: int) -> int:
    """The seat whose moves the table shows: the one to move, or ``seat`` when the hand is over."""
    if game.phase in ("draw", "play", "answer") and 1 <= game.to_move <= game.position.players:
        return game.to_move
    return seat


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
