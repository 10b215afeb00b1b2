"""
A maximum cover, and why it is maximum
======================================

When a region has no tiling, :func:`tiling.max_cover` places as many
non-overlapping dominoes as possible, and :func:`tiling.cover_bound` proves
that no placement does better: a set S of cells of one colour (and one of the
other colour) with more cells than neighbours.  On the 7 x 7 figure the cover
leaves two cells bare, and the two Hall sets show that two must stay bare.
"""

import matplotlib.pyplot as plt

import tiling
from tiling import examples, plot

figure = examples.figure_7x7()
cover = tiling.max_cover(figure)
bound = tiling.cover_bound(figure)
print(f"{len(cover)} dominoes, {len(cover.uncovered())} cells uncovered; bound {bound.deficiency}")

fig, axes = plt.subplots(1, 2, figsize=(11.5, 5.4), layout="constrained")
plot.draw_tiling(cover, ax=axes[0])
plot.draw_certificate(bound, ax=axes[1])
