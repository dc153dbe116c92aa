"""Politrickers' scripted bots compiled (numba), for many games at once: the same moves as ``bots.py``.

:class:`BatchBots` plays the seats of a batch of games that scripted bots hold, one call for all of them. Each bot
reads the mover's *observation* (``engine.observe``) and legal mask (``engine.legal_mask``) of the batched engine
interface (:mod:`hustings.vector`), nothing else: what the Python heuristic reads (its hand, the face-up cards of
the trick, parties, the Libra, tokens) is all in the observation, so the bots work over any engine of the
interface and never depend on how an engine stores its games. Observation blocks are found by name in
``game.observation_fields()`` when the bots are made (not frozen into the compiled code). From the observation:
the trick's face-up cards in play order are those of the seats that played before the mover (seats ``-turn`` ..
``-1`` from it, ``turn`` = how many played), a seat's tricks won this round are ``TOKENS - unspent - spent``, and the
legal moves and how each card would be played (face up, forced switch, face down) are the engine's own
(``kernels._legal``, ``rules._legal_parts`` over bitmasks).

Move for move the Python bots (``tests/games/politrickers/test_engine_bots_politrickers.py`` plays thousands of
decisions of both side by side), random streams included. Each (game, seat) keeps a Mersenne Twister drawn from
exactly as CPython draws; :meth:`BatchBots.seed` seeds it as ``Bot.reset(seed)`` seeds the Python bot
(``random.Random(seed)``), so a bot seeded with the same number plays the same moves:

* ``heuristic`` (:class:`~hustings.politrickers.bots.HeuristicBot`): with one legal move, that move and no draw;
  else one ``rng.random()`` per legal move, in ascending action order (``legal_actions()``' order), added
  (times 1e-3) to that move's value to break ties.
* ``random`` (:class:`~hustings.core.bots.RandomBot`): ``legal[rng.randrange(len(legal))]``.

This module needs numba (the kernels are cached on disk after the first compile).
"""
from __future__ import annotations

import math

import numpy as np

from ...engine import rng
from ...engine.bots import BatchBots as CoreBatchBots, random_move
from ...engine.jit import njit
from ..bots import TOKEN_VALUE
from .kernels import _legal
from ..cards import (CLAWS, DOWN, ECONOMY, FLIP, MIG_FROM_TAILS, MIG_NO_TOKEN, MIGRATION, NUM_CARDS,
                    PLATE_MAX, SUIT, TAILS, TOKENS, TRICKS_PER_ROUND, UP, VALUE)

#: The compiled bots, by the names ``bots.BOTS`` gives the Python ones; a kind is an index into this tuple.
NAMES = ("random", "heuristic")
RANDOM, HEURISTIC = range(2)
MIG = 3  # the mode of a Migration action (rules: cards.MIG)

# entries of the offsets array ``lay`` (observation blocks, found by name when the bots are made)
(L_HAND, L_PARTY, L_TRICK_CARD, L_TRICK_DOWN, L_TRICK_PLAYED, L_UNSPENT, L_SPENT, L_LIBRA_T, L_LIBRA_C, L_RULING_PARTY,
 L_RULING_SUIT, L_OPP_SUIT, L_TRICK, L_PLATES) = range(14)
_BLOCKS = ("hand", "party", "trick_card", "trick_face_down", "trick_played", "unspent", "spent", "libra_tails",
           "libra_claws", "ruling_party", "ruling_suit", "opposition_suit", "trick", "plate_total")
_SUIT = np.array(SUIT, dtype=np.int64)
_VALUE = np.array(VALUE, dtype=np.int64)
MAX_SEATS = 5


# --- the heuristic (bots.HeuristicBot) ----------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _trick_winner(ups_seat, ups_card, m):
    """``cards.trick_winner`` of the face-up cards ``(ups_seat[i], ups_card[i])``, ``i < m``, in play order."""
    eco = -1
    s0 = s1 = s2 = s3 = 0
    for i in range(m):
        c = ups_card[i]
        s = _SUIT[c]
        if s == ECONOMY:
            eco = ups_seat[i]
        elif s == 0:
            s0 += _VALUE[c]
        elif s == 1:
            s1 += _VALUE[c]
        elif s == 2:
            s2 += _VALUE[c]
        else:
            s3 += _VALUE[c]
    if eco >= 0:
        return eco
    best = max(max(s0, s1), max(s2, s3))
    popular = -1
    for i in range(m - 1, -1, -1):
        s = _SUIT[ups_card[i]]
        if (s0, s1, s2, s3)[s] == best:
            popular = s
            break
    win, low = -1, 99
    for i in range(m):
        c = ups_card[i]
        if _SUIT[c] == popular and _VALUE[c] < low:
            win, low = ups_seat[i], _VALUE[c]
    return win


@njit(cache=True, inline="always")
def _win_value(party_me, tokens, late, my_tokens, tricks_won_me, plate, libra_me):
    """``HeuristicBot._win_value`` (``libra_me[p]``: my tokens on plate ``p``; ``plate[p]``: the plate's tokens)."""
    if tokens <= 0:
        return -3.0 - max(0, my_tokens + 1)
    pl, other = party_me, 1 - party_me
    if plate[pl] >= PLATE_MAX:
        return float(libra_me[other] - libra_me[pl] - 1) - 1.0
    v = 0.0
    if tricks_won_me == 0:
        v -= 1.0 + late
    lead = plate[pl] + 1 - plate[other]
    if lead > 0:
        v += 0.6 + 0.6 * late
    else:
        v -= 0.3
    if plate[pl] + 1 >= PLATE_MAX:
        v -= 0.8
    return v


@njit(cache=True, inline="always")
def _migration_value(action, plate, libra_me):
    """``HeuristicBot._migration_value``."""
    if action == MIG_NO_TOKEN:
        return -0.2
    src = TAILS if action == MIG_FROM_TAILS else CLAWS
    dst = 1 - src
    if plate[dst] >= PLATE_MAX:
        return float(libra_me[src] - 1 - (libra_me[dst] + 1)) + 0.5
    after_src, after_dst = plate[src] - 1, plate[dst] + 1
    mine_src, mine_dst = libra_me[src] - 1, libra_me[dst] + 1
    if plate[src] > plate[dst]:
        before = libra_me[src]
    elif plate[dst] > plate[src]:
        before = libra_me[dst]
    else:
        before = 0
    if after_src > after_dst:
        after = mine_src
    elif after_dst > after_src:
        after = mine_dst
    else:
        after = 0
    v = 0.5 * (after - before)
    if plate[src] >= PLATE_MAX:
        v += 1.0
    if after_dst >= PLATE_MAX:
        v -= 0.5
    return v


@njit(cache=True, inline="always")
def _value(action, mode, n, turn, late, party, tokens_of, tricks_won_me, plate, libra_me, ups_seat, ups_card, m):
    """``HeuristicBot._value`` for me (seat 0 of the observation: the others clockwise)."""
    val = 0.0
    my_party = party[0]
    tokens = tokens_of[0]
    if action >= FLIP:
        action -= FLIP
        my_party = 1 - my_party
        tokens -= 1
        val -= TOKEN_VALUE
    if action >= MIGRATION:
        return val + _migration_value(action, plate, libra_me) - 0.1
    card = action
    count = m
    if mode != DOWN:
        if mode != UP:
            my_party = 1 - my_party  # forced switch
        ups_seat[m] = 0
        ups_card[m] = card
        count = m + 1
    remaining = n - turn - 1
    if count == 0:
        return val
    winner = _trick_winner(ups_seat, ups_card, count)
    if winner == 0:
        if _SUIT[card] == ECONOMY:
            hold = math.pow(0.35, float(remaining))
        else:
            hold = math.pow(1.0 - 0.08 * _VALUE[card], float(remaining)) if remaining else 1.0
        val += hold * _win_value(my_party, tokens, late, tokens_of[0], tricks_won_me, plate, libra_me)
        val -= (1 - hold) * 0.05 * ((10 - _VALUE[card]) if _SUIT[card] != ECONOMY else 5)
    else:
        if mode != DOWN:
            if _SUIT[card] == ECONOMY:
                val -= 0.4
            else:
                val -= 0.02 * (10 - _VALUE[card])
        other = party[winner]
        if tokens_of[winner] == 0 and remaining == 0:
            val += tokens * 0.8
        elif plate[other] >= PLATE_MAX and remaining == 0:
            val += libra_me[1 - other] - libra_me[other]
    return val


@njit(cache=True, inline="always")
def _count(obs, k, at, scale):
    """A small count stored as ``count / scale`` in the observation."""
    return np.int64(obs[k, at] * np.float32(scale) + np.float32(0.5))


@njit(cache=True)
def act_bots(kinds, player, obs, mask, mt, mti, lay, n, out):
    """``out[k]`` = the move of the scripted bot of kind ``kinds[k]`` (an index into ``NAMES``) for game ``k``'s mover
    (seat ``player[k]``), from its observation ``obs[k]`` and legal mask ``mask[k]``; games with ``kinds[k] < 0``
    are left alone."""
    seats = mt.shape[0] // kinds.shape[0]  # the bots' generators: row k * seats + seat
    party = np.zeros(MAX_SEATS, dtype=np.int64)
    tokens_of = np.zeros(MAX_SEATS, dtype=np.int64)
    plate = np.zeros(2, dtype=np.int64)
    libra_me = np.zeros(2, dtype=np.int64)
    ups_seat = np.zeros(MAX_SEATS + 1, dtype=np.int64)
    ups_card = np.zeros(MAX_SEATS + 1, dtype=np.int64)
    actions = np.zeros(2 * FLIP, dtype=np.int64)
    modes = np.zeros(2 * FLIP, dtype=np.int64)
    for k in range(kinds.shape[0]):
        kind = kinds[k]
        if kind < 0:
            continue
        seat = player[k]
        if kind == RANDOM:
            out[k] = random_move(mask, k, mt, mti, k * seats + seat)
            continue
        # --- the table as the observation shows it (seat 0: me) ---
        hand = 0
        for c in range(NUM_CARDS):
            if obs[k, lay[L_HAND] + c] > 0:
                hand |= 1 << c
        turn = 0
        for s in range(n):
            party[s] = 1 if obs[k, lay[L_PARTY] + 2 * s + 1] > 0 else 0
            tokens_of[s] = _count(obs, k, lay[L_UNSPENT] + s, 5.0)
            if obs[k, lay[L_TRICK_PLAYED] + s] > 0:
                turn += 1
        libra_me[TAILS] = _count(obs, k, lay[L_LIBRA_T], 7.0)
        libra_me[CLAWS] = _count(obs, k, lay[L_LIBRA_C], 7.0)
        plate[TAILS] = _count(obs, k, lay[L_PLATES], 7.0)
        plate[CLAWS] = _count(obs, k, lay[L_PLATES] + 1, 7.0)
        tricks_done = _count(obs, k, lay[L_TRICK], 9.0)
        tricks_won_me = TOKENS - tokens_of[0] - _count(obs, k, lay[L_SPENT], 5.0)
        rp = rs = os_ = -1
        for i in range(2):
            if obs[k, lay[L_RULING_PARTY] + i] > 0:
                rp = i
        for i in range(5):
            if obs[k, lay[L_RULING_SUIT] + i] > 0:
                rs = i
            if obs[k, lay[L_OPP_SUIT] + i] > 0:
                os_ = i
        m = 0  # the face-up policy cards of this trick, in play order: the seats -turn .. -1 from me
        for s in range(n - turn, n):
            if obs[k, lay[L_TRICK_DOWN] + s] > 0:
                continue
            base = lay[L_TRICK_CARD] + s * NUM_CARDS
            for c in range(MIGRATION):
                if obs[k, base + c] > 0:
                    ups_seat[m] = s
                    ups_card[m] = c
                    m += 1
                    break
        # --- the legal moves, in ascending action order, and how each is played ---
        own, mode, migs, flip_cards, flip_mode, can_flip = _legal(hand, tokens_of[0], party[0], rp, rs, os_,
                                                                 libra_me[TAILS], libra_me[CLAWS])
        count = 0
        for c in range(MIGRATION):
            if own >> c & 1:
                actions[count] = c
                modes[count] = mode
                count += 1
        mig_first = count
        for i in range(3):  # from the Tails plate, from the Claws plate, with no token
            if migs >> i & 1:
                actions[count] = MIG_FROM_TAILS + i
                count += 1
        mig_end = count
        for i in range(mig_first, mig_end):
            modes[i] = MIG
        if can_flip:
            for c in range(MIGRATION):
                if flip_cards >> c & 1:
                    actions[count] = FLIP + c
                    modes[count] = flip_mode
                    count += 1
            for i in range(mig_first, mig_end):
                actions[count] = FLIP + actions[i]
                modes[count] = MIG
                count += 1
        if count == 1:
            out[k] = actions[0]
            continue
        late = tricks_done / TRICKS_PER_ROUND
        best, best_val = actions[0], -1e9
        for i in range(count):
            v = _value(actions[i], modes[i], n, turn, late, party, tokens_of, tricks_won_me, plate, libra_me,
                       ups_seat, ups_card, m)
            v += rng.random(mt, mti, k * seats + seat, 0) * 1e-3
            if v > best_val:
                best, best_val = actions[i], v
        out[k] = best


class BatchBots(CoreBatchBots):
    """Politrickers's scripted bots (:data:`NAMES`) over the N games of a batched engine (see
    :class:`hustings.engine.bots.BatchBots`)."""

    names = NAMES
    blocks = _BLOCKS

    def act(self, kinds: np.ndarray, player: np.ndarray, obs: np.ndarray, mask: np.ndarray,
            out: np.ndarray) -> None:
        """:meth:`hustings.engine.bots.BatchBots.act`."""
        act_bots(kinds, player, obs, mask, self._mt, self._mti, self._lay, self.num_players, out)
