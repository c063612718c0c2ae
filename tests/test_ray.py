"""The arena on Ray: the same results as the local backend, on a local Ray with 2 CPUs."""

from __future__ import annotations

import json
import pickle
from collections.abc import Iterator
from pathlib import Path

import pytest

import craftgames
from craftgames.arena import run
from craftgames.bots import make_bot
from craftgames.cli import main

ray = pytest.importorskip("ray")

SPECS = ["random", "greedy"]


def test_without_a_running_ray_the_arena_starts_and_stops_its_own() -> None:
    assert not ray.is_initialized()
    local = run("sunrise", SPECS, games=4, seed=6)
    assert run("sunrise", SPECS, games=4, seed=6, jobs=2, backend="ray") == local
    assert not ray.is_initialized()


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """A local Ray with 2 CPUs for the module (the arena uses the Ray it finds running)."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.mark.parametrize("game", craftgames.GAMES)
def test_ray_gives_the_local_backends_results(local_ray: None, game: str) -> None:
    local = run(game, SPECS, games=9, seed=4, jobs=1)
    seen: list[int] = []
    on_ray = run(
        game, SPECS, games=9, seed=4, backend="ray", on_result=lambda r: seen.append(r.index)
    )
    assert on_ray == local
    assert sorted(seen) == list(range(9))


def test_the_cli_on_ray_prints_the_same_table_and_json_lines(
    local_ray: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [
        "arena",
        "sunrise",
        "--seat",
        "random",
        "--seat",
        "greedy",
        "--games",
        "5",
        "--seed",
        "8",
    ]
    assert main([*argv, "--out", str(tmp_path / "local.jsonl")]) == 0
    local_table = capsys.readouterr().out
    assert main([*argv, "--backend", "ray", "--out", str(tmp_path / "ray.jsonl")]) == 0
    assert capsys.readouterr().out == local_table
    # Each line is written as its game finishes, so the order may differ; the lines do not.
    lines = sorted((tmp_path / "ray.jsonl").read_text().splitlines(), key=_game_index)
    assert lines == sorted((tmp_path / "local.jsonl").read_text().splitlines(), key=_game_index)
    assert [json.loads(line)["game"] for line in lines] == list(range(5))


def _game_index(line: str) -> int:
    return int(json.loads(line)["game"])


def test_what_crosses_process_boundaries_pickles() -> None:
    state = craftgames.new_game("sunrise", 3, seed=2)
    state.apply_action(state.legal_actions()[0])
    assert pickle.loads(pickle.dumps(state)).to_json() == state.to_json()
    for spec in ["random", "greedy", "mcts:20"]:
        bot = make_bot(spec, 0, 5)
        twin = pickle.loads(pickle.dumps(bot))
        assert twin.step(state) == bot.step(state)  # same seeded stream, same choice
    result = run("sunrise", SPECS, games=1, seed=0)[0]
    assert pickle.loads(pickle.dumps(result)) == result


def test_bad_backend_arguments_raise_before_any_game(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match="unknown backend"):
        run("sunrise", SPECS, games=1, seed=0, backend="spark")  # type: ignore[arg-type]
    with pytest.raises(SystemExit):
        main(["arena", "sunrise", "--seat", "random", "--address", "auto"])
    assert "--backend ray" in capsys.readouterr().err
