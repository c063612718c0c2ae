"""The arena's workers (issue 22, point 3): as many as can be used, never more; they end with
the arena; SIGTERM and Ctrl-C end it with the finished games saved; a killed worker costs only
its own game; tasks are made as they are played."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from craftgames.arena import GameResult, GamesLostError, run_arena
from craftgames.arena import pool as arena_pool
from craftgames.cli import main

LINUX = Path("/proc/self/stat").exists()
needs_proc = pytest.mark.skipif(not LINUX, reason="reads /proc (Linux)")
needs_two_cpus = pytest.mark.skipif(
    arena_pool.worker_count(2, 2) < 2, reason="needs two CPUs for two workers"
)


def test_workers_are_capped_by_the_games_and_the_cpus(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arena_pool, "_cpus", lambda: 8)
    assert arena_pool.worker_count(100, 2) == 2
    assert arena_pool.worker_count(100, 10**23) == 8
    assert arena_pool.worker_count(3, 10**23) == 3
    assert arena_pool.worker_count(1, 5) == 1


@pytest.mark.parametrize("jobs", ["0", "-3", "100000", "99999999999999999999"])
def test_an_absurd_jobs_is_one_line(capsys: pytest.CaptureFixture[str], jobs: str) -> None:
    argv = ["arena", "sunrise", "--seat", "random", "--seat", "random", "--games", "2"]
    with pytest.raises(SystemExit) as exc:
        main([*argv, "--jobs", jobs])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert f"craftgames: error: --jobs must be from 1 to 1024, not {jobs}" in err
    assert "Traceback" not in err


class _Enough(Exception):
    """Raised by a test's progress hook to stop an arena."""


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_endless_arena_starts_at_once_and_stops_cleanly(jobs: int) -> None:
    # 10**23 games: a list of tasks would not fit in any memory; the arena makes them lazily.
    seen: list[GameResult] = []

    def three_then_stop(result: GameResult) -> None:
        seen.append(result)
        if len(seen) == 3:
            raise _Enough

    with pytest.raises(_Enough):
        run_arena("sunrise", ["random", "random"], 10**23, 1, jobs=jobs, on_result=three_then_stop)
    assert len(seen) == 3
    assert {r.index for r in seen} <= set(range(3 + jobs))


def _children(pid: int) -> set[int]:
    """The live child processes of `pid` (Linux: each process's parent is in its stat)."""
    found: set[int] = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and _stat(int(entry.name))[1:2] == [str(pid)]:
            found.add(int(entry.name))
    return {c for c in found if _alive(c)}


def _stat(pid: int) -> list[str]:
    """The fields of /proc/PID/stat after the command name (state, parent, ...); [] if gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return []


def _alive(pid: int) -> bool:
    """Whether `pid` runs (a zombie has ended: it only waits to be reaped)."""
    return _stat(pid)[:1] not in ([], ["Z"])


def _wait_for(event: Callable[[], bool], what: str, timeout: float = 120) -> None:
    """Polls until `event()` holds (the timeout only guards a failing test)."""
    deadline = time.monotonic() + timeout
    while not event():
        assert time.monotonic() < deadline, f"timed out waiting until {what}"
        time.sleep(0.02)


def _lines(path: Path) -> list[str]:
    return path.read_text().splitlines() if path.exists() else []


SLOW_ARENA = ["arena", "sunrise", "--seat", "mcts:30", "--seat", "mcts:30", "--seed", "5"]


def _start_arena(tmp_path: Path, games: int, jobs: int = 2) -> subprocess.Popen[str]:
    argv = [*SLOW_ARENA, "--games", str(games), "--jobs", str(jobs), "--out", "out.jsonl"]
    code = f"import sys\nfrom craftgames.cli import main\nsys.exit(main({argv!r}))"
    return subprocess.Popen(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a shell gives a command
    )


def _arena_with_workers(tmp_path: Path, games: int) -> tuple[subprocess.Popen[str], set[int]]:
    """An arena running two workers, which has finished a game (so both are mid-game)."""
    arena = _start_arena(tmp_path, games)
    _wait_for(lambda: len(_lines(tmp_path / "out.jsonl")) >= 1, "a game finished")
    workers = _children(arena.pid)
    assert len(workers) == 2
    return arena, workers


@needs_proc
@needs_two_cpus
def test_workers_die_with_a_killed_arena(tmp_path: Path) -> None:
    arena, workers = _arena_with_workers(tmp_path, 10**6)
    arena.kill()  # SIGKILL: the arena runs no code of its own to stop them
    arena.communicate()
    _wait_for(lambda: not any(_alive(w) for w in workers), "the workers ended")


@needs_proc
@needs_two_cpus
@pytest.mark.parametrize(
    ("stop", "code"), [(signal.SIGTERM, 128 + signal.SIGTERM), (signal.SIGINT, 130)]
)
def test_sigterm_or_ctrl_c_ends_the_arena_with_its_games_saved(
    tmp_path: Path, stop: signal.Signals, code: int
) -> None:
    arena, workers = _arena_with_workers(tmp_path, 10**6)
    if stop == signal.SIGINT:
        os.killpg(arena.pid, stop)  # Ctrl-C reaches the whole process group, workers too
    else:
        arena.send_signal(stop)
    _, err = arena.communicate(timeout=120)
    assert arena.returncode == code, err
    assert err.strip().splitlines() == [
        "craftgames: arena interrupted; the finished games are in out.jsonl (add --resume to go on)"
    ]
    assert not any(_alive(w) for w in workers)  # stopped before the arena exited
    games = [json.loads(line) for line in _lines(tmp_path / "out.jsonl")]
    assert len(games) >= 1 and len({g["game"] for g in games}) == len(games)


@needs_proc
@needs_two_cpus
def test_a_killed_worker_loses_its_game_only(tmp_path: Path) -> None:
    arena, workers = _arena_with_workers(tmp_path, 12)
    victim = min(workers)
    # The victim must hold a game when it dies. Killed between two games (its answer sent,
    # the next game not yet given) it would rightly cost nothing. So it is frozen first, and
    # killed once two more games have finished: by then the arena has read any answer it had
    # sent before freezing and given it its next game, which it cannot finish.
    os.kill(victim, signal.SIGSTOP)
    finished = len(_lines(tmp_path / "out.jsonl"))
    _wait_for(lambda: len(_lines(tmp_path / "out.jsonl")) >= finished + 2, "two more games")
    os.kill(victim, signal.SIGKILL)  # as the OOM killer would
    _, err = arena.communicate(timeout=600)
    assert arena.returncode == 1, err
    errors = err.strip().splitlines()
    assert len(errors) == 1 and "Traceback" not in err, err
    line = errors[0]
    assert line.startswith("craftgames: error: game ") and "was lost: its worker process was "
    assert "killed (SIGKILL); the other 11 games were played" in line
    lost = int(line.split("game ")[1].split()[0])
    kept = sorted(json.loads(g)["game"] for g in _lines(tmp_path / "out.jsonl"))
    assert kept == [i for i in range(12) if i != lost]
    # The saved games are kept and the lost one is played by --resume.
    argv = [*SLOW_ARENA, "--games", "12", "--jobs", "2", "--out", str(tmp_path / "out.jsonl")]
    assert main([*argv, "--resume"]) == 0
    assert sorted(json.loads(g)["game"] for g in _lines(tmp_path / "out.jsonl")) == list(range(12))


def test_the_lost_games_error_names_them() -> None:
    lost = [arena_pool.LostGame(7, -signal.SIGKILL), arena_pool.LostGame(3, 1)]
    error = GamesLostError(lost, [])
    assert str(error) == (
        "games 3, 7 were lost: their worker processes died (its worker process exited "
        "(code 1), …); the other 0 games were played"
    )
