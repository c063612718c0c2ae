"""Seat specs and the random bot (the factory the CLI's --seat uses)."""

from __future__ import annotations

import pytest

from conftest import play_random
from craftgames import State, sunrise
from craftgames.bots import HUMAN, Bot, RandomBot, bot_kinds, make_bot, register_bot


def test_random_bot_plays_legal_moves_reproducibly() -> None:
    state = play_random(sunrise.new_game(players=3, seed=2), 50, seed=1)
    picks_a = [RandomBot(seed=5).step(state) for _ in range(3)]
    picks_b = [RandomBot(seed=5).step(state) for _ in range(3)]
    assert picks_a == picks_b
    assert all(a in state.legal_actions() for a in picks_a)


def test_random_bot_spreads_its_choices() -> None:
    state = sunrise.new_game(players=3, seed=7)
    assert len(state.legal_actions()) > 4
    bot = RandomBot(seed=0)
    assert len({bot.step(state) for _ in range(200)}) > 4


def test_make_bot_builds_a_seeded_bot_per_seat() -> None:
    state = sunrise.new_game(players=4, seed=3)
    bot = make_bot("random", seat=0, seed=3)
    assert isinstance(bot, Bot)
    again = make_bot("random", seat=0, seed=3)
    other_seat = make_bot("random", seat=1, seed=3)
    moves = [bot.step(state) for _ in range(20)]
    assert moves == [again.step(state) for _ in range(20)]
    assert moves != [other_seat.step(state) for _ in range(20)]


def test_unknown_seat_kind_is_a_value_error_naming_it() -> None:
    with pytest.raises(ValueError, match="'wizard:3'"):
        make_bot("wizard:3", seat=0, seed=0)


def test_human_is_not_a_bot() -> None:
    assert HUMAN == "human"
    with pytest.raises(ValueError, match="human"):
        make_bot("human", seat=0, seed=0)


def test_random_takes_no_argument() -> None:
    with pytest.raises(ValueError, match="random:5"):
        make_bot("random:5", seat=0, seed=0)


def test_register_bot_adds_a_kind_that_receives_the_argument() -> None:
    seen: list[tuple[str | None, int, int]] = []

    class First:
        def step(self, state: State) -> int:
            return state.legal_actions()[0]

    def factory(arg: str | None, seat: int, seed: int) -> Bot:
        seen.append((arg, seat, seed))
        return First()

    register_bot("first-test-kind", factory)
    assert "first-test-kind" in bot_kinds()
    bot = make_bot("first-test-kind:abc", seat=2, seed=9)
    state = sunrise.new_game(players=3, seed=1)
    assert bot.step(state) == state.legal_actions()[0]
    assert seen[0][:2] == ("abc", 2)
    make_bot("first-test-kind", seat=1, seed=9)
    assert seen[1][:2] == (None, 1)


@pytest.mark.parametrize("kind", ["", "human", "a:b"])
def test_register_bot_rejects_bad_names(kind: str) -> None:
    with pytest.raises(ValueError):
        register_bot(kind, lambda arg, seat, seed: RandomBot(seed))
