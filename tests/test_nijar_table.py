"""Níjar at the table (issue 17, §6): the board shows every card's face, speaks the options'
vocabulary and no internal text, and the options say a row's actions are choose-one."""

from __future__ import annotations

import importlib.util
import io
import random
import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest
from rich.cells import cell_len
from rich.console import Console
from test_cli_terminal import PROMPT, Terminal, numbered, screen

from craftgames import nijar
from craftgames.nijar import board as nijar_board
from craftgames.nijar.board import ICONS, LEGEND, iconized, render
from craftgames.replay import Replay, load_replay
from craftgames.table.listing import table_options
from craftgames.table.menu import build_menu
from craftgames.table.presentation import presentation
from craftgames.table.session import TableGame

# The board's icons (the legend's "Icons" line): 💰 Perra Gorda, 🧱 Clay, 💧 Glaze, ⚡ Crack,
# ⭐ VP. Authored in rust/core/data/nijar.toml: Torno Alto costs 2 Perra Gorda, gives 1 VP
# when played, its spaces are fire1, shape, paint1, shape, and it scores 4 VP when finished.
TORNO_ALTO = (
    "Torno Alto — Potter's Wheel · costs 2💰 · 1⭐ when played · vase spaces: "
    "Fire 1 Piece → Shape → Paint 1 Piece → Shape · 4⭐ when the vase reaches the end"
)
# Taller de Vidriado 1: cost 2 Perra Gorda, painting gains 2 Cracks (5.1: a cost "gaining 2
# Cracks, which she places in her Cleaning Area"), sides clay and fire1.
TALLER_1 = (
    "Taller de Vidriado 1 — Glazing Workshop · costs 2💰 · painting here costs 2⚡ "
    "(into your Cleaning Area) · when played: Extract Clay and Fire 1 Piece"
)
# Esparto Trenzado 1: cost 1 Perra Gorda, rewards 2 Clay or 1 Glaze.
TRENZADO_1 = "Esparto Trenzado 1 — Esparto · costs 1💰 · Collect Esparto gives 2🧱 or 1💧"
# What a person must never read: Python lists, "seat 1" for the Competition, bad plurals,
# a cost read as a command ("cost gain 2 Cracks"), the grey start as "space 0", a starting
# card not named as the rulebook names it (4.2.2).
INTERNAL = re.compile(
    r"\[\s*['\d\[]|\b1 (cards|craftswomen|Glazes|Cracks)\b|\b1[💧⚡] (Glazes|Cracks)\b"
    r"|\bNone\b|gain \d+ Cracks"
    r"|space 0 of|starting card|the printed card"
)


def board(state: nijar.State, seat: int = 0, width: int = 220) -> str:
    console = Console(width=width, record=True)
    console.print(render(state.observation(seat), private=True))
    return console.export_text()


def test_the_draft_area_shows_each_card_face() -> None:
    for seed in range(60):
        state = nijar.new_game(players=2, seed=seed)
        out = board(state)
        if all(f"{name} " in out for name in ("Torno Alto", "Taller de Vidriado 1", "Trenzado 1")):
            break
    else:
        raise AssertionError("no seed showed the three cards in the draft area")
    faces = unwrapped(out)
    assert TORNO_ALTO in faces
    assert TALLER_1 in faces
    assert TRENZADO_1 in faces


def unwrapped(out: str) -> str:
    """The board's text with each wrapped line joined back to the line it continues."""
    return re.sub(r"\n +(?=\S)(?!row \d|Revealed|seen taken)", " ", out)


def start_of_turns(seed: int, players: int = 2) -> nijar.State:
    state = nijar.new_game(players=players, seed=seed)
    while state.observation(0)["phase"]["phase"] != "turns":
        state.apply_action(state.legal_actions()[0])
    return state


def test_face_lines_are_wrapped_to_80_columns() -> None:
    # On a wide terminal a face is one line of up to 150 characters; the board wraps every
    # text line to 79 itself, a continuation indented under its line (tables aside).
    out = board(start_of_turns(4), width=220)
    text = [line for line in out.splitlines() if not set(line) & set("│┃┏┗┡━─┌└├╇╭╰")]
    # Measured in terminal cells: an icon takes two.
    assert max(cell_len(line.rstrip()) for line in text) <= 80
    assert any(line.startswith("  row 1 column 1: ") for line in text)
    assert any(line.startswith("        ") and "·" in line for line in text)


def test_the_workshop_reads_as_a_player_says_it() -> None:
    state = start_of_turns(4)
    out = unwrapped(board(state, 0))
    # 4.2.2's names for the starting cards, each with what it holds (8.7, 8.8).
    assert "Starting Firing Kiln: empty — holds 1 piece fired from your Drying Area" in out
    assert "Starting Glaze Kiln: empty — holds 1 painted piece fired from a Glazing" in out
    # The starting glazing workshop paints for 2 Glazes (data/nijar.toml).
    assert "Starting Glazing Workshop: empty — painting here costs 2💧" in out
    # The printed esparto card's rewards are "pg:2" and "clay:1" (data/nijar.toml).
    assert "Esparto: the card printed on the board (2💰 or 1🧱)" in out
    # Each starting wheel's vase starts on the grey space, before the card's first action.
    wheel = nijar.spelled_out(state.observation(0))["players_view"][0]["wheels"][0]
    first = {"shape": "Shape", "clay": "Extract Clay", "play": "Play a Card"}[wheel["spaces"][0]]
    assert f"{wheel['name']}: vase on the grey start space (next: {first}) — " in out


def test_the_solo_game_over_names_the_competition() -> None:
    state = nijar.new_game(players=1, seed=2, difficulty="normal")
    rng = random.Random(2)
    while True:
        action = rng.choice(state.legal_actions())
        events = state.public_events(action, 0)
        state.apply_action(action)
        if state.is_terminal():
            break
    last = events[-1]
    obs = state.observation(0)
    you, competition = obs["players_view"][0]["score"], obs["competition"]["score"]
    margin = state.solo_margin()
    assert margin is not None
    winner = "you win" if margin > 0 else "the Competition wins"
    assert last.startswith(
        f"The game is over: you {you} VP, the Competition {competition} VP — {winner}"
    ), last


def test_the_hand_shows_its_faces_to_its_owner_only() -> None:
    state = nijar.new_game(players=2, seed=5)
    mine = board(state, 0).split("Your hand:")[1]
    # Every player starts with endgame scoring cards (4.3); their faces say what they score.
    assert "Endgame scoring: " in mine
    other = board(state, 1)
    hand0 = [c["name"] for c in nijar.spelled_out(state.observation(0))["players_view"][0]["hand"]]
    assert hand0 and not any(f"{name} — Endgame" in other for name in hand0)


def play_and_read(players: int, seed: int) -> list[str]:
    """Every screen and every option and event a random game shows."""
    state = (
        nijar.new_game(players=players, seed=seed, difficulty="normal")
        if players == 1
        else (nijar.new_game(players=players, seed=seed))
    )
    rng = random.Random(seed)
    seen: list[str] = []
    step = 0
    while not state.is_terminal():
        seat = state.current_player()
        if step % 7 == 0:
            seen.append(board(state, seat))
        legal = state.legal_actions()
        seen += [state.action_to_string(a) for a in legal]
        action = rng.choice(legal)
        seen += state.public_events(action, seat) if hasattr(state, "public_events") else []
        state.apply_action(action)
        step += 1
    seen.append(board(state, 0))
    return seen


def test_no_internal_text_on_the_board_or_in_the_options() -> None:
    for players, seed in ((2, 1), (1, 2)):
        for text in play_and_read(players, seed):
            found = INTERNAL.search(text)
            assert found is None, f"{found.group(0)!r} in: {text[:300]}"
            if players == 1:
                assert "seat 1" not in text, text[:300]


def play_and_read_the_table(players: int, seed: int) -> list[str]:
    """What the table shows at 80x24 over a random game: every option as the table words it
    (`name_sides`, `option_order`), and at every third decision the compact board and the
    menu's lines (its title, groups and `unoffered` line) as the session prints them."""
    options = {"difficulty": "normal"} if players == 1 else {}
    console = Console(file=io.StringIO(), width=80, height=24, force_terminal=True)
    game = TableGame(
        console,
        game="nijar",
        players=players,
        seed=seed,
        seats=["random"] * players,
        options=options,
        quiet=True,
    )
    rng = random.Random(seed)
    seen: list[str] = []
    step = 0
    while not game.state.is_terminal():
        seat = game.state.current_player()
        worded = game._options(seat)
        seen += [text for text, _ in worded]
        if step % 3 == 0:
            shown, menu = game._fit(seat, worded)
            out = Console(width=80, record=True, file=io.StringIO())
            out.print(game._board(seat, compact=True))
            out.print(shown)
            seen.append(out.export_text())
            seen += game._menu_lines(seat, menu, False, None)
        game.state.apply_action(rng.choice(game.state.legal_actions()))
        step += 1
    return seen


def test_no_internal_text_on_the_compact_board_or_in_the_tables_options() -> None:
    # What an 80x24 screen shows (the compact board, the options as the table rewords and
    # groups them, the menu's title), in a 2-player game and a solo game.
    for players, seed in ((2, 1), (1, 2)):
        for text in play_and_read_the_table(players, seed):
            found = INTERNAL.search(text)
            assert found is None, f"{found.group(0)!r} in: {text[:300]}"
            if players == 1:
                assert "seat 1" not in text.lower(), text[:300]


def test_a_rows_actions_are_choose_one_and_the_options_say_so() -> None:
    state = nijar.new_game(players=2, seed=3)
    while state.observation(0)["phase"]["phase"] != "turns":
        state.apply_action(state.legal_actions()[0])
    places = [a for a in state.legal_actions() if state.action_to_string(a).startswith("Place ")]
    assert places
    text = state.action_to_string(places[0])
    assert "(one of " in text and "1 craftswoman " in text, text
    state.apply_action(places[0])
    options = [state.action_to_string(a) for a in state.legal_actions()]
    row = [o for o in options if "the row's one action, instead of " in o]
    assert row, options
    assert any(o.startswith("Give up the actions and bonuses still open here") for o in options)


def test_the_legend_explains_every_mark() -> None:
    for mark in ("blocked", "(your donkey)", "Card face", "→", "Competition", "ONE action"):
        assert mark in LEGEND, mark
    # 7.1: what the market dice do ("Assigns the die with the highest value to the column
    # whose Demand Tile shows a 2 ...").
    assert "highest die to demand 2, next to 1, lowest to 0" in " ".join(LEGEND.split())
    # A height is not the VP of a sale (a painted Jug at height 6 sold for 8 VP): the
    # legend said "marker heights (sale VP)"; the Sell options say each sale's VP.
    assert "(sale VP)" not in LEGEND
    assert "the Sell options give the VP" in " ".join(LEGEND.split())
    # Every icon once, on the Icons line, beside its name.
    for name, icon in ICONS.items():
        assert LEGEND.count(icon) >= 1 and f"{icon} {name}" in LEGEND, name


def test_the_legend_on_an_80x24_terminal(tmp_path: Path) -> None:
    # `?` at a real (pseudo) terminal of 80x24: the legend is on screen with the options
    # below it, nothing is wider than 80 columns, and the game goes on after it.
    argv = ["play", "nijar", "--players", "2", "--seed", "3", "--seat", "human"]
    term = Terminal([*argv, "--seat", "random"], tmp_path)
    try:
        term.read_until(PROMPT)
        term.send("?")
        shown = screen(term.read_until(PROMPT))
        text = "\n".join(shown)
        assert "Board symbols:" in text
        # The commands too: they scrolled off (the legend, 18 lines, left no room for them).
        assert any(line.startswith("Commands (at any prompt)") for line in shown), text
        # Every entry of the legend, by its label (the lines that do not continue one).
        labels = [line.split("  ")[0] for line in LEGEND.splitlines() if line[:1] != " "]
        assert len(labels) >= 8
        for label in labels:
            assert any(line.startswith(label + " ") for line in shown), label
        assert all(len(line) <= 80 for line in shown), max(shown, key=len)
        # Whole: each line of the legend is a line of the screen (none cut by the terminal).
        on_screen = {line.rstrip() for line in shown}
        for line in LEGEND.splitlines():
            assert line.rstrip() in on_screen, line
        options = numbered(shown)
        assert options and options[0] == 1
        term.send("1")  # the game goes on: the first option is played, the board redrawn
        after = term.read_until(PROMPT)
        assert "Níjar — round 1" in after and "Board symbols:" not in after
        term.send("q")
        term.read_until("saved to")
    finally:
        code = term.close()
    assert code == 1  # q saves and quits, as at every prompt


def test_faces_and_the_legend_use_one_set_of_icons() -> None:
    # The legend's "Icons" line names each icon once; each player's supply shows it beside its
    # word; a face shows the icon alone, while action names stay words ("Clean 1 Crack").
    icons = "Icons        💰 Perra Gorda  🧱 Clay  💧 Glaze  ⚡ Crack  ⭐ VP"
    assert icons in LEGEND.splitlines()
    state = start_of_turns(4)
    out = unwrapped(board(state, 0))
    me = state.observation(0)["players_view"][0]
    assert (
        f"Seat 0 (you): 0⭐ VP — {me['perra_gorda']}💰 Perra Gorda, {me['glazes']}💧 Glazes, "
        f"{me['clay']}🧱 Clay, {me['cracks']}⚡ Cracks (of 8), technology 1" in out
    )
    assert iconized(
        "costs 1 Perra Gorda + 1 Crack (into your Cleaning Area) · when played: Clean 1 Crack "
        "and Fire 1 Piece · 1 Glaze or 3 Glazes · 5 VP when the vase reaches the end"
    ) == (
        "costs 1💰 + 1⚡ (into your Cleaning Area) · when played: Clean 1 Crack and Fire 1 "
        "Piece · 1💧 or 3💧 · 5⭐ when the vase reaches the end"
    )
    # A scale keeps its words: "1 VP per Plate sold" has an amount, "0/1/3/6/10 VP" none.
    assert iconized("1 VP per Plate sold; 1/2/3/4 cards: 0/1/5/10 VP") == (
        "1⭐ per Plate sold; 1/2/3/4 cards: 0/1/5/10 VP"
    )


def _late_position(players: int, seed: int, enough: int, **options: object) -> Replay:
    """A game played by random moves up to a point where seat 0 is to move with a crowded
    table: `enough` Competition cards revealed (solo), or `enough` craftswomen placed."""
    state = nijar.new_game(players=players, seed=seed, **options)
    rng = random.Random(seed)
    actions: list[int] = []
    while not state.is_terminal():
        obs = state.observation(0)
        competition = obs.get("competition") or {}
        crowd = len(competition.get("revealed", [])) if players == 1 else len(actions) // 4
        if crowd >= enough and state.current_player() == 0 and len(state.legal_actions()) > 1:
            break
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        actions.append(action)
    assert not state.is_terminal()
    return Replay("nijar", players, seed, actions, options=dict(options))


@pytest.mark.parametrize(
    ("players", "enough", "options"), [(1, 5, {"difficulty": "normal"}), (4, 10, {})]
)
def test_the_compact_board_keeps_the_main_board_on_an_80x24_screen(
    tmp_path: Path, players: int, enough: int, options: dict[str, object]
) -> None:
    # Late in a game (five Competition cards revealed; a busy 4-player board) the full board
    # is far taller than 24 rows: the compact one, with the options below it, fits the screen
    # from its header on (the main board's rows, the market, the draft area, every seat's line).
    replay = _late_position(players, 3, enough, **options)
    seats = ["human", *["random"] * (players - 1)]
    replay = Replay(
        replay.game, players, replay.seed, replay.actions, options=replay.options, seats=seats
    )
    replay.save(tmp_path / "late.json")
    term = Terminal(["play", "--resume", "late.json"], tmp_path)
    try:
        shown = screen(term.read_until(PROMPT))
        term.send("q")
        term.read_until("saved to")
    finally:
        term.close()
    text = "\n".join(shown)
    for part in ("ound ", "turn order: ", "Columns: ", "Special Action:", "Market: ", "You: "):
        assert part in text, (part, text)
    # A busy 4-player row reads "Throw/Paint/Fire: 1 you; 2 seat 1".
    assert sum(line.startswith("  ") and "/" in line for line in shown) >= 3, text
    assert ("Competition: " in text) == (players == 1)
    assert sum(line.startswith("Seat ") and " · tech " in line for line in shown) == players - 1
    assert numbered(shown), text
    # The Draft Area (8.1 Acquire Cards: the rows a seat acquires from, priced by the distance
    # from its Donkey) is on screen too: row by row, its cards by name left to right
    # ("Limpieza 8/6": Limpieza 8 then Limpieza 6), the card under your Donkey "(you)"; a
    # row starts its line, or with four donkeys follows the last one's cards after a " · ".
    state = nijar.new_game(players=players, seed=replay.seed, **options)
    for action in replay.actions:
        state.apply_action(action)
    obs = nijar.spelled_out(state.observation(0))
    start = next(i for i, line in enumerate(shown) if line.startswith("Draft 1: "))
    end = start + 1
    while end < len(shown) and shown[end].startswith(("    ", "Draft ")):
        end += 1
    area = " ".join(line.strip() for line in shown[start:end])
    rows = re.split(r"(?:^|(?: ·)? )Draft \d: ", area)[1:]
    assert re.findall(r"Draft (\d): ", area) == [f"{r + 1}" for r in range(len(obs["draft"]))]
    yours = obs["players_view"][0]["donkey"]
    for r, (drawn, row) in enumerate(zip(rows, obs["draft"], strict=True)):
        names, marked = [], []
        for cell in drawn.split(", "):
            cell, _, mark = cell.partition(" (")
            family, _, numbers = cell.rpartition(" ")
            if family and all(n.isdigit() for n in numbers.split("/")):
                names += [f"{family} {n}" for n in numbers.split("/")]
            else:
                names.append(cell)
            if mark:
                marked.append((names[-1], mark.rstrip(")")))
        assert names == [card["name"] for card in row], (names, text)
        if yours // 5 == r:
            assert (row[yours % 5]["name"], "you") in marked, (marked, text)


@pytest.mark.parametrize("answer", ["n", "y"])
def test_giving_up_a_workshops_open_actions_is_asked_once_more(tmp_path: Path, answer: str) -> None:
    # "Give up the actions and bonuses still open here" loses them for good once another
    # seat has moved (undo stops there), and it is the first option: a typed "1" meant for
    # something else threw them away. The table asks once more; only "y" plays it.
    state = nijar.new_game(players=2, seed=3)
    rng = random.Random(3)
    actions: list[int] = []
    while not (
        state.current_player() == 0
        and len(state.legal_actions()) > 1
        and any(state.action_to_string(a).startswith("Give up") for a in state.legal_actions())
    ):
        actions.append(rng.choice(state.legal_actions()))
        state.apply_action(actions[-1])
    give_up = next(
        a for a in state.legal_actions() if state.action_to_string(a).startswith("Give up")
    )
    Replay("nijar", 2, 3, actions, seats=["human", "random"]).save(tmp_path / "open.json")
    term = Terminal(["play", "--resume", "open.json"], tmp_path)
    try:
        shown = screen(term.read_until(PROMPT))
        number = next(m.group(1) for line in shown if (m := re.match(r"\s+(\d+)\. Give up", line)))
        term.send(number)
        term.read_until("Give them up? (y/n): ")
        term.send(answer)
        again = screen(term.read_until(PROMPT))
        offered = any(re.match(rf"\s+{number}\. Give up", line) for line in again)
        assert offered == (answer == "n"), again  # "n": the same menu again
        term.send("q")
        term.read_until("saved to")
    finally:
        term.close()
    saved = load_replay(tmp_path / "open.json").actions
    assert saved[: len(actions)] == actions
    if answer == "n":
        assert saved == actions  # nothing played
    else:
        assert saved[len(actions)] == give_up


def screen_rows_tool(game: str) -> ModuleType:
    """`tools/GAME_screen_rows.py`, the counter of a game's screens that overflow 80x24."""
    path = Path(__file__).parent.parent / "tools" / f"{game}_screen_rows.py"
    spec = importlib.util.spec_from_file_location(f"{game}_screen_rows", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_few_decisions_overflow_an_80x24_screen() -> None:
    # tools/nijar_screen_rows.py: random games (solo normal and expert, 2, 3 and 4 players,
    # seed 1), every third decision drawn as the session draws it at 80x24. With the Draft
    # Area on every compact board and option lines that wrap, 162 of these 304 decisions
    # overflowed (the board's top scrolled off). With the Draft Area only where a card can be
    # acquired without the options naming it, the columns and the other seats only where a
    # craftswoman is placed, options a line each and long lists grouped by Draft Area row and
    # by main-board row: 52; 53 once the session wrapped a long option under its text instead
    # of at column 0 (one screen's wrapped option took a row more). Since a second sale may be
    # any piece left (7.2.3), the random games differ: 55 of 303. With your hand on your own
    # line (its cards' families by their numbers) and "Discard endgame card X: any action"
    # a line: 50. Your pieces where you place (a line, packed after your supply with your
    # hand): 54. A blocked column said only where it fits, a row's craftswomen by seat
    # ("1, 2, B seat 0"): 45. Who plays each seat on its line (no "Seats:" line), a
    # starting combination a line, endgame cards of one family joined in the hand
    # ("Collector of wheel/esparto cards"), "shop closed" for "0 craftswomen": 27, none of
    # them a setup step. The table grouping a menu by its rows as wrapped, not its entries
    # (seven placements of two lines each were a menu of "8 lines" and 14 rows), a busy
    # 4-player row tighter ("Throw/Paint/Fire: 1 you; 2 seat 1"), the Draft Area's rows
    # one after another with four donkeys: 11 (4 players, seeds 1-3: placing 28 of 87
    # overflowed, then 10).
    tool = screen_rows_tool("nijar")
    over, seen = tool.count(seeds=(1,))
    assert sum(seen.values()) == 303
    assert sum(over.values()) <= 11, dict(over)
    assert set(over) <= {"place", "frame"}, dict(over)
    # Acquiring and moving the donkey name every card they may take: those fit.
    assert over["acquire"] == over["donkey"] == 0, dict(over)


def test_a_row_action_is_marked_and_the_board_says_what_is_open() -> None:
    # 7.2.1: a placement performs ONE action of its row (plus its column's bonus). The
    # engine says it at the end of each option ("— the row's one action, instead of ..."),
    # which made most of them two screen lines; the table starts them "Row: " and the
    # board's last line names the row's three actions once: "Open here: Row: ONE of ...".
    show = presentation("nijar")
    state = nijar.new_game(players=2, seed=3)
    rng = random.Random(3)
    while True:
        engine = [state.action_to_string(a) for a in state.legal_actions()]
        if state.current_player() == 0 and any("the row's one action" in e for e in engine):
            break
        state.apply_action(rng.choice(state.legal_actions()))
    obs = state.observation(0)
    options = [show.name_sides(e, 0, ["you", "seat 1"]) for e in engine]
    marked = [o for o, e in zip(options, engine, strict=True) if "the row's one action" in e]
    assert marked and all(o.startswith("Row: ") and " — " not in o for o in marked), options
    row = next(t - 20 for f in obs["frames"] for t in f["tasks"] if 20 <= t < 23)
    names = {
        "acquire": "Acquire Cards",
        "play": "Play a Card",
        "clay": "Extract Clay",
        "throw": "Throw",
        "fire": "Fire",
        "paint": "Paint",
        "clean": "Clean",
        "esparto": "Collect Esparto",
        "first_player": "First Player Action",
    }
    acts = [names[a] for a in obs["layout"][row * 3 : row * 3 + 3]]
    for compact in (True, False):
        console = Console(width=80, record=True)
        console.print(render(obs, private=True, compact=compact))
        last = unwrapped(console.export_text()).rstrip().splitlines()[-1]
        assert last.startswith(f"Open here: Row: ONE of {acts[0]}, {acts[1]} or {acts[2]}"), last


def _first(players: int, seed: int, found: Callable[[nijar.State], bool]) -> nijar.State:
    """The first position of a random game (seat 0 to move) where `found` holds."""
    state = nijar.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while not (state.current_player() == 0 and found(state)):
        assert not state.is_terminal()
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def compact_text(obs: dict[str, object], width: int = 80) -> str:
    console = Console(width=width, record=True)
    console.print(render(obs, private=True, compact=True))
    return console.export_text()


def test_open_here_names_what_is_open_now_then_what_it_interrupted() -> None:
    # A kiln played as the row's action opens its two actions; the column's bonus waits until
    # they are done (7.2.1: bonuses before or after the action and what it triggers, not
    # during), so it is not an option now. "Open here" listed it with them ("Open here:
    # Throwing Bonus; Acquire 1 Card; Extract Clay", the options offering no Throwing bonus);
    # it says "then" for it.
    def nested(state: nijar.State) -> bool:
        frames = state.observation(0)["frames"]
        return len([f for f in frames if f["tasks"]]) >= 2

    state = _first(2, 1, nested)
    obs = state.observation(0)
    *outer, now = [f["tasks"] for f in obs["frames"] if f["tasks"]]
    line = next(li for li in compact_text(obs).splitlines() if li.startswith("Open here: "))
    head, _, then = line.partition(" · then: ")
    assert then, line
    acts = list(nijar_board._ACT_NAMES)
    for task in now:
        if task < len(acts):
            assert nijar_board._ACT_NAMES[acts[task]] in head, line
    for task in (t for tasks in outer for t in tasks):
        if task < len(acts):
            assert nijar_board._ACT_NAMES[acts[task]] in then, line
            assert nijar_board._ACT_NAMES[acts[task]] not in head, line


def test_options_speak_the_boards_words() -> None:
    show = presentation("nijar")

    def says(engine: str) -> str:
        return show.name_sides(engine, 0, ["you", "seat 1"])

    # 8.6: shaping two pieces puts 2 Cracks into your Cleaning Area; "for 2 Clay and 2
    # Cracks" read as paying Cracks, as a face says a Crack cost "(into your Cleaning Area)".
    assert says("Shape a Jug and a Pot for 2 Clay and 2 Cracks") == (
        "Shape a Jug and a Pot for 2 Clay and 2 Cracks (into your Cleaning Area)"
    )
    assert says("Shape a Jug for 1 Clay") == "Shape a Jug for 1 Clay"
    # The board's workshop: "Esparto: the card printed on the board (2💰 or 1🧱)"; the
    # options named it by the engine's "Níjar Esparto (printed)".
    assert says("Collect 1 Esparto: 1 Clay from Níjar Esparto (printed)") == (
        "Collect 1 Esparto: 1 Clay from the card printed on the board"
    )
    assert says("From Níjar Esparto (printed): take 2 Perra Gorda") == (
        "From the card printed on the board: take 2 Perra Gorda"
    )
    # The board's wheel reads "(next: Shape)"; so does a throw (and it fits a line).
    assert says(
        "Throwing Bonus: advance the vase on Starting Wheel D (next space: Play a Card)"
    ) == ("Throwing Bonus: advance the vase on Starting Wheel D (next: Play a Card)")


def test_the_market_dice_are_not_rolled_during_the_setup() -> None:
    # 7.1 rolls the market dice after the setup; before, the board read "dice 0 0 0" (and
    # heights 0), as if zeros had been rolled.
    state = nijar.new_game(players=2, seed=11)
    obs = state.observation(state.current_player())
    assert obs["phase"]["phase"].startswith("setup")
    assert "dice not rolled" in " ".join(compact_text(obs).split())
    assert "dice not rolled" in " ".join(board(state, state.current_player()).split())
    state = start_of_turns(11)
    dice = " ".join(map(str, state.observation(0)["dice"]))
    assert f"dice {dice}" in compact_text(state.observation(0))


def test_the_whole_board_ends_with_your_workshop_and_hand() -> None:
    # `b` at 80x24 prints about a hundred lines; what stays on screen above the options is
    # the end. It ended with the last seat's workshop, your hand's faces scrolled off when
    # you were seat 0; your own section is last now.
    state = start_of_turns(4, players=3)
    for seat in range(3):
        out = board(state, seat, width=80)
        mine = out.index(f"Seat {seat} (you): ")
        others = [out.index(f"Seat {s}: ") for s in range(3) if s != seat]
        assert all(o < mine for o in others), seat
        assert out.index("Your hand:") > mine


def test_the_compact_hand_breaks_between_cards() -> None:
    # "Your hand: Torno de la Loma, ..., Horno\n      de Vidriado 7": a card's name was cut
    # at the line's end; the hand breaks between cards, two lines at most.
    hand = [
        "Torno de la Loma",
        "Rueda Lenta",
        "Jarapa Azul 3",
        "Limpieza 12",
        "Horno de Vidriado 7",
        "Collector of cleanup cards",
        "Jug merchant 2",
        "Pot merchant 1",
    ]
    me = {
        "seat": 0,
        "score": 0,
        "perra_gorda": 1,
        "glazes": 1,
        "clay": 1,
        "cracks": 0,
        "technology": 1,
        "craftswomen": 3,
        "hand": [{"name": n} for n in hand],
    }
    for count in range(1, len(hand) + 1):
        shown = nijar_board._compact_player(
            {**me, "hand": me["hand"][:count]}, {"viewer": 0}, me=True, private=True
        )
        # On your own line when its first card fits there (a line saved on a 4-player
        # placement), else on the next; three lines at most.
        assert shown[0].startswith("You: 0⭐ · "), shown
        assert 1 <= len(shown) <= 3 and all(cell_len(li) <= 79 for li in shown), shown
        joined = re.split(r" · hand: | Your hand: ", " ".join(li.strip() for li in shown))[1]
        for li in [joined, *(li.strip() for li in shown[1:])]:  # each line whole cards
            text = li.removeprefix("Your hand: ").removesuffix(" … (b: all)").removesuffix(", …")
            assert all(c in hand for c in text.rstrip(",").split(", ") if c), shown
        cut = joined.endswith(", … (b: all)")
        cells = joined.removesuffix(", … (b: all)").split(", ")
        assert cells == hand[: len(cells)] and cut == (len(cells) < count), shown
    # Neighbours of one family by their numbers, as in the Draft Area.
    shown = nijar_board._compact_player(
        {**me, "hand": [{"name": n} for n in ("Taller de Vidriado 1", "Taller de Vidriado 4")]},
        {"viewer": 0},
        me=True,
        private=True,
    )
    assert shown[-1].endswith("hand: Taller de Vidriado 1/4"), shown


@pytest.mark.parametrize("players", [2, 4])
def test_a_placement_is_a_line_under_place(players: int) -> None:
    # "Place — 13 options" opened at 80x24: each space was two screen lines ("middle row:
    # one of Clean, Collect Esparto or First Player Action; 1 craftswoman, column 1, bonus
    # Clean 1 Crack"), some nine of them overflowing the screen. Under "Place" a space reads
    # "top row (Fire / Paint / Play a Card); column 1, bonus Clay Bonus", grouped by row
    # when the list is long.
    show = presentation("nijar")
    state = start_of_turns(4, players=players)
    texts = [show.name_sides(state.action_to_string(a), 0, []) for a in state.legal_actions()]
    options = [(t, i) for i, t in enumerate(texts)]
    rows = {
        r: " / ".join(
            nijar_board._act(a) for a in state.observation(0)["layout"][r * 3 : r * 3 + 3]
        )
        for r in range(3)
    }
    for limit in (9, 4):
        menu = build_menu(options, limit, show.option_path)
        place = next(e.submenu for e in menu.entries if e.label.startswith("Place — "))
        assert place is not None
        for entry in place.entries:
            line = f"  {99:>3}. {entry.label}"
            assert cell_len(line) <= 80, line
            if entry.submenu is not None:  # a row: its spaces a line each
                assert any(f"row ({acts}) — " in entry.label for acts in rows.values()), entry
                assert all(e.label.startswith("column ") for e in entry.submenu.entries)
            elif "Special Action" not in entry.label:
                assert re.match(r"(top|middle|bottom) row \(.+\); column \w, bonus ", entry.label)


def test_open_here_says_which_action_is_under_way() -> None:
    # Firing one piece of several (8.7), "Open here" named only the column's bonus still to
    # come ("Open here: Clean 1 Crack") above "Fire no more pieces / Fire the painted Jug":
    # the action under way (acquiring, collecting esparto, firing...) comes first.
    state = nijar.new_game(players=2, seed=1)
    rng = random.Random(1)
    names = {"acquire": "Acquire Cards", "esparto": "Collect Esparto", "fire": "Fire"}
    checked = set()
    while not state.is_terminal():
        obs = state.observation(state.current_player())
        kind = obs["mode"]["kind"]
        if kind in names and any(f["tasks"] for f in obs["frames"]):
            line = next(li for li in compact_text(obs).splitlines() if li.startswith("Open "))
            assert line.startswith(f"Open here: {names[kind]}, under way · then: "), line
            checked.add(kind)
        state.apply_action(rng.choice(state.legal_actions()))
    assert "esparto" in checked, checked


def test_a_log_line_keeps_its_mover_first() -> None:
    # The table words a log line's first line as it words an option; the row action's mark
    # went before the mover ("Row: seat 1 (human): Collect Esparto from every esparto
    # card").
    show = presentation("nijar")
    row_one = "— the row's one action, instead of Clean or First Player Action"
    assert show.name_sides(f"seat 1 (human): Collect Esparto {row_one}", 1, []) == (
        "seat 1 (human): Row: Collect Esparto"
    )


def test_a_card_to_acquire_or_play_says_what_it_does() -> None:
    # Issue 17, §6: at 80x24 the compact board leaves the Draft Area's and the hand's faces
    # to `b`, and an Acquire option said the card's name, type, row and cost only. Each
    # Acquire and Play option now ends with the card's face but its type and cost (in the
    # option already). Authored in rust/core/data/nijar.toml: the Esparto Trenzado cards
    # give 2 Clay or 1 Glaze; Torno Alto 1 VP when played, spaces fire1, shape, paint1,
    # shape, 4 VP at the end.
    want = {
        "Esparto Trenzado": " — Collect Esparto gives 2🧱 or 1💧",
        "Torno Alto": " — 1⭐ when played; vase: Fire 1 Piece→Shape→Paint 1 Piece→Shape; "
        "4⭐ at the end",
    }
    show = presentation("nijar")
    seen: set[str] = set()
    plays = 0
    for seed in range(40):
        state = nijar.new_game(players=2, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal() and len(seen) < len(want):
            seat = state.current_player()
            for text, _ in table_options(show, state, seat, ["you", "seat 1"]):
                card = re.match(r"(Acquire|Play) (?!Cards \(|1 Card \()(.+?) \(", text)
                if card is None:
                    continue
                assert " — " in text, text
                plays += card.group(1) == "Play"
                for name, effect in want.items():
                    if card.group(2).startswith(name):
                        assert text.endswith(effect), text
                        seen.add(name)
            state.apply_action(rng.choice(state.legal_actions()))
        if len(seen) == len(want):
            break
    assert seen == set(want) and plays > 0, (seen, plays)


def test_the_last_revealed_competition_card_is_on_the_compact_board() -> None:
    # 12.5: the Competition's revealed cards are public; the compact board showed only how
    # many. Where a step of an action is played (here a card to acquire) the last one's
    # face is on it. Authored: Competition 6 takes the middle row's column 3 and its icon
    # discards the cards above and below its donkey (space = [2, 3], "discard_vertical").
    state = nijar.new_game(players=1, seed=2, difficulty="normal")
    rng = random.Random(2)
    while not state.is_terminal():
        obs = nijar.spelled_out(state.observation(0))
        revealed = obs["competition"]["revealed"]
        if revealed and revealed[-1]["name"] == "Competition 6" and obs["mode"]["kind"] != "idle":
            break
        state.apply_action(rng.choice(state.legal_actions()))
    else:
        raise AssertionError("Competition 6 was never the last card revealed")
    face = (
        "Revealed last: Competition 6 — a craftswoman on the main board's middle row, "
        "column 3; discards the cards above and below its donkey"
    )
    assert face in " ".join(compact_text(obs).split()), compact_text(obs)
