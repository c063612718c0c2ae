"""Drawing a game's observation for people (the CLI's board), with rich.

The board is built only from `State.observation(seat)`, so it can never show more than that
seat may see; `private=False` also leaves out the viewer's own hidden cards (for a table
watched by nobody in particular). Every key is read defensively: a missing key draws as
blank rather than failing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.text import Text

__all__ = ["render_board", "render_sunrise"]

Obs = Mapping[str, Any]

_STEP_NAMES = {
    "select": "Step 1: select resource cards",
    "work": "Step 2: work on projects",
    "complete": "Step 3: complete projects",
    "game_over": "game over",
}


def render_board(
    game: str, observation: Obs, *, private: bool, compact: bool = False
) -> RenderableType:
    """The board of `game` as seen in `observation` (see `render_sunrise`)."""
    if game == "sunrise":
        return render_sunrise(observation, private=private, compact=compact)
    return Text(repr(dict(observation)))


def _title(word: object) -> str:
    return str(word).replace("_", " ").title()


def _seat_name(seat: object, viewer: object, private: bool) -> str:
    if private and seat == viewer:
        return f"seat {seat} (you)"
    return f"seat {seat}"


def _icons(icons: Sequence[Any], filled: Sequence[Any] | None = None) -> Text:
    text = Text()
    for i, icon in enumerate(icons):
        if i:
            text.append(" ")
        done = filled is not None and i < len(filled) and bool(filled[i])
        if done:
            text.append(f"{_title(icon)}✓", style="green")
        else:
            text.append(_title(icon))
    return text


def _project_line(p: Obs, *, with_icons: bool = True) -> Text:
    text = Text()
    text.append(f"#{p.get('number', '?')} {p.get('name', '?')}", style="bold")
    details = [_title(p.get("type", "?")), f"{p.get('points', '?')} pts"]
    if p.get("beans"):
        details.append(f"{p['beans']} bean" + ("s" if p["beans"] != 1 else ""))
    text.append(f" ({', '.join(details)})")
    if with_icons and p.get("icons") is not None:
        text.append(": ")
        text.append_text(_icons(p.get("icons", []), p.get("filled")))
    return text


def _advantage_line(a: Obs) -> str:
    kind = a.get("kind", "")
    bits = [str(a.get("name", "?"))]
    if kind == "showpiece":
        bits.append(f"showpiece {a.get('points', '?')} pts, needs {_icons(a.get('icons', []))}")
    elif kind == "personal_goal":
        types = ", ".join(_title(t) for t in a.get("types", []))
        bits.append(f"goal {a.get('points', '?')} pts for {types}")
    elif a.get("amount") is not None:
        bits.append(f"+{a['amount']} reserve")
    return " — ".join(bits)


def _lines(items: Iterable[Text | str]) -> Text:
    out = Text()
    for i, item in enumerate(items):
        if i:
            out.append("\n")
        out.append_text(item if isinstance(item, Text) else Text(item))
    return out


def _header(obs: Obs) -> Text:
    text = Text(style="bold")
    text.append(f"Day {obs.get('day', '?')} of 3 · {obs.get('round_name', '?')}")
    text.append(f" (round {obs.get('round', '?')} of 3)")
    if obs.get("final_round"):
        text.append(" · FINAL ROUND", style="bold red")
    step = obs.get("step", "")
    text.append(f" · {_STEP_NAMES.get(step, step)}")
    current = obs.get("current_player", -4)
    if isinstance(current, int) and current >= 0:
        text.append(f" · seat {current} to act")
    return text


def _section(title: str, lines: list[Text | str]) -> Text:
    out = Text(title, style="bold underline")
    for line in lines:
        out.append("\n  ")
        out.append_text(line if isinstance(line, Text) else Text(line))
    return out


def _challenges(obs: Obs) -> Text:
    lines: list[Text | str] = []
    for c in obs.get("challenges", []):
        high_seat = c.get("high_seat")
        taken = f" taken by seat {high_seat}" if high_seat is not None else " open"
        low_seats = c.get("low_seats") or []
        low = "seats " + ", ".join(str(s) for s in low_seats) if low_seats else "nobody yet"
        lines.append(
            f"{c.get('name', '?')}: first {c.get('high', '?')} pts ({taken.strip()}), "
            f"later {c.get('low', '?')} pts ({low})"
        )
    return _section("Studio challenges", lines)


def _project_row(obs: Obs) -> Text:
    lines: list[Text | str] = []
    for i, p in enumerate(obs.get("project_row", [])):
        line = Text(f"{i + 1}. ")
        if p is None:
            line.append("(empty)")
        else:
            line.append_text(_project_line(p))
            glazes = " or ".join(_title(g) for g in p.get("glazes", []))
            line.append(f" · clay {_title(p.get('clay', '?'))}, glaze {glazes}")
        lines.append(line)
    return _section(f"Project row (deck: {obs.get('project_deck_size', '?')})", lines)


def _player(p: Obs, viewer: object, private: bool) -> Text:
    head = Text(_seat_name(p.get("seat"), viewer, private), style="bold")
    head.append(
        f" · score {p.get('score', '?')} · supply {p.get('supply', '?')}"
        f" · reserve {p.get('reserve', '?')} · advantage cards face-down:"
        f" {p.get('hidden_advantages', 0)}"
    )
    styles = ", ".join(_title(s) for s in p.get("styles_used", []))
    if styles:
        head.append(f" · styles used: {styles}")
    if p.get("go_first"):
        head.append(" · goes first on next completion")
    lines: list[Text | str] = []
    lines += [Text("in progress: ") + _project_line(x) for x in p.get("projects", [])]
    lines += [Text("showpiece: ") + _project_line(x) for x in p.get("showpieces", [])]
    lines += [
        Text("awaiting completion: ") + _project_line(x, with_icons=False)
        for x in p.get("awaiting_completion", [])
    ]
    for x in p.get("completed", []):
        line = Text("completed: ") + _project_line(x, with_icons=False)
        if x.get("glaze"):
            line.append(f" [{_title(x['glaze'])}]")
        lines.append(line)
    lines += [
        f"completed showpiece: {a.get('name', '?')}" for a in p.get("completed_showpieces", [])
    ]
    lines += [f"revealed: {_advantage_line(a)}" for a in p.get("revealed_advantages", [])]
    wheel = p.get("wheel") or []
    if wheel:
        cards = ", ".join(
            str(w.get("card", {}).get("label", "?")) + (" (used)" if all(w.get("used", [])) else "")
            for w in wheel
        )
        lines.append(f"pottery wheel: {cards}")
    for item in lines:
        head.append("\n    ")
        head.append_text(item if isinstance(item, Text) else Text(item))
    return head


def _players(obs: Obs, private: bool) -> Group:
    viewer = obs.get("viewer")
    return Group(*(_player(p, viewer, private) for p in obs.get("players", [])))


def _private(obs: Obs) -> Text | None:
    viewer = obs.get("viewer")
    me = next((p for p in obs.get("players", []) if p.get("seat") == viewer), None)
    if me is None:
        return None
    lines: list[Text | str] = []
    hand = me.get("hand")
    if hand:
        labels = ", ".join(str(c.get("label", "?")) for c in hand)
        lines.append(f"Your hand ({me.get('stack_size', '?')} cards left in your stack): {labels}")
    advantages = me.get("advantages")
    if advantages:
        cards = "; ".join(map(_advantage_line, advantages))
        lines.append(f"Your face-down advantage cards: {cards}")
    known = obs.get("advantage_deck_known") or []
    if known:
        cards = "; ".join(
            f"position {k.get('position', '?')}: {k.get('card', {}).get('name', '?')}"
            for k in known
        )
        lines.append(f"Advantage cards you know in the deck: {cards}")
    pending = me.get("pending_choice")
    if pending:
        dests = ", ".join(str(d) for d in pending.get("destinations", []))
        lines.append(f"Your choice (hidden until the reveal): {pending.get('style', '?')}: {dests}")
    return _lines(lines) if lines else None


def _turn(obs: Obs) -> Text | None:
    turn = obs.get("turn")
    if not turn:
        return None
    text = Text(f"Completion turn: seat {turn.get('seat', '?')} completes ")
    text.append_text(_project_line(turn.get("project", {}), with_icons=False))
    if turn.get("stage"):
        text.append(f" · {_title(turn['stage'])}")
    drawn = turn.get("drawn")
    if drawn:
        text.append(" · drawn: " + "; ".join(map(_advantage_line, drawn)))
    return text


def render_sunrise(obs: Obs, *, private: bool, compact: bool = False) -> RenderableType:
    """The Sunrise at the Studio board in `obs`.

    `private` shows the viewer's own hidden cards (hand, face-down advantage cards, pending
    choice); leave it off when nobody in particular is watching. `compact` draws only the
    viewer's own studio and the turn in progress (for a player's second decision in a row).
    """
    if compact:
        viewer = obs.get("viewer")
        compact_parts: list[RenderableType] = [Rule(_header(obs))]
        compact_parts += [
            _player(p, viewer, private) for p in obs.get("players", []) if p.get("seat") == viewer
        ]
        for extra in (_turn(obs), _private(obs) if private else None):
            if extra is not None:
                compact_parts.append(extra)
        return Group(*compact_parts)
    parts: list[RenderableType] = [Rule(_header(obs)), _challenges(obs), _project_row(obs)]
    parts.append(
        Text(
            f"Advantage deck: {obs.get('advantage_deck_size', '?')} · "
            f"Wastebasket: {obs.get('wastebasket_size', '?')} · "
            f"Community supply: {obs.get('community_supply', '?')}"
        )
    )
    parts.append(_players(obs, private))
    turn = _turn(obs)
    if turn is not None:
        parts.append(turn)
    if private:
        mine = _private(obs)
        if mine is not None:
            parts.append(mine)
    return Group(*parts)
