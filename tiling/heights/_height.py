"""Thurston's height function of a tiling, and the flux of a tiling around each hole."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import TilingError
from ..model.region import Region
from ..model.tiling import Tiling, require_tiling
from ._lattice import Lattice, lattice_of

__all__ = ["height", "flux", "flux_crossings", "tiling_steps", "integrate_steps"]


def tiling_steps(lattice: Lattice, tiling: Tiling) -> tuple[np.ndarray, np.ndarray]:
    """The height change along every edge of the lattice for ``tiling``.

    ``(step_h, step_v)`` as :attr:`Lattice.step_h` and :attr:`Lattice.step_v`,
    with the edge inside each domino changed to -3 times its default.
    """
    step_h = lattice.step_h.copy()
    step_v = lattice.step_v.copy()
    d = tiling.dominoes
    if len(d):
        horizontal = d[:, 0, 0] == d[:, 1, 0]
        # a horizontal domino on (r, c), (r, c + 1) contains vertical edge (r, c + 1)
        r, c = d[horizontal, 1, 0], d[horizontal, 1, 1]
        step_v[r, c] *= -3
        # a vertical domino on (r, c), (r + 1, c) contains horizontal edge (r + 1, c)
        r, c = d[~horizontal, 1, 0], d[~horizontal, 1, 1]
        step_h[r, c] *= -3
    return step_h, step_v


def integrate_steps(lattice: Lattice, step_h: np.ndarray, step_v: np.ndarray) -> np.ndarray:
    """Heights from edge steps, checked on every edge but the slit ones.

    Each connected piece of the lattice is 0 at its first point.  Returns an
    int64 array of the points' grid shape (0 off the lattice).
    """
    from ._kernels import integrate

    points = lattice.points
    heights = np.zeros(points.shape, dtype=np.int64)
    component = np.full(points.shape, -1, dtype=np.int64)
    # The steps close up around every cell of a perfect tiling and the slits
    # open every hole, so the kernel's check of every open edge never fails;
    # it turns a topological slip into an error instead of a wrong answer.
    _, ok = integrate(points, lattice.open_h, lattice.edge_v, step_h, step_v, heights, component)
    if not ok:
        raise AssertionError("internal inconsistency: the height steps do not close up")
    return heights


def _perfect(tiling: Any, who: str) -> Tiling:
    t = require_tiling(tiling, who)
    if not t.is_perfect:
        left = len(t.uncovered())
        raise TilingError(
            f"{who}(): a height function needs a perfect tiling; this one leaves "
            f"{left} cell{'s' if left != 1 else ''} uncovered"
        )
    return t


def height(tiling: Tiling) -> np.ma.MaskedArray:
    r"""Thurston's height function of ``tiling``, on the corners of the cells.

    Parameters
    ----------
    tiling : Tiling
        A perfect tiling.

    Returns
    -------
    numpy.ma.MaskedArray of int64, shape ``(rows + 1, cols + 1)``
        Entry ``[i, j]`` is the height of lattice point ``(i, j)``, the
        top-left corner of cell ``(i, j)``; points that are no cell's corner
        are masked.

    Raises
    ------
    TilingError
        for a tiling that leaves cells uncovered.

    Notes
    -----
    **Convention.**  Walk along a side of a cell, with the region drawn as
    the library draws it (row 0 on top).  When no domino straddles that side,
    the height rises by 1 if the cell on your left has colour 0 (``(row +
    col) % 2 == 0``) and falls by 1 if it has colour 1; along the side shared
    by the two cells of a domino it changes by -3 or +3 instead (three times
    the opposite).  Around any covered cell the four changes add up to 0, so
    the height is well defined (Thurston 1990).  It is 0 at the region's first
    lattice point in row-major order (the top-left corner of its first cell),
    and in each separate piece of the lattice at that piece's first point.
    Papers differ from this by a global sign (which colour is "black", which
    way the plane is oriented); with colour 0 as black, walking with the black
    square on the left gives +1, as in Thurston's paper.  The 2 x 2 board
    tiled by two horizontal dominoes, heights at its nine corners::

         0 ─── -1 ───  0
         │  ╺━━━━━╸   │
         1 ───  2 ───  1
         │  ╺━━━━━╸   │
         0 ─── -1 ───  0

    The height modulo 4 is the same for every tiling (each change is 1 or
    -3, that is 1 modulo 4, in the default direction), and on the border of
    the region the height is the same for every tiling, since no domino
    straddles a border side.  A flip of two parallel dominoes in a 2 x 2
    block changes the height at the block's centre only, by 4.

    **Regions with holes.**  Around a hole whose missing cells have ``n0``
    cells of colour 0 and ``n1`` of colour 1 the changes add up to ``4 (n0 -
    n1)`` for every tiling.  So the height is single-valued around a balanced
    hole, and around an unbalanced one this function returns the heights of
    the region cut along slits: from the top of each hole's first cell (in
    row-major order) straight up to the first missing cell above it (outside
    the region, or in another hole whose own slit continues upward).  Across
    a slit the height jumps by the sum of ``4 (n0 - n1)`` over the holes it
    opens: its own hole's and those of the holes whose slits end in that
    hole (the same for every tiling; zero where those holes balance).  Holes here
    are groups of missing cells joined across sides; a group that touches the
    outside only at a corner is a hole of the height function, though no
    domino can pass that corner (:meth:`Region.holes` counts it as outside).
    What tells flip classes apart is :func:`flux`.

    The cost is linear in the number of lattice points: one breadth-first
    search (compiled with numba) and one vectorised check of every edge.

    References
    ----------
    W. P. Thurston, "Conway's tiling groups", American Mathematical Monthly
    97 (1990) 757-773.

    Examples
    --------
    >>> from tiling import Region, Tiling
    >>> t = Tiling(Region.rectangle(2, 2), [[(0, 0), (0, 1)], [(1, 0), (1, 1)]])
    >>> height(t).tolist()
    [[0, -1, 0], [1, 2, 1], [0, -1, 0]]
    """
    t = _perfect(tiling, "height")
    lattice = lattice_of(t.region)
    heights = integrate_steps(lattice, *tiling_steps(lattice, t))
    return np.ma.MaskedArray(heights, mask=~lattice.points)


def flux(tiling: Tiling) -> np.ndarray:
    """The flux of ``tiling`` around each hole: its height at the hole's border.

    Parameters
    ----------
    tiling : Tiling
        A perfect tiling.

    Returns
    -------
    numpy.ndarray of int64, one entry per hole of ``region.holes()`` (same order)
        The height (:func:`height`) at the top-left corner of the hole's first
        cell, measured from the first lattice point of the piece of the
        region around the hole.

    Notes
    -----
    The height change along a closed loop around a hole is the same for
    every tiling (``4 (n0 - n1)``, see :func:`height`), so it cannot tell
    tilings apart.  What differs is how high the hole's border sits above the
    outer border: along any path from the outside to the hole, the height
    changes by a part fixed by the region plus -4 or +4 for each domino the
    path cuts in half.  That is the flux (Saldanha, Tomei, Casarin and
    Romualdo 1995 define it as a signed count of dominoes crossed): a flip
    changes the height only at the centre of its 2 x 2 block, never on a
    border, so tilings joined by flips have the same flux.  Two tilings of a
    region have the same flux exactly when their heights agree on every
    border, and then they are joined by flips (tested exhaustively on small
    regions with holes; :func:`flip_distance` counts the flips).  Fluxes of
    different tilings differ by multiples of 4.

    Holes are those of :meth:`Region.holes`: groups of missing cells joined
    across sides or corners (dominoes cannot pass a corner, so one flux per
    such group).

    References
    ----------
    N. C. Saldanha, C. Tomei, M. A. Casarin Jr. and D. Romualdo, "Spaces of
    domino tilings", Discrete & Computational Geometry 14 (1995) 207-233.

    Examples
    --------
    The ring (the 3 x 3 board without its centre) has two tilings, with the
    dominoes turning one way or the other round the hole, and no flip:

    >>> from tiling import Region, enumerate_tilings
    >>> [int(flux(t)[0]) for t in enumerate_tilings(Region.rectangle(3, 3).without([(1, 1)]))]
    [2, -2]
    """
    t = _perfect(tiling, "flux")
    lattice = lattice_of(t.region)
    anchors = lattice.hole_anchors
    if not anchors:
        return np.zeros(0, dtype=np.int64)
    heights = integrate_steps(lattice, *tiling_steps(lattice, t))
    rows, cols = np.array(anchors, dtype=np.int64).T
    return heights[rows, cols].copy()


def flux_crossings(region: Region) -> list[tuple[np.ndarray, np.ndarray, int]]:
    """The flux of each hole as a signed count of dominoes along a path to the outer border.

    Parameters
    ----------
    region : Region

    Returns
    -------
    list of ``(dominoes, signs, base)``, one per hole of ``region.holes()``
        ``dominoes`` is an ``(m, 2, 2)`` int array of the dominoes that could
        straddle a side of a shortest path of cell sides from the outer border
        to the hole's border; ``signs`` is +1 or -1 for each; and for every
        tiling ``t``, ``flux(t)[k] == base + 4 * (sum of the signs of the
        dominoes of t among them)``.

    Notes
    -----
    Along the path the height changes by each side's default step, except
    across a domino, where it changes by -3 times it: 4 times the opposite
    more.  So the flux (the height at the hole's border) is a constant plus
    4 times the signed number of dominoes the path cuts in half, the sign
    being minus the default step in the path's direction.  This is how
    Saldanha, Tomei, Casarin and Romualdo (1995) count flux, and what
    Kasteleyn's matrix needs to count the tilings of each flux class (a
    formal variable on these dominoes, :func:`tiling.counting.count_by_flux`).
    One breadth-first search from the whole outer border serves every hole.

    Examples
    --------
    >>> from tiling import examples, enumerate_tilings
    >>> (dominoes, signs, base), = flux_crossings(examples.ring())
    >>> t = next(enumerate_tilings(examples.ring()))
    >>> present = {tuple(map(tuple, d)) for d in t.dominoes.tolist()}
    >>> base + 4 * sum(int(s) for d, s in zip(dominoes.tolist(), signs) if tuple(map(tuple, d)) in present)
    2
    >>> int(flux(t)[0])
    2
    """
    import scipy.sparse as sp
    from scipy.sparse.csgraph import breadth_first_order

    from ..model.region import require_region

    require_region(region, "flux_crossings")
    lattice = lattice_of(region)
    anchors = lattice.hole_anchors
    if not anchors:
        return []
    points = lattice.points
    h1, w1 = points.shape
    flat = np.arange(h1 * w1).reshape(h1, w1)
    # the lattice graph, and a virtual source joined to every point of the outer border
    i, j = np.nonzero(lattice.edge_h)
    a, b = [flat[i, j]], [flat[i, j + 1]]
    i, j = np.nonzero(lattice.edge_v)
    a.append(flat[i, j])
    b.append(flat[i + 1, j])
    outer = np.flatnonzero((lattice.boundary_points & (lattice.border_groups < 0)).ravel())
    source = h1 * w1
    a.append(np.full(len(outer), source))
    b.append(outer)
    a, b = np.concatenate(a), np.concatenate(b)
    graph = sp.coo_matrix((np.ones(len(a), np.int8), (a, b)), shape=(source + 1, source + 1))
    _, parent = breadth_first_order(graph.tocsr(), source, directed=False)
    mask = region.mask
    rows, cols = mask.shape
    out = []
    for r, c in anchors:
        path = [int(flat[r, c])]
        while parent[path[-1]] != source:
            path.append(int(parent[path[-1]]))
        path = path[::-1]  # from the outer border to the hole's border
        dominoes, signs = [], []
        for p, q in zip(path, path[1:]):
            (pi, pj), (qi, qj) = divmod(p, w1), divmod(q, w1)
            if pi == qi:  # a horizontal side: the vertical domino across it
                j0 = min(pj, qj)
                cells = ((pi - 1, j0), (pi, j0))
                step = int(lattice.step_h[pi, j0]) * (1 if qj > pj else -1)
            else:  # a vertical side: the horizontal domino across it
                i0 = min(pi, qi)
                cells = ((i0, pj - 1), (i0, pj))
                step = int(lattice.step_v[i0, pj]) * (1 if qi > pi else -1)
            if all(0 <= x < rows and 0 <= y < cols and mask[x, y] for x, y in cells):
                dominoes.append(cells)
                signs.append(-step)  # across a domino: 4 times the opposite of the default
        out.append((np.array(dominoes, dtype=np.int64).reshape(-1, 2, 2), np.array(signs)))
    # the constant, from any tiling (the least one)
    from ._thurston import min_tiling

    t0 = min_tiling(region)
    present = {tuple(d) for d in t0.dominoes.reshape(-1, 4).tolist()}
    fluxes = flux(t0)
    result = []
    for k, (dominoes, signs) in enumerate(out):
        on = [tuple(d) in present for d in dominoes.reshape(-1, 4).tolist()]
        base = int(fluxes[k]) - 4 * int(np.dot(signs, np.array(on, dtype=np.int64)))
        result.append((dominoes, signs.astype(np.int64), base))
    return result
