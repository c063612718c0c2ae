"""The words and marks every Níjar drawing shares: the action names the options use, the
board's icons and amounts written with them, small readers of an observation's values, and
the width lines are wrapped to."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from rich.text import Text

from craftgames.table.wrap import wrap_at_spaces

# The names the options use (Rust `Act::label`), so that board and options speak alike.
_ACT_NAMES = {
    "acquire": "Acquire Cards",
    "play": "Play a Card",
    "clay": "Extract Clay",
    "technology": "Advance Technology",
    "throw": "Throw",
    "shape": "Shape",
    "fire": "Fire",
    "paint": "Paint",
    "clean": "Clean",
    "esparto": "Collect Esparto",
    "first_player": "First Player Action",
    "fire1": "Fire 1 Piece",
    "paint1": "Paint 1 Piece",
    "clean1": "Clean 1 Crack",
    "throw1": "Throwing Bonus",
    "acquire1": "Acquire 1 Card",
    "clay1": "Clay Bonus",
    "pg_or_glaze": "Perra Gorda or Glaze Bonus",
    "esparto1": "Collect 1 Esparto",
}
_PIECES = ("Plate", "Jug", "Pot")

# The board's icons for what a card costs, gives and scores: on every face, on each player's
# supply line (beside the word, where the icon is learnt) and in the legend.
# "Cracks are managed through your Cleaning Area. This area has a limit of 8 spaces." (5.1)
CLEANING_AREA = 8

ICONS = {"Perra Gorda": "💰", "Clay": "🧱", "Glaze": "💧", "Crack": "⚡", "VP": "⭐"}
# "3 Perra Gorda", "1 Glaze", "2 Cracks", "4 VP" — an amount as the engine words it; not the
# "1 Crack" of the action "Clean 1 Crack", nor the "10 VP" closing a scale ("0/1/3/6/10 VP").
_AMOUNT = re.compile(r"(?<!Clean )(?<![\w/])(\d+) (Perra Gorda|Clay|Glaze|Crack|VP)s?\b")


def iconized(text: str) -> str:
    """A face's amounts with the board's icons: "costs 3 Perra Gorda + 1 Clay" reads
    "costs 3💰 + 1🧱", "5 VP when the vase reaches the end" reads "5⭐ when ..."."""
    return _AMOUNT.sub(lambda m: f"{m.group(1)}{ICONS[m.group(2)]}", text)


def _supply(n: object, one: str, many: str) -> str:
    """A player's resource with its icon and its name: "4💰 Perra Gorda", "1💧 Glaze"."""
    return f"{n}{ICONS[one]} {one if n == 1 else many}"


_COLUMNS = ("1", "2", "3", "A", "B")


def _act(key: object) -> str:
    return _ACT_NAMES.get(str(key), str(key)) if key is not None else "—"


def _seq(value: object) -> Sequence[Any]:
    return value if isinstance(value, list) else []


def _count(n: object, one: str, many: str) -> str:
    """ "1 card", "3 cards"."""
    return f"{n} {one if n == 1 else many}"


# Text lines are wrapped here, not by the terminal: a card's face runs to 150 characters,
# and a line cut at the terminal's edge loses its indent. 79 fits an 80-column terminal.
WIDTH = 79


def _wrapped(lines: Sequence[str]) -> Text:
    """`lines` wrapped to `WIDTH` cells, each continuation indented under its line's text."""
    out: list[str] = []
    for line in lines:
        indent = " " * (len(line) - len(line.lstrip(" ")) + 4)
        out += wrap_at_spaces(line.rstrip(), WIDTH, indent)
    # Text, not markup: a card name must not be read as a style tag.
    return Text("\n".join(out))
