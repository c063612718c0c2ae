"""Counts Níjar decisions whose screen overflows an 80x24 terminal.

Plays random games (every seat random) over several setups and seeds; at every third
decision a human would be asked (more than one option), fits the board and menu as the table
session does on a terminal of 80x24 (`TableGame._fit`) and counts the rows printed: the
board, the seats line, the menu as wrapped, and the prompt. Prints how many overflow, by kind
of decision (a setup step, placing a craftswoman, a placement's actions and bonuses "frame",
or a compound action's step such as "acquire").

    PYTHONPATH=python python tools/nijar_screen_rows.py [--verbose]
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.text import Text

from craftgames.table.session import TableGame, _lines_of

sys.path.insert(0, str(Path(__file__).resolve().parent))
from screen_rows import HEIGHT, WIDTH, Setups, count_overflows, report

SETUPS: tuple[tuple[int, dict[str, object]], ...] = (
    (1, {"difficulty": "normal"}),
    (1, {"difficulty": "expert"}),
    (2, {}),
    (3, {}),
    (4, {}),
)
SEEDS = (1, 2, 3)
EVERY = 3
__all__ = ["HEIGHT", "SEEDS", "SETUPS", "WIDTH", "count", "kind", "rows"]


def kind(obs: Mapping[str, Any]) -> str:
    """The kind of decision: the phase, the mode, "place" or "frame" (a placement's tasks)."""
    phase, mode = obs["phase"]["phase"], obs["mode"]["kind"]
    if phase != "turns":
        return str(phase)
    if mode != "idle":
        return str(mode)
    return "frame" if obs["frames"] else "place"


def rows(game: TableGame, seat: int) -> int:
    """Rows the decision takes on screen as the session prints it."""
    board, menu = game._fit(seat, game._options(seat))
    seats = game._seats_line(seat)  # "" when the board names the seats: not printed
    return (
        _lines_of(game.console, board)
        + (_lines_of(game.console, Text(seats)) if seats else 0)
        + game._menu_rows(seat, menu)
        + 1  # the prompt
    )


def count(
    setups: Setups = SETUPS,
    seeds: Sequence[int] = SEEDS,
    every: int = EVERY,
    verbose: bool = False,
) -> tuple[Counter[str], Counter[str]]:
    """The decisions that overflow and all decisions looked at, by kind."""
    return count_overflows(
        "nijar",
        setups,
        seeds,
        seats=lambda players: ["random"] * players,
        looked_at=lambda game, seat, k: k % every == 0,
        kind=lambda game, seat: kind(game.state.observation(seat)),
        rows=rows,
        table_options={"quiet": True},
        verbose=verbose,
    )


def main(verbose: bool) -> int:
    print(report(*count(verbose=verbose), "decisions"))
    return 0


if __name__ == "__main__":
    sys.exit(main("--verbose" in sys.argv))
