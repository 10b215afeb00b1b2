"""What the reference pages add to the docstrings before numpydoc reads them.

Connected to ``autodoc-process-docstring`` ahead of numpydoc (priority 400
against its 500), so the docstrings in the package stay as they are and other
branches' edits to them never conflict with the site:

* a heading that is not a numpydoc section ("Signing used here", "Weights" in
  module docstrings) becomes a rubric, because numpydoc drops the text of
  sections it does not know;
* a See Also section lists the other members of the name's families
  (:mod:`tiling_docs.related`), each with its one-line summary;
* a References section gets the full entry of every work the docstring cites
  by author and year (:mod:`tiling_docs.bibliography`), and a citation of an
  unknown work is a build warning;
* a constant re-exported from a private module gets the ``#:`` comment
  written beside its definition.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re

from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging

from . import bibliography, public_api, related

logger = logging.getLogger("tiling_docs")

#: The section names numpydoc knows (others lose their text: they become rubrics).
NUMPYDOC_SECTIONS = frozenset(
    {
        "Parameters",
        "Attributes",
        "Methods",
        "Returns",
        "Yields",
        "Receives",
        "Other Parameters",
        "Raises",
        "Warns",
        "Warnings",
        "See Also",
        "Notes",
        "References",
        "Examples",
    }
)

_UNDERLINE = re.compile(r"^\s*(-{3,}|={3,})\s*$")


def _headings(lines: list[str]) -> list[tuple[int, str]]:
    """(index, title) of every numpydoc-style heading that starts a paragraph."""
    found = []
    for i in range(len(lines) - 1):
        title = lines[i].strip()
        underline = lines[i + 1].strip()
        if (
            title
            and _UNDERLINE.match(lines[i + 1])
            and len(underline) >= len(title)
            and (i == 0 or not lines[i - 1].strip())
        ):
            found.append((i, title))
    return found


def _canonical(title: str) -> str:
    return " ".join(word.capitalize() for word in title.split(" "))


def rubrics_for_unknown_sections(lines: list[str], *, every: bool = False) -> None:
    """Headings numpydoc would drop become rubrics (``every``: all of them)."""
    for i, title in reversed(_headings(lines)):
        if every or _canonical(title) not in NUMPYDOC_SECTIONS:
            indent = lines[i][: len(lines[i]) - len(lines[i].lstrip())]
            lines[i : i + 2] = [f"{indent}.. rubric:: {title}", ""]


def _section(lines: list[str], name: str) -> tuple[int, int] | None:
    """(first line of content, end) of the section ``name``, or None."""
    heads = _headings(lines)
    for k, (i, title) in enumerate(heads):
        if _canonical(title) == name:
            end = heads[k + 1][0] if k + 1 < len(heads) else len(lines)
            return i + 2, end
    return None


def _summary(path: str) -> str:
    try:
        obj = public_api.resolve(path)
    except LookupError:
        return ""
    if not (inspect.isroutine(obj) or inspect.isclass(obj) or inspect.ismodule(obj)):
        return ""
    doc = inspect.getdoc(obj) or ""
    first = doc.strip().split("\n\n")[0]
    return " ".join(first.split())


def add_see_also(name: str, lines: list[str]) -> None:
    targets = related.related_to(name)
    if not targets:
        return
    section = _section(lines, "See Also")
    present = set()
    if section:
        for line in lines[section[0] : section[1]]:
            if line and not line[0].isspace():
                for entry in line.split(":")[0].split(","):
                    present.add(entry.strip().rsplit(".", 1)[-1])
    entries = []
    for target in targets:
        if target.rsplit(".", 1)[-1] in present:
            continue
        summary = _summary(target)
        entries.append(f"{target} : {summary}" if summary else target)
    if not entries:
        return
    if section:
        lines[section[0] : section[0]] = entries
    else:
        lines.extend(["", "See Also", "--------", *entries])


def _cited_text(lines: list[str]) -> str:
    """The docstring's prose: without its References section and its doctest lines."""
    section = _section(lines, "References")
    kept = [
        line
        for i, line in enumerate(lines)
        if not (section and section[0] - 2 <= i < section[1])
        and not line.lstrip().startswith((">>>", "..."))
    ]
    return " ".join(" ".join(kept).split())


def add_references(name: str, lines: list[str]) -> None:
    text = _cited_text(lines)
    for citation in bibliography.unknown_citations(text):
        logger.warning(
            "%s cites %r, which is not in docs/_ext/tiling_docs/bibliography.py: add the work",
            name,
            citation,
            type="tiling_docs",
            subtype="citation",
        )
    section = _section(lines, "References")
    listed = " ".join(lines[section[0] - 2 : section[1]]) if section else ""
    works = [w for w in bibliography.WORKS if w.cited_in(text) and not w.listed_in(listed)]
    if not works:
        return
    entries = []
    for work in works:
        entries.extend([work.entry, ""])
    if section:
        end = section[1]
        while end > section[0] and not lines[end - 1].strip():
            end -= 1
        lines[end:end] = ["", *entries[:-1]]
    else:
        lines.extend(["", "References", "----------", *entries[:-1]])


_INITIAL = re.compile(r"^(\s*)([A-Z])\. ")


def escape_initials(lines: list[str]) -> None:
    """A reference starting "P. W. Kasteleyn" is not a list item labelled "P.".

    reStructuredText reads a line starting with a capital letter and a period
    as an enumerated list; in the References section it is an initial.
    """
    section = _section(lines, "References")
    if section:
        for i in range(*section):
            lines[i] = _INITIAL.sub(r"\1\2\\. ", lines[i])


def _attribute_comment(name: str, obj) -> list[str]:
    """The ``#:`` comment of a constant, looked up where it is defined."""
    modname, attr = name.rsplit(".", 1)
    # the subpackage of the concern (tiling.random for tiling.random.shuffling.X)
    top = ".".join(modname.split(".")[:2])
    package = importlib.import_module(top)
    candidates = [modname, top]
    if hasattr(package, "__path__"):
        candidates += [m.name for m in pkgutil.walk_packages(package.__path__, top + ".")]
    for candidate in candidates:
        try:
            module = importlib.import_module(candidate)
            docs = ModuleAnalyzer.for_module(candidate).find_attr_docs()
        except Exception:  # a module that cannot be analysed holds no comment
            continue
        comment = docs.get(("", attr))
        if comment and getattr(module, attr, None) is obj:
            return [line for line in comment if line is not None]
    return []


def process_docstring(app, what, name, obj, options, lines) -> None:
    if not name.startswith("tiling"):
        return
    type_doc = type(obj).__doc__ if isinstance(type(obj).__doc__, str) else ""
    if what in ("data", "attribute") and (
        not "".join(lines).strip() or "\n".join(lines).strip() == type_doc.strip()
    ):
        lines[:] = _attribute_comment(name, obj)
        if not lines and what == "data":
            logger.warning(
                "%s has no description: write a #: comment above its definition",
                name,
                type="tiling_docs",
                subtype="data",
            )
    if what != "module":
        rubrics_for_unknown_sections(lines)
        add_see_also(name, lines)
        add_references(name, lines)
        escape_initials(lines)
    else:
        # numpydoc leaves module docstrings as they are, and inside the page a
        # heading would become a section of its own: all headings are rubrics.
        add_references(name, lines)
        escape_initials(lines)
        rubrics_for_unknown_sections(lines, every=True)
    if lines and lines[-1].strip():
        lines.append("")  # numpydoc appends a comment, which must not join the last paragraph


def check_related(app, env) -> None:
    """``env-check-consistency``: every See Also target has a page."""
    objects = env.get_domain("py").objects
    for target in sorted(related.all_targets()):
        if target not in objects:
            logger.warning(
                "See Also target %s (docs/_ext/tiling_docs/related.py) has no page",
                target,
                type="tiling_docs",
                subtype="related",
            )
