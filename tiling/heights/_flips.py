"""Flips: the 2 x 2 blocks covered by two parallel dominoes, and the distance they measure."""

from __future__ import annotations

from typing import Any

import numpy as np

from .._validation import positive_int
from ..errors import TilingError, TooLargeError
from ..model.region import Region, as_cell_array
from ..model.tiling import Tiling, require_tiling
from ._blocks import flip_blocks, flippable, lowers, partner_grid, tiling_from_grid
from ._height import _perfect, height

__all__ = [
    "flips",
    "flip",
    "replay_flips",
    "flip_distance",
    "flip_path",
    "hole_rings",
    "MAX_PATH",
]

#: Longest path :func:`flip_path` writes out (two int64 per flip: 160 MB).
MAX_PATH = 10**7


def flips(tiling: Tiling) -> np.ndarray:
    """The flippable 2 x 2 blocks of ``tiling``: those covered by two parallel dominoes.

    Parameters
    ----------
    tiling : Tiling

    Returns
    -------
    numpy.ndarray of int64, shape (k, 2)
        The top-left cell of each flippable block, in row-major order.

    Notes
    -----
    One vectorised pass over the blocks, O(cells).  Flipping a block (see
    :func:`flip`) turns its two horizontal dominoes vertical or the reverse
    and changes the height function (:func:`height`) only at the block's
    centre, by 4.

    Examples
    --------
    >>> from tiling import Region
    >>> from tiling.heights import min_tiling
    >>> t = min_tiling(Region.rectangle(2, 4))
    >>> print(t.to_ascii())
    ╻ ╺━━╸╻
    ╹ ╺━━╸╹
    >>> flips(t).tolist()
    [[0, 1]]
    """
    t = require_tiling(tiling, "flips")
    horizontal, vertical = flippable(partner_grid(t))
    return np.argwhere(horizontal | vertical).astype(np.int64)


def flip(tiling: Tiling, cell: Any) -> Tiling:
    """The tiling with the 2 x 2 block whose top-left cell is ``cell`` flipped.

    Parameters
    ----------
    tiling : Tiling
    cell : (row, col)
        The top-left cell of a block covered by two parallel dominoes (one of
        :func:`flips`).

    Returns
    -------
    Tiling
        A new tiling: the two dominoes of the block turned by a quarter turn.

    Raises
    ------
    TilingError
        when the block is not covered by two parallel dominoes.

    Examples
    --------
    >>> from tiling import Region, Tiling
    >>> t = Tiling(Region.rectangle(2, 2), [[(0, 0), (0, 1)], [(1, 0), (1, 1)]])
    >>> print(flip(t, (0, 0)).to_ascii())
    ╻ ╻
    ╹ ╹
    """
    t = require_tiling(tiling, "flip")
    cells = as_cell_array(cell, "cell")
    if len(cells) != 1:
        raise TilingError(f"flip(): cell must be one (row, col) pair, got {len(cells)}")
    r, c = (int(x) for x in cells[0])
    grid = partner_grid(t)
    horizontal, vertical = flippable(grid)
    h, w = horizontal.shape
    if not (r < h and c < w and (horizontal[r, c] or vertical[r, c])):
        raise TilingError(
            f"flip(): the 2 x 2 block with top-left cell ({r}, {c}) is not covered by two "
            "parallel dominoes; tiling.heights.flips(t) lists the blocks that are"
        )
    flip_blocks(grid, np.array([r]), np.array([c]))
    return tiling_from_grid(t.region, grid)


def replay_flips(tiling: Tiling, cells: Any, *, every: int = 1) -> list[Tiling]:
    """The tilings met while flipping the blocks ``cells`` one after the other.

    Parameters
    ----------
    tiling : Tiling
        The start.
    cells : array_like, shape (k, 2)
        Top-left cells of the blocks to flip, in order (:func:`flip_path`).
    every : int
        Keep the tiling after every ``every`` flips (and the last one).

    Returns
    -------
    list of Tiling
        The start, then the tiling after each ``every`` flips: what
        :func:`tiling.plot.animate_tilings` animates.

    Raises
    ------
    TilingError
        naming the first block that is not flippable when its turn comes.

    Notes
    -----
    The flips run on a grid of partner directions, O(1) each; only the kept
    tilings are built, O(cells) each.

    Examples
    --------
    >>> from tiling import Region
    >>> from tiling.heights import min_tiling, max_tiling
    >>> board = Region.rectangle(2, 4)
    >>> states = replay_flips(min_tiling(board), flip_path(min_tiling(board), max_tiling(board)))
    >>> len(states), states[-1] == max_tiling(board)
    (4, True)
    """
    t = require_tiling(tiling, "replay_flips")
    blocks = as_cell_array(cells, "cells")
    every = positive_int(every, "every", "replay_flips")
    grid = partner_grid(t)
    h, w = grid.shape
    states = [t]
    for number, (r, c) in enumerate(blocks.tolist(), start=1):
        ok = r + 1 < h and c + 1 < w
        if ok:
            horizontal, vertical = flippable(grid[r : r + 2, c : c + 2])
            ok = bool(horizontal[0, 0] or vertical[0, 0])
        if not ok:
            raise TilingError(
                f"replay_flips(): flip {number}, the block with top-left cell ({r}, {c}), is "
                "not covered by two parallel dominoes at its turn"
            )
        flip_blocks(grid, np.array([r]), np.array([c]))
        if number % every == 0 or number == len(blocks):
            states.append(tiling_from_grid(t.region, grid))
    return states


def _pair(t1: Any, t2: Any, who: str) -> tuple[Tiling, Tiling]:
    a, b = _perfect(t1, who), _perfect(t2, who)
    if a.region != b.region:
        raise TilingError(f"{who}(): the two tilings are of different regions")
    return a, b


def _difference(a: Tiling, b: Tiling, who: str) -> np.ndarray:
    """``height(a) - height(b)`` (0 off the lattice); TilingError when the fluxes differ."""
    from ._height import flux

    fa, fb = flux(a), flux(b)
    if not np.array_equal(fa, fb):
        raise TilingError(
            f"{who}(): the tilings have different fluxes ({fa.tolist()} and {fb.tolist()}), "
            "so no sequence of flips joins them (a flip never changes the flux)"
        )
    return (height(a) - height(b)).filled(0)


def flip_distance(tiling1: Tiling, tiling2: Tiling) -> int:
    r"""The least number of flips that turns ``tiling1`` into ``tiling2``.

    Parameters
    ----------
    tiling1, tiling2 : Tiling
        Perfect tilings of the same region.

    Returns
    -------
    int
        :math:`\frac14 \sum_p |h_1(p) - h_2(p)|` over the lattice points, with
        :math:`h_1, h_2` their height functions (:func:`height`).

    Raises
    ------
    TilingError
        when the tilings have different fluxes (:func:`flux`): no flips join
        them.

    Notes
    -----
    *Proof.*  A flip changes the height at one point by 4 and nowhere else,
    so at least :math:`\sum |h_1 - h_2| / 4` flips are needed.  Conversely,
    let :math:`D = h_1 - h_2`, and suppose :math:`M = \max D > 0` (if
    :math:`\min D < 0`, exchange the roles below).  Among the points with
    :math:`D(p) = M`, take one with :math:`h_1(p)` largest.  Heights agree on
    the border (same flux), so :math:`p` is interior: the four cells around it
    are in the region.  Let :math:`q` be a neighbour.  Along the edge
    :math:`p \to q` both heights change by one of two values :math:`s, s - 4`
    (:math:`s = 1` or :math:`3`, the same for both tilings).  If
    :math:`h_1(q) > h_1(p)`, the change for :math:`h_1` is :math:`s`, the larger;
    since :math:`D(q) \le M`, the change for :math:`h_2` is at least as large,
    hence also :math:`s`, so :math:`D(q) = M` with :math:`h_1(q) > h_1(p)`,
    against the choice of :math:`p`.  So all four neighbours are lower:
    :math:`p` is a strict local maximum of :math:`h_1`, which happens exactly
    when the block around it holds two parallel dominoes whose flip lowers
    :math:`h_1(p)` by 4.  That flip lowers :math:`\sum |D|` by 4 (as
    :math:`D(p) = M \ge 4`); repeat.  So the distance is exactly
    :math:`\sum |D| / 4`, and tilings with the same border heights are joined
    by flips.

    The argument reads heights on the region itself, so it holds for simply
    connected regions and for regions whose holes are colour-balanced (where
    the height is single-valued).  Around an unbalanced hole the heights are
    read on the region cut open (:func:`height`), where the tie-break by
    ``h_1`` is not proved to work; the formula was confirmed there by
    breadth-first search on every pair of tilings of 3,000 random regions up
    to 6 x 6 with such holes (4.4 million pairs, during development), the test
    suite repeats the check on more each run, and :func:`flip_path`
    constructs a path of this length or raises.

    The cost is that of two height functions, linear in the area.

    References
    ----------
    N. C. Saldanha, C. Tomei, M. A. Casarin Jr. and D. Romualdo, "Spaces of
    domino tilings", Discrete & Computational Geometry 14 (1995) 207-233.
    E. Rémila, "The lattice structure of the set of domino tilings of a
    polygon", Theoretical Computer Science 322 (2004) 409-422.

    Examples
    --------
    >>> from tiling import Region
    >>> from tiling.heights import min_tiling, max_tiling
    >>> flip_distance(min_tiling(Region.rectangle(4, 4)), max_tiling(Region.rectangle(4, 4)))
    10
    """
    a, b = _pair(tiling1, tiling2, "flip_distance")
    return int(np.abs(_difference(a, b, "flip_distance")).sum()) // 4


def flip_path(tiling1: Tiling, tiling2: Tiling) -> np.ndarray:
    """A shortest sequence of flips from ``tiling1`` to ``tiling2``.

    Parameters
    ----------
    tiling1, tiling2 : Tiling
        Perfect tilings of the same region, with the same flux.

    Returns
    -------
    numpy.ndarray of int64, shape (k, 2)
        The top-left cells of the blocks to flip, in order: applying
        :func:`flip` with each in turn, starting from ``tiling1``, ends at
        ``tiling2``.  ``k`` is :func:`flip_distance`.

    Raises
    ------
    TilingError
        when the fluxes differ.
    TooLargeError
        when the path would have more than :data:`MAX_PATH` flips.

    Notes
    -----
    The construction of :func:`flip_distance`'s proof, vectorised: in each
    round, every block whose flip lowers the height where ``tiling1``'s
    current height is above ``tiling2``'s is flipped at once (such blocks
    are strict local maxima, so no two share a cell), then every block whose
    flip raises it where it is below.  Each flip brings the heights 4 closer,
    so the path is shortest.  Each round costs O(cells).

    Examples
    --------
    >>> from tiling import Region
    >>> from tiling.heights import min_tiling, max_tiling
    >>> board = Region.rectangle(2, 4)
    >>> flip_path(min_tiling(board), max_tiling(board)).tolist()
    [[0, 1], [0, 0], [0, 2]]
    """
    a, b = _pair(tiling1, tiling2, "flip_path")
    diff = _difference(a, b, "flip_path")
    total = int(np.abs(diff).sum()) // 4
    if total > MAX_PATH:
        raise TooLargeError(
            f"flip_path(): the tilings are {total} flips apart, more than the {MAX_PATH} a "
            "path is written out for; flip_distance() gives the number"
        )
    grid = partner_grid(a)
    centre = diff[1:-1, 1:-1].copy()  # D at each block's centre, indexed by top-left cell
    path = []
    done = 0
    while done < total:
        progressed = False
        for direction in (1, -1):  # lower where D > 0, then raise where D < 0
            horizontal, vertical = flippable(grid)
            down = lowers(horizontal, vertical)
            if direction == 1:
                chosen = down & (centre > 0)
            else:
                chosen = (horizontal | vertical) & ~down & (centre < 0)
            rows, cols = np.nonzero(chosen)
            if len(rows):
                flip_blocks(grid, rows, cols)
                centre[rows, cols] -= 4 * direction
                path.append(np.stack([rows, cols], 1))
                done += len(rows)
                progressed = True
        if not progressed:
            raise AssertionError("internal inconsistency: no flip brings the tilings closer")
    if not path:
        return np.zeros((0, 2), dtype=np.int64)
    return np.concatenate(path).astype(np.int64)


def hole_rings(region: Region) -> list[tuple[tuple[int, ...], np.ndarray, np.ndarray]]:
    """The moves that turn a ring of dominoes around the holes (changing their flux by 4).

    Parameters
    ----------
    region : Region

    Returns
    -------
    list of ``(holes, dominoes, raise_present)``, one per move
        ``holes`` are the indices in ``region.holes()`` of the holes whose
        borders move together (usually one); ``dominoes`` is an ``(m, 2, 2)``
        int array of the dominoes that could straddle the cell sides leaving
        the part that moves.  That part can be raised by 4 (the holes' fluxes
        grow by 4) exactly when the dominoes with ``raise_present`` True are
        in the tiling and the others are not, and lowered by 4 exactly in the
        opposite case; either move swaps every one of them in or out.  A hole
        whose flux is the same in every tiling gets no move.  Empty when the
        region has no tiling.

    Notes
    -----
    The part that moves is the hole's border together with every corner
    whose height differs from the border's by the same amount in every
    tiling: with ``g = h - height(t0)`` for a tiling ``t0``, the constraints
    ``g(q) <= g(p)`` along each side where ``t0`` climbs from ``p`` to ``q``
    (and both ways along the border, where no domino can lie) force equal
    ``g`` exactly on the strongly connected components of that directed
    graph.  A cell in a pocket of the hole, say, has its domino forced, and
    its far corner moves with the border.  Raising a component by 4 changes
    the height change along each side leaving it by -4, which the side
    allows exactly when it is at the higher of its two values: for a side
    whose default step outwards is +1, no domino straddles it; for -1, one
    does.  Components holding a point of an outer border never move.

    Together with the flips, these moves connect all the tilings of a region
    (every flux class; checked against the enumeration on random regions with
    holes), and both kinds are monotone in the pointwise order of heights
    (Rémila 2004): the moves coupling from the past needs on regions with
    holes.  For a single-cell hole the ring is the 8 sides around it, and it
    turns when four dominoes stand around the hole as a pinwheel.

    Examples
    --------
    >>> from tiling import examples
    >>> (holes, dominoes, raise_present), = hole_rings(examples.ring())
    >>> holes, len(dominoes), int(raise_present.sum())  # the 8 sides between the ring's cells
    ((0,), 8, 4)
    """
    import scipy.sparse as sp
    from scipy.sparse.csgraph import connected_components

    from ..model.region import require_region
    from ._height import tiling_steps
    from ._lattice import lattice_of

    require_region(region, "hole_rings")
    lattice = lattice_of(region)
    anchors = lattice.hole_anchors
    if not anchors or region.trivially_untileable() or lattice.start is None:
        return []
    h1, w1 = lattice.points.shape
    flat = np.arange(h1 * w1).reshape(h1, w1)
    step_h, step_v = tiling_steps(lattice, lattice.start)
    tails, heads = [], []
    for edges, border, steps, a, b in (
        (lattice.edge_h, lattice.boundary_h, step_h, flat[:, :-1], flat[:, 1:]),
        (lattice.edge_v, lattice.boundary_v, step_v, flat[:-1, :], flat[1:, :]),
    ):
        climbs = steps > 0  # from a to b: g(b) <= g(a)
        for tail, head, keep in ((a, b, climbs | border), (b, a, ~climbs | border)):
            tails.append(tail[edges & keep])
            heads.append(head[edges & keep])
    tails, heads = np.concatenate(tails), np.concatenate(heads)
    graph = sp.coo_matrix((np.ones(len(tails), np.int8), (tails, heads)), shape=(h1 * w1,) * 2)
    _, part = connected_components(graph.tocsr(), directed=True, connection="strong")
    part = part.reshape(h1, w1)
    on_border = lattice.boundary_points
    fixed_parts = set(np.unique(part[on_border & (lattice.border_groups < 0)]).tolist())
    rows, cols = np.array(anchors, dtype=np.int64).T
    holes_of_part: dict[int, list[int]] = {}
    for k, p in enumerate(part[rows, cols].tolist()):
        if p not in fixed_parts:
            holes_of_part.setdefault(p, []).append(k)
    if not holes_of_part:
        return []
    # every side leaving a moving part, with the part it leaves and its default step outwards
    moving = np.full(int(part.max()) + 1, -1, dtype=np.int64)
    for index, p in enumerate(holes_of_part):
        moving[p] = index
    leaving_part, dominoes, present = [], [], []
    i, j = np.nonzero(lattice.edge_h & ~lattice.boundary_h)  # vertical domino (i-1, j), (i, j)
    across = np.stack([np.stack([i - 1, j], 1), np.stack([i, j], 1)], 1)
    step = lattice.step_h[i, j].astype(np.int64)  # from (i, j) to (i, j + 1)
    for here, there, outward in (
        (part[i, j], part[i, j + 1], step),
        (part[i, j + 1], part[i, j], -step),
    ):
        out = (moving[here] >= 0) & (here != there)
        leaving_part.append(moving[here[out]])
        dominoes.append(across[out])
        present.append(outward[out] == -1)  # the higher value of a -1 step is +3: a domino
    i, j = np.nonzero(lattice.edge_v & ~lattice.boundary_v)  # horizontal domino (i, j-1), (i, j)
    across = np.stack([np.stack([i, j - 1], 1), np.stack([i, j], 1)], 1)
    step = lattice.step_v[i, j].astype(np.int64)  # from (i, j) to (i + 1, j)
    for here, there, outward in (
        (part[i, j], part[i + 1, j], step),
        (part[i + 1, j], part[i, j], -step),
    ):
        out = (moving[here] >= 0) & (here != there)
        leaving_part.append(moving[here[out]])
        dominoes.append(across[out])
        present.append(outward[out] == -1)
    leaving_part = np.concatenate(leaving_part)
    dominoes, present = np.concatenate(dominoes), np.concatenate(present)
    order = np.argsort(leaving_part, kind="stable")  # one pass groups every part's sides
    leaving_part, dominoes, present = leaving_part[order], dominoes[order], present[order]
    bounds = np.searchsorted(leaving_part, np.arange(len(holes_of_part) + 1))
    return [
        (tuple(holes), dominoes[a:b].astype(np.int64), present[a:b])
        for holes, a, b in zip(holes_of_part.values(), bounds[:-1], bounds[1:])
    ]
