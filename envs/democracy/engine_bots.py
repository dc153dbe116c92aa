"""Democracy's scripted bots compiled (numba), for many games at once: the same moves as ``bots.py``.

:class:`BatchBots` plays the seats of a batch of games that scripted bots hold, one call for all of them. Each bot
reads the mover's *observation* (``engine.observe``) and legal mask (``engine.legal_mask``) of the batched engine
interface (:mod:`hustings.vector`), nothing else: what the Python bots read (own hand, the public table) is all in
the observation, so the bots work over any engine of the interface and never depend on how an engine stores its
games. Observation blocks are found by name in ``game.observation_fields()`` when the bots are made (not frozen
into the compiled code).

Move for move the Python bots (``tests/games/democracy/test_engine_bots_democracy.py`` plays thousands of
decisions of both side by side):

* ``heuristic``: :class:`~hustings.democracy.bots.HeuristicBot` draws no random numbers; the same move, always.
* ``random``: :class:`~hustings.core.bots.RandomBot` plays ``legal[rng.randrange(len(legal))]`` with its own
  ``random.Random``. Each (game, seat) here keeps a Mersenne Twister drawn from exactly as CPython draws;
  :meth:`BatchBots.seed` seeds it as ``Bot.reset(seed)`` seeds the Python bot (``random.Random(seed)``), so a bot
  seeded with the same number plays the same moves (the legal actions in ascending id order, as
  ``legal_actions()`` lists them).

This module needs numba (the kernels are cached on disk after the first compile).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ..core.batch_bots import BatchBots as CoreBatchBots
from .cards import FIVE, JOKER, JOKERS_IN_DECK, NUM_KINDS, POINTS, SIX, WINNING_POINTS
from .bots import FIGHT_THRESHOLD

#: The compiled bots, by the names ``bots.BOTS`` gives the Python ones; a kind is an index into this tuple.
NAMES = ("random", "heuristic")
RANDOM, HEURISTIC = range(2)

# entries of the offsets array ``lay`` (observation blocks, found by name when the bots are made)
L_HAND, L_CAPTURED, L_POINTS, L_UPCARD, L_DISCARD = range(5)
_BLOCKS = ("hand", "captured", "points", "upcard", "discard")
_CARD_POINTS = np.array(POINTS, dtype=np.float64)
_MASK32 = 0xFFFFFFFF


# --- the Mersenne Twister, as CPython's random.Random ------------------------------------------------------------
# Kept here rather than shared with the engine: numba's on-disk cache does not notice a change in a function that
# another file compiles in.
@njit(cache=True)
def _seed_one(mt, mti, k, s, seed):
    """``random.Random(seed)`` for the bot of game ``k``, seat ``s``: ``init_by_array`` over abs(seed)'s words."""
    a = abs(seed)
    key0, key1 = a & _MASK32, a >> 32
    key_len = 1 if key1 == 0 else 2
    m = mt[k, s]
    m[0] = 19650218
    for j in range(1, 624):
        prev = np.int64(m[j - 1])
        m[j] = (1812433253 * (prev ^ (prev >> 30)) + j) & _MASK32
    i, j = 1, 0
    for _ in range(max(624, key_len)):
        prev = np.int64(m[i - 1])
        kj = key0 if j == 0 else key1
        m[i] = ((np.int64(m[i]) ^ ((prev ^ (prev >> 30)) * 1664525)) + kj + j) & _MASK32
        i += 1
        j += 1
        if i >= 624:
            m[0] = m[623]
            i = 1
        if j >= key_len:
            j = 0
    for _ in range(623):
        prev = np.int64(m[i - 1])
        m[i] = ((np.int64(m[i]) ^ ((prev ^ (prev >> 30)) * 1566083941)) - i) & _MASK32
        i += 1
        if i >= 624:
            m[0] = m[623]
            i = 1
    m[0] = 0x80000000
    mti[k, s] = 624


@njit(cache=True)
def seed_bots(mt, mti, envs, seats, seeds):
    """Seed the bot of (``envs[i]``, ``seats[i]``) with ``seeds[i]`` for every ``i``."""
    for i in range(envs.shape[0]):
        _seed_one(mt, mti, envs[i], seats[i], seeds[i])


@njit(cache=True, inline="always")
def _genrand(mt, mti, k, s):
    """The next 32-bit output of the generator of game ``k``, seat ``s`` (genrand_uint32)."""
    if mti[k, s] >= 624:
        m = mt[k, s]
        for i in range(624):
            y = (np.int64(m[i]) & 0x80000000) | (np.int64(m[(i + 1) % 624]) & 0x7FFFFFFF)
            v = np.int64(m[(i + 397) % 624]) ^ (y >> 1)
            if y & 1:
                v ^= 0x9908B0DF
            m[i] = v
        mti[k, s] = 0
    y = np.int64(mt[k, s, mti[k, s]])
    mti[k, s] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y & _MASK32


@njit(cache=True, inline="always")
def _randbelow(mt, mti, k, s, n):
    """``rng.randrange(n)``: getrandbits(n.bit_length()) until it is below ``n``."""
    bits = 0
    while (n >> bits) > 0:
        bits += 1
    r = _genrand(mt, mti, k, s) >> (32 - bits)
    while r >= n:
        r = _genrand(mt, mti, k, s) >> (32 - bits)
    return r


# --- the bots ------------------------------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _keep_value(card, value, unseen):
    """``HeuristicBot._keep_value``."""
    if card == JOKER:
        return 2.0
    strength = card % 12
    power = 2.0 * strength / 11
    if strength == SIX and unseen[card - SIX + FIVE]:
        power = 1.5
    return 1.5 * value[card] + power


@njit(cache=True, inline="always")
def _sure_winner(strength, live):
    """``HeuristicBot._sure_winner`` (``live``: the unseen trumps' strengths as flags)."""
    if strength == SIX:
        return False
    if strength == FIVE:
        return not live[SIX]
    for s in range(strength + 1, 12):
        if live[s]:
            return False
    return True


@njit(cache=True, inline="always")
def _heuristic(obs, k, lay, n, jokers, value, unseen, live):
    """``HeuristicBot.act`` from game ``k``'s mover's observation row (``engine_kernels._heuristic_move`` is the
    same bot over the engine's arrays, for search rollouts: keep the two in step)."""
    hand = lay[L_HAND]
    count = 0
    only = -1
    for c in range(NUM_KINDS):
        if obs[k, hand + c] > 0:
            count += 1
            only = c
    if count == 1:
        return only
    upcard = 0
    for c in range(NUM_KINDS):
        if obs[k, lay[L_UPCARD] + c] > 0:
            upcard = c
    # clinched suits: someone has 13+ points in them (points are stored / 25)
    for s in range(4):
        top = 0
        for p in range(n):
            pts = np.int64(obs[k, lay[L_POINTS] + p * 4 + s] * np.float32(25.0) + np.float32(0.5))
            top = max(top, pts)
        clinched = top >= WINNING_POINTS
        for c in range(12 * s, 12 * s + 12):
            value[c] = 0.0 if clinched else _CARD_POINTS[c]
    value[JOKER] = 0.0
    # unseen cards: not in my hand, any won pile, the discards, not the upcard
    total = 0.0
    suited = 0
    for c in range(NUM_KINDS):
        seen = obs[k, hand + c] + obs[k, lay[L_DISCARD] + c]
        for p in range(n):
            seen += obs[k, lay[L_CAPTURED] + p * NUM_KINDS + c]
        if c == upcard:
            seen += 1
        unseen[c] = seen < (jokers if c == JOKER else 1)
        if unseen[c]:
            total += value[c]
            if c != JOKER:
                suited += 1
    avg = total / suited if suited else 0.0
    trick_value = value[upcard] + (n - 1) * avg

    if trick_value >= FIGHT_THRESHOLD and upcard != JOKER:
        trump = upcard // 12
        lo = trump * 12
        for s in range(12):
            live[s] = unseen[lo + s]
        best, best_key = -1, 0.0
        has_six = False
        my_trumps = False
        strong = -1
        for c in range(lo, lo + 12):
            if obs[k, hand + c] > 0:
                my_trumps = True
                if c - lo == SIX:
                    has_six = True
                if c - lo >= 8:
                    strong = c
                if _sure_winner(c - lo, live):
                    key = _keep_value(c, value, unseen)
                    if best < 0 or key < best_key:
                        best, best_key = c, key
        if best >= 0:
            return best
        if has_six and live[FIVE] and trick_value >= FIGHT_THRESHOLD + 2:
            return lo + SIX
        if strong >= 0:
            return strong
        if obs[k, hand + JOKER] > 0 and trick_value >= FIGHT_THRESHOLD + 1 and not my_trumps:
            return JOKER
    elif trick_value >= FIGHT_THRESHOLD and obs[k, hand + JOKER] > 0:
        return JOKER
    best, best_key = -1, 0.0
    for c in range(NUM_KINDS):
        if obs[k, hand + c] > 0:
            key = _keep_value(c, value, unseen)
            if best < 0 or key < best_key:
                best, best_key = c, key
    return best


@njit(cache=True)
def act_bots(kinds, player, obs, mask, mt, mti, lay, n, jokers, out):
    """``out[k]`` = the move of the scripted bot of kind ``kinds[k]`` (an index into ``NAMES``) for game ``k``'s mover
    (seat ``player[k]``), from its observation ``obs[k]`` and legal mask ``mask[k]``; games with ``kinds[k] < 0``
    are left alone."""
    value = np.zeros(NUM_KINDS, dtype=np.float64)
    unseen = np.zeros(NUM_KINDS, dtype=np.bool_)
    live = np.zeros(12, dtype=np.bool_)
    for k in range(kinds.shape[0]):
        kind = kinds[k]
        if kind < 0:
            continue
        if kind == RANDOM:
            legal = 0
            for a in range(mask.shape[1]):
                legal += mask[k, a] != 0
            r = _randbelow(mt, mti, k, player[k], legal)
            for a in range(mask.shape[1]):
                if mask[k, a] != 0:
                    if r == 0:
                        out[k] = a
                        break
                    r -= 1
        else:
            out[k] = _heuristic(obs, k, lay, n, jokers, value, unseen, live)


class BatchBots(CoreBatchBots):
    """Democracy's scripted bots (:data:`NAMES`) over the N games of a batched engine (see
    :class:`hustings.core.batch_bots.BatchBots`)."""

    names = NAMES
    blocks = _BLOCKS
    seed_kernel = seed_bots

    def __init__(self, game, num_envs: int):
        super().__init__(game, num_envs)
        self._jokers = JOKERS_IN_DECK[self.num_players]

    def act(self, kinds: np.ndarray, player: np.ndarray, obs: np.ndarray, mask: np.ndarray,
            out: np.ndarray) -> None:
        """:meth:`hustings.core.batch_bots.BatchBots.act`."""
        act_bots(kinds, player, obs, mask, self._mt, self._mti, self._lay, self.num_players, self._jokers, out)
