"""Write notebooks/tour.ipynb, without outputs, from the cells below.

The notebook is generated rather than edited by hand so that it stays
reviewable as plain Python and is always stored clean (no outputs, no
execution counts).  Run ``python notebooks/build_tour.py`` after editing;
``tests/test_notebooks.py`` executes the result.
"""

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

CELLS = [
    (
        "md",
        """# A tour of `tiling`

Domino tilings of grid regions, exactly: count them, find one, prove there is
none, cover as much as possible, sample one uniformly at random, colour and
draw it.  Every number below is exact (Python integers), and every proof of
impossibility can be checked independently.

Sizes are kept small so the whole notebook runs in seconds; each section says
how far the method goes.""",
    ),
    (
        "code",
        """import time

import matplotlib.pyplot as plt
from IPython.display import HTML, display

import tiling
from tiling import Region, examples, plot""",
    ),
    (
        "md",
        """## 1. The chessboard puzzle

A domino covers two neighbouring squares.  The 8 x 8 board can be tiled in
12,988,816 ways.  Remove two opposite corners and no tiling is left: both
corners have the same colour, and every domino covers one square of each
colour.""",
    ),
    (
        "code",
        """board = examples.chessboard()
print(tiling.count(board), "tilings of the 8 x 8 board")
plot.draw_tiling(tiling.sample(board, rng=1));""",
    ),
    (
        "code",
        """mutilated = examples.mutilated_chessboard()
print(tiling.count(mutilated), "tilings of the mutilated board")
proof = tiling.prove_impossible(mutilated)
print(proof.kind, "certificate, verified independently:", proof.verify(mutilated))
print(proof.explain())
plot.draw_certificate(proof);""",
    ),
    (
        "md",
        """## 2. Your own region

Regions are text pictures: `.` is a cell, `#` or a space is not.  The same
pictures work on the command line (`tiling count shape.txt`).""",
    ),
    (
        "code",
        """heart = Region.from_ascii('''
 ..  ..
........
........
 ......
  ....
   ..
''')
print(heart.n_cells, "cells, balance", heart.balance)
one = tiling.find(heart)
print(one.to_ascii())
print(tiling.count(heart), "tilings in all")""",
    ),
    (
        "md",
        """## 3. Counting

`tiling.count` chooses between two exact methods:

* the **transfer-matrix (broken-profile) DP**, cost about cells x 2^width, for
  narrow regions of any length;
* **Kasteleyn's determinant**: sign the black x white adjacency matrix so that
  every face satisfies Kasteleyn's condition, then the count is |det|,
  computed modulo many primes and reassembled by the Chinese remainder
  theorem; polynomial, for wide regions with holes.

They agree with each other and with brute force on small regions.""",
    ),
    (
        "code",
        """shapes = {"ring": examples.ring(), "holey": examples.holey_board(), "6 x 6": Region.rectangle(6, 6)}
for name, r in shapes.items():
    counts = {m: tiling.count(r, method=m) for m in ("brute", "dp", "kasteleyn")}
    print(f"{name:6}", counts)""",
    ),
    ("md", """2 x n strips have Fibonacci-many tilings; the counts are exact however long."""),
    (
        "code",
        """fib = [1, 1]
while len(fib) < 502:
    fib.append(fib[-1] + fib[-2])
n = tiling.count(Region.rectangle(2, 500), method="dp")
print(n == fib[500], len(str(n)), "digits")""",
    ),
    (
        "md",
        """Wide regions with holes go to Kasteleyn's method: here a 60 x 60 board
with three domino-shaped holes (too wide for the DP's 2^60 profiles).""",
    ),
    (
        "code",
        """holes = [(20, 20), (20, 21), (35, 40), (36, 40), (45, 12), (45, 13)]
wide = Region.rectangle(60, 60).without(holes)
start = time.perf_counter()
big = tiling.count(wide)
print(f"{len(str(big))} digits in {time.perf_counter() - start:.2f} s")
print(str(big)[:60] + "...")""",
    ),
    (
        "md",
        """## 4. Proofs of impossibility

Balanced colours are not enough.  In this 7 x 7 figure both colours have 16
cells, yet there is no tiling: a set S of cells of one colour has fewer
neighbours N(S) than members (Hall's condition fails), and each domino on a
cell of S uses up a cell of N(S).""",
    ),
    (
        "code",
        """figure = examples.figure_7x7()
print(figure.to_ascii())
proof = tiling.prove_impossible(figure)
print(proof.kind, len(proof.cells), "cells in S,", len(proof.neighbors), "in N(S)")
print("checked independently:", proof.verify(figure))
print(proof.explain())
plot.draw_certificate(proof);""",
    ),
    (
        "md",
        """## 5. Maximum covers

When no tiling exists, place as many dominoes as possible.  The same kind of
certificate proves that no placement does better: its deficiency is the
number of cells that must stay uncovered.""",
    ),
    (
        "code",
        """cover = tiling.max_cover(figure)
bound = tiling.cover_bound(figure)
print(len(cover), "dominoes,", len(cover.uncovered()), "cells uncovered; bound:", bound.deficiency)
fig, axes = plt.subplots(1, 2, figsize=(9, 4.5), layout="constrained")
plot.draw_tiling(cover, ax=axes[0])
plot.draw_certificate(bound, ax=axes[1]);""",
    ),
    (
        "md",
        """Kuhn's algorithm grows the cover one augmenting path at a time: a path from
an uncovered cell to another, alternating between free pairs and dominoes,
along which every domino shifts by one.  The animation replays the paths.""",
    ),
    (
        "code",
        """from tiling.matching import kuhn_steps

small = Region.rectangle(4, 5).without([(0, 0), (3, 4)])
paths = kuhn_steps(small)
print(len(paths), "augmenting paths")
fig, ax = plt.subplots(figsize=(4, 3.5))
anim = plot.animate_matching(small, paths, ax=ax)
display(HTML(anim.to_jshtml()))
plt.close(fig)  # the animation above is the picture; no extra still frame""",
    ),
    (
        "md",
        """## 6. Kasteleyn's matrix

For the 3 x 3 board without its centre (2 tilings), the textbook signs
(horizontal +1, vertical alternating) fail: the hole encloses an odd number of
missing cells.  `tiling.counting.kasteleyn` repairs the signs around every such hole.""",
    ),
    (
        "code",
        """from tiling.counting import kasteleyn

ring = examples.ring()
K, black, white = kasteleyn.matrix(ring)
print(K.toarray())
import sympy
print("|det K| =", abs(sympy.Matrix(K.toarray()).det()), " count =", tiling.count(ring, method="brute"))""",
    ),
    (
        "md",
        """## 7. Spanning trees

Kirchhoff's matrix-tree theorem counts spanning trees as a determinant of the
reduced Laplacian, on the same exact engine.  networkx answers with a float
(and overflows to `inf` from about 26 x 26); `tiling.spanning_trees` is exact.
Temperley's bijection turns the spanning trees of a grid into the tilings of a
larger region.""",
    ),
    (
        "code",
        """import networkx as nx
from tiling.graphs import temperley

grid = Region.rectangle(8, 8)
exact = tiling.spanning_trees(grid)
approx = nx.number_of_spanning_trees(grid.to_networkx())
print("exact:   ", exact)
print("networkx:", approx)
small = Region.rectangle(3, 4)
print(tiling.spanning_trees(small), "spanning trees of the 3 x 4 grid =",
      tiling.count(temperley.region(small)), "tilings of its Temperley region")""",
    ),
    (
        "md",
        """## 8. Colouring

Dominoes that share a side form a planar graph, and more: coloured in
reverse row-major order, each domino meets at most four coloured neighbours.
So five colours never get stuck, and with four colours a domino whose four
neighbours carry all four is unblocked by a Kempe-chain swap (two colours
exchanged along a connected chain): four colours are guaranteed.  The
animation shows the four-colouring, swaps included.""",
    ),
    (
        "code",
        """t = tiling.sample(Region.rectangle(8, 8), rng=11)  # a tiling that needs one swap
colors4 = tiling.color(t, k=4)
steps = tiling.coloring.color_steps(t, k=4)  # the same run, step by step
swaps = sum(1 for step in steps if step[0] == "swap")
print(len(set(colors4.tolist())), "colours,", swaps, "Kempe swaps")
fig, ax = plt.subplots(figsize=(4, 4))
anim = plot.animate_coloring(t, steps, ax=ax)
display(HTML(anim.to_jshtml()))
plt.close(fig)
plot.draw_tiling(t, colors=colors4);""",
    ),
    (
        "md",
        """## 9. The Aztec diamond and the arctic circle

The Aztec diamond of order n has 2^(n(n+1)/2) tilings.  Domino shuffling
draws one exactly uniformly at random; for large n the corners freeze into
brick walls outside the inscribed circle (the arctic circle theorem).""",
    ),
    (
        "code",
        """from tiling.counting import aztec_count

n = 60
print(aztec_count(n) == 2 ** (n * (n + 1) // 2))
diamond = tiling.sample_aztec(n, rng=7)
plot.draw_tiling(diamond, colors="orientation", arctic=True);""",
    ),
    (
        "code",
        """steps = tiling.random.shuffle_steps(10, rng=7)
fig, ax = plt.subplots(figsize=(4, 4))
anim = plot.animate_shuffling(steps, ax=ax)
display(HTML(anim.to_jshtml()))
plt.close(fig)""",
    ),
    (
        "md",
        """## 10. Heights and flips

Thurston's height function turns a tiling into a surface: walking along a
cell side the height rises by 1 when the cell on the left has colour 0 and
falls by 1 when it has colour 1, except across the middle of a domino, where
it changes by 3 the other way.  A *flip* turns two parallel dominoes in a
2 x 2 block by a quarter turn and moves one height by 4, so the least number
of flips between two tilings is a quarter of the L1 distance of their
heights.  The least and greatest tilings come from shortest paths from the
border, with no matching at all (Thurston's algorithm).""",
    ),
    (
        "code",
        """from tiling import heights

board = Region.rectangle(6, 6)
low, high = heights.min_tiling(board), heights.max_tiling(board)
print(heights.height(low).tolist()[3], "<- the middle row of heights, least tiling")
print(heights.flip_distance(low, high), "flips from the least to the greatest tiling")
print("Thurston's test on the 7 x 7 figure:", heights.is_tileable(figure))
fig, axes = plt.subplots(1, 2, figsize=(9, 4.5), layout="constrained")
plot.draw_heights(low, labels=True, ax=axes[0])
plot.draw_heights(high, labels=True, ax=axes[1]);""",
    ),
    (
        "md",
        """On a random Aztec diamond the frozen corners are flat facets of the
height surface and the disordered middle is curved:""",
    ),
    (
        "code",
        """plot.draw_heights(tiling.sample_aztec(60, rng=3), style="surface");""",
    ),
    (
        "md",
        """## 11. Exactly uniform tilings of any region

`tiling.sample` is exact on any region, holes included.  Away from narrow
regions and Aztec diamonds it couples from the past: a monotone chain of
random flips (and turns of the ring of dominoes around each hole) runs from
the greatest and the least tiling, from further and further back with the
same coins, until the two agree; the common tiling is then exactly uniform
(Propp and Wilson 1996).  The ring has two tilings, which a thousand samples
hit about equally often; a board with a large hole takes about a second.""",
    ),
    (
        "code",
        """from collections import Counter

ring = examples.ring()
print(sorted(Counter(t.to_ascii() for t in tiling.sample(ring, rng=1, size=1000, method="cftp")).values()))
holes = [(r, c) for r in range(12, 24) for c in range(12, 24)]
frame = Region.rectangle(36, 36).without(holes)
print("sampled by", tiling.registry.choose("sample", frame).name)
start = time.perf_counter()
t = tiling.sample(frame, rng=4)
print(f"{len(t)} dominoes in {time.perf_counter() - start:.2f} s; flux around the hole {heights.flux(t)}")
plot.draw_tiling(t, colors="hv");""",
    ),
    (
        "md",
        """## 12. From the command line

The same library as a command (`tiling --help`):

```
tiling count shape.txt            # the exact count, in full
tiling solve shape.txt -o t.png   # a tiling, or the proof there is none (exit 1)
tiling cover shape.txt            # a maximum cover and its optimality proof
tiling prove shape.txt            # the certificate, explained
tiling sample --aztec 200 -o a.png
tiling sample shape.txt --seed 1  # any region, holes included
tiling heights shape.txt --sample -o h.png --style surface
tiling trees --grid 30x30
tiling serve --open               # the explorer page in your browser
tiling demo                       # all of the above on built-in examples
```""",
    ),
]


def build():
    nb = new_notebook()
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nb.metadata["language_info"] = {"name": "python"}
    for kind, text in CELLS:
        nb.cells.append(new_markdown_cell(text) if kind == "md" else new_code_cell(text))
    for i, cell in enumerate(nb.cells):  # stable ids keep diffs small
        cell["id"] = f"cell-{i:02d}"
    nbformat.validate(nb)
    return nb


if __name__ == "__main__":
    path = Path(__file__).with_name("tour.ipynb")
    nbformat.write(build(), path)
    print(f"wrote {path}")
