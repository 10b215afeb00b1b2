"""The p-adic route of the exact determinant (``method="lift"``) and its proven bounds.

``det(..., method="lift")`` is checked against python-flint's dense exact
determinant on random sparse integer matrices (singular, unimodular,
ill-structured, with large entries that the compiled kernels must refuse),
against the integer sweep on Kasteleyn matrices and Laplacians, and through
the counts of holey regions against the transfer-matrix DP.  Its pieces are
checked alone: the modular LU against flint's ``nmod_mat``, the divisor
against the exact determinant, Fischer's block bound, the Gram bound and
the compiled M-matrix enclosure against exact determinants.
"""

import math
from fractions import Fraction

import flint
import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
from hypothesis import given, settings
from hypothesis import strategies as st

import tiling
from tests.test_exact_scale import holey_board
from tests.test_linalg import reshape_kind
from tiling import linalg as exact
from tiling.counting import kasteleyn
from tiling.linalg import _dixon, _fischer, _gram, _mmatrix
from tiling.linalg._matrix import as_matrix
from tiling.linalg._plan import best_plan
from tiling.linalg.hadamard import hadamard_square
from tiling.linalg.primes import primes_below


def flint_det(dense):
    return int(flint.fmpz_mat(np.asarray(dense, dtype=object).tolist()).det())


@st.composite
def sparse_matrices(draw, max_n=40):
    """Random sparse integer matrices of every kind the engine meets, some singular."""
    n = draw(st.integers(1, max_n))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    kind = draw(
        st.sampled_from(["plain", "unit", "repeat", "combination", "unimodular", "wide", "blocks"])
    )
    density = draw(st.sampled_from([0.05, 0.1, 0.2, 0.4]))
    dense = (rng.random((n, n)) < density) * rng.integers(-4, 5, (n, n))
    if draw(st.booleans()):
        dense[np.arange(n), np.arange(n)] = rng.choice([-2, -1, 1, 1, 3], n)
    if kind == "unimodular":  # a product of sparse unit triangular matrices, permuted
        lower = np.tril((rng.random((n, n)) < 0.2) * rng.integers(-2, 3, (n, n)), -1)
        upper = np.triu((rng.random((n, n)) < 0.2) * rng.integers(-2, 3, (n, n)), 1)
        dense = (np.eye(n, dtype=np.int64) + lower) @ (np.eye(n, dtype=np.int64) + upper)
        dense = dense[rng.permutation(n)]
    elif kind == "wide":  # large entries: the kernels' row sums still fit, barely or not
        dense = dense * rng.choice([1, 1000, 2**18, 2**27], (n, n))
    elif kind == "blocks":  # a block diagonal of small dense blocks, rows shuffled
        dense = np.zeros((n, n), dtype=np.int64)
        s = 0
        while s < n:
            b = int(rng.integers(1, 5))
            dense[s : s + b, s : s + b] = rng.integers(-3, 4, (min(b, n - s), min(b, n - s)))
            s += b
        dense = dense[rng.permutation(n)]
    else:
        dense = reshape_kind(dense, kind, rng)
    return np.asarray(dense, dtype=np.int64)


@given(sparse_matrices())
@settings(max_examples=300, deadline=None)
def test_lift_matches_flint_on_random_sparse_matrices(dense):
    expected = flint_det(dense)
    assert exact.det(sp.csr_matrix(dense), method="lift") == expected
    assert exact.det(sp.csr_matrix(dense)) == expected


@pytest.mark.parametrize("seed", range(4))
def test_lift_on_larger_random_matrices_with_a_wide_remainder(seed):
    rng = np.random.default_rng(seed)
    n = 160
    dense = (rng.random((n, n)) < 0.03) * rng.integers(-3, 4, (n, n))
    dense[np.arange(n), rng.permutation(n)] = rng.choice([-1, 1, 2], n)
    plan = best_plan(as_matrix(sp.csr_matrix(dense)))
    assert plan is None or plan.d >= 24  # the p-adic route's territory
    assert exact.det(sp.csr_matrix(dense), method="lift") == flint_det(dense)


def test_lift_falls_back_where_the_kernels_cannot_go():
    huge = np.array([[2**40, 1, 0], [3, 2**41, 5], [0, 7, 1]], dtype=object)
    assert exact.det(huge, method="lift") == flint_det(huge)
    assert not _dixon.applicable(as_matrix(sp.csr_matrix(np.array([[2**40, 1], [1, 1]]))))
    singular = np.ones((30, 30), dtype=np.int64)
    assert exact.det(singular, method="lift") == 0


def test_modular_lu_solves_and_detects_singularity_like_flint():
    p = primes_below(_dixon.LIFT_PRIME_BITS, 1)[0]
    rng = np.random.default_rng(5)
    w = _dixon.LU_PANEL
    # sizes around the LU's panel width, and several panels with a short last one
    for d in (1, 2, 7, 40, w - 1, w, w + 1, 2 * w + 44):
        S = rng.integers(0, p, (d, d))
        if d > 2:
            S[0, 0] = 0  # a zero corner forces a row swap
            S[2, :2] = S[1, :2]  # and a zero pivot after one step, another
        for end in range(w, d, w):
            # a zero pivot in a panel's last column: the pivot row comes from below it
            S[end - 1, :end] = S[end - 2, :end]
        factored = _dixon._factor(S, p)
        m = flint.nmod_mat(d, d, S.ravel().tolist(), p)
        assert factored is not None and factored[3] == int(m.det())
        g = rng.integers(0, p, d)
        x = _dixon._lu_solve(factored[0], factored[1], factored[2], g, p)
        assert ((S.astype(object) @ x.astype(object) - g) % p == 0).all()
    S = rng.integers(0, p, (9, 9))
    S[4] = (3 * S[2] + S[7]) % p
    assert _dixon._factor(S, p) is None
    # singular only in the last panel: the trailing updates must carry the dependence
    d = 2 * w + 44
    S = rng.integers(0, p, (d, d))
    S[d - 1] = (3 * S[10] + S[2 * w]) % p
    assert _dixon._factor(S, p) is None


@pytest.mark.parametrize("which", ["laplacian", "kasteleyn"])
def test_lifted_divisor_divides_the_determinant(which):
    if which == "laplacian":
        g = nx.grid_2d_graph(18, 23)
        g.remove_nodes_from([(3, 4), (10, 10), (11, 10), (5, 17)])
        lap = nx.laplacian_matrix(g).astype(np.int64).tocsr()[1:, 1:]
        csr = as_matrix(lap)
    else:
        csr = as_matrix(kasteleyn.matrix(holey_board(30, seed=3))[0])
    plan = best_plan(csr)
    value = exact.det(csr.scipy(), method="sweep")
    p = primes_below(_dixon.LIFT_PRIME_BITS, 1)[0]
    divisor, det_mod = _dixon.lift_divisor(plan, csr, hadamard_square(csr), p)
    assert value % divisor == 0 and divisor.bit_length() > value.bit_length() // 2
    assert det_mod == value % p


def test_fischer_and_gram_bounds_are_tighter_than_hadamard_on_a_holey_board():
    board = holey_board(60, seed=7)
    csr = as_matrix(kasteleyn.matrix(board)[0])
    count = tiling.count(board)
    bound = _fischer.fischer_bound_square(csr)
    assert count**2 <= bound < hadamard_square(csr)
    slack_f = bound.bit_length() / 2 - count.bit_length()
    slack_h = hadamard_square(csr).bit_length() / 2 - count.bit_length()
    assert slack_f < 0.7 * slack_h
    gram = _gram.gram_bound_square(csr)
    assert count**2 <= gram <= count**2 * 2**6  # Gram's: within 3 bits of |det K|
    assert gram < bound


#: The floating-point bounds on det(A)^2 tighter than Hadamard's (None: not applicable).
BOUNDS = {
    "fischer": lambda csr: _fischer.fischer_bound_square(
        csr, leaf=int(np.random.default_rng(0).integers(3, 9))
    ),
    "gram": _gram.gram_bound_square,
}


@pytest.mark.parametrize("which", sorted(BOUNDS))
@given(dense=sparse_matrices(max_n=30))
@settings(max_examples=150, deadline=None)
def test_floating_point_bounds_are_bounds(which, dense):
    bound = BOUNDS[which](as_matrix(sp.csr_matrix(dense)))
    if bound is not None:
        assert bound >= flint_det(dense) ** 2


@pytest.mark.parametrize("seed", range(3))
def test_gram_bound_holds_on_ill_conditioned_near_singular_matrices(seed):
    # a tiny determinant among large entries: the shift must not hide the slack's proof
    rng = np.random.default_rng(seed)
    n = 40
    dense = (rng.random((n, n)) < 0.2) * rng.integers(-9, 10, (n, n))
    dense[-1] = dense[:-1].sum(axis=0)  # dependent on the others, but for one entry
    dense[-1, rng.integers(n)] += 1
    bound = _gram.gram_bound_square(as_matrix(sp.csr_matrix(dense)))
    if bound is not None:
        assert bound >= flint_det(dense) ** 2


def test_gram_bound_refuses_what_it_cannot_prove():
    wide = as_matrix(sp.csr_matrix(np.array([[2**21, 1], [1, 1]])))
    assert _gram.gram_bound_square(wide) is None  # products beyond exact float64
    singular = as_matrix(sp.csr_matrix(np.array([[1, 1], [1, 1]])))
    got = _gram.gram_bound_square(singular)
    assert got is None or got >= 0  # breaks down, or bounds the zero determinant


def test_the_gram_bound_leaves_the_lift_without_extra_primes(monkeypatch):
    from tiling.linalg import determinant

    calls = {"gram": 0, "sweep": 0}
    gram, sweep = _gram.gram_bound_square, determinant._sweep

    def count_gram(*args, **kwargs):
        calls["gram"] += 1
        return gram(*args, **kwargs)

    def count_sweep(*args, **kwargs):
        calls["sweep"] += 1
        return sweep(*args, **kwargs)

    monkeypatch.setattr(_gram, "gram_bound_square", count_gram)
    monkeypatch.setattr(determinant, "_sweep", count_sweep)
    board = holey_board(70, seed=5)  # no symmetry: the divisor is nearly all of det K
    K = kasteleyn.matrix(board)[0]
    value = abs(exact.det(K, method="lift"))
    # two Gram bounds (det K's, and the numerator's: K with one column replaced), then
    # the divisor and its own prime: no integer sweep for the slack
    assert calls == {"gram": 2, "sweep": 0}
    monkeypatch.setattr(determinant, "_sweep", sweep)
    monkeypatch.setattr(_gram, "gram_bound_square", lambda *args: None)
    assert value == abs(exact.det(K, method="sweep"))  # Fischer's bound, many primes


def reduced_laplacian(graph):
    return nx.laplacian_matrix(graph).astype(np.int64).tocsr()[1:, 1:]


def holey_grid_laplacian(rows, cols, seed, fraction):
    """The reduced Laplacian of a grid graph missing ``fraction`` of its vertices at random
    (its largest piece)."""
    rng = np.random.default_rng(seed)
    g = nx.grid_2d_graph(rows, cols)
    g.remove_nodes_from([v for v in list(g) if rng.random() < fraction])
    g = g.subgraph(max(nx.connected_components(g), key=len))
    return reduced_laplacian(nx.convert_node_labels_to_integers(g))


@given(st.integers(5, 60), st.floats(0.05, 0.6), st.integers(0, 2**32 - 1))
@settings(max_examples=60, deadline=None)
def test_inverse_row_sum_bound_bounds_the_exact_inverse(n, p, seed):
    g = nx.gnp_random_graph(n, p, seed=seed)
    g = g.subgraph(max(nx.connected_components(g), key=len))
    if len(g) < 2:
        return
    lap = reduced_laplacian(nx.convert_node_labels_to_integers(g))
    bound = _mmatrix.inverse_row_sum_bound(as_matrix(lap))
    inverse = flint.fmpq_mat(flint.fmpz_mat(lap.toarray().tolist())).inv()
    size = lap.shape[0]
    rows = [sum(abs(Fraction(str(inverse[i, j]))) for j in range(size)) for i in range(size)]
    assert bound is not None and max(rows) <= Fraction(bound) <= max(rows) * Fraction(1001, 1000)


@given(st.integers(3, 50), st.floats(0.05, 0.6), st.integers(0, 2**32 - 1), st.booleans())
@settings(max_examples=80, deadline=None)
def test_dominant_bound_bounds_laplacian_determinants(n, p, seed, weighted):
    g = nx.gnp_random_graph(n, p, seed=seed)
    if weighted:
        rng = np.random.default_rng(seed)
        for u, v in g.edges:
            g.edges[u, v]["weight"] = int(rng.integers(1, 9))
    lap = nx.laplacian_matrix(g, weight="weight" if weighted else None)
    lap = lap.astype(np.int64).tocsr()[1:, 1:]
    bound = _gram.dominant_bound_square(as_matrix(lap))
    value = flint_det(lap.toarray())
    if nx.is_connected(g):  # positive definite: the factorisation never breaks down
        assert bound is not None and value**2 <= bound <= value**2 * 2**6  # within 3 bits
    elif bound is not None:  # a zero row makes the matrix refused, else any bound holds
        assert bound >= value**2


def test_dominant_bound_refuses_what_is_not_diagonally_dominant():
    assert _gram.dominant_bound_square(as_matrix(sp.csr_matrix([[1, 2], [2, 1]]))) is None
    assert _gram.dominant_bound_square(as_matrix(sp.csr_matrix([[2, -1], [0, 2]]))) is None


def test_inverse_row_sum_bound_refuses_what_is_not_an_m_matrix():
    assert _mmatrix.inverse_row_sum_bound(as_matrix(sp.csr_matrix([[2, 1], [1, 2]]))) is None
    singular = sp.csr_matrix([[1, -1], [-1, 1]])  # a whole Laplacian: not invertible
    assert _mmatrix.inverse_row_sum_bound(as_matrix(singular)) is None


@pytest.mark.parametrize("seed", range(3))
def test_lift_with_the_inverse_bound_matches_the_sweep_on_laplacians(seed):
    lap = holey_grid_laplacian(22, 27, seed=seed, fraction=0.15)
    assert lap.shape[0] >= 200  # large enough for the engine to bound the inverse
    assert exact.det(lap, method="lift") == exact.det(lap, method="sweep")


@pytest.mark.parametrize("seed", range(4))
def test_a_sparse_border_gives_a_proven_numerator_and_a_full_divisor(seed):
    board = holey_board(30, seed=seed)
    csr = as_matrix(kasteleyn.matrix(board)[0])
    value = exact.det(csr.scipy(), method="sweep")
    b, c, numerator = _dixon.sparse_border(csr, rng=seed)
    col = int(np.flatnonzero(c)[0])
    replaced = csr.scipy().toarray()
    replaced[:, col] = b  # Cramer: x_col = det(A with column col replaced by b) / det A
    assert abs(flint_det(replaced)) <= numerator
    plan = best_plan(csr)
    p = primes_below(_dixon.LIFT_PRIME_BITS, 1)[0]
    divisor, det_mod = _dixon.lift_divisor(plan, csr, value**2, p, border=(b, c, numerator))
    assert value % divisor == 0 and divisor.bit_length() > value.bit_length() - 12
    assert det_mod == value % p


def test_compiled_mmatrix_enclosure_contains_the_exact_log_determinant():
    rng = np.random.default_rng(2)
    g = nx.grid_2d_graph(25, 31)
    g.remove_nodes_from([n for n in list(g) if rng.random() < 0.1])
    g = g.subgraph(max(nx.connected_components(g), key=len))
    lap = nx.laplacian_matrix(g).astype(np.int64).tocsr()[1:, 1:]
    value = exact.det(lap, method="sweep")
    lo, hi = _mmatrix.logdet_enclosure(as_matrix(lap))
    ln = math.log(value)
    assert lo <= ln <= hi and hi - lo < 1e-6 * ln


@pytest.mark.parametrize("n, width, seed", [(40, 16, 1), (60, 18, 2)])
def test_lift_counts_holey_strips_like_the_dp(n, width, seed):
    board = holey_board(n, seed=seed, width=width)
    K, cells0, cells1 = kasteleyn.matrix(board)
    value = abs(exact.det(K, method="lift"))
    assert value == tiling.count(board, method="dp")
    assert value == abs(exact.det(K, method="sweep"))


@pytest.mark.parametrize("n, seed", [(80, 11), (120, 12)])
def test_lift_and_sweep_agree_on_holey_boards_and_their_transposes(n, seed):
    board = holey_board(n, seed=seed)
    K = kasteleyn.matrix(board)[0]
    value = abs(exact.det(K, method="lift"))
    assert value == abs(exact.det(K, method="sweep"))
    assert value == abs(exact.det(kasteleyn.matrix(board.transpose())[0], method="lift"))


def test_auto_picks_the_route_its_cost_models_prefer(monkeypatch):
    from tiling.linalg import determinant

    calls = []
    original = determinant._run_lift

    def spy(*args, **kwargs):
        calls.append(args[1].shape[0])
        return original(*args, **kwargs)

    monkeypatch.setattr(determinant, "_run_lift", spy)
    rng = np.random.default_rng(4)
    g = nx.grid_2d_graph(50, 50)
    g.remove_nodes_from([v for v in list(g) if rng.random() < 0.1])
    g = g.subgraph(max(nx.connected_components(g), key=len))
    lap = nx.laplacian_matrix(g).astype(np.int64).tocsr()[1:, 1:]
    assert exact.det(lap) == exact.det(lap, method="sweep")
    assert calls == [lap.shape[0]]  # a holey Laplacian: tight bound, the p-adic route
    calls.clear()
    K = kasteleyn.matrix(tiling.Region.rectangle(100, 100))[0]
    exact.det(K)
    assert calls == []  # a full board: the integer sweep's short remainder wins
    K = kasteleyn.matrix(holey_board(70, seed=5))[0]
    exact.det(K)
    assert len(calls) == 1  # holes: a longer remainder, and a sharp Gram bound


@given(sparse_matrices(max_n=60), st.booleans())
@settings(max_examples=200, deadline=None)
def test_compiled_scan_orders_are_the_greedy_orders_as_first_written(dense, symmetric):
    from tests.reference import row_sweep_order_python, sweep_order_python
    from tiling.linalg.ordering import row_sweep_order, sweep_order

    if symmetric:  # a structurally symmetric matrix (a Laplacian's pattern, any values)
        dense = dense + dense.T * (dense.T != 0) * (dense == 0)
        csr = sp.csr_matrix(dense)
        assert (sweep_order(csr) == sweep_order_python(csr)).all()
        assert (sweep_order(as_matrix(csr)) == sweep_order_python(as_matrix(csr))).all()
    csr = as_matrix(sp.csr_matrix(dense))
    assert (row_sweep_order(csr) == row_sweep_order_python(csr)).all()


@pytest.mark.parametrize("which", ["laplacian", "kasteleyn"])
def test_compiled_scan_orders_match_on_large_irregular_matrices(which):
    from tests.reference import row_sweep_order_python, sweep_order_python
    from tiling.linalg.ordering import row_sweep_order, sweep_order

    if which == "laplacian":
        lap = holey_grid_laplacian(40, 45, seed=3, fraction=0.1)
        assert (sweep_order(lap) == sweep_order_python(lap)).all()
    else:
        K = as_matrix(kasteleyn.matrix(holey_board(50, seed=2))[0])
        assert (row_sweep_order(K) == row_sweep_order_python(K)).all()


@pytest.mark.parametrize("which", ["laplacian", "kasteleyn"])
def test_lifting_modulo_two_primes_gives_the_same_divisor(which):
    if which == "laplacian":
        csr = as_matrix(holey_grid_laplacian(30, 34, seed=8, fraction=0.1))
    else:
        csr = as_matrix(kasteleyn.matrix(holey_board(40, seed=4))[0])
    value = exact.det(csr.scipy(), method="sweep")
    plan = best_plan(csr)
    assert _dixon.pair_applicable(plan, csr)
    p1, p2 = primes_below(_dixon.LIFT_PRIME_BITS, 2)
    single = _dixon.lift_divisor(plan, csr, value**2, p1)
    pair = _dixon.lift_divisor(plan, csr, value**2, (p1, p2))
    assert single is not None and pair is not None
    assert value % pair[0] == 0 and pair[0] == single[0]
    assert pair[1] == value % (p1 * p2)  # det A modulo the product


def test_two_prime_lifting_refuses_non_unit_pivots_and_heavy_rows():
    dense = np.array([[2, 3, 0], [3, 5, 2], [0, 2, 7]])  # no unit entry to pivot on
    csr = as_matrix(sp.csr_matrix(dense))
    plan = best_plan(csr)
    assert not _dixon.pair_applicable(plan, csr)
    p1, p2 = primes_below(_dixon.LIFT_PRIME_BITS, 2)
    assert _dixon.lift_divisor(plan, csr, 10**6, (p1, p2)) is None
    heavy = sp.csr_matrix(np.array([[1, 2**19], [0, 1]]))
    assert not _dixon.pair_applicable(best_plan(as_matrix(heavy)), as_matrix(heavy))
    assert exact.det(heavy, method="lift") == 1  # a single prime then
