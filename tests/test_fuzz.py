"""Every public entry point, fuzzed with hostile values (issue 21).

The fuzz runs in a child process under an address-space limit
(``resource.setrlimit(RLIMIT_AS)``) and a timeout, so a blow-up fails the
test instead of taking the machine: the harnesses are tests/fuzz_api.py
(every public function, class and method, from the public API lists) and
tests/fuzz_cli.py (every command and option, from the argument parser).
Each prints a JSON summary: the number of calls of each outcome and the
failures, which must be none.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
#: Address space of the fuzzing child: room for numpy, scipy, flint and matplotlib
#: and a few large arrays, far below the machine's memory.
MEMORY_GIB = 3


def _child(script, *args, timeout, cwd):
    try:
        return subprocess.run(
            [sys.executable, str(HERE / script), *map(str, args)],
            capture_output=True,
            text=True,
            timeout=timeout,
            cwd=cwd,
            env={"MPLBACKEND": "Agg", "PATH": "/usr/bin:/bin", "HOME": str(cwd)},
        )
    except subprocess.TimeoutExpired as exc:
        err = exc.stderr.decode() if isinstance(exc.stderr, bytes) else (exc.stderr or "")
        last = [line for line in err.splitlines() if line.startswith(("CALL", "RUN"))][-1:]
        pytest.fail(f"the fuzz did not finish in {timeout} s; the last call: {last}")


def _summary(done):
    assert done.returncode == 0, (
        f"the fuzzing child died (status {done.returncode}): {done.stderr[-2000:]}"
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_every_public_function_returns_or_raises_a_one_line_library_error(tmp_path):
    summary = _summary(_child("fuzz_api.py", 3000, MEMORY_GIB, timeout=600, cwd=tmp_path))
    print(json.dumps({k: v for k, v in summary.items() if k != "failures"}))
    assert summary["failures"] == []
    assert summary["targets"] > 100  # the public API lists were read
    assert summary["outcomes"]["returned"] > 300  # calls got past their checks too


def test_every_command_exits_0_1_or_2_with_a_one_line_error_never_a_traceback(tmp_path):
    summary = _summary(_child("fuzz_cli.py", 200, MEMORY_GIB, tmp_path, timeout=600, cwd=tmp_path))
    print(json.dumps({k: v for k, v in summary.items() if k != "failures"}))
    assert summary["failures"] == []
    assert summary["outcomes"].get("exit 2", 0) > 20
    assert set(summary["per_command"]) >= {"count", "solve", "cover", "prove", "sample", "trees"}
