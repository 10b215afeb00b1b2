"""Exact linear algebra over the integers: determinants, primes, the CRT, Hadamard's bound.

Lattice-neutral: nothing here imports the tiling model, so the engine serves
Kasteleyn matrices, graph Laplacians and any other sparse integer matrix.
Errors are its own (:class:`LinalgError`, :class:`MatrixTooLargeError`).
"""

from .._lazy import attach

__getattr__, __dir__, __all__ = attach(
    __name__,
    {
        "det": ".determinant:det",
        "primes_below": ".primes:primes_below",
        "crt": ".primes:crt",
        "balanced_product": ".primes:balanced_product",
        "hadamard_bound_bits": ".hadamard:hadamard_bound_bits",
        "sweep_order": ".ordering:sweep_order",
        "LinalgError": ".errors:LinalgError",
        "MatrixTooLargeError": ".errors:MatrixTooLargeError",
    },
    submodules=["determinant", "primes", "hadamard", "ordering", "errors"],
)
