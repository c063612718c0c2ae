"""craftgames.guided: the batched evaluator's contract, priors steering visits, clear errors."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

import craftgames
from craftgames import _core, guided


def _sunrise(seed: int) -> craftgames.State:
    return craftgames.new_game("sunrise", 2, seed)


def test_ucb1_with_the_rollout_guide_replays_mcts_search() -> None:
    state = _sunrise(4)
    ours = guided.search(state, simulations=80, selection="ucb1", seed=9)
    _, stats, _ = _core.mcts_search(state, iterations=80, seed=9)
    assert ours.visits == {s["action"]: s["visits"] for s in stats}


def test_the_evaluator_is_called_once_per_batch_with_the_acting_seats_rows() -> None:
    states = [_sunrise(s) for s in range(4)]
    calls: list[tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]] = []

    def evaluator(
        obs: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        calls.append((obs.copy(), masks.copy()))
        return np.zeros(masks.shape, np.float32), np.full((len(obs), 2), 0.5, np.float32)

    results = guided.search_many(states, evaluator, simulations=40, in_flight=8)
    # 4 games x 40 simulations in batches of at most 4 x 8 leaves: never once per leaf.
    assert all(o.dtype == np.float32 and m.dtype == np.bool_ for o, m in calls)
    assert max(len(o) for o, _ in calls) == 32
    assert len(calls) <= 4 * 40 // 8 + 1
    # The first batch's leaves are the roots: the searcher's own observation and legal actions
    # (a determinization changes only what the searcher cannot see).
    first_obs, first_masks = calls[0]
    for g, state in enumerate(states):
        seat = state.current_player()
        row = g  # one root leaf per game in the first batch
        np.testing.assert_array_equal(first_obs[row], state.observation_tensor(seat))
        assert list(np.flatnonzero(first_masks[row])) == state.legal_actions()
    for r, state in zip(results, states, strict=True):
        assert (
            r.simulations == 40 and sum(r.visits.values()) == 39
        )  # the first only evaluated the root
        np.testing.assert_array_equal(
            r.observation, state.observation_tensor(state.current_player())
        )
        assert r.policy.shape == (state.num_distinct_actions(),) and r.policy.sum() == 1.0


def test_relative_values_are_read_from_the_seat_to_act_at_the_leaf() -> None:
    # "Seat to act first" is the tensors' order: with values="relative" the row [1, 0] says
    # the seat to act at the leaf wins. Two simulations: the first expands the root, the
    # second values one child, so the root value is that child's row.
    state = _sunrise(3)
    rng = np.random.default_rng(0)
    while state.current_player() != 1:
        state.apply_action(int(rng.choice(state.legal_actions())))

    def evaluator(
        obs: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        return np.zeros(masks.shape, np.float32), np.tile(np.float32([1, 0]), (len(obs), 1))

    seats = guided.search(state, evaluator, simulations=2)
    assert list(seats.root_value) == [1.0, 0.0]
    relative = guided.search(state, evaluator, simulations=2, values="relative")
    (tried,) = [a for a, n in relative.visits.items() if n > 0]
    child = state.clone()
    child.apply_action(tried)
    winner = child.current_player()
    assert list(relative.root_value) == [1.0 if s == winner else 0.0 for s in (0, 1)]
    with pytest.raises(ValueError, match="unknown values"):
        guided.search(state, evaluator, simulations=2, values="absolute")  # type: ignore[arg-type]


def test_rollout_weight_one_replays_the_uniform_guide_and_bad_weights_are_refused() -> None:
    state = _sunrise(6)

    def lost(
        obs: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        # Uniform logits and "everyone loses": with weight 1 the value is the rollout's alone.
        return np.zeros(masks.shape, np.float32), np.zeros((len(obs), 2), np.float32)

    mixed = guided.search(state, lost, simulations=90, rollout_weight=1.0, seed=4)
    builtin = guided.search(state, simulations=90, guide="uniform", seed=4)
    assert mixed.visits == builtin.visits
    np.testing.assert_array_equal(mixed.root_value, builtin.root_value)
    with pytest.raises(ValueError, match="rollout weight must be in"):
        guided.search(state, lost, simulations=2, rollout_weight=1.5)


def test_a_confident_prior_takes_the_visits_a_uniform_one_shares() -> None:
    state = _sunrise(2)
    legal = state.legal_actions()
    favoured = legal[len(legal) // 2]

    def peaked(
        obs: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        logits = np.zeros(masks.shape, np.float32)
        logits[:, favoured] = 10.0
        return logits, np.full((len(obs), 2), 0.5, np.float32)

    def flat(
        obs: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        return np.zeros(masks.shape, np.float32), np.full((len(obs), 2), 0.5, np.float32)

    focused = guided.search(state, peaked, simulations=300)
    assert focused.visits[favoured] >= 270 and focused.action == favoured
    spread = guided.search(state, flat, simulations=300)
    assert max(spread.visits.values()) - min(spread.visits.values()) <= 1


def _answering(priors: object, values: object) -> guided.Evaluator:
    def evaluator(
        obs: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]
    ) -> tuple[object, object]:
        return priors, values

    return evaluator  # type: ignore[return-value]


@pytest.mark.parametrize(
    ("priors", "values", "error", "words"),
    [
        (
            np.zeros((1, 3), np.float32),
            np.zeros((1, 2), np.float32),
            ValueError,
            "priors have shape",
        ),
        (None, np.zeros((1, 2), np.float32), TypeError, "priors must be a 2-D float32"),
        ("ok", np.zeros((1, 2)), TypeError, "numeric"),
        ("full", np.array([[0.5, np.nan]]), ValueError, "value for seat 1 of leaf 0 is NaN"),
        ("full", np.zeros((2, 2)), ValueError, "values have shape"),
    ],
)
def test_bad_evaluator_outputs_raise_a_sentence(
    priors: object, values: object, error: type[Exception], words: str
) -> None:
    state = _sunrise(1)
    if isinstance(priors, str) and priors == "full":
        priors = np.zeros((1, state.num_distinct_actions()), np.float64)  # float64 is converted
    with pytest.raises(error, match=words):
        guided.search(state, _answering(priors, values), simulations=5)


def test_an_evaluator_that_returns_no_pair_or_raises_is_reported() -> None:
    state = _sunrise(1)
    with pytest.raises(TypeError, match="pair"):
        guided.search(state, lambda o, m: None, simulations=3)  # type: ignore[arg-type,return-value]

    def broken(obs: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]) -> tuple[int, int]:
        raise RuntimeError("model on fire")

    with pytest.raises(RuntimeError, match="model on fire"):
        guided.search(state, broken, simulations=3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown guide"):
        guided.search(state, guide="clever", simulations=3)  # type: ignore[arg-type]


def test_batches_reuse_their_arrays_but_never_overwrite_ones_the_evaluator_keeps() -> None:
    states = [_sunrise(s) for s in range(2)]
    actions = states[0].num_distinct_actions()
    addresses: set[int] = set()
    kept: list[tuple[npt.NDArray[np.generic], npt.NDArray[np.generic]]] = []

    def answer(n: int) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        return np.zeros((n, actions), np.float32), np.full((n, 2), 0.5, np.float32)

    def forgetting(
        obs: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        addresses.add(obs.__array_interface__["data"][0])
        return answer(len(obs))

    guided.search_many(states, forgetting, simulations=30, in_flight=4)
    assert len(addresses) == 1  # every batch was written into the same array

    def keeping_observations(
        obs: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        kept.append((obs, obs.copy()))
        return answer(len(obs))

    def keeping_a_view_of_a_mask_row(
        obs: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        kept.append((masks[-1], masks[-1].copy()))
        return answer(len(obs))

    for evaluator in (keeping_observations, keeping_a_view_of_a_mask_row):
        kept.clear()
        guided.search_many(states, evaluator, simulations=30, in_flight=4)
        assert len(kept) >= 8
        for array, as_given in kept:
            np.testing.assert_array_equal(array, as_given)


def test_the_evaluator_gets_read_only_rows() -> None:
    # The search writes only the mask entries that change from one batch to the next, so an
    # evaluator editing its rows would corrupt the next batch: they are read-only.
    states = [_sunrise(s) for s in range(2)]
    actions = states[0].num_distinct_actions()

    def editing(
        obs: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        masks[:, 0] = True
        return np.zeros((len(obs), actions), np.float32), np.full((len(obs), 2), 0.5, np.float32)

    with pytest.raises(ValueError, match="read-only"):
        guided.search_many(states, editing, simulations=10, in_flight=4)


def _played_out(game: str, players: int, seed: int) -> craftgames.State:
    state = craftgames.new_game(game, players, seed)
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_terminal_values_are_the_searchs_rewards_on_its_scale() -> None:
    # Margin between seats: the lead over the best other seat over the largest |score|
    # (at least 1), mapped from [-1, 1] to [0, 1]; rank: 1 first, 0 last, ties shared.
    for players, seed in ((2, 3), (3, 4), (4, 5)):
        state = _played_out("sunrise", players, seed)
        scores = state.scores()
        scale = max(1, *(abs(s) for s in scores))
        expected = [
            0.5 + 0.5 * (s - max(o for k, o in enumerate(scores) if k != seat)) / scale
            for seat, s in enumerate(scores)
        ]
        assert guided.terminal_values(state) == pytest.approx(expected)
        ranks = guided.terminal_values(state, "rank")
        best = max(scores)
        winners = [seat for seat, s in enumerate(scores) if s == best]
        assert all(ranks[seat] == max(ranks) for seat in winners)
        if len(winners) == 1:
            assert ranks[winners[0]] == 1.0 and min(ranks) == 0.0
    # Alone against the game's target: the margin over the larger of |own| and |target|.
    solo = _played_out("nijar", 1, 6)
    own, margin = solo.scores()[0], solo.solo_margin()
    assert margin is not None
    solo_scale = max(1.0, abs(own), abs(own - margin))
    assert guided.terminal_values(solo) == pytest.approx([0.5 + 0.5 * margin / solo_scale])


def test_terminal_values_refuse_a_game_in_progress_and_unknown_rewards() -> None:
    with pytest.raises(ValueError, match="not over"):
        guided.terminal_values(craftgames.new_game("sunrise", 2, 0))
    with pytest.raises(ValueError, match="unknown reward"):
        guided.terminal_values(_played_out("sunrise", 2, 1), "points")  # type: ignore[arg-type]
