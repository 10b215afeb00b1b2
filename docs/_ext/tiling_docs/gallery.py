"""The gallery's order, and scripts that wait for an API still to come.

A script may declare the public names it needs in a comment line
``# requires: tiling.probabilities, tiling.plot.draw_probabilities``.  While one
of them is missing from the installed package the script is left out of the
build (and said so in the build log); once it exists the script runs like
every other, with no edit here.
"""

from __future__ import annotations

import re
from pathlib import Path

from .public_api import resolve

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

#: The gallery's order: from the first puzzle to the statistics of large tilings.
ORDER = (
    "plot_chessboard.py",
    "plot_mutilated_proof.py",
    "plot_hall_set.py",
    "plot_max_cover.py",
    "plot_coloring.py",
    "plot_aztec_arctic.py",
    "plot_shuffling_animation.py",
    "plot_exact_sampling.py",
    "plot_heights_3d.py",
    "plot_probabilities.py",
    "plot_temperley.py",
)

_REQUIRES = re.compile(r"^# requires: (.+)$", re.M)


class GalleryOrder:
    """``within_subsection_order``: :data:`ORDER`, then any other script by name."""

    def __init__(self, src_dir):
        self.src_dir = src_dir

    def __call__(self, filename: str):
        name = Path(filename).name
        return (ORDER.index(name), "") if name in ORDER else (len(ORDER), name)

    def __repr__(self) -> str:  # part of the configuration's fingerprint
        return f"GalleryOrder({ORDER!r})"


def tight_pictures(gallery_conf, fname, when=None) -> None:
    """``reset_modules``: pictures saved tight, so side-by-side titles and legends show whole."""
    import matplotlib

    matplotlib.rcParams["savefig.bbox"] = "tight"
    matplotlib.rcParams["savefig.pad_inches"] = 0.1


def requirements(script: Path) -> list[str]:
    match = _REQUIRES.search(script.read_text(encoding="utf-8"))
    return [name.strip() for name in match.group(1).split(",")] if match else []


def missing_requirements(script: Path) -> list[str]:
    missing = []
    for name in requirements(script):
        try:
            resolve(name)
        except LookupError:
            missing.append(name)
    return missing


def waiting_scripts() -> dict[str, list[str]]:
    """Scripts whose required names are not all there yet, with the missing names."""
    waiting = {}
    for script in sorted(EXAMPLES.glob("plot_*.py")):
        missing = missing_requirements(script)
        if missing:
            waiting[script.name] = missing
    return waiting


def skip_waiting_scripts(app, config) -> None:
    """``config-inited``, before sphinx-gallery reads its configuration."""
    from sphinx.util import logging

    logger = logging.getLogger("tiling_docs")
    waiting = waiting_scripts()
    if not waiting:
        return
    conf = config.sphinx_gallery_conf
    names = "|".join(re.escape(name) for name in waiting)
    conf["ignore_pattern"] = rf"(?:{conf.get('ignore_pattern', '^$')})|(?:(?:^|/)(?:{names})$)"
    for name, missing in waiting.items():
        logger.info("gallery: %s left out until %s exist(s)", name, ", ".join(missing))
