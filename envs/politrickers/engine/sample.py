"""Politrickers' information-set sampler compiled (numba): the search's worlds drawn in one kernel call.

:class:`CompiledSampler` is the rules module's :class:`~hustings.politrickers.sample.WorldSampler` (the same hidden
places, constraints and counting, worked out once per position) with the random part compiled: the counting walk
that picks each restricted place's letter class in proportion to the consistent words it leaves, the uniform card
of that class, the rejection under the holding checks, and the shuffle of the unrestricted cards. The walk reads a
table made once per position from the rules' exact counts (:func:`walk_table`): each step's options with their
probabilities, exact integer ratios rounded once to double precision (a bias below 2**-52 per step, far below what
any number of searches could show). The draws come from the sampler's own Mersenne Twister, seeded once per
position from the search's RNG, so a search is deterministic per seed, with other worlds than the Python sampler
draws from the same seed (the same distribution, not the same stream).
"""
from __future__ import annotations

import random

import numpy as np

from ...engine import rng
from ...engine.jit import njit
from ..cards import LETTER
from ..sample import _REJECT_TRIES, WorldSampler, _Plan

_LETTER = np.array(LETTER, dtype=np.int64)


def walk_table(plan: _Plan) -> tuple[np.ndarray, ...]:
    """``plan``'s counting walk as arrays: node 0 is the start; node ``v``'s options are
    ``opt_start[v]:opt_start[v + 1]``, each a class (``-1``: a holding check, passed by construction), the next node
    and the cumulative probability (the last exactly 1). A node with no options is the end of the slot steps."""
    compiled, count = plan.compiled, plan.count
    nsteps = len(compiled)
    start = (0, plan.code, 0)
    index, order = {start: 0}, [start]
    opt_start, opt_cls, opt_next, opt_cum = [0], [], [], []

    def node(key) -> int:
        if key not in index:
            index[key] = len(order)
            order.append(key)
        return index[key]

    j = 0
    while j < len(order):
        i, code, pres = order[j]
        j += 1
        if i < nsteps:
            st = compiled[i]
            if st[0] == 0:
                total, acc = count(i, code, pres), 0
                for sh, bit in st[1]:
                    if (code >> sh) & 63:
                        key = (i + 1, code - (1 << sh), pres | bit)
                        c = count(*key)
                        if c:
                            acc += c
                            opt_cls.append(sh // 6)
                            opt_next.append(node(key))
                            opt_cum.append(acc / total)
                opt_cum[-1] = 1.0
            else:
                opt_cls.append(-1)
                opt_next.append(node((i + 1, code, 0 if st[3] else pres)))
                opt_cum.append(1.0)
        opt_start.append(len(opt_cls))
    return (np.array(opt_start, dtype=np.int64), np.array(opt_cls, dtype=np.int64),
            np.array(opt_next, dtype=np.int64), np.array(opt_cum, dtype=np.float64))


@njit(cache=True)
def draw_world(mt, pos, opt_start, opt_cls, opt_next, opt_cum, by_class, cls_start, work, out):
    """One walk of the table (``opt_*``; an empty ``opt_start`` of one entry: no restricted place) over the cards
    ``by_class`` (class ``g``'s in ``by_class[cls_start[g]:cls_start[g + 1]]``): ``out`` gets the restricted
    places' cards in step order, then the rest shuffled. ``work`` is scratch of ``by_class``'s size."""
    ncls = cls_start.shape[0] - 1
    left = np.empty(ncls, dtype=np.int64)
    for g in range(ncls):
        left[g] = cls_start[g + 1] - cls_start[g]
    for i in range(by_class.shape[0]):
        work[i] = by_class[i]
    m = 0
    v = 0
    while opt_start[v] < opt_start[v + 1]:
        o = opt_start[v]
        last = opt_start[v + 1] - 1
        if opt_cls[o] >= 0:
            u = rng.random(mt, pos, 0, 0)
            while o < last and opt_cum[o] <= u:
                o += 1
            g = opt_cls[o]
            at = cls_start[g]
            j = rng.below(mt, pos, 0, 0, left[g])
            left[g] -= 1
            c = work[at + j]
            work[at + j] = work[at + left[g]]
            out[m] = c
            m += 1
        v = opt_next[o]
    start = m
    for g in range(ncls):
        at = cls_start[g]
        for j in range(left[g]):
            out[m] = work[at + j]
            m += 1
    for i in range(m - 1, start, -1):  # the rest, uniformly shuffled
        j = start + rng.below(mt, pos, 0, 0, i - start + 1)
        c = out[i]
        out[i] = out[j]
        out[j] = c


@njit(cache=True)
def draw_checked(mt, pos, opt_start, opt_cls, opt_next, opt_cum, by_class, cls_start, work, out, kinds, a, b, c,
                 letter, tries):
    """Walks under the voids alone until one passes the holding checks (step ``s`` of the program: ``kinds[s]`` 0, a
    slot tracking suit bits ``a[s]``; 1, a check that the tracked suits within ``a[s]`` are allowed by ``b[s]``,
    then a reset when ``c[s]``), at most ``tries`` times; whether one passed (then it is in ``out``)."""
    for _ in range(tries):
        draw_world(mt, pos, opt_start, opt_cls, opt_next, opt_cum, by_class, cls_start, work, out)
        pres, i, ok = 0, 0, True
        for s in range(kinds.shape[0]):
            if kinds[s] == 0:
                pres |= (1 << letter[out[i]]) & a[s]
                i += 1
            else:
                if not (b[s] >> (pres & a[s])) & 1:
                    ok = False
                    break
                if c[s]:
                    pres = 0
        if ok:
            return True
    return False


class CompiledSampler(WorldSampler):
    """:class:`~hustings.politrickers.sample.WorldSampler` with compiled draws from its own Mersenne Twister, seeded
    with ``seed`` (``0 <= seed < 2**63``); the worlds are the rules module's (its :meth:`world`), the same
    distribution as the Python draws."""

    def __init__(self, state, player: int, seed: int):
        super().__init__(state, player)
        self._mt, self._pos = rng.generator(seed)
        self._out = np.empty(len(self.pool), dtype=np.int64)
        self._work = np.empty(len(self.pool), dtype=np.int64)
        self._tables: dict = {}
        if self.checked:
            prog = [(0, st[2], 0, 0) if st[0] == "slot" else (1, st[1], st[2], int(st[3])) for st in self.steps]
            self._program = tuple(np.array(col, dtype=np.int64) for col in zip(*prog))

    def _table(self, plan: _Plan) -> tuple:
        """The walk table of ``plan`` and its cards by class (made once)."""
        got = self._tables.get(id(plan))
        if got is None:
            table, cls = walk_table(plan), plan.cls
            groups = [[] for _ in range(max(cls) + 1)]
            for card in self.pool:
                groups[cls[LETTER[card]]].append(card)
            by_class = np.array([card for g in groups for card in g], dtype=np.int64)
            cls_start = np.cumsum([0] + [len(g) for g in groups]).astype(np.int64)
            got = self._tables[id(plan)] = (plan, *table, by_class, cls_start)
        return got[1:]

    def draw(self, rng_: random.Random):
        """One world (its own RNG fresh from ``rng_``)."""
        cards = self.draw_cards()
        return self.world(cards, rng_, self._out)

    def draw_cards(self, rng_: random.Random | None = None) -> list[int]:
        """The hidden cards of one world from the compiled walk (``rng_`` is not used: the draws are the sampler's)."""
        out, work = self._out, self._work
        if self.checked:
            voids = self._table(self.voids_plan())
            if draw_checked(self._mt, self._pos, *voids, work, out, *self._program, _LETTER, _REJECT_TRIES):
                return out.tolist()
        draw_world(self._mt, self._pos, *self._table(self.exact_plan()), work, out)
        return out.tolist()


__all__ = ["CompiledSampler", "draw_world", "walk_table"]
