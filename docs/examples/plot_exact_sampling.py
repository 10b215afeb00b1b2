"""
An exactly uniform tiling of any region
=======================================

:func:`tiling.sample` draws a tiling of any region, holes included, with
every tiling equally likely.  Away from narrow regions and Aztec diamonds it
couples from the past: a monotone chain of random flips runs from the
greatest and from the least tiling, from further and further back with the
same coins, until both agree; the common tiling is then an exact sample
(Propp and Wilson).  Here a heart of 7,800 cells with a hole, its horizontal
dominoes orange and its vertical ones blue; it takes about a second.
"""

import numpy as np

import tiling
from tiling import Region, plot

# The heart curve (x^2 + y^2 - 1)^3 = x^2 y^3, drawn in 2 x 2 blocks (so that
# the region is sure to have tilings), with a 4 x 6 hole.
n = 120
k = n // 2
y, x = np.mgrid[0:k, 0:k] + 0.5
u, v = (x - k / 2) / (k / 2.6), (k / 2 - y) / (k / 2.6) + 0.25
mask = np.kron((u**2 + v**2 - 1) ** 3 - u**2 * v**3 <= 0, np.ones((2, 2), dtype=bool))
mask[40:44, 40:46] = False
heart = Region.from_mask(mask)
print(f"{heart.n_cells:,} cells, {len(heart.holes())} hole;", end=" ")
print("sampled by", tiling.registry.choose("sample", heart).name)

t = tiling.sample(heart, rng=14)
ax = plot.draw_tiling(t, colors="hv")
