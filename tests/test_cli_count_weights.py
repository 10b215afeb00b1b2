"""``tiling count --weights``, ``--boundary`` and ``--log``, in this process."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
import sympy

import tiling
from tiling import Region
from tiling.cli import main


def run(capsys, *args):
    capsys.readouterr()
    try:
        code = main([str(a) for a in args])
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out.strip(), err.strip()


def test_weights_accept_ints_fractions_decimals_and_symbols(capsys):
    board = Region.rectangle(4, 4)
    code, out, _ = run(capsys, "count", "--rect", "4x4", "--weights", "2,3")
    assert code == 0 and int(out) == tiling.count(board, weights=(2, 3))
    code, out, _ = run(capsys, "count", "--rect", "4x4", "--weights", "1/2,3")
    assert Fraction(out) == tiling.count(board, weights=(Fraction(1, 2), 3))
    code, out, _ = run(capsys, "count", "--rect", "4x4", "--weights", "0.5,3")
    assert float(out) == pytest.approx(float(tiling.count(board, weights=(Fraction(1, 2), 3))))
    code, out, _ = run(capsys, "count", "--rect", "4x4", "--weights", "1,q")
    assert sympy.expand(sympy.sympify(out) - tiling.generating_function(board).as_expr()) == 0
    assert out.count("q") == 4


def test_boundary_and_log(capsys):
    assert run(capsys, "count", "--rect", "4x4", "--boundary", "torus")[1] == "272"
    assert run(capsys, "count", "--rect", "3x4", "--boundary", "cylinder")[1] == "32"
    code, out, _ = run(capsys, "count", "--rect", "8x8", "--log")
    assert math.isclose(float(out), math.log(12988816))
    code, out, _ = run(capsys, "count", "--rect", "100x100", "--weights", "0.5,1.5", "--log")
    assert code == 0 and float(out) > 0


def test_bad_weights_are_one_line_errors(capsys):
    code, _, err = run(capsys, "count", "--rect", "4x4", "--weights", "1")
    assert code != 0 and "two weights" in err and len(err.splitlines()) == 1
    code, _, err = run(capsys, "count", "--rect", "4x4", "--weights", "1,x+")
    assert code != 0 and "cannot read the weight" in err
    code, _, err = run(capsys, "count", "--rect", "300x300", "--weights", "0.5,1.5")
    assert code != 0 and "log=True" in err
