import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tiling
from tiling import Region, Tiling, TilingError, coloring
from tiling.counting.brute import enumerate_tilings
from tiling.model.examples import brick_tiling

from .strategies import balanced_regions, regions

# ---------------------------------------------------------------------- independent helpers
SIDE = ((0, 1), (1, 0), (0, -1), (-1, 0))
TOUCH = SIDE + ((1, 1), (1, -1), (-1, 1), (-1, -1))


def brute_edges(t, kind):
    """Touching pairs (i < j) from a dictionary of cells, looking around every cell."""
    owner = {}
    for i, pair in enumerate(t.dominoes.tolist()):
        for cell in pair:
            owner[tuple(cell)] = i
    offsets = SIDE if kind == "side" else TOUCH
    edges = set()
    for (r, c), i in owner.items():
        for dr, dc in offsets:
            j = owner.get((r + dr, c + dc))
            if j is not None and j != i:
                edges.add((min(i, j), max(i, j)))
    return edges


def assert_proper(t, colors, k, kind):
    colors = np.asarray(colors)
    assert colors.shape == (len(t),)
    assert np.issubdtype(colors.dtype, np.integer)
    assert ((colors >= 0) & (colors < k)).all()
    for i, j in brute_edges(t, kind):
        assert colors[i] != colors[j], f"dominoes {i} and {j} touch and share colour {colors[i]}"


def brute_chromatic_number(n, edges):
    """Smallest k with a proper k-colouring, by plain backtracking in index order."""
    later = [[] for _ in range(n)]
    for i, j in edges:
        later[j].append(i)

    def fits(k, colors, v):
        if v == n:
            return True
        for c in range(min(k, max(colors[:v], default=-1) + 2)):
            if all(colors[u] != c for u in later[v]):
                colors[v] = c
                if fits(k, colors, v + 1):
                    return True
        colors[v] = -1
        return False

    return next(k for k in range(n + 1) if fits(k, [-1] * n, 0)) if n else 0


def replay(n, steps, check=None):
    """Apply recorded steps to an uncoloured tiling; ``check`` runs after every swap."""
    colors = np.full(n, -1)
    for step in steps:
        if step[0] == "assign":
            _, i, c = step
            colors[i] = c
        else:
            kind, idx, a, b = step
            assert kind == "swap" and isinstance(idx, np.ndarray) and idx.ndim == 1
            assert set(colors[idx].tolist()) <= {a, b}, "a Kempe chain holds only its two colours"
            colors[idx] = np.where(colors[idx] == a, b, a)
            if check is not None:
                check(colors)
    return colors


def partial_is_proper(t, kind):
    edges = brute_edges(t, kind)

    def check(colors):
        for i, j in edges:
            assert colors[i] < 0 or colors[i] != colors[j]

    return check


def random_maximal_placement(region, rng):
    """A partial tiling: dominoes dropped at random until none fits."""
    rng = np.random.default_rng(rng)
    pairs = region.edges()[rng.permutation(len(region.edges()))]
    taken, chosen = set(), []
    for a, b in pairs.tolist():
        if tuple(a) not in taken and tuple(b) not in taken:
            taken.update((tuple(a), tuple(b)))
            chosen.append((a, b))
    return Tiling(region, chosen)


@st.composite
def small_tilings(draw, max_height=5, max_width=6):
    """A perfect tiling of a random region (from enumeration), or a random maximal placement."""
    if draw(st.booleans()):
        region = draw(balanced_regions(max_height, max_width))
        found = list(itertools.islice(enumerate_tilings(region), 30))
        if found:
            return found[draw(st.integers(0, len(found) - 1))]
    region = draw(regions(max_height, max_width))
    return random_maximal_placement(region, draw(st.integers(0, 2**32 - 1)))


def solver_or_skip(name):
    try:
        return getattr(tiling, name)
    except (ImportError, AttributeError) as exc:  # written concurrently by others
        pytest.skip(f"tiling.{name} is not available yet: {exc}")


# A 3 x 8 tiling (found by search) on which the 4-colouring gets stuck: the last
# domino sees four colours, two colour pairs are blocked by chains joining its
# neighbours, and a third pair frees a colour.
#   ╻ ╺━━╸╻ ╺━━╸╺━━╸
#   ╹ ╺━━╸╹ ╻ ╻ ╺━━╸
#   ╺━━╸╺━━╸╹ ╹ ╺━━╸
STUCK_FOUR = [
    (0, 0, 1, 0),
    (0, 1, 0, 2),
    (0, 3, 1, 3),
    (0, 4, 0, 5),
    (0, 6, 0, 7),
    (1, 1, 1, 2),
    (1, 4, 2, 4),
    (1, 5, 2, 5),
    (1, 6, 1, 7),
    (2, 0, 2, 1),
    (2, 2, 2, 3),
    (2, 6, 2, 7),
]


def stuck_four_tiling():
    return Tiling(Region.rectangle(3, 8), np.array(STUCK_FOUR).reshape(-1, 2, 2))


# ---------------------------------------------------------------------- adjacency
@settings(max_examples=60)
@given(small_tilings(), st.sampled_from(["side", "touch"]))
def test_adjacency_equals_cell_by_cell_brute_force(t, kind):
    m = coloring.contact_matrix(t, adjacency=kind)
    assert m.shape == (len(t), len(t))
    assert (m != m.T).nnz == 0 and m.diagonal().sum() == 0
    assert set(m.data.tolist()) <= {1}
    rows, cols = m.nonzero()
    assert {(i, j) for i, j in zip(rows.tolist(), cols.tolist()) if i < j} == brute_edges(t, kind)


def test_adjacency_of_a_known_tiling():
    t = stuck_four_tiling()
    side, touch = coloring.contact_matrix(t), coloring.contact_matrix(t, adjacency="touch")
    assert side[0].indices.tolist() == [1, 5, 9]  # right top, right middle, below
    assert touch[0].indices.tolist() == [1, 5, 9]  # its corners meet the same dominoes
    assert side[7].indices.tolist() == [3, 6, 8, 11]
    assert touch[7].indices.tolist() == [3, 4, 6, 8, 11]  # domino 4 meets it at a corner
    assert side.nnz == 2 * len(brute_edges(t, "side"))


def test_side_graph_is_four_degenerate_in_reverse_row_major_order():
    # The theorem the side colouring rests on: each domino has at most four
    # side neighbours among the dominoes coloured before it.
    for seed in range(5):
        t = brick_tiling(30, 40, rng=seed)
        position = np.empty(len(t), int)
        position[coloring._row_major_order(t)] = np.arange(len(t))
        earlier = np.zeros(len(t), int)
        for i, j in brute_edges(t, "side"):
            earlier[max(i, j, key=position.__getitem__)] += 1
        assert earlier.max() <= 4
        assert earlier.max() == 4  # and the bound is reached


# ---------------------------------------------------------------------- side colourings
@settings(max_examples=80)
@given(small_tilings(), st.sampled_from([4, 5, 6]))
def test_side_colourings_are_proper_on_small_perfect_and_partial_tilings(t, k):
    colors = tiling.color(t, k=k)
    assert_proper(t, colors, k, "side")


@pytest.mark.parametrize("seed", range(6))
def test_four_and_five_colourings_of_random_tilings_of_thousands_of_dominoes(seed):
    t = brick_tiling(40 + 4 * seed, 100, rounds=10 + 10 * seed, rng=seed)
    assert len(t) >= 2000
    for k in (4, 5):
        assert_proper(t, tiling.color(t, k=k), k, "side")


def test_a_large_random_tiling_is_four_coloured_with_kempe_swaps():
    t = brick_tiling(150, 200, rounds=40, rng=7)
    colors = tiling.color(t, k=4)
    steps = coloring.color_steps(t, k=4)
    assert_proper(t, colors, 4, "side")
    assert sum(s[0] == "swap" for s in steps) > 10
    assert np.array_equal(replay(len(t), steps), colors)


def test_kempe_step_unblocks_the_stuck_tiling_after_blocked_pairs():
    t = stuck_four_tiling()
    # greedy alone needs a fifth colour here ...
    nbrs = coloring._neighbor_lists(coloring.contact_matrix(t))
    greedy = [-1] * len(t)
    for v in coloring._row_major_order(t):
        greedy[v] = min(set(range(6)) - {greedy[u] for u in nbrs[v]})
    assert max(greedy) == 4
    # ... and the Kempe step rejects two colour pairs whose chains join the
    # stuck domino's neighbours before swapping a third one.
    stats = {}
    coloring._color_graph(nbrs, 4, coloring._row_major_order(t), None, stats)
    assert stats == {"kempe": 1, "blocked": 2, "repairs": 0}
    colors = tiling.color(t, k=4)
    steps = coloring.color_steps(t, k=4)
    assert_proper(t, colors, 4, "side")
    swaps = [s for s in steps if s[0] == "swap"]
    assert len(swaps) == 1
    assert np.array_equal(replay(len(t), steps, partial_is_proper(t, "side")), colors)


@settings(max_examples=30)
@given(st.integers(4, 12), st.integers(2, 7), st.integers(0, 2**32 - 1))
def test_every_recorded_step_keeps_the_colouring_proper(h, half_w, seed):
    t = brick_tiling(h, 2 * half_w, rounds=10, rng=seed)
    for k in (4, 5):
        colors = tiling.color(t, k=k)
        steps = coloring.color_steps(t, k=k)
        assert [s[1] for s in steps if s[0] == "assign"] == coloring._row_major_order(t)
        if k == 5:  # at most four coloured neighbours: five colours never block
            assert all(s[0] == "assign" for s in steps)
        assert np.array_equal(replay(len(t), steps, partial_is_proper(t, "side")), colors)


def test_maximum_covers_and_samples_of_random_regions_are_coloured():
    max_cover, sample = solver_or_skip("max_cover"), solver_or_skip("sample")
    rng = np.random.default_rng(3)
    for _ in range(15):
        region = Region.from_mask(rng.random((rng.integers(3, 14), rng.integers(3, 14))) < 0.8)
        covers = [max_cover(region)]
        if covers[0].is_perfect:
            covers.append(sample(region, rng=rng))
        for t in covers:
            for k in (4, 5):
                assert_proper(t, tiling.color(t, k=k), k, "side")


def test_aztec_diamond_of_order_100_is_four_and_five_coloured():
    sample_aztec = solver_or_skip("sample_aztec")
    t = sample_aztec(100, rng=1)
    assert len(t) == 100 * 101
    for k in (4, 5):
        assert_proper(t, tiling.color(t, k=k), k, "side")


# ------------------------------------------------------- classical planar 5-colouring
def delaunay_neighbors(n, rng):
    from scipy.spatial import Delaunay

    points = np.random.default_rng(rng).random((n, 2))
    edges = set()
    for a, b, c in Delaunay(points).simplices.tolist():
        edges.update({(min(a, b), max(a, b)), (min(b, c), max(b, c)), (min(a, c), max(a, c))})
    nbrs = [[] for _ in range(n)]
    for a, b in edges:
        nbrs[a].append(b)
        nbrs[b].append(a)
    return nbrs, edges


def any_degree_five_order(nbrs, rng):
    """The classical order: remove any vertex of degree <= 5 (a random one), colour in reverse."""
    rng = np.random.default_rng(rng)
    alive = set(range(len(nbrs)))
    degree = [len(x) for x in nbrs]
    removed = []
    while alive:
        low = sorted(v for v in alive if degree[v] <= 5)
        v = low[rng.integers(len(low))]
        alive.remove(v)
        removed.append(v)
        for u in nbrs[v]:
            degree[u] -= 1
    return removed[::-1]


def test_kempe_five_colours_planar_triangulations_in_the_classical_order():
    # Triangulations have vertices of degree 5 whose neighbours take all five
    # colours, which is where the Kempe step must swap (it can never fail there).
    swaps = blocked = 0
    for seed in range(12):
        nbrs, edges = delaunay_neighbors(150, seed)
        stats = {}
        colors = coloring._color_graph(nbrs, 5, any_degree_five_order(nbrs, seed), None, stats)
        assert stats["repairs"] == 0
        assert all(colors[a] != colors[b] for a, b in edges)
        assert set(colors) <= set(range(5))
        swaps += stats["kempe"]
        blocked += stats["blocked"]
    assert swaps > 0 and blocked > 0


# ---------------------------------------------------------------------- touch and few colours
@pytest.mark.parametrize("seed", range(4))
def test_touch_five_colourings_of_random_tilings(seed):
    t = brick_tiling(30, 60, rounds=30, rng=seed)
    colors = tiling.color(t, k=5, adjacency="touch")
    steps = coloring.color_steps(t, k=5, adjacency="touch")
    assert_proper(t, colors, 5, "touch")
    assert np.array_equal(replay(len(t), steps), colors)


@settings(max_examples=60)
@given(small_tilings(max_height=4, max_width=5), st.sampled_from(["side", "touch"]))
def test_small_tilings_get_k_colours_exactly_when_k_is_the_chromatic_number_or_more(t, kind):
    chi = brute_chromatic_number(len(t), brute_edges(t, kind))
    for k in range(1, 6):
        if k >= chi:
            colors = tiling.color(t, k=k, adjacency=kind)
            steps = coloring.color_steps(t, k=k, adjacency=kind)
            assert_proper(t, colors, k, kind)
            assert np.array_equal(replay(len(t), steps), colors)
        else:
            with pytest.raises(TilingError, match=f"no proper {k}-colouring.*none exists.*k={chi}"):
                tiling.color(t, k=k, adjacency=kind)


def test_touch_four_colouring_repairs_by_local_search():
    # found by search: greedy and Kempe both fail, the exact repair succeeds
    t = brick_tiling(6, 8, rounds=10, rng=26)
    stats = {}
    nbrs = coloring._neighbor_lists(coloring.contact_matrix(t, adjacency="touch"))
    coloring._color_graph(nbrs, 4, coloring._smallest_last(nbrs), None, stats)
    assert stats["repairs"] >= 1
    colors = tiling.color(t, k=4, adjacency="touch")
    steps = coloring.color_steps(t, k=4, adjacency="touch")
    assert_proper(t, colors, 4, "touch")
    assert np.array_equal(replay(len(t), steps), colors)


def test_touch_four_colouring_of_a_large_tiling_fails_with_the_k_reached():
    t = brick_tiling(40, 50, rng=2)
    with pytest.raises(TilingError, match=r"no proper 4-colouring with adjacency='touch'.*use k=5"):
        tiling.color(t, k=4, adjacency="touch")


def test_few_colours_on_simple_tilings():
    strip = Tiling(Region.rectangle(2, 6), [[(0, c), (1, c)] for c in range(6)])
    assert tiling.color(strip, k=2).tolist() in ([0, 1] * 3, [1, 0] * 3)
    with pytest.raises(TilingError, match="no proper 1-colouring.*none exists.*use k=2"):
        tiling.color(strip, k=1)
    apart = Tiling(Region.rectangle(1, 5), [[(0, 0), (0, 1)], [(0, 3), (0, 4)]])
    assert tiling.color(apart, k=1).tolist() == [0, 0]
    # running bond: the side graph is a triangulated strip, 3 colours and not 2
    bond = Tiling(
        Region.rectangle(2, 6).without([(1, 0), (1, 5)]),
        [[(0, 0), (0, 1)], [(0, 2), (0, 3)], [(0, 4), (0, 5)], [(1, 1), (1, 2)], [(1, 3), (1, 4)]],
    )
    assert_proper(bond, tiling.color(bond, k=3), 3, "side")
    with pytest.raises(TilingError, match="no proper 2-colouring.*none exists.*use k=3"):
        tiling.color(bond, k=2)


# ---------------------------------------------------------------------- API details
def test_colors_come_back_as_int_array_aligned_with_dominoes():
    t = stuck_four_tiling()
    reordered = Tiling(t.region, t.dominoes[::-1])
    assert np.array_equal(tiling.color(reordered, k=4), tiling.color(t, k=4)[::-1])
    assert tiling.color is coloring.color


def test_empty_tiling_has_no_colours():
    t = Tiling(Region.rectangle(2, 2), [])
    assert tiling.color(t).tolist() == []
    colors = tiling.color(t)
    steps = coloring.color_steps(t)
    assert len(colors) == 0 and steps == []
    assert coloring.contact_matrix(t).shape == (0, 0)


def test_bad_arguments_raise_clear_errors():
    t = stuck_four_tiling()
    with pytest.raises(TilingError, match="k must be a positive integer, got 0"):
        tiling.color(t, k=0)
    for bad in (2.5, True, "4", None):
        with pytest.raises(TypeError, match="k must be an integer"):
            tiling.color(t, k=bad)
    with pytest.raises(
        TilingError, match="unknown adjacency 'corner'; choose one of 'side', 'touch'"
    ):
        tiling.color(t, adjacency="corner")
    with pytest.raises(
        TypeError, match="adjacency must be one of 'side', 'touch', not NoneType None"
    ):
        coloring.contact_matrix(t, adjacency=None)
    with pytest.raises(TypeError, match="needs a tiling.Tiling, got Region"):
        tiling.color(t.region)
    with pytest.raises(TypeError, match="record"):  # gone: color_steps() gives the steps
        tiling.color(t, record="yes")
    assert tiling.color(t, k=np.int64(5)).max() < 5


def test_a_huge_palette_is_fine_and_greedy():
    t = brick_tiling(10, 20, rng=1)
    colors = tiling.color(t, k=10**9, adjacency="touch")
    assert_proper(t, colors, 10**9, "touch")
    assert colors.max() < 11  # a domino touches at most 10 others
