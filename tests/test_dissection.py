"""Nested dissection (:mod:`tiling.linalg._dissection`): checked against its definition.

Every ordering must be a permutation whose tree is a valid elimination
tree: the two ends of every edge are owned by nodes on one root path (so
the fill of each front stays inside it), and each front's boundary is,
vertex for vertex, the later vertices adjacent to the node's subtree,
computed here by brute force.
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from tiling.linalg._dissection import dissect, symmetric_pattern


def _random_graph(n, density, seed):
    rng = np.random.default_rng(seed)
    dense = np.triu(rng.random((n, n)) < density, 1)
    return sp.csr_matrix((dense | dense.T).astype(np.int8))


def _grid_graph(h, w, holes, seed):
    """A grid region's 4-neighbour graph, with random cells removed."""
    rng = np.random.default_rng(seed)
    mask = rng.random((h, w)) >= holes
    index = np.full((h, w), -1)
    index[mask] = np.arange(int(mask.sum()))
    r, c = [], []
    for dr, dc in ((0, 1), (1, 0)):
        a = mask[: h - dr, : w - dc] & mask[dr:, dc:]
        r.append(index[: h - dr, : w - dc][a])
        c.append(index[dr:, dc:][a])
    r, c = np.concatenate(r), np.concatenate(c)
    n = int(mask.sum())
    g = sp.csr_matrix((np.ones(2 * len(r), np.int8), (np.r_[r, c], np.r_[c, r])), shape=(n, n))
    return g


def _check(graph, d):
    n = graph.shape[0]
    assert d.n == n
    assert sorted(d.order.tolist()) == list(range(n))
    nodes = len(d.own_ptr) - 1
    pos = np.empty(n, dtype=np.int64)
    pos[d.order] = np.arange(n)
    owner = np.repeat(np.arange(nodes), np.diff(d.own_ptr))[pos]  # node owning each vertex
    parent = np.full(nodes, -1)
    for v, kids in enumerate(d.children):
        for c in kids:
            assert c < v  # postorder
            assert parent[c] == -1
            parent[c] = v
    ancestors = []
    for v in range(nodes):
        chain, u = {v}, parent[v]
        while u >= 0:
            chain.add(int(u))
            u = parent[u]
        ancestors.append(chain)
    coo = sp.coo_matrix(graph)
    for a, b in zip(coo.row.tolist(), coo.col.tolist()):
        x, y = int(owner[a]), int(owner[b])
        assert x in ancestors[y] or y in ancestors[x], (a, b)
    subtree = [set() for _ in range(nodes)]
    for v in range(nodes):
        subtree[v].update(d.own[v].tolist())
        for c in d.children[v]:
            subtree[v] |= subtree[c]
    csr = sp.csr_matrix(graph)
    for v in range(nodes):
        end = d.own_ptr[v + 1]
        touched = {
            int(w)
            for u in subtree[v]
            for w in csr.indices[csr.indptr[u] : csr.indptr[u + 1]]
            if pos[w] >= end
        }
        got = d.boundary[v].tolist()
        assert set(got) == touched
        assert list(pos[got]) == sorted(pos[got])
        assert list(d.boundary_pos[d.boundary_ptr[v] : d.boundary_ptr[v + 1]]) == list(pos[got])


@given(st.integers(0, 60), st.floats(0.0, 0.3), st.integers(0, 2**32 - 1), st.integers(1, 9))
@settings(max_examples=150, deadline=None)
def test_dissection_of_random_graphs_is_a_valid_elimination_tree(n, density, seed, leaf):
    graph = _random_graph(n, density, seed)
    _check(graph, dissect(graph, leaf=leaf))


@given(st.integers(1, 25), st.integers(1, 25), st.floats(0.0, 0.4), st.integers(0, 2**32 - 1))
@settings(max_examples=100, deadline=None)
def test_dissection_of_grid_regions_with_holes_is_a_valid_elimination_tree(h, w, holes, seed):
    graph = _grid_graph(h, w, holes, seed)
    _check(graph, dissect(graph, leaf=4))


def test_a_complete_graph_is_one_dense_front():
    graph = _random_graph(30, 1.1, 0)
    d = dissect(graph, leaf=4)
    _check(graph, d)
    assert len(d.own) == 1


def test_separators_of_a_grid_are_short():
    """A 60 x 60 grid: no front wider than about two grid lines plus the part's rim."""
    graph = _grid_graph(60, 60, 0.0, 0)
    d = dissect(graph)
    _check(graph, d)
    k, m = d.sizes
    assert k.max() <= 2 * 60
    assert (k + m).max() <= 4 * 60


def test_the_pattern_of_a_paired_matrix_is_symmetric_without_its_diagonal():
    a = sp.csr_matrix(np.array([[0, 1, 2], [3, 0, 0], [0, 4, 5]]))
    g = symmetric_pattern(a, pairing=[1, 0, 2])  # B = A[:, [1, 0, 2]]: diagonal 1, 3, 5
    dense = g.toarray()
    assert (dense == dense.T).all() and not dense.diagonal().any()
    assert dense.tolist() == [[0, 0, 1], [0, 0, 0], [1, 0, 0]]
