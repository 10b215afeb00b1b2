"""The fuzzing harness of tests/test_fuzz.py (run in a child process, see there).

Every public function, class and method of the package, taken from the
public API lists (``tiling.__all__``, each subpackage's and module's
``__all__``, the public methods of Region, Tiling and Certificate), so a new
function is fuzzed without anyone adding it here.  Hypothesis draws the
arguments from a pool of hostile values mixed with a few good ones (so calls
get past the first check), and each call must return or raise TilingError,
TypeError or the exact engine's LinalgError with a one-line message.
"""

from __future__ import annotations

import collections
import fractions
import importlib
import inspect
import json
import math
import pkgutil
import resource
import signal
import sys
import time
import types

import hypothesis
import hypothesis.strategies as st

try:  # imported as part of the tests package (pytest's doctest collection)
    from .fuzz_support import fuzz_settings
except ImportError:  # run as a script, as test_fuzz.py runs it: tests/ is on sys.path
    from fuzz_support import fuzz_settings
import numpy as np

import tiling
from tiling import Region, Tiling
from tiling.linalg import LinalgError
from tiling.proofs import Certificate

#: Public names that are not fuzzed, and why: each needs a resource the test
#: must not take (a listening socket, worker processes).
SKIPPED = {
    "tiling.serve.serve": "starts a web server that runs until stopped",
    "tiling.serve.WorkerPool": "starts worker processes",
    "tiling.cli.main": "the command line: argparse exits on bad options; tests/test_cli_fuzz.py",
}

#: What a call may raise: the library's errors for bad values and types.
ALLOWED = (tiling.TilingError, TypeError, LinalgError)

#: Seconds one call may take before the fuzz reports it as unbounded.
PER_CALL_SECONDS = 30


class CallTimeout(BaseException):
    """Raised by the alarm when one call runs too long (not an Exception: never caught)."""


def public_callables():
    """``(name, callable)`` for every public function and class, and the methods of the model."""
    seen, out = set(), []

    def add(name, obj):
        if id(obj) in seen or name in SKIPPED:
            return
        seen.add(id(obj))
        out.append((name, obj))

    # the public modules as tests/test_docs.py defines them: tiling, every
    # subpackage without a leading underscore, every module a public __all__ lists
    queue = ["tiling"] + [
        info.name
        for info in pkgutil.walk_packages(tiling.__path__, "tiling.")
        if info.ispkg and not any(part.startswith("_") for part in info.name.split("."))
    ]
    modules = {}
    while queue:
        module = importlib.import_module(queue.pop(0))
        if module.__name__ in modules:
            continue
        modules[module.__name__] = module
        for attr in getattr(module, "__all__", ()):
            value = getattr(module, attr)
            if isinstance(value, types.ModuleType):
                queue.append(value.__name__)
            elif callable(value) and not (
                isinstance(value, type) and issubclass(value, BaseException)
            ):
                add(f"{module.__name__}.{attr}", value)
    for cls in (Region, Tiling, Certificate):
        for attr, member in vars(cls).items():
            if attr.startswith("_"):
                continue
            if isinstance(member, (classmethod, staticmethod)):
                add(f"{cls.__name__}.{attr}", getattr(cls, attr))
            elif isinstance(member, property) or callable(member):
                add(f"{cls.__name__}().{attr}", (cls, attr))
    return out


def _regions():
    import tiling.model.examples as ex

    return [
        Region.rectangle(2, 2),
        Region.rectangle(3, 4),
        Region.rectangle(3, 3),
        Region.aztec_diamond(2),
        ex.mutilated_chessboard(),
        ex.ring(),
        Region.from_cells([(0, 0), (0, 1), (2100, 2100), (2100, 2101)]),  # sparse
        Region.rectangle(1, 1),
        Region.rectangle(1, 2000),
    ]


def hostile_pool():
    """The values arguments are drawn from: hostile ones, and a few good ones."""
    regions = _regions()
    t22 = tiling.find(Region.rectangle(2, 2))
    t34 = tiling.find(Region.rectangle(3, 4))
    forged = tiling.prove_impossible(Region.rectangle(3, 3))
    forged_color = tiling.prove_impossible(tiling.examples.mutilated_chessboard())
    forged_color.cells = [[0, 0]]  # an edited certificate: no longer true
    arrays = [np.zeros((2, 2), dtype=d) for d in (bool, np.int8, np.uint64, np.float16, complex)]
    arrays += [
        np.array([["a", "b"], ["c", "d"]]),
        np.array([[None, 1]], dtype=object),
        np.array(["2020-01-01"], dtype="datetime64[D]"),
        np.ones((2, 2, 2)),
        np.full((2, 2), np.nan),
        np.array([[1, -1], [2**62, 0]], dtype=np.int64),
        np.ones((0, 2), dtype=np.int64),
        np.ones((4, 4), dtype=bool),
        np.broadcast_to(np.array(True), (2**16, 2**15)),  # 2^31 cells, no memory until copied
        np.broadcast_to(np.array(1, dtype=np.int64), (40000, 27000)),
    ]
    scalars = [
        None,
        True,
        False,
        math.nan,
        math.inf,
        -math.inf,
        -1,
        0,
        1,
        2,
        3,
        7,
        2**31,
        2**63,
        2**70,
        -(2**70),
        10**9,
        0.5,
        1.5,
        2.0,
        -0.0,
        1e300,
        1 + 5j,
        fractions.Fraction(1, 3),
        np.int64(3),
        np.int8(-3),
        np.uint64(2**63),
        np.float32(np.nan),
        np.float64(2.0),
        np.bool_(True),
        np.complex128(1j),
        "",
        "abc",
        "auto",
        "dp",
        "kasteleyn",
        "..\n..",
        "x" * 1000,
        b"..",
        [],
        [[]],
        [1, 2],
        [(0, 0), (0, 1)],
        [(0.5, 0), (1, 1)],
        [(-1, 0)],
        [(2**70, 0)],
        (0, 0),
        (1, 1),
        (0.5, 0),
        ((0, 0), (0, 1)),
        {},
        {"a": 1},
        {1, 2},
        range(3),
        object(),
        print,
        lambda *a, **k: None,
        np.random.default_rng(0),
        tiling.Region,
    ]
    return scalars + arrays + regions + [t22, t34, forged, forged_color]


def one_line(exc):
    return "\n" not in str(exc).strip()


def main(n_calls, memory_gib):
    limit = int(memory_gib * 2**30)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    def alarm(signum, frame):
        raise CallTimeout

    signal.signal(signal.SIGALRM, alarm)
    targets = public_callables()
    pool = hostile_pool()
    counts = collections.Counter()
    per_target = collections.Counter()
    failures = []
    start = time.monotonic()
    done = [0]

    @fuzz_settings(n_calls)
    @hypothesis.given(st.data())
    def one_call(data):
        i = done[0]
        done[0] += 1

        def below(n):
            return data.draw(st.integers(0, n - 1))

        name, target = targets[below(len(targets))]
        call, description = _draw_call(name, target, pool, below)
        per_target[name] += 1
        print(f"CALL {i} {description}", file=sys.stderr, flush=True)
        signal.setitimer(signal.ITIMER_REAL, PER_CALL_SECONDS)
        try:
            call()
            outcome = "returned"
        except CallTimeout:
            outcome = "timeout"
            failures.append(f"{description}: took over {PER_CALL_SECONDS} s")
        except ALLOWED as exc:
            outcome = "TypeError" if isinstance(exc, TypeError) else "TilingError"
            if isinstance(exc, LinalgError):
                outcome = "LinalgError"
            if not one_line(exc):
                failures.append(f"{description}: {type(exc).__name__} of several lines: {exc!r}")
        except BaseException as exc:  # noqa: BLE001 - the point of the fuzz
            outcome = "bad"
            failures.append(f"{description}: {type(exc).__name__}: {str(exc)[:200]}")
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            plt.close("all")
        counts[outcome] += 1

    one_call()
    n_calls = done[0]
    print(
        json.dumps(
            {
                "calls": n_calls,
                "targets": len(targets),
                "outcomes": dict(counts),
                "seconds": round(time.monotonic() - start, 1),
                "failures": failures,
                "skipped": SKIPPED,
                "per_target_min": min(per_target.values()),
            }
        )
    )


def _signature(func):
    try:
        return inspect.signature(func)
    except (TypeError, ValueError):
        return None


def _draw_call(name, target, pool, below):
    """A zero-argument callable making one hostile call of ``target``, and its description.

    ``below(n)`` draws an int in ``range(n)`` (from Hypothesis).
    """

    def pick():
        # half the values good ones (regions, tilings, small ints, None, "auto"),
        # so calls get past their first check and reach the code behind it
        good = [v for v in pool if _good(v)]
        return good[below(len(good))] if below(2) else pool[below(len(pool))]

    if isinstance(target, tuple):  # a method or property of an instance of the model
        cls, attr = target
        owners = [v for v in pool if isinstance(v, cls)]
        owner = owners[below(len(owners))]
        member = getattr(cls, attr)
        if isinstance(member, property):
            return (lambda: getattr(owner, attr)), f"{name} on {owner!r}"
        func = getattr(owner, attr)
        label = f"{name} on {owner!r}"
    else:
        func, label = target, name
    sig = _signature(func)
    args, kwargs = [], {}
    if sig is not None:
        for p in sig.parameters.values():
            if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
                continue
            required = p.default is p.empty
            if not required and below(10) < 6:
                continue  # leave most options at their defaults
            value = pick()
            if p.kind == p.KEYWORD_ONLY:
                kwargs[p.name] = value
            elif required or not kwargs:
                args.append(value)
            else:
                kwargs[p.name] = value
    else:
        args = [pick() for _ in range(below(3))]
    shown = ", ".join([_short(a) for a in args] + [f"{k}={_short(v)}" for k, v in kwargs.items()])
    return (lambda: func(*args, **kwargs)), f"{label}({shown})"


def _good(value):
    if isinstance(value, (Region, Tiling, Certificate)) or value is None:
        return True
    if isinstance(value, int) and not isinstance(value, bool):
        return 0 <= value <= 7
    return isinstance(value, str) and value in ("auto", "dp", "kasteleyn", "..\n..")


def _short(value):
    text = repr(value) if not isinstance(value, np.ndarray) else f"array{value.shape}{value.dtype}"
    return text if len(text) < 60 else text[:57] + "..."


if __name__ == "__main__":
    main(int(sys.argv[1]), float(sys.argv[2]))
