"""``craftgames replay`` words each move as the live table logged it, for the same viewer.

A game is played at the table by a scripted human answering every prompt at random (the
others random bots, whose moves carry no reason line), saved, and replayed: the replay's
lines must be the table's log, line for line, seen by the same seat or by a spectator.
"""

from __future__ import annotations

import builtins
import io
import random
from pathlib import Path

import pytest
from rich.console import Console

from craftgames.replay import load_replay
from craftgames.table.events import move_lines
from craftgames.table.replayer import show_replay
from craftgames.table.session import TableGame


def played_log(
    monkeypatch: pytest.MonkeyPatch,
    path: Path,
    game: str,
    seats: list[str],
    seed: int,
    options: dict[str, object] | None = None,
    most: int = 400,
) -> list[str]:
    """The table's log of a game its humans play at random, saved to `path`; after `most`
    answers the humans leave (the game is saved unfinished)."""
    rng = random.Random(seed)
    answers = 0
    out = io.StringIO()

    def answer(prompt: object = "") -> str:
        nonlocal answers
        answers += 1
        text = out.getvalue().rpartition("\n")[2] + str(prompt)  # the prompt on screen
        if answers > most:
            return "q"
        if text.startswith("Choose 1-"):  # "Choose 1-7 (? for help): "
            return str(rng.randint(1, int(text.split("-")[1].split()[0])))
        if text.startswith("Choose 1"):
            return "1"
        return "y"  # a question before an option that throws something away

    monkeypatch.setattr(builtins, "input", answer)
    table = TableGame(
        Console(file=out, width=120, highlight=False, color_system=None),
        game=game,
        players=len(seats),
        seed=seed,
        seats=seats,
        options=options,
        save_path=str(path),
    )
    assert table.run() in (0, 1)
    return list(table.log.lines)


def replayed_lines(path: Path, seat: int | None) -> list[str]:
    """The move lines `craftgames replay` prints for `seat`: between its header line and
    the scores (or the end of an unfinished game)."""
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False, color_system=None)
    show_replay(console, load_replay(path), seat=seat)
    lines = out.getvalue().splitlines()[1:]
    end = next(i for i, line in enumerate(lines) if not line.startswith(("seat ", "  · ")))
    return lines[:end]


def engine_lines(path: Path, seat: int | None) -> list[str]:
    """The engine's own log lines of the saved game for `seat`, unworded."""
    replay = load_replay(path)
    state = replay.new_game()
    lines: list[str] = []
    for action in replay.actions:
        mover = state.current_player()
        assert replay.seats is not None
        lines += move_lines(state, action, seat, f"seat {mover} ({replay.seats[mover]})")
        state.apply_action(action)
    return lines


@pytest.mark.parametrize(
    ("game", "seats", "seed", "options"),
    [
        ("sorcery", ["random", "human"], 3, None),
        ("sorcery", ["human"], 5, {"solo": "robot", "difficulty": "medium"}),
        ("nijar", ["human", "random"], 2, None),
        ("sunrise", ["random", "human", "random"], 4, None),
    ],
)
def test_a_replay_prints_the_lines_the_table_logged_for_the_human_seat(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    game: str,
    seats: list[str],
    seed: int,
    options: dict[str, object] | None,
) -> None:
    path = tmp_path / "game.json"
    logged = played_log(monkeypatch, path, game, seats, seed, options)
    replayed = replayed_lines(path, seats.index("human"))
    assert replayed == logged
    # The table's words, not the engine's raw ones (which the replay printed before).
    assert replayed != engine_lines(path, seats.index("human"))
    # A move the table played for the human, the only option, says so in both.
    assert any("(the only option" in line for line in replayed)


@pytest.mark.parametrize(("game", "seed"), [("sorcery", 7), ("nijar", 8)])
def test_a_spectators_replay_prints_the_lines_a_shared_screens_log_showed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, game: str, seed: int
) -> None:
    # Two humans at one screen: the log is worded for nobody's eyes (no hidden card), as a
    # spectator's replay is.
    path = tmp_path / "game.json"
    logged = played_log(monkeypatch, path, game, ["human", "human"], seed, most=300)
    assert replayed_lines(path, None) == logged
    assert logged != engine_lines(path, None)
