"""Placement probabilities: how likely each domino is to lie in a random tiling.

For a Kasteleyn matrix ``K`` of a region (rows one colour of cells, columns
the other, signed so that ``|det K|`` counts the tilings; with weights, each
entry times its domino's weight), the probability that the domino on cells
``b, w`` lies in a random tiling is ``K[b, w] * K^{-1}[w, b]`` (Kenyon,
*Local statistics of lattice dimers*, 1997): ``K[b, w]`` times the
``(b, w)`` cofactor is the signed weight of the tilings containing that
domino, and ``det K`` the signed weight of all of them.

Three ways to the entries of ``K^{-1}`` that sit on dominoes are used here:

* exact (``exact=True``): ``K`` modulo word-size primes (python-flint's
  ``nmod_mat``), its determinant and inverse, so the cofactors on the
  dominoes, combined by the Chinese remainder theorem up to a proven bound
  on the weight of the tilings (Bregman's bound on a permanent, or the
  product of the rows' weight sums);
* floats on any region: the Schur-complement (block Cholesky) recursion on
  ``A = K K^T`` blocked by pairs of rows of cells, which is block
  tridiagonal: a forward sweep of Schur complements, then a backward sweep
  that produces the diagonal and first off-diagonal blocks of ``A^{-1}``
  (the selected inversion of the recursive Green's function method), enough
  for ``K^{-1} = K^T A^{-1}`` on every domino; or, for small pieces, a dense
  LU inverse of ``K``.  Regions with frozen areas make ``K`` exponentially
  ill-conditioned; when the doubles fail their check (every cell's
  probabilities must sum to 1), the same recursion runs again in wider
  floating point (python-flint's ``arb_mat`` midpoints, 128 bits and up,
  widened from the error seen) until the check passes;
* floats on Aztec diamonds: Propp's generalized domino shuffling, run
  backwards for edge probabilities (urban renewal of every cell of the
  diamond reduces order ``n`` to ``n - 1``; each cell's four probabilities at
  order ``n`` follow from those at order ``n - 1`` by a local formula), with
  no matrix at all, so the frozen corners, which make ``K`` of an Aztec
  diamond exponentially ill-conditioned, cost no accuracy.
"""

from __future__ import annotations

import math
import numbers
from fractions import Fraction
from typing import Any

import numpy as np

from .._validation import check_bool
from ..errors import TilingError, TooLargeError
from ..model.region import Region, require_region

__all__ = ["probabilities", "SUM_TOLERANCE", "EXACT_MAX_CELLS", "FLOAT_MAX_CELLS"]

#: Float results are checked: in every cell the probabilities of the dominoes
#: covering it must sum to 1 within this, and none may be below ``-SUM_TOLERANCE``.
SUM_TOLERANCE = 1e-9

#: Largest connected piece (in cells) that ``exact=True`` takes: beyond it,
#: the dense inverses modulo a growing number of primes take minutes.
EXACT_MAX_CELLS = 2500

#: Largest connected piece (in cells) of the float methods, Aztec diamonds aside.
FLOAT_MAX_CELLS = 400_000

#: Pieces with at most this many cells of each colour get a dense LU inverse of K.
DENSE_MAX = 600


# ------------------------------------------------------------------ weights
def _exact_weights(region: Region, weights: Any, who: str) -> tuple[np.ndarray, np.ndarray]:
    """``(horizontal, vertical)`` object arrays of positive Fractions (1 off the region)."""
    from ..model.weights import positive_float_weights

    # the float parser checks the pair, the shapes and the signs, with its messages
    positive_float_weights(region, weights, who)
    rows, cols = region.shape
    mask = region.mask
    out = []
    for value, shape, used in (
        (weights[0], (rows, cols - 1), mask[:, :-1] & mask[:, 1:]),
        (weights[1], (rows - 1, cols), mask[:-1, :] & mask[1:, :]),
    ):
        if isinstance(value, (numbers.Real, Fraction)) and not hasattr(value, "shape"):
            arr = np.full(shape, _fraction(value), dtype=object)
        else:
            arr = np.empty(shape, dtype=object)
            flat = np.asarray(value).ravel()
            arr.ravel()[:] = [_fraction(x) for x in flat.tolist()]
        arr[~used] = Fraction(1)
        out.append(arr)
    return out[0], out[1]


def _fraction(x: Any) -> Fraction:
    if isinstance(x, Fraction):
        return x
    if isinstance(x, numbers.Integral):
        return Fraction(int(x))
    return Fraction(float(x))  # the float's exact value


# ------------------------------------------------------------------ the entry point
def probabilities(
    region: Region, *, weights: Any = None, exact: bool = False
) -> tuple[np.ndarray, np.ndarray]:
    """The probability of every domino position in a random tiling of ``region``.

    Parameters
    ----------
    region : Region
        Any region with a tiling: holes and several pieces are fine (the
        pieces of a random tiling are independent, so each piece is done on
        its own).
    weights : (h, v) or (horizontal, vertical), optional
        Edge weights (:mod:`tiling.model.weights`), positive: the law of the
        tiling is then proportional to the product of its dominoes' weights.
        ``exact=True`` takes ints, Fractions and floats (a float by its exact
        binary value).
    exact : bool
        Return :class:`~fractions.Fraction` s, exactly, instead of floats.

    Returns
    -------
    horizontal, vertical : numpy arrays
        In the layout of the weights: ``horizontal[r, c]`` is the probability
        of the domino on cells ``(r, c), (r, c + 1)`` (shape
        ``rows x (cols - 1)``) and ``vertical[r, c]`` that of ``(r, c),
        (r + 1, c)`` (shape ``(rows - 1) x cols``), ``rows x cols`` being the
        shape of the region's mask; 0 where there is no domino position.
        float64, or object arrays of Fractions with ``exact=True``.  In every
        cell of the region the probabilities of the (up to four) dominoes
        that cover it sum to 1, since exactly one of them is in any tiling.

    Raises
    ------
    NoTilingError
        when the region has no tiling (with its checked proof).
    TooLargeError
        for a piece larger than :data:`EXACT_MAX_CELLS` with ``exact=True``
        (or :data:`FLOAT_MAX_CELLS` with floats).
    TilingError
        for bad weights; or when the floats cannot pass their check (below)
        in the time allowed: large regions with large frozen areas, whose
        Kasteleyn matrix is too ill-conditioned (``exact=True`` answers
        pieces of up to :data:`EXACT_MAX_CELLS` cells).

    Notes
    -----
    The probability of the domino ``b, w`` is ``K[b, w] K^{-1}[w, b]`` for a
    (weighted) Kasteleyn matrix ``K`` (Kenyon 1997; see the module
    docstring).  ``exact=True``: ``K`` and its inverse modulo word-size
    primes (python-flint), enough of them for the cofactors and the
    determinant, whose size is bounded by Bregman's bound (product of the
    rows' weight sums with weights); O(n^3) word operations per prime for
    a piece with ``n`` cells of each colour, and about ``1.15 n / 62``
    primes unweighted.  Floats: an Aztec diamond (any translate of
    ``Region.aztec_diamond(n)``) by Propp's generalized domino shuffling
    run backwards, O(n^3) and free of any matrix; a piece with at most
    ``DENSE_MAX`` (600) cells of each colour by a dense LU inverse of ``K``;
    any other by the Schur-complement recursion on ``K K^T``, block
    tridiagonal in pairs of rows (taken the narrow way), O(n w^2) for a
    piece ``w`` cells across.  Float results are checked: in every cell the
    probabilities must sum to 1 within :data:`SUM_TOLERANCE`.  When the
    recursion on ``K K^T`` (whose condition number is that of ``K``
    squared) fails the check, the piece is redone by a dense LU of ``K`` if
    it is small enough, then by the recursion in wider floating point (128
    bits, widened from the error seen until the check passes; regions with
    frozen areas, whose ``K`` is exponentially ill-conditioned, need it:
    256 bits for the Aztec diamond of order 60 cut flat, about 15 s for its
    6,000 cells); a run predicted to take more than 300 s is refused with a
    TilingError saying so.  Typical errors are 1e-13.

    References: R. Kenyon, *Local statistics of lattice dimers*, Ann. IHP
    33 (1997); J. Propp, *Generalized domino-shuffling*, Theoret. Comput.
    Sci. 303 (2003); L. M. Bregman, *Some properties of nonnegative
    matrices and their permanents*, 1973.

    Examples
    --------
    >>> from tiling import Region
    >>> horizontal, vertical = probabilities(Region.rectangle(2, 2), exact=True)
    >>> horizontal.tolist(), vertical.tolist()
    ([[Fraction(1, 2)], [Fraction(1, 2)]], [[Fraction(1, 2), Fraction(1, 2)]])
    >>> h, v = probabilities(Region.rectangle(8, 8))
    >>> round(float(h[0, 0]), 6), round(float(v[0, 0]), 6)
    (0.5, 0.5)
    """
    who = "probabilities()"
    require_region(region, "probabilities")
    exact = check_bool(exact, "exact", "probabilities")
    rows, cols = region.shape
    if weights is None:
        if exact:
            wh = np.full((rows, cols - 1), Fraction(1), dtype=object)
            wv = np.full((rows - 1, cols), Fraction(1), dtype=object)
        else:
            wh, wv = np.ones((rows, cols - 1)), np.ones((rows - 1, cols))
    elif exact:
        wh, wv = _exact_weights(region, weights, who)
    else:
        from ..model.weights import positive_float_weights

        wh, wv = positive_float_weights(region, weights, who)
    pieces = region.cropped_components()
    limit = EXACT_MAX_CELLS if exact else FLOAT_MAX_CELLS
    for _r0, _c0, part in pieces:
        n_cells = int(part.sum())
        if n_cells > limit and not (not exact and Region(part).aztec_order() is not None):
            raise TooLargeError(
                f"{who}: a connected piece of {n_cells:,} cells is larger than the "
                f"{limit:,} cells {'exact=True' if exact else 'the float methods'} take"
                + ("; use the floats (exact=False)" if exact else "")
            )
    _require_tiling(region)
    dtype = object if exact else float
    horizontal = np.zeros((rows, cols - 1), dtype=dtype)
    vertical = np.zeros((rows - 1, cols), dtype=dtype)
    if exact:
        horizontal[:] = Fraction(0)
        vertical[:] = Fraction(0)
    for r0, c0, part in pieces:
        h, w = part.shape
        piece = Region(part)
        ph, pv = _piece(
            piece, wh[r0 : r0 + h, c0 : c0 + w - 1], wv[r0 : r0 + h - 1, c0 : c0 + w], exact
        )
        # boxes of different pieces may overlap (an island in a hole): add only this piece's dominoes
        used_h = part[:, :-1] & part[:, 1:]
        used_v = part[:-1, :] & part[1:, :]
        horizontal[r0 : r0 + h, c0 : c0 + w - 1][used_h] = ph[used_h]
        vertical[r0 : r0 + h - 1, c0 : c0 + w][used_v] = pv[used_v]
    return horizontal, vertical


def _require_tiling(region: Region) -> None:
    from ..proofs.certificates import no_tiling_error, prove_impossible

    if region.trivially_untileable():
        raise no_tiling_error(region)
    certificate = prove_impossible(region)
    if certificate is not None:
        raise no_tiling_error(region, certificate=certificate)


def _piece(piece: Region, wh: np.ndarray, wv: np.ndarray, exact: bool):
    """``(horizontal, vertical)`` probabilities of one connected, tileable piece (cropped)."""
    if exact:
        return _exact_piece(piece, wh, wv)
    order = piece.aztec_order()
    if order is not None:
        return aztec_probabilities(order, (wh, wv))
    return _float_piece(piece, wh, wv)


# ------------------------------------------------------------------ the matrix
def _weighted_matrix(piece: Region, wh: np.ndarray, wv: np.ndarray):
    """``(rows, cols, signs, weights, top_left, is_horizontal, n)`` of the nonzeros of K."""
    from ..counting.kasteleyn import matrix

    K, cells0, cells1 = matrix(piece)
    coo = K.tocoo()
    a, b = cells0[coo.row], cells1[coo.col]
    top_left = np.minimum(a, b)
    is_h = a[:, 0] == b[:, 0]
    weight = np.empty(len(a), dtype=wh.dtype)
    th, tv = top_left[is_h], top_left[~is_h]
    weight[is_h] = wh[th[:, 0], th[:, 1]]
    weight[~is_h] = wv[tv[:, 0], tv[:, 1]]
    return coo.row, coo.col, coo.data.astype(np.int64), weight, top_left, is_h, K.shape[0]


def _scatter(piece: Region, values, top_left, is_h, dtype):
    h, w = piece.shape
    ph = np.zeros((h, w - 1), dtype=dtype)
    pv = np.zeros((h - 1, w), dtype=dtype)
    th, tv = top_left[is_h], top_left[~is_h]
    ph[th[:, 0], th[:, 1]] = values[is_h]
    pv[tv[:, 0], tv[:, 1]] = values[~is_h]
    return ph, pv


# ------------------------------------------------------------------ exact
#: Bits of the primes the exact method works modulo.
PRIME_BITS = 62


def _exact_piece(piece: Region, wh: np.ndarray, wv: np.ndarray):
    import flint

    from ..linalg.primes import crt, primes_below

    rows, cols, signs, weight, top_left, is_h, n = _weighted_matrix(piece, wh, wv)
    scale = math.lcm(*{x.denominator for x in weight.tolist()})
    ints = [int(x * scale) for x in weight.tolist()]  # a common factor: the law is unchanged
    entries = [s * x for s, x in zip(signs.tolist(), ints)]
    # |det K| is the weight of all tilings (a permanent of |K|): Bregman's bound for a 0/1
    # matrix, else the product of the rows' (and the columns') weight sums, bound it
    if all(x == 1 for x in ints):
        degree = np.bincount(rows, minlength=n)
        log2 = sum(math.lgamma(d + 1) / d for d in degree.tolist()) / math.log(2)
        bound_bits = math.ceil(log2) + 2
    else:
        row_sum = [0] * n
        col_sum = [0] * n
        for i, j, x in zip(rows.tolist(), cols.tolist(), ints):
            row_sum[i] += x
            col_sum[j] += x
        bound_bits = min(math.prod(row_sum).bit_length(), math.prod(col_sum).bit_length()) + 1
    # cofactors times entries are at most the determinant in absolute value: |x| < 2^bound_bits
    dense = np.zeros((n, n), dtype=object)
    dense[rows, cols] = entries
    exact_matrix = flint.fmpz_mat(n, n, dense.ravel().tolist())  # reduced mod each prime in C
    rows_l, cols_l = rows.tolist(), cols.tolist()
    residues_det, residues_num, moduli = [], [], []
    need = bound_bits + 2  # signed values below 2^bound_bits: the moduli's product beyond 2^need
    got_bits, start = 0, 0
    while got_bits < need:
        batch = primes_below(PRIME_BITS, start + 8)[start:]
        start += 8
        for p in batch:
            if got_bits >= need:
                break
            M = flint.nmod_mat(exact_matrix, p)
            d = int(M.det())
            if d == 0:
                continue  # p divides det K: this prime says nothing
            inv = M.inv()
            e_mod = [x % p for x in entries]
            residues_num.append(
                [(e * int(inv[j, i]) % p) * d % p for i, j, e in zip(rows_l, cols_l, e_mod)]
            )
            residues_det.append(d)
            moduli.append(p)
            got_bits += p.bit_length() - 1
    det = crt(residues_det, moduli)
    if det == 0:
        raise AssertionError("internal inconsistency: a tileable piece has det K = 0")
    values = np.empty(len(entries), dtype=object)
    columns = list(zip(*residues_num))
    for e, res in enumerate(columns):
        value = Fraction(crt(list(res), moduli), det)
        if not 0 <= value <= 1:
            raise AssertionError("internal inconsistency: a probability outside [0, 1]")
        values[e] = value
    ph, pv = _scatter(piece, values, top_left, is_h, object)
    ph[ph == 0] = Fraction(0)
    pv[pv == 0] = Fraction(0)
    return ph, pv


# ------------------------------------------------------------------ floats, any region
def _float_piece(piece: Region, wh: np.ndarray, wv: np.ndarray, method: str = "auto"):
    """Float probabilities of a piece by a dense LU of K or the recursion on K K^T, checked."""
    transposed = piece.shape[1] > piece.shape[0]
    if transposed:  # pairs of rows the narrow way: blocks as small as the piece is wide
        piece, wh, wv = piece.transpose(), wv.T, wh.T
    rows, cols, signs, weight, top_left, is_h, n = _weighted_matrix(piece, wh, wv)
    entries = signs * weight.astype(float)
    if method == "auto":
        method = "dense" if n <= DENSE_MAX else "blocks"
    error = math.inf
    if method == "blocks":
        values = _blocks(piece, rows, cols, entries, n)
        error = _check(values, rows, cols, n)
        if error > SUM_TOLERANCE and n <= 4 * DENSE_MAX:
            method = "dense"  # K K^T squares the condition number; K alone may do
    if method == "dense":
        values = _dense(rows, cols, entries, n)
        error = _check(values, rows, cols, n)
    if method == "wide" or error > SUM_TOLERANCE:
        # frozen areas make K exponentially ill-conditioned: wider arithmetic, in steps
        values, error, prec = _widening(piece, rows, cols, entries, n, error, method == "wide")
        if error > SUM_TOLERANCE:
            raise TilingError(
                f"probabilities(): the Kasteleyn matrix of a piece of {piece.n_cells:,} cells "
                f"is too ill-conditioned even for {prec}-bit arithmetic (the probabilities "
                f"around a cell sum to 1 only within {error:.1e}); use exact=True"
            )
    values = np.clip(values, 0.0, 1.0)
    ph, pv = _scatter(piece, values, top_left, is_h, float)
    return (pv.T, ph.T) if transposed else (ph, pv)


#: Longest predicted run of the wide-precision recursion before it is refused (seconds).
WIDE_MAX_SECONDS = 300.0


def _wide_seconds(piece: Region, prec: int) -> float:
    """Predicted seconds of the recursion in ``prec``-bit arb matrices (measured: 2e-7 s per
    b^3 for the inverse of a b x b block at 256 bits, about four such products a step)."""
    cells0 = piece.cells()[piece.colors() == 0]
    sizes = np.bincount(cells0[:, 0] // 2)
    return float(8e-7 * (sizes.astype(float) ** 3).sum() * max(prec, 128) / 256)


def _check(values, rows, cols, n):
    """The largest distance of a cell's sum of probabilities from 1 (or of a value below 0)."""
    if not np.isfinite(values).all():
        return math.inf
    row_sum = np.bincount(rows, weights=values, minlength=n)
    col_sum = np.bincount(cols, weights=values, minlength=n)
    low = max(0.0, -float(values.min())) if len(values) else 0.0
    return max(float(np.abs(row_sum - 1).max()), float(np.abs(col_sum - 1).max()), low)


def _dense(rows, cols, entries, n):
    K = np.zeros((n, n))
    K[rows, cols] = entries
    try:
        inverse = np.linalg.inv(K)
    except np.linalg.LinAlgError:
        return np.full(len(entries), np.nan)
    return entries * inverse[cols, rows]


class _Doubles:
    """The block recursion's operations in double precision (the couplings kept sparse)."""

    def block(self, sub):
        return sub.toarray()

    def coupling(self, sub):
        return sub.tocsc()

    def inv(self, S):
        return np.linalg.inv(S)

    def left(self, inverse, E):  # S^{-1} E
        return (E.T @ inverse.T).T

    def et_times(self, E, X):  # E^T X
        return E.T @ X

    def mul(self, X, Y):
        return X @ Y

    def sub(self, X, Y):
        return X - Y

    def neg(self, X):
        return -X

    def sym(self, S):
        return (S + S.T) / 2

    def gather(self, G, r, c):
        return G[r, c]

    found_dtype = float

    def contract(self, pair_e, coef, found, size):  # sum_k K[k, j] A^{-1}[k, i] per edge
        return np.bincount(pair_e, weights=coef * found, minlength=size)


class _Wide:
    """The same operations on python-flint ``arb_mat`` at a working precision of ``prec`` bits.

    Plain multiprecision floating point: only midpoints are kept (and the
    inverses are arb's approximate solves), since the radii that ball
    arithmetic carries through a long recursion grow far beyond the true
    error; the floats' own check judges the answer.
    """

    def __init__(self):
        import flint

        self.flint = flint

    def block(self, sub):
        return self.flint.arb_mat(sub.toarray().tolist())

    def coupling(self, sub):
        E = self.flint.arb_mat(sub.toarray().tolist())
        return E, E.transpose()

    def inv(self, S):
        identity = self.flint.arb_mat(np.eye(S.nrows()).tolist())
        inverse = S.solve(identity, nonstop=True, algorithm="approx")
        if any(not x.is_finite() for x in inverse.entries()[:1]):
            raise _NeedMorePrecision
        return inverse

    def left(self, inverse, E):
        return (inverse * E[0]).mid()

    def et_times(self, E, X):
        return (E[1] * X).mid()

    def mul(self, X, Y):
        return (X * Y).mid()

    def sub(self, X, Y):
        return (X - Y).mid()

    def neg(self, X):
        return -X

    def sym(self, S):
        return S

    def gather(self, G, r, c):
        out = np.empty(len(r), dtype=object)
        out[:] = [G[i, j] for i, j in zip(r.tolist(), c.tolist())]
        return out

    found_dtype = object

    def contract(self, pair_e, coef, found, size):
        # in the working precision: the entries of A^{-1} are as large as cond(K)^2 and
        # cancel in these sums, which doubles would lose
        total = [self.flint.arb(0)] * size
        for e, k, x in zip(pair_e.tolist(), coef.tolist(), found.tolist()):
            total[e] = total[e] + x * k
        return np.array([float(x.mid()) for x in total])


class _NeedMorePrecision(Exception):
    pass


#: Working precisions (bits): the first tried when double precision fails its check,
#: and the widest.
WIDE_START, WIDE_LIMIT = 128, 4096


def _widening(piece, rows, cols, entries, n, error, asked):
    """Run the recursion at growing precision until the check passes: ``(values, error, bits)``.

    The error of a run at ``p`` bits is about ``C 2^-p`` (``C`` grows like
    ``cond(K)^2``), so a failed run that still has digits tells the precision
    needed; one that has none doubles it.
    """
    prec, values = WIDE_START, None
    while prec <= WIDE_LIMIT:
        seconds = _wide_seconds(piece, prec)
        if seconds > WIDE_MAX_SECONDS:
            before = "" if asked else f" (within {error:.1e} in doubles)"
            raise TilingError(
                f"probabilities(): the Kasteleyn matrix of a piece of {piece.n_cells:,} cells is "
                f"too ill-conditioned for double precision{before}, and {prec}-bit arithmetic "
                f"would take about {seconds:,.0f} s; use exact=True (pieces of up to "
                f"{EXACT_MAX_CELLS:,} cells) or a smaller region"
            )
        values = _blocks(piece, rows, cols, entries, n, prec=prec)
        error = _check(values, rows, cols, n)
        if error <= SUM_TOLERANCE:
            return values, error, prec
        if (
            0 < error < 1 and SUM_TOLERANCE > 0
        ):  # some digits right: C ~ error 2^prec; aim 20 bits past the check
            need = prec + math.log2(error / SUM_TOLERANCE) + 20
            prec = max(prec + 64, 64 * math.ceil(need / 64))
        else:
            prec *= 2
    return values, error, prec // 2


def _blocks(piece, rows, cols, entries, n, prec=None):
    """``K[i, j] K^{-1}[j, i]`` on the nonzeros of K by selected inversion of ``A = K K^T``.

    The rows of K (colour-0 cells, row-major) are grouped by pairs of rows of
    cells; ``A`` joins cells at most two rows apart, so it is block
    tridiagonal in these groups.  Forward: Schur complements ``S_0 = A_00``,
    ``S_{t+1} = A_{t+1,t+1} - A_{t,t+1}^T S_t^{-1} A_{t,t+1}`` (symmetric
    positive definite).  Backward: ``G_T = S_T^{-1}``, ``G_{t,t+1} = -S_t^{-1}
    A_{t,t+1} G_{t+1}``, ``G_t = S_t^{-1} - G_{t,t+1} A_{t,t+1}^T S_t^{-1}``:
    the blocks of ``A^{-1}`` on and next to the diagonal, which hold every
    ``A^{-1}[k, i]`` with ``k, i`` next to a common cell.  Then ``K^{-1}[j, i]
    = sum_k K[k, j] A^{-1}[k, i]``.  ``prec``: a working precision in bits
    (python-flint's arb matrices) instead of doubles.
    """
    if prec is None:
        return _recursion(piece, rows, cols, entries, n, _Doubles())
    import flint

    saved = flint.ctx.prec
    flint.ctx.prec = prec
    try:
        return _recursion(piece, rows, cols, entries, n, _Wide())
    except _NeedMorePrecision:
        return np.full(len(entries), np.nan)
    finally:
        flint.ctx.prec = saved


def _recursion(piece, rows, cols, entries, n, ops):
    import scipy.sparse as sp

    from ..counting.kasteleyn import matrix

    K = sp.csr_matrix((entries, (rows, cols)), shape=(n, n))
    A = (K @ K.T).tocsr()
    _, cells0, _ = matrix(piece)
    group = cells0[:, 0] // 2
    starts = np.flatnonzero(np.r_[True, group[1:] != group[:-1]])
    bounds = np.r_[starts, n]
    T = len(starts)
    block = np.repeat(np.arange(T), np.diff(bounds))
    local = np.arange(n) - bounds[block]
    # the entries of A^{-1} wanted: (k, i) for every pair of nonzeros K[k, j], K[i, j]
    Kc = K.tocsc()
    pair_k, pair_i, pair_e, pair_coef = [], [], [], []
    counts = np.diff(Kc.indptr)
    for shift in range(int(counts.max())):  # for each edge e = (i, j): each k in column j
        e_idx = np.flatnonzero(counts[cols] > shift)
        pos = Kc.indptr[cols[e_idx]] + shift
        pair_e.append(e_idx)
        pair_k.append(Kc.indices[pos])
        pair_i.append(rows[e_idx])
        pair_coef.append(Kc.data[pos])
    pair_e = np.concatenate(pair_e)
    pair_k = np.concatenate(pair_k)
    pair_i = np.concatenate(pair_i)
    pair_coef = np.concatenate(pair_coef)
    bk, bi = block[pair_k], block[pair_i]
    if np.abs(bk - bi).max(initial=0) > 1:
        raise AssertionError("internal inconsistency: A is not block tridiagonal")
    found = np.zeros(len(pair_e), dtype=ops.found_dtype)

    def sub(t, s):
        return A[bounds[t] : bounds[t + 1], bounds[s] : bounds[s + 1]]

    inverses = []
    coupling = []
    S = ops.block(sub(0, 0))
    for t in range(T):
        inverse = ops.inv(S)
        inverses.append(inverse)
        if t + 1 < T:
            E = ops.coupling(sub(t, t + 1))
            coupling.append(E)
            S = ops.sub(ops.block(sub(t + 1, t + 1)), ops.et_times(E, ops.left(inverse, E)))
            S = ops.sym(S)
    # backward sweep, gathering the wanted entries block by block
    key = np.minimum(bk, bi)
    order_pairs = np.argsort(key, kind="stable")
    edges_at = np.r_[0, np.cumsum(np.bincount(key, minlength=T))]
    G_next = None
    for t in range(T - 1, -1, -1):
        if t == T - 1:
            G = inverses[t]
            G_off = None
        else:
            E = coupling[t]
            G_off = ops.neg(ops.mul(ops.left(inverses[t], E), G_next))  # block (t, t+1)
            G = ops.sym(ops.sub(inverses[t], ops.mul(G_off, ops.et_times(E, inverses[t]))))
        chosen = order_pairs[edges_at[t] : edges_at[t + 1]]
        k, i = pair_k[chosen], pair_i[chosen]
        same = (block[k] == t) & (block[i] == t)
        found[chosen[same]] = ops.gather(G, local[k[same]], local[i[same]])
        if G_off is not None:
            down = (block[k] == t) & (block[i] == t + 1)
            found[chosen[down]] = ops.gather(G_off, local[k[down]], local[i[down]])
            up = (block[k] == t + 1) & (block[i] == t)
            found[chosen[up]] = ops.gather(G_off, local[i[up]], local[k[up]])
            # (t+1, t+1) pairs were gathered with key t+1
        G_next = G
        inverses[t] = None  # free as we go
    return entries * ops.contract(pair_e, pair_coef, found, len(entries))


# ------------------------------------------------------------------ floats, Aztec diamonds
def aztec_probabilities(n: int, weights: Any = None) -> tuple[np.ndarray, np.ndarray]:
    """Float placement probabilities of the Aztec diamond of order ``n``, by urban renewal.

    Parameters
    ----------
    n : int
        The order: the region is ``Region.aztec_diamond(n)`` (``2n x 2n`` box).
    weights : (horizontal, vertical) arrays or (h, v), optional
        Positive weights in the layout of :mod:`tiling.model.weights`.

    Returns
    -------
    horizontal, vertical : float arrays of shapes ``(2n, 2n - 1)`` and ``(2n - 1, 2n)``

    Notes
    -----
    The ``n^2`` cells of the diamond (the 2 x 2 blocks whose top-left corner
    ``(r, c)`` has ``r + c = n + 1`` mod 2) share no domino position and
    hold all of them.  Urban renewal of every cell (Propp 2003) turns the
    weighted diamond of order ``n`` into the one of order ``n - 1`` on the
    inner cells: the domino of a cell opposite to one of weight ``x`` gets
    weight ``x / D``, where ``D = top * bottom + left * right`` for the
    cell's four weights, and the partition function is divided by the
    product of the ``D``.  Going back up, let ``p'`` be the probabilities at
    order ``n - 1`` (0 for a position not there) and ``s`` the sum of ``p'``
    over a cell's four positions; the probability of a position ``e`` of the
    cell at order ``n`` is ``p'(opposite of e) + (w_e w_opposite / D) (1 -
    s)``.  (Classify the tilings by which of the cell's four squares are
    covered from outside the cell: the unknown share in which all four are
    cancels.)  O(n^3) arithmetic operations, O(n^2) per order, vectorised;
    errors grow by one rounding per order.

    Examples
    --------
    >>> h, v = aztec_probabilities(1)
    >>> h.tolist(), v.tolist()
    ([[0.5], [0.5]], [[0.5, 0.5]])
    """
    from ..model.weights import positive_float_weights

    size = 2 * n
    if weights is None:
        wh, wv = np.ones((size, size - 1)), np.ones((size - 1, size))
    elif isinstance(weights, tuple) and all(isinstance(x, np.ndarray) for x in weights):
        wh, wv = (np.array(x, dtype=float) for x in weights)
    else:
        wh, wv = positive_float_weights(Region.aztec_diamond(n), weights, "aztec_probabilities()")
    centre = size / 2 - 0.5
    r, c = np.mgrid[0:size, 0:size]
    distance = np.abs(r - centre) + np.abs(c - centre)
    factors = []
    for k in range(n, 0, -1):
        inside = distance <= k
        corner = inside[:-1, :-1] & inside[:-1, 1:] & inside[1:, :-1] & inside[1:, 1:]
        corner &= (r[:-1, :-1] + c[:-1, :-1]) % 2 == (k + 1) % 2
        br, bc = np.nonzero(corner)
        top, bottom = wh[br, bc], wh[br + 1, bc]
        left, right = wv[br, bc], wv[br, bc + 1]
        delta = top * bottom + left * right
        factors.append((br, bc, top * bottom / delta, left * right / delta))
        if k > 1:
            new_h, new_v = np.zeros_like(wh), np.zeros_like(wv)
            new_h[br, bc], new_h[br + 1, bc] = bottom / delta, top / delta
            new_v[br, bc], new_v[br, bc + 1] = right / delta, left / delta
            scale = max(new_h.max(), new_v.max())  # one factor for every domino: same law
            wh, wv = new_h / scale, new_v / scale
    ph, pv = np.zeros((size, size - 1)), np.zeros((size - 1, size))
    for br, bc, hf, vf in reversed(factors):
        top, bottom = ph[br, bc], ph[br + 1, bc]
        left, right = pv[br, bc], pv[br, bc + 1]
        rest = 1.0 - (top + bottom + left + right)
        new_h, new_v = np.zeros_like(ph), np.zeros_like(pv)
        new_h[br, bc], new_h[br + 1, bc] = bottom + hf * rest, top + hf * rest
        new_v[br, bc], new_v[br, bc + 1] = right + vf * rest, left + vf * rest
        ph, pv = new_h, new_v
    return np.clip(ph, 0.0, 1.0), np.clip(pv, 0.0, 1.0)
