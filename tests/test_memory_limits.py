"""The large cases of issue 21 under an address-space limit: a correct answer or a clean refusal.

One child process under ``resource.setrlimit(RLIMIT_AS)`` (4 GiB) runs the
cases that used to abort, blow up or raise a raw MemoryError, and reports
each outcome; the test asserts the child ended normally (no signal, no
abort) and that every case gave the right answer or a TooLargeError.
Behaviour only, no timing.
"""

import json
import subprocess
import sys

LIMIT_GIB = 4

CHILD = r"""
import json, resource, sys
limit = int(sys.argv[1]) * 2**30
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
import numpy as np
import tiling
from tiling import Region
from tiling.counting import aztec_count

P = 2**61 - 1
out = {}

def case(name, call):
    try:
        out[name] = ["ok", call()]
    except tiling.TooLargeError as exc:
        out[name] = ["TooLargeError", str(exc)]
    except MemoryError as exc:
        out[name] = ["MemoryError", str(exc)]

case("rectangle 4 x 100000", lambda: tiling.count(Region.rectangle(4, 100000)) % P)
case("aztec 5000 bits", lambda: tiling.count(Region.aztec_diamond(5000)).bit_length())
case("26 x 26 by the dp", lambda: tiling.count(Region.rectangle(26, 26), method="dp"))
case("broadcast view", lambda: Region.from_mask(np.broadcast_to(np.array(True), (2**16, 2**15))))
case("mask over the limit", lambda: Region.from_mask(np.broadcast_to(np.array(True), (40000, 27000))))
case("aztec_count(2**70)", lambda: aztec_count(2**70))
far = Region.from_cells([(0, 0), (0, 1), (20000, 20000), (20000, 20001)])
case("sparse find", lambda: tiling.find(far).dominoes.tolist())
case("sparse max_cover", lambda: len(tiling.max_cover(far)))
case("sparse sample", lambda: tiling.sample(far, rng=0).is_perfect)
case("sparse prove_impossible", lambda: tiling.prove_impossible(far) is None)
case("sparse cover_bound", lambda: tiling.cover_bound(far).deficiency)
case("sparse spanning_trees", lambda: tiling.spanning_trees(far))
case("sparse biadjacency", lambda: int(far.biadjacency()[0].sum()))
case("sparse count", lambda: tiling.count(far))
odd = Region.from_cells([(0, 0), (0, 1), (20000, 20000), (20000, 20002)])
case("sparse odd proof", lambda: tiling.prove_impossible(odd).cells.tolist())
case("sample_aztec 1500", lambda: tiling.sample_aztec(1500, rng=0).is_perfect)
print(json.dumps(out))
"""


def width_four(n, p):
    """Tilings of the 4 x n board mod p: a(n) = a(n-1) + 5 a(n-2) + a(n-3) - a(n-4)."""
    a = [1, 1, 5, 11]
    for _ in range(n - 3):
        a = [a[1], a[2], a[3], (a[3] + 5 * a[2] + a[1] - a[0]) % p]
    return a[3]


def test_the_large_cases_answer_or_refuse_cleanly_under_a_memory_limit():
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(LIMIT_GIB)], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, f"status {done.returncode}: {done.stderr[-2000:]}"
    out = json.loads(done.stdout)
    assert not [k for k, (kind, _) in out.items() if kind == "MemoryError"], out
    assert out["rectangle 4 x 100000"] == ["ok", width_four(100000, 2**61 - 1)]
    assert out["aztec 5000 bits"] == ["ok", 5000 * 5001 // 2 + 1]
    for refused in ("26 x 26 by the dp", "broadcast view", "mask over the limit"):
        assert out[refused][0] == "TooLargeError" and "GiB" in out[refused][1], out[refused]
    assert out["aztec_count(2**70)"][0] == "TooLargeError"
    assert out["sparse find"] == ["ok", [[[0, 0], [0, 1]], [[20000, 20000], [20000, 20001]]]]
    assert out["sparse max_cover"] == ["ok", 2]
    assert out["sparse sample"] == ["ok", True]
    assert out["sparse prove_impossible"] == ["ok", True]
    assert out["sparse cover_bound"] == ["ok", 0]
    assert out["sparse spanning_trees"] == ["ok", 0]  # two pieces: no spanning tree
    assert out["sparse biadjacency"] == ["ok", 2]
    assert out["sparse count"] == ["ok", 1]
    assert out["sparse odd proof"] == ["ok", [[20000, 20000]]]
    assert out["sample_aztec 1500"] == ["ok", True]
