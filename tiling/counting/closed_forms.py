"""Closed forms: the full rectangle (Kasteleyn's product) and the Aztec diamond.

Both are exact: the rectangle's product formula is evaluated as a resultant
of integer polynomials (or in ball arithmetic with a proven rounding), and
the Aztec diamond of order ``n`` has ``2**(n(n+1)/2)`` tilings.
"""

from __future__ import annotations

import math
from typing import Any

from .._validation import check_choice, non_negative_int, positive_int
from ..linalg.primes import balanced_product
from ..model.region import Region, require_region

__all__ = [
    "rectangle_count",
    "rectangle_seconds",
    "rectangle_log10",
    "aztec_count",
    "closed_form",
    "closed_form_seconds",
    "closed_shape_count",
    "closed_shape_seconds",
]


def rectangle_count(height: int, width: int, *, method: str = "auto") -> int:
    """Number of tilings of the ``height`` x ``width`` board from Kasteleyn's product formula.

    ``T(h, w) = prod_{j<=ceil(h/2)} prod_{k<=ceil(w/2)} (a_j + b_k)`` with
    ``a_j = 4 cos^2(pi j/(h+1))`` and ``b_k = 4 cos^2(pi k/(w+1))``.

    Parameters
    ----------
    height, width : int
    method : {"auto", "resultant", "arb"}
        ``"resultant"``: exact integer algebra.  The ``a_j`` are the roots of
        the integer polynomial ``P_h`` obtained from the Chebyshev polynomial
        ``U_h(u/2)`` (roots ``2 cos(pi j/(h+1))``) by squaring the roots, so
        ``T = |Res(P_h(x), P_w(-x))|``, a resultant of integer polynomials of
        degrees ``h/2`` and ``w/2`` (python-flint ``fmpz_poly``).  No rounding
        at all; fast for squarish boards, but its polynomials hold about
        ``max(h, w)**2 / 2`` bits.  ``"arb"``: the inner product over ``k``
        in closed form (below), so ``ceil(min(h, w) / 2)`` factors evaluated
        in ball arithmetic (python-flint ``arb``) at a precision that doubles
        until the ball contains exactly one integer; the true value is an
        integer inside the ball, so that integer is the count (the rounding is
        proven by the ball's radius).  Fast for long narrow boards.
        ``"auto"``: the one with the lower predicted time
        (:func:`rectangle_seconds`).

    Returns
    -------
    int

    Raises
    ------
    TooLargeError
        when the chosen method would need more than
        :data:`tiling.counting.transfer.MEMORY_BUDGET` bytes (checked before
        anything is allocated: flint aborts the process when it runs out).

    Notes
    -----
    For fixed ``a = 4 sinh(t)^2``, the Chebyshev factorisation
    ``U_w(x) = 2^w prod_k (x - cos(k pi/(w+1)))`` evaluated at ``x = i sinh t``
    gives ``prod_{k<=w/2} (a + b_k) = cosh((w+1)t) / cosh t`` for even ``w``
    and ``prod_{k<=(w+1)/2} (a + b_k) = a sinh((w+1)t) / sinh 2t`` for odd
    ``w``; here ``sinh t_j = cos(pi j/(h+1))``.

    Examples
    --------
    >>> rectangle_count(8, 8)
    12988816
    >>> rectangle_count(8, 8, method="arb")
    12988816
    >>> rectangle_count(8, 8, method="resultant")
    12988816
    >>> rectangle_count(3, 3)
    0
    """
    h = positive_int(height, "height", "rectangle_count")
    w = positive_int(width, "width", "rectangle_count")
    check_choice(method, ("auto", "resultant", "arb"), "method", "rectangle_count")
    if h * w % 2:
        return 0
    if method == "auto":
        method = "arb" if _arb_seconds(h, w) < _resultant_seconds(h, w) else "resultant"
    _check_memory(method, h, w)
    if method == "arb":
        return _rectangle_count_arb(h, w)
    import flint

    ph, pw = _squared_cosine_poly(h), _squared_cosine_poly(w)
    pw_neg = flint.fmpz_poly([c * (-1) ** k for k, c in enumerate(pw.coeffs())])
    return abs(int(ph.resultant(pw_neg)))


def rectangle_seconds(height: int, width: int) -> float:
    """Predicted time of :func:`rectangle_count` (``"auto"``), in seconds; inf if over memory.

    Models fitted on the development machine: the resultant grows like
    ``max(h, w)**2.35`` (its Chebyshev polynomials) plus ``(h w)**2`` (the
    resultant itself); the ball product costs ``ceil(min / 2)`` factors at
    ``0.43 h w`` bits, each about ``(bits / 172000)**1.56 * 0.09`` s.

    Examples
    --------
    >>> rectangle_seconds(8, 8) < 0.01
    True
    """
    height, width = (
        positive_int(height, "height", "rectangle_seconds"),
        positive_int(width, "width"),
    )
    h, w = int(height), int(width)
    if h * w % 2:
        return 1e-5
    best = math.inf
    for method, seconds in (("arb", _arb_seconds(h, w)), ("resultant", _resultant_seconds(h, w))):
        if _memory(method, h, w) <= _budget():
            best = min(best, seconds)
    return best


def _resultant_seconds(h, w):
    return 1e-4 + 6.4e-10 * max(h, w) ** 2.35 + 8e-12 * float(h * w) ** 2


def _arb_seconds(h, w):
    bits = 0.43 * h * w + 64
    return 1e-4 + (min(h, w) + 1) // 2 * 0.09 * (bits / 172000.0) ** 1.56


def _memory(method, h, w):
    """Bytes the method holds at its peak (estimated from the sizes of its numbers)."""
    if method == "resultant":
        m = max(h, w)
        return 8 * m * m // 16 + 64 * h * w  # Chebyshev coefficients, products, the answer
    return 16 * (0.43 * h * w + 64) // 8 * 8  # a few balls of the answer's size


def _budget():
    from .transfer._budget import MEMORY_BUDGET

    return MEMORY_BUDGET


def _check_memory(method, h, w):
    need = _memory(method, h, w)
    if need > _budget():
        from ..errors import TooLargeError

        raise TooLargeError(
            f"rectangle_count({h}, {w}, method={method!r}) would need about "
            f"{need / 2**30:.3g} GiB (budget {_budget() / 2**30:.3g} GiB); "
            + ("use method='arb'" if method == "resultant" else "the board is too large")
        )


def _squared_cosine_poly(m):
    """The monic integer polynomial with roots 4 cos^2(pi j/(m+1)), j = 1..ceil(m/2)."""
    import flint

    # U_m(u/2) is monic with integer coefficients and roots 2 cos(pi j/(m+1)), j = 1..m
    cheb = [int(c) for c in flint.fmpz_poly.chebyshev_u(m).coeffs()]
    v = [c >> k for k, c in enumerate(cheb)]  # c_k is divisible by 2^k
    v_neg = [c * (-1) ** k for k, c in enumerate(v)]
    # (-1)^m V(u) V(-u) = prod_j (u^2 - u_j^2): an even polynomial; write it in x = u^2
    even = (flint.fmpz_poly(v) * flint.fmpz_poly(v_neg) * (-1) ** m).coeffs()[::2]
    # roots u_j^2 = u_{m+1-j}^2 come in pairs, except 0 (j = (m+1)/2) when m is odd
    if m % 2:
        even = even[1:]
    half = flint.fmpz_poly(even).sqrt()
    if half is None:  # cannot happen: the roots pair up
        raise AssertionError("squared cosine polynomial is not a square")
    return half * flint.fmpz_poly([0, 1]) if m % 2 else half


def _rectangle_count_arb(h, w):
    import flint

    # log2 of the count is below G/(pi ln 2) h w = 0.4207 h w (Kasteleyn), plus guard bits
    prec = int(0.43 * h * w) + 2 * (h * w).bit_length() + 64
    old = flint.ctx.prec
    try:
        while True:
            flint.ctx.prec = prec
            value = _rectangle_product(h, w)
            exact_value = value.unique_fmpz()
            if exact_value is not None:
                return int(exact_value)
            prec *= 2
    finally:
        flint.ctx.prec = old


def _rectangle_factors(h, w):
    """The ``ceil(min(h, w) / 2)`` factors of the count, as arb balls at the current precision."""
    import flint

    if h > w:
        h, w = w, h
    out = []
    for j in range(1, (h + 1) // 2 + 1):
        c = flint.arb.cos_pi_fmpq(flint.fmpq(j, h + 1))  # sinh t_j
        if w % 2 == 0:
            t = c.asinh()
            out.append(((w + 1) * t).cosh() / t.cosh())
        elif 2 * j == h + 1:  # cos = 0: the factor a_j = 0 (an odd board)
            out.append(flint.arb(0))
        else:
            t = c.asinh()
            out.append(4 * c * c * ((w + 1) * t).sinh() / (2 * t).sinh())
    return out


def _rectangle_product(h, w):
    import flint

    # a balanced product keeps the error growth small
    return balanced_product(_rectangle_factors(h, w), flint.arb(1))


def rectangle_log10(height: int, width: int, prec: int) -> Any:
    """``log10`` of the number of tilings of the board, as an arb ball at ``prec`` bits.

    ``None`` when the board has no tiling (both sides odd).  O(min(h, w))
    ball operations at ``prec`` bits, whatever the size of the count: the
    route to its leading digits.

    Examples
    --------
    >>> import flint
    >>> ball = rectangle_log10(8, 8, 64)
    >>> ball.overlaps(flint.arb(12988816).log() / flint.arb(10).log())
    True
    """
    import flint

    h, w = positive_int(height, "height", "rectangle_log10"), positive_int(width, "width")
    prec = positive_int(prec, "prec", "rectangle_log10")
    if min(h, w) > 2**24 or prec > 2**24:  # input check (issue 21): bounded ball work
        from ..errors import TooLargeError

        raise TooLargeError(
            f"rectangle_log10(): a {h} x {w} board at {prec} bits is over the limit of "
            f"{2**24} for the shorter side and the precision"
        )
    if h * w % 2:
        return None
    old = flint.ctx.prec
    try:
        flint.ctx.prec = prec
        logs = [f.log() for f in _rectangle_factors(h, w)]
        return sum(logs, flint.arb(0)) / flint.arb(10).log()
    finally:
        flint.ctx.prec = old


def aztec_count(n: int) -> int:
    """Number of domino tilings of the Aztec diamond of order ``n``: ``2**(n(n+1)/2)``.

    Parameters
    ----------
    n : int
        The order, ``n >= 0`` (order 0 is the empty diamond, with one tiling).

    Returns
    -------
    int

    Notes
    -----
    The closed form of Elkies, Kuperberg, Larsen and Propp (1992); domino
    shuffling is a bijective proof of it: each step from order ``m - 1`` to
    ``m`` makes exactly ``m`` more binary choices than it destroys.  O(1)
    arithmetic on an int of ``n(n+1)/2`` bits.

    Examples
    --------
    >>> [aztec_count(n) for n in range(5)]
    [1, 2, 8, 64, 1024]
    """
    n = non_negative_int(n, "the order", "aztec_count")
    bits = n * (n + 1) // 2
    if bits > MAX_AZTEC_BITS:  # checked before the int is built (2**70 would overflow)
        from ..errors import TooLargeError

        raise TooLargeError(
            f"aztec_count(): the count for order {n} has {bits} bits ({bits / 2**33:.3g} GiB), "
            f"over the limit of {MAX_AZTEC_BITS} bits; count(region, digits=k) gives its "
            "leading digits"
        )
    return 1 << bits


#: Largest count aztec_count builds: 2**33 bits (1 GiB), order about 131,000.
MAX_AZTEC_BITS = 2**33


def closed_form(part: Region) -> int | None:
    """The count of a connected region from a closed form, or None when none applies.

    Raises TooLargeError (before allocating) for a rectangle too large for
    any closed-form method; :func:`closed_form_seconds` predicts that.
    """
    require_region(part, "closed_form")
    shape = _closed_shape(part)
    return None if shape is None else closed_shape_count(shape)


def closed_form_seconds(part: Region) -> float | None:
    """Predicted seconds of :func:`closed_form` on ``part``; None when no closed form applies."""
    shape = _closed_shape(require_region(part, "closed_form_seconds"))
    return None if shape is None else closed_shape_seconds(shape)


def closed_shape_count(shape: tuple) -> int:
    """The count of a shape from :func:`_closed_shape`: ``("rectangle", (h, w))`` or ``("aztec", n)``."""
    kind, size = _check_shape(shape, "closed_shape_count")
    return aztec_count(size) if kind == "aztec" else rectangle_count(*size)


def closed_shape_seconds(shape: tuple) -> float:
    """Predicted seconds of :func:`closed_shape_count` (inf: over the memory budget)."""
    kind, size = _check_shape(shape, "closed_shape_seconds")
    if kind == "aztec":
        return 1e-5 + size * size / 2 / 8 / 2e9  # writing 2**(n(n+1)/2)
    return rectangle_seconds(*size)


def _check_shape(shape, who):
    """``shape`` if it is ``("rectangle", (h, w))`` or ``("aztec", n)``, else a TypeError."""
    ok = isinstance(shape, tuple) and len(shape) == 2
    if ok and shape[0] == "aztec":
        return "aztec", positive_int(shape[1], "order", who)
    if ok and shape[0] == "rectangle" and isinstance(shape[1], tuple) and len(shape[1]) == 2:
        return "rectangle", (
            positive_int(shape[1][0], "height", who),
            positive_int(shape[1][1], "width", who),
        )
    raise TypeError(f"{who}(): shape must be ('rectangle', (h, w)) or ('aztec', n)")


def _closed_shape(part):
    """``("rectangle", (h, w))`` or ``("aztec", n)`` for a connected region, else None."""
    cropped = part.cropped()
    if cropped.mask.all():
        return "rectangle", cropped.shape
    order = part.aztec_order()
    if order is not None:
        return "aztec", order
    return None
