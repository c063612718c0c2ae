"""Option menus that fit the screen: a list longer than the room left is grouped.

A group is shown as one numbered line ("Measured — 12 options"); choosing it lists what is
in it under the group's name as a header, grouped again if it is still too long. The options
keep the order they were given in (the sentence order, which keeps a group together).

A list that fits is not grouped, so a compound action whose list shrinks from one step to
the next (the second card of an Acquire Cards) would go from grouped to flat, and a number
typed from memory would pick another option ("4. Acquire no more cards" becoming "4. Acquire
Limpieza 11"). A game names such groups `Kept`: they group their options at every length,
so the numbers of one step are those of the next. A `Kept` group may name its family (every
group of its kind, in order) and what to say of one left with no option: that one keeps its
line, marked, instead of the lines below it moving up (a line with neither an action nor
a group under it chooses nothing).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["Entry", "Kept", "Menu", "build_menu"]


class Kept(str):
    """The name of an outermost group (an `option_path`'s first part) that groups its options
    however short the list is: a compound action's steps then number alike (a group of one
    option is still its one line). `family`: the names of every group of its kind, in menu
    order; one of them with no option left keeps its line as "NAME — `absent`"."""

    family: tuple[str, ...]
    absent: str

    def __new__(cls, name: str, family: Sequence[str] = (), absent: str = "") -> Kept:
        kept = super().__new__(cls, name)
        kept.family = tuple(family)
        kept.absent = absent
        return kept


@dataclass(frozen=True)
class Entry:
    """One numbered line of a menu: an option (`action` set) or a group (`submenu` set)."""

    label: str
    action: int | None = None
    submenu: Menu | None = None


@dataclass(frozen=True)
class Menu:
    """A list of entries under a header (the path of groups that led to it)."""

    header: tuple[str, ...]
    entries: tuple[Entry, ...]

    def lines(self) -> int:
        """Lines it takes to print (one a line, plus the header)."""
        return len(self.entries) + 1


def build_menu(
    options: Sequence[tuple[str, int]],
    limit: int | None,
    path_of: Callable[[str], tuple[str, ...]],
) -> Menu:
    """The menu of `options` (sentence, action), grouped so a list has at most `limit` entries
    where the sentences allow it (`None`: never group). `path_of` splits a sentence into its
    group path and the rest."""
    items = [(path_of(text), text, action) for text, action in options]
    return _menu((), items, 0, limit)


def _menu(
    header: tuple[str, ...],
    items: list[tuple[tuple[str, ...], str, int]],
    depth: int,
    limit: int | None,
) -> Menu:
    def leaf(path: tuple[str, ...], text: str, action: int) -> Entry:
        # Under a header the shared part is said once, above.
        rest = "; ".join(path[depth:]) if depth and len(path) > depth else text
        return Entry(rest, action=action)

    kept = depth == 0 and any(len(p) > 1 and isinstance(p[0], Kept) for p, _, _ in items)
    if limit is None or (len(items) <= limit and not kept):
        return Menu(header, tuple(leaf(p, t, a) for p, t, a in items))
    groups: dict[str, list[tuple[tuple[str, ...], str, int]]] = {}
    for item in items:
        path = item[0]
        key = path[depth] if len(path) > depth + 1 else f"\0{item[1]}"
        groups.setdefault(key, []).append(item)
    if len(groups) == len(items):  # nothing to group by at this depth
        keyed = [(key, leaf(*members[0])) for key, members in groups.items()]
        return Menu(header, _kept_places(keyed) if kept else tuple(e for _, e in keyed))
    if len(groups) == 1:  # one group: its name goes into the header, look one level down
        (key,) = groups
        return _menu((*header, key), items, depth + 1, limit)
    keyed = []
    for key, members in groups.items():
        if key.startswith("\0") or len(members) == 1:
            keyed.append((key, leaf(*members[0])))
            continue
        sub = _menu((*header, key), members, depth + 1, limit)
        count = len(members)
        label = f"{key} — {count} option" + ("s" if count != 1 else "")
        keyed.append((key, Entry(label, submenu=sub)))
    return Menu(header, _kept_places(keyed) if kept else tuple(e for _, e in keyed))


def _kept_places(keyed: list[tuple[str, Entry]]) -> tuple[Entry, ...]:
    """The entries (each with its group's name) with a line for each group of a `Kept`
    family that has no option left, where it would be: before the next of its family, or
    after the last one present."""
    family = next((k for k, _ in keyed if isinstance(k, Kept) and k.family), None)
    if family is None:
        return tuple(e for _, e in keyed)
    names, due = family.family, 0
    out: list[Entry] = []

    def absent_until(end: int) -> None:
        nonlocal due
        out.extend(Entry(f"{name} — {family.absent}") for name in names[due:end])
        due = max(due, end)

    for key, entry in keyed:
        if key in names:
            absent_until(names.index(key))
            due = names.index(key) + 1
        elif due:  # the first line after the family's: the rest of it goes before
            absent_until(len(names))
        out.append(entry)
    if due:
        absent_until(len(names))
    return tuple(out)
