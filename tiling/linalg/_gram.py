"""A proven, nearly sharp bound on ``|det A|`` from one floating-point Cholesky factorisation.

Hadamard's bound is about a fifth too large in bits for a Kasteleyn matrix,
Fischer's block bound (:mod:`._fischer`) about an eighth, and every bit of
slack costs the engine lifting steps and primes.  This bound is within a
fraction of a bit of ``|det A|`` on well-conditioned matrices (Kasteleyn
matrices of boards with holes: 0.02 bits over a 14,744-bit count), so the
p-adic route of :func:`tiling.linalg.det` needs no prime beyond its own.

The argument.  ``M = A^T A`` is positive semidefinite, with integer entries
computed exactly in float64 (the entries of ``A`` are small).  Let ``R`` be
the Cholesky factor computed in floating point of ``M + E``, where ``E =
fl(M + sigma I) - M`` is the diagonal shift actually stored (each ``E_ii``
is computed exactly).  By the standard backward error analysis of Cholesky
factorisation (Higham, Theorem 10.3, valid for any order of the inner
products, hence for LAPACK's blocked band factorisation ``dpbtrf``),
``R^T R = M + E + F`` with ``|F| <= gamma_{n+1} |R^T| |R|`` entrywise, so
``||F||_2 <= gamma_{n+1} ||R||_F^2`` and ``F`` is symmetric.  If ``min E_ii
>= gamma_{n+1} ||R||_F^2`` then ``E + F`` is positive semidefinite, so
``R^T R >= M`` in the Loewner order and

    ``det(A)^2 = det M <= det(R^T R) = prod_i R_ii^2``.

That is the bound: no condition number enters its proof, only its
tightness (``log det(R^T R) - log det M`` is about ``2 sigma trace(M^-1)``,
tiny for the shifts used here).  The shift is chosen from ``trace M``,
which bounds ``||R||_F^2 = trace(R^T R)`` up to a factor ``1 / (1 -
gamma)``; the condition is then checked on the computed ``R``.  Logarithms
are summed with a margin far above their rounding errors, and IEEE double
arithmetic without underflow is assumed (a factor with a tiny pivot is
refused).

A symmetric diagonally dominant ``A`` with a non-negative diagonal (a
reduced Laplacian) is itself positive semidefinite: the same argument with
``M = A`` bounds ``det A`` by one factorisation of ``A``, whose band is half
as wide (:func:`dominant_bound_square`).

``M`` is stored as a band in the order of rows given or in reverse
Cuthill-McKee order, whichever is narrower: the factorisation costs about
``n b^2`` multiply-adds for bandwidth ``b`` (a ``w``-wide grid region's
Kasteleyn matrix: ``b`` about ``w``).

References
----------
N. J. Higham, *Accuracy and Stability of Numerical Algorithms*, 2nd ed.,
SIAM 2002, section 10.1.  S. M. Rump, *Verification of positive
definiteness*, BIT 46 (2006), for the same use of the backward error of a
floating-point Cholesky factorisation as a proof.
"""

from __future__ import annotations

import math

import numpy as np

__all__ = [
    "gram_bound_square",
    "dominant_bound_square",
    "gram_band",
    "GRAM_MAX_WORK",
    "GRAM_MAX_BYTES",
]

#: Largest factorisation attempted, in multiply-adds ``n b^2`` (a few seconds).
GRAM_MAX_WORK = 2e10
#: Largest band stored, in bytes.
GRAM_MAX_BYTES = 2**30
_U = 2.0**-53


def _gram(csr):
    """``A^T A`` as an exact float64 scipy matrix, or None (entries too large for that)."""
    if csr.dtype == object or csr.nnz == 0:
        return None
    data = np.abs(csr.data)
    if int(data.max()) >= 2**20:
        return None
    A = csr.scipy().astype(np.float64)
    # every partial sum of an entry of A^T A is at most max|a| * (max column 1-norm)
    if float(data.max()) * float(abs(A).sum(axis=0).max()) >= 2.0**53:
        return None
    return (A.T @ A).tocsr()


def gram_band(csr):
    """``(M, order, b)``: ``M = A^T A`` (exact float64, scipy CSR), the order of its rows
    that makes its band narrowest (given or reverse Cuthill-McKee), and that bandwidth;
    None when ``A``'s entries are too large for exact float64 products."""
    M = _gram(csr)
    return None if M is None else _narrowest_band(M)


def _narrowest_band(M):
    """``(M, order, b)`` for a symmetric scipy matrix: the order of its rows (None: as
    given, or reverse Cuthill-McKee) with the narrower band, and that bandwidth."""
    from scipy.sparse.csgraph import reverse_cuthill_mckee

    coo = M.tocoo()
    natural = int(np.abs(coo.row - coo.col).max())
    rcm = reverse_cuthill_mckee(M.tocsr(), symmetric_mode=True)
    where = np.empty_like(rcm)
    where[rcm] = np.arange(len(rcm))
    swept = int(np.abs(where[coo.row] - where[coo.col]).max())
    if swept < natural:
        return M, rcm, swept
    return M, None, natural


def gram_seconds(n: float, band: float) -> float:
    """Predicted seconds of :func:`gram_bound_square` for ``n`` rows and bandwidth ``band``
    (``dpbtrf`` at about 2 GFlop/s on the development machine, plus building ``A^T A``)."""
    return 2e-3 + 2e-6 * n + 5e-10 * n * band * band


def gram_bound_square(csr, band=None) -> int | None:
    """An integer ``B >= det(A)**2``, nearly sharp when ``A`` is well conditioned.

    ``band`` is :func:`gram_band`'s answer when the caller has it.  None when
    the entries are too large for exact float64 products, the factorisation
    would exceed ``GRAM_MAX_WORK`` or ``GRAM_MAX_BYTES``, or it breaks down
    (then ``A`` is singular or too ill-conditioned for the shift, and the
    caller keeps its other bound).
    """
    if csr.shape[0] == 0:
        return 1
    got = gram_band(csr) if band is None else band
    if got is None:
        return None
    total = _log2_det_above(*got)
    return None if total is None else 1 << max(0, math.ceil(total) + 1)


def dominant_bound_square(csr) -> int | None:
    """An integer ``B >= det(A)**2`` for a symmetric diagonally dominant ``A`` with a
    non-negative diagonal (a reduced Laplacian), from the Cholesky factorisation of ``A``
    itself (the argument above with ``M = A``, positive semidefinite by Gershgorin's
    theorem): about ``n b^2`` for ``A``'s own bandwidth ``b``, half that of ``A^T A``.
    None when the matrix is not of that kind or the factorisation is refused."""
    from .hadamard import _is_diagonally_dominant_symmetric

    n = csr.shape[0]
    if n == 0:
        return 1
    if csr.dtype == object or csr.nnz == 0 or int(np.abs(csr.data).max()) >= 2**52:
        return None
    if not _is_diagonally_dominant_symmetric(csr):
        return None
    total = _log2_det_above(*_narrowest_band(csr.scipy().astype(np.float64)))
    # det(A) <= 2**total, so det(A)**2 <= 2**(2 total)
    return None if total is None else 1 << max(0, 2 * math.ceil(total) + 2)


def _log2_det_above(M, order, b) -> float | None:
    """An upper bound on ``log2 det M`` for a positive semidefinite ``M`` with exact float64
    entries and bandwidth ``b`` in ``order``: ``log2 prod R_ii^2`` for the factor ``R`` of
    ``M`` shifted by its proven rounding errors (see the module docstring), or None."""
    import scipy.linalg

    n = M.shape[0]
    if n * float(b) * b > GRAM_MAX_WORK or 8.0 * n * (b + 1) > GRAM_MAX_BYTES:
        return None
    if order is not None:
        M = M[order][:, order]
    coo = M.tocoo()
    lower = coo.row >= coo.col
    ab = np.zeros((b + 1, n))
    ab[coo.row[lower] - coo.col[lower], coo.col[lower]] = coo.data[lower]
    diagonal = ab[0].copy()
    trace = float(diagonal.sum()) * (1 + 4 * n * _U)
    gamma = (n + 1) * _U / (1 - (n + 1) * _U)
    # ||R||_F^2 = trace(R^T R) <= (trace(M) + n sigma) / (1 - gamma): a shift of twice
    # gamma times that (up to the sum's rounding) passes the check below
    sigma = 2.0 * gamma * trace / (1 - gamma) / (1 - 2.0 * gamma * n)
    if not (0 < sigma < 1e-3):
        return None  # too large a matrix for the shift to stay negligible
    ab[0] += sigma
    shift = float(np.min(ab[0] - diagonal))  # exact: Sterbenz, the shift is tiny
    try:
        factor = scipy.linalg.cholesky_banded(ab, lower=True, overwrite_ab=True, check_finite=False)
    except np.linalg.LinAlgError:
        return None  # not positive definite in floating point: singular, or nearly
    pivots = factor[0]
    if not np.all(np.isfinite(pivots)) or float(pivots.min()) < 2.0**-400:
        return None  # keep far from underflow, which the error analysis excludes
    # ||R||_F^2, summed with a relative margin far above the rounding of the sum
    frobenius = float(np.einsum("ij,ij->", factor, factor)) * (1 + 1e-6)
    if not shift >= gamma * frobenius:
        return None
    total = 2.0 * float(np.sum(np.log2(pivots)))
    # each log2 is within a few ulps; the margin covers n of them many times over
    return total + float(np.sum(np.abs(np.log2(pivots)))) * 1e-9 + 1e-6
