"""IS-MCTS and the search bots from Python: results, determinism, no cheating, bad input."""

from __future__ import annotations

import inspect
import re
import threading
import time

import pytest

from conftest import play_random, play_to_end
from craftgames import State, _core, mcts, sunrise
from craftgames.bots import Bot, GreedyBot, MCTSBot, make_bot, parse_mcts_spec
from craftgames.mcts import ActionStats, SearchResult, search


def test_search_returns_a_legal_action_with_statistics(midgame: State) -> None:
    before = midgame.to_json()
    result = search(midgame, iterations=300, seed=1)
    assert isinstance(result, SearchResult)
    legal = midgame.legal_actions()
    assert result.action in legal
    assert result.iterations == 300
    assert sum(s.visits for s in result.stats) == 300
    actions = [s.action for s in result.stats]
    assert actions == sorted(actions) and set(actions) <= set(legal)
    for s in result.stats:
        assert isinstance(s, ActionStats)
        assert len(s.mean_reward) == midgame.num_players()
        assert all(0.0 <= r <= 1.0 for r in s.mean_reward)
    best = max(result.stats, key=lambda s: (s.visits, -s.action))
    assert result.action == best.action
    assert 0.0 < result.visit_share(result.action) <= 1.0
    assert midgame.to_json() == before, "search must not change the state"


@pytest.mark.parametrize("threads", [1, 2])
def test_search_is_deterministic_for_a_seed(fresh: State, threads: int) -> None:
    a = search(fresh, iterations=400, seed=5, threads=threads)
    b = search(fresh, iterations=400, seed=5, threads=threads)
    assert a == b
    assert a.iterations == 400


@pytest.mark.parametrize("tree", ["history", "infoset"])
def test_search_does_not_cheat(tree: str) -> None:
    # Redraw everything seat `me` cannot see: the other seats' hands and secret choices.
    # The two states look the same to `me`, so the search must answer the same.
    compared = 0
    for seed in range(6):
        state = play_random(sunrise.new_game(players=3, seed=seed), 7 * seed + 3, seed=seed)
        me = state.current_player()
        other = state.resample_hidden(me, 1000 + seed)
        assert state.information_state_string(me) == other.information_state_string(me)
        if other.to_json() == state.to_json():
            continue
        a = search(state, iterations=150, seed=seed, tree=tree)  # type: ignore[arg-type]
        b = search(other, iterations=150, seed=seed, tree=tree)  # type: ignore[arg-type]
        assert a == b
        compared += 1
    assert compared >= 3


def test_every_option_is_accepted(fresh: State) -> None:
    for rollout in ["random", "greedy", "greedy:0.5"]:
        for reward in ["rank", "win", "margin"]:
            r = search(
                fresh,
                iterations=40,
                seed=2,
                rollout=rollout,
                reward=reward,  # type: ignore[arg-type]
                exploration=1.2,
            )
            assert r.action in fresh.legal_actions()
    assert search(fresh, time_ms=20, seed=1).iterations >= 1
    assert search(fresh, iterations=10**9, time_ms=20, seed=1).iterations < 10**9
    assert search(fresh, iterations=30, seed=-1).iterations == 30  # any int seeds


def test_defaults_are_the_binding_s_and_the_tournament_winner() -> None:
    # The binding's literal defaults are what a search without options runs; the Python
    # constants must show the same, and they are the winner of the search tournament.
    params = inspect.signature(_core.mcts_search).parameters
    chosen = {
        "exploration": (mcts.DEFAULT_EXPLORATION, 0.25),
        "reward": (mcts.DEFAULT_REWARD, "margin"),
        "rollout": (mcts.DEFAULT_ROLLOUT, "greedy:0.2"),
        "tree": (mcts.DEFAULT_TREE, "history"),
        "choose": (mcts.DEFAULT_CHOOSE, "visits"),
    }
    for name, (constant, winner) in chosen.items():
        assert params[name].default == constant == winner, name
    bot = MCTSBot()
    assert (bot.exploration, bot.reward, bot.rollout) == (0.25, "margin", "greedy:0.2")


def test_search_releases_the_gil(fresh: State) -> None:
    done = threading.Event()
    ticks = 0

    def count() -> None:
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    counter.start()
    try:
        search(fresh, time_ms=300, seed=1)
    finally:
        done.set()
        counter.join()
    # With the GIL held for the whole search the counter could not run at all.
    assert ticks >= 20


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"iterations": 0}, "at least 1"),
        ({"threads": 0}, "threads"),
        ({"threads": 10**6}, "threads"),
        ({"threads": -1}, "threads"),
        ({"iterations": -5}, "iterations"),
        ({"time_ms": -1}, "time_ms"),
        ({"exploration": -1.0}, "exploration"),
        ({"rollout": "clever"}, "rollout"),
        ({"reward": "money"}, "reward"),
        ({"tree": "forest"}, "tree"),
        ({"rollout": "greedy:2"}, "rollout"),
    ],
)
def test_bad_options_raise_value_error(
    fresh: State, kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        search(fresh, **kwargs)  # type: ignore[arg-type]


def test_a_finished_game_cannot_be_searched() -> None:
    done = play_to_end(sunrise.new_game(players=2, seed=4), seed=4)
    with pytest.raises(ValueError, match="over"):
        search(done, iterations=10)
    with pytest.raises(ValueError, match="over"):
        GreedyBot(1).step(done)


def test_seat_specs_build_search_bots(fresh: State) -> None:
    greedy = make_bot("greedy", 0, 1)
    assert isinstance(greedy, GreedyBot)
    bot = make_bot("mcts:30", 1, 1)
    assert isinstance(bot, MCTSBot) and bot.iterations == 30
    assert isinstance(make_bot("mcts", 1, 1), MCTSBot)
    for spec in ["greedy:3", "mcts:0", "mcts:lots"]:
        with pytest.raises(ValueError, match=spec.split(":")[0]):
            make_bot(spec, 0, 1)
    assert greedy.step(fresh) in fresh.legal_actions()
    assert bot.step(fresh) in fresh.legal_actions()


def test_mcts_bot_explains_its_move(fresh: State) -> None:
    bot = MCTSBot(iterations=60, seed=3)
    action = bot.step(fresh)
    assert bot.last_result is not None and bot.last_result.action == action
    reason = bot.reason()
    assert reason is not None and "of 60 simulations" in reason


def test_seeded_search_bots_replay_a_game_exactly() -> None:
    def play(seed: int) -> list[int]:
        state = sunrise.new_game(players=2, seed=9)
        players: list[Bot] = [GreedyBot(seed), MCTSBot(iterations=20, seed=seed)]
        while not state.is_terminal():
            state.apply_action(players[state.current_player()].step(state))
        return state.history()

    assert play(1) == play(1)


def test_mcts_spec_options_reach_the_bot() -> None:
    bot = make_bot("mcts:250:reward=margin,c=0.3,tree=infoset,rollout=greedy:0.2,choose=mean", 0, 1)
    assert isinstance(bot, MCTSBot)
    assert (bot.iterations, bot.reward, bot.exploration) == (250, "margin", 0.3)
    assert (bot.tree, bot.rollout, bot.choose) == ("infoset", "greedy:0.2", "mean")
    bare = make_bot("mcts:reward=win", 0, 1)
    assert isinstance(bare, MCTSBot)
    assert (bare.iterations, bare.reward) == (1000, "win")
    assert parse_mcts_spec(None) == (1000, {})


@pytest.mark.parametrize(
    ("spec", "named"),
    [
        ("mcts:100:speed=9", "speed=9"),
        ("mcts:100:reward=best", "reward"),
        ("mcts:100:c=-1", "c"),
        ("mcts:100:c=much", "c"),
        ("mcts:100:rollout=greedy:2", "rollout"),
        ("mcts:100:tree=forest", "tree"),
        ("mcts:100:choose=luck", "choose"),
        ("mcts:100:threads=0", "threads"),
        ("mcts:100:c=1,c=2", "'c' is given twice"),
        ("mcts:0", "positive number of iterations"),
        ("mcts:lots:c=1", "positive number of iterations"),
        ("mcts:100:c", "'c'"),
        ("mcts:0ms", "positive number of milliseconds"),
        ("mcts:1.5ms", "positive number of milliseconds"),
        ("mcts:²ms", "positive number of milliseconds"),
    ],
)
def test_bad_mcts_spec_options_are_value_errors_naming_them(spec: str, named: str) -> None:
    with pytest.raises(ValueError, match=re.escape(named)):
        make_bot(spec, 0, 1)


def test_a_time_budget_seat_spec_searches_for_that_long() -> None:
    timed = make_bot("mcts:40ms", 0, 1)
    assert isinstance(timed, MCTSBot)
    assert (timed.iterations, timed.time_ms, timed.rollout) == (None, 40, mcts.DEFAULT_ROLLOUT)
    assert parse_mcts_spec("40ms:c=0.5,rollout=random") == (
        None,
        {"time_ms": 40, "exploration": 0.5, "rollout": "random"},
    )


def test_best_mean_choice_picks_the_best_well_visited_mean(midgame: State) -> None:
    me = midgame.current_player()
    by_visits = search(midgame, iterations=400, seed=3)
    by_mean = search(midgame, iterations=400, seed=3, choose="mean")
    assert by_mean.stats == by_visits.stats  # the final choice reads the tree only
    top = max(s.visits for s in by_mean.stats)
    well = [s for s in by_mean.stats if 2 * s.visits >= top]
    assert (
        by_mean.action == max(well, key=lambda s: (s.mean_reward[me], s.visits, -s.action)).action
    )
    with pytest.raises(ValueError, match="choose"):
        search(midgame, iterations=10, choose="luck")  # type: ignore[arg-type]
