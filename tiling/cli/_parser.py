"""The argparse parser of the ``tiling`` command, with each command's help and examples."""

from __future__ import annotations

import argparse
import re

from ._io import MAX_TEXT_COLUMNS, add_region_source, non_negative, positive

_COMMANDS = {
    "count": (
        "count the domino tilings of a region, exactly",
        """Count the domino tilings of a region exactly, however many digits.

The count is printed in full (thousands of digits are fine); --digits prints
only its length and leading digits (truncated, every one proven).  A region
without a tiling counts 0 at once (a matching decides it before any
determinant).  Before a count predicted to take more than ten seconds the
prediction is printed on stderr, and a progress bar with the time left
appears there when stderr is a terminal.""",
        """examples:
  tiling count board.txt
  printf '....\\n....\\n' | tiling count -
  tiling count --rect 100x100 --digits
  tiling count --rect 2000x2000 --digits 10
  tiling count --example chessboard --method kasteleyn""",
    ),
    "solve": (
        "find one tiling, or prove there is none",
        """Find one domino tiling and print it (and draw it with -o), or print the
proof that there is none.

exit status: 0 a tiling was found; 1 the region has no tiling; 2 bad input.""",
        """examples:
  tiling solve board.txt -o tiling.png
  tiling solve --example mutilated        # prints the colour argument, exit 1""",
    ),
    "cover": (
        "place as many dominoes as possible, with a proof of optimality",
        """Place as many non-overlapping dominoes as possible, print the cover and a
certificate (a Hall set) proving that no placement leaves fewer cells
uncovered.  With -o the picture shows the cover and, beside it, the
certificate.

exit status: 0 (a maximum cover always exists); 2 bad input.""",
        """examples:
  tiling cover --example figure7 -o cover.png""",
    ),
    "prove": (
        "prove that a region has no tiling",
        """Print a checkable proof that the region has no domino tiling: odd
parity, unequal checkerboard colours, or a Hall set S of cells with fewer
neighbours N(S) than members.  With -o, draw it.

exit status, as for solve: 1 the region is impossible to tile (the proof is
printed); 0 the region can be tiled (no proof exists; -o then draws a
tiling); 2 bad input.  So `tiling prove F && echo tileable` works.""",
        """examples:
  tiling prove --example mutilated
  tiling prove --example figure7 -o proof.png""",
    ),
    "sample": (
        "draw a uniformly random tiling",
        """Draw one tiling uniformly at random from all the tilings of the region
(domino shuffling for Aztec diamonds, the transfer-matrix DP otherwise).
The same --seed gives the same tiling.

exit status: 0 success; 1 the region has no tiling; 2 bad input.""",
        """examples:
  tiling sample --aztec 200 --seed 1 -o aztec.png
  tiling sample --rect 8x8 --seed 7""",
    ),
    "trees": (
        "count the spanning trees of a region's cell graph, exactly",
        """Count the spanning trees of the cell graph (cells joined across shared
sides) exactly, by Kirchhoff's matrix-tree theorem.  --digits prints only the
length and leading digits (proven; milliseconds for a full grid of any
size).  Before a count predicted to take more than ten seconds the
prediction is printed on stderr.""",
        """examples:
  tiling trees --grid 8x8               # 126231322912498539682594816
  tiling trees --grid 450x450 --digits
  tiling trees region.txt --digits 8""",
    ),
    "demo": (
        "run the library on its built-in examples (about ten seconds)",
        """Tour the library on built-in examples: count the chessboard, prove two
regions impossible, find a maximum cover, count a 100 x 100 board exactly,
sample an Aztec diamond of order 200 with its arctic circle, 5-colour a
large tiling, and write pictures and a GIF animation to DIR.""",
        """examples:
  tiling demo
  tiling demo -o /tmp/pictures""",
    ),
}


def build_parser():
    """The argparse parser of the ``tiling`` command."""
    from .. import registry
    from .._version import __version__
    from . import commands

    parser = argparse.ArgumentParser(
        prog="tiling",
        description="Domino tilings of grid regions: count, find, prove impossible, "
        "cover, sample, draw.",
        epilog="Regions are text pictures: '.' is a cell, '#' or space is not.\n"
        "exit status: 0 success; 1 the answer is 'impossible'; 2 bad input.\n"
        "Run `tiling COMMAND --help` for each command, `tiling demo` for a tour.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"tiling {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    made = {}
    for name, (short, long, epilog) in _COMMANDS.items():
        made[name] = sub.add_parser(
            name,
            help=short,
            description=long,
            epilog=epilog,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        made[name].set_defaults(func=getattr(commands, name))

    # What each command takes, beyond its region (every command but demo takes one).
    # The --method choices and their help come from the method registry.
    questions = {"count": "count", "solve": "find", "cover": "cover", "sample": "sample"}
    methods = {name: registry.methods(q) for name, q in questions.items()}
    for name, p in made.items():
        if name == "trees":
            add_region_source(p, aztec=False, rect_names=("--grid", "--rect"))
        elif name != "demo":
            add_region_source(p)
        if name in methods:
            listed = "; ".join(f"{m.name}: {m.summary}" for m in methods[name])
            p.add_argument(
                "--method",
                choices=["auto", *(m.name for m in methods[name])],
                default="auto",
                help=f"{listed} (default: auto, the fastest that can handle the region)",
            )
        if name in ("count", "trees"):
            p.add_argument(
                "--digits",
                nargs="?",
                type=positive,
                const=4,
                default=None,
                metavar="K",
                help="print only the number of digits and the first K (default 4), all "
                "proven: milliseconds for full boards and Aztec diamonds of any size",
            )
        if name in ("solve", "cover", "prove", "sample"):
            p.add_argument(
                "-o",
                "--output",
                metavar="PICTURE",
                help="also draw the answer to this file (.png, .svg or .pdf)",
            )
        if name in ("solve", "cover", "sample"):
            p.add_argument(
                "--text",
                action="store_true",
                help=f"print the tiling even when wider than {MAX_TEXT_COLUMNS} columns",
            )
    made["count"].add_argument(
        "--time", action="store_true", help="report the time taken on stderr"
    )
    made["sample"].add_argument(
        "--seed",
        type=non_negative,
        default=None,
        help="random seed (default: a fresh one each run)",
    )
    made["demo"].add_argument(
        "-o",
        "--output",
        metavar="DIR",
        default="demo-output",
        help="folder for the pictures (default: demo-output)",
    )
    return parser


def _cli_words(message):
    """Say the library's ``method='dp'`` as the command line's ``--method 'dp'``.

    Examples
    --------
    >>> _cli_words("use method='kasteleyn' or 'auto'")
    "use --method 'kasteleyn' or 'auto'"
    """
    return re.sub(r"\bmethod=", "--method ", message)
