"""Nested dissection: a fill-reducing elimination order and its fronts, for any sparse matrix.

The rows of a square matrix ``A`` are first paired with columns (a structural
perfect matching, so that ``B = A[:, pairing]`` has a nonzero diagonal); the
elimination then works on the symmetric pattern ``G`` of ``B + B^T``.
Separators come from breadth-first level structures (George and Liu's
automatic nested dissection): from a pseudo-peripheral vertex of each part,
the level that splits the part's vertices in half, trimmed to the vertices
that have a neighbour on the far side; a part in several pieces is split
into its connected components first.  Parts are split until they have at
most ``leaf`` vertices, in one compiled pass
(:mod:`~tiling.linalg._dissection_kernels`) that costs O(E log n).

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

import functools

import numpy as np
import scipy.sparse as sp

__all__ = ["Dissection", "dissect", "symmetric_pattern"]

#: Parts of at most this many vertices are eliminated whole (the tree's leaves).
LEAF = 8


class Dissection:
    """The elimination tree of a nested dissection and the fronts of its nodes.

    Nodes are numbered in postorder (every child before its parent) and
    eliminate their vertices in turn: node ``v`` owns the elimination
    positions ``own_ptr[v]`` to ``own_ptr[v + 1]``.

    Attributes
    ----------
    n : int
        Number of vertices (rows of the paired matrix).
    order : int array
        The vertices in elimination order.
    own_ptr, boundary_ptr, child_ptr : int arrays
        Offsets of each node's own vertices (into ``order``), boundary (into
        ``boundary_pos``) and children (into ``child_idx``).
    boundary_pos : int array
        Each node's boundary, the later vertices its front also holds, as
        sorted elimination positions.
    child_idx : int array
        Each node's children, in increasing order.
    own, boundary, children : lists
        The same per node: vertex arrays (the boundary sorted by elimination
        position) and lists of children.
    height : int array
        0 for leaves, 1 + the largest child height otherwise.
    """

    def __init__(self, order, own_ptr, boundary_ptr, boundary_pos, child_ptr, child_idx):
        self.n = len(order)
        self.order = order
        self.own_ptr = own_ptr
        self.boundary_ptr = boundary_ptr
        self.boundary_pos = boundary_pos
        self.child_ptr = child_ptr
        self.child_idx = child_idx

    @classmethod
    def empty(cls):
        none = np.zeros(0, dtype=np.int64)
        one = np.zeros(1, dtype=np.int64)
        return cls(none, one, one, none, one, none)

    @functools.cached_property
    def own(self):
        return np.split(self.order, self.own_ptr[1:-1]) if len(self.own_ptr) > 1 else []

    @functools.cached_property
    def boundary(self):
        if len(self.boundary_ptr) == 1:
            return []
        return np.split(self.order[self.boundary_pos], self.boundary_ptr[1:-1])

    @functools.cached_property
    def children(self):
        if len(self.child_ptr) == 1:
            return []
        return [kids.tolist() for kids in np.split(self.child_idx, self.child_ptr[1:-1])]

    @functools.cached_property
    def height(self):
        height = [0] * (len(self.own_ptr) - 1)
        for v, kids in enumerate(self.children):
            if kids:
                height[v] = 1 + max(height[c] for c in kids)
        return np.array(height, dtype=np.int64)

    @property
    def sizes(self):
        """``(k, m)`` arrays: own and boundary sizes of every front."""
        return np.diff(self.own_ptr), np.diff(self.boundary_ptr)

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


def dissect(graph, leaf=LEAF):
    """Nested dissection of the symmetric pattern ``graph``: a :class:`Dissection`.

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> path = sp.diags([1, 1], [-1, 1], shape=(20, 20), format="csr", dtype=np.int8)
    >>> d = dissect(path, leaf=4)
    >>> sorted(np.concatenate(d.own).tolist()) == list(range(20))
    True
    >>> int(d.sizes[1].max())  # a path's separators are single vertices
    2
    """
    from ._dissection_kernels import boundaries, postorder, separator_tree

    graph = sp.csr_matrix(graph)
    if graph.shape[0] == 0:
        return Dissection.empty()
    indptr, indices = graph.indptr.astype(np.int64), graph.indices.astype(np.int64)
    node_vars, node_ptr, node_parent = separator_tree(indptr, indices, int(leaf))
    post, child_ptr, child_idx = postorder(node_parent)
    # the nodes' vertex lists, concatenated in postorder
    lens = np.diff(node_ptr)[post]
    own_ptr = np.concatenate([[0], np.cumsum(lens)]).astype(np.int64)
    shift = np.repeat(node_ptr[post] - own_ptr[:-1], lens)
    order = node_vars[shift + np.arange(len(node_vars))]
    boundary_ptr, boundary_pos = boundaries(indptr, indices, own_ptr, order, child_ptr, child_idx)
    return Dissection(order, own_ptr, boundary_ptr, boundary_pos, child_ptr, child_idx)
