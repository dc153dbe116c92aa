"""Prime Minister: Bill Resolution, rulebook 9.0-9.5, and the Debate Cards' rewards (6.2.1).

The PM resolves exactly one bill (PM-A54): 9.1 by Agreement (the OL's yes / no; refused, not again this phase), 9.2 by
Vote (allowed at >= 320; an Uncertainty card below 350), 9.3 by Withdrawal. 9.4 a passed bill's effects (a Cross-Party
Bill's "own" is the PM's party) and VP (Cross-Party to both sides, once in a Pact; Party Bills to the Government; +5
to the Opposition for an Agreement); a failed or withdrawn bill's Standing and VP. Then the Debate Cards under it
score or cost their owners. Scenario overrides: ``_scenario_pass`` in ``scenarios.py``, the Scenarios' losses here.
"""
from __future__ import annotations

from .components import A_RESOLVE, BILL_DECK, BILL_IDS, BILL_LIST, BOARD, DEBATE, NO, UNC_IDS, UNC_LIST, YES
from .tasks import decision, question, task
from .formulas import vote_passes


class ResolutionMixin:
    """Bill Resolution (9.0-9.5) and the Debate Cards' rewards and penalties (6.2.1)."""

    @task("resolution")
    def _offer_resolution(self) -> None:
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

    @decision("resolve")
    def _resolve_bill(self, pend, a) -> None:
        k, slot = divmod(a - A_RESOLVE, 3)
        if k == 0:
            self._ask("yesno", self.seat_of("ol"), [YES, NO], q="agreement", slot=slot)
        elif k == 1:
            p = self.projection(slot)
            u = card = None
            if p < 350:
                card = self._draw_uncertainty()
                u = UNC_LIST[card]["vote"]
            passed = vote_passes(p, u)
            self._event("bill_passed" if passed else "bill_failed", bill=BILL_IDS[self.bills[slot]["bill"]],
                        slot=slot + 1, how="vote", projection=p, uncertainty=None if card is None else UNC_IDS[card],
                        uncertainty_vote=u)
            if passed:
                self._pass_bill(slot)
            else:
                self._fail_bill(slot, withdrawn=False)
        else:
            self._event("bill_failed", bill=BILL_IDS[self.bills[slot]["bill"]], slot=slot + 1, how="withdrawn",
                        projection=self.projection(slot), uncertainty=None, uncertainty_vote=None)
            self._fail_bill(slot, withdrawn=True)

    @question("agreement")
    def _answer_agreement(self, pend, yes) -> None:
        slot = pend["slot"]
        bill = self.bills[slot]["bill"]
        self._event("bill_passed" if yes else "agreement_refused", bill=BILL_IDS[bill], slot=slot + 1,
                    how="agreement", projection=self.projection(slot), uncertainty=None, uncertainty_vote=None)
        if yes:
            self._pass_bill(slot, agreement=True)
        else:
            self.refused_agreement.append(bill)
            self._push(["resolution"])

    def _pass_bill(self, slot: int, agreement: bool = False) -> None:
        b = self.bills.pop(slot)
        self.passed.append(b["bill"])  # out of play (kept for the record and for validation)
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

    @task("debate_cards")
    def _resolve_debate_cards(self, cards: list, outcome: str) -> None:
        t = []
        for cid, owner, side_name in cards:
            side = DEBATE[cid]["sides"][side_name]
            good = (side["reward_on"] == "pass") == (outcome == "pass")
            effs = side["reward"] if good else side["penalty"]
            t += [["eff", e, {"actor": owner, "mult": 1, "src": ["debate_card", 0]}] for e in effs]
        self._push(*t)
