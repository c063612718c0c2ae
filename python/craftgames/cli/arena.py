"""The ``craftgames arena`` subcommand: a progress bar while the games run, then a table."""

from __future__ import annotations

import argparse
import json
import signal
import sys
from typing import Any

from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from craftgames import arena as arena_engine
from craftgames import atomic, bots
from craftgames._core import GAMES
from craftgames.arena import BACKENDS, AgentSummary, GameResult, summarize
from craftgames.cards import card_file, card_text
from craftgames.table.presentation import presentation

__all__ = ["add_parser", "run"]


def add_parser(sub: Any, game: str | None = None) -> None:
    """Adds the ``arena`` subcommand to the ``craftgames`` parser's subparsers `sub`, with
    the flags of `game` (its options, e.g. ``--solo robot``) when the command line names it."""
    arena = sub.add_parser(
        "arena",
        help="play many games between bots and compare them",
        description="Play many seeded games between bots with the seats rotated, then print "
        "wins, win rate with a 95% confidence interval, and mean score per bot. Results do "
        "not depend on --jobs.",
    )
    arena.add_argument("game", choices=GAMES, help="the game to play")
    arena.add_argument("--players", type=int, default=None, help="seats (default: one per --seat)")
    arena.add_argument(
        "--seat",
        action="append",
        required=True,
        metavar="SPEC",
        help=f"a bot, once per seat ({', '.join(bots.bot_kinds())}; e.g. mcts:1000)",
    )
    arena.add_argument("--games", type=int, default=100, help="games to play (default: 100)")
    arena.add_argument("--seed", type=int, default=0, help="arena seed (default: 0)")
    arena.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="worker processes, or the CPUs of a local Ray (default: 1)",
    )
    arena.add_argument(
        "--backend",
        choices=BACKENDS,
        default="process",
        help="run the games in worker processes here (default) or as Ray tasks",
    )
    arena.add_argument(
        "--address",
        metavar="ADDR",
        help="with --backend ray: the Ray cluster to use (e.g. ray://head:10001 or auto; "
        "default: a local Ray with --jobs CPUs)",
    )
    arena.add_argument(
        "--out",
        metavar="FILE",
        help="write one JSON line per game to FILE, as each game finishes",
    )
    arena.add_argument(
        "--resume",
        action="store_true",
        help="keep the games already in --out FILE (an arena that was stopped) and play "
        "only the rest",
    )
    arena.add_argument("--cards", metavar="FILE", help="a card file replacing the game's own")
    if game is not None:
        hook = presentation(game).add_cli_arguments
        if hook is not None:
            hook(arena)  # the same game flags as ``craftgames play``


def _table(summaries: list[AgentSummary], games: int) -> Table:
    table = Table(title=f"Arena: {games} games", title_justify="left", box=box.SIMPLE_HEAD)
    solo = any(s.mean_solo_margin is not None for s in summaries)
    columns = [
        ("Agent", "left"),
        ("Bot", "left"),
        ("Wins", "right"),
        ("Win rate", "right"),
        ("95% CI", "right"),
        ("Mean score", "right"),
        ("Std dev", "right"),
    ]
    if solo:  # one seat against the game's own opponent: a win is beating it
        columns[2] = ("Wins (beat the game)", "right")
        columns.append(("Mean margin", "right"))
    for name, justify in columns:
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for s in summaries:
        row = [
            str(s.agent),
            s.spec,
            f"{s.wins}/{s.games}",
            f"{s.win_rate:.1%}",
            f"{s.ci_low:.1%}-{s.ci_high:.1%}",
            f"{s.mean_score:.2f}",
            f"{s.score_stdev:.2f}",
        ]
        if solo:
            margin = s.mean_solo_margin
            row.append("" if margin is None else f"{margin:+.2f}")
        table.add_row(*row)
    return table


def _resumed(args: argparse.Namespace, specs: list[str]) -> list[GameResult]:
    """The games an earlier run of this arena wrote to ``--out`` (a line cut by a kill is
    dropped); raises `ValueError` naming the line that is not one of them."""
    path: str = args.out
    done: list[GameResult] = []
    seen: set[int] = set()
    for number, text in enumerate(atomic.complete_lines(path), 1):
        try:
            line = json.loads(text)
            result = GameResult.from_dict(line)
            arena_engine.check_resumed(result, len(specs), args.games, args.seed)
            if line.get("seats") != [specs[a] for a in result.agents]:
                raise ValueError("it was played by other --seat bots")
            if result.index in seen:
                raise ValueError(f"game {result.index} is there twice")
            seen.add(result.index)
        except (ValueError, IndexError, RecursionError) as e:
            raise ValueError(f"{path} line {number} is not a game of this arena: {e}") from None
        done.append(result)
    return done


def run(args: argparse.Namespace, parser: argparse.ArgumentParser, console: Console) -> int:
    """Runs the arena described by `args`; returns the exit code."""
    specs: list[str] = args.seat
    if args.players is not None and args.players < 1:
        parser.error(f"--players must be at least 1, not {args.players}")
    if args.players is not None and args.players != len(specs):
        parser.error(f"give one --seat per player: {len(specs)} --seat for {args.players} players")
    if args.resume and not args.out:
        parser.error("--resume continues the arena saved in --out FILE: give --out")
    try:
        done = _resumed(args, specs) if args.resume else []
        out = atomic.LineAppender(args.out, fresh=not args.resume) if args.out else None
    except (OSError, UnicodeDecodeError, ValueError) as e:
        parser.error(" ".join(str(e).split()))
    stopped_by: list[int] = []

    def on_sigterm(number: int, _: object) -> None:
        stopped_by.append(number)
        raise KeyboardInterrupt  # ended like Ctrl-C: workers stopped, finished games kept

    previous = signal.signal(signal.SIGTERM, on_sigterm)  # the CLI runs on the main thread
    try:
        return _run(args, parser, console, specs, done, out)
    except KeyboardInterrupt:
        saved = f"; the finished games are in {args.out} (add --resume to go on)" if out else ""
        print(f"\ncraftgames: arena interrupted{saved}", file=sys.stderr)
        return 128 + (stopped_by[0] if stopped_by else signal.SIGINT)
    finally:
        signal.signal(signal.SIGTERM, previous)
        if out is not None:
            out.close()


def _run(
    args: argparse.Namespace,
    parser: argparse.ArgumentParser,
    console: Console,
    specs: list[str],
    done: list[GameResult],
    out: atomic.LineAppender | None,
) -> int:
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=not console.is_terminal,
        disable=not console.is_terminal,
    ) as progress:
        task = progress.add_task("games", total=args.games, completed=len(done))
        lost: arena_engine.GamesLostError | None = None

        def finished(result: GameResult) -> None:
            if out is not None:
                out.append(json.dumps(result.to_dict(specs)))
            progress.advance(task)

        try:
            cards = card_text(card_file(args.cards))
            options = presentation(args.game).options(args)
            results = arena_engine.run(
                args.game,
                specs,
                args.games,
                args.seed,
                args.jobs,
                finished,
                backend=args.backend,
                address=args.address,
                cards=cards,
                options=options,
                done=done,
            )
        except (OSError, ValueError) as e:
            parser.error(" ".join(str(e).split()))
        except arena_engine.GamesLostError as e:
            lost = e
            results = e.results
    console.print(_table(summarize(results, specs), len(results)))
    if lost is not None:
        again = f" (they are saved in {args.out}: add --resume to play the lost)" if out else ""
        print(f"craftgames: error: {lost}{again}", file=sys.stderr)
        return 1
    return 0
