import pytest
from hypothesis import given

from tiling import Region, TooLargeError, count, enumerate_tilings
from tiling.counting import brute

from .reference import count_tilings_memo
from .strategies import balanced_regions, regions


@given(regions(max_height=5, max_width=6))
def test_backtracking_count_equals_memoised_reference(r):
    assert count(r, method="brute") == count_tilings_memo(r.mask)


@given(balanced_regions(max_height=4, max_width=5))
def test_enumeration_yields_distinct_tilings_as_many_as_counted(r):
    tilings = list(enumerate_tilings(r))
    assert len(set(tilings)) == len(tilings) == count_tilings_memo(r.mask)
    assert all(t.is_perfect and t.region == r for t in tilings)


def test_small_known_counts():
    assert [brute.count_tilings(Region.rectangle(2, n)) for n in range(1, 9)] == [
        1,
        2,
        3,
        5,
        8,
        13,
        21,
        34,
    ]
    assert brute.count_tilings(Region.rectangle(4, 4)) == 36
    assert brute.count_tilings(Region.rectangle(3, 3).without([(1, 1)])) == 2


def test_brute_refuses_large_regions_with_a_clear_message():
    with pytest.raises(TooLargeError, match="limited to 48 cells.*has 64.*method='dp'"):
        count(Region.rectangle(8, 8), method="brute")
