"""craftgames as PettingZoo AEC environments (`craftgames.pettingzoo`), every game and count."""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import pytest

import craftgames

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, render_test, seed_test

from craftgames import pettingzoo


def _seat_counts(game: str) -> list[int]:
    counts = []
    for players in range(1, 9):
        try:
            craftgames.new_game(game, players)
        except ValueError:
            continue
        counts.append(players)
    return counts


CASES = [(game, players) for game in craftgames.GAMES for players in _seat_counts(game)]


# The classic environments' dict observation (observation + action_mask) draws this advice
# from api_test for any environment not on its list of PettingZoo's own.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
@pytest.mark.parametrize(("game", "players"), CASES)
def test_api_seed_and_render_tests(game: str, players: int) -> None:
    api_test(pettingzoo.env(game, players), num_cycles=300)
    seed_test(functools.partial(pettingzoo.env, game, players), num_cycles=100)
    render_test(functools.partial(pettingzoo.env, game, players))


@pytest.mark.parametrize("game", craftgames.GAMES)
def test_the_mask_is_exactly_the_legal_actions_over_200_random_games(game: str) -> None:
    counts = _seat_counts(game)
    env = pettingzoo.raw_env(game, counts[-1])
    rng = np.random.default_rng(0)
    for g in range(200):
        env.reset(seed=g)
        for agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            mask = observation["action_mask"]
            if termination or truncation:
                assert not mask.any()
                env.step(None)
                continue
            legal = env.state.legal_actions()
            assert np.flatnonzero(mask).tolist() == legal
            assert env.possible_agents.index(agent) == env.state.current_player()
            env.step(int(rng.choice(legal)))
        assert env.state.is_terminal()


def _play_out(env: Any, seed: int) -> dict[str, float]:
    """Each agent's total reward over a random game."""
    totals = dict.fromkeys(env.possible_agents, 0.0)
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter():
        _, reward, termination, _, _ = env.last()
        totals[agent] += reward
        if termination:
            env.step(None)
        else:
            env.step(int(rng.choice(env.state.legal_actions())))
    return totals


def test_seeds_deal_different_games() -> None:
    env = pettingzoo.raw_env("sunrise", 3)
    env.reset(seed=1)
    first = env.state.to_json()
    env.reset(seed=2)
    assert env.state.to_json() != first
    env.reset(seed=1)
    assert env.state.to_json() == first


@pytest.mark.parametrize("timing", ["end", "delta"])
def test_rewards_add_up_to_the_result_in_every_mode(timing: str) -> None:
    for reward in ["score", "margin", "rank", "win"]:
        env = pettingzoo.raw_env("sunrise", 3, reward=reward, timing=timing)
        env.reset(seed=4)
        totals = list(_play_out(env, 5).values())
        scores = env.state.scores()
        best = [seat for seat in range(3) if scores[seat] == max(scores)]
        expected = {
            "score": [float(x) for x in scores],
            "margin": [float(x - max(scores[:i] + scores[i + 1 :])) for i, x in enumerate(scores)],
            "win": [1 / len(best) if seat in best else 0.0 for seat in range(3)],  # ties split
        }
        if reward == "rank":  # first 1, last 0, linear between; equal scores share
            order = sorted(scores, reverse=True)
            value = [1 - order.index(x) / 2 - (order.count(x) - 1) / 4 for x in scores]
            assert totals == pytest.approx(value)
        else:
            assert totals == pytest.approx(expected[reward]), reward


def test_solo_rewards_follow_the_solo_margin_not_the_score() -> None:
    env = pettingzoo.raw_env("nijar", 1)  # the default reward: "margin"
    env.reset(seed=3)
    (total,) = _play_out(env, 1).values()
    margin = env.state.solo_margin()
    assert margin is not None and total == pytest.approx(margin)
    assert total != env.state.scores()[0]
    win = pettingzoo.raw_env("nijar", 1, reward="win")
    win.reset(seed=3)
    (won,) = _play_out(win, 1).values()
    assert won == (1.0 if margin > 0 else 0.0)
    with pytest.raises(ValueError, match="elo"):
        pettingzoo.raw_env("nijar", 1, reward="elo")


def test_spaces_are_the_same_objects_and_render_shows_the_acting_seats_board(
    capsys: pytest.CaptureFixture[str],
) -> None:
    env = pettingzoo.raw_env("sunrise", 2, render_mode="ansi")
    assert env.observation_space("player_0") is env.observation_space("player_0")
    assert env.action_space("player_1") is env.action_space("player_1")
    env.reset(seed=4)
    text = env.render()
    assert isinstance(text, str) and "seat 0" in text.lower()
    human = pettingzoo.raw_env("sunrise", 2, render_mode="human")
    human.reset(seed=4)
    assert human.render() is None
    assert capsys.readouterr().out == text


def test_bad_arguments_raise() -> None:
    with pytest.raises(ValueError, match="no option"):
        pettingzoo.env("sunrise", 2, nope=1)
    with pytest.raises(ValueError, match="render_mode"):
        pettingzoo.env("sunrise", 2, render_mode="rgb_array")
    env = pettingzoo.raw_env("sunrise", 2)
    env.reset(seed=0)
    with pytest.raises(craftgames.IllegalActionError):
        env.step(10**6)
