"""How many tilings each flux class has: Kasteleyn's determinant with a variable per hole.

The flux of a hole (:func:`tiling.heights.flux`) is a constant plus 4 times a
signed count of the dominoes that cut a fixed path from the outer border to
the hole in half (:func:`tiling.heights.flux_crossings`).  Give each such
domino the weight ``t**sign`` (one variable ``t`` per hole) and every other
domino the weight 1: the Kasteleyn determinant of the weighted matrix is, up
to a sign and a power of ``t``, the generating polynomial ``sum_X N_X t**X``
of the tilings by that signed count ``X``, since a Kasteleyn signing gives
every tiling the same sign (Kasteleyn 1961; the signing of
:mod:`tiling.counting.kasteleyn` holds around holes too).  Negative powers
are cleared by multiplying the rows that hold them by ``t``, which
multiplies the determinant by a known power of ``t``.

The exponents ``X`` of a hole run between those of the least and greatest
tilings (:func:`tiling.heights.min_tiling`), so the polynomial has a known
degree ``D``; its ``D + 1`` values at ``t = 1, 2, ..., D + 1``, each an exact
integer determinant (:func:`tiling.linalg.det`), give its coefficients by
exact interpolation (Newton's divided differences over the rationals).  Several
holes take a grid of points and interpolate one variable after the other.
The coefficients are checked to be non-negative integers adding up to the
number of tilings.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from .._progress import Progress
from .._validation import check_bool, require_int, shown
from ..errors import TilingError, TooLargeError
from ..model.region import Region, require_region

__all__ = ["count_by_flux", "MAX_EVALUATIONS"]

#: Most determinants count_by_flux evaluates (the product of the holes' flux ranges).
MAX_EVALUATIONS = 4096


def _selected(holes: Any, n_holes: int) -> list[int]:
    if holes is None:
        return list(range(n_holes))
    if isinstance(holes, (str, bytes)) or not isinstance(holes, Sequence):
        raise TypeError(
            f"count_by_flux(): holes must be a sequence of hole indices, not {shown(holes)}"
        )
    chosen = [require_int(k, "holes", "count_by_flux") for k in holes]
    for k in chosen:
        if not 0 <= k < n_holes:
            raise TilingError(
                f"count_by_flux(): hole {k} does not exist; the region has {n_holes} "
                f"(numbered 0 to {n_holes - 1} as in region.holes())"
            )
    if len(set(chosen)) != len(chosen):
        raise TilingError("count_by_flux(): a hole is named twice")
    return chosen


def _newton(values: list[Fraction]) -> list[Fraction]:
    """Coefficients (lowest first) of the polynomial taking ``values`` at 1, 2, ..., len(values)."""
    n = len(values)
    xs = list(range(1, n + 1))
    table = list(values)
    for level in range(1, n):
        for i in range(n - 1, level - 1, -1):
            table[i] = (table[i] - table[i - 1]) / (xs[i] - xs[i - level])
    coeffs = [Fraction(0)] * n
    # expand the Newton form from the innermost divided difference outwards
    for i in range(n - 1, -1, -1):
        shifted = [Fraction(0)] + coeffs[:-1]  # multiply by x
        coeffs = [s - xs[i] * c for s, c in zip(shifted, coeffs)]
        coeffs[0] += table[i]
    return coeffs


def count_by_flux(
    region: Region, *, holes: Sequence[int] | None = None, progress: bool = False
) -> dict[tuple[int, ...], int]:
    """The number of tilings of each flux class of ``region``, exactly.

    Parameters
    ----------
    region : Region
    holes : sequence of int, optional
        Which holes of ``region.holes()`` to split by (default: all); the
        others are summed over.
    progress : bool
        A progress bar over the determinants.

    Returns
    -------
    dict
        ``{flux: count}``: each key holds the flux (:func:`tiling.heights.flux`)
        of the chosen holes, in the order given, and each value the number of
        tilings with that flux; classes with no tiling are left out.  Empty
        when the region has no tiling.

    Raises
    ------
    TooLargeError
        when the classes would need more than :data:`MAX_EVALUATIONS`
        determinants (the product of the holes' numbers of possible fluxes).

    Notes
    -----
    See the module docstring: one exact Kasteleyn determinant per point of a
    grid with ``D_k + 1`` points along hole ``k``, where ``D_k + 1`` is the
    number of fluxes between its least and greatest tilings, then exact
    interpolation.  The counts add up to :func:`tiling.count`.

    References
    ----------
    P. W. Kasteleyn, "The statistics of dimers on a lattice", Physica 27
    (1961) 1209-1225.  N. C. Saldanha, C. Tomei, M. A. Casarin Jr. and D.
    Romualdo, "Spaces of domino tilings", Discrete Comput. Geom. 14 (1995).

    Examples
    --------
    The ring has two tilings, one in each class:

    >>> from tiling import examples
    >>> count_by_flux(examples.ring())
    {(-2,): 1, (2,): 1}
    """
    import scipy.sparse as sp

    from ..heights import flux, flux_crossings, max_tiling, min_tiling
    from ..linalg import det
    from .kasteleyn import matrix

    require_region(region, "count_by_flux")
    progress = check_bool(progress, "progress", "count_by_flux")
    n_holes = len(region.holes())
    chosen = _selected(holes, n_holes)
    if region.trivially_untileable():
        return {}
    from ..errors import NoTilingError

    try:
        lo_tiling, hi_tiling = min_tiling(region), max_tiling(region)
    except NoTilingError:
        return {}
    crossings = flux_crossings(region)
    lo_flux, hi_flux = flux(lo_tiling), flux(hi_tiling)
    bases = [crossings[k][2] for k in chosen]
    lows = [(int(lo_flux[k]) - b) // 4 for k, b in zip(chosen, bases)]
    degrees = [(int(hi_flux[k]) - int(lo_flux[k])) // 4 for k in chosen]
    evaluations = int(np.prod([d + 1 for d in degrees], dtype=object)) if chosen else 1
    if evaluations > MAX_EVALUATIONS:
        raise TooLargeError(
            f"count_by_flux(): the fluxes of these {len(chosen)} holes take "
            f"{' x '.join(str(d + 1) for d in degrees)} = {evaluations:,} values together, "
            f"more determinants than the {MAX_EVALUATIONS:,} this counts with; choose fewer "
            "holes= (the others are summed over)"
        )
    K, cells0, cells1 = matrix(region)
    K = K.tocoo()
    index0 = np.full(region.shape, -1, dtype=np.int64)
    index1 = np.full(region.shape, -1, dtype=np.int64)
    index0[cells0[:, 0], cells0[:, 1]] = np.arange(len(cells0))
    index1[cells1[:, 0], cells1[:, 1]] = np.arange(len(cells1))
    entry = {(int(r), int(c)): e for e, (r, c) in enumerate(zip(K.row, K.col))}
    # exponent[h, e]: the power of hole h's variable on entry e
    exponent = np.zeros((len(chosen), K.nnz), dtype=np.int64)
    for h, k in enumerate(chosen):
        dominoes, signs, _ = crossings[k]
        for (a, b), sign in zip(dominoes.tolist(), signs.tolist()):
            first, second = (a, b) if (a[0] + a[1]) % 2 == 0 else (b, a)  # colour 0 first
            e = entry[(int(index0[tuple(first)]), int(index1[tuple(second)]))]
            exponent[h, e] += sign
    # clear negative powers row by row: row i multiplied by t**shift[h, i]
    shift = np.zeros((len(chosen), K.shape[0]), dtype=np.int64)
    for h in range(len(chosen)):
        np.maximum.at(shift[h], K.row, -exponent[h])
    power = exponent + shift[:, K.row]
    row_shift = shift.sum(axis=1)
    values = np.empty([d + 1 for d in degrees], dtype=object)
    with Progress(evaluations, "counting flux classes", enabled=progress) as bar:
        for point in itertools.product(*(range(1, d + 2) for d in degrees)):
            # entries are +-1 times powers t**0, t**1, t**2 of each variable: with at most
            # MAX_EVALUATIONS points in all, they stay below 2**25 (int64 is plenty)
            data = K.data.astype(np.int64)
            for h, t in enumerate(point):
                data = data * np.int64(t) ** power[h]
            weighted = sp.coo_matrix((data, (K.row, K.col)), shape=K.shape)
            d = abs(det(weighted))
            scale = 1
            for h, t in enumerate(point):
                scale *= t ** (int(row_shift[h]) + lows[h])
            q, r = divmod(d, scale)
            if r:
                raise AssertionError(
                    "internal inconsistency: the determinant is off its power of t"
                )
            values[tuple(p - 1 for p in point)] = q
            bar.update()
    coefficients = values.astype(object)
    for axis in range(len(chosen)):
        coefficients = np.apply_along_axis(
            lambda column: np.array(_newton([Fraction(v) for v in column]), dtype=object),
            axis,
            coefficients,
        )
    out = {}
    total = 0
    for offsets in itertools.product(*(range(d + 1) for d in degrees)):
        c = coefficients[offsets] if chosen else coefficients[()]
        if c.denominator != 1 or c < 0:
            raise AssertionError("internal inconsistency: a class size is not a natural number")
        if c:
            key = tuple(b + 4 * (lo + o) for b, lo, o in zip(bases, lows, offsets))
            out[key] = int(c)
            total += int(c)
    if total != values[(0,) * len(chosen)]:  # at t = 1 the determinant counts every tiling
        raise AssertionError("internal inconsistency: the class sizes do not add up")
    return out
