"""Prime Minister: the Election Phase, rulebook 11.0-11.5 (and 12.0 Uncertainty).

Only with no bills on the board: the PM holds the Election or removes the Election Marker (not at >= 85 VP). 11.1
counting seats: the projection plus an Uncertainty card (329 each: Favour, then the Opposition); 11.2.1 a minority by
Challenge always stays; 11.2.2 Royal Interference: the Favour favourite who lost the count with enough seats may
take or refuse the PM's position. 11.3 Election VP per 10 seats gained (PM-A64), 11.4 the changeover, 11.5 resetting
the Government MPs and the Election Marker; then the Scenarios' election victory checks.
"""
from __future__ import annotations

from .components import A_ELECTION, BOARD, MATS, NO, PARTY_NAMES, TOTAL_SEATS, UNC_IDS, UNC_LIST, YES
from .tasks import decision, question, task
from .formulas import election_vp, election_winner, round10


class ElectionsMixin:
    """The Election Phase (11.0-11.5)."""

    @task("election_phase")
    def _offer_election(self) -> None:
        if self.bills:
            return
        pm = self.seat_of("pm")
        legal = [A_ELECTION]
        if self.marker and self.vp[pm] < BOARD["score_track"]["no_postpone_at"]:
            legal.append(A_ELECTION + 1)
        self._ask("election", pm, legal)

    @decision("election")
    def _hold_or_postpone_election(self, pend, a) -> None:
        if a == A_ELECTION + 1:
            self.marker = False
            self._event("election_postponed", player=pend["player"])
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

    @question("royal")
    def _answer_royal(self, pend, yes) -> None:
        self._event("royal_interference", player=pend["player"], accepted=yes)
        self._finish_election(pend["gov_seats"], "opposition" if (yes == pend["fav_is_ol"]) else "government",
                              pend["unc"])

    def _finish_election(self, gov_seats: int, result: str, unc: int) -> None:
        gov = self.gov_party
        a0 = self.mps["A"]
        seats = {gov: gov_seats, 1 - gov: TOTAL_SEATS - gov_seats}
        g0 = self.mps_party  # after a changeover by Challenge the tracker still shows the old Government (PM-A64)
        ded = 40 if self.scen.get("num") == 6 else 0  # Scenario 6 / PM-A81: compare deducted figures
        before = {g0: a0, 1 - g0: round10(TOTAL_SEATS - (a0 + ded)) - ded}
        # 11.3 Election VP (PM-A64), to the pools as they stand before any changeover
        gains = [(side, election_vp(before[party] + ded, seats[party]))
                 for party, side in ((gov, "government"), (1 - gov, "opposition"))]
        self._event("election", government=PARTY_NAMES[gov], projection=gov_seats - UNC_LIST[unc]["election"],
                    uncertainty=UNC_IDS[unc], uncertainty_seats=UNC_LIST[unc]["election"], government_seats=gov_seats,
                    opposition_seats=TOTAL_SEATS - gov_seats, winner=result,
                    vp={side: v for side, v in gains}, pools={side: self.pool(side) for side, _ in gains})
        for side, v in gains:
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
            self._office_event("election")
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
