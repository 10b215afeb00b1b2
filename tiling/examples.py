"""Named regions: the classic puzzles and test shapes.

Each function returns a fresh :class:`~tiling.region.Region`; :data:`EXAMPLES`
maps a short name to each (the command line uses these names).
"""

from .region import Region

__all__ = [
    "chessboard",
    "mutilated_chessboard",
    "strip",
    "ring",
    "holey_board",
    "figure_7x7",
    "EXAMPLES",
]


def chessboard():
    """The 8 x 8 board: 12,988,816 domino tilings.

    Examples
    --------
    >>> chessboard().n_cells
    64
    """
    return Region.rectangle(8, 8)


def mutilated_chessboard():
    """The 8 x 8 board without two opposite corners: 62 cells, no tiling.

    Both removed corners have colour 0, leaving 30 cells of colour 0 against 32
    of colour 1, and each domino covers one of each.

    Examples
    --------
    >>> mutilated_chessboard().balance
    -2
    """
    return Region.rectangle(8, 8).without([(0, 0), (7, 7)])


def strip(n, height=2):
    """The ``height`` x ``n`` strip (2 x n strips have Fibonacci-many tilings).

    Examples
    --------
    >>> strip(5).shape
    (2, 5)
    """
    return Region.rectangle(height, n)


def ring():
    """The 3 x 3 board without its centre: a ring of 8 cells with exactly 2 tilings.

    The hole encloses one missing cell, which is where naive Kasteleyn signs fail.
    """
    return Region.rectangle(3, 3).without([(1, 1)])


def holey_board():
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


def figure_7x7():
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


EXAMPLES = {
    "chessboard": chessboard,
    "mutilated": mutilated_chessboard,
    "strip": lambda: strip(10),
    "ring": ring,
    "holey": holey_board,
    "figure7": figure_7x7,
}
