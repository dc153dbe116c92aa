"""Prime Minister (``prime_minister.txt``): the rules engine. Plain Python; readings of unclear text in ``RULES.md``.

The state is a *task queue* plus at most one *pending decision*. Every phase of Parliamentary Order, every effect
of a card and every negotiated step ("by agreement", "with the PM's permission", "may decline") is a task; a task
that needs a choice sets ``pending`` (the deciding seat and the legal action ids) and waits for that seat's
action. Everything in the state is plain JSON data, so ``to_json`` / ``state_from_json`` continue identically.

Seats are ``0..n-1``; parties ``0`` = Liberal, ``1`` = Conservative; roles ``pm``, ``ol``, ``gbb`` (Government
Backbencher), ``obb`` (Opposition Backbencher). The flat action table is documented in ``RULES.md`` and in
:data:`ACTION_BLOCKS`.
"""
from __future__ import annotations

import copy

import numpy as np

from ..core.rules import (DealError, Game, IllegalActionError, Option, State, StateFormatError,
                          illegal_action_message, new_rng, rng_from_json, rng_to_json)
from ..core.world import field_table
from . import data_loader as dl

# --- component data -------------------------------------------------------------------------------------------
DOCS = dl.data()
POLITICIANS = dl.by_id("politicians", DOCS)
MATS = dl.by_id("mats", DOCS)
BOARD = dl.by_id("board", DOCS)
SECTOR_LIST = [e for e in DOCS["sectors"]["entries"]]
SECTORS = [e["name"] for e in SECTOR_LIST]
SECTOR_INDEX = {s: i for i, s in enumerate(SECTORS)}
BILL_LIST = DOCS["bills"]["entries"]
BILL_IDS = [b["id"] for b in BILL_LIST]
BILL_INDEX = {b: i for i, b in enumerate(BILL_IDS)}
SUPPORTER_LIST = DOCS["supporters"]["entries"]
SUP_IDS = [s["id"] for s in SUPPORTER_LIST]
SUP_INDEX = {s: i for i, s in enumerate(SUP_IDS)}
EVENT_LIST = DOCS["events"]["entries"]
EVENT_IDS = [e["id"] for e in EVENT_LIST]
EVENT_INDEX = {e: i for i, e in enumerate(EVENT_IDS)}
UNC_LIST = DOCS["uncertainty"]["entries"]
UNC_IDS = [u["id"] for u in UNC_LIST]
UNC_INDEX = {u: i for i, u in enumerate(UNC_IDS)}
CAREERS = dl.by_id("careers", DOCS)
DEBATE = dl.by_id("debate_cards", DOCS)
PROJ_ROWS = DOCS["election_projections"]["entries"]

LIB, CON = 0, 1
PARTY_NAMES = ("liberal", "conservative")
PARTY_KEY = {"liberal": LIB, "conservative": CON}
ROLES = ("pm", "ol", "gbb", "obb")
ABILITIES = ("campaign", "debate", "flatter", "hobnob", "influence")
DECKS = ("cross_party", "liberal", "conservative")
BILL_DECK = [DECKS.index(b["deck"]) for b in BILL_LIST]

FAVOUR_MIN, FAVOUR_MAX = BOARD["favour_tracker"]["min"], BOARD["favour_tracker"]["max"]
VP_MAX = BOARD["score_track"]["max"]
ADJ_MIN, ADJ_MAX = BOARD["bill_slots"]["vote_adjustment_min"], BOARD["bill_slots"]["vote_adjustment_max"]
HOLD_LIMIT = BOARD["supporter_hold_limit"]["limit"]
TOTAL_SEATS = 658

# Career grant actions, in a fixed order: (career id, index of the grant_action in its effects)
CAREER_ACTIONS = [(cid, i) for cid, c in CAREERS.items() for i, e in enumerate(c["effects"])
                  if e["op"] == "grant_action"]

# --- the flat action space --------------------------------------------------------------------------------------
YES, NO, END_TURN = 0, 1, 2
A_ACT = 3                                   # + ability * 2 + (level - 1)
A_CAREER = A_ACT + 10                       # + index in CAREER_ACTIONS
A_DEBATE_CARD = A_CAREER + len(CAREER_ACTIONS)
A_RESIGN = A_DEBATE_CARD + 1
A_PLAY = A_RESIGN + 1                       # + supporter * 2 + option
A_DISCARD = A_PLAY + 2 * len(SUP_IDS)       # + supporter
A_KEEP = A_DISCARD + len(SUP_IDS)           # + supporter
A_SECTOR = A_KEEP + len(SUP_IDS)            # + sector
A_PARTY = A_SECTOR + 8                      # + party
A_PLAYER = A_PARTY + 2                      # + seat
A_SIGN = A_PLAYER + 4                       # + 0 up / 1 down
A_DIR = A_SIGN + 2                          # + 0 to Moderate / 1 to Partisan
A_SLOT = A_DIR + 2                          # + bill slot
A_OPTION = A_SLOT + 3                       # + option index
A_DRAW = A_OPTION + 3                       # + 0 Cross-Party deck / 1 Government's Party deck
A_BILL = A_DRAW + 2                         # + bill index
A_RESOLVE = A_BILL + len(BILL_IDS)          # + kind * 3 + slot (kind 0 agreement, 1 vote, 2 withdraw)
A_ORDER = A_RESOLVE + 9                     # + 0 Opposition Leader first / 1 Backbencher first
A_ELECTION = A_ORDER + 2                    # + 0 hold the Election / 1 remove the Election Marker
NUM_ACTIONS = A_ELECTION + 2

ACTION_BLOCKS = [
    ("yes", YES, 1), ("no", NO, 1), ("end_turn", END_TURN, 1), ("politician_action", A_ACT, 10),
    ("career_action", A_CAREER, len(CAREER_ACTIONS)), ("debate_card", A_DEBATE_CARD, 1), ("resign", A_RESIGN, 1),
    ("play_supporter", A_PLAY, 2 * len(SUP_IDS)), ("discard_supporter", A_DISCARD, len(SUP_IDS)),
    ("keep_supporter", A_KEEP, len(SUP_IDS)), ("sector", A_SECTOR, 8), ("party", A_PARTY, 2),
    ("player", A_PLAYER, 4), ("sign", A_SIGN, 2), ("influence_direction", A_DIR, 2), ("bill_slot", A_SLOT, 3),
    ("option", A_OPTION, 3), ("draw_bill", A_DRAW, 2), ("bill", A_BILL, len(BILL_IDS)),
    ("resolve", A_RESOLVE, 9), ("opposition_order", A_ORDER, 2), ("election", A_ELECTION, 2),
]


def action_name(a: int) -> str:
    if a == YES:
        return "yes"
    if a == NO:
        return "no"
    if a == END_TURN:
        return "end turn"
    if A_ACT <= a < A_CAREER:
        k = a - A_ACT
        return f"{ABILITIES[k // 2]} level {k % 2 + 1}"
    if A_CAREER <= a < A_DEBATE_CARD:
        cid, i = CAREER_ACTIONS[a - A_CAREER]
        return f"career {cid} action {i}"
    if a == A_DEBATE_CARD:
        return "play Debate Card"
    if a == A_RESIGN:
        return "resign"
    if A_PLAY <= a < A_DISCARD:
        k = a - A_PLAY
        return f"play {SUPPORTER_LIST[k // 2]['name']} option {k % 2 + 1}"
    if A_DISCARD <= a < A_KEEP:
        return f"discard {SUPPORTER_LIST[a - A_DISCARD]['name']}"
    if A_KEEP <= a < A_SECTOR:
        return f"keep {SUPPORTER_LIST[a - A_KEEP]['name']}"
    if A_SECTOR <= a < A_PARTY:
        return f"sector {SECTORS[a - A_SECTOR]}"
    if A_PARTY <= a < A_PLAYER:
        return f"party {PARTY_NAMES[a - A_PARTY]}"
    if A_PLAYER <= a < A_SIGN:
        return f"player {a - A_PLAYER}"
    if A_SIGN <= a < A_DIR:
        return ("up", "down")[a - A_SIGN]
    if A_DIR <= a < A_SLOT:
        return ("to Moderate", "to Partisan")[a - A_DIR]
    if A_SLOT <= a < A_OPTION:
        return f"bill slot {a - A_SLOT + 1}"
    if A_OPTION <= a < A_DRAW:
        return f"option {a - A_OPTION + 1}"
    if A_DRAW <= a < A_BILL:
        return ("draw Cross-Party bill", "draw Party bill")[a - A_DRAW]
    if A_BILL <= a < A_RESOLVE:
        return f"bill {BILL_LIST[a - A_BILL]['name']}"
    if A_RESOLVE <= a < A_ORDER:
        k = a - A_RESOLVE
        return f"{('agreement', 'vote', 'withdraw')[k // 3]} bill slot {k % 3 + 1}"
    if A_ORDER <= a < A_ELECTION:
        return ("Opposition Leader first", "Backbencher first")[a - A_ORDER]
    if A_ELECTION <= a < NUM_ACTIONS:
        return ("hold Election", "remove Election Marker")[a - A_ELECTION]
    raise ValueError(f"prime_minister: no action {a}")


# --- pure helpers (numbered examples of the rulebook are tested on these) -------------------------------------
def round10(x: int) -> int:
    """Round off to the nearest 10, halves up (325 -> 330; L770, L944, PM-A49)."""
    return (int(x) + 5) // 10 * 10


def seats_for_lead(lead: int) -> int:
    return PROJ_ROWS[min(abs(lead), len(PROJ_ROWS) - 1)]["leader_seats"]


def projected_seats(lead_for_party: int) -> int:
    """Projected seats of a party whose lead (negative = trailing) is ``lead_for_party`` (L317, PM-A60)."""
    if lead_for_party >= 0:
        return seats_for_lead(lead_for_party)
    return TOTAL_SEATS - seats_for_lead(-lead_for_party)


def vote_passes(projection: int, uncertainty_vote: int | None) -> bool:
    """9.2: >=350 cannot fail; 320..340 pass iff projection + card >= 330 (PM-A51)."""
    if projection >= 350:
        return True
    return projection + (uncertainty_vote or 0) >= 330


def vote_odds(projection: int) -> float:
    """Share of the Uncertainty deck that passes a Vote at ``projection`` (L806: 1/6, 1/2, 5/6 at 320/330/340)."""
    if projection < 320:
        return 0.0
    if projection >= 350:
        return 1.0
    return sum(vote_passes(projection, u["vote"]) for u in UNC_LIST) / len(UNC_LIST)


def election_vp(seats_before: int, seats_after: int) -> int:
    """11.3 / PM-A64: 2 VP + 1 per 10 seats gained, both counts rounded off to the nearest 10; 0 if no gain."""
    gain = round10(seats_after) - seats_before
    return 2 + gain // 10 if gain >= 10 else 0


def election_winner(gov_seats: int, pm_favour: int, ol_favour: int) -> str:
    """11.1 / PM-A61: ``"government"`` or ``"opposition"`` on the seat count (329 each: Favour, then Opposition)."""
    if gov_seats >= 330:
        return "government"
    if gov_seats <= 328:
        return "opposition"
    return "government" if pm_favour > ol_favour else "opposition"


def can_challenge(ch_standing: int, ch_favour: int, t_standing: int, t_favour: int) -> bool:
    """10.0 / PM-A55: more Standing, or the same Standing and at least as much Favour."""
    return ch_standing > t_standing or (ch_standing == t_standing and ch_favour >= t_favour)


def by_election_lost(gov_projected_seats: int, gov_mps: int) -> bool:
    """8.2 / PM-A49: lost iff the Government's projected seats, rounded off to 10, are fewer than its MPs."""
    return round10(gov_projected_seats) < gov_mps


def bill_projection(icon: str, adjustment: int, mps: dict) -> int:
    """5.3: the MP column of the icon plus the Vote adjustment."""
    return mps[icon] + adjustment


class PrimeMinisterGame(Game):
    name = "prime_minister"
    min_players = 2
    max_players = 4
    OPTIONS = {
        "max_rounds": Option(0, int, "end the game after this many rounds (0 = no limit): truncation, no winner",
                             check=lambda v: v >= 0, expected="int >= 0"),
    }

    def __init__(self, num_players: int = 4, **options):
        super().__init__(num_players, **options)
        self.num_actions = NUM_ACTIONS
        self.max_rounds = self.options["max_rounds"]
        n = num_players
        rows = [
            ("to_move", n, "per seat (self first, then clockwise): 1 for the seat that decides now"),
            ("role", n * 4, "per seat: one-hot PM, Opposition Leader, Government Backbencher, Opposition Backbencher"),
            ("party", n, "per seat: 1 Conservative, 0 Liberal"),
            ("politician", n * 10, "per seat: one-hot Politician 1..10"),
            ("standing", n, "per seat: Standing / 14"),
            ("favour", n, "per seat: Favour / 8"),
            ("vp", n, "per seat: VP / 100"),
            ("cubes", n, "per seat: unspent Action Cubes / 5"),
            ("hand_size", n, "per seat: Supporters held / 8"),
            ("careers", n * 8, "per seat: 1 for each active Career Card (careers.json order)"),
            ("sectors", 16, "Liberal then Conservative position index in each Sector / 8"),
            ("lead", 2, "Popularity lead / 50: Liberal lead, Conservative lead"),
            ("mps", 3, "Government MPs A, M, P / 660"),
            ("gov_party", 1, "1 if the Conservatives govern"),
            ("flags", 6, "Pact, Resignation, Election Marker, minority-by-Challenge, Father of the House held, round/50"),
            ("bills", 3 * 12, "per slot: present, icon A/M/P, adjustment/100, projection/400, VP/7, deck CP/Lib/Con, "
                              "Gov BB / Opp BB / OL Debate Card under it"),
            ("deck_sizes", 10, "cards left in the Supporter, Event, Cross-Party, Liberal, Conservative decks, then in "
                               "their discard piles, / 40"),
            ("last_uncertainty", len(UNC_IDS), "the last Uncertainty card drawn (public; reshuffled before each draw)"),
            ("revealed", len(BILL_IDS), "bills revealed for selection (proposals after the reveal, the PM's draws)"),
            ("event", len(EVENT_IDS), "the Event being resolved"),
            ("phase", len(PHASES), "one-hot of the pending decision kind"),
            ("question", len(QUESTIONS), "one-hot of the pending yes/no question"),
            ("question_slot", 3, "the bill slot a pending Agreement question is about"),
            ("request", len(SUP_IDS) + 2, "a pending permission request: the Supporter played, a mat Influence, "
                                          "a Career Influence"),
            ("own_supporters", len(SUP_IDS), "own Supporter hand (and cards drawn awaiting a keep choice)"),
            ("own_bills", len(BILL_IDS), "own hidden bills (drawn in Bill Selection, proposals not yet revealed)"),
        ]
        self.fields = field_table(rows)
        self.observation_size = sum(r[1] for r in rows)

    def action_name(self, action: int) -> str:
        return action_name(action)

    def new_initial_state(self, seed=None, deal=None) -> "PrimeMinisterState":
        st = PrimeMinisterState(self, new_rng(seed))
        st._setup(deal)
        return st

    def state_from_json(self, data: dict) -> "PrimeMinisterState":
        return PrimeMinisterState.from_json(self, data)


PHASES = ("main", "permit", "yesno", "event", "eff_sector", "eff_party", "eff_player", "eff_sign", "eff_dir",
          "eff_bill", "eff_option", "keep", "discard", "draw_bill", "propose", "select", "resolve", "order",
          "election", "debate_target")
PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
QUESTIONS = ("end_pact", "restart_pact", "propose_pact", "accept_pact", "agreement", "request_rejoin",
             "accept_rejoin", "deputy", "challenge", "royal")
QUESTION_INDEX = {q: i for i, q in enumerate(QUESTIONS)}
CAREER_ORDER = list(CAREERS)

STATE_FIELDS = (
    "n", "round", "pol", "party", "role", "standing", "favour", "vp", "cubes", "hand", "bill_hand", "sector_pos",
    "gov_party", "mps", "bills", "decks", "discards", "unc_stack", "pact", "resigned", "marker", "careers",
    "tasks", "pending", "over", "winner", "truncated", "turn", "proposed", "revealed_ok", "selected_count",
    "refused_agreement", "minority_by_challenge", "lost_challenge", "event", "score_version",
    "ever_split", "last_unc", "setup_done", "mps_party",
)


class PrimeMinisterState(State):
    """One game of Prime Minister in progress."""

    def __init__(self, game: PrimeMinisterGame, rng):
        self.game = game
        self.rng = rng
        self.n = game.num_players
        self.score_version = 0
        self.truncated = False
        self.over = False
        self.winner = -1

    # ==========================================================================================================
    # setup (2.0)
    # ==========================================================================================================
    def _setup(self, deal: dict | None) -> None:
        deal = dict(deal or {})
        known = {"politicians", "supporters", "events", "cross_party", "liberal", "conservative", "uncertainty"}
        bad = set(deal) - known
        if bad:
            raise DealError(f"prime_minister: unknown deal key(s) {sorted(bad)}; known: {sorted(known)}")
        n = self.n
        mix = BOARD["setup"]["politicians_by_player_count"][str(n)]
        if "politicians" in deal:
            pols = list(deal["politicians"])
            if len(pols) != n or len(set(pols)) != n or any("number" not in POLITICIANS.get(p, {}) for p in pols):
                raise DealError(f"prime_minister: deal['politicians'] must be {n} distinct Politician ids")
            cnt = {"liberal": 0, "conservative": 0}
            for p in pols:
                cnt[POLITICIANS[p]["party"]] += 1
            if cnt != mix:
                raise DealError(f"prime_minister: deal['politicians'] must have the party mix {mix} (2.1)")
        else:
            pool = [pid for pid, p in POLITICIANS.items()
                    if "number" in p and n not in p["removed_in_player_counts"]]
            pool.sort()
            self.rng.shuffle(pool)
            need = dict(mix)
            pols = []
            while len(pols) < n:  # draw; an excess party member is put aside and another drawn (L383)
                p = pool.pop()
                if need[POLITICIANS[p]["party"]] > 0:
                    need[POLITICIANS[p]["party"]] -= 1
                    pols.append(p)
        self.pol = pols
        self.party = [PARTY_KEY[POLITICIANS[p]["party"]] for p in pols]
        self.role = [""] * n
        for party, lead_role, bb_role in ((LIB, "pm", "gbb"), (CON, "ol", "obb")):
            members = sorted((POLITICIANS[pols[s]]["number"], s) for s in range(n) if self.party[s] == party)
            for k, (_, s) in enumerate(members):
                self.role[s] = lead_role if k == 0 else bb_role
        self.gov_party = LIB
        self.standing = [self._mat(s)["standing_start"] for s in range(n)]
        self.favour = [BOARD["favour_tracker"]["start"]] * n
        self.vp = [0] * n
        self.cubes = [0] * n
        self.hand = [[] for _ in range(n)]
        self.bill_hand = [[] for _ in range(n)]
        # step indices on each Sector's track (the data's "start" is a printed position value)
        self.sector_pos = [[SECTOR_LIST[i]["positions"].index(SECTOR_LIST[i]["start"][PARTY_NAMES[p]])
                            for i in range(8)] for p in (LIB, CON)]
        self.mps = dict(BOARD["government_mp_tracker"]["start"])
        self.mps_party = LIB  # the party whose MPs the Government MP Tracker shows
        self.bills = []  # slots: {"bill": idx, "adj": int, "debate": [[card_id, owner, side], ...]}
        # decks: lists with the top card LAST
        self.decks = {"supporters": list(range(len(SUP_IDS))), "events": list(range(len(EVENT_IDS))),
                      "cross_party": [], "liberal": [], "conservative": []}
        for i, d in enumerate(BILL_DECK):
            self.decks[DECKS[d]].append(i)
        self.discards = {k: [] for k in self.decks}
        for k in self.decks:
            self.rng.shuffle(self.decks[k])
        index = {"supporters": SUP_INDEX, "events": EVENT_INDEX, "cross_party": BILL_INDEX,
                 "liberal": BILL_INDEX, "conservative": BILL_INDEX}
        for k, idx in index.items():
            if k in deal:
                top = []
                for cid in deal[k]:
                    if cid not in idx or idx[cid] not in self.decks[k] or idx[cid] in top:
                        raise DealError(f"prime_minister: deal[{k!r}] has {cid!r}, not a (distinct) card of that deck")
                    top.append(idx[cid])
                rest = [c for c in self.decks[k] if c not in top]
                self.decks[k] = rest + top[::-1]  # first listed = first drawn
        self.unc_stack = []
        for u in deal.get("uncertainty", []):
            if u not in UNC_INDEX:
                raise DealError(f"prime_minister: deal['uncertainty'] has unknown card {u!r}")
            self.unc_stack.append(UNC_INDEX[u])
        self.pact = True
        self.ever_split = False
        self.resigned = False
        self.marker = True
        self.careers = [{} for _ in range(n)]  # career id -> 0 face down / 1 active (only for Backbenchers)
        for s in range(n):
            self._deal_careers(s)
        self.round = 1
        self.tasks = []
        self.pending = None
        self.turn = None
        self.proposed = []  # [bill, proposer seat] offered to the PM
        self.revealed_ok = False
        self.selected_count = 0
        self.refused_agreement = []
        self.minority_by_challenge = False
        self.lost_challenge = -1
        self.event = -1
        self.last_unc = -1
        self.setup_done = False
        if n == 3:  # 2.5: the Liberal draws 2 free Supporters
            lib = self.party.index(LIB)
            for _ in range(BOARD["setup"]["three_player_liberal_adjustments"]["free_supporters_at_setup"]):
                c = self._draw_supporter()
                if c is not None:
                    self.hand[lib].append(c)
        self.setup_done = True
        self.tasks = [["round_start"]]
        self._advance()

    # --- helpers on roles and mats ----------------------------------------------------------------------------
    def seat_of(self, role: str) -> int:
        try:
            return self.role.index(role)
        except ValueError:
            return -1

    def _mat(self, s: int) -> dict:
        r = self.role[s]
        if r in ("gbb", "obb"):
            return MATS["backbencher_government" if r == "gbb" else "backbencher_opposition"]
        side = "reverse" if self.n == 3 and self.party[s] == LIB else "front"
        return MATS[("pm_" if r == "pm" else "ol_") + side]

    def _is_gov(self, s: int) -> bool:
        return self.role[s] in ("pm", "gbb")

    def _restricted(self, s: int) -> bool:
        """May not lower Government bills (Opposition in a Pact; non-Resigned Government Backbencher)."""
        r = self.role[s]
        if r == "pm":
            return False
        if r == "gbb":
            return not self.resigned
        return self.pact

    def _needs_permission(self, s: int) -> bool:
        """Influence needs the PM's permission (3.1, 3.2, PM-A82)."""
        r = self.role[s]
        if r == "pm":
            return False
        if r == "gbb":
            return not self.resigned
        return self.pact

    def _deal_careers(self, s: int) -> None:
        r = self.role[s]
        if r not in ("gbb", "obb"):
            self.careers[s] = {}
            return
        side = "government" if r == "gbb" else "opposition"
        abil = POLITICIANS[self.pol[s]]["abilities"]
        self.careers[s] = {cid: 0 for cid in CAREER_ORDER if CAREERS[cid]["side"] == side
                           and (CAREERS[cid]["requirements"]["ability"] is None
                                or CAREERS[cid]["requirements"]["ability"] in abil)}

    def _careers_usable(self, s: int) -> bool:
        return self.role[s] in ("gbb", "obb") and not (self.role[s] == "gbb" and self.resigned)

    def _check_careers(self) -> None:
        for s in range(self.n):
            if not self._careers_usable(s):
                continue
            for cid, on in self.careers[s].items():
                if not on:
                    req = CAREERS[cid]["requirements"]
                    if self.standing[s] >= req["standing_min"] and self.favour[s] >= req["favour_min"]:
                        self.careers[s][cid] = 1

    def _career_active(self, s: int, cid: str) -> bool:
        return self._careers_usable(s) and self.careers[s].get(cid, 0) == 1

    def foth_holder(self) -> int:
        """7.4: the Opposition Backbencher (or a lone OL) holds Father of the House while the PM has >= 90 VP."""
        pm = self.seat_of("pm")
        if pm < 0 or self.vp[pm] < BOARD["score_track"]["father_of_the_house_at"]:
            return -1
        obb = self.seat_of("obb")
        return obb if obb >= 0 else self.seat_of("ol")

    # --- Popularity --------------------------------------------------------------------------------------------
    def points(self, party: int) -> int:
        pos = self.sector_pos[party]
        return sum(SECTOR_LIST[i]["positions"][pos[i]] for i in range(8))

    def lead(self) -> int:
        """Popularity lead of the Conservatives (negative = the Liberals lead)."""
        return self.points(CON) - self.points(LIB)

    def partisan(self, party: int) -> int:
        pos = self.sector_pos[party]
        return sum(SECTOR_LIST[i]["partisan"][PARTY_NAMES[party]][pos[i]] for i in range(8))

    def projected(self, party: int) -> int:
        lead = self.lead() if party == CON else -self.lead()
        return projected_seats(lead)

    def _move_sector(self, party: int, sector: int, steps: int) -> int:
        top = len(SECTOR_LIST[sector]["positions"]) - 1
        old = self.sector_pos[party][sector]
        new = max(0, min(top, old + steps))
        self.sector_pos[party][sector] = new
        pts = SECTOR_LIST[sector]["positions"]
        return pts[new] - pts[old]

    def projection(self, slot: int) -> int:
        b = self.bills[slot]
        return bill_projection(BILL_LIST[b["bill"]]["icon"], b["adj"], self.mps)

    # --- VP and pooling (3.0, PM-A10..A13) ---------------------------------------------------------------------
    def pool(self, who: str) -> list[int]:
        """Seats that share an award to ``who`` ("government" / "opposition")."""
        members = []
        for s in range(self.n):
            r = self.role[s]
            if r == "gbb" and self.resigned:
                continue
            if self.pact or (who == "government") == (r in ("pm", "gbb")):
                members.append(s)
        return members

    def _award(self, seats: list[int], amount: int) -> None:
        if amount <= 0 or not seats:
            return
        for s in seats:
            self.vp[s] = min(VP_MAX, self.vp[s] + amount)
        self.score_version += 1
        self._check_victory()

    def _award_side(self, who: str, amount: int) -> None:
        self._award(self.pool(who), amount)

    def _award_self(self, s: int, amount: int) -> None:
        if self.role[s] == "gbb" and self.resigned:
            self._award([s], amount)
        else:
            self._award_side("government" if self._is_gov(s) else "opposition", amount)

    def _check_victory(self) -> None:
        pm = self.seat_of("pm")
        if not self.over and pm >= 0 and self.vp[pm] >= BOARD["score_track"]["win_at"]:
            self.over = True
            self.winner = pm
            self.tasks = []
            self.pending = None
            self._legal = []
            self._legal_set = frozenset()

    def _set_standing(self, s: int, value: int) -> None:
        mat = self._mat(s)
        self.standing[s] = max(mat["standing_min"], min(mat["standing_max"], value))

    def _set_favour(self, s: int, value: int) -> None:
        self.favour[s] = max(FAVOUR_MIN, min(FAVOUR_MAX, value))

    # --- decks --------------------------------------------------------------------------------------------------
    def _draw(self, deck: str):
        if not self.decks[deck]:
            if not self.discards[deck]:
                return None
            self.decks[deck] = self.discards[deck]
            self.discards[deck] = []
            self.rng.shuffle(self.decks[deck])
        return self.decks[deck].pop()

    def _draw_supporter(self):
        return self._draw("supporters")

    def _can_draw(self, deck: str) -> bool:
        return bool(self.decks[deck] or self.discards[deck])

    def _draw_uncertainty(self) -> int:
        if self.unc_stack:
            u = self.unc_stack.pop(0)
        else:
            u = self.rng.randrange(len(UNC_LIST))  # 12.0: reshuffle before each draw
        self.last_unc = u
        return u

    def _discard_bill(self, b: int) -> None:
        self.discards[DECKS[BILL_DECK[b]]].append(b)

    # ==========================================================================================================
    # the engine loop
    # ==========================================================================================================
    def _ask(self, kind: str, player: int, legal, **data) -> None:
        legal = sorted(set(legal))
        self.pending = {"kind": kind, "player": player, "legal": legal, **data}
        self._legal = legal
        self._legal_set = frozenset(legal)

    def _advance(self) -> None:
        while not self.over:
            self._check_careers()
            if self.pending is not None:
                return
            if not self.tasks:
                raise RuntimeError("prime_minister: task queue ran dry")
            task = self.tasks.pop(0)
            getattr(self, "_t_" + task[0])(*task[1:])

    def _push(self, *tasks) -> None:
        self.tasks[0:0] = [list(t) for t in tasks]

    # --- the State interface --------------------------------------------------------------------------------------
    def current_player(self) -> int:
        return -1 if self.over else self.pending["player"]

    def is_terminal(self) -> bool:
        return self.over

    def legal_actions(self) -> list[int]:
        return [] if self.over else list(self._legal)

    def is_legal(self, action: int) -> bool:
        return not self.over and action in self._legal_set

    def legal_mask(self) -> np.ndarray:
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        if not self.over:
            mask[self._legal] = 1
        return mask

    def apply_action(self, action) -> None:
        if self.over:
            raise IllegalActionError("prime_minister: the game is over; no action can be applied")
        if not isinstance(action, (int, np.integer)) or isinstance(action, bool) or not self.is_legal(int(action)):
            raise IllegalActionError(illegal_action_message(self, action))
        self._apply(int(action))

    def _apply(self, action: int) -> None:
        pend = self.pending
        self.pending = None
        getattr(self, "_d_" + pend["kind"])(pend, action)
        self._advance()

    def scores(self) -> list[float]:
        return [float(v) for v in self.vp]

    def winners(self) -> list[int]:
        return [self.winner] if self.winner >= 0 else []

    def returns(self) -> list[float]:
        won = self.winners()
        if not won:
            return [0.0] * self.n
        return [1.0 if p in won else -1.0 for p in range(self.n)]

    def clone(self) -> "PrimeMinisterState":
        return self.game.state_from_json(self.to_json())

    # ==========================================================================================================
    # round structure (4.0)
    # ==========================================================================================================
    def _t_round_start(self) -> None:
        self.minority_by_challenge = False
        self.lost_challenge = -1
        self.refused_agreement = []
        if self.round > 1:  # 4.0(1)(a), PM-A19
            rv = BOARD["round_setup_vp"]
            if self.pact:
                self._award_side("government", rv["pact"])
            else:
                self._award_side("government", rv["government"])
                self._award_side("opposition", rv["opposition"])
            if self.over:
                return
        for s in range(self.n):  # 4.0(1)(b)
            mat = self._mat(s)
            self.cubes[s] = dl.cube_income(mat, self.standing[s])
        tasks = []
        for s in range(self.n):  # round-start bonuses (OL reverse mat, Deputy Party Leader)
            effs = list(self._mat(s).get("round_start", []))
            if self._career_active(s, "deputy_party_leader"):
                effs += CAREERS["deputy_party_leader"]["effects"]
            for e in effs:
                cond = e["condition"]
                if "standing_at_least" in cond and self.standing[s] < cond["standing_at_least"]:
                    continue
                for sub in e["effects"]:
                    tasks.append(["eff", sub, {"actor": s, "mult": 1}])
        self._push(*tasks)
        rest = []
        if not self.bills:
            rest.append(["selection"])
        rest.append(["turns"])
        self.tasks[len(tasks):len(tasks)] = rest

    def _t_turns(self) -> None:
        t = []
        gbb = self.seat_of("gbb")
        if gbb >= 0:
            t.append(["turn", gbb])
        t.append(["opposition_start"])
        t.append(["pm_turn"])
        t.append(["resolution"])
        t.append(["challenges"])
        t.append(["election_phase"])
        t.append(["round_end"])
        self._push(*t)

    def _t_round_end(self) -> None:
        mr = self.game.max_rounds
        if mr and self.round >= mr:
            self.over = True
            self.truncated = True
            self.pending = None
            self._legal = []
            self._legal_set = frozenset()
            return
        self.round += 1
        self._push(["round_start"])

    # --- Bill Selection (5.0) ----------------------------------------------------------------------------------------
    def _t_selection(self) -> None:
        self.proposed = []
        self.revealed_ok = False
        self.selected_count = 0
        ol, obb, gbb, pm = (self.seat_of(r) for r in ("ol", "obb", "gbb", "pm"))
        t = []
        setup = BOARD["setup"]["bill_draws"]
        for s in (ol, obb, gbb):  # PM-A25: sequential hidden commitments
            if s < 0:
                continue
            lone = s == ol and obb < 0
            draws = setup["lone_opposition_leader_draws"] if lone else setup["proposer_draws"]
            props = setup["lone_opposition_leader_proposes"] if lone else setup["proposer_proposes"]
            t += [["draw_bill", s] for _ in range(draws)] + [["propose", s] for _ in range(props)]
        t.append(["reveal_proposals"])
        pm_draws = setup["pm_draws_without_backbencher"] if gbb < 0 else setup["revealed_total"] - 3
        t += [["draw_bill", pm] for _ in range(pm_draws)]
        t += [["select"] for _ in range(setup["selected"])]
        t.append(["selection_end"])
        self._push(*t)

    def _party_deck(self) -> str:
        return PARTY_NAMES[self.gov_party]

    def _t_draw_bill(self, s: int) -> None:
        legal = []
        if self._can_draw("cross_party"):
            legal.append(A_DRAW)
        if self._can_draw(self._party_deck()):
            legal.append(A_DRAW + 1)
        if legal:
            self._ask("draw_bill", s, legal)

    def _d_draw_bill(self, pend, a) -> None:
        s = pend["player"]
        b = self._draw("cross_party" if a == A_DRAW else self._party_deck())
        if s == self.seat_of("pm"):
            self.proposed.append([b, s])  # the PM's draws are revealed at once (5.1)
        else:
            self.bill_hand[s].append(b)

    def _t_propose(self, s: int) -> None:
        if self.bill_hand[s]:
            self._ask("propose", s, [A_BILL + b for b in self.bill_hand[s]])

    def _d_propose(self, pend, a) -> None:
        s, b = pend["player"], a - A_BILL
        self.bill_hand[s].remove(b)
        self.proposed.append([b, s])

    def _t_reveal_proposals(self) -> None:
        self.revealed_ok = True

    def _t_select(self) -> None:
        if self.proposed and len(self.bills) < 3:
            self._ask("select", self.seat_of("pm"), [A_BILL + b for b, _ in self.proposed])

    def _d_select(self, pend, a) -> None:
        b = a - A_BILL
        entry = next(e for e in self.proposed if e[0] == b)
        self.proposed.remove(entry)
        if BILL_DECK[b] != 0 and self.pact:  # 3.1.2 / PM-A15: a Party Bill ends the Pact first
            self._end_pact()
        self.bills.append({"bill": b, "adj": BILL_LIST[b]["adjustment"], "debate": []})
        self.selected_count += 1
        proposer = entry[1]
        if proposer != pend["player"]:  # 5.2 selection bonus
            self._award_self(proposer, BOARD["bill_resolution"]["selection_bonus_vp"])

    def _t_selection_end(self) -> None:
        for b, _ in self.proposed:
            self._discard_bill(b)
        self.proposed = []
        for s in range(self.n):
            for b in self.bill_hand[s]:
                self._discard_bill(b)
            self.bill_hand[s] = []
        self.revealed_ok = False
        # 3.1.3 unilateral restart: three Cross-Party Bills on the board (PM-A16)
        if not self.pact and len(self.bills) == 3 and all(BILL_DECK[b["bill"]] == 0 for b in self.bills):
            self._ask("yesno", self.seat_of("ol"), [YES, NO], q="restart_pact")

    def _end_pact(self) -> None:
        self.pact = False
        self.ever_split = True

    # --- yes/no questions ----------------------------------------------------------------------------------------------
    def _d_yesno(self, pend, a) -> None:
        getattr(self, "_q_" + pend["q"])(pend, a == YES)

    def _q_restart_pact(self, pend, yes) -> None:
        if yes:
            self.pact = True

    def _q_end_pact(self, pend, yes) -> None:
        if yes:
            self._end_pact()

    def _q_propose_pact(self, pend, yes) -> None:
        if yes:
            other = self.seat_of("pm") if pend["player"] == self.seat_of("ol") else self.seat_of("ol")
            self._ask("yesno", other, [YES, NO], q="accept_pact")

    def _q_accept_pact(self, pend, yes) -> None:
        if yes:
            self.pact = True

    def _q_agreement(self, pend, yes) -> None:
        slot = pend["slot"]
        if yes:
            self._pass_bill(slot, agreement=True)
        else:
            self.refused_agreement.append(self.bills[slot]["bill"])
            self._push(["resolution"])

    def _q_request_rejoin(self, pend, yes) -> None:
        if yes:
            self._ask("yesno", self.seat_of("pm"), [YES, NO], q="accept_rejoin")

    def _q_accept_rejoin(self, pend, yes) -> None:
        if yes:
            self.resigned = False
            pm = self.seat_of("pm")
            self._set_standing(pm, self.standing[pm] + BOARD["resignation_rules"]["rejoin_pm_standing"])
            self._deal_careers(self.seat_of("gbb"))

    def _q_deputy(self, pend, yes) -> None:
        if yes:
            pm, gbb = self.seat_of("pm"), self.seat_of("gbb")
            if self.cubes[pm] > 0:
                self.cubes[pm] -= 1
                self.cubes[gbb] += 1

    def _q_challenge(self, pend, yes) -> None:
        if yes:
            self._challenge(pend["player"], pend["target"])

    def _q_royal(self, pend, yes) -> None:
        self._finish_election(pend["gov_seats"], "opposition" if (yes == pend["fav_is_ol"]) else "government",
                              pend["unc"])

    # --- action turns (6.0) -----------------------------------------------------------------------------------------
    def _t_opposition_start(self) -> None:
        ol, obb = self.seat_of("ol"), self.seat_of("obb")
        t = []
        if self.pact:
            t.append(["ask_end_pact"])
        t.append(["window_pact", ol])
        if obb >= 0:
            t.append(["ask_order"])
        else:
            t.append(["turn", ol])
        self._push(*t)

    def _t_ask_end_pact(self) -> None:
        if self.pact:
            self._ask("yesno", self.seat_of("ol"), [YES, NO], q="end_pact")

    def _t_window_pact(self, s: int) -> None:
        """PM-A17: a mutual-restart window (proposer s), only without a Pact and without Party Bills."""
        if not self.pact and all(BILL_DECK[b["bill"]] == 0 for b in self.bills) and s >= 0:
            self._ask("yesno", s, [YES, NO], q="propose_pact")

    def _t_ask_order(self) -> None:
        self._ask("order", self.seat_of("ol"), [A_ORDER, A_ORDER + 1])

    def _d_order(self, pend, a) -> None:
        ol, obb = self.seat_of("ol"), self.seat_of("obb")
        first, second = (ol, obb) if a == A_ORDER else (obb, ol)
        self._push(["turn", first], ["turn", second])

    def _t_pm_turn(self) -> None:
        pm = self.seat_of("pm")
        self._push(["draw_event"], ["window_pact", pm], ["turn", pm])

    def _t_draw_event(self) -> None:
        pm = self.seat_of("pm")
        e = self._draw("events")
        if e is None:
            return
        self.event = e
        card = EVENT_LIST[e]
        if card["kind"] == "by_election":  # 8.2
            gov = self.gov_party
            if by_election_lost(self.projected(gov), self.mps["A"]):
                self._push(*[["eff", x, {"actor": pm, "mult": 1}] for x in card["on_loss"]])
            self._push_after_effects(["event_done"])
            return
        legal = [A_OPTION + i for i, o in enumerate(card["options"]) if o["cost"] <= self.cubes[pm]]
        self._ask("event", pm, legal)

    def _push_after_effects(self, task) -> None:
        # effects were pushed to the front; insert after the leading run of "eff" tasks
        k = 0
        while k < len(self.tasks) and self.tasks[k][0] == "eff":
            k += 1
        self.tasks.insert(k, list(task))

    def _d_event(self, pend, a) -> None:
        pm = pend["player"]
        opt = EVENT_LIST[self.event]["options"][a - A_OPTION]
        self.cubes[pm] -= opt["cost"]
        self._push(*[["eff", x, {"actor": pm, "mult": 1}] for x in opt["effects"]], ["event_done"])

    def _t_event_done(self) -> None:
        if self.event >= 0:
            self.discards["events"].append(self.event)
        self.event = -1

    def _t_turn(self, s: int) -> None:
        doubled = list(self.hand[s]) if self.foth_holder() == s else []
        self.turn = {"seat": s, "acted": False, "doubled": doubled, "denied": []}
        t = []
        if self.role[s] == "gbb":
            if self.resigned:
                t.append(["ask_rejoin", s])
            t.append(["ask_deputy", s])
        t.append(["main", s])
        self._push(*t)

    def _t_ask_rejoin(self, s: int) -> None:
        if self.resigned and self.role[s] == "gbb":
            self._ask("yesno", s, [YES, NO], q="request_rejoin")

    def _t_ask_deputy(self, s: int) -> None:
        if (self.role[s] == "gbb" and self._career_active(s, "deputy_pm")
                and self.cubes[self.seat_of("pm")] > 0):
            self._ask("yesno", s, [YES, NO], q="deputy")

    def _t_main(self, s: int) -> None:
        self._ask("main", s, self._main_options(s))

    def _bills_for(self, s: int, sign: int, mult: int = 1) -> list[int]:
        """Slots a player may move in direction ``sign`` (+1/-1)."""
        if not self.bills:
            return []
        if sign < 0 and self._restricted(s):
            return []
        return list(range(len(self.bills)))

    def _effects_ok(self, effects: list, s: int, source: int) -> bool:
        for e in effects:
            op = e["op"]
            if op == "votes":
                if not self.bills:
                    return False
                if not e.get("choose_sign") and e["amount"] < 0 and self._restricted(s):
                    return False
            elif op == "influence":
                if self._needs_permission(s) and self._source_key(source) in self.turn["denied"]:
                    return False
            elif op == "choice":
                if not any(self._effects_ok(o, s, source) for o in e["options"]):
                    return False
        return True

    @staticmethod
    def _source_key(a: int) -> int:
        """A denied permission covers its source for the rest of the turn: the mat action at both levels, the
        Supporter card (both options), or the Career action (PM-A82)."""
        if A_ACT <= a < A_CAREER:
            return A_ACT + ((a - A_ACT) // 2) * 2
        if A_PLAY <= a < A_DISCARD:
            return A_PLAY + ((a - A_PLAY) // 2) * 2
        return a

    @staticmethod
    def _has_influence(effects: list) -> bool:
        return any(e["op"] == "influence" for e in effects)

    def _debate_card_of(self, s: int) -> str | None:
        r = self.role[s]
        if r == "gbb":
            return "debate_gov_backbencher"
        if r == "obb":
            return "debate_opp_backbencher"
        if r == "ol" and self.n == 3 and self.seat_of("obb") < 0:
            return "debate_opposition_leader"
        return None

    def _debate_card_targets(self, s: int) -> list[int]:
        cid = self._debate_card_of(s)
        if cid is None or any(d[0] == cid for b in self.bills for d in b["debate"]):
            return []
        side = DEBATE[cid]["sides"]["pact" if self.pact else "no_pact"]
        out = []
        for i in range(len(self.bills)):
            p = self.projection(i)
            if side["direction"] == "up" and p <= side["target_max"]:
                out.append(i)
            elif side["direction"] == "down" and p >= side["target_min"] and not self._restricted(s):
                out.append(i)
        return out

    def _debate_card_cost(self, s: int) -> int:
        c = DEBATE[self._debate_card_of(s)]["cost"]
        return c["cubes_low"] if self.standing[s] <= c["cubes_if_standing_at_most"] else c["cubes_high"]

    def _main_options(self, s: int) -> list[int]:
        legal = [END_TURN]
        cubes = self.cubes[s]
        mat = self._mat(s)
        abil = POLITICIANS[self.pol[s]]["abilities"]
        if cubes >= 1:
            for ai, ab in enumerate(ABILITIES):
                lv = abil.get(ab, 0)
                acts = mat["actions"].get(ab)
                if not acts:
                    continue
                for level in (1, 2):
                    effs = acts.get(str(level))
                    if effs is None or lv < level:
                        continue
                    if ab == "campaign" and not POLITICIANS[self.pol[s]]["campaign_sectors"]:
                        continue
                    a = A_ACT + ai * 2 + level - 1
                    if self._effects_ok(effs, s, a):
                        legal.append(a)
        if self._careers_usable(s):
            for k, (cid, i) in enumerate(CAREER_ACTIONS):
                if self.careers[s].get(cid) == 1:
                    g = CAREERS[cid]["effects"][i]
                    if cubes >= g["cost"] and self._effects_ok(g["effects"], s, A_CAREER + k):
                        legal.append(A_CAREER + k)
        if self._debate_card_of(s) and self._debate_card_targets(s) and cubes >= self._debate_card_cost(s):
            legal.append(A_DEBATE_CARD)
        if (self.role[s] == "gbb" and not self.resigned and not self.turn["acted"] and cubes >= 1
                and self.vp[s] <= BOARD["resignation_rules"]["max_vp_to_resign"]):
            legal.append(A_RESIGN)
        for c in set(self.hand[s]):
            for o, opt in enumerate(SUPPORTER_LIST[c]["options"]):
                a = A_PLAY + 2 * c + o
                if self._effects_ok(opt["effects"], s, a):
                    legal.append(a)
            legal.append(A_DISCARD + c)
        return legal

    def _ctx(self, s: int, mult: int = 1) -> dict:
        return {"actor": s, "mult": mult}

    def _d_main(self, pend, a) -> None:
        s = pend["player"]
        if a == END_TURN:
            self._push(["end_turn", s])
            return
        needs = False
        if A_ACT <= a < A_CAREER:
            k = a - A_ACT
            effs = self._mat(s)["actions"][ABILITIES[k // 2]][str(k % 2 + 1)]
            needs = self._has_influence(effs) and self._needs_permission(s)
        elif A_CAREER <= a < A_DEBATE_CARD:
            cid, i = CAREER_ACTIONS[a - A_CAREER]
            needs = self._has_influence(CAREERS[cid]["effects"][i]["effects"]) and self._needs_permission(s)
        elif A_PLAY <= a < A_DISCARD:
            k = a - A_PLAY
            effs = SUPPORTER_LIST[k // 2]["options"][k % 2]["effects"]
            needs = self._has_influence(effs) and self._needs_permission(s)
        if needs:  # PM-A82: the PM permits or denies before anything is spent
            self._ask("permit", self.seat_of("pm"), [YES, NO], requester=s, request=a)
            return
        self._perform(s, a)

    def _d_permit(self, pend, a) -> None:
        s = pend["requester"]
        if a == YES:
            self._perform(s, pend["request"])
        else:
            self.turn["denied"].append(self._source_key(pend["request"]))
            self._push(["main", s])

    def _perform(self, s: int, a: int) -> None:
        self.turn["acted"] = True
        after = ["main", s]
        if A_ACT <= a < A_CAREER:
            k = a - A_ACT
            self.cubes[s] -= 1
            effs = self._mat(s)["actions"][ABILITIES[k // 2]][str(k % 2 + 1)]
            self._push(*[["eff", e, self._ctx(s)] for e in effs], after)
        elif A_CAREER <= a < A_DEBATE_CARD:
            cid, i = CAREER_ACTIONS[a - A_CAREER]
            g = CAREERS[cid]["effects"][i]
            self.cubes[s] -= g["cost"]
            self._push(*[["eff", e, self._ctx(s)] for e in g["effects"]], after)
        elif a == A_DEBATE_CARD:
            self.cubes[s] -= self._debate_card_cost(s)
            targets = self._debate_card_targets(s)
            self._ask("debate_target", s, [A_SLOT + i for i in targets])
        elif a == A_RESIGN:  # 6.2.3 / 3.2.1
            self.cubes[s] = 0
            self.resigned = True
            pm = self.seat_of("pm")
            self._set_standing(pm, self.standing[pm] + BOARD["resignation_rules"]["pm_standing"])
            self._push(after)
        elif A_PLAY <= a < A_DISCARD:
            k = a - A_PLAY
            c, o = k // 2, k % 2
            mult = 2 if c in self.turn["doubled"] else 1
            if mult == 2:
                self.turn["doubled"].remove(c)
            self.hand[s].remove(c)
            self.discards["supporters"].append(c)
            effs = SUPPORTER_LIST[c]["options"][o]["effects"]
            self._push(*[["eff", e, self._ctx(s, mult)] for e in effs], after)
        elif A_DISCARD <= a < A_KEEP:
            c = a - A_DISCARD
            self.hand[s].remove(c)
            if c in self.turn["doubled"]:
                self.turn["doubled"].remove(c)
            self.discards["supporters"].append(c)
            self._push(after)
        else:
            raise AssertionError(a)

    def _d_debate_target(self, pend, a) -> None:
        s = pend["player"]
        slot = a - A_SLOT
        cid = self._debate_card_of(s)
        side_name = "pact" if self.pact else "no_pact"
        side = DEBATE[cid]["sides"][side_name]
        b = self.bills[slot]
        b["debate"].append([cid, s, side_name])
        b["adj"] = max(ADJ_MIN, min(ADJ_MAX, b["adj"] + side["votes"]))
        self._push(["main", s])

    def _t_end_turn(self, s: int) -> None:
        if len(self.hand[s]) > HOLD_LIMIT:  # 7.3
            self._ask("discard", s, [A_DISCARD + c for c in self.hand[s]])
            self.tasks.insert(0, ["end_turn", s])
            return
        for e in self._mat(s).get("end_of_turn", []):  # 6.2.4
            if e["op"] == "standing":
                self._set_standing(s, self.standing[s] + e["amount"])
        self.turn = None

    def _d_discard(self, pend, a) -> None:
        s = pend["player"]
        c = a - A_DISCARD
        self.hand[s].remove(c)
        self.discards["supporters"].append(c)

    # --- effects ----------------------------------------------------------------------------------------------------
    def _t_eff(self, e: dict, ctx: dict) -> None:
        getattr(self, "_e_" + e["op"])(e, ctx)

    def _wait(self, kind: str, e: dict, ctx: dict, player: int, legal: list[int]) -> bool:
        """Ask for one sub-choice of an effect; returns True when it had to ask (the effect re-runs after)."""
        legal = sorted(set(legal))
        if len(legal) == 1:
            self._store_choice(kind, ctx, legal[0])
            return False
        self.tasks.insert(0, ["eff", e, ctx])
        self._ask(kind, player, legal)
        return True

    @staticmethod
    def _store_choice(kind: str, ctx: dict, a: int) -> None:
        key = {"eff_sector": ("_sector", A_SECTOR), "eff_party": ("_party", A_PARTY),
               "eff_player": ("_player", A_PLAYER), "eff_sign": ("_sign", A_SIGN), "eff_dir": ("_dir", A_DIR),
               "eff_bill": ("_bill", A_SLOT), "eff_option": ("_option", A_OPTION)}[kind]
        ctx[key[0]] = a - key[1]

    def _d_eff_choice(self, pend, a) -> None:
        self._store_choice(pend["kind"], self.tasks[0][2], a)

    _d_eff_sector = _d_eff_party = _d_eff_player = _d_eff_sign = _d_eff_dir = _d_eff_bill = _d_eff_option = \
        _d_eff_choice

    def _own_party(self, ctx: dict) -> int:
        return ctx["own"] if "own" in ctx else self.party[ctx["actor"]]

    def _e_sector(self, e, ctx) -> None:
        s = ctx["actor"]
        if "_sector" not in ctx:
            if e["sector"] == "politician":
                opts = [SECTOR_INDEX[x] for x in POLITICIANS[self.pol[s]]["campaign_sectors"]]
            elif e["sector"] == "any":
                opts = list(range(8))
            else:
                opts = [SECTOR_INDEX[e["sector"]]]
            if self._wait("eff_sector", e, ctx, s, [A_SECTOR + i for i in opts]):
                return
        if "_party" not in ctx:
            p = e["party"]
            own = self._own_party(ctx)
            opts = {"own": [own], "opponent": [1 - own], "liberal": [LIB], "conservative": [CON],
                    "any": [LIB, CON]}[p]
            if self._wait("eff_party", e, ctx, s, [A_PARTY + x for x in opts]):
                return
        if e.get("choose_sign") and "_sign" not in ctx:
            if self._wait("eff_sign", e, ctx, s, [A_SIGN, A_SIGN + 1]):
                return
        steps = e["steps"] * ctx.get("mult", 1) * (-1 if ctx.get("_sign") == 1 else 1)
        self._move_sector(ctx["_party"], ctx["_sector"], steps)

    def _person(self, e, ctx, who: str):
        s = ctx["actor"]
        if who == "self":
            return s
        if who == "pm":
            return self.seat_of("pm")
        if who == "opposition_leader":
            return self.seat_of("ol")
        return None  # "any": ask

    def _e_standing(self, e, ctx) -> None:
        self._e_person_track(e, ctx, "standing")

    def _e_favour(self, e, ctx) -> None:
        self._e_person_track(e, ctx, "favour")

    def _e_person_track(self, e, ctx, track: str) -> None:
        s = ctx["actor"]
        target = self._person(e, ctx, e["who"])
        if target is None:
            if "_player" not in ctx:
                if self._wait("eff_player", e, ctx, s, [A_PLAYER + p for p in range(self.n)]):
                    return
            target = ctx["_player"]
        if e.get("choose_sign") and "_sign" not in ctx:
            if self._wait("eff_sign", e, ctx, s, [A_SIGN, A_SIGN + 1]):
                return
        amt = e["amount"] * ctx.get("mult", 1) * (-1 if ctx.get("_sign") == 1 else 1)
        if track == "standing":
            self._set_standing(target, self.standing[target] + amt)
        else:
            self._set_favour(target, self.favour[target] + amt)

    def _e_vp(self, e, ctx) -> None:
        amt = e["amount"] * ctx.get("mult", 1)
        who = e["who"]
        if who == "self":
            self._award_self(ctx["actor"], amt)
        elif who == "pm":
            self._award_self(self.seat_of("pm"), amt)
        else:
            self._award_side(who, amt)

    def _e_votes(self, e, ctx) -> None:
        s = ctx["actor"]
        mult = ctx.get("mult", 1)
        if not self.bills:
            return
        if e.get("choose_sign") and "_sign" not in ctx:
            signs = [A_SIGN] + ([] if self._restricted(s) else [A_SIGN + 1])
            if self._wait("eff_sign", e, ctx, s, signs):
                return
        amt = e["amount"] * mult * (-1 if ctx.get("_sign") == 1 else 1)
        if e["target"] == "all_bills":
            slots = list(range(len(self.bills)))
        else:
            if "_bill" not in ctx:
                opts = self._bills_for(s, 1 if amt >= 0 else -1)
                if not opts:
                    return
                if self._wait("eff_bill", e, ctx, s, [A_SLOT + i for i in opts]):
                    return
            slots = [ctx["_bill"]]
        for i in slots:
            self.bills[i]["adj"] = max(ADJ_MIN, min(ADJ_MAX, self.bills[i]["adj"] + amt))

    def _e_influence(self, e, ctx) -> None:
        s = ctx["actor"]
        amount = e["mps"] * ctx.get("mult", 1)
        d = e.get("direction", "either")
        if d == "either" and "_dir" not in ctx:
            if self._wait("eff_dir", e, ctx, s, [A_DIR, A_DIR + 1]):
                return
        to_moderate = (d == "to_moderate") or (d == "either" and ctx.get("_dir") == 0)
        if to_moderate:
            k = min(amount, self.mps["P"])
            self.mps["P"] -= k
            self.mps["M"] += k
        else:
            k = min(amount, self.mps["M"])
            self.mps["M"] -= k
            self.mps["P"] += k

    def _e_draw_supporters(self, e, ctx) -> None:
        s = ctx["actor"]
        drawn = []
        for _ in range(e["draw"]):
            c = self._draw_supporter()
            if c is not None:
                drawn.append(c)
        keep = min(e["keep"], len(drawn))
        if keep >= len(drawn):
            self.hand[s].extend(drawn)
            return
        self._push(["keep", s, drawn, keep])

    def _t_keep(self, s: int, drawn: list, keep: int) -> None:
        if keep <= 0:
            for c in drawn:
                self.discards["supporters"].append(c)
            return
        self._ask("keep", s, [A_KEEP + c for c in drawn], drawn=drawn, left=keep)

    def _d_keep(self, pend, a) -> None:
        s, c = pend["player"], a - A_KEEP
        drawn = list(pend["drawn"])
        drawn.remove(c)
        self.hand[s].append(c)
        self._push(["keep", s, drawn, pend["left"] - 1])

    def _e_choice(self, e, ctx) -> None:
        s = ctx["actor"]
        if "_option" not in ctx:
            if self._wait("eff_option", e, ctx, s, [A_OPTION + i for i in range(len(e["options"]))]):
                return
        sub = e["options"][ctx["_option"]]
        base = {"actor": s, "mult": ctx.get("mult", 1)}
        self._push(*[["eff", x, dict(base)] for x in sub])

    # --- Bill Resolution (9.0) ------------------------------------------------------------------------------------------
    def _t_resolution(self) -> None:
        if not self.bills:
            return
        pm = self.seat_of("pm")
        legal = []
        for i, b in enumerate(self.bills):
            if b["bill"] not in self.refused_agreement:
                legal.append(A_RESOLVE + i)
            if self.projection(i) >= BOARD["bill_slots"]["vote_allowed_at"]:
                legal.append(A_RESOLVE + 3 + i)
            legal.append(A_RESOLVE + 6 + i)
        self._ask("resolve", pm, legal)

    def _d_resolve(self, pend, a) -> None:
        k, slot = divmod(a - A_RESOLVE, 3)
        if k == 0:
            self._ask("yesno", self.seat_of("ol"), [YES, NO], q="agreement", slot=slot)
        elif k == 1:
            p = self.projection(slot)
            u = None
            if p < 350:
                u = UNC_LIST[self._draw_uncertainty()]["vote"]
            if vote_passes(p, u):
                self._pass_bill(slot)
            else:
                self._fail_bill(slot, withdrawn=False)
        else:
            self._fail_bill(slot, withdrawn=True)

    def _pass_bill(self, slot: int, agreement: bool = False) -> None:
        b = self.bills.pop(slot)
        card = BILL_LIST[b["bill"]]
        pm = self.seat_of("pm")
        br = BOARD["bill_resolution"]
        t = []
        if BILL_DECK[b["bill"]] == 0:
            t += [["eff", e, {"actor": pm, "mult": 1, "own": self.party[pm]}] for e in card["effects"]]
        else:
            t += [["eff", e, {"actor": pm, "mult": 1}] for e in card["effects"]]
        t += [["eff", e, {"actor": pm, "mult": 1}] for e in card["personal"]]
        self._push(*t)
        self._push_after_effects(["debate_cards", b["debate"], "pass"])
        # VP (9.4): Cross-Party to both sides (once in a Pact); Party Bills to the Government only
        if BILL_DECK[b["bill"]] == 0:
            if self.pact:
                self._award_side("government", card["vp"])
            else:
                self._award(sorted(set(self.pool("government")) | set(self.pool("opposition"))), card["vp"])
        else:
            self._award_side("government", card["vp"])
        if agreement:
            self._award_side("opposition", br["agreement_opposition_vp"])

    def _fail_bill(self, slot: int, withdrawn: bool) -> None:
        b = self.bills.pop(slot)
        self._discard_bill(b["bill"])
        br = BOARD["bill_resolution"]
        pm, ol = self.seat_of("pm"), self.seat_of("ol")
        key = "withdraw" if withdrawn else "fail"
        self._set_standing(pm, self.standing[pm] + br[key + "_pm_standing"])
        self._set_standing(ol, self.standing[ol] + br[key + "_ol_standing"])
        if not self.pact:
            self._award_side("opposition", br[key + "_opposition_vp"])
        self._push(["debate_cards", b["debate"], "fail"])

    def _t_debate_cards(self, cards: list, outcome: str) -> None:
        t = []
        for cid, owner, side_name in cards:
            side = DEBATE[cid]["sides"][side_name]
            good = (side["reward_on"] == "pass") == (outcome == "pass")
            effs = side["reward"] if good else side["penalty"]
            t += [["eff", e, {"actor": owner, "mult": 1}] for e in effs]
        self._push(*t)

    # --- Challenges (10.0) ----------------------------------------------------------------------------------------------
    def _t_challenges(self) -> None:
        self._push(["challenge_step", "gbb", "pm"], ["challenge_step", "obb", "ol"],
                   ["challenge_step", "ol", "pm"])

    def _t_challenge_step(self, ch_role: str, t_role: str) -> None:
        ch, t = self.seat_of(ch_role), self.seat_of(t_role)
        if ch < 0 or t < 0:
            return
        if can_challenge(self.standing[ch], self.favour[ch], self.standing[t], self.favour[t]):
            self._ask("yesno", ch, [YES, NO], q="challenge", target=t)

    def _challenge(self, ch: int, t: int) -> None:
        ch_role, t_role = self.role[ch], self.role[t]
        old_standing = self.standing[ch]
        was_resigned = ch_role == "gbb" and self.resigned
        self.role[ch], self.role[t] = t_role, ch_role
        ch_mat, t_mat = self._mat(ch), self._mat(t)
        self.standing[ch] = max(min(old_standing, ch_mat["standing_max"]), ch_mat["standing_start"])
        self.standing[t] = t_mat["standing_start"]
        if ch_role == "obb":  # new OL: Debate Card on the board removed without effect (6.2.1)
            for b in self.bills:
                b["debate"] = [d for d in b["debate"] if d[1] != ch]
        if t_role == "pm":
            if ch_role == "ol":  # changeover by Challenge (10.2)
                self.gov_party = self.party[ch]
                self._flip_backbenchers()
                self.marker = False
                self.minority_by_challenge = True
            self.lost_challenge = t
            for b in self.bills:  # remove bills and their Debate Cards
                self._discard_bill(b["bill"])
            self.bills = []
            if was_resigned:
                self.resigned = False
                self._award([ch], MATS["pm_front"]["replacement_bonus_vp"])
            else:
                self._award_side("government", MATS["pm_front"]["replacement_bonus_vp"])
        self._deal_careers(ch)
        self._deal_careers(t)
        self._check_victory()

    def _flip_backbenchers(self) -> None:
        gbb, obb = self.seat_of("gbb"), self.seat_of("obb")
        if gbb >= 0:
            self.role[gbb] = "obb"
        if obb >= 0:
            self.role[obb] = "gbb"
        self.resigned = False  # a Resigned Backbencher joins the Opposition (3.3, PM-A23)
        for s in (gbb, obb):
            if s >= 0:
                self._deal_careers(s)

    # --- Election (11.0) -------------------------------------------------------------------------------------------------
    def _t_election_phase(self) -> None:
        if self.bills:
            return
        pm = self.seat_of("pm")
        legal = [A_ELECTION]
        if self.marker and self.vp[pm] < BOARD["score_track"]["no_postpone_at"]:
            legal.append(A_ELECTION + 1)
        self._ask("election", pm, legal)

    def _d_election(self, pend, a) -> None:
        if a == A_ELECTION + 1:
            self.marker = False
            return
        gov = self.gov_party
        u = self._draw_uncertainty()
        card = UNC_LIST[u]
        gov_seats = self.projected(gov) + card["election"]
        pm, ol = self.seat_of("pm"), self.seat_of("ol")
        result = election_winner(gov_seats, self.favour[pm], self.favour[ol])
        if self.minority_by_challenge:
            result = "government"
        elif card["royal_interference"] is not None and self.favour[pm] != self.favour[ol]:
            fav = pm if self.favour[pm] > self.favour[ol] else ol
            fav_seats = gov_seats if fav == pm else TOTAL_SEATS - gov_seats
            fav_side = "government" if fav == pm else "opposition"
            if (fav_side != result and fav_seats >= card["royal_interference"]
                    and self.lost_challenge != fav):
                self._ask("yesno", fav, [YES, NO], q="royal", gov_seats=gov_seats, unc=u, fav_is_ol=fav == ol)
                return
        self._finish_election(gov_seats, result, u)

    def _finish_election(self, gov_seats: int, result: str, unc: int) -> None:
        gov = self.gov_party
        a0 = self.mps["A"]
        seats = {gov: gov_seats, 1 - gov: TOTAL_SEATS - gov_seats}
        g0 = self.mps_party  # after a changeover by Challenge the tracker still shows the old Government (PM-A64)
        before = {g0: a0, 1 - g0: round10(TOTAL_SEATS - a0)}
        # 11.3 Election VP (PM-A64), to the pools as they stand before any changeover
        for party, side in ((gov, "government"), (1 - gov, "opposition")):
            v = election_vp(before[party], seats[party])
            if v:
                self._award_side(side, v)
                if self.over:
                    return
        if result == "opposition":  # 11.4 changeover
            pm, ol = self.seat_of("pm"), self.seat_of("ol")
            self.role[pm], self.role[ol] = "ol", "pm"
            self.standing[ol] = self._mat(ol)["standing_start"]
            self.standing[pm] = self._mat(pm)["standing_start"]
            self.gov_party = 1 - gov
            self._flip_backbenchers()
            self._award_side("government", MATS["pm_front"]["replacement_bonus_vp"])
            if self.over:
                return
        g = self.gov_party
        a = max(0, min(660, round10(seats[g])))  # 11.5
        p = min(a, self.partisan(g))
        self.mps = {"A": a, "M": a - p, "P": p}
        self.mps_party = g
        self.marker = True
        self._check_victory()

    # ==========================================================================================================
    # observation, JSON, rendering
    # ==========================================================================================================
    def observation(self, player: int, out: np.ndarray | None = None) -> np.ndarray:
        v = self._obs(player)
        if out is not None:
            out[:] = v
            return out
        return v

    def global_observation(self) -> np.ndarray:
        return np.concatenate([self._obs(p) for p in range(self.n)])

    def _obs(self, p: int) -> np.ndarray:
        n = self.n
        seats = [(p + i) % n for i in range(n)]
        parts = []
        cur = self.current_player()
        parts.append([1.0 if s == cur else 0.0 for s in seats])
        role = []
        for s in seats:
            role += [1.0 if self.role[s] == r else 0.0 for r in ROLES]
        parts.append(role)
        parts.append([float(self.party[s]) for s in seats])
        pol = []
        for s in seats:
            pol += [1.0 if POLITICIANS[self.pol[s]]["number"] == k + 1 else 0.0 for k in range(10)]
        parts.append(pol)
        parts.append([self.standing[s] / 14 for s in seats])
        parts.append([self.favour[s] / 8 for s in seats])
        parts.append([self.vp[s] / 100 for s in seats])
        parts.append([self.cubes[s] / 5 for s in seats])
        parts.append([len(self.hand[s]) / 8 for s in seats])
        car = []
        for s in seats:
            car += [1.0 if self._career_active(s, c) else 0.0 for c in CAREER_ORDER]
        parts.append(car)
        parts.append([x / 8 for x in self.sector_pos[LIB] + self.sector_pos[CON]])
        lead = self.lead()
        parts.append([max(0, -lead) / 50, max(0, lead) / 50])
        parts.append([self.mps["A"] / 660, self.mps["M"] / 660, self.mps["P"] / 660])
        parts.append([float(self.gov_party)])
        parts.append([float(self.pact), float(self.resigned), float(self.marker), float(self.minority_by_challenge),
                      float(self.foth_holder() >= 0), self.round / 50])
        bills = []
        for i in range(3):
            if i < len(self.bills):
                b = self.bills[i]
                card = BILL_LIST[b["bill"]]
                d = [x[0] for x in b["debate"]]
                bills += [1.0] + [1.0 if card["icon"] == k else 0.0 for k in "AMP"] + [
                    b["adj"] / 100, self.projection(i) / 400, card["vp"] / 7] + [
                    1.0 if BILL_DECK[b["bill"]] == k else 0.0 for k in range(3)] + [
                    float("debate_gov_backbencher" in d), float("debate_opp_backbencher" in d),
                    float("debate_opposition_leader" in d)]
            else:
                bills += [0.0] * 12
        parts.append(bills)
        keys = ("supporters", "events", "cross_party", "liberal", "conservative")
        parts.append([len(self.decks[k]) / 40 for k in keys] + [len(self.discards[k]) / 40 for k in keys])
        lu = [0.0] * len(UNC_IDS)
        if self.last_unc >= 0:
            lu[self.last_unc] = 1.0
        parts.append(lu)
        rev = [0.0] * len(BILL_IDS)
        pm = self.seat_of("pm")
        for b, s in self.proposed:
            if s == pm or self.revealed_ok:
                rev[b] = 1.0
        parts.append(rev)
        ev = [0.0] * len(EVENT_IDS)
        if self.event >= 0:
            ev[self.event] = 1.0
        parts.append(ev)
        ph = [0.0] * len(PHASES)
        if self.pending is not None:
            ph[PHASE_INDEX[self.pending["kind"]]] = 1.0
        parts.append(ph)
        qv, qs, rq = [0.0] * len(QUESTIONS), [0.0] * 3, [0.0] * (len(SUP_IDS) + 2)
        pend = self.pending
        if pend is not None and pend["kind"] == "yesno":
            qv[QUESTION_INDEX[pend["q"]]] = 1.0
            if pend["q"] == "agreement":
                qs[pend["slot"]] = 1.0
        if pend is not None and pend["kind"] == "permit":
            a = pend["request"]
            if A_PLAY <= a < A_DISCARD:
                rq[(a - A_PLAY) // 2] = 1.0
            elif A_ACT <= a < A_CAREER:
                rq[len(SUP_IDS)] = 1.0
            else:
                rq[len(SUP_IDS) + 1] = 1.0
        parts += [qv, qs, rq]
        own = [0.0] * len(SUP_IDS)
        for c in self.hand[p]:
            own[c] += 1.0
        if self.pending is not None and self.pending["kind"] == "keep" and self.pending["player"] == p:
            for c in self.pending["drawn"]:
                own[c] += 1.0
        parts.append(own)
        ob = [0.0] * len(BILL_IDS)
        for b in self.bill_hand[p]:
            ob[b] = 1.0
        if not self.revealed_ok:
            for b, s in self.proposed:
                if s == p:
                    ob[b] = 1.0
        parts.append(ob)
        out = np.fromiter((x for part in parts for x in part), dtype=np.float32)
        return out

    def to_json(self) -> dict:
        d = {k: copy.deepcopy(getattr(self, k)) for k in STATE_FIELDS}
        d["game"] = "prime_minister"
        d["version"] = 1
        d["config"] = self.game.config()
        d["rng"] = rng_to_json(self.rng)
        return d

    @classmethod
    def from_json(cls, game: PrimeMinisterGame, data: dict) -> "PrimeMinisterState":
        if not isinstance(data, dict) or data.get("game") != "prime_minister" or data.get("version") != 1:
            raise StateFormatError("prime_minister: not a saved Prime Minister state (version 1)")
        if data.get("n") != game.num_players:
            raise StateFormatError("prime_minister: saved state has a different number of players")
        try:
            st = cls(game, rng_from_json(data["rng"]))
            for k in STATE_FIELDS:
                setattr(st, k, copy.deepcopy(data[k]))
        except KeyError as exc:
            raise StateFormatError(f"prime_minister: saved state lacks {exc}") from None
        legal = st.pending["legal"] if st.pending else []
        st._legal = list(legal)
        st._legal_set = frozenset(legal)
        return st

    def render(self, player: int | None = None) -> str:
        lines = [f"Round {self.round}  Pact: {self.pact}  Resigned: {self.resigned}  Marker: {self.marker}  "
                 f"Government: {PARTY_NAMES[self.gov_party]}  MPs A{self.mps['A']} M{self.mps['M']} P{self.mps['P']}"]
        lead = self.lead()
        lines.append("Lead: " + ("tied" if lead == 0 else f"{PARTY_NAMES[CON if lead > 0 else LIB]} +{abs(lead)}"))
        for s in range(self.n):
            hand = (f" hand={[SUPPORTER_LIST[c]['name'] for c in self.hand[s]]}" if player in (None, s)
                    else f" hand={len(self.hand[s])} cards")
            lines.append(f"  seat {s} {POLITICIANS[self.pol[s]]['name']} ({PARTY_NAMES[self.party[s]]}) "
                         f"{self.role[s]} Standing {self.standing[s]} Favour {self.favour[s]} VP {self.vp[s]} "
                         f"cubes {self.cubes[s]}{hand}")
        for i, b in enumerate(self.bills):
            c = BILL_LIST[b["bill"]]
            lines.append(f"  bill {i + 1}: {c['name']} {c['icon']}{b['adj']:+d} = {self.projection(i)} "
                         f"debate={[d[0] for d in b['debate']]}")
        if self.over:
            lines.append(f"Game over: winner {self.winners()} truncated={self.truncated}")
        elif self.pending:
            lines.append(f"To move: seat {self.pending['player']} ({self.pending['kind']})")
        return "\n".join(lines)
