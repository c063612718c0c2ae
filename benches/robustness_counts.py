"""Reruns issue 22's attacks and prints the closing counts: rejected cleanly / accepted and
played / tracebacks / lost files.

    python benches/robustness_counts.py [--documents 2000] [--cards 1000] [--kills 20]

* mutated state documents (every game, random positions) through `State.from_json`;
* mutated card files (every game's default set) through `craftgames.new_game`;
* mutated replay documents through `Replay.from_json` and `Replay.play`;
* bad command lines through the ``craftgames`` command;
* kills during saves: a child process SIGKILLed while `Replay.save` or `save_campaign`
  replaces a file, which must keep its old content.

An input is "accepted and played" when it loads and a random game from it plays to the end;
"rejected cleanly" when it raises one of the documented `ValueError`s (or `OSError` for a
file); anything else is a traceback. Deterministic for a seed.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import craftgames
from craftgames import State
from craftgames.cli import main as cli_main
from craftgames.replay import Replay

ROOT = Path(__file__).resolve().parents[1]
GAMES = {"sunrise": 3, "sorcery": 2, "nijar": 2}
CLEAN = (ValueError, OSError)  # every documented error class subclasses one of these


def _play_out(state: State, rng: random.Random, limit: int = 5000) -> None:
    for _ in range(limit):
        if state.is_terminal():
            return
        state.apply_action(rng.choice(state.legal_actions()))


def _mutate(text: str, rng: random.Random) -> str:
    """One of a few text mutations: flip, cut, repeat or insert."""
    if not text:
        return rng.choice(["{", "[", "=", "\x00"])
    i, j = sorted(rng.randrange(len(text) + 1) for _ in range(2))
    kind = rng.randrange(5)
    if kind == 0:
        return text[:i] + chr(rng.randrange(32, 0x3000)) + text[i + 1 :]
    if kind == 1:
        return text[:i] + text[j:]
    if kind == 2:
        return text[:j] + text[i:j] * rng.randrange(2, 5) + text[j:]
    if kind == 3:
        junk = rng.choice(['"', "}", "]", "-1", "1e999", "null", "true", "99999999999999999999"])
        return text[:i] + junk + text[i:]
    return text[:i] + rng.choice(["{", "[", "[[", "= ", "\n"]) * rng.randrange(1, 50) + text[i:]


def _mutate_json(doc: object, rng: random.Random) -> object:
    """A structural mutation: one value somewhere replaced by a value of another kind."""
    odd: list[object] = [None, True, -1, 2**70, 1.5, "x", [], {}, [1, 2], {"a": 1}]
    if isinstance(doc, dict) and doc and rng.random() < 0.8:
        key = rng.choice(list(doc))
        return {**doc, key: _mutate_json(doc[key], rng)}
    if isinstance(doc, list) and doc and rng.random() < 0.8:
        i = rng.randrange(len(doc))
        return [*doc[:i], _mutate_json(doc[i], rng), *doc[i + 1 :]]
    return rng.choice(odd)


def _attack(counts: Counter[str], attempt: Callable[[], None]) -> None:
    try:
        attempt()
    except CLEAN:
        counts["rejected cleanly"] += 1
    except Exception as e:  # a traceback would reach a user
        counts["tracebacks"] += 1
        print(f"  traceback: {type(e).__name__}: {str(e)[:200]}", file=sys.stderr)
    else:
        counts["accepted and played"] += 1


def documents(n: int, rng: random.Random) -> Counter[str]:
    counts: Counter[str] = Counter()
    for k in range(n):
        game = list(GAMES)[k % len(GAMES)]
        state = craftgames.new_game(game, GAMES[game], rng.randrange(1000))
        for _ in range(rng.randrange(60)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        text = state.to_json()
        if rng.random() < 0.5:
            text = _mutate(text, rng)
        else:
            text = json.dumps(_mutate_json(json.loads(text), rng))
        _attack(counts, lambda t=text: _play_out(State.from_json(t), rng))
    return counts


def card_files(n: int, rng: random.Random) -> Counter[str]:
    counts: Counter[str] = Counter()
    sets = {g: (ROOT / "rust/core/data" / f"{g}.toml").read_text(encoding="utf-8") for g in GAMES}
    for k in range(n):
        game = list(GAMES)[k % len(GAMES)]
        text = sets[game]
        for _ in range(rng.randrange(1, 4)):
            text = _mutate(text, rng)
        if "\n" not in text.strip() and "=" not in text:
            text += "\nx = 1"  # keep it TOML text (a bare name would be read as a file)
        _attack(
            counts,
            lambda t=text, g=game: _play_out(craftgames.new_game(g, GAMES[g], 1, cards=t), rng),
        )
    return counts


def replays(n: int, rng: random.Random) -> Counter[str]:
    counts: Counter[str] = Counter()
    for k in range(n):
        game = list(GAMES)[k % len(GAMES)]
        state = craftgames.new_game(game, GAMES[game], k)
        _play_out(state, rng, limit=rng.randrange(40))
        doc = json.loads(Replay(game, GAMES[game], k, state.history()).to_json())
        text = json.dumps(_mutate_json(doc, rng)) if k % 2 else _mutate(json.dumps(doc), rng)
        _attack(counts, lambda t=text: _play_out(Replay.from_json(t).play(), rng))
    return counts


HUGE = "99999999999999999999999"
ONE_LINE_ERROR = re.compile(r"craftgames( \w+)?: error: ")
BAD_COMMAND_LINES = [
    ["play", "sunrise", "--players", HUGE],
    ["play", "sunrise", "--players", "-1"],
    ["play", "sunrise", "--players", "0"],
    ["play", "sunrise", "--players", "9"],
    ["play", "sunrise", "--seed", HUGE, "--seat", "random", "--seat", "random"],
    ["play", "sunrise", "--seed", "-5", "--seat", "random", "--seat", "random"],
    ["play", "sunrise", "--seat", "random", "--seat", f"mcts:{HUGE}"],
    ["play", "sunrise", "--seat", "random", "--seat", "mcts:-3"],
    ["play", "sunrise", "--seat", "random", "--seat", "mcts:5:threads=100000"],
    ["play", "sunrise", "--seat", "random", "--seat", "mcts:5:c=nan"],
    ["play", "sunrise", "--seat", "random", "--seat", "mcts:5:bogus=1"],
    ["play", "sunrise", "--seat", "robot", "--seat", "random"],
    ["play", "sunrise", "--seat", "random", "--seat", "random", "--cards", "/nonexistent"],
    ["play", "sunrise", "--seat", "random", "--seat", "random", "--cards", "/bin/sh"],
    ["play", "sunrise", "--seat", "random", "--seat", "random", "--cards", "/"],
    ["play", "--resume", "/nonexistent.json"],
    ["play", "--resume", "/bin/sh"],
    ["play"],
    ["replay", "/nonexistent.json"],
    ["replay", "/bin/sh"],
    ["arena", "sunrise", "--seat", "random", "--games", HUGE],
    ["arena", "sunrise", "--seat", "random", "--seat", "random", "--jobs", "100000"],
    ["arena", "sunrise", "--seat", "random", "--seat", "random", "--jobs", "0"],
    ["arena", "sunrise", "--seat", "random", "--seat", "random", "--games", "0"],
    ["arena", "sunrise", "--seat", "random", "--seat", "random", "--games", "-4"],
    ["arena", "sunrise", "--players", "-1", "--seat", "random"],
    ["arena", "sunrise", "--seat", "random", "--seat", f"mcts:{HUGE}", "--games", "1"],
    ["arena", "sunrise", "--seat", "human", "--seat", "random"],
    ["arena", "sunrise", "--seat", "random", "--seat", "random", "--resume"],
    ["arena", "sunrise", "--seat", "random", "--seat", "random", "--out", "/nonexistent/x"],
    ["arena", "sunrise", "--seat", "random", "--seat", "random", "--cards", "/bin/sh"],
    ["arena", "nijar", "--seat", "random", "--seat", "random", "--backend", "carrier-pigeon"],
    ["play", "sorcery", "--players", "1", "--seat", "random", "--mission", "99"],
    [
        "play",
        "sorcery",
        "--players",
        "2",
        "--seat",
        "random",
        "--seat",
        "random",
        "--campaign",
        "/bin/sh",
    ],
]


def command_lines() -> Counter[str]:
    counts: Counter[str] = Counter()
    for argv in BAD_COMMAND_LINES:
        err = io.StringIO()
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
                code = cli_main([*argv, "--quiet"] if argv[0] == "play" else argv)
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 2
        except Exception as e:
            counts["tracebacks"] += 1
            print(f"  traceback: {argv}: {type(e).__name__}: {e}", file=sys.stderr)
            continue
        # argparse names the subcommand: "craftgames arena: error: ...".
        lines = [x for x in err.getvalue().splitlines() if ONE_LINE_ERROR.match(x)]
        if code == 2 and len(lines) == 1 and "Traceback" not in err.getvalue():
            counts["rejected cleanly"] += 1
        else:
            counts["tracebacks"] += 1
            print(f"  not one clean line: {argv}: {code} {err.getvalue()[:300]}", file=sys.stderr)
    return counts


def kills_during_saves(n: int) -> Counter[str]:
    counts: Counter[str] = Counter()
    writers = [
        "from craftgames.replay import Replay\n"
        "Replay('sunrise', 2, 5, [1, 2, 3], seats=['greedy', 'greedy']).save('target.json')",
        "from craftgames import sorcery\n"
        "sorcery.save_campaign({**sorcery.new_campaign(2), 'missions': [2, 3]}, 'target.json')",
    ]
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "target.json"
        for k in range(n):
            old = json.dumps({"old": k}) + "\n"
            target.write_text(old)
            # Killed as the temporary file opens, as it is fsynced, or as it is renamed.
            hook = ["fdopen", "fsync", "replace"][k % 3]
            prelude = (
                "import os, signal\n"
                "def _die(*a, **k): os.kill(os.getpid(), signal.SIGKILL)\n"
                f"os.{hook} = _die\n"
            )
            code = prelude + writers[k % 2]
            child = subprocess.run(
                [sys.executable, "-c", code], cwd=folder, capture_output=True, text=True
            )
            if child.returncode == -signal.SIGKILL and target.read_text() == old:
                counts["kills, old file whole"] += 1
            elif child.returncode == -signal.SIGKILL:
                counts["lost files"] += 1
            else:
                counts["not killed (hook missed)"] += 1
                print(f"  {hook}: {child.stderr[-300:]}", file=sys.stderr)
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--documents", type=int, default=2000)
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--replays", type=int, default=500)
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--seed", type=int, default=22)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    total: Counter[str] = Counter()
    for name, run in [
        ("state documents", lambda: documents(args.documents, rng)),
        ("card files", lambda: card_files(args.cards, rng)),
        ("replays", lambda: replays(args.replays, rng)),
        ("bad command lines", command_lines),
        ("kills during saves", lambda: kills_during_saves(args.kills)),
    ]:
        counts = run()
        total.update(counts)
        print(f"{name}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())), flush=True)
    print(
        f"total: rejected cleanly {total['rejected cleanly']} / accepted and played "
        f"{total['accepted and played']} / tracebacks {total['tracebacks']} / lost files "
        f"{total['lost files']} (kills with the old file whole: {total['kills, old file whole']})"
    )


if __name__ == "__main__":
    os.environ.setdefault("COLUMNS", "120")
    main()
