"""The untrained agent's final match of examples/alphazero's 2-player Sunrise run: the same
200 games (100 unseen deals, seats rotated) against mcts:200 at 200 simulations, with the
network's heads at zero (uniform priors, value 1/2 mixed half and half with greedy rollouts).

    python benches/results/alphazero-sunrise-2p/untrained_match.py
"""

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "examples" / "alphazero"))

import games
import net
import train

import craftgames

if __name__ == "__main__":
    search = games.SearchConfig(simulations=64, rollout_weight=0.5)
    cfg = train.Config(game="sunrise", players=2, workers=2, width=128, search=search)
    probe = craftgames.new_game("sunrise", 2, 0)
    shape = net.Shape(probe.observation_tensor_size(), probe.num_distinct_actions(), 2, 128)
    pool = train.Pool("local", 2, None)
    start = time.time()
    params = net.to_numpy(net.init(shape, 0))
    result = train.play_match(pool, cfg, shape, params, "mcts:200", 200, train.FINAL_DEALS)
    pool.close()
    result["wall_s"] = time.time() - start
    print(json.dumps(result))
