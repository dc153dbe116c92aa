"""Politix custom deals: reading the ``deal=`` dict of ``new_initial_state`` (a table laid out by hand, the rest
dealt from the seed) into the parts the state's setup lays out."""
from __future__ import annotations

from ..core.rules import DealError
from .cards import (BASE_SUPPORT, BESIDE_KINDS, BURN_SLOT, EVENTS, HAND_LIMIT, KIND_NAMES, NG, NK, NUM_VOTER_CARDS,
                    PARTY_NAMES, POLITICIAN_NAMES, TABLE_SIZE, group_index, kind_index, politician_index, voter_index)


def read_deal(game, deal: dict, choose_politicians) -> tuple:
    """The parts of a custom deal (``game.new_initial_state(deal=...)``, RULES.md) as the arguments of the state's
    setup: politicians, hands, beside, discard, table, events, collected, base support, start, the tops of the
    action and voter decks, turns (``None`` = dealt at random). ``choose_politicians()`` draws the politicians when
    the deal names none. Raises :class:`DealError` naming what is wrong."""
    n = game.num_players
    if not isinstance(deal, dict):
        raise DealError(f"politix: a deal must be a dict, got {type(deal).__name__}")
    known = {"politicians", "hands", "beside", "discard", "table", "events", "collected", "base_support",
             "start", "action_deck_top", "voter_deck_top", "turns"}
    unknown = set(deal) - known
    if unknown:
        raise DealError(f"politix: unknown deal key(s) {sorted(unknown)}; expected some of {sorted(known)}")

    def seat_lists(key, conv, default):
        v = deal.get(key)
        if v is None:
            return default
        if not isinstance(v, (list, tuple)) or len(v) != n or not all(isinstance(x, (list, tuple)) for x in v):
            raise DealError(f"politix {n}p: {key} must be a list of {n} lists")
        return [[conv(x) for x in lst] for lst in v]

    def name_list(key, conv):
        v = deal.get(key)
        if v is None:
            return None
        if not isinstance(v, (list, tuple)):
            raise DealError(f"politix: {key} must be a list")
        return [conv(x) for x in v]

    pols = name_list("politicians", politician_index)
    if pols is None:
        pols = choose_politicians()
    if len(pols) != n or len(set(pols)) != n:
        raise DealError(f"politix {n}p: politicians must name {n} different politicians")
    for s, k in enumerate(pols):
        if game.politician_party[k] != game.party_of[s]:
            raise DealError(f"politix {n}p: {POLITICIAN_NAMES[k]} belongs to the "
                            f"{PARTY_NAMES[game.politician_party[k]]}"
                            f" party, but seat {s} is in the {PARTY_NAMES[game.party_of[s]]} party")
    hands = seat_lists("hands", kind_index, None)
    if hands is not None and any(len(h) > HAND_LIMIT for h in hands):
        raise DealError(f"politix: a hand may hold at most {HAND_LIMIT} cards")

    def slot(x):
        k = kind_index(x)
        if k not in BESIDE_KINDS:
            raise DealError(f"politix: {KIND_NAMES[k]} cannot lie beside a politician")
        return BESIDE_KINDS.index(k)
    beside = seat_lists("beside", slot, [[] for _ in range(n)])
    if any(b.count(BURN_SLOT) > 1 for b in beside):
        raise DealError("politix: a player can have only one Burnout card at a time (L33)")
    disc = [0] * NK
    for k in name_list("discard", kind_index) or []:
        disc[k] += 1
    table = name_list("table", group_index)
    if table is not None and len(table) > TABLE_SIZE:
        raise DealError(f"politix: the table holds at most {TABLE_SIZE} voter cards")
    events = [NG + EVENTS.index(e) if e in EVENTS else -1 for e in
              (str(x).strip().lower() for x in (deal.get("events") or []))]
    if -1 in events:
        raise DealError(f"politix: events must be among {', '.join(EVENTS)}")
    P = game.num_parties
    collected = [[0] * NG for _ in range(P)]
    col = deal.get("collected")
    if col is not None:
        if not isinstance(col, (list, tuple)) or len(col) != P:
            raise DealError(f"politix {n}p: collected must be a list of {P} parties' cards")
        for i, part in enumerate(col):
            if isinstance(part, dict):
                for gname, cnt in part.items():
                    if isinstance(cnt, bool) or not isinstance(cnt, int) or not 0 <= cnt <= NUM_VOTER_CARDS:
                        raise DealError(f"politix: collected count {cnt!r}; expected an int 0..{NUM_VOTER_CARDS}")
                    collected[i][group_index(gname)] += cnt
            elif isinstance(part, (list, tuple)):
                for gname in part:
                    collected[i][group_index(gname)] += 1
            else:
                raise DealError("politix: each party's collected cards must be a list or a dict")
    base = name_list("base_support", group_index)
    if base is not None and game.has_base and len(base) != BASE_SUPPORT:
        raise DealError(f"politix: base_support must list {BASE_SUPPORT} voter groups")
    start = deal.get("start")
    if start is not None and (isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < n):
        raise DealError(f"politix {n}p: start={start!r}; expected a seat 0..{n - 1}")
    turns = deal.get("turns")
    if turns is not None and (not isinstance(turns, (list, tuple)) or len(turns) != P or any(
            isinstance(t, bool) or not isinstance(t, int) or t < 0 for t in turns)):
        raise DealError(f"politix {n}p: turns must be {P} ints >= 0")
    return (pols, hands, beside, disc, table, events, collected, base, start,
            name_list("action_deck_top", kind_index) or [], name_list("voter_deck_top", voter_index) or [], turns)
