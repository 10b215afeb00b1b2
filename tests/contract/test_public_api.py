"""The public contract of `tiling`, through ``import tiling`` and public names only.

These tests know nothing of how the library is organised inside: a refactor
that keeps the public API must leave them passing.  (The per-module tests in
``tests/`` check the methods themselves, internals included.)
"""

import importlib.metadata
import inspect
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings

import tiling
from tiling import NoTilingError, Region, TilingError

from ..reference import count_tilings_memo, is_valid_tiling
from ..strategies import regions

HEAVY = ("numpy", "scipy", "matplotlib", "networkx", "flint", "sympy", "numba")
SUBPACKAGES = (
    "model",
    "linalg",
    "counting",
    "matching",
    "proofs",
    "heights",
    "random",
    "graphs",
    "coloring",
    "plot",
    "registry",
    "cli",
    "errors",
    "examples",
)


# ---------------------------------------------------------------------- import
def test_import_tiling_loads_no_heavy_module():
    code = f"import sys, tiling; print([m for m in {HEAVY!r} if m in sys.modules])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_version_has_one_source():
    assert tiling.__version__ == importlib.metadata.version("tiling")


def test_every_public_name_and_subpackage_is_an_attribute():
    for name in tiling.__all__:
        assert getattr(tiling, name) is not None, name
    for name in SUBPACKAGES:
        assert inspect.ismodule(getattr(tiling, name)), name
        assert name in dir(tiling)
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        tiling.nonsense  # noqa: B018


def test_documented_dotted_names_resolve_after_import_tiling():
    # the spellings the README uses, each reachable from `import tiling` alone
    for path in (
        "plot.draw.draw_tiling",
        "plot.animate.animate_coloring",
        "linalg.determinant.det",
        "linalg.primes.crt",
        "cli.commands.count",
        "random.arctic_curve",
        "random.sample_aztec",
        "random.shuffle_steps",
        "graphs.kirchhoff.effective_resistance",
        "graphs.temperley.region",
        "plot.draw_tiling",
        "plot.animate_matching",
        "plot.save",
        "matching.kuhn_steps",
        "coloring.color_steps",
        "examples.figure_7x7",
        "linalg.det",
        "counting.rectangle_count",
        "heights.height",
        "heights.is_tileable",
        "plot.draw_heights",
        "plot.heights.animate_tilings",
    ):
        obj = tiling
        for part in path.split("."):
            obj = getattr(obj, part)
        assert callable(obj), path


def test_py_typed_ships_with_the_package():
    assert (Path(tiling.__file__).parent / "py.typed").exists()


# ---------------------------------------------------------------------- signatures
PUBLIC_CALLABLES = [
    # (callable, names that may be positional)
    (lambda: tiling.count, ("region",)),
    (lambda: tiling.find, ("region",)),
    (lambda: tiling.max_cover, ("region",)),
    (lambda: tiling.sample, ("region",)),
    (lambda: tiling.sample_aztec, ("n",)),
    (lambda: tiling.random.shuffle_steps, ("n",)),
    (lambda: tiling.arctic_curve, ("n",)),
    (lambda: tiling.color, ("tiling", "k")),
    (lambda: tiling.coloring.color_steps, ("tiling", "k")),
    (lambda: tiling.coloring.contact_matrix, ("tiling",)),
    (lambda: tiling.spanning_trees, ("graph",)),
    (lambda: tiling.graphs.effective_resistance, ("graph", "u", "v")),
    (lambda: tiling.graphs.laplacian, ("graph",)),
    (lambda: tiling.graphs.temperley.region, ("graph_region",)),
    (lambda: tiling.graphs.temperley.tree_to_tiling, ("tree",)),
    (lambda: tiling.prove_impossible, ("region",)),
    (lambda: tiling.cover_bound, ("region",)),
    (lambda: tiling.matching.kuhn, ("region",)),
    (lambda: tiling.matching.kuhn_steps, ("region",)),
    (lambda: tiling.matching.hopcroft_karp, ("region",)),
    (lambda: tiling.counting.rectangle_count, ("height", "width")),
    (lambda: tiling.linalg.det, ("matrix",)),
    (lambda: tiling.plot.draw_region, ("region",)),
    (lambda: tiling.plot.draw_tiling, ("tiling",)),
    (lambda: tiling.plot.draw_certificate, ("certificate",)),
    (lambda: tiling.plot.draw_arctic_curve, ("n",)),
    (lambda: tiling.plot.animate_matching, ("region", "steps")),
    (lambda: tiling.plot.animate_coloring, ("tiling", "steps")),
    (lambda: tiling.plot.animate_shuffling, ("steps",)),
    (lambda: tiling.plot.save, ("obj", "path")),
    (lambda: tiling.plot.to_tikz, ("obj",)),
    (lambda: tiling.plot.draw_temperley, ("tree",)),
    (lambda: tiling.examples.brick_tiling, ("height", "width")),
    (lambda: tiling.examples.block_tiling, ("height", "width")),
    (lambda: tiling.heights.height, ("tiling",)),
    (lambda: tiling.heights.flux, ("tiling",)),
    (lambda: tiling.heights.is_tileable, ("region",)),
    (lambda: tiling.heights.min_tiling, ("region",)),
    (lambda: tiling.heights.max_tiling, ("region",)),
    (lambda: tiling.heights.flips, ("tiling",)),
    (lambda: tiling.heights.flip, ("tiling", "cell")),
    (lambda: tiling.heights.replay_flips, ("tiling", "cells")),
    (lambda: tiling.heights.flip_distance, ("tiling1", "tiling2")),
    (lambda: tiling.heights.flip_path, ("tiling1", "tiling2")),
    (lambda: tiling.heights.glauber, ("tiling", "sweeps")),
    (lambda: tiling.heights.glauber_steps, ("tiling", "sweeps")),
    (lambda: tiling.plot.draw_heights, ("tiling",)),
    (lambda: tiling.plot.animate_tilings, ("tilings",)),
    (lambda: tiling.Tiling.from_ascii, ("text",)),
    (lambda: tiling.heights.hole_rings, ("region",)),
    (lambda: tiling.heights.flux_crossings, ("region",)),
    (lambda: tiling.random.sample_cftp, ("region",)),
    (lambda: tiling.counting.count_by_flux, ("region",)),
]


@pytest.mark.parametrize("get, positional", PUBLIC_CALLABLES)
def test_options_are_keyword_only_and_every_signature_is_typed(get, positional):
    func = get()
    sig = inspect.signature(func)
    for name, param in sig.parameters.items():
        if param.kind in (param.VAR_KEYWORD, param.VAR_POSITIONAL):
            continue
        if name in positional:
            assert param.kind == param.POSITIONAL_OR_KEYWORD, (func.__name__, name)
        else:
            assert param.kind == param.KEYWORD_ONLY, (func.__name__, name)
        assert param.annotation is not inspect.Parameter.empty, (func.__name__, name)
    assert sig.return_annotation is not inspect.Signature.empty, func.__name__


def test_the_same_option_has_the_same_name_everywhere():
    # ax, method, rng, weights, progress, executor: never under another name
    synonyms = {
        "axes",
        "axis",
        "meth",
        "algorithm",
        "seed",
        "random_state",
        "weight_array",
        "bias",
        "a",
        "verbose",
        "pool",
        "kind",
        "record",
    }
    for get, _ in PUBLIC_CALLABLES:
        func = get()
        assert not synonyms & set(inspect.signature(func).parameters), func.__name__


# ---------------------------------------------------------------------- no tiling
@settings(max_examples=60)
@given(regions(max_height=5, max_width=6))
def test_one_answer_when_there_is_no_tiling(region):
    expected = count_tilings_memo(region.mask)
    assert tiling.count(region) == expected
    if expected:
        found = tiling.find(region)
        assert is_valid_tiling(region.mask, found.dominoes)
        assert tiling.prove_impossible(region) is None
        return
    for ask in (tiling.find, tiling.sample):
        with pytest.raises(NoTilingError) as info:
            ask(region)
        cert = info.value.certificate
        assert cert.verify(region) and cert.deficiency >= 1
        assert f"({cert.kind} certificate" in str(info.value)
    assert tiling.prove_impossible(region) is not None


def test_no_tiling_even_where_no_method_could_sample():
    # 42 x 42, too wide for the DP and no Aztec diamond: "no tiling", with its proof, for
    # every method
    mask = np.zeros((42, 42), bool)
    mask[1:41, 1:41] = True
    mask[0, 40] = mask[1, 41] = mask[41, 2] = mask[41, 4] = True
    region = Region(mask)
    assert tiling.count(region) == 0
    for method in ("auto", "dp", "cftp", "shuffling"):
        with pytest.raises(NoTilingError, match="hall certificate"):
            tiling.sample(region, method=method)
    with pytest.raises(tiling.TooLargeError, match=r"2\*\*40 states"):
        tiling.sample(Region.rectangle(40, 40), method="dp")
    assert tiling.sample(Region.rectangle(40, 40), rng=0).is_perfect  # coupling from the past


@pytest.mark.parametrize(
    "call",
    [
        lambda: tiling.count(Region.rectangle(2, 2), progress="no"),
        lambda: tiling.count(Region.rectangle(2, 2), method="kasteleyn", executor=3),
    ],
)
def test_options_of_the_wrong_type_are_refused_at_once(call):
    with pytest.raises(TypeError):
        call()


def test_no_tiling_error_is_a_tiling_error_carrying_its_proof():
    with pytest.raises(TilingError, match="color certificate") as info:
        tiling.sample(tiling.examples.mutilated_chessboard(), rng=0)
    assert isinstance(info.value, NoTilingError)
    assert "30" in info.value.certificate.explain()


# ---------------------------------------------------------------------- types and values
@pytest.mark.parametrize(
    "call",
    [
        lambda: tiling.count("..\n.."),
        lambda: tiling.find(np.ones((2, 2), bool)),
        lambda: tiling.count(Region.rectangle(2, 2), method=3),
        lambda: tiling.sample(Region.rectangle(2, 2), rng=1.5),
        lambda: tiling.sample(Region.rectangle(2, 2), rng="seed"),
        lambda: Region.rectangle(2.5, 3),
        lambda: Region.from_ascii(5),
        lambda: Region("..\n.."),
        lambda: Region.from_mask(np.ones((2, 2), dtype=float)),
        lambda: tiling.color(tiling.find(Region.rectangle(2, 2)), k=True),
        lambda: tiling.Tiling("region", []),
    ],
)
def test_wrong_types_raise_type_error(call):
    with pytest.raises(TypeError):
        call()


@pytest.mark.parametrize(
    "call, message",
    [
        (
            lambda: tiling.count(Region.rectangle(2, 2), method="magic"),
            r"count\(\): unknown method 'magic'; choose one of 'auto', 'dp', 'kasteleyn', 'brute'",
        ),
        (lambda: tiling.sample(Region.rectangle(2, 2), rng=-1), "non-negative"),
        (lambda: Region.rectangle(0, 3), "positive integer"),
        (lambda: Region.from_mask([[1, 2]]), r"only 0 and 1, got 2 at index \(0, 1\)"),
        (lambda: tiling.color(tiling.find(Region.rectangle(2, 2)), k=0), "positive integer"),
        (lambda: Region.from_ascii("..\n.\t."), "line 2, column 2: a tab character"),
    ],
)
def test_wrong_values_raise_tiling_error_saying_what_and_where(call, message):
    with pytest.raises(TilingError, match=message):
        call()


def test_integer_masks_are_read_as_boolean_masks():
    ints = np.array([[1, 1, 0], [0, 1, 1]], dtype=np.int8)
    assert Region.from_mask(ints) == Region.from_mask(ints.astype(bool))
    assert Region(ints.tolist()).n_cells == 4


# ---------------------------------------------------------------------- small comforts
def test_a_tiling_iterates_over_its_dominoes():
    t = tiling.find(Region.rectangle(2, 3))
    pairs = list(t)
    assert len(pairs) == len(t) == 3
    assert pairs == [tuple(map(tuple, d)) for d in t.dominoes.tolist()]
    assert all(isinstance(x, int) for pair in pairs for cell in pair for x in cell)


def test_counts_of_any_size_print_in_full():
    n = 7**12000  # 10,142 digits: over Python's 4300-digit str() guard
    text = tiling.decimal(n)
    assert len(text) == 10142 and text.startswith("1")
    assert int(text[-30:]) == n % 10**30 and int(text[:30]) == n // 10 ** (10142 - 30)
    assert tiling.summarize(n).startswith("10142 digits, 1.")


# ---------------------------------------------------------------------- the registry
@pytest.mark.parametrize("question", ["count", "find", "cover", "sample"])
def test_every_registered_method_answers_its_question(question):
    region = Region.rectangle(4, 4) if question != "sample" else Region.aztec_diamond(2)
    names = [m.name for m in tiling.methods(question)]
    assert names and len(names) == len(set(names))
    for name in names:
        ask = {
            "count": tiling.count,
            "find": tiling.find,
            "cover": tiling.max_cover,
            "sample": tiling.sample,
        }[question]
        answer = ask(region, method=name)
        if question == "count":
            assert answer == count_tilings_memo(region.mask)
        else:
            assert is_valid_tiling(region.mask, answer.dominoes)


@settings(max_examples=40)
@given(regions(max_height=5, max_width=6))
def test_every_count_method_agrees_with_the_reference(region):
    expected = count_tilings_memo(region.mask)
    for m in tiling.methods("count"):
        assert tiling.count(region, method=m.name) == expected, m.name


def test_auto_runs_the_cheapest_method_that_can_handle_the_region():
    narrow, wide = Region.rectangle(2, 400), Region.rectangle(50, 50)
    dp = next(m for m in tiling.methods("count") if m.name == "dp")
    kasteleyn = next(m for m in tiling.methods("count") if m.name == "kasteleyn")
    assert dp.estimated_seconds(narrow) < kasteleyn.estimated_seconds(narrow)
    assert dp.estimated_seconds(wide) == float("inf")
    assert tiling.registry.choose("count", narrow).name == "dp"
    assert tiling.registry.choose("count", wide).name == "kasteleyn"
    assert tiling.registry.choose("sample", Region.aztec_diamond(40)).name == "shuffling"


def test_the_command_line_offers_the_registered_methods():
    parser = tiling.cli.build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    for command, question in (
        ("count", "count"),
        ("solve", "find"),
        ("cover", "cover"),
        ("sample", "sample"),
    ):
        option = next(a for a in sub.choices[command]._actions if a.dest == "method")
        assert list(option.choices) == ["auto", *(m.name for m in tiling.methods(question))]
