"""Weighted counts: the partition function of a region with edge weights.

``Z = sum over tilings of the product of the weights of their dominoes``,
for weights given as in :mod:`tiling.model.weights`.  The kind of the
weights decides the arithmetic, and the answer keeps it exact:

* **ints**: an exact Python int.  Kasteleyn: the determinant of the weighted
  signed matrix on the exact engine (:func:`tiling.linalg.det`); DP: the
  profile sweep over Python ints.
* **Fractions**: an exact Fraction.  Every domino covers exactly one cell of
  colour 0, so multiplying the weights of the dominoes on a colour-0 cell by
  ``L`` multiplies ``Z`` by ``L`` (a *gauge* change, for Kasteleyn: scaling a
  row).  With ``L`` the least common multiple of the denominators at that
  cell the weights become integers, and ``Z`` is their count divided by the
  product of the ``L``.
* **floats**: a float.  DP: the sweep in float64, rescaled by powers of two
  every row (no overflow or underflow); for non-negative weights every
  term goes through at most two roundings per cell, so the relative error is
  at most ``2.1 * cells * 2**-53`` (about ``2.4e-14`` for a 100-cell
  region).  Kasteleyn: ``det K`` by sparse LU with partial pivoting
  (SuperLU, :func:`scipy.sparse.linalg.splu`), ``log |det|`` as the sum of
  the logs of the pivots: backward stable, typically a relative error near
  ``1e-12`` on grid matrices, but not proven.  ``log=True`` returns the
  natural logarithm (for regions whose ``Z`` overflows a float).  For a
  proven exact value pass the floats as ``Fraction(x)``: every float is a
  dyadic rational.
* **sympy expressions**: a sympy expression, expanded.  The weights are
  read as elements of a polynomial ring (or field of fractions) over the
  rationals whose generators are their symbols and irrational atoms
  (:func:`sympy.sring`).  DP: the sweep over that ring.  Kasteleyn (polynomial
  weights only): Kronecker substitution, one exact integer determinant.
  Each generator ``x_j`` gets a degree bound ``D_j`` (the sum over colour-0
  cells of the largest degree there), the monomial ``prod x_j**e_j`` is sent
  to ``t**(e_1 + (D_1 + 1) e_2 + ...)`` and ``t`` is set to ``2**B`` with
  ``2**(B - 1)`` above the coefficients' bound (the count with every
  weight replaced by the sum of the absolute values of its coefficients):
  the determinant's balanced base-``2**B`` digits are the coefficients.

The sign: a Kasteleyn signing gives every tiling's term of ``det K`` the same
sign, whatever the weights; it is read off one tiling (Hopcroft-Karp).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np

from .._validation import check_bool, check_choice
from ..errors import TilingError, TooLargeError
from ..model.region import Region, require_region
from ..model.weights import exact_weights

__all__ = ["count_weighted", "METHODS", "MAX_DENSE"]

#: Methods that take weights.
METHODS = ("auto", "dp", "kasteleyn")
#: Largest side of the dense integer matrix Kasteleyn uses for entries beyond int64.
MAX_DENSE = 3000
#: Widest profile the weighted DP accepts (its values are Python objects).
MAX_DP_BITS = 20


# ---------------------------------------------------------------- preparation
class Problem:
    """A region's mask with its weights padded to ``(rows, cols)`` arrays.

    ``horizontal[r, c]`` weighs ``(r, c), (r, c + 1)`` and ``vertical[r, c]``
    weighs ``(r, c), (r + 1, c)``.  :meth:`transposed` swaps the roles, so the
    DP can sweep the narrow way.
    """

    def __init__(self, mask, kind, horizontal, vertical, scale=1):
        self.mask = mask
        self.kind = kind
        self.horizontal = horizontal
        self.vertical = vertical
        self.scale = scale  # the count is (the count of these weights) / scale

    def transposed(self):
        return Problem(self.mask.T, self.kind, self.vertical.T, self.horizontal.T, self.scale)

    @property
    def n_cells(self):
        return int(self.mask.sum())


def _pad(arr, shape, zero):
    out = np.empty(shape, dtype=object)
    out.fill(zero)
    out[: arr.shape[0], : arr.shape[1]] = arr
    return out


def prepare(region: Region, weights: Any, who: str) -> Problem:
    """Parse ``weights`` for ``region``; Fractions are made integers by a gauge change."""
    rows, cols = region.shape
    w = exact_weights(weights, (rows, cols - 1), (rows - 1, cols), who)
    zero = 0.0 if w.kind == "float" else 0
    problem = Problem(
        region.mask,
        w.kind,
        _pad(w.horizontal, (rows, cols), zero),
        _pad(w.vertical, (rows, cols), zero),
    )
    return integral(problem) if w.kind == "fraction" else problem


def integral(
    problem: Problem, wrap_cols: bool = False, wrap_rows: bool = False, bipartite: bool = True
) -> Problem:
    """Fraction weights made integers: each colour-0 cell's dominoes times the lcm of
    their denominators (every tiling covers each such cell once).  On a graph that is
    not bipartite (a torus with an odd side) every weight is multiplied by the lcm of
    all the denominators instead, which multiplies the count by its power ``cells / 2``."""
    mask = problem.mask
    rows, cols = mask.shape
    H, V = problem.horizontal.copy(), problem.vertical.copy()
    if not bipartite:
        values = [Fraction(x) for x in list(H.ravel()) + list(V.ravel())]
        lcm = math.lcm(*(x.denominator for x in values)) if values else 1
        for arr in (H, V):
            for idx in np.ndindex(arr.shape):
                arr[idx] = int(Fraction(arr[idx]) * lcm)
        return Problem(mask, problem.kind, H, V, lcm ** (int(mask.sum()) // 2))
    scale = 1
    for r, c in zip(*np.nonzero(mask)):
        if (r + c) % 2:
            continue
        edges = _edges_at(r, c, rows, cols, mask, wrap_cols, wrap_rows)
        denominators = [Fraction((H if k == "h" else V)[i, j]).denominator for k, i, j in edges]
        lcm = math.lcm(*denominators) if denominators else 1
        for k, i, j in edges:
            arr = H if k == "h" else V
            arr[i, j] = int(Fraction(arr[i, j]) * lcm)
        scale *= lcm
    out = H, V
    for arr in out:  # the entries no colour-0 cell touches: not read, but keep them ints
        for idx in np.ndindex(arr.shape):
            if isinstance(arr[idx], Fraction):
                arr[idx] = 0
    return Problem(mask, problem.kind, H, V, scale)


def _edges_at(r, c, rows, cols, mask, wrap_cols, wrap_rows):
    """The domino positions ``(kind, i, j)`` at cell ``(r, c)`` (a kind per weight array)."""
    out = []
    if c + 1 < cols and mask[r, c + 1]:
        out.append(("h", r, c))
    if c > 0 and mask[r, c - 1]:
        out.append(("h", r, c - 1))
    if r + 1 < rows and mask[r + 1, c]:
        out.append(("v", r, c))
    if r > 0 and mask[r - 1, c]:
        out.append(("v", r - 1, c))
    if wrap_cols and cols >= 2:
        if c == cols - 1:
            out.append(("h", r, cols - 1))
        if c == 0:
            out.append(("h", r, cols - 1))
    if wrap_rows and rows >= 2:
        if r == rows - 1:
            out.append(("v", rows - 1, c))
        if r == 0:
            out.append(("v", rows - 1, c))
    return out


# ---------------------------------------------------------------- the ring of values
def _symbolic_problem(problem: Problem):
    """The weights as elements of one sympy ring (a field of fractions when needed)."""
    import sympy
    from sympy.polys.polyerrors import PolynomialError

    exprs = list(problem.horizontal.ravel()) + list(problem.vertical.ravel())
    try:
        ring, elements = sympy.sring(exprs)
    except (PolynomialError, sympy.polys.polyerrors.GeneratorsNeeded):
        ring, elements = sympy.sring(exprs, field=True)
    except Exception:  # noqa: BLE001 - sympy raises several kinds for non-polynomials
        ring, elements = sympy.sring(exprs, field=True)
    n = problem.horizontal.size
    H = np.empty(problem.horizontal.shape, dtype=object)
    V = np.empty(problem.vertical.shape, dtype=object)
    H.reshape(-1)[:] = _objects(elements[:n])
    V.reshape(-1)[:] = _objects(elements[n:])
    return ring, H, V


def _objects(items):
    out = np.empty(len(items), dtype=object)
    for i, x in enumerate(items):
        out[i] = x
    return out


# ---------------------------------------------------------------- DP
def weighted_dp(problem: Problem, wrap_cols=False, wrap_rows=False, log=False):
    """The weighted count of ``problem`` by the profile DP (:mod:`._profile`)."""
    from ._profile import sweep

    mask, H, V = problem.mask, problem.horizontal, problem.vertical
    kind = problem.kind
    if kind == "symbolic":
        ring, H, V = _symbolic_problem(problem)
        value, _ = sweep(
            mask, H, V, wrap_cols=wrap_cols, wrap_rows=wrap_rows, zero=ring.zero, one=ring.one
        )
        return finish(problem, value.as_expr() if hasattr(value, "as_expr") else value, log)
    if kind == "float":
        value, exponent = sweep(mask, H, V, wrap_cols=wrap_cols, wrap_rows=wrap_rows, floats=True)
        return _float_result(float(value), 0.0, log, exponent=exponent)
    value, _ = sweep(mask, H, V, wrap_cols=wrap_cols, wrap_rows=wrap_rows)
    return finish(problem, int(value), log)


def _float_result(mantissa, log_scale, log, problem=None, exponent=None):
    """A float count ``mantissa * exp(log_scale)``, or ``mantissa * 2**exponent`` when the
    power of two is given (then exact: no rounding beyond the mantissa's); with ``log``
    its natural logarithm."""
    if exponent is not None:
        log_scale = exponent * math.log(2)
    if log:
        if mantissa < 0:
            raise TilingError(
                "count(): the weighted count is negative, so it has no logarithm "
                f"(it is -exp({math.log(-mantissa) + log_scale:.6g}))"
            )
        return math.log(mantissa) + log_scale if mantissa else -math.inf
    if mantissa == 0:
        return 0.0
    total = math.log(abs(mantissa)) + log_scale
    if total > 709.7:
        raise TilingError(
            f"count(): the weighted count is about exp({total:.6g}), beyond a float; "
            "pass log=True (--log on the command line) for its logarithm"
        )
    if exponent is not None:
        return math.ldexp(mantissa, exponent)
    return math.copysign(math.exp(total), mantissa)


def finish(problem: Problem, value: Any, log: bool):
    """Divide by the gauge scale and return in the kind of the weights (or its log)."""
    if problem.kind == "symbolic":
        import sympy

        value = sympy.expand(sympy.sympify(value))
        if log:
            raise TilingError("count(): log=True needs numeric weights, not symbolic ones")
        return value
    if problem.scale != 1 or problem.kind == "fraction":
        value = Fraction(value, problem.scale)
    if log:
        if value < 0:
            raise TilingError("count(): the weighted count is negative, so it has no logarithm")
        if value == 0:
            return -math.inf
        if isinstance(value, Fraction):
            return math.log(value.numerator) - math.log(value.denominator)
        return math.log(value)
    return value


# ---------------------------------------------------------------- Kasteleyn
def _entries(region_mask, H, V):
    """The Kasteleyn matrix of the mask and, per nonzero entry, its domino's weight."""
    from .kasteleyn import matrix

    region = Region(region_mask)
    K, cells0, cells1 = matrix(region)
    K = K.tocoo()
    a, b = cells0[K.row], cells1[K.col]
    top = np.minimum(a, b)
    horizontal = a[:, 0] == b[:, 0]
    weights = np.where(horizontal, H[top[:, 0], top[:, 1]], V[top[:, 0], top[:, 1]])  # object array
    return region, K, cells0, cells1, weights


def term_sign(rows, cols, signs, pairing) -> int:
    """Sign of the term of the permutation ``i -> pairing[i]`` in ``det`` of the signed matrix."""
    lookup = {(int(i), int(j)): int(s) for i, j, s in zip(rows, cols, signs)}
    sign = 1
    for i, j in enumerate(pairing.tolist()):
        sign *= lookup[(i, j)]
    return sign * _perm_sign(pairing)


def _perm_sign(perm) -> int:
    perm = np.asarray(perm)
    seen = np.zeros(len(perm), dtype=bool)
    sign = 1
    for start in range(len(perm)):
        if seen[start]:
            continue
        length = 0
        i = start
        while not seen[i]:
            seen[i] = True
            i = perm[i]
            length += 1
        if length % 2 == 0:
            sign = -sign
    return sign


def _exact_det(rows, cols, values, n, progress=False, executor=None, pairing=None):
    """Exact determinant of the integer matrix with these entries (int64 sparse or dense).

    ``pairing`` (a perfect matching of the nonzero pattern, row ``i`` to column
    ``pairing[i]``) lets the engine use nested dissection where it pays.
    """
    import scipy.sparse as sp

    from ..linalg import det
    from ..linalg.errors import MatrixTooLargeError

    ints = [int(v) for v in values]
    try:
        if all(-(2**62) < v < 2**62 for v in ints):
            M = sp.coo_matrix((np.array(ints, dtype=np.int64), (rows, cols)), shape=(n, n))
            M = M.tocsr()
            if pairing is not None and not np.all(M[np.arange(n), pairing] != 0):
                pairing = None  # a zero weight on the pairing: not a matching of the pattern
            return det(M, pairing=pairing, progress=progress, executor=executor)
        if n > MAX_DENSE:
            raise TooLargeError(
                f"Kasteleyn's method: weights beyond 2**62 need a dense {n} x {n} matrix "
                f"(limit {MAX_DENSE}); use method='dp' or smaller integer weights"
            )
        M = np.zeros((n, n), dtype=object)
        for i, j, v in zip(rows.tolist(), cols.tolist(), ints):
            M[i, j] += v
        return det(M, progress=progress, executor=executor)
    except MatrixTooLargeError as exc:
        raise TooLargeError(f"Kasteleyn's method: {exc}") from None


def weighted_kasteleyn(problem: Problem, log=False, progress=False, executor=None):
    """The weighted count of ``problem`` as ``epsilon * det K_w`` (module docstring)."""
    mask = problem.mask
    if mask.shape[1] > mask.shape[0]:
        problem = problem.transposed()  # the engine sweeps the narrow way
        mask = problem.mask
    region, K, cells0, cells1, weights = _entries(mask, problem.horizontal, problem.vertical)
    if region.trivially_untileable():
        return finish(problem, 0, log) if problem.kind != "float" else _float_result(0.0, 0, log, 0)
    from .kasteleyn import tiling_pairing

    pairing = tiling_pairing(region, cells0, cells1)
    if pairing is None:
        return finish(problem, 0, log) if problem.kind != "float" else _float_result(0.0, 0, log, 0)
    epsilon = term_sign(K.row, K.col, K.data, pairing)
    n = K.shape[0]
    if problem.kind == "float":
        return _float_kasteleyn(K, weights, epsilon, log)
    if problem.kind == "symbolic":
        return _symbolic_kasteleyn(problem, K, weights, epsilon, n, progress, executor)
    values = [int(s) * int(w) for s, w in zip(K.data.tolist(), weights.tolist())]
    value = epsilon * _exact_det(K.row, K.col, values, n, progress, executor)
    return finish(problem, value, log)


def _float_kasteleyn(K, weights, epsilon, log):
    import scipy.sparse as sp
    from scipy.sparse.linalg import splu

    data = K.data.astype(float) * np.array(weights.tolist(), dtype=float)
    keep = data != 0
    n = K.shape[0]
    M = sp.csc_matrix((data[keep], (K.row[keep], K.col[keep])), shape=(n, n))
    try:
        lu = splu(M, permc_spec="COLAMD")
    except RuntimeError:  # exactly singular
        return _float_result(0.0, 0.0, log, None)
    diag = lu.U.diagonal()
    if np.any(diag == 0):
        return _float_result(0.0, 0.0, log, None)
    sign = epsilon * _perm_sign(lu.perm_r) * _perm_sign(lu.perm_c)
    sign *= -1 if int(np.sum(diag < 0)) % 2 else 1
    return _float_result(float(sign), float(np.sum(np.log(np.abs(diag)))), log, None)


def _symbolic_kasteleyn(problem, K, weights, epsilon, n, progress, executor):
    """Polynomial weights by Kronecker substitution: one exact integer determinant."""
    ring, H, V = _symbolic_problem(problem)
    elements = _kasteleyn_elements(problem.mask, H, V, K)
    domain = ring.domain
    if not (domain.is_ZZ or domain.is_QQ) or type(elements[0]).__name__ != "PolyElement":
        raise TilingError(
            "count(): method='kasteleyn' takes weights that are polynomials with rational "
            "coefficients (in symbols and irrational numbers); these are not, use method='dp'"
        )
    k = ring.ngens
    rows = K.row
    # clear rational coefficients row by row (a gauge change)
    scale = 1
    row_lcm = np.ones(n, dtype=object)
    for e, p in enumerate(elements):
        for c in p.values():
            den = int(getattr(c, "denominator", getattr(c, "q", 1)))
            row_lcm[rows[e]] = math.lcm(int(row_lcm[rows[e]]), den)
    for value in row_lcm:
        scale *= int(value)
    # degree bounds and the coefficient bound
    degrees = [0] * k
    row_max = np.zeros((n, k), dtype=np.int64)
    for e, p in enumerate(elements):
        for monomial in p.keys():
            row_max[rows[e]] = np.maximum(row_max[rows[e]], monomial)
    degrees = [int(d) for d in row_max.sum(axis=0)]
    strides = [1] * k
    for j in range(1, k):
        strides[j] = strides[j - 1] * (degrees[j - 1] + 1)
    abs_values = []
    for e, p in enumerate(elements):
        lcm = int(row_lcm[rows[e]])
        abs_values.append(sum(abs(int(c * lcm)) for c in p.values()))
    if not any(abs_values):
        return finish(problem, 0, False)
    bound = abs(_exact_det(K.row, K.col, [int(s) * v for s, v in zip(K.data, abs_values)], n))
    # the determinant with every entry |coefficients| summed is an upper bound only
    # when its terms do not cancel: they do not (a Kasteleyn signing, entries >= 0)
    B = bound.bit_length() + 2
    values = []
    for e, p in enumerate(elements):
        lcm = int(row_lcm[rows[e]])
        total = 0
        for monomial, c in p.items():
            total += int(c * lcm) << (B * sum(m * s for m, s in zip(monomial, strides)))
        values.append(int(K.data[e]) * total)
    value = epsilon * _exact_det(K.row, K.col, values, n, progress, executor)
    # balanced base-2**B digits
    coefficients = {}
    half, base, index = 1 << (B - 1), 1 << B, 0
    while value:
        digit = value & (base - 1)
        if digit >= half:
            digit -= base
        value = (value - digit) >> B
        if digit:
            monomial = []
            rest = index
            for j in range(k - 1, -1, -1):
                monomial.append(rest // strides[j])
                rest %= strides[j]
            coefficients[tuple(reversed(monomial))] = digit
        index += 1
    poly = ring.from_dict(coefficients) if coefficients else ring.zero
    import sympy

    return sympy.expand(poly.as_expr() / scale)


def _kasteleyn_elements(mask, H, V, K):
    from .kasteleyn import matrix

    _, cells0, cells1 = matrix(Region(mask))
    a, b = cells0[K.row], cells1[K.col]
    top = np.minimum(a, b)
    horizontal = a[:, 0] == b[:, 0]
    return [
        (H if hz else V)[int(t[0]), int(t[1])] for hz, t in zip(horizontal.tolist(), top.tolist())
    ]


# ---------------------------------------------------------------- choosing
def dp_bits(problem: Problem) -> int:
    """Profile bits the DP needs on ``problem`` (its narrow side)."""
    return min(problem.mask.shape)


def estimated_seconds(problem: Problem, method: str) -> float:
    """Rough run time of ``method`` on ``problem`` (``math.inf``: cannot)."""
    cells = problem.n_cells
    if method == "dp":
        bits = dp_bits(problem)
        if bits > MAX_DP_BITS:
            return math.inf
        per = 2e-8 if problem.kind == "float" else 4e-7
        if problem.kind == "symbolic":
            per = 2e-5
        return 1e-3 + cells * (1 << bits) * 3 * per
    if problem.kind == "float":
        return 5e-3 + 2e-6 * cells**1.3
    if problem.kind == "symbolic":
        return 0.05 + 1e-3 * cells**1.5
    from .kasteleyn import estimated_seconds as unweighted

    return 2 * unweighted(Region(problem.mask)) + 2e-6 * cells


def count_weighted(
    region: Region,
    weights: Any,
    *,
    method: str = "auto",
    log: bool = False,
    progress: bool = False,
    executor: Any = None,
) -> Any:
    """The weighted count (partition function) of ``region``: see :func:`tiling.count`.

    Examples
    --------
    >>> count_weighted(Region.rectangle(2, 2), (2, 3))
    13
    >>> from fractions import Fraction
    >>> count_weighted(Region.rectangle(2, 3), (Fraction(1, 2), 1))
    Fraction(3, 2)
    """
    require_region(region, "count")
    check_choice(method, METHODS, "method", "count")
    check_bool(log, "log", "count")
    problem = prepare(region, weights, "count()")
    if problem.n_cells % 2 or region.balance:
        return finish(problem, 0, log) if problem.kind != "float" else _float_result(0.0, 0, log, 0)
    if method == "auto":
        costs = {m: estimated_seconds(problem, m) for m in ("dp", "kasteleyn")}
        if problem.kind == "symbolic" and not _polynomial(problem):
            costs["kasteleyn"] = math.inf
        method = min(costs, key=costs.get)
    if method == "dp":
        if dp_bits(problem) > MAX_DP_BITS:
            raise TooLargeError(
                f"count(): the weighted DP needs 2**{dp_bits(problem)} profiles here "
                f"(limit 2**{MAX_DP_BITS}); use method='kasteleyn' or 'auto'"
            )
        if problem.mask.shape[1] > problem.mask.shape[0]:
            problem = problem.transposed()
        return weighted_dp(problem, log=log)
    return weighted_kasteleyn(problem, log=log, progress=progress, executor=executor)


def _polynomial(problem: Problem) -> bool:
    import sympy

    exprs = list(problem.horizontal.ravel()) + list(problem.vertical.ravel())
    try:
        ring, _ = sympy.sring(exprs)
    except Exception:  # noqa: BLE001 - not polynomials
        return False
    return (ring.domain.is_ZZ or ring.domain.is_QQ) and hasattr(ring, "ngens")
