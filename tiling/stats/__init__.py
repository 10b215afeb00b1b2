"""Dimer statistics: generating functions of the tilings of a region.

* :func:`generating_function`: the tilings counted by their number of
  vertical (or horizontal) dominoes, or by their height above the minimal
  tiling (the q-count by volume), as exact sympy polynomials.
"""

from .._lazy import attach

__getattr__, __dir__, __all__ = attach(
    __name__,
    {
        "generating_function": ".generating:generating_function",
        "volume_exponents": ".generating:volume_exponents",
    },
    submodules=["generating"],
)
