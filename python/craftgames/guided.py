"""Search guided by a model: PUCT IS-MCTS with a batched evaluator.

The tree search runs in the compiled core without the GIL. A model guides it through an
*evaluator*: a callable given, for a batch of ``B`` leaves, the acting seat's observation
tensors ``(B, D)`` float32 and legal-action masks ``(B, A)`` bool, which returns priors (or
logits) ``(B, A)`` and a value for every seat ``(B, P)``. It is called once per batch, never
once per leaf, and it can only ever see what the engine writes for the seat to act at the leaf.

Without an evaluator a built-in guide values leaves by rollouts (uniform or greedy priors).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

import numpy as np
import numpy.typing as npt

from craftgames import _core

__all__ = [
    "Evaluator",
    "GuidedResult",
    "search",
    "search_many",
    "terminal_values",
]

Guide = Literal["uniform", "greedy"]
SelectionRule = Literal["puct", "ucb1"]
Outputs = Literal["logits", "priors"]
ValueOrder = Literal["seats", "relative"]
Reward = Literal["rank", "win", "margin"]
_Raw = Callable[
    [npt.NDArray[np.float32], npt.NDArray[np.bool_]],
    tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]],
]


class Evaluator(Protocol):
    """A batched policy-value model: ``(observations, masks) -> (priors, values)``.

    ``observations`` is ``(B, D)`` float32 (row ``i``: the observation tensor of the seat to
    act at leaf ``i``), ``masks`` is ``(B, A)`` bool (its legal actions). Return ``(B, A)``
    logits (or priors, with ``outputs="priors"``; entries at illegal actions are ignored) and
    ``(B, P)`` values, one per seat on the rewards' ``[0, 1]`` scale. Any array-like of a
    real dtype is accepted and converted to float32. The input arrays are reused for the
    next batch unless the evaluator keeps a reference to them (or a view), in which case
    the next batch gets fresh ones: what it keeps is never overwritten.
    """

    def __call__(
        self, observations: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_], /
    ) -> tuple[npt.ArrayLike, npt.ArrayLike]: ...


@dataclass(frozen=True)
class GuidedResult:
    """What a guided search of one state found."""

    action: int
    """The action drawn from ``policy`` (the most-visited one at temperature 0)."""
    policy: npt.NDArray[np.float32]
    """Visit-count policy over the whole action space ``(A,)``: the training target."""
    root_value: npt.NDArray[np.float64]
    """Mean backed-up value of every seat ``(P,)``."""
    observation: npt.NDArray[np.float32]
    """The searching seat's observation tensor at the root ``(D,)``."""
    visits: dict[int, int]
    """Root visits per action tried."""
    simulations: int
    """Simulations run."""


def _checked(evaluator: Evaluator) -> _Raw:
    """Wraps ``evaluator`` so its answers reach the core as C-contiguous float32 arrays,
    with a sentence for anything else (the core checks shapes and finiteness)."""

    def call(
        observations: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        answer = evaluator(observations, masks)
        if not (isinstance(answer, tuple) and len(answer) == 2):
            raise TypeError("the evaluator must return a pair (priors, values)")
        priors, values = answer
        try:
            p = np.ascontiguousarray(priors, dtype=np.float32)
            v = np.ascontiguousarray(values, dtype=np.float32)
        except (TypeError, ValueError) as err:
            raise TypeError(f"the evaluator's outputs must be numeric arrays: {err}") from None
        return p, v

    return call


def search_many(
    states: Sequence[_core.State],
    evaluator: Evaluator | None = None,
    *,
    simulations: int = 200,
    guide: Guide = "uniform",
    selection: SelectionRule = "puct",
    c_puct: float = 1.5,
    fpu: float = 0.5,
    exploration: float = 0.25,
    in_flight: int = 1,
    dirichlet_alpha: float | None = None,
    dirichlet_fraction: float = 0.25,
    temperature: float = 0.0,
    outputs: Outputs = "logits",
    values: ValueOrder = "seats",
    reward: Reward = "margin",
    rollout: str = "greedy:0.2",
    rollout_weight: float = 0.0,
    seed: int = 0,
) -> list[GuidedResult]:
    """Searches every state (one game and player count) in lockstep for its seat to act.

    Each batch holds up to ``in_flight`` leaves of every state still searching (virtual loss
    keeps a tree's simulations in flight apart), so ``evaluator`` sees ``B`` up to
    ``len(states) * in_flight``. Without ``evaluator``, leaves are valued by rollouts under
    ``rollout`` with ``guide`` priors; ``selection="ucb1"`` (built-in guides only) replays
    :func:`craftgames.mcts.search`'s walk exactly. ``dirichlet_alpha`` mixes root noise
    (weight ``dirichlet_fraction``) into the priors; ``temperature`` shapes the returned
    policy (``visits ** (1/T)``) from which the action is drawn. ``values="relative"`` reads
    column ``k`` of the evaluator's values as the seat ``k`` places after the seat to act (the
    order of the observation tensors, which are written relative to their viewer), so a model
    that sees only the tensor can value every seat; ``"seats"`` reads column ``j`` as seat
    ``j``. With ``evaluator`` and ``rollout_weight`` ``w`` > 0, each leaf is also played out
    under ``rollout`` and valued ``(1 - w) * model + w * rollout`` (AlphaGo's mix: a young
    model's values are noisy, a rollout's are unbiased). Raises ``ValueError`` for
    bad options or evaluator outputs of the wrong shape or with NaN, ``TypeError`` for
    outputs that are not arrays.
    """
    rows = _core.guided_search(
        list(states),
        None if evaluator is None else _checked(evaluator),
        guide=guide,
        simulations=simulations,
        selection=selection,
        c_puct=c_puct,
        fpu=fpu,
        exploration=exploration,
        in_flight=in_flight,
        dirichlet_alpha=dirichlet_alpha,
        dirichlet_fraction=dirichlet_fraction,
        temperature=temperature,
        outputs=outputs,
        values=values,
        reward=reward,
        rollout=rollout,
        rollout_weight=rollout_weight,
        seed=seed,
    )
    return [
        GuidedResult(
            action=action,
            policy=policy,
            root_value=value,
            observation=observation,
            visits=dict(visits),
            simulations=sims,
        )
        for action, policy, value, observation, visits, sims in rows
    ]


def search(
    state: _core.State,
    evaluator: Evaluator | None = None,
    *,
    simulations: int = 200,
    guide: Guide = "uniform",
    selection: SelectionRule = "puct",
    c_puct: float = 1.5,
    fpu: float = 0.5,
    exploration: float = 0.25,
    in_flight: int = 1,
    dirichlet_alpha: float | None = None,
    dirichlet_fraction: float = 0.25,
    temperature: float = 0.0,
    outputs: Outputs = "logits",
    values: ValueOrder = "seats",
    reward: Reward = "margin",
    rollout: str = "greedy:0.2",
    rollout_weight: float = 0.0,
    seed: int = 0,
) -> GuidedResult:
    """Guided search of one state: :func:`search_many` with a single state."""
    return search_many(
        [state],
        evaluator,
        simulations=simulations,
        guide=guide,
        selection=selection,
        c_puct=c_puct,
        fpu=fpu,
        exploration=exploration,
        in_flight=in_flight,
        dirichlet_alpha=dirichlet_alpha,
        dirichlet_fraction=dirichlet_fraction,
        temperature=temperature,
        outputs=outputs,
        values=values,
        reward=reward,
        rollout=rollout,
        rollout_weight=rollout_weight,
        seed=seed,
    )[0]


def terminal_values(state: _core.State, reward: Reward = "margin") -> list[float]:
    """What the finished game ``state`` is worth to each seat (seat order) under ``reward``,
    on the ``[0, 1]`` scale the search backs up: the target a value head should learn, so
    that its values and the search's rollouts speak the same units. ``"margin"`` scales each
    seat's lead over the best other seat by the largest absolute score (solo: the margin over
    the game's target) and maps ``[-1, 1]`` to ``[0, 1]``. Raises ``ValueError`` if the game
    is not over or ``reward`` is unknown."""
    return _core.search_rewards(state, reward)
