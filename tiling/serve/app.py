"""The web application: the page, its static files and the JSON interface (Starlette).

The application does no mathematics itself: each question goes, as the
decoded JSON body, to a worker process (:mod:`.workers`) that asks the
library (:mod:`.questions`) and sends back the answer already encoded.  What
happens here is checking requests (size, JSON, content type, host), the
time limit, cancellation, and turning every failure into a JSON error.
"""

from __future__ import annotations

import contextlib
import functools
import json
import math
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from .questions import MAX_FLIPS, MAX_KUHN_CELLS, MAX_SHUFFLE_ORDER, QUESTIONS, RequestError

__all__ = [
    "Settings",
    "create_app",
    "STATIC",
    "region_box",
    "height_colors",
    "probability_colors",
]

#: The page's files, shipped as package data.
STATIC = Path(__file__).with_name("static")

#: Host names the server answers to when it listens on a loopback address (a
#: page on another site that resolves its own name to 127.0.0.1 gets a 400).
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]")


@dataclass(frozen=True)
class Settings:
    """What a server allows; every limit is reported by ``GET /api``.

    Attributes
    ----------
    workers : int
        Worker processes, so questions answered at once.
    time_limit : float
        Longest a question may take, in seconds, waiting included; a request
        may ask for less with its ``time_limit`` field.
    max_cells : int
        Largest region, counted as the cells of its bounding box from row 0
        and column 0 (what the region's mask holds).
    max_body : int
        Largest request body, in bytes.
    max_waiting : int
        Questions that may wait for a free worker; more get a 503 at once.
    memory_limit : int or None
        Address-space limit of each worker, in bytes.
    allowed_hosts : tuple of str or None
        Host names accepted in the ``Host`` header; None accepts any.
    """

    workers: int = 2
    time_limit: float = 60.0
    max_cells: int = 250_000
    max_body: int = 8 * 2**20
    max_waiting: int = 16
    memory_limit: int | None = None
    allowed_hosts: tuple[str, ...] | None = LOOPBACK_HOSTS


def region_box(text: str) -> tuple[int, int]:
    """Rows and columns of the mask ``Region.from_ascii(text)`` would build, read without numpy.

    Only lines holding a cell count; used to refuse huge regions before any
    work is done.

    Examples
    --------
    >>> region_box("#..\\n...\\n\\n")
    (2, 3)
    """
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    with_cells = [i for i, line in enumerate(lines) if "." in line]
    if not with_cells:
        return 0, 0
    first = next(i for i, line in enumerate(lines) if line.strip())
    cols = max(line.rfind(".") + 1 for line in lines)
    return with_cells[-1] - first + 1, cols


@functools.cache
def height_colors(n: int = 256) -> list[str]:
    """The colour map of heights (:data:`tiling.serve.tikz.COLORMAP`) as ``n`` hex colours."""
    from matplotlib import colormaps
    from matplotlib.colors import to_hex

    from .tikz import COLORMAP

    cmap = colormaps[COLORMAP]
    return [to_hex(cmap(i / (n - 1))) for i in range(n)]


@functools.cache
def probability_colors(n: int = 256) -> list[str]:
    """The colour scale of placement probabilities as ``n`` hex colours, from 0 to 1.

    The page colours each cell by the probability that a vertical domino
    covers it: 0 (always horizontal) at the first colour, 1 (always
    vertical) at the last, a pale neutral half way
    (:data:`tiling.serve.probability_map.COLORMAP`, without its darkest ends).
    """
    from matplotlib import colormaps
    from matplotlib.colors import to_hex

    from .probability_map import COLORMAP, COLORMAP_RANGE

    cmap = colormaps[COLORMAP]
    low, high = COLORMAP_RANGE
    return [to_hex(cmap(low + (high - low) * i / (n - 1))) for i in range(n)]


# ---------------------------------------------------------------------- responses
def _error(kind: str, message: str, status: int) -> Any:
    from starlette.responses import JSONResponse

    return JSONResponse({"error": {"kind": kind, "message": message}}, status_code=status)


async def _read_json(request: Any, max_body: int) -> dict:
    """The request's JSON object, or a RequestError saying what is wrong with it."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise RequestError(
            "send the question as JSON with the header Content-Type: application/json",
            kind="bad-content-type",
            status=415,
        )
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > max_body:
        raise _body_too_large(int(declared), max_body)
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > max_body:
            raise _body_too_large(size, max_body)
        chunks.append(chunk)
    try:
        # JSON is UTF-8 (RFC 8259); json.loads would guess UTF-16 from some bytes
        body = json.loads(b"".join(chunks).decode("utf-8"))
    except UnicodeDecodeError:
        raise RequestError("the request body is not UTF-8 text", kind="bad-json") from None
    except json.JSONDecodeError as exc:
        raise RequestError(
            f"the request body is not valid JSON: {exc.msg[0].lower()}{exc.msg[1:]} "
            f"(line {exc.lineno}, column {exc.colno})",
            kind="bad-json",
        ) from None
    except RecursionError:
        raise RequestError("the request body nests too deeply", kind="bad-json") from None
    if not isinstance(body, dict):
        raise RequestError(
            'the request body must be a JSON object, such as {"region": "..\\n.."}',
            kind="bad-json",
        )
    return body


def _body_too_large(size: int, max_body: int) -> RequestError:
    return RequestError(
        f"the request is {size:,} bytes, over this server's limit of {max_body:,}",
        kind="too-large",
        status=413,
    )


def _check_region(body: dict, settings: Settings) -> None:
    text = body.get("region")
    if isinstance(text, str):
        rows, cols = region_box(text)
        if rows * cols > settings.max_cells:
            raise RequestError(
                f"the region spans {rows:,} x {cols:,} = {rows * cols:,} cells, over this "
                f"server's limit of {settings.max_cells:,} (tiling serve --max-cells N "
                "raises it)",
                kind="too-large",
                status=413,
            )


def _ticket(body: dict) -> str:
    ticket = body.pop("ticket", None)
    if ticket is None:
        return uuid.uuid4().hex
    if not isinstance(ticket, str) or not 0 < len(ticket) <= 100:
        raise RequestError("'ticket' must be a string of 1 to 100 characters")
    return ticket


def _time_limit(body: dict, settings: Settings) -> float:
    limit = body.pop("time_limit", None)
    if limit is None:
        return settings.time_limit
    if isinstance(limit, bool) or not isinstance(limit, (int, float)) or not limit > 0:
        raise RequestError(f"'time_limit' must be a positive number of seconds, not {limit!r}")
    return min(float(limit), settings.time_limit)


# ---------------------------------------------------------------------- the app
def create_app(
    settings: Settings | None = None, *, on_ready: Callable[[], None] | None = None
) -> Any:
    """The Starlette application serving the page and the JSON interface.

    Parameters
    ----------
    settings : Settings, optional
    on_ready : callable, optional
        Called once the worker processes are running (the command line
        prints the address then, and opens the browser).

    Returns
    -------
    starlette.applications.Starlette
        ``app.state.pool`` is the :class:`~.workers.WorkerPool` while it runs.
    """
    import anyio
    from starlette.applications import Starlette
    from starlette.exceptions import HTTPException
    from starlette.responses import FileResponse, JSONResponse, Response
    from starlette.routing import Mount, Route
    from starlette.staticfiles import StaticFiles

    from .presets import PRESETS, describe_presets, preset
    from .workers import Busy, Cancelled, TicketInUse, TimeLimit, WorkerDied, WorkerPool

    if settings is not None and not isinstance(settings, Settings):
        raise TypeError(f"create_app(): settings must be a Settings, not {type(settings).__name__}")
    if on_ready is not None and not callable(on_ready):
        raise TypeError(f"create_app(): on_ready must be callable, not {type(on_ready).__name__}")
    settings = settings or Settings()
    limiter = anyio.CapacityLimiter(settings.workers + settings.max_waiting + 4)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        pool = await anyio.to_thread.run_sync(
            partial(
                WorkerPool,
                settings.workers,
                max_waiting=settings.max_waiting,
                memory_limit=settings.memory_limit,
            )
        )
        app.state.pool = pool
        if on_ready is not None:
            on_ready()
        try:
            yield
        finally:
            await anyio.to_thread.run_sync(pool.close)

    async def page(request):
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def info(request):
        from .. import __version__
        from ..plot import ORIENTATION_COLORS, PALETTE

        return JSONResponse(
            {
                "name": "tiling explorer",
                "version": __version__,
                "questions": [
                    {"name": q.name, "summary": q.summary, "fields": ["region", *q.fields]}
                    for q in QUESTIONS.values()
                ],
                "presets": describe_presets(),
                "limits": {
                    "max_cells": settings.max_cells,
                    "time_limit": settings.time_limit,
                    "max_body": settings.max_body,
                    "kuhn_cells": MAX_KUHN_CELLS,
                    "shuffle_order": MAX_SHUFFLE_ORDER,
                    "flips": MAX_FLIPS,
                },
                "workers": request.app.state.pool.status(),
                "palette": list(PALETTE),
                "orientation_colors": dict(ORIENTATION_COLORS),
                "height_colors": await anyio.to_thread.run_sync(height_colors),
                "probability_colors": await anyio.to_thread.run_sync(probability_colors),
            }
        )

    async def get_preset(request):
        from ..errors import TilingError

        name = request.path_params["name"]
        n = request.query_params.get("n")
        try:
            if n is not None:
                if not n.strip().lstrip("-").isdigit():
                    raise TilingError(f"the order n must be an integer, got {n!r}")
                n = int(n)
            region = preset(name, n, max_cells=settings.max_cells)
        except TilingError as err:
            if name not in PRESETS:
                return _error("unknown-preset", str(err), 404)
            return _error("bad-request", str(err), 400)
        return JSONResponse({"name": name, "region": region.to_ascii()})

    async def cancel(request):
        try:
            body = await _read_json(request, settings.max_body)
        except RequestError as err:
            return JSONResponse(err.to_json(), status_code=err.status)
        ticket = body.get("ticket")
        if not isinstance(ticket, str):
            return _error("bad-request", "cancel needs the question's 'ticket' (a string)", 400)
        return JSONResponse({"ticket": ticket, "cancelled": request.app.state.pool.cancel(ticket)})

    async def ask(request):
        question = request.path_params["question"]
        if question not in QUESTIONS:
            return _error(
                "unknown-question",
                f"unknown question {question!r}; ask one of {', '.join(QUESTIONS)}",
                404,
            )
        try:
            body = await _read_json(request, settings.max_body)
            ticket = _ticket(body)
            limit = _time_limit(body, settings)
            _check_region(body, settings)
        except RequestError as err:
            return JSONResponse(err.to_json(), status_code=err.status)
        pool = request.app.state.pool
        call = partial(pool.ask, question, body, ticket=ticket, time_limit=limit)
        try:
            status, data = await anyio.to_thread.run_sync(call, limiter=limiter)
        except Busy as err:
            return _error("busy", str(err), 503)
        except TimeLimit as err:
            return _error("time-limit", str(err), 504)
        except Cancelled:
            return _error("cancelled", "cancelled", 409)
        except WorkerDied as err:
            return _error("worker-died", str(err), 500)
        except TicketInUse as err:
            return _error("ticket-in-use", str(err), 409)
        return Response(data, status_code=status, media_type="application/json")

    async def http_error(request, exc):
        if request.url.path.startswith("/api"):
            words = {404: "no such address", 405: "ask questions with POST and a JSON body"}
            message = words.get(exc.status_code, exc.detail)
            return _error("http", f"{message}: {request.url.path}", exc.status_code)
        return Response(exc.detail, status_code=exc.status_code, media_type="text/plain")

    async def bug(request, exc):
        # A bug of ours (the library's errors are answered by the workers): say
        # so in JSON; uvicorn logs the traceback for whoever runs the server.
        return _error(
            "internal",
            f"internal error ({type(exc).__name__}: {exc}); please report it",
            500,
        )

    app = Starlette(
        routes=[
            Route("/", page),
            Route("/api", info),
            Route("/api/preset/{name}", get_preset),
            Route("/api/cancel", cancel, methods=["POST"]),
            Route("/api/{question}", ask, methods=["POST"]),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        exception_handlers={HTTPException: http_error, Exception: bug},
        lifespan=lifespan,
    )
    return _Guard(app, settings)


class _Guard:
    """ASGI middleware: the Host check, and no stale cached copies of the page's files.

    A page on another site could make the browser send requests here under
    its own name (DNS rebinding); answering only to loopback names stops it.
    Questions must be JSON (checked in the handlers), which a cross-site form
    cannot send without the browser asking first (and we never say yes).
    """

    def __init__(self, app: Any, settings: Settings):
        self.app = app
        self.settings = settings
        self.state = app.state

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        allowed = self.settings.allowed_hosts
        if allowed is not None:
            host = _host_name(dict(scope["headers"]).get(b"host", b"").decode("latin-1"))
            if host not in allowed:
                response = _error(
                    "bad-host",
                    f"this server answers to {', '.join(allowed[:2])} only, not {host!r}",
                    400,
                )
                return await response(scope, receive, send)

        async def send_no_cache(message):
            if message["type"] == "http.response.start" and scope["path"].startswith("/static"):
                message["headers"] = [*message.get("headers", []), (b"cache-control", b"no-cache")]
            await send(message)

        await self.app(scope, receive, send_no_cache)


def _host_name(header: str) -> str:
    """The host of a Host header, without its port: ``[::1]:8765`` -> ``[::1]``."""
    if header.startswith("["):
        return header[: header.find("]") + 1]
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


def default_memory_limit(workers: int) -> int | None:
    """Half the machine's memory, shared among the workers (None where it cannot be read)."""
    import os

    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return None
    return int(max(2**30, math.floor(total / 2 / workers)))
