"""The Studies in Sorcery table, drawn with rich from one seat's observation.

Only `State.observation(seat)` is read, so nothing the seat may not see can be shown. Every
card is drawn with its face where it is seen (icons, value, tokens, ability); the compact
board keeps the market in view on a terminal of 24 rows.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from craftgames.sorcery.faces import (
    _ICON,
    _SPACE,
    WIDTH,
    _copies,
    _counted,
    _icons,
    _material,
    _plural,
)
from craftgames.sorcery.words import (
    _basket,
    name_sides,
    option_order,
    option_path,
    set_choice,
)
from craftgames.table.wrap import wrap_at_spaces, wrap_units

__all__ = [
    "LEGEND",
    "NAMES_SEATS",
    "PUBLIC_SCORE",
    "decision",
    "move_result",
    "must_ask",
    "name_sides",
    "only_option",
    "option_order",
    "option_path",
    "render",
    "rule_section",
    "set_choice",
    "unoffered",
]

Obs = Mapping[str, Any]


LEGEND = """\
  Grave icons: 🍄 Mushroom 💀 Skull 💍 Ring ✋ Hand 🦴R Rib Cage 🦵 Limb
  Stock: 🕯 Candle 🧪 Vial.  $N: trade value or cost.  Ncr: credits.  A✓: to buy
  ✋✓ 🦵·: a project's icons, ✓ filled, · open.  "🍄 or 💀": either, not both.
  "+1 if 💍" / "-1 if 💀": used for that icon, the card puts an extra-credit
    (+1) or demerit (-1) token on the project (💍✓+1).  +N -N after it: tokens.
  action: a completed project's action, as your turn's action; lunar (phase):
    only in that moon phase's week.  when completed: once.  ongoing: always.
  Commit step: up to two cards total across your projects (ongoing abilities
    add more).  Alchemy: each material after the first committed to one
    Alchemy project in a commit step or cram adds a demerit (-1) to it.
  Physical Education (end): 1cr per $8 unused (hand, under unfinished projects)"""
"""The board's symbols, shown by ``?``."""

NAMES_SEATS = True
"""Given the seats' names (``seat_names``), the board names who plays each seat: the table
needs no line of its own for them."""

PUBLIC_SCORE = ("Completed projects",)
"""Score categories every seat sees: completed projects are face-up with their tokens."""

_TRIGGER = {"action": "action", "ongoing": "ongoing", "on_complete": "when completed"}


def _ability(p: Obs) -> str:
    ability = p.get("ability")
    if not ability:
        return ""
    trigger = str(ability["trigger"])
    return f"{_TRIGGER.get(trigger, trigger)}: {_counted(str(ability['text']))}"


def _project(p: Obs | None, *, short: bool = False, tight: bool = False) -> str:
    """A project's face: name, department and level, cost, credits, icons, ability
    (`short`: name, cost, credits and icons; `tight`: the icons without spaces)."""
    if p is None:
        return "—" if short else "— (empty)"
    if short:
        icons = "".join(_ICON.get(n, n) for n in p["icons"]) if tight else _icons(p["icons"])
        return f"{p['name']} ${p['cost']}→{p['credits']} {icons}"
    text = f"{p['name']} [{p['department']} {p['level']}] ${p['cost']} → {p['credits']}cr"
    text += f"\n  needs {_icons(p['icons'])}"
    if p.get("ability"):
        text += f"\n  {_ability(p)}"
    return text


def _slots(w: Obs) -> str:
    """The icons of a project in progress, each marked filled (✓) or open (·); a filled one
    with the token its card puts on the project for that icon ("💀✓+1"), which counts when
    the project is completed."""
    marks = []
    for icon, c in zip(w["icons"], w["committed"], strict=False):
        mark = "·" if c is None else "✓"
        if isinstance(c, Mapping):  # a material ("filled by an ability": none, no token)
            mark += "+1" if icon in (c.get("credit") or []) else ""
            mark += "-1" if icon in (c.get("demerit") or []) else ""
        marks.append(_ICON.get(icon, icon) + mark)
    return " ".join(marks)


def _tokens(d: Obs) -> str:
    return (f" +{d['credit_tokens']}" if d["credit_tokens"] else "") + (
        f" -{d['demerit_tokens']}" if d["demerit_tokens"] else ""
    )


def _seat_lines(p: Obs, viewer: int, private: bool, compact: bool) -> list[str]:
    me = p["seat"] == viewer and private
    lines: list[str] = []
    score = p["score"] if me and p.get("score") is not None else p["public_score"]
    lines.append(f"credits: {score}{'' if me else ' (completed projects)'}")
    if me and p.get("thesis"):
        th = p["thesis"]
        lines.append(f"thesis: {th['name']} ({th['credits']}cr: {th['condition']})")
    elif p.get("has_thesis") and not p.get("thesis_chosen"):
        # A thesis not kept yet, yours or another seat's: nothing lies face-down yet
        # (Player Setup 1).
        lines.append("thesis: not chosen yet")
    elif p.get("has_thesis"):
        lines.append("thesis: face-down")
    if p.get("staff") and p["staff_used"] and compact:
        # Used: face-down until the month ends; what it does is for next month (`b`).
        lines.append(f"staff: {p['staff']['name']} (used this month)")
    elif p.get("staff"):
        used = " (used this month)" if p["staff_used"] else ""
        lines.append(f"staff: {p['staff']['name']} — {_counted(str(p['staff']['text']))}{used}")
    if p.get("mission") is not None:
        met = p.get("mission_met")
        lines.append(
            f"mission {p['mission']}" + ("" if met is None else f": {'met' if met else 'not yet'}")
        )
    for w in p["projects"]:
        ability = "" if compact or not w.get("ability") else f" · {_ability(w)}"
        needs = "" if compact else "needs "  # the compact board packs two to a line
        lines.append(f"• {w['name']} {w['credits']}cr {needs}{_slots(w)}{_tokens(w)}{ability}")
    if p["completed"]:
        done = ", ".join(f"{d['name']} {d['credits']}cr{_tokens(d)}" for d in p["completed"])
        lines.append(f"✓ completed: {done}")
        if not compact:
            lines.extend(
                f"  {d['name']}: {_ability(d)}" for d in p["completed"] if d.get("ability")
            )
    if me and p.get("hand") is not None:
        hand = [_material(m) for m in _hand_left(p)]
        if compact:
            lines.append(f"hand ({_hand_count(p)}): " + "; ".join(hand))
        else:
            lines.append(f"hand ({_hand_count(p)}):")
            lines.extend(f"  {m}" for m in hand)
        if p.get("pending_commits"):
            lines.append(
                "committing: "
                + ", ".join(
                    f"{c['material']['name']} → {c['project']} ({_ICON.get(c['icon'], c['icon'])})"
                    for c in p["pending_commits"]
                )
            )
    else:
        # What the viewer knows of another hand is its own knowledge: not for other eyes.
        known = (p.get("hand_known") or []) if private else []
        extra = f", known: {', '.join(m['name'] for m in known)}" if known and not compact else ""
        lines.append(f"hand: {_plural(p['hand_size'], 'card')}{extra}")
    return lines


def _hand_left(p: Obs) -> list[Obs]:
    """Your hand without the cards you are committing (they are under your projects until
    the commits are revealed, the "committing" line says where)."""
    going = {int(c["material"]["id"]) for c in p.get("pending_commits") or []}
    return [m for m in p.get("hand") or [] if int(m["id"]) not in going]


def _hand_count(p: Obs) -> str:
    """How many cards your hand holds, and how many more you are committing."""
    left = len(_hand_left(p))
    going = len(p.get("hand") or []) - left
    return f"{left} + {going} committing" if going else str(left)


def _setup_offers(p: Obs, picking_staff: bool = False) -> list[str]:
    """The cards a seat chooses from in setup, with their faces (`picking_staff`: the staffs
    left to the options, which say each and what it does)."""
    lines: list[str] = []
    # In the order of the options below them ("Keep project ..." by name), so the first
    # listed is option 1.
    offers = sorted((o for o in p.get("project_offer") or [] if o is not None), key=_by_name)
    if offers and not p["projects"]:
        lines.append("Your two 100-level projects to choose from:")
        lines.extend(f"  {_project(o, short=False)}".replace("\n", "\n  ") for o in offers)
    staffs = sorted((o for o in p.get("staff_offer") or [] if o is not None), key=_by_name)
    if staffs and not p.get("staff") and not picking_staff:
        lines.append("Your two staffs to choose from:")
        lines.extend(f"  {s['name']}: {_counted(str(s['text']))}" for s in staffs)
    return lines


def _by_name(card: Obs) -> str:
    return str(card["name"])


_TITLE = "Seat 0, your move: "
"""What the table's title above the options says before the decision (`decision`)."""

# The decision in progress, in the rulebook's words (the observation names the engine's stage),
# each short enough to follow "Seat 0, your move: " on a line of 80 columns.
_STAGE_TEXT = {
    "PickThesis": "keep one of your two theses (the other goes back to the box)",
    "PickProject": "keep one 100-level project (the other goes under its deck)",
    "PickStaff": "keep one of your two staffs",
    "Choose": "choose your action: cram, dig, buy or a project action",
    "Cram": "cram: commit a material, or end the cram",
    "CramTarget": "cram: the project and icon for the material",
    "Dig": "dig: take this grave pile, or look at the next",
    "DigEnd": "dig, all piles passed: the top grave card, a Candle or a Vial",
    "BuyClear": "buy: clear two market projects for $1, or go on",
    "BuySelect": "buy: choose projects and stock",
    "BuyPay": "buy: discard materials to pay",
    "SpectralTake": "take grave cards from the piles",
    "FillTarget": "fill an icon without a material",
    "CreditTarget": "the project for the extra-credit tokens",
    "DemeritTarget": "the project whose demerits are removed",
    "StockChoice": "take a Candle or a Vial",
    "AfterAction": "use your staff now, or end the turn",
    "Commit": "commit step: commit a material or finish",
    "CommitTarget": "commit step: the project and icon for the material",
    "Complete": "complete step: use your staff now, or keep it",
}

# The rulebook section of each decision (for ``?``).
_STAGE_SECTION = {
    "PickThesis": "Player Setup",
    "PickProject": "Player Setup",
    "PickStaff": "Player Setup (Staff of the Sorcerer)",
    "Choose": "I. Action Step (Cram, Project Action, Dig, Buy)",
    "Cram": "A) Cram, and II. Commit Step",
    "CramTarget": "A) Cram, and II. Commit Step; Credit and Demerit Tokens",
    "Dig": "C) Dig: Take the Pile / Keep Looking",
    "DigEnd": "C) Dig: Keep Looking",
    "BuyClear": "Solo Mode (clearing the market for $1)",
    "BuySelect": "D) Buy, and the Buy Example",
    "BuyPay": "D) Buy: materials are discarded for their trade value, change is lost",
    "Commit": "II. Commit Step",
    "CommitTarget": "II. Commit Step; Credit and Demerit Tokens",
    "Complete": "III. Complete Projects",
}

_BUY_STAGES = ("BuyClear", "BuySelect", "BuyPay")
# The decisions the grave piles do not bear on (the compact board leaves them, their sizes
# and the cards seen in them, to `b`): a buy, a commit or cram, a target, and a dig that has
# passed all three piles.
_PILES_UNNEEDED = (
    "Buy",
    "Commit",
    "Cram",
    "DigEnd",
    "FillTarget",
    "CreditTarget",
    "DemeritTarget",
    "StockChoice",
)


def _decision_text(obs: Obs, turn: Obs) -> str:
    stage = str(turn.get("stage"))
    text = _STAGE_TEXT.get(stage, "your decision")
    if stage == "BuySelect":
        # The market still shows what is chosen: the decision names it (the price is its
        # sum), by the spaces' letters where the names would take a second line (the
        # compact market marks those spaces, "A✓").
        # Where the hand is worth too little for anything more, the options are Pay alone:
        # the title says so rather than "more, or pay".
        worth = _hand_worth(obs)
        more = worth is None or _cheapest_more(obs, turn) <= worth - int(turn.get("price") or 0)
        for by_space in (False, True):
            basket = _basket(obs, turn, by_space=by_space)
            if basket and more:
                text = f"buy: more, or pay (${turn.get('price')}: {basket})"
            elif basket:
                text = f"buy: pay (${turn.get('price')}: {basket}; your ${worth} buys no more)"
            if len(_TITLE) + cell_len(text) <= WIDTH:
                break
    elif stage == "BuyClear" and turn.get("price"):
        text += f" (${turn.get('price')} so far)"
    elif stage == "BuyPay":
        text += f" (price ${turn.get('price')}, paid ${turn.get('paid')})"
    limit = turn.get("commit_limit")
    if stage in ("Commit", "Cram") and isinstance(limit, int) and limit:
        text += f" ({turn.get('commits')} of {limit} committed)"
    return text


def _hand_worth(obs: Obs) -> int | None:
    """What the observing seat's hand is worth in trade value (`None`: not its hand to see)."""
    me = _me(obs)
    hand = me.get("hand") if me is not None else None
    return None if hand is None else sum(int(m["value"]) for m in hand)


def _cheapest_more(obs: Obs, turn: Obs) -> int:
    """The least a buy under way could add (D) Buy: the market's projects not chosen yet,
    a Candle or a Vial while the stock has one); a large number if nothing is left."""
    chosen = set(turn.get("buy_spaces") or [])
    costs = [int(p["cost"]) for k, p in enumerate(obs["market"]) if p and k not in chosen]
    for kind in ("candle", "vial"):
        price = obs.get(f"{kind}_price")
        if price is not None and int(obs[f"{kind}s"]) > int(turn.get(f"buy_{kind}s") or 0):
            costs.append(int(price))
    return min(costs, default=1 << 30)


# Solo Mode in brief, for ``?`` in a solo game: "At the end of your turn you must draw one
# card from the grave deck and perform the following action based on the top icon", and how
# each mode is won.
_SOLO_TURN = (
    "Solo Mode: after each of your turns the robot reveals a grave card; its top icon makes "
    "it take a grave pile or clear a market row"
)
_SOLO_GOAL = {
    "robot": "; it scores its grave cards' value / 2, rounded up: beat that",
    "no-robot": " and discards what it takes; your credits give a grade (A+ at 40)",
    "mission": "; meet the mission and its score to move on",
}


def rule_section(observation: Obs) -> str:
    """The rulebook section of the decision in progress (and, solo, the robot's rule)."""
    stage = str((observation.get("turn") or {}).get("stage"))
    section = _STAGE_SECTION.get(stage, "Gameplay (Studies in Sorcery rulebook)")
    solo = (observation.get("config") or {}).get("solo")
    if not isinstance(solo, Mapping):
        return section
    mode = str(solo.get("mode"))
    goal = _SOLO_GOAL.get(mode, "")
    if mode == "mission" and solo.get("hard"):
        goal += ", and beat the robot's score (Hard)"
    return f"{section}. {_SOLO_TURN}{goal}"


def must_ask(observation: Obs) -> bool:
    """A buy's steps change what the player pays or loses: never played for them. Nor is a
    put that may add Alchemy's demerit ("if you commit an additional material in the same
    commit phase or cram action you must add a demerit token"): in the commit step, one of
    your pending commits is under an Alchemy project; in a cram, something was put already
    and you have an Alchemy project in progress (the option then says whether it does)."""
    turn = observation.get("turn") or {}
    stage = str(turn.get("stage"))
    if stage in _BUY_STAGES:
        return True
    if stage not in ("CommitTarget", "CramTarget"):
        return False
    me = _me(observation) or {}
    alchemy = {w["name"] for w in me.get("projects") or [] if w.get("department") == "alchemy"}
    if stage == "CramTarget":
        return bool(alchemy) and (turn.get("commits") or 0) > 0
    return any(c["project"] in alchemy for c in me.get("pending_commits") or [])


def only_option(observation: Obs) -> str:
    """Why a lone option was played for the player, said in the log."""
    turn = observation.get("turn") or {}
    if turn.get("stage") in ("CommitTarget", "CramTarget"):
        return "the only option: one open icon on your projects takes that material"
    if turn.get("stage") not in ("Commit", "Cram"):
        return "the only option"
    me = next((p for p in observation["players"] if p["seat"] == observation["viewer"]), None)
    limit, commits = turn.get("commit_limit"), turn.get("commits")
    if isinstance(limit, int) and isinstance(commits, int) and commits >= limit:
        return f"the only option: {_plural(commits, 'material')} committed, the most you may"
    if me is None or not me.get("projects"):
        return "the only option: you have no project in progress"
    if not me.get("hand"):
        return "the only option: your hand is empty"
    return "the only option: no card in your hand has an icon still open on your projects"


def _me(observation: Obs) -> Obs | None:
    """The observing seat's own entry."""
    viewer = observation["viewer"]
    return next((p for p in observation["players"] if p["seat"] == viewer), None)


def move_result(before: Obs, after: Obs) -> list[str]:
    """What a seat's own moves changed in its view (its observations before and after
    them), in the board's words: the cards new in its hand (a pile taken, the grave deck's
    top card, a draw), each project in progress whose icons or tokens changed (a commit
    revealed, an icon filled, a demerit), and each project it completed."""
    old, new = _me(before), _me(after)
    if old is None or new is None or new.get("hand") is None:
        return []
    lines: list[str] = []
    had = {int(m["id"]) for m in old.get("hand") or []}
    gained = [_material(m) for m in new["hand"] if int(m["id"]) not in had]
    if gained:
        # Each card whole on a line (the table indents these lines by two).
        cards = _copies(gained)
        units = [("", f"new in your hand: {cards[0]}"), *(("; ", c) for c in cards[1:])]
        lines += wrap_units(units, WIDTH - 2, "  ")
    was = {int(w["id"]): w for w in old["projects"]}
    for w in new["projects"]:
        prior = was.get(int(w["id"]))
        if prior is not None and (_slots(prior), _tokens(prior)) != (_slots(w), _tokens(w)):
            lines.append(f"• {w['name']} {w['credits']}cr {_slots(w)}{_tokens(w)}")
    done = {int(d["id"]) for d in old["completed"]}
    lines += [
        f"✓ completed: {d['name']} {d['credits']}cr{_tokens(d)}"
        for d in new["completed"]
        if int(d["id"]) not in done
    ]
    return lines


def unoffered(observation: Obs, options: Sequence[str]) -> str | None:
    """Why a move the player may look for is missing from the action step's options (Cram's
    option says why it can commit nothing): Buy (`_no_buy`) and a completed project's lunar
    action out of its week (`_lunar_waiting`), in one line."""
    turn = observation.get("turn") or {}
    me = _me(observation)
    if turn.get("stage") != "Choose" or me is None or me.get("hand") is None:
        return None
    why = [x for x in (_no_buy(observation, me, options), _lunar_waiting(observation, me)) if x]
    return "; ".join(why) or None


def _no_buy(observation: Obs, me: Obs, options: Sequence[str]) -> str | None:
    """Why Buy is not offered: a buy is paid by discarding materials worth at least its
    price, and nothing in the market or the stock costs as little as the hand is worth."""
    if any(o.startswith("Buy") for o in options):
        return None
    if not me["hand"]:
        return "No Buy: your hand is empty (a buy is paid by discarding materials)"
    worth = sum(int(m["value"]) for m in me["hand"])
    costs = [int(p["cost"]) for p in observation["market"] if p]
    cheapest = f" (from ${min(costs)})" if costs else ""
    return f"No Buy: your hand's ${worth} pays for nothing in the market{cheapest} or stock"


def _lunar_waiting(observation: Obs, me: Obs) -> str | None:
    """Your completed projects whose action is lunar and out of its week ("only in that
    moon phase's week"): the compact board names them without their abilities, so a player
    looking for the action is told why it is not there, and when it will be."""
    moon = str(observation.get("moon"))
    waiting = [
        f"{d['name']} ({str(d['ability']['trigger']).removeprefix('lunar (').rstrip(')')})"
        for d in me["completed"]
        if d.get("ability")
        and str(d["ability"]["trigger"]).startswith("lunar (")
        and str(d["ability"]["trigger"]) != f"lunar ({moon})"
    ]
    if not waiting:
        return None
    return f"Lunar actions in their own week only ({moon} now): {', '.join(waiting)}"


def _stock(obs: Obs) -> str:
    """The stock beside the market, in the hand's words: "Candle $2 🕯 x12, Vial $3 🧪 x12"
    (no price for a kind the card set has none of)."""
    parts = []
    for kind, left in (("candle", obs["candles"]), ("vial", obs["vials"])):
        cost = obs.get(f"{kind}_price")
        price = f" ${cost}" if cost is not None else ""
        parts.append(f"{kind.title()}{price} {_ICON[kind]} x{left}")
    return ", ".join(parts)


def _market(obs: Obs, compact: bool, chosen: Sequence[int] = ()) -> RenderableType:
    """The market and the stock; `chosen`: the spaces a buy under way has chosen, marked
    "A✓" on the compact market (the decision's title may name them by letter)."""
    spaces = list(obs["market"])

    def label(k: int) -> str:
        return _SPACE[k] + ("✓" if k in chosen else ".")

    if compact:
        # A line a column (its top and bottom spaces), wrapped between the two.
        # The market is 3 columns of 2 (top row 1 3 5, bottom row 2 4 6): a line a column.
        # The stock (Candles and Vials, D) Buy) stands beside it, with its prices.
        lines = [f"Market ($cost→credits, icons needed) · stock: {_stock(obs)}"]
        for col in range(3):
            top, bottom = spaces[2 * col], spaces[2 * col + 1]
            # A column too wide for a line (two 300-level projects) packs its icons without
            # spaces ("💀💀🦴R🦵✋🕯") before it takes two lines.
            for tight in (False, True):
                column = wrap_units(
                    [
                        ("", f" {label(2 * col)} {_project(top, short=True, tight=tight)}"),
                        (
                            " │ ",
                            f"{label(2 * col + 1)} {_project(bottom, short=True, tight=tight)}",
                        ),
                    ],
                    WIDTH,
                    "    ",
                )
                if len(column) == 1:
                    break
            lines += column
        return Text("\n".join(lines), no_wrap=True)
    market = Table(title=f"Market · stock: {_stock(obs)}", show_header=False, expand=True)
    for _ in range(3):
        market.add_column()
    for row in range(2):
        market.add_row(
            *(
                Text(f"{_SPACE[2 * col + row]}. {_project(spaces[2 * col + row])}")
                for col in range(3)
            )
        )
    return market


def _piles(obs: Obs, private: bool) -> list[str]:
    lines = []
    for k, pile in enumerate(obs["piles"]):
        known = pile["known"] if private else []
        line = f"grave pile {k + 1}: {_plural(pile['size'], 'card')}"
        if known:
            line += ", you saw:\n    " + "\n    ".join(_material(m) for m in known)
        lines.append(line)
    return lines


def _compact_piles(obs: Obs, private: bool, passed: int = 0) -> list[str]:
    """The three grave piles in as few lines as fit, a seen card never broken across two;
    the first `passed` piles (passed in the dig under way, which cannot go back to them,
    C) Dig) by their sizes, the cards seen in them left to `b`."""
    units: list[tuple[str, str]] = []
    for k, pile in enumerate(obs["piles"]):
        known = pile["known"] if private and k >= passed else []
        size = f"grave pile {k + 1}: {_plural(pile['size'], 'card')}"
        units.append((" | " if k else "", size + (" (passed)" if k < passed else "")))
        seen = _copies([_material(m) for m in known])
        # "— you saw:" goes with the first card: a break before it leaves no separator
        # wider than the one the line kept room for at its end.
        units += [("; ", x) if i else (" ", f"— you saw: {x}") for i, x in enumerate(seen)]
    return wrap_units(units, WIDTH, "    ")


def _other_variants(p: Obs, name: str) -> list[list[tuple[str, str]]]:
    """Another seat in the compact board (`name`: its title), from most to least said, as
    units for `wrap_units`: its credits from completed projects and hand size, its projects
    in progress by name (the last ones counted, "+3 more (b)", then all of them counted),
    its completed ones by name (then counted), its staff and mission (a thesis is always
    face-down: the full board says so, and `b` shows every face)."""
    head = [("", f"{name}: {p['public_score']}cr · hand {p['hand_size']}")]
    names = [str(w["name"]) for w in p["projects"]]
    done = [str(d["name"]) for d in p["completed"]]
    mission = [(" · ", f"mission {p['mission']}")] if p.get("mission") is not None else []

    def staff(short: bool, used: bool = True) -> list[tuple[str, str]]:
        """The staff: "staff: Bone Staff (used)"; `short`: by its name alone where the name
        says it is one ("Staff of Plenty"); without `used`, not whether it was used."""
        if not p.get("staff"):
            return []
        named = str(p["staff"]["name"])
        text = named if short and "staff" in named.lower() else f"staff: {named}"
        return [(" · ", text + (" (used)" if used and p["staff_used"] else ""))]

    def progress(k: int) -> list[tuple[str, str]]:
        """The first `k` projects in progress by name, the others counted."""
        if not names:
            return [(" · ", "in progress: none")]
        if k == 0:
            return [(" · ", f"{len(names)} in progress")]
        units = [(" · ", f"in progress: {names[0]}"), *((", ", n) for n in names[1:k])]
        return units + ([(", ", f"+{len(names) - k} more (b)")] if k < len(names) else [])

    completed = [(" · ", f"completed: {', '.join(done)}")] if done else []
    counted = [(" · ", f"{len(done)} completed")] if done else []
    variants = [
        head + progress(k) + completed + staff(False) + mission
        for k in range(len(names), 0, -1)
    ]
    variants.append(head + progress(0) + completed + staff(False) + mission)
    variants += [
        head + progress(0) + counted + staff(short, used) + mission
        for short, used in ((False, True), (True, True), (True, False))
    ]
    return variants


def other_rows(others: int) -> int:
    """Most rows each of `others` other seats takes on the compact board: two for the one
    other seat of a 2-player game, one each with more (three seats in two rows each took
    six of the 24, and a 4-player game's screens overflowed most)."""
    return 2 if others <= 1 else 1


def _other_lines(p: Obs, name: str, rows: int) -> list[str]:
    """Another seat's summary in at most `rows` lines where it can be: the most said that
    fits (`_other_variants`), else the least."""
    for units in _other_variants(p, name):
        lines = wrap_units(units, WIDTH, "    ")
        if len(lines) <= rows:
            return lines
    return lines


def _seat_title(obs: Obs, seat: int, me: bool) -> str:
    """A seat's name: "Seat 1", with who plays it where the table gave the seats' names
    (``seat_names``: "Seat 1 (random)"); yours "Seat 0 (you)"."""
    names = obs.get("seat_names") or []
    if me:
        return f"Seat {seat} (you)"
    return f"Seat {seat} ({names[seat]})" if seat < len(names) else f"Seat {seat}"


def _compact_seat(
    p: Obs,
    viewer: int,
    private: bool,
    paying: bool = False,
    title: str = "",
    rows: int = 2,
    others: bool = True,
) -> list[str]:
    """A seat in the compact board (`title`: its name): another seat's summary in at most
    `rows` lines; yours with your projects in progress and completed ones packed two to a
    line, and your hand (each card whole; `paying`: the list to tick below shows every card
    of it, faces and all, and `b` the market and, if there are `others`, the other seats)."""
    lines = _seat_lines(p, viewer, private, compact=True)
    me = p["seat"] == viewer and private
    if not me:
        return _other_lines(p, title or f"Seat {p['seat']}", rows)
    rest = [x for x in lines if x.startswith(("•", "✓", "hand", "committing"))]
    summary = [x for x in lines if x not in rest]
    # "credits: 4" as "4cr"; the thesis by what it scores (its name is on the full board).
    summary = [re.sub(r"^credits: (\d+)$", r"\1cr", x) for x in summary]
    if me and p.get("thesis"):
        th = p["thesis"]
        summary = [
            f"thesis ({th['credits']}cr): {th['condition']}" if x.startswith("thesis: ") else x
            for x in summary
        ]
    title = f"Seat {p['seat']} (you): "
    out = wrap_units(
        [(" | ", x) if i else ("", title + x) for i, x in enumerate(summary)], WIDTH, "    "
    )
    # A part that goes to a line of its own (a long thesis) leaves no "|" dangling after
    # the one before it ("Seat 0 (you): 3cr |"): the indent below says it goes on.
    out = [line.removesuffix(" |") for line in out]
    # Projects in progress, then the completed ones, each a unit: a break never splits one
    # ("Counting Bones 3cr" / "+1").
    works = [x for x in rest if x.startswith("•")]
    done = [f"{d['name']} {d['credits']}cr{_tokens(d)}" for d in p["completed"]]
    if done:
        works.append(f"✓ completed: {done[0]}")
    if works:
        units = [(" | ", x) if i else ("", f"  {x}") for i, x in enumerate(works)]
        units += [(", ", x) for x in done[1:]]
        out += wrap_units(units, WIDTH, "  ")
    for line in rest:
        if line.startswith(("•", "✓")):
            continue
        if line.startswith("hand") and not _hand_left(p):
            out.append("  hand: empty" + (f" ({_hand_count(p)})" if p.get("hand") else ""))
        elif line.startswith("hand") and paying:
            # The `b` hint on this line: one of its own took one of the 24.
            left = "the other seats and the market" if others else "the market"
            out.append(f"  hand ({p['hand_size']}): in the list to pay from below (b: {left})")
        elif line.startswith("hand"):
            cards = _copies([_material(m) for m in _hand_left(p)])
            # The count a unit of its own: a long one ("7 + 2 committing") never breaks
            # the first card.
            units = [("", f"  hand ({_hand_count(p)}):"), (" ", cards[0])]
            units += [("; ", c) for c in cards[1:]]
            out += wrap_units(units, WIDTH, "    ")
        elif line.startswith("committing"):
            # Each commit whole on a line ("Toadstool → Bottled Brilliance (🍄)").
            going = line.removeprefix("committing: ").split(", ")
            units = [("", "  committing:")]
            units += [(", " if i else " ", c) for i, c in enumerate(going)]
            out += wrap_units(units, WIDTH, "    ")
        else:
            out += wrap_at_spaces(f"  {line}", WIDTH, "    ")
    return out


def _robot_summary(robot: Obs, *, zero_tokens: bool) -> str:
    """The robot's grave cards, their value, its tokens (`zero_tokens`: said when it has
    none too) and its score, as the full board's line and the compact header say it."""
    tokens = int(robot["tokens"])
    text = (
        f"{_plural(len(robot['materials']), 'grave card')} "
        f"(${sum(int(m['value']) for m in robot['materials'])})"
    )
    if tokens or zero_tokens:
        text += f", {_plural(tokens, 'token')}"
    return f"{text}, score {robot['score']}"


def render(observation: Obs, *, private: bool, compact: bool = False) -> RenderableType:
    """The table as `observation`'s seat sees it (``private``: show that seat's hand)."""
    obs = observation
    viewer = int(obs["viewer"])
    step = {"game_over": "game over"}.get(str(obs["step"]), f"{obs['step']} step")
    head_parts = [
        f"Month {obs['month']}/4",
        f"week {obs['week']} ({obs['moon']})",
        f"first player: seat {obs['first_player']}",
        step,
    ]
    if obs["current_player"] >= 0:
        head_parts.append(f"seat {obs['current_player']} to act")
    head = Text(" · ".join(head_parts))
    decks = obs["deck_sizes"]
    supply = (
        f"grave deck {obs['grave_deck_size']} · discard {len(obs['discard'])}"
        " · project decks: "
        + ", ".join(f"{100 * (i + 1)}-level {n}" for i, n in enumerate(decks))
    )
    robot = obs.get("robot")
    robot_line = f"Robot: {_robot_summary(robot, zero_tokens=True)}" if robot else None
    turn = obs.get("turn") or {}
    deciding = private and obs["current_player"] == viewer and turn
    parts: list[RenderableType] = [head]
    if compact:
        # Seats first and the market last, just above the options: on a short terminal the
        # market stays in view whatever scrolls off. Lines are wrapped, never cut: what is
        # left out is left out whole (abilities, the supply), and `b` shows the full board.
        if obs["current_player"] == viewer and private:
            head_parts.pop()  # "your move" below says it
            if turn:  # and the step: the decision in the options' title names it
                head_parts.remove(step)
        if len(obs["players"]) == 1:  # solo: you are always the first player
            head_parts = [x for x in head_parts if not x.startswith("first player")]
        if robot:  # the robot on the header line, its tokens when it has some
            head_parts.append(f"robot: {_robot_summary(robot, zero_tokens=False)}")
        lines = wrap_units([(" · " if i else "", x) for i, x in enumerate(head_parts)], WIDTH, "  ")
        # The grave piles are for digging (and for choosing whether to): a buy's, a commit's,
        # a target's decision and a dig past its three piles leave them to `b` (their sizes
        # and a hint took one of the 24 rows; the header has no room for them).
        stage = str(turn.get("stage")) if deciding else ""
        seen = not stage.startswith(_PILES_UNNEEDED)
        # Your seat last of the seats, nearest the options: the other seats scroll off first.
        seats = sorted(obs["players"], key=lambda p: p["seat"] == viewer and private)
        paying = bool(deciding) and turn.get("stage") == "BuyPay"
        rows = other_rows(len(seats) - 1)
        for p in seats:
            # A payment's list of the hand takes the room: the other seats are left to `b`.
            if not paying or p["seat"] == viewer:
                me = p["seat"] == viewer and private
                title = _seat_title(obs, p["seat"], me)
                lines += _compact_seat(p, viewer, private, paying, title, rows, len(seats) > 1)
        # A dig under way shows only the piles still ahead.
        if seen:
            passed = int(turn.get("pile") or 1) - 1 if stage == "Dig" else 0
            lines += _compact_piles(obs, private, passed)
        for p in obs["players"]:
            if p["seat"] == viewer and private:
                # An offered card's face in as few lines as fit (name, needs, ability).
                for x in _setup_offers(p, picking_staff=stage == "PickStaff"):
                    faces = [face.strip() for face in x.split("\n")]
                    faces[0] = x[: len(x) - len(x.lstrip())] + faces[0]
                    units = [(" · ", face) if i else ("", face) for i, face in enumerate(faces)]
                    lines += wrap_units(units, WIDTH, "      ")
        parts = [Text("\n".join(lines), no_wrap=True)]
        # Paying, what is bought is chosen: the market is left to `b` too (the hand's line
        # says so).
        if not paying:
            chosen = (turn.get("buy_spaces") or []) if stage == "BuySelect" else []
            parts.append(_market(obs, compact=True, chosen=chosen))
    else:
        parts.extend(Text(line) for line in _piles(obs, private))
        parts.append(Text(supply))
        if robot_line:
            parts.append(Text(robot_line))
        for p in obs["players"]:
            me = p["seat"] == viewer and private
            lines = _seat_lines(p, viewer, private, compact=False)
            if me:
                lines += _setup_offers(p)
            title = _seat_title(obs, p["seat"], me)
            # Text, not markup: "[alchemy 100]" is a card's face, not a style.
            parts.append(Panel(Text("\n".join(lines)), title=title, expand=True))
        # The market last, as on the compact board: on a short terminal `b` leaves the
        # market's faces (abilities and all) in view above the options, the seats scroll off.
        parts.append(_market(obs, compact=False))
    if deciding and not obs.get("decision_in_title"):
        parts.append(Text(f"To decide: {_decision_text(obs, turn)}"))
    return Group(*parts)


def decision(observation: Obs) -> str | None:
    """The decision the observing seat is making, for the title above its options ("Seat
    0, your move: dig: take this grave pile, or look at the next"); `None` if it is not
    deciding. A board drawn from an observation with ``decision_in_title`` leaves its "To
    decide" line out: the title says it."""
    turn = observation.get("turn") or {}
    if observation["current_player"] != observation["viewer"] or not turn:
        return None
    return _decision_text(observation, turn)
