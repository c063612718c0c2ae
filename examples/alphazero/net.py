"""The policy-value network, its training step and its checkpoints (flax + optax on the CPU).

The network reads one observation tensor, which the engine writes relative to its viewer (the
seat to act first, then the seats after it), and answers in the same frame: logits over every
action id and one value per seat, column ``k`` the seat ``k`` places after the seat to act —
what ``craftgames.guided`` reads with ``values="relative"``. Values are on the search's
``[0, 1]`` reward scale (a sigmoid), so a value head and a finished game speak the same units.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax

from craftgames.atomic import write_bytes

Params = Any  # a flax parameter tree


@dataclass(frozen=True)
class Shape:
    """What the network reads and answers: one game at one player count."""

    observation: int
    actions: int
    players: int
    width: int = 256


class PolicyValue(nn.Module):
    """An MLP trunk with a policy head (logits over every action id) and a value head."""

    actions: int
    players: int
    width: int

    @nn.compact
    def __call__(self, obs: jax.Array) -> tuple[jax.Array, jax.Array]:
        x = nn.relu(nn.Dense(self.width)(obs))
        x = nn.relu(nn.Dense(self.width)(x))
        logits = nn.Dense(self.actions, kernel_init=nn.initializers.zeros)(x)
        value = nn.sigmoid(nn.Dense(self.players, kernel_init=nn.initializers.zeros)(x))
        return logits, value


def model(shape: Shape) -> PolicyValue:
    return PolicyValue(shape.actions, shape.players, shape.width)


def init(shape: Shape, seed: int) -> Params:
    """Fresh parameters. The heads start at zero: uniform priors and a value of 0.5 for every
    seat, so an untrained network guides search like the uniform guide."""
    dummy = jnp.zeros((1, shape.observation), jnp.float32)
    return model(shape).init(jax.random.PRNGKey(seed), dummy)


def to_numpy(params: Params) -> Params:
    """The parameters as numpy arrays, to send to worker processes or Ray tasks."""
    return jax.tree_util.tree_map(np.asarray, params)


@dataclass(frozen=True)
class Batch:
    """Training examples: the acting seat's observation and mask, the search's visit policy
    and the game's result for every seat in the network's frame."""

    obs: np.ndarray  # (N, D) float32
    mask: np.ndarray  # (N, A) bool
    policy: np.ndarray  # (N, A) float32, visit shares
    value: np.ndarray  # (N, P) float32, [0, 1]


def losses(shape: Shape, params: Params, b: dict[str, jax.Array]) -> tuple[jax.Array, Any]:
    logits, value = model(shape).apply(params, b["obs"])
    logp = jax.nn.log_softmax(jnp.where(b["mask"], logits, -1e9))
    # Cross-entropy against the visit policy (zero outside the legal actions).
    policy = -(b["policy"] * jnp.where(b["mask"], logp, 0.0)).sum(-1).mean()
    value_loss = ((value - b["value"]) ** 2).sum(-1).mean()
    return policy + value_loss, (policy, value_loss)


def optimizer(lr: float) -> optax.GradientTransformation:
    return optax.chain(optax.clip_by_global_norm(1.0), optax.adamw(lr, weight_decay=1e-4))


@partial(jax.jit, static_argnums=(0, 1))
def update(
    shape: Shape,
    opt: optax.GradientTransformation,
    params: Params,
    opt_state: Any,
    b: dict[str, jax.Array],
) -> tuple[Params, Any, Any]:
    grads, aux = jax.grad(partial(losses, shape), has_aux=True)(params, b)
    updates, opt_state = opt.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, aux


def save(path: Path, shape: Shape, params: Params) -> None:
    """Writes a checkpoint atomically: the flat parameter arrays and the shape, as ``.npz``."""
    flat, _ = jax.tree_util.tree_flatten_with_path(params)
    arrays = {jax.tree_util.keystr(k): np.asarray(v) for k, v in flat}
    arrays["shape"] = np.array([shape.observation, shape.actions, shape.players, shape.width])
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)  # type: ignore[arg-type]
    write_bytes(path, buffer.getvalue())


def load(path: Path) -> tuple[Shape, Params]:
    """Reads a checkpoint written by `save` (arrays only: nothing in the file is executed).
    Raises ``ValueError`` naming the file for anything else (another network's arrays, a
    truncated or foreign file), ``OSError`` if it cannot be read."""
    try:
        archive = np.load(path, allow_pickle=False)
    except (ValueError, EOFError, zipfile.BadZipFile) as e:
        # (numpy's own words for a foreign file invite loading it unsafely: not repeated)
        raise ValueError(
            f"{path}: not a checkpoint (an .npz of arrays): {type(e).__name__}"
        ) from None
    if not isinstance(archive, np.lib.npyio.NpzFile):
        raise ValueError(f"{path}: not a checkpoint (one array, not an .npz of arrays)")
    with archive as data:
        try:
            shape = Shape(*(int(x) for x in data["shape"]))
        except (KeyError, ValueError, TypeError) as e:
            raise ValueError(f"{path}: not a checkpoint (no network shape): {e}") from None
        template = init(shape, 0)
        flat, tree = jax.tree_util.tree_flatten_with_path(template)
        leaves = []
        for key, leaf in flat:
            name = jax.tree_util.keystr(key)
            if name not in data or data[name].shape != leaf.shape:
                raise ValueError(f"{path}: not a checkpoint of this network ({name})")
            leaves.append(np.asarray(data[name]))
    return shape, jax.tree_util.tree_unflatten(tree, leaves)
