"""Counting domino tilings exactly.

Methods (each is in the registry, :func:`tiling.methods`):

* :mod:`~tiling.counting.transfer`: the broken-profile transfer-matrix DP,
  O(cells 2**width); it also finds, covers and samples narrow regions;
* :mod:`~tiling.counting.kasteleyn`: ``|det K|`` of a Kasteleyn signing with
  hole-aware signs, on the exact engine of :mod:`tiling.linalg`;
* :mod:`~tiling.counting.brute`: backtracking enumeration, for tiny regions
  and for checking the others;
* :mod:`~tiling.counting.closed_forms`: the rectangle and the Aztec diamond;
* :mod:`~tiling.counting.flux`: the tilings of each flux class of a region with
  holes (:func:`count_by_flux`), from Kasteleyn determinants with a variable;
* :mod:`~tiling.counting.weighted`: weighted counts (partition functions) with
  int, Fraction, float or sympy weights (:func:`count_weighted`);
* :mod:`~tiling.counting.torus`: the torus and the cylinder (:func:`count_torus`).
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
        "count_by_flux": ".flux:count_by_flux",
        "count_weighted": ".weighted:count_weighted",
        "count_torus": ".torus:count_torus",
    },
    submodules=["transfer", "kasteleyn", "brute", "closed_forms", "flux", "weighted", "torus"],
)
