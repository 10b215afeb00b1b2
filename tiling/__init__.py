"""tiling: domino tilings of grid regions, exactly.

Count them, find one, prove there is none, cover as much as possible, sample
one uniformly at random, colour and draw it.

>>> import tiling
>>> board = tiling.Region.rectangle(8, 8)
>>> tiling.count(board)
12988816
"""

from importlib import import_module

from .api import count, find, max_cover, sample
from .dominoes import Tiling
from .errors import ParseError, TilingError, TooLargeError
from .region import Region

__version__ = "0.1.0"

# Names served by solver modules, imported on first use so that `import tiling`
# does not pay for every solver (PEP 562).
_LAZY = {
    "enumerate_tilings": ("brute", "enumerate_tilings"),
    "prove_impossible": ("certificates", "prove_impossible"),
    "cover_bound": ("certificates", "cover_bound"),
    "Certificate": ("certificates", "Certificate"),
    "spanning_trees": ("kirchhoff", "spanning_trees"),
    "color": ("coloring", "color"),
    "sample_aztec": ("aztec", "sample_aztec"),
}

__all__ = [
    "Region",
    "Tiling",
    "TilingError",
    "ParseError",
    "TooLargeError",
    "count",
    "find",
    "max_cover",
    "sample",
    *_LAZY,
]


def __getattr__(name):
    if name in _LAZY:
        module, attr = _LAZY[name]
        value = getattr(import_module(f".{module}", __name__), attr)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'tiling' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_LAZY))
