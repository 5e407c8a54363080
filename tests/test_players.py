"""Computer players and simulation: whole games end, results repeat with the seed."""

from __future__ import annotations

import json

import pytest

from bolivia_core import get_rules, preset_names
from bolivia_core.tools.cli import main
from bolivia_core.tools.simulation import simulate
from bolivia_core.seat import seat_view


@pytest.mark.parametrize("preset", preset_names())
def test_every_table_size_plays_whole_games(preset: str) -> None:
    for players in get_rules(preset).player_counts:
        result = simulate(preset, players, games=2, seed=3, kinds=("greedy", "random"), target=2500)
        assert len(result.games) == 2
        assert all(g.hands >= 1 and (max(g.scores) >= 2500 or g.hands == 60) for g in result.games)


def test_same_seed_same_games() -> None:
    first = simulate("swedish", 4, games=2, seed=5, target=3000).to_dict()
    again = simulate("swedish", 4, games=2, seed=5, target=3000).to_dict()
    for timing in ("seconds", "actions_per_second", "hands_per_second"):
        first.pop(timing), again.pop(timing)
    assert first == again


def test_greedy_beats_random() -> None:
    """Seats 1 and 3 (side 1) greedy, seats 2 and 4 random: a heuristic worth having wins most."""
    result = simulate("bolivia", 4, games=6, seed=1, kinds=("greedy", "random"), target=5000).to_dict()
    assert result["wins"][0] >= 5, result


@pytest.mark.parametrize("players", [2, 4])
def test_simulate_and_tournament_play_the_same_games_from_a_seed(players: int) -> None:
    """One runner under both commands: a tournament's deal played with the first-named level on side 1
    is the simulation's game of that seed with those levels seated (player 1 on side 1, players dealt
    round the sides), and its mirror the simulation with the levels the other way round."""
    from bolivia_core.tools.tournament import play_tournament

    tournament = play_tournament("canasta", players, ("club", "greedy"), games=4, seed=3, target=1500)
    for deal in range(2):
        for first_side, kinds in enumerate([("club", "greedy"), ("greedy", "club")]):
            game = simulate("canasta", players, games=deal + 1, seed=3, kinds=kinds, target=1500).games[deal]
            outcome = tournament.outcomes[2 * deal + first_side]
            first, other = game.scores[first_side], game.scores[1 - first_side]
            assert outcome.first_side == first_side
            assert (outcome.margin, outcome.hands, outcome.actions) == (first - other, game.hands, game.actions)
            assert outcome.result == (0.5 if game.winner is None else float(game.winner == first_side))


def test_simulate_command(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--rules", "canasta", "--games", "3", "--seed", "2", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["games"] == 3 and sum(data["wins"]) + data["draws"] == 3


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--ai", "chess"], "unknown player kind 'chess'"),
        (["simulate", "--games", "0"], "games must be a whole number of at least 1"),
        (["simulate", "--rules", "two-deck", "--players", "3"], "two-deck rules are for 4 players, not 3"),
        (["scenario", "no-such-lesson"], "unknown scenario 'no-such-lesson'"),
        (["scenario", "rules=bolivia; p1=KX"], "field p1: 'KX' is not a card"),
    ],
)
def test_bad_simulate_and_scenario_input(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and message in err


def test_scenario_command_lists_and_shows(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenario"]) == 0
    assert "take-the-pile" in capsys.readouterr().out
    assert main(["scenario", "take-the-pile", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "take pile with KH KS" in data["legal_actions"] and data["to_move"] == 1


@pytest.mark.parametrize("kind", ["greedy", "random"])
def test_decisions_are_legal_and_say_why_in_words(kind: str) -> None:
    """Each decision is one of the legal actions, and its rationale renders through the catalogue
    (a missing code or parameter raises) and names the card it discards."""
    from bolivia_core.game import new_game
    from bolivia_core.players import seat_players

    game = new_game("bolivia", 4, seed=11)
    seats = seat_players([kind], 4, 11)
    for _ in range(300):
        if game.phase == "hand over":
            break
        decision = seats[game.to_move - 1].choose(seat_view(game, game.to_move))
        assert decision.action in game.legal_actions()
        words = [str(why) for why in decision.rationale]
        if kind == "greedy" and str(decision.action).startswith("discard "):
            assert str(decision.action).split()[1] in words[0]
        game.apply(decision.action)


def test_hint_is_a_legal_action_for_the_seat_to_move_only() -> None:
    from bolivia_core.game import new_game
    from bolivia_core.players import hint

    game = new_game("canasta", 4, seed=2)
    advice = hint(seat_view(game, game.to_move), "strong").decision
    assert advice.action in game.legal_actions()
    other = game.to_move % 4 + 1
    with pytest.raises(ValueError, match=f"player {other} has nothing to decide now"):
        hint(seat_view(game, other))
