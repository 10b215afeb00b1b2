"""The ``tiling`` command: a thin layer over the library's API.

Exit codes: 0 success, 1 when the answer is "impossible", 2 for bad input.
"""

import argparse
import sys

from . import examples
from .errors import TilingError

__all__ = ["main"]


def _cmd_demo(args):
    rows = []
    for name, make in examples.EXAMPLES.items():
        region = make()
        rows.append((name, region.n_cells, region.balance, len(region.components()), len(region.holes())))
    print(f"{'example':<12} {'cells':>6} {'balance':>8} {'components':>11} {'holes':>6}")
    for name, cells, balance, comps, holes in rows:
        print(f"{name:<12} {cells:>6} {balance:>8} {comps:>11} {holes:>6}")
    return 0


def build_parser():
    parser = argparse.ArgumentParser(
        prog="tiling",
        description="Domino tilings of grid regions: count, find, prove impossible, sample, draw.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="run the library on its built-in examples",
                          description="Run the library on its built-in examples.\n\nexample: tiling demo")
    demo.set_defaults(func=_cmd_demo)
    return parser


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except TilingError as exc:
        print(f"tiling: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
