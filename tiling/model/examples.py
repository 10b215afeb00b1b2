"""Named regions: the classic puzzles and test shapes.

Each function returns a fresh :class:`~tiling.Region`; :data:`EXAMPLES`
maps a short name to each (the command line uses these names).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .._validation import as_rng, positive_int
from ..errors import TilingError, TooLargeError
from .region import Region
from .tiling import Tiling

__all__ = [
    "chessboard",
    "mutilated_chessboard",
    "strip",
    "ring",
    "holey_board",
    "figure_7x7",
    "brick_tiling",
    "block_tiling",
    "EXAMPLES",
]


def chessboard() -> Region:
    """The 8 x 8 board: 12,988,816 domino tilings.

    Examples
    --------
    >>> chessboard().n_cells
    64
    """
    return Region.rectangle(8, 8)


def mutilated_chessboard() -> Region:
    """The 8 x 8 board without two opposite corners: 62 cells, no tiling.

    Both removed corners have colour 0, leaving 30 cells of colour 0 against 32
    of colour 1, and each domino covers one of each.

    Examples
    --------
    >>> mutilated_chessboard().balance
    -2
    """
    return Region.rectangle(8, 8).without([(0, 0), (7, 7)])


def strip(n: int, height: int = 2) -> Region:
    """The ``height`` x ``n`` strip (2 x n strips have Fibonacci-many tilings).

    Examples
    --------
    >>> strip(5).shape
    (2, 5)
    """
    return Region.rectangle(height, n)


def ring() -> Region:
    """The 3 x 3 board without its centre: a ring of 8 cells with exactly 2 tilings.

    The hole encloses one missing cell, which is where naive Kasteleyn signs fail.
    """
    return Region.rectangle(3, 3).without([(1, 1)])


def holey_board() -> Region:
    """A 6 x 6 board with two holes: a single cell and an L of three cells.

    Both holes enclose an odd number of missing cells (the case naive Kasteleyn
    signs get wrong), and together they leave the colours balanced.

    Examples
    --------
    >>> r = holey_board()
    >>> r.n_cells, r.balance, len(r.holes())
    (32, 0, 2)
    """
    return Region.from_ascii(
        """
......
.#....
......
....#.
...##.
......
"""
    )


def figure_7x7() -> Region:
    """A 7 x 7 figure with 16 cells of each colour and yet no tiling.

    Hall's condition fails: a set of cells of one colour has fewer neighbours
    than members, so some cell of that set is always left uncovered.

    Examples
    --------
    >>> r = figure_7x7()
    >>> r.n_cells, r.balance
    (32, 0)
    """
    return Region.from_ascii(
        """
...####
....###
......#
#.#....
#......
##.....
###...#
"""
    )


def brick_tiling(height: int, width: int, *, rounds: int = 20, rng: Any = None) -> Tiling:
    """A large, irregular tiling of the ``height`` x ``width`` board, quickly.

    Starts from rows of horizontal bricks (``width`` even) and applies
    ``rounds`` sweeps of random 2 x 2 flips: each sweep picks a parity offset
    so that the 2 x 2 windows are disjoint, and turns each window holding two
    parallel dominoes by 90 degrees with probability 1/2 (a vectorised step of
    the flip Markov chain; not an exactly uniform sample, for which see
    :func:`tiling.sample`).  The dominoes are listed in random order.

    Examples
    --------
    >>> t = brick_tiling(6, 8, rng=0)
    >>> t.is_perfect, len(t)
    (True, 24)
    """
    _check_board(height, width, "brick_tiling", even_width=True)
    rng = as_rng(rng)
    right, left, down, up = 0, 1, 2, 3  # where each cell's partner lies
    p = np.zeros((height, width), np.int8)
    p[:, 0::2], p[:, 1::2] = right, left
    for _ in range(rounds):
        dr, dc = rng.integers(0, 2, size=2)
        rows, cols = (height - dr) // 2, (width - dc) // 2
        a = p[dr : dr + 2 * rows : 2, dc : dc + 2 * cols : 2]
        b = p[dr + 1 : dr + 2 * rows : 2, dc : dc + 2 * cols : 2]
        c = p[dr : dr + 2 * rows : 2, dc + 1 : dc + 2 * cols : 2]
        d = p[dr + 1 : dr + 2 * rows : 2, dc + 1 : dc + 2 * cols : 2]
        flip = rng.random(a.shape) < 0.5
        to_vertical = (a == right) & (b == right) & flip
        to_horizontal = (a == down) & (c == down) & flip
        a[to_vertical], c[to_vertical], b[to_vertical], d[to_vertical] = down, down, up, up
        a[to_horizontal], b[to_horizontal] = right, right
        c[to_horizontal], d[to_horizontal] = left, left
    hr, hc = np.nonzero(p == right)
    vr, vc = np.nonzero(p == down)
    first = np.concatenate([np.stack([hr, hc], 1), np.stack([vr, vc], 1)])
    second = np.concatenate([np.stack([hr, hc + 1], 1), np.stack([vr + 1, vc], 1)])
    dominoes = np.stack([first, second], 1)[rng.permutation(len(first))]
    return Tiling(Region.rectangle(height, width), dominoes)


def block_tiling(height: int, width: int, *, rng: Any = None) -> Tiling:
    """A tiling of the board (both sides even) by 2 x 2 blocks of two parallel dominoes.

    Each block is horizontal or vertical with probability 1/2; built in a few
    array operations, so a million dominoes take a fraction of a second.

    Examples
    --------
    >>> len(block_tiling(4, 6, rng=0))
    12
    """
    _check_board(height, width, "block_tiling", even_height=True, even_width=True)
    rng = as_rng(rng)
    bi, bj = np.meshgrid(np.arange(height // 2), np.arange(width // 2), indexing="ij")
    r, c = 2 * bi.ravel(), 2 * bj.ravel()
    vert = rng.random(r.size) < 0.5
    a0 = np.stack([r, c], 1)
    a1 = np.where(vert[:, None], np.stack([r + 1, c], 1), np.stack([r, c + 1], 1))
    b0 = np.where(vert[:, None], np.stack([r, c + 1], 1), np.stack([r + 1, c], 1))
    b1 = np.stack([r + 1, c + 1], 1)
    dominoes = np.concatenate([np.stack([a0, a1], 1), np.stack([b0, b1], 1)])
    return Tiling(Region.rectangle(height, width), dominoes)


#: Largest board the example tilings are built on (2**24 cells: a few hundred MiB).
MAX_EXAMPLE_CELLS = 2**24


def _check_board(height, width, who, even_height=False, even_width=False):
    h, w = positive_int(height, "height"), positive_int(width, "width")
    if h * w > MAX_EXAMPLE_CELLS:
        raise TooLargeError(
            f"{who}(): a {h} x {w} board has {h * w} cells, over the limit of "
            f"{MAX_EXAMPLE_CELLS} for the example tilings (a few GiB of dominoes)"
        )
    if (even_height and h % 2) or (even_width and w % 2):
        need = " and ".join(
            name for name, even in (("height", even_height), ("width", even_width)) if even
        )
        raise TilingError(f"{who}() needs an even {need}, got {h} x {w}")


#: The named examples by the names the command line's ``--example`` takes.
EXAMPLES: dict[str, Callable[[], Region]] = {
    "chessboard": chessboard,
    "mutilated": mutilated_chessboard,
    "strip": lambda: strip(10),
    "ring": ring,
    "holey": holey_board,
    "figure7": figure_7x7,
}
