"""Printing integers of any size: in full, or as their length and leading digits.

Python refuses ``str(n)`` for integers over 4300 digits (a guard against
quadratic-time conversions, see :func:`sys.set_int_max_str_digits`), and the
counts of this library routinely have more.  :func:`decimal` converts with
GMP (through python-flint) in quasi-linear time, without touching the guard.
"""

from __future__ import annotations

import sys
from typing import Any, NamedTuple

from ._validation import require_int

__all__ = [
    "decimal",
    "summarize",
    "quantity",
    "LeadingDigits",
    "leading_digits_of",
    "leading_digits_from_log10",
]


def decimal(n: int) -> str:
    """``n`` in decimal, in full, however many digits it has.

    Parameters
    ----------
    n : int

    Returns
    -------
    str

    Notes
    -----
    GMP's subquadratic radix conversion (python-flint ``fmpz``), so a
    million-digit count converts in a fraction of a second; Python's own
    ``str`` is quadratic and refuses more than 4300 digits by default.

    Examples
    --------
    >>> decimal(12988816)
    '12988816'
    >>> len(decimal(10 ** 5000))
    5001
    """
    n = require_int(n, "n", "decimal")
    try:
        import flint
    except ImportError:  # pragma: no cover - flint is a dependency
        limit = sys.get_int_max_str_digits()
        sys.set_int_max_str_digits(0)
        try:
            return str(n)
        finally:
            sys.set_int_max_str_digits(limit)
    return str(flint.fmpz(n))


def summarize(n: int) -> str:
    """The number of digits of ``n`` and its value to 4 significant digits.

    Parameters
    ----------
    n : int

    Returns
    -------
    str
        Such as ``'1254 digits, 2.113e+1253'``; numbers of at most four
        digits are written out.

    Examples
    --------
    >>> summarize(12988816)
    '8 digits, 1.299e+7'
    >>> summarize(0)
    '1 digit, 0'
    """
    from decimal import Decimal

    text = decimal(n)
    digits = len(text.lstrip("-"))
    plural = "digit" if digits == 1 else "digits"
    if digits <= 4:
        return f"{digits} {plural}, {text}"
    return f"{digits} {plural}, {format(Decimal(text), '.3e')}"


def quantity(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` with thousands separators and ``noun`` in the right number.

    Parameters
    ----------
    n : int
    noun : str
        The singular, such as ``"cell"``.
    plural : str, optional
        The plural when it is not ``noun + "s"`` (``"neighbours"`` is regular,
        ``"dominoes"`` is not).

    Returns
    -------
    str

    Examples
    --------
    >>> quantity(1, "cell"), quantity(998999, "cell"), quantity(2, "domino", "dominoes")
    ('1 cell', '998,999 cells', '2 dominoes')
    """
    n = require_int(n, "n", "quantity")
    word = noun if n == 1 else (plural if plural is not None else noun + "s")
    return f"{n:,} {word}"


class LeadingDigits(NamedTuple):
    """The length of a (huge) count and its first digits, all of them proven.

    Attributes
    ----------
    n_digits : int
        Number of decimal digits of the count (1 for 0).
    leading : str
        Its first ``k`` digits, truncated (not rounded), or the whole count
        when it has at most ``k`` digits.

    ``str()`` gives ``'1254 digits, 2.1127...e+1253'``: the digits shown are
    exactly the proven ones, and ``...`` stands for those not computed.

    Examples
    --------
    >>> d = leading_digits_of(12988816, 4)
    >>> d
    LeadingDigits(n_digits=8, leading='1298')
    >>> str(d)
    '8 digits, 1.298...e+7'
    >>> str(leading_digits_of(208, 4))
    '3 digits, 208'
    """

    n_digits: int
    leading: str

    def __str__(self) -> str:
        plural = "digit" if self.n_digits == 1 else "digits"
        if len(self.leading) >= self.n_digits:
            return f"{self.n_digits} {plural}, {self.leading}"
        mantissa = self.leading[0] + ("." + self.leading[1:] if len(self.leading) > 1 else "")
        return f"{self.n_digits} {plural}, {mantissa}...e+{self.n_digits - 1}"


def leading_digits_of(n: int, k: int) -> LeadingDigits:
    """:class:`LeadingDigits` of a non-negative integer, exactly (GMP's radix conversion).

    Examples
    --------
    >>> leading_digits_of(10**50 + 7, 3)
    LeadingDigits(n_digits=51, leading='100')
    """
    n = require_int(n, "n", "leading_digits_of")
    text = decimal(abs(n))
    return LeadingDigits(len(text), text[:k])


def leading_digits_from_log10(
    ball: Any, k: int, *, prec: int | None = None
) -> LeadingDigits | None:
    """The digits of a positive integer ``N`` from an arb ball containing ``log10(N)``.

    Returns None when the ball is too wide to decide them: the number of
    digits is ``floor(log10 N) + 1`` and the first ``k`` digits are
    ``floor(10**(log10 N - floor(log10 N) + k - 1))``; both are proven when
    the floors agree at both ends of the ball (python-flint's ``arb`` keeps
    a rigorous radius through every operation).  A count of at most ``k``
    digits needs its exact value: the ball must then hold one integer.

    Examples
    --------
    >>> import flint
    >>> ball = flint.arb(12988816).log() / flint.arb(10).log()
    >>> leading_digits_from_log10(ball, 3)
    LeadingDigits(n_digits=8, leading='129')
    """
    import flint

    old = flint.ctx.prec
    try:
        flint.ctx.prec = max(old, prec or 0)
        exponent = ball.floor().unique_fmpz()
        if exponent is None:
            return None
        n_digits = int(exponent) + 1
        if n_digits <= k:
            value = (flint.arb(10) ** ball).unique_fmpz()
            return None if value is None else LeadingDigits(n_digits, str(int(value)))
        lead = (flint.arb(10) ** (ball - int(exponent) + (k - 1))).floor().unique_fmpz()
    finally:
        flint.ctx.prec = old
    if lead is None or len(str(int(lead))) != k:
        return None
    return LeadingDigits(n_digits, str(int(lead)))
