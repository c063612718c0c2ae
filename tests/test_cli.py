"""The craftgames command: whole games, saved replays, bad files, and a human at the table."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from craftgames.cli import main
from craftgames.replay import Replay, load_replay

ALL_RANDOM = ["--seat", "random", "--seat", "random", "--seat", "random"]


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game left without --save is saved in the working directory: keep it in tmp."""
    monkeypatch.chdir(tmp_path)


def score_titles(text: str) -> list[str]:
    """The per-seat explanation titles, e.g. 'Seat 2 (random): 27 points', as (seat, points)."""
    return re.findall(r"Seat (\d+) \([^)]*\): (-?\d+) points", text)


def test_all_random_game_plays_to_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["play", "sunrise", "--players", "3", "--seed", "7", *ALL_RANDOM])
    out = capsys.readouterr().out
    assert code == 0
    assert "Final scores" in out
    assert "Day 3 of 3" in out
    assert len(score_titles(out)) == 3
    for category in ("Completed Projects", "Reserve", "Cup of Coffee"):
        assert category in out


def test_save_then_replay_gives_the_same_scores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    assert main(["play", "sunrise", "--players", "4", "--seed", "3", "--save", str(path)]) == 0
    played = score_titles(capsys.readouterr().out)
    doc = json.loads(path.read_text())
    assert {"game", "players", "seed", "actions"} <= doc.keys()
    assert doc["game"] == "sunrise" and doc["players"] == 4 and doc["seed"] == 3
    assert main(["replay", str(path)]) == 0
    replayed = score_titles(capsys.readouterr().out)
    assert len(played) == 4
    assert replayed == played
    state = load_replay(path).play()
    assert state.is_terminal()
    assert sorted((int(s), int(p)) for s, p in played) == list(enumerate(state.scores()))


def test_quiet_prints_only_the_scores(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "sunrise", "--players", "2", "--seed", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Final scores" in out
    assert "seat 0 (random):" not in out


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "replay.json"
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json at all", "not a JSON document"),
        ("[1, 2, 3]", "JSON object"),
        ('{"game": "sunrise", "players": 3, "seed": 1}', "actions"),
        ('{"game": "sunrise", "players": "3", "seed": 1, "actions": []}', "must be an integer"),
        ('{"game": "sunrise", "players": 3, "seed": 1, "actions": [0.5]}', "action #1"),
        ('{"game": "chess", "players": 3, "seed": 1, "actions": []}', "chess"),
        ('{"game": "sunrise", "players": 7, "seed": 1, "actions": []}', "7"),
        ('{"game": "sunrise", "players": 3, "seed": 1, "actions": [3834, 0]}', "action #1"),
        ('{"game": "sunrise", "players": 3, "seed": 1, "actions": [-5]}', "action #1"),
        ('{"game": "sunrise", "players": 2, "seed": 1, "actions": [], "cards": "x = 1"}', "x"),
    ],
)
def test_bad_replay_files_exit_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, message: str
) -> None:
    path = write(tmp_path, content)
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("craftgames: error: ")
    assert message in lines[0]


def test_missing_and_binary_replay_files_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00garbage")
    assert main(["replay", str(tmp_path / "binary.json")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all(line.startswith("craftgames: error: ") for line in err)


def test_a_replay_that_stops_early_reports_the_game_unfinished(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "short.json"
    Replay("sunrise", 2, 5, []).save(path)
    assert main(["replay", str(path)]) == 0
    assert "not over" in capsys.readouterr().out


def test_human_seat_reads_stdin_then_eof_exits_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Three moves, each after a bad answer that must be asked again, then end of input.
    monkeypatch.setattr(sys, "stdin", io.StringIO("abc\n1\n0\n1\n999\n1\n"))
    path = tmp_path / "partial.json"
    argv = ["play", "sunrise", "--players", "2", "--seed", "4", "--seat", "human"]
    code = main([*argv, "--seat", "random", "--save", str(path)])
    captured = capsys.readouterr()
    assert code == 1
    assert captured.out.count("Seat 0, your move:") == 4
    assert captured.out.count("Please type a number") == 3
    assert "Your hand" in captured.out
    assert "game left" in captured.err
    # Every answer "1" chose the first option listed: options are in sentence order.
    replay = load_replay(path)
    state = replay.new_game()
    chosen = 0
    for action in replay.actions:
        if state.current_player() == 0:
            assert action == min(state.legal_actions(), key=state.action_to_string)
            chosen += 1
        state.apply_action(action)
    assert chosen == 3
    assert state.current_player() == 0 and not state.is_terminal()


def test_bots_face_down_choices_are_not_shown_to_a_human(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    argv = ["play", "sunrise", "--players", "2", "--seed", "4", "--seat", "random"]
    assert main([*argv, "--seat", "human"]) == 1
    out = capsys.readouterr().out
    assert "seat 0 (random): Choose a work style and distribute 4 cards face-down" in out
    assert "Efficient:" not in out.split("Seat 1, your move:")[0]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "2", *["--seat", "random"] * 3], "at most one --seat per player"),
        (["--players", "2", "--seat", "random", "--seat", "wizard"], "wizard"),
        (["--players", "1"], "1"),
        (["--players", "2", "--cards", "/nonexistent/cards.toml"], "cards.toml"),
    ],
)
def test_bad_play_arguments_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    try:
        code = main(["play", "sunrise", *argv])
    except SystemExit as e:  # argparse's own checks
        code = int(e.code or 0)
    assert code == 2
    assert message in capsys.readouterr().err


def test_help_is_clean(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--help"], ["play", "--help"], ["replay", "--help"]):
        with pytest.raises(SystemExit) as info:
            main(argv)
        assert info.value.code == 0
    out = capsys.readouterr().out
    assert "play" in out and "replay" in out and "--seat" in out and "--save" in out


def test_console_script_plays_a_game_in_a_subprocess(tmp_path: Path) -> None:
    exe = shutil.which("craftgames")
    assert exe is not None, "the craftgames console script is not installed"
    result = subprocess.run(
        [exe, "play", "sunrise", "--players", "3", "--seed", "7", *ALL_RANDOM],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "Final scores" in result.stdout
    assert "\x1b[" not in result.stdout  # plain text when not a terminal


def test_an_mcts_seat_prints_its_moves_with_its_top_three(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["play", "sunrise", "--players", "2", "--seed", "3", "--seat", "mcts:40"]
    assert main([*argv, "--seat", "random"]) == 0
    out = capsys.readouterr().out
    mcts_lines = [line for line in out.splitlines() if line.startswith("seat 0 (mcts:40):")]
    assert mcts_lines
    reasons = [line for line in out.splitlines() if "[40 simulations: this move " in line]
    assert reasons
    # The move's share of the visits and mean reward, then up to two other moves'.
    for line in reasons:
        assert re.search(r"this move \d+% of visits, mean reward \d\.\d\d", line)
        assert line.count(" | ") <= 2
        assert len(re.findall(r" \| \d+% .+? \(\d\.\d\d\)", line)) == line.count(" | ")
    assert any(" | " in line for line in reasons)


def test_a_greedy_seat_gives_its_score_gain(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "sunrise", "--players", "2", "--seed", "3", "--seat", "greedy"]
    assert main([*argv, "--seat", "random"]) == 0
    lines = capsys.readouterr().out.splitlines()
    gains = [
        (lines[i - 1], m.group(1))
        for i, line in enumerate(lines)
        if (m := re.match(r"  \[greedy: ([+-]\d+) pts? if the game ended now\]$", line))
    ]
    assert gains and all(int(g) != 0 for _, g in gains)
    assert all(move.startswith(("seat 0 (greedy): ", "  · ")) for move, _ in gains)


def test_arena_help_says_95_percent(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["arena", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "95% confidence" in out and "%%" not in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "5"], "sunrise is played by at most 4 players, not 5"),
        (["--players", "2", "--cards", "CARDS"], "card file line 1 (x = 1): unknown field"),
    ],
)
def test_errors_found_after_parsing_are_one_line_without_usage(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    cards = tmp_path / "cards.toml"
    cards.write_text("x = 1\n")
    argv = [str(cards) if a == "CARDS" else a for a in argv]
    assert main(["play", "sunrise", *argv]) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [err.strip()] and err.startswith("craftgames: error: ")
    assert message in err and "usage:" not in err and "solo" not in err
