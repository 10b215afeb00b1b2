"""Sphinx configuration of the tiling documentation site.

Built by ``make docs`` into ``docs/_build/html``, offline: every extension and
the theme come from the ``docs`` extra of ``pyproject.toml``, MathJax is copied
from the ``jupyter-server-mathjax`` package into the site, intersphinx is not
used, and the build checks its own pages for assets loaded from the network
(``tiling_docs.offline``).  The gallery scripts (``docs/examples``) and the
tour notebook (``notebooks/tour.ipynb``) are executed at build time.
"""

import os
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS / "_ext"))

from numpydoc.xref import DEFAULT_LINKS  # noqa: E402

import tiling  # noqa: E402

# The tour notebook's kernel draws inline (a subprocess inherits this); the
# gallery and the plot directive switch their own process to Agg.
os.environ["MPLBACKEND"] = "module://matplotlib_inline.backend_inline"

# -- project -------------------------------------------------------------------
project = "tiling"
author = "the tiling developers"
copyright = "2026, the tiling developers"
release = tiling.__version__
version = ".".join(release.split(".")[:2])

# -- extensions ----------------------------------------------------------------
extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.mathjax",
    "sphinx.ext.viewcode",
    "numpydoc",
    "sphinx_gallery.gen_gallery",
    "myst_nb",
    "matplotlib.sphinxext.plot_directive",
    "tiling_docs",
]

root_doc = "index"
source_suffix = {".rst": "restructuredtext", ".ipynb": "myst-nb", ".md": "myst-nb"}
templates_path = ["_templates"]
exclude_patterns = [
    "_build",
    "**.ipynb_checkpoints",
    "examples/*.rst",  # the gallery's sources; sphinx-gallery writes auto_examples/
    "sg_execution_times.rst",
    "auto_examples/*.ipynb",  # sphinx-gallery's downloads, not pages
    "auto_examples/*.py",
]
default_role = "py:obj"  # `count` in prose links to the API
pygments_style = "sphinx"
pygments_dark_style = "monokai"
nitpicky = False  # types such as numpy.ndarray have no page here (no intersphinx)

# -- autodoc, autosummary, numpydoc ---------------------------------------------
autosummary_generate = True
autosummary_imported_members = False
autodoc_typehints = "none"  # the numpydoc Parameters section says it in words
autodoc_member_order = "groupwise"
add_module_names = False
numpydoc_show_class_members = False  # the class template lists members itself
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = True
# numpydoc's default aliases point into Python's and numpy's sites, which are
# not linked without intersphinx: they stay plain names here.
numpydoc_xref_aliases = {key: key for key in DEFAULT_LINKS} | {
    "Region": "tiling.Region",
    "Tiling": "tiling.Tiling",
    "Certificate": "tiling.Certificate",
    "TilingError": "tiling.TilingError",
    "TooLargeError": "tiling.TooLargeError",
    "NoTilingError": "tiling.NoTilingError",
    "Method": "tiling.registry.Method",
}
numpydoc_xref_ignore = "all"  # only the aliases above become links; the rest is text

# -- HTML ----------------------------------------------------------------------
html_theme = "pydata_sphinx_theme"
html_title = f"tiling {release}"
html_short_title = "tiling"
html_static_path = ["_static"]
html_css_files = ["tiling.css"]
html_favicon = "_static/favicon.svg"
html_logo = "_static/logo.svg"
html_last_updated_fmt = None
html_show_sourcelink = True
html_copy_source = True
html_theme_options = {
    "logo": {"text": "tiling"},
    "navbar_align": "left",
    "header_links_before_dropdown": 6,
    "navigation_depth": 3,
    "show_toc_level": 2,
    "show_nav_level": 1,
    "secondary_sidebar_items": ["page-toc", "sourcelink"],
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version", "theme-version"],
    "navbar_end": ["theme-switcher"],
    "navigation_with_keys": False,
    "pygments_light_style": "friendly",
    "pygments_dark_style": "monokai",
}
html_sidebars = {"index": [], "install": [], "tour": [], "development": [], "changelog": []}
html_context = {"default_mode": "light"}

# MathJax 2 from the jupyter-server-mathjax package, copied into _static/mathjax
# by tiling_docs.offline: no page loads a script from the network.
mathjax_path = "mathjax/MathJax.js?config=TeX-AMS-MML_HTMLorMML-full"
mathjax2_config = {
    "tex2jax": {"inlineMath": [["\\(", "\\)"]], "displayMath": [["\\[", "\\]"]]},
    "HTML-CSS": {"availableFonts": ["TeX"], "imageFont": None},
    "showMathMenu": False,
    "messageStyle": "none",
}

# -- the gallery -----------------------------------------------------------------
sphinx_gallery_conf = {
    "examples_dirs": "examples",
    "gallery_dirs": "auto_examples",
    "filename_pattern": r"/plot_",
    "ignore_pattern": r"__init__\.py",  # tiling_docs.gallery adds scripts whose API is missing
    "within_subsection_order": "tiling_docs.gallery.GalleryOrder",
    "matplotlib_animations": True,
    "image_scrapers": ("matplotlib",),
    "remove_config_comments": True,
    "show_memory": False,
    "show_signature": False,
    "download_all_examples": False,
    "min_reported_time": 5,
    "write_computation_times": False,  # its page loads DataTables from a CDN
    "capture_repr": ("_repr_html_", "__repr__"),
    "default_thumb_file": str(DOCS / "_static" / "logo.svg"),
    "thumbnail_size": (360, 360),
    "reset_modules": ("matplotlib", "tiling_docs.gallery.tight_pictures"),
    "abort_on_example_error": True,
}

# -- the tour notebook (myst-nb) ---------------------------------------------------
nb_execution_mode = "force"  # executed at every build: its pictures are always current
nb_execution_timeout = 300
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_merge_streams = True
nb_ipywidgets_js = {}  # no widgets, and no scripts from a CDN for them
myst_update_mathjax = False  # MathJax 2 is configured above

# -- the plot directive (pictures in the user guide) -------------------------------
plot_include_source = True
plot_html_show_source_link = False
plot_html_show_formats = False
plot_formats = [("png", 110)]
# Saved tight, as a notebook shows them: side-by-side pictures keep their titles and legends.
plot_rcparams = {"figure.max_open_warning": 0, "savefig.bbox": "tight", "savefig.pad_inches": 0.1}
plot_apply_rcparams = True
plot_pre_code = "import numpy as np\nimport matplotlib.pyplot as plt\nimport tiling\nfrom tiling import Region, examples, plot\n"
