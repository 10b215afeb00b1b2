"""Word-size primes and the Chinese remainder theorem, exactly.

The multimodular determinant takes residues modulo primes just below
``2**62`` and recombines them: :func:`primes_below` lists proven primes,
:func:`crt` recombines residues into the symmetric range, and
:func:`balanced_product` multiplies many big factors in near-linear time.
"""

from __future__ import annotations

import math
import numbers
import threading
from collections.abc import Iterable
from typing import Any

import numpy as np

from .._validation import shown
from .errors import LinalgError

__all__ = ["primes_below", "crt", "balanced_product", "product"]

_PRIME_CACHE = {}
_PRIME_LOCK = threading.Lock()


def primes_below(bits: int, count: int) -> list[int]:
    """The ``count`` largest primes below ``2**bits``, in decreasing order.

    Primality is proven: python-flint's ``fmpz.is_prime`` is deterministic
    below 2^64 (BPSW has no counterexample there, verified exhaustively).

    Parameters
    ----------
    bits : int
        2 <= bits <= 63.
    count : int

    Returns
    -------
    list of int

    Examples
    --------
    >>> primes_below(5, 3)
    [31, 29, 23]
    """
    import flint

    bits = _integer(bits, "bits", "primes_below")
    count = _integer(count, "count", "primes_below")
    if not 2 <= bits <= 63:
        raise LinalgError(f"prime size must be between 2 and 63 bits, got {bits}")
    if count < 0:
        raise LinalgError(f"the number of primes must be non-negative, got {count}")
    # The cache is shared by every thread that computes determinants: extend
    # it under a lock, so it never holds a prime twice or out of order.
    with _PRIME_LOCK:
        cached = _PRIME_CACHE.setdefault(bits, [])
        candidate = cached[-1] - 1 if cached else (1 << bits) - 1
        while len(cached) < count:
            if candidate < 2:
                raise LinalgError(f"there are fewer than {count} primes below 2**{bits}")
            if flint.fmpz(candidate).is_prime():
                cached.append(candidate)
            candidate -= 1
        return cached[:count]


def crt(residues: Iterable[int], primes: Iterable[int]) -> int:
    """The integer ``x`` with ``|x| <= M/2``, ``x = residues[i] mod primes[i]``.

    ``M`` is the product of the moduli, which must be pairwise coprime (any
    integers >= 2, not only primes).  Incremental Garner reconstruction,
    O(k^2) word operations for ``k`` moduli.  TypeError for entries that are
    not ints, LinalgError for unequal lengths or moduli sharing a factor.

    Examples
    --------
    >>> crt([2, 3], [5, 7])
    17
    >>> crt([5 - 1, 7 - 1], [5, 7])
    -1
    """
    residues = _integers(residues, "residues")
    moduli = _integers(primes, "primes")
    if len(residues) != len(moduli):
        raise LinalgError(
            f"crt(): {len(residues)} residues for {len(moduli)} moduli; give one residue per modulus"
        )
    x, m = 0, 1
    for k, (r, p) in enumerate(zip(residues, moduli)):
        if p < 2:
            raise LinalgError(f"crt(): moduli must be at least 2, got {p}")
        if math.gcd(m, p) != 1:
            other = next(q for q in moduli[:k] if math.gcd(q, p) != 1)
            raise LinalgError(f"crt(): moduli {other} and {p} are not coprime")
        t = ((r - x % p) * pow(m % p, -1, p)) % p
        x += m * t
        m *= p
    return x - m if 2 * x > m else x


def _integer(value: Any, name: str, who: str) -> int:
    """``value`` as an int: TypeError for bools, floats (even 5.0, inf, nan), None, strings."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise TypeError(
            f"{who}(): {name} must be an int, not {type(value).__name__} {shown(value)}"
        )
    return int(value)


def _integers(values: Any, name: str) -> list[int]:
    """A sequence of integers as a list of Python ints (TypeError naming the first bad one)."""
    if isinstance(values, (str, bytes)):
        raise TypeError(f"crt(): {name} must be a sequence of ints, not {type(values).__name__}")
    try:
        items = list(values)
    except TypeError:
        raise TypeError(
            f"crt(): {name} must be a sequence of ints, not {type(values).__name__}"
        ) from None
    return [_integer(v, f"each of {name}", "crt") for v in items]


def product(values: Iterable[Any]) -> int:
    """Product of Python ints by a balanced tree (fast for thousands of factors)."""
    if isinstance(values, (str, bytes)):
        raise TypeError(
            f"product(): values must be a sequence of ints, not {type(values).__name__}"
        )
    try:
        items = list(values)
    except TypeError:
        raise TypeError(
            f"product(): values must be a sequence of ints, not {type(values).__name__}"
        ) from None
    return balanced_product([_integer(v, "each value", "product") for v in items], 1)


def balanced_product(values: Iterable[Any], one: Any) -> Any:
    """Product of ``values`` (any multiplicable type) by a balanced tree; ``one`` if empty.

    Pairing neighbours keeps the factors of similar size, so big-integer
    products cost a near-linear number of bit operations instead of
    quadratic, and ball products accumulate less error.
    """
    values = list(values)
    if not values:
        return one
    while len(values) > 1:
        nxt = [values[i] * values[i + 1] for i in range(0, len(values) - 1, 2)]
        if len(values) % 2:
            nxt.append(values[-1])
        values = nxt
    return values[0]
