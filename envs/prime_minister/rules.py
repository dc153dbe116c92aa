"""Prime Minister (``prime_minister.txt``): the rules engine. Plain Python; readings of unclear text in ``RULES.md``.

The state is a *task queue* plus at most one *pending decision*. Every phase of Parliamentary Order, every effect
of a card and every negotiated step ("by agreement", "with the PM's permission", "may decline") is a task; a task
that needs a choice sets ``pending`` (the deciding seat and the legal action ids) and waits for that seat's
action. Everything in the state is plain JSON data, so ``to_json`` / ``state_from_json`` continue identically.

Seats are ``0..n-1``; parties ``0`` = Liberal, ``1`` = Conservative; roles ``pm``, ``ol``, ``gbb`` (Government
Backbencher), ``obb`` (Opposition Backbencher). The flat action table is documented in ``RULES.md`` and in
:data:`ACTION_BLOCKS`.

Options: ``scenario`` (1..7: ``_scenario_setup`` plus hooks keyed on ``self.scen["num"]`` in Bill Selection, bill
resolution, Events, Challenges, Elections, round end and victory; ``self.scen`` is the scenario's JSON state),
``question_time`` (PMQT: ``qt_hands``, the ``question`` / ``qt_call`` / ``qt_card`` decisions) and
``alternate_vote_tracker`` (``render`` only).
"""
from __future__ import annotations

import copy

import numpy as np

from ..core.rules import (ConfigError, DealError, Game, IllegalActionError, Option, State, StateFormatError,
                          illegal_action_message, new_rng, rng_from_json, rng_to_json)
from ..core.world import field_table
from . import data_loader as dl

# --- component data -------------------------------------------------------------------------------------------
DOCS = dl.data()
POLITICIANS = dl.by_id("politicians", DOCS)
MATS = dl.by_id("mats", DOCS)
BOARD = dl.by_id("board", DOCS)
SECTOR_LIST = list(DOCS["sectors"]["entries"])
SECTORS = [e["name"] for e in SECTOR_LIST]
SECTOR_INDEX = {s: i for i, s in enumerate(SECTORS)}


def _indexed(kind: str) -> tuple[list[dict], list[str], dict[str, int]]:
    """A data file's entries, their ids in file order, and id -> position."""
    entries = DOCS[kind]["entries"]
    ids = [e["id"] for e in entries]
    return entries, ids, {x: i for i, x in enumerate(ids)}


BILL_LIST, BILL_IDS, BILL_INDEX = _indexed("bills")
SUPPORTER_LIST, SUP_IDS, SUP_INDEX = _indexed("supporters")
EVENT_LIST, EVENT_IDS, EVENT_INDEX = _indexed("events")
UNC_LIST, UNC_IDS, UNC_INDEX = _indexed("uncertainty")
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
A_SCEN = A_ELECTION + 2                     # + 0 Scenario 5 Workers action / 1 Scenario 7 Devonshire Campaign
#                                             2 leave the Liberals / 3 join the Conservatives / 4 Irish Coercion Act
NUM_ACTIONS = A_SCEN + 5

ACTION_BLOCKS = [
    ("yes", YES, 1), ("no", NO, 1), ("end_turn", END_TURN, 1), ("politician_action", A_ACT, 10),
    ("career_action", A_CAREER, len(CAREER_ACTIONS)), ("debate_card", A_DEBATE_CARD, 1), ("resign", A_RESIGN, 1),
    ("play_supporter", A_PLAY, 2 * len(SUP_IDS)), ("discard_supporter", A_DISCARD, len(SUP_IDS)),
    ("keep_supporter", A_KEEP, len(SUP_IDS)), ("sector", A_SECTOR, 8), ("party", A_PARTY, 2),
    ("player", A_PLAYER, 4), ("sign", A_SIGN, 2), ("influence_direction", A_DIR, 2), ("bill_slot", A_SLOT, 3),
    ("option", A_OPTION, 3), ("draw_bill", A_DRAW, 2), ("bill", A_BILL, len(BILL_IDS)),
    ("resolve", A_RESOLVE, 9), ("opposition_order", A_ORDER, 2), ("election", A_ELECTION, 2),
    ("scenario_action", A_SCEN, 5),
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
    if A_ELECTION <= a < A_SCEN:
        return ("hold Election", "remove Election Marker")[a - A_ELECTION]
    if A_SCEN <= a < NUM_ACTIONS:
        return ("Workers Popularity action (Scenario 5)", "Devonshire Campaign action (Scenario 7)",
                "Devonshire leaves the Liberal Party (Scenario 7)", "Devonshire joins the Conservatives (Scenario 7)",
                "Devonshire introduces the Irish Coercion Act (Scenario 7)")[a - A_SCEN]
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


SCENARIOS = {e["number"]: e for e in DOCS["scenarios"]["entries"]}
EFFECT_OPS = ("sector", "standing", "favour", "vp", "votes", "influence", "draw_supporters", "choice")
SOURCE_KINDS = ("action", "career", "supporter", "event", "bill", "debate_card", "round_start", "scenario")


ROLE_INDEX = {r: i for i, r in enumerate(("pm", "ol", "gbb", "obb"))}
POL_NUMBER = {pid: p.get("number") or 0 for pid, p in POLITICIANS.items()}
CAREER_INDEX = {c: i for i, c in enumerate(CAREERS)}
DEBATE_SLOT = {"debate_gov_backbencher": 0, "debate_opp_backbencher": 1, "debate_opposition_leader": 2}
DECK_KEYS = ("supporters", "events", "cross_party", "liberal", "conservative")
EFFECT_INDEX = {e: i for i, e in enumerate(EFFECT_OPS)}
SOURCE_INDEX = {k: i for i, k in enumerate(SOURCE_KINDS)}
SOURCE_SUB = {"action": len(SOURCE_KINDS), "supporter": len(SOURCE_KINDS) + len(ABILITIES),
              "bill": len(SOURCE_KINDS) + len(ABILITIES) + len(SUP_IDS),
              "career": len(SOURCE_KINDS) + len(ABILITIES) + len(SUP_IDS) + len(BILL_IDS)}


class PrimeMinisterGame(Game):
    name = "prime_minister"
    min_players = 2
    max_players = 4
    OPTIONS = {
        "max_rounds": Option(50, int, "end the game after this many rounds (0 = no limit): truncation, no winner",
                             check=lambda v: v >= 0, expected="int >= 0"),
        "scenario": Option(0, int, "0 = the standard game; 1..7 = the rulebook's Scenarios (setups, rule changes, "
                           "victory conditions; player counts checked)", check=lambda v: 0 <= v <= 7,
                           expected="an int in 0..7"),
        "question_time": Option(False, bool, "Prime Minister's Question Time (optional rule, 4 players)"),
        "alternate_vote_tracker": Option(False, bool, "render bill projections as on the Alternate Vote Tracker "
                                         "(<150 / >500 ends); changes no rule"),
    }

    def __init__(self, num_players: int = 4, **options):
        super().__init__(num_players, **options)
        self.num_actions = NUM_ACTIONS
        self.max_rounds = self.options["max_rounds"]
        self.scenario = self.options["scenario"]
        self.question_time = self.options["question_time"]
        self.avt = self.options["alternate_vote_tracker"]
        self.scen_data = SCENARIOS[self.scenario] if self.scenario else None
        if self.scen_data and num_players not in self.scen_data["player_counts"]:
            raise ConfigError(f"prime_minister: Scenario {self.scenario} ({self.scen_data['name']}) is for "
                              f"{' or '.join(map(str, self.scen_data['player_counts']))} players, not {num_players}")
        if self.question_time and num_players != 4:
            raise ConfigError(f"prime_minister: question_time=True needs 4 players, not {num_players}")
        if self.question_time and self.scenario not in (0, 6):
            raise ConfigError("prime_minister: question_time is for the standard game and Scenario 6 only")
        n = num_players
        rows = [
            ("to_move", n, "per seat (self first, then clockwise): 1 for the seat that decides now"),
            ("role", n * 4, "per seat: one-hot PM, Opposition Leader, Government Backbencher, Opposition Backbencher"),
            ("party", n, "per seat: 1 Conservative, 0 Liberal"),
            ("politician", n * 10, "per seat: one-hot Politician 1..10 (all 0 for Devonshire, Scenario 7)"),
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
            ("bills", 3 * 13, "per slot: present, icon A/M/P, adjustment/100, projection/400, VP/7, deck CP/Lib/Con, "
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
            ("pending_effect", len(EFFECT_OPS) + 4, "the effect a sub-choice (eff_*) belongs to: one-hot op, then its "
                                                    "steps, amount, MPs / 10 and the multiplier (Father of the House)"),
            ("pending_source", len(SOURCE_KINDS) + len(ABILITIES) + len(SUP_IDS) + len(BILL_IDS) + len(CAREER_ORDER),
             "where that effect comes from: one-hot kind (action, career, supporter, event, bill, debate_card, "
             "round_start, scenario), then the ability, the Supporter card, the bill and the Career card concerned "
             "(an Event's card is in 'event')"),
            ("scenario", 8 + 8, "one-hot scenario 0..7; VP tracked; Pact removed; bill-draw marker / 6 "
                                "(Scenario 4); Workers doubled (Scenario 5); Elections held / 2 (Scenario 2); Irish "
                                "Agenda passed / 3; Scenario 7: Devonshire a Liberal Unionist, Devonshire a Conservative"),
            ("aside_bills", len(BILL_IDS), "public set-aside scenario bills still available for selection"),
            ("question_time", n + len(EVENT_IDS), "PMQT: Event cards held per seat / 2 (self first, then clockwise), "
                                                  "then own Event cards (hidden from the others)"),
        ]
        self.fields = field_table(rows)
        self.observation_size = sum(r[1] for r in rows)
        self.off = {f[0]: f[1] for f in self.fields}

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
          "election", "debate_target", "qt_call", "qt_card", "ia_play", "ica_slot", "debate_side")
PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
QUESTIONS = ("end_pact", "restart_pact", "propose_pact", "accept_pact", "agreement", "request_rejoin",
             "accept_rejoin", "deputy", "challenge", "royal", "question", "workers")
QUESTION_INDEX = {q: i for i, q in enumerate(QUESTIONS)}
CAREER_ORDER = list(CAREERS)

STATE_FIELDS = (
    "n", "round", "pol", "party", "role", "standing", "favour", "vp", "cubes", "hand", "bill_hand", "sector_pos",
    "gov_party", "mps", "bills", "decks", "discards", "unc_stack", "pact", "resigned", "marker", "careers",
    "tasks", "pending", "over", "winner", "truncated", "turn", "proposed", "revealed_ok", "selected_count",
    "refused_agreement", "minority_by_challenge", "lost_challenge", "event", "score_version",
    "ever_split", "last_unc", "setup_done", "mps_party", "won", "scen", "qt_hands",
)


class PrimeMinisterState(State):
    """One game of Prime Minister in progress."""

    _src_width = len(SOURCE_KINDS) + len(ABILITIES) + len(SUP_IDS) + len(BILL_IDS) + len(CAREERS)

    def __init__(self, game: PrimeMinisterGame, rng):
        self.game = game
        self.rng = rng
        self.n = game.num_players
        self.score_version = 0
        self.truncated = False
        self.over = False
        self.winner = -1
        self.won = []
        self.scen = {}
        self.qt_hands = [[] for _ in range(self.n)]

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
        sc = self.game.scen_data
        if sc is not None:
            entries = [e for e in sc["players"] if n in e.get("player_counts", [n]) and e["politician"]]
            want = sorted(e["politician"] for e in entries)
            if "politicians" in deal:
                pols = list(deal["politicians"])
                if sorted(pols) != want and len(entries) == n:
                    raise DealError(f"prime_minister: Scenario {sc['number']} uses the Politicians {want}")
            else:
                pols = None
            if len(entries) < n:  # Scenario 6 names no Politicians: the standard draw, then its overrides
                sc_roles = None
            else:
                sc_roles = {e["politician"]: e for e in entries}
                if pols is None:
                    pols = sorted(sc_roles)
                    self.rng.shuffle(pols)  # "randomly or by agreement"
        if sc is not None and sc_roles is not None:
            pass
        elif "politicians" in deal:
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
        self.gov_party = LIB
        if sc is not None and sc_roles is not None:
            short = {"pm": "pm", "opposition_leader": "ol", "government_backbencher": "gbb",
                     "opposition_backbencher": "obb"}
            for s_, pid in enumerate(pols):
                self.role[s_] = short[sc_roles[pid]["role"]]
            self.gov_party = PARTY_KEY[sc["government_party"]]
        else:
            for party, lead_role, bb_role in ((LIB, "pm", "gbb"), (CON, "ol", "obb")):
                members = sorted((POLITICIANS[pols[s]]["number"], s) for s in range(n) if self.party[s] == party)
                for k, (_, s) in enumerate(members):
                    self.role[s] = lead_role if k == 0 else bb_role
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
        if sc is not None:
            self._scenario_setup(sc)
        if n == 3 and self.scen.get("solo", 1) >= 0:  # 2.5: the party alone (Liberal) draws 2 free Supporters
            lib = self.party.index(self._solo_party())
            for _ in range(BOARD["setup"]["three_player_liberal_adjustments"]["free_supporters_at_setup"]):
                c = self._draw_supporter()
                if c is not None:
                    self.hand[lib].append(c)
        self.setup_done = True
        self.tasks = [["round_start"]]
        self._advance()

    def _scenario_setup(self, sc: dict) -> None:
        """The setup adjustments of Scenarios 1-7 (``data/scenarios.json``, L993-1237), over the standard setup."""
        num = sc["number"]
        n = self.n
        removed = set(sc.get("removed", []))
        self.scen = {"num": num, "vp": bool(sc["vp_tracked"]), "no_pact": "pact" in removed or num == 7,
                     "no_foth": "father_of_the_house" in removed, "no_resign": "resignation" in removed,
                     "no_marker": "election_marker" in removed, "aside": [], "elections": 0}
        if num == 5 and n == 3:
            self.scen["solo"] = CON
        if num == 7:
            self.scen["solo"] = -1
        # roles -> mats, Standing / Favour / VP overrides
        self.standing = [self._mat(s_)["standing_start"] for s_ in range(n)]
        by_pol = {e["politician"]: e for e in sc["players"] if e["politician"]}
        for s_ in range(n):
            e = by_pol.get(self.pol[s_])
            if e is None and num == 6 and self.role[s_] == "ol":
                e = sc["players"][0]
            if e is None:
                continue
            if "standing" in e:
                self.standing[s_] = e["standing"]
            if "favour" in e:
                self.favour[s_] = e["favour"]
            if "vp" in e:
                self.vp[s_] = e["vp"]
        for party, moves in sc.get("sector_positions", {}).items():
            for name, value in moves.items():
                i = SECTOR_INDEX[name]
                self.sector_pos[PARTY_KEY[party]][i] = SECTOR_LIST[i]["positions"].index(value)
        if "government_mps" in sc:
            self.mps = dict(sc["government_mps"])
        self.mps_party = self.gov_party
        if self.scen["no_pact"]:
            self.pact = False
        if "election_marker" in removed or "election_marker_off_board" in removed:
            self.marker = False
        # set-aside bills (public, next to the board)
        for ids in sc.get("set_aside_bills", {}).values():
            for bid in ids:
                b = BILL_INDEX[bid]
                deck = DECKS[BILL_DECK[b]]
                if b in self.decks[deck]:
                    self.decks[deck].remove(b)
                self.scen["aside"].append(b)
        if num == 1:  # bills already on the board, the 9-card Event deck
            for bid in sc["bills_on_board"]:
                b = BILL_INDEX[bid]
                self.decks["conservative"].remove(b)
                self.bills.append({"bill": b, "adj": BILL_LIST[b]["adjustment"], "debate": []})
            self.scen["aside"] = []
            evs = [EVENT_INDEX[x] for x in sc["event_deck"]]
            self.decks["events"] = sorted(evs)
            self.rng.shuffle(self.decks["events"])
        if num == 2:
            self.scen["agenda"] = [BILL_INDEX[x] for x in sc["set_aside_bills"]["irish_agenda"]]
            self.scen["agenda_passed"] = []
            self.scen["gladstone"] = self.pol.index("P04")
            self.scen["disraeli"] = self.pol.index("P09")
            self.scen["glad_was_pm"] = False
        if num == 3:
            self.scen["queens"] = list(self.scen["aside"])
            self.scen["queen_selected_by"] = {}
        if num == 4:
            self.scen["marker"] = sc["bill_draw_marker_start"]
            self.scen["importation"] = BILL_INDEX["LB06"]
            self.scen["under_ia"] = []
            self.scen["ia_passed"] = False
        if num == 5:
            self.scen["act"] = BILL_INDEX["LB03"]
            riots = EVENT_INDEX["EV15"]
            self.decks["events"].remove(riots)
            self.scen["riots"] = riots
            self.scen["riots_in_deck"] = False
            self.scen["act_passed_by"] = -1
            self.scen["workers_doubled"] = False
            self.scen["opp_lowered"] = False
            self.scen["workers_used"] = False
        if num == 7:
            dev = self.pol.index("devonshire")
            self.scen["devonshire"] = dev
            self.scen["campaign_used"] = False
            sup = SUP_INDEX[sc["removed_supporters"][0]]
            if sup in self.decks["supporters"]:
                self.decks["supporters"].remove(sup)
            self.scen["gladstone_bill"] = BILL_INDEX["LB07"]
            self.scen["salisbury_bill"] = BILL_INDEX["CB02"]
            self.scen["ica"] = BILL_INDEX["CB01"]  # next to Devonshire's mat; only his action introduces it
            self.scen["dev_side"] = "liberal"
            self.scen["ppa_passed"] = False
        for s_ in range(n):
            self._deal_careers(s_)
        if num == 7:
            dev = self.scen["devonshire"]
            self.careers[dev] = {"chief_whip_gov": 1} if "chief_whip_gov" in CAREERS else {}
            sal = self.pol.index("P06")
            self.careers[sal] = {}
            self.scen["dpl"] = sal  # the activated Deputy Party Leader Career Card
        if not self.scen["vp"]:
            self.vp = [0] * n
        self.scen["home"] = list(self.scen["aside"])

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
        side = "reverse" if self.n == 3 and self.party[s] == self._solo_party() else "front"
        return MATS[("pm_" if r == "pm" else "ol_") + side]

    def _solo_party(self) -> int:
        """2.5: the 3-player adjustments go to the party with one player (the Liberals in the standard game;
        Scenario 5 the Conservatives; Scenario 7 none: -1)."""
        if self.n != 3:
            return -1
        if "solo" in self.scen:
            return self.scen["solo"]
        return LIB

    def _unionist(self) -> int:
        """Scenario 7: Devonshire's seat while he is an independent Liberal Unionist, else -1."""
        if self.scen.get("num") == 7 and self.scen["dev_side"] == "unionist":
            return self.scen["devonshire"]
        return -1

    def _is_gov(self, s: int) -> bool:
        return self.role[s] in ("pm", "gbb")

    def _restricted(self, s: int) -> bool:
        """May not lower Government bills (Opposition in a Pact; non-Resigned Government Backbencher)."""
        if s == self._unionist():
            return False
        r = self.role[s]
        if r == "pm":
            return False
        if r == "gbb":
            return not self.resigned
        return self.pact

    def _restricted_by(self, s: int, src: list | None) -> bool:
        """``_restricted`` for an effect from source ``src``: in Scenario 7 Devonshire, as a Backbencher in
        Government, "is free to use Supporter Debate actions as you wish" (L1217, L1225); only his mat's Debate
        action may not lower Government bills."""
        if self.scen.get("num") == 7 and s == self.scen["devonshire"] and src and src[0] == "supporter":
            return False
        return self._restricted(s)

    def _needs_permission(self, s: int) -> bool:
        """Influence needs the PM's permission (3.1, 3.2, PM-A82)."""
        if self.scen.get("num") == 7 and s == self.scen["devonshire"]:
            return False  # L1217
        r = self.role[s]
        if r == "pm":
            return False
        if r == "gbb":
            return not self.resigned
        return self.pact

    def _deal_careers(self, s: int) -> None:
        r = self.role[s]
        if self.scen.get("num") == 7:  # L1199-1201: only Devonshire's Chief Whip cards are in play
            if s != self.scen["devonshire"] or self.scen.get("dev_side") == "unionist":
                self.careers[s] = {}
            else:
                self.careers[s] = {"chief_whip_gov" if r == "gbb" else "chief_whip_opp": 1}
            return
        if r not in ("gbb", "obb"):
            self.careers[s] = {}
            return
        side = "government" if r == "gbb" else "opposition"
        abil = POLITICIANS[self.pol[s]]["abilities"]
        self.careers[s] = {cid: 0 for cid in CAREER_ORDER if CAREERS[cid]["side"] == side
                           and (CAREERS[cid]["requirements"]["ability"] is None
                                or CAREERS[cid]["requirements"]["ability"] in abil)}

    def _careers_usable(self, s: int) -> bool:
        if s == self._unionist():
            return False
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
        if self.scen.get("no_foth") or pm < 0 or self.vp[pm] < BOARD["score_track"]["father_of_the_house_at"]:
            return -1
        obb = self.seat_of("obb")
        return obb if obb >= 0 else self.seat_of("ol")

    # --- Popularity --------------------------------------------------------------------------------------------
    def points(self, party: int) -> int:
        pos = self.sector_pos[party]
        total = sum(SECTOR_LIST[i]["positions"][pos[i]] for i in range(8))
        if self.scen.get("workers_doubled"):  # Scenario 5, L1147: Workers values doubled (not Partisan points)
            w = SECTOR_INDEX["Workers"]
            total += SECTOR_LIST[w]["positions"][pos[w]]
        return total

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
        return bill_projection(b.get("icon") or BILL_LIST[b["bill"]]["icon"], b["adj"], self.mps)

    # --- VP and pooling (3.0, PM-A10..A13) ---------------------------------------------------------------------
    def pool(self, who: str) -> list[int]:
        """Seats that share an award to ``who`` ("government" / "opposition")."""
        members = []
        uni = self._unionist()
        for s in range(self.n):
            r = self.role[s]
            if (r == "gbb" and self.resigned) or s == uni:
                continue
            if self.pact or (who == "government") == (r in ("pm", "gbb")):
                members.append(s)
        return members

    def _award(self, seats: list[int], amount: int) -> None:
        if amount <= 0 or not seats or self.scen.get("vp") is False:
            return
        for s in seats:
            self.vp[s] = min(VP_MAX, self.vp[s] + amount)
        self.score_version += 1
        self._check_victory()

    def _award_side(self, who: str, amount: int) -> None:
        self._award(self.pool(who), amount)

    def _award_self(self, s: int, amount: int) -> None:
        if (self.role[s] == "gbb" and self.resigned) or s == self._unionist():
            self._award([s], amount)
        else:
            self._award_side("government" if self._is_gov(s) else "opposition", amount)

    def _check_victory(self) -> None:
        if self.over:
            return
        pm = self.seat_of("pm")
        num = self.scen.get("num", 0)
        win_at = BOARD["score_track"]["win_at"]
        if num == 2:  # L1043-1046: Disraeli wins at once by retaking the PM's position
            if pm == self.scen["gladstone"]:
                self.scen["glad_was_pm"] = True
            elif pm == self.scen["disraeli"] and self.scen["glad_was_pm"]:
                self._end([pm])
            return
        if num == 4:  # no VP: victory only through the Importation Act (L1108-1111)
            return
        if num == 7:  # L1233-1237: Devonshire wins ties
            dev = self.scen["devonshire"]
            if self.vp[dev] >= win_at and (self.role[dev] == "gbb" or dev == self._unionist()):
                self._end([dev])
                return
        if pm >= 0 and self.vp[pm] >= win_at:
            self._end([pm])

    def _end(self, winners: list[int]) -> None:
        """The game ends with ``winners`` (a scenario team may win jointly)."""
        self.over = True
        self.won = sorted(winners)
        self.winner = self.won[0] if self.won else -1
        self.tasks = []
        self.pending = None
        self._legal = []
        self._legal_set = frozenset()
        self.score_version += 1

    def _team(self, side: str) -> list[int]:
        return [s_ for s_ in range(self.n) if (self.role[s_] in ("pm", "gbb")) == (side == "government")]

    def _set_standing(self, s: int, value: int) -> None:
        if self.scen.get("num") == 7 and s == self.scen["devonshire"]:
            return  # L1199: Devonshire never tracks Standing or Favour
        mat = self._mat(s)
        self.standing[s] = max(mat["standing_min"], min(mat["standing_max"], value))

    def _set_favour(self, s: int, value: int) -> None:
        if self.scen.get("num") == 7 and s == self.scen["devonshire"]:
            return
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
        if b in self.scen.get("home", ()):  # scenario bills return face up next to the board
            if b not in self.scen["aside"]:
                self.scen["aside"].append(b)
            return
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
        if self.won:
            return list(self.won)
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
        if self.scen.get("num") == 7:
            self.cubes[self.scen["devonshire"]] = 2  # L1214: always 2 cubes
        if self.game.question_time and not self.bills:
            self._qt_deal()
        tasks = []
        for s in range(self.n):  # round-start bonuses (OL reverse mat, Deputy Party Leader)
            effs = list(self._mat(s).get("round_start", []))
            if self._career_active(s, "deputy_party_leader") or (self.scen.get("dpl") == s
                                                                  and self.scen.get("num") == 7):
                effs += CAREERS["deputy_party_leader"]["effects"]
            for e in effs:
                cond = e["condition"]
                if "standing_at_least" in cond and self.standing[s] < cond["standing_at_least"]:
                    continue
                for sub in e["effects"]:
                    tasks.append(["eff", sub, {"actor": s, "mult": 1, "src": ["round_start", 0]}])
        self._push(*tasks)
        rest = []
        if not self.bills:
            rest.append(["selection"])
        rest.append(["turns"])
        self.tasks[len(tasks):len(tasks)] = rest

    def _t_turns(self) -> None:
        t = []
        gbb = self.seat_of("gbb")
        dev = self.scen["devonshire"] if self.scen.get("num") == 7 else -1
        late = dev >= 0 and (gbb == dev or dev == self._unionist())  # L1217-1225: after his leader / last
        if gbb >= 0 and not (late and gbb == dev):
            t.append(["turn", gbb])
        t.append(["opposition_start"])
        t.append(["pm_turn"])
        if late:
            t.append(["turn", dev])
        if self.scen.get("num") == 5:
            t.append(["s5_window"])
        t.append(["resolution"])
        t.append(["challenges"])
        t.append(["election_phase"])
        t.append(["round_end"])
        self._push(*t)

    def _t_round_end(self) -> None:
        if self.game.question_time and not self.bills:  # PMQT: held Event cards are revealed and discarded
            for s_ in range(self.n):
                self.discards["events"].extend(self.qt_hands[s_])
                self.qt_hands[s_] = []
        num = self.scen.get("num", 0)
        if num == 1 and self.round >= 8:  # L1019: the current PM wins
            self._end([self.seat_of("pm")])
            return
        if num == 2 and (self.round == 3 or self.round >= 9) and self.seat_of("pm") == self.scen["disraeli"]:
            self._end([self.scen["disraeli"]])  # L1046: PM through Round 3 (and the status quo at Round 9)
            return
        if num == 2 and self.round >= 9:
            self._end([self.scen["disraeli"]])
            return
        if num == 4 and self.round >= 15:  # no repeal in 15 rounds: the Corn Laws stand
            self._end(self._team("opposition"))
            return
        if num == 5:
            self.scen["opp_lowered"] = False
            self.scen["workers_used"] = False
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
        num = self.scen.get("num", 0)
        if num in (2, 4):  # only the PM draws: six (Scenario 2, L1041) / the marker's number (Scenario 4, L1098)
            k = 6 if num == 2 else self.scen["marker"]
            t += [["draw_bill", pm] for _ in range(k)]
            t += [["select"] for _ in range(setup["selected"])]
            t.append(["selection_end"])
            self._push(*t)
            return
        for s in (ol, obb, gbb):  # PM-A25: sequential hidden commitments
            if s < 0:
                continue
            lone = s == ol and obb < 0
            draws = setup["lone_opposition_leader_draws"] if lone else setup["proposer_draws"]
            props = setup["lone_opposition_leader_proposes"] if lone else setup["proposer_proposes"]
            if self._unionist() >= 0:  # L1223: the Liberal Unionist draws 4 / proposes 2, the OL 2 / 1
                draws, props = (4, 2) if s == self._unionist() else (2, 1) if s == ol else (draws, props)
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

    def _aside_options(self) -> list[int]:
        """Set-aside scenario bills the PM may select now."""
        num = self.scen.get("num", 0)
        aside = self.scen.get("aside", [])
        if not aside:
            return []
        pm = self.seat_of("pm")
        if num == 2:
            return [b for b in aside if pm == self.scen["gladstone"]]
        if num == 7:
            mine = self.scen["gladstone_bill"] if self.pol[pm] == "P04" else self.scen["salisbury_bill"]
            return [b for b in aside if b == mine]
        return list(aside)

    def _t_select(self) -> None:
        opts = [b for b, _ in self.proposed] + self._aside_options()
        if opts and len(self.bills) < 3:
            self._ask("select", self.seat_of("pm"), [A_BILL + b for b in opts])

    def _d_select(self, pend, a) -> None:
        b = a - A_BILL
        if b in self.scen.get("aside", ()) and not any(e[0] == b for e in self.proposed):
            self.scen["aside"].remove(b)
            slot = {"bill": b, "adj": BILL_LIST[b]["adjustment"], "debate": []}
            num = self.scen["num"]
            if self.gov_party == CON and num == 4 and b == self.scen["importation"]:
                slot["icon"], slot["adj"] = "M", 40  # L1105
            if self.gov_party == CON and num == 5 and b == self.scen["act"]:
                slot["icon"] = "M"  # L1135
            if num == 3:
                self.scen["queen_selected_by"][str(b)] = pend["player"]
            if BILL_DECK[b] != 0 and self.pact:
                self._end_pact()
            self.bills.append(slot)
            self.selected_count += 1
            return
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
        num = self.scen.get("num", 0)
        if num == 4:  # L1099-1100: the marker moves down; at "2" two Supporters go under the Importation Act
            if self.scen["marker"] > 2:
                self.scen["marker"] -= 1
                if self.scen["marker"] == 2:
                    for _ in range(2):
                        c = self._draw_supporter()
                        if c is not None:
                            self.scen["under_ia"].append(c)
        if num == 5 and self.scen["act"] in self.scen["aside"] and not self.scen["riots_in_deck"]:
            top = [self.decks["events"].pop() for _ in range(min(5, len(self.decks["events"])))]
            top.append(self.scen["riots"])  # L1136: the Riots shuffled into the top six
            self.rng.shuffle(top)
            self.decks["events"].extend(top)
            self.scen["riots_in_deck"] = True
        # 3.1.3 unilateral restart: three Cross-Party Bills on the board (PM-A16)
        if (not self.pact and not self.scen.get("no_pact") and len(self.bills) == 3
                and all(BILL_DECK[b["bill"]] == 0 for b in self.bills)):
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
        if obb >= 0 and self.scen.get("num") == 7 and obb == self.scen["devonshire"]:
            t.append(["turn", ol])  # Devonshire always after his Party Leader (a Liberal Unionist after the PM)
            if obb != self._unionist():
                t.append(["turn", obb])
        elif obb >= 0:
            t.append(["ask_order"])
        else:
            t.append(["turn", ol])
        self._push(*t)

    def _t_ask_end_pact(self) -> None:
        if self.pact:
            self._ask("yesno", self.seat_of("ol"), [YES, NO], q="end_pact")

    def _t_window_pact(self, s: int) -> None:
        """PM-A17: a mutual-restart window (proposer s), only without a Pact and without Party Bills."""
        if (not self.pact and not self.scen.get("no_pact") and s >= 0
                and all(BILL_DECK[b["bill"]] == 0 for b in self.bills)):
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
        if self.game.question_time and any(self.qt_hands[s_] for s_ in range(self.n) if s_ != pm):
            self.scen["qt_askers"] = []  # PMQT: each holder may signal a question (OL, Gov BB, Opp BB)
            t = [["qt_ask", s_] for s_ in (self.seat_of(r) for r in ("ol", "gbb", "obb"))
                 if s_ >= 0 and self.qt_hands[s_]]
            self._push(*t, ["qt_call"])
            return
        e = self._draw("events")
        if e is None:
            return
        if self.scen.get("num") == 5 and e == self.scen["riots"] and any(
                b["bill"] == self.scen["act"] for b in self.bills):
            self.scen["riots_in_deck"] = False  # L1137: back next to the board, draw another
            e = self._draw("events")
            if e is None:
                return
        self._resolve_event(e)

    def _t_qt_ask(self, s: int) -> None:
        if self.qt_hands[s]:
            self._ask("yesno", s, [YES, NO], q="question")

    def _q_question(self, pend, yes) -> None:
        if yes:
            self.scen["qt_askers"].append(pend["player"])

    def _t_qt_call(self) -> None:
        askers = self.scen.pop("qt_askers", [])
        if not askers:
            e = self._draw("events")
            if e is not None:
                self._resolve_event(e)
            return
        self._ask("qt_call", self.seat_of("pm"), [A_PLAYER + s_ for s_ in askers])

    def _d_qt_call(self, pend, a) -> None:
        s = a - A_PLAYER
        self._ask("qt_card", s, [A_OPTION + i for i in range(len(self.qt_hands[s]))])

    def _d_qt_card(self, pend, a) -> None:
        e = self.qt_hands[pend["player"]].pop(a - A_OPTION)
        self._resolve_event(e)

    def _qt_deal(self) -> None:
        """PMQT round setup: the OL and the Backbenchers draw two Event cards each (By-Elections replaced)."""
        byes = []
        for r in ("ol", "gbb", "obb"):
            s_ = self.seat_of(r)
            while s_ >= 0 and len(self.qt_hands[s_]) < 2:
                e = self._draw("events")
                if e is None:
                    break
                if EVENT_LIST[e]["kind"] == "by_election":
                    byes.append(e)
                else:
                    self.qt_hands[s_].append(e)
        if byes:
            self.decks["events"].extend(byes)
            self.rng.shuffle(self.decks["events"])

    def _resolve_event(self, e: int) -> None:
        pm = self.seat_of("pm")
        self.event = e
        card = EVENT_LIST[e]
        if card["kind"] == "by_election":  # 8.2
            gov = self.gov_party
            ded = 40 if self.scen.get("num") == 6 else 0  # Scenario 6 (L1179)
            if by_election_lost(self.projected(gov) - ded, self.mps["A"]):
                self._push(*[["eff", x, {"actor": pm, "mult": 1}] for x in card["on_loss"]])
            self._push_after_effects(["event_done"])
            return
        legal = [A_OPTION + i for i, o in enumerate(self._event_options()) if o["cost"] <= self.cubes[pm]]
        self._ask("event", pm, legal)

    def _push_after_effects(self, task) -> None:
        # effects were pushed to the front; insert after the leading run of "eff" tasks
        k = 0
        while k < len(self.tasks) and self.tasks[k][0] == "eff":
            k += 1
        self.tasks.insert(k, list(task))

    def _event_options(self) -> list:
        opts = EVENT_LIST[self.event]["options"]
        if self.scen.get("num") == 5 and self.event == self.scen["riots"]:  # L1138: doubled, positive cancelled
            out = []
            for o in opts:
                effs = [dict(e, **{k: e[k] * 2 for k in ("amount", "steps") if k in e})
                        for e in o["effects"] if e.get("amount", e.get("steps", 0)) < 0]
                out.append(dict(o, effects=effs))
            return out
        return opts

    def _d_event(self, pend, a) -> None:
        pm = pend["player"]
        opt = self._event_options()[a - A_OPTION]
        if self.scen.get("num") == 3 and any(e["op"] == "favour" and e.get("amount", 0) < 0 for e in opt["effects"]):
            self._end([s_ for s_ in range(self.n) if s_ != pm])  # L1077
            return
        self.cubes[pm] -= opt["cost"]
        self._push(*[["eff", x, {"actor": pm, "mult": 1, "src": ["event", self.event]}] for x in opt["effects"]],
                   ["event_done"])

    def _t_event_done(self) -> None:
        if self.event >= 0 and self.scen.get("num") == 5 and self.event == self.scen["riots"]:
            self.scen["riots_in_deck"] = False  # L1139: back next to the board
        elif self.event >= 0:
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

    def _bills_for(self, s: int, sign: int, mult: int = 1, src: list | None = None) -> list[int]:
        """Slots a player may move in direction ``sign`` (+1/-1) with an effect from source ``src``."""
        if not self.bills:
            return []
        if sign < 0 and self._restricted_by(s, src):
            return []
        return list(range(len(self.bills)))

    def _effects_ok(self, effects: list, s: int, source: int) -> bool:
        for e in effects:
            op = e["op"]
            if op == "votes":
                if not self.bills:
                    return False
                src = ["supporter", (source - A_PLAY) // 2] if A_PLAY <= source < A_DISCARD else None
                if not e.get("choose_sign") and e["amount"] < 0 and self._restricted_by(s, src):
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
        if self.scen.get("num") == 7:  # L1201: the Backbencher Debate Cards are removed
            return "debate_opposition_leader" if s == self._unionist() else None
        r = self.role[s]
        if r == "gbb":
            return "debate_gov_backbencher"
        if r == "obb":
            return "debate_opp_backbencher"
        if r == "ol" and self.n == 3 and self.seat_of("obb") < 0:
            return "debate_opposition_leader"
        return None

    def _debate_card_sides(self, s: int) -> list[str]:
        """The sides of his Debate Card a player may use: the Pact side during a Pact, else the other (6.2.1); a
        Scenario 7 Liberal Unionist "may now use either side of the Opposition Leader Debate Card" (L1221)."""
        if s == self._unionist():
            return ["pact", "no_pact"]
        return ["pact" if self.pact else "no_pact"]

    def _debate_card_targets(self, s: int, side_name: str | None = None) -> list[int]:
        """Bill slots the Debate Card may target (on side ``side_name``; default: any usable side)."""
        cid = self._debate_card_of(s)
        if cid is None or any(d[0] == cid for b in self.bills for d in b["debate"]):
            return []
        if side_name is None:
            return sorted({i for sn in self._debate_card_sides(s) for i in self._debate_card_targets(s, sn)})
        side = DEBATE[cid]["sides"][side_name]
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
                and not self.scen.get("no_resign")
                and self.vp[s] <= BOARD["resignation_rules"]["max_vp_to_resign"]):
            legal.append(A_RESIGN)
        num = self.scen.get("num", 0)
        if (num == 5 and cubes >= 1 and not self.scen["workers_used"] and self.scen["act_passed_by"] >= 0
                and self.role[s] in ("pm", "ol") and self.party[s] == self.scen["act_passed_by"]):
            legal.append(A_SCEN)
        if num == 7 and s == self.scen["devonshire"]:
            side = self.scen["dev_side"]
            if cubes >= 1 and not self.scen["campaign_used"]:
                legal.append(A_SCEN + 1)
            first = not self.turn["acted"]
            if first and side == "liberal" and cubes >= 2 and self.vp[s] < 90:
                legal.append(A_SCEN + 2)
            if first and side == "unionist" and cubes >= 1:
                legal.append(A_SCEN + 3)
            if (side == "conservative" and self.role[s] == "gbb" and cubes >= 2
                    and self.scen["ica"] in self.scen["aside"] and any(b["bill"] != self.scen["salisbury_bill"] for b in self.bills)):
                legal.append(A_SCEN + 4)
        for c in set(self.hand[s]):
            for o, opt in enumerate(SUPPORTER_LIST[c]["options"]):
                a = A_PLAY + 2 * c + o
                if self._effects_ok(opt["effects"], s, a):
                    legal.append(a)
            legal.append(A_DISCARD + c)
        return legal

    def _ctx(self, s: int, mult: int = 1, src: list | None = None) -> dict:
        d = {"actor": s, "mult": mult}
        if src is not None:
            d["src"] = src
        return d

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

    def _perform(self, s: int, a: int, after: list | None = None) -> None:
        self.turn["acted"] = True
        after = after or ["main", s]
        if A_ACT <= a < A_CAREER:
            k = a - A_ACT
            self.cubes[s] -= 1
            effs = self._mat(s)["actions"][ABILITIES[k // 2]][str(k % 2 + 1)]
            self._push(*[["eff", e, self._ctx(s, src=["action", k // 2])] for e in effs], after)
            if self.scen.get("num") == 3 and ABILITIES[k // 2] == "flatter":  # L1072: +3 VP per Flatter cube
                self._award_self(s, self.scen_data_num("flatter_bonus_vp", 3))
        elif A_CAREER <= a < A_DEBATE_CARD:
            cid, i = CAREER_ACTIONS[a - A_CAREER]
            g = CAREERS[cid]["effects"][i]
            self.cubes[s] -= g["cost"]
            self._push(*[["eff", e, self._ctx(s, src=["career", CAREER_ORDER.index(cid)])] for e in g["effects"]],
                       after)
        elif a == A_SCEN:  # Scenario 5: the Workers Popularity action (L1149)
            self.cubes[s] -= 1
            self.scen["workers_used"] = True
            e = {"op": "sector", "sector": "Workers", "steps": 1, "party": "own"}
            self._push(["eff", e, self._ctx(s, src=["scenario", 0])], after)
        elif a == A_SCEN + 2:  # Scenario 7: leave the Liberal Party (L1221)
            self.cubes[s] -= 2
            self.scen["dev_side"] = "unionist"
            glad = self.pol.index("P04")
            self._set_standing(glad, self.standing[glad] - 2)
            self.vp[s] = max(self.vp[s], min(90, self.vp[s] + 6))
            self.score_version += 1
            self.careers[s] = {}
            self.scen["dpl"] = -1
            self._push(after)
        elif a == A_SCEN + 3:  # Scenario 7: join the Conservatives (L1225)
            self.cubes[s] -= 1
            sal = self.pol.index("P06")
            self.scen["dev_side"] = "conservative"
            self.party[s] = CON
            self.role[s] = "gbb" if self.role[sal] == "pm" else "obb"
            self._set_standing(sal, self.standing[sal] + 1)
            v = min(self.vp[s], self.vp[sal] + 5) - (6 if self.scen["ppa_passed"] else 0)
            self.vp[s] = max(0, v)
            self.score_version += 1
            self._deal_careers(s)
            self.scen["dpl"] = self.pol.index("P04")
            self._push(after)
        elif a == A_SCEN + 4:  # Scenario 7: replace a bill with the Irish Coercion Act (L1227)
            self.cubes[s] -= 2
            slots = [i for i, b in enumerate(self.bills) if b["bill"] != self.scen["salisbury_bill"]]
            self._ask("ica_slot", s, [A_SLOT + i for i in slots])
        elif a == A_SCEN + 1:  # Scenario 7: Devonshire's Campaign (Conservatives or Ireland, L1215)
            self.cubes[s] -= 1
            self.scen["campaign_used"] = True
            e = {"op": "sector", "sector": "devonshire", "steps": 1, "party": "own"}
            self._push(["eff", e, self._ctx(s, src=["scenario", 1])], after)
        elif a == A_DEBATE_CARD:
            self.cubes[s] -= self._debate_card_cost(s)
            if s == self._unionist():  # L1221: he chooses the side (up = Pact side, down = the other)
                sides = [A_SIGN + k for k, sn in enumerate(("pact", "no_pact"))
                         if self._debate_card_targets(s, sn)]
                self._ask("debate_side", s, sides)
            else:
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
            if s == self._unionist() and any(e["op"] in ("votes", "influence") for e in effs):
                effs = [e for e in effs if not self._is_tradeoff(e)]  # L1221: disregard the negative tradeoff
            self._push(*[["eff", e, self._ctx(s, mult, src=["supporter", c])] for e in effs], after)
        elif A_DISCARD <= a < A_KEEP:
            c = a - A_DISCARD
            self.hand[s].remove(c)
            if c in self.turn["doubled"]:
                self.turn["doubled"].remove(c)
            self.discards["supporters"].append(c)
            self._push(after)
        else:
            raise AssertionError(a)

    @staticmethod
    def _is_tradeoff(e: dict) -> bool:
        """A Supporter option's negative tradeoff (L1461): a fixed loss (Popularity step, Standing, Favour) that
        offsets the option's main effect, e.g. John Bright's -1 Farmers step (L1459)."""
        if e.get("choose_sign"):
            return False
        if e["op"] == "sector":
            return e["party"] == "own" and e["steps"] < 0
        return e["op"] in ("standing", "favour", "vp") and e["who"] == "self" and e["amount"] < 0

    def _d_ica_slot(self, pend, a) -> None:
        s, slot = pend["player"], a - A_SLOT
        old = self.bills[slot]
        self._discard_bill(old["bill"])  # removed (its Debate Cards without effect)
        self.scen["aside"].remove(self.scen["ica"])
        self.bills[slot] = {"bill": self.scen["ica"], "adj": self.scen_data_num("irish_coercion_adjustment", 100),
                            "debate": []}
        self._push(["main", s])

    def _d_debate_side(self, pend, a) -> None:
        s = pend["player"]
        side_name = ("pact", "no_pact")[a - A_SIGN]
        targets = self._debate_card_targets(s, side_name)
        self._ask("debate_target", s, [A_SLOT + i for i in targets], side=side_name)

    def _d_debate_target(self, pend, a) -> None:
        s = pend["player"]
        slot = a - A_SLOT
        cid = self._debate_card_of(s)
        side_name = pend.get("side") or ("pact" if self.pact else "no_pact")
        side = DEBATE[cid]["sides"][side_name]
        b = self.bills[slot]
        b["debate"].append([cid, s, side_name])
        b["adj"] = max(ADJ_MIN, min(ADJ_MAX, b["adj"] + side["votes"]))
        if side["votes"] < 0:
            self._lowered_act(s, slot)
        self._push(["main", s])

    def _t_end_turn(self, s: int) -> None:
        if len(self.hand[s]) > HOLD_LIMIT:  # 7.3
            self._ask("discard", s, [A_DISCARD + c for c in self.hand[s]])
            self.tasks.insert(0, ["end_turn", s])
            return
        if self.scen.get("num") == 7 and s == self.scen["devonshire"]:
            self.scen["campaign_used"] = False
            self.turn = None
            return  # L1199: Devonshire never tracks Standing
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
            elif e["sector"] == "devonshire":
                opts = [SECTOR_INDEX["Conservatives"], SECTOR_INDEX["Ireland"]]
            else:
                opts = [SECTOR_INDEX[e["sector"]]]
            if self._wait("eff_sector", e, ctx, s, [A_SECTOR + i for i in opts]):
                return
        if "_party" not in ctx:
            p = e["party"]
            own = self._own_party(ctx)
            opts = {"own": [own], "opponent": [1 - own], "liberal": [LIB], "conservative": [CON],
                    "any": [LIB, CON]}[p]
            if self._finger(ctx) and self._unionist() >= 0:
                opts = [LIB, CON]  # a Liberal Unionist's Popularity effects apply to any party
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

    def _finger(self, ctx) -> bool:
        """Scenario 7 (L1217-1225): Devonshire's Supporter (and, as a Liberal Unionist, Campaign) effects carry a
        pointing finger."""
        if self.scen.get("num") != 7 or ctx.get("actor") != self.scen["devonshire"]:
            return False
        src = ctx.get("src") or [None]
        return src[0] == "supporter" or (src[0] == "scenario" and self._unionist() >= 0)

    def _e_person_track(self, e, ctx, track: str) -> None:
        s = ctx["actor"]
        target = self._person(e, ctx, e["who"])
        if self._finger(ctx) and e["who"] in ("self", "pm", "opposition_leader"):
            target = None  # either Party Leader
        if target is None:
            if "_player" not in ctx:
                who = ([self.seat_of("pm"), self.seat_of("ol")] if self._finger(ctx) and e["who"] != "any"
                       else range(self.n))
                if self._wait("eff_player", e, ctx, s, [A_PLAYER + p for p in who]):
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
            signs = [A_SIGN] + ([] if self._restricted_by(s, ctx.get("src")) else [A_SIGN + 1])
            if self._wait("eff_sign", e, ctx, s, signs):
                return
        amt = e["amount"] * mult * (-1 if ctx.get("_sign") == 1 else 1)
        if e["target"] == "all_bills":
            slots = list(range(len(self.bills)))
        else:
            if "_bill" not in ctx:
                opts = self._bills_for(s, 1 if amt >= 0 else -1, src=ctx.get("src"))
                if not opts:
                    return
                if self._wait("eff_bill", e, ctx, s, [A_SLOT + i for i in opts]):
                    return
            slots = [ctx["_bill"]]
        for i in slots:
            self.bills[i]["adj"] = max(ADJ_MIN, min(ADJ_MAX, self.bills[i]["adj"] + amt))
            if amt < 0:
                self._lowered_act(s, i)

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
        if "src" in ctx:
            base["src"] = ctx["src"]
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
        if self.scen.get("num") and self._scenario_pass(b, pm, agreement):
            return
        t = []
        src = ["bill", b["bill"]]
        if BILL_DECK[b["bill"]] == 0:
            t += [["eff", e, {"actor": pm, "mult": 1, "own": self.party[pm], "src": src}] for e in card["effects"]]
        else:
            t += [["eff", e, {"actor": pm, "mult": 1, "src": src}] for e in card["effects"]]
        t += [["eff", e, {"actor": pm, "mult": 1, "src": src}] for e in card["personal"]]
        self._push(*t)
        self._push_after_effects(["debate_cards", b["debate"], "pass"])
        # VP (9.4): Cross-Party to both sides (once in a Pact); Party Bills to the Government only
        if BILL_DECK[b["bill"]] == 0:
            if self.pact:
                self._award_side("government", card["vp"])
            else:
                seats = set(self.pool("government")) | set(self.pool("opposition"))
                if self._unionist() >= 0:  # L1223: he scores Cross-Party Bills
                    seats.add(self._unionist())
                self._award(sorted(seats), card["vp"])
        else:
            self._award_side("government", card["vp"])
        if agreement:
            self._award_side("opposition", br["agreement_opposition_vp"])

    def _scenario_pass(self, b: dict, pm: int, agreement: bool) -> bool:
        """Scenario overrides of 9.4 when bill ``b`` passes; True when the standard handling is replaced."""
        num = self.scen["num"]
        bill = b["bill"]
        card = BILL_LIST[bill]
        src = {"actor": pm, "mult": 1, "src": ["bill", bill]}
        br = BOARD["bill_resolution"]
        agree = [["vp_side", "opposition", br["agreement_opposition_vp"]]] if agreement else []
        if num == 2 and bill in self.scen["agenda"]:
            self.scen["agenda_passed"].append(bill)
            return False
        if num == 3 and str(bill) in self.scen["queen_selected_by"]:  # L1071: 10 VP for the PM, no other effect
            self.scen["queen_selected_by"].pop(str(bill))
            self._push(["debate_cards", b["debate"], "pass"])
            self._award([pm], self.scen_data_num("queens_bill_vp", 10))
            if agreement:
                self._award_side("opposition", br["agreement_opposition_vp"])
            return True
        if num == 4 and bill == self.scen["importation"]:  # L1105-1106
            effs = card["effects"]
            if self.gov_party == CON:
                effs = [dict(e, party=PARTY_NAMES[1 - PARTY_KEY[e["party"]]]) for e in effs]
            self.scen["ia_passed"] = True
            self.scen["ia_cards"] = list(self.scen["under_ia"])  # revealed; the PM may play them now
            self.hand[pm].extend(self.scen["under_ia"])
            self.scen["under_ia"] = []
            self._push(*[["eff", e, dict(src)] for e in effs], ["debate_cards", b["debate"], "pass"],
                       ["ia_play", pm], ["s4_election"])
            return True
        if num == 4 and BILL_DECK[bill] != 0:  # L1101-1103: effects but VP, then Supporter draws by VP
            draw = next(d for d in SCENARIOS[4]["party_bill_supporter_draws"] if card["vp"] in d["vp"])
            effs = card["effects"] + card["personal"] + [{"op": "draw_supporters", "draw": draw["draw"],
                                                          "keep": draw["keep"]}]
            self._push(*[["eff", e, dict(src)] for e in effs], ["debate_cards", b["debate"], "pass"])
            return True
        if num == 5 and bill == self.scen["act"]:  # L1145-1147
            effs = card["effects"]
            if self.gov_party == CON:
                effs = [dict(e, party=PARTY_NAMES[1 - PARTY_KEY[e["party"]]]) for e in effs]
            gov = self.gov_party
            workers = [{"op": "sector", "sector": "Workers", "steps": 1, "party": PARTY_NAMES[gov]},
                       {"op": "sector", "sector": "Workers", "steps": -1, "party": PARTY_NAMES[1 - gov]}]
            self.scen["act_passed_by"] = gov
            self._push(*[["eff", e, dict(src)] for e in effs + workers], ["s5_double"],
                       ["debate_cards", b["debate"], "pass"])
            self._award_side("government", card["vp"])
            if agreement:
                self._award_side("opposition", br["agreement_opposition_vp"])
            return True
        if num == 7 and bill in (self.scen["gladstone_bill"], self.scen["salisbury_bill"], self.scen["ica"]):
            self._push(*[["eff", e, dict(src)] for e in card["effects"] + card["personal"]],
                       ["debate_cards", b["debate"], "pass"])
            if bill == self.scen["salisbury_bill"]:
                self.scen["ppa_passed"] = True
            # only the leader scores his own bill; only Devonshire the Irish Coercion Act (L1225)
            self._award([self.scen["devonshire"] if bill == self.scen["ica"] else pm], card["vp"])
            if agreement:
                self._award_side("opposition", br["agreement_opposition_vp"])
            return True
        del agree
        return False

    def scen_data_num(self, key: str, default: int) -> int:
        return (self.game.scen_data or {}).get(key, default)

    def _t_s5_double(self) -> None:
        self.scen["workers_doubled"] = True

    def _t_ia_play(self, pm: int) -> None:
        """Scenario 4 (L1106): the PM may play the Supporters revealed from under the Importation Act."""
        cards = [c for c in self.scen.get("ia_cards", []) if c in self.hand[pm]]
        self.turn = {"seat": pm, "acted": True, "doubled": [], "denied": []}
        legal = [END_TURN] + [A_PLAY + 2 * c + o for c in cards for o, opt in enumerate(SUPPORTER_LIST[c]["options"])
                              if self._effects_ok(opt["effects"], pm, A_PLAY + 2 * c + o)]
        if len(legal) == 1:
            self.turn = None
            self.scen["ia_cards"] = []
            return
        self._ask("ia_play", pm, legal)

    def _d_ia_play(self, pend, a) -> None:
        pm = pend["player"]
        if a == END_TURN:
            self.turn = None
            self.scen["ia_cards"] = []
            return
        self.scen["ia_cards"].remove((a - A_PLAY) // 2)
        self._perform(pm, a, after=["ia_play", pm])

    def _t_s5_window(self) -> None:
        """Scenario 5 (L1149): an OL of the passing party may use a saved cube for the Workers action now."""
        ol = self.seat_of("ol")
        if (ol >= 0 and self.scen["act_passed_by"] == self.party[ol] and not self.scen["workers_used"]
                and self.cubes[ol] >= 1):
            self._ask("yesno", ol, [YES, NO], q="workers")

    def _q_workers(self, pend, yes) -> None:
        if yes:
            s = pend["player"]
            self.cubes[s] -= 1
            self.scen["workers_used"] = True
            e = {"op": "sector", "sector": "Workers", "steps": 1, "party": "own"}
            self._push(["eff", e, self._ctx(s, src=["scenario", 0])])

    def _lowered_act(self, s: int, slot: int) -> None:
        """Scenario 5 (L1140): the Opposition loses a Workers step the first time a round it lowers the Act."""
        if (self.scen.get("num") == 5 and self.bills[slot]["bill"] == self.scen["act"]
                and self.role[s] in ("ol", "obb") and not self.scen["opp_lowered"]):
            self.scen["opp_lowered"] = True
            self._move_sector(1 - self.gov_party, SECTOR_INDEX["Workers"], -1)

    def _t_s4_election(self) -> None:
        """Scenario 4: after the Importation Act passes, the PM holds an Election at once (L1106)."""
        self._d_election({"player": self.seat_of("pm")}, A_ELECTION)

    def _fail_bill(self, slot: int, withdrawn: bool) -> None:
        b = self.bills[slot]
        num = self.scen.get("num", 0)
        if num == 2 and b["bill"] in self.scen["agenda"]:  # L1046
            self._end([self.scen["disraeli"]])
            return
        if num == 3 and str(b["bill"]) in self.scen["queen_selected_by"]:  # L1075: the selector loses at once
            loser = self.scen["queen_selected_by"][str(b["bill"])]
            self._end([s_ for s_ in range(self.n) if s_ != loser])
            return
        if num == 4 and b["bill"] == self.scen["importation"]:  # L1110
            self._end(self._team("opposition"))
            return
        if (num == 7 and withdrawn and b["bill"] == self.scen["ica"] and self.pol[self.seat_of("pm")] == "P06"
                and self.projection(slot) not in (320, 330, 340)):  # L1207: Salisbury's graded withdrawal
            p = self.projection(slot)
            sal, glad = self.seat_of("pm"), self.pol.index("P04")
            self.bills.pop(slot)
            self._discard_bill(b["bill"])
            if p >= 350:
                self._set_standing(sal, self.standing[sal] - 2)
                self._set_standing(glad, self.standing[glad] + 2)
            self._award([glad], 2)
            self._push(["debate_cards", b["debate"], "fail"])
            return
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
            t += [["eff", e, {"actor": owner, "mult": 1, "src": ["debate_card", 0]}] for e in effs]
        self._push(*t)

    # --- Challenges (10.0) ----------------------------------------------------------------------------------------------
    def _t_challenges(self) -> None:
        self._push(["challenge_step", "gbb", "pm"], ["challenge_step", "obb", "ol"],
                   ["challenge_step", "ol", "pm"])

    def _t_challenge_step(self, ch_role: str, t_role: str) -> None:
        ch, t = self.seat_of(ch_role), self.seat_of(t_role)
        if ch < 0 or t < 0 or (self.scen.get("num") == 7 and ch == self.scen["devonshire"]):
            return
        if can_challenge(self.standing[ch], self.favour[ch], self.standing[t], self.favour[t]):
            self._ask("yesno", ch, [YES, NO], q="challenge", target=t)

    def _challenge(self, ch: int, t: int) -> None:
        ch_role, t_role = self.role[ch], self.role[t]
        if (self.scen.get("num") == 4 and t_role == "pm"
                and any(b["bill"] == self.scen["importation"] for b in self.bills)):
            self._end(self._team("opposition"))  # L1110: the PM loses a Challenge with the Act on the board
            return
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
        uni = self._unionist()  # an independent Liberal Unionist changes no side
        gbb, obb = (-1 if gbb == uni else gbb), (-1 if obb == uni else obb)
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
        ded = 40 if self.scen.get("num") == 6 else 0  # Scenario 6 / PM-A81: compare deducted figures
        before = {g0: a0, 1 - g0: round10(TOTAL_SEATS - (a0 + ded)) - ded}
        # 11.3 Election VP (PM-A64), to the pools as they stand before any changeover
        for party, side in ((gov, "government"), (1 - gov, "opposition")):
            v = election_vp(before[party] + ded, seats[party])
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
        if ded:  # Scenario 6: 40 fewer MPs, 10 of them Partisan
            a, p = max(0, a - ded), max(0, p - 10)
            p = min(p, a)
        self.mps = {"A": a, "M": a - p, "P": p}
        self.mps_party = g
        self.marker = not self.scen.get("no_marker")
        self._check_victory()
        num = self.scen.get("num", 0)
        if self.over or not num:
            return
        self.scen["elections"] += 1
        pm = self.seat_of("pm")
        if num == 2 and self.scen["elections"] >= 2:  # L1043: Gladstone's last test
            glad = self.scen["gladstone"]
            ok = pm == glad and len(self.scen["agenda_passed"]) == len(self.scen["agenda"])
            self._end([glad] if ok else [self.scen["disraeli"]])
        elif num == 4 and self.scen["ia_passed"]:  # L1108-1111
            self._end(self._team("government"))  # retained, or the Opposition now governs

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
        """Seat ``p``'s observation: sparse (index, value) pairs written into a zero vector in one assignment."""
        g = self.game
        o = g.off
        n = self.n
        ix: list[int] = []
        va: list[float] = []
        add_i, add_v = ix.append, va.append
        cur = self.current_player()
        role_of, party_of = self.role, self.party
        for i in range(n):
            s = (p + i) % n
            if s == cur:
                add_i(o["to_move"] + i); add_v(1.0)  # noqa: E702
            add_i(o["role"] + 4 * i + ROLE_INDEX[role_of[s]]); add_v(1.0)  # noqa: E702
            add_i(o["party"] + i); add_v(float(party_of[s]))  # noqa: E702
            num = POL_NUMBER[self.pol[s]]
            if num:
                add_i(o["politician"] + 10 * i + num - 1); add_v(1.0)  # noqa: E702
            add_i(o["standing"] + i); add_v(self.standing[s] / 14)  # noqa: E702
            add_i(o["favour"] + i); add_v(self.favour[s] / 8)  # noqa: E702
            add_i(o["vp"] + i); add_v(self.vp[s] / 100)  # noqa: E702
            add_i(o["cubes"] + i); add_v(self.cubes[s] / 5)  # noqa: E702
            add_i(o["hand_size"] + i); add_v(len(self.hand[s]) / 8)  # noqa: E702
            if self.careers[s] and self._careers_usable(s):
                for c, on in self.careers[s].items():
                    if on:
                        add_i(o["careers"] + 8 * i + CAREER_INDEX[c]); add_v(1.0)  # noqa: E702
            add_i(o["question_time"] + i); add_v(len(self.qt_hands[s]) / 2)  # noqa: E702
        base = o["sectors"]
        for k, x in enumerate(self.sector_pos[LIB] + self.sector_pos[CON]):
            add_i(base + k); add_v(x / 8)  # noqa: E702
        lead = self.lead()
        ix += (o["lead"], o["lead"] + 1, o["mps"], o["mps"] + 1, o["mps"] + 2, o["gov_party"])
        va += (max(0, -lead) / 50, max(0, lead) / 50, self.mps["A"] / 660, self.mps["M"] / 660,
               self.mps["P"] / 660, float(self.gov_party))
        f = o["flags"]
        ix += (f, f + 1, f + 2, f + 3, f + 4, f + 5)
        va += (float(self.pact), float(self.resigned), float(self.marker), float(self.minority_by_challenge),
               float(self.foth_holder() >= 0), self.round / 50)
        for i, b in enumerate(self.bills[:3]):
            card = BILL_LIST[b["bill"]]
            q = o["bills"] + 13 * i
            icon = "AMP".index(b.get("icon") or card["icon"])
            ix += (q, q + 1 + icon, q + 4, q + 5, q + 6, q + 7 + BILL_DECK[b["bill"]])
            va += (1.0, 1.0, b["adj"] / 100, self.projection(i) / 400, card["vp"] / 7, 1.0)
            for x in b["debate"]:
                add_i(q + 10 + DEBATE_SLOT[x[0]]); add_v(1.0)  # noqa: E702
        q = o["deck_sizes"]
        for k, key in enumerate(DECK_KEYS):
            ix += (q + k, q + 5 + k)
            va += (len(self.decks[key]) / 40, len(self.discards[key]) / 40)
        if self.last_unc >= 0:
            add_i(o["last_uncertainty"] + self.last_unc); add_v(1.0)  # noqa: E702
        pm = self.seat_of("pm")
        for b, s in self.proposed:
            if s == pm or self.revealed_ok:
                add_i(o["revealed"] + b); add_v(1.0)  # noqa: E702
            if s == p and not self.revealed_ok:
                add_i(o["own_bills"] + b); add_v(1.0)  # noqa: E702
        if self.event >= 0:
            add_i(o["event"] + self.event); add_v(1.0)  # noqa: E702
        pend = self.pending
        if pend is not None:
            kind = pend["kind"]
            add_i(o["phase"] + PHASE_INDEX[kind]); add_v(1.0)  # noqa: E702
            if kind == "yesno":
                add_i(o["question"] + QUESTION_INDEX[pend["q"]]); add_v(1.0)  # noqa: E702
                if pend["q"] == "agreement":
                    add_i(o["question_slot"] + pend["slot"]); add_v(1.0)  # noqa: E702
            elif kind == "permit":
                a = pend["request"]
                if A_PLAY <= a < A_DISCARD:
                    k = (a - A_PLAY) // 2
                elif A_ACT <= a < A_CAREER:
                    k = len(SUP_IDS)
                else:
                    k = len(SUP_IDS) + 1
                add_i(o["request"] + k); add_v(1.0)  # noqa: E702
            elif kind == "debate_target" and "side" in pend:  # a chosen side (Scenario 7 Liberal Unionist)
                q = o["pending_effect"]
                ix += (q + EFFECT_INDEX["votes"], q + len(EFFECT_OPS) + 1)
                va += (1.0, DEBATE["debate_opposition_leader"]["sides"][pend["side"]]["votes"] / 10)
            elif kind.startswith("eff_") and self.tasks and self.tasks[0][0] == "eff":
                e, ctx = self.tasks[0][1], self.tasks[0][2]
                q = o["pending_effect"]
                if e["op"] in EFFECT_INDEX:
                    add_i(q + EFFECT_INDEX[e["op"]]); add_v(1.0)  # noqa: E702
                k = q + len(EFFECT_OPS)
                ix += (k, k + 1, k + 2, k + 3)
                va += (e.get("steps", 0) / 3, e.get("amount", 0) / 10, e.get("mps", 0) / 10, ctx.get("mult", 1) / 2)
                if "src" in ctx:
                    skind, sidx = ctx["src"]
                    q = o["pending_source"]
                    add_i(q + SOURCE_INDEX[skind]); add_v(1.0)  # noqa: E702
                    sub = SOURCE_SUB.get(skind)
                    if sub is not None:
                        add_i(q + sub + sidx); add_v(1.0)  # noqa: E702
        counts: dict[int, float] = {}
        for c in self.hand[p]:
            counts[c] = counts.get(c, 0.0) + 1.0
        if pend is not None and pend["kind"] == "keep" and pend["player"] == p:
            for c in pend["drawn"]:
                counts[c] = counts.get(c, 0.0) + 1.0
        q = o["own_supporters"]
        for c, k in counts.items():
            add_i(q + c); add_v(k)  # noqa: E702
        q = o["own_bills"]
        for b in self.bill_hand[p]:
            add_i(q + b); add_v(1.0)  # noqa: E702
        if self.scen:
            q = o["scenario"]
            num = self.scen.get("num", 0)
            ix += (q + num, q + 8, q + 9, q + 10, q + 11, q + 12, q + 13, q + 14, q + 15)
            va += (1.0, float(self.scen.get("vp", True)), float(bool(self.scen.get("no_pact"))),
                   self.scen.get("marker", 0) / 6, float(bool(self.scen.get("workers_doubled"))),
                   self.scen.get("elections", 0) / 2 if num == 2 else 0.0, len(self.scen.get("agenda_passed", [])) / 3,
                   float(self.scen.get("dev_side") == "unionist"), float(self.scen.get("dev_side") == "conservative"))
            q = o["aside_bills"]
            for b in self.scen.get("aside", []):
                add_i(q + b); add_v(1.0)  # noqa: E702
        else:
            ix += (o["scenario"], o["scenario"] + 8)
            va += (1.0, 1.0)
        q = o["question_time"] + n
        for e in self.qt_hands[p]:
            add_i(q + e); add_v(1.0)  # noqa: E702
        out = np.zeros(g.observation_size, dtype=np.float32)
        out[ix] = va
        return out

    def _obs_slow(self, p: int) -> np.ndarray:
        """The reference implementation of :meth:`_obs` (list-building; kept for the equality test)."""
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
            pol += [1.0 if POLITICIANS[self.pol[s]].get("number") == k + 1 else 0.0 for k in range(10)]
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
                bills += [1.0] + [1.0 if (b.get("icon") or card["icon"]) == k else 0.0 for k in "AMP"] + [
                    b["adj"] / 100, self.projection(i) / 400, card["vp"] / 7] + [
                    1.0 if BILL_DECK[b["bill"]] == k else 0.0 for k in range(3)] + [
                    float("debate_gov_backbencher" in d), float("debate_opp_backbencher" in d),
                    float("debate_opposition_leader" in d)]
            else:
                bills += [0.0] * 13
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
        # the pending sub-choice's effect and source
        pe = [0.0] * (len(EFFECT_OPS) + 4)
        ps = [0.0] * self._src_width
        if pend is not None:
            ctx = None
            if pend["kind"] == "debate_target" and "side" in pend:
                pe[EFFECT_OPS.index("votes")] = 1.0
                pe[len(EFFECT_OPS) + 1] = DEBATE["debate_opposition_leader"]["sides"][pend["side"]]["votes"] / 10
            if pend["kind"].startswith("eff_") and self.tasks and self.tasks[0][0] == "eff":
                e, ctx = self.tasks[0][1], self.tasks[0][2]
                if e["op"] in EFFECT_OPS:
                    pe[EFFECT_OPS.index(e["op"])] = 1.0
                k = len(EFFECT_OPS)
                pe[k] = e.get("steps", 0) / 3
                pe[k + 1] = e.get("amount", 0) / 10
                pe[k + 2] = e.get("mps", 0) / 10
                pe[k + 3] = ctx.get("mult", 1) / 2
            if ctx is not None and "src" in ctx:
                kind, idx = ctx["src"]
                ps[SOURCE_KINDS.index(kind)] = 1.0
                off = {"action": len(SOURCE_KINDS), "supporter": len(SOURCE_KINDS) + len(ABILITIES),
                       "bill": len(SOURCE_KINDS) + len(ABILITIES) + len(SUP_IDS),
                       "career": len(SOURCE_KINDS) + len(ABILITIES) + len(SUP_IDS) + len(BILL_IDS)}.get(kind)
                if off is not None:
                    ps[off + idx] = 1.0
        parts += [pe, ps]
        sc = [0.0] * 16
        num = self.scen.get("num", 0)
        sc[14] = float(self.scen.get("dev_side") == "unionist")
        sc[15] = float(self.scen.get("dev_side") == "conservative")
        sc[num] = 1.0
        sc[8] = float(self.scen.get("vp", True))
        sc[9] = float(bool(self.scen.get("no_pact")))
        sc[10] = self.scen.get("marker", 0) / 6
        sc[11] = float(bool(self.scen.get("workers_doubled")))
        sc[12] = self.scen.get("elections", 0) / 2 if num == 2 else 0.0
        sc[13] = len(self.scen.get("agenda_passed", [])) / 3
        parts.append(sc)
        aside = [0.0] * len(BILL_IDS)
        for b in self.scen.get("aside", []):
            aside[b] = 1.0
        parts.append(aside)
        qt = [len(self.qt_hands[s]) / 2 for s in seats] + [0.0] * len(EVENT_IDS)
        for e in self.qt_hands[p]:
            qt[n + e] = 1.0
        parts.append(qt)
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
        if self.game.avt and self.bills:  # optional rule: the overlay shows each bill's total projection
            marks = []
            for i in range(len(self.bills)):
                v = self.projection(i)
                marks.append(f"bill {i + 1}: " + ("<150" if v < 150 else ">500" if v > 500 else str(v)))
            lines.append("  Alternate Vote Tracker: " + ", ".join(marks))
        if self.scen.get("num"):
            aside = [BILL_LIST[b]["name"] for b in self.scen.get("aside", [])]
            lines.append(f"  Scenario {self.scen['num']} ({SCENARIOS[self.scen['num']]['name']}); set aside: {aside}")
        if self.over:
            lines.append(f"Game over: winner {self.winners()} truncated={self.truncated}")
        elif self.pending:
            lines.append(f"To move: seat {self.pending['player']} ({self.pending['kind']})")
        return "\n".join(lines)
