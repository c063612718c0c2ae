"""Reading an answer at the terminal so that Ctrl-C always interrupts it.

``input()`` blocks the main thread in a read of the terminal. A Ctrl-C the kernel hands to
another thread of the process (numpy's BLAS workers are started at import) runs Python's C
signal handler there and does not interrupt that read: the prompt would ignore Ctrl-C until
Enter. Waiting with ``select`` on the terminal and on a signal wakeup pipe instead wakes the
main thread for every signal, wherever it was delivered, and Python then raises
`KeyboardInterrupt` as usual.

Keys typed before a prompt is shown (while a bot thought, say) are discarded: an answer is
only ever given to a prompt the player has seen.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import sys
import termios
import threading

from rich.console import Console

__all__ = ["ask"]


def _interruptible() -> bool:
    try:
        return sys.stdin.isatty() and threading.current_thread() is threading.main_thread()
    except (AttributeError, ValueError):  # a replaced or closed stdin
        return False


def ask(console: Console, prompt: str) -> str:
    """Prints `prompt` and reads one line; raises `EOFError` at end of input and
    `KeyboardInterrupt` on Ctrl-C (at once, on a terminal). On a terminal, what was typed
    before the prompt appeared is discarded first (piped input is read as it comes)."""
    if not _interruptible():
        return console.input(prompt)
    fd = sys.stdin.fileno()
    with contextlib.suppress(termios.error):
        termios.tcflush(fd, termios.TCIFLUSH)
    console.print(prompt, end="", markup=False, highlight=False)
    console.file.flush()
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_r, False)
    os.set_blocking(wake_w, False)
    old = signal.set_wakeup_fd(wake_w, warn_on_full_buffer=False)
    try:
        while True:
            ready, _, _ = select.select([fd, wake_r], [], [])
            if fd in ready:
                break
            # A signal woke us: its Python handler has run (Ctrl-C raises out of select's
            # retry loop above); anything else, drain the pipe and wait on.
            with contextlib.suppress(BlockingIOError):
                os.read(wake_r, 512)
    finally:
        signal.set_wakeup_fd(old)
        os.close(wake_r)
        os.close(wake_w)
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line.rstrip("\n")
