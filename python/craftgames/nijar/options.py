"""Níjar's options as the table words and groups them (the `name_sides` and `option_path`
hooks of `craftgames.table.presentation`), so that a choice takes one line of an 80-column
screen where it can.

An option keeps the engine's words but for its row action mark: "Throw: ... — the row's one
action, instead of Play a Card or First Player Action" reads "Row: Throw: ...", and the
board's last line says what is open of the placement ("Open here: Row: ONE of Throw, Play
a Card or First Player Action; Clean 1 Crack"). A long list is grouped where the player
thinks in groups: a placement by the row it goes on, a card to acquire or a donkey's move
by its Draft Area row, a card played onto a space by the card, the row's one actions
together.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from craftgames.table.presentation import default_option_path

__all__ = ["ROW", "name_sides", "option_path"]

ROW = "Row: "
"""How an option that is the row's one action of a placement starts."""

# The engine's mark of a placement's row action (Rust `nijar/text.rs`).
_WHO = re.compile(r"^(seat \d+ \([^()]*\): |)(.*)$", re.DOTALL)
_ROW_ONE = re.compile(r"^(?P<what>.+?) — the row's one action, instead of .+$")


def name_sides(text: str, seat: int, names: Sequence[str]) -> str:
    """An option (or a log line) as the table shows it: a row action marked `ROW` at its
    start (what it is instead of is on the board), "Move donkey to", "Discard endgame card
    X: any main-board action", and "Clean 1 crack" for the engine's "Clean 1 cracks"."""
    del seat, names
    # A log line starts with its mover ("seat 1 (human): "): the sentence is the rest.
    found = _WHO.fullmatch(text)
    who, text = found.groups() if found is not None else ("", text)
    text = _ROW_ONE.sub(lambda m: ROW + m.group("what"), text)
    text = re.sub(r"^Move the donkey to ", "Move donkey to ", text)
    # The board's words: a card's "Acquire 1 Card", a wheel's "(next: Shape)", and a cost
    # in Cracks gained "(into your Cleaning Area)" (8.6: Shape two pieces).
    text = re.sub(r"^Acquire Card bonus$", "Acquire 1 Card (bonus)", text)
    text = text.replace("(next space: ", "(next: ")
    # 8.10's "Starting Esparto Card printed on your Workshop Board", as the board names it.
    text = text.replace("Níjar Esparto (printed)", "the card printed on the board")
    text = re.sub(
        r"^(Shape .+ for \d+ Clay and \d+ Cracks)$", r"\1 (into your Cleaning Area)", text
    )
    # The cost says what the position costs; the row groups a long list (the column is on
    # the board's `b`, where the card's face is).
    text = re.sub(
        r"^(Acquire .+) at (row \d) column \d for (\d+ Perra Gorda)$", r"\1, \2: \3", text
    )
    text = re.sub(r"^(Discard endgame card .+) for (any main-board action)$", r"\1: \2", text)
    return who + re.sub(r"\b1 cracks\b", "1 crack", text)


_PLACE = re.compile(
    r"^Place (?P<n>\d+ craftswom[ae]n) on the (?P<row>\w+) row, column (?P<col>\w) "
    r"\(one of (?P<acts>.+?); bonus (?P<bonus>.+?)\)(?P<rest>.*)$"
)
_AT = re.compile(
    r"^(?P<verb>Acquire|Move donkey to|Place the donkey on) (?P<card>.+) "
    r"at row (?P<row>\d) column (?P<col>\d)(?P<rest>.*)$"
)
_PLAY = re.compile(r"^Play (?P<card>.+? \([^()]+\))(?P<rest>.*)$")


def option_path(text: str) -> tuple[str, ...]:
    """The groups of an option (the table's sentence) for a long list, outermost first, then
    what is left to say of it under them."""
    if text.startswith(ROW):
        # The row's one action: one group, a line an option (Throw's wheels included).
        return ("Row: the row's one action", text.removeprefix(ROW))
    place = _PLACE.match(text)
    if place is not None:
        # Grouped by row (with the row's actions), then a line a space: its column and bonus,
        # how many craftswomen only when more than one (it returns someone's). Ungrouped,
        # a line reads "top row (Fire / Paint / Play a Card); column 1, bonus Clay Bonus".
        acts = re.sub(r",? or |, ", " / ", place.group("acts"))
        many = "" if place.group("n") == "1 craftswoman" else f", {place.group('n')}"
        return (
            "Place",
            f"{place.group('row')} row ({acts})",
            f"column {place.group('col')}, bonus {place.group('bonus')}{many}{place.group('rest')}",
        )
    acquire = re.match(r"^Acquire (.+), row (\d): (\d+ Perra Gorda)$", text)
    if acquire is not None:
        return (
            f"Acquire: Draft Area row {acquire.group(2)}",
            f"{acquire.group(1)}: {acquire.group(3)}",
        )
    if text.startswith("Place a craftswoman on the Special Action"):
        return ("Place", text.removeprefix("Place a craftswoman on "))
    at = _AT.match(text)
    if at is not None:
        verb = at.group("verb").removesuffix(" to").removesuffix(" on")
        return (
            f"{verb}: Draft Area row {at.group('row')}",
            f"{at.group('card')}, column {at.group('col')}{at.group('rest')}",
        )
    play = _PLAY.match(text)
    if play is not None and play.group("rest").startswith(" on "):
        # A card played onto one of its spaces: one group a card, a line a space.
        card, rest = play.group("card"), play.group("rest").removeprefix(" ")
        where, _, paying = rest.partition(", paying ")
        return ("Play", f"{card}" + (f", paying {paying}" if paying else ""), where)
    if play is not None:
        return ("Play", text.removeprefix("Play "))
    if text.startswith("Discard endgame card "):
        return ("Discard", text)
    return default_option_path(text)
