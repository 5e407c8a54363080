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
from bolivia_core.messages import counted, render
from bolivia_core.players import Player, seat_players
from bolivia_core.rules import PRESETS, get_rules

__all__ = ["GameViewer"]

SEATINGS = {
    "greedy": ("greedy",),
    "random": ("random",),
    "greedy and random, seat by seat": ("greedy", "random"),
}
MOVES_PER_HAND_AT_MOST = 5_000  # a hand ends when the stock runs out; this only guards the loop


class GameViewer(widgets.VBox):
    """A seeded game between computer players, shown as it goes: tables, open hands, log, scores."""

    def __init__(
        self, rules: str = "bolivia", players: int = 4, seed: int = 1, seating: str = "greedy", **kwargs: Any
    ) -> None:
        self.rules = widgets.Dropdown(options=[(r.title, r.name) for r in PRESETS.values()], value=rules,
                                      description="Rules")  # fmt: skip
        self.players = widgets.Dropdown(options=get_rules(rules).player_counts, value=players, description="Players")
        self.seating = widgets.Dropdown(options=list(SEATINGS), value=seating, description="Computers",
                                        layout=widgets.Layout(width="24em"))  # fmt: skip
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description="Seed",
                                           layout=widgets.Layout(width="12em"))  # fmt: skip
        self.deal_button = widgets.Button(description="deal", icon="random")
        self.back = widgets.Button(description="back a move", icon="step-backward")
        self.forward = widgets.Button(description="next move", icon="step-forward")
        self.to_hand_end = widgets.Button(description="to the end of the hand", icon="fast-forward",
                                          layout=widgets.Layout(width="auto"))  # fmt: skip
        self.status = widgets.HTML()
        self.tables = widgets.HTML()
        self.events = widgets.HTML()
        self.results = widgets.HTML()
        self.game: Game  # set by deal()
        self.seats: list[Player] = []
        self.moves: list[Action] = []  # every move chosen so far, including those stepped back over

        self.rules.observe(self._rules_changed, names="value")
        for setting in (self.players, self.seating, self.seed):
            setting.observe(self._redeal, names="value")
        self.deal_button.on_click(lambda _: self.deal())
        self.back.on_click(lambda _: self.step_back())
        self.forward.on_click(lambda _: self.step())
        self.to_hand_end.on_click(lambda _: self.play_to_hand_end())
        super().__init__([
            widgets.HBox([self.rules, self.players, self.seating]), widgets.HBox([self.seed, self.deal_button]),
            widgets.HBox([self.back, self.forward, self.to_hand_end]), self.status,
            widgets.HTML("<h4>The table (hands open: only computers play)</h4>"), self.tables,
            widgets.HTML("<h4>What happened</h4>"), self.events,
            widgets.HTML("<h4>Hands played</h4>"), self.results,
        ], **kwargs)  # fmt: skip
        self.add_class("bolivia-game-viewer")
        self.deal()

    # --- playing -------------------------------------------------------------------------

    def deal(self) -> None:
        """A new game from the chosen rules, table size, computers and seed."""
        self.game = new_game(self.rules.value, self.players.value, seed=self.seed.value)
        self.seats = seat_players(SEATINGS[self.seating.value], self.players.value, self.seed.value)
        self.moves = []
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
        top = f", top <b>{html.escape(str(pos.pile[-1]))}</b>" if pos.pile else ""
        if game.is_over:
            where = "the game is over"
        elif game.phase == "hand over":
            where = "the hand is over; the next move deals the next one"
        else:
            where = f"player {game.to_move} to {html.escape(game.phase)}"
        self.status.value = (
            f"<p role='status'>Hand {pos.hand_number}, move {len(game.history)}: {where}. "
            f"Stock: {counted(len(pos.stock), 'card')}; pile: {counted(len(pos.pile), 'card')}{top}.</p>"
        )
        self.back.disabled = not game.history
        self.forward.disabled = self.to_hand_end.disabled = game.is_over
        self.tables.value = self._tables_html()
        recent = game.log[-10:]
        items = "".join(f"<li>{html.escape(str(event))}</li>" for event in recent)
        self.events.value = f"<ol class='bolivia-log' start='{len(game.log) - len(recent) + 1}'>{items}</ol>"
        self.results.value = self._results_html()

    def _tables_html(self) -> str:
        pos, rules = self.game.position, self.game.rules
        rows = []
        for side in range(len(pos.melds)):
            members = pos.members(side)
            melds = []
            for meld in pos.melds[side]:
                verdict = judge(tuple(meld), rules, True)
                name = f" <i>({html.escape(render(verdict.name or ''))})</i>" if verdict.complete else ""
                melds.append(f"{html.escape(format_cards(meld))}{name}")
            seated = pos.seating()
            hands = "<br>".join(
                f"player {p}: {html.escape(format_cards(sorted(pos.hands[p - 1])) or 'no cards')}"
                if p in seated
                else f"player {p}: resting this hand"
                for p in members
            )
            red = format_cards(pos.red_threes[side]) or "none"
            rows.append(
                f"<tr style='vertical-align: top'><th scope='row'>side {side + 1}<br>({_players(members)})</th>"
                f"<td>{pos.scores[side]:,}</td><td>{html.escape(red)}</td>"
                f"<td>{'<br>'.join(melds) or 'no melds yet'}</td><td>{hands}</td></tr>"
            )
        head = "<tr><th>side</th><th>score</th><th>red 3s</th><th>melds</th><th>hands</th></tr>"
        return f"<table class='bolivia-game-table'>{head}{''.join(rows)}</table>"

    def _results_html(self) -> str:
        results = self.game.results
        if not results:
            return "<p class='bolivia-hand-results'>None yet.</p>"
        sides = len(results[0].scores)
        head = "<tr><th>hand</th><th>went out</th>" + "".join(f"<th>side {s + 1}</th>" for s in range(sides)) + "</tr>"
        totals = [0] * sides
        rows = []
        for result in results:
            totals = [t + s.total for t, s in zip(totals, result.scores, strict=True)]
            cells = "".join(f"<td>{s.total:+,} ({t:,})</td>" for s, t in zip(result.scores, totals, strict=True))
            out = f"player {result.went_out}" if result.went_out else "nobody"
            rows.append(f"<tr><td>{result.hand_number}</td><td>{out}</td>{cells}</tr>")
        return f"<table class='bolivia-hand-results'>{head}{''.join(rows)}</table>"


def _players(members: tuple[int, ...]) -> str:
    if len(members) == 1:
        return f"player {members[0]}"
    return f"players {', '.join(map(str, members[:-1]))} and {members[-1]}"
