"""A `tiling serve` server in this process, and a small HTTP client for its JSON interface.

The server is the real one (uvicorn, the Starlette app, the worker processes)
on a free port of 127.0.0.1, run in a thread; the tests talk to it over HTTP
with the standard library only.
"""

import contextlib
import json
import subprocess
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any


@dataclass
class Served:
    url: str  # "http://127.0.0.1:PORT/"
    app: Any  # the ASGI app; app.state.pool is the worker pool

    @property
    def pool(self):
        return self.app.state.pool


def slow_region(n=200, step=10):
    """A board with domino-shaped holes: no closed form, no DP; Kasteleyn takes seconds."""
    import numpy as np

    from tiling import Region

    mask = np.ones((n, n), bool)
    for r in range(5, n - 5, step):
        for c in range(5, n - 5, step):
            mask[r, c] = mask[r, c + 1] = False
    return Region.from_mask(mask)


def limit_below(work, *, share=4):
    """A time limit of about ``1/share`` of what ``work()`` takes here, now.

    A test that must see a question stopped by its time limit cannot name a
    fixed limit: a fast quiet machine may finish the question within it, a
    loaded one takes several times longer.  So it measures the worker's own
    work in this process first (best of two runs after a warm-up that pays
    for imports and compilation) and asks for a limit well below that; the
    worker does the same work and more (parsing, the reply), under the same
    load.  Two significant digits, so messages print it as given.
    """
    work()
    best = float("inf")
    for _ in range(2):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return float(f"{best / share:.2g}")


@contextlib.contextmanager
def running(settings):
    """Run the explorer with ``settings`` until the block ends; yields a :class:`Served`."""
    import uvicorn

    from tiling.serve.app import create_app
    from tiling.serve.server import bind, url_of

    sock = bind("127.0.0.1", 0)
    ready = threading.Event()
    app = create_app(settings, on_ready=ready.set)
    config = uvicorn.Config(app, log_level="warning", lifespan="on", access_log=False)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        if not ready.wait(120):
            raise RuntimeError("the explorer's workers did not start within 120 s")
        yield Served(url_of(sock), app)
    finally:
        server.should_exit = True
        thread.join(60)
        sock.close()


def request(url, path, *, data=None, headers=None, method=None, timeout=120):
    """``(status, decoded body)``: JSON decoded when the answer is JSON, else text."""
    req = urllib.request.Request(url.rstrip("/") + path, data=data, method=method)
    for key, value in (headers or {}).items():
        req.add_header(key, value)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as response:
            status, kind, body = (
                response.status,
                response.headers.get("content-type", ""),
                response.read(),
            )
    except urllib.error.HTTPError as err:
        status, kind, body = err.code, err.headers.get("content-type", ""), err.read()
    if kind.startswith("application/json"):
        return status, json.loads(body)
    return status, body.decode("utf-8", "replace")


def ask(url, question, body=None, *, timeout=120, **fields):
    """POST a question; ``fields`` are added to ``body``."""
    payload = dict(body or {}, **fields)
    data = json.dumps(payload).encode()
    return request(
        url,
        f"/api/{question}",
        data=data,
        headers={"Content-Type": "application/json"},
        timeout=timeout,
    )


def compile_tex(path):
    """Compile the LaTeX document at ``path`` with pdflatex (in its folder); the PDF's path."""
    done = subprocess.run(
        ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", path.name],
        cwd=path.parent,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout[-2000:]
    pdf = path.with_suffix(".pdf")
    assert pdf.read_bytes()[:5] == b"%PDF-"
    return pdf
