"""Prime Minister: the effects of cards and mats -- what a Politician action, Career, Supporter, Event, bill or
Debate Card does (the ``op``s of ``EFFECT_OPS``), each run as the task ``["eff", effect, ctx]`` (``tasks.py``).

``sector``: Popularity steps in a Sector (1.5.1; 6.1.1 Campaign), ``standing`` / ``favour`` (6.1.3 Flatter, Events),
``vp`` to a player's pool or a side (3.0), ``votes``: a bill's Vote adjustment (5.3; 6.1.2 Debate; only seats free to
oppose may lower Government bills, 3.1 / 3.2), ``influence``: Government MPs between Moderate and Partisan (6.1.5),
``draw_supporters`` with ``keep`` (6.1.4 Hobnob, 7.1), ``choice`` between options. Sub-choices are asked through
``_wait`` (the engine's ``eff_*`` decisions) only when more than one answer is legal.
"""
from __future__ import annotations

from .components import (ADJ_MAX, ADJ_MIN, A_DIR, A_KEEP, A_OPTION, A_PARTY, A_PLAYER, A_SECTOR, A_SIGN, A_SLOT, CON,
                         LIB, POLITICIANS, SECTOR_INDEX, SUP_IDS)
from .tasks import decision, effect, task


class EffectsMixin:
    """The effects of mat actions, Careers, Supporters, Events, bills and Debate Cards."""

    def _own_party(self, ctx: dict) -> int:
        return ctx["own"] if "own" in ctx else self.party[ctx["actor"]]

    @effect("sector")
    def _move_popularity(self, e, ctx) -> None:
        s = ctx["actor"]
        if "_sector" not in ctx:
            if e["sector"] == "politician":
                opts = [SECTOR_INDEX[x] for x in POLITICIANS[self.pol[s]]["campaign_sectors"]]
            elif e["sector"] == "any":
                opts = list(range(8))
            elif e["sector"] == "devonshire":
                opts = [SECTOR_INDEX["Conservatives"], SECTOR_INDEX["Ireland"]]
            else:
                opts = [SECTOR_INDEX[e["sector"]]]
            if self._wait("eff_sector", e, ctx, s, [A_SECTOR + i for i in opts]):
                return
        if "_party" not in ctx:
            p = e["party"]
            own = self._own_party(ctx)
            opts = {"own": [own], "opponent": [1 - own], "liberal": [LIB], "conservative": [CON],
                    "any": [LIB, CON]}[p]
            if self._finger(ctx) and self._unionist() >= 0:
                opts = [LIB, CON]  # a Liberal Unionist's Popularity effects apply to any party
            if self._wait("eff_party", e, ctx, s, [A_PARTY + x for x in opts]):
                return
        if e.get("choose_sign") and "_sign" not in ctx:
            if self._wait("eff_sign", e, ctx, s, [A_SIGN, A_SIGN + 1]):
                return
        steps = e["steps"] * ctx.get("mult", 1) * (-1 if ctx.get("_sign") == 1 else 1)
        self._move_sector(ctx["_party"], ctx["_sector"], steps)

    def _person(self, e, ctx, who: str):
        s = ctx["actor"]
        if who == "self":
            return s
        if who == "pm":
            return self.seat_of("pm")
        if who == "opposition_leader":
            return self.seat_of("ol")
        return None  # "any": ask

    def _finger(self, ctx) -> bool:
        """Scenario 7 (L1217-1225): Devonshire's Supporter (and, as a Liberal Unionist, Campaign) effects carry a
        pointing finger."""
        if self.scen.get("num") != 7 or ctx.get("actor") != self.scen["devonshire"]:
            return False
        src = ctx.get("src") or [None]
        return src[0] == "supporter" or (src[0] == "scenario" and self._unionist() >= 0)

    @effect("standing")
    def _change_standing(self, e, ctx) -> None:
        self._change_person_track(e, ctx, "standing")

    @effect("favour")
    def _change_favour(self, e, ctx) -> None:
        self._change_person_track(e, ctx, "favour")

    def _change_person_track(self, e, ctx, track: str) -> None:
        s = ctx["actor"]
        target = self._person(e, ctx, e["who"])
        if self._finger(ctx) and e["who"] in ("self", "pm", "opposition_leader"):
            target = None  # either Party Leader
        if target is None:
            if "_player" not in ctx:
                who = ([self.seat_of("pm"), self.seat_of("ol")] if self._finger(ctx) and e["who"] != "any"
                       else range(self.n))
                if self._wait("eff_player", e, ctx, s, [A_PLAYER + p for p in who]):
                    return
            target = ctx["_player"]
        if e.get("choose_sign") and "_sign" not in ctx:
            if self._wait("eff_sign", e, ctx, s, [A_SIGN, A_SIGN + 1]):
                return
        amt = e["amount"] * ctx.get("mult", 1) * (-1 if ctx.get("_sign") == 1 else 1)
        if track == "standing":
            self._set_standing(target, self.standing[target] + amt)
        else:
            self._set_favour(target, self.favour[target] + amt)

    @effect("vp")
    def _score_vp(self, e, ctx) -> None:
        amt = e["amount"] * ctx.get("mult", 1)
        who = e["who"]
        if who == "self":
            self._award_self(ctx["actor"], amt)
        elif who == "pm":
            self._award_self(self.seat_of("pm"), amt)
        else:
            self._award_side(who, amt)

    @effect("votes")
    def _adjust_votes(self, e, ctx) -> None:
        s = ctx["actor"]
        mult = ctx.get("mult", 1)
        if not self.bills:
            return
        if e.get("choose_sign") and "_sign" not in ctx:
            signs = [A_SIGN] + ([] if self._restricted_by(s, ctx.get("src")) else [A_SIGN + 1])
            if self._wait("eff_sign", e, ctx, s, signs):
                return
        amt = e["amount"] * mult * (-1 if ctx.get("_sign") == 1 else 1)
        if e["target"] == "all_bills":
            slots = list(range(len(self.bills)))
        else:
            if "_bill" not in ctx:
                opts = self._bills_for(s, 1 if amt >= 0 else -1, src=ctx.get("src"))
                if not opts:
                    return
                if self._wait("eff_bill", e, ctx, s, [A_SLOT + i for i in opts]):
                    return
            slots = [ctx["_bill"]]
        for i in slots:
            self.bills[i]["adj"] = max(ADJ_MIN, min(ADJ_MAX, self.bills[i]["adj"] + amt))
            if amt < 0:
                self._lowered_act(s, i)

    @effect("influence")
    def _shift_mps(self, e, ctx) -> None:
        s = ctx["actor"]
        amount = e["mps"] * ctx.get("mult", 1)
        d = e.get("direction", "either")
        if d == "either" and "_dir" not in ctx:
            if self._wait("eff_dir", e, ctx, s, [A_DIR, A_DIR + 1]):
                return
        to_moderate = (d == "to_moderate") or (d == "either" and ctx.get("_dir") == 0)
        if to_moderate:
            k = min(amount, self.mps["P"])
            self.mps["P"] -= k
            self.mps["M"] += k
        else:
            k = min(amount, self.mps["M"])
            self.mps["M"] -= k
            self.mps["P"] += k

    @effect("draw_supporters")
    def _draw_and_keep_supporters(self, e, ctx) -> None:
        s = ctx["actor"]
        drawn = []
        for _ in range(e["draw"]):
            c = self._draw_supporter()
            if c is not None:
                drawn.append(c)
        keep = min(e["keep"], len(drawn))
        self._event("supporters_drawn", player=s, count=len(drawn), keep=keep,
                    private={s: {"cards": [SUP_IDS[c] for c in drawn]}})
        if keep >= len(drawn):
            self.hand[s].extend(drawn)
            return
        self._push(["keep", s, drawn, keep])

    @task("keep")
    def _offer_keep(self, s: int, drawn: list, keep: int) -> None:
        if keep <= 0:
            for c in drawn:
                self.discards["supporters"].append(c)
            self._event("supporters_discarded", player=s, count=len(drawn),
                        private={s: {"cards": [SUP_IDS[c] for c in drawn]}})
            return
        self._ask("keep", s, [A_KEEP + c for c in drawn], drawn=drawn, left=keep)

    @decision("keep")
    def _keep_supporter(self, pend, a) -> None:
        s, c = pend["player"], a - A_KEEP
        drawn = list(pend["drawn"])
        drawn.remove(c)
        self.hand[s].append(c)
        self._event("supporter_kept", player=s, private={s: {"card": SUP_IDS[c]}})
        self._push(["keep", s, drawn, pend["left"] - 1])

    @effect("choice")
    def _choose_effect_option(self, e, ctx) -> None:
        s = ctx["actor"]
        if "_option" not in ctx:
            if self._wait("eff_option", e, ctx, s, [A_OPTION + i for i in range(len(e["options"]))]):
                return
        sub = e["options"][ctx["_option"]]
        base = {"actor": s, "mult": ctx.get("mult", 1)}
        if "src" in ctx:
            base["src"] = ctx["src"]
        self._push(*[["eff", x, dict(base)] for x in sub])
