"""Drawing a Níjar observation for people (the CLI's board), with rich.

Built only from `State.observation(seat)`, so it never shows more than that seat may see;
with ``private=False`` the viewer's own hand is left out too. Keys are read defensively: a
missing key draws as blank rather than failing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

__all__ = ["LEGEND", "render", "rule_section"]

Obs = Mapping[str, Any]

_ACT_NAMES = {
    "acquire": "Acquire",
    "play": "Play a Card",
    "clay": "Extract Clay",
    "technology": "Technology",
    "throw": "Throw",
    "shape": "Shape",
    "fire": "Fire",
    "paint": "Paint",
    "clean": "Clean",
    "esparto": "Collect Esparto",
    "first_player": "Turn Order",
    "fire1": "Fire 1",
    "paint1": "Paint 1",
    "clean1": "Clean 1",
    "throw1": "Throw 1",
    "acquire1": "Acquire 1",
    "clay1": "1 Clay",
    "pg_or_glaze": "2 PG / 2 Glazes",
    "esparto1": "1 Esparto",
}
_PIECES = ("Plate", "Jug", "Pot")

LEGEND = """\
Main board   rows of three actions; columns 1-3 always open, A (3-4 players), B (4 players),
             each with its bonus; "seat 2 x3" = three of seat 2's craftswomen on that space
Market       each piece's marker height (sale VP rise with it) and this round's demand
Draft area   3 rows of 5 cards, one row per deck; [donkey N] = seat N's donkey,
             [donkey Competition] the Competition's (solo)
Workshop     wheels "vase position/length", cleanup cards "cracks/spaces", pieces in the
             drying area, firing kilns, glazing workshops and glaze kilns
PG           Perra Gorda tokens"""

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


_COLUMNS = ("1", "2", "3", "A", "B")


def _act(key: object) -> str:
    return _ACT_NAMES.get(str(key), str(key)) if key is not None else "—"


def _seq(value: object) -> Sequence[Any]:
    return value if isinstance(value, list) else []


def _main_board(obs: Obs) -> Table:
    table = Table(title="Main board", show_lines=True)
    table.add_column("Row actions")
    bonuses = _seq(obs.get("column_bonuses"))
    for c, name in enumerate(_COLUMNS):
        bonus = bonuses[c] if c < len(bonuses) else None
        table.add_column(f"{name}\n({_act(bonus)})" if bonus else f"{name}\n(blocked)")
    layout = _seq(obs.get("layout"))
    spaces = _seq(obs.get("spaces"))
    for r in range(3):
        acts = " / ".join(_act(a) for a in layout[r * 3 : r * 3 + 3])
        row = _seq(spaces[r]) if r < len(spaces) else []
        cells = []
        for c in range(5):
            occ = row[c] if c < len(row) and isinstance(row[c], Mapping) else {}
            seat = occ.get("seat")
            cells.append("" if seat is None else f"seat {seat} x{occ.get('count', 0)}")
        table.add_row(Text(acts), *(Text(c) for c in cells))
    return table


def _market(obs: Obs) -> Text:
    heights = _seq(obs.get("market_heights"))
    demand = _seq(obs.get("demand"))
    rnd = int(obs.get("round", 1) or 1)
    row = _seq(demand[rnd - 1]) if 0 < rnd <= len(demand) else []
    parts = []
    for i, name in enumerate(_PIECES):
        h = heights[i] if i < len(heights) else "?"
        d = row[i] if i < len(row) else "?"
        parts.append(f"{name}: height {h} (demand {d})")
    return Text(f"Market — {'; '.join(parts)}; dice {obs.get('dice')}")


def _draft(obs: Obs) -> Table:
    table = Table(title="Draft area", show_lines=False)
    for c in range(5):
        table.add_column(str(c + 1))
    donkeys = {
        p.get("donkey"): p.get("seat")
        for p in _seq(obs.get("players_view"))
        if isinstance(p, Mapping)
    }
    competition = obs.get("competition")
    if isinstance(competition, Mapping):
        donkeys[competition.get("donkey")] = "Competition"
    for r, row in enumerate(_seq(obs.get("draft"))):
        cells = []
        for c, card in enumerate(_seq(row)):
            name = card.get("name", "?") if isinstance(card, Mapping) else "(empty)"
            seat = donkeys.get(r * 5 + c)
            cells.append(f"{name}" + (f" [donkey {seat}]" if seat is not None else ""))
        # Text, not markup: "[donkey 0]" must not be read as a style tag.
        table.add_row(*(Text(c) for c in cells))
    return table


def _player(p: Mapping[str, Any], *, me: bool, private: bool, compact: bool) -> RenderableType:
    lines = [
        f"Seat {p.get('seat')}: {p.get('score')} VP — {p.get('perra_gorda')} Perra Gorda, "
        f"{p.get('glazes')} Glazes, {p.get('clay')} Clay, {p.get('cracks')} Cracks, "
        f"technology {p.get('technology')}, craftswomen {p.get('craftswomen')}"
        + (", shop closed" if p.get("shop_closed") else ""),
    ]
    if not compact:
        wheels = ", ".join(
            f"{w.get('name')} {w.get('vase')}/{w.get('length')}"
            for w in _seq(p.get("wheels"))
            if isinstance(w, Mapping)
        )
        lines.append(f"  Wheels: {wheels}")
        cleanups = ", ".join(
            f"{c.get('name')} {c.get('cracks')}/{c.get('spaces')}"
            for c in _seq(p.get("cleanups"))
            if isinstance(c, Mapping)
        )
        lines.append(f"  Cleanup: {cleanups}; esparto cards: {len(_seq(p.get('esparto'))) + 1}")

        def pieces(key: str) -> str:
            return ", ".join(
                str(k.get("piece") or "empty") for k in _seq(p.get(key)) if isinstance(k, Mapping)
            )

        drying = _seq(p.get("drying"))
        lines.append(
            "  Drying: "
            + ", ".join(f"{_PIECES[i]} {n}" for i, n in enumerate(drying) if n)
            + f" | Firing kilns: {pieces('firing_kilns')} | Workshops: "
            + f"{pieces('glazing_workshops')} | Glaze kilns: {pieces('glaze_kilns')}"
        )
        lines.append(f"  Sold: {p.get('sold')}; endgame cards played: {p.get('endgame_played')}")
    if me and private:
        hand = ", ".join(str(c.get("name")) for c in _seq(p.get("hand")) if isinstance(c, Mapping))
        lines.append(f"  Your hand: {hand}")
        pending = p.get("endgame_pending")  # 10.2: yours alone until every seat has chosen
        if isinstance(pending, Mapping):
            lines.append(f"  Your endgame card this round (face-down): {pending.get('name')}")
        elif pending == "keep":
            lines.append("  Your endgame card this round: none (you keep your cards)")
    else:
        lines.append(f"  Hand: {p.get('hand_size')} cards")
    return Text("\n".join(lines))


def render(
    observation: Mapping[str, Any], *, private: bool, compact: bool = False
) -> RenderableType:
    """The Níjar table as `observation` shows it: the main board, the market, the draft area
    and each workshop (the viewer's hand only when `private`)."""
    viewer = observation.get("viewer")
    parts: list[RenderableType] = [
        Rule(
            f"Níjar — round {observation.get('round')}, turn order {observation.get('turn_order')}"
        ),
        _main_board(observation),
        Text(
            "Special Action: 1 Esparto + "
            + " + ".join(_act(a) for a in _seq(observation.get("special_bonuses")))
        ),
        _market(observation),
    ]
    if not compact:
        parts.append(_draft(observation))
    competition = observation.get("competition")
    if isinstance(competition, Mapping):
        parts.append(
            Text(
                f"Competition ({competition.get('difficulty')}): {competition.get('score')} VP, "
                f"craftswomen {competition.get('craftswomen')}, "
                f"pieces {competition.get('pieces')}, "
                f"deck {competition.get('deck_size')}, next card's back "
                f"{competition.get('top_card_back')}"
                + (", shop closed" if competition.get("shop_closed") else "")
            )
        )
    for p in _seq(observation.get("players_view")):
        if isinstance(p, Mapping):
            parts.append(_player(p, me=p.get("seat") == viewer, private=private, compact=compact))
    return Group(*parts)
