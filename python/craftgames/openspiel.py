"""craftgames as OpenSpiel games (``pip install craftgames[openspiel]``)::

    import pyspiel
    from craftgames import openspiel

    openspiel.register()                       # every game in craftgames.GAMES
    game = pyspiel.load_game("craftgames_sunrise", {"players": 3, "seed": 7})
    state = game.new_initial_state()

Each game registers as ``craftgames_<name>`` with the parameters ``players`` (default: the
fewest the game takes), ``seed`` (0), ``options`` (a JSON object of the game's own keyword
options, as `craftgames.new_game` takes them; default none) and ``cards`` (a card file's TOML
text; default the built-in cards). A spiel state wraps a `craftgames.State` and makes one Rust
call per method; its ``__dict__`` holds only that state, which OpenSpiel's clone copies
through the state's own `clone`.

**Serialization reads no pickle.** ``state.serialize()``, ``game.deserialize_state`` and
``pyspiel.serialize_game_and_state`` / ``deserialize_game_and_state`` use the engine's
validated JSON document (`craftgames.spiel_text`); OpenSpiel's own form for Python games (a
base64 pickle, which runs code as it loads) is refused, so a state's text is safe to load from
an untrusted source. Pickling a state (``pickle.dumps``) still goes through OpenSpiel's pickle,
and, as with any pickle, must never be loaded from an untrusted source.

**Chance is declared DETERMINISTIC.** The shuffles and draws happen inside the engine, from
the seed. OpenSpiel's sampled-stochastic mode cannot be declared by a Python game without
breaking OpenSpiel's serialization (it asks the game for an RNG state a Python game cannot
give), so a game here is the game *for one seed*: the deal is fixed by the ``seed`` parameter,
and a new deal is a new game (``load_game`` with another seed). What that means for OpenSpiel's
algorithms:

* Sampling algorithms and everything that plays through states (random simulation,
  ``evaluate_bots``, ``rl_environment``, Python IS-MCTS with `resampler`, policy-gradient and
  DQN agents) see the true game: the hidden cards stay hidden in every observation and
  information state, and dealing many seeds samples the chance.
* Algorithms that enumerate the tree and trust "no chance nodes" (CFR, exact best response,
  sequence-form solvers) would solve a single deal as if it were the whole game; they are in
  any case far beyond these games' size.

**The information state** is the engine's: everything the seat knows now, including what it
has seen of cards that went hidden again (per-seat knowledge), but not the order of the
moves that got there. It serves as both the information-state and the observation string;
the tensors are the engine's `observation_tensor`.

**Max game length and utility bounds** are the engine's, proved from the rulebook and the card
data in use (a card file that allows longer games or higher scores raises them):
``max_game_length`` is `State.max_game_length` (no complete game has a longer history), and
``min_utility`` / ``max_utility`` are `State.score_bounds`, since a state's returns are the
seats' final scores at the end (and zeros before it, so the bounds are widened to include 0
should a game's scores all have one sign). They are upper bounds, not the lengths and scores
games usually reach: they hold for every game that can be played, however contrived.

**Do not use OpenSpiel's C++ MCTS or IS-MCTS bots** (``pyspiel.MCTSBot``,
``pyspiel.ISMCTSBot``) on these games: they release the GIL and call back into the Python
states, which crashes the process. Search with `craftgames.mcts` (IS-MCTS in Rust, GIL
released, generic over every game) — through `SpielBot(MCTSBot(...))` inside OpenSpiel's
``evaluate_bots`` — or with OpenSpiel's *Python* IS-MCTS
(``open_spiel.python.algorithms.ismcts.ISMCTSBot``) with ``bot.set_resampler(resampler())``.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable
from typing import Any, Final

import numpy as np
import pyspiel

import craftgames
from craftgames import _core, spiel_text
from craftgames._core import InvalidStateError, State
from craftgames.bots import Bot

__all__ = ["PREFIX", "SpielBot", "register", "resampler", "short_name"]

PREFIX: Final = "craftgames_"
"""OpenSpiel short names are this prefix and the game's name, e.g. ``craftgames_sunrise``."""

_PLAYER_PROBE: Final = range(1, 9)
"""Seat counts tried to find a game's range (every game here seats fewer than 9)."""
_SEED_SPACE: Final = 1 << 63


def short_name(game: str) -> str:
    """The OpenSpiel short name of `game`, e.g. ``craftgames_sunrise``."""
    return PREFIX + game


@functools.cache
def _player_range(game: str) -> tuple[int, int]:
    seats = []
    for players in _PLAYER_PROBE:
        try:
            _core.new_game(game, players, 0)
        except ValueError:
            continue
        seats.append(players)
    if not seats:
        raise ValueError(
            f"{game} takes none of {_PLAYER_PROBE.start}..{_PLAYER_PROBE.stop - 1} seats"
        )
    return min(seats), max(seats)


def _game_type(game: str, name: str) -> Any:
    low, high = _player_range(game)
    return pyspiel.GameType(
        short_name=name,
        long_name=f"craftgames {game}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": low, "seed": 0, "options": "", "cards": ""},
    )


class _SpielGame(pyspiel.Game):  # type: ignore[misc]
    """One craftgames game for OpenSpiel (a subclass per game is registered)."""

    game_name: str = ""
    """The craftgames game, e.g. ``"sunrise"``."""
    spiel_name: str = ""
    """Its OpenSpiel short name, e.g. ``"craftgames_sunrise"``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_type = _game_type(self.game_name, self.spiel_name)
        params = {**game_type.parameter_specification, **(params or {})}
        players, seed = int(params["players"]), int(params["seed"])
        options, cards = str(params["options"]), str(params["cards"])
        try:
            kwargs: dict[str, Any] = json.loads(options) if options else {}
        except RecursionError:
            raise ValueError("options: the JSON is nested too deeply") from None
        except json.JSONDecodeError as error:
            message = f"options must be a JSON object of the game's options: {error}"
            raise ValueError(message) from None
        if not isinstance(kwargs, dict):
            raise ValueError(f"options must be a JSON object of the game's options: {options}")
        # Validates everything (game, seats, options, cards) before OpenSpiel sees the game.
        self._initial = craftgames.new_game(self.game_name, players, seed, cards or None, **kwargs)
        # Returns are the final scores at the end and zeros before it (State.returns).
        low, high = self._initial.score_bounds()
        info = pyspiel.GameInfo(
            num_distinct_actions=self._initial.num_distinct_actions(),
            max_chance_outcomes=0,
            num_players=players,
            min_utility=float(min(low, 0)),
            max_utility=float(max(high, 0)),
            utility_sum=None,
            max_game_length=self._initial.max_game_length(),
        )
        super().__init__(game_type, info, params)

    def new_initial_state(self) -> _SpielState:
        """The game's first position."""
        return _SpielState(self, self._initial.clone())

    def deserialize_state(self, text: str) -> _SpielState:
        """The state written by its ``serialize()`` (the engine's validated JSON document; see
        `craftgames.spiel_text`). Anything else, OpenSpiel's pickle form included, raises
        `InvalidStateError` (a `ValueError`) naming the problem, and nothing in it runs."""
        state, history = spiel_text.read(text, self.num_players())
        if not _same_game(self._initial, state):
            raise InvalidStateError(
                f"the document is a state of another game than {self.spiel_name} with "
                f"{self.get_parameters()}"
            )
        return _SpielState.restored(self, state, history)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> _Observer:
        """The observer of a seat's view (the information state and the observation are the
        engine's one view, see the module docstring); a public-only view is refused."""
        if params:
            raise ValueError(f"craftgames observers take no parameters, got {params}")
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                "craftgames observes a seat's own view (public and its private information) only"
            )
        return _Observer(self._initial.observation_tensor_size())


class _SpielState(pyspiel.State):  # type: ignore[misc]
    """A craftgames `State` behind OpenSpiel's state API, one Rust call per method."""

    def __init__(self, game: _SpielGame, state: State) -> None:
        super().__init__(game)
        self._state = state

    @classmethod
    def restored(
        cls, game: _SpielGame, state: State, history: list[tuple[int, int]]
    ) -> _SpielState:
        """A spiel state around `state` whose OpenSpiel history (kept in C++, written only by
        ``apply_action``) is rebuilt move by move: while it is, `current_player` answers the
        recorded mover and `_apply_action` leaves the engine state as it is."""
        spiel = cls(game, state)
        spiel._replaying = iter(mover for mover, _ in history)
        for _, action in history:
            spiel.apply_action(action)
        del spiel._replaying
        return spiel

    @property
    def craftgames_state(self) -> State:
        """The wrapped `craftgames.State` (for craftgames bots and tools)."""
        return self._state

    def current_player(self) -> int:
        """The seat to act, or ``pyspiel.PlayerId.TERMINAL``."""
        if "_replaying" in self.__dict__:
            mover: int = next(self._replaying)
            return mover
        player = self._state.current_player()
        return int(pyspiel.PlayerId.TERMINAL) if player == craftgames.TERMINAL else player

    def _legal_actions(self, player: int) -> list[int]:
        return self._state.legal_actions() if player == self._state.current_player() else []

    def _apply_action(self, action: int) -> None:
        if "_replaying" not in self.__dict__:
            self._state.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self._state.action_to_string(action)

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self._state.is_terminal()

    def returns(self) -> list[float]:
        """Final points per seat (zeros before the end)."""
        return self._state.returns()

    def resample_hidden(self, player: int, seed: int) -> _SpielState:
        """A copy in which all that `player` cannot see is redrawn from `seed`."""
        copy: _SpielState = self.clone()
        copy._state = self._state.resample_hidden(player, seed)
        return copy

    def serialize(self) -> str:
        """This state as text: the engine's JSON document and the movers of its history
        (`craftgames.spiel_text`), read back by the game's ``deserialize_state``."""
        history = [(step.player, step.action) for step in self.full_history()]
        return spiel_text.write(self._state, history)

    def __str__(self) -> str:
        return self._state.to_json()


class _Observer:
    """OpenSpiel's observer protocol over the engine's view of one seat."""

    def __init__(self, size: int) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: _SpielState, player: int) -> None:
        """Fills `tensor` with `player`'s view of `state`."""
        self.tensor[:] = state.craftgames_state.observation_tensor(player)

    def string_from(self, state: _SpielState, player: int) -> str:
        """`player`'s information state string."""
        return state.craftgames_state.information_state_string(player)


def _same_game(initial: State, state: State) -> bool:
    """Whether `state` is a position of the game `initial` starts (same game, seats, options
    and cards; the deal may differ, as in a determinization)."""
    first, other = json.loads(initial.to_json()), json.loads(state.to_json())
    return all(first.get(key) == other.get(key) for key in ("game", "version", "cards")) and all(
        first["table"].get(key) == other["table"].get(key) for key in ("num_players", "config")
    )


def register(games: list[str] | None = None) -> list[str]:
    """Registers `games` (default: every game in `craftgames.GAMES`) with OpenSpiel, once
    each; returns their short names. See the module docstring for what is declared, and do
    not run OpenSpiel's C++ MCTS bots on them."""
    names = []
    for game in craftgames.GAMES if games is None else games:
        if game not in craftgames.GAMES:
            raise ValueError(f"unknown game {game!r}; craftgames has {craftgames.GAMES}")
        name = short_name(game)
        if name not in pyspiel.registered_names():
            attributes = {"game_name": game, "spiel_name": name}
            cls = type(f"{game.title()}SpielGame", (_SpielGame,), attributes)
            pyspiel.register_game(_game_type(game, name), cls)
        names.append(name)
    return names


def resampler(seed: int = 0) -> Callable[[Any, int], Any]:
    """A resampler for OpenSpiel's Python ``ISMCTSBot.set_resampler``: each call redraws all
    that the seat cannot see (`State.resample_hidden`) from the next seed of its own stream."""
    rng = random.Random(seed)

    def resample(state: _SpielState, player: int) -> _SpielState:
        return state.resample_hidden(player, rng.randrange(_SEED_SPACE))

    return resample


class SpielBot(pyspiel.Bot):  # type: ignore[misc]
    """A craftgames bot (``step(State) -> int``, e.g. `craftgames.bots.MCTSBot`) as an
    OpenSpiel bot, for ``evaluate_bots`` and other OpenSpiel tools."""

    def __init__(self, bot: Bot) -> None:
        super().__init__()
        self.bot = bot

    def step(self, state: _SpielState) -> int:
        """The bot's action for the seat to act."""
        return self.bot.step(state.craftgames_state)

    def restart_at(self, state: _SpielState) -> None:
        """Nothing to reset: craftgames bots decide from the state alone."""

    def inform_action(self, state: _SpielState, player_id: int, action: int) -> None:
        """Nothing to track: craftgames bots decide from the state alone."""


spiel_text.install(lambda game: isinstance(game, _SpielGame))
