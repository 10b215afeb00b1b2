"""A proven large divisor of ``det A`` by p-adic lifting on the sweep's structure (numba).

Dixon's method solves ``A x = b`` for a random small ``b`` modulo ``p**k``:
with ``A^-1`` known modulo one prime ``p``, each step solves ``A x_i = r_i``
modulo ``p`` and sets ``r_{i+1} = (r_i - A x_i) / p`` (an exact division, so
every step is checked), and ``x = sum x_i p**i`` agrees with ``A^-1 b``
modulo ``p**k``.  By Cramer's rule ``A^-1 b = adj(A) b / det A``: the
denominator of any combination ``c . x`` (``c`` random) divides ``det A``,
and for random ``b`` and ``c`` it is almost always the largest invariant
factor, nearly all of ``det A`` (Abbott, Bronstein and Mulders; Pan).  The
fraction is recovered from ``c . x mod p**k`` by rational reconstruction,
unique (a proof, not a heuristic) once ``p**k > 2 N D`` for proven bounds
``N`` on the numerator and ``D`` on ``det A``.  ``N`` is Hadamard's bound of
``A`` bordered by ``b`` and ``c``, or, as sharp as ``D``, ``D ||c||_1
||A^-1||_inf ||b||_inf`` for an M-matrix (its inverse's norm is proven
cheaply), or the Gram bound of ``A`` with one column replaced by ``b`` when
``c`` picks that column's entry (Cramer's rule; :func:`sparse_border`): the
number of steps is then about ``2 log_p D`` instead of ``2.4 log_p D``.

``A^-1`` modulo ``p`` is never formed: the sweep's plan (see
:mod:`tiling.linalg._plan`) splits ``A`` into a sparse triangular part ``T``,
solved by substitution in ``O(nnz)`` operations, and the dense ``d x d``
Schur complement ``S``, computed modulo ``p`` in ``O(n d)`` operations by the
same sweep run in machine integers, and factored modulo ``p`` once (a
blocked LU whose trailing updates are float64 BLAS products, exact on
centred residues).  A step then costs ``O(nnz + d**2)`` word operations: one
sweep over the rows that finishes this step and starts the next, and two
triangular solves with the factors (stored in float32, summed in float64:
exact, since no sum exceeds ``2**53``).  Unlike the dense solve of the
integer Schur complement, whose entries have hundreds of bits, nothing here
is a big integer but the accumulated ``c . x``.

References
----------
J. D. Dixon, *Exact solution of linear equations using p-adic expansions*,
Numer. Math. 40 (1982).  J. Abbott, M. Bronstein and T. Mulders, *Fast
deterministic computation of determinants of dense matrices*, ISSAC 1999.
V. Y. Pan, *Computing the determinant and the characteristic polynomial of a
matrix via solving linear systems of equations*, Inf. Process. Lett. 28
(1988).  J. von zur Gathen and J. Gerhard, *Modern Computer Algebra*, 5.10
(rational reconstruction).
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from .primes import crt

__all__ = [
    "applicable",
    "pair_applicable",
    "schur_mod",
    "lift_divisor",
    "sparse_border",
    "LIFT_PRIME_BITS",
]

#: The lifting prime lies below 2**LIFT_PRIME_BITS: centred residues have products below
#: 2**40, so dense dot products of up to 4096 terms are exact in float64.
LIFT_PRIME_BITS = 21
#: Largest |entry| * (entries per row) accepted: every sum of products stays below 2**62.
_ROW_LIMIT = 2**30


def _largest_row_sum(csr) -> float:
    """``max_i sum_j |a_ij|`` (int64 entries)."""
    data = np.abs(np.asarray(csr.data, dtype=np.int64))
    rows = np.repeat(np.arange(csr.shape[0]), np.diff(csr.indptr))
    return float(np.bincount(rows, weights=data.astype(np.float64), minlength=csr.shape[0]).max())


def applicable(csr) -> bool:
    """Whether the modular kernels can take ``csr`` (int64 entries, modest row sums)."""
    if csr.dtype == object or csr.nnz == 0:
        return False
    return _largest_row_sum(csr) < _ROW_LIMIT


# ---------------------------------------------------------------------- compiled kernels
@njit(cache=True)
def _schur_kernel(p, indptr, indices, vals, sigma, slot, con_index, row_order, starts, da,
                  free_order, inv_piv, n_slots, d):  # fmt: skip
    """``S mod p``: the sweep of :func:`tiling.linalg.determinant._sweep` in int64."""
    pinv = 1.0 / p
    X = np.zeros((n_slots, max(d, 1)), dtype=np.int64)
    S = np.zeros((max(d, 1), max(d, 1)), dtype=np.int64)
    acc = np.zeros(max(d, 1), dtype=np.int64)
    n_levels = len(starts) - 1
    seen = 0
    for L in range(n_levels):
        w = da[L]
        for c in range(seen, w):
            s = slot[free_order[c]]
            for e in range(d):
                X[s, e] = 0
            X[s, c] = 1
        seen = w
        for idx in range(starts[L], starts[L + 1]):
            i = row_order[idx]
            t = sigma[i]
            for e in range(w):
                acc[e] = 0
            for k in range(indptr[i], indptr[i + 1]):
                j = indices[k]
                if j == t:
                    continue
                a = vals[k]
                sj = slot[j]
                for e in range(w):
                    acc[e] += a * X[sj, e]
            if t >= 0:
                m = (p - inv_piv[i]) % p  # the defined column is -(row without it) / pivot
                st = slot[t]
                for e in range(w):
                    X[st, e] = _times_inverse(acc[e], m, p, pinv)
                for e in range(w, d):
                    X[st, e] = 0
            else:
                r = con_index[i]
                for e in range(w):
                    S[r, e] = _mod(acc[e], p, pinv)
    return S[:d, :d]


@njit(cache=True, inline="always")
def _divide(s, p, pinv):
    """``(s // p, s mod p)``, the remainder in ``[0, p)``, for ``|s| < 2**62`` and
    ``p > 2**12`` without an integer division: the float quotient (below ``2**50``)
    is off by at most one, which the two corrections absorb.  Its floor, not its
    truncation, so that they are almost never needed: a branch taken for every
    negative ``s`` is mispredicted half the time."""
    q = np.int64(np.floor(np.float64(s) * pinv))
    rem = s - q * p
    if rem < 0:
        rem += p
        q -= 1
    if rem >= p:
        rem -= p
        q += 1
    return q, rem


@njit(cache=True, inline="always")
def _mod(s, p, pinv):
    """``s mod p`` in ``[0, p)``, as :func:`_divide` finds it."""
    return _divide(s, p, pinv)[1]


@njit(cache=True, inline="always")
def _times_inverse(s, m, p, pinv):
    """``s * m mod p`` for the inverse ``m`` of a pivot (units +-1 without a product)."""
    if m == 1:
        return _mod(s, p, pinv)
    if m == p - 1:
        return _mod(-s, p, pinv)
    return _mod(_mod(s, p, pinv) * m, p, pinv)


@njit(cache=True)
def _first_pass(p, indptr, indices, vals, sigma, con_index, inv_piv, r, x, g):
    """With the free entries of ``x`` at 0, fill its defined entries so that the defining
    rows of ``A x = r`` hold modulo ``p`` (forward substitution: rows are in level order,
    row ``i`` defines column ``i``), and put the constraint rows' residuals in ``g``."""
    pinv = 1.0 / p
    for i in range(len(r)):
        t = sigma[i]
        s = r[i]
        for k in range(indptr[i], indptr[i + 1]):
            j = indices[k]
            if j != t:
                s -= vals[k] * x[j]
        if t < 0:
            g[con_index[i]] = _mod(s, p, pinv)
            continue
        x[t] = _times_inverse(s, inv_piv[i], p, pinv)


@njit(cache=True)
def _fused_pass(p, indptr, indices, vals, sigma, con_index, inv_piv, r, x, y, g, c):
    """Finish one step and start the next in one sweep, which reads each row's entries
    once for both.  With the free entries of ``x`` set, fill its defined ones so that
    the defining rows of ``A x = r`` hold modulo ``p`` (as :func:`_first_pass`), and
    replace ``r`` by ``(r - A x) / p`` (every row reads only entries already final);
    meanwhile fill ``y`` (all 0 on entry) as :func:`_first_pass` would for the new
    ``r``, whose row ``i`` needs only the new ``r[i]`` and entries of ``y`` that
    earlier rows defined, with the next step's residuals in ``g``.  Returns ``(ok,
    c . x)``, ok when every division by ``p`` was exact."""
    pinv = 1.0 / p
    ok = True
    dot = 0
    for i in range(len(r)):
        t = sigma[i]
        s = r[i]
        ahead = 0  # the next step's row sum, without its right-hand side
        own = 0
        for k in range(indptr[i], indptr[i + 1]):
            j = indices[k]
            a = vals[k]
            if j != t:
                s -= a * x[j]
                ahead += a * y[j]
            else:
                own = a
        if t >= 0:
            x[t] = _times_inverse(s, inv_piv[i], p, pinv)
            s -= own * x[t]
        q, rem = _divide(s, p, pinv)
        ok &= rem == 0
        r[i] = q
        if t < 0:
            g[con_index[i]] = _mod(q - ahead, p, pinv)
        else:
            y[t] = _times_inverse(q - ahead, inv_piv[i], p, pinv)
    for i in range(len(r)):
        dot += c[i] * x[i]
    return ok, dot


# ---------------------------------------------------------------------- drivers
def _scan_args(plan, csr, p):
    """The defining pivots' inverses modulo ``p`` (a prime, or a product of two), or None
    when one is not invertible."""
    sc = plan.scan
    pivots = np.asarray(sc["pivots"], dtype=np.int64)
    inv = np.zeros(len(pivots), dtype=np.int64)
    has = sc["sigma"] >= 0
    pv = pivots[has] % p
    if any(math.gcd(int(v), p) != 1 for v in np.unique(pv).tolist()):
        return None
    inv[has] = [pow(int(v), -1, p) for v in pv.tolist()]
    return inv


#: Lifting modulo a product of two primes (below ``2**42``) needs every intermediate
#: ``|r| + sum |a_ij| |x_j|`` below ``2**62``: rows' absolute sums below this.
_PAIR_ROW_LIMIT = 2**19


def pair_applicable(plan, csr) -> bool:
    """Whether :func:`lift_divisor` may lift modulo a product of two primes: every defining
    pivot is +-1 (no product of two residues is ever formed), rows' absolute sums are
    small, and fewer than ``2**19`` rows (so that ``c . x`` stays below ``2**62``)."""
    if csr.dtype == object or csr.shape[0] >= 2**19:
        return False
    sc = plan.scan
    pivots = np.asarray(sc["pivots"], dtype=np.int64)[sc["sigma"] >= 0]
    if pivots.size and not (np.abs(pivots) == 1).all():
        return False
    return _largest_row_sum(csr) < _PAIR_ROW_LIMIT


def schur_mod(plan, csr, p):
    """``S mod p`` (int64, entries in ``[0, p)``) for the plan's Schur complement, or None
    when a pivot vanishes modulo ``p``."""
    inv = _scan_args(plan, csr, p)
    if inv is None:
        return None
    sc = plan.scan
    return _schur_kernel(
        p,
        csr.indptr,
        csr.indices,
        np.asarray(csr.data, dtype=np.int64),
        sc["sigma"],
        sc["slot"],
        sc["con_index"],
        sc["row_order"],
        sc["level_starts"],
        np.asarray(sc["da"], dtype=np.int64),
        sc["free_order"],
        inv,
        plan.n_slots,
        plan.d,
    )


def det_mod(plan, csr, p):
    """``det A mod p`` through ``S mod p`` (None when a pivot vanishes modulo ``p``)."""
    S = schur_mod(plan, csr, p)
    if S is None:
        return None
    factored = _factor(S, p)
    det_s = 0 if factored is None else factored[3]
    return det_s * (plan.sign * plan.pivot_product % p) % p


@njit(cache=True, inline="always")
def _centre(x, p, pinv):
    """``x mod p`` in about ``[-p/2, p/2]`` for an integer-valued float ``|x| < 2**53``."""
    return x - p * np.floor(x * pinv + 0.5)


@njit(cache=True)
def _pow_mod(a, e, p):
    a %= p
    out = 1
    while e:
        if e & 1:
            out = out * a % p
        a = a * a % p
        e >>= 1
    return out


@njit(cache=True, fastmath=True, inline="always")
def _subtract_multiple(dst, a, src):
    """``dst -= a * src`` on slices (a loop over slices vectorises; see :func:`_lu_solve`)."""
    for j in range(len(dst)):
        dst[j] -= a * src[j]


@njit(cache=True, fastmath=True, inline="always")
def _centre_all(row, p, pinv):
    """:func:`_centre` of every entry of ``row`` (a slice), in place."""
    for j in range(len(row)):
        row[j] = _centre(row[j], p, pinv)


@njit(cache=True, fastmath=True)
def _panel_mod(A, k0, k1, p, perm, piv_inv):
    """Eliminate columns ``k0`` to ``k1`` of ``A`` modulo ``p`` (row pivoting, whole rows
    swapped), as LAPACK's panel: first within the panel's columns only, so that a
    row swapped up from below matches the rows it joins, then the block row's
    right part becomes ``U``'s rows by forward substitution; the caller updates
    the trailing block.  Returns ``(ok, sign, det of the pivots)``.

    Every operand is centred, so each product is below ``2**40`` and an entry
    takes at most ``k1 - k0`` of them before it is centred again: exact."""
    d = A.shape[0]
    pinv = 1.0 / p
    sign = 1
    det = 1
    for k in range(k0, k1):
        _centre_all(A[k:, k], p, pinv)
        q = k
        while q < d and A[q, k] == 0.0:
            q += 1
        if q == d:
            return False, sign, 0
        if q != k:
            for j in range(d):
                A[k, j], A[q, j] = A[q, j], A[k, j]
            perm[k], perm[q] = perm[q], perm[k]
            sign = -sign
        _centre_all(A[k, k:k1], p, pinv)
        pivot = np.int64(A[k, k]) % p
        det = det * pivot % p
        piv_inv[k] = _centre(np.float64(_pow_mod(pivot, p - 2, p)), p, pinv)
        for r in range(k + 1, d):
            l_rk = _centre(A[r, k] * piv_inv[k], p, pinv)
            A[r, k] = l_rk
            if l_rk != 0.0:
                _subtract_multiple(A[r, k + 1 : k1], l_rk, A[k, k + 1 : k1])
    for k in range(k0, k1):  # U's rows right of the panel: L11^-1 times the block row
        _centre_all(A[k, k1:], p, pinv)
        for r in range(k + 1, k1):
            if A[r, k] != 0.0:
                _subtract_multiple(A[r, k1:], A[r, k], A[k, k1:])
    return True, sign, det


@njit(cache=True, fastmath=True)
def _centre_block(A, k1, p):
    pinv = 1.0 / p
    for r in range(k1, A.shape[0]):
        _centre_all(A[r, k1:], p, pinv)


#: Columns per panel of the blocked LU: the trailing update is then one float64
#: matrix product (BLAS), exact because each entry sums at most this many
#: products below ``2**40`` onto a centred residue.
LU_PANEL = 128


def _lu_mod(A, p):
    """In-place LU of ``A`` (float64, centred residues) modulo ``p < 2**21`` with row
    pivoting: returns ``(ok, perm, inverse pivots, det mod p)``.

    Blocked, right-looking: a panel of ``LU_PANEL`` columns is eliminated by
    compiled loops (:func:`_panel_mod`), and the rest of the matrix takes the
    panel's update in one BLAS product, then is centred again.  About ``d**3 /
    3`` multiply-adds, nearly all in the products."""
    d = A.shape[0]
    perm = np.arange(d)
    piv_inv = np.zeros(d)
    det = 1
    for k0 in range(0, d, LU_PANEL):
        k1 = min(k0 + LU_PANEL, d)
        ok, sign, part = _panel_mod(A, k0, k1, p, perm, piv_inv)
        if not ok:
            return False, perm, piv_inv, 0
        det = det * sign * part % p
        if k1 < d:
            # in blocks of rows: the product's temporary stays small (16 MiB at most)
            for r0 in range(k1, d, 512):
                r1 = min(r0 + 512, d)
                A[r0:r1, k1:] -= A[r0:r1, k0:k1] @ A[k0:k1, k1:]
            _centre_block(A, k1, p)
    return True, perm, piv_inv, det % p


@njit(cache=True, fastmath=True, inline="always")
def _dot(row, y):
    """``row . y`` in float64 (``row`` float32): exact while every partial sum of the
    products stays below ``2**53``, so in any order of summation (vectorised)."""
    acc = 0.0
    for j in range(len(row)):
        acc += np.float64(row[j]) * y[j]
    return acc


@njit(cache=True, fastmath=True)
def _lu_solve(LU, perm, piv_inv, g, p):
    """``S^-1 g mod p`` from :func:`_lu_mod` (``g`` in ``[0, p)``, the factors stored in
    float32), in ``[0, p)``: each dot product has at most 4096 terms below ``2**40``, exact
    in float64.

    The dot products take slices, not index ranges: LLVM vectorises a loop
    over a slice, but not one from a start index chosen at run time (the
    backward pass ran 5x slower that way)."""
    d = len(g)
    pinv = 1.0 / p
    y = np.empty(d)
    for i in range(d):
        y[i] = _centre(np.float64(g[perm[i]]) - _dot(LU[i, :i], y[:i]), p, pinv)
    out = np.empty(d, dtype=np.int64)
    for i in range(d - 1, -1, -1):
        acc = _dot(LU[i, i + 1 :], y[i + 1 :])
        v = _centre(_centre(y[i] - acc, p, pinv) * piv_inv[i], p, pinv)
        y[i] = v
        out[i] = np.int64(v) % p
    return out


def _factor(S, p):
    """``(LU, perm, inverse pivots, det S mod p)`` of ``S mod p``, or None if singular."""
    d = len(S)
    A = np.where(2 * S > p, S - p, S).astype(np.float64)
    if d == 0:
        return A, np.zeros(0, np.int64), np.zeros(0), 1
    ok, perm, piv_inv, det = _lu_mod(A, p)
    if not ok:
        return None
    # every stored entry is centred, below 2**20 in size: exact in float32, which halves
    # the memory each lifting step streams through
    return A.astype(np.float32), perm, piv_inv, int(det)


def _solve(factors, primes, g):
    """``S^-1 g`` modulo the product of the primes (``g`` in ``[0, m)``): a triangular
    solve modulo each, combined by the Chinese remainder theorem (int64: below ``2**42``)."""
    if len(primes) == 1:
        return _lu_solve(*factors[0], g, primes[0])
    (p1, p2), (f1, f2) = primes, factors
    a = _lu_solve(*f1, g % p1, p1)
    b = _lu_solve(*f2, g % p2, p2)
    return a + p1 * ((b - a) % p2 * pow(p1, -1, p2) % p2)


def _reconstruct(w, m, n_bound, d_bound):
    """The fraction ``u / v`` with ``u = v w mod m``, ``|u| <= n_bound``, ``0 < v <= d_bound``
    (unique when ``m > 2 n_bound d_bound``), or None (extended Euclid, stopped early)."""
    r0, r1 = m, w % m
    t0, t1 = 0, 1
    while r1 > n_bound:
        q, rem = divmod(r0, r1)
        r0, r1 = r1, rem
        t0, t1 = t1, t0 - q * t1
    if r1 == 0:
        return 0, 1
    if t1 == 0 or abs(t1) > d_bound:
        return None
    u, v = (r1, t1) if t1 > 0 else (-r1, -t1)
    if (v * w - u) % m or math.gcd(u, v) != 1 and u != 0:
        return None
    return u, v


def sparse_border(csr, rng=None):
    """``(b, c, N)`` for :func:`lift_divisor`, or None: ``c = e_l`` for a random column
    ``l``, ``b`` random in ``{-2, -1, 1, 2}`` on the rows of column ``l``, and ``N``
    the Gram bound (:mod:`._gram`) of ``|det A_l(b)|``, ``A`` with column ``l``
    replaced by ``b``: by Cramer's rule the numerator of ``x_l = (A^-1 b)_l``.

    ``A_l(b)`` has the sparsity of ``A``, so its Gram bound costs what
    ``A``'s did and is as sharp, where Hadamard's bound of the densely bordered
    matrix carries ``A``'s slack and more (a fifth of the bits of a
    Kasteleyn matrix): the lifting then takes that many fewer steps.
    """
    from ._gram import gram_bound_square
    from ._matrix import IntMatrix

    n = csr.shape[0]
    if n < 2 or csr.dtype == object:
        return None
    rng = np.random.default_rng(n + 1 if rng is None else rng)
    col = int(rng.integers(n))
    at = np.flatnonzero(csr.indices == col)
    if at.size == 0:
        return None
    rows = np.repeat(np.arange(n), np.diff(csr.indptr))[at]
    values = rng.choice(np.array([-2, -1, 1, 2], dtype=np.int64), size=at.size)
    data = np.array(csr.data, dtype=np.int64)
    data[at] = values
    square = gram_bound_square(IntMatrix(csr.indptr, csr.indices, data, n))
    if square is None:
        return None
    b = np.zeros(n, dtype=np.int64)
    b[rows] = values
    c = np.zeros(n, dtype=np.int64)
    c[col] = 1
    return b, c, math.isqrt(square) + 1


def _power_sum(digits, p):
    """``sum digits[i] p**i`` (a balanced tree of big-integer products)."""
    vals = [int(v) for v in digits]
    base = p
    while len(vals) > 1:
        nxt = [vals[i] + base * vals[i + 1] for i in range(0, len(vals) - 1, 2)]
        if len(vals) % 2:
            nxt.append(vals[-1])
        vals = nxt
        base *= base
    return vals[0] if vals else 0


def lift_divisor(
    plan, csr, bound_square, p, rng=None, progress=None, inverse_norm=None, border=None
):
    """A proven divisor ``v`` of ``det A`` and ``det A mod m``, as ``(v, det_mod_m)``.

    ``p`` is a prime below ``2**21``, then ``m = p``, or a pair of them when
    :func:`pair_applicable`, then ``m`` is their product: each step solves
    modulo both (a forward and a backward triangular solve modulo each,
    combined by the Chinese remainder theorem) and lifts 40 bits instead of
    20, half the steps, whose sparse sweeps run once for both.
    ``bound_square`` is a proven ``B >= det(A)**2``; ``inverse_norm``, when
    given, a proven bound on ``||A^-1||_inf``, which bounds the numerator
    ``|c . adj(A) b| = |det A| |c . A^-1 b| <= sqrt(B) ||c||_1 ||A^-1||_inf
    ||b||_inf`` far below Hadamard's bound of the bordered matrix when ``B``
    is tight (reduced Laplacians).  ``border``, when given, is ``(b, c, N)``:
    the right-hand side and the combination to use (in the matrix's own row
    and column order) with a proven bound ``N`` on ``|c . adj(A) b|``, for
    example ``c = e_l`` and ``b`` on the rows of column ``l``, whose
    numerator ``det A_l(b)`` (Cramer) has the sparsity of ``A`` and a Gram
    bound as tight as ``B`` (see :func:`sparse_border`).  Returns None when
    ``S`` is singular modulo ``p`` or a pivot vanishes (the caller takes
    another prime, or another method).
    """
    from .hadamard import _square_norms

    sc = plan.scan
    n, d = csr.shape[0], plan.d
    if d > 4096:
        return None  # dot products of more than 4096 terms could exceed 2**53
    primes = (int(p),) if np.ndim(p) == 0 else tuple(int(q) for q in p)
    if len(primes) > 2 or (len(primes) == 2 and not pair_applicable(plan, csr)):
        return None
    factors, det_mods = [], []
    for q in primes:
        S = schur_mod(plan, csr, q)
        factored = None if S is None else _factor(S, q)
        if factored is None:
            return None
        factors.append(factored[:3])
        det_mods.append(factored[3] * (plan.sign * plan.pivot_product % q) % q)
    p = math.prod(primes)  # the lifting modulus from here on
    det_mod = crt(det_mods, list(primes)) % p
    rng = np.random.default_rng(n if rng is None else rng)
    b = rng.integers(-1, 2, n).astype(np.int64)
    c = np.where(rng.random(n) < 0.5, -1, 1).astype(np.int64)
    # rows in level order and each defined column at its defining row's place (free
    # columns at the constraint rows' places): the steps then read memory in order
    order = sc["row_order"]
    sigma0 = sc["sigma"]
    pos = np.empty(n, dtype=np.int64)
    pos[order] = np.arange(n)
    colpos = np.empty(n, dtype=np.int64)
    has = sigma0 >= 0
    colpos[sigma0[has]] = pos[has]
    con_all = np.flatnonzero(~has)
    con_by_index = con_all[np.argsort(sc["con_index"][con_all])]
    colpos[sc["free_order"]] = pos[con_by_index]
    lens = np.diff(csr.indptr)[order]
    indptr = np.concatenate([[0], np.cumsum(lens)]).astype(np.int64)
    take = np.repeat(csr.indptr[order] - indptr[:-1], lens) + np.arange(int(indptr[-1]))
    indices = colpos[csr.indices[take]]
    vals = np.asarray(csr.data, dtype=np.int64)[take]
    inv = _scan_args(plan, csr, p)[order]
    sigma = np.where(has[order], np.arange(n), -1)
    con_index = np.full(n, -1, dtype=np.int64)
    con_index[pos[con_all]] = sc["con_index"][con_all]
    free = colpos[sc["free_order"]]
    numerator = None
    if border is not None:  # given in the matrix's order: b by row, c by column
        b = np.asarray(border[0], dtype=np.int64)[order]
        c = np.zeros(n, dtype=np.int64)
        c[colpos] = np.asarray(border[1], dtype=np.int64)
        numerator = border[2]
    # |c . adj(A) b| = |det [[A, b], [c, 0]]| <= Hadamard of the bordered matrix
    norms = _square_norms(csr)
    num_square = (
        math.prod(norms[i] + bb * bb for i, bb in zip(sc["row_order"].tolist(), b.tolist())) * n
    )
    n_bound = math.isqrt(num_square) + 1
    d_bound = math.isqrt(bound_square) + 1
    if inverse_norm is not None and math.isfinite(inverse_norm):
        # ||c||_1 <= n and ||b||_inf <= 1
        n_bound = min(n_bound, d_bound * math.ceil(n * inverse_norm))
    if numerator is not None:
        n_bound = min(n_bound, numerator + 1)
    need = (2 * n_bound * d_bound).bit_length()  # p**steps > 2 N D: a unique fraction
    steps = need // (p.bit_length() - 1) + 1
    r = b.copy()
    x = np.zeros(n, dtype=np.int64)
    g = np.zeros(d, dtype=np.int64)
    digits = np.zeros(steps, dtype=object)
    y = np.zeros(n, dtype=np.int64)
    _first_pass(p, indptr, indices, vals, sigma, con_index, inv, r, x, g)
    for step in range(steps):
        if d:
            x[free] = _solve(factors, primes, g)
        # this step's second pass and the next one's first, in one sweep (after the
        # last step the next one's is not needed, and costs little)
        y[:] = 0
        ok, dot = _fused_pass(p, indptr, indices, vals, sigma, con_index, inv, r, x, y, g, c)
        x, y = y, x
        if not ok:
            raise AssertionError("exact determinant: a p-adic step did not solve its system")
        digits[step] = int(dot)
        if progress is not None and step % 64 == 63:
            progress()
    m = p**steps
    w = _power_sum(digits.tolist(), p) % m
    got = _reconstruct(w, m, n_bound, d_bound)
    if got is None:
        return None
    return got[1], det_mod
