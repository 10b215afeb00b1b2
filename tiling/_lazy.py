"""Lazy attributes for the package and its subpackages (PEP 562).

``import tiling`` must stay quick (numpy alone takes a fifth of a second to
import, scipy and matplotlib far more), so every public name is looked up on
first use: ``attach(__name__, {"Region": ".model.region:Region", ...})``
returns the ``__getattr__``, ``__dir__`` and ``__all__`` of a package.  A
value is imported once and then cached in the package's namespace.
Subpackages listed in ``submodules`` are reachable as attributes too
(``tiling.plot`` after ``import tiling``).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable
from typing import Any

__all__ = ["attach"]


def attach(
    package: str, names: dict[str, str], submodules: Iterable[str] = ()
) -> tuple[Callable[[str], Any], Callable[[], list[str]], list[str]]:
    """``(__getattr__, __dir__, __all__)`` for ``package``.

    ``names`` maps a public name to ``"module:attribute"``, the module
    relative to ``package`` (``".model.region:Region"``), or to ``"module:"``
    for the module itself (``"examples": ".model.examples:"``).
    """
    submodules = set(submodules)
    public = sorted(set(names) | submodules)

    def __getattr__(name: str) -> Any:
        if name in names:
            module, _, attr = names[name].partition(":")
            value = importlib.import_module(module, package)
            if attr:  # "module:" with nothing after the colon names the module itself
                value = getattr(value, attr)
        elif name in submodules:
            value = importlib.import_module(f"{package}.{name}")
        else:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted(set(public) | set(vars(sys.modules[package])))

    return __getattr__, __dir__, public
