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
precision doubles; pieces without a closed form are counted exactly.
"""

from __future__ import annotations

from typing import Any

from ._format import LeadingDigits, leading_digits_from_log10, leading_digits_of

__all__ = ["leading_digits"]

#: Highest working precision (bits) of the logarithms before the count is computed exactly.
MAX_PREC = 1 << 16


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
    closed, exact = [], 1
    for piece, uses in distinct_pieces(region):
        shape = _shape(piece)
        if shape is None:
            value = _api._count_auto(piece, progress, executor)
            if value == 0:
                return LeadingDigits(1, "0")
            exact *= value**uses
        elif shape[0] == "rectangle" and shape[1][0] * shape[1][1] % 2:
            return LeadingDigits(1, "0")  # an odd board
        else:
            closed.append((shape, uses, piece))
    if not closed:
        return leading_digits_of(exact, k)
    prec = 64 + 4 * k + (exact.bit_length() + 1).bit_length()
    prec += max(uses * _size(shape) for shape, uses, _ in closed).bit_length()
    while prec <= MAX_PREC:
        digits = leading_digits_from_log10(_log10(closed, exact, prec), k, prec=prec)
        if digits is not None:
            return digits
        prec *= 2
    # the count sits too close to a carry for any reasonable precision: count it
    for _, uses, piece in closed:
        exact *= closed_form(piece) ** uses
    return leading_digits_of(exact, k)


def _shape(piece):
    from .counting.closed_forms import _closed_shape

    return _closed_shape(piece)


def _size(shape):
    kind, size = shape
    return size * size if kind == "aztec" else size[0] * size[1]


def _log10(closed, exact, prec):
    """log10 of ``exact`` times the closed-form counts (each to its power), as a ball."""
    import flint

    from .counting.closed_forms import rectangle_log10

    old = flint.ctx.prec
    try:
        flint.ctx.prec = prec
        ten = flint.arb(10).log()
        total = flint.arb(exact).log() / ten
        for (kind, size), uses, _ in closed:
            if kind == "aztec":
                total += uses * (size * (size + 1) // 2) * (flint.arb(2).log() / ten)
            else:
                total += uses * rectangle_log10(size[0], size[1], prec)
        return total
    finally:
        flint.ctx.prec = old
