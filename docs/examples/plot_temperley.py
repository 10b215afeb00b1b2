"""
Temperley's bijection
=====================

The spanning trees of a grid region correspond one to one to the domino
tilings of a region twice as large (Temperley 1974): every vertex of the
graph is paired with the edge towards its parent in the tree, every face with
the edge towards its parent in the dual tree.
:func:`tiling.plot.draw_temperley` draws the tree, its dual and the tiling
side by side; :mod:`tiling.graphs.temperley` has the bijection both ways.
"""

import networkx as nx

import tiling
from tiling import Region, plot
from tiling.graphs import temperley

grid = Region.rectangle(5, 6)
tree = nx.random_spanning_tree(grid.to_networkx(), seed=4)
t = temperley.tree_to_tiling(tree)
back = temperley.tiling_to_tree(t)  # and the tiling gives the tree back
assert {frozenset(e) for e in back.edges} == {frozenset(e) for e in tree.edges}
print(
    f"{tiling.spanning_trees(grid):,} spanning trees of the 5 x 6 grid "
    f"= {tiling.count(temperley.region(grid)):,} tilings of its Temperley region"
)

axes = plot.draw_temperley(tree)
