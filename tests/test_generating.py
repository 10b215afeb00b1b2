"""Generating functions against enumeration: by vertical dominoes and by volume (heights)."""

from __future__ import annotations

import numpy as np
import pytest
import sympy
from hypothesis import given

import tiling
from tiling import Region, TilingError
from tiling.counting.brute import enumerate_tilings
from tiling.heights import height, min_tiling

from .strategies import regions, simply_connected_regions


def by_vertical(region):
    counts = {}
    for t in enumerate_tilings(region):
        k = int((t.dominoes[:, 0, 1] == t.dominoes[:, 1, 1]).sum())
        counts[k] = counts.get(k, 0) + 1
    return counts


def by_volume(region):
    """Flips above the minimal tiling: a quarter of the summed height differences."""
    low = height(min_tiling(region))
    counts = {}
    for t in enumerate_tilings(region):
        k4 = int((height(t) - low).sum())
        assert k4 % 4 == 0 and k4 >= 0
        counts[k4 // 4] = counts.get(k4 // 4, 0) + 1
    return counts


def coefficients(poly):
    return {k: int(c) for (k,), c in poly.terms() if c}


@given(regions(max_height=5, max_width=6))
def test_vertical_generating_function_matches_enumeration(region):
    want = by_vertical(region)
    for method in ("kasteleyn", "dp"):
        poly = tiling.generating_function(region, by="vertical", method=method)
        assert isinstance(poly, sympy.Poly)
        assert coefficients(poly) == want


@given(simply_connected_regions(max_height=5, max_width=6))
def test_volume_generating_function_matches_heights_of_enumerated_tilings(region):
    if tiling.count(region) == 0:
        assert tiling.generating_function(region, by="volume").is_zero
        return
    want = by_volume(region)
    for method in ("kasteleyn", "dp"):
        assert coefficients(tiling.generating_function(region, by="volume", method=method)) == want


def test_generating_functions_of_small_boards():
    q = sympy.Symbol("q")
    assert tiling.generating_function(Region.rectangle(2, 3)).as_expr() == q**3 + 2 * q
    horizontal = tiling.generating_function(Region.rectangle(2, 3), by="horizontal")
    assert horizontal.as_expr() == 2 * q**2 + 1
    volume = tiling.generating_function(Region.rectangle(4, 4), by="volume")
    assert volume.degree() == tiling.heights.flip_distance(
        min_tiling(Region.rectangle(4, 4)), tiling.heights.max_tiling(Region.rectangle(4, 4))
    )
    assert volume.eval(1) == 36
    t = sympy.Symbol("t")
    assert tiling.generating_function(Region.rectangle(2, 2), variable=t).gens == (t,)


def test_generating_function_of_a_large_board_adds_up_to_its_count():
    board = Region.rectangle(20, 20)
    poly = tiling.generating_function(board)
    assert poly.eval(1) == tiling.count(board)
    assert poly.degree() == 200  # all vertical
    assert all(k % 2 == 0 for (k,), _ in poly.terms())  # flips change it by 2
    # the board's symmetry: turning it swaps the statistic's k and 200 - k
    coeffs = poly.all_coeffs()
    assert coeffs == coeffs[::-1]


def test_regions_with_holes_and_no_tilings():
    ring = tiling.examples.ring()
    assert tiling.generating_function(ring).eval(1) == 2
    with pytest.raises(TilingError, match="simply connected"):
        tiling.generating_function(ring, by="volume")
    assert tiling.generating_function(Region.rectangle(3, 3)).is_zero
    with pytest.raises(TilingError, match="by"):
        tiling.generating_function(Region.rectangle(2, 2), by="area")


def test_volume_exponents_give_each_tiling_its_flips():
    board = Region.rectangle(3, 4)
    h, v, offset = tiling.stats.volume_exponents(board)
    low = height(min_tiling(board))
    for t in enumerate_tilings(board):
        power = sum(int((h if a[0] == b[0] else v)[tuple(np.minimum(a, b))]) for a, b in t.dominoes)
        assert power - offset == int((height(t) - low).sum()) // 4
