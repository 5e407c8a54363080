"""Bolivia as a PettingZoo AEC environment (``env``, ``raw_env``) and its parallel form (``parallel_env``).

Agents are ``player_1`` ... ``player_N``, visited in seat order, one step each in every cycle; the seat
to move spells its action one step at a time (``encoding``), every other seat has only ``WAIT``. So a
cycle is a round of the table, and the parallel form is PettingZoo's own conversion. A step outside
the mask changes nothing (the game stays as it was) and says so in the agent's info
(``"illegal_step": True``). Rewards: when a hand ends, each agent gets the points its side scored in
that hand. An episode is one hand, or with ``whole_game=True`` the game to its target, the next hand
dealt at once. Seeds: ``reset(seed=s)`` deals from ``s``; a reset without a seed deals from the
environment's own generator (seeded by the last seed given, else by the operating system).
"""

from __future__ import annotations

from typing import Any, ClassVar

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import aec_to_parallel

from bolivia_core.actions import NextHand
from bolivia_core.game import Game, new_game
from bolivia_core.rules import Rules, resolve_rules

from .encoding import OBSERVATION_SIZE, STEP_COUNT, WAIT, Spelling, observe, seat_view

__all__ = ["BoliviaEnv", "env", "parallel_env", "raw_env"]

ObsDict = dict[str, npt.NDArray[Any]]
SEED_BOUND = 2**62
"""Deals are seeded from ``[0, SEED_BOUND)``."""


class BoliviaEnv(AECEnv):  # type: ignore[misc]  # PettingZoo has no types
    """Bolivia (or another preset) for ``players`` seats; see the module's description."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "bolivia_v0", "render_modes": ["ansi", "human"], "is_parallelizable": True,
    }  # fmt: skip

    def __init__(
        self,
        rules: Rules | str = "bolivia",
        players: int = 4,
        *,
        whole_game: bool = False,
        target: int | None = None,
        max_cycles: int = 100_000,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules = resolve_rules(rules)
        if players not in self.rules.sides:
            raise ValueError(f"{self.rules.title} is played by {sorted(self.rules.sides)} players, not {players!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.players = players
        self.whole_game = whole_game
        self.target = target
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.possible_agents = [f"player_{n}" for n in range(1, players + 1)]
        self._seat = {agent: n for n, agent in enumerate(self.possible_agents, start=1)}
        observation = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(low=0.0, high=np.inf, shape=(OBSERVATION_SIZE,), dtype=np.float32),
            "action_mask": gymnasium.spaces.Box(low=0, high=1, shape=(STEP_COUNT,), dtype=np.int8),
        })  # fmt: skip
        self.observation_spaces = {agent: observation for agent in self.possible_agents}
        self.action_spaces = {agent: gymnasium.spaces.Discrete(STEP_COUNT) for agent in self.possible_agents}
        self._np_random, _ = seeding.np_random(None)
        self.game: Game | None = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    # --- the episode -------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
        deal_seed = int(self._np_random.integers(SEED_BOUND))
        target = self.target if self.target is not None else (None if self.whole_game else 10**9)
        self.game = new_game(self.rules, self.players, deal_seed, target)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self.prefix: tuple[int, ...] = ()
        self.cycles = 0
        self._spelling: Spelling | None = None
        self._refresh_infos()

    @property
    def spelling(self) -> Spelling:
        """The legal actions now, as steps (made once per position)."""
        if self._spelling is None:
            assert self.game is not None
            self._spelling = Spelling(self.game.legal_actions())
        return self._spelling

    def _to_move(self, agent: str) -> bool:
        game = self.game
        assert game is not None
        return game.phase in ("draw", "play", "answer") and game.to_move == self._seat[agent]

    def allowed(self, agent: str) -> list[int]:
        """The steps ``agent`` may take now: ``WAIT`` alone unless it is to move."""
        return self.spelling.allowed(self.prefix) if self._to_move(agent) else [WAIT]

    def observe(self, agent: str) -> ObsDict:
        assert self.game is not None
        mask = np.zeros(STEP_COUNT, dtype=np.int8)
        mask[self.allowed(agent)] = 1
        prefix = self.prefix if self._to_move(agent) else ()
        return {"observation": observe(self.game, self._seat[agent], prefix), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        assert game is not None
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        illegal = action is None or int(action) not in self.allowed(agent)
        self.infos[agent]["illegal_step"] = illegal
        if not illegal and int(action) != WAIT:  # type: ignore[arg-type]  # not None: illegal says so
            self._spell(int(action))  # type: ignore[arg-type]
        index = self.agents.index(agent)
        if index == len(self.agents) - 1:
            self.cycles += 1
            if self.cycles >= self.max_cycles and not any(self.terminations.values()):
                self.truncations = dict.fromkeys(self.agents, True)
        self.agent_selection = self.agents[(index + 1) % len(self.agents)]
        self._accumulate_rewards()
        if self.render_mode == "human":
            print(self.render())

    def _spell(self, step: int) -> None:
        """Take one step of the action being spelled; play the action when it is whole."""
        prefix = (*self.prefix, step)
        action = self.spelling.action(prefix)
        if action is None:
            self.prefix = prefix
            return
        self.prefix = ()
        self._play(action)

    def _play(self, action: Any) -> None:
        game = self.game
        assert game is not None
        hands = len(game.results)
        game.apply(action)
        self._spelling = None
        while True:
            if len(game.results) > hands:  # a hand ended: each side's points, to each of its players
                scores = game.results[-1].scores
                for agent, seat in self._seat.items():
                    self.rewards[agent] += float(scores[game.position.side_of(seat)].total)
                hands = len(game.results)
            if game.is_over or (game.phase == "hand over" and not self.whole_game):
                self.terminations = dict.fromkeys(self.agents, True)
                break
            if game.phase != "hand over":
                break
            game.apply(NextHand())  # the next hand is dealt at once: nobody chooses it
        self._refresh_infos()

    def _refresh_infos(self) -> None:
        assert self.game is not None
        for agent, seat in self._seat.items():
            self.infos[agent] = {"seat_view": seat_view(self.game, seat), "illegal_step": False}

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode: BoliviaEnv(render_mode='ansi')")
            return None
        assert self.game is not None
        pos = self.game.position
        text = self.game.position_text()
        spelled = f"; spelling {list(self.prefix)}" if self.prefix else ""
        return f"hand {pos.hand_number}, player {pos.turn} to {pos.phase}{spelled}\n{text}"

    def close(self) -> None:
        pass


def raw_env(**kwargs: Any) -> BoliviaEnv:
    """The environment without PettingZoo's checking wrappers."""
    return BoliviaEnv(**kwargs)


def env(**kwargs: Any) -> AECEnv[str, ObsDict, int]:
    """The AEC environment, in PettingZoo's usual wrappers (order enforcing, out-of-bounds checks)."""
    wrapped: AECEnv[str, ObsDict, int] = BoliviaEnv(**kwargs)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def parallel_env(**kwargs: Any) -> Any:
    """The parallel form: every agent acts each cycle (``WAIT`` for all but the seat to move)."""
    return aec_to_parallel(env(**kwargs))
