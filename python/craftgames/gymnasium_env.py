"""craftgames for Gymnasium (``pip install craftgames[pettingzoo]`` brings gymnasium)::

    import gymnasium
    import craftgames.gymnasium_env  # registers the ids

    env = gymnasium.make("craftgames/sunrise-2p-vs-random-v0")
    obs, info = env.reset(seed=0)
    action = env.action_space.sample(env.unwrapped.action_masks().astype(np.int8))

* `CraftgamesEnv`: one learner seat of one game, every other seat a built-in bot (``"random"``,
  ``"greedy"``, ``"mcts:N"``) moving inside `step`, or a solo mode (``players=1``: the
  Competition, the robot or the grade play themselves). ``action_masks()`` gives the legal
  actions (sb3-contrib's MaskablePPO reads it); an illegal action ends the game with a penalty
  of -1, as PettingZoo's ``TerminateIllegalWrapper`` does. The reward is the learner seat's, as
  `craftgames.vector` defines it.
* `CraftgamesVectorEnv`: a Gymnasium `VectorEnv` over `craftgames.vector.VectorEnv`, with
  same-step auto-reset (``metadata["autoreset_mode"]``): a finished game's last observation
  is in ``infos["final_obs"]`` and its returns in ``infos["final_returns"]`` where
  ``infos["_final_obs"]`` is set; the masks are ``infos["action_mask"]``.

Registered ids: ``craftgames/{game}-2p-vs-{random,greedy}-v0`` for the three games and the
solo modes ``craftgames/nijar-solo-v0`` and ``craftgames/sorcery-solo-v0`` (margin reward).

Observation bounds: the declared `Box` is ``Box(low, high)`` with the per-entry bounds of
`State.observation_tensor_bounds` (`observation_bounds`): each entry's lowest and highest
value, proved from the rules and the card data for the game, player count and options
(an entry that never changes in the setup, both bounds 0, is declared ``[0, 1]``:
Gymnasium takes equal bounds for a mistake). With ``observation_dtype="compact"`` (or a
named integer type, as `craftgames.vector` takes it) the observations are the tensor's
compact counts and the `Box` is their integer bounds in that type.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

import craftgames
from craftgames.vector import VectorEnv, space_bounds

__all__ = ["CraftgamesEnv", "CraftgamesVectorEnv", "observation_bounds"]

_SEED_SPACE = 1 << 63


def observation_bounds(
    game: str, players: int, **options: Any
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """``(low, high)``: the bounds of the declared observation `Box` (see the module)."""
    return craftgames.new_game(game, players, 0, **options).observation_tensor_bounds()


def _box(env: VectorEnv) -> spaces.Box[Any]:
    """The observation space of one row of `env`: its float bounds, or its counts' bounds
    in the compact type."""
    if env.observation_dtype == "float32":
        low, high = space_bounds(env.observation_low, env.observation_high)
        return spaces.Box(low, high, low.shape, np.float32)
    dtype = np.dtype(env.observation_dtype)
    count_low, count_high = space_bounds(env.observation_count_low, env.observation_count_high)
    return spaces.Box(
        count_low.astype(dtype), count_high.astype(dtype), count_low.shape, dtype.type
    )


def _seats(players: int, learner: int, opponent: str) -> list[str]:
    if not 0 <= learner < players:
        raise ValueError(f"learner_seat must be 0 to {players - 1}, not {learner}")
    return ["learner" if s == learner else opponent for s in range(players)]


class CraftgamesEnv(gymnasium.Env[npt.NDArray[Any], np.int64]):
    """One learner seat against built-in bots, or a solo mode (see the module)."""

    metadata = {"render_modes": []}  # noqa: RUF012 (Gymnasium reads it from the class)

    def __init__(
        self,
        game: str,
        players: int,
        opponent: str = "random",
        learner_seat: int = 0,
        reward: str = "margin",
        timing: str = "end",
        illegal_reward: float = -1.0,
        observation_dtype: str = "float32",
        **options: Any,
    ) -> None:
        """`game`, `players`, `options` as `craftgames.new_game`; `opponent` plays every seat
        but `learner_seat`; `reward`, `timing` and `observation_dtype` as in
        `craftgames.vector` (the observation space follows the type). An illegal action
        ends the game at once with `illegal_reward` (``info["illegal_action"]``)."""
        self._seat = learner_seat
        self._illegal_reward = illegal_reward
        self._env = VectorEnv(
            game,
            players,
            1,
            seats=_seats(players, learner_seat, opponent),
            reward=reward,
            timing=timing,
            observation_dtype=observation_dtype,
            **options,
        )
        self.observation_space = _box(self._env)
        self.action_space = spaces.Discrete(self._env.num_actions)
        self._done = True

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[Any], dict[str, Any]]:
        """Deals a new game: from `seed`, or from a seed of the env's `np_random`."""
        super().reset(seed=seed)
        self._env.reset(int(self.np_random.integers(_SEED_SPACE)))
        self._done = False
        return self._env.observations[0].copy(), {"seed": int(self._env.seeds[0])}

    def step(
        self, action: np.int64 | int
    ) -> tuple[npt.NDArray[Any], float, bool, bool, dict[str, Any]]:
        """Plays `action` for the learner and the bots up to its next decision."""
        if self._done:
            raise ValueError("the game is over: call reset")
        a = int(action)
        if not 0 <= a < self._env.num_actions or not self._env.masks[0, a]:
            # As PettingZoo's TerminateIllegalWrapper: the game ends with a penalty.
            self._done = True
            obs = self._env.observations[0].copy()
            return obs, self._illegal_reward, True, False, {"illegal_action": a}
        self._env.step(np.array([a], np.int64))
        reward = float(self._env.rewards[0, self._seat])
        if self._env.terminated[0]:
            self._done = True
            scores = self._env.final_scores[0].tolist()
            return self._env.final_observations[0].copy(), reward, True, False, {"scores": scores}
        return self._env.observations[0].copy(), reward, False, False, {}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal actions now (all False once the game is over)."""
        if self._done:
            return np.zeros(self._env.num_actions, bool)
        mask: npt.NDArray[np.bool_] = self._env.masks[0].copy()
        return mask


class CraftgamesVectorEnv(gymnasium.vector.VectorEnv[Any, Any, Any]):
    """`num_envs` games as one Gymnasium `VectorEnv`: the learner's reward is the acting
    seat's (self-play: every seat learns) or `learner_seat`'s against bots."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        players: int,
        num_envs: int,
        opponent: str | None = "random",
        learner_seat: int = 0,
        reward: str = "margin",
        timing: str = "end",
        threads: int = 1,
        observation_dtype: str = "float32",
        **options: Any,
    ) -> None:
        """`opponent=None` for self-play; otherwise as `CraftgamesEnv`."""
        seats = None if opponent is None else _seats(players, learner_seat, opponent)
        self._seat = None if opponent is None else learner_seat
        self._env = VectorEnv(
            game,
            players,
            num_envs,
            seats=seats,
            reward=reward,
            timing=timing,
            threads=threads,
            observation_dtype=observation_dtype,
            **options,
        )
        self.num_envs = num_envs
        self.single_observation_space = _box(self._env)
        self.single_action_space = spaces.Discrete(self._env.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._acting = np.zeros(num_envs, np.int64)
        self._rows = np.arange(num_envs)

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[Any], dict[str, Any]]:
        """Deals `num_envs` new games from `seed` (an int), or from the next seeds."""
        if isinstance(seed, list):
            raise ValueError("seed one batch with one int: its games get their own streams")
        self._env.reset(seed)
        self._acting[:] = self._env.to_act
        return self._env.observations.copy(), self._infos()

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[Any],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Steps every game; see the module for the auto-reset."""
        self._env.step(actions)
        seats = self._acting if self._seat is None else self._seat
        rewards = self._env.rewards[self._rows, seats].copy()
        terminated = self._env.terminated.copy()
        infos = self._infos()
        if terminated.any():
            infos["final_obs"] = self._env.final_observations.copy()
            infos["final_returns"] = self._env.final_returns.copy()
            infos["_final_obs"] = terminated
        self._acting[:] = self._env.to_act
        return (
            self._env.observations.copy(),
            rewards,
            terminated,
            np.zeros(self.num_envs, bool),
            infos,
        )

    def _infos(self) -> dict[str, Any]:
        return {"action_mask": self._env.masks.copy(), "to_act": self._env.to_act.copy()}


_ENTRY_POINT = "craftgames.gymnasium_env:CraftgamesEnv"


def _register() -> None:
    ids: dict[str, dict[str, object]] = {
        f"craftgames/{game}-2p-vs-{bot}-v0": {"game": game, "players": 2, "opponent": bot}
        for game in craftgames.GAMES
        for bot in ("random", "greedy")
    }
    for game in ("nijar", "sorcery"):
        ids[f"craftgames/{game}-solo-v0"] = {"game": game, "players": 1}
    for env_id, kwargs in ids.items():
        if env_id not in gymnasium.registry:  # importing twice must not warn
            gymnasium.register(env_id, entry_point=_ENTRY_POINT, kwargs=kwargs)


_register()
