"""Scan orders for the integer sweep: the given one, reverse Cuthill-McKee, a greedy sweep line."""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from typing import Any

import numpy as np
import scipy.sparse.csgraph as csgraph

__all__ = ["order_candidates", "sweep_order", "row_sweep_order"]


def order_candidates(csr: Any) -> Iterator[np.ndarray]:
    """Scan orders to try: the given order, reverse Cuthill-McKee of A + A^T, and a
    greedy sweep order (:func:`sweep_order` for structurally symmetric matrices such
    as Laplacians, :func:`row_sweep_order` for the others, such as Kasteleyn matrices)."""
    yield np.arange(csr.shape[0])
    pattern = csr.pattern()
    sym = (pattern + pattern.T).tocsr()
    yield np.asarray(csgraph.reverse_cuthill_mckee(sym, symmetric_mode=True)[::-1])
    if (pattern != pattern.T).nnz == 0:
        yield sweep_order(csr)
    else:
        yield row_sweep_order(csr)


def row_sweep_order(matrix: Any) -> np.ndarray:
    """A greedy scan order of the rows of any sparse matrix, for :func:`tiling.linalg.det`.

    The rows and columns of a Kasteleyn matrix are different cells (one
    colour each), so :func:`sweep_order`'s symmetric bookkeeping does not
    apply; this is its one-sided form.  A row's *fresh* columns are those no
    scanned row mentions yet; among the rows that share a column with a
    scanned row, take next one with exactly one fresh column (it defines it),
    else one with none (a constraint, best taken early), else the one with
    fewest.  First in, first out among equals; O(nnz log n) with a lazy heap.
    On a grid region with holes it leaves about 40% fewer rows to the dense
    remainder than a row-by-row scan (each hole costs the sweep a defect,
    and the greedy front passes some holes without one).
    """
    if not (hasattr(matrix, "tocsc") or hasattr(matrix, "pattern")):  # input check (issue 21)
        raise TypeError(f"row_sweep_order() needs a sparse matrix, not {type(matrix).__name__}")
    n = matrix.shape[0]
    csr = matrix.pattern() if hasattr(matrix, "pattern") else matrix
    csc = csr.tocsc()
    indptr, indices = csr.indptr.tolist(), csr.indices.tolist()
    cptr, cind = csc.indptr.tolist(), csc.indices.tolist()
    fresh = [indptr[i + 1] - indptr[i] for i in range(n)]
    mentioned = [False] * csr.shape[1]
    done = [False] * n
    seen = [False] * n
    order, heap, tick = [], [], 0

    def key(i):
        f = fresh[i]
        return 0 if f == 1 else (1 if f == 0 else f)

    unseen = 0
    while len(order) < n:
        if not heap:  # start (or restart, in another component) at the first unseen row
            while seen[unseen]:
                unseen += 1
            seen[unseen] = True
            tick += 1
            heapq.heappush(heap, (key(unseen), tick, unseen))
        k, _, i = heapq.heappop(heap)
        if done[i] or k != key(i):
            continue  # a stale heap entry
        done[i] = True
        order.append(i)
        for j in indices[indptr[i] : indptr[i + 1]]:
            if mentioned[j]:
                continue
            mentioned[j] = True
            for r in cind[cptr[j] : cptr[j + 1]]:
                fresh[r] -= 1
                if not done[r]:
                    seen[r] = True
                    tick += 1
                    heapq.heappush(heap, (key(r), tick, r))
    return np.array(order, dtype=np.int64)


def sweep_order(matrix: Any) -> np.ndarray:
    """A scan order of a symmetric sparse matrix that suits :func:`tiling.linalg.det`.

    The engine eliminates, in scan order, each row through one *fresh* column
    (one no earlier row mentions) where the row has a +-1 entry; rows with no
    such column and columns no row takes end up in a dense Schur complement,
    whose size d drives the cost (d^3 per prime).  For a grid scanned row by
    row every row brings exactly one fresh column (the cell below), and d is
    the width; for irregular graphs (triangulations, grids with holes) a
    fixed order such as row-major or reverse Cuthill-McKee brings two or more
    fresh columns at some rows and none at others.

    So the order is grown greedily, like a sweep line: among the rows already
    mentioned, take next one that brings exactly one fresh column, else one
    that brings none (it is a Schur row whatever happens, best done early to
    keep the front short), else the one bringing fewest.  First in, first
    out among equals.  O(nnz log n) with a lazy heap.  On square grids it
    reproduces the row-by-row sweep; on random planar triangulations it makes
    d two to three times smaller than reverse Cuthill-McKee.
    """
    if not (hasattr(matrix, "indptr")):  # input check (issue 21)
        raise TypeError(
            f"sweep_order() needs a sparse matrix in CSR form, not {type(matrix).__name__}"
        )
    n = matrix.shape[0]
    indptr, indices = matrix.indptr.tolist(), matrix.indices.tolist()
    unit = np.abs(matrix.data) == 1
    neighbours, unit_neighbours = [], []
    for i in range(n):
        row = indices[indptr[i] : indptr[i + 1]]
        is_unit = unit[indptr[i] : indptr[i + 1]].tolist()
        neighbours.append([j for j in row if j != i])
        unit_neighbours.append({j for j, u in zip(row, is_unit) if u and j != i})
    fresh = [len(a) for a in neighbours]  # columns of row i no scanned row mentions yet
    fresh_unit = [len(a) for a in unit_neighbours]  # ... of which +-1 entries
    mentioned = [False] * n
    done = [False] * n
    order, heap, tick = [], [], [0]

    def key(i):
        if fresh_unit[i] and fresh[i] == 1:
            return 0
        if fresh[i] == 0:
            return 1
        return fresh[i] + (0 if fresh_unit[i] else 1)

    def push(i):
        tick[0] += 1
        heapq.heappush(heap, (key(i), tick[0], i))

    def mention(j):
        mentioned[j] = True
        for k in neighbours[j]:
            fresh[k] -= 1
            if j in unit_neighbours[k]:
                fresh_unit[k] -= 1
            if mentioned[k] and not done[k]:
                push(k)
        push(j)

    unseen = 0
    while len(order) < n:
        if not heap:  # start (or restart, in another component) at the first unseen row
            while mentioned[unseen]:
                unseen += 1
            mention(unseen)
        k, _, i = heapq.heappop(heap)
        if done[i] or k != key(i):
            continue  # a stale heap entry
        done[i] = True
        order.append(i)
        for j in neighbours[i]:
            if not mentioned[j]:
                mention(j)
    return np.array(order, dtype=np.int64)
