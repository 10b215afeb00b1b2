"""Benchmark: colour the dominoes of tilings of 10^4, 10^5 and 10^6 dominoes.

ours:     tiling.color(t, k, adjacency) -- the whole call, building the
          adjacency from the tiling included.  k=5 and k=4 with side
          adjacency (greedy in reverse row-major order, Kempe swaps for k=4),
          k=5 with touch adjacency (smallest-last, Kempe, local exact repair).
baseline: networkx.greedy_color(G, strategy="smallest_last") on the same
          graph (G built from tiling.coloring.contact_matrix, construction not
          timed).  It takes no k: the colours it uses are reported beside ours.
          At 10^6 dominoes it runs in a subprocess on the same tiling (rebuilt
          from the same seed) with a time limit.

The tilings are random tilings of an h x w rectangle built with numpy (rows
of horizontal dominoes, then rounds of random 2 x 2 flips), so that no other
solver is timed.  Times are medians of several runs, in seconds.

Run: ``python benchmarks/bench_coloring.py [--quick]``.
"""

import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from tiling import coloring  # noqa: E402
from tiling.model.examples import brick_tiling  # noqa: E402

CASES = [(100, 200), (250, 800), (1000, 2000)]  # 10^4, 10^5, 10^6 dominoes
RUNS = [("side", 5), ("side", 4), ("touch", 5)]
IN_PROCESS_BASELINE = 200_000  # dominoes; larger graphs: subprocess with a limit


def ours(tiling, k, kind):
    start = time.perf_counter()
    colors = coloring.color(tiling, k=k, adjacency=kind)
    elapsed = time.perf_counter() - start
    m = coloring.contact_matrix(tiling, adjacency=kind).tocoo()
    assert (colors[m.row] != colors[m.col]).all() and colors.max() < k, "improper colouring"
    return elapsed, int(colors.max()) + 1


def networkx_greedy(tiling, kind):
    """Seconds and colours of networkx's smallest-last greedy colouring."""
    import networkx as nx

    graph = nx.from_scipy_sparse_array(coloring.contact_matrix(tiling, adjacency=kind))
    start = time.perf_counter()
    colors = nx.greedy_color(graph, strategy="smallest_last")
    elapsed = time.perf_counter() - start
    return elapsed, max(colors.values(), default=-1) + 1


def networkx_in_subprocess(h, w, kind, limit):
    """As :func:`networkx_greedy`, in a fresh interpreter; a string when over ``limit``."""
    cmd = [sys.executable, os.path.abspath(__file__), "--baseline", str(h), str(w), kind]
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=limit, check=True)
    except subprocess.TimeoutExpired:
        return f"stalled > {limit:.0f}s", None
    seconds, used = out.stdout.split()
    return float(seconds), int(used)


def _fmt(t):
    return t if isinstance(t, str) else f"{t:.3f}s"


def main(quick=False):
    """Run the benchmark and return its markdown table."""
    cases = CASES[:2] if quick else CASES
    limit = 30.0 if quick else 300.0
    lines = [
        "## Colouring: colour the dominoes of a tiling",
        "",
        "ours = tiling.color(t, k, adjacency) (adjacency building included); baseline = "
        "networkx.greedy_color(strategy='smallest_last') on the same graph (graph building "
        f"not timed; in a subprocess limited to {limit:.0f}s above {IN_PROCESS_BASELINE:,} "
        "dominoes). Random tilings of rectangles; medians of 5 runs at 10^4, 3 at 10^5, "
        "1 at 10^6; ratio = baseline / ours.",
        "",
        "| case | ours | baseline | ratio | colours (ours) | colours (networkx) |",
        "|---|---|---|---|---|---|",
    ]
    for h, w in cases:
        tiling = brick_tiling(h, w, rounds=40, rng=0)
        n = len(tiling)
        repeats = 1 if quick or n >= 10**6 else (5 if n <= 10**4 else 3)
        baselines = {}
        for kind, k in RUNS:
            runs = [ours(tiling, k, kind) for _ in range(repeats)]
            t, used = statistics.median(r[0] for r in runs), runs[0][1]
            if kind not in baselines:
                if n <= IN_PROCESS_BASELINE:
                    base = [networkx_greedy(tiling, kind) for _ in range(repeats)]
                    baselines[kind] = (statistics.median(b[0] for b in base), base[0][1])
                else:
                    baselines[kind] = networkx_in_subprocess(h, w, kind, limit)
            base, base_used = baselines[kind]
            ratio = "-" if isinstance(base, str) else f"{base / t:.1f}x"
            label = f"{n:,} dominoes ({h}x{w}), k={k}, {kind}"
            lines.append(
                f"| {label} | {_fmt(t)} | {_fmt(base)} | {ratio} | {used} | "
                f"{base_used if base_used is not None else '-'} |"
            )
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    if "--baseline" in sys.argv:
        i = sys.argv.index("--baseline")
        h, w, kind = int(sys.argv[i + 1]), int(sys.argv[i + 2]), sys.argv[i + 3]
        seconds, used = networkx_greedy(brick_tiling(h, w, rounds=40, rng=0), kind)
        print(seconds, used)
    else:
        print(main(quick="--quick" in sys.argv))
