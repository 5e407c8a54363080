"""The play page's card table driven from Python as the page's taps drive it: intents for every move,
refusals and forged intents that change nothing, an initial meld staged group by group, the computers'
steps, the coach's hint, undo, saved games resumed, and the number of widget models.

Expected texts come from the rules (Bolivia: kings count 10 and aces 20; the first initial meld needs 50
points; a black 3 on top blocks the pile; a side goes out with an escalera and one more complete meld),
never from what the table printed before.
"""

from __future__ import annotations

import json
import re

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as widgets

from bolivia_core.i18n import render
from bolivia_core.players import PLAYERS
from bolivia_widgets import PlayTable
from bolivia_widgets.components.table import CardTable

QUICK = "greedy"  # computer seats of a quick level keep these tests cheap; the levels have their own tests
UNMELDED = "rules=bolivia; players=2; seed=3; turn=1; phase=play; p1=KH KS KD KC AH AS AD 9C 9D 5C; pile=4D 7S"
BLOCKED = "rules=bolivia; players=2; seed=3; turn=1; phase=draw; p1=KH KS 9C 9D 5C; pile=4D 3S"
DRAWS = "rules=bolivia; players=2; seed=4; turn=1; phase=draw; p1=9C 9D 9S 5C JH; pile=4D 3S; rest=pile; stock=5H JK"
GOING_OUT = (
    "rules=bolivia; players=2; seed=4; turn=1; phase=play; p1=9C 9D 9S 5C; "
    "melds1=4H 5H 6H 7H 8H 9H 10H | KC KC KD KH KS KS KD; pile=4D 7S"
)
CARD_CODE = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b")


def quick_hint(table: CardTable) -> bool:
    """Play a quick level's move for the learner: these tests are of the table, not of the coach (the expert,
    whose hint has tests of its own), so the learner's moves need only be a legal, seeded choice."""
    table.source.hint_level = QUICK  # type: ignore[attr-defined]
    return table.handle({"do": "play_hint"})


def table_at(position: str, **settings: object) -> CardTable:
    table = PlayTable(coach=False, level=QUICK, language="en", **settings)  # type: ignore[arg-type]
    assert table.handle({"do": "resume", "text": position}), table.message
    return table


def indices(table: CardTable, cards: str) -> list[int]:
    """The hand indices of ``cards``, as the page's taps name them."""
    hand = table.hand["cards"]
    chosen: list[int] = []
    for code in cards.split():
        chosen.append(next(i for i, c in enumerate(hand) if c == code and i not in chosen))
    return chosen


def message(table: CardTable) -> str:
    said = table.message
    return " ".join(said["lines"]) if said else ""


def test_a_refused_tap_says_why_in_words_and_changes_nothing() -> None:
    table = table_at(BLOCKED)
    before = table.source.game.to_json()
    assert not table.handle({"do": "take_pile", "cards": indices(table, "KH KS"), "where": "pile"})
    said = table.message
    assert said["kind"] == "refusal" and said["where"] == "pile"
    assert "3 of spades" in message(table)  # Bolivia: a black 3 on top blocks the pile; said in words
    assert table.source.game.to_json() == before


@pytest.mark.parametrize("intent", [
    {"do": "discard", "card": 99}, {"do": "fly"}, {"do": "add", "meld": "x", "cards": [0]},
    {"do": "meld", "groups": [[0, 0, 1]]}, {"do": "take_pile", "cards": "all"}, {"do": "move", "move": "steal"},
])  # fmt: skip
def test_a_forged_intent_is_refused_by_name_and_changes_nothing(intent: dict[str, object]) -> None:
    table = table_at(UNMELDED)
    before = table.source.game.to_json()
    assert not table.handle(intent)
    assert table.message["kind"] == "refusal" and message(table)
    assert "Traceback" not in message(table) and table.source.game.to_json() == before


def test_a_move_on_another_seats_turn_is_refused() -> None:
    table = table_at("rules=bolivia; players=2; seed=3; turn=2; phase=play; p1=KH KS 9C; p2=5C 6C 7C 8C; pile=4D 7S")
    # the computers have played on to the learner's turn; a tap for seat 2's turn cannot reach the engine
    assert table.source.game.to_move == 1 or table.source.game.phase == "hand over"


def test_the_learner_is_told_the_drawn_cards_in_words() -> None:
    table = table_at(DRAWS)
    assert table.handle({"do": "draw", "where": "stock"})
    said = message(table)
    assert "5 of hearts" in said and "joker" in said and not CARD_CODE.search(said)


def test_an_initial_meld_of_two_groups_is_staged_then_laid() -> None:
    """Three kings (30 points) are short of Bolivia's first minimum of 50: staged, not played; the aces
    (60) then make 90 together and the meld area lays both groups as one initial meld."""
    table = table_at(UNMELDED)
    before = table.source.game.to_json()
    kings = indices(table, "KH KS KD")
    assert not table.handle({"do": "meld", "groups": [kings], "stage": True, "ask": 1, "where": "meld-area"})
    staged = table.staging
    assert staged["points"] == 30 and staged["minimum"] == 50 and not staged["enough"] and staged["ask"] == 1
    assert staged["groups"] == [sorted(kings)] and table.source.game.to_json() == before
    # the page holds the staged groups and sends them with the next ones
    assert table.handle({"do": "meld", "groups": [*staged["groups"], indices(table, "AH AS AD")], "stage": True,
                         "ask": 2, "where": "meld-area"})  # fmt: skip
    melds = table.source.game.position.melds[0]
    assert sorted(len(m) for m in melds) == [3, 3] and table.staging == {}


def test_staged_groups_can_be_taken_back() -> None:
    table = table_at(UNMELDED)
    table.handle({"do": "stage", "groups": [indices(table, "KH KS KD")], "ask": 1})
    assert table.staging["groups"] and table.staging["points"] == 30
    table.handle({"do": "unstage"})
    assert table.staging == {}


def test_a_group_that_is_no_meld_is_not_staged() -> None:
    table = table_at(UNMELDED)
    kings = indices(table, "KH KS KD")
    table.handle({"do": "stage", "groups": [kings, indices(table, "AH 9C 5C")], "ask": 1})
    assert table.staging["groups"] == [sorted(kings)] and table.message["kind"] == "refusal"  # the kings stay staged
    assert "ace of hearts" in message(table)


def test_going_out_ends_the_hand_with_the_score_sheet() -> None:
    table = table_at(GOING_OUT)
    assert table.handle({"do": "meld", "groups": [indices(table, "9C 9D 9S")], "stage": True, "where": "meld-area"})
    assert table.handle({"do": "discard", "card": 0, "where": "pile"})  # the last card: 5C
    game = table.source.game
    assert game.phase in ("hand over", "game over")
    assert "player 1 went out" in json.dumps(table.chrome["hand_end"]["blocks"])
    assert [c["intent"] for c in table.turn["controls"]] == [{"do": "next_hand"}] or game.is_over


def shown_steps(table: CardTable, before: dict[str, object]) -> list[dict[str, object]]:
    """The parts the page shows at each step, each step's patch applied to the parts before it (as the page
    applies them: a dict merged key by key, ``{"=": value}`` replacing)."""

    def patched(old: object, patch: object) -> object:
        if not isinstance(patch, dict):
            return patch
        if "=" in patch:
            return patch["="]
        merged = dict(old) if isinstance(old, dict) else {}
        for key, value in patch.items():
            merged[key] = patched(merged.get(key), value)
        return merged

    shown, parts = [], {**before, "hand": table.hand}
    for step in table.steps["list"]:
        parts = patched(parts, step["patch"])  # type: ignore[assignment]
        shown.append(parts)
    return shown


PARTS = ("hand", "seats", "sides", "centre", "scores", "turn")


def test_the_computers_moves_come_as_steps_in_words_with_their_movements() -> None:
    table = PlayTable(seed=3, players=4, level=QUICK, coach=False, language="en")
    drawn: list[dict[str, object]] = []  # the parts the page had when the steps came: the learner's move drawn
    table.observe(lambda _change: drawn.append({name: getattr(table, name) for name in PARTS}), names="steps")
    for _ in range(40):  # the learner plays the coach's hints until a discard passes the turn on
        history = len(table.source.game.history)
        quick_hint(table)
        if drawn:
            break
    steps = table.steps["list"]
    assert steps, "a discard lets the three computer seats play"
    assert drawn[0]["centre"]["pile"]["top"] == str(table.source.game.history[history].card)  # type: ignore[attr-defined,index]
    shown = shown_steps(table, drawn[0])
    assert all(not parts["turn"]["my_turn"] for parts in shown[:-1])  # type: ignore[index]
    assert shown[-1] == {name: getattr(table, name) for name in PARTS}  # the last step is the table as it is
    assert all(step["said"] and not CARD_CODE.search(step["said"]) for step in steps)
    assert any(step["motion"] and step["motion"]["from"] == "stock" for step in steps)
    assert all("hand" not in step["patch"] or set(step["patch"]["hand"]) <= {"to_move"} for step in steps)


def test_a_step_sends_only_what_it_changed() -> None:
    """A computer's draw changes its seat's count, the stock and the turn: its step names no meld and not
    the learner's hand, and is a few hundred bytes, not the table."""
    table = PlayTable(seed=3, players=4, level=QUICK, coach=False, language="en")
    while not table.steps.get("list"):
        quick_hint(table)
    draws = [step for step in table.steps["list"] if step["said"].split()[2:3] == ["draws"]]
    assert draws and all(set(step["patch"]) <= {"seats", "centre", "turn", "hand"} for step in draws)
    assert all(len(json.dumps(step)) < 600 for step in draws), [len(json.dumps(step)) for step in draws]


def test_a_computers_reasons_wait_for_the_end_of_its_hand() -> None:
    table = PlayTable(seed=3, players=2, level=QUICK, coach=False, language="en")
    game = table.source.game
    hand = game.position.hand_number
    assert table.source.whys and not any(why for _event, why in table.source.log())  # kept, none shown mid-hand
    for _ in range(400):
        game = table.source.game
        if game.position.hand_number != hand or game.phase in ("hand over", "game over"):
            break
        quick_hint(table)
    assert any(why for _event, why in table.source.log())


def test_the_log_is_sent_when_the_menu_opens_and_then_only_its_new_lines() -> None:
    table = PlayTable(seed=3, players=2, level=QUICK, coach=False, language="en")
    sent: list[dict[str, object]] = []
    table.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    table.handle({"do": "draw"})
    assert not sent  # the menu is shut: no log travels with a move
    table.handle({"do": "log", "open": True})
    whole = sent[-1]["log"]
    assert whole["from"] == 0 and len(whole["lines"]) == len(table.source.game.log)  # type: ignore[index]
    count = len(sent)
    quick_hint(table)
    at = len(whole["lines"])  # type: ignore[index]
    for more in (content["log"] for content in sent[count:]):  # the learner's move, then what followed it
        assert more["from"] == at and more["lines"]  # type: ignore[index]
        at += len(more["lines"])  # type: ignore[index]
    assert len(sent) > count and at == len(table.source.game.log)
    table.handle({"do": "log", "open": False})
    count = len(sent)
    quick_hint(table)
    assert len(sent) == count


def test_the_hint_is_the_coachs_and_can_be_played() -> None:
    table = PlayTable(seed=5, coach=False, level=QUICK, language="en")
    table.handle({"do": "hint"})
    assert table.message["kind"] == "coach" and message(table).startswith("Best now: ")  # the expert's one sentence
    action = table.source.hint_action()  # type: ignore[attr-defined]
    moves = len(table.source.game.history)
    assert table.handle({"do": "play_hint"})
    assert table.source.game.history[moves] == action


def test_undo_goes_back_to_the_learners_previous_decision() -> None:
    table = PlayTable(seed=5, coach=False, level=QUICK, language="en")
    before = table.source.game.to_json()
    table.handle({"do": "draw", "where": "stock"})
    assert table.source.game.to_json() != before
    table.handle({"do": "undo"})
    assert table.source.game.to_json() == before
    table.handle({"do": "undo"})
    assert table.message["kind"] == "refusal"


def test_a_saved_game_resumes_and_a_damaged_one_is_refused() -> None:
    table = PlayTable(seed=9, coach=False, level=QUICK, language="en")
    quick_hint(table)
    table.handle({"do": "save"})
    saved = table.menu["saved"]
    other = PlayTable(seed=1, coach=False, level=QUICK, language="en")
    assert other.handle({"do": "resume", "text": saved})
    assert other.source.game.to_json() == table.source.game.to_json()
    before = other.source.game.to_json()
    assert not other.handle({"do": "resume", "text": "rules=bolivia; p1=KH 3H"})  # a red 3 in a hand
    assert "red1" in message(other) and other.source.game.to_json() == before


def test_the_same_seed_and_moves_replay_the_same_game() -> None:
    first, second = (PlayTable(seed=21, coach=False, level=QUICK, language="en") for _ in range(2))
    for _ in range(8):
        quick_hint(first)
        quick_hint(second)
    assert first.source.game.to_json() == second.source.game.to_json()


def test_a_new_game_deals_new_cards_and_the_menu_lists_every_level() -> None:
    table = PlayTable(seed=2, players=4, coach=False, level=QUICK, language="en")
    first = table.source.game.start
    table.handle({"do": "new_game"})
    assert table.source.game.start != first
    levels = [s for s in table.menu["settings"] if s["key"].startswith("level-")]
    assert [s["key"] for s in levels] == ["level-2", "level-3", "level-4"]
    assert all([value for value, _words in s["options"]] == list(PLAYERS) for s in levels)


def test_the_language_changes_keeping_the_game() -> None:
    table = PlayTable(seed=2, coach=False, level=QUICK, language="en")
    history = list(table.source.game.history)
    english = table.centre["stock"]["name"], table.labels["menu"]
    table.handle({"do": "setting", "key": "language", "value": "sv"})
    assert table.source.game.history == history
    assert table.centre["stock"]["name"] != english[0] and table.labels["menu"] != english[1]
    assert table.chrome["language"] == table.labels["language"] == "sv"
    table.handle({"do": "setting", "key": "language", "value": "en"})


def test_the_computers_moves_are_said_again_in_the_new_language() -> None:
    """A page built ahead plays the computers' first moves before its visitor's language is known: once it is,
    the same steps (the same ``n``: not shown again) are said in that language, so "what the others did"
    is in the page's language too."""
    table = PlayTable(seed=3, players=4, level=QUICK, coach=False, language="en")
    while not table.steps.get("list"):
        quick_hint(table)
    n, english = table.steps["n"], [step["said"] for step in table.steps["list"]]
    try:
        table.handle({"do": "setting", "key": "language", "value": "sv"})
        swedish = [step["said"] for step in table.steps["list"]]
        assert table.steps["n"] == n and len(swedish) == len(english)
        assert all(words != said for words, said in zip(swedish, english, strict=True)), (english, swedish)
        player = render("event-draw", {"player": 2, "count": 2}, "sv").split()[0]  # "spelare"
        assert all(words.startswith(player) for words in swedish), swedish
    finally:
        table.handle({"do": "setting", "key": "language", "value": "en"})


def test_the_fixed_words_are_not_sent_again_with_a_move() -> None:
    """The labels change with the language only: a move leaves them, so the page is not sent them."""
    table = PlayTable(seed=2, coach=False, level=QUICK, language="en")
    changed: list[str] = []
    table.observe(lambda change: changed.append(change["name"]), names=["labels", "menu", "scores", "sides"])
    table.handle({"do": "draw", "where": "stock"})
    assert "labels" not in changed and "menu" not in changed


def test_the_page_is_a_handful_of_widget_models() -> None:
    """The play page was 159 models; the table is one (and its layout)."""
    before = len(widgets.Widget.widgets)
    PlayTable(seed=2, coach=False, level=QUICK, language="en")
    assert len(widgets.Widget.widgets) - before <= 3


def test_hand_cards_are_named_in_words() -> None:
    table = table_at(BLOCKED)
    names = table.hand["names"]
    assert len(names) == len(table.hand["cards"]) and "king of hearts" in names
    assert all(not CARD_CODE.search(name) for name in names)
    assert table.hand["cards"] == [str(c) for c in sorted(table.source.game.position.hands[0])]


def test_the_play_page_starts_with_at_most_twenty_widget_models() -> None:
    """The play notebook's cells as the kernel runs them: every widget model the page is sent (it was 159)."""
    import json
    from pathlib import Path

    from IPython.core.interactiveshell import InteractiveShell

    notebook = json.loads((Path(__file__).parents[1] / "notebooks" / "play.ipynb").read_text(encoding="utf-8"))
    shell = InteractiveShell.instance()
    before = set(widgets.Widget.widgets)
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            shell.run_cell("".join(cell["source"]), silent=True)
    created = set(widgets.Widget.widgets) - before
    assert 0 < len(created) <= 20, len(created)


FEEDS_THE_PILE = (
    "rules=canasta; turn=1; phase=play; melds1=5H 5S 5D; melds2=KH KS KC; "
    "p1=KD 9C 6H 7D JS; pile=4C 4D 6C 6S 7C 8D 9H 10S JD QC QH AD"
)
"""Canasta: player 2's side has melded kings, so a discarded king lets player 2 take all 13 cards."""


def test_the_coach_warns_of_a_clear_mistake_in_one_line_and_the_move_is_played() -> None:
    table = PlayTable(seed=1, language="en")
    assert table.handle({"do": "resume", "text": FEEDS_THE_PILE})
    before = len(table.source.game.history)
    assert table.handle({"do": "move", "move": "discard KD"})
    assert str(table.source.game.history[before]) == "discard KD"  # played, not held back for a confirmation
    said = table.said
    assert said is not None and said.kind == "coach"
    (line,) = said.lines
    assert line["code"] == "player-coach-warns-against"  # type: ignore[index]  # data, said in words in the page's language
    said = table.message["lines"][0]
    assert said.startswith("The coach would not discard the king of diamonds: it may let player 2 take a 13-card pile")
    assert not CARD_CODE.search(said), said


def test_playing_the_coachs_hint_brings_no_warning() -> None:
    table = PlayTable(seed=1, language="en")
    assert table.handle({"do": "resume", "text": FEEDS_THE_PILE})
    assert table.handle({"do": "play_hint"})
    assert table.message is None or table.message["kind"] != "coach"


def test_the_partners_answer_to_may_i_go_out_is_told_to_the_learner() -> None:
    """Asking partner (RULES 8) is answered by the partner's seat: the learner reads the answer by the hand."""
    from bolivia_core.actions import Ask

    table = PlayTable(seed=1, language="en")
    for _ in range(200):
        game = table.source.game
        if game.phase not in ("draw", "play") or game.to_move != 1:
            break
        if any(isinstance(a, Ask) for a in game.legal_actions()):
            assert table.handle({"do": "ask"})
            lines = table.message["lines"]
            answers = [e for e in table.source.game.log if e.code == "event-answer" and e.params["asker"] == 1]
            said = answers[-1].params["answer"].split(":")[-1] if answers else ""
            assert answers and lines[-1] == f"player 3 answers {said} to player 1"
            return
        assert quick_hint(table)
    pytest.fail("the seeded game gave the learner no turn to ask partner")
