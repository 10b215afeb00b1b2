"""Graphs of a region: spanning trees (Kirchhoff), effective resistance, Temperley's bijection."""

from .._lazy import attach

__getattr__, __dir__, __all__ = attach(
    __name__,
    {
        "spanning_trees": ".kirchhoff:spanning_trees",
        "grid_spanning_trees": ".kirchhoff:grid_spanning_trees",
        "effective_resistance": ".kirchhoff:effective_resistance",
        "laplacian": ".kirchhoff:laplacian",
    },
    submodules=["kirchhoff", "temperley"],
)
