"""Níjar's observation names cards by catalogue id: the catalogue lists every card of the set
with its printed parts, every id an observation names is in it, and `spelled_out` writes the
cards out as the board reads them (docs/games/nijar.md, "The observation")."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import craftgames
from craftgames import CardDataError, nijar
from craftgames.nijar.spelled import WORKSHOP_LISTS

CARD_FILE = Path(__file__).resolve().parents[1] / "rust" / "core" / "data" / "nijar.toml"

# The catalogue's ids of each type (docs/games/nijar.md).
TYPES = {
    "Potter's Wheel": [*range(0, 16), *range(92, 97)],
    "Esparto": [*range(16, 32), 97],
    "Cleanup": [*range(32, 44), 98],
    "Glazing Workshop": [*range(44, 56), 99],
    "Glaze Kiln": [*range(56, 68), 100],
    "Firing Kiln": [*range(68, 80), 101],
    "Endgame Scoring": list(range(80, 92)),
}
# Each type's own printed parts, beside id, name, type, face and starting (and cost for a
# game card).
PARTS = {
    "Potter's Wheel": {"spaces", "vp", "finish_vp"},
    "Esparto": {"rewards", "design"},
    "Cleanup": {"crack_spaces", "reward"},
    "Glazing Workshop": {"paint", "sides"},
    "Glaze Kiln": {"sides"},
    "Firing Kiln": {"sides"},
    "Endgame Scoring": set(),
}


def positions(players: int, seed: int, **options: Any) -> Iterator[craftgames.State]:
    """Every position of a random game, the first one included."""
    state = craftgames.new_game("nijar", players, seed=seed, **options)
    rng = random.Random(seed)
    while True:
        yield state
        if state.is_terminal():
            return
        state.apply_action(rng.choice(state.legal_actions()))


def test_the_catalogue_lists_every_card_of_the_set_with_its_printed_parts() -> None:
    catalogue = nijar.cards()
    assert catalogue is craftgames._core.card_catalogue("nijar") is nijar.cards(None)
    assert sorted(catalogue) == ["cards", "competition", "game", "starting_resources"]
    cards = catalogue["cards"]
    assert [c["id"] for c in cards] == list(range(102))
    for kind, ids in TYPES.items():
        for i in ids:
            card = cards[i]
            starting = i >= 92
            base = {"id", "name", "type", "face", "starting"} | ({"cost"} if i < 80 else set())
            # A starting card is not bought, nor played: no cost and no side actions (a
            # starting wheel's play VP is 0).
            parts = PARTS[kind] - ({"sides"} if starting else set())
            assert set(card) == base | parts, card
            assert (card["type"], card["starting"]) == (kind, starting), card
            assert card["name"] and card["face"], card
    # Written out from the default card file.
    assert cards[0]["name"] == "Torno de Pie" and cards[0]["spaces"] == ["play", "clay", "shape"]
    assert cards[0]["cost"] == "1 Perra Gorda + 1 Clay"
    assert (cards[92]["name"], cards[92]["finish_vp"]) == ("Starting Wheel A", 3)
    assert cards[nijar.PRINTED_ESPARTO]["rewards"] == ["2 Perra Gorda", "1 Clay"]
    assert (cards[98]["crack_spaces"], cards[98]["reward"]) == (2, "2 VP")
    assert cards[99]["paint"] == "2 Glazes"
    assert len(catalogue["starting_resources"]) == 5
    assert len(catalogue["competition"]) == 9
    assert all(len(c["back"]) == 3 for c in catalogue["competition"])


def test_a_card_file_gets_its_own_catalogue() -> None:
    text = CARD_FILE.read_text(encoding="utf-8").replace(
        'name = "Torno de Pie"', 'name = "Torno Nuevo"', 1
    )
    custom = nijar.cards(text)
    assert custom["cards"][0]["name"] == "Torno Nuevo"
    assert custom["cards"][1:] == nijar.cards()["cards"][1:]
    ours = nijar.new_game(players=2, seed=1, cards=text).observation(0)["cards"]
    assert ours == custom and ours is not nijar.cards()
    with pytest.raises(CardDataError):
        nijar.cards(text.replace("finish_vp = ", "finish_vp = -", 1))
    with pytest.raises(ValueError, match="no card catalogue"):
        craftgames._core.card_catalogue("sorcery")


def _named(obs: dict[str, Any]) -> Iterator[tuple[str, int, str]]:
    """Every card id `obs` names: (where, id, the catalogue list it indexes)."""
    for c in [*obs["draft"], *obs["known_elsewhere"]]:
        if c is not None:
            yield "draft or known_elsewhere", c, "cards"
    for combo in obs["combos"]:
        yield "combo wheel", combo["wheel"], "cards"
        yield "combo resources", combo["resources"], "starting_resources"
    competition = obs["competition"]
    for c in competition["revealed"] if competition else []:
        yield "revealed", c, "competition"
    for p in obs["players_view"]:
        for key in ("hand", "known_hand", "endgame_played_cards"):
            for c in p[key] or []:
                yield key, c, "cards"
        if isinstance(p["endgame_pending"], int):
            yield "endgame_pending", p["endgame_pending"], "cards"
        for w in p["workshop"]:
            yield "workshop", w["card"], "cards"


@pytest.mark.parametrize(("players", "options"), [(1, {"difficulty": "expert"}), (2, {}), (4, {})])
def test_every_id_an_observation_names_is_in_the_catalogue(
    players: int, options: dict[str, object]
) -> None:
    catalogue = nijar.cards()
    named = 0
    for state in positions(players, 5, **options):
        for seat in range(players):
            obs = state.observation(seat)
            assert obs["cards"] is catalogue  # depends on the card set alone
            for where, card, kind in _named(obs):
                assert isinstance(card, int) and 0 <= card < len(catalogue[kind]), (where, card)
                named += 1
            for p in obs["players_view"]:
                for w in p["workshop"]:
                    card = catalogue["cards"][w["card"]]
                    state_keys = {
                        "Potter's Wheel": {"card", "space", "vase"},
                        "Esparto": {"card", "space"},
                        "Cleanup": {"card", "cracks"},
                    }.get(card["type"], {"card", "piece"})
                    assert set(w) == state_keys, (w, card["type"])
    assert named > 1000


def test_spelled_out_writes_every_card_out_as_the_board_reads_it() -> None:
    cards = nijar.cards()["cards"]
    for state in positions(3, 8):
        obs = state.observation(1)
        before = copy.deepcopy({k: v for k, v in obs.items() if k != "cards"})
        spelled = nijar.spelled_out(obs)
        # The observation is left as it was, and spelling out twice changes nothing.
        assert {k: v for k, v in obs.items() if k != "cards"} == before
        assert nijar.spelled_out(spelled) == spelled and "cards" not in spelled
        json.dumps(spelled)
        # The draft area and the spaces as rows of five, by row * 5 + column.
        for i, card in enumerate(obs["draft"]):
            shown = spelled["draft"][i // 5][i % 5]
            assert shown == (
                None
                if card is None
                else {k: cards[card][k] for k in ("face", "id", "name", "type")}
            )
            space = spelled["spaces"][i // 5][i % 5]
            assert space == {"count": obs["spaces"]["counts"][i], "seat": obs["spaces"]["seats"][i]}
        assert spelled["players"] == len(obs["players_view"])
        for p, q in zip(obs["players_view"], spelled["players_view"], strict=True):
            # The workshop, one list a type, in the observation's order.
            lists = [w for key in WORKSHOP_LISTS.values() for w in q[key]]
            assert [w["name"] for w in lists] == [cards[w["card"]]["name"] for w in p["workshop"]]
            for w in q["wheels"]:
                assert 0 <= w["vase"] <= w["length"] == len(w["spaces"])
            assert q["hand_size"] == sum(p["hand_by_deck"]) + p["hand_endgame"]
            if p["hand"] is not None:
                assert q["hand_size"] == len(p["hand"])
                assert [c["name"] for c in q["hand"]] == [cards[c]["name"] for c in p["hand"]]
        printed = cards[nijar.PRINTED_ESPARTO]
        assert spelled["printed_esparto"] == {
            "name": printed["name"],
            "rewards": printed["rewards"],
        }
