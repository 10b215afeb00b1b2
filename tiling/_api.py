"""The four questions: how many tilings, show me one, cover as much as possible, a random one.

Each function takes a :class:`~tiling.Region` and keyword options, and
dispatches through :mod:`tiling.registry`: ``method="auto"`` (the default)
runs the cheapest exact method that can handle the region; naming a method
forces it, and a method that cannot handle the input raises
:class:`~tiling.TooLargeError` saying which one can.  A region without a
tiling gets one answer everywhere: :func:`count` returns 0, :func:`find` and
:func:`sample` raise :class:`~tiling.NoTilingError` carrying the checked
proof, :func:`max_cover` returns a cover that is as large as possible.
"""

from __future__ import annotations

from concurrent.futures import Executor
from typing import Any

import numpy as np

from . import registry
from ._validation import as_rng, check_bool, check_choice
from .errors import TilingError
from .model.region import Region, require_region
from .model.tiling import Tiling

__all__ = ["count", "find", "max_cover", "sample"]


def _method(question: str, region: Region, method: Any) -> registry.Method | None:
    """The named method (checked), or None for "auto" (chosen once the cheap checks pass)."""
    available = registry.methods(question)
    names = ("auto", *(m.name for m in available))
    check_choice(method, names, "method", {"cover": "max_cover"}.get(question, question))
    return None if method == "auto" else available[names.index(method) - 1]


def _run(m: registry.Method, region: Region, **options: Any) -> Any:
    return m.run(region, **{k: v for k, v in options.items() if k in m.options})


def _no_tiling(region: Region, certificate: Any = None) -> Exception:
    from .proofs.certificates import no_tiling_error

    return no_tiling_error(region, certificate=certificate)


def _tiling_or_proof(question: str, m: registry.Method | None, region: Region, **options: Any):
    """Run ``m`` (or the method auto picks) for find or sample; NoTilingError when there is none.

    A region without a tiling gets NoTilingError whatever the method: also when
    the method cannot handle the region (too wide for the DP, not an Aztec
    diamond for shuffling), since "there is no tiling" is the better answer
    and the proof (a Hopcroft-Karp matching) is cheap next to any sampler.
    """
    from .errors import NoTilingError, TilingError

    if region.trivially_untileable():
        raise _no_tiling(region)
    m = m or registry.choose(question, region)
    try:
        tiling = _run(m, region, **options)
    except NoTilingError:
        raise
    except TilingError:
        from .proofs.certificates import prove_impossible

        certificate = prove_impossible(region)
        if certificate is not None:
            raise _no_tiling(region, certificate) from None
        raise
    if tiling is None:
        raise _no_tiling(region)
    return tiling


def _check_options(progress: Any, executor: Any, who: str) -> None:
    check_bool(progress, "progress", who)
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise TypeError(
            f"{who}(): executor must be a concurrent.futures.Executor (something with "
            f"submit()), not {type(executor).__name__}"
        )


def count(
    region: Region,
    *,
    method: str = "auto",
    digits: int | None = None,
    progress: bool = False,
    executor: Executor | None = None,
) -> Any:
    """Number of domino tilings of ``region``, exactly (or its length and leading digits).

    Parameters
    ----------
    region : Region
    method : {"auto", "dp", "kasteleyn", "brute"}
        ``"dp"``: broken-profile transfer method, O(cells 2^width), best for
        narrow regions.  ``"kasteleyn"``: |det K| for a Kasteleyn signing K
        (Kasteleyn 1961), computed modulo primes and combined by the Chinese
        remainder theorem; polynomial in the number of cells.  ``"brute"``:
        backtracking enumeration, for tiny regions and tests.  ``"auto"``
        counts each connected piece on its own (identical pieces once): a
        closed form for full rectangles and Aztec diamonds, else the method
        with the lower predicted cost, after a Hopcroft-Karp matching has
        shown the piece can be tiled whenever that matching is the cheaper
        step (so a region without a tiling costs no determinant).
    digits : int, optional
        Return only the number of digits and the first ``digits`` digits of
        the count, as a :class:`~tiling._format.LeadingDigits`.  Every digit
        given is proven: rectangles and Aztec diamonds take the logarithm of
        their closed forms in ball arithmetic (python-flint ``arb``, radius
        carried through every operation) at the precision the digits need,
        raised until the ball decides them, which takes milliseconds however
        large the board; other pieces are counted exactly first.
    progress : bool
        Draw a progress bar on stderr during long computations.
    executor : concurrent.futures.Executor, optional
        Spread independent work (for Kasteleyn, the primes) over its workers;
        methods without independent work ignore it.

    Returns
    -------
    int or LeadingDigits
        The count (0 when the region has no tiling), or with ``digits`` its
        length and leading digits.  Counts may have thousands of digits:
        print them with :func:`tiling.decimal` (Python's ``str`` refuses
        more than 4300 digits by default).

    See Also
    --------
    tiling.methods : the methods and their summaries.
    tiling.prove_impossible : why a count is 0.

    Examples
    --------
    >>> count(Region.rectangle(8, 8))
    12988816
    >>> count(Region.rectangle(8, 8).without([(0, 0), (7, 7)]))
    0
    >>> str(count(Region.rectangle(2000, 2000), digits=5))
    '506235 digits, 1.4246...e+506234'
    """
    require_region(region, "count")
    _check_options(progress, executor, "count")
    if digits is not None:
        if isinstance(digits, bool) or not isinstance(digits, (int, np.integer)):
            raise TypeError(f"count(): digits must be a positive int or None, not {digits!r}")
        if digits < 1:
            raise TilingError(f"count(): digits must be at least 1, got {digits}")
    m = _method("count", region, method)
    if digits is not None:
        from ._leading import leading_digits

        return leading_digits(region, int(digits), m, progress=progress, executor=executor)
    if m is not None:
        return _run(m, region, progress=progress, executor=executor)
    return _count_auto(region, progress, executor)


def _count_auto(region: Region, progress: bool, executor: Any) -> int:
    """``method="auto"``: each distinct piece by its cheapest exact route, zero as soon as seen."""
    from .counting.closed_forms import _closed_shape, closed_shape_count, closed_shape_seconds
    from .counting.kasteleyn import distinct_pieces

    jobs = []
    for piece, uses in distinct_pieces(region):
        if piece.n_cells % 2 or piece.balance:
            return 0  # odd, or unequal colours: no tiling (parity and colour certificates)
        shape = _closed_shape(piece)
        closed = closed_shape_seconds(shape) if shape is not None else None
        if closed is not None and closed < 1.0:
            jobs.append((closed, piece, uses, shape))
            continue
        m = registry.choose("count", piece)
        seconds = m.estimated_seconds(piece)
        if closed is not None and closed <= seconds:
            jobs.append((closed, piece, uses, shape))
        else:
            jobs.append((seconds, piece, uses, m))
    jobs.sort(key=lambda job: job[0])  # cheap pieces first: a zero ends the count early
    total = 1
    for seconds, piece, uses, m in jobs:
        if not isinstance(m, registry.Method):
            value = closed_shape_count(m)
        else:
            if _existence_pays(piece, seconds) and not _tileable(piece):
                return 0  # no tiling: a Hall set, found without any determinant
            value = _run(m, piece, progress=progress, executor=executor)
        total *= value**uses
        if total == 0:
            return 0
    return total


def _existence_pays(piece: Region, seconds: float) -> bool:
    """Whether a Hopcroft-Karp matching is cheaper than counting ``piece``."""
    return seconds > 2 * registry.get_method("find", "hopcroft-karp").estimated_seconds(piece)


def _tileable(piece: Region) -> bool:
    from .matching import hopcroft_karp

    return hopcroft_karp(piece).is_perfect


def find(region: Region, *, method: str = "auto") -> Tiling:
    """One perfect tiling of ``region``.

    Parameters
    ----------
    region : Region
    method : {"auto", "dp", "hopcroft-karp", "kuhn"}
        ``"dp"``: reconstruction through the broken-profile DP (narrow
        regions); ``"hopcroft-karp"``: maximum bipartite matching,
        O(E sqrt(V)), any size; ``"kuhn"``: augmenting paths one at a time,
        O(V E).  ``"auto"``: the one predicted to be fastest.

    Returns
    -------
    Tiling

    Raises
    ------
    NoTilingError
        when the region has no tiling; ``err.certificate`` is the checked
        proof (see :func:`tiling.prove_impossible`).

    Examples
    --------
    >>> find(Region.rectangle(2, 2)).is_perfect
    True
    >>> find(Region.rectangle(3, 3))
    Traceback (most recent call last):
    ...
    tiling.errors.NoTilingError: the region has no domino tiling (parity certificate: ...)
    """
    require_region(region, "find")
    return _tiling_or_proof("find", _method("find", region, method), region)


def max_cover(region: Region, *, method: str = "auto") -> Tiling:
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
    m = _method("cover", region, method)
    return _run(m or registry.choose("cover", region), region)


def sample(region: Region, *, rng: Any = None, method: str = "auto") -> Tiling:
    """A tiling of ``region`` drawn uniformly at random from all its tilings.

    Parameters
    ----------
    region : Region
    rng : None, int, numpy.random.SeedSequence or numpy.random.Generator
        The same seed gives the same tiling.
    method : {"auto", "dp", "shuffling"}
        ``"dp"``: backward sampling through the exact transfer-matrix counts
        (narrow regions).  ``"shuffling"``: domino shuffling, for Aztec
        diamonds (any translate of ``Region.aztec_diamond(n)``).  ``"auto"``:
        the one predicted to be fastest that can handle the region.

    Returns
    -------
    Tiling

    Raises
    ------
    NoTilingError
        when the region has no tiling (with its checked proof).
    TooLargeError
        when the region has a tiling but no exact sampler handles it (wider
        than 26 cells on its narrow side and not an Aztec diamond).

    Examples
    --------
    >>> sample(Region.rectangle(2, 3), rng=0).is_perfect
    True
    """
    require_region(region, "sample")
    rng = as_rng(rng)
    return _tiling_or_proof("sample", _method("sample", region, method), region, rng=rng)
