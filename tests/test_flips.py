"""Flips, the flip distance and shortest flip paths, against breadth-first search."""

from collections import deque

import numpy as np
import pytest
from hypothesis import given, settings

import tiling
from tiling import Region, Tiling, TilingError, TooLargeError, enumerate_tilings, examples
from tiling.heights import (
    flip,
    flip_distance,
    flip_path,
    flips,
    flux,
    height,
    max_tiling,
    min_tiling,
    replay_flips,
)
from tiling.heights._lattice import lattice_of

from .reference import is_valid_tiling
from .strategies import regions, simply_connected_regions


def _flips_by_hand(t):
    """Flippable blocks found cell by cell (independent of the package's grids)."""
    pairs = {frozenset(map(tuple, d)) for d in t.dominoes.tolist()}
    h, w = t.region.shape
    out = []
    for r in range(h - 1):
        for c in range(w - 1):
            a, b, d, e = (r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)
            horizontal = frozenset((a, b)) in pairs and frozenset((d, e)) in pairs
            vertical = frozenset((a, d)) in pairs and frozenset((b, e)) in pairs
            if horizontal or vertical:
                out.append([r, c])
    return out


def _bfs_distances(tilings):
    """All-pairs flip distances in the flip graph of the enumerated tilings (-1: not joined)."""
    index = {t: i for i, t in enumerate(tilings)}
    neighbours = [[index[flip(t, c)] for c in flips(t)] for t in tilings]
    n = len(tilings)
    dist = np.full((n, n), -1, dtype=np.int64)
    for s in range(n):
        dist[s, s] = 0
        queue = deque([s])
        while queue:
            u = queue.popleft()
            for v in neighbours[u]:
                if dist[s, v] < 0:
                    dist[s, v] = dist[s, u] + 1
                    queue.append(v)
    return dist


def _check_against_bfs(region, max_tilings):
    tilings = list(enumerate_tilings(region))
    if not tilings or len(tilings) > max_tilings:
        return 0
    dist = _bfs_distances(tilings)
    fluxes = [tuple(flux(t).tolist()) for t in tilings]
    for i, a in enumerate(tilings):
        for j, b in enumerate(tilings):
            if fluxes[i] != fluxes[j]:
                assert dist[i, j] < 0
                with pytest.raises(TilingError, match="different fluxes"):
                    flip_distance(a, b)
                continue
            assert flip_distance(a, b) == dist[i, j]
            if (i + 3 * j) % 4 == 0:
                path = flip_path(a, b)
                assert len(path) == dist[i, j]
                assert replay_flips(a, path)[-1] == b
    return len(tilings)


@settings(max_examples=80)
@given(simply_connected_regions(max_height=5, max_width=6))
def test_flip_distance_is_the_breadth_first_distance_on_simply_connected_regions(region):
    _check_against_bfs(region, max_tilings=60)


@settings(max_examples=80)
@given(regions(max_height=5, max_width=6, density=0.8))
def test_flip_distance_is_the_breadth_first_distance_with_holes(region):
    _check_against_bfs(region, max_tilings=60)


def test_flip_distance_with_unbalanced_holes_by_exhaustive_search():
    # regions whose holes wind (n0 != n1), where the proof in flip_distance's
    # docstring does not apply as written: the formula checked pair by pair
    rng = np.random.default_rng(11)
    checked = 0
    while checked < 25:
        mask = rng.random((5, 6)) > 0.15
        region = Region.from_mask(mask)
        if not any(lattice_of(region).windings.values()):
            continue
        checked += _check_against_bfs(region, max_tilings=80) > 1


@given(regions(max_height=6, max_width=6))
def test_flips_finds_every_block_of_two_parallel_dominoes(region):
    cover = tiling.max_cover(region)
    assert flips(cover).tolist() == _flips_by_hand(cover)
    for cell in flips(cover):
        new = flip(cover, cell)
        assert is_valid_tiling(region.mask, new.dominoes, perfect=False)
        assert len(new) == len(cover) and new != cover
        assert flip(new, cell) == cover  # a flip undoes itself


def test_a_flip_changes_the_height_at_the_block_centre_only_by_four():
    t = tiling.sample(Region.rectangle(6, 6), rng=4)
    for r, c in flips(t).tolist():
        diff = (height(flip(t, (r, c))) - height(t)).filled(0)
        assert abs(diff[r + 1, c + 1]) == 4
        diff[r + 1, c + 1] = 0
        assert not diff.any()


def test_flip_rejects_blocks_that_are_not_flippable():
    t = min_tiling(Region.rectangle(2, 4))  # vertical, a horizontal pair, vertical
    with pytest.raises(TilingError, match=r"top-left cell \(0, 0\) is not covered"):
        flip(t, (0, 0))
    with pytest.raises(TilingError, match="is not covered"):
        flip(t, (5, 5))
    with pytest.raises(TilingError, match="one .row, col. pair"):
        flip(t, [(0, 1), (0, 2)])
    with pytest.raises(TilingError, match="negative"):
        flip(t, (-1, 0))


def test_min_and_max_of_the_board_are_as_far_apart_as_the_heights_say():
    board = Region.rectangle(8, 8)
    lo, hi = min_tiling(board), max_tiling(board)
    expected = int((height(hi) - height(lo)).filled(0).sum()) // 4
    assert flip_distance(lo, hi) == expected > 0
    path = flip_path(lo, hi)
    assert len(path) == expected and replay_flips(lo, path)[-1] == hi


def test_flip_distance_needs_one_region_and_perfect_tilings():
    a = tiling.find(Region.rectangle(2, 2))
    b = tiling.find(Region.rectangle(2, 4))
    with pytest.raises(TilingError, match="different regions"):
        flip_distance(a, b)
    with pytest.raises(TilingError, match="uncovered"):
        flip_distance(tiling.max_cover(Region.rectangle(3, 3)), a)
    with pytest.raises(TilingError, match="different fluxes"):
        ring = list(enumerate_tilings(examples.ring()))
        flip_distance(*ring)


def test_flip_path_refuses_paths_too_long_to_write(monkeypatch):
    from tiling.heights import _flips

    monkeypatch.setattr(_flips, "MAX_PATH", 5)
    board = Region.rectangle(6, 6)
    with pytest.raises(TooLargeError, match="more than the 5"):
        flip_path(min_tiling(board), max_tiling(board))


def test_replay_flips_keeps_every_kth_state_and_names_a_bad_flip():
    board = Region.rectangle(4, 4)
    lo, hi = min_tiling(board), max_tiling(board)
    path = flip_path(lo, hi)
    states = replay_flips(lo, path, every=3)
    assert len(states) == 1 + -(-len(path) // 3) and states[-1] == hi
    with pytest.raises(TilingError, match="flip 2, the block"):
        replay_flips(lo, [path[0], [3, 3]])


def test_flip_of_a_tiling_from_text():
    t = Tiling.from_ascii("╺━━╸\n╺━━╸")
    assert flip(t, (0, 0)) == Tiling.from_ascii("╻ ╻\n╹ ╹")
