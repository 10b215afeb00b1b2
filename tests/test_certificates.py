import re

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from networkx.algorithms import bipartite

import tiling
from tiling import Region, TilingError
from tiling.model.examples import chessboard, figure_7x7, holey_board, mutilated_chessboard, ring
from tiling.proofs.certificates import Certificate, cover_bound, prove_impossible

from .reference import count_tilings_memo
from .strategies import balanced_regions, regions


# ---------------------------------------------------------------------------- references
def cell_graph(mask):
    mask = np.asarray(mask)
    h, w = mask.shape
    cells = [tuple(c) for c in np.argwhere(mask).tolist()]
    g = nx.Graph()
    g.add_nodes_from(cells)
    for r, c in cells:
        for rr, cc in ((r + 1, c), (r, c + 1)):
            if rr < h and cc < w and mask[rr, cc]:
                g.add_edge((r, c), (rr, cc))
    return g, cells


def max_matching_size(mask):
    g, cells = cell_graph(mask)
    top = [c for c in cells if sum(c) % 2 == 0]
    return len(bipartite.hopcroft_karp_matching(g, top_nodes=top)) // 2


def proven_uncovered(mask, kind, cells):
    """Independent checker: how many cells S forces uncovered, or None if S proves nothing.

    Written from the definitions with Python sets only: "parity" needs S odd
    and closed under adjacency in the region (at least 1 uncovered); "color"
    and "hall" split S by colour and use |S_c| - |N(S_c)| for each colour.
    """
    mask = np.asarray(mask)
    h, w = mask.shape
    inside = {(r, c) for r, c in np.argwhere(mask).tolist()}
    s = [tuple(map(int, c)) for c in np.asarray(cells).reshape(-1, 2).tolist()]
    if len(set(s)) != len(s) or not set(s) <= inside:
        return None

    def around(cell):
        r, c = cell
        return {(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)} & inside

    if kind == "parity":
        closed = all(around(x) <= set(s) for x in s)
        return 1 if closed and len(s) % 2 == 1 else None
    total = 0
    colours = {sum(x) % 2 for x in s}
    if kind == "color" and len(colours) != 1:
        return None
    for colour in colours:
        part = {x for x in s if sum(x) % 2 == colour}
        nbrs = set().union(*(around(x) for x in part))
        total += max(0, len(part) - len(nbrs))
    return total


def neighbourhood(mask, cells):
    mask = np.asarray(mask)
    inside = {(r, c) for r, c in np.argwhere(mask).tolist()}
    out = set()
    for r, c in np.asarray(cells).reshape(-1, 2).tolist():
        out |= {(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)} & inside
    return out


# ---------------------------------------------------------------------------- prove_impossible
def check_prove_impossible(r):
    tileable = 2 * max_matching_size(r.mask) == r.n_cells
    cert = prove_impossible(r)
    if tileable:
        assert cert is None
        return
    assert isinstance(cert, Certificate) and cert.region == r
    assert cert.deficiency >= 1
    forced = proven_uncovered(r.mask, cert.kind, cert.cells)
    assert forced is not None and forced >= cert.deficiency
    if cert.kind != "parity":
        assert set(map(tuple, cert.neighbors.tolist())) == neighbourhood(r.mask, cert.cells)
    assert cert.verify(r) and cert.verify()


@settings(max_examples=250)
@given(regions(max_height=6, max_width=7))
def test_prove_impossible_on_random_regions(r):
    check_prove_impossible(r)


@settings(max_examples=250)
@given(balanced_regions(max_height=7, max_width=7))
def test_prove_impossible_on_random_balanced_regions(r):
    check_prove_impossible(r)


@settings(max_examples=60)
@given(balanced_regions(max_height=5, max_width=6))
def test_tileability_agrees_with_brute_force_counting(r):
    assert (prove_impossible(r) is None) == (count_tilings_memo(r.mask) > 0)


def test_hall_certificates_are_single_colour_with_one_more_cell_than_neighbours():
    seen = 0
    rng = np.random.default_rng(5)
    for _ in range(300):
        mask = rng.random((7, 8)) < 0.8
        if not mask.any():
            continue
        cert = prove_impossible(Region(mask))
        if cert is not None and cert.kind == "hall":
            seen += 1
            assert len({int(x) for x in cert.cells.sum(axis=1) % 2}) == 1
            assert (
                len(cert.cells) == len(cert.neighbors) + 1 == cert.deficiency + len(cert.neighbors)
            )
    assert seen > 5


def test_figure_7x7_gets_a_hall_certificate():
    r = figure_7x7()
    cert = prove_impossible(r)
    assert cert.kind == "hall" and cert.deficiency == 1
    assert proven_uncovered(r.mask, "hall", cert.cells) >= 1
    assert cert.verify()
    assert str(len(cert.cells)) in cert.explain() and str(len(cert.neighbors)) in cert.explain()


def test_mutilated_chessboard_gets_a_color_certificate_30_against_32():
    cert = tiling.prove_impossible(mutilated_chessboard())
    assert cert.kind == "color"
    assert (len(cert.cells), len(cert.neighbors), cert.deficiency) == (32, 30, 2)
    assert set((cert.cells.sum(axis=1) % 2).tolist()) == {1}
    text = cert.explain()
    assert "32" in text and "30" in text and "2" in text
    assert cert.verify()


def test_odd_piece_gets_a_parity_certificate():
    r = Region.from_ascii("..#..#.\n..#..##\n")  # pieces of 4, 4 and 1 cells
    cert = prove_impossible(r)
    assert cert.kind == "parity" and cert.cells.tolist() == [[0, 6]]
    assert len(cert.neighbors) == 0 and cert.deficiency == 1 and cert.verify()
    assert "has 1 cell, an odd number" in cert.explain()


@pytest.mark.parametrize("make", [chessboard, ring, holey_board])
def test_tileable_examples_have_no_certificate(make):
    assert prove_impossible(make()) is None


# ---------------------------------------------------------------------------- cover_bound
@settings(max_examples=200)
@given(regions(max_height=7, max_width=8))
def test_cover_bound_deficiency_equals_cells_left_by_a_maximum_cover(r):
    cert = cover_bound(r)
    nu = max_matching_size(r.mask)
    assert cert.deficiency == r.n_cells - 2 * nu
    assert cert.deficiency == r.n_cells - 2 * len(tiling.max_cover(r, method="hopcroft-karp"))
    assert cert.kind == "hall"
    assert proven_uncovered(r.mask, "hall", cert.cells) == cert.deficiency
    assert set(map(tuple, cert.neighbors.tolist())) == neighbourhood(r.mask, cert.cells)
    assert cert.verify()
    if cert.deficiency == 0:
        assert len(cert.cells) == 0 and len(cert.neighbors) == 0


@pytest.mark.parametrize("seed", range(3))
def test_cover_bound_on_a_holey_60_board(seed):
    mask = np.random.default_rng(seed).random((60, 70)) < 0.85
    r = Region(mask)
    cert = cover_bound(r)
    assert cert.deficiency == r.n_cells - 2 * max_matching_size(mask)
    assert proven_uncovered(mask, "hall", cert.cells) == cert.deficiency
    assert cert.verify()


def test_cover_bound_of_figure_7x7_uses_both_colours():
    cert = cover_bound(figure_7x7())
    assert cert.deficiency == 2
    assert set((cert.cells.sum(axis=1) % 2).tolist()) == {0, 1}
    assert "In all, at least 2 cells stay uncovered" in cert.explain()


# ---------------------------------------------------------------------------- verify rejects
def tampered(cert, **changes):
    fields = dict(
        kind=cert.kind,
        cells=cert.cells,
        neighbors=cert.neighbors,
        deficiency=cert.deficiency,
        region=cert.region,
    )
    fields.update(changes)
    return Certificate(**fields)


def test_verify_rejects_tampered_certificates():
    r = figure_7x7()
    cert = prove_impossible(r)
    assert cert.verify()
    assert not tampered(cert, deficiency=2).verify()
    assert not tampered(cert, cells=cert.cells[1:]).verify()  # now |S| = |N(S)|
    assert not tampered(cert, neighbors=cert.neighbors[1:]).verify()
    assert not tampered(cert, cells=np.vstack([cert.cells, cert.cells[:1]])).verify()
    assert not tampered(cert, cells=np.vstack([cert.cells, [[0, 6]]])).verify()  # off region
    assert not tampered(cert, deficiency=-1).verify()
    assert not cert.verify(Region.rectangle(7, 7))  # a different region
    mut = prove_impossible(mutilated_chessboard())
    assert not mut.verify(chessboard())
    mixed = np.vstack([mut.cells, mut.neighbors[:1]])
    assert not tampered(mut, cells=mixed).verify()
    par = prove_impossible(Region.rectangle(3, 3))
    assert par.kind == "parity" and par.verify()
    assert not tampered(par, cells=par.cells[:-2]).verify()  # not closed
    assert not tampered(par, deficiency=2).verify()


def test_functions_reject_non_regions_and_bad_kinds():
    with pytest.raises(TypeError, match="needs a tiling.Region"):
        prove_impossible("...")
    with pytest.raises(TypeError, match="needs a tiling.Region"):
        cover_bound(np.ones((2, 2), bool))
    with pytest.raises(TilingError, match="kind"):
        Certificate("odd", [], [], 0, Region.rectangle(1, 1))


def test_verify_rejects_certificates_that_prove_nothing():
    from tiling.proofs.certificates import Certificate

    square = Region.rectangle(2, 2)
    assert not Certificate("color", [(0, 0)], [(0, 1), (1, 0)], 0, square).verify()
    assert not Certificate("parity", [(0, 0)], [], 0, Region.rectangle(1, 1)).verify()
    empty = Certificate("hall", [], [], 0, Region.rectangle(3, 3))
    assert empty.verify() and "forces no cell" in empty.explain()
    with pytest.raises(TypeError, match="deficiency must be an integer"):
        Certificate("hall", [], [], "a", square)


# ---------------------------------------------------------------------------- texts
def test_explain_uses_plurals_and_thousands_separators():
    mask = np.ones((1000, 1000), dtype=bool)
    mask[0, 0] = False  # 999,999 cells, one piece: the whole region is odd
    text = prove_impossible(Region(mask)).explain()
    assert text.startswith("The region has 999,999 cells, an odd number.")
    assert "touches no other cell" not in text  # the piece is the whole region
    text = prove_impossible(Region.from_ascii("...\n###\n#...")).explain()
    assert "The piece of the region marked S has 3 cells" in text
    text = cover_bound(Region.rectangle(1, 3)).explain()
    assert "The 2 white cells marked S touch only 1 cell of the region" in text
    assert "at least 2 - 1 = 1 of them stays uncovered" in text
    text = cover_bound(Region.rectangle(1, 1)).explain()
    assert "The 1 white cell marked S touches no other cell of the region, so it stays" in text
    assert "1 cells" not in text and "marked cells" not in text


def test_explain_names_the_colours_and_the_letters_of_the_map():
    cert = prove_impossible(mutilated_chessboard())
    text = cert.explain()
    assert "white where row + column is even" in text
    assert "32 black cells (S) and only 30 white ones (N)" in text
    assert "color certificate" not in text
    cert = prove_impossible(figure_7x7())
    assert "The 6 white cells marked S touch only 5 cells of the region (black, marked N)" in (
        cert.explain()
    )


@settings(max_examples=40)
@given(regions(max_height=5, max_width=6))
def test_certificate_map_reads_back_as_the_region_with_s_and_n_s(region):
    cert = cover_bound(region)
    if cert.deficiency == 0:
        return
    text = cert.to_ascii(legend=False)
    rows = text.split("\n")
    marked = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            marked.setdefault(ch, set()).add((r, c))
    s = marked.get("S", set()) | marked.get("s", set())
    n = marked.get("N", set()) | marked.get("n", set())
    assert s == set(map(tuple, cert.cells.tolist()))
    assert n == set(map(tuple, cert.neighbors.tolist()))
    plain = "\n".join(re.sub("[SNsn]", ".", row) for row in rows)
    assert Region.from_ascii(plain).cropped() == region.cropped()  # blank top rows drop
    for upper, lower in (("S", "N"), ("s", "n")):
        part = marked.get(upper, set())
        assert len({(r + c) % 2 for r, c in part}) <= 1  # one colour per letter
        around = set()
        g, _ = cell_graph(region.mask)
        for cell in part:
            around |= set(g.neighbors(cell))
        assert marked.get(lower, set()) == around
