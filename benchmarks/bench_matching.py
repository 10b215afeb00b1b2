"""Benchmark: maximum covers of large regions by bipartite matching.

Cases: the n x n board with about 5% of its cells blocked at random (seed 0),
and the full n x n board, n = 200, 500, 1000.  "ours" is
``tiling.matching.hopcroft_karp(region)``, from the Region to a validated
Tiling (graph construction and the Tiling's own checks included), median of
several runs.  Baselines, on the same mask, each in a subprocess under a time
limit (a run past the limit is reported, not waited for):

* scipy ``scipy.sparse.csgraph.maximum_bipartite_matching`` (C): its time
  excludes building the sparse biadjacency matrix; the build time is shown
  in the "baseline + build" column, the fair end-to-end figure.
* networkx ``bipartite.hopcroft_karp_matching`` (pure Python): time of the
  matching call only, on a prebuilt graph; capped at NETWORKX_LIMIT seconds.

Kuhn's algorithm (``tiling.matching.kuhn``) on the 200 x 200 holey board is
shown for reference.  Every matching size is checked against ours.

Run: ``python benchmarks/bench_matching.py [--quick]``.
"""

import os
import subprocess
import sys
import tempfile

import numpy as np
from _timing import median_time  # noqa: E402

from tiling import Region
from tiling.matching import hopcroft_karp, kuhn

SIZES = (200, 500, 1000)
QUICK_SIZES = (200,)
BLOCKED = 0.05
SCIPY_LIMIT = 60  # seconds (10 with --quick)
NETWORKX_LIMIT = 60  # seconds; networkx needs ~200 s (and ~1 GB) at 1000 x 1000

_BASELINE = r"""
import signal, sys, time
import numpy as np
kind, path, limit = sys.argv[1], sys.argv[2], int(sys.argv[3])
if kind == "scipy":
    import scipy.sparse as sp
    from scipy.sparse.csgraph import maximum_bipartite_matching
else:
    import networkx as nx
    from networkx.algorithms import bipartite
mask = np.load(path)
h, w = mask.shape
t0 = time.perf_counter()
color = (np.add.outer(np.arange(h), np.arange(w)) % 2).astype(bool)
index = np.full((h, w), -1)
index[mask & ~color] = np.arange(int((mask & ~color).sum()))
index[mask & color] = np.arange(int((mask & color).sum()))
rows, cols = [], []
for ok, (dr, dc) in ((mask[:, :-1] & mask[:, 1:], (0, 1)), (mask[:-1, :] & mask[1:, :], (1, 0))):
    r, c = np.nonzero(ok)
    a, b = (r, c), (r + dr, c + dc)
    first_is_0 = ~color[a]
    rows.append(np.where(first_is_0, index[a], index[b]))
    cols.append(np.where(first_is_0, index[b], index[a]))
rows, cols = np.concatenate(rows), np.concatenate(cols)
n0, n1 = int((mask & ~color).sum()), int((mask & color).sum())
if kind == "scipy":
    g = sp.csr_matrix((np.ones(len(rows), np.int8), (rows, cols)), shape=(n0, n1))
    build = time.perf_counter() - t0
    run = lambda: int((maximum_bipartite_matching(g, perm_type="column") >= 0).sum())
else:
    g = nx.Graph()
    g.add_nodes_from(range(n0))
    g.add_nodes_from(range(n0, n0 + n1))
    g.add_edges_from(zip(rows.tolist(), (cols + n0).tolist()))
    build = time.perf_counter() - t0
    run = lambda: len(bipartite.hopcroft_karp_matching(g, top_nodes=range(n0))) // 2
def give_up(*_):
    print("timeout", build, flush=True)
    sys.exit(0)
signal.signal(signal.SIGALRM, give_up)
signal.alarm(limit)
start = time.perf_counter()
size = run()
print("done", build, time.perf_counter() - start, size, flush=True)
"""


def holey_mask(n, fraction=BLOCKED, seed=0):
    """The n x n board with each cell blocked with probability ``fraction``."""
    return np.random.default_rng(seed).random((n, n)) >= fraction


def baseline(kind, mask, limit):
    """("done", build s, run s, size) or ("timeout", build s) from a subprocess."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "mask.npy")
        np.save(path, mask)
        try:
            out = subprocess.run(
                [sys.executable, "-c", _BASELINE, kind, path, str(limit)],
                capture_output=True,
                text=True,
                timeout=limit + 300,
                check=True,
            )
        except subprocess.TimeoutExpired:
            return ("timeout", None)
        except subprocess.CalledProcessError as exc:
            return ("error", exc.stderr.strip().splitlines()[-1:])
    fields = out.stdout.split()
    if fields[0] == "timeout":
        return ("timeout", float(fields[1]))
    return ("done", float(fields[1]), float(fields[2]), int(fields[3]))


def _fmt(seconds):
    if seconds < 0.01:
        return f"{seconds * 1000:.1f} ms"
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def main(quick=False):
    sizes = QUICK_SIZES if quick else SIZES
    scipy_limit = 10 if quick else SCIPY_LIMIT
    lines = [
        "## Matching",
        "",
        "Maximum cover (maximum bipartite matching of the cell graph): our Hopcroft-Karp "
        "(Region in, validated Tiling out) against scipy's C `maximum_bipartite_matching` "
        "and networkx's `hopcroft_karp_matching`, each in a subprocess with a time limit "
        f"(scipy {scipy_limit} s, networkx {NETWORKX_LIMIT} s). Baseline times are for the "
        "matching call on a prebuilt graph; 'baseline + build' adds building the graph from "
        "the mask. Ratio = baseline / ours (above 1: ours is faster). Holey boards: each "
        f"cell blocked with probability {BLOCKED:.0%} (seed 0).",
        "",
        "| case | ours | baseline | ratio | baseline + build | cells uncovered |",
        "|---|---|---|---|---|---|",
    ]
    for n in sizes:
        for label, mask in (
            (f"{n}x{n}, 5% blocked", holey_mask(n)),
            (f"{n}x{n}, full", np.ones((n, n), bool)),
        ):
            region = Region(mask)
            repeats = 3 if n <= 500 else 2
            ours, tiling = median_time(lambda: hopcroft_karp(region), repeats)
            bare = region.n_cells - 2 * len(tiling)
            for kind, limit in (("scipy", scipy_limit), ("networkx", NETWORKX_LIMIT)):
                name = "scipy" if kind == "scipy" else "networkx"
                result = baseline(kind, mask, limit)
                if result[0] == "done":
                    _, build, run, size = result
                    if size != len(tiling):
                        raise AssertionError(f"{name} found {size} dominoes, ours {len(tiling)}")
                    lines.append(
                        f"| {label} | {_fmt(ours)} | {name}: {_fmt(run)} | {run / ours:.1f}x "
                        f"| {_fmt(build + run)} | {bare} |"
                    )
                elif result[0] == "timeout":
                    # scipy's DFS stalls (scipy #26147); networkx is just slow: capped
                    what = "stalled" if kind == "scipy" else "capped, not done in"
                    lines.append(
                        f"| {label} | {_fmt(ours)} | {name}: {what} > {limit} s | "
                        f"> {limit / ours:.0f}x | — | {bare} |"
                    )
                else:
                    lines.append(
                        f"| {label} | {_fmt(ours)} | {name}: error {result[1]} | — | — | {bare} |"
                    )
    mask = holey_mask(200)
    region = Region(mask)
    k_time, k_tiling = median_time(lambda: kuhn(region), 1)
    hk_time, hk_tiling = median_time(lambda: hopcroft_karp(region), 3)
    assert len(k_tiling) == len(hk_tiling)
    lines.append(
        f"| 200x200, 5% blocked: Kuhn (ours, for reference) | {_fmt(k_time)} | "
        f"our Hopcroft-Karp: {_fmt(hk_time)} | {hk_time / k_time:.2f}x | — | "
        f"{region.n_cells - 2 * len(k_tiling)} |"
    )
    return "\n".join(lines)


if __name__ == "__main__":
    print(main(quick="--quick" in sys.argv[1:]))
