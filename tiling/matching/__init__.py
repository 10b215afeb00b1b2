"""Maximum covers by bipartite matching: Kuhn's algorithm and Hopcroft-Karp.

A domino covers two cells that share a side, and two such cells always have
different checkerboard colours.  So dominoes are the edges of a bipartite
graph whose two sides are the colour-0 and colour-1 cells, a placement of
non-overlapping dominoes is a matching, a tiling is a perfect matching and a
maximum cover is a maximum matching.

Both solvers search for *augmenting paths*: alternating paths that start and
end at uncovered cells.  Flipping one (its uncovered edges become dominoes,
its dominoes are lifted) covers two more cells; when none is left, the
matching is maximum (Berge 1957).  Kuhn's search keeps an explicit stack and
Hopcroft-Karp works layer by layer on arrays; neither recurses, so corridors
of a million cells are fine.

Internally the colour-0 cells are the "left" vertices ``0 .. n0-1`` and the
colour-1 cells the "right" vertices ``0 .. n1-1``, each in row-major order; a
left vertex's neighbours sit in a fixed ``(n0, 4)`` array (up, right, down,
left; -1 where there is none), which is the CSR structure of a grid graph with
every row padded to length four.

:func:`kuhn_steps` records Kuhn's augmenting paths, in order, for
:func:`tiling.plot.animate_matching`.
"""

from .._lazy import attach

__getattr__, __dir__, __all__ = attach(
    __name__,
    {
        "kuhn": "._kuhn:kuhn",
        "kuhn_steps": "._kuhn:kuhn_steps",
        "hopcroft_karp": "._hopcroft_karp:hopcroft_karp",
    },
)
