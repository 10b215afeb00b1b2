"""The argparse parser of the ``tiling`` command, with each command's help and examples."""

from __future__ import annotations

import argparse
import re

from ._io import add_region_source, non_negative, positive

_COMMANDS = {
    "count": (
        "count the domino tilings of a region, exactly",
        """Count the domino tilings of a region exactly, however many digits.

The count is printed in full (thousands of digits are fine); --digits prints
only its length and leading digits (truncated, every one proven).  A region
without a tiling counts 0 at once (a matching decides it before any
determinant).  Before a count predicted to take more than ten seconds the
prediction is printed on stderr, and a progress bar with the time left
appears there when stderr is a terminal.

--weights H,V counts with every horizontal domino weighing H and every
vertical one V (ints, fractions such as 1/3, decimals, or symbols such as q):
the sum over tilings of the product of the weights, exact unless a weight is
a decimal.  --boundary torus (or cylinder) counts a full rectangle whose
opposite sides touch (columns only for the cylinder).""",
        """examples:
  tiling count board.txt
  printf '....\\n....\\n' | tiling count -
  tiling count --rect 100x100 --digits
  tiling count --rect 2000x2000 --digits 10
  tiling count --example chessboard --method kasteleyn
  tiling count --rect 8x8 --weights 1,q
  tiling count --rect 8x8 --weights 2,1/3
  tiling count --rect 100x100 --boundary torus
  tiling count --rect 200x200 --weights 0.5,1.5 --log""",
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
        """Draw one tiling exactly uniformly at random from all the tilings of the
region, any region, holes included: domino shuffling for Aztec diamonds, the
transfer-matrix DP for narrow regions, coupling from the past otherwise.
The same --seed gives the same tiling; without --seed a fresh one is used
and printed on standard error.  A progress bar appears on standard error
during long runs when it is a terminal.

exit status: 0 success; 1 the region has no tiling; 2 bad input.""",
        """examples:
  tiling sample --aztec 200 --seed 1 -o aztec.png
  tiling sample --rect 8x8 --seed 7
  tiling sample --rect 100x100 -o board.png       # coupling from the past""",
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
    "heights": (
        "print or draw the height function of a tiling",
        """Print Thurston's height function of a tiling: one number per cell corner,
'.' where a corner is not on the region (with -o, draw it as a map or a 3-d
surface).  FILE may be a region (the tiling is the one `solve` finds, or a
uniformly random one with --sample) or a tiling as `solve` prints it.

Walking along a cell side with the cell on the left of colour 0 (the first
cell's colour), the height rises by 1; by 1 less 4 when the side is inside a
domino.  Regions with holes also get the flux around each hole.

exit status: 0 success; 1 the region has no tiling; 2 bad input.""",
        """examples:
  tiling heights --rect 4x4
  tiling solve shape.txt > t.txt && tiling heights t.txt
  tiling heights --aztec 60 --sample --seed 1 -o heights.png --style surface""",
    ),
    "flips": (
        "count the flips between two tilings of one region",
        """Print the least number of flips (turning two parallel dominoes in a 2 x 2
block by a quarter turn) that takes the first tiling to the second: a quarter
of the sum over the corners of the difference of their height functions.  The
tilings are text pictures as `solve` prints them.  With -o, write an
animation (.gif) of a shortest sequence of flips.

exit status: 0 success; 1 no sequence of flips joins them (their fluxes
around a hole differ); 2 bad input.""",
        """examples:
  tiling solve shape.txt > a.txt; tiling sample shape.txt > b.txt
  tiling flips a.txt b.txt -o flips.gif""",
    ),
    "probabilities": (
        "how likely each domino is to lie in a random tiling",
        """Compute, for every domino position of the region, the probability that a
uniformly random tiling contains it (from the inverse of the Kasteleyn
matrix: no sampling), print a short summary, and with -o draw the heat map:
by default each cell coloured by the four orientation classes N/S/W/E mixed
in proportion to their probabilities, where frozen areas show a pure colour
and the arctic curve is their border.  Floats by default (each cell's sum is
checked to be 1); --exact computes fractions (pieces of up to 2,500 cells).

exit status: 0 success; 1 the region has no tiling (the proof is printed);
2 bad input.""",
        """examples:
  tiling probabilities --aztec 100 -o heat.png
  tiling probabilities board.txt --show vertical -o vertical.png
  tiling probabilities --rect 6x6 --exact""",
    ),
    "serve": (
        "open the explorer page: draw a region and ask it everything",
        """Start a local web server with the explorer page: draw a region on squared
paper (presets, pasted ASCII, undo), see its exact count and colour balance
as it changes, and ask for a tiling, the proof that there is none, a largest
cover, a random tiling, a colouring, or an animation of Kuhn's matching or of
domino shuffling; export the region, the picture (PNG, SVG) and the tiling.
The page works offline.  Questions run in worker processes with a time limit
and can be cancelled from the page.  Stop the server with Ctrl+C.

Needs the serve extra: pip install 'tiling[serve]'.""",
        """examples:
  tiling serve --open
  tiling serve --port 0                 # a free port, printed at start
  tiling serve --time-limit 300 --max-cells 1000000""",
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
    from . import commands, serve

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
        elif name not in ("demo", "flips", "serve"):
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
            _add_picture_options(p, name)
        if name == "heights":
            p.add_argument(
                "-o",
                "--output",
                metavar="PICTURE",
                help="also draw the height function to this file (.png, .svg or .pdf)",
            )
        if name in ("solve", "cover", "sample", "heights"):
            p.add_argument(
                "--text",
                action="store_true",
                help="print the tiling even when it is wider than the terminal",
            )
    made["count"].add_argument(
        "--time", action="store_true", help="report the time taken on stderr"
    )
    made["count"].add_argument(
        "--weights",
        metavar="H,V",
        default=None,
        help="weigh horizontal dominoes H and vertical ones V (ints, fractions a/b, "
        "decimals, or sympy expressions such as q): print the weighted count",
    )
    made["count"].add_argument(
        "--boundary",
        choices=["plane", "cylinder", "torus"],
        default="plane",
        help="torus: a full rectangle whose last column touches the first and last row the "
        "first; cylinder: the columns only (default: plane)",
    )
    made["count"].add_argument(
        "--log",
        action="store_true",
        help="print the natural logarithm of the (weighted) count, for decimal weights "
        "on large regions",
    )
    made["sample"].add_argument(
        "--seed",
        type=non_negative,
        default=None,
        help="random seed (default: a fresh one each run)",
    )
    made["heights"].add_argument(
        "--sample", action="store_true", help="a uniformly random tiling instead of `solve`'s"
    )
    made["heights"].add_argument(
        "--seed", type=non_negative, default=None, help="random seed for --sample"
    )
    made["heights"].add_argument(
        "--style",
        choices=["map", "surface"],
        default="map",
        help="with -o: a colour map with contours (default) or a 3-d surface",
    )
    made["heights"].add_argument(
        "--labels", action="store_true", help="with -o: write the height at every corner"
    )
    made["probabilities"].add_argument(
        "-o",
        "--output",
        metavar="PICTURE",
        help="also draw the heat map to this file (.png, .svg or .pdf)",
    )
    made["probabilities"].add_argument(
        "--show",
        choices=["classes", "horizontal", "vertical", "N", "S", "W", "E"],
        default="classes",
        help="with -o: the four classes mixed (default), or the probability that each cell "
        "lies in a horizontal or vertical domino, or in a domino of one class",
    )
    made["probabilities"].add_argument(
        "--exact", action="store_true", help="exact fractions instead of floats"
    )
    made["probabilities"].add_argument(
        "--title",
        default=None,
        metavar="TEXT",
        help="with -o: the picture's title (default: one that says what is drawn; '' for none)",
    )
    made["flips"].add_argument(
        "first", metavar="A", help="the first tiling (text, as solve prints)"
    )
    made["flips"].add_argument("second", metavar="B", help="the second tiling")
    made["flips"].add_argument(
        "-o",
        "--output",
        metavar="ANIMATION",
        help="also write an animation of a shortest sequence of flips (.gif)",
    )
    serve.add_arguments(made["serve"])
    made["demo"].add_argument(
        "-o",
        "--output",
        metavar="DIR",
        default="demo-output",
        help="folder for the pictures (default: demo-output)",
    )
    return parser


#: What -o FILE.gif animates, per command (prove draws still pictures only).
_ANIMATIONS = {
    "solve": "Kuhn's algorithm finding the tiling",
    "cover": "Kuhn's algorithm finding the cover",
    "sample": "domino shuffling in phases (--aztec N only)",
}


def _add_picture_options(p, name):
    """-o and the options of the picture it draws."""
    group = p.add_argument_group("pictures (-o)")
    gif = f"; .gif: {_ANIMATIONS[name]}" if name in _ANIMATIONS else ""
    group.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="also draw the answer to FILE: .png, .svg or .pdf (vector), .tex (a standalone "
        f"LaTeX document with TikZ){gif}",
    )
    group.add_argument(
        "--dpi",
        type=positive,
        default=None,
        help="resolution of .png and .gif (default: about 4 pixels a cell for large pictures)",
    )
    group.add_argument(
        "--title",
        default=None,
        metavar="TEXT",
        help="the picture's title (default: one that says what is drawn; '' for none)",
    )
    group.add_argument(
        "--colors",
        type=_colors,
        default=None,
        metavar="COLORS",
        help="auto (neighbours differ), orientation (N/S/W/E shuffling classes), hv "
        "(horizontal/vertical), or one colour such as steelblue or '#77AADD'",
    )
    group.add_argument(
        "--legend",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="a key of the colour classes (default: where the colours mean something)",
    )
    if name == "sample":
        group.add_argument(
            "--no-arctic",
            action="store_true",
            help="no arctic circle over an Aztec diamond (drawn from order 10 on)",
        )


def _colors(text):
    """argparse type for --colors: a colouring scheme or one matplotlib colour."""
    if text in ("auto", "orientation", "hv"):
        return text
    from matplotlib.colors import is_color_like

    if not is_color_like(text):
        raise argparse.ArgumentTypeError(
            f"expected auto, orientation, hv or a colour (a name or #RRGGBB), got {text!r}"
        )
    return text


def _cli_words(message):
    """Say the library's ``method='dp'`` as the command line's ``--method 'dp'``.

    Examples
    --------
    >>> _cli_words("use method='kasteleyn' or 'auto'")
    "use --method 'kasteleyn' or 'auto'"
    """
    return re.sub(r"\bmethod=", "--method ", message)
