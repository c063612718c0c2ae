"""Move analysis: how a saved game's decisions compare with what the search prefers.

    craftgames analyse game.json --seat 0 --iterations 2000

For every decision of the seat (a position where it had more than one legal action) the
search is run from that seat's point of view: its root is a redraw of everything the seat
could not see (`State.resample_hidden`), so the analysis never uses another seat's hidden
cards or the deck order — it judges the move on what the player knew. It reports the move
played, the move the search prefers, and the drop in expected reward between them (the
search's mean reward of the preferred move minus that of the move played, for the analysed
seat; with the default reward that is its expected share of first place), and flags the
largest drops as a chess engine flags blunders. A summary follows.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from craftgames import mcts
from craftgames._core import State
from craftgames.replay import ReplayError, load_replay

__all__ = ["Decision", "Hint", "add_parser", "analyse_replay", "hints", "mark", "run"]

_SEED_MODULUS = 1 << 64
"""Seeds reach the core modulo 2**64, so any int is accepted."""

BLUNDER = 0.15
"""A drop at least this large is a blunder (``??``)."""
MISTAKE = 0.07
"""A drop at least this large is a mistake (``?``)."""
INACCURACY = 0.03
"""A drop at least this large is an inaccuracy (``?!``)."""


@dataclass(frozen=True)
class Decision:
    """One analysed decision."""

    ply: int
    """The decision's place in the game: the 1-based index of the action in the replay."""
    played: int
    """The action played."""
    preferred: int
    """The action the search chose."""
    played_value: float
    """The search's mean reward of the played action for the analysed seat."""
    preferred_value: float
    """The search's mean reward of its own choice for the analysed seat."""
    played_visits: int
    """Simulations that began with the played action."""
    options: int
    """Legal actions at the decision."""
    played_text: str
    """The played action, in words (as the analysed seat may read it)."""
    preferred_text: str
    """The preferred action, in words."""

    @property
    def drop(self) -> float:
        """How much expected reward the played move gave up (0 when it was the search's
        choice or looked at least as good)."""
        if self.played == self.preferred:
            return 0.0
        return max(0.0, self.preferred_value - self.played_value)


@dataclass(frozen=True)
class Hint:
    """One of the search's favourite moves for the seat to act."""

    action: int
    """The action id."""
    text: str
    """The action in words."""
    visit_share: float
    """Its share of the search's root visits: the search's confidence in it."""
    expected_reward: float
    """The search's mean reward of it for the seat to act."""


def hints(state: State, count: int = 3, iterations: int = 2000, seed: int = 0) -> list[Hint]:
    """The search's `count` most-visited moves for the seat to act, with their visit shares
    and expected rewards, judged only on what that seat can see (for a human's ``h`` at the
    prompt). Raises `ValueError` when the game is over."""
    seat = state.current_player()
    if state.is_terminal():
        raise ValueError("the game is over: there is no move to hint")
    view = state.resample_hidden(seat, seed % _SEED_MODULUS)
    result = mcts.search(
        view, iterations=max(iterations, 2 * len(state.legal_actions())), seed=seed
    )
    total = sum(s.visits for s in result.stats)
    best = sorted(result.stats, key=lambda s: (-s.visits, s.action))[:count]
    return [
        Hint(s.action, view.action_to_string(s.action), s.visits / total, s.mean_reward[seat])
        for s in best
    ]


def mark(drop: float) -> str:
    """The chess-style mark of a drop: ``??``, ``?``, ``?!`` or nothing."""
    if drop >= BLUNDER:
        return "??"
    if drop >= MISTAKE:
        return "?"
    if drop >= INACCURACY:
        return "?!"
    return ""


def analyse_replay(
    start: State,
    actions: Sequence[int],
    seat: int,
    iterations: int = 2000,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    **options: object,
) -> list[Decision]:
    """Analyses every decision of `seat` in the game from `start` through `actions`.

    Each search runs `iterations` simulations (at least twice the legal actions) from a redraw
    of what `seat` could not see; `options` go to `mcts.search` (``reward``, ``exploration``,
    …). Any int seeds it. `progress`, if given, is called with (moves replayed, moves in all)
    before the first search and after each move. Raises `ValueError` for an illegal action in
    `actions` or a seat the game does not have.
    """
    if not 0 <= seat < start.num_players():
        raise ValueError(f"the game has seats 0 to {start.num_players() - 1}, not seat {seat}")
    state = start.clone()
    out = []
    if progress is not None:
        progress(0, len(actions))
    for ply, action in enumerate(actions, 1):
        legal = state.legal_actions()
        if action not in legal:
            raise ValueError(f"action #{ply} ({action}) is illegal in the replayed game")
        if state.current_player() == seat and len(legal) > 1:
            # Only what the seat knew: everything hidden from it is redrawn first.
            view = state.resample_hidden(seat, (seed * 1_000_003 + ply) % _SEED_MODULUS)
            # The search tries every root action before it repeats one, so this budget
            # gives every legal move, the one played included, a value.
            result = mcts.search(
                view,
                iterations=max(iterations, 2 * len(legal)),
                seed=seed + ply,
                **options,  # type: ignore[arg-type]
            )
            stats = {s.action: s for s in result.stats}
            played = stats[action]
            preferred = stats[result.action]
            out.append(
                Decision(
                    ply=ply,
                    played=action,
                    preferred=result.action,
                    played_value=played.mean_reward[seat],
                    preferred_value=preferred.mean_reward[seat],
                    played_visits=played.visits,
                    options=len(legal),
                    played_text=view.action_to_string(action),
                    preferred_text=view.action_to_string(result.action),
                )
            )
        state.apply_action(action)
        if progress is not None:
            progress(ply, len(actions))
    return out


def report(decisions: Sequence[Decision], seat: int, flagged: int) -> list[str]:
    """The analysis as lines of text: one block per decision, then the summary."""
    lines = []
    for d in decisions:
        tag = mark(d.drop)
        lines.append(f"#{d.ply:<4} {tag:<2} played  {d.played_text}  ({d.played_value:.3f})")
        if d.played != d.preferred:
            lines.append(
                f"        search  {d.preferred_text}  ({d.preferred_value:.3f}), drop {d.drop:.3f}"
            )
    n = len(decisions)
    lines.append("")
    lines.append(f"Summary for seat {seat}: {n} decisions analysed.")
    if not n:
        return lines
    agreed = sum(d.played == d.preferred for d in decisions)
    total = sum(d.drop for d in decisions)
    counts = {m: sum(mark(d.drop) == m for d in decisions) for m in ("??", "?", "?!")}
    lines.append(
        f"  the search agreed with {agreed} ({agreed / n:.0%}); mean drop {total / n:.3f}, "
        f"total {total:.3f}"
    )
    lines.append(
        f"  blunders (??, drop ≥ {BLUNDER}): {counts['??']}; mistakes (?, ≥ {MISTAKE}): "
        f"{counts['?']}; inaccuracies (?!, ≥ {INACCURACY}): {counts['?!']}"
    )
    worst = sorted((d for d in decisions if d.drop > 0), key=lambda d: (-d.drop, d.ply))
    if worst:
        lines.append("  largest drops:")
        for d in worst[:flagged]:
            lines.append(
                f"    #{d.ply}: {d.drop:.3f} — played {d.played_text}; "
                f"the search prefers {d.preferred_text}"
            )
    return lines


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Adds ``analyse FILE [--seat N] [--iterations N]`` to the ``craftgames`` command."""
    p = subparsers.add_parser(
        "analyse",
        help="compare a saved game's moves with the search's",
        description=(
            "For each decision of a seat in a game saved by 'craftgames play --save': the move "
            "played, the search's preferred move and the drop in expected reward between "
            "them, the largest drops flagged, and a summary. The search uses only what that "
            "seat could see."
        ),
    )
    p.add_argument("file", metavar="FILE", help="a replay written by 'craftgames play --save'")
    p.add_argument("--seat", type=int, default=0, help="the seat to analyse (default 0)")
    p.add_argument(
        "--iterations", type=int, default=2000, help="simulations a decision (default 2000)"
    )
    p.add_argument(
        "--reward",
        choices=("rank", "win", "margin"),
        default=mcts.DEFAULT_REWARD,
        help=(
            "what the expected reward measures (default %(default)s; 'win' reads as the "
            "chance of finishing first)"
        ),
    )
    p.add_argument("--seed", type=int, default=0, help="seeds the searches (default 0)")
    p.add_argument(
        "--flag", type=int, default=3, help="largest drops listed in the summary (default 3)"
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Runs the analysis `args` asks for; prints it and returns the exit status (2 for a
    file, seat or budget that cannot be analysed, with the reason on stderr). The first line
    is printed before the first search, and a progress bar (on a terminal) shows the moves
    analysed."""
    if args.iterations < 1:
        print("craftgames analyse: --iterations must be at least 1", file=sys.stderr)
        return 2
    try:
        replay = load_replay(args.file)
    except (OSError, ReplayError, ValueError) as e:
        print(f"craftgames analyse: {e}", file=sys.stderr)
        return 2
    print(
        f"{replay.game}, {replay.players} players, seed {replay.seed}: seat {args.seat}, "
        f"{args.iterations} simulations a decision, expected {args.reward} reward in brackets",
        flush=True,
    )
    console = Console(stderr=True)
    bar = Progress(
        TextColumn("analysing moves"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    )
    task = bar.add_task("analyse", total=len(replay.actions))
    try:
        with bar:
            decisions = analyse_replay(
                replay.new_game(),
                replay.actions,
                args.seat,
                args.iterations,
                args.seed,
                progress=lambda done, _: bar.update(task, completed=done),
                reward=args.reward,
            )
    except (OSError, ReplayError, ValueError) as e:
        print(f"craftgames analyse: {e}", file=sys.stderr)
        return 2
    print("\n".join(report(decisions, args.seat, args.flag)))
    return 0
