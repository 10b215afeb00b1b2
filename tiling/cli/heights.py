"""The ``heights`` and ``flips`` commands: height functions and flip distances."""

from __future__ import annotations

import shutil
import sys

from ._io import EXIT_IMPOSSIBLE, EXIT_OK, UserError, read_text, region_from_args

__all__ = ["heights", "flips", "tiling_or_region"]

#: Most frames in the animation of a flip path (longer paths flip several blocks a frame).
MAX_FRAMES = 200

# Characters that only a tiling's text picture has (box drawing or its plain stand-ins).
_TILING_MARKS = set("\u257a\u2501\u2578\u257b\u2579\u00b7[]=nu")


def _parse_tiling(name, text):
    from ..errors import ParseError
    from ..model.tiling import Tiling

    try:
        return Tiling.from_ascii(text)
    except ParseError as exc:
        raise UserError(f"{name}: {exc}") from None


def tiling_or_region(args):
    """``(tiling or None, region, name)``: a FILE holding a tiling's picture is read as that tiling."""
    from ..errors import ParseError
    from ..model.region import Region

    if args.file is None:
        region, name = region_from_args(args)
        return None, region, name
    name, text = read_text(args.file)  # read once: standard input cannot be read twice
    if _TILING_MARKS & set(text):
        tiling = _parse_tiling(name, text)
        return tiling, tiling.region, name
    try:
        return None, Region.from_ascii(text), name
    except ParseError as exc:
        raise UserError(f"{name}: {exc}") from None


def _impossible(err, name, args):
    from ._pictures import PictureOptions
    from .commands import _impossible as report

    return report(err.certificate, name, PictureOptions(args))


def _columns():
    return shutil.get_terminal_size((100, 24)).columns


def format_heights(heights):
    """The height function as aligned text, one row of corners per line ('.' off the lattice)."""
    import numpy as np

    mask = np.ma.getmaskarray(heights)
    values = heights.filled(0)
    width = max(len(str(int(v))) for v in values[~mask]) if (~mask).any() else 1
    lines = []
    for row_values, row_mask in zip(values.tolist(), mask.tolist()):
        cells = ["." if off else str(v) for v, off in zip(row_values, row_mask)]
        lines.append(" ".join(c.rjust(width) for c in cells).rstrip())
    return "\n".join(lines)


def heights(args):
    from ._pictures import check_output

    check_output(args.output)
    tiling, region, name = tiling_or_region(args)
    import tiling as lib
    from tiling import NoTilingError
    from tiling.heights import flux, height

    if tiling is None:
        try:
            if args.sample:
                tiling = lib.sample(region, rng=args.seed)
            else:
                tiling = lib.find(region)
        except NoTilingError as err:
            return _impossible(err, name, args)
    elif args.sample:
        raise UserError(f"{name} is a tiling already; --sample draws a tiling of a region file")
    h = height(tiling)
    text = format_heights(h)
    widest = max(len(line) for line in text.splitlines())
    if widest <= _columns() or args.text:
        print(text)
    else:
        print(
            f"(heights of {h.count()} corners, too wide to print at {widest} columns: "
            "use -o FILE.png for a picture, or --text)"
        )
    print(f"heights from {int(h.min())} to {int(h.max())} (0 at the first corner)")
    fluxes = flux(tiling)
    if len(fluxes):
        print(f"flux around the {len(fluxes)} hole(s): {' '.join(str(int(f)) for f in fluxes)}")
    if args.output:
        from tiling import plot

        ax = plot.draw_heights(tiling, style=args.style, labels=args.labels)
        plot.save(ax, args.output)
    return EXIT_OK


def flips(args):
    import numpy as np

    from tiling.heights import flip_distance, flip_path, flux

    first = _parse_tiling(*read_text(args.first))
    second = _parse_tiling(*read_text(args.second))
    if first.region != second.region:
        raise UserError(
            f"{args.first} and {args.second} tile different regions; the flip distance "
            "compares two tilings of one region"
        )
    fa, fb = flux(first), flux(second)
    if not np.array_equal(fa, fb):
        print(
            f"no sequence of flips joins them: their fluxes around the holes differ "
            f"({fa.tolist()} and {fb.tolist()}), and a flip never changes the flux"
        )
        return EXIT_IMPOSSIBLE
    distance = flip_distance(first, second)
    print(distance)
    if args.output:
        from tiling import plot
        from tiling.heights import replay_flips

        path = flip_path(first, second)
        every = max(1, -(-len(path) // MAX_FRAMES))  # at most MAX_FRAMES frames
        states = replay_flips(first, path, every=every)
        plot.save(plot.animate_tilings(states), args.output)
        per = f", {every} flips a frame" if every > 1 else ""
        print(
            f"wrote {len(path)} flips in {len(states)} frames{per} to {args.output}",
            file=sys.stderr,
        )
    return EXIT_OK
