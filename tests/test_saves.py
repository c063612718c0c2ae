"""No save is ever lost: every file the package writes is replaced atomically (a fault or a kill
while writing leaves the old file whole), and the arena's --out keeps every finished game."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from craftgames import atomic, sorcery
from craftgames.cli import main
from craftgames.replay import Replay, load_replay

OLD_REPLAY = Replay("sunrise", 2, 4, [], seats=["random", "random"])
OLD_CAMPAIGN = sorcery.new_campaign(2)


def _save_replay(path: Path) -> None:
    Replay("sunrise", 2, 5, [1, 2, 3], seats=["greedy", "greedy"]).save(path)


def _save_campaign(path: Path) -> None:
    sorcery.save_campaign({**OLD_CAMPAIGN, "missions": [2, 3]}, path)


WRITERS = {"Replay.save": _save_replay, "save_campaign": _save_campaign}


def _old_files(tmp_path: Path) -> dict[str, Path]:
    replay = tmp_path / "game.json"
    OLD_REPLAY.save(replay)
    campaign = tmp_path / "campaign.json"
    sorcery.save_campaign(OLD_CAMPAIGN, campaign)
    return {"Replay.save": replay, "save_campaign": campaign}


@pytest.mark.parametrize("writer", WRITERS)
@pytest.mark.parametrize("fault", ["fsync", "replace"])
def test_a_fault_while_saving_leaves_the_old_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, writer: str, fault: str
) -> None:
    target = _old_files(tmp_path)[writer]
    before = target.read_bytes()

    def disk_full(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, fault, disk_full)
    with pytest.raises(OSError, match="No space left"):
        WRITERS[writer](target)
    monkeypatch.undo()
    assert target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["campaign.json", "game.json"]


@pytest.mark.parametrize("writer", WRITERS)
def test_a_save_replaces_the_file_and_keeps_its_permissions(tmp_path: Path, writer: str) -> None:
    target = _old_files(tmp_path)[writer]
    target.chmod(0o640)
    WRITERS[writer](target)
    assert target.stat().st_mode & 0o777 == 0o640
    if writer == "Replay.save":
        assert load_replay(target).actions == [1, 2, 3]
    else:
        assert sorcery.load_campaign(target)["missions"] == [2, 3]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["campaign.json", "game.json"]


def _killed_at(hook: str, code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Runs `code` in a child Python that SIGKILLs itself the first time it calls `os.hook`
    (the moment a file is being written), as an OOM killer or a power cut would."""
    prelude = (
        "import os, signal\n"
        f"def _die(*a, **k): os.kill(os.getpid(), signal.SIGKILL)\n"
        f"os.{hook} = _die\n"
    )
    return subprocess.run(
        [sys.executable, "-c", prelude + code], cwd=cwd, capture_output=True, text=True
    )


@pytest.mark.parametrize("hook", ["fsync", "replace"])
def test_a_kill_while_play_resume_saves_keeps_the_game_being_resumed(
    tmp_path: Path, hook: str
) -> None:
    # `play --resume FILE` plays on and saves over FILE; a kill at that moment used to
    # leave it empty (the game being resumed lost).
    saved = tmp_path / "g.json"
    OLD_REPLAY.save(saved)
    before = saved.read_bytes()
    code = "from craftgames.cli import main; main(['play', '--resume', 'g.json', '--quiet'])"
    child = _killed_at(hook, code, tmp_path)
    assert child.returncode == -signal.SIGKILL, child.stderr
    assert saved.read_bytes() == before
    assert load_replay(saved) == OLD_REPLAY


@pytest.mark.parametrize("hook", ["fsync", "replace"])
def test_a_kill_while_a_campaign_is_recorded_keeps_the_record(tmp_path: Path, hook: str) -> None:
    record = tmp_path / "campaign.json"
    sorcery.save_campaign(OLD_CAMPAIGN, record)
    before = record.read_bytes()
    code = (
        "from craftgames import sorcery\n"
        "sorcery.save_campaign({**sorcery.new_campaign(2), 'missions': [2, 3]}, 'campaign.json')"
    )
    child = _killed_at(hook, code, tmp_path)
    assert child.returncode == -signal.SIGKILL, child.stderr
    assert record.read_bytes() == before


ARENA = ["arena", "sunrise", "--seat", "random", "--seat", "greedy", "--games", "5", "--seed", "3"]


def _games(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_a_killed_arena_keeps_every_finished_game_and_resume_plays_the_rest(
    tmp_path: Path,
) -> None:
    whole = tmp_path / "whole.jsonl"
    assert main([*ARENA, "--out", str(whole)]) == 0
    # The arena is killed while it writes its third game: the two before are kept whole.
    code = f"from craftgames.cli import main\nmain({[*ARENA, '--out', 'cut.jsonl']!r})"
    child = _killed_in_nth_append(3, code, tmp_path)
    assert child.returncode == -signal.SIGKILL, child.stderr
    cut = tmp_path / "cut.jsonl"
    kept = cut.read_text().split("\n")
    assert [json.loads(line)["game"] for line in kept[:2]] == [0, 1]
    assert kept[2] and not kept[2].endswith("}")  # half of game 2's line
    assert main([*ARENA, "--out", str(cut), "--resume"]) == 0
    assert sorted(_games(cut), key=lambda g: int(str(g["game"]))) == _games(whole)


def _killed_in_nth_append(n: int, code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Runs `code` in a child Python killed in the middle of writing its `n`-th JSON line:
    half the line is on disk when the SIGKILL comes."""
    prelude = (
        "import os, signal\n"
        "from craftgames import atomic\n"
        "_append, _calls = atomic.LineAppender.append, [0]\n"
        "def _cut(self, line):\n"
        "    _calls[0] += 1\n"
        f"    if _calls[0] == {n}:\n"
        "        self._file.write(line[: len(line) // 2])\n"
        "        self._file.flush()\n"
        "        os.kill(os.getpid(), signal.SIGKILL)\n"
        "    _append(self, line)\n"
        "atomic.LineAppender.append = _cut\n"
    )
    return subprocess.run(
        [sys.executable, "-c", prelude + code], cwd=cwd, capture_output=True, text=True
    )


def test_resume_drops_a_line_cut_by_a_kill_and_plays_that_game_again(tmp_path: Path) -> None:
    whole = tmp_path / "whole.jsonl"
    assert main([*ARENA, "--out", str(whole)]) == 0
    lines = whole.read_text().splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    cut.write_text(lines[0] + lines[1] + lines[2][:10])  # died in the middle of game 2's line
    assert main([*ARENA, "--out", str(cut), "--resume"]) == 0
    assert sorted(_games(cut), key=lambda g: int(str(g["game"]))) == _games(whole)


TWO_GAMES = ["arena", "sunrise", "--games", "2", "--seed", "3"]


@pytest.mark.parametrize(
    ("argv", "why"),
    [
        (
            [*TWO_GAMES, "--seed", "4", "--seat", "random", "--seat", "greedy"],
            "line 1 is not a game of this arena: game 0 was played by another arena",
        ),
        (
            [*TWO_GAMES, "--seat", "greedy", "--seat", "random"],
            "line 1 is not a game of this arena: it was played by other --seat bots",
        ),
        (
            [*TWO_GAMES, "--games", "1", "--seat", "random", "--seat", "greedy"],
            "line 2 is not a game of this arena: game 1 is not one of this arena's 1 games",
        ),
    ],
)
def test_resume_refuses_the_games_of_another_arena(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], why: str
) -> None:
    out = tmp_path / "a.jsonl"
    assert main([*TWO_GAMES, "--seat", "random", "--seat", "greedy", "--out", str(out)]) == 0
    before = out.read_bytes()
    with pytest.raises(SystemExit) as exc:
        main([*argv, "--out", str(out), "--resume"])
    assert exc.value.code == 2
    assert why in capsys.readouterr().err.splitlines()[-1]
    assert out.read_bytes() == before


def test_the_line_appender_writes_whole_lines_only(tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl"
    with atomic.LineAppender(path, fresh=True) as out:
        out.append("{}")
        with pytest.raises(ValueError, match="single line"):
            out.append("{\n}")
    assert path.read_text() == "{}\n"
