"""Reading regions from the command line, and printing tilings to the terminal."""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import time

from ..errors import ParseError

__all__ = [
    "UserError",
    "FALLBACK_COLUMNS",
    "terminal_columns",
    "EXIT_OK",
    "EXIT_IMPOSSIBLE",
    "EXIT_BAD_INPUT",
]

EXIT_OK, EXIT_IMPOSSIBLE, EXIT_BAD_INPUT = 0, 1, 2

#: Width of the text (in characters) printed unless --text is given, when
#: standard output is not a terminal (a pipe, a file) and COLUMNS is unset.
FALLBACK_COLUMNS = 200

#: How a certificate's kind reads in a sentence.
PROOF_WORDS = {"parity": "an odd piece", "color": "chessboard colours", "hall": "a Hall set"}


def terminal_columns():
    """Columns of the terminal showing standard output (COLUMNS, else the terminal, else 200)."""
    return shutil.get_terminal_size((FALLBACK_COLUMNS, 24)).columns


class UserError(Exception):
    """A one-line message for the person at the terminal; exit status 2."""


#: Largest input file the command line reads (a picture of about 8000 x 8000 cells,
#: or a tiling of 2500 x 2500); /dev/zero or an endless pipe stops here.
MAX_INPUT_BYTES = 64 * 2**20


def _read_capped(stream, name):
    """At most MAX_INPUT_BYTES of ``stream``, in chunks: a binary or endless input stops early."""
    chunks, total = [], 0
    while True:
        chunk = stream.read(2**20)
        if not chunk:
            return b"".join(chunks)
        if b"\0" in chunk:
            raise UserError(f"{name}: a binary file, not a text picture of a region")
        total += len(chunk)
        if total > MAX_INPUT_BYTES:
            raise UserError(
                f"{name}: more than {MAX_INPUT_BYTES // 2**20} MiB of input, over the limit of "
                "the command line (use the Python API for larger regions)"
            )
        chunks.append(chunk)


def read_text(path):
    """The text of ``path`` (``-``: standard input), or a UserError saying why not."""
    name = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            data = _read_capped(sys.stdin.buffer, name)
        else:
            with open(path, "rb") as fh:
                data = _read_capped(fh, name)
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


def region_from_file(path):
    from ..model.region import Region

    name, text = read_text(path)
    try:
        return Region.from_ascii(text), name
    except ParseError as exc:
        raise UserError(f"{name}: {exc}") from None


def size(text):
    """argparse type for ``MxN``."""
    match = re.fullmatch(r"\s*(\d+)\s*[xX×,]\s*(\d+)\s*", text)
    if not match or not all(int(g) > 0 for g in match.groups()):
        raise argparse.ArgumentTypeError(f"expected ROWSxCOLUMNS such as 8x8, got {text!r}")
    return int(match.group(1)), int(match.group(2))


def positive(text):
    """argparse type for a positive integer."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}")
    return value


def non_negative(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a non-negative integer, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a non-negative integer, got {text!r}")
    return value


def region_from_args(args):
    """The region the command line names, and a short name for messages."""
    from ..model import examples
    from ..model.region import Region

    if getattr(args, "aztec", None):
        n = args.aztec
        return Region.aztec_diamond(n), f"the Aztec diamond of order {n}"
    if getattr(args, "rect", None):
        h, w = args.rect
        return Region.rectangle(h, w), f"the {h} x {w} board"
    if getattr(args, "example", None):
        return examples.EXAMPLES[args.example](), f"the example {args.example!r}"
    return region_from_file(args.file)


class _ExampleNames:
    """The names of the built-in regions, read on first use.

    argparse only looks at its choices when ``--example`` is given (or for
    ``--help``), so ``tiling --version`` does not import numpy for them.
    """

    def _names(self):
        from ..model import examples

        return sorted(examples.EXAMPLES)

    def __contains__(self, name):
        return name in self._names()

    def __iter__(self):
        return iter(self._names())


def add_region_source(parser, aztec=True, rect_names=("--rect",)):
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument(
        "file",
        nargs="?",
        metavar="FILE",
        help="text picture of the region: '.' a cell, '#' or space none; '-' reads stdin",
    )
    group.add_argument(
        "--example", choices=_ExampleNames(), help="a built-in region instead of a file"
    )
    group.add_argument(
        *rect_names,
        dest="rect",
        type=size,
        metavar="MxN",
        help="the full M x N board instead of a file",
    )
    if aztec:
        group.add_argument(
            "--aztec",
            type=positive,
            metavar="N",
            help="the Aztec diamond of order N instead of a file",
        )


def show_progress():
    """Progress bars go to stderr, and only when a person is watching it."""
    return sys.stderr.isatty()


def fits_encoding(text, stream):
    try:
        text.encode(stream.encoding or "ascii")
        return True
    except (UnicodeEncodeError, LookupError):
        return False


# Plain-ASCII stand-ins for Tiling.to_ascii's box-drawing characters, for
# terminals that cannot show them: [==] a horizontal domino, n over u a vertical one.
_PLAIN = str.maketrans(
    {"\u257a": "[", "\u2501": "=", "\u2578": "]", "\u257b": "n", "\u2579": "u", "\u00b7": "."}
)


def print_tiling(tiling, force=False):
    """The tiling as text, two characters a cell, unless it is wider than the terminal."""
    from .._format import quantity

    width = 2 * tiling.region.shape[1]
    columns = terminal_columns()
    if width > columns and not force:
        print(
            f"({quantity(len(tiling), 'domino', 'dominoes')}; the text picture is {width:,} "
            f"characters wide, wider than the terminal's {columns} columns: use -o FILE.png "
            "for a picture, or --text)"
        )
        return
    print_text(tiling.to_ascii())


def print_text(text):
    """Print ``text``, in plain ASCII on a terminal that cannot show box drawing."""
    if not fits_encoding(text, sys.stdout):
        text = text.translate(_PLAIN)
    print(text)


def print_proof(certificate):
    """The certificate's letter map (when it fits the terminal), then its explanation."""
    width = certificate.region.bounding_box()[3]
    columns = terminal_columns()
    if width <= columns:
        print(certificate.to_ascii())
        print()
    else:
        print(
            f"(the map of the marked cells is {width:,} characters wide, wider than the "
            f"terminal's {columns} columns: use -o FILE.png for a picture)"
        )
    print(certificate.explain())


def internal(message):
    raise RuntimeError(f"internal inconsistency, please report it: {message}")


def timed(func, *args, **kwargs):
    start = time.perf_counter()
    value = func(*args, **kwargs)
    return value, time.perf_counter() - start
