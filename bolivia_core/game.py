"""Whole hands and games: seeded deals, every turn's actions checked and explained, scoring.

A ``Game`` holds a ``Position`` (everything on the table, in the scenario
notation of ``scenario.py``), the actions applied since its start, and the
results of the hands played. ``apply`` checks an action completely before it
changes anything, so a refused action leaves the game exactly as it was; its
``IllegalActionError`` carries every reason. Every random choice (the shuffle
of each hand, the first dealer) comes from the game's seed and the hand
number, so the same seed and the same actions give the same game.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from .actions import Action, TakePile, parse_action
from .cards import CARD_ORDER, Card
from .turn.checks import explain, reasons
from .turn.legal import LegalActions
from .i18n import Reason, render
from .memory import TableMemory
from .position import Position
from .rules import PRESETS, Rules, resolve_rules, rules_from_dict, rules_to_dict
from .scenario import format_position, parse_position
from .scoring import SideScore
from .turn.transitions import Event, HandResult, deal, first_dealer, perform

__all__ = ["Event", "Game", "GameFileError", "HandResult", "IllegalActionError", "Position", "new_game"]

Cards = tuple[Card, ...]
JSON_FORMAT = "bolivia-explorer game"


class IllegalActionError(ValueError):
    """An action the rules do not allow now; ``reasons`` says every why, with remedies."""

    def __init__(self, action: Action, reasons: Sequence[Reason]) -> None:
        self.action = action
        self.reasons = tuple(reasons)
        said = "; ".join(map(str, self.reasons))
        super().__init__(render("action-not-allowed", {"action": str(action), "reasons": said}))


class GameFileError(ValueError):
    """A saved game that cannot be loaded as it is."""



# --- starting a game -------------------------------------------------------------


def new_game(rules: Rules | str = "bolivia", players: int = 4, seed: int = 1, target: int | None = None) -> Game:
    """Deal the first hand of a new game."""
    rules = resolve_rules(rules)
    if type(players) is not int or players not in rules.sides:
        allowed = tuple(rules.player_counts)  # said as the language's list: "2, 3 or 4"
        raise ValueError(render("rules-players", {"title": rules.title, "allowed": allowed, "players": repr(players)}))
    if type(seed) is not int:
        raise ValueError(render("game-seed", {"value": repr(seed)}))
    if target is None:
        target = rules.target_score[players]
    elif type(target) is not int or target <= 0:
        raise ValueError(render("game-target", {"value": repr(target)}))
    sides = len(rules.sides[players])
    position = Position(
        rules, players, seed, target, 1, first_dealer(rules, players, seed), 0, "draw",
        [0] * sides, [[] for _ in range(players)], [[] for _ in range(sides)],
        [[] for _ in range(sides)], [], [],
    )  # fmt: skip
    log: list[Event] = []
    deal(position, log)
    return Game(position, log=log)




# --- the game --------------------------------------------------------------------


@dataclass
class Game:
    """A game in progress. Create with ``new_game`` or ``Game.from_position``."""

    position: Position
    start: str = ""
    history: list[Action] = field(default_factory=list)
    results: list[HandResult] = field(default_factory=list)
    log: list[Event] = field(default_factory=list)
    _memory: TableMemory = field(init=False, repr=False, compare=False)
    _legal: LegalActions | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for hand in self.position.hands:  # a hand is a set, kept in card order from here on (``transitions``)
            hand.sort(key=CARD_ORDER)
        if not self.start:
            self.start = format_position(self.position)
        self._memory = TableMemory(self.position.players)
        self._legal = None  # said here too: a compiled dataclass sets no default of a field outside __init__

    @property
    def memory(self) -> TableMemory:
        """What every seat has seen this hand (``bolivia_core.memory``), followed move by move."""
        return self._memory

    # --- reading the state -----------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self.position.rules

    @property
    def to_move(self) -> int:
        return self.position.turn

    @property
    def phase(self) -> str:
        return self.position.phase

    @property
    def is_over(self) -> bool:
        return self.position.phase == "game over"

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.position.scores)

    def winner(self) -> int | None:
        """The winning side (from 0) once the game is over; ``None`` while it goes on or for a draw."""
        if not self.is_over:
            return None
        best = max(self.position.scores)
        leaders = [s for s, score in enumerate(self.position.scores) if score == best]
        if len(leaders) > 1 or best < self.position.target:
            return None  # equal top totals, or the hand cap reached first: a draw
        return leaders[0]

    def zones(self) -> dict[str, Cards]:
        """Every card in play by zone: stock, pile, each hand, each side's melds and red 3s."""
        return self.position.zones()

    def position_text(self) -> str:
        return format_position(self.position)

    # --- actions -------------------------------------------------------------------

    def legal_actions(self) -> LegalActions:
        """The legal actions now, as a lazy view; ``bolivia_core.legal`` defines what it holds."""
        if self._legal is None:
            self._legal = LegalActions(self.position)
        return self._legal

    def explain(self, action: Action | str) -> tuple[Reason, ...]:
        """Every reason ``action`` is not allowed now, each with its remedy; empty when it is allowed."""
        return tuple(explain(self.position, _as_action(action)))

    def apply(self, action: Action | str) -> None:
        """Play ``action``; an illegal one raises ``IllegalActionError`` and changes nothing.

        An action the legal-action view has already found legal is not checked again."""
        action = _as_action(action)
        if self._legal is None or not self._legal.is_offered(action):
            refusals = tuple(reasons(self.position, action))
            if refusals:
                raise IllegalActionError(action, refusals)
        pos = self.position
        player = pos.turn
        pile_before = list(pos.pile) if type(action) is TakePile else pos.pile  # a take changes the pile
        events, result = perform(pos, action)
        self._memory.observe(action, player, pile_before, len(pile_before) - 1 - len(pos.pile))
        self.log.extend(events)
        if result is not None:
            self.results.append(result)
        self.history.append(action)
        self._legal = None

    # --- saving, undo and replay ---------------------------------------------------

    def to_json(self) -> str:
        rules = self.rules
        data = {
            "format": JSON_FORMAT,
            "version": 1,
            "rules": rules.name if PRESETS.get(rules.name) == rules else rules_to_dict(rules),
            "start": self.start,
            "actions": [str(a) for a in self.history],
            "position": self.position_text(),
            "results": [[s.total for s in r.scores] for r in self.results],
        }
        return json.dumps(data, ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str, *, verify: bool = True) -> Game:
        """Load a saved game. With ``verify`` its actions are replayed from the start and the
        result must match the saved position, so a damaged file is refused whole."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise GameFileError(render("saved-game-not-json", {"detail": str(error)})) from None
        if not isinstance(data, dict) or data.get("format") != JSON_FORMAT:
            raise GameFileError(render("saved-game-format", {"format": JSON_FORMAT}))
        missing = [k for k in ("rules", "start", "actions", "position", "results") if k not in data]
        if missing:
            raise GameFileError(render("saved-game-lacks", {"keys": ", ".join(missing)}))
        rules = resolve_rules(data["rules"]) if isinstance(data["rules"], str) else rules_from_dict(data["rules"])
        if verify:
            game = cls.from_position(data["start"], rules=rules)
            for number, text_action in enumerate(data["actions"], start=1):
                try:
                    game.apply(text_action)
                except ValueError as error:
                    raise GameFileError(render("saved-game-action-fails", {
                        "number": number, "action": text_action, "problem": str(error)})) from None  # fmt: skip
            if game.position_text() != data["position"]:
                raise GameFileError(render("saved-game-mismatch"))
            return game
        opening = Event("event-loaded", None, {"actions": len(data["actions"])})
        game = cls(parse_position(data["position"], rules=rules), start=data["start"], log=[opening])
        game.history = [parse_action(a) for a in data["actions"]]
        game.results = [_bare_result(n, totals) for n, totals in enumerate(data["results"], start=1)]
        return game

    @classmethod
    def from_position(cls, text: str, *, rules: Rules | None = None) -> Game:
        """A game that starts from a scenario string (see ``scenario.parse_position``).

        A start that is the first deal of its own seed gets that deal's log; any
        other position starts the log with a line saying so.
        """
        position = parse_position(text, rules=rules)
        canonical = format_position(position)
        if position.hand_number == 1 and position.phase == "draw":
            fresh = new_game(position.rules, position.players, position.seed, position.target)
            if fresh.start == canonical:
                return fresh
        opening = Event("event-from-position", None, {"hand": position.hand_number, "player": position.turn})
        return cls(position, start=canonical, log=[opening])

    def replay(self) -> Iterator[Game]:
        """The game from its start, yielded after the start and after each action in turn."""
        game = Game.from_position(self.start, rules=self.rules)
        yield game
        for action in self.history:
            game.apply(action)
            yield game

    def undo(self) -> Action:
        """Take back the last action (the game is rebuilt from its start); returns that action."""
        if not self.history:
            raise ValueError(render("game-nothing-to-undo"))
        last = self.history[-1]
        rebuilt = None
        for step, game in enumerate(self.replay()):
            if step == len(self.history) - 1:
                rebuilt = game
                break
        assert rebuilt is not None
        self.position, self.history = rebuilt.position, rebuilt.history
        self.results, self.log, self._memory = rebuilt.results, rebuilt.log, rebuilt.memory
        self._legal = None
        return last

    def clone(self) -> Game:
        twin = Game(self.position.copy(), self.start, list(self.history), list(self.results), list(self.log))
        twin._memory = self._memory.copy()
        return twin


def _bare_result(number: int, totals: Sequence[int]) -> HandResult:
    return HandResult(number, None, tuple(SideScore(t, (), False) for t in totals))


def _as_action(action: Action | str) -> Action:
    return action if isinstance(action, Action) else parse_action(action)

