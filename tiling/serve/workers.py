"""Worker processes that answer questions, each one killable.

A question can take a second or an hour, and Python cannot interrupt a
thread inside numpy or GMP; a process can always be killed.  So every
question runs in one of a few long-lived worker processes, and the server's
request threads only wait on a pipe.  A question that outlives its time
limit, or whose ticket is cancelled, gets its worker killed (SIGKILL) and a
fresh one started in its place; the other workers and the server carry on.

Workers are forked from a fork server that has imported the library once
(``multiprocessing``'s "forkserver" start method, with the solver modules
preloaded), so a replacement is ready in milliseconds and the server process
never forks itself (it has threads).  Each worker may cap its address space
(``RLIMIT_AS``) so that no question can take the machine's memory; numpy
then raises MemoryError and the worker answers with an error.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
import traceback
from typing import Any

__all__ = [
    "WorkerPool",
    "Cancelled",
    "TimeLimit",
    "Busy",
    "WorkerDied",
    "TicketInUse",
    "PRELOAD",
]

#: Modules the fork server imports once, so that a fresh worker answers its
#: first question at once (the library imports its solvers lazily; these are
#: what the questions load).  A name that no longer imports is skipped.
PRELOAD = [
    "tiling",
    "tiling._api",
    "tiling._format",
    "tiling.serve.questions",
    "tiling.counting.transfer",
    "tiling.counting.kasteleyn",
    "tiling.linalg.determinant",
    "tiling.matching._hopcroft_karp",
    "tiling.matching._kuhn",
    "tiling.proofs.certificates",
    "tiling.coloring",
    "tiling.random.shuffling",
    "tiling.random.cftp",
    "tiling.heights",
    "tiling.heights._height",
    "tiling.heights._flips",
    "tiling.heights._thurston",
    "tiling.serve.height_map",
    "tiling.stats.placement",
    "tiling.serve.probability_map",
    "flint",
    "scipy.linalg",
    "scipy.ndimage",
    "scipy.sparse",
]


class Cancelled(Exception):
    """The question's ticket was cancelled; its worker was killed."""


class TimeLimit(Exception):
    """The question ran past its time limit; its worker was killed."""


class Busy(Exception):
    """Too many questions are already waiting for a worker."""


class WorkerDied(Exception):
    """The worker stopped while answering (killed from outside, or crashed)."""


class TicketInUse(ValueError):
    """Another question in progress has the same ticket."""


def _serve(conn: Any, memory_limit: int | None) -> None:
    """A worker's loop: read ``(question, request)``, write None, then ``(status, json bytes)``."""
    import json

    from .questions import answer

    # Ctrl-C in the terminal reaches the whole process group: the server, not
    # each worker, decides when workers stop (it kills them on shutdown).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if memory_limit:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))
    while True:
        try:
            question, request = conn.recv()
            conn.send(None)  # started: the server knows the question was not lost
        except (EOFError, OSError):  # the server went away
            return
        try:
            status, body = answer(question, request)
        except Exception as exc:  # a bug: report it, keep the worker
            traceback.print_exc(file=sys.stderr)
            status, body = (
                500,
                {
                    "error": {
                        "kind": "internal",
                        "message": f"internal error ({type(exc).__name__}: {exc}); "
                        "please report it with the region",
                    }
                },
            )
        try:
            data = json.dumps(body, separators=(",", ":")).encode()
        except MemoryError:
            status, data = 507, b'{"error":{"kind":"out-of-memory","message":"out of memory"}}'
        conn.send((status, data))


class _Worker:
    def __init__(self, ctx: Any, memory_limit: int | None):
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(
            target=_serve, args=(child, memory_limit), daemon=True, name="tiling-worker"
        )
        self.process.start()
        child.close()
        self.killed = False

    def kill(self) -> None:
        self.killed = True
        if self.process.is_alive():
            self.process.kill()

    def close(self) -> None:
        self.kill()
        self.process.join(timeout=5)
        self.conn.close()


class _Ticket:
    __slots__ = ("worker", "cancelled", "started")

    def __init__(self):
        self.worker: _Worker | None = None
        self.cancelled = False
        self.started: float | None = None


class WorkerPool:
    """A fixed number of worker processes answering questions one at a time each.

    Parameters
    ----------
    size : int
        Number of worker processes (questions answered at once).
    max_waiting : int
        Questions allowed to wait for a free worker; past that :meth:`ask`
        raises :class:`Busy` at once.
    memory_limit : int, optional
        Address-space limit of each worker, in bytes.

    Notes
    -----
    Thread-safe: :meth:`ask` blocks its calling thread (the server runs it
    off the event loop) and :meth:`cancel` may be called from any thread.
    """

    def __init__(self, size: int = 2, *, max_waiting: int = 16, memory_limit: int | None = None):
        if size < 1:
            raise ValueError(f"a worker pool needs at least one worker, got {size}")
        method = (
            "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
        )
        self._ctx = multiprocessing.get_context(method)
        if method == "forkserver":
            self._ctx.set_forkserver_preload(PRELOAD)
        self._memory_limit = memory_limit
        self._max_waiting = max_waiting
        self._lock = threading.Condition()
        self._tickets: dict[str, _Ticket] = {}
        self._waiting = 0
        self._closed = False
        self.size = size
        self._idle = [self._start() for _ in range(size)]

    def _start(self) -> _Worker:
        return _Worker(self._ctx, self._memory_limit)

    # ------------------------------------------------------------------ state
    def status(self) -> dict:
        """How many workers are busy and how many questions wait (for ``GET /api``)."""
        with self._lock:
            return {
                "workers": self.size,
                "busy": self.size - len(self._idle),
                "waiting": self._waiting,
            }

    def is_running(self, ticket: str) -> bool:
        """True while the question with this ticket is being answered by a worker."""
        with self._lock:
            t = self._tickets.get(ticket)
            return t is not None and t.worker is not None

    # ------------------------------------------------------------------ asking
    def ask(self, question: str, request: dict, *, ticket: str, time_limit: float) -> tuple:
        """Answer ``request`` in a worker: ``(status, JSON bytes)``.

        Waits for a free worker, then for the answer, ``time_limit`` seconds
        in all.  Raises :class:`Busy`, :class:`TimeLimit`, :class:`Cancelled`
        (after :meth:`cancel` of ``ticket``), :class:`WorkerDied` or
        :class:`TicketInUse`.
        """
        deadline = time.monotonic() + time_limit
        state = _Ticket()
        with self._lock:
            if self._closed:
                raise WorkerDied("the server is shutting down")
            if ticket in self._tickets:
                raise TicketInUse(f"ticket {ticket!r} is already in use by another question")
            if not self._idle and self._waiting >= self._max_waiting:
                raise Busy(
                    f"{self._waiting} questions are already waiting for a worker; "
                    "cancel some or try again in a moment"
                )
            self._tickets[ticket] = state
            self._waiting += 1
            try:
                while not self._idle and not state.cancelled and not self._closed:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        raise TimeLimit(
                            f"no worker became free within the time limit of {time_limit:g} s "
                            f"({self.size} busy with other questions)"
                        )
                    self._lock.wait(left)
                if state.cancelled:
                    raise Cancelled("cancelled before it started")
                if self._closed:
                    raise WorkerDied("the server is shutting down")
            except BaseException:
                del self._tickets[ticket]
                raise
            finally:
                self._waiting -= 1
            worker = self._idle.pop()
            if not worker.process.is_alive():  # died while idle (killed from outside)
                worker.close()
                worker = self._start()
            state.worker = worker
            state.started = time.monotonic()
        try:
            return self._exchange(state, question, request, deadline, time_limit)
        finally:
            with self._lock:
                del self._tickets[ticket]
                worker = state.worker
                if worker.killed or state.cancelled or not worker.process.is_alive():
                    worker.close()
                    worker = None if self._closed else self._start()
                if worker is not None:
                    if self._closed:
                        worker.close()
                    else:
                        self._idle.append(worker)
                self._lock.notify()

    def _exchange(self, state, question, request, deadline, time_limit):
        for attempt in range(2):
            worker = state.worker
            try:
                worker.conn.send((question, request))
                self._receive(worker, deadline, time_limit)  # "started"
            except (EOFError, OSError):
                # Dead before it read the question (killed while idle): nothing
                # was started, so a fresh worker may answer it instead.
                if state.cancelled:
                    raise Cancelled("cancelled") from None
                if attempt:
                    raise self._died(worker) from None
                with self._lock:
                    worker.close()
                    state.worker = self._start()
                continue
            try:
                result = self._receive(worker, deadline, time_limit)
            except (EOFError, OSError):
                if state.cancelled:
                    raise Cancelled("cancelled") from None
                raise self._died(worker) from None
            if state.cancelled:
                raise Cancelled("cancelled")
            return result

    @staticmethod
    def _receive(worker, deadline, time_limit):
        if not worker.conn.poll(max(0.0, deadline - time.monotonic())):
            worker.kill()
            raise TimeLimit(
                f"stopped after the time limit of {time_limit:g} s; a smaller region, "
                "another method or a longer limit (tiling serve --time-limit) may do"
            )
        return worker.conn.recv()

    @staticmethod
    def _died(worker):
        worker.process.join(timeout=5)
        code = worker.process.exitcode
        how = f"signal {-code}" if code is not None and code < 0 else f"exit status {code}"
        return WorkerDied(
            f"the worker answering this question stopped unexpectedly ({how}); "
            "a fresh one has taken its place"
        )

    def cancel(self, ticket: str) -> bool:
        """Stop the question with this ticket (kill its worker); False if no such question."""
        with self._lock:
            state = self._tickets.get(ticket)
            if state is None:
                return False
            state.cancelled = True
            if state.worker is not None:
                state.worker.kill()
            self._lock.notify_all()
            return True

    def close(self) -> None:
        """Kill every worker; questions in progress end with :class:`WorkerDied`."""
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
            for state in self._tickets.values():
                if state.worker is not None:
                    state.worker.kill()
            self._lock.notify_all()
        for worker in idle:
            worker.close()

    def pids(self) -> list[int]:
        """Process ids of the idle workers (for tests and diagnostics)."""
        with self._lock:
            return [w.process.pid for w in self._idle]

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def default_workers() -> int:
    """Two workers (one for the live count, one for a button), more on bigger machines."""
    return max(2, min(4, (os.cpu_count() or 2) // 2))
