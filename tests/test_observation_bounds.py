"""The observation tensor's declared bounds (`State.observation_tensor_bounds`, the vector
env's ``observation_low`` / ``observation_high``) and the spaces the adapters build on them.
The thorough check — every seat, every step, every mode, searched games too — is the core's
``rust/core/tests/tensor_bounds.rs``; here: the values reach Python intact, hold over random
batches, and follow the setup."""

from __future__ import annotations

import numpy as np
import pytest

import craftgames
from craftgames.gymnasium_env import CraftgamesEnv, CraftgamesVectorEnv
from craftgames.pettingzoo import raw_env
from craftgames.vector import VectorEnv, space_bounds

SETUPS = [
    ("sunrise", 2, {}),
    ("sunrise", 4, {}),
    ("sorcery", 1, {"solo": "robot", "difficulty": "extra-hard"}),
    ("sorcery", 3, {"staffs": True}),
    ("nijar", 1, {"difficulty": "expert"}),
    ("nijar", 4, {}),
]

# Sunrise's layout: the global block, then one block per seat (the viewer first), the
# personal supply (in fifteenths) first in each.
SUNRISE_GLOBAL = 114
SUNRISE_PER_SEAT = 285


def random_legal(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    return np.asarray(np.where(masks, rng.random(masks.shape), -1.0).argmax(axis=1))


@pytest.mark.parametrize(("game", "players", "options"), SETUPS)
def test_random_batches_stay_within_the_declared_bounds(
    game: str, players: int, options: dict[str, object]
) -> None:
    env = VectorEnv(game, players, 8, **options)
    low, high = env.observation_low, env.observation_high
    state = craftgames.new_game(game, players, 5, **options)
    state_low, state_high = state.observation_tensor_bounds()
    np.testing.assert_array_equal(low, state_low)
    np.testing.assert_array_equal(high, state_high)
    assert low.shape == high.shape == (env.observation_size,)
    assert low.dtype == high.dtype == np.float32
    assert (low <= high).all() and np.isfinite(high).all() and np.isfinite(low).all()
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(400):
        env.step(random_legal(env.masks, rng))
        assert ((low <= env.observations) & (env.observations <= high)).all()
        ended = env.final_observations[env.terminated]
        assert ((low <= ended) & (ended <= high)).all()


def test_the_bounds_follow_the_player_count() -> None:
    # Two seats: the blocks of seats 3 and 4 stay 0; with four, every seat's supply holds
    # up to the game's 60 tokens, in fifteenths.
    low, high = craftgames.new_game("sunrise", 2, 0).observation_tensor_bounds()
    absent = slice(SUNRISE_GLOBAL + 2 * SUNRISE_PER_SEAT, SUNRISE_GLOBAL + 4 * SUNRISE_PER_SEAT)
    assert not low[absent].any() and not high[absent].any()
    _, high4 = craftgames.new_game("sunrise", 4, 0).observation_tensor_bounds()
    for seat in range(4):
        assert high4[SUNRISE_GLOBAL + seat * SUNRISE_PER_SEAT] == pytest.approx(60 / 15)
    # Sorcery's running scores lie within the proved score bounds, in thirtieths.
    state = craftgames.new_game("sorcery", 2, 0)
    score_low, score_high = state.score_bounds()
    low, high = state.observation_tensor_bounds()
    assert low.min() == pytest.approx(score_low / 30)
    assert high.max() == pytest.approx(score_high / 30)


def test_the_gymnasium_and_pettingzoo_spaces_are_the_bounds() -> None:
    low, high = craftgames.new_game("nijar", 1, 0).observation_tensor_bounds()
    box_low, box_high = space_bounds(low, high)
    # A constant entry (the Competition's block is used, but not a 2nd to 4th seat's) gets a
    # unit-wide box; every other bound is the declared one.
    constant = low == high
    assert constant.any()
    np.testing.assert_array_equal(box_high[constant], low[constant] + 1)
    np.testing.assert_array_equal(box_high[~constant], high[~constant])
    for space in (
        CraftgamesEnv("nijar", 1).observation_space,
        CraftgamesVectorEnv("nijar", 1, 2).single_observation_space,
        raw_env("nijar", 1).observation_space("player_0")["observation"],
    ):
        np.testing.assert_array_equal(space.low, box_low)
        np.testing.assert_array_equal(space.high, box_high)
