"""Glauber dynamics: valid tilings, the flux kept, and the uniform law in the long run."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import chisquare

import tiling
from tiling import Region, TilingError, enumerate_tilings, examples
from tiling.heights import flux, glauber, glauber_steps, min_tiling

from .reference import count_tilings_memo, is_valid_tiling
from .strategies import regions


@settings(max_examples=60)
@given(regions(max_height=6, max_width=7), st.integers(0, 2**32 - 1), st.integers(0, 12))
def test_glauber_keeps_tilings_valid_and_the_flux_unchanged(region, seed, sweeps):
    if count_tilings_memo(region.mask) == 0:
        return
    start = tiling.sample(region, rng=seed)
    for t in glauber_steps(start, sweeps, rng=seed):
        assert is_valid_tiling(t.region.mask, t.dominoes)
        assert np.array_equal(flux(t), flux(start))


def test_glauber_visits_every_tiling_of_a_small_board_uniformly():
    board = Region.rectangle(4, 4)  # 36 tilings
    index = {t: i for i, t in enumerate(enumerate_tilings(board))}
    states = glauber_steps(min_tiling(board), 36 * 250 * 3, rng=2026, every=3)[1:]
    counts = np.bincount([index[t] for t in states], minlength=len(index))
    assert counts.min() > 0
    # consecutive states three sweeps apart are close to independent here
    assert chisquare(counts).pvalue > 1e-3


def test_glauber_within_one_flux_class_of_a_region_with_holes():
    board = examples.holey_board()
    tilings = list(enumerate_tilings(board))
    start = tilings[0]
    same = [t for t in tilings if np.array_equal(flux(t), flux(start))]
    index = {t: i for i, t in enumerate(same)}
    states = glauber_steps(start, 400 * len(same), rng=7, every=4)[1:]
    counts = np.bincount([index[t] for t in states], minlength=len(same))
    assert counts.min() > 0 and chisquare(counts).pvalue > 1e-3


def test_glauber_is_reproducible_and_moves():
    start = min_tiling(Region.rectangle(10, 10))
    a = glauber(start, 20, rng=5)
    assert a == glauber(start, 20, rng=5)
    assert a != start
    assert glauber(start, 0, rng=5) == start
    assert glauber_steps(start, 20, rng=5)[-1] == a


def test_glauber_steps_keeps_every_kth_state():
    start = min_tiling(Region.rectangle(4, 6))
    assert len(glauber_steps(start, 10, rng=0, every=3)) == 1 + 4  # after 3, 6, 9 and 10
    assert len(glauber_steps(start, 9, rng=0, every=3)) == 1 + 3


def test_glauber_checks_its_arguments():
    start = min_tiling(Region.rectangle(2, 2))
    with pytest.raises(TilingError, match="sweeps must be a non-negative"):
        glauber(start, -1)
    with pytest.raises(TypeError, match="sweeps must be an integer"):
        glauber(start, 1.5)
    with pytest.raises(TilingError, match="every must be a positive"):
        glauber_steps(start, 3, every=0)
    with pytest.raises(TilingError, match="uncovered"):
        glauber(tiling.max_cover(Region.rectangle(3, 3)), 2)
    with pytest.raises(TypeError, match="rng"):
        glauber(start, 2, rng="seed")


def test_the_uniformity_check_rejects_a_slightly_biased_chain(monkeypatch):
    # negative control: flip towards vertical a little more often than back
    from tiling.heights import _glauber
    from tiling.heights._blocks import flip_blocks, flippable

    def biased_sweep(grid, rng):
        for a, b in _glauber._CLASSES:
            horizontal, vertical = flippable(grid)
            pick = np.zeros_like(horizontal)
            pick[a::2, b::2] = True
            u = rng.random(horizontal.shape)
            chosen = pick & ((horizontal & (u < 0.6)) | (vertical & (u < 0.4)))
            rows, cols = np.nonzero(chosen)
            flip_blocks(grid, rows, cols)

    monkeypatch.setattr(_glauber, "_sweep", biased_sweep)
    board = Region.rectangle(4, 4)
    index = {t: i for i, t in enumerate(enumerate_tilings(board))}
    states = glauber_steps(min_tiling(board), 36 * 250 * 3, rng=2026, every=3)[1:]
    counts = np.bincount([index[t] for t in states], minlength=len(index))
    assert chisquare(counts).pvalue < 1e-6
