"""The observation tensor's declared bounds (`State.observation_tensor_bounds`, the vector
env's ``observation_low`` / ``observation_high``), its compact form (counts times scale) and the
spaces the adapters build on them.
The thorough check — every seat, every step, every mode, searched games too — is the core's
``rust/core/tests/rules/tensor_bounds.rs``; here: the values reach Python intact, hold over random
batches, and follow the setup."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import craftgames
from craftgames.gymnasium_env import CraftgamesEnv, CraftgamesVectorEnv
from craftgames.pettingzoo import raw_env
from craftgames.vector import COMPACT_DTYPES, VectorEnv, space_bounds

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


@pytest.mark.parametrize(("game", "players", "options"), SETUPS)
def test_compact_rows_times_the_scale_are_the_float_rows_bit_for_bit(
    game: str, players: int, options: dict[str, object]
) -> None:
    floats = VectorEnv(game, players, 6, **options)
    compact = VectorEnv(game, players, 6, observation_dtype="compact", **options)
    assert compact.observation_dtype == COMPACT_DTYPES[game]
    assert compact.observations.dtype == np.dtype(COMPACT_DTYPES[game])
    assert compact.observations.shape == floats.observations.shape
    scale = compact.observation_scale
    low, high = compact.observation_count_low, compact.observation_count_high

    def same(counts: np.ndarray, values: np.ndarray) -> None:
        assert ((low <= counts) & (counts <= high)).all()
        np.testing.assert_array_equal(
            (counts.astype(np.float32) * scale).view(np.uint32), values.view(np.uint32)
        )

    floats.reset(seed=2)
    compact.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(300):
        same(compact.observations, floats.observations)
        actions = random_legal(floats.masks, rng)
        floats.step(actions)
        compact.step(actions)
        done = floats.terminated
        same(compact.final_observations[done], floats.final_observations[done])


def test_a_states_compact_tensor_times_the_scale_is_its_tensor() -> None:
    for game, players in (("sunrise", 3), ("sorcery", 2), ("nijar", 1)):
        state = craftgames.new_game(game, players, 4)
        for _ in range(60):
            state.apply_action(state.legal_actions()[-1])
        scale = state.observation_tensor_scale()
        assert state.observation_tensor_compact_dtype() == COMPACT_DTYPES[game]
        for seat in range(players):
            compact = state.observation_tensor_compact(seat)
            assert compact.dtype == np.dtype(COMPACT_DTYPES[game])
            np.testing.assert_array_equal(
                (compact.astype(np.float32) * scale).view(np.uint32),
                state.observation_tensor(seat).view(np.uint32),
            )


def test_a_compact_type_that_cannot_hold_the_counts_is_refused() -> None:
    # Sunrise's discarded game-end cards are -2 halves; Sorcery's scores pass 127.
    with pytest.raises(ValueError, match="its compact dtype is int8"):
        VectorEnv("sunrise", 2, 1, observation_dtype="uint8")
    with pytest.raises(ValueError, match="its compact dtype is int16"):
        VectorEnv("sorcery", 2, 1, observation_dtype="int8")
    with pytest.raises(ValueError, match="observation_dtype must be one of"):
        VectorEnv("nijar", 2, 1, observation_dtype="float16")
    # A wider type than the compact one is fine.
    assert VectorEnv("sunrise", 2, 1, observation_dtype="int16").observations.dtype == np.int16


def test_the_compact_gymnasium_envs_declare_integer_boxes() -> None:
    env = CraftgamesEnv("sunrise", 2, observation_dtype="compact")
    assert env.observation_space.dtype == np.int8
    check_env(env, skip_render_check=True)
    vector = CraftgamesVectorEnv("nijar", 1, 2, observation_dtype="compact")
    assert vector.single_observation_space.dtype == np.int16
    obs, _ = vector.reset(seed=0)
    assert vector.observation_space.contains(obs)
