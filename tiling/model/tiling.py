"""The one result type: a set of dominoes placed on a region.

A :class:`Tiling` is perfect when every cell of its region is covered and
partial otherwise (a maximum cover, for instance).  Dominoes are stored as a
``(k, 2, 2)`` int array: domino ``i`` covers cells ``dominoes[i, 0]`` and
``dominoes[i, 1]``, the top or left one first.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from .._validation import type_name
from ..errors import ParseError, TilingError
from .region import Region, as_cell_array

__all__ = ["Tiling", "require_tiling"]

# Characters for Tiling.to_ascii: every cell is two characters wide.
_ASCII = {
    "left": "\u257a\u2501",  # ╺━
    "right": "\u2501\u2578",  # ━╸
    "top": "\u257b ",  # ╻
    "bottom": "\u2579 ",  # ╹
    "uncovered": "\u00b7 ",  # ·
    "outside": "  ",
}


# What each two-character cell of a text picture is, box-drawing or plain ASCII.
_ASCII_KINDS = {
    "\u257a\u2501": "left",
    "[=": "left",
    "\u2501\u2578": "right",
    "=]": "right",
    "\u257b ": "top",
    "n ": "top",
    "\u2579 ": "bottom",
    "u ": "bottom",
    "\u00b7 ": "uncovered",
    ". ": "uncovered",
    "  ": "outside",
}


class Tiling:
    """Dominoes on a :class:`Region`, validated at construction.

    Parameters
    ----------
    region : Region
    dominoes : array_like, shape (k, 2, 2)
        ``dominoes[i]`` is the pair of cells ``((r0, c0), (r1, c1))`` covered by
        domino ``i``.  Each pair is stored top or left cell first; the order of
        the dominoes is kept (colourings and pictures align with it).

    Raises
    ------
    TilingError
        if a domino leaves the region, joins cells that do not share a side,
        or overlaps another domino.

    Examples
    --------
    >>> t = Tiling(Region.rectangle(2, 2), [[(0, 0), (0, 1)], [(1, 0), (1, 1)]])
    >>> t.is_perfect, len(t)
    (True, 2)
    >>> print(t.to_ascii())
    ╺━━╸
    ╺━━╸
    """

    __slots__ = ("_region", "_dominoes", "_labels")

    def __init__(self, region: Region, dominoes: Any):
        if not isinstance(region, Region):
            raise TypeError(f"a tiling needs a Region, got {type_name(region)}")
        arr = _as_domino_array(dominoes)
        first, second = arr[:, 0], arr[:, 1]
        swap = (second[:, 0] < first[:, 0]) | (
            (second[:, 0] == first[:, 0]) & (second[:, 1] < first[:, 1])
        )
        # in place on our own copy, and the checks one coordinate at a time: a
        # tiling of 25 million dominoes needs no second copy of its array
        arr[swap] = arr[swap][:, ::-1]
        del swap
        dr = arr[:, 1, 0] - arr[:, 0, 0]
        dc = arr[:, 1, 1] - arr[:, 0, 1]
        bad = np.flatnonzero(~(((dr == 0) & (dc == 1)) | ((dr == 1) & (dc == 0))))
        del dr, dc
        if bad.size:
            (a, b), (c, d) = arr[bad[0]]
            raise TilingError(
                f"domino {bad[0]} joins cells ({a}, {b}) and ({c}, {d}), which do not share a side"
            )
        flat = arr.reshape(-1, 2)
        if len(flat):
            region._check_inside(flat, "a domino covers")
            keys = flat[:, 0] * region.shape[1] + flat[:, 1]
            h, w = region.shape
            if h * w <= 8 * len(keys) + 2**22:
                # a dense tiling: one byte a cell of the box says whether any cell
                # is covered twice (the common, valid case costs no sort)
                seen = np.zeros(h * w, dtype=bool)
                seen[keys] = True
                clean = int(np.count_nonzero(seen)) == len(keys)
                del seen
            else:
                clean = False
        if len(flat) and not clean:
            # overlaps by sorting the cells' flat indices: O(k log k), no array of
            # the region's box (a few dominoes far apart stay cheap)
            order = np.argsort(keys, kind="stable")
            twice = np.flatnonzero(keys[order[1:]] == keys[order[:-1]])
            if twice.size:
                firsts = order[twice]  # the earlier of each pair (stable order)
                i = int(firsts.min())
                same = np.flatnonzero(keys == keys[i])
                r, c = flat[i]
                a, b = sorted((int(i // 2), int(same[-1] // 2)))
                raise TilingError(f"dominoes {a} and {b} overlap at cell ({r}, {c})")
        arr.setflags(write=False)
        self._region = region
        self._dominoes = arr
        self._labels = None

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_dominoes(cls, region: Region, dominoes: Any) -> Tiling:
        """Same as ``Tiling(region, dominoes)``."""
        return cls(region, dominoes)

    @classmethod
    def from_labels(cls, region: Region, labels: Any) -> Tiling:
        """Tiling from a label grid, the inverse of :meth:`labels`.

        ``labels`` has the region's mask shape: -1 outside the region, -2 on a
        free uncovered cell, and a non-negative id on the two cells of each
        domino.  Dominoes are ordered by id.

        Examples
        --------
        >>> r = Region.rectangle(1, 2)
        >>> Tiling.from_labels(r, [[0, 0]]).dominoes.tolist()
        [[[0, 0], [0, 1]]]
        """
        if not isinstance(region, Region):
            raise TypeError(f"from_labels() needs a Region, got {type_name(region)}")
        try:
            lab = np.asarray(labels)
        except (ValueError, TypeError) as exc:
            raise TilingError(f"labels must be a 2-d integer grid: {exc}") from None
        if lab.shape != region.shape:
            raise TilingError(
                f"labels have shape {lab.shape}, but the region's mask has shape {region.shape}"
            )
        if not np.issubdtype(lab.dtype, np.integer):
            raise TypeError(f"labels must be integers, got dtype {lab.dtype}")
        mask = region.mask
        bad = np.argwhere(mask & (lab == -1))
        if len(bad):
            r, c = bad[0]
            raise TilingError(f"label -1 (outside) on cell ({r}, {c}), which is in the region")
        bad = np.argwhere(~mask & (lab != -1))
        if len(bad):
            r, c = bad[0]
            raise TilingError(f"label {lab[r, c]} on cell ({r}, {c}), which is not in the region")
        bad = np.argwhere(mask & (lab < -2))
        if len(bad):
            r, c = bad[0]
            raise TilingError(f"label {lab[r, c]} on cell ({r}, {c}) is not a domino id, -1 or -2")
        covered = np.argwhere(lab >= 0)
        ids = lab[covered[:, 0], covered[:, 1]]
        order = np.argsort(ids, kind="stable")
        ids, covered = ids[order], covered[order]
        uniq, start, counts = np.unique(ids, return_index=True, return_counts=True)
        odd = np.flatnonzero(counts != 2)
        if odd.size:
            i = odd[0]
            r, c = covered[start[i]]
            raise TilingError(
                f"domino id {uniq[i]} labels {counts[i]} cells (first at ({r}, {c})); "
                "each domino labels exactly two"
            )
        return cls(region, covered.reshape(-1, 2, 2))

    @classmethod
    def from_ascii(cls, text: str) -> Tiling:
        """Tiling from the text picture :meth:`to_ascii` draws (the format ``tiling solve`` prints).

        Every cell is two characters: ``╺━`` and ``━╸`` the left and right
        halves of a horizontal domino, ``╻`` (then a space) above ``╹`` a
        vertical one, ``·`` an uncovered cell of the region, two spaces no
        cell.  The plain-ASCII stand-ins the command line prints on terminals
        without box-drawing characters (``[=`` ``=]``, ``n`` above ``u``,
        ``.``) are read too.  Trailing spaces may be missing; blank lines
        before and after are ignored.

        Raises
        ------
        ParseError
            naming the line and column (from 1) of a character that is not
            part of the format, or of half a domino without its other half.

        Examples
        --------
        >>> t = Tiling.from_ascii('╻ ╺━━╸\\n╹ ╺━━╸')
        >>> t.dominoes.tolist()
        [[[0, 0], [1, 0]], [[0, 1], [0, 2]], [[1, 1], [1, 2]]]
        >>> Tiling.from_ascii(t.to_ascii()) == t
        True
        """
        if not isinstance(text, str):
            raise TypeError(f"from_ascii() expects a string, not {type_name(text)}")
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        while lines and not lines[0].strip():
            lines.pop(0)
        while lines and not lines[-1].strip():
            lines.pop()
        if not lines:
            raise ParseError("the text has no dominoes: draw a tiling as tiling solve prints it")
        width = max((len(line) + 1) // 2 for line in lines)
        kinds = np.full((len(lines), width), "", dtype=object)
        for i, line in enumerate(lines):
            line = line.ljust(2 * width)
            for j in range(width):
                pair = line[2 * j : 2 * j + 2]
                kind = _ASCII_KINDS.get(pair)
                if kind is None:
                    raise ParseError(
                        f"{pair!r} is not a half domino, an uncovered cell ('· ') or an empty "
                        "cell ('  '); each cell is two characters",
                        line=i + 1,
                        column=2 * j + 1,
                    )
                kinds[i, j] = kind
        dominoes = []
        for (i, j), kind in np.ndenumerate(kinds):
            partner = {"left": (i, j + 1, "right"), "top": (i + 1, j, "bottom")}.get(kind)
            lone = {"right": (i, j - 1, "left"), "bottom": (i - 1, j, "top")}.get(kind)
            if partner:
                pi, pj, want = partner
                if pi >= kinds.shape[0] or pj >= width or kinds[pi, pj] != want:
                    raise ParseError(
                        f"the {kind} half of a domino has no {want} half beside it",
                        line=i + 1,
                        column=2 * j + 1,
                    )
                dominoes.append([(i, j), (pi, pj)])
            elif lone:
                pi, pj, want = lone
                if pi < 0 or pj < 0 or kinds[pi, pj] != want:
                    raise ParseError(
                        f"the {kind} half of a domino has no {want} half beside it",
                        line=i + 1,
                        column=2 * j + 1,
                    )
        mask = (kinds != "outside") & (kinds != "")
        if not mask.any():
            raise ParseError("the text has no cells: draw a tiling as tiling solve prints it")
        return cls(Region(mask), dominoes)

    # ------------------------------------------------------------------ queries
    @property
    def region(self) -> Region:
        """The :class:`Region` being tiled."""
        return self._region

    @property
    def dominoes(self) -> np.ndarray:
        """Read-only ``(k, 2, 2)`` int array of the dominoes' cells."""
        return self._dominoes

    def labels(self) -> np.ndarray:
        """Int grid of the region's shape: domino index, -2 on uncovered cells, -1 outside."""
        if self._labels is None:
            labels = np.full(self._region.shape, -1, dtype=np.int64)
            labels[self._region.mask] = -2
            flat = self._dominoes.reshape(-1, 2)
            labels[flat[:, 0], flat[:, 1]] = np.repeat(np.arange(len(self._dominoes)), 2)
            labels.setflags(write=False)
            self._labels = labels
        return self._labels

    def __len__(self) -> int:
        return len(self._dominoes)

    def __iter__(self) -> Iterator[tuple[tuple[int, int], tuple[int, int]]]:
        """The dominoes as ``((r0, c0), (r1, c1))`` pairs of int tuples, in order.

        Examples
        --------
        >>> list(Tiling(Region.rectangle(1, 2), [[(0, 0), (0, 1)]]))
        [((0, 0), (0, 1))]
        """
        yield from (((a, b), (c, d)) for (a, b), (c, d) in self._dominoes.tolist())

    @property
    def is_perfect(self) -> bool:
        """True when every cell of the region is covered."""
        return 2 * len(self._dominoes) == self._region.n_cells

    def uncovered(self) -> np.ndarray:
        """The free cells no domino covers, as a ``(k, 2)`` array in row-major order."""
        cells = self._region.cells()
        w = self._region.shape[1]
        flat = self._dominoes.reshape(-1, 2)
        covered = np.isin(cells[:, 0] * w + cells[:, 1], flat[:, 0] * w + flat[:, 1])
        return cells[~covered].astype(np.int64)

    def orientations(self) -> np.ndarray:
        """``'h'`` or ``'v'`` for each domino (horizontal, vertical), aligned with :attr:`dominoes`.

        Examples
        --------
        >>> t = Tiling(Region.rectangle(2, 2), [[(0, 0), (1, 0)], [(0, 1), (1, 1)]])
        >>> t.orientations().tolist()
        ['v', 'v']
        """
        d = self._dominoes
        return np.where(d[:, 0, 0] == d[:, 1, 0], "h", "v")

    def shuffling_classes(self) -> np.ndarray:
        """The class ``'N'``, ``'S'``, ``'E'`` or ``'W'`` of each domino, as in domino shuffling.

        A horizontal domino is ``'N'`` when its left cell has the colour of
        the region's first cell (top row, leftmost) and ``'S'`` otherwise; a
        vertical domino is ``'W'`` when its top cell has that colour and
        ``'E'`` otherwise.  In a random tiling of an Aztec diamond the four
        frozen corners are then N at the top, S at the bottom, W at the left
        and E at the right.

        Returns
        -------
        numpy array of one-character strings, aligned with :attr:`dominoes`

        Examples
        --------
        >>> t = Tiling(Region.aztec_diamond(1), [[(0, 0), (0, 1)], [(1, 0), (1, 1)]])
        >>> t.shuffling_classes().tolist()
        ['N', 'S']
        """
        d = self._dominoes
        horizontal = d[:, 0, 0] == d[:, 1, 0]
        r0, c0 = self._region.cells()[0]
        anchor = (r0 + c0) % 2
        same = (d[:, 0].sum(axis=1) % 2) == anchor
        return np.where(horizontal, np.where(same, "N", "S"), np.where(same, "W", "E"))

    def is_valid(self) -> bool:
        """Always True: validity is checked at construction (kept for symmetry with certificates)."""
        return True

    # ------------------------------------------------------------------ comparison and text
    def _key(self):
        d = self._dominoes.reshape(-1, 4)
        return d[np.lexsort(d.T[::-1])] if len(d) else d

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tiling):
            return NotImplemented
        return (
            self._region == other._region
            and len(self) == len(other)
            and bool(np.array_equal(self._key(), other._key()))
        )

    def __hash__(self) -> int:
        return hash((self._region, self._key().tobytes()))

    def to_ascii(self) -> str:
        """A terminal picture: each domino one visible piece, two characters per cell.

        Horizontal dominoes are drawn ``╺━━╸``; vertical ones as ``╻`` above
        ``╹``; uncovered cells as ``·``.

        Examples
        --------
        >>> r = Region.rectangle(2, 3)
        >>> print(Tiling(r, [[(0, 0), (1, 0)], [(0, 1), (0, 2)]]).to_ascii())
        ╻ ╺━━╸
        ╹ · ·
        """
        h, w = self._region.shape
        grid = np.full((h, w), _ASCII["outside"], dtype=object)
        grid[self._region.mask] = _ASCII["uncovered"]
        d = self._dominoes
        if len(d):
            horizontal = d[:, 0, 0] == d[:, 1, 0]
            for part, which in (("left", 0), ("right", 1)):
                cells = d[horizontal, which]
                grid[cells[:, 0], cells[:, 1]] = _ASCII[part]
            for part, which in (("top", 0), ("bottom", 1)):
                cells = d[~horizontal, which]
                grid[cells[:, 0], cells[:, 1]] = _ASCII[part]
        _, _, r1, _ = self._region.bounding_box()
        return "\n".join("".join(row).rstrip() for row in grid[:r1])

    def __repr__(self) -> str:
        kind = "perfect" if self.is_perfect else f"{len(self.uncovered())} cells uncovered"
        return f"<Tiling of {len(self)} dominoes on {self._region!r}, {kind}>"


def require_tiling(obj: Any, who: str) -> Tiling:
    """``obj`` if it is a Tiling, else a one-line TypeError (``who`` names the caller)."""
    if not isinstance(obj, Tiling):
        raise TypeError(f"{who}() needs a tiling.Tiling, got {type_name(obj)}")
    return obj


def _as_domino_array(dominoes):
    try:
        arr = np.asarray(dominoes)
    except (ValueError, TypeError) as exc:
        raise TilingError(f"dominoes must be a (k, 2, 2) array of cells: {exc}") from None
    if arr.size == 0:
        return np.zeros((0, 2, 2), dtype=np.int64)
    if arr.ndim != 3 or arr.shape[1:] != (2, 2):
        raise TilingError(f"dominoes must have shape (k, 2, 2), got {arr.shape}")
    cells = as_cell_array(arr.reshape(-1, 2), "dominoes")
    return cells.reshape(-1, 2, 2).copy()
