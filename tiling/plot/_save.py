"""Writing pictures (PNG, SVG, PDF, TikZ, ...) and animations (GIF, MP4) to files."""

from __future__ import annotations

import contextlib
import os
import pathlib
from typing import Any

from ..errors import TilingError

__all__ = ["save"]


def save(
    obj: Any, path: str | os.PathLike, *, dpi: float | None = None, fps: float | None = None
) -> pathlib.Path:
    """Write a picture (PNG, SVG, PDF, TikZ, ...) or an animation (GIF, MP4) to ``path``.

    Parameters
    ----------
    obj : Figure, Axes, matplotlib Animation, Tiling, Region or Certificate
        What a ``draw_*`` or ``animate_*`` function returned (an Axes saves
        its whole figure), or a tiling, region or certificate, which is drawn
        with the defaults of :func:`draw_tiling`, :func:`draw_region` or
        :func:`draw_certificate` first.
    path : str or path-like
        The suffix chooses the format: ``.tex`` a standalone LaTeX document
        with one TikZ picture (see :func:`to_tikz`; for a figure, one picture
        per drawn axes, side by side); anything the figure's canvas writes
        (``.png``, ``.svg``, ``.pdf``, ...) for pictures, where SVG and PDF
        hold each colour class as one compound vector path; ``.gif``
        (Pillow, no external program, each frame its own duration so the
        last one pauses) or ``.mp4`` (needs ``ffmpeg`` on the PATH) for
        animations.
    dpi : float, optional
        Resolution of raster output; the figure's own by default.
    fps : float, optional
        Frames per second of an animation (default: from its interval).

    Returns
    -------
    pathlib.Path

    Raises
    ------
    TypeError
        for anything else.
    TilingError
        for an unknown suffix, a picture format for an animation (or the
        reverse), ``.tex`` for a figure without a drawing of this library, or
        ``.mp4`` without ffmpeg.

    Examples
    --------
    >>> import tempfile, os
    >>> from tiling import Region, plot
    >>> ax = plot.draw_region(Region.rectangle(2, 2))
    >>> save(ax, os.path.join(tempfile.mkdtemp(), "board.png")).suffix
    '.png'
    >>> save(Region.rectangle(2, 2), os.path.join(tempfile.mkdtemp(), "board.tex")).suffix
    '.tex'
    """
    from matplotlib import animation
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    path = pathlib.Path(path)
    suffix = path.suffix.lower().lstrip(".")
    if isinstance(obj, animation.Animation):
        return _save_animation(obj, path, suffix, dpi, fps)
    if _is_result(obj):
        if suffix == "tex":
            from ._tikz import to_tikz

            return _write_text(path, to_tikz(obj, standalone=True))
        obj = _draw_result(obj)
    if isinstance(obj, Axes):
        obj = obj.figure
    if not isinstance(obj, Figure):
        raise TypeError(
            "save() needs a Figure, Axes, Animation, Tiling, Region or Certificate, "
            f"got {type(obj).__name__}"
        )
    if suffix == "tex":
        from ._tikz import figure_tikz

        return _write_text(path, figure_tikz(obj))
    formats = obj.canvas.get_supported_filetypes()
    if suffix not in formats:
        extra = " (.mp4 and .gif are for animations)" if suffix in ("mp4", "gif") else ""
        raise TilingError(
            f"cannot save a picture as {path.suffix or 'a file without suffix'}{extra}; "
            f"use one of {', '.join('.' + f for f in sorted([*formats, 'tex']))}"
        )
    with _written(path) as part:
        obj.savefig(part, dpi=dpi if dpi is not None else "figure")
    return path


@contextlib.contextmanager
def _written(path):
    """A temporary name next to ``path``, renamed to it on success, removed on any failure.

    So an interrupted save (Ctrl-C, a full disk) leaves neither a half-written
    picture nor a temporary file behind.  The temporary name keeps the suffix,
    which tells matplotlib the format.
    """
    part = path.with_name(f".{path.stem}.{os.getpid()}.partial{path.suffix}")
    try:
        yield part
        os.replace(part, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(part)
        raise


def _is_result(obj):
    from ..model.region import Region
    from ..model.tiling import Tiling
    from ..proofs.certificates import Certificate

    return isinstance(obj, (Tiling, Region, Certificate))


def _draw_result(obj):
    from ..model.region import Region
    from ..model.tiling import Tiling
    from .draw import draw_certificate, draw_region, draw_tiling

    if isinstance(obj, Tiling):
        return draw_tiling(obj)
    if isinstance(obj, Region):
        return draw_region(obj)
    return draw_certificate(obj)


def _write_text(path, text):
    with _written(path) as part:
        part.write_text(text, encoding="utf-8")
    return path


def _save_animation(anim, path, suffix, dpi, fps):
    from matplotlib import animation

    if fps is None:
        fps = 1000.0 / max(getattr(anim, "_interval", 500), 1)
    if suffix == "gif":
        writer = _gif_writer_class()(fps=fps, durations=_durations(anim, fps))
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
    with _written(path) as part:
        anim.save(str(part), writer=writer, dpi=dpi)
    return path


def _durations(anim, fps):
    """Milliseconds per frame: the animation's own (a pause on the last frame), at ``fps``."""
    n = getattr(anim, "n_frames", None)
    own = getattr(anim, "durations", None)
    base = 1000.0 / fps
    if own is None or n is None:
        return None
    interval = max(getattr(anim, "_interval", base), 1)
    return [int(round(d * base / interval)) for d in own]


def _gif_writer_class():
    from matplotlib import animation

    class DurationsGifWriter(animation.PillowWriter):
        """Pillow's GIF writer, with one duration per frame (so the last one can pause)."""

        def __init__(self, *args, durations=None, **kwargs):
            super().__init__(*args, **kwargs)
            self._durations = durations

        def finish(self):
            durations = self._durations
            if durations is None or len(durations) != len(self._frames):
                return super().finish()
            self._frames[0].save(
                self.outfile,
                save_all=True,
                append_images=self._frames[1:],
                duration=durations,
                loop=0,
            )

    return DurationsGifWriter
