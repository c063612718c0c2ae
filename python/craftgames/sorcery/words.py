"""Studies in Sorcery's options and log lines in the board's words (`name_sides`), how a
long list of them is grouped (`option_path`), and a buy's payment as a set (`set_choice`):
the presentation hooks about the engine's sentences. `craftgames.sorcery.board` re-exports
them for the table."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from craftgames.sorcery.faces import _ICON, _SPACE, _counted, _face
from craftgames.table.presentation import SetChoice

Obs = Mapping[str, Any]

# The engine's card labels: a material "Name (#id, $v, Icon/Icon, +1 if Icon, -1 if Icon)"
# (icons and tokens only when it has them), a project "Name (#id, department level, $cost,
# N credits)".
_ICONS = r"[A-Za-z /]+"

_MATERIAL_LABEL = re.compile(
    rf"(?P<name>[^()#]+?) \(#\d+, \$(?P<value>\d+)(?:, (?P<icons>{_ICONS}))?"
    rf"(?:, \+1 if (?P<credit>{_ICONS}))?(?:, -1 if (?P<demerit>{_ICONS}))?\)"
)

_PROJECT_LABEL = re.compile(
    r"(?P<name>[^()#]+?) \(#\d+, (?P<dept>[a-z]+) (?P<level>\d+), \$(?P<cost>\d+), "
    r"(?P<credits>\d+) credits\)"
)

_KEY = {name.replace("_", " ").title(): name for name in _ICON}

_EMOJI = {title: _ICON[key] for title, key in _KEY.items()}


def _material_words(m: re.Match[str]) -> str:
    def keys(group: str) -> list[str]:
        found = m.group(group)
        return [_KEY.get(i, i) for i in found.split("/")] if found else []

    return _face(m.group("name"), m.group("value"), keys("icons"), keys("credit"), keys("demerit"))


def _project_words(m: re.Match[str]) -> str:
    return (
        f"{m.group('name')} [{m.group('dept')} {m.group('level')}] "
        f"${m.group('cost')} → {m.group('credits')}cr"
    )


# A log line of a move: "seat 0 (human): " and the move's sentence, worded as its option was.
_LOGGED = re.compile(r"^(seat \d+ \([^()]*\): )(.+)$", re.S)

_PUT = re.compile(
    r"^Put (?P<material>.+\)) under (?P<project>.+\)) as its (?P<icon>[A-Za-z ]+?)"
    r"(?P<alchemy> \(Alchemy: a second material this step, -1 demerit\))?$"
)

_SPACE_NUMBER = re.compile(r"\b(market space|Clear space) ([1-6])\b")


# A market space named in a clear: the compact market beside it shows its cost and credits.
_CLEAR = re.compile(r"^(Clear market space \d|…together with market space \d) \((.+\))\)(.*)$")


def _put_words(m: re.Match[str]) -> str | None:
    """A material put under a project in progress, in one line of the screen: the material by
    name and value (a name is one face), the project by name (the board shows it with its
    icons), the icon it fills and the token that use puts on it (the "+1 if" / "-1 if")."""
    material = _MATERIAL_LABEL.fullmatch(m.group("material"))
    project = _PROJECT_LABEL.fullmatch(m.group("project"))
    if material is None or project is None:
        return None
    icon = m.group("icon")

    def has(group: str) -> bool:
        return icon in (material.group(group) or "").split("/")

    token = " (+1 credit)" if has("credit") else ""
    token += " (-1 demerit)" if has("demerit") else ""
    if m.group("alchemy"):  # "Alchemy: ... an additional material in the same commit phase"
        token += " (-1 demerit: Alchemy, a second material this step)"
    return (
        f"Put {material.group('name')} ${material.group('value')} under"
        f" {project.group('name')} as its {_EMOJI.get(icon, icon)}{token}"
    )


def _clear_words(m: re.Match[str]) -> str:
    project = _PROJECT_LABEL.fullmatch(m.group(2))
    if project is None:
        return m.group(0)
    rest = " and another for $1" if m.group(3) == " and another, for $1" else m.group(3)
    what = m.group(1).replace("Clear market space", "Clear space")
    face = f"{project.group('name')} [{project.group('dept')} {project.group('level')}]"
    return f"{what} ({face}){rest}"

_BY_NAME = ("Project action of ", "Fill the ", "Remove the demerit tokens of ", "Put ")


def name_sides(text: str, seat: int, names: Sequence[str]) -> str:
    """An engine sentence in the board's words: a card as the board draws it (name, value or
    cost and credits, icons), without the engine's ids; "as its Hand" as "as its ✋". A put
    names the material by name and value and says the token it earns (`_put_words`), a
    market clear names the project and its department (`_clear_words`): one screen line."""
    del seat, names
    logged = _LOGGED.match(text)
    if logged is not None:  # the log's line of a move: "seat 0 (human): Put ..."
        return logged.group(1) + name_sides(logged.group(2), 0, ())
    put = _PUT.match(text)
    if put is not None and (words := _put_words(put)) is not None:
        return words
    text = _CLEAR.sub(_clear_words, text)
    # The robot's market row by its spaces: the compact board draws the market's top row
    # (A, C, E) as its left column, so "the top row" alone pointed a reader at A and B.
    text = re.sub(
        r"\b(clears|finds) the (top|bottom) market row\b",
        lambda m: f"{m.group(1)} the {m.group(2)} market row "
        + ("A C E" if m.group(2) == "top" else "B D F"),
        text,
    )
    # Said as true before any clear as after ("Clear no more" when none was cleared), and
    # passing the last pile says what comes next (C) Dig: Keep Looking).
    text = text.replace("Clear no more market projects", "Go on to choose what to buy")
    text = re.sub(
        r"\bPass grave pile 3$",
        "Pass grave pile 3 (then: the top grave card, a Candle, a Vial or nothing)",
        text,
    )
    # A setup choice: the card kept (the other goes back, as "To decide" says; its option
    # is the other line).
    text = re.sub(
        r"^Keep thesis (.+?) \((\d+) credits: (.+?)\); return .+ to the box$",
        r"Keep thesis \1 (\2cr: \3)",
        text,
    )
    text = re.sub(
        r"^(Keep project .+?\)); return ([^()#]+?) \(#\d+, [^)]*\) to the bottom of the .+$",
        r"\1",
        text,
    )
    # The staff kept, with what it does (the other goes back to the box, as its option says).
    text = re.sub(
        r"^(Keep staff [^()]+ \((?:[^()]|\(s\))*\)); return .+ to the box$", r"\1", text
    )
    # A project named in an ability's option is on the board (yours, completed or in
    # progress): by its name, in one line ("Project action of Crawling Claw: fill ...").
    if text.startswith(_BY_NAME):
        text = _PROJECT_LABEL.sub(lambda m: m.group("name"), text)
    text = _PROJECT_LABEL.sub(_project_words, text)
    text = _MATERIAL_LABEL.sub(_material_words, text)
    text = _counted(text)
    text = _SPACE_NUMBER.sub(lambda m: f"{m.group(1)} {_SPACE[int(m.group(2)) - 1]}", text)
    # A commit step's reveal ("seat 1 puts Wedding Band under Minor Rift as its Ring; ...")
    # names each icon as the board draws it, as a put's option does.
    if text.startswith(("Put ", "Fill the ", "Every seat has committed", "The commit step ends")):
        text = re.sub(
            r"(as its|Fill the) (Mushroom|Skull|Ring|Hand|Rib Cage|Limb|Candle|Vial)\b",
            lambda m: f"{m.group(1)} {_EMOJI[m.group(2)]}",
            text,
        )
    return text


def option_path(text: str) -> tuple[str, ...]:
    """How a long list of options is grouped: a buy's market projects in one group ("Buy a
    market project"), each read in it as the option itself; its Candle and Vial never in a
    group; every other option by its verb (as for every game)."""
    if text.startswith("Buy ") and " from market space " in text:
        return ("Buy a market project", text)
    if text.startswith(("Buy a Candle", "Buy a Vial")):
        return (text,)
    verb = text.split(" ", 1)[0]
    return (verb, text) if verb != text else (text,)


_LETTERED = re.compile(r"\b(?:market space|Clear space) ([A-F])\b")


def option_order(observation: Obs, options: Sequence[tuple[str, int]]) -> list[tuple[str, int]]:
    """`options` with those naming a market space in the board's order, A to F (a buy's
    projects, a solo clear's), in the places those options held; the rest as they were
    (the session lists them in the order of their sentences, which sorts the spaces by
    project name)."""
    del observation
    lettered = [i for i, (text, _) in enumerate(options) if _LETTERED.search(text)]

    def letter(i: int) -> str:
        m = _LETTERED.search(options[i][0])
        return m.group(1) if m else ""

    ordered = list(options)
    for place, i in zip(lettered, sorted(lettered, key=letter), strict=True):
        ordered[place] = options[i]
    return ordered


def _basket(obs: Obs, turn: Obs, *, by_space: bool = False) -> str:
    """What a buy has chosen so far: its market projects by name (`by_space`: by their
    spaces' letters, "market A, C", where the market beside it marks them), then its
    stock."""
    market = obs["market"]
    spaces = [s for s in turn.get("buy_spaces") or [] if market[s]]
    names = [str(market[s]["name"]) for s in spaces]
    if by_space and spaces:
        names = ["market " + ", ".join(_SPACE[s] for s in sorted(spaces))]
    for n, word in ((turn.get("buy_candles") or 0, "Candle"), (turn.get("buy_vials") or 0, "Vial")):
        if n:
            names.append(f"{n} {word}s" if n > 1 else f"a {word}")
    return ", ".join(names)

_DISCARD = re.compile(r"^Discard .*\(#(\d+),")


def set_choice(
    observation: Obs, options: Sequence[tuple[str, int]], describe: Callable[[int], str]
) -> SetChoice | None:
    """The payment of a buy as a set: any of the hand's materials, in any order (the engine
    takes them in one order per set; the table plays the set in that order). `describe`
    words any action (the engine's sentence). In a game resumed in the middle of a payment
    the cards already discarded count, and the rest is chosen the same way."""
    turn = observation.get("turn") or {}
    if turn.get("stage") != "BuyPay":
        return None
    discards = [
        (a, int(m.group(1))) for _, a in options if (m := _DISCARD.match(describe(a))) is not None
    ]
    me = next((p for p in observation["players"] if p["seat"] == observation["viewer"]), None)
    if not discards or me is None or not me.get("hand"):
        return None
    base = discards[0][0] - discards[0][1]
    # The discards go in ascending id order: a card below the lowest offered one cannot join.
    lowest = min(card for _, card in discards)
    # "Finish paying" follows the discards of every material in the action space.
    done = next(
        (a for a in range(base, base + 1024) if describe(a).startswith("Finish paying")), None
    )
    if done is None:
        return None
    value = {base + int(m["id"]): int(m["value"]) for m in me["hand"] if int(m["id"]) >= lowest}
    price, already = int(turn["price"]), int(turn.get("paid") or 0)

    def status(chosen: frozenset[int]) -> str:
        paid = already + sum(value[a] for a in chosen)
        so_far = f"${already} already discarded, " if already else ""
        if paid < price:
            return f"discard the chosen ({so_far}${paid} chosen; ${price - paid} short of ${price})"
        return f"discard the chosen to pay ${price} ({so_far}${paid}: ${paid - price} lost)"

    # What is bought, named: the compact board leaves the market out while paying.
    basket = _basket(observation, turn)
    what = f" for {basket}" if basket else ""
    title = f"pay ${price}{what}: choose what to discard, in any order"
    if already:
        title = (
            f"pay ${price}{what} (${already} already discarded): choose the rest, any order"
        )
    return SetChoice(title=title, items=tuple(value), done=done, status=status)

