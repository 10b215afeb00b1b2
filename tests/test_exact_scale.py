"""Exact counts at scale: nested dissection, existence first, leading digits (issue 16).

The nested-dissection path is checked against python-flint's dense exact
determinant and against the integer sweep; counts of holey regions against
the DP, a cell-expansion identity and the symmetries of the square; zeros
are checked to cost no determinant; leading digits against the exact count.
"""

import flint
import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st

import tiling
from tests.strategies import balanced_regions
from tests.test_linalg import reshape_kind
from tiling import Region
from tiling import linalg as exact
from tiling.counting import kasteleyn
from tiling.linalg import _frontal
from tiling.linalg._matrix import as_matrix


def flint_det(dense):
    return int(flint.fmpz_mat(np.asarray(dense, dtype=object).tolist()).det())


def holey_board(n, fraction=0.05, seed=0, width=None):
    """The n x width board minus ``fraction`` of its cells as random domino-shaped holes."""
    width = n if width is None else width
    rng = np.random.default_rng(seed)
    mask = np.ones((n, width), dtype=bool)
    target = int(fraction * n * width) // 2
    made = tries = 0
    while made < target and tries < 50 * target + 100:
        tries += 1
        r, c = int(rng.integers(0, n)), int(rng.integers(0, width))
        r1, c1 = (r + 1, c) if rng.random() < 0.5 else (r, c + 1)
        if r1 < n and c1 < width and mask[r, c] and mask[r1, c1]:
            mask[r, c] = mask[r1, c1] = False
            made += 1
    return Region.from_mask(mask)


# ---------------------------------------------------------------- the engine, forced paths
@st.composite
def paired_sparse_matrices(draw, max_n=14):
    """A random sparse integer matrix and a perfect matching of its pattern (a pairing);
    about a third singular on purpose."""
    n = draw(st.integers(1, max_n))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    density = draw(st.sampled_from([0.15, 0.3, 0.6]))
    dense = (rng.random((n, n)) < density) * rng.integers(-4, 5, (n, n))
    pairing = rng.permutation(n)
    dense[np.arange(n), pairing] = rng.choice([-3, -2, -1, 1, 2, 5], n)
    kind = draw(st.sampled_from(["plain", "unit", "repeat", "combination"]))
    return reshape_kind(dense, kind, rng), pairing


@given(paired_sparse_matrices())
@settings(max_examples=200, deadline=None)
def test_dissection_and_sweep_match_flint_on_random_sparse_matrices(case):
    dense, pairing = case
    expected = flint_det(dense)
    matrix = sp.csr_matrix(dense)
    if (dense[np.arange(len(dense)), pairing] != 0).all():
        assert exact.det(matrix, method="dissection", pairing=pairing) == expected
    assert exact.det(matrix, method="sweep") == expected
    assert exact.det(matrix) == expected


def test_dissection_modular_residues_match_flint_prime_by_prime():
    # the batched kernel itself, before any CRT: every residue it reports is right
    rng = np.random.default_rng(5)
    for n in (30, 60, 120):
        dense = (rng.random((n, n)) < 0.08) * rng.integers(-3, 4, (n, n))
        np.fill_diagonal(dense, rng.integers(1, 6, n))
        csr = sp.csr_matrix(dense.astype(np.int64))
        csr.sort_indices()
        schedule = _frontal.build_schedule(as_matrix(csr), np.arange(n))
        primes = exact.primes_below(_frontal.FLOAT_PRIME_BITS, 11)
        got = _frontal.residues(schedule, csr.data, primes)
        assert sum(r is None for r in got) <= 1
        for p, r in zip(primes, got):
            if r is not None:
                assert r == int(flint.nmod_mat(dense.tolist(), p).det())


def test_dissection_handles_singular_leading_blocks_by_falling_back():
    # the fixed pivot order meets a zero block: the answer is still exact
    dense = np.array([[1, 1, 0, 0], [1, 1, 1, 0], [0, 1, 2, 1], [0, 0, 1, 3]])
    assert exact.det(dense, method="dissection") == flint_det(dense)
    assert exact.det(np.ones((3, 3), dtype=np.int64), method="dissection") == 0


def test_det_checks_method_and_pairing():
    with pytest.raises(exact.LinalgError, match="unknown method 'magic'"):
        exact.det([[1]], method="magic")
    with pytest.raises(TypeError, match="method must be one of"):
        exact.det([[1]], method=3)
    with pytest.raises(exact.LinalgError, match="pairing must list each of the 2 columns once"):
        exact.det([[1, 1], [1, 1]], pairing=[0, 0])
    with pytest.raises(exact.LinalgError, match="pairs row 0 with column 1, a zero entry"):
        exact.det([[1, 0], [1, 1]], pairing=[1, 0])
    with pytest.raises(exact.LinalgError, match="needs a nonzero diagonal|pass pairing="):
        exact.det([[0, 1], [1, 0]], method="dissection")
    assert exact.det([[0, 1], [1, 0]], method="dissection", pairing=[1, 0]) == -1


def test_dissection_agrees_on_a_large_laplacian_and_a_kasteleyn_matrix():
    import networkx as nx

    lap = nx.laplacian_matrix(nx.grid_2d_graph(23, 31)).astype(np.int64).tocsr()[1:, 1:]
    assert exact.det(lap, method="dissection") == exact.det(lap, method="sweep")
    board = holey_board(40, seed=3)
    K, cells0, cells1 = kasteleyn.matrix(board)
    pairing = kasteleyn.tiling_pairing(board, cells0, cells1)
    assert pairing is not None
    assert abs(exact.det(K, method="dissection", pairing=pairing)) == abs(
        exact.det(K, method="sweep")
    )


# ---------------------------------------------------------------- counts of holey regions
@given(balanced_regions(max_height=8, max_width=9))
@settings(max_examples=120, deadline=None)
def test_new_path_equals_present_path_equals_dp_on_random_regions(region):
    expected = tiling.count(region, method="dp")
    assert tiling.count(region, method="kasteleyn") == expected
    assert tiling.count(region) == expected
    for part in region.components():
        K, cells0, cells1 = kasteleyn.matrix(part)
        if K.shape[0] != K.shape[1] or K.shape[0] == 0:
            continue
        pairing = kasteleyn.tiling_pairing(part, cells0, cells1)
        sweep = abs(exact.det(K, method="sweep"))
        if pairing is None:
            assert sweep == 0
        else:
            assert abs(exact.det(K, method="dissection", pairing=pairing)) == sweep


@pytest.mark.parametrize("n, seed", [(20, 1), (24, 2), (60, 3), (100, 4)])
def test_holey_boards_agree_across_paths_and_with_the_dp_where_narrow(n, seed):
    width = 18 if n <= 24 else n
    board = holey_board(n, seed=seed, width=width)
    value = tiling.count(board, method="kasteleyn")
    if width <= 20:
        assert tiling.count(board, method="dp") == value
    K, cells0, cells1 = kasteleyn.matrix(board)
    pairing = kasteleyn.tiling_pairing(board, cells0, cells1)
    sweep = abs(exact.det(K, method="sweep"))
    assert sweep == value
    if pairing is not None and n <= 60:
        assert abs(exact.det(K, method="dissection", pairing=pairing)) == value


def test_cell_expansion_and_symmetries_on_a_large_holey_board():
    # count(R) = sum over the dominoes covering one fixed cell of count(R minus it)
    board = holey_board(70, seed=11)
    total = tiling.count(board)
    assert total > 0
    cell = tuple(int(x) for x in board.cells()[len(board) // 2])
    r, c = cell
    pieces = [
        tiling.count(board.without([cell, other]))
        for other in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        if other in board
    ]
    assert sum(pieces) == total
    assert tiling.count(board.transpose()) == total
    rotated = Region.from_mask(np.rot90(board.mask))
    assert tiling.count(rotated) == total
    assert tiling.count(Region.from_mask(board.mask[::-1])) == total


# ---------------------------------------------------------------- zero without a determinant
@pytest.fixture
def no_determinant(monkeypatch):
    """Make every determinant and every DP sweep fail loudly."""

    def refuse(*args, **kwargs):
        raise AssertionError("a determinant was computed for a region without a tiling")

    import tiling.linalg.determinant as determinant
    from tiling.counting.transfer import _api as dp

    monkeypatch.setattr(determinant, "det", refuse)
    monkeypatch.setattr(dp, "_count_piece", refuse)
    return refuse


def _bridge(n):
    """An n x n board split by a wall with one bridge cell; the sides' colour excesses
    make the region balanced but untileable (a Hall set, not parity or colour)."""
    mask = np.ones((n, n), dtype=bool)
    wall = row = n // 2
    mask[:, wall] = False
    mask[row, wall] = True
    c = (row + wall) % 2
    left = [(r, k) for r in range(1, n) for k in range(1, wall - 1) if (r + k) % 2 == c][:2]
    right = [(r, k) for r in range(1, n) for k in range(wall + 2, n) if (r + k) % 2 != c][:1]
    for r, k in left + right:
        mask[r, k] = False
    return Region.from_mask(mask)


@pytest.mark.parametrize(
    "region, kind",
    [
        (Region.rectangle(61, 61), "parity"),
        (Region.rectangle(60, 60).without([(0, 0), (59, 59)]), "color"),
        (_bridge(60), "hall"),
        (_bridge(200), "hall"),
    ],
)
def test_untileable_regions_count_zero_without_any_determinant(region, kind, no_determinant):
    assert tiling.prove_impossible(region).kind == kind
    assert tiling.count(region) == 0
    assert tiling.count(region, method="kasteleyn") == 0
    assert tiling.count(region, digits=3) == tiling.LeadingDigits(1, "0")


# ---------------------------------------------------------------- leading digits
def _check_digits(region, k):
    value = tiling.count(region)
    text = tiling.decimal(value)
    got = tiling.count(region, digits=k)
    assert got.n_digits == len(text)
    assert got.leading == text[:k]


@pytest.mark.parametrize("h", range(1, 25))
def test_digits_of_boards_agree_with_the_exact_count(h):
    for w in range(1, 25):
        _check_digits(Region.rectangle(h, w), 1 + (h * w) % 7)


def test_digits_of_aztec_diamonds_rings_and_holey_regions_agree_with_the_exact_count():
    for n in range(1, 40):
        _check_digits(Region.aztec_diamond(n), 5)
    rng = np.random.default_rng(0)
    for _ in range(60):
        h, w = rng.integers(2, 12, 2)
        mask = rng.random((h, w)) < 0.85
        _check_digits(Region.from_mask(mask), int(rng.integers(1, 8)))
    # a region of many pieces: boards, diamonds and a ring, some repeated
    mask = np.zeros((30, 60), dtype=bool)
    mask[:8, :10] = True
    mask[:8, 12:22] = True
    mask[10:20, 30:44] = True
    mask[12:18, 32:42] = False
    mask[22:30, 50:58] = Region.aztec_diamond(4).mask
    _check_digits(Region.from_mask(mask), 9)


def test_digits_of_large_boards_match_the_product_formula_in_high_precision():
    import mpmath

    for h, w in ((300, 450), (76, 2001)):
        with mpmath.workdps(40):
            log10 = mpmath.mpf(0)
            for j in range(1, (h + 1) // 2 + 1):
                a = 4 * mpmath.cos(mpmath.pi * j / (h + 1)) ** 2
                for k in range(1, (w + 1) // 2 + 1):
                    log10 += mpmath.log10(a + 4 * mpmath.cos(mpmath.pi * k / (w + 1)) ** 2)
            digits = int(mpmath.floor(log10)) + 1
            leading = str(int(mpmath.floor(mpmath.power(10, log10 - digits + 12))))
        got = tiling.count(Region.rectangle(h, w), digits=12)
        assert got.n_digits == digits
        assert got.leading == leading


def test_digits_are_checked():
    board = Region.rectangle(4, 4)
    with pytest.raises(TypeError, match="digits must be a positive int"):
        tiling.count(board, digits=2.5)
    with pytest.raises(TypeError, match="digits must be a positive int"):
        tiling.count(board, digits=True)
    with pytest.raises(tiling.TilingError, match="digits must be at least 1"):
        tiling.count(board, digits=0)
    assert str(tiling.count(board, digits=3)) == "2 digits, 36"
    assert tiling.count(board, method="dp", digits=1) == tiling.LeadingDigits(2, "3")


def test_leading_digits_of_a_huge_board_are_fast_to_ask_for():
    got = tiling.count(Region.rectangle(2000, 2000), digits=6)
    assert got.n_digits == 506235 and got.leading == "142465"
    assert str(got) == "506235 digits, 1.42465...e+506234"
