"""The coach at the play page's card table: the expert's hint as one sentence with its numbers behind "why?",
thought out off the page's loop (the table answers a move meanwhile, and a hint for a position gone by is
dropped); "ask partner" offered only when the seat could go out; and after a hand the review of the learner's
costliest decisions, sent once, each of which "show me" puts back on the table as the learner saw it then,
read-only, naming no card the learner had not seen."""

from __future__ import annotations

import asyncio
import re
import threading
from typing import Any

from bolivia_core.game import Game
from bolivia_widgets import PlayTable
from bolivia_widgets.components.table import CardTable
from bolivia_widgets.components.table_view import action_words, table_parts

MISTAKE = (
    "rules=bolivia; players=2; seed=4; turn=1; phase=draw; p1=9C 9D 9S 5C 7D; "
    "melds1=4H 5H 6H 7H 8H 9H 10H | KC KC KD KH KS KS KD; p2=6C 6D QS QH 8C; melds2=JC JD JS; pile=4D 7S; "
    "rest=pile; stock=5H 2C 8D 10S"
)
"""Two seats; the learner draws 8D 10S and could go out at once (meld 9C 9D 9S, then discard); discarding 9C
instead is the costly decision of the hand, which ends on the learner's next turn."""
CARD_WORDS = re.compile(r"\b(ace|king|queen|jack|10|[2-9]) of (clubs|diamonds|hearts|spades)\b")
RANKS = {"ace": "A", "king": "K", "queen": "Q", "jack": "J"}
SUITS = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}


def table_at(position: str, language: str = "en") -> CardTable:
    table = PlayTable(level="greedy", language=language)
    assert table.handle({"do": "resume", "text": position}), table.message
    return table


def seen_by_learner(game: Game) -> set[str]:
    """Every card the learner (seat 1) has seen by this point of ``game``: its hand, the melds, the red 3s, the
    cards it saw others take with the pile, and the pile but for the cards ``rest=pile`` put face down under it
    (MISTAKE's pile is 4D 7S on top of them), unless they were taken since."""
    pos = game.position
    unseen = len(Game.from_position(MISTAKE).position.pile) - 2
    pile = pos.pile[unseen:] if len(pos.pile) >= unseen else pos.pile
    cards = [*pos.hands[0], *pile, *(c for side in pos.melds for m in side for c in m)]
    cards += [c for reds in pos.red_threes for c in reds]
    cards += [c for p in range(1, pos.players + 1) for c in game.memory.known(p)]
    return {str(c) for c in cards}


def named_cards(text: str) -> set[str]:
    return {f"{RANKS.get(rank, rank)}{SUITS[suit]}" for rank, suit in CARD_WORDS.findall(text)}


def after_the_draw() -> CardTable:
    table = table_at(MISTAKE)
    assert table.handle({"do": "draw"})
    return table


def test_a_hint_is_one_sentence_with_its_numbers_behind_why_and_names_only_cards_seen() -> None:
    table = after_the_draw()
    table.handle({"do": "hint"})
    said = table.message
    assert said is not None and said["kind"] == "coach"
    (sentence,) = said["lines"]
    assert sentence.startswith("Best now: ") and sentence.endswith(".") and sentence.count(". ") == 0, sentence
    why = " ".join(said["why"])
    assert re.search(r"played out on \d+ guessed deals? of the cards it cannot see, it came out \d+ points? ahead", why)
    seen = seen_by_learner(table.source.game)  # type: ignore[attr-defined]
    assert named_cards(sentence + why) and named_cards(sentence + why) <= seen, named_cards(sentence + why) - seen


def test_the_hint_is_thought_out_off_the_loop_and_a_stale_one_is_dropped() -> None:
    """On the page's running loop the hint request is answered at once (the coach thinking) and a move played
    while it thinks is played; the hint for the position before it never reaches the message area. A hint left
    to finish does."""

    async def scenario() -> tuple[list[str], list[str]]:
        table = after_the_draw()
        table.think_aside = True  # as in a kernel, whose loop is running here
        kinds = []
        table.handle({"do": "hint"})
        kinds.append(table.message["kind"])
        assert table.thinking is not None and table.thinking.is_alive(), "the hint was thought out on the loop"
        assert table.handle({"do": "meld", "groups": [[3, 4, 5]], "where": "meld-area"})  # 9C 9D 9S, meanwhile
        kinds.append(table.message["kind"] if table.message else "")
        table.thinking.join(timeout=120)
        for _ in range(5):
            await asyncio.sleep(0.01)  # the loop draws what the thread handed it
        kinds.append(table.message["kind"] if table.message else "")
        fresh = []
        table.handle({"do": "hint"})
        assert table.thinking is not None
        table.thinking.join(timeout=120)
        for _ in range(5):
            await asyncio.sleep(0.01)
        fresh.append(table.message["kind"])
        return kinds, fresh

    found: list[tuple[list[str], list[str]]] = []
    # a loop of its own, on a thread of its own (another test's loop may be running on this one)
    runner = threading.Thread(target=lambda: found.append(asyncio.run(scenario())))
    runner.start()
    runner.join(timeout=300)
    kinds, fresh = found[0]
    assert kinds[0] == "thinking" and "coach" not in kinds[1:], kinds
    assert fresh == ["coach"]


def test_ask_partner_is_offered_only_when_the_seat_could_go_out() -> None:
    escalera, canasta = "4S 5S 6S 7S 8S 9S 10S", "KC KD KS KH KH KC KD"
    could = f"rules=bolivia; players=4; turn=1; phase=play; melds1={escalera} | {canasta}; p1=5H 5D 5C 8D"
    could_not = f"rules=bolivia; players=4; turn=1; phase=play; melds1={escalera} | KC KD KS; p1=5H 5D 5C 8D"

    def asks(position: str) -> bool:
        view = table_at(position).source.view()
        assert view is not None and "ask partner" in view["moves"]  # legal in both
        return any(c["intent"] == {"do": "ask"} for c in table_parts(view, "en")["turn"]["controls"])

    assert asks(could) and not asks(could_not)


def played_to_the_hand_end(language: str = "en") -> tuple[CardTable, list[str]]:
    """The learner's costly discard played, then the coach's moves to the end of the hand; the names of the
    traits sent from then on are recorded."""
    table = after_the_draw()
    hand = table.hand["cards"]
    assert table.handle({"do": "discard", "card": hand.index("9C"), "where": "pile"})
    for _ in range(20):
        if table.source.game.phase in ("hand over", "game over"):  # type: ignore[attr-defined]
            break
        assert table.handle({"do": "play_hint"})
    assert table.source.game.phase in ("hand over", "game over")  # type: ignore[attr-defined]
    sent: list[str] = []
    original = table.send_state

    def send_state(key: Any = None) -> None:
        sent.extend([key] if isinstance(key, str) else list(key or ()))
        original(key)

    table.send_state = send_state  # type: ignore[method-assign]
    if language != "en":
        table.handle({"do": "setting", "key": "language", "value": language})
    return table, sent


def test_the_review_lists_the_costliest_moments_and_show_me_puts_one_back_on_the_table() -> None:
    table, sent = played_to_the_hand_end()
    game = table.source.game  # type: ignore[attr-defined]
    review = table.review
    assert review["title"] == "The coach's review" and 1 <= len(review["moments"]) <= 3, review
    moment = review["moments"][0]
    better, played = action_words("meld 9C 9D 9S"), action_words("discard 9C")  # the moves in the page's words
    assert moment["line"].startswith(f"Turn 1: better to {better} than to {played}, about "), moment["line"]
    assert moment["lost"] >= 10 and any("guessed deal" in w for w in moment["why"])
    then = next(g for n, g in enumerate(game.replay()) if n == moment["index"])
    for shown in review["moments"]:
        said = shown["line"] + " ".join(shown["why"])
        seen = seen_by_learner(next(g for n, g in enumerate(game.replay()) if n == shown["index"]))
        assert named_cards(said) <= seen, named_cards(said) - seen

    assert not table.handle({"do": "show_me", "moment": 0})
    assert table.hand["cards"] == [str(c) for c in sorted(then.position.hands[0])]  # the hand as it was then
    assert table.chrome["hand_end"] is None and table.message["lines"][0] == "Hand 1, your turn 1, as you saw it then."
    history = list(game.history)
    assert not table.handle({"do": "discard", "card": 0, "where": "pile"})  # read-only: refused, nothing changes
    assert table.message["kind"] == "refusal" and list(table.source.game.history) == history  # type: ignore[attr-defined]
    back = [c["intent"] for c in table.chrome["controls"]]
    assert back == [{"do": "show_me", "moment": None}]
    table.handle(back[0])
    assert table.chrome["hand_end"] is not None
    assert table.hand["cards"] == [str(c) for c in sorted(game.position.hands[0])]
    assert "review" not in sent, "the review was sent again with a tap"
    assert table.handle({"do": "next_hand"}) and table.review == {}


def test_the_review_is_said_in_the_pages_language() -> None:
    from bolivia_core.i18n import get_language
    from bolivia_widgets.language import change_page_language

    before = get_language()
    try:
        table, sent = played_to_the_hand_end("da")
        review, sends = dict(table.review), sent.count("review")
    finally:
        change_page_language(before)  # the process's language as it was, for the tests after this one
    assert review["title"] == "Trænerens gennemgang" and review["show_me"] == "vis mig"
    line = review["moments"][0]["line"]
    assert "{" not in line and "clubs" not in line and "klør" in line, line
    assert sends == 1  # said again in the new language, once
