"""Palettes and the resolution of ``colors=`` into one RGBA row per domino."""

from __future__ import annotations

import numpy as np

from ..errors import TilingError

__all__ = [
    "PALETTE",
    "ORIENTATION_COLORS",
    "CLASS_WORDS",
    "MAX_PATCHES",
    "EDGE",
    "FREE",
    "BLOCKED",
    "GRID",
    "MARK",
    "HIGHLIGHT",
    "NEIGHBOR",
    "HIGHLIGHT_2",
    "NEIGHBOR_2",
    "DIRECTION_COLORS",
    "AUTO_MIN_PX",
    "UNCOLORED",
    "STYLES",
    "BLOCKED_MODES",
    "rgba",
    "categorical",
    "domino_colors",
]

#: Fill colours for colourings: Paul Tol's "light" scheme (colour-blind safe,
#: light enough for dark borders to show), in the order the colours are used.
PALETTE = ("#77AADD", "#EE8866", "#EEDD88", "#44BB99", "#FFAABB", "#99DDFF", "#BBCC33", "#AAAA00")

#: Colours of the four domino-shuffling classes (Okabe-Ito): the frozen corners
#: of an Aztec diamond are N on top, S at the bottom, W left, E right.
ORIENTATION_COLORS = {"N": "#E69F00", "S": "#0072B2", "W": "#009E73", "E": "#CC79A7"}

#: What each shuffling class is and does, for legends.
CLASS_WORDS = {
    "N": "N: horizontal, moves up",
    "S": "S: horizontal, moves down",
    "W": "W: vertical, moves left",
    "E": "E: vertical, moves right",
}

#: Colours of horizontal and vertical dominoes (``colors="hv"``, and ``"auto"``
#: when cells are too small for a colouring domino by domino).
DIRECTION_COLORS = {"h": "#EE8866", "v": "#77AADD"}

#: Largest number of pieces (dominoes plus marked cells) that style="auto" draws
#: as vector paths in a raster output (PNG, the screen); vector files always get paths.
MAX_PATCHES = 2000

#: Smallest cell, in pixels, for which colors="auto" colours domino by domino;
#: smaller cells would average a proper colouring into one flat colour, so
#: "auto" colours horizontal and vertical dominoes instead.
AUTO_MIN_PX = 5.0

EDGE = "#262626"  # domino borders
FREE = "#F6F3EC"  # a free cell of a region (warm off-white)
BLOCKED = "#5A5A5A"  # a cell inside the picture that is not part of the region
GRID = "#A8A8A8"  # grid lines between the cells of a region
MARK = "#D55E00"  # uncovered cells, augmenting paths (vermillion)
HIGHLIGHT = "#E69F00"  # the set S of a certificate (orange)
NEIGHBOR = "#56B4E9"  # its neighbourhood N(S) (sky blue)
HIGHLIGHT_2 = "#CC79A7"  # a second Hall set, of the other colour (reddish purple)
NEIGHBOR_2 = "#009E73"  # its neighbourhood (bluish green)
UNCOLORED = "#E4E4E4"  # dominoes not yet coloured in an animation

STYLES = ("auto", "vector", "raster")
BLOCKED_MODES = ("holes", "box", None)


def rgba(colors):
    """(k, 4) float RGBA array from a sequence of matplotlib colours."""
    from matplotlib.colors import to_rgba_array

    return to_rgba_array(colors)


def categorical(values):
    """RGBA for integer category labels: the palette, or tab20 beyond its size."""
    values = np.asarray(values, dtype=np.int64)
    if len(values) and values.min() < 0:
        raise TilingError(f"colour indices must be non-negative, got {int(values.min())}")
    if not len(values) or values.max() < len(PALETTE):
        return rgba(PALETTE)[values] if len(values) else np.zeros((0, 4))
    import matplotlib

    table = matplotlib.colormaps["tab20"](np.arange(20))
    return table[values % 20]


def _auto_coloring(tiling):
    """A proper colouring of the dominoes (side adjacency): 4 colours, else 5."""
    import tiling as public  # the public API only: plotting knows no solver's internals

    try:
        return np.asarray(public.color(tiling, k=4))
    except TilingError:
        return np.asarray(public.color(tiling, k=5))


def _class_colors(names, table):
    """RGBA per domino from its class name and a {name: colour} table."""
    out = np.zeros((len(names), 4))
    for key, value in table.items():
        out[names == key] = rgba([value])[0]
    return out


def domino_colors(tiling, colors, cmap, who):
    """Resolve the ``colors`` argument of :func:`draw_tiling` to a (k, 4) RGBA array."""
    from matplotlib.colors import is_color_like

    k = len(tiling)
    if isinstance(colors, str):
        if colors == "auto":
            return categorical(_auto_coloring(tiling)) if k else np.zeros((0, 4))
        if colors == "hv":
            return _class_colors(tiling.orientations(), DIRECTION_COLORS)
        if colors == "orientation":
            return _class_colors(tiling.shuffling_classes(), ORIENTATION_COLORS)
        if is_color_like(colors):
            return np.tile(rgba([colors])[0], (k, 1))
        raise TilingError(
            f"{who}(): colors={colors!r} is neither 'auto', 'orientation', 'hv' nor a matplotlib colour"
        )
    if isinstance(colors, tuple) and is_color_like(colors):
        return np.tile(rgba([colors])[0], (k, 1))
    try:
        arr = np.asarray(colors)
    except (TypeError, ValueError) as exc:
        raise TilingError(f"{who}(): cannot read colors as an array: {exc}") from None
    if arr.ndim == 0 or len(arr) != k:
        got = "a scalar" if arr.ndim == 0 else f"{len(arr)} values"
        raise TilingError(f"{who}(): colors needs one value per domino ({k}), got {got}")
    if arr.ndim == 2 and arr.shape[1] in (3, 4) and np.issubdtype(arr.dtype, np.number):
        if arr.size and (arr.min() < 0 or arr.max() > 1):
            raise TilingError(
                f"{who}(): RGB(A) colours must lie in 0..1 (divide 0..255 values by 255)"
            )
        return rgba(arr.astype(float))
    if arr.ndim != 1:
        raise TilingError(f"{who}(): colors has shape {arr.shape}; give one value per domino")
    if arr.dtype.kind in "US" or arr.dtype == object:
        try:
            return rgba(list(arr))
        except ValueError as exc:
            raise TilingError(f"{who}(): {exc}") from None
    if arr.dtype == bool or np.issubdtype(arr.dtype, np.integer):
        return categorical(arr.astype(np.int64))
    if np.issubdtype(arr.dtype, np.floating):
        import matplotlib
        from matplotlib.colors import Normalize

        finite = arr[np.isfinite(arr)]
        lo, hi = (finite.min(), finite.max()) if finite.size else (0.0, 1.0)
        try:
            cmap = matplotlib.colormaps[cmap or "viridis"]
        except KeyError:
            raise TilingError(f"{who}(): unknown colormap {cmap!r}") from None
        return cmap(Normalize(lo, hi if hi > lo else lo + 1)(arr))
    raise TilingError(f"{who}(): cannot use values of dtype {arr.dtype} as colours")
