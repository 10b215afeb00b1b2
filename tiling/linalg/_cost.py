"""Cost models of the determinant engine's stages, in seconds (cheap to evaluate).

Constants were measured on the development machine (2 cores, shared; numpy
with OpenBLAS, python-flint 0.9).  They let the engine choose between its
methods and let the counting methods predict their run time; each model is
a formula in the matrix's size, never a trial run.
"""

from __future__ import annotations

import math

__all__ = [
    "det_seconds",
    "sharpening_pays",
    "plan_seconds",
    "dense_prime_seconds",
    "divisor_seconds",
    "dissection_prime_seconds",
    "sweep_seconds",
]


def dense_prime_seconds(d: float) -> float:
    """One dense ``d x d`` determinant modulo a 62-bit prime (flint ``nmod_mat``)."""
    return 2e-4 + 1e-7 * d * d + 3.2e-10 * d**3


def divisor_seconds(d: float, bits: float, entry_bits: float) -> float:
    """The p-adic solve of a dense ``d x d`` system whose determinant has ``bits`` bits
    and whose entries have about ``entry_bits`` bits (python-flint's Dixon solver)."""
    # its LU and set-up (fitted: 1.7 s at d = 469, 0.08 s at d = 136), then about
    # 2 bits / 60 lifting steps, each a product with the big-integer matrix
    words = max(1.0, entry_bits / 64.0)
    steps = 2.0 * bits / 60.0
    return 5e-3 + 1.2e-8 * d**3 + 1e-9 * steps * d * d * words


def sweep_seconds(n: float, d: float, entry_bits: float) -> float:
    """The integer sweep over ``n`` rows, vectors of up to ``d`` entries of ``entry_bits`` bits."""
    words = max(1.0, entry_bits / 64.0)
    return 1e-3 + 2e-6 * n + 1.5e-7 * n * d * words**0.5


def dissection_prime_seconds(n: float, nnz: float) -> float:
    """Nested dissection of an ``n``-row planar pattern modulo one 23-bit prime (stacked BLAS).

    Per prime, the fronts hold about 160 n entries (measured on grids with
    holes and on Delaunay triangulations) and are touched by some twenty
    vectorised passes.
    """
    return 2e-3 + 3.5e-6 * n * max(1.0, math.log2(max(n, 2.0)) / 12.0) * (nnz / max(n, 1.0)) / 4.0


def det_seconds(matrix) -> float:
    """Predicted seconds of :func:`tiling.linalg.det` on ``matrix`` (plans the sweep: O(m log n)).

    The sweep's dense remainder ``d`` and Hadamard's bound fix the stages:
    the sweep, the p-adic divisor (when ``d >= DIVISOR_MIN``), then the
    primes for Hadamard's slack (dense, or by nested dissection when that
    is cheaper), or the Gram bound that removes them; without a divisor
    every prime.
    """
    from ._matrix import as_matrix
    from ._plan import best_plan
    from .hadamard import hadamard_square

    csr = as_matrix(matrix, "estimated_seconds()")
    n = csr.shape[0]
    if n == 0:
        return 1e-5
    plan = best_plan(csr)
    if plan is None:
        return 1e-3
    bits = hadamard_square(csr).bit_length() / 2
    from ._mmatrix import mmatrix_parts

    tight = mmatrix_parts(csr) is not None  # Laplacians: a proven bound without slack
    band = None
    if not tight:
        from ._gram import gram_band

        got = gram_band(csr)
        band = None if got is None else got[2]
    return plan_seconds(n, csr.nnz, plan.d, bits, slack=0.01 if tight else 0.22, band=band)


def plan_seconds(
    n: float,
    nnz: float,
    d: float,
    bits: float,
    divisor: bool = True,
    slack: float = 0.22,
    entry_bits: float | None = None,
    band: float | None = None,
) -> float:
    """Predicted seconds of the determinant once the sweep is planned (see :func:`det_seconds`).

    ``n`` rows, ``nnz`` entries, a dense remainder of order ``d``, a bound of
    ``bits`` bits on the determinant of which a fraction ``slack`` is slack
    (Hadamard's bound over a planar count: about a fifth); ``divisor``
    whether the p-adic divisor is tried; ``entry_bits`` the size of the
    sweep's integers (about 3.5 bits per level; by default 3.5 n / d);
    ``band`` the bandwidth of ``A^T A`` when the Gram bound applies (small
    entries; see :func:`sharpening_pays`).
    """
    from ._limits import DIVISOR_MIN, MAX_DENSE

    nd_prime = dissection_prime_seconds(n, nnz)
    if d > MAX_DENSE:
        return bits / 22 * nd_prime
    if entry_bits is None:
        entry_bits = 3.5 * n / max(d, 1.0)
    if not (divisor and d >= DIVISOR_MIN):
        return sweep_route_seconds(n, nnz, d, bits, divisor, slack, entry_bits)
    # det() sharpens the bound first (Gram's, when ``band`` is known and it pays: the
    # slack's primes are gone), then takes the cheaper route
    if band is None or not sharpening_pays(n, nnz, d, bits, band, slack):
        return min(
            sweep_route_seconds(n, nnz, d, bits, divisor, slack, entry_bits),
            lift_route_seconds(n, nnz, d, bits, slack, entry_bits),
        )
    from ._gram import gram_seconds

    sharp = bits * (1.0 - slack)
    gram = gram_seconds(n, band)
    sweep = sweep_route_seconds(n, nnz, d, sharp, divisor, 0.01, entry_bits)
    if lift_route_seconds(n, nnz, d, sharp, 0.01, entry_bits) >= sweep:  # as det() decides
        return gram + sweep
    # the lifting's numerator gets a second Gram bound, as sharp, and a matrix with small
    # entries (this estimate's clients: Kasteleyn's) is lifted modulo two primes at once
    return 2 * gram + lift_route_seconds(
        n, nnz, d, sharp, 0.01, entry_bits, numerator_bits=sharp, pair=True
    )


def sharpening_pays(
    n: float, nnz: float, d: float, bits: float, band: float, slack: float = 0.22
) -> bool:
    """Whether the Gram bound (:mod:`tiling.linalg._gram`, bandwidth ``band``) is worth its
    factorisation: predicted at most a quarter of the cheaper route with the loose bound
    (whose slack, a fifth of the bits, costs that route far more)."""
    from ._gram import gram_seconds
    from ._limits import GRAM_MIN

    if n < GRAM_MIN or slack <= 0.05:
        return False
    loose = min(
        lift_route_seconds(n, nnz, d, bits, slack),
        sweep_route_seconds(n, nnz, d, bits, True, slack),
    )
    return gram_seconds(n, band) <= 0.25 * loose


def lift_route_seconds(
    n: float,
    nnz: float,
    d: float,
    bits: float,
    slack: float = 0.22,
    entry_bits=None,
    numerator_bits=None,
    pair: bool = False,
) -> float:
    """Predicted seconds of the p-adic route: the divisor (:func:`lift_plan_seconds`),
    then the cofactor's primes for the bound's slack (Fischer's block bound, at about
    40 microseconds a row, halves Hadamard's slack on large matrices)."""
    from ._limits import PRIME_BITS

    if entry_bits is None:
        entry_bits = 3.5 * n / max(d, 1.0)
    seconds = lift_plan_seconds(n, nnz, d, bits, numerator_bits, pair)
    if slack > 0.05 and n >= 4000:
        seconds += 4e-5 * n
        slack /= 2
    extra = slack * bits
    if extra > 150:  # through the integer sweep and 62-bit dense determinants
        seconds += sweep_seconds(n, d, entry_bits)
        seconds += extra / (PRIME_BITS - 1) * dense_prime_seconds(d)
    else:
        seconds += (extra / 20 + 1) * (2e-9 * n * d + 1e-10 * d**3)
    return seconds


def sweep_route_seconds(
    n: float,
    nnz: float,
    d: float,
    bits: float,
    divisor: bool = True,
    slack: float = 0.22,
    entry_bits: float | None = None,
) -> float:
    """Predicted seconds of the integer sweep's route: the sweep, flint's p-adic divisor
    of the integer ``S`` (``d >= DIVISOR_MIN``), then the primes for the slack (dense, or
    by nested dissection when cheaper); without a divisor every prime."""
    from ._limits import DIVISOR_MIN, PRIME_BITS

    nd_prime = dissection_prime_seconds(n, nnz)
    if entry_bits is None:
        entry_bits = 3.5 * n / max(d, 1.0)
    seconds = sweep_seconds(n, d, entry_bits)
    if divisor and d >= DIVISOR_MIN:
        seconds += divisor_seconds(d, bits, entry_bits)
        extra = slack * bits
    else:
        extra = bits
    per_bit = min(dense_prime_seconds(d) / (PRIME_BITS - 1), nd_prime / 22)
    return seconds + extra * per_bit


def lift_plan_seconds(
    n: float,
    nnz: float,
    d: float,
    bits: float,
    numerator_bits: float | None = None,
    pair: bool = False,
) -> float:
    """Predicted seconds of the p-adic route (:mod:`tiling.linalg._dixon`) once the sweep
    is planned: ``S mod p`` (``n d`` word operations), its blocked LU modulo ``p``
    (``d^3 / 3`` multiply-adds in float64, nearly all in BLAS products), and
    ``(bits + numerator_bits) / 20`` lifting steps (the proven bounds on the
    determinant and on the numerator, Hadamard's bound of the bordered matrix, by
    default ``1.4 bits``; 20 bits a step) of one sparse sweep over the rows and a
    forward and a backward triangular solve each.  ``pair``: lifting modulo two primes at once (unit
    pivots), half the steps, with two of everything modular and four solves a step.
    A step's solves stream ``4 d**2`` bytes of float32 factors per prime."""
    if numerator_bits is None:
        numerator_bits = 1.4 * bits
    primes = 2 if pair else 1
    steps = (bits + numerator_bits) / (20.0 * primes) + 2.0
    schur = primes * (2e-3 + 2e-9 * n * d)
    factor = primes * (1e-3 + 1e-10 * d**3)
    # measured: 0.3 ns an entry while the factors stay in cache (8 MiB here), 0.8 ns after
    per_entry = 3e-10 if primes * 4 * d * d <= 8 * 2**20 else 8e-10
    step = 3e-5 + 1.2e-8 * nnz + primes * per_entry * d * d
    return schur + factor + steps * step
