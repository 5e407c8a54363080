"""One seat's view of a game (the engine's ``bolivia_core.seat.seat_view``, re-exported here) and what the
card table draws of it, in a language.

``seat_view(game, seat)`` is what that seat may see and do now, as JSON and never another seat's hidden
card; it lives in the engine so that a room (``bolivia_rooms``) sends each seat of a shared table the very
view the solo table draws. ``table_parts(view, language)`` is this one place that reads the view's form:
it turns a view into the parts the table draws (the hand, the seats, the melds, the stock and pile, the
scores, the turn), each with its words from the message catalogue, cards said in words. ``ui_labels`` are
the table's fixed words; ``place_offers`` what a place tapped with no card chosen offers.

Nothing here imports Jupyter: the card table (``table.py``) draws these parts, a test reads them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bolivia_core.actions import Add, Meld, parse_action
from bolivia_core.cards import Card, parse_cards
from bolivia_core.game import Game
from bolivia_core import seat
from bolivia_core.i18n import card_name, card_style, format_number, has_code, render
from bolivia_core.seat import MOVES_AT_MOST, explanation_view, meld_label

__all__ = [
    "MOVES_AT_MOST", "OFFERS_AT_MOST", "action_words", "cards_in_words", "event_words", "explanation_view",
    "explanation_words", "meld_label", "message_words", "open_view", "patch_of", "place_offers", "seat_view",
    "sheet_table", "step_motion", "table_parts", "ui_labels",
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


def ui_labels(language: str | None = None) -> dict[str, str]:
    """The table's fixed words in ``language``: they change with the language only, so the page is sent
    them once (a page that says one otherwise adds its own, ``TableSource.ui_words``)."""

    def t(code: str, **params: Any) -> str:
        return render(code, params, language, cards="words")

    return {
        "language": language or "en",
        "menu": t("table-menu"), "menu_title": t("table-menu-title"), "close": t("table-close"),
        "stage": t("table-stage"), "lay_staged": t("table-lay-staged"), "take_back": t("table-take-back"),
        "skip": t("table-skip"), "chosen": t("table-chosen"), "recent": t("table-recent"),
        "moves": t("play-controls"), "log_title": t("table-log-title"), "why": t("play-why"),
        "saved": t("play-saved"), "saved_placeholder": t("play-saved-placeholder"), "save": t("play-save-json"),
        "resume": t("play-resume"), "score_sheet": t("table-score-sheet"), "blocked": t("table-blocked"),
        "frozen": t("table-frozen"), "checking": t("table-checking"),
    }  # fmt: skip


def table_parts(view: Mapping[str, Any] | None, language: str | None = None,
                notes: Mapping[str, str] | None = None) -> dict[str, Any]:  # fmt: skip
    """What the card table draws of ``view``, in parts that change apart (so a page is sent only the parts a
    move changed): ``hand``, ``seats`` (the others, by player), ``sides`` (by side, melds by number),
    ``centre`` (the stock, the pile and its note), ``scores`` and ``turn`` (whose, its line, its own
    controls). Each holds its data and its words in ``language`` (cards in words). ``notes`` add words to
    a seat's name (a room: "away; the computer plays"). It reads the view alone: this is the one place that
    knows the seat view's form, so a page that holds no game (a room's seat) can draw one. ``None``: no seat."""
    if view is None:
        return {"hand": {}, "seats": {}, "sides": {}, "centre": {}, "scores": {}, "turn": {}}

    def t(code: str, **params: Any) -> str:
        return render(code, params, language, cards="words")

    def names(codes: Sequence[str]) -> list[str]:
        return [card_name(Card.parse(c), language) for c in codes]

    seat = int(view["seat"])
    spectator = "open_hands" in view or view.get("mode") == "public"  # a watch page: nobody at the table is "you"
    seat_names: dict[int, str] = {}
    seats: dict[str, Any] = {}
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
        if notes and str(player) in notes:
            who += f" · {notes[str(player)]}"
        seat_names[player] = who
        if other["me"]:
            continue
        state = t("play-resting") if other["resting"] else t("table-cards-held", count=other["cards"])
        if other["to_move"]:
            state += ", " + t("table-to-move")
        shown: dict[str, Any] = {
            "player": player, "side": other["side"], "partner": other["partner"], "resting": other["resting"],
            "cards": other["cards"], "to_move": other["to_move"], "name": who, "state": state,
        }  # fmt: skip
        if "open_hands" in view:
            codes = view["open_hands"][str(player)]
            shown["open"] = {"cards": codes, "said": t("watch-hand-of", player=player, count=len(codes)) + ": "
                             + ", ".join(names(codes))}  # fmt: skip
        seats[str(player)] = shown
    hand_codes = list(view["hand"])
    me = next(s for s in view["seats"] if s["player"] == seat)
    hand = {
        "seat": seat, "cards": hand_codes, "names": names(hand_codes), "name": seat_names[seat],
        "to_move": me["to_move"],
        "label": t("watch-hand-of", player=seat, count=me["cards"]) if spectator
        else t("table-hand", count=len(hand_codes)),
    }  # fmt: skip
    sides: dict[str, Any] = {}
    scores = []
    for side in view["sides"]:
        members = side["members"]
        mine = side["mine"] and not spectator
        owner = t("play-your-melds") if mine else t("play-their-melds", players=_players(members, language))
        melds = {}
        for meld in side["melds"]:
            label = render(meld["label"]["code"], _params_in_words(meld["label"]["params"], language), language)
            melds[str(meld["number"])] = {
                "number": meld["number"], "cards": meld["cards"], "complete": meld["complete"], "label": label,
                "caption": label.split(": ", 1)[-1], "title": ", ".join(names(meld["cards"])),
            }  # fmt: skip
        reds = len(side["red_threes"])
        sides[str(side["side"])] = {
            "side": side["side"], "mine": side["mine"], "owner": owner, "melds": melds,
            "red_threes": t("table-red-threes", count=reds) if reds else "",
            "meld_area": t("table-meld-area", owner=owner), "empty": t("play-no-melds"),
        }  # fmt: skip
        scores.append({
            "mine": mine, "who": t("play-side-you-short") if mine else _players(members, language),
            "score": format_number(side["score"], language),
            "minimum": t("table-initial-made") if side["melded"] else t("play-minimum", minimum=side["minimum"]),
        })  # fmt: skip
    pile = view["pile"]
    top = card_name(Card.parse(pile["top"]), language) if pile["top"] else ""
    pile_name = t("table-pile-name", top=top, count=pile["size"]) if top else t("table-pile-empty")
    if pile["blocked"]:
        pile_name += ", " + t("table-blocked")
    elif pile["frozen"]:
        pile_name += ", " + t("table-frozen")
    note = ""
    deciding = not view["my_turn"] or view["phase"] == "draw"  # once the seat has drawn, the pile is for later
    if pile["why_not"] and deciding:
        note = explanation_words(pile["why_not"], language, None if spectator else seat)
    elif pile["takes"] and view["my_turn"] and view["phase"] == "draw":
        note = t("table-pile-takeable")
    centre = {
        "stock": {"count": view["stock"], "name": t("table-stock-name", count=view["stock"])},
        "pile": {"top": pile["top"], "size": pile["size"], "blocked": pile["blocked"], "frozen": pile["frozen"],
                 "name": pile_name},
        "note": note,
    }  # fmt: skip
    phase = view["phase"]
    if phase == "game over":
        line = t("play-turn-game-over")
    elif phase == "hand over":
        line = t("table-turn-hand-over", hand=view["hand_number"])
    elif view["my_turn"] and phase == "draw" and not view["stock"]:
        line = t("table-turn-you-stock-out")  # nothing to draw: the pile, or pass
    elif view["my_turn"] and phase == "draw" and not pile["takes"]:
        line = t("table-turn-you-draw-stock")
    elif view["my_turn"]:
        line = t(f"table-turn-you-{phase}")
    else:
        line = t("table-turn-other", player=view["to_move"])
    turn = {
        "phase": phase, "my_turn": view["my_turn"], "to_move": view["to_move"], "my_side": view["my_side"],
        "line": line, "controls": _controls(view, language),
    }  # fmt: skip
    target = format_number(view["target"], language)
    return {
        "hand": hand, "seats": seats, "sides": sides, "centre": centre, "turn": turn,
        "scores": {"sides": scores, "label": t("table-scores", target=target),
                   "hand_number": t("table-hand-number", hand=view["hand_number"], target=target)},
    }  # fmt: skip


CONTROLS = (("ask partner", {"do": "ask"}, False), ("answer yes", {"do": "answer", "yes": True}, True),
            ("answer no", {"do": "answer", "yes": False}, False), ("pass", {"do": "pass"}, True),
            ("next hand", {"do": "next_hand"}, True))  # fmt: skip
"""The moves the table offers by buttons of their own (the rest are played on cards, the pile and the melds)."""


def _controls(view: Mapping[str, Any], language: str | None) -> list[dict[str, Any]]:
    moves = set(view["moves"])
    if not view.get("could_go_out"):  # asking partner is offered only when the seat could go out now
        moves.discard("ask partner")
    controls = [{"text": action_words(move, language), "intent": intent, "primary": primary}
                for move, intent, primary in CONTROLS if move in moves]  # fmt: skip
    hand = view["hand"]
    if view["phase"] == "play" and view["my_turn"] and len(hand) == 1 and f"discard {hand[0]}" in moves:
        go_out = render("table-go-out", {"card": hand[0]}, language, cards="words")  # the card in the case it needs
        controls.insert(0, {"text": go_out, "intent": {"do": "discard", "card": 0, "where": "pile"}, "primary": True})
    return controls


def place_offers(view: Mapping[str, Any], place: str, language: str | None = None) -> dict[str, Any] | None:
    """What tapping a place with no card chosen offers: the pile the takes the engine allows now; the meld area
    the melds, and a meld of the seat's side its additions, those of fewest wild cards and most cards first, so
    a learner sees what they could lay and lays it in two taps (``None``: nothing to offer there)."""
    if place == "pile":
        takes = view["pile"]["takes"] if view["my_turn"] and view["phase"] == "draw" else []
        if not takes:
            return None
        return {"place": place, "title": render("table-takes", {}, language), "more": 0,
                "moves": [{"move": m, "words": action_words(m, language)} for m in takes]}  # fmt: skip
    found: list[tuple[tuple[int, int, int], str]] = []
    for index, move in enumerate(view["moves"]):
        action = parse_action(move)
        if isinstance(action, Meld) and place == "meld-area":
            cards = [c for group in action.melds for c in group]
        elif isinstance(action, Add) and place == f"meld-{action.meld}":
            cards = list(action.cards)
        else:
            continue
        found.append(((sum(1 for c in cards if not c.is_natural), -len(cards), index), move))
    if not found:
        return None
    title = (render("table-offer-melds", {}, language) if place == "meld-area"
             else render("table-offer-adds", {"meld": int(place.split("-")[1])}, language))  # fmt: skip
    best = [move for _key, move in sorted(found)[:OFFERS_AT_MOST]]
    return {"place": place, "title": title, "more": max(0, len(found) - OFFERS_AT_MOST),
            "moves": [{"move": m, "words": action_words(m, language)} for m in best]}  # fmt: skip


def message_words(said: Any, language: str | None = None, seat: int | None = None) -> dict[str, Any] | None:
    """The message area's lines (``table_source.Said``) in words of ``language``; what is about ``seat``'s
    player (the one at this table) said to them ("you")."""
    if said is None or not said.lines:
        return None

    def words(line: Any) -> str:
        return explanation_words(line, language, seat) if isinstance(line, Mapping) else line() if callable(line) \
            else str(line)  # fmt: skip

    message = {"kind": said.kind, "where": said.where, "lines": [words(line) for line in said.lines]}
    why = getattr(said, "why", ())
    if why:
        message["why"] = [words(line) for line in why]
    return message


def patch_of(old: Any, new: Any) -> Any:
    """What changed from ``old`` to ``new``, for a page that holds ``old``: of two dicts with the same keys,
    the changed keys only (each a patch itself); a dict otherwise whole, as ``{"=": new}``; anything else as
    it is. ``table_modules/dom.js`` applies it (``patched``)."""
    if isinstance(old, dict) and isinstance(new, dict) and old.keys() == new.keys():
        return {key: patch_of(old[key], value) for key, value in new.items() if old[key] != value}
    return {"=": new} if isinstance(new, dict) else new


def sheet_table(head: Sequence[str], rows: Sequence[Sequence[str]], css: str = "") -> dict[str, Any]:
    """A table as data for the page (``table_modules/sheet.js`` draws it with text only, never markup)."""
    return {"table": {"head": list(head), "rows": [list(row) for row in rows], "class": css}}


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
