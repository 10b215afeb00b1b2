"""
The Aztec diamond and its arctic circle
=======================================

The Aztec diamond of order n has 2^(n(n+1)/2) domino tilings.  Domino
shuffling draws one exactly uniformly at random; for large n the four corners
freeze into brick walls, each made of one of the four classes of dominoes
that shuffling moves north, south, west or east, and the disordered region
fills the inscribed circle: the arctic circle theorem of Jockusch, Propp and
Shor.  Order 200 has 40,200 dominoes and takes a few hundredths of a second.
"""

import tiling
from tiling import plot

diamond = tiling.sample_aztec(200, rng=7)
ax = plot.draw_tiling(diamond, colors="orientation", arctic=True)

# %%
# With a bias (horizontal dominoes weighing ``a``) the circle becomes an
# ellipse, which ``arctic=a`` draws:

biased = tiling.sample_aztec(200, rng=7, weights=2.0)
ax = plot.draw_tiling(biased, colors="orientation", arctic=2.0)
