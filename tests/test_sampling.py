"""Every registered sampling method, against the full enumeration.

Taken from the method registry, so a new sampler is checked here without a
new test: on each small region it can handle (simply connected ones, regions
with holes and several flux classes, an Aztec diamond), the law of its
samples must pass a chi-square test against the uniform law on the
enumerated tilings; the same seed must give the same sample, and ``size=k``
independent ones.
"""

from collections import Counter

import numpy as np
import pytest
from scipy.stats import chisquare

import tiling
from tiling import Region, enumerate_tilings, examples
from tiling.heights import flux

from .reference import is_valid_tiling

REGIONS = {
    "4x4 board": Region.rectangle(4, 4),
    "heart": Region.from_ascii("..##..\n......\n......\n#....#\n##..##"),
    "holey board": examples.holey_board(),
    "two square holes": Region.rectangle(6, 7).without(
        [(1, 1), (1, 2), (2, 1), (2, 2), (3, 4), (4, 4), (3, 5), (4, 5)]
    ),
    "Aztec diamond of order 3": Region.aztec_diamond(3),
}

CASES = [
    (m.name, name)
    for m in tiling.methods("sample")
    for name, region in REGIONS.items()
    if np.isfinite(m.estimated_seconds(region))
]


def test_every_method_is_checked_somewhere():
    assert {m.name for m in tiling.methods("sample")} <= {name for name, _ in CASES}


@pytest.mark.parametrize("method, name", CASES)
def test_every_sampler_is_uniform_on_what_it_handles(method, name):
    region = REGIONS[name]
    tilings = list(enumerate_tilings(region))
    index = {t: i for i, t in enumerate(tilings)}
    draws = tiling.sample(region, rng=2026, method=method, size=40 * len(tilings))
    for t in draws[:20]:
        assert is_valid_tiling(region.mask, t.dominoes)
    counts = np.bincount([index[t] for t in draws], minlength=len(tilings))
    assert chisquare(counts).pvalue > 1e-3
    if region.holes():
        assert len(Counter(tuple(flux(t).tolist()) for t in tilings)) >= 2


@pytest.mark.parametrize("method, name", CASES)
def test_every_sampler_repeats_itself_from_a_seed(method, name):
    region = REGIONS[name]
    a = tiling.sample(region, rng=7, method=method)
    assert a == tiling.sample(region, rng=7, method=method)
    assert tiling.sample(region, rng=7, method=method, size=3) == tiling.sample(
        region, rng=7, method=method, size=3
    )
