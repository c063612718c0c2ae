"""Statistics for the search tournament: Wilson intervals and a Bradley-Terry ranking."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate `wins / n` (``(0, 1)`` for no games)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def bradley_terry(
    names: Sequence[str], wins: Mapping[tuple[str, str], float], iterations: int = 2000
) -> dict[str, float]:
    """Bradley-Terry strengths from pairwise `wins[a, b]` (games a won against b), on the Elo
    scale (400·log10 of the strength) with mean 0.

    Fitted by the minorization-maximization updates of Hunter (2004). Half a win is added to
    each side of every pairing played, a weak prior that keeps a variant that won (or lost)
    everything finite.
    """
    played = {(a, b) for a, b in wins} | {(b, a) for a, b in wins}
    w = {pair: wins.get(pair, 0.0) + (0.5 if pair in played else 0.0) for pair in played}
    strength = dict.fromkeys(names, 1.0)
    for _ in range(iterations):
        new = {}
        for a in names:
            total = sum(v for (x, _), v in w.items() if x == a)
            denom = sum((w[a, b] + w[b, a]) / (strength[a] + strength[b]) for (x, b) in w if x == a)
            new[a] = total / denom if denom else strength[a]
        mean_log = sum(math.log(v) for v in new.values()) / len(new)
        strength = {a: v / math.exp(mean_log) for a, v in new.items()}
    return {a: 400 * math.log10(v) for a, v in strength.items()}
