"""Tests of the broken-profile DP, each against an independent method."""

import math
from collections import Counter
from fractions import Fraction
from functools import cache

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tiling
from tiling import NoTilingError, Region, Tiling, TilingError, TooLargeError, enumerate_tilings
from tiling.counting import transfer as profile
from tiling.counting.transfer import _api, _budget, _plan, _rings
from tiling.counting.transfer import _sweep as sweeping

from .reference import count_tilings_memo, is_valid_tiling, kasteleyn_rectangle
from .strategies import balanced_regions, regions

# ----------------------------------------------------------------------------- helpers


def matchings_by_size(mask):
    """Number of placements of k non-overlapping dominoes, for every k (memoised recursion).

    The smallest cell (row-major) of the remaining set is either left empty or
    paired with its right or lower neighbour: each placement is counted once.
    """
    cells = frozenset(map(tuple, np.argwhere(np.asarray(mask)).tolist()))

    @cache
    def go(rest):
        if not rest:
            return (1,)
        r, c = min(rest)
        without = rest - {(r, c)}
        total = list(go(without))
        for other in ((r, c + 1), (r + 1, c)):
            if other in without:
                sub = go(without - {other})
                total += [0] * (len(sub) + 1 - len(total))
                for k, x in enumerate(sub):
                    total[k + 1] += x
        return tuple(total)

    return list(go(cells))


def tiling_key(t):
    return tuple(sorted(map(tuple, t.dominoes.reshape(-1, 4).tolist())))


def fibonacci(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


# ----------------------------------------------------------------------------- counting


@settings(max_examples=300)
@given(regions(max_height=6, max_width=7))
def test_count_equals_memoised_reference_on_random_regions(r):
    assert tiling.count(r, method="dp") == count_tilings_memo(r.mask)


@settings(max_examples=60)
@given(balanced_regions(max_height=5, max_width=6, density=0.9))
def test_count_equals_brute_force_enumeration(r):
    assert profile.count_tilings(r) == tiling.count(r, method="brute")


def test_count_of_disconnected_region_is_product_of_pieces():
    r = Region.from_ascii("....#..\n....#..\n....#..")
    parts = r.components()
    assert len(parts) == 2
    assert profile.count_tilings(r) == math.prod(count_tilings_memo(p.mask) for p in parts)
    odd = Region.from_ascii("..#.\n..#.\n..#.")  # a 3-cell piece next to a 2x3 one
    assert profile.count_tilings(odd) == 0


def test_many_isolated_dominoes_are_fast_and_placed_at_their_origins():

    # 15,000 isolated horizontal dominoes (the densest such packing) in a 200 x 300 box
    mask = np.zeros((200, 300), dtype=bool)
    cols = np.arange(300)
    for row in range(200):
        mask[row] = (cols - 2 * (row % 2)) % 4 < 2
    r = Region.from_mask(mask)
    assert profile.count_tilings(r) == 1
    t = _api.find_tiling(r)
    cover = profile.max_cover(r)
    sampled = _api.sample_tiling(r, rng=0)
    assert profile.estimated_seconds(r) < 1
    expected = tiling_key(
        Tiling(
            r,
            np.array([[(a, b), (a, b + 1)] for a, b in np.argwhere(mask) if b % 4 == 2 * (a % 2)]),
        )
    )
    for found in (t, cover, sampled):
        assert found.is_perfect and len(found) == 15000
        assert tiling_key(found) == expected


def test_shared_plans_of_identical_pieces_are_moved_to_each_origin():
    r = Region.from_ascii("..#..#.\n..#..#.\n######.\n..#..#.")
    parts = r.components()
    pieces, plans = _plan.pieces(r)
    # two 2x2 squares share a plan, so do two dominoes; the 4 x 1 strip has its own
    assert len(pieces) == 5 and sorted(p.uses for p in plans) == [1, 2, 2]
    assert profile.count_tilings(r) == 2**2 == math.prod(count_tilings_memo(p.mask) for p in parts)
    for t in (_api.find_tiling(r), profile.max_cover(r), _api.sample_tiling(r, rng=1)):
        assert t.is_perfect and is_valid_tiling(r.mask, t.dominoes)
    assert profile.dimer_polynomial(r) == matchings_by_size(r.mask)


def test_two_by_n_strips_are_fibonacci():
    assert [profile.count_tilings(Region.rectangle(2, n)) for n in range(1, 91)] == [
        fibonacci(n + 1) for n in range(1, 91)
    ]


def test_three_by_2n_strips_follow_the_linear_recurrence():
    counts = [profile.count_tilings(Region.rectangle(3, 2 * n)) for n in range(1, 40)]
    assert counts[:2] == [3, 11]
    for n in range(2, len(counts)):
        assert counts[n] == 4 * counts[n - 1] - counts[n - 2]


def test_chessboard_and_mutilated_chessboard():
    board = Region.rectangle(8, 8)
    assert tiling.count(board, method="dp") == 12988816
    assert tiling.count(board.without([(0, 0), (7, 7)]), method="dp") == 0
    # balanced but still untileable: the far corner cells are cut off
    assert profile.count_tilings(Region.from_ascii("..#\n.#.\n#..")) == 0


@pytest.mark.parametrize("m", range(1, 11))
def test_rectangles_agree_with_kasteleyn_product_formula(m):
    for n in range(1, 11):
        assert profile.count_tilings(Region.rectangle(m, n)) == kasteleyn_rectangle(m, n)


@pytest.mark.parametrize("shape", [(16, 16), (12, 13), (14, 14), (9, 300), (300, 10)])
def test_large_rectangles_agree_with_kasteleyn_product_formula(shape):
    # hundreds of digits for the strips: many limbs and carries
    assert profile.count_tilings(Region.rectangle(*shape)) == kasteleyn_rectangle(*shape)


@settings(max_examples=40)
@given(regions(max_height=6, max_width=7))
def test_count_is_invariant_under_transposition(r):
    assert profile.count_tilings(r) == profile.count_tilings(r.transpose())


def test_progress_bar_is_drawn_on_request(capsys):
    profile.count_tilings(Region.rectangle(6, 6), progress=True)
    assert "100.0%" in capsys.readouterr().err


# ----------------------------------------------------------------------------- find and cover


@settings(max_examples=150)
@given(regions(max_height=6, max_width=7))
def test_find_returns_valid_tiling_exactly_when_one_exists(r):
    if count_tilings_memo(r.mask) == 0:
        assert _api.find_tiling(r) is None
        with pytest.raises(NoTilingError, match="has no domino tiling"):
            tiling.find(r, method="dp")
    else:
        t = tiling.find(r, method="dp")
        assert t.is_perfect and t.region == r
        assert is_valid_tiling(r.mask, t.dominoes)


def test_find_returns_none_without_a_tiling():
    assert _api.find_tiling(Region.rectangle(8, 8).without([(0, 0), (7, 7)])) is None
    assert _api.find_tiling(Region.from_ascii("..#\n.#.\n#..")) is None
    assert _api.find_tiling(Region.rectangle(3, 5)) is None


@settings(max_examples=150)
@given(regions(max_height=6, max_width=7))
def test_max_cover_size_equals_networkx_maximum_matching(r):
    t = tiling.max_cover(r, method="dp")
    assert is_valid_tiling(r.mask, t.dominoes, perfect=False)
    assert len(t) == len(nx.max_weight_matching(r.to_networkx(), maxcardinality=True))


def test_max_cover_of_mutilated_board_leaves_two_cells():
    t = profile.max_cover(Region.rectangle(8, 8).without([(0, 0), (7, 7)]))
    assert len(t) == 30 and len(t.uncovered()) == 2
    assert is_valid_tiling(t.region.mask, t.dominoes, perfect=False)


def test_reconstruction_with_checkpoints_when_the_log_is_over_budget(monkeypatch):
    # a tiny budget forces segments of a few steps, recomputed from checkpoints
    monkeypatch.setattr(_budget, "MEMORY_BUDGET", 12000)
    r = Region.rectangle(8, 8).without([(2, 3), (5, 5)])
    t = _api.find_tiling(r)
    assert t.is_perfect and is_valid_tiling(r.mask, t.dominoes)
    mutilated = Region.rectangle(8, 8).without([(0, 0), (7, 7)])
    assert _api.find_tiling(mutilated) is None
    cover = profile.max_cover(mutilated)
    assert len(cover) == 30 and is_valid_tiling(mutilated.mask, cover.dominoes, perfect=False)


def _long_holey_strip(height=10, length=90, holes=14, seed=3):
    rng = np.random.default_rng(seed)
    mask = np.ones((height, length), dtype=bool)
    mask[rng.integers(0, height, holes), rng.integers(0, length, holes)] = False
    return Region.from_mask(mask)


def _measure_reconstructions(monkeypatch):
    """Spy on _reconstruct: the checkpoints it keeps and the largest segment log it builds."""
    runs = []
    real_sweep = sweeping._sweep

    def hook(plan, kind, every, checkpoints):
        runs.append(
            {
                "plan": plan,
                "kind": kind,
                "every": every,
                "log": 0,
                "kept": len(checkpoints) if every < plan.n_cells else 0,
                "checkpoint_bytes": sum(X.nbytes for _, X, _ in checkpoints)
                if every < plan.n_cells
                else 0,
            }
        )

    def sweep(plan, ring, k0, k1, f, log=None, **kw):
        out = real_sweep(plan, ring, k0, k1, f, log=log, **kw)
        if log is not None and runs:
            logged = sum(a.nbytes for entry in log for a in entry[:2] if a is not None)
            runs[-1]["log"] = max(runs[-1]["log"], logged)
        return out

    monkeypatch.setattr(sweeping, "_segments_hook", hook)
    monkeypatch.setattr(sweeping, "_sweep", sweep)
    return runs


def test_checkpoints_and_segment_log_stay_within_a_shrunk_budget(monkeypatch):
    r = _long_holey_strip()
    runs = _measure_reconstructions(monkeypatch)
    # a budget a fifth of what the whole undo logs need forces checkpoints
    whole = max(_budget.bytes_needed(plan, "cover") for plan in _plan.pieces(r)[1])
    budget = whole // 5
    monkeypatch.setattr(_budget, "MEMORY_BUDGET", budget)
    cover = profile.max_cover(r)
    assert is_valid_tiling(r.mask, cover.dominoes, perfect=False)
    maximum = len(nx.max_weight_matching(r.to_networkx(), maxcardinality=True))
    assert len(cover) == maximum
    tiles = _api.find_tiling(r)
    assert (tiles is None) == (2 * maximum < r.n_cells)
    tileable = Region.rectangle(10, 90).without([(2, 40), (3, 70)])
    t = _api.find_tiling(tileable)
    assert t.is_perfect and is_valid_tiling(tileable.mask, t.dominoes)
    assert any(run["kept"] > 1 for run in runs)  # the checkpoint path did run
    for run in runs:
        plan = run["plan"]
        n, every = plan.n_cells, run["every"]
        if every < n:
            assert run["kept"] == math.ceil(n / every)
            working = run["checkpoint_bytes"] // run["kept"]
            # checkpoints times their size, plus one segment's log, plus the working array
            assert run["checkpoint_bytes"] + run["log"] + working <= budget


def test_reconstruction_that_cannot_fit_raises_naming_width_and_length(monkeypatch):
    r = _long_holey_strip()
    monkeypatch.setattr(_budget, "MEMORY_BUDGET", 3000)
    with pytest.raises(TooLargeError, match=r"width 10 and length 90.*'hopcroft-karp' or 'auto'"):
        profile.max_cover(r)
    with pytest.raises(TooLargeError, match=r"width 10 and length 90.*'hopcroft-karp' or 'auto'"):
        _api.find_tiling(Region.rectangle(10, 90))
    assert profile.estimated_seconds(r, question="cover") == math.inf
    monkeypatch.undo()
    # at real scale: refused before anything is allocated, not thousands of 128 MiB checkpoints
    with pytest.raises(TooLargeError, match=r"width 26 and length 2000.*'hopcroft-karp'"):
        tiling.max_cover(Region.rectangle(26, 2000), method="dp")
    with pytest.raises(TooLargeError, match=r"width 26 and length 2000"):
        _api.find_tiling(Region.rectangle(26, 2000))


def test_wide_holey_board_find_and_cover_are_valid():
    rng = np.random.default_rng(5)
    mask = np.ones((16, 16), dtype=bool)
    mask[rng.integers(0, 16, 12), rng.integers(0, 16, 12)] = False
    r = Region.from_mask(mask)
    cover = profile.max_cover(r)
    assert is_valid_tiling(mask, cover.dominoes, perfect=False)
    assert len(cover) == len(nx.max_weight_matching(r.to_networkx(), maxcardinality=True))
    t = _api.find_tiling(r)
    assert (t is None) == (profile.count_tilings(r) == 0)
    if t is not None:
        assert is_valid_tiling(mask, t.dominoes)


# ----------------------------------------------------------------------------- sampling


@settings(max_examples=60)
@given(balanced_regions(max_height=6, max_width=7, density=0.95), st.integers(0, 2**32 - 1))
def test_sample_returns_valid_tilings(r, seed):
    if count_tilings_memo(r.mask) == 0:
        assert _api.sample_tiling(r, rng=seed) is None
        with pytest.raises(NoTilingError, match="has no domino tiling"):
            tiling.sample(r, rng=seed, method="dp")
    else:
        t = tiling.sample(r, rng=seed, method="dp")
        assert t.region == r and is_valid_tiling(r.mask, t.dominoes)


def test_sample_is_reproducible_from_a_seed_and_valid_on_a_large_holey_board():
    board = Region.rectangle(18, 16).without([(3, 4), (10, 8), (7, 12), (14, 2)])
    a = _api.sample_tiling(board, rng=7)
    assert a == _api.sample_tiling(board, rng=np.random.default_rng(7))
    assert is_valid_tiling(board.mask, a.dominoes)


def test_sample_memory_estimate_covers_the_undo_log():
    # the last column is cleared under every other row: clear_top saves the
    # whole (packed) array each time, not half of it
    mask = np.ones((40, 5), dtype=bool)
    mask[1::2, 4] = False
    plan = _plan.Plan(Region.from_mask(mask))
    assert sum(plan.clear) == 20 and plan.width == 5
    ring = _rings._Count(plan.width)
    log = []
    sweeping._sweep(plan, ring, 0, plan.n_cells, 0, log=log)
    saved = sum(entry[1].nbytes for entry in log if entry[1] is not None)
    needed = _budget.bytes_needed(plan, "sample")
    assert needed >= ring.X.nbytes + saved
    assert saved > 4 * plan.n_states * (sum(plan.clear) / 2)  # the old estimate of the log


# A 4 x 5 board with two cells removed: 45 tilings, and missing cells below
# swept cells, so the sampler undoes cleared halves as well as additions.
UNIFORM_REGION = Region.rectangle(4, 5).without([(2, 2), (3, 2)])
CHI2_THRESHOLD = 80.0  # chi-square, 44 degrees of freedom: P(> 80) ~ 1e-3


def chi_square(counts, k, draws):
    expected = draws / k
    observed = [counts.get(key, 0) for key in counts] + [0] * (k - len(counts))
    return sum((o - expected) ** 2 / expected for o in observed)


def test_sample_is_uniform_chi_square():
    tilings = {tiling_key(t) for t in enumerate_tilings(UNIFORM_REGION)}
    assert len(tilings) == count_tilings_memo(UNIFORM_REGION.mask) == 45
    assert any(_plan.Plan(UNIFORM_REGION).clear)
    rng = np.random.default_rng(2024)
    draws = 9000
    counts = Counter(tiling_key(_api.sample_tiling(UNIFORM_REGION, rng=rng)) for _ in range(draws))
    assert set(counts) <= tilings
    assert chi_square(counts, len(tilings), draws) < CHI2_THRESHOLD


def test_chi_square_threshold_rejects_a_naive_sampler():
    """The test above has power: a sampler that flips a fair coin between the
    viable choices at each cell (the usual biased shortcut) would score far above
    the threshold with as many draws."""
    cells = frozenset(map(tuple, UNIFORM_REGION.cells().tolist()))

    def viable(free):
        return count_tilings_memo(_mask_of(free, UNIFORM_REGION.shape)) > 0

    probabilities = []

    def walk(free, p):
        if not free:
            probabilities.append(p)
            return
        r, c = min(free)
        options = [o for o in ((r, c + 1), (r + 1, c)) if o in free and viable(free - {(r, c), o})]
        for o in options:
            walk(free - {(r, c), o}, p / len(options))

    walk(cells, Fraction(1))
    k, draws = len(probabilities), 9000
    assert k == 45 and sum(probabilities) == 1
    expected_statistic = draws * k * sum((p - Fraction(1, k)) ** 2 for p in probabilities)
    assert expected_statistic > 5 * CHI2_THRESHOLD


def _mask_of(cells, shape):
    mask = np.zeros(shape, dtype=bool)
    for r, c in cells:
        mask[r, c] = True
    return mask


# ----------------------------------------------------------------------------- polynomial


@settings(max_examples=60)
@given(regions(max_height=4, max_width=5))
def test_dimer_polynomial_equals_enumeration_of_partial_placements(r):
    poly = profile.dimer_polynomial(r)
    expected = matchings_by_size(r.mask)
    expected += [0] * (r.n_cells // 2 + 1 - len(expected))
    assert poly == expected
    assert poly[1:2] == ([len(r.edges())] if r.n_cells > 1 else [])
    assert poly[r.n_cells // 2] == (count_tilings_memo(r.mask) if r.n_cells % 2 == 0 else poly[-1])


def test_dimer_polynomial_of_chessboard_ends_with_tiling_count():
    poly = profile.dimer_polynomial(Region.rectangle(8, 8))
    assert len(poly) == 33 and poly[0] == 1 and poly[1] == 112 and poly[32] == 12988816
    assert profile.dimer_polynomial(Region.rectangle(4, 4)) == matchings_by_size(
        np.ones((4, 4), dtype=bool)
    )


# ----------------------------------------------------------------------------- budgets and errors


def test_too_wide_region_raises_naming_width_and_other_methods():
    wide = Region.rectangle(30, 40)
    with pytest.raises(TooLargeError, match=r"width 30.*method='kasteleyn' or 'auto'"):
        tiling.count(wide, method="dp")
    with pytest.raises(TooLargeError, match=r"width 30.*'hopcroft-karp'"):
        tiling.find(wide, method="dp")
    with pytest.raises(TooLargeError, match=r"width 30.*'hopcroft-karp'"):
        tiling.max_cover(wide, method="dp")
    with pytest.raises(TooLargeError, match="width 30"):
        _api.sample_tiling(wide)


def test_memory_budget_raises_naming_width(monkeypatch):
    monkeypatch.setattr(_budget, "MEMORY_BUDGET", 10**5)
    with pytest.raises(TooLargeError, match=r"GiB for width 14.*method='kasteleyn'"):
        profile.count_tilings(Region.rectangle(14, 14))
    with pytest.raises(TooLargeError, match="width 10"):
        profile.dimer_polynomial(Region.rectangle(10, 10))


def test_estimated_seconds_is_finite_within_budget_and_inf_beyond():
    assert 0 < profile.estimated_seconds(Region.rectangle(8, 8)) < 0.1
    small = profile.estimated_seconds(Region.rectangle(12, 12))
    assert small < profile.estimated_seconds(Region.rectangle(16, 16))
    assert profile.estimated_seconds(Region.rectangle(8, 8), question="cover") > 0
    assert profile.estimated_seconds(Region.rectangle(40, 40)) == math.inf
    with pytest.raises(TilingError, match="unknown question 'nope'"):
        profile.estimated_seconds(Region.rectangle(2, 2), question="nope")


def test_bad_input_gives_type_error():
    with pytest.raises(TypeError, match="Region"):
        profile.count_tilings(np.ones((2, 2), dtype=bool))
    with pytest.raises(TypeError, match="rng"):
        _api.sample_tiling(Region.rectangle(2, 2), rng="seed")


def test_exact_limbs_survive_carries_trimming_and_widening():
    ring = _rings._Count(2)
    rng = np.random.default_rng(0)
    highs, lows = rng.integers(0, 2**40, 4), rng.integers(0, 2**60, 4)
    values = [int(x) << 200 | int(y) for x, y in zip(highs, lows)]
    limbs = [
        [(v >> (profile.LIMB_BITS * i)) & ((1 << profile.LIMB_BITS) - 1) for i in range(6)]
        for v in values
    ]
    ring.X = np.array(limbs, dtype=np.int64)
    ring.bound = 1 << profile.LIMB_BITS
    saved, saved_bound = ring.X[2:].copy(), ring.bound
    for _ in range(40):  # many doublings: carries must keep every entry exact
        ring.reserve(2)
        np.add(ring.X, ring.X, out=ring.X)
    assert [ring.value(i) for i in range(4)] == [v << 40 for v in values]
    ring.X = np.zeros((4, 1), dtype=np.int64)  # as after trimming on the way back
    ring.fit(saved, saved_bound)
    ring.restore(ring.X[2:], saved)
    assert [ring.value(i) for i in (2, 3)] == values[2:]


def test_carries_in_small_chunks_give_the_same_counts(monkeypatch):
    monkeypatch.setattr(_rings, "_CARRY_CHUNK", 40)  # a few entries per chunk
    assert profile.count_tilings(Region.rectangle(12, 13)) == kasteleyn_rectangle(12, 13)
    assert profile.count_tilings(Region.rectangle(7, 120)) == kasteleyn_rectangle(7, 120)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(-(2**62) + 1, 2**62 - 1), min_size=0, max_size=200),
    st.integers(0, 3),
)
def test_counts_are_read_from_their_limbs_exactly_on_every_path(limbs, top):
    """Horner's rule written here is the reference; both fast readers must agree with it."""
    limbs = limbs + [top]  # a count's top limb is small and non-negative after a carry
    expected = sum(limb << (_rings.LIMB_BITS * i) for i, limb in enumerate(limbs))
    array = np.array(limbs, dtype=np.int64)
    assert _rings._Limbs._to_int(array) == expected
    from tiling.counting.transfer._pack import limbs_to_int

    assert limbs_to_int(array, _rings.LIMB_BITS) == (expected if expected >= 0 else None)


def test_a_long_strip_is_sampled_through_the_compiled_reader(monkeypatch):
    """Counts of hundreds of limbs are read in linear time, and the sample stays exact."""
    from tiling.counting.transfer import _pack

    calls = []
    real = _pack.limbs_to_int
    monkeypatch.setattr(_pack, "limbs_to_int", lambda *a: calls.append(1) or real(*a))
    strip = Region.rectangle(2, 6000)  # Fibonacci(6001): about 4,160 bits, 89 limbs
    t = tiling.sample(strip, rng=3, method="dp")
    assert is_valid_tiling(strip.mask, t.dominoes) and calls
