"""Height functions, flux, Thurston's algorithm and the minimal and maximal tilings.

Checked against the definition walked edge by edge (tests/reference.py) and
against the brute-force enumeration of every tiling.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tiling
from tiling import NoTilingError, Region, Tiling, TilingError, enumerate_tilings, examples
from tiling.heights import (
    flux,
    glauber,
    height,
    is_tileable,
    max_tiling,
    min_tiling,
)
from tiling.heights._lattice import lattice_of

from .reference import count_tilings_memo, heights_from_definition, is_valid_tiling
from .strategies import regions, simply_connected_regions


def _random_tiling(region, seed):
    """A random tiling of a small region (uniform, by the transfer DP)."""
    return tiling.sample(region, rng=seed)


def _as_dict(h):
    return {(int(i), int(j)): int(h[i, j]) for i, j in np.argwhere(~np.ma.getmaskarray(h)).tolist()}


# ---------------------------------------------------------------------- the definition
@given(simply_connected_regions(max_height=7, max_width=7), st.integers(0, 2**32 - 1))
def test_height_matches_the_definition_on_simply_connected_regions(region, seed):
    if count_tilings_memo(region.mask) == 0:
        return
    t = _random_tiling(region, seed)
    expected, _ = heights_from_definition(region.mask, t.dominoes)
    h = height(t)
    assert h.shape == (t.region.shape[0] + 1, t.region.shape[1] + 1)
    assert _as_dict(h) == expected


@settings(max_examples=150)
@given(regions(max_height=6, max_width=7), st.integers(0, 2**32 - 1))
def test_height_obeys_every_edge_but_the_slits_on_any_region(region, seed):
    if count_tilings_memo(region.mask) == 0:
        return
    t = _random_tiling(region, seed)
    h = _as_dict(height(t))
    _, steps = heights_from_definition(region.mask, t.dominoes)
    lattice = lattice_of(region)
    slit = {((i, j), (i, j + 1)) for i, j in np.argwhere(lattice.cut_h).tolist()}
    windings = list(lattice.windings.values())
    for (p, q), step in steps.items():
        if (p, q) in slit or (q, p) in slit:
            # across a slit the height jumps by a hole's winding 4 (n0 - n1), or by
            # a sum of windings where slits chain: a multiple of 4 in any case
            assert (h[q] - h[p] - step) % 4 == 0
        else:
            assert h[q] - h[p] == step, (p, q)
    if all(w == 0 for w in windings):
        expected, _ = heights_from_definition(region.mask, t.dominoes)
        assert h == expected  # balanced holes: single-valued, slits change nothing


def test_height_jumps_across_a_slit_by_the_winding_of_its_hole():
    ring = examples.ring()  # one missing cell of colour 0: winding 4
    assert lattice_of(ring).windings == {(1, 1): 4}
    for t in enumerate_tilings(ring):
        h = height(t)
        # the slit runs up from the hole through cell (0, 1): edge (0, 1)-(0, 2)
        # of the top border, where the default step is -1 ... plus the jump of 4
        assert int(h[0, 2]) - int(h[0, 1]) == 1 + 4


def test_height_of_the_docstring_picture():
    t = Tiling(Region.rectangle(2, 2), [[(0, 0), (0, 1)], [(1, 0), (1, 1)]])
    assert height(t).tolist() == [[0, -1, 0], [1, 2, 1], [0, -1, 0]]


def test_height_is_zero_at_the_first_corner_of_each_lattice_piece():
    apart = Region.from_ascii("..###\n###..")  # corners (1, 2) and (1, 3): two pieces
    h = height(tiling.find(apart))
    assert h[0, 0] == 0 and h[1, 3] == 0
    touching = Region.from_ascii("..\n..\n##..\n##..")  # corner to corner: one piece
    t = tiling.find(touching)
    expected, _ = heights_from_definition(touching.mask, t.dominoes)
    assert _as_dict(height(t)) == expected  # one base for the whole piece


def test_height_is_the_same_modulo_four_for_every_tiling():
    board = Region.rectangle(4, 5)
    residues = {tuple((height(t).filled(0) % 4).ravel()) for t in enumerate_tilings(board)}
    assert len(residues) == 1


def test_height_refuses_partial_tilings_and_other_types():
    cover = tiling.max_cover(Region.rectangle(3, 3))
    with pytest.raises(TilingError, match="leaves 1 cell uncovered"):
        height(cover)
    with pytest.raises(TypeError, match="needs a tiling.Tiling"):
        height(Region.rectangle(2, 2))


# ---------------------------------------------------------------------- flux
def test_flux_of_the_ring_tells_its_two_tilings_apart():
    values = sorted(int(flux(t)[0]) for t in enumerate_tilings(examples.ring()))
    assert values == [-2, 2]


def test_flux_is_empty_without_holes_and_one_per_hole_otherwise():
    assert flux(tiling.find(Region.rectangle(2, 2))).shape == (0,)
    board = examples.holey_board()
    assert flux(tiling.find(board)).shape == (len(board.holes()),)


@settings(max_examples=60)
@given(regions(max_height=6, max_width=6))
def test_flux_classes_are_exactly_the_components_of_the_flip_graph(region):
    from tiling.heights import flip, flips

    tilings = list(enumerate_tilings(region))
    if not tilings or len(tilings) > 300:
        return
    index = {t: i for i, t in enumerate(tilings)}
    component = [-1] * len(tilings)
    for s in range(len(tilings)):
        if component[s] >= 0:
            continue
        component[s] = s
        queue = [s]
        for u in queue:
            for cell in flips(tilings[u]):
                v = index[flip(tilings[u], cell)]
                if component[v] < 0:
                    component[v] = s
                    queue.append(v)
    fluxes = [tuple(flux(t).tolist()) for t in tilings]
    for i in range(len(tilings)):
        for j in range(i + 1, len(tilings)):
            assert (component[i] == component[j]) == (fluxes[i] == fluxes[j])


# ---------------------------------------------------------------------- Thurston
@settings(max_examples=300)
@given(simply_connected_regions(max_height=7, max_width=8))
def test_is_tileable_agrees_with_the_count_on_simply_connected_regions(region):
    assert is_tileable(region) == (count_tilings_memo(region.mask) > 0)


@settings(max_examples=150)
@given(regions(max_height=6, max_width=7))
def test_is_tileable_agrees_with_the_count_on_any_region(region):
    assert is_tileable(region) == (count_tilings_memo(region.mask) > 0)


@pytest.mark.parametrize(
    "region",
    [
        examples.figure_7x7(),  # balanced, fails Hall's condition
        Region.from_ascii(".####\n..##.\n.....\n##.##"),
        Region.from_ascii(".#...\n.##.#\n..#.#\n....."),
        Region.from_ascii("....#\n#.#..\n###.#\n###.."),
        Region.from_ascii("#.##.\n.....\n#....\n#.#.."),
    ],
)
def test_balanced_regions_that_fail_thurstons_condition(region):
    assert region.balance == 0
    assert not is_tileable(region)
    assert count_tilings_memo(region.mask) == 0


def _extremes_by_enumeration(region):
    """{flux: (pointwise min, pointwise max)} of the height functions of all tilings."""
    out = {}
    for t in enumerate_tilings(region):
        h = height(t).filled(0)
        f = tuple(flux(t).tolist())
        lo, hi = out.get(f, (h, h))
        out[f] = (np.minimum(lo, h), np.maximum(hi, h))
    return out


@settings(max_examples=150)
@given(simply_connected_regions(max_height=6, max_width=7))
def test_min_and_max_tilings_are_the_pointwise_extremes(region):
    extremes = _extremes_by_enumeration(region)
    if not extremes:
        with pytest.raises(NoTilingError):
            min_tiling(region)
        return
    ((lo, hi),) = extremes.values()
    t_min, t_max = min_tiling(region), max_tiling(region)
    for t in (t_min, t_max):
        assert is_valid_tiling(region.mask, t.dominoes)
    assert np.array_equal(height(t_min).filled(0), lo)
    assert np.array_equal(height(t_max).filled(0), hi)


@settings(max_examples=100)
@given(regions(max_height=6, max_width=6))
def test_min_and_max_tilings_of_each_flux_class_with_holes(region):
    extremes = _extremes_by_enumeration(region)
    anchors = lattice_of(region).hole_anchors
    for f, (lo, hi) in extremes.items():
        target = list(f) if anchors else None
        t_min = min_tiling(region, flux=target)
        t_max = max_tiling(region, flux=target)
        assert is_valid_tiling(region.mask, t_min.dominoes)
        assert is_valid_tiling(region.mask, t_max.dominoes)
        assert np.array_equal(height(t_min).filled(0), lo)
        assert np.array_equal(height(t_max).filled(0), hi)


def test_min_and_max_over_all_flux_classes_are_the_pointwise_extremes():
    for region in (
        examples.holey_board(),
        examples.ring(),
        Region.rectangle(5, 6).without([(1, 1), (3, 3), (1, 4), (3, 2)]),
    ):
        everything = [height(t).filled(0) for t in enumerate_tilings(region)]
        lo, hi = np.min(everything, axis=0), np.max(everything, axis=0)
        assert np.array_equal(height(min_tiling(region)).filled(0), lo)
        assert np.array_equal(height(max_tiling(region)).filled(0), hi)


@settings(max_examples=60)
@given(regions(max_height=5, max_width=6))
def test_global_extremes_on_random_regions(region):
    everything = [height(t).filled(0) for t in enumerate_tilings(region)]
    if not everything:
        return
    assert np.array_equal(height(min_tiling(region)).filled(0), np.min(everything, axis=0))
    assert np.array_equal(height(max_tiling(region)).filled(0), np.max(everything, axis=0))


def test_min_tiling_flux_argument_is_checked():
    board = examples.holey_board()
    t = tiling.find(board)
    with pytest.raises(TilingError, match="no tiling of this region has flux"):
        min_tiling(board, flux=(flux(t) + 400).tolist())
    with pytest.raises(TilingError, match="one entry per hole"):
        min_tiling(board, flux=[0])
    with pytest.raises(TypeError, match="flux must"):
        min_tiling(board, flux="0 0")
    with pytest.raises(TypeError, match="integers"):
        min_tiling(board, flux=[0.5, 1.0])


def test_a_corner_pinched_gap_has_one_flux_class_but_needs_the_general_route():
    # (1, 1) is enclosed except at its corner with (0, 0): a hole of the height
    # function, not of Region.holes(); the minimal tiling needs no flux
    region = Region.rectangle(4, 6).without([(0, 0), (1, 1), (0, 3), (3, 2)])
    assert not lattice_of(region).is_simply_connected and region.holes() == []
    extremes = _extremes_by_enumeration(region)
    ((lo, hi),) = extremes.values()
    assert np.array_equal(height(min_tiling(region)).filled(0), lo)
    assert np.array_equal(height(max_tiling(region)).filled(0), hi)


def test_min_tiling_of_untileable_regions_raises_with_a_checked_proof():
    with pytest.raises(NoTilingError) as info:
        min_tiling(examples.figure_7x7())
    assert info.value.certificate.verify()


def test_thurston_on_large_regions_agrees_with_the_matching():
    rng = np.random.default_rng(5)
    n = 120
    y, x = np.mgrid[0:n, 0:n]
    disk = (y - n / 2 + 0.5) ** 2 + (x - n / 2 + 0.5) ** 2 < (n / 2) ** 2
    for mask in (disk, np.ones((n, n), bool)):
        region = Region.from_mask(mask)
        assert is_tileable(region) == tiling.matching.hopcroft_karp(region).is_perfect
        t = min_tiling(region)
        assert is_valid_tiling(region.mask, t.dominoes)
        # no flip lowers the minimal tiling anywhere: every local extreme is a minimum
        u = glauber(t, 3, rng=rng)
        assert (height(u).filled(0) >= height(t).filled(0)).all()


# ---------------------------------------------------------------------- text pictures
@given(regions(max_height=5, max_width=6), st.integers(0, 2**32 - 1))
def test_tiling_text_pictures_read_back(region, seed):
    cover = tiling.max_cover(region)
    text = cover.to_ascii()
    back = Tiling.from_ascii(text)
    # the picture starts at the first row and column drawn: compare up to translation
    r0, c0, _, _ = region.bounding_box()
    r1, c1, _, _ = back.region.bounding_box()
    shift = np.array([r0 - r1, c0 - c1])
    assert sorted(map(tuple, (back.dominoes + shift).reshape(-1, 4).tolist())) == sorted(
        map(tuple, cover.dominoes.reshape(-1, 4).tolist())
    )
    assert back.region.n_cells == region.n_cells


def test_tiling_text_picture_errors_name_line_and_column():
    from tiling import ParseError

    with pytest.raises(ParseError, match="line 3, column 1: the left half"):
        Tiling.from_ascii("╻ ╻\n╹ ╹\n╺━╻")
    with pytest.raises(ParseError, match="line 1, column 3: the right half"):
        Tiling.from_ascii("╻ ━╸\n╹")
    with pytest.raises(ParseError, match="line 1, column 1: 'xy' is not"):
        Tiling.from_ascii("xy")
    with pytest.raises(ParseError, match="no dominoes"):
        Tiling.from_ascii("\n  \n")
    with pytest.raises(TypeError):
        Tiling.from_ascii(b"..")


# ---------------------------------------------------------------------- the registry
@settings(max_examples=60)
@given(simply_connected_regions(max_height=6, max_width=7))
def test_find_by_thurston_gives_the_minimal_tiling_or_the_proof(region):
    if count_tilings_memo(region.mask) == 0:
        with pytest.raises(NoTilingError) as info:
            tiling.find(region, method="thurston")
        assert info.value.certificate.verify(region)
        return
    found = tiling.find(region, method="thurston")
    assert found == min_tiling(region)


def test_thurston_method_refuses_regions_with_holes_and_auto_goes_elsewhere():
    board = examples.holey_board()
    with pytest.raises(tiling.TooLargeError, match="needs a region without holes"):
        tiling.find(board, method="thurston")
    pinched = Region.rectangle(4, 6).without([(0, 0), (1, 1), (0, 3), (3, 2)])
    with pytest.raises(tiling.TooLargeError, match="holes that touch the outside"):
        tiling.find(pinched, method="thurston")
    method = tiling.registry.get_method("find", "thurston")
    assert method.estimated_seconds(board) == float("inf")
    assert tiling.registry.choose("find", board).name != "thurston"


def test_auto_picks_thurston_for_large_regions_without_holes():
    big = Region.rectangle(1500, 1500)
    assert tiling.registry.choose("find", big).name == "thurston"
    assert tiling.registry.choose("find", Region.rectangle(8, 8)).name != "thurston"
