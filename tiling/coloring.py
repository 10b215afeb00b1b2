"""Colouring the dominoes of a tiling so that dominoes that touch differ.

Two notions of touching (``adjacency=``):

``"side"``
    two dominoes touch when they share a unit edge.  Their contact graph is
    planar, and more: it is 4-degenerate.  In any set of dominoes, the one
    holding the first cell in row-major order has nothing above or to the
    left of that cell, so two of its six unit edges are free and it touches at
    most four others of the set.  Colouring the dominoes in reverse row-major
    order of their first cell therefore shows each domino at most four
    coloured neighbours: with five colours greedy never gets stuck, and with
    four, a stuck domino sees four neighbours in four different colours, which
    Kempe's chain argument (correct for degree four, Kempe 1879 / Heawood
    1890) always unblocks.  Both ``k=5`` and ``k=4`` are guaranteed.
``"touch"``
    sharing a corner also counts (the look most pictures want).  This graph
    need not be planar; colours are found by the same greedy-plus-Kempe pass
    in smallest-last order, with an exact backtracking search as a local
    repair, and a clear :class:`~tiling.errors.TilingError` when ``k`` colours
    cannot be found.

The Kempe step is general: for a vertex whose coloured neighbours use every
colour, it looks for two colours ``a``, ``b`` such that no ``{a, b}``-chain (a
connected component of the subgraph coloured ``a`` or ``b``) joins a
neighbour coloured ``a`` to one coloured ``b``; swapping ``a`` and ``b`` on
the chains through the ``a``-neighbours frees ``a``.  On a planar graph whose
vertex has at most five coloured neighbours (the classical linear-time
5-colouring, Matula, Shiloach and Tarjan 1980) or four with ``k=4``, such a
pair always exists.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ._validation import check_choice, positive_int
from .errors import TilingError
from .model.tiling import Tiling, require_tiling

__all__ = ["color", "color_steps", "contact_matrix"]

ADJACENCIES = ("side", "touch")

#: Backtracking steps after which a local repair gives up (per search and in total).
SEARCH_BUDGET = 20_000
#: Most dominoes one local repair may recolour.
MAX_BALL = 400

# Label-grid shifts whose overlapping cells belong to touching dominoes:
# right and down for "side", the two diagonals as well for "touch".
_SHIFTS = {
    "side": ((0, 1), (1, 0)),
    "touch": ((0, 1), (1, 0), (1, 1), (1, -1)),
}


class _NoColoring(Exception):
    """Internal: the search could not colour ``vertex`` (``proven``: none exists)."""

    def __init__(self, vertex, proven, size, steps):
        super().__init__(vertex)
        self.vertex = vertex
        self.proven = proven
        self.size = size
        self.steps = steps


# ---------------------------------------------------------------------- public API
def contact_matrix(tiling: Tiling, *, adjacency: str = "side") -> Any:
    """The adjacency matrix between the dominoes of a tiling.

    Parameters
    ----------
    tiling : Tiling
    adjacency : {"side", "touch"}
        ``"side"``: dominoes sharing a unit edge; ``"touch"``: sharing at
        least a corner point.

    Returns
    -------
    scipy.sparse.csr_matrix of int8, shape (n, n)
        Symmetric, zero diagonal, entry 1 where dominoes ``i`` and ``j`` touch
        (indices as in ``tiling.dominoes``), column indices sorted.

    Notes
    -----
    Built without a loop over dominoes: the label grid (``tiling.labels()``)
    is compared with itself shifted by one cell (right, down, and for
    ``"touch"`` the two diagonals); every pair of different domino labels
    that meet is an edge.  O(cells) time and memory.

    Examples
    --------
    >>> from tiling import Region, Tiling
    >>> t = Tiling(Region.rectangle(2, 3), [[(0, 0), (1, 0)], [(0, 1), (0, 2)], [(1, 1), (1, 2)]])
    >>> contact_matrix(t).toarray().tolist()
    [[0, 1, 1], [1, 0, 1], [1, 1, 0]]
    """
    require_tiling(tiling, "contact_matrix")
    check_choice(adjacency, ADJACENCIES, "adjacency", "contact_matrix")
    return _adjacency_matrix(tiling, adjacency)


def color(tiling: Tiling, k: int = 5, *, adjacency: str = "side") -> np.ndarray:
    """Colour the dominoes with ``k`` colours so that touching dominoes differ.

    Parameters
    ----------
    tiling : Tiling
        Perfect or partial.
    k : int
        Number of colours, at least 1.
    adjacency : {"side", "touch"}
        ``"side"``: dominoes sharing a unit edge must differ; ``"touch"``:
        dominoes sharing only a corner must differ as well.

    Returns
    -------
    numpy int array, shape (n,)
        ``colors[i]`` in ``range(k)`` is the colour of ``tiling.dominoes[i]``.

    Raises
    ------
    TilingError
        when no ``k``-colouring was found: the message says whether none
        exists (proved by exhaustive search on a group of dominoes) or the
        search gave up, and how many colours did suffice.  Never for
        ``adjacency="side"`` with ``k >= 4``.

    See Also
    --------
    color_steps : the steps of the same run, for animations.
    contact_matrix : which dominoes touch.

    Notes
    -----
    ``"side"``: dominoes are coloured in reverse row-major order of their
    first cell, which gives each at most four coloured neighbours (see the
    module notes); greedy then always succeeds for ``k >= 5``, and for
    ``k = 4`` a domino whose four neighbours carry four colours is unblocked
    by a Kempe-chain swap (Kempe 1879), which planarity guarantees to exist.
    Linear time plus the Kempe chains explored (a few per thousand dominoes
    need a swap on random tilings).

    ``"touch"``: smallest-last order (Matula and Beck 1983,
    a bucket queue, linear time), greedy with the same Kempe step, and where
    that fails an exact backtracking search in DSATUR order (Brelaz 1979)
    over a growing ball of dominoes around the blocked one, outside colours
    held fixed.  A ball that cannot be coloured even without outside
    constraints proves that no ``k``-colouring exists.

    References
    ----------
    A. B. Kempe, On the geographical problem of the four colours, Amer. J.
    Math. 2 (1879).  D. W. Matula, Y. Shiloach and R. E. Tarjan, Two linear-time
    algorithms for five-coloring a planar graph, Stanford report (1980).

    Examples
    --------
    >>> from tiling import Region, Tiling
    >>> t = Tiling(Region.rectangle(2, 3), [[(0, 0), (1, 0)], [(0, 1), (0, 2)], [(1, 1), (1, 2)]])
    >>> color(t).tolist()
    [2, 1, 0]
    """
    return _run(tiling, k, adjacency, "color", record=False)[0]


def color_steps(tiling: Tiling, k: int = 5, *, adjacency: str = "side") -> list[tuple]:
    """The steps :func:`color` takes on ``tiling``, in order, for animations.

    Parameters
    ----------
    tiling, k, adjacency
        As for :func:`color`.

    Returns
    -------
    list of tuples
        ``("assign", i, c)`` (domino ``i`` gets colour ``c``, also used when a
        repair recolours it) and ``("swap", indices, a, b)`` (a Kempe-chain
        swap: the dominoes in the 1-d int array ``indices`` exchange colours
        ``a`` and ``b``).  Replaying them from all dominoes uncoloured gives
        ``color(tiling, k, adjacency=adjacency)``;
        :func:`tiling.plot.animate_coloring` draws them.

    Examples
    --------
    >>> from tiling import Region, Tiling
    >>> t = Tiling(Region.rectangle(2, 3), [[(0, 0), (1, 0)], [(0, 1), (0, 2)], [(1, 1), (1, 2)]])
    >>> color_steps(t, k=3)
    [('assign', 2, 0), ('assign', 1, 1), ('assign', 0, 2)]
    """
    return _run(tiling, k, adjacency, "color_steps", record=True)[1]


def _run(tiling, k, adjacency, who, record):
    require_tiling(tiling, who)
    k = positive_int(k, "k", who)
    check_choice(adjacency, ADJACENCIES, "adjacency", who)
    nbrs = _neighbor_lists(_adjacency_matrix(tiling, adjacency))
    if adjacency == "side":
        order = _row_major_order(tiling)
    else:
        order = _smallest_last(nbrs)
    steps = [] if record else None
    # Greedy never needs more than (largest degree + 1) colours; capping k there
    # keeps the colour bitmasks small whatever k is asked for.
    palette = min(k, max(map(len, nbrs), default=0) + 1)
    try:
        colors = _color_graph(nbrs, palette, order, steps)
    except _NoColoring as exc:
        raise TilingError(_failure_message(exc, nbrs, k, adjacency, order)) from None
    return np.array(colors, dtype=np.int64), steps


# ---------------------------------------------------------------------- checks
def _failure_message(exc, nbrs, k, kind, order):
    best = _fewest_colors_found(nbrs, k, order)
    if exc.proven:
        why = (
            f"none exists: exhaustive search shows that {exc.size} dominoes around "
            f"domino {exc.vertex} need more than {k} colours"
        )
    else:
        why = (
            f"the search around domino {exc.vertex} gave up after {exc.steps} steps "
            f"on {exc.size} dominoes"
        )
    return (
        f"no proper {k}-colouring with adjacency={kind!r}: {why}; "
        f"{best} colours were reached, use k={best}"
    )


def _fewest_colors_found(nbrs, k, order):
    """The smallest number of colours above ``k`` that the same method reaches."""
    enough = max(map(len, nbrs), default=0) + 1  # greedy always succeeds with these
    for more in range(k + 1, enough):
        try:
            _color_graph(nbrs, more, order, None)
            return more
        except _NoColoring:
            continue
    return enough


# ---------------------------------------------------------------------- the graph
def _adjacency_matrix(tiling, kind):
    import scipy.sparse as sp  # here, not at the top: import tiling stays quick

    labels = tiling.labels()
    n = len(tiling)
    firsts, seconds = [], []
    for dr, dc in _SHIFTS[kind]:
        a, b = _shifted_pair(labels, dr, dc)
        meet = (a >= 0) & (b >= 0) & (a != b)
        firsts.append(a[meet])
        seconds.append(b[meet])
    rows = np.concatenate(firsts + seconds)
    cols = np.concatenate(seconds + firsts)
    # Converting from coordinates sums the duplicate pairs (a domino meets a
    # neighbour along up to two cells); the values are then reset to 1.
    matrix = sp.csr_matrix(
        (np.ones(len(rows), dtype=np.int8), (rows, cols)), shape=(n, n), dtype=np.int8
    )
    matrix.sum_duplicates()
    matrix.data[:] = 1
    return matrix


def _shifted_pair(labels, dr, dc):
    """The two overlapping views ``labels[r, c]`` and ``labels[r + dr, c + dc]``."""
    h, w = labels.shape
    if dc >= 0:
        return labels[: h - dr, : w - dc], labels[dr:, dc:]
    return labels[: h - dr, -dc:], labels[dr:, : w + dc]


def _neighbor_lists(matrix):
    """Adjacency lists as Python lists: the colouring loops index them per vertex."""
    ptr = matrix.indptr.tolist()
    idx = matrix.indices.tolist()
    return [idx[ptr[v] : ptr[v + 1]] for v in range(matrix.shape[0])]


def _row_major_order(tiling):
    """Dominoes by decreasing first cell (row-major): at most 4 side neighbours come later."""
    d = tiling.dominoes
    if len(d) == 0:
        return []
    key = d[:, 0, 0] * tiling.region.shape[1] + d[:, 0, 1]
    return np.argsort(key, kind="stable")[::-1].tolist()


def _smallest_last(nbrs):
    """Smallest-last order (Matula and Beck 1983), returned in colouring order.

    Repeatedly remove a vertex of minimum remaining degree, with a bucket
    queue (one set per degree); the minimum drops by at most one per removal,
    so the scan for the next non-empty bucket is linear overall.  Colouring in
    reverse removal order gives every vertex at most ``degeneracy`` coloured
    neighbours.
    """
    n = len(nbrs)
    degree = [len(x) for x in nbrs]
    buckets = [set() for _ in range(max(degree, default=0) + 1)]
    for v, d in enumerate(degree):
        buckets[d].add(v)
    removed = [False] * n
    order = []
    low = 0
    for _ in range(n):
        while not buckets[low]:
            low += 1
        v = buckets[low].pop()
        removed[v] = True
        order.append(v)
        for u in nbrs[v]:
            if not removed[u]:
                du = degree[u]
                buckets[du].remove(u)
                buckets[du - 1].add(u)
                degree[u] = du - 1
        low = max(low - 1, 0)
    order.reverse()
    return order


# ---------------------------------------------------------------------- colouring
def _color_graph(nbrs, k, order, steps, stats=None):
    """Colour the vertices in ``order`` with colours ``range(k)``; return the list.

    Greedy (smallest free colour), else a Kempe swap, else a local exact
    repair.  Raises :class:`_NoColoring` when the repair fails.  ``stats``,
    when given, is a dict counting ``"kempe"`` swaps, ``"blocked"`` colour
    pairs whose chain joined the two neighbours, and ``"repairs"``.
    """
    colors = [-1] * len(nbrs)
    full = (1 << k) - 1
    if stats is None:
        stats = {}
    for key in ("kempe", "blocked", "repairs"):
        stats.setdefault(key, 0)
    for v in order:
        used = 0
        for u in nbrs[v]:
            c = colors[u]
            if c >= 0:
                used |= 1 << c
        free = full & ~used
        if free:
            c = (free & -free).bit_length() - 1
        else:
            c = _kempe(v, nbrs, colors, steps, stats)
            if c >= 0:
                stats["kempe"] += 1
            else:
                _repair(v, nbrs, colors, k, steps)
                stats["repairs"] += 1
                continue
        colors[v] = c
        if steps is not None:
            steps.append(("assign", v, c))
    return colors


def _kempe(v, nbrs, colors, steps, stats):
    """Free a colour at ``v`` by one Kempe-chain swap; return it, or -1 if none works.

    For colours ``a``, ``b`` present among the coloured neighbours, the
    ``{a, b}``-chains through the ``a``-neighbours are swapped unless one of
    them reaches a ``b``-neighbour (then the same chain blocks freeing ``b``
    too, so each unordered pair is tried once).  Chains are explored with a
    size limit that grows fourfold, so a pair with a short chain is found
    before a long one is walked to its end.
    """
    groups = {}
    for u in nbrs[v]:
        c = colors[u]
        if c >= 0:
            groups.setdefault(c, []).append(u)
    present = sorted(groups, key=lambda c: (len(groups[c]), c))
    pairs = [(a, b) for i, a in enumerate(present) for b in present[i + 1 :]]
    limit = 64
    while pairs:
        undecided = []
        for a, b in pairs:
            chain = _chain(groups[a], a, b, set(groups[b]), nbrs, colors, limit)
            if chain is None:
                stats["blocked"] += 1  # joins an a- to a b-neighbour: this pair never works
                continue
            if chain is True:
                undecided.append((a, b))
                continue
            for x in chain:
                colors[x] = b if colors[x] == a else a
            if steps is not None:
                steps.append(("swap", np.array(sorted(chain), dtype=np.int64), a, b))
            return a
        pairs = undecided
        limit *= 4
    return -1


def _chain(sources, a, b, targets, nbrs, colors, limit):
    """The union of the ``{a, b}``-chains through ``sources``.

    Returns None when it contains a vertex of ``targets``, True when it grew
    past ``limit`` vertices first (undecided), else the set of its vertices.
    """
    seen = set(sources)
    stack = list(sources)
    while stack:
        x = stack.pop()
        for y in nbrs[x]:
            if y not in seen:
                cy = colors[y]
                if cy == a or cy == b:
                    if y in targets:
                        return None
                    seen.add(y)
                    stack.append(y)
        if len(seen) > limit:
            return True
    return seen


# ---------------------------------------------------------------------- local repair
def _repair(v, nbrs, colors, k, steps):
    """Colour ``v`` by recolouring a growing ball of coloured vertices around it.

    Each ball (``v`` and the coloured vertices within some distance, through
    coloured vertices) is searched exactly with the colours outside it fixed.
    When that fails, the ball is searched again with nothing fixed: failing
    too proves that no k-colouring of the whole graph exists.
    """
    radius, size, spent = 1, 0, 0
    while True:
        ball = _ball(v, radius, nbrs, colors)
        if len(ball) > MAX_BALL:
            raise _NoColoring(v, False, size, spent)
        size = len(ball)
        found, used = _search(ball, nbrs, colors, k, fixed_outside=True)
        spent += used
        if found is None:
            free, used = _search(ball, nbrs, colors, k, fixed_outside=False)
            spent += used
            if free is None:
                raise _NoColoring(v, True, size, spent)
        elif found is not False:
            for x, c in zip(ball, found):
                if colors[x] != c:
                    colors[x] = c
                    if steps is not None:
                        steps.append(("assign", x, c))
            return
        if spent > SEARCH_BUDGET or _ball(v, radius + 1, nbrs, colors) == ball:
            # over budget, or the ball is all of v's coloured component already
            raise _NoColoring(v, False, size, spent)
        radius += 1


def _ball(v, radius, nbrs, colors):
    """``v`` and the coloured vertices within ``radius`` steps through coloured vertices."""
    ball = [v]
    seen = {v}
    frontier = [v]
    for _ in range(radius):
        nxt = []
        for x in frontier:
            for y in nbrs[x]:
                if y not in seen and colors[y] >= 0:
                    seen.add(y)
                    nxt.append(y)
        if not nxt:
            break
        ball.extend(nxt)
        frontier = nxt
    return ball


def _search(ball, nbrs, colors, k, fixed_outside):
    """Exact backtracking colouring of ``ball`` (DSATUR order, Brelaz 1979).

    Returns ``(colours, steps)``: ``colours`` is a list aligned with ``ball``,
    None when no colouring exists (exhaustive), or False when the budget of
    :data:`SEARCH_BUDGET` steps ran out.  With ``fixed_outside`` the coloured
    neighbours outside the ball forbid their colours; without it, colours are
    interchangeable and a new colour is only opened one above the largest used.
    """
    index = {x: i for i, x in enumerate(ball)}
    m = len(ball)
    local = [[index[u] for u in nbrs[x] if u in index] for x in ball]
    fixed = [0] * m
    if fixed_outside:
        for i, x in enumerate(ball):
            for u in nbrs[x]:
                if u not in index and colors[u] >= 0:
                    fixed[i] |= 1 << colors[u]
    state = _SearchState(local, fixed, k)
    symmetric = not any(fixed)
    budget = SEARCH_BUDGET
    i, options = state.pick()
    if symmetric:
        options = options[:1]
    stack = [[i, options, 0, -1]]  # vertex, colours to try, next to try, largest colour used before
    steps = 0
    while stack:
        frame = stack[-1]
        i, options, pos, top = frame
        if state.assign[i] >= 0:
            state.unplace(i)
        if pos == len(options):
            stack.pop()
            continue
        c = options[pos]
        frame[2] = pos + 1
        state.place(i, c)
        steps += 1
        if steps > budget:
            return False, steps
        if not state.unassigned:
            return list(state.assign), steps
        j, more = state.pick()
        top = max(top, c)
        if symmetric:
            more = [x for x in more if x <= top + 1]
        stack.append([j, more, 0, top])
    return None, steps


class _SearchState:
    """Partial colouring of the ball: per vertex, colour counts among coloured neighbours."""

    def __init__(self, local, fixed, k):
        self.local = local
        self.fixed = fixed
        self.k = k
        self.full = (1 << k) - 1
        self.count = [[0] * k for _ in local]
        self.blocked = list(fixed)
        self.assign = [-1] * len(local)
        self.unassigned = set(range(len(local)))

    def place(self, i, c):
        self.assign[i] = c
        self.unassigned.discard(i)
        bit = 1 << c
        for j in self.local[i]:
            self.count[j][c] += 1
            self.blocked[j] |= bit

    def unplace(self, i):
        c = self.assign[i]
        self.assign[i] = -1
        self.unassigned.add(i)
        bit = 1 << c
        for j in self.local[i]:
            cnt = self.count[j]
            cnt[c] -= 1
            if cnt[c] == 0 and not self.fixed[j] & bit:
                self.blocked[j] &= ~bit

    def pick(self):
        """The unassigned vertex with fewest colours left (most neighbours on ties)."""
        best, best_key = -1, None
        for i in self.unassigned:
            left = (self.full & ~self.blocked[i]).bit_count()
            key = (left, -len(self.local[i]))
            if best_key is None or key < best_key:
                best, best_key = i, key
                if left == 0:
                    break
        avail = self.full & ~self.blocked[best]
        return best, [c for c in range(self.k) if avail >> c & 1]
