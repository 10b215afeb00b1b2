"""Generating functions of domino tilings, exactly, as sympy polynomials.

Each is a weighted count (:mod:`tiling.counting.weighted`) in which the
weights are powers of ``q``, evaluated at one integer point: *Kronecker
substitution*.  The coefficients are non-negative and add up to the number
of tilings ``N``, so each is below ``2**B`` with ``B = N.bit_length()``;
at ``q = 2**B`` the count is an integer whose base-``2**B`` digits are the
coefficients.  One exact determinant of the weighted Kasteleyn matrix
(its entries then have up to ``B`` bits more), or one run of the profile DP
over Python integers, gives the whole polynomial: no interpolation, no
evaluation at many points.

* ``by="vertical"`` (``"horizontal"``): the weight ``q`` on every vertical
  (horizontal) domino.  Kasteleyn takes ``q`` on the horizontal dominoes and
  reverses the coefficients, since a tiling of ``c`` cells has ``c / 2``
  dominoes: then the vertical entries, which the exact engine pivots on,
  stay units.
* ``by="volume"``: the coefficient of ``q**k`` counts the tilings whose
  height function (:func:`tiling.heights.height`) lies ``k`` flips above
  that of the minimal tiling (:func:`tiling.heights.min_tiling`), that is
  ``sum over corners (h_T - h_min) / 4 = k``.  Heights are sums of steps
  along a spanning tree of the corners rooted on the border (whose heights
  every tiling shares); a domino changes the step across its middle from
  ``s`` to ``-3 s``.  So the sum of the heights is a constant minus ``4``
  times, for each domino of the tiling, ``s`` times the number of corners
  below its middle edge in the tree: a domino's weight is ``q`` to the
  power ``-s`` times that number (:func:`volume_exponents`).  Powers are
  made non-negative by a gauge change (each cell's dominoes shifted by
  their least power) and the known power of the minimal tiling taken off.
  Needs a simply connected region (a hole's flux would split the heights
  into classes).

References
----------
P. W. Kasteleyn, "The statistics of dimers on a lattice", Physica 27
(1961).  W. P. Thurston, "Conway's tiling groups", Amer. Math. Monthly 97
(1990).  On Kronecker substitution: J. von zur Gathen and J. Gerhard,
*Modern Computer Algebra*, 8.4.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._validation import check_choice
from ..errors import TilingError
from ..model.region import Region, require_region

__all__ = ["generating_function", "volume_exponents", "BY"]

#: The statistics ``by=`` takes.
BY = ("vertical", "horizontal", "volume")


def volume_exponents(region: Region) -> tuple[np.ndarray, np.ndarray, int]:
    """Powers of ``q`` per domino whose product over a tiling gives its flips above the minimum.

    Parameters
    ----------
    region : Region
        Simply connected (holes: TilingError).

    Returns
    -------
    horizontal, vertical : int64 arrays of shapes ``rows x (cols - 1)`` and ``(rows - 1) x cols``
        The power of the domino on ``(r, c), (r, c + 1)`` and on ``(r, c), (r + 1, c)``.
    offset : int
        The sum of the powers over the dominoes of the minimal tiling: a tiling ``T``
        is ``sum over its dominoes of their powers - offset`` flips above it.

    Notes
    -----
    A breadth-first spanning tree of the corners (scipy.sparse.csgraph), then
    the subtree sizes, O(cells); see the module docstring for the derivation.

    Examples
    --------
    >>> h, v, offset = volume_exponents(Region.rectangle(2, 2))
    >>> from tiling.heights import max_tiling
    >>> t = max_tiling(Region.rectangle(2, 2))
    >>> sum(int((h if a[0] == b[0] else v)[tuple(np.minimum(a, b))]) for a, b in t.dominoes) - offset
    1
    """
    import scipy.sparse as sp
    from scipy.sparse.csgraph import breadth_first_order, connected_components

    from ..heights import min_tiling
    from ..heights._lattice import lattice_of

    require_region(region, "volume_exponents")
    lattice = lattice_of(region)
    if not lattice.is_simply_connected:
        raise TilingError(
            "generating_function(): by='volume' needs a simply connected region (the "
            f"heights around a hole depend on the tiling's flux); this one has "
            f"{len(lattice.topological_holes)} hole(s)"
        )
    rows, cols = region.shape
    P = cols + 1  # points are (i, j), 0 <= i <= rows, 0 <= j <= cols
    a_list, b_list = [], []
    i, j = np.nonzero(lattice.edge_h)
    a_list.append(i * P + j)
    b_list.append(i * P + j + 1)
    i, j = np.nonzero(lattice.edge_v)
    a_list.append(i * P + j)
    b_list.append((i + 1) * P + j)
    a, b = np.concatenate(a_list), np.concatenate(b_list)
    n_points = (rows + 1) * P
    graph = sp.coo_matrix((np.ones(len(a)), (a, b)), shape=(n_points, n_points)).tocsr()
    n_comp, labels = connected_components(graph, directed=False)
    on = lattice.points.reshape(-1)
    horizontal = np.zeros((rows, max(cols - 1, 0)), dtype=np.int64)
    vertical = np.zeros((max(rows - 1, 0), cols), dtype=np.int64)
    mask = region.mask
    done = np.zeros(n_comp, dtype=bool)
    for root in np.flatnonzero(on):  # row-major: each component's first point, on the border
        comp = labels[root]
        if done[comp]:
            continue
        done[comp] = True
        order, pred = breadth_first_order(graph, root, directed=False, return_predecessors=True)
        size = np.ones(n_points, dtype=np.int64)
        for v in order[:0:-1]:
            size[pred[v]] += size[v]
        for v in order[1:]:
            p = pred[v]
            (pi, pj), (vi, vj) = divmod(int(p), P), divmod(int(v), P)
            if pi == vi:  # horizontal lattice edge (i, min j): between cells (i - 1, j), (i, j)
                jj = min(pj, vj)
                step = int(lattice.step_h[pi, jj]) * (1 if vj > pj else -1)
                r0, c0 = pi - 1, jj
                if r0 >= 0 and pi < rows and mask[r0, c0] and mask[pi, c0]:
                    vertical[r0, c0] = -step * size[v]
            else:  # vertical lattice edge (min i, j): between cells (i, j - 1), (i, j)
                ii = min(pi, vi)
                step = int(lattice.step_v[ii, pj]) * (1 if vi > pi else -1)
                c0 = pj - 1
                if c0 >= 0 and pj < cols and mask[ii, c0] and mask[ii, pj]:
                    horizontal[ii, c0] = -step * size[v]
    low = min_tiling(region)
    offset = _power(low.dominoes, horizontal, vertical)
    return horizontal, vertical, offset


def _power(dominoes: np.ndarray, horizontal: np.ndarray, vertical: np.ndarray) -> int:
    """The sum of the powers of ``dominoes`` (a ``(k, 2, 2)`` array of cell pairs)."""
    if not len(dominoes):
        return 0
    top = dominoes.min(axis=1)
    flat = dominoes[:, 0, 0] == dominoes[:, 1, 0]
    return int(horizontal[top[flat, 0], top[flat, 1]].sum()) + int(
        vertical[top[~flat, 0], top[~flat, 1]].sum()
    )


def _gauge(region: Region, horizontal: np.ndarray, vertical: np.ndarray) -> tuple[Any, Any, int]:
    """Powers made non-negative: each cell's dominoes lowered by their least power.

    Every tiling covers each cell once, so the count is multiplied by ``q`` to
    the total shift.  Returns the new arrays and the total shift.
    """
    rows, cols = region.shape
    H, V = horizontal.copy(), vertical.copy()
    mask = region.mask
    shift = 0
    big = np.iinfo(np.int64).max
    for colour in (0, 1):
        least = np.full((rows, cols), big, dtype=np.int64)
        hm = mask[:, :-1] & mask[:, 1:]
        vm = mask[:-1, :] & mask[1:, :]
        for arr, used, first, second in (
            (H, hm, (slice(None), slice(None, -1)), (slice(None), slice(1, None))),
            (V, vm, (slice(None, -1), slice(None)), (slice(1, None), slice(None))),
        ):
            vals = np.where(used, arr, big)
            least[first] = np.minimum(least[first], vals)
            least[second] = np.minimum(least[second], vals)
        r, c = np.indices((rows, cols))
        pick = mask & ((r + c) % 2 == colour) & (least < big)
        shift_cell = np.where(pick, least, 0)
        shift += int(shift_cell.sum())
        own = (r + c) % 2 == colour
        # each domino has one cell of this colour: take that cell's shift off
        if cols > 1:
            cell_shift = np.where(own[:, :-1], shift_cell[:, :-1], shift_cell[:, 1:])
            H = H - np.where(hm, cell_shift, 0)
        if rows > 1:
            cell_shift = np.where(own[:-1, :], shift_cell[:-1, :], shift_cell[1:, :])
            V = V - np.where(vm, cell_shift, 0)
    return H, V, shift


def generating_function(
    region: Region,
    by: str = "vertical",
    *,
    method: str = "auto",
    variable: Any = "q",
    progress: bool = False,
) -> Any:
    """The tilings of ``region`` counted by a statistic, as an exact sympy polynomial in ``q``.

    Parameters
    ----------
    region : Region
    by : {"vertical", "horizontal", "volume"}
        ``"vertical"``: the coefficient of ``q**k`` is the number of tilings
        with ``k`` vertical dominoes (``"horizontal"``: horizontal ones).
        ``"volume"``: the number of tilings whose height function lies ``k``
        flips above the minimal tiling's (the q-count by volume; simply
        connected regions).
    method : {"auto", "kasteleyn", "dp"}
        ``"kasteleyn"``: one exact determinant of the weighted Kasteleyn
        matrix at ``q = 2**B`` (Kronecker substitution, see the module
        docstring), any shape; ``"dp"``: the profile DP over Python integers
        at the same point, narrow regions.  ``"auto"``: the cheaper.
    variable : str or sympy.Symbol
        The polynomial's variable.
    progress : bool
        A progress bar for the determinant.

    Returns
    -------
    sympy.Poly
        With integer coefficients; its value at 1 is :func:`tiling.count`.
        The zero polynomial when the region has no tiling.

    Raises
    ------
    TilingError
        for ``by="volume"`` on a region with holes.

    Notes
    -----
    Cost: one weighted count whose entries have ``B ~ 0.42 cells`` more
    bits (``B`` the bit length of the number of tilings), plus that number
    itself; for ``by="volume"`` the powers reach the number of corners, so
    the integers are longer (a bit more than ``B`` times the largest height
    difference per cell).  Measured: see ``benchmarks/bench_statistics.py``.

    Examples
    --------
    >>> generating_function(Region.rectangle(2, 3))
    Poly(q**3 + 2*q, q, domain='ZZ')
    >>> generating_function(Region.rectangle(4, 4), by="volume").all_coeffs()
    [1, 1, 2, 5, 6, 6, 6, 5, 2, 1, 1]
    """
    import sympy

    from .._api import count
    from ..counting.weighted import count_weighted

    require_region(region, "generating_function")
    check_choice(by, BY, "by", "generating_function")
    check_choice(method, ("auto", "kasteleyn", "dp"), "method", "generating_function")
    q = sympy.Symbol(variable) if isinstance(variable, str) else variable
    if not isinstance(q, sympy.Symbol):
        raise TypeError(
            f"generating_function(): variable must be a str or a sympy Symbol, not {variable!r}"
        )
    total = count(region)
    if total == 0:
        return sympy.Poly(0, q, domain="ZZ")
    B = total.bit_length() + 1
    if by in ("vertical", "horizontal"):
        # q on the horizontal dominoes: the vertical ones, the engine's pivots, stay units
        value = count_weighted(region, (1 << B, 1), method=method)
        coeffs = _digits(value, B)  # by horizontal dominoes
        if by == "vertical":  # a tiling of c cells has c / 2 dominoes
            coeffs = (coeffs + [0] * (region.n_cells // 2 + 1 - len(coeffs)))[::-1]
        return _poly(coeffs, q, total)
    h_pow, v_pow, offset = volume_exponents(region)
    H, V, shift = _gauge(region, h_pow, v_pow)
    Hw = _kronecker(H, B)
    Vw = _kronecker(V, B)
    value = count_weighted(region, (Hw, Vw), method=method)
    coeffs = _digits(value, B)
    low = offset - shift  # the minimal tiling's power after the gauge
    if any(coeffs[:low]) or low < 0:
        raise AssertionError("internal inconsistency: a tiling lies below the minimal one")
    return _poly(coeffs[low:], q, total)


def _kronecker(powers: np.ndarray, B: int) -> np.ndarray:
    out = np.empty(powers.shape, dtype=object)
    for idx in np.ndindex(powers.shape):
        out[idx] = 1 << (B * int(powers[idx]))
    return out


def _digits(value: int, B: int) -> list[int]:
    """The base-``2**B`` digits of a non-negative int, lowest first."""
    if value < 0:
        raise AssertionError("internal inconsistency: a negative generating value")
    mask = (1 << B) - 1
    out = []
    while value:
        out.append(value & mask)
        value >>= B
    return out


def _poly(coeffs: list[int], q: Any, total: int) -> Any:
    import sympy

    if sum(coeffs) != total:
        raise AssertionError("internal inconsistency: the coefficients do not add up to the count")
    while coeffs and coeffs[-1] == 0:
        coeffs.pop()
    return sympy.Poly.from_list([sympy.Integer(c) for c in reversed(coeffs)], q, domain="ZZ")
