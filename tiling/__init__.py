"""tiling: domino tilings of grid regions, exactly.

Count them, find one, prove there is none, cover as much as possible, sample
one uniformly at random, colour and draw it.

Every public name is imported on first use (PEP 562), so ``import tiling``
takes a few milliseconds; the subpackages are attributes too
(``tiling.plot``, ``tiling.random``, ...).

>>> import tiling
>>> board = tiling.Region.rectangle(8, 8)
>>> tiling.count(board)
12988816
"""

from ._lazy import attach
from ._version import __version__
from .errors import NoTilingError, ParseError, TilingError, TooLargeError

__getattr__, __dir__, _lazy_names = attach(
    __name__,
    {
        # the region model and the result type
        "Region": ".model.region:Region",
        "Tiling": ".model.tiling:Tiling",
        "examples": ".model.examples:",
        # the four questions
        "count": "._api:count",
        "find": "._api:find",
        "max_cover": "._api:max_cover",
        "sample": "._api:sample",
        "methods": ".registry:methods",
        # proofs
        "Certificate": ".proofs.certificates:Certificate",
        "prove_impossible": ".proofs.certificates:prove_impossible",
        "cover_bound": ".proofs.certificates:cover_bound",
        # more questions
        "enumerate_tilings": ".counting.brute:enumerate_tilings",
        "generating_function": ".stats.generating:generating_function",
        "spanning_trees": ".graphs.kirchhoff:spanning_trees",
        "color": ".coloring:color",
        "color_steps": ".coloring:color_steps",
        "sample_aztec": ".random.shuffling:sample_aztec",
        "arctic_curve": ".random.arctic:arctic_curve",
        # dimer statistics
        "probabilities": ".stats.placement:probabilities",
        # printing huge numbers
        "decimal": "._format:decimal",
        "summarize": "._format:summarize",
        "LeadingDigits": "._format:LeadingDigits",
    },
    submodules=[
        "model",
        "linalg",
        "counting",
        "matching",
        "proofs",
        "heights",
        "random",
        "graphs",
        "stats",
        "coloring",
        "plot",
        "registry",
        "cli",
        "errors",
    ],
)

__all__ = [
    "__version__",
    "TilingError",
    "ParseError",
    "TooLargeError",
    "NoTilingError",
    *_lazy_names,
]
