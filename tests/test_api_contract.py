"""The engine contract as Python sees it (architecture.md's table), on Sunrise at the Studio.

These tests pin the binding layer: every method exists and returns the documented types, bad
input becomes the documented exception (never a panic or an OverflowError), and state-changing
calls either succeed or change nothing.
"""

from __future__ import annotations

import copy
import json
import pickle
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

import craftgames
from conftest import play_random, play_to_end
from craftgames import (
    TERMINAL,
    CardDataError,
    IllegalActionError,
    InvalidStateError,
    ScoreBreakdown,
    ScoreLine,
    State,
    errors,
    sunrise,
)

CARD_FILE = Path(__file__).resolve().parents[1] / "rust" / "core" / "data" / "sunrise.toml"


def an_illegal_action(state: State) -> int:
    legal = set(state.legal_actions())
    return next(a for a in range(state.num_distinct_actions()) if a not in legal)


# ---------------------------------------------------------------- creating games


def test_generic_and_game_module_constructors_agree() -> None:
    a = craftgames.new_game("sunrise", players=3, seed=7)
    b = sunrise.new_game(players=3, seed=7)
    assert isinstance(a, State)
    assert a.to_json() == b.to_json()
    assert a.game_name() == "sunrise"
    assert "sunrise" in craftgames.GAMES


def test_seed_changes_the_deal_and_same_seed_repeats_it() -> None:
    assert sunrise.new_game(3, seed=1).to_json() == sunrise.new_game(3, seed=1).to_json()
    assert sunrise.new_game(3, seed=1).to_json() != sunrise.new_game(3, seed=2).to_json()


@pytest.mark.parametrize("players", [-1, 0, 1, 5, 9, 2**70])
def test_player_count_out_of_range_is_a_plain_value_error(players: int) -> None:
    with pytest.raises(ValueError, match=str(players)) as info:
        craftgames.new_game("sunrise", players=players)
    assert type(info.value) is ValueError


@pytest.mark.parametrize("seed", [-1, 2**64])
def test_seed_out_of_range_is_a_value_error(midgame: State, seed: int) -> None:
    with pytest.raises(ValueError, match="seed"):
        craftgames.new_game("sunrise", 3, seed)
    with pytest.raises(ValueError, match="seed"):
        midgame.resample_hidden(0, seed)
    with pytest.raises(ValueError, match="seed"):
        sunrise.random_playouts(1, seed, 2)


def test_largest_seed_is_accepted() -> None:
    assert sunrise.new_game(players=2, seed=2**64 - 1).current_player() == 0


def test_unknown_game_is_a_plain_value_error_naming_it() -> None:
    with pytest.raises(ValueError, match="chess") as info:
        craftgames.new_game("chess", players=2)
    assert type(info.value) is ValueError


def test_an_option_the_game_does_not_take_is_a_value_error_naming_it() -> None:
    with pytest.raises(ValueError, match='no option "staffs"'):
        craftgames.new_game("sunrise", players=2, staffs=True)
    with pytest.raises(ValueError, match='no option "staffs"'):
        craftgames.random_playouts("sunrise", 1, players=2, staffs=True)


def test_generic_random_playouts_match_the_game_module() -> None:
    generic = craftgames.random_playouts("sunrise", 5, seed=11, players=3)
    assert generic.shape == (5, 3)
    assert (generic == sunrise.random_playouts(5, 11, players=3)).all()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_supported_player_count_starts(players: int) -> None:
    state = sunrise.new_game(players=players, seed=0)
    assert state.num_players() == players
    assert state.current_player() in range(players)
    assert len(state.scores()) == players


# ---------------------------------------------------------------- card files


def test_card_file_by_path_and_by_text_give_the_default_game() -> None:
    default = sunrise.new_game(players=3, seed=4)
    by_path = sunrise.new_game(players=3, seed=4, cards=CARD_FILE)
    by_text = sunrise.new_game(players=3, seed=4, cards=CARD_FILE.read_text(encoding="utf-8"))
    for state in (by_path, by_text):
        assert state.legal_actions() == default.legal_actions()
        assert state.observation(0) == default.observation(0)


@pytest.mark.parametrize(
    ("old", "new", "named"),
    [
        ("points = 4", 'points = "four"', "points|four|type"),
        ('name = "Ikebana Vase"\n', "", "name"),
        ("\n[[project]]\n", "\n[[projekt]]\n", "projekt"),
    ],
)
def test_broken_card_files_raise_card_data_error(old: str, new: str, named: str) -> None:
    text = CARD_FILE.read_text(encoding="utf-8")
    assert old in text
    with pytest.raises(CardDataError, match=named):
        sunrise.new_game(players=3, cards=text.replace(old, new, 1))


def test_card_text_that_is_not_toml_raises_card_data_error() -> None:
    with pytest.raises(CardDataError):
        craftgames.new_game("sunrise", 3, cards="this is [not toml\n")


def test_missing_card_file_raises_file_not_found(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        sunrise.new_game(players=3, cards=tmp_path / "nope.toml")


# ---------------------------------------------------------------- types of every method


def test_every_method_returns_the_documented_type(midgame: State) -> None:
    s = midgame
    n = s.num_players()
    assert isinstance(s.current_player(), int) and 0 <= s.current_player() < n
    assert isinstance(s.num_distinct_actions(), int)
    legal = s.legal_actions()
    assert isinstance(legal, list) and legal and all(type(a) is int for a in legal)
    assert legal == sorted(set(legal))
    assert all(0 <= a < s.num_distinct_actions() for a in legal)
    assert all(isinstance(s.action_to_string(a), str) and s.action_to_string(a) for a in legal)
    assert s.is_terminal() is False
    assert isinstance(s.scores(), list) and all(type(x) is int for x in s.scores())
    assert s.returns() == [0.0] * n and all(type(x) is float for x in s.returns())
    assert sorted(s.ranking()) == list(range(n))
    assert isinstance(s.clone(), State)
    assert isinstance(s.observation(0), dict)
    assert isinstance(s.information_state_string(0), str)
    assert isinstance(s.observation_tensor(0), np.ndarray)
    assert isinstance(s.observation_tensor_size(), int)
    assert isinstance(s.resample_hidden(0, 1), State)
    assert isinstance(s.explain_score(0), ScoreBreakdown)
    assert isinstance(s.to_json(), str)
    assert isinstance(State.from_json(s.to_json()), State)
    assert isinstance(s.history(), list) and all(type(a) is int for a in s.history())
    assert s.game_name() == "sunrise"
    assert "sunrise" in repr(s) and f"players={n}" in repr(s)


def test_num_distinct_actions_is_fixed_per_game() -> None:
    sizes = {sunrise.new_game(players=p, seed=p).num_distinct_actions() for p in (2, 3, 4)}
    assert len(sizes) == 1


# ---------------------------------------------------------------- actions


def test_history_records_applied_actions_and_replays_the_state(fresh: State) -> None:
    played = []
    for a in (fresh.legal_actions()[0], None, None):
        action = fresh.legal_actions()[-1] if a is None else a
        fresh.apply_action(action)
        played.append(action)
    assert fresh.history() == played
    replayed = sunrise.new_game(players=3, seed=7)
    for a in played:
        replayed.apply_action(a)
    assert replayed.to_json() == fresh.to_json()


def test_illegal_action_raises_and_changes_nothing(midgame: State) -> None:
    before = midgame.to_json()
    with pytest.raises(IllegalActionError):
        midgame.apply_action(an_illegal_action(midgame))
    assert midgame.to_json() == before


@pytest.mark.parametrize("action", [-1, -(2**70), 2**32, 2**64 + 1, 10**30])
def test_out_of_range_ints_raise_illegal_action_not_overflow(midgame: State, action: int) -> None:
    before = midgame.to_json()
    with pytest.raises(IllegalActionError):
        midgame.apply_action(action)
    with pytest.raises(IllegalActionError):
        midgame.action_to_string(action)
    assert midgame.to_json() == before


def test_the_first_id_past_the_action_space_is_illegal(midgame: State) -> None:
    with pytest.raises(IllegalActionError):
        midgame.apply_action(midgame.num_distinct_actions())
    with pytest.raises(IllegalActionError):
        midgame.action_to_string(midgame.num_distinct_actions())


@pytest.mark.parametrize("action", ["3", 1.0, None])
def test_non_int_action_is_a_type_error(midgame: State, action: object) -> None:
    with pytest.raises(TypeError):
        midgame.apply_action(action)  # type: ignore[arg-type]


def test_illegal_action_error_is_a_value_error_and_reexported() -> None:
    for exc in (IllegalActionError, InvalidStateError, CardDataError):
        assert issubclass(exc, ValueError)
    assert errors.IllegalActionError is IllegalActionError
    assert errors.InvalidStateError is InvalidStateError
    assert errors.CardDataError is CardDataError


# ---------------------------------------------------------------- seats


@pytest.mark.parametrize("seat", [-1, 4, 10**30, -(10**30)])
def test_bad_seat_is_a_value_error_for_every_seat_method(midgame: State, seat: int) -> None:
    methods = [
        midgame.observation,
        midgame.observation_json,
        midgame.information_state_string,
        midgame.observation_tensor,
        midgame.explain_score,
        lambda p: midgame.resample_hidden(p, 0),
    ]
    for method in methods:
        with pytest.raises(ValueError, match="seat"):
            method(seat)


def test_non_int_seat_is_a_type_error(midgame: State) -> None:
    with pytest.raises(TypeError):
        midgame.observation("0")  # type: ignore[arg-type]


# ---------------------------------------------------------------- copies


def test_clone_is_independent(midgame: State) -> None:
    before = midgame.to_json()
    for copied in (midgame.clone(), copy.copy(midgame), copy.deepcopy(midgame)):
        assert copied.to_json() == before
        play_random(copied, 5, seed=1)
        assert copied.to_json() != before
        assert midgame.to_json() == before


def test_pickle_round_trips(midgame: State) -> None:
    again = pickle.loads(pickle.dumps(midgame))
    assert again.to_json() == midgame.to_json()
    assert again.legal_actions() == midgame.legal_actions()


# ---------------------------------------------------------------- JSON


def test_json_round_trips_exactly(midgame: State) -> None:
    doc = midgame.to_json()
    again = State.from_json(doc)
    assert again.to_json() == doc
    assert again.history() == midgame.history()
    assert json.loads(doc)["game"] == "sunrise"


@pytest.mark.parametrize(
    "doc",
    ["", "garbage", "[]", "{}", "null", "42", '{"game": 3}', '{"game": "sunrise"}', "{" * 10000],
)
def test_garbage_json_raises_invalid_state(doc: str) -> None:
    with pytest.raises(InvalidStateError):
        State.from_json(doc)


def test_wrong_game_raises_invalid_state_naming_it(midgame: State) -> None:
    doc = json.loads(midgame.to_json())
    doc["game"] = "chess"
    with pytest.raises(InvalidStateError, match="chess"):
        State.from_json(json.dumps(doc))


def test_wrong_version_raises_invalid_state(midgame: State) -> None:
    doc = json.loads(midgame.to_json())
    doc["version"] = doc["version"] + 1
    with pytest.raises(InvalidStateError, match="version"):
        State.from_json(json.dumps(doc))


def test_truncated_document_raises_invalid_state(midgame: State) -> None:
    doc = midgame.to_json()
    with pytest.raises(InvalidStateError):
        State.from_json(doc[: len(doc) // 2])


# ---------------------------------------------------------------- observations


def test_observation_tensor_is_fixed_length_float32(midgame: State, fresh: State) -> None:
    size = midgame.observation_tensor_size()
    for state in (midgame, fresh):
        for seat in range(state.num_players()):
            tensor = state.observation_tensor(seat)
            assert tensor.dtype == np.float32
            assert tensor.shape == (size,)
            assert tensor.flags.c_contiguous and tensor.flags.writeable
    assert fresh.observation_tensor_size() == size
    assert not np.array_equal(midgame.observation_tensor(0), fresh.observation_tensor(0))


def test_observation_tensor_returns_a_new_array_each_call(midgame: State) -> None:
    a = midgame.observation_tensor(0)
    a[:] = -7.0
    assert not np.array_equal(midgame.observation_tensor(0), a)


def test_observation_is_a_plain_dict_hiding_other_hands(midgame: State) -> None:
    obs = midgame.observation(1)
    assert json.loads(json.dumps(obs)) == obs
    assert obs["viewer"] == 1 and obs["game"] == "sunrise"
    for player in obs["players"]:
        if player["seat"] == 1:
            assert player["hand"] is not None
        else:
            assert player["hand"] is None and player["advantages"] is None


def test_observation_names_cards_by_id_and_carries_the_catalogue(midgame: State) -> None:
    obs = midgame.observation(1)
    catalogue = sunrise.cards()
    # Built once, shared: every observation of the default set holds this very dict.
    assert obs["cards"] is catalogue and midgame.observation(2)["cards"] is catalogue
    assert [p["id"] for p in catalogue["projects"]] == list(range(34))
    doc = json.loads(midgame.to_json())["table"]
    assert obs["project_row"] == doc["row"]
    me = obs["players"][1]
    assert me["hand"] == doc["players"][1]["hand"]
    assert all(isinstance(c, int) for c in me["hand"])
    names = {c["name"] for kind in ("projects", "advantages") for c in catalogue[kind]}
    without = {k: v for k, v in obs.items() if k != "cards"}
    assert not names & set(json.dumps(without).split('"'))  # ids only, no card text


def test_card_catalogue_of_a_card_file_and_of_an_unknown_game() -> None:
    text = CARD_FILE.read_text(encoding="utf-8").replace('name = "', 'name = "Custom ', 1)
    custom = sunrise.cards(text)
    assert custom["projects"][0]["name"].startswith("Custom ")
    assert custom["projects"][1:] == sunrise.cards()["projects"][1:]
    assert sunrise.new_game(players=2, seed=1, cards=text).observation(0)["cards"] == custom
    with pytest.raises(CardDataError):
        sunrise.cards(CARD_FILE.read_text(encoding="utf-8").replace("points = ", "points = -", 1))
    with pytest.raises(ValueError, match="no card catalogue"):
        craftgames._core.card_catalogue("chess")


def test_information_state_string_differs_by_seat(midgame: State) -> None:
    keys = {midgame.information_state_string(s) for s in range(midgame.num_players())}
    assert len(keys) == midgame.num_players()


def test_resample_hidden_keeps_the_players_knowledge_and_is_seeded(midgame: State) -> None:
    a = midgame.resample_hidden(2, seed=5)
    b = midgame.resample_hidden(2, seed=5)
    assert a.to_json() == b.to_json()
    assert a.information_state_string(2) == midgame.information_state_string(2)
    assert a.observation(2) == midgame.observation(2)
    assert a.legal_actions() == midgame.legal_actions() or a.current_player() != 2


# ---------------------------------------------------------------- the end of the game


def test_returns_are_zero_until_the_end_then_equal_scores(fresh: State) -> None:
    assert fresh.returns() == [0.0, 0.0, 0.0]
    play_to_end(fresh, seed=2)
    assert fresh.is_terminal()
    assert fresh.current_player() == TERMINAL == -4
    assert fresh.legal_actions() == []
    assert fresh.returns() == [float(x) for x in fresh.scores()]


def test_ranking_orders_by_score(finished: State) -> None:
    scores = finished.scores()
    ranked = [scores[s] for s in finished.ranking()]
    assert ranked == sorted(ranked, reverse=True)


def test_apply_after_the_end_raises(finished: State) -> None:
    with pytest.raises(IllegalActionError):
        finished.clone().apply_action(0)


def test_explanations_add_up_to_the_scores(finished: State) -> None:
    for seat, score in enumerate(finished.scores()):
        breakdown = finished.explain_score(seat)
        assert breakdown.total == score
        assert sum(line.points for line in breakdown.lines) == score
        assert all(isinstance(line, ScoreLine) and line.category for line in breakdown.lines)
        assert "ScoreBreakdown(total=" in repr(breakdown)


def test_score_types_are_frozen_values() -> None:
    line = ScoreLine("Reserve", 1, "3 ÷ 2")
    assert line == ScoreLine("Reserve", 1, "3 ÷ 2")
    assert line != ScoreLine("Reserve", 2, "3 ÷ 2")
    with pytest.raises(AttributeError):
        line.points = 5  # type: ignore[misc]
    breakdown = ScoreBreakdown(1, [line])
    assert breakdown.lines == [line]
    assert repr(line) == 'ScoreLine(category="Reserve", points=1, detail="3 ÷ 2")'


# ---------------------------------------------------------------- batch playouts


def test_random_playouts_shape_dtype_and_seeding() -> None:
    scores = sunrise.random_playouts(3, seed=10, players=2)
    assert scores.dtype == np.int32 and scores.shape == (3, 2)
    assert np.array_equal(scores, sunrise.random_playouts(3, seed=10, players=2))
    # Game i is seeded seed + i.
    assert np.array_equal(scores[1:], sunrise.random_playouts(2, seed=11, players=2))


def test_random_playouts_of_zero_games_is_empty() -> None:
    assert sunrise.random_playouts(0, seed=0, players=4).shape == (0, 4)


@pytest.mark.parametrize("games", [-1, 10**9, 2**64 - 1, 2**64])
def test_random_playouts_rejects_absurd_game_counts(games: int) -> None:
    with pytest.raises(ValueError, match="games"):
        sunrise.random_playouts(games, seed=0, players=4)


@pytest.mark.parametrize("players", [1, 5])
def test_random_playouts_rejects_bad_player_counts(players: int) -> None:
    with pytest.raises(ValueError):
        sunrise.random_playouts(1, seed=0, players=players)


def test_random_playouts_release_the_gil() -> None:
    # With a switch interval far longer than the test, the worker gives up the GIL only if
    # the Rust call releases it; only then can this thread spin while the worker plays.
    done = threading.Event()
    results: list[np.ndarray] = []

    def work() -> None:
        results.append(sunrise.random_playouts(300, seed=0, players=4))
        done.set()

    old = sys.getswitchinterval()
    sys.setswitchinterval(100.0)
    try:
        worker = threading.Thread(target=work)
        worker.start()
        spins = 0
        while not done.is_set() and spins < 10_000:
            spins += 1
        worker.join()
    finally:
        sys.setswitchinterval(old)
    assert spins == 10_000
    assert np.array_equal(results[0][:5], sunrise.random_playouts(5, seed=0, players=4))


def test_public_action_string_hides_only_what_the_others_may_not_see() -> None:
    state = craftgames.sunrise.new_game(players=3, seed=5)
    draft = state.legal_actions()[0]
    full = state.action_to_string(draft)
    # The chooser reads its own choice; the others and a spectator read only that it chose.
    assert state.public_action_string(draft, 0) == full
    hidden = state.public_action_string(draft, 1)
    assert hidden == state.public_action_string(draft)
    assert hidden != full and "face-down" in hidden


def test_every_new_game_has_the_same_defaults() -> None:
    """One rule (issue 23): 2 players and seed 0 unless told otherwise, whichever
    ``new_game`` deals the game."""
    from craftgames import nijar, sorcery, sunrise

    assert (craftgames.DEFAULT_PLAYERS, craftgames.DEFAULT_SEED) == (2, 0)
    for module in (sunrise, sorcery, nijar):
        game = module.GAME
        ours = module.new_game()
        assert ours.num_players() == 2
        assert ours.to_json() == craftgames.new_game(game).to_json()
        assert ours.to_json() == craftgames.new_game(game, 2, 0).to_json()
