"""The event log: every public event in one line, and a bot's reason for its move.

The sentences come from the engine (`State.public_events`, called before the move is
applied): the move's public sentence, then one per consequence (a completion, a challenge
space taken, a card revealed, the cup of coffee, a new day or round, the end and its
tiebreak). The log prefixes who moved, words the lines as the game's table does
(`table_lines`: the live table and ``craftgames replay`` both), and adds a bot's reason.
"""

from __future__ import annotations

from collections.abc import Sequence

from craftgames import bots
from craftgames._core import State
from craftgames.table.presentation import Presentation

__all__ = ["EventLog", "bot_reason", "move_lines", "table_lines", "visible_scores"]


def move_lines(state: State, action: int, viewer: int | None, who: str) -> list[str]:
    """The log lines of `action` in `state` (before it is applied) as `viewer` sees them
    (`None`: a spectator, who sees no hidden card). `who` names the mover."""
    events = state.public_events(action, viewer)
    if not events:
        return []
    return [f"{who}: {events[0]}", *(f"  · {e}" for e in events[1:])]


def table_lines(
    show: Presentation,
    state: State,
    action: int,
    viewer: int | None,
    who: str,
    names: Sequence[str],
    *,
    forced: bool = False,
) -> list[str]:
    """The log lines of `action` in `state` (before it is applied) as the table words them
    for `viewer` (`None`: a spectator): the engine's lines for that viewer (`move_lines`)
    with the seats in the game's words (its `name_sides`), `names` naming the seats as
    `viewer` reads them ("you" for itself). `forced`: the table played it for its mover, the
    only option; the mover reading its own log is told why."""
    mover = state.current_player()
    lines = move_lines(state, action, viewer, who)
    if not lines:
        return []
    lines[0] = show.name_sides(lines[0], mover, names)
    # What the move made happen ("  · ..."), in the table's words too.
    lines[1:] = [
        f"  · {show.name_sides(line.removeprefix('  · '), mover, names)}" for line in lines[1:]
    ]
    if forced and viewer == mover:
        lines[0] += f"  ({show.only_option(state.observation(mover))})"
    return lines


def visible_scores(state: State, viewer: int | None) -> list[int] | None:
    """Every seat's running score as `viewer` sees it (`None`: all of it), or `None` if the
    game's observation does not show scores."""
    if viewer is None:
        return state.scores()
    players = state.observation(viewer).get("players")
    if not isinstance(players, list):
        return None
    scores = [p.get("score") for p in players if isinstance(p, dict)]
    if len(scores) != state.num_players() or not all(isinstance(s, int) for s in scores):
        return None
    return [int(s) for s in scores if isinstance(s, int)]


def _pts(n: int) -> str:
    return f"{n:+d} pt" + ("" if abs(n) == 1 else "s")


REDRAWS = 4
"""Redraws of the viewer's unknowns that a move must be legal in to be named to the viewer."""


def _seen_as_possible(state: State, action: int, viewer: int) -> bool:
    """Whether `viewer` can tell that `action` is open to the seat to act: it is worded the
    same for the viewer and legal whatever the viewer's unknowns are (a "Reveal X" of a
    face-down card X is not: naming it would show the viewer that the bot holds X)."""
    if state.public_action_string(action, viewer) != state.action_to_string(action):
        return False
    return all(action in state.resample_hidden(viewer, k).legal_actions() for k in range(REDRAWS))


def bot_reason(
    bot: bots.Bot,
    state: State,
    action: int,
    after: State,
    viewer: int | None,
) -> str | None:
    """Why `bot` played `action` in `state` (`after` is the position it led to), worded for
    `viewer`: MCTS's top three moves with their share of the visits and mean reward; greedy's
    score gain (when it has one). `None` when there is nothing to say or the move itself is
    hidden from `viewer`; an alternative the viewer cannot know the bot had is not named."""
    seat = state.current_player()
    full = state.action_to_string(action)
    hidden = viewer is not None and state.public_action_string(action, viewer) != full
    if isinstance(bot, bots.MCTSBot) and bot.last_result is not None:
        if hidden:
            return None
        result = bot.last_result
        top = sorted(result.stats, key=lambda s: (-s.visits, s.action))[:3]
        parts: list[str] = []
        for s in top:
            text = state.action_to_string(s.action)
            share = f"{result.visit_share(s.action):.0%}"
            reward = f"{s.mean_reward[seat]:.2f}"
            if s.action == action:  # the move itself, said once already
                parts.insert(0, f"this move {share} of visits, mean reward {reward}")
            elif viewer is None or _seen_as_possible(state, s.action, viewer):
                parts.append(f"{share} {text} ({reward})")
            else:  # a move that would show the bot's hidden cards (revealing one it holds)
                parts.append(f"{share} a move you cannot see ({reward})")
        return f"{result.iterations} simulations: " + " | ".join(parts)
    if isinstance(bot, bots.GreedyBot) and not hidden:
        before_scores = visible_scores(state, viewer)
        after_scores = visible_scores(after, viewer)
        if before_scores is None or after_scores is None:
            return None
        gain = after_scores[seat] - before_scores[seat]
        # A move that changes nothing yet (most of them) goes unremarked: less to read.
        return f"greedy: {_pts(gain)} if the game ended now" if gain else None
    return None


class EventLog:
    """The lines logged so far, in order, with where each move's lines begin (for undo)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self._marks: list[int] = []

    def add_move(self, lines: Sequence[str]) -> None:
        """Logs one move's lines."""
        self._marks.append(len(self.lines))
        self.lines.extend(lines)

    def note(self, line: str) -> None:
        """Logs a line that is not a move (a move taken back)."""
        self.lines.append(line)

    def drop_last_move(self) -> None:
        """Forgets the lines of the last move logged."""
        if self._marks:
            del self.lines[self._marks.pop() :]

    def recap_start(self, seen: int, most: int) -> int:
        """Where a recap of the lines after the first `seen` begins: at the first line of a
        move or note (a line not indented as what a move made happen is) among the last
        `most`, so no move is shown without its first line; the last entry whole if it
        alone is longer."""
        lines = self.lines
        start = max(seen, len(lines) - most)
        while start < len(lines) and lines[start].startswith("  "):
            start += 1
        if start == len(lines):
            start = max(seen, len(lines) - most)
            while start > seen and lines[start].startswith("  "):
                start -= 1
        return start

    def tail(self, n: int = 20) -> list[str]:
        """The last `n` lines."""
        return self.lines[-n:]
