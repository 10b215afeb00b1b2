"""Benchmark: exact spanning-tree counts (Kirchhoff's matrix-tree theorem).

Cases: the n x n grid for n = 10, 30, 60, 100, random planar triangulations
(Delaunay triangulations of n^2 random points in the unit square) and random
grid regions (cells of an n x n board kept with probability 0.9, largest
component).  Ours is ``tiling.spanning_trees`` through the general exact
determinant engine; for full grids the closed form
``tiling.graphs.kirchhoff.grid_spanning_trees`` is shown too, as a separate row.

Baselines, on the same graphs:

* networkx ``number_of_spanning_trees``: a float from a dense ``numpy``
  determinant, in this process; the table says how far it is from the exact
  count (or that it overflowed to ``inf``).
* sympy: the exact (Bareiss) determinant of the same reduced Laplacian, in a
  subprocess with a time limit (3 minutes; 20 s with ``--quick``).  Once it
  stalls on one family, larger cases of that family are not tried.

Run ``python benchmarks/bench_kirchhoff.py [--quick]``; prints a markdown table.
"""

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

import networkx as nx
import numpy as np

from tiling import Region
from tiling.graphs.kirchhoff import grid_spanning_trees, laplacian, spanning_trees

SYMPY_SCRIPT = r"""
import json, sys, time
import sympy
n, entries = json.load(open(sys.argv[1]))
matrix = sympy.zeros(n, n)
for i, j, v in entries:
    matrix[i, j] = v
start = time.perf_counter()
value = matrix.det(method="bareiss")
print(json.dumps([time.perf_counter() - start, str(int(value))]))
"""


# ---------------------------------------------------------------------- cases
def grid_case(n):
    return f"grid {n}x{n}", Region.rectangle(n, n), n


def delaunay_case(n, seed=0):
    from scipy.spatial import Delaunay

    points = np.random.default_rng(seed).random((n * n, 2))
    graph = nx.Graph()
    graph.add_nodes_from(range(n * n))
    for a, b, c in Delaunay(points).simplices.tolist():
        graph.add_edges_from([(a, b), (b, c), (a, c)])
    return f"Delaunay, {n * n} random points", graph, None


def subgrid_case(n, seed=0):
    mask = np.random.default_rng(seed).random((n, n)) < 0.9
    region = max(Region(mask).components(), key=lambda part: part.n_cells)
    return f"random {n}x{n} grid region (90%)", region, None


# ---------------------------------------------------------------------- timing
def timed(fn, repeat_below=1.0, repeats=3):
    """(median seconds, result); repeats only when one run is cheap."""
    start = time.perf_counter()
    result = fn()
    times = [time.perf_counter() - start]
    if times[0] < repeat_below:
        for _ in range(repeats - 1):
            start = time.perf_counter()
            fn()
            times.append(time.perf_counter() - start)
    return statistics.median(times), result


def fmt_time(seconds):
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} us"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def float_verdict(value, exact):
    if math.isinf(value):
        return "float: inf (overflow)"
    error = abs(int(value) - exact) / exact if exact else abs(value)
    if error == 0:
        return f"float {value:.6e}, exact"
    digits = max(0, int(-math.log10(error)))
    return f"float {value:.6e}: wrong, rel. error {error:.1e} (~{digits} correct digits)"


def sympy_det(graph, cap):
    """(seconds, value) or ("stalled", None), exact Bareiss determinant in a subprocess."""
    matrix, _ = laplacian(graph)
    reduced = matrix[1:][:, 1:].tocoo()
    entries = [[int(i), int(j), int(v)] for i, j, v in zip(reduced.row, reduced.col, reduced.data)]
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump([reduced.shape[0], entries], handle)
        path = handle.name
    try:
        out = subprocess.run(
            [sys.executable, "-c", SYMPY_SCRIPT, path],
            capture_output=True,
            text=True,
            timeout=cap,
        )
    except subprocess.TimeoutExpired:
        return "stalled", None
    finally:
        os.unlink(path)
    if out.returncode:
        return "failed", out.stderr.strip().splitlines()[-1:]
    seconds, value = json.loads(out.stdout)
    return seconds, int(value)


# ---------------------------------------------------------------------- table
def main(quick=False):
    sizes = (10, 30) if quick else (10, 30, 60, 100)
    cap = 20 if quick else 180
    families = [grid_case, delaunay_case, subgrid_case]
    sys.set_int_max_str_digits(0)
    lines = [
        "## Spanning trees (Kirchhoff)",
        "",
        "Exact counts through the general determinant engine (`tiling.spanning_trees`); "
        f"sympy exact in a subprocess capped at {cap} s; networkx float in-process. "
        "ratio = baseline time / our time. Times are medians of 3 runs where one run "
        "takes under 1 s.",
        "",
        "| case | vertices | digits | ours | baseline | ratio | baseline's answer |",
        "|---|---|---|---|---|---|---|",
    ]
    for family in families:
        sympy_stalled = False
        for n in sizes:
            name, graph, grid_n = family(n)
            n_vertices = graph.n_cells if isinstance(graph, Region) else graph.number_of_nodes()
            ours_s, exact = timed(lambda: spanning_trees(graph))
            digits = len(str(exact))
            head = f"| {name} | {n_vertices} | {digits} | {fmt_time(ours_s)} "
            nx_graph = graph.to_networkx() if isinstance(graph, Region) else graph
            nx_s, approx = timed(lambda: nx.number_of_spanning_trees(nx_graph))
            lines.append(
                head + f"| networkx {fmt_time(nx_s)} | {nx_s / ours_s:.2g} | "
                f"{float_verdict(approx, exact)} |"
            )
            if sympy_stalled:
                lines.append(head + "| sympy: not run | - | stalled on a smaller case |")
            else:
                sym_s, value = sympy_det(nx_graph, cap)
                if sym_s == "stalled":
                    sympy_stalled = True
                    lines.append(head + f"| sympy stalled > {cap} s | > {cap / ours_s:.2g} | - |")
                elif sym_s == "failed":
                    lines.append(head + f"| sympy failed | - | {value} |")
                else:
                    verdict = "exact, agrees" if value == exact else "DISAGREES"
                    lines.append(
                        head + f"| sympy {fmt_time(sym_s)} | {sym_s / ours_s:.2g} | {verdict} |"
                    )
            if grid_n is not None:
                closed_s, closed = timed(lambda: grid_spanning_trees(grid_n, grid_n))
                verdict = "exact, agrees" if closed == exact else "DISAGREES"
                lines.append(
                    head + f"| ours, closed form (arb) {fmt_time(closed_s)} | "
                    f"{closed_s / ours_s:.2g} | {verdict} |"
                )
            print(lines[-1], file=sys.stderr, flush=True)
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small cases, short sympy cap")
    print(main(quick=parser.parse_args().quick))
