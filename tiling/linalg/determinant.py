"""Exact integer determinants of sparse integer matrices.

``det`` returns ``det A`` as a Python int, proven: no floating-point estimate
decides a digit (floats appear only as exact integers, or as rigorous
bounds), and no probabilistic step (random vectors change only the speed).
It sweeps the matrix to a small dense remainder, then either lifts a p-adic
divisor or takes many primes; or it uses nested dissection.

1. **Sweep over the integers** (planned once, symbolically).  Scan the rows
   in a bandwidth-reducing order; row ``i`` *defines* a column ``sigma(i)``
   that no earlier row mentions, preferably one where its entry is a unit
   (+1 or -1).  In scan order ``T = A[rows, sigma]`` is lower triangular with
   nonzero diagonal, so no pivot can vanish, modulo any prime or otherwise.
   The other columns are *free*, the other rows *constraints*; with ``A``
   permuted to ``[[T, C], [R, E]]``, ``det A = +-det T * det S`` for the dense
   Schur complement ``S = E - R T^-1 C``.  Each defined column is carried as
   an integer vector over the free columns, an integer combination of earlier
   vectors given by its row's few entries; rows whose inputs are ready form a
   *level* and are combined together with numpy object arrays.  With unit
   pivots (grid Laplacians, Kasteleyn matrices) ``T^-1`` is an integer matrix
   and nothing is divided; other pivots make the vectors share a common
   denominator, the least common multiple of the pivots met so far.
2. **A p-adic divisor, then a few primes** (:mod:`tiling.linalg._dixon`;
   the default without an executor once ``S`` has ``DIVISOR_MIN`` rows, or
   ``method="lift"``).  The same sweep run in machine integers gives ``S``
   modulo one 21-bit prime ``p`` (two at once for unit pivots), factored
   once (a blocked LU in exact float64 multiply-adds); Dixon's p-adic
   lifting then solves ``A x = b`` for a random small ``b``, each step one
   sparse sweep over ``A`` (finishing the step and starting the next) and
   two triangular solves with ``S``'s factors, every step checked by an
   exact division.  By Cramer's rule the denominator ``v`` of ``c . x`` (``c``
   random) divides ``det A``, and it is recovered by rational reconstruction
   once ``p**k`` exceeds twice the product of proven bounds on numerator and
   denominator, so ``v`` is proven; for random ``b`` and ``c`` it is almost
   all of ``det A``.  The cofactor ``det A / v``, below the bound divided by
   ``v``, comes from ``det A mod p`` (already known) and, when the bound is
   loose, further primes: modular sweeps, or for many primes the integer
   Schur complement modulo 62-bit primes (python-flint ``nmod_mat``).
3. **Multimodular determinant of S** (``method="sweep"``, or with an
   executor).  ``det S`` modulo word-size primes (python-flint ``nmod_mat``,
   with pivoting, so a determinant divisible by a prime gives residue 0
   exactly and singular matrices give 0), combined by the Chinese remainder
   theorem, after python-flint's exact rational solve of ``S x = b`` has
   supplied a divisor ``D`` of ``det S`` when ``S`` is large and no executor
   is given.

For a grid graph with ``h`` rows of width ``w`` scanned row by row the defined
column of a cell is the cell below it, the free columns are the first row and
``S`` is about ``w x w``: this is the transfer-matrix method, found
automatically.  The vectors' entries are minors of ``A`` with O(h) bits, about
``w`` times shorter than the determinant, so one sweep over the integers costs
far less than one sweep per prime.  Where few entries are units the sweep
pivots on other entries (carrying a common denominator), so ``S`` stays small
for banded matrices; what drives the cost is how many rows the scan order
leaves without a fresh column.

4. **Nested dissection** (:mod:`tiling.linalg._dissection`,
   :mod:`tiling.linalg._frontal`), for matrices with a nonzero diagonal or a
   given pairing of rows with columns: fronts of a fill-reducing separator
   order, eliminated modulo batches of 23-bit primes at once in float64
   BLAS products, without a division.  Its cost does not depend on holes;
   the engine uses it for the remainder's extra primes when that is cheaper
   than the dense determinant, and alone when the dense remainder would not
   fit in memory.

The number of primes comes from a proven bound: Hadamard's, or for a
symmetric diagonally dominant matrix (a reduced Laplacian) one banded
floating-point Cholesky factorisation of it (:mod:`tiling.linalg._gram`),
or failing that the enclosure of :mod:`tiling.linalg._mmatrix`, or for other
large matrices with small entries (Kasteleyn's) the Gram bound of
:mod:`tiling.linalg._gram`, ``prod R_ii^2`` for a floating-point Cholesky
factor ``R`` of ``A^T A`` shifted by its proven rounding errors (within a
bit or two of ``det(A)^2`` when ``A`` is well conditioned), and failing
that Fischer's inequality on blocks of rows (:mod:`tiling.linalg._fischer`),
about half of Hadamard's slack.  The primes are
independent: batches of them go to any :class:`concurrent.futures.Executor`
(a process pool, or a Dask cluster's ``client.get_executor()`` to spread one
determinant over many machines).

References
----------
J. von zur Gathen and J. Gerhard, *Modern Computer Algebra*, 3rd ed., CUP
2013, section 5.5 (small primes modular determinant, Chinese remaindering).
J. Hadamard, *Resolution d'une question relative aux determinants*, Bull.
Sci. Math. 17 (1893).
"""

from __future__ import annotations

import math
from concurrent.futures import Executor, as_completed
from typing import Any

import numpy as np

from .._progress import Progress
from ._limits import DIVISOR_MIN, GRAM_MIN, MAX_DENSE, PRIME_BITS
from ._matrix import as_matrix
from ._plan import best_plan
from .errors import LinalgError, MatrixTooLargeError
from .hadamard import hadamard_square
from .primes import crt, primes_below, product

__all__ = ["det"]


# ---------------------------------------------------------------- numeric sweep
def _sweep(plan, progress=None):
    """The Schur complement over the integers: ``(S_num, denominator)``.

    ``S = diag(1 / D_i) S_num`` where ``D_i`` is the scale of the work array
    when constraint row ``i`` was formed, and ``denominator = prod D_i``, so
    ``det S = det S_num / denominator`` (1 when every pivot is a unit).

    Each defined column is carried as an integer vector over the free columns
    (all vectors share the scale ``D``: the true vector is ``v / D``), an
    integer combination of earlier vectors.  With unit pivots ``D`` stays 1
    and nothing is ever divided; entries are minors of the matrix, so they
    stay below Hadamard's bound, and for grids they have O(h) bits, about
    ``d`` times fewer than the determinant: one sweep over the integers costs
    far less than one sweep per prime.
    """
    d = plan.d
    X = np.zeros((plan.n_slots, max(d, 1)), dtype=object)
    S = np.zeros((max(d, 1), max(d, 1)), dtype=object)
    scale, denominator = 1, 1
    for lv in plan.levels:
        da = lv["da"]
        if lv["free_slots"].size:
            X[lv["free_slots"]] = 0
            X[lv["free_slots"], lv["free_coords"]] = scale
        acc = None
        if lv["def_slots"].size:
            acc = _combine(X, lv["def_term_slots"], lv["def_coefs"], da)
        if lv["con_rows"].size:
            S[lv["con_rows"], :da] = _combine(X, lv["con_term_slots"], lv["con_coefs"], da)
            denominator *= scale ** len(lv["con_rows"])
        if lv["scale"] != 1:  # the new vectors are lv["scale"] times too large: so is the rest
            X *= lv["scale"]
            scale *= lv["scale"]
        if acc is not None:
            X[lv["def_slots"]] = 0
            X[lv["def_slots"], :da] = acc
        if progress is not None:
            progress()
    return S[:d, :d], denominator


def _combine(X, slots, coefs, da):
    """sum_t coefs[:, t] * X[slots[:, t], :da], exactly (object arrays)."""
    acc = None
    for c in range(slots.shape[1]):
        gathered = X[slots[:, c], :da]
        coef = coefs[:, c]
        if np.all(coef == 1):
            term = gathered
        elif np.all(coef == -1):
            term = -gathered
        else:
            term = coef.astype(object)[:, None] * gathered
        acc = term if acc is None else acc + term
    return acc


def _residues(schur, primes, progress=None):
    """det(schur) modulo each prime (python-flint ``nmod_mat``, with pivoting)."""
    import flint

    if len(schur) == 0:
        return [1 % int(p) for p in primes]
    exact = flint.fmpz_mat(schur.tolist() if isinstance(schur, np.ndarray) else schur)
    out = []
    for p in primes:
        out.append(int(flint.nmod_mat(exact, int(p)).det()))
        if progress is not None:
            progress()
    return out


# ---------------------------------------------------------------- driver
METHODS = ("auto", "sweep", "lift", "dissection")


def det(
    matrix: Any,
    *,
    method: str = "auto",
    pairing: Any = None,
    progress: bool = False,
    executor: Executor | None = None,
) -> int:
    """Exact determinant of a square sparse integer matrix, as a Python int.

    Parameters
    ----------
    matrix : scipy.sparse matrix or array_like
        Square, with integer entries of any size.
    method : {"auto", "sweep", "lift", "dissection"}
        ``"sweep"``: the integer sweep and a dense multimodular remainder
        (below).  ``"lift"``: the p-adic divisor on the sweep's structure
        modulo one prime, then the cofactor's few primes (a matrix whose
        entries the compiled kernels cannot take, or whose remainder is
        singular modulo three primes, goes to the sweep).  ``"dissection"``: nested dissection, modulo every prime
        (needs a nonzero diagonal or a ``pairing``; a matrix with a singular
        leading block in its order, which its fixed pivots cannot pass, goes
        to the sweep).  ``"auto"``: the p-adic route when the remainder has
        at least ``DIVISOR_MIN`` rows and no executor is given, else the
        sweep (its extra primes by nested dissection when that is cheaper),
        and nested dissection alone when the dense remainder would be too
        large.
    pairing : array of int, optional
        ``pairing[i]`` a column with ``matrix[i, pairing[i]] != 0``, distinct
        for distinct rows (a perfect matching of the pattern: for a
        Kasteleyn matrix, a tiling).  Nested dissection eliminates row ``i``
        against column ``pairing[i]``.  By default the diagonal, when it has
        no zero.
    progress : bool
        Draw a progress bar on stderr, with the time left.
    executor : concurrent.futures.Executor, optional
        Batches of primes are submitted to it (a ``ProcessPoolExecutor``, or a
        Dask ``client.get_executor()`` to spread one determinant over a
        cluster): every prime then gets a full determinant, which pays
        off on many workers.  By default the primes run in this process,
        and when ``S`` has at least ``DIVISOR_MIN`` rows an exact solve first
        supplies a proven divisor of ``det S``, which removes most primes.

    Returns
    -------
    int

    Raises
    ------
    LinalgError
        for input that is not a square integer matrix, or a bad ``pairing``.
    MatrixTooLargeError
        when neither method can handle the matrix in memory (a dense
        remainder over the limit and no pairing for nested dissection).

    Notes
    -----
    A sweep reduces ``A`` to a dense ``d x d`` Schur complement ``S`` with
    ``det A = +-det T * det S``, ``T`` triangular with nonzero (preferably
    +-1) pivots.  The p-adic route lifts ``A^-1 b`` modulo ``p**k`` with
    ``S`` factored modulo one 21-bit prime: O(n d + d^3) word operations
    once, then about ``2.4 bits / 20`` steps of O(nnz + d^2) each (``bits``
    the bound's size), and the cofactor's few primes.  Otherwise ``det S``
    is taken modulo
    word-size primes whose product exceeds twice Hadamard's bound (divided by
    a divisor of ``det S`` found by a p-adic solve when ``S`` is large) and
    recovered by the Chinese remainder theorem (see the module docstring).
    For a matrix of ``n`` rows with bandwidth ``w`` and unit off-diagonal
    entries (grid Laplacians and Kasteleyn matrices) ``d`` is about ``w``: the
    sweep costs O(n w) operations on O(n / w)-bit integers and the primes
    O(n / 64) dense determinants of size ``w``, i.e. O(n w^3 / 64) word
    operations (far fewer after the p-adic divisor: one solve, O(w^3 + n w^2)
    word operations, then the few primes that Hadamard's slack needs),
    against O(n^2 w^2 / 64) for banded elimination modulo every prime.
    Holes and irregular structure make ``d`` grow (about half a row per
    hole); nested dissection (:mod:`tiling.linalg._frontal`) does not care:
    O(n^1.5) operations per 23-bit prime for planar patterns, on stacked
    float64 BLAS products.  Reference: von zur Gathen and Gerhard,
    *Modern Computer Algebra*, 5.5; George (1973) for nested dissection.

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> det(sp.csr_matrix([[2, 1], [1, 3]]))
    5
    >>> det(sp.csr_matrix([[1, 2], [2, 4]]))
    0
    >>> det(sp.csr_matrix([[2, 1], [1, 3]]), method="dissection")
    5
    >>> det(sp.csr_matrix([[2, 1], [1, 3]]), method="lift")
    5
    """
    if not isinstance(method, str):
        raise TypeError(f"det(): method must be one of {METHODS}, not {type(method).__name__}")
    if method not in METHODS:
        raise LinalgError(f"det(): unknown method {method!r}; choose one of {METHODS}")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise TypeError(
            "det(): executor must be a concurrent.futures.Executor (something with "
            f"submit()), not {type(executor).__name__}"
        )
    csr = as_matrix(matrix)
    n = csr.shape[0]
    pairing = _check_pairing(csr, pairing)
    if n == 0:
        return 1
    if (np.diff(csr.indptr) == 0).any():
        return 0  # a zero row
    if pairing is None and (csr.diagonal() != 0).all():
        pairing = np.arange(n)
    if method == "dissection":
        if pairing is None:
            raise LinalgError(
                "det(): method='dissection' eliminates each row against a paired column; "
                "this matrix has a zero on its diagonal, so pass pairing= (a perfect matching)"
            )
        value = _run_dissection(csr, pairing, _bound_square(csr)[0], progress, executor)
        if value is not None:
            return value
        # a singular leading block in the dissection order: the sweep handles any matrix
    plan = best_plan(csr)
    if plan is None:
        return 0  # a zero column
    if plan.d > MAX_DENSE:
        if method == "auto" and pairing is not None:
            value = _run_dissection(csr, pairing, _bound_square(csr)[0], progress, executor)
            if value is not None:
                return value
        raise MatrixTooLargeError(
            f"exact determinant: the sweep can pivot on only {n - plan.d} of {n} rows, "
            f"leaving a dense {plan.d} x {plan.d} remainder (limit {MAX_DENSE}); the matrix "
            "is too far from banded"
            + ("" if pairing is not None else " (and has no pairing for nested dissection)")
        )
    nd = (csr, pairing) if method == "auto" and pairing is not None else None
    bound_square, tight = _bound_square(csr, plan.d)
    sharpened = False
    if not tight and plan.d >= DIVISOR_MIN:
        bound_square, tight = _sharpen(csr, plan, bound_square)
        sharpened = tight  # by the Gram bound: A's entries are small, its gram is banded
    if executor is None and (
        method == "lift" or (method == "auto" and _lift_pays(plan, csr, bound_square, tight))
    ):
        if not tight and csr.shape[0] >= FISCHER_MIN:
            from ._fischer import fischer_bound_square

            blocks = fischer_bound_square(csr)
            if blocks is not None:
                bound_square = min(bound_square, blocks)
        value = _run_lift(plan, csr, bound_square, progress, nd, sharp=sharpened)
        if value is not None:
            return value
    return _run_plan(plan, bound_square, progress, executor, nd)


def _lift_pays(plan, csr, bound_square, tight):
    """Whether the p-adic route is predicted faster than the integer sweep's (both routes
    as :mod:`._cost` models them; ``tight``: the bound has no slack)."""
    from . import _dixon
    from ._cost import lift_route_seconds, sweep_route_seconds

    if plan.d < DIVISOR_MIN or not _dixon.applicable(csr):
        return False
    n, bits, slack = csr.shape[0], bound_square.bit_length() / 2, 0.01 if tight else 0.22
    return lift_route_seconds(n, csr.nnz, plan.d, bits, slack) < sweep_route_seconds(
        n, csr.nnz, plan.d, bits, True, slack
    )


#: Matrices with fewer rows take Hadamard's bound as it is (its slack costs little).
MMATRIX_MIN = 200
#: From this many rows on (with a dense remainder worth a p-adic divisor) a matrix that
#: is not an M-matrix gets Fischer's block bound (:mod:`._fischer`): the primes for the
#: slack of Hadamard's bound cost more than the blocks.
FISCHER_MIN = 4000


def _bound_square(csr, d=None):
    """``(B, tight)``: a proven ``B >= det(A)**2``, Hadamard's, or for a diagonally
    dominant symmetric matrix (a reduced Laplacian) the far tighter bound of one banded
    Cholesky factorisation (:mod:`._gram`), or failing that the floating-point enclosure
    of :mod:`._mmatrix` (then ``tight``).  The p-adic route may tighten a loose one with
    Fischer's inequality on blocks of rows (:mod:`._fischer`)."""
    best = hadamard_square(csr)
    if csr.shape[0] >= MMATRIX_MIN and (d is None or d >= DIVISOR_MIN):
        from ._gram import dominant_bound_square
        from ._mmatrix import bound_square

        # one banded Cholesky factorisation (a fraction of the enclosure's time), else the
        # enclosure, which needs no bandwidth
        tight = dominant_bound_square(csr)
        if tight is None:
            tight = bound_square(csr)
        if tight is not None:
            return min(best, tight), True
    return best, False


def _sharpen(csr, plan, bound_square):
    """``(B, tight)``: the Gram bound of :mod:`._gram` in place of a loose ``bound_square``
    when its factorisation is predicted cheaper than the primes and lifting steps that the
    loose bound's slack costs (the cost models of :mod:`._cost`), else the bound as it is."""
    from ._cost import sharpening_pays
    from ._gram import GRAM_MAX_WORK, gram_band, gram_bound_square

    n = csr.shape[0]
    if n < GRAM_MIN:
        return bound_square, False
    band = gram_band(csr)
    if band is None or n * float(band[2]) ** 2 > GRAM_MAX_WORK:
        return bound_square, False
    if not sharpening_pays(n, csr.nnz, plan.d, bound_square.bit_length() / 2, band[2]):
        return bound_square, False
    sharp = gram_bound_square(csr, band)
    if sharp is None:
        return bound_square, False
    return min(bound_square, sharp), True


def _check_pairing(csr, pairing):
    """``pairing`` as a checked int array (a perfect matching of the pattern), or None."""
    if pairing is None:
        return None
    n = csr.shape[0]
    try:
        arr = np.asarray(pairing)
    except (TypeError, ValueError):
        arr = None
    if (
        arr is None
        or arr.ndim != 1
        or arr.dtype == bool
        or not np.issubdtype(arr.dtype, np.integer)
    ):
        raise LinalgError("det(): pairing must be a 1-d array of column indices")
    arr = arr.astype(np.int64)
    if len(arr) != n or (n and (arr.min() < 0 or arr.max() >= n)) or len(np.unique(arr)) != n:
        raise LinalgError(f"det(): pairing must list each of the {n} columns once")
    rows = np.repeat(np.arange(n), np.diff(csr.indptr))
    hit = np.zeros(n, dtype=bool)
    hit[rows[csr.indices == arr[rows]]] = True
    if not hit.all():
        i = int(np.flatnonzero(~hit)[0])
        raise LinalgError(f"det(): pairing pairs row {i} with column {int(arr[i])}, a zero entry")
    return arr


def _run_dissection(csr, pairing, bound_square, progress, executor):
    """``det A`` by nested dissection modulo 23-bit primes (batches on ``executor``).

    None when almost every prime fails: some leading block of the order is
    singular over the integers (never for Laplacians of connected graphs or
    Kasteleyn matrices paired by a tiling, whose leading blocks count
    spanning forests and tilings of subregions; possible for other matrices).
    """
    from ._cost import dissection_prime_seconds
    from ._frontal import FLOAT_PRIME_BITS, build_schedule

    schedule = build_schedule(csr, pairing)
    target = 4 * bound_square
    count = (target.bit_length() + 1) // 2 // (FLOAT_PRIME_BITS - 1) + 2
    expected = count * dissection_prime_seconds(csr.shape[0], csr.nnz)
    label = "determinant (nested dissection)"
    with Progress(count, label, enabled=progress, expected=expected) as bar:
        primes, values = _nd_residues(schedule, csr.data, 1, target, bar.update, executor)
    if not primes:
        return None  # a vanishing pivot block for every prime: singular leading block
    return crt(values, primes)


def _nd_residues(schedule, data, avoid, target, progress, executor):
    """Residues of ``det A`` modulo 23-bit primes not dividing ``avoid``, until their
    product squared exceeds ``target``; failed primes are replaced."""
    from ._frontal import BATCH, FLOAT_PRIME_BITS, residues

    primes, values, offered, failures = [], [], 0, 0
    while product(primes) ** 2 <= target:
        need = (target.bit_length() + 1) // 2 - product(primes).bit_length()
        want = max(1, need // (FLOAT_PRIME_BITS - 1) + 1)
        fresh = [p for p in primes_below(FLOAT_PRIME_BITS, offered + want)[offered:] if avoid % p]
        offered += want
        if executor is None or len(fresh) <= BATCH:
            got = residues(schedule, data, fresh, progress)
        else:
            got = _map_batches(executor, schedule, data, fresh, progress)
        for p, r in zip(fresh, got):
            if r is None:
                failures += 1
            else:
                primes.append(p)
                values.append(r)
        if failures > 2 * BATCH and failures > len(primes):
            return [], []  # almost every prime fails: a singular leading block
    return primes, values


def _map_batches(executor, schedule, data, primes, progress):
    from ._frontal import BATCH, residues

    batches = [primes[i : i + BATCH] for i in range(0, len(primes), BATCH)]
    futures = {executor.submit(residues, schedule, data, b): k for k, b in enumerate(batches)}
    results = {}
    for fut in as_completed(futures):
        k = futures[fut]
        results[k] = fut.result()
        if progress is not None:
            progress(len(batches[k]))
    return [r for k in range(len(batches)) for r in results[k]]


def _run_plan(plan, bound_square, progress, executor, nd=None):
    from ._cost import plan_seconds

    levels = max(len(plan.levels), 1)
    expected_primes = bound_square.bit_length() // (2 * PRIME_BITS - 2) + 1
    n = sum(len(lv["def_slots"]) + len(lv["con_rows"]) for lv in plan.levels)
    expected = plan_seconds(
        n, 4 * n, plan.d, bound_square.bit_length() / 2, executor is None, slack=0.22
    )
    with Progress(
        levels + expected_primes, "determinant", enabled=progress, expected=expected
    ) as bar:
        schur, denominator = _sweep(plan, progress=bar.update)
        # det A = sign * det T * det S_num / denominator, and det S_num = q * divisor
        divisor = 1
        if executor is None and plan.d >= DIVISOR_MIN:
            divisor = _det_divisor(schur)
        # |q| <= sqrt(bound_square) * denominator / (|det T| * divisor)
        target = 4 * bound_square * denominator**2
        scale = (plan.pivot_product * divisor) ** 2
        q_target = -(-target // scale)
        if nd is not None and _dissection_pays(plan.d, nd[0], q_target):
            # the remaining primes by nested dissection of A itself: det A mod p
            # gives q mod p = det A * denominator / (sign * det T * divisor)
            from ._frontal import build_schedule

            csr, pairing = nd
            schedule = build_schedule(csr, pairing)
            unit = plan.sign * plan.pivot_product * divisor
            primes, values = _nd_residues(
                schedule, csr.data, unit * denominator, q_target, bar.update, executor
            )
            residues = [v * denominator * pow(unit % p, -1, p) % p for v, p in zip(values, primes)]
            if primes:
                q = crt(residues, primes)
                return _assemble(plan, q, divisor, denominator)
        primes = _good_primes(divisor, q_target)
        if executor is None or len(primes) < 2:
            residues = _residues(schur, primes, progress=bar.update)
        else:
            residues = _map_primes(executor, schur, primes, bar)
        bar.update(max(0, expected_primes - len(primes)))
    q = crt([r * pow(divisor % p, -1, p) % p for r, p in zip(residues, primes)], primes)
    return _assemble(plan, q, divisor, denominator)


def _run_lift(plan, csr, bound_square, progress, nd, sharp=False):
    """``det A`` from a p-adic divisor (:mod:`._dixon`) and the few primes left, or None
    when the modular kernels cannot take the matrix (the caller's sweep then runs)."""
    from . import _dixon
    from ._cost import lift_plan_seconds

    if not _dixon.applicable(csr):
        return None
    n = csr.shape[0]
    bits = bound_square.bit_length() / 2
    expected = lift_plan_seconds(n, csr.nnz, plan.d, bits)
    with Progress(64, "determinant (p-adic)", enabled=progress, expected=expected) as bar:
        from ._mmatrix import inverse_row_sum_bound

        # an M-matrix's inverse is bounded cheaply: its numerators are then as short as
        # its determinant, not Hadamard's bound of the bordered matrix (a sixth fewer steps)
        inverse_norm = inverse_row_sum_bound(csr) if n >= MMATRIX_MIN else None
        # a sharp bound from Gram's factorisation: the numerator gets one as sharp when
        # the lifting solves for one entry against a right-hand side on its column's rows
        border = _dixon.sparse_border(csr) if sharp and inverse_norm is None else None
        # lifting modulo two primes at once halves the steps (unit pivots, small rows)
        pairs = _dixon.pair_applicable(plan, csr)
        lifting = primes_below(_dixon.LIFT_PRIME_BITS, 6)
        candidates = list(zip(lifting[::2], lifting[1::2])) if pairs else lifting[:3]
        got = None
        for p in candidates:
            got = _dixon.lift_divisor(
                plan, csr, bound_square, p, inverse_norm=inverse_norm, border=border
            )
            if got is not None:
                break
        if got is None:
            return None  # S singular modulo three primes: very likely det A = 0; the sweep decides
        divisor, det_mod = got
        m = math.prod(p) if pairs else p  # the lifting modulus: det A is known modulo m
        bar.update(32)
        # |q| <= sqrt(bound_square) / divisor for the cofactor q = det A / divisor
        q_bound = math.isqrt(bound_square) // divisor + 1
        if 2 * q_bound < m:
            q = det_mod * pow(divisor % m, -1, m) % m
            return divisor * (q - m if 2 * q > m else q)
        q_target = 4 * q_bound * q_bound
        primes, residues = [m], [det_mod]
        if _dense_residues_pay(plan.d, q_target):
            # many primes: the integer sweep and flint's 62-bit dense determinants
            schur, denominator = _sweep(plan)
            unit = plan.sign * plan.pivot_product
            more = _good_primes(divisor * denominator * unit, q_target)
            got = _residues(schur, more)
            primes += more
            residues += [
                r * unit * pow(denominator % ell, -1, ell) % ell for r, ell in zip(got, more)
            ]
        else:
            used = 6 if pairs else 3  # the lifting's candidates
            fresh = primes_below(_dixon.LIFT_PRIME_BITS, used + int(q_target.bit_length() / 20) + 2)
            for ell in fresh[used:]:
                if product(primes) ** 2 > q_target:
                    break
                value = _dixon.det_mod(plan, csr, ell)
                if value is not None:
                    primes.append(ell)
                    residues.append(value)
        if product(primes) ** 2 <= q_target:
            return None
        q = crt([r * pow(divisor % ell, -1, ell) % ell for r, ell in zip(residues, primes)], primes)
        return divisor * q


#: Beyond this many bits of cofactor (Hadamard's slack, for matrices without a tight
#: bound) its primes come from the integer sweep and 62-bit dense determinants.
COFACTOR_SWEEP_BITS = 150


def _dense_residues_pay(d, q_target):
    """Whether the cofactor's primes are cheaper through the integer sweep (once) and
    62-bit dense determinants than through a modular sweep per 31-bit prime."""
    return q_target.bit_length() / 2 > COFACTOR_SWEEP_BITS


def _assemble(plan, q, divisor, denominator):
    value, remainder = divmod(plan.sign * plan.pivot_product * q * divisor, denominator)
    if remainder:  # cannot happen: det A is an integer
        raise AssertionError("exact determinant: inexact division")
    return value


def _dissection_pays(d, csr, q_target):
    """Whether the remaining primes are cheaper by nested dissection than dense modulo 62 bits."""
    from ._cost import dense_prime_seconds, dissection_prime_seconds

    if q_target.bit_length() < 4 * (2 * PRIME_BITS):  # one or two dense primes
        return False
    per_bit_dense = dense_prime_seconds(d) / (PRIME_BITS - 1)
    per_bit_nd = dissection_prime_seconds(csr.shape[0], csr.nnz) / 22
    return per_bit_nd < per_bit_dense


def _det_divisor(schur):
    """A divisor of ``det(schur)``: the common denominator of ``schur^-1 b``.

    By Cramer's rule every entry of ``schur^-1 b`` is a fraction over
    ``det(schur)``, so the least common multiple ``D`` of their denominators
    divides it; for a random integer ``b`` it is almost always the largest
    invariant factor, nearly all of ``det(schur)``, so ``det(schur) / D`` needs
    only a prime or two.  The solve is python-flint's exact rational solver
    (p-adic lifting, Dixon 1982).  Returns 1 if the matrix looks singular
    (then the residues settle it).
    """
    import flint

    d = len(schur)
    rng = np.random.default_rng(d)
    rhs = flint.fmpz_mat(d, 1, [int(v) for v in rng.integers(-(2**20), 2**20, d)])
    try:
        solution = flint.fmpz_mat(schur.tolist()).solve(rhs)
    except ZeroDivisionError:
        return 1
    divisor = 1
    for entry in solution.entries():
        den = int(entry.q)
        divisor = divisor * den // math.gcd(divisor, den)
    return divisor


def _good_primes(avoid, target):
    """Primes not dividing ``avoid`` whose product squared exceeds ``target``."""
    count = max(1, (target.bit_length() // 2 + 2) // (PRIME_BITS - 1) + 1)
    while True:
        primes = [p for p in primes_below(PRIME_BITS, count) if avoid % p]
        if product(primes) ** 2 > target:
            return primes
        count += max(1, count // 8)


def _map_primes(executor, schur, primes, bar):
    """Residues for ``primes``, computed in batches on ``executor``."""
    n_batches = min(len(primes), 4 * max(1, getattr(executor, "_max_workers", 4) or 4))
    size = -(-len(primes) // n_batches)
    batches = [primes[i : i + size] for i in range(0, len(primes), size)]
    rows = schur.tolist()
    futures = {executor.submit(_residues, rows, batch): k for k, batch in enumerate(batches)}
    results = {}
    for fut in as_completed(futures):
        k = futures[fut]
        results[k] = fut.result()
        bar.update(len(batches[k]))
    return [r for k in range(len(batches)) for r in results[k]]
