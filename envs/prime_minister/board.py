"""Prime Minister: the board and the players' tracks, as the rules read and change them (helpers, no tasks).

Rulebook sections: 1.4 Player Mats (``_mat``; the 3-player reverse mats of 2.5), 3.1-3.3 who may not lower Government
bills and whose Influence needs the PM's permission (``_restricted``, ``_needs_permission``; PM-A82), 6.2.2 dealing
and activating Career Cards (PM-A36), 7.4 Father of the House (``foth_holder``); 1.5.1 Sectors and Popularity
(``points``, ``lead``, ``partisan``, ``_move_sector``), 1.5.2 Election Projections (``projected``), 5.3 a bill's
projection; 3.0 VP pools (``pool``, ``_award*``: 3.1.1 Pact VP, the Guide to VP Pooling, PM-A10..A13), 13.0 Victory
and the Scenarios' victory conditions (``_check_victory``, ``_end``), 1.8 the Standing and Favour limits; 1.7 / 2.4
the decks, reshuffled from their discards when empty, and 12.0 the Uncertainty draw.
"""
from __future__ import annotations

from .components import (BILL_DECK, BILL_LIST, BOARD, CAREERS, CAREER_ORDER, CON, DECKS, FAVOUR_MAX, FAVOUR_MIN, LIB,
                         MATS, PARTY_NAMES, POLITICIANS, SECTOR_INDEX, SECTOR_LIST, UNC_LIST, VP_MAX)
from .formulas import bill_projection, projected_seats
from .user_components import active_fingerprint


class BoardMixin:
    """Roles and mats, Popularity and projections, VP pools, victory, Standing / Favour limits, decks."""

    # --- roles, mats, restrictions and Career Cards (1.4, 3.1, 3.2, 6.2.2, 7.4) ---------------------------------------
    def seat_of(self, role: str) -> int:
        try:
            return self.role.index(role)
        except ValueError:
            return -1

    def mat(self, s: int) -> dict:
        """Seat ``s``'s Politician mat as its role and side give it (1.4, 2.5: the PM's or the Opposition Leader's,
        front or reverse; a Backbencher's): its actions by ability and level, with their effects."""
        return self._mat(s)

    def _mat(self, s: int) -> dict:
        r = self.role[s]
        if r in ("gbb", "obb"):
            return MATS["backbencher_government" if r == "gbb" else "backbencher_opposition"]
        side = "reverse" if self.n == 3 and self.party[s] == self._solo_party() else "front"
        return MATS[("pm_" if r == "pm" else "ol_") + side]

    def _solo_party(self) -> int:
        """2.5: the 3-player adjustments go to the party with one player (the Liberals in the standard game;
        Scenario 5 the Conservatives; Scenario 7 none: -1)."""
        if self.n != 3:
            return -1
        if "solo" in self.scen:
            return self.scen["solo"]
        return LIB

    def _unionist(self) -> int:
        """Scenario 7: Devonshire's seat while he is an independent Liberal Unionist, else -1."""
        if self.scen.get("num") == 7 and self.scen["dev_side"] == "unionist":
            return self.scen["devonshire"]
        return -1

    def _is_gov(self, s: int) -> bool:
        return self.role[s] in ("pm", "gbb")

    def _restricted(self, s: int) -> bool:
        """May not lower Government bills (Opposition in a Pact; non-Resigned Government Backbencher)."""
        if s == self._unionist():
            return False
        r = self.role[s]
        if r == "pm":
            return False
        if r == "gbb":
            return not self.resigned
        return self.pact

    def _restricted_by(self, s: int, src: list | None) -> bool:
        """``_restricted`` for an effect from source ``src``: in Scenario 7 Devonshire, as a Backbencher in
        Government, "is free to use Supporter Debate actions as you wish" (L1217, L1225); only his mat's Debate
        action may not lower Government bills."""
        if self.scen.get("num") == 7 and s == self.scen["devonshire"] and src and src[0] == "supporter":
            return False
        return self._restricted(s)

    def _needs_permission(self, s: int) -> bool:
        """Influence needs the PM's permission (3.1, 3.2, PM-A82)."""
        if self.scen.get("num") == 7 and s == self.scen["devonshire"]:
            return False  # L1217
        r = self.role[s]
        if r == "pm":
            return False
        if r == "gbb":
            return not self.resigned
        return self.pact

    def _deal_careers(self, s: int) -> None:
        r = self.role[s]
        if self.scen.get("num") == 7:  # L1199-1201: only Devonshire's Chief Whip cards are in play
            if s != self.scen["devonshire"] or self.scen.get("dev_side") == "unionist":
                self.careers[s] = {}
            else:
                self.careers[s] = {"chief_whip_gov" if r == "gbb" else "chief_whip_opp": 1}
            return
        if r not in ("gbb", "obb"):
            self.careers[s] = {}
            return
        side = "government" if r == "gbb" else "opposition"
        abil = POLITICIANS[self.pol[s]]["abilities"]
        self.careers[s] = {cid: 0 for cid in CAREER_ORDER if CAREERS[cid]["side"] == side
                           and (CAREERS[cid]["requirements"]["ability"] is None
                                or CAREERS[cid]["requirements"]["ability"] in abil)}

    def _careers_usable(self, s: int) -> bool:
        if s == self._unionist():
            return False
        return self.role[s] in ("gbb", "obb") and not (self.role[s] == "gbb" and self.resigned)

    def _check_careers(self) -> None:
        """Turn face up every Career Card whose seat may use it and meets its Standing and Favour thresholds.

        Run between every two tasks, so mostly nothing changed since the last run: ``_careers_seen`` holds what the
        last full run read (Standing, Favour, roles, Resignation, the Career Card dicts, Devonshire's side, the
        component set whose thresholds it used) and the run is skipped while all of it compares equal. That is
        exact: a card is only ever dealt (a new dict) or turned face up in place, and a card left face down by the
        last run stays below its thresholds until one of those values changes."""
        seen = self._careers_seen
        scen = self.scen
        if seen is not None:
            standing, favour, role, resigned, careers, dev_side, fingerprint = seen
            if (standing == self.standing and favour == self.favour and role == self.role
                    and resigned == self.resigned and careers == self.careers and dev_side == scen.get("dev_side")
                    and fingerprint == active_fingerprint()):
                return
        self._careers_seen = (list(self.standing), list(self.favour), list(self.role), self.resigned,
                              list(self.careers), scen.get("dev_side"), active_fingerprint())
        # _careers_usable and _unionist() inlined
        unionist = scen["devonshire"] if scen.get("num") == 7 and scen["dev_side"] == "unionist" else -1
        resigned = self.resigned
        careers = None
        for s, r in enumerate(self.role):
            if (r != "obb" and (r != "gbb" or resigned)) or s == unionist:
                continue
            if careers is None:
                careers, standings, favours = self.careers, self.standing, self.favour
            mine = careers[s]
            if not mine:
                continue
            standing, favour = standings[s], favours[s]
            for cid, on in mine.items():
                if not on:
                    req = CAREERS[cid]["requirements"]
                    if standing >= req["standing_min"] and favour >= req["favour_min"]:
                        mine[cid] = 1

    def _career_active(self, s: int, cid: str) -> bool:
        return self._careers_usable(s) and self.careers[s].get(cid, 0) == 1

    def foth_holder(self) -> int:
        """7.4: the Opposition Backbencher (or a lone OL) holds Father of the House while the PM has >= 90 VP."""
        pm = self.seat_of("pm")
        if self.scen.get("no_foth") or pm < 0 or self.vp[pm] < BOARD["score_track"]["father_of_the_house_at"]:
            return -1
        obb = self.seat_of("obb")
        return obb if obb >= 0 else self.seat_of("ol")

    # --- Popularity and projections (1.5.1, 1.5.2, 5.3) ---------------------------------------------------------------
    def points(self, party: int) -> int:
        # the sum over the 8 sectors, unrolled; the tables are read at call time (user components replace them)
        pos = self.sector_pos[party]
        sl = SECTOR_LIST
        total = (sl[0]["positions"][pos[0]] + sl[1]["positions"][pos[1]] + sl[2]["positions"][pos[2]]
                 + sl[3]["positions"][pos[3]] + sl[4]["positions"][pos[4]] + sl[5]["positions"][pos[5]]
                 + sl[6]["positions"][pos[6]] + sl[7]["positions"][pos[7]])
        if self.scen.get("workers_doubled"):  # Scenario 5, L1147: Workers values doubled (not Partisan points)
            w = SECTOR_INDEX["Workers"]
            total += sl[w]["positions"][pos[w]]
        return total

    def lead(self) -> int:
        """Popularity lead of the Conservatives (negative = the Liberals lead)."""
        points = self.points
        return points(CON) - points(LIB)

    def partisan(self, party: int) -> int:
        pos = self.sector_pos[party]
        return sum(SECTOR_LIST[i]["partisan"][PARTY_NAMES[party]][pos[i]] for i in range(8))

    def projected(self, party: int) -> int:
        lead = self.lead() if party == CON else -self.lead()
        return projected_seats(lead)

    def _move_sector(self, party: int, sector: int, steps: int) -> int:
        top = len(SECTOR_LIST[sector]["positions"]) - 1
        old = self.sector_pos[party][sector]
        new = max(0, min(top, old + steps))
        self.sector_pos[party][sector] = new
        pts = SECTOR_LIST[sector]["positions"]
        return pts[new] - pts[old]

    def projection(self, slot: int) -> int:
        b = self.bills[slot]
        return bill_projection(b.get("icon") or BILL_LIST[b["bill"]]["icon"], b["adj"], self.mps)

    # --- VP, pooling and victory (3.0, 3.1.1, the Guide to VP Pooling, PM-A10..A13; 13.0) -----------------------------
    def pool(self, who: str) -> list[int]:
        """Seats that share an award to ``who`` ("government" / "opposition")."""
        members = []
        uni = self._unionist()
        for s in range(self.n):
            r = self.role[s]
            if (r == "gbb" and self.resigned) or s == uni:
                continue
            if self.pact or (who == "government") == (r in ("pm", "gbb")):
                members.append(s)
        return members

    def _award(self, seats: list[int], amount: int) -> None:
        # 13.0: "The first PM to reach 100 VP immediately wins the game": once it has ended, no award is paid (round
        # setup's Opposition VP after the Government's reached 100, an Election's second pool, ...)
        if amount <= 0 or not seats or self.scen.get("vp") is False or self.over:
            return
        for s in seats:
            self.vp[s] = min(VP_MAX, self.vp[s] + amount)
        self.score_version += 1
        self._check_victory()

    def _award_side(self, who: str, amount: int) -> None:
        self._award(self.pool(who), amount)

    def _award_self(self, s: int, amount: int) -> None:
        if (self.role[s] == "gbb" and self.resigned) or s == self._unionist():
            self._award([s], amount)
        else:
            self._award_side("government" if self._is_gov(s) else "opposition", amount)

    def _check_victory(self) -> None:
        if self.over:
            return
        pm = self.seat_of("pm")
        num = self.scen.get("num", 0)
        win_at = BOARD["score_track"]["win_at"]
        if num == 2:  # L1043-1046: Disraeli wins at once by retaking the PM's position
            if pm == self.scen["gladstone"]:
                self.scen["glad_was_pm"] = True
            elif pm == self.scen["disraeli"] and self.scen["glad_was_pm"]:
                self._end([pm])
            return
        if num == 4:  # no VP: victory only through the Importation Act (L1108-1111)
            return
        if num == 7:  # L1233-1237: Devonshire wins ties
            dev = self.scen["devonshire"]
            if self.vp[dev] >= win_at and (self.role[dev] == "gbb" or dev == self._unionist()):
                self._end([dev])
                return
        if pm >= 0 and self.vp[pm] >= win_at:
            self._end([pm])

    def _end(self, winners: list[int]) -> None:
        """The game ends with ``winners`` (a scenario team may win jointly)."""
        self.over = True
        self.won = sorted(winners)
        self.winner = self.won[0] if self.won else -1
        self.tasks = []
        self.pending = None
        self._legal = []
        self._legal_set = frozenset()
        self.score_version += 1
        self._event("game_end", winners=list(self.won), truncated=False, round=self.round, vp=list(self.vp))

    def _team(self, side: str) -> list[int]:
        return [s_ for s_ in range(self.n) if (self.role[s_] in ("pm", "gbb")) == (side == "government")]

    def _set_standing(self, s: int, value: int) -> None:
        if self.scen.get("num") == 7 and s == self.scen["devonshire"]:
            return  # L1199: Devonshire never tracks Standing or Favour
        mat = self._mat(s)
        self.standing[s] = max(mat["standing_min"], min(mat["standing_max"], value))

    def _set_favour(self, s: int, value: int) -> None:
        if self.scen.get("num") == 7 and s == self.scen["devonshire"]:
            return
        self.favour[s] = max(FAVOUR_MIN, min(FAVOUR_MAX, value))

    # --- decks (1.7, 2.4, 12.0) ---------------------------------------------------------------------------------------
    def _draw(self, deck: str):
        if not self.decks[deck]:
            if not self.discards[deck]:
                return None
            self.decks[deck] = self.discards[deck]
            self.discards[deck] = []
            self._tag_reshuffle(deck)
            self.rng.shuffle(self.decks[deck])
            if deck == "supporters" and self.supporter_reshuffle:  # a position's order (RULES.md "Positions")
                self._stack_reshuffle(deck, self.supporter_reshuffle)
                self.supporter_reshuffle = []
            elif deck == "events" and self.event_reshuffle:
                self._stack_reshuffle(deck, self.event_reshuffle)
                self.event_reshuffle = []
        return self.decks[deck].pop()

    def _stack_reshuffle(self, deck: str, order: list) -> None:
        """The cards of ``order`` (a position's ``supporter_reshuffle`` / ``event_reshuffle``, the first listed drawn
        first) on top of ``deck`` just turned over, those in it; the rest stay shuffled beneath (used once)."""
        cards = self.decks[deck]
        top = [c for c in order if c in cards]
        self.decks[deck] = [c for c in cards if c not in top] + top[::-1]

    def _tag_reshuffle(self, deck: str) -> None:
        """A discard pile turned over into ``deck``: its cards get a new shuffle tag (``engine.new_shuffle_tags``)."""
        key = "bills" if deck in DECKS else deck
        tags = list(self.shuffle_tags[key])  # a new list and dict: clones share the old ones
        t = max(tags) + 1
        for c in self.decks[deck]:
            tags[c] = t
        self.shuffle_tags = dict(self.shuffle_tags, **{key: tags})

    def _draw_supporter(self):
        return self._draw("supporters")

    def _can_draw(self, deck: str) -> bool:
        return bool(self.decks[deck] or self.discards[deck])

    def _draw_uncertainty(self) -> int:
        if self.unc_stack:
            u = self.unc_stack.pop(0)
        else:
            u = self.rng.randrange(len(UNC_LIST))  # 12.0: reshuffle before each draw
        self.last_unc = u
        return u

    def _discard_bill(self, b: int) -> None:
        if b in self.scen.get("home", ()):  # scenario bills return face up next to the board
            if b not in self.scen["aside"]:
                self.scen["aside"].append(b)
            return
        self.discards[DECKS[BILL_DECK[b]]].append(b)
