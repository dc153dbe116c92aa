"""Prime Minister: one player's action turn (rulebook 6.0-6.4, 7.2-7.4, 3.2.1-3.2.2).

The frame of a turn: a Resigned Backbencher's request to rejoin (3.2.2), the Deputy PM's cube (6.2.2), the main menu
until ``end turn``, then the hold limit (7.3) and the Backbencher Standing Bonus (6.2.4). The main menu
(``_main_options``): the Politician actions of the mat (6.1.1-6.1.5, by ability level), Career actions (6.2.2), the
Backbencher Debate Card (6.2.1), Resignation (6.2.3, 3.2.1), playing or discarding Supporters (7.2; doubled by the
Father of the House, 7.4), the Scenarios' own actions (``scenarios.py``). ``_perform`` pays and queues the effects
(``effects.py``); an Influence effect of the Opposition in a Pact or of a loyal Backbencher first needs the PM's
permission (3.1, 3.2, PM-A82), and a refused source stays refused for the turn.
"""
from __future__ import annotations

from .components import (ABILITIES, ADJ_MAX, ADJ_MIN, A_ACT, A_CAREER, A_DEBATE_CARD, A_DISCARD, A_KEEP, A_PLAY,
                         A_RESIGN, A_SCEN, A_SIGN, A_SLOT, BOARD, CAREERS, CAREER_ACTIONS, CAREER_ORDER, DEBATE,
                         END_TURN, HOLD_LIMIT, NO, NUM_ACTIONS, POLITICIANS, SUPPORTER_LIST, SUP_IDS, YES)
from .tasks import decision, question, task
from .user_components import active_fingerprint

LEVELS = ((1, "1"), (2, "2"))  # a mat action's levels and their keys in mats.json
#: (component set, Politician, id of the mat's actions) -> (the mat's actions, ActionsMixin._mat_menu's list)
_MAT_MENUS: dict = {}


class ActionsMixin:
    """One player's action turn: its frame, the main menu, permissions, paying and performing."""

    # --- the frame of a turn (6.2, 3.2.2, 6.2.2 Deputy PM, 7.3, 6.2.4) ------------------------------------------------
    @task("turn")
    def _start_turn(self, s: int) -> None:
        doubled = list(self.hand[s]) if self.foth_holder() == s else []
        self.turn = {"seat": s, "acted": False, "doubled": doubled, "denied": []}
        t = []
        if self.role[s] == "gbb":
            if self.resigned:
                t.append(["ask_rejoin", s])
            t.append(["ask_deputy", s])
        t.append(["main", s])
        self._push(*t)

    @task("ask_rejoin")
    def _ask_rejoin(self, s: int) -> None:
        if self.resigned and self.role[s] == "gbb":
            self._ask("yesno", s, [YES, NO], q="request_rejoin")

    @question("request_rejoin")
    def _answer_request_rejoin(self, pend, yes) -> None:
        if yes:
            self._ask("yesno", self.seat_of("pm"), [YES, NO], q="accept_rejoin")

    @question("accept_rejoin")
    def _answer_accept_rejoin(self, pend, yes) -> None:
        self._event("rejoin", player=self.seat_of("gbb"), accepted=yes)
        if yes:
            self.resigned = False
            pm = self.seat_of("pm")
            self._set_standing(pm, self.standing[pm] + BOARD["resignation_rules"]["rejoin_pm_standing"])
            self._deal_careers(self.seat_of("gbb"))

    @task("ask_deputy")
    def _ask_deputy(self, s: int) -> None:
        if (self.role[s] == "gbb" and self._career_active(s, "deputy_pm")
                and self.cubes[self.seat_of("pm")] > 0):
            self._ask("yesno", s, [YES, NO], q="deputy")

    @question("deputy")
    def _answer_deputy(self, pend, yes) -> None:
        if yes:
            pm, gbb = self.seat_of("pm"), self.seat_of("gbb")
            if self.cubes[pm] > 0:
                self.cubes[pm] -= 1
                self.cubes[gbb] += 1

    @task("end_turn")
    def _end_turn(self, s: int) -> None:
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

    @decision("discard")
    def _discard_over_limit(self, pend, a) -> None:
        s = pend["player"]
        c = a - A_DISCARD
        self.hand[s].remove(c)
        if self.shown[s]:
            self._unshow(s, c)
        self.discards["supporters"].append(c)
        self._event("supporter_discarded", player=s, hold_limit=True, private={s: {"card": SUP_IDS[c]}})

    # --- what a player may do (6.1, 6.2.1-6.2.3, 7.2) -----------------------------------------------------------------
    @task("main")
    def _offer_main_menu(self, s: int) -> None:
        self._ask("main", s, self._main_options(s))

    def _main_options(self, s: int) -> list[int]:
        legal = [END_TURN]
        cubes = self.cubes[s]
        if cubes >= 1:
            for a, effs in self._mat_menu(s):
                if self._effects_ok(effs, s, a):
                    legal.append(a)
        mine = self.careers[s]
        if 1 in mine.values() and self._careers_usable(s):  # an active Career Card
            for k, (cid, i) in enumerate(CAREER_ACTIONS):
                if mine.get(cid) == 1:
                    g = CAREERS[cid]["effects"][i]
                    if cubes >= g["cost"] and self._effects_ok(g["effects"], s, A_CAREER + k):
                        legal.append(A_CAREER + k)
        if (self._debate_card_of(s) and cubes >= self._debate_card_cost(s)
                and any(self._debate_card_targets(s, side) for side in self._debate_card_sides(s))):
            legal.append(A_DEBATE_CARD)
        if (self.role[s] == "gbb" and not self.resigned and not self.turn["acted"] and cubes >= 1
                and not self.scen.get("no_resign")
                and self.vp[s] <= BOARD["resignation_rules"]["max_vp_to_resign"]):
            legal.append(A_RESIGN)
        num = self.scen.get("num", 0)
        if num == 5 or num == 7:  # the Scenarios' own actions
            legal += self._scenario_main_options(s, num, cubes)
        self._supporter_options(s, legal)
        return legal

    def _mat_menu(self, s: int) -> list:
        """``[(action, effects)]``: the actions of seat ``s``'s mat that its Politician has, at each level his ability
        reaches (a Politician without Campaign Sectors cannot Campaign). They depend only on the mat, the Politician
        and the component set: cached in :data:`_MAT_MENUS`."""
        mat_actions = self._mat(s)["actions"]
        key = (active_fingerprint(), self.pol[s], id(mat_actions))
        hit = _MAT_MENUS.get(key)
        if hit is not None and hit[0] is mat_actions:
            return hit[1]
        politician = POLITICIANS[self.pol[s]]
        abil = politician["abilities"]
        menu = []
        for ai, ab in enumerate(ABILITIES):
            lv = abil.get(ab, 0)
            if lv < 1:  # the Politician lacks the ability
                continue
            acts = mat_actions.get(ab)
            if not acts or (ab == "campaign" and not politician["campaign_sectors"]):
                continue
            for level, key_ in LEVELS:
                if lv < level:
                    break
                effs = acts.get(key_)
                if effs is not None:
                    menu.append((A_ACT + ai * 2 + level - 1, effs))
        _MAT_MENUS[key] = (mat_actions, menu)
        return menu

    def _supporter_options(self, s: int, legal: list[int]) -> None:
        """Append to ``legal`` the main-menu actions of seat ``s``'s Supporters: each option it may play, and the
        discard (the only actions of the main menu in ``A_PLAY .. A_KEEP``)."""
        for c in set(self.hand[s]):
            for o, opt in enumerate(SUPPORTER_LIST[c]["options"]):
                a = A_PLAY + 2 * c + o
                if self._effects_ok(opt["effects"], s, a):
                    legal.append(a)
            legal.append(A_DISCARD + c)

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

    def _bills_for(self, s: int, sign: int, mult: int = 1, src: list | None = None) -> list[int]:
        """Slots a player may move in direction ``sign`` (+1/-1) with an effect from source ``src``."""
        if not self.bills:
            return []
        if sign < 0 and self._restricted_by(s, src):
            return []
        return list(range(len(self.bills)))

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

    def debate_card_cost(self, s: int) -> int:
        """How many action cubes seat ``s`` pays to play its Debate Card now (fewer at a low Standing)."""
        return self._debate_card_cost(s)

    def _debate_card_cost(self, s: int) -> int:
        c = DEBATE[self._debate_card_of(s)]["cost"]
        return c["cubes_low"] if self.standing[s] <= c["cubes_if_standing_at_most"] else c["cubes_high"]

    # --- doing it: permission (PM-A82), paying, queueing the effects --------------------------------------------------
    @decision("main")
    def _choose_main_action(self, pend, a) -> None:
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

    @decision("permit")
    def _answer_permission(self, pend, a) -> None:
        s = pend["requester"]
        req = pend["request"]
        self._event("permission", player=pend["player"], requester=s, granted=a == YES,
                    request=self.game.action_name(req))
        if a == YES:
            self._perform(s, pend["request"])
        else:
            a = pend["request"]
            self.turn["denied"].append(self._source_key(a))
            card = (a - A_PLAY) // 2
            if A_PLAY <= a < A_DISCARD and card not in self.shown[s]:  # the request showed the card: it stays in
                self.shown[s].append(card)  # the hand, known to all (once, however often it is refused)
            self._push(["main", s])

    def _ctx(self, s: int, mult: int = 1, src: list | None = None) -> dict:
        d = {"actor": s, "mult": mult}
        if src is not None:
            d["src"] = src
        return d

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
            self._event("resigned", player=s)
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
            if self.shown[s]:
                self._unshow(s, c)
            self.discards["supporters"].append(c)
            self._event("supporter_played", player=s, card=SUP_IDS[c], option=o, doubled=mult == 2)
            effs = SUPPORTER_LIST[c]["options"][o]["effects"]
            if s == self._unionist() and any(e["op"] in ("votes", "influence") for e in effs):
                effs = [e for e in effs if not self._is_tradeoff(e)]  # L1221: disregard the negative tradeoff
            self._push(*[["eff", e, self._ctx(s, mult, src=["supporter", c])] for e in effs], after)
        elif A_DISCARD <= a < A_KEEP:
            c = a - A_DISCARD
            self.hand[s].remove(c)
            if self.shown[s]:
                self._unshow(s, c)
            if c in self.turn["doubled"]:
                self.turn["doubled"].remove(c)
            self.discards["supporters"].append(c)
            self._event("supporter_discarded", player=s, hold_limit=False, private={s: {"card": SUP_IDS[c]}})
            self._push(after)
        elif A_SCEN <= a < NUM_ACTIONS:
            self._perform_scenario_action(s, a, after)
        else:
            raise AssertionError(a)

    def _unshow(self, s: int, c: int) -> None:
        """Supporter ``c`` left seat ``s``'s hand face up: it is no longer a known card of that hand."""
        if c in self.shown[s]:
            self.shown[s].remove(c)

    @staticmethod
    def _is_tradeoff(e: dict) -> bool:
        """A Supporter option's negative tradeoff (L1461): a fixed loss (Popularity step, Standing, Favour) that
        offsets the option's main effect, e.g. John Bright's -1 Farmers step (L1459)."""
        if e.get("choose_sign"):
            return False
        if e["op"] == "sector":
            return e["party"] == "own" and e["steps"] < 0
        return e["op"] in ("standing", "favour", "vp") and e["who"] == "self" and e["amount"] < 0

    # --- Backbencher Debate Cards (6.2.1) -----------------------------------------------------------------------------
    @decision("debate_side")
    def _choose_debate_side(self, pend, a) -> None:
        s = pend["player"]
        side_name = ("pact", "no_pact")[a - A_SIGN]
        targets = self._debate_card_targets(s, side_name)
        self._ask("debate_target", s, [A_SLOT + i for i in targets], side=side_name)

    @decision("debate_target")
    def _place_debate_card(self, pend, a) -> None:
        s = pend["player"]
        slot = a - A_SLOT
        cid = self._debate_card_of(s)
        side_name = pend.get("side") or ("pact" if self.pact else "no_pact")
        side = DEBATE[cid]["sides"][side_name]
        b = self.bills[slot]
        b["debate"].append([cid, s, side_name])
        b["adj"] = max(ADJ_MIN, min(ADJ_MAX, b["adj"] + side["votes"]))
        self._event("debate_card", player=s, card=cid, side=side_name, slot=slot + 1, votes=side["votes"])
        if side["votes"] < 0:
            self._lowered_act(s, slot)
        self._push(["main", s])
