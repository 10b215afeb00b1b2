"""
A Hall set: the 7 x 7 figure
============================

This figure has 16 cells of each colour, so the colour argument of the
mutilated chessboard does not apply; still it has no tiling.  Six white cells
in the corner touch only five black cells: each domino on one of the six uses
up one of the five, so one of the six stays uncovered (Hall's condition
fails).  :func:`tiling.prove_impossible` finds such a set S and its
neighbours N(S) from a maximum matching.
"""

import tiling
from tiling import examples, plot

figure = examples.figure_7x7()
proof = tiling.prove_impossible(figure)
print(f"{proof.kind}: |S| = {len(proof.cells)}, |N(S)| = {len(proof.neighbors)}")
print(proof.to_ascii())

ax = plot.draw_certificate(proof)
