"""The explorer's JSON interface, through HTTP, against the library's own answers.

A real server (uvicorn, the Starlette app, worker processes) runs in this
process on a free port; every question goes over HTTP.  Answers are checked
against the public API called here, and every tiling, proof and colouring
the server sends is checked independently (the Tiling constructor, the
certificate's own verify() on a certificate rebuilt from the JSON,
neighbouring dominoes compared cell by cell).  Then every error path, the
time limit, cancellation, a full queue and a worker killed from outside: the
server must answer each with a JSON error and go on answering.
"""

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from fractions import Fraction
from pathlib import Path

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings

pytest.importorskip("starlette", reason="the explorer needs the serve extra (starlette)")
pytest.importorskip("uvicorn", reason="the explorer needs the serve extra (uvicorn)")

import tiling  # noqa: E402
from tiling import Certificate, Region, Tiling, examples  # noqa: E402
from tiling.heights import (  # noqa: E402
    flip_distance,
    flips,
    flux,
    height,
    max_tiling,
    min_tiling,
)
from tiling.matching import kuhn  # noqa: E402
from tiling.random import shuffle_steps  # noqa: E402
from tiling.serve.app import STATIC, Settings, probability_colors, region_box  # noqa: E402
from tiling.serve.presets import PRESETS, preset  # noqa: E402
from tiling.serve.questions import MAX_FLIPS  # noqa: E402
from tiling.serve.tikz import in_picture  # noqa: E402

from .reference import count_tilings_memo, heights_from_definition  # noqa: E402
from .serve_support import ask, compile_tex, limit_below, request, running, slow_region  # noqa: E402
from .strategies import regions  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def server():
    limits = Settings(workers=2, time_limit=30, max_cells=50_000, max_body=2**20, max_waiting=8)
    with running(limits) as served:
        yield served


@pytest.fixture(scope="module")
def small_server():
    """One worker, one waiting place: to fill the queue."""
    with running(Settings(workers=1, max_waiting=1, time_limit=30, max_cells=50_000)) as served:
        yield served


def text(region):
    return region.to_ascii()


def as_tiling(region, dominoes):
    """The Tiling the JSON dominoes make: the constructor checks every domino."""
    return Tiling(region, [[d[:2], d[2:]] for d in dominoes])


def as_certificate(region, proof):
    cells = np.array(proof["cells"], dtype=np.int64).reshape(-1, 2)
    neighbors = np.array(proof["neighbors"], dtype=np.int64).reshape(-1, 2)
    return Certificate(proof["kind"], cells, neighbors, proof["deficiency"], region)


def error_of(status_body):
    status, body = status_body
    assert isinstance(body, dict) and set(body) == {"error"}, body
    assert body["error"]["message"] and "\n" not in body["error"]["message"]
    return status, body["error"]["kind"], body["error"]["message"]


# ---------------------------------------------------------------------- the page itself
def test_the_page_and_every_file_it_loads_are_served_from_the_package(server):
    status, page = request(server.url, "/")
    assert status == 200 and "<canvas" in page
    files = set(re.findall(r'(?:src|href)="/static/([\w.-]+)"', page))
    for name in list(files):
        if name.endswith(".js"):
            files |= set(re.findall(r'from "\./([\w.-]+)"', (STATIC / name).read_text()))
    assert {"app.js", "explorer.css", "api.js", "draw.js", "grid.js"} <= files
    for name in files:
        status, body = request(server.url, f"/static/{name}")
        assert status == 200 and body == (STATIC / name).read_text(), name


def test_the_page_works_offline_it_loads_nothing_from_another_site():
    for path in STATIC.iterdir():
        content = path.read_text()
        # only the SVG namespace (a name, never fetched) may look like an address
        addresses = set(re.findall(r"https?://[^\s\"'`)]+", content)) - {
            "http://www.w3.org/2000/svg"
        }
        assert not addresses, (path.name, addresses)


def test_static_files_ship_as_package_data():
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert '"serve/static/*"' in pyproject
    assert {p.name for p in STATIC.iterdir()} >= {"index.html", "app.js", "explorer.css"}


def test_info_lists_questions_presets_limits_and_palettes(server):
    status, info = request(server.url, "/api")
    assert status == 200
    assert info["version"] == tiling.__version__
    assert [q["name"] for q in info["questions"]][:4] == ["region", "count", "find", "prove"]
    assert [p["name"] for p in info["presets"]] == list(PRESETS)
    assert info["limits"]["max_cells"] == 50_000 and info["limits"]["time_limit"] == 30
    assert info["workers"] == {"workers": 2, "busy": 0, "waiting": 0}
    assert info["palette"] == list(tiling.plot.PALETTE)
    assert info["orientation_colors"] == dict(tiling.plot.ORIENTATION_COLORS)
    assert info["limits"]["flips"] == MAX_FLIPS
    # the colour map of heights: matplotlib's viridis (draw_heights' default), low to high
    colors = info["height_colors"]
    assert len(colors) == 256 and colors[0] == "#440154" and colors[-1] == "#fde725"


# ---------------------------------------------------------------------- answers
@pytest.mark.parametrize("name", list(PRESETS))
def test_presets_are_the_library_regions_and_their_answers_are_the_library_answers(server, name):
    status, body = request(server.url, f"/api/preset/{name}")
    assert status == 200
    region = Region.from_ascii(body["region"])
    assert region == preset(name)
    if name in examples.EXAMPLES:
        assert region == examples.EXAMPLES[name]()
    status, count = ask(server.url, "count", region=body["region"])
    assert status == 200 and int(count["count"]) == tiling.count(region)
    assert count["digits"] == len(count["count"])
    status, info = ask(server.url, "region", region=body["region"])
    assert info["cells"] == region.n_cells and info["balance"] == region.balance
    assert info["colors"] == [int((region.colors() == 0).sum()), int((region.colors() == 1).sum())]
    assert info["holes"] == len(region.holes())
    assert Region.from_ascii(info["ascii"]) == region.cropped()


def test_the_heart_has_208_tilings_and_aztec_diamonds_follow_the_formula(server):
    assert int(ask(server.url, "count", region=text(preset("heart")))[1]["count"]) == 208
    for n in (1, 2, 5, 12):
        status, body = request(server.url, f"/api/preset/aztec?n={n}")
        assert Region.from_ascii(body["region"]) == Region.aztec_diamond(n)
        count = ask(server.url, "count", region=body["region"])[1]["count"]
        assert int(count) == 2 ** (n * (n + 1) // 2)


def test_counts_of_thousands_of_digits_arrive_in_full(server):
    board = Region.rectangle(200, 200)
    status, body = ask(server.url, "count", region=text(board))
    assert status == 200 and body["count"] == tiling.decimal(tiling.count(board))
    assert body["digits"] > 4300  # more than Python's str() would print


@settings(max_examples=25)
@given(regions(max_height=6, max_width=6))
def test_every_question_agrees_with_the_library_on_random_regions(server, region):
    # The server keeps the mask's coordinates (empty rows and columns on top and at the left).
    picture = text(region)
    n = count_tilings_memo(region.mask)

    status, body = ask(server.url, "count", region=picture)
    assert status == 200 and int(body["count"]) == n == tiling.count(region)

    status, body = ask(server.url, "find", region=picture)
    assert status == 200 and body["tileable"] == (n > 0)
    if n:
        assert as_tiling(region, body["dominoes"]).is_perfect
    else:
        assert as_certificate(region, body["proof"]).verify()

    status, body = ask(server.url, "prove", region=picture)
    certificate = tiling.prove_impossible(region)
    assert body["tileable"] == (certificate is None) == (n > 0)
    if certificate is not None:
        proof = body["proof"]
        assert proof["kind"] == certificate.kind and proof["verified"]
        assert proof["explanation"] == certificate.explain()
        assert as_certificate(region, proof).verify()

    status, body = ask(server.url, "cover", region=picture)
    cover = as_tiling(region, body["dominoes"])
    assert len(cover) == len(tiling.max_cover(region))
    assert sorted(map(tuple, body["uncovered"])) == sorted(map(tuple, cover.uncovered().tolist()))
    bound = as_certificate(region, body["bound"])
    assert bound.verify() and bound.deficiency == len(body["uncovered"])

    if n and tiling.registry.choose("sample", region).estimated_seconds(region) < 1:
        status, body = ask(server.url, "sample", region=picture, seed=7)
        assert body["seed"] == 7
        assert as_tiling(region, body["dominoes"]) == tiling.sample(region, rng=7)
        assert body["method"] == tiling.registry.choose("sample", region).name


def test_sample_reports_a_fresh_seed_that_replays_the_same_tiling(server):
    board = text(Region.rectangle(6, 6))
    first = ask(server.url, "sample", region=board)[1]
    again = ask(server.url, "sample", region=board, seed=first["seed"])[1]
    assert again["dominoes"] == first["dominoes"]
    assert as_tiling(Region.rectangle(6, 6), first["dominoes"]) == tiling.sample(
        Region.rectangle(6, 6), rng=first["seed"]
    )


def test_untileable_regions_get_the_checked_proof_from_find_and_sample(server):
    for region in (examples.mutilated_chessboard(), examples.figure_7x7(), Region.rectangle(3, 3)):
        expected = tiling.prove_impossible(region)
        for question in ("find", "sample"):
            status, body = ask(server.url, question, region=text(region))
            assert status == 200 and body["tileable"] is False
            assert body["proof"]["kind"] == expected.kind
            assert as_certificate(region, body["proof"]).verify()


def test_the_seven_by_seven_figure_is_proved_impossible_by_a_hall_set(server):
    region = examples.figure_7x7()
    proof = ask(server.url, "prove", region=text(region))[1]["proof"]
    assert proof["kind"] == "hall"
    assert len(proof["cells"]) == len(proof["neighbors"]) + proof["deficiency"]
    colors = {(r + c) % 2 for r, c in proof["cells"]}
    assert len(colors) == 1  # S has one colour, N(S) the other
    assert {(r + c) % 2 for r, c in proof["neighbors"]} == {1 - colors.pop()}


def test_colorings_give_touching_dominoes_different_colours(server):
    t = tiling.sample(Region.rectangle(10, 12), rng=3)
    dominoes = t.dominoes.reshape(-1, 4).tolist()
    status, body = ask(server.url, "color", region=text(t.region), dominoes=dominoes, k=4)
    assert status == 200 and body["dominoes"] == dominoes
    colors = body["colors"]
    assert len(colors) == len(t) and set(colors) <= set(range(4))
    labels = t.labels()
    h, w = labels.shape
    for r in range(h):  # independent check: every pair of cells across a side
        for c in range(w):
            for rr, cc in ((r + 1, c), (r, c + 1)):
                if rr < h and cc < w and labels[r, c] != labels[rr, cc]:
                    assert colors[labels[r, c]] != colors[labels[rr, cc]]


def test_kuhns_steps_build_a_maximum_matching(server):
    for region in (preset("heart"), examples.figure_7x7(), Region.rectangle(5, 5)):
        steps = ask(server.url, "kuhn", region=text(region))[1]["steps"]
        mate = {}
        for path in steps:
            path = [tuple(cell) for cell in path]
            assert path[0] not in mate and path[-1] not in mate  # from a free cell to a free cell
            for a, b in zip(path[1:-1:2], path[2::2]):
                assert mate[a] == b  # the path alternates through dominoes
            for a, b in zip(path[::2], path[1::2]):
                mate[a], mate[b] = b, a
        # independent: networkx's maximum matching has as many edges
        graph = region.to_networkx()
        assert len(steps) == len(nx.max_weight_matching(graph, maxcardinality=True))
        dominoes = {tuple(sorted((a, b))) for a, b in mate.items()}
        assert as_tiling(region, [[*a, *b] for a, b in dominoes]) == kuhn(region)


def test_shuffling_steps_tile_each_order_in_the_middle_of_the_diamond(server):
    n = 6
    # the page keeps a margin: the diamond starts at row 1, column 1
    region = Region.from_mask(np.pad(Region.aztec_diamond(n).mask, ((1, 0), (1, 0))))
    status, body = ask(server.url, "shuffle", region=text(region), seed=11)
    assert status == 200 and body["order"] == n and body["seed"] == 11
    expected = shuffle_steps(n, rng=11)
    assert len(body["steps"]) == n
    for m, (frame, t) in enumerate(zip(body["steps"], expected), start=1):
        back = (np.asarray(frame) - (n - m) - 1).reshape(-1, 2, 2)
        assert Tiling(Region.aztec_diamond(m), back) == t
    assert as_tiling(region, body["steps"][-1]).is_perfect


def test_text_is_the_tilings_own_picture(server):
    t = tiling.find(preset("heart"))
    status, body = ask(
        server.url, "text", region=text(t.region), dominoes=t.dominoes.reshape(-1, 4).tolist()
    )
    assert status == 200 and body["text"] == t.to_ascii()


def test_the_region_answer_estimates_each_question(server):
    board = Region.rectangle(40, 40)
    body = ask(server.url, "region", region=text(board))[1]
    for question in ("count", "find", "cover", "sample"):
        chosen = tiling.registry.choose(question, board)
        assert body["methods"][question] == chosen.name
        seconds = chosen.estimated_seconds(board)
        assert body["estimates"][question] == (seconds if np.isfinite(seconds) else None)
    assert body["methods"]["sample"] == "cftp"  # coupling from the past: any region


@pytest.mark.parametrize(
    "region, sampler",
    [
        (Region.rectangle(6, 8), "dp"),
        # wider than the profile DP reaches, with holes: coupling from the past
        (
            Region.rectangle(30, 40).without(
                [(5, 5), (5, 6), (12, 31), (20, 9), (21, 9), (20, 10)]
            ),
            "cftp",
        ),
        (Region.aztec_diamond(12), "shuffling"),
    ],
)
def test_the_sample_answer_names_the_sampler_and_is_the_librarys_sample(server, region, sampler):
    assert tiling.registry.choose("sample", region).name == sampler
    status, body = ask(server.url, "sample", region=text(region), seed=2024)
    assert status == 200 and body["method"] == sampler
    assert as_tiling(region, body["dominoes"]) == tiling.sample(region, rng=2024)
    again = ask(server.url, "sample", region=text(region))[1]  # a fresh seed, reported
    assert as_tiling(region, again["dominoes"]) == tiling.sample(region, rng=again["seed"])


# ---------------------------------------------------------------------- heights
def corner_heights(body):
    """The JSON rows of heights as a masked array (null: no cell has that corner)."""
    rows = body["heights"]
    mask = np.array([[h is None for h in row] for row in rows])
    data = np.array([[0 if h is None else h for h in row] for row in rows], dtype=np.int64)
    return np.ma.MaskedArray(data, mask=mask)


def check_heights(region, t, body):
    """The heights answer for tiling ``t`` against the library and the definition."""
    expected = height(t)
    got = corner_heights(body)
    assert got.shape == expected.shape
    assert (got.mask == np.ma.getmaskarray(expected)).all()
    assert (got.filled(0) == expected.filled(0)).all()
    assert (body["low"], body["high"]) == (int(expected.min()), int(expected.max()))
    # Independent: every side walked by the definition (tests/reference.py); the
    # height departs from it exactly on the slits, by a multiple of 4.
    _, steps = heights_from_definition(region.mask, t.dominoes)
    slits = {(tuple(s["side"][:2]), tuple(s["side"][2:])): s["jump"] for s in body["slits"]}
    for (p, q), step in steps.items():
        if p < q:
            assert slits.get((p, q), 0) == int(expected[q]) - int(expected[p]) - step, (p, q)
    assert all(jump and jump % 4 == 0 for jump in slits.values())
    for s in body["slits"]:  # each line crosses its side at right angles, through its middle
        (y0, x0), (y1, x1) = s["line"]
        r0, c0, r1, c1 = s["side"]
        if r0 == r1:
            assert x0 == x1 == c0 + 0.5 and y0 <= r0 <= y1 and y1 - y0 in (0.5, 1.0)
        else:
            assert y0 == y1 == r0 + 0.5 and x0 <= c0 <= x1 and x1 - x0 in (0.5, 1.0)
    holes = region.holes()
    assert [h["cell"] for h in body["holes"]] == [cells[0].tolist() for cells in holes]
    fluxes = flux(t).tolist()
    assert [h["flux"] for h in body["holes"]] == fluxes
    for h in body["holes"]:
        assert int(expected[tuple(h["corner"])]) == h["flux"]
    klass = {"flux": fluxes} if holes else {}
    assert body["flips_down"] == flip_distance(min_tiling(region, **klass), t)
    assert body["flips_up"] == flip_distance(t, max_tiling(region, **klass))


@pytest.mark.parametrize("name", ["chessboard", "heart", "ring", "holey", "aztec", "strip"])
def test_heights_of_the_tiling_found_are_the_librarys_on_the_presets(server, name):
    region = preset(name)
    status, body = ask(server.url, "heights", region=text(region))
    assert status == 200 and body["tileable"] is True
    t = as_tiling(region, body["dominoes"])
    assert (
        t == tiling.find(region) and body["found_by"] == tiling.registry.choose("find", region).name
    )
    check_heights(region, t, body)


def test_heights_of_a_tiling_given_are_its_own_with_slits_around_unbalanced_holes(server):
    # one light cell missing at (2, 2), an L of one light and two dark cells at (5, 5)
    region = Region.rectangle(8, 9).without([(2, 2), (5, 5), (5, 6), (6, 5)])
    t = tiling.sample(region, rng=5)
    status, body = ask(server.url, "heights", region=text(region), dominoes=dominoes_of(t))
    assert status == 200 and body["found_by"] is None
    assert as_tiling(region, body["dominoes"]) == t
    check_heights(region, t, body)
    # both holes have one colour more than the other: one slit above each, to the border
    assert {(s["side"][1], s["jump"]) for s in body["slits"]} == {(2, 4), (5, -4)}
    assert len(body["slits"]) == 3 + 6  # sides crossed from each hole's top up to the border


@settings(max_examples=25)
@given(regions(max_height=5, max_width=6))
def test_heights_agree_with_the_library_and_the_definition_on_random_regions(server, region):
    # the picture keeps empty rows and columns on top and at the left, not at the end
    region = Region.from_ascii(text(region))
    status, body = ask(server.url, "heights", region=text(region))
    assert status == 200
    if not body["tileable"]:
        assert tiling.prove_impossible(region) is not None
        assert as_certificate(region, body["proof"]).verify()
        return
    t = as_tiling(region, body["dominoes"])
    check_heights(region, t, body)
    # Independent of flip_distance: a breadth-first search over flips from t
    # reaches the least and greatest tilings of its class at those distances.
    seen = {t: 0}
    queue = [t]
    for u in queue:
        if len(seen) > 300:
            return
        for cell in flips(u).tolist():
            v = tiling.heights.flip(u, cell)
            if v not in seen:
                seen[v] = seen[u] + 1
                queue.append(v)
    stack = np.ma.stack([height(u) for u in seen])
    least = [u for u in seen if (height(u) == stack.min(axis=0)).all()]
    greatest = [u for u in seen if (height(u) == stack.max(axis=0)).all()]
    assert [seen[u] for u in least] == [body["flips_down"]]
    assert [seen[u] for u in greatest] == [body["flips_up"]]


def dominoes_of(t):
    return t.dominoes.reshape(-1, 4).tolist()


@settings(max_examples=30)
@given(regions(max_height=6, max_width=7))
def test_cell_means_and_slits_are_those_tiling_plot_draws(region):
    from tiling.plot.heights import _cell_means, _slits  # its own reading of the lattice
    from tiling.serve.height_map import cell_means, side_jumps, slits

    try:
        t = tiling.find(region)
    except tiling.NoTilingError:
        return
    h = height(t)
    jumps = side_jumps(t, h)
    ours, theirs = cell_means(h, jumps, region.mask), _cell_means(t, h)
    assert (ours.mask == theirs.mask).all()
    assert np.allclose(ours.filled(0), theirs.filled(0))
    crossed = {(s["side"][0], s["side"][1]) for s in slits(jumps)}
    drawn = {(round(a[1] + 0.5), round(a[0] - 0.5)) for a, _ in _slits(t, h)}
    assert crossed == drawn
    assert not jumps[1].any()  # the slits are vertical: they cross horizontal sides only


def flip_by_hand(dominoes, r, c):
    """Turn the two parallel dominoes of the 2 x 2 block at (r, c) a quarter turn."""
    horizontal = {(r, c, r, c + 1), (r + 1, c, r + 1, c + 1)}
    vertical = {(r, c, r + 1, c), (r, c + 1, r + 1, c + 1)}
    if horizontal <= dominoes:
        return (dominoes - horizontal) | vertical
    assert vertical <= dominoes, f"no flip at {(r, c)}"
    return (dominoes - vertical) | horizontal


@pytest.mark.parametrize("name", ["heart", "holey", "aztec"])
@pytest.mark.parametrize("to", ["min", "max"])
def test_flips_lead_one_by_one_to_the_least_or_greatest_tiling_of_the_class(server, name, to):
    region = preset(name)
    t = tiling.sample(region, rng=3)
    status, body = ask(server.url, "flips", region=text(region), dominoes=dominoes_of(t), to=to)
    assert status == 200 and body["to"] == to
    klass = {"flux": flux(t).tolist()} if region.holes() else {}
    target = (min_tiling if to == "min" else max_tiling)(region, **klass)
    assert as_tiling(region, body["target"]) == target
    assert body["distance"] == len(body["flips"]) == flip_distance(t, target)
    current = {tuple(d) for d in dominoes_of(t)}
    h = height(t)
    for r, c in body["flips"]:
        current = flip_by_hand(current, r, c)
        after = height(as_tiling(region, [list(d) for d in current]))
        change = after.filled(0) - h.filled(0)
        assert change[r + 1, c + 1] == (4 if to == "max" else -4)  # only the centre moves
        assert np.count_nonzero(change) == 1
        h = after
    assert as_tiling(region, [list(d) for d in current]) == target


def test_a_flip_path_too_long_to_animate_is_refused(server):
    board = Region.rectangle(120, 120)
    got = error_of(
        ask(server.url, "flips", region=text(board), dominoes=dominoes_of(min_tiling(board)))
    )
    assert got[:2] == (422, "too-large") and "287,980 flips" in got[2] and "200,000" in got[2]


# ---------------------------------------------------------------------- TikZ
def tikz(server, region, **fields):
    status, body = ask(server.url, "tikz", region=text(region), **fields)
    assert status == 200, body
    code = body["text"]
    assert code.startswith("% Drawn by the tiling explorer")
    assert "\\documentclass[tikz, border=4pt]{standalone}" in code
    assert code.rstrip().endswith("\\end{document}")
    assert (
        code.count("\\begin{tikzpicture}") == code.count("\\end{tikzpicture}") == body["pictures"]
    )
    return body


def pictures(code):
    """The tikzpicture bodies of a document."""
    return re.findall(r"\\begin\{tikzpicture\}.*?\\end\{tikzpicture\}\n", code, re.S)


def rectangles(code):
    """Every ``(x,y) rectangle (x,y)`` of the \\filldraw paths: the dominoes, read back."""
    found = set()
    for line in code.splitlines():
        if line.startswith("\\filldraw[tiling class"):
            for x0, y0, x1, y1 in re.findall(r"\((\d+),(\d+)\) rectangle \((\d+),(\d+)\)", line):
                x0, y0, x1, y1 = map(int, (x0, y0, x1, y1))
                if (x1 - x0) * (y1 - y0) == 2:  # not the single uncovered cells
                    found.add((y0, x0, y1 - 1, x1 - 1))
    return found


def test_tikz_of_a_tiling_is_the_librarys_picture_in_a_document(server):
    region = preset("heart")
    t = tiling.sample(region, rng=1)
    body = tikz(server, region, dominoes=dominoes_of(t), colors="orientation")
    assert body["show"] == "tiling"
    (picture,) = pictures(body["text"])
    assert picture == tiling.plot.to_tikz(t, colors="orientation").rstrip("\n") + "\n"
    assert rectangles(picture) == {tuple(d) for d in dominoes_of(t)}
    # the page's own colours, one per domino
    fills = ["#4477aa", "#ee6677", "#228833", "#ccbb44"] * (len(t) // 4)
    picture = pictures(tikz(server, region, dominoes=dominoes_of(t), colors=fills)["text"])[0]
    assert picture.rstrip() == tiling.plot.to_tikz(t, colors=fills).rstrip()
    assert {"4477AA", "EE6677", "228833", "CCBB44"} <= set(
        re.findall(r"\{HTML\}\{(\w+)\}", picture)
    )


def test_tikz_of_the_region_a_proof_and_a_cover_with_its_bound(server):
    region = examples.mutilated_chessboard()
    assert (
        pictures(tikz(server, region)["text"])[0].rstrip() == tiling.plot.to_tikz(region).rstrip()
    )
    proof = tikz(server, region, show="proof")
    certificate = tiling.prove_impossible(region)
    assert pictures(proof["text"])[0].rstrip() == tiling.plot.to_tikz(certificate).rstrip()
    cover = tiling.max_cover(region)
    both = tikz(server, region, show="bound", dominoes=dominoes_of(cover))
    assert both["pictures"] == 2
    first, second = pictures(both["text"])
    assert rectangles(first) == {tuple(d) for d in dominoes_of(cover)}
    assert second.rstrip() == tiling.plot.to_tikz(tiling.cover_bound(region)).rstrip()


def test_tikz_of_a_height_function_writes_every_corner_height_and_the_slits(server):
    # as on the page: empty squares above and at the left (one row, two columns)
    core = Region.rectangle(6, 7).without([(2, 2), (4, 5)])
    region = Region.from_mask(np.pad(core.mask, ((1, 0), (2, 0))))
    t = tiling.sample(region, rng=4)
    h = height(t)
    code = tikz(server, region, show="heights", dominoes=dominoes_of(t))["text"]
    # the picture starts at the region, moved by (1, 1): row + column even, colours kept
    dr, dc = 1, 1
    assert rectangles(code) == {(a - dr, b - dc, c - dr, d - dc) for a, b, c, d in dominoes_of(t)}
    labels = re.findall(r"\\node\[font=\\tiny[^\]]*\] at \((\d+),(\d+)\) \{\$(-?\d+)\$\}", code)
    assert len(labels) == h.count()
    for x, y, value in labels:
        assert int(h[int(y) + dr, int(x) + dc]) == int(value)
    heights_answer = ask(server.url, "heights", region=text(region), dominoes=dominoes_of(t))[1]
    drawn = re.findall(
        r"\\draw\[white[^\]]*\] \(([\d.]+),([\d.]+)\) -- \(([\d.]+),([\d.]+)\)", code
    )
    lines = [s["line"] for s in heights_answer["slits"]]
    assert len(drawn) == len(lines) > 0
    assert sorted(
        ((float(b) + dr, float(a) + dc), (float(d) + dr, float(c) + dc)) for a, b, c, d in drawn
    ) == sorted((tuple(p), tuple(q)) for p, q in lines)
    assert f"height function: {int(h.min())} to {int(h.max())}" in code


def test_tikz_of_a_large_height_function_leaves_the_numbers_out(server):
    region = Region.rectangle(40, 50)
    t = tiling.sample(region, rng=1)
    code = tikz(server, region, show="heights", dominoes=dominoes_of(t))["text"]
    assert "\\node[font=\\tiny" not in code and "too many to number" in code
    assert len(rectangles(code)) == len(t)


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_tikz_documents_compile_with_pdflatex(server, tmp_path):
    region = Region.rectangle(6, 7).without([(2, 2), (4, 5)])
    t = tiling.sample(region, rng=4)
    mutilated = examples.mutilated_chessboard()
    documents = {
        "heights": tikz(server, region, show="heights", dominoes=dominoes_of(t))["text"],
        "bound": tikz(
            server, mutilated, show="bound", dominoes=dominoes_of(tiling.max_cover(mutilated))
        )["text"],
        "proof": tikz(server, examples.figure_7x7(), show="proof")["text"],
    }
    for name, code in documents.items():
        (tmp_path / f"{name}.tex").write_text(code)
        compile_tex(tmp_path / f"{name}.tex")


# ---------------------------------------------------------------------- errors
@pytest.mark.parametrize(
    "data, headers, status, kind, words",
    [
        (b'{"region": "..', {}, 400, "bad-json", "not valid JSON"),
        (b"[1, 2]", {}, 400, "bad-json", "must be a JSON object"),
        (b"\xff\xfe", {}, 400, "bad-json", "not UTF-8"),
        (b"[" * 100_000 + b"]" * 100_000, {}, 400, "bad-json", "nests too deeply"),
        (b'{"region": ".."}', {"Content-Type": "text/plain"}, 415, "bad-content-type", "JSON"),
        (b'{"region": ".."}', {"Content-Type": None}, 415, "bad-content-type", "JSON"),
    ],
)
def test_malformed_requests_get_a_json_error(server, data, headers, status, kind, words):
    headers = {"Content-Type": "application/json", **headers}
    headers = {k: v for k, v in headers.items() if v is not None}
    got = error_of(request(server.url, "/api/count", data=data, headers=headers))
    assert got[:2] == (status, kind) and words in got[2]


@pytest.mark.parametrize(
    "question, body, status, kind, words",
    [
        ("count", {}, 400, "bad-request", "needs a 'region'"),
        ("count", {"region": 5}, 400, "bad-request", "must be a string"),
        ("count", {"region": "..\n.x"}, 400, "bad-region", "line 2, column 2"),
        ("count", {"region": "##\n  "}, 400, "bad-region", "no cells"),
        ("count", {"region": "..", "colour": 1}, 400, "bad-request", "unknown field 'colour'"),
        (
            "count",
            {"region": "..", "method": "magic"},
            400,
            "bad-request",
            "unknown method 'magic'",
        ),
        ("count", {"region": "..", "method": 3}, 400, "bad-request", "'method' must be a string"),
        ("sample", {"region": "..", "seed": -1}, 400, "bad-request", "non-negative"),
        ("sample", {"region": "..", "seed": "x"}, 400, "bad-request", "'seed'"),
        ("sample", {"region": "..", "seed": True}, 400, "bad-request", "'seed'"),
        ("color", {"region": ".."}, 400, "bad-request", "'dominoes' must be a list"),
        ("color", {"region": "..", "dominoes": [[0, 0, 1, 1]]}, 400, "bad-request", "share a side"),
        (
            "color",
            {"region": "..", "dominoes": [[0, 0, 0, 1]], "k": "4"},
            400,
            "bad-request",
            "'k'",
        ),
        ("color", {"region": "..", "dominoes": [[0, 0, 0, 1]], "k": 0}, 400, "bad-request", "k"),
        (
            "text",
            {"region": "...", "dominoes": [[0, 0, 0, 1], [0, 1, 0, 2]]},
            400,
            "bad-request",
            "overlap",
        ),
        (
            "text",
            {"region": "..", "dominoes": [[0, 5, 0, 6]]},
            400,
            "bad-request",
            "not in the region",
        ),
        ("shuffle", {"region": "..."}, 400, "bad-request", "Aztec diamonds"),
        ("sample", {"region": ("." * 40 + "\n") * 40, "method": "dp"}, 422, "too-large", "2**40"),
        ("kuhn", {"region": ("." * 100 + "\n") * 60}, 422, "too-large", "5,000 cells"),
        ("count", {"region": ("." * 300 + "\n") * 300}, 413, "too-large", "300 x 300"),
        ("count", {"region": "..", "ticket": ""}, 400, "bad-request", "'ticket'"),
        ("count", {"region": "..", "time_limit": 0}, 400, "bad-request", "'time_limit'"),
        ("count", {"region": "..", "time_limit": "1"}, 400, "bad-request", "'time_limit'"),
        ("nonsense", {"region": ".."}, 404, "unknown-question", "ask one of region, count"),
        (
            "heights",
            {"region": "...", "dominoes": [[0, 0, 0, 1]]},
            400,
            "bad-request",
            "needs a perfect tiling; this one leaves 1 cell uncovered",
        ),
        ("heights", {"region": "..", "dominoes": "x"}, 400, "bad-request", "'dominoes'"),
        ("flips", {"region": ".."}, 400, "bad-request", "'dominoes' must be a list"),
        (
            "flips",
            {"region": "..", "dominoes": [[0, 0, 0, 1]], "to": "top"},
            400,
            "bad-request",
            '\'to\' must be one of "min", "max"',
        ),
        ("tikz", {"region": "..", "show": "movie"}, 400, "bad-request", "'show' must be one of"),
        ("tikz", {"region": "..", "show": "tiling"}, 400, "bad-request", "'dominoes'"),
        ("tikz", {"region": "..", "show": "proof"}, 400, "bad-request", "can be tiled"),
        (
            "tikz",
            {"region": "..", "dominoes": [[0, 0, 0, 1]], "colors": 7},
            400,
            "bad-request",
            "'colors' must be",
        ),
        (
            "tikz",
            {"region": "..", "dominoes": [[0, 0, 0, 1]], "colors": ["#000000", "#ffffff"]},
            400,
            "bad-request",
            "one value per domino",
        ),
        (
            "tikz",
            {"region": "..", "dominoes": [[0, 0, 0, 1]], "colors": ["not a colour"]},
            400,
            "bad-request",
            "not a colour",
        ),
        (
            "tikz",
            {"region": "...\n...", "show": "heights", "dominoes": [[0, 0, 0, 1]]},
            400,
            "bad-request",
            "perfect tiling",
        ),
    ],
)
def test_bad_questions_get_a_json_error_saying_what_is_wrong(
    server, question, body, status, kind, words
):
    got = error_of(ask(server.url, question, body))
    assert got[:2] == (status, kind) and words in got[2], got


def test_a_shuffle_too_large_to_animate_is_refused(server):
    got = error_of(ask(server.url, "shuffle", region=text(Region.aztec_diamond(81))))
    assert got[:2] == (422, "too-large") and "order 81" in got[2]


def read_reply(conn):
    """One HTTP reply from a raw socket: the head, then Content-Length bytes of body."""
    reply = b""
    while True:
        head, found, body = reply.partition(b"\r\n\r\n")
        length = re.search(rb"content-length: (\d+)", head, re.I)
        if found and length and len(body) >= int(length.group(1)):
            return reply
        chunk = conn.recv(65536)
        if not chunk:
            return reply
        reply += chunk


def test_a_body_over_the_limit_is_refused_before_it_is_read(server):
    # Only the headers are sent: the answer must come without the body.
    host, port = server.url.split("//")[1].rstrip("/").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as conn:
        conn.sendall(
            b"POST /api/count HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nContent-Length: 5000000\r\n\r\n"
        )
        reply = read_reply(conn)
    head, _, body = reply.decode().partition("\r\n\r\n")
    assert head.startswith("HTTP/1.1 413")
    error = json.loads(body)["error"]
    assert error["kind"] == "too-large" and "5,000,000 bytes" in error["message"]
    assert "1,048,576" in error["message"]


@pytest.mark.parametrize(
    "path, status, kind, words",
    [
        ("/api/preset/nonsense", 404, "unknown-preset", "choose one of 'chessboard'"),
        ("/api/preset/aztec?n=x", 400, "bad-request", "must be an integer"),
        ("/api/preset/aztec?n=0", 400, "bad-request", "positive"),
        ("/api/preset/aztec?n=200", 400, "bad-request", "over this server's limit"),
        ("/api/preset/heart?n=3", 400, "bad-request", "takes no order"),
        ("/api/count", 405, "http", "POST"),
        ("/api/no/such/thing", 404, "http", "no such address"),
    ],
)
def test_bad_addresses_get_a_json_error(server, path, status, kind, words):
    got = error_of(request(server.url, path))
    assert got[:2] == (status, kind) and words in got[2], got


def test_requests_for_another_host_name_are_refused(server):
    got = error_of(request(server.url, "/api", headers={"Host": "evil.example:80"}))
    assert got[:2] == (400, "bad-host")
    assert request(server.url, "/api", headers={"Host": "localhost"})[0] == 200


def test_a_bug_in_the_server_is_a_json_error_too(server, monkeypatch):
    def broken():
        raise RuntimeError("a planted bug")

    monkeypatch.setattr(server.pool, "status", broken)
    got = error_of(request(server.url, "/api"))
    assert got[:2] == (500, "internal") and "a planted bug" in got[2]
    monkeypatch.undo()
    assert request(server.url, "/api")[0] == 200


def test_region_box_reads_the_mask_shape_without_numpy():
    for picture in ("..\n.#.", "\n\n#..\n...\n\n", " .  .\n", "...\n\n.."):
        assert region_box(picture) == Region.from_ascii(picture).shape


# ---------------------------------------------------------------------- time limits, cancelling
def wait_until(predicate, timeout=60):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.02)
    raise AssertionError("timed out waiting")


def in_thread(func, *args, **kwargs):
    result = {}
    thread = threading.Thread(target=lambda: result.setdefault("value", func(*args, **kwargs)))
    thread.start()
    return thread, result


def test_a_question_past_its_time_limit_is_stopped_and_the_server_goes_on(server):
    before = set(server.pool.pids())
    region = slow_region()
    limit = limit_below(lambda: tiling.count(region))
    got = error_of(ask(server.url, "count", region=text(region), time_limit=limit))
    assert got[:2] == (504, "time-limit") and f"time limit of {limit:g} s" in got[2]
    assert request(server.url, "/api")[1]["workers"]["busy"] == 0
    assert len(set(server.pool.pids()) - before) == 1  # the stopped worker was replaced
    assert ask(server.url, "count", region="....\n....")[1]["count"] == "5"


def test_a_cancelled_question_stops_at_once_and_the_other_worker_keeps_answering(server):
    thread, result = in_thread(
        ask, server.url, "count", region=text(slow_region()), ticket="long-one"
    )
    wait_until(lambda: server.pool.is_running("long-one"))
    # while the long count runs, the other worker answers at once
    assert ask(server.url, "count", region=text(examples.chessboard()))[1]["count"] == "12988816"
    assert server.pool.is_running("long-one")
    assert request(server.url, "/api")[1]["workers"]["busy"] == 1
    status, body = ask(server.url, "cancel", ticket="long-one")
    assert status == 200 and body == {"ticket": "long-one", "cancelled": True}
    thread.join(30)
    assert error_of(result["value"])[:2] == (409, "cancelled")
    assert ask(server.url, "cancel", ticket="long-one")[1]["cancelled"] is False
    assert error_of(ask(server.url, "cancel", ticket=5))[1] == "bad-request"
    assert ask(server.url, "count", region="..")[1]["count"] == "1"


def test_a_ticket_in_use_is_refused(server):
    thread, result = in_thread(ask, server.url, "count", region=text(slow_region()), ticket="twice")
    wait_until(lambda: server.pool.is_running("twice"))
    got = error_of(ask(server.url, "count", region="..", ticket="twice"))
    assert got[:2] == (409, "ticket-in-use") and "already in use" in got[2]
    ask(server.url, "cancel", ticket="twice")
    thread.join(30)


def test_a_full_queue_answers_busy_and_waiting_questions_can_be_cancelled(small_server):
    url, pool = small_server.url, small_server.pool
    running_q, r1 = in_thread(ask, url, "count", region=text(slow_region()), ticket="a")
    wait_until(lambda: pool.is_running("a"))
    waiting_q, r2 = in_thread(ask, url, "count", region="..", ticket="b")
    wait_until(lambda: pool.status()["waiting"] == 1)
    got = error_of(ask(url, "count", region=".."))
    assert got[:2] == (503, "busy") and "waiting" in got[2]
    assert ask(url, "cancel", ticket="b")[1]["cancelled"] is True  # cancelled while waiting
    waiting_q.join(30)
    assert error_of(r2["value"])[:2] == (409, "cancelled")
    ask(url, "cancel", ticket="a")
    running_q.join(30)
    assert ask(url, "count", region="..")[1]["count"] == "1"


def test_a_worker_killed_from_outside_costs_one_answer_and_is_replaced(small_server):
    url, pool = small_server.url, small_server.pool
    (pid,) = pool.pids()
    os.kill(pid, signal.SIGKILL)  # dies while idle: replaced before the next question
    assert ask(url, "count", region="..")[1]["count"] == "1"
    thread, result = in_thread(ask, url, "count", region=text(slow_region()), ticket="victim")
    wait_until(lambda: pool.is_running("victim"))
    with pool._lock:  # the worker answering it
        victim = pool._tickets["victim"].worker.process.pid
    os.kill(victim, signal.SIGKILL)
    thread.join(30)
    status, kind, message = error_of(result["value"])
    assert (status, kind) == (500, "worker-died") and "signal 9" in message
    assert ask(url, "count", region="..")[1]["count"] == "1"


def test_a_worker_over_its_memory_limit_answers_out_of_memory():
    from tiling.serve.workers import WorkerPool

    # the 24 x 24 board's profile DP needs about 1 GiB
    with WorkerPool(1, memory_limit=400 * 2**20) as pool:
        status, data = pool.ask(
            "count",
            {"region": text(Region.rectangle(24, 24)), "method": "dp"},
            ticket="t",
            time_limit=120,
        )
    body = json.loads(data)
    assert (status, body["error"]["kind"]) == (507, "out-of-memory"), body


# ---------------------------------------------------------------------- the command
def children_of(pid):
    """Process ids whose parent is ``pid`` (Linux /proc), recursively."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found + [g for c in found for g in children_of(c)]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_tiling_serve_prints_its_address_answers_and_stops_on_ctrl_c_leaving_nothing():
    proc = subprocess.Popen(
        [sys.executable, "-m", "tiling.cli", "serve", "--port", "0", "--workers", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        line = proc.stdout.readline()
        match = re.match(r"tiling explorer: (http://127\.0\.0\.1:\d+/)  \(Ctrl\+C to stop\)", line)
        assert match, line + proc.stderr.read()
        url = match.group(1)
        assert ask(url, "count", region=text(examples.chessboard()))[1]["count"] == "12988816"
        assert request(url, "/")[0] == 200
        helpers = children_of(proc.pid)
        assert len(helpers) >= 3  # the fork server and two workers
        proc.send_signal(signal.SIGINT)
        assert proc.wait(30) == 0
        assert proc.stderr.read().strip().endswith("tiling explorer: stopped")
    finally:
        if proc.poll() is None:
            proc.kill()
    wait_until(lambda: not [p for p in helpers if Path(f"/proc/{p}").exists()], timeout=10)


def test_tiling_serve_on_a_port_in_use_says_so_and_exits_2(capsys):
    from tiling.cli import main

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tiling: error: ") and f"port {port}" in err and "--port" in err
    assert err.count("\n") == 1


def test_tiling_serve_without_the_extra_says_how_to_install_it(capsys, monkeypatch):
    from tiling.cli import main

    monkeypatch.setitem(sys.modules, "uvicorn", None)  # import uvicorn now fails
    assert main(["serve", "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert "pip install 'tiling[serve]'" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    "argv, words",
    [
        (["serve", "--port", "-1"], "non-negative"),
        (["serve", "--time-limit", "0"], "positive number of seconds"),
        (["serve", "--max-cells", "0"], "positive integer"),
        (["serve", "--memory-limit", "x"], "GiB"),
    ],
)
def test_tiling_serve_refuses_bad_options_in_one_line(capsys, argv, words):
    from tiling.cli import main

    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2 and words in capsys.readouterr().err


def test_tiling_serve_on_an_unknown_host_says_so(capsys):
    from tiling.cli import main

    assert main(["serve", "--host", "no.such.host.invalid", "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert "cannot listen on 'no.such.host.invalid'" in err and err.count("\n") <= 2


# ---------------------------------------------------------------------- probabilities
def library_probabilities(region, exact=False):
    return tiling.probabilities(region, exact=exact)


def positions(region):
    """Every domino position of ``region``: ``(kind, r, c, (r0, c0), (r1, c1))``."""
    m = region.mask
    rows, cols = m.shape
    out = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols and m[r, c] and m[r, c + 1]:
                out.append(("horizontal", r, c, (r, c), (r, c + 1)))
            if r + 1 < rows and m[r, c] and m[r + 1, c]:
                out.append(("vertical", r, c, (r, c), (r + 1, c)))
    return out


def check_probability_answer(region, body):
    """The answer's layout: numbers on the region's positions and cells, null elsewhere."""
    rows, cols = region.mask.shape
    assert body["tileable"] is True and body["shape"] == [rows, cols]
    h, v, per_cell = body["horizontal"], body["vertical"], body["cell_vertical"]
    assert [len(row) for row in h] == [cols - 1] * rows
    assert [len(row) for row in v] == [cols] * (rows - 1)
    assert [len(row) for row in per_cell] == [cols] * rows
    on = {(kind, r, c) for kind, r, c, _, _ in positions(region)}
    for kind, table in (("horizontal", h), ("vertical", v)):
        for r, row in enumerate(table):
            for c, p in enumerate(row):
                assert (p is not None) == ((kind, r, c) in on), (kind, r, c)
    for r, row in enumerate(per_cell):
        for c, p in enumerate(row):
            assert (p is not None) == bool(region.mask[r, c])


@pytest.mark.parametrize("name", ["holey", "ring", "heart", "chessboard", "strip"])
def test_probabilities_are_the_librarys_on_the_presets_and_each_cell_sums_to_one(server, name):
    region = preset(name)
    status, body = ask(server.url, "probabilities", region=text(region))
    assert status == 200, body
    check_probability_answer(region, body)
    horizontal, vertical = library_probabilities(region)
    for kind, r, c, _, _ in positions(region):
        expected = (horizontal if kind == "horizontal" else vertical)[r, c]
        assert body[kind][r][c] == float(expected)  # JSON keeps every digit of a float
    # independently of the library: one domino covers each cell, so its positions add to 1
    h = np.array([[p or 0.0 for p in row] for row in body["horizontal"]]).reshape(
        region.mask.shape[0], -1
    )
    v = np.array([[p or 0.0 for p in row] for row in body["vertical"]]).reshape(
        -1, region.mask.shape[1]
    )
    for r, c in region.cells().tolist():
        left = h[r, c - 1] if c > 0 else 0.0
        right = h[r, c] if c < h.shape[1] else 0.0
        up = v[r - 1, c] if r > 0 else 0.0
        down = v[r, c] if r < v.shape[0] else 0.0
        assert left + right + up + down == pytest.approx(1.0, abs=1e-9), (r, c)
        assert body["cell_vertical"][r][c] == pytest.approx(up + down, abs=1e-12)


@settings(max_examples=20, deadline=None)
@given(regions(max_height=5, max_width=6))
def test_exact_probabilities_are_counts_of_the_region_without_the_domino(server, region):
    """P(domino) = #tilings of the region without its two cells / #tilings (brute force)."""
    region = Region.from_ascii(text(region))  # the mask the server reads: no empty margin
    status, body = ask(server.url, "probabilities", region=text(region), exact=True)
    assert status == 200, body
    total = count_tilings_memo(region.mask)
    if total == 0:
        assert body["tileable"] is False
        assert as_certificate(region, body["proof"]).verify()
        return
    check_probability_answer(region, body)
    exact_h, exact_v = library_probabilities(region, exact=True)
    for kind, r, c, a, b in positions(region):
        mask = region.mask.copy()
        mask[a] = mask[b] = False
        expected = Fraction(count_tilings_memo(mask), total)
        assert Fraction(body["fractions"][kind][r][c]) == expected, (kind, r, c)
        assert (exact_h if kind == "horizontal" else exact_v)[r, c] == expected
        assert body[kind][r][c] == float(expected)
    for r, c in region.cells().tolist():
        assert Fraction(body["fractions"]["cell_vertical"][r][c]) == sum(
            Fraction(body["fractions"]["vertical"][rr][c])
            for rr in (r - 1, r)
            if 0 <= rr < region.mask.shape[0] - 1 and body["vertical"][rr][c] is not None
        )


def test_probabilities_of_an_aztec_diamond_show_its_frozen_corners(server):
    region = Region.aztec_diamond(20)
    status, body = ask(server.url, "probabilities", region=text(region))
    assert status == 200
    check_probability_answer(region, body)
    per_cell = body["cell_vertical"]
    # the top and bottom corners are horizontal bricks, the left and right ones vertical
    # (frozen up to about 2**-20 at order 20)
    assert per_cell[0][19] < 1e-5 and per_cell[39][20] < 1e-5
    assert per_cell[19][0] > 1 - 1e-5 and per_cell[20][39] > 1 - 1e-5
    assert 0.3 < per_cell[19][19] < 0.7  # the middle is disordered


def test_probabilities_of_an_untileable_region_are_the_checked_proof(server):
    for region in (examples.figure_7x7(), examples.mutilated_chessboard(), Region.rectangle(3, 3)):
        status, body = ask(server.url, "probabilities", region=text(region))
        assert status == 200 and body["tileable"] is False
        certificate = as_certificate(region, body["proof"])
        assert certificate.verify()
        assert body["proof"]["explanation"] == tiling.prove_impossible(region).explain()


@pytest.mark.parametrize(
    "body, words",
    [
        ({"region": "..", "exact": "yes"}, "'exact' must be true or false, not 'yes'"),
        ({"region": "..", "exact": 1}, "'exact' must be true or false, not 1"),
        ({"region": "..", "seed": 3}, "unknown field 'seed' for question 'probabilities'"),
        ({"exact": True}, "the request needs a 'region'"),
        ({"region": ".x"}, "line 1, column 2: unexpected character 'x'"),
    ],
)
def test_malformed_probability_questions_get_a_json_error(server, body, words):
    status, kind, message = error_of(ask(server.url, "probabilities", body))
    assert status == 400 and kind in ("bad-request", "bad-region") and words in message


def test_exact_probabilities_of_a_region_too_large_for_them_are_refused_before_they_start(server):
    region = Region.rectangle(70, 70)  # 4,900 cells: over the exact method's limit
    start = time.perf_counter()
    status, kind, message = error_of(
        ask(server.url, "probabilities", region=text(region), exact=True)
    )
    assert (status, kind) == (422, "too-large")
    assert "4,900 cells" in message
    assert time.perf_counter() - start < 10


def test_probabilities_past_the_time_limit_are_stopped_with_a_clear_error(server):
    region = slow_region()
    limit = limit_below(lambda: tiling.probabilities(region))
    got = error_of(ask(server.url, "probabilities", region=text(region), time_limit=limit))
    assert got[:2] == (504, "time-limit")
    assert f"stopped after the time limit of {limit:g} s" in got[2] and "--time-limit" in got[2]
    assert ask(server.url, "probabilities", region="..")[1]["horizontal"] == [[1.0]]


def test_info_sends_the_probability_colour_scale(server):
    colors = request(server.url, "/api")[1]["probability_colors"]
    assert len(colors) == 256 and colors == probability_colors()
    # orange for "always horizontal", purple for "always vertical", pale half way
    red, green, blue = (int(colors[0][i : i + 2], 16) for i in (1, 3, 5))
    assert red > 200 and blue < 100
    red, green, blue = (int(colors[-1][i : i + 2], 16) for i in (1, 3, 5))
    assert blue > red and blue > green
    assert min(int(colors[128][i : i + 2], 16) for i in (1, 3, 5)) > 220


def test_tikz_of_the_probabilities_fills_every_cell_and_draws_every_likely_position(
    server, tmp_path
):
    region = preset("holey")
    code = tikz(server, region, show="probabilities")["text"]
    fills = re.findall(r"\\fill\[fill=\{rgb,255:[^}]*\}\] \((\d+),(\d+)\) rectangle", code)
    moved, _ = in_picture(region)
    assert {(int(r), int(c)) for c, r in fills} == {tuple(x) for x in moved.cells().tolist()}
    assert len(fills) == region.n_cells
    written = len(re.findall(r"\\node\[font=\\tiny", code))
    assert written == len(positions(region))  # a small region: every position's number
    assert "placement probabilities" in code
    if shutil.which("pdflatex"):
        (tmp_path / "probabilities.tex").write_text(code)
        compile_tex(tmp_path / "probabilities.tex")
    # coloured by the four classes, as draw_probabilities(show="classes") mixes them
    mixed = tikz(server, region, show="probabilities", colors="classes")["text"]
    fills = re.findall(
        r"\\fill\[fill=\{rgb,255:red,(\d+);green,(\d+);blue,(\d+)\}\] \((\d+),(\d+)\)", mixed
    )
    assert len(fills) == region.n_cells and "the classes N, S, W, E mixed" in mixed
    ax = tiling.plot.draw_probabilities(moved, show="classes", colorbar=False)
    image = np.asarray(ax.images[0].get_array())
    for red, green, blue, c, r in fills:
        want = [round(255 * x) for x in image[int(r), int(c), :3]]
        assert max(abs(int(a) - b) for a, b in zip((red, green, blue), want)) <= 1
    if shutil.which("pdflatex"):
        (tmp_path / "classes.tex").write_text(mixed)
        compile_tex(tmp_path / "classes.tex")
    status, kind, message = error_of(
        ask(
            server.url,
            "tikz",
            region=text(region),
            show="probabilities",
            colors="orientation",
        )
    )
    assert (status, kind) == (400, "bad-request")
    assert message == "'colors' must be one of \"vertical\", \"classes\", not 'orientation'"
    status, kind, message = error_of(
        ask(server.url, "tikz", region=text(examples.figure_7x7()), show="probabilities")
    )
    assert (status, kind) == (400, "bad-request") and "has no domino tiling" in message
