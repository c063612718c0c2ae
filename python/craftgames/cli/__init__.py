"""The ``craftgames`` command: play a game in the terminal, or replay a saved one.

    craftgames play sunrise --players 3 --seed 7 --seat human --seat random --seat random
    craftgames play sunrise --players 3 --seat random --seat random --seat random --save g.json
    craftgames play --resume g.json
    craftgames replay g.json --seat 0 --step
    craftgames arena sunrise --players 2 --seat mcts:1000 --seat greedy --games 200 --jobs 2

Exit codes: 0 the command did its work; 1 a human player left the game (q or end of input;
the game is saved), or an arena lost a game (its worker process died); 2 bad arguments or a
bad file; 130 interrupted by Ctrl-C (a game being played is saved; an arena's finished games
are), 143 an arena stopped by SIGTERM.
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import sys
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from craftgames import _core, bots
from craftgames._core import GAMES
from craftgames.cards import card_file, card_text
from craftgames.cli import arena as arena_cli
from craftgames.replay import load_replay
from craftgames.table import analyse
from craftgames.table.presentation import presentation
from craftgames.table.replayer import show_replay
from craftgames.table.session import TableGame

__all__ = ["main"]


def _console() -> Console:
    console = Console(highlight=False)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console.width = 120
    return console


def _game_in(argv: Sequence[str], command: str = "play") -> str | None:
    """The game named after `command` in `argv`, if any (its own flags are added for it)."""
    args = list(argv)
    if command not in args:
        return None
    return next((a for a in args[args.index(command) + 1 :] if a in GAMES), None)


def _build_parser(argv: Sequence[str] = ()) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="craftgames",
        description="Play tabletop games by their rulebooks, or replay a saved game.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_core.__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = sub.add_parser(
        "play",
        help="play a game in the terminal",
        description="Play a whole game: humans choose from a numbered list with the board in "
        "view (type ? at any prompt for the commands: undo, board, scores, log, hint, quit), "
        "bots move by themselves, and the scores are explained at the end. A game's own "
        "options (Sorcery's --staffs and solo modes, Níjar's --difficulty, ...) are listed "
        "by 'craftgames play GAME --help'.",
    )
    play.add_argument(
        "game", nargs="?", choices=GAMES, help="the game to play (not needed with --resume)"
    )
    play.add_argument(
        "--players", type=int, default=None, help="number of seats (default: 3, or one per --seat)"
    )
    play.add_argument("--seed", type=int, default=None, help="deal seed (default: random)")
    play.add_argument(
        "--seat",
        action="append",
        default=None,
        metavar="SPEC",
        help="who plays each seat, in seat order, once per seat: 'human', or a bot kind "
        f"({', '.join(bots.bot_kinds())}); seats not given are random (default: all random)",
    )
    play.add_argument("--cards", metavar="FILE", help="a card file replacing the default set")
    play.add_argument(
        "--save",
        metavar="FILE",
        help="write the replay to FILE as JSON (q and Ctrl-C save an unfinished game here, "
        "or to craftgames-GAME-SEED.json)",
    )
    play.add_argument(
        "--resume", metavar="FILE", help="continue a saved unfinished game with the same seats"
    )
    play.add_argument(
        "--confirm-forced",
        action="store_true",
        help="ask a human even when there is only one option (default: play it and log it)",
    )
    play.add_argument(
        "--quiet", action="store_true", help="print only the final scores (bots only)"
    )
    game = _game_in(argv)
    if game is not None:
        hook = presentation(game).add_cli_arguments
        if hook is not None:
            hook(play)  # the game's module groups its flags as it likes

    replay = sub.add_parser(
        "replay",
        help="replay a saved game move by move",
        description="Print a file written by 'craftgames play --save' move by move, as the "
        "event log showed it to a spectator (hidden moves masked) or to one seat, then the "
        "scores.",
    )
    replay.add_argument("file", help="the replay JSON file")
    replay.add_argument(
        "--seat", type=int, metavar="N", help="show the game as seat N saw it (its own cards)"
    )
    replay.add_argument(
        "--step", action="store_true", help="pause after each move (Enter, b board, q quit)"
    )
    arena_cli.add_parser(sub, _game_in(argv, "arena"))
    analyse.add_parser(sub)
    return parser


def _fail(message: str) -> int:
    """A bad argument found after parsing: one line on stderr, exit code 2."""
    print(f"craftgames: error: {_one_line_text(message)}", file=sys.stderr)
    return 2


def _one_line_text(text: str) -> str:
    return " ".join(text.split())


def _check_players(game: str, players: int) -> str | None:
    """No seats, or too many for `game`, said plainly (the engine's own message covers the
    rest, such as one seat of a game without a solo mode)."""
    if players < 1:
        return f"--players must be at least 1, not {players}"
    module = sys.modules.get(f"craftgames.{game}") or _game_module(game)
    most = getattr(module, "MAX_PLAYERS", None)
    if isinstance(most, int) and players > most:
        return f"{game} is played by at most {most} players, not {players}"
    return None


def _game_module(game: str) -> Any:
    try:
        return importlib.import_module(f"craftgames.{game}")
    except ModuleNotFoundError:
        return None


def _play(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.resume:
        return _resume(args)
    if args.game is None:
        parser.error("name the game to play (one of: " + ", ".join(GAMES) + "), or --resume FILE")
    game: str = args.game
    seats: list[str] = args.seat or []
    players: int = args.players if args.players is not None else (len(seats) or 3)
    wrong_count = _check_players(game, players)  # before any list of `players` seats is made
    if wrong_count:
        return _fail(wrong_count)
    if len(seats) > players:
        many = f"{len(seats)} --seat for {players} players"
        parser.error(f"give at most one --seat per player: {many}")
    seats = seats + ["random"] * (players - len(seats))  # the seats not given are random
    seed: int = args.seed if args.seed is not None else random.randrange(1_000_000)
    try:
        cards = card_text(card_file(args.cards))
        options = presentation(game).options(args)
        table = TableGame(
            _console(),
            game=game,
            players=players,
            seed=seed,
            seats=seats,
            cards=cards,
            options=options,
            save_path=args.save,
            confirm_forced=args.confirm_forced,
            quiet=args.quiet,
        )
    except (OSError, ValueError) as e:
        return _fail(str(e))
    code = table.run()
    after = presentation(game).after_game_from_cli
    if after is not None and table.state.is_terminal():
        try:
            message = after(args, table.state, seed)
        except (OSError, ValueError) as e:
            return _fail(str(e))
        if message:
            table.console.print(Text(message))
    return code


def _resume(args: argparse.Namespace) -> int:
    path: str = args.resume
    try:
        saved = load_replay(path)
        saved.play()
    except (OSError, ValueError) as e:
        return _fail(f"{path}: {e}")
    if args.game is not None and args.game != saved.game:
        return _fail(f"{path} is a game of {saved.game}, not {args.game}")
    seats = args.seat or saved.seats
    if seats is None:
        return _fail(f"{path} does not say who played each seat: give one --seat per player")
    if len(seats) != saved.players:
        return _fail(f"give one --seat per player: {len(seats)} --seat for {saved.players} players")
    try:
        table = TableGame(
            _console(),
            game=saved.game,
            players=saved.players,
            seed=saved.seed,
            seats=seats,
            cards=saved.cards,
            options=saved.options,
            save_path=args.save or path,
            confirm_forced=args.confirm_forced,
            quiet=args.quiet,
        )
    except ValueError as e:
        return _fail(str(e))
    table.fast_forward(saved.actions)
    if not table.quiet:
        table.console.print(f"Resumed {path} after {len(saved.actions)} actions; the log so far:")
        for line in table.log.tail(8):
            table.console.print(Text(line), soft_wrap=not table.console.is_terminal)
    return table.run()


def _replay(args: argparse.Namespace) -> int:
    try:
        replay = load_replay(args.file)
        replay.play()
    except (OSError, ValueError) as e:
        return _fail(f"{args.file}: {e}")
    if args.seat is not None and not 0 <= args.seat < replay.players:
        return _fail(f"--seat {args.seat}: the game has seats 0 to {replay.players - 1}")
    return show_replay(_console(), replay, seat=args.seat, step=args.step)


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the ``craftgames`` command with `argv` (default: ``sys.argv[1:]``)."""
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = _build_parser(argv)
    args = parser.parse_args(argv)
    try:
        if args.command == "play":
            return _play(args, parser)
        if args.command == "arena":
            return arena_cli.run(args, parser, _console())
        if args.command == "analyse":
            return int(analyse.run(args))
        return _replay(args)
    except KeyboardInterrupt:
        # On a line of its own: the terminal has echoed ^C after the prompt.
        print("\ncraftgames: interrupted", file=sys.stderr)
        return 130
    except (OSError, ValueError) as e:
        # The last net: bad input found only once the game runs (e.g. a bot option the
        # search refuses) is one line, not a traceback.
        return _fail(str(e))
