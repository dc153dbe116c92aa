"""Prime Minister: the rules arithmetic as pure functions, with the rulebook's numbered examples.

Rulebook sections: 1.5.2 Election Projections (``seats_for_lead``, ``projected_seats``), 5.3 Initial Vote
Projections (``bill_projection``), 8.2 By-Elections (``by_election_lost``), 9.2 Resolve Bill by Vote
(``vote_passes``, ``vote_odds``), 10.0 Challenge eligibility (``can_challenge``), 11.1 Counting Seats
(``election_winner``), 11.3 Election VP (``election_vp``) and the round-off to 10 they share (``round10``). No state;
the tests check the numbered examples on these directly.
"""
from __future__ import annotations

from .components import PROJ_ROWS, TOTAL_SEATS, UNC_LIST


def round10(x: int) -> int:
    """Round off to the nearest 10, halves up (325 -> 330; L770, L944, PM-A49)."""
    return (int(x) + 5) // 10 * 10


def seats_for_lead(lead: int) -> int:
    return PROJ_ROWS[min(abs(lead), len(PROJ_ROWS) - 1)]["leader_seats"]


def projected_seats(lead_for_party: int) -> int:
    """Projected seats of a party whose lead (negative = trailing) is ``lead_for_party`` (L317, PM-A60)."""
    if lead_for_party >= 0:
        return seats_for_lead(lead_for_party)
    return TOTAL_SEATS - seats_for_lead(-lead_for_party)


def vote_passes(projection: int, uncertainty_vote: int | None) -> bool:
    """9.2: >=350 cannot fail; 320..340 pass iff projection + card >= 330 (PM-A51)."""
    if projection >= 350:
        return True
    return projection + (uncertainty_vote or 0) >= 330


def vote_odds(projection: int) -> float:
    """Share of the Uncertainty deck that passes a Vote at ``projection`` (L806: 1/6, 1/2, 5/6 at 320/330/340)."""
    if projection < 320:
        return 0.0
    if projection >= 350:
        return 1.0
    return sum(vote_passes(projection, u["vote"]) for u in UNC_LIST) / len(UNC_LIST)


def election_vp(seats_before: int, seats_after: int) -> int:
    """11.3 / PM-A64: 2 VP + 1 per 10 seats gained, both counts rounded off to the nearest 10; 0 if no gain."""
    gain = round10(seats_after) - seats_before
    return 2 + gain // 10 if gain >= 10 else 0


def election_winner(gov_seats: int, pm_favour: int, ol_favour: int) -> str:
    """11.1 / PM-A61: ``"government"`` or ``"opposition"`` on the seat count (329 each: Favour, then Opposition)."""
    if gov_seats >= 330:
        return "government"
    if gov_seats <= 328:
        return "opposition"
    return "government" if pm_favour > ol_favour else "opposition"


def can_challenge(ch_standing: int, ch_favour: int, t_standing: int, t_favour: int) -> bool:
    """10.0 / PM-A55: more Standing, or the same Standing and at least as much Favour."""
    return ch_standing > t_standing or (ch_standing == t_standing and ch_favour >= t_favour)


def by_election_lost(gov_projected_seats: int, gov_mps: int) -> bool:
    """8.2 / PM-A49: lost iff the Government's projected seats, rounded off to 10, are fewer than its MPs."""
    return round10(gov_projected_seats) < gov_mps


def bill_projection(icon: str, adjustment: int, mps: dict) -> int:
    """5.3: the MP column of the icon plus the Vote adjustment."""
    return mps[icon] + adjustment
