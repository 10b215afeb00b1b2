"""
The chessboard
==============

The 8 x 8 board has 12,988,816 domino tilings.  :func:`tiling.count` counts
them exactly, and :func:`tiling.sample` draws one of them, every tiling with
the same probability.  By default the dominoes are coloured so that no two
neighbours share a colour, in a colour-blind-safe palette.
"""

import tiling
from tiling import examples, plot

board = examples.chessboard()
print(f"{tiling.count(board):,} tilings of the 8 x 8 board")

t = tiling.sample(board, rng=1)
ax = plot.draw_tiling(t, title="A uniformly random tiling of the 8 x 8 board")

# %%
# The same tiling for a paper: ``plot.save(ax, "board.pdf")`` writes vector
# paths, ``plot.save(t, "board.tex")`` a standalone LaTeX document whose TikZ
# code starts like this:

print("\n".join(plot.to_tikz(t).splitlines()[:6]))
