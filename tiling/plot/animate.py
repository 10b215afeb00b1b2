"""Animations: Kuhn's augmenting paths, a colouring step by step, domino shuffling."""

from __future__ import annotations

from typing import Any

import numpy as np

from .._format import quantity
from ..errors import TilingError
from ..model.region import Region, require_region
from ..model.tiling import Tiling, require_tiling
from . import _annotate as note
from ._colors import (
    CLASS_WORDS,
    MARK,
    ORIENTATION_COLORS,
    PALETTE,
    UNCOLORED,
    categorical,
    domino_colors,
    rgba,
)
from ._pieces import tiling_pieces
from ._render import check_axes, new_axes, render

__all__ = ["animate_matching", "animate_coloring", "animate_shuffling"]


def _animation(ax, n_frames, draw_frame, interval, pause=0.0):
    """A FuncAnimation of ``n_frames`` frames; the last one held ``pause`` seconds longer.

    The per-frame durations are the animation's ``durations`` attribute
    (milliseconds), which :func:`~tiling.plot.save` writes into a GIF.
    """
    from matplotlib.animation import FuncAnimation

    interval = _check_interval(interval)
    pause = _check_pause(pause)

    def update(i):
        ax.clear()
        draw_frame(i)
        return []

    update(0)
    anim = FuncAnimation(
        ax.figure,
        update,
        frames=n_frames,
        interval=interval,
        blit=False,
        repeat=True,
        cache_frame_data=False,
    )
    anim.n_frames = n_frames  # documented: what save() writes, frame by frame
    anim.durations = [interval] * n_frames
    anim.durations[-1] += int(round(1000 * pause))
    # Frame 0 is already on the axes, so matplotlib's warning about an
    # animation "deleted without rendering anything" would be misleading.
    anim._draw_was_started = True
    return anim


def _check_interval(interval):
    from .._validation import positive_int

    return positive_int(interval, "interval (milliseconds)", "animate")


def _check_pause(pause):
    from .._validation import positive_real

    if isinstance(pause, (int, float)) and not isinstance(pause, bool) and pause == 0:
        return 0.0
    return positive_real(pause, "pause (seconds)", "animate")


def _replay_paths(region, paths):
    """The matchings before and after each augmenting path, as mate arrays over cells.

    Returns a list of (mate_before, mate_after, path_cells) with mates as
    flat-index arrays (-1 = uncovered).  Raises TilingError when a path does
    not alternate over the current matching.
    """
    h, w = region.shape
    mate = np.full(h * w, -1, dtype=np.int64)
    out = []
    for number, path in enumerate(paths):
        try:
            cells = np.asarray(path, dtype=np.int64)
        except (TypeError, ValueError):
            raise TypeError(
                f"augmenting path {number} is not a list of (row, col) cells but "
                f"{type(path).__name__}; pass the paths of tiling.matching.kuhn_steps(region)"
            ) from None
        cells = cells.reshape(-1, 2)
        if len(cells) < 2 or len(cells) % 2:
            raise TilingError(
                f"augmenting path {number} has {len(cells)} cells; it needs an even number >= 2"
            )
        region._check_inside(cells, f"augmenting path {number} visits")
        flat = cells[:, 0] * w + cells[:, 1]
        steps = np.abs(np.diff(cells, axis=0)).sum(axis=1)
        if np.any(steps != 1):
            raise TilingError(f"augmenting path {number} jumps between cells that do not touch")
        if mate[flat[0]] != -1 or mate[flat[-1]] != -1:
            raise TilingError(f"augmenting path {number} does not start and end at uncovered cells")
        inner = flat[1:-1].reshape(-1, 2)
        if np.any(mate[inner[:, 0]] != inner[:, 1]):
            raise TilingError(
                f"augmenting path {number} does not alternate: its cells 1-2, 3-4, ... "
                "are not all dominoes of the current matching"
            )
        before = mate.copy()
        pairs = flat.reshape(-1, 2)
        mate[pairs[:, 0]] = pairs[:, 1]
        mate[pairs[:, 1]] = pairs[:, 0]
        out.append((before, mate.copy(), cells))
    return out


def _mate_tiling(region, mate):
    """The Tiling of a mate array (each pair once, lower flat index first)."""
    w = region.shape[1]
    a = np.flatnonzero((mate >= 0) & (np.arange(len(mate)) < mate))
    b = mate[a]
    dominoes = np.stack([np.column_stack([a // w, a % w]), np.column_stack([b // w, b % w])], 1)
    return Tiling(region, dominoes)


def animate_matching(
    region: Region, steps: Any, *, ax: Any = None, interval: int = 700, pause: float = 2.0
) -> Any:
    """Animate Kuhn's algorithm: each augmenting path, then the dominoes it flips.

    Parameters
    ----------
    region : Region
    steps : list of augmenting paths
        As returned by ``tiling.matching.kuhn_steps(region)``: each
        path a list of ``(row, col)`` cells from an uncovered cell to an
        uncovered cell, whose cells 1-2, 3-4, ... were dominoes before the
        augmentation and whose cells 0-1, 2-3, ... are dominoes after it.
        The replay starts from no dominoes and checks every path.
    ax : matplotlib Axes, optional
    interval : int
        Milliseconds between frames.
    pause : float
        Seconds the last frame is held (in a GIF written by :func:`save`).

    Returns
    -------
    matplotlib.animation.FuncAnimation
        ``1 + 2 * len(paths)`` frames (attribute ``n_frames``): the empty
        region, then for each path the path over the current dominoes and the
        dominoes after flipping it (the flipped ones in orange).

    Raises
    ------
    TilingError
        if a path does not alternate over the matching built so far.

    Examples
    --------
    >>> anim = animate_matching(Region.rectangle(1, 2), [[(0, 0), (0, 1)]])
    >>> anim.n_frames
    3
    """
    require_region(region, "animate_matching")
    history = _replay_paths(region, list(steps))
    base, flipped = rgba([PALETTE[0]])[0], rgba([PALETTE[1]])[0]
    ax = new_axes(region.shape) if ax is None else check_axes(ax)
    n = len(history)

    def draw_frame(i):
        if i == 0:
            mate, path, when = np.full(region.shape[0] * region.shape[1], -1), None, "start"
        else:
            before, after, path = history[(i - 1) // 2]
            when = "path" if i % 2 else "flip"
            mate = before if when == "path" else after
        tiling = _mate_tiling(region, mate)
        faces = np.tile(base, (len(tiling), 1))
        if path is not None and len(tiling):
            w = region.shape[1]
            on_path = set((path[:, 0] * w + path[:, 1]).tolist())
            first = tiling.dominoes[:, 0]
            hit = np.array([r * w + c in on_path for r, c in first.tolist()])
            faces[hit] = flipped if when == "flip" else rgba(["#BBBBBB"])[0]
        render(ax, tiling_pieces(tiling, faces, "holes"), "auto", "animate_matching")
        if when == "path":
            ax.plot(
                path[:, 1] + 0.5,
                path[:, 0] + 0.5,
                color=MARK,
                linewidth=2.5,
                marker="o",
                markersize=4,
                zorder=5,
                solid_capstyle="round",
            )
        k = (i + 1) // 2
        if when == "start":
            title = f"Kuhn's algorithm: {n} augmenting paths to find"
        elif when == "path":
            title = f"path {k} of {n}: {len(path)} cells, alternating"
        else:
            title = f"path {k} of {n} flipped: {len(tiling)} dominoes"
        ax.set_title(title, fontsize=10)

    return _animation(ax, 1 + 2 * n, draw_frame, interval, pause)


def _replay_coloring(k, steps):
    """The colour array after each step (-1 = not coloured yet); checks the steps."""
    current = np.full(k, -1, dtype=np.int64)
    states = [current.copy()]
    for number, step in enumerate(steps):
        if not isinstance(step, tuple) or not step or step[0] not in ("assign", "swap"):
            raise TilingError(f"colouring step {number} is not ('assign', ...) or ('swap', ...)")
        if step[0] == "assign":
            _, i, color = step
            if not 0 <= int(i) < k:
                raise TilingError(f"colouring step {number} assigns domino {i} of {k}")
            current[int(i)] = int(color)
        else:
            _, idx, a, b = step
            idx = np.asarray(idx, dtype=np.int64).reshape(-1)
            if len(idx) and (idx.min() < 0 or idx.max() >= k):
                raise TilingError(f"colouring step {number} swaps a domino outside 0..{k - 1}")
            chain = current[idx]
            if np.any((chain != a) & (chain != b)):
                raise TilingError(
                    f"colouring step {number} swaps colours {a} and {b} "
                    "on a domino of another colour"
                )
            current[idx] = np.where(chain == a, b, a)
        states.append(current.copy())
    return states


def animate_coloring(
    tiling: Tiling, steps: Any, *, ax: Any = None, interval: int = 300, pause: float = 2.0
) -> Any:
    """Animate a colouring: one frame per assignment or Kempe-chain swap.

    Parameters
    ----------
    tiling : Tiling
    steps : list of tuples
        As returned by ``tiling.coloring.color_steps(tiling)``:
        ``("assign", domino_index, color)`` and
        ``("swap", domino_indices, color_a, color_b)`` (the dominoes of a
        Kempe chain exchange colours a and b).
    ax : matplotlib Axes, optional
    interval : int
        Milliseconds between frames.
    pause : float
        Seconds the last frame is held (in a GIF written by :func:`save`).

    Returns
    -------
    matplotlib.animation.FuncAnimation
        ``1 + len(steps)`` frames (attribute ``n_frames``): all dominoes grey,
        then the colouring after each step; the dominoes a step changed get a
        thick border.

    Examples
    --------
    >>> t = Tiling(Region.rectangle(1, 4), [[(0, 0), (0, 1)], [(0, 2), (0, 3)]])
    >>> animate_coloring(t, [("assign", 0, 0), ("assign", 1, 1)]).n_frames
    3
    """
    require_tiling(tiling, "animate_coloring")
    steps = list(steps)
    states = _replay_coloring(len(tiling), steps)
    grey = rgba([UNCOLORED])[0]
    ax = new_axes(tiling.region.shape) if ax is None else check_axes(ax)

    def draw_frame(i):
        state = states[i]
        faces = np.tile(grey, (len(tiling), 1))
        done = state >= 0
        if done.any():
            faces[done] = categorical(state[done])
        pieces = tiling_pieces(tiling, faces, "holes")
        if i == 0:
            title = f"colouring {len(tiling)} dominoes: {len(steps)} steps"
        else:
            step = steps[i - 1]
            changed = np.asarray([step[1]] if step[0] == "assign" else step[1]).reshape(-1)
            pieces.edge_width[changed] = 3.0
            if step[0] == "assign":
                title = f"step {i}/{len(steps)}: domino {step[1]} gets colour {step[2]}"
            else:
                title = (
                    f"step {i}/{len(steps)}: Kempe chain of {len(changed)} "
                    f"swaps colours {step[2]} and {step[3]}"
                )
        render(ax, pieces, "auto", "animate_coloring")
        ax.set_title(title, fontsize=10)

    return _animation(ax, len(states), draw_frame, interval, pause)


def animate_shuffling(
    steps: Any,
    *,
    ax: Any = None,
    colors: Any = "orientation",
    interval: int = 500,
    phases: bool = True,
    zoom: bool = True,
    pause: float = 2.5,
) -> Any:
    """Animate domino shuffling: each step's deletion, sliding and creation, as a teacher shows it.

    Parameters
    ----------
    steps : list of Tiling
        As returned by ``tiling.random.shuffle_steps(n, rng=rng)``: the tilings
        of the Aztec diamonds of orders 1..n met in one shuffling run.
    ax : matplotlib Axes, optional
    colors : as for :func:`draw_tiling`
        Default ``"orientation"``: the classes N/S/W/E, which say where each
        domino slides (the frozen corners form as n grows).
    interval : int
        Milliseconds between frames.
    phases : bool
        Three frames per step from order ``m - 1`` to ``m`` (True, the
        default): **deletion** (the bad blocks, pairs of dominoes about to
        collide, outlined in vermillion: an S domino above an N one, or an E
        domino left of a W one), **sliding** (every other domino moves one
        cell in its direction, leaving empty 2 x 2 blocks) and **creation**
        (each empty block gets a new pair, horizontal or vertical by a coin;
        the new ones outlined in black).  False: one frame per order.
    zoom : bool
        Frame each step's diamond (True: early frames are as large as late
        ones and borders scale with the cells); False keeps the frame of the
        largest diamond.
    pause : float
        Seconds the last frame is held (in a GIF written by :func:`save`).

    Returns
    -------
    matplotlib.animation.FuncAnimation
        ``1 + 3 * (n - 1)`` frames with phases, ``n`` without (attribute
        ``n_frames``; per-frame milliseconds in ``durations``).

    Raises
    ------
    TilingError
        With ``phases=True``, if the steps are not the Aztec diamonds of
        orders 1, 2, ... of one shuffling run (the phases are recovered from
        consecutive tilings, and each recovery is checked: the slid dominoes
        must all be dominoes of the next order).

    Notes
    -----
    Domino shuffling (Elkies, Kuperberg, Larsen and Propp 1992; see
    :mod:`tiling.random.shuffling`).  The phases are recomputed here from the
    tilings alone, O(dominoes) per step.

    Examples
    --------
    >>> from tiling.random import shuffle_steps
    >>> anim = animate_shuffling(shuffle_steps(3, rng=0))
    >>> anim.n_frames
    7
    """
    from .._validation import check_bool

    steps = list(steps)
    if not steps:
        raise TilingError("animate_shuffling() needs at least one tiling")
    for t in steps:
        require_tiling(t, "animate_shuffling")
    phases = check_bool(phases, "phases", "animate_shuffling")
    zoom = check_bool(zoom, "zoom", "animate_shuffling")
    shape = (max(t.region.shape[0] for t in steps), max(t.region.shape[1] for t in steps))
    frames = (
        _shuffling_frames(steps)
        if phases
        else [("order", m, None) for m in range(1, len(steps) + 1)]
    )
    last = len(steps)
    ax = new_axes(shape) if ax is None else check_axes(ax)

    def draw_frame(i):
        phase, m, info = frames[i]
        t = steps[m - 1]
        size = 2 * m
        offset = ((shape[0] - size) // 2, (shape[1] - size) // 2)
        title = f"domino shuffling, order {m} of {last}: "
        if phase == "delete":
            prev = steps[m - 2]
            shown, emphasis = prev, info["deleted"]
            offset = (offset[0] + 1, offset[1] + 1)
            k = len(info["deleted"]) // 2
            title += f"1. delete {quantity(k, 'bad block')} (pairs about to collide)"
            edge = MARK
        elif phase == "slide":
            shown, emphasis, edge = info["slid"], np.zeros(0, np.int64), None
            title += "2. slide: N up, S down, W left, E right"
        elif phase == "create":
            shown, emphasis, edge = t, info["created"], "#000000"
            k = len(info["created"]) // 2
            title += f"3. create {quantity(k, 'new pair')} in the empty 2 x 2 blocks"
        else:
            shown, emphasis, edge = t, np.zeros(0, np.int64), None
            title = (
                f"domino shuffling: order {m} of {last}, {quantity(len(t), 'domino', 'dominoes')}"
            )
        faces = domino_colors(shown, colors, None, "animate_shuffling")
        pieces = tiling_pieces(shown, faces, None, shape=shape, offset=offset, mark_uncovered=False)
        if len(emphasis):
            pieces.edges[emphasis] = rgba([edge])[0]
            pieces.edge_width[emphasis] = 2.6
        render(ax, pieces, "auto", "animate_shuffling")
        if zoom:
            view = shape[0] // 2 - m - 0.6, shape[0] // 2 + m + 0.6
            ax.set_xlim(shape[1] // 2 - m - 0.6, shape[1] // 2 + m + 0.6)
            ax.set_ylim(view[1], view[0])
        ax.set_title(title, fontsize=9)
        if m >= 4 and isinstance(colors, str) and colors == "orientation":  # room in the corner
            entries = [note.fill(CLASS_WORDS[k], v) for k, v in ORIENTATION_COLORS.items()]
            if phase == "delete":
                entries.append(note.fill("bad block: deleted", "white", MARK))
            elif phase == "create":
                entries.append(note.fill("new pair", "white", "#000000"))
            ax.legend(handles=[e.handle() for e in entries], loc="upper left", fontsize=7,
                      frameon=False, handlelength=1.2)  # fmt: skip

    return _animation(ax, len(frames), draw_frame, interval, pause)


_SLIDE = {"N": (-1, 0), "S": (1, 0), "W": (0, -1), "E": (0, 1)}


def _shuffling_frames(steps):
    """(phase, order, info) for every frame: creation of order 1, then three per step."""
    for m, t in enumerate(steps, start=1):
        if t.region.cropped() != Region.aztec_diamond(m) or t.region.shape != (2 * m, 2 * m):
            raise TilingError(
                f"animate_shuffling(): step {m} is not a tiling of the Aztec diamond of order "
                f"{m}; pass the steps of tiling.random.shuffle_steps(n), or phases=False"
            )
    frames = [("create", 1, {"created": np.arange(len(steps[0]))})]
    for m in range(2, len(steps) + 1):
        deleted, slid, created = _shuffle_phases(steps[m - 2], steps[m - 1], m)
        frames.append(("delete", m, {"deleted": deleted}))
        frames.append(("slide", m, {"slid": slid}))
        frames.append(("create", m, {"created": created}))
    return frames


def _shuffle_phases(prev, tiling, m):
    """The bad blocks of ``prev`` (order m - 1), the slid tiling and the created dominoes.

    Returns (indices of prev's deleted dominoes, the slid partial Tiling of
    order m, indices of ``tiling``'s created dominoes).
    """
    d = prev.dominoes
    classes = prev.shuffling_classes()
    labels = prev.labels()
    h, w = labels.shape
    pad = np.pad(labels, ((0, 1), (0, 1)), constant_values=-1)
    r, c = d[:, 0, 0], d[:, 0, 1]
    # an S domino directly above an N one, or an E domino directly left of a W one
    below, below_right = pad[r + 1, c], pad[r + 1, c + 1]
    right, right_below = pad[r, c + 1], pad[r + 1, c + 1]
    bad_s = (classes == "S") & (below >= 0) & (below == below_right)
    bad_s &= classes[np.maximum(below, 0)] == "N"
    bad_e = (classes == "E") & (right >= 0) & (right == right_below)
    bad_e &= classes[np.maximum(right, 0)] == "W"
    deleted = np.concatenate(
        [np.flatnonzero(bad_s), below[bad_s], np.flatnonzero(bad_e), right[bad_e]]
    )
    keep = np.ones(len(d), dtype=bool)
    keep[deleted] = False
    moves = np.array([_SLIDE[k] for k in classes[keep].tolist()], dtype=np.int64).reshape(-1, 2)
    moved = d[keep] + 1 + moves[:, None, :]  # into the order-m frame, then one step
    region = Region.aztec_diamond(m)
    try:
        slid = Tiling(region, moved)
    except TilingError:
        slid = None
    mine = {tuple(x) for x in tiling.dominoes.reshape(-1, 4).tolist()}
    theirs = {tuple(x) for x in moved.reshape(-1, 4).tolist()}
    if slid is None or not theirs <= mine:
        raise TilingError(
            f"animate_shuffling(): orders {m - 1} and {m} are not consecutive steps of one "
            "shuffling run (the dominoes of order {0} do not slide into order {1}); pass "
            "tiling.random.shuffle_steps(n), or phases=False".format(m - 1, m)
        )
    flat = tiling.dominoes.reshape(-1, 4).tolist()
    created = np.array([i for i, x in enumerate(flat) if tuple(x) not in theirs], dtype=np.int64)
    return np.sort(deleted), slid, created
