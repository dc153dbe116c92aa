"""Prime Minister: Parliamentary Order, rulebook 4.0 -- the round as a sequence of tasks.

``round_start`` is 4.0(1) round setup: from Round 2 the round-start VP (4 / 2, or 6 once to the Pact; PM-A19), Action
Cubes for Standing (PM-A7), the round-start bonuses (3-player OL reverse mat, Deputy Party Leader), PMQT's deal; then
Bill Selection (5.0, only with no bills on the board) and ``turns``. ``turns`` queues the phases in order: the
Government Backbencher's turn, the Opposition (``opposition_start``), the PM (``pm_turn``), Bill Resolution (9.0),
Challenges (10.0), the Election (11.0), ``round_end``. ``round_end`` ends a round: PMQT's discards, the Scenarios'
round limits, ``max_rounds`` truncation, the next ``round_start``.
"""
from __future__ import annotations

from .components import BOARD, CAREERS
from .data_loader import cube_income
from .tasks import task


class RoundMixin:
    """Parliamentary Order (4.0): round setup, the order of the phases, round end."""

    @task("round_start")
    def _start_round(self) -> None:
        self._event("round_start", round=self.round)
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
            self.cubes[s] = cube_income(mat, self.standing[s])
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

    @task("turns")
    def _queue_phases(self) -> None:
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

    @task("round_end")
    def _end_round(self) -> None:
        if self.record_events:  # the table as it stood, before anything of the next round
            self._event("round_end", round=self.round, table=self.table())
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
            self._event("game_end", winners=[], truncated=True, round=self.round, vp=list(self.vp))
            return
        self.round += 1
        self._push(["round_start"])
