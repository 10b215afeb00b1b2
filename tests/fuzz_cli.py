"""The command-line fuzzing harness of tests/test_fuzz.py (run in a child process).

Every command and option is read from the argument parser itself, so a new
command or option is fuzzed without anyone adding it here.  Each run calls
``tiling.cli.main(argv)`` in this process with hostile option values and
files (empty, binary, not UTF-8, huge lines, directories, devices, missing
folders for outputs) and hostile standard input, and checks what a person
would see: exit status 0, 1 or 2, never a traceback, and on status 2 a last
line ``tiling...: error: ...`` saying what is wrong.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import io
import json
import os
import resource
import signal
import sys
import time

import hypothesis
import hypothesis.strategies as st

try:  # imported as part of the tests package (pytest's doctest collection)
    from .fuzz_support import fuzz_settings
except ImportError:  # run as a script, as test_fuzz.py runs it: tests/ is on sys.path
    from fuzz_support import fuzz_settings

from tiling import Region
from tiling.cli import build_parser, main

#: Commands the fuzz leaves out, and why.
SKIPPED = {
    "serve": "runs a web server until stopped (its bad options: tests/test_fuzz.py)",
    "demo": "a ten-second tour of fixed examples; only its output folder is an option",
}

PER_RUN_SECONDS = 20

VALUES = [
    "",
    "-1",
    "0",
    "1",
    "2",
    "3",
    "nan",
    "inf",
    "-inf",
    "1e400",
    "99999999999999999999999",
    "2.5",
    "0x0",
    "3x",
    "x3",
    "3x3",
    "4x4",
    "2x1000000",
    "100000x100000",
    "-2x3",
    "3x-2",
    "abc",
    "\u00e9\u00e8",
    "auto",
    "--",
    "-",
    "orientation",
    "#ff0000",
]


class RunTimeout(BaseException):
    """One run took too long (not an Exception: never caught by the code under test)."""


def make_files(folder):
    """Hostile and good input files in ``folder``; returns their paths (and devices)."""
    tiling_text = None
    from tiling import find

    tiling_text = find(Region.rectangle(2, 4)).to_ascii()
    contents = {
        "good.txt": "..\n..\n",
        "heart.txt": " ..  ..\n........\n........\n ......\n  ....\n   ..\n",
        "odd.txt": "...\n...\n...\n",
        "empty.txt": "",
        "blank.txt": "\n\n   \n",
        "binary.bin": b"\x00\x01\x02..\n",
        "latin1.txt": "..\xe9\n".encode("latin-1"),
        "wide.txt": "." * 100_000 + "\n",
        "bad_chars.txt": "..x\n..\n",
        "tabs.txt": ".\t.\n",
        "tiling.txt": tiling_text,
        "tiling_broken.txt": tiling_text[: len(tiling_text) // 2],
        "crlf.txt": "..\r\n..\r\n",
        "bom.txt": b"\xef\xbb\xbf..\n..\n",
    }
    paths = []
    for name, content in contents.items():
        path = os.path.join(folder, name)
        with open(path, "wb") as fh:
            fh.write(content if isinstance(content, bytes) else content.encode("utf-8"))
        paths.append(path)
    os.mkdir(os.path.join(folder, "a_folder"))
    paths += [
        os.path.join(folder, "a_folder"),
        os.path.join(folder, "missing.txt"),
        "/dev/null",
        "/dev/zero",
        "-",
    ]
    outputs = [
        os.path.join(folder, name)
        for name in ("out.png", "out.svg", "out.pdf", "out.gif", "out.tex", "out.xyz", "out")
    ]
    outputs += [os.path.join(folder, "no", "such", "x.png"), os.path.join(folder, "a_folder")]
    return paths, outputs


STDINS = [b"", b"..\n..\n", b"\x00" * 100, b"\xff\xfe..", b"...\n", b"." * 5000]


def commands():
    """``{command: [(option strings, action)]}`` read from the parser."""
    parser = build_parser()
    out = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                if name in SKIPPED:
                    continue
                out[name] = [a for a in sub._actions if not isinstance(a, argparse._HelpAction)]
    return out


def run(argv, stdin_bytes):
    """main(argv) with its streams captured: (status, stdout, stderr)."""
    out_bytes, err_bytes = io.BytesIO(), io.BytesIO()
    stdout = io.TextIOWrapper(out_bytes, encoding="utf-8", write_through=True)
    stderr = io.TextIOWrapper(err_bytes, encoding="utf-8", write_through=True)
    stdin = io.TextIOWrapper(io.BytesIO(stdin_bytes), encoding="utf-8")
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = stdin, stdout, stderr
    try:
        with contextlib.suppress(SystemExit):
            status = 0
            status = main(argv)
    except SystemExit as exc:  # pragma: no cover - suppressed above
        status = exc.code
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return (
        status,
        out_bytes.getvalue().decode("utf-8", "replace"),
        err_bytes.getvalue().decode("utf-8", "replace"),
    )


def main_fuzz(n_runs, memory_gib, folder):
    limit = int(memory_gib * 2**30)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    os.chdir(folder)
    import matplotlib

    matplotlib.use("Agg")

    def alarm(signum, frame):
        raise RunTimeout

    signal.signal(signal.SIGALRM, alarm)
    table = commands()
    names = sorted(table)
    files, outputs = make_files(folder)
    counts = collections.Counter()
    per_command = collections.Counter()
    failures = []
    start = time.monotonic()

    @fuzz_settings(n_runs)
    @hypothesis.given(st.data())
    def one_run(data):
        def below(n):
            return data.draw(st.integers(0, n - 1))

        command = names[below(len(names))]
        argv = [command]
        for action in table[command]:
            if action.option_strings and below(2):
                continue  # most options left out
            if not action.option_strings:  # a positional FILE, A, B
                argv.append(files[below(len(files))])
                continue
            argv.append(action.option_strings[below(len(action.option_strings))])
            if action.nargs == 0:
                continue
            if action.choices is not None and below(2):
                choices = list(action.choices)
                argv.append(str(choices[below(len(choices))]))
            elif action.dest in ("output", "o") or "FILE" in str(action.metavar or "").upper():
                argv.append(outputs[below(len(outputs))])
            elif action.nargs == "?" and below(2):
                continue
            else:
                argv.append(VALUES[below(len(VALUES))])
        stdin_bytes = STDINS[below(len(STDINS))]
        per_command[command] += 1
        print(f"RUN {' '.join(map(repr, argv))}", file=sys.__stderr__, flush=True)
        signal.setitimer(signal.ITIMER_REAL, PER_RUN_SECONDS)
        try:
            status, out, err = run(argv, stdin_bytes)
        except RunTimeout:
            failures.append(f"{argv}: took over {PER_RUN_SECONDS} s")
            counts["timeout"] += 1
            return
        except BaseException as exc:  # noqa: BLE001 - a traceback a person would see
            failures.append(f"{argv}: {type(exc).__name__}: {str(exc)[:200]}")
            counts["traceback"] += 1
            return
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            import matplotlib.pyplot as plt

            plt.close("all")
        counts[f"exit {status}"] += 1
        lines = [line for line in err.splitlines() if line.strip()]
        if status not in (0, 1, 2):
            failures.append(f"{argv}: exit status {status}: {err[-300:]}")
        elif "Traceback" in err:
            failures.append(f"{argv}: a traceback: {err[-300:]}")
        elif status == 2 and not (
            lines and lines[-1].startswith("tiling") and ": error: " in lines[-1]
        ):
            failures.append(f"{argv}: exit 2 without a one-line error: {err[-300:]!r}")

    one_run()
    print(
        json.dumps(
            {
                "runs": sum(per_command.values()),
                "outcomes": dict(counts),
                "per_command": dict(per_command),
                "seconds": round(time.monotonic() - start, 1),
                "failures": failures,
                "skipped": SKIPPED,
            }
        )
    )


if __name__ == "__main__":
    main_fuzz(int(sys.argv[1]), float(sys.argv[2]), sys.argv[3])
