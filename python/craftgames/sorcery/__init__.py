"""Studies in Sorcery: 1 to 4 students gather materials to complete projects of the dark arts.

The rules are in the compiled core; this module is the typed entry point::

    from craftgames import sorcery

    state = sorcery.new_game(players=2, seed=7, staffs=True)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.explain_score(0))

One player plays against the robot (``solo="robot"``, ``difficulty`` easy / medium / hard /
extra-hard), for a grade (``solo="no-robot"``) or a Solo Mission (``solo="mission"``,
``mission`` 1-10, ``hard``). Two to four players may play Mission Mode (``missions=[...]``, one
mission per seat) and keep a campaign record across games (`Campaign`).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Literal, TypedDict

import numpy as np
import numpy.typing as npt

from craftgames import _core, atomic
from craftgames._core import State
from craftgames.cards import CardsArg, card_text

__all__ = [
    "DIFFICULTIES",
    "GAME",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "MISSIONS",
    "Campaign",
    "CampaignGame",
    "add_cli_arguments",
    "campaign_options",
    "load_campaign",
    "new_campaign",
    "new_game",
    "options_from_cli",
    "random_playouts",
    "record_game",
    "save_campaign",
]

GAME = "sorcery"
"""The game's name for `craftgames.new_game` and in state and replay documents."""
MIN_PLAYERS = 1
"""Fewest seats (one player plays a solo mode)."""
MAX_PLAYERS = 4
"""Most seats."""
DIFFICULTIES = ("easy", "medium", "hard", "extra-hard")
"""The solo robot's difficulty levels."""
MISSIONS = 10
"""Number of missions in the Mission List."""

Theses = Literal["all", "no-seven", "none"]
SoloMode = Literal["robot", "no-robot", "mission"]
Difficulty = Literal["easy", "medium", "hard", "extra-hard"]


def _options(
    staffs: bool,
    theses: Theses | None,
    solo: SoloMode | None,
    difficulty: Difficulty | None,
    mission: int | None,
    hard: bool | None,
    missions: list[int] | None,
) -> dict[str, object]:
    options: dict[str, object] = {}
    if staffs:
        options["staffs"] = True
    for key, value in (
        ("theses", theses),
        ("solo", solo),
        ("difficulty", difficulty),
        ("mission", mission),
        ("hard", hard),
        ("missions", missions),
    ):
        if value is not None:
            options[key] = value
    return options


def new_game(
    players: int = 2,
    seed: int = 0,
    *,
    staffs: bool = False,
    theses: Theses | None = None,
    solo: SoloMode | None = None,
    difficulty: Difficulty | None = None,
    mission: int | None = None,
    hard: bool | None = None,
    missions: list[int] | None = None,
    cards: CardsArg = None,
) -> State:
    """A new game of Studies in Sorcery.

    Args:
        players: number of seats, 1 to 4 (anything else raises `ValueError`).
        seed: the seed of every shuffle and draw; same seed and actions, same game.
        staffs: play with the Staff of the Sorcerer expansion.
        theses: ``"all"`` (default), ``"no-seven"`` (without the 7-credit theses, "First Time
            Playing?") or ``"none"``.
        solo: one player only: ``"robot"`` (default), ``"no-robot"`` or ``"mission"``.
        difficulty: the robot's difficulty (``solo="robot"`` only; default medium).
        mission: the Solo Mission, 1 to 10 (``solo="mission"`` only).
        hard: Solo Mission Mode: Hard (also beat the robot).
        missions: Mission Mode for 2 to 4 players: one mission number per seat (no theses).
        cards: a card file (path or TOML text) replacing the default card set; a bad file
            raises `CardDataError` naming the card and field.

    A bad option raises `ValueError` naming it.
    """
    options = _options(staffs, theses, solo, difficulty, mission, hard, missions)
    return _core.new_game(GAME, players, seed, card_text(cards), json.dumps(options))


def random_playouts(
    games: int, seed: int, players: int = 4, **options: object
) -> npt.NDArray[np.int32]:
    """Plays `games` uniformly random games in Rust, with the GIL released.

    Game ``i`` is dealt and played from seed ``seed + i`` with the given options (as for
    `new_game`). Returns the final scores as an int32 array of shape ``(games, players)``.
    """
    return _core.random_playouts(GAME, games, seed, players, None, json.dumps(options))


# --- Mission Mode campaign record -------------------------------------------------------


class CampaignGame(TypedDict):
    """One game of a campaign: each seat's mission, score and whether it was met."""

    seed: int
    missions: list[int]
    scores: list[int]
    met: list[bool]


class Campaign(TypedDict):
    """A Mission Mode campaign: each player's current mission (11 once all ten are done) and
    the games played."""

    game: str
    version: int
    missions: list[int]
    games: list[CampaignGame]


def new_campaign(players: int) -> Campaign:
    """A campaign for `players` seats (1 to 4), every player on mission 1."""
    if not 1 <= players <= MAX_PLAYERS:
        raise ValueError(f"a campaign has 1 to 4 players, not {players}")
    return {"game": GAME, "version": 1, "missions": [1] * players, "games": []}


def load_campaign(path: str | Path) -> Campaign:
    """Reads a campaign record; a malformed one raises `ValueError` naming the problem (and
    `OSError` if it cannot be read)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as e:
        raise ValueError(f"{path}: not a campaign record (not a JSON document: {e})") from None
    if not isinstance(data, dict) or data.get("game") != GAME or data.get("version") != 1:
        raise ValueError(f"{path}: not a Studies in Sorcery campaign record (version 1)")
    missions = data.get("missions")
    if (
        not isinstance(missions, list)
        or not 1 <= len(missions) <= MAX_PLAYERS
        or not all(_is_int(m) and 1 <= m <= MISSIONS + 1 for m in missions)
    ):
        raise ValueError(f"{path}: missions must list 1 to 4 mission numbers (1-11)")
    games = data.get("games")
    if not isinstance(games, list):
        raise ValueError(f"{path}: games must be a list")
    for number, game in enumerate(games, 1):
        problem = _campaign_game_problem(game, len(missions))
        if problem:
            raise ValueError(f"{path}: game {number} of the record {problem}")
    campaign: Campaign = {
        "game": GAME,
        "version": 1,
        "missions": [int(m) for m in missions],
        "games": list(games),
    }
    return campaign


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _campaign_game_problem(game: object, players: int) -> str | None:
    """What is wrong with one recorded game (as `record_game` writes it), or `None`."""
    if not isinstance(game, dict):
        return "is not an object with seed, missions, scores and met"
    if not _is_int(game.get("seed")):
        return "has no integer seed"
    for key, ok in (
        ("missions", lambda m: _is_int(m) and 1 <= m <= MISSIONS),
        ("scores", _is_int),
        ("met", lambda m: isinstance(m, bool)),
    ):
        values = game.get(key)
        if not isinstance(values, list) or len(values) != players or not all(map(ok, values)):
            what = "true/false" if key == "met" else "an integer"
            return f"must list {what} per player under {key!r}"
    return None


def save_campaign(campaign: Campaign, path: str | Path) -> None:
    """Writes a campaign record as JSON, atomically: a kill while saving leaves the old
    record whole (see `craftgames.atomic`)."""
    atomic.write_text(path, json.dumps(campaign, indent=2) + "\n")


def campaign_options(campaign: Campaign, *, hard: bool = False) -> dict[str, object]:
    """The options of the campaign's next game (a finished player replays mission 10)."""
    missions = [min(m, MISSIONS) for m in campaign["missions"]]
    if len(missions) == 1:
        options: dict[str, object] = {"solo": "mission", "mission": missions[0]}
        if hard:
            options["hard"] = True
        return options
    return {"missions": missions}


def record_game(campaign: Campaign, state: State, seed: int) -> Campaign:
    """Records a finished Mission Mode game and advances every player who met their mission.

    Raises `ValueError` if the game is not over or is not a Mission Mode game of the
    campaign's players.
    """
    if isinstance(state, State) and state.game_name() != GAME:
        raise ValueError(f"a campaign records games of {GAME}, not of {state.game_name()}")
    if not state.is_terminal():
        raise ValueError("the game is not over")
    if state.num_players() != len(campaign["missions"]):
        raise ValueError("the game's player count differs from the campaign's")
    obs = state.observation(0)
    seats = obs["players"]
    missions = [seat.get("mission") for seat in seats]
    if any(m is None for m in missions):
        raise ValueError("the game was not played in Mission Mode")
    # "After each game, any player who completed the mission moves on to the next mission":
    # the game must have been played on the missions the campaign has each player on.
    # (A player who has done all ten replays mission 10, as `campaign_options` says.)
    expected = [min(m, MISSIONS) for m in campaign["missions"]]
    if [int(m) for m in missions if m is not None] != expected:
        raise ValueError(
            f"the game was played on missions {missions}, the campaign's players are on {expected}"
        )
    met = [bool(seat.get("mission_met")) for seat in seats]
    game: CampaignGame = {
        "seed": seed,
        "missions": [int(m) for m in missions if m is not None],
        "scores": [int(x) for x in state.scores()],
        "met": met,
    }
    advanced = [
        m + 1 if ok and m <= MISSIONS else m
        for m, ok in zip(campaign["missions"], met, strict=True)
    ]
    return {
        "game": GAME,
        "version": 1,
        "missions": advanced,
        "games": [*campaign["games"], game],
    }


# --- Command line -------------------------------------------------------------------------


def add_cli_arguments(parser: argparse.ArgumentParser) -> None:
    """Adds Studies in Sorcery's flags to a ``craftgames play`` parser."""
    group = parser.add_argument_group("Studies in Sorcery")
    group.add_argument("--staffs", action="store_true", help="Staff of the Sorcerer expansion")
    group.add_argument("--theses", choices=("all", "no-seven", "none"), default=None)
    group.add_argument("--solo", choices=("robot", "no-robot", "mission"), default=None)
    group.add_argument("--difficulty", choices=DIFFICULTIES, default=None)
    group.add_argument("--mission", type=int, default=None, help="solo mission 1-10")
    group.add_argument("--hard", action="store_true", help="Solo Mission Mode: Hard")
    group.add_argument(
        "--missions", default=None, help="Mission Mode: one mission per seat, e.g. 1,3"
    )
    group.add_argument(
        "--campaign", default=None, help="a campaign record (JSON) to play the next game of"
    )


def options_from_cli(args: argparse.Namespace) -> dict[str, object]:
    """The `new_game` options from parsed flags (``--campaign`` reads the record, or starts
    one for ``--players`` seats if the file does not exist)."""
    campaign_path = getattr(args, "campaign", None)
    if campaign_path:
        path = Path(campaign_path)
        players = int(getattr(args, "players", 1) or 1)
        campaign = load_campaign(path) if path.exists() else new_campaign(players)
        options = campaign_options(campaign, hard=bool(getattr(args, "hard", False)))
        if getattr(args, "staffs", False):
            options["staffs"] = True
        return options
    missions_text = getattr(args, "missions", None)
    missions = (
        [int(m) for m in str(missions_text).split(",") if m.strip()] if missions_text else None
    )
    return _options(
        bool(getattr(args, "staffs", False)),
        getattr(args, "theses", None),
        getattr(args, "solo", None),
        getattr(args, "difficulty", None),
        getattr(args, "mission", None),
        True if getattr(args, "hard", False) else None,
        missions,
    )


def tiebreak_note(state: State) -> str | None:
    """Why seats tied on credits at the end are ranked as they are, for the final table
    (End of Game: "If there is a tie, whoever has the largest total of values on grave cards
    in their hand is the winner"; a tie still standing goes, in the engine, to the lower
    seat, for the rulebook's howl at the moon). The values are not said: a hand stays hidden
    from the other seats. `None` without a tie (or in a solo game)."""
    if not state.is_terminal() or state.num_players() < 2:
        return None
    scores = state.scores()
    ranking = state.ranking()
    tied = [
        [s for s in ranking if scores[s] == score]
        for score in sorted(set(scores), reverse=True)
        if scores.count(score) > 1
    ]
    if not tied:
        return None
    groups = "; ".join(
        f"seats {', '.join(map(str, seats[:-1]))} and {seats[-1]} tied at "
        f"{scores[seats[0]]} credit{'' if scores[seats[0]] == 1 else 's'}, placed in that order"
        for seats in tied
    )
    return (
        f"Tiebreak: {groups} (End of Game: the largest total value of grave cards in hand "
        "wins a tie; then the lower seat, for the howl at the moon)"
    )


def after_game_from_cli(args: argparse.Namespace, state: State, seed: int) -> str | None:
    """Below the final table: the tiebreak that placed seats tied on credits
    (`tiebreak_note`), and with ``--campaign FILE`` the finished game recorded in the
    campaign (advancing every player who met their mission) and saved, with where each
    player stands."""
    lines = [x for x in (tiebreak_note(state), _campaign_after(args, state, seed)) if x]
    return "\n".join(lines) or None


def _campaign_after(args: argparse.Namespace, state: State, seed: int) -> str | None:
    """With ``--campaign FILE``: records the finished game in the campaign (advancing every
    player who met their mission) and saves it, then says where each player stands."""
    campaign_path = getattr(args, "campaign", None)
    if not campaign_path:
        return None
    path = Path(campaign_path)
    campaign = load_campaign(path) if path.exists() else new_campaign(state.num_players())
    campaign = record_game(campaign, state, seed)
    save_campaign(campaign, path)
    missions = ", ".join(
        f"seat {seat}: {'all ten done' if m > MISSIONS else f'mission {m}'}"
        for seat, m in enumerate(campaign["missions"])
    )
    played = len(campaign["games"])
    return f"Campaign saved to {path} ({played} game{'' if played == 1 else 's'}): {missions}"
