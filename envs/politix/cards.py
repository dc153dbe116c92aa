"""Politix's card tables and fixed numbers: the shipped card set as ids, names and values, the rulebook's
constants, the fixed part of the action table, the turn phases, the party layout and the name lookups.

Ids used throughout:

* methods ``0..3``: debate, twistin'n'turnin, charming, intimidation (the order of ``cards.json``);
* voter groups ``0..5``: farmers, white collar, blue collar, hippies, blondes, angst-ridden youth;
* voter cards: ``0..5`` = a card of that group, ``6..9`` = the four events;
* action-card kinds ``0..18`` (``KINDS``): the four politicking cards, coffee and cake, the twelve group
  specials, Burnout, Gone with the wind;
* "beside" slots ``0..12``: the twelve group specials and Burnout (the special cards that stay on the table).
"""
from __future__ import annotations

from ..core.rules import DealError
from ..errors import show
from . import components

# --- the card set ------------------------------------------------------------------------------------
# The module-level tables are the shipped card set; a game built with ``components=...`` carries its own copies
# of the value tables (``game.symbols``, ``game.skills``, ...) and the states read those (see components.py).
DATA_PATH = components.SHIPPED_PATH
CARDS = components.shipped()

METHODS = tuple(m["id"] for m in CARDS["methods"])
METHOD_NAMES = tuple(m["name"] for m in CARDS["methods"])
GROUPS = tuple(g["id"] for g in CARDS["voter_groups"])
GROUP_NAMES = tuple(g["name"] for g in CARDS["voter_groups"])
NM, NG = len(METHODS), len(GROUPS)
SYMBOLS = tuple(tuple(g["symbols"][m] for m in METHODS) for g in CARDS["voter_groups"])  # [group][method]
GROUP_COUNT = tuple(g["count"] for g in CARDS["voter_groups"])
EVENTS = tuple(e["id"] for e in CARDS["events"])
EVENT_NAMES = tuple(e["name"] for e in CARDS["events"])
NE = len(EVENTS)
EVENT_MOD = tuple(tuple(e["modifier"] if e["method"] == m else 0 for m in METHODS) for e in CARDS["events"])
VOTER_IDS = GROUPS + EVENTS  # voter-card ids: group g = g, event e = NG + e
NUM_VOTER_CARDS = sum(GROUP_COUNT) + sum(e["count"] for e in CARDS["events"])
PARTIES = tuple(p["id"] for p in CARDS["parties"])
PARTY_NAMES = tuple(p["name"] for p in CARDS["parties"])
PARTY_MOD = tuple(tuple(p["modifier"] if p["group"] == g else 0 for g in GROUPS) for p in CARDS["parties"])
POLITICIANS = tuple(p["id"] for p in CARDS["politicians"])
POLITICIAN_NAMES = tuple(p["name"] for p in CARDS["politicians"])
POLITICIAN_PARTY = tuple(PARTIES.index(p["party"]) for p in CARDS["politicians"])
SKILLS = tuple(tuple(p["skills"][m] for m in METHODS) for p in CARDS["politicians"])
NPOL = len(POLITICIANS)

KINDS = tuple(c["id"] for c in CARDS["action_cards"])
KIND_NAMES = tuple(c["name"] for c in CARDS["action_cards"])
NK = len(KINDS)
KIND_COUNT = tuple(c["count"] for c in CARDS["action_cards"])
NUM_ACTION_CARDS = sum(KIND_COUNT)
METHOD_KIND = tuple(next(i for i, c in enumerate(CARDS["action_cards"])
                         if c["kind"] == "politicking" and c["method"] == m) for m in METHODS)
COFFEE = next(i for i, c in enumerate(CARDS["action_cards"]) if c["kind"] == "wild")
BURNOUT = next(i for i, c in enumerate(CARDS["action_cards"]) if c["kind"] == "burnout")
GWTW = next(i for i, c in enumerate(CARDS["action_cards"]) if c["kind"] == "remove")
SPECIAL_KINDS = tuple(i for i, c in enumerate(CARDS["action_cards"]) if c["kind"] == "special")
BESIDE_KINDS = SPECIAL_KINDS + (BURNOUT,)  # beside slot j holds kind BESIDE_KINDS[j]
NB = len(BESIDE_KINDS)
BURN_SLOT = NB - 1
SLOT_GROUP = tuple(GROUPS.index(CARDS["action_cards"][k]["group"]) for k in SPECIAL_KINDS)
SLOT_MOD = tuple(CARDS["action_cards"][k]["modifier"] for k in SPECIAL_KINDS)
assert len(set(KINDS)) == NK and len(set(VOTER_IDS)) == len(VOTER_IDS)

HAND_LIMIT = 10  # L21
START_HAND = 4  # L13
TABLE_SIZE = 8  # L14-15
DRAW = 3  # L19
BURNT_DRAW = 2  # L33
BASE_SUPPORT = 6  # L41
MAX_TAKE = max(GROUP_COUNT)

START, SPECIALS, PERSUADE, DISCARD = range(4)
PHASE_NAMES = ("start", "specials", "persuade", "discard")

# fixed part of the action table
A_DRAW, A_REST, A_END = 0, 1, 2
A_SPECIAL = 3


def party_layout(num_players: int, teams_3v3: bool = False) -> list[list[int]]:
    """Seats of each party, party by party in seat order (PTX-A1, A2). Party i uses party symbol i."""
    n = num_players
    if n <= 3:
        return [[p] for p in range(n)]
    if n == 4:
        return [[0, 1], [2, 3]]
    if n == 5:
        return [[0, 1], [2, 3, 4]]
    if teams_3v3:
        return [[0, 1, 2], [3, 4, 5]]
    return [[0, 1], [2, 3], [4, 5]]


def party_key(counts) -> tuple:
    """The L38 ranking key of a party: its six group counts sorted ascending (compared lexicographically)."""
    return tuple(sorted(counts))


def _name_index(names: tuple, value, what: str, extra: tuple = ()) -> int:
    if isinstance(value, str):
        v = value.strip().lower()
        if v in names:
            return names.index(v)
        for alt in extra:
            if v in alt:
                return alt.index(v)
    raise DealError(f"politix: unknown {what} {show(value)}; expected one of {', '.join(names)}")


def kind_index(value) -> int:
    """The action-card kind named by an id or a card name (any case); :class:`DealError` when unknown."""
    return _name_index(KINDS, value, "action card", (tuple(k.lower() for k in KIND_NAMES),))


def group_index(value) -> int:
    """The voter group named by an id or a group name (any case); :class:`DealError` when unknown."""
    return _name_index(GROUPS, value, "voter group", (tuple(g.lower() for g in GROUP_NAMES),))


def voter_index(value) -> int:
    """The voter card (a group ``0..5`` or an event ``6..9``) named by an id or a name; :class:`DealError` when
    unknown."""
    return _name_index(VOTER_IDS, value, "voter card",
                       (tuple(g.lower() for g in GROUP_NAMES + EVENT_NAMES),))


def politician_index(value) -> int:
    """The politician named by an id or a name (any case); :class:`DealError` when unknown."""
    return _name_index(POLITICIANS, value, "politician", (tuple(p.lower() for p in POLITICIAN_NAMES),))

