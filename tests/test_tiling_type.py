"""The Tiling result type: validation at construction, labels, orientations, iteration."""

import pytest
from hypothesis import given

from tiling import Region, Tiling, TilingError
from tiling.counting.brute import enumerate_tilings

from .reference import is_valid_tiling
from .strategies import balanced_regions


def two_by_three():
    return Region.rectangle(2, 3)


def test_dominoes_are_normalised_top_left_first_and_order_kept():
    t = Tiling(two_by_three(), [[(0, 1), (0, 0)], [(1, 2), (0, 2)], [(1, 0), (1, 1)]])
    assert t.dominoes.tolist() == [[[0, 0], [0, 1]], [[0, 2], [1, 2]], [[1, 0], [1, 1]]]
    assert t.is_perfect and len(t) == 3 and len(t.uncovered()) == 0


def test_construction_rejects_cells_outside_the_region():
    r = Region.rectangle(2, 2).without([(1, 1)])
    with pytest.raises(TilingError, match=r"cell \(1, 1\): it is not in the region"):
        Tiling(r, [[(1, 0), (1, 1)]])
    with pytest.raises(TilingError, match=r"cell \(0, 2\)"):
        Tiling(r, [[(0, 1), (0, 2)]])


def test_construction_rejects_non_adjacent_cells():
    with pytest.raises(
        TilingError, match=r"domino 0 joins cells \(0, 0\) and \(1, 1\), which do not share a side"
    ):
        Tiling(Region.rectangle(2, 2), [[(0, 0), (1, 1)]])
    with pytest.raises(TilingError, match="do not share a side"):
        Tiling(Region.rectangle(2, 2), [[(0, 0), (0, 0)]])


def test_construction_rejects_overlaps():
    with pytest.raises(TilingError, match=r"dominoes 0 and 1 overlap at cell \(0, 1\)"):
        Tiling(two_by_three(), [[(0, 0), (0, 1)], [(0, 1), (0, 2)]])


def test_construction_rejects_malformed_input():
    with pytest.raises(TilingError, match=r"shape \(k, 2, 2\)"):
        Tiling(two_by_three(), [[0, 0, 0, 1]])
    with pytest.raises(TypeError, match="needs a Region"):
        Tiling("..", [])
    with pytest.raises(TilingError, match="negative"):
        Tiling(two_by_three(), [[(-1, 0), (0, 0)]])


def test_partial_tiling_reports_uncovered_cells_and_labels():
    t = Tiling(Region.rectangle(3, 3), [[(0, 0), (0, 1)], [(1, 1), (2, 1)]])
    assert not t.is_perfect
    assert t.uncovered().tolist() == [[0, 2], [1, 0], [1, 2], [2, 0], [2, 2]]
    assert t.labels().tolist() == [[0, 0, -2], [-2, 1, -2], [-2, 1, -2]]
    empty = Tiling(Region.rectangle(1, 2), [])
    assert len(empty) == 0 and len(empty.uncovered()) == 2


def test_labels_mark_outside_cells():
    r = Region.from_ascii("..#\n...")
    t = Tiling(r, [[(0, 0), (0, 1)]])
    assert t.labels().tolist() == [[0, 0, -1], [-2, -2, -2]]


def test_from_labels_round_trip_and_errors():
    r = Region.from_ascii("...\n..#")
    t = Tiling.from_labels(r, [[0, 0, -2], [1, 1, -1]])
    assert Tiling.from_labels(r, t.labels()) == t
    with pytest.raises(TilingError, match="labels 1 cells"):
        Tiling.from_labels(r, [[0, 0, 1], [-2, -2, -1]])
    with pytest.raises(TilingError, match=r"label -1 \(outside\) on cell \(0, 2\)"):
        Tiling.from_labels(r, [[0, 0, -1], [-2, -2, -1]])
    with pytest.raises(TilingError, match=r"cell \(1, 2\), which is not in the region"):
        Tiling.from_labels(r, [[0, 0, -2], [-2, -2, -2]])
    with pytest.raises(TilingError, match="shape"):
        Tiling.from_labels(r, [[0, 0]])
    with pytest.raises(TilingError, match="do not share a side"):
        Tiling.from_labels(r, [[0, -2, 0], [-2, -2, -1]])


def test_orientations_hv_and_shuffling_classes_on_the_aztec_diamond():
    # order-2 Aztec diamond tiled by its "all horizontal" tiling
    r = Region.aztec_diamond(2)
    t = Tiling(
        r,
        [
            [(0, 1), (0, 2)],
            [(1, 0), (1, 1)],
            [(1, 2), (1, 3)],
            [(2, 0), (2, 1)],
            [(2, 2), (2, 3)],
            [(3, 1), (3, 2)],
        ],
    )
    assert t.orientations().tolist() == ["h"] * 6
    # top domino goes north, bottom one south
    nsew = t.shuffling_classes().tolist()
    assert nsew[0] == "N" and nsew[-1] == "S"
    v = Tiling(r, [[(1, 0), (2, 0)], [(1, 3), (2, 3)]])
    assert v.shuffling_classes().tolist() == ["W", "E"]
    for n in (2, 3, 4, 5):  # the convention does not depend on the order's parity
        d = Region.aztec_diamond(n)
        top = Tiling(
            d,
            [
                [(0, n - 1), (0, n)],
                [(2 * n - 1, n - 1), (2 * n - 1, n)],
                [(n - 1, 0), (n, 0)],
                [(n - 1, 2 * n - 1), (n, 2 * n - 1)],
            ],
        )
        assert top.shuffling_classes().tolist() == ["N", "S", "W", "E"]
    with pytest.raises(TypeError):  # the kind argument is gone: orientations() is 'h'/'v' only
        t.orientations("xy")


def test_equality_ignores_domino_order():
    r = Region.rectangle(2, 2)
    a = Tiling(r, [[(0, 0), (0, 1)], [(1, 0), (1, 1)]])
    b = Tiling(r, [[(1, 1), (1, 0)], [(0, 0), (0, 1)]])
    c = Tiling(r, [[(0, 0), (1, 0)], [(0, 1), (1, 1)]])
    assert a == b and hash(a) == hash(b) and a != c and a != "tiling"


def test_to_ascii_draws_each_domino_as_one_piece():
    r = Region.from_ascii("...\n.#.\n...")
    t = next(enumerate_tilings(r))
    text = t.to_ascii()
    assert text.count("╺━━╸") + text.count("╻") == 4
    assert text.count("╻") == text.count("╹")


@given(balanced_regions(max_height=5, max_width=5))
def test_every_enumerated_tiling_is_valid_and_round_trips_through_labels(r):
    for i, t in enumerate(enumerate_tilings(r)):
        assert is_valid_tiling(r.mask, t.dominoes)
        assert Tiling.from_labels(r, t.labels()) == t
        assert Tiling.from_dominoes(r, t.dominoes[::-1]) == t
        if i > 20:
            break
