"""Slow, obviously-correct reference methods the fast solvers are checked against.

Written independently of the package: nothing here imports a solver.
"""

import heapq
from functools import cache

import mpmath
import numpy as np


def count_tilings_memo(mask):
    """Number of domino tilings of the True cells of ``mask``.

    Memoised recursion on the set of uncovered cells: the smallest uncovered
    cell (row-major) pairs with its right or lower neighbour.
    """
    cells = frozenset(map(tuple, np.argwhere(np.asarray(mask)).tolist()))

    @cache
    def go(free):
        if not free:
            return 1
        r, c = min(free)
        total = 0
        for other in ((r, c + 1), (r + 1, c)):
            if other in free:
                total += go(free - {(r, c), other})
        return total

    return go(cells)


def kasteleyn_rectangle(m, n):
    """Kasteleyn's product formula for the m x n board, evaluated in high precision.

    T(m, n) = prod_{j=1}^{ceil(m/2)} prod_{k=1}^{ceil(n/2)}
              (4 cos^2(pi j/(m+1)) + 4 cos^2(pi k/(n+1)))
    """
    if (m * n) % 2:
        return 0
    digits = int(0.3 * m * n) + 60
    with mpmath.workdps(digits):
        total = mpmath.mpf(1)
        for j in range(1, (m + 1) // 2 + 1):
            cj = mpmath.cos(mpmath.pi * j / (m + 1)) ** 2
            for k in range(1, (n + 1) // 2 + 1):
                ck = mpmath.cos(mpmath.pi * k / (n + 1)) ** 2
                total *= 4 * cj + 4 * ck
        value = int(mpmath.nint(total))
        assert abs(total - value) < mpmath.mpf("0.01")
    return value


def is_valid_tiling(mask, dominoes, perfect=True):
    """Independent check: dominoes lie on cells of ``mask``, are adjacent pairs, do not overlap."""
    mask = np.asarray(mask)
    seen = set()
    for (a, b), (c, d) in np.asarray(dominoes).reshape(-1, 2, 2).tolist():
        if abs(a - c) + abs(b - d) != 1:
            return False
        for r, s in ((a, b), (c, d)):
            if not (0 <= r < mask.shape[0] and 0 <= s < mask.shape[1] and mask[r, s]):
                return False
            if (r, s) in seen:
                return False
            seen.add((r, s))
    return len(seen) == int(mask.sum()) if perfect else True


def heights_from_definition(mask, dominoes):
    """Heights at the cell corners, walking every lattice edge by the definition.

    Independent of the package: for each side of a cell, the cell on the
    walker's left (row 0 drawn on top) decides +1 (colour 0) or -1 (colour
    1), and the change is -3 times that when the side lies inside a domino.
    A breadth-first search from the first corner (row-major) spreads the
    heights; each lattice piece starts at 0.  Returns ``(heights, steps)``:
    a dict of heights and a dict ``{(p, q): change}`` over every side, both
    directions, so a caller can check every edge (across a slit too).
    """
    mask = np.asarray(mask, bool)
    h, w = mask.shape
    cells = {tuple(c) for c in np.argwhere(mask).tolist()}
    partner = {}
    for (a, b), (c, d) in np.asarray(dominoes).reshape(-1, 2, 2).tolist():
        partner[(a, b)] = (c, d)
        partner[(c, d)] = (a, b)

    def change(p, q):
        (i, j), (k, l) = p, q
        if k == i:  # horizontal: walking right, the left cell is above
            j0 = min(j, l)
            left, right = (i - 1, j0), (i, j0)
            sign = 1 if l > j else -1
        else:  # vertical: walking down, the left cell is to the right
            i0 = min(i, k)
            left, right = (i0, j), (i0, j - 1)
            sign = 1 if k > i else -1
        if sign < 0:
            left, right = right, left
        step = 1 if (left[0] + left[1]) % 2 == 0 else -1
        if partner.get(left) == right:
            step *= -3
        return step

    steps = {}
    for r, c in cells:
        corners = [(r, c), (r, c + 1), (r + 1, c + 1), (r + 1, c)]
        for k in range(4):
            p, q = corners[k], corners[(k + 1) % 4]
            steps[(p, q)] = change(p, q)
            steps[(q, p)] = change(q, p)
    points = sorted({p for p, _ in steps})
    neighbours = {}
    for p, q in steps:
        neighbours.setdefault(p, []).append(q)
    heights = {}
    for start in points:
        if start in heights:
            continue
        heights[start] = 0
        queue = [start]
        for p in queue:
            for q in sorted(neighbours[p]):
                if q not in heights:
                    heights[q] = heights[p] + steps[(p, q)]
                    queue.append(q)
    return heights, steps


# The scan orders of tiling.linalg.ordering as first written, before they were compiled:
# the compiled kernels must give the same orders.
def row_sweep_order_python(matrix):
    """The greedy order as first written, in pure Python (heapq)."""
    if not (hasattr(matrix, "tocsc") or hasattr(matrix, "pattern")):  # input check (issue 21)
        raise TypeError(f"row_sweep_order() needs a sparse matrix, not {type(matrix).__name__}")
    n = matrix.shape[0]
    csr = matrix.pattern() if hasattr(matrix, "pattern") else matrix
    csc = csr.tocsc()
    indptr, indices = csr.indptr.tolist(), csr.indices.tolist()
    cptr, cind = csc.indptr.tolist(), csc.indices.tolist()
    fresh = [indptr[i + 1] - indptr[i] for i in range(n)]
    mentioned = [False] * csr.shape[1]
    done = [False] * n
    seen = [False] * n
    order, heap, tick = [], [], 0

    def key(i):
        f = fresh[i]
        return 0 if f == 1 else (1 if f == 0 else f)

    unseen = 0
    while len(order) < n:
        if not heap:  # start (or restart, in another component) at the first unseen row
            while seen[unseen]:
                unseen += 1
            seen[unseen] = True
            tick += 1
            heapq.heappush(heap, (key(unseen), tick, unseen))
        k, _, i = heapq.heappop(heap)
        if done[i] or k != key(i):
            continue  # a stale heap entry
        done[i] = True
        order.append(i)
        for j in indices[indptr[i] : indptr[i + 1]]:
            if mentioned[j]:
                continue
            mentioned[j] = True
            for r in cind[cptr[j] : cptr[j + 1]]:
                fresh[r] -= 1
                if not done[r]:
                    seen[r] = True
                    tick += 1
                    heapq.heappush(heap, (key(r), tick, r))
    return np.array(order, dtype=np.int64)


def sweep_order_python(matrix):
    """The greedy order as first written, in pure Python (heapq)."""
    if not (hasattr(matrix, "indptr")):  # input check (issue 21)
        raise TypeError(
            f"sweep_order() needs a sparse matrix in CSR form, not {type(matrix).__name__}"
        )
    n = matrix.shape[0]
    indptr, indices = matrix.indptr.tolist(), matrix.indices.tolist()
    unit = np.abs(matrix.data) == 1
    neighbours, unit_neighbours = [], []
    for i in range(n):
        row = indices[indptr[i] : indptr[i + 1]]
        is_unit = unit[indptr[i] : indptr[i + 1]].tolist()
        neighbours.append([j for j in row if j != i])
        unit_neighbours.append({j for j, u in zip(row, is_unit) if u and j != i})
    fresh = [len(a) for a in neighbours]  # columns of row i no scanned row mentions yet
    fresh_unit = [len(a) for a in unit_neighbours]  # ... of which +-1 entries
    mentioned = [False] * n
    done = [False] * n
    order, heap, tick = [], [], [0]

    def key(i):
        if fresh_unit[i] and fresh[i] == 1:
            return 0
        if fresh[i] == 0:
            return 1
        return fresh[i] + (0 if fresh_unit[i] else 1)

    def push(i):
        tick[0] += 1
        heapq.heappush(heap, (key(i), tick[0], i))

    def mention(j):
        mentioned[j] = True
        for k in neighbours[j]:
            fresh[k] -= 1
            if j in unit_neighbours[k]:
                fresh_unit[k] -= 1
            if mentioned[k] and not done[k]:
                push(k)
        push(j)

    unseen = 0
    while len(order) < n:
        if not heap:  # start (or restart, in another component) at the first unseen row
            while mentioned[unseen]:
                unseen += 1
            mention(unseen)
        k, _, i = heapq.heappop(heap)
        if done[i] or k != key(i):
            continue  # a stale heap entry
        done[i] = True
        order.append(i)
        for j in neighbours[i]:
            if not mentioned[j]:
                mention(j)
    return np.array(order, dtype=np.int64)


def holes_by_flood(mask):
    """The holes of the True cells of ``mask``: sorted lists of (row, col) groups.

    Floods the missing cells (8-connected, on the mask padded by a ring of
    missing cells) from the outside; every missing cell left unflooded belongs
    to a hole, and holes are its 8-connected groups, ordered by first cell.
    """
    mask = np.asarray(mask, dtype=bool)
    h, w = mask.shape
    missing = {(r, c) for r in range(-1, h + 1) for c in range(-1, w + 1)}
    missing -= set(map(tuple, np.argwhere(mask).tolist()))

    def group(start):
        seen, stack = {start}, [start]
        while stack:
            r, c = stack.pop()
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    other = (r + dr, c + dc)
                    if other in missing and other not in seen:
                        seen.add(other)
                        stack.append(other)
        return seen

    left = missing - group((-1, -1))
    holes = []
    while left:
        hole = group(min(left))
        left -= hole
        holes.append(sorted(hole))
    return holes
