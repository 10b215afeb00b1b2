"""Tilings of the torus and the cylinder, against an enumerator of the torus graph written here."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tiling
from tiling import Region, TilingError, TooLargeError


def torus_dominoes(rows, cols, boundary):
    """Every domino position of the torus (cylinder) graph, as (cell, cell, kind, r, c).

    ``kind`` names the weight array and ``(r, c)`` the entry; a side of 2 gives two
    positions on one pair of cells (the seam's and the inside one), a side of 1 none
    across its seam (a loop).
    """
    out = []
    for r in range(rows):
        for c in range(cols):
            if cols >= 2 and (c + 1 < cols or True):
                out.append(((r, c), (r, (c + 1) % cols), "h", r, c))
            if rows >= 2 and (r + 1 < rows or boundary == "torus"):
                out.append(((r, c), ((r + 1) % rows, c), "v", r, c))
    return out


def torus_weight_by_enumeration(rows, cols, horizontal, vertical, boundary="torus"):
    """Backtracking over the first free cell: the sum over perfect matchings of the weight."""
    positions = torus_dominoes(rows, cols, boundary)
    at = {}
    for p in positions:
        at.setdefault(p[0], []).append(p)
        at.setdefault(p[1], []).append(p)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    used = set()

    def search(i):
        while i < len(cells) and cells[i] in used:
            i += 1
        if i == len(cells):
            return 1
        cell = cells[i]
        total = 0
        for a, b, kind, r, c in at.get(cell, ()):
            other = b if a == cell else a
            if other in used or other == cell:
                continue
            used.update((cell, other))
            w = horizontal[r][c] if kind == "h" else vertical[r][c]
            total += w * search(i + 1)
            used.difference_update((cell, other))
        return total

    return search(0)


SIZES = [(m, n) for m in range(1, 7) for n in range(1, 7) if m * n <= 24]


@pytest.mark.parametrize("boundary", ["torus", "cylinder"])
@pytest.mark.parametrize(("rows", "cols"), SIZES)
def test_uniform_torus_and_cylinder_counts_match_enumeration(rows, cols, boundary):
    ones = [[1] * cols for _ in range(rows)]
    want = torus_weight_by_enumeration(rows, cols, ones, ones, boundary)
    board = Region.rectangle(rows, cols)
    assert tiling.count(board, boundary=boundary) == want
    assert tiling.count(board, boundary=boundary, method="dp") == want
    if tiling.counting.torus.bipartite(rows, cols, boundary):
        assert tiling.count(board, boundary=boundary, method="kasteleyn") == want
    elif rows * cols % 2 == 0:
        with pytest.raises(TilingError, match="not bipartite"):
            tiling.count(board, boundary=boundary, method="kasteleyn")


@given(st.sampled_from(SIZES), st.sampled_from(["torus", "cylinder"]), st.data())
def test_weighted_torus_counts_match_enumeration(size, boundary, data):
    rows, cols = size
    v_rows = rows if boundary == "torus" else rows - 1
    values = st.integers(-3, 5)
    h = [[data.draw(values) for _ in range(cols)] for _ in range(rows)]
    v = [[data.draw(values) for _ in range(cols)] for _ in range(v_rows)]
    want = torus_weight_by_enumeration(rows, cols, h, v, boundary)
    board = Region.rectangle(rows, cols)
    methods = ["dp"] + (
        ["kasteleyn"] if tiling.counting.torus.bipartite(rows, cols, boundary) else []
    )
    for method in methods:
        assert tiling.count(board, weights=(h, v), boundary=boundary, method=method) == want


@given(st.sampled_from([(2, 2), (2, 4), (4, 4), (3, 4), (4, 2), (1, 6), (6, 1)]), st.data())
def test_fraction_and_float_weights_on_the_torus(size, data):
    rows, cols = size
    fractions = st.builds(Fraction, st.integers(1, 7), st.integers(1, 5))
    h = [[data.draw(fractions) for _ in range(cols)] for _ in range(rows)]
    v = [[data.draw(fractions) for _ in range(cols)] for _ in range(rows)]
    want = torus_weight_by_enumeration(rows, cols, h, v)
    board = Region.rectangle(rows, cols)
    assert tiling.count(board, weights=(h, v), boundary="torus") == want
    hf = [[float(x) for x in row] for row in h]
    vf = [[float(x) for x in row] for row in v]
    for method in ("dp", "kasteleyn") if rows % 2 == 0 or rows == 1 else ("dp",):
        got = tiling.count(board, weights=(hf, vf), boundary="torus", method=method)
        assert math.isclose(got, float(want), rel_tol=1e-10)


def test_short_sides_follow_the_graph_c_m_x_c_n():
    # a side of 2: two dominoes on each pair of neighbours; a side of 1: loops, no domino
    assert tiling.count(Region.rectangle(2, 2), boundary="torus") == 8
    assert tiling.count(Region.rectangle(1, 2), boundary="torus") == 2
    assert tiling.count(Region.rectangle(1, 6), boundary="torus") == 2  # the cycle C_6
    assert tiling.count(Region.rectangle(6, 1), boundary="torus") == 2
    assert tiling.count(Region.rectangle(5, 1), boundary="cylinder") == 0  # a column of 5
    assert tiling.count(Region.rectangle(4, 1), boundary="cylinder") == 1
    assert tiling.count(Region.rectangle(3, 3), boundary="torus") == 0  # odd


@pytest.mark.parametrize(("rows", "cols"), [(6, 6), (8, 8), (4, 14), (10, 6), (6, 10), (8, 2)])
@pytest.mark.parametrize("boundary", ["torus", "cylinder"])
def test_twisted_determinants_equal_the_transfer_matrix_beyond_enumeration(rows, cols, boundary):
    board = Region.rectangle(rows, cols)
    dp = tiling.count(board, boundary=boundary, method="dp")
    assert tiling.count(board, boundary=boundary, method="kasteleyn") == dp
    rng = np.random.default_rng(rows * cols)
    h = rng.integers(0, 9, (rows, cols)).tolist()
    v = rng.integers(0, 9, (rows if boundary == "torus" else rows - 1, cols)).tolist()
    got = tiling.count(board, weights=(h, v), boundary=boundary, method="kasteleyn")
    assert got == tiling.count(board, weights=(h, v), boundary=boundary, method="dp")


def test_known_torus_counts():
    assert tiling.count(Region.rectangle(4, 4), boundary="torus") == 272
    assert tiling.count(Region.rectangle(6, 6), boundary="torus") == 90176


def test_odd_torus_by_the_dp_against_its_transpose():
    # the 3 x 8 and 8 x 3 tori are the same graph
    a = tiling.count(Region.rectangle(3, 8), boundary="torus")
    b = tiling.count(Region.rectangle(8, 3), boundary="torus")
    assert a == b > 0


def test_torus_float_log_for_huge_boards():
    value = tiling.count(Region.rectangle(200, 200), boundary="torus", weights=(1.0, 1.0), log=True)
    exact = tiling.count(Region.rectangle(60, 60), boundary="torus")
    approx = tiling.count(Region.rectangle(60, 60), boundary="torus", weights=(1.0, 1.0), log=True)
    assert math.isclose(approx, math.log(exact), rel_tol=1e-10)
    assert value > 0


def test_torus_refusals_are_clear():
    with pytest.raises(TilingError, match="full rectangle"):
        tiling.count(Region.rectangle(4, 4).without([(0, 0)]), boundary="torus")
    with pytest.raises(TilingError, match="boundary"):
        tiling.count(Region.rectangle(4, 4), boundary="sphere")
    with pytest.raises(TilingError, match=r"shape \(3, 4\).*\(4, 4\)"):
        tiling.count(Region.rectangle(4, 4), boundary="torus", weights=(np.ones((3, 4)), 1))
    with pytest.raises(TooLargeError, match="even sides"):
        tiling.count(Region.rectangle(41, 42), boundary="torus")
    with pytest.raises(TilingError, match="does not take"):
        tiling.count(Region.rectangle(4, 4), boundary="torus", method="brute")
