"""The scenario notation: a whole position as one line of text, like chess's FEN.

    rules=bolivia; players=4; seed=1; target=15000; hand=1; dealer=4; turn=1; phase=draw;
    scores=0,0; p1=KH KS 4H ...; p2=...; melds1=4H 5H 6H | KC KD KS; melds2=; red1=3H; red2=;
    pile=7C 9D KH; stock=...

Fields are ``key=value`` separated by ``;`` or new lines; cards use the card
notation, melds are separated by ``|``, the pile and the stock list their
bottom card first and their top card last. ``format_position`` writes every
field; ``parse_position`` accepts a lesson's shorthand: a hand left out is
dealt from the cards nobody holds, and a stock left out is those cards
shuffled with the seed (or, with ``rest=pile``, put under the pile). Anything
wrong is refused whole with a message that names the field.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from .cards import Card, CardError, deck_counts, format_cards, parse_cards, remove_cards
from .position import PHASES, Position
from .melds import check_side_melds
from .rules import Rules, RulesError, get_rules

__all__ = ["SCENARIOS", "Scenario", "ScenarioError", "format_position", "load_scenario", "parse_position"]


class ScenarioError(ValueError):
    """A scenario string that does not describe a possible position."""


FLAGS = ("unopened", "asked", "asker", "pending", "passes")


def format_position(pos: Position) -> str:
    """The canonical scenario string of a position: every field, in a fixed order."""
    fields = [
        ("rules", pos.rules.name),
        ("players", str(pos.players)),
        ("seed", str(pos.seed)),
        ("target", str(pos.target)),
        ("hand", str(pos.hand_number)),
        ("dealer", str(pos.dealer)),
        ("turn", str(pos.turn)),
        ("phase", pos.phase),
        ("scores", ",".join(map(str, pos.scores))),
    ]
    fields += [(f"p{p}", format_cards(sorted(h))) for p, h in enumerate(pos.hands, start=1)]
    fields += [(f"melds{s}", " | ".join(format_cards(m) for m in melds)) for s, melds in enumerate(pos.melds, start=1)]
    fields += [(f"red{s}", format_cards(r)) for s, r in enumerate(pos.red_threes, start=1)]
    fields += [("pile", format_cards(pos.pile)), ("stock", format_cards(pos.stock))]
    fields += [
        ("unopened", "yes" if pos.unopened else "no"),
        ("asked", pos.asked or "-"),
        ("asker", str(pos.asker)),
        ("pending", ",".join(map(str, pos.pending)) or "-"),
        ("passes", str(pos.passes)),
    ]
    return "; ".join(f"{key}={value}" for key, value in fields)


def parse_position(text: str, *, rules: Rules | None = None) -> Position:
    """Read a scenario string; ``rules`` replaces the named preset (for a club's own rules)."""
    fields = _fields(text)
    name = fields.pop("rules", rules.name if rules else "bolivia")
    if rules is None:
        try:
            rules = get_rules(name)
        except RulesError as error:
            raise ScenarioError(f"field rules: {error}") from None
    elif name != rules.name:
        raise ScenarioError(f"field rules: this scenario is for {name!r}, not {rules.name!r}")
    players = _int(fields, "players", rules.default_players)
    if players not in rules.sides:
        allowed = ", ".join(map(str, rules.player_counts))
        raise ScenarioError(f"field players: {rules.title} rules are for {allowed} players, not {players}")
    sides = len(rules.sides[players])
    seed = _int(fields, "seed", 1)
    phase = fields.pop("phase", "draw")
    if phase not in PHASES:
        raise ScenarioError(f"field phase: {phase!r} is not one of {', '.join(PHASES)}")
    pos = Position(
        rules=rules, players=players, seed=seed,
        target=_int(fields, "target", rules.target_score[players]),
        hand_number=_int(fields, "hand", 1), dealer=_int(fields, "dealer", players), turn=0,
        phase=phase, scores=_ints(fields, "scores", sides),
        hands=[[] for _ in range(players)], melds=[[] for _ in range(sides)],
        red_threes=[[] for _ in range(sides)], pile=[], stock=[],
    )  # fmt: skip
    if not 1 <= pos.hand_number <= rules.hand_cap:
        raise ScenarioError(f"field hand: the hand's number, 1 to {rules.hand_cap}, not {pos.hand_number}")
    if pos.target <= 0:
        raise ScenarioError(f"field target: a positive score, not {pos.target}")
    if not 1 <= pos.dealer <= players:
        raise ScenarioError(f"field dealer: {pos.dealer} is not a player (1 to {players})")
    seats = pos.seating()
    after_dealer = seats[(seats.index(pos.dealer) + 1) % len(seats)] if pos.dealer in seats else seats[0]
    pos.turn = _int(fields, "turn", after_dealer)
    if pos.turn not in seats:
        raise ScenarioError(f"field turn: player {pos.turn} does not play this hand (players {_list(seats)})")
    missing_hands = []
    for player in range(1, players + 1):
        if f"p{player}" in fields:
            pos.hands[player - 1] = sorted(_cards(fields, f"p{player}"))
            if any(c.is_red_three for c in pos.hands[player - 1]):
                raise ScenarioError(f"field p{player}: red 3s are laid out at once; put them in the side's red field")
            if pos.hands[player - 1] and player not in seats:
                raise ScenarioError(f"field p{player}: player {player} rests this hand and holds no cards")
        elif player in seats:
            missing_hands.append(player)
    for side in range(1, sides + 1):
        text_melds = fields.pop(f"melds{side}", "")
        pos.melds[side - 1] = [list(_parse(part, f"melds{side}")) for part in text_melds.split("|") if part.strip()]
        pos.red_threes[side - 1] = list(_cards(fields, f"red{side}"))
        if any(not c.is_red_three for c in pos.red_threes[side - 1]):
            raise ScenarioError(f"field red{side}: holds only red 3s (3H, 3D)")
        table = check_side_melds(pos.melds[side - 1], rules, going_out=True)
        if not table.legal:
            raise ScenarioError(f"field melds{side}: {table.reasons[0]}")
    pos.pile = list(_cards(fields, "pile"))
    stock_given = "stock" in fields
    pos.stock = list(_cards(fields, "stock"))
    rest_to = fields.pop("rest", "stock")
    if rest_to not in ("stock", "pile"):
        raise ScenarioError(f"field rest: stock or pile (where the cards written nowhere go), not {rest_to!r}")
    _read_flags(fields, pos)
    if fields:
        raise ScenarioError(f"unknown field {next(iter(fields))!r}; expected: {', '.join(_expected(players, sides))}")
    _complete_cards(pos, missing_hands, stock_given and rest_to == "stock", rest_to)
    if pos.phase == "play" and not pos.hands[pos.turn - 1]:
        raise ScenarioError(f"field p{pos.turn}: player {pos.turn} is to play with no cards in hand, which no "
                            "turn can reach (a player who melds the last card has gone out)")  # fmt: skip
    return pos


def _read_flags(fields: dict[str, str], pos: Position) -> None:
    side = pos.side_of(pos.turn)
    unopened = fields.pop("unopened", "yes" if not pos.melds[side] else "no")
    if unopened not in ("yes", "no"):
        raise ScenarioError(f"field unopened: yes or no, not {unopened!r}")
    pos.unopened = unopened == "yes"
    asked = fields.pop("asked", "-")
    if asked not in ("-", "yes", "no"):
        raise ScenarioError(f"field asked: yes, no or -, not {asked!r}")
    pos.asked = "" if asked == "-" else asked
    pos.asker = _int(fields, "asker", 0)
    pending = fields.pop("pending", "-")
    try:
        pos.pending = () if pending == "-" else tuple(int(p) for p in pending.split(","))
    except ValueError:
        raise ScenarioError(f"field pending: players separated by commas, not {pending!r}") from None
    pos.passes = _int(fields, "passes", 0)
    if pos.phase == "draw" and pos.unopened == bool(pos.melds[side]):
        # a turn begins unopened exactly when the side has no melds (melds laid later in the turn keep it so)
        raise ScenarioError(f"field unopened: player {pos.turn}'s turn begins now, and side {side + 1} "
                            f"{'has melds' if pos.melds[side] else 'has no melds'} on the table: write "
                            f"unopened={'no' if pos.melds[side] else 'yes'} (or leave it out)")  # fmt: skip
    if not 0 <= pos.passes < len(pos.seating()):
        raise ScenarioError(f"field passes: players in a row who passed, 0 to {len(pos.seating()) - 1}, "
                            f"not {pos.passes}")  # fmt: skip
    if pos.phase == "answer":
        if pos.asker not in pos.seating():
            raise ScenarioError("field asker: in the answer phase, the player who asked")
        partners = pos.partners(pos.asker)
        if pos.turn not in partners:
            raise ScenarioError(f"field turn: in the answer phase, a partner of player {pos.asker} answers "
                                f"({_list(partners) or 'and they have none'}), not player {pos.turn}")  # fmt: skip
        if any(p not in partners or p == pos.turn for p in pos.pending):
            raise ScenarioError(f"field pending: partners of player {pos.asker} still to answer, other than "
                                f"player {pos.turn}; not {_list(pos.pending)}")  # fmt: skip
    elif pos.pending:
        raise ScenarioError(f"field pending: only while partners answer (phase=answer), not in phase {pos.phase}")


def _complete_cards(pos: Position, missing_hands: list[int], stock_given: bool, rest_to: str) -> None:
    """Check every card against the deck; deal left-out hands, then put the rest in the stock
    (shuffled) or, with ``rest=pile``, under the pile."""
    rules = pos.rules
    deck = deck_counts(rules.decks, rules.jokers)
    placed = Counter(c for zone in pos.zones().values() for c in zone)
    for card, count in sorted(placed.items()):
        if count > deck[card]:
            raise ScenarioError(f"{card} appears {count} times; the {rules.title} deck has {deck[card]}")
    rest = sorted((deck - placed).elements())
    random.Random(f"{pos.seed}:scenario").shuffle(rest)
    for player in missing_hands:  # dealt without red 3s, as if laid out and replaced at once
        size = rules.hand_size[pos.players]
        dealable = [c for c in rest if not c.is_red_three][:size]
        pos.hands[player - 1] = sorted(dealable)
        rest = remove_cards(rest, dealable) or []
    if rest_to == "pile":
        pos.pile[:0] = rest
    elif stock_given:
        if rest:
            raise ScenarioError(
                f"field stock: {len(rest)} cards of the deck are nowhere (first: {format_cards(rest[:5])}); "
                "leave the stock out to have the rest shuffled into it"
            )
    else:
        pos.stock = rest


def _fields(text: str) -> dict[str, str]:
    if not isinstance(text, str):
        raise ScenarioError(f"a scenario is text, not {type(text).__name__}")
    fields: dict[str, str] = {}
    for part in text.replace("\n", ";").split(";"):
        if not part.strip():
            continue
        key, equals, value = part.partition("=")
        key = key.strip().lower()
        if not equals or not key:
            raise ScenarioError(f"{part.strip()!r} is not a field: write key=value, e.g. p1=KH KS 2C")
        if key in fields:
            raise ScenarioError(f"field {key} is given twice")
        fields[key] = value.strip()
    return fields


def _int(fields: dict[str, str], key: str, default: int) -> int:
    if key not in fields:
        return default
    value = fields.pop(key)
    try:
        return int(value)
    except ValueError:
        raise ScenarioError(f"field {key}: a whole number, not {value!r}") from None


def _ints(fields: dict[str, str], key: str, count: int) -> list[int]:
    value = fields.pop(key, ",".join("0" * count))
    try:
        numbers = [int(v) for v in value.split(",")]
    except ValueError:
        raise ScenarioError(f"field {key}: {count} whole numbers separated by commas, not {value!r}") from None
    if len(numbers) != count:
        raise ScenarioError(f"field {key}: {count} numbers (one a side), not {len(numbers)}")
    return numbers


def _cards(fields: dict[str, str], key: str) -> tuple[Card, ...]:
    return _parse(fields.pop(key, ""), key)


def _parse(text: str, key: str) -> tuple[Card, ...]:
    try:
        return parse_cards(text)
    except CardError as error:
        raise ScenarioError(f"field {key}: {error}") from None


def _list(numbers: tuple[int, ...]) -> str:
    return ", ".join(map(str, numbers))


def _expected(players: int, sides: int) -> list[str]:
    return [
        "rules", "players", "seed", "target", "hand", "dealer", "turn", "phase", "scores",
        *(f"p{p}" for p in range(1, players + 1)), *(f"melds{s}" for s in range(1, sides + 1)),
        *(f"red{s}" for s in range(1, sides + 1)), "pile", "stock", "rest", *FLAGS,
    ]  # fmt: skip


# --- named scenarios for lessons --------------------------------------------------------


@dataclass(frozen=True)
class Scenario:
    """A named position for a lesson, with what it teaches."""

    name: str
    title: str
    lesson: str
    text: str


SCENARIOS: Mapping[str, Scenario] = {
    s.name: s
    for s in (
        Scenario(
            "take-the-pile", "You may take the pile",
            "The top discard is a king and you hold a natural pair of kings: the pair and the top card "
            "start a new meld, and the rest of the pile goes to your hand.",
            "rules=bolivia; turn=1; melds1=4S 5S 6S; p1=KH KS 5D 7C 8C 9D JH QS AC 2C 6H 6D 10C; "
            "pile=9H 4D 7S KD",
        ),
        Scenario(
            "wild-on-top", "You may not take the pile: a wild card is on top",
            "Under Bolivia rules nobody may take the pile while a wild card or a 3 is on top, "
            "even with a natural pair in hand.",
            "rules=bolivia; turn=1; melds1=4S 5S 6S; p1=KH KS 5D 7C 8C 9D JH QS AC 6H 6D 10C 2D; "
            "pile=9H 4D KD 2C",
        ),
        Scenario(
            "black-three-on-top", "You may not take the pile: a black 3 is on top",
            "A discarded black 3 stops the next player from taking the pile.",
            "rules=bolivia; turn=1; melds1=4S 5S 6S; p1=KH KS 5D 7C 8C 9D JH QS AC 6H 6D 10C 2D; "
            "pile=9H 4D KD 3S",
        ),
        Scenario(
            "take-top-onto-escalera", "Take only the top card onto your sequence",
            "Instead of drawing, you may take just the top discard when it extends one of your side's "
            "sequences of fewer than seven cards.",
            "rules=bolivia; turn=1; melds1=4H 5H 6H 7H 8H 9H; p1=KS 5D 7C 8C 9D JH QS AC 6D 10C 2D; "
            "pile=9C 4D 10H",
        ),
        Scenario(
            "initial-meld-short", "Your first meld is short",
            "At a score of 1,500 your side's first melds must be worth 90 points together; "
            "three kings and three queens make only 60.",
            "rules=bolivia; turn=1; phase=play; scores=1500,900; p1=KH KS KD QH QS QC 5D 7C 8C 9D 4H 6D",
        ),
        Scenario(
            "one-meld-short-of-going-out", "One meld short of going out",
            "Your side has an escalera; one more complete meld of any kind lets you go out. "
            "Add your last king to the six kings and meld out.",
            "rules=bolivia; turn=1; phase=play; melds1=4H 5H 6H 7H 8H 9H 10H | KH KS KD KC KH KS; "
            "p1=KD 7C 7S 7D",
        ),
        Scenario(
            "keep-two-cards", "Keep two cards until your side may go out",
            "Your side has no escalera yet, so after melding you must keep two cards in hand.",
            "rules=bolivia; turn=1; phase=play; melds1=KH KS KD; p1=QH QS QD 5C",
        ),
        Scenario(
            "swedish-top-plus-four", "Swedish: the top card and the next four",
            "In the Swedish club rules you meld the top discard with two matching cards from hand, "
            "then take only the next four cards of the pile.",
            "rules=swedish; turn=1; melds1=4S 5S 6S; p1=KH KS 5D 7C 8C 9D JH QS AC 6H 6D 10C 2C; "
            "pile=9H 4D 7S 8D 10S JC QD AS KD",
        ),
        Scenario(
            "canasta-frozen-pile", "Canasta: a frozen pile needs a natural pair",
            "A wild card was discarded into the pile, so it is frozen: one king and a wild card no "
            "longer take it, a natural pair of kings would.",
            "rules=canasta; turn=1; melds1=QH QS QD; p1=KH 5D 7C 8C 9D JH 2S AC 6H 6D 10C; "
            "pile=9H 2D 7S KD",
        ),
    )
}


def load_scenario(name: str) -> Position:
    """A named lesson position; an unknown name raises ``ScenarioError`` listing the known ones."""
    if name not in SCENARIOS:
        raise ScenarioError(f"unknown scenario {name!r}; known scenarios: {', '.join(SCENARIOS)}")
    return parse_position(SCENARIOS[name].text)
