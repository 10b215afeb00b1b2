import sys

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from networkx.algorithms import bipartite

from tiling import Region
from tiling.matching import hopcroft_karp, kuhn, kuhn_steps
from tiling.matching._hopcroft_karp import _hopcroft_karp

from .reference import is_valid_tiling
from .strategies import balanced_regions, regions


# ---------------------------------------------------------------------------- references
def networkx_matching_size(region):
    """Maximum matching size of the cell graph by networkx's Hopcroft-Karp."""
    cells = [tuple(c) for c in region.cells().tolist()]
    g = nx.Graph()
    g.add_nodes_from(cells)
    mask = region.mask
    h, w = mask.shape
    for r, c in cells:
        for rr, cc in ((r + 1, c), (r, c + 1)):
            if rr < h and cc < w and mask[rr, cc]:
                g.add_edge((r, c), (rr, cc))
    top = [c for c in cells if sum(c) % 2 == 0]
    return len(bipartite.hopcroft_karp_matching(g, top_nodes=top)) // 2


def snake(rows, width):
    """A one-cell-wide corridor: full rows joined alternately at the right and left ends."""
    mask = np.zeros((2 * rows - 1, width), dtype=bool)
    mask[::2, :] = True
    for i in range(rows - 1):
        mask[2 * i + 1, width - 1 if i % 2 == 0 else 0] = True
    return Region(mask)


def spiral(n):
    """A one-cell-wide square spiral corridor in an n x n box, walls one cell thick."""
    mask = np.zeros((n, n), dtype=bool)
    top, left, bottom, right = 0, 0, n - 1, n - 1
    r = c = 0
    mask[0, 0] = True
    while right > left and bottom > top:
        mask[r, c : right + 1] = True  # right along the top
        c = right
        mask[r : bottom + 1, c] = True  # down the right side
        r = bottom
        mask[r, left : c + 1] = True  # left along the bottom
        c = left
        if r > top + 2:
            mask[top + 2 : r + 1, c] = True  # up the left side, stopping short
            r = top + 2
        top, left, bottom, right = top + 2, left + 2, bottom - 2, right - 2
    return Region(mask)


def replay(region, paths):
    """Apply augmenting paths, in order, to the empty placement; check each on the way."""
    mate = {}
    for path in paths:
        assert len(path) % 2 == 0 and len(path) >= 2
        assert path[0] not in mate and path[-1] not in mate
        for a, b in zip(path, path[1:]):
            assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 and a in region and b in region
        for i in range(1, len(path) - 1, 2):
            assert mate[path[i]] == path[i + 1]  # (path[1], path[2]), ... were dominoes
        for i in range(0, len(path), 2):
            mate[path[i]] = path[i + 1]
            mate[path[i + 1]] = path[i]
    return {frozenset((a, b)) for a, b in mate.items()}


def domino_set(tiling):
    return {frozenset(map(tuple, d)) for d in tiling.dominoes.tolist()}


# ---------------------------------------------------------------------------- sizes
@settings(max_examples=300)
@given(regions(max_height=7, max_width=8))
def test_both_solvers_match_networkx_maximum_matching_size(r):
    expected = networkx_matching_size(r)
    for solver in (kuhn, hopcroft_karp):
        t = solver(r)
        assert len(t) == expected
        assert t.region == r
        assert is_valid_tiling(r.mask, t.dominoes, perfect=False)


@settings(max_examples=150)
@given(regions(max_height=25, max_width=25), st.sampled_from([0, 1, 2]))
def test_textbook_layered_phases_alone_or_after_forest_phases_reach_the_maximum(r, forest):
    # forest_phases=0 runs only textbook Hopcroft-Karp phases (the worst-case
    # guarantee); 1 or 2 hands over from the fast forest phases mid-way.
    t = _hopcroft_karp(r, forest_phases=forest)
    assert len(t) == networkx_matching_size(r)
    assert is_valid_tiling(r.mask, t.dominoes, perfect=False)


def test_layered_phases_on_a_large_holey_region():
    rng = np.random.default_rng(5)
    r = Region.from_mask(rng.random((120, 130)) > 0.08)
    assert (
        len(_hopcroft_karp(r, forest_phases=0))
        == len(hopcroft_karp(r))
        == networkx_matching_size(r)
    )


@settings(max_examples=40)
@given(regions(max_height=25, max_width=25))
def test_hopcroft_karp_and_kuhn_agree_on_larger_regions(r):
    expected = networkx_matching_size(r)
    assert len(hopcroft_karp(r)) == len(kuhn(r)) == expected


@settings(max_examples=60)
@given(balanced_regions(max_height=8, max_width=8))
def test_perfect_tilings_validate_on_balanced_regions(r):
    for solver in (kuhn, hopcroft_karp):
        t = solver(r)
        assert is_valid_tiling(r.mask, t.dominoes, perfect=t.is_perfect)
        assert t.is_perfect == (2 * networkx_matching_size(r) == r.n_cells)


@pytest.mark.parametrize("seed,density", [(0, 0.6), (1, 0.8), (2, 0.95)])
def test_hopcroft_karp_equals_networkx_on_holey_80_board(seed, density):
    # (scipy's maximum_bipartite_matching stalls on such boards, scipy #26147)
    rng = np.random.default_rng(seed)
    mask = rng.random((80, 90)) < density
    r = Region(mask)
    t = hopcroft_karp(r)
    assert len(t) == networkx_matching_size(r)
    assert is_valid_tiling(mask, t.dominoes, perfect=False)


@pytest.mark.parametrize("h,w", [(1, 1), (1, 2), (3, 3), (7, 10), (9, 9), (64, 63)])
def test_full_boards_are_tiled_up_to_one_cell(h, w):
    for solver in (kuhn, hopcroft_karp):
        t = solver(Region.rectangle(h, w))
        assert len(t) == h * w // 2
        assert is_valid_tiling(np.ones((h, w), bool), t.dominoes, perfect=(h * w) % 2 == 0)


# ---------------------------------------------------------------------------- Kuhn's record
@settings(max_examples=100)
@given(regions(max_height=6, max_width=7))
def test_kuhn_paths_replayed_from_empty_give_the_final_tiling(r):
    t, paths = kuhn(r), kuhn_steps(r)
    assert len(paths) == len(t)
    assert replay(r, paths) == domino_set(t)
    assert all(isinstance(c, tuple) and len(c) == 2 for p in paths for c in p)


def test_kuhn_steps_on_2x2():
    t, paths = kuhn(Region.rectangle(2, 2)), kuhn_steps(Region.rectangle(2, 2))
    assert paths == [[(0, 0), (0, 1)], [(1, 1), (1, 0)]]
    assert replay(t.region, paths) == domino_set(t)


def test_kuhn_follows_augmenting_paths_longer_than_the_recursion_limit():
    # Kuhn pairs each row of the snake from the left, which is the wrong way
    # round for every second row: each repair is a path along a whole row.
    width = sys.getrecursionlimit() + 400
    r = snake(4, width)
    t, paths = kuhn(r), kuhn_steps(r)
    assert max(len(p) for p in paths) > sys.getrecursionlimit()
    assert len(t) == r.n_cells // 2
    assert replay(r, paths) == domino_set(t)


def test_both_solvers_on_a_1000_x_1000_spiral_corridor():
    r = spiral(1000)
    graph_edges = len(r.edges())
    assert graph_edges == r.n_cells - 1 and r.is_connected()  # one corridor: a path graph
    t, paths = kuhn(r), kuhn_steps(r)
    assert max(len(p) for p in paths) > sys.getrecursionlimit()
    assert len(t) == len(hopcroft_karp(r)) == r.n_cells // 2


def test_hopcroft_karp_on_a_long_snake_corridor():
    r = snake(150, 300)  # a 299 x 300 box, one corridor of 45,149 cells
    t = hopcroft_karp(r)
    assert len(t) == r.n_cells // 2  # a path graph of n vertices matches n // 2
    assert is_valid_tiling(r.mask, t.dominoes, perfect=False)


# ---------------------------------------------------------------------------- input checks
@pytest.mark.parametrize("solver", [kuhn, kuhn_steps, hopcroft_karp])
def test_solvers_reject_non_regions_with_a_clear_message(solver):
    with pytest.raises(TypeError, match="needs a tiling.Region"):
        solver(np.ones((2, 2), bool))


@given(st.integers(1, 6), st.integers(1, 6))
def test_single_row_or_column_regions(h, w):
    r = Region.rectangle(h, 1) if h > 1 else Region.rectangle(1, w)
    assert len(hopcroft_karp(r)) == len(kuhn(r)) == r.n_cells // 2
