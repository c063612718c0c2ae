"""Reading a user's card file: the argument may be a path or the TOML text itself."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TypeAlias

CardsArg: TypeAlias = str | os.PathLike[str] | None
"""A card file argument: a path, the TOML text, or `None` for the default set."""


def card_text(cards: CardsArg) -> str | None:
    """The TOML text for `cards`.

    A `PathLike`, or a one-line string without ``=``, is read as a path (a missing file raises
    `FileNotFoundError`); any other string is taken as TOML text; `None` stays `None` (the
    default card set).
    """
    if cards is None:
        return None
    if isinstance(cards, os.PathLike) or ("\n" not in cards and "=" not in cards):
        return Path(cards).read_text(encoding="utf-8")
    return cards
