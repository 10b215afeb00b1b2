"""Tests for tiling.random (shuffling, arctic): domino shuffling, its weighted laws, the arctic curve.

The laws are checked exactly where every tiling can be listed: the sampled
frequencies of all tilings of orders 2 and 3 (and 4 for general weights)
against the target law by a chi-square test with a fixed seed.  Thresholds
are p > 1e-4 for the right law; the same test must reject deliberately broken
samplers with p < 1e-12, so it has the power to catch a wrong one.
"""

import math

import numpy as np
import pytest
from matplotlib.path import Path
from scipy.stats import chisquare

import tiling
from tiling import Region, TilingError, TooLargeError
from tiling.counting.brute import enumerate_tilings
from tiling.counting.closed_forms import aztec_count
from tiling.random import _bits, _weights, arctic
from tiling.random import shuffling as aztec

from .reference import count_tilings_memo, is_valid_tiling

ACCEPT = 1e-4  # a correct sampler passes with this p-value (seeds are fixed)
REJECT = 1e-12  # a broken one must fail by this margin


# ---------------------------------------------------------------------- helpers
def _sampled_counts(n, draws, seed, weights=None):
    """Frequencies of every tiling of order n over ``draws`` samples, and the tilings.

    Runs ``draws`` shufflings side by side (the sampler's batch axis), then
    turns each distinct sampled state into a Tiling (validated by its
    constructor) and finds it among the enumerated tilings.
    """
    tilings = list(enumerate_tilings(Region.aztec_diamond(n)))
    index = {t: k for k, t in enumerate(tilings)}
    planes = aztec._shuffle(
        n, np.random.default_rng(seed), _weights.Levels(n, weights), batch=(draws,)
    )
    keys = np.stack(planes).reshape(-1, draws).T
    distinct, freq = np.unique(keys, axis=0, return_counts=True)
    counts = np.zeros(len(tilings), dtype=np.int64)
    for key, f in zip(distinct, freq):
        planes_one = [p.reshape(n, -1) for p in key.reshape(4, n, -1)]
        counts[index[aztec._to_tiling(n, *planes_one)]] += f
    return tilings, counts


def _p_value(counts, probabilities):
    expected = np.asarray(probabilities, dtype=float)
    expected = expected / expected.sum() * counts.sum()
    return chisquare(counts, expected).pvalue


def _general_weight(t, w):
    """Weight of a tiling: product of w[r, c, 0] (horizontal, left cell) / w[r, c, 1]."""
    d = t.dominoes
    horizontal = d[:, 0, 0] == d[:, 1, 0]
    return math.prod(w[d[:, 0, 0], d[:, 0, 1], np.where(horizontal, 0, 1)].tolist())


def _two_periodic_weight(t, n, a, b):
    """Weight of a tiling under the block definition of weights=(a, b), written directly.

    Each domino lies in exactly one 2x2 window whose top-left cell (r, c) has
    r + c = n - 1 (mod 2); the domino weighs a when r is even, b when odd.
    """
    total = 1.0
    for (r0, c0), (r1, _) in t.dominoes.tolist():
        windows = [(r0, c0), (r0 - 1, c0)] if r0 == r1 else [(r0, c0), (r0, c0 - 1)]
        ((r, c),) = [(r, c) for r, c in windows if (r + c - (n - 1)) % 2 == 0]
        total *= a if r % 2 == 0 else b
    return total


def _classes_by_cell(t):
    """Grid of each cell's domino class ('N', 'S', 'W', 'E'; '' outside)."""
    grid = np.full(t.region.shape, "", dtype="<U1")
    d, o = t.dominoes, t.shuffling_classes()
    grid[d[:, 0, 0], d[:, 0, 1]] = o
    grid[d[:, 1, 0], d[:, 1, 1]] = o
    return grid


# ---------------------------------------------------------------------- counting
def test_count_is_the_closed_form_and_matches_brute_force_and_memo():
    assert [aztec_count(n) for n in range(6)] == [1, 2, 8, 64, 1024, 32768]
    for n in range(1, 5):
        region = Region.aztec_diamond(n)
        assert aztec_count(n) == tiling.count(region, method="brute")
        assert aztec_count(n) == count_tilings_memo(region.mask)


def test_count_matches_kasteleyn_determinant():
    try:
        counts = [tiling.count(Region.aztec_diamond(n), method="kasteleyn") for n in range(1, 9)]
    except (ImportError, AttributeError, NotImplementedError) as exc:  # module not ready yet
        pytest.skip(f"kasteleyn counting unavailable: {exc}")
    assert counts == [aztec_count(n) for n in range(1, 9)]


def test_count_of_large_order_is_an_exact_int():
    c = aztec_count(100)
    assert isinstance(c, int) and c == 2**5050


# ---------------------------------------------------------------------- validity
@pytest.mark.parametrize("n", [1, 2, 3, 5, 8, 31, 63, 64, 65, 130])
@pytest.mark.parametrize("weights", [None, 2.5, (0.3, 1.0)])
def test_every_sample_is_a_perfect_tiling_of_the_diamond(n, weights):
    t = aztec.sample_aztec(n, rng=n, weights=weights)
    region = Region.aztec_diamond(n)
    assert t.region == region and t.is_perfect and len(t) == n * (n + 1)
    if n <= 65:  # the independent checker is pure Python
        assert is_valid_tiling(region.mask, t.dominoes)


def test_general_weights_give_perfect_tilings():
    n = 40
    w = np.random.default_rng(0).uniform(0.1, 5.0, size=(2 * n, 2 * n, 2))
    t = aztec.sample_aztec(n, rng=1, weights=w)
    assert t.is_perfect and is_valid_tiling(t.region.mask, t.dominoes)


def test_classes_of_shuffled_dominoes_match_tiling_orientations():
    # The sampler lists dominoes by class N, S, W, E; Tiling.shuffling_classes
    # computes the class from the colours, independently.
    n = 30
    t = aztec.sample_aztec(n, rng=4)
    planes = aztec._shuffle(n, np.random.default_rng(4), _weights.Levels(n, None))
    sizes = [len(aztec._blocks(p, n)[0]) for p in planes]
    expected = np.repeat(["N", "S", "W", "E"], sizes)
    assert t.shuffling_classes().tolist() == expected.tolist()


# ---------------------------------------------------------------------- reproducibility
def test_same_seed_same_tiling_and_generators_are_accepted():
    assert aztec.sample_aztec(25, rng=11) == aztec.sample_aztec(25, rng=11)
    assert aztec.sample_aztec(25, rng=11) != aztec.sample_aztec(25, rng=12)
    g1, g2 = np.random.default_rng(5), np.random.default_rng(5)
    assert aztec.sample_aztec(25, rng=g1) == aztec.sample_aztec(25, rng=g2)
    assert aztec.sample_aztec(25, rng=None).is_perfect


def test_shuffle_steps_grow_one_order_at_a_time_and_are_coupled_with_sample():
    steps = aztec.shuffle_steps(9, rng=3)
    assert [t.region for t in steps] == [Region.aztec_diamond(m) for m in range(1, 10)]
    assert all(t.is_perfect for t in steps)
    for m, t in enumerate(steps, start=1):
        assert t == aztec.sample_aztec(m, rng=3)
    weighted = aztec.shuffle_steps(5, rng=2, weights=(0.5, 2.0))
    assert weighted[-1] == aztec.sample_aztec(5, rng=2, weights=(0.5, 2.0))


def _by_class(t, shift=0):
    """{class: set of top-left cells} of a tiling, moved by ``shift`` rows and columns."""
    out = {k: set() for k in "NSWE"}
    for (r, c), k in zip(t.dominoes[:, 0].tolist(), t.shuffling_classes().tolist()):
        out[k].add((r + shift, c + shift))
    return out


def test_shuffle_steps_are_destroy_slide_create_on_cells():
    # Between consecutive orders, checked on cells: the dominoes that vanish
    # are bad blocks (an S above an N, an E left of a W), all others slide
    # one cell in their direction, and the new ones are 2 x 2 blocks of two
    # parallel dominoes, m + (number destroyed) of them at order m.
    steps = aztec.shuffle_steps(15, rng=8)
    moves = {"N": (-1, 0), "S": (1, 0), "W": (0, -1), "E": (0, 1)}
    for m, (old, new) in enumerate(zip(steps, steps[1:]), start=2):
        before, after = _by_class(old, shift=1), _by_class(new)  # same centre
        gone, created = {k: set() for k in "NSWE"}, {k: set(v) for k, v in after.items()}
        for k, (dr, dc) in moves.items():
            for r, c in before[k]:
                if (r + dr, c + dc) in after[k]:
                    created[k].discard((r + dr, c + dc))
                else:
                    gone[k].add((r, c))
        assert {(r + 1, c) for r, c in gone["S"]} == gone["N"]
        assert {(r, c + 1) for r, c in gone["E"]} == gone["W"]
        assert {(r + 1, c) for r, c in created["N"]} == created["S"]
        assert {(r, c + 1) for r, c in created["W"]} == created["E"]
        destroyed = len(gone["S"]) + len(gone["E"])
        assert len(created["N"]) + len(created["W"]) == m + destroyed


def test_batch_axis_runs_the_same_shuffle_as_a_single_sample():
    n = 70
    single = aztec._shuffle(n, np.random.default_rng(9), _weights.Levels(n, None))
    batched = aztec._shuffle(n, np.random.default_rng(9), _weights.Levels(n, None), batch=(1,))
    for a, b in zip(single, batched):
        assert np.array_equal(a, b[..., 0])


def test_fair_weights_reduce_to_the_uniform_sampler_exactly():
    # a = 1 and a = b make every creation a fair coin at every order, and the
    # sampler then uses the same random bits as the uniform one.
    base = aztec.sample_aztec(30, rng=6)
    assert aztec.sample_aztec(30, rng=6, weights=1.0) == base
    assert aztec.sample_aztec(30, rng=6, weights=(0.7, 0.7)) == base


# ---------------------------------------------------------------------- uniformity
@pytest.mark.parametrize("n, draws", [(2, 40_000), (3, 200_000)])
def test_shuffling_is_uniform_chi_square(n, draws):
    tilings, counts = _sampled_counts(n, draws, seed=20 + n)
    assert len(tilings) == aztec_count(n)
    assert counts.min() > 0
    assert _p_value(counts, np.ones(len(tilings))) > ACCEPT


def test_sample_aztec_public_path_is_uniform_at_order_3():
    # The public function, one tiling at a time (fewer draws: slower path).
    tilings = list(enumerate_tilings(Region.aztec_diamond(3)))
    index = {t: k for k, t in enumerate(tilings)}
    counts = np.zeros(64, dtype=np.int64)
    rng = np.random.default_rng(77)
    for _ in range(3000):
        counts[index[aztec.sample_aztec(3, rng=rng)]] += 1
    assert _p_value(counts, np.ones(64)) > ACCEPT


def test_chi_square_rejects_a_sampler_sharing_one_coin_per_step(monkeypatch):
    # Broken variant: all blocks created in one step get the same orientation.
    # It still yields valid tilings, but not uniformly.
    def shared_coin(rng, shape):
        bit = rng.integers(0, 2)
        return np.full(shape, _bits._FULL if bit else 0, dtype=np.uint64)

    monkeypatch.setattr(aztec, "fair_words", shared_coin)
    _, counts = _sampled_counts(3, 50_000, seed=1)
    assert _p_value(counts, np.ones(64)) < REJECT


def test_chi_square_rejects_a_biased_coin(monkeypatch):
    # Broken variant: horizontal pairs created with probability 9/16, not 1/2.
    real = _bits.fair_words

    def biased(rng, shape):
        a, b, c, d = (real(rng, shape) for _ in range(4))
        return a | (b & c & d)

    monkeypatch.setattr(aztec, "fair_words", biased)
    _, counts = _sampled_counts(3, 50_000, seed=2)
    assert _p_value(counts, np.ones(64)) < REJECT


def test_each_order_gains_exactly_the_dominoes_it_needs():
    # m + b blocks receive no domino when b bad blocks are destroyed, and
    # exactly those are filled: order m ends with m(m+1) dominoes.
    n = 40
    counted = []

    def record(m, *planes):
        counted.append(sum(int(np.bitwise_count(p).sum()) for p in planes))

    aztec._shuffle(n, np.random.default_rng(3), _weights.Levels(n, None), on_level=record)
    assert counted == [m * (m + 1) for m in range(1, n + 1)]


def _cell_shuffle(n, rng, fill_every_window=False):
    """Per-domino reference shuffling on cells, independent of the bit planes.

    Dominoes are (row, col, class) with (row, col) the top-left cell.  With
    ``fill_every_window`` the empty cells are filled by putting a pair in
    every 2x2 window of the block lattice that is empty, all at once (the
    tempting wrong rule); otherwise the empty cells are split into 2x2
    blocks greedily in row-major order (the only way to split them).
    """
    dominoes = []
    for m in range(1, n + 1):
        at = {(r, c): k for r, c, k in dominoes}
        dead = set()
        for r, c, k in dominoes:
            if k == "S" and at.get((r + 1, c)) == "N":
                dead |= {(r, c), (r + 1, c)}
            if k == "E" and at.get((r, c + 1)) == "W":
                dead |= {(r, c), (r, c + 1)}
        step = {"N": (0, 1), "S": (2, 1), "W": (1, 0), "E": (1, 2)}
        moved = [(r + step[k][0], c + step[k][1], k) for r, c, k in dominoes if (r, c) not in dead]
        region = Region.aztec_diamond(m).mask
        free = region.copy()
        for r, c, k in moved:
            free[r, c] = False
            free[(r, r + 1)[k in "WE"], (c, c + 1)[k in "NS"]] = False
        if fill_every_window:
            tops = [
                (r, c)
                for r in range(2 * m - 1)
                for c in range(2 * m - 1)
                if (r + c) % 2 == (m - 1) % 2 and free[r : r + 2, c : c + 2].all()
            ]
        else:
            tops = []
            for r, c in np.argwhere(free).tolist():
                if free[r, c]:
                    assert free[r : r + 2, c : c + 2].all() and (r + c) % 2 == (m - 1) % 2
                    free[r : r + 2, c : c + 2] = False
                    tops.append((r, c))
        for r, c in tops:
            if rng.random() < 0.5:
                moved += [(r, c, "N"), (r + 1, c, "S")]
            else:
                moved += [(r, c, "W"), (r, c + 1, "E")]
        dominoes = moved
    cells = [((r, c), (r, c + 1)) if k in "NS" else ((r, c), (r + 1, c)) for r, c, k in dominoes]
    return tiling.Tiling(Region.aztec_diamond(n), cells)


def test_cell_reference_shuffler_is_valid_and_uniform():
    # The textbook rule on cells: its holes always split into lattice blocks.
    rng = np.random.default_rng(12)
    tilings = list(enumerate_tilings(Region.aztec_diamond(3)))
    index = {t: k for k, t in enumerate(tilings)}
    counts = np.zeros(64, dtype=np.int64)
    for _ in range(2000):
        counts[index[_cell_shuffle(3, rng)]] += 1
    assert _p_value(counts, np.ones(64)) > ACCEPT
    for seed in range(20):
        assert _cell_shuffle(12, np.random.default_rng(seed)).is_perfect


def test_filling_every_empty_lattice_window_fails_from_order_3():
    # A destroyed bad block whose four diagonal neighbours are holes is an
    # empty lattice window too, overlapping all four: filling it as well
    # overlaps dominoes.  The bit-plane sampler fills only the blocks that
    # receive no domino, which excludes it.
    for seed in range(30):
        _cell_shuffle(2, np.random.default_rng(seed), fill_every_window=True)  # fine
    failures = 0
    for seed in range(30):
        try:
            _cell_shuffle(8, np.random.default_rng(seed), fill_every_window=True)
        except TilingError:
            failures += 1
    assert failures > 0


# ---------------------------------------------------------------------- weighted laws
def test_bias_law_at_orders_2_and_3():
    a = 2.0
    for n, draws in ((2, 40_000), (3, 200_000)):
        tilings, counts = _sampled_counts(n, draws, seed=30 + n, weights=a)
        law = [a ** int(np.sum(t.orientations() == "h")) for t in tilings]
        assert _p_value(counts, law) > ACCEPT
        assert _p_value(counts, np.ones(len(tilings))) < REJECT  # and it is not uniform


def test_two_periodic_law_at_orders_2_and_3():
    a, b = 0.4, 1.5
    for n, draws in ((2, 40_000), (3, 200_000)):
        tilings, counts = _sampled_counts(n, draws, seed=40 + n, weights=(a, b))
        law = [_two_periodic_weight(t, n, a, b) for t in tilings]
        assert _p_value(counts, law) > ACCEPT


@pytest.mark.parametrize("n, draws", [(2, 40_000), (3, 200_000), (4, 150_000)])
def test_general_weights_law_with_random_weights(n, draws):
    # Generic weights exercise every index of the urban-renewal recurrence.
    w = np.random.default_rng(50 + n).uniform(0.2, 4.0, size=(2 * n, 2 * n, 2))
    tilings, counts = _sampled_counts(n, draws, seed=60 + n, weights=w)
    law = [_general_weight(t, w) for t in tilings]
    assert _p_value(counts, law) > ACCEPT


@pytest.mark.parametrize("rounds", [0, 3, _bits._ROUNDS])
@pytest.mark.parametrize("batch", [(), (5,)])
def test_word_parallel_coins_have_the_requested_probabilities(monkeypatch, rounds, batch):
    # Each block's coin is 1 with probability p[i % 2, j % 2]: check the
    # frequencies per class, with the bitwise rounds alone, the block-by-block
    # finish alone (rounds=0) and both, on batched and unbatched shapes.
    monkeypatch.setattr(_bits, "_ROUNDS", rounds)
    p = np.array([[0.1, 0.7], [0.35, 0.9]])
    m, words = 300, 5
    shape = (m, words) + batch
    empty = np.full(shape, _bits._FULL, dtype=_bits.WORD)
    empty[::7] = 0  # some blocks are not empty: their coins must stay 0
    coins = _bits.periodic_words(np.random.default_rng(rounds), empty, p)
    bits = np.unpackbits(
        np.moveaxis(coins, 1, -1).copy().view(np.uint8), axis=-1, bitorder="little"
    )  # (m, *batch, 64 * words)
    bits = np.moveaxis(bits, -1, 1)  # (m, j, *batch)
    assert not bits[::7].any()
    keep = np.ones(m, dtype=bool)
    keep[::7] = False
    for a in (0, 1):
        for b in (0, 1):
            rows = keep & (np.arange(m) % 2 == a)
            sample = bits[rows][:, b::2]
            freq, size = sample.mean(), sample.size
            assert abs(freq - p[a, b]) < 5 * np.sqrt(p[a, b] * (1 - p[a, b]) / size)


def test_periodic_weights_agree_with_the_same_weights_as_a_general_array():
    # weights=a and weights=(a, b) are shorthands for general arrays; the
    # compact recurrence must give the same creation probabilities.
    n = 9
    a, b = 0.6, 1.7
    bias = np.empty((2 * n, 2 * n, 2))
    bias[..., 0], bias[..., 1] = a, 1.0
    r, c = np.indices((2 * n, 2 * n))
    periodic = np.empty((2 * n, 2 * n, 2))
    periodic[..., 0] = np.where(c % 2 == (n - 1) % 2, a, b)
    periodic[..., 1] = np.where(r % 2 == 0, a, b)
    for short, full in ((a, bias), ((a, b), periodic)):
        compact, general = _weights.Levels(n, short), _weights.Levels(n, full)
        i, j = np.indices((n, n))
        for m in range(1, n + 1):
            pc, pg = compact.prob(m), general.prob(m)
            pc = np.full((2, 2), 0.5) if pc is None else pc[0]
            pg = np.full((m, m), 0.5) if pg is None else pg[0]
            ii, jj = i[:m, :m], j[:m, :m]
            assert np.allclose(pc[ii % 2, jj % 2], pg, rtol=1e-12)


# ---------------------------------------------------------------------- arctic curve
def _frozen_fractions(t, curve, classify, outer=1.05, inner=0.9):
    """Fractions of cells outside outer*curve / inside inner*curve in their corner's class."""
    n = t.region.shape[0] // 2
    grid = _classes_by_cell(t)
    cells = t.region.cells()
    centre = np.array([n, n], dtype=float)
    yx = cells + 0.5
    expected = classify((yx[:, 1] - n) / n, (yx[:, 0] - n) / n)
    got = grid[cells[:, 0], cells[:, 1]]
    result = []
    for scale, want_inside in ((outer, False), (inner, True)):
        path = Path((curve - centre) * scale + centre)
        inside = path.contains_points(yx)
        sel = inside if want_inside else ~inside
        result.append(float(np.mean(got[sel] == expected[sel])))
    return result


def _quadrant(p):
    """Frozen class expected near each corner; the corners meet where the curve
    touches the sides, at (X, Y) = (+-p, +-(1 - p))."""
    q = 1.0 - p

    def classify(x, y):  # x to the right, y down, both scaled to the unit diamond
        vertical = np.abs(y) * p >= np.abs(x) * q
        return np.where(vertical, np.where(y < 0, "N", "S"), np.where(x < 0, "W", "E"))

    return classify


def test_arctic_circle_at_order_300():
    n = 300
    t = aztec.sample_aztec(n, rng=2024)
    outside, inside = _frozen_fractions(t, arctic.arctic_curve(n), _quadrant(0.5))
    assert outside > 0.95
    assert inside < 0.6


def test_arctic_ellipse_for_a_bias_at_order_300():
    n, a = 300, 2.0
    t = aztec.sample_aztec(n, rng=7, weights=a)
    p = a * a / (1 + a * a)
    curve = arctic.arctic_curve(n, weights=a)
    outside, inside = _frozen_fractions(t, curve, _quadrant(p))
    assert outside > 0.95
    assert inside < 0.6
    # and the circle is clearly wrong for this bias: much of the region
    # outside the circle is still disordered near the E and W corners
    circle_out, _ = _frozen_fractions(t, arctic.arctic_curve(n), _quadrant(p))
    assert circle_out < 0.9


def test_arctic_curve_is_the_inscribed_ellipse():
    n = 50
    for a in (1.0, 0.5, 3.0):
        p = a * a / (1 + a * a)
        pts = arctic.arctic_curve(n, weights=a, num=1001)
        y, x = (pts[:, 0] - n) / n, (pts[:, 1] - n) / n
        assert pts.shape == (1001, 2) and np.allclose(pts[0], pts[-1])
        assert np.allclose(x**2 / p + y**2 / (1 - p), 1.0)
        # inscribed: inside the diamond |X| + |Y| <= 1, touching it
        l1 = np.abs(x) + np.abs(y)
        assert l1.max() <= 1 + 1e-12 and l1.max() > 1 - 1e-5


# ---------------------------------------------------------------------- API and errors
def test_api_sample_uses_shuffling_for_aztec_diamonds():
    t = tiling.sample(Region.aztec_diamond(6), rng=5)
    assert t == aztec.sample_aztec(6, rng=5)
    assert tiling.sample_aztec is aztec.sample_aztec


@pytest.mark.parametrize(
    "bad, error",
    [
        (0, TilingError),
        (-2, TilingError),
        (2.5, TypeError),
        (True, TypeError),
        ("3", TypeError),
        (None, TypeError),
    ],
)
def test_bad_orders_are_rejected(bad, error):
    with pytest.raises(error, match="order"):
        aztec.sample_aztec(bad)
    with pytest.raises(error, match="order"):
        aztec.shuffle_steps(bad)


def test_count_rejects_negative_orders():
    with pytest.raises(TilingError, match="order"):
        aztec_count(-1)


@pytest.mark.parametrize(
    "weights, error, match",
    [
        (0.0, TilingError, "positive"),
        (-1.5, TilingError, "positive"),
        (float("nan"), TilingError, "positive"),
        (float("inf"), TilingError, "positive"),
        ((1.0, -2.0), TilingError, "weight b"),
        ((1.0, "x"), TypeError, "weight b"),
        ((1.0, 2.0, 3.0), TilingError, "shape"),
        (np.ones((3, 3)), TilingError, "shape"),
        ("heavy", TypeError, "weights must be None, a positive number"),
        (True, TypeError, "weights must be None, a positive number"),
    ],
)
def test_bad_weights_are_rejected_with_a_clear_message(weights, error, match):
    with pytest.raises(error, match=match):
        aztec.sample_aztec(4, weights=weights)


def test_bad_general_weight_names_the_domino():
    w = np.ones((6, 6, 2))
    w[2, 2, 1] = 0.0  # the vertical domino with top cell (2, 2)
    with pytest.raises(TilingError, match=r"weights\[2, 2, 1\]"):
        aztec.sample_aztec(3, weights=w)


def test_general_weights_beyond_the_memory_limit_raise_too_large():
    n = aztec.MAX_GENERAL_ORDER + 1
    with pytest.raises(TooLargeError, match="weights=a"):
        aztec.sample_aztec(n, weights=np.ones((2 * n, 2 * n, 2)))


def test_bad_rng_and_arctic_arguments():
    with pytest.raises(TypeError, match="rng"):
        aztec.sample_aztec(3, rng="seed")
    with pytest.raises(TilingError, match="num"):
        arctic.arctic_curve(5, num=1)
    with pytest.raises(TilingError, match="bias"):
        arctic.arctic_curve(5, weights=-1)


def test_extreme_weights_are_refused_instead_of_sampling_the_wrong_law():
    for weights in (1e200, (1e-170, 1e170)):
        with pytest.raises(TilingError, match="too extreme"):
            aztec.sample_aztec(10, rng=0, weights=weights)
    horizontal = aztec.sample_aztec(10, rng=0, weights=1e100).orientations() == "h"
    assert horizontal.all()  # a huge bias still gives the all-horizontal tiling


def test_orders_past_the_memory_limits_fail_fast():
    with pytest.raises(TooLargeError, match="over the limit of 5000"):
        aztec.sample_aztec(10**6)
    with pytest.raises(TooLargeError, match="over the limit of 300"):
        aztec.shuffle_steps(1000)
