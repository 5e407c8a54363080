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

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from .cards import Card, CardError, deck_counts, format_cards, parse_cards, remove_cards
from .position import PHASES, Position
from .melds import check_side_melds
from .i18n import render
from .rules import Rules, RulesError, get_rules
from .seeds import SeedStream

__all__ = ["SCENARIOS", "Scenario", "ScenarioError", "format_position", "load_scenario", "parse_position"]


class ScenarioError(ValueError):
    """A scenario string that does not describe a possible position."""


def _refused(code: str, key: str | None = None, **params: object) -> ScenarioError:
    """The refusal ``code`` in the process's language, naming the field ``key`` when it is one field's fault."""
    problem = render(code, params)
    return _in_field(key, problem) if key else ScenarioError(problem)


def _in_field(key: str, problem: str) -> ScenarioError:
    """A refusal that names the field at fault: ``field p1: ...``."""
    return ScenarioError(render("in-field", {"field": key, "problem": problem}))


FLAGS = ("unopened", "asked", "asker", "pending", "passes")
_PHASES_OF_PLAY = ("draw", "play", "answer")  # a hand under way: nobody has gone out


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
            raise _in_field("rules", str(error)) from None
    elif name != rules.name:
        raise _refused("position-other-rules", "rules", name=repr(name), rules=repr(rules.name))
    players = _int(fields, "players", rules.default_players)
    if players not in rules.sides:
        allowed = tuple(rules.player_counts)  # said as the language's list: "2, 3 or 4"
        raise _refused("rules-players", "players", title=rules.title, allowed=allowed, players=players)
    sides = len(rules.sides[players])
    seed = _int(fields, "seed", 1)
    phase = fields.pop("phase", "draw")
    if phase not in PHASES:
        raise _refused("position-phase", "phase", phase=repr(phase), phases=", ".join(PHASES))
    pos = Position(
        rules=rules, players=players, seed=seed,
        target=_int(fields, "target", rules.target_score[players]),
        hand_number=_int(fields, "hand", 1), dealer=_int(fields, "dealer", players), turn=0,
        phase=phase, scores=_ints(fields, "scores", sides),
        hands=[[] for _ in range(players)], melds=[[] for _ in range(sides)],
        red_threes=[[] for _ in range(sides)], pile=[], stock=[],
    )  # fmt: skip
    if not 1 <= pos.hand_number <= rules.hand_cap:
        raise _refused("position-hand-number", "hand", cap=rules.hand_cap, number=pos.hand_number)
    if pos.target <= 0:
        raise _refused("position-target", "target", target=pos.target)
    if not 1 <= pos.dealer <= players:
        raise _refused("position-dealer", "dealer", dealer=pos.dealer, players=players)
    seats = pos.seating()
    after_dealer = seats[(seats.index(pos.dealer) + 1) % len(seats)] if pos.dealer in seats else seats[0]
    pos.turn = _int(fields, "turn", after_dealer)
    if pos.turn not in seats:
        raise _refused("position-turn-rests", "turn", turn=pos.turn, seats=_list(seats))
    missing_hands = []
    for player in range(1, players + 1):
        if f"p{player}" in fields:
            pos.hands[player - 1] = sorted(_cards(fields, f"p{player}"))
            if any(c.is_red_three for c in pos.hands[player - 1]):
                raise _refused("position-red-three-in-hand", f"p{player}", field=f"red{pos.side_of(player) + 1}")
            if pos.hands[player - 1] and player not in seats:
                raise _refused("position-resting-player", f"p{player}", player=player)
        elif player in seats:
            missing_hands.append(player)
    for side in range(1, sides + 1):
        text_melds = fields.pop(f"melds{side}", "")
        pos.melds[side - 1] = [list(_parse(part, f"melds{side}")) for part in text_melds.split("|") if part.strip()]
        pos.red_threes[side - 1] = list(_cards(fields, f"red{side}"))
        if any(not c.is_red_three for c in pos.red_threes[side - 1]):
            raise _refused("position-red-only", f"red{side}")
        table = check_side_melds(pos.melds[side - 1], rules, going_out=True)
        if not table.legal:
            raise _in_field(f"melds{side}", str(table.reasons[0]))
    pos.pile = list(_cards(fields, "pile"))
    stock_given = "stock" in fields
    pos.stock = list(_cards(fields, "stock"))
    rest_to = fields.pop("rest", "stock")
    if rest_to not in ("stock", "pile"):
        raise _refused("position-rest", "rest", value=repr(rest_to))
    _read_flags(fields, pos)
    if fields:
        expected = ", ".join(_expected(players, sides))
        raise _refused("position-unknown-field", field=repr(next(iter(fields))), expected=expected)
    _complete_cards(pos, missing_hands, stock_given and rest_to == "stock", rest_to)
    if pos.phase == "play" and not pos.hands[pos.turn - 1]:
        raise _refused("position-play-empty-hand", f"p{pos.turn}", player=pos.turn)
    _refuse_black_threes_too_early(pos)
    return pos


def _refuse_black_threes_too_early(pos: Position) -> None:
    """Black 3s are melded only by a player going out (RULES.md 3.4), who then keeps one card to
    discard at most: in a hand under way they lie only on the mover's side, in the play phase,
    with one card left in the mover's hand."""
    if pos.phase not in _PHASES_OF_PLAY:
        return
    going_out = pos.side_of(pos.turn) if pos.phase == "play" and len(pos.hands[pos.turn - 1]) == 1 else None
    for side, melds in enumerate(pos.melds):
        if side != going_out and any(c.is_black_three for meld in melds for c in meld):
            raise _refused("position-black-threes-on-table", f"melds{side + 1}")


def _read_flags(fields: dict[str, str], pos: Position) -> None:
    side = pos.side_of(pos.turn)
    unopened = fields.pop("unopened", "yes" if not pos.melds[side] else "no")
    if unopened not in ("yes", "no"):
        raise _refused("position-yes-no", "unopened", value=repr(unopened))
    pos.unopened = unopened == "yes"
    asked = fields.pop("asked", "-")
    if asked not in ("-", "yes", "no"):
        raise _refused("position-yes-no-dash", "asked", value=repr(asked))
    pos.asked = "" if asked == "-" else asked
    pos.asker = _int(fields, "asker", 0)
    pending = fields.pop("pending", "-")
    try:
        pos.pending = () if pending == "-" else tuple(int(p) for p in pending.split(","))
    except ValueError:
        raise _refused("position-player-list", "pending", value=repr(pending)) from None
    pos.passes = _int(fields, "passes", 0)
    if pos.phase == "draw" and pos.unopened == bool(pos.melds[side]):
        # a turn begins unopened exactly when the side has no melds (melds laid later in the turn keep it so)
        code = "position-opened-side" if pos.melds[side] else "position-unopened-side"
        raise _refused(code, "unopened", player=pos.turn, side=side + 1)
    if not 0 <= pos.passes < len(pos.seating()):
        raise _refused("position-passes", "passes", most=len(pos.seating()) - 1, passes=pos.passes)
    if pos.phase == "answer":
        if pos.asker not in pos.seating():
            raise _refused("position-asker", "asker")
        partners = pos.partners(pos.asker)
        if pos.turn not in partners:
            if not partners:
                raise _refused("position-no-partner", "turn", asker=pos.asker)
            raise _refused("position-answerer", "turn", asker=pos.asker, partners=_list(partners), turn=pos.turn)
        if any(p not in partners or p == pos.turn for p in pos.pending):
            raise _refused("position-pending", "pending", asker=pos.asker, turn=pos.turn, pending=_list(pos.pending))
    elif pos.pending:
        raise _refused("position-pending-phase", "pending", phase=pos.phase)


def _complete_cards(pos: Position, missing_hands: list[int], stock_given: bool, rest_to: str) -> None:
    """Check every card against the deck; deal left-out hands, then put the rest in the stock
    (shuffled) or, with ``rest=pile``, under the pile."""
    rules = pos.rules
    deck = deck_counts(rules.decks, rules.jokers)
    placed = Counter(c for zone in pos.zones().values() for c in zone)
    for card, count in sorted(placed.items()):
        if count > deck[card]:
            raise _refused("card-too-many", card=str(card), count=count, title=rules.title, have=deck[card])
    rest = sorted((deck - placed).elements())
    SeedStream(pos.seed, "scenario").shuffle(rest)
    for player in missing_hands:  # dealt without red 3s, as if laid out and replaced at once
        size = rules.hand_size[pos.players]
        dealable = [c for c in rest if not c.is_red_three][:size]
        pos.hands[player - 1] = sorted(dealable)
        rest = remove_cards(rest, dealable) or []
    if rest_to == "pile":
        pos.pile[:0] = rest
    elif stock_given:
        if rest:
            raise _refused("position-cards-nowhere", "stock", count=len(rest), first=format_cards(rest[:5]))
    else:
        pos.stock = rest


def _fields(text: str) -> dict[str, str]:
    if not isinstance(text, str):
        raise _refused("position-not-text", type=type(text).__name__)
    fields: dict[str, str] = {}
    for part in text.replace("\n", ";").split(";"):
        if not part.strip():
            continue
        key, equals, value = part.partition("=")
        key = key.strip().lower()
        if not equals or not key:
            raise _refused("position-not-a-field", text=repr(part.strip()))
        if key in fields:
            raise _refused("position-field-twice", field=key)
        fields[key] = value.strip()
    return fields


def _int(fields: dict[str, str], key: str, default: int) -> int:
    if key not in fields:
        return default
    value = fields.pop(key)
    try:
        return int(value)
    except ValueError:
        raise _refused("position-whole-number", key, value=repr(value)) from None


def _ints(fields: dict[str, str], key: str, count: int) -> list[int]:
    value = fields.pop(key, ",".join("0" * count))
    try:
        numbers = [int(v) for v in value.split(",")]
    except ValueError:
        raise _refused("position-numbers", key, count=count, value=repr(value)) from None
    if len(numbers) != count:
        raise _refused("position-numbers-count", key, count=count, given=len(numbers))
    return numbers


def _cards(fields: dict[str, str], key: str) -> tuple[Card, ...]:
    return _parse(fields.pop(key, ""), key)


def _parse(text: str, key: str) -> tuple[Card, ...]:
    try:
        return parse_cards(text)
    except CardError as error:
        raise _in_field(key, str(error)) from None


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
    """A named position for a lesson; its title and what it teaches are catalogue texts
    (``scenario-title:NAME``, ``scenario-lesson:NAME``), said in the current language."""

    name: str
    text: str

    @property
    def title(self) -> str:
        return render(f"scenario-title:{self.name}")

    @property
    def lesson(self) -> str:
        return render(f"scenario-lesson:{self.name}")


SCENARIOS: Mapping[str, Scenario] = {
    s.name: s
    for s in (
        Scenario(
            "take-the-pile",
            "rules=bolivia; turn=1; melds1=4S 5S 6S; p1=KH KS 5D 7C 8C 9D JH QS AC 2C 6H 6D 10C; "
            "pile=9H 4D 7S KD",
        ),
        Scenario(
            "wild-on-top",
            "rules=bolivia; turn=1; melds1=4S 5S 6S; p1=KH KS 5D 7C 8C 9D JH QS AC 6H 6D 10C 2D; "
            "pile=9H 4D KD 2C",
        ),
        Scenario(
            "black-three-on-top",
            "rules=bolivia; turn=1; melds1=4S 5S 6S; p1=KH KS 5D 7C 8C 9D JH QS AC 6H 6D 10C 2D; "
            "pile=9H 4D KD 3S",
        ),
        Scenario(
            "take-top-onto-escalera",
            "rules=bolivia; turn=1; melds1=4H 5H 6H 7H 8H 9H; p1=KS 5D 7C 8C 9D JH QS AC 6D 10C 2D; "
            "pile=9C 4D 10H",
        ),
        Scenario(
            "initial-meld-short",
            "rules=bolivia; turn=1; phase=play; scores=1500,900; p1=KH KS KD QH QS QC 5D 7C 8C 9D 4H 6D",
        ),
        Scenario(
            "one-meld-short-of-going-out",
            "rules=bolivia; turn=1; phase=play; melds1=4H 5H 6H 7H 8H 9H 10H | KH KS KD KC KH KS; "
            "p1=KD 7C 7S 7D",
        ),
        Scenario(
            "keep-two-cards",
            "rules=bolivia; turn=1; phase=play; melds1=KH KS KD; p1=QH QS QD 5C",
        ),
        Scenario(
            "swedish-top-plus-four",
            "rules=swedish; turn=1; melds1=4S 5S 6S; p1=KH KS 5D 7C 8C 9D JH QS AC 6H 6D 10C 2C; "
            "pile=9H 4D 7S 8D 10S JC QD AS KD",
        ),
        Scenario(
            "canasta-frozen-pile",
            "rules=canasta; turn=1; melds1=QH QS QD; p1=KH 5D 7C 8C 9D JH 2S AC 6H 6D 10C; "
            "pile=9H 2D 7S KD",
        ),
    )
}


def load_scenario(name: str) -> Position:
    """A named lesson position; an unknown name raises ``ScenarioError`` listing the known ones."""
    if name not in SCENARIOS:
        raise _refused("position-unknown-scenario", name=repr(name), known=", ".join(SCENARIOS))
    return parse_position(SCENARIOS[name].text)
