"""``count(region, digits=k)``: the length of a count and its first digits, proven.

Closed forms need not be evaluated in full: the number of tilings of an
``h x w`` board is a product of ``ceil(min(h, w) / 2)`` factors, each in
closed form (:func:`tiling.counting.closed_forms.rectangle_log10`), so the
logarithm of the count costs O(min(h, w)) operations at a precision of a
few dozen bits more than the digits asked for; an Aztec diamond's count is
a power of two.  The logarithms are python-flint ``arb`` balls, whose
radius bounds every rounding made, so when both ends of the ball give the
same digits, those are the count's digits: a proof, not an estimate.  When
the ball is too wide (the count's digits sit very close to a carry), the
precision doubles.

Pieces without a closed form are counted exactly when that is cheap (Kasteleyn's
cost estimate under :data:`PROVEN_MIN_SECONDS`).  Otherwise their logarithm is
enclosed by a double-double factorization of ``K K^T`` (``K`` the Kasteleyn
matrix, ``det K K^T`` the count squared) with a proven error bound
(:mod:`tiling.linalg._logdet`): about ``1e-9`` wide for a million cells, so
eight or nine digits are proven at once.  A piece whose enclosure cannot be
proven (too ill-conditioned) or is too wide for the digits asked is counted
exactly, so the answer is always proven.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ._format import LeadingDigits, leading_digits_from_log10, leading_digits_of

__all__ = ["leading_digits"]

#: Highest working precision (bits) of the logarithms before the count is computed exactly.
MAX_PREC = 1 << 16
#: Pieces whose exact count is predicted to take longer than this get a proven enclosure.
PROVEN_MIN_SECONDS = 1.0


def leading_digits(
    region: Any, k: int, method: Any = None, *, progress: bool = False, executor: Any = None
) -> LeadingDigits:
    """The :class:`LeadingDigits` of the number of tilings of ``region`` (see :func:`tiling.count`).

    ``method`` is a registry method to count with (the digits then come
    from the exact count), or None for the closed forms where they apply.
    """
    from . import _api
    from .counting.closed_forms import closed_form
    from .counting.kasteleyn import distinct_pieces

    if method is not None:
        return leading_digits_of(_api._run(method, region, progress=progress, executor=executor), k)
    if region.trivially_untileable():
        return LeadingDigits(1, "0")
    closed, exact, enclosed = [], 1, []
    for piece, uses in distinct_pieces(region):
        shape = _shape(piece)
        if shape is None:
            ball = log_count_enclosure(piece) if _enclosure_pays(piece) else None
            if ball is None:
                value = _api._count_auto(piece, progress, executor)
                if value == 0:
                    return LeadingDigits(1, "0")
                exact *= value**uses
            elif isinstance(ball, str):  # "untileable"
                return LeadingDigits(1, "0")
            else:
                enclosed.append((ball, uses, piece))
        elif shape[0] == "rectangle" and shape[1][0] * shape[1][1] % 2:
            return LeadingDigits(1, "0")  # an odd board
        else:
            closed.append((shape, uses, piece))
    if enclosed:
        digits = _digits(closed, exact, enclosed, k)
        if digits is not None:
            return digits
        # the enclosures are too wide for these digits: count those pieces exactly
        for _, uses, piece in enclosed:
            exact *= _api._count_auto(piece, progress, executor) ** uses
    if not closed:
        return leading_digits_of(exact, k)
    digits = _digits(closed, exact, [], k)
    if digits is not None:
        return digits
    # the count sits too close to a carry for any reasonable precision: count it
    for _, uses, piece in closed:
        exact *= closed_form(piece) ** uses
    return leading_digits_of(exact, k)


def _digits(closed, exact, enclosed, k):
    """The digits from the closed forms' and enclosures' logarithms, or None when undecided."""
    prec = 64 + 4 * k + (exact.bit_length() + 1).bit_length()
    sizes = [uses * _size(shape) for shape, uses, _ in closed]
    sizes += [uses * piece.n_cells for _, uses, piece in enclosed]
    prec += max(sizes).bit_length()
    while prec <= MAX_PREC:
        digits = leading_digits_from_log10(_log10(closed, exact, enclosed, prec), k, prec=prec)
        if digits is not None or enclosed:
            return digits  # an enclosure's width does not shrink with the precision
        prec *= 2
    return None


def _enclosure_pays(piece):
    from .counting.kasteleyn import estimated_seconds

    return estimated_seconds(piece) > PROVEN_MIN_SECONDS


def log_count_enclosure(piece):
    """An ``arb`` ball holding the natural log of ``piece``'s count, ``"untileable"``, or None.

    None when the enclosure cannot be proven (the caller then counts
    exactly); ``piece`` is one connected region.
    """
    import flint
    import scipy.sparse as sp

    from .counting.kasteleyn import matrix, tiling_pairing
    from .linalg._logdet import PREC, LogDetFailure, proven_log_det

    K, cells0, cells1 = matrix(piece)
    if len(cells0) != len(cells1) or tiling_pairing(piece, cells0, cells1) is None:
        return "untileable"
    K = sp.csr_matrix(K, dtype=np.int64)
    try:
        log_det = proven_log_det((K @ K.T).tocsr())
    except LogDetFailure:
        return None
    old = flint.ctx.prec
    try:
        flint.ctx.prec = max(old, PREC)  # halving is exact when the midpoint keeps its bits
        return log_det / 2
    finally:
        flint.ctx.prec = old


def _shape(piece):
    from .counting.closed_forms import _closed_shape

    return _closed_shape(piece)


def _size(shape):
    kind, size = shape
    return size * size if kind == "aztec" else size[0] * size[1]


def _log10(closed, exact, enclosed, prec):
    """log10 of ``exact`` times the closed-form counts and enclosed pieces (to their powers)."""
    import flint

    from .counting.closed_forms import rectangle_log10

    old = flint.ctx.prec
    try:
        flint.ctx.prec = prec
        ten = flint.arb(10).log()
        total = flint.arb(exact).log() / ten
        for ball, uses, _ in enclosed:
            total += uses * ball / ten
        for (kind, size), uses, _ in closed:
            if kind == "aztec":
                total += uses * (size * (size + 1) // 2) * (flint.arb(2).log() / ten)
            else:
                total += uses * rectangle_log10(size[0], size[1], prec)
        return total
    finally:
        flint.ctx.prec = old
