"""The numeric multifrontal elimination, modulo many primes at once, in float64 BLAS.

Fronts of one height in the elimination tree are padded to one size and
stacked, and the stack is repeated for a batch of primes: every operation is
one numpy call on a ``(primes, fronts, rows, cols)`` array, and the dense
work is matrix products (BLAS ``dgemm``) on exact integers.

Exactness.  Residues are kept centred, ``|x| <= p/2 + 1`` with ``p < 2**23``,
so a product is below ``2**44`` and a sum of 511 products plus one more term
stays below ``2**53``: every float64 operation is exact.  Inner dimensions are
cut into chunks of :data:`CHUNK` with a reduction ``x - p * rint(x / p)`` after
each (exact: ``p * rint(x / p)`` and the difference are integers below 2**53).

Division-free.  A modular inverse costs some forty vectorised operations, so
the elimination never divides by a pivot.  Eliminating pivot ``w`` replaces
each later row ``x`` by ``w x - x_j u`` (``u`` the pivot row): the rows
below are scaled by ``w``, which the bookkeeping tracks.  The pivots of a
block are handled recursively, the updates of the other half being matrix
products (Toledo's recursive LU, in this scaled form); the contribution
block sent to the parent is divided by the product of the front's pivots,
one inverse per front.  The determinant is ``N / D`` with ``N`` the product
of all stored pivots and ``D`` the product of the row scales at pivot time;
one inverse per prime at the end.

A prime for which some pivot vanishes before the last is *failed* (the
order cannot divide by it) and is replaced; a matrix for which every prime
fails has a vanishing leading block over the integers, and the caller falls
back to another method.

References
----------
S. Toledo, *Locality of reference in LU decomposition with partial
pivoting*, SIAM J. Matrix Anal. Appl. 18 (1997) (the recursive LU).
J.-G. Dumas, P. Giorgi and C. Pernet, *Dense linear algebra over word-size
prime fields: the FFLAS and FFPACK packages*, ACM TOMS 35 (2008) (exact
modular linear algebra on floating-point BLAS with delayed reduction).
"""

from __future__ import annotations

import numpy as np

__all__ = ["Schedule", "eliminate", "residues", "build_schedule", "CHUNK", "FLOAT_PRIME_BITS"]

#: Primes lie below 2**FLOAT_PRIME_BITS, so that products are exact in float64.
FLOAT_PRIME_BITS = 23
#: Longest inner dimension of one exact product: (CHUNK + 1) * (2**22 + 1)**2 < 2**53.
CHUNK = 500
#: Bytes one stack of fronts may take (primes x fronts x rows x cols x 8).
STACK_BYTES = 4 * 2**20


class _Group:
    """Fronts of one height and similar size, padded to ``K`` own and ``M`` boundary rows."""

    __slots__ = ("nodes", "K", "M", "orig_target", "orig_source", "pad", "gathers", "m", "tail")

    def __init__(self, nodes, K, M):
        self.nodes = nodes
        self.K = K
        self.M = M


class Schedule:
    """The fronts of a :class:`~tiling.linalg._dissection.Dissection`, grouped and indexed.

    Built once per matrix; :func:`eliminate` then runs it for any batch of
    primes.  ``entries`` are the positions, in the matrix's data array, that
    the fronts read.
    """

    def __init__(self, dissection, csr, pairing):
        diss = dissection
        n = diss.n
        self.work = diss.work()
        k_all, m_all = diss.sizes
        self.n_nodes = len(diss.own)
        # elimination position and owning node of every vertex
        node_of = np.empty(n, dtype=np.int64)
        local_of = np.empty(n, dtype=np.int64)
        pos = np.empty(n, dtype=np.int64)
        start = 0
        for v, vs in enumerate(diss.own):
            node_of[vs] = v
            local_of[vs] = np.arange(len(vs))
            pos[vs] = np.arange(start, start + len(vs))
            start += len(vs)
        # groups: one height, sizes within a factor 1.25, stacks within STACK_BYTES for 8 primes
        groups, group_of, index_in = (
            [],
            np.empty(self.n_nodes, np.int64),
            np.empty(self.n_nodes, np.int64),
        )
        for h in np.unique(diss.height).tolist():
            members = np.flatnonzero(diss.height == h)
            f = k_all[members] + m_all[members]
            members = members[np.argsort(f, kind="stable")]
            f = np.sort(f)
            i = 0
            while i < len(members):
                j = i + 1
                while j < len(members) and f[j] <= 1.25 * f[i] + 4:
                    j += 1
                chunk = members[i:j]
                K, M = int(k_all[chunk].max()), int(m_all[chunk].max())
                per = max(1, (K + M) ** 2 * 8 * 8)
                step = max(1, STACK_BYTES // per)
                for s in range(0, len(chunk), step):
                    sub = chunk[s : s + step]
                    Ks, Ms = int(k_all[sub].max()), int(m_all[sub].max())
                    g = _Group(sub, Ks, Ms)
                    group_of[sub] = len(groups)
                    index_in[sub] = np.arange(len(sub))
                    groups.append(g)
                i = j
        # order groups so that every child group precedes its parents' groups
        order = sorted(
            range(len(groups)), key=lambda gi: (int(diss.height[groups[gi].nodes[0]]), gi)
        )
        renum = np.empty(len(groups), np.int64)
        renum[order] = np.arange(len(groups))
        groups = [groups[gi] for gi in order]
        group_of = renum[group_of]
        self.groups = groups
        #: stacked front entries per prime (padding included) and the number of groups:
        #: what one elimination touches, for cost estimates
        self.padded = sum(len(g.nodes) * (g.K + g.M) ** 2 for g in groups)
        # original entries: entry (i, c) of A is (i, j) of B = A[:, pairing], j = where[c]
        where = np.empty(n, dtype=np.int64)
        where[np.asarray(pairing, dtype=np.int64)] = np.arange(n)
        rows = np.repeat(np.arange(n), np.diff(csr.indptr))
        cols = where[csr.indices]
        first = np.where(pos[rows] <= pos[cols], rows, cols)
        owner = node_of[first]
        lr = self._local(diss, owner, rows, node_of, local_of, k_all)
        lc = self._local(diss, owner, cols, node_of, local_of, k_all)
        self.sign = _perm_sign(np.asarray(pairing, dtype=np.int64))
        by_group = group_of[owner]
        ents = np.arange(len(rows))
        for gi, g in enumerate(groups):
            F = g.K + g.M
            sel = by_group == gi
            e = ents[sel]
            o = owner[sel]
            pr = self._pad(lr[sel], k_all[o], g.K)
            pc = self._pad(lc[sel], k_all[o], g.K)
            g.orig_target = (index_in[o] * F + pr) * F + pc
            g.orig_source = e
            kk = k_all[g.nodes]
            pad_g = np.repeat(np.arange(len(g.nodes)), g.K - kk)
            pad_j = (
                np.concatenate([np.arange(int(k), g.K) for k in kk])
                if len(kk)
                else np.zeros(0, np.int64)
            )
            g.pad = (pad_g * F + pad_j) * F + pad_j
            g.m = m_all[g.nodes]
            g.gathers = []
        # extend-add maps: child contribution (Mc x Mc block of its group) -> parent front
        slot_ops = {}
        for v in range(self.n_nodes):
            kids = diss.children[v]
            if not kids:
                continue
            gv = int(group_of[v])
            g = groups[gv]
            F = g.K + g.M
            front = np.concatenate([diss.own[v], diss.boundary[v]])
            local = np.full(n, -1, dtype=np.int64)
            local[front] = np.arange(len(front))
            kv = len(diss.own[v])
            for slot, c in enumerate(kids):
                b = diss.boundary[c]
                if len(b) == 0:
                    continue
                gc = int(group_of[c])
                Mc = groups[gc].M
                li = local[b]
                pi = np.where(li < kv, li, g.K + li - kv)
                a = np.arange(len(b))
                src = (index_in[c] * Mc + a[:, None]) * Mc + a[None, :]
                tgt = (index_in[v] * F + pi[:, None]) * F + pi[None, :]
                key = (gv, gc, slot)
                slot_ops.setdefault(key, ([], []))
                slot_ops[key][0].append(src.ravel())
                slot_ops[key][1].append(tgt.ravel())
        last_use = {}
        for (gv, gc, _slot), (src, tgt) in sorted(slot_ops.items()):
            groups[gv].gathers.append((gc, np.concatenate(src), np.concatenate(tgt)))
            last_use[gc] = max(last_use.get(gc, -1), gv)
        for gi, g in enumerate(groups):
            g.tail = [gc for gc, last in last_use.items() if last == gi]
        self.n = n

    @staticmethod
    def _local(diss, owner, var, node_of, local_of, k_all):
        """Index of ``var`` in the front of ``owner``: own vertices first, then the boundary."""
        n = diss.n
        lens = np.array([len(b) for b in diss.boundary], dtype=np.int64)
        b_node = np.repeat(np.arange(len(lens)), lens)
        b_var = np.concatenate(diss.boundary) if len(lens) else np.zeros(0, np.int64)
        b_local = k_all[b_node] + (np.arange(len(b_var)) - np.repeat(np.cumsum(lens) - lens, lens))
        keys = b_node * n + b_var
        order = np.argsort(keys, kind="stable")
        own = node_of[var] == owner
        out = local_of[var].copy()
        q = owner[~own] * n + var[~own]
        at = np.searchsorted(keys[order], q)
        out[~own] = b_local[order[at]]
        return out

    @staticmethod
    def _pad(local, k, K):
        return np.where(local < k, local, K + local - k)


def _perm_sign(perm):
    """Sign of a permutation (cycle count), in O(n)."""
    n = len(perm)
    seen = np.zeros(n, dtype=bool)
    parity = 0
    for i in range(n):
        if not seen[i]:
            j, length = i, 0
            while not seen[j]:
                seen[j] = True
                j = perm[j]
                length += 1
            parity ^= (length - 1) & 1
    return -1 if parity else 1


# ---------------------------------------------------------------------- modular kernels
def _reduce(x, p, pinv):
    """Centre ``x`` modulo ``p`` in place (exact for |x| < 2**53)."""
    t = x * pinv
    np.rint(t, out=t)
    t *= p
    x -= t
    return x


def _mulmod(a, b, p, pinv):
    return _reduce(a * b, p, pinv)


def _prod(values, p, pinv):
    """Product over the last axis, modulo ``p`` (a balanced tree of exact multiplications)."""
    while values.shape[-1] > 1:
        k = values.shape[-1]
        half = k // 2
        head = _mulmod(values[..., :half], values[..., half : 2 * half], p, pinv)
        values = np.concatenate([head, values[..., 2 * half :]], axis=-1) if k % 2 else head
    return values[..., 0]


def _inverse(a, p, pinv, exponents):
    """``a**-1`` modulo each prime by Fermat (0 stays 0); ``exponents``: bits of p - 2."""
    result = np.ones_like(a)
    base = a.copy()
    for bit in exponents:  # least significant first
        pick = bit.reshape((len(bit),) + (1,) * (a.ndim - 1))
        result = np.where(pick, _mulmod(result, base, p, pinv), result)
        base = _mulmod(base, base, p, pinv)
    return result


def _update(X, scale, L, U, p, pinv):
    """``X <- scale * X - L @ U`` modulo ``p``, exactly, in place (chunks of the inner dimension)."""
    if scale is not None:
        X *= scale[..., None, None]
    inner = L.shape[-1]
    for s in range(0, inner, CHUNK):
        X -= np.matmul(L[..., s : s + CHUNK], U[..., s : s + CHUNK, :])
        _reduce(X, p, pinv)
    if inner == 0 and scale is not None:
        _reduce(X, p, pinv)


def _cross(W, k, p, pinv):
    """Division-free recursive elimination of the leading ``k`` pivots of the stack ``W``.

    Afterwards the diagonal holds the pivots at pivot time, ``W[.., :, :k]``
    below the diagonal the coefficients ``c`` and ``W[.., :k, :]`` the pivot
    rows, so that a later row ``x`` ends as ``prod(pivots) x - c @ rows``
    (the trailing update is the caller's).
    """
    if k <= 1:
        return
    h = k // 2
    _cross(W, h, p, pinv)
    a1 = _prod(np.diagonal(W[..., :h, :h], axis1=-2, axis2=-1).copy(), p[..., 0], pinv[..., 0])
    _update(W[..., h:, h:k], a1, W[..., h:, :h], W[..., :h, h:k], p, pinv)
    if W.shape[-1] > k:
        _update(W[..., h:k, k:], a1, W[..., h:k, :h], W[..., :h, k:], p, pinv)
    _cross(W[..., h:, h:], k - h, p, pinv)
    if W.shape[-2] > k:
        a2 = _prod(
            np.diagonal(W[..., h:k, h:k], axis1=-2, axis2=-1).copy(), p[..., 0], pinv[..., 0]
        )
        below = W[..., k:, :h]
        below *= a2[..., None, None]
        _reduce(below, p, pinv)


def _prefix_products(d, p, pinv):
    """Exclusive prefix products along the last axis (log-depth scan), modulo ``p``."""
    out = np.ones_like(d)
    out[..., 1:] = d[..., :-1]
    shift = 1
    k = d.shape[-1]
    while shift < k:
        nxt = out.copy()
        nxt[..., shift:] = _mulmod(out[..., shift:], out[..., :-shift], p, pinv)
        out = nxt
        shift *= 2
    return out


def eliminate(schedule, values, primes):
    """Determinants modulo ``primes`` of the scheduled matrix with entries ``values``.

    Parameters
    ----------
    schedule : Schedule
    values : (P, nnz) float64 array
        The matrix's entries (CSR data order) modulo each prime, centred.
    primes : (P,) int array
        Primes below ``2**FLOAT_PRIME_BITS``.

    Returns
    -------
    residues : list of int
        ``det A mod p`` for each prime, or None for a failed prime.
    """
    P = len(primes)
    pf = np.asarray(primes, dtype=np.float64)
    p4 = pf.reshape(P, 1, 1, 1)
    pinv4 = 1.0 / p4
    p2, pinv2 = pf.reshape(P, 1), 1.0 / pf.reshape(P, 1)
    bits = [((np.asarray(primes, dtype=np.int64) - 2) >> b) & 1 for b in range(FLOAT_PRIME_BITS)]
    bits = [b.astype(bool) for b in bits]
    p3, pinv3 = pf.reshape(P, 1, 1), 1.0 / pf.reshape(P, 1, 1)
    num = np.ones((P, 1))
    den = np.ones((P, 1))
    failed = np.zeros(P, dtype=bool)
    contributions = {}
    for gi, g in enumerate(schedule.groups):
        G, K, M = len(g.nodes), g.K, g.M
        F = K + M
        W = np.zeros((P, G, F, F))
        flat = W.reshape(P, -1)
        flat[:, g.orig_target] = values[:, g.orig_source]
        flat[:, g.pad] = 1.0
        for gc, src, tgt in g.gathers:
            flat[:, tgt] += contributions[gc].reshape(P, -1)[:, src]
        for gc in g.tail:
            contributions.pop(gc, None)
        if g.gathers:
            _reduce(W, p4, pinv4)
        if M and M > K:
            # eliminate the pivot block alone, bordered by identities: its
            # coefficient maps T (rows) and V (columns) then turn the panels
            # into L = A21 T and U = V A12 by two matrix products
            Z = np.zeros((P, G, 2 * K, 2 * K))
            Z[..., :K, :K] = W[..., :K, :K]
            eye = np.arange(K)
            Z[..., K + eye, eye] = 1.0
            Z[..., eye, K + eye] = 1.0
            _cross(Z, K, p4, pinv4)
            diag = np.diagonal(Z[..., :K, :K], axis1=-2, axis2=-1).copy()
        else:
            _cross(W, K, p4, pinv4)
            diag = np.diagonal(W[..., :K, :K], axis1=-2, axis2=-1).copy()  # (P, G, K)
        alpha = _prod(diag, p3, pinv3)  # (P, G)
        scales = _prod(_prefix_products(diag, p3, pinv3), p3, pinv3)
        num = _mulmod(num, _prod(alpha, p2, pinv2)[:, None], p2, pinv2)
        den = _mulmod(den, _prod(scales, p2, pinv2)[:, None], p2, pinv2)
        if M:
            # a front with a boundary needs its pivot product invertible
            bad = (alpha == 0) & (g.m > 0)[None, :]
            failed |= bad.any(axis=1)
            inv = _inverse(alpha, p2, pinv2, bits)
            S = np.ascontiguousarray(W[..., K:, K:])
            if M > K:
                T = Z[..., K:, :K] * inv[..., None, None]
                _reduce(T, p4, pinv4)
                L = np.zeros((P, G, M, K))
                _update(L, None, W[..., K:, :K], T, p4, pinv4)
                L *= -1.0
                U = np.zeros((P, G, K, M))
                _update(U, None, Z[..., :K, K:], W[..., :K, K:], p4, pinv4)
                U *= -1.0
                del Z
            else:
                L = W[..., K:, :K]
                L *= inv[..., None, None]
                _reduce(L, p4, pinv4)
                U = W[..., :K, K:]
            _update(S, None, L, U, p4, pinv4)
            contributions[gi] = S
        del W, flat
    failed |= den[:, 0] == 0
    out = []
    for i, p in enumerate(np.asarray(primes, dtype=np.int64).tolist()):
        if failed[i]:
            out.append(None)
            continue
        n_, d_ = int(num[i, 0]) % p, int(den[i, 0]) % p
        out.append(n_ * pow(d_, -1, p) * schedule.sign % p)
    return out


# ---------------------------------------------------------------------- driver helpers
#: Primes per stacked batch: the groups' stacks were sized for this many.
BATCH = 8


def build_schedule(csr, pairing):
    """The nested-dissection schedule of ``csr`` paired by ``pairing`` (a column per row)."""
    from ._dissection import dissect, symmetric_pattern

    scipy_csr = csr.scipy(np.ones(csr.nnz, dtype=np.int8)) if hasattr(csr, "scipy") else csr
    return Schedule(dissect(symmetric_pattern(scipy_csr, pairing)), csr, pairing)


def centred_residues(data, primes):
    """``(P, nnz)`` float64 array of the entries modulo each prime, in ``(-p/2, p/2]``."""
    pa = np.asarray(primes, dtype=np.int64)[:, None]
    if data.dtype != object:
        r = np.asarray(data, dtype=np.int64)[None, :] % pa
    else:
        r = np.array([[int(v) % int(p) for v in data.tolist()] for p in pa[:, 0]], dtype=np.int64)
    r = np.where(2 * r > pa, r - pa, r)
    return r.astype(np.float64)


def residues(schedule, data, primes, progress=None):
    """``det A mod p`` for each prime (None where the prime failed), in batches of :data:`BATCH`."""
    out = []
    for s in range(0, len(primes), BATCH):
        batch = list(primes[s : s + BATCH])
        out.extend(eliminate(schedule, centred_residues(data, batch), batch))
        if progress is not None:
            progress(len(batch))
    return out
