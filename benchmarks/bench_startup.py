"""Benchmark: how long `import tiling` and the `tiling` command take to start.

Every case runs in a fresh interpreter (a subprocess), wall-clock, median of
several runs.  Baselines measured in the same run: the bare interpreter
(``python -c pass``) and ``import numpy`` alone, which is what any numpy
library pays at least once it computes something.

Goals (issue 13): ``import tiling`` under 0.25 s, ``tiling --version`` under
0.4 s.  ``python -X importtime -c "import tiling"`` lists what the import
loads; the table's last column counts the heavy modules it loaded (numpy,
scipy, matplotlib, networkx, flint, sympy): none.

Run: ``python benchmarks/bench_startup.py [--quick]``.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("numpy", "scipy", "matplotlib", "networkx", "flint", "sympy")
GOALS = {"import tiling": 0.25, "tiling --version": 0.4}


def _tiling_command():
    """The installed console script next to this interpreter, or ``python -m tiling.cli``."""
    script = Path(sys.executable).with_name("tiling")
    return [str(script)] if script.exists() else [sys.executable, "-m", "tiling.cli"]


def wall_time(argv, runs):
    """Median wall-clock seconds of ``runs`` runs of ``argv`` (each must exit 0)."""
    env = dict(os.environ, MPLBACKEND="Agg")
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, check=True, capture_output=True, cwd=ROOT, env=env)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def heavy_modules_loaded():
    """The heavy modules that `import tiling` loads (there should be none)."""
    code = f"import sys, tiling; print(','.join(m for m in {HEAVY!r} if m in sys.modules))"
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True, cwd=ROOT
    ).stdout.strip()
    return out or "none"


def main(quick=False):
    runs = 3 if quick else 11
    python = [sys.executable]
    bare = wall_time(python + ["-c", "pass"], runs)
    numpy = wall_time(python + ["-c", "import numpy"], runs)
    cli = _tiling_command()
    cases = [
        ("import tiling", python + ["-c", "import tiling"], bare, "python -c pass"),
        (
            "import tiling; tiling.Region.rectangle(2, 2)",
            python + ["-c", "import tiling; tiling.Region.rectangle(2, 2)"],
            numpy,
            "import numpy",
        ),
        ("tiling --version", cli + ["--version"], bare, "python -c pass"),
        ("tiling count --rect 2x2", cli + ["count", "--rect", "2x2"], numpy, "import numpy"),
        ("tiling count --rect 8x8", cli + ["count", "--rect", "8x8"], numpy, "import numpy"),
    ]
    lines = [
        "## Start-up: import and command-line wall time",
        "",
        f"Fresh interpreter per run, wall-clock seconds, median of {runs} runs. "
        "ratio = ours / baseline (how much the library adds to the baseline's start-up). "
        f"Heavy modules loaded by `import tiling`: {heavy_modules_loaded()}.",
        "",
        "| case | ours | baseline | ratio | goal |",
        "|---|---|---|---|---|",
    ]
    for name, argv, base, base_name in cases:
        ours = wall_time(argv, runs)
        goal = GOALS.get(name)
        verdict = "-" if goal is None else f"< {goal} s: {'met' if ours < goal else 'MISSED'}"
        lines.append(
            f"| `{name}` | {ours:.3f} | {base:.3f} (`{base_name}`) | "
            f"{ours / base:.1f}x | {verdict} |"
        )
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs")
    print(main(quick=parser.parse_args().quick))
