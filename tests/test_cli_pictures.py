"""The command line's pictures, driven as a subprocess: every -o option, and the Hall map.

Answers are checked against the library called here (the certificate, the
shuffling steps) and against the definitions (N(S) recomputed from the
region's cells).
"""

import re

import pytest
from PIL import Image

import tiling
from tiling import Region, examples
from tiling.random import shuffle_steps

from .test_cli import PNG, domino_count
from .test_cli import tiling as run


def tex(path):
    return path.read_text(encoding="utf-8")


def test_every_output_format(tmp_path):
    for suffix in ("png", "svg", "pdf", "tex"):
        out = tmp_path / f"board.{suffix}"
        done = run("solve", "--example", "chessboard", "-o", out)
        assert done.returncode == 0, done.stderr
        data = out.read_bytes()
        if suffix == "png":
            assert data.startswith(PNG)
        elif suffix == "svg":
            assert b"<path" in data and b"<image" not in data  # vector, no raster
        elif suffix == "pdf":
            assert data.startswith(b"%PDF") and b"/Subtype /Image" not in data
        else:
            assert b"\\documentclass[tikz" in data
            assert len(re.findall(rb"\) rectangle \(", data)) == 32  # one per domino


def test_dpi_sets_the_png_resolution(tmp_path):
    sizes = []
    for dpi in (40, 80):
        out = tmp_path / f"d{dpi}.png"
        done = run("sample", "--rect", "6x6", "--seed", 1, "-o", out, "--dpi", dpi)
        assert done.returncode == 0, done.stderr
        with Image.open(out) as im:
            sizes.append(im.size)
    assert sizes[1][0] == pytest.approx(2 * sizes[0][0], abs=3)
    assert sizes[1][1] == pytest.approx(2 * sizes[0][1], abs=3)
    assert run("solve", "--rect", "2x2", "--dpi", "0", "-o", tmp_path / "x.png").returncode == 2


def test_title_colors_and_legend_options(tmp_path):
    out = tmp_path / "t.tex"
    done = run(
        "solve", "--rect", "4x6", "-o", out, "--title", "My board", "--colors", "hv", "--legend"
    )
    assert done.returncode == 0, done.stderr
    code = tex(out)
    assert "{My board}" in code
    assert "{HTML}{EE8866}" in code  # the colour of horizontal dominoes
    assert "% legend" in code and "horizontal" in code
    done = run("solve", "--rect", "4x6", "-o", out, "--title", "", "--colors", "steelblue")
    assert done.returncode == 0, done.stderr
    code = tex(out)
    assert "\\node[above" not in code and "{HTML}{4682B4}" in code
    assert "% legend" not in code  # one colour: no legend by default
    done = run("sample", "--aztec", 12, "--seed", 1, "-o", out, "--no-legend")
    assert done.returncode == 0, done.stderr
    assert "% legend" not in tex(out)
    bad = run("solve", "--rect", "2x2", "--colors", "no-such-colour", "-o", out)
    assert bad.returncode == 2 and "expected auto, orientation, hv or a colour" in bad.stderr


def test_arctic_circle_only_on_diamonds_large_enough_and_not_with_no_arctic(tmp_path):
    out = tmp_path / "a.tex"
    dashed = "\\draw[black, dashed, line width=0.9pt]"
    assert run("sample", "--aztec", 12, "--seed", 1, "-o", out).returncode == 0
    assert dashed in tex(out) and "arctic circle" in tex(out)
    assert run("sample", "--aztec", 12, "--seed", 1, "-o", out, "--no-arctic").returncode == 0
    assert dashed not in tex(out)
    assert run("sample", "--aztec", 1, "-o", out).returncode == 0
    assert dashed not in tex(out) and "arctic" not in tex(out)


def test_gif_animates_kuhn_for_solve_and_shuffling_for_aztec_samples(tmp_path):
    out = tmp_path / "k.gif"
    done = run("solve", "--rect", "2x4", "-o", out)
    assert done.returncode == 0, done.stderr
    with Image.open(out) as im:
        assert im.n_frames == 1 + 2 * 4  # the empty board, then each path and its flip
    out = tmp_path / "s.gif"
    done = run("sample", "--aztec", 4, "--seed", 2, "-o", out)
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip("\n") == shuffle_steps(4, rng=2)[-1].to_ascii()
    with Image.open(out) as im:
        assert im.n_frames == 1 + 3 * 3
        im.seek(im.n_frames - 1)
        assert im.info["duration"] > 2000  # the pause on the last frame
    done = run("solve", "--example", "mutilated", "-o", tmp_path / "m.gif")
    assert done.returncode == 1 and "proof by chessboard colours" in done.stdout
    assert "nothing written" in done.stderr and not (tmp_path / "m.gif").exists()
    for argv, message in (
        (("prove", "--example", "figure7"), "still picture"),
        (("sample", "--rect", "4x4"), "still picture"),
        (("solve", "--rect", "30x30"), "frames"),
        (("solve", "--rect", "2x2", "--method", "dp"), "Kuhn's algorithm"),
    ):
        done = run(*argv, "-o", tmp_path / "x.gif")
        assert done.returncode == 2 and message in done.stderr, (argv, done.stderr)
        assert "Traceback" not in done.stderr


def read_map(stdout):
    """The letter map printed after the first line: {letter: set of (row, col)} and the rows."""
    lines = stdout.splitlines()[1:]
    rows = []
    for line in lines:
        if not line.strip():
            break
        rows.append(line)
    found = {}
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            found.setdefault(ch, set()).add((r, c))
    return found, rows


def neighbours(region, cells):
    inside = set(map(tuple, region.cells().tolist()))
    out = set()
    for r, c in cells:
        out |= {(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)} & inside
    return out - set(cells)


def test_terminal_hall_map_reads_back_as_s_and_its_neighbours(tmp_path):
    region = examples.figure_7x7()
    done = run("prove", "--example", "figure7")
    assert done.returncode == 1, done.stderr
    marks, rows = read_map(done.stdout)
    cert = tiling.prove_impossible(region)
    assert marks["S"] == set(map(tuple, cert.cells.tolist()))
    assert marks["N"] == neighbours(region, marks["S"])  # N(S), from the definition
    assert len(marks["S"]) > len(marks["N"])
    # the map is a picture of the region: letters and dots are its cells, '#' its holes
    text = "\n".join(re.sub("[SNsn]", ".", row) for row in rows)
    assert Region.from_ascii(text) == region
    assert marks["#"] == {tuple(c) for h in region.holes() for c in h.tolist()}
    legend = done.stdout.split("\n\n")[1]
    assert "S  6 white cells: the set S" in legend and "N  5 black cells" in legend
    assert "white: row + column even" in legend
    for r, c in marks["S"]:
        assert (r + c) % 2 == 0  # the colour named: white


def test_cover_map_marks_a_set_of_each_colour(tmp_path):
    region = examples.figure_7x7()
    done = run("cover", "--example", "figure7")
    assert done.returncode == 0, done.stderr
    text = done.stdout.split("optimal: no placement covers more")[1]
    marks, _ = read_map(text)
    bound = tiling.cover_bound(region)
    s = marks["S"] | marks["s"]
    assert s == set(map(tuple, bound.cells.tolist()))
    assert marks["N"] | marks["n"] == set(map(tuple, bound.neighbors.tolist()))
    assert marks["N"] == neighbours(region, marks["S"])
    assert marks["n"] == neighbours(region, marks["s"])
    assert all((r + c) % 2 == 0 for r, c in marks["S"])
    assert all((r + c) % 2 == 1 for r, c in marks["s"])
    d = len(marks["S"]) - len(marks["N"]) + len(marks["s"]) - len(marks["n"])
    assert d == bound.deficiency == 2
    assert domino_count(done.stdout) == (region.n_cells - 2) // 2
