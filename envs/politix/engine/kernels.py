"""Politix's compiled kernels (numba): the transitions of ``rules.py`` over N games held in arrays (``batch.py`` owns
the arrays and converts to and from rules states).

Every function mirrors a method of ``PolitixState`` (or ``observe.py``) of the same name, step for step; the rules
module stays the reference, and ``tests/games/politix/test_engine_politix.py`` compares the two move for move. Deals
and reshuffles draw from each game's own Mersenne Twister exactly as ``random.Random`` does (``sample`` for the
politicians, ``shuffle`` for the decks, ``randrange`` for the first seat), so a game from a seed is the same game here
and in Python.

A game is one row of each of these arrays:

* ``st`` int8[N, row_size(D)] (int16 for a card set whose numbers need it: ``batch.py`` decides): the small
  numbers, at the offsets below (per-seat fields hold ``MAX_SEATS`` entries, per-party fields ``MAX_PARTIES``): the
  persuasion, the table, hands, specials beside, the power modifiers per seat and group (party symbol + specials
  beside, kept as ``mods`` is), the discard pile, the parties' voter piles, the events drawn, the voter deck, the
  base support, the draw-pile record since the last reshuffle, and last the action draw pile (``D`` = the game's
  action cards, ``components`` included; decks top = last);
* ``big`` int32[N + 1, BIG]: the parties' turns, the turn count, ``score_version`` and the Mersenne Twister's index;
* ``mt`` uint32[N + 1, 624]: the Mersenne Twister's words (the last row of both is a spare that belongs to no game:
  :func:`reset_games` seeds two games at a time).

``cfg`` (int64) holds the configuration: the table size, the parties, the turn cap, and the card data the rules read
from ``game`` (symbols, skills, event and party modifiers, politicians' parties, the deck's composition, the group
specials' groups and modifiers), so a custom card set (``components``) runs on the same kernels; then the world
vector's block offsets. The observation and the world vector are written from these arrays when asked for, each
entry as ``observe.py`` computes it (the rules state's incrementally kept vector always equals it). Helpers on the hot
path are inlined (``inline="always"``); the rare, long ones (the twister's refill, a reshuffle, the final scoring)
are calls, which keeps the compiled code small. The kernels are compiled without numba's reference counting
(``_nrt=False``, :data:`KERNEL`): they allocate nothing, and the counting numba otherwise does on the arrays of every
call took about a third of the time of a step. Array accesses go through :func:`_at`, :func:`_put`, :func:`_add`
(unsigned indices).
"""
from __future__ import annotations

import numpy as np

from ...engine import rng
from ...engine.jit import njit
from ..cards import (BASE_SUPPORT, BESIDE_KINDS, BURN_SLOT, BURNOUT, BURNT_DRAW, CARDS, COFFEE, DISCARD, DRAW,
                    GROUP_COUNT, GWTW, HAND_LIMIT, MAX_TAKE, METHOD_KIND, NB, NE, NG, NK, NM, NPOL, NUM_ACTION_CARDS,
                    NUM_VOTER_CARDS, PARTIES, PERSUADE, SPECIAL_KINDS, SPECIALS, START, START_HAND, TABLE_SIZE)

#: the kernels' decorator: compiled once and cached, without reference counting (none of them allocates)
KERNEL = njit(cache=True, _nrt=False)
MAX_SEATS, MAX_PARTIES = 6, 3
NSYM = len(PARTIES)  # party symbols
# st's columns, the ones play reads and writes most first (a game's row is read from memory at every step, so the
# fewer cache lines a step touches, the faster): one number each ...
(CUR, PHASE, PG, PM, PPLAYED, PPOWER, EVENT, NEVENTS, TABLE_TOTAL, NDECK, NVDECK, FINISHED, TRUNCATED, RESHUF,
 STARTED) = range(15)
# ... then the blocks
TABLE = 16  # [group]
HAND_SIZE = TABLE + NG  # [seat]
POL = HAND_SIZE + MAX_SEATS  # [seat]
DISCARD_PILE = POL + MAX_SEATS  # [kind]
HANDS = 64  # [seat * NK + kind]
MODS = HANDS + MAX_SEATS * NK  # [seat * NG + group]
BESIDE = MODS + MAX_SEATS * NG  # [seat * NB + slot]
COLLECTED = BESIDE + MAX_SEATS * NB  # [party * NG + group]
EVENTS_OUT = COLLECTED + MAX_PARTIES * NG  # [i]: the voter-card ids of the events drawn, oldest first
VDECK = EVENTS_OUT + NE  # [i]: the voter deck, top = last
BASE = VDECK + NUM_VOTER_CARDS  # [group]
DRAWN = BASE + NG  # [seat * NK + kind]: drawn since the last reshuffle (with RESHUF set)
RESHUFFLED = DRAWN + MAX_SEATS * NK  # [kind]: the pile's composition at the last reshuffle (with RESHUF set)
SCRATCH = RESHUFFLED + NK  # working space of the deal and the scoring (no allocation in a kernel)
DECK = SCRATCH + max(NPOL, NE, MAX_PARTIES * NG)  # [i]: the action draw pile, top = last; the row ends with it
assert DISCARD_PILE + NK <= HANDS


def row_size(deck_size: int) -> int:
    """The width of ``st`` for a game whose action deck holds ``deck_size`` cards (a multiple of 64 bytes)."""
    return -(-(DECK + deck_size) // 64) * 64


# big's columns
TURNS, TURN_COUNT, SCORE_VERSION, MTI = 0, MAX_PARTIES, MAX_PARTIES + 1, MAX_PARTIES + 2
BIG = MAX_PARTIES + 3

# cfg's entries: the configuration ...
C_N, C_P, C_HAS_BASE, C_CAP, C_D = range(5)  # C_CAP: max_turns, -1 for none; C_D: the action cards
C_PARTY_OF = 8  # [seat]
# ... the card data (the game's tables, components included) ...
C_SYMBOLS = C_PARTY_OF + MAX_SEATS  # [group * NM + method]
C_SKILLS = C_SYMBOLS + NG * NM  # [politician * NM + method]
C_EVENT_MOD = C_SKILLS + NPOL * NM  # [event * NM + method]
C_PARTY_MOD = C_EVENT_MOD + NE * NM  # [party * NG + group]
C_POL_PARTY = C_PARTY_MOD + NSYM * NG  # [politician]
C_KIND_COUNT = C_POL_PARTY + NPOL  # [kind]
C_SLOT_GROUP = C_KIND_COUNT + NK  # [slot], the twelve group specials
C_SLOT_MOD = C_SLOT_GROUP + NB - 1  # [slot]
# ... and the world vector's block offsets (observe.build_layout's names, in this order)
WORLD_BLOCKS = ("hand", "hand_size", "beside", "politician", "skills", "party_symbol", "current", "collected", "turns",
                "base", "table", "event", "events_out", "voter_deck", "action_deck", "discard", "phase", "p_group",
                "p_method", "p_played", "p_power", "turn", "one")
C_WORLD = C_SLOT_MOD + NB - 1
(W_HAND, W_HAND_SIZE, W_BESIDE, W_POLITICIAN, W_SKILLS, W_PARTY_SYMBOL, W_CURRENT, W_COLLECTED, W_TURNS, W_BASE,
 W_TABLE, W_EVENT, W_EVENTS_OUT, W_VOTER_DECK, W_ACTION_DECK, W_DISCARD, W_PHASE, W_P_GROUP, W_P_METHOD, W_P_PLAYED,
 W_P_POWER, W_TURN, W_ONE) = range(C_WORLD, C_WORLD + len(WORLD_BLOCKS))
CFG = C_WORLD + len(WORLD_BLOCKS)

# the fixed part of the action table (the rest depends on the table size: _action_bases)
A_DRAW, A_REST, A_END, A_SPECIAL = 0, 1, 2, 3
# the voter cards: groups 0..NG-1, then the events (their counts are printed: PolitixState._full_voter_pool)
VOTER_POOL = np.array(list(GROUP_COUNT) + [e["count"] for e in CARDS["events"]], dtype=np.int64)
_BESIDE_KIND = np.array(BESIDE_KINDS, dtype=np.int64)
_SPECIAL_KIND = np.array(SPECIAL_KINDS, dtype=np.int64)
_METHOD_KIND = np.array(METHOD_KIND, dtype=np.int64)
assert BURN_SLOT == NB - 1 and len(SPECIAL_KINDS) == NB - 1 and MAX_TAKE <= TABLE_SIZE
assert NUM_ACTION_CARDS < 2 ** 15 and NUM_VOTER_CARDS == int(VOTER_POOL.sum())




# --- unsigned indexing ----------------------------------------------------------------------------------------------
# numba adds a negative-index wraparound to every signed index: instructions at each access, and loops that do not
# vectorise. These make the indices unsigned (a no-op for the machine); every array access of the kernels goes
# through them (twice as fast a legal mask).
@njit(cache=True, inline="always")
def _at(a, k, i):
    """``a[k, i]``."""
    return a[np.uint64(k), np.uint64(i)]


@njit(cache=True, inline="always")
def _put(a, k, i, v):
    """``a[k, i] = v``."""
    a[np.uint64(k), np.uint64(i)] = v


@njit(cache=True, inline="always")
def _add(a, k, i, v):
    """``a[k, i] += v``."""
    a[np.uint64(k), np.uint64(i)] += v


@njit(cache=True, inline="always")
def _at1(a, i):
    """``a[i]``."""
    return a[np.uint64(i)]


# --- the Mersenne Twister (hustings.engine.rng) -------------------------------------------------------------------
@KERNEL
def seed_rngs(mt, big, k1, seed1, k2, seed2):
    """``random.Random(seed)`` for games ``k1`` and ``k2 != k1`` at once (``seed`` = abs(the seed), uint64)."""
    m = np.uint64(0xFFFFFFFF)
    rng.seed_words_pair(mt, big, MTI, k1, seed1 & m, seed1 >> np.uint64(32), k2, seed2 & m, seed2 >> np.uint64(32))


# --- small helpers --------------------------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _seat(x, n):
    """``x % n`` for ``-n <= x < 2 * n`` (seat arithmetic) without a division."""
    if x >= n:
        return x - n
    if x < 0:
        return x + n
    return x


@njit(cache=True, inline="always")
def _action_bases(n):
    """(A_GWTW, A_PERSUADE, A_ADD, A_COFFEE, A_TAKE, A_DISCARD) of a table of ``n`` (PolitixGame.__init__)."""
    a_gwtw = A_SPECIAL + NB * n
    a_persuade = a_gwtw + NB * n
    a_add = a_persuade + NG * NM
    return a_gwtw, a_persuade, a_add, a_add + 1, a_add + 2, a_add + 2 + MAX_TAKE


@njit(cache=True, inline="always")
def _recompute_mods(cfg, st, k, n):
    """``_recompute_mods``: each seat's party symbol plus the group specials beside it, per group."""
    for s in range(n):
        party = _at1(cfg, C_PARTY_OF + s)
        for g in range(NG):
            _put(st, k, MODS + s * NG + g, _at1(cfg, C_PARTY_MOD + party * NG + g))
        for j in range(NB - 1):
            b = _at(st, k, BESIDE + s * NB + j)
            if b:
                _add(st, k, MODS + s * NG + _at1(cfg, C_SLOT_GROUP + j), _at1(cfg, C_SLOT_MOD + j) * b)


@njit(cache=True, inline="always")
def _beside_change(cfg, st, k, s, j, delta):
    _add(st, k, BESIDE + s * NB + j, delta)
    if j != BURN_SLOT:
        _add(st, k, MODS + s * NG + _at1(cfg, C_SLOT_GROUP + j), _at1(cfg, C_SLOT_MOD + j) * delta)


@njit(cache=True, inline="always")
def _hand_change(st, k, p, kind, delta):
    _add(st, k, HANDS + p * NK + kind, delta)
    _add(st, k, HAND_SIZE + p, delta)


@njit(cache=True, inline="always")
def _base_power(cfg, st, k, p, g, m):
    """``base_power``: skill + party symbol + specials beside + the event in effect, before cards."""
    ev = _at(st, k, EVENT)
    power = _at1(cfg, C_SKILLS + _at(st, k, POL + p) * NM + m) + _at(st, k, MODS + p * NG + g)
    if ev >= 0:
        power += _at1(cfg, C_EVENT_MOD + ev * NM + m)
    return power


# --- dealing (PolitixState._choose_politicians, _setup with nothing given) -------------------------------------------
@KERNEL
def _deal(cfg, st, big, mt, k):
    """``new_initial_state(seed)`` after seeding: politicians, the action deck and hands, the voter deck, (5 players)
    the base support, the table, the first seat."""
    n, P = _at1(cfg, C_N), _at1(cfg, C_P)
    st[k, :] = 0
    for i in range(BIG):
        if i != MTI:
            _put(big, k, i, 0)
    pool = SCRATCH
    for i in range(P):  # rng.sample(pool, len(seats)) per party (CPython's pool-based selection)
        size = 0
        for q in range(NPOL):
            if _at1(cfg, C_POL_PARTY + q) == i:
                _put(st, k, pool + size, q)
                size += 1
        taken = 0
        for s in range(n):
            if _at1(cfg, C_PARTY_OF + s) == i:
                j = rng.below(mt, big, k, MTI, size - taken)
                _put(st, k, POL + s, _at(st, k, pool + j))
                _put(st, k, pool + j, _at(st, k, pool + size - taken - 1))
                taken += 1
    size = 0  # the action cards in kind order, shuffled; each hand pops four off the end
    for kind in range(NK):
        for _ in range(_at1(cfg, C_KIND_COUNT + kind)):
            _put(st, k, DECK + size, kind)
            size += 1
    rng.shuffle_row(mt, big, k, MTI, st, k, DECK, size)
    for s in range(n):
        for _ in range(START_HAND):
            size -= 1
            _add(st, k, HANDS + s * NK + _at(st, k, DECK + size), 1)
        _put(st, k, HAND_SIZE + s, START_HAND)
    _put(st, k, NDECK, size)
    nv = 0  # the voter cards in id order, shuffled
    for c in range(NG + NE):
        for _ in range(VOTER_POOL[c]):
            _put(st, k, VDECK + nv, c)
            nv += 1
    rng.shuffle_row(mt, big, k, MTI, st, k, VDECK, nv)
    aside = SCRATCH
    if _at1(cfg, C_HAS_BASE):  # L41, PTX-A15: six non-event cards; events met are shuffled back
        got = put = 0
        while got < BASE_SUPPORT and nv > 0:
            nv -= 1
            c = _at(st, k, VDECK + nv)
            if c < NG:
                _add(st, k, BASE + c, 1)
                got += 1
            else:
                _put(st, k, aside + put, c)
                put += 1
        if put:
            for i in range(put):
                _put(st, k, VDECK + nv, _at(st, k, aside + i))
                nv += 1
            rng.shuffle_row(mt, big, k, MTI, st, k, VDECK, nv)
    groups_left = 0
    for i in range(nv):
        if _at(st, k, VDECK + i) < NG:
            groups_left += 1
    total = put = 0  # L14-15, PTX-A11: events met while laying out the table are set aside, then shuffled back
    while total < TABLE_SIZE and groups_left > 0:
        nv -= 1
        c = _at(st, k, VDECK + nv)
        if c < NG:
            _add(st, k, TABLE + c, 1)
            total += 1
            groups_left -= 1
        else:
            _put(st, k, aside + put, c)
            put += 1
    if put:
        for i in range(put):
            _put(st, k, VDECK + nv, _at(st, k, aside + i))
            nv += 1
        rng.shuffle_row(mt, big, k, MTI, st, k, VDECK, nv)
    _put(st, k, NVDECK, nv)
    _put(st, k, TABLE_TOTAL, total)
    _put(st, k, EVENT, -1)
    _put(st, k, CUR, 0 if _at1(cfg, C_HAS_BASE) else rng.below(mt, big, k, MTI, n))  # L16; L41 for 5 players
    _put(st, k, PHASE, START)
    _put(st, k, PG, -1)
    _put(st, k, PM, -1)
    _put(st, k, STARTED, 1)
    _recompute_mods(cfg, st, k, n)


# --- the public arrays, scoring (PolitixState.scores, ranking, _result) --------------------------------------------
@njit(cache=True, inline="always")
def _party_total(cfg, st, k, party):
    """``sum(party_counts(party))``: the party's voter cards, the 5-player base support included."""
    t = 0
    for g in range(NG):
        t += _at(st, k, COLLECTED + party * NG + g)
        if party == 0 and _at1(cfg, C_HAS_BASE):
            t += _at(st, k, BASE + g)
    return t


@njit(cache=True, inline="always")
def _write_scores(cfg, st, k, scores):
    n, P = _at1(cfg, C_N), _at1(cfg, C_P)
    t0 = _party_total(cfg, st, k, 0)
    t1 = _party_total(cfg, st, k, 1)
    t2 = _party_total(cfg, st, k, 2) if P > 2 else 0
    for s in range(n):
        party = _at1(cfg, C_PARTY_OF + s)
        _put(scores, k, s, t0 if party == 0 else (t1 if party == 1 else t2))


@KERNEL
def _result(cfg, st, big, k, returns, winners):
    """``_result`` into the public arrays: the L38 ranking (each party's group counts sorted ascending, compared
    lexicographically; a tie at the top to fewer turns), or nothing on truncation. The sorted counts are kept in
    the row's scratch space."""
    n, P = _at1(cfg, C_N), _at1(cfg, C_P)
    for s in range(n):
        _put(winners, k, s, False)
        _put(returns, k, s, 0.0)
    if _at(st, k, TRUNCATED):
        return
    keys = SCRATCH  # [party * NG + i]
    for i in range(P):
        for g in range(NG):
            v = _at(st, k, COLLECTED + i * NG + g)
            if i == 0 and _at1(cfg, C_HAS_BASE):
                v += _at(st, k, BASE + g)
            j = keys + i * NG + g  # insertion: ascending
            while j > keys + i * NG and _at(st, k, j - 1) > v:
                _put(st, k, j, _at(st, k, j - 1))
                j -= 1
            _put(st, k, j, v)
    best = 0
    for i in range(1, P):
        for g in range(NG):
            a, b = _at(st, k, keys + i * NG + g), _at(st, k, keys + best * NG + g)
            if a != b:
                if a > b:
                    best = i
                break
    top, fewest = 0, -1  # top: a bit per party with the best key
    for i in range(P):
        same = True
        for g in range(NG):
            if _at(st, k, keys + i * NG + g) != _at(st, k, keys + best * NG + g):
                same = False
        if same:
            top |= 1 << i
            if fewest < 0 or _at(big, k, TURNS + i) < fewest:
                fewest = _at(big, k, TURNS + i)
    tied, winner = 0, -1
    for i in range(P):
        if top >> i & 1 and _at(big, k, TURNS + i) != fewest:
            top &= ~(1 << i)
        if top >> i & 1:
            tied += 1
            winner = i
    for s in range(n):
        party = _at1(cfg, C_PARTY_OF + s)
        if tied == 1:
            _put(winners, k, s, party == winner)
            _put(returns, k, s, 1.0 if party == winner else -1.0)
        else:
            _put(returns, k, s, 0.0 if top >> party & 1 else -1.0)


@njit(cache=True, inline="always")
def _refresh(cfg, st, k, player, term, trunc, scores):
    """Game ``k``'s mover, end flags and scores from its state (the returns and winners are written at its end)."""
    _write_scores(cfg, st, k, scores)
    if _at(st, k, FINISHED) or not _at(st, k, STARTED):
        player[k] = -1
        trunc[k] = _at(st, k, TRUNCATED) != 0
        term[k] = _at(st, k, STARTED) != 0 and _at(st, k, TRUNCATED) == 0
    else:
        player[k] = _at(st, k, CUR)
        term[k] = False
        trunc[k] = False


@KERNEL
def refresh(cfg, st, player, term, trunc, scores, envs):
    """The public arrays of games ``envs`` from their state (games loaded from rules states)."""
    for k in envs:
        _refresh(cfg, st, k, player, term, trunc, scores)


@KERNEL
def reset_games(cfg, st, big, mt, player, term, trunc, scores, returns, winners, envs, seeds, spare):
    """Start games ``envs[i]`` as ``game.new_initial_state(seed)``: ``seeds[i]`` = abs(seed) (uint64). Games are
    seeded two at a time (:func:`seed_rngs`); an odd one out is seeded beside the game ``spare`` (a row of ``mt``
    that belongs to no game)."""
    n = _at1(cfg, C_N)
    count = len(envs)
    i = 0
    while i < count:
        k1 = envs[i]
        k2 = envs[i + 1] if i + 1 < count else k1
        pair = k2 != k1  # the same game twice in a row: the second seed, dealt after the first, as a loop would
        seed_rngs(mt, big, k1, seeds[i], k2 if pair else spare, seeds[i + 1] if pair else seeds[i])
        for t in range(2 if pair else 1):
            k = k2 if t else k1
            _deal(cfg, st, big, mt, k)
            for s in range(n):
                _put(returns, k, s, 0.0)
                _put(winners, k, s, False)
            _refresh(cfg, st, k, player, term, trunc, scores)
        i += 2 if pair else 1


# --- legality (PolitixState.legal_actions) ---------------------------------------------------------------------------
@KERNEL
def legal_mask(cfg, st, player, out):
    """``out[k]`` = game k's ``state.legal_mask()`` (int8, zeros for games that are over). Each test is written as a
    0/1 value rather than branched on: the games' states differ at every step, so a branch would often be
    mispredicted."""
    n = _at1(cfg, C_N)
    a_gwtw, a_persuade, a_add, a_coffee, a_take, a_discard = _action_bases(n)
    width = out.shape[1]
    for k in range(out.shape[0]):
        for a in range(width):
            _put(out, k, a, 0)
        p = player[k]
        if p < 0:
            continue
        ph = _at(st, k, PHASE)
        h = HANDS + p * NK
        if ph == PERSUADE:
            pg, pm = _at(st, k, PG), _at(st, k, PM)
            _put(out, k, a_add, _at(st, k, h + _METHOD_KIND[pm]) > 0)
            _put(out, k, a_coffee, _at(st, k, h + COFFEE) > 0)
            kmax = min(np.int64(_at(st, k, TABLE + pg)), _at(st, k, PPOWER) - _at1(cfg, C_SYMBOLS + pg * NM + pm) + 1)
            if not _at(st, k, PPLAYED):
                kmax = 0
            for i in range(MAX_TAKE):
                _put(out, k, a_take + i, i < kmax)
            continue
        if ph == DISCARD:
            for kind in range(NK):
                _put(out, k, a_discard + kind, _at(st, k, h + kind) > 0)
            continue
        _put(out, k, A_DRAW, ph == START)
        _put(out, k, A_REST, (ph == START) & (_at(st, k, BESIDE + p * NB + BURN_SLOT) > 0))
        _put(out, k, A_END, ph != START)
        for j in range(NB - 1):
            held = _at(st, k, h + _SPECIAL_KIND[j]) > 0
            for i in range(A_SPECIAL + j * n, A_SPECIAL + (j + 1) * n):
                _put(out, k, i, held)
        if _at(st, k, h + BURNOUT):
            mine = _at1(cfg, C_PARTY_OF + p)
            for i in range(1, n):
                s = _seat(p + i, n)
                _put(out, k, A_SPECIAL + BURN_SLOT * n + i,
                     (_at1(cfg, C_PARTY_OF + s) != mine) & (_at(st, k, BESIDE + s * NB + BURN_SLOT) == 0))
        if _at(st, k, h + GWTW):
            for i in range(n):
                b = BESIDE + _seat(p + i, n) * NB
                for j in range(NB):
                    _put(out, k, a_gwtw + j * n + i, _at(st, k, b + j) > 0)
        # _persuasions: a group on the table, a usable card, reachable power >= symbols
        coffee = _at(st, k, h + COFFEE)
        sk = C_SKILLS + _at(st, k, POL + p) * NM
        ev = _at(st, k, EVENT)
        for m in range(NM):
            avail = _at(st, k, h + _METHOD_KIND[m]) + coffee
            reach = _at1(cfg, sk + m) + avail + (_at1(cfg, C_EVENT_MOD + ev * NM + m) if ev >= 0 else 0)
            for g in range(NG):
                _put(out, k, a_persuade + g * NM + m,
                     (avail > 0) & (_at(st, k, TABLE + g) > 0)
                     & (reach + _at(st, k, MODS + p * NG + g) >= _at1(cfg, C_SYMBOLS + g * NM + m)))


# --- play (PolitixState.apply_unchecked and the helpers it calls) -------------------------------------------------
@njit(cache=True, inline="always")
def _count_turn(cfg, st, big, k):
    _add(big, k, TURNS + _at1(cfg, C_PARTY_OF + _at(st, k, CUR)), 1)
    _add(big, k, TURN_COUNT, 1)


@njit(cache=True, inline="always")
def _finish(cfg, st, big, k, returns, winners):
    _put(st, k, FINISHED, 1)
    _result(cfg, st, big, k, returns, winners)


@njit(cache=True, inline="always")
def _next_turn(cfg, st, big, k, n, returns, winners):
    _count_turn(cfg, st, big, k)
    cap = _at1(cfg, C_CAP)
    if cap >= 0 and _at(big, k, TURN_COUNT) >= cap:
        _put(st, k, TRUNCATED, 1)
        _finish(cfg, st, big, k, returns, winners)
        return
    _put(st, k, CUR, _seat(_at(st, k, CUR) + 1, n))
    _put(st, k, PHASE, START)


@njit(cache=True, inline="always")
def _end_turn(cfg, st, big, k, n, returns, winners):
    if _at(st, k, HAND_SIZE + _at(st, k, CUR)) > HAND_LIMIT:  # L21, PTX-A20
        _put(st, k, PHASE, DISCARD)
    else:
        _next_turn(cfg, st, big, k, n, returns, winners)


@KERNEL
def _reshuffle(st, big, mt, k, n):
    """L35: the discard pile becomes the new draw pile (in kind order, then shuffled); the pile record restarts."""
    size = 0
    for kind in range(NK):
        c = _at(st, k, DISCARD_PILE + kind)
        for _ in range(c):
            _put(st, k, DECK + size, kind)
            size += 1
        _put(st, k, RESHUFFLED + kind, c)
        _put(st, k, DISCARD_PILE + kind, 0)
    rng.shuffle_row(mt, big, k, MTI, st, k, DECK, size)
    _put(st, k, NDECK, size)
    _put(st, k, RESHUF, 1)
    for i in range(DRAWN, DRAWN + n * NK):
        _put(st, k, i, 0)


@njit(cache=True, inline="always")
def _draw(st, big, mt, k, n, p, count):
    for _ in range(count):
        top = _at(st, k, NDECK)
        if top == 0:
            left = 0
            for kind in range(NK):
                left += _at(st, k, DISCARD_PILE + kind)
            if left == 0:
                break  # PTX-A17: nothing left to draw
            _reshuffle(st, big, mt, k, n)
            top = _at(st, k, NDECK)
        top -= 1
        kind = _at(st, k, DECK + top)
        _put(st, k, NDECK, top)
        _hand_change(st, k, p, kind, 1)
        if _at(st, k, RESHUF):
            _add(st, k, DRAWN + p * NK + kind, 1)


@njit(cache=True, inline="always")
def _take(cfg, st, big, k, n, p, count, returns, winners):
    """Take ``count`` voter cards of the persuaded group; refill the table to eight (an event drawn goes on top,
    L29); the game ends when the table is left empty (L30)."""
    g = _at(st, k, PG)
    party = _at1(cfg, C_PARTY_OF + p)
    _add(st, k, TABLE + g, -count)
    total = _at(st, k, TABLE_TOTAL) - count
    _add(st, k, COLLECTED + party * NG + g, count)
    _add(big, k, SCORE_VERSION, 1)
    nv = _at(st, k, NVDECK)
    while total < TABLE_SIZE and nv > 0:
        nv -= 1
        c = _at(st, k, VDECK + nv)
        if c < NG:
            _add(st, k, TABLE + c, 1)
            total += 1
        else:
            _put(st, k, EVENT, c - NG)
            _put(st, k, EVENTS_OUT + _at(st, k, NEVENTS), c)
            _add(st, k, NEVENTS, 1)
    _put(st, k, NVDECK, nv)
    _put(st, k, TABLE_TOTAL, total)
    _put(st, k, PG, -1)
    _put(st, k, PM, -1)
    _put(st, k, PPLAYED, 0)
    _put(st, k, PPOWER, 0)
    if total == 0:
        _count_turn(cfg, st, big, k)
        _finish(cfg, st, big, k, returns, winners)
        return
    _end_turn(cfg, st, big, k, n, returns, winners)


@njit(cache=True, inline="always")
def _apply_one(cfg, st, big, mt, k, n, a, returns, winners):
    """``apply_unchecked(a)`` in game k; whether the scores changed (a take)."""
    a_gwtw, a_persuade, a_add, a_coffee, a_take, a_discard = _action_bases(n)
    p = _at(st, k, CUR)
    if a >= a_add:
        if a < a_take:  # add a card to the persuasion (PTX-A3, A4); it goes to the discard pile (L34)
            kind = _METHOD_KIND[_at(st, k, PM)] if a == a_add else COFFEE
            _hand_change(st, k, p, kind, -1)
            _add(st, k, DISCARD_PILE + kind, 1)
            _add(st, k, PPLAYED, 1)
            _add(st, k, PPOWER, 1)
        elif a < a_discard:
            _take(cfg, st, big, k, n, p, a - a_take + 1, returns, winners)
            return True
        else:
            kind = a - a_discard
            _hand_change(st, k, p, kind, -1)
            _add(st, k, DISCARD_PILE + kind, 1)
            if _at(st, k, HAND_SIZE + p) <= HAND_LIMIT:
                _next_turn(cfg, st, big, k, n, returns, winners)
        return False
    if a == A_DRAW:
        _draw(st, big, mt, k, n, p, BURNT_DRAW if _at(st, k, BESIDE + p * NB + BURN_SLOT) else DRAW)
        _end_turn(cfg, st, big, k, n, returns, winners)
    elif a == A_REST:  # L33, PTX-A9
        _add(st, k, BESIDE + p * NB + BURN_SLOT, -1)
        _add(st, k, DISCARD_PILE + BURNOUT, 1)
        _end_turn(cfg, st, big, k, n, returns, winners)
    elif a == A_END:
        _end_turn(cfg, st, big, k, n, returns, winners)
    elif a < a_gwtw:
        j = (a - A_SPECIAL) // n
        _hand_change(st, k, p, _BESIDE_KIND[j], -1)
        _beside_change(cfg, st, k, _seat(p + a - A_SPECIAL - j * n, n), j, 1)
        if _at(st, k, PHASE) == START:
            _put(st, k, PHASE, SPECIALS)
    elif a < a_persuade:
        j = (a - a_gwtw) // n
        _hand_change(st, k, p, GWTW, -1)
        _add(st, k, DISCARD_PILE + GWTW, 1)
        _beside_change(cfg, st, k, _seat(p + a - a_gwtw - j * n, n), j, -1)
        _add(st, k, DISCARD_PILE + _BESIDE_KIND[j], 1)
        if _at(st, k, PHASE) == START:
            _put(st, k, PHASE, SPECIALS)
    else:
        g = (a - a_persuade) // NM
        m = a - a_persuade - g * NM
        _put(st, k, PG, g)
        _put(st, k, PM, m)
        _put(st, k, PPLAYED, 0)
        _put(st, k, PPOWER, _base_power(cfg, st, k, p, g, m))
        _put(st, k, PHASE, PERSUADE)
    return False


@KERNEL
def apply(cfg, st, big, mt, player, term, trunc, scores, returns, winners, actions):
    """Play ``actions[k]`` in every game k that is not over (unchecked: each must be legal)."""
    n = _at1(cfg, C_N)
    for k in range(len(actions)):
        if player[k] < 0:
            continue
        took = _apply_one(cfg, st, big, mt, k, n, actions[k], returns, winners)
        if _at(st, k, FINISHED):
            _refresh(cfg, st, k, player, term, trunc, scores)
        else:
            player[k] = _at(st, k, CUR)
            if took:
                _write_scores(cfg, st, k, scores)


# --- observations (observe.view_index over observe.rebuild_world) ---------------------------------------------------
@njit(cache=True, inline="always")
def _write_view(cfg, st, big, k, v, out):
    """Seat ``v``'s observation of game k into ``out[k]``: the gather ``world[views[v]]`` of ``observe.py``, block
    by block in its order, each entry as ``rebuild_world`` computes it."""
    n, P = _at1(cfg, C_N), _at1(cfg, C_P)
    for i in range(out.shape[1]):
        _put(out, k, i, 0.0)
    over = _at(st, k, FINISHED) != 0
    h = HANDS + v * NK
    for kind in range(NK):
        _put(out, k, kind, _at(st, k, h + kind))
    at = NK
    for i in range(n):  # the per-seat blocks, from the observer clockwise
        s = _seat(v + i, n)
        _put(out, k, at + i, _at(st, k, HAND_SIZE + s))
        b = BESIDE + s * NB
        o = at + n + i * NB
        for j in range(NB):
            _put(out, k, o + j, _at(st, k, b + j))
        pol = _at(st, k, POL + s)
        _put(out, k, at + n * (1 + NB) + i * NPOL + pol, 1.0)
        o = at + n * (1 + NB + NPOL) + i * NM
        for m in range(NM):
            _put(out, k, o + m, _at1(cfg, C_SKILLS + pol * NM + m))
        party = _at1(cfg, C_PARTY_OF + s)
        _put(out, k, at + n * (1 + NB + NPOL + NM) + i * NSYM + party, 1.0)
        if not over and s == _at(st, k, CUR):
            _put(out, k, at + n * (1 + NB + NPOL + NM + NSYM) + i, 1.0)
        if party == _at1(cfg, C_PARTY_OF + v):
            _put(out, k, at + n * (2 + NB + NPOL + NM + NSYM) + i, 1.0)
    at += n * (3 + NB + NPOL + NM + NSYM)
    mine = _at1(cfg, C_PARTY_OF + v)
    for i in range(P):  # the parties, the observer's first
        q = mine + i if mine + i < P else mine + i - P
        for g in range(NG):
            _put(out, k, at + g, _at(st, k, COLLECTED + q * NG + g))
        _put(out, k, at + NG, _at(big, k, TURNS + q))
        at += NG + 1
    if _at1(cfg, C_HAS_BASE) and mine == 0:  # L41, PTX-A15: the first party sees its base support
        for g in range(NG):
            _put(out, k, at + g, _at(st, k, BASE + g))
    at += NG
    for g in range(NG):
        _put(out, k, at + g, _at(st, k, TABLE + g))
    at += NG
    if _at(st, k, EVENT) >= 0:
        _put(out, k, at + _at(st, k, EVENT), 1.0)
    at += NE
    for i in range(_at(st, k, NEVENTS)):
        _add(out, k, at + _at(st, k, EVENTS_OUT + i) - NG, 1.0)
    at += NE
    _put(out, k, at, np.float32(_at(st, k, NVDECK) / NUM_VOTER_CARDS))
    _put(out, k, at + 1, np.float32(_at(st, k, NDECK) / NUM_ACTION_CARDS))
    at += 2
    for kind in range(NK):
        _put(out, k, at + kind, _at(st, k, DISCARD_PILE + kind))
    at += NK
    if not over:
        _put(out, k, at + _at(st, k, PHASE), 1.0)
    at += 4
    if _at(st, k, PG) >= 0 and not over:
        _put(out, k, at + _at(st, k, PG), 1.0)
        _put(out, k, at + NG + _at(st, k, PM), 1.0)
        _put(out, k, at + NG + NM, _at(st, k, PPLAYED))
        _put(out, k, at + NG + NM + 1, _at(st, k, PPOWER))
    at += NG + NM + 2
    _put(out, k, at, np.float32(_at(big, k, TURN_COUNT) / 100.0))


@KERNEL
def observe(cfg, st, big, seats, out):
    """``out[k]`` = seat ``seats[k]``'s observation of game k (zeros where ``seats[k] < 0`` or never started)."""
    for k in range(out.shape[0]):
        v = seats[k]
        if v < 0 or not _at(st, k, STARTED):
            for i in range(out.shape[1]):
                _put(out, k, i, 0.0)
        else:
            _write_view(cfg, st, big, k, v, out)


@KERNEL
def global_observation(cfg, st, big, out):
    """``out[k]`` = game k's world vector (``rebuild_world``: every seat's hand and the base support included)."""
    n, P = _at1(cfg, C_N), _at1(cfg, C_P)
    for k in range(out.shape[0]):
        for i in range(out.shape[1]):
            _put(out, k, i, 0.0)
        if not _at(st, k, STARTED):
            continue
        over = _at(st, k, FINISHED) != 0
        for s in range(n):
            for kind in range(NK):
                _put(out, k, _at1(cfg, W_HAND) + s * NK + kind, _at(st, k, HANDS + s * NK + kind))
            _put(out, k, _at1(cfg, W_HAND_SIZE) + s, _at(st, k, HAND_SIZE + s))
            for j in range(NB):
                _put(out, k, _at1(cfg, W_BESIDE) + s * NB + j, _at(st, k, BESIDE + s * NB + j))
            pol = _at(st, k, POL + s)
            _put(out, k, _at1(cfg, W_POLITICIAN) + s * NPOL + pol, 1.0)
            for m in range(NM):
                _put(out, k, _at1(cfg, W_SKILLS) + s * NM + m, _at1(cfg, C_SKILLS + pol * NM + m))
            _put(out, k, _at1(cfg, W_PARTY_SYMBOL) + s * NSYM + _at1(cfg, C_PARTY_OF + s), 1.0)
        for i in range(P):
            for g in range(NG):
                _put(out, k, _at1(cfg, W_COLLECTED) + i * NG + g, _at(st, k, COLLECTED + i * NG + g))
            _put(out, k, _at1(cfg, W_TURNS) + i, _at(big, k, TURNS + i))
        for g in range(NG):
            _put(out, k, _at1(cfg, W_BASE) + g, _at(st, k, BASE + g))
            _put(out, k, _at1(cfg, W_TABLE) + g, _at(st, k, TABLE + g))
        if _at(st, k, EVENT) >= 0:
            _put(out, k, _at1(cfg, W_EVENT) + _at(st, k, EVENT), 1.0)
        for i in range(_at(st, k, NEVENTS)):
            _add(out, k, _at1(cfg, W_EVENTS_OUT) + _at(st, k, EVENTS_OUT + i) - NG, 1.0)
        _put(out, k, _at1(cfg, W_VOTER_DECK), np.float32(_at(st, k, NVDECK) / NUM_VOTER_CARDS))
        _put(out, k, _at1(cfg, W_ACTION_DECK), np.float32(_at(st, k, NDECK) / NUM_ACTION_CARDS))
        for kind in range(NK):
            _put(out, k, _at1(cfg, W_DISCARD) + kind, _at(st, k, DISCARD_PILE + kind))
        _put(out, k, _at1(cfg, W_TURN), np.float32(_at(big, k, TURN_COUNT) / 100.0))
        _put(out, k, _at1(cfg, W_ONE), 1.0)
        if not over:
            _put(out, k, _at1(cfg, W_CURRENT) + _at(st, k, CUR), 1.0)
            _put(out, k, _at1(cfg, W_PHASE) + _at(st, k, PHASE), 1.0)
            if _at(st, k, PHASE) == PERSUADE:
                _put(out, k, _at1(cfg, W_P_GROUP) + _at(st, k, PG), 1.0)
                _put(out, k, _at1(cfg, W_P_METHOD) + _at(st, k, PM), 1.0)
                _put(out, k, _at1(cfg, W_P_PLAYED), _at(st, k, PPLAYED))
                _put(out, k, _at1(cfg, W_P_POWER), _at(st, k, PPOWER))


@njit(cache=True)
def random_actions(mask, out):
    """A uniformly random legal action per game (``out[k]`` = -1 where none), for benchmarks: numba's own RNG
    (``np.random``), not the games' deal generators."""
    legal = np.empty(mask.shape[1], dtype=np.int64)
    for k in range(mask.shape[0]):
        count = 0
        for a in range(mask.shape[1]):
            legal[count] = a
            count += mask[k, a] != 0
        out[k] = legal[np.random.randint(count)] if count else -1


@njit(cache=True)
def seed_random(seed):
    """Seed numba's own ``np.random`` (used by :func:`random_actions` only)."""
    np.random.seed(seed)
