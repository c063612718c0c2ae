"""Reading a user's card file: the argument is a file, or the TOML text itself.

The rule, with no guessing from the text's shape:

* a `pathlib.Path` (any `os.PathLike`) is always a file to read;
* a `str` naming a file that exists is that file;
* any other `str` is the TOML text of a card file.

So a file name containing ``=`` or a one-line TOML document are each read as what they are.
A one-line string that is no file and holds no ``=`` cannot be card data either (every card
file sets ``key = value`` pairs): it raises `CardDataError` saying there is no such file. The
command line's ``--cards FILE`` always means a file.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TypeAlias

from craftgames._core import CardDataError

__all__ = ["CardsArg", "card_file", "card_text", "read_card_file"]

CardsArg: TypeAlias = str | os.PathLike[str] | None
"""A card file argument: a path, the TOML text, or `None` for the default set."""

_NAME_SHOWN = 80
"""Most characters of a text shown back in the "no such file either" hint."""


def card_text(cards: CardsArg) -> str | None:
    """The TOML text for `cards`: a `PathLike` or the name of an existing file is read (an
    unreadable one raises `OSError`, a binary one `CardDataError` naming it); any other
    string is the TOML text itself (see the module's rule); `None` stays `None` (the default
    card set)."""
    if cards is None:
        return None
    if isinstance(cards, os.PathLike) or _is_file(cards):
        return read_card_file(cards)
    if "\n" not in cards.strip() and "=" not in cards:
        name = cards if len(cards) <= _NAME_SHOWN else cards[:_NAME_SHOWN] + "…"
        raise CardDataError(f"there is no card file named {name!r} (and it is not TOML card data)")
    return cards


def card_file(name: str | None) -> Path | None:
    """A command line's ``--cards FILE``: always a file, never text (`None` stays `None`)."""
    return None if name is None else Path(name)


def read_card_file(path: str | os.PathLike[str]) -> str:
    """The text of the card file at `path`; raises `OSError` if it cannot be read and
    `CardDataError` naming it if it is not UTF-8 text."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        raise CardDataError(
            f"{os.fspath(path)}: not a card file (not UTF-8 text: byte {e.start} is "
            f"{e.object[e.start]:#04x})"
        ) from None


def _is_file(text: str) -> bool:
    # os.path.isfile answers False (never raises) for names too long or with NUL bytes.
    return "\n" not in text and os.path.isfile(text)
