"""``craftgames replay`` from the command line: a saved game shown move by move as a spectator or
one seat saw it, stepped with the board, old files, bad seats, unfinished games.

(The replay's words equal the live table's log: `test_replay_wording.py`.)
"""

from __future__ import annotations

import io
import json
import random
import re
import sys
from pathlib import Path

import pytest

from craftgames import new_game
from craftgames.cli import main
from craftgames.replay import Replay, load_replay


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game left without --save is saved in the working directory: keep it in tmp."""
    monkeypatch.chdir(tmp_path)


def saved_bot_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Replay:
    path = tmp_path / "bots.json"
    argv = ["play", "sunrise", "--players", "3", "--seed", "5", "--quiet", "--save", str(path)]
    assert main([*argv, "--seat", "random", "--seat", "greedy", "--seat", "random"]) == 0
    capsys.readouterr()
    return load_replay(path)


@pytest.mark.parametrize("seat", [None, 0, 2])
def test_replay_shows_each_move_only_as_that_seat_saw_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], seat: int | None
) -> None:
    replay = saved_bot_game(tmp_path, capsys)
    argv = ["replay", str(tmp_path / "bots.json")]
    assert main(argv if seat is None else [*argv, "--seat", str(seat)]) == 0
    out = capsys.readouterr().out
    # The log lines are exactly the events as that seat was told them, move by move.
    state = replay.new_game()
    expected: list[str] = []
    hidden: list[str] = []
    for a in replay.actions:
        mover = state.current_player()
        events = state.public_events(a, seat)
        expected.append(f"seat {mover} ({replay.seats[mover] if replay.seats else mover}): ")
        expected[-1] += events[0]
        expected += [f"  · {e}" for e in events[1:]]
        full = state.action_to_string(a)
        if mover != seat and state.public_action_string(a, seat) != full:
            hidden.append(full)
        state.apply_action(a)
    lines = out.splitlines()
    start = 1
    # In the table's words: the seat a pass reaches named after its direction (the seat's
    # own passes: the others' are hidden from it); without those names, the engine's lines.
    printed = lines[start : start + len(expected)]
    named = re.compile(r" \(seat \d, (random|greedy|you)\)")
    assert [named.sub("", line) for line in printed] == expected
    assert (seat is None) == (not any(named.search(line) for line in printed))
    # What the seat could not see is nowhere: the other seats' face-down choices (a sentence
    # naming cards of a hand that seat never held).
    assert hidden
    shown = "\n".join(lines[start : start + len(expected)])
    mine = {line.split(": ", 1)[1] for line in expected if line.startswith(f"seat {seat} ")}
    for sentence in hidden:
        assert sentence in mine or sentence not in shown
    assert "Final scores" in out


def test_replay_step_shows_the_board_as_the_seat_sees_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    replay = saved_bot_game(tmp_path, capsys)
    monkeypatch.setattr(sys, "stdin", io.StringIO("\nb\nwat\n\nq\n"))
    assert main(["replay", str(tmp_path / "bots.json"), "--seat", "1", "--step"]) == 0
    out = capsys.readouterr().out
    assert "Final scores" not in out  # q stopped it
    assert out.count("Enter: next move") == 5
    state = replay.new_game()
    for a in replay.actions[:2]:
        state.apply_action(a)
    obs = state.observation(1)
    hand = obs["players"][1]["hand"]  # resource card ids, spelled out by the catalogue
    labels = ", ".join(obs["cards"]["resource_cards"][c]["label"] for c in hand)
    assert f"Your hand ({state.observation(1)['players'][1]['stack_size']} cards" in out
    assert labels in out
    for other in (0, 2):  # the other hands are nowhere in seat 1's observation, nor on screen
        assert state.observation(1)["players"][other]["hand"] is None
    assert "Press Enter for the next move" in out


def test_replay_seat_out_of_range_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved_bot_game(tmp_path, capsys)
    assert main(["replay", str(tmp_path / "bots.json"), "--seat", "3"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_old_replay_files_still_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "old.json"
    state = new_game("sunrise", 2, 1)
    actions = []
    for _ in range(10):
        a = sorted(state.legal_actions())[0]
        actions.append(a)
        state.apply_action(a)
    path.write_text(json.dumps({"game": "sunrise", "players": 2, "seed": 1, "actions": actions}))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "\nseat 0: " in out and "\nseat 1: " in out and "not over" in out


@pytest.mark.parametrize("seat", [None, 1])
def test_replay_of_an_unfinished_game_shows_no_hidden_score(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], seat: int | None
) -> None:
    # A Sorcery game left after 60 moves: each thesis and hand is still secret (§ Setup: "keep
    # it secret"), so neither may reach a spectator, nor seat 0's reach seat 1.
    rng = random.Random(2)
    state = new_game("sorcery", 2, 3)
    for _ in range(60):
        state.apply_action(rng.choice(state.legal_actions()))
    assert not state.is_terminal()
    path = tmp_path / "left.json"
    Replay("sorcery", 2, 3, state.history()).save(path)
    argv = ["replay", str(path)]
    assert main(argv if seat is None else [*argv, "--seat", str(seat)]) == 0
    out = capsys.readouterr().out
    assert "not over" in out and "Final scores" not in out
    hidden = [0, 1] if seat is None else [0]
    theses = {0: "Hoarder", 1: "Liberal Arts"}  # dealt from seed 3, read from explain_score
    for t in hidden:
        assert state.explain_score(t).lines[0].detail.startswith(theses[t])
        assert theses[t] not in out
        assert not any(line.detail in out for line in state.explain_score(t).lines)
    assert "Total" in out
