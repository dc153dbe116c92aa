"""Prime Minister's compiled kernels (numba): the transitions of the rules module (``rules.py`` and its parts) over
N games held in arrays (``batch.py`` owns the arrays and converts them to what the rules module's state holds).

Every function mirrors a method of ``PrimeMinisterState`` of the same purpose, step for step; the rules module stays
the reference. The setup draws from each game's own Mersenne Twister exactly as ``random.Random`` does (the same
shuffles in the same order: the Politicians' pool, then the Supporter, Event, Cross-Party, Liberal and Conservative
decks), so a game from a seed is the same game here and in Python.

Coverage grows by stages (``docs/vector.md``, "Prime Minister's engine"). What is compiled now: the standard game at
2, 3 and 4 players from its seeded setup (2.0-2.5), round setup (4.0(1)) and Bill Selection (5.0-5.2) with the
Pact's unilateral restart (3.1.3). A game that reaches a step not compiled yet stops with ``COVERED`` = 0 (its
mover -1): it is never played on wrongly; ``batch.py`` says so.

The task queue is the rules module's (``tasks.py``) as a stack of ``(code, argument)`` pairs whose top is the
queue's front; a pending decision is its kind, its decider, its question and its sorted legal actions.

A game is one row of each of these arrays:

* ``st`` int32[N, W]: the numbers of the table at the offsets below (per-seat fields hold ``MAX_SEATS`` entries);
  decks and discard piles are lists with the top card last, as the rules module keeps them;
* ``big`` int64[N + 1, BIG]: the Mersenne Twister's index (the last row is a spare);
* ``mt`` uint32[N + 1, 624]: the Mersenne Twister's words.
"""
from __future__ import annotations

import numpy as np

from ...engine import rng
from ...engine.jit import njit
from ..components import (A_BILL, A_DRAW, ABILITIES, BILL_DECK, BILL_LIST, BOARD, CAREER_ORDER,
                                                CAREERS, CON, EVENT_IDS, LIB, MATS, NO, NUM_ACTIONS, POLITICIANS,
                                                SECTOR_LIST, SUP_IDS, VP_MAX, YES)

KERNEL = njit(cache=True)
MAX_SEATS = 4
NSUP, NEV, NBILL = len(SUP_IDS), len(EVENT_IDS), len(BILL_LIST)
NCAR = len(CAREER_ORDER)

# --- the component tables, as arrays the kernels compile in ---------------------------------------------------------
POL_IDS = sorted(p for p in POLITICIANS if "number" in POLITICIANS[p])  # the numbered Politicians, by id
NPOL = len(POL_IDS)
POL_NUMBER = np.array([POLITICIANS[p]["number"] for p in POL_IDS], dtype=np.int64)
POL_PARTY = np.array([0 if POLITICIANS[p]["party"] == "liberal" else 1 for p in POL_IDS], dtype=np.int64)
POL_REMOVED = np.array([[n in POLITICIANS[p]["removed_in_player_counts"] for n in range(5)] for p in POL_IDS],
                       dtype=np.int64)
POL_ABILITY = np.array([[POLITICIANS[p]["abilities"].get(a, 0) for a in ABILITIES] for p in POL_IDS],
                       dtype=np.int64)
PARTY_MIX = np.array([[0, 0], [0, 0]] + [[BOARD["setup"]["politicians_by_player_count"][str(n)][party]
                                          for party in ("liberal", "conservative")] for n in (2, 3, 4)],
                     dtype=np.int64)

# mats: 0 pm_front, 1 ol_front, 2 pm_reverse, 3 ol_reverse, 4 backbencher_government, 5 backbencher_opposition
MAT_KEYS = ("pm_front", "ol_front", "pm_reverse", "ol_reverse", "backbencher_government", "backbencher_opposition")
MAT_STANDING = np.array([[MATS[m]["standing_start"], MATS[m]["standing_min"], MATS[m]["standing_max"]]
                         for m in MAT_KEYS], dtype=np.int64)
MAX_EXTRA = max(len(MATS[m]["cube_income"]["extra_if_standing_above"]) for m in MAT_KEYS)
MAT_CUBES = np.array([[MATS[m]["cube_income"]["base"]]
                      + (MATS[m]["cube_income"]["extra_if_standing_above"] + [1 << 40] * MAX_EXTRA)[:MAX_EXTRA]
                      for m in MAT_KEYS], dtype=np.int64)
MAT_ROUND_START = np.array([min([e["condition"].get("standing_at_least", 0) for e in MATS[m].get("round_start", [])]
                                or [1 << 40]) for m in MAT_KEYS], dtype=np.int64)  # the least Standing of a bonus

CAREER_SIDE = np.array([0 if CAREERS[c]["side"] == "government" else 1 for c in CAREER_ORDER], dtype=np.int64)
CAREER_ABILITY = np.array([-1 if CAREERS[c]["requirements"]["ability"] is None
                           else ABILITIES.index(CAREERS[c]["requirements"]["ability"]) for c in CAREER_ORDER],
                          dtype=np.int64)
CAREER_REQ = np.array([[CAREERS[c]["requirements"]["standing_min"], CAREERS[c]["requirements"]["favour_min"]]
                       for c in CAREER_ORDER], dtype=np.int64)
DPL = CAREER_ORDER.index("deputy_party_leader")

SECTOR_START = np.array([[SECTOR_LIST[i]["positions"].index(SECTOR_LIST[i]["start"][party]) for i in range(8)]
                         for party in ("liberal", "conservative")], dtype=np.int64)
MPS_START = np.array([BOARD["government_mp_tracker"]["start"][x] for x in "AMP"], dtype=np.int64)
BILL_DECK_OF = np.array(BILL_DECK, dtype=np.int64)  # 0 Cross-Party, 1 Liberal, 2 Conservative
BILL_ADJ = np.array([b["adjustment"] for b in BILL_LIST], dtype=np.int64)
FAVOUR_START = BOARD["favour_tracker"]["start"]
FREE_SUPPORTERS_3P = BOARD["setup"]["three_player_liberal_adjustments"]["free_supporters_at_setup"]
_BD = BOARD["setup"]["bill_draws"]
PROPOSER_DRAWS, PROPOSER_PROPOSES = _BD["proposer_draws"], _BD["proposer_proposes"]
LONE_DRAWS, LONE_PROPOSES = _BD["lone_opposition_leader_draws"], _BD["lone_opposition_leader_proposes"]
PM_DRAWS_ALONE, PM_DRAWS, SELECTED = _BD["pm_draws_without_backbencher"], _BD["revealed_total"] - 3, _BD["selected"]
WIN_AT = BOARD["score_track"]["win_at"]
SELECTION_BONUS = BOARD["bill_resolution"]["selection_bonus_vp"]

# decks: 0 supporters, 1 events, 2 cross_party, 3 liberal, 4 conservative (the rules' dict order: their shuffles')
DECK_SIZES = (NSUP, NEV) + tuple(sum(1 for d in BILL_DECK if d == x) for x in range(3))
NDECKS = 5
D_SUP, D_EV, D_CP = 0, 1, 2

# --- st's columns -------------------------------------------------------------------------------------------------
(N, ROUND, GOV_PARTY, PACT, EVER_SPLIT, RESIGNED, MARKER, OVER, TRUNCATED, COVERED, WINNERS, SCORE_VERSION,
 REVEALED_OK, SELECTED_COUNT, MPS_PARTY, P_KIND, P_PLAYER, P_Q, LEGN, QN, NPROPOSED, NBILLS, STARTED,
 MINORITY_BY_CHALLENGE, LOST_CHALLENGE) = range(25)
POL = 32  # [seat]: index into POL_IDS
PARTY = POL + MAX_SEATS  # [seat]
ROLE = PARTY + MAX_SEATS  # [seat]: 0 pm, 1 ol, 2 gbb, 3 obb (ROLES)
STANDING = ROLE + MAX_SEATS
FAVOUR = STANDING + MAX_SEATS
VP = FAVOUR + MAX_SEATS
CUBES = VP + MAX_SEATS
MAT = CUBES + MAX_SEATS  # [seat]: the mat (MAT_KEYS), fixed by role and side
HAND_N = MAT + MAX_SEATS  # [seat]
BHAND_N = HAND_N + MAX_SEATS  # [seat]
MPS = BHAND_N + MAX_SEATS  # [A, M, P]
SECTORS = MPS + 4  # [party * 8 + sector]
CAREER = SECTORS + 16  # [seat * NCAR + card]: -1 not held, 0 face down, 1 face up
HAND_CAP = 16
HAND = CAREER + MAX_SEATS * NCAR  # [seat * HAND_CAP + i]: Supporters in hand order
BHAND_CAP = 4
BHAND = HAND + MAX_SEATS * HAND_CAP  # [seat * BHAND_CAP + i]: bills drawn in Bill Selection
PROP_CAP = 8
PROPOSED = BHAND + MAX_SEATS * BHAND_CAP  # [i * 2 + (0 bill, 1 seat)]
BILLS = PROPOSED + 2 * PROP_CAP  # [slot * 2 + (0 bill, 1 adjustment)]
LEG_CAP = 96
LEGAL = BILLS + 6  # [i]: the pending decision's legal actions, sorted
Q_CAP = 48
QUEUE = LEGAL + LEG_CAP  # [i * 2 + (0 code, 1 argument)]: the task queue, its front last
DECK_N = QUEUE + 2 * Q_CAP  # [deck]
DISC_N = DECK_N + NDECKS  # [deck]
_at = DISC_N + NDECKS
_deck_at, _disc_at = [], []
for _size in DECK_SIZES:
    _deck_at.append(_at)
    _disc_at.append(_at + _size)
    _at += 2 * _size
DECK_AT = np.array(_deck_at, dtype=np.int64)  # each deck's cards, top last
DISC_AT = np.array(_disc_at, dtype=np.int64)  # each discard pile's cards, the last discarded last
WIDTH = -(-_at // 16) * 16

# big's columns
MTI = 0
BIG = 1

# task codes (the rules' task names: PHASES)
T_ROUND_START, T_SELECTION, T_DRAW_BILL, T_PROPOSE, T_REVEAL, T_SELECT, T_SELECTION_END, T_TURNS = range(1, 9)
# pending decision kinds and questions
K_DRAW_BILL, K_PROPOSE, K_SELECT, K_YESNO = 1, 2, 3, 4
Q_RESTART_PACT = 1
R_PM, R_OL, R_GBB, R_OBB = 0, 1, 2, 3


# --- small helpers --------------------------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _push(st, k, code, arg):
    """Put one task at the front of the queue."""
    q = st[k, QN]
    st[k, QUEUE + 2 * q] = code
    st[k, QUEUE + 2 * q + 1] = arg
    st[k, QN] = q + 1


@njit(cache=True, inline="always")
def _seat_of(st, k, role):
    for s in range(st[k, N]):
        if st[k, ROLE + s] == role:
            return s
    return -1


@njit(cache=True, inline="always")
def _ask(st, k, kind, player, q):
    """Stop the queue for a decision (its legal actions already written, sorted, from ``LEGAL``)."""
    st[k, P_KIND] = kind
    st[k, P_PLAYER] = player
    st[k, P_Q] = q


@njit(cache=True, inline="always")
def _sort_legal(st, k):
    m = st[k, LEGN]
    for i in range(1, m):
        v = st[k, LEGAL + i]
        j = i - 1
        while j >= 0 and st[k, LEGAL + j] > v:
            st[k, LEGAL + j + 1] = st[k, LEGAL + j]
            j -= 1
        st[k, LEGAL + j + 1] = v


@njit(cache=True)
def _draw(st, big, mt, k, d):
    """``_draw(deck)``: the top card, after turning the discard pile over (shuffled) when the deck is empty; -1 when
    both are empty."""
    if st[k, DECK_N + d] == 0:
        m = st[k, DISC_N + d]
        if m == 0:
            return -1
        for i in range(m):
            st[k, DECK_AT[d] + i] = st[k, DISC_AT[d] + i]
        st[k, DECK_N + d] = m
        st[k, DISC_N + d] = 0
        rng.shuffle_row(mt, big, k, MTI, st, k, DECK_AT[d], m)
    m = st[k, DECK_N + d] - 1
    st[k, DECK_N + d] = m
    return st[k, DECK_AT[d] + m]


@njit(cache=True, inline="always")
def _can_draw(st, k, d):
    return st[k, DECK_N + d] > 0 or st[k, DISC_N + d] > 0


@njit(cache=True, inline="always")
def _discard_bill(st, k, b):
    d = D_CP + BILL_DECK_OF[b]
    m = st[k, DISC_N + d]
    st[k, DISC_AT[d] + m] = b
    st[k, DISC_N + d] = m + 1


@njit(cache=True, inline="always")
def _is_gov(st, k, s):
    r = st[k, ROLE + s]
    return r == R_PM or r == R_GBB


@njit(cache=True)
def _end(st, k, winners_bits):
    st[k, OVER] = 1
    st[k, WINNERS] = winners_bits
    st[k, QN] = 0
    st[k, P_KIND] = 0
    st[k, P_PLAYER] = -1
    st[k, LEGN] = 0
    st[k, SCORE_VERSION] += 1


@njit(cache=True)
def _check_victory(st, k):
    if st[k, OVER]:
        return
    pm = _seat_of(st, k, R_PM)
    if pm >= 0 and st[k, VP + pm] >= WIN_AT:
        _end(st, k, 1 << pm)


@njit(cache=True)
def _award_pool(st, k, government, amount):
    """``_award(pool(who), amount)``."""
    if amount <= 0 or st[k, OVER]:
        return
    n = st[k, N]
    any_seat = False
    for s in range(n):
        r = st[k, ROLE + s]
        if r == R_GBB and st[k, RESIGNED]:
            continue
        if st[k, PACT] or government == (r == R_PM or r == R_GBB):
            st[k, VP + s] = min(VP_MAX, st[k, VP + s] + amount)
            any_seat = True
    if any_seat:
        st[k, SCORE_VERSION] += 1
        _check_victory(st, k)


@njit(cache=True)
def _award_self(st, k, s, amount):
    if st[k, ROLE + s] == R_GBB and st[k, RESIGNED]:
        if amount > 0 and not st[k, OVER]:
            st[k, VP + s] = min(VP_MAX, st[k, VP + s] + amount)
            st[k, SCORE_VERSION] += 1
            _check_victory(st, k)
    else:
        _award_pool(st, k, _is_gov(st, k, s), amount)


@njit(cache=True, inline="always")
def _check_careers(st, k):
    """``_check_careers``: face up every Career Card its seat may use and whose thresholds it meets."""
    resigned = st[k, RESIGNED]
    for s in range(st[k, N]):
        r = st[k, ROLE + s]
        if r != R_OBB and (r != R_GBB or resigned):
            continue
        for c in range(NCAR):
            if st[k, CAREER + s * NCAR + c] == 0 and st[k, STANDING + s] >= CAREER_REQ[c, 0] \
                    and st[k, FAVOUR + s] >= CAREER_REQ[c, 1]:
                st[k, CAREER + s * NCAR + c] = 1


# --- the setup (game_setup.py) ------------------------------------------------------------------------------------
@njit(cache=True)
def _setup(st, big, mt, k, n):
    for i in range(WIDTH):
        st[k, i] = 0
    st[k, N] = n
    st[k, STARTED] = 1
    st[k, COVERED] = 1
    # 2.1: the pool of numbered Politicians for n players, sorted by id, shuffled, drawn from the end
    pool = np.empty(NPOL, dtype=np.int32)  # (one small array a game: the setup is not the hot path)
    size = 0
    for p in range(NPOL):
        if not POL_REMOVED[p, n]:
            pool[size] = p
            size += 1
    pool2 = pool.reshape(1, NPOL)
    rng.shuffle_row(mt, big, k, MTI, pool2, 0, 0, size)
    need0, need1 = PARTY_MIX[n, 0], PARTY_MIX[n, 1]
    got = 0
    while got < n:
        size -= 1
        p = pool2[0, size]
        party = POL_PARTY[p]
        if party == 0 and need0 > 0:
            need0 -= 1
        elif party == 1 and need1 > 0:
            need1 -= 1
        else:
            continue
        st[k, POL + got] = p
        st[k, PARTY + got] = party
        got += 1
    # 2.2: the party's lowest number leads it (PM for the Liberals, OL for the Conservatives)
    st[k, GOV_PARTY] = LIB
    for s in range(n):
        party = st[k, PARTY + s]
        leader = True
        for t in range(n):
            if t != s and st[k, PARTY + t] == party:
                nt, ns = POL_NUMBER[st[k, POL + t]], POL_NUMBER[st[k, POL + s]]
                if nt < ns or (nt == ns and t < s):
                    leader = False
        if party == LIB:
            st[k, ROLE + s] = R_PM if leader else R_GBB
        else:
            st[k, ROLE + s] = R_OL if leader else R_OBB
    lib_count = 0
    for s in range(n):
        if st[k, PARTY + s] == LIB:
            lib_count += 1
    for s in range(n):
        r = st[k, ROLE + s]
        if r == R_GBB:
            mat = 4
        elif r == R_OBB:
            mat = 5
        else:
            reverse = n == 3 and st[k, PARTY + s] == LIB  # 2.5: the party alone (standard game: the Liberals)
            mat = (0 if r == R_PM else 1) + (2 if reverse else 0)
        st[k, MAT + s] = mat
        st[k, STANDING + s] = MAT_STANDING[mat, 0]
        st[k, FAVOUR + s] = FAVOUR_START
    for party in range(2):
        for i in range(8):
            st[k, SECTORS + party * 8 + i] = SECTOR_START[party, i]
    for i in range(3):
        st[k, MPS + i] = MPS_START[i]
    st[k, MPS_PARTY] = LIB
    # 2.4: the decks in order, each shuffled in the rules' order of the decks
    for c in range(NSUP):
        st[k, DECK_AT[0] + c] = c
    for c in range(NEV):
        st[k, DECK_AT[1] + c] = c
    for b in range(NBILL):
        d = D_CP + BILL_DECK_OF[b]
        st[k, DECK_AT[d] + st[k, DECK_N + d]] = b
        st[k, DECK_N + d] += 1
    st[k, DECK_N + 0] = NSUP
    st[k, DECK_N + 1] = NEV
    for d in range(NDECKS):
        rng.shuffle_row(mt, big, k, MTI, st, k, DECK_AT[d], st[k, DECK_N + d])
    st[k, PACT] = 1
    st[k, MARKER] = 1
    # 6.2.2: the Backbenchers' Career Cards of their side whose ability their Politician has
    for s in range(n):
        r = st[k, ROLE + s]
        for c in range(NCAR):
            held = -1
            if r == R_GBB or r == R_OBB:
                side = 0 if r == R_GBB else 1
                if CAREER_SIDE[c] == side and (CAREER_ABILITY[c] < 0
                                               or POL_ABILITY[st[k, POL + s], CAREER_ABILITY[c]] > 0):
                    held = 0
            st[k, CAREER + s * NCAR + c] = held
    st[k, ROUND] = 1
    st[k, P_PLAYER] = -1
    st[k, LOST_CHALLENGE] = -1
    if n == 3:  # 2.5: the Liberal alone draws two Supporters
        for s in range(n):
            if st[k, PARTY + s] == LIB:
                for _ in range(FREE_SUPPORTERS_3P):
                    c = _draw(st, big, mt, k, D_SUP)
                    if c >= 0:
                        st[k, HAND + s * HAND_CAP + st[k, HAND_N + s]] = c
                        st[k, HAND_N + s] += 1
                break
    _push(st, k, T_ROUND_START, 0)


# --- the tasks (round.py, selection.py) -----------------------------------------------------------------------------
@njit(cache=True)
def _round_start(st, k):
    st[k, MINORITY_BY_CHALLENGE] = 0
    st[k, LOST_CHALLENGE] = -1
    if st[k, ROUND] > 1:  # not compiled yet: a later round
        st[k, COVERED] = 0
        return
    n = st[k, N]
    for s in range(n):
        mat = st[k, MAT + s]
        cubes = MAT_CUBES[mat, 0]
        for j in range(MAX_EXTRA):
            if st[k, STANDING + s] > MAT_CUBES[mat, 1 + j]:
                cubes += 1
        st[k, CUBES + s] = cubes
        if st[k, STANDING + s] >= MAT_ROUND_START[mat] or st[k, CAREER + s * NCAR + DPL] == 1:
            st[k, COVERED] = 0  # a round-start bonus: not compiled yet
            return
    _push(st, k, T_TURNS, 0)
    if st[k, NBILLS] == 0:
        _push(st, k, T_SELECTION, 0)


@njit(cache=True)
def _selection(st, k):
    st[k, NPROPOSED] = 0
    st[k, REVEALED_OK] = 0
    st[k, SELECTED_COUNT] = 0
    ol, obb, gbb, pm = _seat_of(st, k, R_OL), _seat_of(st, k, R_OBB), _seat_of(st, k, R_GBB), _seat_of(st, k, R_PM)
    # the tasks in queue order, pushed from the last
    pm_draws = PM_DRAWS_ALONE if gbb < 0 else PM_DRAWS
    _push(st, k, T_SELECTION_END, 0)
    for _ in range(SELECTED):
        _push(st, k, T_SELECT, 0)
    for _ in range(pm_draws):
        _push(st, k, T_DRAW_BILL, pm)
    _push(st, k, T_REVEAL, 0)
    for i in range(2, -1, -1):
        s = ol if i == 0 else obb if i == 1 else gbb
        if s < 0:
            continue
        lone = s == ol and obb < 0
        draws = LONE_DRAWS if lone else PROPOSER_DRAWS
        props = LONE_PROPOSES if lone else PROPOSER_PROPOSES
        for _ in range(props):
            _push(st, k, T_PROPOSE, s)
        for _ in range(draws):
            _push(st, k, T_DRAW_BILL, s)


@njit(cache=True)
def _offer_bill_draw(st, k, s):
    m = 0
    if _can_draw(st, k, D_CP):
        st[k, LEGAL + m] = A_DRAW
        m += 1
    if _can_draw(st, k, D_CP + 1 + st[k, GOV_PARTY]):
        st[k, LEGAL + m] = A_DRAW + 1
        m += 1
    st[k, LEGN] = m
    if m:
        _ask(st, k, K_DRAW_BILL, s, 0)


@njit(cache=True)
def _offer_proposal(st, k, s):
    m = st[k, BHAND_N + s]
    if m:
        for i in range(m):
            st[k, LEGAL + i] = A_BILL + st[k, BHAND + s * BHAND_CAP + i]
        st[k, LEGN] = m
        _sort_legal(st, k)
        _ask(st, k, K_PROPOSE, s, 0)


@njit(cache=True)
def _offer_selection(st, k):
    m = st[k, NPROPOSED]
    if m and st[k, NBILLS] < 3:
        for i in range(m):
            st[k, LEGAL + i] = A_BILL + st[k, PROPOSED + 2 * i]
        st[k, LEGN] = m
        _sort_legal(st, k)
        _ask(st, k, K_SELECT, _seat_of(st, k, R_PM), 0)


@njit(cache=True)
def _end_selection(st, k):
    for i in range(st[k, NPROPOSED]):
        _discard_bill(st, k, st[k, PROPOSED + 2 * i])
    st[k, NPROPOSED] = 0
    for s in range(st[k, N]):
        for i in range(st[k, BHAND_N + s]):
            _discard_bill(st, k, st[k, BHAND + s * BHAND_CAP + i])
        st[k, BHAND_N + s] = 0
    st[k, REVEALED_OK] = 0
    if not st[k, PACT] and st[k, NBILLS] == 3:  # 3.1.3 unilateral restart: three Cross-Party Bills (PM-A16)
        for i in range(3):
            if BILL_DECK_OF[st[k, BILLS + 2 * i]] != 0:
                return
        st[k, LEGAL] = YES
        st[k, LEGAL + 1] = NO
        st[k, LEGN] = 2
        _ask(st, k, K_YESNO, _seat_of(st, k, R_OL), Q_RESTART_PACT)


@njit(cache=True)
def _advance(st, big, mt, k):
    """Run tasks until one asks a decision, the game is over or it reaches a step not compiled yet."""
    while not st[k, OVER]:
        _check_careers(st, k)
        if st[k, P_KIND] != 0 or not st[k, COVERED]:
            return
        q = st[k, QN] - 1
        code, arg = st[k, QUEUE + 2 * q], st[k, QUEUE + 2 * q + 1]
        st[k, QN] = q
        if code == T_ROUND_START:
            _round_start(st, k)
        elif code == T_SELECTION:
            _selection(st, k)
        elif code == T_DRAW_BILL:
            _offer_bill_draw(st, k, arg)
        elif code == T_PROPOSE:
            _offer_proposal(st, k, arg)
        elif code == T_REVEAL:
            st[k, REVEALED_OK] = 1
        elif code == T_SELECT:
            _offer_selection(st, k)
        elif code == T_SELECTION_END:
            _end_selection(st, k)
        else:  # the action turns onwards: not compiled yet (the task stays at the front)
            st[k, QN] = q + 1
            st[k, COVERED] = 0
            return


# --- the decisions --------------------------------------------------------------------------------------------------
@njit(cache=True)
def _decide(st, big, mt, k, a):
    kind, s = st[k, P_KIND], st[k, P_PLAYER]
    q = st[k, P_Q]
    st[k, P_KIND] = 0
    st[k, P_PLAYER] = -1
    st[k, P_Q] = 0
    st[k, LEGN] = 0
    if kind == K_DRAW_BILL:
        d = D_CP if a == A_DRAW else D_CP + 1 + st[k, GOV_PARTY]
        b = _draw(st, big, mt, k, d)
        if s == _seat_of(st, k, R_PM):  # the PM's draws are revealed at once (5.1)
            m = st[k, NPROPOSED]
            st[k, PROPOSED + 2 * m] = b
            st[k, PROPOSED + 2 * m + 1] = s
            st[k, NPROPOSED] = m + 1
        else:
            m = st[k, BHAND_N + s]
            st[k, BHAND + s * BHAND_CAP + m] = b
            st[k, BHAND_N + s] = m + 1
    elif kind == K_PROPOSE:
        b = a - A_BILL
        m = st[k, BHAND_N + s]
        at = 0
        while st[k, BHAND + s * BHAND_CAP + at] != b:
            at += 1
        for i in range(at, m - 1):
            st[k, BHAND + s * BHAND_CAP + i] = st[k, BHAND + s * BHAND_CAP + i + 1]
        st[k, BHAND_N + s] = m - 1
        m = st[k, NPROPOSED]
        st[k, PROPOSED + 2 * m] = b
        st[k, PROPOSED + 2 * m + 1] = s
        st[k, NPROPOSED] = m + 1
    elif kind == K_SELECT:
        b = a - A_BILL
        m = st[k, NPROPOSED]
        at = 0
        while st[k, PROPOSED + 2 * at] != b:
            at += 1
        proposer = st[k, PROPOSED + 2 * at + 1]
        for i in range(2 * at, 2 * (m - 1)):
            st[k, PROPOSED + i] = st[k, PROPOSED + i + 2]
        st[k, NPROPOSED] = m - 1
        if BILL_DECK_OF[b] != 0 and st[k, PACT]:  # 3.1.2 / PM-A15: a Party Bill ends the Pact first
            st[k, PACT] = 0
            st[k, EVER_SPLIT] = 1
        slot = st[k, NBILLS]
        st[k, BILLS + 2 * slot] = b
        st[k, BILLS + 2 * slot + 1] = BILL_ADJ[b]
        st[k, NBILLS] = slot + 1
        st[k, SELECTED_COUNT] += 1
        if proposer != s:  # 5.2 selection bonus
            _award_self(st, k, proposer, SELECTION_BONUS)
    elif kind == K_YESNO:
        if q == Q_RESTART_PACT and a == YES:
            st[k, PACT] = 1
    _advance(st, big, mt, k)


@njit(cache=True, inline="always")
def _refresh(st, k, player, term, trunc, scores, returns, winners):
    n = st[k, N]
    over = st[k, OVER]
    player[k] = -1 if over or not st[k, COVERED] else st[k, P_PLAYER]
    term[k] = over != 0 and st[k, TRUNCATED] == 0
    trunc[k] = over != 0 and st[k, TRUNCATED] != 0
    bits = st[k, WINNERS]
    for s in range(n):
        scores[k, s] = st[k, VP + s]
        won = (bits >> s) & 1
        winners[k, s] = won == 1
        returns[k, s] = 0.0 if not over or bits == 0 else (1.0 if won else -1.0)


# --- the kernels ----------------------------------------------------------------------------------------------------
@KERNEL
def reset_games(st, big, mt, player, term, trunc, scores, returns, winners, envs, seeds, n):
    """Start games ``envs[i]`` as ``game.new_initial_state(seed)`` (``seeds[i]`` = abs(the seed) < 2**63)."""
    for i in range(len(envs)):
        k = envs[i]
        rng.seed(mt, big, k, MTI, seeds[i])
        _setup(st, big, mt, k, n)
        _advance(st, big, mt, k)
        _refresh(st, k, player, term, trunc, scores, returns, winners)


@KERNEL
def apply(st, big, mt, player, term, trunc, scores, returns, winners, actions):
    """Answer the pending decision of every game in play with ``actions[k]`` (known legal) and run it on."""
    for k in range(st.shape[0]):
        if player[k] < 0:
            continue
        _decide(st, big, mt, k, actions[k])
        _refresh(st, k, player, term, trunc, scores, returns, winners)


@KERNEL
def legal_mask(st, player, out):
    """``out[k]`` = game k's legal mask (zeros for a game over or out of what is compiled)."""
    for k in range(st.shape[0]):
        for a in range(NUM_ACTIONS):
            out[k, a] = 0
        if player[k] < 0:
            continue
        for i in range(st[k, LEGN]):
            out[k, st[k, LEGAL + i]] = 1
