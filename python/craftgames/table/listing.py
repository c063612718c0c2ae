"""A seat's options as the table lists them: worded in the game's words, one option for moves
a person cannot tell apart, in the order the game's board reads; whether the table plays a
lone option without asking; and the numbers that choose an option in a menu.

The live table (`session`) and ``craftgames replay`` (`replayer`) list options alike, so a
replay says where the table played a move for its player.
"""

from __future__ import annotations

from collections.abc import Sequence

from craftgames._core import State
from craftgames.table.menu import Menu
from craftgames.table.presentation import Presentation

__all__ = ["path_to", "plays_alone", "table_options"]


def table_options(
    show: Presentation, state: State, seat: int, names: Sequence[str]
) -> list[tuple[str, int]]:
    """`seat`'s options in `state` as the table lists them, each worded (`names`: the seats
    as `seat` reads them) with its action."""
    # Listed in the order of their sentences, which groups them for a person (step-one
    # choices by work style, step-two moves by kind), then in the order the game's board
    # reads, where it says one.
    legal = sorted(state.legal_actions(), key=state.action_to_string)
    engine = [state.action_to_string(a) for a in legal]
    texts = [show.name_sides(t, seat, names) for t in engine]
    # Options the game's wording makes alike (two copies of one card) are one option for
    # a person: the lowest action, which leaves the others open where the engine takes
    # a set in ascending order.
    lowest: dict[str, int] = {}
    for t, e, a in zip(texts, engine, legal, strict=True):
        if t != e:
            lowest[t] = min(a, lowest.get(t, a))
    kept = [(t, a) for t, a in zip(texts, legal, strict=True) if lowest.get(t, a) == a]
    # Two actions the engine words alike would be a wording bug in the engine; tell them
    # apart by their ids rather than make one unreachable.
    shown = [t for t, _ in kept]
    labelled = [(f"{t} [action {a}]" if shown.count(t) > 1 else t, a) for t, a in kept]
    return show.option_order(state.observation(seat), labelled)


def plays_alone(show: Presentation, state: State, options: Sequence[tuple[str, int]]) -> bool:
    """Whether the table plays a human's move for them without asking (unless told to ask,
    ``--confirm-forced``): `options` (`table_options`) is one, not a set to choose, and it
    changes nothing the player pays or loses (that is never done for them)."""
    obs = state.observation(state.current_player())
    if show.set_choice(obs, options, state.action_to_string) is not None:
        return False
    return len(options) == 1 and not show.must_ask(obs)


def path_to(menu: Menu, action: int) -> list[int] | None:
    """The numbers to type in `menu` (and the groups under it) to choose `action`."""
    for i, entry in enumerate(menu.entries, 1):
        if entry.action == action:
            return [i]
        if entry.submenu is not None:
            rest = path_to(entry.submenu, action)
            if rest is not None:
                return [i, *rest]
    return None
