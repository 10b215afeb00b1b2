"""Random tilings, exactly uniform (or exactly weighted).

Coupling from the past on height functions for any region, holes included
(:func:`sample_cftp`); domino shuffling for Aztec diamonds (:func:`sample_aztec`,
with weights) and their arctic curve.  :func:`tiling.sample` picks the
fastest exact sampler for a region (the transfer DP samples narrow regions).
"""

from .._lazy import attach

__getattr__, __dir__, __all__ = attach(
    __name__,
    {
        "sample_aztec": ".shuffling:sample_aztec",
        "shuffle_steps": ".shuffling:shuffle_steps",
        "arctic_curve": ".arctic:arctic_curve",
        "sample_cftp": ".cftp:sample_cftp",
    },
    submodules=["shuffling", "arctic", "cftp"],
)
