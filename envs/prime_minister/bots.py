"""Scripted Prime Minister baselines: ``random`` (uniform legal) and ``heuristic`` (per-role rules of thumb).

The heuristic reads only what its seat may see: the public board (roles, tracks, Sectors, MPs, bills and their
projections, Pact / Resignation / Election Marker, the current Event, revealed bills), its own Supporters, its own
hidden bills and the pending decision. It never looks at decks, other hands or hidden proposals.

Per role:

* **PM** — selects the bills it can pass (highest projection, then VP), debates and influences them up, plays
  Supporters that raise bills / its party / itself, picks the Event option of best static value it can afford,
  resolves by Vote at >= 330 (or 320 when nothing better), by Agreement when a Vote is hopeless, withdraws only when
  neither is possible; holds the Election when its projected seats are >= 340, otherwise removes the Marker.
* **Opposition Leader** — ends the Pact once the PM nears victory or the Pact no longer pays, attacks Government
  bills when not in a Pact, campaigns for its party, refuses Agreements on bills that could fail, challenges when
  eligible.
* **Backbenchers** — build Standing and Favour (Flatter / Supporters on themselves), support (Government) or attack
  (Opposition outside a Pact) bills, and challenge as soon as they are eligible.
"""
from __future__ import annotations

from ..core.bots import Bot, RandomBot
from .components import (ABILITIES, A_ACT, A_BILL, A_CAREER, A_DEBATE_CARD, A_DIR, A_DISCARD, A_DRAW, A_ELECTION,
                         A_KEEP, A_OPTION, A_ORDER, A_PARTY, A_PLAY, A_PLAYER, A_RESOLVE, A_SECTOR, A_SIGN, A_SLOT,
                         BILL_DECK, BILL_LIST, CAREERS, CAREER_ACTIONS, END_TURN, NO, PARTY_KEY, SUPPORTER_LIST, YES)
from .formulas import bill_projection, vote_odds


def _side_sign(state, s: int) -> int:
    """+1 if seat ``s`` wants bills up (Government, or Opposition in a Pact), -1 if it wants them down."""
    role = state.role[s]
    if role == "pm" or (role == "gbb" and not state.resigned):
        return 1
    if role == "gbb":  # Resigned: indifferent, mildly hostile
        return -1
    return 1 if state.pact else -1


def effect_value(state, s: int, effects: list, mult: int = 1) -> float:
    """Static value of ``effects`` for seat ``s`` (positive = good), from public information only."""
    v = 0.0
    own = state.party[s]
    for e in effects:
        op = e["op"]
        if op == "sector":
            steps = e["steps"] * mult
            p = e["party"]
            if e.get("choose_sign") or p == "any":
                v += abs(steps) * 1.0
            elif p in ("own",) or PARTY_KEY.get(p) == own:
                v += steps * 1.5
            else:
                v -= steps * 1.0
        elif op in ("standing", "favour"):
            amt = e["amount"] * mult
            w = 2.0 if op == "standing" else 1.2
            who = e["who"]
            if e.get("choose_sign") or who == "any":
                v += abs(amt) * w * 0.8
            elif who == "self":
                v += amt * w
            elif (who == "pm" and state.role[s] != "pm") or (who == "opposition_leader" and state.role[s] != "ol"):
                v -= amt * w * 0.5
            else:
                v += amt * w
        elif op == "vp":
            v += e["amount"] * mult * 1.5
        elif op == "votes":
            if not state.bills:
                continue
            amt = e["amount"] * mult / 10.0
            if e.get("choose_sign"):
                v += abs(amt)
            else:
                v += amt * _side_sign(state, s)
        elif op == "influence":
            v += 0.5
        elif op == "draw_supporters":
            v += 1.0 * e.get("keep", 1)
        elif op == "choice":
            v += max((effect_value(state, s, o, mult) for o in e["options"]), default=0.0)
    return v


class HeuristicBot(Bot):
    """Per-role rules of thumb (see the module docstring). Deterministic given its seed."""

    name = "heuristic"

    def act(self, state, player: int) -> int:
        pend = state.pending
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        kind = pend["kind"]
        fn = getattr(self, "_" + kind, None)
        a = fn(state, player, pend, legal) if fn else None
        if a is None or a not in legal:
            a = legal[self.rng.randrange(len(legal))]
        return a

    # --- helpers -------------------------------------------------------------------------------------------
    @staticmethod
    def _proj(state, slot: int) -> int:
        return state.projection(slot)

    @staticmethod
    def _bill_proj(state, b: int) -> int:
        card = BILL_LIST[b]
        return bill_projection(card["icon"], card["adjustment"], state.mps)

    # --- phase decisions -----------------------------------------------------------------------------------
    def _draw_bill(self, state, s, pend, legal):
        return A_DRAW + 1 if state.role[s] in ("pm", "gbb") and A_DRAW + 1 in legal else A_DRAW

    def _propose(self, state, s, pend, legal):
        sign = 1 if state.role[s] in ("pm", "gbb") or state.pact else -1
        return max(legal, key=lambda a: sign * self._bill_proj(state, a - A_BILL) + BILL_LIST[a - A_BILL]["vp"])

    def _select(self, state, s, pend, legal):
        def score(a):
            b = a - A_BILL
            p = self._bill_proj(state, b)
            party_pen = 15 if (state.pact and BILL_DECK[b] != 0 and state.vp[s] < 60) else 0
            return p + 5 * BILL_LIST[b]["vp"] - party_pen
        return max(legal, key=score)

    def _event(self, state, s, pend, legal):
        opts = state._event_options()
        return max(legal, key=lambda a: effect_value(state, s, opts[a - A_OPTION]["effects"])
                   - 0.8 * opts[a - A_OPTION]["cost"]
                   - (100 if state.scen.get("num") == 3 and any(
                       e["op"] == "favour" and e.get("amount", 0) < 0 for e in opts[a - A_OPTION]["effects"]) else 0))

    def _resolve(self, state, s, pend, legal):
        best, best_score = None, -1e9
        for a in legal:
            k, slot = divmod(a - A_RESOLVE, 3)
            p = self._proj(state, slot)
            vp = BILL_LIST[state.bills[slot]["bill"]]["vp"]
            if k == 1:
                sc = vote_odds(p) * 10 + vp
            elif k == 0:
                sc = 4 + vp * 0.5 if p < 330 else 0
            else:
                sc = 1 - p / 100.0
            if sc > best_score:
                best, best_score = a, sc
        return best

    def _election(self, state, s, pend, legal):
        seats = state.projected(state.gov_party)
        if seats >= 340 or A_ELECTION + 1 not in legal:
            return A_ELECTION
        return A_ELECTION + 1

    def _order(self, state, s, pend, legal):
        return A_ORDER

    def _permit(self, state, s, pend, legal):
        return YES if state.role[pend["requester"]] == "gbb" else NO

    def _yesno(self, state, s, pend, legal):
        q = pend["q"]
        pm = state.seat_of("pm")
        if q == "end_pact":
            return YES if (state.vp[pm] >= 55 or state.round >= 4) else NO
        if q in ("restart_pact", "propose_pact", "accept_pact"):
            if state.role[s] == "pm":
                return YES
            return YES if state.vp[pm] < 40 else NO
        if q == "agreement":
            slot = pend["slot"]
            return YES if (state.pact or self._proj(state, slot) >= 340) else NO
        if q == "accept_rejoin":
            return YES if state.vp[pm] < 80 else NO
        return YES  # request_rejoin, deputy, challenge, royal

    def _keep(self, state, s, pend, legal):
        return max(legal, key=lambda a: self._card_value(state, s, a - A_KEEP))

    def _discard(self, state, s, pend, legal):
        return min(legal, key=lambda a: self._card_value(state, s, a - A_DISCARD))

    def _card_value(self, state, s, c):
        return max(effect_value(state, s, o["effects"]) for o in SUPPORTER_LIST[c]["options"])

    # --- sub-choices inside effects -------------------------------------------------------------------------
    def _eff_sign(self, state, s, pend, legal):
        e = state.tasks[0][1] if state.tasks and state.tasks[0][0] == "eff" else {}
        if e.get("op") == "votes":
            return A_SIGN if _side_sign(state, s) > 0 else A_SIGN + 1
        if e.get("op") in ("standing", "favour"):
            target = state.tasks[0][2].get("_player", s)
            friend = target == s or (state._is_gov(target) == state._is_gov(s) and state.role[s] in ("pm", "ol"))
            return A_SIGN if friend else A_SIGN + 1
        if e.get("op") == "sector":
            party = state.tasks[0][2].get("_party", state.party[s])
            return A_SIGN if party == state.party[s] else A_SIGN + 1
        return A_SIGN

    def _eff_player(self, state, s, pend, legal):
        e = state.tasks[0][1] if state.tasks and state.tasks[0][0] == "eff" else {}
        if e.get("choose_sign") or e.get("amount", 1) > 0:
            return A_PLAYER + s
        rival = state.seat_of("pm") if state.role[s] != "pm" else state.seat_of("ol")
        return A_PLAYER + rival

    def _eff_party(self, state, s, pend, legal):
        e = state.tasks[0][1] if state.tasks and state.tasks[0][0] == "eff" else {}
        own = state.party[s]
        positive = e.get("steps", 1) > 0 and not e.get("choose_sign")
        want = own if positive or e.get("choose_sign") else 1 - own
        return A_PARTY + want

    def _eff_sector(self, state, s, pend, legal):
        # the Sector where the own party stands lowest relative to its rival (most room to gain)
        own = state.party[s]
        pos = state.sector_pos
        return min(legal, key=lambda a: pos[own][a - A_SECTOR] - pos[1 - own][a - A_SECTOR])

    def _eff_dir(self, state, s, pend, legal):
        # towards the MP column that the bills on the board use most (Government); away from it (Opposition)
        icons = [BILL_LIST[b["bill"]]["icon"] for b in state.bills]
        want_m = icons.count("M") >= icons.count("P")
        if _side_sign(state, s) < 0:
            want_m = not want_m
        return A_DIR if want_m else A_DIR + 1

    def _eff_bill(self, state, s, pend, legal):
        e = state.tasks[0][1] if state.tasks and state.tasks[0][0] == "eff" else {}
        ctx = state.tasks[0][2] if e else {}
        up = (ctx.get("_sign", 0) == 0) and e.get("amount", 1) >= 0
        slots = [a - A_SLOT for a in legal]
        if up:  # raise the bill closest below a safe pass
            pick = min(slots, key=lambda i: abs(self._proj(state, i) - 335))
        else:  # lower the bill closest to passing
            pick = min(slots, key=lambda i: abs(self._proj(state, i) - 330))
        return A_SLOT + pick

    def _debate_target(self, state, s, pend, legal):
        slots = [a - A_SLOT for a in legal]
        return A_SLOT + min(slots, key=lambda i: abs(self._proj(state, i) - 330))

    def _debate_side(self, state, s, pend, legal):
        """Scenario 7 Liberal Unionist: the attacking side (3 VP on a fail) when a bill is in its reach."""
        return A_SIGN + 1 if A_SIGN + 1 in legal else A_SIGN

    def _eff_option(self, state, s, pend, legal):
        e = state.tasks[0][1] if state.tasks and state.tasks[0][0] == "eff" else None
        if e is None or e.get("op") != "choice":
            return None
        return max(legal, key=lambda a: effect_value(state, s, e["options"][a - A_OPTION]))

    # --- the action turn ------------------------------------------------------------------------------------
    def _main(self, state, s, pend, legal):
        role = state.role[s]
        sign = _side_sign(state, s)
        best, best_score = END_TURN, 0.0
        mat = state._mat(s)
        for a in legal:
            sc = None
            if A_ACT <= a < A_CAREER:
                k = a - A_ACT
                ab, lv = ABILITIES[k // 2], k % 2 + 1
                effs = mat["actions"][ab][str(lv)]
                sc = effect_value(state, s, effs) - 0.9
                if ab == "debate" and state.bills:
                    sc += 1.5 if sign > 0 or not state.pact else -2
                if ab == "flatter" and role in ("gbb", "obb", "ol"):
                    sc += 1.0
                if ab == "influence":
                    sc = 0.2 if role == "pm" else -1
            elif A_CAREER <= a < A_DEBATE_CARD:
                cid, i = CAREER_ACTIONS[a - A_CAREER]
                g = CAREERS[cid]["effects"][i]
                sc = effect_value(state, s, g["effects"]) - 0.9 * g["cost"]
            elif a == A_DEBATE_CARD:
                sc = 2.0
            elif A_PLAY <= a < A_DISCARD:
                k = a - A_PLAY
                c, o = k // 2, k % 2
                sc = effect_value(state, s, SUPPORTER_LIST[c]["options"][o]["effects"]) - 0.5
                if len(state.hand[s]) <= 2:
                    sc -= 0.5
            if sc is not None and sc > best_score:
                best, best_score = a, sc
        return best


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}

__all__ = ["BOTS", "HeuristicBot", "RandomBot", "effect_value"]
