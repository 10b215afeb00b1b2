"""Coupling from the past: exactly uniform on every region, holes included.

The law of the samples is checked by a chi-square test against the full
enumeration, on simply connected regions and on regions with holes and
several flux classes; negative controls show that the test rejects samplers
that are only slightly wrong (a biased coin; the classic mistake of coupling
forwards and keeping the state where the chains met).
"""

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import chisquare

import tiling
from tiling import NoTilingError, Region, TooLargeError, enumerate_tilings, examples
from tiling.heights import flux, hole_rings
from tiling.random import cftp
from tiling.random.cftp import Extremes, sample_cftp

from .reference import count_tilings_memo, is_valid_tiling
from .strategies import regions

# Regions with several flux classes of very different sizes, and simply connected ones.
HOLEY = [
    examples.holey_board(),  # 140 tilings, two holes
    Region.rectangle(6, 7).without(
        [(1, 1), (1, 2), (2, 1), (2, 2), (3, 4), (4, 4), (3, 5), (4, 5)]
    ),
    examples.ring(),
]
SIMPLE = [Region.rectangle(4, 4), Region.from_ascii(".....\n.....\n....\n...#..\n.....\n")]


def _law(region, draw, per_tiling=40):
    """Counts of each enumerated tiling among ``per_tiling * N`` draws, and the tilings."""
    tilings = list(enumerate_tilings(region))
    index = {t: i for i, t in enumerate(tilings)}
    draws = [draw() for _ in range(per_tiling * len(tilings))]
    return np.bincount([index[t] for t in draws], minlength=len(tilings)), tilings


@pytest.mark.parametrize("region", SIMPLE + HOLEY)
def test_cftp_is_uniform_against_the_enumeration(region):
    prepared = Extremes(region)
    rng = np.random.default_rng(20261202)
    counts, tilings = _law(region, lambda: cftp._couple(prepared, rng, 2**20, False)[0])
    assert counts.min() > 0
    assert chisquare(counts).pvalue > 1e-3
    fluxes = Counter(tuple(flux(t).tolist()) for t in tilings)
    if region in HOLEY[:2]:
        assert len(fluxes) >= 2  # several flux classes, each visited in proportion


def test_the_check_rejects_a_slightly_biased_coin(monkeypatch):
    # negative control: the same chain with coins that say "up" 55% of the time
    from tiling.random import _cftp_kernels as kernels

    region = Region.rectangle(4, 4)
    prepared = Extremes(region)

    def biased(hb, vb, seed, n, holes, coins=None):
        state = np.uint64(seed)
        for _ in range(n):
            for k in range(4):
                a, b = kernels.CLASSES[k]
                for r in range(a, hb.shape[0] - 1, 2):
                    for c in range(b, 4 - 1, 2):
                        state = np.uint64((int(state) * 6364136223846793005 + 1) % 2**64)
                        up = (int(state) >> 33) % 100 < 55
                        _set_block(hb, vb, r, c, up)
        return state

    monkeypatch.setattr(cftp, "_run_chain", biased)
    rng = np.random.default_rng(3)
    counts, _ = _law(region, lambda: cftp._couple(prepared, rng, 2**20, False)[0], 60)
    assert chisquare(counts).pvalue < 1e-6


def _set_block(hb, vb, r, c, up):
    """Heat-bath update of block (r, c) on bit boards, in Python (for the negative controls)."""
    w, bit = c >> 6, np.uint64(1) << np.uint64(c & 63)
    w1, bit1 = (c + 1) >> 6, np.uint64(1) << np.uint64((c + 1) & 63)
    horizontal = bool(hb[r, w] & bit) and bool(hb[r + 1, w] & bit)
    vertical = bool(vb[r, w] & bit) and bool(vb[r, w1] & bit1)
    want_h = up == ((r + c) % 2 == 0)
    if vertical and want_h:
        vb[r, w] &= ~bit
        vb[r, w1] &= ~bit1
        hb[r, w] |= bit
        hb[r + 1, w] |= bit
    elif horizontal and not want_h:
        hb[r, w] &= ~bit
        hb[r + 1, w] &= ~bit
        vb[r, w] |= bit
        vb[r, w1] |= bit1


def test_the_check_rejects_coupling_forwards():
    # negative control: run the two chains forward and keep the state where they meet
    from tiling.random._cftp_kernels import run_sweeps

    region = Region.rectangle(4, 4)
    prepared = Extremes(region)
    rng = np.random.default_rng(4)

    def forward():
        hb_t, vb_t = (b.copy() for b in prepared.top)
        hb_b, vb_b = (b.copy() for b in prepared.bottom)
        while True:
            seed = rng.integers(0, 2**64, dtype=np.uint64)
            run_sweeps(hb_t, vb_t, seed, 1, *prepared.holes)
            run_sweeps(hb_b, vb_b, seed, 1, *prepared.holes)
            if np.array_equal(hb_t, hb_b) and np.array_equal(vb_t, vb_b):
                return cftp._tiling_from_boards(region, hb_t, vb_t)

    counts, _ = _law(region, forward, 60)
    assert chisquare(counts).pvalue < 1e-6


@settings(max_examples=40)
@given(regions(max_height=7, max_width=8), st.integers(0, 2**32 - 1))
def test_cftp_samples_are_valid_tilings_of_any_region(region, seed):
    if count_tilings_memo(region.mask) == 0:
        with pytest.raises(NoTilingError) as info:
            sample_cftp(region, rng=seed)
        assert info.value.certificate.verify(region)
        return
    t = sample_cftp(region, rng=seed)
    assert is_valid_tiling(region.mask, t.dominoes)


def test_cftp_on_a_large_region_with_holes():
    rng = np.random.default_rng(8)
    mask = np.ones((60, 64), bool)  # wider than a word: blocks straddle two words
    for r, c in rng.integers(2, 58, size=(6, 2)):
        mask[r, c] = mask[r, c + 1] = False
    region = Region.from_mask(mask)
    t = sample_cftp(region, rng=1)
    assert is_valid_tiling(region.mask, t.dominoes)
    assert len(hole_rings(region)) == len(region.holes())


def test_same_seed_same_sample_and_size_gives_independent_uniform_samples():
    board = Region.rectangle(12, 12)
    assert sample_cftp(board, rng=5) == sample_cftp(board, rng=5)
    assert tiling.sample(board, rng=5, method="cftp") == tiling.sample(board, rng=5, method="cftp")
    many = tiling.sample(board, rng=6, size=20, method="cftp")
    assert len(many) == 20 and len(set(many)) == 20  # 53 million tilings: no repeats
    again = tiling.sample(board, rng=6, size=20, method="cftp")
    assert many == again


def test_size_samples_are_each_uniform():
    region = Region.rectangle(4, 4)
    tilings = list(enumerate_tilings(region))
    index = {t: i for i, t in enumerate(tilings)}
    draws = tiling.sample(region, rng=9, size=40 * len(tilings), method="cftp")
    counts = np.bincount([index[t] for t in draws], minlength=len(tilings))
    assert chisquare(counts).pvalue > 1e-3


def test_size_with_an_executor_gives_the_serial_samples():
    from concurrent.futures import ThreadPoolExecutor

    board = Region.rectangle(10, 10)
    with ThreadPoolExecutor(2) as pool:
        spread = tiling.sample(board, rng=11, size=6, executor=pool)
    assert spread == tiling.sample(board, rng=11, size=6)


def test_sample_options_are_checked():
    board = Region.rectangle(2, 2)
    with pytest.raises(tiling.TilingError, match="give size= too"):
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(1) as pool:
            tiling.sample(board, executor=pool)
    with pytest.raises(tiling.TilingError, match="size must be a non-negative"):
        tiling.sample(board, size=-1)
    with pytest.raises(TypeError, match="size must be an integer"):
        tiling.sample(board, size=2.0)
    assert tiling.sample(board, size=0) == []
    with pytest.raises(NoTilingError):
        tiling.sample(Region.rectangle(3, 3), size=2)


def test_cftp_gives_up_past_max_sweeps():
    mask = np.ones((40, 40), bool)
    mask[15:25, 15:25] = False  # a large hole: its ring rarely turns
    with pytest.raises(TooLargeError, match="had not met in an attempt of 64 sweeps"):
        sample_cftp(Region.from_mask(mask), rng=0, max_sweeps=64)
    with pytest.raises(TooLargeError, match="the first attempt takes 16 sweeps"):
        sample_cftp(Region.rectangle(4, 4), rng=0, max_sweeps=8)


def test_auto_samples_wide_regions_and_regions_with_holes():
    wide = Region.rectangle(40, 40)
    assert tiling.registry.choose("sample", wide).name == "cftp"
    t = tiling.sample(wide, rng=2)
    assert is_valid_tiling(wide.mask, t.dominoes)
    holey = Region.rectangle(30, 32).without([(10, 10), (20, 21)])
    t = tiling.sample(holey, rng=2)
    assert is_valid_tiling(holey.mask, t.dominoes)


# ---------------------------------------------------------------------- large holes
TWO_CLASSES = Region.rectangle(6, 7).without(
    [(1, 1), (1, 2), (2, 1), (2, 2), (3, 4), (4, 4), (3, 5), (4, 5)]
)


def test_holes_with_long_rings_get_their_flux_drawn_first_and_stay_uniform(monkeypatch):
    monkeypatch.setattr(cftp, "RING_LIMIT", 4)  # every hole here counts as large
    prepared = Extremes(TWO_CLASSES)
    assert prepared.fixed == [0, 1] and sum(prepared.classes.values()) == 146
    rng = np.random.default_rng(12)
    counts, _ = _law(TWO_CLASSES, lambda: cftp._couple(prepared, rng, 2**20, False)[0])
    assert counts.min() > 0 and chisquare(counts).pvalue > 1e-3


def test_the_check_rejects_a_flux_class_drawn_uniformly(monkeypatch):
    # negative control: the example of a slightly wrong sampler for holes
    monkeypatch.setattr(cftp, "RING_LIMIT", 4)
    prepared = Extremes(TWO_CLASSES)
    keys = sorted(prepared.classes)
    monkeypatch.setattr(
        Extremes, "draw_class", lambda self, rng: keys[int(rng.integers(len(keys)))]
    )
    rng = np.random.default_rng(13)
    counts, _ = _law(TWO_CLASSES, lambda: cftp._couple(prepared, rng, 2**20, False)[0])
    assert chisquare(counts).pvalue < 1e-6


def test_a_large_hole_in_a_large_board():
    mask = np.ones((60, 60), bool)
    mask[20:40, 20:40] = False  # its ring has 80 sides: drawn by class
    region = Region.from_mask(mask)
    prepared = Extremes(region)
    assert prepared.fixed == [0] and len(prepared.classes) > 10
    t = tiling.sample(region, rng=3)
    assert is_valid_tiling(region.mask, t.dominoes)
    assert (int(flux(t)[0]),) in prepared.classes


def test_exact_draw_of_a_class_among_huge_sizes():
    rng = np.random.default_rng(1)
    values = [cftp._uniform_below(rng, 3 * 2**200) for _ in range(2000)]
    assert all(0 <= v < 3 * 2**200 for v in values)
    thirds = np.bincount([v // 2**200 for v in values], minlength=3)
    assert chisquare(thirds).pvalue > 1e-3


# ---------------------------------------------------------------------- weights
def _weighted_law(region, weights):
    rows, cols = region.shape
    h = np.broadcast_to(np.asarray(weights[0], float), (rows, cols - 1))
    v = np.broadcast_to(np.asarray(weights[1], float), (rows - 1, cols))
    tilings = list(enumerate_tilings(region))
    p = np.array(
        [np.prod([h[a, b] if a == c else v[a, b] for (a, b), (c, d) in t]) for t in tilings]
    )
    return tilings, p / p.sum()


@pytest.mark.parametrize(
    "region, seed",
    [(Region.rectangle(4, 4), 1), (examples.holey_board(), 2), (examples.ring(), 3)],
)
def test_weighted_samples_follow_the_product_of_the_weights(region, seed):
    rng = np.random.default_rng(seed)
    rows, cols = region.shape
    weights = (rng.uniform(0.2, 3, (rows, cols - 1)), rng.uniform(0.2, 3, (rows - 1, cols)))
    tilings, p = _weighted_law(region, weights)
    index = {t: i for i, t in enumerate(tilings)}
    n = 150 * len(tilings)
    draws = tiling.sample(region, rng=seed, weights=weights, size=n)
    counts = np.bincount([index[t] for t in draws], minlength=len(tilings))
    assert chisquare(counts, p * n).pvalue > 1e-3


def test_scalar_weights_favour_one_orientation():
    board = Region.rectangle(4, 4)
    tilings, p = _weighted_law(board, (4, 1))
    index = {t: i for i, t in enumerate(tilings)}
    draws = tiling.sample(board, rng=4, weights=(4, 1), size=4000)
    counts = np.bincount([index[t] for t in draws], minlength=len(tilings))
    assert chisquare(counts, p * 4000).pvalue > 1e-3
    flat = tiling.sample(board, rng=4, size=4000)  # negative control: the uniform law fails
    uniform = np.bincount([index[t] for t in flat], minlength=len(tilings))
    assert chisquare(uniform, p * 4000).pvalue < 1e-6


def test_weights_are_checked_and_refused_where_not_taken():
    board = Region.rectangle(4, 4)
    with pytest.raises(tiling.TilingError, match="method 'dp' does not take weights"):
        tiling.sample(board, method="dp", weights=(1, 2))
    with pytest.raises(tiling.TilingError, match="positive finite weights"):
        tiling.sample(board, weights=(0, 1))
    with pytest.raises(tiling.TilingError, match=r"shape \(3, 3\)"):
        tiling.sample(board, weights=(np.ones((3, 3)), np.ones((3, 4))))
    with pytest.raises(TypeError, match="must be a number, not True"):
        tiling.sample(board, weights=(True, 1))
    with pytest.raises(TypeError, match="pair"):
        tiling.sample(board, weights="heavy")
    import sympy

    with pytest.raises(TypeError, match="symbolic weights are for counting"):
        tiling.sample(board, weights=(np.full((4, 3), sympy.Symbol("x")), np.ones((3, 4))))
    mask = np.ones((40, 40), bool)
    mask[10:30, 10:30] = False
    with pytest.raises(TooLargeError, match="ring of dominoes"):
        tiling.sample(Region.from_mask(mask), weights=(1, 2))
