"""Hypothesis strategies for random regions, shared by every test module."""

import numpy as np
from hypothesis import strategies as st

from tiling import Region


@st.composite
def masks(draw, max_height=6, max_width=7, min_cells=1, density=None):
    """A boolean mask of random shape with at least ``min_cells`` True cells."""
    h = draw(st.integers(1, max_height))
    w = draw(st.integers(1, max_width))
    if density is None:
        density = draw(st.sampled_from([0.6, 0.75, 0.85, 0.95, 1.0]))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    mask = rng.random((h, w)) < density
    flat = mask.ravel()
    if flat.sum() < min_cells:
        flat[rng.choice(h * w, size=min(min_cells, h * w), replace=False)] = True
    return mask


@st.composite
def regions(draw, max_height=6, max_width=7, **kwargs):
    """A random region (possibly disconnected, possibly with holes)."""
    return Region.from_mask(draw(masks(max_height, max_width, **kwargs)))


@st.composite
def balanced_regions(draw, max_height=6, max_width=7, **kwargs):
    """A random region with as many cells of each colour (removing extra cells at random)."""
    mask = draw(masks(max_height, max_width, min_cells=2, **kwargs)).copy()
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
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
    extra = abs(n0 - n1)
    candidates = np.flatnonzero(colors == extra_color)
    drop = rng.choice(candidates, size=extra, replace=False)
    mask[rr[drop], cc[drop]] = False
    return Region.from_mask(mask)
