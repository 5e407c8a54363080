"""The expert level: a search over sampled worlds within a budget, anytime, comparing its candidates on
the same worlds, the same for the same seed when counted in playouts, with its measurements as data; and
``SeatView.could_go_out``, the one question behind suggesting "ask your partner"."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

from bolivia_core.actions import Ask
from bolivia_core.game import Game, new_game
from bolivia_core.players import PLAYERS, Budget, ExpertPlayer, seat_players
from bolivia_core.players import expert as expert_module
from bolivia_core.players.expert import search
from bolivia_core.rules import get_rules, preset_names
from bolivia_core.seat import SeatView, seat_view

QUICK = Budget(playouts=12)
"""A few worlds a decision: the code path of the full budget at a small part of its cost."""

CLOSE_CALL = "rules=bolivia; turn=1; phase=play; melds1=4S 5S 6S | KC KD KH; p1=9H 9D JD 7C QS 5H 10C; pile=4C 6D"
"""Seven cards to play, no lay the heuristic likes much: several discards come close, so the expert searches."""


def _view(position: str = CLOSE_CALL) -> SeatView:
    game = Game.from_position(position)
    return seat_view(game, game.to_move)


def test_a_budget_reads_back_from_its_text_and_bad_ones_are_refused() -> None:
    for text, budget in (("1s", Budget(seconds=1.0)), ("0.25s", Budget(seconds=0.25)), ("400p", Budget(playouts=400))):
        assert Budget.parse(text) == budget and Budget.parse(str(budget)) == budget
    assert Budget.parse("250ms") == Budget(seconds=0.25) and Budget.parse("400 playouts") == Budget(playouts=400)
    assert Budget.parse(2) == Budget(seconds=2.0)
    for bad in ("", "fast", "0s", "0p", "-1s", "1.5p", "1 h", True, -2, None):
        with pytest.raises(ValueError, match="a search budget is CPU seconds"):
            Budget.parse(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="a search budget is CPU seconds"):
        Budget(seconds=1.0, playouts=10)
    with pytest.raises(ValueError, match="a search budget is CPU seconds"):
        ExpertPlayer(0, "soon")


def test_the_expert_searches_a_close_call_and_says_what_it_measured_as_data() -> None:
    view = _view()
    decision, result = ExpertPlayer(3, Budget(playouts=60)).decide(view)
    assert decision.action in view.legal_actions() and decision.action == result.best.action
    assert result.worlds >= 8 and 60 - len(result.estimates) < result.playouts <= 60
    assert len(result.estimates) >= 2
    measured = decision.rationale[-1]
    assert measured.code == "why-expert"
    assert measured.params["worlds"] == result.worlds
    assert measured.params["other"] == result.runner_up.action  # type: ignore[union-attr]
    assert measured.params["margin"] == round(result.margin()) >= 0
    assert measured.params["points"] == round(result.best.mean)
    assert "guessed deals" in str(measured) and str(result.worlds) in str(measured)


def test_a_counted_budget_gives_the_same_decision_for_the_same_seed() -> None:
    view = _view()
    first = ExpertPlayer(5, QUICK).decide(view)
    again = ExpertPlayer(5, QUICK).decide(_view())
    assert first[0] == again[0] and first[1].estimates == again[1].estimates


def test_every_candidate_is_played_on_the_same_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Common random numbers: in each world the search deals, every candidate still compared is played out,
    and no candidate is played on a world the others were not."""
    played: list[tuple[Game, str]] = []
    real = expert_module._playout

    def spy(base: Game, action: object, view: SeatView, settings: object) -> float:
        played.append((base, str(action)))  # the world's game kept alive, so no two worlds share an id
        return real(base, action, view, settings)  # type: ignore[arg-type]

    monkeypatch.setattr(expert_module, "_playout", spy)
    result = search(_view(), Budget(playouts=40), 1)
    by_world: dict[int, list[str]] = defaultdict(list)
    for base, action in played:
        by_world[id(base)].append(action)
    worlds = list(by_world.values())
    assert len(worlds) >= result.worlds >= 2
    complete = worlds[: result.worlds]
    assert all(world == complete[0] for world in complete[:8]), "the first worlds play every candidate"
    for world in complete:
        assert len(set(world)) == len(world) and set(world) <= set(complete[0])
    assert {str(e.action) for e in result.estimates} == set(complete[0])


def test_the_search_stops_when_asked_and_answers_with_its_best_so_far() -> None:
    view = _view()
    calls = 0

    def stop_after(count: int) -> bool:
        nonlocal calls
        calls += 1
        return calls > count

    result = search(view, Budget(playouts=1000), 2, stop=lambda: stop_after(25))
    assert result.stopped and result.playouts == 25 and result.worlds >= 4
    assert result.best.action in view.legal_actions()
    calls = 0
    at_once = search(view, Budget(playouts=1000), 2, stop=lambda: stop_after(0))
    assert at_once.stopped and at_once.worlds == 0
    heuristic_first = search(view, Budget(playouts=1000), 2, stop=lambda: True).estimates[0].ranked
    assert at_once.best.action == heuristic_first.action  # no world finished: the heuristic's choice


def test_a_time_budget_is_counted_in_cpu_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The clock the budget reads is the process's CPU time: with a clock that moves 10 ms at every
    reading, a 0.2 s budget stops the search after about twenty readings, whatever the wall clock does."""
    clock = iter(range(0, 10**12, 10_000_000))
    monkeypatch.setattr(expert_module.time, "process_time_ns", lambda: next(clock))
    result = search(_view(), Budget(seconds=0.2), 4)
    assert 0 < result.playouts <= 20 and result.cpu_ns >= 200_000_000


@pytest.mark.parametrize("preset", preset_names())
def test_every_preset_has_an_expert_that_plays_legally(preset: str) -> None:
    """The opening of a hand per preset on a quick budget: every move legal, with reasons in words."""
    players = max(get_rules(preset).player_counts[:3])
    game = new_game(preset, players, seed=23)
    seats = seat_players(["expert@12p", "club"], players, 23)
    searched = 0
    for _ in range(24):
        if game.phase not in ("draw", "play", "answer"):
            break
        view = seat_view(game, game.to_move)
        decision = seats[game.to_move - 1].choose(view)
        assert not game.explain(decision.action)
        assert all(str(why) and "{" not in str(why) for why in decision.rationale)
        searched += any(w.code == "why-expert" for w in decision.rationale)
        game.apply(decision.action)
    assert searched


def test_the_expert_never_suggests_asking_when_the_seat_could_not_go_out() -> None:
    """Right after a draw with a whole hand and no complete meld, asking partner is legal but pointless."""
    game = new_game("bolivia", 4, seed=3)
    game.apply("draw")
    view = seat_view(game, game.to_move)
    assert Ask() in view.legal_actions() and len(view.hand) > 10
    assert not view.could_go_out() and not view.to_json()["could_go_out"]
    for seed in range(3):
        assert ExpertPlayer(seed, QUICK).choose(view).action != Ask()


ESCALERA = "4S 5S 6S 7S 8S 9S 10S"


@pytest.mark.parametrize(("position", "expected"), [
    (f"rules=bolivia; turn=1; phase=play; melds1={ESCALERA} | KC KD KS KH KH KC KD; p1=5H 5D 5C 8D", True),
    (f"rules=bolivia; turn=1; phase=play; melds1={ESCALERA} | KC KD KS; p1=5H 5D 5C 8D", False),  # one canasta short
    (f"rules=bolivia; turn=1; phase=play; melds1={ESCALERA} | KC KD KS; p1=KH KH KC KD 9D", True),  # completes it
    (f"rules=bolivia; turn=1; phase=play; melds1={ESCALERA} | KC KD KS KH KH KC KD; p1=5H 5D 5C 8D 9H", False),
    (f"rules=bolivia; turn=1; phase=play; asked=no; melds1={ESCALERA} | KC KD KS KH KH KC KD; p1=5H 5D 5C 8D", False),
    (f"rules=bolivia; turn=1; phase=draw; melds1={ESCALERA} | KC KD KS KH KH KC KD; p1=5H 5D 5C 8D", False),
])  # fmt: skip
def test_could_go_out_is_whether_the_hand_can_be_laid_down_this_turn(position: str, expected: bool) -> None:
    """Bolivia needs an escalera and a canasta to go out: a hand that lays down (its last card discarded)
    onto such a table could; one canasta short, one card too many, after partner said no, or before
    drawing, it could not."""
    assert _view(position).could_go_out() is expected


def test_could_go_out_under_rules_that_require_asking_first() -> None:
    """Swedish rules: a player must ask and hear yes before going out; the question is whether the hand
    could go out once partner agrees."""
    table = "4S 5S 6S 7S 8S 9S 10S | 4H 5H 6H 7H 8H 9H 10H | KC KD KS KH KH KC KD | 2C 2D 2H 2S JK JK 2C"
    position = f"rules=swedish; players=4; turn=1; phase=play; melds1={table}; p1=5C 5D 5C 8D"
    view = _view(position)
    assert get_rules("swedish").ask_partner == "required" and Ask() in view.legal_actions()
    assert view.could_go_out() and view.to_json()["could_go_out"]


def test_a_decision_of_the_expert_does_not_depend_on_cards_it_cannot_see() -> None:
    game = new_game("bolivia", 4, seed=21)
    club = [PLAYERS["club"](n) for n in range(4)]
    for _ in range(9):
        game.apply(club[game.to_move - 1].choose(seat_view(game, game.to_move)).action)
    seat = game.to_move
    twin = game.clone()
    pos = twin.position
    others = [p for p in range(1, 5) if p != seat]
    pool = [c for p in others for c in pos.hands[p - 1]] + pos.stock
    random.Random(3).shuffle(pool)
    for player in others:
        size = len(pos.hands[player - 1])
        pos.hands[player - 1], pool = sorted(pool[:size]), pool[size:]
    pos.stock = pool
    assert twin.position.stock != game.position.stock
    assert ExpertPlayer(1, QUICK).choose(seat_view(game, seat)) == ExpertPlayer(1, QUICK).choose(seat_view(twin, seat))
