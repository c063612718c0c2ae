"""A craftgames state behind OpenSpiel's state API (see `craftgames.openspiel`).

**The deal is chance.** With ``deal="chance"`` (the default) a game begins with `DEAL_STEPS`
chance nodes of `DEAL_OUTCOMES` equally likely outcomes each; together they pick the 32 low
bits of the engine's seed (the ``seed`` parameter gives the high bits), and the engine then
deals, shuffles and rolls from that seed inside its own moves, as a real table would from a
shuffled deck. So every episode OpenSpiel samples (``rl_environment``, ``evaluate_bots``,
vector environments) is a new deal. With ``deal="seed"`` there is no chance node: the game is
the one deal of its ``seed``.

**What each seat remembers.** Each move made after the deal is kept as each seat read it
(`craftgames.State.public_action_string` for every viewer, and for a spectator): the
perfect-recall information state of a seat is its current view followed by its reading of
every move so far (`recall_lines`). A determinization for seat ``p`` (``resample_hidden``,
``resample_from_infostate``) keeps ``p``'s own reading of the moves and gives every other seat
the spectator's reading: the redrawn world has no history of its own, and the others' real
readings would carry what ``p`` may not know.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

import pyspiel

import craftgames
from craftgames._core import State
from craftgames.openspiel import text as spiel_text

if TYPE_CHECKING:
    from craftgames.openspiel import _SpielGame

__all__ = ["DEAL_OUTCOMES", "DEAL_STEPS", "Recall", "SpielState", "deal_seed"]

DEAL_STEPS: Final = 4
"""Chance nodes that deal a game (each picks one byte of the engine seed's 32 low bits)."""
DEAL_OUTCOMES: Final = 256
CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
_SEED_SPACE: Final = 1 << 53
"""Seeds drawn from a probability sampler's float in [0, 1)."""


def deal_seed(base: int, deal: Sequence[int]) -> int:
    """The engine seed of a deal: `base` (the ``seed`` parameter) above the dealt bytes."""
    seed = base
    for byte in deal:
        seed = (seed << 8) | byte
    return seed


class Recall:
    """The moves so far as each seat read them, newest last; a persistent chain, so a clone
    shares it (OpenSpiel's clone deep-copies a state's attributes: this one copies as itself)."""

    __slots__ = ("length", "lines", "previous")

    def __init__(self, previous: Recall | None, lines: tuple[str, ...]) -> None:
        self.previous = previous
        self.lines = lines
        """One sentence for each seat, then the spectator's."""
        self.length: int = 1 + (previous.length if previous else 0)

    def __deepcopy__(self, memo: Any) -> Recall:
        return self

    def __reduce__(self) -> tuple[Any, tuple[list[tuple[str, ...]]]]:
        # Flat, so that pickling a long game's chain does not recurse once per move.
        return (Recall.of, (self.moves(),))

    def moves(self) -> list[tuple[str, ...]]:
        """Every move's sentences, oldest first."""
        out: list[tuple[str, ...]] = []
        link: Recall | None = self
        while link is not None:
            out.append(link.lines)
            link = link.previous
        out.reverse()
        return out

    @staticmethod
    def of(moves: Sequence[tuple[str, ...]]) -> Recall | None:
        """The chain of `moves` (oldest first)."""
        chain = None
        for lines in moves:
            chain = Recall(chain, lines)
        return chain

    def as_seen_by(self, player: int) -> Recall | None:
        """The chain of a world redrawn for `player`: its own reading kept, every other seat
        given the spectator's."""
        redrawn = []
        for lines in self.moves():
            spectator = lines[-1]
            seats = range(len(lines) - 1)
            redrawn.append((*(lines[s] if s == player else spectator for s in seats), spectator))
        return Recall.of(redrawn)


def recall_lines(recall: Recall | None, viewer: int | None) -> list[str]:
    """The moves so far as `viewer` read them (None: a spectator)."""
    column = -1 if viewer is None else viewer
    return [lines[column] for lines in recall.moves()] if recall else []


class SpielState(pyspiel.State):  # type: ignore[misc]
    """A craftgames `State` behind OpenSpiel's state API: chance nodes for the deal (unless the
    game is one deal), then one Rust call per method, and each seat's reading of the moves."""

    def __init__(
        self,
        game: _SpielGame,
        state: State | None,
        deal: tuple[int, ...] = (),
        recall: Recall | None = None,
    ) -> None:
        super().__init__(game)
        self._state = state
        self._deal = deal
        self._recall = recall

    @classmethod
    def restored(
        cls, game: _SpielGame, parsed: spiel_text.Parsed, history: list[tuple[int, int]]
    ) -> SpielState:
        """A spiel state from its text; its OpenSpiel history (kept in C++, written only by
        ``apply_action``) is rebuilt move by move."""
        state = cls(game, parsed.state, parsed.deal, Recall.of(parsed.recall))
        return _with_history(state, history)

    @property
    def craftgames_state(self) -> State:
        """The wrapped `craftgames.State` (for craftgames bots and tools); raises before the
        deal, when there is none yet."""
        if self._state is None:
            raise ValueError("the deal has not happened yet: this is one of its chance nodes")
        return self._state

    @property
    def dealt_state(self) -> State | None:
        """The wrapped `craftgames.State`, or None during the deal."""
        return self._state

    @property
    def recall(self) -> Recall | None:
        """Each seat's reading of the moves so far (None before the first move)."""
        return self._recall

    @property
    def dealt(self) -> tuple[int, ...]:
        """The deal's chance outcomes drawn so far."""
        return self._deal

    def current_player(self) -> int:
        """The seat to act, ``pyspiel.PlayerId.CHANCE`` during the deal, or ``TERMINAL``."""
        if "_replaying" in self.__dict__:
            mover: int = next(self._replaying)
            return mover
        if self._state is None:
            return CHANCE
        player = self._state.current_player()
        return TERMINAL if player == craftgames.TERMINAL else player

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The deal's next byte, each value equally likely (none after the deal)."""
        if self._state is not None:
            return []
        return [(byte, 1.0 / DEAL_OUTCOMES) for byte in range(DEAL_OUTCOMES)]

    def _legal_actions(self, player: int) -> list[int]:
        state = self.craftgames_state
        return state.legal_actions() if player == state.current_player() else []

    def _apply_action(self, action: int) -> None:
        if "_replaying" in self.__dict__:
            return
        if self._state is None:
            if action not in range(DEAL_OUTCOMES):
                raise ValueError(f"a deal's chance outcome is 0 to {DEAL_OUTCOMES - 1}: {action}")
            self._deal += (action,)
            if len(self._deal) == DEAL_STEPS:
                game = self._spiel_game()
                self._state = game.engine_state(deal_seed(game.seed, self._deal))
            return
        state = self._state
        # The sentences tell the move as it is made, so they are read before it is applied;
        # an illegal action raises in either call and leaves everything as it was.
        seats = range(state.num_players())
        lines = tuple(state.public_action_string(action, seat) for seat in seats)
        lines += (state.public_action_string(action, None),)
        state.apply_action(action)
        self._recall = Recall(self._recall, lines)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"deal: byte {len(self._deal) + 1} of {DEAL_STEPS} is {action}"
        return self.craftgames_state.action_to_string(action)

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self._state is not None and self._state.is_terminal()

    def returns(self) -> list[float]:
        """Final points per seat (zeros before the end)."""
        if self._state is None:
            return [0.0] * self._spiel_game().num_players()
        return self._state.returns()

    def resample_hidden(self, player: int, seed: int) -> SpielState:
        """A copy in which all that `player` cannot see is redrawn from `seed` (during the
        deal: the bytes drawn so far, which no seat sees)."""
        if self._state is None:
            rng = random.Random(seed)
            deal = tuple(rng.randrange(DEAL_OUTCOMES) for _ in self._deal)
            history = [(CHANCE, byte) for byte in deal]
            return _with_history(SpielState(self._spiel_game(), None, deal), history)
        state = self._state.resample_hidden(player, seed)
        recall = self._recall.as_seen_by(player) if self._recall else None
        world = SpielState(self._spiel_game(), state, self._deal, recall)
        return _with_history(world, self._history())

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> SpielState:
        """OpenSpiel's name for `resample_hidden`, seeded from `probability_sampler`."""
        return self.resample_hidden(player_id, int(probability_sampler() * _SEED_SPACE))

    def serialize(self) -> str:
        """This state as text: the engine's JSON document, the deal's outcomes, each seat's
        reading of the moves and OpenSpiel's history (`craftgames.openspiel.text`), read back by
        the game's ``deserialize_state``."""
        return spiel_text.write(
            spiel_text.Parsed(self._state, self._deal, _moves(self._recall)), self._history()
        )

    def _spiel_game(self) -> _SpielGame:
        # Not kept in __dict__: OpenSpiel pickles a state's attributes, and the game is
        # OpenSpiel's to carry (as its game string).
        game: _SpielGame = self.get_game()
        return game

    def _history(self) -> list[tuple[int, int]]:
        return [(step.player, step.action) for step in self.full_history()]

    def __str__(self) -> str:
        if self._state is None:
            return f"dealing: {len(self._deal)} of {DEAL_STEPS} chance outcomes drawn"
        return self._state.to_json()


def _moves(recall: Recall | None) -> list[tuple[str, ...]]:
    return recall.moves() if recall else []


def _with_history(world: SpielState, history: list[tuple[int, int]]) -> SpielState:
    """`world` with OpenSpiel's C++ history set to `history`: while it is replayed,
    `current_player` answers the recorded mover and `_apply_action` changes nothing."""
    world._replaying = iter(mover for mover, _ in history)
    for _, action in history:
        world.apply_action(action)
    del world._replaying
    return world
