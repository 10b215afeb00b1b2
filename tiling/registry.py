"""The method registry: every way the library answers each question, in one table.

Each :class:`Method` has a name, the question it answers (``"count"``,
``"find"``, ``"cover"`` or ``"sample"``), a one-line summary, a cost
estimate and its entry point.  :func:`tiling.count`, :func:`tiling.find`,
:func:`tiling.max_cover` and :func:`tiling.sample` dispatch through it:
``method="auto"`` runs the method with the lowest estimated time among those
that can handle the region, and a named method runs as asked (raising
:class:`~tiling.TooLargeError`, with the name of one that can, when it cannot
handle the input).  The command line's ``--method`` choices and the
documentation's tables are read from here too.

This is the one module that knows every solver.  Entry points are imported
on first use, so ``import tiling`` stays quick.  Adding a method is adding a
row to :data:`_TABLE` (and, if it is new, an adapter below).

Examples
--------
>>> [m.name for m in methods("count")]
['dp', 'kasteleyn', 'brute']
>>> get_method("sample", "shuffling").summary
'domino shuffling, Aztec diamonds (translated or not)'
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ._validation import check_choice

__all__ = ["Method", "QUESTIONS", "methods", "get_method", "choose"]

#: The questions a method can answer.
QUESTIONS = ("count", "find", "cover", "sample")


@dataclass(frozen=True)
class Method:
    """One way to answer one question.

    Attributes
    ----------
    name : str
        What ``method=`` (and the command line's ``--method``) calls it.
    question : {"count", "find", "cover", "sample"}
    summary : str
        One line for help texts and tables: the algorithm and what it suits.
    run : callable
        ``run(region, **options) -> answer``: an int for "count", a Tiling
        (or None when there is no tiling) for "find" and "sample", a Tiling
        for "cover".
    cost : callable
        ``cost(region) -> float``: predicted seconds, ``math.inf`` when the
        method cannot handle the region (too wide, too large, wrong shape).
    options : tuple of str
        The keyword options the method takes (``progress``, ``executor``,
        ``rng``, ``weights``); others given to the public function are not
        passed on.  For "count", ``weights`` also means ``boundary=`` and
        ``log=`` (:mod:`tiling.counting.weighted`, :mod:`tiling.counting.torus`).
    auto : bool
        Whether ``method="auto"`` considers it.
    prepare : callable, optional
        ``prepare(region, **options) -> state``: work that many samples of
        one region share (``sample(..., size=k)``); ``run`` then takes
        ``prepared=state``.
    """

    name: str
    question: str
    summary: str
    run: Callable[..., Any] = field(repr=False, compare=False)
    cost: Callable[[Any], float] = field(repr=False, compare=False)
    options: tuple[str, ...] = ()
    auto: bool = True
    prepare: Callable[[Any], Any] | None = field(default=None, repr=False, compare=False)

    def estimated_seconds(self, region: Any) -> float:
        """Predicted run time on ``region`` in seconds (``math.inf``: cannot handle it)."""
        return float(self.cost(region))


# ---------------------------------------------------------------------- adapters
# Each adapter imports its solver on first use.


def _dp_count(region, progress=False, weights=None):
    if weights is not None:  # the weighted sweep (values of any kind)
        from .counting.weighted import count_weighted

        return count_weighted(region, weights, method="dp")
    from .counting.transfer import count_tilings

    return count_tilings(region, progress=progress)


def _dp_find(region):
    from .counting.transfer._api import find_tiling

    return find_tiling(region)


def _dp_cover(region):
    from .counting.transfer import max_cover

    return max_cover(region)


def _dp_sample(region, rng=None):
    from .counting.transfer._api import sample_tiling

    return sample_tiling(region, rng=rng)


def _dp_cost(question):
    def cost(region):
        if question == "count":
            # cheap and bounded: reads each piece's box and size, builds no plan
            from .counting.transfer._budget import count_seconds

            return count_seconds(region)
        from .counting.transfer import estimated_seconds

        return estimated_seconds(region, question)

    return cost


def _kasteleyn_count(region, progress=False, executor=None, weights=None):
    if weights is not None:  # the weighted determinant
        from .counting.weighted import count_weighted

        return count_weighted(
            region, weights, method="kasteleyn", progress=progress, executor=executor
        )
    from .counting.kasteleyn import count_tilings

    return count_tilings(region, progress=progress, executor=executor)


def _kasteleyn_cost(region):
    from .counting.kasteleyn import estimated_seconds

    return estimated_seconds(region)


def _brute_count(region):
    from .counting.brute import count_tilings

    return count_tilings(region)


def _brute_cost(region):
    from .counting.brute import MAX_CELLS

    # backtracking: the number of partial tilings, at most about 1.5**(cells / 2)
    return 1e-5 * 1.5 ** (region.n_cells / 2) if region.n_cells <= MAX_CELLS else math.inf


def _hopcroft_karp(region):
    from .matching import hopcroft_karp

    return hopcroft_karp(region)


def _kuhn(region):
    from .matching import kuhn

    return kuhn(region)


def _perfect_or_none(cover):
    def find(region):
        tiling = cover(region)
        return tiling if tiling.is_perfect else None

    return find


def _matching_cost(region):
    # vectorised phases: a few milliseconds of set-up, then linear in the cells
    # (measured: 1000 x 1000 with 5% holes in 0.3 s including the Tiling)
    return 2e-3 + 4e-7 * region.n_cells


def _kuhn_cost(region):
    # Python loops: fast on small regions, O(n^2) in the worst case
    return 1e-3 + 2e-6 * region.n_cells**1.5


def _thurston_find(region):
    from .errors import TooLargeError
    from .heights._lattice import lattice_of
    from .heights._thurston import extreme_tiling

    holes = len(lattice_of(region).topological_holes)
    if holes:
        raise TooLargeError(
            f"method='thurston' needs a region without holes; this one has {holes} (counting "
            "holes that touch the outside only at a corner); use method='hopcroft-karp' or 'auto'"
        )
    return extreme_tiling(region, "min")


def _thurston_cost(region):
    from .errors import TooLargeError
    from .heights._lattice import lattice_of

    try:
        lattice = lattice_of(region)
    except TooLargeError:
        return math.inf  # past the memory budget of height computations
    if not lattice.is_simply_connected:
        return math.inf  # holes: the border heights depend on the tiling
    # linear in the lattice (measured: the 1000 x 1000 board in about 0.04 s), plus
    # loading the compiled kernels.  The load is counted even when they are loaded
    # already, so that "auto" picks by the region alone and the same region
    # always gets the same tiling.
    return 0.5 + 4e-8 * region.n_cells


def _cftp_sample(region, rng=None, progress=False, weights=None, prepared=None):
    from .random.cftp import sample_prepared

    return sample_prepared(region, rng=rng, weights=weights, progress=progress, prepared=prepared)


def _cftp_prepare(region, weights=None):
    from .random.cftp import Extremes

    return Extremes(region, weights)


def _cftp_cost(region):
    from .random.cftp import estimated_seconds

    return estimated_seconds(region)


def _shuffling_sample(region, rng=None):
    from .model.tiling import Tiling
    from .random.shuffling import sample_aztec

    order = region.aztec_order()
    if order is None:
        from .errors import TilingError

        raise TilingError(
            "method='shuffling' samples Aztec diamonds only (any translate of "
            "Region.aztec_diamond(n)); use method='cftp' or 'auto'"
        )
    tiling = sample_aztec(order, rng=rng)
    r0, c0, _, _ = region.bounding_box()
    return Tiling(region, tiling.dominoes + [r0, c0])


def _shuffling_cost(region):
    order = region.aztec_order()
    if order is None:
        return math.inf
    return 1e-3 + 3e-7 * region.n_cells + 3e-10 * order**3 / 64


_TABLE: tuple[Method, ...] = (
    Method(
        "dp",
        "count",
        "broken-profile transfer matrix, O(cells 2**width): narrow regions",
        _dp_count,
        _dp_cost("count"),
        ("progress", "weights"),
    ),
    Method(
        "kasteleyn",
        "count",
        "|det K| of a hole-aware Kasteleyn signing, exact multimodular determinant: any shape",
        _kasteleyn_count,
        _kasteleyn_cost,
        ("progress", "executor", "weights"),
    ),
    Method(
        "brute",
        "count",
        "backtracking enumeration: tiny regions (at most 48 cells), for checks",
        _brute_count,
        _brute_cost,
        (),
        auto=False,
    ),
    Method(
        "dp",
        "find",
        "broken-profile DP, then a walk back: narrow regions",
        _dp_find,
        _dp_cost("find"),
    ),
    Method(
        "hopcroft-karp",
        "find",
        "maximum matching, O(E sqrt V): any size",
        _perfect_or_none(_hopcroft_karp),
        _matching_cost,
    ),
    Method(
        "thurston",
        "find",
        "Thurston's height-function algorithm: the minimal tiling, regions without holes",
        _thurston_find,
        _thurston_cost,
    ),
    Method(
        "kuhn",
        "find",
        "augmenting paths one at a time, O(V E): small regions, teaching",
        _perfect_or_none(_kuhn),
        _kuhn_cost,
        auto=False,
    ),
    Method(
        "dp",
        "cover",
        "min-plus broken-profile DP, then a walk back: narrow regions",
        _dp_cover,
        _dp_cost("cover"),
    ),
    Method(
        "hopcroft-karp",
        "cover",
        "maximum matching, O(E sqrt V): any size",
        _hopcroft_karp,
        _matching_cost,
    ),
    Method(
        "kuhn",
        "cover",
        "augmenting paths one at a time, O(V E): small regions, teaching",
        _kuhn,
        _kuhn_cost,
        auto=False,
    ),
    Method(
        "cftp",
        "sample",
        "coupling from the past on height functions, monotone heat bath on bit boards: any region",
        _cftp_sample,
        _cftp_cost,
        ("rng", "progress", "weights"),
        prepare=_cftp_prepare,
    ),
    Method(
        "dp",
        "sample",
        "exact backward sampling through the transfer-matrix counts: narrow regions",
        _dp_sample,
        _dp_cost("sample"),
        ("rng",),
    ),
    Method(
        "shuffling",
        "sample",
        "domino shuffling, Aztec diamonds (translated or not)",
        _shuffling_sample,
        _shuffling_cost,
        ("rng",),
    ),
)


def methods(question: str | None = None) -> tuple[Method, ...]:
    """The registered methods for ``question`` (all of them when None), in table order.

    Parameters
    ----------
    question : {"count", "find", "cover", "sample"}, optional

    Returns
    -------
    tuple of Method

    Examples
    --------
    >>> import tiling
    >>> [m.name for m in tiling.methods("find")]
    ['dp', 'hopcroft-karp', 'thurston', 'kuhn']
    """
    if question is None:
        return _TABLE
    check_choice(question, QUESTIONS, "question", "methods")
    return tuple(m for m in _TABLE if m.question == question)


def get_method(question: str, name: str) -> Method:
    """The method called ``name`` for ``question``; TilingError naming the choices otherwise."""
    available = methods(question)
    check_choice(name, tuple(m.name for m in available), "method", question)
    return next(m for m in available if m.name == name)


def choose(question: str, region: Any, needs: tuple[str, ...] = ()) -> Method:
    """The method ``method="auto"`` runs for ``question`` on ``region``.

    The lowest estimated time among the methods marked ``auto`` that take
    every option in ``needs`` (``("weights",)``, say); when none can handle
    the region, the first of them (the most general, first in the table),
    whose own check then says why and names what would work.

    Examples
    --------
    >>> from tiling import Region
    >>> choose("count", Region.rectangle(2, 1000)).name
    'dp'
    >>> choose("count", Region.rectangle(60, 60)).name
    'kasteleyn'
    >>> choose("sample", Region.aztec_diamond(50)).name
    'shuffling'
    """
    candidates = [m for m in methods(question) if m.auto and set(needs) <= set(m.options)]
    from .model.region import require_region

    require_region(region, "choose")
    costs = [m.estimated_seconds(region) for m in candidates]
    best = min(range(len(candidates)), key=costs.__getitem__)
    return candidates[best] if math.isfinite(costs[best]) else candidates[0]
