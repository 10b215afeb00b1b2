"""
Placement probabilities of a region with a hole
===============================================

The probability that a given domino lies in a uniformly random tiling, for
every domino of the region, is the picture in which arctic curves of any
shape appear.  :func:`tiling.probabilities` computes them from the inverse of
the Kasteleyn matrix, and :func:`tiling.plot.draw_probabilities` draws them as
a heat map by orientation class.  Here a board with a square hole: frozen
brick walls along the straight outer edges, liquid mixing around the corners
of the hole.
"""

# requires: tiling.probabilities, tiling.plot.draw_probabilities

import tiling
from tiling import Region, plot

hole = [(r, c) for r in range(24, 36) for c in range(24, 36)]
region = Region.aztec_diamond(30).without(hole)
probs = tiling.probabilities(region)
ax = plot.draw_probabilities(region, probs=probs)
