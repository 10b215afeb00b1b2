"""Slow, obviously-correct reference methods the fast solvers are checked against.

Written independently of the package: nothing here imports a solver.
"""

from functools import cache

import mpmath
import numpy as np


def count_tilings_memo(mask):
    """Number of domino tilings of the True cells of ``mask``.

    Memoised recursion on the set of uncovered cells: the smallest uncovered
    cell (row-major) pairs with its right or lower neighbour.
    """
    cells = frozenset(map(tuple, np.argwhere(np.asarray(mask)).tolist()))

    @cache
    def go(free):
        if not free:
            return 1
        r, c = min(free)
        total = 0
        for other in ((r, c + 1), (r + 1, c)):
            if other in free:
                total += go(free - {(r, c), other})
        return total

    return go(cells)


def kasteleyn_rectangle(m, n):
    """Kasteleyn's product formula for the m x n board, evaluated in high precision.

    T(m, n) = prod_{j=1}^{ceil(m/2)} prod_{k=1}^{ceil(n/2)}
              (4 cos^2(pi j/(m+1)) + 4 cos^2(pi k/(n+1)))
    """
    if (m * n) % 2:
        return 0
    digits = int(0.3 * m * n) + 60
    with mpmath.workdps(digits):
        total = mpmath.mpf(1)
        for j in range(1, (m + 1) // 2 + 1):
            cj = mpmath.cos(mpmath.pi * j / (m + 1)) ** 2
            for k in range(1, (n + 1) // 2 + 1):
                ck = mpmath.cos(mpmath.pi * k / (n + 1)) ** 2
                total *= 4 * cj + 4 * ck
        value = int(mpmath.nint(total))
        assert abs(total - value) < mpmath.mpf("0.01")
    return value


def is_valid_tiling(mask, dominoes, perfect=True):
    """Independent check: dominoes lie on cells of ``mask``, are adjacent pairs, do not overlap."""
    mask = np.asarray(mask)
    seen = set()
    for (a, b), (c, d) in np.asarray(dominoes).reshape(-1, 2, 2).tolist():
        if abs(a - c) + abs(b - d) != 1:
            return False
        for r, s in ((a, b), (c, d)):
            if not (0 <= r < mask.shape[0] and 0 <= s < mask.shape[1] and mask[r, s]):
                return False
            if (r, s) in seen:
                return False
            seen.add((r, s))
    return len(seen) == int(mask.sum()) if perfect else True
