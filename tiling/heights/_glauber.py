"""Glauber dynamics: random flips, vectorised over independent blocks."""

from __future__ import annotations

from typing import Any

import numpy as np

from .._validation import as_rng, non_negative_int, positive_int
from ..model.tiling import Tiling
from ._blocks import DOWN, LEFT, RIGHT, UP, partner_grid, tiling_from_grid
from ._height import _perfect

__all__ = ["glauber", "glauber_steps"]

# The four classes of blocks by the parity of their top-left cell.  Blocks of
# one class share no cell, so a class is updated at once.
_CLASSES = ((0, 0), (1, 1), (0, 1), (1, 0))


def _coins(rng: np.random.Generator, n: int) -> np.ndarray:
    """``n`` fair random booleans, eight from each random byte."""
    raw = np.frombuffer(rng.bytes((n + 7) // 8), dtype=np.uint8)
    return np.unpackbits(raw, count=n).view(bool)


def _sweep(grid: np.ndarray, rng: np.random.Generator) -> None:
    """One heat-bath sweep in place: each block, class by class, flipped with probability 1/2 if flippable."""
    h, w = grid.shape
    coins = _coins(rng, max((h - 1) * (w - 1), 0))
    used = 0
    for a, b in _CLASSES:
        tl = grid[a : h - 1 : 2, b : w - 1 : 2]
        if tl.size == 0:
            continue
        tr = grid[a : h - 1 : 2, b + 1 : w : 2]
        bl = grid[a + 1 : h : 2, b : w - 1 : 2]
        br = grid[a + 1 : h : 2, b + 1 : w : 2]
        coin = coins[used : used + tl.size].reshape(tl.shape)
        used += tl.size
        to_vertical = (tl == RIGHT) & (bl == RIGHT) & coin
        to_horizontal = (tl == DOWN) & (tr == DOWN) & coin
        np.copyto(tl, DOWN, where=to_vertical)
        np.copyto(tr, DOWN, where=to_vertical)
        np.copyto(bl, UP, where=to_vertical)
        np.copyto(br, UP, where=to_vertical)
        np.copyto(tl, RIGHT, where=to_horizontal)
        np.copyto(tr, LEFT, where=to_horizontal)
        np.copyto(bl, RIGHT, where=to_horizontal)
        np.copyto(br, LEFT, where=to_horizontal)


def glauber(tiling: Tiling, sweeps: int, *, rng: Any = None) -> Tiling:
    """The tiling after ``sweeps`` sweeps of heat-bath Glauber dynamics.

    Parameters
    ----------
    tiling : Tiling
        A perfect tiling to start from.
    sweeps : int
        The number of sweeps.  A sweep visits every 2 x 2 block of the
        region's box once: a block covered by two parallel dominoes is
        flipped with probability 1/2 (the heat-bath rule: its two states are
        equally likely afterwards).
    rng : None, int, numpy.random.SeedSequence or numpy.random.Generator

    Returns
    -------
    Tiling

    Notes
    -----
    Blocks are visited in four classes by the parity of their top-left cell;
    blocks of one class share no cell, so a class is one vectorised update
    (a few numpy operations over a quarter of the blocks), with one random
    bit per block.  Each block update is a symmetric transition, so every
    sweep leaves the uniform law on tilings invariant, and flips connect
    all tilings with the same flux (:func:`flux`): the chain converges to
    the uniform law on the tilings of the start's flux class (all tilings,
    for a simply connected region).

    **This is not an exact sampler**: after finitely many sweeps the law is
    only close to uniform, and how close is not known in advance (the
    number of sweeps needed grows quickly with the size of the region).
    For exactly uniform tilings use :func:`tiling.sample`.  O(cells) per
    sweep.

    Examples
    --------
    >>> from tiling import Region
    >>> from tiling.heights import min_tiling
    >>> t = glauber(min_tiling(Region.rectangle(6, 6)), 50, rng=1)
    >>> t.is_perfect
    True
    """
    return _run(tiling, sweeps, rng, None, "glauber")[-1]


def glauber_steps(tiling: Tiling, sweeps: int, *, rng: Any = None, every: int = 1) -> list[Tiling]:
    """The tilings visited by :func:`glauber`, for animations.

    Parameters
    ----------
    tiling : Tiling
    sweeps : int
    rng : None, int, numpy.random.SeedSequence or numpy.random.Generator
        The same seed gives the same states as :func:`glauber`.
    every : int
        Keep the state after every ``every`` sweeps.

    Returns
    -------
    list of Tiling
        The start, then the state after each ``every`` sweeps (and the final
        one): ``sweeps // every + 1`` tilings when ``every`` divides ``sweeps``.

    Examples
    --------
    >>> from tiling import Region
    >>> from tiling.heights import min_tiling
    >>> len(glauber_steps(min_tiling(Region.rectangle(4, 4)), 10, rng=0, every=2))
    6
    """
    return _run(tiling, sweeps, rng, positive_int(every, "every", "glauber_steps"), "glauber_steps")


def _run(tiling: Any, sweeps: Any, rng: Any, every: int | None, who: str) -> list[Tiling]:
    """The start and the states after every ``every`` sweeps (None: only the last)."""
    t = _perfect(tiling, who)
    sweeps = non_negative_int(sweeps, "sweeps", who)
    rng = as_rng(rng)
    grid = partner_grid(t)
    states = [t]
    for i in range(1, sweeps + 1):
        _sweep(grid, rng)
        if i == sweeps or (every is not None and i % every == 0):
            states.append(tiling_from_grid(t.region, grid))
    return states
