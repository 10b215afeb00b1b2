"""Running the explorer: bind a socket, start uvicorn, say where, open the browser."""

from __future__ import annotations

import socket
import sys
from typing import Any

from .app import Settings, create_app

__all__ = ["serve", "bind", "MissingDependency"]

#: What ``tiling serve`` needs beyond the library, and how to get it.
INSTALL_HINT = "the explorer needs Starlette and uvicorn: pip install 'tiling[serve]'"


class MissingDependency(ImportError):
    """Starlette or uvicorn is not installed (the ``serve`` extra)."""


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host:port`` (port 0: a free one), or OSError saying why not."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise OSError(f"cannot listen on {host!r}: {exc.strerror}") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        if exc.errno in (98, 48, 10048):  # EADDRINUSE on Linux, macOS, Windows
            raise OSError(
                f"port {port} on {host} is already in use; choose another with --port N "
                "(--port 0 picks a free one)"
            ) from None
        raise OSError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.set_inheritable(True)
    return sock


def url_of(sock: socket.socket) -> str:
    """The page's address for a bound socket (IPv6 hosts in brackets)."""
    host, port = sock.getsockname()[:2]
    if sock.family == socket.AF_INET6:
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def serve(
    *,
    host: str = "127.0.0.1",
    port: int = 8765,
    open_browser: bool = False,
    settings: Settings | None = None,
    out: Any = None,
) -> None:
    """Serve the explorer page until interrupted (Ctrl+C).

    Parameters
    ----------
    host, port : str, int
        Where to listen; the default answers this machine only.  Port 0
        picks a free port (the address is printed).
    open_browser : bool
        Open the page in the default browser once the server is ready.
    settings : Settings, optional
        Limits (workers, time limit, region size, ...).
    out : file, optional
        Where the address is printed (default: standard output).

    Notes
    -----
    The workers are processes started by ``multiprocessing`` ("forkserver"
    where available, else "spawn"), which import the main module: a script
    that calls :func:`serve` must do so under ``if __name__ == "__main__":``.

    Raises
    ------
    MissingDependency
        when Starlette or uvicorn is missing.
    OSError
        when the address cannot be bound (the message says why).
    """
    try:
        import starlette  # noqa: F401
        import uvicorn
    except ImportError:
        raise MissingDependency(INSTALL_HINT) from None
    out = sys.stdout if out is None else out
    sock = bind(host, port)
    url = url_of(sock)

    def ready():
        print(f"tiling explorer: {url}  (Ctrl+C to stop)", file=out, flush=True)
        if open_browser:
            import webbrowser

            webbrowser.open(url)

    app = create_app(settings, on_ready=ready)
    config = uvicorn.Config(
        app,
        log_level="warning",
        access_log=False,
        lifespan="on",
        timeout_graceful_shutdown=2,
    )
    try:
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        sock.close()
