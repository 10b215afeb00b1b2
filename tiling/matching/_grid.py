"""The cell graph of a region as a bipartite graph: colour-0 cells left, colour-1 right.

Each left vertex's neighbours sit in a fixed ``(n0, 4)`` array (up, right,
down, left; -1 where there is none): the CSR structure of a grid graph with
every row padded to four.  This module is the only one here that knows the
square grid; the matching algorithms work on the neighbour arrays.
"""

from __future__ import annotations

import numpy as np

from ..model.tiling import Tiling

__all__ = ["NONE", "ABSENT", "bipartite", "index_grid", "neighbour_array", "to_tiling"]

NONE = -1
ABSENT = -2  # sentinel mate of a missing neighbour
_STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # up, right, down, left


def bipartite(region):
    """Left cells, right cells, the colour-0 mask, right-index grid and neighbour array."""
    mask = region.mask
    h, w = mask.shape
    color1 = (np.add.outer(np.arange(h), np.arange(w)) % 2).astype(bool)
    lmask = mask & ~color1
    left = np.argwhere(lmask)
    right = np.argwhere(mask & color1)
    rindex = index_grid(mask.shape, right)
    return left, right, lmask, rindex, neighbour_array(rindex, left)


def index_grid(shape, cells):
    """Index of each of ``cells`` per grid position, -1 elsewhere, padded by one so shifts never wrap."""
    index = np.full((shape[0] + 2, shape[1] + 2), NONE, dtype=np.int32)
    index[cells[:, 0] + 1, cells[:, 1] + 1] = np.arange(len(cells), dtype=np.int32)
    return index


def neighbour_array(index, cells):
    """The (k, 4) array of the indexed cells next to each of ``cells`` (up, right, down, left)."""
    nbr = np.empty((len(cells), 4), dtype=np.int32)
    for k, (dr, dc) in enumerate(_STEPS):
        nbr[:, k] = index[cells[:, 0] + 1 + dr, cells[:, 1] + 1 + dc]
    return nbr


def to_tiling(region, left, right, match_l):
    matched = np.flatnonzero(match_l >= 0)
    dominoes = np.stack([left[matched], right[match_l[matched]]], axis=1)
    return Tiling(region, dominoes)
