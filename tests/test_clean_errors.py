"""Bad input gets one clear line naming the problem, never a traceback (issue 22, point 4):
bad command lines, campaign records, replays and card files; the card-file rule; searching a
state another thread plays on; Ctrl-C in long Rust calls."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import craftgames
import craftgames.cards
from conftest import play_to_end
from craftgames import CardDataError, mcts, sorcery
from craftgames.cli import main
from craftgames.replay import Replay, ReplayError

HUGE = "99999999999999999999999"
TOO_MANY_ITERATIONS = "'mcts:N' takes a positive number of iterations (at most 2**64 - 1)"


def _one_error_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """Runs the CLI, which must exit 2 with its error in one line; returns that line."""
    try:
        code = main(argv)
    except SystemExit as e:  # argparse's own errors
        code = e.code  # type: ignore[assignment]
    err = capsys.readouterr().err
    assert code == 2, err
    assert "Traceback" not in err
    errors = [line for line in err.splitlines() if line.startswith("craftgames: error:")]
    assert len(errors) == 1, err
    return errors[0]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "sunrise", "--players", HUGE], f"at most 4 players, not {HUGE}"),
        (["play", "sunrise", "--players", "-1"], "--players must be at least 1, not -1"),
        (["play", "sunrise", "--players", "0"], "--players must be at least 1, not 0"),
        (
            ["play", "sunrise", "--seat", "random", "--seat", f"mcts:{HUGE}"],
            f"{TOO_MANY_ITERATIONS}, got 'mcts:{HUGE}'",
        ),
        (
            ["arena", "sunrise", "--seat", "random", "--seat", f"mcts:{HUGE}", "--games", "1"],
            TOO_MANY_ITERATIONS,
        ),
        (
            ["arena", "sunrise", "--players", "-1", "--seat", "random"],
            "--players must be at least 1, not -1",
        ),
        (
            ["play", "sunrise", "--seat", "random", "--seat", "mcts:5:threads=100000"],
            "MCTS threads must be between 1 and 256, not 100000",
        ),
    ],
)
def test_bad_command_lines_are_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert message in _one_error_line(capsys, [*argv, "--quiet"] if argv[0] == "play" else argv)


def test_a_saved_game_s_bad_seat_is_one_line_on_resume(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "g.json"
    Replay("sunrise", 2, 4, [], seats=["random", f"mcts:{HUGE}"]).save(saved)
    line = _one_error_line(capsys, ["play", "--resume", str(saved)])
    assert (
        f"'mcts:N' takes a positive number of iterations (at most 2**64 - 1), got 'mcts:{HUGE}'"
        in line
    )


def test_a_binary_card_file_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    binary = tmp_path / "cards.bin"
    binary.write_bytes(b"\x7fELF\x02\x01\x01\x00\xd0\xff")
    for argv in (
        ["play", "sunrise", "--seat", "random", "--seat", "random", "--quiet"],
        ["arena", "sunrise", "--seat", "random", "--seat", "random", "--games", "1"],
    ):
        line = _one_error_line(capsys, [*argv, "--cards", str(binary)])
        assert f"{binary}: not a card file (not UTF-8 text: byte 8 is 0xd0)" in line
    with pytest.raises(CardDataError, match=r"cards\.bin: not a card file"):
        craftgames.new_game("sunrise", 2, cards=binary)


def test_cards_on_the_command_line_is_always_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Not a file: said as a missing file, not parsed as card data.
    argv = ["play", "sunrise", "--seat", "random", "--seat", "random", "--quiet"]
    line = _one_error_line(capsys, [*argv, "--cards", "set=1.toml"])
    assert "No such file or directory: 'set=1.toml'" in line


def test_a_replay_of_another_version_is_refused() -> None:
    doc = {"version": 999, "game": "sunrise", "players": 2, "seed": 1, "actions": []}
    with pytest.raises(
        ReplayError, match="the replay's version is 999; this craftgames reads version 1"
    ):
        Replay.from_json(json.dumps(doc))
    doc["version"] = 1
    assert Replay.from_json(json.dumps(doc)).players == 2
    del doc["version"]
    assert Replay.from_json(json.dumps(doc)).players == 2  # files before versions were 1


def _record(tmp_path: Path, **fields: object) -> Path:
    path = tmp_path / "campaign.json"
    doc = {"game": "sorcery", "version": 1, "missions": [1, 2], "games": [], **fields}
    path.write_text(json.dumps(doc))
    return path


GOOD_GAME = {"seed": 3, "missions": [1, 2], "scores": [30, 41], "met": [True, False]}


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"games": [1, 2]}, "game 1 of the record is not an object with seed"),
        ({"missions": [True, 2]}, "missions must list 1 to 4 mission numbers"),
        ({"games": [GOOD_GAME, {**GOOD_GAME, "seed": "x"}]}, "game 2 of the record has no"),
        ({"games": [{**GOOD_GAME, "met": [1, 0]}]}, "must list true/false per player under 'met'"),
        ({"games": [{**GOOD_GAME, "missions": [True, 2]}]}, "an integer per player under 'miss"),
        ({"games": [{**GOOD_GAME, "scores": [1]}]}, "an integer per player under 'scores'"),
    ],
)
def test_a_malformed_campaign_record_is_refused(
    tmp_path: Path, fields: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        sorcery.load_campaign(_record(tmp_path, **fields))


def test_a_well_formed_campaign_record_loads(tmp_path: Path) -> None:
    assert sorcery.load_campaign(_record(tmp_path, games=[GOOD_GAME]))["games"] == [GOOD_GAME]


def test_a_campaign_record_that_is_not_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "campaign.json"
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(ValueError, match="not a campaign record"):
        sorcery.load_campaign(path)


def test_a_campaign_records_only_sorcery_games() -> None:
    nijar = play_to_end(craftgames.new_game("nijar", 2, 1), seed=1)
    with pytest.raises(ValueError, match="a campaign records games of sorcery, not of nijar"):
        sorcery.record_game(sorcery.new_campaign(2), nijar, seed=1)


# --- cards=: a file or the text, by an explicit rule ------------------------------------

SUNRISE_CARDS = Path(__file__).parents[1] / "rust/core/data/sunrise.toml"


def _table(cards: craftgames.cards.CardsArg) -> object:
    """The deal of a fixed game with `cards` (the state document less its card text)."""
    return json.loads(craftgames.new_game("sunrise", 2, 5, cards=cards).to_json())["table"]


def test_a_path_or_an_existing_file_name_is_a_file_whatever_its_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = SUNRISE_CARDS.read_text(encoding="utf-8")
    odd = tmp_path / "set=1.toml"  # an "=" once made this TOML text
    odd.write_text(text, encoding="utf-8")
    default = _table(None)
    assert _table(odd) == default
    assert _table(str(odd)) == default
    monkeypatch.chdir(tmp_path)
    assert _table("set=1.toml") == default
    with pytest.raises(FileNotFoundError):
        craftgames.new_game("sunrise", 2, 5, cards=tmp_path / "missing.toml")


def test_other_strings_are_the_card_text() -> None:
    text = SUNRISE_CARDS.read_text(encoding="utf-8")
    assert _table(text) == _table(None)
    # One long line of TOML is text, not a file name too long to open.
    with pytest.raises(CardDataError) as long_line:
        craftgames.new_game("sunrise", 2, 5, cards="x = " + "1" * 100_000)
    assert "File name too long" not in str(long_line.value)
    # A name that is no file, and cannot be card data (no "key = value"), says so.
    with pytest.raises(CardDataError, match=r"there is no card file named 'mycards\.toml'"):
        craftgames.new_game("sunrise", 2, 5, cards="mycards.toml")


def test_a_card_data_error_quotes_a_bounded_excerpt() -> None:
    nested = "a = " + "{b = " * 100_000 + "1" + "}" * 100_000  # 500,005 characters, one line
    with pytest.raises(CardDataError) as error:
        craftgames.new_game("sunrise", 2, 5, cards=nested)
    message = str(error.value)
    assert len(message) < 4000
    assert max(len(line) for line in message.splitlines()) <= 240 + len(
        "… (500000 more characters)"
    )


# --- search and the state it searches -----------------------------------------------------


def test_a_state_can_be_played_on_while_another_thread_searches_it() -> None:
    # The contract: a search works on a snapshot of the state taken when it starts, so the
    # state stays usable (no "Already borrowed"), and the answer is the snapshot's.
    state = craftgames.new_game("sunrise", 2, 9)
    before = state.clone()
    found: list[mcts.SearchResult] = []
    searching = threading.Event()

    def search() -> None:
        searching.set()
        found.append(mcts.search(state, iterations=3000, seed=4))

    thread = threading.Thread(target=search)
    thread.start()
    searching.wait()
    played = 0
    while thread.is_alive() and not state.is_terminal():
        # Before the snapshot, this raised "RuntimeError: Already borrowed".
        state.apply_action(state.legal_actions()[0])
        played += 1
    thread.join()
    assert played >= 1
    assert found == [mcts.search(before, iterations=3000, seed=4)]


def test_huge_search_budgets_are_value_errors_not_overflows(fresh: craftgames.State) -> None:
    with pytest.raises(ValueError, match="iterations must be an int from 0 to 2"):
        mcts.search(fresh, iterations=10**30)
    with pytest.raises(ValueError, match="threads must be an int from 0 to 2"):
        mcts.search(fresh, iterations=10, threads=10**30)
    # A time budget too far away for the clock is no deadline: the iterations decide.
    assert mcts.search(fresh, iterations=10, time_ms=2**64 - 1).iterations == 10


# --- Ctrl-C in long Rust calls ----------------------------------------------------------

LONG_CALLS = {
    "random_playouts": "craftgames.random_playouts('sunrise', 10**7, players=2)",
    "mcts.search": "mcts.search(craftgames.new_game('sunrise', 2, 1), iterations=10**8)",
    # The built-in guide's search, which calls no Python between simulations.
    "guided.search": "guided.search(craftgames.new_game('sunrise', 2, 1), simulations=10**8)",
}


def _cpu_seconds(pid: int) -> float:
    """CPU time the process `pid` has used, over all its threads (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
@pytest.mark.parametrize("call", LONG_CALLS)
def test_ctrl_c_stops_a_long_rust_call(call: str) -> None:
    code = (
        "import sys, craftgames\n"
        "from craftgames import guided, mcts\n"
        "print('started', flush=True)\n"
        "try:\n"
        f"    {LONG_CALLS[call]}\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
        "    sys.exit(0)\n"
        "print('ran to the end', flush=True)\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == "started\n"
        # The event that the call is running: the child burns CPU, which only the Rust call
        # does after "started" (the import was before it).
        start = _cpu_seconds(child.pid)
        while _cpu_seconds(child.pid) < start + 0.5:
            time.sleep(0.01)  # polling the event, not waiting for time to pass
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
    finally:
        child.kill()  # only if the test failed before it ended
        child.wait()
    assert (child.returncode, out) == (0, "interrupted\n"), err
