"""N games stepped together in Rust, for learners::

    import numpy as np
    from craftgames.vector import VectorEnv

    env = VectorEnv("sunrise", players=2, num_games=64, seats=["learner", "random"])
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(1000):
        # any legal action per game: here the first one set in each mask
        actions = env.masks.argmax(axis=1)
        env.step(actions)
        finished = env.terminated            # games that ended in this step...
        returns = env.final_returns[finished]  # ...their results are kept

The arrays (`observations`, `masks`, `rewards`, ...) are allocated once and written in place
by every `reset` and `step`, with the GIL released; copy them to keep a step's values. They
are read-only views (the env writes only what changed in a mask row, so a row must hold what
the env wrote). Row `i` is game `i`:

* ``observations`` ``(N, D)`` float32 — the seat to act's `observation_tensor` (or its
  compact counts, below);
* ``masks`` ``(N, A)`` bool — its legal actions (`State.legal_actions`);
* ``to_act`` ``(N,)`` int32 — that seat, always one given to the learner;
* ``rewards`` ``(N, P)`` float32 — what each seat earned since the last call (see below);
* ``terminated`` ``(N,)`` bool — the game ended in this step;
* ``seeds`` ``(N,)`` uint64 — the seed of the game in play.

``observation_low`` and ``observation_high`` ``(D,)`` float32 bound every entry of an
observation row (`State.observation_tensor_bounds`: proved from the rules and the card data
for this game, player count and options, computed once). Entries that stay 0 in this setup
(seat blocks past the player count, the Competition's block outside solo) have both bounds
0; `space_bounds` widens them to ``[0, 1]`` for a Gymnasium ``Box``, which takes equal bounds
for a mistake.

**Compact observations** (``observation_dtype=``): every entry of a tensor is a whole number
of units of a fixed scale (a flag is 1 unit of 1, Sunrise's personal supply counts tokens in
units of 1/15, ...), so the rows can be written as those counts, small integers, instead of
floats: ``"compact"`` picks the game's smallest type that holds every count (`COMPACT_DTYPES`:
``int8`` for Sunrise, ``int16`` for Sorcery and Níjar); ``"uint8"``, ``"int8"`` or
``"int16"`` name one (refused, naming the compact type, where it cannot hold the game's
counts); ``"float32"`` (the default) the float tensor. The core writes the counts in place,
with no conversion in Python, and ``observations * observation_scale`` is the float tensor
bit for bit. ``observation_count_low`` / ``observation_count_high`` are the counts' bounds.

**Auto-reset ("same step", as Gymnasium's ``AutoresetMode.SAME_STEP``):** a game that ends
is dealt anew inside the same `step`, so its row already shows the new game; the finished
game's last observation (from the seat whose move ended it), its final reward value per seat,
its final scores and its seed are in ``final_observations``, ``final_returns``,
``final_scores`` and ``final_seeds`` (rows written only where ``terminated``). Each new game's
seed is drawn from the slot's own stream, derived from the `reset` seed and the slot, and
every bot is seeded from the game's seed and its seat: a game is replayed by
``new_game(game, players, seed)`` and its history (`finished_state(i).history()`).

**Seats** (``seats=``, one per seat; default all ``"learner"``, i.e. self-play): ``"learner"``
or a built-in bot — ``"random"``, ``"greedy"``, ``"mcts:N"`` (N simulations a move) — which
moves inside the same call, so the caller sees only its learners' decisions. The solo robot
and the Competition are not seats: they play themselves.

**Rewards** (``reward=``, ``timing=``; the definitions are `reward_values`'s):
``"score"`` the seat's points; ``"margin"`` its points minus the best other seat's (solo: the
game's `solo_margin`, own score minus the opponent's or the grade's); ``"rank"`` 1 for first
to 0 for last, ties sharing; ``"win"`` 1 to the winner, a tie for first splits it (solo, both:
1 for a positive solo margin, else 0). ``timing="end"`` pays the whole value when the game
ends; ``"delta"`` pays its changes as the running scores move (``score`` and ``margin``; solo
``margin`` runs on the own score and settles to the margin at the end), so a game's rewards
add up to its final value either way.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final, TypeVar

import numpy as np
import numpy.typing as npt

from craftgames import _core
from craftgames._core import State
from craftgames.cards import CardsArg, card_text

__all__ = [
    "COMPACT_DTYPES",
    "OBSERVATION_DTYPES",
    "REWARDS",
    "SEAT_PLAYERS",
    "TIMINGS",
    "VectorEnv",
    "reward_values",
    "space_bounds",
]

REWARDS: Final = ("score", "margin", "rank", "win")
"""The reward modes."""

TIMINGS: Final = ("end", "delta")
"""When a reward is paid."""

SEAT_PLAYERS: Final = ("learner", "random", "greedy", "mcts:N")
"""Who may play a seat (``mcts:N`` with N ≥ 1 simulations a move)."""

OBSERVATION_DTYPES: Final = ("float32", "compact", "uint8", "int8", "int16")
"""The names `VectorEnv` takes for its observations' type."""

COMPACT_DTYPES: Final = {"sunrise": "int8", "sorcery": "int16", "nijar": "int16"}
"""Each game's compact type with its default cards (Sunrise's game-end choices are negative
halves; Sorcery's scores and Níjar's mode numbers and scores pass 127)."""

_SEED_SPACE = 1 << 63

_Scalar = TypeVar("_Scalar", bound=np.generic)


def _read_only(array: npt.NDArray[_Scalar]) -> npt.NDArray[_Scalar]:
    """A read-only view of one of the batch's arrays (the batch still writes the array)."""
    view: npt.NDArray[_Scalar] = array.view()
    view.flags.writeable = False
    return view


def reward_values(state: State, reward: str = "margin", timing: str = "end") -> list[float]:
    """Every seat's value of `state` under `reward`: the result once the game is over, before
    that the running value (always 0 with ``timing="end"``). A seat's reward for a stretch of
    play is the change of its value; every adapter that trains reads its rewards here."""
    return _core.reward_values_of(state, reward, timing)


_Bound = TypeVar("_Bound", np.float32, np.int32)


def space_bounds(
    low: npt.NDArray[_Bound], high: npt.NDArray[_Bound]
) -> tuple[npt.NDArray[_Bound], npt.NDArray[_Bound]]:
    """`low` and `high` (the bounds of an observation, floats or counts) as a Gymnasium
    ``Box`` takes them: an entry whose bounds are equal (it never changes in this setup) gets
    ``high = low + 1``, still a bound of it."""
    return low, np.where(low == high, low + 1, high).astype(high.dtype)


class VectorEnv:
    """`num_games` games of `game` for `players` seats, stepped together (see the module)."""

    def __init__(
        self,
        game: str,
        players: int,
        num_games: int,
        *,
        seats: Sequence[str] | None = None,
        reward: str = "margin",
        timing: str = "end",
        threads: int = 1,
        cards: CardsArg = None,
        observation_dtype: str = "float32",
        **options: object,
    ) -> None:
        """`game`, `players`, `cards` and `options` as `craftgames.new_game` takes them;
        `seats`, `reward`, `timing` and `observation_dtype` as in the module; `threads` ≥ 1
        spreads a call's games over threads. A bad argument raises `ValueError` naming it."""
        if observation_dtype not in OBSERVATION_DTYPES:
            raise ValueError(
                f"observation_dtype must be one of {', '.join(OBSERVATION_DTYPES)}, "
                f"not {observation_dtype!r}"
            )
        if not isinstance(num_games, int) or num_games < 1:
            raise ValueError(f"num_games must be a positive int, not {num_games!r}")
        if not isinstance(threads, int) or threads < 1:
            raise ValueError(f"threads must be a positive int, not {threads!r}")
        if seats is not None:
            seats = [str(s) for s in seats]
        self.game, self.players = game, players
        self._batch = _core.VectorGames(
            game,
            players,
            num_games,
            seats,
            reward,
            timing,
            threads,
            card_text(cards),
            json.dumps(options) if options else None,
            observation_dtype,
        )
        self._seeds = np.random.default_rng()
        self.num_games: Final = num_games
        self.num_players: Final = self._batch.num_players
        self.observation_size: Final = self._batch.observation_size
        self.num_actions: Final = self._batch.num_actions
        b = self._batch
        self.observations: Final = _read_only(b.observations)
        self.masks: Final = _read_only(b.masks)
        self.rewards: Final = _read_only(b.rewards)
        self.terminated: Final = _read_only(b.terminated)
        self.to_act: Final = _read_only(b.to_act)
        self.seeds: Final = _read_only(b.seeds)
        self.final_observations: Final = _read_only(b.final_observations)
        self.final_returns: Final = _read_only(b.final_returns)
        self.final_scores: Final = _read_only(b.final_scores)
        self.final_seeds: Final = _read_only(b.final_seeds)
        self.observation_low: Final[npt.NDArray[np.float32]] = b.observation_low
        """The lowest value of each observation entry, ``(D,)``."""
        self.observation_high: Final[npt.NDArray[np.float32]] = b.observation_high
        """The highest value of each observation entry, ``(D,)``."""
        self.observation_dtype: Final[str] = b.observation_dtype
        """numpy's name of the observations' type (``"float32"`` or the compact one)."""
        self.observation_scale: Final[npt.NDArray[np.float32]] = b.observation_scale
        """The float value of one unit of each entry, ``(D,)``."""
        self.observation_count_low: Final[npt.NDArray[np.int32]] = b.observation_count_low
        """The lowest count of each entry, ``(D,)``."""
        self.observation_count_high: Final[npt.NDArray[np.int32]] = b.observation_count_high
        """The highest count of each entry, ``(D,)``."""

    def reset(self, seed: int | None = None) -> tuple[npt.NDArray[Any], npt.NDArray[np.bool_]]:
        """Deals a new game in every slot, from `seed`, or without one from the next seed of
        the last seeded stream; returns ``(observations, masks)``."""
        if seed is None:
            seed = int(self._seeds.integers(_SEED_SPACE))
        elif not isinstance(seed, int | np.integer) or seed < 0:
            raise ValueError(f"seed must be a non-negative int, not {seed!r}")
        else:
            self._seeds = np.random.default_rng(int(seed))
        self._batch.reset(int(seed))
        return self.observations, self.masks

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[Any],
        npt.NDArray[np.bool_],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
    ]:
        """Plays `actions[i]` (one legal action id per game, shape ``(N,)``) and the bots up
        to each game's next learner decision; returns ``(observations, masks, rewards,
        terminated)``. An illegal action raises `IllegalActionError` naming the game, and then
        no game moves."""
        a = np.asarray(actions)
        if a.shape != (self.num_games,) or not np.issubdtype(a.dtype, np.integer):
            raise ValueError(
                f"actions must be {self.num_games} integer action ids of shape "
                f"({self.num_games},), not {a.dtype} of shape {a.shape}"
            )
        self._batch.step(np.ascontiguousarray(a, dtype=np.int64))
        return self.observations, self.masks, self.rewards, self.terminated

    def state(self, i: int) -> State:
        """A copy of the game in play in slot `i`."""
        return self._batch.state(self._slot(i))

    def finished_state(self, i: int) -> State | None:
        """A copy of the last game slot `i` finished (None before the first)."""
        return self._batch.finished_state(self._slot(i))

    def _slot(self, i: int) -> int:
        if not isinstance(i, int | np.integer) or not 0 <= i < self.num_games:
            raise ValueError(f"no game {i!r} in a batch of {self.num_games}")
        return int(i)
