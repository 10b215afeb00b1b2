"""Counting domino tilings as a determinant (Kasteleyn's method).

A domino tiling of a region is a perfect matching of its cell graph, which is
planar and bipartite (checkerboard colours).  Give every edge a sign so that
each bounded face whose boundary walk has ``2k`` edges carries a product of
signs ``(-1)^(k+1)``; then every term of the determinant of the signed
colour-0 x colour-1 matrix ``K`` has the same sign, and the number of tilings
is ``|det K|`` (Kasteleyn 1961/1967; Kenyon, *Lectures on dimers*, 2009).

Signing used here
-----------------
Horizontal edges get ``+1``, the vertical edge in column ``c`` gets
``(-1)^c``.  Extend these signs to every edge of the infinite grid; a face of
the cell graph is a union of ``m`` unit squares of the dual lattice, and its
sign product is the product over those squares, ``(-1)^m``, because the
lattice edges inside the face cancel in pairs.  Euler's formula for the face
(a disk made of ``m`` squares, ``I`` lattice points inside, boundary walk of
length ``2k``) gives ``m = k - 1 + I``, so the condition fails exactly on the
faces that enclose an odd number ``I`` of missing cells.  Those faces are the
holes of the component (``Region.holes``: missing cells joined across sides or
corners lie in one face).  For each odd hole take its first cell ``(r, c)``
and walk the dual lattice from the unit square whose lower-left corner is that
cell straight up and out of the region, flipping every edge crossed: the
horizontal edges ``(i, c)-(i, c+1)`` for ``i < r``.  The walk leaves the
hole's face once more than it enters it and enters every other face as often
as it leaves it, so only the hole's face changes sign.  Each connected
component is signed with its own holes (cells of other components count as
missing there) and only its own edges are flipped, so islands inside holes and
rings inside those are handled; the count is the product over components.
"""

from __future__ import annotations

from concurrent.futures import Executor

import numpy as np

from ..errors import TooLargeError
from ..linalg.errors import MatrixTooLargeError
from ..model.region import Region, as_cell_array, require_region
from .closed_forms import closed_form

__all__ = ["matrix", "count_tilings", "estimated_seconds", "distinct_pieces", "tiling_pairing"]


def _edge_signs(region: Region) -> tuple[np.ndarray, np.ndarray]:
    """Kasteleyn signs of the horizontal and vertical edges of ``region``.

    Returns two int8 arrays of the mask's shape: ``horizontal[r, c]`` is the
    sign of the edge (r, c)-(r, c+1) and ``vertical[r, c]`` that of
    (r, c)-(r+1, c), meaningful where the edge exists.
    """
    h, w = region.shape
    horizontal = np.ones((h, w), dtype=np.int8)
    vertical = np.empty((h, w), dtype=np.int8)
    vertical[:] = np.where(np.arange(w) % 2 == 0, 1, -1)[None, :]
    for r0, c0, part in region.cropped_components():
        for hole in Region(part).holes():
            if len(hole) % 2 == 0:
                continue
            # the hole's first cell in row-major order; a hole never reaches the
            # last column of its component's box, so column c + 1 exists
            r, c = (int(x) for x in hole[np.lexsort((hole[:, 1], hole[:, 0]))[0]])
            crossed = part[:r, c] & part[:r, c + 1]  # edges of this component only
            horizontal[r0 : r0 + r, c0 + c][crossed] *= -1
    return horizontal, vertical


def matrix(region: Region) -> tuple[object, np.ndarray, np.ndarray]:
    """The Kasteleyn matrix of ``region``: signed colour-0 x colour-1 adjacency.

    Parameters
    ----------
    region : Region

    Returns
    -------
    K : scipy.sparse.csr_matrix of int8, shape (n0, n1)
        ``K[i, j]`` is +1 or -1 when colour-0 cell ``cells0[i]`` and colour-1
        cell ``cells1[j]`` share a side, 0 otherwise.  The signs satisfy
        Kasteleyn's condition on every bounded face, holes included, so
        ``|det K|`` is the number of tilings when ``n0 == n1``.
    cells0, cells1 : (n0, 2) and (n1, 2) int arrays
        The cells of each colour in row-major order.

    Notes
    -----
    Horizontal edges +1, vertical edges (-1)^column, and for each hole with an
    odd number of cells the horizontal edges crossed by a vertical path from
    the hole to the top are flipped (see the module docstring for the proof).
    O(cells + box) time, plus O(height) per odd hole for its path.  Reference: P. W. Kasteleyn, *Graph theory and crystal
    physics*, 1967; R. Kenyon, *Lectures on dimers*, 2009, section 3.

    Examples
    --------
    >>> ring = Region.from_ascii('...\\n.#.\\n...')
    >>> K, black, white = matrix(ring)
    >>> K.shape
    (4, 4)
    >>> round(abs(np.linalg.det(K.toarray())))
    2
    """
    import scipy.sparse as sp

    require_region(region, "matrix")
    cells, colors = region.cells(), region.colors()
    cells0, cells1 = cells[colors == 0], cells[colors == 1]  # as region.biadjacency() has them
    horizontal, vertical = _edge_signs(region)
    edges = region.edges()
    a, b = edges[:, 0], edges[:, 1]  # a: colour-0 cell
    top_left = np.minimum(a, b)
    is_horizontal = a[:, 0] == b[:, 0]
    signs = np.where(
        is_horizontal,
        horizontal[top_left[:, 0], top_left[:, 1]],
        vertical[top_left[:, 0], top_left[:, 1]],
    ).astype(np.int8)
    index = np.full(region.shape, -1, dtype=np.int64)
    index[cells0[:, 0], cells0[:, 1]] = np.arange(len(cells0))
    index[cells1[:, 0], cells1[:, 1]] = np.arange(len(cells1))
    rows = index[a[:, 0], a[:, 1]]
    cols = index[b[:, 0], b[:, 1]]
    K = sp.csr_matrix((signs, (rows, cols)), shape=(len(cells0), len(cells1)), dtype=np.int8)
    K.sort_indices()
    return K, cells0, cells1


# ---------------------------------------------------------------- counting
def count_tilings(
    region: Region,
    *,
    progress: bool = False,
    executor: Executor | None = None,
    fast_path: bool = True,
) -> int:
    """Number of domino tilings of ``region``, exactly, as ``|det K|``.

    Parameters
    ----------
    region : Region
    progress : bool
        Draw a progress bar on stderr for the determinants.
    executor : concurrent.futures.Executor, optional
        Spread the primes of each determinant over its workers (see
        :func:`tiling.linalg.det`), e.g. a Dask ``client.get_executor()``.
    fast_path : bool
        Use the closed forms for components that are full rectangles
        (Kasteleyn's product formula, evaluated exactly as a resultant, see
        :func:`tiling.counting.rectangle_count`) or Aztec diamonds (2^(n(n+1)/2)).  With
        ``False`` every component goes through the determinant.

    Returns
    -------
    int

    Notes
    -----
    Each connected component is counted on its own and the counts multiply
    (components of the same shape once); a component with an odd number of
    cells or unequal colours has none.  A component of at least
    :data:`EXISTENCE_MIN` cells is first given a tiling by Hopcroft-Karp,
    O(cells^1.5): none means the count is 0, without a determinant; the
    tiling also pairs rows with columns for nested dissection.  For a
    component of ``N`` cells whose narrower side is ``w`` (it is transposed so
    that rows are the narrow way), :func:`tiling.linalg.det` costs about
    O(N w) big-integer operations on O(h)-bit numbers, then a dense stage of
    size ``d`` = ``w/2`` plus about 0.4 per hole: one p-adic solve and the
    primes that Hadamard's slack needs, O(d^3) word operations each (or
    nested dissection of ``K``, when cheaper).  Kasteleyn, *The statistics
    of dimers on a lattice*, Physica 27 (1961).

    Examples
    --------
    >>> count_tilings(Region.rectangle(8, 8))
    12988816
    >>> count_tilings(Region.from_ascii('...\\n.#.\\n...'))
    2
    >>> count_tilings(Region.rectangle(8, 8), fast_path=False)
    12988816
    """
    require_region(region, "count_tilings")
    if region.trivially_untileable():
        return 0
    total = 1
    for piece, uses in distinct_pieces(region):
        value = closed_form(piece) if fast_path else None
        if value is None:
            value = _count_component(piece, progress, executor)
        total *= value**uses
        if total == 0:
            return 0
    return total


def distinct_pieces(region: Region) -> list[tuple[Region, int]]:
    """The connected components of ``region`` as cropped Regions, identical shapes once.

    Returns ``(piece, uses)`` pairs: a region of ten thousand equal rings is
    counted as one ring, raised to the ten thousandth power.  O(cells + box).
    """
    seen: dict = {}
    for _, _, mask in require_region(region, "distinct_pieces").cropped_components():
        key = (mask.shape, np.packbits(mask).tobytes())
        if key in seen:
            seen[key][1] += 1
        else:
            seen[key] = [mask, 1]
    return [(Region(mask), uses) for mask, uses in seen.values()]


#: Components with at least this many cells are first given a tiling by
#: Hopcroft-Karp: none means the count is 0 without a determinant, and the
#: tiling pairs rows with columns for nested dissection.
EXISTENCE_MIN = 64


def _count_component(part, progress, executor):
    if part.shape[1] > part.shape[0]:
        part = part.transpose()  # scan the narrow way: the sweep keeps one row
    # here, not at the top: the engine imports scipy's graph routines, and
    # method="auto" asks estimated_seconds of every region, however small
    from ..linalg.determinant import det

    K, cells0, cells1 = matrix(part)
    pairing = None
    if part.n_cells >= EXISTENCE_MIN:
        pairing = tiling_pairing(part, cells0, cells1)
        if pairing is None:
            return 0  # no perfect matching: no tiling, and det K = 0
    try:
        return abs(det(K, pairing=pairing, progress=progress, executor=executor))
    except MatrixTooLargeError as exc:
        raise TooLargeError(f"Kasteleyn's method: {exc}") from None


def tiling_pairing(part: Region, cells0: np.ndarray, cells1: np.ndarray) -> np.ndarray | None:
    """For each colour-0 cell, the colour-1 cell it shares a domino with in some tiling.

    The tiling comes from Hopcroft-Karp (:func:`tiling.matching.hopcroft_karp`,
    O(E sqrt V)); None when ``part`` has no tiling.  Row ``i`` of the
    Kasteleyn matrix is then paired with column ``pairing[i]``: a perfect
    matching of its pattern, as nested dissection needs.
    """
    from ..matching import hopcroft_karp

    require_region(part, "tiling_pairing")  # input checks (issue 21)
    cells0, cells1 = as_cell_array(cells0, "cells0"), as_cell_array(cells1, "cells1")
    part._check_inside(cells0, "tiling_pairing(): no")
    part._check_inside(cells1, "tiling_pairing(): no")
    cover = hopcroft_karp(part)
    if not cover.is_perfect:
        return None
    index = np.full(part.shape, -1, dtype=np.int64)
    index[cells0[:, 0], cells0[:, 1]] = np.arange(len(cells0))
    index[cells1[:, 0], cells1[:, 1]] = np.arange(len(cells1))
    a, b = cover.dominoes[:, 0], cover.dominoes[:, 1]
    a_first = (a.sum(axis=1) % 2 == 0)[:, None]
    zero, one = np.where(a_first, a, b), np.where(a_first, b, a)
    pairing = np.empty(len(cells0), dtype=np.int64)
    pairing[index[zero[:, 0], zero[:, 1]]] = index[one[:, 0], one[:, 1]]
    return pairing


def estimated_seconds(region: Region) -> float:
    """A cheap prediction of :func:`count_tilings`'s run time (fast path off), in seconds.

    Model, per distinct component of ``N`` cells: the engine's sweep (see
    :func:`tiling.linalg.det`) keeps a dense remainder of order ``d ~ c/2 +
    0.4 g``, where ``c`` is the typical number of cells across the
    component (the median over its rows, the narrow way) and ``g`` the
    number of its holes (measured on boards with domino holes, rings and
    strips: within 15% of the planned ``d``); the sweep's integers have about
    3.5 bits per row of the component.  The stages' costs are those of
    :mod:`tiling.linalg._cost`, plus the matrix, the Hopcroft-Karp tiling and
    the sweep's plan (about 6 microseconds per cell, and 0.25 ms per level of
    the sweep, about one per row the long way).  O(cells + box) to evaluate.

    Examples
    --------
    >>> estimated_seconds(Region.rectangle(20, 20)) < 1
    True
    """
    from ..linalg._cost import plan_seconds

    require_region(region, "estimated_seconds")
    total = 0.0
    for piece, _uses in distinct_pieces(region):  # equal pieces are counted once
        part = piece.cropped().mask
        if part.shape[1] > part.shape[0]:
            part = part.T
        n_cells = int(part.sum())
        if n_cells % 2:
            continue  # no tiling: counted at once
        across = float(np.median(part.sum(axis=1)))
        holes = len(piece.holes())
        d = across / 2 + 0.4 * holes
        n = n_cells / 2
        entry_bits = 3.5 * part.shape[0]
        seconds = 8e-3 + 6e-6 * n_cells  # the plan of three scan orders, the matrix, the tiling
        # the integer sweep's Python work per level (about one level per row, the long way)
        seconds += 2.5e-4 * part.shape[0]
        # A^T A has about one row of the narrow way's cells in its band (Gram's bound)
        seconds += plan_seconds(n, 4 * n, d, n, entry_bits=entry_bits, band=across)
        total += seconds
    return total
