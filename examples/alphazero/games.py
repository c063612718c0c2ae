"""Self-play and evaluation games: the work the workers do (local processes or Ray tasks).

Each task plays many games in lockstep so that every guided search call batches the leaves of
all of them: one network call per batch of up to ``games * in_flight`` leaves. A task gets the
network's parameters as numpy arrays and returns numpy arrays and plain numbers, so it runs
the same in a spawned process or on a Ray cluster.
"""

from __future__ import annotations

import os

# One XLA thread per worker: the workers already fill the cores, more threads only contend.
os.environ.setdefault(
    "XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"
)

import time
from dataclasses import dataclass
from typing import Any

import jax
import numpy as np
from net import Params, Shape, model

import craftgames
from craftgames import guided
from craftgames.bots import make_bot
from craftgames.mcts import Reward

RESULT: Reward = "rank"  # a match's result for the agent: 1 a win, 0 a loss, ties shared


@dataclass(frozen=True)
class SearchConfig:
    """How the agent searches: PUCT over the network's priors and values."""

    # The defaults are the measured run's (README): 200 simulations, as in its matches;
    # four in flight per tree, so that a batch holds four leaves of each game in lockstep;
    # c = 0.75, the best of 0.3-3.0 with the greedy guide's priors standing in for a network
    # (README); every leaf valued by a rollout (w = 1) while the value head learns beside it.
    simulations: int = 200
    in_flight: int = 4
    c_puct: float = 0.75
    rollout_weight: float = 1.0  # leaf value: (1 - w) * network + w * a greedy rollout
    rollout: str = "greedy:0.2"
    # The search's reward and the value head's target. "margin" (the score lead scaled into
    # [0, 1]) is the default search's, chosen by its tournament: a lead says more per game
    # than a win or a loss, so values and rollouts are less noisy.
    reward: Reward = "margin"
    dirichlet_alpha: float | None = None  # root noise (self-play only)
    sample_moves: int = 0  # a game's first moves drawn from the visits, the rest the most visited


@dataclass(frozen=True)
class SelfPlayTask:
    game: str
    players: int
    shape: Shape
    params: Params
    search: SearchConfig
    seeds: tuple[int, ...]  # one game each


@dataclass(frozen=True)
class MatchTask:
    game: str
    players: int
    shape: Shape
    params: Params
    search: SearchConfig
    opponent: str | None  # a bot spec for every other seat; None alone (solo)
    agent_seat: int
    deals: tuple[int, ...]


_forwards: dict[Shape, Any] = {}


def _forward(shape: Shape) -> Any:
    """The jitted network of `shape`, compiled once per worker process."""
    if shape not in _forwards:
        _forwards[shape] = jax.jit(model(shape).apply)
    return _forwards[shape]


def evaluator(shape: Shape, params: Params) -> guided.Evaluator:
    """The network as a batched evaluator. Batches are padded to a power of two, so JAX
    compiles a handful of shapes rather than one per batch size."""
    forward = _forward(shape)
    on_device = jax.device_put(params)

    def evaluate(obs: np.ndarray, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        b = len(obs)
        size = max(8, 1 << (b - 1).bit_length())
        padded = np.zeros((size, obs.shape[1]), np.float32)
        padded[:b] = obs
        logits, values = forward(on_device, padded)
        return np.asarray(logits[:b]), np.asarray(values[:b])

    return evaluate


def _search(
    states: list[craftgames.State],
    ev: guided.Evaluator,
    cfg: SearchConfig,
    seed: int,
    *,
    explore: bool,
) -> list[guided.GuidedResult]:
    return guided.search_many(
        states,
        ev,
        simulations=cfg.simulations,
        in_flight=cfg.in_flight,
        c_puct=cfg.c_puct,
        dirichlet_alpha=cfg.dirichlet_alpha if explore else None,
        temperature=1.0,  # the policy returned is the visit shares: the training target
        values="relative",
        reward=cfg.reward,
        rollout=cfg.rollout,
        rollout_weight=cfg.rollout_weight,
        seed=seed,
    )


def most_visited(result: guided.GuidedResult) -> int:
    """The most-visited root action (the lowest id among equals)."""
    return min(result.visits, key=lambda a: (-result.visits[a], a))


def relative(rewards: list[float], seat: int) -> np.ndarray:
    """`rewards` (one per seat) in the frame of `seat`: column k is the seat k places after."""
    p = len(rewards)
    return np.array([rewards[(seat + k) % p] for k in range(p)], np.float32)


def self_play(task: SelfPlayTask) -> dict[str, Any]:
    """Plays one game per seed against itself; returns the training examples of every
    decision and the CPU seconds spent."""
    cpu = time.process_time()
    ev = evaluator(task.shape, task.params)
    states = [craftgames.new_game(task.game, task.players, s) for s in task.seeds]
    records: list[list[tuple[np.ndarray, np.ndarray, np.ndarray, int]]] = [[] for _ in states]
    moves = [0] * len(states)
    live = list(range(len(states)))
    step = 0
    while live:
        results = _search(
            [states[i] for i in live], ev, task.search, task.seeds[0] + step, explore=True
        )
        for i, r in zip(live, results, strict=True):
            state = states[i]
            mask = np.zeros(task.shape.actions, bool)
            mask[state.legal_actions()] = True
            records[i].append((r.observation, mask, r.policy, state.current_player()))
            sampled = moves[i] < task.search.sample_moves
            state.apply_action(r.action if sampled else most_visited(r))
            moves[i] += 1
        live = [i for i in live if not states[i].is_terminal()]
        step += 1
    obs, masks, policies, values = [], [], [], []
    for state, game in zip(states, records, strict=True):
        final = guided.terminal_values(state, task.search.reward)
        for o, m, p, seat in game:
            obs.append(o)
            masks.append(m)
            policies.append(p)
            values.append(relative(final, seat))
    return {
        "obs": np.stack(obs),
        "mask": np.stack(masks),
        "policy": np.stack(policies).astype(np.float32),
        "value": np.stack(values),
        "games": len(states),
        "cpu_s": time.process_time() - cpu,
    }


def match(task: MatchTask) -> dict[str, Any]:
    """The agent (most-visited move, no noise) in `agent_seat` of every deal, the opponent
    bot in every other seat; returns the agent's result per deal (1 a win, 0.5 shared first
    of two, 0 a loss; solo: 1 a win against the game's opponent) and its scores' margins."""
    cpu = time.process_time()
    ev = evaluator(task.shape, task.params)
    states = [craftgames.new_game(task.game, task.players, d) for d in task.deals]
    bots = [
        {
            seat: make_bot(task.opponent, seat, deal)
            for seat in range(task.players)
            if seat != task.agent_seat and task.opponent is not None
        }
        for deal in task.deals
    ]
    step = 0
    while True:
        live = [i for i, s in enumerate(states) if not s.is_terminal()]
        if not live:
            break
        agent = [i for i in live if states[i].current_player() == task.agent_seat]
        if agent:
            results = _search(
                [states[i] for i in agent],
                ev,
                task.search,
                task.deals[0] * 7919 + step,
                explore=False,
            )
            for i, r in zip(agent, results, strict=True):
                states[i].apply_action(most_visited(r))
        for i in live:
            state = states[i]
            if not state.is_terminal() and state.current_player() != task.agent_seat:
                state.apply_action(bots[i][state.current_player()].step(state))
        step += 1
    results_, margins = [], []
    for state in states:
        results_.append(guided.terminal_values(state, RESULT)[task.agent_seat])
        scores = state.scores()
        solo = state.solo_margin()
        best_other = max((s for k, s in enumerate(scores) if k != task.agent_seat), default=0)
        margins.append(solo if solo is not None else scores[task.agent_seat] - best_other)
    return {"results": results_, "margins": margins, "cpu_s": time.process_time() - cpu}
