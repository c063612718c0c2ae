"""Random playouts as a numba-compiled loop over the C ABI (`craftgames.capi`): the pattern for
search code that wants its own loop with no Python in it. Needs ``pip install
craftgames[numba]`` (numba and cffi).

::

    import numpy as np
    from craftgames import capi, numba_playouts

    setup = capi.Setup("sunrise", players=4)
    scores = numba_playouts.random_playouts(setup, games=1000, seed=0)   # (1000, 4) int32

Each step is two C calls (`cg_legal_actions`, `cg_apply_action_unchecked`) from compiled code;
`benches/bench_numba.py` measures it against the Rust batch, `craftgames.random_playouts`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

from craftgames import capi

__all__ = ["first_action_playouts", "random_playouts"]

_MAX_LEGAL = capi.MAX_LEGAL_ACTIONS
_ffi = capi.ffi
_deal = capi.lib.cg_deal
_free = capi.raw_lib.cg_free  # the loop frees what it deals
_is_terminal = capi.lib.cg_is_terminal
_legal_actions = capi.lib.cg_legal_actions
_apply_unchecked = capi.lib.cg_apply_action_unchecked
_apply = capi.lib.cg_apply_action
_scores = capi.lib.cg_scores

_F = TypeVar("_F", bound=Callable[..., Any])


def _compiled(function: _F) -> _F:
    """`numba.njit`, keeping the function's signature for the type checker."""
    return cast(_F, numba.njit(function))


_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)


@_compiled
def _splitmix(x: np.uint64) -> tuple[np.uint64, np.uint64]:
    x = x + _GOLDEN
    z = x
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return x, z ^ (z >> np.uint64(31))


@_compiled
def _playouts(setup: int, games: int, seed: int, policy: int, checked: bool, out: Any) -> int:
    """Plays `games` games dealt from the setup at address `setup` (game ``i`` from seed
    ``seed + i``), choosing uniformly at random (`policy` 0) or the first legal action
    (`policy` 1), applied with (`checked`) or without the legality check; writes the final
    scores into `out` row by row. Returns 0, or the negative error code of the call that
    failed."""
    legal = np.empty(_MAX_LEGAL, np.uint32)
    legal_ptr = _ffi.from_buffer(legal)
    players = out.shape[1]
    rng = np.uint64(seed) ^ np.uint64(0x5DEECE66D)
    for g in range(games):
        # A failed deal is NULL, which every C function refuses with CG_ERR_NULL_POINTER;
        # the first call below reports it (numba cannot compare a void* with 0).
        state = _deal(setup, np.uint64(seed + g))
        while True:
            terminal = _is_terminal(state)
            if terminal != 0:
                if terminal < 0:
                    return int(terminal)
                break
            n = _legal_actions(state, legal_ptr, _MAX_LEGAL)
            if n <= 0:
                _free(state)
                return int(n)
            index = np.uint64(0)
            if policy == 0:
                rng, r = _splitmix(rng)
                index = r % np.uint64(n)
            action = legal[index]
            code = _apply(state, action) if checked else _apply_unchecked(state, action)
            if code < 0:
                _free(state)
                return int(code)
        row = out[g]
        code = _scores(state, _ffi.from_buffer(row), players)
        _free(state)
        if code < 0:
            return int(code)
    return 0


def _run(
    setup: capi.Setup, games: int, seed: int, policy: int, checked: bool
) -> npt.NDArray[np.int32]:
    if games < 0:
        raise ValueError(f"games must be ≥ 0, not {games}")
    out = np.zeros((games, setup.players), np.int32)
    code = _playouts(capi.address(setup.handle), games, seed, policy, checked, out)
    if code < 0:
        capi.check(code)
    return out


def random_playouts(
    setup: capi.Setup, games: int, seed: int = 0, *, checked: bool = False
) -> npt.NDArray[np.int32]:
    """Final scores, shape ``(games, players)``, of `games` uniformly random games dealt from
    `setup` (game ``i`` from seed ``seed + i``), played by compiled code through the C ABI.

    Actions come from the list `cg_legal_actions` just gave, so they are applied unchecked
    unless `checked` (which makes every step generate the legal actions twice)."""
    return _run(setup, games, seed, 0, checked)


def first_action_playouts(setup: capi.Setup, games: int, seed: int = 0) -> npt.NDArray[np.int32]:
    """As `random_playouts`, always choosing the lowest legal action id (deterministic: the
    tests replay it through `craftgames.State`)."""
    return _run(setup, games, seed, 1, True)
