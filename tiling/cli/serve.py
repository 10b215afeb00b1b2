"""``tiling serve``: the explorer page on a local web server."""

from __future__ import annotations

import argparse
import ipaddress
import sys

from ._io import EXIT_OK, UserError, non_negative, positive

__all__ = ["serve", "add_arguments"]


def _positive_number(unit, below=float("inf")):
    """argparse type for a positive number of ``unit`` (below ``below``)."""

    def parse(text):
        try:
            value = float(text)
        except ValueError:
            value = 0.0
        if not 0 < value < below:
            raise argparse.ArgumentTypeError(f"expected a positive number of {unit}, got {text!r}")
        return value

    return parse


def add_arguments(parser):
    """The options of ``tiling serve``."""
    parser.add_argument(
        "--port",
        type=non_negative,
        default=8765,
        help="port to listen on (default: 8765; 0 picks a free one, printed at start)",
    )
    parser.add_argument(
        "--open", action="store_true", help="open the page in the default web browser"
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default: 127.0.0.1, this machine only)",
    )
    parser.add_argument(
        "--workers",
        type=positive,
        default=None,
        help="worker processes, so questions answered at once (default: 2, more on big machines)",
    )
    parser.add_argument(
        "--time-limit",
        type=_positive_number("seconds"),
        default=60.0,
        metavar="SECONDS",
        help="longest a question may take; the page can cancel sooner (default: 60)",
    )
    parser.add_argument(
        "--max-cells",
        type=positive,
        default=250_000,
        metavar="N",
        help="largest region, in cells of its bounding box (default: 250000, 500 x 500)",
    )
    parser.add_argument(
        "--memory-limit",
        type=_positive_number("GiB", below=2**20),
        default=None,
        metavar="GIB",
        help="memory each worker may use, in GiB (default: half the machine's, shared)",
    )


def _is_loopback(host):
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def serve(args):
    from ..serve.app import LOOPBACK_HOSTS, Settings, default_memory_limit
    from ..serve.server import MissingDependency
    from ..serve.server import serve as run
    from ..serve.workers import default_workers

    workers = args.workers or default_workers()
    memory = int(args.memory_limit * 2**30) if args.memory_limit else default_memory_limit(workers)
    loopback = _is_loopback(args.host)
    if not loopback:
        print(
            f"tiling: warning: listening on {args.host}: anyone who can reach this machine "
            "can use the page",
            file=sys.stderr,
        )
    settings = Settings(
        workers=workers,
        time_limit=args.time_limit,
        max_cells=args.max_cells,
        memory_limit=memory,
        allowed_hosts=LOOPBACK_HOSTS if loopback else None,
    )
    try:
        run(host=args.host, port=args.port, open_browser=args.open, settings=settings)
    except KeyboardInterrupt:  # Ctrl+C: uvicorn has shut down cleanly, then re-raised it
        pass
    except (MissingDependency, OSError) as exc:
        raise UserError(str(exc)) from None
    print("tiling explorer: stopped", file=sys.stderr)
    return EXIT_OK
