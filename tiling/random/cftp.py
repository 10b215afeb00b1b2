r"""Exactly uniform random tilings of any region by coupling from the past.

The tilings of a region, read through their height functions
(:func:`tiling.heights.height`), form a distributive lattice under the
pointwise order, with a least and a greatest element
(:func:`tiling.heights.min_tiling`, :func:`~tiling.heights.max_tiling`); on a
region with holes this holds for all tilings together, the border of each
hole moving up or down by 4 as one piece (Rémila 2004).

**The chain.**  One step updates one *site*: a 2 x 2 block (the height at its
centre) or a hole (the height of its whole border).  Given everything else,
the site has one or two possible values, 4 apart: two when the block holds
two parallel dominoes (a flip) or the ring of dominoes around the hole can
turn (:func:`tiling.heights.hole_rings`).  A fair coin sets it to the higher
value (1) or the lower (0).  This is the heat-bath update for the uniform
law, a symmetric transition, so the uniform law on all tilings is
stationary.  A sweep updates the four classes of blocks by the parities of
their top-left cell (blocks of one class share no cell, so each class is a
few word operations per row, 32 blocks a word), then every hole.

**Monotone coupling.**  Two tilings driven by the same coins stay ordered:
if ``h <= h'`` pointwise before a site update, the site's possible values
for ``h`` are at most those for ``h'`` (each is fixed by the neighbours
through constraints ``h(q) - h(p) <= c``), so choosing the higher (or
lower) of each keeps the order.

**Large holes.**  A hole moves only when the whole ring of dominoes around
it can turn, which for a long ring is rare.  The flux of such holes is drawn
first, with the probability of its class (its exact size from
:func:`tiling.counting.count_by_flux` over the total), and the chain runs on
the tilings of that class, those holes' borders fixed: a uniform class
member given a class drawn by size is a uniform tiling.

**Coupling from the past** (Propp and Wilson 1996).  Run the greatest and
the least tiling from time ``-T`` to 0 with the same coins; if they agree
at time 0, every tiling started at ``-T`` would have (it lies between them
and the order is kept), so the common tiling is what the chain started in
the infinite past would show at time 0: exactly a draw from the stationary
law.  If they do not agree, ``T`` doubles and the coins of the times already
used are replayed unchanged (each block of times keeps its own random
seed); fresh coins are drawn only for the new, earlier times.  Agreement
comes with probability 1 here, and when it comes the stationary law is
unique, hence the uniform law on all tilings: the sample is exactly
uniform.  The running time is random (about ``1.3 L**2`` sweeps at the
doubling that succeeds on the ``L x L`` board, measured); ``max_sweeps``
bounds it.

The only approximation is the pseudo-random generator: SplitMix64 streams
seeded from the caller's ``numpy.random.Generator``.

References
----------
J. G. Propp and D. B. Wilson, "Exact sampling with coupled Markov chains
and applications to statistical mechanics", Random Structures & Algorithms
9 (1996) 223-252.  E. Rémila, "The lattice structure of the set of domino
tilings of a polygon", Theoretical Computer Science 322 (2004) 409-422.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .._progress import Progress
from .._validation import as_rng, check_bool, positive_int, type_name
from ..errors import TilingError, TooLargeError
from ..model.region import Region, require_region
from ..model.tiling import Tiling

__all__ = [
    "sample_cftp",
    "sample_prepared",
    "Extremes",
    "estimated_sweeps",
    "estimated_seconds",
    "estimated_bytes",
    "DEFAULT_MAX_SWEEPS",
    "RING_LIMIT",
    "MEMORY_BUDGET",
]

#: The default bound on the sweeps of an attempt: 32 times what the 300 x 300 board
#: needs (about 8 minutes there); strongly biased weights or long hole rings can need more.
DEFAULT_MAX_SWEEPS = 2**22

#: Memory a sample may take (see :func:`estimated_bytes`).
MEMORY_BUDGET = 8 * 2**30

#: Sweeps of the first attempt; each later attempt doubles the time.
FIRST_SWEEPS = 16

#: Holes whose ring of dominoes has more sides than this get their flux drawn
#: first, from exact class sizes (see :class:`Extremes`).  Measured: a 10 x 10
#: hole (44 sides) in a 100 x 100 board couples in about 10 times the board's
#: sweeps, a 20 x 20 hole not in 2 million.
RING_LIMIT = 48


def estimated_sweeps(region: Region) -> float:
    """About how many sweeps coupling takes: ``1.3 L**2`` for the longer side ``L`` of the box.

    Measured on boards (the doubling that succeeded: 8 x 8 about 60, 32 x 32
    about 1,400, 64 x 64 about 5,500).
    """
    require_region(region, "estimated_sweeps")
    r0, c0, r1, c1 = region.bounding_box()
    return 1.3 * max(r1 - r0, c1 - c0, 2) ** 2


def _boards(tiling: Tiling, words: int) -> tuple[np.ndarray, np.ndarray]:
    """The (hb, vb) bit boards of a tiling (see :mod:`._cftp_kernels`)."""
    rows, cols = tiling.region.shape
    hb = np.zeros((rows, words * 64), dtype=bool)
    vb = np.zeros((rows, words * 64), dtype=bool)
    d = tiling.dominoes
    horizontal = d[:, 0, 0] == d[:, 1, 0]
    hb[d[horizontal, 0, 0], d[horizontal, 0, 1]] = True
    vb[d[~horizontal, 0, 0], d[~horizontal, 0, 1]] = True
    return _pack(hb), _pack(vb)


def _pack(bits: np.ndarray) -> np.ndarray:
    """Rows of bits as little-endian 64-bit words (bit ``c`` of the row is bit ``c % 64`` of word ``c // 64``)."""
    return np.packbits(bits, axis=1, bitorder="little").view("<u8").copy()


def _tiling_from_boards(region: Region, hb: np.ndarray, vb: np.ndarray) -> Tiling:
    cols = region.shape[1]

    def unpack(words):
        return np.unpackbits(words.view(np.uint8), axis=1, bitorder="little")[:, :cols]

    r, c = np.nonzero(unpack(hb))
    horizontal = np.stack([np.stack([r, c], 1), np.stack([r, c + 1], 1)], 1)
    r, c = np.nonzero(unpack(vb))
    vertical = np.stack([np.stack([r, c], 1), np.stack([r + 1, c], 1)], 1)
    return Tiling(region, np.concatenate([horizontal, vertical]))


def _hole_entries(rings: list[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, ...]:
    """Rings of :func:`tiling.heights.hole_rings` as flat arrays for the kernel."""
    start = np.zeros(len(rings) + 1, dtype=np.int64)
    kinds, rows, cols, wants = [], [], [], []
    for k, (dominoes, present) in enumerate(rings):
        start[k + 1] = start[k] + len(dominoes)
        horizontal = dominoes[:, 0, 0] == dominoes[:, 1, 0]
        kinds.append(np.where(horizontal, 0, 1))
        rows.append(dominoes[:, 0, 0])
        cols.append(dominoes[:, 0, 1])
        wants.append(present.astype(np.int64))

    def join(parts):
        return np.concatenate(parts).astype(np.int64) if parts else np.zeros(0, np.int64)

    return start, join(kinds), join(rows), join(cols), join(wants)


def _uniform_below(rng: np.random.Generator, n: int) -> int:
    """A uniform integer in ``[0, n)``, exactly, for ``n`` of any size (rejection from whole bits)."""
    bits = max(n.bit_length(), 1)
    words = -(-bits // 32)
    while True:
        value = 0
        for w in rng.integers(0, 2**32, size=words, dtype=np.uint64).tolist():
            value = (value << 32) | w
        value >>= 32 * words - bits
        if value < n:
            return value


class Extremes:
    """What every sample of one region shares: its least and greatest tilings as bit boards.

    Holes whose ring of dominoes (:func:`tiling.heights.hole_rings`) has more
    than :data:`RING_LIMIT` sides rarely turn it, so coupling through them
    would take very long.  Their flux is drawn first instead, with the exact
    probability of its class, from the class sizes of
    :func:`tiling.counting.count_by_flux`; the chain then runs inside the
    class (their borders fixed), and the least and greatest tilings of each
    class drawn are kept.
    """

    def __init__(self, region: Region, weights: Any = None):
        from ..heights import hole_rings

        require_region(region, "Extremes")
        _check_memory(region, "sample(method='cftp')")
        self.region = region
        self.words = region.shape[1] // 64 + 1  # a spare bit column: shifts never leave the board
        rings = hole_rings(region)
        long = [r for r in rings if len(r[1]) > RING_LIMIT]
        self.fixed = sorted(k for holes, _, _ in long for k in holes)
        free_rings = [
            (dominoes, present) for _, dominoes, present in rings if len(dominoes) <= RING_LIMIT
        ]
        self.holes = _hole_entries(free_rings)
        self.coins = None  # fair coins; else (block planes, hole thresholds): see Weighted coins
        if weights is not None:
            if self.fixed:
                raise TooLargeError(
                    "sample(method='cftp', weights=...): a hole whose ring of dominoes has more "
                    f"than {RING_LIMIT} sides needs its classes weighed first, which this "
                    "method does for uniform tilings only"
                )
            self.coins = _weighted_coins(region, weights, free_rings, self.words)
        self._n_holes = len(rings)
        self._boards: dict[tuple[int, ...], tuple] = {}
        if self.fixed:
            from ..counting.flux import count_by_flux

            try:
                self.classes = count_by_flux(region, holes=self.fixed)
            except TooLargeError as err:
                raise TooLargeError(
                    f"sample(method='cftp'): {len(self.fixed)} holes have rings of more than "
                    f"{RING_LIMIT} sides, too long to turn often, and their flux classes are "
                    f"too many to weigh exactly ({str(err).split('take ', 1)[-1].split(' together')[0]}); "
                    "no exact sampler here handles this region (the transfer DP takes regions "
                    "up to 26 cells across)"
                ) from None
            if not self.classes:
                from ..proofs.certificates import no_tiling_error

                raise no_tiling_error(region)
            self._keys = sorted(self.classes)
            self._total = sum(self.classes.values())
        else:
            self.boards(())  # the least and greatest tilings; NoTilingError when there are none

    @property
    def top(self) -> tuple[np.ndarray, np.ndarray]:
        """The greatest tiling over all classes, as bit boards."""
        return self.boards(())[0]

    @property
    def bottom(self) -> tuple[np.ndarray, np.ndarray]:
        """The least tiling over all classes, as bit boards."""
        return self.boards(())[1]

    def draw_class(self, rng: np.random.Generator) -> tuple[int, ...]:
        """The flux of the fixed holes, drawn with the probability of its class (``()``: none)."""
        if not self.fixed:
            return ()
        u = _uniform_below(rng, self._total)
        for key in self._keys:
            u -= self.classes[key]
            if u < 0:
                return key
        raise AssertionError("internal inconsistency: the class sizes do not add up")

    def boards(self, key: tuple[int, ...]) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
        """``(top, bottom)`` bit boards: the greatest and least tilings with these fixed fluxes."""
        if key not in self._boards:
            from ..heights import max_tiling, min_tiling

            flux = None
            if self.fixed and key:
                flux = [None] * self._n_holes
                for k, f in zip(self.fixed, key):
                    flux[k] = f
            self._boards[key] = (
                _boards(max_tiling(self.region, flux=flux), self.words),
                _boards(min_tiling(self.region, flux=flux), self.words),
            )
        return self._boards[key]


def _thresholds(p: np.ndarray) -> np.ndarray:
    """Probabilities as 64-bit thresholds: ``U < T`` for a uniform 64-bit ``U`` has probability p.

    ``floor(p * 2**64)``, exact for a double ``p`` (multiplying by a power of
    2 loses nothing); the largest is kept below ``2**64``.
    """
    return np.minimum(np.floor(np.ldexp(p, 64)), 2.0**64 - 2048).astype(np.uint64)


#: Largest |log| of a ratio of weights a coin resolves: e**40 is about 2**58, so
#: both outcomes keep a probability of at least 2**-58, above the 2**-64 grain of
#: the 64-bit thresholds.  Past it one outcome would round to impossible and the
#: chain could no longer reach every tiling.
MAX_LOG_RATIO = 40.0


def _check_resolvable(log_ratios: np.ndarray, what: str) -> None:
    if log_ratios.size and float(log_ratios.max()) > MAX_LOG_RATIO:
        raise TilingError(
            f"sample(method='cftp'): the weights of {what} differ by a factor of about "
            f"e**{float(log_ratios.max()):.0f}; coupling from the past resolves ratios up to "
            f"e**{MAX_LOG_RATIO:.0f} (about 2**58)"
        )


def _weighted_coins(region: Region, weights: Any, rings: list, words: int) -> tuple:
    """Bit planes of every block's threshold, and one threshold per hole (see the kernels)."""
    from ..model.weights import positive_float_weights

    h, v = positive_float_weights(region, weights, "sample(method='cftp')")
    rows, cols = region.shape
    log_h, log_v = np.log(h), np.log(v)
    # the chance of the horizontal pair of block (r, c), from logarithms: only the
    # ratio of the two pairs' weights matters, however large or small they are
    log_ratio = (log_v[:, :-1] + log_v[:, 1:]) - (log_h[:-1, :] + log_h[1:, :])
    mask = region.mask
    blocks = mask[:-1, :-1] & mask[:-1, 1:] & mask[1:, :-1] & mask[1:, 1:]
    _check_resolvable(np.abs(log_ratio[blocks]), "a 2 x 2 block's two pairs")
    p = 1.0 / (1.0 + np.exp(np.clip(log_ratio, -MAX_LOG_RATIO, MAX_LOG_RATIO)))
    threshold = _thresholds(p)  # (rows - 1, cols - 1)
    planes = np.zeros((rows, words, 64), dtype=np.uint64)
    bits = np.zeros((rows, words * 64), dtype=bool)
    for k in range(64):
        bits[: rows - 1, : cols - 1] = ((threshold >> np.uint64(63 - k)) & np.uint64(1)).astype(
            bool
        )
        planes[:, :, k] = _pack(bits)
    hole = []
    for dominoes, present in rings:
        horizontal = dominoes[:, 0, 0] == dominoes[:, 1, 0]
        r, c = dominoes[:, 0, 0], dominoes[:, 0, 1]
        logw = np.empty(len(dominoes))
        logw[horizontal] = log_h[r[horizontal], c[horizontal]]
        logw[~horizontal] = log_v[r[~horizontal], c[~horizontal]]
        # the ring is in its lower position when the dominoes marked present are in
        down, up = logw[present].sum(), logw[~present].sum()
        _check_resolvable(np.array([abs(down - up)]), "the two positions of a hole's ring")
        hole.append(1.0 / (1.0 + np.exp(down - up)))
    return planes, _thresholds(np.array(hole, dtype=float))


def _run_chain(
    hb: np.ndarray, vb: np.ndarray, seed: np.uint64, n: int, holes: tuple, coins: Any = None
) -> None:
    """``n`` sweeps of one chain with the coins of ``seed`` (see :mod:`._cftp_kernels`)."""
    from ._cftp_kernels import run_sweeps, run_sweeps_weighted

    if coins is None:
        run_sweeps(hb, vb, seed, n, *holes)
    else:
        planes, hole_threshold = coins
        run_sweeps_weighted(hb, vb, seed, n, planes, *holes, hole_threshold)


def _couple(extremes: Extremes, rng: np.random.Generator, max_sweeps: int, progress: bool):
    """One exact sample: double the starting time until both chains agree at time 0."""
    top, bottom = extremes.boards(extremes.draw_class(rng))
    seeds: list[np.uint64] = []  # seeds[j] drives the sweeps of block j (block 0 is the latest)
    total = 0
    bar = Progress(0, "coupling from the past", enabled=progress)
    try:
        while True:
            seeds.append(rng.integers(0, 2**64, dtype=np.uint64))
            span = FIRST_SWEEPS << (len(seeds) - 1)  # the attempt starts at time -span
            if span > max_sweeps:
                tried = (
                    f"the chains had not met in an attempt of {span // 2:,} sweeps"
                    if span > FIRST_SWEEPS
                    else f"the first attempt takes {FIRST_SWEEPS} sweeps"
                )
                raise TooLargeError(
                    f"sample(method='cftp'): {tried}, and max_sweeps={max_sweeps:,}; raise "
                    "max_sweeps (strongly biased weights and holes with long rings need more)"
                )
            bar.total, bar.done = span, 0
            bar.label = f"coupling from the past, from {span:,} sweeps back"
            hb_t, vb_t = (b.copy() for b in top)
            hb_b, vb_b = (b.copy() for b in bottom)
            for j in range(len(seeds) - 1, -1, -1):
                n = FIRST_SWEEPS if j == 0 else FIRST_SWEEPS << (j - 1)
                # both chains read the coins of seeds[j]: the same coins at the same times
                _run_chain(hb_t, vb_t, seeds[j], n, extremes.holes, extremes.coins)
                _run_chain(hb_b, vb_b, seeds[j], n, extremes.holes, extremes.coins)
                total += n
                bar.update(n)
            if np.array_equal(hb_t, hb_b) and np.array_equal(vb_t, vb_b):
                return _tiling_from_boards(extremes.region, hb_t, vb_t), span, total
    finally:
        bar.close()


def sample_cftp(
    region: Region,
    *,
    rng: Any = None,
    weights: Any = None,
    max_sweeps: int = DEFAULT_MAX_SWEEPS,
    progress: bool = False,
) -> Tiling:
    """An exactly uniform (or exactly weighted) random tiling of ``region``, by coupling from the past.

    Parameters
    ----------
    region : Region
        Any region with a tiling, holes included.
    rng : None, int, numpy.random.SeedSequence or numpy.random.Generator
        The same seed gives the same tiling.
    weights : (h, v) or (horizontal, vertical), optional
        Edge weights (:mod:`tiling.model.weights`): a tiling is drawn with
        probability proportional to the product of its dominoes' weights,
        which must be positive numbers.  Each block then flips to its
        horizontal pair with probability (that pair's weight) / (both pairs'
        weights), and a hole's ring likewise, the heat-bath rule for the
        weighted law; that probability is a double, rounded to 53 bits, and
        compared exactly with 64 random bits.
    max_sweeps : int
        Give up (``TooLargeError``) rather than start an attempt from further
        back than this many sweeps.
    progress : bool
        A progress bar on standard error.

    Returns
    -------
    Tiling

    Raises
    ------
    NoTilingError
        when the region has no tiling (with its checked proof).
    TooLargeError
        before the work, when it would need more than :data:`MEMORY_BUDGET`
        or the class sizes of its large holes more determinants than
        :func:`tiling.counting.count_by_flux` evaluates; after, when the
        chains have not met within ``max_sweeps``.

    Notes
    -----
    See the module docstring for the chain, the monotone coupling and the
    proof that the sample is exact.  Each sweep costs about ``rows x words``
    word operations per chain (64 columns a word), and coupling takes about
    ``1.3 L**2`` sweeps on an ``L x L`` board, so the cost grows like ``L**4 /
    64``: the 100 x 100 board in a tenth of a second.  A hole moves only when
    the whole ring of dominoes around it can turn, so holes with rings of more
    than :data:`RING_LIMIT` sides get their flux drawn first, exactly, from
    the class sizes (see :class:`Extremes`); the chain then runs in the class.

    Examples
    --------
    >>> from tiling import Region
    >>> t = sample_cftp(Region.rectangle(8, 8), rng=1)
    >>> t.is_perfect, t == sample_cftp(Region.rectangle(8, 8), rng=1)
    (True, True)
    """
    require_region(region, "sample_cftp")
    rng = as_rng(rng)
    max_sweeps = positive_int(max_sweeps, "max_sweeps", "sample_cftp")
    progress = check_bool(progress, "progress", "sample_cftp")
    return sample_prepared(
        region, rng=rng, weights=weights, progress=progress, max_sweeps=max_sweeps
    )


def sample_prepared(
    region: Region,
    *,
    rng: np.random.Generator,
    weights: Any = None,
    progress: bool = False,
    prepared: Extremes | None = None,
    max_sweeps: int = DEFAULT_MAX_SWEEPS,
) -> Tiling:
    """:func:`sample_cftp` without the checks, from the region's :class:`Extremes` when given."""
    require_region(region, "sample_prepared")
    if not isinstance(rng, np.random.Generator):
        raise TypeError(
            f"sample_prepared(): rng must be a numpy.random.Generator, not {type_name(rng)}"
        )
    if prepared is not None and not isinstance(prepared, Extremes):
        raise TypeError(
            f"sample_prepared(): prepared must be an Extremes, not {type_name(prepared)}"
        )
    if prepared is None:
        _check_memory(region, "sample(method='cftp')")
        if region.trivially_untileable():
            from ..proofs.certificates import no_tiling_error

            raise no_tiling_error(region)
        # the least and greatest tilings raise NoTilingError, with its proof, when there is none
        prepared = Extremes(region, weights)
    return _couple(prepared, rng, max_sweeps, progress)[0]


def estimated_bytes(region: Region) -> int:
    """Peak memory of a sample, about 200 bytes a cell of the box (measured).

    The least and greatest tilings take the most: the lattice, two height
    functions and the shortest-path buckets, a few int64 arrays over the
    corners; the bit boards themselves take 2 bits a cell per chain.
    """
    rows, cols = require_region(region, "estimated_bytes").shape
    return 200 * (rows + 1) * (cols + 1)


def _check_memory(region: Region, who: str) -> None:
    need = estimated_bytes(region)
    if need > MEMORY_BUDGET:
        raise TooLargeError(
            f"{who}: coupling from the past on a {region.shape[0]:,} x {region.shape[1]:,} box "
            f"needs about {need / 2**30:.1f} GiB, over its budget of "
            f"{MEMORY_BUDGET / 2**30:.0f} GiB"
        )


def estimated_seconds(region: Region) -> float:
    """Predicted time of :func:`sample_cftp` on ``region`` (``math.inf`` past the memory budget).

    Each attempt runs two chains over ``rows x words`` words a sweep (about 6
    ns a word, measured), the attempts add up to about twice the last one,
    and the last is about :func:`estimated_sweeps` long; plus the least and
    greatest tilings (Thurston's algorithm, or a matching first with holes),
    loading the compiled kernels, and, for holes too large to turn their
    ring, the class sizes (one Kasteleyn determinant per possible flux,
    about half the box's side of them per hole).
    """
    require_region(region, "estimated_seconds")
    if estimated_bytes(region) > MEMORY_BUDGET:
        return math.inf
    r0, c0, r1, c1 = region.bounding_box()
    words = (r1 - r0) * ((c1 - c0) // 64 + 1)
    sweeps = 2 * 2 * estimated_sweeps(region)
    holes = region.holes()
    extremes = 2e-7 * region.n_cells + (4e-7 * region.n_cells if holes else 0.0)
    # a hole's move reads its ring (about 4 sqrt(cells) + 4 sides) every sweep, twice
    rings = sum(4 * math.sqrt(len(cells)) + 4 for cells in holes)
    seconds = 0.5 + 6e-9 * words * sweeps + 4e-9 * rings * sweeps + extremes
    # a hole of m cells has a border of about 4 sqrt(m) sides: long rings are counted
    large = sum(1 for cells in holes if 4 * math.sqrt(len(cells)) + 4 > RING_LIMIT)
    if large:
        from ..counting.flux import MAX_EVALUATIONS
        from ..counting.kasteleyn import estimated_seconds as determinant

        # about half the box's side of fluxes per hole (a hole's flux moves by 4 per step
        # of distance to the border, between its least and greatest tilings)
        evaluations = (min(r1 - r0, c1 - c0) // 2 + 1) ** large
        if evaluations > MAX_EVALUATIONS:
            return math.inf
        seconds += evaluations * determinant(region)
    return seconds
