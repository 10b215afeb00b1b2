"""
Placement probabilities of a hexagon of staircases
==================================================

The probability that a given domino lies in a uniformly random tiling, for
every domino of the region, is the picture in which arctic curves of any
shape appear.  :func:`tiling.probabilities` computes them from the inverse of
the Kasteleyn matrix, and :func:`tiling.plot.draw_probabilities` draws them as
a heat map by orientation class.  The region is an Aztec diamond of order 30
cut flat at the top and the bottom: four staircase sides, which freeze, and
two flat ones, which do not, so the arctic curve is no longer a circle.
"""

# requires: tiling.probabilities, tiling.plot.draw_probabilities

import tiling
from tiling import Region, plot

mask = Region.aztec_diamond(30).mask.copy()
mask[:12] = False  # every row of an Aztec diamond has an even length,
mask[-12:] = False  # so cutting whole rows leaves a tileable region
region = Region.from_mask(mask).cropped()

probs = tiling.probabilities(region)  # (horizontal, vertical), as the weights
ax = plot.draw_probabilities(region, probs=probs)
