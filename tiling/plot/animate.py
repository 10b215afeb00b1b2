"""Animations: Kuhn's augmenting paths, a colouring step by step, domino shuffling."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import TilingError
from ..model.region import Region, require_region
from ..model.tiling import Tiling, require_tiling
from ._colors import MARK, PALETTE, UNCOLORED, categorical, domino_colors, rgba
from ._pieces import tiling_pieces
from ._render import new_axes, render

__all__ = ["animate_matching", "animate_coloring", "animate_shuffling"]


def _animation(ax, n_frames, draw_frame, interval):
    from matplotlib.animation import FuncAnimation

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
    # Frame 0 is already on the axes, so matplotlib's warning about an
    # animation "deleted without rendering anything" would be misleading.
    anim._draw_was_started = True
    return anim


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


def animate_matching(region: Region, steps: Any, *, ax: Any = None, interval: int = 700) -> Any:
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
    ax = new_axes(region.shape, title_space=True) if ax is None else ax
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
        render(ax, tiling_pieces(tiling, faces, "box"), "auto", "animate_matching")
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

    return _animation(ax, 1 + 2 * n, draw_frame, interval)


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


def animate_coloring(tiling: Tiling, steps: Any, *, ax: Any = None, interval: int = 300) -> Any:
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
    ax = new_axes(tiling.region.shape, title_space=True) if ax is None else ax

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

    return _animation(ax, len(states), draw_frame, interval)


def animate_shuffling(
    steps: Any, *, ax: Any = None, colors: Any = "orientation", interval: int = 400
) -> Any:
    """Animate domino shuffling: the random tilings of orders 1, 2, ..., n grow outward.

    Parameters
    ----------
    steps : list of Tiling
        As returned by ``tiling.random.shuffle_steps(n, rng=rng)``: Aztec diamonds
        of orders 1..n.  Each is drawn centred in the frame of the largest,
        so the growing diamond stays in place.
    ax : matplotlib Axes, optional
    colors : as for :func:`draw_tiling`
        Default ``"orientation"``: the frozen N/S/E/W corners form as n grows.
    interval : int
        Milliseconds between frames.

    Returns
    -------
    matplotlib.animation.FuncAnimation
        ``len(steps)`` frames (attribute ``n_frames``).

    Examples
    --------
    >>> t1 = Tiling(Region.aztec_diamond(1), [[(0, 0), (0, 1)], [(1, 0), (1, 1)]])
    >>> animate_shuffling([t1]).n_frames
    1
    """
    steps = list(steps)
    if not steps:
        raise TilingError("animate_shuffling() needs at least one tiling")
    for t in steps:
        require_tiling(t, "animate_shuffling")
    shape = (max(t.region.shape[0] for t in steps), max(t.region.shape[1] for t in steps))
    ax = new_axes(shape, title_space=True) if ax is None else ax

    def draw_frame(i):
        t = steps[i]
        offset = ((shape[0] - t.region.shape[0]) // 2, (shape[1] - t.region.shape[1]) // 2)
        faces = domino_colors(t, colors, None, "animate_shuffling")
        render(
            ax,
            tiling_pieces(t, faces, None, shape=shape, offset=offset),
            "auto",
            "animate_shuffling",
        )
        ax.set_title(
            f"domino shuffling: step {i + 1} of {len(steps)}, {len(t)} dominoes", fontsize=10
        )

    return _animation(ax, len(steps), draw_frame, interval)
