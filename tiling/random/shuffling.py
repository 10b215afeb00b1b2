"""Aztec diamonds: exact random tilings by domino shuffling, weights, the arctic curve.

The Aztec diamond of order ``n`` (:meth:`Region.aztec_diamond`) has
``2**(n(n+1)/2)`` tilings (Elkies, Kuperberg, Larsen and Propp 1992).  Domino
shuffling grows an exactly uniform random tiling of order ``n`` from the empty
tiling of order 0 in ``n`` steps, each of three moves:

1. destroy the *bad blocks*: pairs of dominoes about to collide;
2. slide every domino one cell in its direction (N up, S down, W left, E right);
3. fill the empty 2 x 2 blocks of the new order's block lattice with a pair of
   horizontal dominoes or a pair of vertical ones, each with probability 1/2.

How the state is stored (the reason this module is fast)
--------------------------------------------------------
The *blocks* of order ``m`` are the ``m**2`` 2 x 2 windows of the diamond whose
top-left cell has the colour of the diamond's top cell.  In a tiling of
order ``m`` every domino lies in exactly one block, on the side named by its
class: an N domino is the top row of its block, S the bottom row, W the left
column, E the right column.  Index the blocks by ``(i, j)`` in ``range(m)**2``:
block ``(i, j)`` has top-left cell ``(i + j, i - j + m - 1)``.  A tiling is
then four ``m x m`` boolean arrays (is there an N/S/W/E domino in block
``(i, j)``?), and one shuffling step from order ``m - 1`` to ``m`` is:

* every domino lands in the block ``(i, j)`` (N), ``(i + 1, j + 1)`` (S),
  ``(i, j + 1)`` (W) or ``(i + 1, j)`` (E) of order ``m``;
* a block that receives both an N and an S domino, or both a W and an E, held
  a bad block: those two are destroyed (deletion and sliding commute here);
* the blocks that receive no domino are exactly the 2 x 2 blocks the holes
  split into, and each gets a new pair.  A block emptied by destruction is
  not refilled, even when its four cells are free (its four diagonal
  neighbours are then holes, and the holes already cover its cells): the
  tempting rule "fill every empty window of the lattice" overlaps dominoes
  from order 3 on.  Counting confirms nothing else needs filling: ``m + b``
  blocks receive nothing when ``b`` bad blocks are destroyed, and order ``m``
  has ``2m`` dominoes more than order ``m - 1``, so it needs ``m + b`` new
  pairs.

Each array moves by a whole index step per order, so it is kept in a frame
that moves with it (the S and E arrays' rows are offset by ``n - m``), and the
column shift of the S and W arrays is one bit shift: each row of blocks is
packed 64 to a 64-bit word.  A step is then about twenty in-place numpy
operations, each one contiguous pass over ``m`` rows of ``ceil(n / 64)``
words, plus one fair random word per 64 blocks; the whole sample costs
O(n**3 / 64) word operations and O(n**2) bits of memory (n = 2000: 4 MB).

Weights
-------
With ``weights`` the law is proportional to the product of the dominoes'
weights.  Propp's generalized domino shuffling (2003) samples it exactly: the
weights of every lower order follow from those of order ``n`` by urban
renewal (the square move applied to every block), and at order ``m`` an
empty block gets its horizontal pair with probability ``wN wS / (wN wS + wW
wE)``, the products of the order-``m`` weights of its four sides.  Destruction
and sliding are unchanged.  The coins stay exact: fair random bits are
compared with the binary expansion of each probability, 64 blocks at a time
(for a general weight array, one double is drawn per empty block).

References
----------
N. Elkies, G. Kuperberg, M. Larsen, J. Propp, "Alternating-sign matrices and
domino tilings", J. Algebraic Combin. 1 (1992).
W. Jockusch, J. Propp, P. Shor, "Random domino tilings and the arctic circle
theorem" (1995), arXiv:math/9801068.
J. Propp, "Generalized domino-shuffling", Theoret. Comput. Sci. 303 (2003).
S. Chhita, K. Johansson, "Domino statistics of the two-periodic Aztec
diamond", Adv. Math. 294 (2016).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._validation import as_rng, require_int
from ..errors import TilingError, TooLargeError
from ..model.region import Region
from ..model.tiling import Tiling
from ._bits import WORD, biased_words, fair_words, periodic_words, shift_columns
from ._weights import MAX_GENERAL_ORDER, Levels

__all__ = ["sample_aztec", "shuffle_steps", "MAX_ORDER", "MAX_STEPS_ORDER", "MAX_GENERAL_ORDER"]

#: Largest order :func:`sample_aztec` accepts (order 5000: 25 million dominoes, a peak of
#: about 2.1 GiB measured).
MAX_ORDER = 5000
#: Largest order :func:`shuffle_steps` accepts (it keeps every order's tiling).
MAX_STEPS_ORDER = 300


def sample_aztec(n: int, *, rng: Any = None, weights: Any = None) -> Tiling:
    """A random domino tiling of the Aztec diamond of order ``n``, exactly.

    Parameters
    ----------
    n : int
        The order, ``n >= 1``; the region is ``Region.aztec_diamond(n)``
        (rows and columns ``0 .. 2n-1``).
    rng : None, int or numpy.random.Generator
        The same seed gives the same tiling.  Without weights or with a
        scalar bias, the tilings of orders ``1 .. n`` drawn with one seed are
        coupled: order ``m`` with seed ``s`` is the ``m``-th step of order
        ``n`` with seed ``s`` (with (a, b) or array weights the lower orders
        use renewed weights, so they are steps, not samples of order m).
    weights : None, float, (float, float) or array of shape (2n, 2n, 2)
        The law is proportional to the product of the weights of the
        dominoes (all weights must be positive and finite):

        * ``None``: every tiling equally likely (exactly; fair random bits).
        * ``a``: bias; a horizontal domino weighs ``a``, a vertical one 1.
          The arctic circle becomes an ellipse (:func:`arctic_curve`).
        * ``(a, b)``: the two-periodic Aztec diamond (Chhita-Johansson):
          the four dominoes of a block (the 2 x 2 windows whose top-left cell
          ``(r, c)`` has ``r + c = n - 1 (mod 2)``; every domino lies in
          exactly one) weigh ``a`` when the block's top row ``r`` is even and
          ``b`` when it is odd.  Equivalently a horizontal domino with left
          cell ``(r, c)`` weighs ``a`` iff ``c = n - 1 (mod 2)`` and a
          vertical one with top cell ``(r, c)`` weighs ``a`` iff ``r`` is
          even.  For ``a != b`` a third, "gas" phase appears in the middle.
        * an array ``w`` of shape ``(2n, 2n, 2)``: any weights;
          ``w[r, c, 0]`` is the weight of the horizontal domino with left
          cell ``(r, c)``, ``w[r, c, 1]`` that of the vertical domino with top
          cell ``(r, c)``; entries for dominoes outside the diamond are
          ignored.  Needs all orders' probabilities in memory, so ``n`` is at
          most :data:`MAX_GENERAL_ORDER`.

    Returns
    -------
    Tiling
        A perfect tiling of ``Region.aztec_diamond(n)``; its dominoes are
        listed by class (N, S, W, E, as in ``Tiling.shuffling_classes()``).

    Raises
    ------
    TilingError
        for a bad order or bad weights.
    TooLargeError
        for a general weight array with ``n > MAX_GENERAL_ORDER``.

    Notes
    -----
    Domino shuffling (Elkies-Kuperberg-Larsen-Propp 1992), generalized to
    weights by Propp (2003); see the module docstring for the bit-packed
    block representation.  Time O(n**3 / 64) word operations plus O(n**2) to
    build the tiling; memory O(n**2).  Order 1000 (a million dominoes) takes
    well under a second, most of it building and validating the Tiling.

    Examples
    --------
    >>> t = sample_aztec(3, rng=0)
    >>> t.region == Region.aztec_diamond(3), t.is_perfect, len(t)
    (True, True, 12)
    >>> sample_aztec(3, rng=0) == t
    True
    >>> sample_aztec(20, rng=1, weights=(1.0, 0.5)).is_perfect
    True
    """
    n = _check_order(n, maximum=MAX_ORDER)
    levels = Levels(n, weights)
    planes = _shuffle(n, as_rng(rng), levels)
    return _to_tiling(n, *planes)


def shuffle_steps(n: int, *, rng: Any = None, weights: Any = None) -> list[Tiling]:
    """The tilings of orders 1, 2, ..., n met while shuffling up to order ``n``.

    Parameters
    ----------
    n : int
        The last order, ``n >= 1``.
    rng, weights
        As in :func:`sample_aztec`; the last tiling is
        ``sample_aztec(n, rng=rng, weights=weights)`` for the same seed.

    Returns
    -------
    list of Tiling
        ``steps[m - 1]`` tiles ``Region.aztec_diamond(m)`` (order 0, the empty
        tiling, is left out: a Region has at least one cell).  To draw them in
        one frame, shift order ``m`` by ``n - m`` rows and columns.

    Notes
    -----
    Same algorithm as :func:`sample_aztec`; memory O(n**3) for the list
    (about ``n**3 / 3`` dominoes), so meant for animations of modest order.

    Examples
    --------
    >>> steps = shuffle_steps(4, rng=7)
    >>> [len(t) for t in steps]
    [2, 6, 12, 20]
    >>> steps[-1] == sample_aztec(4, rng=7)
    True
    """
    n = _check_order(n, maximum=MAX_STEPS_ORDER)
    levels = Levels(n, weights)
    steps = []
    _shuffle(
        n, as_rng(rng), levels, on_level=lambda m, *planes: steps.append(_to_tiling(m, *planes))
    )
    return steps


# ---------------------------------------------------------------------- input checks
def _check_order(n, minimum=1, maximum=None):
    n = require_int(n, "the order")
    if n < minimum:
        raise TilingError(f"the order must be an integer >= {minimum}, got {n}")
    if maximum is not None and n > maximum:
        raise TooLargeError(
            f"order {n} is over the limit of {maximum} here: the result alone would need "
            f"about {_tiling_bytes(n, maximum == MAX_STEPS_ORDER) / 2**30:,.1f} GiB"
        )
    return int(n)


def _tiling_bytes(n, all_orders):
    """Rough memory of the Tiling objects for order n (or for every order up to n)."""

    if all_orders:  # the sum over m = 1..n of the per-order bytes, in closed form
        return 64 * n * (n + 1) * (n + 2) // 3 + 160 * n * (n + 1) * (2 * n + 1) // 6
    return 64 * n * (n + 1) + 40 * (2 * n) ** 2  # dominoes + labels + mask


def _shuffle(n, rng, levels, batch=(), on_level=None):
    """Shuffle from order 0 to ``n``; return the N, S, W, E bit planes of order n.

    Each plane has shape ``(n, ceil(n / 64)) + batch``: bit ``j % 64`` of word
    ``[i, j // 64]`` says whether block ``(i, j)`` holds a domino of that
    class.  ``batch`` runs independent samples side by side (the tests use
    it); it is the last axis so that a range of rows stays contiguous, which
    makes every operation one pass over memory.  ``on_level(m, N, S, W, E)``
    is called after each order with views of that order's planes.
    """
    words = (n + 63) // 64
    shape = (n, words) + tuple(batch)
    north, south, west, east = (np.zeros(shape, WORD) for _ in range(4))
    empty_buf = np.empty(shape, WORD)
    work_buf = np.empty(shape, WORD)
    coin_buf = np.empty(shape, WORD)
    for m in range(1, n + 1):
        mw = (m + 63) // 64
        o = n - m
        # Moves from order m - 1: N stays, E moves down a row (its frame's
        # offset does that), S moves down a row and right a column, W right.
        shift_columns(south[o + 1 :], work_buf)
        shift_columns(west[: m - 1], work_buf)
        nv, sv, wv, ev = north[:m], south[o:], west[:m], east[o:]
        # The blocks that receive no domino are the empty blocks of order m.
        empty = empty_buf[:m]
        np.bitwise_or(nv, sv, out=empty)
        empty |= wv
        empty |= ev
        np.invert(empty, out=empty)
        empty[:, mw:] = 0
        if m % 64:
            empty[:, mw - 1] &= np.uint64((1 << (m % 64)) - 1)
        # Destroy the bad blocks (an N and an S, or a W and an E, meeting).
        work = work_buf[:m]
        np.bitwise_and(nv, sv, out=work)
        nv ^= work
        sv ^= work
        np.bitwise_and(wv, ev, out=work)
        wv ^= work
        ev ^= work
        # Create: horizontal pairs where the coin says so, vertical elsewhere.
        prob = levels.prob(m)
        coins = coin_buf[:m]
        if prob is None:
            coins[:, :mw] = fair_words(rng, (m, mw) + tuple(batch))
        elif prob[1]:
            coins[:, :mw] = periodic_words(rng, np.ascontiguousarray(empty[:, :mw]), prob[0])
        else:
            coins[:, :mw] = biased_words(rng, empty[:, :mw], prob[0])
        np.bitwise_and(empty, coins, out=work)
        empty ^= work
        nv |= work
        sv |= work
        wv |= empty
        ev |= empty
        if on_level is not None:
            on_level(m, nv, sv, wv, ev)
    return north, south, west, east


# ---------------------------------------------------------------------- output
def _blocks(plane, m):
    """The (i, j) of the set bits of one (m, words) plane."""
    bits = np.unpackbits(plane.view(np.uint8), axis=-1, bitorder="little")[:, :m]
    return np.nonzero(bits)


# Cells of each class's domino, as offsets from its block's top-left cell.
_CELLS = {
    "N": ((0, 0), (0, 1)),
    "S": ((1, 0), (1, 1)),
    "W": ((0, 0), (1, 0)),
    "E": ((0, 1), (1, 1)),
}


def _dominoes(m, north, south, west, east):
    """The (k, 2, 2) domino array of order m from its four planes, by class."""
    found = [_blocks(plane, m) for plane in (north, south, west, east)]
    out = np.empty((sum(len(i) for i, _ in found), 2, 2), dtype=np.int64)
    start = 0
    for (i, j), cells in zip(found, _CELLS.values()):
        part = out[start : start + len(i)]
        start += len(i)
        row = i + j
        col = i - j
        col += m - 1
        for k, (dr, dc) in enumerate(cells):
            np.add(row, dr, out=part[:, k, 0])
            np.add(col, dc, out=part[:, k, 1])
    return out


def _to_tiling(m, north, south, west, east):
    return Tiling(Region.aztec_diamond(m), _dominoes(m, north, south, west, east))
