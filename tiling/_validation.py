"""Checks shared by every public function: one wording, one exception type each.

A wrong *type* raises :class:`TypeError`; a wrong *value* of the right type
raises :class:`~tiling.errors.TilingError`.  ``who`` names the public
function in the message, so a person sees ``count(): ...`` rather than the
name of an internal helper.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Collection
from typing import Any

from .errors import TilingError

# numpy is imported inside the functions that need it: the registry and the
# command line use these checks, and `tiling --version` must not pay for numpy.
# (numpy's integers and floats register as numbers.Integral and numbers.Real;
# numpy's bool does not, so it is refused as a number like Python's bool.)

__all__ = [
    "require_int",
    "positive_int",
    "non_negative_int",
    "positive_real",
    "check_bool",
    "check_choice",
    "as_rng",
    "type_name",
    "shown",
]


def type_name(value: Any) -> str:
    """The name of ``value``'s type, as messages show it."""
    return type(value).__name__


def shown(value: Any, limit: int = 60) -> str:
    """``repr(value)`` on one short line, as messages show a value.

    An array is shown by its shape and dtype (its repr spans lines and may
    be huge); other reprs lose their line breaks and are cut to ``limit``
    characters.

    Examples
    --------
    >>> import numpy as np
    >>> shown(np.zeros((2, 2)))
    'array of shape (2, 2) and dtype float64'
    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."
    """
    shape, dtype = getattr(value, "shape", None), getattr(value, "dtype", None)
    if isinstance(shape, tuple) and shape and dtype is not None:
        return f"array of shape {shape} and dtype {dtype}"
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a broken __repr__ must not hide the real error
        text = f"<{type_name(value)}>"
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _prefix(who: str | None) -> str:
    return f"{who}(): " if who else ""


def require_int(value: Any, name: str, who: str | None = None) -> int:
    """``value`` as a Python int; TypeError for bools, floats and other non-integers."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(
            f"{_prefix(who)}{name} must be an integer, not {type_name(value)} {shown(value)}"
        )
    return int(value)


def positive_int(value: Any, name: str, who: str | None = None) -> int:
    """``value`` as an int >= 1 (TypeError for a non-integer, TilingError below 1)."""
    value = require_int(value, name, who)
    if value < 1:
        raise TilingError(f"{_prefix(who)}{name} must be a positive integer, got {value}")
    return value


def non_negative_int(value: Any, name: str, who: str | None = None) -> int:
    """``value`` as an int >= 0 (TypeError for a non-integer, TilingError below 0)."""
    value = require_int(value, name, who)
    if value < 0:
        raise TilingError(f"{_prefix(who)}{name} must be a non-negative integer, got {value}")
    return value


def positive_real(value: Any, name: str, who: str | None = None) -> float:
    """``value`` as a positive finite float (TypeError for a non-number)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(
            f"{_prefix(who)}{name} must be a positive number, not {type_name(value)} {shown(value)}"
        )
    value = float(value)
    if not (math.isfinite(value) and value > 0):
        raise TilingError(f"{_prefix(who)}{name} must be a positive finite number, got {value}")
    return value


def check_bool(value: Any, name: str, who: str | None = None) -> bool:
    """``value`` as a bool; TypeError for anything but True, False (or numpy bools)."""
    if not isinstance(value, bool) and type(value).__name__ not in ("bool", "bool_"):  # numpy too
        raise TypeError(f"{_prefix(who)}{name} must be True or False, not {shown(value)}")
    return bool(value)


def check_choice(value: Any, allowed: Collection[Any], name: str, who: str | None = None) -> Any:
    """``value`` if it is one of ``allowed`` (strings, maybe None).

    TypeError when ``value`` is not a string (nor None where None is allowed),
    TilingError for a string that is not one of the choices.
    """
    choices = ", ".join(repr(a) for a in allowed)
    if value is None and None in allowed:
        return value
    if not isinstance(value, str):
        raise TypeError(
            f"{_prefix(who)}{name} must be one of {choices}, not {type_name(value)} {shown(value)}"
        )
    if value not in allowed:
        raise TilingError(f"{_prefix(who)}unknown {name} {value!r}; choose one of {choices}")
    return value


def as_rng(rng: Any = None) -> Any:
    """A :class:`numpy.random.Generator` from ``None``, a seed, a SeedSequence or a Generator.

    The one normalisation of ``rng=`` in the library (as
    :func:`numpy.random.default_rng` does it): the same int seed gives the
    same stream everywhere.

    Examples
    --------
    >>> import numpy as np
    >>> g = np.random.default_rng(0)
    >>> as_rng(g) is g
    True
    >>> int(as_rng(7).integers(10)) == int(np.random.default_rng(7).integers(10))
    True
    """
    import numpy as np

    if isinstance(rng, np.random.Generator):
        return rng
    if rng is None or isinstance(rng, np.random.SeedSequence):
        return np.random.default_rng(rng)
    if isinstance(rng, numbers.Integral) and not isinstance(rng, bool):
        if rng < 0:
            raise TilingError(f"rng: a seed must be non-negative, got {rng}")
        return np.random.default_rng(int(rng))
    raise TypeError(
        "rng must be None, a non-negative int seed, a numpy.random.SeedSequence or a "
        f"numpy.random.Generator, not {type_name(rng)} {shown(rng)}"
    )
