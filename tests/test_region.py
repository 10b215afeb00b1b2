import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tiling import ParseError, Region, TilingError, examples

from .reference import holes_by_flood
from .strategies import masks, regions


def test_from_ascii_reads_cells_and_pads_short_rows():
    r = Region.from_ascii("\n\n..\n.#.\n\n")
    assert r.shape == (2, 3)
    assert r.cells().tolist() == [[0, 0], [0, 1], [1, 0], [1, 2]]


def test_from_ascii_treats_space_as_missing_cell():
    r = Region.from_ascii(". .\n...")
    assert (0, 1) not in r and (0, 2) in r and r.n_cells == 5


def test_from_ascii_keeps_blank_rows_inside():
    r = Region.from_ascii("..\n\n..")
    assert r.shape == (3, 2) and r.n_cells == 4 and len(r.components()) == 2


def test_from_ascii_accepts_windows_line_endings_and_bytes():
    assert Region.from_ascii("..\r\n..\r\n") == Region.rectangle(2, 2)
    assert Region.from_ascii(b"..\n..") == Region.rectangle(2, 2)


def test_from_ascii_names_line_column_and_character():
    with pytest.raises(ParseError) as info:
        Region.from_ascii("\n...\n..x.\n")
    assert str(info.value) == (
        "line 3, column 3: unexpected character 'x' (use '.' for a cell, '#' or space for none)"
    )
    assert info.value.line == 3 and info.value.column == 3


def test_from_ascii_names_unprintable_characters_by_code():
    with pytest.raises(ParseError, match=r"line 1, column 2: unexpected character U\+0007"):
        Region.from_ascii(".\a.")
    with pytest.raises(
        ParseError, match="line 1, column 2: a tab character: tabs have no fixed width"
    ):
        Region.from_ascii(".\t.")


def test_from_ascii_rejects_text_without_cells():
    with pytest.raises(ParseError, match="no cells"):
        Region.from_ascii("###\n# #\n")
    with pytest.raises(ParseError, match="no cells"):
        Region.from_ascii("")


def test_from_ascii_rejects_non_utf8_bytes():
    with pytest.raises(ParseError, match="not UTF-8"):
        Region.from_ascii(b"..\xff")


def test_rectangle_and_its_errors():
    r = Region.rectangle(3, 5)
    assert r.shape == (3, 5) and r.n_cells == 15 and r.balance == 1
    for bad in [(0, 3), (-1, 2)]:
        with pytest.raises(TilingError, match="positive integer"):
            Region.rectangle(*bad)
    for bad in [(2.5, 2), (True, 2)]:
        with pytest.raises(TypeError, match="must be an integer"):
            Region.rectangle(*bad)


@pytest.mark.parametrize("n", [1, 2, 3, 7, 20])
def test_aztec_diamond_has_2n_n_plus_1_cells_in_rows_of_growing_width(n):
    r = Region.aztec_diamond(n)
    assert r.n_cells == 2 * n * (n + 1)
    assert r.shape == (2 * n, 2 * n)
    widths = r.mask.sum(axis=1).tolist()
    assert widths == [2 * min(i + 1, 2 * n - i) for i in range(2 * n)]
    assert r.balance == 0 and r.is_simply_connected()
    # symmetric under both mirrors
    assert np.array_equal(r.mask, r.mask[::-1]) and np.array_equal(r.mask, r.mask[:, ::-1])


def test_from_mask_requires_a_nonempty_2d_boolean_array():
    with pytest.raises(TypeError, match="booleans or 0/1 integers"):
        Region.from_mask(np.ones((2, 2), dtype=float))
    with pytest.raises(TilingError, match=r"only 0 and 1, got 2 at index \(0, 1\)"):
        Region.from_mask(np.array([[1, 2], [1, 1]]))
    with pytest.raises(TilingError, match="2-dimensional"):
        Region.from_mask(np.ones(3, dtype=bool))
    with pytest.raises(TilingError, match="empty"):
        Region.from_mask(np.zeros((2, 2), dtype=bool))


def test_mask_is_read_only_and_copied():
    source = np.ones((2, 2), dtype=bool)
    r = Region.from_mask(source)
    source[0, 0] = False
    assert r.n_cells == 4
    with pytest.raises(ValueError):
        r.mask[0, 0] = False
    with pytest.raises(ValueError):
        r.cells()[0, 0] = 5


def test_from_cells_ignores_duplicates_and_rejects_bad_cells():
    r = Region.from_cells([(1, 2), (1, 2), (0, 0)])
    assert r.n_cells == 2 and r.shape == (2, 3)
    with pytest.raises(TilingError, match=r"cell \(-1, 3\) has a negative coordinate"):
        Region.from_cells([(0, 0), (-1, 3)])
    with pytest.raises(TilingError, match="no cells"):
        Region.from_cells([])
    with pytest.raises(TilingError, match="integer"):
        Region.from_cells([(0.5, 1)])
    with pytest.raises(TilingError, match="pairs"):
        Region.from_cells([(0, 1, 2)])


def test_colors_and_balance_follow_the_checkerboard():
    r = examples.mutilated_chessboard()
    colors = r.colors()
    assert (colors == 0).sum() == 30 and (colors == 1).sum() == 32
    assert r.balance == -2
    assert np.array_equal(colors, r.cells().sum(axis=1) % 2)


def test_contains_len_and_iter():
    r = Region.from_ascii(".#\n..")
    assert (0, 0) in r and (0, 1) not in r and (5, 5) not in r and (-1, 0) not in r
    assert "junk" not in r
    assert len(r) == 3 and list(r) == [(0, 0), (1, 0), (1, 1)]


def test_components_are_4_connected_pieces():
    r = Region.from_ascii(".#.\n#.#\n...")
    parts = r.components()
    assert [p.n_cells for p in parts] == [1, 1, 4]
    assert sum(p.n_cells for p in parts) == r.n_cells
    assert not r.is_connected()


def test_holes_and_simple_connectivity():
    assert examples.ring().holes()[0].tolist() == [[1, 1]]
    assert not examples.ring().is_simply_connected()
    assert len(examples.holey_board().holes()) == 2
    assert Region.rectangle(4, 4).is_simply_connected()
    # a notch open to the outside is not a hole
    assert Region.from_ascii("...\n.#.\n.#.").holes() == []
    # missing cells touching only at a corner form one hole that reaches outside
    pinched = Region.from_ascii("....\n.#..\n..#.\n...#")
    assert pinched.holes() == []


@settings(max_examples=150, deadline=None)
@given(masks(max_height=12, max_width=12))
def test_holes_match_a_flood_from_outside(mask):
    region = Region.from_mask(mask)
    got = region.holes()
    assert [h.tolist() for h in got] == [[list(c) for c in h] for h in holes_by_flood(mask)]
    # computed once; the caller may not change the cached arrays, but may keep the list
    assert all(not h.flags.writeable for h in got)
    got.clear()
    assert len(region.holes()) == len(holes_by_flood(mask))


def test_holes_of_a_large_board_match_a_flood_from_outside():
    # past SMALL_MASK cells, where scipy labels the missing cells
    mask = np.random.default_rng(2).random((70, 90)) < 0.8
    got = Region.from_mask(mask).holes()
    assert len(got) > 50
    assert [h.tolist() for h in got] == [[list(c) for c in h] for h in holes_by_flood(mask)]


def test_without_and_with_cells():
    r = Region.rectangle(3, 3)
    ring = r.without([(1, 1)])
    assert ring.n_cells == 8 and ring.with_cells([(1, 1)]) == r
    assert r.with_cells([(4, 0)]).shape == (5, 3)
    with pytest.raises(TilingError, match=r"cannot remove cell \(5, 5\): it is not in the region"):
        r.without([(5, 5)])
    with pytest.raises(TilingError, match="empty"):
        Region.rectangle(1, 1).without([(0, 0)])
    assert r.with_cells([]) is r


def test_transpose_and_cropped():
    r = Region.from_cells([(2, 3), (2, 4), (3, 4)])
    assert r.transpose() == Region.from_cells([(3, 2), (4, 2), (4, 3)])
    c = r.cropped()
    assert c.shape == (2, 2) and c.cells().tolist() == [[0, 0], [0, 1], [1, 1]]
    assert r.bounding_box() == (2, 3, 4, 5)


def test_equality_ignores_padding_at_bottom_right_but_not_position():
    mask = np.zeros((5, 5), dtype=bool)
    mask[0, :2] = True
    assert Region.from_mask(mask) == Region.rectangle(1, 2)
    assert hash(Region.from_mask(mask)) == hash(Region.rectangle(1, 2))
    assert Region.from_cells([(1, 0), (1, 1)]) != Region.rectangle(1, 2)
    assert Region.rectangle(1, 2) != "not a region"
    assert len({Region.rectangle(2, 2), Region.from_ascii("..\n..")}) == 1


def test_to_ascii_writes_empty_leading_rows():
    r = Region.from_cells([(2, 1)])
    assert r.to_ascii() == "##\n##\n#."
    assert Region.from_ascii(r.to_ascii()) == r


@given(masks(max_height=8, max_width=9))
def test_ascii_round_trip(mask):
    r = Region.from_mask(mask)
    assert Region.from_ascii(r.to_ascii()) == r


@given(regions())
def test_cells_colors_index_agree(r):
    cells = r.cells()
    assert np.array_equal(r.mask[cells[:, 0], cells[:, 1]], np.ones(len(cells), bool))
    index = r.cell_index()
    assert np.array_equal(index[cells[:, 0], cells[:, 1]], np.arange(len(cells)))
    assert (index >= 0).sum() == r.n_cells
    assert r.balance == int((r.colors() == 0).sum() - (r.colors() == 1).sum())


@given(regions())
def test_networkx_export_matches_the_cell_graph(r):
    g = r.to_networkx()
    assert set(g.nodes) == set(r)
    expected = {
        frozenset([a, b]) for a in r for b in [(a[0], a[1] + 1), (a[0] + 1, a[1])] if b in r
    }
    assert {frozenset(e) for e in g.edges} == expected
    assert all(g.nodes[v]["bipartite"] == (v[0] + v[1]) % 2 for v in g.nodes)
    assert nx.number_connected_components(g) == len(r.components())


@given(regions())
def test_biadjacency_lists_every_edge_once(r):
    m, cells0, cells1 = r.biadjacency()
    assert m.shape == (len(cells0), len(cells1))
    assert ((cells0.sum(axis=1) % 2) == 0).all() and ((cells1.sum(axis=1) % 2) == 1).all()
    dense = m.toarray()
    for i, a in enumerate(cells0.tolist()):
        for j, b in enumerate(cells1.tolist()):
            assert dense[i, j] == (abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1)
    assert len(r.edges()) == int(dense.sum())


@given(regions())
def test_components_partition_the_cells(r):
    parts = r.components()
    assert sum(p.n_cells for p in parts) == r.n_cells
    assert all(p.is_connected() for p in parts)
    union = set()
    for p in parts:
        union |= set(p)
    assert union == set(r)


@given(st.text(alphabet=".# x\n\t\r", max_size=60))
def test_parser_either_round_trips_or_raises_tiling_error(text):
    try:
        r = Region.from_ascii(text)
    except TilingError:
        return
    assert Region.from_ascii(r.to_ascii()) == r


@given(st.text(max_size=40))
def test_parser_never_leaks_another_exception_on_any_text(text):
    try:
        Region.from_ascii(text)
    except TilingError:
        pass


@given(
    st.one_of(
        st.lists(st.lists(st.integers(-3, 3), max_size=4), max_size=4),
        st.lists(st.floats(allow_nan=True), max_size=4),
    )
)
def test_from_mask_and_from_cells_raise_only_tiling_error(data):
    for build in (Region.from_mask, Region.from_cells):
        try:
            build(data)
        except TypeError:
            # the one wrong *type* here: a (non-empty) float mask
            assert build == Region.from_mask and data and all(isinstance(x, float) for x in data)
        except TilingError:
            pass


def test_examples_are_the_documented_shapes():
    assert examples.chessboard() == Region.rectangle(8, 8)
    m = examples.mutilated_chessboard()
    assert m.n_cells == 62 and (0, 0) not in m and (7, 7) not in m
    f = examples.figure_7x7()
    assert f.shape == (7, 7) and f.balance == 0 and f.n_cells == 32 and f.is_connected()
    assert examples.strip(7).shape == (2, 7)
    assert all(isinstance(make(), Region) for make in examples.EXAMPLES.values())


def test_repr_is_informative():
    assert repr(Region.rectangle(1, 2)) == "Region.from_ascii('..')"
    assert "200x200" in repr(Region.rectangle(200, 200))


def test_huge_coordinates_are_refused_before_allocating_a_mask():
    with pytest.raises(TilingError, match=r"span a 1 x 25455807415 box"):
        Region.from_cells([(0, 25455807414)])
    with pytest.raises(TilingError, match="over the limit"):
        Region.rectangle(10**6, 10**6)
    with pytest.raises(TilingError, match="over the limit"):
        Region.rectangle(1, 1).with_cells([(10**6, 10**6)])
    with pytest.raises(TilingError, match="over the limit"):
        Region.aztec_diamond(10**6)


@given(regions(max_height=8, max_width=8))
def test_cropped_components_are_the_components_moved_to_their_boxes(r):
    full = r.components()
    cropped = r.cropped_components()
    assert len(full) == len(cropped)
    for part, (r0, c0, mask) in zip(full, cropped):
        assert part == Region.from_cells(np.argwhere(mask) + [r0, c0])
        assert mask.shape == part.cropped().shape


@given(regions(max_height=8, max_width=8))
def test_trivially_untileable_is_an_odd_or_unbalanced_component(r):
    expected = any(p.n_cells % 2 or p.balance for p in r.components())
    assert r.trivially_untileable() == expected


def test_many_components_are_found_in_time_linear_in_the_box():
    mask = np.zeros((400, 600), dtype=bool)
    mask[::2, 0::3] = mask[::2, 1::3] = True  # 40,000 isolated dominoes
    r = Region.from_mask(mask)
    assert len(r.cropped_components()) == 40000
    assert not r.trivially_untileable()


def test_contains_rejects_fractional_and_malformed_cells():
    r = Region.rectangle(2, 2)
    assert (1.0, 0) in r and (0.5, 0) not in r and (0, 0, 0) not in r and (10**30, 0) not in r


def test_from_ascii_respects_the_box_limit(monkeypatch):
    import tiling.model.region as region_module

    monkeypatch.setattr(region_module, "MAX_BOX_CELLS", 100)
    with pytest.raises(TilingError, match="over the limit"):
        Region.from_ascii("\n".join(["." * 20] * 20))


def test_repr_stays_short_for_tall_sparse_regions():
    assert len(repr(Region.from_cells([(0, 0), (200000, 0)]))) < 60


def test_huge_or_unsigned_coordinates_give_one_line_errors():
    with pytest.raises(TilingError, match="integer coordinates"):
        Region.from_cells([(1e300, 0)])
    with pytest.raises(TilingError, match="too large"):
        Region.from_cells(np.array([[2**63, 0]], dtype=np.uint64))


def test_example_tilings_check_their_sizes():
    with pytest.raises(TilingError, match="even height and width"):
        examples.block_tiling(3, 4)
    with pytest.raises(TilingError, match="even width"):
        examples.brick_tiling(2, 3)
    with pytest.raises(TilingError, match="positive integer"):
        examples.brick_tiling(-2, 4)
    t = examples.brick_tiling(10, 12, rng=3)
    assert t.is_perfect and examples.block_tiling(4, 6, rng=1).is_perfect


@settings(max_examples=150)
@given(masks(max_height=12, max_width=12), st.booleans())
def test_small_mask_labelling_matches_scipy(mask, eight):
    import scipy.ndimage as ndi

    from tiling.model import region as region_module

    structure = np.ones((3, 3), bool) if eight else ndi.generate_binary_structure(2, 1)
    expected, k = ndi.label(mask, structure=structure)
    labels, n = region_module._label_small(mask, eight)
    assert n == k and np.array_equal(labels, expected)
    assert region_module.find_objects(labels) == ndi.find_objects(expected)
