"""The dispatcher: input checks and the choices of method="auto"."""

import numpy as np
import pytest
from hypothesis import given, settings

import tiling
from tiling import NoTilingError, Region, TilingError, examples
from tiling._validation import as_rng

from .reference import count_tilings_memo
from .strategies import regions


@settings(max_examples=60)
@given(regions(max_height=6, max_width=7))
def test_auto_count_equals_reference_and_find_agrees(r):
    expected = count_tilings_memo(r.mask)
    assert tiling.count(r) == expected
    if expected == 0:
        with pytest.raises(NoTilingError):
            tiling.find(r)
    else:
        assert tiling.find(r).is_perfect


def test_auto_picks_a_method_that_handles_wide_and_narrow_regions():
    assert tiling.count(Region.rectangle(2, 3000)) > 0  # narrow: the DP
    assert tiling.count(Region.rectangle(40, 40)) > 0  # wide: Kasteleyn
    assert tiling.find(Region.rectangle(60, 60).without([(5, 5), (5, 6)])).is_perfect
    assert tiling.max_cover(Region.rectangle(61, 61)).uncovered().shape == (1, 2)


def test_sample_uses_shuffling_for_translated_aztec_diamonds():
    d = Region.from_cells(Region.aztec_diamond(6).cells() + [3, 5])
    t = tiling.sample(d, rng=2)
    assert t.region == d and t.is_perfect


def test_methods_and_regions_are_checked():
    with pytest.raises(TilingError, match="unknown method 'magic'"):
        tiling.count(Region.rectangle(2, 2), method="magic")
    with pytest.raises(TypeError, match="method must be one of"):
        tiling.count(Region.rectangle(2, 2), method=np.array(["dp", "x"]))
    with pytest.raises(TypeError, match=r"count\(\) needs a tiling.Region"):
        tiling.count("..\n..")
    with pytest.raises(NoTilingError, match="no domino tiling"):
        tiling.sample(examples.mutilated_chessboard())


def test_rng_seed_must_be_non_negative():
    with pytest.raises(TilingError, match="rng: a seed must be non-negative"):
        tiling.sample(Region.rectangle(2, 2), rng=-1)


@pytest.mark.parametrize("bad", [True, 1.5, "seed"])
def test_rng_must_be_a_seed_or_generator(bad):
    with pytest.raises(TypeError, match="rng must be"):
        tiling.sample(Region.rectangle(2, 2), rng=bad)


def test_rng_normalisation_is_reproducible():
    g = np.random.default_rng(0)
    assert as_rng(g) is g
    assert as_rng(7).integers(1 << 30) == np.random.default_rng(7).integers(1 << 30)
    assert tiling.sample(Region.rectangle(4, 4), rng=5) == tiling.sample(
        Region.rectangle(4, 4), rng=5
    )
