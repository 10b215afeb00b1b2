"""Exact integer determinants of sparse integer matrices.

``det`` returns ``det A`` as a Python int, proven: no floating point, no
probabilistic step.  It works in two stages.

1. **Sweep over the integers** (planned once, symbolically).  Scan the rows
   in a bandwidth-reducing order; row ``i`` *defines* a column ``sigma(i)``
   that no earlier row mentions, preferably one where its entry is a unit
   (+1 or -1).  In scan order ``T = A[rows, sigma]`` is lower triangular with
   nonzero diagonal, so no pivot can vanish, modulo any prime or otherwise.
   The other columns are *free*, the other rows *constraints*; with ``A``
   permuted to ``[[T, C], [R, E]]``, ``det A = +-det T * det S`` for the dense
   Schur complement ``S = E - R T^-1 C``.  Each defined column is carried as
   an integer vector over the free columns, an integer combination of earlier
   vectors given by its row's few entries; rows whose inputs are ready form a
   *level* and are combined together with numpy object arrays.  With unit
   pivots (grid Laplacians, Kasteleyn matrices) ``T^-1`` is an integer matrix
   and nothing is divided; other pivots make the vectors share a common
   denominator, the least common multiple of the pivots met so far.
2. **Multimodular determinant of S.**  ``det S`` modulo word-size primes
   (python-flint ``nmod_mat``, with pivoting, so a determinant divisible by a
   prime gives residue 0 exactly and singular matrices give 0), combined by
   the Chinese remainder theorem.  The primes' product exceeds twice
   Hadamard's bound for ``A``, computed exactly.  When ``S`` is large (and no
   executor is given) a p-adic solve ``S x = b`` for a random ``b`` first
   yields a divisor ``D`` of ``det S`` (the common denominator of ``x``, by
   Cramer's rule), usually almost all of it; then only ``det S / D``, whose
   bound is Hadamard's divided by ``D``, is computed modulo primes.

For a grid graph with ``h`` rows of width ``w`` scanned row by row the defined
column of a cell is the cell below it, the free columns are the first row and
``S`` is about ``w x w``: this is the transfer-matrix method, found
automatically.  The vectors' entries are minors of ``A`` with O(h) bits, about
``w`` times shorter than the determinant, so one sweep over the integers costs
far less than one sweep per prime.  Where few entries are units the sweep
pivots on other entries (carrying a common denominator), so ``S`` stays small
for banded matrices; what drives the cost is how many rows the scan order
leaves without a fresh column.

The primes are independent: batches of them go to any
:class:`concurrent.futures.Executor` (a process pool, or a Dask cluster's
``client.get_executor()`` to spread one determinant over many machines).

References
----------
J. von zur Gathen and J. Gerhard, *Modern Computer Algebra*, 3rd ed., CUP
2013, section 5.5 (small primes modular determinant, Chinese remaindering).
J. Hadamard, *Resolution d'une question relative aux determinants*, Bull.
Sci. Math. 17 (1893).
"""

import heapq
import math
import threading
from concurrent.futures import as_completed

import numpy as np
import scipy.sparse as sp
import scipy.sparse.csgraph as csgraph

from ._util import Progress
from .errors import TilingError, TooLargeError

__all__ = ["det", "primes_below", "crt", "hadamard_bound_bits"]

# Size of the primes: nmod_mat works modulo any word-size integer.
_PRIME_BITS = 62
# Largest dense remainder attempted: d^2 big integers must fit in memory.
_MAX_DENSE = 4000
# From this size of dense remainder on (and without an executor) a p-adic
# solve finds most of its determinant, leaving a prime or two to compute.
_DIVISOR_MIN = 24


# ---------------------------------------------------------------- primes and CRT
_PRIME_CACHE = {}
_PRIME_LOCK = threading.Lock()


def primes_below(bits, count):
    """The ``count`` largest primes below ``2**bits``, in decreasing order.

    Primality is proven: python-flint's ``fmpz.is_prime`` is deterministic
    below 2^64 (BPSW has no counterexample there, verified exhaustively).

    Parameters
    ----------
    bits : int
        2 <= bits <= 63.
    count : int

    Returns
    -------
    list of int

    Examples
    --------
    >>> primes_below(5, 3)
    [31, 29, 23]
    """
    import flint

    bits, count = int(bits), int(count)
    if not 2 <= bits <= 63:
        raise TilingError(f"prime size must be between 2 and 63 bits, got {bits}")
    if count < 0:
        raise TilingError(f"the number of primes must be non-negative, got {count}")
    # The cache is shared by every thread that computes determinants: extend
    # it under a lock, so it never holds a prime twice or out of order.
    with _PRIME_LOCK:
        cached = _PRIME_CACHE.setdefault(bits, [])
        candidate = cached[-1] - 1 if cached else (1 << bits) - 1
        while len(cached) < count:
            if candidate < 2:
                raise TilingError(f"there are fewer than {count} primes below 2**{bits}")
            if flint.fmpz(candidate).is_prime():
                cached.append(candidate)
            candidate -= 1
        return cached[:count]


def crt(residues, primes):
    """The integer ``x`` with ``|x| <= M/2``, ``x = residues[i] mod primes[i]``.

    ``M`` is the product of the (distinct) primes.  Incremental Garner
    reconstruction, O(k^2) word operations for ``k`` primes.

    Examples
    --------
    >>> crt([2, 3], [5, 7])
    17
    >>> crt([5 - 1, 7 - 1], [5, 7])
    -1
    """
    x, m = 0, 1
    for r, p in zip(residues, primes):
        p = int(p)
        t = ((int(r) - x % p) * pow(m % p, -1, p)) % p
        x += m * t
        m *= p
    return x - m if 2 * x > m else x


def _product(values):
    """Product of Python ints by a balanced tree (fast for thousands of factors)."""
    return balanced_product([int(v) for v in values], 1)


def balanced_product(values, one):
    """Product of ``values`` (any multiplicable type) by a balanced tree; ``one`` if empty.

    Pairing neighbours keeps the factors of similar size, so big-integer
    products cost a near-linear number of bit operations instead of
    quadratic, and ball products accumulate less error.
    """
    values = list(values)
    if not values:
        return one
    while len(values) > 1:
        nxt = [values[i] * values[i + 1] for i in range(0, len(values) - 1, 2)]
        if len(values) % 2:
            nxt.append(values[-1])
        values = nxt
    return values[0]


def _square_norms(mat):
    """Exact squared 2-norms of the rows of ``mat``, as Python ints."""
    if mat.dtype != object and (mat.nnz == 0 or int(np.abs(mat.data).max()) < 2**20):
        sq = mat.data * mat.data  # < 2^40 each, and fewer than 2^23 per row
        sums = np.zeros(mat.shape[0], dtype=np.int64)
        np.add.at(sums, np.repeat(np.arange(mat.shape[0]), np.diff(mat.indptr)), sq)
        return sums.tolist()
    data = [int(v) ** 2 for v in mat.data.tolist()]
    ptr = mat.indptr.tolist()
    return [sum(data[ptr[i] : ptr[i + 1]]) for i in range(mat.shape[0])]


def _is_diagonally_dominant_symmetric(mat):
    """Symmetric, non-negative diagonal, each diagonal entry >= the rest of its row.

    Such a matrix is positive semidefinite (Gershgorin), so Hadamard's
    inequality for PSD matrices bounds its determinant by the diagonal product.
    """
    if mat.dtype == object or (mat.nnz and int(np.abs(mat.data).max()) >= 2**40):
        return False
    csr = mat.scipy()
    if (csr != csr.T).nnz:
        return False
    absolute = abs(csr)
    row_abs = np.asarray(absolute.sum(axis=1)).ravel()  # < 2^40 * 2^23: exact in int64
    diag = csr.diagonal()
    return bool(np.all(diag >= 0) and np.all(2 * diag >= row_abs))


def _hadamard_square(mat):
    """An integer ``B`` with ``det(mat)^2 <= B``, proven.

    Hadamard: |det A| <= prod of row 2-norms, and likewise of column 2-norms;
    the squared norms are exact integers, so the products are exact.  For a
    symmetric diagonally dominant matrix with a non-negative diagonal (a
    Laplacian) det <= prod of the diagonal, which is sharper.
    """
    best = min(_product(_square_norms(mat)), _product(_square_norms(mat.transpose())))
    if _is_diagonally_dominant_symmetric(mat):
        best = min(best, _product(int(v) ** 2 for v in mat.diagonal()))
    return best


def hadamard_bound_bits(matrix):
    """Bits ``b`` with ``|det(matrix)| <= 2**b``, from Hadamard's inequality.

    The bound is the smaller of the products of the row and column 2-norms
    (and of the diagonal, for symmetric diagonally dominant matrices with a
    non-negative diagonal), computed in exact integer arithmetic and rounded
    up: a proof, not a floating-point estimate.

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> hadamard_bound_bits(sp.identity(5, dtype=int, format="csr"))
    0
    >>> hadamard_bound_bits(sp.csr_matrix([[1, 1], [1, -1]]))
    1
    """
    square = _hadamard_square(_as_matrix(matrix, 'hadamard_bound_bits()'))
    # |det| <= sqrt(square) <= 2**ceil(log2(square) / 2)
    bits = (square - 1).bit_length() if square > 1 else 0
    return (bits + 1) // 2


# ---------------------------------------------------------------- input
class _IntMatrix:
    """A square sparse integer matrix in CSR form whose entries may be Python ints.

    scipy.sparse has no object dtype, so entries beyond int64 need this small
    container: ``indptr``, ``indices`` (sorted within rows), ``data`` (int64,
    or object holding Python ints), ``shape``.
    """

    def __init__(self, indptr, indices, data, n):
        self.indptr = np.asarray(indptr, dtype=np.int64)
        self.indices = np.asarray(indices, dtype=np.int64)
        self.data = data
        self.shape = (n, n)
        self.dtype = data.dtype
        self.nnz = len(self.indices)

    def scipy(self, values=None):
        """The scipy CSR matrix with ``values`` (default: the data; int64 only)."""
        values = self.data if values is None else values
        return sp.csr_matrix((values, self.indices, self.indptr), shape=self.shape)

    def pattern(self):
        return self.scipy(np.ones(self.nnz, dtype=np.int8))

    def transpose(self):
        # transpose the positions with scipy, then carry the (maybe object) data along
        moved = self.scipy(np.arange(self.nnz, dtype=np.int64)).T.tocsr()
        moved.sort_indices()
        return _IntMatrix(moved.indptr, moved.indices, self.data[moved.data], self.shape[0])

    def rows(self, rows):
        """The submatrix of ``rows`` as (indptr, columns, values) arrays."""
        starts, ends = self.indptr[rows], self.indptr[rows + 1]
        lens = ends - starts
        ptr = np.concatenate([[0], np.cumsum(lens)])
        take = np.arange(ptr[-1]) - np.repeat(ptr[:-1] - starts, lens)
        return ptr, self.indices[take], self.data[take]

    def diagonal(self):
        out = np.zeros(self.shape[0], dtype=self.dtype)
        row_of = np.repeat(np.arange(self.shape[0]), np.diff(self.indptr))
        on = row_of == self.indices
        out[row_of[on]] = self.data[on]
        return out


def _as_matrix(matrix, who="det()"):
    """Validate ``matrix`` as a square integer matrix; return an :class:`_IntMatrix`."""
    if sp.issparse(matrix):
        csr = sp.csr_matrix(matrix)
        csr.sum_duplicates()
        if csr.shape[0] != csr.shape[1]:
            raise TilingError(f"{who} needs a square matrix, got shape {csr.shape}")
        data = csr.data
        if data.dtype == bool:
            data = data.astype(np.int64)
        elif not np.issubdtype(data.dtype, np.integer) and data.dtype != object:
            data = _integral_floats(data, who)
        values = _small_or_object(data)
        rows = np.repeat(np.arange(csr.shape[0]), np.diff(csr.indptr))
        return _from_coo(rows, csr.indices, values, csr.shape[0])
    try:
        arr = np.array(matrix, dtype=object) if not isinstance(matrix, np.ndarray) else np.asarray(matrix)
    except (ValueError, TypeError) as exc:
        raise TilingError(f"{who} needs a square integer matrix: {exc}") from None
    if arr.ndim != 2 or arr.shape[0] != arr.shape[1]:
        raise TilingError(f"{who} needs a square 2-d matrix, got shape {arr.shape}")
    if arr.dtype == object:
        flat = arr.ravel().tolist()
        bad = [v for v in flat if not isinstance(v, (int, np.integer)) or isinstance(v, bool)]
        if bad:
            raise TilingError(f"{who} needs integer entries, got {bad[0]!r}")
        flat = [int(v) for v in flat]
        if all(-(2**62) < v < 2**62 for v in flat):
            arr = np.array(flat, dtype=np.int64).reshape(arr.shape)
        else:
            arr = np.array(flat + [None], dtype=object)[:-1].reshape(arr.shape)
    elif arr.dtype == bool:
        arr = arr.astype(np.int64)
    elif not np.issubdtype(arr.dtype, np.integer):
        arr = _integral_floats(arr, who)
    rows, cols = np.nonzero(arr)
    return _from_coo(rows, cols, _small_or_object(arr[rows, cols]), arr.shape[0])


def _small_or_object(values):
    """Integer entries as int64 when all lie strictly within +-2**62, else as Python ints.

    The int64 fast paths square and negate entries, so anything near the
    int64 range (such as -2**63, whose absolute value overflows) must go the
    exact object way.
    """
    if values.dtype == object:
        ints = [int(v) for v in values.tolist()]
        if all(-(2**62) < v < 2**62 for v in ints):
            return np.array(ints, dtype=np.int64)
        return np.array(ints + [None], dtype=object)[:-1]
    if values.size and (int(values.min()) <= -(2**62) or int(values.max()) >= 2**62):
        return np.array([int(v) for v in values.tolist()] + [None], dtype=object)[:-1]
    return values.astype(np.int64)


def _integral_floats(values, who):
    values = np.asarray(values)
    if not (np.issubdtype(values.dtype, np.floating) and np.all(np.isfinite(values))
            and np.all(values == np.round(values)) and np.all(np.abs(values) < 2**53)):
        raise TilingError(f"{who} needs integer entries, got dtype {values.dtype}")
    return values.astype(np.int64)


def _from_coo(rows, cols, values, n):
    """Build an :class:`_IntMatrix` from coordinates, dropping explicit zeros."""
    keep = np.array([v != 0 for v in values], dtype=bool) if values.dtype == object else values != 0
    rows, cols, values = np.asarray(rows)[keep], np.asarray(cols)[keep], values[keep]
    order = np.lexsort((cols, rows))
    rows, cols, values = rows[order], cols[order], values[order]
    indptr = np.concatenate([[0], np.cumsum(np.bincount(rows, minlength=n))])
    return _IntMatrix(indptr, cols, values, n)


# ---------------------------------------------------------------- symbolic plan
class _Plan:
    """The sweep for one matrix: which rows define which columns, level by level.

    Attributes: ``levels`` (a list of dicts of numpy arrays, see
    :func:`_make_plan`), ``n_slots`` (rows of the work array), ``d`` (size of
    the dense Schur complement), ``sign`` (of the row and column
    permutations) and ``pivot_product`` (``det T``), so that
    ``det A = sign * pivot_product * det S``.
    """

    def __init__(self, levels, n_slots, d, sign, pivot_product):
        self.levels = levels
        self.n_slots = n_slots
        self.d = d
        self.sign = sign
        self.pivot_product = pivot_product


def _perm_sign(perm):
    """Sign of a permutation given as an array of distinct indices 0..n-1."""
    perm = np.asarray(perm)
    n = len(perm)
    if n == 0:
        return 1
    graph = sp.csr_matrix((np.ones(n), (np.arange(n), perm)), shape=(n, n))
    n_cycles = csgraph.connected_components(graph, directed=True, connection="weak")[0]
    return -1 if (n - n_cycles) % 2 else 1


def _scan(csr, order):
    """Choose the defined column of each row, in scan ``order``.

    Row ``i`` defines a column of its row that no earlier row mentions,
    preferring one whose entry is a unit (+1 or -1: no denominators).  A
    row's level is one more than the levels of the defined columns it reads
    (free columns are ready at level 0), so the rows of one level can be
    processed together.

    Returns ``sigma`` (row -> defined column or -1), ``definer`` (column ->
    row or -1), ``level_row`` and ``referenced`` (column mentioned at all).
    """
    n = csr.shape[0]
    unit = (csr.data == 1) | (csr.data == -1)
    referenced = bytearray(n)
    sigma = [-1] * n
    definer = [-1] * n
    level_row = [0] * n
    level_col = [0] * n
    indptr = csr.indptr.tolist()
    indices = csr.indices.tolist()
    unit = unit.tolist()
    for i in order.tolist():
        lo, hi = indptr[i], indptr[i + 1]
        choice = fallback = -1
        for k in range(lo, hi):
            if not referenced[indices[k]]:
                if unit[k]:
                    choice = indices[k]
                    break
                if fallback < 0:
                    fallback = indices[k]
        if choice < 0:
            choice = fallback
        lev = 0
        for j in indices[lo:hi]:
            if j != choice and definer[j] >= 0 and level_col[j] > lev:
                lev = level_col[j]
            referenced[j] = 1
        level_row[i] = lev + 1
        if choice >= 0:
            sigma[i] = choice
            definer[choice] = i
            level_col[choice] = lev + 1
    return (
        np.array(sigma, dtype=np.int64),
        np.array(definer, dtype=np.int64),
        np.array(level_row, dtype=np.int64),
        np.frombuffer(bytes(referenced), dtype=np.uint8).astype(bool),
    )


def _uses(csr, level_row):
    """First and last level at which each column is read."""
    n = csr.shape[0]
    entry_level = np.repeat(level_row, np.diff(csr.indptr))
    first = np.full(n, np.iinfo(np.int64).max, dtype=np.int64)
    np.minimum.at(first, csr.indices, entry_level)
    last = np.zeros(n, dtype=np.int64)
    np.maximum.at(last, csr.indices, entry_level)
    return first, last


def _estimate(csr, scan):
    """Predicted work of a scan: vector entries combined plus the dense determinant."""
    sigma, definer, level_row, _ = scan
    first, _ = _uses(csr, level_row)
    free_first = np.sort(first[definer < 0])
    active = np.searchsorted(free_first, level_row, side="right")  # vector length per row
    d = len(free_first)
    return float(np.dot(active, np.diff(csr.indptr))) + d**3 / 3.0


def _assign_slots(start, last):
    """Interval colouring: a slot is reused once its column's last reader has run.

    Slot 0 is never assigned: it stays zero and serves as padding.
    """
    import heapq

    n = len(start)
    slot = np.zeros(n, dtype=np.int64)
    heap, n_slots = [], 1
    start_l, last_l = start.tolist(), last.tolist()
    for j in np.lexsort((np.arange(n), start)).tolist():
        if heap and heap[0][0] < start_l[j]:
            sl = heapq.heappop(heap)[1]
        else:
            sl = n_slots
            n_slots += 1
        slot[j] = sl
        heapq.heappush(heap, (last_l[j], sl))
    return slot, n_slots


def _make_plan(csr, order, scan):
    """Turn a scan into per-level arrays for the numeric sweep."""
    n = csr.shape[0]
    sigma, definer, level_row, _ = scan
    free = np.flatnonzero(definer < 0)
    con = np.flatnonzero(sigma < 0)
    d = len(free)
    first, last = _uses(csr, level_row)
    # free coordinates numbered by first use, so vectors at a level use a prefix
    free = free[np.argsort(first[free], kind="stable")]
    coord = np.full(n, -1, dtype=np.int64)
    coord[free] = np.arange(d)
    start = np.where(definer >= 0, level_row[np.maximum(definer, 0)], first)
    slot, n_slots = _assign_slots(start, last)
    # det A = sign(row perm) sign(col perm) prod(pivots) det S, where rows
    # are (defining rows in scan order, constraint rows) and columns (their
    # defined columns, free columns in coordinate order)
    ordered = np.asarray(order, dtype=np.int64)
    defs_in_order = ordered[sigma[ordered] >= 0]
    row_perm = np.concatenate([defs_in_order, con])
    col_perm = np.concatenate([sigma[defs_in_order], free])
    pivots = _entries(csr, np.arange(n), np.maximum(sigma, 0))  # meaningful where sigma >= 0
    sign = _perm_sign(row_perm) * _perm_sign(col_perm)
    pivot_product = _product(pivots[defs_in_order].tolist())
    con_index = np.full(n, -1, dtype=np.int64)
    con_index[con] = np.arange(d)
    n_levels = int(level_row.max())
    by_level = np.argsort(level_row, kind="stable")
    bounds = np.searchsorted(level_row[by_level], np.arange(1, n_levels + 2))
    free_upto = np.searchsorted(first[free], np.arange(1, n_levels + 1), side="right")
    levels, seen_free = [], 0
    for L in range(1, n_levels + 1):
        rows = by_level[bounds[L - 1] : bounds[L]]
        da = int(free_upto[L - 1])
        new_free = free[seen_free:da]
        seen_free = da
        defs = rows[sigma[rows] >= 0]
        cons = rows[sigma[rows] < 0]
        scale = _lcm(pivots[defs].tolist())
        d_slots, d_coef = _terms(csr, defs, sigma[defs], slot, pivots[defs], scale)
        c_slots, c_coef = _terms(csr, cons, None, slot)
        levels.append(
            {
                "da": da,
                "free_slots": slot[new_free],
                "free_coords": coord[new_free],
                "def_slots": slot[sigma[defs]],
                "def_term_slots": d_slots,
                "def_coefs": d_coef,
                "con_rows": con_index[cons],
                "con_term_slots": c_slots,
                "con_coefs": c_coef,
                "scale": scale,
            }
        )
    return _Plan(levels, n_slots, d, sign, pivot_product)


def _entries(csr, rows, cols):
    """The entries ``csr[rows[k], cols[k]]`` (all structurally nonzero), as an array."""
    ptr, columns, values = csr.rows(rows)
    row_of = np.repeat(np.arange(len(rows)), np.diff(ptr))
    hit = columns == np.asarray(cols)[row_of]
    out = np.zeros(len(rows), dtype=csr.dtype)
    out[row_of[hit]] = values[hit]
    return out


def _lcm(values):
    """Least common multiple of the absolute values (1 for an empty list)."""
    out = 1
    for v in values:
        v = abs(int(v))
        if v != 1:
            out = out * v // math.gcd(out, v)
    return out


def _terms(csr, rows, defined, slot, pivots=None, scale=1):
    """Padded ``(len(rows), t)`` arrays of slots and coefficients of ``rows``.

    For defining rows (``defined`` gives their defined columns, ``pivots``
    their entries there) the equation ``sum_j a_ij x_j = 0`` is solved for the
    defined column, scaled by the level's ``scale`` (a multiple of every
    pivot): ``scale * x_def = sum_j (-a_ij * scale / pivot) x_j`` over the
    other columns, integer coefficients.  Padding points at slot 0, which
    always holds zeros.
    """
    k = len(rows)
    if k == 0:
        return np.zeros((0, 1), np.int64), np.zeros((0, 1), csr.dtype)
    ptr, cols, vals = csr.rows(rows)
    row_of = np.repeat(np.arange(k), np.diff(ptr))
    if defined is not None:
        keep = cols != defined[row_of]
        factor = np.array([scale // int(p) if p > 0 else -(scale // -int(p)) for p in pivots],
                          dtype=object)
        largest = int(np.abs(vals).max()) if vals.size else 0
        big = scale > 1 and (csr.dtype == object or scale * largest >= 2**62)
        if csr.dtype == object or big:
            vals = vals.astype(object)
        else:
            factor = factor.astype(np.int64)
        cols, row_of = cols[keep], row_of[keep]
        vals = -vals[keep] * factor[row_of]
    counts = np.bincount(row_of, minlength=k)
    t = max(int(counts.max()) if counts.size else 0, 1)
    pos = np.arange(len(cols)) - np.repeat(np.cumsum(counts) - counts, counts)
    slots = np.zeros((k, t), dtype=np.int64)
    coefs = np.zeros((k, t), dtype=vals.dtype)
    slots[row_of, pos] = slot[cols]
    coefs[row_of, pos] = vals
    return slots, coefs


def _order_candidates(csr):
    """Scan orders to try: the given order, reverse Cuthill-McKee of A + A^T, and
    for structurally symmetric matrices (Laplacians) the greedy sweep order."""
    yield np.arange(csr.shape[0])
    pattern = csr.pattern()
    sym = (pattern + pattern.T).tocsr()
    yield np.asarray(csgraph.reverse_cuthill_mckee(sym, symmetric_mode=True)[::-1])
    if (pattern != pattern.T).nnz == 0:
        yield _sweep_order(csr)

def _sweep_order(matrix):
    """A scan order of a symmetric sparse matrix that suits :func:`tiling.exact.det`.

    The engine eliminates, in scan order, each row through one *fresh* column
    (one no earlier row mentions) where the row has a +-1 entry; rows with no
    such column and columns no row takes end up in a dense Schur complement,
    whose size d drives the cost (d^3 per prime).  For a grid scanned row by
    row every row brings exactly one fresh column (the cell below), and d is
    the width; for irregular graphs (triangulations, grids with holes) a
    fixed order such as row-major or reverse Cuthill-McKee brings two or more
    fresh columns at some rows and none at others.

    So the order is grown greedily, like a sweep line: among the rows already
    mentioned, take next one that brings exactly one fresh column, else one
    that brings none (it is a Schur row whatever happens, best done early to
    keep the front short), else the one bringing fewest.  First in, first
    out among equals.  O(nnz log n) with a lazy heap.  On square grids it
    reproduces the row-by-row sweep; on random planar triangulations it makes
    d two to three times smaller than reverse Cuthill-McKee.
    """
    n = matrix.shape[0]
    indptr, indices = matrix.indptr.tolist(), matrix.indices.tolist()
    unit = np.abs(matrix.data) == 1
    neighbours, unit_neighbours = [], []
    for i in range(n):
        row = indices[indptr[i] : indptr[i + 1]]
        is_unit = unit[indptr[i] : indptr[i + 1]].tolist()
        neighbours.append([j for j in row if j != i])
        unit_neighbours.append({j for j, u in zip(row, is_unit) if u and j != i})
    fresh = [len(a) for a in neighbours]  # columns of row i no scanned row mentions yet
    fresh_unit = [len(a) for a in unit_neighbours]  # ... of which +-1 entries
    mentioned = [False] * n
    done = [False] * n
    order, heap, tick = [], [], [0]

    def key(i):
        if fresh_unit[i] and fresh[i] == 1:
            return 0
        if fresh[i] == 0:
            return 1
        return fresh[i] + (0 if fresh_unit[i] else 1)

    def push(i):
        tick[0] += 1
        heapq.heappush(heap, (key(i), tick[0], i))

    def mention(j):
        mentioned[j] = True
        for k in neighbours[j]:
            fresh[k] -= 1
            if j in unit_neighbours[k]:
                fresh_unit[k] -= 1
            if mentioned[k] and not done[k]:
                push(k)
        push(j)

    unseen = 0
    while len(order) < n:
        if not heap:  # start (or restart, in another component) at the first unseen row
            while mentioned[unseen]:
                unseen += 1
            mention(unseen)
        k, _, i = heapq.heappop(heap)
        if done[i] or k != key(i):
            continue  # a stale heap entry
        done[i] = True
        order.append(i)
        for j in neighbours[i]:
            if not mentioned[j]:
                mention(j)
    return np.array(order, dtype=np.int64)


def _best_plan(csr):
    """The plan of the cheapest scan order, or None when a column is empty (det 0)."""
    best = None
    for order in _order_candidates(csr):
        scan = _scan(csr, order)
        if not scan[3].all():
            return None
        cost = _estimate(csr, scan)
        if best is None or cost < best[0]:
            best = (cost, order, scan)
    return _make_plan(csr, best[1], best[2])


# ---------------------------------------------------------------- numeric sweep
def _sweep(plan, progress=None):
    """The Schur complement over the integers: ``(S_num, denominator)``.

    ``S = diag(1 / D_i) S_num`` where ``D_i`` is the scale of the work array
    when constraint row ``i`` was formed, and ``denominator = prod D_i``, so
    ``det S = det S_num / denominator`` (1 when every pivot is a unit).

    Each defined column is carried as an integer vector over the free columns
    (all vectors share the scale ``D``: the true vector is ``v / D``), an
    integer combination of earlier vectors.  With unit pivots ``D`` stays 1
    and nothing is ever divided; entries are minors of the matrix, so they
    stay below Hadamard's bound, and for grids they have O(h) bits, about
    ``d`` times fewer than the determinant: one sweep over the integers costs
    far less than one sweep per prime.
    """
    d = plan.d
    X = np.zeros((plan.n_slots, max(d, 1)), dtype=object)
    S = np.zeros((max(d, 1), max(d, 1)), dtype=object)
    scale, denominator = 1, 1
    for lv in plan.levels:
        da = lv["da"]
        if lv["free_slots"].size:
            X[lv["free_slots"]] = 0
            X[lv["free_slots"], lv["free_coords"]] = scale
        acc = None
        if lv["def_slots"].size:
            acc = _combine(X, lv["def_term_slots"], lv["def_coefs"], da)
        if lv["con_rows"].size:
            S[lv["con_rows"], :da] = _combine(X, lv["con_term_slots"], lv["con_coefs"], da)
            denominator *= scale ** len(lv["con_rows"])
        if lv["scale"] != 1:  # the new vectors are lv["scale"] times too large: so is the rest
            X *= lv["scale"]
            scale *= lv["scale"]
        if acc is not None:
            X[lv["def_slots"]] = 0
            X[lv["def_slots"], :da] = acc
        if progress is not None:
            progress()
    return S[:d, :d], denominator


def _combine(X, slots, coefs, da):
    """sum_t coefs[:, t] * X[slots[:, t], :da], exactly (object arrays)."""
    acc = None
    for c in range(slots.shape[1]):
        gathered = X[slots[:, c], :da]
        coef = coefs[:, c]
        if np.all(coef == 1):
            term = gathered
        elif np.all(coef == -1):
            term = -gathered
        else:
            term = coef.astype(object)[:, None] * gathered
        acc = term if acc is None else acc + term
    return acc


def _residues(schur, primes, progress=None):
    """det(schur) modulo each prime (python-flint ``nmod_mat``, with pivoting)."""
    import flint

    if len(schur) == 0:
        return [1 % int(p) for p in primes]
    exact = flint.fmpz_mat(schur.tolist() if isinstance(schur, np.ndarray) else schur)
    out = []
    for p in primes:
        out.append(int(flint.nmod_mat(exact, int(p)).det()))
        if progress is not None:
            progress()
    return out


# ---------------------------------------------------------------- driver
def det(matrix, *, progress=False, executor=None):
    """Exact determinant of a square sparse integer matrix, as a Python int.

    Parameters
    ----------
    matrix : scipy.sparse matrix or array_like
        Square, with integer entries of any size.
    progress : bool
        Draw a progress bar on stderr.
    executor : concurrent.futures.Executor, optional
        Batches of primes are submitted to it (a ``ProcessPoolExecutor``, or a
        Dask ``client.get_executor()`` to spread one determinant over a
        cluster): every prime then gets a full dense determinant, which pays
        off on many workers.  By default the primes run in this process,
        and when ``S`` has at least ``_DIVISOR_MIN`` rows an exact solve first
        supplies a proven divisor of ``det S``, which removes most primes.

    Returns
    -------
    int

    Raises
    ------
    TilingError
        for input that is not a square integer matrix.
    TooLargeError
        when the dense remainder would not fit in memory (a matrix with few
        unit entries and no band structure).

    Notes
    -----
    A sweep over the integers reduces ``A`` to a dense ``d x d`` Schur
    complement ``S`` with ``det A = +-det T * det S``, ``T`` triangular with
    nonzero (preferably +-1) pivots; ``det S`` is then taken modulo
    word-size primes whose product exceeds twice Hadamard's bound (divided by
    a divisor of ``det S`` found by a p-adic solve when ``S`` is large) and
    recovered by the Chinese remainder theorem (see the module docstring).
    For a matrix of ``n`` rows with bandwidth ``w`` and unit off-diagonal
    entries (grid Laplacians and Kasteleyn matrices) ``d`` is about ``w``: the
    sweep costs O(n w) operations on O(n / w)-bit integers and the primes
    O(n / 64) dense determinants of size ``w``, i.e. O(n w^3 / 64) word
    operations (far fewer after the p-adic divisor: one solve, O(w^3 + n w^2)
    word operations, then the few primes that Hadamard's slack needs),
    against O(n^2 w^2 / 64) for banded elimination modulo every prime.
    Reference: von zur Gathen and Gerhard, *Modern Computer Algebra*, 5.5.

    Examples
    --------
    >>> import scipy.sparse as sp
    >>> det(sp.csr_matrix([[2, 1], [1, 3]]))
    5
    >>> det(sp.csr_matrix([[1, 2], [2, 4]]))
    0
    """
    csr = _as_matrix(matrix)
    n = csr.shape[0]
    if n == 0:
        return 1
    if (np.diff(csr.indptr) == 0).any():
        return 0  # a zero row
    plan = _best_plan(csr)
    if plan is None:
        return 0  # a zero column
    if plan.d > _MAX_DENSE:
        raise TooLargeError(
            f"exact determinant: the sweep can pivot on only {n - plan.d} of {n} rows, "
            f"leaving a dense {plan.d} x {plan.d} remainder (limit {_MAX_DENSE}); the matrix "
            "is too far from banded"
        )
    return _run_plan(plan, _hadamard_square(csr), progress, executor)


def _run_plan(plan, bound_square, progress, executor):
    levels = max(len(plan.levels), 1)
    expected_primes = bound_square.bit_length() // (2 * _PRIME_BITS - 2) + 1
    with Progress(levels + expected_primes, "determinant", enabled=progress) as bar:
        schur, denominator = _sweep(plan, progress=bar.update)
        # det A = sign * det T * det S_num / denominator, and det S_num = q * divisor
        divisor = 1
        if executor is None and plan.d >= _DIVISOR_MIN:
            divisor = _det_divisor(schur)
        # |q| <= sqrt(bound_square) * denominator / (|det T| * divisor)
        target = 4 * bound_square * denominator**2
        scale = (plan.pivot_product * divisor) ** 2
        primes = _good_primes(divisor, -(-target // scale))
        if executor is None or len(primes) < 2:
            residues = _residues(schur, primes, progress=bar.update)
        else:
            residues = _map_primes(executor, schur, primes, bar)
        bar.update(max(0, expected_primes - len(primes)))
    q = crt([r * pow(divisor % p, -1, p) % p for r, p in zip(residues, primes)], primes)
    value, remainder = divmod(plan.sign * plan.pivot_product * q * divisor, denominator)
    if remainder:  # cannot happen: det A is an integer
        raise AssertionError("exact determinant: inexact division")
    return value


def _det_divisor(schur):
    """A divisor of ``det(schur)``: the common denominator of ``schur^-1 b``.

    By Cramer's rule every entry of ``schur^-1 b`` is a fraction over
    ``det(schur)``, so the least common multiple ``D`` of their denominators
    divides it; for a random integer ``b`` it is almost always the largest
    invariant factor, nearly all of ``det(schur)``, so ``det(schur) / D`` needs
    only a prime or two.  The solve is python-flint's exact rational solver
    (p-adic lifting, Dixon 1982).  Returns 1 if the matrix looks singular
    (then the residues settle it).
    """
    import flint

    d = len(schur)
    rng = np.random.default_rng(d)
    rhs = flint.fmpz_mat(d, 1, [int(v) for v in rng.integers(-(2**20), 2**20, d)])
    try:
        solution = flint.fmpz_mat(schur.tolist()).solve(rhs)
    except ZeroDivisionError:
        return 1
    divisor = 1
    for entry in solution.entries():
        den = int(entry.q)
        divisor = divisor * den // math.gcd(divisor, den)
    return divisor


def _good_primes(avoid, target):
    """Primes not dividing ``avoid`` whose product squared exceeds ``target``."""
    count = max(1, (target.bit_length() // 2 + 2) // (_PRIME_BITS - 1) + 1)
    while True:
        primes = [p for p in primes_below(_PRIME_BITS, count) if avoid % p]
        if _product(primes) ** 2 > target:
            return primes
        count += max(1, count // 8)


def _map_primes(executor, schur, primes, bar):
    """Residues for ``primes``, computed in batches on ``executor``."""
    n_batches = min(len(primes), 4 * max(1, getattr(executor, "_max_workers", 4) or 4))
    size = -(-len(primes) // n_batches)
    batches = [primes[i : i + size] for i in range(0, len(primes), size)]
    rows = schur.tolist()
    futures = {executor.submit(_residues, rows, batch): k for k, batch in enumerate(batches)}
    results = {}
    for fut in as_completed(futures):
        k = futures[fut]
        results[k] = fut.result()
        bar.update(len(batches[k]))
    return [r for k in range(len(batches)) for r in results[k]]
