"""The symbolic plan of the integer sweep: which row defines which column, level by level.

See :mod:`tiling.linalg.determinant` for what the sweep computes and why it is exact.
"""

from __future__ import annotations

import math

import numpy as np
import scipy.sparse as sp
import scipy.sparse.csgraph as csgraph

from .ordering import order_candidates
from .primes import product

__all__ = ["Plan", "best_plan"]


class Plan:
    """The sweep for one matrix: which rows define which columns, level by level.

    Attributes: ``levels`` (a list of dicts of numpy arrays, see
    :func:`_make_plan`), ``n_slots`` (rows of the work array), ``d`` (size of
    the dense Schur complement), ``sign`` (of the row and column
    permutations) and ``pivot_product`` (``det T``), so that
    ``det A = sign * pivot_product * det S``.
    """

    def __init__(self, levels, n_slots, d, sign, pivot_product, scan=None):
        # a list, or a function that builds it: only the integer sweep reads the
        # levels, and the p-adic route with a sharp bound never runs that sweep
        self._levels = levels
        self.n_slots = n_slots
        self.d = d
        self.sign = sign
        self.pivot_product = pivot_product
        #: the scan itself, for the modular kernels of :mod:`._dixon`: ``sigma``
        #: (row -> defined column or -1), ``slot`` (column -> row of the work
        #: array), ``coord`` (free column -> coordinate or -1), ``con_index``
        #: (constraint row -> row of S or -1), ``row_order`` (rows by level),
        #: ``level_starts`` (bounds of the levels in ``row_order``), ``free_order``
        #: (free columns by coordinate), ``free_level`` (level at which each
        #: coordinate appears) and ``da`` (vector length at each level)
        self.scan = scan

    @property
    def levels(self):
        if callable(self._levels):
            self._levels = self._levels()
        return self._levels


def _perm_sign(perm):
    """Sign of a permutation given as an array of distinct indices 0..n-1."""
    perm = np.asarray(perm)
    n = len(perm)
    if n == 0:
        return 1
    graph = sp.csr_matrix((np.ones(n), (np.arange(n), perm)), shape=(n, n))
    n_cycles = csgraph.connected_components(graph, directed=True, connection="weak")[0]
    return -1 if (n - n_cycles) % 2 else 1


def _scan(csr, order):
    """Choose the defined column of each row, in scan ``order``.

    Row ``i`` defines a column of its row that no earlier row mentions,
    preferring one whose entry is a unit (+1 or -1: no denominators).  A
    row's level is one more than the levels of the defined columns it reads
    (free columns are ready at level 0), so the rows of one level can be
    processed together.

    Returns ``sigma`` (row -> defined column or -1), ``definer`` (column ->
    row or -1), ``level_row`` and ``referenced`` (column mentioned at all).
    """
    n = csr.shape[0]
    unit = (csr.data == 1) | (csr.data == -1)
    referenced = bytearray(n)
    sigma = [-1] * n
    definer = [-1] * n
    level_row = [0] * n
    level_col = [0] * n
    indptr = csr.indptr.tolist()
    indices = csr.indices.tolist()
    unit = unit.tolist()
    for i in order.tolist():
        lo, hi = indptr[i], indptr[i + 1]
        choice = fallback = -1
        for k in range(lo, hi):
            if not referenced[indices[k]]:
                if unit[k]:
                    choice = indices[k]
                    break
                if fallback < 0:
                    fallback = indices[k]
        if choice < 0:
            choice = fallback
        lev = 0
        for j in indices[lo:hi]:
            if j != choice and definer[j] >= 0 and level_col[j] > lev:
                lev = level_col[j]
            referenced[j] = 1
        level_row[i] = lev + 1
        if choice >= 0:
            sigma[i] = choice
            definer[choice] = i
            level_col[choice] = lev + 1
    return (
        np.array(sigma, dtype=np.int64),
        np.array(definer, dtype=np.int64),
        np.array(level_row, dtype=np.int64),
        np.frombuffer(bytes(referenced), dtype=np.uint8).astype(bool),
    )


def _uses(csr, level_row):
    """First and last level at which each column is read."""
    n = csr.shape[0]
    entry_level = np.repeat(level_row, np.diff(csr.indptr))
    first = np.full(n, np.iinfo(np.int64).max, dtype=np.int64)
    np.minimum.at(first, csr.indices, entry_level)
    last = np.zeros(n, dtype=np.int64)
    np.maximum.at(last, csr.indices, entry_level)
    return first, last


def _estimate(csr, scan):
    """Predicted work of a scan: vector entries combined plus the dense determinant."""
    sigma, definer, level_row, _ = scan
    first, _ = _uses(csr, level_row)
    free_first = np.sort(first[definer < 0])
    active = np.searchsorted(free_first, level_row, side="right")  # vector length per row
    d = len(free_first)
    return float(np.dot(active, np.diff(csr.indptr))) + d**3 / 3.0


def _assign_slots(start, last):
    """Interval colouring: a slot is reused once its column's last reader has run.

    Slot 0 is never assigned: it stays zero and serves as padding.
    """
    import heapq

    n = len(start)
    slot = np.zeros(n, dtype=np.int64)
    heap, n_slots = [], 1
    start_l, last_l = start.tolist(), last.tolist()
    for j in np.lexsort((np.arange(n), start)).tolist():
        if heap and heap[0][0] < start_l[j]:
            sl = heapq.heappop(heap)[1]
        else:
            sl = n_slots
            n_slots += 1
        slot[j] = sl
        heapq.heappush(heap, (last_l[j], sl))
    return slot, n_slots


def _make_plan(csr, order, scan):
    """Turn a scan into per-level arrays for the numeric sweep."""
    n = csr.shape[0]
    sigma, definer, level_row, _ = scan
    free = np.flatnonzero(definer < 0)
    con = np.flatnonzero(sigma < 0)
    d = len(free)
    first, last = _uses(csr, level_row)
    # free coordinates numbered by first use, so vectors at a level use a prefix
    free = free[np.argsort(first[free], kind="stable")]
    coord = np.full(n, -1, dtype=np.int64)
    coord[free] = np.arange(d)
    start = np.where(definer >= 0, level_row[np.maximum(definer, 0)], first)
    slot, n_slots = _assign_slots(start, last)
    # det A = sign(row perm) sign(col perm) prod(pivots) det S, where rows
    # are (defining rows in scan order, constraint rows) and columns (their
    # defined columns, free columns in coordinate order)
    ordered = np.asarray(order, dtype=np.int64)
    defs_in_order = ordered[sigma[ordered] >= 0]
    row_perm = np.concatenate([defs_in_order, con])
    col_perm = np.concatenate([sigma[defs_in_order], free])
    pivots = _entries(csr, np.arange(n), np.maximum(sigma, 0))  # meaningful where sigma >= 0
    sign = _perm_sign(row_perm) * _perm_sign(col_perm)
    pivot_product = product(pivots[defs_in_order].tolist())
    con_index = np.full(n, -1, dtype=np.int64)
    con_index[con] = np.arange(d)
    n_levels = int(level_row.max())
    by_level = np.argsort(level_row, kind="stable")
    bounds = np.searchsorted(level_row[by_level], np.arange(1, n_levels + 2))
    free_upto = np.searchsorted(first[free], np.arange(1, n_levels + 1), side="right")

    def build_levels():
        levels, seen_free = [], 0
        for L in range(1, n_levels + 1):
            rows = by_level[bounds[L - 1] : bounds[L]]
            da = int(free_upto[L - 1])
            new_free = free[seen_free:da]
            seen_free = da
            defs = rows[sigma[rows] >= 0]
            cons = rows[sigma[rows] < 0]
            scale = _lcm(pivots[defs].tolist())
            d_slots, d_coef = _terms(csr, defs, sigma[defs], slot, pivots[defs], scale)
            c_slots, c_coef = _terms(csr, cons, None, slot)
            levels.append(
                {
                    "da": da,
                    "free_slots": slot[new_free],
                    "free_coords": coord[new_free],
                    "def_slots": slot[sigma[defs]],
                    "def_term_slots": d_slots,
                    "def_coefs": d_coef,
                    "con_rows": con_index[cons],
                    "con_term_slots": c_slots,
                    "con_coefs": c_coef,
                    "scale": scale,
                }
            )
        return levels

    scan_arrays = {
        "sigma": sigma,
        "slot": slot,
        "coord": coord,
        "con_index": con_index,
        "row_order": by_level,
        "level_starts": bounds,
        "free_order": free,
        "free_start": start[free] if d else np.zeros(0, np.int64),
        "da": free_upto,
        "pivots": pivots,
    }
    return Plan(build_levels, n_slots, d, sign, pivot_product, scan_arrays)


def _entries(csr, rows, cols):
    """The entries ``csr[rows[k], cols[k]]`` (all structurally nonzero), as an array."""
    ptr, columns, values = csr.rows(rows)
    row_of = np.repeat(np.arange(len(rows)), np.diff(ptr))
    hit = columns == np.asarray(cols)[row_of]
    out = np.zeros(len(rows), dtype=csr.dtype)
    out[row_of[hit]] = values[hit]
    return out


def _lcm(values):
    """Least common multiple of the absolute values (1 for an empty list)."""
    out = 1
    for v in values:
        v = abs(int(v))
        if v != 1:
            out = out * v // math.gcd(out, v)
    return out


def _terms(csr, rows, defined, slot, pivots=None, scale=1):
    """Padded ``(len(rows), t)`` arrays of slots and coefficients of ``rows``.

    For defining rows (``defined`` gives their defined columns, ``pivots``
    their entries there) the equation ``sum_j a_ij x_j = 0`` is solved for the
    defined column, scaled by the level's ``scale`` (a multiple of every
    pivot): ``scale * x_def = sum_j (-a_ij * scale / pivot) x_j`` over the
    other columns, integer coefficients.  Padding points at slot 0, which
    always holds zeros.
    """
    k = len(rows)
    if k == 0:
        return np.zeros((0, 1), np.int64), np.zeros((0, 1), csr.dtype)
    ptr, cols, vals = csr.rows(rows)
    row_of = np.repeat(np.arange(k), np.diff(ptr))
    if defined is not None:
        keep = cols != defined[row_of]
        factor = np.array(
            [scale // int(p) if p > 0 else -(scale // -int(p)) for p in pivots], dtype=object
        )
        largest = int(np.abs(vals).max()) if vals.size else 0
        big = scale > 1 and (csr.dtype == object or scale * largest >= 2**62)
        if csr.dtype == object or big:
            vals = vals.astype(object)
        else:
            factor = factor.astype(np.int64)
        cols, row_of = cols[keep], row_of[keep]
        vals = -vals[keep] * factor[row_of]
    counts = np.bincount(row_of, minlength=k)
    t = max(int(counts.max()) if counts.size else 0, 1)
    pos = np.arange(len(cols)) - np.repeat(np.cumsum(counts) - counts, counts)
    slots = np.zeros((k, t), dtype=np.int64)
    coefs = np.zeros((k, t), dtype=vals.dtype)
    slots[row_of, pos] = slot[cols]
    coefs[row_of, pos] = vals
    return slots, coefs


def best_plan(csr):
    """The plan of the cheapest scan order, or None when a column is empty (det 0).

    The greedy sweep (the last candidate, a Python loop) is tried only when
    the others leave a remainder wider than twice the square root of the
    size: a grid scanned row by row already has the remainder it would find.
    """
    best = None
    for k, order in enumerate(order_candidates(csr)):
        if k == 2 and int((best[2][1] < 0).sum()) <= 2 * math.sqrt(csr.shape[0]):
            break
        scan = _scan(csr, order)
        if not scan[3].all():
            return None
        cost = _estimate(csr, scan)
        if best is None or cost < best[0]:
            best = (cost, order, scan)
    return _make_plan(csr, best[1], best[2])
