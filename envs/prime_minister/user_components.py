"""Prime Minister: your own components -- the printed values of a copy of the game instead of the shipped data.

``hustings.make("prime_minister", components="my_cards.json")`` (the game option ``components``: a path or a dict;
default ``None`` = the shipped data) reads a file in the schema of ``data/*.json``: a JSON object whose keys are data
kinds (``uncertainty``, ``sectors``, ``bills``, ``supporters``, ``events``, ``mats``, ``careers``, ``debate_cards``,
``election_projections``), each a document with an ``entries`` list (or the list itself). Entries are matched by
``id`` and replace the shipped entry's data fields; entries not
listed keep the shipped values. The metadata (``status``, ``source``, ``provenance``) stays the shipped one.

Checked, each problem a :class:`ComponentError` naming the file, the entry and the field:

* the shape: known kinds, entries that exist in the game (the components are fixed: same ids, same counts -- the
  action space and the observation are laid out per card), no renamed Sector, no Event changing between action and
  By-Election; then the whole merged data set through ``data_loader.validate_data`` (every field's kind and range,
  effects, deck sizes, the Scenarios' references);
* **every value the rulebook prints**: a field (or list item / dict key) whose shipped provenance is ``printed`` must
  keep the printed value -- only reconstructed values (most Uncertainty cards, Sector tracks, card texts the rulebook
  does not print) may differ; and the Uncertainty deck as a whole keeps the printed Vote odds (1 in 6 / 1 in 2 / 5 in
  6 at 320 / 330 / 340, L806-807) and its Royal Interference icons on one card in three (L918).

The data is installed process-wide (the engine reads module-level tables on its hot path): the entries of the shipped
tables are updated in place, so every game of the process plays with the set that was installed last. A game
re-installs its own set when it creates a state (``new_initial_state``, ``state_from_json``,
``state_from_position``); do not play games of two different sets in one process at the same time.
"""
from __future__ import annotations

import copy
import hashlib
import json

from ..core.files import components_command, read_json
from ..core.rules import ComponentError
from .components import BILL_DECK, BILL_LIST, DECKS
from .data_loader import META_KEYS, data, data_fields, provenance, validate_data
from .saved import refresh_known_effects

KINDS = ("uncertainty", "sectors", "bills", "supporters", "events", "mats", "careers", "debate_cards",
         "election_projections")
FIXED_FIELDS = {"sectors": {"name"}, "events": {"kind"}, "bills": {"deck"}}

_SHIPPED: dict | None = None      # a deep copy of the shipped data, taken before the first install
_ACTIVE = {"fingerprint": None}    # the set installed now (None: the shipped data)


def _shipped() -> dict:
    global _SHIPPED
    if _SHIPPED is None:
        _SHIPPED = copy.deepcopy(data())
    return _SHIPPED


def _fail(name: str, kind: str | None, entry, field: str | None, msg: str):
    where = name + (f": {kind}" if kind else "") + (f": entry {entry!r}" if entry is not None else "")
    where += f": field {field!r}" if field else ""
    raise ComponentError(f"prime_minister: components {where}: {msg}")


def load(spec) -> tuple[dict, str]:
    """The merged, validated data set of ``spec`` (a path or a dict) and its fingerprint."""
    if isinstance(spec, str):
        name = spec
        user = read_json(spec, ComponentError, f"prime_minister: components {name}",
                         f"a JSON object of data kinds {list(KINDS)}")
    elif isinstance(spec, dict):
        name, user = "<dict>", copy.deepcopy(spec)
    else:
        raise ComponentError(f"prime_minister: components must be a path or a dict, got {type(spec).__name__}")
    if not isinstance(user, dict):
        _fail(name, None, None, None, f"is a {type(user).__name__}; expected an object of data kinds {list(KINDS)}")
    shipped = _shipped()
    merged = copy.deepcopy(shipped)
    for kind, doc in user.items():
        if kind not in KINDS:
            _fail(name, kind, None, None, f"is not a data kind you can replace; expected one of {list(KINDS)}")
        entries = doc.get("entries") if isinstance(doc, dict) else doc
        if not isinstance(entries, list):
            _fail(name, kind, None, "entries", "expected a list of entries (or a document with an 'entries' list)")
        key = "id"
        index = {e[key]: i for i, e in enumerate(shipped[kind]["entries"])}
        seen = set()
        for j, e in enumerate(entries):
            if not isinstance(e, dict) or key not in e:
                _fail(name, kind, j, key, f"every entry needs its {key!r}")
            eid = e[key]
            if not isinstance(eid, (str, int)) or isinstance(eid, bool):
                _fail(name, kind, j, key, f"{eid!r} is a {type(eid).__name__}; expected an entry's id (text)")
            if eid not in index or eid in seen:
                _fail(name, kind, eid, key, f"not a component of the game (or listed twice); expected one of "
                                            f"{sorted(index)[:8]}...")
            seen.add(eid)
            base = shipped[kind]["entries"][index[eid]]
            for f in FIXED_FIELDS.get(kind, ()):
                if f in e and e[f] != base[f]:
                    _fail(name, kind, eid, f, f"{e[f]!r}: fixed by the game's components ({base[f]!r})")
            unknown = [f for f in e if f not in base and f not in META_KEYS]
            if unknown:
                _fail(name, kind, eid, unknown[0], f"not a field of {kind} entries; expected among "
                                                  f"{data_fields(base)}")
            target = merged[kind]["entries"][index[eid]]
            for f in data_fields(e):
                _check_printed(name, kind, eid, base, f, e[f])
                target[f] = copy.deepcopy(e[f])
    try:
        validate_data(merged)
    except ValueError as exc:
        raise ComponentError(f"prime_minister: components {name}: {exc}") from None
    except (TypeError, AttributeError, KeyError) as exc:  # a value of another type than the shipped one's
        raise ComponentError(f"prime_minister: components {name}: a value has the wrong type or shape "
                             f"({type(exc).__name__}: {exc}); expected the types of the shipped components "
                             f"(hustings.prime_minister.data_loader)") from None
    _check_layout(name, merged, shipped)
    _check_deck_prints(name, merged)
    changed = {k: merged[k] for k in KINDS if merged[k] != shipped[k]}
    fingerprint = hashlib.sha256(json.dumps(changed, sort_keys=True).encode()).hexdigest()[:16] if changed else None
    return merged, fingerprint


def _check_layout(name, merged: dict, shipped: dict) -> None:
    """What the flat action space is built from stays: two options per Supporter, at most three per Event, the
    Career actions."""
    for kind, most in (("supporters", 2), ("events", 3)):
        for e, base in zip(merged[kind]["entries"], shipped[kind]["entries"]):
            opts = e.get("options", [])
            if len(opts) > most or (kind == "supporters" and len(opts) != len(base["options"])):
                _fail(name, kind, e["id"], "options", f"{len(opts)} options; the action space has "
                      f"{len(base['options']) if kind == 'supporters' else f'at most {most}'} for this card")

    def grants(docs):
        return [(c["id"], i) for c in docs["careers"]["entries"] for i, x in enumerate(c["effects"])
                if x["op"] == "grant_action"]
    if grants(merged) != grants(shipped):
        _fail(name, "careers", None, "effects", "the Career actions (grant_action effects) are fixed by the action "
                                                "space: one per card, as shipped")


def _check_deck_prints(name, merged: dict) -> None:
    """What the rulebook prints about the Uncertainty deck as a whole: the Vote odds 1 in 6, 1 in 2, 5 in 6 at 320,
    330, 340 projected votes (L806-807; a bill passes at 330 or more, PM-A51) and one card in three with a Royal
    Interference icon (L918)."""
    cards = merged["uncertainty"]["entries"]
    k = len(cards)
    for proj, (num, den) in ((320, (1, 6)), (330, (1, 2)), (340, (5, 6))):
        passing = sum(proj + c["vote"] >= 330 for c in cards)
        if passing * den != num * k:
            _fail(name, "uncertainty", None, "vote", f"{passing} of {k} cards pass a bill at {proj}; the rulebook "
                                                     f"prints odds of {num} in {den} (L806-807)")
    icons = sum(c["royal_interference"] is not None for c in cards)
    if icons * 3 != k:
        _fail(name, "uncertainty", None, "royal_interference", f"{icons} of {k} cards have the icon; the rulebook "
                                                               f"prints 1 in 3 (L918)")


def _check_printed(name, kind, eid, base: dict, field: str, value) -> None:
    """``value`` for ``field`` keeps every part of the shipped value that the rulebook prints."""
    whole = provenance(base, field)
    if base["status"] != "mixed" or field in base.get("provenance", {}):
        if whole.get("status") == "printed" and value != base[field]:
            _fail(name, kind, eid, field, f"{value!r} contradicts the rulebook, which prints {base[field]!r} "
                                          f"({whole.get('source')})")
        return
    for k, block in base["provenance"].items():
        if not k.startswith(field + ".") or block.get("status") != "printed":
            continue
        part = k[len(field) + 1:]
        shipped_v = base[field][int(part)] if isinstance(base[field], list) else base[field].get(part)
        try:
            got = value[int(part)] if isinstance(value, list) else value.get(part)
        except (IndexError, ValueError, AttributeError, TypeError):
            got = None
        if got != shipped_v:
            _fail(name, kind, eid, k, f"{got!r} contradicts the rulebook, which prints {shipped_v!r} "
                                      f"({block.get('source')})")


def active_fingerprint() -> str | None:
    """The fingerprint of the data set installed now (``None``: the shipped data)."""
    return _ACTIVE["fingerprint"]


def activate(docs: dict | None, fingerprint: str | None) -> None:
    """Install the data set ``docs`` (``None``: the shipped data) into the engine's tables, in place."""
    if _ACTIVE["fingerprint"] == fingerprint:
        return
    source = _shipped() if docs is None else docs
    live = data()
    for kind in KINDS:
        for entry, new in zip(live[kind]["entries"], source[kind]["entries"]):
            if entry != new:
                entry.clear()
                entry.update(copy.deepcopy(new))
    BILL_DECK[:] = [DECKS.index(b["deck"]) for b in BILL_LIST]
    refresh_known_effects()
    _ACTIVE["fingerprint"] = fingerprint


def main(argv=None) -> int:
    """``python -m hustings.prime_minister.components [--check FILE]`` (or ``-m
    hustings.prime_minister.user_components``): print the shipped components of every kind
    ``make("prime_minister", components=...)`` can replace, as JSON (a starting file), or check a file and say
    whether it loads."""
    return components_command(argv, "hustings.prime_minister.components", load,
                              lambda: {kind: _shipped()[kind] for kind in KINDS})


if __name__ == "__main__":
    raise SystemExit(main())
