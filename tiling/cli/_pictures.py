"""Drawing the answers to files (matplotlib on the Agg backend, TikZ, GIF animations)."""

from __future__ import annotations

import os

from ._io import UserError

#: Formats -o writes besides matplotlib's own: TikZ and animations.
EXTRA_FORMATS = ("tex", "gif")

#: Smallest Aztec diamond drawn with its arctic circle: the circle is a limit
#: shape, and on a handful of dominoes it only confuses.
MIN_ARCTIC_ORDER = 10

#: Most frames of an animation written by -o FILE.gif.
MAX_FRAMES = 400


class PictureOptions:
    """What the -o options ask of a picture: dpi, title, colours, legend, arctic curve."""

    def __init__(self, args):
        self.path = getattr(args, "output", None)
        self.dpi = getattr(args, "dpi", None)
        self.title = getattr(args, "title", None)
        self.colors = getattr(args, "colors", None)
        self.legend = getattr(args, "legend", None)
        self.arctic = not getattr(args, "no_arctic", False)

    @property
    def suffix(self):
        return os.path.splitext(self.path)[1].lower().lstrip(".") if self.path else ""

    @property
    def animated(self):
        return self.suffix == "gif"

    def title_arg(self):
        """The library's title= for --title: "auto" unless given, None for an empty one."""
        if self.title is None:
            return "auto"
        return self.title or None

    def legend_arg(self):
        return "auto" if self.legend is None else self.legend


def pyplot():
    import matplotlib

    matplotlib.use("Agg")  # the command line only ever writes files
    import matplotlib.pyplot as plt

    return plt


def save_picture(obj, path, dpi=None):
    """Write a picture or animation with :func:`tiling.plot.save`, then free its figure."""
    from .. import plot

    plt = pyplot()
    fig = getattr(obj, "figure", None) or getattr(obj, "_fig", None) or obj
    try:
        plot.save(obj, path, dpi=dpi)
    except OSError as exc:
        raise UserError(f"cannot write {path}: {exc.strerror or exc}") from None
    finally:
        if not isinstance(fig, str):
            plt.close(fig)


def check_output(path, animation=None):
    """Fail before the work, not after it, when the picture cannot be written.

    ``animation`` names what a ``.gif`` would animate for this command, or
    is None when the command has no animation (a still picture only).
    """
    if path is None:
        return
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise UserError(f"cannot write {path}: no such folder {folder}")
    pyplot()
    from matplotlib.backend_bases import FigureCanvasBase

    formats = set(FigureCanvasBase.get_supported_filetypes()) | set(EXTRA_FORMATS)
    suffix = os.path.splitext(path)[1].lower().lstrip(".")
    if suffix not in formats:
        raise UserError(
            f"cannot write {path}: the picture needs a suffix such as .png, .svg, .pdf, "
            ".tex (TikZ) or .gif (an animation)"
        )
    if suffix == "gif" and animation is None:
        raise UserError(
            f"cannot write {path}: this answer is a still picture; use .png, .svg, .pdf or .tex"
        )


def dpi_for(shape):
    """Resolution giving large pictures about four pixels a cell (figures are ~8 inches)."""
    side = max(shape)
    return None if side <= 200 else min(side / 2, 400)


def _new_axes(shape, options, dpi):
    from ..plot._render import new_axes

    pyplot()
    return new_axes(shape, title=options.title_arg() is not None, dpi=dpi)


def draw_tiling(tiling, options, colors="auto", arctic=False):
    """Draw ``tiling`` to ``options.path`` (for .tex, the TikZ of the same drawing)."""
    from .. import plot

    colors = options.colors or colors
    title, legend = options.title_arg(), options.legend_arg()
    dpi = options.dpi or dpi_for(tiling.region.shape)
    ax = _new_axes(tiling.region.shape, options, dpi)
    try:
        plot.draw_tiling(tiling, colors=colors, ax=ax, arctic=arctic, title=title, legend=legend)
    except ValueError as exc:  # TilingError: a colour matplotlib cannot read, for one
        pyplot().close(ax.figure)
        raise UserError(str(exc)) from None
    save_picture(ax, options.path, dpi=dpi)


def draw_certificate(certificate, options):
    from .. import plot

    title, legend = options.title_arg(), options.legend_arg()
    dpi = options.dpi or dpi_for(certificate.region.shape)
    ax = _new_axes(certificate.region.shape, options, dpi)
    plot.draw_certificate(certificate, ax=ax, title=title, legend=legend)
    save_picture(ax, options.path, dpi=dpi)


def draw_cover(tiling, bound, options):
    """The cover beside its certificate, saved to ``options.path`` (one TikZ picture each)."""
    from .. import plot

    fig, axes = pair_of_axes(dpi=options.dpi)
    title, legend = options.title_arg(), options.legend_arg()
    plot.draw_tiling(
        tiling, ax=axes[0], colors=options.colors or "auto", title=title, legend=legend
    )
    plot.draw_certificate(bound, ax=axes[1], title=title, legend=legend)
    save_picture(fig, options.path, dpi=options.dpi)


def pair_of_axes(dpi=None):
    """A figure with two panels side by side (a cover and its certificate)."""
    kwargs = {} if dpi is None else {"dpi": dpi}
    fig, axes = pyplot().subplots(1, 2, figsize=(11, 5.6), layout="constrained", **kwargs)
    return fig, axes


def animate_matching(region, paths, options):
    """Kuhn's algorithm, path by path, to ``options.path`` (a GIF)."""
    from .. import plot

    frames = 1 + 2 * len(paths)
    if frames > MAX_FRAMES:
        raise UserError(
            f"cannot write {options.path}: Kuhn's algorithm takes {len(paths):,} augmenting paths "
            f"here, {frames:,} frames (at most {MAX_FRAMES}); animate a region of at most "
            f"{MAX_FRAMES - 1} cells, or draw a picture (.png, .svg, .pdf, .tex)"
        )
    pyplot()
    save_picture(plot.animate_matching(region, paths), options.path, dpi=options.dpi)


def animate_shuffling(steps, options):
    """Domino shuffling in phases to ``options.path`` (a GIF)."""
    from .. import plot

    pyplot()
    colors = options.colors or "orientation"
    save_picture(plot.animate_shuffling(steps, colors=colors), options.path, dpi=options.dpi)
