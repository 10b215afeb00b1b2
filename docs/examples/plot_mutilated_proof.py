"""
The mutilated chessboard
========================

Remove two opposite corners of the chessboard: 62 cells are left, and no
domino tiling.  Both corners have the same colour, and every domino covers
one cell of each colour, so the 32 black cells cannot all be matched with the
30 white ones.  :func:`tiling.prove_impossible` returns this argument as a
certificate that anyone can check, and :func:`tiling.plot.draw_certificate`
draws it.
"""

import tiling
from tiling import examples, plot

mutilated = examples.mutilated_chessboard()
proof = tiling.prove_impossible(mutilated)
print(proof)
print("checked independently:", proof.verify())
print(proof.explain())

ax = plot.draw_certificate(proof)
