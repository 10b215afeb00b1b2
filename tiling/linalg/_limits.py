"""The determinant engine's size constants, apart from the engine.

Kept in a module without imports, so that cost models (Kasteleyn's
``estimated_seconds``, asked for every region by ``method="auto"``) can read
them without importing the engine and scipy's graph routines.
"""

__all__ = ["PRIME_BITS", "MAX_DENSE", "DIVISOR_MIN", "GRAM_MIN"]

#: Size of the primes: nmod_mat works modulo any word-size integer.
PRIME_BITS = 62
#: Largest dense remainder attempted: d^2 big integers must fit in memory.
MAX_DENSE = 4000
#: From this size of dense remainder on (and without an executor) a p-adic
#: solve finds most of its determinant, leaving a prime or two to compute.
DIVISOR_MIN = 24
#: From this many rows on, a matrix without a tight bound (not a reduced Laplacian) may
#: get the Gram bound (:mod:`tiling.linalg._gram`) when the slack's cost predicts it pays.
GRAM_MIN = 1000
