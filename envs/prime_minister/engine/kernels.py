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
from ..components import (A_ACT, A_BILL, A_CAREER, A_DEBATE_CARD, A_DIR, A_DISCARD, A_DRAW,
                                                A_ELECTION, A_KEEP, A_OPTION, A_ORDER, A_PARTY, A_PLAY, A_PLAYER,
                                                A_RESIGN, A_RESOLVE, A_SECTOR, A_SIGN, A_SLOT, ABILITIES, ADJ_MAX,
                                                ADJ_MIN, BILL_DECK, BILL_LIST, BOARD, CAREER_ACTIONS, CAREER_ORDER,
                                                CAREERS, DEBATE, END_TURN, EVENT_LIST, FAVOUR_MAX, FAVOUR_MIN,
                                                HOLD_LIMIT, LIB, MATS, NO, NUM_ACTIONS, PHASES, POLITICIANS, PROJ_ROWS,
                                                QUESTIONS, SECTOR_INDEX, SECTOR_LIST, SOURCE_KINDS, SUPPORTER_LIST,
                                                TOTAL_SEATS, UNC_LIST, VP_MAX, YES)

KERNEL = njit(cache=True)
MAX_SEATS = 4
NSUP, NEV, NBILL = len(SUPPORTER_LIST), len(EVENT_LIST), len(BILL_LIST)
NCAR = len(CAREER_ORDER)
NUNC = len(UNC_LIST)

# --- the component tables, as arrays the kernels compile in ---------------------------------------------------------
POL_IDS = sorted(p for p in POLITICIANS if "number" in POLITICIANS[p])  # the numbered Politicians, by id
NPOL = len(POL_IDS)
POL_NUMBER = np.array([POLITICIANS[p]["number"] for p in POL_IDS], dtype=np.int64)
POL_PARTY = np.array([0 if POLITICIANS[p]["party"] == "liberal" else 1 for p in POL_IDS], dtype=np.int64)
POL_REMOVED = np.array([[n in POLITICIANS[p]["removed_in_player_counts"] for n in range(5)] for p in POL_IDS],
                       dtype=np.int64)
POL_ABILITY = np.array([[POLITICIANS[p]["abilities"].get(a, 0) for a in ABILITIES] for p in POL_IDS],
                       dtype=np.int64)
POL_CAMPAIGN = np.array([[SECTOR_INDEX[x] in [SECTOR_INDEX[y] for y in POLITICIANS[p]["campaign_sectors"]]
                          for x in SECTOR_INDEX] for p in POL_IDS], dtype=np.int64)
PARTY_MIX = np.array([[0, 0], [0, 0]] + [[BOARD["setup"]["politicians_by_player_count"][str(n)][party]
                                          for party in ("liberal", "conservative")] for n in (2, 3, 4)],
                     dtype=np.int64)

# --- effects: rows of EFF, lists of them as ranges of EFF_IDS (LISTS), a choice's options in OPTS ------------------
(E_OP, E_SECTOR, E_PARTY, E_AMOUNT, E_SIGN, E_WHO, E_TARGET, E_DIR, E_DRAW, E_KEEP, E_OPTS, E_NOPTS) = range(12)
OP_SECTOR, OP_STANDING, OP_FAVOUR, OP_VP, OP_VOTES, OP_INFLUENCE, OP_DRAW, OP_CHOICE = range(8)
_OPS = ("sector", "standing", "favour", "vp", "votes", "influence", "draw_supporters", "choice")
SEC_POLITICIAN, SEC_ANY = -1, -2
_PARTIES = ("own", "opponent", "liberal", "conservative", "any")
PARTY_OWN, PARTY_OPPONENT, PARTY_LIBERAL, PARTY_CONSERVATIVE, PARTY_ANY = range(5)
_WHO = ("self", "pm", "opposition_leader", "any", "government", "opposition")
WHO_SELF, WHO_PM, WHO_OL, WHO_ANY, WHO_GOV, WHO_OPP = range(6)
_DIRS = ("either", "to_moderate", "to_partisan")
_effects: list = []
_eff_ids: list = []
_lists: list = []
_opts: list = []


def _add_effect(e: dict) -> int:
    row = [0] * 12
    row[E_OP] = _OPS.index(e["op"])
    if e["op"] == "sector":
        row[E_SECTOR] = {"politician": SEC_POLITICIAN, "any": SEC_ANY}.get(e["sector"], -3)
        if row[E_SECTOR] == -3:
            row[E_SECTOR] = SECTOR_INDEX[e["sector"]]
        row[E_PARTY] = _PARTIES.index(e["party"])
        row[E_AMOUNT] = e["steps"]
    elif e["op"] == "influence":
        row[E_AMOUNT] = e["mps"]
        row[E_DIR] = _DIRS.index(e.get("direction", "either"))
    elif e["op"] == "draw_supporters":
        row[E_DRAW], row[E_KEEP] = e["draw"], e["keep"]
    elif e["op"] == "choice":
        options = [_add_list(o) for o in e["options"]]
        row[E_OPTS], row[E_NOPTS] = len(_opts), len(options)
        _opts.extend(options)
    else:
        row[E_AMOUNT] = e["amount"]
        row[E_WHO] = _WHO.index(e["who"]) if "who" in e else 0
        row[E_TARGET] = 1 if e.get("target") == "all_bills" else 0
    row[E_SIGN] = 1 if e.get("choose_sign") else 0
    _effects.append(row)
    return len(_effects) - 1


def _add_list(effects) -> int:
    ids = [_add_effect(e) for e in effects or []]
    _lists.append((len(_eff_ids), len(ids)))
    _eff_ids.extend(ids)
    return len(_lists) - 1


# mats: 0 pm_front, 1 ol_front, 2 pm_reverse, 3 ol_reverse, 4 backbencher_government, 5 backbencher_opposition
MAT_KEYS = ("pm_front", "ol_front", "pm_reverse", "ol_reverse", "backbencher_government", "backbencher_opposition")
MAT_STANDING = np.array([[MATS[m]["standing_start"], MATS[m]["standing_min"], MATS[m]["standing_max"]]
                         for m in MAT_KEYS], dtype=np.int64)
MAX_EXTRA = max(len(MATS[m]["cube_income"]["extra_if_standing_above"]) for m in MAT_KEYS)
MAT_CUBES = np.array([[MATS[m]["cube_income"]["base"]]
                      + (MATS[m]["cube_income"]["extra_if_standing_above"] + [1 << 40] * MAX_EXTRA)[:MAX_EXTRA]
                      for m in MAT_KEYS], dtype=np.int64)
MAT_END_STANDING = np.array([sum(e["amount"] for e in MATS[m].get("end_of_turn", []) if e["op"] == "standing")
                             for m in MAT_KEYS], dtype=np.int64)
REPLACEMENT_VP = MATS["pm_front"]["replacement_bonus_vp"]
# the round-start bonuses: per mat up to two (least Standing, effect list); the Deputy Party Leader's
_rs = [[(e["condition"].get("standing_at_least", 0), _add_list(e["effects"])) for e in MATS[m].get("round_start", [])]
       for m in MAT_KEYS]
MAX_RS = max(1, max(len(x) for x in _rs))
MAT_RS = np.array([[list(x[i]) if i < len(x) else [1 << 40, -1] for i in range(MAX_RS)] for x in _rs],
                  dtype=np.int64)
DPL = CAREER_ORDER.index("deputy_party_leader")
DEPUTY_PM = CAREER_ORDER.index("deputy_pm")
_dpl = [(e["condition"].get("standing_at_least", 0), _add_list(e["effects"]))
        for e in CAREERS["deputy_party_leader"]["effects"]]
DPL_RS = np.array(_dpl, dtype=np.int64).reshape(len(_dpl), 2)
# every mat action's effects, per mat, ability and level (-1: none), as _choose_main_action reads them
MAT_ACTION = np.full((len(MAT_KEYS), 10), -1, dtype=np.int64)
for _m, _mk in enumerate(MAT_KEYS):
    for _ai, _ab in enumerate(ABILITIES):
        for _level in (1, 2):
            _effs = (MATS[_mk]["actions"].get(_ab) or {}).get(str(_level))
            if _effs is not None:
                MAT_ACTION[_m, _ai * 2 + _level - 1] = _add_list(_effs)
# whether a mat action is on a Politician's menu (_mat_menu): he has the ability at that level (Campaign: and
# Campaign Sectors)
MENU = np.zeros((len(MAT_KEYS), NPOL, 10), dtype=np.int64)
for _m, _mk in enumerate(MAT_KEYS):
    for _p, _pid in enumerate(POL_IDS):
        _pol = POLITICIANS[_pid]
        for _ai, _ab in enumerate(ABILITIES):
            _lv = _pol["abilities"].get(_ab, 0)
            _acts = MATS[_mk]["actions"].get(_ab)
            if _lv < 1 or not _acts or (_ab == "campaign" and not _pol["campaign_sectors"]):
                continue
            for _level in (1, 2):
                if _lv < _level:
                    break
                if _acts.get(str(_level)) is not None:
                    MENU[_m, _p, _ai * 2 + _level - 1] = 1

CAREER_SIDE = np.array([0 if CAREERS[c]["side"] == "government" else 1 for c in CAREER_ORDER], dtype=np.int64)
CAREER_ABILITY = np.array([-1 if CAREERS[c]["requirements"]["ability"] is None
                           else ABILITIES.index(CAREERS[c]["requirements"]["ability"]) for c in CAREER_ORDER],
                          dtype=np.int64)
CAREER_REQ = np.array([[CAREERS[c]["requirements"]["standing_min"], CAREERS[c]["requirements"]["favour_min"]]
                       for c in CAREER_ORDER], dtype=np.int64)
NCA = len(CAREER_ACTIONS)
CA_CARD = np.array([CAREER_ORDER.index(cid) for cid, _ in CAREER_ACTIONS], dtype=np.int64)
CA_COST = np.array([CAREERS[cid]["effects"][i]["cost"] for cid, i in CAREER_ACTIONS], dtype=np.int64)
CA_LIST = np.array([_add_list(CAREERS[cid]["effects"][i]["effects"]) for cid, i in CAREER_ACTIONS], dtype=np.int64)

SUP_LIST = np.array([[_add_list(o["effects"]) for o in s["options"]] for s in SUPPORTER_LIST], dtype=np.int64)
NSOPT = SUP_LIST.shape[1]
MAX_EOPT = max(len(e.get("options", [])) for e in EVENT_LIST)
EV_BYE = np.array([e["kind"] == "by_election" for e in EVENT_LIST], dtype=np.int64)
EV_NOPT = np.array([len(e.get("options", [])) for e in EVENT_LIST], dtype=np.int64)
EV_COST = np.array([[o["cost"] for o in e.get("options", [])] + [0] * (MAX_EOPT - len(e.get("options", [])))
                    for e in EVENT_LIST], dtype=np.int64)
EV_LIST = np.array([[_add_list(o["effects"]) for o in e.get("options", [])]
                    + [-1] * (MAX_EOPT - len(e.get("options", []))) for e in EVENT_LIST], dtype=np.int64)
EV_LOSS = np.array([_add_list(e.get("on_loss", [])) for e in EVENT_LIST], dtype=np.int64)
BILL_EFF = np.array([_add_list(b["effects"]) for b in BILL_LIST], dtype=np.int64)
BILL_PERSONAL = np.array([_add_list(b["personal"]) for b in BILL_LIST], dtype=np.int64)
BILL_VP = np.array([b["vp"] for b in BILL_LIST], dtype=np.int64)
BILL_ICON = np.array(["AMP".index(b["icon"]) for b in BILL_LIST], dtype=np.int64)
BILL_DECK_OF = np.array(BILL_DECK, dtype=np.int64)  # 0 Cross-Party, 1 Liberal, 2 Conservative
BILL_ADJ = np.array([b["adjustment"] for b in BILL_LIST], dtype=np.int64)
# Debate Cards: 0 Government Backbencher's, 1 Opposition Backbencher's, 2 the OL's; sides 0 pact, 1 no_pact
DEBATE_IDS = ("debate_gov_backbencher", "debate_opp_backbencher", "debate_opposition_leader")
SIDES = ("pact", "no_pact")
DEB_COST = np.array([[DEBATE[c]["cost"]["cubes_if_standing_at_most"], DEBATE[c]["cost"]["cubes_low"],
                      DEBATE[c]["cost"]["cubes_high"]] for c in DEBATE_IDS], dtype=np.int64)
# per card and side: up (1) / down (0), the bound, the votes, rewarded on pass (1), reward list, penalty list
DEB_SIDE = np.array([[[1 if DEBATE[c]["sides"][sd]["direction"] == "up" else 0,
                       DEBATE[c]["sides"][sd].get("target_max", DEBATE[c]["sides"][sd].get("target_min", 0)),
                       DEBATE[c]["sides"][sd]["votes"], 1 if DEBATE[c]["sides"][sd]["reward_on"] == "pass" else 0,
                       _add_list(DEBATE[c]["sides"][sd]["reward"]), _add_list(DEBATE[c]["sides"][sd]["penalty"])]
                      for sd in SIDES] for c in DEBATE_IDS], dtype=np.int64)

EFF = np.array(_effects, dtype=np.int64).reshape(len(_effects), 12)
EFF_IDS = np.array(_eff_ids, dtype=np.int64)
LISTS = np.array(_lists, dtype=np.int64).reshape(len(_lists), 2)
OPTS = np.array(_opts + [0], dtype=np.int64)

SECTOR_START = np.array([[SECTOR_LIST[i]["positions"].index(SECTOR_LIST[i]["start"][party]) for i in range(8)]
                         for party in ("liberal", "conservative")], dtype=np.int64)
MAX_POS = max(len(s["positions"]) for s in SECTOR_LIST)
SECTOR_TOP = np.array([len(s["positions"]) - 1 for s in SECTOR_LIST], dtype=np.int64)
SECTOR_POINTS = np.array([s["positions"] + [0] * (MAX_POS - len(s["positions"])) for s in SECTOR_LIST],
                         dtype=np.int64)
SECTOR_PARTISAN = np.array([[s["partisan"][party] + [0] * (MAX_POS - len(s["positions"])) for s in SECTOR_LIST]
                            for party in ("liberal", "conservative")], dtype=np.int64)
LEADER_SEATS = np.array([r["leader_seats"] for r in PROJ_ROWS], dtype=np.int64)
UNC_VOTE = np.array([u["vote"] for u in UNC_LIST], dtype=np.int64)
UNC_ELECTION = np.array([u["election"] for u in UNC_LIST], dtype=np.int64)
UNC_ROYAL = np.array([-1 if u["royal_interference"] is None else u["royal_interference"] for u in UNC_LIST],
                     dtype=np.int64)
MPS_START = np.array([BOARD["government_mp_tracker"]["start"][x] for x in "AMP"], dtype=np.int64)
FAVOUR_START = BOARD["favour_tracker"]["start"]
FREE_SUPPORTERS_3P = BOARD["setup"]["three_player_liberal_adjustments"]["free_supporters_at_setup"]
_BD = BOARD["setup"]["bill_draws"]
PROPOSER_DRAWS, PROPOSER_PROPOSES = _BD["proposer_draws"], _BD["proposer_proposes"]
LONE_DRAWS, LONE_PROPOSES = _BD["lone_opposition_leader_draws"], _BD["lone_opposition_leader_proposes"]
PM_DRAWS_ALONE, PM_DRAWS, SELECTED = _BD["pm_draws_without_backbencher"], _BD["revealed_total"] - 3, _BD["selected"]
_SCORE = BOARD["score_track"]
WIN_AT, NO_POSTPONE_AT, FOTH_AT = _SCORE["win_at"], _SCORE["no_postpone_at"], _SCORE["father_of_the_house_at"]
_BR = BOARD["bill_resolution"]
SELECTION_BONUS, AGREEMENT_VP = _BR["selection_bonus_vp"], _BR["agreement_opposition_vp"]
FAIL_PM, FAIL_OL, FAIL_VP = _BR["fail_pm_standing"], _BR["fail_ol_standing"], _BR["fail_opposition_vp"]
WD_PM, WD_OL, WD_VP = _BR["withdraw_pm_standing"], _BR["withdraw_ol_standing"], _BR["withdraw_opposition_vp"]
VOTE_AT = BOARD["bill_slots"]["vote_allowed_at"]
_RR = BOARD["resignation_rules"]
RESIGN_PM, REJOIN_PM, RESIGN_MAX_VP = _RR["pm_standing"], _RR["rejoin_pm_standing"], _RR["max_vp_to_resign"]
_RV = BOARD["round_setup_vp"]
RV_PACT, RV_GOV, RV_OPP = _RV["pact"], _RV["government"], _RV["opposition"]

# decks: 0 supporters, 1 events, 2 cross_party, 3 liberal, 4 conservative (the rules' dict order: their shuffles')
DECK_SIZES = (NSUP, NEV) + tuple(sum(1 for d in BILL_DECK if d == x) for x in range(3))
NDECKS = 5
D_SUP, D_EV, D_CP = 0, 1, 2

# --- st's columns -------------------------------------------------------------------------------------------------
(N, ROUND, GOV_PARTY, PACT, EVER_SPLIT, RESIGNED, MARKER, OVER, TRUNCATED, COVERED, WINNERS, SCORE_VERSION,
 REVEALED_OK, SELECTED_COUNT, MPS_PARTY, P_KIND, P_PLAYER, P_Q, LEGN, QN, NPROPOSED, NBILLS, STARTED,
 MINORITY_BY_CHALLENGE, LOST_CHALLENGE, MAX_ROUNDS, EVENT, LAST_UNC, TURN_SEAT, TURN_ACTED, NDOUBLED, NDENIED,
 NREFUSED, NPASSED, P_D1, P_D2, P_D3, P_D4, P_D5) = range(39)
POL = 40  # [seat]: index into POL_IDS
PARTY = POL + MAX_SEATS  # [seat]
ROLE = PARTY + MAX_SEATS  # [seat]: 0 pm, 1 ol, 2 gbb, 3 obb (ROLES)
STANDING = ROLE + MAX_SEATS
FAVOUR = STANDING + MAX_SEATS
VP = FAVOUR + MAX_SEATS
CUBES = VP + MAX_SEATS
HAND_N = CUBES + MAX_SEATS  # [seat]
BHAND_N = HAND_N + MAX_SEATS  # [seat]
SHOWN_N = BHAND_N + MAX_SEATS  # [seat]
MPS = SHOWN_N + MAX_SEATS  # [A, M, P]
SECTORS = MPS + 4  # [party * 8 + sector]
CAREER = SECTORS + 16  # [seat * NCAR + card]: -1 not held, 0 face down, 1 face up
HAND = CAREER + MAX_SEATS * NCAR  # [seat * NSUP + i]: Supporters in hand order
SHOWN = HAND + MAX_SEATS * NSUP  # [seat * NSUP + i]: Supporters known to be in the hand (sample.py)
BHAND_CAP = 4
BHAND = SHOWN + MAX_SEATS * NSUP  # [seat * BHAND_CAP + i]: bills drawn in Bill Selection
PROP_CAP = 8
PROPOSED = BHAND + MAX_SEATS * BHAND_CAP  # [i * 2 + (0 bill, 1 seat)]
SLOT_W = 6  # bill, adjustment, Debate Cards under it, then each card as card * 8 + owner * 2 + side
BILLS = PROPOSED + 2 * PROP_CAP  # [slot * SLOT_W + field]
DOUBLED = BILLS + 3 * SLOT_W  # [i]: the turn's Supporters doubled by the Father of the House
DENIED = DOUBLED + NSUP  # [i]: the turn's refused permission sources
REFUSED = DENIED + 16  # [i]: bills the OL refused to agree this phase
PASSED = REFUSED + 4  # [i]: the bills passed, in order
LEG_CAP = 128
LEGAL = PASSED + NBILL  # [i]: the pending decision's legal actions, sorted
QW = 16  # a queue entry's width
Q_CAP = 64
QUEUE = LEGAL + LEG_CAP  # [i * QW + field]: the task queue, its front last
DECK_N = QUEUE + QW * Q_CAP  # [deck]
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

# a queue entry's fields: the task and its argument (a seat, an effect), then an effect's context
(F_CODE, F_ARG, F_ACTOR, F_MULT, F_SRCK, F_SRCA, F_OWN, F_SEC, F_PARTY, F_SIGN, F_PLAYER, F_BILL, F_DIR, F_OPTION,
 F_X1, F_X2) = range(QW)

# big's columns
MTI = 0
BIG = 1

# task codes (the rules' task names)
(T_ROUND_START, T_SELECTION, T_DRAW_BILL, T_PROPOSE, T_REVEAL, T_SELECT, T_SELECTION_END, T_TURNS, T_EFF, T_KEEP,
 T_TURN, T_ASK_REJOIN, T_ASK_DEPUTY, T_MAIN, T_END_TURN, T_OPPOSITION_START, T_ASK_ORDER, T_PM_TURN, T_DRAW_EVENT,
 T_EVENT_DONE, T_ASK_END_PACT, T_WINDOW_PACT, T_RESOLUTION, T_DEBATE_CARDS, T_CHALLENGES, T_CHALLENGE_STEP,
 T_ELECTION_PHASE, T_ROUND_END) = range(1, 29)
# pending decision kinds (PHASES index + 1) and questions (QUESTIONS index + 1)
(K_MAIN, K_PERMIT, K_YESNO, K_EVENT, K_EFF_SECTOR, K_EFF_PARTY, K_EFF_PLAYER, K_EFF_SIGN, K_EFF_DIR, K_EFF_BILL,
 K_EFF_OPTION, K_KEEP, K_DISCARD, K_DRAW_BILL, K_PROPOSE, K_SELECT, K_RESOLVE, K_ORDER, K_ELECTION,
 K_DEBATE_TARGET) = (PHASES.index(k) + 1 for k in ("main", "permit", "yesno", "event", "eff_sector", "eff_party",
                                                     "eff_player", "eff_sign", "eff_dir", "eff_bill", "eff_option",
                                                     "keep", "discard", "draw_bill", "propose", "select", "resolve",
                                                     "order", "election", "debate_target"))
(Q_END_PACT, Q_RESTART_PACT, Q_PROPOSE_PACT, Q_ACCEPT_PACT, Q_AGREEMENT, Q_REQUEST_REJOIN, Q_ACCEPT_REJOIN,
 Q_DEPUTY, Q_CHALLENGE, Q_ROYAL) = (QUESTIONS.index(q) + 1 for q in (
     "end_pact", "restart_pact", "propose_pact", "accept_pact", "agreement", "request_rejoin", "accept_rejoin",
     "deputy", "challenge", "royal"))
SRC_ACTION, SRC_CAREER, SRC_SUPPORTER, SRC_EVENT, SRC_BILL, SRC_DEBATE, SRC_ROUND_START = (
    SOURCE_KINDS.index(k) + 1 for k in ("action", "career", "supporter", "event", "bill", "debate_card",
                                        "round_start"))
R_PM, R_OL, R_GBB, R_OBB = 0, 1, 2, 3
CTX = WIDTH  # scratch: the context of the effect being run (a queue entry)
WIDTH = -(-(CTX + QW) // 16) * 16
KEEP_C0, KEEP_C1 = F_SEC, F_PARTY  # a keep task's drawn cards (F_X2 of them; F_X1 still to keep)
assert all(EFF[LISTS[OPTS[i], 0] + j, E_OP] != OP_CHOICE for i in range(len(_opts)) for j in range(LISTS[OPTS[i], 1]))
assert max(EFF[:, E_DRAW]) <= 2 and NSOPT == 2


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
    u = rng.below(mt, big, k, MTI, NUNC)
    st[k, LAST_UNC] = u
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
                u = rng.below(mt, big, k, MTI, NUNC)
                st[k, LAST_UNC] = u
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
NOPS = 8  # EFFECT_OPS: sector, standing, favour, vp, votes, influence, draw_supporters, choice (_OPS's order)
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
