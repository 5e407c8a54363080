"""One seat's view of a game (the engine's ``bolivia_core.seat.seat_view``, re-exported here) and its
labels in a language.

``seat_view(game, seat)`` is what that seat may see and do now, as JSON and never another seat's
hidden card; it lives in the engine so that a room (``bolivia_rooms``) sends each seat of a shared
table the very view the solo table draws. ``table_labels(view, language)`` puts every text of a view
into the page's language through the message catalogue, cards said in words.

Nothing here imports Jupyter: the card table (``table.py``) draws these views, a test reads them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bolivia_core.actions import Add, Answer, Ask, Discard, Draw, Meld, NextHand, Pass, parse_action
from bolivia_core.cards import Card, parse_cards
from bolivia_core.game import Game
from bolivia_core import seat
from bolivia_core.i18n import card_name, card_style, format_number, has_code, render
from bolivia_core.seat import MOVES_AT_MOST, explanation_view, meld_label

__all__ = [
    "MOVES_AT_MOST", "cards_in_words", "event_words", "explanation_view", "explanation_words", "meld_label",
    "open_view",
    "seat_view", "step_motion", "table_labels",
]  # fmt: skip

OFFERS_AT_MOST = 6  # the melds or additions a place offers when it is tapped with no card chosen
WORD_CODES = ("label:", "rank:", "suit-name:", "kind:", "dash:level-")  # params that are catalogue words
CARD_PARAMS = ("card", "cards", "upcard", "melds", "top", "partners")  # params a message fills with card notation


def seat_view(game: Game, seat_number: int, log_from: int = 0) -> dict[str, Any]:
    """The engine's seat view in its JSON form, with the game's log from ``log_from`` (the table shows
    the whole game's part it was asked for, not only this hand's)."""
    view = seat.seat_view(game, seat_number).to_json(log=False)
    view["log"] = [explanation_view(e) for e in game.log[log_from:]]
    return view


def open_view(game: Game, seat_number: int = 1, log_from: int = 0) -> dict[str, Any]:
    """Every hand face up, for a spectator of a game between computers (the watch-a-game page, and
    only there): the engine's open view, drawn from ``seat_number``, offering no move."""
    view = seat.open_view(game, seat_number).to_json(log=False)
    view["log"] = [explanation_view(e) for e in game.log[log_from:]]
    return view


# --- labels ---------------------------------------------------------------------------


def cards_in_words(notation: str, language: str | None = None) -> str:
    """Card notation said in words: "AC JK" -> "ace of clubs and joker"; melds "A | B" each in words,
    joined by semicolons. Text that is not card notation is returned as it is."""
    groups = [g.strip() for g in str(notation).split("|")]
    said = []
    for group in groups:
        try:
            cards = parse_cards(group)
        except ValueError:
            return str(notation)
        names = [card_name(c, language) for c in cards]
        if len(names) > 1:
            said.append(render("list-and", {"items": ", ".join(names[:-1]), "last": names[-1]}, language))
        else:
            said.append("".join(names))
    return "; ".join(said)


def _params_in_words(params: Mapping[str, Any], language: str | None, seat: int | None = None) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for key, value in params.items():
        if isinstance(value, dict) and "reasons" in value:
            values[key] = "; ".join(explanation_words(r, language, seat) for r in value["reasons"])
        elif isinstance(value, dict) and "action" in value:
            try:
                values[key] = action_words(value["action"], language)  # its cards in words too
            except ValueError:
                values[key] = value["action"]
        elif isinstance(value, str) and value.startswith(WORD_CODES) and has_code(value):
            values[key] = render(value, language=language)
        elif key in CARD_PARAMS and isinstance(value, str) and value:
            values[key] = value  # notation: render says it in words, in the case the sentence asks for
        elif isinstance(value, list):
            values[key] = tuple(value)
        else:
            values[key] = value
    return values


def explanation_words(data: Mapping[str, Any], language: str | None = None, seat: int | None = None) -> str:
    """An event or reason (as ``explanation_view`` writes it) in words of ``language``, cards in words; one
    about ``seat``'s own player (the learner at the table) is said to them: "you must first draw", where the
    catalogue has that form (the code with ``:you``)."""
    code, params = str(data["code"]), data.get("params", {})
    if seat is not None and params.get("player") == seat and has_code(f"{code}:you"):
        code = f"{code}:you"
    return render(code, _params_in_words(params, language, seat), language, cards="words")


def event_words(data: Mapping[str, Any], language: str | None = None) -> str:
    return explanation_words(data, language)


def action_words(notation: str, language: str | None = None) -> str:
    """A move offered in notation, said as a verb phrase with its cards in words: "meld 9C 9D 9S" ->
    "meld 9 of clubs, 9 of diamonds and 9 of spades"."""
    with card_style("words"):
        return str(parse_action(notation).said(language))


def _cards_of(action: Any) -> list[Card]:
    cards = list(getattr(action, "cards", ()))
    for meld in getattr(action, "melds", ()):
        cards.extend(meld)
    if isinstance(action, Discard):
        cards.append(action.card)
    return cards


def table_labels(view: Mapping[str, Any], language: str | None = None) -> dict[str, Any]:
    """Every text the card table shows for ``view``, in ``language``: names of cards, seats, melds,
    the stock and the pile (each accessible name starts as the browser tests rely on), the turn line,
    the scores and the log in words. It reads the view alone, so a page that holds no game can label one."""

    def t(code: str, **params: Any) -> str:
        return render(code, params, language, cards="words")

    seat = int(view["seat"])
    hand = [card_name(Card.parse(c), language) for c in view["hand"]]
    spectator = "open_hands" in view  # every hand open: nobody at the table is "you"
    seats = {}
    for other in view["seats"]:
        player = other["player"]
        if spectator:
            who = t("play-player", player=player)
        elif other["me"]:
            who = t("table-you", player=player)
        elif other["partner"]:
            who = t("table-partner", player=player)
        else:
            who = t("table-opponent", player=player)
        state = t("play-resting") if other["resting"] else t("table-cards-held", count=other["cards"])
        if other["to_move"]:
            state += ", " + t("table-to-move")
        seats[str(player)] = {"name": who, "state": state}
    sides = []
    for side in view["sides"]:
        members = side["members"]
        mine = side["mine"] and not spectator
        owner = t("play-your-melds") if mine else t("play-their-melds", players=_players(members, language))
        melds = []
        for meld in side["melds"]:
            label = render(meld["label"]["code"], _params_in_words(meld["label"]["params"], language), language)
            melds.append({"label": label, "names": [card_name(Card.parse(c), language) for c in meld["cards"]]})
        if side["melded"]:
            minimum = t("table-initial-made")
        else:
            minimum = t("play-minimum", minimum=side["minimum"])
        who = t("play-side-you-short") if mine else _players(members, language)
        reds = [card_name(Card.parse(c), language) for c in side["red_threes"]]
        sides.append({
            "owner": owner, "melds": melds, "who": who, "score": format_number(side["score"], language),
            "minimum": minimum, "red_threes": t("table-red-threes", count=len(reds)) if reds else "",
            "meld_area": t("table-meld-area", owner=owner),
            "empty": t("play-no-melds"),
        })  # fmt: skip
    pile = view["pile"]
    top = card_name(Card.parse(pile["top"]), language) if pile["top"] else ""
    pile_name = t("table-pile-name", top=top, count=pile["size"]) if top else t("table-pile-empty")
    if pile["blocked"]:
        pile_name += ", " + t("table-blocked")
    elif pile["frozen"]:
        pile_name += ", " + t("table-frozen")
    pile_note = ""
    deciding = not view["my_turn"] or view["phase"] == "draw"  # once the learner has drawn, the pile is for later
    if pile["why_not"] and deciding:
        pile_note = explanation_words(pile["why_not"], language, None if spectator else seat)
    elif pile["takes"] and view["my_turn"] and view["phase"] == "draw":
        pile_note = t("table-pile-takeable")
    takes = [{"move": m, "words": action_words(m, language)} for m in pile["takes"]]
    phase = view["phase"]
    if phase == "game over":
        turn = t("play-turn-game-over")
    elif phase == "hand over":
        turn = t("table-turn-hand-over", hand=view["hand_number"])
    elif view["my_turn"] and phase == "draw" and not view["stock"]:
        turn = t("table-turn-you-stock-out")  # nothing to draw: the pile, or pass
    elif view["my_turn"] and phase == "draw" and not pile["takes"]:
        turn = t("table-turn-you-draw-stock")
    elif view["my_turn"]:
        turn = t(f"table-turn-you-{phase}")
    else:
        turn = t("table-turn-other", player=view["to_move"])
    moves = {m: action_words(m, language) for m in view["moves"]}
    offers = _place_offers(view["moves"], moves, language)
    last = [c for c in view["hand"]]
    ui = {
        "menu": t("table-menu"), "menu_title": t("table-menu-title"), "close": t("table-close"),
        "takes": t("table-takes"), "stage": t("table-stage"), "lay_staged": t("table-lay-staged"),
        "take_back": t("table-take-back"), "skip": t("table-skip"), "chosen": t("table-chosen"),
        "recent": t("table-recent"),
        "go_out": t("table-go-out", card=last[0]) if len(last) == 1 else "",  # the card in the case the words need
        "moves": t("play-controls"), "log_title": t("table-log-title"), "why": t("play-why"),
        "saved": t("play-saved"), "saved_placeholder": t("play-saved-placeholder"), "save": t("play-save-json"),
        "resume": t("play-resume"), "score_sheet": t("table-score-sheet"), "blocked": t("table-blocked"),
        "frozen": t("table-frozen"),
    }  # fmt: skip
    hand_label = t("table-hand", count=len(hand))
    open_hands = {}
    if spectator:
        hand_label = t("watch-hand-of", player=seat, count=len(hand))
        for player, codes in view["open_hands"].items():
            names = [card_name(Card.parse(c), language) for c in codes]
            open_hands[player] = {"names": names,
                                  "said": t("watch-hand-of", player=int(player), count=len(names))}  # fmt: skip
    return {
        "language": language or "en", "open_hands": open_hands,
        "hand": hand, "hand_label": hand_label,
        "seats": seats, "sides": sides,
        "stock": t("table-stock-name", count=view["stock"]),
        "pile": pile_name, "pile_note": pile_note, "takes": takes,
        "turn": turn, "hand_number": t("table-hand-number", hand=view["hand_number"],
                                       target=format_number(view["target"], language)),
        "scores": t("table-scores", target=format_number(view["target"], language)),
        "moves": moves, "offers": offers,
        "log": [event_words(e, language) for e in view["log"]],
        "seat": seat, "ui": ui,
    }  # fmt: skip


def _place_offers(moves: Sequence[str], words: Mapping[str, str], language: str | None) -> dict[str, Any]:
    """What tapping the meld area, or one of the side's melds, with no card chosen offers: the melds and
    the additions the engine allows there now, those of fewest wild cards and most cards first, so a
    learner sees what they could lay and lays it in two taps."""
    places: dict[str, list[tuple[tuple[int, int, int], str]]] = {}
    for index, move in enumerate(moves):
        action = parse_action(move)
        if isinstance(action, Meld):
            place, cards = "meld-area", [c for group in action.melds for c in group]
        elif isinstance(action, Add):
            place, cards = f"meld-{action.meld}", list(action.cards)
        else:
            continue
        wild = sum(1 for c in cards if not c.is_natural)
        places.setdefault(place, []).append(((wild, -len(cards), index), move))
    offers = {}
    for place, found in places.items():
        title = (render("table-offer-melds", {}, language) if place == "meld-area"
                 else render("table-offer-adds", {"meld": int(place.split("-")[1])}, language))  # fmt: skip
        best = [move for _key, move in sorted(found)[:OFFERS_AT_MOST]]
        offers[place] = {"title": title, "moves": [{"move": m, "words": words[m]} for m in best],
                         "more": max(0, len(found) - OFFERS_AT_MOST)}  # fmt: skip
    return offers


def _players(members: Sequence[int], language: str | None) -> str:
    if len(members) == 1:
        return render("play-player", {"player": members[0]}, language)
    return render("play-players-list", {"first": ", ".join(map(str, members[:-1])), "last": members[-1]}, language)


def step_motion(event: Mapping[str, Any]) -> dict[str, Any] | None:
    """The short movement that shows an event of the log: where a card goes from and to (``seat-N``,
    ``stock``, ``pile``, ``melds-N`` for a player's side), and the card when everybody sees it."""
    code, params = event["code"], event.get("params", {})
    player = params.get("player", 0)
    seat = f"seat-{player}"
    if code == "event-draw":
        return {"from": "stock", "to": seat, "card": None, "count": params.get("count", 1)}
    if code == "event-discard":
        return {"from": seat, "to": "pile", "card": params.get("card"), "count": 1}
    if code in ("event-meld", "event-add"):
        cards = str(params.get("melds") or params.get("cards") or "").replace("|", " ").split()
        return {"from": seat, "to": f"melds-of-{player}", "card": cards[0] if cards else None, "count": len(cards)}
    if code in ("event-take-pile", "event-take-top"):
        return {"from": "pile", "to": seat, "card": params.get("card"), "count": 1}
    return None


# actions the table offers by their own controls (the rest are played on cards, the pile and the melds)
CONTROL_ACTIONS = {"ask partner": Ask(), "answer yes": Answer(True), "answer no": Answer(False),
                   "pass": Pass(), "next hand": NextHand(), "draw": Draw()}  # fmt: skip
