"""Democracy's information-set sampler compiled (numba): the search's worlds drawn in one kernel call.

:class:`CompiledSampler` is the rules module's :class:`~hustings.democracy.sample.WorldSampler` (the hidden cards in
canonical order and the sizes of their places, worked out once per position) with the random part compiled: the
uniform shuffle of the hidden cards and the other hands' card counts. The draws come from the sampler's own Mersenne
Twister, seeded once per position from the search's RNG, so a search is deterministic per seed, with other worlds
than the Python sampler draws from the same seed (the same distribution, not the same stream).
"""
from __future__ import annotations

import random

import numpy as np

from ...engine import rng
from ...engine.jit import njit
from ..cards import NUM_KINDS
from ..sample import WorldSampler


@njit(cache=True)
def shuffle_deal(mt, pos, hidden, out, counts, seats, sizes):
    """``out`` = ``hidden`` uniformly shuffled (``random.Random.shuffle``'s algorithm); ``counts[seats[i]]`` = the
    card counts of the next ``sizes[i]`` cards of ``out``, in turn."""
    m = hidden.shape[0]
    for i in range(m):
        out[i] = hidden[i]
    for i in range(m - 1, 0, -1):
        j = rng.below(mt, pos, 0, 0, i + 1)
        c = out[i]
        out[i] = out[j]
        out[j] = c
    at = 0
    for i in range(seats.shape[0]):
        row = seats[i]
        for c in range(counts.shape[1]):
            counts[row, c] = 0
        for j in range(at, at + sizes[i]):
            counts[row, out[j]] += 1
        at += sizes[i]


class CompiledSampler(WorldSampler):
    """:class:`~hustings.democracy.sample.WorldSampler` with compiled draws from its own Mersenne Twister, seeded
    with ``seed`` (``0 <= seed < 2**63``); the worlds are the rules module's (its :meth:`world`), the same
    distribution as the Python draws."""

    def __init__(self, state, player: int, seed: int):
        super().__init__(state, player)
        self._mt, self._pos = rng.generator(seed)
        if state.finished:
            return
        self._hidden = np.array(self.hidden, dtype=np.int64)
        self._out = np.empty_like(self._hidden)
        self._counts = np.array(state.hands, dtype=np.int64).reshape(state.n, NUM_KINDS)
        self._seats = np.array(self.others, dtype=np.int64)
        self._sizes = np.array(self.sizes, dtype=np.int64)

    def draw(self, rng_: random.Random):
        """One world (its own RNG, seeded when first used, fresh from ``rng_``)."""
        st = self.state._copy()
        st._rng, st._rng_shared = rng_.getrandbits(64), False
        if self.state.finished:
            return st
        shuffle_deal(self._mt, self._pos, self._hidden, self._out, self._counts, self._seats, self._sizes)
        return self.world(st, self._out.tolist(), self._counts)

    def shuffled(self, rng_: random.Random | None = None) -> list[int]:
        """The hidden cards in a uniformly random order, from the compiled shuffle (``rng_`` is not used)."""
        shuffle_deal(self._mt, self._pos, self._hidden, self._out, self._counts, self._seats, self._sizes)
        return self._out.tolist()


__all__ = ["CompiledSampler", "shuffle_deal"]
