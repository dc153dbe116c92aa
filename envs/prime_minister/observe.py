"""Prime Minister: what a seat sees -- the observation vector and its field table (RULES.md "Observation").

The observation is leak-free: public board, own hand and hidden bills, the pending decision and the effect / source it
belongs to. ``_obs`` starts from a copy of the blocks that change only now and then, kept between observations
(``ObservationCache``: the Sectors, bills, Scenario, and each seat's view of the roles and Career Cards), and writes
the rest sparsely (only the nonzero entries); ``_obs_slow`` is the list-building reference the tests compare it with.
"""
from __future__ import annotations

import copy
from array import array

import numpy as np

from .components import (ABILITIES, A_ACT, A_CAREER, A_DISCARD, A_PLAY, BILL_DECK, BILL_IDS, BILL_LIST, BOARD, CAREERS,
                         CAREER_INDEX, CAREER_ORDER, CON, DEBATE, DEBATE_SLOT, DECK_KEYS, EFFECT_INDEX, EFFECT_OPS,
                         EVENT_IDS, LIB, PHASES, PHASE_INDEX, POLITICIANS, POL_NUMBER, QUESTIONS, QUESTION_INDEX, ROLES,
                         ROLE_INDEX, SOURCE_INDEX, SOURCE_KINDS, SOURCE_SUB, SUP_IDS, UNC_IDS)
from .user_components import active_fingerprint

_FLOAT32 = np.dtype(np.float32)


def observation_rows(n: int) -> list[tuple]:
    """The observation's fields for ``n`` players: (name, width, meaning), in order (RULES.md "Observation")."""
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
    return rows


class ObservationCache:
    """The parts of the observation that change only now and then, kept between observations of one state.

    ``board`` is a template of the whole vector, zero except for the public blocks that are the same for every seat:
    the Sectors and the lead, the MPs and the bill slots, the Scenario and its set-aside bills.
    ``seats`` holds, per observing seat, its rotation of the roles, parties and Politicians and of the active Career
    Cards. Each block keeps a copy of everything it reads (``*_seen``) and is rewritten when that differs from the
    state; the copies are compared by value, so no rule has to report its changes, and a block is always what it
    would be if written from scratch. The component tables the blocks read (bills, Sector tracks) are those of the
    component set active when the cache was made: ``_obs`` makes a new cache when another set is activated."""

    __slots__ = ("components", "offsets", "template", "sectors_seen", "bills_seen", "scen_seen", "seats_seen",
                 "seats_twice", "seat_blocks")

    #: the offsets ``_obs`` uses at every observation, in this order (``offsets``)
    OFFSETS = ("to_move", "role", "careers", "standing", "favour", "vp", "cubes", "hand_size", "question_time",
               "gov_party", "flags", "deck_sizes", "phase", "own_supporters", "own_bills")

    def __init__(self, st) -> None:
        self.components = active_fingerprint()
        self.offsets = tuple(st.game.off[name] for name in self.OFFSETS)
        self.template = array("f", st.game._zero_observation)
        self.sectors_seen = self.bills_seen = self.scen_seen = self.seats_seen = None
        self.seats_twice = None
        self.seat_blocks = {}

    def board(self, st) -> array:
        """The template with its blocks brought up to date with ``st``."""
        w = self.template
        seen = self.sectors_seen
        if seen is None or seen[0] != st.sector_pos or seen[1] != st.scen.get("workers_doubled"):
            self.sectors_seen = ([list(x) for x in st.sector_pos], st.scen.get("workers_doubled"))
            self._write_sectors(st, w)
        seen = self.bills_seen
        if seen is None or seen[0] != st.bills or seen[1] != st.mps:
            before = seen[0] if seen is not None and seen[1] == st.mps else None  # projections read the MPs
            self.bills_seen = ([dict(b, debate=list(b["debate"])) for b in st.bills], dict(st.mps))
            self._write_bills(st, w, before)
        if self.scen_seen is None or self.scen_seen[0] != st.scen:
            self.scen_seen = (copy.deepcopy(st.scen),)
            self._write_scenario(st, w)
        return w

    @staticmethod
    def _clear(w: array, q: int, width: int) -> None:
        w[q:q + width] = array("f", bytes(4 * width))

    def _write_sectors(self, st, w: array) -> None:
        o = st.game.off
        q = o["sectors"]
        self._clear(w, q, 16)
        sp = st.sector_pos[LIB] + st.sector_pos[CON]
        for k, x in enumerate(sp):
            w[q + k] = x / 8
        lead = st.lead()
        q = o["lead"]
        w[q] = max(0, -lead) / 50
        w[q + 1] = max(0, lead) / 50

    def _write_bills(self, st, w: array, before: list | None) -> None:
        """The MPs and the three bill slots; a slot equal to its copy in ``before`` (the slots as last written, under
        the same MPs) is left as it is."""
        o = st.game.off
        q, mps = o["mps"], st.mps
        w[q] = mps["A"] / 660
        w[q + 1] = mps["M"] / 660
        w[q + 2] = mps["P"] / 660
        bills = st.bills
        for i in range(3):
            b = bills[i] if i < len(bills) else None
            if before is not None and b == (before[i] if i < len(before) else None):
                continue
            q = o["bills"] + 13 * i
            self._clear(w, q, 13)
            if b is None:
                continue
            card = BILL_LIST[b["bill"]]
            w[q] = 1.0
            w[q + 1 + "AMP".index(b.get("icon") or card["icon"])] = 1.0
            w[q + 4] = b["adj"] / 100
            w[q + 5] = st.projection(i) / 400
            w[q + 6] = card["vp"] / 7
            w[q + 7 + BILL_DECK[b["bill"]]] = 1.0
            for x in b["debate"]:
                w[q + 10 + DEBATE_SLOT[x[0]]] = 1.0

    def _write_scenario(self, st, w: array) -> None:
        o = st.game.off
        q = o["scenario"]
        self._clear(w, q, 16)
        self._clear(w, o["aside_bills"], len(BILL_IDS))
        scen = st.scen
        if scen:
            num = scen.get("num", 0)
            w[q + num] = 1.0
            w[q + 8] = scen.get("vp", True)
            w[q + 9] = bool(scen.get("no_pact"))
            w[q + 10] = scen.get("marker", 0) / 6
            w[q + 11] = bool(scen.get("workers_doubled"))
            w[q + 12] = scen.get("elections", 0) / 2 if num == 2 else 0.0
            w[q + 13] = len(scen.get("agenda_passed", [])) / 3
            w[q + 14] = scen.get("dev_side") == "unionist"
            w[q + 15] = scen.get("dev_side") == "conservative"
            q = o["aside_bills"]
            for b in scen.get("aside", []):
                w[q + b] = 1.0
        else:
            w[q] = 1.0
            w[q + 8] = 1.0

    def seats(self, st, p: int) -> tuple[array, array]:
        """Seat ``p``'s view of every seat's role, party and Politician (the fields from ``role`` to
        ``politician``) and of their active Career Cards (``careers``), self first, then clockwise: slices of the
        fields in seat order written twice over (``seats_twice``)."""
        seen = self.seats_seen
        unionist = st._unionist()
        if (seen is None or seen[0] != st.role or seen[1] != st.party or seen[2] != st.pol or seen[3] != st.careers
                or seen[4] != st.resigned or seen[5] != unionist):
            self.seats_seen = (list(st.role), list(st.party), list(st.pol), [dict(c) for c in st.careers],
                               st.resigned, unionist)
            self.seats_twice = self._write_seats(st, unionist)
            self.seat_blocks = {}
        blocks = self.seat_blocks.get(p)
        if blocks is None:
            n = st.n
            role, party, politician, careers = self.seats_twice
            blocks = self.seat_blocks[p] = (role[4 * p:4 * (p + n)] + party[p:p + n] + politician[10 * p:10 * (p + n)],
                                            careers[8 * p:8 * (p + n)])
        return blocks

    @staticmethod
    def _write_seats(st, unionist: int) -> tuple[array, array, array, array]:
        """Every seat's role (4 entries per seat), party (1), Politician (10) and active Career Cards (8), in seat
        order and then again, so that any seat's rotation is one slice."""
        n = st.n
        role, party = array("f", bytes(4 * 4 * 2 * n)), array("f", bytes(4 * 2 * n))
        politician, careers = array("f", bytes(4 * 10 * 2 * n)), array("f", bytes(4 * 8 * 2 * n))
        for s in range(n):
            r = st.role[s]
            num = POL_NUMBER[st.pol[s]]
            mine = st.careers[s]
            # _careers_usable(s), inlined
            usable = mine and s != unionist and (r == "obb" or (r == "gbb" and not st.resigned))
            for i in (s, s + n):
                role[4 * i + ROLE_INDEX[r]] = 1.0
                party[i] = st.party[s]
                if num:
                    politician[10 * i + num - 1] = 1.0
                if usable:
                    for c, on in mine.items():
                        if on:
                            careers[8 * i + CAREER_INDEX[c]] = 1.0
        return role, party, politician, careers


class ObservationMixin:
    """What a seat sees: the observation vector (and every seat's, for a centralised critic)."""

    _src_width = len(SOURCE_KINDS) + len(ABILITIES) + len(SUP_IDS) + len(BILL_IDS) + len(CAREERS)

    def observation(self, player: int, out: np.ndarray | None = None) -> np.ndarray:
        v = self._obs(player)
        if out is not None:
            out[:] = v
            return out
        return v

    def global_observation(self) -> np.ndarray:
        return np.concatenate([self._obs(p) for p in range(self.n)])

    def _obs(self, p: int) -> np.ndarray:
        """Seat ``p``'s observation: a copy of the cached public blocks (``ObservationCache``), then the rest stored
        entry by entry (only the nonzero ones) into that ``array('f')``, which numpy views without a copy."""
        o = self.game.off  # the offsets of the fields written only now and then
        n = self.n
        cache = self._obs_cache
        if cache is None or cache.components != active_fingerprint():
            cache = self._obs_cache = ObservationCache(self)
        (to_move, role, careers, standing, favour, vp, cubes, hand_size, question_time, gov_party, flags, deck_sizes,
         phase, own_supporters, own_bills) = cache.offsets
        w = cache.board(self)[:]  # a fresh copy: the caller owns the array it gets
        seats, careers_block = cache.seats(self, p)
        w[role:role + len(seats)] = seats  # role, party, politician
        w[careers:careers + len(careers_block)] = careers_block
        if not self.over:  # current_player()
            w[to_move + (self.pending["player"] - p) % n] = 1.0
        std, fav, vps, cbs = self.standing, self.favour, self.vp, self.cubes
        hands, qt_hands = self.hand, self.qt_hands
        for i in range(n):
            s = (p + i) % n
            w[standing + i] = std[s] / 14
            w[favour + i] = fav[s] / 8
            w[vp + i] = vps[s] / 100
            w[cubes + i] = cbs[s] / 5
            w[hand_size + i] = len(hands[s]) / 8
            w[question_time + i] = len(qt_hands[s]) / 2
        role_of = self.role
        w[gov_party] = self.gov_party
        q = flags
        w[q] = self.pact
        w[q + 1] = self.resigned
        w[q + 2] = self.marker
        w[q + 3] = self.minority_by_challenge
        # foth_holder() >= 0, inlined
        w[q + 4] = (not self.scen.get("no_foth") and "pm" in role_of
                    and vps[role_of.index("pm")] >= BOARD["score_track"]["father_of_the_house_at"]
                    and ("obb" in role_of or "ol" in role_of))
        w[q + 5] = self.round / 50
        q = deck_sizes
        decks, discards = self.decks, self.discards
        for k, key in enumerate(DECK_KEYS):
            w[q + k] = len(decks[key]) / 40
            w[q + 5 + k] = len(discards[key]) / 40
        if self.last_unc >= 0:
            w[o["last_uncertainty"] + self.last_unc] = 1.0
        proposed = self.proposed
        if proposed:
            pm = self.seat_of("pm")
        for b, s in proposed:
            if s == pm or self.revealed_ok:
                w[o["revealed"] + b] = 1.0
            if s == p and not self.revealed_ok:
                w[own_bills + b] = 1.0
        if self.event >= 0:
            w[o["event"] + self.event] = 1.0
        pend = self.pending
        if pend is not None:
            kind = pend["kind"]
            w[phase + PHASE_INDEX[kind]] = 1.0
            if kind == "yesno":
                w[o["question"] + QUESTION_INDEX[pend["q"]]] = 1.0
                if pend["q"] == "agreement":
                    w[o["question_slot"] + pend["slot"]] = 1.0
            elif kind == "permit":
                a = pend["request"]
                if A_PLAY <= a < A_DISCARD:
                    k = (a - A_PLAY) // 2
                elif A_ACT <= a < A_CAREER:
                    k = len(SUP_IDS)
                else:
                    k = len(SUP_IDS) + 1
                w[o["request"] + k] = 1.0
            elif kind == "debate_target" and "side" in pend:  # a chosen side (Scenario 7 Liberal Unionist)
                q = o["pending_effect"]
                w[q + EFFECT_INDEX["votes"]] = 1.0
                w[q + len(EFFECT_OPS) + 1] = DEBATE["debate_opposition_leader"]["sides"][pend["side"]]["votes"] / 10
            elif kind.startswith("eff_") and self.tasks and self.tasks[0][0] == "eff":
                e, ctx = self.tasks[0][1], self.tasks[0][2]
                q = o["pending_effect"]
                if e["op"] in EFFECT_INDEX:
                    w[q + EFFECT_INDEX[e["op"]]] = 1.0
                k = q + len(EFFECT_OPS)
                w[k] = e.get("steps", 0) / 3
                w[k + 1] = e.get("amount", 0) / 10
                w[k + 2] = e.get("mps", 0) / 10
                w[k + 3] = ctx.get("mult", 1) / 2
                if "src" in ctx:
                    skind, sidx = ctx["src"]
                    q = o["pending_source"]
                    w[q + SOURCE_INDEX[skind]] = 1.0
                    sub = SOURCE_SUB.get(skind)
                    if sub is not None:
                        w[q + sub + sidx] = 1.0
        q = own_supporters
        for c in self.hand[p]:
            w[q + c] += 1.0
        if pend is not None and pend["kind"] == "keep" and pend["player"] == p:
            for c in pend["drawn"]:
                w[q + c] += 1.0
        q = own_bills
        for b in self.bill_hand[p]:
            w[q + b] = 1.0
        q = question_time + n
        for e in self.qt_hands[p]:
            w[q + e] = 1.0
        return np.frombuffer(w, dtype=_FLOAT32)

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
