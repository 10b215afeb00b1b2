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

import math
from concurrent.futures import Executor
from typing import Any

import numpy as np

from . import registry
from ._validation import as_rng, check_bool, check_choice, non_negative_int, shown
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
    wanted = set(m.options) | ({"prepared"} if m.prepare is not None else set())
    return m.run(region, **{k: v for k, v in options.items() if k in wanted})


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


def _moved_tiling(region: Region, packing: Any, tiling: Tiling) -> Tiling:
    """A tiling of a packed region (:func:`tiling.model.region.pack`) moved to the original."""
    return Tiling(region, packing.to_original(tiling.dominoes))


def _packed_call(region: Region, call: Any) -> Any:
    """``call(packed)`` for a sparse region, its tilings and proofs moved back; None otherwise.

    A few cells far apart in a huge box are solved from their pieces packed
    close together (:func:`tiling.model.region.pack`): no array of the
    original box's size is ever built.
    """
    from .errors import NoTilingError
    from .model.region import pack

    packing = pack(region)
    if packing is None:
        return None
    try:
        result = call(packing.region)
    except NoTilingError as err:
        from .proofs.certificates import _moved

        raise NoTilingError(_moved(err.certificate, packing, region)) from None
    if isinstance(result, list):
        return [_moved_tiling(region, packing, t) for t in result]
    if isinstance(result, Tiling):
        return _moved_tiling(region, packing, result)
    return result


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
    weights: Any = None,
    boundary: str = "plane",
    log: bool = False,
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
        narrow regions.  ``"kasteleyn"``: ``|det K|`` for a Kasteleyn signing K
        (Kasteleyn 1961), computed modulo primes and combined by the Chinese
        remainder theorem; polynomial in the number of cells.  ``"brute"``:
        backtracking enumeration, for tiny regions and tests.  ``"auto"``
        counts each connected piece on its own (identical pieces once): a
        closed form for full rectangles and Aztec diamonds, else the method
        with the lower predicted cost, after a Hopcroft-Karp matching has
        shown the piece can be tiled whenever that matching is the cheaper
        step (so a region without a tiling costs no determinant).  With
        ``weights`` or ``boundary``, "dp" and "kasteleyn" only.
    weights : (h, v) or (horizontal, vertical), optional
        Edge weights (:mod:`tiling.model.weights`): return the *partition
        function*, the sum over tilings of the product of their dominoes'
        weights.  ``(h, v)`` weighs every horizontal domino ``h`` and every
        vertical one ``v``; arrays give ``horizontal[r, c]`` to the domino on
        ``(r, c), (r, c + 1)`` (shape ``rows x (cols - 1)``) and
        ``vertical[r, c]`` to ``(r, c), (r + 1, c)`` (shape
        ``(rows - 1) x cols``).  Ints give an int, Fractions a Fraction,
        exactly; floats a float (the DP's relative error is at most
        ``2.1 cells 2**-53`` for non-negative weights; Kasteleyn's sparse LU
        is backward stable but unproven, typically ``1e-12``); sympy
        expressions an expanded sympy expression.  See
        :mod:`tiling.counting.weighted` for the algorithms.
    boundary : {"plane", "cylinder", "torus"}
        ``"torus"``: a full rectangle whose last column touches the first and
        last row the first (the graph ``C_rows x C_cols``; a side of 2 gives
        two distinct dominoes on the same pair of cells, a side of 1 a loop
        that holds none); ``"cylinder"``: only the columns wrap.  Weights
        then have shape ``rows x cols`` for both directions on the torus
        (the last column's and row's entries weigh the dominoes across the
        seams) and ``rows x cols``, ``(rows - 1) x cols`` on the cylinder.
        Kasteleyn's four twisted determinants for even sides, the DP with
        seams otherwise (:mod:`tiling.counting.torus`).
    log : bool
        Return the natural logarithm of the count, as a float (for float
        weights on regions whose count overflows a float).
    digits : int, optional
        Return only the number of digits and the first ``digits`` digits of
        the count, as a :class:`~tiling._format.LeadingDigits`.  Every digit
        given is proven: rectangles and Aztec diamonds take the logarithm of
        their closed forms in ball arithmetic (python-flint ``arb``, radius
        carried through every operation) at the precision the digits need,
        raised until the ball decides them, which takes milliseconds however
        large the board.  Other pieces are counted exactly when Kasteleyn's
        cost estimate is under a second, and otherwise enclosed by a
        double-double factorization of ``K K^T`` with a proven error bound
        (:mod:`tiling.linalg._logdet`; about 50 s for the 1000 x 1000 board
        with 5% holes), falling back to the exact count when the enclosure
        cannot decide the digits asked for.
    progress : bool
        Draw a progress bar on stderr during long computations.
    executor : concurrent.futures.Executor, optional
        Spread independent work (for Kasteleyn, the primes) over its workers;
        methods without independent work ignore it.

    Returns
    -------
    int, LeadingDigits, Fraction, float or sympy expression
        The count (0 when the region has no tiling), or with ``digits`` its
        length and leading digits; with ``weights`` the weighted count in
        the weights' kind (a float with ``log``).  Counts may have thousands of digits:
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
    >>> count(Region.rectangle(2, 2), weights=(2, 3))  # 2*2 + 3*3
    13
    >>> count(Region.rectangle(4, 4), boundary="torus")
    272
    """
    require_region(region, "count")
    _check_options(progress, executor, "count")
    if weights is not None or boundary != "plane" or log is not False:
        return _count_weighted(region, method, weights, boundary, log, digits, progress, executor)
    if digits is not None:
        if isinstance(digits, bool) or not isinstance(digits, (int, np.integer)):
            raise TypeError(f"count(): digits must be a positive int or None, not {shown(digits)}")
        if digits < 1:
            raise TilingError(f"count(): digits must be at least 1, got {digits}")
    m = _method("count", region, method)
    from .model.region import pack

    packing = pack(region)  # a few cells far apart: count their pieces packed together
    region = region if packing is None else packing.region
    if digits is not None:
        from ._leading import leading_digits

        return leading_digits(region, int(digits), m, progress=progress, executor=executor)
    if m is not None:
        return _run(m, region, progress=progress, executor=executor)
    return _count_auto(region, progress, executor)


def _count_weighted(region, method, weights, boundary, log, digits, progress, executor):
    """count() with weights, a boundary or log: the weighted DP, Kasteleyn or the torus."""
    check_choice(boundary, ("plane", "cylinder", "torus"), "boundary", "count")
    check_bool(log, "log", "count")
    if digits is not None:
        raise TilingError(
            "count(): digits= is for plain counts; with weights or a boundary use log=True"
        )
    names = ("auto", *(m.name for m in registry.methods("count")))
    check_choice(method, names, "method", "count")
    if method != "auto" and "weights" not in registry.get_method("count", method).options:
        raise TilingError(
            f"count(): method {method!r} does not take weights, boundary= or log=; use "
            "'dp', 'kasteleyn' or 'auto'"
        )
    if boundary != "plane":
        from .counting.torus import count_torus

        return count_torus(
            region,
            weights,
            boundary=boundary,
            method=method,
            log=log,
            progress=progress,
            executor=executor,
        )
    if weights is None:
        value = count(region, method=method, progress=progress, executor=executor)
        return math.log(value) if value else -math.inf
    from .counting.weighted import count_weighted

    return count_weighted(
        region, weights, method=method, log=log, progress=progress, executor=executor
    )


def _count_auto(region: Region, progress: bool, executor: Any) -> int:
    """``method="auto"``: each distinct piece by its cheapest exact route, zero as soon as seen."""
    from .counting.closed_forms import _closed_shape, closed_shape_count, closed_shape_seconds
    from .counting.kasteleyn import distinct_pieces
    from .model.region import whole_shape

    shape = whole_shape(region)  # one rectangle or Aztec diamond: no labelling, no cell list
    if shape is not None and closed_shape_seconds(shape) < 1.0:
        return closed_shape_count(shape)
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
    method : {"auto", "dp", "hopcroft-karp", "thurston", "kuhn"}
        ``"dp"``: reconstruction through the broken-profile DP (narrow
        regions); ``"hopcroft-karp"``: maximum bipartite matching,
        O(E sqrt(V)), any size; ``"thurston"``: Thurston's height-function
        algorithm, linear in the area, regions without holes (it returns
        the minimal tiling, :func:`tiling.heights.min_tiling`); ``"kuhn"``:
        augmenting paths one at a time, O(V E).  ``"auto"``: the one
        predicted to be fastest.

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
    _method("find", region, method)
    moved = _packed_call(region, lambda packed: find(packed, method=method))
    if moved is not None:
        return moved
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
    moved = _packed_call(region, lambda packed: max_cover(packed, method=method))
    if moved is not None:
        return moved
    return _run(m or registry.choose("cover", region), region)


def sample(
    region: Region,
    *,
    rng: Any = None,
    method: str = "auto",
    weights: Any = None,
    size: int | None = None,
    progress: bool = False,
    executor: Executor | None = None,
) -> Tiling | list[Tiling]:
    """A tiling of ``region`` drawn exactly uniformly at random from all its tilings.

    Parameters
    ----------
    region : Region
        Any region with a tiling: simply connected or with holes.
    rng : None, int, numpy.random.SeedSequence or numpy.random.Generator
        The same seed gives the same tiling (the same list with ``size``),
        whatever the executor.
    method : {"auto", "dp", "cftp", "shuffling"}
        ``"dp"``: backward sampling through the exact transfer-matrix counts
        (narrow regions).  ``"cftp"``: coupling from the past on height
        functions (:func:`tiling.random.sample_cftp`), any region, holes
        included.  ``"shuffling"``: domino shuffling, for Aztec diamonds (any
        translate of ``Region.aztec_diamond(n)``).  ``"auto"``: the one
        predicted to be fastest that can handle the region.
    weights : (h, v) or (horizontal, vertical), optional
        Edge weights (:mod:`tiling.model.weights`): draw a tiling with
        probability proportional to the product of its dominoes' weights
        (positive numbers).  Taken by ``"cftp"``; the other methods refuse
        them (for weighted Aztec diamonds see
        :func:`tiling.random.sample_aztec`).
    size : int, optional
        Draw this many independent tilings and return them as a list.  The
        work every sample of one region shares (for coupling from the past:
        the least and greatest tilings, the class sizes of large holes, the
        weights' coins) is done once; each sample has its own random stream,
        spawned from ``rng``.
    progress : bool
        A progress bar on standard error: the sampler's own (coupling from
        the past), or one step per tiling with ``size``.
    executor : concurrent.futures.Executor, optional
        Draw the ``size`` samples on its workers (a process pool, or Dask's
        ``client.get_executor()``); the samples are those of a serial run.

    Returns
    -------
    Tiling, or a list of ``size`` Tilings

    Raises
    ------
    NoTilingError
        when the region has no tiling (with its checked proof).
    TooLargeError
        when the method named cannot handle the region (say which can).
    TilingError
        for weights given to a method that does not take them.

    Examples
    --------
    >>> sample(Region.rectangle(2, 3), rng=0).is_perfect
    True
    >>> len(sample(Region.rectangle(6, 6), rng=0, size=3))
    3
    """
    require_region(region, "sample")
    rng = as_rng(rng)
    _check_options(progress, executor, "sample")
    m = _method("sample", region, method)
    if weights is None:  # weights are given on the original box: no packing then
        moved = _packed_call(
            region,
            lambda packed: sample(
                packed, rng=rng, method=method, size=size, progress=progress, executor=executor
            ),
        )
        if moved is not None:
            return moved
    options: dict[str, Any] = {"progress": progress}
    if weights is not None:
        if m is not None and "weights" not in m.options:
            from .errors import TilingError

            raise TilingError(
                f"sample(): method {m.name!r} does not take weights; use method='cftp' or "
                "'auto' (and tiling.random.sample_aztec(n, weights=...) for Aztec diamonds)"
            )
        options["weights"] = weights
    if size is None:
        if executor is not None:
            from .errors import TilingError

            raise TilingError("sample(): executor= spreads several samples: give size= too")
        if m is None and weights is not None and not region.trivially_untileable():
            m = registry.choose("sample", region, needs=("weights",))
        return _tiling_or_proof("sample", m, region, rng=rng, **options)
    size = non_negative_int(size, "size", "sample")
    if region.trivially_untileable():
        raise _no_tiling(region)
    m = m or registry.choose("sample", region, needs=("weights",) if weights is not None else ())
    streams = rng.spawn(size)
    options["progress"] = False
    if m.prepare is not None and size:
        # raises NoTilingError, with its proof, when the region has no tiling
        extra = {"weights": weights} if weights is not None else {}
        options["prepared"] = m.prepare(region, **extra)
    if executor is not None:
        # a few batches, not one task per sample: the shared set-up (the least and
        # greatest tilings, the coins of the weights) travels once per batch
        n_batches = min(size, MAX_BATCHES)
        batches = [streams[i::n_batches] for i in range(n_batches)]
        futures = [executor.submit(_draw_batch, m.name, region, b, options) for b in batches]
        try:
            results = [f.result() for f in futures]
        except BaseException:
            # Ctrl-C or a failed batch: drop the batches not started, so the
            # executor's shutdown does not run them all before the error shows
            for f in futures:
                f.cancel()
            raise
        return [results[i % n_batches][i // n_batches] for i in range(size)]
    from ._progress import Progress

    out = []
    with Progress(size, f"sampling {size} tilings", enabled=progress) as bar:
        for stream in streams:
            out.append(_draw(m.name, region, stream, options))
            bar.update()
    return out


#: Most tasks sample(size=..., executor=...) submits.
MAX_BATCHES = 32


def _draw_batch(name: str, region: Region, streams: list, options: dict[str, Any]) -> list:
    """Samples for ``streams`` in turn (a module-level function: executors pickle it)."""
    return [_draw(name, region, stream, options) for stream in streams]


def _draw(name: str, region: Region, rng: Any, options: dict[str, Any]) -> Tiling:
    """One sample by the method called ``name`` (a module-level function: executors pickle it)."""
    return _tiling_or_proof(
        "sample", registry.get_method("sample", name), region, rng=rng, **options
    )
