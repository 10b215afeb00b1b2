"""The grid-region model shared by every solver.

A :class:`Region` is a finite set of unit cells of the square grid, stored as a
read-only numpy boolean mask.  Cells are ``(row, col)`` pairs with row 0 at the
top; every array of cells in the library has shape ``(k, 2)`` and integer dtype.
Two cells are adjacent when they share a side (4-connectivity), and the cell
``(row, col)`` has checkerboard colour ``(row + col) % 2``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from .._validation import positive_int, type_name
from ..errors import ParseError, TilingError, TooLargeError

__all__ = ["Region", "require_region", "as_cell_array", "pack", "Packing"]

#: Largest bounding box (in cells, counting missing ones) a region may span: a
#: bigger mask would take gigabytes before any solver even starts.
MAX_BOX_CELLS = 2**30

#: Regions whose bounding box has more than SPARSE_BOX cells, and more than
#: SPARSE_RATIO times as many cells as the region, are "sparse": their pieces are
#: found from the cells (O(cells log cells)), never from arrays of the box's size,
#: and the solvers work on the pieces packed close together (:func:`pack`).
SPARSE_BOX = 2**22
SPARSE_RATIO = 8

_FOUR = np.array([[0, 1, 0], [1, 1, 1], [0, 1, 0]], dtype=bool)
_EIGHT = np.ones((3, 3), dtype=bool)


#: Masks up to this many entries are labelled in Python: scipy.ndimage takes
#: half a second to import, far more than labelling a small shape costs, and
#: `tiling count` of a small picture should answer at once.
SMALL_MASK = 4096


def label(mask: np.ndarray, eight: bool = False) -> tuple[np.ndarray, int]:
    """Connected-component labels of ``mask`` (4- or 8-connected) and their number.

    Labels 1, 2, ... in the row-major order of each component's first cell
    (as :func:`scipy.ndimage.label` numbers them), 0 outside.  Small masks
    are labelled by a breadth-first search here; larger ones by
    scipy.ndimage, imported on first use so ``import tiling`` stays quick.
    """
    mask = np.asarray(mask, dtype=bool)
    if mask.size > SMALL_MASK:
        import scipy.ndimage as ndi

        labels, k = ndi.label(mask, structure=_EIGHT if eight else _FOUR)
        return labels, int(k)
    return _label_small(mask, eight)


def _label_small(mask: np.ndarray, eight: bool) -> tuple[np.ndarray, int]:
    h, w = mask.shape
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if eight:
        steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    free = mask.tolist()
    out = [[0] * w for _ in range(h)]
    k = 0
    for r0 in range(h):
        for c0 in range(w):
            if not free[r0][c0] or out[r0][c0]:
                continue
            k += 1
            out[r0][c0] = k
            queue = [(r0, c0)]
            for r, c in queue:  # the list grows while it is read: breadth-first
                for dr, dc in steps:
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < h and 0 <= cc < w and free[rr][cc] and not out[rr][cc]:
                        out[rr][cc] = k
                        queue.append((rr, cc))
    return np.array(out, dtype=np.int32).reshape(h, w), k


def find_objects(labels: np.ndarray) -> list[tuple[slice, slice]]:
    """Bounding-box slices of each label of :func:`label`, in label order."""
    if labels.size > SMALL_MASK:
        import scipy.ndimage as ndi

        return ndi.find_objects(labels)
    k = int(labels.max()) if labels.size else 0
    r, c = np.nonzero(labels)
    ids = labels[r, c] - 1
    # one pass over the cells, however many labels: the corners of each box
    lo_r, lo_c = np.full(k, labels.shape[0]), np.full(k, labels.shape[1])
    hi_r, hi_c = np.zeros(k, np.int64), np.zeros(k, np.int64)
    np.minimum.at(lo_r, ids, r)
    np.minimum.at(lo_c, ids, c)
    np.maximum.at(hi_r, ids, r + 1)
    np.maximum.at(hi_c, ids, c + 1)
    return [
        (slice(int(a), int(b)), slice(int(x), int(y))) for a, b, x, y in zip(lo_r, hi_r, lo_c, hi_c)
    ]


def as_cell_array(cells: Any, what: str = "cells") -> np.ndarray:
    """Validate ``cells`` as a (k, 2) array of non-negative integer coordinates."""
    if isinstance(cells, Region):
        return cells.cells()
    if isinstance(cells, (str, bytes)):
        raise TypeError(f"{what} must be a sequence of (row, col) pairs, not {type_name(cells)}")
    try:
        arr = np.asarray(cells)
    except (ValueError, TypeError) as exc:  # ragged nested sequences and the like
        raise TilingError(f"{what} must be a sequence of (row, col) pairs: {exc}") from None
    if arr.size == 0:
        return np.zeros((0, 2), dtype=np.int64)
    if arr.ndim == 1 and arr.shape[0] == 2:
        arr = arr.reshape(1, 2)
    if arr.ndim != 2 or arr.shape[1] != 2:
        raise TilingError(
            f"{what} must be a sequence of (row, col) pairs, got an array of shape {arr.shape}"
        )
    if len(arr) > MAX_BOX_CELLS:  # a broadcast view, say: refused before reading it
        raise TooLargeError(f"{what}: {len(arr)} cells, over the limit of {MAX_BOX_CELLS}")
    if arr.dtype == bool or not np.issubdtype(arr.dtype, np.integer):
        if (
            np.issubdtype(arr.dtype, np.floating)
            and np.all(np.isfinite(arr))
            and np.all(arr == np.round(arr))
            and np.all(np.abs(arr) < 2**62)
        ):
            arr = arr.astype(np.int64)
        elif np.issubdtype(arr.dtype, np.number) or arr.dtype == bool:
            raise TilingError(f"{what} must have integer coordinates, got dtype {arr.dtype}")
        else:
            raise TypeError(f"{what} must have integer coordinates, got dtype {arr.dtype}")
    if arr.dtype == np.uint64 and (arr >= 2**62).any():
        raise TilingError(f"{what}: a coordinate is too large ({int(arr.max())})")
    arr = arr.astype(np.int64, copy=False)
    negative = np.flatnonzero((arr < 0).any(axis=1))
    if negative.size:
        r, c = arr[negative[0]]
        raise TilingError(f"{what}: cell ({r}, {c}) has a negative coordinate")
    return arr


class Region:
    """An immutable region of unit cells on the square grid.

    Parameters
    ----------
    mask : array_like of bool, shape (h, w)
        ``mask[r, c]`` is True when the cell ``(r, c)`` belongs to the region.
        Prefer the named constructors: :meth:`from_ascii`, :meth:`rectangle`,
        :meth:`aztec_diamond`, :meth:`from_mask`, :meth:`from_cells`.

    Notes
    -----
    Regions compare and hash by their set of cells, so padding a mask with empty
    rows or columns at the bottom or right does not change the region.  A
    region has at least one cell.

    Examples
    --------
    >>> r = Region.from_ascii('''
    ... ...
    ... .#.
    ... ...
    ... ''')
    >>> r.n_cells, r.balance
    (8, 0)
    >>> (1, 1) in r
    False
    """

    __slots__ = ("_mask", "_cells", "_holes", "_hash")

    def __init__(self, mask: Any):
        if isinstance(mask, (str, bytes)):
            raise TypeError(
                "a region mask must be a 2-d array of booleans or 0/1 integers, not a string "
                "(use Region.from_ascii for a text picture)"
            )
        try:
            arr = np.asarray(mask)
        except (ValueError, TypeError) as exc:
            raise TilingError(f"a region mask must be a 2-d boolean array: {exc}") from None
        if arr.size > MAX_BOX_CELLS:
            # checked before any copy or comparison: a broadcast view costs nothing
            # until it is copied, and then gigabytes
            raise TooLargeError(
                f"a {' x '.join(map(str, arr.shape))} mask has {arr.size} cells, over the limit "
                f"of {MAX_BOX_CELLS} (a copy would take {arr.size / 2**30:.1f} GiB); crop it or "
                "use Region.from_cells"
            )
        if arr.dtype != bool and arr.size == 0:
            # numpy gives an empty list the dtype float64: there are no values
            # to have a wrong type, only a wrong shape (reported below)
            arr = arr.astype(bool)
        if arr.dtype != bool:
            if not np.issubdtype(arr.dtype, np.integer):
                raise TypeError(
                    f"a region mask must hold booleans or 0/1 integers, got dtype {arr.dtype}"
                )
            bad = np.argwhere((arr != 0) & (arr != 1))
            if len(bad):
                where = ", ".join(str(int(i)) for i in bad[0])
                raise TilingError(
                    f"an integer region mask must hold only 0 and 1, got {arr[tuple(bad[0])]} "
                    f"at index ({where})"
                )
            arr = arr.astype(bool)
        if arr.ndim != 2:
            raise TilingError(f"a region mask must be 2-dimensional, got {arr.ndim} dimensions")
        if not arr.any():
            raise TilingError("a region needs at least one cell; this one is empty")
        arr = np.array(arr, dtype=bool, copy=True)
        arr.setflags(write=False)
        self._mask = arr
        self._cells = None
        self._holes = None
        self._hash = None

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_mask(cls, mask: Any) -> Region:
        """Region from a 2-d array of booleans or 0/1 integers (True or 1 = a cell).

        Examples
        --------
        >>> import numpy as np
        >>> Region.from_mask(np.ones((2, 3), dtype=bool)).n_cells
        6
        >>> Region.from_mask([[1, 1, 0], [0, 1, 1]]).to_ascii()
        '..#\\n#..'
        """
        return cls(mask)

    @classmethod
    def from_cells(cls, cells: Any) -> Region:
        """Region from a sequence of ``(row, col)`` cells (duplicates are ignored).

        Examples
        --------
        >>> Region.from_cells([(0, 0), (0, 1), (1, 1)]).to_ascii()
        '..\\n#.'
        """
        arr = as_cell_array(cells)
        if len(arr) == 0:
            raise TilingError("a region needs at least one cell; no cells were given")
        mask = np.zeros(_box_shape(arr, (0, 0)), dtype=bool)
        mask[arr[:, 0], arr[:, 1]] = True
        return cls(mask)

    @classmethod
    def from_ascii(cls, text: str | bytes) -> Region:
        """Region from a text picture: ``.`` is a cell, ``#`` or space is not.

        Rows may differ in length (short rows are padded with empty cells);
        blank lines before the first and after the last row are ignored.

        Raises
        ------
        ParseError
            naming the line and column (from 1) of an unexpected character.

        Examples
        --------
        >>> Region.from_ascii('''
        ... ..
        ... .#.
        ... ''').cells().tolist()
        [[0, 0], [0, 1], [1, 0], [1, 2]]
        """
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise ParseError(f"the text is not UTF-8 (byte {exc.start})") from None
        if not isinstance(text, str):
            raise TypeError(f"from_ascii() expects a string, not {type_name(text)}")
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        first_line = 0
        while first_line < len(lines) and not lines[first_line].strip():
            first_line += 1
        last_line = len(lines)
        while last_line > first_line and not lines[last_line - 1].strip():
            last_line -= 1
        rows = lines[first_line:last_line]
        for i, row in enumerate(rows):
            for j, ch in enumerate(row):
                if ch not in ".# ":
                    if ch == "\t":
                        message = (
                            "a tab character: tabs have no fixed width, so draw the region "
                            "with '.' for a cell and '#' or spaces for none"
                        )
                    else:
                        shown = repr(ch) if ch.isprintable() else f"U+{ord(ch):04X}"
                        message = (
                            f"unexpected character {shown} "
                            "(use '.' for a cell, '#' or space for none)"
                        )
                    raise ParseError(
                        message,
                        line=first_line + i + 1,
                        column=j + 1,
                    )
        if not any("." in row for row in rows):
            raise ParseError("the text has no cells: draw cells with '.'")
        width = max(len(row) for row in rows)
        mask = np.zeros(_box_shape(np.array([[len(rows) - 1, width - 1]]), (0, 0)), dtype=bool)
        for i, row in enumerate(rows):
            mask[i, : len(row)] = np.frombuffer(row.encode("ascii"), dtype=np.uint8) == ord(".")
        return cls(mask)

    @classmethod
    def rectangle(cls, height: int, width: int) -> Region:
        """The full ``height`` x ``width`` board.

        Examples
        --------
        >>> Region.rectangle(2, 3).to_ascii()
        '...\\n...'
        """
        h, w = positive_int(height, "height"), positive_int(width, "width")
        if h * w > MAX_BOX_CELLS:
            raise TooLargeError(
                f"a {h} x {w} board has {h * w} cells, over the limit of {MAX_BOX_CELLS}"
            )
        return cls(np.ones((h, w), dtype=bool))

    @classmethod
    def aztec_diamond(cls, n: int) -> Region:
        """The Aztec diamond of order ``n``: 2n(n+1) cells in a 2n x 2n box.

        The cells are those whose centres lie within L1 distance ``n`` of the
        centre of the box; row ``r`` (from 0) has ``2 min(r+1, 2n-r)`` cells.

        Examples
        --------
        >>> print(Region.aztec_diamond(2).to_ascii())
        #..#
        ....
        ....
        #..#
        >>> Region.aztec_diamond(10).n_cells
        220
        """
        n = positive_int(n, "order")
        if (2 * n) ** 2 > MAX_BOX_CELLS:
            raise TooLargeError(
                f"the Aztec diamond of order {n} needs a {2 * n} x {2 * n} box, over the "
                f"limit of {MAX_BOX_CELLS} cells"
            )
        return cls(_aztec_mask(n))

    # ------------------------------------------------------------------ basic queries
    @property
    def mask(self) -> np.ndarray:
        """Read-only boolean array, True on the cells of the region."""
        return self._mask

    @property
    def shape(self) -> tuple[int, int]:
        """Shape ``(h, w)`` of :attr:`mask`."""
        return self._mask.shape

    @property
    def n_cells(self) -> int:
        """Number of cells."""
        return len(self.cells())

    def cells(self) -> np.ndarray:
        """The cells as a read-only ``(n_cells, 2)`` int array, in row-major order."""
        if self._cells is None:
            cells = np.argwhere(self._mask).astype(np.int64)
            cells.setflags(write=False)
            self._cells = cells
        return self._cells

    def cell_index(self) -> np.ndarray:
        """Int grid of :attr:`shape`: the index of each cell in :meth:`cells`, -1 elsewhere.

        Examples
        --------
        >>> Region.from_ascii('.#\\n..').cell_index().tolist()
        [[0, -1], [1, 2]]
        """
        index = np.full(self.shape, -1, dtype=np.int64)
        cells = self.cells()
        index[cells[:, 0], cells[:, 1]] = np.arange(len(cells))
        return index

    def colors(self) -> np.ndarray:
        """Checkerboard colour ``(row + col) % 2`` of each cell, aligned with :meth:`cells`.

        Examples
        --------
        >>> Region.rectangle(2, 2).colors().tolist()
        [0, 1, 1, 0]
        """
        return (self.cells().sum(axis=1) % 2).astype(np.int8)

    @property
    def balance(self) -> int:
        """Number of colour-0 cells minus number of colour-1 cells.

        A region with a domino tiling has balance 0.
        """
        colors = self.colors()
        return int(len(colors) - 2 * int(colors.sum()))

    def __contains__(self, cell: object) -> bool:
        try:
            r, c = cell
            if int(r) != r or int(c) != c:
                return False
            r, c = int(r), int(c)
        except (TypeError, ValueError, OverflowError):
            return False
        h, w = self.shape
        return 0 <= r < h and 0 <= c < w and bool(self._mask[r, c])

    def __len__(self) -> int:
        return self.n_cells

    def __iter__(self) -> Iterator[tuple[int, int]]:
        """The cells as ``(row, col)`` tuples of ints, in row-major order.

        A region is a set of cells: ``for cell in region``, ``len(region)``
        and ``(r, c) in region`` work; ``region[i]`` does not (there is no
        natural i-th cell), use ``region.cells()[i]``.

        Examples
        --------
        >>> list(Region.from_ascii('..\\n.#'))
        [(0, 0), (0, 1), (1, 0)]
        """
        return (tuple(int(x) for x in cell) for cell in self.cells())

    def __getitem__(self, index: object) -> Any:
        raise TypeError(
            "a Region is a set of cells, not a sequence: iterate over it (for cell in region), "
            "test membership ((r, c) in region) or index its cells (region.cells()[i])"
        )

    # ------------------------------------------------------------------ structure
    def edges(self) -> np.ndarray:
        """The adjacent pairs of cells, as an ``(m, 2, 2)`` int array.

        Each pair lists its colour-0 cell first.  Horizontal pairs come before
        vertical ones, each in row-major order of their top-left cell.
        """
        if self._is_sparse():
            cells = self.cells().astype(np.int64)
            a, b = (cells[i] for i in self._cell_edges())
            return _colour_ordered_pairs(a[:, 0], a[:, 1], b[:, 0], b[:, 1])
        m = self._mask
        hr, hc = np.nonzero(m[:, :-1] & m[:, 1:])
        vr, vc = np.nonzero(m[:-1, :] & m[1:, :])
        ar, ac = np.concatenate([hr, vr]), np.concatenate([hc, vc])
        br, bc = ar.copy(), ac.copy()
        bc[: len(hr)] += 1
        br[len(hr) :] += 1
        return _colour_ordered_pairs(ar, ac, br, bc)

    def components(self) -> list[Region]:
        """The 4-connected components, as a list of Regions in the same coordinates.

        Ordered by their first cell in row-major order.

        Examples
        --------
        >>> [c.n_cells for c in Region.from_ascii('..#.\\n#..#').components()]
        [4, 1]
        """
        labels, k = label(self._mask)
        if k == 1:
            return [self]
        return [Region(labels == i) for i in range(1, k + 1)]

    def cropped_components(self) -> list[tuple[int, int, np.ndarray]]:
        """The 4-connected components as ``(row0, col0, mask)``, each mask cropped to its box.

        Cell ``(r, c)`` of a component's ``mask`` is cell ``(row0 + r, col0 + c)``
        of the region.  Ordered like :meth:`components`, but the cost is
        O(cells + box) however many components there are (``components()``
        builds a full-size mask for each).

        Examples
        --------
        >>> [(r, c, m.shape) for r, c, m in Region.from_ascii('..#\\n##.').cropped_components()]
        [(0, 0, (1, 2)), (1, 2, (1, 1))]
        """
        if self._is_sparse():
            return self._sparse_components()
        labels, _ = label(self._mask)
        return [
            (box[0].start, box[1].start, labels[box] == i)
            for i, box in enumerate(find_objects(labels), start=1)
        ]

    def _is_sparse(self) -> bool:
        """True when the bounding box is large and mostly empty (see :data:`SPARSE_BOX`)."""
        h, w = self.shape
        if h * w <= SPARSE_BOX:
            return False
        n = self.n_cells if self._cells is not None else int(np.count_nonzero(self._mask))
        return h * w > SPARSE_RATIO * n

    def _cell_edges(self) -> tuple[np.ndarray, np.ndarray]:
        """Indices (into :meth:`cells`) of the two cells of each edge, from the cells alone.

        Horizontal pairs first, then vertical ones, each in row-major order of
        the top-left cell (as :meth:`edges`).  O(cells log cells) time and
        memory, whatever the bounding box.
        """
        cells = self.cells()
        w = self.shape[1]
        flat = cells[:, 0] * w + cells[:, 1]  # increasing: the cells are row-major
        right = np.flatnonzero((flat[1:] == flat[:-1] + 1) & (cells[1:, 0] == cells[:-1, 0]))
        below = np.searchsorted(flat, flat + w)
        below_ok = below < len(flat)
        below_ok[below_ok] = flat[below[below_ok]] == flat[below_ok] + w
        up = np.flatnonzero(below_ok)
        return np.concatenate([right, up]), np.concatenate([right + 1, below[up]])

    def _sparse_components(self) -> list[tuple[int, int, np.ndarray]]:
        """:meth:`cropped_components` from the cells: no array of the bounding box's size."""
        import scipy.sparse as sp
        from scipy.sparse.csgraph import connected_components

        cells = self.cells()
        n = len(cells)
        a, b = self._cell_edges()
        graph = sp.coo_matrix((np.ones(len(a), dtype=np.int8), (a, b)), shape=(n, n))
        _, raw = connected_components(graph, directed=False)
        # number the pieces by their first cell in row-major order, as label() does
        _, first = np.unique(raw, return_index=True)
        rank = np.empty(len(first), dtype=np.int64)
        rank[np.argsort(first)] = np.arange(len(first))
        piece = rank[raw]
        order = np.argsort(piece, kind="stable")
        bounds = np.searchsorted(piece[order], np.arange(len(first) + 1))
        out = []
        for i in range(len(first)):
            part = cells[order[bounds[i] : bounds[i + 1]]]
            r0, c0 = part.min(axis=0)
            r1, c1 = part.max(axis=0)
            mask = np.zeros((r1 - r0 + 1, c1 - c0 + 1), dtype=bool)
            mask[part[:, 0] - r0, part[:, 1] - c0] = True
            out.append((int(r0), int(c0), mask))
        return out

    def trivially_untileable(self) -> bool:
        """True when some component has an odd number of cells or unequal colours.

        Each domino covers two adjacent cells of different colours inside one
        component, so such a region has no tiling.  O(cells + box).

        Examples
        --------
        >>> Region.from_ascii('..#.\\n#..#').trivially_untileable()
        True
        >>> Region.rectangle(2, 3).trivially_untileable()
        False
        """
        labels, k = label(self._mask)
        cells = self.cells()
        piece = labels[cells[:, 0], cells[:, 1]]
        sign = 1 - 2 * (cells.sum(axis=1) % 2)  # +1 on colour 0, -1 on colour 1
        sizes = np.bincount(piece, minlength=k + 1)
        balance = np.bincount(piece, weights=sign, minlength=k + 1)
        return bool((sizes % 2).any() or balance.any())

    def is_connected(self) -> bool:
        """True when the cells form one 4-connected piece."""
        return label(self._mask)[1] == 1

    def holes(self) -> list[np.ndarray]:
        """The holes: groups of missing cells enclosed by the region.

        A hole is a connected group of cells outside the region (joined across
        sides or corners, since dominoes cannot pass a corner) that cannot
        reach the outside of the bounding box.  Returns a list of ``(k, 2)`` cell
        arrays, ordered by first cell, each in row-major order and read-only (they
        are computed once per region and shared by later calls; copy one to change
        it).

        Examples
        --------
        >>> [h.tolist() for h in Region.from_ascii('...\\n.#.\\n...').holes()]
        [[[1, 1]]]
        """
        if self._holes is None:
            self._holes = self._find_holes()
        # a new list each call; the arrays themselves are read-only
        return list(self._holes)

    def _find_holes(self) -> tuple[np.ndarray, ...]:
        outside = np.pad(~self._mask, 1, constant_values=True)
        labels, k = label(outside, eight=True)
        border = labels[0, 0]
        # One sort of all outside cells by label, not a scan per hole: the
        # solvers and the explorer ask for the holes of boards with thousands.
        r, c = np.nonzero((labels != 0) & (labels != border))
        ids = labels[r, c]
        order = np.argsort(ids, kind="stable")  # stable: row-major within a hole
        cells = np.stack([r[order] - 1, c[order] - 1], axis=1).astype(np.int64)
        cells.setflags(write=False)
        sizes = np.bincount(ids, minlength=k + 1)  # sizes[0] and sizes[border] are 0
        pieces = np.split(cells, np.cumsum(sizes[1:])[:-1])  # piece i is label i + 1
        return tuple(piece for i, piece in enumerate(pieces, start=1) if i != border)

    def is_simply_connected(self) -> bool:
        """True when the region is connected and has no holes.

        Examples
        --------
        >>> Region.rectangle(3, 3).without([(1, 1)]).is_simply_connected()
        False
        """
        return self.is_connected() and not self.holes()

    # ------------------------------------------------------------------ transforms
    def without(self, cells: Any) -> Region:
        """The region with ``cells`` removed.

        Raises
        ------
        TilingError
            if a cell is not in the region, or if nothing would be left.

        Examples
        --------
        >>> Region.rectangle(2, 2).without([(0, 0)]).n_cells
        3
        """
        arr = as_cell_array(cells)
        self._check_inside(arr, "cannot remove")
        mask = self._mask.copy()
        mask[arr[:, 0], arr[:, 1]] = False
        if not mask.any():
            raise TilingError("removing these cells would leave an empty region")
        return Region(mask)

    def with_cells(self, cells: Any) -> Region:
        """The region with ``cells`` added (cells already present are fine).

        Examples
        --------
        >>> Region.rectangle(1, 1).with_cells([(0, 1)]).shape
        (1, 2)
        """
        arr = as_cell_array(cells)
        if len(arr) == 0:
            return self
        mask = np.zeros(_box_shape(arr, self.shape), dtype=bool)
        mask[: self.shape[0], : self.shape[1]] = self._mask
        mask[arr[:, 0], arr[:, 1]] = True
        return Region(mask)

    def transpose(self) -> Region:
        """The mirror image in the main diagonal: cell ``(r, c)`` becomes ``(c, r)``."""
        return Region(self._mask.T)

    def cropped(self) -> Region:
        """The same shape moved to the top-left corner (empty border rows/cols dropped).

        Examples
        --------
        >>> Region.from_cells([(2, 3), (2, 4)]).cropped().shape
        (1, 2)
        """
        rows = np.flatnonzero(self._mask.any(axis=1))
        cols = np.flatnonzero(self._mask.any(axis=0))
        return Region(self._mask[rows[0] : rows[-1] + 1, cols[0] : cols[-1] + 1])

    def aztec_order(self) -> int | None:
        """The order ``n`` when the region is a translate of the Aztec diamond of order n, else None.

        Examples
        --------
        >>> Region.aztec_diamond(3).aztec_order(), Region.rectangle(2, 2).aztec_order()
        (3, 1)
        >>> Region.rectangle(2, 3).aztec_order() is None
        True
        """
        r0, c0, r1, c1 = self.bounding_box()
        h, w = r1 - r0, c1 - c0
        n = h // 2
        if h != w or h % 2 or 2 * n * (n + 1) != self.n_cells:
            return None
        return n if self.cropped() == Region.aztec_diamond(n) else None

    def bounding_box(self) -> tuple[int, int, int, int]:
        """``(row0, col0, row1, col1)``: the cells lie in rows row0..row1-1, cols col0..col1-1."""
        rows = np.flatnonzero(self._mask.any(axis=1))
        cols = np.flatnonzero(self._mask.any(axis=0))
        return int(rows[0]), int(cols[0]), int(rows[-1]) + 1, int(cols[-1]) + 1

    # ------------------------------------------------------------------ export
    def to_ascii(self) -> str:
        """Text picture: ``.`` for a cell, ``#`` for a missing cell, one line per row.

        Every row from 0 down to the last cell is written (empty rows as ``#``),
        so ``Region.from_ascii(r.to_ascii()) == r``.
        """
        m = self._canonical_mask()
        chars = np.where(m, ord("."), ord("#")).astype(np.uint8)
        return "\n".join(row.tobytes().decode("ascii") for row in chars)

    def to_networkx(self) -> Any:
        """The cell graph as a :class:`networkx.Graph`.

        Nodes are ``(row, col)`` tuples with a ``bipartite`` attribute (the
        colour, 0 or 1); edges join cells that share a side.

        Examples
        --------
        >>> g = Region.rectangle(2, 3).to_networkx()
        >>> g.number_of_nodes(), g.number_of_edges(), g.nodes[(0, 1)]["bipartite"]
        (6, 7, 1)
        """
        import networkx as nx  # here: networkx takes a third of a second to import

        g = nx.Graph()
        for (r, c), color in zip(self.cells().tolist(), self.colors().tolist()):
            g.add_node((r, c), bipartite=color)
        for a, b in self.edges().tolist():
            g.add_edge(tuple(a), tuple(b))
        return g

    def biadjacency(self) -> tuple[Any, np.ndarray, np.ndarray]:
        """The colour-0 x colour-1 adjacency matrix of the cell graph.

        Returns
        -------
        matrix : scipy.sparse.csr_matrix of int8, shape (n0, n1)
            ``matrix[i, j] == 1`` when colour-0 cell ``i`` and colour-1 cell ``j``
            share a side.
        cells0, cells1 : (n0, 2) and (n1, 2) int arrays
            The cells of each colour, in row-major order: row ``i`` of the
            matrix is the cell ``cells0[i]``, column ``j`` is ``cells1[j]``.

        Examples
        --------
        >>> m, black, white = Region.rectangle(2, 2).biadjacency()
        >>> m.toarray().tolist()
        [[1, 1], [1, 1]]
        """
        import scipy.sparse as sp  # here, not at the top: import tiling stays quick

        cells = self.cells()
        colors = self.colors()
        cells0, cells1 = cells[colors == 0], cells[colors == 1]
        e = self.edges()
        w = self.shape[1]
        # each colour's cells are row-major: a cell's row (column) of the matrix is
        # found by binary search of its flat index, with no array of the box's size
        flat0, flat1 = cells0[:, 0] * w + cells0[:, 1], cells1[:, 0] * w + cells1[:, 1]
        rows = np.searchsorted(flat0, e[:, 0, 0] * w + e[:, 0, 1])
        cols = np.searchsorted(flat1, e[:, 1, 0] * w + e[:, 1, 1])
        matrix = sp.csr_matrix(
            (np.ones(len(e), dtype=np.int8), (rows, cols)), shape=(len(cells0), len(cells1))
        )
        cells0 = cells0.copy()
        cells1 = cells1.copy()
        return matrix, cells0, cells1

    # ------------------------------------------------------------------ comparison
    def _canonical_mask(self):
        """The mask without empty rows at the bottom and empty columns at the right."""
        _, _, r1, c1 = self.bounding_box()
        return self._mask[:r1, :c1]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Region):
            return NotImplemented
        a, b = self._canonical_mask(), other._canonical_mask()
        return a.shape == b.shape and bool(np.array_equal(a, b))

    def __hash__(self) -> int:
        if self._hash is None:
            m = self._canonical_mask()
            self._hash = hash((m.shape, np.packbits(m).tobytes()))
        return self._hash

    def __repr__(self) -> str:
        h, w = self.shape
        if self.n_cells <= 64 and w <= 16 and h <= 16:
            body = self.to_ascii().replace("\n", "\\n")
            return f"Region.from_ascii('{body}')"
        return f"<Region {h}x{w}, {self.n_cells} cells>"

    def _check_inside(self, cells, verb):
        h, w = self.shape
        inside = (cells[:, 0] < h) & (cells[:, 1] < w)
        if inside.all():  # the usual case: no copies of the coordinates
            ok = self._mask[cells[:, 0], cells[:, 1]]
        else:
            ok = np.zeros(len(cells), dtype=bool)
            ok[inside] = self._mask[cells[inside, 0], cells[inside, 1]]
        bad = np.flatnonzero(~ok)
        if bad.size:
            r, c = cells[bad[0]]
            raise TilingError(f"{verb} cell ({r}, {c}): it is not in the region")


def _colour_ordered_pairs(ar, ac, br, bc) -> np.ndarray:
    """``(m, 2, 2)`` int64 pairs of adjacent cells ``a``, ``b``, each with its colour-0 cell first."""
    swap = ((ar + ac) & 1).astype(bool)  # a is the colour-1 cell
    out = np.empty((len(ar), 2, 2), dtype=np.int64)
    out[:, 0, 0], out[:, 0, 1] = np.where(swap, br, ar), np.where(swap, bc, ac)
    out[:, 1, 0], out[:, 1, 1] = np.where(swap, ar, br), np.where(swap, ac, bc)
    return out


def _aztec_mask(n: int) -> np.ndarray:
    """The 2n x 2n mask of the Aztec diamond: row r holds 2 min(r+1, 2n-r) centred cells.

    Built from boolean comparisons only (no float array of the box's size).
    """
    half = np.minimum(np.arange(1, 2 * n + 1), np.arange(2 * n, 0, -1))
    col = np.arange(2 * n)
    return (col[None, :] >= (n - half)[:, None]) & (col[None, :] < (n + half)[:, None])


def whole_shape(region: Region) -> tuple | None:
    """``("rectangle", (h, w))`` or ``("aztec", n)`` when the whole region is one, else None.

    Vectorised boolean checks of the mask, O(box), with no array of cells:
    ``count(Region.aztec_diamond(5000))`` is answered by its closed form
    without labelling the 10^8-cell box.
    """
    m = region.mask
    rows, cols = np.flatnonzero(m.any(axis=1)), np.flatnonzero(m.any(axis=0))
    sub = m[rows[0] : rows[-1] + 1, cols[0] : cols[-1] + 1]
    if sub.all():
        return "rectangle", sub.shape
    h, w = sub.shape
    if h == w and h % 2 == 0 and np.array_equal(sub, _aztec_mask(h // 2)):
        return "aztec", h // 2
    return None


def require_region(obj: Any, who: str) -> Region:
    """``obj`` if it is a Region, else a one-line TypeError (``who`` names the caller)."""
    if not isinstance(obj, Region):
        raise TypeError(
            f"{who}() needs a tiling.Region (e.g. Region.from_ascii(text)), got {type_name(obj)}"
        )
    return obj


def _box_shape(cells, at_least):
    """Shape of the mask holding ``cells`` (and a mask of shape ``at_least``), within budget."""
    h = max(at_least[0], int(cells[:, 0].max()) + 1)
    w = max(at_least[1], int(cells[:, 1].max()) + 1)
    if h * w > MAX_BOX_CELLS:
        raise TooLargeError(
            f"the cells span a {h} x {w} box ({h * w} cells), over the limit of "
            f"{MAX_BOX_CELLS}; shift them towards (0, 0) or split the region"
        )
    return h, w


class Packing:
    """A sparse region's pieces packed close together, and the way back.

    ``region`` holds every connected piece of the original region, each
    translated by an offset of even length (so every cell keeps its
    chessboard colour) and kept one empty row or column apart from the
    others (so no two pieces touch).  Cells, adjacency and colours
    correspond one to one, so counts, tilings, proofs and spanning trees of
    the packed region are those of the original, moved back by
    :meth:`to_original`.
    """

    __slots__ = ("region", "_owner", "_shift")

    def __init__(self, region: Region, owner: np.ndarray, shift: np.ndarray):
        self.region, self._owner, self._shift = region, owner, shift

    def to_original(self, cells: Any) -> np.ndarray:
        """Cells of :attr:`region` (any array of shape (..., 2)) in the original region's coordinates."""
        cells = np.asarray(cells, dtype=np.int64)
        flat = cells.reshape(-1, 2)
        moved = flat + self._shift[self._owner[flat[:, 0], flat[:, 1]]]
        return moved.reshape(cells.shape)


def pack(region: Region) -> Packing | None:
    """The pieces of a sparse region packed into a small box, or None for other regions.

    None too when packing would not halve the box (a single piece spanning it).

    A region is sparse when its bounding box has more than :data:`SPARSE_BOX`
    cells and more than :data:`SPARSE_RATIO` times its number of cells (a few
    cells far apart); every solver then works on the packed pieces, whose box
    is about the sum of the pieces' boxes, instead of on arrays of the size
    of the original box.  Shelf packing: pieces by decreasing height, rows of
    about the square root of the total area.  O(cells log cells).

    Examples
    --------
    >>> far = Region.from_cells([(0, 0), (0, 1), (9000, 9000), (9000, 9001)])
    >>> packed = pack(far)
    >>> packed.region.shape, packed.to_original([[0, 4], [0, 5]]).tolist()
    ((1, 6), [[9000, 9000], [9000, 9001]])
    >>> pack(Region.rectangle(3, 3)) is None
    True
    """
    if not region._is_sparse():
        return None
    pieces = region.cropped_components()
    heights = np.array([m.shape[0] for _, _, m in pieces])
    widths = np.array([m.shape[1] for _, _, m in pieces])
    target = max(int(widths.max()) + 2, int(np.sqrt(((heights + 1) * (widths + 2)).sum())) + 1)
    place = [None] * len(pieces)
    top = left = shelf = 0
    for i in np.argsort(-heights, kind="stable").tolist():
        r0, c0, m = pieces[i]
        if left and left + m.shape[1] > target:
            top, left, shelf = top + shelf + 1, 0, 0
        if (top + left + r0 + c0) % 2:
            left += 1  # an even shift keeps every cell's colour
        place[i] = (top, left)
        left += m.shape[1] + 1
        shelf = max(shelf, m.shape[0])
    height = max(p[0] + m.shape[0] for p, (_, _, m) in zip(place, pieces))
    width = max(p[1] + m.shape[1] for p, (_, _, m) in zip(place, pieces))
    if 2 * height * width > region.shape[0] * region.shape[1]:
        return None  # one piece spans the box (a long thin staircase): nothing to gain
    mask = np.zeros((height, width), dtype=bool)
    owner = np.zeros((height, width), dtype=np.int32)
    shift = np.zeros((len(pieces), 2), dtype=np.int64)
    for i, ((top, left), (r0, c0, m)) in enumerate(zip(place, pieces)):
        h, w = m.shape
        mask[top : top + h, left : left + w] |= m
        owner[top : top + h, left : left + w][m] = i
        shift[i] = (r0 - top, c0 - left)
    return Packing(Region(mask), owner, shift)
