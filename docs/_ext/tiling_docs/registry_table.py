"""``.. tiling-methods:: QUESTION``: the registered methods of a question, as a table.

Read from :func:`tiling.methods` at build time, so the user guide lists what
``method=`` accepts today, in the registry's order, with each method's summary
and whether ``method="auto"`` considers it.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective


def _row(*cells: nodes.Node | str) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        entry += nodes.paragraph("", "", cell if isinstance(cell, nodes.Node) else nodes.Text(cell))
        row += entry
    return row


class MethodsTable(SphinxDirective):
    required_arguments = 1
    has_content = False

    def run(self):
        import tiling

        question = self.arguments[0]
        try:
            methods = tiling.methods(question)
        except tiling.TilingError as exc:
            return [self.state.document.reporter.warning(str(exc), line=self.lineno)]
        table = nodes.table(classes=["tiling-methods"])
        group = nodes.tgroup(cols=3)
        table += group
        for width in (14, 70, 16):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        head += _row("method=", "what it does, and what it suits", 'tried by "auto"')
        group += head
        body = nodes.tbody()
        for method in methods:
            name = nodes.literal(text=repr(method.name))
            body += _row(name, method.summary, "yes" if method.auto else "no (ask for it)")
        group += body
        return [table]
