"""Níjar at the table, round two (issue 17 §6): options in the board's order and words, what
a placement needs on an 80x24 screen, and what playing a solo and a 2-player game at a real
80x24 terminal found missing (each test failed before its fix)."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable

import pytest
from rich.console import Console
from test_nijar_table import _first, board, compact_text, start_of_turns, unwrapped

from craftgames import nijar
from craftgames.nijar import board as nijar_board
from craftgames.table.presentation import presentation
from craftgames.table.session import TableGame


def _table_options(state: nijar.State) -> list[tuple[str, int]]:
    """The options as the table words them, in the engine's sentence order (the session's
    `_options`), then in the board's order."""
    seat = state.current_player()
    obs = state.observation(seat)
    show = presentation("nijar")
    legal = sorted(state.legal_actions(), key=state.action_to_string)
    worded = [(show.name_sides(state.action_to_string(a), seat, []), a) for a in legal]
    return nijar_board.option_order(obs, worded)


_BOARD_ROWS = ("top", "middle", "bottom")


def _draft_place(obs: dict[str, object], name: str) -> tuple[int, int]:
    draft = obs["draft"]
    assert isinstance(draft, list)
    for r, row in enumerate(draft):
        for c, card in enumerate(row):
            if isinstance(card, dict) and card.get("name") == name:
                return (r, c)
    raise AssertionError(f"{name} not in the draft area")


def test_options_follow_the_boards_order() -> None:
    # The options were sorted by the engine's sentence: the bottom row's spaces before the
    # top row's ("Place 1 craftswoman on the bottom row" < "... on the top row"), a Draft
    # Area card by its name, wheels by name. A player reads the board: main-board rows top
    # to bottom and columns 1, 2, 3, A, B (the Special Action after them), the Draft Area
    # row by row from left to right, wheels as the workshop lists them, pieces as the market
    # does (Plate, Jug, Pot), and "no more" last.
    checked: set[str] = set()
    for players, seed in ((4, 1), (2, 3), (3, 2)):
        state = nijar.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            obs = nijar.spelled_out(state.observation(seat))
            texts = [t for t, _ in _table_options(state)]
            places = [t for t in texts if t.startswith("Place ") and "donkey" not in t]
            if len(places) > 1:
                where = [
                    (_BOARD_ROWS.index(m.group(1)), "123AB".index(m.group(2)))
                    if (m := re.search(r"the (\w+) row, column (\w)", t))
                    else (3, 0)  # the Special Action, below the rows
                    for t in places
                ]
                assert where == sorted(where), places
                assert places[-1].startswith("Place a craftswoman on the Special Action")
                checked.add("place")
            for verb in ("Acquire ", "Move donkey to ", "Place the donkey on "):
                cards = [
                    m.group(1)
                    for t in texts
                    if (m := re.match(rf"{verb}(.+?) \([^()]+\)(, row| at row)", t))
                ]
                if len(cards) > 1:
                    where = [_draft_place(obs, c) for c in cards]
                    assert where == sorted(where), cards
                    checked.add(verb)
                if verb == "Acquire " and "Acquire no more cards" in texts:
                    acquire = [t for t in texts if t.startswith("Acquire ")]
                    assert acquire[-1] == "Acquire no more cards", acquire
            wheels = [w["name"] for w in obs["players_view"][seat]["wheels"]]
            thrown = [
                m.group(1)
                for t in texts
                if (m := re.match(r"Throwing Bonus: advance the vase on (.+) \(next: ", t))
            ]
            if len(thrown) > 1:
                assert thrown == [w for w in wheels if w in thrown], thrown
                checked.add("throw")
            sold = [
                m.group(2) for t in texts if (m := re.match(r"Sell an? (un)?painted (\w+) ", t))
            ]
            if len(set(sold)) > 1:
                assert sold == sorted(sold, key=["Plate", "Jug", "Pot"].index), sold
                checked.add("sell")
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked >= {"place", "Acquire ", "Move donkey to ", "throw"}, checked


def test_a_placements_options_start_at_the_top_row() -> None:
    # The first placement of a 4-player game (every space free): top row column 1 first,
    # the Special Action last, and the same order each time the options are asked.
    state = start_of_turns(4, players=4)
    texts = [t for t, _ in _table_options(state)]
    places = [t for t in texts if t.startswith("Place ")]
    assert places[0].startswith("Place 1 craftswoman on the top row, column 1 "), places
    assert places[4].startswith("Place 1 craftswoman on the top row, column B "), places
    assert places[5].startswith("Place 1 craftswoman on the middle row, column 1 "), places
    assert places[-1].startswith("Place a craftswoman on the Special Action"), places
    assert [t for t, _ in _table_options(state)] == texts


def test_the_engine_names_workshop_cards_and_the_table_by_name_alone() -> None:
    # The engine names a glazing workshop or cleanup card by place and card ("Paint a Pot
    # into glazing workshop 2 (Taller de Vidriado 6)"), so replays, the API and logs read
    # it; the table, whose board lists the cards by name, shows the name alone. The name is
    # of a card on the Workshop Board (8.2), which every seat's observation shows: the
    # other seat reads the same sentence.
    show = presentation("nijar")
    assert show.name_sides(
        "seat 1 (human): Paint 1 Piece: a Pot into glazing workshop 1 (Starting Glazing "
        "Workshop) for 2 Glazes",
        1,
        [],
    ) == ("seat 1 (human): Paint 1 Piece: a Pot into Starting Glazing Workshop for 2 Glazes")
    numbered = re.compile(r"\b(glazing workshop|cleanup card) (\d+)\b( \(([^()]+)\))?")
    found = 0
    for seed in range(1, 6):
        state = nijar.new_game(players=2, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            other = nijar.spelled_out(state.observation(1 - seat))["players_view"][seat]
            for action in state.legal_actions():
                engine = state.action_to_string(action)
                m = numbered.search(engine)
                if m is None:
                    continue
                key = "glazing_workshops" if m.group(1) == "glazing workshop" else "cleanups"
                name = other[key][int(m.group(2)) - 1]["name"]
                assert m.group(4) == name, (name, engine)
                assert state.public_action_string(action, 1 - seat) == engine
                table = show.name_sides(engine, seat, [])
                assert numbered.search(table) is None and name in table, table
                found += int(m.group(2)) > 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert found, "no glazing workshop or cleanup card beyond the first was named"


def test_the_session_asks_in_the_boards_order_and_words() -> None:
    state = start_of_turns(4, players=4)
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True)
    game = TableGame(
        console, game="nijar", players=4, seed=4, seats=["human", "random", "random", "random"]
    )
    for action in state.history():
        game.state.apply_action(action)
    seat = game.state.current_player()
    assert game._options(seat) == _table_options(game.state)


def test_where_to_place_shows_your_pieces() -> None:
    # Placing a craftswoman (which row: Fire, Paint, Sell?) depends on where your pieces
    # are; the compact board showed none of them (only `b` did), so a player who had
    # shaped a Plate and a Pot could not see them when choosing the Fire row.
    def shaped(state: nijar.State) -> bool:
        obs = nijar.spelled_out(state.observation(0))
        me = obs["players_view"][0]
        return (
            obs["phase"]["phase"] == "turns"
            and not obs["frames"]
            and obs["mode"]["kind"] == "idle"
            and any(me["drying"])
            and any(k["piece"] for k in me["firing_kilns"])
        )

    state = _first(2, 1, shaped)
    me = nijar.spelled_out(state.observation(0))["players_view"][0]
    text = " ".join(compact_text(state.observation(0)).split())
    drying = ", ".join(
        f"{n} {piece}s" if n > 1 else piece  # "2 Plates" (it read "2 Plate")
        for n, piece in zip(me["drying"], ("Plate", "Jug", "Pot"), strict=True)
        if n
    )
    fired = ", ".join(k["piece"] for k in me["firing_kilns"] if k["piece"])
    assert f"Drying Area: {drying}" in text, text
    assert f"Firing Kilns: {fired}" in text, text
    # Counted as a person counts them (the full board's "Drying area: 2 Plate" too).
    assert nijar_board._pieces({"drying": [2, 0, 1]}) == ["Drying Area: 2 Plates, Pot"]


def test_the_board_shows_the_right_hand_track_and_the_special_action() -> None:
    # 8.11 / 10.4: a First Player Action claims a space of the right-hand Turn Order track,
    # space k being turn k of the next round; 7.2.1.2: craftswomen stay on the Special Action
    # until the round ends. Neither was drawn anywhere: a player could not tell who would
    # start the next round.
    def claimed(state: nijar.State) -> bool:
        obs = state.observation(0)
        return any(s is not None for s in obs["right_track"]) and any(obs["special_stack"])

    state = _first(4, 1, claimed)
    obs = state.observation(0)
    out = " ".join(unwrapped(board(state, 0)).split())
    taken = " · ".join(
        f"{i + 1} {'seat 0 (you)' if s == 0 else f'seat {s}'}"
        for i, s in enumerate(obs["right_track"])
        if s is not None
    )
    assert f"Turn order after this round, by a First Player Action: {taken}" in out, out
    on = [
        ("seat 0 (you)" if seat == 0 else f"seat {seat}") + (f" x{n}" if n > 1 else "")
        for seat, n in enumerate(obs["special_stack"])
        if n
    ]
    assert " · on it: " + ", ".join(on) in out, out


def test_an_open_bonus_no_option_takes_is_said() -> None:
    # The Special Action's "Fire 1 Piece" with nothing to fire: "Open here" lists it, the
    # options do not, and nothing said why (a player looks for it among them). A line below
    # the options names it.
    show = presentation("nijar")

    def stuck(state: nijar.State) -> bool:
        obs = state.observation(0)
        frames = [f for f in obs["frames"] if f["tasks"]]
        if obs["mode"]["kind"] != "idle" or not frames:
            return False
        texts = [show.name_sides(state.action_to_string(a), 0, []) for a in state.legal_actions()]
        fire1 = list(nijar_board._ACT_NAMES).index("fire1")
        return fire1 in frames[-1]["tasks"] and not any(
            t.startswith("Fire 1 Piece: ") for t in texts
        )

    state = _first(2, 1, stuck)
    texts = [show.name_sides(state.action_to_string(a), 0, []) for a in state.legal_actions()]
    line = show.unoffered(state.observation(0), texts)
    assert line is not None and line.startswith("Not possible now: Fire 1 Piece"), line

    # A throw's benefits come in the order the vases moved (8.5): one not offered yet is
    # the next, not impossible (it said "Not possible now: Clean 1 Crack" while shaping
    # two pieces, which gains the Cracks to clean).
    def throwing(state: nijar.State) -> bool:
        texts = [state.action_to_string(a) for a in state.legal_actions()]
        leave = [t for t in texts if re.fullmatch(r"Leave the .+ benefit of the throw \w+", t)]
        return bool(leave) and (
            nijar_board.unoffered(state.observation(0), [t for t in texts if t not in leave])
            is not None
        )

    state = next(s for seed in range(1, 40) if (s := _first_or_none(2, seed, throwing)))
    texts = [show.name_sides(state.action_to_string(a), 0, []) for a in state.legal_actions()]
    assert show.unoffered(state.observation(0), texts) is None
    # Where every open task has its options, nothing is said.
    start = start_of_turns(4)
    texts = [show.name_sides(start.action_to_string(a), 0, []) for a in start.legal_actions()]
    assert show.unoffered(start.observation(0), texts) is None


def test_moving_the_donkey_shows_the_draft_area() -> None:
    # 8.1: where the donkey goes prices the next acquisitions by distance; the options say
    # "Limpieza 5 (Cleanup), column 3" under their row, and the compact board left the Draft
    # Area out, so the neighbours of a place could not be seen.
    state = _first(2, 1, lambda s: s.observation(0)["mode"]["kind"] == "donkey")
    text = compact_text(state.observation(0))
    for r in (1, 2, 3):
        assert f"Draft {r}: " in text, text


def test_a_fire_says_to_fire_the_drying_area_first() -> None:
    # 8.7: one Fire action moves pieces from the Drying Area and from the Glazing Workshops.
    # The engine takes the Drying Area's first: firing the painted Pot first ended the Fire,
    # and the Jug drying could not be fired (played at 80x24, unwarned). The table says so
    # below the options, and lists the Drying Area's moves first.
    show = presentation("nijar")

    def both(state: nijar.State) -> bool:
        texts = [state.action_to_string(a) for a in state.legal_actions()]
        return state.observation(0)["mode"]["kind"] == "fire" and (
            any("from the drying area" in t for t in texts)
            and any("into a glaze kiln" in t for t in texts)
        )

    state = next(s for seed in range(1, 60) if (s := _first_or_none(2, seed, both)) is not None)
    glaze = next(a for a in state.legal_actions() if "glaze kiln" in state.action_to_string(a))
    after = state.clone()
    after.apply_action(glaze)
    assert not any("drying area" in after.action_to_string(a) for a in after.legal_actions())
    options = _table_options(state)
    texts = [t for t, _ in options]
    line = show.unoffered(state.observation(0), texts)
    assert line == "Fire from the Drying Area first: a painted piece fired ends those moves"
    fires = [t for t in texts if t.startswith("Fire ") and "no more" not in t]
    assert "drying area" in fires[0] and "glaze kiln" in fires[-1], fires


def _first_or_none(
    players: int, seed: int, found: Callable[[nijar.State], bool]
) -> nijar.State | None:
    state = nijar.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.current_player() == 0 and found(state):
            return state
        state.apply_action(rng.choice(state.legal_actions()))
    return None


def test_a_first_player_action_says_which_turn_it_takes_next_round() -> None:
    # "First Player Action: right-hand space 2 (gain 2 Perra Gorda)": played at 80x24 as
    # "first next round", it made seat 0 second (10.4, as the rule's example: the second
    # space, "Paula will be second in the next round"). The option says the turn; "after
    # this round" (a first try said "next round", which round 3 has not: 10.4 still gives
    # the First Player Token, 2 VP at the end, after it).
    show = presentation("nijar")
    engine = (
        "First Player Action: right-hand space 2 (gain 2 Perra Gorda), then any action"
        " — the row's one action, instead of Acquire Cards or Fire"
    )
    assert show.name_sides(engine, 0, []) == (
        "Row: First Player Action: 2nd in turn order after this round (gain 2 Perra Gorda),"
        " then any action"
    )


def test_a_blocked_column_is_not_worth_a_line_of_the_compact_board() -> None:
    # 3 players: "Columns: 1 Clean 1 Crack · 2 Clay Bonus · 3 Fire 1 Piece · A Acquire 1 Card
    # · B blocked" is 81 columns, so "B blocked" took a line of its own on every placement
    # (no option, row or seat can use column B; the full board and the legend say it). It
    # is said where it fits on the line, as "A, B blocked" with 2 players.
    for players, seed in ((3, 2), (3, 4), (2, 3)):
        state = start_of_turns(seed, players=players)
        lines = compact_text(state.observation(0)).splitlines()
        start = next(i for i, li in enumerate(lines) if li.startswith("Columns: "))
        assert lines[start + 1].startswith("Special Action: "), lines[start : start + 2]
        if players == 2:
            assert lines[start].endswith(" · A, B blocked"), lines[start]


def test_a_rows_craftswomen_are_listed_by_seat() -> None:
    # A busy 4-player row, "First Player Action / Paint / Extract Clay: 1 seat 0 · 2 seat 0
    # · 3 seat 3 · B seat 0", took two lines; by seat it is shorter: "1, 2, B seat 0 · 3
    # seat 3" (a column's count after it: "A x2 seat 3").
    obs = {
        "viewer": 2,
        "layout": ["first_player", "paint", "clay", *["throw"] * 6],
        "spaces": [
            [
                {"seat": 0, "count": 1},
                {"seat": 0, "count": 1},
                {"seat": 3, "count": 1},
                {"seat": 2, "count": 2},
                {"seat": 0, "count": 1},
            ],
            [{}] * 5,
            [{}] * 5,
        ],
    }
    # That is 82 columns still: with a row too long for its line every row is tighter, its
    # actions by "/" and its seats by "; " (80 columns), the quiet rows alike.
    rows = nijar_board._compact_rows(obs)
    assert rows[0] == (
        "  First Player Action/Paint/Extract Clay: 1, 2, B seat 0; 3 seat 3; A x2 you"
    ), rows
    assert rows[1] == "  Throw/Throw/Throw: free", rows
    obs["spaces"][0] = [{"seat": 0, "count": 1}, {}, {"seat": 3, "count": 1}, {}, {}]
    assert nijar_board._compact_rows(obs)[:2] == [
        "  First Player Action / Paint / Extract Clay: 1 seat 0 · 3 seat 3",
        "  Throw / Throw / Throw: free",
    ]


def test_the_log_names_a_later_workshop_card_as_the_board_does() -> None:
    # The log wrote the engine's "glazing workshop 2" / "cleanup card 3" for a move, where
    # the board and the options name the card ("Taller de Vidriado 6"): the engine names it
    # now, and the log says the name once.
    numbered = re.compile(r"\b(glazing workshop|cleanup card) ([2-9])\b")
    for seed in range(1, 6):
        console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True)
        game = TableGame(console, game="nijar", players=2, seed=seed, seats=["human", "random"])
        rng = random.Random(seed)
        while not game.state.is_terminal():
            seat = game.state.current_player()
            hits = [
                (a, m)
                for a in game.state.legal_actions()
                if (m := numbered.search(game.state.action_to_string(a))) is not None
            ]
            if hits:
                action, m = hits[0]
                me = nijar.spelled_out(game.state.observation(seat))["players_view"][seat]
                key = "glazing_workshops" if m.group(1) == "glazing workshop" else "cleanups"
                name = me[key][int(m.group(2)) - 1]["name"]
                game._apply(seat, action)
                logged = game.log.lines[game.log._marks[-1]]
                assert numbered.search(logged) is None, logged
                assert name in logged, (name, logged)
                return
            game.state.apply_action(rng.choice(game.state.legal_actions()))
    raise AssertionError("no move named a glazing workshop or cleanup card beyond the first")


def _stands_for(label: str) -> str:
    """What a top-level line of an Acquire Cards menu stands for: a Draft Area row (its
    group, or its one card), or the step's end."""
    if label == "Acquire no more cards":
        return "end"
    row = re.search(r"(?:Draft Area row |, row )(\d)\b", label)
    return f"row {row.group(1)}" if row else label


def test_an_acquires_second_card_keeps_the_first_cards_numbers() -> None:
    # 8.1: up to two cards, one step each. At 80x24 the first card's list (a Draft Area of
    # 15) was grouped by row, "1-3. Acquire: Draft Area row N — 5 options, 4. Acquire no
    # more cards", and the second's, shorter, fitted unfolded: "4." typed from memory to
    # stop bought "Acquire Limpieza 11" (2 players, seed 2). Then a row with nothing left
    # to pay for lost its line and the lines below moved up ("card 2 of up to 2: a new
    # list"). Every number of the second card's list means what it meant for the first:
    # such a row keeps its line, marked.
    compared = emptied = 0
    for players, seed in ((2, 2), (3, 1), (4, 1), (2, 3), (3, 2)):
        console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True)
        game = TableGame(
            console, game="nijar", players=players, seed=seed, seats=["random"] * players
        )
        rng = random.Random(seed)
        first: dict[int, str] | None = None
        while not game.state.is_terminal():
            seat = game.state.current_player()
            mode = game.state.observation(seat)["mode"]
            if mode["kind"] == "acquire" and len(game.state.legal_actions()) > 1:
                _, menu = game._fit(seat, game._options(seat))
                lines = {n: _stands_for(e.label) for n, e in enumerate(menu.entries, 1)}
                title = game._menu_lines(seat, menu, False, None)[0]
                assert title.endswith("card 2 of up to 2") == (mode["taken"] > 0), title
                if mode["taken"] == 0:
                    first = lines
                elif first is not None:
                    assert lines == {n: first[n] for n in lines}, (first, lines)
                    compared += 1
                    marked = [e for e in menu.entries if e.label.endswith("none you can take now")]
                    for entry in marked:
                        # A kept line chooses nothing: no action, no group under it.
                        assert entry.action is None and entry.submenu is None, entry
                    emptied += bool(marked)
                    first = None
            game.state.apply_action(rng.choice(game.state.legal_actions()))
    assert compared >= 10 and emptied >= 2, (compared, emptied)


def test_the_setup_and_a_placement_fit_with_the_seats_on_their_lines() -> None:
    # 4 players at 80x24: the starting combinations took three lines each (fifteen for
    # five) and "Seats: 0 random · ..." a line of its own: the setup overflowed, and so did
    # most placements. A combination is a line, in the board's icons; each seat's line
    # says who plays it; the hand joins endgame cards of one family.
    show = presentation("nijar")
    assert (
        show.name_sides(
            "Choose Starting Wheel A (Shape → Extract Clay → Shape → Fire 1 Piece; 3 VP when the "
            "vase reaches the end) with 4 Clay, 6 Perra Gorda, 3 Glazes, 2 Cracks",
            0,
            [],
        )
        == "Wheel A: Shape→Extract Clay→Shape→Fire 1 Piece→3⭐ with 4🧱 6💰 3💧 2⚡"
    )
    held = ["Limpieza 8", "Limpieza 6", "Collector of wheel cards", "Collector of esparto cards"]
    held += ["Jug merchant 2", "Pot merchant 2", "Horno de Cocción 3", "Horno de Vidriado 3"]
    assert nijar_board._family_runs(held) == [
        "Limpieza 8/6",
        "Collector of wheel/esparto cards",
        "Jug merchant 2",
        "Pot merchant 2",
        "Horno de Cocción 3",
        "Horno de Vidriado 3",
    ]
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True)
    seats = ["random", "human", "random", "random"]
    game = TableGame(console, game="nijar", players=4, seed=1, seats=seats, quiet=True)
    assert game._seats_line(1) == ""  # the board names them
    rng = random.Random(1)
    seen = set()
    while seen != {"setup_combo", "turns"}:
        seat = game.state.current_player()
        phase = game.state.observation(seat)["phase"]["phase"]
        if seat == 1 and phase in {"setup_combo", "turns"} - seen:
            board, menu = game._fit(seat, game._options(seat))
            out = Console(file=io.StringIO(), width=80, color_system=None)
            out.print(board)
            text = out.file.getvalue()
            rows = text.count("\n") + game._menu_rows(seat, menu) + 1  # and the prompt
            if phase == "setup_combo":
                assert rows <= 24, text
            else:
                assert "\nSeat 0 (random): " in text and "\nYou: " in text, text
            seen.add(phase)
        game.state.apply_action(rng.choice(game.state.legal_actions()))


@pytest.mark.parametrize(
    ("seats", "said"),
    [
        (["human", "greedy"], ["seat 0 (you)", "seat 1 (greedy)"]),
        (["human", "greedy", "mcts", "random"], ["you", "seat 1 greedy", "seat 2 mcts"]),
    ],
)
def test_a_screen_inside_a_placement_says_who_plays_each_seat(
    seats: list[str], said: list[str]
) -> None:
    # Inside a placement (its actions and bonuses) the compact board leaves the other
    # seats' lines, which name who plays each, to `b`: nothing on the screen said whether
    # seat 2 was a person or which bot. The title's turn order names them, in brackets
    # where that fits its line, else after the seat ("seat 1 greedy", yours "you").
    players = len(seats)
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True)
    game = TableGame(console, game="nijar", players=players, seed=4, seats=seats)
    rng = random.Random(4)
    while True:
        obs = game.state.observation(0)
        if game.state.current_player() == 0 and obs["frames"] and obs["mode"]["kind"] == "idle":
            break
        game.state.apply_action(rng.choice(game.state.legal_actions()))
    board, _ = game._fit(0, game._options(0))
    probe = Console(file=io.StringIO(), width=80, color_system=None)
    with probe.capture() as capture:
        probe.print(board)
    shown = capture.get().splitlines()
    assert not any(line.startswith("Seat ") for line in shown), shown  # no seat lines
    for who in said:
        assert who in shown[0], shown[0]
    assert "seat 3 random" in shown[0] or players == 2, shown[0]


def test_clay_an_option_would_give_at_the_limit_is_said_to_be_lost() -> None:
    # 5.2: "You may not have more than 7 Clay. Any excess Clay you would gain is lost." At
    # the table a Clay Bonus taken with 7 Clay left the count at 7, unsaid (a 2-player game
    # played at 80x24). Below the options: the gain is lost.
    show = presentation("nijar")
    options = ["Clay Bonus: take 1 Clay", "Shape a Pot for 1 Clay", "Give up the actions"]
    for clay, said in ((6, False), (7, True)):
        obs = {"viewer": 0, "players_view": [{"seat": 0, "clay": clay}], "frames": []}
        line = show.unoffered(obs, options) or ""
        assert ("7 Clay, the most: more is lost" in line) == said, line
    # A cost in Clay is no gain: nothing to say.
    obs = {"viewer": 0, "players_view": [{"seat": 0, "clay": 7}], "frames": []}
    assert show.unoffered(obs, ["Shape a Pot for 1 Clay", "Row: Extract 2 Clay for 1 Perra Gorda"])
    assert show.unoffered(obs, ["Shape a Pot for 1 Clay", "Pay 1 Clay"]) is None
