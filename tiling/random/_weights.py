"""Creation probabilities of every order of generalized domino shuffling (Propp 2003).

The weights of order ``n`` give those of every lower order by urban renewal;
see :mod:`tiling.random.shuffling` for how they are used.
"""

from __future__ import annotations

import numbers

import numpy as np

from .._validation import positive_real, shown
from ..errors import TilingError, TooLargeError

__all__ = ["Levels", "MAX_GENERAL_ORDER"]

#: Largest order accepted with a general (2n, 2n, 2) weight array: such weights
#: need the creation probabilities of every order, about n**3 / 3 floats.
MAX_GENERAL_ORDER = 400


class Levels:
    """Creation probabilities of every order, from the weights of order ``n``.

    ``prob(m)`` is ``None`` when every block of order ``m`` is a fair coin,
    else ``(p, periodic)``: ``p[i, j]`` (periodic False, shape (m, m)) or
    ``p[i % 2, j % 2]`` (periodic True, shape (2, 2)) is the probability that
    the empty block ``(i, j)`` of order ``m`` gets its horizontal pair.
    """

    def __init__(self, n, weights):
        self.n = n
        self.periodic = True
        self._probs = {}
        if weights is None:
            return
        sides = self._order_n_weights(n, weights)
        for m in range(n, 0, -1):
            wn, ws, ww, we = sides
            with np.errstate(over="ignore", invalid="ignore"):  # checked just below
                horizontal = wn * ws
                p = horizontal / (horizontal + ww * we)
            if not np.all(np.isfinite(p)):
                raise TilingError(
                    "the weights are too extreme for double precision (a ratio overflows "
                    f"at order {m}); keep them within about 1e-100 .. 1e100"
                )
            if not np.all(p == 0.5):  # a fair level keeps the exact bit path
                self._probs[m] = p
            if m > 1:
                sides = self._renew(sides)

    def prob(self, m):
        p = self._probs.get(m)
        return None if p is None else (p, self.periodic)

    def _order_n_weights(self, n, weights):
        """The weights of the four sides of every block of order n (N, S, W, E)."""
        if isinstance(weights, np.ndarray) and weights.ndim == 0:
            weights = weights.item()
        if isinstance(weights, (str, bytes, bool, np.bool_)):
            raise TypeError(
                "weights must be None, a positive number, a pair (a, b) or a (2n, 2n, 2) "
                f"array, not {type(weights).__name__} {shown(weights)}"
            )
        if isinstance(weights, numbers.Real) and not isinstance(weights, (bool, np.bool_)):
            a = positive_real(weights, "the bias weight")
            ones = np.ones((2, 2))
            return [a * ones, a * ones, ones.copy(), ones.copy()]
        try:
            arr = weights if isinstance(weights, np.ndarray) else np.asarray(weights, dtype=object)
        except ValueError:  # ragged nested sequences
            msg = "weights must be a number, a pair (a, b) or a (2n, 2n, 2) array"
            raise TilingError(msg) from None
        if arr.shape == (2,):
            a = positive_real(arr[0], "weight a of weights=(a, b)")
            b = positive_real(arr[1], "weight b of weights=(a, b)")
            face = np.array([[a, b], [b, a]])  # block (i, j) has top row i + j
            return [face.copy() for _ in range(4)]
        if arr.shape != (2 * n, 2 * n, 2):
            raise TilingError(
                "weights must be None, a positive number, a pair (a, b) or an array of "
                f"shape (2n, 2n, 2) = {(2 * n, 2 * n, 2)}, got shape {arr.shape}"
            )
        if n > MAX_GENERAL_ORDER:
            raise TooLargeError(
                f"a general weight array at order {n} needs about {n**3 // 3:,} stored "
                f"probabilities; it is limited to order {MAX_GENERAL_ORDER} "
                "(use weights=a or weights=(a, b), which have no limit)"
            )
        if arr.dtype.kind == "c" or (
            arr.dtype == object and any(isinstance(x, complex) for x in arr.flat)
        ):
            # float() would drop the imaginary part with only a warning
            raise TypeError("the weight array must hold real numbers, not complex ones")
        if arr.dtype == bool:
            raise TypeError("the weight array must hold positive numbers, not booleans")
        try:
            arr = np.asarray(arr, dtype=float)
        except (TypeError, ValueError):
            raise TilingError("the weight array must hold numbers") from None
        self.periodic = False
        i, j = np.indices((n, n))
        r, c = i + j, i - j + n - 1
        sides = [arr[r, c, 0], arr[r + 1, c, 0], arr[r, c, 1], arr[r, c + 1, 1]]
        for side, (dr, dc, k) in zip(sides, ((0, 0, 0), (1, 0, 0), (0, 0, 1), (0, 1, 1))):
            bad = np.argwhere(~(np.isfinite(side) & (side > 0)))
            if len(bad):
                bi, bj = bad[0]
                rr, cc = r[bi, bj] + dr, c[bi, bj] + dc
                kind = "horizontal" if k == 0 else "vertical"
                raise TilingError(
                    f"weights[{rr}, {cc}, {k}] (the {kind} domino at cell ({rr}, {cc})) "
                    f"must be positive and finite, got {side[bi, bj]}"
                )
        return sides

    def _renew(self, sides):
        """Urban renewal: the side weights of order m - 1 from those of order m.

        The square move on block B (sides N, S, W, E, D = N S + W E) gives the
        inner side opposite to X the weight X / D.  After the degree-2
        vertices are contracted and the forced boundary edges dropped, the
        inner side of B opposite to its N side is the order m - 1 domino that
        slides back into B as an N domino, and likewise for the others, so a
        domino of order m - 1 weighs (its class's side of the block it moves
        to) / (that block's D).
        """
        wn, ws, ww, we = sides
        d = wn * ws + ww * we
        xn, xs, xw, xe = wn / d, ws / d, ww / d, we / d
        if self.periodic:  # (2, 2) patterns indexed by (i % 2, j % 2)
            out = [xn, np.roll(xs, (-1, -1), (0, 1)), np.roll(xw, -1, 1), np.roll(xe, -1, 0)]
        else:
            out = [xn[:-1, :-1], xs[1:, 1:], xw[:-1, 1:], xe[1:, :-1]]
        # A global factor changes no probability; keep the numbers near 1.
        scale = np.exp(np.mean([np.log(x).mean() for x in out]))
        return [x / scale for x in out]
