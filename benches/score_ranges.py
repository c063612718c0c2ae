"""Typical final scores next to the proved bounds, per game and player count.

The bounds a game declares (`State.score_bounds`, OpenSpiel's min/max utility) hold for every
game that can be played, however contrived, so they are far wider than the scores games reach;
a learner that scales rewards by them gets rewards near 0. This prints what games do reach:
percentiles of every seat's final score over uniformly random games (`random_playouts`) and
over the search tournaments' records committed in ``benches/results`` (IS-MCTS play)::

    python benches/score_ranges.py > benches/results/score-ranges.md
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

import craftgames

RESULTS = Path(__file__).resolve().parent / "results"
RANDOM_GAMES = 2000


def _searched_scores(game: str, players: int) -> list[int]:
    scores: list[int] = []
    for path in sorted(RESULTS.glob(f"{game}-{players}p-*.jsonl")):
        for line in path.read_text().splitlines():
            record = json.loads(line)
            scores.extend(record["scores"])
    return scores


def _row(label: str, scores: np.ndarray) -> str:
    p1, p50, p99 = np.percentile(scores, [1, 50, 99])
    cells = [label, len(scores), scores.min(), f"{p1:.0f}", f"{p50:.0f}", f"{p99:.0f}"]
    return "| " + " | ".join(str(cell) for cell in [*cells, scores.max()]) + " |"


def main() -> None:
    print("# Typical final scores (every seat's), next to the proved bounds\n")
    print(
        "Made by `python benches/score_ranges.py`; random: "
        f"{RANDOM_GAMES} uniformly random games each (seed 0); searched: the IS-MCTS "
        "tournament records in `benches/results/` (all seats, all budgets).\n"
    )
    for game in craftgames.GAMES:
        for players in range(1, 5):
            try:
                low, high = craftgames.new_game(game, players).score_bounds()
            except ValueError:
                continue
            print(
                f"## {game}, {players} player{'s' if players > 1 else ''}: "
                f"proved bounds [{low}, {high}]\n"
            )
            print("| play | scores | min | 1% | median | 99% | max |")
            print("|---|---|---|---|---|---|---|")
            random_scores = craftgames.random_playouts(game, RANDOM_GAMES, 0, players).ravel()
            print(_row("random", random_scores))
            searched = _searched_scores(game, players)
            if searched:
                print(_row("IS-MCTS", np.array(searched)))
            print()


if __name__ == "__main__":
    main()
