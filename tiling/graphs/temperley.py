"""Temperley's bijection: spanning trees of a grid region <-> domino tilings.

Let G be the cell graph of a region R (one vertex per cell, an edge between
cells sharing a side).  Draw G at twice the scale: cell ``(r, c)`` of R becomes
the *vertex cell* ``(2r, 2c)``, the edge between ``(r, c)`` and ``(r, c+1)``
the *edge cell* ``(2r, 2c+1)``, the edge between ``(r, c)`` and ``(r+1, c)``
the edge cell ``(2r+1, 2c)``, and each unit square of four cells of R
(a bounded face of G) the *face cell* ``(2r+1, 2c+1)``.  Remove the vertex cell
of one root on the boundary of R.  The domino tilings of what remains are in
bijection with the spanning trees of G (Temperley 1974; Kenyon, Propp and
Wilson 2000):

* each vertex cell but the root is paired with the edge cell towards its
  parent in the tree (the tree directed towards the root);
* the edges not in the tree form a spanning tree of the dual graph, whose
  root is the outer face; each face cell is paired with the edge cell towards
  its parent in that dual tree.

For the m x n rectangle this is the (2m-1) x (2n-1) board minus its top-left
corner, so that board has as many tilings as the m x n grid has spanning trees.

Limits: the construction needs the dual tree to cover every face, so G must be
connected and every bounded face must be a unit square, that is R must be
simply connected (no holes).  Elsewhere :func:`region` raises TilingError.
A single cell has one (empty) spanning tree but an empty Temperley region,
which is not a Region, so it is refused too.

Coordinates are kept: the cell ``(r, c)`` of R is at ``(2r, 2c)`` in the
Temperley region, and :func:`tiling_to_tree` reads it back from there.
"""

from __future__ import annotations

from collections import deque
from typing import Any

import networkx as nx
import numpy as np

from .._validation import type_name
from ..errors import TilingError
from ..model.region import Region, as_cell_array, require_region
from ..model.tiling import Tiling

__all__ = ["region", "tree_to_tiling", "tiling_to_tree", "default_root"]

_OUTER = "outer"  # the dual vertex of the unbounded face


def default_root(graph_region: Region) -> tuple[int, int]:
    """The root used when none is given: the first cell in row-major order.

    The topmost row's leftmost cell always lies on the outer boundary.

    Examples
    --------
    >>> default_root(Region.from_ascii('#..\\n...'))
    (0, 1)
    """
    require_region(graph_region, "default_root")
    r, c = graph_region.cells()[0]
    return int(r), int(c)


def region(graph_region: Region, *, root: Any = None) -> Region:
    """The region whose domino tilings correspond to the spanning trees of ``graph_region``.

    Parameters
    ----------
    graph_region : Region
        Connected, without holes, at least two cells.
    root : (row, col), optional
        A cell of ``graph_region`` on its outer boundary (one of its eight
        neighbours is missing); its vertex cell is the one removed.  Default:
        :func:`default_root`, the first cell in row-major order.

    Returns
    -------
    Region
        Vertex cells ``(2r, 2c)`` (all but the root's), edge cells and face
        cells as described in the module docstring.

    Raises
    ------
    TilingError
        if ``graph_region`` is disconnected, has a hole or a single cell, or if
        ``root`` is not a boundary cell of it.

    Notes
    -----
    Temperley's bijection (H. N. V. Temperley, Combinatorics, London Math.
    Soc. Lecture Notes 13, 1974; R. Kenyon, J. Propp, D. Wilson, Trees and
    matchings, Electron. J. Combin. 7 (2000) R25).  Built with array slicing
    in O(cells) time.

    Examples
    --------
    >>> print(region(Region.rectangle(2, 3)).to_ascii())
    #....
    .....
    .....
    """
    mask = _graph_mask(graph_region)
    root = _check_root(graph_region, root)
    big = _doubled_mask(mask)
    big[2 * root[0], 2 * root[1]] = False
    return Region(big)


def tree_to_tiling(tree: nx.Graph, *, root: Any = None) -> Tiling:
    """The tiling that Temperley's bijection assigns to a spanning tree.

    Parameters
    ----------
    tree : networkx.Graph
        A spanning tree of the cell graph of a region: its nodes are the cells
        ``(row, col)`` of the region, its edges join cells sharing a side.
    root : (row, col), optional
        As for :func:`region` (default: the first cell in row-major order).

    Returns
    -------
    Tiling
        A perfect tiling of ``region(Region.from_cells(tree.nodes), root=root)``.

    Raises
    ------
    TilingError
        if ``tree`` is not a tree, an edge does not join adjacent cells, or the
        region of its nodes is not one :func:`region` accepts.

    Notes
    -----
    Direct the tree towards the root and pair every other vertex cell with the
    edge cell towards its parent; then direct the dual tree (the edges not in
    the tree, between faces) towards the outer face and pair every face cell
    with the edge cell towards its parent.  Two breadth-first searches: O(cells).

    Examples
    --------
    >>> import networkx as nx
    >>> path = nx.Graph([((0, 0), (0, 1)), ((0, 1), (0, 2))])
    >>> print(tree_to_tiling(path).to_ascii())
      ╺━━╸╺━━╸
    """
    graph_region, edges = _tree_cells(tree)
    root = _check_root(graph_region, root)
    big = region(graph_region, root=root)
    tree_graph = nx.Graph()
    tree_graph.add_nodes_from(map(tuple, graph_region.cells().tolist()))
    tree_graph.add_edges_from(edges)
    dominoes = []
    tree_edge_cells = set()
    for child, parent in _parents(tree_graph, root):
        edge_cell = (child[0] + parent[0], child[1] + parent[1])
        tree_edge_cells.add(edge_cell)
        dominoes.append(((2 * child[0], 2 * child[1]), edge_cell))
    dual = _dual_tree(big, tree_edge_cells)
    for child, parent_edge in _parents_with_edges(dual, _OUTER):
        dominoes.append((child, parent_edge))
    return Tiling(big, np.array(dominoes, dtype=np.int64).reshape(-1, 2, 2))


def tiling_to_tree(tiling: Tiling) -> nx.Graph:
    """The spanning tree that Temperley's bijection assigns to a tiling.

    Parameters
    ----------
    tiling : Tiling
        A perfect tiling of a region built by :func:`region`.

    Returns
    -------
    networkx.Graph
        Nodes: every cell ``(row, col)`` of the graph region; edges: the edges
        whose edge cell shares a domino with a vertex cell.

    Raises
    ------
    TilingError
        if the tiling is not perfect or its region is not a Temperley region.

    Notes
    -----
    The inverse of :func:`tree_to_tiling`: one pass over the dominoes, O(cells).

    Examples
    --------
    >>> import networkx as nx
    >>> square = Region.rectangle(2, 2)
    >>> tree = nx.Graph([((0, 0), (0, 1)), ((0, 0), (1, 0)), ((1, 0), (1, 1))])
    >>> nx.utils.edges_equal(tiling_to_tree(tree_to_tiling(tree)).edges, tree.edges)
    True
    """
    if not isinstance(tiling, Tiling):
        raise TypeError(f"tiling_to_tree() needs a Tiling, got {type_name(tiling)}")
    if not tiling.is_perfect:
        raise TilingError("tiling_to_tree needs a perfect tiling; this one leaves cells uncovered")
    graph_region, root = _recover(tiling.region)
    tree = nx.Graph()
    tree.add_nodes_from(map(tuple, graph_region.cells().tolist()))
    for a, b in tiling.dominoes.tolist():
        vertex, edge = (a, b) if a[0] % 2 == 0 and a[1] % 2 == 0 else (b, a)
        if vertex[0] % 2 or vertex[1] % 2:
            continue  # a face cell with an edge cell: a dual-tree edge
        tree.add_edge(*_edge_ends(edge))
    return tree


# ---------------------------------------------------------------------- helpers
def _graph_mask(graph_region):
    """Mask of ``graph_region`` after checking that Temperley's construction applies."""
    if not isinstance(graph_region, Region):
        raise TypeError(f"temperley.region() needs a tiling.Region, got {type_name(graph_region)}")
    if graph_region.n_cells < 2:
        raise TilingError(
            "a single cell has one (empty) spanning tree, but its Temperley region would "
            "have no cells"
        )
    if not graph_region.is_connected():
        raise TilingError(
            f"the region has {len(graph_region.components())} components and so no spanning "
            "tree; Temperley's bijection needs a connected region"
        )
    mask = graph_region.mask
    # The dual tree must reach every face: every bounded face of the cell graph
    # is then a unit square, i.e. the cycle rank E - V + 1 equals the number
    # of 2 x 2 blocks.  A hole makes a bigger face and breaks the equality.
    blocks = int((mask[:-1, :-1] & mask[:-1, 1:] & mask[1:, :-1] & mask[1:, 1:]).sum())
    if len(graph_region.edges()) - graph_region.n_cells + 1 != blocks:
        raise TilingError(
            f"the region has {len(graph_region.holes())} hole(s); Temperley's bijection "
            "needs a region without holes"
        )
    return mask


def _check_root(graph_region, root):
    """``root`` as a (row, col) tuple on the outer boundary of ``graph_region``."""
    if root is None:
        return default_root(graph_region)
    cells = as_cell_array(root, "root")
    if len(cells) != 1:
        raise TilingError(f"root must be one (row, col) cell, got {len(cells)}")
    r, c = (int(x) for x in cells[0])
    if (r, c) not in graph_region:
        raise TilingError(f"root ({r}, {c}) is not a cell of the region")
    padded = np.pad(graph_region.mask, 1)
    if padded[r : r + 3, c : c + 3].all():
        raise TilingError(
            f"root ({r}, {c}) is inside the region; it must lie on the outer boundary "
            "(one of its eight neighbours missing)"
        )
    return r, c


def _doubled_mask(mask):
    """Vertex, edge and face cells of the cell graph of ``mask`` at twice the scale."""
    h, w = mask.shape
    big = np.zeros((2 * h - 1, 2 * w - 1), dtype=bool)
    big[0::2, 0::2] = mask
    big[0::2, 1::2] = mask[:, :-1] & mask[:, 1:]
    big[1::2, 0::2] = mask[:-1, :] & mask[1:, :]
    big[1::2, 1::2] = mask[:-1, :-1] & mask[:-1, 1:] & mask[1:, :-1] & mask[1:, 1:]
    return big


def _tree_cells(tree):
    """The region spanned by ``tree``'s nodes and its edges as cell-tuple pairs, checked."""
    if not isinstance(tree, nx.Graph) or tree.is_directed() or tree.is_multigraph():
        raise TypeError(f"tree must be an undirected networkx.Graph, got {type_name(tree)}")
    if tree.number_of_nodes() == 0:
        raise TilingError("the tree has no nodes")
    cells = [_cell(node) for node in tree.nodes]
    edges = [(_cell(a), _cell(b)) for a, b in tree.edges]
    for a, b in edges:
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            raise TilingError(f"tree edge {a} - {b} does not join cells sharing a side")
    if not nx.is_tree(tree):
        raise TilingError(
            f"not a spanning tree: {tree.number_of_nodes()} nodes, {tree.number_of_edges()} "
            f"edges, {nx.number_connected_components(tree)} component(s)"
        )
    return Region.from_cells(cells), edges


def _cell(node):
    """A tree node as a (row, col) tuple of ints."""
    try:
        r, c = node
        if int(r) != r or int(c) != c or r < 0 or c < 0:
            raise ValueError
        return int(r), int(c)
    except (TypeError, ValueError):
        raise TilingError(f"tree node {node!r} is not a (row, col) cell") from None


def _parents(graph, root):
    """(child, parent) pairs of a breadth-first search tree of ``graph`` from ``root``."""
    return [(child, parent) for parent, child in nx.bfs_edges(graph, root)]


def _dual_tree(big, tree_edge_cells):
    """The dual of the edges not in the tree: faces (and the outer face) joined by edge cells.

    Returns a dict face -> list of (neighbouring face, edge cell between them).
    """
    cells = big.cells().tolist()
    faces = {tuple(c) for c in cells if c[0] % 2 and c[1] % 2}
    adjacency = {face: [] for face in faces}
    adjacency[_OUTER] = []
    for r, c in cells:
        if (r + c) % 2 == 0:
            continue
        if (r, c) in tree_edge_cells:
            continue
        # a horizontal edge (even row) separates the faces above and below it
        sides = [(r - 1, c), (r + 1, c)] if r % 2 == 0 else [(r, c - 1), (r, c + 1)]
        a, b = (side if side in faces else _OUTER for side in sides)
        adjacency[a].append((b, (r, c)))
        adjacency[b].append((a, (r, c)))
    return adjacency


def _parents_with_edges(adjacency, root):
    """(child, edge cell to its parent) for a breadth-first search of ``adjacency``."""
    seen = {root}
    queue = deque([root])
    pairs = []
    while queue:
        node = queue.popleft()
        for other, edge_cell in adjacency[node]:
            if other not in seen:
                seen.add(other)
                pairs.append((other, edge_cell))
                queue.append(other)
    return pairs


def _edge_ends(edge_cell):
    """The two cells (of the graph region) joined by the edge cell ``(r, c)``."""
    r, c = edge_cell
    if r % 2 == 0:
        return (r // 2, (c - 1) // 2), (r // 2, (c + 1) // 2)
    return ((r - 1) // 2, c // 2), ((r + 1) // 2, c // 2)


def _recover(big):
    """The graph region and root from which ``big`` was built, or TilingError."""
    cells = big.cells()
    even = (cells % 2 == 0).all(axis=1)
    edge = (cells.sum(axis=1) % 2) == 1
    vertices = {tuple(c) for c in (cells[even] // 2).tolist()}
    ends = {end for e in cells[edge].tolist() for end in _edge_ends(e)}
    missing = ends - vertices
    if len(missing) != 1 or not vertices:
        raise TilingError(
            "the tiling's region is not a Temperley region (built by tiling.graphs.temperley.region)"
        )
    root = missing.pop()
    graph_region = Region.from_cells(sorted(vertices | {root}))
    try:
        rebuilt = region(graph_region, root=root)
    except TilingError:
        rebuilt = None
    if rebuilt != big:
        raise TilingError(
            "the tiling's region is not a Temperley region (built by tiling.graphs.temperley.region)"
        )
    return graph_region, root
