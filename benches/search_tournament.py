"""A reproducible round robin among search variants at a fixed budget (iterations or time).

    python benches/search_tournament.py --game sunrise --players 2 --budget 300 \\
        --games 40 --seed 1 --set screen --out benches/results/t2p300.jsonl

``--budget 50ms`` gives every search 50 ms of wall time instead (an equal-time tournament; run
it on an otherwise idle machine with at most one job per core).

Every pair of variants plays ``--games`` games. Game ``k`` of a pairing is dealt from
``arena.game_seed(seed, k // players)`` — the same deals for every pairing (common random
numbers) — and its seats are rotated by ``k % players``: the two variants alternate round the
table (A B A B …) and the pattern turns one seat per game, so each deal is played from every
arrangement. A seat's bot is ``bots.make_bot("mcts:BUDGET:OPTIONS", seat, seed)``, the very
spec the CLI and the arena take. A variant wins a game when one of its seats finishes first
(the rulebook's tiebreaker applied).

Results are appended to ``--out`` (JSON lines, one a game) and a finished game is never
replayed, so an interrupted run resumes where it stopped. The table — each pairing's win rate
with its 95% Wilson interval, and a Bradley-Terry ranking of all variants on the Elo scale —
is printed and written beside ``--out`` as Markdown.

With ``--players 1`` (solo games against a built-in opponent) each variant plays ``--games``
deals alone and the table gives its rate of results above the target (``solo_margin() > 0``)
and its mean margin. ``--options`` passes the game's own options (JSON, e.g.
``'{"difficulty": "medium"}'``) to every deal; ``--against NAME`` plays only the pairings of
NAME with each other variant (a star instead of a round robin: each alternative against the
default).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path

import craftgames
from craftgames import atomic, bots
from craftgames.arena import game_seed

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tournament_stats import bradley_terry, wilson

OLD_DEFAULT = "reward=rank,c=0.7,tree=history,rollout=random,choose=visits"
"""The defaults before this tournament (issue 11)."""


def variant(**changes: str) -> str:
    """The old defaults with `changes`, every option spelled out, so a variant means the same
    whatever the library's defaults are now (``c`` stands for the exploration constant)."""
    options = dict(item.split("=") for item in OLD_DEFAULT.split(","))
    options.update(changes)
    return ",".join(f"{k}={v}" for k, v in options.items())


DEFAULT = variant(reward="margin", c="0.25", rollout="greedy:0.2")
"""The defaults this tournament chose on Sunrise (issue 11), spelled out."""

VARIANT_SETS: dict[str, dict[str, str]] = {
    # Reward x exploration grid, and each other factor changed alone from the old default.
    # Margin rewards sit close to 0.5 (a margin is a fraction of the top score), so their
    # useful constants are smaller than rank's or win's.
    "screen": {
        "old": variant(),
        "rank-c0.35": variant(c="0.35"),
        "rank-c1.4": variant(c="1.4"),
        "win-c0.35": variant(reward="win", c="0.35"),
        "win-c0.7": variant(reward="win"),
        "margin-c0.1": variant(reward="margin", c="0.1"),
        "margin-c0.25": variant(reward="margin", c="0.25"),
        "margin-c0.5": variant(reward="margin", c="0.5"),
        "old+infoset": variant(tree="infoset"),
        "old+greedy": variant(rollout="greedy:0.2"),
        "old+mean": variant(choose="mean"),
    },
    # After the screen at 100 iterations put the margin reward ahead: its constants, and
    # each other factor changed alone from margin at c = 0.5, against the old default and
    # the best of the rest.
    "margin": {
        "old": variant(),
        "win-c0.7": variant(reward="win"),
        "margin-c0.25": variant(reward="margin", c="0.25"),
        "margin-c0.5": variant(reward="margin", c="0.5"),
        "margin-c1.0": variant(reward="margin", c="1.0"),
        "margin-c0.5+greedy": variant(reward="margin", c="0.5", rollout="greedy:0.2"),
        "margin-c0.5+infoset": variant(reward="margin", c="0.5", tree="infoset"),
        "margin-c0.5+mean": variant(reward="margin", c="0.5", choose="mean"),
        # The two factors that helped at 300 iterations, together (not run: no time left).
        "margin-c0.5+greedy+infoset": variant(
            reward="margin", c="0.5", rollout="greedy:0.2", tree="infoset"
        ),
    },
    # The defaults Sunrise's tournament chose, each factor changed alone, for checking them on
    # another game (play it with --against default).
    "defaults": {
        "default": DEFAULT,
        "old": variant(),
        "default-c0.1": DEFAULT.replace("c=0.25", "c=0.1"),
        "default-c0.5": DEFAULT.replace("c=0.25", "c=0.5"),
        "default-rank": DEFAULT.replace("reward=margin,c=0.25", "reward=rank,c=0.7"),
        "default-random-rollouts": DEFAULT.replace("rollout=greedy:0.2", "rollout=random"),
        "default+infoset": DEFAULT.replace("tree=history", "tree=infoset"),
        "default+mean": DEFAULT.replace("choose=visits", "choose=mean"),
    },
}


@dataclass(frozen=True)
class Task:
    """One game of the tournament."""

    game: str
    players: int
    budget: int | str
    """Iterations a move, or a wall-clock budget such as ``"50ms"``."""
    seed: int
    a: str
    b: str
    a_options: str
    b_options: str
    k: int
    options: str = "{}"
    """The game's own options, as JSON."""


def seat_specs(task: Task) -> list[tuple[str, str]]:
    """(variant, bot spec) for every seat of game `task.k`: A and B alternate round the table
    and the pattern turns by ``k % players``."""
    rotation = task.k % task.players
    out = []
    for seat in range(task.players):
        is_a = (seat - rotation) % task.players % 2 == 0
        name, options = (task.a, task.a_options) if is_a else (task.b, task.b_options)
        out.append((name, spec_of(options, task.budget)))
    return out


def spec_of(options: str, budget: int | str) -> str:
    """The seat spec of a variant: ``greedy``/``random`` and full ``mcts:N:…`` specs (a
    budget of their own, for time-equal comparisons) as they are, MCTS with the budget."""
    if options in ("greedy", "random") or options.startswith("mcts"):
        return options
    return f"mcts:{budget}:{options}" if options else f"mcts:{budget}"


def play(task: Task) -> dict[str, object]:
    """Plays one game and returns its JSON record."""
    started = time.perf_counter()
    deal = game_seed(task.seed, task.k // task.players)
    state = craftgames.new_game(task.game, task.players, deal, **json.loads(task.options))
    seats = seat_specs(task) if task.b else [(task.a, spec_of(task.a_options, task.budget))]
    players = [bots.make_bot(spec, seat, deal) for seat, (_, spec) in enumerate(seats)]
    while not state.is_terminal():
        state.apply_action(players[state.current_player()].step(state))
    record: dict[str, object] = {
        "game": task.game,
        "players": task.players,
        "budget": task.budget,
        "a": task.a,
        "b": task.b,
        "k": task.k,
        "options": task.options,
        "deal": deal,
        "seats": [name for name, _ in seats],
        "specs": [spec for _, spec in seats],
        "scores": list(state.scores()),
        "ranking": list(state.ranking()),
        "seconds": round(time.perf_counter() - started, 3),
    }
    if task.b:
        record["winner"] = seats[state.ranking()[0]][0]
    else:
        margin = getattr(state, "solo_margin", None)
        if margin is None:
            raise SystemExit("solo tournaments need State.solo_margin() in the binding")
        record["margin"] = margin()
    return record


def tasks(args: argparse.Namespace, variants: dict[str, str]) -> list[Task]:
    """Every game of the tournament, pairing by pairing."""
    names = list(variants)
    base = dict(game=args.game, players=args.players, budget=args.budget, seed=args.seed)
    options = json.dumps(json.loads(args.options), sort_keys=True)
    out = []
    if args.players == 1:
        for a in names:
            for k in range(args.games):
                out.append(
                    Task(
                        **base, a=a, b="", a_options=variants[a], b_options="", k=k, options=options
                    )
                )
        return out
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            if args.against and args.against not in (a, b):
                continue
            for k in range(args.games):
                out.append(
                    Task(
                        **base,
                        a=a,
                        b=b,
                        a_options=variants[a],
                        b_options=variants[b],
                        k=k,
                        options=options,
                    )
                )
    return out


def load(path: Path) -> list[dict[str, object]]:
    """The records already in `path` (none if it does not exist)."""
    if not path.exists():
        return []
    # A run killed while appending leaves its last line unfinished: that game is played again.
    text = path.read_text()
    finished = text if text.endswith("\n") else text[: text.rfind("\n") + 1]
    return [json.loads(line) for line in finished.splitlines() if line.strip()]


def key(r: dict[str, object]) -> tuple[object, ...]:
    options = r.get("options", "{}")
    return (r["game"], r["players"], r["budget"], r["a"], r["b"], r["k"], options)


def run(todo: Sequence[Task], jobs: int) -> Iterator[dict[str, object]]:
    if jobs == 1:
        yield from map(play, todo)
        return
    with Pool(jobs) as pool:
        yield from pool.imap(play, todo)


def pair_table(records: Sequence[dict[str, object]], names: Sequence[str]) -> list[str]:
    """Markdown: each pairing's result, then the Bradley-Terry ranking."""
    wins: dict[tuple[str, str], int] = {}
    games: dict[tuple[str, str], int] = {}
    seconds = 0.0
    for r in records:
        a, b = str(r["a"]), str(r["b"])
        games[a, b] = games.get((a, b), 0) + 1
        wins[a, b] = wins.get((a, b), 0) + (r["winner"] == a)
        seconds += float(r["seconds"])  # type: ignore[arg-type]
    lines = [
        "| A | B | games | A wins | A win rate | 95% interval |",
        "|---|---|---:|---:|---:|---|",
    ]
    for (a, b), n in games.items():
        w = wins[a, b]
        lo, hi = wilson(w, n)
        lines.append(f"| {a} | {b} | {n} | {w} | {w / n:.1%} | [{lo:.1%}, {hi:.1%}] |")
    pair_wins = {(a, b): w for (a, b), w in wins.items()}
    pair_wins.update({(b, a): games[a, b] - w for (a, b), w in wins.items()})
    ratings = bradley_terry(names, pair_wins)
    lines += [
        "",
        "| rank | variant | games | win rate | Bradley-Terry Elo |",
        "|---:|---|---:|---:|---:|",
    ]
    for place, (name, elo) in enumerate(sorted(ratings.items(), key=lambda x: -x[1]), 1):
        n = sum(v for (a, b), v in games.items() if name in (a, b))
        w = sum(v for (a, b), v in pair_wins.items() if a == name)
        lines.append(f"| {place} | {name} | {n} | {w / n:.1%} | {elo:+.0f} |" if n else "")
    lines += ["", f"{len(records)} games, {seconds:.0f} s of play."]
    return lines


def solo_table(records: Sequence[dict[str, object]], names: Sequence[str]) -> list[str]:
    """Markdown: each variant's rate of solo results above the target, and mean margin."""
    lines = [
        "| variant | games | above target | rate | 95% interval | mean margin |",
        "|---|---:|---:|---:|---|---:|",
    ]
    for name in names:
        margins = [float(r["margin"]) for r in records if r["a"] == name]  # type: ignore[arg-type]
        if not margins:
            continue
        n, w = len(margins), sum(m > 0 for m in margins)
        lo, hi = wilson(w, n)
        lines.append(
            f"| {name} | {n} | {w} | {w / n:.1%} | [{lo:.1%}, {hi:.1%}] | {sum(margins) / n:+.2f} |"
        )
    return lines


def budget_words(budget: int | str) -> str:
    """``300`` → ``"300 iterations"``, ``"50ms"`` → ``"50 ms"``."""
    return f"{budget} iterations" if isinstance(budget, int) else f"{budget[:-2]} ms"


def parse_budget(text: str) -> int | str:
    """``--budget``: iterations (an int) or a time such as ``"50ms"`` (kept as text, the form
    the ``mcts:`` seat spec takes)."""
    if text.isdigit():
        return int(text)
    if text.endswith("ms") and text.removesuffix("ms").isdigit():
        return text
    raise argparse.ArgumentTypeError(
        f"a budget is N (iterations) or Tms (milliseconds), not {text!r}"
    )


def parse_variants(args: argparse.Namespace) -> dict[str, str]:
    variants: dict[str, str] = dict(VARIANT_SETS[args.set]) if args.set else {}
    for item in args.variant:
        name, sep, options = item.partition("=")
        if not sep or not name:
            raise SystemExit(f"--variant takes NAME=OPTIONS, not {item!r}")
        variants[name] = options
    if args.only:
        variants = {n: o for n, o in variants.items() if n in args.only}
    for options in variants.values():  # a bad option fails here, before any game
        bots.make_bot(spec_of(options, args.budget), 0, 0)
    if len(variants) < (1 if args.players == 1 else 2):
        raise SystemExit("a tournament needs at least two variants (one for solo)")
    return variants


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="sunrise", choices=craftgames.GAMES)
    p.add_argument("--players", type=int, default=2)
    p.add_argument(
        "--budget",
        type=parse_budget,
        default=300,
        help="MCTS iterations a move, or wall time a move as Tms (50ms: an equal-time tournament)",
    )
    p.add_argument("--games", type=int, default=40, help="games per pairing")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--set", choices=sorted(VARIANT_SETS), help="a predefined variant list")
    p.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME=OPTIONS",
        help=(
            "a variant: MCTS spec options (reward=margin,c=0.5), a whole seat spec "
            "(mcts:1200:rollout=random), or greedy / random"
        ),
    )
    p.add_argument("--only", nargs="*", help="keep only these variants")
    p.add_argument("--against", metavar="NAME", help="play only the pairings of this variant")
    p.add_argument("--options", default="{}", help="the game's own options as JSON")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--out", type=Path, required=True, help="JSON lines, appended and resumed")
    p.add_argument("--table", type=Path, help="where the Markdown goes (default: --out as .md)")
    args = p.parse_args(argv)
    variants = parse_variants(args)
    all_tasks = tasks(args, variants)
    done = {key(r) for r in load(args.out)}
    todo = [t for t in all_tasks if key(t.__dict__) not in done]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    print(f"{len(all_tasks)} games, {len(todo)} to play", flush=True)
    with args.out.open("a") as f:
        for i, record in enumerate(run(todo, args.jobs), 1):
            f.write(json.dumps(record) + "\n")
            f.flush()
            if i % 50 == 0:
                print(f"{i}/{len(todo)}", flush=True)
    wanted = {key(t.__dict__) for t in all_tasks}
    records = [r for r in load(args.out) if key(r) in wanted]
    names = list(variants)
    table = solo_table(records, names) if args.players == 1 else pair_table(records, names)
    command = "python benches/search_tournament.py " + " ".join(
        sys.argv[1:] if argv is None else argv
    )
    title = (
        f"## {args.game}, {args.players} player(s), {budget_words(args.budget)} a move, "
        f"{args.games} games per pairing, seed {args.seed}"
    )
    text = "\n".join([title, "", f"`{command}`", "", *table, ""])
    atomic.write_text(args.table or args.out.with_suffix(".md"), text)
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
