"""Níjar at the table (issue 17, §6): the board shows every card's face, speaks the options'
vocabulary and no internal text, and the options say a row's actions are choose-one."""

from __future__ import annotations

import random
import re

from rich.console import Console

from craftgames import nijar
from craftgames.nijar.board import LEGEND, render

# Authored in rust/core/data/nijar.toml: Torno Alto costs 2 Perra Gorda, gives 1 VP when
# played, its spaces are fire1, shape, paint1, shape, and it scores 4 VP when finished.
TORNO_ALTO = (
    "Torno Alto — Potter's Wheel · cost 2 Perra Gorda · 1 VP when played · vase spaces: "
    "Fire 1 Piece → Shape → Paint 1 Piece → Shape · 4 VP when the vase reaches the end"
)
# Taller de Vidriado 1: cost 2 Perra Gorda, painting gains 2 Cracks, sides clay and fire1.
TALLER_1 = (
    "Taller de Vidriado 1 — Glazing Workshop · cost 2 Perra Gorda · painting here costs gain "
    "2 Cracks · when played: Extract Clay and Fire 1 Piece"
)
# What a person must never read: Python lists, "seat 1" for the Competition, bad plurals.
INTERNAL = re.compile(r"\[\s*['\d\[]|\b1 cards\b|\b1 craftswomen\b|\bNone\b")


def board(state: nijar.State, seat: int = 0) -> str:
    console = Console(width=220, record=True)
    console.print(render(state.observation(seat), private=True))
    return console.export_text()


def test_the_draft_area_shows_each_card_face() -> None:
    for seed in range(60):
        state = nijar.new_game(players=2, seed=seed)
        out = board(state)
        if "Torno Alto" in out and "Taller de Vidriado 1 " in out:
            break
    else:
        raise AssertionError("no seed showed both cards in the draft area")
    assert TORNO_ALTO in out
    assert TALLER_1 in out


def test_the_hand_shows_its_faces_to_its_owner_only() -> None:
    state = nijar.new_game(players=2, seed=5)
    mine = board(state, 0).split("Your hand:")[1]
    # Every player starts with endgame scoring cards (4.3); their faces say what they score.
    assert "Endgame scoring: " in mine
    other = board(state, 1)
    hand0 = [c["name"] for c in state.observation(0)["players_view"][0]["hand"]]
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
    for mark in ("blocked", "(your donkey)", "Card face", "→", "PG", "Competition", "ONE action"):
        assert mark in LEGEND, mark
