"""Bolivia as a PettingZoo AEC environment (bolivia_env): PettingZoo's own API, seed and max-cycles tests;
every preset and player count; the spelling of actions as steps; what a seat's observation may hold; and
random agents playing whole hands and a whole game with no card lost or invented."""

from __future__ import annotations

import random
import warnings
from collections import Counter
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the env extra is not installed (pip install bolivia-explorer[env])")

from pettingzoo.test import api_test, max_cycles_test, seed_test

import bolivia_env
from bolivia_core import get_rules, preset_names
from bolivia_core.cards import deck_counts
from bolivia_core.game import Game, new_game
from bolivia_core.players import RandomPlayer
from bolivia_core.seat import seat_view
from bolivia_env import aec
from bolivia_env.encoding import (
    CARD_BASE, DISCARD, END, MELD, OBSERVATION_PARTS, OBSERVATION_SIZE, STEP_COUNT, WAIT, Spelling, observe, spell,
    step_name,
)  # fmt: skip

TABLES = [(preset, players) for preset in preset_names() for players in sorted(get_rules(preset).sides)]


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():  # PettingZoo's advice on dict observations: the classic games' form
        warnings.filterwarnings("ignore", message="Observation")
        yield


def test_pettingzoos_api_test() -> None:
    api_test(bolivia_env.env(), num_cycles=200)


def test_pettingzoos_seed_test() -> None:
    seed_test(bolivia_env.env, num_cycles=100)


def test_pettingzoos_max_cycles_test() -> None:
    max_cycles_test(aec)


def test_the_observation_parts_add_up_and_steps_have_names() -> None:
    assert sum(size for _, size in OBSERVATION_PARTS) == OBSERVATION_SIZE
    names = [step_name(s) for s in range(STEP_COUNT)]
    assert len(set(names)) == STEP_COUNT
    with pytest.raises(ValueError, match="not a step"):
        step_name(STEP_COUNT)


def _deck(game: Game) -> Counter[Any]:
    return Counter(c for cards in game.zones().values() for c in cards)


def _play_randomly(
    env: Any, seed: int, rng: np.random.Generator, most: int = 400_000
) -> tuple[int, dict[str, float]]:
    """Random agents choosing among the allowed steps (at most ``most`` steps); the cards are counted
    after every action played."""
    raw = env.unwrapped
    env.reset(seed=seed)
    game = raw.game
    whole = Counter(deck_counts(game.rules.decks, game.rules.jokers))
    totals = dict.fromkeys(env.possible_agents, 0.0)
    played = len(game.history)
    steps = 0
    for agent in env.agent_iter(max_iter=most):
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.any(), "an agent with nothing it may do"
        assert raw.observation_space(agent).contains(observation)
        allowed = np.flatnonzero(mask)
        to_move = raw.game.to_move == raw._seat[agent] and raw.game.phase in ("draw", "play", "answer")
        assert (list(allowed) == [WAIT]) != to_move
        env.step(int(rng.choice(allowed)))
        steps += 1
        if len(raw.game.history) != played:
            played = len(raw.game.history)
            assert _deck(raw.game) == whole, "a card lost or invented"
    return steps, totals


@pytest.mark.parametrize(("preset", "players"), TABLES)
def test_every_table_starts_and_plays(preset: str, players: int) -> None:
    env = bolivia_env.env(rules=preset, players=players)
    steps, _ = _play_randomly(env, seed=players, rng=np.random.default_rng(players), most=600)
    assert steps > 100 and len(env.unwrapped.game.history) > 10


FULL_HANDS = [(preset, 4 if 4 in get_rules(preset).sides else 2) for preset in preset_names()]


@pytest.mark.parametrize(("preset", "players"), FULL_HANDS)
def test_random_agents_play_a_whole_hand(preset: str, players: int) -> None:
    env = bolivia_env.env(rules=preset, players=players)
    steps, totals = _play_randomly(env, seed=7, rng=np.random.default_rng(1))
    game = env.unwrapped.game
    assert game.phase in ("hand over", "game over") and len(game.results) == 1
    result = game.results[0]
    for n, agent in enumerate(env.possible_agents, start=1):  # each agent got its side's points for the hand
        assert totals[agent] == result.scores[game.position.side_of(n)].total
    assert steps > len(game.history)  # moves spelled in several steps


def test_random_agents_finish_a_whole_game() -> None:
    env = bolivia_env.env(players=2, whole_game=True, target=400)
    _, totals = _play_randomly(env, seed=3, rng=np.random.default_rng(2))
    game = env.unwrapped.game
    assert game.is_over and len(game.results) >= 1
    for n, agent in enumerate(env.possible_agents, start=1):  # the hands' points add up to the game's
        assert totals[agent] == game.scores[game.position.side_of(n)]


def _random_positions(count: int, seed: int) -> list[Game]:
    """Positions of seeded random games of every preset, where a player is to draw or play."""
    rng = random.Random(seed)
    found: list[Game] = []
    for preset, players in TABLES:
        game = new_game(preset, players, seed=seed)
        player = RandomPlayer(seed)
        while len(found) < count * (TABLES.index((preset, players)) + 1) and not game.is_over:
            if game.phase == "hand over":
                game.apply("next hand")
                continue
            if game.phase in ("draw", "play") and rng.random() < 0.2:
                found.append(game.clone())
            game.apply(player.choose(seat_view(game, game.to_move)).action)
    return found


def test_every_legal_action_is_spelled_in_steps_that_name_it_alone() -> None:
    for game in _random_positions(6, seed=11):
        actions = list(game.legal_actions())
        spelling = Spelling(actions)
        assert len(spelling.actions) == len(actions)  # none too long for the encoding here, each spelled once
        for action in actions:
            steps = spell(action)
            assert steps is not None and spelling.action(steps) == action
            for at in range(len(steps)):  # every prefix allows its next step, and names no action early
                assert steps[at] in spelling.allowed(steps[:at])
                assert at == len(steps) - 1 or spelling.action(steps[: at + 1]) is None


def test_long_moves_are_spelled_card_by_card() -> None:
    from bolivia_core.actions import parse_action

    assert spell(parse_action("discard 7H")) == (DISCARD, CARD_BASE + 5 * 4 + 2)
    meld = spell(parse_action("meld KH KS KD | 2C 2D JK"))
    assert meld is not None and meld[0] == MELD and meld[-1] == END and len(meld) == 1 + 3 + 1 + 3 + 1


def test_an_observation_holds_nothing_of_another_hand() -> None:
    game = new_game("bolivia", 4, seed=5)
    seen = observe(game, 1)
    other = game.clone()
    hands = other.position.hands
    hands[1][0], hands[2][0] = hands[2][0], hands[1][0]  # two other hands trade a card: seat 1 cannot tell
    hands[1].sort()
    hands[2].sort()
    other.position.stock.reverse()
    assert hands[1] != game.position.hands[1]
    assert np.array_equal(observe(other, 1), seen)
    mine = game.clone()
    hands = mine.position.hands
    theirs = next(at for at, card in enumerate(hands[1]) if card != hands[0][0])
    hands[0][0], hands[1][theirs] = hands[1][theirs], hands[0][0]
    assert not np.array_equal(observe(mine, 1), seen)  # its own hand it does see


def test_a_step_outside_the_mask_changes_nothing_and_says_so() -> None:
    env = bolivia_env.env()
    env.reset(seed=1)
    raw = env.unwrapped
    before = raw.game.position_text()
    agent = env.agent_selection
    observation = env.last()[0]
    refused = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    env.step(refused)
    assert raw.game.position_text() == before and raw.prefix == ()
    assert raw.infos[agent]["illegal_step"] is True


def test_a_seed_deals_the_same_hand_and_no_seed_deals_another() -> None:
    env = bolivia_env.env()
    env.reset(seed=9)
    first = env.unwrapped.game.position_text()
    env.reset(seed=9)
    assert env.unwrapped.game.position_text() == first
    env.reset()
    assert env.unwrapped.game.position_text() != first


def test_infos_hold_the_seats_view_and_no_other_hand() -> None:
    env = bolivia_env.env()
    env.reset(seed=2)
    game = env.unwrapped.game
    for n, agent in enumerate(env.possible_agents, start=1):
        view = env.infos[agent]["seat_view"]
        assert view["seat"] == n and view["hand"] == [str(c) for c in game.position.hands[n - 1]]
        # every card it names is on the table, in the pile or in its own hand (or known: none yet)
        named = [*view["hand"], *view["pile"], *(c for side in view["melds"] for m in side for c in m),
                 *(c for reds in view["red_threes"] for c in reds), *(c for known in view["known"] for c in known)]
        pos = game.position
        public = [*pos.hands[n - 1], *pos.pile, *(c for side in pos.melds for m in side for c in m),
                  *(c for reds in pos.red_threes for c in reds)]
        assert Counter(named) == Counter(str(c) for c in public)
        assert set(view) >= {"hand_sizes", "stock_size"} and "stock" not in view and "hands" not in view


def test_bad_tables_are_refused_with_what_is_allowed() -> None:
    with pytest.raises(ValueError, match="played by"):
        bolivia_env.env(rules="two-deck", players=3)
    with pytest.raises(ValueError, match="render_mode"):
        bolivia_env.env(render_mode="pictures")
