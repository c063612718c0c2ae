"""Plays a trained checkpoint against a bot at equal simulations, over fixed deals with the
agent in every seat in turn, and prints its win rate with the 95% interval::

    python examples/alphazero/evaluate.py run/checkpoint.npz --game sunrise --players 2
    python examples/alphazero/evaluate.py run/checkpoint.npz ... --rollout-weight 0.75 \\
        --c-puct 1.0 --games 200 --deals 4000000 --out match.json

The search settings default to the training run's defaults; pass the run's own (its
``result.json`` lists them) to replay its final match. ``--deals`` picks the deals: the final
match's by default, any other first deal number to try settings on deals the final match
never sees.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import craftgames
from craftgames.atomic import write_text

try:
    import net
    import train
except ModuleNotFoundError as missing:  # pragma: no cover - the message is the point
    sys.exit(f"this example needs the learn extra: pip install 'craftgames[learn]' ({missing})")


def main(argv: Sequence[str] | None = None) -> int:
    defaults = train.Config()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("checkpoint", type=Path, help="a checkpoint.npz written by train.py")
    parser.add_argument("--game", choices=["sunrise", "sorcery", "nijar"], default="sunrise")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponent", help="a bot spec (default: mcts at --simulations)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--simulations", type=int, default=defaults.eval_simulations)
    train.add_search_options(parser, defaults.search)
    parser.add_argument("--deals", type=int, default=train.FINAL_DEALS, help="the first deal")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, help="write the result here as JSON")
    args = parser.parse_args(argv)
    train.check_search_options(parser, args)
    for name in ("games", "simulations", "workers"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1")
    try:
        probe = craftgames.new_game(args.game, args.players, 0)
        shape, params = net.load(args.checkpoint)
    except (ValueError, OSError) as e:
        parser.error(str(e))
    if (shape.observation, shape.actions, shape.players) != (
        probe.observation_tensor_size(),
        probe.num_distinct_actions(),
        args.players,
    ):
        parser.error(
            f"{args.checkpoint} was not trained on {args.game} with {args.players} players"
        )
    search = replace(
        defaults.search,
        c_puct=args.c_puct,
        rollout_weight=args.rollout_weight,
        reward=args.reward,
    )
    cfg = replace(
        defaults,
        game=args.game,
        players=args.players,
        workers=args.workers,
        search=search,
        eval_simulations=args.simulations,
    )
    opponent = None if args.players == 1 else args.opponent or f"mcts:{args.simulations}"
    pool = train.Pool("local", args.workers, None)
    start = time.monotonic()
    try:
        result = train.play_match(pool, cfg, shape, params, opponent, args.games, args.deals)
    finally:
        pool.close()
    result.update(
        checkpoint=str(args.checkpoint),
        simulations=args.simulations,
        search={  # the settings that decide the agent's play
            "c_puct": search.c_puct,
            "rollout_weight": search.rollout_weight,
            "reward": search.reward,
            "rollout": search.rollout,
        },
        first_deal=args.deals,
        wall_s=time.monotonic() - start,
    )
    low, high = result["win_rate_95"]
    print(
        f"against {result['opponent']} at {args.simulations} simulations: win rate "
        f"{result['win_rate']:.3f} [{low:.3f}, {high:.3f}] over {result['games']} games, "
        f"mean margin {result['margin']:+.2f}"
    )
    if args.out is not None:
        write_text(args.out, json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
