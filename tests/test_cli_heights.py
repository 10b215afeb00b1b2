"""The `tiling heights` and `tiling flips` commands, run as a user runs them."""

import subprocess
import sys

import numpy as np

from tiling import Region, Tiling, enumerate_tilings, examples
from tiling.heights import flip_distance, flux, glauber, height, min_tiling


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "tiling.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env={"MPLBACKEND": "Agg", "PATH": "/usr/bin:/bin", "COLUMNS": "120"},
    )


def _printed_heights(text):
    rows = [line.split() for line in text.splitlines() if line and line[0] in " -0123456789."]
    rows = [r for r in rows if r and all(x == "." or x.lstrip("-").isdigit() for x in r)]
    return rows


def test_heights_of_the_tiling_solve_finds(tmp_path):
    out = run("heights", "--rect", "4x4")
    assert out.returncode == 0, out.stderr
    solved = run("solve", "--rect", "4x4")
    t = Tiling.from_ascii(solved.stdout)
    expected = height(t).tolist()
    assert [[int(x) for x in row] for row in _printed_heights(out.stdout)] == expected
    assert "heights from" in out.stdout


def test_heights_of_a_tiling_file_and_its_fluxes(tmp_path):
    board = examples.holey_board()
    t = list(enumerate_tilings(board))[3]
    path = tmp_path / "t.txt"
    path.write_text(t.to_ascii() + "\n", encoding="utf-8")
    out = run("heights", str(path))
    assert out.returncode == 0, out.stderr
    printed = _printed_heights(out.stdout)
    h = height(t)
    expected = [
        ["." if m else str(v) for v, m in zip(row, mrow)]
        for row, mrow in zip(h.filled(0).tolist(), np.ma.getmaskarray(h).tolist())
    ]
    assert [r for r in printed] == [row[: len(p)] for row, p in zip(expected, printed)]
    assert f"flux around the 2 hole(s): {' '.join(map(str, flux(t).tolist()))}" in out.stdout


def test_heights_sample_with_a_seed_is_reproducible_and_draws(tmp_path):
    picture = tmp_path / "h.png"
    a = run("heights", "--aztec", "4", "--sample", "--seed", "3", "-o", str(picture))
    b = run("heights", "--aztec", "4", "--sample", "--seed", "3")
    assert a.returncode == 0 and a.stdout == b.stdout
    assert picture.stat().st_size > 1000
    surface = tmp_path / "s.png"
    c = run("heights", "--rect", "6x6", "-o", str(surface), "--style", "surface")
    assert c.returncode == 0 and surface.stat().st_size > 1000


def test_heights_of_an_impossible_region_prints_the_proof():
    out = run("heights", "--example", "figure7")
    assert out.returncode == 1
    assert "impossible" in out.stdout and "proof by a Hall set, checked" in out.stdout


def test_heights_of_a_wide_tiling_is_summarised():
    out = run("heights", "--rect", "2x200")
    assert out.returncode == 0
    assert "too wide to print" in out.stdout


def test_heights_bad_input_exits_2_with_one_line(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("╺━━\n", encoding="utf-8")
    out = run("heights", str(bad))
    assert out.returncode == 2 and out.stderr.count("\n") == 1
    assert "line 1, column 3" in out.stderr
    out = run("heights", str(bad), "--sample")
    assert out.returncode == 2


def test_flips_prints_the_flip_distance_and_animates_a_path(tmp_path):
    start = min_tiling(Region.rectangle(6, 6))
    end = glauber(start, 30, rng=1)
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text(start.to_ascii(), encoding="utf-8")
    b.write_text(end.to_ascii(), encoding="utf-8")
    gif = tmp_path / "path.gif"
    out = run("flips", str(a), str(b), "-o", str(gif))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str(flip_distance(start, end))
    assert gif.stat().st_size > 1000 and "flips in" in out.stderr


def test_flips_of_two_flux_classes_exits_1(tmp_path):
    one, two = enumerate_tilings(examples.ring())
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text(one.to_ascii(), encoding="utf-8")
    b.write_text(two.to_ascii(), encoding="utf-8")
    out = run("flips", str(a), str(b))
    assert out.returncode == 1 and "no sequence of flips joins them" in out.stdout


def test_flips_of_different_regions_exits_2(tmp_path):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("╺━━╸\n", encoding="utf-8")
    b.write_text("╻\n╹\n", encoding="utf-8")
    out = run("flips", str(a), str(b))
    assert out.returncode == 2 and "different regions" in out.stderr
    out = run("flips", str(a), str(tmp_path / "missing.txt"))
    assert out.returncode == 2 and "no such file" in out.stderr
