"""Spanning trees and effective resistance: Kirchhoff's Laplacian, exactly.

Kirchhoff's matrix-tree theorem (Kirchhoff 1847) says that the number of
spanning trees of a connected graph is any cofactor of its Laplacian
``L = D - A``; with edge weights it is the sum over spanning trees of the
product of their weights.  The same matrix read as a resistor network gives
the effective resistance between two vertices as a ratio of two such minors.
Every determinant here is computed exactly by :func:`tiling.linalg.det`
(determinants modulo word-size primes, combined by the Chinese remainder
theorem), so the answers are Python ints and fractions (:class:`fractions.Fraction`)
of any size.

Graphs are :mod:`networkx` graphs (``Graph`` or ``MultiGraph``) or a
:class:`~tiling.Region`, read as its cell graph: one vertex per cell,
one edge per pair of cells sharing a side.
"""

from __future__ import annotations

import math
import numbers
from concurrent.futures import Executor
from fractions import Fraction
from typing import Any

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import connected_components

from .._validation import positive_int, shown, type_name
from ..errors import TilingError, TooLargeError
from ..model.region import Region

__all__ = [
    "laplacian",
    "spanning_trees",
    "effective_resistance",
    "grid_spanning_trees",
    "estimated_seconds",
]

# Laplacian entries are stored as int64; weights whose row sums could come
# near 2**63 are refused rather than silently wrapped.
_INT64_SAFE = 2**62


# ---------------------------------------------------------------------- the Laplacian
def laplacian(graph: Any, *, weight: str | None = None) -> tuple[sp.csr_matrix, list]:
    """The (weighted) Laplacian matrix ``D - A`` of ``graph`` and its vertex order.

    Parameters
    ----------
    graph : networkx.Graph, networkx.MultiGraph or Region
        Parallel edges of a multigraph each count; self-loops are ignored (they
        lie on no spanning tree and carry no current).  A :class:`Region` is
        read as its cell graph.
    weight : str, optional
        Edge attribute holding an integer weight (edges without it weigh 1).
        ``None``: every edge weighs 1.  Not allowed with a Region.

    Returns
    -------
    matrix : scipy.sparse.csr_matrix of int64, shape (n, n)
        ``matrix[i, i]`` is the total weight of the edges at vertex ``i``;
        ``matrix[i, j]`` minus the total weight of the edges joining ``i``, ``j``.
    nodes : list
        ``nodes[i]`` is the vertex of row and column ``i``: the graph's node
        order, or the cells ``(row, col)`` of a Region in row-major order.

    Raises
    ------
    TilingError
        for directed graphs, non-integer weights, or weights so large that the
        entries would not fit in 64 bits.

    Examples
    --------
    >>> import networkx as nx
    >>> matrix, nodes = laplacian(nx.path_graph(3))
    >>> matrix.toarray().tolist()
    [[1, -1, 0], [-1, 2, -1], [0, -1, 1]]
    """
    if isinstance(graph, Region):
        _no_region_weight(graph, weight)
        return _region_laplacian(graph), [tuple(c) for c in graph.cells().tolist()]
    nodes, rows, cols, values = _graph_edges(graph, weight, _integer_weight)
    return _assemble(len(nodes), rows, cols, values), nodes


def _no_region_weight(graph, weight):
    if isinstance(graph, Region) and weight is not None:
        raise TilingError("a Region's cell graph has no edge weights; pass weight=None")


def _region_laplacian(region):
    """Laplacian of the cell graph, rows in row-major cell order (vectorised)."""
    cells, w = region.cells(), region.shape[1]
    flat = cells[:, 0] * w + cells[:, 1]  # increasing (row-major): binary search, no box array
    e = region.edges()
    a = np.searchsorted(flat, e[:, 0, 0] * w + e[:, 0, 1])
    b = np.searchsorted(flat, e[:, 1, 0] * w + e[:, 1, 1])
    return _assemble(region.n_cells, a, b, np.ones(len(a), dtype=np.int64))


def _graph_edges(graph, weight, convert):
    """Nodes and the edge list (index pairs, converted weights) of a networkx graph."""
    import networkx as nx  # here, not at the top: it is slow to import

    if not isinstance(graph, nx.Graph):
        raise TypeError(f"expected a networkx graph or a tiling.Region, got {type_name(graph)}")
    if weight is not None and not isinstance(weight, str):
        raise TypeError(
            f"weight must be the name of an edge attribute (a str) or None, not {shown(weight)}"
        )
    if graph.is_directed():
        raise TilingError(
            "directed graphs are not supported (their trees are arborescences); "
            "pass graph.to_undirected()"
        )
    nodes = list(graph.nodes)
    position = {node: i for i, node in enumerate(nodes)}
    rows, cols, values = [], [], []
    if weight is None:
        edges = ((u, v, 1) for u, v in graph.edges())
    else:
        edges = graph.edges(data=weight, default=1)
    for u, v, w in edges:
        if u == v:
            continue
        rows.append(position[u])
        cols.append(position[v])
        values.append(convert(w, u, v, weight))
    return nodes, rows, cols, values


def _integer_weight(value, u, v, name):
    """An edge weight as a Python int, or a one-line TilingError saying why not."""
    if isinstance(value, (bool, np.bool_)):
        raise TilingError(f"edge ({u!r}, {v!r}): weight {name!r} is a bool, not an integer")
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    if _integral_float(value):
        return int(value)
    raise TilingError(
        f"edge ({u!r}, {v!r}): weight {name!r} is {value!r}; spanning-tree counts need "
        "integer weights"
    )


def _integral_float(value):
    """True for a float with an integer value, such as 2.0 (read as the int 2)."""
    return isinstance(value, (float, np.floating)) and float(value).is_integer()


def _assemble(n, rows, cols, values):
    """``D - A`` as int64 CSR from one entry per (undirected) edge."""
    rows = np.asarray(rows, dtype=np.int64)
    cols = np.asarray(cols, dtype=np.int64)
    if len(values) and not isinstance(values, np.ndarray):
        # Python ints of any size: check the row sums before squeezing into int64.
        totals = [0] * n
        for i, j, w in zip(rows.tolist(), cols.tolist(), values):
            totals[i] += abs(w)
            totals[j] += abs(w)
        if max(totals) >= _INT64_SAFE:
            raise TilingError(
                "edge weights too large: a vertex's total weight reaches 2**62; "
                "scale the weights down"
            )
    values = np.asarray(values, dtype=np.int64)
    # One triplet per entry; duplicates (parallel edges, degrees) are summed by
    # the CSR conversion, in int64 throughout (never through floats).
    data = np.concatenate([-values, -values, values, values])
    i = np.concatenate([rows, cols, rows, cols])
    j = np.concatenate([cols, rows, rows, cols])
    matrix = sp.coo_matrix((data, (i, j)), shape=(n, n), dtype=np.int64).tocsr()
    matrix.sum_duplicates()
    matrix.eliminate_zeros()
    return matrix


def _components(matrix):
    """Component label of each vertex, joining vertices whose Laplacian entry is non-zero."""
    pattern = matrix.copy()
    pattern.setdiag(0)
    pattern.eliminate_zeros()
    return connected_components(pattern, directed=False)


def _minor(matrix, drop):
    """``matrix`` with the rows and columns in ``drop`` deleted."""
    keep = np.setdiff1d(np.arange(matrix.shape[0]), np.asarray(drop, dtype=np.int64))
    return matrix[keep][:, keep].tocsr()


def _det(matrix, progress=False, executor=None):
    """Exact determinant through the shared engine (an empty matrix has determinant 1).

    The engine picks the scan order; for symmetric matrices such as these
    Laplacians it considers a greedy sweep order made for irregular graphs.
    """
    if matrix.shape[0] == 0:
        return 1
    from ..linalg.determinant import det
    from ..linalg.errors import MatrixTooLargeError

    try:
        return det(matrix, progress=progress, executor=executor)
    except MatrixTooLargeError as exc:
        raise TooLargeError(f"spanning trees: {exc}") from None


# ---------------------------------------------------------------------- spanning trees
def spanning_trees(
    graph: Any,
    *,
    weight: str | None = None,
    digits: int | None = None,
    progress: bool = False,
    executor: Executor | None = None,
) -> Any:
    """Number of spanning trees of ``graph``, exactly (Kirchhoff's matrix-tree theorem).

    Parameters
    ----------
    graph : networkx.Graph, networkx.MultiGraph or Region
        Parallel edges of a multigraph count separately; self-loops are
        ignored.  A :class:`Region` is read as its cell graph (cells sharing a
        side are adjacent).
    weight : str, optional
        Edge attribute with an integer weight (missing: 1).  The result is then
        the sum over spanning trees of the product of their edge weights.
    digits : int, optional
        Return only the number of digits and the first ``digits`` digits, as
        a :class:`~tiling._format.LeadingDigits`, all proven: for a full
        rectangle of cells from the closed form's logarithm in ball
        arithmetic (milliseconds at any size); otherwise from a proven
        floating-point enclosure of the determinant's logarithm (a
        subtraction-free elimination bracketed from below and above, see
        :mod:`tiling.linalg._mmatrix`: about a second for 10^4 vertices,
        good for some six digits), and from the exact count when that
        enclosure is not tight enough.
    progress : bool
        Draw a progress bar on stderr while the determinant is computed.
    executor : concurrent.futures.Executor, optional
        Spread the per-prime work of the determinant over its workers.

    Returns
    -------
    int or LeadingDigits
        0 for a disconnected graph, 1 for a single vertex.

    Raises
    ------
    TilingError
        for a graph with no vertices (whose spanning trees are not defined),
        a directed graph, or a non-integer weight.
    TooLargeError
        from :func:`tiling.linalg.det`, when the graph is so far from planar or
        banded that its dense core would not fit in memory.

    Notes
    -----
    Vertices of degree one are peeled off first (a leaf's edge lies on
    every spanning tree, so it contributes its weight as a factor): a tree
    answers at once, in O(n).  The count is then the determinant of the
    reduced Laplacian of what remains (the Laplacian without the row and
    column of one vertex), computed exactly by :func:`tiling.linalg.det`:
    an integer sweep leaving a dense core of order d (the width for an
    m x n grid; it grows with irregularity, about 0.13 n for a random planar
    triangulation) whose determinant is taken modulo word-size primes, the
    extra primes by nested dissection of the whole Laplacian when that is
    cheaper.  A full rectangle of cells uses the closed form
    :func:`grid_spanning_trees` when that is cheaper.  The 100 x 100 grid
    (4,988 digits) takes about 0.2 seconds.

    Reference: G. Kirchhoff, Ann. Phys. Chem. 72 (1847) 497-508.

    Examples
    --------
    >>> import networkx as nx
    >>> spanning_trees(nx.complete_graph(5))
    125
    >>> spanning_trees(Region.rectangle(3, 3))
    192
    >>> spanning_trees(nx.path_graph(100000))
    1
    >>> str(spanning_trees(Region.rectangle(450, 450), digits=4))
    '102220 digits, 2.010...e+102219'
    """
    if digits is not None:
        if isinstance(digits, bool) or not isinstance(digits, numbers.Integral):
            raise TypeError(
                f"spanning_trees(): digits must be a positive int or None, not {shown(digits)}"
            )
        if digits < 1:
            raise TilingError(f"spanning_trees(): digits must be at least 1, got {digits}")
        digits = int(digits)
    _no_region_weight(graph, weight)
    box = _full_rectangle(graph)
    if box is not None and digits is not None:
        return _grid_digits(*box, digits)
    if digits is not None:
        got = _enclosure_digits(graph, weight, digits)
        if got is not None:
            return got
    if box is not None and _grid_seconds(*box) < _det_seconds_of_grid(*box):
        value = grid_spanning_trees(*box)
    else:
        value = _tree_count(graph, weight, progress, executor)
    if digits is None:
        return value
    from .._format import leading_digits_of

    return leading_digits_of(value, digits)


def _tree_count(graph, weight, progress, executor):
    matrix, _ = laplacian(graph, weight=weight)
    n = matrix.shape[0]
    if n == 0:
        raise TilingError("the graph has no vertices, so its spanning trees are not defined")
    if n == 1:
        return 1
    if _components(matrix)[0] > 1:
        return 0
    factor, core = _peel_leaves(matrix)
    if core.shape[0] <= 1:
        return factor
    return factor * _det(_minor(core, [0]), progress=progress, executor=executor)


def _enclosure_digits(graph, weight, k):
    """Leading digits from the proven floating-point enclosure of ``ln det`` (see
    :mod:`tiling.linalg._mmatrix`), or None when it cannot decide them."""
    import flint

    from .._format import leading_digits_from_log10
    from ..linalg._mmatrix import logdet_enclosure

    matrix, _ = laplacian(graph, weight=weight)
    if matrix.shape[0] < 2 or _components(matrix)[0] > 1:
        return None
    factor, core = _peel_leaves(matrix)
    if core.shape[0] < 2:
        return None
    enclosure = logdet_enclosure(_minor(core, [0]))
    if enclosure is None:
        return None
    lo, hi = enclosure
    old = flint.ctx.prec
    try:
        flint.ctx.prec = 128
        ball = flint.arb((lo + hi) / 2, (hi - lo) / 2 + abs(hi) * 2.0**-50)
        ball = (ball + flint.arb(factor).log()) / flint.arb(10).log()
    finally:
        flint.ctx.prec = old
    return leading_digits_from_log10(ball, k, prec=128)


def _peel_leaves(matrix):
    """Remove degree-one vertices until none is left: ``(product of their edge weights, core)``.

    ``matrix`` is the Laplacian of a connected graph.  A leaf's edge is on
    every spanning tree, so the weighted count is its weight times the count
    of the graph without it.  A queue over the adjacency lists, O(n + m).
    """
    n = matrix.shape[0]
    csr = matrix.tocsr()
    indptr, indices, data = csr.indptr, csr.indices, csr.data
    degree = np.diff(indptr) - (csr.diagonal() != 0)
    leaves = np.flatnonzero(degree == 1)
    if leaves.size == 0:
        return 1, matrix
    degree = degree.tolist()
    alive = [True] * n
    factor = 1
    queue = leaves.tolist()
    removed = 0
    while queue:
        v = queue.pop()
        if not alive[v] or degree[v] != 1:
            continue
        for k in range(indptr[v], indptr[v + 1]):
            u = int(indices[k])
            if u != v and alive[u]:
                factor *= -int(data[k])
                alive[v] = False
                removed += 1
                degree[u] -= 1
                if degree[u] == 1:
                    queue.append(u)
                break
        if removed == n - 1:
            break
    keep = np.flatnonzero(np.array(alive))
    if len(keep) <= 1:
        return factor, matrix[keep][:, keep]
    core = matrix[keep][:, keep].tocsr()
    # the removed neighbours' edges leave the kept vertices' degrees too high: recompute
    core.setdiag(0)
    core.eliminate_zeros()
    core.setdiag(-np.asarray(core.sum(axis=1)).ravel())
    return factor, core.tocsr()


def _full_rectangle(graph):
    """``(height, width)`` when ``graph`` is a Region whose cells fill their bounding box."""
    if not isinstance(graph, Region) or graph.n_cells == 0:
        return None
    r0, c0, r1, c1 = graph.bounding_box()
    if (r1 - r0) * (c1 - c0) != graph.n_cells:
        return None
    return r1 - r0, c1 - c0


def _grid_seconds(m, n):
    """Predicted seconds of :func:`grid_spanning_trees` (fitted: 0.18 s at 100 x 100)."""
    m, n = min(m, n), max(m, n)
    return 1e-4 + 1.8e-9 * m * (m * n) ** 1.3 / 4


def _det_seconds_of_grid(m, n):
    """Predicted seconds of the determinant for the m x n grid (fitted: 0.4 s at 100 x 100)."""
    m, n = min(m, n), max(m, n)
    return 1e-3 + 4e-8 * n * m**3


def _grid_digits(m, n, k):
    """:class:`LeadingDigits` of the grid's tree count from its closed form's logarithm."""
    import flint

    from .._format import leading_digits_from_log10, leading_digits_of

    if m * n == 1:
        return leading_digits_of(1, k)
    prec = 64 + 4 * k + (2 * m * n).bit_length()
    while prec <= 1 << 16:
        old = flint.ctx.prec
        try:
            flint.ctx.prec = prec
            ball = _grid_log(min(m, n), max(m, n)) / flint.arb(10).log()
        finally:
            flint.ctx.prec = old
        got = leading_digits_from_log10(ball, k, prec=prec)
        if got is not None:
            return got
        prec *= 2
    return leading_digits_of(grid_spanning_trees(m, n), k)  # pragma: no cover - a carry


def estimated_seconds(graph: Any, *, weight: str | None = None) -> float:
    """A prediction of :func:`spanning_trees`'s run time on ``graph``, in seconds.

    Builds the Laplacian, peels the leaves and plans the engine's sweep (O(m
    log n), about a tenth of a second for 10^4 vertices), then applies the
    engine's cost model (:mod:`tiling.linalg._cost`) to the dense core's size
    and Hadamard's bound on the count.

    Examples
    --------
    >>> estimated_seconds(Region.rectangle(20, 20)) < 1
    True
    """
    box = _full_rectangle(graph)
    if box is not None:
        return min(_grid_seconds(*box), _det_seconds_of_grid(*box))
    matrix, _ = laplacian(graph, weight=weight)
    if matrix.shape[0] <= 2:
        return 1e-4
    _, core = _peel_leaves(matrix)
    if core.shape[0] <= 2:
        return 1e-3
    from ..linalg._cost import det_seconds

    return det_seconds(_minor(core, [0]))


def grid_spanning_trees(height: int, width: int) -> int:
    """Spanning trees of the ``height`` x ``width`` grid graph, by the closed form.

    A fast path for full rectangles, independent of the determinant engine.
    The Laplacian eigenvalues of the grid P_m x P_n are
    ``4 sin^2(pi j / 2m) + 4 sin^2(pi k / 2n)``; the count is their product
    over ``(j, k) != (0, 0)`` divided by mn.  The product over k of one row j
    telescopes (a Chebyshev identity) to ``2 tanh(t_j / 2) sinh(n t_j)`` with
    ``cosh t_j = 1 + 2 sin^2(pi j / 2m)``, leaving

    ``(1 / m) prod_{j=1}^{m-1} 2 tanh(t_j / 2) sinh(n t_j)``.

    This is evaluated in ball arithmetic (python-flint's ``arb``) with enough
    bits that the ball contains exactly one integer, which is then the answer:
    the rounding is proven, not hoped for.  Cost: O(m) operations at about
    2mn bits, with m the shorter side (so roughly m * M(mn) bit operations).

    Reference: the eigenvalues of the path P_m are 4 sin^2(pi j / 2m),
    j = 0..m-1, and those of a Cartesian product add (e.g. R. Stanley,
    Algebraic Combinatorics, ch. 9).

    Examples
    --------
    >>> grid_spanning_trees(3, 3)
    192
    >>> grid_spanning_trees(8, 8) == spanning_trees(Region.rectangle(8, 8))
    True
    """
    m = positive_int(height, "height", "grid_spanning_trees")
    n = positive_int(width, "width", "grid_spanning_trees")
    m, n = min(m, n), max(m, n)  # the product runs over the shorter side
    # At most 4**(mn) trees (each vertex has at most 4 edges), so 2mn bits hold
    # the integer part; the guard bits absorb the rounding of O(m) operations.
    prec = 2 * m * n + 8 * (m + n).bit_length() + 64
    while True:
        exact = _grid_product(m, n, prec).unique_fmpz()
        if exact is not None:
            return int(exact)
        prec *= 2  # pragma: no cover - the first precision is ample


def _grid_product(m, n, prec):
    """The closed form of :func:`grid_spanning_trees` as an arb ball at ``prec`` bits."""
    import flint

    old = flint.ctx.prec
    flint.ctx.prec = prec
    try:
        total = flint.arb(1)
        for factor in _grid_factors(m, n):
            total *= factor
        return total / m
    finally:
        flint.ctx.prec = old


def _grid_factors(m, n):
    """The factors ``2 tanh(t_j / 2) sinh(n t_j)``, j = 1..m-1, at the current precision."""
    import flint

    for j in range(1, m):
        t = (1 + 2 * flint.arb.sin_pi(flint.arb(j) / (2 * m)) ** 2).acosh()
        yield 2 * (t / 2).tanh() * (n * t).sinh()


def _grid_log(m, n):
    """Natural logarithm of the grid's tree count, as a ball at the current precision."""
    import flint

    total = -flint.arb(m).log()
    for factor in _grid_factors(m, n):
        total += factor.log()
    return total


# ---------------------------------------------------------------------- resistance
def effective_resistance(
    graph: Any, u: Any, v: Any, *, weight: str | None = None, executor: Executor | None = None
) -> Fraction:
    """Effective resistance between ``u`` and ``v``, exactly, as a Fraction.

    Every edge is a resistor of 1 ohm, or, with ``weight``, of conductance
    ``graph[a][b][weight]`` (an int or :class:`fractions.Fraction`, > 0;
    parallel edges add their conductances).

    Parameters
    ----------
    graph : networkx.Graph, networkx.MultiGraph or Region
    u, v : nodes of ``graph`` (cells ``(row, col)`` of a Region)
    weight : str, optional
        Edge attribute holding the conductance (missing: 1).
    executor : concurrent.futures.Executor, optional
        Passed on to :func:`tiling.linalg.det`.

    Returns
    -------
    fractions.Fraction
        0 when ``u == v``.

    Raises
    ------
    TilingError
        if ``u`` or ``v`` is not a vertex, if they lie in different components
        (the resistance would be infinite), or for a conductance that is not a
        positive rational.

    Notes
    -----
    On the component of ``u``, with Laplacian L (conductances scaled to
    integers by their common denominator c),
    ``R(u, v) = c det L[-u,-v] / det L[-u]`` where ``L[-u]`` deletes the row
    and column of ``u`` and ``L[-u,-v]`` those of both: the weighted count of
    two-component spanning forests separating u from v over that of spanning
    trees (Kirchhoff 1847).  Two exact sparse determinants.

    Examples
    --------
    >>> import networkx as nx
    >>> effective_resistance(nx.cycle_graph(4), 0, 2)
    Fraction(1, 1)
    >>> effective_resistance(Region.rectangle(2, 2), (0, 0), (0, 1))
    Fraction(3, 4)
    """
    if isinstance(graph, Region):
        _no_region_weight(graph, weight)
        matrix = _region_laplacian(graph)
        nodes = [tuple(c) for c in graph.cells().tolist()]
        scale = 1
    else:
        nodes, rows, cols, values = _graph_edges(graph, weight, _conductance)
        scale = math.lcm(1, *(w.denominator for w in values))
        matrix = _assemble(len(nodes), rows, cols, [int(w * scale) for w in values])
    is_region = isinstance(graph, Region)
    i, j = _vertex_index(nodes, u, "u", is_region), _vertex_index(nodes, v, "v", is_region)
    if i == j:
        return Fraction(0)
    _, labels = _components(matrix)
    if labels[i] != labels[j]:
        raise TilingError(
            f"{u!r} and {v!r} lie in different components: the resistance between them is infinite"
        )
    component = np.flatnonzero(labels == labels[i])
    matrix = matrix[component][:, component].tocsr()
    i, j = int(np.searchsorted(component, i)), int(np.searchsorted(component, j))
    trees = _det(_minor(matrix, [i]), executor=executor)
    forests = _det(_minor(matrix, [i, j]), executor=executor)
    return Fraction(scale * forests, trees)


def _conductance(value, u, v, name):
    """A conductance as a positive Fraction, or a one-line TilingError saying why not."""
    if isinstance(value, (bool, np.bool_)):
        raise TilingError(f"edge ({u!r}, {v!r}): conductance {name!r} is a bool")
    if isinstance(value, numbers.Rational):
        value = Fraction(int(value.numerator), int(value.denominator))
    elif _integral_float(value):
        value = Fraction(int(value))
    else:
        raise TilingError(
            f"edge ({u!r}, {v!r}): conductance {name!r} is {value!r}; use an int or "
            "fractions.Fraction for an exact answer"
        )
    if value <= 0:
        raise TilingError(f"edge ({u!r}, {v!r}): conductance {name!r} is {value}, not positive")
    return value


def _vertex_index(nodes, node, name, cells=False):
    """Position of ``node`` in ``nodes`` (cells may be given as lists or arrays).

    With ``cells`` (a Region's cell graph) the vertex must be a pair of
    integers: ``(0.5, 0)`` or ``(True, 0)`` is refused, never rounded.
    """
    if cells:
        cell = _as_cell(node)
        if cell is None:
            raise TilingError(f"{name}={node!r} is not a cell: a (row, col) pair of integers")
        try:
            return nodes.index(cell)
        except ValueError:
            raise TilingError(f"{name}={node!r} is not a cell of the region") from None
    try:
        hash(node)
        key = node
    except TypeError:
        key = _as_cell(node)
    for candidate in (key, _as_cell(key)):
        if candidate is not None:
            try:
                return nodes.index(candidate)
            except ValueError:
                pass
    raise TilingError(f"{name}={node!r} is not a vertex of the graph")


def _as_cell(node):
    """``node`` as a ``(row, col)`` tuple of ints, or None if it is not a pair of integers.

    Integral floats (``2.0``) and numpy integers are read as ints; ``0.5``,
    bools, NaN and strings are not cells (never rounded to one).
    """
    try:
        r, c = node
    except (TypeError, ValueError):
        return None
    out = []
    for x in (r, c):
        if isinstance(x, (bool, np.bool_)):
            return None
        if isinstance(x, numbers.Integral):
            out.append(int(x))
        elif _integral_float(x):
            out.append(int(x))
        else:
            return None
    return tuple(out)
