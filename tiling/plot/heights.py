"""Pictures of height functions, and animations of flips (Glauber dynamics, flip paths)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from .._validation import check_bool, check_choice, positive_int, shown
from ..errors import TilingError
from ..model.tiling import Tiling, require_tiling
from ._colors import BLOCKED
from ._render import check_axes, frame, new_axes

__all__ = ["draw_heights", "animate_tilings", "MAX_LABELS", "MAX_SURFACE"]

#: Most lattice points ``labels=True`` writes a number at.
MAX_LABELS = 900

#: Largest side, in lattice points, of the surface drawn in 3-d; larger height
#: functions are averaged over square blocks first (a million triangles would
#: take minutes and show nothing more).
MAX_SURFACE = 64


def _cell_means(tiling: Tiling, heights: np.ma.MaskedArray) -> np.ma.MaskedArray:
    """The mean height of each cell's four corners, masked off the region.

    Heights step by 1 or 3 from corner to corner, so the raw function zigzags
    at the scale of one cell; the corner mean keeps the shape of the surface
    (its slope, the frozen corners of an Aztec diamond) and loses the zigzag.
    The corners are read from the top-left one along the cell's own sides,
    so a cell that a slit (see :func:`tiling.heights.height`) runs through
    gets the heights of its left side, not a mix of both.
    """
    from ..heights._height import tiling_steps
    from ..heights._lattice import lattice_of

    step_h, step_v = tiling_steps(lattice_of(tiling.region), tiling)
    top_left = heights.filled(0)[:-1, :-1].astype(float)
    top, left = step_h[:-1, :], step_v[:, :-1]
    bottom = step_h[1:, :]
    # corners: TL, TL + top, TL + left, TL + left + bottom
    means = top_left + (top + 2 * left + bottom) / 4
    return np.ma.MaskedArray(means, mask=~tiling.region.mask)


def _domino_outlines(tiling: Tiling) -> Any:
    """The dominoes' outlines as one PolyCollection (no fill)."""
    from matplotlib.collections import PolyCollection

    d = tiling.dominoes
    top, left = d.min(axis=1).T
    bottom, right = d.max(axis=1).T + 1
    boxes = np.stack(
        [
            np.stack([left, top], 1),
            np.stack([right, top], 1),
            np.stack([right, bottom], 1),
            np.stack([left, bottom], 1),
        ],
        1,
    ).astype(float)
    return PolyCollection(boxes, facecolors="none", edgecolors="#262626", linewidths=0.8)


def draw_heights(
    tiling: Tiling,
    *,
    ax: Any = None,
    style: str = "map",
    labels: bool = False,
    contours: bool = True,
    cmap: str = "viridis",
) -> Any:
    """Draw the height function of ``tiling`` (:func:`tiling.heights.height`).

    Parameters
    ----------
    tiling : Tiling
        A perfect tiling.
    ax : matplotlib Axes, optional
        For ``style="surface"`` a 3-d axes (``fig.add_subplot(projection="3d")``).
    style : {"map", "surface"}
        ``"map"``: a colour map of the height seen from above, with contour
        lines at round heights (and, for up to 2000 dominoes, the dominoes'
        outlines).
        ``"surface"``: the height as the z coordinate of a surface in 3-d,
        shaded by height.
    labels : bool
        Write the height at every corner, on top of the dominoes (for
        teaching; at most :data:`MAX_LABELS` corners).  Only with ``"map"``.
    contours : bool
        Draw contour lines on the map (not with ``labels``).
    cmap : str
        Matplotlib colour map of the heights (default ``"viridis"``).

    Returns
    -------
    matplotlib.axes.Axes (3-d for ``"surface"``)

    Notes
    -----
    Heights change by 1 or 3 from one corner to the next, so the map and the
    contours show the mean of each cell's four corners, which keeps the
    shape of the surface and smooths the zigzag at the scale of one cell;
    ``labels=True`` writes the exact values.  The surface is the
    piecewise-linear function through the corners' heights (two triangles
    a cell); a height function wider than :data:`MAX_SURFACE` points is
    averaged over square blocks first.  Cost O(cells).

    Examples
    --------
    >>> from tiling import Region
    >>> from tiling.heights import min_tiling
    >>> ax = draw_heights(min_tiling(Region.rectangle(4, 4)), labels=True)
    >>> len(ax.texts)  # one number per corner
    25
    """
    from ..heights import height

    t = require_tiling(tiling, "draw_heights")
    check_choice(style, ("map", "surface"), "style", "draw_heights")
    labels = check_bool(labels, "labels", "draw_heights")
    contours = check_bool(contours, "contours", "draw_heights")
    if not isinstance(cmap, str):
        raise TypeError(f"draw_heights(): cmap must be a colour map name, not {shown(cmap)}")
    heights = height(t)
    if style == "surface":
        if labels:
            raise TilingError("draw_heights(): labels=True goes with style='map'")
        return _surface(t, heights, ax, cmap)
    return _map(t, heights, ax, labels, contours, cmap)


def _map(t, heights, ax, labels, contours, cmap):
    from matplotlib.colors import ListedColormap

    region = t.region
    h, w = region.shape
    n_points = int(heights.count())
    if labels and n_points > MAX_LABELS:
        raise TilingError(
            f"draw_heights(): labels=True writes one number per corner; this tiling has "
            f"{n_points} corners, more than {MAX_LABELS}"
        )
    ax = new_axes(region.shape) if ax is None else check_axes(ax)
    means = _cell_means(t, heights)
    shown = ax.imshow(
        means,
        extent=(0, w, h, 0),
        cmap=cmap,
        interpolation="nearest" if max(h, w) <= 200 else "antialiased",
        alpha=0.45 if labels else 1.0,
        zorder=1,
    )
    if contours and not labels and min(h, w) >= 2 and means.count() >= 4:
        from matplotlib.ticker import MaxNLocator

        x, y = np.meshgrid(np.arange(w) + 0.5, np.arange(h) + 0.5)
        lo, hi = float(means.min()), float(means.max())
        levels = [v for v in MaxNLocator(nbins=10).tick_values(lo, hi) if lo < v < hi]
        if levels:
            ax.contour(
                x, y, means, levels=levels, colors="#262626", linewidths=0.6, alpha=0.7, zorder=2
            )
    holes = _hole_cells(region)
    if holes.any():  # the library's convention: holes dark grey, the outside blank
        ax.imshow(
            np.ma.MaskedArray(np.ones(holes.shape), mask=~holes),
            extent=(0, w, h, 0),
            cmap=ListedColormap([BLOCKED]),
            interpolation="nearest",
            zorder=1.5,
        )
    if labels or len(t) <= 2000:
        ax.add_collection(_domino_outlines(t))
    slits = _slits(t, heights)
    if len(slits):
        from matplotlib.collections import LineCollection

        ax.add_collection(
            LineCollection(
                slits, colors="white", linewidths=1.6, linestyles=(0, (3, 2)), zorder=3.5
            )
        )
    if labels:
        rows, cols = np.nonzero(~np.ma.getmaskarray(heights))
        size = max(5.0, min(10.0, 150.0 / max(h, w, 1)))
        for r, c in zip(rows.tolist(), cols.tolist()):
            ax.text(
                c,
                r,
                str(int(heights[r, c])),
                ha="center",
                va="center",
                fontsize=size,
                zorder=4,
                bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none", "alpha": 0.85},
            )
    frame(ax, region.shape)
    if labels:  # room for the numbers on the outer corners
        ax.set_xlim(-0.4, w + 0.4)
        ax.set_ylim(h + 0.4, -0.4)
    colorbar = ax.figure.colorbar(shown, ax=ax, shrink=0.8, pad=0.02)
    colorbar.set_label("height (mean of each cell's corners)" if not labels else "height")
    low, high = int(heights.min()), int(heights.max())
    note = "\n(dashed: slits above holes the height winds around)" if len(slits) else ""
    ax.set_title(f"height function: {low} to {high}{note}", fontsize=10)
    return ax


def _slits(t: Tiling, heights: np.ma.MaskedArray) -> np.ndarray:
    """Segments ``(k, 2, 2)`` in picture coordinates where the stored height jumps.

    The slits of :func:`tiling.heights.height`: the cut sides along which the
    height differs from the tiling's own step there (by the windings of the
    holes the slit opens; nothing is drawn where the jump is 0).
    """
    from ..heights._height import tiling_steps
    from ..heights._lattice import lattice_of

    lattice = lattice_of(t.region)
    step_h, _ = tiling_steps(lattice, t)
    h = heights.filled(0)
    jump = lattice.cut_h & (h[:, 1:] - h[:, :-1] != step_h)
    rows, cols = np.nonzero(jump)
    if not len(rows):
        return np.zeros((0, 2, 2))
    # each jumping side (i, c) becomes the half-cell-high pieces of a vertical line at c + 1/2
    x = cols + 0.5
    return np.stack([np.stack([x, rows - 0.5], 1), np.stack([x, rows + 0.5], 1)], 1)


def _hole_cells(region) -> np.ndarray:
    """Bool grid of the region's shape: the cells of its holes (:meth:`Region.holes`)."""
    out = np.zeros(region.shape, dtype=bool)
    for cells in region.holes():
        out[cells[:, 0], cells[:, 1]] = True
    return out


def _surface(t, heights, ax, cmap):
    import matplotlib.pyplot as plt

    if ax is None:
        fig = plt.figure(figsize=(7, 6), layout="constrained")
        ax = fig.add_subplot(projection="3d")
    elif getattr(ax, "name", None) != "3d":
        raise TypeError(
            "draw_heights(style='surface') draws on a 3-d axes: "
            "ax = fig.add_subplot(projection='3d')"
        )
    region = t.region
    z = heights.astype(float).filled(np.nan)
    cells = region.mask
    k = max(1, -(-max(z.shape) // MAX_SURFACE))  # block size for large height functions
    if k > 1:
        z, cells = _block_means(z, k)
    rows, cols = np.nonzero(np.isfinite(z))
    index = np.full(z.shape, -1, dtype=np.int64)
    index[rows, cols] = np.arange(len(rows))
    r, c = np.nonzero(cells)
    a, b = index[r, c], index[r, c + 1]
    d, e = index[r + 1, c], index[r + 1, c + 1]
    ok = (a >= 0) & (b >= 0) & (d >= 0) & (e >= 0)
    triangles = np.concatenate([np.stack([a, b, e], 1)[ok], np.stack([a, e, d], 1)[ok]])
    ax.plot_trisurf(
        cols * k,
        rows * k,
        z[rows, cols],
        triangles=triangles,
        cmap=cmap,
        linewidth=0,
        antialiased=False,
        shade=True,
    )
    h, w = region.shape
    ax.set_xlim(0, w)
    ax.set_ylim(h, 0)  # row 0 at the back, as on the map
    ax.set_xlabel("column")
    ax.set_ylabel("row")
    ax.set_zlabel("height")
    ax.view_init(elev=35, azim=-60)
    low, high = int(heights.min()), int(heights.max())
    note = f" (averaged over {k} x {k} blocks)" if k > 1 else ""
    ax.set_title(f"height function: {low} to {high}{note}", fontsize=10)
    return ax


def _block_means(z: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Heights averaged over k x k blocks of points, and the coarse cells all of whose corners exist."""
    h1, w1 = z.shape
    H, W = -(-h1 // k), -(-w1 // k)
    padded = np.full((H * k, W * k), np.nan)
    padded[:h1, :w1] = z
    blocks = padded.reshape(H, k, W, k)
    finite = np.isfinite(blocks)
    total = np.where(finite, blocks, 0).sum(axis=(1, 3))
    n = finite.sum(axis=(1, 3))
    coarse = np.where(n > 0, total / np.maximum(n, 1), np.nan)
    coarse_cells = (
        np.isfinite(coarse[:-1, :-1])
        & np.isfinite(coarse[:-1, 1:])
        & np.isfinite(coarse[1:, :-1])
        & np.isfinite(coarse[1:, 1:])
    )
    return coarse, coarse_cells


def animate_tilings(
    tilings: Sequence[Tiling], *, ax: Any = None, colors: Any = "orientation", interval: int = 120
) -> Any:
    """Animate a sequence of tilings of one region (Glauber dynamics, a flip path).

    Parameters
    ----------
    tilings : sequence of Tiling
        Perfect tilings of one region, in order: for instance
        :func:`tiling.heights.glauber_steps`, or the tilings along
        :func:`tiling.heights.flip_path`.
    ax : matplotlib Axes, optional
    colors : "orientation" or anything :func:`draw_tiling` takes
        ``"orientation"`` (default) colours the four classes N/S/E/W, so the
        frozen and disordered parts of a random tiling stand out.
    interval : int
        Milliseconds between frames.

    Returns
    -------
    matplotlib.animation.FuncAnimation
        Save it with :func:`tiling.plot.save` (``.gif``).

    Examples
    --------
    >>> from tiling import Region
    >>> from tiling.heights import min_tiling, glauber_steps
    >>> steps = glauber_steps(min_tiling(Region.rectangle(4, 4)), 6, rng=0)
    >>> animate_tilings(steps).n_frames
    7
    """
    from .animate import _animation
    from .draw import draw_tiling

    if isinstance(tilings, Tiling) or not isinstance(tilings, Sequence):
        raise TypeError(
            "animate_tilings() needs a sequence of tilings (a list from glauber_steps), "
            f"not {type(tilings).__name__}"
        )
    if not tilings:
        raise TilingError("animate_tilings(): there are no tilings to animate")
    frames = [require_tiling(t, "animate_tilings") for t in tilings]
    region = frames[0].region
    if any(t.region != region for t in frames):
        raise TilingError("animate_tilings(): the tilings are not all of one region")
    interval = positive_int(interval, "interval", "animate_tilings")
    ax = new_axes(region.shape) if ax is None else check_axes(ax)

    def draw_frame(i):
        draw_tiling(frames[i], ax=ax, colors=colors)
        frame(ax, region.shape)
        ax.set_title(f"step {i} of {len(frames) - 1}", fontsize=10)

    return _animation(ax, len(frames), draw_frame, interval)
