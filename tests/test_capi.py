"""The C ABI through cffi (`craftgames.capi`) and a numba loop over it, on every game."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("cffi")

import craftgames
from craftgames import capi

HEADER = Path(__file__).resolve().parents[1] / "rust/capi/include/craftgames.h"
ffi, lib = capi.ffi, capi.lib


def _seat_counts(game: str) -> list[int]:
    """The seat counts `game` takes (probed, so a new game needs nothing here)."""
    counts = []
    for players in range(1, 9):
        try:
            craftgames.new_game(game, players)
        except ValueError:
            continue
        counts.append(players)
    return counts


def _declarations(text: str) -> set[str]:
    """Every function declaration, whitespace-normalized, handles spelled as in the header."""
    text = re.sub(r"//[^\n]*|/\*.*?\*/|#[^\n]*", "", text, flags=re.S)
    text = re.sub(r'extern "C" \{|\}', "", text)
    decls = {" ".join(d.split()) for d in text.split(";") if "(" in d}
    return {d.replace("( ", "(").replace(" )", ")") for d in decls}


def test_the_cdef_declares_exactly_the_headers_functions() -> None:
    assert _declarations(capi.CDEF) == _declarations(HEADER.read_text(encoding="utf-8"))


def test_the_library_lists_every_game() -> None:
    names = [ffi.string(lib.cg_game_name(i)).decode() for i in range(lib.cg_num_games())]
    assert names == craftgames.GAMES
    assert lib.cg_game_name(len(names)) == ffi.NULL
    assert ffi.string(lib.cg_version()).decode() == craftgames.__version__


@pytest.mark.parametrize("game", craftgames.GAMES)
def test_a_game_driven_through_c_matches_the_python_state(game: str) -> None:
    players = _seat_counts(game)[-1]
    state = craftgames.new_game(game, players, seed=5)
    handle = lib.cg_new(game.encode(), players, 5, ffi.NULL, ffi.NULL)
    handle = capi.owned(handle)
    legal = np.empty(capi.MAX_LEGAL_ACTIONS, np.uint32)
    size = lib.cg_observation_tensor_size(handle)
    tensor = np.empty(size, np.float32)
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        assert lib.cg_current_player(handle) == state.current_player()
        n = capi.check(lib.cg_legal_actions(handle, capi.pointer(legal), legal.size))
        assert legal[:n].tolist() == state.legal_actions()
        seat = state.current_player()
        assert lib.cg_observation_tensor(handle, seat, capi.pointer(tensor), size) == size
        np.testing.assert_array_equal(tensor, state.observation_tensor(seat))
        action = int(rng.choice(legal[:n]))
        assert capi.check(lib.cg_apply_action(handle, action)) == 0
        state.apply_action(action)
    assert lib.cg_is_terminal(handle) == 1
    assert lib.cg_current_player(handle) == capi.TERMINAL
    returns = np.empty(capi.MAX_PLAYERS, np.float64)
    assert lib.cg_returns(handle, capi.pointer(returns), returns.size) == players
    assert returns[:players].tolist() == state.returns()
    assert capi.to_state(handle).to_json() == state.to_json()


@pytest.mark.parametrize("game", craftgames.GAMES)
def test_clone_resample_and_json_round_trip(game: str) -> None:
    state = craftgames.new_game(game, _seat_counts(game)[-1], seed=2)
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    handle = capi.from_state(state)
    copy = capi.owned(lib.cg_clone(handle))
    assert capi.to_state(copy).to_json() == state.to_json()
    redrawn = capi.owned(lib.cg_resample_hidden(handle, 0, 9))
    assert capi.to_state(redrawn).to_json() == state.resample_hidden(0, 9).to_json()
    text = capi.string(lib.cg_action_to_string(handle, state.legal_actions()[0]))
    assert text == state.action_to_string(state.legal_actions()[0])


@pytest.mark.parametrize("game", craftgames.GAMES)
def test_random_playouts_match_the_rust_batch(game: str) -> None:
    players = _seat_counts(game)[0]
    setup = capi.Setup(game, players=players)
    out = np.empty((5, players), np.int32)
    assert lib.cg_random_playouts(setup.handle, 5, 11, capi.pointer(out), out.size) == 0
    np.testing.assert_array_equal(out, craftgames.random_playouts(game, 5, 11, players=players))


@pytest.mark.parametrize("game", craftgames.GAMES)
def test_mcts_search_returns_the_python_searchs_action(game: str) -> None:
    from craftgames import mcts

    state = craftgames.new_game(game, _seat_counts(game)[0], seed=1)
    handle = capi.from_state(state)
    action = capi.check(lib.cg_mcts_search(handle, 300, 1, 4, mcts.DEFAULT_EXPLORATION))
    assert action == mcts.search(state, iterations=300, seed=4).action


def test_bad_input_is_an_error_code_and_a_sentence_never_a_crash() -> None:
    state = capi.Setup("sunrise", 2).deal(0)
    n = lib.cg_num_distinct_actions(state)
    before = capi.to_state(state).to_json()
    with pytest.raises(craftgames.IllegalActionError, match="not legal"):
        capi.check(lib.cg_apply_action(state, n))
    assert capi.to_state(state).to_json() == before
    assert lib.cg_last_error_code() == -10
    legal = np.empty(1, np.uint32)
    with pytest.raises(capi.CApiError, match="holds 1 elements") as short:
        capi.check(lib.cg_legal_actions(state, capi.pointer(legal), 1))
    assert short.value.code == -15
    with pytest.raises(capi.CApiError, match="NULL"):
        capi.check(lib.cg_legal_actions(state, ffi.NULL, 4096))
    with pytest.raises(capi.CApiError, match="state is NULL"):
        capi.check(lib.cg_num_players(ffi.NULL))
    with pytest.raises(capi.CApiError, match="seat 7 is out of range"):
        capi.check(lib.cg_observation_tensor(state, 7, ffi.NULL, 0))
    with pytest.raises(capi.CApiError, match="at least 1 iteration"):
        capi.check(lib.cg_mcts_search(state, 0, 1, 0, 0.7))
    assert lib.cg_from_json(b"{not json") == ffi.NULL
    with pytest.raises(craftgames.InvalidStateError):
        capi.check(lib.cg_last_error_code())
    assert lib.cg_new(ffi.NULL, 2, 0, ffi.NULL, ffi.NULL) == ffi.NULL
    assert lib.cg_new(b"sunrise", 2, 0, b"[1]", ffi.NULL) == ffi.NULL
    assert "JSON object" in capi.last_error()
    capi.raw_lib.cg_free(ffi.NULL)
    capi.raw_lib.cg_string_free(ffi.NULL)


@pytest.mark.parametrize(
    ("args", "error", "match"),
    [
        (("nope", 2), ValueError, "unknown game"),
        (("sunrise", 9), ValueError, "2 to 4 players"),
        (("sunrise", 2, "not = [toml"), craftgames.CardDataError, "card file line 1"),
    ],
)
def test_a_bad_setup_raises_the_python_exception(
    args: tuple[object, ...], error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        capi.Setup(*args)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no option"):
        capi.Setup("sunrise", 2, unknown_option=1)


@pytest.mark.parametrize(
    ("game", "players"),
    [(game, players) for game in craftgames.GAMES for players in _seat_counts(game)],
)
def test_the_numba_loop_plays_the_same_games_as_python(game: str, players: int) -> None:
    numba_playouts = pytest.importorskip("craftgames.numba_playouts")
    setup = capi.Setup(game, players)
    scores = numba_playouts.first_action_playouts(setup, 3, seed=20)
    for i in range(3):
        state = craftgames.new_game(game, players, seed=20 + i)
        while not state.is_terminal():
            state.apply_action(state.legal_actions()[0])
        assert scores[i].tolist() == state.scores()
    random_scores = numba_playouts.random_playouts(setup, 20, seed=1)
    assert random_scores.shape == (20, players)
    # Random play differs from always-first play, game to game.
    assert (random_scores != numba_playouts.first_action_playouts(setup, 20, seed=1)).any()
