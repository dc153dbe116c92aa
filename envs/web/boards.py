"""Structured table views for the page, built from exactly what one viewer may see.

Prime Minister gets a board (tracks, Sectors, bills, seats); the card games are shown by their text rendering
(``state.render(player=viewer)``), which already hides what the viewer may not see, so they need none here.
"""
from __future__ import annotations


def board_view(state, viewer: int | None) -> dict | None:
    """A JSON-able board of ``state`` as seat ``viewer`` sees it (``None``: the whole table), or ``None``."""
    if state.game.name == "prime_minister":
        return _prime_minister(state, viewer)
    return None


def _prime_minister(st, viewer: int | None) -> dict:
    from hustings.prime_minister.components import (BILL_LIST, CON, LIB, PARTY_NAMES, POLITICIANS, SECTOR_LIST,
                                                    SUPPORTER_LIST)

    seats = []
    for s in range(st.n):
        try:
            mat = st._mat(s)
            lo, hi = mat["standing_min"], mat["standing_max"]
        except Exception:  # noqa: BLE001 - a mat lookup is decoration only
            lo, hi = 0, 20
        own = viewer is None or viewer == s
        seats.append({
            "seat": s, "name": POLITICIANS[st.pol[s]]["name"], "party": PARTY_NAMES[st.party[s]],
            "role": st.role[s], "standing": st.standing[s], "standing_min": lo, "standing_max": hi,
            "favour": st.favour[s], "vp": st.vp[s], "cubes": st.cubes[s], "hand_count": len(st.hand[s]),
            "hand": [SUPPORTER_LIST[c]["name"] for c in st.hand[s]] if own else None,
        })
    bills = []
    for i, b in enumerate(st.bills):
        c = BILL_LIST[b["bill"]]
        bills.append({"slot": i + 1, "name": c["name"], "icon": c["icon"], "adj": b["adj"],
                      "projection": st.projection(i), "debate": [d[0] for d in b["debate"]]})
    sectors = []
    for i, sec in enumerate(SECTOR_LIST):
        sectors.append({"name": sec["name"], "steps": len(sec["positions"]),
                        "liberal": st.sector_pos[LIB][i], "conservative": st.sector_pos[CON][i]})
    pm = st.seat_of("pm")
    revealed = [BILL_LIST[b]["name"] for b, s in st.proposed if s == pm or st.revealed_ok]
    out = {
        "round": st.round, "pact": bool(st.pact), "resigned": bool(st.resigned), "marker": bool(st.marker),
        "government": PARTY_NAMES[st.gov_party], "mps": dict(st.mps), "lead": st.lead(),
        "seats": seats, "bills": bills, "sectors": sectors, "revealed_bills": revealed,
        "pending": None if st.over or not st.pending else {"player": st.pending["player"],
                                                            "kind": st.pending["kind"]},
        "scenario": st.scen.get("num", 0),
    }
    if viewer is not None:
        mine = [BILL_LIST[b]["name"] for b in st.bill_hand[viewer]]
        if not st.revealed_ok:
            mine += [BILL_LIST[b]["name"] for b, s in st.proposed if s == viewer and s != pm]
        out["own_bills"] = mine
        pend = st.pending or {}
        if pend.get("kind") == "keep" and pend.get("player") == viewer:
            out["drawn"] = [SUPPORTER_LIST[c]["name"] for c in pend.get("drawn", [])]
    return out
