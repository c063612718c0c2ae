"""Score tables: the final scores explained, and the running score so far (``s``)."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Console
from rich.table import Table

from craftgames._core import ScoreBreakdown, State

__all__ = ["print_scores", "running_scores", "seen_total"]


def print_scores(
    console: Console, state: State, names: Sequence[str], viewer: int | None = None
) -> None:
    """The places and every seat's score explained line by line once the game is over; before
    that, only the running scores `viewer` (a seat, or `None` for a spectator) may know, so a
    replay of an unfinished game shows nobody's hidden cards."""
    if not state.is_terminal():
        console.print(f"The game is not over ({len(state.history())} actions played).")
        console.print(running_scores(state, names, viewer))
        return
    table = Table(title="Final scores", title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column("Place", justify="right")
    table.add_column("Seat")
    table.add_column("Player")
    table.add_column("Score", justify="right")
    scores = state.scores()
    rows = [(str(seat), names[seat], str(scores[seat])) for seat in state.ranking()]
    opponent = state.solo_opponent()
    if opponent is not None:
        # A solo game against a rival: it takes its place, before you unless you won.
        margin = state.solo_margin()
        rival = ("", opponent[0], str(opponent[1]))
        rows.insert(1 if margin is not None and margin > 0 else 0, rival)
    for place, row in enumerate(rows, 1):
        table.add_row(str(place), *row)
    console.print(table)
    rival_lines: list[tuple[str, int, str]] = []
    for seat in state.ranking():
        breakdown = state.explain_score(seat)
        lines = _breakdown_table(f"Seat {seat} ({names[seat]}): {breakdown.total} points")
        for line in breakdown.lines:
            if opponent is not None and _about_rival(line.category, line.points, opponent[0]):
                # The rival's score is no part of yours: it goes under the rival's name.
                rival_lines.append((line.category, opponent[1], line.detail))
                continue
            lines.add_row(line.category, str(line.points), line.detail)
        console.print(lines)
    if opponent is not None and rival_lines:
        name, score = opponent
        lines = _breakdown_table(f"{name[:1].upper()}{name[1:]}: {score} points")
        for category, points, detail in rival_lines:
            lines.add_row(category, str(points), detail)
        console.print(lines)


def _breakdown_table(title: str) -> Table:
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column("Category")
    table.add_column("Points", justify="right")
    table.add_column("Detail")
    return table


def _about_rival(category: str, points: int, rival: str) -> bool:
    """Whether a line of a solo seat's breakdown is the rival's score told for the record
    (no points of the seat's: "Robot 0 | the robot scores 40 ...", "Competition (not part of
    your score) 0 | 74 VP ..."), by the rival's name without its article."""
    name = rival.lower().removeprefix("the ").strip()
    return points == 0 and bool(name) and category.lower().startswith(name)


def _board_score(state: State, seat: int, viewer: int) -> object:
    """`seat`'s score as `viewer`'s board shows it (None where it shows none)."""
    players = state.observation(viewer).get("players")
    if isinstance(players, list) and seat < len(players) and isinstance(players[seat], dict):
        return players[seat].get("score")
    return None


def seen_total(state: State, seat: int, viewer: int | None) -> object:
    """`seat`'s score as `viewer` may know it: a seat's board, or for a spectator (`None`)
    what every other seat's board shows alike (a score only the seat itself sees is None)."""
    if viewer is not None:
        return _board_score(state, seat, viewer)
    others = [_board_score(state, seat, u) for u in range(state.num_players()) if u != seat]
    return others[0] if others and all(score == others[0] for score in others) else None


def running_scores(
    state: State, names: Sequence[str], viewer: int | None, public: Sequence[str] = ()
) -> Table:
    """Every seat's score so far by category, one column a seat (the ``s`` command), as
    `viewer` (a seat, or `None` for a spectator) may know it. The categories named in
    `public` are seen for every seat (e.g. completed projects), even where the rest is not.

    `State.explain_score` is the running score. A seat whose breakdown does not add up to
    the score `viewer` is shown for it (a game whose running score counts hidden cards) gets
    only that visible total, so the table never tells more than the board.
    """
    table = Table(title="Scores if the game ended now", title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column("Category")
    seats = range(state.num_players())
    visible = [seen_total(state, seat, viewer) for seat in seats]
    breakdowns: list[ScoreBreakdown | None] = []
    fulls = [state.explain_score(seat) for seat in seats]
    for seat, full in zip(seats, fulls, strict=True):
        shown = seat == viewer or visible[seat] == full.total
        breakdowns.append(full if shown else None)
    for seat, name in enumerate(names):
        table.add_column(f"{seat} {name}", justify="right")
    categories: list[str] = []
    for b in breakdowns:
        if b is not None:
            categories += [line.category for line in b.lines if line.category not in categories]
    for category in categories:
        row = [category]
        for b, full in zip(breakdowns, fulls, strict=True):
            seen = full if category in public else b
            points = (
                [] if seen is None else [x.points for x in seen.lines if x.category == category]
            )
            row.append(str(sum(points)) if points else ("?" if seen is None else ""))
        table.add_row(*row)
    # A total the viewer cannot see (another seat's hidden thesis and hand) shows as "?".
    totals = [
        str(b.total) if b is not None else ("?" if visible[s] is None else str(visible[s]))
        for s, b in enumerate(breakdowns)
    ]
    table.add_row("Total", *totals, style="bold")
    return table
