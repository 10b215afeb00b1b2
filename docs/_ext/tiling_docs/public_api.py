"""The public names of ``tiling``, and a check that each has a page.

The public names are those in ``tiling.__all__`` and in the ``__all__`` of every
subpackage and of every module that a public ``__all__`` lists (``tiling.coloring``,
``tiling.counting.kasteleyn``, ...).  A name re-exported under several paths
(``tiling.plot.draw_tiling`` is ``tiling.plot.draw.draw_tiling``) needs one page,
under any of them.  Names added later by other branches are covered without
editing anything here: ``make docs`` then warns (an error with ``-W``) until the
API reference lists them.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import types
from dataclasses import dataclass
from typing import Any

#: Python-domain object types that document a module-level name.
DOCUMENTING_TYPES = ("function", "class", "exception", "data", "module", "attribute")


@dataclass(frozen=True)
class PublicName:
    module: str
    name: str
    obj: Any

    @property
    def path(self) -> str:
        return f"{self.module}.{self.name}"


def public_modules(package: str = "tiling") -> list[str]:
    """Every public module: the package, its subpackages, and modules listed in ``__all__``."""
    root = importlib.import_module(package)
    queue = [package]
    for info in pkgutil.walk_packages(root.__path__, package + "."):
        if info.ispkg and not any(part.startswith("_") for part in info.name.split(".")):
            queue.append(info.name)
    seen: list[str] = []
    while queue:
        name = queue.pop(0)
        if name in seen:
            continue
        seen.append(name)
        module = importlib.import_module(name)
        for attr in getattr(module, "__all__", ()):
            value = getattr(module, attr)
            if isinstance(value, types.ModuleType) and value.__name__.startswith(package):
                queue.append(value.__name__)
    return seen


def public_names(package: str = "tiling") -> list[PublicName]:
    """Every (module, name) pair of a public ``__all__`` that is not itself a module."""
    names = []
    for modname in public_modules(package):
        module = importlib.import_module(modname)
        for attr in getattr(module, "__all__", ()):
            value = getattr(module, attr)
            if not isinstance(value, types.ModuleType):
                names.append(PublicName(modname, attr, value))
    return names


def resolve(path: str) -> Any:
    """The object at a dotted path (a module, or attributes of one); raises LookupError."""
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for part in parts[cut:]:
                obj = getattr(obj, part)
        except AttributeError:
            raise LookupError(path) from None
        return obj
    raise LookupError(path)


def is_documented(public: PublicName, documented: dict[str, Any]) -> bool:
    """Whether ``documented`` (path -> object) holds ``public`` under some path.

    Functions and classes are the same object wherever they are re-exported;
    other values (numbers, tuples, dicts) count only under the same attribute
    name, so that two constants that happen to be equal are not confused.
    """
    if public.path in documented:
        return True
    if inspect.isfunction(public.obj) or inspect.isclass(public.obj):
        return any(obj is public.obj for obj in documented.values())
    return any(
        path.rsplit(".", 1)[-1] == public.name and obj is public.obj
        for path, obj in documented.items()
    )


def check_coverage(app, env) -> None:
    """``env-check-consistency``: warn for each public name without a page."""
    from sphinx.util import logging

    logger = logging.getLogger("tiling_docs")
    domain = env.get_domain("py")
    documented = {}
    for fullname, entry in domain.objects.items():
        if entry.objtype in DOCUMENTING_TYPES and not entry.aliased:
            try:
                documented[fullname] = resolve(fullname)
            except LookupError:
                pass
    for public in public_names():
        if not is_documented(public, documented):
            logger.warning(
                "public name %s has no page in the API reference: add it to the "
                "autosummary of %s in docs/api/",
                public.path,
                public.module,
                type="tiling_docs",
                subtype="api",
            )
