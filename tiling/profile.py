"""Broken-profile transfer-matrix DP: count, find, cover and sample for narrow regions.

The region is swept cell by cell in row-major order (after turning it so that
its rows are the short side, of width ``w``).  Before cell ``(r, c)`` the
*profile* is a ``w``-bit word: bit ``j`` tells whether the frontier cell in
column ``j`` (``(r + 1, j)`` for ``j < c``, ``(r, j)`` for ``j >= c``) is
already covered by a domino sticking out of the swept part.  Processing a cell
moves weight between profiles: a covered cell just clears its bit, a free one
starts a vertical domino (sets its bit, which now means the cell below) or a
horizontal one (sets bit ``c + 1``), or, for covers and monomer-dimer
polynomials, stays empty.  One step costs O(2**w); a region costs
O(cells 2**w).

Implementation notes (why it is fast):

* The profile vector is a numpy array over all ``2**w`` words, so there is no
  Python loop over profiles.
* "Covered -> clear bit, free -> set bit" is a relabelling of the array
  (index XOR ``1 << c``), so it is not done at all: the array is kept under a
  running XOR mask ``f`` (logical profile ``s`` lives at index ``s ^ f``).  A
  step then only touches a quarter of the array (the horizontal domino), plus
  a half when the cell below is missing (those profiles are cleared).
* Only the physical profiles with an even number of set bits can be non-zero
  (the relabelling moves nothing, a horizontal domino flips two bits), so the
  counting and boolean sweeps store just those: half the memory and time.
* Counts are exact integers held as signed 64-bit *limbs* of
  :data:`LIMB_BITS` bits, with lazy carries (one vectorised carry pass every
  ~15 steps).  The number of limbs grows with the values, so no a-priori bound
  on the count is needed and early rows cost one limb.  (Measured faster than
  the same DP modulo 62-bit primes combined by the CRT, which needs every
  prime from the first row on and a modular reduction per step: 0.56 s
  against 2.05 s of CPU time for the 20 x 20 board, three primes, both
  before the parity halving above.)
* Reconstruction (find, cover, sample) walks the steps backwards from the
  final profile, undoing each step in place.  A step of the counting DP is
  undone by a subtraction (the values stay exact, whatever carries happened
  since), so sampling needs no table of additions: memory is O(2**w) plus
  the profiles cleared under missing cells (half an array each, the whole
  array in the packed top column).  Boolean (find) and min-plus (cover)
  steps cannot be subtracted, so their overwritten quarter/half is logged:
  O(n 2**w) bytes for n cells.  When that log would exceed
  :data:`MEMORY_BUDGET`, the sweep keeps a checkpoint every K steps and
  recomputes one segment of K steps at a time with its log, K chosen so that
  the n/K checkpoints plus one segment's log take the least memory (about
  ``2 sqrt(n * array * step log)`` bytes, at K ~ sqrt(n * array / step log)),
  for about one more sweep of time; when even that exceeds the budget the
  DP refuses with TooLargeError.  Each backward step looks at the at most
  three predecessors of a single profile, never the whole array.
* Components are taken from :meth:`Region.cropped_components` (cost
  O(cells + box) however many there are), and components of identical shape
  share one plan and one sweep (not when sampling, where each piece draws
  its own tiling), so regions of many small pieces stay fast.

References: the transfer-matrix method for dimers goes back to Lieb (1967);
the broken-profile ("plug") DP is the textbook version, e.g. Knuth,
TAOCP 7.2.2.
"""

import functools
import math

import numpy as np

from ._util import Progress, as_rng
from .dominoes import Tiling
from .errors import TilingError, TooLargeError
from .region import Region, require_region

__all__ = [
    "count_tilings",
    "find_tiling",
    "max_cover",
    "sample_tiling",
    "dimer_polynomial",
    "estimated_seconds",
    "MAX_WIDTH",
    "MEMORY_BUDGET",
    "LIMB_BITS",
]

#: Widest profile (after turning the region) the DP accepts: 2**26 states.
MAX_WIDTH = 26
#: Bytes of working memory the DP may use before it refuses with TooLargeError.
MEMORY_BUDGET = 4 * 2**30
#: Bits per limb of the exact counts (int64 limbs leave 63 - LIMB_BITS bits of headroom).
LIMB_BITS = 47

_MASK = (1 << LIMB_BITS) - 1
_CARRY_CHUNK = 1 << 18  # limbs per chunk of a carry pass
_LIMIT = 1 << 62  # limb magnitudes stay below this, so a sum never overflows int64
# After a carry pass every limb but the top one is below this.
_NORMAL = (1 << LIMB_BITS) + (1 << (63 - LIMB_BITS))
# log2 of the number of tilings per cell of large squares (Catalan's G / pi / ln 2):
# used to predict limb counts, not for exactness.
_BITS_PER_CELL = 0.4207
# Seconds per array element and per step (calibrated on the development machine).
_SECONDS_PER_ELEMENT = 1.5e-9
_SECONDS_PER_STEP = 5e-6


# --------------------------------------------------------------------------- the sweep plan


class _Plan:
    """One connected piece, cropped and turned so that its rows are the short side.

    ``part`` is the piece's mask cropped to its bounding box (or a Region,
    which is cropped here).  ``rows``, ``cols``: the cells in sweep order;
    ``right``: whether a horizontal domino may start at each; ``clear``:
    whether the profiles that started a vertical domino must be cleared
    because the cell below is missing but will be swept later.  (In the last
    row they are left alone: their bit never clears again, so they never
    reach the empty final profile.)  ``uses``: how many components of the
    region have this very shape (they share one plan and one sweep).
    """

    def __init__(self, part):
        if isinstance(part, Region):
            r0, c0, r1, c1 = part.bounding_box()
            mask = np.asarray(part.mask[r0:r1, c0:c1], dtype=bool)
        else:
            mask = np.asarray(part, dtype=bool)
        self.uses = 1
        self.transposed = mask.shape[1] > mask.shape[0]
        if self.transposed:
            mask = mask.T
        self.mask = mask
        h, w = mask.shape
        self.height, self.width = h, w
        below = np.zeros_like(mask)
        below[:-1] = mask[1:]
        right = np.zeros_like(mask)
        right[:, :-1] = mask[:, 1:]
        rows, cols = np.nonzero(mask)
        self.n_cells = len(rows)
        # cells of colour 0 minus cells of colour 1 (colours relative to the box corner)
        self.balance = self.n_cells - 2 * int(((rows + cols) & 1).sum())
        self.rows = rows.tolist()
        self.cols = cols.tolist()
        self.right = right[rows, cols].tolist()
        self.clear = ((~below[rows, cols]) & (rows + 1 < h)).tolist()

    @property
    def n_states(self):
        return 1 << self.width

    @property
    def untileable(self):
        """Odd or unequal colours: no perfect tiling (the cheap parity test)."""
        return bool(self.n_cells % 2 or self.balance)

    def to_local(self, dominoes):
        """Dominoes ``(r, c, r2, c2)`` of the plan as a ``(k, 2, 2)`` array in the piece's box."""
        arr = np.array(dominoes, dtype=np.int64).reshape(-1, 2, 2)
        if self.transposed:
            arr = arr[:, :, ::-1]
        return np.ascontiguousarray(arr)

    def describe(self):
        return f"{self.height} x {self.width}" if not self.transposed else (
            f"{self.width} x {self.height}")


def _pieces(region):
    """The components of ``region`` as ``(origin, plan)`` pairs, and the distinct plans.

    Built from :meth:`Region.cropped_components` (O(cells + box) however
    many components there are); components of identical shape share one plan
    (its ``uses`` counts them), so that each shape is swept once.
    """
    plans = {}
    pieces = []
    for r0, c0, mask in region.cropped_components():
        key = (mask.shape, np.packbits(mask).tobytes())
        plan = plans.get(key)
        if plan is None:
            plan = plans[key] = _Plan(mask)
        else:
            plan.uses += 1
        pieces.append((np.array([r0, c0], dtype=np.int64), plan))
    return pieces, list(plans.values())


def _place(pieces, local):
    """Concatenate the local dominoes ``local[id(plan)]`` of every piece, moved to its origin."""
    out = [local[id(plan)] + origin for origin, plan in pieces]
    return np.concatenate(out) if out else np.zeros((0, 2, 2), dtype=np.int64)


# --------------------------------------------------------------------------- semirings


def _apply(ufunc, a, b, out):
    """``ufunc(a, b, out=out)`` on views of the profile array, iterated in the faster order.

    numpy runs the innermost loop over the contiguous run of a view (``2**c``
    profiles times the limbs); when that run is tiny the loop overhead
    dominates, and iterating the transposed views in C order (innermost: the
    long strided profile axis) is several times faster (measured).
    """
    if out.size <= 4 * out.shape[0]:
        ufunc(a.T, b.T, out=out.T, order="C")
    else:
        ufunc(a, b, out=out)


class _Ring:
    """The profile vector ``X`` over one semiring, with the step and its undo.

    Axis 0 of ``X`` is indexed by the ``2**w`` physical profiles; exact
    integers keep their limbs on the last axis, so that the slices a step
    touches stay long contiguous runs even for the low bits.  ``skip`` tells
    whether a cell may stay uncovered.
    """

    skip = False
    logs_main = True  # must the overwritten half/quarter be saved to undo a step?
    bound = 0  # bound on the magnitude of the entries (used by exact integers)
    packed = False  # only even physical profiles stored (see _Count)

    @property
    def X(self):
        return self._X

    @X.setter
    def X(self, value):
        self._X = value
        self._views = {}

    def half(self, c, b):
        """View of the profiles whose physical bit ``c`` is ``b``."""
        key = (c, b)
        view = self._views.get(key)
        if view is None:
            X = self._X
            view = X.reshape((X.shape[0] >> (c + 1), 2, 1 << c) + X.shape[1:])[:, b]
            self._views[key] = view
        return view

    def quarter(self, c, b1, b0):
        """View of the profiles whose physical bits ``c + 1``, ``c`` are ``b1``, ``b0``."""
        key = (c, b1, b0)
        view = self._views.get(key)
        if view is None:
            X = self._X
            view = X.reshape((X.shape[0] >> (c + 2), 2, 2, 1 << c) + X.shape[1:])[:, b1, b0]
            self._views[key] = view
        return view

    def reserve(self, factor):
        """Make room for one step that may multiply entries by ``factor``."""

    def step(self, c, f, right, clear, log):
        """Sweep the cell in column ``c`` under XOR mask ``f``; return the new mask.

        Logical profile ``s`` sits at physical index ``s ^ f``.  After the
        relabelling ``f ^= 1 << c`` the array already holds "covered cell:
        clear its bit" and "free cell: start a vertical domino"; what is left
        is the horizontal domino (logical bits (c+1, c): (1, 0) gains (0, 1)),
        the empty cell ((.., 0) gains (.., 1), one more monomer) and clearing
        the vertical starts when the cell below is missing.
        """
        f ^= 1 << c
        if self.skip or right:
            self.reserve(3 if self.skip else 2)
        b0 = (f >> c) & 1  # physical value of logical bit c = 0
        saved_main = saved_clear = None
        if self.skip:
            free = self.half(c, b0)
            if log is not None:
                saved_main = free.copy()
            if right:
                b1 = (f >> (c + 1)) & 1
                self.combine(self.quarter(c, b1 ^ 1, b0), self.quarter(c, b1, b0 ^ 1))
            self.combine_skip(free, self.half(c, b0 ^ 1))
        elif right:
            b1 = (f >> (c + 1)) & 1
            if self.packed and c == self.width - 2:
                if log is not None and self.logs_main:
                    saved_main = self.top_half(b0).copy()
                self.combine_top(b1, b0)
            else:
                dst = self.quarter(c, b1 ^ 1, b0)
                if log is not None and self.logs_main:
                    saved_main = dst.copy()
                self.combine(dst, self.quarter(c, b1, b0 ^ 1))
        if clear:
            if self.packed and c == self.width - 1:
                saved_clear = self.clear_top(b0 ^ 1)
            else:
                started = self.half(c, b0 ^ 1)
                if log is not None:
                    saved_clear = started.copy()
                started[...] = self.zero
        if log is not None:
            log.append((saved_main, saved_clear, self.bound))
        return f

    def undo(self, c, f, right, clear, entry):
        """Undo :meth:`step` for the cell in column ``c``; return the previous mask."""
        saved_main, saved_clear, bound = entry
        for saved in (saved_main, saved_clear):
            if saved is not None:
                self.fit(saved, bound)
        b0 = (f >> c) & 1
        if clear:
            if self.packed and c == self.width - 1:
                self.unclear_top(saved_clear)
            else:
                self.restore(self.half(c, b0 ^ 1), saved_clear)
        if self.skip:
            self.restore(self.half(c, b0), saved_main)
        elif right:
            b1 = (f >> (c + 1)) & 1
            top = self.packed and c == self.width - 2
            if self.logs_main:
                self.restore(self.top_half(b0) if top else self.quarter(c, b1 ^ 1, b0), saved_main)
            elif top:
                self.reserve(2)
                self.combine_top(b1, b0, undo=True)
            else:
                self.reserve(2)
                self.uncombine(self.quarter(c, b1 ^ 1, b0), self.quarter(c, b1, b0 ^ 1))
        return f ^ (1 << c)

    def restore(self, dst, saved):
        dst[...] = saved

    def fit(self, saved, bound):
        """Make room in ``X`` for saved undo data (a no-op but for exact integers)."""


class _Packed:
    """Mixin: keep only the physical profiles with an even number of set bits.

    The relabelling moves no data and a horizontal domino moves weight
    between physical profiles that differ in two bits, so every non-zero
    entry sits at an even physical profile.  Storage index ``t`` (``w - 1``
    bits) stands for the physical profile ``t | parity(t) << (w - 1)``: the
    top bit is implied.  Steps on the other bits are unchanged (``X`` simply
    has ``2**(w-1)`` rows); the horizontal domino on the two top columns and
    clearing the top column select entries by the parity of the other bits,
    through 0/1 masks.  Half the memory and about half the time.
    """

    def _pack(self, width, dtype, inner=()):
        self.width = width
        self.packed = width >= 3
        n = 1 << (width - 1 if self.packed else width)
        X = np.zeros((n,) + inner, dtype=dtype)
        X[(0,) * X.ndim] = 1
        self.X = X
        if self.packed:
            shape = (-1,) + (1,) * len(inner)
            odd = _parity(width - 2)  # parity of the bits below column w - 2
            self._odd_low = odd.astype(dtype).reshape(shape)
            self._even_low = (1 - odd).astype(dtype).reshape(shape)
            # parity of all w - 1 stored bits
            self._odd_all = np.concatenate([odd, 1 - odd]).astype(dtype).reshape(shape)

    def storage_index(self, index):
        """Row of ``X`` holding physical profile ``index``, or None when it is odd (zero)."""
        if not self.packed:
            return index
        if bin(index).count("1") % 2:
            return None
        return index & ((1 << (self.width - 1)) - 1)

    def top_half(self, b):
        """Rows whose stored bit w-2 is ``b``."""
        return self.X.reshape((2, self.X.shape[0] // 2) + self.X.shape[1:])[b]

    def combine_top(self, b1, b0, undo=False):
        """Horizontal domino on columns w-2, w-1: logical (1, 0) gains (0, 1).

        Physical target (b1^1, b0) and source (b1, b0^1): stored bit w-2 is
        b0 resp. b0^1, and both have parity(lower bits) = b1 ^ b0 ^ 1.
        """
        mask = self._odd_low if (b1 ^ b0 ^ 1) else self._even_low
        dst, src = self.top_half(b0), self.top_half(b0 ^ 1)
        buf = getattr(self, "_scratch_top", None)
        if buf is None or buf.shape != dst.shape:
            buf = self._scratch_top = np.empty_like(dst)
        moved = np.multiply(src, mask, out=buf)
        (self.uncombine if undo else self.combine)(dst, moved)

    def clear_top(self, b):
        """Zero the profiles whose physical top bit is ``b``; return them (for undo)."""
        saved = self.X * (self._odd_all if b else 1 - self._odd_all)
        self.X -= saved
        return saved

    def unclear_top(self, saved):
        self.X[..., : saved.shape[-1]] += saved


class _Reach(_Packed, _Ring):
    """Booleans: is the profile reachable (used by find)."""

    zero = 0

    def __init__(self, width):
        self._pack(width, np.uint8)

    def combine(self, dst, src):
        _apply(np.bitwise_or, dst, src, dst)

    def value(self, index):
        row = self.storage_index(index)
        return row is not None and bool(self.X[row])


class _MinUncovered(_Ring):
    """Min-plus: fewest cells left uncovered so far (used by max_cover)."""

    skip = True

    def __init__(self, width, n_cells):
        dtype = np.int16 if n_cells < 8000 else np.int32
        # Unreachable profiles hold a large value; +1 per step never overflows.
        self.zero = np.iinfo(dtype).max // 2
        self.X = np.full(1 << width, self.zero, dtype=dtype)
        self.X[0] = 0
        self._one = dtype(1)

    def combine(self, dst, src):
        _apply(np.minimum, dst, src, dst)

    def combine_skip(self, free, started):
        if getattr(self, "_scratch", None) is None or self._scratch.shape != started.shape:
            self._scratch = np.empty(started.shape, dtype=started.dtype)
        np.add(started, self._one, out=self._scratch)
        _apply(np.minimum, free, self._scratch, free)

    def value(self, index):
        value = int(self.X[index])
        return value if value < self.zero else None


class _Limbs(_Ring):
    """Exact non-negative integers as signed int64 limbs on the last axis (lazy carries).

    An entry is ``sum_i X[..., i] * 2**(LIMB_BITS * i)``.  Limbs may be
    negative or exceed ``2**LIMB_BITS`` between carries; ``bound`` bounds
    their magnitude so that a step can never overflow.
    """

    zero = 0
    logs_main = False
    shrinking = False

    def reserve(self, factor):
        if self.bound * factor >= _LIMIT:
            if self.shrinking:
                # Walking back, subtractions rarely let the limbs grow: look at
                # them (a read-only pass) before paying for a carry pass.
                X = self.X
                self.bound = max(int(X.max()), -int(X.min()), 1)
            if self.bound * factor >= _LIMIT >> 4:
                self.carry()
        self.bound *= factor

    def carry(self):
        """One vectorised carry pass; adds a limb when the top one grows too large.

        When :attr:`shrinking` (walking back, values only decrease) a top limb
        that has become zero everywhere is dropped.
        """
        X = self.X
        L = X.shape[-1]
        if L > 1:
            entries = X.reshape(-1, L)
            step = max(1, _CARRY_CHUNK // L)  # chunks stay in cache and need little scratch
            # one reusable buffer per sweep: fresh buffers cost page faults
            if getattr(self, "_carries", None) is None or len(self._carries) < step * L:
                self._carries = np.empty(step * L, dtype=np.int64)
            for start in range(0, len(entries), step):
                _carry_chunk(entries[start : start + step].reshape(-1), L, self._carries)
        top = max(int(X[..., -1].max()), -int(X[..., -1].min()))
        if top >= 1 << LIMB_BITS:
            c = X[..., -1:] >> LIMB_BITS
            X[..., -1:] &= _MASK
            self.X = X = np.concatenate([X, c], axis=-1)
            top = int(np.abs(c).max())
        elif self.shrinking:
            while X.shape[-1] > 1 and top == 0:
                X = X[..., :-1]
                top = max(int(X[..., -1].max()), -int(X[..., -1].min()))
            if X.shape[-1] < self.X.shape[-1]:
                self.X = X = np.ascontiguousarray(X)
        self.bound = max(_NORMAL if X.shape[-1] > 1 else 0, top, 1)

    def combine(self, dst, src):
        _apply(np.add, dst, src, dst)

    def uncombine(self, dst, src):
        _apply(np.subtract, dst, src, dst)

    def fit(self, saved, bound):
        # the saved limbs were below ``bound`` when saved; keep the bound valid for them
        self.bound = max(self.bound, bound)
        extra = saved.shape[-1] - self.X.shape[-1]
        if extra > 0:  # limbs were trimmed since the save
            pad = np.zeros(self.X.shape[:-1] + (extra,), dtype=self.X.dtype)
            self.X = np.concatenate([self.X, pad], axis=-1)

    def restore(self, dst, saved):
        k = saved.shape[-1]
        dst[..., :k] = saved
        if k < dst.shape[-1]:
            dst[..., k:] = 0

    @staticmethod
    def _to_int(limbs):
        total = 0
        for limb in reversed(limbs.tolist()):
            total = (total << LIMB_BITS) + limb
        return total


def _carry_chunk(flat, L, scratch):
    """Carry pass over whole entries of ``L`` limbs laid out one after another.

    On the flat array limb i + 1 of an entry follows limb i, so the carries
    move by one element; the top limb keeps its high part (nothing spills
    into the next entry).
    """
    carries = np.right_shift(flat, LIMB_BITS, out=scratch[: len(flat)])
    top_carry = carries[L - 1 :: L].copy()
    carries[L - 1 :: L] = 0
    flat &= _MASK
    flat[1:] += carries[:-1]
    flat[L - 1 :: L] += top_carry << LIMB_BITS


class _Count(_Packed, _Limbs):
    """Exact counts of partial tilings per profile (count and sample)."""

    def __init__(self, width):
        self._pack(width, np.int64, (1,))
        self.bound = 1

    def value(self, index):
        row = self.storage_index(index)
        return 0 if row is None else self._to_int(self.X[row])


@functools.lru_cache(maxsize=8)
def _parity(bits):
    """Parity of the number of set bits of 0 .. 2**bits - 1, as uint8 (Thue-Morse)."""
    parity = np.zeros(1, dtype=np.uint8)
    for _ in range(bits):
        parity = np.concatenate([parity, 1 - parity])
    parity.setflags(write=False)
    return parity


class _Polynomial(_Limbs):
    """Exact polynomials in the number of empty cells, per profile (dimer_polynomial)."""

    skip = True

    def __init__(self, width, n_cells):
        self.X = np.zeros((1 << width, n_cells + 1, 1), dtype=np.int64)
        self.X[0, 0, 0] = 1
        self.bound = 1

    def combine_skip(self, free, started):
        np.add(free[..., 1:, :], started[..., :-1, :], out=free[..., 1:, :])

    def value(self, index):
        return [self._to_int(limbs) for limbs in self.X[index]]


# --------------------------------------------------------------------------- sweeping


def _sweep(plan, ring, k0, k1, f, log=None, progress=None, checkpoints=None, every=None):
    """Apply steps ``k0 .. k1-1`` to ``ring``; return the final XOR mask.

    With ``log`` (a list) each step's undo data is appended; with
    ``checkpoints`` (a list) a copy ``(k, X, f)`` is kept before every
    ``every``-th step.
    """
    cols, right, clear = plan.cols, plan.right, plan.clear
    for k in range(k0, k1):
        if checkpoints is not None and (k - k0) % every == 0:
            checkpoints.append((k, ring.X.copy(), f))
        f = ring.step(cols[k], f, right[k], clear[k], log)
        if progress is not None:
            progress.update()
    return f


def _count_piece(plan, progress):
    """The counting sweep of one piece; returns the count of the empty final profile.

    Same steps as :meth:`_Ring.step` without undo data, with the per-step
    Python work cut to the bone: for widths up to about 12 that overhead,
    not numpy, is the cost.  Each (column, physical bits) addition is bound
    once to a ready-made call, rebuilt only when a carry reallocates ``X``.
    """
    ring = _Count(plan.width)
    top = plan.width - 2 if ring.packed else -1
    last = plan.width - 1 if ring.packed else -1
    calls, X, f = {}, ring.X, 0
    # the bound only doubles between carries: count the steps left instead
    headroom = 0
    for c, right, clear in zip(plan.cols, plan.right, plan.clear):
        f ^= 1 << c
        b0 = (f >> c) & 1
        if right:
            if headroom <= 0:
                if ring.bound * 2 >= _LIMIT:
                    ring.carry()
                    if ring.X is not X:
                        X, calls = ring.X, {}
                headroom = (_LIMIT - 1).bit_length() - ring.bound.bit_length()
                ring.bound <<= headroom
            headroom -= 1
            b1 = (f >> (c + 1)) & 1
            key = (c << 2) | (b1 << 1) | b0
            call = calls.get(key)
            if call is None:
                if c == top:
                    call = functools.partial(ring.combine_top, b1, b0)
                else:
                    call = _bound_add(ring.quarter(c, b1 ^ 1, b0), ring.quarter(c, b1, b0 ^ 1))
                calls[key] = call
            call()
        if clear:
            if c == last:
                ring.clear_top(b0 ^ 1)
            else:
                ring.half(c, b0 ^ 1)[...] = 0
        if progress is not None:
            progress.update()
    return ring.value(f)


def _bound_add(dst, src):
    """A zero-argument call doing ``dst += src`` in the faster order (see :func:`_apply`)."""
    if dst.size <= 4 * dst.shape[0]:
        return functools.partial(np.add, dst.T, src.T, out=dst.T, order="C")
    return functools.partial(np.add, dst, src, out=dst)


class _Chooser:
    """Picks, at each backward step, which predecessor profile the path came from."""

    def __init__(self, ring, value):
        self.ring = ring
        self.value = value


class _ReachChooser(_Chooser):
    def pick(self, candidates, f):
        for s, cost in candidates:
            if cost == 0 and self.ring.value(s ^ f):
                return s
        raise AssertionError("no reachable predecessor")  # pragma: no cover


class _CoverChooser(_Chooser):
    def pick(self, candidates, f):
        for s, cost in candidates:
            v = self.ring.value(s ^ f)
            if v is not None and v + cost == self.value:
                self.value = v
                return s
        raise AssertionError("no optimal predecessor")  # pragma: no cover


class _SampleChooser(_Chooser):
    """Exactly uniform: predecessor chosen with probability (its count) / (current count)."""

    def __init__(self, ring, value, rng):
        super().__init__(ring, value)
        self.rng = rng

    def pick(self, candidates, f):
        if len(candidates) == 1:
            return candidates[0][0]
        (a, _), (b, _) = candidates
        first = self.ring.value(a ^ f)
        assert 0 <= first <= self.value, "inconsistent counts while walking back"
        if _below(self.rng, self.value) < first:
            self.value = first
            return a
        self.value -= first
        return b


def _below(rng, n):
    """A uniform random integer in [0, n) for a Python int ``n`` of any size (rejection)."""
    if n < 1 << 62:
        return int(rng.integers(n))
    bits = n.bit_length()
    nbytes = (bits + 7) // 8
    while True:
        x = int.from_bytes(rng.bytes(nbytes), "little") >> (8 * nbytes - bits)
        if x < n:
            return x


def _walk_back(plan, ring, k0, k1, s, f, log, chooser, dominoes):
    """Follow profile ``s`` back from after step ``k1-1`` to before step ``k0``.

    Undoes each step on ``ring`` and appends the dominoes placed; returns (s, f).
    """
    rows, cols, right, clear = plan.rows, plan.cols, plan.right, plan.clear
    for k in range(k1 - 1, k0 - 1, -1):
        r, c = rows[k], cols[k]
        entry = log[k - k0] if log is not None else (None, None, 0)
        f = ring.undo(c, f, right[k], clear[k], entry)
        bit = 1 << c
        if s & bit:  # the cell started a vertical domino
            s ^= bit
            dominoes.append((r, c, r + 1, c))
            continue
        candidates = [(s | bit, 0)]
        if right[k] and s & (bit << 1):
            candidates.append((s ^ (bit << 1), 0))
        if ring.skip:
            candidates.append((s, 1))
        prev = chooser.pick(candidates, f)
        if prev != s | bit and prev != s:
            dominoes.append((r, c, r, c + 1))
        s = prev
    return s, f


# Python overhead of one undo-log entry (list slot, tuple, bound) and of one saved array.
_ENTRY_BYTES = 100
_ARRAY_BYTES = 112


def _undo_layout(plan, kind):
    """``(x, per_step)``: bytes of the profile array and of each step's undo entry.

    ``kind`` is "find" (booleans, parity-packed), "cover" (min-plus, every
    profile, a half saved per step) or "sample" (exact counts with the
    predicted number of limbs; only the cleared profiles are saved).  Follows
    :meth:`_Ring.step`: a quarter (half on the two packed top columns) saved
    for a horizontal domino, a half for a cleared column, the whole array for
    a cleared top column of a packed array (:meth:`_Packed.clear_top`).
    """
    w = plan.width
    packed = kind != "cover" and w >= 3
    rows = 1 << (w - 1 if packed else w)
    if kind == "find":
        x = rows
    elif kind == "cover":
        x = rows * (2 if plan.n_cells < 8000 else 4)
    elif kind == "sample":
        x = rows * 8 * _expected_limbs(plan)
    else:  # pragma: no cover
        raise ValueError(kind)
    cols = np.asarray(plan.cols, dtype=np.int64)
    right = np.asarray(plan.right, dtype=bool)
    clear = np.asarray(plan.clear, dtype=bool)
    if kind == "cover":
        main = np.full(len(cols), x // 2 + _ARRAY_BYTES, dtype=np.int64)
    elif kind == "find":
        top = packed & (cols == w - 2)
        main = np.where(right, np.where(top, x // 2, x // 4) + _ARRAY_BYTES, 0)
    else:
        main = np.zeros(len(cols), dtype=np.int64)
    last = packed & (cols == w - 1)
    cleared = np.where(clear, np.where(last, x, x // 2) + _ARRAY_BYTES, 0)
    return x, main + cleared + _ENTRY_BYTES


def _segments(plan, kind):
    """``(K, bytes)``: the segment length for reconstruction and the memory it needs.

    With the whole undo log in the budget, ``K`` is the number of cells.
    Otherwise the forward sweep keeps ``ceil(n / K)`` checkpoints (copies of
    the profile array) and each segment of ``K`` steps is recomputed with its
    log, so the memory is ``ceil(n / K)`` arrays plus the largest segment's
    log; ``K`` minimises that sum (about ``sqrt(n * array / step log)``).
    ``bytes`` counts the working array and scratch too; when it exceeds
    :data:`MEMORY_BUDGET` the reconstruction cannot fit.
    """
    x, per_step = _undo_layout(plan, kind)
    base = 3 * x  # the working array, its scratch and the transient copy of clear_top
    n = len(per_step)
    prefix = np.concatenate([[0], np.cumsum(per_step)])
    whole = base + int(prefix[-1])
    if whole <= MEMORY_BUDGET or n <= 1:
        return n, whole
    best = None
    ks = np.unique(np.round(1.05 ** np.arange(int(math.log(n, 1.05)) + 2)).astype(np.int64))
    for K in ks[ks < n].tolist():
        starts = np.arange(0, n, K)
        seg = int((prefix[np.minimum(starts + K, n)] - prefix[starts]).max())
        cost = base + len(starts) * (x + _ARRAY_BYTES + _ENTRY_BYTES) + seg
        if best is None or cost < best[1]:
            best = (K, cost)
    return best if best[1] < whole else (n, whole)


def _reconstruct(plan, ring, make_chooser, progress, kind):
    """Run the sweep and walk back from the empty profile; ``None`` when it is unreachable.

    Keeps the undo log of every step when it fits in the memory budget;
    otherwise (see :func:`_segments`) keeps a checkpoint every ``K`` steps
    and recomputes one segment of ``K`` steps at a time, with its log: twice
    the sweeps, memory ``n / K`` arrays plus one segment's log, both within
    :data:`MEMORY_BUDGET` (checked beforehand by :func:`_check_budget`).
    """
    n = plan.n_cells
    every, _ = _segments(plan, kind)
    if every >= n:
        checkpoints = [(0, ring.X, 0)]  # swept in place from the start
        every = n
    else:
        checkpoints = []
        f = _sweep(plan, ring, 0, n, 0, progress=progress, checkpoints=checkpoints, every=every)
        if ring.value(f) is None or ring.value(f) is False:
            return None
    _segments_hook(plan, kind, every, checkpoints)
    dominoes = []
    s, chooser = 0, None
    while checkpoints:
        # drop each checkpoint as it is used: it becomes the working array
        k0, X, f = checkpoints.pop()
        k1 = min(k0 + every, n)
        ring.X = X
        log = []
        f = _sweep(plan, ring, k0, k1, f, log=log, progress=progress if every == n else None)
        if chooser is None:
            final = ring.value(f ^ s)
            if final is None or final is False:
                return None
            chooser = make_chooser(ring, final)
        s, f = _walk_back(plan, ring, k0, k1, s, f, log, chooser, dominoes)
        del log
    return dominoes


def _segments_hook(plan, kind, every, checkpoints):
    """Called once the checkpoints are kept (a no-op; tests replace it to measure them)."""


def _sample_piece(plan, rng, progress):
    ring = _Count(plan.width)
    log = []
    f = _sweep(plan, ring, 0, plan.n_cells, 0, log=log, progress=progress)
    total = ring.value(f)
    if total == 0:
        return None
    dominoes = []
    ring.shrinking = True
    chooser = _SampleChooser(ring, total, rng)
    s, _ = _walk_back(plan, ring, 0, plan.n_cells, 0, f, log, chooser, dominoes)
    # back at the start: the empty profile, reached in exactly one way
    assert s == 0 and chooser.value == 1, "inconsistent counts while walking back"
    return _Dominoes(dominoes, total)


class _Dominoes(list):
    """The dominoes of a sampled piece, with the piece's number of tilings as ``total``."""

    def __init__(self, dominoes, total):
        super().__init__(dominoes)
        self.total = total


# --------------------------------------------------------------------------- budgets


def _expected_limbs(plan):
    return max(1, math.ceil((_BITS_PER_CELL * plan.n_cells + 8) / LIMB_BITS))


def _bytes_needed(plan, kind):
    n = plan.n_states
    # the counting and boolean sweeps store half the profiles (even parity)
    if kind == "count":
        return 8 * n * _expected_limbs(plan)
    if kind == "sample":
        # the array and its scratch, and the undo log: the profiles cleared
        # under missing cells (half the array each, the whole array for the
        # packed top column) and the entries themselves
        x, per_step = _undo_layout(plan, "sample")
        return 2 * x + int(per_step.sum())
    if kind == "find":
        return _segments(plan, "find")[1]
    if kind == "cover":
        # max_cover tries the boolean sweep first when the piece may have a tiling
        need = _segments(plan, "cover")[1]
        return need if plan.untileable else max(need, _segments(plan, "find")[1])
    if kind == "polynomial":
        return 2 * 8 * n * (plan.n_cells + 1) * max(1, math.ceil(plan.n_cells / LIMB_BITS))
    raise ValueError(kind)


_ALTERNATIVES = {
    "count": "use method='kasteleyn' or 'auto'",
    "find": "use method='hopcroft-karp' or 'auto'",
    "cover": "use method='hopcroft-karp' or 'auto'",
    "sample": "no other exact sampler handles it (method='shuffling' samples Aztec diamonds)",
    "polynomial": "count perfect tilings with tiling.count(region) instead",
}


def _check_budget(plans, kind):
    for plan in plans:
        w = plan.width
        where = f"the {plan.describe()} piece"
        if w > MAX_WIDTH:
            raise TooLargeError(
                f"the profile DP needs 2**{w} states for width {w} ({where}, narrow side {w} > "
                f"{MAX_WIDTH}); {_ALTERNATIVES[kind]}"
            )
        need = _bytes_needed(plan, kind)
        if need > MEMORY_BUDGET:
            how = ""
            if kind in ("find", "cover"):
                how = (" to walk back even with the best checkpoint spacing"
                       f" (undo log of {plan.n_cells} steps, 2**{w} profiles each)")
            raise TooLargeError(
                f"the profile DP would need about {need / 2**30:.3g} GiB for width {w} "
                f"and length {plan.height} ({where}, {plan.n_cells} cells; "
                f"budget {MEMORY_BUDGET / 2**30:.3g} GiB){how}; {_ALTERNATIVES[kind]}"
            )


def _progress(plans, progress, label):
    return Progress(sum(p.n_cells for p in plans), label, enabled=progress)


# --------------------------------------------------------------------------- public API


def count_tilings(region, *, progress=False):
    """Number of domino tilings of ``region``, exactly, by the broken-profile DP.

    Parameters
    ----------
    region : Region
    progress : bool
        Draw a progress bar on stderr.

    Returns
    -------
    int

    Raises
    ------
    TooLargeError
        when a piece is wider than :data:`MAX_WIDTH` on its narrow side, or
        would need more than :data:`MEMORY_BUDGET` bytes.

    Notes
    -----
    Each connected piece is cropped, turned so that its rows are the short
    side (width ``w``) and swept cell by cell over the ``2**w`` profiles
    (transfer-matrix method, Lieb 1967; the "broken profile" form as in
    Knuth, TAOCP 7.2.2).  The count is the product over the pieces; a piece
    with an odd number of cells or unequal colours gives 0 at once
    (:meth:`Region.trivially_untileable`), and pieces of the same shape are
    counted once.  Time O(cells 2**w L) with L the number of 47-bit limbs of
    the counts, memory O(2**w L).

    Examples
    --------
    >>> count_tilings(Region.rectangle(8, 8))
    12988816
    >>> count_tilings(Region.rectangle(2, 10))  # Fibonacci
    89
    """
    require_region(region, "count")
    if region.trivially_untileable():
        return 0
    _, plans = _pieces(region)
    _check_budget(plans, "count")
    total = 1
    with _progress(plans, progress, "profile DP") as bar:
        for plan in plans:  # one sweep per distinct shape
            total *= _count_piece(plan, bar if progress else None) ** plan.uses
            if total == 0:
                break
    return total


def find_tiling(region):
    """One perfect tiling of ``region``, or ``None`` when there is none.

    Parameters
    ----------
    region : Region

    Returns
    -------
    Tiling or None

    Notes
    -----
    A boolean broken-profile sweep (which profiles are reachable), then a
    walk back from the empty final profile choosing at each cell one
    reachable predecessor (at most two are possible).  Time O(cells 2**w);
    memory O(2**w) bytes of undo data per step, O(cells 2**w) in all.  When
    that exceeds :data:`MEMORY_BUDGET`, a checkpoint every K steps and one
    recomputed segment of K steps at a time, with K ~ sqrt(cells) chosen so
    that checkpoints plus segment log take the least memory, about
    O(sqrt(cells) 2**w) bytes (one more forward sweep of time); when even
    that exceeds the budget, TooLargeError.

    Raises
    ------
    TooLargeError
        when a piece is wider than :data:`MAX_WIDTH` on its narrow side, or
        its reconstruction cannot fit :data:`MEMORY_BUDGET`.

    Examples
    --------
    >>> find_tiling(Region.rectangle(2, 3)).is_perfect
    True
    >>> find_tiling(Region.rectangle(3, 3)) is None
    True
    """
    require_region(region, "find")
    if region.trivially_untileable():
        return None
    pieces, plans = _pieces(region)
    _check_budget(plans, "find")
    local = {}
    for plan in plans:  # one reconstruction per distinct shape
        dominoes = _reconstruct(plan, _Reach(plan.width), _ReachChooser, None, "find")
        if dominoes is None:
            return None
        local[id(plan)] = plan.to_local(dominoes)
    return Tiling(region, _place(pieces, local))


def max_cover(region):
    """A placement of as many non-overlapping dominoes as possible on ``region``.

    Parameters
    ----------
    region : Region

    Returns
    -------
    Tiling
        Perfect when the region has a tiling.

    Notes
    -----
    A min-plus broken-profile sweep in which a cell may also stay empty
    (cost 1), then a walk back from the empty final profile along optimal
    predecessors.  A piece with as many cells of each colour first tries the
    cheaper boolean sweep of :func:`find_tiling`, since a perfect tiling is a
    maximum cover.  Time O(cells 2**w), memory as for :func:`find_tiling`
    (a half array of undo data per step; checkpoints beyond the budget).

    Examples
    --------
    >>> t = max_cover(Region.rectangle(3, 3))
    >>> len(t), len(t.uncovered())
    (4, 1)
    """
    require_region(region, "max_cover")
    pieces, plans = _pieces(region)
    _check_budget(plans, "cover")
    local = {}
    for plan in plans:  # one reconstruction per distinct shape
        dominoes = None
        if not plan.untileable:  # a perfect tiling, when there is one, is a maximum cover
            dominoes = _reconstruct(plan, _Reach(plan.width), _ReachChooser, None, "find")
        if dominoes is None:
            ring = _MinUncovered(plan.width, plan.n_cells)
            dominoes = _reconstruct(plan, ring, _CoverChooser, None, "cover")
        local[id(plan)] = plan.to_local(dominoes)
    return Tiling(region, _place(pieces, local))


_NO_TILING = "cannot sample: the region has no tiling (see tiling.prove_impossible)"


def sample_tiling(region, rng=None):
    """A tiling of ``region`` drawn exactly uniformly from all its tilings.

    Parameters
    ----------
    region : Region
    rng : None, int or numpy.random.Generator

    Returns
    -------
    Tiling

    Raises
    ------
    TilingError
        when the region has no tiling.

    Notes
    -----
    The exact counting sweep, then a walk back from the empty final profile:
    at each cell the path came from one of at most two profiles, chosen with
    probability (its exact count) / (the current count), so every tiling has
    probability 1 / (number of tilings) (backward sampling through the
    transfer matrix).  Each step is undone by a subtraction, so the time is
    about twice that of :func:`count_tilings` and the memory that of the
    count plus the profiles cleared under missing cells, which are saved to
    be restored.  Pieces are sampled independently.

    Examples
    --------
    >>> sample_tiling(Region.rectangle(4, 4), rng=1).is_perfect
    True
    """
    require_region(region, "sample")
    rng = as_rng(rng)
    if region.trivially_untileable():
        raise TilingError(_NO_TILING)
    pieces, plans = _pieces(region)
    _check_budget(plans, "sample")
    out = []
    only = {}  # shapes with a single tiling: nothing to draw
    for origin, plan in pieces:
        local = only.get(id(plan))
        if local is None:
            dominoes = _sample_piece(plan, rng, None)
            if dominoes is None:
                raise TilingError(_NO_TILING)
            local = plan.to_local(dominoes)
            if dominoes.total == 1:
                only[id(plan)] = local
        out.append(local + origin)
    return Tiling(region, np.concatenate(out))


def dimer_polynomial(region):
    """Monomer-dimer polynomial: ``a[k]`` ways to place ``k`` non-overlapping dominoes.

    Parameters
    ----------
    region : Region

    Returns
    -------
    list of int
        ``a[0] = 1``, ``a[1]`` the number of adjacent pairs, ...,
        ``a[n_cells // 2]`` the number of perfect tilings when ``n_cells`` is even.

    Notes
    -----
    The broken-profile sweep with polynomial values: each profile carries
    exact counts indexed by the number of empty cells so far (an empty cell
    multiplies by x).  Time and memory O(cells 2**w) per sweep step times the
    limbs, so it is meant for small and narrow regions; pieces are
    multiplied as polynomials.

    Examples
    --------
    >>> dimer_polynomial(Region.rectangle(2, 2))
    [1, 4, 2]
    """
    require_region(region, "dimer_polynomial")
    _, plans = _pieces(region)
    _check_budget(plans, "polynomial")
    total = [1]
    for plan in plans:  # one sweep per distinct shape
        ring = _Polynomial(plan.width, plan.n_cells)
        f = _sweep(plan, ring, 0, plan.n_cells, 0)
        by_empty = ring.value(f)
        piece = [by_empty[plan.n_cells - 2 * k] for k in range(plan.n_cells // 2 + 1)]
        for _ in range(plan.uses):
            total = _poly_mul(total, piece)
    return total + [0] * (region.n_cells // 2 + 1 - len(total))


def _poly_mul(a, b):
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out


def estimated_seconds(region, kind="count"):
    """A cheap prediction of the profile DP's run time on ``region``.

    Parameters
    ----------
    region : Region
    kind : {"count", "cover"}
        ``"cover"`` stands for find, max_cover and sample.

    Returns
    -------
    float
        Seconds, or ``math.inf`` when the DP would refuse the region
        (too wide or over the memory budget).

    Notes
    -----
    Sums over the distinct piece shapes (each is swept once) ``steps *
    (per-step overhead + 2**w / 4 * limbs * seconds per element)``, with the
    limbs predicted from the growth rate of tilings of the square lattice,
    and one more sweep when reconstruction needs checkpoints; the constants
    were measured on the development machine.  O(cells + bounding box) to
    evaluate, however many pieces there are.

    Examples
    --------
    >>> estimated_seconds(Region.rectangle(8, 8)) < 1
    True
    >>> import math; estimated_seconds(Region.rectangle(40, 40)) == math.inf
    True
    """
    require_region(region, "estimated_seconds")
    if kind not in ("count", "cover"):
        raise TilingError(f"kind must be 'count' or 'cover', not {kind!r}")
    _, plans = _pieces(region)
    try:
        _check_budget(plans, "count" if kind == "count" else "cover")
    except TooLargeError:
        return math.inf
    seconds = 0.0
    for plan in plans:  # the functions sweep each distinct shape once
        limbs = (1 + _expected_limbs(plan)) / 2
        per_step = _SECONDS_PER_STEP + _SECONDS_PER_ELEMENT * plan.n_states / 4 * limbs
        sweeps = 1 if kind == "count" else 3
        if kind != "count" and _segments(plan, "cover")[0] < plan.n_cells:
            sweeps += 1  # checkpoints: the forward sweep is done twice
        seconds += plan.n_cells * per_step * sweeps
    return seconds
