"""Temperley's bijection drawn: a spanning tree, its dual tree and the domino tiling, side by side."""

from __future__ import annotations

from typing import Any

import numpy as np

from .._format import quantity
from .._validation import type_name
from ..errors import TilingError
from . import _annotate as note
from ._render import frame

__all__ = ["draw_temperley"]

TREE = "#117733"  # the spanning tree (dark green)
DUAL = "#882255"  # the dual tree (wine)
TREE_FILL = "#A6D8B8"  # dominoes of a vertex and a tree edge
DUAL_FILL = "#E3B3C8"  # dominoes of a face and a dual edge
FAINT = "#C8C8C8"  # the graph's other edges


def draw_temperley(
    tree: Any, *, root: Any = None, ax: Any = None, title: str | None = "auto"
) -> Any:
    """Draw Temperley's bijection: the spanning tree, its dual tree, and the tiling.

    Three panels in the coordinates of the Temperley region (cell ``(r, c)``
    of the graph region is the cell ``(2r, 2c)``, see
    :mod:`tiling.graphs.temperley`): the tree on the cell graph (its other
    edges faint, the root ringed); the dual tree, made of the edges not in
    the tree, joining the faces and rooted at the outer face (its edges to
    the outer face leave the picture); and the tiling, where every vertex
    but the root shares a domino with the tree edge towards the root (green)
    and every face with the dual edge towards the outer face (wine), both
    trees drawn over it.

    Parameters
    ----------
    tree : networkx.Graph or Tiling
        A spanning tree of a region's cell graph (nodes ``(row, col)``), or a
        perfect tiling of a Temperley region (its tree is read back with
        :func:`~tiling.graphs.temperley.tiling_to_tree`).
    root : (row, col), optional
        The root for a tree, as in :func:`~tiling.graphs.temperley.tree_to_tiling`
        (default: the first cell in row-major order); a tiling has its own.
    ax : sequence of three matplotlib Axes, optional
        Drawn on a new figure when omitted.
    title : str or None
        ``"auto"``: a title for each panel and the figure; None: none.

    Returns
    -------
    numpy.ndarray of three Axes

    Raises
    ------
    TypeError
        for anything but a networkx graph or a Tiling, or an ``ax`` that is not
        three Axes.
    TilingError
        from :mod:`tiling.graphs.temperley` when the tree or tiling does not
        fit the bijection (not a spanning tree, a region with holes, ...).

    Notes
    -----
    Temperley (1974); Kenyon, Propp and Wilson, *Trees and matchings* (2000).
    Uses only the public functions of :mod:`tiling.graphs.temperley`; the dual
    tree is read off the tiling's face dominoes.  O(cells).

    Examples
    --------
    >>> import networkx as nx
    >>> path = nx.Graph([((0, 0), (0, 1)), ((0, 1), (1, 1)), ((1, 1), (1, 0))])
    >>> axes = draw_temperley(path)
    >>> len(axes), axes[2].get_title()
    (3, 'the tiling: 4 dominoes')
    """
    import networkx as nx

    from ..graphs import temperley
    from ..model.region import Region
    from ..model.tiling import Tiling
    from .draw import draw_tiling

    note.check_title(title, "draw_temperley")
    if isinstance(tree, Tiling):
        tiling = tree
        tree = temperley.tiling_to_tree(tiling)
        cells = np.array(sorted(tree.nodes), dtype=np.int64)
        root = next(
            (int(r), int(c)) for r, c in cells.tolist() if (2 * r, 2 * c) not in tiling.region
        )
    elif isinstance(tree, nx.Graph):
        graph_region = Region.from_cells(list(tree.nodes)) if tree.number_of_nodes() else None
        if graph_region is None:
            raise TilingError("draw_temperley(): the tree has no nodes")
        root = temperley.default_root(graph_region) if root is None else root
        tiling = temperley.tree_to_tiling(tree, root=root)
        root = tuple(int(x) for x in np.asarray(root).reshape(-1)[:2])
    else:
        raise TypeError(
            f"draw_temperley() needs a networkx spanning tree or a Tiling, got {type_name(tree)}"
        )
    axes = _three_axes(ax, tiling.region.shape)
    shape = tiling.region.shape
    graph = Region.from_cells(list(tree.nodes))
    tree_lines = _doubled([(a, b) for a, b in tree.edges])
    all_lines = _doubled([tuple(map(tuple, e)) for e in graph.edges().tolist()])
    dual_lines, outer_lines = _dual_lines(tiling)

    # 1. the tree on the cell graph
    a = axes[0]
    frame(a, shape)
    _lines(a, all_lines, FAINT, 1.0)
    _lines(a, tree_lines, TREE, 2.6)
    _vertices(a, graph.cells(), root)
    # 2. the dual tree
    a = axes[1]
    frame(a, shape)
    _lines(a, tree_lines, FAINT, 1.6)
    _lines(a, dual_lines, DUAL, 2.6)
    _lines(a, outer_lines, DUAL, 2.6, style=":")
    faces = np.argwhere((tiling.region.mask) & _face_mask(shape))
    a.plot(faces[:, 1] + 0.5, faces[:, 0] + 0.5, "s", color=DUAL, markersize=4, zorder=5)
    # 3. the tiling, with both trees over it
    d = tiling.dominoes
    has_vertex = ((d[:, :, 0] % 2 == 0) & (d[:, :, 1] % 2 == 0)).any(axis=1)
    colors = np.where(has_vertex[:, None], _rgb(TREE_FILL), _rgb(DUAL_FILL))
    draw_tiling(tiling, colors=colors, ax=axes[2], title=None, legend=False)
    _lines(axes[2], tree_lines, TREE, 1.4)
    _lines(axes[2], dual_lines, DUAL, 1.4)
    _lines(axes[2], outer_lines, DUAL, 1.4, style=":")
    for a in axes:
        _outer_frame(a, shape)
    vertices, faces_n = int(has_vertex.sum()), int((~has_vertex).sum())
    entries = [
        note.fill(f"a vertex and its tree edge ({vertices})", TREE_FILL),
        note.fill(f"a face and its dual edge ({faces_n})", DUAL_FILL),
    ]
    axes[2].legend(
        handles=[e.handle() for e in entries],
        loc="upper center",
        bbox_to_anchor=(0.5, 0.0),
        ncols=1,
        fontsize=8,
        frameon=False,
    )
    legend0 = [
        note.line("tree edge", color=TREE, linewidth=2.6),
        note.line(
            "root",
            color="black",
            marker="o",
            markersize=8,
            markerfacecolor="white",
            linestyle="none",
        ),  # fmt: skip
    ]
    axes[0].legend(handles=[e.handle() for e in legend0], loc="upper center",
                   bbox_to_anchor=(0.5, 0.0), ncols=2, fontsize=8, frameon=False)  # fmt: skip
    legend1 = [
        note.line("dual-tree edge", color=DUAL, linewidth=2.6),
        note.line(
            f"to the outer face ({len(outer_lines)})", color=DUAL, linewidth=2.6, linestyle=":"
        ),
    ]
    axes[1].legend(handles=[e.handle() for e in legend1], loc="upper center",
                   bbox_to_anchor=(0.5, 0.0), ncols=1, fontsize=8, frameon=False)  # fmt: skip
    if title == "auto":
        n = graph.n_cells
        axes[0].set_title(f"a spanning tree: {quantity(n, 'vertex', 'vertices')}, "
                          f"{quantity(n - 1, 'edge')}", fontsize=10)  # fmt: skip
        axes[1].set_title("its dual tree: the other edges, rooted outside", fontsize=10)
        axes[2].set_title(f"the tiling: {quantity(len(tiling), 'domino', 'dominoes')}", fontsize=10)
        axes[0].figure.suptitle(
            "Temperley's bijection: spanning trees of the grid graph <-> domino tilings of its "
            "doubled region minus the root",
            fontsize=10,
        )
    elif title:
        axes[0].figure.suptitle(title, fontsize=10)
    return axes


def _three_axes(ax, shape):
    if ax is None:
        import matplotlib.pyplot as plt

        h, w = shape
        per = min(0.35, 4.0 / max(h, w))
        fig, axes = plt.subplots(
            1,
            3,
            figsize=(3 * max(w * per, 2.6) + 0.6, max(h * per, 2.0) + 1.3),
            layout="constrained",
        )
        return np.asarray(axes)
    try:
        axes = list(ax)
    except TypeError:
        axes = None
    from matplotlib.axes import Axes

    if axes is None or len(axes) != 3 or not all(isinstance(a, Axes) for a in axes):
        raise TypeError("draw_temperley(): ax must be three matplotlib Axes (plt.subplots(1, 3))")
    return np.asarray(axes, dtype=object)


def _rgb(color):
    from matplotlib.colors import to_rgb

    return np.array(to_rgb(color))


def _doubled(edges):
    """Segments between the centres of the vertex cells of each edge, in doubled coordinates."""
    e = np.asarray(edges, dtype=float).reshape(-1, 2, 2)
    return e[:, :, ::-1] * 2 + 0.5  # (row, col) -> (x, y) at twice the scale


def _face_mask(shape):
    r, c = np.indices(shape)
    return (r % 2 == 1) & (c % 2 == 1)


def _dual_lines(tiling):
    """Dual-tree segments, from each face's centre through its edge cell to the next face.

    An edge to the outer face ends one cell beyond the region's boundary.
    """
    d = tiling.dominoes
    inner, outer = [], []
    mask = tiling.region.mask
    h, w = mask.shape
    for a, b in d.tolist():
        if a[0] % 2 == 1 and a[1] % 2 == 1:
            face, edge = a, b
        elif b[0] % 2 == 1 and b[1] % 2 == 1:
            face, edge = b, a
        else:
            continue
        other = (2 * edge[0] - face[0], 2 * edge[1] - face[1])
        inside = 0 <= other[0] < h and 0 <= other[1] < w and mask[other]
        segment = ((face[1] + 0.5, face[0] + 0.5), (other[1] + 0.5, other[0] + 0.5))
        (inner if inside else outer).append(segment)
    return np.asarray(inner, float).reshape(-1, 2, 2), np.asarray(outer, float).reshape(-1, 2, 2)


def _lines(ax, segments, color, width, style="-"):
    from matplotlib.collections import LineCollection

    if len(segments):
        lines = LineCollection(
            segments, colors=color, linewidths=width, linestyles=style, capstyle="round", zorder=4
        )
        ax.add_collection(lines, autolim=False)


def _vertices(ax, cells, root):
    pts = np.asarray(cells, dtype=float) * 2 + 0.5
    ax.plot(pts[:, 1], pts[:, 0], "o", color=TREE, markersize=4.5, zorder=5)
    ax.plot(2 * root[1] + 0.5, 2 * root[0] + 0.5, "o", markersize=11, markerfacecolor="white",
            markeredgecolor="black", markeredgewidth=1.6, zorder=6)  # fmt: skip


def _outer_frame(ax, shape):
    """Widen the view by a cell so that edges to the outer face show leaving the region."""
    h, w = shape
    ax.set_xlim(-1.6, w + 1.6)
    ax.set_ylim(h + 1.6, -1.6)
