"""Ctrl-C leaves nothing behind (issue 21): no worker process, no temporary or half-written file.

Each case runs in a child process in its own session, with its own
temporary folder; SIGINT goes to the whole process group, as a terminal's
Ctrl-C does, once the work is under way.  Behaviour only: the child ends
with the interrupted status, every process of its group is gone, and the
temporary and output folders hold nothing new.
"""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")


def _group(pgid):
    """Pids of the live processes in process group ``pgid`` (from /proc)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if int(fields[2]) == pgid and fields[0] != "Z":
            pids.append(int(entry.name))
    return pids


def _interrupt(argv, tmp_path, ready, wait=120):
    """Run ``argv`` in a new session; SIGINT its group once ``ready(stderr_so_far)``."""
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = dict(os.environ, TMPDIR=str(tmp), MPLBACKEND="Agg")
    err_path = tmp_path / "stderr.txt"
    with open(err_path, "wb") as err:
        child = subprocess.Popen(
            argv,
            cwd=tmp_path,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=err,
            start_new_session=True,
        )
        deadline = time.monotonic() + wait
        while not ready(err_path.read_text(errors="replace")):
            assert child.poll() is None, err_path.read_text()
            assert time.monotonic() < deadline, "the work never got under way"
            time.sleep(0.1)
        os.killpg(child.pid, signal.SIGINT)
        status = child.wait(timeout=wait)
    time.sleep(0.5)  # the workers' own exits
    return status, err_path.read_text(errors="replace"), _group(child.pid), list(tmp.iterdir())


def test_ctrl_c_during_parallel_sampling_stops_every_worker(tmp_path):
    code = (
        "import sys\n"
        "from concurrent.futures import ProcessPoolExecutor\n"
        "import tiling\n"
        "board = tiling.Region.rectangle(48, 48)\n"
        "with ProcessPoolExecutor(2) as pool:\n"
        "    tiling.sample(board, rng=0, size=2, executor=pool)  # workers started\n"
        "    print('started', file=sys.stderr, flush=True)\n"
        "    tiling.sample(board, rng=1, size=400, executor=pool)\n"
    )
    status, err, left, tmp = _interrupt(
        [sys.executable, "-c", code], tmp_path, lambda err: "started" in err
    )
    assert status != 0 and "KeyboardInterrupt" in err
    assert left == [], f"processes left running: {left}"
    assert tmp == []


def test_ctrl_c_on_the_command_line_exits_130_with_one_line_and_nothing_left(tmp_path):
    argv = [sys.executable, "-m", "tiling.cli", "count", "--rect", "2x1000000"]
    status, err, left, tmp = _interrupt(argv, tmp_path, lambda err: "Ctrl-C stops it" in err)
    assert status == 130, err
    assert "Traceback" not in err and err.strip().splitlines()[-1] == "tiling: interrupted"
    assert left == [] and tmp == []


def test_an_interrupted_save_leaves_neither_the_picture_nor_a_temporary_file(tmp_path, monkeypatch):
    import matplotlib.figure

    import tiling
    from tiling import plot

    def interrupted(self, fname, **kwargs):
        Path(fname).write_bytes(b"half a picture")
        raise KeyboardInterrupt

    monkeypatch.setattr(matplotlib.figure.Figure, "savefig", interrupted)
    with pytest.raises(KeyboardInterrupt):
        plot.save(tiling.Region.rectangle(2, 2), tmp_path / "board.png")
    assert list(tmp_path.iterdir()) == []
