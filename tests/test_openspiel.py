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


def _load(game: str, players: int, seed: int = 0, deal: str = "chance") -> Any:
    params = {"players": players, "seed": seed, "deal": deal}
    return pyspiel.load_game(openspiel.short_name(game), params)


def _ours(game: str, seed: int, state: Any) -> craftgames.State:
    """The engine game `state` plays: dealt from its chance outcomes (the 32 low bits of the
    seed, above `seed`), then its moves."""
    steps = state.full_history()
    deal = [step.action for step in steps if step.player == pyspiel.PlayerId.CHANCE]
    if deal:
        assert len(deal) == 4
        seed = (seed << 32) | int.from_bytes(bytes(deal), "big")
    ours = craftgames.new_game(game, state.num_players(), seed)
    for step in steps:
        if step.player >= 0:
            ours.apply_action(step.action)
    return ours


def _deal(state: Any, outcomes: tuple[int, ...] = (1, 2, 3, 4)) -> Any:
    for outcome in outcomes:
        assert state.is_chance_node()
        state.apply_action(outcome)
    return state


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
        assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert spiel_game.max_chance_outcomes() == 256
        assert _load(game, players, deal="seed").max_chance_outcomes() == 0
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
    spiel_game = _load(game, _fewest(game), seed=5, deal="seed")
    state = spiel_game.new_initial_state()
    ours = craftgames.new_game(game, _fewest(game), seed=5)
    assert set(vars(state)) == {"_state", "_deal", "_recall"}
    rng = random.Random(1)
    while not state.is_terminal():
        assert state.legal_actions() == ours.legal_actions()
        seat = state.current_player()
        assert state.observation_string(seat) == ours.information_state_string(seat)
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
    # OpenSpiel casts integer parameters to a 32-bit C++ int ("Unable to cast" otherwise).
    with pytest.raises(ValueError, match=r"seed=4611686018427387904 .* 32-bit ints"):
        pyspiel.load_game("craftgames_sunrise", {"seed": 2**62})
    with pytest.raises(ValueError, match="nested too deeply"):
        pyspiel.load_game("craftgames_sunrise", {"options": "[" * 100_000})
    with pytest.raises(ValueError, match="must be a JSON object"):
        pyspiel.load_game("craftgames_sunrise", {"options": "{not json"})


class _Payload:
    """Unpickling this creates `marker`: the proof that a load ran code from its input."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (self.marker.touch, ())  # type: ignore[return-value]


def _pickle_form(marker: Path) -> str:
    import base64
    import pickle

    payload = base64.b64encode(pickle.dumps(_Payload(marker))).decode()
    return f"history=\nmove_number=0\n__dict__={payload}"


@pytest.mark.parametrize("game", craftgames.GAMES)
def test_deserializing_a_crafted_pickle_runs_nothing(game: str, tmp_path: Path) -> None:
    spiel_game = _load(game, _fewest(game))
    marker = tmp_path / "ran"
    state_text = _pickle_form(marker)
    with pytest.raises(craftgames.InvalidStateError, match="pickle form"):
        spiel_game.deserialize_state(state_text)
    both = f"[Meta]\nVersion: 1\n\n[Game]\n{spiel_game.serialize()}\n[State]\n{state_text}\n"
    with pytest.raises(craftgames.InvalidStateError, match="pickle form"):
        pyspiel.deserialize_game_and_state(both)
    assert not marker.exists()


_KEYS = '"craftgames_openspiel_state": 2, "history": [], "deal": [], "recall": []'


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "not JSON"),
        ("garbage", "not JSON"),
        ("[" * 100_000, "nested too deeply"),
        ('{"craftgames_openspiel_state": 1}', "JSON object with"),
        ("{" + _KEYS + ', "document": null, "x": 1}', "has the keys"),
        ("{" + _KEYS + "}", "has the keys"),
        ("{" + _KEYS + ', "document": {"game": 1}}', "once the deal is done"),
        ("{" + _KEYS.replace('"deal": []', '"deal": [1]') + ', "document": {}}', "null before"),
    ],
)
def test_garbage_state_text_gets_a_clean_error(text: str, problem: str) -> None:
    with pytest.raises(craftgames.InvalidStateError, match=problem):
        _load("sunrise", 2).deserialize_state(text)


def test_state_text_must_agree_with_itself_and_the_game() -> None:
    game = _load("sunrise", 2, seed=3)
    state = _deal(game.new_initial_state())
    for _ in range(4):
        state.apply_action(state.legal_actions()[0])
    text = json.loads(state.serialize())
    assert text["deal"] == [1, 2, 3, 4] and len(text["recall"]) == 4
    for key, value, problem in [
        ("history", text["history"][:-1], "other moves"),
        ("history", [[5, 0], *text["history"][1:]], r"not \[seat 0 to 1"),
        ("history", [[0, 1], *text["history"][1:]], "begin with the deal"),
        ("history", "all", "list of"),
        ("deal", [1, 2, 3, 300], "each 0 to 255"),
        ("recall", text["recall"][:-1], "for each of the 4 moves"),
        ("recall", [["a", "b"]] * 4, "3 sentences"),
        ("document", {"game": 1}, '"game"'),
    ]:
        with pytest.raises(craftgames.InvalidStateError, match=problem):
            game.deserialize_state(json.dumps({**text, key: value}))
    other = _deal(_load("sunrise", 3, seed=3).new_initial_state())
    with pytest.raises(craftgames.InvalidStateError, match="another game"):
        game.deserialize_state(other.serialize())


@pytest.mark.parametrize("game", craftgames.GAMES)
def test_state_text_round_trips_every_position_and_determinizations(game: str) -> None:
    spiel_game = _load(game, _fewest(game), seed=5)
    state = spiel_game.new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        copy = spiel_game.deserialize_state(state.serialize())
        assert str(copy) == str(state) and copy.move_number() == state.move_number()
        for seat in range(state.num_players()):
            assert copy.information_state_string(seat) == state.information_state_string(seat)
        assert [(s.player, s.action) for s in copy.full_history()] == [
            (s.player, s.action) for s in state.full_history()
        ]
        assert copy.current_player() == state.current_player()
        state.apply_action(rng.choice(state.legal_actions()))
    world = state.resample_hidden(0, 7)
    assert str(spiel_game.deserialize_state(world.serialize())) == str(world)
    assert spiel_game.deserialize_state(state.serialize()).returns() == state.returns()


def test_other_games_keep_openspiel_serialization() -> None:
    tic = pyspiel.load_game("tic_tac_toe")
    state = tic.new_initial_state()
    state.apply_action(4)
    _, copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(tic, state))
    assert copy.history() == [4]


@pytest.mark.parametrize("game", craftgames.GAMES)
def test_python_ismcts_plays_a_game_with_our_resampler(game: str) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    players = _fewest(game)
    spiel_game = _load(game, players, seed=3, deal="seed")
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
    ours = _ours(game, 4, state)
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
    ours = _ours(game, 2, env.get_state)
    assert steps == len(ours.history()) and ours.is_terminal()
    assert step.rewards == ours.returns()


@pytest.mark.parametrize("game", craftgames.GAMES)
def test_the_deal_is_chance_and_picks_the_engine_seed(game: str) -> None:
    players = _fewest(game)
    state = _load(game, players, seed=5).new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(b, 1 / 256) for b in range(256)]
    assert state.observation_string(0) == "" and not any(state.observation_tensor(0))
    assert state.returns() == [0.0] * players
    with pytest.raises(ValueError, match="deal has not happened"):
        _ = state.craftgames_state
    _deal(state, (1, 2, 3, 4))
    assert not state.is_chance_node() and state.chance_outcomes() == []
    dealt = craftgames.new_game(game, players, seed=(5 << 32) | 0x01020304)
    assert state.craftgames_state.to_json() == dealt.to_json()
    one_deal = _load(game, players, seed=5, deal="seed").new_initial_state()
    assert one_deal.craftgames_state.to_json() == craftgames.new_game(game, players, 5).to_json()


@pytest.mark.parametrize("game", craftgames.GAMES)
def test_every_reset_deals_anew_unless_the_game_is_one_deal(game: str) -> None:
    from open_spiel.python import rl_environment

    def deals(deal: str) -> set[str]:
        env = rl_environment.Environment(_load(game, _fewest(game), deal=deal), seed=1)
        seen = set()
        for _ in range(5):
            env.reset()
            seen.add(env.get_state.craftgames_state.to_json())
        return seen

    assert len(deals("chance")) == 5
    assert len(deals("seed")) == 1


@pytest.mark.parametrize(("game", "players"), CASES)
def test_information_state_is_the_view_and_every_move_as_the_seat_read_it(
    game: str, players: int
) -> None:
    spiel_game = _load(game, players, seed=1)
    state = _deal(spiel_game.new_initial_state())
    ours = _ours(game, 1, state)
    read: list[list[str]] = [[] for _ in range(players)]
    spectator: list[str] = []
    rng = random.Random(players)
    for _ in range(60):
        if state.is_terminal():
            break
        for seat in range(players):
            view = ours.information_state_string(seat)
            assert state.observation_string(seat) == view
            assert state.information_state_string(seat) == "\n".join([view, *read[seat]])
        action = rng.choice(state.legal_actions())
        for seat in range(players):
            read[seat].append(ours.public_action_string(action, seat))
        spectator.append(ours.public_action_string(action, None))
        state.apply_action(action)
        ours.apply_action(action)
    from open_spiel.python.observation import make_observation

    public = make_observation(
        spiel_game,
        pyspiel.IIGObservationType(
            public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    private = make_observation(
        spiel_game,
        pyspiel.IIGObservationType(
            public_info=False,
            perfect_recall=False,
            private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
        ),
    )
    assert public.string_from(state, 0) == "\n".join(spectator)
    for seat in range(players):
        expected = [
            f"move {n}: {mine}"
            for n, (mine, theirs) in enumerate(zip(read[seat], spectator, strict=True), 1)
            if mine != theirs
        ]
        assert private.string_from(state, seat) == "\n".join(expected)
    assert any(private.string_from(state, seat) for seat in range(players))


@pytest.mark.parametrize("game", craftgames.GAMES)
def test_resample_from_infostate_keeps_the_seats_information_state(game: str) -> None:
    players = max(2, _fewest(game))
    state = _deal(_load(game, players, seed=6).new_initial_state())
    rng = random.Random(3)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    draws = iter([0.1, 0.7, 0.35])
    for seat in range(players):
        world = state.resample_from_infostate(seat, lambda: next(draws))
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.history() == state.history()
        assert world.craftgames_state.to_json() != state.craftgames_state.to_json()
        # The others' readings in the redrawn world are the spectator's: theirs would tell
        # `seat` what it may not know.
        public = [lines[-1] for lines in state.recall.moves()]
        for other in set(range(players)) - {seat}:
            view = world.craftgames_state.information_state_string(other)
            assert world.information_state_string(other) == "\n".join([view, *public])


def test_python_ismcts_plays_without_a_resampler_passed_by_hand() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    spiel_game = _load("sunrise", 2, seed=3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(
        spiel_game, evaluator, uct_c=1.0, max_simulations=4, random_state=np.random.RandomState(0)
    )
    state = _deal(spiel_game.new_initial_state())
    rng = random.Random(0)
    while not state.is_terminal():
        seat = state.current_player()
        state.apply_action(bot.step(state) if seat == 0 else rng.choice(state.legal_actions()))
    assert _ours("sunrise", 3, state).returns() == state.returns()


def test_generate_playthrough_shows_public_and_private_observations() -> None:
    from open_spiel.python.algorithms import generate_playthrough

    text = generate_playthrough.playthrough("craftgames_sunrise(players=2)", None, seed=1)
    assert "GameType.chance_mode = ChanceMode.EXPLICIT_STOCHASTIC" in text
    assert "PublicObservationString() = " in text
    assert "PrivateObservationString(1) = " in text
    assert "ChanceOutcomes() = [(0," in text
