"""Benchmark: the cases of issue 21 (robustness), ours against a baseline in the same run.

* ``count(Region.rectangle(4, 100000))`` by ``auto`` against the DP (``auto``
  used to pick the Kasteleyn rectangle shortcut there and abort in flint);
* a 2 x 10^6 strip with three domino holes, ``auto`` against the DP;
* 10,000 rings of 12 cells and one 30 x 30 board, ``auto`` (per piece,
  identical pieces once) against Kasteleyn on every piece (what ``auto``
  did before);
* ``count(Region.aztec_diamond(5000))`` against writing ``2**(n(n+1)/2)``
  itself (the floor: no estimate, no labelling);
* ``sample`` against ``count`` on a 2 x n strip (the documented bound:
  about twice to three times the count);
* spanning trees of a 1 x 100000 path (a Region) against the same path as a
  networkx graph;
* ``prove_impossible`` of four cells far apart (12000 rows and columns)
  against the same cells close together.

Goals: no abort, ``auto`` never far slower than the DP, the Aztec count within
a small factor of the floor, sample at most 3 x count.

Run: ``python benchmarks/bench_robustness.py [--quick]``.
"""

import sys

import numpy as np
from _timing import median_time

import tiling
from tiling import Region


def rings_and_board(rings=10_000):
    ring = np.ones((4, 4), dtype=bool)
    ring[1:3, 1:3] = False
    side = int(np.ceil(np.sqrt(rings)))
    mask = np.zeros((5 * side, 5 * side + 31), dtype=bool)
    for k in range(rings):
        i, j = divmod(k, side)
        mask[5 * i : 5 * i + 4, 5 * j : 5 * j + 4] = ring
    mask[:30, -30:] = True
    return Region.from_mask(mask)


def rows(quick):
    n = 20_000 if quick else 100_000
    strip_len = 200_000 if quick else 2_000_000
    out = []

    def row(case, ours, baseline):
        t_ours, a = median_time(ours, 1)
        t_base, b = median_time(baseline, 1)
        out.append((case, t_ours, t_base, a, b))

    board = Region.rectangle(4, n)
    row(
        f"count 4 x {n}: auto | dp",
        lambda: tiling.count(board),
        lambda: tiling.count(board, method="dp"),
    )
    holes = [(0, 1000), (1, 1000), (0, strip_len // 4), (1, strip_len // 4)]
    holes += [(0, strip_len // 2 + 1), (1, strip_len // 2 + 1)]
    strip = Region.rectangle(2, strip_len).without(holes)
    row(
        f"count 2 x {strip_len} with 3 domino holes: auto | dp",
        lambda: tiling.count(strip),
        lambda: tiling.count(strip, method="dp"),
    )
    region = rings_and_board(2_000 if quick else 10_000)
    row(
        f"count {(region.n_cells - 900) // 12} rings + 30 x 30: auto | kasteleyn",
        lambda: tiling.count(region),
        lambda: tiling.count(region, method="kasteleyn"),
    )
    order = 1000 if quick else 5000
    diamond = Region.aztec_diamond(order)
    row(
        f"count Aztec diamond {order}: auto | 2**(n(n+1)/2)",
        lambda: tiling.count(diamond),
        lambda: 2 ** (order * (order + 1) // 2),
    )
    short = 5_000 if quick else 20_000
    strip2 = Region.rectangle(2, short)
    row(
        f"2 x {short}: sample | count",
        lambda: tiling.sample(strip2, rng=0).is_perfect,
        lambda: tiling.count(strip2) > 0,
    )
    import networkx as nx

    path = Region.rectangle(1, 100_000)
    graph = nx.path_graph(100_000)
    row(
        "spanning trees of a 1 x 100000 path: Region | networkx graph",
        lambda: tiling.spanning_trees(path),
        lambda: tiling.spanning_trees(graph),
    )
    far = Region.from_cells([(0, 0), (0, 1), (12000, 12000), (12000, 12001)])
    near = Region.from_cells([(0, 0), (0, 1), (2, 0), (2, 1)])
    row(
        "prove_impossible, 4 cells 12000 apart | 2 apart",
        lambda: tiling.prove_impossible(far) is None,
        lambda: tiling.prove_impossible(near) is None,
    )
    return out


def main(quick=False):
    lines = [
        "## Robustness (issue 21)",
        "",
        "The cases of issue 21; ours and the baseline in the same run, one run each "
        "(seconds). ratio = ours / baseline: below 1 is faster than the baseline.",
        "",
        "| case | ours (s) | baseline (s) | ratio |",
        "|---|---|---|---|",
    ]
    for case, ours, base, a, b in rows(quick):
        assert a == b, case  # the same answer by both routes
        lines.append(f"| {case} | {ours:.3f} | {base:.3f} | {ours / max(base, 1e-9):.3g} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(main(quick="--quick" in sys.argv))
