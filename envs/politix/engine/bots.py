"""Politix's scripted bots compiled (numba), for many games at once: the same moves as ``bots.py``.

:class:`BatchBots` plays the seats of a batch of games that scripted bots hold, one call for all of them. Each bot
reads the mover's *observation* (``engine.observe``) and legal mask (``engine.legal_mask``) of the batched engine
interface (:mod:`hustings.vector`), and the game's public card data (symbols, event and party modifiers, the group
specials); what the Python bots read (own hand, the public table, PTX-A16) is all in the observation, so the bots
work over any engine of the interface. Observation blocks are found by name in ``game.observation_fields()`` when
the bots are made (not frozen into the compiled code).

Move for move the Python bots (``tests/games/politix/test_engine_bots_politix.py`` plays thousands of decisions of
both side by side at every table size):

* ``heuristic``: :class:`~hustings.politix.bots.HeuristicBot` draws no random numbers; the same move, always (its
  valuations computed in the same floating-point order, its ties broken the same way).
* ``random``: :class:`~hustings.core.bots.RandomBot` plays ``legal[rng.randrange(len(legal))]`` with its own
  ``random.Random``. Each (game, seat) here keeps a Mersenne Twister drawn from exactly as CPython draws;
  :meth:`BatchBots.seed` seeds it as ``Bot.reset(seed)`` seeds the Python bot (``random.Random(seed)``), so a bot
  seeded with the same number plays the same moves (Politix's ``legal_actions()`` lists the legal actions in
  ascending id order, as the mask does).

This module needs numba (the kernels are cached on disk after the first compile).
"""
from __future__ import annotations

import numpy as np
from ...engine.jit import njit
from ...engine.bots import BatchBots as CoreBatchBots, random_move
from ..bots import CARD_COST, COFFEE_COST
from ..cards import (A_DRAW, A_END, A_REST, A_SPECIAL, BURN_SLOT, BURNOUT, COFFEE, DISCARD, GWTW, MAX_TAKE,
                    METHOD_KIND, NB, NE, NG, NK, NM, NUM_VOTER_CARDS, PERSUADE, SPECIAL_KINDS, START)

#: The compiled bots, by the names ``bots.BOTS`` gives the Python ones; a kind is an index into this tuple.
NAMES = ("random", "heuristic")
RANDOM, HEURISTIC = range(2)

# entries of the offsets array ``lay`` (observation blocks, found by name when the bots are made)
(L_HAND, L_HAND_SIZE, L_BESIDE, L_SKILLS, L_PARTNER, L_PARTIES, L_BASE, L_TABLE, L_EVENT, L_EVENTS_OUT, L_VDECK,
 L_PHASE, L_PG, L_PM, L_PPLAYED, L_PPOWER) = range(16)
_BLOCKS = ("hand", "hand_size", "beside", "skills", "partner", "parties", "base_support", "table", "event",
           "events_out", "voter_deck", "phase", "p_group", "p_method", "p_played", "p_power")
_METHOD_KIND = np.array(METHOD_KIND, dtype=np.int64)
_SPECIAL_KIND = np.array(SPECIAL_KINDS, dtype=np.int64)


# --- the heuristic (bots.HeuristicBot), from the mover's observation -----------------------------------------------
@njit(cache=True, inline="always")
def _sort(a, out):
    """``out`` = ``a`` sorted ascending (six numbers: a party's key, ``party_key``)."""
    for i in range(NG):
        v = a[i]
        j = i
        while j > 0 and out[j - 1] > v:
            out[j] = out[j - 1]
            j -= 1
        out[j] = v


@njit(cache=True, inline="always")
def _method_of(kind):
    """The method whose politicking cards are ``kind`` (``METHOD_KIND.index``), or -1."""
    for m in range(NM):
        if _METHOD_KIND[m] == kind:
            return m
    return -1


@njit(cache=True)
def _ends_badly(obs, k, lay, g, take, counts, P, has_base, mine, c, ka, kb):
    """``HeuristicBot._ends_badly``: taking ``take`` of group ``g`` empties the table without a win for our party."""
    events = 0
    for e in range(NE):
        events += np.int64(obs[k, lay[L_EVENTS_OUT] + e])
    voters_in_deck = np.int64(np.float64(obs[k, lay[L_VDECK]]) * NUM_VOTER_CARDS + 0.5) - (NE - events)
    total = 0
    for h in range(NG):
        total += np.int64(obs[k, lay[L_TABLE] + h])
    if total - take > 0 or voters_in_deck > 0:
        return False
    for h in range(NG):
        c[h] = counts[h]
    c[g] += take
    _sort(c, ka)
    for i in range(1, P):
        q = (mine + i) % P
        for h in range(NG):
            c[h] = np.int64(obs[k, lay[L_PARTIES] + i * (NG + 1) + h]) + (1 if q == 0 and has_base else 0)
        _sort(c, kb)
        ge = True  # party_key(other) >= party_key(ours)
        for h in range(NG):
            if kb[h] != ka[h]:
                ge = kb[h] > ka[h]
                break
        if ge:
            return True
    return False


@njit(cache=True)
def _options(obs, k, lay, symbols, g, m, power, played, counts, P, has_base, mine, c, ka, kb):
    """The best of ``HeuristicBot._options`` (as ``max`` over its (score, k, extra) tuples): (how many options,
    score, k, extra)."""
    hand = lay[L_HAND]
    avail_m = np.int64(obs[k, hand + _METHOD_KIND[m]])
    avail_c = np.int64(obs[k, hand + COFFEE])
    low = counts[0]
    for h in range(1, NG):
        low = min(low, counts[h])
    count, best, best_k, best_extra = 0, 0.0, 0, 0
    sym = symbols[g * NM + m]
    for take in range(1, np.int64(obs[k, lay[L_TABLE] + g]) + 1):
        extra = max(0 if played else 1, sym + take - 1 - power)
        if extra > avail_m + avail_c:
            break
        cost = CARD_COST * min(extra, avail_m) + COFFEE_COST * max(0, extra - avail_m)
        if _ends_badly(obs, k, lay, g, take, counts, P, has_base, mine, c, ka, kb):
            continue
        gain = 0.0
        for i in range(take):
            gain += 2.0 ** np.float64(-(counts[g] + i - low))
        score = gain - cost
        if count == 0 or score >= best:  # a tie goes to the larger count, as max() over the tuples does
            best, best_k, best_extra = score, take, extra
        count += 1
    return count, best, best_k, best_extra


@njit(cache=True)
def _heuristic(obs, k, lay, symbols, event_mod, party_mod, slot_group, slot_mod, n, P, has_base, mine, counts, mods,
               c, ka, kb):
    """``HeuristicBot.act`` for game ``k``'s mover (of party ``mine``) from its observation ``obs[k]``."""
    a_gwtw = A_SPECIAL + NB * n
    a_persuade = a_gwtw + NB * n
    a_add = a_persuade + NG * NM
    a_coffee, a_take, a_discard = a_add + 1, a_add + 2, a_add + 2 + MAX_TAKE
    hand, beside, skills = lay[L_HAND], lay[L_BESIDE], lay[L_SKILLS]
    phase = 0
    for i in range(4):
        if obs[k, lay[L_PHASE] + i] > 0:
            phase = i
    if phase == DISCARD:  # HeuristicBot._discard: the kind least worth keeping (the first of equals)
        best, best_key = -1, 0.0
        for kind in range(NK):
            held = np.int64(obs[k, hand + kind])
            if held == 0:
                continue
            if kind == COFFEE:
                key = 3.0
            elif _method_of(kind) >= 0:
                key = 2.0 + 0.3 * np.int64(obs[k, skills + _method_of(kind)]) - 0.15 * held
            elif kind == GWTW:
                key = 1.6
            elif kind == BURNOUT:
                key = 1.2
            else:
                key = 1.4
            if best < 0 or key < best_key:
                best, best_key = kind, key
        return a_discard + best
    for g in range(NG):  # own party's counts (the base support where ours) and power modifiers
        counts[g] = np.int64(obs[k, lay[L_PARTIES] + g]) + np.int64(obs[k, lay[L_BASE] + g])
        mods[g] = party_mod[mine * NG + g]
    for j in range(NB - 1):
        b = np.int64(obs[k, beside + j])
        if b:
            mods[slot_group[j]] += slot_mod[j] * b
    if phase == PERSUADE:  # HeuristicBot._continue
        pg = pm = 0
        for g in range(NG):
            if obs[k, lay[L_PG] + g] > 0:
                pg = g
        for m in range(NM):
            if obs[k, lay[L_PM] + m] > 0:
                pm = m
        power = np.int64(obs[k, lay[L_PPOWER]])
        played = np.int64(obs[k, lay[L_PPLAYED]])
        sym = symbols[pg * NM + pm]
        kmax = min(np.int64(obs[k, lay[L_TABLE] + pg]), power - sym + 1)
        count, _, best_k, best_extra = _options(obs, k, lay, symbols, pg, pm, power, played, counts, P, has_base,
                                                mine, c, ka, kb)
        if count:
            if best_extra == 0:
                return a_take + best_k - 1
        elif played and power >= sym:
            return a_take + kmax - 1
        if obs[k, hand + _METHOD_KIND[pm]] > 0:
            return a_add
        if obs[k, hand + COFFEE] > 0:
            return a_coffee
        return a_take + kmax - 1
    ev = -1
    for e in range(NE):
        if obs[k, lay[L_EVENT] + e] > 0:
            ev = e
    # _best_plan
    plan_g, plan_m, plan_score = -1, -1, 0.0
    for g in range(NG):
        if obs[k, lay[L_TABLE] + g] <= 0:
            continue
        for m in range(NM):
            if obs[k, hand + _METHOD_KIND[m]] + obs[k, hand + COFFEE] <= 0:
                continue
            power = np.int64(obs[k, skills + m]) + mods[g] + (event_mod[ev * NM + m] if ev >= 0 else 0)
            count, score, _, _ = _options(obs, k, lay, symbols, g, m, power, 0, counts, P, has_base, mine, c, ka, kb)
            if count and score > plan_score:
                plan_g, plan_m, plan_score = g, m, score
    hand_size = np.int64(obs[k, lay[L_HAND_SIZE]])
    want = plan_g >= 0 or hand_size >= 9
    # _special: Gone with the wind on a harmful card beside us first
    partner = lay[L_PARTNER]
    if obs[k, hand + GWTW] > 0:
        for j in range(NB):
            if (j == BURN_SLOT or slot_mod[j] < 0) and obs[k, beside + j] > 0:
                return a_gwtw + j * n
        if want:
            for i in range(1, n):
                if obs[k, partner + i] > 0:
                    continue
                for j in range(NB - 1):
                    if slot_mod[j] > 0 and obs[k, beside + i * NB + j] > 0:
                        return a_gwtw + j * n + i
    if want:
        first = -1  # the opponent closest in turn order
        for i in range(1, n):
            if obs[k, partner + i] <= 0:
                first = i
                break
        low = counts[0]
        for g in range(1, NG):
            low = min(low, counts[g])
        for j in range(NB - 1):
            if obs[k, hand + _SPECIAL_KIND[j]] > 0:
                if slot_mod[j] > 0:
                    return A_SPECIAL + j * n
                if first >= 0:
                    return A_SPECIAL + j * n + first
                if counts[slot_group[j]] > low + 2:
                    return A_SPECIAL + j * n
        if obs[k, hand + BURNOUT] > 0:
            for i in range(1, n):
                if obs[k, partner + i] <= 0 and obs[k, beside + i * NB + BURN_SLOT] <= 0:
                    return A_SPECIAL + BURN_SLOT * n + i
    if plan_g >= 0:
        return a_persuade + plan_g * NM + plan_m
    if phase == START:
        if obs[k, beside + BURN_SLOT] > 0 and hand_size >= 5:
            return A_REST
        return A_DRAW
    return A_END


@njit(cache=True)
def act_bots(kinds, player, obs, mask, mt, mti, lay, tables, party_of, P, has_base, out):
    """``out[k]`` = the move of the scripted bot of kind ``kinds[k]`` (an index into ``NAMES``) for game ``k``'s mover
    (seat ``player[k]``), from its observation ``obs[k]`` and legal mask ``mask[k]``; games with ``kinds[k] < 0``
    are left alone. ``tables``: the game's symbols, event modifiers, party modifiers, the group specials' groups
    and modifiers (:class:`BatchBots`)."""
    seats = mt.shape[0] // kinds.shape[0]  # the bots' generators: row k * seats + seat
    n = party_of.shape[0]
    symbols, event_mod, party_mod, slot_group, slot_mod = tables
    counts = np.zeros(NG, dtype=np.int64)
    mods = np.zeros(NG, dtype=np.int64)
    c = np.zeros(NG, dtype=np.int64)
    ka = np.zeros(NG, dtype=np.int64)
    kb = np.zeros(NG, dtype=np.int64)
    for k in range(kinds.shape[0]):
        kind = kinds[k]
        if kind < 0:
            continue
        if kind == RANDOM:
            out[k] = random_move(mask, k, mt, mti, k * seats + player[k])
        else:
            out[k] = _heuristic(obs, k, lay, symbols, event_mod, party_mod, slot_group, slot_mod, n, P, has_base,
                                party_of[player[k]], counts, mods, c, ka, kb)


class BatchBots(CoreBatchBots):
    """Politix's scripted bots (:data:`NAMES`) over the N games of a batched engine (see
    :class:`hustings.engine.bots.BatchBots`)."""

    names = NAMES
    blocks = _BLOCKS

    def __init__(self, game, num_envs: int):
        super().__init__(game, num_envs)
        flat = lambda t: np.ascontiguousarray(np.asarray(t, dtype=np.int64).ravel())  # noqa: E731
        self._tables = (flat(game.symbols), flat(game.event_mod), flat(game.party_mod), flat(game.slot_group),
                        flat(game.slot_mod))
        self._party_of = flat(game.party_of)
        self._P, self._has_base = int(game.num_parties), bool(game.has_base)

    def act(self, kinds: np.ndarray, player: np.ndarray, obs: np.ndarray, mask: np.ndarray,
            out: np.ndarray) -> None:
        """:meth:`hustings.engine.bots.BatchBots.act`."""
        act_bots(kinds, player, obs, mask, self._mt, self._mti, self._lay, self._tables, self._party_of, self._P,
                 self._has_base, out)
