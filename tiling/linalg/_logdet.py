"""A proven enclosure of ``log det A`` for a sparse symmetric positive definite integer matrix.

The determinant's logarithm comes from a double-double ``LDL^T``
factorization (:mod:`tiling.linalg._ddfrontal`) in a nested-dissection
order, and the enclosure from two classical error bounds:

1. *Backward error.*  If ``LDL^T`` runs to completion in an arithmetic whose
   operations have relative error at most ``w``, the computed factors satisfy
   ``L D L^T = A + E`` with ``|E| <= g |L| |D| |L|^T``, ``g = m w / (1 - m w)``
   and ``m`` the length of the longest chain of operations on one entry:
   the largest row count of ``L`` plus 16 (:func:`chain_length`; Higham,
   *Accuracy and Stability of Numerical Algorithms*, Thm 9.3; the
   reciprocal of a pivot counts as a few operations).  The double-double
   factorization subtracts its products by compensated summation instead
   (:func:`dd_gamma`), with ``g`` about ``18 (4 m u)^2``, ``u = 2**-53``.
   So ``||E||_2 <= ||E||_inf <= g max_i (|L||D||L|^T 1)_i``,
   the row sums the factorization returns.
2. *Smallest eigenvalue* (Rump's test of positive definiteness).  A float64
   ``LDL^T`` of ``A - s I`` with positive pivots proves that
   ``A - s I + E_s`` is positive definite, so
   ``lambda_min(A) >= s - ||E_s||_2 =: lam``, with ``||E_s||_2`` bounded as in 1
   for ``w = 2**-53``.

Then the eigenvalues of ``A^(-1/2) E A^(-1/2)`` lie in ``[-r, r]``,
``r = ||E||_2 / lam``, and ``|log det(LDL^T) - log det A| <= -n log(1 - r)
<= n r / (1 - r)``.  ``log det(LDL^T) = sum log d_i`` is evaluated by a
product tree in double-double, within a factor ``(1 + w)**n`` of the
pivots' product, ``w = 2**-100``.  The enclosure is about ``1e-20`` wide
for small matrices and ``1e-10`` for half a million unknowns with ``lam``
near ``1e-6`` (a holey 1000 x 1000 board); the float64 pass only needs
``lam`` to a few digits.  The result is a python-flint ``arb`` ball.

The ordering is :func:`~tiling.linalg._dissection.dissect`'s.  The work is
one double-double factorization and one to a few float64 ones (the shifts),
each with the multiply-adds of one elimination modulo a prime; the
double-double one runs at about a third of the float64 speed.

References
----------
N. J. Higham, *Accuracy and Stability of Numerical Algorithms*, 2nd ed.,
SIAM (2002), Thm 9.3 and Section 10.1.  S. M. Rump, *Verification of
positive definiteness*, BIT 46 (2006).  M. Joldes, J.-M. Muller and V.
Popescu, *Tight and rigorous error bounds for basic building blocks of
double-word arithmetic*, ACM TOMS 44 (2017).
"""

from __future__ import annotations

import math

import numpy as np
import scipy.sparse as sp

__all__ = ["proven_log_det", "LogDetFailure"]

#: Unit roundoff of one double-double product (at least 4x the proven bound), in the product tree.
DD_UNIT = 2.0**-100
#: Unit roundoff of float64.
FLOAT_UNIT = 2.0**-53
#: Extra operations per entry beyond one per earlier row (reciprocals, the last division).
EXTRA_OPS = 16
#: Factor that covers the float64 rounding of the row sums of |L||D||L|^T and of |l| itself.
ROWSUM_PAD = 1.0 + 1e-6
#: Shifts tried for the smallest eigenvalue: the first guess, divided by this each time.
SHIFT_STEP = 16.0
MAX_SHIFT_TRIES = 10
#: Largest memory the factorization may take (its stack of Schur complements and biggest front).
MAX_BYTES = 6 * 2**30
#: Precision (bits) of the returned ball's midpoint.
PREC = 192


class LogDetFailure(Exception):
    """The enclosure could not be proven (not positive definite, or too ill-conditioned)."""


def _gamma(m, unit):
    x = m * unit
    if x >= 0.5:
        return math.inf
    return x / (1.0 - x)


def dd_gamma(m):
    """``g`` with ``|E| <= g |L||D||L|^T`` for the double-double factorization, chain length ``m``.

    Each entry of a front is an unevaluated sum ``h + l``: every product
    ``p`` subtracted from it (a double-double product of the stored
    multiplier and pivot column, exact but for its dropped and rounded low
    parts: at most ``8 u^2 |p|``) and every child's entry merged into it
    changes ``h`` by a TwoSum, whose error is exact, and ``l`` by at most
    two float64 additions.  So with ``N = 4 m + 4`` additions on ``l``, the
    summation errs by at most ``c X``, ``c = gamma_N u (N + 3)(1 + 4u) /
    (1 - 2 N u)`` (each TwoSum error is at most ``u`` times a partial sum,
    itself at most ``X / (1 - 2 N u)``), where ``X`` is the sum of the
    absolute values of the entry's terms (Ogita, Rump and Oishi's analysis
    of *Dot2*).  ``X <= 2 (1 + t) (|L||D||L|^T)_ij + |error|``, because the
    entry's terms sum to it, up to the multipliers' relative error ``t <=
    2**-98`` (a double-double product and a pivot's reciprocal,
    :data:`~tiling.linalg._ddfrontal.RECIP_TOL`), which also enters ``g``.
    """
    u = FLOAT_UNIT
    big_n = 4 * m + 4
    if 2 * (big_n + 3) * u >= 0.5:
        return math.inf
    c = _gamma(big_n, u) * u * (big_n + 3) * (1 + 4 * u) / (1 - 2 * big_n * u) + 8 * u * u
    if c >= 0.5:
        return math.inf
    t = 2.0**-98
    return (t + 2 * (1 + t) * c / (1 - c)) * (1 + 1e-9)  # the padding covers this line's roundings


def flatten(dissection):
    """The dissection as arrays for the numba factorization, and the elimination position of each row."""
    from ._ddfrontal import stack_size

    diss = dissection
    n = diss.n
    kk = np.diff(diss.own_ptr)
    start = diss.own_ptr[:-1].copy()
    pos = np.empty(n, dtype=np.int64)
    pos[diss.order] = np.arange(n)
    m = np.diff(diss.boundary_ptr)
    bptr, bidx = diss.boundary_ptr, diss.boundary_pos  # each boundary sorted by position
    cptr, cidx = diss.child_ptr, diss.child_idx
    size = max(1, stack_size(kk, bptr, cptr, cidx))
    max_front = int((kk + m).max()) if len(kk) else 1
    return (start, kk, bptr, bidx, cptr, cidx, size, max_front), pos


def lower_by_column(csr, pos):
    """``P A P^T``'s lower triangle by columns: ``(indptr, rows, values)`` in elimination positions."""
    coo = csr.tocoo()
    r, c = pos[coo.row], pos[coo.col]
    keep = r >= c
    low = sp.csc_matrix((coo.data[keep].astype(np.float64), (r[keep], c[keep])), shape=csr.shape)
    low.sum_duplicates()
    low.sort_indices()
    return low.indptr.astype(np.int64), low.indices.astype(np.int64), low.data


def _row_bound(rowsum):
    return float(rowsum.max()) * ROWSUM_PAD if len(rowsum) else 0.0


def _log_product(hi, lo):
    """``(log of the product, error bound)`` of positive double-double numbers.

    A product tree in double-double: each multiplication has relative error
    at most ``DD_UNIT``, and scaling by powers of two (kept apart as exact
    integer exponents) is exact, so the tree's product is within a factor
    ``(1 + DD_UNIT)**n`` of the true one.
    """
    import flint

    from ._ddfrontal import pair_products

    mant, expo = np.frexp(hi)
    low = np.ldexp(lo, -expo)  # exact: the same power of two
    total_exp = int(expo.astype(np.int64).sum())
    while len(mant) > 1:
        mant, low = pair_products(mant, low)
        mant, e = np.frexp(mant)
        low = np.ldexp(low, -e)
        total_exp += int(e.astype(np.int64).sum())
    old = flint.ctx.prec
    try:
        flint.ctx.prec = PREC
        value = (flint.arb(float(mant[0])) + flint.arb(float(low[0]))).log()
        value += total_exp * flint.arb(2).log()
    finally:
        flint.ctx.prec = old
    return value, 2.0 * len(hi) * DD_UNIT


def chain_length(tree):
    """Longest chain of operations on one entry: the largest row count of ``L``, plus extras.

    Row ``i`` of ``L`` has a nonzero in column ``t`` only when ``i`` is in
    ``t``'s front: the earlier rows of its own front, and every own row of a
    front whose boundary holds ``i``.  An entry ``(i, j)``, ``i >= j``, is
    ``a_ij`` minus at most that many products, summed in some order.
    """
    start, kk, bptr, bidx, *_ = tree
    n = int(kk.sum())
    count = np.zeros(n, dtype=np.int64)
    np.add.at(count, bidx, np.repeat(kk, np.diff(bptr)))
    own = np.arange(n) - np.repeat(start, kk)
    return int((count + own).max()) + EXTRA_OPS if n else EXTRA_OPS


def smallest_eigenvalue_bound(tree, low, chain, first_shift, max_diag):
    """A proven lower bound of ``lambda_min(A)`` (Rump), trying shifts from ``first_shift`` down.

    Each shift is tried in float64 first; when that pass succeeds but its
    error bound swallows the shift, in double-double.
    """
    from ._ddfrontal import factor

    s = 2.0 ** math.floor(math.log2(first_shift))
    for _ in range(MAX_SHIFT_TRIES):
        status, _, _, rowsum = factor(tree, *low, shift=s, dd=False)
        if status == -1:
            # the float64 diagonal a_jj - s was rounded once: at most u max|a_jj| more
            lam = s - _gamma(chain, FLOAT_UNIT) * _row_bound(rowsum) - FLOAT_UNIT * max_diag
            if lam > 0:
                return lam
            status, _, _, rowsum = factor(tree, *low, shift=s, dd=True)
            lam = s - dd_gamma(chain) * _row_bound(rowsum)
            if status == -1 and lam > 0:
                return lam
        s /= SHIFT_STEP
    raise LogDetFailure(f"no eigenvalue bound above {s * SHIFT_STEP:.3g} could be proven")


def proven_log_det(csr, *, dissection=None):
    """An ``arb`` ball holding ``log det A`` for a symmetric positive definite integer ``A``.

    Parameters
    ----------
    csr : scipy sparse matrix
        Symmetric, integer-valued (exactly representable in float64), positive definite.
    dissection : Dissection, optional
        A nested dissection of its pattern (computed when omitted).

    Raises
    ------
    LogDetFailure
        When positive definiteness or a useful eigenvalue bound cannot be proven.

    Examples
    --------
    >>> import flint
    >>> import scipy.sparse as sp
    >>> ball = proven_log_det(sp.csr_matrix([[2, 1], [1, 3]]))  # det = 5
    >>> ball.overlaps(flint.arb(5).log())  # log 5 at 53 bits is a wider ball than ours
    True
    >>> ball.rad() < 1e-15
    True
    """
    from ._ddfrontal import factor
    from ._dissection import dissect, symmetric_pattern

    csr = sp.csr_matrix(csr)
    n = csr.shape[0]
    if n == 0:
        import flint

        return flint.arb(0)
    if dissection is None:
        dissection = dissect(symmetric_pattern(csr))
    tree, pos = flatten(dissection)
    need = 16 * (tree[6] + 2 * tree[7] ** 2) + 64 * n
    if need > MAX_BYTES:
        raise LogDetFailure(
            f"the factorization would take {need / 2**30:.1f} GiB (limit {MAX_BYTES / 2**30:.0f})"
        )
    low = lower_by_column(csr, pos)
    chain = chain_length(tree)
    status, d_hi, d_lo, rowsum = factor(tree, *low, dd=True)
    if status == -2:
        raise LogDetFailure("the dissection does not cover the matrix")
    if status != -1:
        raise LogDetFailure(f"not positive definite: pivot {status} is not positive")
    # every pivot is at least lambda_min(A) (a Schur complement's diagonal): start below the least
    max_diag = float(np.abs(csr.diagonal()).max()) * (1 + 1e-9)
    lam = smallest_eigenvalue_bound(tree, low, chain, float(d_hi.min()) / 2, max_diag)
    r = dd_gamma(chain) * _row_bound(rowsum) / lam
    if not r < 0.5:
        raise LogDetFailure(f"too ill-conditioned (perturbation ratio {r:.3g})")
    log_det, rounding = _log_product(d_hi, d_lo)
    radius = n * r / (1.0 - r) + rounding
    import flint

    old = flint.ctx.prec
    try:
        flint.ctx.prec = PREC
        return log_det + flint.arb(0, radius * (1 + 1e-9))
    finally:
        flint.ctx.prec = old
