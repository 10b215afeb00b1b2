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

__all__ = ["positive_float_weights", "exact_weights", "Weights", "KINDS"]


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


# ---------------------------------------------------------------- exact weights (counting)
#: The kinds of weights :func:`exact_weights` tells apart, from the most to the least exact.
KINDS = ("int", "fraction", "float", "symbolic")


def _entry_kind(x: Any, name: str, who: str) -> tuple[str, Any]:
    """``(kind, value)`` of one weight: a Python int, Fraction, float or sympy expression."""
    if isinstance(x, (bool, np.bool_)):
        raise TypeError(f"{who}: the {name} weights must be numbers, not {x!r}")
    if isinstance(x, (int, np.integer)):
        return "int", int(x)
    if isinstance(x, numbers.Rational):  # a Fraction stays one (the answer is a Fraction)
        return "fraction", Fraction(x.numerator, x.denominator)
    if isinstance(x, (float, np.floating)):
        value = float(x)
        if not np.isfinite(value):
            raise TilingError(f"{who}: a {name} weight is {value}; weights must be finite")
        return "float", value
    if type(x).__module__.startswith("sympy"):
        import sympy

        value = sympy.sympify(x)
        if value.is_Integer:
            return "int", int(value)
        if value.is_Rational:
            return "fraction", Fraction(int(value.p), int(value.q))
        if value.is_Float:
            return _entry_kind(float(value), name, who)
        if not value.free_symbols and value.is_number and value.is_real is False:
            raise TypeError(f"{who}: a {name} weight is {value}, not a real number")
        return "symbolic", value
    if isinstance(x, numbers.Real):  # Decimal and other real types: as floats
        return _entry_kind(_to_float(x, name, who), name, who)
    raise TypeError(
        f"{who}: the {name} weights must be ints, Fractions, floats or sympy expressions, "
        f"not {type(x).__name__}"
    )


def _as_object_array(value: Any, shape: tuple[int, int], name: str, who: str) -> np.ndarray:
    if isinstance(value, (list, tuple, np.ndarray)):
        try:
            arr = np.asarray(value, dtype=object)
        except (ValueError, TypeError) as exc:
            raise TilingError(f"{who}: the {name} weights are not an array: {exc}") from None
        if arr.size == 0 and 0 in shape:
            return np.empty(shape, dtype=object)  # no domino position of this kind
        if arr.shape != shape:
            raise TilingError(
                f"{who}: the {name} weights have shape {arr.shape}; here they need {shape} "
                f"(one per {name} domino position)"
            )
        return arr
    if hasattr(value, "shape") and hasattr(value, "tolist"):  # a sympy Matrix, say
        return _as_object_array(np.array(value.tolist(), dtype=object), shape, name, who)
    arr = np.empty(shape, dtype=object)
    arr.fill(value)
    return arr


class Weights:
    """Edge weights checked for counting: one kind for all, arrays of Python objects.

    Attributes
    ----------
    kind : {"int", "fraction", "float", "symbolic"}
        ``"int"``: every weight a Python int; ``"fraction"``: ints and
        Fractions; ``"float"``: at least one float (the others converted);
        ``"symbolic"``: at least one sympy expression with a symbol or an
        irrational number (every weight then a sympy expression).
    horizontal, vertical : numpy object arrays
        One weight per domino position, of the shapes asked for.
    """

    def __init__(self, kind: str, horizontal: np.ndarray, vertical: np.ndarray):
        self.kind = kind
        self.horizontal = horizontal
        self.vertical = vertical

    def __repr__(self) -> str:
        return f"Weights({self.kind!r}, {self.horizontal.shape}, {self.vertical.shape})"


def exact_weights(
    weights: Any,
    shape_h: tuple[int, int],
    shape_v: tuple[int, int],
    who: str,
) -> Weights:
    """Parse ``weights`` for counting: exact numbers stay exact, symbols stay symbols.

    Parameters
    ----------
    weights : (h, v) or (horizontal, vertical)
        Numbers (Python or numpy ints, Fractions, floats, sympy expressions)
        or arrays of them, as in the module docstring.
    shape_h, shape_v : tuple of int
        The shapes the arrays must have: ``(rows, cols - 1)`` and
        ``(rows - 1, cols)`` on a region, ``(rows, cols)`` for edges that wrap
        around (the last column's horizontal weight is the domino on
        ``(r, cols - 1), (r, 0)``, the last row's vertical weight that on
        ``(rows - 1, c), (0, c)``).
    who : str
        The caller's name, for error messages.

    Returns
    -------
    Weights
        The common kind and two object arrays (converted to floats when one
        weight is a float, to sympy expressions when one is symbolic).

    Raises
    ------
    TypeError
        for weights that are not numbers or sympy expressions (booleans,
        strings, complex numbers).
    TilingError
        for the wrong shape or a weight that is infinite or not a number.

    Examples
    --------
    >>> from fractions import Fraction
    >>> w = exact_weights((2, Fraction(1, 3)), (2, 2), (1, 3), "count()")
    >>> w.kind, w.horizontal.tolist(), w.vertical.tolist()
    ('fraction', [[2, 2], [2, 2]], [[Fraction(1, 3), Fraction(1, 3), Fraction(1, 3)]])
    """
    h_value, v_value = _pair(weights, who)
    arrays = []
    kinds = set()
    for value, shape, name in ((h_value, shape_h, "horizontal"), (v_value, shape_v, "vertical")):
        arr = _as_object_array(value, shape, name, who)
        if arr.size == 0 and not isinstance(value, (list, tuple, np.ndarray)):
            kinds.add(_entry_kind(value, name, who)[0])  # a number, for no position at all
        out = np.empty(shape, dtype=object)
        flat = out.reshape(-1)
        for i, x in enumerate(arr.reshape(-1).tolist()):
            kind, flat[i] = _entry_kind(x, name, who)
            kinds.add(kind)
        arrays.append(out)
    kind = max(kinds, key=KINDS.index) if kinds else "int"
    if kind == "float":
        arrays = [_map(a, float) for a in arrays]
    elif kind == "symbolic":
        import sympy

        arrays = [_map(a, sympy.sympify) for a in arrays]
    return Weights(kind, arrays[0], arrays[1])


def _map(arr: np.ndarray, f: Any) -> np.ndarray:
    out = np.empty(arr.shape, dtype=object)
    out.reshape(-1)[:] = [f(x) for x in arr.reshape(-1).tolist()] if arr.size else []
    return out
