"""
Domino shuffling, step by step
==============================

Domino shuffling grows a uniformly random tiling of the Aztec diamond one
order at a time, each step in three phases: delete the pairs of dominoes
about to collide, slide every domino one cell in its direction, and fill the
empty 2 x 2 blocks with a pair of parallel dominoes chosen by a fair coin.
:func:`tiling.random.shuffle_steps` keeps every order's tiling and
:func:`tiling.plot.animate_shuffling` shows the phases, zoomed to the growing
diamond (``plot.save(anim, "shuffling.gif")`` writes a GIF).
"""

import tiling
from tiling import plot

steps = tiling.random.shuffle_steps(8, rng=1)
anim = plot.animate_shuffling(steps, interval=400)

# %%
# The last order's tiling is a uniformly random tiling of the Aztec diamond of
# order 8, coloured by the direction each domino would slide next:

ax = plot.draw_tiling(steps[-1], colors="orientation")

# sphinx_gallery_thumbnail_number = 2
