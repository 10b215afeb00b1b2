"""
Heights in three dimensions
===========================

Thurston's height function turns a tiling into a surface: walking along a
cell side the height rises by 1 or falls by 1 with the colour of the cell on
the left, except across a domino, where it changes by 3 the other way.  On a
random Aztec diamond the frozen corners are flat facets and the disordered
middle is a smooth curved surface, the limit shape of the dimer model.
"""

import tiling
from tiling import plot

t = tiling.sample_aztec(80, rng=3)
ax = plot.draw_heights(t, style="surface")

# %%
# The same function as a colour map with contours:

ax = plot.draw_heights(t)
