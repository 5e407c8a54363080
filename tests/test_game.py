"""The turn engine, rule by rule (RULES.md sections 1, 2 and 6), on positions written by hand."""

from __future__ import annotations

from collections import Counter

import pytest

from bolivia_core import full_deck
from bolivia_core.actions import Add, Discard, Draw, Meld, TakePile, TakeTop, parse_action
from bolivia_core.cards import parse_cards
from bolivia_core.game import Game, GameFileError, IllegalActionError, new_game
from bolivia_core.scenario import SCENARIOS, ScenarioError, load_scenario, parse_position
from bolivia_core.seat import seat_view


def game_from(text: str) -> Game:
    return Game.from_position(text)


def codes(game: Game, action: str) -> set[str]:
    return {r.code for r in game.explain(action)}


# --- 1.2 the deal -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "players", "cards"),
    [("bolivia", 2, 15), ("bolivia", 3, 15), ("bolivia", 4, 15), ("swedish", 6, 15),
     ("two-deck", 4, 11), ("canasta", 2, 15), ("canasta", 3, 13), ("canasta", 4, 11)],
)  # fmt: skip
def test_deal_sizes_and_deck(preset: str, players: int, cards: int) -> None:
    game = new_game(preset, players, seed=5)
    pos = game.position
    assert all(len(h) == cards for h in pos.hands)  # red 3s laid out are replaced from the stock
    assert not any(c.is_red_three for h in pos.hands for c in h)
    assert not pos.pile[-1].is_red_three  # a red 3 upcard is covered
    assert Counter(c for z in game.zones().values() for c in z) == Counter(full_deck(game.rules.decks, game.rules.jokers))
    assert game.to_move == pos.next_player(pos.dealer) and game.phase == "draw"


def test_same_seed_same_deal_other_seed_other_deal() -> None:
    assert new_game("bolivia", 4, seed=9).position_text() == new_game("bolivia", 4, seed=9).position_text()
    assert new_game("bolivia", 4, seed=9).position_text() != new_game("bolivia", 4, seed=10).position_text()


def test_red_three_upcard_is_covered() -> None:
    seed = next(s for s in range(500) if any(c.is_red_three for c in new_game("bolivia", 4, seed=s).position.pile))
    pile = new_game("bolivia", 4, seed=seed).position.pile
    assert pile[0].is_red_three and len(pile) >= 2 and not pile[-1].is_red_three


def test_swedish_five_players_rest_one_of_the_three_each_hand() -> None:
    game = new_game("swedish", 5, seed=1)
    pos = game.position
    assert pos.members(0) == (1, 3) and pos.members(1) == (2, 4, 5)
    resting = [set(range(1, 6)) - set(pos.seating())]
    assert len(pos.seating()) == 4 and [pos.side_of(p) for p in pos.seating()] == [0, 1, 0, 1]
    pos.hand_number = 2
    resting.append(set(range(1, 6)) - set(pos.seating()))
    pos.hand_number = 3
    resting.append(set(range(1, 6)) - set(pos.seating()))
    assert resting == [{2}, {4}, {5}]


@pytest.mark.parametrize(("preset", "players"), [("two-deck", 3), ("bolivia", 5), ("canasta", 6)])
def test_player_counts_the_rules_do_not_allow(preset: str, players: int) -> None:
    with pytest.raises(ValueError, match=f"not {players}"):
        new_game(preset, players)


# --- 2.1 drawing --------------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "players", "drawn"), [("bolivia", 4, 2), ("two-deck", 4, 1), ("canasta", 4, 1), ("canasta", 2, 2)])
def test_draw_count(preset: str, players: int, drawn: int) -> None:
    game = new_game(preset, players, seed=3)
    before = len(game.position.hands[game.to_move - 1]) + sum(map(len, game.position.red_threes))
    game.apply(Draw())
    after = len(game.position.hands[game.to_move - 1]) + sum(map(len, game.position.red_threes))
    assert after - before == drawn and game.phase == "play"


# --- 2.2 taking from the pile ---------------------------------------------------------------


def test_bolivia_pair_takes_the_pile_as_a_new_meld() -> None:
    game = Game.from_position(SCENARIOS["take-the-pile"].text)
    assert codes(game, "take pile with KH KS") == set()
    hand_before = len(game.position.hands[0])
    game.apply("take pile with KH KS")
    pos = game.position
    assert sorted(map(str, pos.melds[0][-1])) == ["KD", "KH", "KS"]
    assert pos.pile == [] and len(pos.hands[0]) == hand_before - 2 + 3  # the other three pile cards
    assert game.phase == "play"


def test_bolivia_never_onto_an_existing_meld() -> None:
    game = game_from("rules=bolivia; turn=1; melds1=KC KD KS; p1=KH 5D 7C 8C 9D; pile=9H KD")
    assert codes(game, "take pile onto 1") == {"pile-new-meld-only"}


@pytest.mark.parametrize(("top", "code"), [("2C", "pile-blocked"), ("JK", "pile-blocked"), ("3S", "pile-blocked"), ("3H", "pile-blocked")])
def test_bolivia_wild_or_three_on_top_blocks(top: str, code: str) -> None:
    game = game_from(f"rules=bolivia; turn=1; melds1=4S 5S 6S; p1=KH KS 2D 2S 3C 3C 5D; pile=9H {top}")
    assert codes(game, f"take pile with {'2D 2S' if top in ('2C', 'JK') else '3C 3C' if top == '3S' else 'KH KS'}") == {code}


def test_refusal_names_the_remedy_and_changes_nothing() -> None:
    game = game_from("rules=bolivia; turn=1; melds1=4S 5S 6S; p1=KH QS 5D 7C 8C; pile=9H KD")
    before = game.position_text()
    with pytest.raises(IllegalActionError) as caught:
        game.apply("take pile with KH QS")
    assert "to take this pile you need a natural pair of kings in your hand" in str(caught.value)
    assert game.position_text() == before and game.history == []


def test_unmelded_side_needs_the_initial_meld_to_take() -> None:
    # score 0: 50 needed. KD KH KS = 30 is short; with 7C 7D 7S (15) and 8C 8D 8S (30) it is 75.
    text = "rules=bolivia; turn=1; p1=KH KS 7C 7D 7S 8C 8D 8S 5H 9D; pile=9H KD"
    game = game_from(text)
    assert codes(game, "take pile with KH KS") == {"initial-meld-short"}
    assert codes(game, "take pile with KH KS and meld 7C 7D 7S | 8C 8D 8S") == set()


def test_bolivia_take_only_the_top_card_onto_a_sequence() -> None:
    game = Game.from_position(SCENARIOS["take-top-onto-escalera"].text)
    assert TakeTop(1) in game.legal_actions()
    game.apply("take top onto 1")
    assert len(game.position.melds[0][0]) == 7 and game.position.pile[-1] == parse_cards("4D")[0]


def test_take_top_is_bolivia_only() -> None:
    text = "rules={}; turn=1; melds1=4H 5H 6H; p1=KS 5D 7C 8C; pile=9C 7H"
    assert codes(game_from(text.format("swedish")), "take top onto 1") == {"take-top-not-allowed"}


def test_swedish_takes_top_card_and_next_four() -> None:
    game = Game.from_position(SCENARIOS["swedish-top-plus-four"].text)
    hand = len(game.position.hands[0])
    game.apply("take pile with KH KS")
    assert len(game.position.pile) == 9 - 1 - 4
    assert len(game.position.hands[0]) == hand - 2 + 4


def test_swedish_suited_pair_and_two_wilds() -> None:
    game = game_from("rules=swedish; turn=1; melds1=4S 5S 6S; p1=9H 10H 2C JK 5D 7C 8C; pile=4D JH")
    assert codes(game, "take pile with 9H 10H") == set()
    game = game_from("rules=swedish; turn=1; melds1=4S 5S 6S; p1=9H 10H 2C JK 5D 7C 8C; pile=4D 2S")
    assert codes(game, "take pile with 2C JK") == set()


def test_swedish_black_three_blocks_but_a_wild_does_not() -> None:
    game = game_from("rules=swedish; turn=1; melds1=4S 5S 6S; p1=KH KS 3C 3C 2C JK; pile=9H 3S")
    assert "pile-blocked" in codes(game, "take pile with 3C 3C")


def test_canasta_frozen_pile_needs_a_natural_pair() -> None:
    game = Game.from_position(SCENARIOS["canasta-frozen-pile"].text)
    assert codes(game, "take pile with KH 2S") == {"pile-needs-natural-pair"}
    unfrozen = game_from("rules=canasta; turn=1; melds1=QH QS QD; p1=KH 5D 7C 8C 9D JH 2S AC 6H 6D 10C; pile=9H 7S KD")
    assert codes(unfrozen, "take pile with KH 2S") == set()
    assert codes(unfrozen, "take pile onto 1") == {"pile-onto-illegal"}  # KD does not go on queens


def test_canasta_top_card_onto_own_meld_when_not_frozen() -> None:
    game = game_from("rules=canasta; turn=1; melds1=KH KS KC; p1=5D 7C 8C 9D; pile=9H 7S KD")
    assert codes(game, "take pile onto 1") == set()
    game.apply("take pile onto 1")
    assert len(game.position.melds[0][0]) == 4 and len(game.position.hands[0]) == 6


@pytest.mark.parametrize("freezer", ["2C", "3C"])  # canasta: a wild card freezes; two-deck: a black 3 too
def test_frozen_pile_taken_onto_the_sides_meld_of_that_rank_with_a_natural_pair(freezer: str) -> None:
    """The Danish text (Standard Canasta): the pile is taken "med to kort fra hånden, der kan meldes med
    det øverste kort: et rent par, så længe bunken er frosset" (with two cards from hand that meld with the
    top card: a natural pair while the pile is frozen). With one meld per rank per side the pair and the
    top card can only join the side's meld of kings; holding that meld never stops the pair taking it."""
    preset = "canasta" if freezer == "2C" else "two-deck"
    game = game_from(f"rules={preset}; players=4; turn=1; melds1=KH KS KC; p1=KH KS 5D 7C; pile=9H {freezer} 7S KD")
    assert "take pile onto 1 with KH KS" in [str(a) for a in game.legal_actions()]
    assert codes(game, "take pile onto 1") == {"pile-needs-natural-pair"}  # frozen: the pair is needed
    assert codes(game, "take pile with KH KS") == {"same-rank-twice"}  # not a second meld of kings
    game.apply("take pile onto 1 with KH KS")
    assert sorted(map(str, game.position.melds[0][0])) == sorted("KC KD KH KH KS KS".split())
    assert sorted(map(str, game.position.hands[0])) == sorted(f"5D 7C 9H {freezer} 7S".split())


@pytest.mark.parametrize(
    ("preset", "cards", "name"),
    [("bolivia", "4H 5H 6H 7H 8H 9H 10H", "escalera"),  # the Danish text: "escalera"
     ("swedish", "4H 5H 6H 7H 8H 9H 10H", "red samba"),  # the Swedish text: "Röda" (natural) Sambas
     ("swedish", "4H 5H 6H 7H 8H 9H 2C", "black samba"),  # "Svarta" (mixed): one wild card
     ("two-deck", "4H 5H 6H 7H 8H 9H 10H", "natural canasta")],  # 002: seven melded cards are a canasta
)  # fmt: skip
def test_a_complete_sequence_is_named_as_its_rule_text_names_it(preset: str, cards: str, name: str) -> None:
    from bolivia_core import check_addition, check_meld

    verdict = check_meld(cards, preset)
    assert verdict.complete and f"legal {name} under" in str(verdict)
    closed = check_addition("JH", cards, preset)
    assert all("escalera" not in str(r) for r in closed.reasons) or preset == "bolivia"


def test_taking_a_one_card_pile_with_the_last_two_cards_goes_out() -> None:
    """Found by the random-hands test: the hand must end when taking the pile empties the hand."""
    game = game_from("rules=canasta; turn=2; melds2=AC AD AH AS AC AD AH; p1=10C; p2=7D 7D; p3=4D; p4=9H; pile=7H")
    game.position.stock.clear()  # the stock has run out (its cards leave play for this check)
    assert codes(game, "take pile with 7D 7D") == set()
    game.apply("take pile with 7D 7D")
    assert game.phase == "hand over" and game.results[-1].went_out == 2


def test_two_deck_pile_frozen_by_a_red_three_inside() -> None:
    game = game_from("rules=two-deck; turn=1; melds1=KH KS KC; p1=QH 2C 5D 7C 8C 9D; pile=3H 9H QD")
    assert codes(game, "take pile with QH 2C") == {"pile-needs-natural-pair"}


@pytest.mark.parametrize(("preset", "allowed"), [("swedish", True), ("two-deck", False)])
def test_one_card_in_hand_and_a_one_card_pile(preset: str, allowed: bool) -> None:
    game = game_from(f"rules={preset}; turn=1; melds1=QH QS QD; p1=KH; pile=KD")
    assert ("pile-one-card" in {r.code for r in game.explain(TakePile(parse_cards("KH")))}) is not allowed


# --- 3 and 6: melding, keeping two cards, asking, going out ------------------------------------


def test_initial_meld_short_is_refused_with_the_numbers() -> None:
    game = Game.from_position(SCENARIOS["initial-meld-short"].text)
    reasons = game.explain("meld KH KS KD | QH QS QC")
    assert [r.code for r in reasons] == ["initial-meld-short"]
    assert "needs 90 points at a score of 1,500" in str(reasons[0]) and "count 60, 30 short" in str(reasons[0])


def test_keep_two_cards_until_the_side_may_go_out() -> None:
    game = Game.from_position(SCENARIOS["keep-two-cards"].text)
    assert {"keep-two-cards", "cannot-go-out"} <= codes(game, "meld QH QS QD")


def test_one_meld_short_then_going_out() -> None:
    game = Game.from_position(SCENARIOS["one-meld-short-of-going-out"].text + "; p2=5C; p3=6C; p4=9C")
    game.apply(Add(2, parse_cards("KD")))
    game.apply(Meld((parse_cards("7C 7S 7D"),)))
    assert game.phase == "hand over"
    result = game.results[-1]
    assert result.went_out == 1
    # side 1: escalera 1,500 + 50; canasta 500 + 70; 7s 15; going out 100; partner's 6C -5 = 2,230
    assert result.scores[0].total == 2230
    assert result.scores[1].total == -15  # 5C and 9C left in hand


def test_concealed_going_out_scores_200() -> None:
    # side 1 has no meld; player 1 melds the whole hand in one turn: escalera + natural canasta
    text = ("rules=bolivia; turn=1; phase=play; p1=4H 5H 6H 7H 8H 9H 10H KH KH KH KS KS KS KD; "
            "p2=5C; p3=6C; p4=7C")  # fmt: skip
    game = game_from(text)
    game.apply("meld 4H 5H 6H 7H 8H 9H 10H | KH KH KH KS KS KS KD")
    # 1,550 + 570 + 200 concealed - 5 (player 3's 6C) = 2,315
    assert game.results[-1].scores[0].total == 2315
    assert game.results[-1].scores[1].total == -10  # 5C and 7C left in the other side's hands


def test_going_out_needs_the_complete_melds() -> None:
    game = game_from("rules=bolivia; turn=1; phase=play; melds1=KH KS KD; p1=QH QS QD 5C")
    assert "cannot-go-out" in codes(game, "meld QH QS QD")


def test_swedish_must_ask_and_a_no_binds() -> None:
    text = ("rules=swedish; turn=1; phase=play; melds1=4H 5H 6H 7H 8H 9H 10H | KH KS KD KC KH KS KD; "
            "p1=QH QS QD 5C")  # fmt: skip
    game = game_from(text)
    assert codes(game, "meld QH QS QD") == {"must-ask"}
    game.apply("ask partner")
    assert game.to_move == 3 and game.phase == "answer"
    assert codes(game, "discard 5C") == {"answer-pending"}
    game.apply("answer no")
    assert game.to_move == 1 and codes(game, "meld QH QS QD") == {"partner-said-no"}
    assert codes(game, "discard 5C") == set()


def test_bolivia_yes_lets_the_player_go_out() -> None:
    text = ("rules=bolivia; turn=1; phase=play; melds1=4H 5H 6H 7H 8H 9H 10H | KH KS KD KC KH KS KD; "
            "p1=QH QS QD 5C")  # fmt: skip
    game = game_from(text)
    game.apply("ask partner")
    game.apply("answer yes")
    game.apply("meld QH QS QD")
    game.apply("discard 5C")
    assert game.phase == "hand over" and game.results[-1].went_out == 1


def test_black_threes_only_in_the_going_out_turn() -> None:
    text = "rules=bolivia; turn=1; phase=play; melds1=4H 5H 6H 7H 8H 9H 10H | KH KS KD KC KH KS KD; p1=3S 3C 3S 5C 5D"
    reasons = Game.from_position(text).explain("meld 3S 3C 3S")  # two cards would be left: not going out
    assert [r.code for r in reasons] == ["meld-illegal"]
    assert "only in the turn the player goes out" in str(reasons[0])
    game = game_from(text.replace("5C 5D", "5C"))
    assert codes(game, "meld 3S 3C 3S") == set()  # one card left to discard: this is the going-out turn


def test_going_out_with_black_threes_played_through() -> None:
    """The one hand under way with black 3s on the table (RULES.md 3.4): the player going out has
    melded them and holds the last card. Random quick games never reach it; it must survive the
    position text, JSON and undo, and the hand then scores them (5.2: 5 each when melded)."""
    game = game_from(
        "rules=bolivia; turn=1; phase=play; melds1=4H 5H 6H 7H 8H 9H 10H | KH KH KS KS KD KD KC; "
        "p1=3S 3C 3S 5C; p2=; p3=; p4="
    )
    game.apply("meld 3S 3C 3S")
    assert game.phase == "play" and [str(c) for c in game.position.hands[0]] == ["5C"]
    text = game.position_text()
    assert Game.from_position(text).position_text() == text
    assert Game.from_json(game.to_json()).position_text() == text
    game.apply("discard 5C")
    assert game.phase == "hand over" and game.results[-1].went_out == 1
    # 4H..10H escalera 1,500 + 4 x 5 + 3 x 10; seven kings 500 + 7 x 10; black 3s 3 x 5; going out 100
    assert game.results[-1].scores[0].total == 1_500 + 50 + 500 + 70 + 15 + 100
    game.undo()
    assert game.position_text() == text


def test_discard_red_three_forbidden_in_canasta() -> None:
    pos = parse_position("rules=canasta; turn=1; phase=play; melds1=KH KS KD; p1=QH QS")
    pos.hands[0].append(parse_cards("3H")[0])
    pos.stock.remove(parse_cards("3H")[0])
    game = Game(pos)
    assert codes(game, "discard 3H") == {"discard-forbidden"}


def test_discard_passes_the_turn_left() -> None:
    game = new_game("bolivia", 4, seed=2)
    game.apply(Draw())
    card = game.position.hands[game.to_move - 1][0]
    game.apply(Discard(card))
    assert game.to_move == 3 and game.position.pile[-1] == card and game.phase == "draw"


# --- 6 stock running out ----------------------------------------------------------------------


def test_stock_out_swedish_ends_when_the_player_cannot_take() -> None:
    game = game_from("rules=swedish; turn=1; melds1=KH KS KD; p1=5C 6D; p2=7C 8D; p3=9C; p4=10D; pile=4H JC; stock=; rest=pile")
    assert [str(a) for a in game.legal_actions()] == ["pass"]
    game.apply("pass")
    assert game.phase == "hand over" and game.results[-1].went_out is None


def test_stock_out_bolivia_goes_on_until_nobody_can_take() -> None:
    text = "rules=bolivia; turn=1; melds1=KH KS KD; p1=5C 6D; p2=7C 8D; p3=9C QD; p4=10D AC; pile=4H JC; stock=; rest=pile"
    game = game_from(text)
    for expected_player in (1, 2, 3):
        assert game.to_move == expected_player
        game.apply("pass")
        assert game.phase == "draw"
    game.apply("pass")
    assert game.phase == "hand over"


def test_with_an_empty_stock_a_player_who_can_take_must() -> None:
    game = game_from("rules=bolivia; turn=1; melds1=4S 5S 6S; p1=JH JS 5C; p2=7C; p3=9C; p4=10D; pile=4H JC; stock=; rest=pile")
    assert codes(game, "pass") == {"pass-while-able"}
    assert codes(game, "draw") == {"stock-empty"}


# --- the game: next hand, end, save, undo, replay --------------------------------------------


def test_next_hand_moves_the_deal_left_and_game_ends_at_target() -> None:
    text = ("rules=bolivia; turn=1; phase=play; target=2000; melds1=4H 5H 6H 7H 8H 9H 10H | KH KS KD KC KH KS; "
            "p1=KD 7C 7S 7D; p2=; p3=; p4=")  # fmt: skip
    game = game_from(text)
    game.apply("add KD to 2")
    game.apply("meld 7C 7S 7D")
    assert game.is_over and game.winner() == 0
    assert game.legal_actions() == [] and {r.code for r in game.explain("draw")} == {"game-over"}
    game = new_game("bolivia", 4, seed=1)
    game.position.phase = "hand over"
    game.apply("next hand")
    assert game.position.hand_number == 2 and game.position.dealer == 2 and game.to_move == 3


def test_save_load_undo_replay() -> None:
    game = new_game("swedish", 4, seed=11)
    game.apply("draw")
    game.apply(Discard(game.position.hands[game.to_move - 1][0]))
    game.apply("draw")
    saved = game.to_json()
    loaded = Game.from_json(saved)
    assert loaded.to_json() == saved and loaded.zones() == game.zones()
    steps = [g.position_text() for g in game.replay()]
    assert len(steps) == len(game.history) + 1 == 4 and steps[-1] == game.position_text()
    assert game.undo() == Draw() and game.position_text() == steps[-2] and len(game.history) == 2
    with pytest.raises(ValueError, match="nothing to undo"):
        new_game().undo()


def test_saved_game_with_club_rules() -> None:
    from bolivia_core import get_rules

    club = get_rules("bolivia").derive("our club", same_rank_max_wilds=3)
    game = new_game(club, 4, seed=4)
    game.apply("draw")
    loaded = Game.from_json(game.to_json())
    assert loaded.rules == club and loaded.position_text() == game.position_text()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="chess"), "not a saved game"),
        (lambda d: d.pop("actions"), "lacks actions"),
        (lambda d: d["actions"].append("discard ZZ"), "action 2"),
        (lambda d: d.update(position=d["position"].replace("phase=play", "phase=draw")), "do not lead"),
        (lambda d: d.update(rules="rummy"), "unknown rules"),
    ],
)
def test_damaged_saved_games_are_refused_whole(change, message: str) -> None:  # type: ignore[no-untyped-def]
    import json

    game = new_game("bolivia", 4, seed=4)
    game.apply("draw")
    data = json.loads(game.to_json())
    change(data)
    with pytest.raises((GameFileError, ValueError), match=message):
        Game.from_json(json.dumps(data))


def _hidden_dealt_anew(game: Game, seat: int, seed: int) -> Game:
    """The same game with every card ``seat`` cannot see (the other hands and the stock) dealt anew
    among themselves: each hand keeps its size, the stock its length, the log and the tables stay."""
    import random

    pos = game.position.copy()
    others = [p for p in range(1, pos.players + 1) if p != seat]
    pool = [c for p in others for c in pos.hands[p - 1]] + list(pos.stock)
    random.Random(seed).shuffle(pool)
    for player in others:
        size = len(pos.hands[player - 1])
        pos.hands[player - 1], pool = sorted(pool[:size]), pool[size:]
    pos.stock = pool
    other = game.clone()
    other.position = pos
    return other


def test_player_view_hides_other_hands() -> None:
    """A seat's view says nothing of the cards it cannot see: dealing those anew among the other hands
    and the stock leaves the view exactly as it was (a view that leaks any of them changes with them)."""
    game = new_game("bolivia", 4, seed=4)
    game.apply("draw")
    view = seat_view(game, 2)
    assert view.hand == tuple(game.position.hands[1]) and view.hand_sizes[0] == 15
    assert view.stock_size == len(game.position.stock) and view.pile == tuple(game.position.pile)
    for seat in range(1, 5):
        for seed in range(3):
            other = _hidden_dealt_anew(game, seat, seed)
            assert other.position.hands != game.position.hands  # something hidden did move
            assert other.position.hands[seat - 1] == game.position.hands[seat - 1]
            assert seat_view(other, seat) == seat_view(game, seat), f"player {seat}'s view changed with hidden cards"
            assert seat_view(other, seat).to_json() == seat_view(game, seat).to_json()


def test_event_log_in_words() -> None:
    game = new_game("bolivia", 4, seed=4)
    game.apply("draw")
    lines = [str(e) for e in game.log]
    assert lines[0].startswith("hand 1: player 1 deals 15 cards each; the upcard is")
    assert lines[-1] == "player 2 draws 2 cards" or "lays out" in lines[-1]


def test_actions_round_trip_and_bad_text() -> None:
    for text in ("draw", "take top onto 2", "take pile with KH KS", "take pile onto 3",
                 "take pile with KH KS and meld 4H 5H 6H | 2C 2D JK", "meld KD KH KS | 4S 5S 6S",
                 "add 7H 8H to 2", "discard 5C", "ask partner", "answer yes", "answer no", "pass", "next hand"):  # fmt: skip
        assert str(parse_action(text)) == text and parse_action(str(parse_action(text))) == parse_action(text)
    assert str(parse_action("meld KH ks kd")) == "meld KD KH KS"  # cards in a meld are put in order
    for bad in ("fold", "discard", "add KH to zero", "take pile with KX", "meld"):
        with pytest.raises(ValueError, match="is not an action"):
            parse_action(bad)


# --- scenarios ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_every_named_scenario_loads_and_round_trips(name: str) -> None:
    from bolivia_core.scenario import format_position

    pos = load_scenario(name)
    text = format_position(pos)
    assert format_position(parse_position(text)) == text
    assert Game(pos).legal_actions()


def test_scenario_lessons_say_what_they_claim() -> None:
    assert codes(Game(load_scenario("wild-on-top")), "take pile with KH KS") == {"pile-blocked"}
    assert codes(Game(load_scenario("black-three-on-top")), "take pile with KH KS") == {"pile-blocked"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("rules=samba", "field rules: unknown rules 'samba'"),
        ("rules=bolivia; players=5", "field players: Bolivia rules are for 2, 3 or 4 players, not 5"),
        ("rules=bolivia; p1=KH KX", "field p1: 'KX' is not a card"),
        ("rules=bolivia; p1=KH KH KH KH", "KH appears 4 times; the Bolivia deck has 3"),
        ("rules=bolivia; melds1=KH KS", "field melds1: meld 1 (KH KS) is not legal"),
        ("rules=bolivia; red1=3S", "field red1: holds only red 3s"),
        ("rules=bolivia; colour=red", "unknown field 'colour'"),
        ("rules=bolivia; phase=dancing", "field phase: 'dancing' is not one of"),
        ("rules=bolivia; turn=7", "field turn: player 7 does not play this hand"),
        ("rules=bolivia; scores=1,2,3", "field scores: 2 numbers"),
        ("rules=bolivia; p1=KH; p1=KS", "field p1 is given twice"),
        ("rules=bolivia; nonsense", "'nonsense' is not a field"),
        ("rules=bolivia; p1=KH; p2=; p3=; p4=; stock=KS", "field stock: 160 cards of the deck are in no field"),
        # impossible positions, refused whole
        ("rules=bolivia; hand=0", "field hand: the hand's number, 1 to 60, not 0"),
        ("rules=bolivia; passes=-1", "field passes: players in a row who passed, 0 to 3, not -1"),
        ("rules=bolivia; melds1=KH KS KD; unopened=yes", "field unopened: player 1's turn begins now, and side 1 has melds"),
        ("rules=bolivia; phase=answer; asker=1; turn=2", "field turn: in the answer phase, a partner of player 1"),
        ("rules=swedish; players=6; phase=answer; asker=1; turn=3; pending=9",
         "field pending: partners of player 1 still to answer"),
        ("rules=bolivia; pending=2", "field pending: only while partners answer"),
        ("rules=bolivia; phase=play; turn=1; p1=", "field p1: player 1 is to play with no cards in hand"),
        # RULES.md 3.4: black 3s are melded only by a player going out, who keeps one card at most, to
        # discard: a full hand, another side's turn or another phase cannot have them on the table
        ("rules=bolivia; phase=play; turn=1; p1=KH KS; melds1=3S 3C 3S", "field melds1: black 3s are melded only"),
        ("rules=bolivia; phase=play; turn=2; p2=KH; melds1=3S 3C 3S", "field melds1: black 3s are melded only"),
        ("rules=swedish; phase=draw; turn=2; p2=KH; melds2=3C 4C 5C 6C", "field melds2: black 3s are melded only"),
        ("rules=bolivia; target=-5", "field target: a positive score, not -5"),
    ],
)
def test_bad_scenarios_are_refused_naming_the_field(text: str, message: str) -> None:
    with pytest.raises(ScenarioError, match=message.replace("(", "\\(").replace(")", "\\)")):
        parse_position(text)


@pytest.mark.parametrize("text", [
    # the table a player going out left behind, the hand over
    "rules=bolivia; phase=hand over; melds1=3S 3C 3S | KH KS KD",
    # a player going out has melded black 3s and holds the last card, to discard
    "rules=bolivia; phase=play; turn=3; p3=9D; melds1=3S 3C 3S | KH KS KD | 4H 5H 6H 7H 8H 9H 10H",
])  # fmt: skip
def test_black_threes_lie_on_a_table_when_going_out(text: str) -> None:
    pos = parse_position(text)
    assert [c for meld in pos.melds[0] for c in meld if c.is_black_three] == list(parse_cards("3S 3C 3S"))


def test_a_club_that_wants_a_final_discard() -> None:
    from bolivia_core import get_rules

    club = get_rules("bolivia").derive("club", final_discard_optional=False)
    text = ("rules={}; turn=1; phase=play; melds1=4H 5H 6H 7H 8H 9H 10H | KH KS KD KC KH KS KD; "
            "p1=QH QS QD; p2=; p3=; p4=")  # fmt: skip
    assert codes(Game.from_position(text.format("club"), rules=club), "meld QH QS QD") == {"final-discard-needed"}
    assert codes(Game.from_position(text.format("bolivia")), "meld QH QS QD") == set()  # the preset allows it
