"""
Four colours for the dominoes
=============================

:func:`tiling.color` colours the dominoes so that dominoes sharing a side
differ.  Coloured in reverse row-major order each domino sees at most four
coloured neighbours, so five colours always suffice, and a Kempe-chain swap
frees a colour whenever the fifth would be needed: four colours are
guaranteed.  With ``adjacency="touch"`` dominoes meeting at a corner differ
too, the look most pictures want.
"""

import matplotlib.pyplot as plt

import tiling
from tiling import Region, plot

t = tiling.sample(Region.rectangle(20, 30), rng=5)
side = tiling.color(t, k=4)
touch = tiling.color(t, k=5, adjacency="touch")

fig, axes = plt.subplots(1, 2, figsize=(11, 4.2), layout="constrained")
plot.draw_tiling(t, colors=side, ax=axes[0], title="4 colours: dominoes sharing a side differ")
plot.draw_tiling(t, colors=touch, ax=axes[1], title="5 colours: dominoes touching at all differ")
