"""Pictures: regions, tilings, proofs of impossibility, the arctic curve.

One convention everywhere: outside the region nothing is drawn (the
background shows), holes (missing cells enclosed by the region) are dark
grey, uncovered cells of a partial tiling are off-white with a vermillion
cross, and a region drawn cell by cell has a dark outline.  Every picture
gets a title that says what it shows (``title="auto"``) and, where its
colours mean something, a legend (``legend="auto"``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._format import quantity
from .._validation import check_choice
from ..errors import TilingError
from ..model.region import Region, require_region
from ..model.tiling import Tiling, require_tiling
from . import _annotate as note
from ._colors import (
    AUTO_MIN_PX,
    BLOCKED_MODES,
    CLASS_WORDS,
    DIRECTION_COLORS,
    FREE,
    HIGHLIGHT,
    HIGHLIGHT_2,
    NEIGHBOR,
    NEIGHBOR_2,
    ORIENTATION_COLORS,
    domino_colors,
    rgba,
)
from ._pieces import cell_pieces, tiling_pieces
from ._render import cell_size_px, check_axes, fit_figure, frame, new_axes, render

__all__ = ["draw_region", "draw_tiling", "draw_certificate", "draw_arctic_curve"]


def _axes(ax, shape, title, legend, **kwargs):
    if ax is not None:
        return check_axes(ax)
    return new_axes(shape, title=title is not None, legend=legend is not False, **kwargs)


def _hole_count(pieces):
    return int(pieces.solid.sum())


def draw_region(
    region: Region,
    *,
    ax: Any = None,
    blocked: str | None = "holes",
    style: str = "auto",
    title: str | None = "auto",
    legend: bool | str = "auto",
) -> Any:
    """Draw the cells of ``region`` on a light grid, with a dark outline.

    Parameters
    ----------
    region : Region
    ax : matplotlib Axes, optional
        Drawn on a new figure, shaped like the region, when omitted.
    blocked : {"holes", "box", None}
        Which missing cells to paint dark grey: the holes (missing cells
        enclosed by the region, the default), every missing cell of the
        bounding box, or none.
    style : {"auto", "vector", "raster"}
        How the cells are drawn: vector paths (one per colour class, merged
        into row runs), one raster image, or ``"auto"``: vector in vector
        files (SVG, PDF) and for small pictures, raster for large ones on
        screen and in PNG.
    title : str or None
        ``"auto"`` says what is drawn ("a region of 62 cells with 1 hole");
        None draws no title.
    legend : bool or "auto"
        A key of the colours; ``"auto"`` draws one when there are holes.

    Returns
    -------
    matplotlib.axes.Axes

    Notes
    -----
    O(cells): the cells of one colour are merged into row runs, so a
    1000 x 1000 board is a thousand rectangles in an SVG.

    Examples
    --------
    >>> ax = draw_region(Region.rectangle(3, 3).without([(1, 1)]))
    >>> ax.get_title()
    'a region of 8 cells with 1 hole'
    """
    require_region(region, "draw_region")
    check_choice(blocked, BLOCKED_MODES, "blocked", "draw_region")
    note.check_title(title, "draw_region")
    note.check_legend(legend, "draw_region")
    picture = region_picture(region, blocked)
    ax = _axes(ax, region.shape, title, picture.entries and legend)
    artist = render(ax, picture.pieces, style, "draw_region")
    return _finish(ax, artist, picture, title, legend)


class Picture:
    """What a drawing shows, before any axes: pieces, title, legend entries.

    ``meaningful``: the legend says something the picture does not (colour
    classes, marks, holes), so ``legend="auto"`` draws it.
    """

    def __init__(self, pieces, title, entries, meaningful):
        self.pieces, self.title, self.entries, self.meaningful = pieces, title, entries, meaningful


def _finish(ax, artist, picture, title, legend):
    """Title, legend and figure size; the artist keeps them for a TikZ export."""
    artist.picture = picture
    note.set_title(ax, title, picture.title)
    if legend is True or (legend == "auto" and picture.meaningful):
        note.add_legend(ax, picture.entries, picture.pieces.labels >= 0)
    fit_figure(ax)
    return ax


def region_picture(region, blocked):
    faces = np.tile(rgba([FREE])[0], (region.n_cells, 1))
    pieces = cell_pieces(region, faces, blocked)
    holes = len(region.holes())
    words = f"a region of {quantity(region.n_cells, 'cell')}"
    if holes:
        words += f" with {quantity(holes, 'hole')}"
    entries = [note.hole_entry()] if _hole_count(pieces) else []
    return Picture(pieces, words, entries or [note.free_entry("cell")], bool(entries))


def draw_tiling(
    tiling: Tiling,
    *,
    colors: Any = "auto",
    ax: Any = None,
    style: str = "auto",
    blocked: str | None = "holes",
    arctic: Any = False,
    cmap: str | None = None,
    title: str | None = "auto",
    legend: bool | str = "auto",
) -> Any:
    """Draw ``tiling``: each domino a rectangle with a border, coloured by class.

    Parameters
    ----------
    tiling : Tiling
    colors : "auto", "orientation", "hv", array or colour
        ``"auto"``: a proper colouring of the dominoes (no two sharing a side
        alike; 4 colours, 5 when the 4-colouring gives up) in
        :data:`PALETTE`, when cells are at least :data:`AUTO_MIN_PX` pixels
        at the figure's dpi; on smaller cells such a colouring averages into
        one flat colour, so ``"auto"`` then colours horizontal and vertical
        dominoes (``"hv"``), which shows the tiling's larger structure.
        ``"orientation"``: the four classes N/S/E/W of
        :meth:`Tiling.shuffling_classes` in :data:`ORIENTATION_COLORS` (the
        arctic circle picture).  ``"hv"``: horizontal and vertical dominoes in
        :data:`DIRECTION_COLORS`.  An array of one value per domino: integers
        index the palette, floats go through ``cmap``, strings or RGB(A) rows
        are colours.  Anything else matplotlib reads as one colour (a name, a
        hex string or an RGB(A) tuple) colours every domino.
    ax : matplotlib Axes, optional
        Drawn on a new figure, shaped like the region, when omitted.
    style : {"auto", "vector", "raster"}
        ``"vector"``: each colour class one compound path (a handful of
        paths in an SVG or PDF however many dominoes); ``"raster"``: one
        image with a pixel per cell; ``"auto"``: vector in vector files at
        any size and for up to :data:`MAX_PATCHES` pieces on screen and in
        PNG, raster beyond.
    blocked : {"holes", "box", None}
        Missing cells painted dark grey: the region's holes (default), every
        missing cell of the bounding box, or none.
    arctic : bool, float or (float, float)
        Overlay the arctic curve of the weights the tiling was sampled with
        (its region must be an Aztec diamond, possibly translated): ``True``
        for uniform tilings (the circle), a number ``a`` for the bias of
        ``sample_aztec(n, weights=a)`` (an ellipse).  The two-periodic weights
        ``(a, b)`` with ``a != b`` are refused: their limit shape is bounded
        by a degree-8 algebraic curve with a gas region inside (Chhita and
        Johansson 2016), not drawn here.  A tiling whose frozen corners reach
        far inside the curve of the weights named (a sample of other weights)
        is refused too, with the numbers.  See :func:`draw_arctic_curve`.
    cmap : str, optional
        Colour map for float ``colors`` (default ``"viridis"``).
    title : str or None
        ``"auto"`` says what is drawn: the number of dominoes, uncovered
        cells, and what the colours mean; None draws no title.
    legend : bool or "auto"
        A key of the colour classes (N/S/W/E, horizontal/vertical), holes,
        uncovered cells and the arctic curve.  ``"auto"`` draws one when the
        colours or marks mean something (not for a proper colouring alone or
        colours given by value).

    Returns
    -------
    matplotlib.axes.Axes

    Notes
    -----
    Uncovered cells of a partial tiling are marked with a cross.  Cost
    O(dominoes) plus the colouring for ``"auto"``; a million dominoes draw
    and save as PNG in about a second, and 10^5 as SVG in about two.

    Examples
    --------
    >>> t = Tiling(Region.rectangle(2, 2), [[(0, 0), (1, 0)], [(0, 1), (1, 1)]])
    >>> ax = draw_tiling(t, colors="orientation")
    >>> ax.get_title()
    '2 dominoes by shuffling class'
    >>> [text.get_text() for text in ax.get_legend().get_texts()]
    ['W: vertical, moves left', 'E: vertical, moves right']
    """
    require_tiling(tiling, "draw_tiling")
    check_choice(blocked, BLOCKED_MODES, "blocked", "draw_tiling")
    note.check_title(title, "draw_tiling")
    note.check_legend(legend, "draw_tiling")
    arctic_bias = _arctic_bias(arctic, "draw_tiling")
    region = tiling.region
    placement = _aztec_placement(region) if arctic_bias is not None else None
    ax = _axes(ax, region.shape, title, legend)
    frame(ax, region.shape)
    shrunk = isinstance(colors, str) and colors == "auto" and len(tiling) > 0
    shrunk = shrunk and cell_size_px(ax) < AUTO_MIN_PX
    picture = tiling_picture(tiling, "hv" if shrunk else colors, cmap, blocked, shrunk)
    artist = render(ax, picture.pieces, style, "draw_tiling")
    if placement is not None:
        order, offset = placement
        _check_arctic_fit(tiling, order, offset, arctic_bias)
        draw_arctic_curve(order, ax=ax, weights=arctic_bias, offset=offset)
        words = "arctic circle" if arctic_bias == 1.0 else f"arctic ellipse (bias {arctic_bias:g})"
        picture.entries.append(
            note.line(words, color="black", linewidth=1.4, linestyle=(0, (4, 2)))
        )
    return _finish(ax, artist, picture, title, legend)


def tiling_picture(tiling, colors, cmap, blocked, shrunk=False, who="draw_tiling"):
    scheme = colors if isinstance(colors, str) and colors in ("auto", "orientation", "hv") else None
    faces = domino_colors(tiling, colors, cmap, who)
    pieces = tiling_pieces(tiling, faces, blocked)
    entries = _class_entries(tiling, scheme)
    meaningful = bool(entries)
    if len(pieces.marks):
        entries.append(note.mark())
        meaningful = True
    if _hole_count(pieces):
        entries.append(note.hole_entry())
        meaningful = True
    return Picture(pieces, _tiling_title(tiling, scheme, shrunk), entries, meaningful)


def _class_entries(tiling, scheme):
    if scheme == "orientation":
        present = set(tiling.shuffling_classes().tolist())
        return [note.fill(CLASS_WORDS[k], v) for k, v in ORIENTATION_COLORS.items() if k in present]
    if scheme == "hv":
        present = set(tiling.orientations().tolist())
        words = {"h": "horizontal", "v": "vertical"}
        return [note.fill(words[k], v) for k, v in DIRECTION_COLORS.items() if k in present]
    return []


def _tiling_title(tiling, scheme, shrunk):
    words = quantity(len(tiling), "domino", "dominoes")
    left = len(tiling.uncovered())
    if left:
        words += f", {quantity(left, 'cell')} uncovered"
    if scheme == "auto":
        words += ", no two neighbours alike"
    elif scheme == "orientation":
        words += " by shuffling class"
    elif scheme == "hv":
        kinds = set(tiling.orientations().tolist())
        if kinds == {"h"}:
            words += ", all horizontal"
        elif kinds == {"v"}:
            words += ", all vertical"
        else:
            words += ", horizontal and vertical"
        if shrunk:
            words += "\n(cells too small to tell dominoes apart: colour by direction)"
    return words


def _arctic_bias(arctic, who):
    """The bias ``a`` whose curve ``arctic=`` asks for (1.0 uniform), or None for no curve."""
    if arctic is False or arctic is None:
        return None
    if arctic is True:
        return 1.0
    if isinstance(arctic, (tuple, list, np.ndarray)):
        values = np.asarray(arctic, dtype=float).reshape(-1)
        if values.shape == (2,) and values[0] > 0 and values[0] == values[1]:
            return 1.0  # equal two-periodic weights: the uniform diamond
        raise TilingError(
            f"{who}(): no arctic curve for the weights {tuple(values.tolist())}: the "
            "two-periodic Aztec diamond's liquid region is bounded by a degree-8 algebraic "
            "curve, with a gas region in the middle (S. Chhita, K. Johansson, Domino "
            "statistics of the two-periodic Aztec diamond, Adv. Math. 294 (2016); "
            "M. Duits, A. Kuijlaars, J. Eur. Math. Soc. 23 (2021)); it is not drawn here: "
            "draw the tiling without arctic="
        )
    from .._validation import positive_real

    return positive_real(arctic, "arctic (the bias a)", who)


def _aztec_placement(region):
    """``(n, (row0, col0))`` when ``region`` is a translated Aztec diamond of order n."""
    n = region.cropped().aztec_order()
    if n is None:
        raise TilingError(
            "arctic=True needs a tiling of an Aztec diamond (Region.aztec_diamond(n))"
        )
    r0, c0, _, _ = region.bounding_box()
    return n, (r0, c0)


#: A uniform sample of order n leaves frozen at most about 2 n^(-2/3) of the
#: disc inside its arctic curve (measured: 1.5 to 2.0 for n = 12 .. 400);
#: arctic= refuses a tiling past this many times n^(-2/3), from this order on.
ARCTIC_SLACK, ARCTIC_CHECK_ORDER = 3.0, 60


def _check_arctic_fit(tiling, n, offset, bias):
    """Refuse the curve when the tiling's frozen corners reach far inside it.

    The frozen corners are the cells of the dominoes of each corner's class
    connected (through dominoes of that class) to that corner of the diamond.
    For a sample of the named weights the fraction of the curve's interior they
    cover shrinks like n^(-2/3) (the Airy-scale fluctuations of the boundary);
    two-periodic samples, for one, freeze a fixed fraction of it.
    """
    if n < ARCTIC_CHECK_ORDER:
        return
    frac = frozen_fraction_inside(tiling, n, offset, bias)
    if frac * n ** (2 / 3) > ARCTIC_SLACK:
        bound = ARCTIC_SLACK * n ** (-2 / 3)
        raise TilingError(
            f"draw_tiling(): this tiling is frozen over {frac:.1%} of the inside of the "
            f"arctic curve for bias {bias:g}, where a sample of those weights at order {n} "
            f"freezes at most about {bound:.1%}: it was sampled with other weights (the "
            "two-periodic diamond, whose curve is not drawn here, or another bias: pass "
            "arctic=a), so the curve would be wrong; draw it without arctic="
        )


def frozen_fraction_inside(tiling, n, offset, bias):
    """Fraction of the cells inside the arctic curve of ``bias`` covered by a frozen corner."""
    from scipy import ndimage

    r0, c0 = offset
    labels = tiling.labels()[r0 : r0 + 2 * n, c0 : c0 + 2 * n]
    classes = tiling.shuffling_classes()
    grid = np.full(labels.shape, "", dtype="<U1")
    grid[labels >= 0] = classes[labels[labels >= 0]]
    corners = {"N": (0, n - 1), "S": (2 * n - 1, n), "W": (n, 0), "E": (n - 1, 2 * n - 1)}
    frozen = np.zeros(labels.shape, dtype=bool)
    for kind, (r, c) in corners.items():
        if grid[r, c] != kind:
            continue
        parts, _ = ndimage.label(grid == kind)
        frozen |= parts == parts[r, c]
    p = bias * bias / (1.0 + bias * bias)
    rows, cols = np.nonzero(labels >= 0)
    x, y = (cols + 0.5 - n) / n, (rows + 0.5 - n) / n
    inside = x * x / p + y * y / (1.0 - p) < 1.0
    return float(frozen[rows, cols][inside].mean()) if inside.any() else 0.0


def draw_arctic_curve(
    n: int,
    *,
    ax: Any = None,
    weights: float | None = None,
    offset: tuple[int, int] = (0, 0),
    num: int = 400,
    **line_kwargs: Any,
) -> Any:
    """Overlay the arctic curve of the Aztec diamond of order ``n``.

    The curve comes from :func:`tiling.random.arctic_curve` (for uniform
    weights the circle inscribed in the diamond, Jockusch, Propp & Shor 1998;
    an ellipse for biased weights): outside it a random tiling is frozen into
    bricks of one orientation.

    Parameters
    ----------
    n : int
        Order of the diamond.
    ax : matplotlib Axes, optional
    weights : float, optional
        ``None`` for uniform tilings, or the bias ``a`` of
        ``sample_aztec(n, weights=a)``.  Two-periodic weights ``(a, b)`` are
        refused with a :class:`~tiling.TilingError` naming their curve (see
        :func:`draw_tiling`).
    offset : (row, col)
        Top-left corner of the diamond's bounding box in the picture.
    num : int
        Number of points on the curve.
    **line_kwargs
        Passed to :meth:`~matplotlib.axes.Axes.plot` (default: a dashed dark line).

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> ax = draw_arctic_curve(10)
    >>> ax.lines[0].get_xydata().shape
    (400, 2)
    """
    import tiling as public  # the public API only

    if weights is not None:
        bias = _arctic_bias(weights, "draw_arctic_curve")
        weights = None if bias == 1.0 else bias
    pts = np.asarray(public.arctic_curve(n, weights=weights, num=num), dtype=float)
    if ax is None:
        ax = new_axes((2 * n, 2 * n), title=False)
        frame(ax, (2 * n, 2 * n))
    check_axes(ax)
    style = {"color": "black", "linewidth": 1.4, "linestyle": (0, (4, 2)), "zorder": 4}
    style.update(line_kwargs)
    ax.plot(pts[:, 1] + offset[1], pts[:, 0] + offset[0], **style)
    return ax


def draw_certificate(
    certificate: Any,
    *,
    ax: Any = None,
    style: str = "auto",
    title: str | None = "auto",
    legend: bool | str = "auto",
) -> Any:
    """Draw a proof of impossibility: the region with the certificate's cells marked.

    For a ``"hall"`` certificate the set S is orange and its neighbourhood
    N(S) blue: S has more cells than N(S), and each domino covering a cell of
    S covers a cell of N(S), so at least ``|S| - |N(S)|`` cells stay
    uncovered.  A certificate of :func:`~tiling.cover_bound` may hold a second
    set, of the other chessboard colour, in reddish purple with its
    neighbours green.  For ``"color"`` the majority colour is orange and the
    minority blue; for ``"parity"`` the odd piece is orange.  Large cells
    carry the letters of :meth:`Certificate.to_ascii` (S, N; s, n); cells
    under :data:`AUTO_MIN_PX` pixels would average S and N(S) into one
    colour, so they are drawn as one area, and the title says so.

    Parameters
    ----------
    certificate : tiling.Certificate
    ax : matplotlib Axes, optional
    style : {"auto", "vector", "raster"}
    title : str or None
        ``"auto"``: the counts, the colours named, and how many cells stay
        uncovered; None draws no title.
    legend : bool or "auto"
        A key of the marked sets (``"auto"``: drawn).

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError
        if ``certificate`` is not a certificate.

    Notes
    -----
    O(cells of the region).

    Examples
    --------
    >>> from tiling import prove_impossible
    >>> ax = draw_certificate(prove_impossible(Region.rectangle(3, 3)))
    >>> ax.get_title()
    'parity: the region has 9 cells, an odd number\\nat least 1 cell stays uncovered'
    """
    for attr in ("kind", "cells", "neighbors", "deficiency", "region", "parts"):
        if not hasattr(certificate, attr):  # a wrong type, as for require_tiling
            raise TypeError(
                f"draw_certificate() needs a tiling.Certificate, "
                f"got {type(certificate).__name__} (no attribute {attr!r})"
            )
    note.check_title(title, "draw_certificate")
    note.check_legend(legend, "draw_certificate")
    region = certificate.region
    require_region(region, "draw_certificate")
    ax = _axes(ax, region.shape, title, legend)
    frame(ax, region.shape)
    picture = certificate_picture(certificate, cell_size_px(ax) < AUTO_MIN_PX)
    artist = render(ax, picture.pieces, style, "draw_certificate")
    return _finish(ax, artist, picture, title, legend)


def certificate_picture(certificate, merged=False):
    """The certificate's sets in colour (S and N(S) as one colour when ``merged``)."""
    region = certificate.region
    index = region.cell_index()
    faces = np.tile(rgba([FREE])[0], (region.n_cells, 1))
    letter_cells, letters, entries = [], [], []
    parts = certificate.parts()
    colours = ((HIGHLIGHT, NEIGHBOR), (HIGHLIGHT_2, NEIGHBOR_2))
    for part, (mine, theirs) in zip(parts, colours):
        if merged:
            theirs = mine
        for cells, color, letter in (
            (part.neighbors, theirs, part.neighbor_letter),
            (part.cells, mine, part.letter),
        ):
            cells = np.asarray(cells, dtype=np.int64).reshape(-1, 2)
            ids = index[cells[:, 0], cells[:, 1]] if len(cells) else np.zeros(0, np.int64)
            if np.any(ids < 0):
                raise TilingError(
                    "draw_certificate(): the certificate names a cell outside its region"
                )
            faces[ids] = rgba([color])[0]
            letter_cells.append(cells)
            letters.extend([letter] * len(cells))
        entries.extend(_part_entries(certificate, part, parts, mine, theirs, merged))
    if (faces == rgba([FREE])[0]).all(axis=1).any():
        entries.append(note.free_entry())
    marked = (np.concatenate(letter_cells), letters) if letters else None
    pieces = cell_pieces(region, faces, "holes", letters=marked)
    if _hole_count(pieces):
        entries.append(note.hole_entry())
    title = _certificate_title(certificate, parts, merged)
    return Picture(pieces, title, entries, bool(entries))


def _part_entries(cert, part, parts, mine, theirs, merged):
    k, m = len(part.cells), len(part.neighbors)
    if cert.kind == "parity":
        return [note.fill(f"S: the odd piece ({quantity(k, 'cell')})", mine)]
    colour = part.colour_name
    other = "black" if colour == "white" else "white"
    s_name = "S" if len(parts) == 1 else part.letter
    n_name = "N(S)" if len(parts) == 1 else part.neighbor_letter
    if cert.kind == "color":
        s_text, n_text = f"S: {quantity(k, colour + ' cell')}", f"N: {quantity(m, other + ' cell')}"
    else:
        s_text = f"{s_name}: {quantity(k, colour + ' cell')}"
        n_text = f"{n_name}: their {quantity(m, other + ' neighbour')}"
    if merged:
        return [note.fill(f"{s_text} and {n_text} (cells too small to tell apart)", mine)]
    return [note.fill(s_text, mine), note.fill(n_text, theirs)]


def _certificate_title(cert, parts, merged):
    s, m, d = len(cert.cells), len(cert.neighbors), int(cert.deficiency)
    if d <= 0:
        return f"{cert.kind}: no cell has to stay uncovered (deficiency 0)"
    ending = f"at least {quantity(d, 'cell')} {'stays' if d == 1 else 'stay'} uncovered"
    if cert.kind == "parity":
        where = "the region" if s == cert.region.n_cells else "a piece"
        head = f"parity: {where} has {quantity(s, 'cell')}, an odd number"
    elif cert.kind == "color":
        colour = parts[0].colour_name
        other = "black" if colour == "white" else "white"
        head = f"chessboard colours: {s:,} {colour} cells vs {m:,} {other}"
    elif len(parts) == 1:
        colour = parts[0].colour_name
        head = f"Hall set: |S| = {s:,} {colour} cells > |N(S)| = {m:,}"
    else:
        sizes = ", ".join(
            f"{len(p.cells):,} > {len(p.neighbors):,} ({p.colour_name})" for p in parts
        )
        head = f"Hall sets, |S| > |N(S)|: {sizes}"
    if merged and cert.kind != "parity":
        ending += " (cells too small: S and N(S) drawn as one)"
    return f"{head}\n{ending}"
