"""Square sparse integer matrices whose entries may be Python ints of any size."""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from .errors import LinalgError

__all__ = ["IntMatrix", "as_matrix"]


class IntMatrix:
    """A square sparse integer matrix in CSR form whose entries may be Python ints.

    scipy.sparse has no object dtype, so entries beyond int64 need this small
    container: ``indptr``, ``indices`` (sorted within rows), ``data`` (int64,
    or object holding Python ints), ``shape``.
    """

    def __init__(self, indptr, indices, data, n):
        self.indptr = np.asarray(indptr, dtype=np.int64)
        self.indices = np.asarray(indices, dtype=np.int64)
        self.data = data
        self.shape = (n, n)
        self.dtype = data.dtype
        self.nnz = len(self.indices)

    def scipy(self, values=None):
        """The scipy CSR matrix with ``values`` (default: the data; int64 only)."""
        values = self.data if values is None else values
        return sp.csr_matrix((values, self.indices, self.indptr), shape=self.shape)

    def pattern(self):
        return self.scipy(np.ones(self.nnz, dtype=np.int8))

    def transpose(self):
        # transpose the positions with scipy, then carry the (maybe object) data along
        moved = self.scipy(np.arange(self.nnz, dtype=np.int64)).T.tocsr()
        moved.sort_indices()
        return IntMatrix(moved.indptr, moved.indices, self.data[moved.data], self.shape[0])

    def rows(self, rows):
        """The submatrix of ``rows`` as (indptr, columns, values) arrays."""
        starts, ends = self.indptr[rows], self.indptr[rows + 1]
        lens = ends - starts
        ptr = np.concatenate([[0], np.cumsum(lens)])
        take = np.arange(ptr[-1]) - np.repeat(ptr[:-1] - starts, lens)
        return ptr, self.indices[take], self.data[take]

    def diagonal(self):
        out = np.zeros(self.shape[0], dtype=self.dtype)
        row_of = np.repeat(np.arange(self.shape[0]), np.diff(self.indptr))
        on = row_of == self.indices
        out[row_of[on]] = self.data[on]
        return out


def as_matrix(matrix, who="det()"):
    """Validate ``matrix`` as a square integer matrix; return an :class:`IntMatrix`."""
    if isinstance(matrix, (str, bytes)):
        raise TypeError(f"{who} needs a square integer matrix, not a {type(matrix).__name__}")
    if sp.issparse(matrix):
        csr = sp.csr_matrix(matrix)
        csr.sum_duplicates()
        if csr.shape[0] != csr.shape[1]:
            raise LinalgError(f"{who} needs a square matrix, got shape {csr.shape}")
        data = csr.data
        if data.dtype == bool:
            raise LinalgError(f"{who} needs integer entries, got dtype bool")
        if not np.issubdtype(data.dtype, np.integer) and data.dtype != object:
            data = _integral_floats(data, who)
        values = _small_or_object(data)
        rows = np.repeat(np.arange(csr.shape[0]), np.diff(csr.indptr))
        return _from_coo(rows, csr.indices, values, csr.shape[0])
    try:
        arr = (
            np.array(matrix, dtype=object)
            if not isinstance(matrix, np.ndarray)
            else np.asarray(matrix)
        )
    except (ValueError, TypeError) as exc:
        raise LinalgError(f"{who} needs a square integer matrix: {exc}") from None
    if arr.ndim != 2 or arr.shape[0] != arr.shape[1]:
        raise LinalgError(f"{who} needs a square 2-d matrix, got shape {arr.shape}")
    if arr.dtype == object:
        flat = arr.ravel().tolist()
        bad = [v for v in flat if not isinstance(v, (int, np.integer)) or isinstance(v, bool)]
        if bad:
            raise LinalgError(f"{who} needs integer entries, got {bad[0]!r}")
        flat = [int(v) for v in flat]
        if all(-(2**62) < v < 2**62 for v in flat):
            arr = np.array(flat, dtype=np.int64).reshape(arr.shape)
        else:
            arr = np.array(flat + [None], dtype=object)[:-1].reshape(arr.shape)
    elif arr.dtype == bool:
        raise LinalgError(f"{who} needs integer entries, got dtype bool")
    elif not np.issubdtype(arr.dtype, np.integer):
        arr = _integral_floats(arr, who)
    rows, cols = np.nonzero(arr)
    return _from_coo(rows, cols, _small_or_object(arr[rows, cols]), arr.shape[0])


def _small_or_object(values):
    """Integer entries as int64 when all lie strictly within +-2**62, else as Python ints.

    The int64 fast paths square and negate entries, so anything near the
    int64 range (such as -2**63, whose absolute value overflows) must go the
    exact object way.
    """
    if values.dtype == object:
        ints = [int(v) for v in values.tolist()]
        if all(-(2**62) < v < 2**62 for v in ints):
            return np.array(ints, dtype=np.int64)
        return np.array(ints + [None], dtype=object)[:-1]
    if values.size and (int(values.min()) <= -(2**62) or int(values.max()) >= 2**62):
        return np.array([int(v) for v in values.tolist()] + [None], dtype=object)[:-1]
    return values.astype(np.int64)


def _integral_floats(values, who):
    values = np.asarray(values)
    if not (
        np.issubdtype(values.dtype, np.floating)
        and np.all(np.isfinite(values))
        and np.all(values == np.round(values))
        and np.all(np.abs(values) < 2**53)
    ):
        raise LinalgError(f"{who} needs integer entries, got dtype {values.dtype}")
    return values.astype(np.int64)


def _from_coo(rows, cols, values, n):
    """Build an :class:`IntMatrix` from coordinates, dropping explicit zeros."""
    keep = np.array([v != 0 for v in values], dtype=bool) if values.dtype == object else values != 0
    rows, cols, values = np.asarray(rows)[keep], np.asarray(cols)[keep], values[keep]
    order = np.lexsort((cols, rows))
    rows, cols, values = rows[order], cols[order], values[order]
    indptr = np.concatenate([[0], np.cumsum(np.bincount(rows, minlength=n))])
    return IntMatrix(indptr, cols, values, n)
