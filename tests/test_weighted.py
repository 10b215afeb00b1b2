"""Weighted counts (partition functions) against enumeration, and the two methods against each other."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

import tiling
from tiling import Region, TilingError, TooLargeError
from tiling.counting.brute import enumerate_tilings

from .strategies import balanced_regions, regions


def weight_by_enumeration(region, horizontal, vertical):
    """Sum over the enumerated tilings of the product of their dominoes' weights."""
    total = 0
    for t in enumerate_tilings(region):
        product = 1
        for a, b in t.dominoes.tolist():
            top = tuple(min(a, b))
            product = product * (horizontal[top] if a[0] == b[0] else vertical[top])
        total += product
    return total


def random_weights(draw, region, values):
    rows, cols = region.shape
    h = np.empty((rows, cols - 1), dtype=object)
    v = np.empty((rows - 1, cols), dtype=object)
    for arr in (h, v):
        for idx in np.ndindex(arr.shape):
            arr[idx] = draw(values)
    return h, v


@given(regions(max_height=5, max_width=6), st.data())
def test_weighted_dp_and_kasteleyn_match_enumeration_with_integer_weights(region, data):
    h, v = random_weights(data.draw, region, st.integers(-3, 6))
    want = weight_by_enumeration(region, h, v)
    for method in ("dp", "kasteleyn"):
        got = tiling.count(region, weights=(h, v), method=method)
        assert got == want and type(got) is int


@given(balanced_regions(max_height=7, max_width=8), st.data())
def test_weighted_dp_equals_weighted_kasteleyn_on_random_regions(region, data):
    h, v = random_weights(data.draw, region, st.integers(0, 1000))
    dp = tiling.count(region, weights=(h, v), method="dp")
    assert dp == tiling.count(region, weights=(h, v), method="kasteleyn")
    assert dp == tiling.count(region, weights=(h, v))  # auto


@given(regions(max_height=4, max_width=5), st.data())
def test_fraction_weights_give_the_exact_fraction(region, data):
    fractions = st.builds(Fraction, st.integers(-4, 7), st.integers(1, 6))
    h, v = random_weights(data.draw, region, fractions)
    want = weight_by_enumeration(region, h, v)
    for method in ("dp", "kasteleyn"):
        got = tiling.count(region, weights=(h, v), method=method)
        assert got == want
        assert isinstance(got, Fraction) or h.size + v.size == 0  # no weight given: an int


@given(regions(max_height=4, max_width=5), st.data())
def test_float_weights_are_within_the_stated_relative_error(region, data):
    floats = st.floats(0.01, 100.0)
    h, v = random_weights(data.draw, region, floats)
    exact = weight_by_enumeration(
        region,
        np.vectorize(Fraction, otypes=[object])(h) if h.size else h,
        np.vectorize(Fraction, otypes=[object])(v) if v.size else v,
    )
    dp = tiling.count(region, weights=(h, v), method="dp")
    assert isinstance(dp, float) or h.size + v.size == 0
    # the DP's proven bound for non-negative weights
    assert abs(Fraction(dp) - exact) <= Fraction(2.1 * region.n_cells * 2.0**-53) * exact
    kasteleyn = tiling.count(region, weights=(h, v), method="kasteleyn")
    assert math.isclose(kasteleyn, float(exact), rel_tol=1e-10, abs_tol=1e-300)


@given(regions(max_height=4, max_width=5), st.data())
def test_sympy_weights_give_the_expanded_polynomial(region, data):
    x, y = sympy.symbols("x y")
    values = st.sampled_from([x, y, 1, 2 * x + 1, x * y, sympy.Rational(1, 2), y**2 - 3])
    h, v = random_weights(data.draw, region, values)
    want = sympy.expand(weight_by_enumeration(region, h, v))
    for method in ("dp", "kasteleyn"):
        got = tiling.count(region, weights=(h, v), method=method)
        assert sympy.expand(got - want) == 0


def test_sympy_weights_with_irrational_numbers_and_rational_functions():
    board = Region.rectangle(2, 3)
    q = sympy.Symbol("q")
    assert sympy.simplify(tiling.count(board, weights=(sympy.sqrt(2), 1)) - 5) == 0
    for method in ("dp", "kasteleyn"):  # 1/q is one more generator: a Laurent polynomial
        got = tiling.count(board, weights=(1 / q, q), method=method)
        assert sympy.simplify(got - (q**3 + 2 / q)) == 0
    for method in ("dp", "kasteleyn"):  # so is 1/(1 + q): the answer is read back in q
        got = tiling.count(board, weights=(1 / (1 + q), 1), method=method)
        assert sympy.simplify(got - (1 + 2 / (1 + q) ** 2)) == 0


def test_uniform_weights_give_the_plain_count_and_weight_powers():
    board = Region.rectangle(6, 7)
    n = tiling.count(board)
    assert tiling.count(board, weights=(1, 1)) == n
    # every tiling has 21 dominoes: all weights 3 multiply the count by 3**21
    assert tiling.count(board, weights=(3, 3), method="kasteleyn") == n * 3**21
    assert tiling.count(board, weights=(3, 3), method="dp") == n * 3**21


def test_huge_integer_weights_stay_exact():
    board = Region.rectangle(4, 4)
    big = 10**30
    want = weight_by_enumeration(
        board, np.full((4, 3), big, dtype=object), np.full((3, 4), 1, dtype=object)
    )
    assert tiling.count(board, weights=(big, 1), method="kasteleyn") == want
    assert tiling.count(board, weights=(big, 1), method="dp") == want


def test_log_gives_the_logarithm_for_regions_beyond_a_float():
    board = Region.rectangle(80, 80)  # about exp(1960)
    with pytest.raises(TilingError, match="log=True"):
        tiling.count(board, weights=(0.5, 1.5))
    value = tiling.count(board, weights=(0.5, 1.5), log=True)
    # check against the exact count with the same dyadic weights, on a smaller board
    small = Region.rectangle(10, 40)
    exact = tiling.count(small, weights=(Fraction(1, 2), Fraction(3, 2)))
    want = math.log(exact.numerator) - math.log(exact.denominator)
    for method in ("dp", "kasteleyn"):
        got = tiling.count(small, weights=(0.5, 1.5), log=True, method=method)
        assert math.isclose(got, want, rel_tol=1e-12)
    assert math.isfinite(value) and value > 0
    assert tiling.count(Region.rectangle(8, 8), log=True) == pytest.approx(math.log(12988816))
    assert tiling.count(board, weights=(Fraction(1, 2), Fraction(3, 2)), log=True) == (
        pytest.approx(value, rel=1e-12)
    )


def test_zero_and_untileable_weighted_counts():
    assert tiling.count(Region.rectangle(3, 3), weights=(2, 3)) == 0
    assert tiling.count(Region.rectangle(3, 3), weights=(0.5, 3.0)) == 0.0
    assert tiling.count(Region.rectangle(3, 3), weights=(0.5, 3.0), log=True) == -math.inf
    assert tiling.count(Region.rectangle(2, 2), weights=(0, 0)) == 0


def test_negative_float_count_has_no_logarithm():
    board = Region.rectangle(2, 3)  # v**3 + 2 h**2 v
    for method in ("dp", "kasteleyn"):
        with pytest.raises(TilingError, match="negative"):
            tiling.count(board, weights=(0.5, -1.0), log=True, method=method)
        assert tiling.count(board, weights=(0.5, -1.0), method=method) == pytest.approx(-1.5)


def test_bad_weights_and_methods_are_refused_clearly():
    board = Region.rectangle(2, 3)
    with pytest.raises(TilingError, match="method 'brute' does not take weights"):
        tiling.count(board, weights=(1, 2), method="brute")
    with pytest.raises(TilingError, match=r"shape \(3, 3\).*\(2, 2\)"):
        tiling.count(board, weights=(np.ones((3, 3)), 1))
    with pytest.raises(TypeError, match="not True"):
        tiling.count(board, weights=(True, 1))
    with pytest.raises(TypeError, match="str"):
        tiling.count(board, weights=("a", 1))
    with pytest.raises(TilingError, match="finite"):
        tiling.count(board, weights=(math.inf, 1.0))
    with pytest.raises(TilingError, match="digits"):
        tiling.count(board, weights=(1, 2), digits=3)
    with pytest.raises(TilingError, match="numeric"):
        tiling.count(board, weights=(sympy.Symbol("q"), 1), log=True)
    with pytest.raises(TooLargeError, match="kasteleyn"):
        tiling.count(Region.rectangle(30, 30), weights=(1, 2), method="dp")


def test_sampling_still_takes_weights():
    t = tiling.sample(Region.rectangle(4, 4), rng=1, weights=(2.0, 1.0))
    assert t.is_perfect
