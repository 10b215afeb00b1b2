"""Timing helper shared by the benchmark scripts (they run with this folder on sys.path)."""

import statistics
import time


def median_time(fn, repeats):
    """Median wall-clock seconds of ``repeats`` calls of ``fn()``, and the last value."""
    times, value = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        value = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), value
