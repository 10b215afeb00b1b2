"""A multifrontal LDL^T factorization in float64 or double-double arithmetic (numba).

Used by :mod:`tiling.linalg._logdet` for proven log-determinants of
symmetric positive definite integer matrices: the factorization of ``A``
follows a nested dissection (:mod:`tiling.linalg._dissection`), front by
front in postorder; each front eliminates its own rows with a blocked
right-looking ``LDL^T`` (panels of :data:`PANEL` columns, the trailing
update row by row, rows of big fronts on all cores) and passes its Schur
complement on a stack to its parent (extend-add).

Double-double numbers are pairs ``(hi, lo)`` of float64 with ``hi + lo``
the value and ``|lo| <= ulp(hi) / 2``.  Sums use Joldes, Muller and
Popescu's *AccurateDWPlusDW* (relative error at most ``3u^2 + 13u^3``,
``u = 2**-53``) and products their *DWTimesDW2* (at most ``6u^2``), both
built on error-free transformations (Knuth's TwoSum, and TwoProduct by a
fused multiply-add, LLVM's ``llvm.fma``, which is exact on every target:
a hardware instruction, or libm's correctly rounded ``fma``): every
operation obeys ``fl(a op b) = (a op b)(1 + d)`` with ``|d| <= 2**-100``,
the unit the error bound of :mod:`~tiling.linalg._logdet` assumes.  The
float64 factorization's updates are fused multiply-adds too (one rounding
each).  A pivot's reciprocal takes one Newton step from the float64
reciprocal, and its error is checked, not assumed: :data:`RECIP_TOL`.
numba compiles without fast-math, so no operation is reassociated.

Besides the pivots, the factorization returns for every row ``i`` an upper
bound of ``(|L| |D| |L|^T 1)_i``, whose largest entry bounds the 2-norm of
the backward error's scale ``|L||D||L^T|`` (Higham, *Accuracy and Stability
of Numerical Algorithms*, Thm 9.3 and Section 10.1).

References
----------
M. Joldes, J.-M. Muller and V. Popescu, *Tight and rigorous error bounds
for basic building blocks of double-word arithmetic*, ACM TOMS 44 (2017).
T. J. Dekker, *A floating-point technique for extending the available
precision*, Numer. Math. 18 (1971) (TwoSum and TwoProduct).  I. S. Duff and J. K. Reid, *The
multifrontal solution of indefinite sparse symmetric linear equations*, ACM
TOMS 9 (1983).
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, prange, types
from numba.extending import intrinsic

__all__ = ["factor", "pair_products", "stack_size", "PANEL", "RECIP_TOL"]

#: Columns per panel of the blocked elimination inside a front.
PANEL = 16
#: Fronts with at least this many rows update their trailing rows on all cores.
PARALLEL_ROWS = 256
#: Largest accepted ``|1 - d r|`` of a pivot ``d`` and its computed reciprocal ``r``.
RECIP_TOL = 2.0**-101
#: Pivots must exceed this (no underflow anywhere in the double-double parts).
TINY = 2.0**-400


# ------------------------------------------------------------------ double-double
@intrinsic
def _fma(typingctx, a, b, c):
    """``a b + c`` rounded once: LLVM's ``llvm.fma`` (a hardware FMA, or libm's ``fma``)."""
    sig = types.float64(types.float64, types.float64, types.float64)

    def codegen(context, builder, signature, args):
        double = ir.DoubleType()
        fnty = ir.FunctionType(double, [double, double, double])
        fn = builder.module.declare_intrinsic("llvm.fma", [double], fnty)
        return builder.call(fn, args)

    return sig, codegen


@njit(cache=True, inline="always")
def _two_sum(a, b):
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


@njit(cache=True, inline="always")
def _fast_two_sum(a, b):
    s = a + b
    return s, b - (s - a)


@njit(cache=True, inline="always")
def _two_prod(a, b):
    """TwoProduct with a fused multiply-add: ``a b = p + e`` exactly."""
    p = a * b
    return p, _fma(a, b, -p)


@njit(cache=True, inline="always")
def _dd_add(xh, xl, yh, yl):
    """AccurateDWPlusDW (Joldes, Muller and Popescu 2017, Algorithm 6)."""
    sh, sl = _two_sum(xh, yh)
    th, tl = _two_sum(xl, yl)
    vh, vl = _fast_two_sum(sh, sl + th)
    return _fast_two_sum(vh, tl + vl)


@njit(cache=True, inline="always")
def _dd_mul(xh, xl, yh, yl):
    """DWTimesDW2 (Joldes, Muller and Popescu 2017, Algorithm 11)."""
    ch, cl1 = _two_prod(xh, yh)
    cl2 = _fma(xh, yl, xl * yh)  # one rounding fewer than the paper's two products and sum
    return _fast_two_sum(ch, cl1 + cl2)


@njit(cache=True)
def _dd_recip(dh, dl):
    """``(r_hi, r_lo, |1 - d r|)``: one Newton step from the float64 reciprocal."""
    r0 = 1.0 / dh
    ph, pl = _dd_mul(dh, dl, r0, 0.0)
    eh, el = _dd_add(1.0, 0.0, -ph, -pl)
    ch, cl = _dd_mul(r0, 0.0, eh, el)
    rh, rl = _dd_add(r0, 0.0, ch, cl)
    ph, pl = _dd_mul(dh, dl, rh, rl)
    eh, el = _dd_add(1.0, 0.0, -ph, -pl)
    return rh, rl, abs(eh) + abs(el)


# ------------------------------------------------------------------ one front
@njit(cache=True, inline="always")
def _axpy_dd(fh, fl, wh, wl, ah, al):
    """``f -= a w``: ``a w`` in double-double, subtracted by compensated summation.

    An entry of the front is an unevaluated sum ``fh + fl``: ``fh`` takes
    each product's high part by TwoSum, whose rounding error is kept
    exactly, and ``fl`` adds up, in float64, those errors and the products'
    low parts (Ogita, Rump and Oishi's *Dot2*).  Thirteen flops instead of
    the 28 of a double-double multiply and add; the error bound is
    :func:`tiling.linalg._logdet.dd_gamma`.  Loops from a literal 0 over
    slices: numba then knows no index is negative and drops its
    wraparound test, so LLVM vectorises the loop.
    """
    for j in range(fh.shape[0]):
        fh[j], fl[j] = _sub_product(fh[j], fl[j], ah, al, wh[j], wl[j])


@njit(cache=True, inline="always")
def _sub_product(fh, fl, ah, al, wh, wl):
    """One entry ``f - a w`` of :func:`_axpy_dd` (also used alone, in the panel's short rows)."""
    ph = ah * wh
    low = _fma(ah, wh, -ph) + _fma(ah, wl, al * wh)
    sh, err = _two_sum(fh, -ph)
    return sh, fl + (err - low)


@njit(cache=True, inline="always")
def _axpy(fh, wh, a):
    for j in range(fh.shape[0]):
        fh[j] = _fma(-a, wh[j], fh[j])


@njit(cache=True, inline="always")
def _update_row(Fh, Fl, Wh, Wl, Rh, Rl, i, ta, tb, base, j0, j1, dd):
    """Row ``i``, columns ``j0 <= j < j1``: subtract ``l_it W[t, j]`` for ``ta <= t < tb``.

    ``W[t - base]`` holds column ``t`` as it was at its pivot, ``R[t - base]``
    the pivot's reciprocal; ``l_it = W[t, i] R[t]`` is computed the same way
    wherever it is used, so every use sees the same factor entry.
    """
    if j1 <= j0:
        return
    for t in range(ta, tb):
        p = t - base
        if dd:
            ah, al = _dd_mul(Wh[p, i], Wl[p, i], Rh[p], Rl[p])
            if ah != 0.0:
                _axpy_dd(Fh[i, j0:j1], Fl[i, j0:j1], Wh[p, j0:j1], Wl[p, j0:j1], ah, al)
        else:
            a = Wh[p, i] * Rh[p]
            if a != 0.0:
                _axpy(Fh[i, j0:j1], Wh[p, j0:j1], a)


@njit(cache=True)
def _trailing_serial(Fh, Fl, Wh, Wl, Rh, Rl, t0, t1, f, dd):
    for i in range(t1, f):
        _update_row(Fh, Fl, Wh, Wl, Rh, Rl, i, t0, t1, t0, t1, i + 1, dd)


@njit(cache=True, parallel=True)
def _trailing_parallel(Fh, Fl, Wh, Wl, Rh, Rl, t0, t1, f, dd):
    rows = f - t1
    # rows are paired short with long, so that the threads get equal work
    for q in prange((rows + 1) // 2):
        i = t1 + q
        _update_row(Fh, Fl, Wh, Wl, Rh, Rl, i, t0, t1, t0, t1, i + 1, dd)
        i2 = f - 1 - q
        if i2 != i:
            _update_row(Fh, Fl, Wh, Wl, Rh, Rl, i2, t0, t1, t0, t1, i2 + 1, dd)


@njit(cache=True)
def _factor_front(Fh, Fl, k, f, dd, Wh, Wl, Rh, Rl, glob, rowsum):
    """Eliminate the first ``k`` rows of the front (lower triangle); -1 or the failing row.

    Adds each eliminated column's share to ``rowsum`` (rows ``glob`` of the
    whole matrix): an upper bound of the rows of ``|L| |D| |L|^T 1``.
    """
    for t0 in range(0, k, PANEL):
        t1 = min(t0 + PANEL, k)
        for t in range(t0, t1):
            p = t - t0
            if dd:  # the column, and the pivot, as normalised double-doubles (exact)
                for i in range(t, f):
                    Fh[i, t], Fl[i, t] = _two_sum(Fh[i, t], Fl[i, t])
            dh = Fh[t, t]
            if not dh > TINY:
                return t
            if dd:
                rh, rl, err = _dd_recip(dh, Fl[t, t])
                if not err <= RECIP_TOL:
                    return t
            else:
                rh, rl = 1.0 / dh, 0.0
            Rh[p], Rl[p] = rh, rl
            for i in range(t + 1, f):
                Wh[p, i] = Fh[i, t]
                if dd:
                    Wl[p, i] = Fl[i, t]
            # |L||D||L|^T's row sums, from this column (contiguous in W; the caller pads)
            col = 1.0
            for i in range(t + 1, f):
                col += abs(Wh[p, i]) / dh
            c_t = dh * col
            rowsum[glob[t]] += c_t
            for i in range(t + 1, f):
                rowsum[glob[i]] += abs(Wh[p, i]) / dh * c_t
            # the rest of the panel's columns, all rows below them (short rows: plain loops,
            # the same operations as _update_row's)
            for i in range(t + 1, f):
                j1 = min(i + 1, t1)
                if j1 <= t + 1:
                    continue
                if dd:
                    ah, al = _dd_mul(Wh[p, i], Wl[p, i], rh, rl)
                    if ah != 0.0:
                        for j in range(t + 1, j1):
                            Fh[i, j], Fl[i, j] = _sub_product(
                                Fh[i, j], Fl[i, j], ah, al, Wh[p, j], Wl[p, j]
                            )
                else:
                    a = Wh[p, i] * rh
                    if a != 0.0:
                        for j in range(t + 1, j1):
                            Fh[i, j] = _fma(-a, Wh[p, j], Fh[i, j])
        if f - t1 >= PARALLEL_ROWS:
            _trailing_parallel(Fh, Fl, Wh, Wl, Rh, Rl, t0, t1, f, dd)
        else:
            _trailing_serial(Fh, Fl, Wh, Wl, Rh, Rl, t0, t1, f, dd)
    return -1


# ------------------------------------------------------------------ the tree
@njit(cache=True)
def _factor_tree(
    start, kk, bptr, bidx, cptr, cidx, aptr, arow, aval, shift, dd, capacity, max_front
):
    """Factor every front in postorder.  Returns ``(status, d_hi, d_lo, rowsum)``.

    ``status`` is -1, or the elimination position of the first pivot that
    is not positive (or whose reciprocal misses :data:`RECIP_TOL`), or
    ``-2`` when an entry falls outside its front (a broken dissection).
    """
    n = aptr.shape[0] - 1
    n_nodes = start.shape[0]
    d_hi = np.zeros(n)
    d_lo = np.zeros(n)
    rowsum = np.zeros(n)
    loc = np.full(n, -1, dtype=np.int64)
    sh = np.zeros(capacity)  # the stack of Schur complements (see stack_size)
    sl = np.zeros(capacity if dd else 1)
    offset = np.zeros(n_nodes, dtype=np.int64)
    Wh = np.zeros((PANEL, max_front))
    Wl = np.zeros((PANEL, max_front))
    Rh = np.zeros(PANEL)
    Rl = np.zeros(PANEL)
    buf_h = np.empty(max_front * max_front)
    buf_l = np.empty(max_front * max_front if dd else 1)
    glob = np.empty(max_front, dtype=np.int64)
    where = np.empty(max_front, dtype=np.int64)
    top = 0
    for v in range(n_nodes):
        k = kk[v]
        s0 = start[v]
        m = bptr[v + 1] - bptr[v]
        f = k + m
        # the front, in buffers reused by every front (fresh pages cost more than zeroing)
        Fh = buf_h[: f * f].reshape((f, f))
        Fh[:, :] = 0.0
        Fl = buf_l[: f * f].reshape((f, f)) if dd else buf_l[:1].reshape((1, 1))
        if dd:
            Fl[:, :] = 0.0
        for a in range(k):
            loc[s0 + a] = a
            glob[a] = s0 + a
        for b in range(m):
            loc[bidx[bptr[v] + b]] = k + b
            glob[k + b] = bidx[bptr[v] + b]
        # the matrix's own entries: the lower triangle of the front's own columns
        for j in range(s0, s0 + k):
            for e in range(aptr[j], aptr[j + 1]):
                i = arow[e]
                li = loc[i]
                if li < 0:
                    return -2, d_hi, d_lo, rowsum
                Fh[li, j - s0] += aval[e]  # integers: exact
            jj = j - s0
            if dd:  # exact: a TwoSum of the integer diagonal and the shift
                Fh[jj, jj], Fl[jj, jj] = _two_sum(Fh[jj, jj], -shift)
            else:  # rounded once: the caller adds u max|a_jj| to its bound
                Fh[jj, jj] -= shift
        # the children's Schur complements (on top of the stack, in order)
        new_top = top
        for ci in range(cptr[v], cptr[v + 1]):
            c = cidx[ci]
            mc = bptr[c + 1] - bptr[c]
            if mc == 0:
                continue
            off = offset[c]
            new_top = min(new_top, off)
            for a in range(mc):
                la = loc[bidx[bptr[c] + a]]
                if la < 0:
                    return -2, d_hi, d_lo, rowsum
                where[a] = la
            for a in range(mc):
                la = where[a]
                for b in range(a + 1):
                    lb = where[b]
                    q = off + a * mc + b
                    if dd:  # compensated, as in _axpy_dd
                        hi, err = _two_sum(Fh[la, lb], sh[q])
                        Fh[la, lb] = hi
                        Fl[la, lb] += sl[q] + err
                    else:
                        Fh[la, lb] += sh[q]
        top = new_top
        for a in range(k):
            loc[s0 + a] = -1
        for b in range(m):
            loc[bidx[bptr[v] + b]] = -1
        bad = _factor_front(Fh, Fl, k, f, dd, Wh, Wl, Rh, Rl, glob, rowsum)
        if bad >= 0:
            return s0 + bad, d_hi, d_lo, rowsum
        for t in range(k):
            d_hi[s0 + t] = Fh[t, t]
            d_lo[s0 + t] = Fl[t, t] if dd else 0.0
        # push the Schur complement
        if m > 0:
            offset[v] = top
            for a in range(m):
                for b in range(a + 1):
                    q = top + a * m + b
                    sh[q] = Fh[k + a, k + b]
                    if dd:
                        sl[q] = Fl[k + a, k + b]
            top += m * m
    return -1, d_hi, d_lo, rowsum


@njit(cache=True)
def stack_size(kk, bptr, cptr, cidx):
    """Largest stack of Schur complements (entries) :func:`_factor_tree` holds: its pushes and pops."""
    top = peak = 0
    offset = np.zeros(kk.shape[0], dtype=np.int64)
    for v in range(kk.shape[0]):
        for ci in range(cptr[v], cptr[v + 1]):
            c = cidx[ci]
            if bptr[c + 1] > bptr[c]:
                top = min(top, offset[c])
        m = bptr[v + 1] - bptr[v]
        if m > 0:
            offset[v] = top
            top += m * m
            peak = max(peak, top)
    return peak


@njit(cache=True)
def pair_products(xh, xl):
    """Products of neighbours ``(x[0] x[1], x[2] x[3], ...)`` of double-doubles (``_dd_mul``).

    An odd last element is carried over unchanged.
    """
    half = (xh.shape[0] + 1) // 2
    ph = np.empty(half)
    pl = np.empty(half)
    for q in range(xh.shape[0] // 2):
        ph[q], pl[q] = _dd_mul(xh[2 * q], xl[2 * q], xh[2 * q + 1], xl[2 * q + 1])
    if xh.shape[0] % 2:
        ph[half - 1], pl[half - 1] = xh[-1], xl[-1]
    return ph, pl


def factor(tree, aptr, arow, aval, *, shift=0.0, dd=True):
    """Run :func:`_factor_tree` on a flattened dissection ``tree`` (see ``_logdet``)."""
    start, kk, bptr, bidx, cptr, cidx, size, max_front = tree
    return _factor_tree(
        start, kk, bptr, bidx, cptr, cidx, aptr, arow, aval, float(shift), dd, size, max_front
    )
