"""The sub-commands: count, solve, cover, prove, sample, trees (demo is in :mod:`.demo`,
heights and flips in :mod:`.heights`, probabilities in :mod:`.probabilities`).

Each takes the parsed arguments and returns the exit status.  The library is
imported inside each command, so ``tiling --help`` and ``tiling --version``
stay quick.
"""

from __future__ import annotations

import sys
import time

from .._format import decimal, quantity
from ..errors import NoTilingError
from ._io import (
    EXIT_IMPOSSIBLE,
    EXIT_OK,
    PROOF_WORDS,
    UserError,
    internal,
    print_proof,
    print_tiling,
    region_from_args,
    show_progress,
    timed,
)
from ._pictures import (
    MIN_ARCTIC_ORDER,
    PictureOptions,
    animate_matching,
    animate_shuffling,
    check_output,
    draw_certificate,
    draw_cover,
    draw_tiling,
)
from .heights import flips, heights  # noqa: F401  (the parser finds every command here)
from .probabilities import probabilities  # noqa: F401

__all__ = [
    "count",
    "solve",
    "cover",
    "prove",
    "sample",
    "trees",
    "serve",
    "demo",
    "checked_cover",
]


#: Runs predicted to take longer than this (seconds) announce their prediction first.
ANNOUNCE_SECONDS = 10.0


def count(args):
    region, _ = region_from_args(args)
    import tiling

    extra = {}
    if args.weights is not None:
        extra["weights"] = parse_weights(args.weights)
    if args.boundary != "plane":
        extra["boundary"] = args.boundary
    if args.log:
        extra["log"] = True
    if args.digits is None and not extra:
        _announce(_count_seconds(region, args.method), "counting")
    start = time.perf_counter()
    n = tiling.count(
        region, method=args.method, digits=args.digits, progress=show_progress(), **extra
    )
    elapsed = time.perf_counter() - start
    if isinstance(n, int) and not args.digits:
        print(decimal(n))
    else:
        print(repr(n) if isinstance(n, float) else str(n))
    if args.time:
        print(f"counted in {elapsed:.3f} s", file=sys.stderr)
    return EXIT_OK


def parse_weights(text):
    """``"H,V"`` from the command line: ints, fractions ``a/b``, decimals or sympy expressions."""
    from fractions import Fraction

    from ..errors import TilingError

    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2 or not all(parts):
        raise TilingError(f"--weights: give two weights H,V (such as 2,1 or 1,q), not {text!r}")
    out = []
    for part in parts:
        try:
            out.append(int(part))
            continue
        except ValueError:
            pass
        try:
            out.append(Fraction(part) if "/" in part else float(part))
            continue
        except (ValueError, ZeroDivisionError):
            pass
        import sympy

        try:
            out.append(sympy.sympify(part, rational=True))
        except (sympy.SympifyError, SyntaxError, TypeError):
            raise TilingError(
                f"--weights: cannot read the weight {part!r} (use an int, a fraction a/b, a "
                "decimal or an expression such as q or 2*q)"
            ) from None
    return tuple(out)


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


def _impossible(certificate, name, options):
    """Print why the region has no tiling (and draw it); the exit status 1.

    ``certificate`` has been checked by its own verify(): by the library for
    NoTilingError, by :func:`prove` otherwise.
    """
    print(
        f"impossible: {name} has no domino tiling "
        f"(proof by {PROOF_WORDS[certificate.kind]}, checked)"
    )
    print_proof(certificate)
    if options.path:
        if options.animated:  # the answer stands; only the animation has nothing to show
            print(
                f"tiling: note: nothing written to {options.path}: there is no tiling to "
                "animate (draw the proof with .png, .svg, .pdf or .tex)",
                file=sys.stderr,
            )
        else:
            draw_certificate(certificate, options)
    return EXIT_IMPOSSIBLE


def _kuhn_only(args, options):
    """A .gif animates Kuhn's algorithm, so the tiling printed must be Kuhn's."""
    if options.animated and args.method not in ("auto", "kuhn"):
        raise UserError(
            f"cannot write {options.path} with --method {args.method!r}: the animation shows "
            "Kuhn's algorithm; use --method kuhn (or auto), or a still picture"
        )
    return "kuhn" if options.animated else args.method


def solve(args):
    options = PictureOptions(args)
    check_output(options.path, animation="Kuhn's algorithm")
    method = _kuhn_only(args, options)
    region, name = region_from_args(args)
    import tiling

    try:
        found = tiling.find(region, method=method)
    except NoTilingError as err:
        return _impossible(err.certificate, name, options)
    print_tiling(found, force=args.text)
    if options.animated:
        animate_matching(region, tiling.matching.kuhn_steps(region), options)
    elif options.path:
        draw_tiling(found, options)
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
    options = PictureOptions(args)
    check_output(options.path, animation="Kuhn's algorithm")
    method = _kuhn_only(args, options)
    region, _ = region_from_args(args)
    tiling, bound, _ = checked_cover(region, method)
    left = len(tiling.uncovered())
    print_tiling(tiling, force=args.text)
    print(
        f"{quantity(len(tiling), 'domino', 'dominoes')} cover {2 * len(tiling):,} of "
        f"{quantity(region.n_cells, 'cell')}; {quantity(left, 'cell')} left uncovered"
    )
    if left == 0:
        print("optimal: every cell is covered (a perfect tiling)")
    else:
        print(f"optimal: no placement covers more (proof by {PROOF_WORDS[bound.kind]}, checked)")
        print_proof(bound)
    if options.animated:
        import tiling as public

        animate_matching(region, public.matching.kuhn_steps(region), options)
    elif options.path and left == 0:
        draw_tiling(tiling, options)
    elif options.path:
        draw_cover(tiling, bound, options)
    return EXIT_OK


def prove(args):
    options = PictureOptions(args)
    check_output(options.path)
    region, name = region_from_args(args)
    import tiling

    certificate = tiling.prove_impossible(region)
    if certificate is not None:
        if not certificate.verify():
            internal("the certificate failed its own independent check")
        return _impossible(certificate, name, options)
    print(f"tileable: {name} has a domino tiling, so there is no proof of impossibility")
    if options.path:
        try:
            draw_tiling(tiling.find(region), options)
        except NoTilingError:
            internal(f"no certificate for {name}, yet no tiling either")
    else:
        print("(run `tiling solve` on it to see one)")
    return EXIT_OK


#: Largest Aztec diamond that -o FILE.gif animates (three frames an order).
MAX_ANIMATED_ORDER = 60


def sample(args):
    options = PictureOptions(args)
    aztec = args.aztec is not None
    check_output(options.path, animation="domino shuffling" if aztec else None)
    if options.animated and aztec and args.aztec > MAX_ANIMATED_ORDER:
        raise UserError(
            f"cannot write {options.path}: an animation of shuffling up to order {args.aztec:,} "
            f"would have {3 * args.aztec - 2:,} frames; animate an order of at most "
            f"{MAX_ANIMATED_ORDER}, or draw a picture (.png, .svg, .pdf, .tex)"
        )
    region, name = region_from_args(args)
    import tiling

    seed = args.seed if args.seed is not None else _fresh_seed()
    if options.animated:
        steps = tiling.random.shuffle_steps(args.aztec, rng=seed)
        print_tiling(steps[-1], force=args.text)
        _say_seed(args, seed)
        animate_shuffling(steps, options)
        return EXIT_OK
    try:
        drawn = tiling.sample(region, rng=seed, method=args.method, progress=show_progress())
    except NoTilingError as err:
        return _impossible(err.certificate, name, options)
    print_tiling(drawn, force=args.text)
    _say_seed(args, seed)
    if options.path:
        arctic = aztec and options.arctic and args.aztec >= MIN_ARCTIC_ORDER
        draw_tiling(drawn, options, colors="orientation" if aztec else "auto", arctic=arctic)
    return EXIT_OK


def _say_seed(args, seed):
    """Name the seed a run without --seed drew, so a sample one likes can be drawn again."""
    if args.seed is None:
        print(f"seed {seed} (--seed {seed} draws this tiling again)", file=sys.stderr)


def _fresh_seed():
    import secrets

    return secrets.randbits(63)


def trees(args):
    region, _ = region_from_args(args)
    import tiling

    from ..graphs.kirchhoff import estimated_seconds

    if args.digits is None or not region.cropped().mask.all():
        _announce(estimated_seconds(region), "counting the spanning trees")
    n = tiling.spanning_trees(region, digits=args.digits, progress=show_progress())
    print(str(n) if args.digits else decimal(n))
    return EXIT_OK


def serve(args):
    from .serve import serve as run_serve

    return run_serve(args)


def demo(args):
    from .demo import demo as run_demo

    return run_demo(args.output)
