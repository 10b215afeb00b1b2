"""Benchmark: uniform random tilings of Aztec diamonds by domino shuffling.

ours:     tiling.sample_aztec(n, rng=rng) -- bit-packed, vectorised shuffling,
          *including* building and validating the final Tiling object;
          "shuffle only" is the shuffling without the Tiling.
baseline: a straightforward per-domino Python implementation of the same
          algorithm (dict of dominoes, one Python step per domino and per cell,
          holes split into 2 x 2 blocks by a row-major scan), returning a plain
          dict (no Tiling built); run in a subprocess with a time limit.

Peak memory is the tracemalloc peak of one extra run of ``sample_aztec``
(numpy buffers included).  Times are medians of several runs for orders up
to 300, of fewer runs beyond, in seconds.

Run: ``python benchmarks/bench_aztec.py [--quick]``.
"""

import os
import statistics
import subprocess
import sys
import time
import tracemalloc

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)

from tiling.random import _weights  # noqa: E402
from tiling.random import shuffling as aztec  # noqa: E402

CASES = [100, 300, 1000, 2000]
QUICK_CASES = [100, 300]
RUNS = {100: 5, 300: 5, 1000: 3, 2000: 1}
BASELINE_LIMIT = 120  # seconds per baseline run
QUICK_BASELINE_LIMIT = 30


def baseline_shuffle(n, seed=0):
    """Domino shuffling one domino at a time, in plain Python.

    Returns {(row, col): class} with (row, col) the domino's top-left cell in
    the 2n x 2n box of the order-n diamond.
    """
    import random

    rnd = random.Random(seed)
    step = {"N": (0, 1), "S": (2, 1), "W": (1, 0), "E": (1, 2)}
    dominoes = {}
    for m in range(1, n + 1):
        # 1. destroy bad blocks: an S above an N, an E left of a W
        for (r, c), k in list(dominoes.items()):
            if k == "S" and dominoes.get((r + 1, c)) == "N":
                del dominoes[(r, c)], dominoes[(r + 1, c)]
            elif k == "E" and dominoes.get((r, c + 1)) == "W":
                del dominoes[(r, c)], dominoes[(r, c + 1)]
        # 2. slide each domino one step, into the frame of order m
        moved = {}
        covered = set()
        for (r, c), k in dominoes.items():
            dr, dc = step[k]
            r, c = r + dr, c + dc
            moved[(r, c)] = k
            covered.add((r, c))
            covered.add((r, c + 1) if k in "NS" else (r + 1, c))
        # 3. the uncovered cells, scanned row by row, split into 2 x 2 blocks
        for r in range(2 * m):
            half = min(r + 1, 2 * m - r)
            for c in range(m - half, m + half):
                if (r, c) in covered:
                    continue
                if rnd.random() < 0.5:
                    moved[(r, c)], moved[(r + 1, c)] = "N", "S"
                else:
                    moved[(r, c)], moved[(r, c + 1)] = "W", "E"
                covered.update(((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)))
        dominoes = moved
    return dominoes


def _baseline_tiling(n, seed=0):
    """The baseline's result as a Tiling (to check it, not timed)."""
    from tiling import Region, Tiling

    cells = [
        ((r, c), (r, c + 1)) if k in "NS" else ((r, c), (r + 1, c))
        for (r, c), k in baseline_shuffle(n, seed).items()
    ]
    return Tiling(Region.aztec_diamond(n), cells)


_BASELINE = r"""
import sys, time
sys.path.insert(0, {root!r})
sys.path.insert(0, {here!r})
from bench_aztec import baseline_shuffle
start = time.perf_counter()
d = baseline_shuffle({n}, seed=1)
print(time.perf_counter() - start, len(d))
"""


def run_baseline(n, limit):
    """Seconds for the baseline at order n, or None when it ran past ``limit``."""
    code = _BASELINE.format(root=ROOT, here=HERE, n=n)
    try:
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=limit, check=True
        )
    except subprocess.TimeoutExpired:
        return None
    seconds, count = out.stdout.split()
    assert int(count) == n * (n + 1), "baseline produced a wrong number of dominoes"
    return float(seconds)


def time_ours(n, runs):
    times, shuffle_times = [], []
    for seed in range(runs):
        start = time.perf_counter()
        t = aztec.sample_aztec(n, rng=seed)
        times.append(time.perf_counter() - start)
        assert t.is_perfect
        del t
        start = time.perf_counter()
        aztec._shuffle(n, np.random.default_rng(seed), _weights.Levels(n, None))
        shuffle_times.append(time.perf_counter() - start)
    return statistics.median(times), statistics.median(shuffle_times)


def peak_memory(n):
    tracemalloc.start()
    t = aztec.sample_aztec(n, rng=0)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del t
    return peak


def main(quick=False):
    cases = QUICK_CASES if quick else CASES
    limit = QUICK_BASELINE_LIMIT if quick else BASELINE_LIMIT
    # the baseline is checked once, on a small order, against the Tiling validator
    assert _baseline_tiling(12).is_perfect
    lines = [
        "## Aztec diamond: domino shuffling",
        "",
        "Uniform random tiling of the order-n Aztec diamond (n(n+1) dominoes). "
        "ours = `sample_aztec` including the Tiling object; baseline = per-domino "
        f"Python shuffling (dict result, no Tiling), subprocess limit {limit} s. "
        "Seconds, medians.",
        "",
        "| case | ours | baseline | ratio | peak memory (ours) | shuffle only (ours) |",
        "|---|---|---|---|---|---|",
    ]
    finished = None  # (order, seconds) of the largest baseline run that finished
    for n in cases:
        runs = 1 if quick and n > 300 else RUNS[n]
        ours, shuffle_only = time_ours(n, runs)
        peak = peak_memory(n)
        base = run_baseline(n, limit) if n <= 1000 else None
        # the baseline's work grows like n^3: extrapolate from the last finished run
        estimate = finished[1] * (n / finished[0]) ** 3 if finished else 0.0
        guess = f"; ~{estimate:,.0f} s by n^3" if estimate > limit else ""
        if base is not None:
            finished = (n, base)
            base_text, ratio = f"{base:.2f}", f"{base / ours:.0f}x"
        elif n <= 1000:
            base_text, ratio = f"stalled > {limit} s{guess}", f"> {limit / ours:.0f}x"
        else:
            base_text, ratio = f"not run{guess}", "-"
        lines.append(
            f"| order {n} ({n * (n + 1):,} dominoes) | {ours:.3f} | {base_text} | {ratio} "
            f"| {peak / 2**20:.0f} MiB | {shuffle_only:.3f} |"
        )
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(main(quick="--quick" in sys.argv))
