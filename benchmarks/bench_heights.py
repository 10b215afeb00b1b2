"""Benchmark: height functions, flip distance, Thurston's tileability test, Glauber dynamics.

Four tables, each against a baseline measured in the same run:

* ``tiling.heights.height`` on tilings of up to 10^6 dominoes, against a plain
  Python breadth-first search over the cell corners (what a user would write
  from the definition), on the sizes it finishes in reasonable time;
* ``flip_distance`` of two tilings of the 1000 x 1000 board (the minimal
  and the maximal tiling), against the same computation with the
  plain-Python heights, on a smaller board;
* ``is_tileable`` (Thurston's algorithm) against our own Hopcroft-Karp
  (``tiling.matching.hopcroft_karp``, Region in, Tiling out) on 1000 x 1000
  regions without holes, tileable and not; both answers are checked equal;
* Glauber dynamics (block updates per second, every 2 x 2 block of the box
  once per sweep) against a Python loop over the blocks doing the same
  heat-bath update.

Run: ``python benchmarks/bench_heights.py [--quick]``.
"""

import sys
import time

import numpy as np
from _timing import median_time  # noqa: E402

from tiling import Region
from tiling.heights import flip_distance, height, is_tileable, max_tiling, min_tiling
from tiling.heights._lattice import _cached_lattice
from tiling.matching import hopcroft_karp


def cold(fn):
    """``fn`` timed as a first call on its region: the lattice cache emptied first."""

    def run():
        _cached_lattice.cache_clear()
        return fn()

    return run


GOALS = {
    "height": "10^6 dominoes in under 0.5 s",
    "distance": "two tilings of the 1000 x 1000 board in under 1 s",
    "thurston": "at least 3x faster than Hopcroft-Karp at 1000 x 1000",
    "glauber": "at least 5 x 10^7 attempted flips per second",
}


# ---------------------------------------------------------------------- shapes
def block_shape(coarse):
    """A mask made of 2 x 2 blocks (so balanced and tileable) from a coarse mask."""
    return np.kron(coarse, np.ones((2, 2), dtype=bool)).astype(bool)


def disk(n):
    k = n // 2
    y, x = np.mgrid[0:k, 0:k] + 0.5
    return block_shape((y - k / 2) ** 2 + (x - k / 2) ** 2 < (k / 2) ** 2)


def heart(n):
    k = n // 2
    y, x = np.mgrid[0:k, 0:k] + 0.5
    u = (x - k / 2) / (k / 2.6)
    v = (k / 2 - y) / (k / 2.6) + 0.25
    return block_shape((u**2 + v**2 - 1) ** 3 - u**2 * v**3 <= 0)


def _imbalance(mask):
    """Cells of colour 0 minus cells of colour 1."""
    rows, cols = np.nonzero(mask)
    return int(len(rows) - 2 * ((rows + cols) % 2).sum())


def walled(mask):
    """``mask`` cut in two by a wall with one gap, its halves unbalanced so no tiling exists.

    The wall runs down the middle column, with one gap cell in the middle row.
    Then the outermost cells of rows far from the gap are taken away until the
    left half has one extra cell of the gap's colour and the right half two
    too few: the colours balance overall, but a tiling would have to send a
    cell of the gap's colour across the gap, which has that colour itself.
    No holes are made, so Thurston's algorithm applies.
    """
    m = mask.copy()
    h, w = m.shape
    r, c = h // 2, w // 2
    if not m[r, c]:
        raise ValueError("the middle cell is not in the shape")
    m[:, c] = False
    m[r, c] = True
    gap = 1 if (r + c) % 2 == 0 else -1  # +1: the gap has colour 0
    left = np.zeros_like(m)
    left[:, :c] = True
    right = np.zeros_like(m)
    right[:, c + 1 :] = True
    for side, target, outer in ((left, gap, 0), (right, -2 * gap, -1)):
        for row in range(h):
            now = _imbalance(m & side)
            if now == target:
                break
            cols = np.flatnonzero(m[row] & side[row])
            if abs(row - r) < 3 or len(cols) < 2:
                continue
            col = cols[outer]
            if (1 if (row + col) % 2 == 0 else -1) == np.sign(now - target):
                m[row, col] = False
        if _imbalance(m & side) != target:
            raise ValueError("could not unbalance the halves")
    return m


# ---------------------------------------------------------------------- baselines
def python_heights(tiling):
    """Heights by a plain Python breadth-first search over corners (the definition)."""
    mask = tiling.region.mask
    h, w = mask.shape
    mate = {}
    for (a, b), (c, d) in tiling.dominoes.tolist():
        mate[(a, b)] = (c, d)
        mate[(c, d)] = (a, b)

    def inside(i, j):
        return 0 <= i < h and 0 <= j < w and mask[i, j]

    heights = {(0, 0): 0} if inside(0, 0) else {}
    start = next(iter(heights), None) or tuple(np.argwhere(mask)[0])
    heights[start] = 0
    queue = [start]
    for i, j in queue:
        here = heights[(i, j)]
        # right, left, down, up: the left cell of the walk and the cell on the right
        for q, left, right in (
            ((i, j + 1), (i - 1, j), (i, j)),
            ((i, j - 1), (i, j - 1), (i - 1, j - 1)),
            ((i + 1, j), (i, j), (i, j - 1)),
            ((i - 1, j), (i - 1, j - 1), (i - 1, j)),
        ):
            if q in heights or not (inside(*left) or inside(*right)):
                continue
            step = 1 if (left[0] + left[1]) % 2 == 0 else -1
            if mate.get(left) == right:
                step *= -3
            heights[q] = here + step
            queue.append(q)
    return heights


def python_glauber_sweep(grid, rng):
    """One heat-bath sweep, block by block in Python (partner codes as in the package)."""
    RIGHT, LEFT, DOWN, UP = 1, 2, 3, 4
    h, w = grid.shape
    for a, b in ((0, 0), (1, 1), (0, 1), (1, 0)):
        for r in range(a, h - 1, 2):
            for c in range(b, w - 1, 2):
                if rng.random() >= 0.5:
                    continue
                if grid[r, c] == RIGHT and grid[r + 1, c] == RIGHT:
                    grid[r, c] = grid[r, c + 1] = DOWN
                    grid[r + 1, c] = grid[r + 1, c + 1] = UP
                elif grid[r, c] == DOWN and grid[r, c + 1] == DOWN:
                    grid[r, c] = grid[r + 1, c] = RIGHT
                    grid[r, c + 1] = grid[r + 1, c + 1] = LEFT


# ---------------------------------------------------------------------- tables
def _fmt(s):
    return f"{s * 1000:.1f} ms" if s < 1 else f"{s:.2f} s"


def heights_table(quick):
    rows = []
    sizes = (
        ((100, 100), (300, 300)) if quick else ((100, 100), (300, 300), (1000, 1000), (1000, 2000))
    )
    for h, w in sizes:
        t = min_tiling(Region.rectangle(h, w))
        ours, result = median_time(cold(lambda: height(t)), 5)
        dominoes = len(t)
        if h * w <= 300 * 300:
            base, ref = median_time(lambda: python_heights(t), 1)
            assert all(result[p] == v for p, v in ref.items())
            base_s, ratio = _fmt(base), f"{base / ours:.0f}x"
        else:
            base_s, ratio = "not run (minutes)", "-"
        rows.append(
            f"| {h}x{w} board ({dominoes:,} dominoes) | {_fmt(ours)} | {base_s} | {ratio} |"
        )
    return rows


def distance_table(quick):
    rows = []
    sizes = (200,) if quick else (300, 1000)
    for n in sizes:
        board = Region.rectangle(n, n)
        a, b = min_tiling(board), max_tiling(board)
        ours, d = median_time(cold(lambda: flip_distance(a, b)), 3)
        if n <= 300:

            def baseline():
                ha, hb = python_heights(a), python_heights(b)
                return sum(abs(ha[p] - hb[p]) for p in ha) // 4

            base, d_ref = median_time(baseline, 1)
            assert d_ref == d
            base_s, ratio = _fmt(base), f"{base / ours:.0f}x"
        else:
            base_s, ratio = "not run (minutes)", "-"
        rows.append(f"| {n}x{n} board, {d:,} flips apart | {_fmt(ours)} | {base_s} | {ratio} |")
    return rows


def thurston_table(quick):
    n = 200 if quick else 1000
    shapes = [
        (f"{n}x{n} board", np.ones((n, n), bool)),
        (f"disk in a {n}x{n} box", disk(n)),
        (f"heart in a {n}x{n} box", heart(n)),
        (f"{n}x{n} board, walled (bridge of the wrong colour)", walled(np.ones((n, n + 1), bool))),
        (f"disk in a {n}x{n} box, walled", walled(disk(n))),
    ]
    rows = []
    is_tileable(Region.rectangle(4, 4))  # load the compiled kernels before timing
    for label, mask in shapes:
        region = Region(mask)
        ours, answer = median_time(cold(lambda: is_tileable(Region(mask))), 5)
        base, cover = median_time(lambda: hopcroft_karp(Region(mask)), 3)
        assert answer == cover.is_perfect, label
        rows.append(
            f"| {label} ({region.n_cells:,} cells) | {'yes' if answer else 'no'} | {_fmt(ours)} "
            f"| {_fmt(base)} | {base / ours:.1f}x |"
        )
    return rows


def glauber_table(quick):
    from tiling.heights._blocks import partner_grid
    from tiling.heights._glauber import _sweep

    rows = []
    rng = np.random.default_rng(0)
    for n in (200,) if quick else (200, 1000):
        grid = partner_grid(min_tiling(Region.rectangle(n, n)))
        sweeps = 20 if n <= 200 else 5
        _sweep(grid, rng)
        start = time.perf_counter()
        for _ in range(sweeps):
            _sweep(grid, rng)
        ours = (time.perf_counter() - start) / sweeps
        blocks = (n - 1) ** 2
        if n <= 200:
            start = time.perf_counter()
            python_glauber_sweep(grid, rng)
            base = time.perf_counter() - start
            base_s, ratio = f"{blocks / base:,.0f}/s", f"{base / ours:.0f}x"
        else:
            base_s, ratio = "-", "-"
        rows.append(f"| {n}x{n} board, one sweep | {blocks / ours:,.0f}/s | {base_s} | {ratio} |")
    return rows


def main(quick=False):
    lines = [
        "## Heights: height functions, flips, Thurston's algorithm, Glauber dynamics",
        "",
        "Medians of several runs (one for the Python baselines); ratio = baseline / ours.",
        "",
        f"**Height function** (goal: {GOALS['height']}). Baseline: a plain Python "
        "breadth-first search over the corners, from the definition.",
        "",
        "| case | ours | baseline | ratio |",
        "|---|---|---|---|",
        *heights_table(quick),
        "",
        f"**Flip distance** (goal: {GOALS['distance']}): the minimal tiling against the "
        "maximal one. Baseline: the plain-Python heights of both, then the same formula.",
        "",
        "| case | ours | baseline | ratio |",
        "|---|---|---|---|",
        *distance_table(quick),
        "",
        f"**Tileability** (goal: {GOALS['thurston']}): Thurston's algorithm "
        "(`tiling.heights.is_tileable`, Region in, answer out) against our Hopcroft-Karp "
        "(Region in, maximum cover out); both answers agree. Shapes are built from 2 x 2 "
        "blocks; walled shapes have a wall down the middle with one gap whose colour makes "
        "a tiling impossible although the colours balance.",
        "",
        "| case | tileable | Thurston (ours) | Hopcroft-Karp (ours) | ratio |",
        "|---|---|---|---|---|",
        *thurston_table(quick),
        "",
        f"**Glauber dynamics** (goal: {GOALS['glauber']}): heat-bath block updates per "
        "second, every 2 x 2 block of the box attempted once a sweep. Baseline: the same "
        "update in a Python loop over the blocks.",
        "",
        "| case | ours | baseline | ratio |",
        "|---|---|---|---|",
        *glauber_table(quick),
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    print(main(quick="--quick" in sys.argv[1:]))
