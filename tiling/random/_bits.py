"""Random bit planes for shuffling: fair words, and exact biased coins 64 blocks at a time."""

from __future__ import annotations

import numpy as np

__all__ = ["WORD", "fair_words", "biased_words", "periodic_words", "shift_columns"]

WORD = np.dtype("<u8")  # little-endian, so bit k of a word is byte k // 8, bit k % 8
_FULL = 2**64 - 1


def fair_words(rng, shape):
    """Uniform random 64-bit words: one fair coin per block (bit)."""
    return rng.integers(0, _FULL, size=shape, dtype=np.uint64, endpoint=True)


def biased_words(rng, empty, p):
    """Words whose bit (i, j) is 1 with probability p[i, j], for the blocks set in ``empty``.

    ``empty`` has shape (m, words, *batch); one double is drawn per empty
    block, in the order batch, i, j (so the stream does not depend on the
    buffer's width).  Used for general weights (orders up to 400).
    """
    m = empty.shape[0]
    blocks = np.ascontiguousarray(np.moveaxis(empty, (0, 1), (-2, -1)))
    bits = np.unpackbits(blocks.view(np.uint8), axis=-1, bitorder="little")
    width = bits.shape[-1]
    idx = np.flatnonzero(bits)
    if idx.size:
        j = idx % width
        i = (idx // width) % m
        vertical = rng.random(idx.size) >= p[i, j]
        bits.reshape(-1)[idx[vertical]] = 0
    words = np.packbits(bits, axis=-1, bitorder="little").view(WORD)
    return np.moveaxis(words, (-2, -1), (0, 1))


_EVEN_BITS = 0x5555555555555555  # the blocks of even column j in a word
_ODD_BITS = 0xAAAAAAAAAAAAAAAA
_ROUNDS = 10  # bits of p compared word-parallel before finishing block by block


def periodic_words(rng, empty, p):
    """Words whose bit (i, j) is 1 with probability p[i % 2, j % 2], for the blocks in ``empty``.

    Exact comparison of a uniform U = 0.u1u2u3... with p's binary expansion,
    64 blocks at a time: in round k one fair random word gives every block
    its bit u_k; a block still undecided is decided when u_k differs from
    p's k-th bit (U < p when p's bit is the 1).  After a few rounds the
    rare undecided blocks compare a double with the rest of p's expansion,
    frac(2**k p), which is exact in floating point.  About ten passes over
    the words instead of one random double per block.

    ``empty`` is a contiguous (m, words, *batch) array.
    """
    result = np.zeros_like(empty)
    undecided = empty.copy()
    p_bits = np.empty_like(empty)
    diff = np.empty_like(empty)
    frac = np.array(p, dtype=float)
    for _ in range(_ROUNDS):
        frac = frac * 2.0
        bit = frac >= 1.0
        frac = frac - bit
        # p's bit for every block: by row parity, then by column parity in the word
        for parity in (0, 1):
            word = (_EVEN_BITS if bit[parity, 0] else 0) | (_ODD_BITS if bit[parity, 1] else 0)
            p_bits[parity::2] = np.uint64(word)
        np.bitwise_xor(fair_words(rng, empty.shape), p_bits, out=diff)
        diff &= undecided  # decided in this round
        undecided ^= diff
        diff &= p_bits  # ... with u_k = 0 < p_k = 1: U < p
        result |= diff
    flat = np.flatnonzero(undecided)
    if flat.size:
        # the few blocks whose first bits all matched p's: finish with doubles
        values = undecided.reshape(-1)[flat]
        bits = np.unpackbits(values.view(np.uint8).reshape(-1, 8), axis=1, bitorder="little")
        which, bit = np.nonzero(bits)
        flat = flat[which]
        batch = int(np.prod(empty.shape[2:], dtype=np.int64))
        i = flat // (empty.shape[1] * batch)
        j = (flat // batch) % empty.shape[1] * 64 + bit
        below = rng.random(flat.size) < frac[i & 1, j & 1]
        ones = np.left_shift(np.uint64(1), bit[below].astype(np.uint64))
        np.bitwise_or.at(result.reshape(-1), flat[below], ones)
    return result


def shift_columns(x, carry):
    """Move every packed row of ``x`` one block to the right (j -> j + 1), in place.

    ``x`` is a contiguous (rows, words, *batch) array, shifted as one long
    bit string (one pass instead of one per row): no bit crosses from one row
    to the next, because before the step to order m the blocks reach only
    column m - 2 < 64 * words - 1, so the last bit of every row is 0.
    """
    flat = x.reshape(-1)
    if flat.size == 0:
        return
    step = flat.size // (x.shape[0] * x.shape[1])  # the batch size
    c = carry.reshape(-1)[: flat.size - step]
    np.right_shift(flat[:-step], 63, out=c)
    flat <<= 1
    flat[step:] |= c
