"""The four questions of the library, answered by whichever solver fits.

``count``, ``find``, ``max_cover`` and ``sample`` take a :class:`Region` and a
``method``.  ``method="auto"`` (the default) picks an exact method that can
handle the region; naming a method forces it, and a method that cannot handle
the input raises :class:`~tiling.errors.TooLargeError` saying so.

This is the only module that knows every solver; the solvers know only the
region model.  Solver modules are imported on first use, so ``import tiling``
stays quick.
"""

from .dominoes import Tiling
from .errors import TilingError
from .region import Region, require_region

__all__ = ["count", "find", "max_cover", "sample"]

COUNT_METHODS = ("auto", "dp", "kasteleyn", "brute")
COVER_METHODS = ("auto", "dp", "hopcroft-karp", "kuhn")
SAMPLE_METHODS = ("auto", "dp", "shuffling")


def _check_method(method, allowed, who):
    if not isinstance(method, str) or method not in allowed:
        choices = ", ".join(repr(m) for m in allowed)
        raise TilingError(f"{who}(): unknown method {method!r}; choose one of {choices}")


def count(region, method="auto", *, progress=False, executor=None):
    """Number of domino tilings of ``region``, exactly.

    Parameters
    ----------
    region : Region
    method : {"auto", "dp", "kasteleyn", "brute"}
        ``"dp"``: broken-profile transfer method, O(cells 2^width), best for
        narrow regions.  ``"kasteleyn"``: |det K| for a Kasteleyn signing K
        (Kasteleyn 1961), computed modulo primes and combined by the Chinese
        remainder theorem; polynomial in the number of cells.  ``"brute"``:
        backtracking enumeration, for tiny regions and tests.  ``"auto"``
        picks the method with the lower predicted cost.
    progress : bool
        Draw a progress bar on stderr during long computations.
    executor : concurrent.futures.Executor, optional
        Spread independent work (for Kasteleyn, the primes) over its workers.

    Returns
    -------
    int

    Examples
    --------
    >>> count(Region.rectangle(8, 8))
    12988816
    >>> count(Region.rectangle(8, 8).without([(0, 0), (7, 7)]))
    0
    """
    require_region(region, "count")
    _check_method(method, COUNT_METHODS, "count")
    if method == "brute":
        from . import brute

        return brute.count_tilings(region)
    if method == "dp":
        from . import profile

        return profile.count_tilings(region, progress=progress)
    if method == "kasteleyn":
        from . import kasteleyn

        return kasteleyn.count_tilings(region, progress=progress, executor=executor)
    # auto
    if region.trivially_untileable():
        return 0
    from . import kasteleyn, profile

    if profile.estimated_seconds(region) <= kasteleyn.estimated_seconds(region):
        return profile.count_tilings(region, progress=progress)
    return kasteleyn.count_tilings(region, progress=progress, executor=executor)


def _cover(region, method):
    if method == "auto":
        from . import profile

        method = "dp" if profile.estimated_seconds(region, kind="cover") <= 0.5 else "hopcroft-karp"
    if method == "dp":
        from . import profile

        return profile.max_cover(region)
    from . import matching

    if method == "kuhn":
        return matching.kuhn(region)
    return matching.hopcroft_karp(region)


def find(region, method="auto"):
    """One perfect tiling of ``region``, or ``None`` when there is none.

    Parameters
    ----------
    region : Region
    method : {"auto", "dp", "hopcroft-karp", "kuhn"}
        ``"dp"``: reconstruction through the broken-profile DP (narrow
        regions); ``"hopcroft-karp"``: maximum bipartite matching,
        O(E sqrt(V)), any size; ``"kuhn"``: augmenting paths one at a time,
        O(V E).  ``"auto"``: the DP for narrow regions, Hopcroft-Karp otherwise.

    Returns
    -------
    Tiling or None

    Examples
    --------
    >>> find(Region.rectangle(2, 2)).is_perfect
    True
    >>> find(Region.rectangle(3, 3)) is None
    True
    """
    require_region(region, "find")
    _check_method(method, COVER_METHODS, "find")
    if region.trivially_untileable():
        return None
    if method == "dp":
        from . import profile

        return profile.find_tiling(region)
    tiling = _cover(region, method)
    return tiling if tiling.is_perfect else None


def max_cover(region, method="auto"):
    """A placement of as many non-overlapping dominoes as possible on ``region``.

    Parameters
    ----------
    region : Region
    method : {"auto", "dp", "hopcroft-karp", "kuhn"}
        As for :func:`find`.

    Returns
    -------
    Tiling
        Perfect when the region can be tiled; otherwise its uncovered cells
        are as few as possible (:func:`tiling.cover_bound` proves it).

    Examples
    --------
    >>> t = max_cover(Region.rectangle(3, 3))
    >>> len(t), len(t.uncovered())
    (4, 1)
    """
    require_region(region, "max_cover")
    _check_method(method, COVER_METHODS, "max_cover")
    return _cover(region, method)


def sample(region, rng=None, method="auto"):
    """A tiling of ``region`` drawn uniformly at random from all its tilings.

    Parameters
    ----------
    region : Region
    rng : None, int or numpy.random.Generator
    method : {"auto", "dp", "shuffling"}
        ``"dp"``: backward sampling through the exact transfer-matrix counts
        (narrow regions).  ``"shuffling"``: domino shuffling, for Aztec
        diamonds (any translate of ``Region.aztec_diamond(n)``).  ``"auto"``:
        shuffling for Aztec diamonds, the DP otherwise.

    Returns
    -------
    Tiling

    Raises
    ------
    TilingError
        if the region has no tiling.

    Examples
    --------
    >>> sample(Region.rectangle(2, 3), rng=0).is_perfect
    True
    """
    require_region(region, "sample")
    _check_method(method, SAMPLE_METHODS, "sample")
    if region.trivially_untileable():
        raise TilingError("cannot sample: the region has no tiling (see tiling.prove_impossible)")
    order = region.aztec_order()
    if method == "shuffling" or (method == "auto" and order is not None):
        if order is None:
            raise TilingError(
                "method='shuffling' samples Aztec diamonds only; use method='dp' or 'auto'"
            )
        from . import aztec

        tiling = aztec.sample_aztec(order, rng=rng)
        r0, c0, _, _ = region.bounding_box()
        return Tiling(region, tiling.dominoes + [r0, c0])
    from . import profile

    return profile.sample_tiling(region, rng=rng)
