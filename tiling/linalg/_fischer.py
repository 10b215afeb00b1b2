"""A proven bound on ``|det A|`` from Fischer's inequality on blocks of rows, in floating point.

Hadamard's bound ``|det A| <= prod ||a_i||`` treats every row alone; for a
Kasteleyn matrix it is about a fifth too large in bits, and every bit of
slack costs the multimodular stage a fraction of a prime.  Fischer's
inequality for the positive semidefinite ``M = A A^T`` and a partition of
the rows into blocks ``B`` gives ``det(A)^2 = det M <= prod_B det M_BB``,
far tighter when the blocks are compact pieces of the matrix's graph (the
leaves and separators of a nested dissection of the pattern of ``M``).

Each ``det M_BB`` is bounded above in floating point, rigorously: with
``X`` any lower triangular matrix (an approximate inverse Cholesky factor),
``det M_BB = det(X M_BB X^T) / det(X)^2 <= prod_i (x_i^T M_BB x_i) / prod_i
x_ii^2`` by Hadamard's inequality for the positive semidefinite ``X M_BB
X^T``, and each computed ``x_i^T M_BB x_i`` is within ``gamma_{2b}
|x_i|^T |M_BB| |x_i|`` of the exact value (the standard bound for a
computed bilinear form: section 3.1 of Higham's book below), which is added.  Logarithms
are summed with a margin far above their rounding errors.

References
----------
E. Fischer, *Uber den Hadamardschen Determinantensatz*, Arch. Math. Phys.
13 (1908).  N. J. Higham, *Accuracy and Stability of Numerical Algorithms*,
2nd ed., SIAM 2002.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

__all__ = ["fischer_bound_square", "FISCHER_LEAF"]

#: Rows per block: larger blocks bound more tightly, at O(b^3) each.
FISCHER_LEAF = 128


@njit(cache=True)
def _block_log2(MB):
    """An upper bound on ``log2 det MB`` for a symmetric PSD integer block (float64), or
    -inf for a zero diagonal entry (then ``det MB = 0``); compiled, one thread."""
    b = MB.shape[0]
    hadamard = 0.0  # PSD: det <= product of the diagonal
    for i in range(b):
        if MB[i, i] <= 0.0:
            return -np.inf
        hadamard += np.log2(MB[i, i])
    if b < 3:
        return hadamard
    # approximate Cholesky factor L, then X ~ L^-1 (lower triangular)
    L = np.zeros((b, b))
    for j in range(b):
        s = MB[j, j]
        for k in range(j):
            s -= L[j, k] * L[j, k]
        if not s > 0.0:
            return hadamard
        L[j, j] = np.sqrt(s)
        for i in range(j + 1, b):
            t = MB[i, j]
            for k in range(j):
                t -= L[i, k] * L[j, k]
            L[i, j] = t / L[j, j]
    X = np.zeros((b, b))
    for i in range(b):
        X[i, i] = 1.0 / L[i, i]
        for j in range(i):
            t = 0.0
            for k in range(j, i):
                t += L[i, k] * X[k, j]
            X[i, j] = -t / L[i, i]
    bound = 0.0
    gamma = (2 * b + 4) * 2.0**-53 * 1.01
    y = np.zeros(b)
    ya = np.zeros(b)
    for i in range(b):
        for k in range(b):
            y[k] = 0.0
            ya[k] = 0.0
        for j in range(i + 1):
            xj = X[i, j]
            if xj == 0.0:
                continue
            for k in range(b):
                m = MB[j, k]
                if m != 0.0:
                    y[k] += xj * m
                    ya[k] += abs(xj) * abs(m)
        s = 0.0
        t = 0.0
        for k in range(i + 1):
            s += y[k] * X[i, k]
            t += ya[k] * abs(X[i, k])
        # the sum's own rounding (half an ulp, and s > 0 when it counts) is covered by the
        # relative lift; 1e-300 keeps an underflowed s_hi positive
        s_hi = (s + t * gamma) * (1.0 + 2.0**-50) + 1e-300
        if not s_hi > 0.0 or X[i, i] == 0.0:
            return hadamard
        bound += np.log2(s_hi) - 2.0 * np.log2(abs(X[i, i]))
    return min(hadamard, bound)


def fischer_bound_square(csr, leaf=FISCHER_LEAF):
    """An integer ``B >= det(A)**2`` from Fischer's inequality, or None (entries too large
    for exact float64 products, or a diagonal entry of ``A A^T`` that is zero)."""
    from ._dissection import dissect

    if csr.dtype == object or csr.nnz == 0 or int(np.abs(csr.data).max()) >= 2**12:
        return None
    A = csr.scipy().astype(np.float64)
    M = (A @ A.T).tocsr()  # exact: integer entries far below 2**53
    pattern = M.copy()
    pattern.setdiag(0)
    pattern.eliminate_zeros()
    pattern.data[:] = 1
    diss = dissect(pattern.astype(np.int8), leaf=leaf)
    total, terms = 0.0, 0
    for own in diss.own:
        for s in range(0, len(own), leaf):
            block = np.sort(own[s : s + leaf])
            got = _block_log2(np.ascontiguousarray(M[block][:, block].toarray()))
            if got == -math.inf:
                return 0
            total += got
            terms += len(block)
    # each log2 is within a few ulps; the margin covers n of them many times over
    total += abs(total) * 1e-12 + 1e-9 * terms + 1e-6
    return 1 << max(0, math.ceil(total) + 2)
