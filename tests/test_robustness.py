"""Regression tests for the robustness findings of issue 21 (behaviour, not timing).

The counting and linear-algebra findings are in tests/test_counting_robust.py;
the fuzz of every entry point in tests/test_fuzz.py; Ctrl-C in
tests/test_interrupt.py; the large cases under a memory limit in
tests/test_memory_limits.py.  Here: sparse regions solved from their packed
pieces (cross-checked against the same questions asked without packing),
inputs that escaped as raw exceptions or were silently accepted, and the
command line's input cap.
"""

import subprocess
import sys

import hypothesis.strategies as st
import numpy as np
import pytest
from hypothesis import given, settings

import tiling
from tiling import Region, Tiling
from tiling.model import region as region_module
from tiling.model.region import pack

from .strategies import masks

FAR = 2100  # (FAR + 1)**2 cells of box is over SPARSE_BOX: the region is sparse


def far_apart(*pieces):
    """A region of the given masks, placed far apart along the diagonal."""
    cells = []
    for k, mask in enumerate(pieces):
        r, c = np.nonzero(mask)
        cells += [(int(a) + k * FAR, int(b) + k * FAR) for a, b in zip(r, c)]
    return Region.from_cells(cells)


def unpacked(monkeypatch):
    """Turn packing off, so the same questions run on the full box."""
    monkeypatch.setattr(region_module, "SPARSE_BOX", 2**62)


# ------------------------------------------------------------ sparse regions
def test_a_few_cells_far_apart_are_packed_into_a_small_box_keeping_colours():
    region = far_apart(np.ones((2, 3), bool), np.ones((1, 2), bool), np.ones((3, 1), bool))
    assert region._is_sparse()
    packing = pack(region)
    assert packing.region.shape[0] * packing.region.shape[1] < 100
    back = packing.to_original(packing.region.cells())
    assert sorted(map(tuple, back.tolist())) == sorted(map(tuple, region.cells().tolist()))
    # colours kept, and the packed cell graph has exactly the original's edges
    assert ((back.sum(axis=1) - packing.region.cells().sum(axis=1)) % 2 == 0).all()
    assert len(packing.region.edges()) == len(region.edges())
    assert pack(Region.rectangle(30, 30)) is None


def test_a_sparse_region_of_one_long_piece_is_not_packed_and_still_answers():
    steps = [(i, i + d) for i in range(2200) for d in (0, 1)]  # a staircase across the box
    region = Region.from_cells(steps)
    assert region._is_sparse() and pack(region) is None
    assert tiling.find(region).is_perfect
    assert tiling.count(region) == 1 and tiling.prove_impossible(region) is None


def test_sparse_components_and_edges_match_the_box_computation(monkeypatch):
    region = far_apart(
        np.array([[1, 1, 0], [0, 1, 1]], bool), np.ones((2, 2), bool), np.array([[1], [1]], bool)
    )
    sparse = [(r, c, m.tolist()) for r, c, m in region.cropped_components()]
    edges = region.edges().tolist()
    unpacked(monkeypatch)
    assert not region._is_sparse()
    assert sparse == [(r, c, m.tolist()) for r, c, m in region.cropped_components()]
    assert edges == region.edges().tolist()


@settings(max_examples=15, deadline=None)
@given(masks(max_height=3, max_width=4), masks(max_height=3, max_width=4), st.integers(0, 2**32))
def test_every_question_on_a_sparse_region_agrees_with_the_full_box(a, b, seed):
    region = far_apart(a, b)
    count = tiling.count(region)
    assert count == tiling.count(Region.from_mask(a)) * tiling.count(Region.from_mask(b))
    proof = tiling.prove_impossible(region)
    assert (proof is None) == (count > 0)
    if proof is not None:
        assert proof.verify() and proof.region is region
    bound = tiling.cover_bound(region)
    assert bound.verify()
    cover = tiling.max_cover(region)
    assert cover.region is region
    assert region.n_cells - 2 * len(cover) == bound.deficiency
    if count:
        assert tiling.find(region).is_perfect
        assert tiling.sample(region, rng=seed).is_perfect
    else:
        with pytest.raises(tiling.NoTilingError) as info:
            tiling.find(region)
        assert info.value.certificate.verify(region)
    matrix, black, white = region.biadjacency()
    for i, j in zip(*matrix.nonzero()):
        assert abs(black[i] - white[j]).sum() == 1  # every entry joins two neighbours
    assert matrix.nnz == len(region.edges())


def test_the_sparse_spanning_trees_and_biadjacency_agree_with_the_full_box(monkeypatch):
    region = far_apart(np.ones((2, 2), bool))  # one piece, far from (0, 0)
    region = region.with_cells([(FAR * 2, FAR * 2)]).without([(FAR * 2, FAR * 2)])
    trees, (matrix, b, w) = tiling.spanning_trees(region), region.biadjacency()
    unpacked(monkeypatch)
    assert trees == tiling.spanning_trees(region) == 4
    m2, b2, w2 = region.biadjacency()
    assert (matrix != m2).nnz == 0 and (b == b2).all() and (w == w2).all()


def test_a_tiling_of_a_sparse_region_is_checked_without_an_array_of_its_box():
    region = far_apart(np.ones((1, 2), bool), np.ones((1, 2), bool))
    t = Tiling(region, [[(0, 0), (0, 1)], [(FAR, FAR), (FAR, FAR + 1)]])
    assert t.is_perfect and len(t.uncovered()) == 0
    with pytest.raises(tiling.TilingError, match="dominoes 0 and 1 overlap at cell \\(0, 0\\)"):
        Tiling(region, [[(0, 0), (0, 1)], [(0, 1), (0, 0)]])


# ------------------------------------------------------------ raw exceptions, silent acceptance
def test_from_mask_refuses_masks_over_the_box_limit_before_copying_them():
    view = np.broadcast_to(np.array(True), (2**16, 2**15))  # 2**31 cells, no memory yet
    with pytest.raises(tiling.TooLargeError, match="over the limit .*GiB"):
        Region.from_mask(view)
    small = Region.from_mask(np.broadcast_to(np.array(True), (3, 4)))
    assert small == Region.rectangle(3, 4)


def test_aztec_count_of_an_enormous_order_is_refused_before_building_it():
    from tiling.counting import aztec_count

    with pytest.raises(tiling.TooLargeError, match="bits"):
        aztec_count(2**70)
    assert aztec_count(10) == 2**55


def test_complex_weights_are_refused_not_cast():
    with pytest.raises(TypeError, match="real numbers, not complex"):
        tiling.sample_aztec(2, weights=np.full((4, 4, 2), 1 + 5j))
    with pytest.raises(TypeError):
        tiling.sample_aztec(2, weights=(1 + 5j, 1))


def test_a_certificate_edited_after_construction_is_checked_again():
    cert = tiling.prove_impossible(tiling.examples.mutilated_chessboard())
    cert.cells = [[0, 0]]  # checked as cells when set
    with pytest.raises(tiling.TilingError, match="does not hold for its region"):
        cert.explain()
    with pytest.raises(tiling.TilingError, match="does not hold"):
        cert.to_ascii()
    with pytest.raises(tiling.TilingError, match="not a cell|integer coordinates|pairs"):
        cert.cells = [[0.5, 0]]
    with pytest.raises(TypeError, match="integer"):
        cert.deficiency = "2"


def test_a_region_iterates_over_its_cells_and_says_how_to_index_them():
    region = Region.from_ascii("..\n.#")
    assert list(region) == [(0, 0), (0, 1), (1, 0)]
    assert len(region) == 3 and (1, 0) in region and (0.5, 0) not in region
    with pytest.raises(TypeError, match=r"region.cells\(\)\[i\]"):
        region[0]


def test_no_tiling_error_on_a_tileable_region_is_a_tiling_error():
    with pytest.raises(tiling.TilingError, match="has a tiling"):
        tiling.proofs.no_tiling_error(Region.rectangle(2, 2))


@pytest.mark.parametrize(
    "call",
    [
        lambda: Region.rectangle(np.zeros((30, 30)), 2),
        lambda: tiling.count(Region.rectangle(2, 2), digits=np.ones((9, 9))),
        lambda: tiling.plot.draw_region(Region.rectangle(2, 2), ax=True),
        lambda: tiling.prove_impossible(Region.rectangle(3, 3)).to_ascii(legend=np.ones(3)),
        lambda: tiling.random.cftp.estimated_bytes(None),
        lambda: tiling.counting.closed_forms.closed_form(1.5),
        lambda: tiling.linalg.ordering.sweep_order(np.eye(3)),
        lambda: tiling.registry.choose("count", None),
    ],
)
def test_bad_arguments_get_a_one_line_type_error(call):
    with pytest.raises(TypeError) as info:
        call()
    assert "\n" not in str(info.value)


def test_example_tilings_refuse_boards_too_large_for_memory():
    with pytest.raises(tiling.TooLargeError, match="over the limit"):
        tiling.examples.block_tiling(2**40, 2)


# ------------------------------------------------------------ the command line's input
def _cli(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "tiling.cli", *args],
        stdin=stdin,
        capture_output=True,
        timeout=120,
    )


def test_the_command_line_stops_reading_a_device_that_never_ends():
    done = _cli("count", "/dev/zero")
    assert done.returncode == 2
    assert (
        done.stderr.decode().strip()
        == "tiling: error: /dev/zero: a binary file, not a text picture of a region"
    )
    with open("/dev/urandom", "rb") as noise:
        done = _cli("count", "-", stdin=noise)
    assert done.returncode == 2 and b"binary file" in done.stderr


def test_the_command_line_caps_its_input_size(tmp_path, monkeypatch):
    from tiling.cli import _io

    monkeypatch.setattr(_io, "MAX_INPUT_BYTES", 1000)
    big = tmp_path / "big.txt"
    big.write_text(("." * 99 + "\n") * 20)
    with pytest.raises(_io.UserError, match="more than 0 MiB|over the limit"):
        _io.read_text(str(big))
    small = tmp_path / "small.txt"
    small.write_text("..\n")
    assert _io.read_text(str(small))[1] == "..\n"
