"""The Gymnasium adapters: `check_env` on the registered envs, masks, the vector env's
same-step auto-reset."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from craftgames.gymnasium_env import CraftgamesEnv, CraftgamesVectorEnv


@pytest.mark.parametrize(
    "env_id",
    [
        "craftgames/sunrise-2p-vs-random-v0",
        "craftgames/nijar-solo-v0",
        "craftgames/sorcery-2p-vs-greedy-v0",
    ],
)
def test_registered_envs_pass_check_env(env_id: str) -> None:
    env = gymnasium.make(env_id)
    check_env(env.unwrapped, skip_render_check=True)


def test_a_game_against_bots_ends_with_the_learners_margin() -> None:
    env = CraftgamesEnv("sunrise", 2, opponent="random", learner_seat=1, reward="margin")
    obs, _ = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    rng = np.random.default_rng(3)
    total, done, info = 0.0, False, {}
    while not done:
        legal = np.flatnonzero(env.action_masks())
        obs, reward, done, truncated, info = env.step(int(rng.choice(legal)))
        assert not truncated and env.observation_space.contains(obs)
        total += reward
    scores = info["scores"]
    assert total == scores[1] - scores[0]
    assert not env.action_masks().any()
    with pytest.raises(ValueError, match="reset"):
        env.step(0)


def test_the_vector_env_resets_in_the_same_step_and_keeps_the_final_observation() -> None:
    env = CraftgamesVectorEnv("nijar", 1, 4, opponent="random", reward="win")
    obs, infos = env.reset(seed=1)
    assert env.observation_space.contains(obs)
    rng = np.random.default_rng(1)
    ended = 0
    while ended < 4:
        masks = infos["action_mask"]
        actions = np.where(masks, rng.random(masks.shape), -1).argmax(axis=1)
        obs, rewards, terminated, truncated, infos = env.step(actions)
        assert not truncated.any()
        if terminated.any():
            ended += int(terminated.sum())
            assert (infos["_final_obs"] == terminated).all()
            assert set(rewards[terminated].tolist()) <= {0.0, 1.0}
            assert (infos["final_returns"][terminated, 0] == rewards[terminated]).all()
            assert not np.array_equal(infos["final_obs"][terminated], obs[terminated])
        assert not rewards[~terminated].any()


def test_an_illegal_action_ends_the_game_with_the_penalty() -> None:
    env = CraftgamesEnv("nijar", 1)
    env.reset(seed=0)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info) == (-1.0, True, {"illegal_action": illegal})
