"""The regions the explorer page offers as presets: the classic puzzles and a few shapes.

Each preset is a :class:`~tiling.Region` built by the library's own
constructors (:mod:`tiling.examples`, :meth:`tiling.Region.aztec_diamond`);
only the heart is drawn here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .._validation import check_choice, require_int
from ..errors import TilingError

__all__ = ["Preset", "PRESETS", "preset", "describe_presets"]

# The heart of the README's command-line tour: 208 tilings.
_HEART = """
 ..  ..
........
........
 ......
  ....
   ..
"""


@dataclass(frozen=True)
class Preset:
    """A named region; ``takes_order`` presets are families indexed by an order n."""

    name: str
    title: str
    build: Callable[..., object]
    takes_order: bool = False
    default_order: int | None = None


def _examples(name):
    def build():
        from ..model.examples import EXAMPLES

        return EXAMPLES[name]()

    return build


def _heart():
    from ..model.region import Region

    return Region.from_ascii(_HEART)


def _aztec(n):
    from ..model.region import Region

    return Region.aztec_diamond(n)


#: The regions the page offers ready-made (``GET /api/preset/<name>``), by name.
PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset("chessboard", "Chessboard, 8 \u00d7 8", _examples("chessboard")),
        Preset("mutilated", "Mutilated chessboard", _examples("mutilated")),
        Preset("figure7", "The 7 \u00d7 7 figure (balanced, no tiling)", _examples("figure7")),
        Preset("aztec", "Aztec diamond of order n", _aztec, takes_order=True, default_order=6),
        Preset("heart", "A heart", _heart),
        Preset("ring", "The ring (3 \u00d7 3 without its centre)", _examples("ring")),
        Preset("holey", "Board with two holes", _examples("holey")),
        Preset("strip", "Strip, 2 \u00d7 10", _examples("strip")),
    )
}


def preset(name: str, n: int | None = None, *, max_cells: int | None = None):
    """The region of preset ``name`` (with order ``n`` for a family such as ``"aztec"``).

    Raises
    ------
    TilingError
        for an unknown name (listing the known ones), an order given to a
        preset that takes none, or a region whose box exceeds ``max_cells``.

    Examples
    --------
    >>> preset("aztec", 2).n_cells
    12
    >>> preset("heart").n_cells
    32
    """
    check_choice(name, tuple(PRESETS), "preset")
    p = PRESETS[name]
    if p.takes_order:
        n = p.default_order if n is None else require_int(n, "the order")
        if n < 1:
            raise TilingError(f"the order of {name!r} must be a positive integer, got {n}")
        if max_cells is not None and (2 * n) ** 2 > max_cells:
            raise TilingError(
                f"the Aztec diamond of order {n} spans {2 * n} x {2 * n} cells, over this "
                f"server's limit of {max_cells:,} (orders up to {int(max_cells**0.5) // 2})"
            )
        return p.build(n)
    if n is not None:
        raise TilingError(f"the preset {name!r} takes no order")
    return p.build()


def describe_presets() -> list[dict]:
    """The presets as JSON-ready dicts: name, title, whether it takes an order, its default."""
    return [
        {
            "name": p.name,
            "title": p.title,
            "takes_order": p.takes_order,
            "default_order": p.default_order,
        }
        for p in PRESETS.values()
    ]
