import itertools

import networkx as nx
import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tiling import Region, Tiling, TilingError, enumerate_tilings, spanning_trees
from tiling.graphs import temperley

from .reference import count_tilings_memo
from .strategies import regions


def same_edges(a, b):
    return {frozenset(e) for e in a.edges} == {frozenset(e) for e in b.edges}


def all_spanning_trees(graph):
    """Every spanning tree, by checking each (V-1)-subset of edges for a cycle (union-find)."""
    nodes = list(graph.nodes)
    edges = list(graph.edges)
    for subset in itertools.combinations(edges, len(nodes) - 1):
        parent = {v: v for v in nodes}

        def find(v):
            while parent[v] != v:
                parent[v] = parent[parent[v]]
                v = parent[v]
            return v

        for a, b in subset:
            ra, rb = find(a), find(b)
            if ra == rb:
                break
            parent[ra] = rb
        else:
            tree = nx.Graph(subset)
            tree.add_nodes_from(nodes)
            yield tree


def boundary_cells(region):
    """Cells with a missing cell among their eight neighbours (computed independently)."""
    cells = set(region)
    return [
        (r, c)
        for r, c in cells
        if any((r + dr, c + dc) not in cells for dr in (-1, 0, 1) for dc in (-1, 0, 1))
    ]


def test_rectangle_gives_the_doubled_board_minus_a_corner():
    for m, n in [(1, 2), (2, 2), (3, 4), (5, 3)]:
        expected = Region.rectangle(2 * m - 1, 2 * n - 1).without([(0, 0)])
        assert temperley.region(Region.rectangle(m, n)) == expected


def test_tiling_counts_of_doubled_rectangles_equal_grid_tree_counts():
    for m, n in [(2, 2), (2, 5), (3, 3), (3, 4), (4, 4)]:
        big = temperley.region(Region.rectangle(m, n))
        assert count_tilings_memo(big.mask) == spanning_trees(Region.rectangle(m, n))


@settings(max_examples=40)
@given(regions(max_height=4, max_width=5), st.data())
def test_random_simply_connected_regions_have_as_many_tilings_as_trees(graph_region, data):
    assume(graph_region.n_cells >= 2 and graph_region.is_simply_connected())
    roots = sorted(boundary_cells(graph_region))
    root = data.draw(st.sampled_from(roots))
    big = temperley.region(graph_region, root=root)
    # V - 1 vertex cells, E edge cells, E - V + 1 face cells (Euler): 2E in all
    assert big.n_cells == 2 * len(graph_region.edges())
    assert count_tilings_memo(big.mask) == spanning_trees(graph_region)


@pytest.mark.parametrize("shape", [(3, 3), (3, 4)])
def test_tree_to_tiling_and_back_over_every_spanning_tree(shape):
    graph_region = Region.rectangle(*shape)
    big = temperley.region(graph_region)
    tilings = set()
    for tree in all_spanning_trees(graph_region.to_networkx()):
        tiling = temperley.tree_to_tiling(tree)
        assert tiling.region == big and tiling.is_perfect
        assert same_edges(temperley.tiling_to_tree(tiling), tree)
        tilings.add(tiling)
    # injective, and onto: every tiling of the board is hit
    assert len(tilings) == spanning_trees(graph_region) == count_tilings_memo(big.mask)


def test_tiling_to_tree_and_back_over_every_tiling_of_the_3x3_board():
    graph_region = Region.rectangle(3, 3)
    trees = set()
    for tiling in enumerate_tilings(temperley.region(graph_region)):
        tree = temperley.tiling_to_tree(tiling)
        assert nx.is_tree(tree) and set(tree.nodes) == set(graph_region)
        assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in tree.edges)
        assert temperley.tree_to_tiling(tree) == tiling
        trees.add(frozenset(frozenset(e) for e in tree.edges))
    assert len(trees) == 192


@settings(max_examples=40)
@given(regions(max_height=6, max_width=7), st.integers(0, 2**32 - 1), st.data())
def test_random_trees_of_random_regions_round_trip(graph_region, seed, data):
    assume(graph_region.n_cells >= 2 and graph_region.is_simply_connected())
    root = data.draw(st.sampled_from(sorted(boundary_cells(graph_region))))
    tree = nx.random_spanning_tree(graph_region.to_networkx(), seed=seed)
    tiling = temperley.tree_to_tiling(tree, root=root)
    assert tiling.is_perfect
    assert tiling.region == temperley.region(graph_region, root=root)
    assert same_edges(temperley.tiling_to_tree(tiling), tree)


def test_offset_regions_keep_their_coordinates():
    graph_region = Region.from_cells([(2, 3), (2, 4), (3, 4)])
    tree = nx.Graph([((2, 3), (2, 4)), ((2, 4), (3, 4))])
    tiling = temperley.tree_to_tiling(tree)
    assert (4, 6) not in tiling.region  # the root (2, 3) doubled
    assert sorted(map(tuple, tiling.dominoes.reshape(-1, 2).tolist())) == sorted(
        temperley.region(graph_region)
    )
    assert same_edges(temperley.tiling_to_tree(tiling), tree)


@settings(max_examples=60)
@given(regions(max_height=6, max_width=7))
def test_construction_applies_exactly_to_simply_connected_regions(graph_region):
    assume(graph_region.n_cells >= 2)
    if graph_region.is_simply_connected():
        assert temperley.region(graph_region).n_cells > 0
    else:
        with pytest.raises(TilingError, match="components|hole"):
            temperley.region(graph_region)


def test_regions_the_construction_refuses():
    ring = Region.rectangle(3, 3).without([(1, 1)])
    with pytest.raises(TilingError, match="1 hole.*without holes"):
        temperley.region(ring)
    with pytest.raises(TilingError, match="2 components"):
        temperley.region(Region.from_ascii(".#."))
    with pytest.raises(TilingError, match="single cell"):
        temperley.region(Region.rectangle(1, 1))
    with pytest.raises(TilingError, match="inside the region"):
        temperley.region(Region.rectangle(3, 3), root=(1, 1))
    with pytest.raises(TilingError, match="not a cell"):
        temperley.region(Region.rectangle(3, 3), root=(5, 0))
    with pytest.raises(TypeError, match="needs a tiling.Region"):
        temperley.region(np.ones((2, 2), bool))


def test_bad_trees_and_tilings_are_refused():
    with pytest.raises(TilingError, match="not a spanning tree"):
        temperley.tree_to_tiling(nx.cycle_graph([(0, 0), (0, 1), (1, 1), (1, 0)]))
    with pytest.raises(TilingError, match="does not join cells sharing a side"):
        temperley.tree_to_tiling(nx.Graph([((0, 0), (1, 1))]))
    with pytest.raises(TilingError, match="not a \\(row, col\\) cell"):
        temperley.tree_to_tiling(nx.Graph([("a", "b")]))
    board = Region.rectangle(2, 2)
    with pytest.raises(TilingError, match="not a Temperley region"):
        temperley.tiling_to_tree(Tiling(board, [[(0, 0), (0, 1)], [(1, 0), (1, 1)]]))
    big = temperley.region(Region.rectangle(2, 2))
    with pytest.raises(TilingError, match="perfect"):
        temperley.tiling_to_tree(Tiling(big, [[(0, 1), (0, 2)]]))
    with pytest.raises(TypeError, match="needs a Tiling"):
        temperley.tiling_to_tree(big)
