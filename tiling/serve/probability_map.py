"""Placement probabilities as the explorer sends them: per domino position and per cell.

Everything here is read from :func:`tiling.probabilities`: ``horizontal[r, c]``
is the probability that a uniformly random tiling has the domino on cells
``(r, c), (r, c + 1)``, and ``vertical[r, c]`` the one on ``(r, c), (r + 1, c)``.
A cell is covered by exactly one domino, so its four positions' probabilities
add up to 1, and the probability that it is covered by a vertical domino is
the sum of its two vertical positions: that one number per cell is what the
page colours, on a scale from "always horizontal" to "always vertical".
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

__all__ = ["cell_vertical", "describe", "fraction_text", "COLORMAP", "COLORMAP_RANGE"]

#: The colour map of the page's probability view (matplotlib's name): a
#: diverging map, one hue for "horizontal", another for "vertical", pale in
#: between, so frozen regions stand out from the disordered one.
COLORMAP = "PuOr"

#: The part of :data:`COLORMAP` used, from probability 0 to 1 (its darkest
#: ends would hide the squared paper's lines and the numbers).
COLORMAP_RANGE = (0.2, 0.8)


def cell_vertical(vertical: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    """The probability that each cell is covered by a vertical domino.

    Parameters
    ----------
    vertical : numpy.ndarray
        ``(rows - 1, cols)`` probabilities of the vertical positions (floats
        or :class:`~fractions.Fraction` objects).
    shape : (int, int)
        ``(rows, cols)``, the region's mask shape.

    Returns
    -------
    numpy.ndarray
        ``(rows, cols)``: ``vertical[r - 1, c] + vertical[r, c]`` (the
        positions above and below the cell), of the same kind as ``vertical``.

    Examples
    --------
    >>> cell_vertical(np.array([[0.5, 0.25]]), (2, 2))
    array([[0.5 , 0.25],
           [0.5 , 0.25]])
    """
    rows, cols = shape
    out = np.zeros((rows, cols), dtype=vertical.dtype)
    if rows > 1:
        out[:-1] += vertical  # the position below the cell
        out[1:] += vertical  # the one above it
    return out


def fraction_text(x: Any) -> str:
    """An exact probability as text: ``"3/8"``, ``"0"``, ``"1"``.

    >>> fraction_text(Fraction(6, 16)), fraction_text(Fraction(1))
    ('3/8', '1')
    """
    return str(Fraction(x))


def _rows(values: np.ndarray, keep: np.ndarray, convert) -> list:
    """``values`` as JSON rows: ``convert(value)`` where ``keep``, ``None`` (null) elsewhere."""
    return [
        [convert(v) if k else None for v, k in zip(row, keep_row)]
        for row, keep_row in zip(values.tolist(), keep.tolist())
    ]


def describe(region: Any, horizontal: Any, vertical: Any, *, exact: bool = False) -> dict:
    """The ``probabilities`` answer for a tileable region.

    Parameters
    ----------
    region : Region
    horizontal, vertical : numpy.ndarray
        :func:`tiling.probabilities` of ``region``: shapes ``(rows, cols - 1)``
        and ``(rows - 1, cols)``, floats, or fractions with ``exact=True``.
    exact : bool
        Whether the arrays hold fractions; the answer then carries them as text too.

    Returns
    -------
    dict
        ``shape`` (``[rows, cols]``, the region's mask), ``horizontal`` and
        ``vertical`` (rows of numbers, ``None`` (JSON null) where a cell of the
        position is not in the region), ``cell_vertical`` (rows of ``rows x cols``
        numbers: the probability that the cell is covered by a vertical
        domino, ``None`` off the region) and, with ``exact``, ``fractions``:
        the same three as ``"p/q"`` strings.

    Examples
    --------
    >>> from tiling import Region
    >>> a = describe(Region.rectangle(2, 2), np.full((2, 1), 0.5), np.full((1, 2), 0.5))
    >>> a["horizontal"], a["vertical"], a["cell_vertical"]
    ([[0.5], [0.5]], [[0.5, 0.5]], [[0.5, 0.5], [0.5, 0.5]])
    """
    mask = np.asarray(region.mask, dtype=bool)
    rows, cols = mask.shape
    horizontal, vertical = np.asarray(horizontal), np.asarray(vertical)
    expected = {"horizontal": (rows, max(cols - 1, 0)), "vertical": (max(rows - 1, 0), cols)}
    for name, values in (("horizontal", horizontal), ("vertical", vertical)):
        if values.shape != expected[name]:
            raise AssertionError(
                f"tiling.probabilities gave {name} of shape {values.shape} for a region "
                f"of mask shape {mask.shape}; expected {expected[name]}"
            )
    keep_h = mask[:, :-1] & mask[:, 1:]
    keep_v = mask[:-1, :] & mask[1:, :]
    per_cell = cell_vertical(vertical, (rows, cols))
    answer = {
        "shape": [rows, cols],
        "horizontal": _rows(horizontal, keep_h, float),
        "vertical": _rows(vertical, keep_v, float),
        "cell_vertical": _rows(per_cell, mask, float),
    }
    if exact:
        answer["fractions"] = {
            "horizontal": _rows(horizontal, keep_h, fraction_text),
            "vertical": _rows(vertical, keep_v, fraction_text),
            "cell_vertical": _rows(per_cell, mask, fraction_text),
        }
    return answer
