"""Benchmark: draw a tiling and save it as PNG (10^3 to 10^6 dominoes), SVG and PDF (10^5, 10^6).

PNG
    ours:     tiling.plot.draw_tiling(t, colors=...) + tiling.plot.save(ax, "x.png")
              (vector paths up to 2000 pieces, one raster image beyond)
    baseline: the naive way, one matplotlib Rectangle per domino added with
              ax.add_patch, then savefig; run in a subprocess with a time limit.
SVG and PDF (vector output: time and file size)
    ours:     the same calls with "x.svg" / "x.pdf": each colour class one
              compound path, coordinates rounded to a tenth of a point
    baseline: matplotlib's default way to draw many rectangles, one
              PatchCollection of Rectangles (facecolors by class, black
              edges), savefig; in a subprocess with a time limit.

The tilings are random "block" tilings of an h x w board (each 2 x 2 block two
parallel dominoes, orientation at random), built with numpy so that no solver
is timed.  Times are medians of several runs (one run at 10^6 in quick mode is
skipped), in seconds, including figure creation, drawing and PNG encoding.

Run: ``python benchmarks/bench_plot.py [--quick]``.
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import matplotlib  # noqa: E402

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402

from tiling import plot  # noqa: E402
from tiling.model.examples import block_tiling  # noqa: E402

CASES = [(40, 50), (400, 500), (1250, 1600)]  # 10^3, 10^5, 10^6 dominoes


def ours(tiling, path, colors):
    start = time.perf_counter()
    ax = plot.draw_tiling(tiling, colors=colors)
    plot.save(ax, path)
    elapsed = time.perf_counter() - start
    plt.close(ax.figure)
    return elapsed


_BASELINE = r"""
import sys, time
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.patches import Rectangle
sys.path.insert(0, {root!r})
sys.path.insert(0, {here!r})
from tiling.model.examples import block_tiling
t = block_tiling({h}, {w})
orient = t.shuffling_classes()
table = {{"N": "#E69F00", "S": "#0072B2", "W": "#009E73", "E": "#CC79A7"}}
start = time.perf_counter()
fig, ax = plt.subplots(figsize=(8, 8 * {h} / {w}))
for (a, b), o in zip(t.dominoes.tolist(), orient.tolist()):
    ax.add_patch(Rectangle((a[1], a[0]), b[1] - a[1] + 1, b[0] - a[0] + 1,
                           facecolor=table[o], edgecolor="black", linewidth=0.5))
ax.set_xlim(0, {w}); ax.set_ylim({h}, 0); ax.set_aspect("equal"); ax.axis("off")
fig.savefig({path!r})
print(time.perf_counter() - start)
"""


def baseline(h, w, path, limit):
    """Seconds for the naive drawing, or a string when it ran past ``limit``."""
    code = _BASELINE.format(root=os.path.dirname(HERE), here=HERE, h=h, w=w, path=path)
    try:
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=limit, check=True
        )
    except subprocess.TimeoutExpired:
        return f"stalled > {limit:.0f}s"
    return float(out.stdout.strip().splitlines()[-1])


def _fmt(t):
    return t if isinstance(t, str) else f"{t:.3f}s"


_VECTOR_BASELINE = r"""
import os, sys, time
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.collections import PatchCollection
from matplotlib.patches import Rectangle
sys.path.insert(0, {root!r})
from tiling.model.examples import block_tiling
t = block_tiling({h}, {w}, rng=1)
orient = t.shuffling_classes()
table = {{"N": "#E69F00", "S": "#0072B2", "W": "#009E73", "E": "#CC79A7"}}
start = time.perf_counter()
fig, ax = plt.subplots(figsize=(8, 8 * {h} / {w}))
d = t.dominoes
patches = [Rectangle((min(a[1], b[1]), min(a[0], b[0])), abs(b[1] - a[1]) + 1, abs(b[0] - a[0]) + 1)
           for a, b in d.tolist()]
ax.add_collection(PatchCollection(patches, facecolors=[table[o] for o in orient.tolist()],
                                  edgecolors="black", linewidths=0.2))
ax.set_xlim(0, {w}); ax.set_ylim({h}, 0); ax.set_aspect("equal"); ax.axis("off")
fig.savefig({path!r})
print(time.perf_counter() - start, os.path.getsize({path!r}))
"""


def vector_baseline(h, w, path, limit):
    """(seconds, bytes) for a PatchCollection saved as SVG/PDF, or a string past ``limit``."""
    code = _VECTOR_BASELINE.format(root=os.path.dirname(HERE), h=h, w=w, path=path)
    try:
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=limit, check=True
        )
    except subprocess.TimeoutExpired:
        return f"stalled > {limit:.0f}s"
    seconds, size = out.stdout.strip().splitlines()[-1].split()
    return float(seconds), int(size)


def vector_ours(tiling, path):
    start = time.perf_counter()
    ax = plot.draw_tiling(tiling, colors="orientation", title=None, legend=False)
    plot.save(ax, path)
    elapsed = time.perf_counter() - start
    plt.close(ax.figure)
    return elapsed, os.path.getsize(path)


def _mb(size):
    return f"{size / 1e6:.1f} MB"


def vector_rows(cases, repeats, limit, tmp):
    """Rows for SVG and PDF: time and file size, ours against a PatchCollection."""
    rows = []
    for h, w in cases:
        tiling = block_tiling(h, w, rng=1)
        for fmt in ("svg", "pdf"):
            path = os.path.join(tmp, f"ours_{h}x{w}.{fmt}")
            runs = [vector_ours(tiling, path) for _ in range(repeats)]
            t = statistics.median(r[0] for r in runs)
            size = runs[-1][1]
            base = vector_baseline(h, w, os.path.join(tmp, f"base_{h}x{w}.{fmt}"), limit)
            if isinstance(base, str):
                base_text, ratio = base, "-"
            else:
                base_text = f"{base[0]:.2f}s, {_mb(base[1])}"
                ratio = f"{base[0] / t:.1f}x time, {base[1] / size:.1f}x size"
            label = f"{len(tiling):,} dominoes ({h}x{w}) as {fmt.upper()}, colors='orientation'"
            rows.append(f"| {label} | {t:.2f}s, {_mb(size)} | {base_text} | {ratio} |")
    return rows


def aztec_row(order, tmp):
    """Draw-and-save time of a uniformly random Aztec diamond with its arctic circle."""
    try:
        from tiling.random import shuffling as aztec
    except ImportError:
        return None
    start = time.perf_counter()
    tiling = aztec.sample_aztec(order, rng=0)
    sample = time.perf_counter() - start
    start = time.perf_counter()
    ax = plot.draw_tiling(tiling, colors="orientation", arctic=True)
    plot.save(ax, os.path.join(tmp, "aztec.png"))
    elapsed = time.perf_counter() - start
    plt.close(ax.figure)
    return (
        f"| Aztec diamond n={order} ({len(tiling):,} dominoes), orientation + arctic "
        f"(sampling {sample:.1f}s not counted) | {_fmt(elapsed)} | - | - |"
    )


def main(quick=False):
    """Run the benchmark and return its markdown table."""
    cases = CASES[:2] if quick else CASES
    repeats = 1 if quick else 3
    limit = 20.0 if quick else 60.0
    lines = [
        "## Plotting: draw and save a tiling as PNG",
        "",
        "ours = tiling.plot.draw_tiling + save (vector paths <= 2000 pieces, raster image beyond); "
        "baseline = one matplotlib Rectangle per domino (ax.add_patch) + savefig, in a "
        f"subprocess limited to {limit:.0f}s. Medians of {repeats} run(s).",
        "",
        "| case | ours | baseline | ratio |",
        "|---|---|---|---|",
    ]
    stalled = None
    with tempfile.TemporaryDirectory() as tmp:
        for h, w in cases:
            tiling = block_tiling(h, w)
            n = len(tiling)
            for colors in ("orientation", "auto"):
                path = os.path.join(tmp, f"ours_{n}_{colors}.png")
                t = statistics.median(ours(tiling, path, colors) for _ in range(repeats))
                if colors == "orientation" and stalled:
                    base, ratio = f"not run (stalled at {stalled:,})", "-"
                elif colors == "orientation":
                    base = baseline(h, w, os.path.join(tmp, f"base_{n}.png"), limit)
                    ratio = f"{base / t:.1f}x" if not isinstance(base, str) else "-"
                    stalled = n if isinstance(base, str) else None
                else:
                    base, ratio = "-", "-"
                label = f"{n:,} dominoes ({h}x{w}), colors={colors!r}"
                lines.append(f"| {label} | {_fmt(t)} | {_fmt(base)} | {ratio} |")
        if not quick:
            row = aztec_row(1000, tmp)
            if row:
                lines.append(row)
        vector_cases = [(400, 500)] if quick else [(400, 500), (1000, 2000)]
        vector_limit = limit * 5  # the baseline takes minutes at 10^6
        lines += [
            "",
            "## Plotting: vector files (SVG, PDF), time and size",
            "",
            "ours = draw_tiling(colors='orientation') + save as .svg/.pdf (each colour class one "
            "compound path); baseline = matplotlib's PatchCollection of one Rectangle per domino "
            f"+ savefig, in a subprocess limited to {vector_limit:.0f}s. Goal: 10^5 dominoes as SVG in "
            f"under 5 s and under 10 MB. Medians of {repeats} run(s) for ours.",
            "",
            "| case | ours | baseline | ratio |",
            "|---|---|---|---|",
            *vector_rows(vector_cases, repeats, vector_limit, tmp),
        ]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(main(quick="--quick" in sys.argv))
