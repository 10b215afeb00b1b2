"""Hypothesis strategies for random regions, shared by every test module.

Built from :func:`hypothesis.extra.numpy.arrays`, so a failing example shrinks
cell by cell towards the smallest, fullest board that still fails (no random
seed hides the structure from the shrinker).
"""

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from tiling import Region

# P(a cell is missing) = 1 / k for k in _SPARSITY (None: no holes), up to half the cells.
_SPARSITY = (None, 20, 7, 4, 2)


@st.composite
def masks(draw, max_height=6, max_width=7, min_cells=1, density=None):
    """A boolean mask of random shape with at least ``min_cells`` True cells.

    ``density`` (a probability) fixes the share of cells kept; by default it
    varies from a full board to half the cells.  Missing cells shrink away, so
    the shrunk example is the fullest board that still fails.
    """
    h = draw(st.integers(1, max_height))
    w = draw(st.integers(1, max_width))
    if density is None:
        k = draw(st.sampled_from(_SPARSITY))
    else:
        k = None if density >= 1 else max(1, round(1 / (1 - density)))
    if k is None:
        cell = st.just(False)
    else:  # shrinks to 0, that is to False: no hole
        cell = st.integers(0, k - 1).map(lambda x, k=k: x == k - 1)
    missing = draw(hnp.arrays(np.bool_, (h, w), elements=cell))
    mask = ~missing
    flat = mask.ravel()
    short = min(min_cells, h * w) - int(flat.sum())
    if short > 0:  # switch on the first missing cells, in row-major order
        flat[np.flatnonzero(~flat)[:short]] = True
    return mask


@st.composite
def regions(draw, max_height=6, max_width=7, **kwargs):
    """A random region (possibly disconnected, possibly with holes)."""
    return Region.from_mask(draw(masks(max_height, max_width, **kwargs)))


@st.composite
def balanced_regions(draw, max_height=6, max_width=7, **kwargs):
    """A random region with as many cells of each colour (the last extra cells removed)."""
    mask = draw(masks(max_height, max_width, min_cells=2, **kwargs)).copy()
    rr, cc = np.nonzero(mask)
    colors = (rr + cc) % 2
    n0, n1 = int((colors == 0).sum()), int((colors == 1).sum())
    if n0 == 0 or n1 == 0:
        # force a domino in
        mask[0, 0] = True
        if mask.shape[1] > 1:
            mask[0, 1] = True
        else:
            mask = np.vstack([mask, np.zeros((1, 1), bool)])
            mask[1, 0] = True
        rr, cc = np.nonzero(mask)
        colors = (rr + cc) % 2
        n0, n1 = int((colors == 0).sum()), int((colors == 1).sum())
    extra_color = 0 if n0 > n1 else 1
    # which extra cells go is drawn too, so it shrinks (to the last ones)
    candidates = np.flatnonzero(colors == extra_color)
    drop = draw(st.permutations(candidates.tolist()))[-abs(n0 - n1) :] if n0 != n1 else []
    mask[rr[drop], cc[drop]] = False
    return Region.from_mask(mask)


def _fill_holes(mask):
    """The largest 4-connected piece of ``mask`` with every enclosed gap filled.

    Gaps are filled when enclosed in the sense of the closed cells (missing
    cells joined across sides only), so a gap touching the outside only at a
    corner is filled too: the result has no hole of any kind.
    """
    import scipy.ndimage as ndi

    four = np.array([[0, 1, 0], [1, 1, 1], [0, 1, 0]], bool)
    labels, k = ndi.label(mask, structure=four)
    if k > 1:
        sizes = np.bincount(labels.ravel())[1:]
        mask = labels == 1 + int(np.argmax(sizes))
    padded = np.pad(mask, 1)
    outside, _ = ndi.label(~padded, structure=four)
    filled = padded | (outside != outside[0, 0])
    return filled[1:-1, 1:-1]


@st.composite
def simply_connected_regions(draw, max_height=6, max_width=7, **kwargs):
    """A random connected region without holes (not even at a corner), tileable or not."""
    return Region.from_mask(_fill_holes(draw(masks(max_height, max_width, **kwargs))))
