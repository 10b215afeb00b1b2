"""Edge weights on a region: one weight per domino position.

``weights=`` is either a pair ``(h, v)`` (every horizontal domino weighs
``h``, every vertical one ``v``) or a pair of arrays ``(horizontal,
vertical)``: ``horizontal[r, c]`` is the weight of the domino on cells
``(r, c), (r, c + 1)`` (shape ``rows x (cols - 1)``) and ``vertical[r, c]``
that of ``(r, c), (r + 1, c)`` (shape ``(rows - 1) x cols``), ``rows x cols``
being the shape of the region's mask.  A tiling weighs the product of its
dominoes' weights.  Entries at positions that are not dominoes of the region
are ignored.
"""

from __future__ import annotations

import numbers
from fractions import Fraction
from typing import Any

import numpy as np

from .._validation import shown
from ..errors import TilingError
from .region import Region

__all__ = ["positive_float_weights"]


def _pair(weights: Any, who: str) -> tuple[Any, Any]:
    if isinstance(weights, (str, bytes, dict)) or not hasattr(weights, "__len__"):
        raise TypeError(
            f"{who}: weights must be a pair (h, v) of numbers or of arrays "
            f"(horizontal, vertical), not {type(weights).__name__}"
        )
    if len(weights) != 2:
        raise TilingError(
            f"{who}: weights must be a pair (h, v) or (horizontal, vertical), got "
            f"{len(weights)} items"
        )
    return weights[0], weights[1]


def _as_float_array(value: Any, shape: tuple[int, int], name: str, who: str) -> np.ndarray:
    """``value`` (a number or an array of ``shape``) as float64, refusing what is not a real number."""
    if isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{who}: the {name} weight must be a number, not {shown(value)}")
    if isinstance(value, (numbers.Real, Fraction)):
        return np.full(shape, _to_float(value, name, who))
    try:
        arr = np.asarray(value)
    except (ValueError, TypeError) as exc:
        raise TilingError(f"{who}: the {name} weights are not an array of numbers: {exc}") from None
    if arr.shape != shape:
        raise TilingError(
            f"{who}: the {name} weights have shape {arr.shape}; for this region they need "
            f"{shape} (one per {name} domino position)"
        )
    if arr.dtype == bool:
        raise TypeError(f"{who}: the {name} weights must be numbers, not booleans")
    if arr.dtype == object:
        if not all(
            isinstance(x, (numbers.Real, Fraction)) and not isinstance(x, bool) for x in arr.flat
        ):
            raise TypeError(
                f"{who}: a random tiling needs numeric weights; the {name} weights hold "
                "something else (symbolic weights are for counting)"
            )
        return np.array([_to_float(x, name, who) for x in arr.flat], dtype=float).reshape(shape)
    if not np.issubdtype(arr.dtype, np.number) or np.issubdtype(arr.dtype, np.complexfloating):
        raise TypeError(f"{who}: the {name} weights must be real numbers, got dtype {arr.dtype}")
    return arr.astype(float)


def _to_float(value: Any, name: str, who: str) -> float:
    try:
        return float(value)
    except OverflowError:
        raise TilingError(
            f"{who}: a {name} weight is too large for double precision; only the ratios of "
            "weights matter, so scale them down"
        ) from None


def positive_float_weights(region: Region, weights: Any, who: str) -> tuple[np.ndarray, np.ndarray]:
    """``(horizontal, vertical)`` float64 weights for ``region``, each positive and finite.

    Entries that are not domino positions of the region are set to 1.

    Raises
    ------
    TypeError
        for weights that are not numbers.
    TilingError
        for the wrong shape, or a weight that is zero, negative, infinite or
        not a number at a domino position (naming it).

    Examples
    --------
    >>> h, v = positive_float_weights(Region.rectangle(2, 3), (2, 1), "sample()")
    >>> h.tolist(), v.tolist()
    ([[2.0, 2.0], [2.0, 2.0]], [[1.0, 1.0, 1.0]])
    """
    rows, cols = region.shape
    h_value, v_value = _pair(weights, who)
    horizontal = _as_float_array(h_value, (rows, cols - 1), "horizontal", who)
    vertical = _as_float_array(v_value, (rows - 1, cols), "vertical", who)
    mask = region.mask
    for name, arr, used in (
        ("horizontal", horizontal, mask[:, :-1] & mask[:, 1:]),
        ("vertical", vertical, mask[:-1, :] & mask[1:, :]),
    ):
        bad = np.argwhere(used & ~(np.isfinite(arr) & (arr > 0)))
        if len(bad):
            r, c = (int(x) for x in bad[0])
            other = (r, c + 1) if name == "horizontal" else (r + 1, c)
            raise TilingError(
                f"{who}: the {name} domino on ({r}, {c}), {other} has weight {arr[r, c]}; "
                "a random tiling needs positive finite weights"
            )
        arr[~used] = 1.0
    return horizontal, vertical
