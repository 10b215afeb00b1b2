"""Writing pictures (PNG, SVG, PDF, ...) and animations (GIF, MP4) to files."""

from __future__ import annotations

import os
import pathlib
from typing import Any

from ..errors import TilingError

__all__ = ["save"]


def save(
    obj: Any, path: str | os.PathLike, *, dpi: float | None = None, fps: float | None = None
) -> pathlib.Path:
    """Write a picture (PNG, SVG, PDF, ...) or an animation (GIF, MP4) to ``path``.

    Parameters
    ----------
    obj : Figure, Axes or matplotlib Animation
        What a ``draw_*`` or ``animate_*`` function returned (an Axes saves
        its whole figure).
    path : str or path-like
        The suffix chooses the format: anything the figure's canvas writes
        (``.png``, ``.svg``, ``.pdf``, ...) for pictures; ``.gif`` (Pillow,
        no external program) or ``.mp4`` (needs ``ffmpeg`` on the PATH) for
        animations.
    dpi : float, optional
        Resolution; the figure's own by default.
    fps : float, optional
        Frames per second of an animation (default: from its interval).

    Returns
    -------
    pathlib.Path

    Raises
    ------
    TypeError
        for anything but a Figure, Axes or Animation.
    TilingError
        for an unknown suffix, a picture format for an animation (or the
        reverse), or ``.mp4`` without ffmpeg.

    Examples
    --------
    >>> import tempfile, os
    >>> from tiling import Region, plot
    >>> ax = plot.draw_region(Region.rectangle(2, 2))
    >>> save(ax, os.path.join(tempfile.mkdtemp(), "board.png")).suffix
    '.png'
    """
    from matplotlib import animation
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    path = pathlib.Path(path)
    suffix = path.suffix.lower().lstrip(".")
    if isinstance(obj, animation.Animation):
        return _save_animation(obj, path, suffix, dpi, fps)
    if isinstance(obj, Axes):
        obj = obj.figure
    if not isinstance(obj, Figure):
        raise TypeError(f"save() needs a Figure, Axes or Animation, got {type(obj).__name__}")
    formats = obj.canvas.get_supported_filetypes()
    if suffix not in formats:
        extra = " (.mp4 is for animations)" if suffix == "mp4" else ""
        raise TilingError(
            f"cannot save a picture as {path.suffix or 'a file without suffix'}{extra}; "
            f"use one of {', '.join('.' + f for f in sorted(formats))}"
        )
    obj.savefig(path, dpi=dpi if dpi is not None else "figure")
    return path


def _save_animation(anim, path, suffix, dpi, fps):
    from matplotlib import animation

    if fps is None:
        fps = 1000.0 / max(getattr(anim, "_interval", 500), 1)
    if suffix == "gif":
        writer = animation.PillowWriter(fps=fps)
    elif suffix == "mp4":
        if not animation.writers.is_available("ffmpeg"):
            raise TilingError(
                "saving .mp4 needs the ffmpeg program, which is not on the PATH; "
                "save as .gif instead (no external program)"
            )
        writer = animation.FFMpegWriter(fps=fps)
    else:
        raise TilingError(
            f"cannot save an animation as {path.suffix or 'a file without suffix'}; "
            "use .gif or .mp4"
        )
    anim.save(str(path), writer=writer, dpi=dpi)
    return path
