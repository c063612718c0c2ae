"""craftgames' C ABI through cffi: drive any game from a numba-compiled loop (or any code that
calls C) with no Python in the loop. Needs ``pip install craftgames[capi]`` (cffi).

The functions are the ones declared in ``rust/capi/include/craftgames.h``; they are loaded in
cffi's ABI mode (no C compiler needed) from the compiled extension module itself, which links
the C ABI crate in and exports it. So the C functions and `craftgames.State` run the same
engine build, and the wheel ships no second library that could drift from the first.

::

    import numpy as np
    from craftgames import capi

    setup = capi.Setup("sunrise", players=3)
    state = setup.deal(seed=7)                 # a cffi pointer, freed with the Setup's owner
    legal = np.empty(capi.MAX_LEGAL_ACTIONS, np.uint32)
    n = capi.check(capi.lib.cg_legal_actions(state, capi.pointer(legal), legal.size))

Handles are declared ``void *`` here (the header makes them opaque structs) because numba
can pass ``void *`` between cffi functions but not pointers to opaque structs; inside numba,
pass a handle as the integer `address` gives. Every ``int32_t`` result is a value ≥ 0 or a
negative ``CG_ERR_*`` code; `check` turns the latter into the matching Python exception with
the library's sentence.
"""

from __future__ import annotations

import json
from typing import Any, Final

import cffi
import numpy as np
import numpy.typing as npt

from craftgames import _core
from craftgames._core import CardDataError, IllegalActionError, InvalidStateError, State
from craftgames.cards import CardsArg, card_text

__all__ = [
    "CDEF",
    "INVALID_HANDLE",
    "MAX_LEGAL_ACTIONS",
    "MAX_PLAYERS",
    "TERMINAL",
    "CApiError",
    "Setup",
    "address",
    "check",
    "ffi",
    "free",
    "from_state",
    "last_error",
    "lib",
    "owned",
    "pointer",
    "raw_lib",
    "string",
    "to_state",
]

CDEF: Final = """
typedef void CgState;
typedef void CgSetup;
const char *cg_version(void);
const char *cg_last_error(void);
int32_t cg_last_error_code(void);
int32_t cg_num_games(void);
const char *cg_game_name(int32_t index);
CgSetup *cg_setup_new(const char *game, uint32_t players, const char *options_json,
                      const char *cards_toml);
void cg_setup_free(CgSetup *setup);
int32_t cg_setup_num_players(const CgSetup *setup);
CgState *cg_deal(const CgSetup *setup, uint64_t seed);
CgState *cg_new(const char *game, uint32_t players, uint64_t seed, const char *options_json,
                const char *cards_toml);
void cg_free(CgState *state);
CgState *cg_clone(const CgState *state);
int32_t cg_num_players(const CgState *state);
int32_t cg_num_distinct_actions(const CgState *state);
int32_t cg_current_player(const CgState *state);
int32_t cg_is_terminal(const CgState *state);
int32_t cg_legal_actions(const CgState *state, uint32_t *out, size_t len);
int32_t cg_apply_action(CgState *state, uint32_t action);
int32_t cg_apply_action_unchecked(CgState *state, uint32_t action);
char *cg_action_to_string(const CgState *state, uint32_t action);
int32_t cg_returns(const CgState *state, double *out, size_t len);
int32_t cg_scores(const CgState *state, int32_t *out, size_t len);
int32_t cg_observation_tensor_size(const CgState *state);
int32_t cg_observation_tensor(const CgState *state, int32_t player, float *out, size_t len);
CgState *cg_resample_hidden(const CgState *state, int32_t player, uint64_t seed);
char *cg_to_json(const CgState *state);
CgState *cg_from_json(const char *json);
void cg_string_free(char *s);
int32_t cg_random_playouts(const CgSetup *setup, uint64_t games, uint64_t seed, int32_t *out,
                           size_t len);
int32_t cg_mcts_search(const CgState *state, uint64_t iterations, uint32_t threads,
                       uint64_t seed, double exploration);
"""
"""The C declarations loaded (the header's functions, handles as ``void *``; a test checks
they match the header)."""

ffi: Final = cffi.FFI()
ffi.cdef(CDEF)
raw_lib: Final[Any] = ffi.dlopen(_core.__file__)
"""Every C function, the three ``_free`` ones included: for code that owns raw handles
(numba loops that free what they deal). Handles from `Setup`, `from_state` and `lib` calls
wrapped with `owned` free themselves; freeing one of them here as well is a double free."""

_RAW_FREES: Final = frozenset({"cg_free", "cg_setup_free", "cg_string_free"})


class _Lib:
    """The C functions without the raw ``_free`` ones: the handles this module gives out
    free themselves when garbage-collected (or at once with `free`), so calling
    ``cg_free`` on one would free it twice."""

    def __getattr__(self, name: str) -> Any:
        if name in _RAW_FREES:
            raise AttributeError(
                f"capi.lib.{name} is left out on purpose: the handles craftgames.capi gives "
                "free themselves when garbage-collected; capi.free(handle) frees one now "
                f"(capi.raw_lib.{name} is there for code that owns raw handles)"
            )
        return getattr(raw_lib, name)

    def __dir__(self) -> list[str]:
        return [n for n in dir(raw_lib) if n not in _RAW_FREES]


lib: Final[Any] = _Lib()
"""The C functions (``lib.cg_legal_actions``...), all but the raw ``_free`` ones."""
"""The C functions, e.g. ``lib.cg_legal_actions`` (numba can call these in ``@njit`` code)."""

TERMINAL: Final = -4
"""``cg_current_player`` once the game is over (``CG_TERMINAL``)."""
MAX_LEGAL_ACTIONS: Final = 4096
"""A ``cg_legal_actions`` buffer this long always fits (``CG_MAX_LEGAL_ACTIONS``)."""
MAX_PLAYERS: Final = 4
"""A ``cg_returns``/``cg_scores`` buffer this long always fits (``CG_MAX_PLAYERS``)."""


class CApiError(ValueError):
    """A C ABI failure with no more precise exception: a NULL pointer, a short buffer, an
    argument out of range. `code` is the ``CG_ERR_*`` value."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code


_ERRORS: Final[dict[int, type[ValueError]]] = {
    -10: IllegalActionError,
    -11: InvalidStateError,
    -12: CardDataError,
    -13: ValueError,
}

INVALID_HANDLE: Final = -18
"""``CG_ERR_INVALID_HANDLE``: a freed handle, or not a handle of that kind."""


def last_error() -> str:
    """The library's sentence for this thread's last failure ("" if none)."""
    return str(ffi.string(lib.cg_last_error()).decode())


def check(result: int) -> int:
    """Returns `result` if it is ≥ 0 (or ``TERMINAL``); raises the exception matching a
    ``CG_ERR_*`` code otherwise (`IllegalActionError`, `InvalidStateError`, `CardDataError`,
    `ValueError` for a bad configuration, `CApiError` for the rest)."""
    if result >= 0 or result == TERMINAL:
        return result
    kind = _ERRORS.get(result)
    if kind is None:
        raise CApiError(result, last_error())
    raise kind(last_error())


def _checked_handle(ptr: Any) -> Any:
    if ptr == ffi.NULL:
        code = int(lib.cg_last_error_code())
        check(code)
        raise CApiError(code, last_error())  # a NULL result always sets a negative code
    return ptr


_CTYPES: Final = {
    np.dtype(np.uint32): "uint32_t[]",
    np.dtype(np.int32): "int32_t[]",
    np.dtype(np.float32): "float[]",
    np.dtype(np.float64): "double[]",
}


def pointer(array: npt.NDArray[Any]) -> Any:
    """A C pointer into a contiguous numpy array (uint32, int32, float32 or float64), to pass
    as a buffer with ``array.size`` as its length. (Inside numba, ``ffi.from_buffer(array)``.)"""
    ctype = _CTYPES.get(array.dtype)
    if ctype is None or not array.flags.c_contiguous:
        raise TypeError(
            f"a C buffer is a contiguous uint32/int32/float32/float64 array, not "
            f"{array.dtype}{'' if array.flags.c_contiguous else ' (non-contiguous)'}"
        )
    return ffi.from_buffer(ctype, array, require_writable=True)


def address(handle: Any) -> int:
    """A handle as an integer, the form numba-compiled code passes to the C functions."""
    return int(ffi.cast("uintptr_t", handle))


def _text(value: str | None) -> Any:
    return ffi.NULL if value is None else ffi.new("char[]", value.encode())


class Setup:
    """A parsed game setup (game, seats, cards and options, read once) owning its C handle;
    `deal` makes game states from it that are freed when garbage-collected."""

    def __init__(self, game: str, players: int, cards: CardsArg = None, **options: object) -> None:
        """As `craftgames.new_game` without the seed; a bad argument raises as it does."""
        if not 0 <= players < 1 << 32:
            raise ValueError(f"players must be an int from 0 to 2**32 - 1, not {players}")
        ptr = lib.cg_setup_new(
            game.encode(),
            players,
            _text(json.dumps(options) if options else None),
            _text(card_text(cards)),
        )
        self.handle: Any = ffi.gc(_checked_handle(ptr), raw_lib.cg_setup_free)
        """The ``CgSetup *`` (pass `address(handle)` into numba code)."""
        self.players = players

    def deal(self, seed: int) -> Any:
        """A new game's ``CgState *`` from `seed`, freed when garbage-collected."""
        return owned(lib.cg_deal(self.handle, seed))


def owned(handle: Any) -> Any:
    """`handle` (a ``CgState *`` a `lib` call returned, e.g. ``lib.cg_clone``) owned by
    Python: freed when garbage-collected or by `free`. Raises for a NULL handle."""
    return ffi.gc(_checked_handle(handle), raw_lib.cg_free)


def free(handle: Any) -> None:
    """Frees a handle this module gave out (`Setup.deal`, `from_state`, `owned`, a
    `Setup.handle`) now rather than when it is garbage-collected; freeing it again, or using
    it after, is an error code from the library (its tag is checked), not a crash."""
    ffi.release(handle)


def from_state(state: State) -> Any:
    """The C handle (``CgState *``, freed when garbage-collected) of a copy of `state`."""
    return owned(lib.cg_from_json(state.to_json().encode()))


def string(text: Any) -> str:
    """The Python text of a string a `lib` call returned (``lib.cg_action_to_string``),
    which is freed here; raises for NULL."""
    checked = _checked_handle(text)
    try:
        return str(ffi.string(checked).decode())
    finally:
        raw_lib.cg_string_free(checked)


def to_state(handle: Any) -> State:
    """The `craftgames.State` of a C handle (a copy)."""
    text = _checked_handle(lib.cg_to_json(handle))
    try:
        return State.from_json(ffi.string(text).decode())
    finally:
        raw_lib.cg_string_free(text)
