"""A text progress bar on standard error, shared by the long computations.

Private: solvers and the exact linear algebra draw their progress the same
way.  ``Progress(total, label, enabled=False)`` does nothing at all, so
callers may call :meth:`Progress.update` unconditionally.
"""

from __future__ import annotations

import sys
import time
from typing import IO

__all__ = ["Progress", "duration"]


def duration(seconds: float) -> str:
    """A rough human duration: ``'4s'``, ``'3 min'``, ``'2.5 h'``, ``'3 days'``.

    Examples
    --------
    >>> [duration(s) for s in (0.4, 75, 5400, 4e5)]
    ['0s', '1 min', '1.5 h', '4.6 days']
    """
    if seconds < 60:
        return f"{seconds:.0f}s"
    if seconds < 3600:
        return f"{seconds / 60:.0f} min"
    if seconds < 86400:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:.1f} days"


class Progress:
    """A one-line progress bar on ``stream`` (stderr by default), with the time left.

    Redraws at most ten times a second.  From the start it shows the time
    left predicted by the caller's cost model (``expected`` seconds, when
    given); once a tenth of the work is done (and at least a second has
    passed) it shows the estimate from the average rate so far instead.
    """

    def __init__(
        self,
        total: int,
        label: str = "",
        enabled: bool = True,
        stream: IO[str] | None = None,
        expected: float | None = None,
    ):
        self.total = max(int(total), 1)
        self.label = label
        self.enabled = bool(enabled)
        self.expected = expected
        self.stream = stream if stream is not None else sys.stderr
        self.done = 0
        self._start = time.perf_counter()
        self._last = self._start
        if self.enabled:
            self._draw(self._start)  # at once: the predicted time left shows from the start

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
            left = f", about {duration(elapsed * (1 - frac) / frac)} left"
        elif frac < 1.0 and self.expected is not None:
            left = f", about {duration(max(self.expected - elapsed, 0.0))} left (predicted)"
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
