"""A text progress bar on standard error, shared by the long computations.

Private: solvers and the exact linear algebra draw their progress the same
way.  ``Progress(total, label, enabled=False)`` does nothing at all, so
callers may call :meth:`Progress.update` unconditionally.
"""

from __future__ import annotations

import sys
import time
from typing import IO

__all__ = ["Progress"]


class Progress:
    """A one-line progress bar on ``stream`` (stderr by default), with the time left.

    Redraws at most ten times a second.  Once a tenth of the work is done
    (and at least a second has passed) it shows an estimate of the time
    left, from the average rate so far.
    """

    def __init__(
        self, total: int, label: str = "", enabled: bool = True, stream: IO[str] | None = None
    ):
        self.total = max(int(total), 1)
        self.label = label
        self.enabled = bool(enabled)
        self.stream = stream if stream is not None else sys.stderr
        self.done = 0
        self._start = time.perf_counter()
        self._last = 0.0

    def update(self, n: int = 1) -> None:
        if not self.enabled:
            return
        self.done += n
        now = time.perf_counter()
        if now - self._last >= 0.1 or self.done >= self.total:
            self._last = now
            self._draw(now)

    def _draw(self, now: float) -> None:
        frac = min(self.done / self.total, 1.0)
        width = 30
        filled = int(round(frac * width))
        elapsed = now - self._start
        bar = "#" * filled + "-" * (width - filled)
        left = ""
        if 0.1 <= frac < 1.0 and elapsed >= 1.0:
            left = f", about {elapsed * (1 - frac) / frac:.0f}s left"
        self.stream.write(f"\r{self.label} [{bar}] {100 * frac:5.1f}% {elapsed:6.1f}s{left}   ")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self._draw(time.perf_counter())
            self.stream.write("\n")
            self.stream.flush()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> bool:
        self.close()
        return False
