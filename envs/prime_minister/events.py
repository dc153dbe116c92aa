"""Prime Minister: what the table sees happen -- the event vocabulary and the table snapshot (each event's line of
text is ``text.describe_event``).

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
by_election            event, projection (the Government's projected seats rounded off to 10, halves up: the number
                       8.2 compares), projection_raw (before rounding; Scenario 6's 40 deducted in both),
                       government_mps, lost (projection < government_mps)
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

from .components import BILL_IDS, DECK_KEYS, PARTY_NAMES, SECTOR_LIST
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
