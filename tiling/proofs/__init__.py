"""Checkable proofs: that a region has no tiling, and that a cover is maximum.

A :class:`Certificate` is a set of cells anyone can check by hand (an odd
piece, a colour imbalance, or a Hall set with fewer neighbours than members);
its :meth:`~Certificate.verify` recomputes everything from the region alone.
"""

from .._lazy import attach

__getattr__, __dir__, __all__ = attach(
    __name__,
    {
        "Certificate": ".certificates:Certificate",
        "prove_impossible": ".certificates:prove_impossible",
        "cover_bound": ".certificates:cover_bound",
        "no_tiling_error": ".certificates:no_tiling_error",
    },
    submodules=["certificates"],
)
