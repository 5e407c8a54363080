"""Watch computer players play a whole seeded game, a move or a hand at a time, and step back.

The viewer records the moves the players chose, so stepping back and forward again replays
the same moves: the same seed always shows the same game. Every move is the engine's.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from bolivia_core.actions import Action
from bolivia_core.cards import format_cards
from bolivia_core.game import Game, new_game
from bolivia_core.melds import judge
from bolivia_core.i18n import format_number, format_signed, render
from bolivia_core.players import Player, seat_players
from bolivia_core.rules import get_rules

from ..components.cards import CardRow
from ..language import LanguagePicker, rule_choices
from .table_tools import MeldRows

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


class GameViewer(widgets.VBox):
    """A seeded game between computer players, shown as it goes: tables, open hands, log, scores.

    Texts in ``language`` (default: the page's); the picker says them again, keeping the game where it is."""

    def __init__(
        self, rules: str = "bolivia", players: int = 4, seed: int = 1, seating: str = "greedy",
        language: str | None = None, **kwargs: Any,
    ) -> None:  # fmt: skip
        self.language = LanguagePicker(language)
        wide = {"description_width": "initial"}
        self.rules = widgets.Dropdown(options=rule_choices(), value=rules, style=wide,
                                      layout=widgets.Layout(width="auto"))  # fmt: skip
        self.players = widgets.Dropdown(options=get_rules(rules).player_counts, value=players, style=wide,
                                        layout=widgets.Layout(width="auto"))  # fmt: skip
        self.seating = widgets.Dropdown(options=_seatings(), value=seating, style=wide,
                                        layout=widgets.Layout(width="auto"))  # fmt: skip
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, style=wide,
                                           layout=widgets.Layout(width="12em"))  # fmt: skip
        self.deal_button = widgets.Button(icon="random")
        self.back = widgets.Button(icon="step-backward")
        self.forward = widgets.Button(icon="step-forward")
        self.to_hand_end = widgets.Button(icon="fast-forward", layout=widgets.Layout(width="auto"))
        self.status = widgets.HTML()
        self.tables = widgets.VBox()
        self.tables.add_class("bolivia-game-table")
        self._sides: list[SideView] = []
        self.events = widgets.HTML()
        self.results = widgets.HTML()
        self._headings = [widgets.HTML() for _ in range(3)]
        self.game: Game  # set by deal()
        self.seats: list[Player] = []
        self.moves: list[Action] = []  # every move chosen so far, including those stepped back over
        self._label()

        self.rules.observe(self._rules_changed, names="value")
        for setting in (self.players, self.seating, self.seed):
            setting.observe(self._redeal, names="value")
        self.deal_button.on_click(lambda _: self.deal())
        self.back.on_click(lambda _: self.step_back())
        self.forward.on_click(lambda _: self.step())
        self.to_hand_end.on_click(lambda _: self.play_to_hand_end())
        self.language.on_change(self._language_changed)
        super().__init__([
            self.language,
            widgets.HBox([self.rules, self.players, self.seating]), widgets.HBox([self.seed, self.deal_button]),
            widgets.HBox([self.back, self.forward, self.to_hand_end]), self.status,
            self._headings[0], self.tables, self._headings[1], self.events, self._headings[2], self.results,
        ], **kwargs)  # fmt: skip
        self.add_class("bolivia-game-viewer")
        self.deal()

    # --- the language --------------------------------------------------------------------

    def _label(self) -> None:
        """The fixed texts in the current language (every choice stays as it was)."""
        for picker, options in ((self.rules, rule_choices()), (self.seating, _seatings())):
            if list(picker.options) != options:
                chosen = picker.value
                with picker.hold_trait_notifications():
                    picker.options, picker.value = options, chosen
        self.rules.description = render("lab:rules")
        self.players.description = render("play-players")
        self.seating.description = render("viewer:computers")
        self.seed.description = render("lab:seed")
        self.deal_button.description = render("lab:deal")
        self.back.description = render("viewer:back")
        self.forward.description = render("viewer:next")
        self.to_hand_end.description = render("viewer:to-hand-end")
        for heading, code in zip(self._headings, ("viewer:table-heading", "play-log", "play-hands"), strict=True):
            heading.value = f"<h4>{html.escape(render(code))}</h4>"

    def _language_changed(self, _language: str) -> None:
        self._label()
        for side in self._sides:
            side.rename()
        self._show()

    # --- playing -------------------------------------------------------------------------

    def deal(self) -> None:
        """A new game from the chosen rules, table size, computers and seed."""
        self.game = new_game(self.rules.value, self.players.value, seed=self.seed.value)
        self.seats = seat_players(SEATINGS[self.seating.value], self.players.value, self.seed.value)
        self.moves = []
        self._sides = [SideView() for _ in range(len(self.game.position.melds))]
        self.tables.children = self._sides
        self._show()

    def step(self) -> None:
        """One move: the one recorded here if the viewer stepped back, else the player's choice."""
        if self.game.is_over:
            return
        self._step()
        self._show()

    def step_back(self) -> None:
        if self.game.history:
            self.game.undo()
            self._show()

    def play_to_hand_end(self) -> None:
        """Moves until the hand is scored (or, if it is, through the next hand)."""
        if self.game.phase == "hand over":
            self._step()
        for _ in range(MOVES_PER_HAND_AT_MOST):
            if self.game.phase == "hand over" or self.game.is_over:
                break
            self._step()
        self._show()

    def _step(self) -> None:
        done = len(self.game.history)
        if done == len(self.moves):
            self.moves.append(self.seats[self.game.to_move - 1].choose(self.game).action)
        self.game.apply(self.moves[done])

    def _redeal(self, _change: object = None) -> None:
        self.deal()

    def _rules_changed(self, change: dict[str, Any]) -> None:
        counts = get_rules(change["new"]).player_counts
        current = self.players.value
        self.players.unobserve(self._redeal, names="value")
        self.players.options = counts
        self.players.value = current if current in counts else counts[0]
        self.players.observe(self._redeal, names="value")
        self.deal()

    # --- showing -------------------------------------------------------------------------

    def _show(self) -> None:
        game, pos = self.game, self.game.position
        if game.is_over:
            where = render("viewer:game-over")
        elif game.phase == "hand over":
            where = render("viewer:hand-over")
        else:
            where = render(f"scen:to-{game.phase}", {"player": game.to_move})
        facts = {"hand": pos.hand_number, "move": len(game.history), "where": where, "stock": len(pos.stock),
                 "pile": len(pos.pile), "top": "\0"}  # fmt: skip
        said = html.escape(render("viewer:status-top" if pos.pile else "viewer:status", facts))
        top = f"<b>{html.escape(str(pos.pile[-1]))}</b>" if pos.pile else ""
        self.status.value = f"<p role='status'>{said.replace(chr(0), top)}</p>"
        self.back.disabled = not game.history
        self.forward.disabled = self.to_hand_end.disabled = game.is_over
        self._show_tables()
        recent = game.log[-10:]
        items = "".join(f"<li>{html.escape(str(event))}</li>" for event in recent)
        self.events.value = f"<ol class='bolivia-log' start='{len(game.log) - len(recent) + 1}'>{items}</ol>"
        self.results.value = self._results_html()

    def _show_tables(self) -> None:
        """Each side: its score and red 3s in words, its melds and its players' hands as cards."""
        pos, rules = self.game.position, self.game.rules
        seated = pos.seating()
        for side, view in enumerate(self._sides):
            names = []
            for meld in pos.melds[side]:
                verdict = judge(tuple(meld), rules, True)
                names.append(render(verdict.name or "") if verdict.complete else "")
            members = pos.members(side)
            view.show(
                render("page-side-heading", {"side": side + 1, "players": _players(members), "score": pos.scores[side],
                                             "red": format_cards(pos.red_threes[side]) or render("page-none")}),
                pos.melds[side], names,
                [(p, sorted(pos.hands[p - 1]) if p in seated else None) for p in members],
            )  # fmt: skip

    def _results_html(self) -> str:
        results = self.game.results
        if not results:
            return f"<p class='bolivia-hand-results'>{html.escape(render('play-none-yet'))}</p>"
        sides = len(results[0].scores)
        columns = [render("play-col-hand"), render("play-col-went-out")]
        columns += [render("viewer:col-side", {"side": s + 1}) for s in range(sides)]
        head = "<tr>" + "".join(f"<th scope='col'>{html.escape(c)}</th>" for c in columns) + "</tr>"
        totals = [0] * sides
        rows = []
        for result in results:
            totals = [t + s.total for t, s in zip(totals, result.scores, strict=True)]
            cells = "".join(f"<td>{format_signed(s.total)} ({format_number(t)})</td>"
                            for s, t in zip(result.scores, totals, strict=True))  # fmt: skip
            out = render("play-player", {"player": result.went_out}) if result.went_out else render("play-nobody")
            rows.append(f"<tr><td>{result.hand_number}</td><td>{html.escape(out)}</td>{cells}</tr>")
        return f"<table class='bolivia-hand-results'>{head}{''.join(rows)}</table>"


class SideView(widgets.VBox):
    """One side at the table: a heading in words, its melds as card rows, each player's hand as cards."""

    def __init__(self) -> None:
        self.heading = widgets.HTML()
        self.melds = MeldRows()
        self.hands = widgets.VBox()
        self._hand_rows: dict[int, tuple[widgets.HTML, CardRow]] = {}
        super().__init__([self.heading, self.melds, self.hands])
        self.add_class("bolivia-side")

    def rename(self) -> None:
        """Say the hands' labels and the card names again in the current language."""
        self.melds.rename()
        for player, (_caption, row) in self._hand_rows.items():
            row.rename(render("page-hand-of", {"player": player}), render("page-no-cards"))

    def show(self, heading: str, melds: Any, names: list[str], hands: list[tuple[int, Any]]) -> None:
        self.heading.value = f"<h5>{html.escape(heading)}</h5>"
        self.melds.show(melds, names)
        children: list[widgets.Widget] = []
        for player, cards in hands:
            if player not in self._hand_rows:
                label = render("page-hand-of", {"player": player})
                self._hand_rows[player] = (widgets.HTML(), CardRow(selectable=False, label=label,
                                                                   empty_text=render("page-no-cards")))  # fmt: skip
            caption, row = self._hand_rows[player]
            if cards is None:
                caption.value = f"<p>{html.escape(render('page-resting', {'player': player}))}</p>"
                children.append(caption)
                continue
            caption.value = f"<p>{html.escape(render('page-hand-of', {'player': player}))}</p>"
            if [c["code"] for c in row.cards] != [str(c) for c in cards]:
                row.show(cards)
            children += [caption, row]
        if list(self.hands.children) != children:
            self.hands.children = children


def _players(members: tuple[int, ...]) -> str:
    if len(members) == 1:
        return render("play-player", {"player": members[0]})
    return render("play-players-list", {"first": ", ".join(map(str, members[:-1])), "last": members[-1]})


def _seatings() -> list[tuple[str, str]]:
    """The ways to seat the computers, in words of the current language."""
    return [(render(f"viewer:seating-{index}"), key) for index, key in enumerate(SEATINGS, start=1)]
