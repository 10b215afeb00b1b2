"""``.. tiling-cli-help:: COMMAND``: the command's ``--help``, as the installed parser prints it.

The command-line guide shows each command's help text from
:func:`tiling.cli.build_parser` at build time, so it cannot drift from the
program.  Without an argument the directive shows ``tiling --help``.
"""

from __future__ import annotations

import argparse
import os

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

#: Columns the help is wrapped to (argparse reads $COLUMNS).
WIDTH = 88


def help_text(command: str | None) -> str:
    from tiling.cli import build_parser

    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(WIDTH)
    try:
        parser = build_parser()
        if command:
            actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
            choices = actions[0].choices
            if command not in choices:
                raise ValueError(f"tiling has no command {command!r}; it has {sorted(choices)}")
            parser = choices[command]
        return parser.format_help().rstrip()
    finally:
        if old is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = old


class CliHelp(SphinxDirective):
    optional_arguments = 1
    has_content = False

    def run(self):
        command = self.arguments[0] if self.arguments else None
        try:
            text = help_text(command)
        except ValueError as exc:
            return [self.state.document.reporter.warning(str(exc), line=self.lineno)]
        block = nodes.literal_block(text, text, language="text")
        block["classes"].append("tiling-cli-help")
        return [block]
