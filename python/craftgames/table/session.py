"""A game at the terminal: the board before every human decision, the event log, commands at
every prompt, undo, saving on ``q`` or Ctrl-C, and resuming a saved game.

The loop is generic over the games: what it draws and how it words things comes from the
game's `Presentation`; everything else goes through the engine contract (`State`).
"""

from __future__ import annotations

import contextlib
import io
import random
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Console, RenderableType
from rich.text import Text

from craftgames import bots, mcts, new_game
from craftgames._core import State
from craftgames.replay import Replay
from craftgames.table.events import EventLog, bot_reason, table_lines
from craftgames.table.listing import path_to, plays_alone, table_options
from craftgames.table.menu import Entry, Menu, build_menu
from craftgames.table.presentation import Presentation, SetChoice, presentation
from craftgames.table.prompt import ask
from craftgames.table.scores import print_scores, running_scores
from craftgames.table.undo import reveals
from craftgames.table.wrap import wrap_at_spaces

__all__ = [
    "HELP",
    "HINT_ITERATIONS",
    "Quit",
    "TableGame",
    "default_save_path",
]

HINT_ITERATIONS = 1000
"""Simulations behind the ``h`` hint."""

HELP = """\
Commands (at any prompt):
  a number  choose that option (or open that group of options)
  0         back to all options (inside a group)
  u         undo your last decision (not past a reveal, nor once another seat moved)
  b         the whole board
  s         the score so far, per seat and category
  l         the last 20 lines of the log
  h         a hint: the search's top three moves from what you can see
  ?         this help
  q         save and quit (Ctrl-C does the same)"""


HELP_SHORT = """\
Commands (at any prompt): a number chooses (or opens a group) · 0 back · u undo
  b board · s scores · l log · h hint · ? help · q save and quit (Ctrl-C too)"""
"""The commands in two lines of 80 columns, for a terminal too short for `HELP` above the
options."""


PASS_RECAP = 6
"""Log lines shown to a human taking the terminal over (`TableGame.pass_terminal`)."""


def _isatty(file: object) -> bool:
    try:
        return bool(getattr(file, "isatty", lambda: False)())
    except (OSError, ValueError):  # a closed or replaced stream
        return False


class Quit(Exception):
    """A human player left the game (``q`` or end of input)."""


@dataclass(frozen=True)
class _Record:
    """One move played: who, what, the position before it, and whether it can be taken back."""

    seat: int
    action: int
    before: State
    undoable: bool
    forced: bool


def default_save_path(game: str, seed: int) -> str:
    """Where a game is saved when no ``--save`` was given."""
    return f"craftgames-{game}-{seed}.json"


def _lines_of(console: Console, renderable: RenderableType) -> int:
    """How many lines `renderable` takes on `console`."""
    probe = Console(file=io.StringIO(), width=console.width, color_system=None, highlight=False)
    with probe.capture() as capture:
        probe.print(renderable)
    return len(capture.get().splitlines())


def _span(count: int) -> str:
    """The numbers a prompt takes: "1-3", or "1" for a lone option."""
    return "1" if count == 1 else f"1-{count}"


def _numbers(count: int) -> str:
    """The numbers a prompt takes, in words: "a number from 1 to 3", or "1"."""
    return "1" if count == 1 else f"a number from 1 to {count}"


class TableGame:
    """One game at the table: its seats, the state, the moves played and the log."""

    def __init__(
        self,
        console: Console,
        *,
        game: str,
        players: int,
        seed: int,
        seats: Sequence[str],
        cards: str | None = None,
        options: dict[str, object] | None = None,
        save_path: str | None = None,
        confirm_forced: bool = False,
        quiet: bool = False,
        pass_terminal: bool | None = None,
    ) -> None:
        """A new game; bad seats, cards or options raise `ValueError` naming the problem.

        `pass_terminal`: with two or more human seats, clear the screen and wait for Enter
        between them, so that no seat reads another's hand (default: when the output is a
        terminal)."""
        self.console = console
        self.game = game
        self.players = players
        self.seed = seed
        self.seats = list(seats)
        self.cards = cards
        self.options = dict(options or {})
        self.agents = {
            seat: bots.make_bot(spec, seat, seed)
            for seat, spec in enumerate(self.seats)
            if spec != bots.HUMAN
        }
        self.humans = [seat for seat, spec in enumerate(self.seats) if spec == bots.HUMAN]
        self.state = new_game(game, players, seed, cards, **self.options)
        self.save_path = save_path
        self.confirm_forced = confirm_forced
        self.quiet = quiet and not self.humans
        self.show: Presentation = presentation(game)
        self.log = EventLog()
        self.records: list[_Record] = []
        self._hint_rng = random.Random(seed)
        self._last_round: object = None
        if pass_terminal is None:
            pass_terminal = console.is_terminal and _isatty(console.file)
        self.pass_terminal = pass_terminal and len(self.humans) >= 2
        self._at_screen: int | None = None
        """The human seat the screen was last handed to (`pass_terminal`)."""
        self._unread = False
        """Whether something for that seat's eyes only was printed since it was last asked."""
        self._unoffered: str | None = None
        """Why a kind of move is missing from the options being asked (the game's line)."""
        self._log_seen: dict[int, int] = {}
        """How many log lines each human seat had seen when it handed the screen on."""
        self._screen_from = 0
        """How many moves had been played when the screen was handed to `_at_screen`."""
        self._away: dict[int, list[str]] = {}
        """What was played for a human seat while another had the screen (its only option),
        for its eyes: told once it next has the screen."""

    # -- who sees what -------------------------------------------------------------------

    def _log_viewer(self, mover: int) -> int | None:
        """Whose eyes the log is written for: the one human; nobody's hidden cards with
        several humans at one screen; the mover's in a game of bots (a spectator)."""
        if len(self.humans) == 1:
            return self.humans[0]
        return None if self.humans else mover

    def _names(self, viewer: int) -> list[str]:
        return ["you" if s == viewer else spec for s, spec in enumerate(self.seats)]

    def _who(self, seat: int) -> str:
        return f"seat {seat} ({self.seats[seat]})"

    # -- output --------------------------------------------------------------------------

    def _busy(self, what: str) -> contextlib.AbstractContextManager[object]:
        """A spinner saying `what` on a terminal (nothing when the output is not one)."""
        return self.console.status(what) if self.console.is_terminal else contextlib.nullcontext()

    def _say(self, line: str) -> None:
        # On a terminal a long line wraps at spaces, its continuations under its text (a
        # move's line under the move, a "  · " line under its words), not at column 0; in a
        # pipe a line stays one line.
        if not self.console.is_terminal:
            self.console.print(Text(line), soft_wrap=True)
            return
        wrapped: list[str] = []
        for part in line.split("\n"):  # a line already laid out (a menu's) is kept as laid
            body = part.lstrip(" ")
            lead = len(part) - len(body)
            indent = " " * (lead + (2 if body.startswith("· ") else 4))
            wrapped += wrap_at_spaces(part, self.console.width, indent)
        self.console.print(Text("\n".join(wrapped)), soft_wrap=True)

    def _board(self, seat: int, compact: bool = False) -> RenderableType:
        names = self._names(seat)
        return self.show.board(
            self.state, seat, private=True, compact=compact, titled=True, names=names
        )

    def _seats_line(self, viewer: int) -> str:
        """Who plays each seat, printed below the board ("" when the board names them)."""
        if self.show.names_seats:
            return ""
        names = self._names(viewer)
        return "Seats: " + " · ".join(f"{s} {n}" for s, n in enumerate(names))

    def _say_seats(self, viewer: int) -> None:
        if line := self._seats_line(viewer):
            self._say(line)

    # -- playing -------------------------------------------------------------------------

    def _apply(
        self,
        seat: int,
        action: int,
        *,
        forced: bool = False,
        grouped: bool = False,
        echo: bool = True,
        away: bool = False,
    ) -> None:
        """Plays `action` for `seat` and logs it (`forced`: it was the only option; `grouped`:
        it follows the first move of a set chosen at once, so undo takes them back together;
        `away`: another seat has the shared screen, so what is for `seat`'s eyes waits)."""
        viewer = self._log_viewer(seat)
        names = self._names(viewer) if viewer in self.humans else self.seats
        lines = table_lines(
            self.show, self.state, action, viewer, self._who(seat), names, forced=forced
        )
        note = None
        if forced and seat in self.humans and not (viewer == seat and lines):
            # A shared screen's log hides the move (and why it was the only one, which may
            # tell of a hidden hand); the mover, who has the screen now, is told in words
            # what was played for them, since it may change what they pay or lose.
            text = self.show.name_sides(
                self.state.action_to_string(action), seat, self._names(seat)
            )
            only = self.show.only_option(self.state.observation(seat))
            note = f"Seat {seat}, played for you ({only}): {text}"
        undoable = seat in self.humans and not reveals(self.state, action)
        before = self.state.clone()
        self.state.apply_action(action)
        agent = self.agents.get(seat)
        if agent is not None:
            why = bot_reason(agent, before, action, self.state, viewer)
            if why:
                lines.append(f"  [{why}]")
        self.records.append(_Record(seat, action, before, undoable, forced or grouped))
        self.log.add_move(lines)
        if away and note is not None:
            result = self.show.move_result(before.observation(seat), self.state.observation(seat))
            self._away.setdefault(seat, []).extend([note, *(f"  {line}" for line in result)])
            note = None
        if echo and not self.quiet:
            if note is not None:
                self._say(note)
                self._unread = True
            for line in lines:
                self._say(line)

    def _bot_move(self, seat: int) -> int:
        if not self.quiet and not self.humans:
            # A game of bots: the public table at the start of each round, for a spectator.
            obs = self.state.observation(seat)
            now = (obs.get("day"), obs.get("round"))
            if now != self._last_round:
                self._last_round = now
                self.console.print(self.show.board(self.state, seat, private=False))
        agent = self.agents[seat]
        if self.console.is_terminal and isinstance(agent, bots.MCTSBot):
            with self.console.status(f"{self._who(seat)} is thinking…"):
                return agent.step(self.state.clone())
        return agent.step(self.state.clone())

    def fast_forward(self, actions: Sequence[int]) -> None:
        """Replays saved `actions` (a resumed game): each bot is asked again, so its random
        stream is where it was; nothing replayed can be taken back."""
        if self.console.is_terminal:
            with self.console.status(f"Replaying {len(actions)} saved moves…"):
                self._replay_moves(actions)
        else:
            self._replay_moves(actions)
        self.records = [_Record(r.seat, r.action, r.before, False, r.forced) for r in self.records]

    def _replay_moves(self, actions: Sequence[int]) -> None:
        for action in actions:
            seat = self.state.current_player()
            agent = self.agents.get(seat)
            if agent is not None:
                agent.step(self.state.clone())
            self._apply(seat, action, echo=False)

    @property
    def actions(self) -> list[int]:
        """The actions played so far."""
        return [r.action for r in self.records]

    def replay(self) -> Replay:
        """The game so far as a replay document (with its seats and options)."""
        return Replay(
            self.game, self.players, self.seed, self.actions, self.cards, self.options, self.seats
        )

    def save(self) -> str | None:
        """Writes the replay to the save path (`None` if there is none); returns the path."""
        if self.save_path is None:
            return None
        self.replay().save(self.save_path)
        return self.save_path

    def run(self) -> int:
        """Plays to the end. Returns the exit code: 0 played out, 1 a human left (the game
        is saved), 130 interrupted by Ctrl-C (the game is saved)."""
        if not self.quiet:
            self._say(
                f"{self.game}: {self.players} player{'' if self.players == 1 else 's'}, "
                f"seed {self.seed}; "
                f"seats: {', '.join(self.seats)}"
            )
        try:
            while not self.state.is_terminal():
                seat = self.state.current_player()
                if seat in self.humans:
                    if self._forced_while_away(seat):
                        # Its only option, with the screen at another seat: played without
                        # handing the terminal over (two Enters for nothing to choose); what
                        # it did is told to the seat when it next has the screen.
                        self._apply(seat, self._options(seat)[0][1], forced=True, away=True)
                        continue
                    self._hand_over(seat)
                    choice = self._human_turn(seat)
                    if choice is None:
                        self._undo(seat)
                        continue
                    # A set chosen at once is played as several moves; undo takes back all.
                    for k, (action, forced) in enumerate(choice):
                        self._apply(seat, action, forced=forced, grouped=k > 0)
                else:
                    self._apply(seat, self._bot_move(seat))
        except Quit:
            return 1 if self._leave("left") else 2
        except KeyboardInterrupt:
            return 130 if self._leave("interrupted") else 2
        if self.save_path is not None and not self._save_or_say():
            return 2
        print_scores(self.console, self.state, self.seats)
        return 0

    def _save_or_say(self) -> bool:
        """Saves; a file that cannot be written is said in one line (returns `False`)."""
        try:
            self.save()
        except OSError as e:
            why = " ".join(str(e).split())
            print(
                f"craftgames: error: cannot save the game to {self.save_path}: {why}",
                file=sys.stderr,
            )
            return False
        return True

    def _leave(self, how: str) -> bool:
        """Saves an unfinished game and says where; `False` if it could not be saved."""
        if self.save_path is None:
            self.save_path = default_save_path(self.game, self.seed)
        # After Ctrl-C the terminal has echoed ^C after the prompt: start a line of our own.
        start = "\n" if how == "interrupted" else ""
        if not self._save_or_say():
            return False
        path = self.save_path
        print(
            f"{start}craftgames: game {how} after {len(self.records)} actions; saved to {path}"
            f" (continue with: craftgames play --resume {path})",
            file=sys.stderr,
        )
        return True

    # -- a human's turn ------------------------------------------------------------------

    def _ask(self, prompt: str) -> str:
        """The human's answer at `prompt` (who has then seen all printed above it)."""
        self._unread = False
        return ask(self.console, prompt)

    def _wait_for_enter(self, prompt: str) -> None:
        """Waits for Enter at `prompt`; q (as at every prompt) leaves the game, saved."""
        try:
            answer = self._ask(prompt)
        except EOFError:
            self.console.print()
            raise Quit from None
        if answer.strip().lower() in {"q", "quit", "exit"}:
            raise Quit

    def _hand_over(self, seat: int) -> None:
        """With several humans at one terminal (`pass_terminal`), before `seat`'s view is
        drawn: the seat that had the screen reads what was played for it, the screen and
        its scrollback are cleared, what was played since `seat` last had the screen is
        shown (the public log), and `seat` presses Enter once it has the terminal."""
        if not self.pass_terminal or seat == self._at_screen:
            return
        previous = self._at_screen
        if previous is not None:
            # What the seat's own moves did that the shared log does not say (a card drawn,
            # a token on a project): its eyes only, before the screen is cleared.
            result = self._move_result(previous)
            if result:
                self._say(f"Seat {previous}, for your eyes only, what your moves did:")
                for line in result:
                    self._say(f"  {line}")
            if self._unread or result:
                self._wait_for_enter(f"Seat {previous}: press Enter when read (then cleared): ")
            self._log_seen[previous] = len(self.log.lines)
        if self.console.is_terminal:
            self.console.file.write("\x1b[H\x1b[2J\x1b[3J")  # the screen, then the scrollback
            self.console.file.flush()
        seen = self._log_seen.get(seat, 0)
        new = self.log.lines[seen:]
        if new:
            self._say(f"Since seat {seat} last had the screen (l: the log):")
            # The last moves whole, within PASS_RECAP lines (a move's first line is never
            # cut from what it made happen), and a line saying how many came before.
            start = self.log.recap_start(seen, PASS_RECAP)
            if start > seen:
                self._say(f"  ({start - seen} earlier lines: l shows them)")
            for line in self.log.lines[start:]:
                self._say(line)
        self._wait_for_enter(f"Pass the terminal to seat {seat}; seat {seat}, press Enter: ")
        self._at_screen = seat
        self._screen_from = len(self.records)
        for line in self._away.pop(seat, []):  # its eyes only, now that it has the screen
            self._say(line)

    def _forced_while_away(self, seat: int) -> bool:
        """Whether `seat`'s move is one the table plays for it (`plays_alone`) while another
        human seat has the shared screen."""
        if not self.pass_terminal or self.confirm_forced or self._at_screen in (None, seat):
            return False
        return plays_alone(self.show, self.state, self._options(seat))

    def _move_result(self, seat: int) -> list[str]:
        """What `seat`'s moves since it was handed the screen changed in its own view, as
        the game words it (`Presentation.move_result`; nothing if none moved)."""
        since = min(self._screen_from, len(self.records))  # an undo may have dropped some
        first = next((r for r in self.records[since:] if r.seat == seat), None)
        if first is None:
            return []
        return self.show.move_result(first.before.observation(seat), self.state.observation(seat))

    def _options(self, seat: int) -> list[tuple[str, int]]:
        return table_options(self.show, self.state, seat, self._names(seat))

    def _fit(self, seat: int, options: list[tuple[str, int]]) -> tuple[RenderableType, Menu]:
        """The board and option menu for `seat`, fitted to the terminal: on a short one the
        options are grouped and the board compact, so the options never scroll off."""
        full = self._board(seat)
        if not self.console.is_terminal:
            return full, build_menu(options, None, self.show.option_path)
        height = self.console.size.height
        compact = self._board(seat, compact=True)
        compact_lines = _lines_of(self.console, compact)
        # Below the board: the seats line, the menu (an option may wrap) and the prompt.
        seats = self._seats_line(seat)
        below = (_lines_of(self.console, Text(seats)) if seats else 0) + 1
        limit = max(4, height - below - 1 - min(compact_lines, height // 2))
        menu = build_menu(options, limit, self.show.option_path)
        # Grouped further while the compact board and the menu (as wrapped) overflow the screen
        # and a tighter limit still groups them (a list of one kind stays whole).
        while limit > 2 and compact_lines + below + self._menu_rows(seat, menu) > height:
            tighter = build_menu(options, limit - 1, self.show.option_path)
            limit -= 1
            if tighter.lines() < menu.lines():
                menu = tighter
        room = height - below - self._menu_rows(seat, menu)
        board = full if _lines_of(self.console, full) <= room else compact
        return board, menu

    def _decision(self, seat: int) -> str | None:
        """The decision `seat` is making, as the game words it for the options' title."""
        return self.show.decision(self.state.observation(seat))

    def _menu_rows(self, seat: int, menu: Menu) -> int:
        """Rows `menu` takes on the screen, its title and each entry as wrapped."""
        lines = self._menu_lines(seat, menu, False, None)
        return sum(_lines_of(self.console, Text(line)) for line in lines)

    def _menu_lines(self, seat: int, menu: Menu, nested: bool, width: int | None) -> list[str]:
        """The menu's lines: its title, then a numbered line an entry (each cut to `width`
        characters if given, so that it takes one line of the screen)."""
        title = f"Seat {seat}, your move:"
        if menu.header:
            title += " " + " > ".join(menu.header)
        elif (decision := self._decision(seat)) is not None:
            title += f" {decision}"
        lines = [f"  {i:>3}. {entry.label}" for i, entry in enumerate(menu.entries, 1)]
        if nested:
            lines.append("    0. back to all options")
        elif not menu.header and self._unoffered:
            lines.append(f"  {self._unoffered}")
        if width is not None:
            lines = [line if len(line) <= width else line[: width - 1] + "…" for line in lines]
        return [title, *map(self._hang, lines)]

    def _hang(self, line: str) -> str:
        """A numbered line ("  12. text") as the terminal shows it: cut at spaces to the
        screen's width, each continuation indented under the text, not at column 0 (in a
        pipe a line stays one line)."""
        if not self.console.is_terminal:
            return line
        number = re.match(r" *\d+\. (\[[ x]\] )?", line)
        indent = " " * (number.end() if number else 4)
        return "\n".join(wrap_at_spaces(line, self.console.width, indent))

    def _print_menu(self, seat: int, menu: Menu, nested: bool, width: int | None = None) -> None:
        title, *lines = self._menu_lines(seat, menu, nested, width)
        self.console.print(title, style="bold", markup=False, highlight=False)
        for line in lines:
            self._say(line)

    def _human_turn(self, seat: int) -> list[tuple[int, bool]] | None:
        """The human's actions (one, or a chosen set's), each with whether it was forced, or
        `None` to undo."""
        options = self._options(seat)
        obs = self.state.observation(seat)
        pick = self.show.set_choice(obs, options, self.state.action_to_string)
        if pick is not None:
            chosen = self._choose_set(seat, pick)
            return None if chosen is None else [(a, False) for a in chosen]
        if not self.confirm_forced and plays_alone(self.show, self.state, options):
            return [(options[0][1], True)]
        choice = self._ask_option(seat, options)
        return None if choice is None else [(choice, False)]

    def _ask_option(self, seat: int, options: list[tuple[str, int]]) -> int | None:
        """The option the human chose from the menu, or `None` to undo."""
        texts = [text for text, _ in options]
        self._unoffered = self.show.unoffered(self.state.observation(seat), texts)
        board, top = self._fit(seat, options)
        self.console.print(board)
        self._say_seats(seat)
        stack = [top]
        self._print_menu(seat, top, nested=False)
        while True:
            menu = stack[-1]
            count = len(menu.entries)
            try:
                answer = self._ask(f"Choose {_span(count)} (? for help): ").strip().lower()
            except EOFError:
                self.console.print()
                raise Quit from None
            if answer.isdigit():
                n = int(answer)
                if n == 0 and len(stack) > 1:
                    del stack[1:]
                elif 1 <= n <= count:
                    entry: Entry = menu.entries[n - 1]
                    if entry.action is not None:
                        if self._confirmed(entry.action):
                            return entry.action
                        self._print_menu(seat, menu, nested=len(stack) > 1)
                        continue
                    if entry.submenu is not None:
                        stack.append(entry.submenu)
                else:
                    self._say(f"Please type {_numbers(count)}, or ? for help.")
                    continue
            elif answer in {"q", "quit", "exit"}:
                raise Quit
            elif answer == "u":
                if self._can_undo(seat, tell=True):
                    return None
                continue
            elif answer in {"?", "help"}:
                stack = [self._help(seat, options)]  # prints the options below the help
                continue
            elif not self._command(seat, answer, menu):
                self._say(f"Please type {_numbers(count)}, or ? for help.")
                continue
            self._print_menu(seat, stack[-1], nested=len(stack) > 1)

    def _confirmed(self, action: int) -> bool:
        """Whether the human still wants `action` after the game's question for it (an
        option that throws something away for good); always, for every other option."""
        question = self.show.confirm(self.state.action_to_string(action))
        if question is None:
            return True
        try:
            answer = self._ask(question).strip().lower()
        except EOFError:
            self.console.print()
            raise Quit from None
        return answer in {"y", "yes"}

    def _set_order(self, chosen: frozenset[int], done: int) -> list[int] | None:
        """`chosen` and then `done` in an order the engine accepts (the lowest legal chosen
        action first, on a copy), or `None` if no order is legal."""
        probe = self.state.clone()
        left, order = set(chosen), []
        while left:
            legal = set(probe.legal_actions()) & left
            if not legal:
                return None
            action = min(legal)
            probe.apply_action(action)
            left.discard(action)
            order.append(action)
        return [*order, done] if done in probe.legal_actions() else None

    def _choose_set(self, seat: int, pick: SetChoice) -> list[int] | None:
        """A set of `pick`'s items chosen by toggling them in any order, then confirmed; the
        moves to play it, or `None` to undo."""
        chosen: set[int] = set()
        names = self._names(seat)
        labels = [
            self.show.name_sides(self.state.action_to_string(a), seat, names) for a in pick.items
        ]
        self.console.print(self._board(seat, compact=self.console.is_terminal))
        self._say_seats(seat)
        count = len(pick.items) + 1
        while True:
            title, *lines = self._set_lines(seat, pick, labels, frozenset(chosen))
            self.console.print(title, style="bold", markup=False, highlight=False)
            for line in lines:
                self._say(line)
            try:
                answer = self._ask(f"Choose 1-{count} (? for help): ").strip().lower()
            except EOFError:
                self.console.print()
                raise Quit from None
            if answer.isdigit() and 1 <= int(answer) < count:
                chosen ^= {pick.items[int(answer) - 1]}
            elif answer == str(count):
                order = self._set_order(frozenset(chosen), pick.done)
                if order is not None:
                    return order
                self._say(f"Not possible: {pick.status(frozenset(chosen))}.")
            elif answer in {"q", "quit", "exit"}:
                raise Quit
            elif answer == "u":
                if self._can_undo(seat, tell=True):
                    return None
            elif answer in {"?", "help"}:
                shown = self._set_lines(seat, pick, labels, frozenset(chosen))
                self._say(self._set_help(seat, shown))
            elif not self._command(seat, answer, build_menu([], None, self.show.option_path)):
                self._say(f"Please type a number from 1 to {count}, or ? for help.")

    def _set_lines(
        self, seat: int, pick: SetChoice, labels: Sequence[str], chosen: frozenset[int]
    ) -> list[str]:
        """The tick list of a set choice: its title, an item a line, then the confirm."""
        lines = [f"Seat {seat}, your move: {pick.title}"]
        for i, (action, label) in enumerate(zip(pick.items, labels, strict=True), 1):
            lines.append(f"  {i:>3}. [{'x' if action in chosen else ' '}] {label}")
        lines.append(f"  {len(pick.items) + 1:>3}. Done: {pick.status(chosen)}")
        return [lines[0], *map(self._hang, lines[1:])]

    def _set_help(self, seat: int, shown: Sequence[str]) -> str:
        """The help for a set choice, fitted above its list (`shown`) on a terminal: the full
        commands and the symbols, else the two-line commands, else without the symbols (the
        board's `?` at another prompt has them)."""
        rules = self.show.rule_section(self.state.observation(seat))
        here = "Here: type a number to add or remove that item, the last to confirm."
        step = [f"Rules of this step: {rules}", here]
        symbols = ["Board symbols:", self.show.legend]
        tries = [[HELP, *symbols, *step], [HELP_SHORT, *symbols, *step], [HELP_SHORT, *step]]
        if not self.console.is_terminal:
            return "\n".join(tries[0])
        below = sum(_lines_of(self.console, Text(line)) for line in shown) + 1  # the prompt
        room = self.console.size.height - below
        for text in ("\n".join(t) for t in tries):
            if _lines_of(self.console, Text(text)) <= room:
                return text
        return text

    def _command(self, seat: int, answer: str, menu: Menu) -> bool:
        """Runs a command that shows something; `False` if `answer` is not one."""
        if answer == "b":
            self.console.print(self._board(seat))
            self._say_seats(seat)
        elif answer == "s":
            self.console.print(
                running_scores(self.state, self._names(seat), seat, self.show.public_score)
            )
        elif answer == "l":
            lines = self.log.tail(20)
            self._say("Log (last 20 lines):" if lines else "Log (last 20 lines): nothing yet.")
            for line in lines:
                self._say(line)
        elif answer == "h":
            self._hint(seat, menu)
        else:
            return False
        return True

    def _help(self, seat: int, options: list[tuple[str, int]]) -> Menu:
        """Prints the help (commands, board symbols, the rules of this step) and returns the
        options as a menu fitted below it, so that on a terminal both stay on screen."""
        rules = self.show.rule_section(self.state.observation(seat))
        rest = ["Board symbols:", self.show.legend, f"Rules of this step: {rules}"]
        if not self.console.is_terminal:
            self._say("\n".join([HELP, *rest]))
            menu = build_menu(options, None, self.show.option_path)
            self._print_menu(seat, menu, nested=False)
            return menu
        # Fitted in this order until help and options fit: the full help over the options
        # (grouped to the room left), the two-line commands instead, then each option cut
        # to one line of the screen.
        height, width = self.console.size.height, self.console.size.width
        for commands, cut in ((HELP, None), (HELP_SHORT, None), (HELP_SHORT, width)):
            text = "\n".join([commands, *rest])
            room = height - _lines_of(self.console, Text(text)) - 1  # the prompt
            menu = build_menu(options, max(2, room - 1), self.show.option_path)
            shown = "\n".join(self._menu_lines(seat, menu, False, cut))
            if _lines_of(self.console, Text(shown)) <= room:
                break
        self._say(text)
        self._print_menu(seat, menu, nested=False, width=cut)
        return menu

    def _hint(self, seat: int, menu: Menu) -> None:
        # The search starts from the human's own position and redraws everything that seat
        # cannot see, so the hint uses only the human's information.
        seed = self._hint_rng.randrange(1 << 63)
        with self._busy("Searching for a hint…"):
            result = mcts.search(self.state, iterations=HINT_ITERATIONS, seed=seed)
        names = self._names(seat)
        top = sorted(result.stats, key=lambda s: (-s.visits, s.action))[:3]
        self._say(
            f"Hint: the search played {result.iterations} games on from what you can see; "
            "its favourite moves, how often it chose each and how each did (1 = best):"
        )
        for s in top:
            text = self.show.name_sides(self.state.action_to_string(s.action), seat, names)
            path = path_to(menu, s.action)
            number = f"type {', '.join(map(str, path))}: " if path else ""
            self._say(
                f"  {number}{text} (chosen {result.visit_share(s.action):.0%}, "
                f"result {s.mean_reward[seat]:.2f})"
            )

    # -- undo ----------------------------------------------------------------------------

    def _undo_point(self, seat: int) -> int | None:
        """Index of the record that `u` would take back to, or `None`."""
        i = len(self.records)
        while i > 0 and self.records[i - 1].seat == seat and self.records[i - 1].forced:
            if not self.records[i - 1].undoable:
                return None
            i -= 1
        if i == 0:
            return None
        last = self.records[i - 1]
        if last.seat != seat or not last.undoable:
            return None
        return i - 1

    def _can_undo(self, seat: int, *, tell: bool) -> bool:
        if self._undo_point(seat) is not None:
            return True
        if tell:
            if not self.records:
                why = "nothing has been played yet"
            elif self.records[-1].seat != seat:
                why = f"{self._who(self.records[-1].seat)} has moved since"
            else:
                why = "your last move revealed hidden information"
            self._say(f"Cannot undo: {why} (you cannot undo what others have seen).")
        return False

    def _undo(self, seat: int) -> None:
        point = self._undo_point(seat)
        if point is None:
            return
        record = self.records[point]
        text = self.state_text(record)
        while len(self.records) > point:
            self.records.pop()
            self.log.drop_last_move()
        self.state = record.before.clone()
        self.log.note(f"{self._who(seat)} took back: {text}")
        self._say(f"Took back: {text}")

    def state_text(self, record: _Record) -> str:
        """The sentence of a recorded move, as its mover saw it."""
        return record.before.action_to_string(record.action)
