"""Dimer statistics: the law of a random tiling, beyond its count.

* :func:`probabilities`: for every domino position of a region, the
  probability that a random tiling (uniform, or weighted) contains it;
* :func:`generating_function`: the tilings counted by their number of
  vertical (or horizontal) dominoes, or by their height above the minimal
  tiling (the q-count by volume), as exact sympy polynomials.
"""

from .._lazy import attach

__getattr__, __dir__, __all__ = attach(
    __name__,
    {
        "probabilities": ".placement:probabilities",
        "generating_function": ".generating:generating_function",
        "volume_exponents": ".generating:volume_exponents",
    },
    submodules=["placement", "generating"],
)
