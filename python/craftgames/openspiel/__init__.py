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
validated JSON document (`craftgames.openspiel.text`); OpenSpiel's own form for Python games (a
base64 pickle, which runs code as it loads) is refused, so a state's text is safe to load from
an untrusted source. Pickling a state (``pickle.dumps``) still goes through OpenSpiel's pickle,
and, as with any pickle, must never be loaded from an untrusted source.

**The deal is chance** (parameter ``deal``, default ``"chance"``): a game starts with four
chance nodes of 256 equally likely outcomes that pick the engine seed's 32 low bits (``seed``
gives the high bits), and the engine deals, shuffles and rolls from that seed inside its own
moves. Every episode OpenSpiel samples is therefore a new deal: ``rl_environment``,
``evaluate_bots``, vector environments, and Python IS-MCTS all see the game's real chance.
With ``deal="seed"`` there is no chance node and the game is the one deal of ``seed``. The
shuffles after the deal are not chance nodes of their own (they happen inside the engine from
the dealt seed), so an algorithm that enumerates the tree and trusts the chance nodes to hold
all the chance (CFR, exact best response) sees 2**32 deals, each played out without further
chance; such algorithms are in any case far beyond these games' size.

**Information states are perfect recall.** A seat's information-state string is its current
view (`State.information_state_string`) followed by its own reading of every move so far
(`State.public_action_string` with the seat as viewer), so two histories it can tell apart get
different strings; the observation string is the current view alone. Both tensors are the
engine's `observation_tensor` (the current view: a perfect-recall tensor of these games'
length would be too wide to learn from). ``resample_from_infostate`` is there under
OpenSpiel's name, so its Python ``ISMCTSBot`` needs no resampler passed by hand. A public
observer (``private_info=NONE``) reads the moves as a spectator does, and a private one
(``public_info=False``) the seat's readings that a spectator's lack; OpenSpiel's
``generate_playthrough`` uses both.

**Max game length and utility bounds** are the engine's, proved from the rulebook and the card
data in use (a card file that allows longer games or higher scores raises them):
``max_game_length`` is `State.max_game_length` (no complete game has a longer history) and
the deal's chance nodes, and
``min_utility`` / ``max_utility`` are `State.score_bounds`, since a state's returns are the
seats' final scores at the end (and zeros before it, so the bounds are widened to include 0
should a game's scores all have one sign). They are upper bounds, not the lengths and scores
games usually reach: they hold for every game that can be played, however contrived. The scores
games do reach are far narrower (``benches/results/score-ranges.md`` in the repository gives
percentiles per game and player count): scale rewards by those, not by the bounds.

**Do not use OpenSpiel's C++ MCTS or IS-MCTS bots** (``pyspiel.MCTSBot``,
``pyspiel.ISMCTSBot``) on these games: they release the GIL and call back into the Python
states, which crashes the process. Search with `craftgames.mcts` (IS-MCTS in Rust, GIL
released, generic over every game) — through `SpielBot(MCTSBot(...))` inside OpenSpiel's
``evaluate_bots`` — or with OpenSpiel's *Python* IS-MCTS
(``open_spiel.python.algorithms.ismcts.ISMCTSBot``), which resamples through
``resample_from_infostate`` (or ``bot.set_resampler(resampler())``, its own seed stream).
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
from craftgames import _core
from craftgames._core import InvalidStateError, State
from craftgames.bots import Bot
from craftgames.openspiel import text as spiel_text
from craftgames.openspiel.state import CHANCE, DEAL_OUTCOMES, DEAL_STEPS, SpielState, recall_lines

__all__ = ["PREFIX", "SpielBot", "register", "resampler", "short_name"]

PREFIX: Final = "craftgames_"
"""OpenSpiel short names are this prefix and the game's name, e.g. ``craftgames_sunrise``."""

_PLAYER_PROBE: Final = range(1, 9)
"""Seat counts tried to find a game's range (every game here seats fewer than 9)."""
_SEED_SPACE: Final = 1 << 63
_DEALS: Final = ("chance", "seed")
"""The values of the ``deal`` parameter: by chance nodes (the default), or the seed's one deal."""


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
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": low,
            "seed": 0,
            "deal": _DEALS[0],
            "options": "",
            "cards": "",
        },
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
        self._players = players
        options, cards, deal = str(params["options"]), str(params["cards"]), str(params["deal"])
        if deal not in _DEALS:
            raise ValueError(f"deal must be one of {list(_DEALS)}, not {deal!r}")
        try:
            kwargs: dict[str, Any] = json.loads(options) if options else {}
        except RecursionError:
            raise ValueError("options: the JSON is nested too deeply") from None
        except json.JSONDecodeError as error:
            message = f"options must be a JSON object of the game's options: {error}"
            raise ValueError(message) from None
        if not isinstance(kwargs, dict):
            raise ValueError(f"options must be a JSON object of the game's options: {options}")
        self.seed = seed
        """The ``seed`` parameter: the whole seed of a one-deal game, the high bits of a dealt
        one's (`craftgames.openspiel.state.deal_seed`)."""
        self.deal_steps = DEAL_STEPS if deal == "chance" else 0
        """The chance nodes that deal the game (none for the one deal of ``seed``)."""
        self._cards, self._options = cards or None, kwargs
        # Validates everything (game, seats, options, cards) before OpenSpiel sees the game.
        self._initial = self.engine_state(seed)
        # Returns are the final scores at the end and zeros before it (State.returns).
        low, high = self._initial.score_bounds()
        info = pyspiel.GameInfo(
            num_distinct_actions=self._initial.num_distinct_actions(),
            max_chance_outcomes=DEAL_OUTCOMES if self.deal_steps else 0,
            num_players=players,
            min_utility=float(min(low, 0)),
            max_utility=float(max(high, 0)),
            utility_sum=None,
            max_game_length=self._initial.max_game_length(),
        )
        super().__init__(game_type, info, params)

    def engine_state(self, seed: int) -> State:
        """The engine's first position of this game dealt from `seed`."""
        return craftgames.new_game(
            self.game_name, self._players, seed, self._cards, **self._options
        )

    def new_initial_state(self) -> SpielState:
        """The game's first position: the first chance node of the deal, or the one deal."""
        return SpielState(self, None if self.deal_steps else self._initial.clone())

    def shape(self) -> spiel_text.GameShape:
        """What a state's text is checked against."""
        return spiel_text.GameShape(
            num_players=self.num_players(),
            num_actions=self.num_distinct_actions(),
            deal_steps=self.deal_steps,
            deal_outcomes=DEAL_OUTCOMES,
            chance=CHANCE,
        )

    def deserialize_state(self, text: str) -> SpielState:
        """The state written by its ``serialize()`` (the engine's validated JSON document; see
        `craftgames.openspiel.text`). Anything else, OpenSpiel's pickle form included, raises
        `InvalidStateError` (a `ValueError`) naming the problem, and nothing in it runs."""
        parsed, history = spiel_text.read(text, self.shape())
        if parsed.state is not None and not _same_game(self._initial, parsed.state):
            raise InvalidStateError(
                f"the document is a state of another game than {self.spiel_name} with "
                f"{self.get_parameters()}"
            )
        return SpielState.restored(self, parsed, history)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> _Observer | _PublicObserver:
        """The observer OpenSpiel asks for (see the module docstring): the seat's current view
        (default), its perfect-recall information state, the public record of the moves
        (``private_info=NONE``) or the seat's private readings (``public_info=False``); every
        seat's private information at once is refused."""
        if params:
            raise ValueError(f"craftgames observers take no parameters, got {params}")
        size = self._initial.observation_tensor_size()
        if iig_obs_type is None:
            return _Observer(size, recall=False)
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("craftgames observes one seat's view, never every seat's at once")
        if not iig_obs_type.public_info:
            return _PrivateObserver()
        if private == pyspiel.PrivateInfoType.NONE:
            return _PublicObserver()
        return _Observer(size, recall=iig_obs_type.perfect_recall)


class _Observer:
    """A seat's view: its current one, or (`recall`) its perfect-recall information state."""

    def __init__(self, size: int, recall: bool) -> None:
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] | None = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}
        self._recall = recall

    def set_from(self, state: SpielState, player: int) -> None:
        """Fills `tensor` with `player`'s current view of `state` (zeros during the deal)."""
        assert self.tensor is not None
        if state.dealt_state is None:
            self.tensor[:] = 0.0
        else:
            self.tensor[:] = state.dealt_state.observation_tensor(player)

    def string_from(self, state: SpielState, player: int) -> str:
        """`player`'s view of `state` as text (empty during the deal)."""
        if state.dealt_state is None:
            return ""
        view = state.dealt_state.information_state_string(player)
        if not self._recall:
            return view
        return "\n".join([view, *recall_lines(state.recall, player)])


class _PublicObserver:
    """The public record: every move as a spectator read it (no tensor)."""

    def __init__(self) -> None:
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: SpielState, player: int) -> None:
        """No tensor to fill."""

    def string_from(self, state: SpielState, player: int) -> str:
        """The moves so far as a spectator read them, one a line."""
        return "\n".join(recall_lines(state.recall, None))


class _PrivateObserver(_PublicObserver):
    """A seat's private record: the moves it read otherwise than a spectator (no tensor)."""

    def string_from(self, state: SpielState, player: int) -> str:
        """The seat's readings of the moves a spectator read otherwise, numbered by move."""
        seat, public = recall_lines(state.recall, player), recall_lines(state.recall, None)
        return "\n".join(
            f"move {index}: {mine}"
            for index, (mine, theirs) in enumerate(zip(seat, public, strict=True), 1)
            if mine != theirs
        )


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

    def resample(state: SpielState, player: int) -> SpielState:
        return state.resample_hidden(player, rng.randrange(_SEED_SPACE))

    return resample


class SpielBot(pyspiel.Bot):  # type: ignore[misc]
    """A craftgames bot (``step(State) -> int``, e.g. `craftgames.bots.MCTSBot`) as an
    OpenSpiel bot, for ``evaluate_bots`` and other OpenSpiel tools."""

    def __init__(self, bot: Bot) -> None:
        super().__init__()
        self.bot = bot

    def step(self, state: SpielState) -> int:
        """The bot's action for the seat to act."""
        return self.bot.step(state.craftgames_state)

    def restart_at(self, state: SpielState) -> None:
        """Nothing to reset: craftgames bots decide from the state alone."""

    def inform_action(self, state: SpielState, player_id: int, action: int) -> None:
        """Nothing to track: craftgames bots decide from the state alone."""


spiel_text.install(lambda game: isinstance(game, _SpielGame))
