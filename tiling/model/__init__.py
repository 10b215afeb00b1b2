"""The one region model and the one result type.

:class:`Region` is a finite set of cells of the square grid (an immutable
boolean mask); :class:`Tiling` is a set of dominoes on a region, checked when
it is built; :mod:`~tiling.model.examples` holds the named regions.
"""

from .._lazy import attach

__getattr__, __dir__, __all__ = attach(
    __name__,
    {
        "Region": ".region:Region",
        "Tiling": ".tiling:Tiling",
    },
    submodules=["examples"],
)
