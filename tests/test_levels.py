"""Computer levels beginner, club and strong: legal moves with reasons in words, blind to the
cards their seat cannot see; the coach's ranking; the tournament command."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from bolivia_core import get_rules, preset_names
from bolivia_core.actions import Discard, Meld
from bolivia_core.cards import Card, parse_cards
from bolivia_core.tools.cli import main
from bolivia_core.game import Game, new_game
from bolivia_core.players.heuristic import score_actions
from bolivia_core.players.lookahead import StrongPlayer
from bolivia_core.players.style import CLUB, STRONG
from bolivia_core.seat import seat_view
from bolivia_core.players import rank_actions
from bolivia_core.i18n import catalogue_of
from bolivia_core.players import HINT_BUDGET, PLAYERS, Decision, Player, hint, seat_players
from bolivia_core.tools.tournament import wilson_interval

LEVELS = ("beginner", "club", "strong")


def _check_said(game: Game, decision: Decision) -> None:
    """The decision is allowed now, and every reason renders through the catalogue in words."""
    assert not game.explain(decision.action), f"{decision.action} is illegal in {game.position_text()}"
    if game.phase in ("draw", "play"):
        assert decision.rationale, f"no reason given for {decision.action}"
    for why in decision.rationale:
        assert catalogue_of(why.code).domain in ("bolivia", "players")  # the engine's words or the players'
        text = str(why)  # a missing parameter raises here
        assert text and "{" not in text


def _play_hand(game: Game, seats: list[Player], limit: int = 400, *, whole: bool = True) -> int:
    """Play to the end of the hand (``whole``) or for at most ``limit`` actions, checking each."""
    for count in range(limit):
        if game.phase in ("hand over", "game over"):
            return count
        decision = seats[game.to_move - 1].choose(seat_view(game, game.to_move))
        _check_said(game, decision)
        game.apply(decision.action)
    assert not whole, f"a hand ran past {limit} actions"
    return limit


@pytest.mark.parametrize("preset", preset_names())
def test_beginner_and_club_play_whole_hands_legally_at_every_table_size(preset: str) -> None:
    for players in get_rules(preset).player_counts:
        game = new_game(preset, players, seed=players)
        assert _play_hand(game, seat_players(["beginner", "club"], players, players)) > 0
        assert game.results and game.results[-1].hand_number == 1


QUICK = 1
"""A look-ahead budget of one sampled deal a decision: the same code path as the full player, at a
fraction of its cost, for the tests that play many strong decisions."""


def _quick_seats(levels: list[str], players: int, seed: int) -> list[Player]:
    """``seat_players``, with every strong seat on the quick look-ahead budget."""
    return [
        StrongPlayer(seed * 10 + n, budget=QUICK) if isinstance(player, StrongPlayer) else player
        for n, player in enumerate(seat_players(levels, players, seed))
    ]


@pytest.mark.parametrize("preset", preset_names())
def test_strong_plays_legally_against_club(preset: str) -> None:
    """The look-ahead is the costly part: the opening of one hand per preset on the quick budget
    (the whole run at the full budget is the soak test's)."""
    players = max(get_rules(preset).player_counts[:3])
    game = new_game(preset, players, seed=17)
    assert _play_hand(game, _quick_seats(["strong", "club"], players, 17), limit=30, whole=False) > 0


@pytest.mark.parametrize("level", LEVELS)
def test_a_level_is_deterministic_for_its_seed(level: str) -> None:
    first, again = new_game("swedish", 4, seed=9), new_game("swedish", 4, seed=9)
    _play_hand(first, _quick_seats([level], 4, 9), limit=16, whole=False)
    _play_hand(again, _quick_seats([level], 4, 9), limit=16, whole=False)
    assert first.history == again.history


def test_strong_weighs_melding_now_against_holding_back_by_looking_ahead() -> None:
    """Opening with queens and aces, or with the aces alone and the queens kept back: the club
    heuristic rates them within a few points, over a pile of two cards. Strong plays both forward
    over sampled deals before it chooses, and says what it compared; club just melds."""
    game = Game.from_position("rules=bolivia; turn=1; phase=play; p1=QC QH QS AC AS AH 9D 7C 5H 4D 10H; pile=4C 6D")
    club = PLAYERS["club"](0).choose(seat_view(game, game.to_move))
    strong = PLAYERS["strong"](0).choose(seat_view(game, game.to_move))
    assert isinstance(club.action, Meld) and not any(w.code.startswith("why-strong") for w in club.rationale)
    looked = strong.rationale[-1]
    assert looked.code in ("why-strong-lookahead", "why-strong-no-better")
    assert looked.params["samples"] == 3
    chosen, other = str(strong.action), str(looked.params["other"])
    assert {chosen, other} == {"meld QC QH QS | AC AH AS", "meld AC AH AS"}
    _check_said(game, strong)


def test_strong_looks_ahead_at_close_discards_onto_a_small_pile() -> None:
    """QS and 5H are the heuristic's two nearest discards onto a two-card pile: strong looks ahead
    at both (it used to only onto a pile of 12 or more) and names the one it did not choose."""
    game = Game.from_position("rules=bolivia; turn=1; phase=play; melds1=4S 5S 6S | KC KD KH; "
                              "p1=9H 9D JD 7C QS 5H 10C; pile=4C 6D")  # fmt: skip
    strong = PLAYERS["strong"](0).choose(seat_view(game, game.to_move))
    looked = strong.rationale[-1]
    assert isinstance(strong.action, Discard) and looked.code in ("why-strong-lookahead", "why-strong-no-better")
    assert {str(strong.action), str(looked.params["other"])} == {"discard QS", "discard 5H"}
    club = PLAYERS["club"](0).choose(seat_view(game, game.to_move))
    assert not any(w.code.startswith("why-strong") for w in club.rationale)


def test_a_cheaper_look_ahead_plays_fewer_deals_and_bad_budgets_are_refused() -> None:
    game = Game.from_position("rules=bolivia; turn=1; phase=play; p1=QC QH QS AC AS AH 9D 7C 5H 4D 10H; pile=4C 6D")
    quick = StrongPlayer(0, budget=QUICK).choose(seat_view(game, game.to_move))
    assert quick.rationale[-1].params["samples"] == 1
    for bad in (0, -3, 2.5, "80", True):
        with pytest.raises(ValueError, match="look-ahead budget is a whole number of simulated actions"):
            StrongPlayer(0, budget=bad)  # type: ignore[arg-type]


def _positions(preset: str, seed: int, every: int, count: int) -> list[Game]:
    """Snapshots of a club-played hand, some to draw and some to play."""
    game = new_game(preset, 4, seed)
    club = seat_players(["club"], 4, seed)
    found: list[Game] = []
    while len(found) < count and game.phase not in ("hand over", "game over"):
        if len(game.history) % every == 0 and game.phase in ("draw", "play"):
            found.append(game.clone())
        game.apply(club[game.to_move - 1].choose(seat_view(game, game.to_move)).action)
    return found


def _hidden_shuffled(game: Game, seat: int, rng: random.Random) -> Game:
    """The same game with the cards ``seat`` cannot see (other hands, the stock) dealt anew among
    themselves: every hand keeps its size and the stock its length."""
    pos = game.position.copy()
    others = [p for p in range(1, pos.players + 1) if p != seat]
    pool = [c for p in others for c in pos.hands[p - 1]] + pos.stock
    rng.shuffle(pool)
    for player in others:
        size = len(pos.hands[player - 1])
        pos.hands[player - 1], pool = sorted(pool[:size]), pool[size:]
    pos.stock = pool
    shuffled = game.clone()  # the same history, log and table memory
    shuffled.position = pos
    return shuffled


@pytest.mark.parametrize("level", LEVELS)
def test_a_choice_does_not_depend_on_cards_the_seat_cannot_see(level: str) -> None:
    rng = random.Random(4)
    for game in _positions("bolivia", 21, every=9, count=6):
        seat = game.to_move
        shuffled = _hidden_shuffled(game, seat, rng)
        assert shuffled.zones()["stock"] != game.zones()["stock"]  # the shuffle did hide something
        assert shuffled.zones()[f"hand {seat}"] == game.zones()[f"hand {seat}"]
        mine = PLAYERS[level](5).choose(seat_view(game, game.to_move))
        blind = PLAYERS[level](5).choose(seat_view(shuffled, shuffled.to_move))
        assert mine == blind, f"{level} at {game.position_text()}"


def test_cards_known_from_pile_takes_are_really_in_those_hands() -> None:
    """What a seat remembers of the cards others took with the pile (from the public log only)
    is always a part of what they really hold."""
    game = new_game("bolivia", 4, seed=6)
    club = seat_players(["club"], 4, 6)
    remembered = 0
    while game.phase == "draw" or game.phase == "play" or game.phase == "answer":
        view = seat_view(game, game.to_move)
        for player, cards in enumerate(view.known, start=1):
            assert not Counter(cards) - Counter(game.position.hands[player - 1]), (player, cards)
            remembered += len(cards)
        game.apply(club[game.to_move - 1].choose(seat_view(game, game.to_move)).action)
    assert remembered > 0  # some pile was taken and remembered in this hand


@pytest.mark.parametrize("level", LEVELS)
def test_a_hint_is_a_legal_action_with_reasons(level: str) -> None:
    for game in _positions("canasta", 3, every=5, count=5):
        advice = hint(seat_view(game, game.to_move), level).decision
        _check_said(game, advice)
        if game.phase == "draw":
            assert advice.action in game.legal_actions()


def test_the_default_hint_is_the_expert_at_the_pages_budget() -> None:
    (game,) = _positions("bolivia", 8, every=1, count=1)
    view = seat_view(game, game.to_move)
    assert hint(view).decision == PLAYERS["expert"](0, HINT_BUDGET).choose(view)


def test_club_opens_without_spending_wild_cards() -> None:
    """At 0 points the initial meld needs 50: three kings and three queens make 60 with no wild
    card, so the 2 and the joker stay in hand (for a bolivia) although K K K 2 alone makes 50."""
    game = Game.from_position("rules=bolivia; turn=1; phase=play; p1=KH KS KD QH QS QD 2C JK 5D 7C 9S 6H")
    decision = PLAYERS["club"](0).choose(seat_view(game, game.to_move))
    assert isinstance(decision.action, Meld)
    laid = [c for m in decision.action.melds for c in m]
    assert not any(c.is_wild for c in laid) and len(laid) == 6
    assert "60 points" in str(decision.rationale[0])


def test_coach_ranks_a_discard_that_feeds_the_next_player_below_a_safe_one() -> None:
    """Canasta: player 2's side has melded kings and the pile holds no wild card, so it is not
    frozen for them: a discarded king lets player 2 take all 13 cards onto their meld."""
    game = Game.from_position(
        "rules=canasta; turn=1; phase=play; melds1=5H 5S 5D; melds2=KH KS KC; "
        "p1=KD 9C 6H 7D JS; pile=4C 4D 6C 6S 7C 8D 9H 10S JD QC QH AD"
    )
    ranked = rank_actions(seat_view(game, 1))
    assert {r.action for r in ranked} >= set(game.legal_actions())
    by_action = {r.action: r for r in ranked}
    king = by_action[Discard(next(c for c in game.position.hands[0] if str(c) == "KD"))]
    assert all(king.score < r.score for a, r in by_action.items() if isinstance(a, Discard) and a != king.action)
    assert any("player 2 take a 13-card pile" in str(why) for why in king.rationale), king
    assert PLAYERS["club"](0).choose(seat_view(game, game.to_move)).action != king.action


def test_coach_refuses_an_action_that_is_not_legal_now() -> None:
    game = new_game("bolivia", 4, seed=2)
    with pytest.raises(ValueError, match="discard KH is not a legal action now"):
        rank_actions(seat_view(game, game.to_move), ["discard KH"])
    with pytest.raises(ValueError, match="has nothing to decide now"):
        rank_actions(seat_view(game, game.to_move % 4 + 1))


def _tournament(capsys: pytest.CaptureFixture[str], *extra: str) -> dict[str, object]:
    argv = ["tournament", "--rules", "canasta", "--players", "2", "--games", "4", "--seed", "3",
            "--target", "1500", "--json", *extra]  # fmt: skip
    assert main(argv) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


def test_tournament_json_has_the_issue_shape_and_repeats_for_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    first = _tournament(capsys, "--seats", "club,greedy")
    assert list(first) == ["rules", "players", "seats", "games", "win_rate", "ci95", "mean_margin",
                           "going_out_share", "mean_hand_actions", "decision_ms"]  # fmt: skip
    assert first["rules"] == "canasta" and first["players"] == 2 and first["seats"] == ["club", "greedy"]
    assert first["games"] == 4
    low, high = first["ci95"]  # type: ignore[misc]
    assert 0 <= low <= first["win_rate"] <= high <= 1  # type: ignore[operator]
    times = first["decision_ms"]
    assert set(times) == {"club", "greedy"}  # type: ignore[arg-type]
    assert all(0 <= t["median"] <= t["p99"] for t in times.values())  # type: ignore[attr-defined]
    again = _tournament(capsys, "--seats", "club,greedy", "--workers", "2")
    first.pop("decision_ms"), again.pop("decision_ms")
    assert first == again


@pytest.mark.parametrize(("rate", "games", "low", "high"), [
    (81 / 263, 263, 0.2553, 0.3662),  # Newcombe (1998), Statistics in Medicine 17, 857-872: its example 81 of 263
    (0.0, 10, 0.0, 0.2775),  # none of 10: the interval still reaches 27.75%
    (1.0, 2, 0.3424, 1.0),  # both of 2 won: far from certain, where rate ± 1.96 s.e. says 100% to 100%
])  # fmt: skip
def test_tournament_interval_is_wilsons(rate: float, games: int, low: float, high: float) -> None:
    assert wilson_interval(rate, games) == (pytest.approx(low, abs=5e-5), pytest.approx(high, abs=5e-5))


def test_tournament_progress_is_said_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    """The terminal's progress line goes through the catalogue: in Polish "2 of 2 games played" takes
    the genitive plural after "z" (rozegrano 2 z 2 gier), and one game the genitive singular (z 1 gry)."""
    from bolivia_core.i18n import get_language, set_language
    from bolivia_core.tools.tournament import _progress_line

    before = get_language()
    set_language("pl")
    try:
        assert list(_progress_line(["a", "b"], 2)) == ["a", "b"]  # type: ignore[list-item]
        assert capsys.readouterr().err == "\rrozegrano 1 z 2 gier\rrozegrano 2 z 2 gier\n"
        list(_progress_line(["a"], 1))  # type: ignore[list-item]
        assert capsys.readouterr().err == "\rrozegrano 1 z 1 gry\n"
    finally:
        set_language(before)


def test_tournament_swaps_sides_so_equal_levels_break_even(capsys: pytest.CaptureFixture[str]) -> None:
    """Each deal is played once with the first-named level on each side: club against club
    mirrors every game, so it wins exactly half with a zero margin."""
    data = _tournament(capsys, "--seats", "club,club")
    assert data["win_rate"] == 0.5 and data["mean_margin"] == 0


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--games", "0"], "games must be a whole number of at least 1"),
        (["--workers", "0"], "workers must be a whole number of at least 1"),
        (["--seats", "club"], "a tournament needs two levels or more"),
        (["--seats", "club,chess"], "unknown player level 'chess'"),
        (["--players", "5"], "Bolivia rules are for 2, 3 or 4 players, not 5"),
        (["--target", "-5"], "the target must be a positive whole number"),
        (["--games", "many"], "invalid int value: 'many'"),
    ],
)
def test_tournament_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code = main(["tournament", *argv])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and message in err, err


@pytest.mark.soak
@pytest.mark.parametrize("preset", preset_names())
@pytest.mark.parametrize("level", LEVELS)
def test_soak_many_seeded_games_per_preset(preset: str, level: str) -> None:
    """The long run (``-m soak``): whole games, every decision checked; strong plays fewer."""
    games = 20 if level == "strong" else 200
    for seed in range(games):
        players = get_rules(preset).player_counts[seed % len(get_rules(preset).player_counts)]
        game = new_game(preset, players, seed, target=2500)
        seats = seat_players([level, "club"], players, seed)
        while not game.is_over:
            _play_hand(game, seats)
            if game.phase == "hand over":
                game.apply("next hand")


def _pair_position(pile: str) -> Game:
    """Bolivia, player 1 to play with a sequence on the table, a natural pair of 9s and one wild card."""
    return Game.from_position(f"rules=bolivia; turn=1; phase=play; melds1=4S 5S 6S; p1=9H 9D 2C KS 7C QD; pile={pile}")


def test_strong_keeps_a_natural_pair_to_take_a_big_pile_where_club_melds_it() -> None:
    """Nine cards wait on the pile and only a natural pair takes it: strong keeps 9H 9D in hand
    rather than meld them with the 2, and says so; over a two-card pile it melds them as club does."""
    pair_meld = Meld((tuple(parse_cards("9H 9D 2C")),))
    big = _pair_position("4C 6D 7H 8S 10C QD KH 5C AD")
    assert not big.explain(pair_meld)
    strong = {r.action: r for r in score_actions(seat_view(big, 1), [pair_meld, *big.legal_actions()], STRONG)}
    club = {r.action: r for r in score_actions(seat_view(big, 1), [pair_meld, *big.legal_actions()], CLUB)}
    best_discard = max(r.score for a, r in strong.items() if isinstance(a, Discard))
    assert strong[pair_meld].score < best_discard
    assert [why.code for why in strong[pair_meld].rationale] == ["why-keep-pair-for-pile"]
    kept = strong[pair_meld].rationale[0].params
    assert (kept["cards"], kept["rank"], kept["count"]) == ("9D 9H", "9s", 9)  # the pair, what it waits for, the pile
    assert club[pair_meld].score > max(r.score for a, r in club.items() if isinstance(a, Discard))
    small = _pair_position("4C 6D")
    strong_small = {r.action: r for r in score_actions(seat_view(small, 1), [pair_meld], STRONG)}
    assert strong_small[pair_meld].score > 0


def test_a_rank_left_on_the_pile_is_remembered_and_makes_that_discard_safer_for_strong() -> None:
    """Player 2 draws from the stock with 9C on top of the pile, so held no pair of 9s: every seat
    may know it (the log is public), and strong (not club) counts a 9 as a safer discard to player 2."""
    game = Game.from_position(
        "rules=bolivia; turn=2; phase=draw; p1=9D KS 7C JD 5H 8H; p2=4C 6D 7H 8S 10C QD KH; "
        "p3=4D 6C 7S 8D 10H QS KC; p4=4H 6S 7D 8C 10S QH KD; pile=5C 9C; seed=3"
    )
    for action in ("draw", "discard 4C", "draw", "discard 4D", "draw", "discard 4H", "draw"):
        game.apply(action)
    view = seat_view(game, 1)
    assert 9 in view.declined[1] and 4 not in view.declined[1]
    nine = Discard(Card.parse("9D"))
    strong = {r.action: r for r in score_actions(view, [nine], STRONG)}[nine]
    club = {r.action: r for r in score_actions(view, [nine], CLUB)}[nine]
    assert strong.score > club.score
    assert "player 2 left 9s on top of the pile" in " ".join(map(str, strong.rationale))


def _lay_scores(position: str, level: str = "club") -> dict[str, float]:
    game = Game.from_position(position)
    style = STRONG if level == "strong" else CLUB
    return {str(r.action): r.score for r in score_actions(seat_view(game, 1), game.legal_actions(), style)}


def test_a_card_two_beyond_the_sides_open_escalera_is_not_spent_on_a_same_rank_meld() -> None:
    """Hearts 5-9 wait on the table for two more cards (4H 10H, or 10H JH): JH is one of them, so
    club keeps it from the side's jacks, while KS (no spade near it in hand) joins the kings."""
    position = (
        "rules=bolivia; turn=1; phase=play; melds1=5H 6H 7H 8H 9H | JS JD JC | KS KD KC; p1=JH KS 4C 7S QD 6C"
    )
    scores = _lay_scores(position)
    discards = max(s for a, s in scores.items() if a.startswith("discard"))
    assert scores["add JH to 2"] < discards < scores["add KS to 3"]
    game = Game.from_position(position)
    decision = PLAYERS["club"](0).choose(seat_view(game, game.to_move))
    assert str(decision.action) == "add KS to 3"
    jack = next(r for r in rank_actions(seat_view(game, 1)) if str(r.action) == "add JH to 2")
    assert [(why.code, why.params["index"]) for why in jack.rationale] == [("why-keep-for-sequence-meld", 1)]


def test_before_its_first_escalera_a_side_keeps_suited_neighbours_out_of_same_rank_melds() -> None:
    """Without an escalera a bolivia side cannot go out: KH with QH beside it in hand is the start
    of one, so club keeps it from the kings; once clubs 4-10 are an escalera, KH joins the kings."""
    hand = "p1=KH QH 4D 7S 9D 6S"
    without = _lay_scores(f"rules=bolivia; turn=1; phase=play; melds1=KS KD KC; {hand}")
    assert without["add KH to 1"] < max(s for a, s in without.items() if a.startswith("discard"))
    escalera = _lay_scores(f"rules=bolivia; turn=1; phase=play; melds1=KS KD KC | 4C 5C 6C 7C 8C 9C 10C; {hand}")
    assert escalera["add KH to 1"] > max(s for a, s in escalera.items() if a.startswith("discard"))


def test_a_side_without_an_escalera_extends_its_sequence_rather_than_complete_a_canasta() -> None:
    """10H would complete the side's six tens (a canasta) or extend hearts 5-9 towards an escalera:
    without an escalera the side cannot go out, and tens are plentiful, so club lays 10H on the hearts."""
    position = "rules=bolivia; turn=1; phase=play; melds1=5H 6H 7H 8H 9H | 10S 10D 10C 10S 10D 10C; p1=10H KS 7C QD 4C"
    game = Game.from_position(position)
    assert str(PLAYERS["club"](0).choose(seat_view(game, game.to_move)).action) == "add 10H to 1"
    tens = next(r for r in rank_actions(seat_view(game, 1)) if str(r.action) == "add 10H to 2")
    assert [(why.code, why.params["index"]) for why in tens.rationale] == [("why-keep-for-sequence-meld", 1)]
