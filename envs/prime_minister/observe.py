"""Prime Minister: what a seat sees -- the observation vector and its field table (RULES.md "Observation").

The observation is leak-free: public board, own hand and hidden bills, the pending decision and the effect / source it
belongs to. ``_obs`` writes it sparsely ((index, value) pairs into a zero vector in one assignment); ``_obs_slow`` is
the list-building reference the tests compare it with.
"""
from __future__ import annotations

import numpy as np

from .components import (ABILITIES, A_ACT, A_CAREER, A_DISCARD, A_PLAY, BILL_DECK, BILL_IDS, BILL_LIST, CAREERS,
                         CAREER_INDEX, CAREER_ORDER, CON, DEBATE, DEBATE_SLOT, DECK_KEYS, EFFECT_INDEX, EFFECT_OPS,
                         EVENT_IDS, LIB, PHASES, PHASE_INDEX, POLITICIANS, POL_NUMBER, QUESTIONS, QUESTION_INDEX, ROLES,
                         ROLE_INDEX, SOURCE_INDEX, SOURCE_KINDS, SOURCE_SUB, SUP_IDS, UNC_IDS)


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
