"""The table-side CLI driven at its prompts: undo, commands, the log, saving, resuming.

A test answers each prompt from a script that may look at the game (`drive`), as a person
looking at the screen would; the output is captured as the person would read it.
"""

from __future__ import annotations

import builtins
import io
import json
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from craftgames import new_game
from craftgames.cli import main
from craftgames.replay import load_replay
from craftgames.table.session import TableGame

Decide = Callable[[TableGame, str], str]


def table_console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=120, highlight=False, color_system=None), out


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game left without --save is saved in the working directory: keep it in tmp."""
    monkeypatch.chdir(tmp_path)


def drive(
    monkeypatch: pytest.MonkeyPatch, table: TableGame, decide: Decide
) -> tuple[int, list[str]]:
    """Runs `table` answering each prompt with `decide(table, prompt)`; returns the exit
    code and every prompt asked."""
    prompts: list[str] = []

    def answer(prompt: object = "") -> str:
        prompts.append(str(prompt))
        return decide(table, str(prompt))

    monkeypatch.setattr(builtins, "input", answer)
    return table.run(), prompts


def step_of(table: TableGame) -> str:
    return str(table.state.observation(table.state.current_player()).get("step"))


def expected_state(table: TableGame, actions: list[int]) -> str:
    """The game after `actions` from the deal, built without the table."""
    state = new_game(table.game, table.players, table.seed)
    for a in actions:
        state.apply_action(a)
    return state.to_json()


def test_undo_restores_the_exact_state_and_refuses_past_a_reveal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    console, out = table_console()
    table = TableGame(console, game="sunrise", players=2, seed=4, seats=["human", "random"])
    undone: list[str] = []
    refused: list[str] = []
    asked: dict[str, object] = {}

    def decide(t: TableGame, prompt: str) -> str:
        if "records" in asked:  # the answer before this one was "u": what did it do?
            records = asked.pop("records")
            before = asked.pop("json")
            assert isinstance(records, list)
            if t.state.to_json() == before:
                assert len(t.records) == len(records)
                refused.append(str(before))
            else:
                # Back to exactly the position before the human's decision (and the forced
                # moves after it), JSON equal to a fresh replay of the moves left.
                taken = records[len(t.records)]
                assert taken.seat == 0 and not taken.forced
                assert t.state.to_json() == taken.before.to_json()
                assert t.state.to_json() == expected_state(t, t.actions)
                undone.append(t.state.to_json())
            return "1"
        if len(undone) >= 3 and len(refused) >= 3:
            return "q"
        tried = asked.setdefault("tried", set())
        assert isinstance(tried, set)
        if t.records and t.records[-1].seat == 0 and len(t.records) not in tried:
            tried.add(len(t.records))
            asked["records"] = list(t.records)
            asked["json"] = t.state.to_json()
            return "u"
        return "1"

    code, _ = drive(monkeypatch, table, decide)
    text = out.getvalue()
    assert code == 1
    assert len(undone) >= 3, "no decision was taken back"
    assert len(refused) >= 3, "no undo was refused"
    assert "Took back: " in text
    assert "Cannot undo: your last move revealed hidden information" in text
    assert "took back:" in "\n".join(table.log.lines)


def test_undo_is_refused_once_another_seat_has_moved(monkeypatch: pytest.MonkeyPatch) -> None:
    console, out = table_console()
    table = TableGame(console, game="sunrise", players=2, seed=4, seats=["random", "human"])
    answers = iter(["u", "q"])
    code, _ = drive(monkeypatch, table, lambda t, p: next(answers))
    assert code == 1
    assert "Cannot undo: seat 0 (random) has moved since" in out.getvalue()
    assert len(table.records) == 1


COMMANDS = {
    "b": "Project row",
    "s": "Scores if the game ended now",
    "l": "Log (last 20 lines)",
    "?": "Commands (at any prompt):",
    "h": "Hint: the search played 1000 games on from what you can see;",
    "wat": "Please type a number from 1 to",
}

SECTIONS = {
    "select": "Step One",
    "work": "Step Two",
    "convert": "Use Resources from the Reserve",
    "complete": "Step Three",
}


SEED = 0


def test_every_command_works_at_every_kind_of_prompt(monkeypatch: pytest.MonkeyPatch) -> None:
    console, out = table_console()
    table = TableGame(console, game="sunrise", players=2, seed=SEED, seats=["human", "greedy"])
    rng = random.Random(SEED)
    pending: list[str] = []
    seen: dict[str, str] = {}
    marks: dict[str, int] = {}

    def decide(t: TableGame, prompt: str) -> str:
        step = step_of(t)
        if pending:
            return pending.pop(0)
        if step in marks:  # the commands of this step have run: check what they printed
            printed = out.getvalue()[marks.pop(step) :]
            seen[step] = printed
        if step not in seen and step not in marks:
            marks[step] = len(out.getvalue())
            pending.extend([*COMMANDS, "u"])
            return pending.pop(0)
        if set(SECTIONS) <= set(seen):
            return "q"
        # Random answers reach every kind of step (a conversion decision needs 2+ resources
        # in the reserve at the start of step three).
        count = int(re.findall(r"Choose 1-(\d+) ", out.getvalue())[-1])
        return str(rng.randint(1, count))

    code, _ = drive(monkeypatch, table, decide)
    assert code == 1
    assert set(seen) == set(SECTIONS)
    for step, printed in seen.items():
        for command, marker in COMMANDS.items():
            assert marker in printed, (step, command)
        assert f"Rules of this step: Sunrise at the Studio rulebook, {SECTIONS[step]}" in printed
        assert "Cannot undo" in printed or "Took back" in printed
        hint = printed.split("Hint: ")[1].split("Seat 0, your move:")[0]
        assert len(re.findall(r"\(chosen \d+%, result -?\d\.\d\d\)", hint)) >= 1


@pytest.mark.parametrize("confirm", [False, True])
def test_a_forced_move_is_played_and_logged_unless_confirm_forced(
    monkeypatch: pytest.MonkeyPatch, confirm: bool
) -> None:
    console, out = table_console()
    table = TableGame(
        console,
        game="sunrise",
        players=2,
        seed=4,
        seats=["human", "random"],
        confirm_forced=confirm,
    )
    sizes: list[int] = []

    def decide(t: TableGame, prompt: str) -> str:
        sizes.append(len(t.state.legal_actions()))
        return "1" if len(sizes) < 80 else "q"

    drive(monkeypatch, table, decide)
    forced_logged = "(the only option)" in out.getvalue()
    if confirm:
        assert 1 in sizes and not forced_logged
    else:
        assert 1 not in sizes and forced_logged


def test_q_and_ctrl_c_save_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    calls = [0]

    def interrupt(prompt: object = "") -> str:
        calls[0] += 1
        if calls[0] == 3:
            raise KeyboardInterrupt
        return "1"

    monkeypatch.setattr(builtins, "input", interrupt)
    argv = ["play", "sunrise", "--players", "2", "--seed", "4", "--seat", "human"]
    assert main([*argv, "--seat", "greedy"]) == 130
    err = capsys.readouterr().err
    saved = tmp_path / "craftgames-sunrise-4.json"
    assert err.startswith("\n")  # on a line of its own, after the echoed ^C
    assert f"saved to {saved.name}" in err
    doc = json.loads(saved.read_text())
    assert doc["seats"] == ["human", "greedy"] and len(doc["actions"]) >= 2
    monkeypatch.setattr(builtins, "input", lambda prompt="": "q")
    assert main([*argv, "--seat", "greedy", "--save", "mine.json"]) == 1
    assert "saved to mine.json" in capsys.readouterr().err
    assert load_replay(tmp_path / "mine.json").seats == ["human", "greedy"]


@pytest.mark.parametrize("opponents", [["greedy", "random"], ["mcts:20", "greedy"]])
def test_resume_reaches_the_same_final_state_as_an_uninterrupted_game(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    opponents: list[str],
) -> None:
    seats = ["--seat", "human", "--seat", opponents[0], "--seat", opponents[1]]
    argv = ["play", "sunrise", "--players", "3", "--seed", "12", *seats]
    whole, part = tmp_path / "whole.json", tmp_path / "part.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 400))
    assert main([*argv, "--save", str(whole)]) == 0
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 9 + "q\n"))
    assert main([*argv, "--save", str(part)]) == 1
    saved = load_replay(part)
    assert 0 < len(saved.actions) < len(load_replay(whole).actions)
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 400))
    assert main(["play", "--resume", str(part)]) == 0
    out = capsys.readouterr().out
    assert f"Resumed {part} after {len(saved.actions)} actions" in out
    assert load_replay(part).play().to_json() == load_replay(whole).play().to_json()


def test_resume_refuses_a_file_without_seats_unless_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "old.json"
    path.write_text('{"game": "sunrise", "players": 2, "seed": 1, "actions": []}')
    assert main(["play", "--resume", str(path)]) == 2
    assert "give one --seat per player" in capsys.readouterr().err
    assert main(["play", "--resume", str(path), "--seat", "random", "--seat", "random"]) == 0
    assert load_replay(path).play().is_terminal()


def test_the_log_has_every_kind_of_event_in_a_seeded_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["play", "sunrise", "--players", "3", "--seed", "7"]
    assert main([*argv, "--seat", "greedy", "--seat", "random", "--seat", "greedy"]) == 0
    out = capsys.readouterr().out
    for pattern in [
        r"Day \d, (Sunrise|Midday|Sunset) begins",
        r"Seat \d completes ",
        r'Seat \d takes the (higher|lower) space of the challenge "[^"]+" \(\+\d+ pts?\)',
        r"Seat \d reveals ",
        r"(The cup of coffee goes to seat \d|Nobody wins the cup of coffee: )",
        r"(The game ends: seat \d wins with \d+ pts|Seats \d and \d tie on \d+: seat \d wins)",
    ]:
        assert re.search(pattern, out), pattern


def terminal_console(rows: int = 24, cols: int = 80) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    console = Console(
        file=out, width=cols, height=rows, force_terminal=True, color_system=None, highlight=False
    )
    return console, out


def test_on_a_short_terminal_every_option_list_fits_and_commands_work_inside_a_group(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    console, out = terminal_console()
    table = TableGame(console, game="sunrise", players=4, seed=3, seats=["human"] + ["greedy"] * 3)
    shown: list[int] = []
    script: list[str] = []
    start: list[int] = []

    def decide(t: TableGame, prompt: str) -> str:
        text = out.getvalue()
        count = int(re.findall(r"Choose 1-(\d+) \(\? for help\): $", text)[-1])
        shown.append(count)
        if script:
            return script.pop(0)
        menu = text.split("your move:")[-1].splitlines()
        group = [line for line in menu if re.match(r"\s+\d+\. Measured — ", line)]
        if group and not start:
            start.append(len(text))
            script.extend(["b", "s", "l", "?", "h", "wat", "u", "0"])
            return group[0].split(".")[0].strip()
        return "1"

    code, _ = drive(monkeypatch, table, decide)
    assert code == 0  # played to the end
    # Every list shown fits with room for its header and the prompt (24 rows).
    assert max(shown) <= 24 - 3
    text = out.getvalue()[start[0] :]
    assert "Seat 0, your move: Measured" in text
    for marker in COMMANDS.values():
        assert marker in text


def test_several_humans_share_one_screen_and_the_log_hides_every_hidden_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    console, out = table_console()
    table = TableGame(console, game="sunrise", players=2, seed=4, seats=["human", "human"])
    answers = iter(["1", "1", "q"])
    code, _ = drive(monkeypatch, table, lambda t, p: next(answers))
    assert code == 1
    lines = table.log.lines
    assert lines[:2] == [
        "seat 0 (human): Choose a work style and distribute 4 cards face-down",
        "seat 1 (human): Choose a work style and distribute 4 cards face-down",
    ]
    # Each human is shown their own hand at their own prompt.
    state = new_game("sunrise", 2, 4)
    for seat, answer_at in ((0, 0), (1, 1)):
        obs = state.observation(seat)
        hand = obs["players"][seat]["hand"]
        labels = ", ".join(obs["cards"]["resource_cards"][c]["label"] for c in hand)
        assert labels in out.getvalue()
        if answer_at == seat:
            state.apply_action(table.actions[seat])


def test_a_game_without_a_board_module_gets_a_plain_view() -> None:
    from craftgames.sunrise import board as board_sunrise
    from craftgames.table.presentation import generic_render, presentation

    assert presentation("sunrise").render is board_sunrise.render
    plain = presentation("no_such_game")
    assert plain.render is generic_render
    console, out = table_console()
    obs = {"game": "x", "round": 2, "hand": ["a", "b"]}
    console.print(plain.render(obs, private=True))
    console.print(plain.render(obs, private=True, compact=True))
    text = out.getvalue()
    assert text.count("round: 2") == 2 and text.count('hand: ["a", "b"]') == 1
    assert plain.option_path("Measured: keep A, B; C → left") == (
        "Measured",
        "keep A, B",
        "C → left",
    )


def test_a_games_own_flags_reach_new_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import argparse

    from craftgames import sunrise
    from craftgames.table.presentation import presentation

    def add_cli_arguments(parser: argparse.ArgumentParser) -> None:
        parser.add_argument_group("Sunrise test flags").add_argument("--difficulty")

    def options_from_cli(args: argparse.Namespace) -> dict[str, object]:
        return {"difficulty": args.difficulty}

    monkeypatch.setattr(sunrise, "add_cli_arguments", add_cli_arguments, raising=False)
    monkeypatch.setattr(sunrise, "options_from_cli", options_from_cli, raising=False)
    presentation.cache_clear()
    try:
        argv = ["play", "sunrise", "--players", "2", "--difficulty", "hard"]
        assert main(argv) == 2
        # Sunrise takes no options: the engine names the one it was given.
        err = capsys.readouterr().err
        assert "difficulty" in err and err.count("\n") == 1
        with pytest.raises(SystemExit):
            main(["play", "sunrise", "--help"])
        assert "Sunrise test flags" in capsys.readouterr().out
    finally:
        presentation.cache_clear()


def test_reveals_tells_a_secret_choice_from_the_one_that_uncovers_them_all() -> None:
    from craftgames.table.undo import reveals

    state = new_game("sunrise", 3, 7)
    first = state.legal_actions()[0]
    assert not reveals(state, first)  # seat 0's face-down choice shows nobody anything
    state.apply_action(first)
    state.apply_action(state.legal_actions()[0])
    # The last seat to choose: every seat now learns what it was passed.
    assert state.observation(2)["step"] == "select"
    assert reveals(state, state.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])
    # Placing a resource from one's own pottery wheel is seen by all but shows no hidden card.
    place = next(
        a for a in state.legal_actions() if "into the reserve" in state.action_to_string(a)
    )
    assert not reveals(state, place)


def test_a_save_file_that_cannot_be_written_is_one_line_and_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(builtins, "input", lambda prompt="": "q")
    bad = str(tmp_path / "no" / "such" / "dir.json")
    argv = ["play", "sunrise", "--players", "2", "--seed", "4", "--seat", "human"]
    assert main([*argv, "--seat", "random", "--save", bad]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("craftgames: error: cannot save the game to ")


def test_a_grouped_menu_reaches_every_option_once_by_the_path_a_hint_gives() -> None:
    from craftgames.sunrise.board import option_path
    from craftgames.table.listing import path_to
    from craftgames.table.menu import build_menu

    state = new_game("sunrise", 3, 7)
    options = sorted((state.action_to_string(a), a) for a in state.legal_actions())
    menu = build_menu(options, 7, option_path)
    assert len(menu.entries) == 3  # by work style
    for text, action in options:
        path = path_to(menu, action)
        assert path is not None
        at = menu
        for n in path[:-1]:
            sub = at.entries[n - 1].submenu
            assert sub is not None and len(sub.entries) <= 7
            at = sub
        assert at.entries[path[-1] - 1].action == action
        # Under its group's header, the option says the rest of its sentence.
        assert text.endswith(at.entries[path[-1] - 1].label.split("; ")[-1])
    assert build_menu(options, None, option_path).entries[0].label == options[0][0]


@pytest.mark.parametrize("compact", [False, True])
def test_a_board_for_nobody_in_particular_shows_what_every_seat_sees(compact: bool) -> None:
    from craftgames.sunrise.board import render

    def text(viewer: int, state: object) -> str:
        console, out = table_console()
        obs = state.observation(viewer)  # type: ignore[attr-defined]
        console.print(render(obs, private=False, compact=compact))
        return out.getvalue().replace(f"seat {viewer} (you)", f"seat {viewer}")

    # Whoever's observation draws the public board, it is the same board.
    state = new_game("sunrise", 3, 7)
    rng = random.Random(1)
    checked = 0
    while not state.is_terminal():
        boards = {text(v, state) for v in range(3)}
        assert len(boards) == 1, state.observation(0)["step"]
        checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 100


def test_an_mcts_reason_never_names_a_move_that_shows_the_bots_hidden_cards() -> None:
    from craftgames import bots, mcts
    from craftgames.table.events import bot_reason

    checked = 0
    for seed in range(10):
        state = new_game("sunrise", 2, seed)
        rng = random.Random(seed)
        while not state.is_terminal() and checked < 5:
            legal = state.legal_actions()
            texts = {a: state.action_to_string(a) for a in legal}
            reveal = [a for a in legal if texts[a].startswith("Reveal ")]
            public = [a for a in legal if not texts[a].startswith(("Reveal ", "Discard "))]
            if reveal and public:
                bot = bots.MCTSBot(10)
                chosen = public[0]
                bot.last_result = mcts.SearchResult(
                    action=chosen,
                    stats=(
                        mcts.ActionStats(chosen, 6, (0.6, 0.4)),
                        mcts.ActionStats(reveal[0], 4, (0.5, 0.5)),
                    ),
                    iterations=10,
                )
                after = state.clone()
                after.apply_action(chosen)
                viewer = 1 - state.current_player()
                why = bot_reason(bot, state, chosen, after, viewer)
                assert why is not None and "40% a move you cannot see (0.50)" in why
                assert texts[reveal[0]] not in why
                # The seat itself (a spectator of a game of bots) is told everything.
                mine = bot_reason(bot, state, chosen, after, state.current_player())
                assert mine is not None and texts[reveal[0]] in mine
                checked += 1
            state.apply_action(rng.choice(legal))
    assert checked == 5


def test_sides_are_named_by_seat() -> None:
    from craftgames.sunrise.board import name_sides

    names = ["you", "greedy", "mcts:300"]
    assert name_sides("Measured: keep A, B; C → left; D → right", 0, names) == (
        "Measured: keep A, B; C → left (seat 1, greedy); D → right (seat 2, mcts:300)"
    )
    assert name_sides("Efficient: keep A, B, C; D → left", 2, names).endswith("(seat 0, you)")
    assert name_sides("Efficient: keep A, B, C; D → the other player", 1, ["you", "x"]) == (
        "Efficient: keep A, B, C; D → the other player (seat 0, you)"
    )


def test_the_board_spells_out_the_observations_card_ids_from_the_catalogue() -> None:
    from craftgames import sunrise
    from craftgames.sunrise.board import render

    state = new_game("sunrise", 4, 11)
    rng = random.Random(3)
    for _ in range(120):
        state.apply_action(rng.choice(state.legal_actions()))
    cards = sunrise.cards()
    obs = state.observation(0)
    console, out = table_console()
    console.print(render(obs, private=True))
    board = out.getvalue()
    named = [p for p in obs["project_row"] if p is not None]
    named += [w["card"] for p in obs["players"] for w in p["projects"]]
    named += [c["card"] for p in obs["players"] for c in p["completed"]]
    assert named
    for project in named:
        card = cards["projects"][project]
        assert f"#{card['number']} {card['name']} ({card['type'].title()}" in board
    for challenge in obs["challenges"]:
        assert f"{cards['challenges'][challenge['card']]['name']}: first" in board
    # A seat's own drawn cards (resource card ids) by their labels, at the first step.
    obs = new_game("sunrise", 4, 11).observation(0)
    console, out = table_console()
    console.print(render(obs, private=True))
    hand = obs["players"][0]["hand"]
    assert len(hand) == 4
    labels = ", ".join(cards["resource_cards"][c]["label"] for c in hand)
    assert f"cards left in your stack): {labels}" in out.getvalue()


def test_seats_not_given_are_random_and_play_help_points_to_the_games_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["play", "sunrise", "--players", "3", "--seed", "2", "--seat", "greedy", "--quiet"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "greedy" in out and out.count("random") >= 2, out
    assert main(["play", "sunrise", "--players", "2", "--seat", "random", "--quiet"]) == 0
    capsys.readouterr()
    with pytest.raises(SystemExit):
        main(["play", "sunrise", "--players", "2", *["--seat", "random"] * 3])
    assert "at most one --seat per player: 3 --seat for 2 players" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    assert "'craftgames play GAME --help'" in " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize("game", ["sunrise", "sorcery", "nijar"])
def test_a_board_drawn_for_other_eyes_is_the_same_from_every_seats_view(game: str) -> None:
    # A spectator's board (replay without --seat, or a board shown with private=False) must
    # not depend on whose observation it is drawn from: what differs between seats' views is
    # private knowledge (a seat's hand, what it saw of another's).
    from craftgames.table.presentation import presentation

    rng = random.Random(2)
    state = new_game(game, 3, 3)
    boards: set[str] = set()
    for _ in range(6):
        for _ in range(15):
            state.apply_action(rng.choice(state.legal_actions()))
        for viewer in range(3):
            console = Console(width=120, record=True, file=io.StringIO())
            console.print(presentation(game).render(state.observation(viewer), private=False))
            boards.add(console.export_text())
        assert len(boards) == 1, game
        boards.clear()


@pytest.mark.parametrize("game", ["sunrise", "sorcery", "nijar"])
def test_every_legend_fits_an_80_column_terminal(game: str) -> None:
    # `?` prints the legend above the options; a wrapped line pushes them off the screen.
    from craftgames.table.presentation import presentation

    assert max(len(line) for line in presentation(game).legend.splitlines()) <= 80


CLEAR = "\x1b[H\x1b[2J\x1b[3J"


def test_hot_seat_clears_the_screen_and_waits_for_the_next_human_before_their_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Several humans at one terminal: each seat's hand stayed on screen and in the
    # scrollback for the next. Between two humans the screen and its scrollback are cleared
    # and the next seat presses Enter before its view is drawn; what was played since it
    # last had the screen (the public log) is shown to it then.
    console, out = terminal_console()
    table = TableGame(
        console, game="sorcery", players=2, seed=3, seats=["human", "human"], pass_terminal=True
    )
    state = new_game("sorcery", 2, seed=3)
    offers = [
        {t["name"] for t in state.observation(s)["players"][s]["thesis_offer"] if t} for s in (0, 1)
    ]
    only_0 = offers[0] - offers[1]
    assert only_0, offers
    prompts: list[str] = []
    at_prompt: list[str] = []

    def decide(t: TableGame, prompt: str) -> str:
        shown = out.getvalue()
        prompt = shown.rsplit("\n", 1)[-1].replace(CLEAR, "")  # rich prints the prompt
        prompts.append(prompt)
        at_prompt.append(shown)
        if "press Enter" in prompt:
            return ""
        return "q" if any("to seat 1" in p for p in prompts) else "1"

    code, _ = drive(monkeypatch, table, decide)
    assert code == 1
    handover = "Pass the terminal to seat {}; seat {}, press Enter: "
    assert prompts[0] == handover.format(0, 0)
    k = prompts.index(handover.format(1, 1))
    assert k >= 2 and all(p.startswith("Choose") for p in prompts[1:k])  # seat 0's setup
    assert prompts[k + 1].startswith("Choose")  # then seat 1's view and choice
    # The screen was cleared before seat 1 was asked to come, and nothing of seat 0's hidden
    # offer is on it from then on; what seat 0 did is, as the public log says it.
    before_seat_1 = at_prompt[k]
    assert CLEAR in before_seat_1
    after_clear = out.getvalue()[before_seat_1.rindex(CLEAR) :]
    assert not [name for name in only_0 if name in after_clear], after_clear
    assert "Since seat 1 last had the screen (l: the log):" in after_clear
    assert "seat 0 (human): Keep " in after_clear, after_clear


def test_a_hot_seat_move_played_for_a_seat_away_from_the_screen_costs_it_no_enter(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Two humans at one terminal; seat 0 has the screen and seat 1's next move is its only
    # option. The table handed the terminal over (Enter), said "played for you" and waited
    # for seat 1 to read it (Enter again) before handing it back: two Enters for nothing to
    # choose. It is played without a hand-over, and seat 1 is told once it next has the
    # screen (for its eyes only: never while seat 0 has it). The table code is the same for
    # every game; Sorcery's commit step with nothing to commit is such a move.
    from craftgames.table.listing import plays_alone, table_options

    console, out = terminal_console()
    table = TableGame(
        console, game="sorcery", players=2, seed=3, seats=["human", "human"], pass_terminal=True
    )
    rng = random.Random(0)
    state = table.state
    while True:
        mover = state.current_player()
        state.apply_action(rng.choice(state.legal_actions()))
        options = table_options(table.show, state, 1, table._names(1))
        if mover == 0 and state.current_player() == 1 and plays_alone(table.show, state, options):
            break
    table._at_screen = 0  # seat 0 has just moved, at the screen
    prompts: list[str] = []
    shown: list[str] = []

    def decide(t: TableGame, prompt: str) -> str:
        screen = out.getvalue()
        prompt = screen.rsplit("\n", 1)[-1].replace(CLEAR, "")
        prompts.append(prompt)
        shown.append(screen)
        if "Seat 1, played for you" in screen and prompt.startswith("Choose"):
            return "q"  # seat 1 is at its next decision
        if "press Enter" in prompt:
            return ""
        if "(y/n)" in prompt:
            return "y"
        last = re.search(r"Choose 1-(\d+)", prompt)
        return last.group(1) if last and len(prompts) < 80 else "q"

    code, _ = drive(monkeypatch, table, decide)
    assert code == 1
    assert table.records[0].seat == 1 and table.records[0].forced
    taking = prompts.index("Pass the terminal to seat 1; seat 1, press Enter: ")
    seat_1_asked = next(k for k in range(taking, len(prompts)) if prompts[k].startswith("Choose"))
    # Seat 1 pressed one Enter (taking the screen for its next decision), none for the move
    # played for it; the note was not on screen before it took the terminal, and is after.
    assert prompts[taking + 1 : seat_1_asked] == [], prompts[taking:seat_1_asked]
    assert "played for you" not in shown[taking], shown[taking]
    since_taken = shown[seat_1_asked][len(shown[taking]) :]
    assert "Seat 1, played for you (the only option" in since_taken, since_taken


def test_hot_seat_passing_is_off_when_the_output_is_not_a_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    console, out = terminal_console()  # a terminal's width, but a StringIO: not a tty
    table = TableGame(console, game="sorcery", players=2, seed=3, seats=["human", "human"])
    assert not table.pass_terminal
    answers = iter(["1", "1", "q"])
    code, _ = drive(monkeypatch, table, lambda t, p: next(answers))
    assert code == 1 and "press Enter" not in out.getvalue()
    assert CLEAR not in out.getvalue()


def test_an_option_that_wraps_goes_on_under_its_text_not_at_column_0(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "1. Keep thesis Spotless Record (7cr: complete 5 projects with no demerit token on"
    # went on at column 0 ("any)") on an 80-column terminal: it goes on under the text.
    console, out = terminal_console()
    table = TableGame(console, game="sorcery", players=2, seed=6, seats=["human", "random"])
    answers = iter(["q"])
    code, _ = drive(monkeypatch, table, lambda t, p: next(answers))
    assert code == 1
    menu = out.getvalue().split("Seat 0, your move:")[-1].splitlines()[1:-1]
    assert len(menu) == 3, menu  # one option takes two lines
    assert menu[0].startswith("    1. Keep thesis Sorcery Major")
    assert menu[1].startswith("    2. Keep thesis Spotless Record (7cr: complete 5 projects")
    assert menu[2].startswith("       ") and menu[2].strip().endswith("any)"), menu


def test_q_at_the_hot_seat_hand_over_leaves_the_game_saved(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # "press Enter" between two humans took q as Enter: a player who typed q to stop found
    # the game going on, and lost it when they closed the terminal. q leaves, saved, as at
    # every other prompt.
    console, out = terminal_console()
    save = tmp_path / "hot.json"
    table = TableGame(
        console,
        game="sorcery",
        players=2,
        seed=3,
        seats=["human", "human"],
        pass_terminal=True,
        save_path=str(save),
    )
    code, prompts = drive(monkeypatch, table, lambda t, p: "q")
    assert code == 1
    assert len(prompts) == 1, prompts  # the hand-over's, answered q
    assert out.getvalue().rstrip().endswith("seat 0, press Enter:"), out.getvalue()
    assert save.is_file()


def test_a_hand_over_recap_shows_whole_moves_and_says_what_it_left_out() -> None:
    # The recap kept the last 6 lines, so it could begin inside a move ("  · returning
    # seat 0's 1 craftswoman" without the move it followed) and said nothing of the lines
    # before. It begins at a move's first line, and says how many lines it left out.
    from craftgames.table.events import EventLog

    log = EventLog()
    log.add_move(["seat 0: A", "  · a1", "  · a2"])
    log.add_move(["seat 1: B", "  · b1", "  · b2", "  · b3"])
    log.add_move(["seat 0: C", "  · c1"])
    assert log.recap_start(0, 5) == 7  # C whole; B would be cut: left out
    assert log.recap_start(0, 6) == 3  # B and C whole
    assert log.recap_start(5, 9) == 7  # nothing before what the seat has seen
    log.add_move(["seat 1: D"] + [f"  · d{i}" for i in range(8)])
    assert log.recap_start(0, 6) == 9  # D alone is longer: D whole


def test_a_log_line_that_wraps_goes_on_under_its_text_not_at_column_0() -> None:
    console, out = terminal_console()
    table = TableGame(console, game="sorcery", players=2, seed=3, seats=["human", "random"])
    words = " ".join(f"word{i}" for i in range(30))
    table._say(f"seat 0 (human): {words}")
    table._say(f"  · {words}")
    lines = out.getvalue().splitlines()
    assert len(lines) > 4 and all(len(line) <= 80 for line in lines), lines
    move = next(i for i, line in enumerate(lines) if line.startswith("seat 0"))
    dot = next(i for i, line in enumerate(lines) if line.startswith("  · "))
    assert all(line.startswith("    ") for line in lines[move + 1 : dot]), lines
    assert all(line.startswith("    ") for line in lines[dot + 1 :]), lines
