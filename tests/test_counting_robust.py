"""Regression tests for the counting and linear-algebra findings of issue 21.

Behaviour only (no timing): the process never aborts in flint, ``auto``
picks per piece and counts identical pieces once, estimates build nothing
large, spanning trees of trees and grids need no determinant, the DP keeps
its memory budget, cells are never rounded, and the exact helpers give
one-line errors.
"""

import dataclasses
import math
import subprocess
import sys

import numpy as np
import pytest

import tiling
from tiling import Region
from tiling import linalg as exact
from tiling.counting import closed_forms
from tiling.graphs.kirchhoff import effective_resistance, spanning_trees


def fibonacci(n):
    """F(n) by fast doubling."""

    def pair(k):
        if k == 0:
            return 0, 1
        a, b = pair(k // 2)
        c = a * (2 * b - a)
        d = a * a + b * b
        return (d, c + d) if k % 2 else (c, d)

    return pair(n)[0]


def width_four(n):
    """Tilings of the 4 x n board: a(n) = a(n-1) + 5 a(n-2) + a(n-3) - a(n-4) (OEIS A005178)."""
    a = [1, 1, 5, 11]
    for _ in range(n - 3):
        a.append(a[-1] + 5 * a[-2] + a[-3] - a[-4])
    return a[n]


# ---------------------------------------------------------------- (1) never an abort
def test_long_narrow_boards_count_exactly_without_a_flint_abort():
    assert tiling.count(Region.rectangle(2, 10**6)) == fibonacci(10**6 + 1)
    assert tiling.count(Region.rectangle(4, 30000)) == width_four(30000)
    assert tiling.count(Region.rectangle(30000, 4), method="kasteleyn") == width_four(30000)


def test_the_rectangles_that_aborted_the_process_now_answer_in_a_child_process():
    # a FLINT allocation failure is SIGABRT: run the old failures in a child process
    p = 2**61 - 1
    code = (
        "import tiling; from tiling import Region\n"
        "for h, w in ((4, 100000), (3, 300000)):\n"
        f"    print(tiling.count(Region.rectangle(h, w)) % {p})\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    four, three = (int(x) for x in done.stdout.split())
    # 4 x n: a(n) = a(n-1) + 5 a(n-2) + a(n-3) - a(n-4); 3 x 2k: b(k) = 4 b(k-1) - b(k-2)
    a = [1, 1, 5, 11]
    for _ in range(100000 - 3):
        a = [a[1], a[2], a[3], (a[3] + 5 * a[2] + a[1] - a[0]) % p]
    b = [1, 3]
    for _ in range(150000 - 1):
        b = [b[1], (4 * b[1] - b[0]) % p]
    assert (four, three) == (a[3], b[1])


def test_a_closed_form_too_large_for_memory_is_refused_before_allocating():
    with pytest.raises(tiling.TooLargeError, match="GiB.*use method='arb'"):
        closed_forms.rectangle_count(2, 10**6, method="resultant")
    assert closed_forms.rectangle_seconds(2, 10**6) < math.inf  # the ball product handles it


# ---------------------------------------------------------------- (2) auto per piece
def test_auto_counts_each_distinct_piece_once(monkeypatch):
    from tiling import registry

    ring = np.ones((4, 4), dtype=bool)
    ring[1:3, 1:3] = False
    mask = np.zeros((5 * 40, 5 * 50 + 30), dtype=bool)
    for i in range(40):
        for j in range(50):
            mask[5 * i : 5 * i + 4, 5 * j : 5 * j + 4] = ring
    mask[:30, -30:] = True  # one 30 x 30 board
    region = Region.from_mask(mask)
    calls = []

    def spying(m):
        def run(piece, **options):
            calls.append((m.name, piece.n_cells))
            return m.run(piece, **options)

        return dataclasses.replace(m, run=run)

    table = tuple(spying(m) if m.question == "count" else m for m in registry._TABLE)
    monkeypatch.setattr(registry, "_TABLE", table)
    value = tiling.count(region)
    assert value == 2**2000 * tiling.count(Region.rectangle(30, 30))
    assert calls == [("dp", 12)]  # the 2000 rings once; the board by its closed form


def test_auto_picks_the_dp_for_a_long_strip_with_holes_and_a_determinant_for_a_holey_square():
    from tiling import registry

    strip = Region.rectangle(2, 200000).without([(0, 1000), (1, 1000), (0, 90000), (1, 90000)])
    assert registry.choose("count", strip).name == "dp"
    square = Region.rectangle(60, 60).without([(10, 10), (10, 11), (40, 20), (41, 20)])
    assert registry.choose("count", square).name == "kasteleyn"
    assert tiling.count(strip) == fibonacci(1001) * fibonacci(88999 + 1) * fibonacci(109999 + 1)


# ---------------------------------------------------------------- (3) cheap, bounded estimates
def test_estimates_and_closed_forms_build_no_sweep_plan(monkeypatch):
    from tiling.counting.transfer import _plan

    def refuse(*args, **kwargs):
        raise AssertionError("an estimate built the DP's plan")

    monkeypatch.setattr(_plan.Plan, "__init__", refuse)
    big = Region.aztec_diamond(600)
    assert math.isinf(tiling.methods("count")[0].estimated_seconds(big))
    assert tiling.count(big) == 2 ** (600 * 601 // 2)
    assert tiling.count(Region.rectangle(3000, 2)) == fibonacci(3001)


# ---------------------------------------------------------------- (4) spanning trees
def test_trees_and_grids_need_no_determinant(monkeypatch):
    import networkx as nx

    import tiling.linalg.determinant as determinant

    def refuse(*args, **kwargs):
        raise AssertionError("a determinant was computed")

    monkeypatch.setattr(determinant, "det", refuse)
    assert spanning_trees(Region.rectangle(1, 100000)) == 1
    assert spanning_trees(nx.random_labeled_tree(2000, seed=1)) == 1
    assert spanning_trees(Region.rectangle(450, 450), digits=5).n_digits == 102220
    lollipop = nx.lollipop_graph(4, 300)  # K4 with a 300-vertex tail
    monkeypatch.undo()
    assert spanning_trees(lollipop) == 16


def test_grid_tree_digits_match_the_eigenvalue_product():
    import mpmath

    m, n = 120, 170
    with mpmath.workdps(40):
        log10 = -mpmath.log10(m * n)
        for j in range(m):
            a = 4 * mpmath.sin(mpmath.pi * j / (2 * m)) ** 2
            for k in range(n):
                if j or k:
                    log10 += mpmath.log10(a + 4 * mpmath.sin(mpmath.pi * k / (2 * n)) ** 2)
        digits = int(mpmath.floor(log10)) + 1
        leading = str(int(mpmath.floor(mpmath.power(10, log10 - digits + 10))))
    got = spanning_trees(Region.rectangle(m, n), digits=10)
    assert (got.n_digits, got.leading) == (digits, leading)


def test_trees_estimate_is_finite_and_grows():
    from tiling.graphs.kirchhoff import estimated_seconds

    small, large = (
        estimated_seconds(Region.rectangle(10, 30)),
        estimated_seconds(Region.rectangle(300, 300)),
    )
    assert 0 < small < large < math.inf


def test_cli_trees_of_a_long_path_and_digits_of_a_large_grid():
    for args, expected in (
        (["trees", "--grid", "1x100000"], "1"),
        (["trees", "--grid", "450x450", "--digits"], "102220 digits, 2.010...e+102219"),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "tiling.cli", *args], capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == expected


# ---------------------------------------------------------------- (5) the DP's memory budget
def test_dp_refuses_what_would_exceed_its_budget_and_auto_goes_elsewhere():
    from tiling.counting.transfer._budget import MEMORY_BUDGET, count_bytes

    assert count_bytes(26, 26 * 26) > MEMORY_BUDGET  # measured peak about 1.5 x the array
    with pytest.raises(tiling.TooLargeError, match="GiB"):
        tiling.count(Region.rectangle(26, 26), method="dp")
    assert tiling.count(Region.rectangle(26, 26)) == closed_forms.rectangle_count(26, 26)


# ---------------------------------------------------------------- (6) cells are never rounded
@pytest.mark.parametrize("bad", [(0.5, 0), (True, 0), (0, 1.25), ("0", 0), (float("nan"), 0)])
def test_effective_resistance_refuses_non_integer_cells(bad):
    board = Region.rectangle(2, 2)
    with pytest.raises(
        tiling.TilingError, match="is not a cell: a \\(row, col\\) pair of integers"
    ):
        effective_resistance(board, bad, (1, 1))
    with pytest.raises(tiling.TilingError, match="not a cell"):
        effective_resistance(board, (1, 1), bad)
    assert effective_resistance(board, (1.0, 0.0), (1, 1)) == effective_resistance(
        board, (1, 0), (1, 1)
    )


# ---------------------------------------------------------------- (7) one-line errors
@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: exact.primes_below(None, 2), TypeError, "bits must be an int, not NoneType"),
        (lambda: exact.primes_below(math.inf, 2), TypeError, "bits must be an int, not float inf"),
        (lambda: exact.primes_below(math.nan, 2), TypeError, "bits must be an int, not float nan"),
        (lambda: exact.primes_below(5, 2.0), TypeError, "count must be an int"),
        (lambda: exact.primes_below(1, 2), exact.LinalgError, "between 2 and 63 bits"),
        (lambda: exact.crt([None], [7]), TypeError, "each of residues must be an int"),
        (lambda: exact.crt([1, 2], [6, 4]), exact.LinalgError, "moduli 6 and 4 are not coprime"),
        (lambda: exact.crt([1, 2], [7]), exact.LinalgError, "2 residues for 1 moduli"),
        (lambda: exact.crt([1], [1]), exact.LinalgError, "at least 2"),
        (lambda: exact.crt("12", [3, 5]), TypeError, "sequence of ints, not str"),
        (lambda: exact.det([[True]]), exact.LinalgError, "integer entries, got True"),
        (
            lambda: exact.det(np.array([[True]])),
            exact.LinalgError,
            "integer entries, got dtype bool",
        ),
    ],
)
def test_exact_helpers_give_one_line_errors(call, error, message):
    with pytest.raises(error, match=message) as info:
        call()
    assert "\n" not in str(info.value)
