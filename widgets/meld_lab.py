"""The meld lab: deal or load a position, pick cards, see the verdict, meld, watch the score.

Every view is created once and updated in place. The lab holds only what the
learner did (which cards went to the table); every judgement is the engine's.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from bolivia_core import Card, check_meld, get_rules, score_side
from bolivia_core.cards import format_cards, remove_cards
from bolivia_core.game import Game, new_game
from bolivia_core.messages import counted
from bolivia_core.rules import PRESETS
from bolivia_core.scenario import SCENARIOS

from .cards import CardRow
from .meld_checker import verdict_html
from .table_tools import score_table_html

__all__ = ["MeldLab"]


class MeldLab(widgets.VBox):
    """Player 1's hand from a seeded deal or a scenario; melds laid here go to the side's table."""

    def __init__(self, rules: str = "bolivia", seed: int = 1, scenario: str | None = None, **kwargs: Any) -> None:
        self.rules_picker = widgets.Dropdown(
            options=[(r.title, r.name) for r in PRESETS.values()], value=rules, description="Rules"
        )
        self.four_colour = widgets.Checkbox(value=False, description="four-colour deck", indent=False)
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description="Seed", layout=_width(12))
        self.deal_button = widgets.Button(description="deal", icon="random")
        self.scenarios = widgets.Dropdown(
            options=[("(a named scenario)", "")] + [(s.title, s.name) for s in SCENARIOS.values()],
            description="Lesson", layout=_width(30),
        )  # fmt: skip
        self.position_text = widgets.Textarea(
            description="Position", layout=widgets.Layout(width="100%", height="4em"),
            placeholder="paste a scenario string and press load; the current position appears here",
        )  # fmt: skip
        self.load_button = widgets.Button(description="load", icon="upload")
        self.message = widgets.HTML()
        self.table_info = widgets.HTML()
        self.table_rows = widgets.VBox()
        self.hand = CardRow(label="your hand: choose cards for a meld", empty_text="no cards in hand")
        self.verdict = widgets.HTML()
        self.meld_button = widgets.Button(description="meld these", icon="check", disabled=True)
        self.meter = widgets.IntProgress(value=0, min=0, max=50, layout=_width(20))
        self.meter_text = widgets.HTML()
        self.score_sheet = widgets.HTML()

        self.cards_in_hand: list[Card] = []
        self.table: list[list[Card]] = []
        self.melded_before = False
        self.side_score = 0
        self._rows: list[CardRow] = []
        self._no_melds = widgets.HTML("<p><i>no melds yet</i></p>")

        self.deal_button.on_click(lambda _: self.deal(self.seed.value))
        self.load_button.on_click(lambda _: self.load(self.position_text.value))
        self.scenarios.observe(self._pick_scenario, names="value")
        self.rules_picker.observe(self._rules_changed, names="value")
        self.four_colour.observe(self._colours, names="value")
        self.hand.observe(self._judge, names="selected")
        self.meld_button.on_click(self._meld)
        super().__init__(
            [
                widgets.HBox([self.rules_picker, self.four_colour]),
                widgets.HBox([self.seed, self.deal_button, self.scenarios]),
                widgets.HBox([self.position_text, self.load_button]),
                self.message,
                widgets.HTML("<h4>The side's table</h4>"), self.table_info, self.table_rows,
                widgets.HTML("<h4>Your hand</h4>"), self.hand,
                widgets.HBox([self.meld_button, self.meter, self.meter_text]), self.verdict,
                widgets.HTML("<h4>If the hand ended now</h4>"), self.score_sheet,
            ],
            **kwargs,
        )  # fmt: skip
        self.add_class("bolivia-meld-lab")
        self.verdict.add_class("bolivia-lab-verdict")
        if scenario:
            self.load(SCENARIOS[scenario].text)
        else:
            self.deal(seed)

    # --- where the cards come from --------------------------------------------------

    def deal(self, seed: int) -> None:
        """A real deal from the engine: the hand of the player who moves first."""
        game = new_game(self.rules_picker.value, seed=seed)
        self._show_game(game)
        count = len(game.position.hands[game.to_move - 1])
        self.message.value = f"<p role='status'>Dealt with seed {seed}: player {game.to_move}'s {count} cards.</p>"

    def load(self, text: str) -> None:
        """A position in the scenario notation; a bad one is refused whole with the field named."""
        try:
            game = Game.from_position(text)
        except ValueError as error:
            self.message.value = f"<p role='alert'>⚠ {html.escape(str(error))}</p>"
            return
        if game.rules.name != self.rules_picker.value:
            self.rules_picker.unobserve(self._rules_changed, names="value")
            self.rules_picker.value = game.rules.name
            self.rules_picker.observe(self._rules_changed, names="value")
        self._show_game(game)
        self.message.value = "<p role='status'>Position loaded.</p>"

    def _pick_scenario(self, change: dict[str, Any]) -> None:
        if change["new"]:
            scenario = SCENARIOS[change["new"]]
            self.load(scenario.text)
            self.message.value = (
                f"<p role='status'><b>{html.escape(scenario.title)}.</b> {html.escape(scenario.lesson)}</p>"
            )

    def _show_game(self, game: Game) -> None:
        pos = game.position
        player = pos.turn
        self.cards_in_hand = sorted(pos.hands[player - 1])
        self.table = [list(m) for m in pos.melds[pos.side_of(player)]]
        self.melded_before = bool(self.table)
        self.side_score = pos.scores[pos.side_of(player)]
        self.red_threes = len(pos.red_threes[pos.side_of(player)])
        self.position_text.value = game.position_text()
        top = str(pos.pile[-1]) if pos.pile else "none"
        self.table_info.value = (
            f"<p>Player {player} to play. Pile: {counted(len(pos.pile), 'card')}, top <b>{html.escape(top)}</b>; "
            f"stock: {counted(len(pos.stock), 'card')}; the side's red 3s: {self.red_threes}; "
            f"the side's score: {self.side_score:,}.</p>"
        )
        self._refresh_table()
        self.hand.show(self.cards_in_hand)
        self._judge()

    # --- judging and melding ----------------------------------------------------------------

    def _rules_changed(self, _change: object = None) -> None:
        """The same cards, judged again under the new rules (deal again for that deck)."""
        self._judge()

    def _colours(self, change: dict[str, Any]) -> None:
        for row in (self.hand, *self._rows):
            row.four_colour = change["new"]

    def _judge(self, _change: object = None) -> None:
        rules = get_rules(self.rules_picker.value)
        chosen = self.hand.selected_cards
        if not chosen:
            self.verdict.value = "<p>Choose cards from your hand to try them as a meld.</p>"
            self.meld_button.disabled = True
        else:
            verdict = check_meld(chosen, rules)
            self.verdict.value = verdict_html(verdict)
            self.meld_button.disabled = not verdict.legal
        self._update_meter(rules, chosen)
        self._update_score(rules)

    def _update_meter(self, rules: Any, chosen: tuple[Card, ...]) -> None:
        minimum = rules.initial_meld_minimum(self.side_score)
        if self.melded_before:
            self.meter.layout.visibility = "hidden"
            self.meter_text.value = "<span>the side has made its initial meld</span>"
            return
        laid = sum(check_meld(m, rules).points for m in self.table)
        trying = check_meld(chosen, rules) if chosen else None
        points = laid + (trying.points if trying and trying.legal else 0)
        self.meter.layout.visibility = "visible"
        self.meter.max, self.meter.value = minimum, min(points, minimum)
        mark = "✔ enough" if points >= minimum else f"{minimum - points} to go"
        self.meter_text.value = (
            f"<span role='status'>initial meld: {points} of {minimum} points at a score of "
            f"{self.side_score:,} ({mark})</span>"
        )

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
        self.message.value = f"<p role='status'>Melded {html.escape(format_cards(chosen))}.</p>"
        self._judge()

    def _refresh_table(self) -> None:
        """One card row per meld, made only for melds that are new (rows are reused)."""
        while len(self._rows) < len(self.table):
            self._rows.append(CardRow(selectable=False, four_colour=self.four_colour.value))
        for row, meld in zip(self._rows, self.table, strict=False):
            row.label = f"meld: {format_cards(meld)}"
            if [c["code"] for c in row.cards] != [str(c) for c in meld]:
                row.show(meld)
        shown = self._rows[: len(self.table)] or [self._no_melds]
        if list(self.table_rows.children) != shown:
            self.table_rows.children = shown


def _width(em: int) -> widgets.Layout:
    return widgets.Layout(width=f"{em}em")
