"""Prime Minister's compiled engine: the helpers every step uses (the task queue, decisions, decks, tracks, VP and
victory; ``board.py`` and ``tasks.py`` of the rules) and the setup (``game_setup.py``)."""
from __future__ import annotations

import numpy as np

from ...engine import rng
from ...engine.jit import njit
from ..components import (FAVOUR_MAX, FAVOUR_MIN, LIB, NO, TOTAL_SEATS, VP_MAX, YES)
from .layout import (BILL_DECK_OF, BILL_ICON, BILLS, CAREER, CAREER_ABILITY, CAREER_REQ, CAREER_SIDE, COVERED, D_CP,
                     D_EV, D_SUP, DECK_AT, DECK_N, DISC_AT, DISC_N, EFF_IDS, EV_ORDER, EVENT, F_ACTOR, F_ARG, F_CODE,
                     F_MULT, F_OWN, F_SRCA, F_SRCK, FAVOUR, FAVOUR_START, FOTH_AT, FREE_SUPPORTERS_3P, GOV_PARTY, HAND,
                     HAND_N, K_YESNO, LAST_UNC, LEADER_SEATS, LEGAL, LEGN, LISTS, LOST_CHALLENGE, MARKER, MAT_KEYS,
                     MAT_STANDING, MAX_ROUNDS, MPS, MPS_PARTY, MPS_START, MTI, N, NBILL, NCAR, NDECKS, NEV, NPOL, NSUP,
                     NUNC, OVER, P_KIND, P_PLAYER, P_Q, PACT, PARTY, PARTY_MIX, POL, POL_ABILITY, POL_NUMBER,
                     POL_PARTY, POL_REMOVED, QN, QUEUE, QW, R_GBB, R_OBB, R_OL, R_PM, RESIGNED, ROLE, ROUND,
                     SCORE_VERSION, SECTOR_PARTISAN, SECTOR_POINTS, SECTOR_START, SECTOR_TOP, SECTORS, SLOT_W,
                     STANDING, STARTED, SUP_ORDER, T_EFF, T_ROUND_START, TAG_AT, TAG_LEN, TURN_SEAT, UNC_STACK, VP,
                     WIDTH, WIN_AT, WINNERS)


# --- small helpers --------------------------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _seat_of(st, k, role):
    for s in range(st[k, N]):
        if st[k, ROLE + s] == role:
            return s
    return -1


@njit(cache=True, inline="always")
def _mat(st, k, s):
    """``_mat``: seat ``s``'s mat (MAT_KEYS) by role and side (2.5: the 3-player Liberal's reverse mats)."""
    r = st[k, ROLE + s]
    if r == R_GBB:
        return 4
    if r == R_OBB:
        return 5
    reverse = st[k, N] == 3 and st[k, PARTY + s] == LIB
    return (0 if r == R_PM else 1) + (2 if reverse else 0)


@njit(cache=True)
def _new_entry(st, k, code, arg):
    """Put a new task at the front of the queue; its row (for more fields)."""
    q = st[k, QN]
    at = QUEUE + q * QW
    st[k, at + F_CODE] = code
    st[k, at + F_ARG] = arg
    for f in range(F_ACTOR, QW):
        st[k, at + f] = -1
    st[k, QN] = q + 1
    return at


@njit(cache=True, inline="always")
def _push(st, k, code, arg):
    _new_entry(st, k, code, arg)


@njit(cache=True)
def _insert_after_effects(st, k, code, arg):
    """``_push_after_effects``: a new task right after the leading run of ``eff`` tasks; its row."""
    q = st[k, QN]
    i = q
    while i > 0 and st[k, QUEUE + (i - 1) * QW + F_CODE] == T_EFF:
        i -= 1
    for j in range(q, i, -1):
        for f in range(QW):
            st[k, QUEUE + j * QW + f] = st[k, QUEUE + (j - 1) * QW + f]
    at = QUEUE + i * QW
    st[k, at + F_CODE] = code
    st[k, at + F_ARG] = arg
    for f in range(F_ACTOR, QW):
        st[k, at + f] = -1
    st[k, QN] = q + 1
    return at


@njit(cache=True)
def _push_list(st, k, lst, actor, mult, srck, srca, own):
    """Queue the effects of list ``lst`` at the front, the first first, each with its own context."""
    start, count = LISTS[lst, 0], LISTS[lst, 1]
    for i in range(count - 1, -1, -1):
        at = _new_entry(st, k, T_EFF, EFF_IDS[start + i])
        st[k, at + F_ACTOR] = actor
        st[k, at + F_MULT] = mult
        st[k, at + F_SRCK] = srck
        st[k, at + F_SRCA] = srca
        st[k, at + F_OWN] = own


@njit(cache=True)
def _ask(st, k, kind, player, q):
    """Stop the queue for a decision among the ``LEGN`` actions written at ``LEGAL`` (sorted and deduplicated
    here, as ``_ask`` does)."""
    m = st[k, LEGN]
    for i in range(1, m):
        v = st[k, LEGAL + i]
        j = i - 1
        while j >= 0 and st[k, LEGAL + j] > v:
            st[k, LEGAL + j + 1] = st[k, LEGAL + j]
            j -= 1
        st[k, LEGAL + j + 1] = v
    out = 0
    for i in range(m):
        if out == 0 or st[k, LEGAL + i] != st[k, LEGAL + out - 1]:
            st[k, LEGAL + out] = st[k, LEGAL + i]
            out += 1
    st[k, LEGN] = out
    st[k, P_KIND] = kind
    st[k, P_PLAYER] = player
    st[k, P_Q] = q


@njit(cache=True, inline="always")
def _legal1(st, k, a):
    st[k, LEGAL] = a
    st[k, LEGN] = 1


@njit(cache=True, inline="always")
def _add_legal(st, k, a):
    m = st[k, LEGN]
    st[k, LEGAL + m] = a
    st[k, LEGN] = m + 1


@njit(cache=True)
def _ask_yes_no(st, k, player, q):
    st[k, LEGAL] = YES
    st[k, LEGAL + 1] = NO
    st[k, LEGN] = 2
    _ask(st, k, K_YESNO, player, q)


@njit(cache=True)
def _draw(st, big, mt, k, d):
    """``_draw(deck)``: the top card, after turning the discard pile over (shuffled) when the deck is empty; -1 when
    both are empty."""
    if st[k, DECK_N + d] == 0:
        m = st[k, DISC_N + d]
        if m == 0:
            return -1
        t = 0
        for i in range(TAG_LEN[d]):
            t = max(t, st[k, TAG_AT[d] + i])
        for i in range(m):
            c = st[k, DISC_AT[d] + i]
            st[k, DECK_AT[d] + i] = c
            st[k, TAG_AT[d] + c] = t + 1  # _tag_reshuffle
        st[k, DECK_N + d] = m
        st[k, DISC_N + d] = 0
        rng.shuffle_row(mt, big, k, MTI, st, k, DECK_AT[d], m)
        if d == D_SUP and st[k, SUP_ORDER] > 0:
            _stack_reshuffle(st, k, d, SUP_ORDER)
        elif d == D_EV and st[k, EV_ORDER] > 0:
            _stack_reshuffle(st, k, d, EV_ORDER)
    m = st[k, DECK_N + d] - 1
    st[k, DECK_N + d] = m
    return st[k, DECK_AT[d] + m]


@njit(cache=True)
def _stack_reshuffle(st, k, d, order_at):
    """``_stack_reshuffle``: the cards of the order at ``order_at`` (the first listed drawn first) on top of deck ``d``
    just turned over, those in it; the rest stay shuffled beneath; the order is used once."""
    m, count = st[k, DECK_N + d], st[k, order_at]
    top = np.empty(count, dtype=np.int64)
    nt = 0
    for i in range(count):
        c = st[k, order_at + 1 + i]
        if _contains(st, k, DECK_AT[d], m, c):
            top[nt] = c
            nt += 1
    rest = np.empty(m, dtype=np.int64)
    nr = 0
    for i in range(m):
        c = st[k, DECK_AT[d] + i]
        inside = False
        for j in range(nt):
            if top[j] == c:
                inside = True
        if not inside:
            rest[nr] = c
            nr += 1
    for i in range(nr):
        st[k, DECK_AT[d] + i] = rest[i]
    for j in range(nt):
        st[k, DECK_AT[d] + nr + j] = top[nt - 1 - j]
    st[k, order_at] = 0


@njit(cache=True)
def _draw_uncertainty(st, big, mt, k):
    """``_draw_uncertainty``: a position's next Uncertainty card, else a random one (12.0: reshuffled each time)."""
    m = st[k, UNC_STACK]
    if m > 0:
        u = st[k, UNC_STACK + 1]
        for i in range(1, m):
            st[k, UNC_STACK + i] = st[k, UNC_STACK + i + 1]
        st[k, UNC_STACK] = m - 1
    else:
        u = rng.below(mt, big, k, MTI, NUNC)
    st[k, LAST_UNC] = u
    return u


@njit(cache=True, inline="always")
def _can_draw(st, k, d):
    return st[k, DECK_N + d] > 0 or st[k, DISC_N + d] > 0


@njit(cache=True, inline="always")
def _discard(st, k, d, c):
    m = st[k, DISC_N + d]
    st[k, DISC_AT[d] + m] = c
    st[k, DISC_N + d] = m + 1


@njit(cache=True, inline="always")
def _discard_bill(st, k, b):
    _discard(st, k, D_CP + BILL_DECK_OF[b], b)


@njit(cache=True)
def _remove(st, k, at, count_at, c):
    """Remove the first ``c`` from the list at ``at`` (its length at ``count_at``); whether it was there."""
    m = st[k, count_at]
    for i in range(m):
        if st[k, at + i] == c:
            for j in range(i, m - 1):
                st[k, at + j] = st[k, at + j + 1]
            st[k, count_at] = m - 1
            return True
    return False


@njit(cache=True, inline="always")
def _contains(st, k, at, m, c):
    for i in range(m):
        if st[k, at + i] == c:
            return True
    return False


@njit(cache=True, inline="always")
def _append(st, k, at, count_at, c):
    m = st[k, count_at]
    st[k, at + m] = c
    st[k, count_at] = m + 1


@njit(cache=True, inline="always")
def _is_gov(st, k, s):
    r = st[k, ROLE + s]
    return r == R_PM or r == R_GBB


@njit(cache=True, inline="always")
def _restricted(st, k, s):
    """May not lower Government bills; the same seats need the PM's permission to Influence (3.1, 3.2)."""
    r = st[k, ROLE + s]
    if r == R_PM:
        return False
    if r == R_GBB:
        return st[k, RESIGNED] == 0
    return st[k, PACT] != 0


@njit(cache=True, inline="always")
def _careers_usable(st, k, s):
    r = st[k, ROLE + s]
    return (r == R_GBB and st[k, RESIGNED] == 0) or r == R_OBB


@njit(cache=True, inline="always")
def _career_active(st, k, s, c):
    return _careers_usable(st, k, s) and st[k, CAREER + s * NCAR + c] == 1


@njit(cache=True)
def _deal_careers(st, k, s):
    r = st[k, ROLE + s]
    for c in range(NCAR):
        held = -1
        if r == R_GBB or r == R_OBB:
            side = 0 if r == R_GBB else 1
            if CAREER_SIDE[c] == side and (CAREER_ABILITY[c] < 0 or POL_ABILITY[st[k, POL + s], CAREER_ABILITY[c]] > 0):
                held = 0
        st[k, CAREER + s * NCAR + c] = held


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


@njit(cache=True)
def _foth_holder(st, k):
    pm = _seat_of(st, k, R_PM)
    if pm < 0 or st[k, VP + pm] < FOTH_AT:
        return -1
    obb = _seat_of(st, k, R_OBB)
    return obb if obb >= 0 else _seat_of(st, k, R_OL)


@njit(cache=True)
def _set_standing(st, k, s, value):
    mat = _mat(st, k, s)
    st[k, STANDING + s] = max(MAT_STANDING[mat, 1], min(MAT_STANDING[mat, 2], value))


@njit(cache=True, inline="always")
def _set_favour(st, k, s, value):
    st[k, FAVOUR + s] = max(FAVOUR_MIN, min(FAVOUR_MAX, value))


@njit(cache=True)
def _points(st, k, party):
    total = 0
    for i in range(8):
        total += SECTOR_POINTS[i, st[k, SECTORS + party * 8 + i]]
    return total


@njit(cache=True)
def _partisan(st, k, party):
    total = 0
    for i in range(8):
        total += SECTOR_PARTISAN[party, i, st[k, SECTORS + party * 8 + i]]
    return total


@njit(cache=True)
def _projected(st, k, party):
    lead = _points(st, k, 1) - _points(st, k, 0)
    if party == 0:
        lead = -lead
    seats = LEADER_SEATS[min(abs(lead), len(LEADER_SEATS) - 1)]
    return seats if lead >= 0 else TOTAL_SEATS - seats


@njit(cache=True, inline="always")
def _round10(x):
    return (x + 5) // 10 * 10


@njit(cache=True, inline="always")
def _projection(st, k, slot):
    b = st[k, BILLS + slot * SLOT_W]
    return st[k, MPS + BILL_ICON[b]] + st[k, BILLS + slot * SLOT_W + 1]


@njit(cache=True, inline="always")
def _move_sector(st, k, party, sector, steps):
    at = SECTORS + party * 8 + sector
    st[k, at] = max(0, min(SECTOR_TOP[sector], st[k, at] + steps))


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
def _award_bits(st, k, bits, amount):
    """``_award(seats, amount)`` for the seats of ``bits``."""
    if amount <= 0 or bits == 0 or st[k, OVER]:
        return
    for s in range(st[k, N]):
        if (bits >> s) & 1:
            st[k, VP + s] = min(VP_MAX, st[k, VP + s] + amount)
    st[k, SCORE_VERSION] += 1
    _check_victory(st, k)


@njit(cache=True)
def _pool(st, k, government):
    """``pool(who)`` as bits."""
    bits = 0
    for s in range(st[k, N]):
        r = st[k, ROLE + s]
        if r == R_GBB and st[k, RESIGNED]:
            continue
        if st[k, PACT] or government == (r == R_PM or r == R_GBB):
            bits |= 1 << s
    return bits


@njit(cache=True, inline="always")
def _award_side(st, k, government, amount):
    _award_bits(st, k, _pool(st, k, government), amount)


@njit(cache=True)
def _award_self(st, k, s, amount):
    if st[k, ROLE + s] == R_GBB and st[k, RESIGNED]:
        _award_bits(st, k, 1 << s, amount)
    else:
        _award_side(st, k, _is_gov(st, k, s), amount)


# --- the setup (game_setup.py) ------------------------------------------------------------------------------------
@njit(cache=True)
def _setup(st, big, mt, k, n, max_rounds):
    for i in range(WIDTH):
        st[k, i] = 0
    st[k, N] = n
    st[k, STARTED] = 1
    st[k, COVERED] = 1
    st[k, MAX_ROUNDS] = max_rounds
    st[k, EVENT] = -1
    st[k, LAST_UNC] = -1
    st[k, TURN_SEAT] = -1
    # 2.1: the pool of numbered Politicians for n players, sorted by id, shuffled, drawn from the end
    pool = np.empty((1, NPOL), dtype=np.int32)
    size = 0
    for p in range(NPOL):
        if not POL_REMOVED[p, n]:
            pool[0, size] = p
            size += 1
    rng.shuffle_row(mt, big, k, MTI, pool, 0, 0, size)
    need0, need1 = PARTY_MIX[n, 0], PARTY_MIX[n, 1]
    got = 0
    while got < n:
        size -= 1
        p = pool[0, size]
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
    for s in range(n):
        st[k, STANDING + s] = MAT_STANDING[_mat(st, k, s), 0]
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
    for s in range(n):  # 6.2.2
        _deal_careers(st, k, s)
    st[k, ROUND] = 1
    st[k, P_PLAYER] = -1
    st[k, LOST_CHALLENGE] = -1
    if n == 3:  # 2.5: the Liberal alone draws two Supporters
        for s in range(n):
            if st[k, PARTY + s] == LIB:
                for _ in range(FREE_SUPPORTERS_3P):
                    c = _draw(st, big, mt, k, D_SUP)
                    if c >= 0:
                        _append(st, k, HAND + s * NSUP, HAND_N + s, c)
                break
    _push(st, k, T_ROUND_START, 0)
