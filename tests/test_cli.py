"""The ``tiling`` command, driven as a subprocess the way a person runs it.

The many small cases (bad files, exit statuses) call ``main(argv)`` in this
process instead: the same code less the interpreter start-up, which keeps the
file fast.  Answers are checked against independent methods computed here: Fibonacci
numbers for 2 x n strips, the memoised reference counter, networkx's maximum
matching for covers, sympy's exact determinant for spanning trees.
"""

import math
import os
import subprocess
import sys
from pathlib import Path

import mpmath
import networkx as nx
import pytest
import sympy

from tiling import Region, decimal, examples
from tiling import summarize as summary
from tiling.cli import main

from .reference import count_tilings_memo

ROOT = Path(__file__).resolve().parent.parent
PNG = b"\x89PNG\r\n\x1a\n"
BOX = "\u257a\u2501\u2578\u257b\u2579"  # the characters Tiling.to_ascii draws dominoes with


def tiling(*args, stdin=None, timeout=120, encoding="utf-8"):
    """Run ``python -m tiling.cli ARGS``; return the CompletedProcess (text mode)."""
    env = dict(os.environ, MPLBACKEND="Agg", PYTHONIOENCODING=encoding)
    return subprocess.run(
        [sys.executable, "-m", "tiling.cli", *map(str, args)],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        cwd=ROOT,
    )


class Done:
    """What an in-process run of main() left: like subprocess.CompletedProcess."""

    def __init__(self, returncode, stdout, stderr):
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr

    def __repr__(self):
        return f"Done({self.returncode}, stdout={self.stdout!r:.200}, stderr={self.stderr!r:.400})"


@pytest.fixture
def cli(capsys):
    """Run main(ARGV) in this process (no interpreter start-up): for the many small cases."""

    def run(*args):
        capsys.readouterr()
        try:
            code = main([str(a) for a in args])
        except SystemExit as exc:  # argparse
            code = exc.code
        out, err = capsys.readouterr()
        return Done(code, out, err)

    return run


def assert_one_line_error(done, *fragments):
    assert done.returncode == 2, done
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tiling: error: "), done.stderr
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
    assert done.stdout == ""


def full_str(n):
    """str(n) with Python's own conversion, without its 4300-digit limit."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return str(n)
    finally:
        sys.set_int_max_str_digits(limit)


def fibonacci(n):
    a, b = 1, 1  # tilings of the 2 x 0 and 2 x 1 strips
    for _ in range(n - 1):
        a, b = b, a + b
    return b


def domino_count(text):
    """Dominoes in a Tiling.to_ascii picture: one left end or one top end each."""
    return text.count("\u257a") + text.count("\u257b")


@pytest.fixture
def write(tmp_path):
    def make(name, content):
        path = tmp_path / name
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
        return path

    return make


HEART = """
 ..  ..
........
........
 ......
  ....
   ..
"""


# ---------------------------------------------------------------------- count
def test_count_chessboard_file(write):
    done = tiling("count", write("board.txt", "........\n" * 8))
    assert done.returncode == 0, done.stderr
    assert done.stdout == "12988816\n"


def test_progress_bar_only_when_stderr_is_a_terminal():
    argv = [sys.executable, "-m", "tiling.cli", "count", "--rect", "2x2000", "--method", "dp"]
    piped = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert piped.returncode == 0 and piped.stderr == ""
    master, slave = os.openpty()  # a pseudo-terminal stands in for the person watching
    try:
        at_tty = subprocess.run(
            argv, stdout=subprocess.PIPE, stderr=slave, text=True, cwd=ROOT, timeout=120
        )
    finally:
        os.close(slave)
    drawn = b""
    try:
        while chunk := os.read(master, 4096):
            drawn += chunk
    except OSError:  # Linux reports the closed terminal as EIO
        pass
    os.close(master)
    assert at_tty.stdout == piped.stdout
    assert b"100.0%" in drawn and b"[" in drawn


def test_count_reads_stdin_and_agrees_with_reference_counter():
    done = tiling("count", "-", stdin=HEART)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) == count_tilings_memo(Region.from_ascii(HEART).mask)


@pytest.mark.parametrize("method", ["auto", "dp", "kasteleyn", "brute"])
def test_count_every_method_gives_the_reference_count(method, write, cli):
    region = examples.holey_board()
    done = cli("count", write("holey.txt", region.to_ascii()), "--method", method)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) == count_tilings_memo(region.mask)


def test_count_prints_a_fibonacci_number_beyond_pythons_4300_digit_limit():
    n = 30000
    done = tiling("count", "--rect", f"2x{n}", "--method", "dp")
    assert done.returncode == 0, done.stderr
    expected = fibonacci(n)
    text = done.stdout.strip()
    assert text.isdigit() and len(text) > 4300
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)  # Python's own parser, unlimited, as the independent check
    try:
        assert int(text) == expected
    finally:
        sys.set_int_max_str_digits(limit)


def test_count_digits_gives_length_and_truncated_leading_digits(cli):
    n = 30000
    expected = full_str(fibonacci(n))
    digits = len(expected)
    done = cli("count", "--rect", f"2x{n}", "--method", "dp", "--digits")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"{digits} digits, {expected[0]}.{expected[1:4]}...e+{digits - 1}"
    done = cli("count", "--rect", f"2x{n}", "--digits", "12")  # auto: the closed form's logarithm
    assert (
        done.stdout.strip() == f"{digits} digits, {expected[0]}.{expected[1:12]}...e+{digits - 1}"
    )


def test_count_of_untileable_region_is_zero_with_exit_status_zero(cli):
    done = cli("count", "--example", "mutilated")
    assert (done.returncode, done.stdout) == (0, "0\n")


# ---------------------------------------------------------------------- bad input
def test_missing_file(cli, tmp_path):
    assert_one_line_error(cli("count", tmp_path / "nope.txt"), "nope.txt", "no such file")


def test_empty_file(cli, write):
    assert_one_line_error(cli("count", write("empty.txt", "")), "empty.txt", "empty")


def test_blank_stdin():
    assert_one_line_error(tiling("solve", "-", stdin="\n  \n"), "<stdin>", "empty")


def test_wrong_character_names_file_line_and_column(cli, write):
    path = write("shape.txt", "\n....\n..x.\n")
    assert_one_line_error(
        cli("count", path), "shape.txt: line 3, column 3", "unexpected character 'x'"
    )


def test_binary_file(write):
    path = write("picture.png", PNG + b"\x00\x00\x00\rIHDR\xff\xfe")
    assert_one_line_error(tiling("prove", path), "picture.png", "binary")


def test_non_utf8_text_names_line_and_column(cli, write):
    path = write("latin.txt", b"....\n..\xe9.\n")
    assert_one_line_error(cli("count", path), "latin.txt: line 2, column 3", "UTF-8")


def test_directory_instead_of_file(cli, tmp_path):
    assert_one_line_error(cli("sample", tmp_path), str(tmp_path), "directory")


def test_byte_order_mark_is_accepted(cli, write):
    done = cli("count", write("bom.txt", b"\xef\xbb\xbf..\n..\n"), "--method", "brute")
    assert (done.returncode, done.stdout) == (0, "2\n")


def test_method_that_cannot_cope_is_a_one_line_error(cli):
    assert_one_line_error(cli("count", "--rect", "10x10", "--method", "brute"), "--method")


@pytest.mark.parametrize(
    "argv",
    [
        ["frobnicate"],
        ["count"],
        ["count", "--rect", "0x5"],
        ["count", "--rect", "8x8", "--method", "magic"],
        ["count", "--rect", "8x8", "--example", "ring"],
        ["sample", "--aztec", "-3"],
    ],
)
def test_usage_errors_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert "usage:" in capsys.readouterr().err


def test_picture_into_missing_folder_fails_before_the_work(cli, tmp_path):
    done = cli("solve", "--example", "chessboard", "-o", tmp_path / "no" / "t.png")
    assert_one_line_error(done, "no such folder")


def test_picture_with_unknown_suffix(cli, tmp_path):
    assert_one_line_error(cli("solve", "--example", "ring", "-o", tmp_path / "t.xyz"), "suffix")


# ---------------------------------------------------------------------- solve / prove
def test_solve_prints_a_perfect_tiling_and_draws_it(write, tmp_path):
    out = tmp_path / "heart.png"
    done = tiling("solve", write("heart.txt", HEART), "-o", out)
    assert done.returncode == 0, done.stderr
    picture = done.stdout.rstrip("\n")
    assert set(picture) <= set(BOX) | {" ", "\n"}
    assert domino_count(picture) == Region.from_ascii(HEART).n_cells // 2
    assert out.read_bytes().startswith(PNG)


def test_solve_on_a_terminal_without_unicode_falls_back_to_plain_ascii():
    done = tiling("solve", "--rect", "2x3", "--method", "dp", encoding="ascii")
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("[=") + done.stdout.count("n") == 3  # one end of each domino
    assert not set(done.stdout) - set("[=]nu .\n")


def test_solve_untileable_region_prints_the_proof_and_exits_1(tmp_path):
    out = tmp_path / "proof.png"
    done = tiling("solve", "--example", "mutilated", "-o", out)
    assert done.returncode == 1, done.stderr
    assert "impossible" in done.stdout and "proof by chessboard colours" in done.stdout
    assert "32 black cells (S) and only 30 white ones (N)" in done.stdout
    assert out.read_bytes().startswith(PNG)


def test_prove_hall_certificate_for_the_7x7_figure(tmp_path):
    out = tmp_path / "figure7.png"
    done = tiling("prove", "--example", "figure7", "-o", out)
    assert done.returncode == 1, done.stderr
    assert "hall" in done.stdout.lower() and "checked" in done.stdout
    assert out.read_bytes().startswith(PNG)


def test_prove_on_a_tileable_region_says_so_and_exits_0(cli, write):
    done = cli("prove", write("two.txt", "...\n...\n"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("tileable")


def test_solve_and_prove_agree_on_exit_status(cli, write):
    odd = write("odd.txt", "...\n")
    assert cli("solve", odd).returncode == cli("prove", odd).returncode == 1


# ---------------------------------------------------------------------- cover
def test_cover_leaves_as_few_cells_as_networkx_matching(cli, tmp_path):
    region = examples.figure_7x7()
    graph = region.to_networkx()
    top = {v for v, d in graph.nodes(data=True) if d["bipartite"] == 0}
    best = len(nx.bipartite.hopcroft_karp_matching(graph, top_nodes=top)) // 2
    out = tmp_path / "cover.png"
    done = cli("cover", "--example", "figure7", "-o", out)
    assert done.returncode == 0, done.stderr
    assert domino_count(done.stdout) == best
    assert f"{best} dominoes cover {2 * best} of {region.n_cells} cells" in done.stdout
    assert f"{region.n_cells - 2 * best} cells left uncovered" in done.stdout
    assert "optimal" in done.stdout
    assert out.read_bytes().startswith(PNG)


def test_cover_of_tileable_region_is_perfect(cli):
    done = cli("cover", "--rect", "4x4")
    assert done.returncode == 0, done.stderr
    assert "0 cells left uncovered" in done.stdout


# ---------------------------------------------------------------------- sample
def test_sample_aztec_is_reproducible_and_draws_with_the_arctic_circle(tmp_path):
    out = tmp_path / "aztec.png"
    first = tiling("sample", "--aztec", 6, "--seed", 5, "-o", out)
    second = tiling("sample", "--aztec", 6, "--seed", 5)
    assert first.returncode == second.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    assert domino_count(first.stdout) == 6 * 7  # 2n(n+1) cells
    assert out.read_bytes().startswith(PNG)


def test_sample_of_a_file_is_a_perfect_tiling(cli, write):
    done = cli("sample", write("heart.txt", HEART), "--seed", 3)
    assert done.returncode == 0, done.stderr
    assert domino_count(done.stdout) == Region.from_ascii(HEART).n_cells // 2


def test_sample_of_untileable_region_exits_1(cli):
    done = cli("sample", "--example", "figure7")
    assert done.returncode == 1, done.stderr
    assert "impossible" in done.stdout


def test_sample_of_untileable_region_exits_1_whatever_the_method(cli):
    # as in 0.1: a region without a tiling gets its proof, even when the
    # method asked for does not apply to it
    done = cli("sample", "--example", "figure7", "--method", "shuffling")
    assert done.returncode == 1, done
    assert "impossible" in done.stdout and "proof by a Hall set" in done.stdout
    # a tileable region that the method does not apply to is bad input
    assert_one_line_error(
        cli("sample", "--rect", "4x4", "--method", "shuffling"), "--method 'shuffling'", "Aztec"
    )


def test_sample_beyond_the_dp_is_a_one_line_error_and_auto_samples_it(cli):
    assert_one_line_error(cli("sample", "--rect", "60x60", "--method", "dp"), "2**60")
    done = cli("sample", "--rect", "60x60")
    assert done.returncode == 0 and domino_count(done.stdout) == 1800
    seed = int(done.stderr.split()[1])  # the seed it used, printed so it can be given again
    again = cli("sample", "--rect", "60x60", "--seed", seed)
    assert again.stdout == done.stdout and again.stderr == ""


def test_wide_tiling_is_summarised_not_printed(cli, monkeypatch):
    monkeypatch.delenv("COLUMNS", raising=False)  # not a terminal: 200 columns
    done = cli("sample", "--rect", "2x150", "--seed", 1)
    assert done.returncode == 0, done.stderr
    assert "300 characters wide, wider than the terminal's 200 columns" in done.stdout
    assert domino_count(done.stdout) == 0


def test_text_width_guard_counts_terminal_columns_not_cells(monkeypatch, cli):
    # a 2 x 30 board prints 60 characters a line: fine on 80 columns, not on 50
    monkeypatch.setenv("COLUMNS", "80")
    done = cli("solve", "--rect", "2x30")
    assert domino_count(done.stdout) == 30
    assert max(len(line) for line in done.stdout.splitlines()) == 60
    monkeypatch.setenv("COLUMNS", "50")
    done = cli("solve", "--rect", "2x30")
    assert domino_count(done.stdout) == 0 and "wider than the terminal's 50 columns" in done.stdout
    done = cli("solve", "--rect", "2x30", "--text")
    assert domino_count(done.stdout) == 30
    # the Hall map too: figure7 is 7 columns wide
    monkeypatch.setenv("COLUMNS", "5")
    done = cli("prove", "--example", "figure7")
    assert "the map of the marked cells is 7 characters wide" in done.stdout


# ---------------------------------------------------------------------- trees
def reduced_laplacian_det(region):
    graph = region.to_networkx()
    lap = nx.laplacian_matrix(graph, nodelist=sorted(graph)).toarray()
    return int(sympy.Matrix(lap[1:, 1:]).det())


def test_trees_of_the_8x8_grid():
    done = tiling("trees", "--grid", "8x8")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "126231322912498539682594816\n"


def test_trees_of_a_file_region_match_the_matrix_tree_determinant(cli, write):
    region = Region.from_ascii(HEART)
    done = cli("trees", write("heart.txt", HEART))
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) == reduced_laplacian_det(region)


# ---------------------------------------------------------------------- help and laziness
@pytest.mark.parametrize("command", ["count", "solve", "cover", "prove", "sample", "trees", "demo"])
def test_every_command_has_help_with_an_example(command, capsys):
    with pytest.raises(SystemExit) as exc:
        main([command, "--help"])
    assert exc.value.code == 0
    text = capsys.readouterr().out
    assert "example" in text and f"tiling {command}" in text


def test_help_is_quick_because_solvers_and_matplotlib_load_lazily():
    code = (
        "import sys\n"
        "from tiling.cli import main\n"
        "try:\n    main(['count', '--help'])\nexcept SystemExit:\n    pass\n"
        "heavy = [m for m in ('matplotlib', 'networkx', 'tiling.counting.transfer',"
        " 'tiling.counting.kasteleyn', 'tiling.plot', 'tiling.proofs.certificates')"
        " if m in sys.modules]\n"
        "print('HEAVY', heavy)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert "HEAVY []" in done.stdout, done.stdout + done.stderr


# ---------------------------------------------------------------------- numbers
def test_decimal_and_summary_on_large_and_rounding_cases():
    assert decimal(10**5000) == "1" + "0" * 5000
    assert decimal(-(10**4400) - 7).endswith("07")
    assert summary(99995) == "5 digits, 1.000e+5"  # rounding carries into the exponent
    assert summary(12345) == "5 digits, 1.234e+4"  # half to even at the fourth digit
    assert summary(7) == "1 digit, 7"


# ---------------------------------------------------------------------- demo
def test_demo_writes_every_picture_and_the_summary(tmp_path):
    folder = tmp_path / "out"
    done = tiling("demo", "-o", folder, timeout=300)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "12,988,816 tilings" in out
    assert "Hall set: |S|" in out and "colours: 32 black vs 30 white" in out
    assert "the same with two domino-sized holes" in out
    assert "exact (cftp), a hole" in out and "frozen facets" in out
    for name in (
        "chessboard.png",
        "mutilated-proof.png",
        "figure7-proof.png",
        "figure7-cover.png",
        "aztec-200.png",
        "aztec-200-colours.png",
        "heart.png",
        "aztec-heights.png",
        "temperley.png",
    ):
        assert (folder / name).read_bytes().startswith(PNG), name
        assert str(folder / name) in out
    assert (folder / "shuffling.gif").read_bytes()[:6] in (b"GIF89a", b"GIF87a")
    assert "\\begin{tikzpicture}" in (folder / "chessboard.tex").read_text()
    assert str(folder / "shuffling.gif") in out
    # The exact 100 x 100 count: 2^50 times an odd square (Pachter 1997), with the
    # leading digits and length of Kasteleyn's product formula summed in logarithms.
    count = int((folder / "board-100x100.txt").read_text())
    odd, rest = divmod(count, 2**50)
    assert rest == 0 and odd % 2 == 1 and math.isqrt(odd) ** 2 == odd
    with mpmath.workdps(40):
        log10 = mpmath.fsum(
            mpmath.log10(
                4 * mpmath.cos(mpmath.pi * j / 101) ** 2 + 4 * mpmath.cos(mpmath.pi * k / 101) ** 2
            )
            for j in range(1, 51)
            for k in range(1, 51)
        )
        digits = int(mpmath.floor(log10)) + 1
        leading = int(mpmath.floor(mpmath.power(10, log10 - digits + 15)))
    text = decimal(count)
    assert len(text) == digits and text[:14] == str(leading)[:14]
    assert f"{digits} digits" in out


# ---------------------------------------------------------------------- benchmarks/run_all.py
def test_run_all_gathers_tables_and_reports_a_failing_benchmark(tmp_path):
    (tmp_path / "bench_alpha.py").write_text(
        "def main(quick=False):\n"
        "    return '## Alpha\\n\\n| case | ours | baseline | ratio |\\n|---|---|---|---|\\n"
        "| q | ' + str(quick) + ' | 2 | 2 |'\n"
    )
    (tmp_path / "bench_beta.py").write_text(
        "def main(quick=False):\n    raise ValueError('broken')\n"
    )
    output = tmp_path / "RESULTS.md"
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "run_all.py"),
            "--quick",
            "--folder",
            str(tmp_path),
            "--output",
            str(output),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    text = output.read_text()
    assert text == done.stdout
    assert "## Machine" in text and "CPU:" in text and "Python" in text and "numpy" in text
    assert "## Alpha" in text and "| q | True |" in text
    assert "## beta" in text and "ValueError: broken" in text
