"""Sweeping the cells forward, and walking back to read off a tiling or a cover."""

from __future__ import annotations

import functools

import numpy as np

from . import _budget
from ._rings import LIMIT, _Count

__all__ = ["_sweep", "_count_piece", "_reconstruct", "_sample_piece"]


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
                if ring.bound * 2 >= LIMIT:
                    ring.carry()
                    if ring.X is not X:
                        X, calls = ring.X, {}
                headroom = (LIMIT - 1).bit_length() - ring.bound.bit_length()
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


def _reconstruct(plan, ring, make_chooser, progress, kind):
    """Run the sweep and walk back from the empty profile; ``None`` when it is unreachable.

    Keeps the undo log of every step when it fits in the memory budget;
    otherwise (see :func:`_segments`) keeps a checkpoint every ``K`` steps
    and recomputes one segment of ``K`` steps at a time, with its log: twice
    the sweeps, memory ``n / K`` arrays plus one segment's log, both within
    :data:`MEMORY_BUDGET` (checked beforehand by :func:`_check_budget`).
    """
    n = plan.n_cells
    every, _ = _budget.segments(plan, kind)
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
