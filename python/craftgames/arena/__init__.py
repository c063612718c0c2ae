"""The arena: many seeded games between bots, seats rotated, with a results table.

    craftgames arena sunrise --players 2 --seat mcts:1000 --seat greedy --games 200 \\
        --seed 1 --jobs 2 --out results.jsonl

Game ``i`` is created from its own seed (derived from ``--seed`` and ``i``), with the same
cards and game options for every game (``craftgames arena sorcery --players 1 --seat
mcts:1000 --solo robot --difficulty medium``), and its seats are
rotated by ``i``: agent ``k`` (the ``k``-th ``--seat``) plays seat ``(k + i) % players``. In a
one-seat game against a built-in opponent (a robot, the Competition, a grade table) the
player wins when it beats it (``State.solo_margin() > 0``), not by finishing first alone. Every
bot is seeded from the game's seed and its seat, so a game's result depends only on
``--seed`` and ``i`` — never on ``--jobs``, the backend, or which worker played it.

Backends: ``"process"`` (this machine, ``jobs`` worker processes) and ``"ray"`` (Ray tasks,
each a batch of seeded games, on a local Ray with ``jobs`` CPUs or on the cluster at
``address``; ``pip install craftgames[ray]``).
"""

from __future__ import annotations

import contextlib
import itertools
import json
import math
import statistics
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeGuard

import craftgames
from craftgames import bots
from craftgames.arena.pool import LostGame, play_in_workers, worker_count

__all__ = [
    "BACKENDS",
    "AgentSummary",
    "Backend",
    "GameResult",
    "GamesLostError",
    "LostGame",
    "check_resumed",
    "game_seed",
    "play_game",
    "run",
    "run_arena",
    "summarize",
]

Backend = Literal["process", "ray"]
"""Where the games run: worker processes on this machine, or Ray tasks."""
BACKENDS: tuple[Backend, ...] = ("process", "ray")

_TASKS_PER_CPU = 4
"""Ray: aim for this many batches per CPU (load balance) ..."""
_MAX_BATCH = 64
"""... with at most this many games in one task (progress stays fluid)."""
_IN_FLIGHT_PER_CPU = 2
"""Ray: tasks submitted but not yet collected, per CPU (bounds the driver's memory)."""


@dataclass(frozen=True)
class GameResult:
    """One finished arena game."""

    index: int
    """Position of the game in the arena (0-based)."""
    seed: int
    """The seed the game was created with."""
    agents: tuple[int, ...]
    """For each seat, the index of the agent (``--seat``) that played it."""
    scores: tuple[int, ...]
    """Final scores per seat."""
    ranking: tuple[int, ...]
    """Seats from first to last, the rulebook's tiebreaker applied."""
    solo_margin: float | None = None
    """One seat against a built-in opponent: its result above the target (positive wins)."""

    @property
    def winner(self) -> int | None:
        """The agent that won: the one that finished first, or in a one-seat game against a
        built-in opponent the player if it beat it (else ``None``)."""
        if self.solo_margin is not None:
            return self.agents[0] if self.solo_margin > 0 else None
        return self.agents[self.ranking[0]]

    @staticmethod
    def from_dict(line: Mapping[str, Any]) -> GameResult:
        """The result written by `to_dict` (an arena's ``--out`` line); a line that is not one
        raises `ValueError` naming the field."""
        if not isinstance(line, Mapping):
            raise ValueError("a result line is a JSON object")

        def ints(key: str) -> tuple[int, ...]:
            value = line.get(key)
            if not isinstance(value, list) or not all(_is_int(x) for x in value):
                raise ValueError(f"the result's {key!r} must be a list of integers")
            return tuple(value)

        index, seed, margin = line.get("game"), line.get("seed"), line.get("solo_margin")
        if not _is_int(index) or not _is_int(seed):
            raise ValueError("the result's 'game' and 'seed' must be integers")
        if margin is not None and (isinstance(margin, bool) or not isinstance(margin, int | float)):
            raise ValueError("the result's 'solo_margin' must be a number or null")
        return GameResult(
            index=index,
            seed=seed,
            agents=ints("agents"),
            scores=ints("scores"),
            ranking=ints("ranking"),
            solo_margin=None if margin is None else float(margin),
        )

    def to_dict(self, specs: Sequence[str]) -> dict[str, object]:
        """The result as a JSON-ready dict, naming each seat's agent by its spec."""
        return {
            "game": self.index,
            "seed": self.seed,
            "seats": [specs[a] for a in self.agents],
            "agents": list(self.agents),
            "scores": list(self.scores),
            "ranking": list(self.ranking),
            "solo_margin": self.solo_margin,
            "winner_agent": self.winner,
            "winner": None if self.winner is None else specs[self.winner],
        }


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def game_seed(seed: int, index: int) -> int:
    """The seed of arena game `index` in an arena seeded `seed`."""
    return (seed * 1_000_033 + index) % (1 << 63)


def play_game(
    game: str,
    specs: Sequence[str],
    seed: int,
    index: int,
    cards: str | None = None,
    options: Mapping[str, object] | None = None,
) -> GameResult:
    """Plays arena game `index` to the end with the agents `specs`, seats rotated by `index`,
    dealt with the card file text `cards` (None: the game's own) and the game's `options`."""
    players = len(specs)
    agents = _rotation(players, index)
    state_seed = game_seed(seed, index)
    state = craftgames.new_game(game, players, state_seed, cards, **(options or {}))
    seat_bots = [bots.make_bot(specs[a], seat, state_seed) for seat, a in enumerate(agents)]
    while not state.is_terminal():
        state.apply_action(seat_bots[state.current_player()].step(state))
    return GameResult(
        index=index,
        seed=state_seed,
        agents=agents,
        scores=tuple(state.scores()),
        ranking=tuple(state.ranking()),
        solo_margin=state.solo_margin(),
    )


Task = tuple[str, tuple[str, ...], int, int, str | None, str]
"""One arena game to play: (game, specs, arena seed, index, card file text, options JSON)."""


def _play_indexed(task: Task) -> GameResult:
    game, specs, seed, index, cards, options = task
    return play_game(game, specs, seed, index, cards, json.loads(options))


def _play_batch(tasks: list[Task]) -> list[GameResult]:
    return [_play_indexed(task) for task in tasks]


def run(
    game: str,
    specs: Sequence[str],
    games: int,
    seed: int,
    jobs: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
    backend: Backend = "process",
    address: str | None = None,
    cards: str | None = None,
    options: Mapping[str, object] | None = None,
    done: Sequence[GameResult] = (),
) -> list[GameResult]:
    """Plays `games` games between the agents `specs` (one per seat), each dealt with the
    card file text `cards` (None: the game's own cards) and the game's `options` (as
    `craftgames.new_game` takes them).

    With ``backend="process"`` they run here on ``min(jobs, games, CPUs)`` worker processes
    (one: in this process), which end when this process does. With ``backend="ray"`` they
    run as Ray tasks of a batch of games each: on the Ray this process is already connected
    to, else on the cluster at `address` (e.g. ``"ray://head:10001"`` or ``"auto"``), else on
    a local Ray started with `jobs` CPUs (and shut down after). The results are the same
    either way.

    `done` holds results of this arena already played (a resumed ``--out`` file): those
    games are not played again, and come back with the others.

    Returns the results in game order; `on_result` is called as each new game finishes (for
    a progress bar, or to save it at once). Raises `ValueError` for a bad spec, game, count,
    backend or `done` before any game runs (a bad card file raises `CardDataError`), and
    `GamesLostError` at the end if a worker process died during a game (the other games are
    played, and `on_result` has seen each of them).
    """
    if games < 1:
        raise ValueError(f"the arena needs at least 1 game, not {games}")
    worker_count(jobs, games)  # refuses an absurd --jobs
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; use one of {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise ValueError("--address is for the ray backend (add --backend ray)")
    for seat, spec in enumerate(specs):
        if spec == bots.HUMAN:
            raise ValueError("the arena plays bots only; 'human' cannot take a seat")
        bots.make_bot(spec, seat, seed)  # validates the spec
    # Validates the game, the player count, the cards and the options before any game runs.
    craftgames.new_game(game, len(specs), seed, cards, **(options or {}))
    options_json = json.dumps(dict(options or {}), sort_keys=True)
    played = _check_done(done, len(specs), games, seed)
    # Lazy: an arena of 10**20 games starts at once and holds only the games in play.
    tasks = (
        (i, (game, tuple(specs), seed, i, cards, options_json))
        for i in range(games)
        if i not in played
    )
    todo = games - len(played)
    results: list[GameResult] = list(done)
    lost: list[LostGame] = []
    stream = (
        _ray_results(tasks, todo, jobs, address)
        if backend == "ray"
        else _results(tasks, todo, jobs, lost.append)
    )
    with contextlib.closing(stream):  # an exception in `on_result` stops the workers too
        for result in stream:
            results.append(result)
            if on_result is not None:
                on_result(result)
    results.sort(key=lambda r: r.index)
    if lost:
        raise GamesLostError(lost, results)
    return results


class GamesLostError(RuntimeError):
    """Games whose worker process died (e.g. killed by the OOM killer) before they finished;
    every other game was played. `lost` says which, `results` holds the others."""

    def __init__(self, lost: Sequence[LostGame], results: Sequence[GameResult]) -> None:
        self.lost = sorted(lost, key=lambda g: g.index)
        self.results = list(results)
        first = self.lost[0]
        if len(self.lost) == 1:
            what = f"game {first.index} was lost: {first.cause()}"
        else:
            games = ", ".join(str(g.index) for g in self.lost)
            what = f"games {games} were lost: their worker processes died ({first.cause()}, …)"
        super().__init__(f"{what}; the other {len(self.results)} games were played")


def _rotation(players: int, index: int) -> tuple[int, ...]:
    """For each seat of game `index`, the agent playing it: agent k sits at (k + index) % n."""
    return tuple((seat - index) % players for seat in range(players))


def check_resumed(result: GameResult, players: int, games: int, seed: int) -> None:
    """Raises `ValueError` unless `result` is a game of the arena of `players` seats, `games`
    games and `seed` (its seed and seat rotation are those of its index)."""
    if not 0 <= result.index < games:
        raise ValueError(f"game {result.index} is not one of this arena's {games} games")
    if (
        result.seed != game_seed(seed, result.index)
        or result.agents != _rotation(players, result.index)
        or len(result.scores) != players
    ):
        raise ValueError(
            f"game {result.index} was played by another arena (other --seed or --seat)"
        )


def _check_done(done: Sequence[GameResult], players: int, games: int, seed: int) -> set[int]:
    """The indices of the results `done`, which must be games of this arena, each once."""
    played: set[int] = set()
    for r in done:
        check_resumed(r, players, games, seed)
        if r.index in played:
            raise ValueError(f"game {r.index} is there twice")
        played.add(r.index)
    return played


run_arena = run
"""The former name of `run`."""


def _results(
    tasks: Iterator[tuple[int, Task]], todo: int, jobs: int, on_lost: Callable[[LostGame], None]
) -> Generator[GameResult, None, None]:
    workers = worker_count(jobs, todo)
    if workers == 1:
        yield from (_play_indexed(task) for _, task in tasks)
        return
    # Processes, not threads: random and greedy bots run Python between core calls.
    yield from play_in_workers(tasks, _play_indexed, workers, on_lost)


def _ray_results(
    tasks: Iterator[tuple[int, Task]], todo: int, jobs: int, address: str | None
) -> Generator[GameResult, None, None]:
    try:
        import ray
    except ImportError as e:
        raise ValueError("the ray backend needs Ray: pip install 'craftgames[ray]'") from e
    started = not ray.is_initialized()
    if started:
        if address is None:
            ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    try:
        resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
        cpus = max(1, int(resources.get("CPU", jobs)))
        size = max(1, min(_MAX_BATCH, todo // (cpus * _TASKS_PER_CPU)))
        play: Any = ray.remote(_play_batch)
        pending: list[Any] = []
        while batch := [task for _, task in itertools.islice(tasks, size)]:
            if len(pending) >= cpus * _IN_FLIGHT_PER_CPU:
                done, pending = ray.wait(pending, num_returns=1)
                yield from ray.get(done[0])
            pending.append(play.remote(batch))
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield from ray.get(done[0])
    finally:
        if started:
            ray.shutdown()


@dataclass(frozen=True)
class AgentSummary:
    """How one agent did over the arena."""

    agent: int
    """Index of the agent (its ``--seat`` position)."""
    spec: str
    """Its seat spec."""
    games: int
    """Games played."""
    wins: int
    """Games it won: finished first in, or (one seat) beat the built-in opponent in."""
    win_rate: float
    """``wins / games``."""
    ci_low: float
    """Lower end of the 95% Wilson score interval of the win rate."""
    ci_high: float
    """Upper end of that interval."""
    mean_score: float
    """Mean final score."""
    score_stdev: float
    """Sample standard deviation of the final score (0 for one game)."""
    mean_solo_margin: float | None = None
    """One seat against a built-in opponent: the mean result above the target."""


def _wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize(results: Sequence[GameResult], specs: Sequence[str]) -> list[AgentSummary]:
    """Per agent: wins, win rate with its 95% confidence interval, mean score and spread."""
    out = []
    for agent, spec in enumerate(specs):
        scores = [r.scores[r.agents.index(agent)] for r in results]
        wins = sum(1 for r in results if r.winner == agent)
        n = len(scores)
        low, high = _wilson(wins, n)
        margins = [r.solo_margin for r in results if r.solo_margin is not None]
        out.append(
            AgentSummary(
                agent=agent,
                spec=spec,
                games=n,
                wins=wins,
                win_rate=wins / n if n else 0.0,
                ci_low=low,
                ci_high=high,
                mean_score=statistics.fmean(scores) if scores else 0.0,
                score_stdev=statistics.stdev(scores) if n > 1 else 0.0,
                mean_solo_margin=statistics.fmean(margins) if margins else None,
            )
        )
    return out
