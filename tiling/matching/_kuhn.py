"""Kuhn's augmenting-path algorithm (1955), with its paths recorded for animations."""

from __future__ import annotations

import numpy as np

from ..model.region import Region, require_region
from ..model.tiling import Tiling
from ._grid import NONE, bipartite, to_tiling

__all__ = ["kuhn", "kuhn_steps"]

Path = list[tuple[int, int]]


def kuhn(region: Region) -> Tiling:
    """A maximum cover of ``region`` by Kuhn's augmenting-path algorithm.

    Parameters
    ----------
    region : Region

    Returns
    -------
    Tiling
        A maximum cover (perfect when the region can be tiled).

    See Also
    --------
    kuhn_steps : the augmenting paths of the same run, for animations.
    hopcroft_karp : O(E sqrt(V)), for large regions.

    Notes
    -----
    Kuhn's algorithm (the "Hungarian" augmenting-path method, Kuhn 1955):
    for each colour-0 cell in row-major order, a depth-first search along
    alternating paths looks for an uncovered colour-1 cell, trying a directly
    uncovered neighbour first.  A search that fails leaves its cells marked,
    because no later augmentation can reach them again.  O(V E) = O(n^2) for
    n cells in the worst case.  The search keeps its own stack, so long
    corridors do not hit Python's recursion limit.

    References
    ----------
    H. W. Kuhn, The Hungarian method for the assignment problem, Naval
    Research Logistics Quarterly 2 (1955).

    Examples
    --------
    >>> kuhn(Region.rectangle(2, 2)).is_perfect
    True
    """
    require_region(region, "kuhn")
    return _run(region, record=False)[0]


def kuhn_steps(region: Region) -> list[Path]:
    """The augmenting paths of :func:`kuhn` on ``region``, in the order they were found.

    Parameters
    ----------
    region : Region

    Returns
    -------
    list of list of (row, col) tuples
        Each path starts and ends at a cell that was uncovered.  Flipping it
        makes ``(path[0], path[1]), (path[2], path[3]), ...`` dominoes and
        lifts the dominoes ``(path[1], path[2]), (path[3], path[4]), ...``.
        Applying the paths in order to the empty placement gives
        ``kuhn(region)``; :func:`tiling.plot.animate_matching` draws them.

    Examples
    --------
    >>> kuhn_steps(Region.rectangle(2, 2))
    [[(0, 0), (0, 1)], [(1, 1), (1, 0)]]
    """
    require_region(region, "kuhn_steps")
    return _run(region, record=True)[1]


def _run(region: Region, record: bool) -> tuple[Tiling, list[Path]]:
    left, right, _, _, nbr = bipartite(region)
    n0, n1 = len(left), len(right)
    adj = nbr.tolist()
    match_l = [NONE] * n0
    match_r = [NONE] * n1
    dead = bytearray(n0)  # left vertices that can never again reach a free cell
    seen = [0] * n0  # visit stamp of the current search
    paths: list[Path] = []
    for root in range(n0):
        found = _kuhn_search(root, adj, match_l, match_r, dead, seen, root + 1)
        if found is None:
            continue
        lefts, rights = found
        for u, v in zip(lefts, rights):
            match_l[u] = v
            match_r[v] = u
        if record:
            path = []
            for u, v in zip(lefts, rights):
                path.append(tuple(int(x) for x in left[u]))
                path.append(tuple(int(x) for x in right[v]))
            # Stored from the root: the order (left, right, left, ...) puts
            # the new dominoes at (0, 1), (2, 3), ... as the contract says.
            paths.append(path)
    return to_tiling(region, left, right, np.asarray(match_l, dtype=np.int64)), paths


def _kuhn_search(root, adj, match_l, match_r, dead, seen, stamp):
    """Iterative DFS for an augmenting path from the free left vertex ``root``.

    Returns (lefts, rights): the path's left vertices and the right vertex each
    is to be matched with; or None, after marking every visited vertex dead.
    """
    # A free neighbour closes a path of length one at once (the greedy step).
    for v in adj[root]:
        if v != NONE and match_r[v] == NONE:
            return [root], [v]
    seen[root] = stamp
    stack = [root]
    ptr = [0]
    chosen = [NONE]
    visited = [root]
    while stack:
        u = stack[-1]
        k = ptr[-1]
        if k == 4:
            stack.pop()
            ptr.pop()
            chosen.pop()
            continue
        ptr[-1] = k + 1
        v = adj[u][k]
        if v == NONE:
            continue
        nxt = match_r[v]
        chosen[-1] = v
        if nxt == NONE:
            return stack, chosen
        if seen[nxt] == stamp or dead[nxt]:
            continue
        seen[nxt] = stamp
        visited.append(nxt)
        stack.append(nxt)
        ptr.append(0)
        chosen.append(NONE)
    # Every vertex reached has all its neighbours matched inside the visited
    # set, so no later augmentation can enter it: mark it dead for good.
    for u in visited:
        dead[u] = 1
    return None
