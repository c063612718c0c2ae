"""craftgames as PettingZoo AEC environments (``pip install craftgames[pettingzoo]``)::

    from craftgames import pettingzoo

    env = pettingzoo.env("sunrise", players=3)
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        mask = observation["action_mask"]
        action = None if termination or truncation else env.action_space(agent).sample(mask)
        env.step(action)

Agents are ``player_0`` … ``player_{n-1}`` (seat order). An observation is the classic
environments' ``{"observation": float32 vector, "action_mask": int8 vector}``: the seat's
`observation_tensor`, in a ``Box`` of its proved per-entry bounds
(`State.observation_tensor_bounds`), and a 1 for each legal action id. Rewards follow ``reward`` and
``timing`` as `craftgames.vector.reward_values` defines them: by default ``"margin"`` paid at
the end, i.e. a seat's final score minus the best other seat's, and in a solo game the game's
solo margin (positive: a win), never the raw score; ``"score"``, ``"rank"`` and ``"win"`` are
the others, and ``timing="delta"`` pays the running value's changes as they happen.
``reset(seed=s)`` deals the game seeded ``s``; a reset
without a seed deals from a seed drawn from the last seeded stream. Our simultaneous steps are
taken seat by seat with hidden choices, so the AEC interface fits them and there is no
``parallel_env``. ``render_mode="ansi"`` returns the board as the agent to act sees it;
``"human"`` prints it.
"""

from __future__ import annotations

import io
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from rich.console import Console

import craftgames
from craftgames._core import State
from craftgames.cards import CardsArg, card_text
from craftgames.table.presentation import presentation
from craftgames.vector import reward_values, space_bounds

__all__ = ["env", "raw_env"]

_SEED_SPACE = 1 << 63
_RENDER_WIDTH = 100


class raw_env(AECEnv):  # type: ignore[misc]
    """A craftgames game as an AEC environment, without wrappers (see `env`)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        players: int,
        render_mode: str | None = None,
        cards: CardsArg = None,
        reward: str = "margin",
        timing: str = "end",
        **options: object,
    ) -> None:
        """`game`, `players`, `cards` and `options` as `craftgames.new_game` takes them (a
        bad one raises as it does); `render_mode` is None, ``"ansi"`` or ``"human"``;
        `reward` and `timing` as `craftgames.vector.reward_values` takes them."""
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        self.render_mode = render_mode
        # PettingZoo reads the metadata from the instance: each game's environment its name.
        self.metadata = {**raw_env.metadata, "name": f"craftgames_{game}_v0"}  # type: ignore[misc]
        self._game, self._players = game, players
        self._cards, self._options = card_text(cards), options
        self._reward, self._timing = reward, timing
        self._state = self._deal(0)
        self._paid = reward_values(self._state, reward, timing)  # checks both names
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        low, high = space_bounds(*self._state.observation_tensor_bounds())
        n = self._state.num_distinct_actions()
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(n) for agent in self.possible_agents}
        self._rng = np.random.default_rng()

    def _deal(self, seed: int) -> State:
        return craftgames.new_game(self._game, self._players, seed, self._cards, **self._options)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same `spaces.Dict` object on every call."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The same `spaces.Discrete` (the game's action ids) on every call."""
        return self._action_spaces[agent]

    @property
    def state(self) -> State:
        """The `craftgames.State` being played (do not change it)."""
        return self._state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deals a new game: seeded `seed`, or from the next seed of the last seeded stream."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            game_seed = seed
        else:
            game_seed = int(self._rng.integers(_SEED_SPACE))
        for agent in self.possible_agents:
            self._action_spaces[agent].seed(int(self._rng.integers(_SEED_SPACE)))
        self._state = self._deal(game_seed)
        # Nothing paid yet: the first payment includes the value at the deal, so a game's
        # rewards add up to its final value under either timing.
        self._paid = [0.0] * self._players
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[self._state.current_player()]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """`agent`'s observation tensor and its mask of legal actions (all 0 unless it acts)."""
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self._state.num_distinct_actions(), np.int8)
        if self._state.current_player() == seat:
            mask[self._state.legal_actions()] = 1
        return {"observation": self._state.observation_tensor(seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Applies `action` for the agent to act (an illegal one raises `IllegalActionError`
        and changes nothing); a finished agent steps with None."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act and must choose an action, not None")
        self._cumulative_rewards[agent] = 0.0
        self._state.apply_action(int(action))
        # Each seat is paid the change of its value since it was last paid (all of it at
        # the end with timing "end").
        values = reward_values(self._state, self._reward, self._timing)
        for a, value, paid in zip(self.agents, values, self._paid, strict=True):
            self.rewards[a] = value - paid
        self._paid = values
        if self._state.is_terminal():
            for a in self.agents:
                self.terminations[a] = True
        else:
            self.agent_selection = self.agents[self._state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The board as the agent to act sees it (``"ansi"``: returned; ``"human"``: printed)."""
        if self.render_mode is None:
            return None
        seat = self.possible_agents.index(self.agent_selection)
        board = presentation(self._game).render(self._state.observation(seat), private=True)
        out = io.StringIO()
        Console(file=out, width=_RENDER_WIDTH, color_system=None).print(board)
        if self.render_mode == "human":
            print(out.getvalue(), end="")
            return None
        return out.getvalue()

    def close(self) -> None:
        """Nothing to release."""


def env(
    game: str,
    players: int,
    render_mode: str | None = None,
    cards: CardsArg = None,
    reward: str = "margin",
    timing: str = "end",
    **options: object,
) -> AECEnv:
    """`raw_env` inside PettingZoo's usual wrappers: an illegal action ends the game with a
    penalty for the agent that played it (``TerminateIllegalWrapper``), out-of-bounds
    actions are refused, and the AEC call order is enforced."""
    inner: AECEnv = raw_env(game, players, render_mode, cards, reward, timing, **options)
    inner = wrappers.TerminateIllegalWrapper(inner, illegal_reward=-1)
    inner = wrappers.AssertOutOfBoundsWrapper(inner)
    return wrappers.OrderEnforcingWrapper(inner)
