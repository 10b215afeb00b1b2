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

import numbers

import numpy as np

from ._util import as_rng
from .dominoes import Tiling
from .errors import TilingError, TooLargeError
from .region import Region

__all__ = ["count", "sample_aztec", "shuffle_steps", "arctic_curve"]

#: Largest order accepted with a general (2n, 2n, 2) weight array: such weights
#: need the creation probabilities of every order, about n**3 / 3 floats.
MAX_GENERAL_ORDER = 400
#: Largest order :func:`sample_aztec` accepts (order 5000: 25 million dominoes, ~3 GiB).
MAX_ORDER = 5000
#: Largest order :func:`shuffle_steps` accepts (it keeps every order's tiling).
MAX_STEPS_ORDER = 300

_WORD = np.dtype("<u8")  # little-endian, so bit k of a word is byte k // 8, bit k % 8
_FULL = 2**64 - 1


# ---------------------------------------------------------------------- public API
def count(n):
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
    >>> [count(n) for n in range(5)]
    [1, 2, 8, 64, 1024]
    """
    n = _check_order(n, minimum=0)
    return 1 << (n * (n + 1) // 2)


def sample_aztec(n, rng=None, weights=None):
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
        listed by class (N, S, W, E, as in ``Tiling.orientations("nsew")``).

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
    levels = _Levels(n, weights)
    planes = _shuffle(n, as_rng(rng), levels)
    return _to_tiling(n, *planes)


def shuffle_steps(n, rng=None, weights=None):
    """The tilings of orders 1, 2, ..., n met while shuffling up to order ``n``.

    Parameters
    ----------
    n : int
        The last order, ``n >= 1``.
    rng, weights
        As in :func:`sample_aztec`; the last tiling is
        ``sample_aztec(n, rng, weights)`` for the same seed.

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
    levels = _Levels(n, weights)
    steps = []
    _shuffle(n, as_rng(rng), levels, on_level=lambda m, *planes: steps.append(
        _to_tiling(m, *planes)))
    return steps


def arctic_curve(n, a=1, num=400):
    """Points of the limit shape of random tilings of the order-``n`` Aztec diamond.

    Outside this curve a large random tiling is frozen (brick walls of one
    class in each corner); inside it is disordered.

    Parameters
    ----------
    n : int
        The order (``n >= 1``); it only sets the scale.
    a : float
        The bias of ``sample_aztec(n, weights=a)`` (``a = 1``: uniform).
    num : int
        Number of points (``num >= 2``); the first and the last coincide, so
        the points draw a closed curve.

    Returns
    -------
    numpy.ndarray of float, shape (num, 2)
        ``(y, x)`` points in grid units: cell ``(r, c)`` is the unit square
        ``r <= y < r + 1``, ``c <= x < c + 1``, so the curve overlays a picture
        of the tiling drawn with ``extent=(0, 2n, 2n, 0)``.

    Notes
    -----
    In coordinates centred on the diamond and scaled so that it becomes
    ``|X| + |Y| <= 1`` (``X = (x - n) / n`` to the right, ``Y = (y - n) / n``
    down), the curve is the ellipse inscribed in that square,

        ``X**2 / p + Y**2 / q = 1``,  ``p = a**2 / (1 + a**2)``, ``q = 1 - p``,

    where ``p`` is the probability that shuffling creates a horizontal pair.
    It touches each side at the point dividing it in the ratio ``p : q``.
    For ``a = 1`` it is the inscribed circle of radius ``n / sqrt(2)``, the
    arctic circle theorem of Jockusch, Propp and Shor (1995), who also treat
    biased weights.  Horizontal dominoes favoured (``a > 1``) make the
    disordered region wider than tall: the N and S brick walls grow.  (The
    tests check the curve against samples of order 300, for a circle and an
    ellipse.)  Two-periodic weights have a different, degree-8 curve, not
    given here.

    Examples
    --------
    >>> pts = arctic_curve(10, num=5)
    >>> pts.shape
    (5, 2)
    >>> bool(np.allclose(np.hypot(pts[:, 0] - 10, pts[:, 1] - 10), 10 / np.sqrt(2)))
    True
    """
    n = _check_order(n)
    a = _positive_real(a, "the bias a")
    if isinstance(num, (bool, np.bool_)) or not isinstance(num, numbers.Integral) or num < 2:
        raise TilingError(f"num must be an integer >= 2, got {num!r}")
    p = a * a / (1.0 + a * a)
    t = np.linspace(0.0, 2.0 * np.pi, int(num))
    x = n + n * np.sqrt(p) * np.cos(t)
    y = n + n * np.sqrt(1.0 - p) * np.sin(t)
    return np.stack([y, x], axis=1)


# ---------------------------------------------------------------------- input checks
def _check_order(n, minimum=1, maximum=None):
    if isinstance(n, (bool, np.bool_)) or not isinstance(n, numbers.Integral):
        raise TilingError(f"the order must be an integer >= {minimum}, got {n!r}")
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
    per_order = lambda m: 64 * m * (m + 1) + 40 * (2 * m) ** 2  # dominoes + labels + mask
    return sum(per_order(m) for m in range(1, n + 1)) if all_orders else per_order(n)


def _positive_real(value, what):
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TilingError(f"{what} must be a positive number, got {value!r}")
    value = float(value)
    if not (np.isfinite(value) and value > 0):
        raise TilingError(f"{what} must be a positive finite number, got {value}")
    return value


# ---------------------------------------------------------------------- weights
class _Levels:
    """Creation probabilities of every order, from the weights of order ``n``.

    ``prob(m)`` is ``None`` when every block of order ``m`` is a fair coin,
    else ``(p, periodic)``: ``p[i, j]`` (periodic False, shape (m, m)) or
    ``p[i % 2, j % 2]`` (periodic True, shape (2, 2)) is the probability that
    the empty block ``(i, j)`` of order ``m`` gets its horizontal pair.
    """

    def __init__(self, n, weights):
        self.n = n
        self.periodic = True
        self._probs = {}
        if weights is None:
            return
        sides = self._order_n_weights(n, weights)
        for m in range(n, 0, -1):
            wn, ws, ww, we = sides
            with np.errstate(over="ignore", invalid="ignore"):  # checked just below
                horizontal = wn * ws
                p = horizontal / (horizontal + ww * we)
            if not np.all(np.isfinite(p)):
                raise TilingError(
                    "the weights are too extreme for double precision (a ratio overflows "
                    "at order {}); keep them within about 1e-100 .. 1e100".format(m)
                )
            if not np.all(p == 0.5):  # a fair level keeps the exact bit path
                self._probs[m] = p
            if m > 1:
                sides = self._renew(sides)

    def prob(self, m):
        p = self._probs.get(m)
        return None if p is None else (p, self.periodic)

    def _order_n_weights(self, n, weights):
        """The weights of the four sides of every block of order n (N, S, W, E)."""
        if isinstance(weights, np.ndarray) and weights.ndim == 0:
            weights = weights.item()
        if isinstance(weights, numbers.Real) and not isinstance(weights, (bool, np.bool_)):
            a = _positive_real(weights, "the bias weight")
            ones = np.ones((2, 2))
            return [a * ones, a * ones, ones.copy(), ones.copy()]
        try:
            arr = weights if isinstance(weights, np.ndarray) else np.asarray(weights, dtype=object)
        except ValueError:  # ragged nested sequences
            msg = "weights must be a number, a pair (a, b) or a (2n, 2n, 2) array"
            raise TilingError(msg) from None
        if arr.shape == (2,):
            a = _positive_real(arr[0], "weight a of weights=(a, b)")
            b = _positive_real(arr[1], "weight b of weights=(a, b)")
            face = np.array([[a, b], [b, a]])  # block (i, j) has top row i + j
            return [face.copy() for _ in range(4)]
        if arr.shape != (2 * n, 2 * n, 2):
            raise TilingError(
                "weights must be None, a positive number, a pair (a, b) or an array of "
                f"shape (2n, 2n, 2) = {(2 * n, 2 * n, 2)}, got shape {arr.shape}"
            )
        if n > MAX_GENERAL_ORDER:
            raise TooLargeError(
                f"a general weight array at order {n} needs about {n ** 3 // 3:,} stored "
                f"probabilities; it is limited to order {MAX_GENERAL_ORDER} "
                "(use weights=a or weights=(a, b), which have no limit)"
            )
        try:
            arr = np.asarray(arr, dtype=float)
        except (TypeError, ValueError):
            raise TilingError("the weight array must hold numbers") from None
        self.periodic = False
        i, j = np.indices((n, n))
        r, c = i + j, i - j + n - 1
        sides = [arr[r, c, 0], arr[r + 1, c, 0], arr[r, c, 1], arr[r, c + 1, 1]]
        for side, (dr, dc, k) in zip(sides, ((0, 0, 0), (1, 0, 0), (0, 0, 1), (0, 1, 1))):
            bad = np.argwhere(~(np.isfinite(side) & (side > 0)))
            if len(bad):
                bi, bj = bad[0]
                rr, cc = r[bi, bj] + dr, c[bi, bj] + dc
                kind = "horizontal" if k == 0 else "vertical"
                raise TilingError(
                    f"weights[{rr}, {cc}, {k}] (the {kind} domino at cell ({rr}, {cc})) "
                    f"must be positive and finite, got {side[bi, bj]}"
                )
        return sides

    def _renew(self, sides):
        """Urban renewal: the side weights of order m - 1 from those of order m.

        The square move on block B (sides N, S, W, E, D = N S + W E) gives the
        inner side opposite to X the weight X / D.  After the degree-2
        vertices are contracted and the forced boundary edges dropped, the
        inner side of B opposite to its N side is the order m - 1 domino that
        slides back into B as an N domino, and likewise for the others, so a
        domino of order m - 1 weighs (its class's side of the block it moves
        to) / (that block's D).
        """
        wn, ws, ww, we = sides
        d = wn * ws + ww * we
        xn, xs, xw, xe = wn / d, ws / d, ww / d, we / d
        if self.periodic:  # (2, 2) patterns indexed by (i % 2, j % 2)
            out = [xn, np.roll(xs, (-1, -1), (0, 1)), np.roll(xw, -1, 1), np.roll(xe, -1, 0)]
        else:
            out = [xn[:-1, :-1], xs[1:, 1:], xw[:-1, 1:], xe[1:, :-1]]
        # A global factor changes no probability; keep the numbers near 1.
        scale = np.exp(np.mean([np.log(x).mean() for x in out]))
        return [x / scale for x in out]


# ---------------------------------------------------------------------- shuffling
def _fair_words(rng, shape):
    """Uniform random 64-bit words: one fair coin per block (bit)."""
    return rng.integers(0, _FULL, size=shape, dtype=np.uint64, endpoint=True)


def _biased_words(rng, empty, p):
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
    words = np.packbits(bits, axis=-1, bitorder="little").view(_WORD)
    return np.moveaxis(words, (-2, -1), (0, 1))


_EVEN_BITS = 0x5555555555555555  # the blocks of even column j in a word
_ODD_BITS = 0xAAAAAAAAAAAAAAAA
_ROUNDS = 10  # bits of p compared word-parallel before finishing block by block


def _periodic_words(rng, empty, p):
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
        np.bitwise_xor(_fair_words(rng, empty.shape), p_bits, out=diff)
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


def _shift_columns(x, carry):
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
    north, south, west, east = (np.zeros(shape, _WORD) for _ in range(4))
    empty_buf = np.empty(shape, _WORD)
    work_buf = np.empty(shape, _WORD)
    coin_buf = np.empty(shape, _WORD)
    for m in range(1, n + 1):
        mw = (m + 63) // 64
        o = n - m
        # Moves from order m - 1: N stays, E moves down a row (its frame's
        # offset does that), S moves down a row and right a column, W right.
        _shift_columns(south[o + 1 :], work_buf)
        _shift_columns(west[: m - 1], work_buf)
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
            coins[:, :mw] = _fair_words(rng, (m, mw) + tuple(batch))
        elif prob[1]:
            coins[:, :mw] = _periodic_words(rng, np.ascontiguousarray(empty[:, :mw]), prob[0])
        else:
            coins[:, :mw] = _biased_words(rng, empty[:, :mw], prob[0])
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
