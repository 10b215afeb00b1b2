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

import argparse
import os
import re
import sys
import time

from .errors import ParseError, TilingError, TooLargeError

__all__ = ["main", "build_parser"]

EXIT_OK, EXIT_IMPOSSIBLE, EXIT_BAD_INPUT = 0, 1, 2

#: Widest region (in cells) whose tiling is printed as text unless --text is given.
MAX_TEXT_COLUMNS = 100


class UserError(Exception):
    """A one-line message for the person at the terminal; exit status 2."""


# ---------------------------------------------------------------------- numbers
def decimal(n):
    """``n`` in decimal, in full, however many digits it has.

    Python refuses ``str`` of integers over 4300 digits by default, and its
    own conversion is quadratic; GMP's (through python-flint) is quasi-linear.

    Examples
    --------
    >>> decimal(12988816)
    '12988816'
    >>> len(decimal(10 ** 5000))
    5001
    """
    n = int(n)
    try:
        import flint

        return str(flint.fmpz(n))
    except ImportError:  # pragma: no cover - flint is a dependency
        limit = sys.get_int_max_str_digits()
        sys.set_int_max_str_digits(0)
        try:
            return str(n)
        finally:
            sys.set_int_max_str_digits(limit)


def summary(n):
    """Number of digits of ``n`` and its value rounded to 4 significant digits.

    Examples
    --------
    >>> summary(12988816)
    '8 digits, 1.299e+7'
    >>> summary(0)
    '1 digit, 0'
    """
    from decimal import Decimal

    text = decimal(n)
    digits = len(text.lstrip("-"))
    plural = "digit" if digits == 1 else "digits"
    if digits <= 4:
        return f"{digits} {plural}, {text}"
    return f"{digits} {plural}, {format(Decimal(text), '.3e')}"


# ---------------------------------------------------------------------- input
def _read_text(path):
    """The text of ``path`` (``-``: standard input), or a UserError saying why not."""
    name = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as fh:
                data = fh.read()
    except FileNotFoundError:
        raise UserError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise UserError(f"{name}: is a directory, not a file") from None
    except PermissionError:
        raise UserError(f"{name}: permission denied") from None
    except OSError as exc:
        raise UserError(f"{name}: cannot read: {exc.strerror or exc}") from None
    if not data.strip():
        raise UserError(f"{name}: the file is empty; draw the region with '.' for each cell")
    if b"\0" in data:
        raise UserError(f"{name}: a binary file, not a text picture of a region")
    try:
        text = data.decode("utf-8-sig")  # a byte-order mark is not part of the picture
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise UserError(
            f"{name}: line {line}, column {column}: not UTF-8 text (byte 0x{data[exc.start]:02x})"
        ) from None
    return name, text


def _region_from_file(path):
    from .region import Region

    name, text = _read_text(path)
    try:
        return Region.from_ascii(text), name
    except ParseError as exc:
        raise UserError(f"{name}: {exc}") from None


def _size(text):
    """argparse type for ``MxN``."""
    match = re.fullmatch(r"\s*(\d+)\s*[xX×,]\s*(\d+)\s*", text)
    if not match or not all(int(g) > 0 for g in match.groups()):
        raise argparse.ArgumentTypeError(f"expected ROWSxCOLUMNS such as 8x8, got {text!r}")
    return int(match.group(1)), int(match.group(2))


def _positive(text):
    """argparse type for a positive integer."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}")
    return value


def _non_negative(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a non-negative integer, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a non-negative integer, got {text!r}")
    return value


def _region(args):
    """The region the command line names, and a short name for messages."""
    from . import examples
    from .region import Region

    if getattr(args, "aztec", None):
        n = args.aztec
        return Region.aztec_diamond(n), f"the Aztec diamond of order {n}"
    if getattr(args, "rect", None):
        h, w = args.rect
        return Region.rectangle(h, w), f"the {h} x {w} board"
    if getattr(args, "example", None):
        return examples.EXAMPLES[args.example](), f"the example {args.example!r}"
    return _region_from_file(args.file)


def _add_region_source(parser, aztec=True, rect_names=("--rect",)):
    from . import examples  # cheap: the region model only

    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("file", nargs="?", metavar="FILE",
                       help="text picture of the region: '.' a cell, '#' or space none; '-' reads stdin")
    group.add_argument("--example", choices=sorted(examples.EXAMPLES),
                       help="a built-in region instead of a file")
    group.add_argument(*rect_names, dest="rect", type=_size, metavar="MxN",
                       help="the full M x N board instead of a file")
    if aztec:
        group.add_argument("--aztec", type=_positive, metavar="N",
                           help="the Aztec diamond of order N instead of a file")


# ---------------------------------------------------------------------- output
def _progress():
    """Progress bars go to stderr, and only when a person is watching it."""
    return sys.stderr.isatty()


def _fits_encoding(text, stream):
    try:
        text.encode(stream.encoding or "ascii")
        return True
    except (UnicodeEncodeError, LookupError):
        return False


# Plain-ASCII stand-ins for Tiling.to_ascii's box-drawing characters, for
# terminals that cannot show them: [==] a horizontal domino, n over u a vertical one.
_PLAIN = str.maketrans({"\u257a": "[", "\u2501": "=", "\u2578": "]", "\u257b": "n",
                        "\u2579": "u", "\u00b7": "."})


def _print_tiling(tiling, force=False):
    width = tiling.region.shape[1]
    if width > MAX_TEXT_COLUMNS and not force:
        print(f"({len(tiling)} dominoes; {width} columns is too wide to print: "
              "use -o FILE.png for a picture, or --text)")
        return
    text = tiling.to_ascii()
    if not _fits_encoding(text, sys.stdout):
        text = text.translate(_PLAIN)
    print(text)


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")  # the command line only ever writes files
    import matplotlib.pyplot as plt

    return plt


def _pair_of_axes():
    """A figure with two panels side by side (a cover and its certificate)."""
    fig, axes = _pyplot().subplots(1, 2, figsize=(11, 5.5), layout="constrained")
    return fig, axes


def _save(obj, path, dpi=None):
    """Write a picture or animation with :func:`tiling.plot.save`, then free its figure."""
    from . import plot

    plt = _pyplot()
    fig = getattr(obj, "figure", None) or getattr(obj, "_fig", None) or obj
    try:
        plot.save(obj, path, dpi=dpi)
    except OSError as exc:
        raise UserError(f"cannot write {path}: {exc.strerror or exc}") from None
    finally:
        plt.close(fig)


def _check_output(path):
    """Fail before the work, not after it, when the picture cannot be written."""
    if path is None:
        return
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise UserError(f"cannot write {path}: no such folder {folder}")
    _pyplot()
    from matplotlib.backend_bases import FigureCanvasBase

    formats = FigureCanvasBase.get_supported_filetypes()
    suffix = os.path.splitext(path)[1].lower().lstrip(".")
    if suffix not in formats:
        raise UserError(f"cannot write {path}: the picture needs a suffix such as "
                        ".png, .svg or .pdf")


def _dpi(tiling):
    """Resolution giving large tilings about four pixels a cell (figures are ~8 inches)."""
    side = max(tiling.region.shape)
    return None if side <= 200 else min(side / 2, 400)


def _draw_tiling(tiling, path, colors="auto", arctic=False):
    from . import plot

    _pyplot()
    ax = plot.draw_tiling(tiling, colors=colors, arctic=arctic)
    _save(ax, path, dpi=_dpi(tiling))


def _draw_certificate(certificate, path):
    from . import plot

    _pyplot()
    _save(plot.draw_certificate(certificate), path)


def _internal(message):
    raise RuntimeError(f"internal inconsistency, please report it: {message}")


# ---------------------------------------------------------------------- commands
def _cmd_count(args):
    region, _ = _region(args)
    from . import api

    start = time.perf_counter()
    n = api.count(region, method=args.method, progress=_progress())
    elapsed = time.perf_counter() - start
    print(summary(n) if args.digits else decimal(n))
    if args.time:
        print(f"counted in {elapsed:.3f} s", file=sys.stderr)
    return EXIT_OK


def _prove(region, name, path):
    """Print why ``region`` has no tiling (and draw it); the exit status 1."""
    from . import certificates

    certificate = certificates.prove_impossible(region)
    if certificate is None:
        _internal(f"no tiling was found for {name}, yet no certificate either")
    if not certificate.verify(region):
        _internal("the certificate failed its own independent check")
    print(f"impossible: {name} has no domino tiling ({certificate.kind} certificate, checked)")
    print(certificate.explain())
    if path:
        _draw_certificate(certificate, path)
    return EXIT_IMPOSSIBLE


def _cmd_solve(args):
    _check_output(args.output)
    region, name = _region(args)
    from . import api

    tiling = api.find(region, method=args.method)
    if tiling is None:
        return _prove(region, name, args.output)
    _print_tiling(tiling, force=args.text)
    if args.output:
        _draw_tiling(tiling, args.output)
    return EXIT_OK


def _checked_cover(region, method="auto"):
    """A maximum cover, its optimality certificate (checked against each other) and the time."""
    from . import api, certificates

    tiling, dt = _timed(api.max_cover, region, method=method)
    bound = certificates.cover_bound(region)
    left = len(tiling.uncovered())
    if bound.deficiency != left or not bound.verify(region):
        _internal(f"cover leaves {left} cells, certificate proves {bound.deficiency}")
    return tiling, bound, dt


def _draw_cover(tiling, bound, path):
    """The cover beside its certificate, saved to ``path``."""
    from . import plot

    fig, axes = _pair_of_axes()
    plot.draw_tiling(tiling, ax=axes[0])
    plot.draw_certificate(bound, ax=axes[1])
    _save(fig, path)


def _cmd_cover(args):
    _check_output(args.output)
    region, _ = _region(args)
    tiling, bound, _ = _checked_cover(region, args.method)
    left = len(tiling.uncovered())
    _print_tiling(tiling, force=args.text)
    print(f"{len(tiling)} dominoes cover {2 * len(tiling)} of {region.n_cells} cells; "
          f"{left} left uncovered")
    if left == 0:
        print("optimal: every cell is covered (a perfect tiling)")
    else:
        print(f"optimal: no placement covers more ({bound.kind} certificate, checked)")
        print(bound.explain())
    if args.output and left == 0:
        _draw_tiling(tiling, args.output)
    elif args.output:
        _draw_cover(tiling, bound, args.output)
    return EXIT_OK


def _cmd_prove(args):
    _check_output(args.output)
    region, name = _region(args)
    from . import api, certificates

    certificate = certificates.prove_impossible(region)
    if certificate is not None:
        return _prove(region, name, args.output)
    print(f"tileable: {name} has a domino tiling, so there is no proof of impossibility")
    if args.output:
        tiling = api.find(region)
        if tiling is None:
            _internal(f"no certificate for {name}, yet no tiling either")
        _draw_tiling(tiling, args.output)
    else:
        print("(run `tiling solve` on it to see one)")
    return EXIT_OK


def _cmd_sample(args):
    _check_output(args.output)
    region, name = _region(args)
    from . import api

    try:
        tiling = api.sample(region, rng=args.seed, method=args.method)
    except TooLargeError:
        raise
    except TilingError:  # no tiling to sample from: say why, as solve does
        from . import certificates

        if certificates.prove_impossible(region) is not None:
            return _prove(region, name, args.output)
        raise
    _print_tiling(tiling, force=args.text)
    if args.output:
        aztec = args.aztec is not None
        _draw_tiling(tiling, args.output, colors="orientation" if aztec else "auto", arctic=aztec)
    return EXIT_OK


def _cmd_trees(args):
    region, _ = _region(args)
    from . import kirchhoff

    n = kirchhoff.spanning_trees(region, progress=_progress())
    print(summary(n) if args.digits else decimal(n))
    return EXIT_OK


def _cmd_demo(args):
    return _demo(args.output)


# ---------------------------------------------------------------------- demo
def _domino_neighbors(tiling):
    """Pairs (i, j) of dominoes sharing a side, read off the label grid.

    Independent of the colouring module, so the demo can check its answer.
    """
    import numpy as np

    labels = tiling.labels()
    pairs = []
    for a, b in ((labels[:, :-1], labels[:, 1:]), (labels[:-1, :], labels[1:, :])):
        touch = (a >= 0) & (b >= 0) & (a != b)
        pairs.append(np.stack([a[touch], b[touch]], axis=1))
    return np.concatenate(pairs)


class _DemoTable:
    """Prints one row per demo step as soon as it finishes, in fixed columns."""

    widths = (36, 42, 8)

    def __init__(self, folder):
        self.folder = folder
        self.start = time.perf_counter()
        self.files = 0
        print(self._line(("step", "result", "time", "file")))
        print(self._line(tuple("-" * w for w in self.widths) + ("-" * 30,)))

    def _line(self, cells):
        step, result, seconds, path = cells
        w1, w2, w3 = self.widths
        return f"{step:<{w1}} {result:<{w2}} {seconds:>{w3}}  {path}".rstrip()

    def row(self, step, result, seconds, path=None):
        self.files += path is not None
        shown = os.path.join(self.folder, path) if path else ""
        print(self._line((step, result, f"{seconds:.2f} s", shown)), flush=True)

    def close(self):
        total = time.perf_counter() - self.start
        print(f"\ndone in {total:.1f} s; {self.files} files in {self.folder}{os.sep}")


def _timed(func, *args, **kwargs):
    start = time.perf_counter()
    value = func(*args, **kwargs)
    return value, time.perf_counter() - start


def _demo_count_chessboard(table, folder):
    from . import api, examples

    board = examples.chessboard()
    n, dt = _timed(api.count, board)
    _draw_tiling(api.sample(board, rng=2024), os.path.join(folder, "chessboard.png"))
    table.row("count the tilings of the 8 x 8 board", f"{n:,} tilings", dt, "chessboard.png")


def _demo_proofs(table, folder):
    from . import certificates, examples

    for name, region, path in (
        ("the mutilated board", examples.mutilated_chessboard(), "mutilated-proof.png"),
        ("the 7 x 7 figure", examples.figure_7x7(), "figure7-proof.png"),
    ):
        cert, dt = _timed(certificates.prove_impossible, region)
        if cert is None or not cert.verify(region):
            _internal(f"no checked certificate for {name}")
        _draw_certificate(cert, os.path.join(folder, path))
        s, m = len(cert.cells), len(cert.neighbors)
        if cert.kind == "hall":
            result = f"Hall set: |S| = {s} > |N(S)| = {m}, checked"
        elif cert.kind == "color":
            result = f"colours: {s} cells vs {m}, checked"
        else:
            result = f"{cert.kind}: {s} cells, checked"
        table.row(f"prove {name} impossible", result, dt, path)


def _demo_cover(table, folder):
    from . import examples

    cover, bound, dt = _checked_cover(examples.figure_7x7())
    left = len(cover.uncovered())
    _draw_cover(cover, bound, os.path.join(folder, "figure7-cover.png"))
    table.row("maximum cover of the 7 x 7 figure",
              f"{len(cover)} dominoes, {left} cells left: optimal", dt, "figure7-cover.png")


def _demo_big_count(table, folder, n):
    from . import api
    from .region import Region

    board = Region.rectangle(n, n)
    big, dt = _timed(api.count, board)
    path = f"board-{n}x{n}.txt"
    with open(os.path.join(folder, path), "w") as fh:
        fh.write(decimal(big) + "\n")
    table.row(f"count the {n} x {n} board exactly", summary(big), dt, path)
    # A full board has a closed form; holes send the count through the general
    # determinant engine (exact arithmetic modulo primes).
    a, b = n // 3, 2 * n // 3
    holey = board.without([(a, a), (a, a + 1), (b, b), (b + 1, b)])
    count, dt = _timed(api.count, holey)
    table.row("the same with two domino-sized holes", summary(count), dt)


def _detail(tiling, colors, rows, cols):
    """The dominoes of ``tiling`` inside a window, as a tiling of their own, with their colours."""
    from .dominoes import Tiling
    from .region import Region

    d = tiling.dominoes
    inside = ((d[:, :, 0] >= rows[0]) & (d[:, :, 0] < rows[1])
              & (d[:, :, 1] >= cols[0]) & (d[:, :, 1] < cols[1])).all(axis=1)
    part = d[inside] - [rows[0], cols[0]]
    return Tiling(Region.from_cells(part.reshape(-1, 2)), part), colors[inside]


def _demo_aztec(table, folder, order):
    """Sample, draw with the arctic circle, 5-colour and check; returns nothing."""
    import numpy as np
    from matplotlib.patches import Rectangle

    from . import aztec, coloring, plot

    sample, dt = _timed(aztec.sample_aztec, order, rng=1)
    path = f"aztec-{order}.png"
    _draw_tiling(sample, os.path.join(folder, path), colors="orientation", arctic=True)
    table.row(f"sample an Aztec diamond of order {order}",
              f"{len(sample):,} dominoes, uniform", dt, path)

    colors, dt = _timed(coloring.color, sample, k=5)
    pairs = _domino_neighbors(sample)
    if colors.max() >= 5 or np.any(colors[pairs[:, 0]] == colors[pairs[:, 1]]):
        _internal("the 5-colouring is not proper")
    # The whole diamond is a texture at this size: show it beside a readable
    # detail where the frozen top corner meets the disordered middle.
    side = max(8, order // 5)
    top = max(0, int(order * 0.3) - side // 2)
    rows = (top, top + side)
    cols = (order - side // 2, order + side // 2)
    detail, detail_colors = _detail(sample, colors, rows, cols)
    fig, axes = _pair_of_axes()
    plot.draw_tiling(sample, colors=colors, ax=axes[0])
    axes[0].add_patch(Rectangle((cols[0], rows[0]), side, side, fill=False,
                                edgecolor="black", linewidth=1.5, zorder=5))
    axes[0].set_title(f"5-colouring of {len(sample):,} dominoes", fontsize=10)
    plot.draw_tiling(detail, colors=detail_colors, ax=axes[1], blocked=None)
    axes[1].set_title("detail (the square on the left)", fontsize=10)
    path = f"aztec-{order}-colours.png"
    _save(fig, os.path.join(folder, path), dpi=150)
    used = len(np.unique(colors))
    table.row(f"5-colour it ({len(sample):,} dominoes)",
              f"{used} colours, neighbours differ (checked)", dt, path)


def _demo_animation(table, folder, frames):
    from . import aztec, plot

    start = time.perf_counter()
    steps = aztec.shuffle_steps(frames, rng=3)
    _save(plot.animate_shuffling(steps), os.path.join(folder, "shuffling.gif"))
    table.row(f"animate shuffling, orders 1 to {frames}", f"{len(steps)} frames",
              time.perf_counter() - start, "shuffling.gif")


def _demo(folder, board_n=100, order=200, frames=24):
    """The built-in tour: every capability once, pictures into ``folder``."""
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as exc:
        raise UserError(f"cannot create the folder {folder}: {exc.strerror or exc}") from None
    print(f"tiling demo: the library on built-in examples; pictures go to {folder}{os.sep}\n")
    _pyplot()
    table = _DemoTable(folder)
    _demo_count_chessboard(table, folder)
    _demo_proofs(table, folder)
    _demo_cover(table, folder)
    _demo_big_count(table, folder, board_n)
    _demo_aztec(table, folder, order)
    _demo_animation(table, folder, frames)
    table.close()
    return EXIT_OK


# ---------------------------------------------------------------------- parser
_COMMANDS = {
    "count": (
        "count the domino tilings of a region, exactly",
        """Count the domino tilings of a region exactly, however many digits.

The count is printed in full (thousands of digits are fine); --digits prints
only its length and leading digits.  A progress bar appears on stderr during
long counts when stderr is a terminal.""",
        """examples:
  tiling count board.txt
  printf '....\\n....\\n' | tiling count -
  tiling count --rect 100x100 --digits
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
sides) exactly, by Kirchhoff's matrix-tree theorem.""",
        """examples:
  tiling trees --grid 8x8               # 126231322912498539682594816
  tiling trees region.txt --digits""",
    ),
    "demo": (
        "run the library on its built-in examples (about a minute)",
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
    from .api import COUNT_METHODS, COVER_METHODS, SAMPLE_METHODS

    parser = argparse.ArgumentParser(
        prog="tiling",
        description="Domino tilings of grid regions: count, find, prove impossible, "
                    "cover, sample, draw.",
        epilog="Regions are text pictures: '.' is a cell, '#' or space is not.\n"
               "exit status: 0 success; 1 the answer is 'impossible'; 2 bad input.\n"
               "Run `tiling COMMAND --help` for each command, `tiling demo` for a tour.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    from . import __version__

    parser.add_argument("--version", action="version", version=f"tiling {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    made = {}
    for name, (short, long, epilog) in _COMMANDS.items():
        made[name] = sub.add_parser(name, help=short, description=long, epilog=epilog,
                                    formatter_class=argparse.RawDescriptionHelpFormatter)
        made[name].set_defaults(func=globals()[f"_cmd_{name}"])

    # What each command takes, beyond its region (every command but demo takes one).
    methods = {"count": COUNT_METHODS, "solve": COVER_METHODS, "cover": COVER_METHODS,
               "sample": SAMPLE_METHODS}
    method_help = {
        "count": "dp: transfer matrix (narrow regions); kasteleyn: exact determinant "
                 "(any planar region); brute: tiny regions",
        "solve": "dp (narrow regions), hopcroft-karp or kuhn (matchings)",
        "cover": "dp (narrow regions), hopcroft-karp or kuhn (matchings)",
        "sample": "shuffling (Aztec diamonds) or dp",
    }
    for name, p in made.items():
        if name == "trees":
            _add_region_source(p, aztec=False, rect_names=("--grid", "--rect"))
        elif name != "demo":
            _add_region_source(p)
        if name in methods:
            p.add_argument("--method", choices=methods[name], default="auto",
                           help=f"{method_help[name]} (default: auto picks by size)")
        if name in ("count", "trees"):
            p.add_argument("--digits", action="store_true",
                           help="print the number of digits and a rounded value instead")
        if name in ("solve", "cover", "prove", "sample"):
            p.add_argument("-o", "--output", metavar="PICTURE",
                           help="also draw the answer to this file (.png, .svg or .pdf)")
        if name in ("solve", "cover", "sample"):
            p.add_argument("--text", action="store_true",
                           help=f"print the tiling even when wider than {MAX_TEXT_COLUMNS} columns")
    made["count"].add_argument("--time", action="store_true",
                               help="report the time taken on stderr")
    made["sample"].add_argument("--seed", type=_non_negative, default=None,
                                help="random seed (default: a fresh one each run)")
    made["demo"].add_argument("-o", "--output", metavar="DIR", default="demo-output",
                              help="folder for the pictures (default: demo-output)")
    return parser


def _cli_words(message):
    """Say the library's ``method='dp'`` as the command line's ``--method 'dp'``.

    Examples
    --------
    >>> _cli_words("use method='kasteleyn' or 'auto'")
    "use --method 'kasteleyn' or 'auto'"
    """
    return re.sub(r"\bmethod=", "--method ", message)


def main(argv=None):
    """Entry point of the ``tiling`` console script; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except UserError as exc:
        print(f"tiling: error: {exc}", file=sys.stderr)
    except TilingError as exc:  # from the library: bad region, method that cannot cope, ...
        print(f"tiling: error: {_cli_words(str(exc))}", file=sys.stderr)
    except MemoryError:
        print("tiling: error: out of memory: the input is too large for this machine",
              file=sys.stderr)
    except KeyboardInterrupt:
        print("\ntiling: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`tiling count ... | head`): not an error of ours.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
    return EXIT_BAD_INPUT


if __name__ == "__main__":
    sys.exit(main())
