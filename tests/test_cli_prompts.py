"""The prompt at a terminal: keys typed while a bot thinks are not taken as the answer to the
next prompt (input typed ahead of a prompt is discarded), and a hint shows that it is
searching."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from test_cli_terminal import PROMPT, Terminal, numbered, screen

pytestmark = pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo terminal")

THINKING = "is thinking"


def test_keys_typed_while_a_bot_thinks_are_discarded(tmp_path: Path) -> None:
    argv = ["play", "sunrise", "--players", "2", "--seed", "4", "--seat", "human"]
    # A long search, so that the key below arrives while it runs, whatever the machine's load.
    term = Terminal([*argv, "--seat", "mcts:50000", "--save", "g.json"], tmp_path)
    try:
        seen = term.read_until(PROMPT)
        while THINKING not in seen:  # answer the first options until a bot thinks
            term.send("1")
            seen = term.read_until_any((THINKING, PROMPT), timeout=120)
        term.send("1")  # typed while the bot thinks
        after = seen.split(THINKING, 1)[1] + term.read_until(PROMPT, timeout=600)
        term.send("q")
        after += term.read_until("saved to")
    finally:
        code = term.close()
    assert code == 1
    # The key typed ahead answered nothing: one prompt after the search, answered by q, and
    # no move of the human's logged since.
    assert after.count(PROMPT) == 1, after
    assert "seat 0 (human):" not in after


def test_a_hint_shows_that_it_is_searching(tmp_path: Path) -> None:
    argv = ["play", "sunrise", "--players", "2", "--seed", "4", "--seat", "human"]
    term = Terminal([*argv, "--seat", "random"], tmp_path)
    try:
        term.read_until(PROMPT)
        term.send("h")
        searching = term.read_until("Hint: ")
        term.read_until(PROMPT)
        term.send("q")
        term.read_until("saved to")
    finally:
        term.close()
    assert "Searching for a hint" in searching


def test_the_help_stays_on_screen_above_a_long_option_list(tmp_path: Path) -> None:
    argv = ["play", "nijar", "--players", "2", "--seed", "7", "--seat", "human"]
    term = Terminal([*argv, "--seat", "random"], tmp_path, rows=40)
    try:
        shown = screen(term.read_until(PROMPT), rows=40)
        # The first options until a long list. 12, not more: a list the screen cannot hold
        # unfolded is folded into groups, and Níjar's Acquire and Play options now carry the
        # card's effect, so its longest unfolded lists at 40 rows are 14 lines.
        while len(numbered(shown)) < 12:
            term.send("1")
            shown = screen(term.read_until(PROMPT), rows=40)
        term.send("?")
        shown = screen(term.read_until(PROMPT), rows=40)
        term.send("q")
        term.read_until("saved to")
    finally:
        term.close()
    text = "\n".join(shown)
    assert "Commands (at any prompt):" in text, text
    assert "Board symbols:" in text
    assert "your move:" in text and numbered(shown)[:2] == [1, 2]
