"""The Studies in Sorcery table, drawn with rich from one seat's observation.

Only `State.observation(seat)` is read, so nothing the seat may not see can be shown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

__all__ = ["render"]

_ICON = {
    "mushroom": "🍄",
    "skull": "💀",
    "ring": "💍",
    "hand": "✋",
    "rib_cage": "🦴R",
    "limb": "🦴",
    "candle": "🕯",
    "vial": "🧪",
}


def _icons(names: Sequence[str]) -> str:
    return " ".join(_ICON.get(n, n) for n in names)


def _project(p: Mapping[str, Any] | None) -> str:
    if p is None:
        return "—"
    text = f"{p['name']} [{p['department']} {p['level']}] ${p['cost']} → {p['credits']}cr"
    text += f"\n  needs {_icons(p['icons'])}"
    ability = p.get("ability")
    if ability:
        text += f"\n  {ability['trigger']}: {ability['text']}"
    return text


def _material(m: Mapping[str, Any]) -> str:
    mods = ""
    if m.get("credit"):
        mods += " +1:" + _icons(m["credit"])
    if m.get("demerit"):
        mods += " -1:" + _icons(m["demerit"])
    return f"{m['name']} ${m['value']} {_icons(m['icons'])}{mods}"


def _seat_panel(p: Mapping[str, Any], viewer: int, private: bool, compact: bool) -> Panel:
    me = p["seat"] == viewer and private
    lines: list[str] = []
    score = p["score"] if me and p.get("score") is not None else p["public_score"]
    lines.append(f"credits: {score}{'' if me else ' (completed projects)'}")
    if me and p.get("thesis"):
        th = p["thesis"]
        lines.append(f"thesis: {th['name']} ({th['credits']}cr: {th['condition']})")
    elif p.get("has_thesis"):
        lines.append("thesis: face-down")
    if p.get("staff"):
        used = " (used this month)" if p["staff_used"] else ""
        lines.append(f"staff: {p['staff']['name']} — {p['staff']['text']}{used}")
    if p.get("mission") is not None:
        met = p.get("mission_met")
        lines.append(
            f"mission {p['mission']}" + ("" if met is None else f": {'met' if met else 'not yet'}")
        )
    for w in p["projects"]:
        filled = sum(1 for c in w["committed"] if c is not None)
        tokens = (
            f" +{w['credit_tokens']}/-{w['demerit_tokens']}"
            if w["credit_tokens"] or w["demerit_tokens"]
            else ""
        )
        lines.append(f"• {w['name']} {filled}/{len(w['icons'])} {_icons(w['icons'])}{tokens}")
    if p["completed"]:
        done = ", ".join(
            f"{d['name']} {d['credits']}"
            + (f"+{d['credit_tokens']}" if d["credit_tokens"] else "")
            + (f"-{d['demerit_tokens']}" if d["demerit_tokens"] else "")
            for d in p["completed"]
        )
        lines.append(f"✓ {done}")
    if me and p.get("hand") is not None:
        lines.append(f"hand ({p['hand_size']}):")
        lines.extend(f"  {_material(m)}" for m in p["hand"])
        if p.get("pending_commits"):
            lines.append(
                "committing: "
                + ", ".join(
                    f"{c['material']['name']} → {c['project']} ({c['icon']})"
                    for c in p["pending_commits"]
                )
            )
    else:
        # What the viewer knows of another hand is its own knowledge: not for other eyes.
        known = (p.get("hand_known") or []) if private else []
        extra = f", known: {', '.join(m['name'] for m in known)}" if known and not compact else ""
        lines.append(f"hand: {p['hand_size']} cards{extra}")
    return Panel("\n".join(lines), title=f"Seat {p['seat']}", expand=True)


# The decision in progress, in the rulebook's words (the observation names the engine's stage).
_STAGE_TEXT = {
    "PickThesis": "keep one of your two theses (Player Setup 1)",
    "PickProject": "keep one of your two 100-level projects (Player Setup 2)",
    "PickStaff": "keep one of your two staffs",
    "Choose": "choose your action: cram, dig, buy or a project action",
    "Cram": "cram: commit a material, or end the cram",
    "CramTarget": "cram: the project and icon for the material",
    "Dig": "dig: take this grave pile, or look at the next",
    "DigEnd": "dig: all three piles passed, take the top grave card, a Candle or a Vial",
    "BuyClear": "buy: clear two market projects for $1, or go on to the purchase",
    "BuySelect": "buy: choose projects and stock",
    "BuyPay": "buy: discard materials to pay",
    "SpectralTake": "take grave cards from the piles",
    "FillTarget": "fill an icon without a material",
    "CreditTarget": "the project for the extra-credit tokens",
    "DemeritTarget": "the project whose demerits are removed",
    "StockChoice": "take a Candle or a Vial",
    "AfterAction": "use your staff now, or end the turn",
    "Commit": "commit step: commit a material, or finish",
    "CommitTarget": "commit step: the project and icon for the material",
    "Complete": "complete step: use your staff now, or keep it",
}


def _decision_text(turn: Mapping[str, Any]) -> str:
    stage = str(turn.get("stage"))
    text = _STAGE_TEXT.get(stage, stage)
    if stage in ("BuyClear", "BuySelect", "BuyPay"):
        text += f" (price ${turn.get('price')}, paid ${turn.get('paid')})"
    return text


def render(
    observation: Mapping[str, Any], *, private: bool, compact: bool = False
) -> RenderableType:
    """The table as `observation`'s seat sees it (``private``: show that seat's hand)."""
    obs = observation
    viewer = int(obs["viewer"])
    head = Text(
        f"Month {obs['month']}/4 · week {obs['week']} ({obs['moon']}) · first player: seat "
        f"{obs['first_player']} · {obs['step']} step · seat {obs['current_player']} to act"
    )
    market = Table(title="Market", show_header=False, expand=True)
    for _ in range(3):
        market.add_column()
    spaces = list(obs["market"])
    for row in range(2):
        market.add_row(
            *(f"{2 * col + row + 1}. {_project(spaces[2 * col + row])}" for col in range(3))
        )
    piles = "  ".join(
        f"pile {k + 1}: {pile['size']} cards"
        + (
            f" (seen: {', '.join(m['name'] for m in pile['known'])})"
            if pile["known"] and private
            else ""
        )
        for k, pile in enumerate(obs["piles"])
    )
    supply = (
        f"grave deck {obs['grave_deck_size']} · discard {len(obs['discard'])} · candles "
        f"{obs['candles']} · vials {obs['vials']} · project decks {obs['deck_sizes']}"
    )
    parts: list[RenderableType] = [head, market, Text(piles), Text(supply)]
    robot = obs.get("robot")
    if robot:
        parts.append(
            Text(
                f"Robot: {len(robot['materials'])} grave cards, {robot['tokens']} tokens, "
                f"score {robot['score']}"
            )
        )
    for p in obs["players"]:
        parts.append(_seat_panel(p, viewer, private, compact))
    turn = obs.get("turn") or {}
    if private and obs["current_player"] == viewer and turn:
        parts.append(Text(f"To decide: {_decision_text(turn)}"))
    return Group(*parts)
