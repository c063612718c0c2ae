"""``craftgames replay``: a saved game move by move, as a spectator or one seat saw it."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from craftgames.replay import Replay
from craftgames.table.events import move_lines
from craftgames.table.presentation import presentation
from craftgames.table.prompt import ask
from craftgames.table.scores import print_scores

__all__ = ["show_replay"]

STEP_PROMPT = "Enter: next move · b: board · q: quit "


def _names(replay: Replay) -> list[str]:
    if replay.seats is not None:
        return list(replay.seats)
    return [f"seat {s}" for s in range(replay.players)]


def show_replay(
    console: Console, replay: Replay, *, seat: int | None = None, step: bool = False
) -> int:
    """Prints `replay` move by move as the event log showed it to `seat` (`None`: a
    spectator, who sees no hidden card), then the scores. `step` pauses after each move.

    The replay must already be known to play through (see `Replay.play`). Returns 0.
    """
    show = presentation(replay.game)
    names = _names(replay)
    state = replay.new_game()
    eyes = "a spectator" if seat is None else f"seat {seat} ({names[seat]})"
    console.print(
        Text(
            f"{replay.game}: {replay.players} players, seed {replay.seed}, "
            f"{len(replay.actions)} actions; seats: {', '.join(names)}; as {eyes} saw it"
        )
    )
    stepping = step
    for action in replay.actions:
        mover = state.current_player()
        who = f"seat {mover} ({names[mover]})" if replay.seats else f"seat {mover}"
        for line in move_lines(state, action, seat, who):
            console.print(Text(line), soft_wrap=not console.is_terminal)
        state.apply_action(action)
        while stepping:
            try:
                answer = ask(console, STEP_PROMPT).strip().lower()
            except EOFError:
                console.print()
                stepping = False
                break
            if answer == "":
                break
            if answer == "q":
                return 0
            if answer == "b":
                viewer = 0 if seat is None else seat
                console.print(show.board(state, viewer, private=seat is not None))
            else:
                console.print("Press Enter for the next move, b for the board, q to quit.")
    print_scores(console, state, names, seat)
    return 0
