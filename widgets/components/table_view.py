"""One seat's view of a game, as plain data, and its labels in a language.

``seat_view(game, seat)`` is what that seat may see and do now: its own hand, the other seats'
card counts, both sides' melds, the stock's size, the pile's top and size, the scores, whose turn it
is, the moves the engine offers the seat now and the public log. It is JSON (codes, numbers and
card notation), never another seat's hidden card, so a server may compute it for a seat and send it
to a page that holds nothing else. ``table_labels(view, language)`` puts every text of a view into
the page's language through the message catalogue, cards said in words.

Nothing here imports Jupyter: the card table (``table.py``) draws these views, a test reads them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bolivia_core.actions import Add, Answer, Ask, Discard, Draw, Meld, NextHand, Pass, TakePile, TakeTop, parse_action
from bolivia_core.cards import Card, format_cards, parse_cards
from bolivia_core.game import Game
from bolivia_core.melds import MeldKind, complete_length, judge, meld_name
from bolivia_core.i18n import EN, Explanation, card_name, format_number, render
from bolivia_core.rules import Rules
from bolivia_core.turn import pile_frozen

__all__ = [
    "MOVES_AT_MOST", "cards_in_words", "event_words", "explanation_words", "meld_label", "seat_view",
    "step_motion", "table_labels",
]  # fmt: skip

MOVES_AT_MOST = 400  # the offered moves listed in a view; the count says when there were more
OFFERS_AT_MOST = 6  # the melds or additions a place offers when it is tapped with no card chosen
WORD_CODES = ("label:", "rank:", "suit-name:", "kind:", "dash:level-")  # params that are catalogue words
CARD_PARAMS = ("card", "cards", "upcard", "melds", "top")  # params a message fills with card notation


def seat_view(game: Game, seat: int, log_from: int = 0) -> dict[str, Any]:
    """What ``seat`` may see and do now, as JSON-able data (see the module's docstring).

    ``log_from`` leaves out the log's first events (a page that shows only this game's part)."""
    pos = game.position
    if type(seat) is not int or not 1 <= seat <= pos.players:
        raise ValueError(render("table-no-such-seat", {"seat": repr(seat), "players": pos.players}))
    rules = pos.rules
    seated = pos.seating()
    my_side = pos.side_of(seat)
    over = pos.phase in ("hand over", "game over")
    to_move = 0 if over else pos.turn
    seats = []
    for player in range(1, pos.players + 1):
        seats.append({
            "player": player, "side": pos.side_of(player), "me": player == seat,
            "partner": player != seat and pos.side_of(player) == my_side,
            "resting": player not in seated, "cards": len(pos.hands[player - 1]), "to_move": player == to_move,
        })  # fmt: skip
    sides = []
    for side in range(pos.side_count):
        melds = [_meld_view(number, meld, rules) for number, meld in enumerate(pos.melds[side], start=1)]
        sides.append({
            "side": side, "members": list(pos.members(side)), "mine": side == my_side,
            "score": pos.scores[side], "minimum": rules.initial_meld_minimum(pos.scores[side]),
            "melded": bool(pos.melds[side]), "red_threes": [str(c) for c in pos.red_threes[side]], "melds": melds,
        })  # fmt: skip
    my_turn = pos.turn == seat and pos.phase in ("draw", "play", "answer")
    moves: list[str] = []
    more = 0
    if my_turn or over:
        offered = game.legal_actions()
        moves = [str(a) for a in offered[:MOVES_AT_MOST]]
        more = max(0, len(offered) - MOVES_AT_MOST)
    return {
        "format": "bolivia seat view", "version": 1,
        "seat": seat, "players": pos.players, "rules": rules.name, "title_code": f"rules-title:{rules.name}",
        "hand_number": pos.hand_number, "phase": pos.phase, "to_move": to_move, "my_turn": my_turn,
        "asker": pos.asker if pos.phase == "answer" else 0, "target": pos.target,
        "hand": [str(c) for c in sorted(pos.hands[seat - 1])],
        "seats": seats, "sides": sides, "my_side": my_side,
        "stock": len(pos.stock),
        "pile": _pile_view(game, seat),
        "moves": moves, "more_moves": more,
        "results": [{"hand": r.hand_number, "went_out": r.went_out, "totals": [s.total for s in r.scores]}
                    for r in game.results],
        "winner": game.winner() if game.is_over else None,
        "log": [_event_view(e) for e in game.log[log_from:]],
    }  # fmt: skip


def _meld_view(number: int, meld: Sequence[Card], rules: Rules) -> dict[str, Any]:
    code, params = meld_label(number, meld, rules)
    verdict = judge(tuple(meld), rules, True)
    shown = sorted(meld, key=lambda c: (not c.is_natural, c.rank, c.suit))  # a run reads in order, wild cards last
    return {
        "number": number, "cards": [str(c) for c in shown], "kind": verdict.kind.value if verdict.kind else "",
        "complete": bool(verdict.complete), "count": len(meld), "label": {"code": code, "params": params},
    }  # fmt: skip


def meld_label(number: int, meld: Sequence[Card], rules: Rules) -> tuple[str, dict[str, Any]]:
    """A meld's label as a message code and params, its kind and progress from the engine's judge:
    "meld 2: kings, 5 of 7" (numbered as the actions and the log number it)."""
    verdict = judge(tuple(meld), rules, True)
    count = len(meld)
    if verdict.complete and verdict.label:
        return "play-meld-complete", {"index": number, "label": str(meld_name(verdict.label, rules)), "count": count}
    full = complete_length(verdict.kind, rules)
    naturals = [c for c in meld if c.is_natural]
    if verdict.kind is MeldKind.SAME_RANK and naturals:
        return "play-meld-rank", {"index": number, "rank": f"rank:{naturals[0].rank_text}", "count": count,
                                  "full": full}  # fmt: skip
    if verdict.kind is MeldKind.SEQUENCE and naturals:
        name = str(meld_name("natural-sequence", rules))
        return "play-meld-sequence", {"index": number, "name": name, "suit": f"suit-name:{naturals[0].suit}",
                                      "count": count, "full": full}  # fmt: skip
    if verdict.kind is MeldKind.WILD:
        return "play-meld-wild", {"index": number, "count": count, "full": full}
    return "play-meld-other", {"index": number, "cards": format_cards(meld)}


def _pile_view(game: Game, seat: int) -> dict[str, Any]:
    """The pile as ``seat`` sees it: its top, its size, and whether (and how) the seat could take it
    on its turn, as the engine says for a copy of the position with the seat to draw."""
    pos = game.position
    view: dict[str, Any] = {"top": str(pos.pile[-1]) if pos.pile else None, "size": len(pos.pile),
                            "blocked": False, "frozen": False, "takes": [], "why_not": None}  # fmt: skip
    if not pos.pile or pos.phase not in ("draw", "play", "answer"):
        return view
    probe = _as_if_to_draw(game, seat)
    offered = [str(a) for a in probe.legal_actions() if isinstance(a, TakePile | TakeTop)]
    view["takes"] = offered[:12]
    reasons = probe.explain(TakePile())
    view["blocked"] = any(r.code == "pile-blocked" for r in reasons)
    view["frozen"] = pile_frozen(probe.position)
    if not offered and reasons:
        view["why_not"] = explanation_view(reasons[0])
    return view


def _as_if_to_draw(game: Game, seat: int) -> Game:
    """The game as it would stand were ``seat`` to draw now: what the engine would offer it for the pile.
    Only the seat's own hand is asked about, so nothing hidden comes out of it."""
    if game.to_move == seat and game.phase == "draw":
        return game
    mine = game.position.copy()
    mine.turn, mine.phase = seat, "draw"
    mine.unopened = not mine.melds[mine.side_of(seat)]
    mine.asked, mine.asker, mine.pending = "", 0, ()
    return Game(mine, start="-")


def explanation_view(explanation: Explanation) -> dict[str, Any]:
    """An event or a reason as JSON: its code and params, nested reasons and actions as their data."""
    params: dict[str, Any] = {}
    for key, value in explanation.params.items():
        if isinstance(value, tuple | list) and value and all(isinstance(v, Explanation) for v in value):
            params[key] = {"reasons": [explanation_view(v) for v in value]}
        elif callable(getattr(value, "said", None)):
            params[key] = {"action": str(value)}
        elif isinstance(value, tuple | list):
            params[key] = list(value)
        else:
            params[key] = value if isinstance(value, int | float | str | bool) or value is None else str(value)
    return {"code": explanation.code, "params": params}


def _event_view(event: Explanation) -> dict[str, Any]:
    return explanation_view(event)


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


def _params_in_words(params: Mapping[str, Any], language: str | None) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for key, value in params.items():
        if isinstance(value, dict) and "reasons" in value:
            values[key] = "; ".join(explanation_words(r, language) for r in value["reasons"])
        elif isinstance(value, dict) and "action" in value:
            try:
                values[key] = action_words(value["action"], language)
            except ValueError:
                values[key] = value["action"]
        elif isinstance(value, str) and value.startswith(WORD_CODES) and value in EN:
            values[key] = render(value, language=language)
        elif key in CARD_PARAMS and isinstance(value, str) and value:
            values[key] = cards_in_words(value, language)
        elif isinstance(value, list):
            values[key] = tuple(value)
        else:
            values[key] = value
    return values


def explanation_words(data: Mapping[str, Any], language: str | None = None) -> str:
    """An event or reason (as ``explanation_view`` writes it) in words of ``language``, cards in words."""
    return render(str(data["code"]), _params_in_words(data.get("params", {}), language), language)


def event_words(data: Mapping[str, Any], language: str | None = None) -> str:
    return explanation_words(data, language)


def action_words(notation: str, language: str | None = None) -> str:
    """A move offered in notation, said as a verb phrase with its cards in words: "meld 9C 9D 9S" ->
    "meld 9 of clubs, 9 of diamonds and 9 of spades"."""
    action = parse_action(notation)
    text = action.said(language)
    groups = [tuple(g) for g in getattr(action, "melds", ())]
    if getattr(action, "cards", ()):
        groups.append(tuple(action.cards))
    if isinstance(action, Discard):
        groups.append((action.card,))
    for group in sorted(groups, key=len, reverse=True):
        text = text.replace(format_cards(group), cards_in_words(format_cards(group), language), 1)
    return text


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
        return render(code, params, language)

    seat = int(view["seat"])
    hand = [card_name(Card.parse(c), language) for c in view["hand"]]
    seats = {}
    for other in view["seats"]:
        player = other["player"]
        if other["me"]:
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
        owner = t("play-your-melds") if side["mine"] else t("play-their-melds", players=_players(members, language))
        melds = []
        for meld in side["melds"]:
            label = render(meld["label"]["code"], _params_in_words(meld["label"]["params"], language), language)
            melds.append({"label": label, "names": [card_name(Card.parse(c), language) for c in meld["cards"]]})
        if side["melded"]:
            minimum = t("table-initial-made")
        else:
            minimum = t("play-minimum", minimum=side["minimum"])
        who = t("play-side-you-short") if side["mine"] else _players(members, language)
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
        pile_note = explanation_words(pile["why_not"], language)
    elif pile["takes"] and view["my_turn"] and view["phase"] == "draw":
        pile_note = t("table-pile-takeable")
    takes = [{"move": m, "words": action_words(m, language)} for m in pile["takes"]]
    phase = view["phase"]
    if phase == "game over":
        turn = t("play-turn-game-over")
    elif phase == "hand over":
        turn = t("table-turn-hand-over", hand=view["hand_number"])
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
        "go_out": t("table-go-out", card=card_name(Card.parse(last[0]), language)) if len(last) == 1 else "",
        "moves": t("play-controls"), "log_title": t("table-log-title"), "why": t("play-why"),
        "saved": t("play-saved"), "saved_placeholder": t("play-saved-placeholder"), "save": t("play-save-json"),
        "resume": t("play-resume"), "score_sheet": t("table-score-sheet"), "blocked": t("table-blocked"),
        "frozen": t("table-frozen"),
    }  # fmt: skip
    return {
        "language": language or "en",
        "hand": hand, "hand_label": t("table-hand", count=len(hand)),
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
