"""The meld lab: deal or load a position, pick cards, see the verdict, meld, watch the score.

Every view is created once and updated in place. The lab holds only what the
learner did (which cards went to the table); every judgement is the engine's.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from bolivia_core import Card, check_initial_meld, check_meld, get_rules, score_side
from bolivia_core.cards import format_cards, remove_cards
from bolivia_core.game import Game, new_game
from bolivia_core.i18n import format_number, render
from bolivia_core.scenario import SCENARIOS

from ..components.cards import CardRow
from ..language import LanguagePicker, refusal_of, rule_choices
from .meld_checker import verdict_html
from .table_tools import scenario_lesson, scenario_title, score_table_html

__all__ = ["MeldLab"]


class MeldLab(widgets.VBox):
    """Player 1's hand from a seeded deal or a scenario; melds laid here go to the side's table.

    Every text is the catalogue's, in ``language`` (default: the page's, ``?lang=`` or the
    browser's); the picker at the top says it all again in another language, keeping the cards.
    """

    def __init__(
        self, rules: str = "bolivia", seed: int = 1, scenario: str | None = None, language: str | None = None,
        **kwargs: Any,
    ) -> None:  # fmt: skip
        self.language = LanguagePicker(language)
        self.rules_picker = widgets.Dropdown(options=rule_choices(), value=rules)
        self.four_colour = widgets.Checkbox(value=False, indent=False)
        self.seed = widgets.BoundedIntText(  # its label as wide as its words ("Deal number", "Numer rozdania")
            value=seed, min=0, max=10**9, layout=widgets.Layout(width="auto", max_width="18em"),
            style={"description_width": "initial"},
        )
        self.deal_button = widgets.Button(icon="random")
        self.scenarios = widgets.Dropdown(
            options=[("", ""), *_scenario_titles()], layout=_width(30),
        )  # fmt: skip
        self.position_text = widgets.Textarea(layout=widgets.Layout(width="100%", height="4em"))
        self.load_button = widgets.Button(icon="upload")
        self.message = widgets.HTML()
        self.table_info = widgets.HTML()
        self.table_rows = widgets.VBox()
        self.hand = CardRow()
        self.verdict = widgets.HTML()
        self.meld_button = widgets.Button(icon="check", disabled=True)
        self.meter = widgets.IntProgress(value=0, min=0, max=50, layout=_width(20))
        self.meter_text = widgets.HTML()
        self.score_sheet = widgets.HTML()

        self.cards_in_hand: list[Card] = []
        self.table: list[list[Card]] = []
        self.melded_before = False
        self.side_score = 0
        self._rows: list[CardRow] = []
        self._no_melds = widgets.HTML()
        self._headings = [widgets.HTML() for _ in range(3)]
        self._said: tuple[str, dict[str, Any]] | None = None  # the last status message, said again on a new language
        self._info: dict[str, Any] = {}
        self._quiet = False
        self._label()

        self.deal_button.on_click(lambda _: self.deal(self.seed.value))
        self.load_button.on_click(lambda _: self.load(self.position_text.value))
        self.scenarios.observe(self._pick_scenario, names="value")
        self.rules_picker.observe(self._rules_changed, names="value")
        self.four_colour.observe(self._colours, names="value")
        self.hand.observe(self._judge, names="selected")
        self.meld_button.on_click(self._meld)
        self.language.on_change(self._language_changed)
        super().__init__(
            [
                self.language,
                widgets.HBox([self.rules_picker, self.four_colour]),
                widgets.HBox([self.seed, self.deal_button, self.scenarios]),
                widgets.HBox([self.position_text, self.load_button]),
                self.message,
                self._headings[0], self.table_info, self.table_rows,
                self._headings[1], self.hand,
                widgets.HBox([self.meld_button, self.meter, self.meter_text]), self.verdict,
                self._headings[2], self.score_sheet,
            ],
            **kwargs,
        )  # fmt: skip
        self.add_class("bolivia-meld-lab")
        self.verdict.add_class("bolivia-lab-verdict")
        if scenario:
            self.load(SCENARIOS[scenario].text)
        else:
            self.deal(seed)

    # --- the language --------------------------------------------------------------

    def _label(self) -> None:
        """Every fixed text of the lab, from the catalogue in the current language."""
        self._quiet = True  # new option texts, same choices: nothing to judge or load again
        picked, chosen = self.rules_picker.value, self.scenarios.value
        self.rules_picker.options, self.rules_picker.value = rule_choices(), picked
        self.scenarios.options = [(render("lab:a-scenario"), ""), *_scenario_titles()]
        self.scenarios.value = chosen
        self._quiet = False
        self.rules_picker.description = render("lab:rules")
        self.four_colour.description = render("lab:four-colour")
        self.seed.description = render("lab:seed")
        self.deal_button.description = render("lab:deal")
        self.scenarios.description = render("lab:lesson")
        self.position_text.description = render("lab:position")
        self.position_text.placeholder = render("lab:position-placeholder")
        self.load_button.description = render("lab:load")
        self.meld_button.description = render("lab:meld-these")
        self._no_melds.value = f"<p><i>{html.escape(render('lab:no-melds'))}</i></p>"
        for heading, code in zip(self._headings, ("lab:table-heading", "lab:hand-heading", "lab:score-heading"),
                                 strict=True):  # fmt: skip
            heading.value = f"<h4>{html.escape(render(code))}</h4>"
        self.hand.rename(render("lab:hand-label"), render("lab:no-cards"))

    def _language_changed(self, _language: str) -> None:
        """Say everything again in the new language; the cards, the choice and the table stay."""
        self._label()
        self._refresh_table()
        if self._said is not None:
            self._say(*self._said)
        if self._info:
            self.table_info.value = self._table_info()
        self._judge()

    def _say_scenario(self, name: str) -> None:
        title, lesson = html.escape(scenario_title(name)), html.escape(scenario_lesson(name))
        self.message.value = f"<p role='status'><b>{title}.</b> {lesson}</p>"

    def _say(self, code: str, params: dict[str, Any]) -> None:
        self._said = (code, params)
        if code == "lab:scenario":  # not one text: the position's title and lesson, each from the catalogue
            self._say_scenario(params["name"])
            return
        if code == "lab:refused":  # the engine's refusal of a pasted position, read again in this language
            self.message.value = f"<p role='alert'>⚠ {html.escape(refusal_of(params['text']))}</p>"
            return
        self.message.value = f"<p role='status'>{html.escape(render(code, params))}</p>"

    def _table_info(self) -> str:
        info = self._info
        top = f"<b>{html.escape(info['top'] or render('value:none'))}</b>"
        text = render("lab:table-info", info | {"top": "\0", "score": format_number(info["score"])})
        return "<p>" + html.escape(text).replace("\0", top) + "</p>"

    # --- where the cards come from --------------------------------------------------

    def deal(self, seed: int) -> None:
        """A real deal from the engine: the hand of the player who moves first."""
        game = new_game(self.rules_picker.value, seed=seed)
        self._show_game(game)
        count = len(game.position.hands[game.to_move - 1])
        self._say("lab:dealt", {"seed": str(seed), "player": game.to_move, "count": count})

    def load(self, text: str) -> None:
        """A position in the scenario notation; a bad one is refused whole with the field named."""
        try:
            game = Game.from_position(text)
        except ValueError:
            self._say("lab:refused", {"text": text})
            return
        if game.rules.name != self.rules_picker.value:
            self.rules_picker.unobserve(self._rules_changed, names="value")
            self.rules_picker.value = game.rules.name
            self.rules_picker.observe(self._rules_changed, names="value")
        self._show_game(game)
        self._say("lab:loaded", {})

    def _pick_scenario(self, change: dict[str, Any]) -> None:
        if change["new"] and not self._quiet:
            self.load(SCENARIOS[change["new"]].text)
            self._say("lab:scenario", {"name": change["new"]})  # the position's title and lesson

    def _show_game(self, game: Game) -> None:
        pos = game.position
        player = pos.turn
        self.cards_in_hand = sorted(pos.hands[player - 1])
        self.table = [list(m) for m in pos.melds[pos.side_of(player)]]
        self.melded_before = bool(self.table)
        self.side_score = pos.scores[pos.side_of(player)]
        self.red_threes = len(pos.red_threes[pos.side_of(player)])
        self.position_text.value = game.position_text()
        self._info = {
            "player": player, "pile": len(pos.pile), "top": str(pos.pile[-1]) if pos.pile else "",
            "stock": len(pos.stock), "red_threes": self.red_threes, "score": self.side_score,
        }  # fmt: skip
        self.table_info.value = self._table_info()
        self._refresh_table()
        self.hand.show(self.cards_in_hand)
        self._judge()

    # --- judging and melding ----------------------------------------------------------------

    def _rules_changed(self, _change: object = None) -> None:
        """The same cards, judged again under the new rules (deal again for that deck)."""
        if not self._quiet:
            self._judge()

    def _colours(self, change: dict[str, Any]) -> None:
        for row in (self.hand, *self._rows):
            row.four_colour = change["new"]

    def _judge(self, _change: object = None) -> None:
        rules = get_rules(self.rules_picker.value)
        chosen = self.hand.selected_cards
        if not chosen:
            self.verdict.value = f"<p>{html.escape(render('lab:choose'))}</p>"
            self.meld_button.disabled = True
        else:
            verdict = check_meld(chosen, rules)
            self.verdict.value = verdict_html(verdict)
            self.meld_button.disabled = not verdict.legal
        self._update_meter(rules, chosen)
        self._update_score(rules)

    def _update_meter(self, rules: Any, chosen: tuple[Card, ...]) -> None:
        if self.melded_before:
            self.meter.layout.visibility = "hidden"
            self.meter_text.value = f"<span>{html.escape(render('lab:melded-initial'))}</span>"
            return
        opening = check_initial_meld([*self.table, *([chosen] if chosen else [])], self.side_score, rules)
        points, minimum = opening.points, opening.minimum
        self.meter.layout.visibility = "visible"
        self.meter.max, self.meter.value = minimum, min(points, minimum)
        mark = render("lab:enough") if points >= minimum else render("lab:to-go", {"count": minimum - points})
        said = render("lab:meter", {"points": points, "minimum": minimum, "score": self.side_score, "mark": mark})
        self.meter_text.value = f"<span role='status'>{html.escape(said)}</span>"

    def _update_score(self, rules: Any) -> None:
        try:
            result = score_side(self.table, self.cards_in_hand, red_threes=self.red_threes, rules=rules)
        except ValueError as error:
            self.score_sheet.value = f"<p>⚠ {html.escape(str(error))}</p>"
            return
        self.score_sheet.value = score_table_html(result)

    def _meld(self, _button: object = None) -> None:
        chosen = self.hand.selected_cards
        rules = get_rules(self.rules_picker.value)
        if not chosen or not check_meld(chosen, rules).legal:
            return
        self.cards_in_hand = remove_cards(self.cards_in_hand, chosen) or []
        self.table.append(list(chosen))
        self._refresh_table()
        self.hand.show(self.cards_in_hand)
        self._say("lab:melded", {"cards": format_cards(chosen)})
        self._judge()

    def _refresh_table(self) -> None:
        """One card row per meld, made only for melds that are new (rows are reused)."""
        while len(self._rows) < len(self.table):
            self._rows.append(CardRow(selectable=False, four_colour=self.four_colour.value))
        for row, meld in zip(self._rows, self.table, strict=False):
            if [c["code"] for c in row.cards] != [str(c) for c in meld]:
                row.show(meld)
            row.rename(render("lab:meld-label", {"cards": format_cards(meld)}))
        shown = self._rows[: len(self.table)] or [self._no_melds]
        if list(self.table_rows.children) != shown:
            self.table_rows.children = shown


def _scenario_titles() -> list[tuple[str, str]]:
    """The lesson positions by title, in the current language."""
    return [(scenario_title(name), name) for name in SCENARIOS]


def _width(em: int) -> widgets.Layout:
    return widgets.Layout(width=f"{em}em")
