"""Proofs that a region cannot be tiled, and that a maximum cover is maximum.

Colour the cells like a chessboard: cell ``(row, col)`` has colour
``(row + col) % 2``.  A domino always covers one cell of each colour, and
only two cells of one connected piece of the region.  Three kinds of
certificate follow, each a set S of cells that anyone can check by hand:

``"parity"``
    S is a connected piece of the region with an odd number of cells; at
    least one of them stays uncovered.
``"color"``
    S is the set of cells of one colour in a connected piece, and the piece
    has fewer cells of the other colour (the mutilated chessboard: 32 against
    30); at least the difference stays uncovered.
``"hall"``
    S is a set of cells of one colour whose neighbours N(S) in the region are
    fewer than S (Hall's condition fails).  A domino covering a cell of S
    also covers a cell of N(S), so at least ``|S| - |N(S)|`` cells of S stay
    uncovered.

The cover bound uses the deficiency form of Hall's theorem (König 1931,
Ore 1955).  For a set S0 of colour-0 cells and a set S1 of colour-1 cells,
every placement of dominoes leaves at least

    ``max(0, |S0| - |N(S0)|) + max(0, |S1| - |N(S1)|)``

cells uncovered (the two sets are disjoint, and each one's covered cells
are paired with distinct cells of its neighbourhood).  The bound is tight:
given a maximum matching, let S0 be the colour-0 cells reachable by
alternating paths from the uncovered colour-0 cells, and S1 likewise.  Every
cell of N(S0) is covered (else there would be an augmenting path) by a
domino whose other cell lies in S0, so ``|S0| - |N(S0)|`` is the number of
uncovered colour-0 cells; likewise for S1.  The sum is the number of cells a
maximum cover leaves uncovered.

A certificate's :meth:`Certificate.verify` recomputes everything from the
cells and the region alone, so it does not trust the matching code.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._format import quantity
from .._validation import check_bool, check_choice, require_int, type_name
from ..errors import NoTilingError, TilingError
from ..model.region import Region, as_cell_array, label, pack, require_region

__all__ = ["Certificate", "prove_impossible", "cover_bound", "no_tiling_error"]

KINDS = ("parity", "color", "hall")
_STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))
#: How many uncovered cells of each colour prove_impossible tries as the
#: source of a small Hall set.
_HALL_TRIES = 8
_COLOUR_NAMES = ("white", "black")  # chessboard colour (row + col) % 2 = 0, 1
_CHESSBOARD = (
    "Colour the cells like a chessboard: white where row + column is even, black where it is odd."
)


def _stay(n):
    return "stays" if n == 1 else "stay"


class _Group:
    """One marked set of a certificate: its cells, their neighbours, colour and letters."""

    def __init__(self, cells, neighbors, color, letter, neighbor_letter):
        self.cells, self.neighbors, self.color = cells, neighbors, color
        self.letter, self.neighbor_letter = letter, neighbor_letter
        self.colour_name = "" if color is None else _COLOUR_NAMES[color]


class Certificate:
    """A checkable reason why dominoes cannot cover all (or more) of a region.

    Attributes
    ----------
    kind : {"parity", "color", "hall"}
    cells : (k, 2) int array
        The set S (row-major order).  For ``"parity"`` the cells of an odd
        connected piece; for ``"color"`` the majority-colour cells of a piece;
        for ``"hall"`` cells whose neighbourhoods are too small: one colour
        for :func:`prove_impossible`, possibly both colours (S0 and S1) for
        :func:`cover_bound`.
    neighbors : (m, 2) int array
        N(S): the region's cells next to a cell of S (of the other colour);
        empty for ``"parity"``.
    deficiency : int
        Number of cells that stay uncovered in every placement of dominoes.
    region : Region

    Examples
    --------
    >>> from tiling.model.examples import mutilated_chessboard
    >>> cert = prove_impossible(mutilated_chessboard())
    >>> cert.kind, len(cert.cells), len(cert.neighbors), cert.deficiency
    ('color', 32, 30, 2)
    >>> cert.verify()
    True
    """

    __slots__ = ("kind", "cells", "neighbors", "deficiency", "region")

    def __init__(self, kind: str, cells: Any, neighbors: Any, deficiency: int, region: Region):
        self.kind = kind
        self.cells = cells
        self.neighbors = neighbors
        self.deficiency = deficiency
        self.region = region

    def __setattr__(self, name: str, value: Any) -> None:
        # every attribute is checked when set, at construction or later: an
        # edited certificate has the right types, and explain() re-verifies it
        if name == "kind":
            check_choice(value, KINDS, "certificate kind", "Certificate")
        elif name in ("cells", "neighbors"):
            value = _sorted_cells(as_cell_array(value, f"certificate {name}"))
        elif name == "deficiency":
            value = require_int(value, "certificate deficiency", "Certificate")
        elif name == "region" and not isinstance(value, Region):
            raise TypeError(f"a certificate needs a Region, got {type_name(value)}")
        object.__setattr__(self, name, value)

    def _require_valid(self, what: str) -> None:
        if not self.verify():
            raise TilingError(
                f"Certificate.{what}(): this {self.kind} certificate does not hold for its "
                "region (were its cells or numbers edited?); verify() is False"
            )

    def verify(self, region: Region | None = None) -> bool:
        """Check the certificate against ``region`` (default: its own) from scratch.

        Uses only the cells and the region's mask: S must lie in the region
        without repeats; for ``"parity"`` S must be odd, have no neighbour
        in the region outside S, and claim a deficiency of exactly 1; for
        ``"color"`` S must be of one colour and claim a deficiency of at least 1
        (a colour certificate proves impossibility); for
        ``"color"`` and ``"hall"``, :attr:`neighbors` must be exactly N(S),
        recomputed here, and :attr:`deficiency` at most
        ``max(0, |S0| - |N(S0)|) + max(0, |S1| - |N(S1)|)``.

        Returns
        -------
        bool
        """
        region = self.region if region is None else region
        if not isinstance(region, Region) or self.deficiency < 0:
            return False
        mask = region.mask
        if not _distinct_inside(self.cells, mask):
            return False
        if self.kind == "parity":
            closed = len(_outside_neighbours(self.cells, mask)) == 0
            return (
                len(self.cells) % 2 == 1
                and closed
                and len(self.neighbors) == 0
                and self.deficiency == 1
            )
        colors = self.cells.sum(axis=1) % 2
        if self.kind == "color" and (len(set(colors.tolist())) > 1 or self.deficiency < 1):
            return False
        bound = 0
        all_nbrs = set()
        for c in (0, 1):
            part = self.cells[colors == c]
            nbrs = _outside_neighbours(part, mask)
            all_nbrs |= nbrs
            bound += max(0, len(part) - len(nbrs))
        given = set(map(tuple, self.neighbors.tolist()))
        return given == all_nbrs and self.deficiency <= bound

    def explain(self) -> str:
        """One short paragraph, with the numbers, saying why the certificate holds.

        The cells it speaks of are marked with letters in :meth:`to_ascii`
        (``S`` the set, ``N`` its neighbours), and the chessboard colours are
        named: *white* where row + column is even, *black* where it is odd.

        Examples
        --------
        >>> print(prove_impossible(Region.rectangle(3, 3)).explain())  # doctest: +ELLIPSIS
        The region has 9 cells, an odd number...
        """
        self._require_valid("explain")
        s, n, d = len(self.cells), len(self.neighbors), int(self.deficiency)
        whole = s + n == self.region.n_cells
        if self.kind == "parity":
            if whole:
                return (
                    f"The region has {quantity(s, 'cell')}, an odd number. Every domino "
                    "covers two cells, so at least one cell stays uncovered: the region has "
                    "no tiling."
                )
            return (
                f"The piece of the region marked S has {quantity(s, 'cell')}, an odd number, "
                "and touches no other cell of the region. Every domino covers two cells of "
                "one piece, so at least one of its cells stays uncovered: the region has no "
                "tiling."
            )
        if self.kind == "color":
            major = _COLOUR_NAMES[int(self.cells[0].sum() % 2)]
            minor = _COLOUR_NAMES[1 - int(self.cells[0].sum() % 2)]
            where = "the region" if whole else "the piece of the region marked S and N"
            return (
                f"{_CHESSBOARD} Every domino covers one white and one black cell, but {where} "
                f"has {quantity(s, major + ' cell')} (S) and only {n:,} {minor} "
                f"{'one' if n == 1 else 'ones'} (N), so at least {s:,} - {n:,} = "
                f"{quantity(d, 'cell')} {_stay(d)} uncovered: the region has no tiling."
            )
        if s == 0 or d == 0:
            return (
                "This certificate forces no cell to stay uncovered (deficiency 0); "
                "cover_bound returns it for regions that can be tiled."
            )
        sentences = []
        groups = self.parts()
        for group in groups:
            k, m = len(group.cells), len(group.neighbors)
            verb = "touches" if k == 1 else "touch"
            other = _COLOUR_NAMES[1 - group.color]
            if m == 0:
                sentences.append(
                    f"The {quantity(k, group.colour_name + ' cell')} marked {group.letter} "
                    f"{verb} no other cell of the region, so {'it stays' if k == 1 else 'they all stay'} "
                    "uncovered."
                )
                continue
            sentences.append(
                f"The {quantity(k, group.colour_name + ' cell')} marked {group.letter} {verb} "
                f"only {quantity(m, 'cell')} of the region ({other}, marked "
                f"{group.neighbor_letter}), so at least {k:,} - {m:,} = {max(k - m, 0):,} of "
                f"them {_stay(k - m)} uncovered."
            )
        if len(groups) == 1 and d == len(groups[0].cells) - len(groups[0].neighbors):
            sentences[-1] = sentences[-1][:-1] + ": the region has no tiling."
            ending = ""
        else:
            ending = (
                f" In all, at least {quantity(d, 'cell')} {_stay(d)} uncovered in any "
                "placement of dominoes: the region has no tiling."
            )
        return (
            f"{_CHESSBOARD} A domino covering a marked cell also covers one of the cells it "
            "touches, which have the other colour, and each of those serves one domino only. "
            f"{' '.join(sentences)}{ending}"
        )

    def to_ascii(self, *, legend: bool = True) -> str:
        """The region as text with the certificate's cells marked by letters.

        ``S`` marks the set S, ``N`` its neighbours N(S); a ``"hall"``
        certificate with cells of both colours marks its white cells ``S``
        and their neighbours ``N``, its black cells ``s`` and theirs ``n``.
        Other cells of the region are ``.``, holes ``#`` and the outside a
        space, so :meth:`Region.from_ascii` reads the map back as the region
        (translated up when its top rows are empty: it drops leading blank lines).
        One character per cell: row ``i``, column ``j`` of the map is the cell
        ``(i, j)``.

        Parameters
        ----------
        legend : bool
            Follow the map with a blank line and one line per symbol used,
            saying what it marks, with the counts and the colours.

        Returns
        -------
        str

        Examples
        --------
        >>> from tiling.model.examples import figure_7x7
        >>> print(prove_impossible(figure_7x7()).to_ascii(legend=False))
        SNS
        NSNS
        SNSN..
         .#....
         ......
          .....
           ...
        """
        check_bool(legend, "legend", "to_ascii")
        self._require_valid("to_ascii")
        mask = self.region.mask
        grid = np.full(mask.shape, " ", dtype="<U1")
        grid[mask] = "."
        holes = self.region.holes()
        if holes:
            hole_cells = np.concatenate(holes)
            grid[hole_cells[:, 0], hole_cells[:, 1]] = "#"
        groups = self.parts()
        for group in groups:
            for cells, letter in (
                (group.neighbors, group.neighbor_letter),
                (group.cells, group.letter),
            ):
                if len(cells):
                    grid[cells[:, 0], cells[:, 1]] = letter
        _, _, r1, _ = self.region.bounding_box()
        lines = ["".join(row).rstrip() for row in grid[:r1]]
        if legend:
            lines.append("")
            lines.extend(self._legend_lines(groups, grid))
        return "\n".join(lines)

    def parts(self) -> list[Any]:
        """The marked sets, one per colour, as :meth:`to_ascii` and the pictures mark them.

        Returns
        -------
        list
            One object per set, with attributes ``cells`` and ``neighbors``
            ((k, 2) arrays), ``color`` (0 for white cells, row + column even;
            1 for black; None for a parity certificate), ``colour_name``,
            ``letter`` (``"S"`` or ``"s"``) and ``neighbor_letter`` (``"N"``
            or ``"n"``).  A ``"hall"`` certificate of :func:`cover_bound` may
            have one set of each colour; every other certificate has one.

        Examples
        --------
        >>> [(p.letter, len(p.cells), len(p.neighbors)) for p in cover_bound(Region.rectangle(3, 3)).parts()]
        [('S', 5, 4)]
        """
        self._require_valid("parts")
        if self.kind == "parity":
            return [_Group(self.cells, self.neighbors, None, "S", "N")]
        colors = self.cells.sum(axis=1) % 2
        if self.kind == "color":
            return [_Group(self.cells, self.neighbors, int(colors[0]), "S", "N")]
        parts = [(c, self.cells[colors == c]) for c in (0, 1) if (colors == c).any()]
        letters = [("S", "N"), ("s", "n")] if len(parts) == 2 else [("S", "N")]
        groups = []
        for (c, part), (big, small) in zip(parts, letters):
            nbrs = np.array(sorted(_outside_neighbours(part, self.region.mask)), np.int64)
            groups.append(_Group(part, nbrs.reshape(-1, 2), c, big, small))
        return groups

    def _legend_lines(self, groups, grid):
        lines = []
        for group in groups:
            k, m = len(group.cells), len(group.neighbors)
            if self.kind == "parity":
                lines.append(f"{group.letter}  the {quantity(k, 'cell')} of the odd piece")
                continue
            colour, other = group.colour_name, _COLOUR_NAMES[1 - group.color]
            if self.kind == "color":
                lines.append(f"{group.letter}  {quantity(k, colour + ' cell')} (the majority)")
                lines.append(f"{group.neighbor_letter}  {quantity(m, other + ' cell')}")
                continue
            name = "the set S" if len(groups) == 1 else f"a set {group.letter} of {colour} cells"
            nbrs = (
                "its neighbours N(S)" if len(groups) == 1 else f"the neighbours of {group.letter}"
            )
            lines.append(f"{group.letter}  {quantity(k, colour + ' cell')}: {name}")
            lines.append(f"{group.neighbor_letter}  {quantity(m, other + ' cell')}: {nbrs}")
        if (grid == ".").any():
            lines.append(".  the other cells of the region")
        if (grid == "#").any():
            lines.append("#  holes (not part of the region)")
        if self.kind != "parity":
            lines.append("(white: row + column even; black: row + column odd)")
        return lines

    def __repr__(self) -> str:
        return (
            f"<Certificate {self.kind}: |S| = {len(self.cells)}, |N(S)| = "
            f"{len(self.neighbors)}, deficiency {self.deficiency}>"
        )


# ---------------------------------------------------------------------------- public functions
def prove_impossible(region: Region) -> Certificate | None:
    """A certificate that ``region`` has no domino tiling, or None if it has one.

    Parameters
    ----------
    region : Region

    Returns
    -------
    Certificate or None
        The simplest reason found, tried in this order: a connected piece
        with an odd number of cells (``"parity"``); a piece with unequal
        colours (``"color"``, the piece with the largest difference); else a
        Hall set (``"hall"``) of deficiency 1.

    Notes
    -----
    Parity and colour need one connected-component labelling, O(n) for n
    cells.  Otherwise a maximum matching is computed (Hopcroft-Karp, see
    :func:`tiling.matching.hopcroft_karp`); if it leaves a cell u uncovered,
    the cells of u's colour reachable from u by alternating paths form S,
    and N(S) is matched into S - {u}, so ``|S| = |N(S)| + 1`` (König's
    theorem; Hall 1935).  S lies in u's piece; a few uncovered cells of each
    colour are tried and the smallest S is kept.  O(n^1.5) for the matching.

    Examples
    --------
    >>> from tiling.model.examples import figure_7x7
    >>> cert = prove_impossible(figure_7x7())
    >>> cert.kind, cert.deficiency, cert.verify()
    ('hall', 1, True)
    >>> prove_impossible(Region.rectangle(2, 2)) is None
    True
    """
    require_region(region, "prove_impossible")
    packing = pack(region)
    if packing is not None:  # a few cells far apart: work on the pieces packed together
        return _moved(prove_impossible(packing.region), packing, region)
    labels, sizes, balance = _pieces(region)
    odd = np.flatnonzero(sizes % 2)
    if odd.size:
        cells = np.argwhere(labels == odd[0] + 1)
        return Certificate("parity", cells, np.zeros((0, 2), np.int64), 1, region)
    if balance.any():
        piece = int(np.argmax(np.abs(balance)))
        in_piece = labels == piece + 1
        major = 0 if balance[piece] > 0 else 1
        color = _color_grid(region.shape)
        cells = np.argwhere(in_piece & (color == major))
        others = np.argwhere(in_piece & (color != major))
        return Certificate("color", cells, others, abs(int(balance[piece])), region)
    tiling = _max_cover(region)
    if tiling.is_perfect:
        return None
    mate = _mate_grid(tiling)
    best = None
    uncovered = tiling.uncovered()
    # Small pieces give small sets: try uncovered cells of the smallest pieces first.
    piece_size = sizes[labels[uncovered[:, 0], uncovered[:, 1]] - 1]
    uncovered = uncovered[np.argsort(piece_size, kind="stable")]
    colors = uncovered.sum(axis=1) % 2
    for c in (0, 1):
        for cell in uncovered[colors == c][:_HALL_TRIES]:
            s, n = _alternating_reach(region.mask, mate, cell[None, :])
            if best is None or len(s) < len(best[0]):
                best = (s, n)
    return Certificate("hall", best[0], best[1], len(best[0]) - len(best[1]), region)


def cover_bound(region: Region) -> Certificate:
    """A certificate that a maximum cover of ``region`` leaves exactly this many cells bare.

    Parameters
    ----------
    region : Region

    Returns
    -------
    Certificate
        Always of kind ``"hall"``: S = S0 + S1, the colour-0 and colour-1
        cells reachable by alternating paths from the uncovered cells of their
        colour in a maximum matching.  ``deficiency`` equals
        ``region.n_cells - 2 * len(max_cover(region))``; when the region can be
        tiled it is 0 and S and N(S) are empty.

    Notes
    -----
    Deficiency version of Hall's theorem (König 1931, Ore 1955): every
    placement leaves at least ``(|S0| - |N(S0)|) + (|S1| - |N(S1)|)`` cells
    uncovered, and for these sets the bound is attained (see the module
    docstring).  One Hopcroft-Karp matching plus two breadth-first searches.

    Examples
    --------
    >>> cert = cover_bound(Region.rectangle(3, 3))
    >>> cert.deficiency, len(cert.cells), len(cert.neighbors), cert.verify()
    (1, 5, 4, True)
    """
    require_region(region, "cover_bound")
    packing = pack(region)
    if packing is not None:  # a few cells far apart: work on the pieces packed together
        return _moved(cover_bound(packing.region), packing, region)
    tiling = _max_cover(region)
    empty = np.zeros((0, 2), dtype=np.int64)
    if tiling.is_perfect:
        return Certificate("hall", empty, empty, 0, region)
    mate = _mate_grid(tiling)
    uncovered = tiling.uncovered()
    colors = uncovered.sum(axis=1) % 2
    cells, nbrs = [empty], [empty]
    for c in (0, 1):
        start = uncovered[colors == c]
        if len(start):
            s, n = _alternating_reach(region.mask, mate, start)
            cells.append(s)
            nbrs.append(n)
    deficiency = region.n_cells - 2 * len(tiling)
    return Certificate("hall", np.concatenate(cells), np.concatenate(nbrs), deficiency, region)


# ---------------------------------------------------------------------------- helpers
def no_tiling_error(
    region: Region, what: str = "the region", certificate: Certificate | None = None
) -> NoTilingError:
    """The :class:`~tiling.NoTilingError` for a region without a tiling, its proof checked.

    ``certificate`` is :func:`prove_impossible`'s answer when the caller has
    it already.  Raises TilingError if the region has a tiling after all or
    the certificate fails its own independent check.

    Examples
    --------
    >>> err = no_tiling_error(Region.rectangle(3, 3))
    >>> err.certificate.kind
    'parity'
    """
    require_region(region, "no_tiling_error")
    if not isinstance(what, str):
        raise TypeError(f"no_tiling_error(): what must be a str, not {type_name(what)}")
    if certificate is not None and not isinstance(certificate, Certificate):
        raise TypeError(
            f"no_tiling_error(): certificate must be a Certificate or None, not {type_name(certificate)}"
        )
    if certificate is None:
        certificate = prove_impossible(region)
    if certificate is None:
        raise TilingError(
            "no_tiling_error(): the region has a tiling, so there is no proof it has none"
        )
    if not certificate.verify(region):
        raise TilingError(
            "no_tiling_error(): the certificate does not hold for this region (verify() is False)"
        )
    return NoTilingError(certificate, what)


def _moved(cert: Certificate | None, packing: Any, region: Region) -> Certificate | None:
    """A certificate of a packed region (:func:`tiling.model.region.pack`) for the original."""
    if cert is None:
        return None
    cells, nbrs = (packing.to_original(x) for x in (cert.cells, cert.neighbors))
    return Certificate(cert.kind, cells, nbrs, cert.deficiency, region)


def _max_cover(region: Region) -> Any:
    # Imported here: certificates build on the public matching solver only.
    from ..matching import hopcroft_karp

    return hopcroft_karp(region)


def _color_grid(shape):
    h, w = shape
    return np.add.outer(np.arange(h), np.arange(w)) % 2


def _pieces(region):
    """Component labels, and each component's size and colour balance (0 minus 1)."""
    labels, k = label(region.mask)
    flat = labels.ravel()
    sizes = np.bincount(flat, minlength=k + 1)[1:]
    ones = np.bincount(flat, weights=_color_grid(region.shape).ravel(), minlength=k + 1)[1:]
    ones = ones.astype(np.int64)
    return labels, sizes, sizes - 2 * ones


def _mate_grid(tiling):
    """Flat index (row-major in the mask) of each cell's partner; -1 if uncovered."""
    h, w = tiling.region.shape
    mate = np.full(h * w, -1, dtype=np.int64)
    d = tiling.dominoes
    a = d[:, 0, 0] * w + d[:, 0, 1]
    b = d[:, 1, 0] * w + d[:, 1, 1]
    mate[a] = b
    mate[b] = a
    return mate


def _neighbour_flat(flat_cells, mask):
    """Flat indices of the in-region side neighbours of the given cells (with repeats)."""
    h, w = mask.shape
    r, c = np.divmod(flat_cells, w)
    out = []
    for dr, dc in _STEPS:
        rr, cc = r + dr, c + dc
        ok = (rr >= 0) & (rr < h) & (cc >= 0) & (cc < w)
        rr, cc = rr[ok], cc[ok]
        ok = mask[rr, cc]
        out.append(rr[ok] * w + cc[ok])
    return np.concatenate(out)


def _alternating_reach(mask, mate, start):
    """Cells of the start cells' colour reachable by alternating paths, and their neighbours.

    Breadth-first, vectorised by layers.  ``mate`` must come from a maximum
    matching, so every neighbour reached is covered.
    """
    h, w = mask.shape
    in_s = np.zeros(h * w, dtype=bool)
    in_n = np.zeros(h * w, dtype=bool)
    frontier = start[:, 0] * w + start[:, 1]
    in_s[frontier] = True
    while frontier.size:
        nbrs = np.unique(_neighbour_flat(frontier, mask))
        nbrs = nbrs[~in_n[nbrs]]
        in_n[nbrs] = True
        mates = mate[nbrs]
        if (mates < 0).any():
            raise AssertionError("alternating search met an uncovered cell: matching not maximum")
        frontier = mates[~in_s[mates]]
        in_s[frontier] = True
    s = np.stack(np.divmod(np.flatnonzero(in_s), w), axis=1)
    n = np.stack(np.divmod(np.flatnonzero(in_n), w), axis=1)
    return s.astype(np.int64), n.astype(np.int64)


def _sorted_cells(cells):
    if len(cells) == 0:
        return np.zeros((0, 2), dtype=np.int64)
    order = np.lexsort((cells[:, 1], cells[:, 0]))
    out = np.ascontiguousarray(cells[order])
    out.setflags(write=False)
    return out


def _distinct_inside(cells, mask):
    h, w = mask.shape
    if len(cells) == 0:
        return True
    r, c = cells[:, 0], cells[:, 1]
    if (r < 0).any() or (c < 0).any() or (r >= h).any() or (c >= w).any():
        return False
    if not mask[r, c].all():
        return False
    return len(np.unique(r * w + c)) == len(cells)


def _outside_neighbours(cells, mask):
    """Set of the region's cells that share a side with ``cells`` and are not in ``cells``.

    Recomputed from the mask by moving the set one step in each direction
    and looking the moved cells up (O(|S| log |S|), whatever the region's
    box).  For cells of one colour this is N(S); for any set it is empty
    exactly when the set is a union of connected pieces of the region.
    """
    h, w = mask.shape
    if len(cells) == 0:
        return set()
    members = np.unique(cells[:, 0] * w + cells[:, 1])
    found = []
    for dr, dc in _STEPS:
        r, c = cells[:, 0] + dr, cells[:, 1] + dc
        ok = (r >= 0) & (r < h) & (c >= 0) & (c < w)
        r, c = r[ok], c[ok]
        ok = mask[r, c]
        found.append(r[ok] * w + c[ok])
    flat = np.setdiff1d(np.concatenate(found), members)
    return set(zip((flat // w).tolist(), (flat % w).tolist()))
