"""The Sorcery table on 80x24, round four (issue 16 §6, "80x24"): what took rows of a
24-row screen that the decision did not need, each now said in fewer of them, and the
overflow count that measures it (`tools/sorcery_screen_rows.py`)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from test_sorcery_table import play, text_of

from craftgames import new_game
from craftgames._core import State
from craftgames.sorcery.board import decision, render
from craftgames.table.presentation import presentation
from craftgames.table.session import table_options


def random_until(state: State, seed: int, done: Callable[[State], bool]) -> State:
    """`state` played at random (seeded) until `done(state)` holds."""
    rng = random.Random(seed)
    while not done(state):
        assert not state.is_terminal(), "the game ended first"
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_with_three_other_seats_each_takes_one_line_and_counts_what_it_leaves_out() -> None:
    # Three other seats in two lines each took 6 of the 24 rows: a 4-player game's screens
    # overflowed most. Each takes one line, its projects in progress by name as far as they
    # fit ("+2 more (b)"), else counted; the number of them always right.
    def busy(state: State) -> bool:
        obs = state.observation(0)
        others = [p for p in obs["players"] if p["seat"] != 0]
        return state.current_player() == 0 and sum(len(p["projects"]) >= 4 for p in others) >= 2

    state = random_until(new_game("sorcery", 4, seed=1, staffs=True), 1, busy)
    obs = {**state.observation(0), "seat_names": ["you", "random", "random", "random"]}
    lines = text_of(render(obs, private=True, compact=True), width=80).splitlines()
    for p in obs["players"][1:]:
        at = next(i for i, line in enumerate(lines) if line.startswith(f"Seat {p['seat']} ("))
        line = lines[at]
        assert not lines[at + 1].startswith("    "), lines  # no second line
        assert f": {p['public_score']}cr · hand {p['hand_size']} · " in line, line
        names = [w["name"] for w in p["projects"]]
        if m := re.search(r"· (\d+) in progress", line):
            assert int(m.group(1)) == len(names), line
        else:
            listed = re.search(r"in progress: (.*?)(, \+(\d+) more \(b\))?( · |$)", line)
            assert listed is not None, line
            shown = listed.group(1).split(", ")
            assert shown == names[: len(shown)], line
            assert len(shown) + int(listed.group(3) or 0) == len(names), line
    # With one other seat (2 players) it keeps two lines, every project named.
    def five(state: State) -> bool:
        return len(state.observation(0)["players"][1]["projects"]) >= 5

    state = random_until(new_game("sorcery", 2, seed=3), 3, five)
    shown = " ".join(text_of(render(state.observation(0), private=True, compact=True), 80).split())
    assert all(w["name"] in shown for w in state.observation(0)["players"][1]["projects"]), shown


def long_basket() -> State:
    """Seed 3, 2 players, played at random to a buy whose chosen projects' names would not
    fit the title's line."""

    def long(state: State) -> bool:
        seat = state.current_player()
        if seat != 0:
            return False
        turn = state.observation(0).get("turn") or {}
        return turn.get("stage") == "BuySelect" and len(turn.get("buy_spaces") or []) >= 3

    return random_until(new_game("sorcery", 2, seed=3), 3, long)


def test_a_long_buy_names_its_projects_by_their_lettered_spaces_marked_in_the_market() -> None:
    # "buy: more, or pay ($12: Transmutation, Cleansing Cauldron, Prime Sequence, 2 Vials)"
    # took two lines under the board. Where the names do not fit after "Seat 0, your move: ",
    # the title names the spaces ("market A, C, E") and the market marks them "A✓".
    state = long_basket()
    obs = {**state.observation(0), "decision_in_title": True}
    turn = obs["turn"]
    chosen = sorted(turn["buy_spaces"])
    letters = ", ".join("ABCDEF"[s] for s in chosen)
    title = decision(obs)
    assert title is not None and title.startswith("buy: "), title
    assert f"(${turn['price']}: market {letters}" in title, title
    assert len("Seat 0, your move: " + title) <= 79, title
    shown = text_of(render(obs, private=True, compact=True), width=80)
    for k in range(6):
        mark = "✓" if k in chosen else "."
        assert re.search(rf"(^ | │ ){'ABCDEF'[k]}{re.escape(mark)} ", shown, re.M), shown
    # A short basket is still named in words.
    state = new_game("sorcery", 2, seed=3)
    play(state, "Keep", "Keep", "Keep", "Keep", "Dig", "Pass", "Take grave pile 2")
    play(state, "Dig", "Take grave pile 1", "Finish", "Finish")
    play(state, "Buy from", "Buy a Candle", "Buy a Candle")
    assert decision(state.observation(0)) == "buy: more, or pay ($4: 2 Candles)"


def test_keeping_a_staff_says_each_staff_once_in_its_option() -> None:
    # Player Setup (Staff of the Sorcerer): each option said both staffs and what both do
    # ("Keep staff A (...); return B (...) to the box": three lines), and the board listed
    # them again above. The option says the staff kept and what it does; the compact board
    # leaves the two to the options (the full board still lists them).
    state = random_until(
        new_game("sorcery", 4, seed=1, staffs=True),
        1,
        lambda s: (s.observation(s.current_player()).get("turn") or {}).get("stage")
        == "PickStaff",
    )
    seat = state.current_player()
    obs = state.observation(seat)
    offered = obs["players"][seat]["staff_offer"]
    show = presentation("sorcery")
    names = ["you" if s == seat else "random" for s in range(4)]
    options = [text for text, _ in table_options(show, state, seat, names)]
    assert len(options) == 2, options
    for staff, other in (offered, offered[::-1]):
        mine = next(o for o in options if o.startswith(f"Keep staff {staff['name']} ("))
        assert mine.endswith(")") and other["name"] not in mine and "box" not in mine, mine
        words = staff["text"].split()
        assert mine.startswith(f"Keep staff {staff['name']} ({' '.join(words[:3])}"), mine
    compact = text_of(render(obs, private=True, compact=True), width=80)
    assert "staffs to choose from" not in compact, compact
    assert "Your two staffs to choose from" in text_of(render(obs, private=True), width=80)
