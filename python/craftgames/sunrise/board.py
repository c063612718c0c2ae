"""Sunrise at the Studio for people: its board, its symbols, and where its rules are.

The table-side CLI (`craftgames.table`) finds this module by the game's name and uses:
`render` (the board), `LEGEND` (the board's symbols, for ``?``), `rule_section` (the rulebook
section of the step being played) and `name_sides` (who "left" and "right" are). The board is
built only from `State.observation(seat)`, so it can never show more than that seat may see.
The observation names cards by id; their names, icons and points come from the card
catalogue it carries under ``"cards"`` (see `craftgames.sunrise.cards`). Every key is read
defensively: a missing key draws as blank rather than failing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.text import Text

from craftgames.table.presentation import default_option_path

__all__ = ["LEGEND", "name_sides", "option_path", "render", "rule_section"]

Obs = Mapping[str, Any]

LEGEND = """\
#13         a project's number (it sets the project order in step 3)
Stoneware✓  a project's icon already covered by a resource
pts, beans  a project's points; its coffee beans (most beans: the cup of coffee)
clay, glaze the project's clay, and the glaze(s) that may finish it
Challenges  each space's points and who holds it: first (higher), later (lower)
supply      your personal supply; reserve: resources set aside (2 = 1 point)
face-down   advantage cards a seat holds unrevealed
pts now     the score if the game ended now (only what is scored or revealed)"""

_SECTIONS = {
    "select": "Step One: Select Resource Cards (All Simultaneously), and Work Styles",
    "work": "Step Two: Work on Projects (All Simultaneously)",
    "convert": "Use Resources from the Reserve, and Step Three: Determine Project Order",
    "complete": "Step Three: Complete Projects (In Project Order), Completion Bonus Actions",
    "final_choices": "End Game and Final Scoring (face-down advantage cards)",
    "game_over": "End Game, Final Scoring and Tiebreaker",
}


def rule_section(observation: Obs) -> str:
    """The rulebook section that governs the step being played."""
    step = str(observation.get("step", ""))
    return "Sunrise at the Studio rulebook, " + _SECTIONS.get(step, "A Game Round")


_PLACE = re.compile(r"Place (?P<what>.+) from (?P<card>.+) on (?P<project>.+)$")
_RESERVE = re.compile(r"Place a resource from (?P<card>.+) into the reserve$")
_CONVERT = re.compile(r"Convert 2 reserve resources into (?P<what>.+) on (?P<project>.+)$")
_TAKE = re.compile(r"Take (?P<project>.+ \(#\d+.*\)) from (?P<space>row space \d+|the top of .+)$")


def option_path(text: str) -> tuple[str, ...]:
    """How a long list of options is grouped: step one by work style, then by the cards
    kept; step two by the project worked on (or the reserve), then by the card used."""
    path = default_option_path(text)
    if len(path) > 1:
        return path
    if m := _PLACE.match(text):
        return (f"Place on {m['project']}", f"{m['what']} from {m['card']}")
    if m := _RESERVE.match(text):
        return ("Place into the reserve", f"a resource from {m['card']}")
    if m := _CONVERT.match(text):
        return (f"Convert 2 reserve resources on {m['project']}", f"into {m['what']}")
    if m := _TAKE.match(text):
        return ("Take a project from the row", f"{m['project']} from {m['space']}")
    return path


def _side(seat: int, players: int, offset: int, names: Sequence[str]) -> str:
    other = (seat + offset) % players
    return f"seat {other}, {names[other]}" if other < len(names) else f"seat {other}"


def name_sides(text: str, seat: int, names: Sequence[str]) -> str:
    """`text` (an option of `seat`) with "→ left" / "→ right" naming the seat they reach.

    Left is the next seat clockwise (seat + 1), right the one before ("Work Styles": pass
    left / right); with 2 players the sentences say "the other player", named the same way.
    """
    players = len(names)
    if players < 2:
        return text
    left = _side(seat, players, 1, names)
    right = _side(seat, players, players - 1, names)
    text = re.sub(r"→ left\b", f"→ left ({left})", text)
    text = re.sub(r"→ right\b", f"→ right ({right})", text)
    return re.sub(r"→ the other player\b", f"→ the other player ({left})", text)


_STEP_NAMES = {
    "select": "Step 1: select resource cards",
    "work": "Step 2: work on projects",
    "convert": "Step 3: convert reserve resources before the completion turns",
    "complete": "Step 3: complete projects",
    "final_choices": "Game end: reveal or discard face-down advantage cards",
    "game_over": "game over",
}


def _space(i: int) -> str:
    """A row space as the action sentences name it: space 0 is the deck's face-up top card."""
    return "deck top: " if i == 0 else f"space {i}: "


def _pts(n: object) -> str:
    return f"{n} pt" if n in (1, -1) else f"{n} pts"


def _seats(seats: Sequence[object]) -> str:
    return ("seat " if len(seats) == 1 else "seats ") + ", ".join(map(str, seats))


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
    details = [_title(p.get("type", "?")), _pts(p.get("points", "?"))]
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
        bits.append(f"showpiece {_pts(a.get('points', '?'))}, needs {_icons(a.get('icons', []))}")
    elif kind == "personal_goal":
        types = ", ".join(_title(t) for t in a.get("types", []))
        bits.append(f"goal {_pts(a.get('points', '?'))} for {types}")
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


def _header(obs: Obs, short: bool = False) -> Text:
    text = Text(style="bold")
    text.append(f"Day {obs.get('day', '?')} of 3 · {obs.get('round_name', '?')}")
    if not short:
        text.append(f" (round {obs.get('round', '?')} of 3)")
    if obs.get("final_round"):
        text.append(" · FINAL ROUND", style="bold red")
    step = obs.get("step", "")
    name = str(_STEP_NAMES.get(step, step))
    text.append(f" · {name.split(':')[0] if short else name}")
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
        low = _seats(low_seats) if low_seats else "nobody yet"
        lines.append(
            f"{c.get('name', '?')}: first {_pts(c.get('high', '?'))} ({taken.strip()}), "
            f"later {_pts(c.get('low', '?'))} ({low})"
        )
    return _section("Studio challenges", lines)


def _project_row(obs: Obs) -> Text:
    lines: list[Text | str] = []
    for i, p in enumerate(obs.get("project_row", [])):
        line = Text(_space(i))
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
        f" · {_pts(p.get('score', '?'))} if the game ended now · supply {p.get('supply', '?')}"
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
    wheel = _wheel(p)
    if wheel:
        lines.append(wheel)
    for item in lines:
        head.append("\n    ")
        head.append_text(item if isinstance(item, Text) else Text(item))
    return head


def _wheel(p: Obs) -> str:
    wheel = p.get("wheel") or []
    cards = ", ".join(
        str(w.get("card", {}).get("label", "?")) + (" (used)" if all(w.get("used", [])) else "")
        for w in wheel
    )
    return f"pottery wheel: {cards}" if cards else ""


def _players(obs: Obs, private: bool) -> Group:
    viewer = obs.get("viewer")
    return Group(*(_player(p, viewer, private) for p in obs.get("players", [])))


def _private(obs: Obs, compact: bool = False) -> Text | None:
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
    if known and compact:
        lines.append(f"Advantage cards you know in the deck: {len(known)} (b shows them)")
    elif known:
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


def _turn(obs: Obs, private: bool) -> Text | None:
    turn = obs.get("turn")
    if not turn:
        return None
    text = Text(f"Completion turn: seat {turn.get('seat', '?')} completes ")
    text.append_text(_project_line(turn.get("project", {}), with_icons=False))
    if turn.get("stage"):
        text.append(f" · {_title(turn['stage'])}")
    drawn = turn.get("drawn")
    if drawn and private:  # the cards the viewer drew: theirs alone
        text.append(" · drawn: " + "; ".join(map(_advantage_line, drawn)))
    return text


def _compact_challenges(obs: Obs) -> Text:
    parts = []
    for c in obs.get("challenges", []):
        high = c.get("high_seat")
        low = c.get("low_seats") or []
        held = f"seat {high}" if high is not None else "open"
        lows = _seats(low) if low else "open"
        parts.append(
            f"{c.get('name', '?')} {c.get('high', '?')}: {held}, {c.get('low', '?')}: {lows}"
        )
    return Text("Challenges (pts: who): " + " · ".join(parts))


def _compact_row(obs: Obs) -> list[Text]:
    lines = []
    for i, p in enumerate(obs.get("project_row", [])):
        line = Text(_space(i))
        line.append_text(Text("(empty)") if p is None else _project_line(p))
        lines.append(line)
    return lines


def _compact_player(p: Obs, viewer: object, private: bool) -> Text:
    text = Text(_seat_name(p.get("seat"), viewer, private), style="bold")
    text.append(
        f": {_pts(p.get('score', '?'))} now · supply {p.get('supply', '?')}"
        f" · reserve {p.get('reserve', '?')}"
    )
    doing = [f"#{x.get('number', '?')}" for x in p.get("projects", [])]
    if doing:
        text.append(f" · doing {' '.join(doing)}")
    done = len(p.get("completed", []))
    if done:
        text.append(f" · {done} done")
    if p.get("hidden_advantages"):
        text.append(f" · {p['hidden_advantages']} face-down")
    return text


def _compact(obs: Obs, private: bool) -> RenderableType:
    viewer = obs.get("viewer")
    parts: list[RenderableType] = [Rule(_header(obs, short=True)), _compact_challenges(obs)]
    parts.append(_lines(_compact_row(obs)))
    parts += [_compact_player(p, viewer, private) for p in obs.get("players", [])]
    me = next((p for p in obs.get("players", []) if p.get("seat") == viewer), None)
    if private and me is not None:
        for x in me.get("projects", []):
            parts.append(Text("your project: ") + _project_line(x))
        wheel = _wheel(me)
        if wheel:
            parts.append(Text(wheel))
    for extra in (_turn(obs, private), _private(obs, compact=True) if private else None):
        if extra is not None:
            parts.append(extra)
    return Group(*parts)


def _card(table: Sequence[Any], card: object) -> Any:
    """Catalogue entry `card` of `table` (a card id), or the value itself if it is not an id."""
    if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < len(table):
        return table[card]
    return card


def _with(table: Sequence[Any], entry: Any, **extra: Any) -> Any:
    """An id-and-state entry (``{"card": id, ...}``) as the card's details plus that state."""
    if not isinstance(entry, Mapping):
        return _card(table, entry)
    card = _card(table, entry.get("card"))
    rest = {k: v for k, v in entry.items() if k != "card"}
    return {**card, **rest, **extra} if isinstance(card, Mapping) else dict(entry)


def _ids(table: Sequence[Any], ids: Any) -> Any:
    return None if ids is None else [_card(table, c) for c in ids]


_ADVANTAGE_LISTS = ("completed_showpieces", "revealed_advantages", "advantages", "known_advantages")


def _spelled_out(obs: Obs) -> Obs:
    """The observation with every card id replaced by its catalogue entry (plus the state the
    observation gives beside the id: filled icons, glaze, wheel use, deck position)."""
    cards = obs.get("cards")
    if not isinstance(cards, Mapping):
        return obs
    projects = cards.get("projects", [])
    advantages = cards.get("advantages", [])
    resources = cards.get("resource_cards", [])
    challenges = cards.get("challenges", [])
    out = dict(obs)
    out["challenges"] = [_with(challenges, c) for c in obs.get("challenges", [])]
    out["project_row"] = _ids(projects, obs.get("project_row", []))
    out["project_deck_top"] = _card(projects, obs.get("project_deck_top"))
    out["advantage_deck_known"] = [
        {**k, "card": _card(advantages, k.get("card"))} for k in obs.get("advantage_deck_known", [])
    ]
    out["wastebasket_known"] = _ids(resources, obs.get("wastebasket_known", []))
    players = []
    for p in obs.get("players", []):
        q = dict(p)
        q["projects"] = [_with(projects, w) for w in p.get("projects", [])]
        q["showpieces"] = [_with(advantages, w) for w in p.get("showpieces", [])]
        q["awaiting_completion"] = _ids(projects, p.get("awaiting_completion", []))
        q["completed"] = [_with(projects, c) for c in p.get("completed", [])]
        for key in _ADVANTAGE_LISTS:
            q[key] = _ids(advantages, p.get(key))
        q["hand"] = _ids(resources, p.get("hand"))
        q["wheel"] = [{**w, "card": _card(resources, w.get("card"))} for w in p.get("wheel", [])]
        players.append(q)
    out["players"] = players
    turn = obs.get("turn")
    if isinstance(turn, Mapping):
        out["turn"] = {
            **turn,
            "project": _card(projects, turn.get("project")),
            "drawn": _ids(advantages, turn.get("drawn")),
        }
    return out


def render(observation: Obs, *, private: bool, compact: bool = False) -> RenderableType:
    """The Sunrise at the Studio board in `observation`.

    `private` shows the viewer's own hidden cards (hand, face-down advantage cards, pending
    choice); leave it off when nobody in particular is watching. `compact` draws the same
    table in about half the lines (one line a project and a seat; your own projects with their
    icons), for a short terminal.
    """
    obs = _spelled_out(observation)
    if compact:
        return _compact(obs, private)
    parts: list[RenderableType] = [Rule(_header(obs)), _challenges(obs), _project_row(obs)]
    parts.append(
        Text(
            f"Advantage deck: {obs.get('advantage_deck_size', '?')} · "
            f"Wastebasket: {obs.get('wastebasket_size', '?')} · "
            f"Community supply: {obs.get('community_supply', '?')}"
        )
    )
    parts.append(_players(obs, private))
    turn = _turn(obs, private)
    if turn is not None:
        parts.append(turn)
    if private:
        mine = _private(obs)
        if mine is not None:
            parts.append(mine)
    return Group(*parts)
