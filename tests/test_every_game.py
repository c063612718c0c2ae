"""Invariants every game keeps at every step of seeded random play, for every player count it
accepts: each legal action has its own sentence (for the acting seat too), the event log
tells each move, the JSON document round-trips, and the game ends within its declared length
and score bounds (the same in every state). Games added later are checked for free."""

from __future__ import annotations

import random

import pytest

import craftgames
from craftgames import State

GAMES_PER_COUNT = 2


def _cases() -> list[tuple[str, int]]:
    cases = []
    for game in craftgames.GAMES:
        for players in range(1, 5):
            try:
                craftgames.new_game(game, players=players, seed=0)
            except ValueError:
                continue
            cases.append((game, players))
    return cases


def _check_step(state: State, action: int) -> None:
    legal = state.legal_actions()
    sentences = [state.action_to_string(a) for a in legal]
    assert len(set(sentences)) == len(sentences), [s for s in sentences if sentences.count(s) > 1]
    seat = state.current_player()
    public = [state.public_action_string(a, viewer=seat) for a in legal]
    assert len(set(public)) == len(public), [s for s in public if public.count(s) > 1]
    events = state.public_events(action)
    assert isinstance(events, list) and events
    assert all(isinstance(e, str) and e for e in events)
    doc = state.to_json()
    assert State.from_json(doc).to_json() == doc


@pytest.mark.parametrize(("game", "players"), _cases())
def test_random_games_keep_the_generic_invariants(game: str, players: int) -> None:
    for seed in range(GAMES_PER_COUNT):
        state = craftgames.new_game(game, players=players, seed=seed)
        length, (low, high) = state.max_game_length(), state.score_bounds()
        rng = random.Random(seed)
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            _check_step(state, action)
            state.apply_action(action)
        assert (state.max_game_length(), state.score_bounds()) == (length, (low, high))
        assert len(state.history()) <= length
        assert all(low <= score <= high for score in state.scores())
        doc = state.to_json()
        assert State.from_json(doc).to_json() == doc
        # One seat plays against a built-in opponent (or a grade table): the margin that decides
        # it is there once the game is over; games between seats have none.
        margin = state.solo_margin()
        assert (margin is None) == (players > 1)


def test_every_game_is_checked() -> None:
    assert {game for game, _ in _cases()} == set(craftgames.GAMES)
