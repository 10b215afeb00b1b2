"""Word-size primes and the Chinese remainder theorem, exactly.

The multimodular determinant takes residues modulo primes just below
``2**62`` and recombines them: :func:`primes_below` lists proven primes,
:func:`crt` recombines residues into the symmetric range, and
:func:`balanced_product` multiplies many big factors in near-linear time.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import Any

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

    bits, count = int(bits), int(count)
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

    ``M`` is the product of the (distinct) primes.  Incremental Garner
    reconstruction, O(k^2) word operations for ``k`` primes.

    Examples
    --------
    >>> crt([2, 3], [5, 7])
    17
    >>> crt([5 - 1, 7 - 1], [5, 7])
    -1
    """
    x, m = 0, 1
    for r, p in zip(residues, primes):
        p = int(p)
        t = ((int(r) - x % p) * pow(m % p, -1, p)) % p
        x += m * t
        m *= p
    return x - m if 2 * x > m else x


def product(values: Iterable[Any]) -> int:
    """Product of Python ints by a balanced tree (fast for thousands of factors)."""
    return balanced_product([int(v) for v in values], 1)


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
