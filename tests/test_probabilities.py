"""Placement probabilities (tiling.probabilities), their heat map and their command.

Exact probabilities are checked against the law computed here by listing every
tiling (``tiling.enumerate_tilings``, backtracking) and adding up weights in
Fractions; floats against the exact ones on medium regions; the three float
methods (dense LU, the block recursion on K K^T, Propp's urban renewal on
Aztec diamonds) against each other.
"""

import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tiling
from tiling import NoTilingError, Region, TilingError, TooLargeError, examples
from tiling.stats import placement as module
from tiling.stats.placement import aztec_probabilities, probabilities

from .strategies import regions

ROOT = Path(__file__).resolve().parent.parent
PNG = b"\x89PNG\r\n\x1a\n"


# ------------------------------------------------------------------ the reference law
def enumerated_law(region, wh=None, wv=None):
    """(horizontal, vertical) probabilities as Fractions, by listing every tiling."""
    rows, cols = region.shape
    H = np.full((rows, cols - 1), Fraction(0), dtype=object)
    V = np.full((rows - 1, cols), Fraction(0), dtype=object)
    total = Fraction(0)
    for t in tiling.enumerate_tilings(region):
        weight = Fraction(1)
        placed = []
        for (a, b), (c, d) in t.dominoes.tolist():
            if a == c:
                r, k, horizontal = a, min(b, d), True
                weight *= Fraction(wh[r, k]) if wh is not None else 1
            else:
                r, k, horizontal = min(a, c), b, False
                weight *= Fraction(wv[r, k]) if wv is not None else 1
            placed.append((horizontal, r, k))
        total += weight
        for horizontal, r, k in placed:
            (H if horizontal else V)[r, k] += weight
    assert total > 0
    return H / total, V / total


def cell_sums(region, h, v):
    """For every cell, the sum of the probabilities of the dominoes covering it."""
    rows, cols = region.shape
    s = np.zeros((rows, cols), dtype=h.dtype)
    s[:, :-1] += h
    s[:, 1:] += h
    s[:-1, :] += v
    s[1:, :] += v
    return s[region.mask]


def holey_board(n, fraction=0.05, seed=0):
    """The n x n board minus random domino holes, tileable (as the benchmarks make it)."""
    from tiling.matching import hopcroft_karp

    for attempt in range(50):
        rng = np.random.default_rng(seed + 1000 * attempt)
        mask = np.ones((n, n), dtype=bool)
        target, made = int(fraction * n * n) // 2, 0
        while made < target:
            r, c = int(rng.integers(1, n - 2)), int(rng.integers(1, n - 2))
            r1, c1 = (r + 1, c) if rng.random() < 0.5 else (r, c + 1)
            if mask[r, c] and mask[r1, c1]:
                mask[r, c] = mask[r1, c1] = False
                made += 1
        region = Region.from_mask(mask)
        if hopcroft_karp(region).is_perfect:
            return region
    raise RuntimeError("no tileable holey board")


def hexagon(order, cut):
    """An Aztec diamond with ``cut`` rows removed at the top and at the bottom."""
    mask = Region.aztec_diamond(order).mask.copy()
    mask[:cut] = False
    mask[-cut:] = False
    return Region.from_mask(mask).cropped()


# ------------------------------------------------------------------ exact against enumeration
@settings(deadline=None, max_examples=60)
@given(regions(max_height=5, max_width=6))
def test_exact_probabilities_match_enumeration_on_random_regions(region):
    if not any(True for _ in tiling.enumerate_tilings(region)):
        with pytest.raises(NoTilingError) as info:
            probabilities(region, exact=True)
        assert info.value.certificate.verify(region)
        return
    h, v = probabilities(region, exact=True)
    eh, ev = enumerated_law(region)
    assert h.tolist() == eh.tolist() and v.tolist() == ev.tolist()
    assert all(isinstance(x, Fraction) for x in h.flat)
    assert all(x == 1 for x in cell_sums(region, h, v))


weight_values = st.one_of(
    st.integers(1, 9),
    st.fractions(min_value=Fraction(1, 7), max_value=7, max_denominator=9).filter(lambda x: x > 0),
    st.floats(0.1, 10.0),
)


@settings(deadline=None, max_examples=40)
@given(regions(max_height=4, max_width=5, min_cells=2), st.data())
def test_weighted_exact_probabilities_match_enumeration(region, data):
    rows, cols = region.shape
    wh = np.array(
        data.draw(st.lists(weight_values, min_size=rows * (cols - 1), max_size=rows * (cols - 1))),
        dtype=object,
    ).reshape(rows, cols - 1)
    wv = np.array(
        data.draw(st.lists(weight_values, min_size=(rows - 1) * cols, max_size=(rows - 1) * cols)),
        dtype=object,
    ).reshape(rows - 1, cols)
    if not any(True for _ in tiling.enumerate_tilings(region)):
        with pytest.raises(NoTilingError):
            probabilities(region, weights=(wh, wv), exact=True)
        return
    h, v = probabilities(region, weights=(wh, wv), exact=True)
    eh, ev = enumerated_law(region, wh, wv)
    assert h.tolist() == eh.tolist() and v.tolist() == ev.tolist()
    fh, fv = probabilities(region, weights=(wh.astype(float), wv.astype(float)))
    assert np.allclose(fh, eh.astype(float), atol=1e-9)
    assert np.allclose(fv, ev.astype(float), atol=1e-9)


def test_weights_as_a_pair_of_numbers_favour_their_orientation():
    board = Region.rectangle(4, 4)
    h, v = probabilities(board, weights=(3, 1), exact=True)
    eh, ev = enumerated_law(board, np.full((4, 3), 3), np.ones((3, 4), dtype=int))
    assert h.tolist() == eh.tolist() and v.tolist() == ev.tolist()
    assert sum(h.flat) > sum(v.flat)


# ------------------------------------------------------------------ floats
@settings(deadline=None, max_examples=40)
@given(regions(max_height=5, max_width=6))
def test_float_probabilities_match_enumeration(region):
    if not any(True for _ in tiling.enumerate_tilings(region)):
        with pytest.raises(NoTilingError):
            probabilities(region)
        return
    h, v = probabilities(region)
    eh, ev = enumerated_law(region)
    assert h.dtype == float and v.dtype == float
    assert np.abs(h - eh.astype(float)).max(initial=0) < 1e-12
    assert np.abs(v - ev.astype(float)).max(initial=0) < 1e-12


@pytest.mark.parametrize(
    "region",
    [holey_board(24, seed=3), hexagon(20, 6), Region.rectangle(20, 31).without([(5, 5), (5, 6)])],
    ids=["holey 24x24", "hexagon", "rectangle with a hole"],
)
def test_floats_agree_with_exact_on_medium_regions(region):
    h, v = probabilities(region)
    eh, ev = probabilities(region, exact=True)
    assert np.abs(h - eh.astype(float)).max() < 1e-9
    assert np.abs(v - ev.astype(float)).max() < 1e-9
    assert np.abs(cell_sums(region, h, v) - 1).max() < module.SUM_TOLERANCE


def _unit(region):
    rows, cols = region.shape
    return np.ones((rows, cols - 1)), np.ones((rows - 1, cols))


def test_block_recursion_agrees_with_dense_inverse():
    rng = np.random.default_rng(4)
    for region in (holey_board(40, seed=1), hexagon(16, 4), holey_board(30, seed=2).transpose()):
        rows, cols = region.shape
        wh, wv = rng.uniform(0.5, 2, (rows, cols - 1)), rng.uniform(0.5, 2, (rows - 1, cols))
        blocks = module._float_piece(region, wh, wv, method="blocks")
        dense = module._float_piece(region, wh, wv, method="dense")
        assert np.abs(blocks[0] - dense[0]).max() < 1e-10
        assert np.abs(blocks[1] - dense[1]).max() < 1e-10


def test_wide_precision_recursion_matches_exact_on_a_frozen_region():
    region = hexagon(20, 6)
    h, v = module._float_piece(region, *_unit(region), method="wide")
    eh, ev = probabilities(region, exact=True)
    assert np.abs(h - eh.astype(float)).max() < 1e-13
    assert np.abs(v - ev.astype(float)).max() < 1e-13


def test_a_large_frozen_region_passes_its_check_in_wider_arithmetic():
    region = hexagon(40, 16)  # doubles lose every digit here, even the dense LU of K
    rows, cols, signs, weight, _, _, n = module._weighted_matrix(region, *_unit(region))
    doubles = module._blocks(region, rows, cols, signs * weight, n)
    assert module._check(doubles, rows, cols, n) > 1e-3
    h, v = probabilities(region)
    assert np.abs(cell_sums(region, h, v) - 1).max() < module.SUM_TOLERANCE
    assert np.allclose(h, h[::-1, :], atol=1e-12) and np.allclose(h, h[:, ::-1], atol=1e-12)
    # the staircase sides freeze: the left corner's domino is vertical but for ~6e-12
    assert 0 < 1 - v[23, 0] < 1e-10 and h[23, 0] == pytest.approx(1 - v[23, 0], abs=1e-15)


def test_a_large_board_with_holes_takes_the_block_recursion_and_passes_its_check():
    region = holey_board(70, seed=5)
    assert region.n_cells // 2 > module.DENSE_MAX
    h, v = probabilities(region)
    assert np.abs(cell_sums(region, h, v) - 1).max() < module.SUM_TOLERANCE
    assert h.min() >= 0 and v.min() >= 0


@pytest.mark.parametrize("n", [1, 2, 5, 16])
def test_aztec_urban_renewal_matches_exact(n):
    h, v = aztec_probabilities(n)
    eh, ev = probabilities(Region.aztec_diamond(n), exact=True)
    assert np.abs(h - eh.astype(float)).max() < 1e-13
    assert np.abs(v - ev.astype(float)).max() < 1e-13


def test_weighted_aztec_urban_renewal_matches_exact_and_the_matrix_methods():
    rng = np.random.default_rng(7)
    n = 6
    wh = rng.integers(1, 6, (2 * n, 2 * n - 1))
    wv = rng.integers(1, 6, (2 * n - 1, 2 * n))
    region = Region.aztec_diamond(n)
    h, v = probabilities(region, weights=(wh, wv))  # urban renewal
    eh, ev = probabilities(region, weights=(wh, wv), exact=True)
    assert np.abs(h - eh.astype(float)).max() < 1e-12
    assert np.abs(v - ev.astype(float)).max() < 1e-12
    dense = module._float_piece(region, wh.astype(float), wv.astype(float), method="dense")
    assert np.abs(dense[0] - h).max() < 1e-9


def test_aztec_diamond_of_order_100_is_accurate_where_the_matrix_is_not():
    region = Region.aztec_diamond(100)
    h, v = probabilities(region)
    assert np.abs(cell_sums(region, h, v) - 1).max() < 1e-12
    # the frozen corners: the top cell's domino is horizontal, the left one's vertical
    assert h[0, 99] > 1 - 1e-12 and v[99, 0] > 1 - 1e-12
    # the diamond's symmetries, which the recursion does not build in
    assert np.abs(h - v.T).max() < 1e-12 and np.abs(h - h[::-1, ::-1]).max() < 1e-12
    # the centre tends to the uniform 1/4 of each domino (Cohn, Elkies and Propp 1996)
    assert abs(h[99, 99] - 0.25) < 0.01 and abs(v[99, 99] - 0.25) < 0.01


def test_a_translated_aztec_diamond_gets_the_same_probabilities():
    mask = np.zeros((12, 13), dtype=bool)
    mask[2:10, 3:11] = Region.aztec_diamond(4).mask
    h, v = probabilities(Region(mask))
    ah, av = aztec_probabilities(4)
    assert np.array_equal(h[2:10, 3:10], ah) and np.array_equal(v[2:9, 3:11], av)
    assert h.sum() + v.sum() == pytest.approx(20)  # the number of dominoes, 40 cells / 2


# ------------------------------------------------------------------ facts of the law
@settings(deadline=None, max_examples=30)
@given(regions(max_height=8, max_width=8, min_cells=2))
def test_every_cell_sums_to_one(region):
    try:
        h, v = probabilities(region)
    except NoTilingError:
        return
    assert np.abs(cell_sums(region, h, v) - 1).max() < 1e-12
    assert ((h >= 0) & (h <= 1)).all() and ((v >= 0) & (v <= 1)).all()
    mask = region.mask
    assert (h[~(mask[:, :-1] & mask[:, 1:])] == 0).all()
    assert (v[~(mask[:-1, :] & mask[1:, :])] == 0).all()


@pytest.mark.parametrize("exact", [False, True])
def test_symmetric_regions_give_symmetric_probabilities(exact):
    board = Region.rectangle(6, 8).without([(2, 3), (3, 3), (2, 4), (3, 4)])  # symmetric hole
    h, v = probabilities(board, exact=exact)
    same = (lambda a, b: (a == b).all()) if exact else (lambda a, b: np.allclose(a, b, atol=1e-12))
    assert same(h, h[::-1, :]) and same(h, h[:, ::-1])  # both mirrors
    assert same(v, v[::-1, :]) and same(v, v[:, ::-1])
    square = Region.rectangle(6, 6).without([(0, 0), (5, 5), (0, 5), (5, 0)])
    h, v = probabilities(square, exact=exact)
    assert same(h, v.T)  # the transpose swaps the orientations
    aztec = Region.aztec_diamond(7)
    h, v = probabilities(aztec, exact=exact)
    assert same(h, v.T) and same(h, h[::-1, ::-1])


def test_pieces_are_independent():
    ring = Region.from_ascii("....\n.##.\n.##.\n....")
    mask = np.zeros((8, 8), dtype=bool)
    mask[:, :] = True
    mask[1:7, 1:7] = False
    mask[3:5, 3:5] = True  # an island in the hole
    region = Region(mask)
    h, v = probabilities(region, exact=True)
    island_h, island_v = probabilities(Region.rectangle(2, 2), exact=True)
    assert h[3:5, 3:4].tolist() == island_h.tolist() and v[3:4, 3:5].tolist() == island_v.tolist()
    outer = Region(mask & ~np.pad(np.ones((2, 2), bool), 3))
    oh, ov = probabilities(outer, exact=True)
    used = outer.mask
    assert (h[used[:, :-1] & used[:, 1:]] == oh[used[:, :-1] & used[:, 1:]]).all()
    assert (v[used[:-1, :] & used[1:, :]] == ov[used[:-1, :] & used[1:, :]]).all()
    two = Region.from_ascii(ring.to_ascii().replace("\n", "#....\n") + "#....")
    assert all(x == 1 for x in cell_sums(two, *probabilities(two, exact=True)))


# ------------------------------------------------------------------ bad input
@pytest.mark.parametrize(
    ("region", "kind"),
    [
        (Region.rectangle(3, 3), "parity"),
        (examples.mutilated_chessboard(), "color"),
        (Region.from_ascii("..#..\n.....\n..#.."), None),
    ],
)
@pytest.mark.parametrize("exact", [False, True])
def test_untileable_regions_raise_no_tiling_error_with_a_certificate(region, kind, exact):
    with pytest.raises(NoTilingError) as info:
        probabilities(region, exact=exact)
    assert info.value.certificate.verify(region)
    if kind is not None:
        assert info.value.certificate.kind == kind


def test_bad_arguments_are_refused_clearly():
    board = Region.rectangle(2, 2)
    with pytest.raises(TypeError, match="exact"):
        probabilities(board, exact=1)
    with pytest.raises(TypeError):
        probabilities("....")
    with pytest.raises(TilingError, match="weight 0"):
        probabilities(board, weights=(np.zeros((2, 1)), np.ones((1, 2))))
    with pytest.raises(TilingError, match="shape"):
        probabilities(board, weights=(np.ones((3, 3)), np.ones((1, 2))), exact=True)
    with pytest.raises(TooLargeError, match="2,500"):
        probabilities(Region.rectangle(52, 52), exact=True)


def test_a_failed_float_check_is_an_error_not_a_silent_answer(monkeypatch):
    monkeypatch.setattr(module, "SUM_TOLERANCE", -1.0)  # no answer can pass
    with pytest.raises(TilingError, match="ill-conditioned.*exact=True"):
        probabilities(Region.rectangle(4, 4))


# ------------------------------------------------------------------ the picture
def test_draw_probabilities_shows_the_classes_masked_off_the_region():
    import matplotlib

    matplotlib.use("Agg")
    from tiling import plot

    region = Region.aztec_diamond(12)
    ax = plot.draw_probabilities(region)
    image = ax.images[0].get_array()
    assert image.shape == (24, 24, 4)
    assert (image[..., 3][~region.mask] == 0).all() and (image[..., 3][region.mask] == 1).all()
    classes = ax.images[0].probabilities
    total = sum(classes.values())
    assert np.allclose(total[region.mask], 1) and (total[~region.mask] == 0).all()
    # the frozen corners: N on top, S at the bottom, W left, E right
    assert classes["N"][0, 11] > 0.99 and classes["S"][23, 11] > 0.99
    assert classes["W"][11, 0] > 0.99 and classes["E"][11, 23] > 0.99
    assert len(ax.figure.axes) == 5  # the map and four colour bars
    matplotlib.pyplot.close("all")


def test_draw_probabilities_one_number_per_cell_with_a_colorbar_and_holes():
    import matplotlib

    matplotlib.use("Agg")
    from tiling import plot

    region = Region.rectangle(6, 6).without([(2, 2), (2, 3)])
    probs = probabilities(region, exact=True)
    ax = plot.draw_probabilities(region, probs, show="vertical", title=None)
    data = ax.images[0].get_array()
    assert data.mask[2, 2] and not data.mask[0, 0]
    classes = ax.images[0].probabilities
    assert np.allclose(data[region.mask], (classes["W"] + classes["E"])[region.mask])
    assert len(ax.images) == 2  # the holes painted on top
    assert len(ax.figure.axes) == 2 and ax.get_title() == ""
    with pytest.raises(TilingError, match="shape"):
        plot.draw_probabilities(region, (np.zeros((2, 2)), np.zeros((2, 2))))
    with pytest.raises(TilingError, match="show"):
        plot.draw_probabilities(region, probs, show="diagonal")
    matplotlib.pyplot.close("all")


def test_class_probabilities_of_a_strip_are_exact():
    from tiling.plot.probabilities import class_probabilities

    strip = Region.rectangle(1, 4)  # one tiling: two horizontal dominoes, both N
    classes = class_probabilities(strip, probabilities(strip, exact=True))
    assert classes["N"].tolist() == [[1, 1, 1, 1]]
    assert classes["S"].sum() == classes["W"].sum() == classes["E"].sum() == 0


# ------------------------------------------------------------------ the command
def run(*args, cwd=ROOT):
    env = dict(os.environ, MPLBACKEND="Agg")
    return subprocess.run(
        [sys.executable, "-m", "tiling.cli", "probabilities", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=180,
        env=env,
        cwd=cwd,
    )


def test_cli_probabilities_prints_a_summary_and_draws_the_heat_map(tmp_path):
    out = tmp_path / "heat.png"
    done = run("--aztec", 30, "-o", out)
    assert done.returncode == 0, done.stderr
    assert "Aztec diamond of order 30" in done.stdout
    assert "3,600 domino positions on 1,860 cells" in done.stdout
    assert out.read_bytes().startswith(PNG)


def test_cli_probabilities_exact_on_a_file(tmp_path):
    board = tmp_path / "board.txt"
    board.write_text("....\n....\n")
    done = run(board, "--exact", "--show", "vertical", "-o", tmp_path / "v.svg")
    assert done.returncode == 0, done.stderr
    assert "exact fractions" in done.stdout
    # the 2 x 4 board: 5 tilings; the end dominoes are vertical in 3 of them
    assert "10 domino positions on 8 cells; 0 in every tiling, 0 in none" in done.stdout
    assert (tmp_path / "v.svg").read_text().lstrip().startswith("<?xml")


def test_cli_probabilities_of_an_untileable_region_prints_the_proof():
    done = run("--rect", "3x3")
    assert done.returncode == 1
    assert "impossible" in done.stdout and "odd" in done.stdout


def test_cli_probabilities_refuses_a_tex_heat_map(tmp_path):
    done = run("--rect", "2x2", "-o", tmp_path / "heat.tex")
    assert done.returncode == 2
    assert "use .png, .svg or .pdf" in done.stderr
