"""Pictures for papers, talks and classrooms: vector files, TikZ, conventions, legends,
size-adaptive colouring, canvases, the arctic curve, shuffling phases, Temperley.

Every picture is read back from the file it was written to (SVG parsed as XML,
TikZ parsed with regular expressions, PNG as pixels) and compared with the
tiling, region or certificate it shows, computed independently here.
"""

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import networkx as nx  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.colors import to_rgb  # noqa: E402
from PIL import Image  # noqa: E402

import tiling  # noqa: E402
from tiling import Region, Tiling, examples, plot  # noqa: E402
from tiling.errors import TilingError  # noqa: E402
from tiling.graphs import temperley  # noqa: E402
from tiling.matching import kuhn  # noqa: E402
from tiling.model.examples import block_tiling  # noqa: E402
from tiling.plot import _render, animate  # noqa: E402
from tiling.plot._colors import BLOCKED, FREE, MARK  # noqa: E402
from tiling.random import sample_aztec, shuffle_steps  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


# ---------------------------------------------------------------------------- SVG and PDF
SVG = "{http://www.w3.org/2000/svg}"
_NUMBER = r"-?\d+(?:\.\d+)?"


def svg_paths(path):
    """(fill colour, list of subpaths as (k, 2) point arrays) for each <path> with a fill."""
    root = ET.parse(path).getroot()
    assert not list(root.iter(SVG + "image")), "the SVG holds a raster image"
    out = []
    for el in root.iter(SVG + "path"):
        style = el.get("style", "")
        fill = re.search(r"fill:\s*(#[0-9a-fA-F]{6})", style)
        if not fill:
            continue
        subpaths = []
        for part in re.split(r"\s*z\s*", el.get("d", "")):
            pts = re.findall(rf"[ML]\s*({_NUMBER})\s+({_NUMBER})", part)
            if pts:
                subpaths.append(np.array(pts, dtype=float))
        out.append((fill.group(1).upper(), subpaths))
    return out


def rects_to_cells(subpaths, shape):
    """Each axis-aligned rectangle read back as the grid cells it covers.

    The grid is recovered from the coordinates alone: the smallest x and y
    are column 0 and row 0 (the test tilings fill their box), the largest are
    the far sides, so one cell is (max - min) / width points.
    """
    pts = np.concatenate(subpaths)
    h, w = shape
    x0, x1 = pts[:, 0].min(), pts[:, 0].max()
    y0, y1 = pts[:, 1].min(), pts[:, 1].max()
    sx, sy = (x1 - x0) / w, (y1 - y0) / h
    rects = []
    for sp in subpaths:
        c0, c1 = np.rint((np.array([sp[:, 0].min(), sp[:, 0].max()]) - x0) / sx).astype(int)
        r0, r1 = np.rint((np.array([sp[:, 1].min(), sp[:, 1].max()]) - y0) / sy).astype(int)
        rects.append((r0, c0, r1, c1))
    return rects


def domino_rects(t):
    d = t.dominoes
    return {
        (
            int(min(a[0], b[0])),
            int(min(a[1], b[1])),
            int(max(a[0], b[0]) + 1),
            int(max(a[1], b[1]) + 1),
        )
        for a, b in d.tolist()
    }


def test_svg_of_a_hundred_thousand_dominoes_is_vector_paths_covering_the_tiling(tmp_path):
    t = block_tiling(400, 500, rng=3)
    assert len(t) == 100_000
    ax = plot.draw_tiling(t, colors="hv", title=None, legend=False)
    path = plot.save(ax, tmp_path / "big.svg")
    assert path.stat().st_size < 10 * 2**20
    paths = svg_paths(path)
    # one compound path per colour class: horizontal and vertical
    by_colour = {colour: subpaths for colour, subpaths in paths if len(subpaths) > 1}
    assert set(by_colour) == {"#EE8866", "#77AADD"}
    every = [sp for sps in by_colour.values() for sp in sps]
    rects = rects_to_cells(every, t.region.shape)
    assert len(rects) == len(t)
    assert set(rects) == domino_rects(t)  # each subpath is one domino, and all are there
    covered = np.zeros(t.region.shape, dtype=int)
    for r0, c0, r1, c1 in rects:
        covered[r0:r1, c0:c1] += 1
    assert (covered == 1).all()  # their union is exactly the tiling's cells, once each
    horizontal = {r for r in domino_rects(t) if r[3] - r[1] == 2}
    # the horizontal class holds exactly the horizontal dominoes
    all_pts = np.concatenate(every)
    x0, y0 = all_pts[:, 0].min(), all_pts[:, 1].min()
    sx = (all_pts[:, 0].max() - x0) / 500
    sy = (all_pts[:, 1].max() - y0) / 400
    read_h = set()
    for sp in by_colour["#EE8866"]:
        c0, c1 = np.rint((np.array([sp[:, 0].min(), sp[:, 0].max()]) - x0) / sx).astype(int)
        r0, r1 = np.rint((np.array([sp[:, 1].min(), sp[:, 1].max()]) - y0) / sy).astype(int)
        read_h.add((r0, c0, r1, c1))
    assert read_h == horizontal


def test_small_svg_has_one_path_per_colour_class_with_rounded_dominoes(tmp_path):
    t = kuhn(examples.holey_board())
    colors = tiling.color(t, k=4)
    ax = plot.draw_tiling(t)
    paths = svg_paths(plot.save(ax, tmp_path / "small.svg"))
    used = {plot.PALETTE[c].upper() for c in colors.tolist()}
    fills = [colour for colour, sps in paths if colour in used]
    assert sorted(fills) == sorted(used)  # each colour once
    count = sum(len(sps) for colour, sps in paths if colour in used)
    assert count == len(t)


def test_pdf_is_vector_without_images(tmp_path):
    t = block_tiling(200, 250, rng=1)
    ax = plot.draw_tiling(t)
    data = plot.save(ax, tmp_path / "big.pdf").read_bytes()
    assert data.startswith(b"%PDF")
    assert b"/Subtype /Image" not in data
    ax = plot.draw_tiling(t, style="raster")  # raster only when asked
    data = plot.save(ax, tmp_path / "raster.pdf").read_bytes()
    assert b"/Subtype /Image" in data


# ---------------------------------------------------------------------------- TikZ
_RECT = re.compile(rf"\(({_NUMBER}),({_NUMBER})\) rectangle \(({_NUMBER}),({_NUMBER})\)")


def tikz_classes(code):
    """{style name: fill colour hex} and {style name: list of (r0, c0, r1, c1)} read back."""
    colours = dict(re.findall(r"\\definecolor\{(\w+)\}\{HTML\}\{([0-9A-F]{6})\}", code))
    fills = {
        name: colours[fill]
        for name, fill in re.findall(r"(tiling class \d+)/\.style=\{fill=(\w+)", code)
    }
    rects = {}
    for name, body in re.findall(r"\\filldraw\[(tiling class \d+)\] ([^;]*);", code):
        for c0, r0, c1, r1 in _RECT.findall(body):
            rects.setdefault(name, []).append((int(r0), int(c0), int(r1), int(c1)))
    return fills, rects


def test_tikz_read_back_gives_the_same_dominoes_and_colours():
    t = tiling.sample(Region.rectangle(6, 8), rng=4)
    code = plot.to_tikz(t, colors="orientation")
    fills, rects = tikz_classes(code)
    read = [r for rs in rects.values() for r in rs]
    assert len(read) == len(t) and set(read) == domino_rects(t)
    classes = dict(zip(map(lambda d: tuple(sorted(map(tuple, d))), t.dominoes.tolist()),
                       t.shuffling_classes().tolist()))  # fmt: skip
    for name, rs in rects.items():
        for r0, c0, r1, c1 in rs:
            cells = tuple(sorted({(r0, c0), (r1 - 1, c1 - 1)}))
            assert "#" + fills[name] == plot.ORIENTATION_COLORS[classes[cells]].upper()
    assert "\\begin{tikzpicture}" in code and "\\documentclass" not in code
    assert "N: horizontal, moves up" in code  # the legend


def test_tikz_of_a_large_tiling_splits_paths_and_warns_about_pdflatex_memory():
    t = block_tiling(200, 250, rng=2)
    code = plot.to_tikz(t)
    _, rects = tikz_classes(code)
    assert sum(len(r) for r in rects.values()) == len(t)
    assert max(line.count("rectangle") for line in code.splitlines()) <= 1000
    assert "pdflatex's default main memory" in code


def test_tikz_of_regions_and_certificates_marks_their_cells():
    region = examples.figure_7x7()
    code = plot.to_tikz(region)
    fills = re.findall(r"\\fill\[tiling fill \d+\] ([^;]*);", code)
    cells = set()
    for body in fills:
        for c0, r0, c1, _ in _RECT.findall(body):
            cells |= {(int(r0), c) for c in range(int(c0), int(c1))}
    holes = {tuple(c) for h in region.holes() for c in h.tolist()}
    assert cells == set(map(tuple, region.cells().tolist())) | holes
    cert = tiling.prove_impossible(region)
    code = plot.to_tikz(cert)
    letters = re.findall(rf"\\node\[font=\\\w+\] at \(({_NUMBER}),({_NUMBER})\) \{{([SN])\}}", code)
    s = {(int(float(y) - 0.5), int(float(x) - 0.5)) for x, y, k in letters if k == "S"}
    n = {(int(float(y) - 0.5), int(float(x) - 0.5)) for x, y, k in letters if k == "N"}
    assert s == set(map(tuple, cert.cells.tolist()))
    assert n == set(map(tuple, cert.neighbors.tolist()))


def _latex_ready():
    if shutil.which("pdflatex") is None:
        return "pdflatex is not installed (apt-get install texlive-latex-extra texlive-pictures)"
    kpse = shutil.which("kpsewhich")
    if kpse is None:
        return "kpsewhich is not installed"
    for name in ("standalone.cls", "tikz.sty"):
        found = subprocess.run([kpse, name], capture_output=True, text=True).stdout.strip()
        if not found:
            return f"the LaTeX installation has no {name}"
    return None


@pytest.mark.skipif(_latex_ready() is not None, reason=str(_latex_ready()))
def test_standalone_tikz_documents_compile_with_pdflatex(tmp_path):
    t = tiling.sample(Region.rectangle(6, 6), rng=1)
    plot.save(t, tmp_path / "tiling.tex")
    plot.save(tiling.cover_bound(examples.figure_7x7()), tmp_path / "cover.tex")
    ax = plot.draw_tiling(sample_aztec(12, rng=1), colors="orientation", arctic=True)
    plot.save(ax, tmp_path / "aztec.tex")
    for name in ("tiling", "cover", "aztec"):
        done = subprocess.run(
            ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", f"{name}.tex"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stdout[-2000:]
        assert (tmp_path / f"{name}.pdf").read_bytes().startswith(b"%PDF")


def test_save_of_a_figure_as_tex_needs_a_drawing_of_this_library(tmp_path):
    fig, ax = plt.subplots()
    ax.plot([0, 1], [0, 1])
    with pytest.raises(TilingError, match="no drawing"):
        plot.save(fig, tmp_path / "x.tex")
    with pytest.raises(TypeError, match="Tiling, Region or Certificate"):
        plot.to_tikz("not a tiling")


# ---------------------------------------------------------------------------- conventions
def png(ax, path):
    plot.save(ax, path)
    return np.asarray(Image.open(path).convert("RGB"), dtype=float) / 255.0


def pixel(rgb, ax, r, c, dx=0.5, dy=0.5):
    x, y = ax.transData.transform((c + dx, r + dy))
    return rgb[int(rgb.shape[0] - y), int(x)]


def near(a, colour, tol=0.05):
    return bool(np.all(np.abs(np.asarray(a)[:3] - np.asarray(to_rgb(colour))) <= tol))


SHAPE = """
 .....
 .#...
 .....
  ...
"""


def test_outside_holes_and_uncovered_cells_look_the_same_in_every_drawing(tmp_path):
    region = Region.from_ascii(SHAPE)  # outside at (0, 0) and (3, 1); a hole at (1, 2); odd
    hole = (1, 2)
    assert {tuple(c) for h in region.holes() for c in h.tolist()} == {hole}
    cover = tiling.max_cover(region)
    bound = tiling.cover_bound(region)
    drawings = {
        "tiling": plot.draw_tiling(cover, colors="#77AADD"),
        "region": plot.draw_region(region),
        "certificate": plot.draw_certificate(bound),
    }
    uncovered = {tuple(c) for c in cover.uncovered().tolist()}
    assert uncovered  # the hole leaves the region unbalanced
    for name, ax in drawings.items():
        rgb = png(ax, tmp_path / f"{name}.png")
        for outside in ((0, 0), (3, 1)):
            assert near(pixel(rgb, ax, *outside), "white"), (name, outside)
        assert near(pixel(rgb, ax, *hole), BLOCKED), name
        if name == "tiling":
            for cell in uncovered:
                assert near(pixel(rgb, ax, *cell, 0.1, 0.5), FREE), cell
                x0, y0 = ax.transData.transform((cell[1], cell[0]))
                x1, y1 = ax.transData.transform((cell[1] + 1, cell[0] + 1))
                block = rgb[int(rgb.shape[0] - y0) : int(rgb.shape[0] - y1), int(x0) : int(x1)]
                assert (np.abs(block - to_rgb(MARK)).max(axis=-1) < 0.15).any(), cell
        assert ax.get_title(), name  # every drawing says what it shows


def test_legend_is_drawn_for_colour_classes_and_shows_in_the_png(tmp_path):
    t = sample_aztec(40, rng=2)
    ax = plot.draw_tiling(t, colors="orientation")
    legend = ax.get_legend()
    texts = [x.get_text() for x in legend.get_texts()]
    assert texts == [
        "N: horizontal, moves up",
        "S: horizontal, moves down",
        "W: vertical, moves left",
        "E: vertical, moves right",
    ]
    rgb = png(ax, tmp_path / "aztec.png")
    fig = ax.figure
    box = legend.get_window_extent(fig.canvas.get_renderer())
    h = rgb.shape[0]
    part = rgb[int(h - box.y1) : int(h - box.y0), int(box.x0) : int(box.x1)].reshape(-1, 3)
    for colour in plot.ORIENTATION_COLORS.values():  # each swatch is in the picture
        assert (np.abs(part - to_rgb(colour)).max(axis=1) < 0.03).sum() > 20, colour
    # a proper colouring's colours mean nothing in themselves: no legend by default
    assert plot.draw_tiling(tiling.sample(Region.rectangle(4, 4), rng=1)).get_legend() is None
    assert plot.draw_tiling(t, colors="orientation", legend=False).get_legend() is None


def test_colouring_adapts_to_tiny_cells_and_the_png_keeps_its_classes(tmp_path):
    t = block_tiling(2000, 2000, rng=7)
    ax = plot.draw_tiling(t)  # 8 inches at 100 dpi: 0.4 pixel a cell
    assert _render.cell_size_px(ax) < plot.AUTO_MIN_PX
    assert "horizontal and vertical" in ax.get_title()
    rgb = png(ax, tmp_path / "big.png")
    x0, y0 = ax.transData.transform((0, 0))
    x1, y1 = ax.transData.transform((2000, 2000))
    h = rgb.shape[0]
    inner = rgb[int(h - y0) + 3 : int(h - y1) - 3, int(x0) + 3 : int(x1) - 3].reshape(-1, 3)
    # not one flat colour: the horizontal and the vertical areas each hold a good share
    share = {
        k: (np.abs(inner - to_rgb(v)).max(axis=1) < 0.12).mean()
        for k, v in plot.DIRECTION_COLORS.items()
    }
    assert share["h"] > 0.15 and share["v"] > 0.15, share
    assert inner.std(axis=0).max() > 0.1
    # with cells of many pixels the same call colours domino by domino
    small = block_tiling(8, 8, rng=7)
    ax = plot.draw_tiling(small)
    assert _render.cell_size_px(ax) > plot.AUTO_MIN_PX
    assert "no two neighbours alike" in ax.get_title()


def test_certificate_of_a_huge_region_draws_s_and_n_as_one_area(tmp_path):
    mask = np.ones((600, 600), dtype=bool)
    mask[0, 0] = mask[599, 599] = False  # the mutilated board, 600 cells a side
    cert = tiling.prove_impossible(Region(mask))
    assert cert.kind == "color"
    ax = plot.draw_certificate(cert)
    assert ax.get_title() == (
        "chessboard colours: 180,000 black cells vs 179,998 white\n"
        "at least 2 cells stay uncovered (cells too small: S and N(S) drawn as one)"
    )
    rgb = png(ax, tmp_path / "cert.png")
    x0, y0 = ax.transData.transform((0, 0))
    x1, y1 = ax.transData.transform((600, 600))
    h = rgb.shape[0]
    inner = rgb[int(h - y0) + 5 : int(h - y1) - 5, int(x0) + 5 : int(x1) - 5].reshape(-1, 3)
    # one area in the colour of S, not an average of S and N(S) (the olive block of 0.1)
    assert (np.abs(inner - to_rgb(plot._colors.HIGHLIGHT)).max(axis=1) < 0.05).mean() > 0.95


def test_long_thin_regions_get_a_canvas_of_their_shape(tmp_path):
    t = tiling.find(Region.rectangle(8, 1000))
    ax = plot.draw_tiling(t)
    width, height = ax.figure.get_size_inches()
    assert width >= 7.9 and height < 1.5  # the 0.1 version made it 8.3 x 2.3 inches
    ax.figure.canvas.draw()
    x0, y0 = ax.transData.transform((0, 8))
    x1, y1 = ax.transData.transform((1000, 0))
    assert (x1 - x0) / (y1 - y0) == pytest.approx(125, rel=0.02)  # square cells


# ---------------------------------------------------------------------------- arctic curve
def test_arctic_curve_is_refused_for_two_periodic_weights_with_the_reference():
    t = sample_aztec(20, rng=1)
    for call in (
        lambda: plot.draw_tiling(t, arctic=(1.0, 0.5)),
        lambda: plot.draw_arctic_curve(20, weights=(1.0, 0.5)),
    ):
        with pytest.raises(TilingError, match="degree-8") as info:
            call()
        assert "Chhita" in str(info.value)
    plot.draw_tiling(t, arctic=(0.7, 0.7))  # equal weights are uniform: the circle


def test_arctic_circle_is_refused_on_a_two_periodic_sample():
    t = sample_aztec(200, rng=1, weights=(1.0, 0.5))
    with pytest.raises(TilingError, match="sampled with other weights"):
        plot.draw_tiling(t, arctic=True)
    # a uniform sample of the same order passes, and so does a biased one with its bias
    plot.draw_tiling(sample_aztec(200, rng=1), arctic=True)
    plot.draw_tiling(sample_aztec(200, rng=1, weights=2.0), arctic=2.0)
    with pytest.raises(TilingError, match="sampled with other weights"):
        plot.draw_tiling(sample_aztec(200, rng=1, weights=2.0), arctic=True)


# ---------------------------------------------------------------------------- shuffling phases
def test_shuffling_phases_rebuild_each_order_from_the_previous_one():
    steps = shuffle_steps(12, rng=5)
    for m in range(2, 13):
        prev, t = steps[m - 2], steps[m - 1]
        deleted, slid, created = animate._shuffle_phases(prev, t, m)
        assert len(deleted) % 2 == 0
        bad = len(deleted) // 2
        # m + b empty blocks get a pair each (the shuffling count)
        assert len(created) == 2 * (m + bad)
        assert len(slid) + len(created) == len(t)
        kept = {tuple(map(tuple, d)) for d in slid.dominoes.tolist()}
        mine = {tuple(map(tuple, d)) for d in t.dominoes.tolist()}
        assert kept <= mine


def test_shuffling_animation_refuses_steps_of_different_runs_and_pauses_at_the_end(tmp_path):
    a, b = shuffle_steps(5, rng=1), shuffle_steps(5, rng=2)
    with pytest.raises(TilingError, match="not consecutive steps"):
        plot.animate_shuffling(a[:3] + b[3:])
    plot.animate_shuffling(a[:3] + b[3:], phases=False)  # one frame per order: fine
    anim = plot.animate_shuffling(a, interval=200, pause=3)
    assert anim.durations[:-1] == [200] * (anim.n_frames - 1) and anim.durations[-1] == 3200
    path = plot.save(anim, tmp_path / "a.gif")
    with Image.open(path) as im:
        im.seek(im.n_frames - 1)
        assert im.info["duration"] == 3200
        im.seek(1)
        assert im.info["duration"] == 200


def test_shuffling_animation_zooms_to_the_growing_diamond():
    steps = shuffle_steps(10, rng=3)
    anim = plot.animate_shuffling(steps)
    ax = anim._fig.axes[0]
    anim._func(0)
    first = np.ptp(ax.get_xlim())
    anim._func(anim.n_frames - 1)
    last = np.ptp(ax.get_xlim())
    assert first < 4 and last > 19  # order 1 fills the frame; order 10 too


# ---------------------------------------------------------------------------- Temperley
def test_temperley_drawing_shows_the_tree_its_dual_and_the_tiling():
    grid = Region.rectangle(4, 5)
    tree = nx.random_spanning_tree(grid.to_networkx(), seed=11)
    axes = plot.draw_temperley(tree)
    t = temperley.tree_to_tiling(tree)

    def segments(ax, colour):
        out = []
        for coll in ax.collections:
            if hasattr(coll, "get_segments") and np.allclose(
                coll.get_colors()[0][:3], to_rgb(colour)
            ):
                out.extend(coll.get_segments())
        return out

    drawn = {
        tuple(sorted(((int((y - 0.5) / 2), int((x - 0.5) / 2)) for x, y in seg)))
        for seg in segments(axes[0], "#117733")
    }
    assert drawn == {tuple(sorted(e)) for e in tree.edges}
    # each dual edge crosses the edge cell of a face domino of the tiling
    faces = {
        tuple(sorted(map(tuple, d)))
        for d in t.dominoes.tolist()
        if any(r % 2 and c % 2 for r, c in d)
    }
    dual = segments(axes[1], "#882255")
    assert len(dual) == len(faces) == len(t) - (grid.n_cells - 1)
    for (x0, y0), (x1, y1) in dual:
        face = (int(y0), int(x0))
        edge = (int((y0 + y1) / 2), int((x0 + x1) / 2))
        assert tuple(sorted([face, edge])) in faces
    assert axes[2].get_title() == f"the tiling: {len(t)} dominoes"
    # a tiling gives the same picture's tree back
    axes = plot.draw_temperley(t)
    assert len(segments(axes[0], "#117733")) == grid.n_cells - 1
    with pytest.raises(TypeError, match="three matplotlib Axes"):
        plot.draw_temperley(tree, ax=plt.subplots()[1])
    with pytest.raises(TypeError, match="spanning tree or a Tiling"):
        plot.draw_temperley(grid)


def test_the_gif_pause_and_tiling_drawn_from_plot_save_directly(tmp_path):
    t = Tiling(Region.rectangle(2, 2), [[(0, 0), (0, 1)], [(1, 0), (1, 1)]])
    assert plot.save(t, tmp_path / "t.png").read_bytes().startswith(b"\x89PNG")
    assert plot.save(examples.ring(), tmp_path / "r.svg").read_text().lstrip().startswith("<?xml")
