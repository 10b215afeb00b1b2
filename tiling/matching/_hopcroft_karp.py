"""Hopcroft-Karp maximum matching (1973), vectorised phases on the neighbour arrays."""

from __future__ import annotations

import math

import numpy as np

from ..model.region import Region, require_region
from ..model.tiling import Tiling
from ._grid import ABSENT, NONE, bipartite, index_grid, neighbour_array, to_tiling

__all__ = ["hopcroft_karp"]


def hopcroft_karp(region: Region) -> Tiling:
    """A maximum cover of ``region`` by Hopcroft-Karp phases, in O(E sqrt(V)).

    Parameters
    ----------
    region : Region

    Returns
    -------
    Tiling
        A maximum cover (perfect when the region can be tiled).

    Notes
    -----
    The phase structure of Hopcroft and Karp (1973), in two kinds of phase.

    *Forest phases* (the fast path) grow alternating breadth-first trees from
    all uncovered cells of one colour at once, read vertex-disjoint
    augmenting paths off the trees and flip them all together.  A phase is
    vectorised in numpy, one step per BFS layer, in the multi-source BFS form
    of Azad, Buluc and Pothen (2017): the trees share the layering but each
    vertex joins one tree only, a tree stops growing once it reaches an
    uncovered cell, and each tree yields one path.  A forest phase costs O(E)
    and finds a path whenever one exists; on million-cell grid regions a few
    dozen of them finish the job.

    *Layered phases* are the textbook ones: BFS layers from the uncovered
    cells, then a depth-first search (iterative, with dead-end marking)
    that flips a maximal set of vertex-disjoint shortest augmenting paths.
    Each makes the shortest augmenting path longer, so at most 2 sqrt(V) of
    them are needed from any starting matching.  After ceil(sqrt(V)) forest
    phases the solver switches to layered ones, which bounds the whole run
    by O(E sqrt(V)) while keeping the fast path for the usual case.

    A vectorised greedy start first pairs neighbouring cells along rows,
    then the leftovers along columns, leaving only a few percent of the
    cells for the phases.  No step recurses or waits on a dead end, so the
    run time is predictable (no stalls).  Each phase starts from the colour
    with fewer uncovered cells.

    References
    ----------
    J. E. Hopcroft and R. M. Karp, An n^5/2 algorithm for maximum matchings in
    bipartite graphs, SIAM J. Comput. 2 (1973).
    A. Azad, A. Buluc and A. Pothen, Computing maximum cardinality matchings in
    parallel on bipartite graphs via tree-grafting, IEEE TPDS 28 (2017).

    Examples
    --------
    >>> t = hopcroft_karp(Region.rectangle(3, 3))
    >>> len(t), len(t.uncovered())
    (4, 1)
    """
    require_region(region, "hopcroft_karp")
    return _hopcroft_karp(region)


def _hopcroft_karp(region, forest_phases=None):
    """Hopcroft-Karp with at most ``forest_phases`` forest phases (default ceil(sqrt(V)))."""
    left, right, lmask, rindex, nbr = bipartite(region)
    match_l, match_r = _greedy(region.mask, lmask, rindex[1:-1, 1:-1], len(left), len(right))
    nbr_r = neighbour_array(index_grid(region.shape, left), right)
    scratch = _Scratch(max(len(left), len(right)))
    if forest_phases is None:
        forest_phases = math.isqrt(len(left) + len(right)) + 1
    phases = 0
    while True:
        # Search from the colour with fewer uncovered cells: fewer roots,
        # smaller forest, and the excess cells of the other colour are ends.
        if np.count_nonzero(match_l == NONE) <= np.count_nonzero(match_r == NONE):
            args = (nbr, match_l, match_r)
        else:
            args = (nbr_r, match_r, match_l)
        found = _phase(*args, scratch) if phases < forest_phases else _layered_phase(*args)
        phases += 1
        if not found:
            break
    return to_tiling(region, left, right, match_l[:-1].astype(np.int64))


def _layered_phase(nbr, mate_a, mate_b):
    """One textbook Hopcroft-Karp phase; False when no augmenting path exists.

    Same conventions as :func:`_phase`.  BFS layers from the uncovered
    A-vertices up to the first layer next to an uncovered B-vertex, then a
    depth-first search from each root along edges that go down one layer;
    a vertex whose search fails is taken out of the layering for the rest of
    the phase (dead-end marking), and the vertices of a path flipped are too,
    so the phase costs O(E) and the paths flipped are vertex-disjoint.
    """
    n_a = len(mate_a) - 1
    roots = np.flatnonzero(mate_a[:-1] == NONE)
    if roots.size == 0:
        return False
    unreached = n_a + 1  # larger than any layer
    dist = np.full(n_a, unreached, dtype=np.int64)
    dist[roots] = 0
    beyond = mate_b[nbr]  # mate of each neighbour: NONE if uncovered, ABSENT if missing
    frontier, depth = roots, 0
    while not (beyond[frontier] == NONE).any():
        nxt = beyond[frontier].ravel()
        nxt = np.unique(nxt[nxt >= 0])
        nxt = nxt[dist[nxt] == unreached]
        if nxt.size == 0:
            return False
        depth += 1
        dist[nxt] = depth
        frontier = nxt
    # Depth-first search on Python lists: the per-edge work is scalar.
    nbr_l, dist_l = nbr.tolist(), dist.tolist()
    ma, mb = mate_a.tolist(), mate_b.tolist()
    next_edge = [0] * n_a
    flipped = False
    for root in roots.tolist():
        stack, via = [root], []
        while stack:
            u = stack[-1]
            if next_edge[u] == 4:  # dead end: no path through u in this phase
                dist_l[u] = unreached
                stack.pop()
                if via:
                    via.pop()
                continue
            b = nbr_l[u][next_edge[u]]
            next_edge[u] += 1
            if b < 0:
                continue
            m = mb[b]
            if m == NONE:
                if dist_l[u] != depth:
                    continue  # only shortest paths in this phase
                via.append(b)
                for a, bb in zip(stack, via):
                    ma[a], mb[bb] = bb, a
                    dist_l[a] = unreached  # used: the paths stay disjoint
                flipped = True
                break
            if m >= 0 and dist_l[m] == dist_l[u] + 1:
                via.append(b)
                stack.append(m)
    mate_a[:] = ma
    mate_b[:] = mb
    return flipped


def _pair_runs(free):
    """Pairs of consecutive free cells along each row: True at the left cell of a pair.

    Within each maximal run of free cells, cells 0-1, 2-3, ... of the run pair up.
    """
    h, w = free.shape
    cols = np.broadcast_to(np.arange(w), (h, w))
    start = free.copy()
    start[:, 1:] &= ~free[:, :-1]
    run_start = np.maximum.accumulate(np.where(start, cols, -1), axis=1)
    first = free & ((cols - run_start) % 2 == 0)
    first[:, -1] = False
    first[:, :-1] &= free[:, 1:]
    return first


def _greedy(mask, lmask, rgrid, n0, n1):
    """Vectorised greedy matching: pair cells along rows, then leftovers along columns."""
    lindex = np.full(mask.shape, NONE, dtype=np.int32)
    lindex[lmask] = np.arange(n0, dtype=np.int32)
    # one extra slot each: the sentinel read through a missing neighbour (-1)
    match_l = np.full(n0 + 1, NONE, dtype=np.int32)
    match_r = np.full(n1 + 1, NONE, dtype=np.int32)
    match_l[-1] = match_r[-1] = ABSENT

    def pair(a_r, a_c, b_r, b_c):
        # each pair has one colour-0 and one colour-1 cell; find which is which
        a_left = lmask[a_r, a_c]
        li = lindex[np.where(a_left, a_r, b_r), np.where(a_left, a_c, b_c)]
        ri = rgrid[np.where(a_left, b_r, a_r), np.where(a_left, b_c, a_c)]
        match_l[li] = ri
        match_r[ri] = li

    r, c = np.nonzero(_pair_runs(mask))
    pair(r, c, r, c + 1)
    free = mask.copy()
    free[r, c] = free[r, c + 1] = False
    c2, r2 = np.nonzero(_pair_runs(free.T))
    pair(r2, c2, r2 + 1, c2)
    return match_l, match_r


class _Scratch:
    """Preallocated arrays reused by every phase (a phase allocates little)."""

    def __init__(self, n):
        self.arange = np.arange(n + 1, dtype=np.int32)
        self.tag = np.empty(n + 1, dtype=np.int32)

    def first(self, values):
        """Mask of the first occurrence of each value, in O(len(values))."""
        k = len(values)
        self.tag[values] = self.arange[:k]
        return self.tag[values] == self.arange[:k]


def _phase(nbr, mate_a, mate_b, scratch):
    """One phase from the uncovered A-vertices; False when no augmenting path exists.

    A and B are the two colours, in either order: ``nbr`` lists the B-neighbours
    of each A-vertex (-1: none), ``mate_a``/``mate_b`` the current matching
    (-1: uncovered), each with one extra last entry, the sentinel ABSENT, so
    that ``mate_b[-1]`` (the mate of a missing neighbour) is not "uncovered".
    """
    roots = np.flatnonzero(mate_a == NONE).astype(np.int32)
    if roots.size == 0 or not (mate_b == NONE).any():
        return False
    n_a = len(mate_a) - 1
    parent = np.full(n_a, NONE, dtype=np.int32)  # A-vertex one layer up the tree
    tree = np.full(n_a, NONE, dtype=np.int32)  # which root's tree holds the vertex
    tree[roots] = np.arange(len(roots), dtype=np.int32)
    done = np.zeros(len(roots) + 1, dtype=bool)  # trees that found their path
    taken = np.zeros(len(mate_b), dtype=bool)  # uncovered B-vertices already used
    # Per phase, once: the A-vertex behind each neighbour (its mate; -1 for an
    # uncovered or missing neighbour), and which A-vertices touch an uncovered B.
    beyond = mate_b[nbr]  # the sentinel makes a missing neighbour read ABSENT
    at_free = beyond == NONE
    touches_free = at_free[:, 0] | at_free[:, 1] | at_free[:, 2] | at_free[:, 3]
    ends = []  # per layer: (B end, A-vertex next to it), or None
    frontier = roots
    while frontier.size:
        frontier = frontier[~done[tree[frontier]]]  # finished trees stop growing
        ends.append(_take_ends(frontier, nbr, mate_b, touches_free, tree, done, taken, scratch))
        # Next layer: the A-vertices behind the frontier's neighbours, not yet in a tree.
        cand = beyond[frontier].ravel()
        sel = np.flatnonzero(cand >= 0)
        nxt = cand[sel]
        src = frontier[sel >> 2]
        ok = tree[nxt] == NONE
        nxt, src = nxt[ok], src[ok]
        keep = scratch.first(nxt)
        nxt, src = nxt[keep], src[keep]
        parent[nxt] = src
        tree[nxt] = tree[src]
        frontier = nxt
    if not taken.any():
        return False
    _flip(ends, parent, mate_a, mate_b)
    return True


def _take_ends(frontier, nbr, mate_b, touches_free, tree, done, taken, scratch):
    """Paths ending next to the frontier: one per uncovered B-vertex and per tree.

    Returns (w, v): the chosen uncovered B-vertices and the A-vertices next to
    them, or None.  Marks the trees done and the B-vertices taken.
    """
    v = frontier[touches_free[frontier]]
    if v.size == 0:
        return None
    w = nbr[v].ravel()
    v = np.repeat(v, 4)
    keep = (mate_b[w] == NONE) & ~taken[w]  # missing neighbours read ABSENT
    w, v = w[keep], v[keep]
    keep = scratch.first(w)
    w, v = w[keep], v[keep]
    keep = scratch.first(tree[v])  # one path per tree: trees are disjoint, so are paths
    w, v = w[keep], v[keep]
    if w.size == 0:
        return None
    done[tree[v]] = True
    taken[w] = True
    return w, v


def _flip(ends, parent, mate_a, mate_b):
    """Flip the tree paths from each end up to its root (they are vertex-disjoint)."""
    heads_a = np.empty(0, dtype=np.int32)
    heads_b = np.empty(0, dtype=np.int32)
    new_a, new_b = [], []
    for layer in range(len(ends) - 1, -1, -1):
        if ends[layer] is not None:
            w, v = ends[layer]
            heads_a = np.concatenate([heads_a, v])
            heads_b = np.concatenate([heads_b, w])
        # A-vertex heads_a takes heads_b; its old partner passes to its parent.
        new_a.append(heads_a)
        new_b.append(heads_b)
        heads_b = mate_a[heads_a]
        heads_a = parent[heads_a]
    a = np.concatenate(new_a)
    b = np.concatenate(new_b)
    mate_a[a] = b
    mate_b[b] = a
