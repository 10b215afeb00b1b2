"""Counting domino tilings exactly.

Methods (each is in the registry, :func:`tiling.methods`):

* :mod:`~tiling.counting.transfer`: the broken-profile transfer-matrix DP,
  O(cells 2**width); it also finds, covers and samples narrow regions;
* :mod:`~tiling.counting.kasteleyn`: ``|det K|`` of a Kasteleyn signing with
  hole-aware signs, on the exact engine of :mod:`tiling.linalg`;
* :mod:`~tiling.counting.brute`: backtracking enumeration, for tiny regions
  and for checking the others;
* :mod:`~tiling.counting.closed_forms`: the rectangle and the Aztec diamond.
"""

from .._lazy import attach

__getattr__, __dir__, __all__ = attach(
    __name__,
    {
        "enumerate_tilings": ".brute:enumerate_tilings",
        "rectangle_count": ".closed_forms:rectangle_count",
        "aztec_count": ".closed_forms:aztec_count",
        "kasteleyn_matrix": ".kasteleyn:matrix",
        "dimer_polynomial": ".transfer:dimer_polynomial",
    },
    submodules=["transfer", "kasteleyn", "brute", "closed_forms"],
)
