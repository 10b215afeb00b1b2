"""Compiled loops over the lattice (numba): integrating heights, and shortest paths.

Both are sequential by nature (a breadth-first search; a bucket queue), so they
are compiled rather than vectorised: each runs in time linear in the number of
lattice points.  numba compiles them on first use and caches the machine code
beside this file, so only the first call on a machine pays for compilation.

Edges are given as boolean grids: ``open_h[i, j]`` for the horizontal edge
from point ``(i, j)`` to ``(i, j + 1)``, ``open_v[i, j]`` for the vertical edge
from ``(i, j)`` to ``(i + 1, j)``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["integrate", "shortest_keys", "new_keys", "no_groups"]


def new_keys(on: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Starting keys for :func:`shortest_keys`, and its sources in increasing order of key.

    The keys are ``values`` on ``on`` and "none yet" (the dtype's maximum)
    elsewhere.  Keys are border heights plus path costs (at most 4 per edge),
    so below 8 times the number of points in absolute value: int32 keys (half
    the memory traffic of int64) whenever that fits.
    """
    dtype = np.int32 if 8 * on.size < np.iinfo(np.int32).max else np.int64
    keys = np.full(on.shape, np.iinfo(dtype).max, dtype=dtype)
    sources = np.flatnonzero(on)
    flat = keys.ravel()
    flat[sources] = values.ravel()[sources]
    sources = sources[np.argsort(flat[sources], kind="stable")]
    return keys, sources


def no_groups() -> tuple[np.ndarray, np.ndarray]:
    """The ``group`` and ``members`` arguments of :func:`shortest_keys` when no point is joined."""
    return np.full((1, 1), -1, dtype=np.int64), np.full((0, 1), -1, dtype=np.int64)


@njit(cache=True)
def integrate(points, open_h, open_v, step_h, step_v, heights, component):  # pragma: no cover
    """Heights by breadth-first search along the open edges: ``(components, consistent)``.

    ``step_h[i, j]`` is the change from ``(i, j)`` to ``(i, j + 1)`` and
    ``step_v[i, j]`` from ``(i, j)`` to ``(i + 1, j)``; walking an edge
    backwards gives the opposite change.  Each connected piece starts at 0 at
    its first point in row-major order.  ``heights`` and ``component`` (the
    piece of each point, -1 off the lattice) are filled in place.  Returns
    the number of connected pieces, and False when some open edge disagrees
    with the heights found (the steps do not close up around some cycle).
    """
    h1, w1 = points.shape
    queue = np.empty(h1 * w1, dtype=np.int64)
    n_comp = 0
    for start in range(h1 * w1):
        si, sj = start // w1, start % w1
        if not points[si, sj] or component[si, sj] >= 0:
            continue
        component[si, sj] = n_comp
        heights[si, sj] = 0
        head, tail = 0, 1
        queue[0] = start
        while head < tail:
            p = queue[head]
            head += 1
            i, j = p // w1, p % w1
            hp = heights[i, j]
            if j + 1 < w1 and open_h[i, j] and component[i, j + 1] < 0:
                component[i, j + 1] = n_comp
                heights[i, j + 1] = hp + step_h[i, j]
                queue[tail] = p + 1
                tail += 1
            if j > 0 and open_h[i, j - 1] and component[i, j - 1] < 0:
                component[i, j - 1] = n_comp
                heights[i, j - 1] = hp - step_h[i, j - 1]
                queue[tail] = p - 1
                tail += 1
            if i + 1 < h1 and open_v[i, j] and component[i + 1, j] < 0:
                component[i + 1, j] = n_comp
                heights[i + 1, j] = hp + step_v[i, j]
                queue[tail] = p + w1
                tail += 1
            if i > 0 and open_v[i - 1, j] and component[i - 1, j] < 0:
                component[i - 1, j] = n_comp
                heights[i - 1, j] = hp - step_v[i - 1, j]
                queue[tail] = p - w1
                tail += 1
        n_comp += 1
    # Every open edge must agree with the tree's heights: a closed walk whose
    # steps do not add up to zero shows up here, not as a wrong height.
    for i in range(h1):
        for j in range(w1):
            if j + 1 < w1 and open_h[i, j] and heights[i, j + 1] - heights[i, j] != step_h[i, j]:
                return n_comp, False
            if i + 1 < h1 and open_v[i, j] and heights[i + 1, j] - heights[i, j] != step_v[i, j]:
                return n_comp, False
    return n_comp, True


@njit(cache=True, inline="always")
def _push(pool_i, pool_j, pool_next, head, used, bucket, i, j):  # pragma: no cover
    """Link point ``(i, j)`` into ``bucket``; the index of the next free pool entry."""
    pool_i[used] = i
    pool_j[used] = j
    pool_next[used] = head[bucket]
    head[bucket] = used
    return used + 1


@njit(cache=True)
def shortest_keys(  # pragma: no cover
    open_h,
    open_v,
    cost_right,
    cost_left,
    cost_down,
    cost_up,
    keys,
    sources,
    max_cost,
    group,
    members,
):
    """Multi-source shortest paths with small non-negative integer costs (Dial's buckets).

    ``keys`` (from :func:`new_keys`) holds each source's starting key and
    its dtype's maximum elsewhere; ``sources`` lists the sources (flat
    indices ``i * w1 + j``) in increasing order of key.  On return ``keys``
    holds, for every point, the least ``key(source) + cost of a path`` from a
    source.  Moving from ``(i, j)`` to ``(i, j + 1)`` costs
    ``cost_right[i, j]``, back ``cost_left[i, j]``; down and up along vertical
    edges ``cost_down[i, j]`` and ``cost_up[i, j]``; no cost exceeds
    ``max_cost``.  Points are settled in increasing order of key from a ring
    of ``max_cost + 1`` buckets, and the sources join in order of their keys,
    so the cost is linear in the number of points reached plus the range of
    keys (Dial 1969).

    ``group[i, j]`` (-1: none) joins points at no cost: when a point of group
    ``g`` is settled, every point of ``members[g]`` (flat indices, one row
    per group, padded with -1) gets the same key.  With no group at all
    (``members`` has no row), ``group`` is not read (see :func:`no_groups`).
    """
    h1, w1 = keys.shape
    ring = max_cost + 1
    n_src = sources.size
    if n_src == 0:
        return
    flat_keys = keys.ravel()
    # one pool entry per push (each source once, each point at most once per
    # neighbour that improves it, each group member once), linked into the
    # bucket of its key; int32 links suffice under the memory budget of
    # lattice_of (cap stays far below 2**31)
    cap = n_src + 4 * h1 * w1 + members.size + 1
    group_done = np.zeros(members.shape[0], dtype=np.bool_)
    pool_i = np.empty(cap, dtype=np.int32)
    pool_j = np.empty(cap, dtype=np.int32)
    pool_next = np.empty(cap, dtype=np.int32)
    head = np.full(ring, -1, dtype=np.int32)
    waiting = 0  # entries in the ring
    used = 0
    next_src = 0
    cur = flat_keys[sources[0]]
    while waiting > 0 or next_src < n_src:
        if waiting == 0 and next_src < n_src and flat_keys[sources[next_src]] > cur:
            cur = flat_keys[sources[next_src]]  # jump over a gap in the keys
        while next_src < n_src and flat_keys[sources[next_src]] <= cur:
            p = sources[next_src]
            next_src += 1
            i, j = p // w1, p % w1
            if keys[i, j] == cur:  # else a path from another source got there cheaper
                used = _push(pool_i, pool_j, pool_next, head, used, cur % ring, i, j)
                waiting += 1
        b = cur % ring
        # pop from the head, so points pushed into this bucket by a zero-cost
        # edge while it is being emptied are settled too
        while head[b] >= 0:
            e = head[b]
            head[b] = pool_next[e]
            waiting -= 1
            i, j = pool_i[e], pool_j[e]
            if keys[i, j] != cur:
                continue  # a stale entry: the point was settled at a smaller key
            g = group[i, j] if members.shape[0] else -1
            if g >= 0 and not group_done[g]:
                group_done[g] = True
                for q in members[g]:
                    if q < 0:
                        break
                    qi, qj = q // w1, q % w1
                    if cur < keys[qi, qj]:
                        keys[qi, qj] = cur
                        used = _push(pool_i, pool_j, pool_next, head, used, b, qi, qj)
                        waiting += 1
            for d in range(4):
                if d == 0:
                    if j + 1 >= w1 or not open_h[i, j]:
                        continue
                    qi, qj, c = i, j + 1, cost_right[i, j]
                elif d == 1:
                    if j == 0 or not open_h[i, j - 1]:
                        continue
                    qi, qj, c = i, j - 1, cost_left[i, j - 1]
                elif d == 2:
                    if i + 1 >= h1 or not open_v[i, j]:
                        continue
                    qi, qj, c = i + 1, j, cost_down[i, j]
                else:
                    if i == 0 or not open_v[i - 1, j]:
                        continue
                    qi, qj, c = i - 1, j, cost_up[i - 1, j]
                nk = cur + c
                if nk < keys[qi, qj]:
                    keys[qi, qj] = nk
                    used = _push(pool_i, pool_j, pool_next, head, used, nk % ring, qi, qj)
                    waiting += 1
        cur += 1
