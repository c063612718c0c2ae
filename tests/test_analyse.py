"""Move analysis (``craftgames analyse``): every decision judged, nothing peeked at."""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import pytest

from conftest import play_random
from craftgames import State, mcts, sunrise
from craftgames.replay import Replay
from craftgames.table import analyse
from craftgames.table.analyse import analyse_replay, hints, mark

SEED = 4


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="craftgames")
    analyse.add_parser(parser.add_subparsers())
    return parser.parse_args(["analyse", *argv])


def random_game(seed: int) -> list[int]:
    state, rng, actions = sunrise.new_game(players=2, seed=seed), random.Random(seed), []
    while not state.is_terminal():
        actions.append(rng.choice(state.legal_actions()))
        state.apply_action(actions[-1])
    return actions


def decisions_of(seat: int, actions: list[int], seed: int) -> list[int]:
    """Plies (1-based) at which `seat` chose among several actions (the oracle)."""
    state, out = sunrise.new_game(players=2, seed=seed), []
    for ply, a in enumerate(actions, 1):
        if state.current_player() == seat and len(state.legal_actions()) > 1:
            out.append(ply)
        state.apply_action(a)
    return out


def test_run_reports_every_decision_of_the_seat_and_a_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    actions = random_game(SEED)
    path = tmp_path / "game.json"
    Replay("sunrise", 2, SEED, actions).save(path)
    assert (
        analyse.run(parse(str(path), "--seat", "1", "--iterations", "60", "--reward", "win")) == 0
    )
    out = capsys.readouterr().out
    plies = decisions_of(1, actions, SEED)
    played_lines = [line for line in out.splitlines() if line.startswith("#")]
    assert [int(line.split()[0][1:]) for line in played_lines] == plies
    assert f"Summary for seat 1: {len(plies)} decisions analysed." in out
    assert "largest drops:" in out  # random play gives some moves away


def test_drops_compare_the_played_move_with_the_search_choice() -> None:
    start = sunrise.new_game(players=2, seed=SEED)
    actions = random_game(SEED)
    decisions = analyse_replay(start, actions, seat=0, iterations=80, seed=2)
    assert decisions
    for d in decisions:
        assert d.drop >= 0
        if d.played == d.preferred:
            assert d.drop == 0
        else:
            assert d.drop == pytest.approx(max(0.0, d.preferred_value - d.played_value))
        assert d.played_visits >= 1  # every move played has a value
    assert any(d.drop > 0 for d in decisions)


def test_a_game_played_as_the_search_prefers_has_no_drop() -> None:
    # Seat 0 plays exactly what the analysis's own search picks; seat 1 plays at random.
    seed, iterations = 6, 60
    state, rng, actions = sunrise.new_game(players=2, seed=seed), random.Random(1), []
    while not state.is_terminal():
        legal = state.legal_actions()
        ply = len(actions) + 1
        if state.current_player() == 0 and len(legal) > 1:
            view = state.resample_hidden(0, 0 * 1_000_003 + ply)
            a = mcts.search(view, iterations=max(iterations, 2 * len(legal)), seed=ply).action
        else:
            a = rng.choice(legal)
        actions.append(a)
        state.apply_action(a)
    decisions = analyse_replay(sunrise.new_game(players=2, seed=seed), actions, 0, iterations)
    assert decisions and all(d.played == d.preferred and d.drop == 0 for d in decisions)


def test_analysis_uses_only_the_seat_information(midgame: State) -> None:
    seat = midgame.current_player()
    move = midgame.legal_actions()[-1]
    # A game that differs only in what `seat` cannot see is analysed the same.
    for other_seed in range(3):
        other = midgame.resample_hidden(seat, 50 + other_seed)
        assert other.information_state_string(seat) == midgame.information_state_string(seat)
        a = analyse_replay(midgame, [move], seat, iterations=100)
        b = analyse_replay(other, [move], seat, iterations=100)
        assert a == b and len(a) == 1


def test_bad_file_seat_or_budget_is_reported_with_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    Replay("sunrise", 2, SEED, random_game(SEED)[:30]).save(path)
    assert analyse.run(parse(str(tmp_path / "missing.json"))) == 2
    assert analyse.run(parse(str(path), "--seat", "2")) == 2
    assert "not seat 2" in capsys.readouterr().err
    assert analyse.run(parse(str(path), "--seed", "-5", "--iterations", "20")) == 0
    capsys.readouterr()
    assert analyse.run(parse(str(path), "--iterations", "0")) == 2
    assert "--iterations" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    Replay("sunrise", 2, SEED, [10**6]).save(bad)
    assert analyse.run(parse(str(bad))) == 2
    assert "illegal" in capsys.readouterr().err


def test_marks_grade_the_drop() -> None:
    assert [mark(x) for x in (0.0, 0.03, 0.07, 0.15, 0.5)] == ["", "?!", "?", "??", "??"]


def test_hints_are_the_most_visited_moves_from_the_seat_view() -> None:
    state = play_random(sunrise.new_game(players=3, seed=2), 40, seed=2)
    top = hints(state, count=3, iterations=300, seed=1)
    assert len(top) == min(3, len(state.legal_actions()))
    assert all(h.action in state.legal_actions() for h in top)
    shares = [h.visit_share for h in top]
    assert shares == sorted(shares, reverse=True) and 0 < sum(shares) <= 1
    other = state.resample_hidden(state.current_player(), 77)
    assert hints(other, count=3, iterations=300, seed=1) == top
    finished = play_random(sunrise.new_game(players=2, seed=1), 10_000, seed=1)
    with pytest.raises(ValueError, match="over"):
        hints(finished)


def test_run_prints_its_first_line_before_the_first_search_and_reports_progress(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    actions = random_game(SEED)
    path = tmp_path / "game.json"
    Replay("sunrise", 2, SEED, actions).save(path)
    searched_before_header: list[bool] = []
    real_search = mcts.search

    def search(*args: object, **kwargs: object) -> mcts.SearchResult:
        if not searched_before_header:
            searched_before_header.append("sunrise, 2 players" not in capsys.readouterr().out)
        return real_search(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(analyse.mcts, "search", search)
    assert analyse.run(parse(str(path), "--iterations", "20")) == 0
    assert searched_before_header == [False]
    calls: list[tuple[int, int]] = []
    start = sunrise.new_game(players=2, seed=SEED)
    analyse_replay(start, actions[:30], 0, 20, progress=lambda done, n: calls.append((done, n)))
    assert calls == [(done, 30) for done in range(31)]
