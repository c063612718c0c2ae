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

import io
import random
import sys
from collections import Counter
from collections.abc import Sequence

from rich.console import Console
from rich.text import Text

from craftgames.table.session import TableGame, _lines_of

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
HEIGHT, WIDTH = 24, 80


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
    setups: Sequence[tuple[int, dict[str, object]]] = SETUPS,
    seeds: Sequence[int] = SEEDS,
    verbose: bool = False,
) -> tuple[Counter[str], Counter[str]]:
    """Seat 0's decisions that overflow and all of them looked at, by stage."""
    over: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    for players, options in setups:
        for seed in seeds:
            console = Console(file=io.StringIO(), width=WIDTH, height=HEIGHT, force_terminal=True)
            seats = ["human"] + ["random"] * (players - 1)
            game = TableGame(
                console,
                game="sorcery",
                players=players,
                seed=seed,
                seats=seats,
                options=options,
                pass_terminal=False,
            )
            rng = random.Random(seed)
            while not game.state.is_terminal():
                seat = game.state.current_player()
                legal = game.state.legal_actions()
                obs = game.state.observation(seat)
                asked = len(legal) > 1 or game.show.must_ask(obs)
                if seat == 0 and asked:
                    what = stage(game, seat)
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
        f"{sum(over.values())} of {sum(seen.values())} seat-0 decisions overflow "
        f"{WIDTH}x{HEIGHT}; by stage (overflowing/all): "
        + ", ".join(f"{k} {over[k]}/{n}" for k, n in seen.most_common())
    )
    return 0


if __name__ == "__main__":
    sys.exit(main("--verbose" in sys.argv))
