"""The height function as the explorer shows it: corner heights, slits, cell means, flux.

Everything here is read from the public API's answers
(:func:`tiling.heights.height`, :func:`tiling.heights.flux`, the tiling's
dominoes) and Thurston's rule as :func:`tiling.heights.height` states it:
walking along a cell side with the region drawn row 0 on top, the height
rises by 1 when the cell on the left has colour 0 and falls by 1 when it has
colour 1, and across the middle of a domino it changes by 3 the other way.
Where the heights returned depart from that rule, the region was cut open
along a slit above a hole whose colours do not balance (see the docstring of
:func:`~tiling.heights.height`); :func:`side_jumps` finds those sides, so the
page can draw the slits and read each cell's corners along its own sides.
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["side_jumps", "slits", "slit_segments", "cell_means", "describe"]


def side_jumps(tiling: Any, heights: np.ma.MaskedArray) -> tuple[np.ndarray, np.ndarray]:
    """How far the height along each cell side departs from Thurston's rule.

    Parameters
    ----------
    tiling : Tiling
        A perfect tiling.
    heights : numpy.ma.MaskedArray
        Its height function, ``tiling.heights.height(tiling)``.

    Returns
    -------
    (jump_h, jump_v) : int64 arrays of shapes ``(rows + 1, cols)`` and ``(rows, cols + 1)``
        ``jump_h[i, c]`` for the side from corner ``(i, c)`` to ``(i, c + 1)``,
        ``jump_v[i, c]`` for the side from ``(i, c)`` to ``(i + 1, c)``: the
        height change along the side minus the rule's.  Zero on every side
        but those a slit crosses, and off the region.

    Examples
    --------
    >>> from tiling import Region, Tiling
    >>> from tiling.heights import height
    >>> ring = Tiling(Region.rectangle(3, 3).without([(1, 1)]),
    ...     [[(0, 0), (0, 1)], [(0, 2), (1, 2)], [(2, 1), (2, 2)], [(1, 0), (2, 0)]])
    >>> jump_h, jump_v = side_jumps(ring, height(ring))
    >>> [(int(i), int(c), int(jump_h[i, c])) for i, c in zip(*np.nonzero(jump_h))]
    [(0, 1, 4), (1, 1, 4)]
    >>> bool(jump_v.any())
    False
    """
    mask = tiling.region.mask
    rows, cols = mask.shape
    h = heights.filled(0).astype(np.int64)
    labels = tiling.labels()  # domino index per cell, negative off the dominoes
    on = np.pad(labels, 1, constant_values=-1)  # on[r + 1, c + 1] is cell (r, c)

    # horizontal sides: the cell above (i - 1, c) and the one below (i, c)
    above, below = on[:-1, 1:-1], on[1:, 1:-1]
    i, c = np.indices((rows + 1, cols))
    step = np.where((i + c) % 2 == 1, 1, -1)  # the cell on the left (above) has colour 0
    step = np.where((above >= 0) & (above == below), -3 * step, step)  # inside a domino
    side = (above >= 0) | (below >= 0)
    jump_h = np.where(side, h[:, 1:] - h[:, :-1] - step, 0)

    # vertical sides, walked downwards: the cell on the left is the one at (i, c)
    left, right = on[1:-1, :-1], on[1:-1, 1:]
    i, c = np.indices((rows, cols + 1))
    step = np.where((i + c) % 2 == 0, 1, -1)
    step = np.where((left >= 0) & (left == right), -3 * step, step)
    side = (left >= 0) | (right >= 0)
    jump_v = np.where(side, h[1:, :] - h[:-1, :] - step, 0)
    return jump_h.astype(np.int64), jump_v.astype(np.int64)


def slits(jumps: tuple[np.ndarray, np.ndarray]) -> list[dict]:
    """The sides where the height jumps: ``{"side": [r0, c0, r1, c1], "jump": j}``, corner to corner."""
    jump_h, jump_v = jumps
    return [
        {"side": [int(i), int(c), int(i), int(c) + 1], "jump": int(jump_h[i, c])}
        for i, c in zip(*np.nonzero(jump_h))
    ] + [
        {"side": [int(i), int(c), int(i) + 1, int(c)], "jump": int(jump_v[i, c])}
        for i, c in zip(*np.nonzero(jump_v))
    ]


def slit_segments(sides: list[dict], mask: np.ndarray) -> list[tuple]:
    """Where to draw the slits: ``((y0, x0), (y1, x1))`` segments in picture coordinates.

    A slit crosses each of its sides at right angles through the side's
    middle, through the halves of the two cells on either side that belong
    to the region (not into a hole or out of the region).
    """
    rows, cols = mask.shape

    def inside(r, c):
        return 0 <= r < rows and 0 <= c < cols and bool(mask[r, c])

    out = []
    for slit in sides:
        r0, c0, r1, c1 = slit["side"]
        if r0 == r1:  # a horizontal side: the cells above and below, column c0
            x = c0 + 0.5
            top = r0 - 0.5 if inside(r0 - 1, c0) else r0
            bottom = r0 + 0.5 if inside(r0, c0) else r0
            out.append(((top, x), (bottom, x)))
        else:  # a vertical side: the cells left and right, row r0
            y = r0 + 0.5
            left = c0 - 0.5 if inside(r0, c0 - 1) else c0
            right = c0 + 0.5 if inside(r0, c0) else c0
            out.append(((y, left), (y, right)))
    return out


def cell_means(
    heights: np.ma.MaskedArray, jumps: tuple[np.ndarray, np.ndarray], mask: np.ndarray
) -> np.ma.MaskedArray:
    """The mean height of each cell's four corners, read along the cell's own sides.

    Heights step by 1 or 3 from corner to corner, so the raw function zigzags
    at the scale of one cell; the mean keeps the shape of the surface.  A cell
    that a slit runs through gets its corners as seen from its top-left one
    (across the slit the jump is taken back), as :func:`tiling.plot.draw_heights`
    reads them.  Masked off the region.
    """
    jump_h, jump_v = jumps
    h = heights.filled(0).astype(float)
    top_left = h[:-1, :-1]
    top_right = h[:-1, 1:] - jump_h[:-1, :]
    bottom_left = h[1:, :-1] - jump_v[:, :-1]
    bottom_right = h[1:, 1:] - jump_v[:, :-1] - jump_h[1:, :]
    means = (top_left + top_right + bottom_left + bottom_right) / 4
    return np.ma.MaskedArray(means, mask=~mask)


def describe(tiling: Any) -> dict:
    """The ``heights`` answer for a perfect tiling: heights, range, slits, holes and flux.

    Keys: ``heights`` (rows of the ``(rows + 1, cols + 1)`` corner heights,
    ``None`` where no cell has that corner), ``low``, ``high``, ``slits``
    (``{"side": [r0, c0, r1, c1], "jump": j, "line": [[y0, x0], [y1, x1]]}``
    for each side where the height jumps, corner to corner, with the piece of
    the slit to draw across it, see :func:`slit_segments`), ``holes`` (``{"cell", "corner", "flux"}`` per
    hole of ``region.holes()``: its first cell and the corner whose height is
    its flux) and the flips to the least and greatest tilings of its flux
    class (``flips_down``, ``flips_up``).
    """
    from ..heights import flip_distance, flux, height, max_tiling, min_tiling

    heights = height(tiling)
    region = tiling.region
    sides = slits(side_jumps(tiling, heights))
    for side, line in zip(sides, slit_segments(sides, region.mask)):
        side["line"] = [list(point) for point in line]
    holes = region.holes()
    fluxes = flux(tiling).tolist() if holes else []
    klass = {"flux": fluxes} if holes else {}
    least, greatest = min_tiling(region, **klass), max_tiling(region, **klass)
    return {
        # None (JSON null) where no cell has the corner
        "heights": np.where(heights.mask, None, heights.data.astype(object)).tolist(),
        "low": int(heights.min()),
        "high": int(heights.max()),
        "slits": sides,
        "holes": [
            {"cell": cells[0].tolist(), "corner": cells[0].tolist(), "flux": int(f)}
            for cells, f in zip(holes, fluxes)
        ],
        "flips_down": flip_distance(least, tiling),
        "flips_up": flip_distance(tiling, greatest),
    }
