"""The ``tiling`` command: a thin layer over the library's API.

Every sub-command reads a region (an ASCII picture in a file, ``-`` for
standard input, or a built-in shape), asks the library one question and
prints the answer; ``-o out.png`` also draws it.  Solver and plotting modules
are imported inside the commands, so ``tiling --help`` stays quick.

Exit codes
----------
0  success (for ``solve``, ``prove`` and ``sample``: the region can be tiled)
1  the answer is "impossible": the region has no domino tiling (the proof is printed)
2  bad input or usage: a one-line message naming the file, line and column
"""

from __future__ import annotations

import os
import sys

from ..errors import TilingError
from ..linalg.errors import LinalgError
from . import commands, demo  # noqa: F401  (cheap: they import the library inside each command)
from ._io import EXIT_BAD_INPUT, EXIT_OK, UserError
from ._parser import _cli_words, build_parser

__all__ = ["main", "build_parser"]


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``tiling`` console script; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except UserError as exc:
        print(f"tiling: error: {exc}", file=sys.stderr)
    except (
        TilingError,
        LinalgError,
    ) as exc:  # from the library: bad region, method that cannot cope, ...
        print(f"tiling: error: {_cli_words(str(exc))}", file=sys.stderr)
    except MemoryError:
        print(
            "tiling: error: out of memory: the input is too large for this machine", file=sys.stderr
        )
    except KeyboardInterrupt:
        print("\ntiling: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`tiling count ... | head`): not an error of ours.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
    return EXIT_BAD_INPUT
