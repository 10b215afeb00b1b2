"""The renderers (vector paths and raster image), axes set-up, and the raster image of a grid.

A picture is one :class:`PiecesArtist` on the axes.  It decides how to draw
when the figure is drawn, because only then are the output format and the
size of a cell known:

* ``"vector"``: each colour class one compound path (a
  :class:`~matplotlib.patches.PathPatch` whose subpaths are the pieces), so
  an SVG or PDF holds a handful of ``<path>`` elements however many dominoes
  there are; borders are the paths' strokes, as wide as the cells allow;
* ``"raster"``: the fills as one image with a pixel per cell and the borders
  as merged straight lines (or drawn into the image), linear in the number
  of cells;
* ``"auto"``: vector paths in vector formats (SVG, PDF, PS) at any size, and
  in raster formats (PNG, the screen) up to :data:`MAX_PATCHES` pieces; the
  raster image beyond.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from matplotlib.artist import Artist

from .._validation import check_choice, shown
from ..errors import TilingError
from ._colors import EDGE, MARK, MAX_PATCHES, STYLES, rgba

__all__ = [
    "new_axes",
    "fit_figure",
    "frame",
    "cell_size_px",
    "render",
    "raster_image",
    "PiecesArtist",
    "BORDER_MIN_PX",
    "MAX_SEGMENTS",
    "VECTOR_BORDER_MIN_PT",
]

#: Smallest cell, in screen pixels, that the raster renderer gives borders.
BORDER_MIN_PX = 5

#: Most border runs drawn as vector lines by the raster renderer.
MAX_SEGMENTS = 250_000

#: Smallest cell, in points, whose pieces get a stroked border in vector output
#: (below it a border would be wider than the fill it outlines on paper).
VECTOR_BORDER_MIN_PT = 2.0

#: Most distinct colour classes drawn as one compound path each; beyond (a
#: colour map over many values) each piece is a path of one collection.
MAX_CLASSES = 256

#: Size of a cell (inches) on a new figure, and the longest side of the drawing.
CELL_INCHES, MAX_INCHES = 0.45, 8.0


def check_axes(ax):
    """``ax`` if it is a matplotlib Axes, else a one-line TypeError (``ax=True`` and the like)."""
    from matplotlib.axes import Axes

    if not isinstance(ax, Axes):
        raise TypeError(f"ax must be a matplotlib Axes or None, not {type(ax).__name__}")
    return ax


def new_axes(shape, *, title=True, legend=False, dpi=None, max_inches=MAX_INCHES):
    """A fresh figure shaped like the grid, with room for a title and a legend row.

    Cells are 0.45 inch up to the longest side of ``max_inches``; the other side
    follows the grid's shape (a long thin strip gets a long thin canvas), and
    the title and the legend add their own height instead of a minimum size
    (:func:`fit_figure` measures them once they are drawn).
    """
    import matplotlib.pyplot as plt  # lazily: pyplot picks its backend on first import

    h, w = shape
    per_cell = min(CELL_INCHES, max_inches / max(h, w, 1))
    draw_w, draw_h = max(w * per_cell, 0.3), max(h * per_cell, 0.3)
    extra = (0.4 if title else 0.0) + (0.35 if legend else 0.0)
    width = max(draw_w, 3.8 if (title or legend) else 0.6) + 0.15
    height = draw_h + 0.15 + extra
    kwargs = {} if dpi is None else {"dpi": dpi}
    fig, ax = plt.subplots(figsize=(width, height), layout="constrained", **kwargs)
    fig.get_layout_engine().set(w_pad=0.03, h_pad=0.03)
    fig._tiling_drawing = (draw_w, draw_h)  # what fit_figure keeps
    return ax


def fit_figure(ax):
    """Resize a figure made by :func:`new_axes` to its drawing plus the title and legend it got.

    Figures made elsewhere (``ax=`` given) are left alone.
    """
    fig = ax.figure
    drawing = getattr(fig, "_tiling_drawing", None)
    if drawing is None or len(fig.axes) != 1:
        return
    draw_w, draw_h = drawing
    dpi = fig.dpi
    fig.set_dpi(100)  # text measured at one resolution: the size in inches never depends on dpi
    try:
        extra_h, need_w = _decorations(ax, draw_w)
    finally:
        fig.set_dpi(dpi)
    fig.set_size_inches(need_w + 0.15, draw_h + 0.15 + extra_h)


def _decorations(ax, draw_w):
    """Height the title and an outside legend need, and the width any of them needs (inches)."""
    fig = ax.figure
    renderer = fig.canvas.get_renderer()
    extra_h, need_w = 0.0, draw_w
    for text in (ax.title, ax._left_title, ax._right_title):
        if text.get_text():
            box = text.get_window_extent(renderer)
            extra_h = max(extra_h, box.height / fig.dpi + 0.12)
            need_w = max(need_w, box.width / fig.dpi + 0.1)
    legend = ax.get_legend()
    if legend is not None and getattr(legend, "_tiling_outside", False):
        box = legend.get_window_extent(renderer)
        extra_h += box.height / fig.dpi + 0.08
        need_w = max(need_w, box.width / fig.dpi + 0.1)
    return extra_h, need_w


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


def cell_size_px(ax, shape=None):
    """Side of one cell on screen, in pixels at the figure's dpi (after layout and frame)."""
    fig = ax.figure
    if fig.get_layout_engine() is not None:
        fig.get_layout_engine().execute(fig)
    return _cell_display(ax)


def _cell_display(ax):
    """Side of one cell in display units (pixels; points while a vector file is written)."""
    box = ax.get_window_extent()
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    # with equal aspect the axes box shrinks to the tighter of the two scales
    return max(min(box.width / abs(x1 - x0), box.height / abs(y1 - y0)), 1e-3)


def render(ax, pieces, style, who):
    """Put ``pieces`` on ``ax`` as one :class:`PiecesArtist`; returns the artist."""
    check_choice(style, STYLES, "style", who)
    frame(ax, pieces.shape)
    artist = PiecesArtist(pieces, style)
    ax.add_artist(artist)
    return artist


def _is_vector(renderer):
    """True while a vector file (SVG, PDF, PS, PGF) is written."""
    from matplotlib.backends.backend_mixed import MixedModeRenderer

    return isinstance(renderer, MixedModeRenderer)


class PiecesArtist(Artist):
    """The pieces of one picture, drawn as vector paths or as an image at draw time.

    Attributes: ``pieces`` (what is drawn), ``style`` (``"auto"``,
    ``"vector"`` or ``"raster"``) and, after a draw, ``last_mode``: the
    renderer used (``"vector"`` or ``"raster"``).
    """

    def __init__(self, pieces, style):
        super().__init__()
        self.pieces = pieces
        self.style = style
        self.last_mode = None
        self.set_zorder(1)
        self.set_in_layout(False)

    def mode(self, renderer):
        """``"vector"`` or ``"raster"``: how ``renderer`` gets the pieces."""
        if self.style != "auto":
            return self.style
        if _is_vector(renderer) or len(self.pieces) <= MAX_PATCHES:
            return "vector"
        return "raster"

    def draw(self, renderer):
        if not self.get_visible():
            return
        ax = self.axes
        px = _cell_display(ax)
        cell_pt = px * 72.0 / self.figure.dpi
        self.last_mode = self.mode(renderer)
        if self.last_mode == "vector":
            children = _vector_children(self.pieces, cell_pt)
            for child in children:
                _to_display(child, ax, px)
        else:
            children = _raster_children(ax, self.pieces, px, cell_pt)
        children += _letter_children(self.pieces, cell_pt)
        for child in children:
            child.axes = ax
            child.set_figure(self.figure)
            if not child.is_transform_set():
                child.set_transform(ax.transData)
            child.set_clip_path(ax.patch)
            child.draw(renderer)
        self.stale = False


# ---------------------------------------------------------------------------- vector
def rect_path(rects, inset=0.0, rounding=0.0):
    """One compound :class:`~matplotlib.path.Path`: a closed subpath per ``(r0, c0, r1, c1)``.

    ``rounding`` > 0 rounds the corners with quadratic Bezier arcs.  Data
    coordinates: x is the column, y the row.
    """
    from matplotlib.path import Path

    rects = np.asarray(rects, dtype=float).reshape(-1, 4)
    y0, x0, y1, x1 = (rects[:, i] for i in range(4))
    x0, y0, x1, y1 = x0 + inset, y0 + inset, x1 - inset, y1 - inset
    k = len(rects)
    if rounding <= 0:
        corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]
        codes = [Path.MOVETO, Path.LINETO, Path.LINETO, Path.LINETO, Path.CLOSEPOLY]
    else:
        q = rounding
        corners = [
            (x0 + q, y0),
            (x1 - q, y0), (x1, y0), (x1, y0 + q),
            (x1, y1 - q), (x1, y1), (x1 - q, y1),
            (x0 + q, y1), (x0, y1), (x0, y1 - q),
            (x0, y0 + q), (x0, y0), (x0 + q, y0),
            (x0 + q, y0),
        ]  # fmt: skip
        codes = [Path.MOVETO] + [Path.LINETO, Path.CURVE3, Path.CURVE3] * 4 + [Path.CLOSEPOLY]
    verts = np.stack(
        [np.stack([np.broadcast_to(x, k), np.broadcast_to(y, k)], 1) for x, y in corners], 1
    )
    path = Path(verts.reshape(-1, 2), np.tile(np.array(codes, dtype=Path.code_type), k))
    path.should_simplify = False  # exact: every subpath is a piece
    return path


def segment_path(lines):
    """One compound path of straight segments ``((x0, y0), (x1, y1))`` (to stroke, not fill)."""
    from matplotlib.path import Path

    lines = np.asarray(lines, dtype=float).reshape(-1, 2, 2)
    codes = np.tile(np.array([Path.MOVETO, Path.LINETO], dtype=Path.code_type), len(lines))
    path = Path(lines.reshape(-1, 2), codes)
    path.should_simplify = False
    return path


def cross_path(cells, size=0.22):
    """Crosses (two strokes each) centred on ``cells``."""
    cells = np.asarray(cells, dtype=float).reshape(-1, 2)
    cy, cx = cells[:, 0] + 0.5, cells[:, 1] + 0.5
    a = np.stack([np.stack([cx - size, cy - size], 1), np.stack([cx + size, cy + size], 1)], 1)
    b = np.stack([np.stack([cx + size, cy - size], 1), np.stack([cx - size, cy + size], 1)], 1)
    return segment_path(np.concatenate([a, b]))


def _to_display(patch, ax, cell_display):
    """Put a PathPatch's vertices in display units, rounded to a fixed grid.

    Every vertex lies on a grid line of the cells (or a fixed offset from
    one), so neighbours round alike and the tiling stays exact; the rounding
    (a tenth of a point for small cells) keeps an SVG of 10^5 dominoes to a
    few MB, instead of six decimals for every coordinate.
    """
    from matplotlib.path import Path
    from matplotlib.transforms import IdentityTransform

    if not hasattr(patch, "get_path") or patch.is_transform_set():
        return
    step = 0.1 if cell_display < 10 else 0.01
    path = patch.get_path()
    verts = ax.transData.transform(path.vertices)
    top = ax.figure.bbox.height  # vector files count y from the top: round there
    verts[:, 0] = np.round(verts[:, 0] / step) * step
    verts[:, 1] = top - np.round((top - verts[:, 1]) / step) * step
    display = Path(verts, path.codes)
    display.should_simplify = False
    patch.set_path(display)
    patch.set_transform(IdentityTransform())


def border_width_pt(cell_pt):
    """Width of a domino's border in points for cells of ``cell_pt`` points."""
    return float(np.clip(0.045 * cell_pt, 0.15, 1.6))


def _rgba32(colors):
    """RGBA rows as one integer each (8 bits a channel), for grouping by colour."""
    q = np.round(np.clip(colors, 0, 1) * 255).astype(np.int64)
    return (q[:, 0] << 24) | (q[:, 1] << 16) | (q[:, 2] << 8) | q[:, 3]


def _style_classes(pieces):
    """Group pieces drawn alike: ``(indices, face, edge, rounded, width)`` per class.

    Computed once per picture (a figure is drawn twice when saved with a
    layout engine) from one integer key per piece.
    """
    cached = getattr(pieces, "_classes", None)
    if cached is not None:
        return cached
    pair = (_rgba32(pieces.faces) << 32) | _rgba32(pieces.edges)
    _, pair_id = np.unique(pair, return_inverse=True)
    widths, width_id = np.unique(pieces.edge_width, return_inverse=True)
    key = (pair_id.reshape(-1) * 2 + pieces.rounded) * len(widths) + width_id.reshape(-1)
    _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    inverse = inverse.reshape(-1)
    order = np.argsort(inverse, kind="stable")
    bounds = np.searchsorted(inverse[order], np.arange(len(first) + 1))
    classes = [
        (
            order[bounds[i] : bounds[i + 1]],
            pieces.faces[j],
            pieces.edges[j],
            bool(pieces.rounded[j]),
            float(pieces.edge_width[j]),
        )
        for i, j in enumerate(first)
    ]
    pieces._classes = classes
    return classes


def _vector_children(pieces, cell_pt):
    if pieces.kind == "cells":
        return _vector_cells(pieces, cell_pt)
    return _vector_dominoes(pieces, cell_pt)


def _vector_dominoes(pieces, cell_pt):
    """Each colour class one compound path; uncovered cells crossed."""
    from matplotlib.collections import PathCollection
    from matplotlib.patches import PathPatch

    stroked = cell_pt >= VECTOR_BORDER_MIN_PT
    lw = border_width_pt(cell_pt)
    big = cell_pt >= 8
    inset, rounding = (0.06, 0.16) if big else (0.0, 0.0)
    classes = _style_classes(pieces)
    out = []
    if len(classes) > MAX_CLASSES:  # a colour map over many values: one path per piece
        paths = [rect_path(r[None], inset if rd else 0, rounding if rd else 0)
                 for r, rd in zip(pieces.rects, pieces.rounded)]  # fmt: skip
        coll = PathCollection(
            paths,
            facecolors=pieces.faces,
            edgecolors=pieces.edges if stroked else "none",
            linewidths=np.where(pieces.rounded, lw, min(lw, 0.8)) * pieces.edge_width,
            joinstyle="round",
        )
        out.append(coll)
    else:
        for idx, face, edge, rounded, width in classes:
            path = rect_path(pieces.rects[idx], inset if rounded else 0, rounding if rounded else 0)
            solid = not rounded and np.allclose(face, edge)
            out.append(
                PathPatch(
                    path,
                    facecolor=face,
                    edgecolor=edge if (stroked and not solid) else "none",
                    linewidth=(lw if rounded else min(lw, 0.8)) * width,
                    joinstyle="round",
                )
            )
    out.extend(_vector_marks(pieces, cell_pt, lw))
    return out


def _vector_marks(pieces, cell_pt, lw):
    from matplotlib.patches import PathPatch

    if not len(pieces.marks):
        return []
    if cell_pt < 3:  # too small for a cross: the whole cell in the mark colour
        return [PathPatch(rect_path(np.column_stack([pieces.marks, pieces.marks + 1])),
                          facecolor=MARK, edgecolor="none")]  # fmt: skip
    return [
        PathPatch(
            cross_path(pieces.marks),
            fill=False,
            edgecolor=MARK,
            linewidth=max(lw * 1.2, 0.5),
            capstyle="round",
            zorder=3,
        )
    ]


def _vector_cells(pieces, cell_pt):
    """Cells: fills merged into row runs per colour, the grid and the outline as two paths."""
    from matplotlib.patches import PathPatch

    classes, table = _face_classes(pieces)
    out = []
    r, c0, c1, key = _runs(classes + 1)
    for k, face in enumerate(table):
        pick = key == k + 1
        rects = np.column_stack([r[pick], c0[pick], r[pick] + 1, c1[pick]])
        out.append(PathPatch(rect_path(rects), facecolor=face, edgecolor="none"))
    grid, outline = cell_lines(pieces)
    lw = border_width_pt(cell_pt)
    if len(grid) and cell_pt >= VECTOR_BORDER_MIN_PT:
        out.append(
            PathPatch(
                segment_path(grid),
                fill=False,
                edgecolor=pieces.edges[0] if len(pieces.edges) else EDGE,
                linewidth=lw * 0.7,
                capstyle="projecting",
            )
        )
    if len(outline):
        out.append(
            PathPatch(
                segment_path(outline),
                fill=False,
                edgecolor=EDGE,
                linewidth=max(lw * 1.4, 0.3),
                capstyle="projecting",
                zorder=2,
            )
        )
    return out


def _face_classes(pieces):
    """Per-cell index into a table of the distinct face colours (-1 for nothing)."""
    table, ids = np.unique(np.round(pieces.faces, 4), axis=0, return_inverse=True)
    ids = ids.reshape(-1)
    lab = pieces.labels
    classes = np.where(lab >= 0, ids[np.maximum(lab, 0)], -1)
    return classes, table


def cell_lines(pieces):
    """Grid lines between two cells of the region, and the region's outline, as segments.

    The region is the set of pieces that are not solid (blocked cells are
    solid); the outline runs where a region cell meets anything else.
    """
    lab = pieces.labels
    inside = lab >= 0
    if pieces.solid.any():
        inside &= ~pieces.solid[np.maximum(lab, 0)]
    pad = np.pad(inside, 1)
    # horizontal lines at y = r (between rows r-1 and r), vertical at x = c
    top, bottom = pad[:-1, 1:-1], pad[1:, 1:-1]
    left, right = pad[1:-1, :-1], pad[1:-1, 1:]
    grid = _segments(top & bottom, left & right)
    outline = _segments(top != bottom, left != right)
    return grid, outline


def _segments(horizontal, vertical):
    """Merged runs of the True entries: horizontal[r, c] is the side from (c, r) to (c + 1, r)."""
    r, c0, c1, _ = _runs(horizontal.astype(np.int8))
    c, r0, r1, _ = _runs(vertical.T.astype(np.int8))
    return np.concatenate(
        [
            np.stack([np.stack([c0, r], 1), np.stack([c1, r], 1)], 1),
            np.stack([np.stack([c, r0], 1), np.stack([c, r1], 1)], 1),
        ]
    ).astype(float)


def _letter_children(pieces, cell_pt):
    """Letters written in cells (a certificate's S and N) when cells are large enough."""
    if pieces.letters is None or cell_pt < 11:
        return []
    from matplotlib.text import Text

    cells, strings = pieces.letters
    size = min(0.42 * cell_pt, 11)
    return [
        Text(
            c + 0.5, r + 0.5, s, ha="center", va="center", fontsize=size, color="#1A1A1A", zorder=3
        )
        for (r, c), s in zip(np.asarray(cells).tolist(), strings)
    ]


# ---------------------------------------------------------------------------- raster
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
        faces = np.asarray(faces)
    except (TypeError, ValueError) as exc:
        raise TilingError(
            f"raster_image(): labels and faces must be numeric arrays: {exc}"
        ) from None
    # the shape before the conversion: a huge array of the wrong shape is refused uncopied
    if faces.ndim != 2 or faces.shape[1] not in (3, 4):
        raise TilingError(f"faces must be a (k, 3) or (k, 4) array, got shape {faces.shape}")
    try:
        faces = faces.astype(float)
    except (TypeError, ValueError) as exc:
        raise TilingError(f"raster_image(): faces must be numeric: {exc}") from None
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
        raise TilingError(f"pixels must be a positive integer, got {shown(pixels)}")
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


def _raster_children(ax, pieces, px, cell_pt):
    """Fills as one image with a pixel per cell; borders as lines when cells are big enough.

    Cells under :data:`BORDER_MIN_PX` screen pixels get no borders (they
    would hide the colours), and an image shrunk below a pixel per cell is
    antialiased, so a huge tiling reads as areas of colour.  From 5 pixels up
    the borders are a LineCollection of merged straight runs, snapped to the
    pixel grid so they stay crisp and even; past :data:`MAX_SEGMENTS` runs (a
    huge figure) they are drawn into the image instead, at a few pixels per
    cell.  A region's outline (cells pictures) is drawn at every size.
    """
    from matplotlib.collections import LineCollection
    from matplotlib.image import AxesImage

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
    image = AxesImage(ax, interpolation=interp, origin="upper")
    image.set_data(img)
    image.set_extent((0, w, h, 0))
    image.set_zorder(1)
    out = [image]
    one_px = 72.0 / ax.figure.dpi
    if segments is not None and len(segments[0]):
        lines, colors = segments
        lw = max(0.06 * cell_pt, one_px)  # at least one pixel
        coll = LineCollection(lines, colors=colors, linewidths=lw, zorder=2, capstyle="projecting")
        coll.set_snap(True)
        out.append(coll)
    if pieces.kind == "cells":
        _, outline = cell_lines(pieces)
        if len(outline):
            lw = max(0.1 * cell_pt, one_px) if px >= 2 else one_px * 0.8
            coll = LineCollection(
                outline, colors=[EDGE], linewidths=lw, zorder=2, capstyle="projecting"
            )
            coll.set_snap(px >= 2)
            out.append(coll)
    return out


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
