"""The C ABI's safety net through Python (issue 22, point 5): the wrapper owns its handles
(no raw free within reach by accident), and a freed or foreign handle is an error code."""

from __future__ import annotations

import subprocess
import sys

import pytest

capi = pytest.importorskip("craftgames.capi")


@pytest.mark.parametrize("name", ["cg_free", "cg_setup_free", "cg_string_free"])
def test_the_raw_frees_are_not_in_lib(name: str) -> None:
    with pytest.raises(AttributeError, match=r"capi\.free\(handle\) frees one now"):
        getattr(capi.lib, name)
    assert name not in dir(capi.lib)
    assert callable(getattr(capi.raw_lib, name))  # for code that owns raw handles


def test_freeing_a_dealt_handle_by_hand_then_collecting_it_does_not_crash() -> None:
    # The crash: `cg_free` on a handle from `Setup.deal`, then the garbage collector
    # freed it again (munmap_chunk(): invalid pointer, the process aborted). In a child, so a
    # crash cannot take the test run down.
    code = (
        "import gc\n"
        "from craftgames import capi\n"
        "setup = capi.Setup('sunrise', players=2)\n"
        "state = setup.deal(seed=1)\n"
        "capi.raw_lib.cg_free(state)\n"  # the accident, now only through raw_lib
        "capi.free(state)\n"  # and the wrapper's own free: the library sees a freed handle
        "print(capi.lib.cg_num_players(state) == capi.INVALID_HANDLE, flush=True)\n"
        "del state\n"
        "gc.collect()\n"
        "print('alive', flush=True)\n"
    )
    child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert (child.returncode, child.stdout) == (0, "True\nalive\n"), child.stderr


def test_a_freed_or_foreign_handle_is_an_error_code() -> None:
    setup = capi.Setup("sunrise", players=2)
    state = setup.deal(seed=1)
    other = setup.deal(seed=2)  # live, so the freed box is not handed out again at once
    capi.free(state)
    with pytest.raises(capi.CApiError, match="state is not a live CgState") as freed:
        capi.check(capi.lib.cg_num_players(state))
    assert freed.value.code == capi.INVALID_HANDLE
    # A setup where a state goes:
    with pytest.raises(capi.CApiError, match="not a live CgState"):
        capi.check(capi.lib.cg_num_players(setup.handle))
    assert capi.check(capi.lib.cg_num_players(other)) == 2
