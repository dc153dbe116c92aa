"""Prime Minister: the seven Scenarios (rulebook "Scenarios", L977-1237; ``data/scenarios.json``, PM-A80/A81).

Here: each Scenario's setup over the standard one (roles, tracks, Sectors, MPs, set-aside bills, decks, Career
Cards), the passed-bill overrides of 9.4 (``_scenario_pass``), and the steps that exist only in a Scenario: Scenario 4
the Supporters under the Importation Act and the Election it forces; Scenario 5 the Workers doubling, the Workers
action (and the OL's window for it) and the Opposition's Workers loss for lowering the Act; Scenario 7 Devonshire's
own actions (leave the Liberals, join the Conservatives, his Campaign, the Irish Coercion Act). The smaller hooks
stay in the section they change, keyed on ``self.scen["num"]`` (``self.scen`` is the Scenario's JSON state).
"""
from __future__ import annotations

from .components import (A_ELECTION, A_PLAY, A_SCEN, A_SLOT, BILL_DECK, BILL_INDEX, BILL_LIST, BOARD, CAREERS, CON,
                         DECKS, END_TURN, EVENT_INDEX, NO, PARTY_KEY, PARTY_NAMES, SCENARIOS, SECTOR_INDEX, SECTOR_LIST,
                         SUPPORTER_LIST, SUP_INDEX, YES)
from .tasks import decision, question, task


class ScenariosMixin:
    """Scenarios 1-7: setup adjustments, scenario-only steps and passed-bill overrides."""

    # --- setup (each Scenario's Setup, L993-1237) ---------------------------------------------------------------------
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

    def scen_data_num(self, key: str, default: int) -> int:
        """A number from the Scenario's data (``data/scenarios.json``), ``default`` when it has none."""
        return (self.game.scen_data or {}).get(key, default)

    # --- the Scenarios' own actions in the main menu (Scenario 5 Workers, Scenario 7 Devonshire) ---------------------
    def _scenario_main_options(self, s: int, num: int, cubes: int) -> list[int]:
        """The ``scenario_action`` ids seat ``s`` may choose now (Scenario ``num`` is 5 or 7; ``cubes`` unspent)."""
        legal = []
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
                    and self.scen["ica"] in self.scen["aside"]
                    and any(b["bill"] != self.scen["salisbury_bill"] for b in self.bills)):
                legal.append(A_SCEN + 4)
        return legal

    def _perform_scenario_action(self, s: int, a: int, after: list) -> None:
        """Pay for and carry out the ``scenario_action`` ``a`` of seat ``s`` (``_perform`` marked the turn acted);
        ``after`` is the task that follows (the main menu again)."""
        if a == A_SCEN:  # Scenario 5: the Workers Popularity action (L1149)
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
            self._office_event("scenario")
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
        else:
            raise AssertionError(a)

    # --- bills passed (9.4 overrides) ---------------------------------------------------------------------------------
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
            self.shown[pm].extend(self.scen["under_ia"])  # face up: known to all while in the hand
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
            if self.scen["riots_in_deck"]:  # L1152: the Riots leave the game: found in the Event deck, reshuffled
                self.decks["events"].remove(self.scen["riots"])
                self.scen["riots_in_deck"] = False
                self.scen.pop("riots_floor", None)
                self._tag_reshuffle("events")
                self.rng.shuffle(self.decks["events"])
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

    # --- Scenario 4: Repealing the Corn Laws (L1079-1114) -------------------------------------------------------------
    @task("ia_play")
    def _offer_importation_supporters(self, pm: int) -> None:
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

    @decision("ia_play")
    def _play_importation_supporter(self, pend, a) -> None:
        pm = pend["player"]
        if a == END_TURN:
            self.turn = None
            self.scen["ia_cards"] = []
            return
        self.scen["ia_cards"].remove((a - A_PLAY) // 2)
        self._perform(pm, a, after=["ia_play", pm])

    @task("s4_election")
    def _hold_importation_election(self) -> None:
        """Scenario 4: after the Importation Act passes, the PM holds an Election at once (L1106)."""
        self._hold_or_postpone_election({"player": self.seat_of("pm")}, A_ELECTION)

    # --- Scenario 5: The Second Reform Act (L1115-1155) ---------------------------------------------------------------
    @task("s5_double")
    def _double_workers(self) -> None:
        self.scen["workers_doubled"] = True

    @task("s5_window")
    def _offer_workers_window(self) -> None:
        """Scenario 5 (L1149): an OL of the passing party may use a saved cube for the Workers action now."""
        ol = self.seat_of("ol")
        if (ol >= 0 and self.scen["act_passed_by"] == self.party[ol] and not self.scen["workers_used"]
                and self.cubes[ol] >= 1):
            self._ask("yesno", ol, [YES, NO], q="workers")

    @question("workers")
    def _answer_workers(self, pend, yes) -> None:
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

    # --- Scenario 7: The Liberal Unionist (L1181-1237) ----------------------------------------------------------------
    @decision("ica_slot")
    def _replace_with_coercion_act(self, pend, a) -> None:
        s, slot = pend["player"], a - A_SLOT
        old = self.bills[slot]
        self._discard_bill(old["bill"])  # removed (its Debate Cards without effect)
        self.scen["aside"].remove(self.scen["ica"])
        self.bills[slot] = {"bill": self.scen["ica"], "adj": self.scen_data_num("irish_coercion_adjustment", 100),
                            "debate": []}
        self._push(["main", s])
