"""Shared fixtures: fresh and mid-game Sunrise states built through play from fixed seeds."""

from __future__ import annotations

import random

import pytest

from craftgames import State, sunrise


def play_random(state: State, steps: int, seed: int) -> State:
    """Applies up to `steps` uniformly random legal actions to `state` (in place)."""
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def play_to_end(state: State, seed: int) -> State:
    """Plays `state` to the end with uniformly random legal actions (in place)."""
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.fixture
def fresh() -> State:
    """A new 3-player game."""
    return sunrise.new_game(players=3, seed=7)


@pytest.fixture
def midgame() -> State:
    """A 4-player game 120 random actions in."""
    state = play_random(sunrise.new_game(players=4, seed=11), 120, seed=3)
    assert not state.is_terminal()
    return state


@pytest.fixture(scope="session")
def finished() -> State:
    """A finished 3-player game (do not mutate: shared by the session)."""
    return play_to_end(sunrise.new_game(players=3, seed=5), seed=9)
