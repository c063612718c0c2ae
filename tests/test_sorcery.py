"""Studies in Sorcery through the Python façade: options, errors, hidden information, the
campaign record and the board."""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

import pytest
from rich.console import Console

import craftgames
from craftgames import CardDataError, IllegalActionError, InvalidStateError, sorcery
from craftgames.sorcery.board import render


def _play_out(state: craftgames.State, seed: int) -> craftgames.State:
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_new_game_and_the_generic_entry_point_agree() -> None:
    a = sorcery.new_game(players=3, seed=5, staffs=True)
    b = craftgames.new_game("sorcery", 3, 5, staffs=True)
    assert a.to_json() == b.to_json()
    assert json.loads(a.to_json())["table"]["config"]["staffs"] is True


@pytest.mark.parametrize(
    ("players", "options", "word"),
    [
        (5, {}, "1 to 4"),
        (1, {"difficulty": "nightmare"}, "difficulty"),
        (2, {"mission": 3}, "mission"),
        (2, {"missions": [1, 2, 3]}, "missions"),
        (3, {"colour": "red"}, "colour"),
        (1, {"solo": "mission"}, "mission"),
    ],
)
def test_bad_options_raise_value_error_naming_the_option(
    players: int, options: dict[str, object], word: str
) -> None:
    with pytest.raises(ValueError, match=word):
        craftgames.new_game("sorcery", players, 1, **options)


def test_every_mode_plays_to_the_end_and_explains_its_score() -> None:
    modes: list[tuple[int, dict[str, object]]] = [
        (1, {"solo": "robot", "difficulty": "extra-hard"}),
        (1, {"solo": "no-robot"}),
        (1, {"solo": "mission", "mission": 2, "hard": True}),
        (2, {"theses": "no-seven"}),
        (4, {"staffs": True, "missions": [1, 2, 3, 4]}),
    ]
    for players, options in modes:
        state = _play_out(craftgames.new_game("sorcery", players, 3, **options), 3)
        for seat in range(players):
            breakdown = state.explain_score(seat)
            assert breakdown.total == state.scores()[seat]
            assert sum(line.points for line in breakdown.lines) == breakdown.total
        categories = [line.category for line in state.explain_score(0).lines]
        assert categories[:3] == ["Thesis", "Completed projects", "Physical Education"]


def test_illegal_actions_and_bad_documents_raise_and_change_nothing() -> None:
    state = sorcery.new_game(players=2, seed=9)
    before = state.to_json()
    illegal = next(a for a in range(state.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(IllegalActionError):
        state.apply_action(illegal)
    assert state.to_json() == before
    doc = json.loads(before)
    doc["table"]["players"][0]["hand"].append(0)  # a card in two places
    with pytest.raises(InvalidStateError):
        craftgames.State.from_json(json.dumps(doc))
    with pytest.raises(InvalidStateError):
        craftgames.State.from_json('{"game": "sorcery", "version": 1}')
    assert craftgames.State.from_json(before).to_json() == before


def test_a_bad_card_file_names_the_card_and_field(tmp_path: Path) -> None:
    from craftgames import _core  # noqa: F401  (the default file ships in the core)

    text = Path(__file__).resolve().parents[1].joinpath("rust/core/data/sorcery.toml").read_text()
    broken = text.replace('icons = ["candle", "hand"]', 'icons = ["candle", "worm"]', 1)
    with pytest.raises(CardDataError, match=r"Spectral Sight.*worm"):
        sorcery.new_game(players=2, seed=1, cards=broken)
    path = tmp_path / "cards.toml"
    path.write_text(text)
    assert sorcery.new_game(players=2, seed=1, cards=path).legal_actions()


def test_the_others_hands_and_theses_are_not_in_an_observation() -> None:
    state = sorcery.new_game(players=2, seed=4)
    obs = state.observation(1)
    me, other = obs["players"][1], obs["players"][0]
    assert me["thesis_offer"] is not None and other["thesis_offer"] is None
    assert other["hand"] is None and other["score"] is None
    assert me["hand"] is not None


def _keys_sorted_everywhere(value: object) -> bool:
    if isinstance(value, dict):
        return list(value) == sorted(value) and all(map(_keys_sorted_everywhere, value.values()))
    if isinstance(value, list):
        return all(map(_keys_sorted_everywhere, value))
    return True


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (1, {"solo": "robot", "staffs": True}),
        (1, {"solo": "mission", "mission": 4}),
        (2, {}),
        (4, {"staffs": True, "missions": [1, 3, 5, 10]}),
    ],
)
def test_every_observation_is_plain_data_with_sorted_keys(
    players: int, options: dict[str, object]
) -> None:
    # Built straight from the typed view: only dicts, lists, str, int, bool and None (a tuple
    # would not survive the JSON round trip), keys in the order the JSON document has them.
    state = craftgames.new_game("sorcery", players, 6, **options)
    rng = random.Random(players)
    while True:
        for seat in range(players):
            obs = state.observation(seat)
            assert json.loads(json.dumps(obs)) == obs
            assert _keys_sorted_everywhere(obs)
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    assert obs["step"] == "game_over"


def test_observations_share_card_faces() -> None:
    state = sorcery.new_game(players=4, seed=2)
    rng = random.Random(2)
    for _ in range(100):
        state.apply_action(rng.choice(state.legal_actions()))
    a, b = state.observation(0), state.observation(1)
    market = [(x, y) for x, y in zip(a["market"], b["market"], strict=True) if x is not None]
    assert market and all(x is y for x, y in market)
    assert all(x is y for x, y in zip(a["discard"], b["discard"], strict=True))


def test_observation_is_its_json_document() -> None:
    # The dict comes straight from the typed view (faces shared), the JSON from the same view
    # through serde_json: equal for every seat at every step of a random game.
    for players, options in ((4, {"staffs": True}), (1, {"solo": "robot"})):
        state = sorcery.new_game(players=players, seed=5, **options)
        rng = random.Random(5)
        while not state.is_terminal():
            for seat in range(players):
                assert state.observation(seat) == json.loads(state.observation_json(seat))
            state.apply_action(rng.choice(state.legal_actions()))


def test_random_playouts_returns_scores_per_game() -> None:
    scores = sorcery.random_playouts(6, 0, players=4, staffs=True)
    assert scores.shape == (6, 4)
    solo = sorcery.random_playouts(3, 0, players=1, solo="no-robot")
    assert solo.shape == (3, 1)


def test_campaign_record_advances_players_who_met_their_mission(tmp_path: Path) -> None:
    campaign = sorcery.new_campaign(2)
    options = sorcery.campaign_options(campaign)
    assert options == {"missions": [1, 1]}
    state = _play_out(craftgames.new_game("sorcery", 2, 11, **options), 11)
    after = sorcery.record_game(campaign, state, seed=11)
    met = after["games"][0]["met"]
    assert after["missions"] == [2 if m else 1 for m in met]
    path = tmp_path / "campaign.json"
    sorcery.save_campaign(after, path)
    assert sorcery.load_campaign(path) == after
    path.write_text('{"game": "sorcery", "version": 1, "missions": [0], "games": []}')
    with pytest.raises(ValueError, match="missions"):
        sorcery.load_campaign(path)
    with pytest.raises(ValueError, match="not over"):
        sorcery.record_game(after, craftgames.new_game("sorcery", 2, 1, missions=[1, 1]), seed=1)


def test_cli_flags_become_options(tmp_path: Path) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=2)
    sorcery.add_cli_arguments(parser)
    args = parser.parse_args(
        ["--players", "1", "--solo", "robot", "--difficulty", "hard", "--staffs"]
    )
    assert sorcery.options_from_cli(args) == {"staffs": True, "solo": "robot", "difficulty": "hard"}
    args = parser.parse_args(["--missions", "1,4"])
    assert sorcery.options_from_cli(args) == {"missions": [1, 4]}
    args = parser.parse_args(["--players", "2", "--campaign", str(tmp_path / "new.json")])
    assert sorcery.options_from_cli(args) == {"missions": [1, 1]}


def test_the_board_draws_from_the_observation_only() -> None:
    state = _play_out(sorcery.new_game(players=1, seed=2), 2)
    console = Console(record=True, width=120)
    console.print(render(state.observation(0), private=True))
    text = console.export_text()
    assert "Market" in text and "Robot" in text
    live = sorcery.new_game(players=3, seed=2, staffs=True)
    console.print(render(live.observation(1), private=False, compact=True))


def test_the_running_scores_show_a_hidden_total_as_unknown_not_none() -> None:
    from craftgames.table.scores import running_scores

    state = sorcery.new_game(players=2, seed=2)
    console = Console(record=True, width=120)
    console.print(running_scores(state, ["me", "other"], viewer=0))
    total = [line for line in console.export_text().splitlines() if "Total" in line]
    assert len(total) == 1 and "None" not in total[0]
    assert total[0].split()[-1] == "?", total[0]


def test_the_board_names_the_decision_in_words_not_the_engine_stage() -> None:
    state = sorcery.new_game(players=2, seed=2)
    console = Console(record=True, width=120)
    console.print(render(state.observation(0), private=True))
    text = console.export_text()
    assert "To decide: keep one of your two theses" in text
    assert "PickThesis" not in text and "price $" not in text


def test_play_with_a_campaign_records_each_game_and_plays_the_next(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from craftgames.cli import main

    path = tmp_path / "campaign.json"
    argv = ["play", "sorcery", "--players", "2", "--campaign", str(path), "--quiet"]
    assert main([*argv, "--seed", "3"]) == 0
    first = sorcery.load_campaign(path)
    assert [g["seed"] for g in first["games"]] == [3]
    assert "Campaign saved to" in capsys.readouterr().out
    assert main([*argv, "--seed", "4"]) == 0
    second = sorcery.load_campaign(path)
    # The second game was played on the missions the first game left each player on.
    assert second["games"][1]["missions"] == first["missions"]
    assert [g["seed"] for g in second["games"]] == [3, 4]


class _FinishedMissionGame:
    """The parts of a finished Mission Mode game `record_game` reads: each seat's mission and
    whether it was met (the engine's checks of the ten missions have their own Rust tests)."""

    def __init__(self, missions: list[int], met: list[bool]) -> None:
        self._seats = [
            {"mission": m, "mission_met": ok} for m, ok in zip(missions, met, strict=True)
        ]

    def is_terminal(self) -> bool:
        return True

    def num_players(self) -> int:
        return len(self._seats)

    def observation(self, viewer: int) -> dict[str, object]:
        return {"players": self._seats}

    def scores(self) -> list[int]:
        return [25] * len(self._seats)


def test_campaign_advances_exactly_the_players_who_met_their_mission() -> None:
    # "any player who completed the mission moves on to the next mission and any player that
    # did not complete their mission stays on that mission"
    campaign = sorcery.new_campaign(3)
    campaign["missions"] = [4, 10, 11]
    game = _FinishedMissionGame([4, 10, 10], [True, True, False])
    after = sorcery.record_game(campaign, game, seed=5)  # type: ignore[arg-type]
    assert after["missions"] == [5, 11, 11]
    assert after["games"][-1]["met"] == [True, True, False]
    stays = sorcery.record_game(
        campaign,
        _FinishedMissionGame([4, 10, 10], [False, False, True]),  # type: ignore[arg-type]
        seed=6,
    )
    assert stays["missions"] == [4, 10, 11]
    # A game played on other missions is not this campaign's next game.
    with pytest.raises(ValueError, match="missions"):
        sorcery.record_game(
            campaign,
            _FinishedMissionGame([1, 10, 10], [True, True, True]),  # type: ignore[arg-type]
            seed=7,
        )
