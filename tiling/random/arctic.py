"""The arctic curve: the limit shape of random tilings of large Aztec diamonds."""

from __future__ import annotations

import numpy as np

from .._validation import positive_int, positive_real, require_int
from ..errors import TilingError

__all__ = ["arctic_curve"]


def arctic_curve(n: int, *, weights: float | None = None, num: int = 400) -> np.ndarray:
    """Points of the limit shape of random tilings of the order-``n`` Aztec diamond.

    Outside this curve a large random tiling is frozen (brick walls of one
    class in each corner); inside it is disordered.

    Parameters
    ----------
    n : int
        The order (``n >= 1``); it only sets the scale.
    weights : None or float
        The weights of :func:`~tiling.random.sample_aztec` whose limit shape
        is wanted: ``None`` (uniform) or a bias ``a`` (a horizontal domino
        weighs ``a``, a vertical one 1).  The two-periodic weights ``(a, b)``
        have a different curve, of degree 8, which is not given here: they
        raise :class:`~tiling.TilingError`.
    num : int
        Number of points (``num >= 2``); the first and the last coincide, so
        the points draw a closed curve.

    Returns
    -------
    numpy.ndarray of float, shape (num, 2)
        ``(y, x)`` points in grid units: cell ``(r, c)`` is the unit square
        ``r <= y < r + 1``, ``c <= x < c + 1``, so the curve overlays a picture
        of the tiling drawn with ``extent=(0, 2n, 2n, 0)``.

    Notes
    -----
    In coordinates centred on the diamond and scaled so that it becomes
    ``|X| + |Y| <= 1`` (``X = (x - n) / n`` to the right, ``Y = (y - n) / n``
    down), the curve is the ellipse inscribed in that square,

        ``X**2 / p + Y**2 / q = 1``,  ``p = a**2 / (1 + a**2)``, ``q = 1 - p``,

    where ``p`` is the probability that shuffling creates a horizontal pair.
    It touches each side at the point dividing it in the ratio ``p : q``.
    For ``a = 1`` it is the inscribed circle of radius ``n / sqrt(2)``, the
    arctic circle theorem of Jockusch, Propp and Shor (1995), who also treat
    biased weights.  Horizontal dominoes favoured (``a > 1``) make the
    disordered region wider than tall: the N and S brick walls grow.  (The
    tests check the curve against samples of order 300, for a circle and an
    ellipse.)  Two-periodic weights have a different, degree-8 curve, not
    given here.

    Examples
    --------
    >>> pts = arctic_curve(10, num=5)
    >>> pts.shape
    (5, 2)
    >>> bool(np.allclose(np.hypot(pts[:, 0] - 10, pts[:, 1] - 10), 10 / np.sqrt(2)))
    True
    """
    n = positive_int(n, "the order", "arctic_curve")
    if weights is None:
        a = 1.0
    elif isinstance(weights, (tuple, list, np.ndarray)):
        raise TilingError(
            "arctic_curve(): only uniform weights (None) or a bias a have an arctic curve here; "
            "the two-periodic and general weights have other limit shapes"
        )
    else:
        a = positive_real(weights, "the bias weights", "arctic_curve")
    num = require_int(num, "num", "arctic_curve")
    if num < 2:
        raise TilingError(f"arctic_curve(): num must be at least 2, got {num}")
    p = a * a / (1.0 + a * a)
    t = np.linspace(0.0, 2.0 * np.pi, int(num))
    x = n + n * np.sqrt(p) * np.cos(t)
    y = n + n * np.sqrt(1.0 - p) * np.sin(t)
    return np.stack([y, x], axis=1)
