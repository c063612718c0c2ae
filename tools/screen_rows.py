"""The loop shared by the per-game screen counters (`tools/nijar_screen_rows.py`,
`tools/sorcery_screen_rows.py`): random games over setups and seeds, each decision a counter
looks at drawn as the table session draws it at 80x24, and the ones that overflow counted by
kind. Each counter says which decisions it looks at, how it names their kind and how many
rows one takes."""

from __future__ import annotations

import io
import random
from collections import Counter
from collections.abc import Callable, Sequence

from rich.console import Console

from craftgames.table.session import TableGame

HEIGHT, WIDTH = 24, 80

Setups = Sequence[tuple[int, dict[str, object]]]


def count_overflows(
    game_name: str,
    setups: Setups,
    seeds: Sequence[int],
    *,
    seats: Callable[[int], list[str]],
    looked_at: Callable[[TableGame, int, int], bool],
    kind: Callable[[TableGame, int], str],
    rows: Callable[[TableGame, int], int],
    table_options: dict[str, bool] | None = None,
    verbose: bool = False,
) -> tuple[Counter[str], Counter[str]]:
    """The decisions that overflow and all those looked at, by kind: random play of
    `game_name` with `seats(players)` at the table; `looked_at(game, seat, k)` for the k-th
    decision with more than one option (or that the game always asks)."""
    over: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    for players, options in setups:
        for seed in seeds:
            console = Console(file=io.StringIO(), width=WIDTH, height=HEIGHT, force_terminal=True)
            game = TableGame(
                console,
                game=game_name,
                players=players,
                seed=seed,
                seats=seats(players),
                options=options,
                **(table_options or {}),
            )
            rng = random.Random(seed)
            k = 0
            while not game.state.is_terminal():
                seat = game.state.current_player()
                legal = game.state.legal_actions()
                if len(legal) > 1 or game.show.must_ask(game.state.observation(seat)):
                    k += 1
                    if looked_at(game, seat, k):
                        what = kind(game, seat)
                        seen[what] += 1
                        used = rows(game, seat)
                        if used > HEIGHT:
                            over[what] += 1
                            if verbose:
                                print(f"{players}p {options} seed {seed}: {used} rows, {what}")
                game.state.apply_action(rng.choice(legal))
    return over, seen


def report(over: Counter[str], seen: Counter[str], what: str) -> str:
    """One line: how many of the decisions (`what`) overflow, by kind."""
    return (
        f"{sum(over.values())} of {sum(seen.values())} {what} overflow {WIDTH}x{HEIGHT}; "
        "by kind (overflowing/all): "
        + ", ".join(f"{k} {over[k]}/{n}" for k, n in seen.most_common())
    )
