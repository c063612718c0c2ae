"""Drawing a Níjar observation for people (the CLI's board), with rich.

Built only from `State.observation(seat)`, so it never shows more than that seat may see;
with ``private=False`` the viewer's own hand is left out too. The observation names cards by
catalogue id; the board reads it spelled out (`craftgames.nijar.spelled.spelled_out`: each
card's name and face beside its state). Keys are read defensively: a missing key draws as
blank rather than failing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from craftgames.nijar.marks import (
    _ACT_NAMES,
    _COLUMNS,
    _PIECES,
    CLEANING_AREA,
    ICONS,
    WIDTH,
    _act,
    _count,
    _seq,
    _supply,
    _wrapped,
    iconized,
)
from craftgames.nijar.options import (
    ROW,
    confirm,
    decision,
    name_sides,
    option_order,
    option_path,
    unoffered,
)
from craftgames.nijar.spelled import spelled_out
from craftgames.table.wrap import wrap_at_spaces, wrap_units

__all__ = [
    "LEGEND",
    "NAMES_SEATS",
    "confirm",
    "decision",
    "name_sides",
    "option_order",
    "option_path",
    "render",
    "rule_section",
    "unoffered",
]

Obs = Mapping[str, Any]

NAMES_SEATS = True
"""Given the seats' names (``seat_names``), the board names who plays each seat on that
seat's line ("Seat 1 (random): ..."), so the table prints no "Seats:" line (a line of an
80x24 screen). Inside a placement the compact board leaves the other seats to `b`; the log
names the mover of every move."""

_LEGEND_ENTRIES = (
    ("Icons", "  ".join(f"{icon} {name}" for name, icon in ICONS.items())),
    ("", "Perra Gorda are money; Cracks fill your Cleaning Area (8 spaces)"),
    (
        "Main board",
        "a placement performs ONE action of its row plus its column's bonus; columns A, B "
        'open with 3, 4 players, else "blocked"',
    ),
    ("Special", "the Special Action: Collect 1 Esparto and its two bonuses"),
    (
        "Market",
        "marker heights and demand (the Sell options give the VP); the dice raise "
        "them: highest die to demand 2, next to 1, lowest to 0",
    ),
    ("Draft area", "5 cards a deck, donkeys marked (your donkey), (donkey: seat N)"),
    (
        "Card face",
        "type · cost (💰 🧱 💧 paid; ⚡ Cracks into your Cleaning Area) · ⭐ when played · what "
        "it does: wheel spaces in order (→), a kiln's two actions, an esparto card's rewards "
        "(take one)",
    ),
    ("Workshop", "wheels, cleanup cards, drying area, kilns, glazing workshops"),
    ("Competition", "(solo) next card's back: the pieces it takes, paints or sells"),
    (
        "Compact",
        '"1, B x3 seat 2": 1 of seat 2\'s craftswomen in column 1, 3 in B; "Row:" the row\'s '
        "one action; Draft Area where a card can be acquired (b: all)",
    ),
)


# Wrapped to fit an 80-column terminal, where `?` shows it above the options.
LEGEND = "\n".join(
    "\n".join(wrap_at_spaces(f"{label:<13}{text}", 79, " " * 13)) for label, text in _LEGEND_ENTRIES
)

_MODES = {
    "acquire": "8.1 Acquire Cards",
    "donkey": "8.1 Acquire Cards (move the donkey)",
    "throw": "8.5 Throw",
    "fire": "8.7 Fire",
    "paint": "8.8 Paint",
    "clean": "8.9 Clean",
    "esparto": "8.10 Collect Esparto",
    "sell": "7.2.3 Sell Pieces on the Market",
}
_PHASES = {
    "setup_combo": "4.3 Before Starting the Game",
    "setup_donkey": "4.3 Before Starting the Game (the donkey)",
    "reroll": "7.1 Update the Market (the re-roll)",
    "endgame": "10.2 Play an Endgame Scoring Card",
    "over": "11 Endgame Scoring",
}


def rule_section(observation: Mapping[str, Any]) -> str:
    """The rulebook section that governs the step being played."""
    phase = observation.get("phase")
    name = phase.get("phase") if isinstance(phase, Mapping) else None
    mode = observation.get("mode")
    kind = mode.get("kind") if isinstance(mode, Mapping) else None
    if isinstance(kind, str) and kind in _MODES:
        return "Níjar rulebook, " + _MODES[kind]
    if isinstance(name, str) and name in _PHASES:
        return "Níjar rulebook, " + _PHASES[name]
    if _seq(observation.get("frames")):
        return "Níjar rulebook, 7.2.1 Play Craftswomen (actions and bonuses) and 8 Actions"
    return "Níjar rulebook, 7.2 Player Turns"


def _vase(w: Mapping[str, Any]) -> str:
    """Where a wheel's vase stands, as a player says it: the grey start space (before the
    card's first action space, 8.5), a numbered action space, or the end."""
    pos, length = w.get("vase"), w.get("length")
    spaces = _seq(w.get("spaces"))
    if not isinstance(pos, int) or not isinstance(length, int):
        return "vase: ?"
    if pos <= 0:
        first = _act(spaces[0]) if spaces else "—"
        return f"vase on the grey start space (next: {first})"
    if pos >= length:
        return "vase at the end (wheel finished)"
    return f"vase on space {pos} of {length} (next: {_act(spaces[pos])})"


def _who(seat: object, obs: Obs) -> str:
    """A seat as a person names it: "you", "seat 2", or "the Competition" (solo)."""
    if isinstance(obs.get("competition"), Mapping) and seat == 1:
        return "the Competition"
    if seat == obs.get("viewer"):
        return f"seat {seat} (you)"
    return f"seat {seat}"


def _seat_title(seat: object, obs: Obs) -> str:
    """A seat's line starts with it and who plays it where the table named the seats
    ("Seat 1 (random)"); yours "You" on the compact board, "Seat 0 (you)" on the full one;
    "The Competition" (solo)."""
    who = _who(seat, obs)
    names = _seq(obs.get("seat_names"))
    if who.startswith("seat ") and "(" not in who and isinstance(seat, int) and seat < len(names):
        who += f" ({names[seat]})"
    return who[0].upper() + who[1:]


def _main_board(obs: Obs) -> Table:
    table = Table(title="Main board", show_lines=True)
    table.add_column("Row: perform one of")
    bonuses = _seq(obs.get("column_bonuses"))
    for c, name in enumerate(_COLUMNS):
        bonus = bonuses[c] if c < len(bonuses) else None
        table.add_column(f"{name}\n(bonus: {_act(bonus)})" if bonus else f"{name}\n(blocked)")
    for acts, row in _board_rows(obs):
        cells = [
            ""
            if occ.get("seat") is None
            else f"{_who(occ.get('seat'), obs)}: "
            f"{_count(occ.get('count', 0), 'craftswoman', 'craftswomen')}"
            for occ in row
        ]
        table.add_row(Text(acts), *(Text(c) for c in cells))
    return table


def _board_rows(obs: Obs) -> list[tuple[str, list[Mapping[str, Any]]]]:
    """Each main-board row: its three actions ("Throw / Paint / Fire") and, per column, who
    has craftswomen there (`{}` for an empty space)."""
    layout = _seq(obs.get("layout"))
    spaces = _seq(obs.get("spaces"))
    rows = []
    for r in range(3):
        acts = " / ".join(_act(a) for a in layout[r * 3 : r * 3 + 3])
        row = _seq(spaces[r]) if r < len(spaces) else []
        occupants = [
            row[c] if c < len(row) and isinstance(row[c], Mapping) else {}
            for c in range(len(_COLUMNS))
        ]
        rows.append((acts, occupants))
    return rows


def _market_pieces(obs: Obs) -> list[tuple[str, object, object]]:
    """Each piece's name, marker height and this round's demand ("?" where unknown)."""
    heights = _seq(obs.get("market_heights"))
    demand = _seq(obs.get("demand"))
    rnd = int(obs.get("round", 1) or 1)
    row = _seq(demand[rnd - 1]) if 0 < rnd <= len(demand) else []
    return [
        (name, heights[i] if i < len(heights) else "?", row[i] if i < len(row) else "?")
        for i, name in enumerate(_PIECES)
    ]


def _market(obs: Obs) -> Text:
    parts = [f"{name}: height {h} (demand {d})" for name, h, d in _market_pieces(obs)]
    return _wrapped([f"Market — {'; '.join(parts)}; dice {_dice(obs, ', ')}"])


def _donkeys(obs: Obs) -> dict[object, str]:
    marks: dict[object, str] = {}
    for p in _seq(obs.get("players_view")):
        if isinstance(p, Mapping):
            seat = p.get("seat")
            marks[p.get("donkey")] = (
                "your donkey" if seat == obs.get("viewer") else f"donkey: seat {seat}"
            )
    competition = obs.get("competition")
    if isinstance(competition, Mapping):
        marks[competition.get("donkey")] = "donkey: the Competition"
    return marks


def _draft(obs: Obs) -> RenderableType:
    table = Table(title="Draft area", show_lines=False)
    for c in range(5):
        table.add_column(f"column {c + 1}")
    donkeys = _donkeys(obs)
    faces = []
    for r, row in enumerate(_seq(obs.get("draft"))):
        cells = []
        for c, card in enumerate(_seq(row)):
            name = card.get("name", "?") if isinstance(card, Mapping) else "(empty)"
            mark = donkeys.get(r * 5 + c)
            cells.append(f"{name}" + (f" ({mark})" if mark is not None else ""))
            if isinstance(card, Mapping):
                face = iconized(str(card.get("face", "")))
                faces.append(f"  row {r + 1} column {c + 1}: {name} — {face}")
        # Text, not markup: a card name must not be read as a style tag.
        table.add_row(*(Text(c) for c in cells))
    return Group(table, _wrapped(faces))


def _workshop(p: Mapping[str, Any], obs: Obs) -> list[str]:
    lines = ["  Workshop:"]
    for w in _seq(p.get("wheels")):
        if isinstance(w, Mapping):
            lines.append(f"    {w.get('name')}: {_vase(w)} — {iconized(str(w.get('face', '')))}")
    for c in _seq(p.get("cleanups")):
        if isinstance(c, Mapping):
            lines.append(
                f"    {c.get('name')}: cracks {c.get('cracks')} of {c.get('spaces')}; "
                f"filled gives {iconized(str(c.get('reward')))}"
            )
    esparto = [
        f"{e.get('name')} ({iconized(' or '.join(str(r) for r in _seq(e.get('rewards'))))})"
        for e in _seq(p.get("esparto"))
        if isinstance(e, Mapping)
    ]
    printed = obs.get("printed_esparto")
    rewards = _seq(printed.get("rewards")) if isinstance(printed, Mapping) else []
    # 8.10: "the Starting Esparto Card printed on your Workshop Board" counts as one.
    printed_rewards = iconized(" or ".join(map(str, rewards))) or "?"
    lines.append(
        f"    Esparto: the card printed on the board ({printed_rewards})"
        + "".join(f", {e}" for e in esparto)
    )
    for key in ("firing_kilns", "glazing_workshops", "glaze_kilns"):
        for k in _seq(p.get(key)):
            if isinstance(k, Mapping):
                piece = k.get("piece") or "empty"
                # The face names the card's type; a starting card's face starts with its name.
                name, face = str(k.get("name")), str(k.get("face", ""))
                face = iconized(face.removeprefix(f"{name} · "))
                lines.append(f"    {name}: {piece} — {face}")
    drying = _seq(p.get("drying"))
    shaped = ", ".join(_count(n, _PIECES[i], _PIECES[i] + "s") for i, n in enumerate(drying) if n)
    lines.append(f"    Drying area: {shaped or 'empty'}")
    sold = _seq(p.get("sold"))
    lines.append(
        "    Sold: "
        + ", ".join(f"{_PIECES[i]} {sold[i] if i < len(sold) else 0}" for i in range(3))
        + f"; endgame cards played face-down: {p.get('endgame_played')}"
    )
    return lines


def _player(p: Mapping[str, Any], obs: Obs, *, me: bool, private: bool) -> RenderableType:
    cw = p.get("craftswomen")
    lines = [
        f"{_seat_title(p.get('seat'), obs)}: {_supply(p.get('score'), 'VP', 'VP')} — "
        f"{_supply(p.get('perra_gorda'), 'Perra Gorda', 'Perra Gorda')}, "
        f"{_supply(p.get('glazes'), 'Glaze', 'Glazes')}, "
        f"{_supply(p.get('clay'), 'Clay', 'Clay')}, "
        f"{_supply(p.get('cracks'), 'Crack', 'Cracks')} (of {CLEANING_AREA}), "
        f"technology {p.get('technology')}, {_count(cw, 'craftswoman', 'craftswomen')} left"
        + (", shop closed" if p.get("shop_closed") else ""),
    ]
    lines += _workshop(p, obs)
    if me and private:
        lines.append("  Your hand:")
        for c in _seq(p.get("hand")):
            if isinstance(c, Mapping):
                lines.append(f"    {c.get('name')} — {iconized(str(c.get('face', '')))}")
        for face in _seq(p.get("endgame_played_faces")):
            lines.append(f"  Played face-down: {iconized(str(face))}")
        pending = p.get("endgame_pending")  # 10.2: yours alone until every seat has chosen
        if isinstance(pending, Mapping):
            lines.append(
                f"  Your endgame card this round (face-down): {pending.get('name')} — "
                f"{iconized(str(pending.get('face', '')))}"
            )
        elif pending == "keep":
            lines.append("  Your endgame card this round: none (you keep your cards)")
    else:
        lines.append(f"  Hand: {_count(p.get('hand_size'), 'card', 'cards')}")
        for c in _seq(p.get("known_hand")) if private else []:
            if isinstance(c, Mapping):  # taken from the face-up draft: everyone saw it
                face = iconized(str(c.get("face", "")))
                lines.append(f"    seen taken: {c.get('name')} — {face}")
    return _wrapped(lines)


def _competition(c: Mapping[str, Any]) -> RenderableType:
    held = [f"{_PIECES[i]} {s}" for i, s in enumerate(_seq(c.get("pieces"))) if s != "none"]
    back = _seq(c.get("top_card_back"))
    rounds = "; ".join(
        f"round {r + 1}: {', '.join(str(x) for x in _seq(b)) or 'nothing'}"
        for r, b in enumerate(back)
    )
    cw = c.get("craftswomen")
    lines = [
        f"The Competition ({c.get('difficulty')}): {_supply(c.get('score'), 'VP', 'VP')}, "
        f"{_count(cw, 'craftswoman', 'craftswomen')} left, "
        f"pieces: {', '.join(held) or 'none'}, "
        f"{_count(c.get('deck_size'), 'card', 'cards')} in its deck"
        + (", shop closed" if c.get("shop_closed") else ""),
        f"  Its next card's back (pieces it takes, paints or sells): {rounds or 'no card left'}",
    ]
    for card in _seq(c.get("revealed")):
        if isinstance(card, Mapping):
            lines.append(f"  Revealed: {card.get('name')} — {card.get('face', '')}")
    return _wrapped(lines)


# -- the compact board: what a short terminal shows above the options, a line a part ------
# Left out (the full board, `b`, has them): the faces of the draft area's cards, the
# workshops, the faces of the hand and of the Competition's revealed cards but its last.


def _short_who(seat: object, obs: Obs) -> str:
    if isinstance(obs.get("competition"), Mapping) and seat == 1:
        return "Competition"
    return "you" if seat == obs.get("viewer") else f"seat {seat}"


def _compact_columns(obs: Obs) -> list[str]:
    """The columns' bonuses (a line or two, broken between columns), then the Special
    Action's."""
    bonuses = _seq(obs.get("column_bonuses"))
    columns = [
        f"{name} {_act(bonuses[c])}"
        for c, name in enumerate(_COLUMNS)
        if c < len(bonuses) and bonuses[c]
    ]
    blocked = [name for c, name in enumerate(_COLUMNS) if c >= len(bonuses) or not bonuses[c]]
    special = " + ".join(_act(a) for a in _seq(obs.get("special_bonuses")))

    def laid(parts: list[str]) -> list[str]:
        units = [(" · " if i else "", u) for i, u in enumerate(["Columns:", *parts])]
        units[1:2] = [(" ", units[1][1])] if len(units) > 1 else []
        return wrap_units(units, WIDTH, "    ")

    lines = laid(columns)
    if blocked:
        # Said where it fits (2 players: "A, B blocked"); a line of its own it is left to
        # the full board (3 players' "B blocked": no option, row or legend entry needs it).
        with_blocked = laid([*columns, f"{', '.join(blocked)} blocked"])
        lines = with_blocked if len(with_blocked) == len(lines) else lines
    return [*lines, f"Special Action: Collect 1 Esparto + {special}"]


def _on_special(obs: Obs, who: Callable[[object, Obs], str]) -> str:
    """Who has craftswomen on the Special Action (7.2.1.2: they stay until the round's
    end), as " · on it: you x2, seat 1"; "" when nobody."""
    counts = _seq(obs.get("special_stack"))  # craftswomen there, by seat
    here = [
        who(seat, obs) + (f" x{n}" if n != 1 else "")
        for seat, n in enumerate(counts)
        if isinstance(n, int) and n > 0
    ]
    return " · on it: " + ", ".join(here) if here else ""


def _right_track(obs: Obs, who: Callable[[object, Obs], str]) -> list[str]:
    """The right-hand Turn Order track's spaces claimed by a First Player Action (8.11):
    space k is turn k of the next round (10.4; the others fill the turns left in their
    order); [] while none is."""
    taken = [
        f"{i + 1} {who(seat, obs)}"
        for i, seat in enumerate(_seq(obs.get("right_track")))
        if seat is not None
    ]
    if not taken:
        return []
    return [f"Turn order after this round, by a First Player Action: {' · '.join(taken)}"]


def _pieces(p: Mapping[str, Any]) -> list[str]:
    """A workshop's pieces where they are ("Drying Area: 2 Plate · Firing Kilns: Pot"):
    those in kilns are finished and can be sold (8.7), those in Glazing Workshops and Glaze
    Kilns are painted; [] without any."""
    drying = _seq(p.get("drying"))
    parts = []
    shaped = ", ".join(
        _count(n, _PIECES[i], _PIECES[i] + "s") if n != 1 else _PIECES[i]
        for i, n in enumerate(drying)
        if n
    )
    if shaped:
        parts.append(f"Drying Area: {shaped}")
    for key, name in (
        ("firing_kilns", "Firing Kilns"),
        ("glazing_workshops", "Glazing Workshops"),
        ("glaze_kilns", "Glaze Kilns"),
    ):
        held = [str(k.get("piece")) for k in _seq(p.get(key)) if isinstance(k, Mapping)]
        held = [h for h in held if h != "None"]
        if held:
            parts.append(f"{name}: {', '.join(held)}")
    return parts


def _compact_rows(obs: Obs) -> list[str]:
    """Each main-board row's actions and who has craftswomen in which column ("1 you": one
    of yours in column 1, "1, B x3 seat 2": one of seat 2's in column 1, three in column
    B)."""
    rows = []
    for acts, row in _board_rows(obs):
        # By seat, its columns in order: a busy 4-player row fits its line.
        spaces: dict[str, list[str]] = {}
        for name, occ in zip(_COLUMNS, row, strict=True):
            if occ.get("seat") is not None:
                count = occ.get("count", 1)
                spaces.setdefault(_short_who(occ.get("seat"), obs), []).append(
                    name + (f" x{count}" if count != 1 else "")
                )
        taken = [f"{', '.join(cols)} {who}" for who, cols in spaces.items()]
        rows.append((acts, taken or ["free"]))

    lines = [f"  {acts}: {' · '.join(taken)}" for acts, taken in rows]
    if any(cell_len(line) > WIDTH for line in lines):
        # A busy 4-player board: every row tighter ("Throw/Paint/Fire: 1 you; 2 seat 1"),
        # which keeps most a line (a wrapped row is a row of the screen less for the
        # options), and the rows alike.
        lines = [f"  {acts.replace(' / ', '/')}: {'; '.join(taken)}" for acts, taken in rows]
    return lines


# A word a card family differs by: a number, or an endgame card's word in lower case.
_FAMILY_WORD = re.compile(r"\d+|[a-z]+")


def _family_runs(names: Sequence[str]) -> list[str]:
    """Card names with neighbours of one family joined where they differ: by their numbers
    ("Limpieza 8", "Limpieza 6" read "Limpieza 8/6"), or by the one word in lower case of
    an endgame card ("Collector of wheel cards", "Collector of esparto cards" read
    "Collector of wheel/esparto cards")."""
    cells: list[list[str]] = []  # a cell's words, the differing one as "8/6"
    at: int | None = None  # the word the last cell's family differs by, once it has two
    for words in (name.split(" ") for name in names):
        last = cells[-1] if cells else []
        diff = [i for i, (x, y) in enumerate(zip(last, words, strict=False)) if x != y]
        k = diff[0] if len(diff) == 1 and len(last) == len(words) else -1
        kin = k >= 0 and at in (None, k)
        if kin and all(_FAMILY_WORD.fullmatch(w) for w in [*last[k].split("/"), words[k]]):
            last[k] += f"/{words[k]}"
            at = k
            continue
        cells.append(words)
        at = None
    return [" ".join(words) for words in cells]


def _compact_draft(obs: Obs) -> list[str]:
    """The Draft Area (8.1 Acquire Cards) a row a line, wrapped between cards: each row's
    cards left to right, a comma between two, neighbours of one family by their numbers
    ("Limpieza 8/6" is Limpieza 8, then Limpieza 6), the card under a Donkey marked with
    whose it is ("(you)") and ending its family's run. The faces are on the full board."""
    marks: dict[object, str] = {}
    for p in _seq(obs.get("players_view")):
        if isinstance(p, Mapping):
            marks[p.get("donkey")] = _short_who(p.get("seat"), obs)
    competition = obs.get("competition")
    if isinstance(competition, Mapping):
        marks[competition.get("donkey")] = "Competition"
    lines: list[str] = []
    packed: list[tuple[str, str]] = []
    for r, row in enumerate(_seq(obs.get("draft"))):
        cells: list[str] = []
        family = None  # the family of the last cell, while it can take one more number
        for c, card in enumerate(_seq(row)):
            name = str(card.get("name", "?")) if isinstance(card, Mapping) else "(empty)"
            mark = marks.get(r * 5 + c)
            found = re.fullmatch(r"(.+) (\d+)", name)
            if found is not None and cells and found.group(1) == family:
                cells[-1] += f"/{found.group(2)}"
            else:
                cells.append(name)
            family = found.group(1) if found is not None and mark is None else None
            if mark is not None:
                cells[-1] += f" ({mark})"
        cells[0] = f"Draft {r + 1}: {cells[0]}" if cells else f"Draft {r + 1}: empty"
        units = [(", " if i else "", x) for i, x in enumerate(cells)]
        lines += wrap_units(units, WIDTH, "    ")
        packed += [(" · " if packed else "", units[0][1]), *units[1:]]
    # With four donkeys (4 players) most rows take two lines, their second half empty, and
    # the screen is full: the next row then goes on after a " · " where that saves a line.
    # With fewer, a row starts its line.
    flowing = wrap_units(packed, WIDTH, "    ")
    four = len(_seq(obs.get("players_view"))) >= 4
    return flowing if four and len(flowing) < len(lines) else lines


def _compact_market(obs: Obs) -> str:
    parts = [
        f"{name} {h}" + (f" (demand {d})" if d != "?" else "") for name, h, d in _market_pieces(obs)
    ]
    return f"Market: {', '.join(parts)}; dice {_dice(obs, ' ')}"


def _dice(obs: Obs, sep: str) -> str:
    """The market dice, or "not rolled" before round 1's market update (7.1), which
    comes after the setup (the observation holds zeros then)."""
    phase = obs.get("phase")
    name = phase.get("phase") if isinstance(phase, Mapping) else None
    dice = sep.join(str(d) for d in _seq(obs.get("dice")))
    return "not rolled" if not dice or str(name).startswith("setup") else dice


def _compact_competition(c: Mapping[str, Any], last_face: bool) -> list[str]:
    held = [f"{_PIECES[i]} {s}" for i, s in enumerate(_seq(c.get("pieces"))) if s != "none"]
    back = _seq(c.get("top_card_back"))
    rounds = "; ".join(
        f"round {r + 1} {', '.join(str(x) for x in _seq(b)) or 'nothing'}"
        for r, b in enumerate(back)
    )
    shown = [card for card in _seq(c.get("revealed")) if isinstance(card, Mapping)]
    # Its difficulty, and the faces of the cards revealed before the last, are on the full
    # board (`b`); the last card revealed (12.5: its craftswoman's space, its donkey's move)
    # here with `last_face`.
    last = (
        [f"  Revealed last: {shown[-1].get('name')} — {iconized(str(shown[-1].get('face', '')))}"]
        if shown and last_face
        else []
    )
    return [
        f"Competition: {c.get('score')}{ICONS['VP']} · "
        f"{_count(c.get('craftswomen'), 'craftswoman', 'craftswomen')} · "
        f"deck {c.get('deck_size')} · pieces: {', '.join(held) or 'none'}",
        f"  Next card's back: {rounds or 'no card left'}"
        + (f" · {len(shown)} revealed" if shown else ""),
        *last,
    ]


def _compact_player(p: Mapping[str, Any], obs: Obs, *, me: bool, private: bool) -> list[str]:
    supply = (
        " ".join(
            f"{p.get(key)}{ICONS[name]}"
            for key, name in (
                ("perra_gorda", "Perra Gorda"),
                ("glazes", "Glaze"),
                ("clay", "Clay"),
                ("cracks", "Crack"),
            )
        )
        + f"/{CLEANING_AREA}"
    )
    who = "You" if p.get("seat") == obs.get("viewer") else _seat_title(p.get("seat"), obs)
    parts = [
        f"{who}: {p.get('score')}{ICONS['VP']}",
        supply,
        f"tech {p.get('technology')}",
    ]
    # 7.2.4: a shop closes with no craftswoman left: "shop closed" says both (with a name
    # on the line, both would wrap it).
    if not (p.get("shop_closed") and p.get("craftswomen") == 0):
        parts.append(_count(p.get("craftswomen"), "craftswoman", "craftswomen"))
    if not (me and private):
        parts.append(_count(p.get("hand_size"), "card", "cards"))
    if p.get("shop_closed"):
        parts.append("shop closed")
    line = " · ".join(parts)
    if not (me and private):
        return [line]
    names = [str(c.get("name")) for c in _seq(p.get("hand")) if isinstance(c, Mapping)]
    # Where to place (a row to Fire, Paint or Sell from) depends on your pieces, after your
    # supply; inside a placement the options name each piece they move.
    head = [("", line), *((" · ", part) for part in (_pieces(p) if _placing(obs) else []))]
    top = wrap_units(head, WIDTH, "      ")
    # Then your hand, broken between cards (never inside a card's name), neighbours of one
    # family by their numbers as in the Draft Area ("Taller de Vidriado 1/4"): on the same
    # line when its first card fits there, else on a line of its own; two lines more at
    # most here (`b` shows the whole hand with its faces).
    cells = _family_runs(names) or ["empty"]
    alone = cell_len(f"{top[-1]} · hand: {cells[0]} ·") > WIDTH  # as `wrap_units` keeps room
    start = (
        [("", f"  Your hand: {cells[0]}")]
        if alone
        else [("", top[-1]), (" · ", f"hand: {cells[0]}")]
    )
    most = len(top) + 2

    def laid(k: int, more: bool) -> list[str]:
        units = [*start, *((", ", n) for n in cells[1:k])]
        units += [(", ", "… (b: all)")] if more else []
        return top[: len(top) - (not alone)] + wrap_units(units, WIDTH, "      ")

    lines = laid(len(cells), False)
    if len(lines) > most:
        k = len(cells) - 1
        while k > 1 and len(laid(k, True)) > most:
            k -= 1
        lines = laid(k, True)
    pending = p.get("endgame_pending")  # 10.2: yours alone until every seat has chosen
    if isinstance(pending, Mapping):
        lines.append(f"  Your endgame card this round (face-down): {pending.get('name')}")
    return lines


# The pending tasks of a placement, as the observation codes them (rust/core/src/nijar/
# state.rs, `Task`): an action or bonus by its code (the order of `_ACT_NAMES`), "one of row
# r's actions" as 20 + r, "any main-board action" 23, "any bonus from the board" 24.
_ACQUIRE_CODES = (list(_ACT_NAMES).index("acquire"), list(_ACT_NAMES).index("acquire1"))
_TASK_ROW, _TASK_ANY, _TASK_ANY_BONUS = 20, 23, 24


def _draft_in_play(obs: Obs) -> bool:
    """Whether the decision can lead to acquiring a card or placing a donkey without the
    options naming the cards: placing a craftswoman, the setup's donkey, or a placement
    whose open tasks include an acquisition; and moving the donkey, whose next place prices
    what is around it. (Acquiring lists every card it may take, with its price.)"""
    phase = obs.get("phase")
    name = phase.get("phase") if isinstance(phase, Mapping) else None
    if name == "setup_donkey":
        return True
    mode = obs.get("mode")
    if isinstance(mode, Mapping) and mode.get("kind") == "donkey":
        # Where the donkey goes prices the next acquisitions by distance (8.1): the grid,
        # which the options' "card, column 3" do not draw.
        return True
    if name != "turns" or (isinstance(mode, Mapping) and mode.get("kind") != "idle"):
        return False
    frames = [f for f in _seq(obs.get("frames")) if isinstance(f, Mapping)]
    if not frames:
        return True
    layout = _seq(obs.get("layout"))
    for frame in frames:
        for task in _seq(frame.get("tasks")):
            if task in _ACQUIRE_CODES or task in (_TASK_ANY, _TASK_ANY_BONUS):
                return True
            row = task - _TASK_ROW if isinstance(task, int) else -1
            if 0 <= row < 3 and "acquire" in layout[row * 3 : row * 3 + 3]:
                return True
    return False


_UNDER_WAY = {
    "acquire": "Acquire Cards",
    "donkey": "moving the donkey",
    "throw": "Throw",
    "fire": "Fire",
    "paint": "Paint",
    "clean": "Clean",
    "esparto": "Collect Esparto",
}


def _open_here(obs: Obs) -> list[str]:
    """What is still open of the placement being resolved: its row's one action (the
    options starting "Row: "), its bonuses, "any main-board action" (8.11, an endgame card
    discarded), "any bonus". What a card played or a vase moved opened comes first; what it
    interrupted is "then" (7.2.1: bonuses are resolved before or after an action and what it
    triggers, not during)."""
    layout = _seq(obs.get("layout"))

    def task_name(task: object) -> str | None:
        if not isinstance(task, int):
            return None
        if 0 <= task - _TASK_ROW < 3:
            r = task - _TASK_ROW
            acts = [_act(a) for a in layout[r * 3 : r * 3 + 3]]
            return f"{ROW}ONE of {', '.join(acts[:-1])} or {acts[-1]}"
        if task == _TASK_ANY:
            return "any one main-board action"
        if task == _TASK_ANY_BONUS:
            return "any one bonus of the board"
        return _act(list(_ACT_NAMES)[task]) if 0 <= task < len(_ACT_NAMES) else None

    frames = [
        [n for t in _seq(f.get("tasks")) if (n := task_name(t)) is not None]
        for f in _seq(obs.get("frames"))
        if isinstance(f, Mapping)
    ]
    frames = [f for f in frames if f]
    mode = obs.get("mode")
    kind = mode.get("kind") if isinstance(mode, Mapping) else None
    if isinstance(kind, str) and kind in _UNDER_WAY:
        # A compound action being played (its next piece, card, vase...): what the options
        # are about, before what the placement still holds.
        frames.append([f"{_UNDER_WAY[kind]}, under way"])
    if not frames:
        return []
    *outer, now = frames  # the last frame is the one being resolved
    then = "; ".join(n for f in reversed(outer) for n in f)
    return [f"Open here: {'; '.join(now)}" + (f" · then: {then}" if then else "")]


def _placing(obs: Obs) -> bool:
    """Whether the decision is not inside a placement: placing a craftswoman (or discarding
    an endgame card for an action), or a step between the turns (setup, market, endgame)."""
    phase = obs.get("phase")
    if not isinstance(phase, Mapping) or phase.get("phase") != "turns":
        return True
    mode = obs.get("mode")
    idle = not isinstance(mode, Mapping) or mode.get("kind") == "idle"
    return idle and not _seq(obs.get("frames"))


def _compact(observation: Obs, viewer: object, private: bool) -> RenderableType:
    # Inside a placement (its actions and bonuses, 7.2.1) the columns' bonuses, the Special
    # Action and the other seats' supplies are for where to place next: left to `b` there.
    placing = _placing(observation)
    lines = _compact_columns(observation) if placing else []
    lines += _compact_rows(observation)
    lines.append(_compact_market(observation))
    if _draft_in_play(observation):
        lines += _compact_draft(observation)
    competition = observation.get("competition")
    if isinstance(competition, Mapping):
        # The last revealed card's face where a step of an action is being played (a card
        # to acquire, a vase to move) and between the turns; where a craftswoman is placed
        # or a placement's actions are chosen the screen is full (its craftswomen are on
        # the rows above, its donkey in the Draft Area).
        mode = observation.get("mode")
        phase = observation.get("phase")
        idle = not isinstance(mode, Mapping) or mode.get("kind") == "idle"
        turns = isinstance(phase, Mapping) and phase.get("phase") == "turns"
        lines += _compact_competition(competition, last_face=not (turns and idle))
    for p in _seq(observation.get("players_view")):
        me = p.get("seat") == viewer if isinstance(p, Mapping) else False
        if isinstance(p, Mapping) and (placing or (me and private)):
            lines += _compact_player(p, observation, me=me, private=private)
    lines += _open_here(observation)
    return Group(Rule(_header(observation)), _wrapped(lines))


def _round(obs: Obs) -> str:
    """ "round 2 of 3": "A game of Níjar is played over three rounds" (Game Flow)."""
    return f"round {obs.get('round')} of 3" + (" (the last)" if obs.get("round") == 3 else "")


def _turn_order(obs: Obs, named: str = "") -> str:
    """The seats in turn order; `named` "(name)" or "name": each with who plays it where the
    table named the seats ("seat 1 (random)", or "seat 1 random" and yours "you")."""
    names = _seq(obs.get("seat_names"))
    order = []
    for s in _seq(obs.get("turn_order")):
        who = _who(s, obs)
        if named and who.startswith("seat ") and isinstance(s, int) and s < len(names):
            if "(you)" in who or names[s] == "you":
                who = f"seat {s} (you)" if named == "(name)" else "you"
            else:
                who += f" ({names[s]})" if named == "(name)" else f" {names[s]}"
        order.append(who)
    return ", ".join(order)


def _header(obs: Obs) -> str:
    """The title above the board: the round, the turn order and who plays each seat,
    which a screen inside a placement says nowhere else (the other seats' lines are left
    to `b` there); the longest form that fits a line, else without the names."""
    this = _round(obs)
    bare = f"round {obs.get('round')} of 3"
    forms = [
        f"Níjar — {this}, turn order: {_turn_order(obs, '(name)')}",
        f"Níjar — {this}, turn order: {_turn_order(obs, 'name')}",
        f"{bare[0].upper()}{bare[1:]}, turn order: {_turn_order(obs, 'name')}",
    ]
    # A rule's title has a "─ " either side.
    return next(
        (f for f in forms if cell_len(f) <= WIDTH - 4),
        f"Níjar — {this}, turn order: {_turn_order(obs)}",
    )


def render(
    observation: Mapping[str, Any], *, private: bool, compact: bool = False
) -> RenderableType:
    """The Níjar table as `observation` shows it: the main board, the market, the draft area
    and each workshop (the viewer's hand only when `private`)."""
    observation = spelled_out(observation)
    viewer = observation.get("viewer")
    if not private:
        # Drawn for other eyes: the same from every seat's view, so no "you" marks.
        observation = {**observation, "viewer": None}
    if compact:
        return _compact(observation, viewer, private)
    parts: list[RenderableType] = [
        Rule(_header(observation)),
        _main_board(observation),
        _wrapped(
            [
                "Special Action: Collect 1 Esparto + "
                + " + ".join(_act(a) for a in _seq(observation.get("special_bonuses")))
                + _on_special(observation, _who),
                *_right_track(observation, _who),
            ]
        ),
        _market(observation),
    ]
    parts.append(_draft(observation))
    competition = observation.get("competition")
    if isinstance(competition, Mapping):
        parts.append(_competition(competition))
    # Your own workshop and hand last, above the options (on a short terminal `b` scrolls:
    # what stays on screen is yours); the others in seat order.
    players = [p for p in _seq(observation.get("players_view")) if isinstance(p, Mapping)]
    if private:
        players.sort(key=lambda p: p.get("seat") == viewer)
    for p in players:
        parts.append(_player(p, observation, me=p.get("seat") == viewer, private=private))
    parts.append(_wrapped(_open_here(observation)))
    return Group(*parts)
