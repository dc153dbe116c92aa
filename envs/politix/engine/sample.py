"""Politix's information-set sampler compiled (numba): the search's worlds with their random draws compiled.

:class:`CompiledSampler` is the rules module's :class:`~hustings.politix.sample.WorldSampler` (the unknown cards, the
pile's constraints and their counting polynomials, the voter cards, worked out once per position) drawing every
random choice of a world from :class:`CompiledRandom`: the ordered subsets and shuffles (most of a world's draws)
in compiled code from the sampler's own Mersenne Twister, seeded once per position from the search's RNG. The model
and its exact integer weights are the rules module's; a search is deterministic per seed, with other worlds than
the Python sampler draws from the same seed (the same distribution, not the same stream).
"""
from __future__ import annotations

import random

import numpy as np

from ...engine import rng
from ...engine.jit import njit
from ...core.rules import LazyRandom
from ..sample import WorldSampler


@njit(cache=True)
def shuffle_in_place(mt, pos, a):
    """``a`` uniformly shuffled (``random.Random.shuffle``'s algorithm)."""
    for i in range(a.shape[0] - 1, 0, -1):
        j = rng.below(mt, pos, 0, 0, i + 1)
        c = a[i]
        a[i] = a[j]
        a[j] = c


@njit(cache=True)
def ordered_sample(mt, pos, a, k):
    """``a[:k]`` a uniformly random ordered ``k``-subset of ``a`` (partial Fisher-Yates)."""
    n = a.shape[0]
    for i in range(k):
        j = i + rng.below(mt, pos, 0, 0, n - i)
        c = a[i]
        a[i] = a[j]
        a[j] = c


@njit(cache=True)
def below(mt, pos, n):
    """A uniform integer in ``[0, n)`` (``0 < n < 2**32``)."""
    return rng.below(mt, pos, 0, 0, n)


class CompiledRandom:
    """The three draws :class:`~hustings.politix.sample.WorldSampler` makes (``randrange``, ``sample``, ``shuffle``),
    each uniform as ``random.Random``'s, from a compiled Mersenne Twister seeded with ``seed``; a range of 2**31 or
    more (a product of binomial weights) is drawn exactly by a ``random.Random`` seeded from the same stream."""

    def __init__(self, seed: int):
        self._mt, self._pos = rng.generator(seed)
        self._big: random.Random | None = None

    def randrange(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, exactly (``random.Random.randrange(n)``'s distribution)."""
        if n < 1 << 31:
            return int(below(self._mt, self._pos, n))
        if self._big is None:
            self._big = random.Random((int(below(self._mt, self._pos, 1 << 30)) << 30)
                                      | int(below(self._mt, self._pos, 1 << 30)))
        return self._big.randrange(n)

    def sample(self, population: list, k: int) -> list:
        """A uniformly random ordered ``k``-subset of ``population``."""
        a = np.array(population, dtype=np.int64)
        ordered_sample(self._mt, self._pos, a, k)
        return a[:k].tolist()

    def shuffle(self, x: list) -> None:
        """Shuffle ``x`` in place, uniformly."""
        if len(x) > 1:
            a = np.array(x, dtype=np.int64)
            shuffle_in_place(self._mt, self._pos, a)
            x[:] = a.tolist()


@njit(cache=True)
def _shuffle(mt, pos, a, n):
    for i in range(n - 1, 0, -1):
        j = rng.below(mt, pos, 0, 0, i + 1)
        c = a[i]
        a[i] = a[j]
        a[j] = c


@njit(cache=True, inline="always")
def _count_into(cards, seats, sizes, counts):
    """Deal ``cards`` in order to ``seats`` (``sizes[i]`` each) as per-kind counts: ``counts[seats[i]]``."""
    at = 0
    for i in range(seats.shape[0]):
        q = seats[i]
        for k in range(counts.shape[1]):
            counts[q, k] = 0
        for j in range(at, at + sizes[i]):
            counts[q, cards[j]] += 1
        at += sizes[i]


@njit(cache=True)
def deal_free(mt, pos, avail_cards, L, U, others, sizes, redraw, drawn_sizes, redeal_base, groups, nb, vd_sorted,
              nev, deck, hands, drawn, base, vd):
    """A whole world where no constraint binds (no persuasion in progress, no pile cap): the draw pile a uniform
    ordered ``L``-subset of ``avail_cards`` (into ``deck``), the other unknown cards (``U`` per kind, less the pile's)
    dealt uniformly to ``others`` (``sizes`` cards each, counts into ``hands``), with ``redraw`` the others' draws
    from the reshuffled pile redealt (``drawn_sizes``, counts into ``drawn``), the voter cards shuffled (with
    ``redeal_base`` the base support redrawn from ``groups`` first: ``nb`` cards, counts into ``base``); returns the
    voter deck's length (in ``vd``)."""
    nk = U.shape[0]
    a = avail_cards.copy()
    na = a.shape[0]
    for i in range(L):
        j = i + rng.below(mt, pos, 0, 0, na - i)
        c = a[i]
        a[i] = a[j]
        a[j] = c
    x = np.zeros(nk, dtype=np.int64)
    for i in range(L):
        deck[i] = a[i]
        x[a[i]] += 1
    total = 0
    for k in range(nk):
        total += U[k] - x[k]
    pool = np.empty(total, dtype=np.int64)
    m = 0
    for k in range(nk):
        for _ in range(U[k] - x[k]):
            pool[m] = k
            m += 1
    _shuffle(mt, pos, pool, m)
    _count_into(pool, others, sizes, hands)
    if redraw:
        got = a[L:].copy()
        _shuffle(mt, pos, got, got.shape[0])
        _count_into(got, others, drawn_sizes, drawn)
    if redeal_base:
        g = groups.copy()
        _shuffle(mt, pos, g, g.shape[0])
        for k in range(base.shape[0]):
            base[k] = 0
        for j in range(nb):
            base[g[j]] += 1
        m = 0
        for j in range(nb, g.shape[0]):
            vd[m] = g[j]
            m += 1
        for j in range(vd_sorted.shape[0] - nev, vd_sorted.shape[0]):
            vd[m] = vd_sorted[j]
            m += 1
    else:
        m = vd_sorted.shape[0]
        for j in range(m):
            vd[j] = vd_sorted[j]
    _shuffle(mt, pos, vd, m)
    return m


class CompiledSampler(WorldSampler):
    """:class:`~hustings.politix.sample.WorldSampler` with its draws from :class:`CompiledRandom` (seeded with
    ``seed``, ``0 <= seed < 2**63``); the worlds' own RNGs still come from the ``rng`` of :meth:`draw`. Where no
    constraint binds (:func:`deal_free`) the whole world is dealt in one kernel call."""

    def __init__(self, state, player: int, seed: int):
        super().__init__(state, player)
        self._rand = CompiledRandom(seed)
        self._whole = self.need[2] == 0 and self.free
        if self._whole:
            n, nk = state.n, len(self.U)
            redeal_base = bool(self.redeal_base)
            self._args = (np.array(self.avail_cards, dtype=np.int64), self.L, np.array(self.U, dtype=np.int64),
                          np.array(self.others, dtype=np.int64),
                          np.array([state.hand_size[q] for q in self.others], dtype=np.int64),
                          state.reshuffled is not None,
                          np.array([sum(state.drawn[q]) for q in self.others], dtype=np.int64), redeal_base,
                          np.array(self.groups if redeal_base else [], dtype=np.int64),
                          self.nb if redeal_base else 0, np.array(self.vd, dtype=np.int64),
                          self.nev if redeal_base else 0)
            self._deck = np.empty(max(self.L, 1), dtype=np.int64)
            self._hands = np.zeros((n, nk), dtype=np.int64)
            self._drawn = np.zeros((n, nk), dtype=np.int64)
            self._base = np.zeros(len(state.base), dtype=np.int64)
            self._vd = np.empty(len(self.vd) + (len(self.groups) if redeal_base else 0), dtype=np.int64)

    def draw(self, rng_: random.Random, rand=None):
        """One world (its own RNG fresh from ``rng_``)."""
        if rand is not None or not self._whole:
            return super().draw(rng_, self._rand if rand is None else rand)
        state = self.state
        shared = state._rng_shared
        st = state.clone()
        state._rng_shared = shared  # the sample gets its own fresh RNG: this state's is not shared with it
        st.rng = LazyRandom(rng_.getrandbits(64))
        m = deal_free(self._rand._mt, self._rand._pos, *self._args, self._deck, self._hands, self._drawn,
                      self._base, self._vd)
        st.deck = self._deck[:self.L].tolist()
        w, off, nk = st.world, state.game.off, self._hands.shape[1]
        hands, drawn = self._hands.tolist(), self._drawn.tolist()
        redraw = state.reshuffled is not None
        for q in self.others:
            st.hands[q] = hands[q]
            if redraw:
                st.drawn[q] = drawn[q]
        w[off["hand"]:off["hand"] + len(hands) * nk] = self._hands.ravel()
        for q in (self.player,):  # the player's own hand row is not redealt: put it back
            w[off["hand"] + q * nk:off["hand"] + (q + 1) * nk] = state.hands[q]
        if self.redeal_base:
            st.base = self._base.tolist()
            w[off["base"]:off["base"] + len(st.base)] = self._base
        st.voter_deck = self._vd[:m].tolist()
        return st


__all__ = ["CompiledRandom", "CompiledSampler"]
