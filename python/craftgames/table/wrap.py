"""Lines fitted to a terminal's width by the boards themselves, measured in terminal cells (an
icon takes two), so that a line cut at the screen's edge never loses its indent and a card's
text never breaks where it should not."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len

__all__ = ["wrap_at_spaces", "wrap_units"]


def wrap_at_spaces(line: str, width: int, indent: str) -> list[str]:
    """`line` cut at spaces into lines of at most `width` cells, each continuation starting
    with `indent` (a word longer than a line is left whole)."""
    body = line.lstrip(" ")
    out: list[str] = []
    current = line[: len(line) - len(body)]  # the line's own indent
    started = False  # whether `current` holds a word yet
    for word in body.split(" "):
        if started and cell_len(f"{current} {word}") > width:
            out.append(current)
            current = indent + word
        else:
            current = f"{current} {word}" if started else current + word
        started = True
    out.append(current)
    return out


def wrap_units(units: Sequence[tuple[str, str]], width: int, indent: str) -> list[str]:
    """Units of text, each `(separator before it, text)`, laid into lines of at most `width`
    cells, broken only between units (the separator's trailing spaces dropped at a break); a
    unit too long for a line of its own is cut at its spaces."""
    out: list[str] = []
    current = ""
    for sep, text in units:
        joined = current + sep + text if current else text
        # Room is kept for the separator that ends the line if the next unit breaks it.
        if not current or cell_len(joined) + cell_len(sep.rstrip()) <= width:
            current = joined
        else:
            out.append(current + sep.rstrip())
            current = indent + text
        if cell_len(current) > width:
            *full, current = wrap_at_spaces(current, width, indent)
            out += full
    if current:
        out.append(current)
    return out
