"""Random whole hands for every preset, with the game's invariants checked after every action.

Hands per preset spread over every table size the preset allows (a quick run by default; the
long soak of 200 hands per preset runs with ``-m soak``):
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
from bolivia_core.cards import format_cards
from bolivia_core.actions import Action, Discard, parse_action
from bolivia_core.game import Game, IllegalActionError, new_game
from bolivia_core.turn.legal import candidates
from bolivia_core.scenario import format_position, parse_position
from bolivia_core.scoring import score_side

QUICK_HANDS = 12  # still every table size of every preset; the soak plays SOAK_HANDS
SOAK_HANDS = 200
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
    listed = list(actions)
    assert all(hand == sorted(hand) for hand in game.position.hands), "a hand out of card order"
    kinds = [a.order for a in listed]
    assert kinds == sorted(kinds) and len(set(listed)) == len(listed)
    _check_refusals(game, actions, rng)
    return actions


def _check_refusals(game: Game, legal: list[Action], rng: random.Random) -> None:
    """Candidates the game refuses, and actions that cannot be right now: reasons, no change."""
    offered = {str(a) for a in legal}
    refused = [a for a in candidates(game.position) if str(a) not in offered]
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


def _hand_plan(preset: str, total: int) -> list[tuple[int, int]]:
    """(players, hands) pairs covering every allowed table size, ``total`` hands in all."""
    counts = get_rules(preset).player_counts
    share, extra = divmod(total, len(counts))
    return [(p, share + (i < extra)) for i, p in enumerate(counts)]


@pytest.mark.parametrize("preset", preset_names())
def test_random_hands_keep_every_invariant(preset: str) -> None:
    _play_random_hands(preset, QUICK_HANDS)


@pytest.mark.soak
@pytest.mark.parametrize("preset", preset_names())
def test_random_hands_soak(preset: str) -> None:
    _play_random_hands(preset, SOAK_HANDS)


def _play_random_hands(preset: str, total: int) -> None:
    rules = get_rules(preset)
    deck = Counter(full_deck(rules.decks, rules.jokers))
    played = 0
    for players, hands in _hand_plan(preset, total):
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
                _check_hand_score(game)
                played += 1
                actions_this_hand = 0
        _check_replay(game)
    assert played == total


def _check_hand_score(game: Game) -> None:
    """The game scores its own table by a trusted path; the public ``score_side``, which checks
    every meld and counts every card, must find the same lines for each side."""
    pos, result = game.position, game.results[-1]
    out_side = pos.side_of(result.went_out) if result.went_out is not None else None
    for side, score in enumerate(result.scores):
        held = [c for p in pos.members(side) for c in pos.hands[p - 1]]
        checked = score_side(
            [format_cards(m) for m in pos.melds[side]], format_cards(held), red_threes=len(pos.red_threes[side]),
            went_out=side == out_side, concealed=side == out_side and pos.unopened, rules=game.rules,
            players=pos.players,
        )  # fmt: skip
        assert score == checked, f"side {side + 1}: the game scored {score.total}, score_side {checked.total}"


def _check_replay(game: Game) -> None:
    """The same seed and the same choices give the same game, and a saved game loads by replay."""
    *_, replayed = game.replay()
    assert replayed.position_text() == game.position_text()
    assert [str(e) for e in replayed.log] == [str(e) for e in game.log]
    loaded = Game.from_json(game.to_json(), verify=True)
    assert loaded.position_text() == game.position_text()
    assert [r.scores for r in loaded.results] == [r.scores for r in game.results]
