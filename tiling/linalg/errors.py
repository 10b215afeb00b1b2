"""Errors of the exact linear algebra, which knows nothing of tilings."""

__all__ = ["LinalgError", "MatrixTooLargeError"]


class LinalgError(ValueError):
    """Input that is not a square integer matrix (or a bad argument of a helper)."""


class MatrixTooLargeError(LinalgError):
    """The matrix is too far from banded: its dense remainder would not fit in memory."""
