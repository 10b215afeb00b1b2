"""Thurston's algorithm: tileability, and the minimal and maximal tilings.

A function on the lattice points of a region is the height function of a
tiling exactly when (a) it has the region's fixed values on the border,
and (b) along every edge it changes by the default step or by -3 times it
(see :func:`~tiling.heights.height`).  Write ``w(p -> q)`` for 1 when the
default step from ``p`` to ``q`` is +1 and 3 when it is -1; (b) says, given
that heights are fixed modulo 4, that ``h(q) - h(p) <= w(p -> q)`` along every
edge in both directions.  Such difference constraints have a least and a
greatest solution given by shortest paths: with ``d`` the distance in the
lattice graph weighted by ``w`` and ``b`` the border heights,

    h_min(p) = max over border points q of ( b(q) - d(p, q) ),
    h_max(p) = min over border points q of ( b(q) + d(q, p) ),

and a tiling exists exactly when ``h_min`` (or ``h_max``) equals ``b`` on the
whole border (Thurston 1990; the pointwise order on heights makes the
tilings of a simply connected region a distributive lattice, Rémila 2004).
``h_min`` and ``h_max`` are then the heights of the minimal and maximal
tilings.  The distances are computed from all border points at once by
Dial's bucket queue (costs 1 and 3), in time linear in the area: this
module's ``is_tileable`` decides tileability without looking for a
matching.

On a region with holes, the border heights of each hole depend on the flux
class, and the slits that make heights single-valued shift the constraints
across them.  There the module starts from any tiling ``t0`` (found by
Hopcroft-Karp) and solves for ``g = h - height(t0)``: the constraint along
an edge becomes ``g(q) - g(p) <= 0`` where ``t0`` climbs from ``p`` to ``q``
and ``<= 4`` where it descends, whatever the slits, so the same bucket queue
finds the least and greatest ``g`` with the border values of a flux class,
or, with ``g`` fixed on the outer border only and constant along each
hole's border, the least and greatest over all tilings (which form one
distributive lattice, Rémila 2004).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from .._validation import shown
from ..errors import TilingError
from ..model.region import Region, require_region
from ..model.tiling import Tiling
from ._height import integrate_steps, tiling_steps
from ._lattice import Lattice, lattice_of

__all__ = ["is_tileable", "min_tiling", "max_tiling", "extreme_tiling"]


def _border_heights(lattice: Lattice) -> tuple[np.ndarray, int, bool]:
    """Heights on the border, integrated along border edges only from each piece's first point.

    Returns the heights, the number of connected pieces of the border, and
    whether the heights close up.  On a region without holes they close up
    exactly when every part pinched off at a corner is balanced (otherwise
    there is no tiling).
    """
    from ._kernels import integrate

    points = lattice.boundary_points
    heights = np.zeros(points.shape, dtype=np.int64)
    component = np.full(points.shape, -1, dtype=np.int64)
    step_h, step_v = lattice.step_h, lattice.step_v
    bh, bv = lattice.boundary_h, lattice.boundary_v
    pieces, ok = integrate(points, bh, bv, step_h, step_v, heights, component)
    return heights, pieces, ok


def _euler_characteristic(lattice: Lattice) -> int:
    """Corners minus sides plus cells of the union of the closed cells: pieces minus holes."""
    sides = np.count_nonzero(lattice.edge_h) + np.count_nonzero(lattice.edge_v)
    cells = np.count_nonzero(lattice.region.mask)
    return int(np.count_nonzero(lattice.points) - sides + cells)


def _without_holes(lattice: Lattice) -> tuple[np.ndarray, bool] | None:
    """``(border heights, they close up)`` when the region has no hole at all, else None.

    Without holes, the border of each piece of the union of the closed cells
    is one connected curve, so the border has as many pieces as the union,
    which is its Euler characteristic (corners - sides + cells); every hole
    lowers the characteristic by one and adds a border or joins one.  So the
    count of border pieces, which Thurston's algorithm needs anyway, tells
    whether there are holes without labelling them.  (Holes here include
    those that touch the outside only at a corner.)
    """
    border, pieces, ok = _border_heights(lattice)
    if pieces != _euler_characteristic(lattice):
        return None
    return border, ok


def _extreme_simply_connected(
    lattice: Lattice, which: str, border: np.ndarray
) -> np.ndarray | None:
    """``h_min`` or ``h_max`` of a region without holes, from its border heights.

    Returns the keys of the shortest paths (``-h`` for the least solution,
    ``h`` for the greatest; int32 on all but huge boxes), or None when they do
    not meet the border's values: then there is no tiling.
    """
    from ._kernels import new_keys, no_groups, shortest_keys

    on_border = lattice.boundary_points
    sign = -1 if which == "min" else 1  # keys: -h for the least solution, h for the greatest
    keys, sources = new_keys(on_border, sign * border)
    sh, sv = lattice.step_h, lattice.step_v  # int8: small costs keep the loop in cache
    # w(step) = 2 - step: 1 for a +1 step, 3 for a -1 step.  The greatest solution
    # moves along edges at the forward weight, the least at the weight of the
    # reverse step (h_min(p) = b(q) - d(p, q) is a distance *to* q).
    forward = (2 - sh, 2 + sh, 2 - sv, 2 + sv)
    backward = (2 + sh, 2 - sh, 2 + sv, 2 - sv)
    costs = backward if which == "min" else forward
    # no slits without holes: every edge is open; costs are 1 and 3
    shortest_keys(lattice.edge_h, lattice.edge_v, *costs, keys, sources, 3, *no_groups())
    if (keys[on_border] != sign * border[on_border]).any():
        return None
    return keys


def _heights_from_keys(keys: np.ndarray, which: str) -> np.ndarray:
    return (-1 if which == "min" else 1) * keys.astype(np.int64)


def _extreme_from(
    lattice: Lattice,
    which: str,
    steps: tuple[np.ndarray, np.ndarray],
    phi: np.ndarray,
    target: np.ndarray | None,
) -> np.ndarray | None:
    """``g = h - phi`` for the least or greatest heights, or None when no tiling qualifies.

    ``steps`` and ``phi`` are the edge steps and heights of a tiling of the
    region.  ``target`` gives the flux of some holes of ``region.holes()``
    (masked entries: free holes; None: every hole free): the heights are fixed
    on the outer border and on the borders of those holes, and the border of
    each free hole moves as one piece (its points joined at no cost).
    """
    from ._kernels import new_keys, shortest_keys

    step_h, step_v = steps
    on_border = lattice.boundary_points
    anchors = lattice.hole_anchors
    groups = lattice.border_groups  # -1: the outer border (or not on a border)
    n_holes = len(anchors)
    if target is None:
        target = np.ma.MaskedArray(np.zeros(n_holes, np.int64), mask=np.ones(n_holes, bool))
    fixed = ~np.ma.getmaskarray(target)
    # the outer border and the borders of the holes whose flux is given are fixed; the
    # border of a free hole moves as one piece (its points joined at no cost)
    offset = np.zeros(n_holes + 1, dtype=np.int64)  # last entry: the outside (-1)
    fixed_group = np.append(fixed, True)
    if n_holes:
        rows, cols = np.array(anchors, dtype=np.int64).T
        offset[:-1] = np.where(fixed, target.filled(0) - phi[rows, cols], 0)
    sources = on_border & fixed_group[groups]
    g_border = offset[groups]
    free_points = on_border & ~fixed_group[groups]
    group = np.where(free_points, groups, -1).astype(np.int64)
    flat = np.flatnonzero(free_points)
    members = _group_rows(group.ravel()[flat], flat, n_holes)
    sign = -1 if which == "min" else 1
    keys, order = new_keys(sources, sign * g_border)
    # reduced costs: 0 where the start tiling climbs along the move, 4 where it descends
    climb_right = np.where(step_h > 0, 0, 4).astype(np.int8)
    climb_left = np.where(step_h < 0, 0, 4).astype(np.int8)
    climb_down = np.where(step_v > 0, 0, 4).astype(np.int8)
    climb_up = np.where(step_v < 0, 0, 4).astype(np.int8)
    forward = (climb_right, climb_left, climb_down, climb_up)
    backward = (climb_left, climb_right, climb_up, climb_down)
    costs = backward if which == "min" else forward
    # every edge constrains g, slit or not: the reduced costs do not see the slits
    # costs 0 and 4
    shortest_keys(lattice.edge_h, lattice.edge_v, *costs, keys, order, 4, group, members)
    if (keys[sources] != sign * g_border[sources]).any():
        return None
    return sign * keys.astype(np.int64)


def _group_rows(labels: np.ndarray, flat: np.ndarray, n_groups: int) -> np.ndarray:
    """The flat indices of each group's points, one row per group, padded with -1."""
    order = np.argsort(labels, kind="stable")
    labels, flat = labels[order], flat[order]
    counts = np.bincount(labels, minlength=n_groups)
    rows = np.full((n_groups, max(int(counts.max(initial=0)), 1)), -1, dtype=np.int64)
    position = np.arange(len(labels)) - np.repeat(np.cumsum(counts) - counts, counts)
    rows[labels, position] = flat
    return rows


def _tiling_from_heights(lattice: Lattice, heights: np.ndarray) -> Tiling:
    """The tiling of a region without holes whose height function is ``heights``."""
    sh, sv = lattice.step_h, lattice.step_v
    # an edge is inside a domino where the height changes by -3 times the default
    across_h = lattice.edge_h & (heights[:, 1:] - heights[:, :-1] == -3 * sh)
    across_v = lattice.edge_v & (heights[1:, :] - heights[:-1, :] == -3 * sv)
    return _dominoes_from_crossings(lattice.region, across_h, across_v)


def _tiling_from_class(
    lattice: Lattice, steps: tuple[np.ndarray, np.ndarray], g: np.ndarray
) -> Tiling:
    """The tiling whose heights are ``phi + g``, ``steps`` being those of ``phi``'s tiling.

    Along every edge, slit or not, the new step is the old one plus the change
    of ``g`` (a slit shifts heights by the same amount for every tiling).
    """
    step_h, step_v = steps
    new_h = step_h + (g[:, 1:] - g[:, :-1])
    new_v = step_v + (g[1:, :] - g[:-1, :])
    across_h = lattice.edge_h & (new_h == -3 * lattice.step_h)
    across_v = lattice.edge_v & (new_v == -3 * lattice.step_v)
    return _dominoes_from_crossings(lattice.region, across_h, across_v)


def _dominoes_from_crossings(region: Region, across_h: np.ndarray, across_v: np.ndarray) -> Tiling:
    r, c = np.nonzero(across_h)  # horizontal edge (r, c): vertical domino (r-1, c), (r, c)
    vertical = np.stack([np.stack([r - 1, c], 1), np.stack([r, c], 1)], 1)
    r, c = np.nonzero(across_v)  # vertical edge (r, c): horizontal domino (r, c-1), (r, c)
    horizontal = np.stack([np.stack([r, c - 1], 1), np.stack([r, c], 1)], 1)
    return Tiling(region, np.concatenate([horizontal, vertical]))


def extreme_tiling(region: Region, which: str, flux: Any = None) -> Tiling | None:
    """The minimal or maximal tiling (``which``: "min" or "max"), or None when there is none.

    Regions without holes take Thurston's route; on regions with holes,
    ``flux`` picks a class, and None means over all tilings (see :func:`min_tiling`).
    """
    if region.trivially_untileable():
        return None
    lattice = lattice_of(region)
    simple = _without_holes(lattice)
    if simple is not None:
        _check_flux(flux, 0)
        border, ok = simple
        keys = _extreme_simply_connected(lattice, which, border) if ok else None
        if keys is None:
            return None
        return _tiling_from_heights(lattice, _heights_from_keys(keys, which))
    anchors = lattice.hole_anchors
    target = _check_flux(flux, len(anchors))
    start = lattice.start
    if start is None:
        return None
    steps = tiling_steps(lattice, start)
    g = _extreme_from(lattice, which, steps, integrate_steps(lattice, *steps), target)
    if g is None:
        raise TilingError(
            f"{which}_tiling(): no tiling of this region has flux {target.tolist()}; "
            "fluxes of tilings come from tiling.heights.flux(t) (None for a free hole)"
        )
    return _tiling_from_class(lattice, steps, g)


def _check_flux(flux: Any, n_holes: int) -> np.ma.MaskedArray | None:
    """The flux asked for, one entry per hole, masked where None (that hole is free)."""
    if flux is None:
        return None
    if isinstance(flux, (str, bytes)) or not isinstance(flux, (Sequence, np.ndarray)):
        raise TypeError(
            f"flux must be a sequence of integers (one per hole), not {type(flux).__name__}"
        )
    entries = list(flux)
    if len(entries) != n_holes or any(np.ndim(e) for e in entries):
        raise TilingError(
            f"flux must have one entry per hole of the region ({n_holes}), got {len(entries)}"
        )
    free = [e is None for e in entries]
    for e in entries:
        if e is not None and (
            isinstance(e, (bool, np.bool_)) or not isinstance(e, (int, np.integer))
        ):
            raise TypeError(f"flux must hold integers (or None for a free hole), got {shown(e)}")
        if e is not None and abs(int(e)) >= 2**62:
            raise TilingError(f"no tiling has flux {int(e)}: a flux is at most 4 times the area")
    if all(free) and n_holes:
        return None
    values = np.array([0 if e is None else int(e) for e in entries], dtype=np.int64)
    return np.ma.MaskedArray(values, mask=np.array(free, dtype=bool))


def is_tileable(region: Region) -> bool:
    """Whether ``region`` has a domino tiling, by Thurston's height-function algorithm.

    Parameters
    ----------
    region : Region

    Returns
    -------
    bool

    Notes
    -----
    Thurston (1990): on a region without holes, the heights of the border
    are fixed (:func:`height`), and a tiling exists exactly when the least
    function obeying the height rules below the border values, found by
    shortest paths from the border, meets them all (see this module's
    docstring).  Here the shortest paths run from all border points at once
    with Dial's buckets, in time linear in the area, and no matching is
    searched for.  Regions whose colours or parity already fail return
    False at once; regions with holes (including holes that touch the
    outside at a corner) are decided by Hopcroft-Karp's matching, since
    their border heights depend on the tiling.

    References
    ----------
    W. P. Thurston, "Conway's tiling groups", American Mathematical Monthly
    97 (1990) 757-773.  I. Pak, A. Sheffer and M. Tassy, "Fast domino
    tileability", Discrete & Computational Geometry 56 (2016) 377-394.

    Examples
    --------
    >>> from tiling import Region, examples
    >>> is_tileable(Region.rectangle(8, 8))
    True
    >>> is_tileable(examples.figure_7x7())  # balanced colours, yet no tiling
    False
    """
    require_region(region, "is_tileable")
    lattice = lattice_of(region)
    simple = _without_holes(lattice)
    if simple is not None:
        # an odd or unbalanced piece makes its border heights fail to close up,
        # so Thurston's test needs no separate count of colours
        border, ok = simple
        return ok and _extreme_simply_connected(lattice, "min", border) is not None
    return not region.trivially_untileable() and lattice.start is not None


def _tiling_or_error(region: Region, which: str, flux: Any) -> Tiling:
    tiling = extreme_tiling(region, which, flux)
    if tiling is None:
        from ..proofs.certificates import no_tiling_error

        raise no_tiling_error(region)
    return tiling


def min_tiling(region: Region, *, flux: Sequence[int | None] | None = None) -> Tiling:
    """The tiling of ``region`` whose height function is pointwise the least.

    Parameters
    ----------
    region : Region
    flux : sequence of int or None, optional
        For a region with holes (:meth:`Region.holes`): a flux class, as
        :func:`flux` gives it for a tiling of that class, to get the least
        tiling of that class; an entry None leaves that hole free.  Without
        it, the least of all tilings: heights (read as :func:`height` reads
        them, slits included) are also ordered across classes, and the
        pointwise least of all height functions is itself one (Rémila 2004),
        with the hole borders at their lowest.

    Returns
    -------
    Tiling
        No flip lowers its height anywhere: every flippable 2 x 2 block has
        its centre at a local minimum.

    Raises
    ------
    NoTilingError
        when the region has no tiling (with a checked proof).
    TilingError
        for a flux no tiling has.

    Notes
    -----
    Thurston's construction (see the module docstring): the least height
    function with the border's values, by shortest paths from the border
    with Dial's buckets, then the dominoes read off the edges where the height
    changes by -3 times the default step.  Linear in the area.  With holes,
    one tiling is found first by Hopcroft-Karp, O(E sqrt V), and the same
    shortest paths run on the differences from its heights: from every border
    for a flux class, and from the outer border alone over all tilings, each
    hole's border moving as one piece.

    References
    ----------
    E. Rémila, "The lattice structure of the set of domino tilings of a
    polygon", Theoretical Computer Science 322 (2004) 409-422.

    Examples
    --------
    >>> from tiling import Region
    >>> print(min_tiling(Region.rectangle(2, 4)).to_ascii())
    ╻ ╺━━╸╻
    ╹ ╺━━╸╹
    """
    require_region(region, "min_tiling")
    return _tiling_or_error(region, "min", flux)


def max_tiling(region: Region, *, flux: Sequence[int | None] | None = None) -> Tiling:
    """The tiling of ``region`` whose height function is pointwise the greatest.

    As :func:`min_tiling`, with the greatest solution of the height
    constraints: no flip raises its height anywhere.

    Parameters
    ----------
    region : Region
    flux : sequence of int or None, optional
        A flux class, for a region with holes (see :func:`min_tiling`);
        without it, the greatest of all tilings.

    Returns
    -------
    Tiling

    Examples
    --------
    >>> from tiling import Region
    >>> print(max_tiling(Region.rectangle(2, 4)).to_ascii())
    ╺━━╸╺━━╸
    ╺━━╸╺━━╸
    """
    require_region(region, "max_tiling")
    return _tiling_or_error(region, "max", flux)
