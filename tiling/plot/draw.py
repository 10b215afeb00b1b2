"""Pictures: regions, tilings, proofs of impossibility, the arctic curve."""

from __future__ import annotations

from typing import Any

import numpy as np

from .._validation import check_choice
from ..errors import TilingError
from ..model.region import Region, require_region
from ..model.tiling import Tiling, require_tiling
from ._colors import BLOCKED_MODES, FREE, HIGHLIGHT, NEIGHBOR, domino_colors, rgba
from ._pieces import cell_pieces, tiling_pieces
from ._render import frame, new_axes, render

__all__ = ["draw_region", "draw_tiling", "draw_certificate", "draw_arctic_curve"]


def draw_region(
    region: Region, *, ax: Any = None, blocked: str | None = "box", style: str = "auto"
) -> Any:
    """Draw the cells of ``region``; cells of its bounding box outside it are dark.

    Parameters
    ----------
    region : Region
    ax : matplotlib Axes, optional
        Drawn on a new figure when omitted.
    blocked : {"box", "holes", None}
        Which missing cells to paint dark: every one in the bounding box
        (default), only the holes (enclosed missing cells), or none.
    style : {"auto", "patches", "raster"}
        Rounded cells with borders, or one raster image (large regions).

    Returns
    -------
    matplotlib.axes.Axes

    Notes
    -----
    O(cells): one patch per cell in one collection, or a vectorised image.

    Examples
    --------
    >>> ax = draw_region(Region.rectangle(3, 3).without([(1, 1)]))
    >>> len(ax.collections[0].get_paths())  # 8 cells and the blocked centre
    9
    """
    require_region(region, "draw_region")
    check_choice(blocked, BLOCKED_MODES, "blocked", "draw_region")
    faces = np.tile(rgba([FREE])[0], (region.n_cells, 1))
    pieces = cell_pieces(region, faces, blocked)
    ax = new_axes(region.shape) if ax is None else ax
    return render(ax, pieces, style, "draw_region")


def draw_tiling(
    tiling: Tiling,
    *,
    colors: Any = "auto",
    ax: Any = None,
    style: str = "auto",
    blocked: str | None = "holes",
    arctic: bool | float = False,
    cmap: str | None = None,
) -> Any:
    """Draw ``tiling``: each domino a rounded rectangle with a border.

    Parameters
    ----------
    tiling : Tiling
    colors : "auto", "orientation", array or colour
        ``"auto"``: a proper 4-colouring of the dominoes (sides touching),
        5 colours when the 4-colouring gives up, in :data:`PALETTE`.
        ``"orientation"``: the four classes N/S/E/W of
        :meth:`Tiling.shuffling_classes` in :data:`ORIENTATION_COLORS` (the arctic
        circle picture).  An array of one value per domino: integers index the
        palette, floats go through ``cmap``, strings or RGB(A) rows are
        colours.  Anything else matplotlib reads as one colour (a name, a hex
        string or an RGB(A) tuple) colours every domino.
    ax : matplotlib Axes, optional
    style : {"auto", "patches", "raster"}
        Patches up to :data:`MAX_PATCHES` pieces, a raster image beyond.
    blocked : {"holes", "box", None}
        Missing cells painted dark: the region's holes (default), every
        missing cell of the bounding box, or none.
    arctic : bool or float
        Overlay the arctic curve (the tiling's region must be an Aztec
        diamond, possibly translated); a number other than True is the bias
        ``a`` of ``sample_aztec(n, weights=a)``.  See :func:`draw_arctic_curve`.
    cmap : str, optional
        Colour map for float ``colors`` (default ``"viridis"``).

    Returns
    -------
    matplotlib.axes.Axes

    Notes
    -----
    Uncovered cells of a partial tiling are marked with a cross.  Cost
    O(dominoes) plus the colouring for ``"auto"``; the raster renderer draws
    and saves a million dominoes in a few seconds.

    Examples
    --------
    >>> t = Tiling(Region.rectangle(2, 2), [[(0, 0), (1, 0)], [(0, 1), (1, 1)]])
    >>> ax = draw_tiling(t, colors="orientation")
    >>> len(ax.collections[0].get_paths())
    2
    """
    require_tiling(tiling, "draw_tiling")
    check_choice(blocked, BLOCKED_MODES, "blocked", "draw_tiling")
    faces = domino_colors(tiling, colors, cmap, "draw_tiling")
    pieces = tiling_pieces(tiling, faces, blocked)
    ax = new_axes(tiling.region.shape) if ax is None else ax
    render(ax, pieces, style, "draw_tiling")
    if arctic is not False and arctic is not None:
        order, (r0, c0) = _aztec_placement(tiling.region)
        bias = None if arctic is True else arctic
        draw_arctic_curve(order, ax=ax, weights=bias, offset=(r0, c0))
    return ax


def _aztec_placement(region):
    """``(n, (row0, col0))`` when ``region`` is a translated Aztec diamond of order n."""
    r0, c0, r1, c1 = region.bounding_box()
    size = r1 - r0
    n = size // 2
    if (
        size != c1 - c0
        or size % 2
        or region.n_cells != 2 * n * (n + 1)
        or region.cropped() != Region.aztec_diamond(n)
    ):
        raise TilingError(
            "arctic=True needs a tiling of an Aztec diamond (Region.aztec_diamond(n))"
        )
    return n, (r0, c0)


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
        ``sample_aztec(n, weights=a)``.
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

    pts = np.asarray(public.arctic_curve(n, weights=weights, num=num), dtype=float)
    if ax is None:
        ax = new_axes((2 * n, 2 * n))
        frame(ax, (2 * n, 2 * n))
    style = {"color": "black", "linewidth": 1.4, "linestyle": (0, (4, 2)), "zorder": 4}
    style.update(line_kwargs)
    ax.plot(pts[:, 1] + offset[1], pts[:, 0] + offset[0], **style)
    return ax


def draw_certificate(certificate: Any, *, ax: Any = None, style: str = "auto") -> Any:
    """Draw a proof of impossibility: the region with its offending cells highlighted.

    For a ``"hall"`` certificate the set S is orange and its neighbourhood
    N(S) blue: S has more cells than N(S), and each domino covering a cell of
    S covers a cell of N(S), so at least ``|S| - |N(S)|`` cells stay
    uncovered.  For ``"color"`` the majority colour is orange and the minority
    blue; for ``"parity"`` the odd component is orange.  The title gives the
    counts and the deficiency.

    Parameters
    ----------
    certificate : tiling.Certificate
        With attributes ``kind``, ``cells``, ``neighbors``, ``deficiency``
        and ``region``.
    ax : matplotlib Axes, optional
    style : {"auto", "patches", "raster"}

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    TypeError
        if ``certificate`` is not a certificate (no ``kind``, ``cells``, ...).

    Notes
    -----
    O(cells of the region).

    Examples
    --------
    >>> from tiling import prove_impossible
    >>> ax = draw_certificate(prove_impossible(Region.rectangle(3, 3)))
    >>> "deficiency" in ax.get_title()
    True
    """
    for attr in ("kind", "cells", "neighbors", "deficiency", "region"):
        if not hasattr(certificate, attr):  # a wrong type, as for require_tiling
            raise TypeError(
                f"draw_certificate() needs a tiling.Certificate, "
                f"got {type(certificate).__name__} (no attribute {attr!r})"
            )
    region = certificate.region
    require_region(region, "draw_certificate")
    index = region.cell_index()
    faces = np.tile(rgba([FREE])[0], (region.n_cells, 1))
    for cells, color in ((certificate.neighbors, NEIGHBOR), (certificate.cells, HIGHLIGHT)):
        cells = np.asarray(cells, dtype=np.int64).reshape(-1, 2)
        ids = index[cells[:, 0], cells[:, 1]] if len(cells) else np.zeros(0, np.int64)
        if np.any(ids < 0):
            raise TilingError("draw_certificate(): the certificate names a cell outside its region")
        faces[ids] = rgba([color])[0]
    pieces = cell_pieces(region, faces, "box")
    ax = new_axes(region.shape, title_space=True) if ax is None else ax
    render(ax, pieces, style, "draw_certificate")
    ax.set_title(_certificate_title(certificate), fontsize=10)
    return ax


def _certificate_title(cert):
    s, m, d = len(cert.cells), len(cert.neighbors), int(cert.deficiency)
    if d <= 0:
        return f"{cert.kind}: deficiency 0\nno cell has to stay uncovered"
    if cert.kind == "hall":
        return f"Hall: |S| = {s} (orange) > |N(S)| = {m} (blue)\ndeficiency {d}"
    if cert.kind == "color":
        return f"colours: {s} cells (orange) vs {m} (blue)\ndeficiency {d}"
    if cert.kind == "parity":
        return f"parity: a component of {s} cells (odd)\ndeficiency {d}"
    return f"{cert.kind}: {s} cells, {m} neighbours\ndeficiency {d}"
