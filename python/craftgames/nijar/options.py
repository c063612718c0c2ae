"""Níjar's options as the table words and groups them (the `name_sides` and `option_path`
hooks of `craftgames.table.presentation`), so that a choice takes one line of an 80-column
screen where it can.

An option keeps the engine's words but for its row action mark: "Throw: ... — the row's one
action, instead of Play a Card or First Player Action" reads "Row: Throw: ...", and the
board's last line says what is open of the placement ("Open here: Row: ONE of Throw, Play
a Card or First Player Action; Clean 1 Crack"). A long list is grouped where the player
thinks in groups: a placement by the row it goes on, a card to acquire or a donkey's move
by its Draft Area row, a card played onto a space by the card, the row's one actions
together. Below the options, what "Open here" lists that none takes now (`unoffered`); and
the one option asked once more (`confirm`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from craftgames.nijar.marks import _ACT_NAMES, _act, _seq, iconized
from craftgames.nijar.spelled import spelled_out
from craftgames.table.menu import Kept
from craftgames.table.presentation import default_option_path

__all__ = [
    "ROW",
    "confirm",
    "decision",
    "name_sides",
    "option_order",
    "option_path",
    "unoffered",
]

_ORDINAL = {"1": "1st", "2": "2nd", "3": "3rd", "4": "4th"}

ROW = "Row: "
"""How an option that is the row's one action of a placement starts."""

# The engine's mark of a placement's row action (Rust `nijar/text.rs`).
_WHO = re.compile(r"^(seat \d+ \([^()]*\): |)(.*)$", re.DOTALL)
_ROW_ONE = re.compile(r"^(?P<what>.+?) — the row's one action, instead of .+$")


# 4.3: a starting combination, a Starting Potter's Wheel and a Starting Resources Card.
_COMBO = re.compile(
    r"^Choose Starting (?P<wheel>Wheel .+?) \((?P<spaces>.+); (?P<vp>\d+) VP when the vase "
    r"reaches the end\) with (?P<resources>.+)$"
)


def _combo(m: re.Match[str]) -> str:
    """A starting combination in a line of 80 columns (five of them took fifteen lines, and
    the 3-4-player setup overflowed the screen): the wheel's spaces in the vase's order up
    to the VP at the end, then the resources, in the board's icons (the legend's, `?`):
    "Wheel A: Shape→Extract Clay→Shape→Fire 1 Piece→3⭐ with 4🧱 6💰 3💧 2⚡"."""
    spaces = m.group("spaces").replace(" → ", "→")
    resources = iconized(m.group("resources")).replace(", ", " ")
    return f"{m.group('wheel')}: {spaces}→{iconized(m.group('vp') + ' VP')} with {resources}"


def name_sides(text: str, seat: int, names: Sequence[str]) -> str:
    """An option (or a log line) as the table shows it: a row action marked `ROW` at its
    start (what it is instead of is on the board), "Move donkey to" and "Discard endgame card
    X: any action"."""
    del seat, names
    # A log line starts with its mover ("seat 1 (human): "): the sentence is the rest.
    found = _WHO.fullmatch(text)
    who, text = found.groups() if found is not None else ("", text)
    text = _ROW_ONE.sub(lambda m: ROW + m.group("what"), text)
    text = _COMBO.sub(_combo, text)
    text = re.sub(r"^Move the donkey to ", "Move donkey to ", text)
    # The board's words: a wheel's "(next: Shape)", and a cost in Cracks gained "(into your
    # Cleaning Area)" (8.6: Shape two pieces). (The engine names the acts as the board does,
    # `Act::label`: "Acquire 1 Card (bonus)".)
    text = text.replace("(next space: ", "(next: ")
    # 8.11 / 10.4: the right-hand track's space k is turn k of the next round (the rule's
    # example: Paula takes the second space, "Paula will be second in the next round");
    # "right-hand space 2" read as a place on a track the compact board does not draw.
    # "After this round", not "next round": after the third, 10.4 still gives the First
    # Player Token (2 VP, 11.5) to whoever is first.
    text = re.sub(
        r"\bFirst Player Action: right-hand space (\d) \(",
        lambda m: f"First Player Action: {_ORDINAL[m.group(1)]} in turn order after this round (",
        text,
    )
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
    # 7.2.2: "perform any action on the Main Board"; "any action" keeps the longest card's
    # option to a line of 80 columns ("Open here" then says "any one main-board action").
    text = re.sub(r"^(Discard endgame card .+) for any main-board action$", r"\1: any action", text)
    # The engine names a workshop's card by its place and its card ("glazing workshop 2
    # (Taller de Vidriado 6)", "cleanup card 1 (Starting Cleanup)"); the board lists each
    # card by its name, so the name alone.
    text = re.sub(r"\b(?:glazing workshop|cleanup card) \d+ \(([^()]+)\)", r"\1", text)
    return who + text


def _seat_view(obs: Mapping[str, Any], seat: object) -> Mapping[str, Any]:
    """The part of the observation about `seat`'s workshop and hand ({} if none)."""
    views = obs.get("players_view")
    for p in views if isinstance(views, list) else []:
        if isinstance(p, Mapping) and p.get("seat") == seat:
            return p
    return {}


# -- the board's order ---------------------------------------------------------------------

_ROWS = {"top": 0, "middle": 1, "bottom": 2}
_COLUMNS = "123AB"
_PIECE_ORDER = {"Plate": 0, "Jug": 1, "Pot": 2}
# The options that end a step ("Acquire no more cards") close their kind's list.
# A row action's option by its first word, as the board's layout codes the action.
_ROW_ACTS = {
    "Acquire": "acquire",
    "Play": "play",
    "Extract": "clay",
    "Throw:": "throw",
    "Fire": "fire",
    "Paint": "paint",
    "Clean": "clean",
    "Collect": "esparto",
    "First": "first_player",
}
_ENDS = re.compile(r"\bno more\b|^Leave |^Skip ")


def _board_places(obs: Mapping[str, Any]) -> dict[str, tuple[int, int]]:
    """Every card (and place) the viewer's options may name, by where the board shows it:
    the Draft Area row by row, then the viewer's workshop as the board lists it (wheels,
    cleanup cards, esparto cards from the printed one, the drying area, firing kilns,
    glazing workshops, glaze kilns), then the hand."""
    places: dict[str, tuple[int, int]] = {}

    def put(section: int, items: object) -> None:
        for i, card in enumerate(items if isinstance(items, list) else []):
            if isinstance(card, Mapping) and card.get("name") is not None:
                places.setdefault(str(card["name"]), (section, i))

    for r, row in enumerate(obs.get("draft") or []):
        for c, card in enumerate(row if isinstance(row, list) else []):
            if isinstance(card, Mapping) and card.get("name") is not None:
                places.setdefault(str(card["name"]), (0, r * 5 + c))
    me = _seat_view(obs, obs.get("viewer"))
    put(1, me.get("wheels"))
    put(2, me.get("cleanups"))
    places["the card printed on the board"] = (3, -1)
    put(3, me.get("esparto"))
    # The Drying Area before the kilns (the board prints it last): a Fire action takes its
    # pieces first (firing a painted piece ends those moves).
    places["the drying area"] = (4, -1)
    put(4, me.get("firing_kilns"))
    put(5, me.get("glazing_workshops"))
    put(6, me.get("glaze_kilns"))
    put(8, me.get("hand"))
    return places


def _rewards(obs: Mapping[str, Any], card: str) -> list[str]:
    """An esparto card's rewards in the order its face prints them."""
    me = _seat_view(obs, obs.get("viewer"))
    printed = obs.get("printed_esparto")
    cards = [printed] if isinstance(printed, Mapping) else []
    cards += [e for e in me.get("esparto") or [] if isinstance(e, Mapping)]
    if card == "the card printed on the board":
        card = str(printed.get("name")) if isinstance(printed, Mapping) else card
    for e in cards:
        if e.get("name") == card:
            return [str(r) for r in e.get("rewards") or []]
    return []


def option_order(
    observation: Mapping[str, Any], options: Sequence[tuple[str, int]]
) -> list[tuple[str, int]]:
    """`options` (the table's sentences, with their actions) in the order a player reads
    the board: each kind of option (its first word: "Place", "Acquire", "Throw:"; the row's
    one actions apart) where its first option was, and within a kind a placement by row
    top to bottom then column as printed (1, 2, 3, A, B; the Special Action last), a card
    by where the board shows it (the Draft Area row by row, left to right; the workshop;
    the hand), a piece as the market lists them (Plate, Jug, Pot), a space or reward by
    its number or its place on the face; what ends a step ("no more") last. The same
    options give the same order, so their numbers stay put for one decision."""
    observation = spelled_out(observation)
    places = _board_places(observation)
    names = sorted(places, key=len, reverse=True)
    # Longest first, and whole: "Limpieza 1" is not the start of "Limpieza 12".
    card_at = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, names)) + r")(?!\w)")
    kinds: dict[str, int] = {}
    layout = list(observation.get("layout") or [])

    def key(item: tuple[int, tuple[str, int]]) -> tuple[Any, ...]:
        index, (text, _) = item
        body = text.removeprefix(ROW)
        verb = body.split(" ", 1)[0]
        if text.startswith(ROW):
            # The row's one actions together, in the order the row prints them.
            act = _ROW_ACTS.get(verb)
            rank = (kinds.setdefault(ROW, len(kinds)), layout.index(act) if act in layout else 9)
        else:
            rank = (kinds.setdefault(verb, len(kinds)), 0)
        found = card_at.search(body)
        card = places[found.group(1)] if found is not None else (-1, -1)
        rewards = _rewards(observation, found.group(1)) if found is not None else []
        reward = next((i for i, r in enumerate(rewards) if f"{r} " in body + " "), -1)
        # A main-board space ("the top row, column A"); a Draft Area card is placed by its
        # name above.
        space_at = re.search(r"\b(top|middle|bottom) row, column (\w)\b", body)
        space = re.search(r"\bspace (\d+)\b", body)
        pieces = [_PIECE_ORDER[p] for p in re.findall(r"\b(Plate|Jug|Pot)\b", body)]
        return (
            rank,
            bool(_ENDS.search(body)),
            _ROWS[space_at.group(1)] if space_at else (3 if "Special Action" in body else -1),
            _COLUMNS.find(space_at.group(2)) if space_at else -1,
            card,
            int(space.group(1)) if space else -1,
            reward,
            len(pieces),
            tuple(pieces),
            "unpainted" in body,
            index,
        )

    # Ranked in the given order first, so that a kind keeps the place of its first option.
    keyed = [key(item) for item in enumerate(options)]
    order = sorted(range(len(options)), key=lambda i: keyed[i])
    effects = _effects(observation)
    return [_with_effect(options[i], effects) for i in order]


# A card chosen by name: one to acquire ("Acquire Torno Alto (Potter's Wheel), row 1: 2
# Perra Gorda") or one to play from the hand ("Play Torno Fino (Potter's Wheel) on ...",
# "Play Limpieza 1 (Cleanup), paying 1 Perra Gorda").
_CHOSEN = re.compile(r"^(?:Acquire|Play) (?P<card>.+?) \([^()]+\)(?: on |, row \d: |, paying |$)")


def _effects(obs: Mapping[str, Any]) -> dict[str, str]:
    """What each card of the Draft Area and of the viewer's hand does, in a few words, by
    its name: its face (the engine's words) without its type and cost, which the option
    says, in the board's icons, a wheel's spaces joined by arrows."""
    cards = [card for row in _seq(obs.get("draft")) for card in _seq(row)]
    cards += list(_seq(_seat_view(obs, obs.get("viewer")).get("hand")))
    effects: dict[str, str] = {}
    for card in cards:
        if not isinstance(card, Mapping) or not isinstance(card.get("face"), str):
            continue
        parts = [p for p in card["face"].split(" · ")[1:] if not p.startswith("costs ")]
        text = "; ".join(parts).replace("vase spaces: ", "vase: ").replace(" → ", "→")
        text = text.replace(" when the vase reaches the end", " at the end")
        effects[str(card.get("name"))] = iconized(text)
    return effects


def _with_effect(option: tuple[str, int], effects: Mapping[str, str]) -> tuple[str, int]:
    """An Acquire or Play option with the card's effect after a " — " (issue 17, §6: on the
    compact board a card chosen showed its name, type, row and cost, not what it does)."""
    text, action = option
    found = _CHOSEN.match(text)
    effect = effects.get(found.group("card")) if found is not None else None
    return (f"{text} — {effect}", action) if effect else option


_PLACE = re.compile(
    r"^Place (?P<n>\d+ craftswom[ae]n) on the (?P<row>\w+) row, column (?P<col>\w) "
    r"\(one of (?P<acts>.+?); bonus (?P<bonus>.+?)\)(?P<rest>.*)$"
)
_AT = re.compile(
    r"^(?P<verb>Acquire|Move donkey to|Place the donkey on) (?P<card>.+) "
    r"at row (?P<row>\d) column (?P<col>\d)(?P<rest>.*)$"
)
_PLAY = re.compile(r"^Play (?P<card>.+? \([^()]+\))(?P<rest>.*)$")


_ACQUIRE_ROW = "Acquire: Draft Area row "


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
    acquire = re.match(r"^Acquire (.+), row (\d): (\d+ Perra Gorda)( — .+)?$", text)
    if acquire is not None:
        # 8.1: up to two cards, one step each; the rows stay the menu's first lines at every
        # step (the second card's shorter list fits unfolded, and its numbers moved), a row
        # with nothing the player can take still a line (the lines below it moved up).
        return (
            Kept(
                f"{_ACQUIRE_ROW}{acquire.group(2)}",
                family=[f"{_ACQUIRE_ROW}{r}" for r in "123"],
                absent="none you can take now",
            ),
            f"{acquire.group(1)}: {acquire.group(3)}{acquire.group(4) or ''}",
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


# -- what the options leave out, and what is asked once more ---------------------------


def decision(observation: Mapping[str, Any]) -> str | None:
    """The options' title for the step of a compound action that comes after another: an
    Acquire Cards after its first card (8.1: up to two), whose lines keep the first card's
    numbers (`Kept`: a Draft Area row with nothing left the player can take keeps its
    line, marked). `None` for every other decision."""
    mode = observation.get("mode")
    if not isinstance(mode, Mapping) or mode.get("kind") != "acquire":
        return None
    taken, left = mode.get("taken"), mode.get("left")
    if not (isinstance(taken, int) and isinstance(left, int) and taken > 0):
        return None
    return f"Acquire Cards, card {taken + 1} of up to {taken + left}"


# How the options of a bonus or one-space action begin (the table's words), to tell which
# open ones the player cannot take now: the engine starts each with the step's name as the
# board gives it ("Fire 1 Piece: ...", whether it came as 9.2's bonus, a wheel space or a
# card's side).
_TASK_OPTIONS = {
    **{k: f"{_ACT_NAMES[k]}: " for k in ("fire1", "paint1", "clean1", "throw1", "clay1")},
    "acquire1": f"{_ACT_NAMES['acquire1']} (bonus)",
    "pg_or_glaze": "Bonus: take ",
    "esparto1": "Collect 1 Esparto: ",
}


# 8.5: the option to leave a throw's next benefit (Rust `nijar/text.rs`).
_LEAVE_BENEFIT = re.compile(r"Leave the (.+ benefit of the throw|throw's next benefit) unresolved$")


# 5.2: "You may not have more than 7 Clay. Any excess Clay you would gain is lost."
MAX_CLAY = 7
_GAINS_CLAY = re.compile(r"\b(Extract|take) \d+ Clay\b|: \d+ Clay from ")


def unoffered(observation: Mapping[str, Any], options: Sequence[str]) -> str | None:
    """A line below the options: what "Open here" lists that no option takes now (a Paint 1
    Piece with nothing fired, or not the Glazes its workshop asks: it stays open until the
    placement is done or given up, so the player is not left looking for it), and that
    Clay an option would give is lost at the limit (a Clay Bonus taken with 7 Clay gave
    nothing, unsaid)."""
    notes = [_not_offered(observation, options)]
    clay = _seat_view(observation, observation.get("viewer")).get("clay")
    if isinstance(clay, int) and clay >= MAX_CLAY and any(map(_GAINS_CLAY.search, options)):
        notes.append(f"You hold {MAX_CLAY} Clay, the most: more is lost")
    return " · ".join(n for n in notes if n) or None


def _not_offered(observation: Mapping[str, Any], options: Sequence[str]) -> str | None:
    """What "Open here" lists that no option takes now, or why an option ends others."""
    # 8.7: one Fire action moves pieces from the Drying Area and from the Glazing
    # Workshops; the engine takes the Drying Area's first, so firing a painted piece ends
    # the firing from the Drying Area (a player who fired the painted Pot first lost the
    # Jug's move, unwarned).
    drying = any(re.match(r"(Row: )?Fire an? \w+ from the drying area", o) for o in options)
    painted = any(re.match(r"(Row: )?Fire the painted .+ into a glaze kiln", o) for o in options)
    if drying and painted:
        return "Fire from the Drying Area first: a painted piece fired ends those moves"
    mode = observation.get("mode")
    if isinstance(mode, Mapping) and mode.get("kind") not in (None, "idle"):
        return None  # a compound action's step: its own options only
    if any(_LEAVE_BENEFIT.match(o) for o in options):
        return None  # 8.5: a throw's benefits come in their order, the next one later
    frames = [f for f in _seq(observation.get("frames")) if isinstance(f, Mapping)]
    tasks = [t for f in frames[-1:] for t in _seq(f.get("tasks"))]
    acts = list(_ACT_NAMES)
    missing = [
        _act(acts[t])
        for t in tasks
        if isinstance(t, int)
        and 0 <= t < len(acts)
        and acts[t] in _TASK_OPTIONS
        and not any(o.startswith(_TASK_OPTIONS[acts[t]]) for o in options)
    ]
    if not missing:
        return None
    return f"Not possible now: {', '.join(dict.fromkeys(missing))} (b: your supply and pieces)"


def confirm(option: str) -> str | None:
    """Giving up what is still open on a workshop card or space is final once another seat
    has moved (undo stops there): asked once more, so a typo cannot throw it away."""
    if option.startswith("Give up"):
        return "The actions and bonuses still open here are lost. Give them up? (y/n): "
    return None
