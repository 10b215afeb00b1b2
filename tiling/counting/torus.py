"""Tilings of the torus and the cylinder: Kasteleyn's four twisted determinants, or the DP.

The ``rows x cols`` **torus** is the graph ``C_rows x C_cols``: every cell
``(r, c)`` touches ``(r, c +- 1 mod cols)`` and ``(r +- 1 mod rows, c)``.  The
**cylinder** wraps the columns only (the last column touches the first).
Conventions for the short sides, as in the graph ``C_m x C_n``:

* a side of length 2 has *two* edges between the same cells (the one inside
  the rectangle and the one across the seam): two different dominoes, each
  with its own weight, counted twice (the 2 x 2 torus has 8 tilings);
* a side of length 1 makes the wrap edge a loop, which holds no domino: the
  ``1 x n`` torus is the cycle ``C_n``.

Weights: ``horizontal[r, c]`` weighs the domino ``(r, c), (r, c + 1 mod
cols)`` and ``vertical[r, c]`` weighs ``(r, c), (r + 1 mod rows, c)``, both
of shape ``rows x cols`` on the torus; on the cylinder ``vertical`` has shape
``(rows - 1) x cols``.

Kasteleyn's method (both sides even, or one side even and the other 1): the
graph is bipartite.  Sign the edges as in the plane (horizontal +1, vertical
``(-1)^c``), which satisfies Kasteleyn's condition on every face of the
torus, and multiply the edges across the column seam by ``s`` and those
across the row seam by ``t`` (``s, t = +-1``).  A tiling's term in
``D(s, t) = det K(s, t)`` has the sign ``eps c_h s^h1 t^h2``, where
``(h1, h2)`` are the parities of its numbers of dominoes across the two
seams, ``eps`` the sign of the all-horizontal tiling and ``c_h`` depends on
the class ``h`` only: ``c_(1,0) = alpha = (-1)^(cols/2 + 1)`` (a row of
dominoes turned by one cell closes a cycle of ``cols`` edges),
``c_(0,1) = beta = (-1)^(rows/2 + 1)``, ``c_(1,1) = -alpha beta`` (a quadratic
form on the homology mod 2, as for every Kasteleyn signing on the torus:
Cimasoni and Reshetikhin 2007).  Averaging over the twists isolates each
class, and adding the classes::

    Z = eps / 4 * sum_(s, t) D(s, t) (1 + alpha s + beta t - alpha beta s t)

(Kasteleyn 1961, in determinant form; Tesler 2000 for the general surface).
On the cylinder only ``s`` twists: ``Z = eps / 2 * sum_s D(s) (1 + alpha s)``.
Each determinant is exact (:func:`tiling.linalg.det`); the tests check the
combination against enumeration on every even torus and cylinder up to 36
cells and on random weights.

The DP (any sides, weights of any kind): the profile sweep of
:mod:`._profile` with the seams, over the narrow side; the torus costs
O(cells 4**w) ring operations for the narrow side ``w``, the cylinder
O(cells 2**(w + 1)) when the wrapping side is the narrow one.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .._validation import check_bool, check_choice
from ..errors import TilingError, TooLargeError
from ..model.region import Region, require_region
from ..model.weights import exact_weights
from . import weighted as _w

__all__ = ["count_torus", "BOUNDARIES", "MAX_DP_WORK"]

#: The values of ``boundary=``.
BOUNDARIES = ("plane", "cylinder", "torus")
#: Most profile-array entries times cells the DP takes on the torus or cylinder.
MAX_DP_WORK = 2e8


def _problem(region: Region, weights: Any, boundary: str) -> _w.Problem:
    rows, cols = region.shape
    shape_v = (rows, cols) if boundary == "torus" else (rows - 1, cols)
    if weights is None:
        weights = (1, 1)
    w = exact_weights(weights, (rows, cols), shape_v, "count()")
    zero = 0.0 if w.kind == "float" else 0
    problem = _w.Problem(region.mask, w.kind, w.horizontal, _w._pad(w.vertical, (rows, cols), zero))
    if w.kind == "fraction":
        problem = _w.integral(
            problem,
            wrap_cols=True,
            wrap_rows=boundary == "torus",
            bipartite=bipartite(rows, cols, boundary),
        )
    return problem


def bipartite(rows: int, cols: int, boundary: str) -> bool:
    """Whether the torus (or cylinder) graph is bipartite, so Kasteleyn's determinants apply."""
    if boundary == "cylinder":
        return cols % 2 == 0 or cols == 1
    return (cols % 2 == 0 or cols == 1) and (rows % 2 == 0 or rows == 1)


def _dp_layout(rows: int, cols: int, boundary: str) -> tuple[bool, float]:
    """``(transpose, work)``: the cheaper way round for the DP and its profile work."""
    from ._profile import profile_bits

    def work(r, c, wrap_cols, wrap_rows):
        starts = (1 << c) if wrap_rows and r >= 2 else 1
        return r * c * (1 << profile_bits(c, wrap_cols)) * starts

    if boundary == "torus":
        straight, turned = work(rows, cols, True, True), work(cols, rows, True, True)
    else:
        straight, turned = work(rows, cols, True, False), work(cols, rows, False, True)
    return (turned < straight), float(min(straight, turned))


def count_torus(
    region: Region,
    weights: Any = None,
    *,
    boundary: str = "torus",
    method: str = "auto",
    log: bool = False,
    progress: bool = False,
    executor: Any = None,
) -> Any:
    """The (weighted) number of tilings of a full rectangle on the torus or the cylinder.

    Parameters
    ----------
    region : Region
        A full rectangle (``Region.rectangle(rows, cols)``).
    weights : (h, v) or (horizontal, vertical), optional
        As in the module docstring (the seams have weights too).
    boundary : {"torus", "cylinder"}
    method : {"auto", "dp", "kasteleyn"}
        ``"kasteleyn"``: four (cylinder: two) twisted exact determinants,
        for bipartite tori (even sides, or a side of 1); ``"dp"``: the
        profile sweep with the seams, narrow tori of any parity.
    log, progress, executor
        As for :func:`tiling.count`.

    Returns
    -------
    int, Fraction, float or sympy expression
        As for weighted counts (:mod:`tiling.counting.weighted`).

    Examples
    --------
    >>> count_torus(Region.rectangle(4, 4))
    272
    >>> count_torus(Region.rectangle(2, 2))  # multi-edges: two dominoes per pair
    8
    >>> count_torus(Region.rectangle(3, 4), boundary="cylinder")
    32
    >>> count_torus(Region.rectangle(3, 4))  # an odd side: the DP
    50
    """
    require_region(region, "count")
    check_choice(boundary, ("cylinder", "torus"), "boundary", "count")
    check_choice(method, _w.METHODS, "method", "count")
    check_bool(log, "log", "count")
    rows, cols = region.shape
    if region.n_cells != rows * cols:
        raise TilingError(
            f"count(): boundary={boundary!r} needs a full rectangle (the seams join its "
            f"opposite sides); this region misses {rows * cols - region.n_cells} of the "
            f"{rows} x {cols} cells"
        )
    problem = _problem(region, weights, boundary)
    if (rows * cols) % 2:
        return _zero(problem, log)
    can_kasteleyn = bipartite(rows, cols, boundary) and problem.kind != "symbolic"
    transpose, work = _dp_layout(rows, cols, boundary)
    if method == "auto":
        dp_seconds = 1e-3 + work * (2e-8 if problem.kind == "float" else 3e-7)
        if problem.kind == "symbolic":
            dp_seconds *= 50
        # four determinants of a full board (measured: about 0.3 s each at 100 x 100)
        k_seconds = 4 * (5e-3 + 3e-5 * rows * cols) if can_kasteleyn else math.inf
        method = "kasteleyn" if k_seconds < dp_seconds else "dp"
    if method == "kasteleyn":
        if not bipartite(rows, cols, boundary):
            raise TilingError(
                f"count(): the {rows} x {cols} {boundary} is not bipartite (an odd side "
                "closes an odd cycle), so Kasteleyn's determinants do not apply; use "
                "method='dp' or 'auto'"
            )
        if problem.kind == "symbolic":
            raise TilingError(
                "count(): symbolic weights on the torus and cylinder take method='dp' (or 'auto')"
            )
        return _kasteleyn(problem, boundary, log, progress, executor)
    if work > MAX_DP_WORK:
        raise TooLargeError(
            f"count(): the DP on the {rows} x {cols} {boundary} would take about {work:.2g} "
            "profile operations"
            + (
                "; use method='kasteleyn' or 'auto'"
                if bipartite(rows, cols, boundary)
                else " (Kasteleyn's determinants need even sides)"
            )
        )
    wrap_cols, wrap_rows = True, boundary == "torus"
    if transpose:
        problem = problem.transposed()
        wrap_cols, wrap_rows = wrap_rows, wrap_cols
    return _dp(problem, wrap_cols, wrap_rows, log)


def _zero(problem, log):
    if problem.kind == "float":
        return _w._float_result(0.0, 0.0, log, None)
    return _w.finish(problem, 0, log)


def _dp(problem, wrap_cols, wrap_rows, log):
    return _w.weighted_dp(problem, wrap_cols=wrap_cols, wrap_rows=wrap_rows, log=log)


def twisted_matrix(rows, cols, horizontal, vertical, s, t, boundary="torus"):
    """The signed bipartite matrix of the torus (or cylinder), seams twisted by ``s``, ``t``.

    Returns ``(row_index, col_index, values, n)``: colour-0 cells (``r + c``
    even, row-major) by colour-1 cells, entries ``sign * weight`` (Python
    objects), multi-edges listed twice (a side of 2).
    """
    r, c = np.divmod(np.arange(rows * cols), cols)
    colour = (r + c) % 2
    index = np.empty(rows * cols, dtype=np.int64)
    index[colour == 0] = np.arange(int((colour == 0).sum()))
    index[colour == 1] = np.arange(int((colour == 1).sum()))
    a_list, b_list, val_list = [], [], []
    if cols >= 2:
        c2 = (c + 1) % cols
        sign = np.where(c == cols - 1, s, 1)
        a_list.append(r * cols + c)
        b_list.append(r * cols + c2)
        val_list.append((sign, horizontal[r, c]))
    last_row = rows - 1 if boundary == "torus" else rows - 2
    if rows >= 2:
        keep = r <= last_row
        r2 = (r[keep] + 1) % rows
        sign = np.where(c[keep] % 2 == 0, 1, -1) * np.where(r[keep] == rows - 1, t, 1)
        a_list.append(r[keep] * cols + c[keep])
        b_list.append(r2 * cols + c[keep])
        val_list.append((sign, vertical[r[keep], c[keep]]))
    a = np.concatenate(a_list)
    b = np.concatenate(b_list)
    signs = np.concatenate([v[0] for v in val_list])
    weights = np.concatenate([v[1] for v in val_list])
    first = colour[a] == 0
    black = np.where(first, a, b)
    white = np.where(first, b, a)
    return index[black], index[white], signs, weights, int((colour == 0).sum())


def _aligned_sign(rows, cols, boundary):
    """``(eps, pairing)``: the all-horizontal (for one column, all-vertical) tiling, as
    colour-0 index to colour-1 index, and the sign of its term in ``D(1, 1)`` for unit
    weights."""
    r, c = np.divmod(np.arange(rows * cols), cols)
    colour = (r + c) % 2
    index = np.empty(rows * cols, dtype=np.int64)
    index[colour == 0] = np.arange(int((colour == 0).sum()))
    index[colour == 1] = np.arange(int((colour == 1).sum()))
    if cols % 2 == 0:
        partner = r * cols + (c ^ 1)
        entry_sign = np.ones(rows * cols, dtype=np.int64)
    else:  # one column: vertical pairs, sign (-1)^0 = +1
        partner = (r ^ 1) * cols + c
        entry_sign = np.ones(rows * cols, dtype=np.int64)
    black = colour == 0
    perm = np.empty(int(black.sum()), dtype=np.int64)
    perm[index[black]] = index[partner[black]]
    return int(np.prod(entry_sign[black])) * _w._perm_sign(perm), perm


def _kasteleyn(problem, boundary, log, progress, executor):
    rows, cols = problem.mask.shape
    if cols == 1:
        if boundary == "cylinder":  # the seam is a loop: a plain column
            return _w.weighted_kasteleyn(problem, log=log, progress=progress, executor=executor)
        problem = problem.transposed()  # the cycle C_rows, turned into one row
        rows, cols = problem.mask.shape
    alpha = -1 if (cols // 2) % 2 == 0 else 1
    beta = (-1 if (rows // 2) % 2 == 0 else 1) if rows % 2 == 0 else 0
    eps, pairing = _aligned_sign(rows, cols, boundary)
    twists = [(s, t) for s in (1, -1) for t in ((1, -1) if boundary == "torus" else (1,))]
    factors = []
    for s, t in twists:
        if boundary == "torus":
            f = 1 + alpha * s + beta * t - alpha * beta * s * t
        else:
            f = 2 * (1 + alpha * s)
        factors.append(f)
    values = []
    for (s, t), f in zip(twists, factors):
        if f == 0:  # this twist's classes cancel: no determinant needed
            values.append((0, 0.0) if problem.kind == "float" else 0)
            continue
        ri, ci, signs, weights, n = twisted_matrix(
            rows, cols, problem.horizontal, problem.vertical, s, t, boundary
        )
        if problem.kind == "float":
            values.append(_float_det(ri, ci, signs, weights, n))
        else:
            entries = [int(sg) * int(w) for sg, w in zip(signs.tolist(), weights.tolist())]
            values.append(_w._exact_det(ri, ci, entries, n, progress, executor, pairing))
    if problem.kind == "float":
        terms = [(f * sign, logabs) for (sign, logabs), f in zip(values, factors) if f and sign]
        if not terms:
            return _w._float_result(0.0, 0.0, log, None)
        top = max(logabs for _, logabs in terms)
        total = sum(sf * math.exp(logabs - top) for sf, logabs in terms) * eps / 4
        return _w._float_result(total, top, log, None)
    total = sum(f * v for f, v in zip(factors, values) if f)
    value, rest = divmod(eps * total, 4)
    if rest:
        raise AssertionError("internal inconsistency: the twisted determinants do not combine")
    return _w.finish(problem, value, log)


def _float_det(ri, ci, signs, weights, n):
    """``(sign, log |det|)`` of the float matrix by sparse LU (0 sign when singular)."""
    import scipy.sparse as sp
    from scipy.sparse.linalg import splu

    data = signs.astype(float) * np.array(weights.tolist(), dtype=float)
    M = sp.csc_matrix((data, (ri, ci)), shape=(n, n))
    M.sum_duplicates()
    M.eliminate_zeros()
    try:
        lu = splu(M, permc_spec="COLAMD")
    except RuntimeError:
        return (0, 0.0)
    diag = lu.U.diagonal()
    if np.any(diag == 0):
        return (0, 0.0)
    sign = _w._perm_sign(lu.perm_r) * _w._perm_sign(lu.perm_c)
    sign *= -1 if int(np.sum(diag < 0)) % 2 else 1
    return (sign, float(np.sum(np.log(np.abs(diag)))))
