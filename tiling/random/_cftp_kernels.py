"""Compiled sweeps of the monotone heat-bath chain on bit boards (numba).

A tiling is held as two bit boards of shape ``(rows, words)``, 64 columns a
word: bit ``c`` of ``hb[r]`` is set when a horizontal domino has its left
cell at ``(r, c)``, bit ``c`` of ``vb[r]`` when a vertical domino has its top
cell there.  The 2 x 2 block with top-left cell ``(r, c)`` holds two
horizontal dominoes when bit ``c`` is set in ``hb[r]`` and ``hb[r + 1]``, two
vertical ones when bits ``c`` and ``c + 1`` are set in ``vb[r]``.  Blocks whose
top-left cells have the same row and column parities share no cell, so one
word operation updates 32 of them at once.

Random bits come from SplitMix64 (Steele, Lea and Flood 2014), one stream per
block of sweeps, seeded from the caller's ``numpy.random.Generator``: a block
of sweeps is replayed bit for bit from its seed, as coupling from the past
requires.
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

__all__ = ["run_sweeps", "run_sweeps_weighted", "CLASSES"]

#: The four classes of blocks, by (row parity, column parity), in the order of a sweep.
CLASSES = np.array([[0, 0], [1, 1], [0, 1], [1, 0]], dtype=np.int64)

_EVEN = uint64(0x5555555555555555)  # bits of even columns in a word
_ODD = uint64(0xAAAAAAAAAAAAAAAA)
_GAMMA = uint64(0x9E3779B97F4A7C15)
_M1 = uint64(0xBF58476D1CE4E5B9)
_M2 = uint64(0x94D049BB133111EB)


@njit(cache=True, inline="always")
def _mix(z):  # pragma: no cover
    z = (z ^ (z >> uint64(30))) * _M1
    z = (z ^ (z >> uint64(27))) * _M2
    return z ^ (z >> uint64(31))


@njit(cache=True, inline="always")
def _set_word(hb, vb, r, i, nw, mask, target_h):  # pragma: no cover
    """Set every flippable block of word ``i`` of row ``r`` (in ``mask``) to its coin's orientation.

    ``target_h`` has a 1 for each block that should hold the horizontal pair.
    """
    one, top_bit = uint64(1), uint64(63)
    nxt = vb[r, i + 1] if i + 1 < nw else uint64(0)
    vertical = vb[r, i] & ((vb[r, i] >> one) | (nxt << top_bit))
    horizontal = hb[r, i] & hb[r + 1, i]
    to_h = vertical & target_h & mask
    to_v = horizontal & ~target_h & mask
    hb[r, i] = (hb[r, i] & ~to_v) | to_h
    hb[r + 1, i] = (hb[r + 1, i] & ~to_v) | to_h
    vb[r, i] = (vb[r, i] & ~(to_h | (to_h << one))) | to_v | (to_v << one)
    if i + 1 < nw:  # a block in the word's last column reaches into the next word
        vb[r, i + 1] = (vb[r, i + 1] & ~(to_h >> top_bit)) | (to_v >> top_bit)


@njit(cache=True, inline="always")
def _bit(board, r, c):  # pragma: no cover
    return (board[r, c >> 6] >> uint64(c & 63)) & uint64(1)


@njit(cache=True)
def _hole_move(hb, vb, start, stop, kind, row, col, want, up):  # pragma: no cover
    """Raise (``up``) or lower one hole's border by 4 if every domino around it allows it.

    Entries ``start:stop`` list the dominoes that straddle the edges leaving
    the hole's border: ``kind`` 0 for ``hb``, 1 for ``vb``; raising needs each
    present exactly where ``want`` is 1, lowering exactly where it is 0, and
    the move toggles them all (the ring of dominoes around the hole turns).
    """
    for e in range(start, stop):
        board = hb if kind[e] == 0 else vb
        present = _bit(board, row[e], col[e])
        if (present == uint64(1)) != ((want[e] == 1) == up):
            return
    for e in range(start, stop):
        board = hb if kind[e] == 0 else vb
        board[row[e], col[e] >> 6] ^= uint64(1) << uint64(col[e] & 63)


@njit(cache=True)
def run_sweeps(hb, vb, seed, n_sweeps, hole_start, kind, row, col, want):  # pragma: no cover
    """``n_sweeps`` sweeps of one chain, with the random bits of ``seed``.

    A sweep updates the four classes of blocks in turn (every flippable
    block set to horizontal or vertical by its coin: the coin's 1 means the
    orientation with the higher height at the block's centre), then each
    hole (raised on a coin's 1 when it can be, lowered on a 0).  Coupled
    chains are run one after the other from the same seed: they read the
    same coins at the same times, which makes the coupling monotone (and is
    several times faster than interleaving them, which keeps the compiler
    from holding either in registers).
    """
    rows, nw = hb.shape
    state = uint64(seed)
    one = uint64(1)
    for _ in range(n_sweeps):
        for k in range(4):
            a, b = CLASSES[k, 0], CLASSES[k, 1]
            mask = _EVEN if b == 0 else _ODD
            # the higher orientation is horizontal where r + c is even
            flip_coin = (a + b) % 2 == 1
            for r in range(a, rows - 1, 2):
                for i in range(nw):
                    state += _GAMMA
                    coin = _mix(state)
                    target_h = ~coin if flip_coin else coin
                    _set_word(hb, vb, r, i, nw, mask, target_h)
        for h in range(hole_start.size - 1):
            state += _GAMMA
            up = (_mix(state) & one) == one
            _hole_move(hb, vb, hole_start[h], hole_start[h + 1], kind, row, col, want, up)
    return state


@njit(cache=True)
def _biased_coins(state, planes, r, i, mask):  # pragma: no cover
    """Coins with the probabilities in ``planes[r, i]``, one per block of the word, and the new state.

    ``planes[r, i, k]`` holds bit ``k`` (from the most significant) of each
    block's 64-bit threshold ``T``: the coin is 1 when a uniform 64-bit ``U``
    is below ``T``.  ``U`` is drawn a bit at a time for all the blocks of the
    word together, and a block is decided at the first bit where ``U`` and
    ``T`` differ: two rounds on average, 64 at most (``U == T``: a 0).
    """
    undecided = mask
    coins = uint64(0)
    for k in range(64):
        state += _GAMMA
        bits = _mix(state)
        threshold = planes[r, i, k]
        below = undecided & ~bits & threshold
        above = undecided & bits & ~threshold
        coins |= below
        undecided &= ~(below | above)
        if undecided == uint64(0):
            break
    return coins, state


@njit(cache=True)
def run_sweeps_weighted(  # pragma: no cover
    hb, vb, seed, n_sweeps, planes, hole_start, kind, row, col, want, hole_threshold
):
    """As :func:`run_sweeps`, with a biased coin per block and per hole.

    Block ``(r, c)`` becomes horizontal when its uniform ``U`` is below its
    threshold (the horizontal pair's weight over the sum of both pairs',
    times ``2**64``); hole ``h`` turns up when its ``U`` is below
    ``hole_threshold[h]``.  The coins depend on the seed and the thresholds
    only, never on the chain, so chains run from one seed are coupled.
    """
    rows, nw = hb.shape
    state = uint64(seed)
    for _ in range(n_sweeps):
        for k in range(4):
            a, b = CLASSES[k, 0], CLASSES[k, 1]
            mask = _EVEN if b == 0 else _ODD
            for r in range(a, rows - 1, 2):
                for i in range(nw):
                    target_h, state = _biased_coins(state, planes, r, i, mask)
                    _set_word(hb, vb, r, i, nw, mask, target_h)
        for h in range(hole_start.size - 1):
            state += _GAMMA
            up = _mix(state) < hole_threshold[h]
            _hole_move(hb, vb, hole_start[h], hole_start[h + 1], kind, row, col, want, up)
    return state
