"""Benchmark: exact counts of arbitrary shapes at scale (issue 16), beside the engine before.

Cases, each timed with this version ("ours") and with the engine as it was
before the p-adic route ("baseline": the library at commit ``BASE``, main
with issue 16's nested dissection and Dixon solve of the integer Schur
complement, extracted with ``git archive`` and run in a fresh interpreter
with a time cap):

* Kasteleyn counts of the n x n board and of the same board minus 5% of its
  cells as random domino-shaped holes, n = 100 .. 400 (the general engine:
  ``fast_path=False``, so the board goes through the determinant too);
* spanning trees of random grid regions (90% of the cells, largest piece)
  and of Delaunay triangulations of 10^3 .. 10^4 random points;
* ``count`` of the untileable 1000 x 1000 bridge region (a wall with one
  bridge cell; balanced colours, a Hall obstruction);
* ``count(..., digits=5)`` of the 1000 x 1000 and 2000 x 2000 boards, and of
  the 400 x 400 and 1000 x 1000 boards with 5% domino holes (proven
  enclosures of the log-determinant; the baseline has no digits: it
  computes the exact count and its summary, capped at 60 s at n = 1000).

Goals (issue 16): 200 x 200 with 5% holes under 2 s, 400 x 400 under 60 s;
the random 100 x 100 region's trees under 1 s, 10^4-point Delaunay under
5 s; the bridge region under 10 s; digits of the 2000 x 2000 board under
5 s; digits of the holey 1000 x 1000 board "in seconds" (read as under 10 s).  After the table: the growth exponent of each family, beside the
output size (about 0.42 n^2 bits for an n x n count).

After it, Kasteleyn's cost estimate beside the measured time on boards, holey
boards, ring boards, strips and an Aztec diamond (goal: within a factor 3).

Run: ``python benchmarks/bench_exact_scale.py [--quick] [--only boards trees bridge
digits estimates]``.
"""

import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

import numpy as np
from _timing import median_time  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
#: The engine before the p-adic route: main at the start of that work (commit c594174,
#: after issue 16's first pass; b75a05e is the engine before issue 16 altogether).
BASE = "c594174"
CAP = 300.0  # seconds for one baseline run
OUR_CAP = 900.0


# ---------------------------------------------------------------------- shapes
def holey_board(n, fraction=0.05, seed=0):
    """The n x n board minus ``fraction`` of its cells as random domino holes (tileable)."""
    from tiling import Region
    from tiling.matching import hopcroft_karp

    for attempt in range(50):
        rng = np.random.default_rng(seed + 1000 * attempt)
        mask = np.ones((n, n), dtype=bool)
        target, made = int(fraction * n * n) // 2, 0
        while made < target:
            r, c = int(rng.integers(1, n - 2)), int(rng.integers(1, n - 2))
            r1, c1 = (r + 1, c) if rng.random() < 0.5 else (r, c + 1)
            if mask[r, c] and mask[r1, c1]:
                mask[r, c] = mask[r1, c1] = False
                made += 1
        region = Region.from_mask(mask)
        if hopcroft_karp(region).is_perfect:
            return region
    raise RuntimeError("no tileable holey board found")


def bridge_region(n=1000):
    """A wall with one bridge cell; the sides' colour excesses (-2, +1) make it untileable."""
    from tiling import Region

    mask = np.ones((n, n), dtype=bool)
    wall = row = n // 2
    mask[:, wall] = False
    mask[row, wall] = True
    c = (row + wall) % 2
    left = [(r, k) for r in range(2, n, 7) for k in range(3, wall - 2, 11) if (r + k) % 2 == c]
    right = [(r, k) for r in range(2, n, 7) for k in range(wall + 3, n - 2, 11) if (r + k) % 2 != c]
    for r, k in left[:2] + right[:1]:
        mask[r, k] = False
    return Region.from_mask(mask)


def delaunay_graph(n, seed=0):
    import networkx as nx
    from scipy.spatial import Delaunay

    points = np.random.default_rng(seed).random((n, 2))
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    for a, b, c in Delaunay(points).simplices.tolist():
        graph.add_edges_from([(a, b), (b, c), (a, c)])
    return graph


def random_grid_region(n, seed=0):
    from tiling import Region

    mask = np.random.default_rng(seed).random((n, n)) < 0.9
    return max(Region(mask).components(), key=lambda part: part.n_cells)


# ---------------------------------------------------------------------- the baseline
_WORKER = r"""
import json, pickle, sys, time
sys.set_int_max_str_digits(0)
kind, path = sys.argv[1], sys.argv[2]
with open(path, "rb") as fh:
    payload = pickle.load(fh)
start = time.perf_counter()
if kind == "kasteleyn":
    from tiling.counting import kasteleyn
    value = kasteleyn.count_tilings(payload, fast_path=False)
elif kind == "trees":
    from tiling.graphs.kirchhoff import spanning_trees
    value = spanning_trees(payload)
elif kind == "count":
    import tiling
    value = tiling.count(payload)
elif kind == "digits":
    import tiling
    value = tiling.count(payload)
    value = tiling.summarize(value)
seconds = time.perf_counter() - start
bits = 0 if isinstance(value, str) else value.bit_length()
print(json.dumps([seconds, value if isinstance(value, str) else value % (2**61 - 1), bits]))
"""


def baseline_tree():
    """A folder holding the library at BASE (None when git or the commit is unavailable)."""
    folder = Path(tempfile.mkdtemp(prefix="tiling-base-"))
    archive = folder / "base.tar"
    try:
        with open(archive, "wb") as fh:
            subprocess.run(
                ["git", "-C", str(ROOT), "archive", BASE, "tiling"],
                stdout=fh,
                check=True,
                stderr=subprocess.DEVNULL,
            )
        with tarfile.open(archive) as tar:
            tar.extractall(folder, filter="data")
    except (OSError, subprocess.CalledProcessError):
        return None
    return folder


def run_isolated(kind, payload, pythonpath, cap):
    """(seconds, residue) of one run in a fresh interpreter, or (None, reason)."""
    import pickle

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "payload.pickle")
        with open(path, "wb") as fh:
            pickle.dump(payload, fh)
        env = {**os.environ, "PYTHONPATH": str(pythonpath)}
        try:
            done = subprocess.run(
                [sys.executable, "-c", _WORKER, kind, path],
                capture_output=True,
                text=True,
                timeout=cap,
                env=env,
                check=False,
            )
        except subprocess.TimeoutExpired:
            return None, f"> {cap:.0f} s"
    if done.returncode:
        last = (done.stderr.strip().splitlines() or ["failed"])[-1]
        return None, last[:80]
    seconds, value, bits = json.loads(done.stdout)
    run_isolated.bits = bits
    return seconds, value


# ---------------------------------------------------------------------- the table
def ring_board(n, width):
    """The n x n board without its centre: a frame ``width`` cells wide (one big hole)."""
    from tiling import Region

    mask = np.ones((n, n), dtype=bool)
    mask[width : n - width, width : n - width] = False
    return Region.from_mask(mask)


def estimate_table(quick=False):
    """Kasteleyn's predicted time (``estimated_seconds``, what ``method="auto"`` reads)
    beside the measured one on the benchmark's shapes; the goal is a factor 3 either way."""
    import tiling
    from tiling.counting import kasteleyn

    shapes = [
        ("100 x 100 board", tiling.Region.rectangle(100, 100)),
        ("100 x 100, 5% holes", holey_board(100)),
        ("22 x 22 ring board (width 4)", ring_board(22, 4)),
        ("200 x 200 ring board (width 40)", ring_board(200, 40)),
        ("8 x 2000 strip", tiling.Region.rectangle(8, 2000)),
        ("30 x 600 strip", tiling.Region.rectangle(30, 600)),
        ("Aztec diamond of order 60", tiling.Region.aztec_diamond(60)),
    ]
    if not quick:
        shapes += [
            ("200 x 200 board", tiling.Region.rectangle(200, 200)),
            ("150 x 150, 5% holes", holey_board(150)),
            ("200 x 200, 5% holes", holey_board(200)),
        ]
    out = [
        "",
        'Kasteleyn\'s cost estimate (`estimated_seconds`, read by `method="auto"`) against '
        "the measured time (`fast_path=False`, median of two):",
        "",
        "| shape | estimate | measured | measured / estimate | within 3x |",
        "|---|---|---|---|---|",
    ]
    for label, region in shapes:
        guess = kasteleyn.estimated_seconds(region)
        took, _ = median_time(lambda: kasteleyn.count_tilings(region, fast_path=False), 2)
        ratio = took / guess
        ok = "yes" if 1 / 3 <= ratio <= 3 else "NO"
        out.append(f"| {label} | {_fmt(guess)} | {_fmt(took)} | {ratio:.2f} | {ok} |")
        print(out[-1], file=sys.stderr, flush=True)
    return out + [""]


def _fmt(seconds):
    if seconds is None:
        return "-"
    return f"{seconds * 1e3:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def _slope(points):
    points = [(n, t) for n, t in points if t is not None and t > 0]
    if len(points) < 2:
        return None
    return float(np.polyfit(np.log([n for n, _ in points]), np.log([t for _, t in points]), 1)[0])


def main(quick=False, only=None):
    """The table; ``only``: a subset of the parts ``boards``, ``trees``, ``bridge``,
    ``digits`` (all by default)."""
    only = set(only or ("boards", "trees", "bridge", "digits", "estimates"))
    import tiling
    from tiling.counting import kasteleyn
    from tiling.graphs.kirchhoff import spanning_trees

    sys.set_int_max_str_digits(0)
    # compiled kernels loaded (or compiled, after a change) before anything is timed
    kasteleyn.count_tilings(holey_board(30), fast_path=False)
    spanning_trees(random_grid_region(30))
    from tiling._leading import log_count_enclosure

    log_count_enclosure(holey_board(40))  # the double-double kernels, loaded before any timing
    base = baseline_tree()
    sizes = (60, 100) if quick else (100, 150, 200, 300, 400)
    cap = 60.0 if quick else CAP
    rows, fits = [], {}
    p61 = 2**61 - 1

    goals = {
        ("5% holes", 200): 2.0,
        ("5% holes", 400): 60.0,
        ("grid region trees", "100"): 1.0,
        ("Delaunay trees", 10000): 5.0,
        ("bridge", 1000): 10.0,
        ("digits", 2000): 5.0,
        # "in seconds" (issue 16's text, no figure given): read as under 10 s
        ("holey digits", 1000): 10.0,
    }

    def compare(
        family, size, label, kind, payload, ours_fn, repeats=1, goal_key=None, own=None, cap=cap
    ):
        if own is None:
            ours, value = median_time(ours_fn, repeats)
            mine = value if isinstance(value, str) else value % p61
        else:  # a long case: ours in a fresh interpreter too, with its own cap
            ours, mine = run_isolated(kind, payload, ROOT, own)
            if ours is None:
                rows.append(f"| {label} | {mine} | - | - | - | - |")
                print(rows[-1], file=sys.stderr, flush=True)
                return None
            value = (1 << (run_isolated.bits - 1)) if run_isolated.bits else 0
        if base is None:
            base_s, verdict = None, "baseline unavailable (no git)"
        else:
            base_s, got = run_isolated(kind, payload, base, cap)
            if base_s is None:
                verdict = got
            elif kind == "digits":  # the same length; the baseline rounds, ours truncates
                verdict = "agrees" if got.split(",")[0] == mine.split(",")[0] else "DISAGREES"
            else:
                verdict = "agrees" if got == mine else "DISAGREES"
        ratio = f"{base_s / ours:.1f}x" if base_s else "-"
        shown = f"{_fmt(base_s)} ({verdict})" if base_s is not None else verdict
        answer = value if isinstance(value, str) else f"{value.bit_length()} bits"
        goal = goals.get((family, size if goal_key is None else goal_key))
        met = "-" if goal is None else f"< {goal:g} s: {'met' if ours < goal else 'missed'}"
        rows.append(f"| {label} | {_fmt(ours)} | {shown} | {ratio} | {met} | {answer} |")
        fits.setdefault(family, []).append((size, ours))
        print(rows[-1], file=sys.stderr, flush=True)
        return value

    for n in sizes if "boards" in only else ():
        board = tiling.Region.rectangle(n, n)
        compare(
            "board",
            n,
            f"{n} x {n} board, Kasteleyn engine",
            "kasteleyn",
            board,
            lambda: kasteleyn.count_tilings(board, fast_path=False),
            repeats=3 if n <= 150 else 1,
        )
        holey = holey_board(n)
        compare(
            "5% holes",
            n,
            f"{n} x {n} board, 5% domino holes ({holey.n_cells} cells)",
            "kasteleyn",
            holey,
            lambda: kasteleyn.count_tilings(holey, fast_path=False),
            own=OUR_CAP if n >= 400 else None,
        )
    for n in ((30, 60) if quick else (30, 60, 100)) if "trees" in only else ():
        region = random_grid_region(n)
        compare(
            "grid region trees",
            region.n_cells,
            f"spanning trees, random {n} x {n} region (90%, {region.n_cells} vertices)",
            "trees",
            region,
            lambda: spanning_trees(region),
            goal_key=str(n),
        )
    for n in ((1000, 3000) if quick else (1000, 3000, 10000)) if "trees" in only else ():
        graph = delaunay_graph(n)
        compare(
            "Delaunay trees",
            n,
            f"spanning trees, Delaunay triangulation of {n} points",
            "trees",
            graph,
            lambda: spanning_trees(graph),
        )
    if "bridge" in only:
        bridge = bridge_region(300 if quick else 1000)
        compare(
            "bridge",
            bridge.shape[0],
            f"count, untileable {bridge.shape[0]} x {bridge.shape[0]} bridge region (Hall)",
            "count",
            bridge,
            lambda: tiling.count(bridge),
        )
    for n in ((1000,) if quick else (1000, 2000)) if "digits" in only else ():
        board = tiling.Region.rectangle(n, n)
        compare(
            "digits",
            n,
            f"count(digits=5), {n} x {n} board",
            "digits",
            board,
            lambda: str(tiling.count(board, digits=5)),
        )
    for n in ((200,) if quick else (400, 1000)) if "digits" in only else ():
        holey = holey_board(n)
        compare(
            "holey digits",
            n,
            f"count(digits=5), {n} x {n} board with 5% domino holes",
            "digits",
            holey,
            lambda: str(tiling.count(holey, digits=5)),
            # the baseline counts exactly: about 20 minutes at n = 1000, so a shorter cap
            cap=min(cap, 60.0) if n >= 1000 else cap,
        )
    if base is not None:
        import shutil

        shutil.rmtree(base, ignore_errors=True)
    lines = [
        "## Exact counts at scale",
        "",
        f"Ours: this version.  Baseline: the engine before the p-adic route (commit {BASE}), in a "
        f"fresh interpreter, capped at {cap:.0f} s.  Kasteleyn rows use the general engine "
        "(`fast_path=False`); digits rows ask `count(digits=5)` (the baseline computes the "
        "exact count and summarises it).",
        "",
        "| case | ours | baseline | ratio | goal | answer |",
        "|---|---|---|---|---|---|",
        *rows,
        "",
    ]
    if "estimates" in only:
        lines += estimate_table(quick)
    for family, points in fits.items():
        big = [(n, t) for n, t in points if n >= (150 if family in ("board", "5% holes") else 0)]
        slope = _slope(big)
        if slope is not None and family in ("board", "5% holes"):
            lines.append(
                f"- {family}: time grows like n^{slope:.2f} for n >= 150 (the count has about "
                "0.42 n^2 bits: n^2 is the output size)"
            )
        elif slope is not None and family.endswith("trees"):
            lines.append(f"- {family}: time grows like V^{slope:.2f} in the number of vertices V")
    return "\n".join(lines)


if __name__ == "__main__":
    start = time.perf_counter()
    parts = sys.argv[sys.argv.index("--only") + 1 :] if "--only" in sys.argv else None
    print(main(quick="--quick" in sys.argv, only=parts))
    print(f"\n(total {time.perf_counter() - start:.0f} s)", file=sys.stderr)
