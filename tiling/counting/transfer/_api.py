"""The public functions of the transfer-matrix DP."""

from __future__ import annotations

import math

import numpy as np

from ..._validation import as_rng, check_choice
from ...errors import TooLargeError
from ...model.region import Region, require_region
from ...model.tiling import Tiling
from ._budget import (
    SECONDS_PER_ELEMENT,
    SECONDS_PER_STEP,
    check_budget,
    expected_limbs,
    progress_bar,
    segments,
)
from ._plan import pieces as split_pieces
from ._plan import place
from ._rings import _MinUncovered, _Polynomial, _Reach
from ._sweep import _count_piece, _CoverChooser, _ReachChooser, _reconstruct, _sample_piece, _sweep

__all__ = ["count_tilings", "max_cover", "dimer_polynomial", "estimated_seconds"]

# find_tiling and sample_tiling are the registry's entry points for
# tiling.find(method="dp") and tiling.sample(method="dp"): they return None
# when there is no tiling, and the public functions raise NoTilingError.


def count_tilings(region: Region, *, progress: bool = False) -> int:
    """Number of domino tilings of ``region``, exactly, by the broken-profile DP.

    Parameters
    ----------
    region : Region
    progress : bool
        Draw a progress bar on stderr.

    Returns
    -------
    int

    Raises
    ------
    TooLargeError
        when a piece is wider than :data:`MAX_WIDTH` on its narrow side, or
        would need more than :data:`MEMORY_BUDGET` bytes.

    Notes
    -----
    Each connected piece is cropped, turned so that its rows are the short
    side (width ``w``) and swept cell by cell over the ``2**w`` profiles
    (transfer-matrix method, Lieb 1967; the "broken profile" form as in
    Knuth, TAOCP 7.2.2).  The count is the product over the pieces; a piece
    with an odd number of cells or unequal colours gives 0 at once
    (:meth:`Region.trivially_untileable`), and pieces of the same shape are
    counted once.  Time O(cells 2**w L) with L the number of 47-bit limbs of
    the counts, memory O(2**w L).

    Examples
    --------
    >>> count_tilings(Region.rectangle(8, 8))
    12988816
    >>> count_tilings(Region.rectangle(2, 10))  # Fibonacci
    89
    """
    require_region(region, "count")
    if region.trivially_untileable():
        return 0
    _, plans = split_pieces(region)
    check_budget(plans, "count")
    total = 1
    with progress_bar(plans, progress, "profile DP") as bar:
        for plan in plans:  # one sweep per distinct shape
            total *= _count_piece(plan, bar if progress else None) ** plan.uses
            if total == 0:
                break
    return total


def find_tiling(region: Region) -> Tiling | None:
    """One perfect tiling of ``region`` by the DP, or ``None`` when there is none.

    Parameters
    ----------
    region : Region

    Returns
    -------
    Tiling or None

    Notes
    -----
    A boolean broken-profile sweep (which profiles are reachable), then a
    walk back from the empty final profile choosing at each cell one
    reachable predecessor (at most two are possible).  Time O(cells 2**w);
    memory O(2**w) bytes of undo data per step, O(cells 2**w) in all.  When
    that exceeds :data:`MEMORY_BUDGET`, a checkpoint every K steps and one
    recomputed segment of K steps at a time, with K ~ sqrt(cells) chosen so
    that checkpoints plus segment log take the least memory, about
    O(sqrt(cells) 2**w) bytes (one more forward sweep of time); when even
    that exceeds the budget, TooLargeError.

    Raises
    ------
    TooLargeError
        when a piece is wider than :data:`MAX_WIDTH` on its narrow side, or
        its reconstruction cannot fit :data:`MEMORY_BUDGET`.

    Examples
    --------
    >>> find_tiling(Region.rectangle(2, 3)).is_perfect
    True
    >>> find_tiling(Region.rectangle(3, 3)) is None
    True
    """
    require_region(region, "find")
    if region.trivially_untileable():
        return None
    pieces, plans = split_pieces(region)
    check_budget(plans, "find")
    local = {}
    for plan in plans:  # one reconstruction per distinct shape
        dominoes = _reconstruct(plan, _Reach(plan.width), _ReachChooser, None, "find")
        if dominoes is None:
            return None
        local[id(plan)] = plan.to_local(dominoes)
    return Tiling(region, place(pieces, local))


def max_cover(region: Region) -> Tiling:
    """A placement of as many non-overlapping dominoes as possible on ``region``.

    Parameters
    ----------
    region : Region

    Returns
    -------
    Tiling
        Perfect when the region has a tiling.

    Notes
    -----
    A min-plus broken-profile sweep in which a cell may also stay empty
    (cost 1), then a walk back from the empty final profile along optimal
    predecessors.  A piece with as many cells of each colour first tries the
    cheaper boolean sweep of :func:`find_tiling`, since a perfect tiling is a
    maximum cover.  Time O(cells 2**w), memory as for :func:`find_tiling`
    (a half array of undo data per step; checkpoints beyond the budget).

    Examples
    --------
    >>> t = max_cover(Region.rectangle(3, 3))
    >>> len(t), len(t.uncovered())
    (4, 1)
    """
    require_region(region, "max_cover")
    pieces, plans = split_pieces(region)
    check_budget(plans, "cover")
    local = {}
    for plan in plans:  # one reconstruction per distinct shape
        dominoes = None
        if not plan.untileable:  # a perfect tiling, when there is one, is a maximum cover
            dominoes = _reconstruct(plan, _Reach(plan.width), _ReachChooser, None, "find")
        if dominoes is None:
            ring = _MinUncovered(plan.width, plan.n_cells)
            dominoes = _reconstruct(plan, ring, _CoverChooser, None, "cover")
        local[id(plan)] = plan.to_local(dominoes)
    return Tiling(region, place(pieces, local))


def sample_tiling(region: Region, *, rng=None) -> Tiling | None:
    """A tiling of ``region`` drawn exactly uniformly from all its tilings.

    Parameters
    ----------
    region : Region
    rng : None, int or numpy.random.Generator

    Returns
    -------
    Tiling or None
        None when the region has no tiling.

    Notes
    -----
    The exact counting sweep, then a walk back from the empty final profile:
    at each cell the path came from one of at most two profiles, chosen with
    probability (its exact count) / (the current count), so every tiling has
    probability 1 / (number of tilings) (backward sampling through the
    transfer matrix).  Each step is undone by a subtraction, so the time is
    about twice that of :func:`count_tilings` and the memory that of the
    count plus the profiles cleared under missing cells, which are saved to
    be restored.  Pieces are sampled independently.

    Examples
    --------
    >>> sample_tiling(Region.rectangle(4, 4), rng=1).is_perfect
    True
    """
    require_region(region, "sample")
    rng = as_rng(rng)
    if region.trivially_untileable():
        return None
    pieces, plans = split_pieces(region)
    check_budget(plans, "sample")
    out = []
    only = {}  # shapes with a single tiling: nothing to draw
    for origin, plan in pieces:
        local = only.get(id(plan))
        if local is None:
            dominoes = _sample_piece(plan, rng, None)
            if dominoes is None:
                return None
            local = plan.to_local(dominoes)
            if dominoes.total == 1:
                only[id(plan)] = local
        out.append(local + origin)
    return Tiling(region, np.concatenate(out))


def dimer_polynomial(region: Region) -> list[int]:
    """Monomer-dimer polynomial: ``a[k]`` ways to place ``k`` non-overlapping dominoes.

    Parameters
    ----------
    region : Region

    Returns
    -------
    list of int
        ``a[0] = 1``, ``a[1]`` the number of adjacent pairs, ...,
        ``a[n_cells // 2]`` the number of perfect tilings when ``n_cells`` is even.

    Notes
    -----
    The broken-profile sweep with polynomial values: each profile carries
    exact counts indexed by the number of empty cells so far (an empty cell
    multiplies by x).  Time and memory O(cells 2**w) per sweep step times the
    limbs, so it is meant for small and narrow regions; pieces are
    multiplied as polynomials.

    Examples
    --------
    >>> dimer_polynomial(Region.rectangle(2, 2))
    [1, 4, 2]
    """
    require_region(region, "dimer_polynomial")
    _, plans = split_pieces(region)
    check_budget(plans, "polynomial")
    total = [1]
    for plan in plans:  # one sweep per distinct shape
        ring = _Polynomial(plan.width, plan.n_cells)
        f = _sweep(plan, ring, 0, plan.n_cells, 0)
        by_empty = ring.value(f)
        piece = [by_empty[plan.n_cells - 2 * k] for k in range(plan.n_cells // 2 + 1)]
        for _ in range(plan.uses):
            total = _poly_mul(total, piece)
    return total + [0] * (region.n_cells // 2 + 1 - len(total))


def _poly_mul(a, b):
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out


def estimated_seconds(region: Region, question: str = "count") -> float:
    """A cheap prediction of the profile DP's run time on ``region``.

    Parameters
    ----------
    region : Region
    question : {"count", "find", "cover", "sample"}
        Find, cover and sample share one model (a forward sweep and a walk back).

    Returns
    -------
    float
        Seconds, or ``math.inf`` when the DP would refuse the region
        (too wide or over the memory budget).

    Notes
    -----
    Sums over the distinct piece shapes (each is swept once) ``steps *
    (per-step overhead + 2**w / 4 * limbs * seconds per element)``, with the
    limbs predicted from the growth rate of tilings of the square lattice,
    and one more sweep when reconstruction needs checkpoints; the constants
    were measured on the development machine.  O(cells + bounding box) to
    evaluate, however many pieces there are.

    Examples
    --------
    >>> estimated_seconds(Region.rectangle(8, 8)) < 1
    True
    >>> import math; estimated_seconds(Region.rectangle(40, 40)) == math.inf
    True
    """
    require_region(region, "estimated_seconds")
    check_choice(question, ("count", "find", "cover", "sample"), "question", "estimated_seconds")
    kind = "count" if question == "count" else "cover"
    _, plans = split_pieces(region)
    try:
        check_budget(plans, "count" if kind == "count" else "cover")
    except TooLargeError:
        return math.inf
    seconds = 0.0
    for plan in plans:  # the functions sweep each distinct shape once
        limbs = (1 + expected_limbs(plan)) / 2
        per_step = SECONDS_PER_STEP + SECONDS_PER_ELEMENT * plan.n_states / 4 * limbs
        sweeps = 1 if kind == "count" else 3
        if kind != "count" and segments(plan, "cover")[0] < plan.n_cells:
            sweeps += 1  # checkpoints: the forward sweep is done twice
        seconds += plan.n_cells * per_step * sweeps
    return seconds
