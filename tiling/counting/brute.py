"""Backtracking enumeration of tilings: obviously correct, exponentially slow.

The first uncovered cell in row-major order has no uncovered cell before it,
so a domino covering it must reach to its right or below it.  Trying both,
recursively, visits every tiling exactly once.  The cost grows with the number
of tilings; use it for small regions and for checking the fast methods.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from ..errors import TooLargeError
from ..model.region import Region, require_region
from ..model.tiling import Tiling

__all__ = ["enumerate_tilings", "count_tilings", "MAX_CELLS"]

#: Largest region (in cells) that :func:`count_tilings` accepts.
MAX_CELLS = 48


def _search(mask):
    """Depth-first search over tilings of the free cells of ``mask`` (modified in place).

    Yields, once per tiling, the list of dominoes placed (pairs of flat cell
    indices; the list is reused, copy it to keep it).  Uses an explicit stack,
    so depth is not limited by Python's recursion limit.
    """
    h, w = mask.shape
    free = mask.ravel()
    placed = []
    # Each frame: (cell index of the domino's first cell, choice tried: 0 right, 1 down, 2 done)
    stack = []
    start = 0
    while True:
        # find first free cell from `start`
        nz = np.flatnonzero(free[start:])
        if nz.size == 0:
            yield placed
        else:
            stack.append([start + int(nz[0]), -1])
        # advance: try next choice at top of stack, backtracking as needed
        while stack:
            frame = stack[-1]
            p, choice = frame
            if choice >= 0:  # undo the previous choice
                q = p + 1 if choice == 0 else p + w
                free[p] = free[q] = True
                placed.pop()
            advanced = False
            for nxt in range(choice + 1, 2):
                q = p + 1 if nxt == 0 else p + w
                if nxt == 0 and (p % w == w - 1):
                    continue
                if q >= h * w or not free[q]:
                    continue
                free[p] = free[q] = False
                placed.append((p, q))
                frame[1] = nxt
                advanced = True
                break
            if advanced:
                start = p + 1
                break
            stack.pop()
        else:
            return


def enumerate_tilings(region: Region) -> Iterator[Tiling]:
    """Yield every perfect tiling of ``region``, one :class:`Tiling` at a time.

    Algorithm: backtracking over the first uncovered cell (row-major), which
    must be covered by a domino to its right or below.  Exponential time in
    the worst case (dead ends cost time even when there is no tiling; regions
    with an odd or unbalanced component are answered at once); memory
    O(cells).

    Examples
    --------
    >>> len(list(enumerate_tilings(Region.rectangle(2, 4))))
    5
    """
    require_region(region, "enumerate_tilings")
    if region.trivially_untileable():
        return
    w = region.shape[1]
    for placed in _search(region.mask.copy()):
        flat = np.array(placed, dtype=np.int64)  # (k, 2) flat indices
        yield Tiling(region, np.stack([flat // w, flat % w], axis=-1))


def count_tilings(region: Region) -> int:
    """Number of perfect tilings of ``region`` by exhaustive backtracking.

    For regions of at most :data:`MAX_CELLS` cells; larger ones raise
    :class:`~tiling.errors.TooLargeError`.

    Examples
    --------
    >>> count_tilings(Region.rectangle(4, 4))
    36
    """
    require_region(region, "count_tilings")
    if region.trivially_untileable():
        return 0
    if region.n_cells > MAX_CELLS:
        raise TooLargeError(
            f"brute-force enumeration is limited to {MAX_CELLS} cells and this region has "
            f"{region.n_cells}; use method='dp', 'kasteleyn' or 'auto'"
        )
    total = 1
    for _, _, part in region.cropped_components():
        total *= sum(1 for _ in _search(part.copy()))
        if total == 0:
            return 0
    return total
