"""The compiled engines' random numbers, the one implementation: CPython's Mersenne Twister (``random.Random``, as
``_randommodule.c`` computes it, so a compiled deal is the rules module's deal from the same seed) and SplitMix64
(the engines' own streams for random rollout moves).

A set of Mersenne Twisters is two arrays: ``mt`` (``uint32[G, 624]``, generator ``g``'s words in row ``g``) and an
integer array ``pos`` whose cell ``pos[g, col]`` is generator ``g``'s position in its words (624: refill first). An
engine keeps the position in a column of a state array it already has; a set of bots keeps a ``pos`` of one column.

Every function is compiled with ``inline="always"``: a kernel that draws pays no call.
"""
from __future__ import annotations

import numpy as np
from numba.cpython.unsafe.numbers import leading_zeros

from .jit import njit

N = 624
MASK32 = np.uint64(0xFFFFFFFF)
#: SplitMix64's increment (the golden ratio in 64 bits).
GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def _init_genrand(seed: int) -> np.ndarray:
    """MT19937's ``init_genrand(seed)``: the words ``init_by_array`` starts from (the same for every seed)."""
    mt = [seed]
    for i in range(1, N):
        mt.append((1812433253 * (mt[-1] ^ (mt[-1] >> 30)) + i) & 0xFFFFFFFF)
    return np.array(mt, dtype=np.uint32)


#: ``init_genrand(19650218)``, where every ``init_by_array`` starts.
START = _init_genrand(19650218)


@njit(cache=True, inline="always")
def seed_words(mt, pos, g, col, lo, hi):
    """Generator ``g`` as ``random.Random(seed)`` for ``0 <= seed < 2**64`` given as its low and high 32-bit words:
    ``init_by_array`` over one word, or two when ``hi`` is not 0."""
    lo, hi = np.uint64(lo), np.uint64(hi)
    gu = np.uint64(g)
    keylen = 1 if hi == 0 else 2
    for i in range(N):
        mt[gu, np.uint64(i)] = START[i]
    prev = np.uint64(START[0])
    i, j = 1, 0
    for _ in range(N):
        key = lo if j == 0 else hi
        y = (np.uint64(mt[gu, np.uint64(i)]) ^ ((prev ^ (prev >> np.uint64(30))) * np.uint64(1664525))) + key \
            + np.uint64(j)
        prev = y & MASK32
        mt[gu, np.uint64(i)] = np.uint32(prev)
        i += 1
        j += 1
        if i >= N:
            mt[gu, 0] = mt[gu, N - 1]
            i = 1
        if j >= keylen:
            j = 0
    for _ in range(N - 1):
        y = (np.uint64(mt[gu, np.uint64(i)]) ^ ((prev ^ (prev >> np.uint64(30))) * np.uint64(1566083941))) \
            - np.uint64(i)
        prev = y & MASK32
        mt[gu, np.uint64(i)] = np.uint32(prev)
        i += 1
        if i >= N:
            mt[gu, 0] = mt[gu, N - 1]
            i = 1
    mt[gu, 0] = np.uint32(0x80000000)
    pos[g, col] = N


@njit(cache=True, inline="always")
def seed_words_pair(mt, pos, col, g1, lo1, hi1, g2, lo2, hi2):
    """:func:`seed_words` for generators ``g1`` and ``g2 != g1`` at once: each step needs the word the step before
    wrote, so one generator's seeding waits on its multiplications; two interleaved keep the processor busy (the
    words are carried in registers rather than read back)."""
    lo1, hi1, lo2, hi2 = np.uint64(lo1), np.uint64(hi1), np.uint64(lo2), np.uint64(hi2)
    a, b = np.uint64(g1), np.uint64(g2)
    len1 = 1 if hi1 == 0 else 2
    len2 = 1 if hi2 == 0 else 2
    for i in range(N):
        mt[a, np.uint64(i)] = START[i]
        mt[b, np.uint64(i)] = START[i]
    prev1 = prev2 = np.uint64(START[0])
    i, j1, j2 = 1, 0, 0
    for _ in range(N):
        k1 = lo1 if j1 == 0 else hi1
        k2 = lo2 if j2 == 0 else hi2
        y1 = (np.uint64(mt[a, np.uint64(i)]) ^ ((prev1 ^ (prev1 >> np.uint64(30))) * np.uint64(1664525))) + k1 \
            + np.uint64(j1)
        y2 = (np.uint64(mt[b, np.uint64(i)]) ^ ((prev2 ^ (prev2 >> np.uint64(30))) * np.uint64(1664525))) + k2 \
            + np.uint64(j2)
        prev1 = y1 & MASK32
        prev2 = y2 & MASK32
        mt[a, np.uint64(i)] = np.uint32(prev1)
        mt[b, np.uint64(i)] = np.uint32(prev2)
        i += 1
        if i >= N:
            mt[a, 0] = mt[a, N - 1]
            mt[b, 0] = mt[b, N - 1]
            i = 1
        j1 = j1 + 1 if j1 + 1 < len1 else 0
        j2 = j2 + 1 if j2 + 1 < len2 else 0
    for _ in range(N - 1):
        y1 = (np.uint64(mt[a, np.uint64(i)]) ^ ((prev1 ^ (prev1 >> np.uint64(30))) * np.uint64(1566083941))) \
            - np.uint64(i)
        y2 = (np.uint64(mt[b, np.uint64(i)]) ^ ((prev2 ^ (prev2 >> np.uint64(30))) * np.uint64(1566083941))) \
            - np.uint64(i)
        prev1 = y1 & MASK32
        prev2 = y2 & MASK32
        mt[a, np.uint64(i)] = np.uint32(prev1)
        mt[b, np.uint64(i)] = np.uint32(prev2)
        i += 1
        if i >= N:
            mt[a, 0] = mt[a, N - 1]
            mt[b, 0] = mt[b, N - 1]
            i = 1
    mt[a, 0] = np.uint32(0x80000000)
    mt[b, 0] = np.uint32(0x80000000)
    pos[g1, col] = N
    pos[g2, col] = N


@njit(cache=True, inline="always")
def seed(mt, pos, g, col, value):
    """Generator ``g`` as ``random.Random(value)`` (an int64: ``abs(value)``'s words, as CPython takes them)."""
    s = np.uint64(abs(value))
    seed_words(mt, pos, g, col, s & MASK32, s >> np.uint64(32))


@njit(cache=True)
def seed_many(mt, pos, col, gens, values):
    """:func:`seed` generator ``gens[i]`` with ``values[i]`` for every ``i``."""
    for i in range(gens.shape[0]):
        seed(mt, pos, gens[i], col, values[i])


def generator(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """One Mersenne Twister seeded as ``random.Random(seed)`` (``0 <= seed < 2**63``): its ``(mt, pos)`` arrays, the
    generator row 0 and position column 0 for the draw functions here (``below(mt, pos, 0, 0, n)``)."""
    mt = np.zeros((1, N), dtype=np.uint32)
    pos = np.zeros((1, 1), dtype=np.int64)
    seed_many(mt, pos, 0, np.zeros(1, dtype=np.int64), np.array([seed], dtype=np.int64))
    return mt, pos


@njit(cache=True, inline="always")
def twist(mt, g):
    """Generator ``g``'s next 624 words (MT19937's generation step, in place and in order as CPython does; the
    wrapped indices without a division, unsigned so numba adds no wraparound checks)."""
    gu = np.uint64(g)
    for i in range(N):
        nxt = i + 1 if i < N - 1 else 0
        far = i + 397 if i < 227 else i - 227
        y = (np.int64(mt[gu, np.uint64(i)]) & 0x80000000) | (np.int64(mt[gu, np.uint64(nxt)]) & 0x7FFFFFFF)
        v = np.int64(mt[gu, np.uint64(far)]) ^ (y >> 1)
        if y & 1:
            v ^= 0x9908B0DF
        mt[gu, np.uint64(i)] = np.uint32(v)


@njit(cache=True, inline="always")
def _temper(y):
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y & 0xFFFFFFFF


@njit(cache=True, inline="always")
def next32(mt, pos, g, col):
    """Generator ``g``'s next 32-bit output (``genrand_uint32``), as an int64."""
    at = pos[g, col]
    if at >= N:
        twist(mt, g)
        at = 0
    pos[g, col] = at + 1
    return _temper(np.int64(mt[np.uint64(g), np.uint64(at)]))


@njit(cache=True, inline="always")
def bit_length(n):
    """``int(n).bit_length()`` for ``0 <= n < 2**63``."""
    return 64 - leading_zeros(np.int64(n))


@njit(cache=True, inline="always")
def below(mt, pos, g, col, n):
    """``random.Random._randbelow(n)`` (``randrange(n)``, ``0 < n < 2**32``): ``getrandbits(n.bit_length())``
    until it is below ``n``."""
    shift = 32 - bit_length(n)
    r = next32(mt, pos, g, col) >> shift
    while r >= n:
        r = next32(mt, pos, g, col) >> shift
    return r


@njit(cache=True, inline="always")
def random(mt, pos, g, col):
    """``random.Random.random()``: 53 bits from two outputs."""
    a = next32(mt, pos, g, col) >> 5
    b = next32(mt, pos, g, col) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@njit(cache=True, inline="always")
def shuffle_row(mt, pos, g, col, cards, row, start, length):
    """``random.Random.shuffle`` of ``cards[row, start:start + length]`` with generator ``g`` (the position kept in
    a register over the whole shuffle)."""
    gu = np.uint64(g)
    at = pos[g, col]
    for i in range(length - 1, 0, -1):
        bound = i + 1
        shift = 32 - bit_length(bound)
        while True:
            if at >= N:
                twist(mt, g)
                at = 0
            j = _temper(np.int64(mt[gu, np.uint64(at)])) >> shift
            at += 1
            if j < bound:
                break
        r, a, b = np.uint64(row), np.uint64(start + i), np.uint64(start + j)
        c = cards[r, a]
        cards[r, a] = cards[r, b]
        cards[r, b] = c
    pos[g, col] = at


@njit(cache=True, inline="always")
def splitmix(z):
    """SplitMix64's output at counter ``z`` (``uint64``; the caller advances its counter by :data:`GOLDEN`)."""
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always")
def splitmix_next(key):
    """The next output of the SplitMix64 stream whose counter is ``key[0]`` (``uint64[1]``, advanced)."""
    key[0] += GOLDEN
    return splitmix(key[0])
