"""What the DP would cost: memory of each kind of sweep, checkpoint spacing, refusals.

Every public function checks :func:`check_budget` before it starts, so a
region the DP cannot handle is refused at once with a message naming the
method that can, never after minutes or with an out-of-memory crash.
"""

from __future__ import annotations

import math

import numpy as np

from ..._progress import Progress
from ...errors import TooLargeError
from ._rings import LIMB_BITS

__all__ = [
    "MAX_WIDTH",
    "MEMORY_BUDGET",
    "check_budget",
    "segments",
    "undo_layout",
    "progress_bar",
    "count_bytes",
    "count_seconds",
]

#: Widest profile (after turning the region) the DP accepts: 2**26 states.
MAX_WIDTH = 26
#: Bytes of working memory the DP may use before it refuses with TooLargeError.
MEMORY_BUDGET = 4 * 2**30
# log2 of the number of tilings per cell of large squares (Catalan's G / pi / ln 2):
# used to predict limb counts, not for exactness.
_BITS_PER_CELL = 0.4207
# Seconds per array element and per step (calibrated on the development machine).
SECONDS_PER_ELEMENT = 1.5e-9
SECONDS_PER_STEP = 5e-6

_ENTRY_BYTES = 100
_ARRAY_BYTES = 112


def undo_layout(plan, kind):
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
        x = rows * 8 * expected_limbs(plan)
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


def segments(plan, kind):
    """``(K, bytes)``: the segment length for reconstruction and the memory it needs.

    With the whole undo log in the budget, ``K`` is the number of cells.
    Otherwise the forward sweep keeps ``ceil(n / K)`` checkpoints (copies of
    the profile array) and each segment of ``K`` steps is recomputed with its
    log, so the memory is ``ceil(n / K)`` arrays plus the largest segment's
    log; ``K`` minimises that sum (about ``sqrt(n * array / step log)``).
    ``bytes`` counts the working array and scratch too; when it exceeds
    :data:`MEMORY_BUDGET` the reconstruction cannot fit.
    """
    x, per_step = undo_layout(plan, kind)
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


def expected_limbs(plan):
    return _limbs(plan.n_cells)


def _limbs(n_cells):
    return max(1, math.ceil((_BITS_PER_CELL * n_cells + 8) / LIMB_BITS))


# The counting sweep's peak memory, measured: 1.3 to 1.5 times its profile
# array (8 bytes per limb for all 2**w profiles), the rest being the carry
# pass's and the step's scratch (22 x 22: 168 MB predicted array, 237 MB peak).
_COUNT_PEAK = 1.5


def count_bytes(width, n_cells):
    """Peak bytes of the counting sweep over ``n_cells`` cells at profile width ``width``."""
    return int(_COUNT_PEAK * 8 * (1 << width) * _limbs(n_cells))


def count_seconds(region):
    """Predicted seconds of the counting DP on ``region``, inf when it would refuse.

    Reads only each distinct piece's box and cell count (never builds the
    sweep's plan), so it is cheap and bounded for any region: O(cells +
    box).  Constants measured on the development machine, strips 2 x 10^5 to
    boards 24 x 24.
    """
    seen = {}
    for _, _, mask in region.cropped_components():
        key = (mask.shape, np.packbits(mask).tobytes())
        if key not in seen:
            seen[key] = (min(mask.shape), int(mask.sum()))
    seconds = 0.0
    for width, n_cells in seen.values():
        if width > MAX_WIDTH or count_bytes(width, n_cells) > MEMORY_BUDGET:
            return math.inf
        seconds += n_cells * _step_seconds(width, n_cells)
    return seconds


def _step_seconds(width, n_cells):
    """Seconds per cell of the counting sweep at profile width ``width``."""
    limbs = (1 + _limbs(n_cells)) / 2
    # per limb of a profile: cheaper when there are many limbs (the per-row work
    # is amortised); fitted from 2 x 10^5 to 24 x 24 (within 2x, but 3x at
    # width 2 and very short strips)
    per_element = 4.5e-10 + 4.5e-9 / limbs
    return 1.5e-6 + (1 << width) / 4 * limbs * per_element


def bytes_needed(plan, kind):
    n = plan.n_states
    # the counting and boolean sweeps store half the profiles (even parity)
    if kind == "count":
        return count_bytes(plan.width, plan.n_cells)
    if kind == "sample":
        # the array and its scratch, and the undo log: the profiles cleared
        # under missing cells (half the array each, the whole array for the
        # packed top column) and the entries themselves
        x, per_step = undo_layout(plan, "sample")
        return 2 * x + int(per_step.sum())
    if kind == "find":
        return segments(plan, "find")[1]
    if kind == "cover":
        # max_cover tries the boolean sweep first when the piece may have a tiling
        need = segments(plan, "cover")[1]
        return need if plan.untileable else max(need, segments(plan, "find")[1])
    if kind == "polynomial":
        return 2 * 8 * n * (plan.n_cells + 1) * max(1, math.ceil(plan.n_cells / LIMB_BITS))
    raise ValueError(kind)


_ALTERNATIVES = {
    "count": "use method='kasteleyn' or 'auto'",
    "find": "use method='hopcroft-karp' or 'auto'",
    "cover": "use method='hopcroft-karp' or 'auto'",
    "sample": "use method='cftp' or 'auto'",
    "polynomial": "count perfect tilings with tiling.count(region) instead",
}


def check_budget(plans, kind):
    for plan in plans:
        w = plan.width
        where = f"the {plan.describe()} piece"
        if w > MAX_WIDTH:
            raise TooLargeError(
                f"the profile DP needs 2**{w} states for width {w} ({where}, narrow side {w} > "
                f"{MAX_WIDTH}); {_ALTERNATIVES[kind]}"
            )
        need = bytes_needed(plan, kind)
        if need > MEMORY_BUDGET:
            how = ""
            if kind in ("find", "cover"):
                how = (
                    " to walk back even with the best checkpoint spacing"
                    f" (undo log of {plan.n_cells} steps, 2**{w} profiles each)"
                )
            raise TooLargeError(
                f"the profile DP would need about {need / 2**30:.3g} GiB for width {w} "
                f"and length {plan.height} ({where}, {plan.n_cells} cells; "
                f"budget {MEMORY_BUDGET / 2**30:.3g} GiB){how}; {_ALTERNATIVES[kind]}"
            )


def progress_bar(plans, progress, label):
    """The DP's progress bar; it shows the counting model's predicted time left from the start."""
    expected = None
    if progress and label == "profile DP":
        expected = sum(p.n_cells * _step_seconds(p.width, p.n_cells) for p in plans)
    return Progress(sum(p.n_cells for p in plans), label, enabled=progress, expected=expected)
