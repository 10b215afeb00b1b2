"""Reading a lazily carried count as a Python int in linear time (compiled with numba).

The walk back of the sampler reads one count per step, and a count of a long
strip has tens of thousands of bits: Horner's rule over the limbs is
quadratic in that, and even joining limbs pairwise costs a Python operation
per limb.  Here one compiled pass carries the limbs (each becomes a digit in
[0, 2**LIMB_BITS), the carry of a limb of magnitude below 2**62 is below
2**16) and packs the digits into little-endian bytes, which ``int.from_bytes``
reads in C: O(limbs) in all.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True, inline="always")
def _push(digit, limb_bits, acc, filled, out, j):
    """Append one digit of ``limb_bits`` bits; write out every whole byte; return the state."""
    acc |= np.uint64(digit) << np.uint64(filled)
    filled += limb_bits
    while filled >= 8:
        out[j] = np.uint8(acc & np.uint64(255))
        acc >>= np.uint64(8)
        filled -= 8
        j += 1
    return acc, filled, j


@njit(cache=True)
def _carry_and_pack(limbs, limb_bits, out):
    """Bytes of ``sum_i limbs[i] * 2**(limb_bits * i)`` into ``out``; returns (length, sign ok).

    ``out`` needs ``ceil(limb_bits * (len(limbs) + 2) / 8) + 8`` bytes.  The
    second value is False when the number is negative (the caller then takes
    the slow exact path).
    """
    mask = (np.int64(1) << limb_bits) - 1
    carry = np.int64(0)
    acc = np.uint64(0)
    filled = 0
    j = 0
    for i in range(limbs.shape[0]):
        v = limbs[i] + carry
        # the digit is in [0, 2**limb_bits) whatever the sign of v, and the
        # carry is the floor of the division: digit and carry give v back
        acc, filled, j = _push(v & mask, limb_bits, acc, filled, out, j)
        carry = v >> limb_bits
    if carry < 0:
        return 0, False
    while carry > 0:
        acc, filled, j = _push(carry & mask, limb_bits, acc, filled, out, j)
        carry >>= limb_bits
    if filled > 0:  # the last partial byte
        out[j] = np.uint8(acc & np.uint64(255))
        j += 1
    return j, True


def limbs_to_int(limbs: np.ndarray, limb_bits: int) -> int | None:
    """``sum_i limbs[i] * 2**(limb_bits * i)`` for int64 limbs below 2**62 in magnitude.

    Returns None when the number is negative (which a count never is).

    Examples
    --------
    >>> limbs_to_int(np.array([5, -1, 1], dtype=np.int64), 47) == 5 - 2**47 + 2**94
    True
    """
    limbs = np.ascontiguousarray(limbs, dtype=np.int64)
    out = np.zeros((limb_bits * (len(limbs) + 2) + 7) // 8 + 8, dtype=np.uint8)
    length, ok = _carry_and_pack(limbs, limb_bits, out)
    if not ok:
        return None
    return int.from_bytes(out[:length].tobytes(), "little")
