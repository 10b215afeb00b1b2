"""Exceptions raised by :mod:`tiling`.

Wrong *types* (a string where a Region is expected, a float where an integer
is) raise Python's own :class:`TypeError`.  Wrong *values* raise a
:class:`TilingError`, a subclass of :class:`ValueError`, with a one-line
message that says what is wrong and where (line and column for text input,
the cell for coordinates).  Two subclasses name situations a program may want
to handle: :class:`TooLargeError` (a method cannot handle this input; the
message names one that can) and :class:`NoTilingError` (the region has no
tiling; the error carries the checked proof).
"""

from __future__ import annotations

from typing import Any

__all__ = ["TilingError", "ParseError", "TooLargeError", "NoTilingError"]


class TilingError(ValueError):
    """Bad input for a tiling computation (region, cells, tiling, method)."""


class ParseError(TilingError):
    """Text that is not an ASCII region.

    ``line`` and ``column`` count from 1, as in a text editor.
    """

    def __init__(self, message: str, line: int | None = None, column: int | None = None):
        self.line = line
        self.column = column
        if line is not None and column is not None:
            message = f"line {line}, column {column}: {message}"
        super().__init__(message)


class TooLargeError(TilingError):
    """A method cannot handle this input within its time or memory budget.

    The message names the limit and the methods that can handle the input;
    ``method="auto"`` never raises it where another method would do.
    """


class NoTilingError(TilingError):
    """The region has no domino tiling; :attr:`certificate` proves it.

    Raised by :func:`tiling.find` and :func:`tiling.sample`.  The certificate
    (a :class:`tiling.Certificate` of kind ``"parity"``, ``"color"`` or
    ``"hall"``) has been checked by its independent :meth:`~tiling.Certificate.verify`
    before the error is raised; ``err.certificate.explain()`` says why in words.

    Examples
    --------
    >>> import tiling
    >>> try:
    ...     tiling.find(tiling.examples.mutilated_chessboard())
    ... except tiling.NoTilingError as err:
    ...     print(err.certificate.kind, err.certificate.deficiency)
    color 2
    """

    def __init__(self, certificate: Any, what: str = "the region"):
        self.certificate = certificate
        super().__init__(
            f"{what} has no domino tiling ({certificate.kind} certificate: "
            f"{_reason(certificate)}; see err.certificate.explain())"
        )


def _reason(cert: Any) -> str:
    s, n = len(cert.cells), len(cert.neighbors)
    if cert.kind == "parity":
        return f"a connected piece of {s} cell{'s' if s != 1 else ''}, an odd number"
    if cert.kind == "color":
        return f"a piece with {s} cells of one colour and {n} of the other"
    return f"{s} cells of one colour touch only {n} cells"
