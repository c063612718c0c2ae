"""The arena: many seeded games between bots, seats rotated, with a results table.

    craftgames arena sunrise --players 2 --seat mcts:1000 --seat greedy --games 200 \\
        --seed 1 --jobs 2 --out results.jsonl

Game ``i`` is created from its own seed (derived from ``--seed`` and ``i``) and its seats are
rotated by ``i``: agent ``k`` (the ``k``-th ``--seat``) plays seat ``(k + i) % players``. Every
bot is seeded from the game's seed and its seat, so a game's result depends only on
``--seed`` and ``i`` — never on ``--jobs`` or on which worker played it.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from craftgames import _core, bots

__all__ = ["AgentSummary", "GameResult", "game_seed", "play_game", "run_arena", "summarize"]


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

    @property
    def winner(self) -> int:
        """The agent that finished first."""
        return self.agents[self.ranking[0]]

    def to_dict(self, specs: Sequence[str]) -> dict[str, object]:
        """The result as a JSON-ready dict, naming each seat's agent by its spec."""
        return {
            "game": self.index,
            "seed": self.seed,
            "seats": [specs[a] for a in self.agents],
            "agents": list(self.agents),
            "scores": list(self.scores),
            "ranking": list(self.ranking),
            "winner_agent": self.winner,
            "winner": specs[self.winner],
        }


def game_seed(seed: int, index: int) -> int:
    """The seed of arena game `index` in an arena seeded `seed`."""
    return (seed * 1_000_033 + index) % (1 << 63)


def play_game(game: str, specs: Sequence[str], seed: int, index: int) -> GameResult:
    """Plays arena game `index` to the end with the agents `specs`, seats rotated by `index`."""
    players = len(specs)
    agents = tuple((seat - index) % players for seat in range(players))
    state_seed = game_seed(seed, index)
    state = _core.new_game(game, players, state_seed)
    seat_bots = [bots.make_bot(specs[a], seat, state_seed) for seat, a in enumerate(agents)]
    while not state.is_terminal():
        state.apply_action(seat_bots[state.current_player()].step(state))
    return GameResult(
        index=index,
        seed=state_seed,
        agents=agents,
        scores=tuple(state.scores()),
        ranking=tuple(state.ranking()),
    )


def _play_indexed(task: tuple[str, tuple[str, ...], int, int]) -> GameResult:
    game, specs, seed, index = task
    return play_game(game, specs, seed, index)


def run_arena(
    game: str,
    specs: Sequence[str],
    games: int,
    seed: int,
    jobs: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Plays `games` games between the agents `specs` (one per seat) on `jobs` processes.

    Returns the results in game order; `on_result` is called as each game finishes (for a
    progress bar). Raises `ValueError` for a bad spec, game or count before any game runs.
    """
    if games < 1:
        raise ValueError(f"the arena needs at least 1 game, not {games}")
    if jobs < 1:
        raise ValueError(f"--jobs must be at least 1, not {jobs}")
    for seat, spec in enumerate(specs):
        if spec == bots.HUMAN:
            raise ValueError("the arena plays bots only; 'human' cannot take a seat")
        bots.make_bot(spec, seat, seed)  # validates the spec
    _core.new_game(game, len(specs), seed)  # validates the game and the player count
    tasks = [(game, tuple(specs), seed, i) for i in range(games)]
    results: list[GameResult] = []
    for result in _results(tasks, jobs):
        results.append(result)
        if on_result is not None:
            on_result(result)
    return sorted(results, key=lambda r: r.index)


def _results(tasks: list[tuple[str, tuple[str, ...], int, int]], jobs: int) -> Iterator[GameResult]:
    if jobs == 1:
        yield from map(_play_indexed, tasks)
        return
    # Processes, not threads: random and greedy bots run Python between core calls.
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(_play_indexed, tasks, chunksize=1)


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
    """Games it finished first in."""
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
            )
        )
    return out
