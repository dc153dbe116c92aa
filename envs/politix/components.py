"""Politix's card set as data: the shipped reconstruction, or your own printed cards.

The rulebook prints only a few card values (``RULES.md``, "Card set"); the shipped ``data/cards.json`` fills in the
rest. A user who owns the game can load the printed values instead::

    import hustings
    env = hustings.make("politix", components="my_cards.json")   # or components=<a dict in the same schema>

Start from the shipped file: ``hustings.politix.components.shipped()`` (a dict), :data:`SHIPPED_PATH`, or
``python -m hustings.politix.components > my_cards.json``.

What a file may change (``RULES.md``, "Your own components"): names, voter symbols, politicians' parties and
skills, party-symbol and event modifiers, the group and modifier of each group special, and how many of each action
card the deck holds. What it may not change: the ids and the number of entries of each list (they fix the action
table and the observation layout, which therefore never depend on the file), the kind of each action card, and
every value the rulebook prints or forces. Anything else is refused with :class:`ComponentError` naming the file,
the entry and the field.
"""
from __future__ import annotations

import copy
import json
import os
import re
import sys
import warnings

from ..core.files import components_command, read_json
from ..core.rules import ComponentError

if sys.argv[:1] == ["-m"]:
    # `python -m hustings.politix.components`: the package imports this module (its rules need the cards) before
    # runpy runs it as __main__, and runpy warns about that. Running it twice is harmless here (main() only reads
    # and prints), so that one warning is left out; sys.argv[0] is "-m" only while such a module is being found.
    warnings.filterwarnings("ignore", message=re.escape(f"'{__name__}' found in sys.modules after import of package"),
                            category=RuntimeWarning)

SHIPPED_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "cards.json")
with open(SHIPPED_PATH, encoding="utf-8") as _f:
    _SHIPPED_DATA = json.load(_f)

#: Free-text documentation fields any entry may carry (never read by the engine).
DOC_FIELDS = frozenset({"status", "name_status", "count_status", "line", "rationale", "printed_values"})
SECTIONS = ("methods", "voter_groups", "events", "parties", "politicians", "action_cards")
FORMAT_VERSION = 1
PARTY_SEATS = {"right": 3, "left": 3, "centre": 2}  # the largest party each symbol must staff (5p, 6p 3v3, 6p)
DEAL_MIN = 4 * 6  # four cards each for six players (L13)
MAX_COUNT = 60
SYMBOL_RANGE, SKILL_RANGE, MOD_RANGE = (1, 9), (-5, 5), (-3, 3)

# What the rulebook prints or forces (each refused when contradicted): (section, id, field, value, source).
PRINTED = (
    ("voter_groups", "blondes", "symbols.charming", 3, "L24: blondes have three charming symbols"),
    ("voter_groups", "youth", "symbols.intimidation", 3,
     "L26: to get one angst-ridden youth, one needs only power of three in intimidation"),
    ("events", "depression", "method", "intimidation", "L26: depression gives +1 intimidation power to all players"),
    ("events", "depression", "modifier", 1, "L26: depression gives +1 intimidation power to all players"),
    ("politicians", "ben", "name", "Ben", "L26"),
    ("politicians", "ben", "skills.intimidation", 2, "L26: Ben's skill of intimidation is +2"),
    ("politicians", "tarja", "name", "Tarja", "L32"),
    ("politicians", "sauli", "name", "Sauli", "L32"),
    ("parties", "right", "symbol", "SUV", "L6: the right-wing party symbol is a SUV"),
    ("parties", "left", "symbol", "bus", "L6: left-wing's a bus"),
    ("parties", "centre", "symbol", "tractor", "L6: centre party's a tractor"),
    ("action_cards", "nuclear_power", "group", "hippies", "L32: Nuclear power: -1 for the persuasion of hippies"),
    ("action_cards", "nuclear_power", "modifier", -1, "L32: Nuclear power: -1 for the persuasion of hippies"),
    ("action_cards", "anarchist_agenda", "group", "youth",
     "L26: Anarchist agenda gives +1 bonus for persuading angst-ridden youth"),
    ("action_cards", "anarchist_agenda", "modifier", 1,
     "L26: Anarchist agenda gives +1 bonus for persuading angst-ridden youth"),
)
for _g in _SHIPPED_DATA["voter_groups"]:  # derived: 7 per group (L39's finished game has 7 of each)
    PRINTED += (("voter_groups", _g["id"], "count", 7,
                 "derived from L39: every group totals 7 over the two parties of a finished game"),)
for _e in _SHIPPED_DATA["events"]:
    PRINTED += (("events", _e["id"], "count", 1, "L10: four event cards, one of each"),)
#: Printed cards that must be in the deck (count >= 1); the other reconstructed specials may be left out (0).
MUST_EXIST = ("debate", "twist", "charming", "intimidation", "coffee", "nuclear_power", "anarchist_agenda",
              "burnout", "gone_with_the_wind")


def shipped() -> dict:
    """A fresh copy of the shipped card set (``data/cards.json``): the starting point for your own file."""
    return copy.deepcopy(_SHIPPED_DATA)


class Components:
    """A validated card set as the engine's tables (ids in the shipped order). Built by :func:`load`."""

    def __init__(self, data: dict, source: str):
        self.data, self.source = data, source
        methods = [m["id"] for m in data["methods"]]
        groups = [g["id"] for g in data["voter_groups"]]
        self.method_names = tuple(m["name"] for m in data["methods"])
        self.group_names = tuple(g["name"] for g in data["voter_groups"])
        self.symbols = tuple(tuple(g["symbols"][m] for m in methods) for g in data["voter_groups"])
        self.group_count = tuple(g["count"] for g in data["voter_groups"])
        self.event_names = tuple(e["name"] for e in data["events"])
        self.event_mod = tuple(tuple(e["modifier"] if e["method"] == m else 0 for m in methods)
                               for e in data["events"])
        parties = [p["id"] for p in data["parties"]]
        self.party_names = tuple(p["name"] for p in data["parties"])
        self.party_mod = tuple(tuple(p["modifier"] if p["group"] == g else 0 for g in groups) for p in data["parties"])
        self.politician_names = tuple(p["name"] for p in data["politicians"])
        self.politician_party = tuple(parties.index(p["party"]) for p in data["politicians"])
        self.skills = tuple(tuple(p["skills"][m] for m in methods) for p in data["politicians"])
        cards = data["action_cards"]
        self.kind_names = tuple(c["name"] for c in cards)
        self.kind_count = tuple(c["count"] for c in cards)
        specials = [c for c in cards if c["kind"] == "special"]
        self.slot_group = tuple(groups.index(c["group"]) for c in specials)
        self.slot_mod = tuple(c["modifier"] for c in specials)
        self.num_action_cards = sum(self.kind_count)

    def __repr__(self) -> str:
        return f"Components({self.source})"


def _fail(src: str, entry: str, field: str, value, expected: str):
    raise ComponentError(f"politix components {src}: {entry}: field {field!r} is {value!r}; expected {expected}")


def _int(src, entry, field, value, lo, hi):
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        _fail(src, entry, field, value, f"an int in {lo}..{hi}")
    return value


def validate(data, source: str = "<dict>") -> dict:
    """Check ``data`` against the schema of the shipped file and every value the rulebook prints; return it.

    Raises :class:`ComponentError` naming ``source``, the entry (``politicians[1] (ben)``) and the field."""
    src = source
    ref = _SHIPPED_DATA
    if not isinstance(data, dict):
        raise ComponentError(f"politix components {src}: expected a JSON object with the sections "
                             f"{', '.join(SECTIONS)}, got {type(data).__name__}")
    unknown = sorted(set(data) - set(SECTIONS) - {"about", "version"})
    if unknown:
        _fail(src, "top level", unknown[0], data[unknown[0]], f"only about, version, {', '.join(SECTIONS)}")
    if data.get("version", FORMAT_VERSION) != FORMAT_VERSION:
        _fail(src, "top level", "version", data.get("version"), str(FORMAT_VERSION))
    for sec in SECTIONS:
        if sec not in data:
            _fail(src, "top level", sec, None, f"the list {sec!r} (see components.shipped())")
        entries, shipped_entries = data[sec], ref[sec]
        ids = [e["id"] for e in shipped_entries]
        if not isinstance(entries, list) or len(entries) != len(ids):
            size = len(entries) if isinstance(entries, list) else "?"
            _fail(src, "top level", sec, f"{type(entries).__name__} of {size}",
                  f"a list of {len(ids)} entries, ids {', '.join(ids)} in this order (the action table and the "
                  f"observation layout are fixed; rename an entry with its 'name')")
        for i, (e, want) in enumerate(zip(entries, shipped_entries)):
            entry = f"{sec}[{i}]"
            if not isinstance(e, dict):
                _fail(src, entry, "(entry)", e, "an object")
            if e.get("id") != want["id"]:
                _fail(src, entry, "id", e.get("id"), f"{want['id']!r} (ids and their order are fixed)")
            entry = f"{sec}[{i}] ({want['id']})"
            allowed = (set(want) - DOC_FIELDS) | DOC_FIELDS
            for key in e:
                if key not in allowed:
                    _fail(src, entry, key, e[key], f"one of the fields {', '.join(sorted(set(want) - DOC_FIELDS))}")
            for key in set(want) - DOC_FIELDS:
                if key not in e:
                    _fail(src, entry, key, None, "present (as in the shipped file)")
            if not isinstance(e["name"], str) or not e["name"].strip():
                _fail(src, entry, "name", e["name"], "a non-empty string")
            _check_entry(src, sec, entry, e, want)
    _check_printed(src, data)
    _check_whole(src, data)
    return data


def _check_entry(src, sec, entry, e, want):
    methods = [m["id"] for m in _SHIPPED_DATA["methods"]]
    groups = [g["id"] for g in _SHIPPED_DATA["voter_groups"]]
    parties = [p["id"] for p in _SHIPPED_DATA["parties"]]
    if sec == "voter_groups":
        _int(src, entry, "count", e["count"], 1, MAX_COUNT)
        sy = e["symbols"]
        if not isinstance(sy, dict) or sorted(sy) != sorted(methods):
            _fail(src, entry, "symbols", sy, f"an object with one int per method ({', '.join(methods)})")
        for m in methods:
            _int(src, entry, f"symbols.{m}", sy[m], *SYMBOL_RANGE)
    elif sec == "events":
        _int(src, entry, "count", e["count"], 0, MAX_COUNT)
        if e["method"] not in methods:
            _fail(src, entry, "method", e["method"], f"one of {', '.join(methods)}")
        _int(src, entry, "modifier", e["modifier"], *MOD_RANGE)
    elif sec == "parties":
        if not isinstance(e["symbol"], str):
            _fail(src, entry, "symbol", e["symbol"], "a string")
        if e["group"] is not None and e["group"] not in groups:
            _fail(src, entry, "group", e["group"], f"one of {', '.join(groups)} or null")
        _int(src, entry, "modifier", e["modifier"], *MOD_RANGE)
    elif sec == "politicians":
        if e["party"] not in parties:
            _fail(src, entry, "party", e["party"], f"one of {', '.join(parties)}")
        sk = e["skills"]
        if not isinstance(sk, dict) or sorted(sk) != sorted(methods):
            _fail(src, entry, "skills", sk, f"an object with one int per method ({', '.join(methods)})")
        for m in methods:
            _int(src, entry, f"skills.{m}", sk[m], *SKILL_RANGE)
    elif sec == "action_cards":
        for key in ("kind", "method"):
            if key in want and e[key] != want[key]:
                _fail(src, entry, key, e[key], f"{want[key]!r} (the kind of each action card is fixed)")
        lo = 1 if e["id"] in MUST_EXIST else 0
        _int(src, entry, "count", e["count"], lo, MAX_COUNT)
        if want["kind"] == "special":
            if e["group"] not in groups:
                _fail(src, entry, "group", e["group"], f"one of {', '.join(groups)}")
            if _int(src, entry, "modifier", e["modifier"], *MOD_RANGE) == 0:
                _fail(src, entry, "modifier", 0, "a non-zero int in -3..3 (a + or - card for its group, L31)")


def _get(e: dict, field: str):
    for part in field.split("."):
        e = e[part]
    return e


def _check_printed(src, data):
    for sec, ident, field, value, why in PRINTED:
        i = next(i for i, e in enumerate(_SHIPPED_DATA[sec]) if e["id"] == ident)
        got = _get(data[sec][i], field)
        same = got.lower() == value.lower() if isinstance(value, str) and isinstance(got, str) else got == value
        if not same:
            _fail(src, f"{sec}[{i}] ({ident})", field, got, f"{value!r}, as the rulebook prints ({why})")
    # L26: Ben's power 4 against youth is skill 2 + Anarchist agenda 1 + depression 1: no party-symbol term
    ben = next(p for p in data["politicians"] if p["id"] == "ben")
    i, party = next((i, p) for i, p in enumerate(data["parties"]) if p["id"] == ben["party"])
    if party["group"] == "youth" and party["modifier"] != 0:
        _fail(src, f"parties[{i}] ({party['id']})", "group", "youth",
              "a group other than youth: Ben's party symbol adds nothing against angst-ridden youth in the L26 "
              "example (4 = skill 2 + Anarchist agenda 1 + depression 1)")


def _check_whole(src, data):
    for party, need in PARTY_SEATS.items():
        have = sum(1 for p in data["politicians"] if p["party"] == party)
        if have < need:
            _fail(src, "politicians", "party", f"{have} {party}",
                  f"at least {need} politicians of the {party} party (its largest table: seats need different "
                  f"politicians)")
    total = sum(c["count"] for c in data["action_cards"])
    if total < DEAL_MIN:
        _fail(src, "action_cards", "count", f"{total} cards in all",
              f"at least {DEAL_MIN} (four cards each for six players, L13)")


_CACHE: dict = {}


def load(source=None) -> Components:
    """The card set of a game: ``None`` = the shipped data; a path (str or ``os.PathLike``) to a JSON file; or a
    dict in the same schema. Validated by :func:`validate` (``ComponentError`` names the file, entry and field)."""
    if source is None:
        if None not in _CACHE:
            _CACHE[None] = Components(validate(shipped(), SHIPPED_PATH), "shipped")
        return _CACHE[None]
    if isinstance(source, dict):
        return Components(validate(copy.deepcopy(source), "<dict>"), "<dict>")
    path = os.fspath(source)
    data = read_json(path, ComponentError, f"politix components {path}",
                     "a JSON file in the schema of components.shipped()")
    return Components(validate(data, path), path)


def main(argv=None) -> int:
    """``python -m hustings.politix.components [--check FILE]``: print the shipped card set as JSON (a starting
    file), or check a file and say whether it loads."""
    return components_command(argv, "hustings.politix.components", load, shipped)


if __name__ == "__main__":
    raise SystemExit(main())
