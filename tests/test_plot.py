"""Tests for tiling.plot: pictures are checked pixel by pixel after a save/read round trip.

Each picture is drawn on an axes that fills its figure (subplots_adjust(0, 0,
1, 1)) at a known size, saved as PNG, read back with Pillow, and the pixel
under a point of the grid is found through ``ax.transData``.  The expected
colours come from the data (the tiling, the colouring, the certificate), never
from the drawing code.
"""

import itertools
import shutil
import subprocess
import sys

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from matplotlib.colors import to_rgb  # noqa: E402
from PIL import Image  # noqa: E402

from tiling import Region, Tiling, examples, plot  # noqa: E402
from tiling.coloring import color, color_steps  # noqa: E402
from tiling.counting.brute import enumerate_tilings  # noqa: E402
from tiling.errors import TilingError  # noqa: E402
from tiling.matching import kuhn, kuhn_steps  # noqa: E402
from tiling.model.examples import block_tiling  # noqa: E402
from tiling.plot import _render, animate  # noqa: E402
from tiling.plot._colors import (  # noqa: E402
    BLOCKED,
    EDGE,
    FREE,
    HIGHLIGHT,
    MARK,
    NEIGHBOR,
    domino_colors,
)
from tiling.plot._pieces import tiling_pieces  # noqa: E402
from tiling.proofs import certificates  # noqa: E402
from tiling.random import sample_aztec, shuffle_steps  # noqa: E402

from .strategies import balanced_regions  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


# ---------------------------------------------------------------------------- helpers
class Picture:
    """A saved and re-read picture with a data -> pixel map."""

    def __init__(self, ax, path):
        fig = ax.figure
        plot.save(fig, path)
        self.rgb = np.asarray(Image.open(path).convert("RGB"), dtype=float) / 255.0
        self.ax = ax
        self.height = self.rgb.shape[0]

    def at(self, x, y):
        """RGB at data point (x = column, y = row) of the grid."""
        px, py = self.ax.transData.transform((x, y))
        return self.rgb[int(self.height - py), int(px)]

    def cell(self, r, c, dx=0.5, dy=0.5):
        return self.at(c + dx, r + dy)

    def segment(self, a, b, n=40):
        """RGB values sampled along the segment between the centres of cells a and b."""
        (r0, c0), (r1, c1) = a, b
        t = np.linspace(0.0, 1.0, n)
        return np.array([self.at(c0 + 0.5 + s * (c1 - c0), r0 + 0.5 + s * (r1 - r0)) for s in t])

    def block(self, r, c):
        """All RGB pixels inside cell (r, c)."""
        (x0, y0), (x1, y1) = self.ax.transData.transform([(c, r), (c + 1, r + 1)])
        rows = slice(int(self.height - y0) + 1, int(self.height - y1) - 1)
        cols = slice(int(x0) + 1, int(x1) - 1)
        return self.rgb[rows, cols].reshape(-1, 3)


def picture(draw, shape, tmp_path, cell_px=40, name="pic.png"):
    """Run ``draw(ax)`` on an axes filling a figure of ``cell_px`` pixels per cell."""
    h, w = shape
    fig, ax = plt.subplots(figsize=(w * cell_px / 100, h * cell_px / 100), dpi=100)
    fig.subplots_adjust(0, 0, 1, 1)
    draw(ax)
    fig.canvas.draw()
    return Picture(ax, tmp_path / name)


def close(rgb, color, tol=0.04):
    return bool(np.all(np.abs(np.asarray(rgb)[..., :3] - np.asarray(to_rgb(color))) <= tol))


def darkness(rgb):
    return float(np.max(np.asarray(rgb)[..., :3], axis=-1).min())


def side_pairs(region):
    """Pairs of side-adjacent cells of a region, top or left cell first."""
    return [tuple(sorted(map(tuple, e))) for e in region.edges().tolist()]


# ---------------------------------------------------------------------------- draw_tiling
# "raster-pixels": the raster renderer's fallback that draws borders into the image.
STYLES = [("vector", 40), ("raster", 10), ("raster-pixels", 10)]


@pytest.fixture
def renderer(request, monkeypatch):
    style, cell_px = request.param
    if style == "raster-pixels":
        # the raster renderer reads its limit from its own module
        monkeypatch.setattr(_render, "MAX_SEGMENTS", 0)
        style = "raster"
    return style, cell_px


@pytest.mark.parametrize("renderer", STYLES, indirect=True)
def test_draw_tiling_one_colour_per_domino_and_borders_between_dominoes(tmp_path, renderer):
    style, cell_px = renderer
    region = Region.rectangle(4, 5).without([(0, 0), (3, 4)])
    tiling = next(itertools.islice(enumerate_tilings(region), 7, None))
    colors = color(tiling, k=4)
    pic = picture(
        lambda ax: plot.draw_tiling(tiling, ax=ax, style=style), region.shape, tmp_path, cell_px
    )
    labels = tiling.labels()
    for i, (a, b) in enumerate(tiling.dominoes.tolist()):
        expected = plot.PALETTE[colors[i]]
        assert close(pic.cell(*a), expected) and close(pic.cell(*b), expected)
        # inside one domino the colour runs from one cell centre to the other
        assert close(pic.segment(a, b), expected)
    for a, b in side_pairs(region):
        if labels[a] != labels[b]:
            # a dark border line crosses the way from one domino to its neighbour
            assert darkness(pic.segment(a, b)) < 0.3, (a, b)


def test_draw_tiling_auto_colours_touching_dominoes_differently(tmp_path):
    tiling = kuhn(examples.holey_board())
    pic = picture(lambda ax: plot.draw_tiling(tiling, ax=ax), tiling.region.shape, tmp_path)
    labels = tiling.labels()
    for a, b in side_pairs(tiling.region):
        if labels[a] != labels[b]:
            assert not np.allclose(pic.cell(*a), pic.cell(*b), atol=0.04), (a, b)


@pytest.mark.parametrize("renderer", STYLES, indirect=True)
def test_blocked_cells_have_the_blocked_colour(tmp_path, renderer):
    style, cell_px = renderer
    region = examples.holey_board()
    tiling = next(enumerate_tilings(region))
    pic = picture(
        lambda ax: plot.draw_tiling(tiling, colors="orientation", ax=ax, style=style),
        region.shape,
        tmp_path,
        cell_px,
    )
    holes = np.concatenate(region.holes())
    for r, c in holes.tolist():
        assert close(pic.cell(r, c), BLOCKED)
    for r, c in region.cells().tolist():
        assert not close(pic.cell(r, c), BLOCKED)


@pytest.mark.parametrize("renderer", STYLES, indirect=True)
def test_uncovered_cells_are_marked_and_covered_ones_are_not(tmp_path, renderer):
    style, cell_px = renderer
    tiling = kuhn(examples.mutilated_chessboard())
    assert len(tiling.uncovered()) == 2
    pic = picture(
        lambda ax: plot.draw_tiling(tiling, colors="#77AADD", ax=ax, style=style),
        tiling.region.shape,
        tmp_path,
        cell_px,
    )
    uncovered = set(map(tuple, tiling.uncovered().tolist()))
    for r, c in tiling.region.cells().tolist():
        pixels = pic.block(r, c)
        marked = np.all(np.abs(pixels - to_rgb(MARK)) < 0.1, axis=1).any()
        assert marked == ((r, c) in uncovered), (r, c)


def test_orientation_colours_follow_nsew_classes(tmp_path):
    region = Region.aztec_diamond(3)
    tiling = list(enumerate_tilings(region))[5]
    pic = picture(
        lambda ax: plot.draw_tiling(tiling, colors="orientation", ax=ax), region.shape, tmp_path
    )
    for (a, b), kind in zip(tiling.dominoes.tolist(), tiling.shuffling_classes(), strict=True):
        assert close(pic.cell(*a), plot.ORIENTATION_COLORS[kind])
        assert close(pic.cell(*b), plot.ORIENTATION_COLORS[kind])


def test_explicit_colours_single_array_and_floats(tmp_path):
    tiling = Tiling(Region.rectangle(1, 6), [[(0, 0), (0, 1)], [(0, 2), (0, 3)], [(0, 4), (0, 5)]])
    pic = picture(
        lambda ax: plot.draw_tiling(tiling, colors=["red", "#00ff00", "blue"], ax=ax),
        (1, 6),
        tmp_path,
        name="a.png",
    )
    assert close(pic.cell(0, 1), "red") and close(pic.cell(0, 2), "#00ff00")
    pic = picture(
        lambda ax: plot.draw_tiling(tiling, colors=(0.2, 0.4, 0.6), ax=ax),
        (1, 6),
        tmp_path,
        name="b.png",
    )
    assert all(close(pic.cell(0, c), (0.2, 0.4, 0.6)) for c in range(6))
    pic = picture(
        lambda ax: plot.draw_tiling(tiling, colors=np.array([0.0, 0.5, 1.0]), cmap="gray", ax=ax),
        (1, 6),
        tmp_path,
        name="c.png",
    )
    assert close(pic.cell(0, 0), "black") and close(pic.cell(0, 5), "white")


def test_bad_colour_arguments_raise_tiling_errors():
    tiling = Tiling(Region.rectangle(2, 2), [[(0, 0), (0, 1)], [(1, 0), (1, 1)]])
    with pytest.raises(TilingError, match="one value per domino"):
        plot.draw_tiling(tiling, colors=[1, 2, 3])
    with pytest.raises(TilingError, match="neither 'auto'"):
        plot.draw_tiling(tiling, colors="rainbow-ish")
    with pytest.raises(TilingError, match="style"):
        plot.draw_tiling(tiling, style="fancy")
    with pytest.raises(TypeError, match="Tiling"):
        plot.draw_tiling(Region.rectangle(2, 2))


@settings(max_examples=8)
@given(balanced_regions(max_height=5, max_width=6))
def test_patches_and_raster_agree_on_cell_colours(region):
    tiling = kuhn(region)
    colors = np.arange(len(tiling)) % len(plot.PALETTE)
    faces = domino_colors(tiling, colors, None, "test")
    pieces = tiling_pieces(tiling, faces, "holes")
    img = plot.raster_image(pieces.labels, pieces.faces, pixels=5, marks=pieces.marks)
    labels = tiling.labels()
    for r, c in region.cells().tolist():
        centre = img[5 * r + 2, 5 * c + 1, :3] / 255.0  # off the mark dot
        lab = labels[r, c]
        expected = plot.PALETTE[colors[lab]] if lab >= 0 else FREE
        assert close(centre, expected, tol=0.01)
    for (r0, c0), (r1, c1) in side_pairs(region):
        # the last pixel line of the first cell's block, halfway along the side
        y, x = (5 * r0 + 4, 5 * c0 + 2) if r1 > r0 else (5 * r0 + 2, 5 * c0 + 4)
        is_border = close(img[y, x, :3] / 255.0, EDGE, tol=0.01)
        assert is_border == (labels[r0, c0] != labels[r1, c1] or labels[r0, c0] < 0)


def test_a_million_dominoes_draw_as_one_image_in_png(tmp_path):
    # (how fast: benchmarks/bench_plot.py)
    tiling = block_tiling(1000, 2000, rng=1)
    ax = plot.draw_tiling(tiling, colors="orientation")
    plot.save(ax, tmp_path / "big.png")
    (artist,) = [a for a in ax.get_children() if isinstance(a, _render.PiecesArtist)]
    assert artist.last_mode == "raster"  # one image, not a path per domino
    img = np.asarray(Image.open(tmp_path / "big.png").convert("RGB"))
    assert img.shape[1] > 1.5 * img.shape[0]  # a 1000 x 2000 board is drawn wide


# ---------------------------------------------------------------------------- regions, certificates
@pytest.mark.parametrize("renderer", STYLES, indirect=True)
def test_draw_region_free_cells_light_holes_blocked_outside_blank(tmp_path, renderer):
    style, cell_px = renderer
    region = examples.figure_7x7()
    holes = {tuple(c) for h in region.holes() for c in h.tolist()}
    pic = picture(
        lambda ax: plot.draw_region(region, ax=ax, style=style, title=None, legend=False),
        region.shape,
        tmp_path,
        cell_px,
    )
    for r in range(7):
        for c in range(7):
            expected = FREE if (r, c) in region else BLOCKED if (r, c) in holes else "white"
            assert close(pic.cell(r, c, 0.3, 0.3), expected), (r, c)
    pic = picture(
        lambda ax: plot.draw_region(region, ax=ax, style=style, blocked="box", title=None),
        region.shape,
        tmp_path,
        cell_px,
        name="box.png",
    )
    for r in range(7):
        for c in range(7):
            assert close(pic.cell(r, c, 0.3, 0.3), FREE if (r, c) in region else BLOCKED), (r, c)
    ax = plot.draw_region(region)
    assert ax.get_xticks().size == 0 and ax.get_yticks().size == 0
    assert ax.get_aspect() == 1.0
    assert ax.get_title() == "a region of 32 cells with 1 hole"


def test_draw_certificate_highlights_s_and_its_neighbours(tmp_path):
    region = examples.figure_7x7()
    cert = certificates.prove_impossible(region)
    assert cert is not None and cert.verify(region)
    pic = picture(lambda ax: plot.draw_certificate(cert, ax=ax), region.shape, tmp_path)
    s = set(map(tuple, np.asarray(cert.cells).tolist()))
    n = set(map(tuple, np.asarray(cert.neighbors).tolist()))
    assert s and len(s) > len(n)
    for cell in region:
        expected = HIGHLIGHT if cell in s else NEIGHBOR if cell in n else FREE
        assert close(pic.cell(*cell, 0.15, 0.15), expected), cell
    title = pic.ax.get_title()
    assert f"|S| = {len(s)} white cells > |N(S)| = {len(n)}" in title
    assert "at least 1 cell stays uncovered" in title


def test_draw_certificate_colour_kind_marks_both_classes(tmp_path):
    region = examples.mutilated_chessboard()
    cert = certificates.prove_impossible(region)
    assert cert.kind == "color" and cert.verify(region)
    pic = picture(lambda ax: plot.draw_certificate(cert, ax=ax), region.shape, tmp_path)
    majority = {tuple(c) for c in np.asarray(cert.cells).tolist()}
    assert len(majority) == 32
    for cell in region:
        expected = HIGHLIGHT if cell in majority else NEIGHBOR
        assert close(pic.cell(*cell, 0.15, 0.15), expected), cell
    for r, c in [(0, 0), (7, 7)]:  # removed corners are outside, not holes: blank
        assert close(pic.cell(r, c), "white")
    assert pic.ax.get_title().startswith("chessboard colours: 32 black cells vs 30 white")


def test_draw_certificate_parity_kind_marks_the_odd_component(tmp_path):
    region = Region.from_ascii("...\n###\n#...")
    cert = certificates.prove_impossible(region)
    assert cert.kind == "parity" and cert.verify(region)
    pic = picture(lambda ax: plot.draw_certificate(cert, ax=ax), region.shape, tmp_path)
    odd = {tuple(c) for c in np.asarray(cert.cells).tolist()}
    assert len(odd) == 3
    for cell in region:
        assert close(pic.cell(*cell, 0.15, 0.15), HIGHLIGHT if cell in odd else FREE), cell
    assert pic.ax.get_title() == (
        "parity: a piece has 3 cells, an odd number\nat least 1 cell stays uncovered"
    )


def test_draw_certificate_rejects_other_objects():
    with pytest.raises(TypeError, match="Certificate"):
        plot.draw_certificate(Region.rectangle(2, 2))


# ---------------------------------------------------------------------------- animations
def gif_frames(anim, path):
    plot.save(anim, path, fps=10, dpi=40)
    with Image.open(path) as im:
        return im.n_frames


def test_animate_matching_replays_kuhn_to_its_result(tmp_path):
    region = examples.ring().with_cells([(0, 3), (1, 3)])
    tiling, paths = kuhn(region), kuhn_steps(region)
    history = animate._replay_paths(region, paths)
    assert animate._mate_tiling(region, history[-1][1]) == tiling
    anim = plot.animate_matching(region, paths)
    assert anim.n_frames == 1 + 2 * len(paths)
    assert gif_frames(anim, tmp_path / "m.gif") == anim.n_frames


def test_animate_matching_rejects_a_path_that_does_not_alternate():
    region = Region.rectangle(1, 4)
    with pytest.raises(TilingError, match="uncovered"):
        plot.animate_matching(region, [[(0, 0), (0, 1)], [(0, 1), (0, 2)]])
    with pytest.raises(TilingError, match="even"):
        plot.animate_matching(region, [[(0, 0), (0, 1), (0, 2)]])
    # the steps are the paths alone, not 0.1's (tiling, paths) pair
    with pytest.raises(TypeError, match="kuhn_steps"):
        plot.animate_matching(region, (kuhn(region), kuhn_steps(region)))


def test_animate_coloring_ends_at_the_recorded_colouring(tmp_path):
    tiling = kuhn(Region.rectangle(4, 4))
    colors, steps = color(tiling, k=4), color_steps(tiling, k=4)
    assert np.array_equal(animate._replay_coloring(len(tiling), steps)[-1], colors)
    anim = plot.animate_coloring(tiling, steps)
    assert anim.n_frames == 1 + len(steps)
    assert gif_frames(anim, tmp_path / "c.gif") == anim.n_frames


def test_animate_coloring_replays_kempe_swaps():
    tiling = Tiling(Region.rectangle(1, 6), [[(0, 0), (0, 1)], [(0, 2), (0, 3)], [(0, 4), (0, 5)]])
    steps = [
        ("assign", 0, 0),
        ("assign", 1, 1),
        ("assign", 2, 0),
        ("swap", np.array([0, 1, 2]), 0, 1),
    ]
    assert animate._replay_coloring(3, steps)[-1].tolist() == [1, 0, 1]
    with pytest.raises(TilingError, match="another colour"):
        animate._replay_coloring(3, steps + [("swap", np.array([0]), 2, 3)])
    assert plot.animate_coloring(tiling, steps).n_frames == 5


def test_animate_shuffling_three_phases_per_step_or_one_frame_per_order(tmp_path):
    steps = shuffle_steps(6, rng=3)
    anim = plot.animate_shuffling(steps)
    assert anim.n_frames == 1 + 3 * 5
    assert gif_frames(anim, tmp_path / "s.gif") == anim.n_frames
    anim = plot.animate_shuffling(steps, phases=False)
    assert anim.n_frames == len(steps) == 6
    assert gif_frames(anim, tmp_path / "t.gif") == 6


# ---------------------------------------------------------------------------- arctic curve
def test_arctic_overlay_is_the_inscribed_circle_of_the_diamond():
    n = 12
    tiling = sample_aztec(n, rng=0)
    ax = plot.draw_tiling(tiling, colors="orientation", arctic=True)
    xy = ax.lines[-1].get_xydata()
    radius = np.hypot(xy[:, 0] - n, xy[:, 1] - n)
    assert np.allclose(radius, n / np.sqrt(2), atol=1e-6 * n)
    # a bias of 2 favours horizontal dominoes: the curve gets wider than tall
    ax = plot.draw_tiling(tiling, colors="orientation", arctic=2.0)
    xy = ax.lines[-1].get_xydata()
    assert np.ptp(xy[:, 0]) > np.ptp(xy[:, 1]) * 1.5
    with pytest.raises(TilingError, match="Aztec"):
        plot.draw_tiling(kuhn(Region.rectangle(2, 4)), arctic=True)


def test_large_aztec_diamond_shows_its_four_frozen_corners(tmp_path):
    n = 80
    tiling = sample_aztec(n, rng=5)
    pic = picture(
        lambda ax: plot.draw_tiling(tiling, colors="orientation", ax=ax, title=None, legend=False),
        tiling.region.shape,
        tmp_path,
        cell_px=3,
    )
    (artist,) = [a for a in pic.ax.get_children() if isinstance(a, _render.PiecesArtist)]
    assert artist.last_mode == "raster"
    # a few cells in from each corner of the diamond, deep in the frozen zones
    corners = {"N": (6, n), "S": (2 * n - 7, n), "W": (n, 6), "E": (n, 2 * n - 7)}
    for kind, (r, c) in corners.items():
        assert close(pic.cell(r, c), plot.ORIENTATION_COLORS[kind], tol=0.05), kind
    assert close(pic.cell(0, 0), "white")  # outside the diamond


# ---------------------------------------------------------------------------- save
def test_save_writes_vector_formats_and_refuses_mismatched_suffixes(tmp_path):
    ax = plot.draw_region(Region.rectangle(2, 3))
    assert plot.save(ax, tmp_path / "r.svg").read_text().lstrip().startswith("<?xml")
    assert (plot.save(ax.figure, tmp_path / "r.pdf")).read_bytes().startswith(b"%PDF")
    with pytest.raises(TilingError, match="animations"):
        plot.save(ax, tmp_path / "r.mp4")
    with pytest.raises(TilingError, match="suffix"):
        plot.save(ax, tmp_path / "r")
    anim = plot.animate_coloring(kuhn(Region.rectangle(2, 2)), [("assign", 0, 0)])
    with pytest.raises(TilingError, match=".gif or .mp4"):
        plot.save(anim, tmp_path / "a.png")
    with pytest.raises(TypeError, match="Figure"):
        plot.save("not a figure", tmp_path / "x.png")


@pytest.mark.skipif(shutil.which("ffmpeg") is not None, reason="ffmpeg is installed")
def test_save_mp4_without_ffmpeg_says_so(tmp_path):
    anim = plot.animate_coloring(kuhn(Region.rectangle(2, 2)), [("assign", 0, 0)])
    with pytest.raises(TilingError, match="ffmpeg"):
        plot.save(anim, tmp_path / "a.mp4")


def test_importing_plot_does_not_import_pyplot():
    code = "import sys, tiling.plot; print('matplotlib.pyplot' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_raster_image_and_colour_arguments_give_one_line_errors():
    for labels, faces in (
        ([[5]], [[1, 1, 1]]),
        ([[0.5]], [[1, 1, 1]]),
        ([[-3]], [[1, 0, 0], [0, 1, 0]]),
    ):
        with pytest.raises(TilingError, match="labels must"):
            plot.raster_image(labels, faces)
    with pytest.raises(TilingError, match="pixels must be a positive integer"):
        plot.raster_image([[0]], [[1, 1, 1]], pixels=-1)
    # a huge faces array of the wrong shape (a broadcast view: no memory) is refused
    # before its conversion to floats, which would take 8 GiB (found by the fuzz)
    huge = np.broadcast_to(np.int64(1), (40000, 27000))
    with pytest.raises(TilingError, match=r"faces must be a \(k, 3\) or \(k, 4\) array"):
        plot.raster_image(np.zeros((2, 2), bool), huge)
    with pytest.raises(TilingError, match="faces must be numeric"):
        plot.raster_image([[0]], [["a", "b", "c"]])
    with pytest.raises(TilingError, match="edges"):
        plot.raster_image([[0]], [[1, 1, 1]], pixels=4, edges=["red"])
    t = block_tiling(4, 4, rng=0)
    with pytest.raises(TilingError, match="0..1"):
        plot.draw_tiling(t, colors=np.full((len(t), 3), 200))
    with pytest.raises(TilingError, match="unknown colormap"):
        plot.draw_tiling(t, colors=np.linspace(0, 1, len(t)), cmap="nope")
    plt.close("all")
