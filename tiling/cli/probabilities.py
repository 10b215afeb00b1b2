"""The ``probabilities`` command: how likely each domino is in a random tiling."""

from __future__ import annotations

import os

from ._io import EXIT_OK, UserError, region_from_args

__all__ = ["probabilities", "summary"]


def summary(region, horizontal, vertical, exact):
    """A few lines on the probabilities: positions, certain and unused ones, the nearly frozen share."""
    import numpy as np

    mask = region.mask
    used_h = mask[:, :-1] & mask[:, 1:]
    used_v = mask[:-1, :] & mask[1:, :]
    values = np.concatenate([horizontal[used_h], vertical[used_v]])
    if exact:
        certain = sum(1 for x in values if x == 1)
        never = sum(1 for x in values if x == 0)
        close = ""
        floats = np.array([float(x) for x in values])
    else:
        floats = values.astype(float)
        certain = int((floats > 1 - 1e-9).sum())
        never = int((floats < 1e-9).sum())
        close = " (within 1e-9)"
    n_cells = region.n_cells
    horizontal_share = float(floats[: int(used_h.sum())].sum()) * 2 / n_cells
    lines = [
        f"{len(values):,} domino positions on {n_cells:,} cells; "
        f"{certain:,} in every tiling, {never:,} in none{close}",
        f"cells whose domino is nearly certain (probability above 0.99): "
        f"{2 * int((floats > 0.99).sum()) / n_cells:.1%}",
        f"horizontal dominoes cover {horizontal_share:.1%} of the cells on average",
    ]
    return "\n".join(lines)


def probabilities(args):
    from ._pictures import check_output

    path = args.output
    check_output(path)
    if path is not None and os.path.splitext(path)[1].lower() in (".tex", ".gif"):
        raise UserError(f"cannot write {path}: the heat map is a picture; use .png, .svg or .pdf")
    region, name = region_from_args(args)
    import tiling
    from tiling import NoTilingError

    try:
        horizontal, vertical = tiling.probabilities(region, exact=args.exact)
    except NoTilingError as err:
        from ._pictures import PictureOptions
        from .commands import _impossible

        return _impossible(err.certificate, name, PictureOptions(args))
    law = "exact fractions" if args.exact else "floats, each cell's sum checked"
    print(f"placement probabilities of {name} in a uniformly random tiling ({law})")
    print(summary(region, horizontal, vertical, args.exact))
    if path:
        from tiling import plot

        kwargs = {} if args.title is None else {"title": args.title or None}
        ax = plot.draw_probabilities(region, (horizontal, vertical), show=args.show, **kwargs)
        plot.save(ax, path)
    return EXIT_OK
