"""TikZ code for tilings, regions and certificates: the format mathematicians put in papers."""

from __future__ import annotations

from typing import Any

import numpy as np

from .._format import quantity
from .._validation import check_bool, positive_real
from ..errors import TilingError
from ._colors import EDGE, GRID, MARK
from ._render import VECTOR_BORDER_MIN_PT, _face_classes, _runs, _style_classes, cell_lines

__all__ = ["to_tikz", "figure_tikz"]

#: Most rectangles in one TikZ path command: TeX keeps a path in memory until
#: it is drawn, and a few thousand rectangles per command keep pdflatex fast.
CHUNK = 1000

#: Pieces that pdflatex's default main memory (5,000,000 words) holds in one
#: picture: measured, 20,000 dominoes compile and 30,000 do not.
PDFLATEX_PIECES = 20_000

#: The longest side of a picture on the page when no ``scale`` is given (cm).
PAGE_CM = 16.0

_POINTS_PER_CM = 72.27 / 2.54


def to_tikz(
    obj: Any,
    *,
    colors: Any = "auto",
    scale: float | None = None,
    standalone: bool = False,
    title: str | None = "auto",
    legend: bool | str = "auto",
    blocked: str | None = "holes",
    cmap: str | None = None,
) -> str:
    """TikZ code for a tiling, a region or a certificate.

    Parameters
    ----------
    obj : Tiling, Region or Certificate
    colors : as for :func:`draw_tiling`
        For a tiling: ``"auto"`` (a proper colouring: vector output can be
        zoomed, so it is never replaced by directions), ``"orientation"``,
        ``"hv"``, one colour, or one value per domino.
    scale : float, optional
        Side of a cell in centimetres; by default the picture's longest side is
        16 cm (cells at most 0.5 cm).
    standalone : bool
        A whole LaTeX document (``\\documentclass[tikz]{standalone}``) that
        pdflatex compiles as it is, instead of the ``tikzpicture`` alone.
    title : str or None
        ``"auto"``: the title :func:`draw_tiling` (or :func:`draw_region`,
        :func:`draw_certificate`) would write, as a node above the picture.
    legend : bool or "auto"
        A key of the colour classes below the picture, as in the drawings.
    blocked : {"holes", "box", None}
        For tilings and regions, as in :func:`draw_tiling`.
    cmap : str, optional
        Colour map for float ``colors``.

    Returns
    -------
    str

    Notes
    -----
    The picture uses the library's coordinates: ``x`` is the column, ``y``
    the row, with ``y`` pointing down (``y=-1cm`` scaled), so cell ``(r, c)``
    is the square ``(c, r) rectangle (c + 1, r + 1)``.  Each colour is
    defined once (``\\definecolor``), each colour class is one style and one
    ``\\filldraw`` path (split every 1,000 pieces so that TeX's memory copes),
    and every domino is one ``rectangle`` of it: the dominoes can be read back
    from the code.  O(dominoes) characters, about 30 per domino.

    Examples
    --------
    >>> from tiling import Region, Tiling
    >>> t = Tiling(Region.rectangle(1, 2), [[(0, 0), (0, 1)]])
    >>> code = to_tikz(t, colors="orientation", title=None, legend=False)
    >>> code.splitlines()[0]
    '\\\\begin{tikzpicture}[x=0.5cm, y=-0.5cm, line join=round]'
    >>> code.splitlines()[-2]
    '\\\\filldraw[tiling class 0] (0,0) rectangle (2,1);'
    """
    from ..model.region import Region
    from ..model.tiling import Tiling
    from . import _annotate as note
    from .draw import certificate_picture, region_picture, tiling_picture

    standalone = check_bool(standalone, "standalone", "to_tikz")
    note.check_title(title, "to_tikz")
    note.check_legend(legend, "to_tikz")
    if isinstance(obj, Tiling):
        picture = tiling_picture(obj, colors, cmap, blocked, who="to_tikz")
    elif isinstance(obj, Region):
        picture = region_picture(obj, blocked)
    elif hasattr(obj, "parts") and hasattr(obj, "region"):
        picture = certificate_picture(obj)
    else:
        raise TypeError(
            f"to_tikz() needs a Tiling, Region or Certificate, got {type(obj).__name__}"
        )
    shown_title = picture.title if title == "auto" else title
    entries = (
        picture.entries if (legend is True or (legend == "auto" and picture.meaningful)) else []
    )
    body = pieces_tikz(picture.pieces, scale=scale, title=shown_title, entries=entries)
    return _document([body]) if standalone else body


def figure_tikz(fig):
    """A standalone document with one TikZ picture per axes of ``fig`` drawn by this library."""
    from ._render import PiecesArtist

    bodies = []
    for ax in fig.axes:
        for artist in ax.get_children():
            if isinstance(artist, PiecesArtist):
                picture = getattr(artist, "picture", None)
                legend = ax.get_legend()
                entries = picture.entries if (picture is not None and legend is not None) else []
                lines = [line.get_xydata() for line in ax.lines]
                bodies.append(
                    pieces_tikz(
                        artist.pieces, title=ax.get_title() or None, entries=entries, lines=lines
                    )
                )
    if not bodies:
        raise TilingError(
            "save(): this figure holds no drawing of a tiling, region or certificate to write "
            "as TikZ; draw one with tiling.plot first (or save as .pgf, matplotlib's own LaTeX)"
        )
    return _document(bodies)


def _document(bodies):
    return (
        "% Drawn by the tiling library; compile with pdflatex.\n"
        "\\documentclass[tikz, border=4pt]{standalone}\n"
        "\\begin{document}\n" + "\n\\quad\n".join(bodies) + "\\end{document}\n"
    )


def _hex(rgba):
    r, g, b = (int(round(float(x) * 255)) for x in rgba[:3])
    return f"{r:02X}{g:02X}{b:02X}"


class _Palette:
    """Colours defined once, by name, in the order they are first used."""

    def __init__(self):
        self.names = {}

    def __call__(self, rgba):
        from matplotlib.colors import to_rgba

        key = _hex(to_rgba(rgba))
        if key not in self.names:
            self.names[key] = f"tiling{len(self.names)}"
        return self.names[key]

    def definitions(self):
        return [f"\\definecolor{{{name}}}{{HTML}}{{{key}}}" for key, name in self.names.items()]


def _num(x):
    """A coordinate as short as it is exact: integers without a point, others to 4 places."""
    x = float(x)
    if x == int(x):
        return str(int(x))
    return f"{x:.4f}".rstrip("0").rstrip(".")


def _rects(rects):
    """``(c0,r0) rectangle (c1,r1)`` for each (r0, c0, r1, c1) row."""
    return [
        f"({_num(c0)},{_num(r0)}) rectangle ({_num(c1)},{_num(r1)})" for r0, c0, r1, c1 in rects
    ]


def _segments(lines):
    return [f"({_num(a[0])},{_num(a[1])}) -- ({_num(b[0])},{_num(b[1])})" for a, b in lines]


def _paths(command, style, items):
    """One command per CHUNK items, all with the same style."""
    return [
        f"{command}[{style}] " + " ".join(items[i : i + CHUNK]) + ";"
        for i in range(0, len(items), CHUNK)
    ]


def pieces_tikz(pieces, *, scale=None, title=None, entries=(), lines=()):
    """The ``tikzpicture`` of a Pieces: colour classes as styles and paths, marks, title, legend."""
    h, w = pieces.shape
    if scale is None:
        scale = min(0.5, PAGE_CM / max(h, w, 1))
    scale = positive_real(scale, "scale (cm per cell)", "to_tikz")
    cell_pt = scale * _POINTS_PER_CM
    lw = round(float(np.clip(0.045 * cell_pt, 0.1, 1.2)), 2)
    stroked = cell_pt >= VECTOR_BORDER_MIN_PT
    palette = _Palette()
    styles, draws = [], []
    if pieces.kind == "dominoes":
        for k, (idx, face, edge, rounded, width) in enumerate(_style_classes(pieces)):
            solid = not rounded and np.allclose(face, edge)
            draw = (
                f"draw={palette(edge)}, line width={_num(lw * width)}pt"
                if stroked and not solid
                else "draw=none"
            )
            styles.append(f"tiling class {k}/.style={{fill={palette(face)}, {draw}}}")
            rects = pieces.rects[idx]
            draws.append(
                f"% class {k}: {quantity(len(rects), 'piece')}, each a rectangle from its "
                "top-left (column, row) to its bottom-right corner"
            )
            draws += _paths("\\filldraw", f"tiling class {k}", _rects(rects))
        if len(pieces.marks):
            styles.append(
                f"tiling mark/.style={{draw={palette(MARK)}, line width={_num(max(lw * 1.3, 0.3))}pt}}"
            )
            draws.append("% uncovered cells")
            c = np.asarray(pieces.marks, float)
            a = np.stack(
                [
                    np.stack([c[:, 1] + 0.28, c[:, 0] + 0.28], 1),
                    np.stack([c[:, 1] + 0.72, c[:, 0] + 0.72], 1),
                ],
                1,
            )
            b = np.stack(
                [
                    np.stack([c[:, 1] + 0.72, c[:, 0] + 0.28], 1),
                    np.stack([c[:, 1] + 0.28, c[:, 0] + 0.72], 1),
                ],
                1,
            )
            draws += _paths("\\draw", "tiling mark", _segments(np.concatenate([a, b])))
    else:
        classes, table = _face_classes(pieces)
        r, c0, c1, key = _runs(classes + 1)
        for k, face in enumerate(table):
            pick = key == k + 1
            rects = np.column_stack([r[pick], c0[pick], r[pick] + 1, c1[pick]])
            styles.append(f"tiling fill {k}/.style={{fill={palette(face)}}}")
            draws.append(f"% colour {k}: {quantity(len(rects), 'run')} of cells")
            draws += _paths("\\fill", f"tiling fill {k}", _rects(rects))
        grid, outline = cell_lines(pieces)
        if len(grid) and stroked:
            styles.append(
                f"tiling grid/.style={{draw={palette(GRID)}, line width={_num(lw * 0.7)}pt}}"
            )
            draws += _paths("\\draw", "tiling grid", _segments(grid))
        if len(outline):
            styles.append(
                f"tiling outline/.style={{draw={palette(EDGE)}, line width={_num(max(lw * 1.4, 0.3))}pt, line cap=rect}}"
            )
            draws += _paths("\\draw", "tiling outline", _segments(outline))
        if pieces.letters is not None and len(pieces.letters[1]) <= 5000 and cell_pt >= 8:
            cells, strings = pieces.letters
            font = "\\scriptsize" if cell_pt < 16 else "\\small"
            draws.append("% letters of the certificate (S, N; s, n)")
            draws += [
                f"\\node[font={font}] at ({_num(cc + 0.5)},{_num(rr + 0.5)}) {{{s}}};"
                for (rr, cc), s in zip(np.asarray(cells).tolist(), strings)
            ]
    for pts in lines:
        pts = np.asarray(pts, float)
        pts = pts[np.isfinite(pts).all(axis=1)]
        if len(pts) > 1:
            coords = " -- ".join(f"({_num(round(x, 3))},{_num(round(y, 3))})" for x, y in pts)
            draws.append(f"\\draw[black, dashed, line width=0.9pt] {coords};")
    if title:
        text = "\\\\".join(_latex(t) for t in title.splitlines())
        draws.append(f"\\node[above, align=center, font=\\small] at ({_num(w / 2)},0) {{{text}}};")
    draws += _legend(entries, palette, h)
    warning = (
        f"% {len(pieces):,} pieces: more than pdflatex's default main memory holds in one "
        f"picture (about {PDFLATEX_PIECES:,});\n% raise main_memory in texmf.cnf, or include "
        "an SVG or PDF of the picture instead\n"
        if len(pieces) > PDFLATEX_PIECES
        else ""
    )
    head = [
        f"\\begin{{tikzpicture}}[x={_num(scale)}cm, y=-{_num(scale)}cm, line join=round]",
        *palette.definitions(),
        "\\tikzset{" + ", ".join(styles) + "}" if styles else "",
    ]
    body = "\n".join(line for line in head if line) + "\n" + "\n".join(draws)
    return warning + body + "\n\\end{tikzpicture}\n"


def _legend(entries, palette, h):
    """One line per entry below the picture: a swatch (or a cross, a dash) and its label."""

    def at(dx, dy):  # page offsets in cm from the picture's bottom-left corner
        return f"([xshift={_num(dx)}cm, yshift={_num(-dy)}cm]0,{h})"

    out = ["% legend"] if entries else []
    for i, entry in enumerate(entries):
        y = 0.35 + 0.45 * i
        if entry.kind == "fill":
            out.append(
                f"\\filldraw[fill={palette(entry.face)}, draw={palette(entry.edge)}, "
                f"line width=0.3pt] {at(0, y)} rectangle {at(0.4, y + 0.3)};"
            )
        elif entry.kind == "mark":
            out.append(
                f"\\draw[{palette(MARK)}, line width=0.6pt] {at(0.08, y + 0.03)} -- "
                f"{at(0.32, y + 0.27)} {at(0.32, y + 0.03)} -- {at(0.08, y + 0.27)};"
            )
        else:
            out.append(
                f"\\draw[black, dashed, line width=0.8pt] {at(0, y + 0.15)} -- {at(0.4, y + 0.15)};"
            )
        out.append(
            f"\\node[right, font=\\footnotesize] at {at(0.45, y + 0.15)} {{{_latex(entry.label)}}};"
        )
    return out


_LATEX_SPECIAL = {
    "\\": "\\textbackslash{}",
    "&": "\\&",
    "%": "\\%",
    "$": "\\$",
    "#": "\\#",
    "_": "\\_",
    "{": "\\{",
    "}": "\\}",
    "~": "\\textasciitilde{}",
    "^": "\\textasciicircum{}",
    "|": "$|$",
    ">": "$>$",
    "<": "$<$",
}


def _latex(text):
    return "".join(_LATEX_SPECIAL.get(ch, ch) for ch in str(text))
