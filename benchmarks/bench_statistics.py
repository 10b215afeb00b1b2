"""Benchmark: dimer statistics: generating functions and the torus, exactly.

Goals (issue 17): the vertical-domino generating function of the 20 x 20
board in under 5 s; the 100 x 100 torus exactly in under 2 s.

* Generating function by vertical dominoes of the n x n board.  Ours:
  ``tiling.generating_function(board)`` (one exact Kasteleyn determinant at
  ``q = 2**B``, Kronecker substitution).  Baseline, same run: the textbook
  route, one exact determinant (:func:`tiling.linalg.det`) of the weighted
  Kasteleyn matrix at each of the ``cells / 2 + 1`` points ``q = 1, 2, ...``
  and exact interpolation (Newton's divided differences over the rationals);
  and, for small boards, the profile DP over sympy's polynomial ring
  (``tiling.count(board, weights=(1, q), method="dp")``).
* Torus: ``tiling.count(Region.rectangle(n, n), boundary="torus")`` (four
  twisted exact determinants).  Baseline, same run: our exact count of the
  plain n x n board by the same determinant engine
  (``kasteleyn.count_tilings(board, fast_path=False)``), one determinant.

Run: ``python benchmarks/bench_statistics.py [--quick]``.
"""

import sys
from fractions import Fraction

import numpy as np
import scipy.sparse as sp
from _timing import median_time  # noqa: E402

import tiling
from tiling import Region
from tiling.counting import kasteleyn

GF_SIZES = (8, 12, 16, 20, 24, 28)
GF_QUICK = (8, 12, 16, 20)
INTERPOLATION_MAX = 20  # the baseline's cells/2 + 1 determinants: about 10 s at 20 x 20
SYMPY_DP_MAX = 8
TORUS_SIZES = (20, 40, 60, 80, 100, 140)
TORUS_QUICK = (20, 60, 100)


def _fmt(seconds):
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def _newton(xs, values):
    """Coefficients, lowest first, of the polynomial through ``(xs[i], values[i])``."""
    table = [Fraction(v) for v in values]
    n = len(xs)
    for level in range(1, n):
        for i in range(n - 1, level - 1, -1):
            table[i] = (table[i] - table[i - 1]) / (xs[i] - xs[i - level])
    coeffs = [Fraction(0)] * n
    for i in range(n - 1, -1, -1):
        shifted = [Fraction(0)] + coeffs[:-1]
        coeffs = [s - xs[i] * c for s, c in zip(shifted, coeffs)]
        coeffs[0] += table[i]
    return coeffs


def interpolation_baseline(board):
    """Coefficients by horizontal dominoes from determinants at q = 1 .. cells/2 + 1."""
    from tiling.linalg import det

    K, cells0, cells1 = kasteleyn.matrix(board)
    K = K.tocoo()
    horizontal = cells0[K.row, 0] == cells1[K.col, 0]
    xs = list(range(1, board.n_cells // 2 + 2))
    values = []
    for x in xs:
        data = K.data.astype(np.int64) * np.where(horizontal, x, 1)
        values.append(abs(det(sp.coo_matrix((data, (K.row, K.col)), shape=K.shape))))
    return [int(c) for c in _newton(xs, values)]


def gf_rows(quick):
    rows, points = [], []
    q = __import__("sympy").Symbol("q")
    for n in GF_QUICK if quick else GF_SIZES:
        board = Region.rectangle(n, n)
        ours, poly = median_time(lambda: tiling.generating_function(board), 3 if n <= 20 else 1)
        points.append((n, ours))
        coeffs = [int(c) for c in poly.all_coeffs()]
        note = f"degree {poly.degree()}, largest coefficient {max(coeffs).bit_length()} bits"
        if n <= (12 if quick else INTERPOLATION_MAX):
            base, by_h = median_time(lambda: interpolation_baseline(board), 1)
            lowest_first = [int(c) for c in coeffs[::-1]]
            lowest_first += [0] * (len(by_h) - len(lowest_first))
            assert by_h[::-1] == lowest_first, "the baseline disagrees"
            baseline, ratio = (
                f"{_fmt(base)} (interpolation, {len(by_h)} dets)",
                f"{base / ours:.0f}x",
            )
        else:
            baseline, ratio = "skipped (grows like n^6)", "-"
        if n <= SYMPY_DP_MAX:
            t, value = median_time(lambda: tiling.count(board, weights=(1, q), method="dp"), 1)
            assert __import__("sympy").expand(value - poly.as_expr()) == 0
            note += f"; sympy-ring DP {_fmt(t)}"
        if n <= 12:
            t, dp_poly = median_time(lambda: tiling.generating_function(board, method="dp"), 1)
            assert dp_poly == poly
            note += f"; Kronecker DP {_fmt(t)}"
        rows.append(
            f"| {n} x {n} board, by vertical | {_fmt(ours)} | {baseline} | {ratio} | {note} |"
        )
    return rows, points


def torus_rows(quick):
    rows, points = [], []
    for n in TORUS_QUICK if quick else TORUS_SIZES:
        board = Region.rectangle(n, n)
        ours, value = median_time(
            lambda: tiling.count(board, boundary="torus"), 3 if n <= 60 else 1
        )
        base, plain = median_time(
            lambda: kasteleyn.count_tilings(board, fast_path=False), 3 if n <= 60 else 1
        )
        points.append((n, ours))
        rows.append(
            f"| {n} x {n} torus ({value.bit_length()} bits) | {_fmt(ours)} | {_fmt(base)} "
            f"(plain board, 1 det) | {ours / base:.1f}x | 4 twisted determinants |"
        )
    return rows, points


def _slope(points, low):
    big = [(n, t) for n, t in points if n >= low]
    if len(big) < 2:
        return None
    return np.polyfit(np.log([n for n, _ in big]), np.log([t for _, t in big]), 1)[0]


def main(quick=False):
    sys.set_int_max_str_digits(0)
    gf, gf_points = gf_rows(quick)
    torus, torus_points = torus_rows(quick)
    gf20 = dict(gf_points).get(20)
    t100 = dict(torus_points).get(100)
    lines = [
        "## Statistics",
        "",
        "Generating functions (ours: one Kasteleyn determinant at q = 2^B, Kronecker "
        "substitution; baseline: one exact determinant per point q = 1 .. cells/2 + 1, "
        "then exact interpolation) and the torus (ours: four twisted determinants; "
        "baseline: one determinant of the plain board by the same engine).",
        "",
        "| case | ours | baseline | ratio | note |",
        "|---|---|---|---|---|",
        *gf,
        *torus,
        "",
    ]
    if gf20 is not None:
        lines.append(f"- goal: 20 x 20 generating function < 5 s: {_fmt(gf20)}")
    if t100 is not None:
        lines.append(f"- goal: 100 x 100 torus < 2 s: {_fmt(t100)}")
    for name, points, low in (("generating function", gf_points, 12), ("torus", torus_points, 40)):
        slope = _slope(points, low)
        if slope is not None:
            lines.append(f"- {name}: time grows like n^{slope:.1f} (n >= {low})")
    return "\n".join(lines)


if __name__ == "__main__":
    print(main(quick="--quick" in sys.argv))
