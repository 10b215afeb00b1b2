"""The profile vector over each semiring, with the step of one cell and its undo.

Booleans (find), min-plus (max cover), exact integers as 47-bit limbs with
lazy carries (count, sample) and polynomials in the number of empty cells
(the monomer-dimer polynomial); see :mod:`tiling.counting.transfer` for why
each step is what it is.
"""

from __future__ import annotations

import functools

import numpy as np

__all__ = ["_Ring", "_Reach", "_MinUncovered", "_Count", "_Polynomial", "LIMB_BITS", "LIMIT"]

#: Bits per limb of the exact counts (int64 limbs leave 63 - LIMB_BITS bits of headroom).
LIMB_BITS = 47

_MASK = (1 << LIMB_BITS) - 1
_CARRY_CHUNK = 1 << 18  # limbs per chunk of a carry pass
LIMIT = 1 << 62  # limb magnitudes stay below this, so a sum never overflows int64
# After a carry pass every limb but the top one is below this.
_NORMAL = (1 << LIMB_BITS) + (1 << (63 - LIMB_BITS))
# Counts of at least this many limbs are read by a compiled pass (linear time);
# shorter ones in Python, which costs no compilation for small regions.
_COMPILED_FROM = 64


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
        if self.bound * factor >= LIMIT:
            if self.shrinking:
                # Walking back, subtractions rarely let the limbs grow: look at
                # them (a read-only pass) before paying for a carry pass.
                X = self.X
                self.bound = max(int(X.max()), -int(X.min()), 1)
            if self.bound * factor >= LIMIT >> 4:
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
        """The Python int ``sum_i limbs[i] * 2**(LIMB_BITS * i)`` (limbs of any sign).

        Pairs of neighbours are joined level by level, so each level costs
        O(bits) and the whole O(bits log limbs); long counts go through one
        compiled carry-and-pack pass (:mod:`._pack`), O(bits).  Horner's rule
        (one shift of the growing total per limb) was quadratic, which
        dominated sampling long strips, where every step of the walk back
        reads a count.
        """
        if limbs.shape[-1] >= _COMPILED_FROM:
            from ._pack import limbs_to_int

            value = limbs_to_int(limbs, LIMB_BITS)
            if value is not None:
                return value
        values = limbs.tolist()
        shift = LIMB_BITS
        while len(values) > 1:
            if len(values) % 2:
                values.append(0)
            values = [low + (high << shift) for low, high in zip(values[::2], values[1::2])]
            shift *= 2
        return values[0] if values else 0


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
