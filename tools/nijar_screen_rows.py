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

import io
import random
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from craftgames.table.session import TableGame, _lines_of

SETUPS: tuple[tuple[int, dict[str, object]], ...] = (
    (1, {"difficulty": "normal"}),
    (1, {"difficulty": "expert"}),
    (2, {}),
    (3, {}),
    (4, {}),
)
SEEDS = (1, 2, 3)
EVERY = 3
HEIGHT, WIDTH = 24, 80


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
    return (
        _lines_of(game.console, board)
        + _lines_of(game.console, Text(game._seats_line(seat)))
        + game._menu_rows(seat, menu)
        + 1  # the prompt
    )


def count(
    setups: Sequence[tuple[int, dict[str, object]]] = SETUPS,
    seeds: Sequence[int] = SEEDS,
    every: int = EVERY,
    verbose: bool = False,
) -> tuple[Counter[str], Counter[str]]:
    """The decisions that overflow and all decisions looked at, by kind."""
    over: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    for players, options in setups:
        for seed in seeds:
            console = Console(file=io.StringIO(), width=WIDTH, height=HEIGHT, force_terminal=True)
            game = TableGame(
                console,
                game="nijar",
                players=players,
                seed=seed,
                seats=["random"] * players,
                options=options,
                quiet=True,
            )
            rng = random.Random(seed)
            k = 0
            while not game.state.is_terminal():
                seat = game.state.current_player()
                legal = game.state.legal_actions()
                if len(legal) > 1:
                    k += 1
                    if k % every == 0:
                        what = kind(game.state.observation(seat))
                        seen[what] += 1
                        used = rows(game, seat)
                        if used > HEIGHT:
                            over[what] += 1
                            if verbose:
                                print(f"{players}p {options} seed {seed}: {used} rows, {what}")
                game.state.apply_action(rng.choice(legal))
    return over, seen


def main(verbose: bool) -> int:
    over, seen = count(verbose=verbose)
    print(
        f"{sum(over.values())} of {sum(seen.values())} decisions overflow {WIDTH}x{HEIGHT}; "
        "by kind (overflowing/all): "
        + ", ".join(f"{k} {over[k]}/{n}" for k, n in seen.most_common())
    )
    return 0


if __name__ == "__main__":
    sys.exit(main("--verbose" in sys.argv))
