"""Heat maps of placement probabilities (:func:`tiling.probabilities`)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from .._format import quantity
from .._validation import check_bool, check_choice
from ..errors import TilingError
from ..model.region import Region, require_region
from . import _annotate as note
from ._colors import BLOCKED, ORIENTATION_COLORS, rgba
from ._render import frame, new_axes

__all__ = ["draw_probabilities", "class_probabilities", "SHOW"]

#: What :func:`draw_probabilities` can show: the four classes mixed, or one number per cell.
SHOW = ("classes", "horizontal", "vertical", "N", "S", "W", "E")

_WORDS = {
    "horizontal": "a horizontal domino",
    "vertical": "a vertical domino",
    "N": "an N domino (horizontal)",
    "S": "an S domino (horizontal)",
    "W": "a W domino (vertical)",
    "E": "an E domino (vertical)",
}


def _as_float(arr: Any, shape: tuple[int, int], name: str) -> np.ndarray:
    a = np.asarray(arr)
    if a.shape != shape:
        raise TilingError(
            f"draw_probabilities(): the {name} probabilities have shape {a.shape}; this region "
            f"needs {shape} (as tiling.probabilities returns them)"
        )
    if a.dtype == object:
        if not all(isinstance(x, (int, float, Fraction, np.number)) for x in a.flat):
            raise TypeError(f"draw_probabilities(): the {name} probabilities must be numbers")
        a = np.array([float(x) for x in a.flat]).reshape(shape)
    elif not np.issubdtype(a.dtype, np.number) or a.dtype == bool:
        raise TypeError(
            f"draw_probabilities(): the {name} probabilities must be numbers, not {a.dtype}"
        )
    a = a.astype(float)
    if a.size and not (np.isfinite(a).all() and a.min() >= -1e-9 and a.max() <= 1 + 1e-9):
        raise TilingError(
            f"draw_probabilities(): the {name} probabilities must lie between 0 and 1"
        )
    return a


def class_probabilities(region: Region, probs: Any) -> dict[str, np.ndarray]:
    """For each cell, the probability that it lies in a domino of each class N, S, W, E.

    The classes are those of :meth:`tiling.Tiling.shuffling_classes`: a
    horizontal domino is N when its left cell has the colour of the region's
    first cell, S otherwise; a vertical one W when its top cell has that
    colour, E otherwise.  Each cell lies in exactly one domino of a tiling,
    so the four grids add up to 1 on the region (0 off it).

    Parameters
    ----------
    region : Region
    probs : (horizontal, vertical)
        As :func:`tiling.probabilities` returns them (floats or Fractions).

    Returns
    -------
    dict of four float arrays of the region's shape, keyed "N", "S", "W", "E"

    Examples
    --------
    >>> import tiling
    >>> board = tiling.Region.aztec_diamond(1)
    >>> classes = class_probabilities(board, tiling.probabilities(board))
    >>> classes["N"].tolist()
    [[0.5, 0.5], [0.0, 0.0]]
    """
    require_region(region, "class_probabilities")
    rows, cols = region.shape
    if not isinstance(probs, (tuple, list)) or len(probs) != 2:
        raise TypeError(
            "draw_probabilities(): probs must be the pair (horizontal, vertical) that "
            "tiling.probabilities returns"
        )
    h = _as_float(probs[0], (rows, cols - 1), "horizontal")
    v = _as_float(probs[1], (rows - 1, cols), "vertical")
    r0, c0 = region.cells()[0]
    anchor = (int(r0) + int(c0)) % 2
    parity = (np.add.outer(np.arange(rows), np.arange(cols)) % 2) == anchor
    out = {k: np.zeros((rows, cols)) for k in "NSWE"}
    for name, same in (("N", True), ("S", False)):
        p = np.where(parity[:, :-1] == same, h, 0.0)
        out[name][:, :-1] += p
        out[name][:, 1:] += p
    for name, same in (("W", True), ("E", False)):
        p = np.where(parity[:-1, :] == same, v, 0.0)
        out[name][:-1, :] += p
        out[name][1:, :] += p
    return out


def draw_probabilities(
    region: Region,
    probs: Any = None,
    *,
    ax: Any = None,
    show: str = "classes",
    cmap: str = "viridis",
    colorbar: bool = True,
    title: str | None = "auto",
) -> Any:
    """Draw the placement probabilities of ``region`` as a heat map, cell by cell.

    Parameters
    ----------
    region : Region
    probs : (horizontal, vertical), optional
        The probabilities, as :func:`tiling.probabilities` returns them
        (floats or Fractions); computed (uniform law, floats) when omitted.
    ax : matplotlib Axes, optional
        Drawn on a new figure, shaped like the region, when omitted.
    show : {"classes", "horizontal", "vertical", "N", "S", "W", "E"}
        ``"classes"`` (default): each cell coloured by the four orientation
        classes of :meth:`tiling.Tiling.shuffling_classes` mixed in
        proportion to their probabilities (Okabe-Ito colours, one colour bar
        per class: how much of it the cell holds), so a frozen area is a pure
        colour and the disordered one a mix, and the arctic curve is the
        border between them.  Otherwise one number per cell: the probability
        that the cell lies in a horizontal or vertical domino, or in a domino
        of one class, through ``cmap`` with a colour bar.
    cmap : str
        Colour map for a single number per cell (default ``"viridis"``,
        perceptually uniform and readable with any colour vision; its middle
        is not grey, so the dark grey holes stand out).
    colorbar : bool
        Draw the colour bar(s) beside the map.
    title : str or None
        ``"auto"`` says what is shown; None draws no title.

    Returns
    -------
    matplotlib.axes.Axes

    Notes
    -----
    Cells off the region are left blank (the image is masked there) and holes
    are dark grey, as in every picture of the library.  O(cells) once the
    probabilities are known.

    Examples
    --------
    >>> import tiling
    >>> ax = draw_probabilities(tiling.Region.aztec_diamond(10))
    >>> print(ax.get_title())
    placement probabilities by class
    Aztec diamond of order 10
    >>> ax = draw_probabilities(tiling.Region.rectangle(4, 6), show="vertical")
    >>> bool(ax.images[0].get_array().max() <= 1)
    True
    """
    require_region(region, "draw_probabilities")
    check_choice(show, SHOW, "show", "draw_probabilities")
    colorbar = check_bool(colorbar, "colorbar", "draw_probabilities")
    note.check_title(title, "draw_probabilities")
    if not isinstance(cmap, str):
        raise TypeError(f"draw_probabilities(): cmap must be a colour map name, not {cmap!r}")
    if probs is None:
        from ..stats.placement import probabilities

        probs = probabilities(region)
    classes = class_probabilities(region, probs)
    rows, cols = region.shape
    outside = ~region.mask
    ax = new_axes(region.shape) if ax is None else ax
    extent = (0, cols, rows, 0)
    smooth = "nearest" if max(rows, cols) <= 200 else "antialiased"
    if show == "classes":
        colors = rgba([ORIENTATION_COLORS[k] for k in "NSWE"])[:, :3]
        image = np.zeros((rows, cols, 4))
        for k, color in zip("NSWE", colors):
            image[..., :3] += classes[k][..., None] * color
        image[..., 3] = np.where(outside, 0.0, 1.0)
        image[..., :3] = np.clip(image[..., :3], 0, 1)
        shown = ax.imshow(image, extent=extent, interpolation=smooth, zorder=1)
        if colorbar:
            _class_bars(ax, colors)
        words = "placement probabilities by class"
    else:
        if show == "horizontal":
            value = classes["N"] + classes["S"]
        elif show == "vertical":
            value = classes["W"] + classes["E"]
        else:
            value = classes[show]
        data = np.ma.MaskedArray(value, mask=outside)
        shown = ax.imshow(
            data, extent=extent, cmap=cmap, vmin=0, vmax=1, interpolation=smooth, zorder=1
        )
        if colorbar:
            bar = ax.figure.colorbar(shown, ax=ax, shrink=0.8, pad=0.02)
            bar.set_label(f"probability that the cell lies in {_WORDS[show]}", fontsize=8)
        words = f"probability of {_WORDS[show]}"
    _paint_holes(ax, region, extent)
    frame(ax, region.shape)
    order = region.aztec_order()
    what = (
        f"Aztec diamond of order {order}"
        if order is not None
        else f"a region of {quantity(region.n_cells, 'cell')}"
    )
    note.set_title(ax, title, f"{words}\n{what}")
    shown.probabilities = classes  # what was drawn, for a caller who wants the numbers
    return ax


def _paint_holes(ax, region, extent):
    from matplotlib.colors import ListedColormap

    holes = np.zeros(region.shape, dtype=bool)
    for cells in region.holes():
        holes[cells[:, 0], cells[:, 1]] = True
    if holes.any():
        ax.imshow(
            np.ma.MaskedArray(np.ones(holes.shape), mask=~holes),
            extent=extent,
            cmap=ListedColormap([BLOCKED]),
            interpolation="nearest",
            zorder=1.5,
        )


def _class_bars(ax, colors):
    """Four thin colour bars, white to each class's colour: the share of the cell it holds."""
    from matplotlib.cm import ScalarMappable
    from matplotlib.colors import LinearSegmentedColormap, Normalize

    fig = ax.figure
    # the first bar added ends up outermost: add E first, so they read N S W E from the map
    for k, color in reversed(list(zip("NSWE", colors))):
        ramp = LinearSegmentedColormap.from_list(f"class {k}", [(0, 0, 0), tuple(color)])
        bar = fig.colorbar(
            ScalarMappable(norm=Normalize(0, 1), cmap=ramp),
            ax=ax,
            shrink=0.8,
            pad=0.01,
            aspect=30,
            fraction=0.03,
        )
        bar.ax.set_title(k, fontsize=8)
        bar.ax.tick_params(labelsize=7)
        if k != "E":  # one scale, on the outermost bar
            bar.set_ticks([])
