"""``tiling demo``: the library once on built-in examples, pictures into a folder."""

from __future__ import annotations

import os
import time

from .._format import decimal, summarize
from ._io import EXIT_OK, UserError, internal, timed
from ._pictures import (
    PictureOptions,
    draw_certificate,
    draw_cover,
    draw_tiling,
    pair_of_axes,
    pyplot,
    save_picture,
)
from .commands import checked_cover

__all__ = ["demo"]


def _domino_neighbors(tiling):
    """Pairs (i, j) of dominoes sharing a side, read off the label grid.

    Independent of the colouring module, so the demo can check its answer.
    """
    import numpy as np

    labels = tiling.labels()
    pairs = []
    for a, b in ((labels[:, :-1], labels[:, 1:]), (labels[:-1, :], labels[1:, :])):
        touch = (a >= 0) & (b >= 0) & (a != b)
        pairs.append(np.stack([a[touch], b[touch]], axis=1))
    return np.concatenate(pairs)


class _DemoTable:
    """Prints one row per demo step as soon as it finishes, in fixed columns."""

    widths = (38, 44, 8)

    def __init__(self, folder):
        self.folder = folder
        self.start = time.perf_counter()
        self.files = 0
        print(self._line(("step", "result", "time", "file")))
        print(self._line(tuple("-" * w for w in self.widths) + ("-" * 30,)))

    def _line(self, cells):
        step, result, seconds, path = cells
        w1, w2, w3 = self.widths
        return f"{step:<{w1}} {result:<{w2}} {seconds:>{w3}}  {path}".rstrip()

    def row(self, step, result, seconds, path=None):
        self.files += path is not None
        shown = os.path.join(self.folder, path) if path else ""
        print(self._line((step, result, f"{seconds:.2f} s", shown)), flush=True)

    def close(self):
        total = time.perf_counter() - self.start
        print(f"\ndone in {total:.1f} s; {self.files} files in {self.folder}{os.sep}")


def _demo_count_chessboard(table, folder):
    import tiling

    board = tiling.examples.chessboard()
    n, dt = timed(tiling.count, board)
    one = tiling.sample(board, rng=2024)
    draw_tiling(one, _options(folder, "chessboard.png"))
    table.row("count the tilings of the 8 x 8 board", f"{n:,} tilings", dt, "chessboard.png")
    tikz, dt = timed(_write_tikz, one, os.path.join(folder, "chessboard.tex"))
    table.row("the same tiling as TikZ, for a paper", tikz, dt, "chessboard.tex")


def _options(folder, name, **extra):
    """The -o options of the command line, for one of the demo's files."""
    import argparse

    return PictureOptions(argparse.Namespace(output=os.path.join(folder, name), **extra))


def _write_tikz(tiling, path):
    from tiling import plot

    plot.save(tiling, path)
    return f"standalone LaTeX, {os.path.getsize(path):,} bytes"


def _demo_proofs(table, folder):
    import tiling
    from tiling import examples

    for name, region, path in (
        ("the mutilated board", examples.mutilated_chessboard(), "mutilated-proof.png"),
        ("the 7 x 7 figure", examples.figure_7x7(), "figure7-proof.png"),
    ):
        cert, dt = timed(tiling.prove_impossible, region)
        if cert is None or not cert.verify(region):
            internal(f"no checked certificate for {name}")
        draw_certificate(cert, _options(folder, path))
        s, m = len(cert.cells), len(cert.neighbors)
        if cert.kind == "hall":
            result = f"Hall set: |S| = {s} > |N(S)| = {m}, checked"
        elif cert.kind == "color":
            major = cert.parts()[0].colour_name
            minor = "white" if major == "black" else "black"
            result = f"colours: {s} {major} vs {m} {minor}, checked"
        else:
            result = f"parity: {s} cells, checked"
        table.row(f"prove {name} impossible", result, dt, path)


def _demo_cover(table, folder):
    from ..model import examples

    cover, bound, dt = checked_cover(examples.figure_7x7())
    left = len(cover.uncovered())
    draw_cover(cover, bound, _options(folder, "figure7-cover.png"))
    table.row(
        "maximum cover of the 7 x 7 figure",
        f"{len(cover)} dominoes, {left} cells left: optimal",
        dt,
        "figure7-cover.png",
    )


def _demo_big_count(table, folder, n):
    import tiling

    board = tiling.Region.rectangle(n, n)
    big, dt = timed(tiling.count, board)
    path = f"board-{n}x{n}.txt"
    with open(os.path.join(folder, path), "w") as fh:
        fh.write(decimal(big) + "\n")
    table.row(f"count the {n} x {n} board exactly", summarize(big), dt, path)
    # A full board has a closed form; holes send the count through the general
    # determinant engine (exact arithmetic modulo primes).
    a, b = n // 3, 2 * n // 3
    holey = board.without([(a, a), (a, a + 1), (b, b), (b + 1, b)])
    count, dt = timed(tiling.count, holey)
    table.row("the same with two domino-sized holes", summarize(count), dt)


def _detail(tiling, colors, rows, cols):
    """The dominoes of ``tiling`` with a cell inside a window, as a tiling of their own.

    Dominoes crossing the window's edge are kept whole (the picture crops
    them at the edge, as a window does); the tiling is shifted so that the
    window starts at row and column 1.
    """
    from tiling import Region, Tiling

    d = tiling.dominoes
    inside = (
        (d[:, :, 0] >= rows[0])
        & (d[:, :, 0] < rows[1])
        & (d[:, :, 1] >= cols[0])
        & (d[:, :, 1] < cols[1])
    ).any(axis=1)
    part = d[inside] - [rows[0] - 1, cols[0] - 1]
    return Tiling(Region.from_cells(part.reshape(-1, 2)), part), colors[inside]


def _demo_aztec(table, folder, order):
    """Sample, draw with the arctic circle, 5-colour and check; returns nothing."""
    import numpy as np
    from matplotlib.patches import Rectangle

    import tiling
    from tiling import plot

    sample, dt = timed(tiling.sample_aztec, order, rng=1)
    path = f"aztec-{order}.png"
    draw_tiling(sample, _options(folder, path), colors="orientation", arctic=True)
    table.row(
        f"sample an Aztec diamond of order {order}", f"{len(sample):,} dominoes, uniform", dt, path
    )

    colors, dt = timed(tiling.color, sample, k=5)
    pairs = _domino_neighbors(sample)
    if colors.max() >= 5 or np.any(colors[pairs[:, 0]] == colors[pairs[:, 1]]):
        internal("the 5-colouring is not proper")
    # A colouring of 40,000 dominoes at two pixels a cell is speckle: show the
    # diamond by shuffling class, with the window that the right panel shows
    # in its five colours, where the frozen top corner meets the disorder.
    side = max(8, order // 5)
    top = max(0, int(order * 0.3) - side // 2)
    rows = (top, top + side)
    cols = (order - side // 2, order + side // 2)
    detail, detail_colors = _detail(sample, colors, rows, cols)
    fig, axes = pair_of_axes()
    plot.draw_tiling(sample, colors="orientation", ax=axes[0], title=None)
    axes[0].add_patch(
        Rectangle(
            (cols[0], rows[0]), side, side, fill=False, edgecolor="black", linewidth=1.5, zorder=5
        )
    )
    axes[0].set_title(
        f"{len(sample):,} dominoes by shuffling class; the square is on the right", fontsize=10
    )
    plot.draw_tiling(detail, colors=detail_colors, ax=axes[1], blocked=None, title=None)
    axes[1].set_xlim(1, side + 1)
    axes[1].set_ylim(side + 1, 1)
    used = len(np.unique(colors))
    axes[1].set_title(
        f"the square, {side} x {side} cells: {used} colours, no two neighbours alike", fontsize=10
    )
    path = f"aztec-{order}-colours.png"
    save_picture(fig, os.path.join(folder, path), dpi=150)
    table.row(
        f"5-colour it ({len(sample):,} dominoes)",
        f"{used} colours, neighbours differ (checked)",
        dt,
        path,
    )


def _demo_temperley(table, folder):
    """A random spanning tree of the 4 x 5 grid beside its Temperley tiling."""
    import networkx as nx

    import tiling
    from tiling import plot

    grid = tiling.Region.rectangle(4, 5)
    tree = nx.random_spanning_tree(grid.to_networkx(), seed=5)
    t, dt = timed(tiling.graphs.temperley.tree_to_tiling, tree)
    if tiling.graphs.temperley.tiling_to_tree(t).edges != tree.edges:
        internal("Temperley's bijection did not give the tree back")
    axes = plot.draw_temperley(tree)
    save_picture(axes[0].figure, os.path.join(folder, "temperley.png"))
    table.row(
        "Temperley: a spanning tree as a tiling", f"{len(t)} dominoes, and back (checked)", dt,
        "temperley.png",
    )  # fmt: skip


def _heart(n):
    """A heart of 2 x 2 blocks in an n x n box, with a 4 x 6 hole: balanced, tileable, not simple."""
    import numpy as np

    k = n // 2
    y, x = np.mgrid[0:k, 0:k] + 0.5
    u, v = (x - k / 2) / (k / 2.6), (k / 2 - y) / (k / 2.6) + 0.25
    mask = np.kron((u**2 + v**2 - 1) ** 3 - u**2 * v**3 <= 0, np.ones((2, 2), bool))
    mask[n // 3 : n // 3 + 4, n // 3 : n // 3 + 6] = False
    return mask


def _demo_random_heart(table, folder, n=120):
    """An exactly uniform tiling of a heart with a hole; the height function of an Aztec diamond."""
    import tiling
    from tiling import plot

    heart = tiling.Region.from_mask(_heart(n))
    t, dt = timed(tiling.sample, heart, rng=14)
    draw_tiling(t, _options(folder, "heart.png"))
    method = tiling.registry.choose("sample", heart).name
    table.row(
        "a uniformly random tiling of a heart",
        f"{len(t):,} dominoes, exact ({method}), a hole",
        dt,
        "heart.png",
    )
    start = time.perf_counter()
    diamond = tiling.sample_aztec(80, rng=14)
    h = tiling.heights.height(diamond)
    ax = plot.draw_heights(diamond, style="surface")
    save_picture(ax, os.path.join(folder, "aztec-heights.png"))
    table.row(
        "height function of an Aztec diamond",
        f"heights {int(h.min())} to {int(h.max())}: frozen facets",
        time.perf_counter() - start,
        "aztec-heights.png",
    )


def _demo_animation(table, folder, frames):
    from tiling import plot, random

    start = time.perf_counter()
    steps = random.shuffle_steps(frames, rng=3)
    anim = plot.animate_shuffling(steps)
    save_picture(anim, os.path.join(folder, "shuffling.gif"))
    table.row(
        f"animate shuffling, orders 1 to {frames}",
        f"{anim.n_frames} frames: delete, slide, create",
        time.perf_counter() - start,
        "shuffling.gif",
    )


def demo(folder, board_n=100, order=200, frames=16):
    """The built-in tour: every capability once, pictures into ``folder``."""
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as exc:
        raise UserError(f"cannot create the folder {folder}: {exc.strerror or exc}") from None
    print(f"tiling demo: the library on built-in examples; pictures go to {folder}{os.sep}\n")
    pyplot()
    table = _DemoTable(folder)
    _demo_count_chessboard(table, folder)
    _demo_proofs(table, folder)
    _demo_cover(table, folder)
    _demo_big_count(table, folder, board_n)
    _demo_aztec(table, folder, order)
    _demo_random_heart(table, folder)
    _demo_temperley(table, folder)
    _demo_animation(table, folder, frames)
    table.close()
    return EXIT_OK
