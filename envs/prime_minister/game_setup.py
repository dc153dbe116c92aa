"""Prime Minister: the setup, rulebook 2.0-2.5 (a Scenario's adjustments on top: ``scenarios.py``).

2.1 drawing Politicians for the player count (an excess party member put aside, L383), 2.2 Government and
Opposition roles by Politician number, 2.3 markers (Standing, Favour, Sectors, Government MPs), 2.4 the decks
(shuffled; a ``deal`` stacks chosen cards on top, RULES.md "Deal"), 2.5 the 3-player adjustments (the party alone
draws two Supporters), the Career Cards of the Backbenchers (6.2.2), then the first task ``round_start``. A
Scenario's Politicians and roles are chosen here too (its ``players`` entries); ``_scenario_setup`` then changes the
tracks, the board and the decks.
"""
from __future__ import annotations

from ..core.rules import DealError
from ..errors import show
from .components import (BILL_DECK, BILL_INDEX, BOARD, CON, DECKS, EVENT_IDS, EVENT_INDEX, LIB, PARTY_KEY, PARTY_NAMES,
                         POLITICIANS, SECTOR_LIST, SUP_IDS, SUP_INDEX, UNC_INDEX)


DEAL_KEYS = ("politicians", "supporters", "events", "cross_party", "liberal", "conservative", "uncertainty")


def check_deal(deal) -> dict:
    """The shape of a deal (RULES.md "Deal"): a dict of the known keys, each a list of id strings, no id twice in
    one list; which ids fit which deck is checked where the deck is built. Raises :class:`DealError`."""
    if deal is None:
        return {}
    if not isinstance(deal, dict):
        raise DealError(f"prime_minister: a deal must be a dict of {list(DEAL_KEYS)}, got {type(deal).__name__}")
    bad = sorted(str(k) for k in deal if k not in DEAL_KEYS)
    if bad:
        raise DealError(f"prime_minister: unknown deal key(s) {bad}; known: {sorted(DEAL_KEYS)}")
    for k, v in deal.items():
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise DealError(f"prime_minister: deal[{show(k)}] is {show(v)}; expected a list of id strings")
        if k != "uncertainty" and len(set(v)) != len(v):
            raise DealError(f"prime_minister: deal[{show(k)}] names a card twice: {show(v)}")
    return dict(deal)


class SetupMixin:
    """The setup (2.0-2.5); a Scenario's adjustments are in ``scenarios.py``."""

    def _setup(self, deal: dict | None, advance: bool = True) -> None:
        deal = check_deal(deal)
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
        self.passed = []  # bills passed (out of play), in order
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
                        raise DealError(f"prime_minister: deal[{show(k)}] has {show(cid)}, not a (distinct) card of "
                                        f"that deck")
                    top.append(idx[cid])
                rest = [c for c in self.decks[k] if c not in top]
                self.decks[k] = rest + top[::-1]  # first listed = first drawn
        self.unc_stack = []
        for u in deal.get("uncertainty", []):
            if u not in UNC_INDEX:
                raise DealError(f"prime_minister: deal['uncertainty'] has unknown card {show(u)}")
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
        if advance:  # (positions.py lays a position over the setup first)
            self._advance()
