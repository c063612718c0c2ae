"""AlphaZero-style self-play for craftgames: PUCT search guided by a policy-value network.

Self-play workers play games against themselves with `craftgames.guided` (the network as the
batched evaluator, the tree in the compiled core), a replay buffer keeps their decisions, the
network learns the search's visit policy and the games' results, and every so often the agent
plays the default MCTS at equal simulations and the greedy bot, with a learning curve drawn as
it goes::

    pip install "craftgames[learn]"
    python examples/alphazero/train.py --game sunrise --players 2 --minutes 30 --out run/
    python examples/alphazero/train.py --game nijar --players 2 --minutes 30 --out run-nijar/
    python examples/alphazero/train.py ... --backend ray [--address auto]

``--out`` receives ``curve.jsonl`` (one line per evaluation), ``curve.png``, the latest
``checkpoint.npz`` and, at the end, ``result.json`` with the final match. See README.md.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import multiprocessing
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

import craftgames
from craftgames.atomic import write_bytes, write_text

try:
    import games
    import jax.numpy as jnp
    import net
except ModuleNotFoundError as missing:  # pragma: no cover - the message is the point
    sys.exit(f"this example needs the learn extra: pip install 'craftgames[learn]' ({missing})")

HERE = Path(__file__).resolve().parent

TRAIN_SEEDS = 10_000_000  # self-play deals: seed * TRAIN_SEEDS + game number
CURVE_DEALS = 2_000_000  # the deals of the curve's evaluations, the same every time
FINAL_DEALS = 3_000_000  # the deals of the final match, never seen before it


@dataclass(frozen=True)
class Config:
    game: str = "sunrise"
    players: int = 2
    minutes: float = 50.0  # wall budget of self-play, learning and the curve (not the final match)
    iterations: int | None = None  # a fixed number of iterations instead
    workers: int = 2
    games_per_iteration: int = 64
    search: games.SearchConfig = field(default_factory=games.SearchConfig)
    width: int = 128
    lr: float = 1e-3
    batch: int = 256
    train_steps: int = 32  # minibatches per iteration: each decision is drawn ~6 times
    buffer: int = 60_000  # decisions kept
    eval_every: int = 8  # iterations between curve points
    eval_games: int = 40  # per curve point and opponent (seats rotated)
    eval_simulations: int = 200
    mcts: str = "mcts"  # the default search; "mcts:N" is played at N = eval_simulations
    final_games: int = 200
    seed: int = 0


class Pool:
    """Runs tasks on local processes (spawned: JAX does not survive a fork) or Ray tasks."""

    def __init__(self, backend: str, workers: int, address: str | None) -> None:
        self.backend = backend
        if backend == "ray":
            try:
                import ray
            except ModuleNotFoundError:
                sys.exit("--backend ray needs Ray: pip install 'craftgames[ray]'")
            self._ray: Any = ray
            # The workers import this folder's modules: ship it as their working directory.
            env = {"working_dir": str(HERE), "excludes": ["__pycache__"]}
            if address is None:
                ray.init(
                    num_cpus=workers, runtime_env=env, include_dashboard=False, log_to_driver=False
                )
            else:
                ray.init(address=address, runtime_env=env, log_to_driver=False)
            self._remote = {f: ray.remote(f) for f in (games.self_play, games.match)}
        else:
            context = multiprocessing.get_context("spawn")
            self._local = ProcessPoolExecutor(max_workers=workers, mp_context=context)

    def map(
        self, fn: Callable[[Any], dict[str, Any]], tasks: Sequence[Any]
    ) -> list[dict[str, Any]]:
        if self.backend == "ray":
            return list(self._ray.get([self._remote[fn].remote(t) for t in tasks]))
        return list(self._local.map(fn, tasks))

    def close(self) -> None:
        if self.backend == "ray":
            self._ray.shutdown()
        else:
            self._local.shutdown()


class Replay:
    """The last `capacity` decisions, as preallocated arrays written in a ring."""

    def __init__(self, capacity: int, shape: net.Shape) -> None:
        self.arrays = {
            "obs": np.zeros((capacity, shape.observation), np.float32),
            "mask": np.zeros((capacity, shape.actions), bool),
            "policy": np.zeros((capacity, shape.actions), np.float32),
            "value": np.zeros((capacity, shape.players), np.float32),
        }
        self.capacity, self.size, self.next = capacity, 0, 0

    def add(self, part: dict[str, Any]) -> None:
        n = len(part["obs"])
        rows = (self.next + np.arange(n)) % self.capacity
        for name, array in self.arrays.items():
            array[rows] = part[name]
        self.next = (self.next + n) % self.capacity
        self.size = min(self.capacity, self.size + n)

    def sample(self, n: int, rng: np.random.Generator) -> dict[str, Any]:
        rows = rng.integers(0, self.size, n)
        return {name: jnp.asarray(array[rows]) for name, array in self.arrays.items()}


def wilson(mean: float, games: int) -> tuple[float, float]:
    """The Wilson score 95% interval of a win rate."""
    z = 1.96
    centre = (mean + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(mean * (1 - mean) / games + z * z / (4 * games * games))
    return centre - half / (1 + z * z / games), centre + half / (1 + z * z / games)


def match_tasks(
    cfg: Config, shape: net.Shape, params: Any, opponent: str | None, games_: int, first_deal: int
) -> list[games.MatchTask]:
    """`games_` games over fixed deals, the agent in every seat in turn, split over workers."""
    seats = cfg.players if opponent is not None else 1
    deals = list(range(first_deal, first_deal + max(1, games_ // seats)))
    # One simulation at a time, as the default search runs them: equal simulations, and no
    # virtual loss bending the agent's tree (the batch is the games played in lockstep).
    search = replace(
        cfg.search, simulations=cfg.eval_simulations, dirichlet_alpha=None, in_flight=1
    )
    chunks = max(1, cfg.workers // seats)
    return [
        games.MatchTask(
            cfg.game, cfg.players, shape, params, search, opponent, seat, tuple(deals[k::chunks])
        )
        for seat in range(seats)
        for k in range(chunks)
        if deals[k::chunks]
    ]


def play_match(
    pool: Pool,
    cfg: Config,
    shape: net.Shape,
    params: Any,
    opponent: str | None,
    games_: int,
    first_deal: int,
) -> dict[str, Any]:
    parts = pool.map(games.match, match_tasks(cfg, shape, params, opponent, games_, first_deal))
    results = [r for p in parts for r in p["results"]]
    margins = [m for p in parts for m in p["margins"]]
    mean = float(np.mean(results))
    low, high = wilson(mean, len(results))
    return {
        "opponent": opponent or "solo",
        "games": len(results),
        "win_rate": mean,
        "win_rate_95": [low, high],
        "margin": float(np.mean(margins)),
        "cpu_s": sum(p["cpu_s"] for p in parts),
    }


def opponents(cfg: Config) -> list[str | None]:
    if cfg.players == 1:
        return [None]
    return [f"{cfg.mcts}:{cfg.eval_simulations}", "greedy"]


def self_play_tasks(
    cfg: Config, shape: net.Shape, params: Any, counter: Iterator[int]
) -> list[games.SelfPlayTask]:
    per = max(1, cfg.games_per_iteration // cfg.workers)
    return [
        games.SelfPlayTask(
            cfg.game,
            cfg.players,
            shape,
            params,
            cfg.search,
            tuple(cfg.seed * TRAIN_SEEDS + next(counter) for _ in range(per)),
        )
        for _ in range(cfg.workers)
    ]


def plot(curve: list[dict[str, Any]], path: Path, title: str) -> None:
    """The learning curve: win rate against each opponent over training CPU time."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ModuleNotFoundError:
        return  # the curve is in curve.jsonl all the same
    fig, ax = plt.subplots(figsize=(7, 4))
    for name in dict.fromkeys(m["opponent"] for p in curve for m in p["matches"]):
        xs, ys, lo, hi = [], [], [], []
        for point in curve:
            for m in point["matches"]:
                if m["opponent"] == name:
                    xs.append(point["train_cpu_s"] / 60)
                    ys.append(m["win_rate"])
                    lo.append(m["win_rate"] - m["win_rate_95"][0])
                    hi.append(m["win_rate_95"][1] - m["win_rate"])
        ax.errorbar(xs, ys, yerr=[lo, hi], marker="o", capsize=3, label=f"against {name}")
    ax.axhline(0.5, color="grey", lw=0.8, ls="--")
    ax.set_xlabel("training CPU minutes (self-play and learning)")
    ax.set_ylabel("agent's win rate (ties half)")
    ax.set_ylim(0, 1)
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    image = io.BytesIO()
    fig.savefig(image, format="png", dpi=100)
    plt.close(fig)
    write_bytes(path, image.getvalue())  # temp file, fsync, rename: whole or not at all


def train(cfg: Config, out: Path, pool: Pool, log: Callable[[str], None] = print) -> dict[str, Any]:
    probe = craftgames.new_game(cfg.game, cfg.players, 0)
    shape = net.Shape(
        probe.observation_tensor_size(), probe.num_distinct_actions(), cfg.players, cfg.width
    )
    params = net.init(shape, cfg.seed)
    opt = net.optimizer(cfg.lr)
    opt_state = opt.init(params)
    replay = Replay(cfg.buffer, shape)
    rng = np.random.default_rng(cfg.seed)
    counter = iter(range(sys.maxsize))
    curve: list[dict[str, Any]] = []
    start, train_cpu, decisions, played = time.monotonic(), 0.0, 0, 0
    iteration = 0

    def evaluate_now() -> None:
        numpy_params = net.to_numpy(params)
        matches = [
            play_match(pool, cfg, shape, numpy_params, o, cfg.eval_games, CURVE_DEALS)
            for o in opponents(cfg)
        ]
        point = {
            "iteration": iteration,
            "train_cpu_s": train_cpu,
            "decisions": decisions,
            "games": played,
            "wall_s": time.monotonic() - start,
            "matches": matches,
        }
        curve.append(point)
        write_text(out / "curve.jsonl", "".join(json.dumps(p) + "\n" for p in curve))
        plot(curve, out / "curve.png", f"{cfg.game}, {cfg.players} players")
        net.save(out / "checkpoint.npz", shape, params)
        log(
            f"iteration {iteration}: "
            + "; ".join(
                f"{m['opponent']} {m['win_rate']:.3f} [{m['win_rate_95'][0]:.3f}, "
                f"{m['win_rate_95'][1]:.3f}]"
                for m in matches
            )
        )

    evaluate_now()
    while True:
        if cfg.iterations is not None and iteration >= cfg.iterations:
            break
        if cfg.iterations is None and time.monotonic() - start > cfg.minutes * 60:
            break
        cpu = time.process_time()
        parts = pool.map(
            games.self_play, self_play_tasks(cfg, shape, net.to_numpy(params), counter)
        )
        for part in parts:
            replay.add(part)
            decisions += len(part["obs"])
            played += part["games"]
        for _ in range(cfg.train_steps):
            params, opt_state, (policy_loss, value_loss) = net.update(
                shape, opt, params, opt_state, replay.sample(cfg.batch, rng)
            )
        train_cpu += time.process_time() - cpu + sum(p["cpu_s"] for p in parts)
        iteration += 1
        log(
            f"iteration {iteration}: {played} games, {decisions} decisions, policy loss "
            f"{float(policy_loss):.3f}, value loss {float(value_loss):.3f}"
        )
        if iteration % cfg.eval_every == 0:
            evaluate_now()
    if not curve or curve[-1]["iteration"] != iteration:
        evaluate_now()
    final = [
        play_match(pool, cfg, shape, net.to_numpy(params), o, cfg.final_games, FINAL_DEALS)
        for o in opponents(cfg)[:1]
    ]
    result = {
        "config": asdict(cfg),
        "iterations": iteration,
        "games": played,
        "decisions": decisions,
        "train_cpu_s": train_cpu,
        "wall_s": time.monotonic() - start,
        "final": final,
    }
    write_text(out / "result.json", json.dumps(result, indent=2) + "\n")
    for m in final:
        lo, hi = m["win_rate_95"]
        log(
            f"final: against {m['opponent']} at {cfg.eval_simulations} simulations, win rate "
            f"{m['win_rate']:.3f} [{lo:.3f}, {hi:.3f}] over {m['games']} games, mean margin "
            f"{m['margin']:+.2f}"
        )
    return result


def add_search_options(parser: argparse.ArgumentParser, search: games.SearchConfig) -> None:
    """The options of how the agent searches, shared by `train.py` and `evaluate.py`."""
    parser.add_argument(
        "--rollout-weight",
        type=float,
        default=search.rollout_weight,
        help="leaf value = (1-w)*network + w*greedy rollout (0: network only)",
    )
    parser.add_argument(
        "--c-puct",
        type=float,
        default=search.c_puct,
        help="PUCT's exploration constant (self-play and matches)",
    )
    parser.add_argument(
        "--reward",
        choices=["margin", "rank", "win"],
        default=search.reward,
        help="the search's reward and the value target (margin: the default search's)",
    )


def check_search_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuses search options out of range, in one line (argparse's exit 2)."""
    if not 0.0 <= args.rollout_weight <= 1.0:
        parser.error("--rollout-weight must be in [0, 1]")
    if not args.c_puct > 0.0:
        parser.error("--c-puct must be above 0")


def main(argv: Sequence[str] | None = None) -> int:
    d = Config()  # the defaults: the measured run's (README)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=["sunrise", "sorcery", "nijar"], default="sunrise")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=d.minutes, help="training budget (wall)")
    parser.add_argument("--iterations", type=int, help="a fixed number of iterations instead")
    parser.add_argument("--workers", type=int, default=d.workers)
    parser.add_argument("--games-per-iteration", type=int, default=d.games_per_iteration)
    parser.add_argument(
        "--simulations", type=int, default=d.search.simulations, help="per self-play move"
    )
    parser.add_argument(
        "--in-flight",
        type=int,
        default=d.search.in_flight,
        help="simulations in flight per self-play tree",
    )
    add_search_options(parser, d.search)
    parser.add_argument("--width", type=int, default=d.width, help="hidden units per layer")
    parser.add_argument(
        "--train-steps", type=int, default=d.train_steps, help="minibatches an iteration"
    )
    parser.add_argument("--eval-every", type=int, default=d.eval_every)
    parser.add_argument("--eval-games", type=int, default=d.eval_games)
    parser.add_argument("--eval-simulations", type=int, default=d.eval_simulations)
    parser.add_argument("--final-games", type=int, default=d.final_games)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--backend", choices=["local", "ray"], default="local")
    parser.add_argument("--address", help="a Ray cluster to join (with --backend ray)")
    parser.add_argument("--out", type=Path, required=True, help="folder for the run's files")
    args = parser.parse_args(argv)
    if args.address is not None and args.backend != "ray":
        parser.error("--address is for the ray backend (add --backend ray)")
    check_search_options(parser, args)
    for name in (
        "workers",
        "games_per_iteration",
        "simulations",
        "in_flight",
        "width",
        "train_steps",
        "eval_every",
        "eval_games",
        "eval_simulations",
        "final_games",
    ):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    try:
        craftgames.new_game(args.game, args.players, 0)
    except ValueError as e:
        parser.error(str(e))
    cfg = Config(
        game=args.game,
        players=args.players,
        minutes=args.minutes,
        iterations=args.iterations,
        workers=args.workers,
        games_per_iteration=args.games_per_iteration,
        search=games.SearchConfig(
            simulations=args.simulations,
            in_flight=args.in_flight,
            rollout_weight=args.rollout_weight,
            c_puct=args.c_puct,
            reward=args.reward,
            dirichlet_alpha=0.3,
            sample_moves=20,
        ),
        width=args.width,
        train_steps=args.train_steps,
        eval_every=args.eval_every,
        eval_games=args.eval_games,
        eval_simulations=args.eval_simulations,
        final_games=args.final_games,
        seed=args.seed,
    )
    args.out.mkdir(parents=True, exist_ok=True)
    pool = Pool(args.backend, args.workers, args.address)
    try:
        train(cfg, args.out, pool)
    finally:
        pool.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
