"""craftgames as OpenSpiel games (`craftgames.openspiel`), on every game and player count."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import craftgames
from craftgames.bots import MCTSBot

pyspiel = pytest.importorskip("pyspiel")
from craftgames import openspiel  # noqa: E402  (needs pyspiel)

openspiel.register()

CASES = [
    (game, players)
    for game in craftgames.GAMES
    for players in range(
        pyspiel.load_game(openspiel.short_name(game)).get_type().min_num_players,
        pyspiel.load_game(openspiel.short_name(game)).get_type().max_num_players + 1,
    )
]


def _fewest(game: str) -> int:
    return int(pyspiel.load_game(openspiel.short_name(game)).get_type().min_num_players)


def _load(game: str, players: int, seed: int = 0) -> Any:
    return pyspiel.load_game(openspiel.short_name(game), {"players": players, "seed": seed})


@pytest.mark.parametrize("serialize", [False, True])
@pytest.mark.parametrize(("game", "players"), CASES)
def test_random_sim_test(game: str, players: int, serialize: bool) -> None:
    pyspiel.random_sim_test(_load(game, players), num_sims=2, serialize=serialize, verbose=False)


def test_game_type_and_info_are_declared_truthfully() -> None:
    for game, players in CASES:
        spiel_game = _load(game, players)
        t = spiel_game.get_type()
        assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert t.utility == pyspiel.GameType.Utility.GENERAL_SUM
        assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
        assert t.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
        ours = craftgames.new_game(game, players)
        assert spiel_game.num_players() == players
        assert spiel_game.num_distinct_actions() == ours.num_distinct_actions()
        assert spiel_game.observation_tensor_size() == ours.observation_tensor_size()
        scores = craftgames.random_playouts(game, 200, 99, players)
        assert spiel_game.min_utility() <= scores.min()
        assert scores.max() <= spiel_game.max_utility()


def test_max_game_length_and_utility_are_the_engines_proved_bounds() -> None:
    solo: dict[str, list[dict[str, Any]]] = {
        "sorcery": [{"solo": "no-robot"}, {"staffs": True}],
        "nijar": [{"difficulty": "expert"}],
    }
    for game, players in CASES:
        for options in [{}, *(solo.get(game, []) if players == 1 else [])]:
            params: dict[str, Any] = {"players": players}
            if options:
                params["options"] = json.dumps(options)
            spiel_game = pyspiel.load_game(openspiel.short_name(game), params)
            ours = craftgames.new_game(game, players, **options)
            assert spiel_game.max_game_length() == ours.max_game_length()
            low, high = ours.score_bounds()
            # Returns are the final scores at the end and zeros before it.
            assert spiel_game.min_utility() == min(low, 0)
            assert spiel_game.max_utility() == max(high, 0)


def test_a_card_file_allowing_higher_scores_raises_the_declared_max_utility() -> None:
    text = (Path(__file__).resolve().parents[1] / "rust/core/data/sunrise.toml").read_text()
    first = next(line for line in text.splitlines() if line.startswith("points = "))
    raise_by = 90 - int(first.split("=")[1])
    richer = text.replace(first, "points = 90", 1)
    plain = pyspiel.load_game("craftgames_sunrise", {"players": 3})
    rich = pyspiel.load_game("craftgames_sunrise", {"players": 3, "cards": richer})
    assert rich.max_utility() == plain.max_utility() + raise_by
    assert rich.max_utility() == craftgames.new_game("sunrise", 3, cards=richer).score_bounds()[1]


@pytest.mark.parametrize("game", craftgames.GAMES)
def test_states_delegate_clone_and_serialize(game: str) -> None:
    spiel_game = _load(game, _fewest(game), seed=5)
    state = spiel_game.new_initial_state()
    ours = craftgames.new_game(game, _fewest(game), seed=5)
    assert set(vars(state)) == {"_state"}
    rng = random.Random(1)
    while not state.is_terminal():
        assert state.legal_actions() == ours.legal_actions()
        seat = state.current_player()
        assert state.information_state_string(seat) == ours.information_state_string(seat)
        np.testing.assert_array_equal(state.observation_tensor(seat), ours.observation_tensor(seat))
        text = pyspiel.serialize_game_and_state(spiel_game, state)
        _, copy = pyspiel.deserialize_game_and_state(text)
        assert str(copy) == str(state) and copy.history() == state.history()
        clone = state.clone()
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        ours.apply_action(action)
        assert str(clone) != str(state)  # the clone is independent
    assert state.returns() == ours.returns()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


def test_bad_parameters_raise_before_any_game_exists() -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        pyspiel.load_game("craftgames_sunrise", {"players": 9})
    with pytest.raises(ValueError, match="no option"):
        pyspiel.load_game("craftgames_sunrise", {"options": '{"nope": 1}'})
    with pytest.raises(ValueError, match="unknown game"):
        openspiel.register(["nope"])


@pytest.mark.parametrize("game", craftgames.GAMES)
def test_python_ismcts_plays_a_game_with_our_resampler(game: str) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    players = _fewest(game)
    spiel_game = _load(game, players, seed=3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(
        spiel_game, evaluator, uct_c=1.0, max_simulations=8, random_state=np.random.RandomState(0)
    )
    draws: list[tuple[str, str]] = []
    resample = openspiel.resampler(seed=0)

    def checked(state: Any, player: int) -> Any:
        redrawn = resample(state, player)
        draws.append(
            (state.information_state_string(player), redrawn.information_state_string(player))
        )
        return redrawn

    bot.set_resampler(checked)
    rng = random.Random(0)
    state = spiel_game.new_initial_state()
    while not state.is_terminal():  # IS-MCTS at seat 0, uniform random elsewhere
        if state.current_player() == 0:
            action = bot.step(state)
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    ours = craftgames.new_game(game, players, seed=3)
    for action in state.history():
        ours.apply_action(action)
    assert ours.is_terminal() and state.returns() == ours.returns()
    assert draws
    # A determinization keeps everything the searching seat knows.
    assert all(before == after for before, after in draws)


@pytest.mark.parametrize("game", craftgames.GAMES)
def test_evaluate_bots_with_our_mcts_against_uniform_random(game: str) -> None:
    from open_spiel.python.algorithms import evaluate_bots

    players = _fewest(game)
    spiel_game = _load(game, players, seed=4)
    bots = [openspiel.SpielBot(MCTSBot(iterations=30, seed=0))]
    bots += [pyspiel.make_uniform_random_bot(seat, 7 + seat) for seat in range(1, players)]
    state = spiel_game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(0))
    ours = craftgames.new_game(game, players, seed=4)
    for action in state.history():
        ours.apply_action(action)
    assert ours.is_terminal()
    assert list(returns) == ours.returns()


@pytest.mark.parametrize("game", craftgames.GAMES)
def test_rl_environment_steps_a_game_to_the_end(game: str) -> None:
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(_load(game, _fewest(game), seed=2))
    rng = random.Random(0)
    step = env.reset()
    steps = 0
    while not step.last():
        player = step.observations["current_player"]
        legal = step.observations["legal_actions"][player]
        assert (
            len(step.observations["info_state"][player]) == env.observation_spec()["info_state"][0]
        )
        step = env.step([rng.choice(legal)])
        steps += 1
    ours = craftgames.new_game(game, _fewest(game), seed=2)
    for action in env.get_state.history():
        ours.apply_action(action)
    assert steps == len(ours.history()) and ours.is_terminal()
    assert step.rewards == ours.returns()
