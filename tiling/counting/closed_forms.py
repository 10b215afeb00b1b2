"""Closed forms: the full rectangle (Kasteleyn's product) and the Aztec diamond.

Both are exact: the rectangle's product formula is evaluated as a resultant
of integer polynomials (or in ball arithmetic with a proven rounding), and
the Aztec diamond of order ``n`` has ``2**(n(n+1)/2)`` tilings.
"""

from __future__ import annotations

from .._validation import check_choice, non_negative_int, positive_int
from ..linalg.primes import balanced_product
from ..model.region import Region

__all__ = ["rectangle_count", "aztec_count", "closed_form"]


def rectangle_count(height: int, width: int, *, method: str = "resultant") -> int:
    """Number of tilings of the ``height`` x ``width`` board from Kasteleyn's product formula.

    ``T(h, w) = prod_{j<=ceil(h/2)} prod_{k<=ceil(w/2)} (a_j + b_k)`` with
    ``a_j = 4 cos^2(pi j/(h+1))`` and ``b_k = 4 cos^2(pi k/(w+1))``.

    Parameters
    ----------
    height, width : int
    method : {"resultant", "arb"}
        ``"resultant"``: exact integer algebra.  The ``a_j`` are the roots of
        the integer polynomial ``P_h`` obtained from the Chebyshev polynomial
        ``U_h(u/2)`` (roots ``2 cos(pi j/(h+1))``) by squaring the roots, so
        ``T = |Res(P_h(x), P_w(-x))|``, a resultant of integer polynomials of
        degrees ``h/2`` and ``w/2`` (python-flint ``fmpz_poly``).  No rounding
        at all.  ``"arb"``: the product in ball arithmetic (python-flint
        ``arb``) at a precision that doubles until the ball contains exactly
        one integer; the true value is an integer inside the ball, so that
        integer is the count (the rounding is proven by the ball's radius).

    Returns
    -------
    int

    Examples
    --------
    >>> rectangle_count(8, 8)
    12988816
    >>> rectangle_count(8, 8, method="arb")
    12988816
    >>> rectangle_count(3, 3)
    0
    """
    h = positive_int(height, "height", "rectangle_count")
    w = positive_int(width, "width", "rectangle_count")
    check_choice(method, ("resultant", "arb"), "method", "rectangle_count")
    if h * w % 2:
        return 0
    if method == "arb":
        return _rectangle_count_arb(h, w)
    import flint

    ph, pw = _squared_cosine_poly(h), _squared_cosine_poly(w)
    pw_neg = flint.fmpz_poly([c * (-1) ** k for k, c in enumerate(pw.coeffs())])
    return abs(int(ph.resultant(pw_neg)))


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


def _rectangle_product(h, w):
    import flint

    a = [4 * flint.arb.cos_pi_fmpq(flint.fmpq(j, h + 1)) ** 2 for j in range(1, (h + 1) // 2 + 1)]
    b = [4 * flint.arb.cos_pi_fmpq(flint.fmpq(k, w + 1)) ** 2 for k in range(1, (w + 1) // 2 + 1)]
    # a balanced product keeps the error growth small
    return balanced_product([x + y for x in a for y in b], flint.arb(1))


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
    return 1 << (n * (n + 1) // 2)


def closed_form(part: Region) -> int | None:
    """The count of a connected region from a closed form, or None when none applies."""
    cropped = part.cropped()
    if cropped.mask.all():
        return rectangle_count(*cropped.shape)
    order = part.aztec_order()
    if order is not None:
        return aztec_count(order)
    return None
