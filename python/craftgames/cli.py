"""The ``craftgames`` command: play a game in the terminal, or replay a saved one.

    craftgames play sunrise --players 3 --seed 7 --seat human --seat random --seat random
    craftgames play sunrise --players 3 --seat random --seat random --seat random --save g.json
    craftgames replay g.json
    craftgames arena sunrise --players 2 --seat mcts:1000 --seat greedy --games 200 --jobs 2

Exit codes: 0 the command did its work; 1 a human player left the game (end of input);
2 bad arguments or a bad file.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Sequence

from rich import box
from rich.console import Console
from rich.table import Table

from craftgames import _core, arena_cli, bots
from craftgames._core import GAMES, State
from craftgames.board import render_board
from craftgames.cards import card_text
from craftgames.replay import Replay, load_replay

__all__ = ["main"]


class _Quit(Exception):
    """A human player left the game (end of input, or 'q')."""


def _one_line(err: BaseException) -> str:
    return " ".join(str(err).split()) or type(err).__name__


def _console() -> Console:
    console = Console(highlight=False)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console.width = 120
    return console


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="craftgames",
        description="Play tabletop games by their rulebooks, or replay a saved game.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_core.__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = sub.add_parser(
        "play",
        help="play a game in the terminal",
        description="Play a whole game: humans choose from a numbered list, bots move by "
        "themselves, and the scores are explained at the end.",
    )
    play.add_argument("game", choices=GAMES, help="the game to play")
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
        f"({', '.join(bots.bot_kinds())}); default: all random",
    )
    play.add_argument("--cards", metavar="FILE", help="a card file replacing the default set")
    play.add_argument("--save", metavar="FILE", help="write the replay to FILE as JSON")
    play.add_argument(
        "--quiet", action="store_true", help="print only the final scores (bots only)"
    )

    replay = sub.add_parser(
        "replay",
        help="replay a saved game and print its scores",
        description="Replay a file written by 'craftgames play --save' and print the scores.",
    )
    replay.add_argument("file", help="the replay JSON file")
    arena_cli.add_parser(sub)
    return parser


def _print_scores(console: Console, state: State, names: Sequence[str]) -> None:
    over = state.is_terminal()
    if not over:
        console.print(f"The game is not over ({len(state.history())} actions played).")
    title = "Final scores" if over else "Scores so far"
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column("Place", justify="right")
    table.add_column("Seat")
    table.add_column("Player")
    table.add_column("Score", justify="right")
    scores = state.scores()
    for place, seat in enumerate(state.ranking(), 1):
        table.add_row(str(place), str(seat), names[seat], str(scores[seat]))
    console.print(table)
    for seat in state.ranking():
        breakdown = state.explain_score(seat)
        lines = Table(
            title=f"Seat {seat} ({names[seat]}): {breakdown.total} points",
            title_justify="left",
            box=box.SIMPLE_HEAD,
        )
        lines.add_column("Category")
        lines.add_column("Points", justify="right")
        lines.add_column("Detail")
        for line in breakdown.lines:
            lines.add_row(line.category, str(line.points), line.detail)
        console.print(lines)


def _ask_human(console: Console, state: State, seat: int, compact: bool) -> int:
    """Shows the board to `seat` and reads its choice; raises `_Quit` at end of input.

    `compact` (the seat also made the previous decision) draws only its own studio.
    """
    obs = state.observation(seat)
    console.print(render_board(state.game_name(), obs, private=True, compact=compact))
    # Listed in the order of their sentences, which groups them for a person: step-one
    # choices by work style (Efficient, Measured, Wasteful), step-two moves by kind.
    actions = sorted(state.legal_actions(), key=state.action_to_string)
    console.print(f"[bold]Seat {seat}, your move:[/bold]")
    for i, a in enumerate(actions, 1):
        console.print(f"  {i:>3}. {state.action_to_string(a)}", soft_wrap=True)
    while True:
        try:
            answer = console.input(f"Choose 1-{len(actions)} (q to quit): ").strip()
        except EOFError:
            console.print()
            raise _Quit from None
        if answer.lower() in {"q", "quit", "exit"}:
            raise _Quit
        if answer.isdigit() and 1 <= int(answer) <= len(actions):
            return actions[int(answer) - 1]
        console.print(f"Please type a number from 1 to {len(actions)}.")


def _bot_move_text(state: State, action: int, public: bool) -> str:
    """The bot's move in words; with a human at the table, only what the table may see."""
    if public:
        return state.public_action_string(action)
    return state.action_to_string(action)


def _bot_reason(bot: bots.Bot) -> str:
    """A bot's short reason for its last move (an MCTS bot's visit share), if it gives one."""
    reason = getattr(bot, "reason", None)
    why = reason() if callable(reason) else None
    return f"  [{why}]" if why else ""


def _play(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    seats: list[str] = args.seat or []
    players: int = args.players if args.players is not None else (len(seats) or 3)
    if not seats:
        seats = ["random"] * players
    if len(seats) != players:
        parser.error(f"give one --seat per player: {len(seats)} --seat for {players} players")
    seed: int = args.seed if args.seed is not None else random.randrange(1_000_000)
    try:
        cards = card_text(args.cards)
        agents = {
            seat: bots.make_bot(spec, seat, seed)
            for seat, spec in enumerate(seats)
            if spec != bots.HUMAN
        }
        state = _core.new_game(args.game, players, seed, cards)
    except (OSError, ValueError) as e:
        parser.error(_one_line(e))
    humans = [seat for seat, spec in enumerate(seats) if spec == bots.HUMAN]
    console = _console()
    quiet: bool = args.quiet and not humans
    actions: list[int] = []
    if not quiet:
        console.print(f"{args.game}: {players} players, seed {seed}; seats: {', '.join(seats)}")
    code = 0
    last_round = None
    last_actor = -1
    try:
        while not state.is_terminal():
            seat = state.current_player()
            if seat in humans:
                again = last_actor == seat
                action = _ask_human(console, state, seat, compact=again)
            else:
                if not quiet and not humans:
                    obs = state.observation(seat)
                    now = (obs.get("day"), obs.get("round"))
                    if now != last_round:
                        last_round = now
                        console.print(render_board(state.game_name(), obs, private=False))
                action = agents[seat].step(state.clone())
                if not quiet:
                    text = _bot_move_text(state, action, public=bool(humans))
                    why = _bot_reason(agents[seat])
                    console.print(f"seat {seat} ({seats[seat]}): {text}{why}", soft_wrap=True)
            last_actor = seat
            state.apply_action(action)
            actions.append(action)
    except _Quit:
        print(f"craftgames: game left after {len(actions)} actions", file=sys.stderr)
        code = 1
    if args.save:
        try:
            Replay(args.game, players, seed, actions, cards).save(args.save)
        except OSError as e:
            print(f"craftgames: error: cannot save the replay: {_one_line(e)}", file=sys.stderr)
            return 2
    if code == 0:
        _print_scores(console, state, seats)
    return code


def _replay(args: argparse.Namespace) -> int:
    try:
        replay = load_replay(args.file)
        state = replay.play()
    except (OSError, ValueError) as e:
        print(f"craftgames: error: {args.file}: {_one_line(e)}", file=sys.stderr)
        return 2
    console = _console()
    console.print(
        f"{replay.game}: {replay.players} players, seed {replay.seed}, "
        f"{len(replay.actions)} actions"
    )
    _print_scores(console, state, [f"seat {s}" for s in range(replay.players)])
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the ``craftgames`` command with `argv` (default: ``sys.argv[1:]``)."""
    parser = _build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "play":
            return _play(args, parser)
        if args.command == "arena":
            return arena_cli.run(args, parser, _console())
        return _replay(args)
    except KeyboardInterrupt:
        print("craftgames: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
