"""The arena's worker processes: a small pool that knows which game each worker plays.

`ProcessPoolExecutor` cannot say which game a dead worker took with it, submits every task
up front, and leaves its workers running when the parent is killed. This pool:

* starts at most ``min(jobs, games, CPUs)`` workers (`worker_count`) and hands each one game
  at a time from a lazy iterator of tasks, so a billion games cost no memory up front;
* makes every worker die with the arena: on Linux the kernel kills it when the arena dies
  (``prctl(PR_SET_PDEATHSIG, SIGKILL)``), elsewhere it notices its parent is gone within a
  second; workers ignore Ctrl-C (the terminal sends it to the whole process group), and the
  arena stops them when it stops;
* when a worker dies mid-game (the OOM killer, a ``kill -9``), records that game as lost
  (`LostGame`), starts a fresh worker and plays on, so every other game is kept.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any

__all__ = ["MAX_JOBS", "LostGame", "play_in_workers", "worker_count"]

MAX_JOBS = 1024
"""Most worker processes an arena may ask for: far above any machine's CPUs, low enough that
a typo cannot fork the machine to a halt."""

Play = Callable[[Any], Any]
"""Plays one task (in a worker) and returns its result."""

_PR_SET_PDEATHSIG = 1
"""From <linux/prctl.h>: the signal a process gets when its parent dies."""


@dataclass(frozen=True)
class LostGame:
    """A game whose worker died before it finished."""

    index: int
    """The game's index in the arena."""
    exitcode: int | None
    """The worker's exit code (negative: the signal that killed it)."""

    def cause(self) -> str:
        """How the worker ended, in words."""
        if self.exitcode is not None and self.exitcode < 0:
            try:
                name = signal.Signals(-self.exitcode).name
            except ValueError:
                name = f"signal {-self.exitcode}"
            return f"its worker process was killed ({name})"
        return f"its worker process exited (code {self.exitcode})"


def _cpus() -> int:
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def worker_count(jobs: int, games: int) -> int:
    """How many workers an arena of `games` games asked to run on `jobs` processes starts:
    never more than the games or this machine's CPUs. Raises `ValueError` for a `jobs` below
    1 or above `MAX_JOBS`."""
    if not 1 <= jobs <= MAX_JOBS:
        raise ValueError(f"--jobs must be from 1 to {MAX_JOBS}, not {jobs}")
    return max(1, min(jobs, games, _cpus()))


class _Worker:
    """One worker process and the game it is playing."""

    def __init__(self, context: Any, play: Play) -> None:
        parent_end, child_end = context.Pipe()
        # Ctrl-C is blocked while the worker starts, so it never sees one before it ignores
        # them (the mask is inherited, and unblocked in `_serve` once SIGINT is ignored).
        with _sigint_blocked():
            self.process: BaseProcess = context.Process(
                target=_serve, args=(child_end, play, os.getpid()), daemon=True
            )
            self.process.start()
        child_end.close()
        self.conn: Connection = parent_end
        self.index: int | None = None
        """The index of the game it is playing, `None` when idle."""

    def give(self, index: int, task: object) -> bool:
        """Sends the worker game `index`; `False` if it had died (it never started it)."""
        try:
            self.conn.send(task)
        except OSError:
            return False
        self.index = index
        return True

    def stop(self) -> None:
        """Ends the worker now (a game it is playing is abandoned)."""
        with contextlib.suppress(OSError):
            self.conn.close()
        if self.process.is_alive():
            self.process.kill()
        self.process.join()


@contextlib.contextmanager
def _sigint_blocked() -> Iterator[None]:
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _die_with_parent(parent: int) -> None:
    """Makes this process end when the arena (process `parent`) does."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the arena decides what Ctrl-C does
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0:
                # The parent may have died before prctl: then nothing would signal us.
                if os.getppid() != parent:
                    os._exit(1)
                return
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _watch_parent(parent: int) -> None:
    """Where the kernel cannot tell a worker its parent died: look once a second."""
    while os.getppid() == parent:
        threading.Event().wait(1.0)
    os._exit(1)


def _serve(conn: Connection, play: Play, parent: int) -> None:
    """A worker's life: play each task the arena sends, answer its result, until told to
    stop (`None`) or the arena is gone."""
    _die_with_parent(parent)
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        try:
            answer: tuple[bool, object] = (True, play(task))
        except Exception as error:  # a bug: the arena re-raises it
            answer = (False, error)
        conn.send(answer)


def play_in_workers(
    tasks: Iterator[tuple[int, object]],
    play: Play,
    workers: int,
    on_lost: Callable[[LostGame], None],
) -> Iterator[Any]:
    """Plays each ``(index, task)`` of `tasks` with `play` on `workers` processes, yielding
    results as games finish (not in order). A game whose worker dies is reported to
    `on_lost` and the arena goes on with a fresh worker. Closing the iterator (or an
    exception, such as `KeyboardInterrupt`, in the consumer) stops every worker."""
    context = multiprocessing.get_context()
    pool = [_Worker(context, play) for _ in range(workers)]

    def next_game(slot: int) -> None:
        """Gives the worker in `slot` the next game, if any (replacing it if it died idle)."""
        job = next(tasks, None)
        while job is not None and not pool[slot].give(*job):
            pool[slot].stop()
            pool[slot] = _Worker(context, play)

    try:
        for slot in range(workers):
            next_game(slot)
        while any(w.index is not None for w in pool):
            ends: dict[Any, int] = {}  # a connection or a process sentinel -> its slot
            for slot, w in enumerate(pool):
                if w.index is not None:
                    ends[w.conn] = ends[w.process.sentinel] = slot
            handled = set()
            for ready in wait(list(ends)):
                slot = ends[ready]
                if slot in handled:
                    continue  # its answer and its end were both ready: one event
                handled.add(slot)
                worker = pool[slot]
                result = _answer(worker)
                index, worker.index = worker.index, None
                if result is _DIED:
                    assert index is not None
                    on_lost(LostGame(index, worker.process.exitcode))
                    worker.stop()
                    pool[slot] = _Worker(context, play)
                # The next game first: the worker plays while the caller saves this result.
                next_game(slot)
                if result is not _DIED:
                    yield result
    finally:
        for worker in pool:
            worker.stop()


_DIED = object()
"""`_answer` when the worker died before answering."""


def _answer(worker: _Worker) -> object:
    """The result the worker sent for its game, `_DIED` if it died first."""
    try:
        if not worker.conn.poll():
            worker.process.join()  # its sentinel is ready: it has ended
            return _DIED
        ok, value = worker.conn.recv()
    except (EOFError, OSError):
        worker.process.join()
        return _DIED
    if not ok:
        raise value
    return value
