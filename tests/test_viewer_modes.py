"""The card table's other two modes, driven from Python as the page's taps drive them: the scenario
explorer ("a seat's moves": a lesson position or a pasted one, drawn from the seat to move) and the
watch-a-game page ("every hand open": a seeded game of computers, step by step).

Expected facts come from the rules and the engine (Bolivia: a natural pair of kings takes a pile with a
king on top; the deal gives every seat 15 cards; the seeded players choose the same moves), never from
what the table printed before.
"""

from __future__ import annotations

import json

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as widgets

from bolivia_core.game import Game, new_game
from bolivia_core.players import PLAYERS, seat_players
from bolivia_core.scenario import SCENARIOS
from bolivia_core.seat import seat_view as engine_view
from bolivia_widgets import GameViewer, ScenarioExplorer
from bolivia_widgets.components.table import CardTable
from bolivia_widgets.components.table_view import open_view, seat_view

TAKE_THE_PILE = SCENARIOS["take-the-pile"].text  # player 1 holds KH KS; the pile's top is KD


def message(table: CardTable) -> str:
    said = table.message
    return " ".join(said["lines"]) if said else ""


def indices(table: CardTable, cards: str) -> list[int]:
    hand = table.hand["cards"]
    chosen: list[int] = []
    for code in cards.split():
        chosen.append(next(i for i, c in enumerate(hand) if c == code and i not in chosen))
    return chosen


# --- every hand open -----------------------------------------------------------------------


def test_the_open_view_holds_every_hand_and_offers_no_move() -> None:
    """At every tenth move of a seeded hand, each seat's hand is in the open view as the position holds it,
    and nothing is offered to play (nobody at a table of computers is the learner)."""
    game = new_game("bolivia", 4, seed=7)
    players = seat_players(["greedy"], 4, 7)
    for move in range(120):
        if game.phase == "hand over":
            break
        if move % 10 == 0:
            view = open_view(game)
            assert all(view["open_hands"][str(p)] == [str(c) for c in sorted(game.position.hands[p - 1])]
                       for p in range(1, 5))  # fmt: skip
            assert view["moves"] == [] and not view["my_turn"] and view["pile"]["takes"] == []
            json.dumps(view)
        game.apply(players[game.to_move - 1].choose(engine_view(game, game.to_move)).action)
    first = open_view(new_game("bolivia", 4, seed=7))
    assert [len(first["open_hands"][str(p)]) for p in range(1, 5)] == [15] * 4  # RULES 1.2: bolivia deals 15 a seat


def test_a_seat_view_holds_no_open_hands_and_no_other_seat_s_cards() -> None:
    """The seat view (the play page's and the explorer's) is the same whatever the other hands are,
    and only the open view, built on it, adds them."""
    game = new_game("bolivia", 4, seed=8)
    swapped = game.position.copy()
    swapped.hands[1], swapped.hands[2] = swapped.hands[2], swapped.hands[1]
    other = game.clone()
    other.position = swapped
    for seat in (1, 4):
        view = seat_view(game, seat)
        assert "open_hands" not in view and seat_view(other, seat) == view
    assert open_view(game)["open_hands"] != open_view(other)["open_hands"]


def test_the_watch_page_plays_the_seeded_game_the_players_would_with_every_hand_open() -> None:
    viewer = GameViewer(seed=3, seating="greedy and random, seat by seat", pace="fast", language="en")
    view = viewer.source.view()
    assert set(view["open_hands"]) == {"1", "2", "3", "4"} and view["moves"] == []
    assert all(seat["open"]["cards"] == view["open_hands"][player] for player, seat in viewer.seats.items())
    viewer.handle({"do": "to_hand_end"})
    game = new_game("bolivia", 4, seed=3)  # the same game played without the viewer
    seats = seat_players(["greedy", "random"], 4, 3)
    while game.phase != "hand over":
        game.apply(seats[game.to_move - 1].choose(engine_view(game, game.to_move)).action)
    assert viewer.source.game.history == game.history and viewer.source.game.phase == "hand over"
    steps = viewer.steps["list"]
    assert len(steps) == len(game.history)  # every move a step the page shows, at the learner's pace
    assert all(step["said"] for step in steps)
    assert any("open" in seat for step in steps for seat in step["patch"].get("seats", {}).values())
    assert any(step["motion"] and step["motion"]["from"] == "stock" for step in steps)
    # the score sheet: each side's hand score, and its running total in brackets
    totals = [score.total for score in game.results[0].scores]
    sheet = json.dumps(viewer.chrome["hand_end"]["blocks"])
    assert all(f"{total:+,} ({total:,})" in sheet for total in totals)
    # the whole log in words, each line with its move's "why?"
    log = viewer.source.log()
    dealt = len(new_game("bolivia", 4, seed=3).log)  # the deal's lines: no player chose them
    assert len(log) == len(game.log)
    assert {i for i, (_event, why) in enumerate(log) if why} == set(range(dealt, len(game.log)))


def test_the_watch_page_steps_back_and_forward_through_the_same_moves_each_with_its_why() -> None:
    viewer = GameViewer(seed=5, seating="random", pace="instant", language="en")  # asked again: chosen anew
    for _ in range(40):
        viewer.handle({"do": "step"})
    position, log = viewer.source.game.position_text(), viewer.source.log()
    said = viewer.message["lines"]
    assert len(said) == 2 and said[1].startswith("Why: ")
    assert all(set(step) == {"said"} for step in viewer.steps["list"])  # "instant": nothing to animate
    for _ in range(15):
        viewer.handle({"do": "back"})
    dealt = len(new_game("bolivia", 4, seed=5).log)
    game = viewer.source.game
    assert len(game.history) == 25 and sum(1 for _e, why in viewer.source.log() if why) == len(game.log) - dealt
    for _ in range(15):
        viewer.handle({"do": "step"})
    assert viewer.source.game.position_text() == position and viewer.source.log() == log


def test_a_tap_on_the_watch_page_plays_nothing_and_says_so() -> None:
    viewer = GameViewer(seed=2, pace="instant", language="en")
    before = viewer.source.game.to_json()
    taps = ({"do": "draw", "where": "stock"}, {"do": "discard", "card": 0, "where": "pile"},
            {"do": "move", "move": "draw"}, "nonsense")  # fmt: skip
    for intent in taps:
        assert not viewer.handle(intent)  # type: ignore[arg-type]
        assert viewer.message["kind"] == "refusal" and viewer.source.game.to_json() == before
        assert message(viewer).startswith("Only the computers play on this page")
    assert not viewer.handle({"do": "setting", "key": "seed", "value": "x"})
    assert message(viewer) == "There is no setting seed = 'x' on this page." and viewer.source.game.to_json() == before


def test_the_watch_page_follows_the_rules_table_sizes() -> None:
    viewer = GameViewer(pace="instant", language="en")
    viewer.handle({"do": "setting", "key": "rules", "value": "swedish"})
    players = next(s for s in viewer.menu["settings"] if s["key"] == "players")
    assert [n for n, _ in players["options"]] == [2, 3, 4, 5, 6] and players["value"] == 4
    viewer.handle({"do": "setting", "key": "players", "value": "5"})  # sides of two and three: one rests a hand
    assert viewer.source.game.position.players == 5 and any(s["resting"] for s in viewer.seats.values())
    viewer.handle({"do": "setting", "key": "rules", "value": "two-deck"})  # four players only
    game = viewer.source.game
    assert game.rules.name == "two-deck" and game.position.players == 4 and not game.history


def test_the_watch_page_lets_the_strong_player_play_the_club_player() -> None:
    """Watching the computer players worth learning from: strong and club seated in turn, to a hand's end."""
    viewer = GameViewer(seed=4, seating="strong and club, seat by seat", pace="instant", language="en")
    viewer.handle({"do": "to_hand_end"})
    game = new_game("bolivia", 4, seed=4)
    seats = seat_players(["strong", "club"], 4, 4)
    assert [type(seat).__name__ for seat in seats] == ["StrongPlayer", "ClubPlayer"] * 2
    while game.phase != "hand over":
        game.apply(seats[game.to_move - 1].choose(engine_view(game, game.to_move)).action)
    assert viewer.source.game.history == game.history


# --- a seat's moves --------------------------------------------------------------------------


def test_the_explorer_draws_the_position_from_the_seat_to_move_with_its_moves() -> None:
    explorer = ScenarioExplorer("take-the-pile", language="en")
    game = Game.from_position(TAKE_THE_PILE)
    view = explorer.source.view()
    assert view == seat_view(game, game.to_move) and "open_hands" not in view
    assert "take pile with KH KS" in view["moves"] and view["moves"] == [str(a) for a in game.legal_actions()]
    said = message(explorer)
    assert said.startswith("You may take the pile.") and "player 1's hand and moves" in said
    explorer.handle({"do": "list_moves"})
    lines = explorer.message["lines"]
    assert lines[0] == f"Player 1 may make {len(view['moves'])} moves now:"
    assert "take the pile with the king of hearts and the king of spades" in " ".join(lines)


def test_the_explorer_plays_a_move_by_touch_turns_to_the_next_seat_and_undoes() -> None:
    explorer = ScenarioExplorer("take-the-pile", language="en")
    assert explorer.handle({"do": "take_pile", "cards": indices(explorer, "KH KS"), "where": "pile"})
    pos = explorer.source.game.position
    assert pos.pile == [] and ["KD", "KH", "KS"] in [sorted(map(str, m)) for m in pos.melds[0]]
    assert explorer.source.seat == 1 and "You took the pile" in message(explorer)
    card = indices(explorer, "JH")[0]
    assert explorer.handle({"do": "discard", "card": card, "where": "pile"})
    assert explorer.source.seat == 2 == explorer.source.game.to_move and explorer.hand["seat"] == 2
    assert "player 2's hand and moves" in message(explorer)
    assert explorer.handle({"do": "undo"}) and explorer.source.seat == 1 and len(explorer.source.game.history) == 1


def test_a_refused_tap_in_the_explorer_is_explained_beside_the_place_and_changes_nothing() -> None:
    explorer = ScenarioExplorer("take-the-pile", language="en")
    before, view = explorer.source.game.to_json(), explorer.source.view()
    assert not explorer.handle({"do": "take_pile", "cards": indices(explorer, "6H 6D"), "where": "pile"})
    said = explorer.message
    assert said["kind"] == "refusal" and said["where"] == "pile" and "natural pair of kings" in message(explorer)
    assert explorer.source.game.to_json() == before and explorer.source.view() == view


def test_the_explorer_refuses_a_malformed_position_naming_the_field_and_changes_nothing() -> None:
    explorer = ScenarioExplorer("take-the-pile", language="en")
    explorer.handle({"do": "move", "move": "take pile with KH KS"})
    before, view = explorer.source.game.to_json(), explorer.source.view()
    for text, named in (("rules=bolivia; players=2; turn=1; p1=KH ZZ", "field p1"), ("", "Paste a position"),
                        ("rules=nosuch", "nosuch"), ("{not json", "position cannot be shown")):  # fmt: skip
        assert not explorer.handle({"do": "resume", "text": text})
        assert explorer.message["kind"] == "refusal" and named in message(explorer), text
        assert explorer.source.game.to_json() == before and explorer.source.view() == view and explorer.source.scenario
    assert not explorer.handle({"do": "setting", "key": "scenario", "value": "no-such-lesson"})
    assert "no lesson position named 'no-such-lesson'" in message(explorer) and explorer.source.game.to_json() == before
    assert not explorer.handle({"do": "setting", "key": "language", "value": "xx"})
    assert message(explorer) == "There is no setting language = 'xx' on this page."
    assert explorer.source.game.to_json() == before


def test_the_explorer_shows_a_pasted_position_and_the_table_s_own_in_notation() -> None:
    explorer = ScenarioExplorer("take-the-pile", language="en")
    explorer.handle({"do": "save"})
    shown = explorer.menu["saved"]
    assert Game.from_position(shown).position_text() == Game.from_position(TAKE_THE_PILE).position_text()
    pasted = SCENARIOS["initial-meld"].text if "initial-meld" in SCENARIOS else next(iter(SCENARIOS.values())).text
    assert explorer.handle({"do": "resume", "text": pasted})
    assert explorer.source.game.position_text() == Game.from_position(pasted).position_text()
    assert not explorer.source.scenario
    scenario = next(s for s in explorer.menu["settings"] if s["key"] == "scenario")
    assert scenario["value"] == "" and scenario["options"][0][0] == ""
    assert explorer.handle({"do": "setting", "key": "scenario", "value": "take-the-pile"})
    assert explorer.source.game.position_text() == Game.from_position(TAKE_THE_PILE).position_text()


def test_each_page_starts_with_a_handful_of_widget_models() -> None:
    """Each is one table model (and its layout), as the play page is."""
    for make in (lambda: ScenarioExplorer(language="en"), lambda: GameViewer(pace="instant", language="en")):
        before = len(widgets.Widget.widgets)
        make()
        assert len(widgets.Widget.widgets) - before <= 3


def test_the_explorer_and_watch_notebooks_start_with_at_most_twenty_widget_models() -> None:
    from pathlib import Path

    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    for name in ("scenario_explorer.ipynb", "game_viewer.ipynb"):
        notebook = json.loads((Path(__file__).parents[1] / "notebooks" / name).read_text(encoding="utf-8"))
        before = set(widgets.Widget.widgets)
        for cell in notebook["cells"]:
            if cell["cell_type"] == "code":
                shell.run_cell("".join(cell["source"]), silent=True)
        created = set(widgets.Widget.widgets) - before
        assert 0 < len(created) <= 20, (name, len(created))


def test_levels_used_by_the_watch_page_exist() -> None:
    from bolivia_widgets.dashboards.game_viewer import SEATINGS

    assert all(level in PLAYERS for levels in SEATINGS.values() for level in levels)
