"""The untrained agent's final match of examples/alphazero's 2-player Sunrise run: the same
200 games (100 unseen deals, seats rotated) against mcts:200 at 200 simulations, with the
network's heads at zero (uniform priors; leaves valued by greedy rollouts alone, as in the
run: rollout weight 1, c_puct 0.75, margin reward). What the trained agent gains over it is
what training bought.

    python benches/results/alphazero-sunrise-2p/untrained_match.py
"""

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "examples" / "alphazero"))

import net
import train

import craftgames

if __name__ == "__main__":
    cfg = train.Config(game="sunrise", players=2, workers=2)  # the run's settings (defaults)
    probe = craftgames.new_game("sunrise", 2, 0)
    shape = net.Shape(probe.observation_tensor_size(), probe.num_distinct_actions(), 2, cfg.width)
    pool = train.Pool("local", 2, None)
    start = time.time()
    params = net.to_numpy(net.init(shape, 0))
    result = train.play_match(pool, cfg, shape, params, "mcts:200", 200, train.FINAL_DEALS)
    pool.close()
    result["wall_s"] = time.time() - start
    print(json.dumps(result))
