"""The site works offline: MathJax is shipped in it, and no page loads from the network.

MathJax 2 comes from the ``jupyter-server-mathjax`` package (the Jupyter
project's offline MathJax) and is copied into ``_static/mathjax`` (its
localisations left out: English is built in).  After the build every HTML
page and stylesheet is read, and any script, stylesheet, font, image or frame
loaded from ``http(s)://`` or ``//`` is a warning (an error under ``-W``).
Links to other sites (``<a href>``) are fine: they load nothing.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

_REMOTE = r"""(?:https?:)?//[^"'\s)]+"""
#: Markup that makes a browser fetch something: scripts, styles, images, frames, fonts.
ASSET_PATTERNS = (
    re.compile(rf"""<script[^>]*\ssrc=["']({_REMOTE})""", re.I),
    re.compile(rf"""<link[^>]*\shref=["']({_REMOTE})["'][^>]*>""", re.I),
    re.compile(rf"""<(?:img|iframe|source|video|audio|embed)[^>]*\ssrc=["']({_REMOTE})""", re.I),
    re.compile(rf"""@import\s+(?:url\()?["']?({_REMOTE})""", re.I),
    re.compile(rf"""url\(\s*["']?({_REMOTE})""", re.I),
)


def mathjax_source() -> Path:
    import jupyter_server_mathjax

    return Path(jupyter_server_mathjax.__file__).resolve().parent / "static"


def copy_mathjax(app, exception) -> None:
    if exception is not None or app.builder.format != "html":
        return
    target = Path(app.outdir) / "_static" / "mathjax"
    if (target / "MathJax.js").exists():
        return
    shutil.copytree(
        mathjax_source(), target, ignore=shutil.ignore_patterns("localization", "*.pyc")
    )


#: The stylesheet matplotlib's JavaScript animations link to, from a CDN.
ANIMATION_ICONS = re.compile(
    r"""<link\s+rel=["']stylesheet["']\s+href=["']https://maxcdn\.bootstrapcdn\.com/"""
    r"""font-awesome/[^"']+["']\s*/?>"""
)


def local_animation_icons(app, pagename, templatename, context, doctree) -> None:
    """``html-page-context``: animations' buttons drawn by a local stylesheet."""
    body = context.get("body")
    if body and ANIMATION_ICONS.search(body):
        href = context["pathto"]("_static/animation-controls.css", 1)
        context["body"] = ANIMATION_ICONS.sub(f'<link rel="stylesheet" href="{href}">', body)


def remote_assets(text: str) -> list[str]:
    found = []
    for pattern in ASSET_PATTERNS:
        for match in pattern.finditer(text):
            tag = match.group(0)
            if tag.lower().startswith("<link") and not re.search(
                r"""rel=["'](?:stylesheet|preload|preconnect|icon|modulepreload)""", tag, re.I
            ):
                continue  # <link rel="next"> and the like load nothing
            found.append(match.group(1))
    return found


def check_offline(app, exception) -> None:
    if exception is not None or app.builder.format != "html":
        return
    from sphinx.util import logging

    logger = logging.getLogger("tiling_docs")
    outdir = Path(app.outdir)
    for path in sorted(outdir.rglob("*")):
        if path.suffix not in (".html", ".css") or "mathjax" in path.parts:
            continue
        remote = remote_assets(path.read_text(encoding="utf-8", errors="replace"))
        for url in sorted(set(remote)):
            logger.warning(
                "%s loads %s from the network; the site must work offline",
                path.relative_to(outdir),
                url,
                type="tiling_docs",
                subtype="offline",
            )
