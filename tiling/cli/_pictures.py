"""Drawing the answers to files (matplotlib on the Agg backend)."""

from __future__ import annotations

import os

from ._io import UserError


def pyplot():
    import matplotlib

    matplotlib.use("Agg")  # the command line only ever writes files
    import matplotlib.pyplot as plt

    return plt


def pair_of_axes():
    """A figure with two panels side by side (a cover and its certificate)."""
    fig, axes = pyplot().subplots(1, 2, figsize=(11, 5.5), layout="constrained")
    return fig, axes


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
        plt.close(fig)


def check_output(path):
    """Fail before the work, not after it, when the picture cannot be written."""
    if path is None:
        return
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise UserError(f"cannot write {path}: no such folder {folder}")
    pyplot()
    from matplotlib.backend_bases import FigureCanvasBase

    formats = FigureCanvasBase.get_supported_filetypes()
    suffix = os.path.splitext(path)[1].lower().lstrip(".")
    if suffix not in formats:
        raise UserError(
            f"cannot write {path}: the picture needs a suffix such as .png, .svg or .pdf"
        )


def dpi_for(tiling):
    """Resolution giving large tilings about four pixels a cell (figures are ~8 inches)."""
    side = max(tiling.region.shape)
    return None if side <= 200 else min(side / 2, 400)


def draw_tiling(tiling, path, colors="auto", arctic=False):
    from .. import plot

    pyplot()
    ax = plot.draw_tiling(tiling, colors=colors, arctic=arctic)
    save_picture(ax, path, dpi=dpi_for(tiling))


def draw_certificate(certificate, path):
    from .. import plot

    pyplot()
    save_picture(plot.draw_certificate(certificate), path)


def draw_cover(tiling, bound, path):
    """The cover beside its certificate, saved to ``path``."""
    from .. import plot

    fig, axes = pair_of_axes()
    plot.draw_tiling(tiling, ax=axes[0])
    plot.draw_certificate(bound, ax=axes[1])
    save_picture(fig, path)
