"""Pictures and animations of regions, tilings, proofs and processes (matplotlib).

Every function takes an optional ``ax=`` and returns what it drew on: an
:class:`~matplotlib.axes.Axes` for pictures, a
:class:`~matplotlib.animation.FuncAnimation` for animations.  Nothing is shown
or written unless asked (:func:`save`); everything works headless (Agg).

Coordinates are the library's: cell ``(r, c)`` occupies ``c <= x < c + 1`` and
``r <= y < r + 1`` with ``y`` growing downwards, so row 0 is on top and an
image drawn with ``extent=(0, w, h, 0)`` lines up with the cells.

Two renderers draw the same pieces (dominoes, free cells, blocked cells):

* ``"patches"``, for pictures people read cell by cell: each piece a rounded
  rectangle (:class:`~matplotlib.patches.FancyBboxPatch`) in one
  :class:`~matplotlib.collections.PatchCollection`, with a dark border;
* ``"raster"``, for large tilings: the fills as one image with a pixel per
  cell, and, when cells are at least 5 screen pixels wide, the borders as
  one :class:`~matplotlib.collections.LineCollection` of merged straight
  runs (drawn into the image instead, at a few pixels per cell, past
  :data:`MAX_SEGMENTS` runs).  Below 5 pixels borders would hide the
  colours; below one pixel the image is downsampled with antialiasing.  The cost is linear
  in the number of cells, so a million dominoes draw and save in about a
  second.

``style="auto"`` uses patches up to :data:`MAX_PATCHES` pieces.

Palettes are colour-blind safe: fills from Paul Tol's "light" scheme, the four
shuffling orientations and highlights from Okabe & Ito (2008).


Modules: :mod:`~tiling.plot.draw` (pictures), :mod:`~tiling.plot.animate`
(animations), :func:`~tiling.plot.save` (files).  Plotting depends on results
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
        "raster_image": "._render:raster_image",
        "PALETTE": "._colors:PALETTE",
        "ORIENTATION_COLORS": "._colors:ORIENTATION_COLORS",
        "MAX_PATCHES": "._colors:MAX_PATCHES",
        "DIRECTION_COLORS": "._colors:DIRECTION_COLORS",
        "AUTO_MIN_PX": "._colors:AUTO_MIN_PX",
    },
    submodules=["draw", "animate", "heights"],
)
