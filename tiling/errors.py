"""Exceptions raised by :mod:`tiling`.

Every error a user can cause by bad input is a :class:`TilingError`, a subclass
of :class:`ValueError`, with a one-line message that says what is wrong and
where (row and column for text input, the cell for coordinates).
"""

__all__ = ["TilingError", "ParseError", "TooLargeError"]


class TilingError(ValueError):
    """Bad input for a tiling computation (region, cells, tiling, method)."""


class ParseError(TilingError):
    """Text that is not an ASCII region.

    ``line`` and ``column`` count from 1, as in a text editor.
    """

    def __init__(self, message, line=None, column=None):
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
