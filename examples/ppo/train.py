"""Masked PPO on craftgames' batched environment, with JAX, flax and optax.

One seat of 2-player Sunrise at the Studio against the random bot, or solo Níjar against the
Competition, learned from the observation tensor and the legal-action mask alone::

    pip install "craftgames[learn]"
    python examples/ppo/train.py --game sunrise --minutes 5
    python examples/ppo/train.py --game nijar --minutes 5

Before training and after, the greedy policy (the most likely legal action) plays a fixed set of
deals — the same seeds both times, with the learner in every seat in turn — and the script
prints the win rate (solo: the share of games won against the Competition) and the mean margin,
each with a 95% interval. ``--out FILE`` writes those figures as JSON.

The learner is the standard clipped PPO of Schulman et al. (2017) with generalised advantage
estimation; illegal actions get a logit of -1e9 before the softmax, so they are never sampled
and carry no gradient (the "invalid action masking" of Huang & Ontañón, 2020).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

try:
    import flax.linen as nn
    import jax
    import jax.numpy as jnp
    import optax
except ModuleNotFoundError as missing:  # pragma: no cover - the message is the point
    sys.exit(f"this example needs the learn extra: pip install 'craftgames[learn]' ({missing})")

from craftgames.vector import VectorEnv

# What each game's run plays: the seats (the learner is seat 0 in training) and the reward.
SETUPS: dict[str, dict[str, Any]] = {
    "sunrise": {"players": 2, "opponent": "random", "reward": "margin"},
    "nijar": {"players": 1, "opponent": None, "reward": "margin"},
    "sorcery": {"players": 2, "opponent": "random", "reward": "margin"},
}
EVAL_SEED = 2_000_000  # the evaluation deals: far from any training seed stream


class ActorCritic(nn.Module):
    """A two-layer MLP with a policy head over every action id and a value head."""

    actions: int
    width: int = 256

    @nn.compact
    def __call__(self, obs: jax.Array) -> tuple[jax.Array, jax.Array]:
        x = nn.relu(nn.Dense(self.width)(obs))
        x = nn.relu(nn.Dense(self.width)(x))
        logits = nn.Dense(self.actions, kernel_init=nn.initializers.orthogonal(0.01))(x)
        value = nn.Dense(1, kernel_init=nn.initializers.orthogonal(1.0))(x)
        return logits, value[..., 0]


def masked(logits: jax.Array, mask: jax.Array) -> jax.Array:
    return jnp.where(mask, logits, -1e9)


@dataclass
class Config:
    game: str
    envs: int = 64
    steps: int = 32  # learner decisions per env per rollout
    minutes: float = 5.0
    iterations: int | None = None  # a fixed number of updates instead of a time budget
    epochs: int = 4
    minibatches: int = 4
    lr: float = 3e-4
    gamma: float = 1.0  # episodic, rewards at the end: no discounting
    lam: float = 0.95
    clip: float = 0.2
    entropy: float = 0.01
    value_coef: float = 0.5
    reward_scale: float = 0.05  # margins of tens of points, brought near 1 for the critic
    eval_games: int = 200
    seed: int = 0


def make_env(cfg: Config, num: int, learner_seat: int) -> VectorEnv:
    setup = SETUPS[cfg.game]
    seats = ["learner"]
    if setup["opponent"] is not None:
        seats = [setup["opponent"]] * setup["players"]
        seats[learner_seat] = "learner"
    return VectorEnv(cfg.game, setup["players"], num, seats=seats, reward=setup["reward"])


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The Wilson score 95% interval of a win rate (stays inside [0, 1] near 0 and 1)."""
    z, p = 1.96, wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its normal-approximation 95% interval."""
    a = np.asarray(values, dtype=np.float64)
    mean = float(a.mean())
    half = 1.96 * float(a.std(ddof=1)) / math.sqrt(len(a)) if len(a) > 1 else float("nan")
    return mean, mean - half, mean + half


def evaluate(cfg: Config, apply: Any, params: Any) -> dict[str, Any]:
    """The greedy policy over `cfg.eval_games` fixed deals, the learner in every seat in turn."""
    players = SETUPS[cfg.game]["players"]
    opponents = SETUPS[cfg.game]["opponent"] is not None
    wins: list[float] = []
    margins: list[float] = []
    for seat in range(players if opponents else 1):
        games = cfg.eval_games // (players if opponents else 1)
        env = make_env(cfg, games, seat)
        env.reset(seed=EVAL_SEED)  # the same deals with the learner in each seat
        done = np.zeros(games, dtype=bool)
        margin = np.zeros(games)
        while not done.all():
            logits, _ = apply(params, jnp.asarray(env.observations))
            actions = np.asarray(jnp.argmax(masked(logits, jnp.asarray(env.masks)), axis=-1))
            env.step(actions)
            new = env.terminated & ~done
            # The margin reward paid at the end is the learner's final margin.
            margin[new] = env.final_returns[new, seat]
            done |= env.terminated
        margins += margin.tolist()
        wins += (margin > 0).astype(float).tolist()
    win = float(np.mean(wins))
    win_lo, win_hi = wilson(sum(wins), len(wins))
    m, m_lo, m_hi = interval(margins)
    return {
        "games": len(wins),
        "win_rate": win,
        "win_rate_95": [win_lo, win_hi],
        "margin": m,
        "margin_95": [m_lo, m_hi],
    }


def train(cfg: Config, log: Any = print) -> dict[str, Any]:
    """Trains and returns the evaluation before and after, with the run's figures."""
    setup = SETUPS[cfg.game]
    # The learner plays every seat: one batch of games for each, side by side.
    seats = list(range(setup["players"])) if setup["opponent"] is not None else [0]
    per_seat = max(1, cfg.envs // len(seats))
    envs = [make_env(cfg, per_seat, seat) for seat in seats]
    env = envs[0]
    width = per_seat * len(seats)
    model = ActorCritic(env.num_actions)
    key = jax.random.PRNGKey(cfg.seed)
    key, init = jax.random.split(key)
    params = model.init(init, jnp.zeros((1, env.observation_size), jnp.float32))
    batch = width * cfg.steps
    optimizer = optax.chain(optax.clip_by_global_norm(0.5), optax.adam(cfg.lr, eps=1e-5))
    opt_state = optimizer.init(params)
    apply = jax.jit(model.apply)

    @jax.jit
    def act(params: Any, obs: jax.Array, mask: jax.Array, key: jax.Array) -> Any:
        logits, value = model.apply(params, obs)
        logits = masked(logits, mask)
        action = jax.random.categorical(key, logits)
        logp = jax.nn.log_softmax(logits)[jnp.arange(obs.shape[0]), action]
        return action, logp, value

    def loss(params: Any, mb: dict[str, jax.Array]) -> Any:
        logits, value = model.apply(params, mb["obs"])
        logits = masked(logits, mb["mask"])
        logp_all = jax.nn.log_softmax(logits)
        logp = logp_all[jnp.arange(logits.shape[0]), mb["action"]]
        ratio = jnp.exp(logp - mb["logp"])
        adv = (mb["adv"] - mb["adv"].mean()) / (mb["adv"].std() + 1e-8)
        policy = -jnp.minimum(ratio * adv, jnp.clip(ratio, 1 - cfg.clip, 1 + cfg.clip) * adv).mean()
        value_loss = 0.5 * ((value - mb["ret"]) ** 2).mean()
        probs = jnp.exp(logp_all)
        entropy = -(jnp.where(mb["mask"], probs * logp_all, 0.0)).sum(-1).mean()
        return policy + cfg.value_coef * value_loss - cfg.entropy * entropy, (policy, entropy)

    @jax.jit
    def update(params: Any, opt_state: Any, mb: dict[str, jax.Array]) -> Any:
        grads, aux = jax.grad(loss, has_aux=True)(params, mb)
        updates, opt_state = optimizer.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, aux

    before = evaluate(cfg, apply, params)
    log(f"untrained: {describe(before)}")

    obs_buf = np.zeros((cfg.steps, width, env.observation_size), np.float32)
    mask_buf = np.zeros((cfg.steps, width, env.num_actions), bool)
    act_buf = np.zeros((cfg.steps, width), np.int32)
    logp_buf = np.zeros((cfg.steps, width), np.float32)
    val_buf = np.zeros((cfg.steps, width), np.float32)
    rew_buf = np.zeros((cfg.steps, width), np.float32)
    done_buf = np.zeros((cfg.steps, width), np.float32)
    rows = [slice(k * per_seat, (k + 1) * per_seat) for k in range(len(envs))]
    for k, e in enumerate(envs):
        e.reset(seed=cfg.seed * 1000 + k)
    start, cpu0 = time.monotonic(), time.process_time()
    iteration, finished, steps_done = 0, 0, 0
    while True:
        if cfg.iterations is not None and iteration >= cfg.iterations:
            break
        if cfg.iterations is None and time.monotonic() - start > cfg.minutes * 60:
            break
        for t in range(cfg.steps):
            for row, e in zip(rows, envs, strict=True):
                obs_buf[t, row], mask_buf[t, row] = e.observations, e.masks
            key, sub = jax.random.split(key)
            action, logp, value = act(
                params, jnp.asarray(obs_buf[t]), jnp.asarray(mask_buf[t]), sub
            )
            act_buf[t], logp_buf[t], val_buf[t] = action, logp, value
            for row, seat, e in zip(rows, seats, envs, strict=True):
                e.step(act_buf[t, row])
                rew_buf[t, row] = e.rewards[:, seat] * cfg.reward_scale
                done_buf[t, row] = e.terminated
                finished += int(e.terminated.sum())
        _, last_value = apply(params, jnp.asarray(np.concatenate([e.observations for e in envs])))
        adv = np.zeros_like(rew_buf)
        running = np.zeros(width, np.float32)
        following = np.asarray(last_value)
        for t in reversed(range(cfg.steps)):
            live = 1.0 - done_buf[t]
            delta = rew_buf[t] + cfg.gamma * following * live - val_buf[t]
            running = delta + cfg.gamma * cfg.lam * live * running
            adv[t], following = running, val_buf[t]
        data = {
            "obs": obs_buf.reshape(batch, -1),
            "mask": mask_buf.reshape(batch, -1),
            "action": act_buf.reshape(batch),
            "logp": logp_buf.reshape(batch),
            "adv": adv.reshape(batch),
            "ret": (adv + val_buf).reshape(batch),
        }
        order = np.random.default_rng(cfg.seed + iteration)
        size = batch // cfg.minibatches
        for _ in range(cfg.epochs):
            perm = order.permutation(batch)
            for k in range(cfg.minibatches):
                idx = perm[k * size : (k + 1) * size]
                mb = {name: jnp.asarray(v[idx]) for name, v in data.items()}
                params, opt_state, _ = update(params, opt_state, mb)
        iteration += 1
        steps_done += batch
        if iteration % 10 == 0:
            log(f"update {iteration}: {steps_done} decisions, {finished} games finished")
    wall, cpu = time.monotonic() - start, time.process_time() - cpu0
    after = evaluate(cfg, apply, params)
    log(f"trained:   {describe(after)}")
    log(f"{iteration} updates, {steps_done} decisions, {finished} games")
    log(f"training took {wall:.0f} s wall, {cpu:.0f} s CPU")
    return {
        "config": asdict(cfg),
        "before": before,
        "after": after,
        "updates": iteration,
        "decisions": steps_done,
        "games": finished,
        "wall_s": wall,
        "cpu_s": cpu,
    }


def describe(result: dict[str, Any]) -> str:
    lo, hi = result["win_rate_95"]
    mlo, mhi = result["margin_95"]
    return (
        f"win rate {result['win_rate']:.3f} [{lo:.3f}, {hi:.3f}], mean margin "
        f"{result['margin']:.2f} [{mlo:.2f}, {mhi:.2f}] over {result['games']} fixed deals"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(SETUPS), default="sunrise")
    parser.add_argument("--minutes", type=float, default=5.0, help="training time budget")
    parser.add_argument("--iterations", type=int, help="a fixed number of updates instead")
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--steps", type=int, default=32, help="decisions per env per update")
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, help="write the figures as JSON")
    args = parser.parse_args(argv)
    if args.envs < 1 or args.steps < 1 or args.eval_games < 2:
        parser.error("--envs and --steps must be at least 1, --eval-games at least 2")
    cfg = Config(
        game=args.game,
        envs=args.envs,
        steps=args.steps,
        minutes=args.minutes,
        iterations=args.iterations,
        eval_games=args.eval_games,
        seed=args.seed,
        minibatches=min(4, args.envs * args.steps),
    )
    result = train(cfg)
    if args.out is not None:
        from craftgames.atomic import write_text

        write_text(args.out, json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
