"""A weighted broken-profile DP over any ring of values, with edges that may wrap around.

The sweep of :mod:`tiling.counting.transfer` is tuned for exact integer
counts (machine-word limbs, no weights).  This one carries one value per
profile of any type numpy can hold in an object array (Python ints,
Fractions, sympy polynomial ring elements) or float64 (rescaled by powers of
two every row, so that it never overflows), multiplies each domino's weight
in as the domino is placed, and lets the columns wrap (a horizontal domino
on ``(r, cols - 1), (r, 0)``) and the rows wrap (a vertical domino on
``(rows - 1, c), (0, c)``), for the cylinder and the torus.

Cells are swept in row-major order.  Before cell ``(r, c)`` bit ``j`` of the
profile tells whether the frontier cell of column ``j`` (``(r + 1, j)`` for
``j < c``, ``(r, j)`` for ``j >= c``) is already covered; with wrapping
columns one more bit tells that ``(r, cols - 1)`` is covered by a domino
started at ``(r, 0)`` across the seam.  With wrapping rows the first row's
profile is a free choice ``S`` (the columns covered from the last row across
the seam) and the sweep runs for every ``S`` at once, as the columns of a
matrix: the count is its trace, the sum over ``S`` of the weight of the
paths that come back to ``S``.  Time O(cells 2**b k) ring operations for
``b`` profile bits and ``k`` starting profiles (``k = 2**cols`` on the
torus, 1 otherwise).

Reference: E. H. Lieb, "Solution of the dimer problem by the transfer
matrix method", J. Math. Phys. 8 (1967).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

__all__ = ["sweep", "profile_bits", "FLOAT_ERROR_PER_CELL"]

#: Relative error of the float sweep per cell, in units of 2**-53 (non-negative weights).
FLOAT_ERROR_PER_CELL = 2.1


def profile_bits(cols: int, wrap_cols: bool) -> int:
    """Bits of the profile: one per column, one more for a domino across the column seam."""
    return cols + (1 if wrap_cols and cols >= 2 else 0)


def _scalar(value: Any) -> np.ndarray:
    """``value`` as a 0-d object array: numpy never looks inside it (sympy ring elements
    are dicts)."""
    out = np.empty((), dtype=object)
    out[()] = value
    return out


def sweep(
    mask: np.ndarray,
    horizontal: np.ndarray,
    vertical: np.ndarray,
    *,
    wrap_cols: bool = False,
    wrap_rows: bool = False,
    zero: Any = 0,
    one: Any = 1,
    floats: bool = False,
) -> tuple[Any, int]:
    """The weighted count of the perfect matchings of a grid graph, by the profile DP.

    Parameters
    ----------
    mask : (rows, cols) bool array
        The cells (full when anything wraps).
    horizontal, vertical : (rows, cols) arrays
        ``horizontal[r, c]``: weight of the domino ``(r, c), (r, c + 1)``;
        with ``wrap_cols``, ``horizontal[r, cols - 1]`` is that of
        ``(r, cols - 1), (r, 0)``.  ``vertical[r, c]``: weight of
        ``(r, c), (r + 1, c)``; with ``wrap_rows``, ``vertical[rows - 1, c]``
        is that of ``(rows - 1, c), (0, c)``.  Entries for positions that are
        no domino are not read.
    wrap_cols, wrap_rows : bool
        Whether the last column touches the first, the last row the first
        (ignored for one column or one row: a domino needs two cells).
    zero, one : ring elements
        The ring's zero and one (object arrays).
    floats : bool
        Compute in float64 instead (the weights must be floats): the values
        are divided by a power of two after every row and the exponents added
        up, so nothing overflows.

    Returns
    -------
    (value, exponent)
        The count is ``value * 2**exponent`` (``exponent`` is 0 unless
        ``floats``).
    """
    rows, cols = mask.shape
    wrap_cols = wrap_cols and cols >= 2
    wrap_rows = wrap_rows and rows >= 2
    bits = profile_bits(cols, wrap_cols)
    n_states = 1 << bits
    seam = 1 << cols  # the bit of a domino across the column seam
    starts = 1 << cols if wrap_rows else 1
    states = np.arange(n_states, dtype=np.int64)
    if floats:
        X = np.zeros((n_states, starts))
    else:
        X = np.empty((n_states, starts), dtype=object)
        X.fill(zero)
    X[np.arange(starts), np.arange(starts)] = 1.0 if floats else one
    exponent = 0
    moves_cache: dict = {}
    for r in range(rows):
        for c in range(cols):
            below = (r + 1 < rows and bool(mask[r + 1, c])) or (wrap_rows and r == rows - 1)
            right = c + 1 < cols and bool(mask[r, c + 1])
            left_wrap = wrap_cols and c == 0 and bool(mask[r, cols - 1])
            last_wrap = wrap_cols and c == cols - 1
            key = (c, bool(mask[r, c]), below, right, left_wrap, last_wrap)
            moves = moves_cache.get(key)
            if moves is None:
                moves = moves_cache[key] = _moves(states, c, seam, *key[1:])
            new = np.zeros_like(X) if floats else np.empty_like(X)
            if not floats:
                new.fill(zero)
            for kind, src, tgt in moves:
                if kind == "keep":
                    new[tgt] += X[src]
                    continue
                w = horizontal[r, c] if kind == "right" else vertical[r, c]
                if kind == "wrap":
                    w = horizontal[r, cols - 1]
                if floats:
                    new[tgt] += X[src] * float(w)
                else:
                    new[tgt] += X[src] * _scalar(w)
            X = new
        if floats:
            peak = float(np.abs(X).max())
            if peak > 0 and math.isfinite(peak):
                e = math.frexp(peak)[1]
                X = np.ldexp(X, -e)
                exponent += e
    if wrap_rows:
        value = X[np.arange(starts), np.arange(starts)].sum()
    else:
        value = X[0, 0]
    return value, exponent


def _moves(states, c, seam, present, below, right, left_wrap, last_wrap):
    """Index arrays ``(kind, sources, targets)`` for one cell; targets of one kind are distinct."""
    bit = 1 << c
    has = (states & bit) != 0
    if not present:
        src = states[~has]
        return [("keep", src, src)]
    moves = []
    free = ~has
    covered = has
    if last_wrap:
        on_seam = (states & seam) != 0
        covered = has & ~on_seam  # covered from above (covered twice: dropped)
        by_seam = ~has & on_seam
        moves.append(("keep", states[by_seam], states[by_seam] ^ seam))
        free = ~has & ~on_seam
    moves.append(("keep", states[covered], states[covered] ^ bit))
    if below:
        src = states[free]
        moves.append(("down", src, src | bit))
    if right:
        src = states[free & ((states & (bit << 1)) == 0)]
        moves.append(("right", src, src | (bit << 1)))
    if left_wrap:
        src = states[free & ((states & seam) == 0)]
        moves.append(("wrap", src, src | seam))
    return moves
