"""Benchmark: exactly uniform random tilings of large and irregular regions.

Coupling from the past (``tiling.sample(region, method="cftp")``, Region in,
validated Tiling out, the least and greatest tilings included) side by side
with, in the same run:

* the transfer-matrix DP (``method="dp"``), exact, where both apply (boards of
  width 16 to 24);
* a fixed-length Glauber chain of as many sweeps as coupling from the past
  needed (``tiling.heights.glauber`` from the minimal tiling): what a user
  would write without an exact sampler, and not exact;
* domino shuffling (``method="shuffling"``) on Aztec diamonds.

Goals: the 100 x 100 board under 1 s; the 300 x 300 board under 30 s; a
200 x 200 disk and heart under 10 s; the 200 x 200 board with 20 holes
(tileable, several flux classes) under 30 s.  The time of coupling from the
past is random (the doubling that succeeds varies): each case reports the
median over seeds, and the growth exponent with the side is fitted on the
boards.

Run: ``python benchmarks/bench_sampling.py [--quick]``.
"""

import statistics
import sys
import time

import numpy as np
from bench_heights import disk, heart

import tiling
from tiling import Region
from tiling.heights import flux, glauber, min_tiling
from tiling.random.cftp import Extremes, _couple

GOALS = {
    100: "under 1 s",
    300: "under 30 s",
    "shape": "under 10 s",
    "holes": "under 30 s",
}


def holey_board(n, holes, seed=0):
    """The n x n board with ``holes`` single-cell holes, half of each colour, apart from each other."""
    rng = np.random.default_rng(seed)
    mask = np.ones((n, n), bool)
    per_color = [0, 0]
    while sum(per_color) < holes:
        r, c = (int(x) for x in rng.integers(3, n - 3, size=2))
        color = (r + c) % 2
        if per_color[color] < holes // 2 and mask[r - 2 : r + 3, c - 2 : c + 3].all():
            mask[r, c] = False
            per_color[color] += 1
    return Region(mask)


def cftp_run(region, seed):
    """(seconds, sweeps of the last attempt, tiling) for one exact sample."""
    start = time.perf_counter()
    t, span, _ = _couple(Extremes(region), np.random.default_rng(seed), 2**26, False)
    return time.perf_counter() - start, span, t


def cftp_median(region, seeds):
    runs = [cftp_run(region, s) for s in seeds]
    seconds = statistics.median(r[0] for r in runs)
    span = int(statistics.median(r[1] for r in runs))
    return seconds, span, runs[0][2]


def _fmt(s):
    return f"{s * 1000:.0f} ms" if s < 1 else f"{s:.2f} s"


def main(quick=False):
    tiling.sample(Region.rectangle(8, 8), rng=0, method="cftp")  # load the compiled kernels
    seeds = (1, 2, 3)
    lines = [
        "## Sampling: exactly uniform random tilings of any region",
        "",
        'Coupling from the past (`method="cftp"`, Region in, validated Tiling out) against '
        "the exact transfer DP, a Glauber chain of the same number of sweeps (not exact), "
        "and domino shuffling on Aztec diamonds. Times are medians over seeds 1, 2, 3 (one "
        "seed above 200 x 200); 'sweeps' is the length of the attempt that coupled "
        "(a power of two). Ratio = baseline / ours.",
        "",
        "| case | cftp (ours) | sweeps | baseline | ratio | goal |",
        "|---|---|---|---|---|---|",
    ]
    # against the DP where both apply
    for n in (16, 20) if quick else (16, 20, 24):
        board = Region.rectangle(n, n)
        ours, span, _ = cftp_median(board, seeds)
        start = time.perf_counter()
        tiling.sample(board, rng=1, method="dp")
        dp = time.perf_counter() - start
        lines.append(
            f"| {n}x{n} board | {_fmt(ours)} | {span:,} | transfer DP {_fmt(dp)} "
            f"| {dp / ours:.1f}x | - |"
        )
    # boards: growth with the side, against Glauber of the same length
    sides = (50, 100) if quick else (50, 100, 200, 300)
    board_times = []
    for n in sides:
        board = Region.rectangle(n, n)
        ours, span, _ = cftp_median(board, seeds if n <= 200 else seeds[:1])
        board_times.append(ours)
        start = time.perf_counter()
        glauber(min_tiling(board), span, rng=1)
        chain = time.perf_counter() - start
        goal = GOALS.get(n, "-")
        lines.append(
            f"| {n}x{n} board | {_fmt(ours)} | {span:,} | Glauber, {span:,} sweeps "
            f"(not exact): {_fmt(chain)} | {chain / ours:.1f}x | {goal} |"
        )
    # irregular shapes and holes
    n = 100 if quick else 200
    for label, region, goal in (
        (f"disk in a {n}x{n} box", Region(disk(n)), GOALS["shape"]),
        (f"heart in a {n}x{n} box", Region(heart(n)), GOALS["shape"]),
        (f"{n}x{n} board with 20 single-cell holes", holey_board(n, 20), GOALS["holes"]),
    ):
        ours, span, t = cftp_median(region, seeds)
        classes = f", fluxes {flux(t)[:4].tolist()}..." if region.holes() else ""
        lines.append(
            f"| {label} ({region.n_cells:,} cells{classes}) | {_fmt(ours)} | {span:,} | - | - "
            f"| {goal} |"
        )
    # Aztec diamonds, against shuffling
    for order in (20, 50) if quick else (20, 50, 100):
        diamond = Region.aztec_diamond(order)
        ours, span, _ = cftp_median(diamond, seeds)
        start = time.perf_counter()
        tiling.sample(diamond, rng=1, method="shuffling")
        shuffle = time.perf_counter() - start
        lines.append(
            f"| Aztec diamond of order {order} | {_fmt(ours)} | {span:,} | shuffling "
            f"{_fmt(shuffle)} | {shuffle / ours:.2f}x | - |"
        )
    if len(sides) >= 2:
        exponent = np.polyfit(np.log(sides), np.log(board_times), 1)[0]
        lines += [
            "",
            f"Growth on boards: time ~ side^{exponent:.1f} (sweeps grow like side^2 and a "
            "sweep costs side^2 / 32 word operations; the extremes and the Tiling are "
            "linear in the area).",
        ]
    return "\n".join(lines)


if __name__ == "__main__":
    print(main(quick="--quick" in sys.argv[1:]))
