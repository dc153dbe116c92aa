"""Prime Minister's compiled engine: the phases of a round as the rules module runs them (``round.py``,
``selection.py``, ``turns.py``, ``actions.py``, ``effects.py``, ``resolution.py``, ``challenges.py``,
``elections.py``), each function named after the rules' method it mirrors."""
from __future__ import annotations

import numpy as np

from ...engine.jit import njit
from ..components import (A_ACT, A_BILL, A_CAREER, A_DEBATE_CARD, A_DIR, A_DISCARD, A_DRAW, A_KEEP, A_OPTION, A_PARTY,
                          A_PLAY, A_PLAYER, A_RESIGN, A_RESOLVE, A_SECTOR, A_SIGN, A_SLOT, ADJ_MAX, ADJ_MIN, END_TURN,
                          HOLD_LIMIT, TOTAL_SEATS)
from .layout import (AGREEMENT_VP, BHAND, BHAND_CAP, BHAND_N, BILL_DECK_OF, BILL_EFF, BILL_PERSONAL, BILL_VP, BILLS,
                     CA_CARD, CA_COST, CA_LIST, CAREER, CTX, CUBES, D_CP, D_EV, D_SUP, DEB_COST, DEB_SIDE, DENIED,
                     DOUBLED, DPL, DPL_RS, E_AMOUNT, E_DIR, E_DRAW, E_KEEP, E_NOPTS, E_OP, E_OPTS, E_PARTY, E_SECTOR,
                     E_SIGN, E_TARGET, E_WHO, EFF, EFF_IDS, EV_BYE, EV_COST, EV_LOSS, EV_NOPT, EVENT, EVER_SPLIT,
                     F_ACTOR, F_ARG, F_BILL, F_DIR, F_MULT, F_OPTION, F_OWN, F_PARTY, F_PLAYER, F_SEC, F_SIGN, F_SRCA,
                     F_SRCK, F_X1, F_X2, FAIL_OL, FAIL_PM, FAIL_VP, FAVOUR, GOV_PARTY, HAND, HAND_N, K_DEBATE_TARGET,
                     K_DISCARD, K_DRAW_BILL, K_EFF_BILL, K_EFF_DIR, K_EFF_OPTION, K_EFF_PARTY, K_EFF_PLAYER,
                     K_EFF_SECTOR, K_EFF_SIGN, K_EVENT, K_KEEP, K_PERMIT, K_PROPOSE, K_RESOLVE, K_SELECT, KEEP_C0,
                     KEEP_C1, LEGAL, LEGN, LISTS, LONE_DRAWS, LONE_PROPOSES, LOST_CHALLENGE, MARKER, MAT_ACTION,
                     MAT_CUBES, MAT_END_STANDING, MAT_RS, MAT_STANDING, MAX_EXTRA, MAX_ROUNDS, MAX_RS, MENU,
                     MINORITY_BY_CHALLENGE, MPS, MPS_PARTY, N, NBILLS, NCA, NCAR, NDENIED, NDOUBLED, NPASSED,
                     NPROPOSED, NREFUSED, NSOPT, NSUP, OP_CHOICE, OP_DRAW, OP_FAVOUR, OP_INFLUENCE, OP_SECTOR,
                     OP_STANDING, OP_VOTES, OP_VP, OPTS, OVER, P_D1, P_D2, P_D3, P_D4, P_KIND, P_PLAYER, PACT, PARTY,
                     PARTY_CONSERVATIVE, PARTY_LIBERAL, PARTY_OPPONENT, PARTY_OWN, PASSED, PM_DRAWS, PM_DRAWS_ALONE,
                     POL, POL_CAMPAIGN, PROPOSED, PROPOSER_DRAWS, PROPOSER_PROPOSES, Q_RESTART_PACT, Q_ROYAL, QN,
                     QUEUE, QW, R_GBB, R_OBB, R_OL, R_PM, REFUSED, REPLACEMENT_VP, RESIGN_MAX_VP, RESIGN_PM, RESIGNED,
                     REVEALED_OK, ROLE, ROUND, RV_GOV, RV_OPP, RV_PACT, SEC_ANY, SEC_POLITICIAN, SELECTED,
                     SELECTED_COUNT, SHOWN, SHOWN_N, SLOT_W, SRC_ACTION, SRC_BILL, SRC_CAREER, SRC_DEBATE,
                     SRC_ROUND_START, SRC_SUPPORTER, STANDING, SUP_LIST, T_ASK_DEPUTY, T_ASK_END_PACT, T_ASK_ORDER,
                     T_ASK_REJOIN, T_CHALLENGES, T_DEBATE_CARDS, T_DRAW_BILL, T_ELECTION_PHASE, T_END_TURN,
                     T_EVENT_DONE, T_KEEP, T_MAIN, T_OPPOSITION_START, T_PM_TURN, T_PROPOSE, T_RESOLUTION, T_REVEAL,
                     T_ROUND_END, T_ROUND_START, T_SELECT, T_SELECTION, T_SELECTION_END, T_TURN, T_TURNS,
                     T_WINDOW_PACT, TRUNCATED, TURN_ACTED, TURN_SEAT, UNC_ELECTION, UNC_ROYAL, VOTE_AT, VP, WD_OL,
                     WD_PM, WD_VP, WHO_GOV, WHO_OL, WHO_PM, WHO_SELF)
from .board import (_add_legal, _append, _ask, _ask_yes_no, _award_bits, _award_self, _award_side, _can_draw,
                    _career_active, _careers_usable, _check_victory, _contains, _deal_careers, _discard, _discard_bill,
                    _draw, _draw_uncertainty, _foth_holder, _insert_after_effects, _mat, _move_sector, _new_entry,
                    _partisan, _pool, _projected, _projection, _push, _push_list, _remove, _restricted, _round10,
                    _seat_of, _set_favour, _set_standing)


# --- round setup, Bill Selection, the Pact (round.py, selection.py) ----------------------------------------------
@njit(cache=True)
def _round_start(st, k):
    st[k, MINORITY_BY_CHALLENGE] = 0
    st[k, LOST_CHALLENGE] = -1
    st[k, NREFUSED] = 0
    if st[k, ROUND] > 1:  # 4.0(1)(a), PM-A19
        if st[k, PACT]:
            _award_side(st, k, True, RV_PACT)
        else:
            _award_side(st, k, True, RV_GOV)
            _award_side(st, k, False, RV_OPP)
        if st[k, OVER]:
            return
    n = st[k, N]
    for s in range(n):
        mat = _mat(st, k, s)
        cubes = MAT_CUBES[mat, 0]
        for j in range(MAX_EXTRA):
            if st[k, STANDING + s] > MAT_CUBES[mat, 1 + j]:
                cubes += 1
        st[k, CUBES + s] = cubes
    _push(st, k, T_TURNS, 0)
    if st[k, NBILLS] == 0:
        _push(st, k, T_SELECTION, 0)
    # the round-start bonuses in seat order, each seat's mat bonuses then the Deputy Party Leader's (pushed last first)
    for s in range(n - 1, -1, -1):
        if _career_active(st, k, s, DPL):
            for i in range(DPL_RS.shape[0] - 1, -1, -1):
                if st[k, STANDING + s] >= DPL_RS[i, 0]:
                    _push_list(st, k, DPL_RS[i, 1], s, 1, SRC_ROUND_START, 0, -1)
        mat = _mat(st, k, s)
        for i in range(MAX_RS - 1, -1, -1):
            if MAT_RS[mat, i, 1] >= 0 and st[k, STANDING + s] >= MAT_RS[mat, i, 0]:
                _push_list(st, k, MAT_RS[mat, i, 1], s, 1, SRC_ROUND_START, 0, -1)


@njit(cache=True)
def _turns(st, k):
    _push(st, k, T_ROUND_END, 0)
    _push(st, k, T_ELECTION_PHASE, 0)
    _push(st, k, T_CHALLENGES, 0)
    _push(st, k, T_RESOLUTION, 0)
    _push(st, k, T_PM_TURN, 0)
    _push(st, k, T_OPPOSITION_START, 0)
    gbb = _seat_of(st, k, R_GBB)
    if gbb >= 0:
        _push(st, k, T_TURN, gbb)


@njit(cache=True)
def _round_end(st, k):
    mr = st[k, MAX_ROUNDS]
    if mr and st[k, ROUND] >= mr:
        st[k, OVER] = 1
        st[k, TRUNCATED] = 1
        st[k, P_KIND] = 0
        st[k, P_PLAYER] = -1
        st[k, LEGN] = 0
        return
    st[k, ROUND] += 1
    _push(st, k, T_ROUND_START, 0)


@njit(cache=True)
def _selection(st, k):
    st[k, NPROPOSED] = 0
    st[k, REVEALED_OK] = 0
    st[k, SELECTED_COUNT] = 0
    ol, obb, gbb, pm = _seat_of(st, k, R_OL), _seat_of(st, k, R_OBB), _seat_of(st, k, R_GBB), _seat_of(st, k, R_PM)
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
    st[k, LEGN] = 0
    if _can_draw(st, k, D_CP):
        _add_legal(st, k, A_DRAW)
    if _can_draw(st, k, D_CP + 1 + st[k, GOV_PARTY]):
        _add_legal(st, k, A_DRAW + 1)
    if st[k, LEGN]:
        _ask(st, k, K_DRAW_BILL, s, 0)


@njit(cache=True)
def _offer_proposal(st, k, s):
    m = st[k, BHAND_N + s]
    if m:
        for i in range(m):
            st[k, LEGAL + i] = A_BILL + st[k, BHAND + s * BHAND_CAP + i]
        st[k, LEGN] = m
        _ask(st, k, K_PROPOSE, s, 0)


@njit(cache=True)
def _offer_selection(st, k):
    m = st[k, NPROPOSED]
    if m and st[k, NBILLS] < 3:
        for i in range(m):
            st[k, LEGAL + i] = A_BILL + st[k, PROPOSED + 2 * i]
        st[k, LEGN] = m
        _ask(st, k, K_SELECT, _seat_of(st, k, R_PM), 0)


@njit(cache=True)
def _all_cross_party(st, k):
    for i in range(st[k, NBILLS]):
        if BILL_DECK_OF[st[k, BILLS + i * SLOT_W]] != 0:
            return False
    return True


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
    if not st[k, PACT] and st[k, NBILLS] == 3 and _all_cross_party(st, k):  # 3.1.3 (PM-A16)
        _ask_yes_no(st, k, _seat_of(st, k, R_OL), Q_RESTART_PACT)


@njit(cache=True, inline="always")
def _end_pact(st, k):
    st[k, PACT] = 0
    st[k, EVER_SPLIT] = 1


# --- the turns (turns.py, actions.py) ----------------------------------------------------------------------------
@njit(cache=True)
def _opposition_start(st, k):
    ol, obb = _seat_of(st, k, R_OL), _seat_of(st, k, R_OBB)
    if obb >= 0:
        _push(st, k, T_ASK_ORDER, 0)
    else:
        _push(st, k, T_TURN, ol)
    _push(st, k, T_WINDOW_PACT, ol)
    if st[k, PACT]:
        _push(st, k, T_ASK_END_PACT, 0)


@njit(cache=True)
def _start_turn(st, k, s):
    st[k, NDOUBLED] = 0
    if _foth_holder(st, k) == s:
        for i in range(st[k, HAND_N + s]):
            st[k, DOUBLED + i] = st[k, HAND + s * NSUP + i]
        st[k, NDOUBLED] = st[k, HAND_N + s]
    st[k, TURN_SEAT] = s
    st[k, TURN_ACTED] = 0
    st[k, NDENIED] = 0
    _push(st, k, T_MAIN, s)
    if st[k, ROLE + s] == R_GBB:
        _push(st, k, T_ASK_DEPUTY, s)
        if st[k, RESIGNED]:
            _push(st, k, T_ASK_REJOIN, s)


@njit(cache=True)
def _end_turn(st, k, s):
    m = st[k, HAND_N + s]
    if m > HOLD_LIMIT:  # 7.3
        for i in range(m):
            st[k, LEGAL + i] = A_DISCARD + st[k, HAND + s * NSUP + i]
        st[k, LEGN] = m
        _ask(st, k, K_DISCARD, s, 0)
        _push(st, k, T_END_TURN, s)
        return
    if MAT_END_STANDING[_mat(st, k, s)] != 0:  # 6.2.4
        _set_standing(st, k, s, st[k, STANDING + s] + MAT_END_STANDING[_mat(st, k, s)])
    st[k, TURN_SEAT] = -1


@njit(cache=True, inline="always")
def _source_key(a):
    if A_ACT <= a < A_CAREER:
        return A_ACT + ((a - A_ACT) // 2) * 2
    if A_PLAY <= a < A_DISCARD:
        return A_PLAY + ((a - A_PLAY) // 2) * 2
    return a


@njit(cache=True)
def _list_ok_flat(st, k, lst, s, source):
    """``_effects_ok`` of a list holding no choice (a choice's option)."""
    start, count = LISTS[lst, 0], LISTS[lst, 1]
    for i in range(count):
        e = EFF_IDS[start + i]
        op = EFF[e, E_OP]
        if op == OP_VOTES:
            if st[k, NBILLS] == 0:
                return False
            if EFF[e, E_SIGN] == 0 and EFF[e, E_AMOUNT] < 0 and _restricted(st, k, s):
                return False
        elif op == OP_INFLUENCE:
            if _restricted(st, k, s) and _contains(st, k, DENIED, st[k, NDENIED], _source_key(source)):
                return False
    return True


@njit(cache=True)
def _list_ok(st, k, lst, s, source):
    """``_effects_ok``: whether a list's effects may be used now (a Government bill lowered only by seats free to
    oppose it, no Influence from a source the PM refused this turn, a choice with an option that may)."""
    if not _list_ok_flat(st, k, lst, s, source):
        return False
    start, count = LISTS[lst, 0], LISTS[lst, 1]
    for i in range(count):
        e = EFF_IDS[start + i]
        if EFF[e, E_OP] == OP_CHOICE:
            ok = False
            for o in range(EFF[e, E_NOPTS]):
                if _list_ok_flat(st, k, OPTS[EFF[e, E_OPTS] + o], s, source):
                    ok = True
            if not ok:
                return False
    return True


@njit(cache=True)
def _has_influence(lst):
    start, count = LISTS[lst, 0], LISTS[lst, 1]
    for i in range(count):
        if EFF[EFF_IDS[start + i], E_OP] == OP_INFLUENCE:
            return True
    return False


@njit(cache=True)
def _debate_card_of(st, k, s):
    r = st[k, ROLE + s]
    if r == R_GBB:
        return 0
    if r == R_OBB:
        return 1
    if r == R_OL and st[k, N] == 3 and _seat_of(st, k, R_OBB) < 0:
        return 2
    return -1


@njit(cache=True)
def _debate_targets(st, k, s, write):
    """``_debate_card_targets(s)``: how many slots the card may target; with ``write`` they are the legal actions."""
    cid = _debate_card_of(st, k, s)
    if cid < 0:
        return 0
    for i in range(st[k, NBILLS]):
        for j in range(st[k, BILLS + i * SLOT_W + 2]):
            if st[k, BILLS + i * SLOT_W + 3 + j] // 8 == cid:
                return 0
    side = 0 if st[k, PACT] else 1
    count = 0
    if write:
        st[k, LEGN] = 0
    for i in range(st[k, NBILLS]):
        p = _projection(st, k, i)
        ok = False
        if DEB_SIDE[cid, side, 0] == 1:
            ok = p <= DEB_SIDE[cid, side, 1]
        else:
            ok = p >= DEB_SIDE[cid, side, 1] and not _restricted(st, k, s)
        if ok:
            count += 1
            if write:
                _add_legal(st, k, A_SLOT + i)
    return count


@njit(cache=True, inline="always")
def _debate_cost(st, k, s, cid):
    return DEB_COST[cid, 1] if st[k, STANDING + s] <= DEB_COST[cid, 0] else DEB_COST[cid, 2]


@njit(cache=True)
def _main_options(st, k, s):
    st[k, LEGN] = 0
    _add_legal(st, k, END_TURN)
    cubes = st[k, CUBES + s]
    mat = _mat(st, k, s)
    pol = st[k, POL + s]
    if cubes >= 1:
        for a in range(10):
            if MENU[mat, pol, a] and _list_ok(st, k, MAT_ACTION[mat, a], s, A_ACT + a):
                _add_legal(st, k, A_ACT + a)
    if _careers_usable(st, k, s):
        for j in range(NCA):
            if st[k, CAREER + s * NCAR + CA_CARD[j]] == 1 and cubes >= CA_COST[j] and \
                    _list_ok(st, k, CA_LIST[j], s, A_CAREER + j):
                _add_legal(st, k, A_CAREER + j)
    cid = _debate_card_of(st, k, s)
    if cid >= 0 and cubes >= _debate_cost(st, k, s, cid) and _debate_targets(st, k, s, False) > 0:
        _add_legal(st, k, A_DEBATE_CARD)
    if st[k, ROLE + s] == R_GBB and not st[k, RESIGNED] and not st[k, TURN_ACTED] and cubes >= 1 \
            and st[k, VP + s] <= RESIGN_MAX_VP:
        _add_legal(st, k, A_RESIGN)
    for i in range(st[k, HAND_N + s]):
        c = st[k, HAND + s * NSUP + i]
        for o in range(NSOPT):
            if _list_ok(st, k, SUP_LIST[c, o], s, A_PLAY + 2 * c + o):
                _add_legal(st, k, A_PLAY + 2 * c + o)
        _add_legal(st, k, A_DISCARD + c)


@njit(cache=True)
def _perform(st, k, s, a):
    st[k, TURN_ACTED] = 1
    if A_ACT <= a < A_CAREER:
        j = a - A_ACT
        st[k, CUBES + s] -= 1
        _push(st, k, T_MAIN, s)
        _push_list(st, k, MAT_ACTION[_mat(st, k, s), j], s, 1, SRC_ACTION, j // 2, -1)
    elif A_CAREER <= a < A_DEBATE_CARD:
        j = a - A_CAREER
        st[k, CUBES + s] -= CA_COST[j]
        _push(st, k, T_MAIN, s)
        _push_list(st, k, CA_LIST[j], s, 1, SRC_CAREER, CA_CARD[j], -1)
    elif a == A_DEBATE_CARD:
        st[k, CUBES + s] -= _debate_cost(st, k, s, _debate_card_of(st, k, s))
        _debate_targets(st, k, s, True)
        _ask(st, k, K_DEBATE_TARGET, s, 0)
    elif a == A_RESIGN:  # 6.2.3 / 3.2.1
        st[k, CUBES + s] = 0
        st[k, RESIGNED] = 1
        pm = _seat_of(st, k, R_PM)
        _set_standing(st, k, pm, st[k, STANDING + pm] + RESIGN_PM)
        _push(st, k, T_MAIN, s)
    elif A_PLAY <= a < A_DISCARD:
        c, o = (a - A_PLAY) // 2, (a - A_PLAY) % 2
        mult = 2 if _remove(st, k, DOUBLED, NDOUBLED, c) else 1
        _remove(st, k, HAND + s * NSUP, HAND_N + s, c)
        _remove(st, k, SHOWN + s * NSUP, SHOWN_N + s, c)
        _discard(st, k, D_SUP, c)
        _push(st, k, T_MAIN, s)
        _push_list(st, k, SUP_LIST[c, o], s, mult, SRC_SUPPORTER, c, -1)
    else:  # A_DISCARD <= a < A_KEEP
        c = a - A_DISCARD
        _remove(st, k, HAND + s * NSUP, HAND_N + s, c)
        _remove(st, k, SHOWN + s * NSUP, SHOWN_N + s, c)
        _remove(st, k, DOUBLED, NDOUBLED, c)
        _discard(st, k, D_SUP, c)
        _push(st, k, T_MAIN, s)


@njit(cache=True)
def _choose_main_action(st, k, s, a):
    if a == END_TURN:
        _push(st, k, T_END_TURN, s)
        return
    needs = False
    if A_ACT <= a < A_CAREER:
        needs = _has_influence(MAT_ACTION[_mat(st, k, s), a - A_ACT])
    elif A_CAREER <= a < A_DEBATE_CARD:
        needs = _has_influence(CA_LIST[a - A_CAREER])
    elif A_PLAY <= a < A_DISCARD:
        needs = _has_influence(SUP_LIST[(a - A_PLAY) // 2, (a - A_PLAY) % 2])
    if needs and _restricted(st, k, s):  # PM-A82: the PM permits or denies before anything is spent
        st[k, P_D1] = s
        st[k, P_D2] = a
        _ask_yes_no(st, k, _seat_of(st, k, R_PM), 0)
        st[k, P_KIND] = K_PERMIT
        return
    _perform(st, k, s, a)


# --- Events (turns.py) -------------------------------------------------------------------------------------------
@njit(cache=True)
def _draw_event(st, big, mt, k):
    e = _draw(st, big, mt, k, D_EV)
    if e < 0:
        return
    pm = _seat_of(st, k, R_PM)
    st[k, EVENT] = e
    if EV_BYE[e]:  # 8.2
        raw = _projected(st, k, st[k, GOV_PARTY])
        if _round10(raw) < st[k, MPS]:
            _push_list(st, k, EV_LOSS[e], pm, 1, 0, 0, -1)
        _insert_after_effects(st, k, T_EVENT_DONE, 0)
        return
    st[k, LEGN] = 0
    for o in range(EV_NOPT[e]):
        if EV_COST[e, o] <= st[k, CUBES + pm]:
            _add_legal(st, k, A_OPTION + o)
    _ask(st, k, K_EVENT, pm, 0)


# --- the effects (effects.py) --------------------------------------------------------------------------------------
@njit(cache=True)
def _wait(st, k, kind, field, first, player):
    """``_wait``: one legal answer (after deduplication) is taken at once; else the effect goes back to the front of
    the queue and the sub-choice is asked. Whether it asked."""
    _ask(st, k, kind, player, 0)
    if st[k, LEGN] == 1:
        st[k, CTX + field] = st[k, LEGAL] - first
        st[k, P_KIND] = 0
        st[k, P_PLAYER] = -1
        st[k, LEGN] = 0
        return False
    q = st[k, QN]
    for f in range(QW):
        st[k, QUEUE + q * QW + f] = st[k, CTX + f]
    st[k, QN] = q + 1
    return True


@njit(cache=True)
def _run_effect(st, big, mt, k):
    e = st[k, CTX + F_ARG]
    s = st[k, CTX + F_ACTOR]
    mult = st[k, CTX + F_MULT]
    op = EFF[e, E_OP]
    n = st[k, N]
    if op == OP_SECTOR:
        if st[k, CTX + F_SEC] < 0:
            sec = EFF[e, E_SECTOR]
            st[k, LEGN] = 0
            for i in range(8):
                if (sec == SEC_POLITICIAN and POL_CAMPAIGN[st[k, POL + s], i]) or sec == SEC_ANY or sec == i:
                    _add_legal(st, k, A_SECTOR + i)
            if _wait(st, k, K_EFF_SECTOR, F_SEC, A_SECTOR, s):
                return
        if st[k, CTX + F_PARTY] < 0:
            own = st[k, CTX + F_OWN] if st[k, CTX + F_OWN] >= 0 else st[k, PARTY + s]
            p = EFF[e, E_PARTY]
            st[k, LEGN] = 0
            if p == PARTY_OWN:
                _add_legal(st, k, A_PARTY + own)
            elif p == PARTY_OPPONENT:
                _add_legal(st, k, A_PARTY + 1 - own)
            elif p == PARTY_LIBERAL:
                _add_legal(st, k, A_PARTY)
            elif p == PARTY_CONSERVATIVE:
                _add_legal(st, k, A_PARTY + 1)
            else:
                _add_legal(st, k, A_PARTY)
                _add_legal(st, k, A_PARTY + 1)
            if _wait(st, k, K_EFF_PARTY, F_PARTY, A_PARTY, s):
                return
        if EFF[e, E_SIGN] and st[k, CTX + F_SIGN] < 0:
            st[k, LEGN] = 0
            _add_legal(st, k, A_SIGN)
            _add_legal(st, k, A_SIGN + 1)
            if _wait(st, k, K_EFF_SIGN, F_SIGN, A_SIGN, s):
                return
        steps = EFF[e, E_AMOUNT] * mult * (-1 if st[k, CTX + F_SIGN] == 1 else 1)
        _move_sector(st, k, st[k, CTX + F_PARTY], st[k, CTX + F_SEC], steps)
    elif op == OP_STANDING or op == OP_FAVOUR:
        who = EFF[e, E_WHO]
        if who == WHO_SELF:
            target = s
        elif who == WHO_PM:
            target = _seat_of(st, k, R_PM)
        elif who == WHO_OL:
            target = _seat_of(st, k, R_OL)
        else:
            if st[k, CTX + F_PLAYER] < 0:
                st[k, LEGN] = 0
                for p in range(n):
                    _add_legal(st, k, A_PLAYER + p)
                if _wait(st, k, K_EFF_PLAYER, F_PLAYER, A_PLAYER, s):
                    return
            target = st[k, CTX + F_PLAYER]
        if EFF[e, E_SIGN] and st[k, CTX + F_SIGN] < 0:
            st[k, LEGN] = 0
            _add_legal(st, k, A_SIGN)
            _add_legal(st, k, A_SIGN + 1)
            if _wait(st, k, K_EFF_SIGN, F_SIGN, A_SIGN, s):
                return
        amt = EFF[e, E_AMOUNT] * mult * (-1 if st[k, CTX + F_SIGN] == 1 else 1)
        if op == OP_STANDING:
            _set_standing(st, k, target, st[k, STANDING + target] + amt)
        else:
            _set_favour(st, k, target, st[k, FAVOUR + target] + amt)
    elif op == OP_VP:
        amt = EFF[e, E_AMOUNT] * mult
        who = EFF[e, E_WHO]
        if who == WHO_SELF:
            _award_self(st, k, s, amt)
        elif who == WHO_PM:
            _award_self(st, k, _seat_of(st, k, R_PM), amt)
        else:
            _award_side(st, k, who == WHO_GOV, amt)
    elif op == OP_VOTES:
        nb = st[k, NBILLS]
        if nb == 0:
            return
        if EFF[e, E_SIGN] and st[k, CTX + F_SIGN] < 0:
            st[k, LEGN] = 0
            _add_legal(st, k, A_SIGN)
            if not _restricted(st, k, s):
                _add_legal(st, k, A_SIGN + 1)
            if _wait(st, k, K_EFF_SIGN, F_SIGN, A_SIGN, s):
                return
        amt = EFF[e, E_AMOUNT] * mult * (-1 if st[k, CTX + F_SIGN] == 1 else 1)
        if EFF[e, E_TARGET] == 1:
            for i in range(nb):
                at = BILLS + i * SLOT_W + 1
                st[k, at] = max(ADJ_MIN, min(ADJ_MAX, st[k, at] + amt))
            return
        if st[k, CTX + F_BILL] < 0:
            if amt < 0 and _restricted(st, k, s):
                return
            st[k, LEGN] = 0
            for i in range(nb):
                _add_legal(st, k, A_SLOT + i)
            if _wait(st, k, K_EFF_BILL, F_BILL, A_SLOT, s):
                return
        at = BILLS + st[k, CTX + F_BILL] * SLOT_W + 1
        st[k, at] = max(ADJ_MIN, min(ADJ_MAX, st[k, at] + amt))
    elif op == OP_INFLUENCE:
        amount = EFF[e, E_AMOUNT] * mult
        d = EFF[e, E_DIR]
        if d == 0 and st[k, CTX + F_DIR] < 0:
            st[k, LEGN] = 0
            _add_legal(st, k, A_DIR)
            _add_legal(st, k, A_DIR + 1)
            if _wait(st, k, K_EFF_DIR, F_DIR, A_DIR, s):
                return
        if d == 1 or (d == 0 and st[k, CTX + F_DIR] == 0):
            moved = min(amount, st[k, MPS + 2])
            st[k, MPS + 2] -= moved
            st[k, MPS + 1] += moved
        else:
            moved = min(amount, st[k, MPS + 1])
            st[k, MPS + 1] -= moved
            st[k, MPS + 2] += moved
    elif op == OP_DRAW:
        c0, c1, got = -1, -1, 0
        for _ in range(EFF[e, E_DRAW]):
            c = _draw(st, big, mt, k, D_SUP)
            if c >= 0:
                if got == 0:
                    c0 = c
                else:
                    c1 = c
                got += 1
        keep = min(EFF[e, E_KEEP], got)
        if keep >= got:
            if got > 0:
                _append(st, k, HAND + s * NSUP, HAND_N + s, c0)
            if got > 1:
                _append(st, k, HAND + s * NSUP, HAND_N + s, c1)
            return
        at = _new_entry(st, k, T_KEEP, s)
        st[k, at + F_X1] = keep
        st[k, at + F_X2] = got
        st[k, at + KEEP_C0] = c0
        st[k, at + KEEP_C1] = c1
    else:  # OP_CHOICE
        if st[k, CTX + F_OPTION] < 0:
            st[k, LEGN] = 0
            for o in range(EFF[e, E_NOPTS]):
                _add_legal(st, k, A_OPTION + o)
            if _wait(st, k, K_EFF_OPTION, F_OPTION, A_OPTION, s):
                return
        _push_list(st, k, OPTS[EFF[e, E_OPTS] + st[k, CTX + F_OPTION]], s, mult, st[k, CTX + F_SRCK],
                   st[k, CTX + F_SRCA], -1)


@njit(cache=True)
def _offer_keep(st, k, at):
    s, left, got = st[k, at + F_ARG], st[k, at + F_X1], st[k, at + F_X2]
    c0, c1 = st[k, at + KEEP_C0], st[k, at + KEEP_C1]
    if left <= 0:
        if got > 0:
            _discard(st, k, D_SUP, c0)
        if got > 1:
            _discard(st, k, D_SUP, c1)
        return
    st[k, LEGN] = 0
    if got > 0:
        _add_legal(st, k, A_KEEP + c0)
    if got > 1:
        _add_legal(st, k, A_KEEP + c1)
    st[k, P_D1] = got
    st[k, P_D2] = left
    st[k, P_D3] = c0
    st[k, P_D4] = c1
    _ask(st, k, K_KEEP, s, 0)


# --- Bill Resolution, Challenges, Elections -----------------------------------------------------------------------
@njit(cache=True)
def _offer_resolution(st, k):
    nb = st[k, NBILLS]
    if nb == 0:
        return
    st[k, LEGN] = 0
    for i in range(nb):
        if not _contains(st, k, REFUSED, st[k, NREFUSED], st[k, BILLS + i * SLOT_W]):
            _add_legal(st, k, A_RESOLVE + i)
        if _projection(st, k, i) >= VOTE_AT:
            _add_legal(st, k, A_RESOLVE + 3 + i)
        _add_legal(st, k, A_RESOLVE + 6 + i)
    _ask(st, k, K_RESOLVE, _seat_of(st, k, R_PM), 0)


@njit(cache=True)
def _pop_bill(st, k, slot):
    """Take bill slot ``slot`` off the board (the slots close up); its Debate Cards go to a new ``debate_cards``
    task that the caller places (its row)."""
    nb = st[k, NBILLS]
    for i in range(slot * SLOT_W, (nb - 1) * SLOT_W):
        st[k, BILLS + i] = st[k, BILLS + i + SLOT_W]
    st[k, NBILLS] = nb - 1


@njit(cache=True)
def _fill_debate_task(st, k, at, fields):
    """The ``debate_cards`` task at row ``at`` takes the cards of a slot copied to ``fields``."""
    st[k, at + F_X2] = fields[2]
    for j in range(fields[2]):
        st[k, at + F_SEC + j] = fields[3 + j]


@njit(cache=True)
def _pass_bill(st, k, slot, agreement):
    fields = np.empty(SLOT_W, dtype=np.int64)
    for f in range(SLOT_W):
        fields[f] = st[k, BILLS + slot * SLOT_W + f]
    b = fields[0]
    _pop_bill(st, k, slot)
    _append(st, k, PASSED, NPASSED, b)
    pm = _seat_of(st, k, R_PM)
    _push_list(st, k, BILL_PERSONAL[b], pm, 1, SRC_BILL, b, -1)
    _push_list(st, k, BILL_EFF[b], pm, 1, SRC_BILL, b, st[k, PARTY + pm] if BILL_DECK_OF[b] == 0 else -1)
    at = _insert_after_effects(st, k, T_DEBATE_CARDS, 1)
    _fill_debate_task(st, k, at, fields)
    if BILL_DECK_OF[b] == 0:  # 9.4
        if st[k, PACT]:
            _award_side(st, k, True, BILL_VP[b])
        else:
            _award_bits(st, k, _pool(st, k, True) | _pool(st, k, False), BILL_VP[b])
    else:
        _award_side(st, k, True, BILL_VP[b])
    if agreement:
        _award_side(st, k, False, AGREEMENT_VP)


@njit(cache=True)
def _fail_bill(st, k, slot, withdrawn):
    fields = np.empty(SLOT_W, dtype=np.int64)
    for f in range(SLOT_W):
        fields[f] = st[k, BILLS + slot * SLOT_W + f]
    _pop_bill(st, k, slot)
    _discard_bill(st, k, fields[0])
    pm, ol = _seat_of(st, k, R_PM), _seat_of(st, k, R_OL)
    _set_standing(st, k, pm, st[k, STANDING + pm] + (WD_PM if withdrawn else FAIL_PM))
    _set_standing(st, k, ol, st[k, STANDING + ol] + (WD_OL if withdrawn else FAIL_OL))
    if not st[k, PACT]:
        _award_side(st, k, False, WD_VP if withdrawn else FAIL_VP)
    at = _new_entry(st, k, T_DEBATE_CARDS, 0)
    _fill_debate_task(st, k, at, fields)


@njit(cache=True)
def _resolve_debate_cards(st, k, at):
    outcome, count = st[k, at + F_ARG], st[k, at + F_X2]
    cards = np.empty(3, dtype=np.int64)
    for j in range(count):
        cards[j] = st[k, at + F_SEC + j]
    for j in range(count - 1, -1, -1):
        cid, owner, side = cards[j] // 8, (cards[j] % 8) // 2, cards[j] % 2
        good = (DEB_SIDE[cid, side, 3] == 1) == (outcome == 1)
        _push_list(st, k, DEB_SIDE[cid, side, 4] if good else DEB_SIDE[cid, side, 5], owner, 1, SRC_DEBATE, 0, -1)


@njit(cache=True)
def _flip_backbenchers(st, k):
    gbb, obb = _seat_of(st, k, R_GBB), _seat_of(st, k, R_OBB)
    if gbb >= 0:
        st[k, ROLE + gbb] = R_OBB
    if obb >= 0:
        st[k, ROLE + obb] = R_GBB
    st[k, RESIGNED] = 0
    if gbb >= 0:
        _deal_careers(st, k, gbb)
    if obb >= 0:
        _deal_careers(st, k, obb)


@njit(cache=True)
def _challenge(st, k, ch, t):
    ch_role, t_role = st[k, ROLE + ch], st[k, ROLE + t]
    old_standing = st[k, STANDING + ch]
    was_resigned = ch_role == R_GBB and st[k, RESIGNED] != 0
    st[k, ROLE + ch] = t_role
    st[k, ROLE + t] = ch_role
    ch_mat, t_mat = _mat(st, k, ch), _mat(st, k, t)
    st[k, STANDING + ch] = max(min(old_standing, MAT_STANDING[ch_mat, 2]), MAT_STANDING[ch_mat, 0])
    st[k, STANDING + t] = MAT_STANDING[t_mat, 0]
    if ch_role == R_OBB:  # the new OL's Debate Card leaves the board without effect (6.2.1)
        for i in range(st[k, NBILLS]):
            base = BILLS + i * SLOT_W
            m = st[k, base + 2]
            out = 0
            for j in range(m):
                card = st[k, base + 3 + j]
                if (card % 8) // 2 != ch:
                    st[k, base + 3 + out] = card
                    out += 1
            st[k, base + 2] = out
    if t_role == R_PM:
        if ch_role == R_OL:  # changeover by Challenge (10.2)
            st[k, GOV_PARTY] = st[k, PARTY + ch]
            _flip_backbenchers(st, k)
            st[k, MARKER] = 0
            st[k, MINORITY_BY_CHALLENGE] = 1
        st[k, LOST_CHALLENGE] = t
        for i in range(st[k, NBILLS]):
            _discard_bill(st, k, st[k, BILLS + i * SLOT_W])
        st[k, NBILLS] = 0
        if was_resigned:
            st[k, RESIGNED] = 0
            _award_bits(st, k, 1 << ch, REPLACEMENT_VP)
        else:
            _award_side(st, k, True, REPLACEMENT_VP)
    _deal_careers(st, k, ch)
    _deal_careers(st, k, t)
    _check_victory(st, k)


@njit(cache=True)
def _election_vp(before, after):
    gain = _round10(after) - before
    return 2 + gain // 10 if gain >= 10 else 0


@njit(cache=True)
def _finish_election(st, k, gov_seats, opposition_wins):
    gov = st[k, GOV_PARTY]
    a0 = st[k, MPS]
    g0 = st[k, MPS_PARTY]
    before_gov = a0 if g0 == gov else _round10(TOTAL_SEATS - a0)
    before_opp = a0 if g0 != gov else _round10(TOTAL_SEATS - a0)
    v_gov = _election_vp(before_gov, gov_seats)
    v_opp = _election_vp(before_opp, TOTAL_SEATS - gov_seats)
    if v_gov:
        _award_side(st, k, True, v_gov)
        if st[k, OVER]:
            return
    if v_opp:
        _award_side(st, k, False, v_opp)
        if st[k, OVER]:
            return
    seats_new = gov_seats
    if opposition_wins:  # 11.4 changeover
        pm, ol = _seat_of(st, k, R_PM), _seat_of(st, k, R_OL)
        st[k, ROLE + pm] = R_OL
        st[k, ROLE + ol] = R_PM
        st[k, STANDING + ol] = MAT_STANDING[_mat(st, k, ol), 0]
        st[k, STANDING + pm] = MAT_STANDING[_mat(st, k, pm), 0]
        st[k, GOV_PARTY] = 1 - gov
        _flip_backbenchers(st, k)
        _award_side(st, k, True, REPLACEMENT_VP)
        if st[k, OVER]:
            return
        seats_new = TOTAL_SEATS - gov_seats
    g = st[k, GOV_PARTY]
    a = max(0, min(660, _round10(seats_new)))  # 11.5
    p = min(a, _partisan(st, k, g))
    st[k, MPS] = a
    st[k, MPS + 1] = a - p
    st[k, MPS + 2] = p
    st[k, MPS_PARTY] = g
    st[k, MARKER] = 1
    _check_victory(st, k)


@njit(cache=True)
def _hold_election(st, big, mt, k):
    gov = st[k, GOV_PARTY]
    u = _draw_uncertainty(st, big, mt, k)
    gov_seats = _projected(st, k, gov) + UNC_ELECTION[u]
    pm, ol = _seat_of(st, k, R_PM), _seat_of(st, k, R_OL)
    fp, fo = st[k, FAVOUR + pm], st[k, FAVOUR + ol]
    opposition_wins = not (gov_seats >= 330 or (gov_seats > 328 and fp > fo))
    if st[k, MINORITY_BY_CHALLENGE]:
        opposition_wins = False
    elif UNC_ROYAL[u] >= 0 and fp != fo:
        fav = pm if fp > fo else ol
        fav_seats = gov_seats if fav == pm else TOTAL_SEATS - gov_seats
        fav_is_gov = fav == pm
        if fav_is_gov == opposition_wins and fav_seats >= UNC_ROYAL[u] and st[k, LOST_CHALLENGE] != fav:
            st[k, P_D1] = gov_seats
            st[k, P_D2] = u
            st[k, P_D3] = 1 if fav == ol else 0
            _ask_yes_no(st, k, fav, Q_ROYAL)
            return
    _finish_election(st, k, gov_seats, opposition_wins)
