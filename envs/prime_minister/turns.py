"""Prime Minister: the Opposition's and the PM's turns (rulebook 4.0(3), 6.3, 6.4), Events (8.0-8.2) and the
optional Prime Minister's Question Time (L1824-1860).

The Opposition: the OL's end-the-Pact question and restart window, then the order of the OL and the Opposition
Backbencher (the OL decides). The PM: the Event, the PM's restart window, the PM's turn. 8.1 Action Cube Events (the
PM chooses an option he can pay for), 8.2 By-Elections (lost when the rounded projection is below the Government's
MPs). PMQT: the OL and the Backbenchers hold two Event cards each; holders may signal a question, the PM calls one,
and the card played is resolved as the round's Event. A single player's turn is in ``actions.py``.
"""
from __future__ import annotations

from .components import A_OPTION, A_ORDER, A_PLAYER, EVENT_IDS, EVENT_LIST, NO, YES
from .tasks import decision, question, task
from .formulas import by_election_lost, round10


class TurnsMixin:
    """The Opposition's and the PM's turns, the Event, and Prime Minister's Question Time."""

    # --- the order of the Opposition's and the PM's turns (4.0(3), 6.3, 6.4) ------------------------------------------
    @task("opposition_start")
    def _queue_opposition_turns(self) -> None:
        ol, obb = self.seat_of("ol"), self.seat_of("obb")
        t = []
        if self.pact:
            t.append(["ask_end_pact"])
        t.append(["window_pact", ol])
        if obb >= 0 and self.scen.get("num") == 7 and obb == self.scen["devonshire"]:
            t.append(["turn", ol])  # Devonshire always after his Party Leader (a Liberal Unionist after the PM)
            if obb != self._unionist():
                t.append(["turn", obb])
        elif obb >= 0:
            t.append(["ask_order"])
        else:
            t.append(["turn", ol])
        self._push(*t)

    @task("ask_order")
    def _ask_opposition_order(self) -> None:
        self._ask("order", self.seat_of("ol"), [A_ORDER, A_ORDER + 1])

    @decision("order")
    def _queue_opposition_in_order(self, pend, a) -> None:
        ol, obb = self.seat_of("ol"), self.seat_of("obb")
        first, second = (ol, obb) if a == A_ORDER else (obb, ol)
        self._push(["turn", first], ["turn", second])

    @task("pm_turn")
    def _queue_pm_turn(self) -> None:
        pm = self.seat_of("pm")
        self._push(["draw_event"], ["window_pact", pm], ["turn", pm])

    # --- Events (8.0-8.2) ---------------------------------------------------------------------------------------------
    @task("draw_event")
    def _draw_event(self) -> None:
        pm = self.seat_of("pm")
        if self.game.question_time and any(self.qt_hands[s_] for s_ in range(self.n) if s_ != pm):
            self.scen["qt_askers"] = []  # PMQT: each holder may signal a question (OL, Gov BB, Opp BB)
            t = [["qt_ask", s_] for s_ in (self.seat_of(r) for r in ("ol", "gbb", "obb"))
                 if s_ >= 0 and self.qt_hands[s_]]
            self._push(*t, ["qt_call"])
            return
        e = self._draw("events")
        if e is None:
            return
        if self.scen.get("num") == 5 and e == self.scen["riots"] and any(
                b["bill"] == self.scen["act"] for b in self.bills):
            self.scen["riots_in_deck"] = False  # L1137: back next to the board, draw another
            e = self._draw("events")
            if e is None:
                return
        self._resolve_event(e)

    def _resolve_event(self, e: int) -> None:
        pm = self.seat_of("pm")
        self.event = e
        card = EVENT_LIST[e]
        if card["kind"] == "by_election":  # 8.2
            gov = self.gov_party
            ded = 40 if self.scen.get("num") == 6 else 0  # Scenario 6 (L1179)
            raw = self.projected(gov) - ded
            lost = by_election_lost(raw, self.mps["A"])
            self._event("by_election", event=EVENT_IDS[e], projection=round10(raw), projection_raw=raw,
                        government_mps=self.mps["A"], lost=lost)
            if lost:
                self._push(*[["eff", x, {"actor": pm, "mult": 1}] for x in card["on_loss"]])
            self._push_after_effects(["event_done"])
            return
        legal = [A_OPTION + i for i, o in enumerate(self._event_options()) if o["cost"] <= self.cubes[pm]]
        self._event("event_drawn", event=EVENT_IDS[e])
        self._ask("event", pm, legal)

    def event_options(self) -> list:
        """The drawn Event's options as the PM chooses among them now, each with its ``label``, ``cost`` in cubes and
        ``effects`` (Scenario 5's riots: the negative effects doubled, the positive ones cancelled)."""
        return self._event_options()

    def _event_options(self) -> list:
        opts = EVENT_LIST[self.event]["options"]
        if self.scen.get("num") == 5 and self.event == self.scen["riots"]:  # L1138: doubled, positive cancelled
            out = []
            for o in opts:
                effs = [dict(e, **{k: e[k] * 2 for k in ("amount", "steps") if k in e})
                        for e in o["effects"] if e.get("amount", e.get("steps", 0)) < 0]
                out.append(dict(o, effects=effs))
            return out
        return opts

    @decision("event")
    def _choose_event_option(self, pend, a) -> None:
        pm = pend["player"]
        opt = self._event_options()[a - A_OPTION]
        self._event("event_option", player=pm, event=EVENT_IDS[self.event], option=a - A_OPTION,
                    label=opt.get("label", ""), cost=opt["cost"])
        if self.scen.get("num") == 3 and any(e["op"] == "favour" and e.get("amount", 0) < 0 for e in opt["effects"]):
            self._end([s_ for s_ in range(self.n) if s_ != pm])  # L1077
            return
        self.cubes[pm] -= opt["cost"]
        self._push(*[["eff", x, {"actor": pm, "mult": 1, "src": ["event", self.event]}] for x in opt["effects"]],
                   ["event_done"])

    @task("event_done")
    def _finish_event(self) -> None:
        if self.event >= 0 and self.scen.get("num") == 5 and self.event == self.scen["riots"]:
            self.scen["riots_in_deck"] = False  # L1139: back next to the board
        elif self.event >= 0:
            self.discards["events"].append(self.event)
        self.event = -1

    # --- Prime Minister's Question Time (optional rule, L1824-1860) ---------------------------------------------------
    def _qt_deal(self) -> None:
        """PMQT round setup: the OL and the Backbenchers draw two Event cards each (By-Elections replaced)."""
        byes = []
        for r in ("ol", "gbb", "obb"):
            s_ = self.seat_of(r)
            while s_ >= 0 and len(self.qt_hands[s_]) < 2:
                e = self._draw("events")
                if e is None:
                    break
                if EVENT_LIST[e]["kind"] == "by_election":
                    byes.append(e)
                else:
                    self.qt_hands[s_].append(e)
        if byes:
            self.decks["events"].extend(byes)
            self.rng.shuffle(self.decks["events"])

    @task("qt_ask")
    def _ask_question_signal(self, s: int) -> None:
        if self.qt_hands[s]:
            self._ask("yesno", s, [YES, NO], q="question")

    @question("question")
    def _answer_question_signal(self, pend, yes) -> None:
        if yes:
            self.scen["qt_askers"].append(pend["player"])

    @task("qt_call")
    def _call_question(self) -> None:
        askers = self.scen.pop("qt_askers", [])
        if not askers:
            e = self._draw("events")
            if e is not None:
                self._resolve_event(e)
            return
        self._ask("qt_call", self.seat_of("pm"), [A_PLAYER + s_ for s_ in askers])

    @decision("qt_call")
    def _choose_questioner(self, pend, a) -> None:
        s = a - A_PLAYER
        self._event("question_called", player=pend["player"], questioner=s)
        self._ask("qt_card", s, [A_OPTION + i for i in range(len(self.qt_hands[s]))])

    @decision("qt_card")
    def _play_question_card(self, pend, a) -> None:
        e = self.qt_hands[pend["player"]].pop(a - A_OPTION)
        self._resolve_event(e)
