"""Prime Minister: Bill Selection (rulebook 5.0-5.2) and ending / restarting the Pact (3.1.2, 3.1.3).

5.1 the proposers in the order OL, Opposition Backbencher, Government Backbencher each draw (a decision per draw:
Cross-Party or the Government's Party deck, PM-A24) and propose hidden bills (PM-A25); the PM draws, each revealed at
once; 5.2 the PM selects three bills one at a time (PM-A26), a bill proposed by another player scoring its
proposer's pool 1 VP and a Party Bill ending a Pact first (3.1.2, PM-A15); the rest are discarded (Scenario bills go
back next to the board). 3.1.2 / 3.1.3 the Pact questions: the OL may end it at the start of the Opposition's turns;
unilateral restart with three Cross-Party Bills (PM-A16); the mutual-restart windows (PM-A17).
"""
from __future__ import annotations

from .components import A_BILL, A_DRAW, BILL_DECK, BILL_IDS, BILL_LIST, BOARD, CON, NO, PARTY_NAMES, YES
from .tasks import decision, question, task


class SelectionMixin:
    """Bill Selection (5.0) and the Pact's end and restarts (3.1.2, 3.1.3)."""

    # --- Bill Selection (5.0-5.2) -------------------------------------------------------------------------------------
    @task("selection")
    def _start_selection(self) -> None:
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

    @task("draw_bill")
    def _offer_bill_draw(self, s: int) -> None:
        legal = []
        if self._can_draw("cross_party"):
            legal.append(A_DRAW)
        if self._can_draw(self._party_deck()):
            legal.append(A_DRAW + 1)
        if legal:
            self._ask("draw_bill", s, legal)

    @decision("draw_bill")
    def _draw_chosen_bill(self, pend, a) -> None:
        s = pend["player"]
        deck = "cross_party" if a == A_DRAW else self._party_deck()
        b = self._draw(deck)
        if s == self.seat_of("pm"):
            self.proposed.append([b, s])  # the PM's draws are revealed at once (5.1)
            self._event("bill_drawn", player=s, deck=deck, bill=BILL_IDS[b])
        else:
            self.bill_hand[s].append(b)
            self._event("bill_drawn", player=s, deck=deck, private={s: {"bill": BILL_IDS[b]}})

    @task("propose")
    def _offer_proposal(self, s: int) -> None:
        if self.bill_hand[s]:
            self._ask("propose", s, [A_BILL + b for b in self.bill_hand[s]])

    @decision("propose")
    def _propose_bill(self, pend, a) -> None:
        s, b = pend["player"], a - A_BILL
        self.bill_hand[s].remove(b)
        self.proposed.append([b, s])
        self._event("bill_proposed", player=s, private={s: {"bill": BILL_IDS[b]}})

    @task("reveal_proposals")
    def _reveal_proposals(self) -> None:
        self.revealed_ok = True
        self._event("proposals_revealed", proposals=[[BILL_IDS[b], s] for b, s in self.proposed])

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

    @task("select")
    def _offer_selection(self) -> None:
        opts = [b for b, _ in self.proposed] + self._aside_options()
        if opts and len(self.bills) < 3:
            self._ask("select", self.seat_of("pm"), [A_BILL + b for b in opts])

    @decision("select")
    def _select_bill(self, pend, a) -> None:
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
            self._event("bill_selected", bill=BILL_IDS[b], slot=len(self.bills), proposer=None)
            return
        entry = next(e for e in self.proposed if e[0] == b)
        self.proposed.remove(entry)
        if BILL_DECK[b] != 0 and self.pact:  # 3.1.2 / PM-A15: a Party Bill ends the Pact first
            self._end_pact()
        self.bills.append({"bill": b, "adj": BILL_LIST[b]["adjustment"], "debate": []})
        self.selected_count += 1
        proposer = entry[1]
        self._event("bill_selected", bill=BILL_IDS[b], slot=len(self.bills), proposer=proposer)
        if proposer != pend["player"]:  # 5.2 selection bonus
            self._award_self(proposer, BOARD["bill_resolution"]["selection_bonus_vp"])

    @task("selection_end")
    def _end_selection(self) -> None:
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
            self.scen["riots_floor"] = len(self.decks["events"])  # public: the Riots lie above this many cards
            self.rng.shuffle(top)
            self.decks["events"].extend(top)
            self.scen["riots_in_deck"] = True
        # 3.1.3 unilateral restart: three Cross-Party Bills on the board (PM-A16)
        if (not self.pact and not self.scen.get("no_pact") and len(self.bills) == 3
                and all(BILL_DECK[b["bill"]] == 0 for b in self.bills)):
            self._ask("yesno", self.seat_of("ol"), [YES, NO], q="restart_pact")

    # --- the Pact (3.1.2 ending, 3.1.3 restarting; PM-A15..A17) -------------------------------------------------------
    def _end_pact(self) -> None:
        self.pact = False
        self.ever_split = True
        self._event("pact_ended")

    @question("restart_pact")
    def _answer_restart_pact(self, pend, yes) -> None:
        if yes:
            self.pact = True
            self._event("pact_restarted", by=[pend["player"]])

    @task("ask_end_pact")
    def _ask_end_pact(self) -> None:
        if self.pact:
            self._ask("yesno", self.seat_of("ol"), [YES, NO], q="end_pact")

    @question("end_pact")
    def _answer_end_pact(self, pend, yes) -> None:
        if yes:
            self._end_pact()

    @task("window_pact")
    def _open_pact_window(self, s: int) -> None:
        """PM-A17: a mutual-restart window (proposer s), only without a Pact and without Party Bills."""
        if (not self.pact and not self.scen.get("no_pact") and s >= 0
                and all(BILL_DECK[b["bill"]] == 0 for b in self.bills)):
            self._ask("yesno", s, [YES, NO], q="propose_pact")

    @question("propose_pact")
    def _answer_propose_pact(self, pend, yes) -> None:
        if yes:
            other = self.seat_of("pm") if pend["player"] == self.seat_of("ol") else self.seat_of("ol")
            self._ask("yesno", other, [YES, NO], q="accept_pact")

    @question("accept_pact")
    def _answer_accept_pact(self, pend, yes) -> None:
        if yes:
            self.pact = True
            self._event("pact_restarted", by=sorted((self.seat_of("pm"), self.seat_of("ol"))))
