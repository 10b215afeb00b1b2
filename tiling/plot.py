"""Pictures and animations of regions, tilings, proofs and processes (matplotlib).

Every function takes an optional ``ax=`` and returns what it drew on: an
:class:`~matplotlib.axes.Axes` for pictures, a
:class:`~matplotlib.animation.FuncAnimation` for animations.  Nothing is shown
or written unless asked (:func:`save`); everything works headless (Agg).

Coordinates are the library's: cell ``(r, c)`` occupies ``c <= x < c + 1`` and
``r <= y < r + 1`` with ``y`` growing downwards, so row 0 is on top and an
image drawn with ``extent=(0, w, h, 0)`` lines up with the cells.

Two renderers draw the same pieces (dominoes, free cells, blocked cells):

* ``"patches"``, for pictures people read cell by cell: each piece a rounded
  rectangle (:class:`~matplotlib.patches.FancyBboxPatch`) in one
  :class:`~matplotlib.collections.PatchCollection`, with a dark border;
* ``"raster"``, for large tilings: the fills as one image with a pixel per
  cell, and, when cells are at least 5 screen pixels wide, the borders as
  one :class:`~matplotlib.collections.LineCollection` of merged straight
  runs (drawn into the image instead, at a few pixels per cell, past
  :data:`MAX_SEGMENTS` runs).  Below 5 pixels borders would hide the
  colours; below one pixel the image is downsampled with antialiasing.  The cost is linear
  in the number of cells, so a million dominoes draw and save in about a
  second.

``style="auto"`` uses patches up to :data:`MAX_PATCHES` pieces.

Palettes are colour-blind safe: fills from Paul Tol's "light" scheme, the four
shuffling orientations and highlights from Okabe & Ito (2008).
"""

import pathlib

import numpy as np

from .dominoes import Tiling, require_tiling
from .errors import TilingError
from .region import Region, require_region

__all__ = [
    "draw_region",
    "draw_tiling",
    "draw_certificate",
    "draw_arctic_curve",
    "animate_matching",
    "animate_coloring",
    "animate_shuffling",
    "save",
    "raster_image",
    "PALETTE",
    "ORIENTATION_COLORS",
    "MAX_PATCHES",
]

#: Fill colours for colourings: Paul Tol's "light" scheme (colour-blind safe,
#: light enough for dark borders to show), in the order the colours are used.
PALETTE = ("#77AADD", "#EE8866", "#EEDD88", "#44BB99", "#FFAABB", "#99DDFF", "#BBCC33", "#AAAA00")

#: Colours of the four domino-shuffling classes (Okabe-Ito): the frozen corners
#: of an Aztec diamond are N on top, S at the bottom, W left, E right.
ORIENTATION_COLORS = {"N": "#E69F00", "S": "#0072B2", "W": "#009E73", "E": "#CC79A7"}

#: Largest number of pieces (dominoes plus marked cells) drawn as patches by style="auto".
MAX_PATCHES = 2000

EDGE = "#262626"  # domino borders
FREE = "#F6F3EC"  # a free cell of a region (warm off-white)
BLOCKED = "#5A5A5A"  # a cell inside the picture that is not part of the region
GRID = "#A8A8A8"  # grid lines between the cells of a region
MARK = "#D55E00"  # uncovered cells, augmenting paths (vermillion)
HIGHLIGHT = "#E69F00"  # the set S of a certificate (orange)
NEIGHBOR = "#56B4E9"  # its neighbourhood N(S) (sky blue)
UNCOLORED = "#E4E4E4"  # dominoes not yet coloured in an animation

_STYLES = ("auto", "patches", "raster")
_BLOCKED_MODES = ("holes", "box", None)


# ---------------------------------------------------------------------------- checks
def _check_choice(value, allowed, name, who):
    if value not in allowed:
        choices = ", ".join(repr(a) for a in allowed)
        raise TilingError(f"{who}(): {name} must be one of {choices}, not {value!r}")


# ---------------------------------------------------------------------------- colours
def _rgba(colors):
    """(k, 4) float RGBA array from a sequence of matplotlib colours."""
    from matplotlib.colors import to_rgba_array

    return to_rgba_array(colors)


def _categorical(values):
    """RGBA for integer category labels: the palette, or tab20 beyond its size."""
    values = np.asarray(values, dtype=np.int64)
    if len(values) and values.min() < 0:
        raise TilingError(f"colour indices must be non-negative, got {int(values.min())}")
    if not len(values) or values.max() < len(PALETTE):
        return _rgba(PALETTE)[values] if len(values) else np.zeros((0, 4))
    import matplotlib

    table = matplotlib.colormaps["tab20"](np.arange(20))
    return table[values % 20]


def _auto_coloring(tiling):
    """A proper colouring of the dominoes (side adjacency): 4 colours, else 5."""
    from . import coloring

    try:
        return np.asarray(coloring.color(tiling, k=4))
    except TilingError:
        return np.asarray(coloring.color(tiling, k=5))


def _domino_colors(tiling, colors, cmap, who):
    """Resolve the ``colors`` argument of :func:`draw_tiling` to a (k, 4) RGBA array."""
    from matplotlib.colors import is_color_like

    k = len(tiling)
    if isinstance(colors, str):
        if colors == "auto":
            return _categorical(_auto_coloring(tiling)) if k else np.zeros((0, 4))
        if colors == "orientation":
            table = {key: _rgba([value])[0] for key, value in ORIENTATION_COLORS.items()}
            names = tiling.orientations("nsew")
            out = np.zeros((k, 4))
            for key, rgba in table.items():
                out[names == key] = rgba
            return out
        if is_color_like(colors):
            return np.tile(_rgba([colors])[0], (k, 1))
        raise TilingError(
            f"{who}(): colors={colors!r} is neither 'auto', 'orientation' nor a matplotlib colour"
        )
    if isinstance(colors, tuple) and is_color_like(colors):
        return np.tile(_rgba([colors])[0], (k, 1))
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
        return _rgba(arr.astype(float))
    if arr.ndim != 1:
        raise TilingError(f"{who}(): colors has shape {arr.shape}; give one value per domino")
    if arr.dtype.kind in "US" or arr.dtype == object:
        try:
            return _rgba(list(arr))
        except ValueError as exc:
            raise TilingError(f"{who}(): {exc}") from None
    if arr.dtype == bool or np.issubdtype(arr.dtype, np.integer):
        return _categorical(arr.astype(np.int64))
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


# ---------------------------------------------------------------------------- pieces
class _Pieces:
    """Everything one picture shows, whatever the renderer.

    ``rects``: (k, 4) int rows ``(r0, c0, r1, c1)``, rows r0..r1-1 and columns
    c0..c1-1; ``faces`` and ``edges``: (k, 4) RGBA; ``rounded``: (k,) bool,
    False for pieces drawn as plain full squares (blocked cells, grid cells);
    ``labels``: the piece index of each cell of the picture's grid, -1 where
    nothing is drawn; ``marks``: (m, 2) cells that get a cross (uncovered cells).
    """

    def __init__(self, shape, rects, faces, labels, marks=None, rounded=None, edges=None):
        self.shape = shape
        self.rects = np.asarray(rects, dtype=np.int64).reshape(-1, 4)
        self.faces = np.asarray(faces, dtype=float).reshape(-1, 4)
        k = len(self.rects)
        self.labels = labels
        self.marks = np.zeros((0, 2), np.int64) if marks is None else np.asarray(marks)
        self.rounded = np.ones(k, dtype=bool) if rounded is None else np.asarray(rounded, bool)
        self.edges = np.tile(_rgba([EDGE])[0], (k, 1)) if edges is None else np.asarray(edges)
        self.edge_width = np.ones(k)

    def __len__(self):
        return len(self.rects)


def _blocked_cells(region, mode):
    """Cells to paint as blocked: the region's holes, its whole bounding box complement, or none."""
    if mode is None:
        return np.zeros((0, 2), dtype=np.int64)
    if mode == "holes":
        holes = region.holes()
        return np.concatenate(holes) if holes else np.zeros((0, 2), dtype=np.int64)
    r0, c0, r1, c1 = region.bounding_box()
    box = np.zeros(region.shape, dtype=bool)
    box[r0:r1, c0:c1] = True
    return np.argwhere(box & ~region.mask).astype(np.int64)


def _cell_rects(cells):
    cells = np.asarray(cells, dtype=np.int64).reshape(-1, 2)
    return np.column_stack([cells, cells + 1])


def _tiling_pieces(tiling, faces, blocked, shape=None, offset=(0, 0)):
    """Pieces of a tiling: dominoes, then uncovered cells (marked), then blocked cells."""
    region = tiling.region
    dr, dc = offset
    shape = region.shape if shape is None else shape
    d = tiling.dominoes
    dom_rects = np.column_stack([d[:, 0], d[:, 1] + 1]) if len(d) else np.zeros((0, 4), np.int64)
    free = tiling.uncovered()
    block = _blocked_cells(region, blocked)
    rects = np.concatenate([dom_rects, _cell_rects(free), _cell_rects(block)])
    rects = rects + np.array([dr, dc, dr, dc])
    k = len(d)
    all_faces = np.concatenate(
        [np.asarray(faces).reshape(-1, 4), np.tile(_rgba([FREE])[0], (len(free), 1)),
         np.tile(_rgba([BLOCKED])[0], (len(block), 1))]
    )
    labels = np.full(shape, -1, dtype=np.int64)
    own = tiling.labels()
    h, w = region.shape
    view = labels[dr : dr + h, dc : dc + w]
    view[own >= 0] = own[own >= 0]
    view[free[:, 0], free[:, 1]] = k + np.arange(len(free))
    view[block[:, 0], block[:, 1]] = k + len(free) + np.arange(len(block))
    rounded = np.arange(len(rects)) < k + len(free)
    edges = np.tile(_rgba([EDGE])[0], (len(rects), 1))
    edges[~rounded] = _rgba([BLOCKED])[0]
    return _Pieces(shape, rects, all_faces, labels, marks=free + np.array([dr, dc]),
                   rounded=rounded, edges=edges)


def _cell_pieces(region, faces, blocked):
    """Pieces of a region drawn cell by cell on a light grid (``faces`` aligned with cells())."""
    cells = region.cells()
    block = _blocked_cells(region, blocked)
    rects = np.concatenate([_cell_rects(cells), _cell_rects(block)])
    all_faces = np.concatenate([faces, np.tile(_rgba([BLOCKED])[0], (len(block), 1))])
    labels = np.full(region.shape, -1, dtype=np.int64)
    labels[cells[:, 0], cells[:, 1]] = np.arange(len(cells))
    labels[block[:, 0], block[:, 1]] = len(cells) + np.arange(len(block))
    edges = np.tile(_rgba([GRID])[0], (len(rects), 1))
    edges[len(cells):] = _rgba([BLOCKED])[0]
    return _Pieces(region.shape, rects, all_faces, labels,
                   rounded=np.zeros(len(rects), dtype=bool), edges=edges)


# ---------------------------------------------------------------------------- axes
def _new_axes(shape, title_space=False):
    """A fresh figure sized to the grid (about 0.45 inch a cell, at most 8 inches a side)."""
    import matplotlib.pyplot as plt  # lazily: pyplot picks its backend on first import

    h, w = shape
    per_cell = min(0.45, 8.0 / max(h, w))
    width = max(w * per_cell, 3.5 if title_space else 2.0) + 0.3
    height = max(h * per_cell, 2.0) + 0.3 + (0.6 if title_space else 0.0)
    fig, ax = plt.subplots(figsize=(width, height), layout="constrained")
    return ax


def _frame(ax, shape):
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


def _cell_size_px(ax, shape):
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
    _check_choice(style, _STYLES, "style", who)
    if style == "auto":
        return "patches" if n_pieces <= MAX_PATCHES else "raster"
    return style


def _render(ax, pieces, style, who):
    """Draw ``pieces`` on ``ax`` with the chosen renderer."""
    _frame(ax, pieces.shape)
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

    cell_pt = _cell_size_px(ax, pieces.shape) * 72.0 / ax.figure.dpi
    lw = float(np.clip(0.045 * cell_pt, 0.3, 1.6))
    inset = 0.06 if cell_pt >= 8 else 0.0
    rounding = 0.16 if cell_pt >= 8 else 0.0
    patches = []
    for (r0, c0, r1, c1), rounded in zip(pieces.rects.tolist(), pieces.rounded.tolist()):
        if rounded:
            patches.append(FancyBboxPatch(
                (c0 + inset, r0 + inset), c1 - c0 - 2 * inset, r1 - r0 - 2 * inset,
                boxstyle=f"round,pad=0,rounding_size={rounding}"))
        else:
            patches.append(Rectangle((c0, r0), c1 - c0, r1 - r0))
    widths = np.where(pieces.rounded, lw, min(lw, 0.8)) * pieces.edge_width
    coll = PatchCollection(patches, facecolors=pieces.faces, edgecolors=pieces.edges,
                           linewidths=widths, joinstyle="round")
    coll.set_zorder(2)
    ax.add_collection(coll, autolim=False)
    if len(pieces.marks):
        centre = pieces.marks + 0.5
        ax.scatter(centre[:, 1], centre[:, 0], marker="x", s=(0.3 * cell_pt) ** 2,
                   c=MARK, linewidths=max(lw, 0.8), zorder=3)


def raster_image(labels, faces, pixels=1, marks=None, edges=EDGE):
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
        raise TilingError(f"raster_image(): labels and faces must be numeric arrays: {exc}") from None
    if faces.ndim != 2 or faces.shape[1] not in (3, 4):
        raise TilingError(f"faces must be a (k, 3) or (k, 4) array, got shape {faces.shape}")
    if labels.ndim != 2 or not np.issubdtype(labels.dtype, np.integer):
        raise TilingError(f"labels must be a 2-d integer grid, got {labels.ndim}-d {labels.dtype}")
    if labels.size and (labels.min() < -1 or labels.max() >= len(faces)):
        raise TilingError(
            f"labels must lie in -1 .. {len(faces) - 1} (one face per label), "
            f"got {int(labels.min())} .. {int(labels.max())}"
        )
    if isinstance(pixels, (bool, np.bool_)) or not isinstance(pixels, (int, np.integer)) or pixels < 1:
        raise TilingError(f"pixels must be a positive integer, got {pixels!r}")
    if faces.shape[1] == 3:
        faces = np.column_stack([faces, np.ones(len(faces))])
    table = np.zeros((len(faces) + 1, 4), dtype=np.uint8)  # row 0: transparent
    table[1:] = np.round(np.clip(faces, 0, 1) * 255).astype(np.uint8)
    p = int(pixels)
    marks = np.zeros((0, 2), np.int64) if marks is None else np.asarray(marks).reshape(-1, 2)
    if p < 3:
        if len(marks):
            table = np.vstack([table, (np.array(_rgba([MARK])[0]) * 255).astype(np.uint8)])
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
        img[line] = (_rgba([edges])[0] * 255).astype(np.uint8)
    else:
        try:
            edge_rgba = _rgba(np.asarray(edges, dtype=float))
        except (TypeError, ValueError) as exc:
            raise TilingError(
                f"edges must be one colour or a (k, 3) / (k, 4) array of 0..1 values: {exc}"
            ) from None
        if len(edge_rgba) != len(faces):
            raise TilingError(f"edges needs one colour per face ({len(faces)}), got {len(edge_rgba)}")
        edge_table = np.round(edge_rgba * 255).astype(np.uint8)
        img[line] = edge_table[big[line]]
    if len(marks):
        mid = p // 2
        mark_rgba = (np.array(_rgba([MARK])[0]) * 255).astype(np.uint8)
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
    px = _cell_size_px(ax, pieces.shape)
    h, w = pieces.shape
    segments = _border_segments(pieces) if px >= BORDER_MIN_PX else None
    if segments is not None and len(segments[0]) > MAX_SEGMENTS:
        # never more pixels than the screen has: upsampling doubles a line now
        # and then, downsampling would drop some
        pixels = int(np.clip(np.floor(px), 3, 12))
        img = raster_image(pieces.labels, pieces.faces, pixels, pieces.marks, pieces.edges)
        segments = None
    else:
        img = raster_image(pieces.labels, pieces.faces, 1, pieces.marks)
    # Downsampled images need antialiasing (area averaging) against moire;
    # upsampled ones stay crisp with nearest-neighbour.
    interp = "nearest" if px >= 1 else "antialiased"
    ax.imshow(img, extent=(0, w, h, 0), interpolation=interp, origin="upper", zorder=1)
    if segments is not None and len(segments[0]):
        from matplotlib.collections import LineCollection

        lines, colors = segments
        cell_pt = px * 72.0 / ax.figure.dpi
        lw = max(0.06 * cell_pt, 72.0 / ax.figure.dpi)  # at least one pixel
        coll = LineCollection(lines, colors=colors, linewidths=lw, zorder=2,
                              capstyle="projecting")
        coll.set_snap(True)
        ax.add_collection(coll, autolim=False)
    _frame(ax, pieces.shape)  # imshow resets limits and aspect


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
    lines = np.concatenate([
        np.stack([np.stack([c0, r], 1), np.stack([c1, r], 1)], 1),
        np.stack([np.stack([c, r0], 1), np.stack([c, r1], 1)], 1),
    ]).astype(float)
    return lines, table[np.concatenate([hv, vv]) - 1]


def _edge_table(pieces):
    """Index of each piece's edge colour in a table of the distinct edge colours."""
    table, ids = np.unique(np.round(pieces.edges, 4), axis=0, return_inverse=True)
    return ids.reshape(-1), table


# ---------------------------------------------------------------------------- pictures
def draw_region(region, ax=None, *, blocked="box", style="auto"):
    """Draw the cells of ``region``; cells of its bounding box outside it are dark.

    Parameters
    ----------
    region : Region
    ax : matplotlib Axes, optional
        Drawn on a new figure when omitted.
    blocked : {"box", "holes", None}
        Which missing cells to paint dark: every one in the bounding box
        (default), only the holes (enclosed missing cells), or none.
    style : {"auto", "patches", "raster"}
        Rounded cells with borders, or one raster image (large regions).

    Returns
    -------
    matplotlib.axes.Axes

    Notes
    -----
    O(cells): one patch per cell in one collection, or a vectorised image.

    Examples
    --------
    >>> ax = draw_region(Region.rectangle(3, 3).without([(1, 1)]))
    >>> len(ax.collections[0].get_paths())  # 8 cells and the blocked centre
    9
    """
    require_region(region, "draw_region")
    _check_choice(blocked, _BLOCKED_MODES, "blocked", "draw_region")
    faces = np.tile(_rgba([FREE])[0], (region.n_cells, 1))
    pieces = _cell_pieces(region, faces, blocked)
    ax = _new_axes(region.shape) if ax is None else ax
    return _render(ax, pieces, style, "draw_region")


def draw_tiling(tiling, colors="auto", ax=None, *, style="auto", blocked="holes",
                arctic=False, cmap=None):
    """Draw ``tiling``: each domino a rounded rectangle with a border.

    Parameters
    ----------
    tiling : Tiling
    colors : "auto", "orientation", array or colour
        ``"auto"``: a proper 4-colouring of the dominoes (sides touching),
        5 colours when the 4-colouring gives up, in :data:`PALETTE`.
        ``"orientation"``: the four classes N/S/E/W of
        :meth:`Tiling.orientations` in :data:`ORIENTATION_COLORS` (the arctic
        circle picture).  An array of one value per domino: integers index the
        palette, floats go through ``cmap``, strings or RGB(A) rows are
        colours.  Anything else matplotlib reads as one colour (a name, a hex
        string or an RGB(A) tuple) colours every domino.
    ax : matplotlib Axes, optional
    style : {"auto", "patches", "raster"}
        Patches up to :data:`MAX_PATCHES` pieces, a raster image beyond.
    blocked : {"holes", "box", None}
        Missing cells painted dark: the region's holes (default), every
        missing cell of the bounding box, or none.
    arctic : bool or float
        Overlay the arctic curve (the tiling's region must be an Aztec
        diamond, possibly translated); a number other than True is the bias
        ``a`` of ``sample_aztec(n, weights=a)``.  See :func:`draw_arctic_curve`.
    cmap : str, optional
        Colour map for float ``colors`` (default ``"viridis"``).

    Returns
    -------
    matplotlib.axes.Axes

    Notes
    -----
    Uncovered cells of a partial tiling are marked with a cross.  Cost
    O(dominoes) plus the colouring for ``"auto"``; the raster renderer draws
    and saves a million dominoes in a few seconds.

    Examples
    --------
    >>> t = Tiling(Region.rectangle(2, 2), [[(0, 0), (1, 0)], [(0, 1), (1, 1)]])
    >>> ax = draw_tiling(t, colors="orientation")
    >>> len(ax.collections[0].get_paths())
    2
    """
    require_tiling(tiling, "draw_tiling")
    _check_choice(blocked, _BLOCKED_MODES, "blocked", "draw_tiling")
    faces = _domino_colors(tiling, colors, cmap, "draw_tiling")
    pieces = _tiling_pieces(tiling, faces, blocked)
    ax = _new_axes(tiling.region.shape) if ax is None else ax
    _render(ax, pieces, style, "draw_tiling")
    if arctic is not False and arctic is not None:
        order, (r0, c0) = _aztec_placement(tiling.region)
        bias = 1 if arctic is True else arctic
        draw_arctic_curve(order, ax=ax, a=bias, offset=(r0, c0))
    return ax


def _aztec_placement(region):
    """``(n, (row0, col0))`` when ``region`` is a translated Aztec diamond of order n."""
    r0, c0, r1, c1 = region.bounding_box()
    size = r1 - r0
    n = size // 2
    if (
        size != c1 - c0
        or size % 2
        or region.n_cells != 2 * n * (n + 1)
        or region.cropped() != Region.aztec_diamond(n)
    ):
        raise TilingError(
            "arctic=True needs a tiling of an Aztec diamond (Region.aztec_diamond(n))"
        )
    return n, (r0, c0)


def draw_arctic_curve(n, ax=None, *, a=1, offset=(0, 0), num=400, **line_kwargs):
    """Overlay the arctic curve of the Aztec diamond of order ``n``.

    The curve comes from :func:`tiling.aztec.arctic_curve` (for uniform
    weights the circle inscribed in the diamond, Jockusch, Propp & Shor 1998;
    an ellipse for biased weights): outside it a random tiling is frozen into
    bricks of one orientation.

    Parameters
    ----------
    n : int
        Order of the diamond.
    ax : matplotlib Axes, optional
    a : float
        The bias of ``sample_aztec(n, weights=a)``; 1 for uniform tilings.
    offset : (row, col)
        Top-left corner of the diamond's bounding box in the picture.
    num : int
        Number of points on the curve.
    **line_kwargs
        Passed to :meth:`~matplotlib.axes.Axes.plot` (default: a dashed dark line).

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> ax = draw_arctic_curve(10)
    >>> ax.lines[0].get_xydata().shape
    (400, 2)
    """
    from . import aztec

    pts = np.asarray(aztec.arctic_curve(n, a=a, num=num), dtype=float)
    if ax is None:
        ax = _new_axes((2 * n, 2 * n))
        _frame(ax, (2 * n, 2 * n))
    style = {"color": "black", "linewidth": 1.4, "linestyle": (0, (4, 2)), "zorder": 4}
    style.update(line_kwargs)
    ax.plot(pts[:, 1] + offset[1], pts[:, 0] + offset[0], **style)
    return ax


def draw_certificate(certificate, ax=None, *, style="auto"):
    """Draw a proof of impossibility: the region with its offending cells highlighted.

    For a ``"hall"`` certificate the set S is orange and its neighbourhood
    N(S) blue: S has more cells than N(S), and each domino covering a cell of
    S covers a cell of N(S), so at least ``|S| - |N(S)|`` cells stay
    uncovered.  For ``"color"`` the majority colour is orange and the minority
    blue; for ``"parity"`` the odd component is orange.  The title gives the
    counts and the deficiency.

    Parameters
    ----------
    certificate : tiling.certificates.Certificate
        With attributes ``kind``, ``cells``, ``neighbors``, ``deficiency``
        and ``region``.
    ax : matplotlib Axes, optional
    style : {"auto", "patches", "raster"}

    Returns
    -------
    matplotlib.axes.Axes

    Notes
    -----
    O(cells of the region).

    Examples
    --------
    >>> from tiling.certificates import prove_impossible
    >>> ax = draw_certificate(prove_impossible(Region.rectangle(3, 3)))
    >>> "deficiency" in ax.get_title()
    True
    """
    for attr in ("kind", "cells", "neighbors", "deficiency", "region"):
        if not hasattr(certificate, attr):
            raise TilingError(
                f"draw_certificate() needs a tiling.certificates.Certificate, "
                f"got {type(certificate).__name__} (no attribute {attr!r})"
            )
    region = certificate.region
    require_region(region, "draw_certificate")
    index = region.cell_index()
    faces = np.tile(_rgba([FREE])[0], (region.n_cells, 1))
    for cells, color in ((certificate.neighbors, NEIGHBOR), (certificate.cells, HIGHLIGHT)):
        cells = np.asarray(cells, dtype=np.int64).reshape(-1, 2)
        ids = index[cells[:, 0], cells[:, 1]] if len(cells) else np.zeros(0, np.int64)
        if np.any(ids < 0):
            raise TilingError("draw_certificate(): the certificate names a cell outside its region")
        faces[ids] = _rgba([color])[0]
    pieces = _cell_pieces(region, faces, "box")
    ax = _new_axes(region.shape, title_space=True) if ax is None else ax
    _render(ax, pieces, style, "draw_certificate")
    ax.set_title(_certificate_title(certificate), fontsize=10)
    return ax


def _certificate_title(cert):
    s, m, d = len(cert.cells), len(cert.neighbors), int(cert.deficiency)
    if d <= 0:
        return f"{cert.kind}: deficiency 0\nno cell has to stay uncovered"
    if cert.kind == "hall":
        return f"Hall: |S| = {s} (orange) > |N(S)| = {m} (blue)\ndeficiency {d}"
    if cert.kind == "color":
        return f"colours: {s} cells (orange) vs {m} (blue)\ndeficiency {d}"
    if cert.kind == "parity":
        return f"parity: a component of {s} cells (odd)\ndeficiency {d}"
    return f"{cert.kind}: {s} cells, {m} neighbours\ndeficiency {d}"


# ---------------------------------------------------------------------------- animations
def _animation(ax, n_frames, draw_frame, interval):
    from matplotlib.animation import FuncAnimation

    def update(i):
        ax.clear()
        draw_frame(i)
        return []

    update(0)
    anim = FuncAnimation(ax.figure, update, frames=n_frames, interval=interval,
                         blit=False, repeat=True, cache_frame_data=False)
    anim.n_frames = n_frames  # documented: what save() writes, frame by frame
    # Frame 0 is already on the axes, so matplotlib's warning about an
    # animation "deleted without rendering anything" would be misleading.
    anim._draw_was_started = True
    return anim


def _replay_paths(region, paths):
    """The matchings before and after each augmenting path, as mate arrays over cells.

    Returns a list of (mate_before, mate_after, path_cells) with mates as
    flat-index arrays (-1 = uncovered).  Raises TilingError when a path does
    not alternate over the current matching.
    """
    h, w = region.shape
    mate = np.full(h * w, -1, dtype=np.int64)
    out = []
    for number, path in enumerate(paths):
        cells = np.asarray(path, dtype=np.int64).reshape(-1, 2)
        if len(cells) < 2 or len(cells) % 2:
            raise TilingError(
                f"augmenting path {number} has {len(cells)} cells; it needs an even number >= 2"
            )
        region._check_inside(cells, f"augmenting path {number} visits")
        flat = cells[:, 0] * w + cells[:, 1]
        steps = np.abs(np.diff(cells, axis=0)).sum(axis=1)
        if np.any(steps != 1):
            raise TilingError(f"augmenting path {number} jumps between cells that do not touch")
        if mate[flat[0]] != -1 or mate[flat[-1]] != -1:
            raise TilingError(f"augmenting path {number} does not start and end at uncovered cells")
        inner = flat[1:-1].reshape(-1, 2)
        if np.any(mate[inner[:, 0]] != inner[:, 1]):
            raise TilingError(
                f"augmenting path {number} does not alternate: its cells 1-2, 3-4, ... "
                "are not all dominoes of the current matching"
            )
        before = mate.copy()
        pairs = flat.reshape(-1, 2)
        mate[pairs[:, 0]] = pairs[:, 1]
        mate[pairs[:, 1]] = pairs[:, 0]
        out.append((before, mate.copy(), cells))
    return out


def _mate_tiling(region, mate):
    """The Tiling of a mate array (each pair once, lower flat index first)."""
    w = region.shape[1]
    a = np.flatnonzero((mate >= 0) & (np.arange(len(mate)) < mate))
    b = mate[a]
    dominoes = np.stack([np.column_stack([a // w, a % w]), np.column_stack([b // w, b % w])], 1)
    return Tiling(region, dominoes)


def animate_matching(region, steps, ax=None, *, interval=700):
    """Animate Kuhn's algorithm: each augmenting path, then the dominoes it flips.

    Parameters
    ----------
    region : Region
    steps : list of augmenting paths, or the pair ``(tiling, paths)``
        As recorded by ``tiling.matching.kuhn(region, record=True)``: each
        path a list of ``(row, col)`` cells from an uncovered cell to an
        uncovered cell, whose cells 1-2, 3-4, ... were dominoes before the
        augmentation and whose cells 0-1, 2-3, ... are dominoes after it.
        The replay starts from no dominoes and checks every path.
    ax : matplotlib Axes, optional
    interval : int
        Milliseconds between frames.

    Returns
    -------
    matplotlib.animation.FuncAnimation
        ``1 + 2 * len(paths)`` frames (attribute ``n_frames``): the empty
        region, then for each path the path over the current dominoes and the
        dominoes after flipping it (the flipped ones in orange).

    Raises
    ------
    TilingError
        if a path does not alternate over the matching built so far.

    Examples
    --------
    >>> anim = animate_matching(Region.rectangle(1, 2), [[(0, 0), (0, 1)]])
    >>> anim.n_frames
    3
    """
    require_region(region, "animate_matching")
    if isinstance(steps, tuple) and len(steps) == 2 and isinstance(steps[0], Tiling):
        steps = steps[1]
    history = _replay_paths(region, list(steps))
    base, flipped = _rgba([PALETTE[0]])[0], _rgba([PALETTE[1]])[0]
    ax = _new_axes(region.shape, title_space=True) if ax is None else ax
    n = len(history)

    def draw_frame(i):
        if i == 0:
            mate, path, when = np.full(region.shape[0] * region.shape[1], -1), None, "start"
        else:
            before, after, path = history[(i - 1) // 2]
            when = "path" if i % 2 else "flip"
            mate = before if when == "path" else after
        tiling = _mate_tiling(region, mate)
        faces = np.tile(base, (len(tiling), 1))
        if path is not None and len(tiling):
            w = region.shape[1]
            on_path = set((path[:, 0] * w + path[:, 1]).tolist())
            first = tiling.dominoes[:, 0]
            hit = np.array([r * w + c in on_path for r, c in first.tolist()])
            faces[hit] = flipped if when == "flip" else _rgba(["#BBBBBB"])[0]
        _render(ax, _tiling_pieces(tiling, faces, "box"), "auto", "animate_matching")
        if when == "path":
            ax.plot(path[:, 1] + 0.5, path[:, 0] + 0.5, color=MARK, linewidth=2.5,
                    marker="o", markersize=4, zorder=5, solid_capstyle="round")
        k = (i + 1) // 2
        if when == "start":
            title = f"Kuhn's algorithm: {n} augmenting paths to find"
        elif when == "path":
            title = f"path {k} of {n}: {len(path)} cells, alternating"
        else:
            title = f"path {k} of {n} flipped: {len(tiling)} dominoes"
        ax.set_title(title, fontsize=10)

    return _animation(ax, 1 + 2 * n, draw_frame, interval)


def _replay_coloring(k, steps):
    """The colour array after each step (-1 = not coloured yet); checks the steps."""
    current = np.full(k, -1, dtype=np.int64)
    states = [current.copy()]
    for number, step in enumerate(steps):
        if not isinstance(step, tuple) or not step or step[0] not in ("assign", "swap"):
            raise TilingError(f"colouring step {number} is not ('assign', ...) or ('swap', ...)")
        if step[0] == "assign":
            _, i, color = step
            if not 0 <= int(i) < k:
                raise TilingError(f"colouring step {number} assigns domino {i} of {k}")
            current[int(i)] = int(color)
        else:
            _, idx, a, b = step
            idx = np.asarray(idx, dtype=np.int64).reshape(-1)
            if len(idx) and (idx.min() < 0 or idx.max() >= k):
                raise TilingError(f"colouring step {number} swaps a domino outside 0..{k - 1}")
            chain = current[idx]
            if np.any((chain != a) & (chain != b)):
                raise TilingError(
                    f"colouring step {number} swaps colours {a} and {b} "
                    "on a domino of another colour"
                )
            current[idx] = np.where(chain == a, b, a)
        states.append(current.copy())
    return states


def animate_coloring(tiling, steps, ax=None, *, interval=300):
    """Animate a colouring: one frame per assignment or Kempe-chain swap.

    Parameters
    ----------
    tiling : Tiling
    steps : list of tuples
        As recorded by ``tiling.coloring.color(tiling, record=True)``:
        ``("assign", domino_index, color)`` and
        ``("swap", domino_indices, color_a, color_b)`` (the dominoes of a
        Kempe chain exchange colours a and b).  Also accepts the pair
        ``(colors, steps)``.
    ax : matplotlib Axes, optional
    interval : int
        Milliseconds between frames.

    Returns
    -------
    matplotlib.animation.FuncAnimation
        ``1 + len(steps)`` frames (attribute ``n_frames``): all dominoes grey,
        then the colouring after each step; the dominoes a step changed get a
        thick border.

    Examples
    --------
    >>> t = Tiling(Region.rectangle(1, 4), [[(0, 0), (0, 1)], [(0, 2), (0, 3)]])
    >>> animate_coloring(t, [("assign", 0, 0), ("assign", 1, 1)]).n_frames
    3
    """
    require_tiling(tiling, "animate_coloring")
    if isinstance(steps, tuple) and len(steps) == 2 and not isinstance(steps[0], str):
        steps = steps[1]
    steps = list(steps)
    states = _replay_coloring(len(tiling), steps)
    grey = _rgba([UNCOLORED])[0]
    ax = _new_axes(tiling.region.shape, title_space=True) if ax is None else ax

    def draw_frame(i):
        state = states[i]
        faces = np.tile(grey, (len(tiling), 1))
        done = state >= 0
        if done.any():
            faces[done] = _categorical(state[done])
        pieces = _tiling_pieces(tiling, faces, "holes")
        if i == 0:
            title = f"colouring {len(tiling)} dominoes: {len(steps)} steps"
        else:
            step = steps[i - 1]
            changed = np.asarray([step[1]] if step[0] == "assign" else step[1]).reshape(-1)
            pieces.edge_width[changed] = 3.0
            if step[0] == "assign":
                title = f"step {i}/{len(steps)}: domino {step[1]} gets colour {step[2]}"
            else:
                title = (f"step {i}/{len(steps)}: Kempe chain of {len(changed)} "
                         f"swaps colours {step[2]} and {step[3]}")
        _render(ax, pieces, "auto", "animate_coloring")
        ax.set_title(title, fontsize=10)

    return _animation(ax, len(states), draw_frame, interval)


def animate_shuffling(steps, ax=None, *, colors="orientation", interval=400):
    """Animate domino shuffling: the random tilings of orders 1, 2, ..., n grow outward.

    Parameters
    ----------
    steps : list of Tiling
        As returned by ``tiling.aztec.shuffle_steps(n, rng)``: Aztec diamonds
        of orders 1..n.  Each is drawn centred in the frame of the largest,
        so the growing diamond stays in place.
    ax : matplotlib Axes, optional
    colors : as for :func:`draw_tiling`
        Default ``"orientation"``: the frozen N/S/E/W corners form as n grows.
    interval : int
        Milliseconds between frames.

    Returns
    -------
    matplotlib.animation.FuncAnimation
        ``len(steps)`` frames (attribute ``n_frames``).

    Examples
    --------
    >>> t1 = Tiling(Region.aztec_diamond(1), [[(0, 0), (0, 1)], [(1, 0), (1, 1)]])
    >>> animate_shuffling([t1]).n_frames
    1
    """
    steps = list(steps)
    if not steps:
        raise TilingError("animate_shuffling() needs at least one tiling")
    for t in steps:
        require_tiling(t, "animate_shuffling")
    shape = (max(t.region.shape[0] for t in steps), max(t.region.shape[1] for t in steps))
    ax = _new_axes(shape, title_space=True) if ax is None else ax

    def draw_frame(i):
        t = steps[i]
        offset = ((shape[0] - t.region.shape[0]) // 2, (shape[1] - t.region.shape[1]) // 2)
        faces = _domino_colors(t, colors, None, "animate_shuffling")
        _render(ax, _tiling_pieces(t, faces, None, shape=shape, offset=offset), "auto",
                "animate_shuffling")
        ax.set_title(f"domino shuffling: step {i + 1} of {len(steps)}, {len(t)} dominoes",
                     fontsize=10)

    return _animation(ax, len(steps), draw_frame, interval)


# ---------------------------------------------------------------------------- output
def save(obj, path, *, dpi=None, fps=None):
    """Write a picture (PNG, SVG, PDF, ...) or an animation (GIF, MP4) to ``path``.

    Parameters
    ----------
    obj : Figure, Axes or matplotlib Animation
        What a ``draw_*`` or ``animate_*`` function returned (an Axes saves
        its whole figure).
    path : str or path-like
        The suffix chooses the format: anything the figure's canvas writes
        (``.png``, ``.svg``, ``.pdf``, ...) for pictures; ``.gif`` (Pillow,
        no external program) or ``.mp4`` (needs ``ffmpeg`` on the PATH) for
        animations.
    dpi : float, optional
        Resolution; the figure's own by default.
    fps : float, optional
        Frames per second of an animation (default: from its interval).

    Returns
    -------
    pathlib.Path

    Raises
    ------
    TilingError
        for an unknown suffix, a picture format for an animation (or the
        reverse), or ``.mp4`` without ffmpeg.

    Examples
    --------
    >>> import tempfile, os
    >>> ax = draw_region(Region.rectangle(2, 2))
    >>> save(ax, os.path.join(tempfile.mkdtemp(), "board.png")).suffix
    '.png'
    """
    from matplotlib import animation
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    path = pathlib.Path(path)
    suffix = path.suffix.lower().lstrip(".")
    if isinstance(obj, animation.Animation):
        return _save_animation(obj, path, suffix, dpi, fps)
    if isinstance(obj, Axes):
        obj = obj.figure
    if not isinstance(obj, Figure):
        raise TilingError(f"save() needs a Figure, Axes or Animation, got {type(obj).__name__}")
    formats = obj.canvas.get_supported_filetypes()
    if suffix not in formats:
        extra = " (.mp4 is for animations)" if suffix == "mp4" else ""
        raise TilingError(
            f"cannot save a picture as {path.suffix or 'a file without suffix'}{extra}; "
            f"use one of {', '.join('.' + f for f in sorted(formats))}"
        )
    obj.savefig(path, dpi=dpi if dpi is not None else "figure")
    return path


def _save_animation(anim, path, suffix, dpi, fps):
    from matplotlib import animation

    if fps is None:
        fps = 1000.0 / max(getattr(anim, "_interval", 500), 1)
    if suffix == "gif":
        writer = animation.PillowWriter(fps=fps)
    elif suffix == "mp4":
        if not animation.writers.is_available("ffmpeg"):
            raise TilingError("saving .mp4 needs the ffmpeg program, which is not on the PATH; "
                              "save as .gif instead (no external program)")
        writer = animation.FFMpegWriter(fps=fps)
    else:
        raise TilingError(f"cannot save an animation as {path.suffix or 'a file without suffix'}; "
                          "use .gif or .mp4")
    anim.save(str(path), writer=writer, dpi=dpi)
    return path
