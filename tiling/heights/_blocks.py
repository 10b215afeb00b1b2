"""Tilings as grids of partner directions, and their flippable 2 x 2 blocks.

Flips and Glauber dynamics work on a ``uint8`` grid of the region's shape in
which each covered cell says where its partner is: :data:`RIGHT`,
:data:`LEFT`, :data:`DOWN` or :data:`UP` (:data:`NONE` off the dominoes).  A
2 x 2 block, named by its top-left cell ``(r, c)``, is *flippable* when two
parallel dominoes cover it: horizontal (``RIGHT`` at ``(r, c)`` and ``(r + 1,
c)``) or vertical (``DOWN`` at ``(r, c)`` and ``(r, c + 1)``).  The flip
replaces one pair by the other and changes the height only at the block's
centre, lattice point ``(r + 1, c + 1)``: it *lowers* it by 4 when the pair
is horizontal and ``r + c`` is even, or vertical and ``r + c`` odd, and
raises it by 4 otherwise (the centre is then a strict local maximum, or
minimum, of the height).
"""

from __future__ import annotations

import numpy as np

from ..model.region import Region
from ..model.tiling import Tiling

__all__ = [
    "NONE",
    "RIGHT",
    "LEFT",
    "DOWN",
    "UP",
    "partner_grid",
    "tiling_from_grid",
    "flippable",
    "lowers",
    "flip_blocks",
]

NONE, RIGHT, LEFT, DOWN, UP = 0, 1, 2, 3, 4


def partner_grid(tiling: Tiling) -> np.ndarray:
    """The tiling as a grid of partner directions (see the module docstring)."""
    grid = np.zeros(tiling.region.shape, dtype=np.uint8)
    d = tiling.dominoes
    if len(d):
        horizontal = d[:, 0, 0] == d[:, 1, 0]
        a, b = d[horizontal, 0], d[horizontal, 1]
        grid[a[:, 0], a[:, 1]] = RIGHT
        grid[b[:, 0], b[:, 1]] = LEFT
        a, b = d[~horizontal, 0], d[~horizontal, 1]
        grid[a[:, 0], a[:, 1]] = DOWN
        grid[b[:, 0], b[:, 1]] = UP
    return grid


def tiling_from_grid(region: Region, grid: np.ndarray) -> Tiling:
    """The Tiling a partner grid describes (dominoes in row-major order of their first cell)."""
    first = (grid == RIGHT) | (grid == DOWN)
    r, c = np.nonzero(first)
    right = grid[r, c] == RIGHT
    second = np.stack([r + (~right).astype(np.int64), c + right.astype(np.int64)], 1)
    return Tiling(region, np.stack([np.stack([r, c], 1), second], 1))


def flippable(grid: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(horizontal, vertical)``: bool grids of shape ``(h - 1, w - 1)`` over blocks' top-left cells.

    ``horizontal[r, c]`` when block ``(r, c)`` holds two horizontal dominoes,
    ``vertical[r, c]`` when it holds two vertical ones.
    """
    tl, tr, bl = grid[:-1, :-1], grid[:-1, 1:], grid[1:, :-1]
    return (tl == RIGHT) & (bl == RIGHT), (tl == DOWN) & (tr == DOWN)


def lowers(horizontal: np.ndarray, vertical: np.ndarray) -> np.ndarray:
    """Among flippable blocks, those whose flip lowers the height at the centre."""
    h, w = horizontal.shape
    even = (np.add.outer(np.arange(h), np.arange(w)) % 2) == 0
    return (horizontal & even) | (vertical & ~even)


def flip_blocks(grid: np.ndarray, rows: np.ndarray, cols: np.ndarray) -> None:
    """Flip the flippable blocks with top-left cells ``(rows, cols)`` in place.

    The blocks must be pairwise disjoint (no cell in two of them).
    """
    horizontal = grid[rows, cols] == RIGHT
    # a horizontal pair becomes vertical (DOWN over UP), a vertical pair horizontal
    grid[rows, cols] = np.where(horizontal, DOWN, RIGHT)
    grid[rows, cols + 1] = np.where(horizontal, DOWN, LEFT)
    grid[rows + 1, cols] = np.where(horizontal, UP, RIGHT)
    grid[rows + 1, cols + 1] = np.where(horizontal, UP, LEFT)
