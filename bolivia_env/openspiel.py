"""Bolivia as an OpenSpiel game, registered as ``python_bolivia`` when this module is imported.

``pyspiel.load_game("python_bolivia(rules=bolivia,players=4)")`` plays one hand: a chance node picks
one of ``deals`` equally likely deals (a deal's seed), then the seats spell their actions one step at a
time, as in the PettingZoo environment (``encoding``: the same steps and the same observation), and the
hand ends with each player's return the points its side scored. Observation and information-state
strings and tensors come from the seat's own view; the information state adds what the seat remembers
(every step played, the cards it was dealt and drew, each player's discards this hand).
``resample_from_infostate`` deals the cards the seat cannot see again (``sampling.sample_world``), so
OpenSpiel's ISMCTS bot can play it.

Importing this module needs ``open_spiel`` (``pip install bolivia-explorer[bench]``).
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel

from bolivia_core.actions import Action, Draw
from bolivia_core.cards import Card, format_cards
from bolivia_core.game import Game, new_game
from bolivia_core.rules import Rules, resolve_rules

from .encoding import (
    CARD_INDEX, MAX_PLAYERS, N, OBSERVATION_SIZE, STEP_COUNT, Spelling, observe, step_name,
)  # fmt: skip
from .sampling import sample_world

__all__ = ["GAME_NAME", "BoliviaGame", "BoliviaState"]

GAME_NAME = "python_bolivia"
DEFAULT_DEALS = 1 << 16
MAX_HAND_POINTS = 20_000
"""A bound on what a side scores in one hand, either way (OpenSpiel asks for the utilities' range)."""
MAX_STEPS = 20_000
"""A bound on the steps of one hand (OpenSpiel asks for the game's longest length)."""

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Python Bolivia (one hand)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"rules": "bolivia", "players": 4, "deals": DEFAULT_DEALS},
)


class BoliviaGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no types
    """One hand of Bolivia (or another preset) for ``players`` seats, from one of ``deals`` deals."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_GAME_TYPE.parameter_specification, **(params or {})}
        self.rules = resolve_rules(str(params["rules"]))
        self.players = int(params["players"])
        self.deals = int(params["deals"])
        if self.players not in self.rules.sides:
            raise ValueError(f"{self.rules.title} is played by {sorted(self.rules.sides)} players, not {self.players}")
        if self.deals < 1:
            raise ValueError(f"deals is how many deals the chance node picks from, at least 1, not {self.deals}")
        info = pyspiel.GameInfo(
            num_distinct_actions=STEP_COUNT,
            max_chance_outcomes=self.deals,
            num_players=self.players,
            min_utility=-float(MAX_HAND_POINTS),
            max_utility=float(MAX_HAND_POINTS),
            utility_sum=None,
            max_game_length=MAX_STEPS,
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> BoliviaState:
        return BoliviaState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> BoliviaObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return BoliviaObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


class _Table:
    """What a state holds of the engine: the parameters, the engine's game and its legal actions spelled.
    OpenSpiel copies a Python state's attributes with ``copy.deepcopy``; this copies itself by its own
    rule (the game cloned, the rules shared: they never change)."""

    def __init__(self, rules: Rules, players: int, deals: int, game: Game | None = None) -> None:
        self.rules, self.players, self.deals, self.game = rules, players, deals, game
        self.spelling: Spelling | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        return _Table(self.rules, self.players, self.deals, self.game.clone() if self.game is not None else None)


class BoliviaState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no types
    """A hand in progress: the engine's game, the action being spelled, and what each seat remembers."""

    def __init__(self, game: BoliviaGame) -> None:
        super().__init__(game)
        self.table = _Table(game.rules, game.players, game.deals)
        self.prefix: tuple[int, ...] = ()
        self.steps: list[tuple[int, int]] = []  # (player, step), every player's, in order
        self.private: list[list[str]] = [[] for _ in range(game.players)]  # each seat's deal and draws
        self.discards: list[list[Card]] = [[] for _ in range(game.players)]

    @property
    def bolivia(self) -> Game | None:
        """The engine's game (``None`` until the chance node deals)."""
        return self.table.game

    @property
    def spelling(self) -> Spelling:
        table = self.table
        if table.spelling is None:
            assert table.game is not None
            table.spelling = Spelling(table.game.legal_actions())
        return table.spelling

    def current_player(self) -> int:
        if self.bolivia is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return self.bolivia.to_move - 1

    def is_terminal(self) -> bool:
        return self.bolivia is not None and self.bolivia.phase in ("hand over", "game over")

    def chance_outcomes(self) -> list[tuple[int, float]]:
        deals = self.table.deals
        return [(deal, 1.0 / deals) for deal in range(deals)]

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.spelling.allowed(self.prefix))

    def _apply_action(self, action: int) -> None:
        table = self.table
        if table.game is None:
            table.game = new_game(table.rules, table.players, int(action), 10**9)
            for seat in range(1, table.players + 1):
                self.private[seat - 1].append("dealt " + format_cards(table.game.position.hands[seat - 1]))
            return
        seat = table.game.to_move
        self.steps.append((seat - 1, int(action)))
        prefix = (*self.prefix, int(action))
        chosen = self.spelling.action(prefix)
        if chosen is None:
            self.prefix = prefix
            return
        self.prefix = ()
        self._play(seat, chosen)

    def _play(self, seat: int, action: Action) -> None:
        game = self.bolivia
        assert game is not None
        before = list(game.position.hands[seat - 1])
        game.apply(action)
        self.table.spelling = None
        if isinstance(action, Draw):  # what came is the seat's alone: a red 3 drawn is laid out for all to see
            drawn = list(game.position.hands[seat - 1])
            for card in before:
                drawn.remove(card)
            self.private[seat - 1].append("drew " + format_cards(drawn))
        discard = getattr(action, "card", None)
        if isinstance(discard, Card):
            self.discards[seat - 1].append(discard)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            return f"deal {action}"
        return step_name(action)

    def returns(self) -> list[float]:
        game = self.bolivia
        if game is None or not game.results:
            return [0.0] * self.table.players
        scores = game.results[-1].scores
        return [float(scores[game.position.side_of(seat)].total) for seat in range(1, game.position.players + 1)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BoliviaState:
        """A state ``player_id`` cannot tell from this one: the cards it cannot see dealt again."""
        assert self.bolivia is not None
        seed = int(probability_sampler() * 2**31) if callable(probability_sampler) else random.getrandbits(31)
        world: BoliviaState = self.clone()
        sampled = sample_world(self.bolivia, player_id + 1, random.Random(seed))
        world.table.game, world.table.spelling = sampled, None
        for seat in range(1, world.table.players + 1):  # what the others remember: the cards they hold now
            if seat != player_id + 1:
                world.private[seat - 1] = ["holds " + format_cards(sampled.position.hands[seat - 1])]
        return world

    def __str__(self) -> str:
        if self.bolivia is None:
            return "(to deal)"
        spelled = " ".join(step_name(s) for s in self.prefix)
        return self.bolivia.position_text() + (f"\nspelling: {spelled}" if spelled else "")


class BoliviaObserver:
    """Tensors and strings of what one seat sees (``encoding.observe``): its hand (private), the rest
    (public) and, with perfect recall, what it remembers: each player's discards this hand (public), and
    a digest of every step played and of the cards it was dealt and drew (in the string)."""

    def __init__(self, iig_obs_type: Any) -> None:
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.public = bool(iig_obs_type.public_info)
        self.recall = bool(iig_obs_type.perfect_recall)
        pieces: list[tuple[str, int]] = []
        if self.private:
            pieces.append(("hand", N))
        if self.public:
            pieces.append(("table", OBSERVATION_SIZE - N))
            if self.recall:
                pieces.append(("discards", MAX_PLAYERS * N))
        self.tensor: npt.NDArray[np.float32] = np.zeros(sum(size for _, size in pieces), np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        at = 0
        for name, size in pieces:
            self.dict[name] = self.tensor[at : at + size]
            at += size

    def set_from(self, state: BoliviaState, player: int) -> None:
        self.tensor.fill(0.0)
        if state.bolivia is None:
            return
        prefix = state.prefix if state.current_player() == player else ()
        seen = observe(state.bolivia, player + 1, prefix)
        if "hand" in self.dict:
            self.dict["hand"][:] = seen[:N]
        if "table" in self.dict:
            self.dict["table"][:] = seen[N:]
        if "discards" in self.dict:
            players = state.bolivia.position.players
            for k in range(players):
                for card in state.discards[(player + k) % players]:
                    self.dict["discards"][k * N + CARD_INDEX[card]] += 1.0

    def string_from(self, state: BoliviaState, player: int) -> str:
        if state.bolivia is None:
            return f"player {player + 1}: to deal"
        game = state.bolivia
        pos = game.position
        parts = [f"player {player + 1}"]
        if self.private:
            parts.append("hand " + format_cards(pos.hands[player]))
        if self.public:
            sides = " / ".join(" | ".join(format_cards(m) for m in melds) or "-" for melds in pos.melds)
            parts += [
                f"hand {pos.hand_number} {pos.phase} player {pos.turn}",
                f"pile {len(pos.pile)} top {pos.pile[-1] if pos.pile else '-'}",
                f"stock {len(pos.stock)}",
                "hands " + " ".join(str(len(h)) for h in pos.hands),
                f"melds {sides}",
                "red 3s " + " ".join(str(len(r)) for r in pos.red_threes),
            ]
            if state.prefix and state.current_player() == player:
                parts.append("spelling " + " ".join(step_name(s) for s in state.prefix))
        if self.recall:
            memory = [f"{p}:{s}" for p, s in state.steps]
            if self.private:
                memory += state.private[player]
            parts.append("history " + hashlib.sha256(" ".join(memory).encode()).hexdigest()[:16])
        return "; ".join(parts)


pyspiel.register_game(_GAME_TYPE, BoliviaGame)
