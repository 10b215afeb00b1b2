"""Pictures and animations of regions, tilings, proofs and processes (matplotlib).

Every function takes an optional ``ax=`` and returns what it drew on: an
:class:`~matplotlib.axes.Axes` for pictures, a
:class:`~matplotlib.animation.FuncAnimation` for animations.  Nothing is shown
or written unless asked (:func:`save`); everything works headless (Agg).

Coordinates are the library's: cell ``(r, c)`` occupies ``c <= x < c + 1`` and
``r <= y < r + 1`` with ``y`` growing downwards, so row 0 is on top and an
image drawn with ``extent=(0, w, h, 0)`` lines up with the cells.

A picture is one artist that decides how to draw when the figure is drawn,
because only then are the output format and the size of a cell known.  Two
renderers draw the same pieces (dominoes, free cells, blocked cells):

* ``"vector"``, for papers and pictures people read cell by cell: each colour
  class one compound path, so an SVG or PDF holds a handful of ``<path>``
  elements however many dominoes there are, with borders as the paths'
  strokes when cells are wide enough to carry them;
* ``"raster"``, for large tilings on screen or in PNG: the fills as one image
  with a pixel per cell and the borders as merged straight runs (drawn into
  the image past a few hundred thousand runs; left out below 5 screen pixels
  a cell, where they would hide the colours).  The cost is linear in the
  number of cells, so a million dominoes draw and save in about a second.

``style="auto"`` draws vector paths in vector formats (SVG, PDF) at any size
and in raster formats up to :data:`MAX_PATCHES` pieces, the raster image
beyond.  :func:`to_tikz` writes the same pictures as TikZ for LaTeX.

Palettes are colour-blind safe: fills from Paul Tol's "light" scheme, the four
shuffling orientations and highlights from Okabe & Ito (2008).

Modules: :mod:`~tiling.plot.draw` (pictures), :mod:`~tiling.plot.animate`
(animations), :mod:`~tiling.plot.heights` (height maps, surfaces and flip
sequences), :mod:`~tiling.plot.temperley` (Temperley's bijection),
:mod:`~tiling.plot.probabilities` (heat maps of placement probabilities),
:func:`~tiling.plot.save` (files) and :func:`~tiling.plot.to_tikz` (LaTeX).  Plotting depends on results
(regions, tilings, certificates) and on the public API, never the reverse.
"""

from .._lazy import attach

__getattr__, __dir__, __all__ = attach(
    __name__,
    {
        "draw_region": ".draw:draw_region",
        "draw_tiling": ".draw:draw_tiling",
        "draw_certificate": ".draw:draw_certificate",
        "draw_arctic_curve": ".draw:draw_arctic_curve",
        "animate_matching": ".animate:animate_matching",
        "animate_coloring": ".animate:animate_coloring",
        "animate_shuffling": ".animate:animate_shuffling",
        "draw_heights": ".heights:draw_heights",
        "animate_tilings": ".heights:animate_tilings",
        "save": "._save:save",
        "to_tikz": "._tikz:to_tikz",
        "draw_temperley": ".temperley:draw_temperley",
        "draw_probabilities": ".probabilities:draw_probabilities",
        "raster_image": "._render:raster_image",
        "PALETTE": "._colors:PALETTE",
        "ORIENTATION_COLORS": "._colors:ORIENTATION_COLORS",
        "MAX_PATCHES": "._colors:MAX_PATCHES",
        "DIRECTION_COLORS": "._colors:DIRECTION_COLORS",
        "AUTO_MIN_PX": "._colors:AUTO_MIN_PX",
    },
    submodules=["draw", "animate", "heights"],
)
