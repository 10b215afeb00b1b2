"""Proven log-determinants in double-double arithmetic, and the leading digits they give (issue 16).

The double-double operations are checked against exact rational arithmetic;
the enclosures against python-flint's exact determinants and exact counts;
``count(digits=k)`` through the enclosures against the exact count's digits.
"""

import math
from fractions import Fraction

import flint
import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st

import tiling
from tiling import Region, _leading
from tiling.linalg import _ddfrontal, _logdet

DOUBLES = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False).filter(
    lambda x: x == 0 or abs(x) > 1e-6
)


def _dd(hi):
    """A normalised double-double near ``hi``: its low part well inside half an ulp."""
    return hi, hi * 2.0**-60


def _exact(pair):
    return Fraction(pair[0]) + Fraction(pair[1])


@given(DOUBLES, DOUBLES)
@settings(max_examples=400)
def test_two_product_and_two_sum_are_exact(a, b):
    p, e = _ddfrontal._two_prod(a, b)
    assert Fraction(p) + Fraction(e) == Fraction(a) * Fraction(b)
    s, e = _ddfrontal._two_sum(a, b)
    assert Fraction(s) + Fraction(e) == Fraction(a) + Fraction(b)


@given(DOUBLES, DOUBLES)
@settings(max_examples=400)
def test_double_double_operations_stay_within_the_assumed_unit(a, b):
    x, y = _dd(a), _dd(b)
    for got, want in (
        (_ddfrontal._dd_add(*x, *y), _exact(x) + _exact(y)),
        (_ddfrontal._dd_mul(*x, *y), _exact(x) * _exact(y)),
    ):
        assert abs(_exact(got) - want) <= abs(want) * Fraction(_logdet.DD_UNIT)
    if a != 0:
        rh, rl, err = _ddfrontal._dd_recip(*x)
        true_err = abs(1 - _exact(x) * _exact((rh, rl)))
        assert true_err <= Fraction(_ddfrontal.RECIP_TOL)
        assert true_err <= Fraction(err) + 2 * Fraction(_logdet.DD_UNIT)


def _exact_log_det(dense):
    det = flint.fmpz_mat(np.asarray(dense, dtype=np.int64).tolist()).det()
    old = flint.ctx.prec
    try:
        flint.ctx.prec = 400
        return flint.arb(det).log()
    finally:
        flint.ctx.prec = old


@st.composite
def spd_matrices(draw, max_n=30):
    """``M M^T + c I`` for a sparse random integer ``M``: symmetric positive definite."""
    n = draw(st.integers(1, max_n))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    m = rng.integers(-3, 4, (n, n)) * (rng.random((n, n)) < draw(st.floats(0.05, 0.6)))
    return m @ m.T + draw(st.integers(1, 3)) * np.eye(n, dtype=np.int64)


@given(spd_matrices())
@settings(max_examples=150, deadline=None)
def test_enclosure_holds_the_exact_log_determinant(dense):
    ball = _logdet.proven_log_det(sp.csr_matrix(dense))
    assert ball.contains(_exact_log_det(dense))
    assert ball.rad() < 1e-12


def test_enclosure_of_an_ill_conditioned_matrix_still_holds():
    # the path's Dirichlet Laplacian tridiag(-1, 2, -1): det n + 1 (a formula), and its
    # smallest eigenvalue 4 sin(pi / (2n + 2))**2, about 2.5e-8 here
    n = 20000
    lap = sp.diags([-np.ones(n - 1), 2 * np.ones(n), -np.ones(n - 1)], [-1, 0, 1], dtype=np.int64)
    ball = _logdet.proven_log_det(lap.tocsr())
    old = flint.ctx.prec
    flint.ctx.prec = 300
    assert ball.contains(flint.arb(n + 1).log())
    flint.ctx.prec = old
    assert ball.rad() < 1e-6


@pytest.mark.parametrize(
    "dense",
    [
        [[1, 2], [2, 1]],  # indefinite
        [[1, 1], [1, 1]],  # singular
        [[0, 0], [0, 0]],
        [[-1]],
    ],
)
def test_matrices_that_are_not_positive_definite_are_refused(dense):
    with pytest.raises(_logdet.LogDetFailure):
        _logdet.proven_log_det(sp.csr_matrix(np.array(dense)))


def _random_region(rng, max_side=14):
    """A board with random domino-shaped holes (often tileable) and now and then a lone hole."""
    h, w = (int(x) for x in rng.integers(2, max_side, 2))
    mask = np.ones((h, w), dtype=bool)
    for _ in range(int(rng.integers(0, h * w // 6 + 1))):
        r, c = int(rng.integers(0, h)), int(rng.integers(0, w))
        r1, c1 = (r + 1, c) if rng.random() < 0.5 else (r, c + 1)
        if r1 < h and c1 < w:
            mask[r, c] = mask[r1, c1] = False
    if rng.random() < 0.2:
        mask[int(rng.integers(0, h)), int(rng.integers(0, w))] = False
    return Region.from_mask(mask)


def test_enclosures_hold_the_log_of_the_exact_count():
    rng = np.random.default_rng(7)
    checked = 0
    for _ in range(400):
        region = _random_region(rng)
        for piece, _uses in tiling.counting.kasteleyn.distinct_pieces(region):
            value = tiling.count(piece)
            ball = _leading.log_count_enclosure(piece)
            if value == 0:
                assert ball == "untileable" or ball is None
                continue
            old = flint.ctx.prec
            flint.ctx.prec = 300
            assert ball.contains(flint.arb(value).log()), piece
            flint.ctx.prec = old
            checked += 1
    assert checked > 150


@pytest.fixture
def always_enclose(monkeypatch):
    """Every piece without a closed form takes the enclosure, however cheap its exact count."""
    calls = []
    original = _leading.log_count_enclosure

    def spy(piece):
        calls.append(piece.n_cells)
        return original(piece)

    monkeypatch.setattr(_leading, "PROVEN_MIN_SECONDS", -1.0)
    monkeypatch.setattr(_leading, "log_count_enclosure", spy)
    return calls


def test_digits_through_enclosures_agree_with_the_exact_count(always_enclose):
    rng = np.random.default_rng(3)
    for _ in range(400):
        region = _random_region(rng, max_side=16)
        k = int(rng.integers(1, 10))
        text = tiling.decimal(tiling.count(region))
        got = tiling.count(region, digits=k)
        assert (got.n_digits, got.leading) == (len(text), text[:k]), region
    assert len(always_enclose) > 150


def test_digits_of_a_large_holey_board_through_its_enclosure(always_enclose):
    from tests.test_exact_scale import holey_board

    region = holey_board(150, seed=4)
    text = tiling.decimal(tiling.count(region))
    got = tiling.count(region, digits=12)
    assert (got.n_digits, got.leading) == (len(text), text[:12])
    assert always_enclose == [region.n_cells]


def test_too_many_digits_for_an_enclosure_fall_back_to_the_exact_count(always_enclose):
    mask = np.ones((12, 13), dtype=bool)
    mask[5, 6] = mask[5, 7] = False
    region = Region.from_mask(mask)
    text = tiling.decimal(tiling.count(region))
    got = tiling.count(region, digits=len(text))  # every digit: only the exact count can say
    assert got.leading == text
    assert always_enclose  # the enclosure was tried first


def test_untileable_pieces_give_zero_through_the_enclosure_path(always_enclose):
    from tests.test_exact_scale import _bridge

    region = _bridge(20)  # balanced colours, one piece, a Hall obstruction
    assert tiling.prove_impossible(region).kind == "hall"
    assert tiling.count(region, digits=4) == tiling.LeadingDigits(1, "0")
    assert always_enclose == [region.n_cells]  # decided by the enclosure path's matching
    assert _leading.log_count_enclosure(region) == "untileable"


def test_the_chain_length_bounds_every_row_count_of_the_factor():
    # a dense matrix: row i of L has i earlier entries, the chain n - 1 plus the extras
    n = 20
    dense = np.ones((n, n), dtype=np.int64) + n * np.eye(n, dtype=np.int64)
    from tiling.linalg._dissection import dissect, symmetric_pattern

    tree, _ = _logdet.flatten(dissect(symmetric_pattern(sp.csr_matrix(dense))))
    assert _logdet.chain_length(tree) == n - 1 + _logdet.EXTRA_OPS
    assert math.isinf(_logdet._gamma(2**60, _logdet.FLOAT_UNIT))


def test_an_enclosure_too_big_for_memory_is_refused_before_it_starts(monkeypatch, always_enclose):
    monkeypatch.setattr(_logdet, "MAX_BYTES", 1000)
    with pytest.raises(_logdet.LogDetFailure, match="GiB"):
        _logdet.proven_log_det(sp.csr_matrix(np.eye(40, dtype=np.int64) * 2))
    mask = np.ones((8, 9), dtype=bool)
    mask[3, 4] = mask[4, 4] = False
    region = Region.from_mask(mask)
    text = tiling.decimal(tiling.count(region))
    assert tiling.count(region, digits=3).leading == text[:3]  # the exact count answers
    assert always_enclose == [region.n_cells]
