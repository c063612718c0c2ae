"""Drawing a game's observation for people (the CLI's board), with rich.

Each game draws its own board in ``craftgames.board_<game>`` (``render(observation, *,
private, compact=False)``); `render_board` finds it through the presentation registry
(`craftgames.table.presentation`), and draws a plain generic view for a game without one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import RenderableType

from craftgames.table.presentation import presentation

__all__ = ["render_board", "render_sunrise"]


def render_board(
    game: str, observation: Mapping[str, Any], *, private: bool, compact: bool = False
) -> RenderableType:
    """The board of `game` as seen in `observation`.

    `private` shows the viewer's own hidden cards; `compact` draws it in fewer lines.
    """
    return presentation(game).render(observation, private=private, compact=compact)


def render_sunrise(
    obs: Mapping[str, Any], *, private: bool, compact: bool = False
) -> RenderableType:
    """The Sunrise at the Studio board (kept for callers of the earlier API)."""
    from craftgames import board_sunrise

    return board_sunrise.render(obs, private=private, compact=compact)
