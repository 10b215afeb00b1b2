"""Kasteleyn counting: signs checked face by face, counts against brute force and the DP."""

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tiling
from tests.reference import count_tilings_memo, kasteleyn_rectangle
from tests.strategies import balanced_regions, masks, regions
from tiling import Region
from tiling.counting import closed_forms, kasteleyn


def region(text):
    return Region.from_ascii(text)


# ---------------------------------------------------------------- an independent face check
def _find(parent, x):
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


def face_violations(reg):
    """Bounded faces of each component whose sign product is not (-1)^(k+1).

    Faces are found from scratch: the unit squares of the dual lattice (corners
    at cell centres) glued across every lattice edge that is not an edge of the
    component; an edge with the same face on both sides counts twice in that
    face's boundary walk (its sign squared drops out).
    """
    K, cells0, cells1 = kasteleyn.matrix(reg)
    K = K.tocsr()
    index0 = {tuple(c): i for i, c in enumerate(cells0.tolist())}
    index1 = {tuple(c): j for j, c in enumerate(cells1.tolist())}
    h, w = reg.shape
    bad = []
    for part in reg.components():
        mask = part.mask

        def present(r, c):
            return 0 <= r < h and 0 <= c < w and bool(mask[r, c])

        def square(i, j):  # dual square with top-left corner cell (i, j), i, j >= -1
            return (i + 1) * (w + 1) + (j + 1)

        parent = list(range((h + 1) * (w + 1)))
        lattice = []  # (cell a, cell b, square on one side, square on the other)
        for r in range(h):
            for c in range(-1, w):
                lattice.append(((r, c), (r, c + 1), square(r - 1, c), square(r, c)))
        for r in range(-1, h):
            for c in range(w):
                lattice.append(((r, c), (r + 1, c), square(r, c - 1), square(r, c)))
        edges = []
        for a, b, s, t in lattice:
            if present(*a) and present(*b):
                edges.append((a, b, (s, t)))
            else:  # no edge here: the two squares lie in one face
                parent[_find(parent, s)] = _find(parent, t)
        outside = _find(parent, square(-1, -1))
        length, product = {}, {}
        for a, b, (s, t) in edges:
            if sum(a) % 2:
                a, b = b, a
            sign = int(K[index0[a], index1[b]])
            assert sign in (1, -1)
            fs, ft = _find(parent, s), _find(parent, t)
            if fs == ft:
                length[fs] = length.get(fs, 0) + 2
                product.setdefault(fs, 1)
            else:
                for f in (fs, ft):
                    length[f] = length.get(f, 0) + 1
                    product[f] = product.get(f, 1) * sign
        for f, n_edges in length.items():
            if f != outside and product[f] != (-1) ** (n_edges // 2 + 1):
                bad.append((f, n_edges, product[f]))
    return bad


@given(regions(max_height=8, max_width=8))
@settings(max_examples=150)
def test_signing_satisfies_kasteleyn_condition_on_every_face(reg):
    assert face_violations(reg) == []


def test_plain_signing_fails_around_a_single_hole_and_the_repair_fixes_it():
    ring = region("...\n.#.\n...")
    K, cells0, cells1 = kasteleyn.matrix(ring)
    plain = np.zeros(K.shape, dtype=int)  # horizontal +1, vertical (-1)^column
    for i, (r, c) in enumerate(cells0.tolist()):
        for j, (s, d) in enumerate(cells1.tolist()):
            if abs(r - s) + abs(c - d) == 1:
                plain[i, j] = 1 if r == s else (-1) ** c
    assert round(abs(np.linalg.det(plain))) != 2
    assert round(abs(np.linalg.det(K.toarray()))) == 2
    assert kasteleyn.count_tilings(ring, fast_path=False) == 2


# ---------------------------------------------------------------- counts
@given(balanced_regions(max_height=6, max_width=7))
@settings(max_examples=300)
def test_kasteleyn_equals_brute_force_and_dp_on_random_regions(reg):
    expected = count_tilings_memo(reg.mask)
    assert kasteleyn.count_tilings(reg, fast_path=False) == expected
    assert tiling.count(reg, method="dp") == expected


@given(masks(max_height=10, max_width=10, density=0.88))
@settings(max_examples=100)
def test_kasteleyn_equals_dp_on_larger_regions_with_many_holes(mask):
    reg = Region.from_mask(mask)
    assert kasteleyn.count_tilings(reg, fast_path=False) == tiling.count(reg, method="dp")


@given(regions(max_height=5, max_width=6))
@settings(max_examples=100)
def test_kasteleyn_counts_zero_exactly_where_brute_force_does(reg):
    assert kasteleyn.count_tilings(reg) == count_tilings_memo(reg.mask)


CASES = {
    "single-cell hole": "...\n.#.\n...",
    "three single-cell holes in one column": (
        "......\n.#....\n......\n...#..\n......\n.#....\n......\n......"
    ),
    "holes touching each other at a corner": (
        "......\n.#....\n..#...\n......\n....#.\n...#..\n......"
    ),
    "hole of three cells": "......\n.###..\n......\n......",
    "hole touching the border at a corner (not a hole)": "#.....\n.#....\n......\n......",
    "odd hole below an even hole": "........\n.##.....\n........\n.#......\n........\n........",
    "two components": "....#..\n....#..\n#######\n..#....\n..#....",
    "island with an odd hole inside a ring's hole": (
        "..........\n"
        "..........\n"
        "..######..\n"
        "..#....#..\n"
        "..#.#..#..\n"
        "..#....#..\n"
        "..######..\n"
        "..........\n"
        "..........\n"
    ),
    "ring inside a hole inside a ring": (
        "...........\n"
        ".#########.\n"
        ".#.......#.\n"
        ".#.#####.#.\n"
        ".#.#...#.#.\n"
        ".#.#.#.#.#.\n"
        ".#.#...#.#.\n"
        ".#.#####.#.\n"
        ".#.......#.\n"
        ".#########.\n"
        "...........\n"
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_kasteleyn_on_holes_nests_and_components(name):
    reg = region(CASES[name])
    assert face_violations(reg) == []
    expected = tiling.count(reg, method="dp")
    if reg.n_cells <= 70:
        assert expected == count_tilings_memo(reg.mask)
    assert kasteleyn.count_tilings(reg, fast_path=False) == expected
    assert kasteleyn.count_tilings(reg.transpose(), fast_path=False) == expected


def test_single_cell_holes_counts():
    assert kasteleyn.count_tilings(region("...\n.#.\n...")) == 2
    ring = Region.rectangle(6, 6).without([(2, 2), (3, 3)])  # two odd holes touching diagonally
    assert kasteleyn.count_tilings(ring) == count_tilings_memo(ring.mask)


@pytest.mark.parametrize("m", range(1, 13))
def test_small_rectangles_match_the_product_formula(m):
    for n in range(1, 13):
        expected = kasteleyn_rectangle(m, n)
        assert kasteleyn.count_tilings(Region.rectangle(m, n), fast_path=False) == expected
        assert closed_forms.rectangle_count(m, n) == expected
        assert closed_forms.rectangle_count(m, n, method="arb") == expected


@pytest.mark.parametrize("m, n", [(40, 40), (39, 40), (17, 40), (40, 2), (31, 26)])
def test_large_rectangles_match_the_product_formula(m, n):
    expected = kasteleyn_rectangle(m, n)
    assert kasteleyn.count_tilings(Region.rectangle(m, n), fast_path=False) == expected
    assert kasteleyn.count_tilings(Region.rectangle(m, n)) == expected


def test_aztec_diamonds_have_2_to_the_n_n_plus_1_over_2_tilings():
    for n in range(1, 31):
        diamond = Region.aztec_diamond(n)
        assert kasteleyn.count_tilings(diamond, fast_path=False) == 2 ** (n * (n + 1) // 2)
    assert kasteleyn.count_tilings(Region.aztec_diamond(40)) == 2 ** (40 * 41 // 2)


def test_unbalanced_and_odd_regions_have_no_tilings():
    assert kasteleyn.count_tilings(Region.rectangle(3, 3)) == 0
    assert kasteleyn.count_tilings(Region.rectangle(8, 8).without([(0, 0), (7, 7)])) == 0


def test_balanced_region_without_tilings():
    reg = region(".##.\n....\n.##.")  # balanced and connected, but not tileable
    assert reg.balance == 0
    assert kasteleyn.count_tilings(reg, fast_path=False) == count_tilings_memo(reg.mask)


def test_matrix_rows_and_columns_follow_the_colour_classes():
    reg = Region.rectangle(3, 4)
    K, cells0, cells1 = kasteleyn.matrix(reg)
    assert K.shape == (6, 6)
    assert (cells0.sum(axis=1) % 2 == 0).all() and (cells1.sum(axis=1) % 2 == 1).all()
    adjacent = np.abs(cells0[:, None, :] - cells1[None, :, :]).sum(axis=2) == 1
    assert np.array_equal(K.toarray() != 0, adjacent)


def test_count_through_the_api_and_an_executor(capsys):
    reg = Region.rectangle(12, 36).without([(5, 5), (8, 21)])
    expected = tiling.count(reg, method="dp")
    assert tiling.count(reg, method="kasteleyn") == expected
    with ThreadPoolExecutor(2) as pool:
        assert kasteleyn.count_tilings(reg, executor=pool, progress=True) == expected
    assert "determinant" in capsys.readouterr().err


def test_count_on_a_dask_cluster():
    distributed = pytest.importorskip("dask.distributed")
    reg = Region.rectangle(10, 40).without([(3, 3), (6, 30)])
    expected = tiling.count(reg, method="dp")
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        executor = client.get_executor()
        assert kasteleyn.count_tilings(reg, executor=executor, fast_path=False) == expected


def test_estimated_seconds_grows_with_the_region():
    small = kasteleyn.estimated_seconds(Region.rectangle(10, 10))
    large = kasteleyn.estimated_seconds(Region.rectangle(200, 200))
    assert 0 < small < large < float("inf")


@pytest.mark.parametrize(
    "fn", [kasteleyn.matrix, kasteleyn.count_tilings, kasteleyn.estimated_seconds]
)
def test_bad_input_raises_type_error(fn):
    with pytest.raises(TypeError):
        fn("....")


@given(st.integers(1, 40), st.integers(1, 40))
@settings(max_examples=40)
def test_rectangle_closed_forms_and_engine_match_reference(m, n):
    expected = kasteleyn_rectangle(m, n)
    assert kasteleyn.count_tilings(Region.rectangle(m, n), fast_path=False) == expected
    assert closed_forms.rectangle_count(m, n) == expected
    assert closed_forms.rectangle_count(m, n, method="arb") == expected


def test_rectangle_closed_form_agrees_with_the_engine_on_a_large_board():
    board = Region.rectangle(90, 64)
    assert kasteleyn.count_tilings(board, fast_path=False) == closed_forms.rectangle_count(90, 64)
    assert closed_forms.rectangle_count(90, 64, method="arb") == closed_forms.rectangle_count(
        90, 64
    )
