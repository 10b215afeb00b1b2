"""Benchmark of the broken-profile DP (tiling.counting.transfer) against the textbook version.

Baseline: the straightforward pure-Python broken-profile DP over nested lists
(one Python list of 2**w Python ints per step, a Python loop over profiles),
run in a subprocess with a time limit on the same regions in the same run.

Counting rows: ``ratio`` = baseline time / our time (speed-up).
Reconstruction rows (find, max_cover, sample on a 16 x 16 board with holes):
the "baseline" column is *our own* count_tilings on the same region, and
``ratio`` = count time / reconstruction time (goal: at least 1/3).

Usage::

    python benchmarks/bench_profile.py [--quick]
"""

import argparse
import multiprocessing
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tiling  # noqa: E402
from tiling import Region  # noqa: E402
from tiling.counting import transfer as profile  # noqa: E402


def textbook_count(mask):
    """Pure-Python broken-profile DP: nested lists, a loop over all 2**w profiles per cell."""
    mask = [list(map(bool, row)) for row in mask]
    if len(mask[0]) > len(mask):
        mask = [list(col) for col in zip(*mask)]
    h, w = len(mask), len(mask[0])
    dp = [0] * (1 << w)
    dp[0] = 1
    for r in range(h):
        for c in range(w):
            new = [0] * (1 << w)
            bit = 1 << c
            cell = mask[r][c]
            down = r + 1 < h and mask[r + 1][c]
            right = c + 1 < w and mask[r][c + 1]
            for s in range(1 << w):
                v = dp[s]
                if not v:
                    continue
                if not cell:
                    if not s & bit:
                        new[s] += v
                elif s & bit:
                    new[s ^ bit] += v
                else:
                    if down:
                        new[s | bit] += v
                    if right and not s & (bit << 1):
                        new[s | (bit << 1)] += v
            dp = new
    return dp[0]


def _timed_child(mask, queue):
    start = time.perf_counter()
    value = textbook_count(mask)
    queue.put((time.perf_counter() - start, value))


def baseline(mask, limit):
    """(seconds, count) of the textbook DP in a subprocess, or (None, None) past ``limit``."""
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    proc = ctx.Process(target=_timed_child, args=(mask, queue))
    proc.start()
    proc.join(limit)
    if proc.is_alive():
        proc.kill()
        proc.join()
        return None, None
    return queue.get()


def timed(fn, repeats):
    """Median wall time of ``repeats`` calls and the last result."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def peak_memory(fn):
    """Peak bytes allocated (numpy buffers included) during one call."""
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def _fmt_time(seconds):
    if seconds is None:
        return "-"
    return f"{seconds * 1e3:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def _fmt_bytes(n):
    return f"{n / 2**20:.1f} MiB" if n >= 2**20 else f"{n / 2**10:.0f} KiB"


def holey_board(n=16, holes=10, seed=1):
    """An n x n board with ``holes`` pairs of opposite-colour cells removed (tileable)."""
    rng = np.random.default_rng(seed)
    mask = np.ones((n, n), dtype=bool)
    while True:
        trial = mask.copy()
        for color in (0, 1):
            cells = [
                (r, c)
                for r in range(1, n - 1)
                for c in range(1, n - 1)
                if (r + c) % 2 == color and trial[r, c]
            ]
            for i in rng.choice(len(cells), holes, replace=False):
                trial[cells[i]] = False
        region = Region.from_mask(trial)
        if profile.count_tilings(region) > 0:
            return region


def count_rows(quick):
    if quick:
        cases = [
            ("8 x 8", (8, 8)),
            ("12 x 12", (12, 12)),
            ("16 x 16", (16, 16)),
            ("12 x 200 strip", (12, 200)),
        ]
        limit = 20
    else:
        cases = [
            ("8 x 8", (8, 8)),
            ("12 x 12", (12, 12)),
            ("16 x 16", (16, 16)),
            ("20 x 20", (20, 20)),
            ("24 x 24", (24, 24)),
            ("12 x 1000 strip", (12, 1000)),
        ]
        limit = 120
    rows = []
    for name, shape in cases:
        region = Region.rectangle(*shape)
        if min(shape) >= 20:
            # one run, timed and traced together (tracing costs little: few, large allocations)
            tracemalloc.start()
            ours, value = timed(lambda: profile.count_tilings(region), 1)
            memory = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
        else:
            ours, value = timed(lambda: profile.count_tilings(region), 5)
            memory = peak_memory(lambda: profile.count_tilings(region))
        if min(shape) >= 24:
            base_time, base_value = None, None
            base = "skipped (> 2 h)"
        else:
            base_time, base_value = baseline(region.mask.tolist(), limit)
            base = _fmt_time(base_time) if base_time is not None else f"stalled > {limit} s"
        if base_value is not None and base_value != value:
            raise AssertionError(f"{name}: ours {value} != baseline {base_value}")
        ratio = f"{base_time / ours:.0f}x" if base_time else "-"
        digits = len(str(value))
        rows.append(
            (f"count {name} ({digits} digits)", _fmt_time(ours), base, ratio, _fmt_bytes(memory))
        )
    return rows


def reconstruction_rows(quick):
    region = holey_board(12 if quick else 16)
    label = f"{region.shape[0]} x {region.shape[1]} with holes"
    count_time, _ = timed(lambda: profile.count_tilings(region), 5)
    rows = [
        (
            f"count {label}",
            _fmt_time(count_time),
            "-",
            "-",
            _fmt_bytes(peak_memory(lambda: profile.count_tilings(region))),
        )
    ]
    rng = np.random.default_rng(0)
    for name, fn in (
        ("find", lambda: tiling.find(region, method="dp")),
        ("max_cover", lambda: profile.max_cover(region)),
        ("sample", lambda: tiling.sample(region, rng=rng, method="dp")),
    ):
        t, result = timed(fn, 5)
        assert result.is_perfect
        rows.append(
            (
                f"{name} {label}",
                _fmt_time(t),
                f"{_fmt_time(count_time)} (our count)",
                f"{count_time / t:.2f}",
                _fmt_bytes(peak_memory(fn)),
            )
        )
    # Without a perfect tiling max_cover cannot stop at the boolean sweep: it
    # runs the min-plus sweep (cells may stay empty) as well.
    r0, c0 = (int(x) for x in region.cells()[0])
    untileable = region.without([(r0, c0)])
    fn = lambda: profile.max_cover(untileable)  # noqa: E731
    t, result = timed(fn, 5)
    assert len(result.uncovered()) >= 1
    rows.append(
        (
            f"max_cover {label}, one more cell removed (no tiling)",
            _fmt_time(t),
            f"{_fmt_time(count_time)} (our count)",
            f"{count_time / t:.2f}",
            _fmt_bytes(peak_memory(fn)),
        )
    )
    return rows


def table(rows):
    lines = ["| case | ours | baseline | ratio | peak memory (ours) |", "|---|---|---|---|---|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def main(quick=False):
    """Run the benchmark; return the markdown section."""
    out = [
        "## Profile DP",
        "",
        "Exact counting by the broken-profile DP (numpy over all 2^w profiles, exact "
        "47-bit limbs) against the textbook pure-Python DP over nested lists "
        "(ratio = baseline / ours).",
        "",
        table(count_rows(quick)),
        "",
        "Reconstruction on a board with holes; the baseline column is our own "
        "count on the same region (ratio = count time / time; goal >= 0.33).",
        "",
        table(reconstruction_rows(quick)),
    ]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes only")
    print(main(quick=parser.parse_args().quick))
