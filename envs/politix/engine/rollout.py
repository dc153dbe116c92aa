"""Politix's search rollouts (``hustings.bots.rollout``): one kernel call loads a sampled world into a game of the
compiled engine (only what play reads) and plays it on with uniformly random legal moves (``BatchEngine.rollout``).

The moves are the kernels' own (``kernels._apply_one``), so a rollout plays as the rules would play the same
moves; the legal moves are listed as ``kernels.legal_mask`` (and ``PolitixState.legal_actions``) finds them,
and one is picked uniformly from a splitmix64 stream. Deals (the reshuffles of the action pile) come from the game's
own Mersenne Twister, which :func:`seed_rollouts` seeds.
"""
from __future__ import annotations

import numpy as np

from ...engine import rng
from . import kernels as K
from ..cards import BURN_SLOT, BURNOUT, COFFEE, DISCARD, GWTW, MAX_TAKE, NB, NG, NK, NM, PERSUADE, START

# head's layout (``BatchEngine.rollout``): these scalars, then the seats' politicians (n), the voter deck and the
# action draw pile (bottom first)
(R_CUR, R_PHASE, R_PG, R_PM, R_PPLAYED, R_PPOWER, R_EVENT, R_TURN_COUNT, R_VERSION, R_NVDECK, R_NDECK) = range(11)
R_HEAD = 11
_at, _put, _at1 = K._at, K._put, K._at1


@K.KERNEL
def seed_rollouts(mt, big, seed):
    """Seed every game's Mersenne Twister as ``random.Random(seed)`` (``seed``: uint64), for the deals of rollouts;
    each game beside the spare row (the last)."""
    spare = mt.shape[0] - 1
    for k in range(spare):
        K.seed_rngs(mt, big, k, seed, spare, seed)


@K.KERNEL
def _legal_list(cfg, st, k, p, n, acts):
    """Game ``k``'s legal actions (mover ``p``) into ``acts``; returns how many (``legal_mask``'s tests)."""
    a_gwtw, a_persuade, a_add, a_coffee, a_take, a_discard = K._action_bases(n)
    ph = _at(st, k, K.PHASE)
    h = K.HANDS + p * NK
    c = 0
    if ph == PERSUADE:
        pg, pm = np.int64(_at(st, k, K.PG)), np.int64(_at(st, k, K.PM))
        if _at(st, k, h + K._METHOD_KIND[pm]) > 0:
            acts[c] = a_add
            c += 1
        if _at(st, k, h + COFFEE) > 0:
            acts[c] = a_coffee
            c += 1
        if _at(st, k, K.PPLAYED):
            kmax = min(np.int64(_at(st, k, K.TABLE + pg)),
                       np.int64(_at(st, k, K.PPOWER)) - _at1(cfg, K.C_SYMBOLS + pg * NM + pm) + 1)
            for i in range(min(kmax, MAX_TAKE)):
                acts[c] = a_take + i
                c += 1
        return c
    if ph == DISCARD:
        for kind in range(NK):
            if _at(st, k, h + kind) > 0:
                acts[c] = a_discard + kind
                c += 1
        return c
    if ph == START:
        acts[c] = K.A_DRAW
        c += 1
        if _at(st, k, K.BESIDE + p * NB + BURN_SLOT) > 0:
            acts[c] = K.A_REST
            c += 1
    else:
        acts[c] = K.A_END
        c += 1
    for j in range(NB - 1):
        if _at(st, k, h + K._SPECIAL_KIND[j]) > 0:
            for i in range(K.A_SPECIAL + j * n, K.A_SPECIAL + (j + 1) * n):
                acts[c] = i
                c += 1
    if _at(st, k, h + BURNOUT) > 0:
        mine = _at1(cfg, K.C_PARTY_OF + p)
        for i in range(1, n):
            s = K._seat(p + i, n)
            if _at1(cfg, K.C_PARTY_OF + s) != mine and _at(st, k, K.BESIDE + s * NB + BURN_SLOT) == 0:
                acts[c] = K.A_SPECIAL + BURN_SLOT * n + i
                c += 1
    if _at(st, k, h + GWTW) > 0:
        for j in range(NB):
            for i in range(n):
                if _at(st, k, K.BESIDE + K._seat(p + i, n) * NB + j) > 0:
                    acts[c] = a_gwtw + j * n + i
                    c += 1
    coffee = np.int64(_at(st, k, h + COFFEE))
    sk = K.C_SKILLS + np.int64(_at(st, k, K.POL + p)) * NM
    ev = np.int64(_at(st, k, K.EVENT))
    for g in range(NG):
        if _at(st, k, K.TABLE + g) <= 0:
            continue
        for m in range(NM):
            avail = np.int64(_at(st, k, h + K._METHOD_KIND[m])) + coffee
            reach = _at1(cfg, sk + m) + avail + (_at1(cfg, K.C_EVENT_MOD + ev * NM + m) if ev >= 0 else 0)
            if avail > 0 and reach + np.int64(_at(st, k, K.MODS + p * NG + g)) >= _at1(cfg, K.C_SYMBOLS + g * NM + m):
                acts[c] = a_persuade + g * NM + m
                c += 1
    return c


@K.KERNEL
def rollout_game(k, head, world, max_steps, stop_version, key, record, acts, cfg, st, big, mt, player, term, trunc,
                 scores, returns, winners):
    """Load a rules state into game ``k`` and play it on with uniformly random legal moves until the game ends,
    ``max_steps`` moves were played or the score version reaches ``stop_version``; returns the moves played.

    The counts (hands, hand sizes, specials beside, the parties' voter cards and turns, the base support, the
    table, the discard pile) come from the state's world vector (``world``), the rest from ``head`` (the ``R_*``
    layout). Only what play reads is loaded, not the record (the events drawn, the draw-pile record since the last
    reshuffle) or the RNG: game ``k`` keeps its own Mersenne Twister, so the rollout's reshuffles come from the
    engine's stream. Each move is a uniform pick among the legal actions (``acts``: scratch of ``num_actions``)
    from the splitmix64 stream ``key`` (``uint64[1]``, advanced); the first ``len(record)`` moves are written into
    ``record``. The public arrays hold the result."""
    n, P = _at1(cfg, K.C_N), _at1(cfg, K.C_P)
    for i in range(K.PPOWER + 1):  # CUR .. PPOWER: head's first six, in order
        _put(st, k, i, head[i])
    _put(st, k, K.EVENT, head[R_EVENT])
    _put(st, k, K.NEVENTS, 0)
    _put(st, k, K.NVDECK, head[R_NVDECK])
    _put(st, k, K.NDECK, head[R_NDECK])
    _put(st, k, K.FINISHED, 0)
    _put(st, k, K.TRUNCATED, 0)
    _put(st, k, K.RESHUF, 0)
    _put(st, k, K.STARTED, 1)
    o_hand, o_size, o_beside = _at1(cfg, K.W_HAND), _at1(cfg, K.W_HAND_SIZE), _at1(cfg, K.W_BESIDE)
    for s in range(n):
        _put(st, k, K.POL + s, head[R_HEAD + s])
        _put(st, k, K.HAND_SIZE + s, np.int64(world[o_size + s]))
        for kind in range(NK):
            _put(st, k, K.HANDS + s * NK + kind, np.int64(world[o_hand + s * NK + kind]))
        for j in range(NB):
            _put(st, k, K.BESIDE + s * NB + j, np.int64(world[o_beside + s * NB + j]))
        _put(winners, k, s, False)
        _put(returns, k, s, 0.0)
    o_col, o_turns = _at1(cfg, K.W_COLLECTED), _at1(cfg, K.W_TURNS)
    for i in range(P):
        for g in range(NG):
            _put(st, k, K.COLLECTED + i * NG + g, np.int64(world[o_col + i * NG + g]))
        _put(big, k, K.TURNS + i, np.int64(world[o_turns + i]))
    o_base, o_table, o_discard = _at1(cfg, K.W_BASE), _at1(cfg, K.W_TABLE), _at1(cfg, K.W_DISCARD)
    total = 0
    for g in range(NG):
        _put(st, k, K.BASE + g, np.int64(world[o_base + g]))
        t = np.int64(world[o_table + g])
        _put(st, k, K.TABLE + g, t)
        total += t
    _put(st, k, K.TABLE_TOTAL, total)
    for kind in range(NK):
        _put(st, k, K.DISCARD_PILE + kind, np.int64(world[o_discard + kind]))
    at = R_HEAD + n
    for i in range(head[R_NVDECK]):
        _put(st, k, K.VDECK + i, head[at + i])
    at += head[R_NVDECK]
    for i in range(head[R_NDECK]):
        _put(st, k, K.DECK + i, head[at + i])
    _put(big, k, K.TURN_COUNT, head[R_TURN_COUNT])
    _put(big, k, K.SCORE_VERSION, head[R_VERSION])
    K._recompute_mods(cfg, st, k, n)
    K._refresh(cfg, st, k, player, term, trunc, scores)
    z = key[0]
    steps = 0
    while steps < max_steps and _at(big, k, K.SCORE_VERSION) < stop_version:
        p = player[k]
        if p < 0:
            break
        count = _legal_list(cfg, st, k, p, n, acts)
        z += rng.GOLDEN
        y = rng.splitmix(z)
        action = acts[np.int64(((y >> np.uint64(32)) * np.uint64(count)) >> np.uint64(32))]
        if steps < record.shape[0]:
            record[steps] = action
        steps += 1
        took = K._apply_one(cfg, st, big, mt, k, n, action, returns, winners)
        if _at(st, k, K.FINISHED):
            K._refresh(cfg, st, k, player, term, trunc, scores)
        else:
            player[k] = _at(st, k, K.CUR)
            if took:
                K._write_scores(cfg, st, k, scores)
    key[0] = z
    return steps
