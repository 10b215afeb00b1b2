"""The sub-commands: count, solve, cover, prove, sample, trees (demo is in :mod:`.demo`).

Each takes the parsed arguments and returns the exit status.  The library is
imported inside each command, so ``tiling --help`` and ``tiling --version``
stay quick.
"""

from __future__ import annotations

import sys
import time

from .._format import decimal
from ..errors import NoTilingError
from ._io import (
    EXIT_IMPOSSIBLE,
    EXIT_OK,
    internal,
    print_tiling,
    region_from_args,
    show_progress,
    timed,
)
from ._pictures import check_output, draw_certificate, draw_cover, draw_tiling

__all__ = ["count", "solve", "cover", "prove", "sample", "trees", "demo", "checked_cover"]


#: Runs predicted to take longer than this (seconds) announce their prediction first.
ANNOUNCE_SECONDS = 10.0


def count(args):
    region, _ = region_from_args(args)
    import tiling

    if args.digits is None:
        _announce(_count_seconds(region, args.method), "counting")
    start = time.perf_counter()
    n = tiling.count(region, method=args.method, digits=args.digits, progress=show_progress())
    elapsed = time.perf_counter() - start
    print(str(n) if args.digits else decimal(n))
    if args.time:
        print(f"counted in {elapsed:.3f} s", file=sys.stderr)
    return EXIT_OK


def _count_seconds(region, method):
    """The registry's prediction for the count (the cheapest method for "auto")."""
    from .. import registry

    if region.trivially_untileable():
        return 0.0
    if method == "auto":
        return min(m.estimated_seconds(region) for m in registry.methods("count") if m.auto)
    return registry.get_method("count", method).estimated_seconds(region)


def _announce(seconds, what):
    """Print the predicted time on stderr before a long run (so nobody waits blind)."""
    from .._progress import duration

    if ANNOUNCE_SECONDS < seconds < float("inf"):  # inf: the method refuses, with its own message
        print(
            f"tiling: {what} will take about {duration(seconds)} (predicted); Ctrl-C stops it",
            file=sys.stderr,
        )


def _impossible(certificate, name, path):
    """Print why the region has no tiling (and draw it); the exit status 1.

    ``certificate`` has been checked by its own verify(): by the library for
    NoTilingError, by :func:`prove` otherwise.
    """
    print(f"impossible: {name} has no domino tiling ({certificate.kind} certificate, checked)")
    print(certificate.explain())
    if path:
        draw_certificate(certificate, path)
    return EXIT_IMPOSSIBLE


def solve(args):
    check_output(args.output)
    region, name = region_from_args(args)
    import tiling

    try:
        found = tiling.find(region, method=args.method)
    except NoTilingError as err:
        return _impossible(err.certificate, name, args.output)
    print_tiling(found, force=args.text)
    if args.output:
        draw_tiling(found, args.output)
    return EXIT_OK


def checked_cover(region, method="auto"):
    """A maximum cover, its optimality certificate (checked against each other) and the time."""
    import tiling

    cover, dt = timed(tiling.max_cover, region, method=method)
    bound = tiling.cover_bound(region)
    left = len(cover.uncovered())
    if bound.deficiency != left or not bound.verify(region):
        internal(f"cover leaves {left} cells, certificate proves {bound.deficiency}")
    return cover, bound, dt


def cover(args):
    check_output(args.output)
    region, _ = region_from_args(args)
    tiling, bound, _ = checked_cover(region, args.method)
    left = len(tiling.uncovered())
    print_tiling(tiling, force=args.text)
    print(
        f"{len(tiling)} dominoes cover {2 * len(tiling)} of {region.n_cells} cells; "
        f"{left} left uncovered"
    )
    if left == 0:
        print("optimal: every cell is covered (a perfect tiling)")
    else:
        print(f"optimal: no placement covers more ({bound.kind} certificate, checked)")
        print(bound.explain())
    if args.output and left == 0:
        draw_tiling(tiling, args.output)
    elif args.output:
        draw_cover(tiling, bound, args.output)
    return EXIT_OK


def prove(args):
    check_output(args.output)
    region, name = region_from_args(args)
    import tiling

    certificate = tiling.prove_impossible(region)
    if certificate is not None:
        if not certificate.verify():
            internal("the certificate failed its own independent check")
        return _impossible(certificate, name, args.output)
    print(f"tileable: {name} has a domino tiling, so there is no proof of impossibility")
    if args.output:
        try:
            draw_tiling(tiling.find(region), args.output)
        except NoTilingError:
            internal(f"no certificate for {name}, yet no tiling either")
    else:
        print("(run `tiling solve` on it to see one)")
    return EXIT_OK


def sample(args):
    check_output(args.output)
    region, name = region_from_args(args)
    import tiling

    try:
        drawn = tiling.sample(region, rng=args.seed, method=args.method)
    except NoTilingError as err:
        return _impossible(err.certificate, name, args.output)
    print_tiling(drawn, force=args.text)
    if args.output:
        aztec = args.aztec is not None
        draw_tiling(drawn, args.output, colors="orientation" if aztec else "auto", arctic=aztec)
    return EXIT_OK


def trees(args):
    region, _ = region_from_args(args)
    import tiling

    from ..graphs.kirchhoff import estimated_seconds

    if args.digits is None or not region.cropped().mask.all():
        _announce(estimated_seconds(region), "counting the spanning trees")
    n = tiling.spanning_trees(region, digits=args.digits, progress=show_progress())
    print(str(n) if args.digits else decimal(n))
    return EXIT_OK


def demo(args):
    from .demo import demo as run_demo

    return run_demo(args.output)
