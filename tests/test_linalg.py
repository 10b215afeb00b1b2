"""Exact determinants: tiling.linalg against sympy, flint and closed forms."""

from concurrent.futures import ThreadPoolExecutor

import flint
import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from tiling import linalg as exact
from tiling.linalg import LinalgError


def sympy_det(dense):
    return int(sympy.Matrix(np.asarray(dense, dtype=object).tolist()).det())


@st.composite
def sparse_int_matrices(draw, max_n=7, max_entry=5):
    """A random sparse integer matrix; about a third are made singular on purpose."""
    n = draw(st.integers(1, max_n))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    density = draw(st.sampled_from([0.2, 0.35, 0.5, 0.8]))
    dense = (rng.random((n, n)) < density) * rng.integers(-max_entry, max_entry + 1, (n, n))
    kind = draw(st.sampled_from(["plain", "unit", "repeat", "combination"]))
    return reshape_kind(dense, kind, rng)


def reshape_kind(dense, kind, rng):
    """``dense`` made ``"unit"`` (+-1 entries, the sweep's favourite) or singular on purpose
    (``"repeat"``: two equal rows, ``"combination"``: a row combining two others)."""
    n = len(dense)
    if kind == "unit":
        dense = np.sign(dense)
    elif kind == "repeat" and n > 1:
        dense[rng.integers(n)] = dense[rng.integers(n)]
    elif kind == "combination" and n > 2:
        i, j, k = rng.choice(n, 3, replace=False)
        dense[i] = 2 * dense[j] - 3 * dense[k]
    return dense.astype(np.int64)


@given(sparse_int_matrices())
@settings(max_examples=300)
def test_det_matches_sympy_on_random_sparse_matrices(dense):
    assert exact.det(sp.csr_matrix(dense)) == sympy_det(dense)


@given(sparse_int_matrices(max_n=5))
@settings(max_examples=60)
def test_det_accepts_dense_arrays_lists_and_other_sparse_formats(dense):
    expected = sympy_det(dense)
    assert exact.det(dense) == expected
    assert exact.det(dense.tolist()) == expected
    assert exact.det(sp.coo_matrix(dense)) == expected
    assert exact.det(sp.csc_matrix(dense.astype(np.int8))) == expected


def test_det_of_singular_matrices_is_exactly_zero():
    assert exact.det(sp.csr_matrix([[1, 2], [2, 4]])) == 0
    assert exact.det(sp.csr_matrix((3, 3), dtype=np.int64)) == 0
    assert exact.det([[1, 1, 0], [0, 1, 1], [1, 2, 1]]) == 0  # row 3 = row 1 + row 2
    # a structurally singular matrix (no perfect matching): rows 0 and 1 share one column
    assert exact.det([[0, 0, 1], [0, 0, 1], [1, 1, 1]]) == 0


def test_det_when_the_determinant_vanishes_modulo_the_first_primes():
    p, q = exact.primes_below(62, 2)
    # det = p * q: zero modulo the two largest primes, which the engine uses first
    a = sp.csr_matrix([[p, 0, 0], [1, q, 0], [1, 1, 1]])
    assert exact.det(a) == p * q
    # a Schur complement entry p: its pivot is zero modulo p only
    b = [[1, 1, 0], [1, 1 + p, 1], [0, 1, 2]]
    assert exact.det(b) == sympy_det(b)
    # a zero leading minor over the integers: no pivot order from the top works
    c = [[0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 1], [0, 0, 1, 0]]
    assert exact.det(c) == 1


def test_det_with_huge_entries():
    rng = np.random.default_rng(7)
    for _ in range(20):
        n = int(rng.integers(1, 6))
        dense = np.zeros((n, n), dtype=object)
        for i, j in zip(*np.nonzero(rng.random((n, n)) < 0.6)):
            dense[i, j] = (int(rng.integers(-(2**40), 2**40)) << 50) + int(rng.integers(-3, 4))
        assert exact.det(dense) == sympy_det(dense)
    assert exact.det([[2**70, 1], [1, 2**70]]) == 2**140 - 1


def test_det_of_grid_laplacian_counts_spanning_trees():
    # matrix-tree theorem; 3 x 3 grid has 192 spanning trees
    lap = nx.laplacian_matrix(nx.grid_2d_graph(3, 3)).astype(np.int64).tocsr()
    assert exact.det(lap[1:, 1:]) == 192
    lap = nx.laplacian_matrix(nx.grid_2d_graph(12, 15)).astype(np.int64).tocsr()[1:, 1:]
    assert exact.det(lap) == int(flint.fmpz_mat(lap.toarray().tolist()).det())


def test_det_of_weighted_laplacian_with_non_unit_pivots():
    # no +-1 entries at all: every pivot of the sweep is a weight, so the sweep
    # carries a common denominator and skips primes dividing it
    rng = np.random.default_rng(11)
    graph = nx.grid_2d_graph(11, 13)
    for u, v in graph.edges:
        graph[u][v]["weight"] = int(rng.integers(2, 9))
    lap = nx.laplacian_matrix(graph, weight="weight").astype(np.int64).tocsr()[1:, 1:]
    assert exact.det(lap) == int(flint.fmpz_mat(lap.toarray().tolist()).det())


def test_det_divisor_path_agrees_with_the_all_primes_path():
    # a 50-wide board with holes leaves a dense remainder of about 40 x 40: without
    # an executor most of its determinant comes from a p-adic solve, with one from
    # the residues of every prime
    from tiling import Region
    from tiling.counting import kasteleyn

    board = Region.rectangle(60, 50).without([(5, 7), (20, 31), (33, 12), (40, 40)])
    K, _, _ = kasteleyn.matrix(board)
    with ThreadPoolExecutor(1) as pool:
        assert exact.det(K) == exact.det(K, executor=pool) != 0


def test_det_of_a_large_singular_laplacian_is_zero():
    lap = nx.laplacian_matrix(nx.grid_2d_graph(30, 30)).astype(np.int64).tocsr()
    assert exact.det(lap) == 0  # the full Laplacian: rows sum to zero


def test_det_is_invariant_under_a_symmetric_shuffle():
    # a scrambled order makes the engine pick its reverse Cuthill-McKee scan
    lap = nx.laplacian_matrix(nx.grid_2d_graph(9, 11)).astype(np.int64).tocsr()[1:, 1:]
    perm = np.random.default_rng(3).permutation(lap.shape[0])
    shuffled = lap[perm][:, perm]
    assert exact.det(shuffled) == exact.det(lap) > 0


def test_det_changes_sign_with_a_row_swap():
    lap = nx.laplacian_matrix(nx.cycle_graph(7)).astype(np.int64).tocsr()[1:, 1:]
    swapped = lap[[1, 0, 2, 3, 4, 5]]
    assert exact.det(swapped) == -exact.det(lap) == -7


def test_det_uses_an_executor_and_draws_progress(capsys):
    lap = nx.laplacian_matrix(nx.grid_2d_graph(10, 10)).astype(np.int64).tocsr()[1:, 1:]
    expected = exact.det(lap)
    with ThreadPoolExecutor(2) as pool:
        assert exact.det(lap, executor=pool, progress=True) == expected
    assert "determinant" in capsys.readouterr().err


def test_det_of_empty_matrix_is_one():
    assert exact.det(sp.csr_matrix((0, 0), dtype=np.int64)) == 1


@pytest.mark.parametrize(
    "bad",
    [np.ones((2, 3), dtype=int), [[1.5, 0], [0, 1]], [[1, "x"], [0, 1]], np.ones(3, dtype=int)],
)
def test_det_rejects_bad_input_with_a_linalg_error(bad):
    with pytest.raises(LinalgError):
        exact.det(bad)


@given(sparse_int_matrices(max_n=6, max_entry=9))
@settings(max_examples=80)
def test_hadamard_bound_bounds_the_determinant(dense):
    bits = exact.hadamard_bound_bits(sp.csr_matrix(dense))
    assert abs(sympy_det(dense)) <= 2**bits


def test_hadamard_bound_values():
    assert exact.hadamard_bound_bits(sp.identity(4, dtype=np.int64, format="csr")) == 0
    # rows of norm sqrt(2): |det| <= 2
    assert exact.hadamard_bound_bits([[1, 1], [1, -1]]) == 1
    # a Laplacian is PSD: the diagonal product 3 * 3 * 3 = 27 beats the row norms
    lap = nx.laplacian_matrix(nx.complete_graph(4)).astype(np.int64).tocsr()[1:, 1:]
    assert exact.hadamard_bound_bits(lap) == 5  # 27 <= 2^5


@given(st.lists(st.integers(-(10**30), 10**30), min_size=1, max_size=1))
def test_crt_recovers_a_signed_integer(values):
    (x,) = values
    primes = exact.primes_below(62, 2)
    assert exact.crt([x % p for p in primes], primes) == x


def test_primes_below_are_decreasing_primes():
    primes = exact.primes_below(62, 30)
    assert primes == sorted(primes, reverse=True)
    assert all(sympy.isprime(p) and p < 2**62 for p in primes)
    assert exact.primes_below(8, 3) == [251, 241, 239]


def test_entries_at_the_edge_of_int64_take_the_exact_path():
    import scipy.sparse as sparse

    m = np.array([[1, -(2**63)], [1, 1]], dtype=np.int64)
    assert exact.det(m) == exact.det(sparse.csr_matrix(m)) == exact.det(m.tolist()) == 1 + 2**63
    assert exact.det(np.array([[-(2**63), 1, 0], [1, 3, 1], [0, 1, 5]])) == -(2**63) * 14 - 5
    assert exact.det(np.array([[2**63]], dtype=np.uint64)) == 2**63
    assert exact.det(np.matrix([[2, 1], [1, 2]])) == 3


def test_prime_cache_stays_sorted_and_distinct_under_threads():
    from concurrent.futures import ThreadPoolExecutor

    from tiling import linalg as exact

    with ThreadPoolExecutor(6) as pool:
        lists = list(pool.map(lambda k: exact.primes_below(40, k), range(20, 80, 10)))
    full = exact.primes_below(40, 70)
    assert len(set(full)) == 70 and full == sorted(full, reverse=True)
    assert all(lst == full[: len(lst)] for lst in lists)
    with pytest.raises(LinalgError, match="non-negative"):
        exact.primes_below(40, -1)
