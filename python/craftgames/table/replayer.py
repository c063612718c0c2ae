"""``craftgames replay``: a saved game move by move, as a spectator or one seat saw it, in
the words the live table logged it in (`craftgames.table.events.table_lines`)."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from craftgames import bots
from craftgames._core import State
from craftgames.replay import Replay
from craftgames.table.events import table_lines
from craftgames.table.listing import plays_alone, table_options
from craftgames.table.presentation import Presentation, presentation
from craftgames.table.prompt import ask
from craftgames.table.scores import print_scores

__all__ = ["show_replay"]

STEP_PROMPT = "Enter: next move · b: board · q: quit "


def _names(replay: Replay) -> list[str]:
    if replay.seats is not None:
        return list(replay.seats)
    return [f"seat {s}" for s in range(replay.players)]


def _seen_names(names: list[str], seat: int | None) -> list[str]:
    """The seats' names as `seat` reads them: "you" for itself, as at the live table."""
    return ["you" if s == seat else n for s, n in enumerate(names)]


def _played_alone(show: Presentation, replay: Replay, state: State, names: list[str]) -> bool:
    """Whether the table played this move for its human mover, the only option (its log then
    says why). A game played with ``--confirm-forced`` asked instead; the replay, which does
    not record that, reads it as played without asking."""
    mover = state.current_player()
    if replay.seats is None or replay.seats[mover] != bots.HUMAN:
        return False
    return plays_alone(show, state, table_options(show, state, mover, names))


def show_replay(
    console: Console, replay: Replay, *, seat: int | None = None, step: bool = False
) -> int:
    """Prints `replay` move by move as the table's event log showed it to `seat` (`None`: a
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
    seen = _seen_names(names, seat)
    for action in replay.actions:
        mover = state.current_player()
        who = f"seat {mover} ({names[mover]})" if replay.seats else f"seat {mover}"
        forced = mover == seat and _played_alone(show, replay, state, seen)
        for line in table_lines(show, state, action, seat, who, seen, forced=forced):
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
