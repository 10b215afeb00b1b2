"""Hadamard's bound on a determinant, in exact integer arithmetic.

It fixes how many primes the multimodular determinant needs: a proof, never
a floating-point estimate.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ._matrix import as_matrix
from .primes import balanced_product

__all__ = ["hadamard_bound_bits", "hadamard_square"]


def _square_norms(mat):
    """Exact squared 2-norms of the rows of ``mat``, as Python ints."""
    if mat.dtype != object and (mat.nnz == 0 or int(np.abs(mat.data).max()) < 2**20):
        sq = mat.data * mat.data  # < 2^40 each, and fewer than 2^23 per row
        sums = np.zeros(mat.shape[0], dtype=np.int64)
        np.add.at(sums, np.repeat(np.arange(mat.shape[0]), np.diff(mat.indptr)), sq)
        return sums.tolist()
    data = [int(v) ** 2 for v in mat.data.tolist()]
    ptr = mat.indptr.tolist()
    return [sum(data[ptr[i] : ptr[i + 1]]) for i in range(mat.shape[0])]


def _is_diagonally_dominant_symmetric(mat):
    """Symmetric, non-negative diagonal, each diagonal entry >= the rest of its row.

    Such a matrix is positive semidefinite (Gershgorin), so Hadamard's
    inequality for PSD matrices bounds its determinant by the diagonal product.
    """
    if mat.dtype == object or (mat.nnz and int(np.abs(mat.data).max()) >= 2**40):
        return False
    csr = mat.scipy()
    if (csr != csr.T).nnz:
        return False
    absolute = abs(csr)
    row_abs = np.asarray(absolute.sum(axis=1)).ravel()  # < 2^40 * 2^23: exact in int64
    diag = csr.diagonal()
    return bool(np.all(diag >= 0) and np.all(2 * diag >= row_abs))


def hadamard_square(mat: Any) -> int:
    """An integer ``B`` with ``det(mat)^2 <= B``, proven.

    Hadamard: ``|det A| <= prod`` of row 2-norms, and likewise of column 2-norms;
    the squared norms are exact integers, so the products are exact.  For a
    symmetric diagonally dominant matrix with a non-negative diagonal (a
    Laplacian) det <= prod of the diagonal, which is sharper.
    """
    if not (hasattr(mat, "indptr")):  # input check (issue 21)
        raise TypeError(
            f"hadamard_square() needs a sparse matrix in CSR form, not {type(mat).__name__}"
        )
    # the norms are exact Python ints already: no per-value check (product() checks input)
    best = min(
        balanced_product(_square_norms(mat), 1),
        balanced_product(_square_norms(mat.transpose()), 1),
    )
    if _is_diagonally_dominant_symmetric(mat):
        best = min(best, balanced_product([int(v) ** 2 for v in mat.diagonal()], 1))
    return best


def hadamard_bound_bits(matrix: Any) -> int:
    """Bits ``b`` with ``|det(matrix)| <= 2**b``, from Hadamard's inequality.

    The bound is the smaller of the products of the row and column 2-norms
    (and of the diagonal, for symmetric diagonally dominant matrices with a
    non-negative diagonal), computed in exact integer arithmetic and rounded
    up: a proof, not a floating-point estimate.

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> hadamard_bound_bits(sp.identity(5, dtype=int, format="csr"))
    0
    >>> hadamard_bound_bits(sp.csr_matrix([[1, 1], [1, -1]]))
    1
    """
    square = hadamard_square(as_matrix(matrix, "hadamard_bound_bits()"))
    # |det| <= sqrt(square) <= 2**ceil(log2(square) / 2)
    bits = (square - 1).bit_length() if square > 1 else 0
    return (bits + 1) // 2
