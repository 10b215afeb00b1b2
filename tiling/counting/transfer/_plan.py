"""One connected piece of a region, cropped and turned for the sweep (its cells in sweep order)."""

from __future__ import annotations

import numpy as np

from ...model.region import Region

__all__ = ["Plan", "pieces", "place"]


class Plan:
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
        return (
            f"{self.height} x {self.width}"
            if not self.transposed
            else (f"{self.width} x {self.height}")
        )


def pieces(region):
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
            plan = plans[key] = Plan(mask)
        else:
            plan.uses += 1
        pieces.append((np.array([r0, c0], dtype=np.int64), plan))
    return pieces, list(plans.values())


def place(pieces, local):
    """Concatenate the local dominoes ``local[id(plan)]`` of every piece, moved to its origin."""
    out = [local[id(plan)] + origin for origin, plan in pieces]
    return np.concatenate(out) if out else np.zeros((0, 2, 2), dtype=np.int64)
