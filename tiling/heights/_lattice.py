"""The lattice of a region: its cell corners and sides, the default height steps, the cuts.

Everything here depends on the region alone, never on a tiling.  Lattice
point ``(i, j)`` is the top-left corner of cell ``(i, j)``, so a region whose
mask has shape ``(h, w)`` has its points in an ``(h + 1, w + 1)`` grid.

* A *horizontal edge* ``(i, j)`` joins points ``(i, j)`` and ``(i, j + 1)``:
  it is the side between cells ``(i - 1, j)`` (above) and ``(i, j)`` (below).
  A *vertical edge* ``(i, j)`` joins points ``(i, j)`` and ``(i + 1, j)``: the
  side between cells ``(i, j - 1)`` (left) and ``(i, j)`` (right).  An edge
  belongs to the region's lattice when at least one of its two cells is in
  the region; it is a *boundary edge* when exactly one is.
* The *default step* of an edge, walked rightwards or downwards, is +1 when
  the cell on the walker's left (as drawn, row 0 on top) has colour 0 and -1
  when it has colour 1: rightwards the left cell is the one above, so the
  step is +1 on horizontal edges with ``i + j`` odd; downwards the left cell
  is the one to the right, so the step is +1 on vertical edges with ``i + j``
  even.  Walked the other way an edge gives the opposite step.
* A tiling changes the step of each edge inside a domino (the side between
  its two cells) to -3 times the default; see :mod:`._height`.

Holes and cuts
--------------
Around a set of missing cells the default steps add up to ``4 (n0 - n1)``
(``n0``, ``n1``: its cells of colour 0 and 1), whatever the tiling, because
the edges of its border are never inside a domino.  So the height is
single-valued around a colour-balanced hole and winds by ``4 (n0 - n1)``
around an unbalanced one.  To store heights in one array, every *hole* in the
topological sense (a group of missing cells joined across sides and enclosed
by the region) gets a *cut*: the horizontal edges crossed by a vertical slit
from the top of the hole's first cell (in row-major order) straight up to the
first missing cell above it, which is outside the region or in a hole whose
own cut continues upward.  Heights are integrated along every edge but the
cut ones; across a cut they jump by the windings of the holes it opens (its
own, and those of the holes whose cuts end in its hole): the same amount for
every tiling, zero where those holes balance.  The cuts, with the holes they join,
form trees hanging from the outside, so the cut lattice is connected and
simply connected, and heights on it are well defined.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

import numpy as np

from ..model.region import Region, label

__all__ = ["Lattice", "lattice_of", "MEMORY_BUDGET"]


@dataclass(frozen=True)
class Lattice:
    """The lattice structure of a region (see the module docstring)."""

    region: Region

    # ------------------------------------------------------------------ points and edges
    @cached_property
    def _padded(self) -> np.ndarray:
        """The mask with a border of one empty cell on every side."""
        return np.pad(self.region.mask, 1)

    @cached_property
    def points(self) -> np.ndarray:
        """``(h + 1, w + 1)`` bool: the corners of the region's cells."""
        p = self._padded
        return p[:-1, :-1] | p[:-1, 1:] | p[1:, :-1] | p[1:, 1:]

    @cached_property
    def edge_h(self) -> np.ndarray:
        """``(h + 1, w)`` bool: horizontal edge ``(i, j)`` is a side of a region cell."""
        p = self._padded[:, 1:-1]
        return p[:-1] | p[1:]

    @cached_property
    def edge_v(self) -> np.ndarray:
        """``(h, w + 1)`` bool: vertical edge ``(i, j)`` is a side of a region cell."""
        p = self._padded[1:-1, :]
        return p[:, :-1] | p[:, 1:]

    @cached_property
    def boundary_h(self) -> np.ndarray:
        """Horizontal edges with exactly one of their two cells in the region."""
        p = self._padded[:, 1:-1]
        return p[:-1] ^ p[1:]

    @cached_property
    def boundary_v(self) -> np.ndarray:
        """Vertical edges with exactly one of their two cells in the region."""
        p = self._padded[1:-1, :]
        return p[:, :-1] ^ p[:, 1:]

    @cached_property
    def boundary_points(self) -> np.ndarray:
        """``(h + 1, w + 1)`` bool: the points on a boundary edge."""
        out = np.zeros_like(self.points)
        bh, bv = self.boundary_h, self.boundary_v
        out[:, :-1] |= bh
        out[:, 1:] |= bh
        out[:-1, :] |= bv
        out[1:, :] |= bv
        return out

    @cached_property
    def step_h(self) -> np.ndarray:
        """``(h + 1, w)`` int8: default step from ``(i, j)`` to ``(i, j + 1)``."""
        return _checkerboard(self.edge_h.shape, odd=1, even=-1)

    @cached_property
    def step_v(self) -> np.ndarray:
        """``(h, w + 1)`` int8: default step from ``(i, j)`` to ``(i + 1, j)``."""
        return _checkerboard(self.edge_v.shape, odd=-1, even=1)

    # ------------------------------------------------------------------ holes and cuts
    @cached_property
    def _missing_labels(self) -> tuple[np.ndarray, int]:
        """4-connected labels of the padded complement (label of the outside: ``[0, 0]``)."""
        return label(~self._padded)

    @cached_property
    def topological_holes(self) -> list[tuple[int, int]]:
        """First cell ``(row, col)`` of each hole in the topological sense, row-major.

        Groups of missing cells joined across sides (not corners) that do not
        reach the outside: the holes of the union of the closed cells, around
        which the height may wind.
        """
        labels, k = self._missing_labels
        outside = labels[0, 0]
        firsts = {}
        rows, cols = np.nonzero(labels)
        ids = labels[rows, cols]
        # np.nonzero is row-major, so the first occurrence of each label is its first cell
        uniq, start = np.unique(ids, return_index=True)
        for lab, s in zip(uniq.tolist(), start.tolist()):
            if lab != outside:
                firsts[lab] = (int(rows[s]) - 1, int(cols[s]) - 1)
        return sorted(firsts.values())

    @cached_property
    def cut_h(self) -> np.ndarray:
        """``(h + 1, w)`` bool: the horizontal edges crossed by the cuts."""
        mask = self.region.mask
        h, w = mask.shape
        cut = np.zeros((h + 1, w), dtype=bool)
        if not self.topological_holes:
            return cut
        firsts = np.array(self.topological_holes, dtype=np.int64)
        r, c = firsts[:, 0], firsts[:, 1]
        # the last missing row at or above each cell of each column (-1: none)
        rows = np.arange(h)[:, None]
        last_missing = np.maximum.accumulate(np.where(mask, -1, rows), axis=0)
        top = last_missing[r - 1, c]  # the cell above a hole's first cell is in the region
        # the slit crosses edges top + 1 .. r of column c: mark them by a difference array
        marks = np.zeros((h + 2, w), dtype=np.int64)
        np.add.at(marks, (top + 1, c), 1)
        np.add.at(marks, (r + 1, c), -1)
        cut[:] = np.cumsum(marks, axis=0)[: h + 1] > 0
        return cut

    @cached_property
    def windings(self) -> dict[tuple[int, int], int]:
        """``{first cell: 4 (n0 - n1)}`` for each topological hole: the height's winding."""
        labels, k = self._missing_labels
        rows, cols = np.nonzero(labels)
        sign = 1 - 2 * ((rows + cols) % 2)  # the padding shifts rows and cols by one each
        balance = np.bincount(labels[rows, cols], weights=sign, minlength=k + 1)
        return {(r, c): 4 * int(balance[labels[r + 1, c + 1]]) for r, c in self.topological_holes}

    @cached_property
    def hole_anchors(self) -> list[tuple[int, int]]:
        """For each hole of :meth:`Region.holes` (same order), the top-left corner of its first cell.

        That lattice point lies on the hole's border (the cell above the
        hole's first cell is in the region), so its height is the same for
        every tiling in one flip class: it is the hole's flux.
        """
        return [tuple(int(x) for x in cells[0]) for cells in self.region.holes()]

    @cached_property
    def pieces(self) -> np.ndarray:
        """``(h + 1, w + 1)`` int: the connected piece of the lattice of each point (0 off it).

        The lattice's pieces are those of the cells joined across sides or
        corners (cells meeting at a corner share that corner); the cells
        around one point are all joined, so each point has one piece.
        """
        labels, _ = label(self._padded, eight=True)
        return np.maximum(
            np.maximum(labels[:-1, :-1], labels[:-1, 1:]),
            np.maximum(labels[1:, :-1], labels[1:, 1:]),
        )

    @cached_property
    def border_groups(self) -> np.ndarray:
        """For each lattice point, which hole of ``region.holes()`` it borders (-1: an outer border or none).

        The missing cells around one lattice point are joined across corners,
        so a border point touches one group only.  The outer border of an
        island (a piece of the region inside a hole) touches the hole's cells
        but belongs to the island, whose heights start from its own first
        point: it counts as an outer border (-1), not as the hole's.
        """
        labels, k = label(~self._padded, eight=True)
        # the four cells around point (i, j) are padded cells (i..i+1, j..j+1); region
        # cells are labelled 0, so the largest label is the group's (or 0)
        touching = np.maximum(
            np.maximum(labels[:-1, :-1], labels[:-1, 1:]),
            np.maximum(labels[1:, :-1], labels[1:, 1:]),
        )
        group_of_label = np.full(k + 1, -1, dtype=np.int64)
        anchors = self.hole_anchors
        if not anchors:
            return group_of_label[touching]
        rows, cols = np.array(anchors, dtype=np.int64).T
        group_of_label[labels[rows + 1, cols + 1]] = np.arange(len(anchors))
        groups = group_of_label[touching]
        # keep a hole's border on the piece that surrounds it (its anchor's piece)
        anchor_piece = np.append(self.pieces[rows, cols], -1)
        groups[(groups >= 0) & (self.pieces != anchor_piece[groups])] = -1
        return groups

    @cached_property
    def start(self) -> Any:
        """One tiling of the region (Hopcroft-Karp), or None: the base point of the flux classes.

        Kept with the lattice so that the many questions about one region
        with holes (its extremes, its classes, its rings) share one matching.
        """
        from ..matching import hopcroft_karp  # public solver; the only way in with holes

        t = hopcroft_karp(self.region)
        return t if t.is_perfect else None

    @cached_property
    def is_simply_connected(self) -> bool:
        """True when no hole in the topological sense exists (corner-touching holes count)."""
        return not self.topological_holes

    # ------------------------------------------------------------------ traversal masks
    @cached_property
    def open_h(self) -> np.ndarray:
        """Horizontal edges heights are integrated along: in the lattice and not cut."""
        return self.edge_h & ~self.cut_h


#: Memory the height computations of one region may take (about 200 bytes a
#: corner of the box: the lattice's arrays, two height functions, the buckets).
MEMORY_BUDGET = 8 * 2**30


def _checkerboard(shape: tuple[int, int], odd: int, even: int) -> np.ndarray:
    """int8 grid of ``shape``: ``odd`` where ``i + j`` is odd, ``even`` elsewhere."""
    h, w = shape
    tile = np.array([[even, odd], [odd, even]], dtype=np.int8)
    return np.tile(tile, (h // 2 + 1, w // 2 + 1))[:h, :w].copy()


def lattice_of(region: Region) -> Lattice:
    """The :class:`Lattice` of ``region``, shared by the calls that ask about one region.

    Raises TooLargeError, before any work, for a box whose height
    computations would need more than :data:`MEMORY_BUDGET`.
    """
    rows, cols = region.shape
    need = 200 * (rows + 1) * (cols + 1)
    if need > MEMORY_BUDGET:
        from ..errors import TooLargeError

        raise TooLargeError(
            f"height functions of a region in a {rows:,} x {cols:,} box need about "
            f"{need / 2**30:.0f} GiB, over the budget of {MEMORY_BUDGET / 2**30:.0f} GiB; "
            "Hopcroft-Karp (method='hopcroft-karp') finds tilings of larger regions"
        )
    # Regions compare equal whatever empty rows and columns pad their masks, but
    # a lattice's arrays have the mask's shape: the shape is part of the key.
    return _cached_lattice(region, region.shape)


@lru_cache(maxsize=4)
def _cached_lattice(region: Region, shape: tuple[int, int]) -> Lattice:
    return Lattice(region)
