"""Níjar through the Python façade: games play to the end, options and bad input raise
clear exceptions, the board renders from an observation."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import numpy as np
import pytest
from rich.console import Console

import craftgames
from craftgames import nijar
from craftgames.nijar.board import LEGEND, render, rule_section
from craftgames.nijar.marks import _ACT_NAMES


def test_random_game_plays_to_the_end_and_round_trips() -> None:
    state = nijar.new_game(players=3, seed=11)
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[(steps * 7) % len(legal)])
        steps += 1
    scores = state.scores()
    assert len(scores) == 3
    assert [state.explain_score(s).total for s in range(3)] == scores
    again = craftgames.State.from_json(state.to_json())
    assert again.to_json() == state.to_json()


def test_generic_entry_point_and_playouts() -> None:
    state = craftgames.new_game("nijar", 2, seed=5, first_game_layout=True)
    assert state.observation(0)["layout"][8] == "first_player"
    scores = nijar.random_playouts(4, seed=1, players=4)
    assert scores.shape == (4, 4)


def test_bad_options_raise_value_error_naming_them() -> None:
    with pytest.raises(ValueError, match="colour"):
        craftgames.new_game("nijar", 3, colour="red")
    with pytest.raises(ValueError, match="solo"):
        nijar.new_game(players=3, difficulty="expert")
    with pytest.raises(ValueError, match="difficulty"):
        craftgames.new_game("nijar", 1, difficulty="impossible")
    with pytest.raises(ValueError, match="1 \\(solo\\) to 4"):
        nijar.new_game(players=5)


def test_bad_card_file_names_card_field_and_line() -> None:
    from pathlib import Path

    text = (Path(__file__).parent.parent / "rust/core/data/nijar.toml").read_text(encoding="utf-8")
    broken = text.replace(
        'name = "Torno Alto"\ncost = ["pg:2"]', 'name = "Torno Alto"\ncost = ["gold:2"]', 1
    )
    assert broken != text
    with pytest.raises(craftgames.CardDataError, match=r"Torno Alto.*line \d+.*cost.*gold"):
        nijar.new_game(players=2, cards=broken)
    with pytest.raises(craftgames.CardDataError, match="wheel"):
        nijar.new_game(players=2, cards=text.replace("[[wheel]]", "[[whee]]", 1))


def test_bad_json_and_illegal_action_change_nothing() -> None:
    state = nijar.new_game(players=2, seed=1)
    doc = json.loads(state.to_json())
    doc["table"]["supply"]["pg"] += 1
    with pytest.raises(craftgames.InvalidStateError, match="Perra Gorda"):
        craftgames.State.from_json(json.dumps(doc))
    with pytest.raises(craftgames.InvalidStateError):
        craftgames.State.from_json("{}")
    before = state.to_json()
    illegal = next(a for a in range(state.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(craftgames.IllegalActionError):
        state.apply_action(illegal)
    assert state.to_json() == before


def test_hands_are_hidden_from_other_seats() -> None:
    state = nijar.new_game(players=3, seed=2)
    obs = state.observation(0)
    mine = obs["players_view"][0]
    other = obs["players_view"][1]
    assert len(mine["hand"]) == 6
    assert other["hand"] is None
    assert other["known_hand"] == []


def test_observation_tensor_has_one_size_for_every_configuration() -> None:
    states = [nijar.new_game(players=n, seed=1) for n in range(1, 5)]
    states.append(nijar.new_game(players=1, seed=1, difficulty="expert", first_game_layout=True))
    assert {s.observation_tensor_size() for s in states} == {4118}
    for state in states:
        tensor = state.observation_tensor(0)
        assert tensor.shape == (4118,) and tensor.dtype == np.float32
        assert np.isfinite(tensor).all() and tensor.any()


def test_board_renders_from_an_observation() -> None:
    state = nijar.new_game(players=4, seed=3)
    for a in state.legal_actions()[:1]:
        state.apply_action(a)
    console = Console(width=160, record=True)
    console.print(render(state.observation(1), private=True))
    out = console.export_text()
    assert "Main board" in out and "Market" in out and "Your hand" in out
    console.print(render(state.observation(1), private=False, compact=True))
    assert rule_section(state.observation(1)).startswith("Níjar rulebook, 4.3")
    assert "Draft area" in LEGEND


def test_solo_game_against_the_competition() -> None:
    state = nijar.new_game(players=1, seed=4, difficulty="expert")
    assert state.num_players() == 1
    competition = state.observation(0)["competition"]
    assert competition["difficulty"] == "expert"
    assert competition["craftswomen"] == 7
    steps = 0
    while not state.is_terminal():
        assert state.current_player() == 0
        legal = state.legal_actions()
        state.apply_action(legal[(steps * 5) % len(legal)])
        steps += 1
    assert len(state.scores()) == 1
    last = state.explain_score(0).lines[-1]
    assert last.category.startswith("Competition") and last.points == 0
    assert "wins by" in last.detail or "win by" in last.detail


def test_the_board_shows_a_pending_endgame_card_to_its_owner_alone() -> None:
    # 10.2: the choice stays face-down and private until every seat has chosen.
    state = nijar.new_game(players=2, seed=3)
    rng = random.Random(1)
    plays: list[int] = []
    while not plays:
        assert not state.is_terminal(), "no end of round offered an endgame card"
        legal = state.legal_actions()
        plays = [a for a in legal if "face-down" in state.action_to_string(a)]
        if not plays:
            state.apply_action(rng.choice(legal))
    chooser = state.current_player()
    name = state.action_to_string(plays[0]).removeprefix("Play endgame card ").split(" face")[0]
    state.apply_action(plays[0])
    assert not state.is_terminal() and state.current_player() != chooser

    def board(seat: int) -> str:
        console = Console(width=200, record=True)
        console.print(render(state.observation(seat), private=True))
        return console.export_text()

    assert f"Your endgame card this round (face-down): {name}" in board(chooser)
    assert "endgame card this round" not in board(1 - chooser)


def test_solo_board_shows_the_competition() -> None:
    state = nijar.new_game(players=1, seed=9)
    while state.observation(0)["phase"]["phase"] != "turns":
        state.apply_action(state.legal_actions()[0])
    console = Console(width=160, record=True)
    console.print(render(state.observation(0), private=True))
    out = console.export_text()
    assert "The Competition (normal)" in out and "(donkey: the Competition)" in out


def _keys_in_order(value: object, path: str = "") -> list[str]:
    """The paths of every dict in `value` whose keys are not in sorted order."""
    if isinstance(value, dict):
        bad = [path or "/"] if list(value) != sorted(value) else []
        for key, item in value.items():
            bad += _keys_in_order(item, f"{path}/{key}")
        return bad
    if isinstance(value, list):
        return [p for i, item in enumerate(value) for p in _keys_in_order(item, f"{path}/{i}")]
    return []


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (1, {}),
        (1, {"difficulty": "expert"}),
        (2, {"first_game_layout": True}),
        (3, {}),
        (4, {}),
    ],
)
def test_observation_is_its_json_document_with_sorted_keys(
    players: int, options: dict[str, object]
) -> None:
    # The dict is built straight from the typed view, the JSON from the same view through
    # serde_json (whose maps are sorted): the two agree, key for key and in order, for every
    # seat at every step of a random game, but for the dict's card catalogue ("cards", the
    # one shared dict of the card set), which the JSON document leaves out.
    state = craftgames.new_game("nijar", players, seed=players, **options)
    rng = random.Random(players)
    steps = 0
    while True:
        for seat in range(players):
            obs = state.observation(seat)
            assert obs["cards"] is nijar.cards(), (steps, seat)
            without = {k: v for k, v in obs.items() if k != "cards"}
            assert without == json.loads(state.observation_json(seat)), (steps, seat)
            assert _keys_in_order(obs) == [], (steps, seat)
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    assert steps > 50


def test_observations_share_the_card_catalogue() -> None:
    # The catalogue is built once per card set (read-only by contract): every seat's
    # observation of every game of the default set holds the very same dict, and so does
    # another game's.
    state = craftgames.new_game("nijar", 4, seed=2)
    rng = random.Random(2)
    for _ in range(60):
        state.apply_action(rng.choice(state.legal_actions()))
    a, b = state.observation(0), state.observation(1)
    assert a["cards"] is b["cards"] is nijar.new_game(2, seed=9).observation(1)["cards"]
    assert all(card is None or isinstance(card, int) for card in a["draft"])


def _at_first_turn(state: craftgames.State) -> craftgames.State:
    while state.observation(0)["phase"]["phase"] != "turns":
        state.apply_action(state.legal_actions()[0])
    return state


def test_the_boards_act_names_are_the_engines() -> None:
    # python/craftgames/nijar/marks.py `_ACT_NAMES` mirrors Rust `Act::label`, in the order
    # of the act codes (the observation's frames give a task by its code). Read from the
    # engine through public paths: the state document's codes beside the observation's
    # keys; the labels in the engine's sentences — a placement names its row's three actions
    # and its column's bonus, the Special Action its two bonuses — and, for an act no
    # board space shows, the options of a turn holding that one task (a document edited so),
    # which begin with the act's name.
    keys = list(_ACT_NAMES)
    place = re.compile(
        r"Place .+ on the (top|middle|bottom) row, column (\w) "
        r"\(one of (.+), (.+) or (.+); bonus (.+)\)(, returning .+)?"
    )
    special = re.compile(
        r"Place a craftswoman on the Special Action \(Collect 1 Esparto, (.+), (.+)\)"
    )
    named: set[str] = set()
    doc: dict[str, Any] = {}
    # 4 players place all 7 bonus tiles (4.1.3), 2 only 5.
    for seed, players in ((seed, players) for seed in range(6) for players in (2, 4)):
        for first in (False, True):
            state = nijar.new_game(players=players, seed=seed, first_game_layout=first)
            state = _at_first_turn(state)
            doc = json.loads(state.to_json())
            table, obs = doc["table"], state.observation(0)
            codes = table["layout"] + table["columns"] + table["special"]
            shown = obs["layout"] + obs["column_bonuses"] + obs["special_bonuses"]
            for code, key in zip(codes, shown, strict=True):
                assert (code, key) == (255, None) or keys[code] == key, (code, key)
            for text in map(state.action_to_string, state.legal_actions()):
                if (m := place.fullmatch(text)) is not None:
                    row = ("top", "middle", "bottom").index(m.group(1))
                    tiles = obs["layout"][row * 3 : row * 3 + 3]
                    assert [m.group(k) for k in (3, 4, 5)] == [_ACT_NAMES[t] for t in tiles], text
                    bonus = obs["column_bonuses"]["123AB".index(m.group(2))]
                    assert m.group(6) == (_ACT_NAMES[bonus] if bonus else "none"), text
                    named.update(t for t in [*tiles, bonus] if t)
                elif (m := special.fullmatch(text)) is not None:
                    bonuses = obs["special_bonuses"]
                    assert [m.group(1), m.group(2)] == [_ACT_NAMES[b] for b in bonuses], text
                    named.update(bonuses)
    # The acts no space of these boards showed: a turn with that one task open.
    for key in (k for k in keys if k not in named):
        edited = json.loads(json.dumps(doc))
        edited["table"]["frames"] = [{"ordered": False, "tasks": [keys.index(key)]}]
        edited["table"]["in_turn"] = True
        state = craftgames.State.from_json(json.dumps(edited))
        options = [state.action_to_string(a) for a in state.legal_actions()]
        begun = [o for o in options if not o.startswith("Give up the actions and bonuses")]
        assert begun and all(o.startswith(_ACT_NAMES[key]) for o in begun), (key, options)
        named.add(key)
    assert named == set(keys)
