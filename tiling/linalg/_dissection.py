"""Nested dissection: a fill-reducing elimination order and its fronts, for any sparse matrix.

The rows of a square matrix ``A`` are first paired with columns (a structural
perfect matching, so that ``B = A[:, pairing]`` has a nonzero diagonal); the
elimination then works on the symmetric pattern ``G`` of ``B + B^T``.
Separators come from breadth-first level structures (George and Liu's
automatic nested dissection): from a pseudo-peripheral vertex of each part,
the level that splits the part's vertices in half, trimmed to the vertices
that have a neighbour on the far side.  Parts are split until they have at
most ``leaf`` vertices.  All parts of one round are split at once
(vectorised over the whole graph), so the ordering costs O(E log n).

The *fronts* follow (the multifrontal method): each tree node eliminates its
own vertices (a separator, or a whole leaf part) in a dense matrix whose
other rows and columns are its *boundary*, the later vertices that its
subtree touches.  For a planar graph of ``n`` vertices the fronts have
O(sqrt n) rows and the elimination O(n^1.5) operations, whatever holes
the graph has.

References
----------
A. George, *Nested dissection of a regular finite element mesh*, SIAM J.
Numer. Anal. 10 (1973).  A. George and J. W. H. Liu, *An automatic nested
dissection algorithm for irregular finite element problems*, SIAM J. Numer.
Anal. 15 (1978).  I. S. Duff and J. K. Reid, *The multifrontal solution of
indefinite sparse symmetric linear equations*, ACM TOMS 9 (1983).
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp
import scipy.sparse.csgraph as csgraph

__all__ = ["Dissection", "dissect", "symmetric_pattern"]

#: Parts of at most this many vertices are eliminated whole (the tree's leaves).
LEAF = 8


class Dissection:
    """The elimination tree of a nested dissection and the fronts of its nodes.

    Attributes
    ----------
    n : int
        Number of vertices (rows of the paired matrix).
    own : list of int arrays
        ``own[v]``: the vertices node ``v`` eliminates, in elimination order.
    boundary : list of int arrays
        ``boundary[v]``: the later vertices its front also holds (sorted by
        elimination position).
    children : list of lists
        The children of each node; nodes are numbered in postorder, so every
        child comes before its parent.
    height : int array
        0 for leaves, 1 + the largest child height otherwise.
    """

    def __init__(self, n, own, boundary, children):
        self.n = n
        self.own = own
        self.boundary = boundary
        self.children = children
        height = np.zeros(len(own), dtype=np.int64)
        for v, kids in enumerate(children):
            if kids:
                height[v] = 1 + max(int(height[c]) for c in kids)
        self.height = height

    @property
    def sizes(self):
        """``(k, m)`` arrays: own and boundary sizes of every front."""
        k = np.array([len(x) for x in self.own], dtype=np.int64)
        m = np.array([len(x) for x in self.boundary], dtype=np.int64)
        return k, m

    def work(self):
        """``(multiply-adds, front entries)`` of one elimination: sum of k f^2 and of f^2."""
        k, m = self.sizes
        f = (k + m).astype(np.float64)
        return float(np.sum(k * f * f - k * k * f + k**3 / 3.0)), float(np.sum(f * f))


def symmetric_pattern(csr, pairing=None):
    """The off-diagonal pattern of ``B + B^T`` for ``B = A[:, pairing]``, as a CSR matrix."""
    n = csr.shape[0]
    rows = np.repeat(np.arange(n), np.diff(csr.indptr))
    cols = csr.indices
    if pairing is not None:
        where = np.empty(n, dtype=np.int64)
        where[np.asarray(pairing, dtype=np.int64)] = np.arange(n)
        cols = where[cols]
    keep = rows != cols
    r, c = rows[keep], cols[keep]
    ones = np.ones(2 * len(r), dtype=np.int8)
    g = sp.csr_matrix((ones, (np.concatenate([r, c]), np.concatenate([c, r]))), shape=(n, n))
    g.sum_duplicates()
    g.data[:] = 1
    return g


def _levels(graph, n, roots):
    """Breadth-first distance of every vertex from the root of its part.

    ``graph`` holds only edges inside parts, so one search from a virtual
    source joined to every root measures each part from its own root.
    """
    k = len(roots)
    src = np.full(k, n)
    extra = sp.csr_matrix(
        (np.ones(2 * k), (np.concatenate([src, roots]), np.concatenate([roots, src]))),
        shape=(n + 1, n + 1),
    )
    grown = sp.csr_matrix(
        (graph.data, graph.indices, graph.indptr.tolist() + [graph.nnz]), shape=(n + 1, n + 1)
    )
    dist = csgraph.shortest_path(grown + extra, unweighted=True, indices=n, directed=False)
    return dist[:n] - 1


def dissect(graph, leaf=LEAF):
    """Nested dissection of the symmetric pattern ``graph``: a :class:`Dissection`."""
    n = graph.shape[0]
    coo = graph.tocoo()
    r, c = coo.row.astype(np.int64), coo.col.astype(np.int64)
    label = np.zeros(n, dtype=np.int64)  # part of each vertex still to be placed
    active = np.ones(n, dtype=bool)
    node_vars, node_parent = [], []
    part_parent = np.array([-1], dtype=np.int64)  # tree node under which each part hangs
    while active.any():
        inside = active[r] & active[c] & (label[r] == label[c])
        within = sp.csr_matrix((np.ones(int(inside.sum())), (r[inside], c[inside])), shape=(n, n))
        _, comp = csgraph.connected_components(within, directed=False)
        act = np.flatnonzero(active)
        comps, local, sizes = np.unique(comp[act], return_inverse=True, return_counts=True)
        by_comp = np.argsort(local, kind="stable")
        bounds = np.concatenate([[0], np.cumsum(sizes)])
        first = act[by_comp[bounds[:-1]]]
        parent_of = part_parent[label[first]]
        small = sizes <= leaf
        for ci in np.flatnonzero(small).tolist():
            members = act[by_comp[bounds[ci] : bounds[ci + 1]]]
            node_vars.append(members)
            node_parent.append(int(parent_of[ci]))
            active[members] = False
        big = np.flatnonzero(~small)
        if big.size == 0:
            break
        comp_of = np.full(n, -1, dtype=np.int64)
        comp_of[act] = local
        sel = act[~small[local]]
        lv = comp_of[sel]
        roots = first[big]
        dist = None
        for _ in range(2):  # the second search starts from a farthest vertex: pseudo-peripheral
            dist = _levels(within, n, roots)
            dv = dist[sel]
            o = np.lexsort((-dv, lv))
            _, firsts = np.unique(lv[o], return_index=True)
            roots = sel[o[firsts]]
        dv = dist[sel].astype(np.int64)
        depth = int(dv.max()) + 1
        counts = np.bincount(lv * depth + dv, minlength=len(comps) * depth).reshape(-1, depth)
        cum = np.cumsum(counts, axis=1)
        split = np.argmax(2 * cum >= cum[:, -1:], axis=1)
        top = counts.shape[1] - 1 - np.argmax(counts[:, ::-1] > 0, axis=1)
        split = np.minimum(np.maximum(split, 1), np.maximum(top - 1, 0))
        level_of = np.full(n, -1, dtype=np.int64)
        level_of[sel] = dv
        cut = split[lv]
        # keep on the separator only the vertices with a neighbour one level further
        same = (comp_of[r] == comp_of[c]) & (comp_of[r] >= 0) & inside
        onward = same & (level_of[c] == level_of[r] + 1)
        has_onward = np.zeros(n, dtype=bool)
        has_onward[r[onward]] = True
        on_cut = (dv == cut) & (has_onward[sel] | (cut >= top[lv]))
        seps = sel[on_cut]
        sep_comp = comp_of[seps]
        order = np.argsort(sep_comp, kind="stable")
        sb = np.searchsorted(sep_comp[order], np.arange(len(comps) + 1))
        node_of_comp = np.full(len(comps), -1, dtype=np.int64)
        for ci in big.tolist():
            members = seps[order[sb[ci] : sb[ci + 1]]]
            node_vars.append(members)
            node_parent.append(int(parent_of[ci]))
            node_of_comp[ci] = len(node_vars) - 1
            active[members] = False
        side = (dv > cut).astype(np.int64)
        label[sel] = 2 * lv + side
        part_parent = np.repeat(node_of_comp, 2)
    return _fronts(graph, node_vars, node_parent)


def _fronts(graph, node_vars, node_parent):
    """Postorder the tree and compute each node's boundary (its front's other vertices)."""
    m = len(node_vars)
    kids = [[] for _ in range(m)]
    roots = []
    for v, p in enumerate(node_parent):
        (kids[p] if p >= 0 else roots).append(v)
    post = []
    stack = [(v, False) for v in reversed(roots)]
    while stack:
        v, done = stack.pop()
        if done:
            post.append(v)
            continue
        stack.append((v, True))
        stack.extend((c, False) for c in reversed(kids[v]))
    new_id = np.empty(m, dtype=np.int64)
    new_id[post] = np.arange(m)
    n = graph.shape[0]
    own = [np.asarray(node_vars[v], dtype=np.int64) for v in post]
    children = [sorted(int(new_id[c]) for c in kids[v]) for v in post]
    pos = np.empty(n, dtype=np.int64)
    pos[np.concatenate(own) if own else np.zeros(0, np.int64)] = np.arange(n)
    indptr, indices = graph.indptr, graph.indices
    boundary = [None] * m
    end = 0
    for v in range(m):
        vs = own[v]
        end += len(vs)
        lens = indptr[vs + 1] - indptr[vs]
        take = np.repeat(indptr[vs] - np.concatenate([[0], np.cumsum(lens)[:-1]]), lens)
        adj = indices[take + np.arange(int(lens.sum()))]
        parts = [adj] + [boundary[c] for c in children[v]]
        cand = np.unique(np.concatenate(parts)) if parts else np.zeros(0, np.int64)
        later = cand[pos[cand] >= end]
        boundary[v] = later[np.argsort(pos[later], kind="stable")]
    return Dissection(n, own, boundary, children)
