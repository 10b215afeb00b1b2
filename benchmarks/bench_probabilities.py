"""Benchmark: placement probabilities (issue 17), floats and exact, beside simpler ways.

Cases:

* floats of the n x n board minus 5% of its cells as random domino holes
  (the regions of ``bench_exact_scale``), n = 50 .. 300; baseline: a dense LU
  inverse of the Kasteleyn matrix (``numpy.linalg.inv``), up to n = 70;
* floats of the Aztec diamond of order n (Propp's urban renewal), n = 50 ..
  400; baseline: frequencies from 1000 exact uniform samples
  (``tiling.sample_aztec``) for n <= 100, with their largest deviation from
  the exact law;
* floats of the Aztec diamond of order n cut flat (0.4 n rows off the top and
  the bottom: frozen corners, an arctic curve that is not a circle), n = 30 ..
  60, where doubles fail their check and the recursion runs in wider
  floating point; no baseline (the check column says so);
* exact probabilities (Fractions) of holey n x n boards, n = 10 .. 40;
  baseline: ratios of counts, ``count(region minus the domino's cells) /
  count(region)`` for every domino (``tiling.count``), up to n = 16.

Goals (issue 17): floats of the 100 x 100 board with 5% holes under 10 s and
of the order-100 Aztec diamond under 10 s; exact probabilities of a 30 x 30
region under 10 s.  After the table, the growth exponent of each family in
the number of cells (time ~ cells^k between the two largest sizes).

Run: ``python benchmarks/bench_probabilities.py [--quick]``.
"""

import math
import sys
import time
from fractions import Fraction

import numpy as np
from _timing import median_time  # noqa: E402
from bench_exact_scale import holey_board  # noqa: E402

HOLEY = (50, 100, 150, 200, 300)
AZTEC = (50, 100, 200, 400)
EXACT = (10, 20, 30, 40)
FROZEN = (30, 40, 60)
QUICK_HOLEY, QUICK_AZTEC, QUICK_EXACT, QUICK_FROZEN = (50, 100), (50, 100), (10, 20, 30), (30, 40)
SAMPLES = 1000


def _dense_baseline(region):
    """``K[b, w] K^{-1}[w, b]`` from a dense inverse of the whole Kasteleyn matrix."""
    from tiling.counting.kasteleyn import matrix

    K, _, _ = matrix(region)
    dense = K.toarray().astype(float)
    inverse = np.linalg.inv(dense)
    coo = K.tocoo()
    return coo.data * inverse[coo.col, coo.row]


def _frequencies(n, samples):
    """Frequencies of every domino position in ``samples`` uniform tilings of order n."""
    import tiling

    size = 2 * n
    h, v = np.zeros((size, size - 1)), np.zeros((size - 1, size))
    for seed in range(samples):
        d = tiling.sample_aztec(n, rng=seed).dominoes
        top_left = d.min(axis=1)
        horizontal = d[:, 0, 0] == d[:, 1, 0]
        th, tv = top_left[horizontal], top_left[~horizontal]
        h[th[:, 0], th[:, 1]] += 1
        v[tv[:, 0], tv[:, 1]] += 1
    return h / samples, v / samples


def _ratio_baseline(region):
    """Every domino's probability as count(region minus its two cells) / count(region)."""
    import tiling

    total = tiling.count(region)
    out = []
    for a, b in region.edges().tolist():
        out.append(Fraction(tiling.count(region.without([a, b])), total))
    return out


def hexagon(order):
    """The Aztec diamond of order ``order`` without 0.4 order rows at the top and the bottom."""
    from tiling import Region

    cut = int(0.4 * order)
    mask = Region.aztec_diamond(order).mask.copy()
    mask[:cut] = False
    mask[-cut:] = False
    return Region.from_mask(mask).cropped()


def _cell_sum_error(region, h, v):
    """The largest ``|sum - 1|`` over the cells of the probabilities of the positions
    covering each cell (exactly one of them is in any tiling)."""
    sums = np.zeros(region.shape)
    sums[:, :-1] += h
    sums[:, 1:] += h
    sums[:-1, :] += v
    sums[1:, :] += v
    return float(np.abs(sums[region.mask] - 1).max())


def _growth(rows):
    """Exponent k of time ~ cells^k between the two largest sizes of a family."""
    (c0, t0), (c1, t1) = rows[-2], rows[-1]
    return math.log(t1 / t0) / math.log(c1 / c0)


def main(quick=False):
    import tiling

    holey = QUICK_HOLEY if quick else HOLEY
    aztec = QUICK_AZTEC if quick else AZTEC
    exact = QUICK_EXACT if quick else EXACT
    lines = [
        "## Placement probabilities",
        "",
        "`tiling.probabilities`: floats (block Schur recursion on K K^T, checked cell by "
        "cell; Aztec diamonds by Propp's urban renewal) and exact Fractions (K^-1 modulo "
        "primes, CRT).  Seconds, medians; 'check' is the largest distance of a cell's sum "
        "from 1 (floats) or the largest difference from the baseline.",
        "",
        "| case | ours | baseline | ratio | check |",
        "|---|---|---|---|---|",
    ]
    growth = {}
    tiling.probabilities(tiling.Region.rectangle(4, 4))  # imports outside the timings
    for n in holey:
        region = holey_board(n)
        ours, (h, v) = median_time(lambda r=region: tiling.probabilities(r), 3 if n <= 150 else 1)
        check = _cell_sum_error(region, h, v)
        if n <= 70:
            base, _ = median_time(lambda r=region: _dense_baseline(r), 1)
            base_text, ratio = f"{base:.2f} (dense inverse)", f"{base / ours:.0f}x"
        else:
            base_text, ratio = "not run (dense inverse: n^6)", "-"
        lines.append(
            f"| floats, {n} x {n} board, 5% domino holes ({region.n_cells:,} cells) "
            f"| {ours:.2f} | {base_text} | {ratio} | {check:.1e} |"
        )
        growth.setdefault("floats, holey n x n", []).append((region.n_cells, ours))
    for n in aztec:
        region = tiling.Region.aztec_diamond(n)
        ours, (h, v) = median_time(lambda r=region: tiling.probabilities(r), 3)
        if n <= 100:
            start = time.perf_counter()
            fh, fv = _frequencies(n, SAMPLES)
            base = time.perf_counter() - start
            deviation = max(np.abs(fh - h).max(), np.abs(fv - v).max())
            base_text = f"{base:.2f} ({SAMPLES} samples)"
            check = f"max deviation of the frequencies {deviation:.3f}"
            ratio = f"{base / ours:.0f}x"
        else:
            base_text, ratio, check = "not run", "-", ""
        lines.append(
            f"| floats, Aztec diamond of order {n} ({region.n_cells:,} cells) | {ours:.3f} "
            f"| {base_text} | {ratio} | {check} |"
        )
        growth.setdefault("floats, Aztec diamond", []).append((region.n_cells, ours))
    for n in QUICK_FROZEN if quick else FROZEN:
        region = hexagon(n)
        ours, (h, v) = median_time(lambda r=region: tiling.probabilities(r), 1)
        check = _cell_sum_error(region, h, v)
        lines.append(
            f"| floats, Aztec diamond of order {n} cut flat ({region.n_cells:,} cells) "
            f"| {ours:.2f} | none | - | {check:.1e} |"
        )
        growth.setdefault("floats, flat-cut Aztec (wider arithmetic)", []).append(
            (region.n_cells, ours)
        )
    for n in exact:
        region = holey_board(n, seed=1)
        ours, (h, v) = median_time(lambda r=region: tiling.probabilities(r, exact=True), 1)
        if n <= 16:
            base, ratios = median_time(lambda r=region: _ratio_baseline(r), 1)
            mine = [
                h[a[0], min(a[1], b[1])] if a[0] == b[0] else v[min(a[0], b[0]), a[1]]
                for a, b in region.edges().tolist()
            ]
            check = "identical" if mine == ratios else "DIFFERENT"
            base_text, ratio = f"{base:.2f} (ratios of counts)", f"{base / ours:.0f}x"
        else:
            fh, fv = tiling.probabilities(region)
            deviation = max(np.abs(fh - h.astype(float)).max(), np.abs(fv - v.astype(float)).max())
            check = f"floats within {deviation:.0e}"
            base_text, ratio = "not run", "-"
        lines.append(
            f"| exact, {n} x {n} board, 5% domino holes ({region.n_cells:,} cells) "
            f"| {ours:.2f} | {base_text} | {ratio} | {check} |"
        )
        growth.setdefault("exact, holey n x n", []).append((region.n_cells, ours))
    lines += ["", "Growth (time ~ cells^k between the two largest sizes):", ""]
    for name, rows in growth.items():
        if len(rows) >= 2:
            lines.append(f"* {name}: k = {_growth(rows):.2f}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(main(quick="--quick" in sys.argv))
