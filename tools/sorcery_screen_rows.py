"""Counts Studies in Sorcery decisions whose screen overflows an 80x24 terminal.

Plays random games (every seat random) over several setups and seeds; at every decision of
seat 0 a human would be asked (more than one option, or a buy's step, which is always
asked), fits the board and menu as the table session does on a terminal of 80x24
(`TableGame._fit`, or the tick list of a payment) and counts the rows printed: the board,
the seats line, the menu as wrapped, and the prompt. Prints how many overflow, by the
decision's stage (``Choose``, ``Dig``, ``BuySelect``, ``CommitTarget``, ...).

    PYTHONPATH=python python tools/sorcery_screen_rows.py [--verbose]
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from rich.text import Text

from craftgames.table.session import TableGame, _lines_of

sys.path.insert(0, str(Path(__file__).resolve().parent))
from screen_rows import HEIGHT, WIDTH, Setups, count_overflows, report

SETUPS: tuple[tuple[int, dict[str, object]], ...] = (
    (1, {"solo": "robot", "difficulty": "medium"}),
    (1, {"solo": "robot", "staffs": True}),
    (2, {}),
    (2, {"staffs": True}),
    (3, {}),
    (4, {}),
    (4, {"staffs": True}),
)
SEEDS = (1, 2, 3)
__all__ = ["HEIGHT", "SEEDS", "SETUPS", "WIDTH", "count", "rows", "stage"]


def stage(game: TableGame, seat: int) -> str:
    """The decision's stage as the observation names it."""
    turn = game.state.observation(seat).get("turn") or {}
    return str(turn.get("stage"))


def seats_rows(game: TableGame, seat: int) -> int:
    """Rows of the seats line below the board (none when the board names the seats)."""
    line = game._seats_line(seat)
    return _lines_of(game.console, Text(line)) if line else 0


def rows(game: TableGame, seat: int) -> int:
    """Rows the decision takes on screen as the session prints it."""
    options = game._options(seat)
    obs = game.state.observation(seat)
    pick = game.show.set_choice(obs, options, game.state.action_to_string)
    if pick is not None:  # a payment: the compact board, then the tick list
        names = game._names(seat)
        labels = [
            game.show.name_sides(game.state.action_to_string(a), seat, names) for a in pick.items
        ]
        board = game._board(seat, compact=True)
        listed = game._set_lines(seat, pick, labels, frozenset())
        return (
            _lines_of(game.console, board)
            + seats_rows(game, seat)
            + sum(_lines_of(game.console, Text(line)) for line in listed)
            + 1
        )
    game._unoffered = game.show.unoffered(obs, [t for t, _ in options])
    board, menu = game._fit(seat, options)
    return (
        _lines_of(game.console, board)
        + seats_rows(game, seat)
        + game._menu_rows(seat, menu)
        + 1  # the prompt
    )


def count(
    setups: Setups = SETUPS,
    seeds: Sequence[int] = SEEDS,
    verbose: bool = False,
) -> tuple[Counter[str], Counter[str]]:
    """Seat 0's decisions that overflow and all of them looked at, by stage."""
    return count_overflows(
        "sorcery",
        setups,
        seeds,
        seats=lambda players: ["human"] + ["random"] * (players - 1),
        looked_at=lambda game, seat, k: seat == 0,
        kind=stage,
        rows=rows,
        table_options={"pass_terminal": False},
        verbose=verbose,
    )


def main(verbose: bool) -> int:
    print(report(*count(verbose=verbose), "seat-0 decisions"))
    return 0


if __name__ == "__main__":
    sys.exit(main("--verbose" in sys.argv))
