"""Sphinx extension of the tiling site: the checks and additions that keep it whole.

* :mod:`.public_api`: every public name has a page (a warning names each one that has not);
* :mod:`.docstrings`: See Also, References and rubrics added to the docstrings as they
  are read (:mod:`.related`, :mod:`.bibliography`), ``#:`` comments of re-exported constants;
* :mod:`.offline`: MathJax shipped in the site; no page loads anything from the network;
* :mod:`.gallery`: the gallery's order, and scripts waiting for an API still to come;
* :mod:`.cli_help`: each command's ``--help`` in the command-line guide, from the parser;
* :mod:`.registry_table`: the registered methods of a question, from the registry.
"""

from __future__ import annotations


def setup(app):
    # Imported here, so that the tests can use the modules that need no Sphinx.
    from . import cli_help, docstrings, gallery, offline, public_api, registry_table

    app.add_directive("tiling-cli-help", cli_help.CliHelp)
    app.add_directive("tiling-methods", registry_table.MethodsTable)
    app.connect("config-inited", gallery.skip_waiting_scripts, priority=5)
    app.connect("autodoc-process-docstring", docstrings.process_docstring, priority=400)
    app.connect("env-check-consistency", public_api.check_coverage)
    app.connect("env-check-consistency", docstrings.check_related)
    app.connect("html-page-context", offline.local_animation_icons)
    app.connect("build-finished", offline.copy_mathjax)
    app.connect("build-finished", offline.check_offline, priority=900)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
