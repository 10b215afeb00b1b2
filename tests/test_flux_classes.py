"""Flux classes: their sizes, the signed crossings that define them, and the moves between them.

Each checked against the full enumeration of the tilings.
"""

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings

from tiling import (
    NoTilingError,
    Region,
    Tiling,
    TilingError,
    TooLargeError,
    enumerate_tilings,
    examples,
)
from tiling.counting import count_by_flux
from tiling.heights import (
    flip,
    flips,
    flux,
    flux_crossings,
    height,
    hole_rings,
    max_tiling,
    min_tiling,
)

from .strategies import regions

# A frame around a gap with an island in it, the island's centre missing: the
# island's border belongs to the island, not to the gap around it.
ISLAND = Region.from_ascii(".......\n.#####.\n.#...#.\n.#.#.#.\n.#...#.\n.#####.\n.......")
# A hole with a pocket: the cell (2, 2) has three sides on the hole, so its domino
# is forced and the corner beyond it moves with the hole's border.
POCKET = Region.from_ascii("#...#..\n..#....\n.#.#..#\n...##..\n#......")


def _classes(region):
    return Counter(tuple(flux(t).tolist()) for t in enumerate_tilings(region))


@settings(max_examples=60)
@given(regions(max_height=6, max_width=7, density=0.85))
def test_class_sizes_match_the_enumeration(region):
    expected = _classes(region)
    assert count_by_flux(region) == dict(expected)
    if len(region.holes()) >= 2:
        for k in range(len(region.holes())):
            marginal = Counter()
            for key, n in expected.items():
                marginal[(key[k],)] += n
            assert count_by_flux(region, holes=[k]) == dict(marginal)


@pytest.mark.parametrize("region", [ISLAND, POCKET, examples.holey_board(), examples.ring()])
def test_class_sizes_of_special_shapes(region):
    assert count_by_flux(region) == dict(_classes(region))


@settings(max_examples=60)
@given(regions(max_height=6, max_width=7, density=0.85))
def test_flux_is_a_signed_count_of_crossed_dominoes(region):
    tilings = list(enumerate_tilings(region))[:40]
    if not region.holes():
        assert flux_crossings(region) == []
        return
    if not tilings:
        with pytest.raises(NoTilingError):
            flux_crossings(region)
        return
    crossings = flux_crossings(region)
    for t in tilings:
        present = {tuple(d) for d in t.dominoes.reshape(-1, 4).tolist()}
        for k, (dominoes, signs, base) in enumerate(crossings):
            on = np.array([tuple(d) in present for d in dominoes.reshape(-1, 4).tolist()], int)
            assert base + 4 * int(signs @ on) == flux(t)[k]


def _ring_moves(t, rings):
    present = {tuple(map(tuple, d)) for d in t.dominoes.tolist()}
    for _, dominoes, raise_present in rings:
        ring = [tuple(map(tuple, d)) for d in dominoes.tolist()]
        here = [d in present for d in ring]
        for up in (True, False):
            if here == [p == up for p in raise_present.tolist()]:
                gone = {d for d, h in zip(ring, here) if h}
                new = {d for d, h in zip(ring, here) if not h}
                yield Tiling(t.region, sorted((present - gone) | new)), up


def _connected_by_moves(region):
    tilings = list(enumerate_tilings(region))
    index = {t: i for i, t in enumerate(tilings)}
    rings = hole_rings(region)
    seen, queue = {0}, [0]
    for u in queue:
        t = tilings[u]
        neighbours = [flip(t, c) for c in flips(t)]
        neighbours += [moved for moved, _ in _ring_moves(t, rings)]
        for v in neighbours:
            if index[v] not in seen:
                seen.add(index[v])
                queue.append(index[v])
    return len(seen) == len(tilings)


@settings(max_examples=80)
@given(regions(max_height=6, max_width=7, density=0.85))
def test_flips_and_ring_moves_connect_every_tiling(region):
    count = sum(1 for _ in enumerate_tilings(region))
    if 1 < count <= 300:
        assert _connected_by_moves(region)


@pytest.mark.parametrize("region", [ISLAND, POCKET, examples.holey_board()])
def test_ring_moves_of_special_shapes(region):
    assert _connected_by_moves(region)
    for t in enumerate_tilings(region):
        for moved, up in _ring_moves(t, hole_rings(region)):
            diff = (flux(moved) - flux(t)).tolist()
            assert set(diff) <= {0, 4 if up else -4} and any(diff)
            assert np.all((height(moved) - height(t)).filled(0) * (1 if up else -1) >= 0)


def test_the_pocket_moves_with_its_hole():
    ((holes, dominoes, _),) = hole_rings(POCKET)
    assert holes == (0,)
    cells = {tuple(c) for d in dominoes.tolist() for c in d}
    assert (2, 2) not in cells  # the forced domino of the pocket is inside the moving part


def test_island_classes_and_extremes():
    tilings = list(enumerate_tilings(ISLAND))
    assert sorted(tuple(flux(t).tolist()) for t in tilings) == [(-2, -2), (-2, 2), (2, -2), (2, 2)]
    for t in tilings:
        f = flux(t).tolist()
        assert flux(min_tiling(ISLAND, flux=f)).tolist() == f
        assert flux(max_tiling(ISLAND, flux=f)).tolist() == f
        assert flux(min_tiling(ISLAND, flux=[None, f[1]])).tolist()[1] == f[1]


@settings(max_examples=40)
@given(regions(max_height=5, max_width=6, density=0.85))
def test_partly_fixed_extremes_match_the_enumeration(region):
    tilings = list(enumerate_tilings(region))
    if not tilings or len(region.holes()) < 2:
        return
    heights = [(height(t).filled(0), flux(t).tolist()) for t in tilings]
    value = heights[0][1][0]
    chosen = [h for h, f in heights if f[0] == value]
    partial = [value] + [None] * (len(region.holes()) - 1)
    assert np.array_equal(
        height(min_tiling(region, flux=partial)).filled(0), np.min(chosen, axis=0)
    )
    assert np.array_equal(
        height(max_tiling(region, flux=partial)).filled(0), np.max(chosen, axis=0)
    )


def test_count_by_flux_checks_its_arguments():
    board = examples.holey_board()
    with pytest.raises(TilingError, match="hole 5 does not exist"):
        count_by_flux(board, holes=[5])
    with pytest.raises(TilingError, match="named twice"):
        count_by_flux(board, holes=[0, 0])
    with pytest.raises(TypeError, match="sequence of hole indices"):
        count_by_flux(board, holes=1)
    assert count_by_flux(Region.rectangle(3, 3)) == {}
    assert count_by_flux(Region.rectangle(2, 2)) == {(): 2}


def test_count_by_flux_refuses_too_many_classes(monkeypatch):
    from tiling.counting import flux as module

    monkeypatch.setattr(module, "MAX_EVALUATIONS", 3)
    with pytest.raises(TooLargeError, match="more determinants than the 3"):
        count_by_flux(examples.holey_board())
