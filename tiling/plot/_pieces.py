"""What one picture shows, whatever the renderer: rectangles, fills, borders, marks."""

from __future__ import annotations

import numpy as np

from ._colors import BLOCKED, EDGE, FREE, GRID, rgba

__all__ = ["Pieces", "blocked_cells", "cell_rects", "tiling_pieces", "cell_pieces"]

KINDS = ("dominoes", "cells")


class Pieces:
    """Everything one picture shows, whatever the renderer.

    ``rects``: (k, 4) int rows ``(r0, c0, r1, c1)``, rows r0..r1-1 and columns
    c0..c1-1; ``faces`` and ``edges``: (k, 4) RGBA; ``rounded``: (k,) bool,
    False for pieces drawn as plain full squares (blocked cells, grid cells);
    ``labels``: the piece index of each cell of the picture's grid, -1 where
    nothing is drawn; ``marks``: (m, 2) cells that get a cross (uncovered
    cells); ``letters``: optional ``(cells, strings)`` written in the cells
    when they are large enough to read (a certificate's S and N).

    ``kind`` is ``"dominoes"`` (every piece outlined on its own: a tiling) or
    ``"cells"`` (pieces are single cells on a light grid, and the region gets
    a dark outline: a region or a certificate).
    """

    def __init__(
        self,
        shape,
        rects,
        faces,
        labels,
        *,
        kind="dominoes",
        marks=None,
        rounded=None,
        edges=None,
        letters=None,
    ):
        self.shape = tuple(int(x) for x in shape)
        self.rects = np.asarray(rects, dtype=np.int64).reshape(-1, 4)
        self.faces = np.asarray(faces, dtype=float).reshape(-1, 4)
        k = len(self.rects)
        self.labels = labels
        self.kind = kind
        self.marks = np.zeros((0, 2), np.int64) if marks is None else np.asarray(marks)
        self.rounded = np.ones(k, dtype=bool) if rounded is None else np.asarray(rounded, bool)
        self.edges = np.tile(rgba([EDGE])[0], (k, 1)) if edges is None else np.asarray(edges)
        self.edge_width = np.ones(k)
        self.letters = letters

    def __len__(self):
        return len(self.rects)

    @property
    def solid(self):
        """(k,) bool: pieces drawn as flat squares without a border (blocked cells)."""
        return ~self.rounded & np.all(np.isclose(self.edges, self.faces), axis=1)


def blocked_cells(region, mode):
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


def cell_rects(cells):
    cells = np.asarray(cells, dtype=np.int64).reshape(-1, 2)
    return np.column_stack([cells, cells + 1])


def tiling_pieces(tiling, faces, blocked, shape=None, offset=(0, 0), mark_uncovered=True):
    """Pieces of a tiling: dominoes, then uncovered cells (marked), then blocked cells.

    ``mark_uncovered=False`` leaves uncovered cells plain (a step of an
    animation, where empty cells are expected).
    """
    region = tiling.region
    dr, dc = offset
    shape = region.shape if shape is None else shape
    d = tiling.dominoes
    dom_rects = np.column_stack([d[:, 0], d[:, 1] + 1]) if len(d) else np.zeros((0, 4), np.int64)
    free = tiling.uncovered()
    block = blocked_cells(region, blocked)
    rects = np.concatenate([dom_rects, cell_rects(free), cell_rects(block)])
    rects = rects + np.array([dr, dc, dr, dc])
    k = len(d)
    all_faces = np.concatenate(
        [
            np.asarray(faces).reshape(-1, 4),
            np.tile(rgba([FREE])[0], (len(free), 1)),
            np.tile(rgba([BLOCKED])[0], (len(block), 1)),
        ]
    )
    labels = np.full(shape, -1, dtype=np.int64)
    own = tiling.labels()
    h, w = region.shape
    view = labels[dr : dr + h, dc : dc + w]
    view[own >= 0] = own[own >= 0]
    view[free[:, 0], free[:, 1]] = k + np.arange(len(free))
    view[block[:, 0], block[:, 1]] = k + len(free) + np.arange(len(block))
    rounded = np.arange(len(rects)) < (k + len(free) if mark_uncovered else k)
    edges = np.tile(rgba([EDGE])[0], (len(rects), 1))
    edges[~rounded] = rgba([BLOCKED])[0]
    if not mark_uncovered:  # empty cells of a step: plain squares on a light grid
        edges[k : k + len(free)] = rgba([GRID])[0]
    return Pieces(
        shape,
        rects,
        all_faces,
        labels,
        marks=free + np.array([dr, dc]) if mark_uncovered else None,
        rounded=rounded,
        edges=edges,
    )


def cell_pieces(region, faces, blocked, letters=None):
    """Pieces of a region drawn cell by cell on a light grid (``faces`` aligned with cells())."""
    cells = region.cells()
    block = blocked_cells(region, blocked)
    rects = np.concatenate([cell_rects(cells), cell_rects(block)])
    all_faces = np.concatenate([faces, np.tile(rgba([BLOCKED])[0], (len(block), 1))])
    labels = np.full(region.shape, -1, dtype=np.int64)
    labels[cells[:, 0], cells[:, 1]] = np.arange(len(cells))
    labels[block[:, 0], block[:, 1]] = len(cells) + np.arange(len(block))
    edges = np.tile(rgba([GRID])[0], (len(rects), 1))
    edges[len(cells) :] = rgba([BLOCKED])[0]
    return Pieces(
        region.shape,
        rects,
        all_faces,
        labels,
        kind="cells",
        rounded=np.zeros(len(rects), dtype=bool),
        edges=edges,
        letters=letters,
    )
