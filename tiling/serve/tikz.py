"""TikZ documents of what the explorer shows, drawn by :func:`tiling.plot.to_tikz`.

The region, a tiling (with the page's colours), a proof of impossibility, a
cover beside the proof that no cover is larger, or a tiling coloured by its
height function.  Each answer is one standalone LaTeX document that
pdflatex compiles as it is.

For the height function :func:`~tiling.plot.to_tikz` draws the tiling with
each domino filled by the mean height of its two cells, on the page's scale
(the "viridis" map that :func:`tiling.plot.draw_heights` uses, from the
least to the greatest mean of a cell's corners); this module adds what a colour map needs, in the picture's own coordinates (``x``
the column, ``y`` the row, pointing down; see :func:`~tiling.plot.to_tikz`):
a colour scale, the slits, and the height at every corner when the cells
are large enough to hold the numbers.
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = [
    "document",
    "heights_picture",
    "probabilities_picture",
    "in_picture",
    "moved",
    "LABEL_SIDE",
    "POSITION_LABEL_SIDE",
    "COLORMAP",
]

#: Longest side (in cells) of a picture that gets the corner heights written:
#: with the picture 16 cm across at most, cells are then 0.5 cm, room for "-12".
LABEL_SIDE = 32

#: Longest side (in cells) of a picture that gets each domino position's
#: probability written on it: cells are then 1 cm, room for "0.25" on each side.
POSITION_LABEL_SIDE = 16

#: The colour map of heights, the default of :func:`tiling.plot.draw_heights`.
COLORMAP = "viridis"

#: Longest side of a picture in centimetres (as :func:`tiling.plot.to_tikz` sizes it).
PAGE_CM = 16.0


def in_picture(region: Any) -> tuple[Any, tuple[int, int]]:
    """The region moved to the top-left corner for a picture: ``(region, (rows, cols) moved)``.

    The page keeps empty squares around the region (its coordinates are the
    grid's); a picture for a paper starts at its first cell, so that the
    title and the legend sit on the region.  The move keeps ``row + col``
    even, so every cell keeps its colour, and with it the heights and the
    shuffling classes the page shows (one empty column or row may stay).
    """
    from ..model.region import Region

    r0, c0, r1, c1 = region.bounding_box()
    if (r0 + c0) % 2:
        if c0:
            c0 -= 1
        else:
            r0 -= 1
    return Region.from_mask(region.mask[r0:r1, c0:c1]), (r0, c0)


def moved(tiling: Any, region: Any, offset: tuple[int, int]) -> Any:
    """``tiling`` as a tiling of ``region``, its dominoes moved up and left by ``offset``."""
    from ..model.tiling import Tiling

    return Tiling(region, tiling.dominoes - np.asarray(offset, dtype=np.int64))


def document(bodies: list[str]) -> str:
    """A standalone LaTeX document holding the ``tikzpicture`` bodies side by side."""
    return (
        "% Drawn by the tiling explorer (tiling.plot.to_tikz); compile with pdflatex.\n"
        "\\documentclass[tikz, border=4pt]{standalone}\n"
        "\\begin{document}\n"
        + "\\quad\n".join(body.rstrip("\n") + "\n" for body in bodies)
        + "\\end{document}\n"
    )


def heights_picture(tiling: Any) -> str:
    """The ``tikzpicture`` of a perfect ``tiling`` coloured by its height function."""
    from matplotlib import colormaps
    from matplotlib.colors import to_hex

    from ..heights import height
    from ..plot import to_tikz
    from ..plot.heights import MAX_LABELS
    from .height_map import cell_means, side_jumps, slit_segments, slits

    region = tiling.region
    heights = height(tiling)
    jumps = side_jumps(tiling, heights)
    means = cell_means(heights, jumps, region.mask).filled(np.nan)
    d = tiling.dominoes
    values = (means[d[:, 0, 0], d[:, 0, 1]] + means[d[:, 1, 0], d[:, 1, 1]]) / 2
    h, w = region.shape
    scale = min(0.5, PAGE_CM / max(h, w))
    r0, c0, r1, c1 = region.bounding_box()
    corners = int(heights.count())
    labelled = max(r1 - r0, c1 - c0) <= LABEL_SIDE and corners <= MAX_LABELS
    # the page's scale: from the least to the greatest mean of a cell's corners
    low, high = float(np.nanmin(means)), float(np.nanmax(means))
    high = max(high, low + 1)
    cmap = colormaps[COLORMAP]
    colors = [to_hex(cmap(x)) for x in ((values - low) / (high - low)).tolist()]
    title = f"height function: {int(heights.min())} to {int(heights.max())}"
    title += "\neach domino in the colour of its cells' mean height"
    if not labelled:
        title += f" ({corners:,} corners, too many to number)"
    body = to_tikz(tiling, colors=colors, scale=scale, title=title, legend="auto")
    extra = ["% the height function (tiling serve)"]
    extra += _scale_bar(cmap, low, high, (r0, c1), r1 - r0)
    segments = slit_segments(slits(jumps), region.mask)
    if segments:
        extra.append("% slits: the height jumps across these dashed lines (holes it winds around)")
        for (y0, x0), (y1, x1) in segments:
            extra.append(
                f"\\draw[white, line width=1.2pt, dash pattern=on 2pt off 1.5pt] "
                f"({_num(x0)},{_num(y0)}) -- ({_num(x1)},{_num(y1)});"
            )
    if labelled:
        extra.append("% the height at every corner")
        rows, cols = np.nonzero(~np.ma.getmaskarray(heights))
        for r, c in zip(rows.tolist(), cols.tolist()):
            extra.append(
                "\\node[font=\\tiny, inner sep=0.5pt, fill=white, fill opacity=0.8, "
                f"text opacity=1] at ({c},{r}) {{${int(heights[r, c])}$}};"
            )
    end = body.rindex("\\end{tikzpicture}")
    return body[:end] + "\n".join(extra) + "\n" + body[end:]


def probabilities_picture(region: Any, colors: str = "vertical") -> str:
    """The ``tikzpicture`` of the placement probabilities of ``region``, as the page draws them.

    With ``colors="vertical"`` each cell is filled with the colour of the
    probability that a vertical domino covers it
    (:data:`tiling.serve.probability_map.COLORMAP`, 0 always horizontal, 1
    always vertical; a scale beside the picture); with ``"classes"``, with
    the colours of the four shuffling classes mixed in proportion to their
    probabilities (:func:`tiling.plot.probabilities.class_probabilities`, the
    colours of :func:`tiling.plot.draw_probabilities`; a key below).  Each
    domino position is a bar joining its two cells' centres, as wide as it is
    likely, and on pictures of at most :data:`POSITION_LABEL_SIDE` cells
    across the probability is written on it.  Raises
    :class:`~tiling.NoTilingError` when the region has no tiling.
    """
    from matplotlib import colormaps
    from matplotlib.colors import to_rgb

    import tiling

    from ..plot import ORIENTATION_COLORS, to_tikz
    from ..plot.probabilities import class_probabilities
    from .probability_map import COLORMAP, COLORMAP_RANGE, cell_vertical

    horizontal, vertical = tiling.probabilities(region)
    horizontal, vertical = np.asarray(horizontal, float), np.asarray(vertical, float)
    mask = region.mask
    h, w = region.shape
    r0, c0, r1, c1 = region.bounding_box()
    labelled = max(r1 - r0, c1 - c0) <= POSITION_LABEL_SIDE
    scale = min(1.0 if labelled else 0.5, PAGE_CM / max(h, w))
    title = "placement probabilities in a uniformly random tiling"
    if colors == "classes":
        title += "\ncolour: the classes N, S, W, E mixed by their probabilities"
    else:
        title += "\ncolour: the probability that a cell's domino is vertical"
    title += "\nbars: the probability of each domino position"
    body = to_tikz(region, scale=scale, title=title, legend=False)
    cmap = colormaps[COLORMAP]
    low, high = COLORMAP_RANGE
    if colors == "classes":
        classes = class_probabilities(region, (horizontal, vertical))
        rgb = np.zeros((h, w, 3))
        for k in "NSWE":
            rgb += classes[k][..., None] * np.array(to_rgb(ORIENTATION_COLORS[k]))
        what = "the four classes' colours mixed by their probabilities"
    else:
        per_cell = np.clip(cell_vertical(vertical, (h, w)), 0, 1)
        rgb = cmap(low + (high - low) * per_cell)[..., :3]
        what = "its chance of a vertical domino"
    fills = [f"% placement probabilities (tiling serve): each cell by {what}"]
    for r, c in zip(*np.nonzero(mask)):
        red, green, blue = np.clip(rgb[r, c], 0, 1).tolist()
        fills.append(
            f"\\fill[fill={{rgb,255:red,{round(255 * red)};green,{round(255 * green)};"
            f"blue,{round(255 * blue)}}}] ({c},{r}) rectangle ({c + 1},{r + 1});"
        )
    cut = body.find("\\draw[tiling")
    if cut < 0:
        cut = body.rindex("\\end{tikzpicture}")
    body = body[:cut] + "\n".join(fills) + "\n" + body[cut:]

    levels = 24
    bars: dict[int, list[str]] = {}
    labels = []
    positions = [
        (horizontal, 0, 1, mask[:, :-1] & mask[:, 1:]),
        (vertical, 1, 0, mask[:-1] & mask[1:]),
    ]
    for values, dr, dc, keep in positions:
        for r, c in zip(*np.nonzero(keep)):
            p = float(values[r, c])
            a, b = (
                f"({_num(c + 0.5)},{_num(r + 0.5)})",
                f"({_num(c + dc + 0.5)},{_num(r + dr + 0.5)})",
            )
            if round(p * levels) > 0:
                bars.setdefault(round(p * levels), []).append(f"{a} -- {b}")
            if labelled:
                labels.append((c + 0.5 + dc / 2, r + 0.5 + dr / 2, _probability(p)))
    extra = ["% each domino position: a bar as wide as it is likely"]
    for k in sorted(bars):
        width = k / levels * 0.26 * scale
        extra.append(
            f"\\draw[draw={{rgb,255:red,38;green,38;blue,38}}, line width={_num(width)}cm, "
            f"line cap=round] {' '.join(bars[k])};"
        )
    if labelled:
        extra.append("% the probability of each position")
        for x, y, text in labels:
            extra.append(
                "\\node[font=\\tiny, inner sep=0.5pt, fill=white, fill opacity=0.8, "
                f"text opacity=1] at ({_num(x)},{_num(y)}) {{${text}$}};"
            )
    if colors == "classes":
        extra.append("% key: the colours of the four classes")
        for i, k in enumerate("NSWE"):
            red, green, blue = to_rgb(ORIENTATION_COLORS[k])
            x = c0 + 2.2 * i * 0.5 / scale
            extra.append(
                f"\\filldraw[fill={{rgb,255:red,{round(255 * red)};green,{round(255 * green)};"
                f"blue,{round(255 * blue)}}}, draw=black, line width=0.3pt] "
                f"([yshift=-0.35cm]{_num(x)},{r1}) rectangle "
                f"([xshift=0.4cm, yshift=-0.65cm]{_num(x)},{r1});"
            )
            extra.append(
                f"\\node[right, font=\\footnotesize] at "
                f"([xshift=0.45cm, yshift=-0.5cm]{_num(x)},{r1}) {{{k}}};"
            )
    else:
        extra += _scale_bar(
            cmap,
            0.0,
            1.0,
            (r0, c1),
            r1 - r0,
            what="the probability that a cell's domino is vertical",
            span=COLORMAP_RANGE,
        )
    end = body.rindex("\\end{tikzpicture}")
    return body[:end] + "\n".join(extra) + "\n" + body[end:]


def _probability(p: float) -> str:
    """A probability as written on a picture: two decimals, "<0.01" and ">0.99" near the ends."""
    if p in (0.0, 1.0):
        return str(int(p))
    if p < 0.005:
        return "<0.01"
    if p > 0.995:
        return ">0.99"
    return f"{p:.2f}"


def _scale_bar(
    cmap: Any,
    low: float,
    high: float,
    top_right: tuple,
    rows: int,
    *,
    what: str = "the mean height of a cell's corners",
    span: tuple[float, float] = (0.0, 1.0),
) -> list[str]:
    """A vertical colour scale right of the picture, low at the bottom, with its two ends.

    ``span`` is the part of ``cmap`` from ``low`` to ``high``.
    """
    r0, c1 = top_right
    steps = 24
    lines = [f"% colour scale: {what}, as on the page"]
    for k in range(steps):
        x = (steps - 1 - k) / (steps - 1)
        red, green, blue, _ = cmap(span[0] + (span[1] - span[0]) * x)
        y0 = r0 + rows * k / steps
        y1 = r0 + rows * (k + 1) / steps
        lines.append(
            f"\\fill[fill={{rgb,255:red,{round(255 * red)};green,{round(255 * green)};"
            f"blue,{round(255 * blue)}}}] ([xshift=0.3cm]{c1},{_num(y0)}) rectangle "
            f"([xshift=0.6cm]{c1},{_num(y1)});"
        )
    lines.append(
        f"\\draw[line width=0.3pt] ([xshift=0.3cm]{c1},{r0}) rectangle ([xshift=0.6cm]{c1},{r0 + rows});"
    )
    lines.append(
        f"\\node[right, font=\\scriptsize] at ([xshift=0.6cm]{c1},{r0}) {{${_num(high)}$}};"
    )
    lines.append(
        f"\\node[right, font=\\scriptsize] at ([xshift=0.6cm]{c1},{r0 + rows}) {{${_num(low)}$}};"
    )
    return lines


def _num(x: float) -> str:
    """A coordinate without trailing zeros: 2, 2.5, -0.25."""
    return f"{x:.4f}".rstrip("0").rstrip(".")
