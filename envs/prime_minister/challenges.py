"""Prime Minister: the Challenge Phase, rulebook 10.0-10.2.

10.1 in order Government Backbencher -> PM, Opposition Backbencher -> OL, OL -> PM, each an optional yes / no for an
eligible challenger (more Standing, or equal Standing and at least as much Favour), checked on the state the previous
one left (PM-A56). 10.2 the outcome: the two swap roles, Standing set from the new mats; a Backbencher who becomes
OL loses his Debate Card from the board; when the PM falls, the bills on the board are removed and the new PM's pool
scores the replacement bonus, and an OL who takes the PM's position changes the Government (the Backbenchers change
sides, 3.3, PM-A23) into a minority by Challenge (11.2.1, no Election Marker).
"""
from __future__ import annotations

from .components import MATS, NO, YES
from .tasks import question, task
from .formulas import can_challenge


class ChallengesMixin:
    """The Challenge Phase (10.0-10.2)."""

    @task("challenges")
    def _queue_challenges(self) -> None:
        self._push(["challenge_step", "gbb", "pm"], ["challenge_step", "obb", "ol"],
                   ["challenge_step", "ol", "pm"])

    @task("challenge_step")
    def _offer_challenge(self, ch_role: str, t_role: str) -> None:
        ch, t = self.seat_of(ch_role), self.seat_of(t_role)
        if ch < 0 or t < 0 or (self.scen.get("num") == 7 and ch == self.scen["devonshire"]):
            return
        if can_challenge(self.standing[ch], self.favour[ch], self.standing[t], self.favour[t]):
            self._ask("yesno", ch, [YES, NO], q="challenge", target=t)

    @question("challenge")
    def _answer_challenge(self, pend, yes) -> None:
        self._event("challenge", challenger=pend["player"], target=pend["target"], made=yes)
        if yes:
            self._challenge(pend["player"], pend["target"])

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
        if t_role != "pm":
            self._office_event("challenge")
        else:
            if ch_role == "ol":  # changeover by Challenge (10.2)
                self.gov_party = self.party[ch]
                self._flip_backbenchers()
                self.marker = False
                self.minority_by_challenge = True
            self._office_event("challenge")
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
