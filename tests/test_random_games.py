"""Random whole hands for every preset, with the game's invariants checked after every action.

At least 200 hands per preset, spread over every table size the preset allows:
no card lost or invented; legal actions sorted, unique and never empty while
the game goes on; the position string round-trips after every action and the
saved game at intervals; refused actions carry reasons and change nothing;
and replaying the same seed with the same choices gives the same game.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bolivia_core import full_deck, get_rules, preset_names
from bolivia_core.actions import Action, Discard, parse_action
from bolivia_core.game import Game, IllegalActionError, new_game
from bolivia_core.moves import generate_actions
from bolivia_core.scenario import format_position, parse_position

HANDS_PER_PRESET = 200
MAX_ACTIONS_PER_HAND = 3000
JSON_EVERY = 40  # a full saved-game round trip every this many actions (and at every hand's end)


def _check_invariants(game: Game, deck: Counter, rng: random.Random) -> list[Action]:
    zones = Counter(card for zone in game.zones().values() for card in zone)
    assert zones == deck, f"cards lost {deck - zones} or invented {zones - deck}"
    text = game.position_text()
    assert format_position(parse_position(text, rules=game.rules)) == text
    actions = game.legal_actions()
    if game.is_over:
        assert actions == []
        return actions
    assert actions, f"no legal action in {text}"
    keys = [a.sort_key() for a in actions]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    _check_refusals(game, actions, rng)
    return actions


def _check_refusals(game: Game, legal: list[Action], rng: random.Random) -> None:
    """Candidates the game refuses, and actions that cannot be right now: reasons, no change."""
    offered = {str(a) for a in legal}
    refused = [a for a in generate_actions(game.position) if str(a) not in offered]
    refused += [parse_action(t) for t in ("draw", "next hand", "answer yes", "pass")]
    missing_card = next(c for c in sorted(set(full_deck(1, 1))) if c not in game.position.hands[game.to_move - 1])
    refused.append(Discard(missing_card))
    before = game.position.copy()
    for action in rng.sample(refused, min(4, len(refused))):
        if str(action) in offered:
            continue
        reasons = game.explain(action)
        if not reasons:
            continue  # a legal action the generator chose not to offer (e.g. an unusual meld)
        assert all(r.code and str(r) for r in reasons)
        with pytest.raises(IllegalActionError) as caught:
            game.apply(action)
        assert caught.value.reasons == reasons
        assert game.position == before, f"refused {action} changed the game"


def _hand_plan(preset: str) -> list[tuple[int, int]]:
    """(players, hands) pairs covering every allowed table size, HANDS_PER_PRESET hands in all."""
    counts = get_rules(preset).player_counts
    share, extra = divmod(HANDS_PER_PRESET, len(counts))
    return [(p, share + (i < extra)) for i, p in enumerate(counts)]


@pytest.mark.parametrize("preset", preset_names())
def test_random_hands_keep_every_invariant(preset: str) -> None:
    rules = get_rules(preset)
    deck = Counter(full_deck(rules.decks, rules.jokers))
    played = 0
    for players, hands in _hand_plan(preset):
        seed = 7 * players + len(preset)
        rng = random.Random(seed)
        game = new_game(preset, players, seed=seed, target=10**9)  # hands, not a race to the target
        actions_this_hand = 0
        goal = played + hands
        while played < goal:
            actions = _check_invariants(game, deck, rng)
            if game.is_over:  # the 60-hand cap: check this game, go on with a new one
                _check_replay(game)
                game = new_game(preset, players, seed=seed + played, target=10**9)
                continue
            game.apply(rng.choice(actions))
            actions_this_hand += 1
            assert actions_this_hand < MAX_ACTIONS_PER_HAND, "a hand that does not end"
            if game.phase in ("hand over", "game over") or len(game.history) % JSON_EVERY == 0:
                saved = game.to_json()
                assert Game.from_json(saved, verify=False).to_json() == saved
            if game.phase in ("hand over", "game over"):
                played += 1
                actions_this_hand = 0
        _check_replay(game)
    assert played == HANDS_PER_PRESET


def _check_replay(game: Game) -> None:
    """The same seed and the same choices give the same game, and a saved game loads by replay."""
    *_, replayed = game.replay()
    assert replayed.position_text() == game.position_text()
    assert [str(e) for e in replayed.log] == [str(e) for e in game.log]
    loaded = Game.from_json(game.to_json(), verify=True)
    assert loaded.position_text() == game.position_text()
    assert [r.scores for r in loaded.results] == [r.scores for r in game.results]
