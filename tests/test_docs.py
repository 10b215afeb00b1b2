"""The documentation site stays whole: every public name has a page, every example runs.

Without building the site (``make docs`` does that, warnings as errors, in
CI): the API reference's sources are read for their autosummary entries, the
user guide's examples run as doctests, every gallery script runs, the command
line guide has every command, and the pieces of the site's own extension that
keep it offline and cite papers in full are checked on real input.
"""

from __future__ import annotations

import doctest
import importlib
import inspect
import pkgutil
import re
import runpy
import sys
import types
from pathlib import Path

import pytest

import tiling

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
API = DOCS / "api"
EXAMPLES = DOCS / "examples"
GUIDE_PAGES = sorted(
    [DOCS / "index.rst", DOCS / "install.rst", *(DOCS / "user_guide").glob("*.rst")]
)

sys.path.insert(0, str(DOCS / "_ext"))
from tiling_docs import bibliography, gallery, offline, related  # noqa: E402
from tiling_docs.public_api import resolve  # noqa: E402

sys.path.remove(str(DOCS / "_ext"))


# ----------------------------------------------------------------- public names
def public_modules() -> list[types.ModuleType]:
    """``tiling``, every public subpackage, and every module a public ``__all__`` lists."""
    queue = ["tiling"]
    queue += [
        info.name
        for info in pkgutil.walk_packages(tiling.__path__, "tiling.")
        if info.ispkg and not any(part.startswith("_") for part in info.name.split("."))
    ]
    seen: dict[str, types.ModuleType] = {}
    while queue:
        name = queue.pop(0)
        if name in seen:
            continue
        module = seen[name] = importlib.import_module(name)
        for attr in getattr(module, "__all__", ()):
            value = getattr(module, attr)
            if isinstance(value, types.ModuleType):
                queue.append(value.__name__)
    return list(seen.values())


def public_names() -> list[tuple[str, object]]:
    """(dotted path, object) for every non-module name of every public ``__all__``."""
    return [
        (f"{module.__name__}.{attr}", getattr(module, attr))
        for module in public_modules()
        for attr in getattr(module, "__all__", ())
        if not isinstance(getattr(module, attr), types.ModuleType)
    ]


_DIRECTIVE = re.compile(r"^\.\. (\S+)::\s*(.*)$")


def api_reference_entries() -> dict[str, Path]:
    """Dotted path -> page for every name the API reference documents.

    Reads ``.. currentmodule::``, the entries of ``.. autosummary::`` blocks,
    and ``.. data::`` / ``.. autofunction::``-style directives.
    """
    entries: dict[str, Path] = {}
    for page in sorted(API.glob("*.rst")):
        current = None
        in_autosummary = False
        for line in page.read_text(encoding="utf-8").splitlines():
            match = _DIRECTIVE.match(line)
            if match:
                directive, argument = match.groups()
                in_autosummary = directive == "autosummary"
                if directive in ("currentmodule", "module"):
                    current = argument.strip()
                elif directive in ("data", "function", "class", "exception") and current:
                    entries[f"{current}.{argument.strip()}"] = page
                elif directive.startswith("auto") and directive != "autosummary" and argument:
                    if directive != "automodule":
                        entries[argument.strip()] = page
                continue
            if in_autosummary:
                stripped = line.strip()
                if line and not line[0].isspace():
                    in_autosummary = False
                elif stripped and not stripped.startswith(":") and current:
                    entries[f"{current}.{stripped}"] = page
    return entries


def is_documented(path: str, obj: object, documented: dict[str, object]) -> bool:
    if path in documented:
        return True
    if inspect.isfunction(obj) or inspect.isclass(obj):
        return any(value is obj for value in documented.values())
    name = path.rsplit(".", 1)[-1]
    return any(p.rsplit(".", 1)[-1] == name and v is obj for p, v in documented.items())


def test_every_public_name_has_a_page_in_the_api_reference():
    documented = {path: resolve(path) for path in api_reference_entries()}
    names = public_names()
    assert len(names) > 100  # the walk found the package, not nothing
    missing = sorted(path for path, obj in names if not is_documented(path, obj, documented))
    assert not missing, (
        "public names without a page in the API reference; add each to an autosummary "
        "in docs/api/ (under the .. currentmodule:: of its module): " + ", ".join(missing)
    )


def test_api_reference_lists_only_names_that_exist():
    stale = []
    for path, page in api_reference_entries().items():
        try:
            resolve(path)
        except (LookupError, AttributeError):
            stale.append(f"{path} ({page.name})")
    assert not stale, "the API reference lists names that do not exist: " + ", ".join(stale)


def test_the_reference_walk_sees_names_of_subpackages_and_listed_modules():
    paths = {path for path, _ in public_names()}
    # top level, a subpackage, a module listed in a subpackage's __all__
    assert {"tiling.count", "tiling.heights.flip_path", "tiling.random.cftp.RING_LIMIT"} <= paths


# ----------------------------------------------------------------- the user guide
@pytest.mark.parametrize("page", GUIDE_PAGES, ids=lambda p: str(p.relative_to(DOCS)))
def test_user_guide_examples_run(page, monkeypatch, tmp_path):
    monkeypatch.setenv("MPLBACKEND", "Agg")
    monkeypatch.chdir(tmp_path)  # anything an example writes stays out of the tree
    import matplotlib.pyplot as plt

    result = doctest.testfile(
        str(page),
        module_relative=False,
        optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS,
        raise_on_error=False,
        verbose=False,
        report=True,
    )
    plt.close("all")
    assert result.failed == 0, f"{result.failed} example(s) of {page.name} failed (see above)"


def test_the_user_guide_has_every_topic_of_the_toctree():
    index = (DOCS / "user_guide" / "index.rst").read_text(encoding="utf-8")
    listed = set(re.findall(r"^   (\w+)$", index, re.M))
    on_disk = {p.stem for p in (DOCS / "user_guide").glob("*.rst")} - {"index"}
    assert listed == on_disk
    for topic in ("regions", "counting", "proofs", "covers", "random", "heights"):
        assert topic in listed
    for topic in ("statistics", "trees", "coloring", "plotting", "cli", "explorer", "engine"):
        assert topic in listed


def test_every_command_has_its_section_in_the_cli_guide():
    from tiling.cli import build_parser

    parser = build_parser()
    commands = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    guide = (DOCS / "user_guide" / "cli.rst").read_text(encoding="utf-8")
    missing = [
        name for name in commands.choices if f".. tiling-cli-help:: {name}\n" not in guide + "\n"
    ]
    assert not missing, f"commands without a section in docs/user_guide/cli.rst: {missing}"


# ----------------------------------------------------------------- the gallery
SCRIPTS = sorted(EXAMPLES.glob("plot_*.py"))


def test_the_gallery_has_a_script_for_each_picture_and_an_order():
    names = {p.name for p in SCRIPTS}
    assert set(gallery.ORDER) == names
    for script in SCRIPTS:
        text = script.read_text(encoding="utf-8")
        assert text.startswith('"""\n'), f"{script.name}: sphinx-gallery needs a docstring title"


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_every_gallery_script_runs(script, monkeypatch, tmp_path):
    missing = gallery.missing_requirements(script)
    if missing:
        pytest.skip(f"waits for {', '.join(missing)} (the docs build leaves it out until then)")
    monkeypatch.setenv("MPLBACKEND", "Agg")
    monkeypatch.chdir(tmp_path)
    import matplotlib.pyplot as plt

    before = set(plt.get_fignums())
    runpy.run_path(str(script), run_name="__main__")
    drawn = set(plt.get_fignums()) - before
    plt.close("all")
    assert drawn, f"{script.name} drew nothing"


def test_a_script_waits_only_for_names_that_are_missing(tmp_path):
    script = tmp_path / "plot_x.py"
    script.write_text('"""\nX\n=\n"""\n# requires: tiling.count, tiling.no_such_name\n')
    assert gallery.missing_requirements(script) == ["tiling.no_such_name"]


# ----------------------------------------------------------------- offline, references
def test_animations_get_their_buttons_from_the_site_not_a_cdn():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from tiling import plot

    anim = plot.animate_shuffling(tiling.random.shuffle_steps(2, rng=1))
    html = anim.to_jshtml()
    plt.close("all")
    assert offline.remote_assets(html), "matplotlib's animation no longer links a CDN stylesheet"
    context = {"body": html, "pathto": lambda name, resource: f"../{name}"}
    offline.local_animation_icons(None, "page", "page.html", context, None)
    assert offline.remote_assets(context["body"]) == []
    assert "../_static/animation-controls.css" in context["body"]
    assert (DOCS / "_static" / "animation-controls.css").exists()


def test_remote_assets_are_found_and_links_are_not():
    html = (
        '<script src="https://cdn.example/x.js"></script>'
        '<link rel="stylesheet" href="//cdn.example/y.css">'
        '<img src="http://example/z.png">'
        '<a href="https://example/page">a link loads nothing</a>'
        '<link rel="next" href="https://example/next">'
        '<script src="_static/local.js"></script>'
    )
    assert offline.remote_assets(html) == [
        "https://cdn.example/x.js",
        "//cdn.example/y.css",
        "http://example/z.png",
    ]


def test_the_site_fetches_no_inventory():
    conf = (DOCS / "conf.py").read_text(encoding="utf-8")
    assert "sphinx.ext.intersphinx" not in conf and "intersphinx_mapping" not in conf
    assert not re.search(r"""["']https?://""", conf), "conf.py must not point at the network"


def _docstrings():
    for module in public_modules():
        yield module.__name__, inspect.getdoc(module) or ""
    for path, obj in public_names():
        if inspect.isfunction(obj) or inspect.isclass(obj):
            yield path, inspect.getdoc(obj) or ""
            if inspect.isclass(obj):
                for name, member in vars(obj).items():
                    if not name.startswith("_") and inspect.isfunction(member):
                        yield f"{path}.{name}", inspect.getdoc(member) or ""


def test_every_work_the_docstrings_cite_is_in_the_bibliography():
    unknown = {
        path: found
        for path, doc in _docstrings()
        if (found := bibliography.unknown_citations(" ".join(doc.split())))
    }
    assert not unknown, f"add these works to docs/_ext/tiling_docs/bibliography.py: {unknown}"


def test_the_bibliography_finds_the_citations_it_lists():
    text = "the count is |det K| (Kasteleyn 1961), exact sampling (Propp and Wilson 1996)"
    cited = [work for work in bibliography.WORKS if work.cited_in(text)]
    assert [w.keys[0][0] for w in cited] == ["Kasteleyn", "Wilson"]
    assert bibliography.unknown_citations("as shown by Nobody 1999") == ["Nobody 1999"]


def test_see_also_families_name_pages_that_exist():
    documented = api_reference_entries()
    missing = sorted(name for name in related.all_targets() if name not in documented)
    assert not missing, (
        f"See Also targets without a page (docs/_ext/tiling_docs/related.py): {missing}"
    )


# ----------------------------------------------------------------- what the pages add
def _docstrings_module():
    pytest.importorskip("sphinx", reason="the docs extra (make docs installs it)")
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        return importlib.import_module("tiling_docs.docstrings")
    finally:
        sys.path.remove(str(DOCS / "_ext"))


def test_unknown_sections_become_rubrics_and_keep_their_text():
    docstrings = _docstrings_module()
    lines = ["Summary.", "", "Signing used here", "-----------------", "The proof.", ""]
    lines += ["Notes", "-----", "A note."]
    docstrings.rubrics_for_unknown_sections(lines)
    assert lines[2:4] == [".. rubric:: Signing used here", ""]
    assert "The proof." in lines and lines[-3:-1] == ["Notes", "-----"]


def test_see_also_adds_the_family_once_with_summaries():
    docstrings = _docstrings_module()
    lines = ["Count.", "", "See Also", "--------", "tiling.methods : the methods.", ""]
    docstrings.add_see_also("tiling.count", lines)
    text = "\n".join(lines)
    assert text.count("tiling.methods") == 1  # already there: not repeated
    assert "tiling.find : One perfect tiling of ``region``." in text
    assert text.index("tiling.find") < text.index("tiling.methods")  # inside the section


def test_references_list_each_cited_work_once_with_initials_escaped():
    docstrings = _docstrings_module()
    lines = ["Counts tilings (Kasteleyn 1961) by shuffling (Propp 2003).", ""]
    lines += ["References", "----------", "J. Propp, Generalized domino-shuffling (2003)."]
    docstrings.add_references("tiling.x", lines)
    docstrings.escape_initials(lines)
    text = "\n".join(lines)
    assert text.count("Propp") == 2  # the citation, and the entry already listed
    assert "P\\. W. Kasteleyn" in text and "J\\. Propp" in text
