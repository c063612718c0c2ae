"""The faces of Studies in Sorcery's cards in the table's words, shared by the board
(`craftgames.sorcery.board`) and the options and log (`craftgames.sorcery.words`): the
icons, a material's face, a count's plural, the market's lettered spaces."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

Obs = Mapping[str, Any]

# A compact line's width: 79 cells fit an 80-column terminal.
WIDTH = 79

_ICON = {
    "mushroom": "🍄",
    "skull": "💀",
    "ring": "💍",
    "hand": "✋",
    "rib_cage": "🦴R",
    "limb": "🦵",
    "candle": "🕯",
    "vial": "🧪",
}


def _icons(names: Sequence[str]) -> str:
    return " ".join(_ICON.get(n, n) for n in names)

_COUNTED = re.compile(r"\(s\)")


def _counted(text: str) -> str:
    """The engine's "draw 2 grave card(s)" as a person writes it: each "(s)" plural or not
    by the nearest number before it ("take 1 candle(s) or vial(s)": "take 1 candle or
    vial"; "take any 2 card(s)": "cards")."""

    def plural(m: re.Match[str]) -> str:
        numbers = re.findall(r"\b(\d+)\b", text[: m.start()])
        return "" if numbers and numbers[-1] == "1" else "s"

    return _COUNTED.sub(plural, text)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _face(
    name: str, value: object, icons: Sequence[str], credit: Sequence[str], demerit: Sequence[str]
) -> str:
    """A material's face: name, value, icons (either/or), and its token icons. One wording
    for the board and the option texts (`name_sides`)."""
    face = " or ".join(_ICON.get(i, i) for i in icons) if icons else "no icon"
    mods = ""
    if credit:
        mods += " · +1 if " + "/".join(_ICON.get(i, i) for i in credit)
    if demerit:
        mods += " · -1 if " + "/".join(_ICON.get(i, i) for i in demerit)
    return f"{name} ${value} {face}{mods}"


def _material(m: Obs) -> str:
    """A material's face as the board draws it."""
    return _face(m["name"], m["value"], m["icons"], m.get("credit") or [], m.get("demerit") or [])


def _copies(faces: Sequence[str]) -> list[str]:
    """Faces in their order, copies of one said once with their count ("Rib Cage $1 🦴R x2")."""
    counts: dict[str, int] = {}
    for face in faces:
        counts[face] = counts.get(face, 0) + 1
    return [face + (f" x{n}" if n > 1 else "") for face, n in counts.items()]


# The market's spaces are lettered on the board and in the options ("market space 4" is
# "market space D"): a space's label is never a number the prompt takes for an option.
_SPACE = "ABCDEF"
