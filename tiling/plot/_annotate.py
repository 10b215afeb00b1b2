"""Titles and legends: what a picture shows, in words and in a key of its colour classes."""

from __future__ import annotations

import math

import numpy as np

from .._validation import shown
from ._colors import BLOCKED, EDGE, FREE, MARK

__all__ = ["Entry", "fill", "mark", "line", "hole_entry", "add_legend", "set_title", "check_title"]

LEGEND_CHOICES = ("auto", True, False)


class Entry:
    """One line of a legend: a swatch (``"fill"``), a cross (``"mark"``) or a ``"line"``."""

    def __init__(self, kind, label, face=None, edge=EDGE, style=None):
        self.kind, self.label, self.face, self.edge = kind, label, face, edge
        self.style = style or {}

    def handle(self):
        from matplotlib.lines import Line2D
        from matplotlib.patches import Patch

        if self.kind == "fill":
            return Patch(facecolor=self.face, edgecolor=self.edge, linewidth=0.6, label=self.label)
        if self.kind == "mark":
            return Line2D(
                [], [], marker="x", color=MARK, linestyle="none", markersize=7, label=self.label
            )
        return Line2D([], [], label=self.label, **self.style)


def fill(label, face, edge=EDGE):
    return Entry("fill", label, face, edge)


def mark(label="uncovered cell"):
    return Entry("mark", label)


def line(label, **style):
    return Entry("line", label, style=style)


def hole_entry():
    return fill("hole (not in the region)", BLOCKED, BLOCKED)


def free_entry(label="other cells of the region"):
    return fill(label, FREE)


def add_legend(ax, entries, mask=None):
    """Draw the legend: in an empty top-left corner of the picture if it has one, else below.

    ``mask`` is the picture's grid of drawn cells (True where something is
    drawn); an Aztec diamond leaves its corners empty, a rectangle does not.
    """
    if not entries:
        return None
    handles = [e.handle() for e in entries]
    common = {"fontsize": 8, "frameon": False, "handlelength": 1.4, "handleheight": 1.0}
    if mask is not None and _corner_is_empty(mask) and len(entries) <= 6:
        return ax.legend(handles=handles, loc="upper left", borderaxespad=0.1, **common)
    columns = len(entries) if len(entries) <= 4 else 3  # six entries: two rows of three
    legend = ax.legend(
        handles=handles,
        loc="upper center",
        bbox_to_anchor=(0.5, 0.0),
        ncols=columns,
        borderaxespad=0.2,
        columnspacing=1.2,
        **common,
    )
    legend._tiling_outside = True  # fit_figure makes room for it below the picture
    return legend


def _corner_is_empty(mask):
    h, w = mask.shape
    if min(h, w) < 10:
        return False
    return not mask[: math.ceil(h / 4), : math.ceil(w / 4)].any()


def check_title(title, who):
    if title is not None and not isinstance(title, str):
        raise TypeError(f"{who}(): title must be a string or None, not {type(title).__name__}")
    return title


def check_legend(legend, who):
    if not (isinstance(legend, str) and legend == "auto") and not isinstance(
        legend, (bool, np.bool_)
    ):
        raise TypeError(f"{who}(): legend must be True, False or 'auto', not {shown(legend)}")
    return legend


def set_title(ax, title, automatic, fontsize=10):
    """``title="auto"`` writes ``automatic``; None writes nothing; a string is used as given."""
    text = automatic if title == "auto" else title
    if text:
        ax.set_title(text, fontsize=fontsize)
    return text
