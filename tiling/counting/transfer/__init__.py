"""Broken-profile transfer-matrix DP: count, find, cover and sample for narrow regions.

The region is swept cell by cell in row-major order (after turning it so that
its rows are the short side, of width ``w``).  Before cell ``(r, c)`` the
*profile* is a ``w``-bit word: bit ``j`` tells whether the frontier cell in
column ``j`` (``(r + 1, j)`` for ``j < c``, ``(r, j)`` for ``j >= c``) is
already covered by a domino sticking out of the swept part.  Processing a cell
moves weight between profiles: a covered cell just clears its bit, a free one
starts a vertical domino (sets its bit, which now means the cell below) or a
horizontal one (sets bit ``c + 1``), or, for covers and monomer-dimer
polynomials, stays empty.  One step costs O(2**w); a region costs
O(cells 2**w).

Implementation notes (why it is fast):

* The profile vector is a numpy array over all ``2**w`` words, so there is no
  Python loop over profiles.
* "Covered -> clear bit, free -> set bit" is a relabelling of the array
  (index XOR ``1 << c``), so it is not done at all: the array is kept under a
  running XOR mask ``f`` (logical profile ``s`` lives at index ``s ^ f``).  A
  step then only touches a quarter of the array (the horizontal domino), plus
  a half when the cell below is missing (those profiles are cleared).
* Only the physical profiles with an even number of set bits can be non-zero
  (the relabelling moves nothing, a horizontal domino flips two bits), so the
  counting and boolean sweeps store just those: half the memory and time.
* Counts are exact integers held as signed 64-bit *limbs* of
  :data:`LIMB_BITS` bits, with lazy carries (one vectorised carry pass every
  ~15 steps).  The number of limbs grows with the values, so no a-priori bound
  on the count is needed and early rows cost one limb.  (Measured faster than
  the same DP modulo 62-bit primes combined by the CRT, which needs every
  prime from the first row on and a modular reduction per step: 0.56 s
  against 2.05 s of CPU time for the 20 x 20 board, three primes, both
  before the parity halving above.)
* Reconstruction (find, cover, sample) walks the steps backwards from the
  final profile, undoing each step in place.  A step of the counting DP is
  undone by a subtraction (the values stay exact, whatever carries happened
  since), so sampling needs no table of additions: memory is O(2**w) plus
  the profiles cleared under missing cells (half an array each, the whole
  array in the packed top column).  Boolean (find) and min-plus (cover)
  steps cannot be subtracted, so their overwritten quarter/half is logged:
  O(n 2**w) bytes for n cells.  When that log would exceed
  :data:`MEMORY_BUDGET`, the sweep keeps a checkpoint every K steps and
  recomputes one segment of K steps at a time with its log, K chosen so that
  the n/K checkpoints plus one segment's log take the least memory (about
  ``2 sqrt(n * array * step log)`` bytes, at K ~ sqrt(n * array / step log)),
  for about one more sweep of time; when even that exceeds the budget the
  DP refuses with TooLargeError.  Each backward step looks at the at most
  three predecessors of a single profile, never the whole array.
* Components are taken from :meth:`Region.cropped_components` (cost
  O(cells + box) however many there are), and components of identical shape
  share one plan and one sweep (not when sampling, where each piece draws
  its own tiling), so regions of many small pieces stay fast.

References: the transfer-matrix method for dimers goes back to Lieb (1967);
the broken-profile ("plug") DP is the textbook version, e.g. Knuth,
TAOCP 7.2.2.
"""

from ._api import count_tilings, dimer_polynomial, estimated_seconds, max_cover
from ._budget import MAX_WIDTH, MEMORY_BUDGET
from ._rings import LIMB_BITS

__all__ = [
    "count_tilings",
    "max_cover",
    "dimer_polynomial",
    "estimated_seconds",
    "MAX_WIDTH",
    "MEMORY_BUDGET",
    "LIMB_BITS",
]
