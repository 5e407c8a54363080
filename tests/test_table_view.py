"""The seat view and its labels: what one seat may see and do, as plain data, and nothing hidden.

Expected facts come from the rules (Bolivia: a black 3 on top blocks the pile; the first initial meld
needs 50 points; an escalera is a complete natural sequence of 7), never from what the view printed before.
"""

from __future__ import annotations

import json
import re
import random

import pytest

from bolivia_core.game import Game, new_game
from bolivia_core.players import PLAYERS
from bolivia_core.scenario import format_position
from bolivia_core.seat import seat_view as engine_view
from bolivia_widgets.components.table import CardTable
from bolivia_widgets.components.table_source import LocalGame
from bolivia_widgets.components.table_view import cards_in_words, place_offers, seat_view, step_motion, table_parts

BLOCKED = "rules=bolivia; players=2; seed=3; turn=1; phase=draw; p1=KH KS 9C 9D 5C; pile=4D 3S"
GOING_OUT = (
    "rules=bolivia; players=2; seed=4; turn=1; phase=play; p1=9C 9D 9S 5C; "
    "melds1=4H 5H 6H 7H 8H 9H 10H | KC KC KD KH KS KS KD; pile=4D 7S"
)


def _hidden_swapped(game: Game, seat: int, seed: int) -> Game:
    """The same game with every card ``seat`` cannot see dealt afresh: the other hands and the stock
    shuffled together and given back in the same sizes."""
    pos = game.position.copy()
    others = [p for p in range(1, pos.players + 1) if p != seat]
    pool = list(pos.stock) + [c for p in others for c in pos.hands[p - 1]]
    random.Random(seed).shuffle(pool)
    for p in others:
        size = len(pos.hands[p - 1])
        pos.hands[p - 1], pool = sorted(pool[:size]), pool[size:]
    pos.stock = pool
    swapped = game.clone()  # the same history, log and table memory
    swapped.position = pos
    return swapped


def _seeded_positions(players: int, seed: int, every: int) -> list[Game]:
    game = new_game("bolivia", players, seed)
    seen = []
    for move in range(400):
        if game.is_over or game.phase == "hand over":
            break
        if move % every == 0:
            seen.append(_copy(game))
        game.apply(PLAYERS["greedy"](seed * 1000 + move).choose(engine_view(game, game.to_move)).action)
    seen.append(_copy(game))
    return seen


def _copy(game: Game) -> Game:
    return game.clone()


@pytest.mark.parametrize(("players", "seed"), [(4, 11), (2, 12), (3, 13)])
def test_no_seat_view_holds_a_card_hidden_from_that_seat(players: int, seed: int) -> None:
    """Every seat's view at every few moves of a seeded game is the same whatever the hidden cards are
    (the others' hands and the stock dealt afresh), so it cannot contain any of them; and the view's
    own hand is the seat's."""
    checked = changed = 0
    for number, game in enumerate(_seeded_positions(players, seed, every=3)):
        for seat in range(1, players + 1):
            view = seat_view(game, seat)
            assert view["hand"] == [str(c) for c in sorted(game.position.hands[seat - 1])]
            swapped = _hidden_swapped(game, seat, seed + number)
            if game.position.stock:  # with the stock gone, a 2-player game's one other hand has nowhere to swap to
                changed += swapped.position.hands != game.position.hands
                checked += 1
            assert seat_view(swapped, seat) == view, f"seat {seat} sees hidden cards at move {len(game.history)}"
            json.dumps(view)  # plain data a server can send
    assert changed > checked * 0.9  # the hidden cards really were others in nearly every case


def test_the_view_offers_moves_only_on_the_seats_own_turn() -> None:
    game = Game.from_position(BLOCKED)
    mine, theirs = seat_view(game, 1), seat_view(game, 2)
    assert mine["my_turn"] and mine["moves"] == ["draw"]  # Bolivia: the black 3 on top blocks the pile
    assert not theirs["my_turn"] and theirs["moves"] == []
    assert mine["pile"] == {"top": "3S", "size": 2, "cards": ["4D", "3S"], "blocked": True, "frozen": False,
                            "takes": [], "why_not": mine["pile"]["why_not"]}  # fmt: skip
    assert mine["pile"]["why_not"]["code"] == "pile-blocked"
    assert mine["stock"] == len(game.position.stock)
    assert [s["cards"] for s in mine["seats"]] == [5, len(game.position.hands[1])]


def test_a_frozen_pile_is_marked_for_the_seat_whose_side_has_not_melded() -> None:
    """Canasta: the pile is frozen for a side that has not melded (only a natural pair of the top card's
    rank takes it); once the side has melded it is not, unless a wild card lies in it."""
    unmelded = Game.from_position("rules=canasta; players=2; seed=3; turn=1; phase=draw; p1=KH KS 9C 9D 5C; pile=4D 7S")
    view = seat_view(unmelded, 1)
    assert view["pile"]["frozen"] and not view["pile"]["blocked"]
    assert table_parts(view, "en")["centre"]["pile"]["name"].endswith(", frozen")
    melded = Game.from_position(
        "rules=canasta; players=2; seed=3; turn=1; phase=draw; p1=KH KS 9C 9D 5C; melds1=QH QS QD; pile=4D 7S"
    )
    assert not seat_view(melded, 1)["pile"]["frozen"]


def test_melds_carry_their_kind_and_progress_and_the_rules_minimum() -> None:
    game = Game.from_position(GOING_OUT)
    view = seat_view(game, 1)
    side = view["sides"][0]
    assert side["mine"] and side["melded"]
    assert [m["number"] for m in side["melds"]] == [1, 2]
    assert all(m["complete"] for m in side["melds"])  # an escalera and a canasta of kings: 7 cards each
    assert view["sides"][1]["minimum"] == 50  # Bolivia: 50 points for a side's first initial meld
    melds = table_parts(view, "en")["sides"]["0"]["melds"]
    assert melds["1"]["label"].startswith("meld 1: ")
    assert melds["2"]["label"].startswith("meld 2: ")
    assert "complete (7 cards)" in melds["2"]["label"]
    assert melds["2"]["caption"] == melds["2"]["label"].removeprefix("meld 2: ")
    offered = [o["words"] for o in place_offers(view, "meld-area", "en")["moves"]]
    assert "meld the 9 of clubs, the 9 of diamonds and the 9 of spades" in offered


def test_labels_name_the_places_as_the_browser_tests_find_them() -> None:
    view = seat_view(Game.from_position(BLOCKED), 1)
    parts = table_parts(view, "en")
    assert parts["centre"]["stock"]["name"].startswith("stock")
    assert parts["centre"]["pile"]["name"].startswith("discard pile: 3 of spades on top, 2 cards")
    names = parts["hand"]["names"]
    assert sorted(names) == ["5 of clubs", "9 of clubs", "9 of diamonds", "king of hearts", "king of spades"]
    swedish = table_parts(view, "sv")["hand"]["names"]
    assert swedish != names and "klöver femma" in swedish


def test_cards_are_said_in_words() -> None:
    assert cards_in_words("AC JK") == "ace of clubs and joker"
    assert cards_in_words("9C 9D | KS") == "9 of clubs and 9 of diamonds; king of spades"
    assert cards_in_words("not cards") == "not cards"


def test_each_logged_move_has_its_movement() -> None:
    assert step_motion({"code": "event-draw", "params": {"player": 2, "count": 2}})["from"] == "stock"
    discard = step_motion({"code": "event-discard", "params": {"player": 3, "card": "5C"}})
    assert discard == {"from": "seat-3", "to": "pile", "card": "5C", "count": 1}
    assert step_motion({"code": "event-ask", "params": {"player": 3}}) is None


def test_a_seat_that_is_not_at_the_table_is_refused() -> None:
    game = Game.from_position(BLOCKED)
    with pytest.raises(ValueError, match="no seat 3 at this table: seats are numbered 1 to 2"):
        seat_view(game, 3)


MELDED_KINGS = (
    "rules=bolivia; players=2; seed=5; turn=1; phase=play; p1=KC KC 2C 5H 6H 7H 9S 9D 9C JD; melds1=KH KS KD; "
    "pile=4D 7S"
)


def test_a_place_tapped_with_nothing_chosen_offers_the_legal_moves_that_go_there() -> None:
    """The meld area offers new melds and each meld its additions, all of them moves the engine allows,
    the naturals before wild cards and more cards before fewer; the rest are counted, not lost."""
    from bolivia_core.actions import Add, Meld, parse_action
    from bolivia_widgets.components.table_view import OFFERS_AT_MOST

    game = Game.from_position(MELDED_KINGS)
    view = seat_view(game, 1)
    legal = {str(a) for a in game.legal_actions()}
    adds = [a for a in game.legal_actions() if isinstance(a, Add)]
    melds = [a for a in game.legal_actions() if isinstance(a, Meld)]
    places = ["meld-area", *(f"meld-{n}" for n in range(1, 5)), "pile"]
    offers = {place: offer for place in places if (offer := place_offers(view, place, "en")) is not None}
    assert set(offers) == {"meld-area", *(f"meld-{a.meld}" for a in adds)}  # the pile is for a draw, not now
    # the kings take natural kings before the 2: an addition of naturals only is offered first
    first = parse_action(offers["meld-1"]["moves"][0]["move"])
    assert isinstance(first, Add) and first.cards and all(str(c) == "KC" for c in first.cards)
    assert any("2C" in o["move"] for o in offers["meld-1"]["moves"][1:])
    for place, offer in offers.items():
        moves = [parse_action(o["move"]) for o in offer["moves"]]
        assert all(str(m) in legal for m in moves)
        assert len(moves) <= OFFERS_AT_MOST
        if place == "meld-area":
            assert all(isinstance(m, Meld) for m in moves) and len(moves) + offer["more"] == len(melds)
        else:
            assert all(isinstance(m, Add) and f"meld-{m.meld}" == place for m in moves)
        wild = [sum(not c.is_natural for c in (m.cards if isinstance(m, Add) else sum(m.melds, ()))) for m in moves]
        assert wild == sorted(wild)
        assert all(o["words"] and not re.search(r"\b(?:10|[2-9JQKA])[CDHS]\b", o["words"]) for o in offer["moves"])


def test_no_place_offers_a_move_when_it_is_not_the_seats_turn() -> None:
    game = Game.from_position(MELDED_KINGS.replace("turn=1", "turn=2"))
    view = seat_view(game, 1)
    assert all(place_offers(view, place, "en") is None for place in ("meld-area", "meld-1", "pile"))


def _table(position: str) -> CardTable:
    return CardTable(LocalGame(Game.from_position(position), 1))


def _index(table: CardTable, card: str) -> int:
    return table.hand["cards"].index(card)


def test_a_run_reads_in_rank_order_however_its_cards_were_added() -> None:
    """A sequence of hearts 5-6-7, then 4 and 8 added: the table shows 4 5 6 7 8, wild cards after."""
    table = _table("rules=bolivia; players=2; seed=5; turn=1; phase=play; p1=9C 9D 4H JD 8H; melds1=5H 6H 7H | "
                   "KH KS JK KD; pile=4D 8S")  # fmt: skip
    assert table.handle({"do": "add", "meld": 1, "cards": [_index(table, "8H"), _index(table, "4H")]})
    melds = table.sides["0"]["melds"]
    assert melds["1"]["cards"] == ["4H", "5H", "6H", "7H", "8H"]
    assert melds["2"]["cards"][-1] == "JK" and set(melds["2"]["cards"][:3]) == {"KH", "KS", "KD"}


def test_what_a_move_brought_is_said_in_words_the_top_card_onto_a_meld_too() -> None:
    """Bolivia: a sequence may take the pile's top card alone (RULES 5); the table says where it went."""
    table = _table("rules=bolivia; players=2; seed=5; turn=1; phase=draw; p1=9C 9D 5C JD; melds1=5H 6H 7H; "
                   "pile=4D 8H")  # fmt: skip
    assert table.handle({"do": "take_top", "meld": 1})
    assert table.message["lines"] == ["You took the 8 of hearts from the pile onto meld 1."]


def test_red_threes_drawn_are_said_with_the_cards_drawn() -> None:
    """A red 3 drawn is laid out at once and replaced from the stock (RULES 3.4): the learner is told."""
    for seed in range(1, 40):
        game = new_game("bolivia", 2, seed)
        source = LocalGame(game, game.to_move)
        table = CardTable(source)
        logged = len(game.log)
        table.handle({"do": "draw"})
        reds = sum(e.params["count"] for e in game.log[logged:]
                   if e.code == "event-red-threes" and e.params["player"] == source.seat)  # fmt: skip
        lines = table.message["lines"]
        assert lines[0].startswith("You drew ") and not re.search(r"\b(?:10|[2-9JQKA])[CDHS]\b", lines[0])
        if reds:
            assert lines[1:] == [f"You laid out {reds} red 3{'s' if reds > 1 else ''}, a bonus for your side, "
                                 "and drew as many again."]  # fmt: skip
            return
        assert len(lines) == 1
    pytest.fail("no seeded first draw brought a red 3")


def test_a_refused_move_is_said_in_words() -> None:
    table = _table("rules=bolivia; players=2; seed=5; turn=1; phase=play; p1=9C 9D 5H JD 7H 4S; melds1=9H 9S 9D; "
                   "pile=4D 9C")  # fmt: skip
    before = format_position(table.source.game.position)  # type: ignore[attr-defined]
    assert not table.handle({"do": "add", "meld": 1, "cards": [_index(table, "7H")]})
    lines = table.message["lines"]
    assert lines[0] == "Not allowed: add the 7 of hearts to meld 1."
    assert format_position(table.source.game.position) == before  # type: ignore[attr-defined]


def test_the_turn_line_and_the_pile_note_say_only_what_the_pile_allows_now() -> None:
    """A black 3 on top blocks the pile (RULES 3.4): the turn line offers the stock alone and the note
    says why; once drawn, the note is gone; a pile the seat may take says so (three aces make 60 of the 50)."""
    blocked = _table(BLOCKED)
    assert blocked.turn["line"] == "Your turn: tap the stock to draw." and "3 of spades" in blocked.centre["note"]
    assert blocked.handle({"do": "draw"})
    assert blocked.centre["note"] == ""
    open_pile = _table("rules=bolivia; players=2; seed=3; turn=1; phase=draw; p1=AH AS 9C 9D 5C; pile=4D AC")
    assert open_pile.turn["line"] == "Your turn: tap the stock to draw, or the pile to take it."
    assert open_pile.centre["note"] == "you may take this pile: tap it"


def test_a_place_tapped_with_nothing_chosen_offers_its_moves_or_plays_the_pile_s_only_take() -> None:
    """The page asks what a place offers; the answer is a reply, not the table's state. The pile's one take
    is played at once (three aces make 60 of Bolivia's first 50); with none offered the tap's own intent
    (``then``) is played, and refused as the engine says."""
    table = _table(MELDED_KINGS)
    replies: list[dict[str, object]] = []
    table.send = lambda content, buffers=None: replies.append(content)  # type: ignore[method-assign]
    assert not table.handle({"do": "offers", "place": "meld-1", "then": {"do": "add", "meld": 1, "cards": []}})
    assert replies[-1]["offers"]["place"] == "meld-1" and replies[-1]["offers"]["moves"]  # type: ignore[index]
    open_pile = _table("rules=bolivia; players=2; seed=3; turn=1; phase=draw; p1=AH AS 9C 9D 5C; pile=4D AC")
    assert open_pile.handle({"do": "offers", "place": "pile", "then": {"do": "take_pile", "cards": []}})
    assert open_pile.source.game.position.melds[0]  # type: ignore[attr-defined]
    blocked = _table(BLOCKED)
    assert not blocked.handle({"do": "offers", "place": "pile", "then": {"do": "take_pile", "cards": []}})
    assert blocked.message["kind"] == "refusal" and "3 of spades" in " ".join(blocked.message["lines"])
    assert not blocked.handle({"do": "offers", "place": "pile", "then": {"do": "offers"}})
    assert blocked.message["kind"] == "refusal"


def test_the_front_end_is_one_module_made_from_the_table_s_es_modules() -> None:
    """anywidget loads one module from a string: the table's modules are put in the order they import each
    other, their imports and exports dropped; every module is in it once, after all those it imports."""
    from bolivia_widgets.components.table import MODULES, table_module

    bundle = table_module()
    order = [line.removeprefix("// --- ").removesuffix(" ---") for line in bundle.splitlines()
             if line.startswith("// --- ")]  # fmt: skip
    assert sorted(order) == sorted(["card_face.js", *(p.name for p in MODULES.glob("*.js"))])
    for name in order:
        path = MODULES / name if name != "card_face.js" else MODULES.parent / name
        for imported in re.findall(r'^import \{[^}]*\} from "\.\.?/(?:[a-z_]+/)*([a-z_]+\.js)";', path.read_text(),
                                   re.MULTILINE):  # fmt: skip
            assert order.index(imported) < order.index(name), (imported, name)
    assert not re.search(r"^import |^export (?!default)", bundle, re.MULTILINE)
    assert bundle.count("export default") == 1
    assert "innerHTML" not in bundle  # no markup made in Python is put into the page
