"""Bolivia as an OpenSpiel game (bolivia_env.openspiel), where open_spiel is installed: the checked-in
playthrough (tests/golden/openspiel_playthrough.txt, scripts/openspiel_playthrough.py) made again and
compared, as OpenSpiel's own games are; OpenSpiel's random simulation checks; and worlds resampled from
a seat's information state that the seat cannot tell from the real one."""

from __future__ import annotations

import difflib
import random
import runpy
from collections import Counter
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install bolivia-explorer[bench])")

import bolivia_env.openspiel  # noqa: E402
from bolivia_core.cards import deck_counts  # noqa: E402
from bolivia_core.game import Game  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "openspiel_playthrough.py"
GOLDEN = ROOT / "tests" / "golden" / "openspiel_playthrough.txt"


def test_the_game_is_registered_with_its_parameters() -> None:
    game = pyspiel.load_game("python_bolivia(players=3,rules=canasta,deals=5)")
    assert game.num_players() == 3 and game.max_chance_outcomes() == 5
    assert game.observation_tensor_size() < game.information_state_tensor_size()
    with pytest.raises(ValueError, match="played by"):
        bolivia_env.openspiel.BoliviaGame({"rules": "two-deck", "players": 3})


def test_the_playthrough_is_the_checked_in_one() -> None:
    played = runpy.run_path(str(SCRIPT))["playthrough"]()
    expected = GOLDEN.read_text(encoding="utf-8")
    diff = difflib.unified_diff(expected.splitlines(), played.splitlines(), "golden", "played", n=1, lineterm="")
    assert played == expected, "\n".join(list(diff)[:20])
    assert "Returns() = " in played and played.count("# State ") > 50


def _random_state(seed: int, steps: int) -> object:
    game = pyspiel.load_game("python_bolivia(players=4,deals=64)")
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def _cards(game: Game) -> Counter[object]:
    return Counter(c for cards in game.zones().values() for c in cards)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_resampled_world_is_one_the_seat_cannot_tell_from_the_real_one(seed: int) -> None:
    state = _random_state(seed, 150 + 40 * seed)
    assert not state.is_terminal()
    player = state.current_player()
    real = state.bolivia
    worlds = [state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0)) for _ in range(6)]
    whole = Counter(deck_counts(real.rules.decks, real.rules.jokers))
    others = set()
    for world in worlds:
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.observation_tensor(player) == state.observation_tensor(player)
        assert world.legal_actions() == state.legal_actions()
        game = world.bolivia
        assert _cards(game) == whole  # no card lost or invented
        assert [len(h) for h in game.position.hands] == [len(h) for h in real.position.hands]
        assert len(game.position.stock) == len(real.position.stock)
        assert not any(c.is_red_three for h in game.position.hands for c in h)
        for p, known in enumerate(real.memory.held):  # cards seen taken with the pile stay where they went
            if p != player:
                assert not known - Counter(game.position.hands[p])
        others.add(tuple(tuple(h) for p, h in enumerate(game.position.hands) if p != player))
    assert len(others) > 1  # the hidden cards are dealt afresh
    assert state.bolivia is real and _cards(real) == whole  # the real state is untouched


def test_openspiels_random_simulation_checks_pass() -> None:
    game = pyspiel.load_game("python_bolivia(players=2,deals=16)")
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
