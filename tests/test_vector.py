"""The batched environment (`craftgames.vector`): deals, determinism, masks, bots, finals,
rewards against oracles computed here from replayed states, and bad input."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

import craftgames
from craftgames.vector import VectorEnv, reward_values


def random_legal(masks: npt.NDArray[np.bool_], rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """One uniformly random legal action per row of `masks`."""
    noise = rng.random(masks.shape)
    return np.asarray(np.where(masks, noise, -1.0).argmax(axis=1), dtype=np.int64)


def replay(
    game: str, players: int, seed: int, history: list[int], **options: object
) -> craftgames.State:
    state = craftgames.new_game(game, players, seed, **options)
    for a in history:
        state.apply_action(a)
    return state


def test_every_reset_deals_new_games() -> None:
    env = VectorEnv("sorcery", 2, 6)
    seen: set[int] = set()
    for seed in (None, None, 3):
        env.reset(seed)
        seen.update(int(s) for s in env.seeds)
    assert len(seen) == 18
    # The deal is its seed's: the observation is the one of that game.
    first = craftgames.new_game("sorcery", 2, int(env.seeds[0]))
    np.testing.assert_array_equal(
        env.observations[0], first.observation_tensor(first.current_player())
    )


def trace(seed: int, threads: int) -> list[tuple[object, ...]]:
    env = VectorEnv("nijar", 2, 4, reward="margin", timing="delta", threads=threads)
    env.reset(seed)
    rng = np.random.default_rng(1)
    out = []
    for _ in range(150):
        env.step(random_legal(env.masks, rng))
        out.append((env.observations.copy(), env.rewards.copy(), env.seeds.copy()))
    return out


def test_the_same_seed_plays_the_same_games_on_any_thread_count() -> None:
    a, b, c = trace(5, 1), trace(5, 2), trace(6, 1)
    for x, y in zip(a, b, strict=True):
        for u, v in zip(x, y, strict=True):
            np.testing.assert_array_equal(u, v)
    assert not np.array_equal(a[0][2], c[0][2]), "another seed deals other games"


def test_masks_are_the_legal_actions_of_the_replayed_state() -> None:
    env = VectorEnv("sunrise", 3, 3)
    env.reset(2)
    rng = np.random.default_rng(2)
    for _ in range(100):
        env.step(random_legal(env.masks, rng))
        for i in range(3):
            state = env.state(i)
            again = replay("sunrise", 3, int(env.seeds[i]), state.history())
            assert np.flatnonzero(env.masks[i]).tolist() == again.legal_actions()
            assert env.to_act[i] == again.current_player()
            np.testing.assert_array_equal(
                env.observations[i], again.observation_tensor(int(env.to_act[i]))
            )
    # The env writes only the entries of a mask row that change: a row a caller could edit
    # would go wrong, so the arrays are read-only views.
    with pytest.raises(ValueError, match="read-only"):
        env.masks[0, 0] = True


def test_bots_move_inside_the_call_and_finished_games_are_kept() -> None:
    env = VectorEnv("sunrise", 2, 4, seats=["greedy", "learner"], reward="win")
    env.reset(7)
    rng = np.random.default_rng(7)
    finished = 0
    while finished < 4:
        assert (env.to_act == 1).all(), "the learner sees only its own seat"
        before = env.seeds.copy()
        env.step(random_legal(env.masks, rng))
        for i in np.flatnonzero(env.terminated):
            finished += 1
            end = env.finished_state(int(i))
            assert end is not None and end.is_terminal()
            assert env.final_seeds[i] == before[i] != env.seeds[i]
            again = replay("sunrise", 2, int(before[i]), end.history())
            scores = again.returns()
            assert env.final_scores[i].tolist() == scores
            oracle = (
                [1.0, 0.0]
                if scores[0] > scores[1]
                else [0.0, 1.0]
                if scores[1] > scores[0]
                else [0.5, 0.5]
            )
            assert env.final_returns[i].tolist() == oracle == env.rewards[i].tolist()
            np.testing.assert_array_equal(env.final_observations[i], again.observation_tensor(1))
        assert not env.rewards[~env.terminated].any(), "reward='win' pays only at the end"


@pytest.mark.parametrize(
    ("players", "reward", "options"),
    [
        (2, "score", {}),
        (3, "margin", {}),
        (3, "rank", {}),
        (1, "score", {}),
        (1, "margin", {}),
        (1, "win", {}),
    ],
)
def test_rewards_follow_each_mode(players: int, reward: str, options: dict[str, object]) -> None:
    env = VectorEnv("nijar", players, 3, reward=reward, timing="delta")
    env.reset(11)
    rng = np.random.default_rng(11)
    totals = np.zeros((3, players))
    checked = 0
    while checked < 3:
        before = env.seeds.copy()
        env.step(random_legal(env.masks, rng))
        totals += env.rewards
        for i in np.flatnonzero(env.terminated):
            end = env.finished_state(int(i))
            assert end is not None
            state = replay("nijar", players, int(before[i]), end.history())
            s = state.returns()
            if players == 1:
                margin = state.solo_margin()
                assert margin is not None
                oracle = {"score": [s[0]], "margin": [margin], "win": [1.0 if margin > 0 else 0.0]}[
                    reward
                ]
            elif reward == "score":
                oracle = s
            elif reward == "margin":
                oracle = [
                    s[p] - max(s[q] for q in range(players) if q != p) for p in range(players)
                ]
            else:  # rank among three: 1, 0.5, 0 by score, tied seats sharing
                order = sorted(s, reverse=True)
                oracle = [
                    np.mean([1.0 - k / 2 for k, v in enumerate(order) if v == s[p]])
                    for p in range(players)
                ]
            np.testing.assert_allclose(env.final_returns[i], oracle, atol=1e-4)
            np.testing.assert_allclose(totals[i], oracle, atol=1e-3)  # deltas add up to it
            assert reward_values(state, reward, "delta") == pytest.approx(oracle, abs=1e-4)
            totals[i] = 0.0
            checked += 1


def test_bad_input_is_a_clear_value_error() -> None:
    with pytest.raises(ValueError, match="alphazero"):
        VectorEnv("sunrise", 2, 2, seats=["learner", "alphazero"])
    with pytest.raises(ValueError, match="2 seats but 1"):
        VectorEnv("sunrise", 2, 2, seats=["learner"])
    with pytest.raises(ValueError, match="learner"):
        VectorEnv("sunrise", 2, 2, seats=["random", "random"])
    with pytest.raises(ValueError, match="unknown reward"):
        VectorEnv("sunrise", 2, 2, reward="elo")
    with pytest.raises(ValueError, match="timing"):
        VectorEnv("sunrise", 2, 2, timing="often")
    with pytest.raises(ValueError, match="num_games"):
        VectorEnv("sunrise", 2, 0)
    with pytest.raises(ValueError, match="unknown game"):
        VectorEnv("chess", 2, 2)
    env = VectorEnv("sunrise", 2, 2)
    with pytest.raises(ValueError, match="reset"):
        env.step([0, 0])
    env.reset(0)
    with pytest.raises(ValueError, match="shape"):
        env.step([0, 0, 0])
    with pytest.raises(ValueError, match="integer"):
        env.step([0.5, 1.5])
    legal = int(np.flatnonzero(env.masks[0])[0])
    illegal = int(np.flatnonzero(~env.masks[1])[0])
    before = env.state(0).to_json()
    with pytest.raises(craftgames.IllegalActionError, match="game 1"):
        env.step([legal, illegal])
    with pytest.raises(craftgames.IllegalActionError, match="game 1"):
        env.step([legal, -1])
    assert env.state(0).to_json() == before, "no game moved"
    with pytest.raises(ValueError, match="no game 5"):
        env.state(5)
