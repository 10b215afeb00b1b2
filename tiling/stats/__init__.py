"""Dimer statistics: the law of a random tiling, beyond its count.

:func:`probabilities` gives, for every domino position of a region, the
probability that a random tiling (uniform, or weighted) contains it.
"""

from .._lazy import attach

__getattr__, __dir__, __all__ = attach(
    __name__,
    {
        "probabilities": ".placement:probabilities",
    },
    submodules=["placement"],
)
