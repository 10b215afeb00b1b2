"""The two renderers (patches and raster), axes set-up, and the raster image of a label grid."""

from __future__ import annotations

from typing import Any

import numpy as np

from .._validation import check_choice
from ..errors import TilingError
from ._colors import EDGE, MARK, MAX_PATCHES, STYLES, rgba

__all__ = [
    "new_axes",
    "frame",
    "cell_size_px",
    "render",
    "raster_image",
    "BORDER_MIN_PX",
    "MAX_SEGMENTS",
]


def new_axes(shape, title_space=False):
    """A fresh figure sized to the grid (about 0.45 inch a cell, at most 8 inches a side)."""
    import matplotlib.pyplot as plt  # lazily: pyplot picks its backend on first import

    h, w = shape
    per_cell = min(0.45, 8.0 / max(h, w))
    width = max(w * per_cell, 3.5 if title_space else 2.0) + 0.3
    height = max(h * per_cell, 2.0) + 0.3 + (0.6 if title_space else 0.0)
    fig, ax = plt.subplots(figsize=(width, height), layout="constrained")
    return ax


def frame(ax, shape):
    """Square cells, row 0 on top, no ticks or spines, a thin margin so outer borders show whole."""
    h, w = shape
    m = 0.08 + 0.004 * max(h, w)
    ax.set_xlim(-m, w + m)
    ax.set_ylim(h + m, -m)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    for spine in ax.spines.values():
        spine.set_visible(False)


def cell_size_px(ax, shape):
    """Side of one cell on screen, in pixels at the figure's dpi (after layout and _frame)."""
    fig = ax.figure
    if fig.get_layout_engine() is not None:
        fig.get_layout_engine().execute(fig)
    box = ax.get_window_extent()
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    # with equal aspect the axes box shrinks to the tighter of the two scales
    return max(min(box.width / abs(x1 - x0), box.height / abs(y1 - y0)), 1e-3)


def _resolve_style(style, n_pieces, who):
    check_choice(style, STYLES, "style", who)
    if style == "auto":
        return "patches" if n_pieces <= MAX_PATCHES else "raster"
    return style


def render(ax, pieces, style, who):
    """Draw ``pieces`` on ``ax`` with the chosen renderer."""
    frame(ax, pieces.shape)
    style = _resolve_style(style, len(pieces), who)
    if style == "patches":
        _render_patches(ax, pieces)
    else:
        _render_raster(ax, pieces)
    return ax


def _render_patches(ax, pieces):
    """Rounded pieces inset from the cell lines (a gap between dominoes); square ones flush."""
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import FancyBboxPatch, Rectangle

    cell_pt = cell_size_px(ax, pieces.shape) * 72.0 / ax.figure.dpi
    lw = float(np.clip(0.045 * cell_pt, 0.3, 1.6))
    inset = 0.06 if cell_pt >= 8 else 0.0
    rounding = 0.16 if cell_pt >= 8 else 0.0
    patches = []
    for (r0, c0, r1, c1), rounded in zip(pieces.rects.tolist(), pieces.rounded.tolist()):
        if rounded:
            patches.append(
                FancyBboxPatch(
                    (c0 + inset, r0 + inset),
                    c1 - c0 - 2 * inset,
                    r1 - r0 - 2 * inset,
                    boxstyle=f"round,pad=0,rounding_size={rounding}",
                )
            )
        else:
            patches.append(Rectangle((c0, r0), c1 - c0, r1 - r0))
    widths = np.where(pieces.rounded, lw, min(lw, 0.8)) * pieces.edge_width
    coll = PatchCollection(
        patches,
        facecolors=pieces.faces,
        edgecolors=pieces.edges,
        linewidths=widths,
        joinstyle="round",
    )
    coll.set_zorder(2)
    ax.add_collection(coll, autolim=False)
    if len(pieces.marks):
        centre = pieces.marks + 0.5
        ax.scatter(
            centre[:, 1],
            centre[:, 0],
            marker="x",
            s=(0.3 * cell_pt) ** 2,
            c=MARK,
            linewidths=max(lw, 0.8),
            zorder=3,
        )


def raster_image(
    labels: Any, faces: Any, *, pixels: int = 1, marks: Any = None, edges: Any = EDGE
) -> np.ndarray:
    """The RGBA image of a piece-labelled grid, ``pixels`` x ``pixels`` per cell.

    Parameters
    ----------
    labels : (h, w) int array
        Index into ``faces`` of the piece covering each cell, -1 for nothing
        (transparent).  For a tiling, :meth:`Tiling.labels` is such a grid.
    faces : (k, 3) or (k, 4) array of floats in [0, 1]
        The colour of each piece.
    pixels : int
        Side of a cell in pixels.  From 3 up, every cell side where the label
        changes is drawn as a one-pixel line in the colour of ``edges`` (the
        right or bottom line of a cell's block; the left or top one against
        empty space), and each cell of ``marks`` gets a dot in its centre.
    marks : (m, 2) int array, optional
        Cells to mark (uncovered cells); with fewer than 3 pixels the whole
        cell takes the mark colour instead.
    edges : colour or (k, 3) / (k, 4) array
        Border colour, one for all or one per piece.

    Returns
    -------
    (h * pixels, w * pixels, 4) uint8 array

    Notes
    -----
    Vectorised: O(h w pixels^2) time and memory, no Python loop over cells.

    Examples
    --------
    >>> img = raster_image(np.array([[0, 0, 1]]), [[1, 1, 1], [0, 0, 0]], pixels=3)
    >>> img.shape
    (3, 9, 4)
    >>> img[1, 1, :3].tolist(), img[1, 5, :3].tolist()   # fill, then the border of domino 0
    ([255, 255, 255], [38, 38, 38])
    """
    try:
        labels = np.asarray(labels)
        faces = np.asarray(faces, dtype=float)
    except (TypeError, ValueError) as exc:
        raise TilingError(
            f"raster_image(): labels and faces must be numeric arrays: {exc}"
        ) from None
    if faces.ndim != 2 or faces.shape[1] not in (3, 4):
        raise TilingError(f"faces must be a (k, 3) or (k, 4) array, got shape {faces.shape}")
    if labels.ndim != 2 or not np.issubdtype(labels.dtype, np.integer):
        raise TilingError(f"labels must be a 2-d integer grid, got {labels.ndim}-d {labels.dtype}")
    if labels.size and (labels.min() < -1 or labels.max() >= len(faces)):
        raise TilingError(
            f"labels must lie in -1 .. {len(faces) - 1} (one face per label), "
            f"got {int(labels.min())} .. {int(labels.max())}"
        )
    if (
        isinstance(pixels, (bool, np.bool_))
        or not isinstance(pixels, (int, np.integer))
        or pixels < 1
    ):
        raise TilingError(f"pixels must be a positive integer, got {pixels!r}")
    if faces.shape[1] == 3:
        faces = np.column_stack([faces, np.ones(len(faces))])
    table = np.zeros((len(faces) + 1, 4), dtype=np.uint8)  # row 0: transparent
    table[1:] = np.round(np.clip(faces, 0, 1) * 255).astype(np.uint8)
    p = int(pixels)
    marks = np.zeros((0, 2), np.int64) if marks is None else np.asarray(marks).reshape(-1, 2)
    if p < 3:
        if len(marks):
            table = np.vstack([table, (np.array(rgba([MARK])[0]) * 255).astype(np.uint8)])
            labels = labels.copy()
            labels[marks[:, 0], marks[:, 1]] = len(table) - 2
        big = labels if p == 1 else np.repeat(np.repeat(labels, p, axis=0), p, axis=1)
        return table[big + 1]
    big = np.repeat(np.repeat(labels, p, axis=0), p, axis=1)
    img = table[big + 1]
    inside = big >= 0
    pad = np.pad(big, 1, constant_values=-1)
    centre = pad[1:-1, 1:-1]
    border = (centre != pad[1:-1, 2:]) | (centre != pad[2:, 1:-1])  # right, below
    border |= (pad[1:-1, :-2] == -1) | (pad[:-2, 1:-1] == -1)  # left/top against nothing
    line = border & inside
    if isinstance(edges, str) or (isinstance(edges, tuple) and np.ndim(edges) == 1):
        img[line] = (rgba([edges])[0] * 255).astype(np.uint8)
    else:
        try:
            edge_rgba = rgba(np.asarray(edges, dtype=float))
        except (TypeError, ValueError) as exc:
            raise TilingError(
                f"edges must be one colour or a (k, 3) / (k, 4) array of 0..1 values: {exc}"
            ) from None
        if len(edge_rgba) != len(faces):
            raise TilingError(
                f"edges needs one colour per face ({len(faces)}), got {len(edge_rgba)}"
            )
        edge_table = np.round(edge_rgba * 255).astype(np.uint8)
        img[line] = edge_table[big[line]]
    if len(marks):
        mid = p // 2
        mark_rgba = (np.array(rgba([MARK])[0]) * 255).astype(np.uint8)
        img[marks[:, 0] * p + mid, marks[:, 1] * p + mid] = mark_rgba
        if p >= 6:  # a plus sign, still inside the cell
            for dy, dx in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                img[marks[:, 0] * p + mid + dy, marks[:, 1] * p + mid + dx] = mark_rgba
    return img


def _render_raster(ax, pieces):
    """Fills as one image with a pixel per cell; borders as vector lines when cells are big enough.

    Cells under 5 screen pixels get no borders (they would hide the colours),
    and an image shrunk below a pixel per cell is antialiased, so a huge
    tiling reads as areas of colour.  From 5 pixels up the borders are a
    LineCollection of merged straight runs, snapped to the pixel grid so they
    stay crisp and even; past :data:`MAX_SEGMENTS` runs (a huge figure) they are drawn into
    the image instead, at a few pixels per cell.
    """
    px = cell_size_px(ax, pieces.shape)
    h, w = pieces.shape
    segments = _border_segments(pieces) if px >= BORDER_MIN_PX else None
    if segments is not None and len(segments[0]) > MAX_SEGMENTS:
        # never more pixels than the screen has: upsampling doubles a line now
        # and then, downsampling would drop some
        pixels = int(np.clip(np.floor(px), 3, 12))
        img = raster_image(
            pieces.labels, pieces.faces, pixels=pixels, marks=pieces.marks, edges=pieces.edges
        )
        segments = None
    else:
        img = raster_image(pieces.labels, pieces.faces, pixels=1, marks=pieces.marks)
    # Downsampled images need antialiasing (area averaging) against moire;
    # upsampled ones stay crisp with nearest-neighbour.
    interp = "nearest" if px >= 1 else "antialiased"
    ax.imshow(img, extent=(0, w, h, 0), interpolation=interp, origin="upper", zorder=1)
    if segments is not None and len(segments[0]):
        from matplotlib.collections import LineCollection

        lines, colors = segments
        cell_pt = px * 72.0 / ax.figure.dpi
        lw = max(0.06 * cell_pt, 72.0 / ax.figure.dpi)  # at least one pixel
        coll = LineCollection(lines, colors=colors, linewidths=lw, zorder=2, capstyle="projecting")
        coll.set_snap(True)
        ax.add_collection(coll, autolim=False)
    frame(ax, pieces.shape)  # imshow resets limits and aspect


#: Smallest cell, in screen pixels, that the raster renderer gives borders.
BORDER_MIN_PX = 5

#: Most border runs drawn as vector lines by the raster renderer.
MAX_SEGMENTS = 250_000


def _runs(key):
    """Maximal runs of equal non-zero values along each row of ``key``.

    Returns (row, start, stop, value) arrays: ``key[row, start:stop] == value``.
    Starts and ends both come out of np.nonzero in row-major order and each
    run has exactly one of each, so they pair up by position.
    """
    zero = np.zeros((key.shape[0], 1), dtype=key.dtype)
    before = np.concatenate([zero, key[:, :-1]], axis=1)
    after = np.concatenate([key[:, 1:], zero], axis=1)
    rs, cs = np.nonzero((key != before) & (key != 0))
    _, ce = np.nonzero((key != after) & (key != 0))
    return rs, cs, ce + 1, key[rs, cs]


def _border_segments(pieces):
    """Segments ``((x0, y0), (x1, y1))`` along cell sides where the piece changes; their colours.

    Blocked cells count as one piece (no lines inside a blocked area) and
    sides between nothing and a blocked cell are not drawn; a line takes the
    edge colour of a real piece beside it.
    """
    lab = pieces.labels
    solid = ~pieces.rounded & np.all(np.isclose(pieces.edges, pieces.faces), axis=1)
    group = np.where(lab >= 0, lab, -1)
    if solid.any():
        group = np.where((lab >= 0) & solid[np.maximum(lab, 0)], -3, group)
    pad = np.pad(group, 1, constant_values=-1)
    padlab = np.pad(lab, 1, constant_values=-1)
    edge_ids, table = _edge_table(pieces)

    # which piece lends its colour to the line between two cells: a real one
    def line_key(g0, g1, l0, l1):
        draw = (g0 != g1) & ((g0 >= 0) | (g1 >= 0))
        owner = np.where(g0 >= 0, l0, l1)
        return np.where(draw, edge_ids[np.maximum(owner, 0)] + 1, 0)

    horiz = line_key(pad[:-1, 1:-1], pad[1:, 1:-1], padlab[:-1, 1:-1], padlab[1:, 1:-1])
    vert = line_key(pad[1:-1, :-1], pad[1:-1, 1:], padlab[1:-1, :-1], padlab[1:-1, 1:])
    r, c0, c1, hv = _runs(horiz)  # horizontal line at y = r from x = c0 to c1
    c, r0, r1, vv = _runs(vert.T)  # vertical line at x = c from y = r0 to r1
    lines = np.concatenate(
        [
            np.stack([np.stack([c0, r], 1), np.stack([c1, r], 1)], 1),
            np.stack([np.stack([c, r0], 1), np.stack([c, r1], 1)], 1),
        ]
    ).astype(float)
    return lines, table[np.concatenate([hv, vv]) - 1]


def _edge_table(pieces):
    """Index of each piece's edge colour in a table of the distinct edge colours."""
    table, ids = np.unique(np.round(pieces.edges, 4), axis=0, return_inverse=True)
    return ids.reshape(-1), table
