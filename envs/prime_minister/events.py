"""Prime Minister: what the table sees happen -- the event vocabulary, the table snapshot and ``describe_event``.

Events are recorded with ``State._event`` (``envs/core/rules.py``) at the points of the rules where the table would
notice (one cheap line each, skipped when ``record_events`` is off). Public fields are what every seat sees; what only
one seat sees (a bill drawn or proposed face down, the Supporters it drew and kept) is in that seat's private fields.
Card ids are the data's ids (``CP01``, ``S07``, ``EV12``, ``U03``); seats are ints; slots count from 1.

=====================  =============================================================================================
type                   fields
=====================  =============================================================================================
round_start            round
bill_drawn             player, deck; bill (public for the PM's draws, else private to the drawer)
bill_proposed          player; private: bill
proposals_revealed     proposals: [[bill, seat], ...] (the PM's draws included)
bill_selected          bill, slot, proposer (seat, or null for a set-aside Scenario bill)
pact_ended / pact_restarted   (restarted: by = the seats that restarted it)
event_drawn            event (an action Event; the PM chooses an option next)
event_option           player, event, option (index), label, cost
by_election            event, projection (the Government's, rounded as 8.2 compares it), government_mps, lost
question_called        player (the PM), questioner (PMQT)
supporter_played       player, card, option (0/1), doubled (Father of the House)
supporter_discarded    player, hold_limit (true: over the hold limit at the end of a turn); private: card
supporters_drawn       player, count, keep; private: cards
supporter_kept         player; private: card
supporters_discarded   player, count (the drawn cards not kept); private: cards
permission             player (the PM), requester, granted, request (the action's name)
debate_card            player, card, side, slot, votes
resigned / rejoin      player (rejoin: accepted)
bill_passed            bill, slot, how ("vote" / "agreement"), projection, uncertainty (id or null), uncertainty_vote
bill_failed            bill, slot, how ("vote" / "withdrawn"), projection, uncertainty, uncertainty_vote
agreement_refused      bill, slot, how, projection (the OL said no; the PM resolves again)
challenge              challenger, target, made (false: the challenger declined)
royal_interference     player (the Favour favourite), accepted
election               government (party before), projection (its projected seats), uncertainty, uncertainty_seats,
                       government_seats, opposition_seats, winner
                       ("government" / "opposition"), vp ({side: VP}), pools ({side: seats sharing it})
election_postponed     player (the PM removed the Election Marker)
office                 cause ("challenge", "election", "scenario"), roles (per seat), prime_minister, government
round_end              round, table (``table()``: the whole public table as it stood at the end of the round)
game_end               winners, truncated, round, vp (as the game ended)
=====================  =============================================================================================
"""
from __future__ import annotations

from .components import (BILL_IDS, BILL_LIST, DECK_KEYS, EVENT_INDEX, EVENT_LIST, PARTY_NAMES, SECTOR_LIST,
                         SUPPORTER_LIST, SUP_INDEX)
from .formulas import projected_seats


class EventsMixin:
    """The table snapshot and the office-change event."""

    def table(self) -> dict:
        """The public table now, as plain JSON: every seat's Politician, role, tracks and hand size; the board
        (Sectors as printed Popularity values, Government MPs, projections, bills with their Vote adjustment,
        projection and Debate Cards); the Pact, the Election Marker and the deck and discard sizes."""
        lib, con = self.points(0), self.points(1)
        lib_pos, con_pos = self.sector_pos
        return {
            "round": self.round,
            "players": [{"seat": s, "politician": pol, "party": PARTY_NAMES[party], "role": role, "standing": st,
                         "favour": fav, "vp": vp, "cubes": cubes, "supporters": len(hand),
                         "careers_active": [c for c, on in careers.items() if on]}
                        for s, (pol, party, role, st, fav, vp, cubes, hand, careers) in enumerate(zip(
                            self.pol, self.party, self.role, self.standing, self.favour, self.vp, self.cubes,
                            self.hand, self.careers))],
            "government": PARTY_NAMES[self.gov_party], "pact": self.pact, "resigned": self.resigned,
            "election_marker": self.marker,
            "government_mps": dict(self.mps),
            "popularity": {"liberal": lib, "conservative": con},
            "projected_seats": {"liberal": projected_seats(lib - con), "conservative": projected_seats(con - lib)},
            "sectors": {sec["name"]: {"liberal": sec["positions"][lib_pos[i]],
                                      "conservative": sec["positions"][con_pos[i]]}
                        for i, sec in enumerate(SECTOR_LIST)},
            "bills": [{"slot": i + 1, "bill": BILL_IDS[b["bill"]], "adjustment": b["adj"],
                       "projection": self.projection(i), "debate": [d[0] for d in b["debate"]]}
                      for i, b in enumerate(self.bills)],
            "decks": {k: len(self.decks[k]) for k in DECK_KEYS},
            "discards": {k: len(self.discards[k]) for k in DECK_KEYS},
        }

    def _office_event(self, cause: str) -> None:
        """Roles changed (a Challenge, an Election changeover, a Scenario step): who holds which office now."""
        if self.record_events:
            self._event("office", cause=cause, roles=list(self.role), prime_minister=self.seat_of("pm"),
                        government=PARTY_NAMES[self.gov_party])


ROLE_NAMES = {"pm": "Prime Minister", "ol": "Opposition Leader", "gbb": "Government Backbencher",
              "obb": "Opposition Backbencher"}


def _bill(bid) -> str:
    for b in BILL_LIST:
        if b["id"] == bid:
            return b["name"]
    return str(bid)


def _sup(cid) -> str:
    i = SUP_INDEX.get(cid)
    return SUPPORTER_LIST[i]["name"] if i is not None else str(cid)


def _ev(eid) -> str:
    i = EVENT_INDEX.get(eid)
    return EVENT_LIST[i]["name"] if i is not None else str(eid)


def describe_event(event: dict) -> str:
    """One line of table talk for an event (``PrimeMinisterGame.describe_event``)."""
    t = event.get("type")
    g = event.get
    seat = f"seat {g('player')}"
    if t == "round_start":
        return f"Round {g('round')} begins"
    if t == "bill_drawn":
        what = f" {_bill(g('bill'))}" if g("bill") else " a bill"
        return f"{seat} draws{what} from the {str(g('deck')).replace('_', '-')} deck"
    if t == "bill_proposed":
        return f"{seat} proposes " + (_bill(g("bill")) if g("bill") else "a bill (face down)")
    if t == "proposals_revealed":
        return "Bills revealed: " + ", ".join(f"{_bill(b)} (seat {s})" for b, s in g("proposals", []))
    if t == "bill_selected":
        by = f", proposed by seat {g('proposer')}" if g("proposer") is not None else ""
        return f"The PM selects {_bill(g('bill'))} for slot {g('slot')}{by}"
    if t == "pact_ended":
        return "The Pact ends"
    if t == "pact_restarted":
        return f"The Pact is restarted (seats {g('by')})"
    if t == "event_drawn":
        return f"Event: {_ev(g('event'))}"
    if t == "event_option":
        return f"The PM chooses '{g('label')}' for {_ev(g('event'))} ({g('cost')} cubes)"
    if t == "by_election":
        return (f"By-Election ({_ev(g('event'))}): projection {g('projection')} vs {g('government_mps')} Government "
                f"MPs -- {'lost' if g('lost') else 'held'}")
    if t == "question_called":
        return f"The PM calls seat {g('questioner')} at Question Time"
    if t == "supporter_played":
        return f"{seat} plays {_sup(g('card'))} (option {g('option', 0) + 1}){' doubled' if g('doubled') else ''}"
    if t == "supporter_discarded":
        what = _sup(g("card")) if g("card") else "a Supporter"
        return f"{seat} discards {what}" + (" (hold limit)" if g("hold_limit") else "")
    if t == "supporters_drawn":
        cards = f": {', '.join(_sup(c) for c in g('cards'))}" if g("cards") else ""
        return f"{seat} draws {g('count')} Supporters to keep {g('keep')}{cards}"
    if t == "supporter_kept":
        return f"{seat} keeps " + (_sup(g("card")) if g("card") else "a Supporter")
    if t == "supporters_discarded":
        if g("cards"):
            return f"{seat} discards {', '.join(_sup(c) for c in g('cards'))}"
        return f"{seat} discards {g('count')} Supporter(s) not kept"
    if t == "permission":
        return f"The PM {'permits' if g('granted') else 'refuses'} seat {g('requester')}: {g('request')}"
    if t == "debate_card":
        return f"{seat} places its Debate Card on bill slot {g('slot')} ({g('votes'):+d} votes)"
    if t == "resigned":
        return f"{seat} resigns from the Government"
    if t == "rejoin":
        return f"{seat} {'rejoins' if g('accepted') else 'is refused re-entry to'} the Government"
    if t in ("bill_passed", "bill_failed", "agreement_refused"):
        verb = {"bill_passed": "passes", "bill_failed": "fails", "agreement_refused": "is refused Agreement"}[t]
        if t == "bill_failed" and g("how") == "withdrawn":
            verb = "is withdrawn"
        unc = (f", Uncertainty {g('uncertainty')} ({g('uncertainty_vote'):+d})" if g("uncertainty") else "")
        how = " by Agreement" if g("how") == "agreement" and t == "bill_passed" else ""
        return f"{_bill(g('bill'))} {verb}{how} (projection {g('projection')}{unc})"
    if t == "challenge":
        return (f"seat {g('challenger')} {'challenges' if g('made') else 'does not challenge'} seat {g('target')}")
    if t == "royal_interference":
        return f"Royal Interference: {seat} {'accepts' if g('accepted') else 'refuses'}"
    if t == "election":
        vp = ", ".join(f"{k} +{v} VP" for k, v in (g("vp") or {}).items() if v)
        return (f"Election: the {g('government')} Government, projected {g('projection')}, wins "
                f"{g('government_seats')} seats to {g('opposition_seats')} (Uncertainty {g('uncertainty')} "
                f"{g('uncertainty_seats'):+d}); the {g('winner')} wins"
                + (f"; {vp}" if vp else ""))
    if t == "election_postponed":
        return "The PM removes the Election Marker"
    if t == "office":
        roles = g("roles") or []
        return (f"New offices ({g('cause')}): " + ", ".join(f"seat {s} {ROLE_NAMES.get(r, r)}" for s, r in
                                                             enumerate(roles)) + f"; {g('government')} Government")
    if t == "round_end":
        tab = g("table") or {}
        vp = ", ".join(f"seat {p['seat']} {p['vp']}" for p in tab.get("players", []))
        return f"Round {g('round')} ends -- VP: {vp}"
    if t == "game_end":
        if g("truncated"):
            return f"The game stops after round {g('round')} (round limit): no winner"
        return f"Game over in round {g('round')}: winner(s) {g('winners')}"
    fields = ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("type", "private"))
    return f"{t}: {fields}"

