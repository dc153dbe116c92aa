"""Prime Minister's compiled kernels (numba): the transitions of the rules module (``rules.py`` and its parts) over
N games held in arrays (``batch.py`` owns the arrays and converts them to what the rules module's state holds).

Every function mirrors a method of ``PrimeMinisterState`` of the same name or purpose, step for step; the rules
module stays the reference. The setup draws from each game's own Mersenne Twister exactly as ``random.Random`` does
(the same shuffles in the same order: the Politicians' pool, then the Supporter, Event, Cross-Party, Liberal and
Conservative decks), and so do the reshuffles and the Uncertainty draws, so a game from a seed is the same game here
and in Python.

What is compiled: the standard game at 2, 3 and 4 players (no Scenario, no Question Time, the shipped components),
every round from the seeded setup to the end (victory at 100 VP or the ``max_rounds`` truncation): round setup,
Bill Selection, the Pact's questions, the action turns with every Politician, Career, Debate Card, Resignation and
Supporter action and the PM's permission, the Events, Bill Resolution, Challenges and Elections. A game that reaches
a step not compiled stops with ``COVERED`` = 0 (its mover -1): it is never played on wrongly.

The task queue is the rules module's (``tasks.py``) as a stack of fixed-width entries whose top is the queue's
front: a task code, its argument and, for a card effect (``eff``), its context (the actor, the multiplier, the
source, the party "own" stands for, and the sub-choices made so far, -1 while not made). The card effects of the
component data are compiled into tables: an effect is a row of ``EFF``; a list of effects (a mat action, a Career
action, a Supporter option, an Event option, a bill's effects, a Debate Card's reward) is a range of ``EFF_IDS``
given by ``LISTS``. A pending decision is its kind (``PHASES`` index + 1), its decider, its question (``QUESTIONS``
index + 1), a few numbers it carries and its sorted legal actions.

A game is one row of each of these arrays:

* ``st`` int32[N, WIDTH]: the table at the offsets below (per-seat fields hold ``MAX_SEATS`` entries); decks,
  discard piles and hands are lists in the rules module's order;
* ``big`` int64[N + 1, BIG]: the Mersenne Twister's index (the last row is a spare);
* ``mt`` uint32[N + 1, 624]: the Mersenne Twister's words.
"""
from __future__ import annotations

import numpy as np

from ...engine import rng
from ...engine.jit import njit
from ..components import (A_ACT, A_BILL, A_CAREER, A_DIR, A_DISCARD, A_DRAW, A_ELECTION, A_KEEP, A_OPTION, A_ORDER,
                          A_PARTY, A_PLAY, A_PLAYER, A_RESOLVE, A_SECTOR, A_SIGN, A_SLOT, ADJ_MAX, ADJ_MIN,
                          NUM_ACTIONS, SOURCE_KINDS, YES)
from .layout import (BHAND, BHAND_CAP, BHAND_N, BIG, BILL_ADJ, BILL_DECK_OF, BILL_ICON, BILL_VP, BILLS, CAREER,
                     COVERED, CTX, CUBES, D_CP, D_EV, D_SUP, DEB_SIDE, DEBATE_IDS, DECK_AT, DECK_N, DECK_SIZES, DENIED,
                     DEPUTY_PM, DISC_AT, DISC_N, DOUBLED, E_AMOUNT, E_OP, EFF, EFFECT_DICTS, EV_COST, EV_LIST,
                     EV_ORDER, EVENT, EVER_SPLIT, F_ACTOR, F_ARG, F_BILL, F_CODE, F_DIR, F_MULT, F_OPTION, F_OWN,
                     F_PARTY, F_PLAYER, F_SEC, F_SIGN, F_SRCA, F_SRCK, F_X1, F_X2, FAVOUR, GOV_PARTY, HAND, HAND_N,
                     K_DEBATE_TARGET, K_DISCARD, K_DRAW_BILL, K_EFF_BILL, K_EFF_DIR, K_EFF_OPTION, K_EFF_PARTY,
                     K_EFF_PLAYER, K_EFF_SECTOR, K_EFF_SIGN, K_ELECTION, K_EVENT, K_KEEP, K_MAIN, K_ORDER, K_PERMIT,
                     K_PROPOSE, K_RESOLVE, K_SELECT, K_YESNO, KEEP_C0, KEEP_C1, LAST_UNC, LEG_CAP, LEGAL, LEGN,
                     LOST_CHALLENGE, MARKER, MAX_ROUNDS, MINORITY_BY_CHALLENGE, MPS, MPS_PARTY, MTI, N, NBILL, NBILLS,
                     NCAR, NDECKS, NDENIED, NDOUBLED, NEV, NO_POSTPONE_AT, NPASSED, NPROPOSED, NREFUSED, NSUP,
                     OP_CHOICE, OP_DRAW, OP_INFLUENCE, OP_SECTOR, OVER, P_D1, P_D2, P_D3, P_D4, P_KIND, P_PLAYER,
                     P_Q, PACT, PARTY, PASSED, POL, POL_IDS, POL_NUMBER, PROP_CAP, PROPOSED, Q_ACCEPT_PACT,
                     Q_ACCEPT_REJOIN, Q_AGREEMENT, Q_CAP, Q_CHALLENGE, Q_DEPUTY, Q_END_PACT, Q_PROPOSE_PACT,
                     Q_REQUEST_REJOIN, Q_RESTART_PACT, Q_ROYAL, QN, QUEUE, QW, R_GBB, R_OBB, R_OL, R_PM, REFUSED,
                     REJOIN_PM, RESIGNED, REVEALED_OK, ROLE, ROUND, SCORE_VERSION, SECTORS, SELECTED_COUNT,
                     SELECTION_BONUS, SHOWN, SHOWN_N, SIDES, SLOT_W, SRC_EVENT, STANDING, STARTED, SUP_ORDER,
                     T_ASK_DEPUTY, T_ASK_END_PACT, T_ASK_ORDER, T_ASK_REJOIN, T_CHALLENGE_STEP, T_CHALLENGES,
                     T_DEBATE_CARDS, T_DRAW_BILL, T_DRAW_EVENT, T_EFF, T_ELECTION_PHASE, T_END_TURN, T_EVENT_DONE,
                     T_KEEP, T_MAIN, T_OPPOSITION_START, T_PM_TURN, T_PROPOSE, T_RESOLUTION, T_REVEAL, T_ROUND_END,
                     T_ROUND_START, T_SELECT, T_SELECTION, T_SELECTION_END, T_TURN, T_TURNS, T_WINDOW_PACT, TAGS,
                     TRUNCATED, TURN_ACTED, TURN_SEAT, UNC_CAP, UNC_STACK, UNC_VOTE, VP, WIDTH, WINNERS)
from .board import (_add_legal, _append, _ask, _ask_yes_no, _award_self, _career_active, _check_careers, _contains,
                    _deal_careers, _discard, _draw, _draw_uncertainty, _foth_holder, _new_entry, _points, _projection,
                    _push, _push_list, _remove, _seat_of, _set_standing, _setup)
from .phases import (_all_cross_party, _challenge, _choose_main_action, _debate_card_of, _draw_event, _end_pact,
                     _end_selection, _end_turn, _fail_bill, _finish_election, _hold_election, _main_options,
                     _offer_bill_draw, _offer_keep, _offer_proposal, _offer_resolution, _offer_selection,
                     _opposition_start, _pass_bill, _perform, _resolve_debate_cards, _round_end, _round_start,
                     _run_effect, _selection, _source_key, _start_turn, _turns)

#: the kernels' decorator: compiled once and cached
KERNEL = njit(cache=True)


# --- the loop ------------------------------------------------------------------------------------------------------
@njit(cache=True)
def _advance(st, big, mt, k):
    """Run tasks until one asks a decision, the game is over or it reaches a step not compiled."""
    while not st[k, OVER]:
        _check_careers(st, k)
        if st[k, P_KIND] != 0 or not st[k, COVERED]:
            return
        q = st[k, QN] - 1
        if q < 0:
            st[k, COVERED] = 0
            return
        at = QUEUE + q * QW
        code, arg = st[k, at + F_CODE], st[k, at + F_ARG]
        st[k, QN] = q
        if code == T_EFF:
            for f in range(QW):
                st[k, CTX + f] = st[k, at + f]
            _run_effect(st, big, mt, k)
        elif code == T_KEEP:
            for f in range(QW):
                st[k, CTX + f] = st[k, at + f]
            _offer_keep(st, k, CTX)
        elif code == T_DEBATE_CARDS:
            for f in range(QW):
                st[k, CTX + f] = st[k, at + f]
            _resolve_debate_cards(st, k, CTX)
        elif code == T_ROUND_START:
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
        elif code == T_TURNS:
            _turns(st, k)
        elif code == T_TURN:
            _start_turn(st, k, arg)
        elif code == T_ASK_REJOIN:
            if st[k, RESIGNED] and st[k, ROLE + arg] == R_GBB:
                _ask_yes_no(st, k, arg, Q_REQUEST_REJOIN)
        elif code == T_ASK_DEPUTY:
            if st[k, ROLE + arg] == R_GBB and _career_active(st, k, arg, DEPUTY_PM) and \
                    st[k, CUBES + _seat_of(st, k, R_PM)] > 0:
                _ask_yes_no(st, k, arg, Q_DEPUTY)
        elif code == T_MAIN:
            _main_options(st, k, arg)
            _ask(st, k, K_MAIN, arg, 0)
        elif code == T_END_TURN:
            _end_turn(st, k, arg)
        elif code == T_OPPOSITION_START:
            _opposition_start(st, k)
        elif code == T_ASK_ORDER:
            st[k, LEGAL] = A_ORDER
            st[k, LEGAL + 1] = A_ORDER + 1
            st[k, LEGN] = 2
            _ask(st, k, K_ORDER, _seat_of(st, k, R_OL), 0)
        elif code == T_PM_TURN:
            pm = _seat_of(st, k, R_PM)
            _push(st, k, T_TURN, pm)
            _push(st, k, T_WINDOW_PACT, pm)
            _push(st, k, T_DRAW_EVENT, 0)
        elif code == T_DRAW_EVENT:
            _draw_event(st, big, mt, k)
        elif code == T_EVENT_DONE:
            if st[k, EVENT] >= 0:
                _discard(st, k, D_EV, st[k, EVENT])
            st[k, EVENT] = -1
        elif code == T_ASK_END_PACT:
            if st[k, PACT]:
                _ask_yes_no(st, k, _seat_of(st, k, R_OL), Q_END_PACT)
        elif code == T_WINDOW_PACT:
            if not st[k, PACT] and arg >= 0 and _all_cross_party(st, k):  # PM-A17
                _ask_yes_no(st, k, arg, Q_PROPOSE_PACT)
        elif code == T_RESOLUTION:
            _offer_resolution(st, k)
        elif code == T_CHALLENGES:
            for ch_role, t_role in ((R_OL, R_PM), (R_OBB, R_OL), (R_GBB, R_PM)):
                at2 = _new_entry(st, k, T_CHALLENGE_STEP, ch_role)
                st[k, at2 + F_X1] = t_role
        elif code == T_CHALLENGE_STEP:
            ch, t = _seat_of(st, k, arg), _seat_of(st, k, st[k, at + F_X1])
            if ch >= 0 and t >= 0:
                cs, cf, ts, tf = st[k, STANDING + ch], st[k, FAVOUR + ch], st[k, STANDING + t], st[k, FAVOUR + t]
                if cs > ts or (cs == ts and cf >= tf):
                    st[k, P_D1] = t
                    _ask_yes_no(st, k, ch, Q_CHALLENGE)
        elif code == T_ELECTION_PHASE:
            if st[k, NBILLS] == 0:
                pm = _seat_of(st, k, R_PM)
                st[k, LEGAL] = A_ELECTION
                st[k, LEGN] = 1
                if st[k, MARKER] and st[k, VP + pm] < NO_POSTPONE_AT:
                    _add_legal(st, k, A_ELECTION + 1)
                _ask(st, k, K_ELECTION, pm, 0)
        elif code == T_ROUND_END:
            _round_end(st, k)
        else:
            st[k, QN] = q + 1
            st[k, COVERED] = 0
            return


# --- the decisions --------------------------------------------------------------------------------------------------
@njit(cache=True)
def _answer(st, big, mt, k, kind, s, q, a):
    yes = a == YES
    if kind == K_MAIN:
        _choose_main_action(st, k, s, a)
    elif kind == K_PERMIT:
        req, r = st[k, P_D1], st[k, P_D2]
        if yes:
            _perform(st, k, req, r)
        else:
            _append(st, k, DENIED, NDENIED, _source_key(r))
            card = (r - A_PLAY) // 2
            if A_PLAY <= r < A_DISCARD and not _contains(st, k, SHOWN + req * NSUP, st[k, SHOWN_N + req], card):
                _append(st, k, SHOWN + req * NSUP, SHOWN_N + req, card)
            _push(st, k, T_MAIN, req)
    elif kind == K_YESNO:
        if q == Q_RESTART_PACT or q == Q_ACCEPT_PACT:
            if yes:
                st[k, PACT] = 1
        elif q == Q_END_PACT:
            if yes:
                _end_pact(st, k)
        elif q == Q_PROPOSE_PACT:
            if yes:
                other = _seat_of(st, k, R_PM) if s == _seat_of(st, k, R_OL) else _seat_of(st, k, R_OL)
                _ask_yes_no(st, k, other, Q_ACCEPT_PACT)
        elif q == Q_REQUEST_REJOIN:
            if yes:
                _ask_yes_no(st, k, _seat_of(st, k, R_PM), Q_ACCEPT_REJOIN)
        elif q == Q_ACCEPT_REJOIN:
            if yes:
                st[k, RESIGNED] = 0
                pm = _seat_of(st, k, R_PM)
                _set_standing(st, k, pm, st[k, STANDING + pm] + REJOIN_PM)
                _deal_careers(st, k, _seat_of(st, k, R_GBB))
        elif q == Q_DEPUTY:
            if yes:
                pm, gbb = _seat_of(st, k, R_PM), _seat_of(st, k, R_GBB)
                if st[k, CUBES + pm] > 0:
                    st[k, CUBES + pm] -= 1
                    st[k, CUBES + gbb] += 1
        elif q == Q_AGREEMENT:
            slot = st[k, P_D1]
            if yes:
                _pass_bill(st, k, slot, True)
            else:
                _append(st, k, REFUSED, NREFUSED, st[k, BILLS + slot * SLOT_W])
                _push(st, k, T_RESOLUTION, 0)
        elif q == Q_CHALLENGE:
            if yes:
                _challenge(st, k, s, st[k, P_D1])
        elif q == Q_ROYAL:
            _finish_election(st, k, st[k, P_D1], yes == (st[k, P_D3] == 1))
    elif kind == K_EVENT:
        e = st[k, EVENT]
        o = a - A_OPTION
        st[k, CUBES + s] -= EV_COST[e, o]
        _push(st, k, T_EVENT_DONE, 0)
        _push_list(st, k, EV_LIST[e, o], s, 1, SRC_EVENT, e, -1)
    elif kind >= K_EFF_SECTOR and kind <= K_EFF_OPTION:
        at = QUEUE + (st[k, QN] - 1) * QW
        if kind == K_EFF_SECTOR:
            st[k, at + F_SEC] = a - A_SECTOR
        elif kind == K_EFF_PARTY:
            st[k, at + F_PARTY] = a - A_PARTY
        elif kind == K_EFF_PLAYER:
            st[k, at + F_PLAYER] = a - A_PLAYER
        elif kind == K_EFF_SIGN:
            st[k, at + F_SIGN] = a - A_SIGN
        elif kind == K_EFF_DIR:
            st[k, at + F_DIR] = a - A_DIR
        elif kind == K_EFF_BILL:
            st[k, at + F_BILL] = a - A_SLOT
        else:
            st[k, at + F_OPTION] = a - A_OPTION
    elif kind == K_KEEP:
        c = a - A_KEEP
        got, left, c0, c1 = st[k, P_D1], st[k, P_D2], st[k, P_D3], st[k, P_D4]
        _append(st, k, HAND + s * NSUP, HAND_N + s, c)
        at = _new_entry(st, k, T_KEEP, s)
        st[k, at + F_X1] = left - 1
        st[k, at + F_X2] = got - 1
        st[k, at + KEEP_C0] = c1 if c0 == c else c0
    elif kind == K_DISCARD:
        c = a - A_DISCARD
        _remove(st, k, HAND + s * NSUP, HAND_N + s, c)
        _remove(st, k, SHOWN + s * NSUP, SHOWN_N + s, c)
        _discard(st, k, D_SUP, c)
    elif kind == K_DRAW_BILL:
        d = D_CP if a == A_DRAW else D_CP + 1 + st[k, GOV_PARTY]
        b = _draw(st, big, mt, k, d)
        if s == _seat_of(st, k, R_PM):  # the PM's draws are revealed at once (5.1)
            m = st[k, NPROPOSED]
            st[k, PROPOSED + 2 * m] = b
            st[k, PROPOSED + 2 * m + 1] = s
            st[k, NPROPOSED] = m + 1
        else:
            _append(st, k, BHAND + s * BHAND_CAP, BHAND_N + s, b)
    elif kind == K_PROPOSE:
        b = a - A_BILL
        _remove(st, k, BHAND + s * BHAND_CAP, BHAND_N + s, b)
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
            _end_pact(st, k)
        slot = st[k, NBILLS]
        base = BILLS + slot * SLOT_W
        st[k, base] = b
        st[k, base + 1] = BILL_ADJ[b]
        st[k, base + 2] = 0
        st[k, NBILLS] = slot + 1
        st[k, SELECTED_COUNT] += 1
        if proposer != s:  # 5.2 selection bonus
            _award_self(st, k, proposer, SELECTION_BONUS)
    elif kind == K_RESOLVE:
        kk, slot = (a - A_RESOLVE) // 3, (a - A_RESOLVE) % 3
        if kk == 0:
            st[k, P_D1] = slot
            _ask_yes_no(st, k, _seat_of(st, k, R_OL), Q_AGREEMENT)
        elif kk == 1:
            p = _projection(st, k, slot)
            passed = True
            if p < 350:
                u = _draw_uncertainty(st, big, mt, k)
                passed = p + UNC_VOTE[u] >= 330
            if passed:
                _pass_bill(st, k, slot, False)
            else:
                _fail_bill(st, k, slot, False)
        else:
            _fail_bill(st, k, slot, True)
    elif kind == K_ORDER:
        ol, obb = _seat_of(st, k, R_OL), _seat_of(st, k, R_OBB)
        first, second = (ol, obb) if a == A_ORDER else (obb, ol)
        _push(st, k, T_TURN, second)
        _push(st, k, T_TURN, first)
    elif kind == K_ELECTION:
        if a == A_ELECTION + 1:
            st[k, MARKER] = 0
        else:
            _hold_election(st, big, mt, k)
    elif kind == K_DEBATE_TARGET:
        slot = a - A_SLOT
        cid = _debate_card_of(st, k, s)
        side = 0 if st[k, PACT] else 1
        base = BILLS + slot * SLOT_W
        m = st[k, base + 2]
        st[k, base + 3 + m] = cid * 8 + s * 2 + side
        st[k, base + 2] = m + 1
        st[k, base + 1] = max(ADJ_MIN, min(ADJ_MAX, st[k, base + 1] + DEB_SIDE[cid, side, 2]))
        _push(st, k, T_MAIN, s)
    else:
        st[k, COVERED] = 0


@njit(cache=True)
def _decide(st, big, mt, k, a):
    kind, s, q = st[k, P_KIND], st[k, P_PLAYER], st[k, P_Q]
    st[k, P_KIND] = 0
    st[k, P_PLAYER] = -1
    st[k, P_Q] = 0
    st[k, LEGN] = 0
    _answer(st, big, mt, k, kind, s, q, a)
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
        returns[k, s] = 0.0 if over == 0 or bits == 0 else (1.0 if won else -1.0)


# --- the kernels ----------------------------------------------------------------------------------------------------
@KERNEL
def reset_games(st, big, mt, player, term, trunc, scores, returns, winners, envs, seeds, n, max_rounds):
    """Start games ``envs[i]`` as ``game.new_initial_state(seed)`` (``seeds[i]`` = abs(the seed) < 2**63)."""
    for i in range(len(envs)):
        k = envs[i]
        rng.seed(mt, big, k, MTI, seeds[i])
        _setup(st, big, mt, k, n, max_rounds)
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
def refresh(st, player, term, trunc, scores, returns, winners, k):
    """The public arrays of game ``k`` from its row (after a load)."""
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


@KERNEL
def random_actions(mask, out):
    """``out[k]`` = a uniformly random action among ``mask[k]``'s (-1 where none), from numba's generator."""
    for k in range(mask.shape[0]):
        m = 0
        for a in range(mask.shape[1]):
            m += mask[k, a] != 0
        if m == 0:
            out[k] = -1
            continue
        r = np.random.randint(m)
        for a in range(mask.shape[1]):
            if mask[k, a] != 0:
                if r == 0:
                    out[k] = a
                    break
                r -= 1


@KERNEL
def seed_random(seed):
    """Seed numba's generator that :func:`random_actions` draws from."""
    np.random.seed(seed)


# --- the observation (observe.py) ----------------------------------------------------------------------------------
#: the observation's fields whose offsets ``observe`` reads (``off``, in this order)
OBS_FIELDS = ("to_move", "role", "party", "politician", "standing", "favour", "vp", "cubes", "hand_size", "careers",
              "sectors", "lead", "mps", "gov_party", "flags", "bills", "deck_sizes", "last_uncertainty", "revealed",
              "event", "phase", "question", "question_slot", "request", "own_supporters", "own_bills",
              "pending_effect", "pending_source", "scenario")
(O_TO_MOVE, O_ROLE, O_PARTY, O_POLITICIAN, O_STANDING, O_FAVOUR, O_VP, O_CUBES, O_HAND_SIZE, O_CAREERS, O_SECTORS,
 O_LEAD, O_MPS, O_GOV_PARTY, O_FLAGS, O_BILLS, O_DECK_SIZES, O_LAST_UNC, O_REVEALED, O_EVENT, O_PHASE, O_QUESTION,
 O_QUESTION_SLOT, O_REQUEST, O_OWN_SUPPORTERS, O_OWN_BILLS, O_PENDING_EFFECT, O_PENDING_SOURCE,
 O_SCENARIO) = range(len(OBS_FIELDS))
NOPS = 8  # EFFECT_OPS, in the order of ``layout._OPS``
SRC_SUB = np.array([8, 123, 13, -1, 47, -1, -1, -1], dtype=np.int64)  # SOURCE_SUB by SOURCE_KINDS index


@njit(cache=True)
def _observe_one(st, k, p, out, i, off):
    """Row ``i`` of ``out`` = ``state.observation(p)`` of game ``k`` (``_obs_slow``'s entries)."""
    for j in range(out.shape[1]):
        out[i, j] = 0.0
    n = st[k, N]
    if not st[k, OVER]:
        out[i, off[O_TO_MOVE] + (st[k, P_PLAYER] - p + n) % n] = 1.0
    resigned = st[k, RESIGNED]
    for j in range(n):
        s = p + j
        if s >= n:
            s -= n
        r = st[k, ROLE + s]
        out[i, off[O_ROLE] + 4 * j + r] = 1.0
        out[i, off[O_PARTY] + j] = st[k, PARTY + s]
        out[i, off[O_POLITICIAN] + 10 * j + POL_NUMBER[st[k, POL + s]] - 1] = 1.0
        out[i, off[O_STANDING] + j] = st[k, STANDING + s] / 14
        out[i, off[O_FAVOUR] + j] = st[k, FAVOUR + s] / 8
        out[i, off[O_VP] + j] = st[k, VP + s] / 100
        out[i, off[O_CUBES] + j] = st[k, CUBES + s] / 5
        out[i, off[O_HAND_SIZE] + j] = st[k, HAND_N + s] / 8
        if r == R_OBB or (r == R_GBB and not resigned):
            for c in range(NCAR):
                if st[k, CAREER + s * NCAR + c] == 1:
                    out[i, off[O_CAREERS] + NCAR * j + c] = 1.0
    for j in range(16):
        out[i, off[O_SECTORS] + j] = st[k, SECTORS + j] / 8
    lead = _points(st, k, 1) - _points(st, k, 0)
    out[i, off[O_LEAD]] = max(0, -lead) / 50
    out[i, off[O_LEAD] + 1] = max(0, lead) / 50
    for j in range(3):
        out[i, off[O_MPS] + j] = st[k, MPS + j] / 660
    out[i, off[O_GOV_PARTY]] = st[k, GOV_PARTY]
    q = off[O_FLAGS]
    out[i, q] = st[k, PACT]
    out[i, q + 1] = resigned
    out[i, q + 2] = st[k, MARKER]
    out[i, q + 3] = st[k, MINORITY_BY_CHALLENGE]
    out[i, q + 4] = 1.0 if _foth_holder(st, k) >= 0 else 0.0
    out[i, q + 5] = st[k, ROUND] / 50
    for j in range(st[k, NBILLS]):
        base = BILLS + j * SLOT_W
        b = st[k, base]
        q = off[O_BILLS] + 13 * j
        out[i, q] = 1.0
        out[i, q + 1 + BILL_ICON[b]] = 1.0
        out[i, q + 4] = st[k, base + 1] / 100
        out[i, q + 5] = _projection(st, k, j) / 400
        out[i, q + 6] = BILL_VP[b] / 7
        out[i, q + 7 + BILL_DECK_OF[b]] = 1.0
        for c in range(st[k, base + 2]):
            out[i, q + 10 + st[k, base + 3 + c] // 8] = 1.0
    for d in range(NDECKS):
        out[i, off[O_DECK_SIZES] + d] = st[k, DECK_N + d] / 40
        out[i, off[O_DECK_SIZES] + 5 + d] = st[k, DISC_N + d] / 40
    if st[k, LAST_UNC] >= 0:
        out[i, off[O_LAST_UNC] + st[k, LAST_UNC]] = 1.0
    pm = _seat_of(st, k, R_PM)
    revealed = st[k, REVEALED_OK]
    for j in range(st[k, NPROPOSED]):
        b, s = st[k, PROPOSED + 2 * j], st[k, PROPOSED + 2 * j + 1]
        if s == pm or revealed:
            out[i, off[O_REVEALED] + b] = 1.0
        if s == p and not revealed:
            out[i, off[O_OWN_BILLS] + b] = 1.0
    if st[k, EVENT] >= 0:
        out[i, off[O_EVENT] + st[k, EVENT]] = 1.0
    kind = st[k, P_KIND]
    if kind:
        out[i, off[O_PHASE] + kind - 1] = 1.0
        if kind == K_YESNO:
            out[i, off[O_QUESTION] + st[k, P_Q] - 1] = 1.0
            if st[k, P_Q] == Q_AGREEMENT:
                out[i, off[O_QUESTION_SLOT] + st[k, P_D1]] = 1.0
        elif kind == K_PERMIT:
            a = st[k, P_D2]
            if A_PLAY <= a < A_DISCARD:
                out[i, off[O_REQUEST] + (a - A_PLAY) // 2] = 1.0
            elif A_ACT <= a < A_CAREER:
                out[i, off[O_REQUEST] + NSUP] = 1.0
            else:
                out[i, off[O_REQUEST] + NSUP + 1] = 1.0
        elif K_EFF_SECTOR <= kind <= K_EFF_OPTION and st[k, QN] > 0 and \
                st[k, QUEUE + (st[k, QN] - 1) * QW + F_CODE] == T_EFF:
            at = QUEUE + (st[k, QN] - 1) * QW
            e = st[k, at + F_ARG]
            op = EFF[e, E_OP]
            q = off[O_PENDING_EFFECT]
            out[i, q + op] = 1.0
            if op == OP_SECTOR:
                out[i, q + NOPS] = EFF[e, E_AMOUNT] / 3
            elif op == OP_INFLUENCE:
                out[i, q + NOPS + 2] = EFF[e, E_AMOUNT] / 10
            elif op != OP_DRAW and op != OP_CHOICE:
                out[i, q + NOPS + 1] = EFF[e, E_AMOUNT] / 10
            out[i, q + NOPS + 3] = st[k, at + F_MULT] / 2
            srck = st[k, at + F_SRCK]
            if srck > 0:
                q = off[O_PENDING_SOURCE]
                out[i, q + srck - 1] = 1.0
                if SRC_SUB[srck - 1] >= 0:
                    out[i, q + SRC_SUB[srck - 1] + st[k, at + F_SRCA]] = 1.0
    q = off[O_OWN_SUPPORTERS]
    for j in range(st[k, HAND_N + p]):
        out[i, q + st[k, HAND + p * NSUP + j]] += 1.0
    if kind == K_KEEP and st[k, P_PLAYER] == p:
        out[i, q + st[k, P_D3]] += 1.0
        if st[k, P_D1] > 1:
            out[i, q + st[k, P_D4]] += 1.0
    for j in range(st[k, BHAND_N + p]):
        out[i, off[O_OWN_BILLS] + st[k, BHAND + p * BHAND_CAP + j]] = 1.0
    out[i, off[O_SCENARIO]] = 1.0  # the standard game: Scenario 0, VP tracked
    out[i, off[O_SCENARIO] + 8] = 1.0


@KERNEL
def observe(st, seats, out, off):
    """``out[k]`` = game k's ``state.observation(seats[k])`` (zeros where ``seats[k] < 0``)."""
    for k in range(st.shape[0]):
        if seats[k] < 0:
            for j in range(out.shape[1]):
                out[k, j] = 0.0
        else:
            _observe_one(st, k, seats[k], out, k, off)


@KERNEL
def global_observation(st, out, off, size):
    """``out[k]`` = game k's ``state.global_observation()``: every seat's observation in seat order."""
    tmp = np.empty((1, size), dtype=np.float32)
    for k in range(st.shape[0]):
        for s in range(st[k, N]):
            _observe_one(st, k, s, tmp, 0, off)
            for j in range(size):
                out[k, s * size + j] = tmp[0, j]
