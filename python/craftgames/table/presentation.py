"""The per-game presentation registry: how the table draws and words each game.

A game plugs in with no CLI code of its own by providing, optionally:

* in ``craftgames.<game>.board``: ``render(observation, *, private, compact=False)`` (its
  board), ``LEGEND`` (its symbols, for ``?``), ``rule_section(observation)`` (the rulebook
  section of the step being played), ``name_sides(text, seat, names)`` (an engine sentence as
  the table words it: seat directions named, cards in the board's words; options it words
  alike are one option, the lowest action), ``option_path(text)`` (how to group a long option
  list), ``only_option(observation)`` (why a lone option was played, for the log),
  ``must_ask(observation)`` (whether a lone option must still be asked, e.g. a payment),
  ``unoffered(observation, options)`` (a line below the options saying why a move the
  player may look for is not among them, e.g. a buy nothing in hand can pay for) and
  ``PUBLIC_SCORE`` (score categories every seat may see, e.g. completed projects),
  ``option_order(observation, options)`` (the options, as worded, in the order a player
  reads the board; by default the engine's sentence order), ``move_result(before, after)``
  (what a seat's own moves changed in its view, from its observations before and after
  them, in a few lines: shown to it alone before a shared screen passes on, e.g. the cards
  a dig brought),
  ``decision(observation)`` (the decision being made, in a few words, for the title above
  the options; the board is then drawn from the observation with ``decision_in_title``
  set, to leave its own line of it out), ``NAMES_SEATS`` (true if the board, given
  ``seat_names``, names who plays each seat: the table then prints no "Seats:" line),
  ``set_choice(observation, options, describe)`` (a step whose moves choose a set, as a
  `SetChoice`; `describe` words any action);
* in ``craftgames.<game>``: ``add_cli_arguments(parser)`` and ``options_from_cli(args)`` (its
  options for ``craftgames.new_game``, e.g. ``--solo robot``), and
  ``after_game_from_cli(args, state, seed)`` (what to do once a game played from the command
  line has ended, e.g. record it in a campaign; returns a line to print, or None).

What a game leaves out falls back to a generic version here.
"""

from __future__ import annotations

import argparse
import importlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Any, Protocol, cast

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.text import Text

from craftgames._core import State

__all__ = [
    "Presentation",
    "Renderer",
    "SetChoice",
    "default_option_path",
    "generic_render",
    "presentation",
]

Obs = Mapping[str, Any]


class Renderer(Protocol):
    """Draws an observation: ``render(observation, *, private, compact=False)``."""

    def __call__(self, observation: Obs, *, private: bool, compact: bool = False) -> RenderableType:
        """The board as `observation` shows it."""
        ...


def _scalar(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 200 else text[:199] + "…"


def generic_render(observation: Obs, *, private: bool, compact: bool = False) -> RenderableType:
    """A plain view of any observation, one line a field (for a game without a board).

    `compact` keeps only the plain values (numbers, words); `private` is ignored because the
    observation already holds only what its seat may see.
    """
    del private
    lines: list[RenderableType] = [Rule(f"{observation.get('game', 'game')}")]
    for key in sorted(observation):
        value = observation[key]
        if compact and isinstance(value, (list, dict)):
            continue
        lines.append(Text(f"{key}: {_scalar(value)}"))
    return Group(*lines)


def default_option_path(text: str) -> tuple[str, ...]:
    """Groups an option's sentence for a long list: the part before the first ``": "``, then
    the part before the next ``"; "``, then the rest (``"Measured: keep A, B; C → left; D →
    right"`` is filed under ``Measured`` then ``keep A, B``). A sentence without ``": "`` is
    filed under its first word, its verb (``"Buy a Candle ($2)"`` under ``Buy``)."""
    head, sep, rest = text.partition(": ")
    if not sep:
        verb = text.split(" ", 1)[0]
        return (verb, text) if verb != text else (text,)
    sub, sep2, leaf = rest.partition("; ")
    if not sep2:
        return (head, rest)
    return (head, sub, leaf)


@dataclass(frozen=True)
class SetChoice:
    """A step whose moves each add one item to a set, ended by `done` (e.g. the cards that
    pay a price). The engine may accept one order per set only (for its search); the table
    asks for the set, in any order the player thinks of, and plays it in an order the
    engine accepts."""

    title: str
    """What is being chosen, shown above the items."""
    items: tuple[int, ...]
    """The action that adds each item (worded by the engine)."""
    done: int
    """The action that ends the choice."""
    status: Callable[[frozenset[int]], str]
    """A line saying what the chosen items (actions) amount to, e.g. ``$5 for $3, $2 lost``."""


def _no_set(
    observation: Obs, options: Sequence[tuple[str, int]], describe: Callable[[int], str]
) -> SetChoice | None:
    del observation, options, describe
    return None


def _never(observation: Obs) -> bool:
    del observation
    return False


def _all_offered(observation: Obs, options: Sequence[str]) -> str | None:
    del observation, options
    return None


def _only_option(observation: Obs) -> str:
    del observation
    return "the only option"


def _as_sorted(observation: Obs, options: Sequence[tuple[str, int]]) -> list[tuple[str, int]]:
    del observation
    return list(options)


def _no_decision(observation: Obs) -> str | None:
    del observation
    return None


def _no_result(before: Obs, after: Obs) -> list[str]:
    del before, after
    return []


def _no_sides(text: str, seat: int, names: Sequence[str]) -> str:
    del seat, names
    return text


def _no_question(option: str) -> str | None:
    del option
    return None


def _no_section(observation: Obs) -> str:
    del observation
    return "the game's rulebook"


@dataclass(frozen=True)
class Presentation:
    """How the table draws and words one game."""

    game: str
    render: Renderer
    legend: str
    rule_section: Callable[[Obs], str]
    name_sides: Callable[[str, int, Sequence[str]], str]
    option_path: Callable[[str], tuple[str, ...]]
    option_order: Callable[[Obs, Sequence[tuple[str, int]]], list[tuple[str, int]]]
    """The options (worded, with their actions) in the order a player reads the board."""
    must_ask: Callable[[Obs], bool]
    confirm: Callable[[str], str | None]
    """A question asked before an option (the engine's sentence) is played, for a choice
    that throws something away for good; `None` plays it at once."""
    only_option: Callable[[Obs], str]
    unoffered: Callable[[Obs, Sequence[str]], str | None]
    """A line for below the options (their sentences): why a move the player may look for
    is not among them; `None` if there is nothing to say."""
    public_score: tuple[str, ...]
    set_choice: Callable[[Obs, Sequence[tuple[str, int]], Callable[[int], str]], SetChoice | None]
    names_seats: bool
    """Whether the board, given the seats' names (``seat_names``), names who plays each
    seat, so that the table needs no "Seats:" line of its own."""
    decision: Callable[[Obs], str | None]
    """The decision the observing seat is making, for the title above its options (`None`:
    the title names none, and the board says it if it does)."""
    move_result: Callable[[Obs, Obs], list[str]]
    """What a seat's own moves changed in its view (its observations before and after
    them), for its eyes only: shown to it before a shared screen passes to another human."""
    add_cli_arguments: Callable[[Any], None] | None
    options_from_cli: Callable[[argparse.Namespace], dict[str, object]] | None
    after_game_from_cli: Callable[[argparse.Namespace, State, int], str | None] | None

    def board(
        self,
        state: State,
        seat: int,
        *,
        private: bool,
        compact: bool = False,
        titled: bool = False,
        names: Sequence[str] | None = None,
    ) -> RenderableType:
        """`seat`'s board in `state` (``private``: with that seat's hidden cards), drawn from
        its observation; `titled`: the title above the options
        says the decision (`decision`), so the board need not; `names`: who plays each seat
        (``seat_names``, for a board that `names_seats`)."""
        observation = state.observation(seat)
        if titled:
            observation = {**observation, "decision_in_title": True}
        if names is not None:
            observation = {**observation, "seat_names": list(names)}
        return self.render(observation, private=private, compact=compact)

    def options(self, args: argparse.Namespace) -> dict[str, object]:
        """The game's options from parsed command-line `args` ({} for a game without any)."""
        return dict(self.options_from_cli(args)) if self.options_from_cli else {}


def _module(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        # Only the module itself (or its game package) missing means "not provided"; a
        # module that exists but imports something missing is a real error.
        if e.name is None or not (name == e.name or name.startswith(e.name + ".")):
            raise
        return None


@cache
def presentation(game: str) -> Presentation:
    """The presentation of `game`, from its modules where they provide one (cached)."""
    board = _module(f"craftgames.{game}.board")
    rules = _module(f"craftgames.{game}")

    def hook(module: ModuleType | None, name: str) -> Any:
        return getattr(module, name, None) if module is not None else None

    render = hook(board, "render")
    return Presentation(
        game=game,
        render=cast(Renderer, render) if callable(render) else generic_render,
        legend=str(hook(board, "LEGEND") or "The board lists the observation's fields by name."),
        rule_section=hook(board, "rule_section") or _no_section,
        name_sides=hook(board, "name_sides") or _no_sides,
        option_path=hook(board, "option_path") or default_option_path,
        option_order=hook(board, "option_order") or _as_sorted,
        must_ask=hook(board, "must_ask") or _never,
        confirm=hook(board, "confirm") or _no_question,
        only_option=hook(board, "only_option") or _only_option,
        unoffered=hook(board, "unoffered") or _all_offered,
        public_score=tuple(hook(board, "PUBLIC_SCORE") or ()),
        set_choice=hook(board, "set_choice") or _no_set,
        move_result=hook(board, "move_result") or _no_result,
        decision=hook(board, "decision") or _no_decision,
        names_seats=bool(hook(board, "NAMES_SEATS")),
        add_cli_arguments=hook(rules, "add_cli_arguments"),
        options_from_cli=hook(rules, "options_from_cli"),
        after_game_from_cli=hook(rules, "after_game_from_cli"),
    )
