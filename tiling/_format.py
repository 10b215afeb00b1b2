"""Printing integers of any size: in full, or as their length and leading digits.

Python refuses ``str(n)`` for integers over 4300 digits (a guard against
quadratic-time conversions, see :func:`sys.set_int_max_str_digits`), and the
counts of this library routinely have more.  :func:`decimal` converts with
GMP (through python-flint) in quasi-linear time, without touching the guard.
"""

from __future__ import annotations

import sys

from ._validation import require_int

__all__ = ["decimal", "summarize", "quantity"]


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
