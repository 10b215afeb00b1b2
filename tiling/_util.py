"""Small shared helpers: random generators and progress reporting.

Private: solvers import these so that every public function normalises
``rng`` the same way and draws progress bars the same way.
"""

import sys
import time

import numpy as np

__all__ = ["as_rng", "Progress"]


def as_rng(rng=None):
    """Return a :class:`numpy.random.Generator` from ``None``, a seed or a Generator."""
    if isinstance(rng, np.random.Generator):
        return rng
    if rng is None or isinstance(rng, np.random.SeedSequence):
        return np.random.default_rng(rng)
    if isinstance(rng, (int, np.integer)) and not isinstance(rng, (bool, np.bool_)) and rng >= 0:
        return np.random.default_rng(int(rng))
    from .errors import TilingError

    raise TilingError(
        "rng must be None, a non-negative int seed, a numpy.random.SeedSequence or a "
        f"numpy.random.Generator, not {rng!r}"
    )


class Progress:
    """A one-line text progress bar on ``stream`` (stderr by default).

    ``Progress(total, label, enabled=False)`` does nothing at all, so solvers
    can call :meth:`update` unconditionally.  Redraws at most ten times a second.
    """

    def __init__(self, total, label="", enabled=True, stream=None):
        self.total = max(int(total), 1)
        self.label = label
        self.enabled = bool(enabled)
        self.stream = stream if stream is not None else sys.stderr
        self.done = 0
        self._start = time.perf_counter()
        self._last = 0.0

    def update(self, n=1):
        if not self.enabled:
            return
        self.done += n
        now = time.perf_counter()
        if now - self._last >= 0.1 or self.done >= self.total:
            self._last = now
            self._draw(now)

    def _draw(self, now):
        frac = min(self.done / self.total, 1.0)
        width = 30
        filled = int(round(frac * width))
        elapsed = now - self._start
        bar = "#" * filled + "-" * (width - filled)
        self.stream.write(
            f"\r{self.label} [{bar}] {100 * frac:5.1f}% {elapsed:6.1f}s"
        )
        self.stream.flush()

    def close(self):
        if self.enabled:
            self._draw(time.perf_counter())
            self.stream.write("\n")
            self.stream.flush()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False
