"""Run every benchmark in this folder and gather the tables into RESULTS.md.

Each ``benchmarks/bench_<capability>.py`` exposes ``main(quick=False) -> str``
returning a markdown section that starts with ``## <Capability>``.  This
script imports them all (in name order), runs each, prefixes the machine
description and writes ``benchmarks/RESULTS.md`` (``make bench``).

Usage::

    python benchmarks/run_all.py            # full run, writes benchmarks/RESULTS.md
    python benchmarks/run_all.py --quick    # small sizes, prints only (unless --output)
    python benchmarks/run_all.py --only kasteleyn profile

Each benchmark runs in its own interpreter (so peak-memory readings and
crashes stay separate).  A benchmark that fails is reported in its section (with the error) and the
others still run; the exit status is then 1.
"""

import argparse
import datetime
import importlib.util
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def discover(only=None, folder=HERE):
    """Paths of the ``bench_*.py`` modules, sorted, filtered by capability names."""
    paths = sorted(Path(folder).glob("bench_*.py"))
    if only:
        wanted = {name.removeprefix("bench_").removesuffix(".py") for name in only}
        paths = [p for p in paths if p.stem.removeprefix("bench_") in wanted]
        missing = wanted - {p.stem.removeprefix("bench_") for p in paths}
        if missing:
            raise SystemExit(f"run_all: no benchmark named {', '.join(sorted(missing))}")
    return paths


def load(path):
    """Import a benchmark module from its file (the folder is not a package)."""
    spec = importlib.util.spec_from_file_location(f"benchmarks.{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _cpu_model():
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown CPU"


def _memory_gib():
    try:
        with open("/proc/meminfo") as fh:
            for line in fh:
                if line.startswith("MemTotal:"):
                    return int(line.split()[1]) / 2**20
    except (OSError, ValueError, IndexError):
        pass
    return None


def _version(name):
    try:
        from importlib.metadata import version

        return version(name)
    except Exception:  # not installed, or no metadata
        return "not installed"


def _load():
    try:
        return " / ".join(f"{x:.2f}" for x in os.getloadavg()) + " (1 / 5 / 15 min)"
    except (AttributeError, OSError):
        return "unknown"


def machine_description():
    """A markdown bullet list: CPU, cores, memory, OS, Python and library versions, date."""
    memory = _memory_gib()
    cores = os.cpu_count()
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = cores
    libs = ", ".join(
        f"{name} {_version(name)}"
        for name in ("numpy", "scipy", "networkx", "sympy", "python-flint", "matplotlib")
    )
    lines = [
        f"- CPU: {_cpu_model()}, {cores} logical cores ({usable} usable by this process)",
        f"- Memory: {memory:.1f} GiB" if memory else "- Memory: unknown",
        f"- OS: {platform.platform()}",
        f"- Python {platform.python_version()} ({platform.python_implementation()}); {libs}",
        f"- Date: {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC",
        f"- Load average when the run started: {_load()} (other work running on the "
        "machine inflates the times)",
    ]
    return "\n".join(lines)


def _run_child(path, quick, output):
    """In a fresh interpreter: run one benchmark and write its markdown to ``output``."""
    sys.path.insert(0, str(Path(path).parent))  # benchmarks may share helpers in their folder
    try:
        text = load(Path(path)).main(quick=quick)
        if not isinstance(text, str) or not text.lstrip().startswith("## "):
            raise TypeError(f"main() must return markdown starting with '## ', got {text!r:.60}")
    except Exception as exc:
        Path(output + ".error").write_text(f"{type(exc).__name__}: {exc}")
        raise
    Path(output).write_text(text)


def run_one(path, quick=False, timeout=None):
    """Run one benchmark in its own interpreter; return its markdown or raise RuntimeError.

    A separate process per benchmark keeps peak-memory readings (which only
    grow within a process) and crashes from leaking into the next benchmark.
    """
    with tempfile.TemporaryDirectory() as tmp:
        output = Path(tmp) / "section.md"
        command = [
            sys.executable,
            str(Path(__file__).resolve()),
            "--child",
            str(path),
            "--child-output",
            str(output),
        ] + (["--quick"] if quick else [])
        # The benchmark's own prints go to our stderr, keeping stdout for the report.
        try:
            done = subprocess.run(command, stdout=sys.stderr, stderr=sys.stderr, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise RuntimeError(f"stopped after {timeout:.0f} s (--timeout)") from None
        if done.returncode != 0 or not output.exists():
            error = Path(f"{output}.error")
            why = f"`{error.read_text().strip()}`" if error.exists() else "no result"
            raise RuntimeError(f"exited with status {done.returncode}: {why}")
        return output.read_text()


def run(paths, quick=False, timeout=None):
    """Run each benchmark; return (markdown sections, names that failed)."""
    sections, failed = [], []
    for path in paths:
        name = path.stem.removeprefix("bench_")
        print(f"run_all: {name} ...", file=sys.stderr, flush=True)
        start = time.perf_counter()
        try:
            text = run_one(path, quick=quick, timeout=timeout)
        except RuntimeError as exc:  # one broken benchmark must not hide the others
            failed.append(name)
            text = f"## {name}\n\n**failed**: {exc}"
        elapsed = time.perf_counter() - start
        print(f"run_all: {name} done in {elapsed:.1f} s", file=sys.stderr, flush=True)
        sections.append(f"{text.strip()}\n\n_(whole benchmark: {elapsed:.1f} s)_")
    return sections, failed


def report(sections, quick=False):
    """The whole RESULTS.md text."""
    mode = "quick run (small sizes)" if quick else "full run"
    head = [
        "# Benchmark results",
        "",
        f"Produced by `make bench` (`python benchmarks/run_all.py`), {mode}. Times are "
        "wall-clock, medians of several runs where cheap; each baseline ran in the same run "
        "on the same data (in a subprocess with a time limit where it can stall); each table "
        "says which way its ratio goes. Every benchmark ran in a fresh interpreter.",
        "",
        "## Machine",
        "",
        machine_description(),
    ]
    return "\n".join(head) + "\n\n" + "\n\n".join(sections) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--quick",
        action="store_true",
        help="small sizes (a smoke test); prints only unless --output is given",
    )
    parser.add_argument(
        "--only", nargs="+", metavar="NAME", help="run only these benchmarks (bench_NAME.py)"
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=3600,
        metavar="SECONDS",
        help="stop a benchmark that runs longer than this (default: 3600)",
    )
    parser.add_argument("--folder", type=Path, default=HERE, help=argparse.SUPPRESS)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--child-output", help=argparse.SUPPRESS)
    parser.add_argument(
        "--output",
        type=Path,
        default=None,
        help="markdown file to write (default: benchmarks/RESULTS.md "
        "for a full run, none for --quick)",
    )
    args = parser.parse_args(argv)
    if args.child:
        _run_child(args.child, args.quick, args.child_output)
        return 0
    paths = discover(args.only, args.folder)
    if not paths:
        print("run_all: no benchmarks/bench_*.py found", file=sys.stderr)
        return 1
    sections, failed = run(paths, quick=args.quick, timeout=args.timeout)
    text = report(sections, quick=args.quick)
    print(text, end="")
    output = args.output or (None if args.quick else HERE / "RESULTS.md")
    if output is not None:
        output.write_text(text)
        print(f"run_all: wrote {output}", file=sys.stderr)
    if failed:
        print(f"run_all: failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
