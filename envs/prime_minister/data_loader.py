"""Load and validate the Prime Minister component data (``envs/prime_minister/data/*.json``).

Plain Python (stdlib only). ``load_data()`` reads every file, validates it and returns ``{kind: document}``;
``validate_data(docs)`` can be called on (possibly modified) documents. Every problem raises ``ValueError`` whose
message names the file, the entry and the field, e.g. ``bills.json: entry 'CP01': field 'effects[0].op': unknown
effect op 'teleport'``. The effect vocabulary and the file formats are documented in ``data/README.md``.
"""
from __future__ import annotations

import json
import os
import re
from typing import Any, Callable

DATA_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")

FILES = {
    "politicians": "politicians.json",
    "mats": "mats.json",
    "board": "board.json",
    "sectors": "sectors.json",
    "election_projections": "election_projections.json",
    "bills": "bills.json",
    "supporters": "supporters.json",
    "events": "events.json",
    "uncertainty": "uncertainty.json",
    "careers": "careers.json",
    "debate_cards": "debate_cards.json",
    "special_cards": "special_cards.json",
    "scenarios": "scenarios.json",
}

RULEBOOK_LINES = 1953  # shared/rules/prime_minister.txt
SECTORS = ["Conservatives", "Farmers", "Gentry", "Ireland", "Liberals", "Middle Class", "Scotland", "Workers"]
PARTIES = ("liberal", "conservative")
ABILITIES = ("campaign", "debate", "flatter", "hobnob", "influence")
STATUSES = ("printed", "reconstructed", "mixed")
META_KEYS = {"id", "status", "source", "rationale", "provenance", "note"}
SOURCE_RE = re.compile(r"^L\d+(-\d+)?(, L\d+(-\d+)?)*$")

EXPECTED_COUNTS = {
    "politicians": 10, "sectors": 8, "supporters": 34, "events": 40, "uncertainty": 18, "careers": 8,
    "debate_cards": 3, "special_cards": 3, "scenarios": 7, "bills": 76, "mats": 6,
}
BILL_DECK_COUNTS = {"cross_party": 40, "liberal": 18, "conservative": 18}
EVENT_KIND_COUNTS = {"action": 32, "by_election": 8}


class _Ctx:
    """Where a check is happening, for error messages."""

    def __init__(self, file: str, entry: str | None = None):
        self.file, self.entry = file, entry

    def fail(self, field: str | None, msg: str):
        where = self.file
        if self.entry is not None:
            where += f": entry '{self.entry}'"
        if field:
            where += f": field '{field}'"
        raise ValueError(f"{where}: {msg}")


# ------------------------------------------------------------------------------------------------ effect vocabulary
def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _one_of(*values):
    return lambda v: v in values, f"one of {list(values)}"


def _int_range(lo, hi, nonzero=False):
    return (lambda v: _is_int(v) and lo <= v <= hi and (v != 0 or not nonzero),
            f"an integer in {lo}..{hi}" + (" other than 0" if nonzero else ""))


_BOOL = (lambda v: isinstance(v, bool), "a boolean")
_SECTOR_TARGET = _one_of(*SECTORS, "politician", "any")
_PARTY_TARGET = _one_of("own", "opponent", "liberal", "conservative", "any")
_PERSON = _one_of("self", "any", "pm", "opposition_leader")
_VP_WHO = _one_of("self", "government", "opposition", "pm")
_EFFECT_LIST = ("effects", "a list of effects")  # marker: validated recursively

# op -> (required args, optional args); each arg -> (predicate, description) or _EFFECT_LIST / special keys
EFFECT_OPS: dict[str, tuple[dict, dict]] = {
    "sector": ({"sector": _SECTOR_TARGET, "steps": _int_range(-4, 4, nonzero=True), "party": _PARTY_TARGET},
               {"choose_sign": _BOOL}),
    "vp": ({"who": _VP_WHO, "amount": _int_range(1, 10)}, {}),
    "standing": ({"who": _PERSON, "amount": _int_range(-3, 3, nonzero=True)}, {"choose_sign": _BOOL}),
    "favour": ({"who": _PERSON, "amount": _int_range(-3, 3, nonzero=True)}, {"choose_sign": _BOOL}),
    "votes": ({"amount": (lambda v: _is_int(v) and v != 0 and v % 10 == 0 and -50 <= v <= 50,
                          "a non-zero multiple of 10 in -50..50"),
               "target": _one_of("any_bill", "all_bills")}, {"choose_sign": _BOOL}),
    "influence": ({"mps": _one_of(10, 20)}, {"direction": _one_of("either", "to_moderate", "to_partisan")}),
    "draw_supporters": ({"draw": _int_range(1, 6), "keep": _int_range(1, 6)}, {}),
    "choice": ({"options": "option_lists"}, {}),
    "grant_action": ({"cost": _one_of(1, 2), "effects": _EFFECT_LIST}, {}),
    "take_pm_cube": ({"count": _one_of(1)}, {}),
    "at_round_start": ({"condition": "condition", "effects": _EFFECT_LIST}, {}),
}


def validate_effects(effects: Any, ctx: _Ctx, field: str) -> None:
    """Check a list of effect dicts against EFFECT_OPS (recursively for choice / grant_action / at_round_start)."""
    if not isinstance(effects, list):
        ctx.fail(field, "must be a list of effects")
    for i, eff in enumerate(effects):
        f = f"{field}[{i}]"
        if not isinstance(eff, dict) or "op" not in eff:
            ctx.fail(f, "an effect must be an object with an 'op'")
        op = eff["op"]
        if op not in EFFECT_OPS:
            ctx.fail(f"{f}.op", f"unknown effect op {op!r}")
        required, optional = EFFECT_OPS[op]
        for arg in eff:
            if arg != "op" and arg not in required and arg not in optional:
                ctx.fail(f"{f}.{arg}", f"unknown argument for op {op!r}")
        for arg, spec in list(required.items()) + list(optional.items()):
            if arg not in eff:
                if arg in required:
                    ctx.fail(f"{f}.{arg}", f"missing argument for op {op!r}")
                continue
            val = eff[arg]
            if spec == _EFFECT_LIST:
                validate_effects(val, ctx, f"{f}.{arg}")
            elif spec == "option_lists":
                if not isinstance(val, list) or len(val) < 2:
                    ctx.fail(f"{f}.{arg}", "a choice needs a list of at least 2 effect lists")
                for j, sub in enumerate(val):
                    validate_effects(sub, ctx, f"{f}.{arg}[{j}]")
            elif spec == "condition":
                if not isinstance(val, dict) or any(k != "standing_at_least" for k in val) or \
                        any(not _is_int(v) for v in val.values()):
                    ctx.fail(f"{f}.{arg}", "condition must be {} or {'standing_at_least': int}")
            else:
                pred, desc = spec
                if not pred(val):
                    ctx.fail(f"{f}.{arg}", f"{val!r} is not {desc}")
        if op == "draw_supporters" and eff["keep"] > eff["draw"]:
            ctx.fail(f"{f}.keep", "cannot keep more cards than drawn")


# ------------------------------------------------------------------------------------------------ provenance
def _check_source(src: Any, ctx: _Ctx, field: str) -> None:
    if not isinstance(src, str) or not SOURCE_RE.match(src):
        ctx.fail(field, f"source must look like 'L123' or 'L12-15, L40' (got {src!r})")
    for m in re.finditer(r"L(\d+)(?:-(\d+))?", src):
        lo = int(m.group(1))
        hi = int(m.group(2)) if m.group(2) else lo
        if hi < lo:
            ctx.fail(field, f"bad line range {m.group(0)!r} (write ranges in full, e.g. L1702-1704)")
        if not (1 <= lo <= RULEBOOK_LINES and hi <= RULEBOOK_LINES):
            ctx.fail(field, f"line reference {m.group(0)!r} outside the rulebook (1..{RULEBOOK_LINES})")


def _check_status_block(block: Any, ctx: _Ctx, field: str, allow_mixed: bool) -> None:
    if not isinstance(block, dict):
        ctx.fail(field, "provenance must be an object")
    status = block.get("status")
    if status is None:
        ctx.fail(f"{field}.status" if field else "status", "missing status (printed / reconstructed)")
    allowed = STATUSES if allow_mixed else STATUSES[:2]
    if status not in allowed:
        ctx.fail(f"{field}.status" if field else "status", f"status {status!r} is not one of {list(allowed)}")
    prefix = f"{field}." if field else ""
    if status == "printed":
        if "source" not in block:
            ctx.fail(prefix + "source", "printed data needs a 'source' (rulebook line numbers)")
        _check_source(block["source"], ctx, prefix + "source")
    elif status == "reconstructed":
        r = block.get("rationale")
        if not isinstance(r, str) or len(r.strip()) < 4:
            ctx.fail(prefix + "rationale", "reconstructed data needs a short 'rationale'")


def data_fields(entry: dict) -> list[str]:
    return [k for k in entry if k not in META_KEYS]


def check_provenance(entry: dict, ctx: _Ctx) -> None:
    """Entry-level status; a 'mixed' entry must give a printed/reconstructed status for every data field
    (a list field may instead be covered item by item as 'field.0', 'field.1', ..., a dict field key by key as
    'field.key')."""
    _check_status_block(entry, ctx, "", allow_mixed=True)
    if entry["status"] != "mixed":
        return
    prov = entry.get("provenance")
    if not isinstance(prov, dict):
        ctx.fail("provenance", "a mixed entry needs a 'provenance' object (field -> status)")
    for k in data_fields(entry):
        if k in prov:
            continue
        v = entry[k]
        if isinstance(v, list) and v and all(f"{k}.{i}" in prov for i in range(len(v))):
            continue
        if isinstance(v, dict) and v and all(f"{k}.{j}" in prov for j in v):
            continue
        ctx.fail(k, "no printed/reconstructed status for this field in 'provenance'")
    for k, block in prov.items():
        base = k.split(".")[0]
        if base not in entry or base in META_KEYS:
            ctx.fail(f"provenance.{k}", "provenance names a field the entry does not have")
        _check_status_block(block, ctx, f"provenance.{k}", allow_mixed=False)


# ------------------------------------------------------------------------------------------------ per-kind checks
def _req(entry, ctx, field, pred, desc):
    if field not in entry:
        ctx.fail(field, "missing")
    if not pred(entry[field]):
        ctx.fail(field, f"{entry[field]!r} is not {desc}")


def _check_politicians(doc, fname):
    numbers = set()
    for e in doc["entries"] + doc.get("scenario_politicians", []):
        ctx = _Ctx(fname, e.get("id"))
        _req(e, ctx, "party", lambda v: v in PARTIES, "liberal/conservative")
        ab = e.get("abilities")
        if not isinstance(ab, dict) or any(k not in ABILITIES for k in ab) or \
                any(v not in (1, 2) for v in ab.values()):
            ctx.fail("abilities", "must map ability names to level 1 or 2")
        secs = e.get("campaign_sectors")
        if not isinstance(secs, list) or any(s not in SECTORS for s in secs):
            ctx.fail("campaign_sectors", "must be a list of Sector names")
        if e in doc.get("scenario_politicians", []):
            continue
        _req(e, ctx, "number", lambda v: _is_int(v) and 1 <= v <= 10, "a number 1..10")
        if e["number"] in numbers:
            ctx.fail("number", f"duplicate Politician number {e['number']}")
        numbers.add(e["number"])
        if len(ab) != 4 or sorted(ab.values()) != [1, 1, 1, 2]:
            ctx.fail("abilities", "four abilities, three at Level 1 and one at Level 2 (L185)")
        if ("campaign" in ab) != (len(secs) == 3):
            ctx.fail("campaign_sectors", "three Sectors exactly when the Politician can Campaign (L615)")
    parties = [e["party"] for e in doc["entries"]]
    if parties.count("liberal") != 5:
        _Ctx(fname).fail(None, "expected 5 Liberal and 5 Conservative Politicians")


def _check_mats(doc, fname):
    for e in doc["entries"]:
        ctx = _Ctx(fname, e.get("id"))
        for k in ("standing_min", "standing_max", "standing_start"):
            _req(e, ctx, k, _is_int, "an integer")
        if not e["standing_min"] <= e["standing_start"] <= e["standing_max"]:
            ctx.fail("standing_start", "outside the Standing range")
        ci = e.get("cube_income")
        if not isinstance(ci, dict) or not _is_int(ci.get("base")) or \
                not isinstance(ci.get("extra_if_standing_above"), list):
            ctx.fail("cube_income", "needs 'base' and 'extra_if_standing_above'")
        acts = e.get("actions")
        if not isinstance(acts, dict) or any(k not in ABILITIES for k in acts):
            ctx.fail("actions", "must map action names to levels")
        for name, levels in acts.items():
            if not isinstance(levels, dict) or set(levels) != {"1", "2"}:
                ctx.fail(f"actions.{name}", "needs levels '1' and '2' (null = not available)")
            for lvl, effs in levels.items():
                if effs is not None:
                    validate_effects(effs, ctx, f"actions.{name}.{lvl}")
        for k in ("round_start", "end_of_turn"):
            if k in e:
                validate_effects(e[k], ctx, k)


def _check_board(doc, fname):
    ids = {e["id"] for e in doc["entries"]}
    for need in ("score_track", "favour_tracker", "government_mp_tracker", "bill_slots", "round_setup_vp"):
        if need not in ids:
            _Ctx(fname).fail(None, f"missing board entry {need!r}")


def _check_sectors(doc, fname):
    names = [e.get("name") for e in doc["entries"]]
    if names != SECTORS:
        _Ctx(fname).fail(None, f"Sectors must be {SECTORS} in alphabetical order (L293), got {names}")
    for e in doc["entries"]:
        ctx = _Ctx(fname, e.get("id"))
        pos = e.get("positions")
        if not isinstance(pos, list) or len(pos) < 3 or not all(_is_int(p) for p in pos):
            ctx.fail("positions", "must be a list of integers")
        for a, b in zip(pos, pos[1:]):
            if not 1 <= b - a <= 3:
                ctx.fail("positions", f"step {a}->{b} is not worth 1-3 points (L297)")
        for field in ("start", "partisan"):
            if not isinstance(e.get(field), dict):
                ctx.fail(field, "an object with a value per party")
        for party in PARTIES:
            if e.get("start", {}).get(party) not in pos:
                ctx.fail(f"start.{party}", "start must be one of the positions")
            pp = e.get("partisan", {}).get(party)
            if not isinstance(pp, list) or len(pp) != len(pos) or any(not _is_int(x) or x < 0 for x in pp):
                ctx.fail(f"partisan.{party}", "one non-negative integer per position")
            if any(b < a for a, b in zip(pp, pp[1:])):
                ctx.fail(f"partisan.{party}", "Partisan points must not fall as Popularity rises")
    totals = {p: sum(e["start"][p] for e in doc["entries"]) for p in PARTIES}
    if totals["liberal"] != totals["conservative"]:
        _Ctx(fname).fail("start", f"parties must start with equal Popularity (L404): {totals}")


def _check_projections(doc, fname):
    rows = doc["entries"]
    prev = None
    for i, e in enumerate(rows):
        ctx = _Ctx(fname, e.get("id"))
        if e.get("lead") != i:
            ctx.fail("lead", f"rows must be leads 0, 1, 2, ... in order (expected {i})")
        _req(e, ctx, "leader_seats", _is_int, "an integer")
        if e.get("trailer_seats") != 658 - e["leader_seats"]:
            ctx.fail("trailer_seats", "must be 658 - leader_seats")
        if prev is not None and e["leader_seats"] < prev:
            ctx.fail("leader_seats", "the table must be non-decreasing")
        prev = e["leader_seats"]
    if rows[0]["leader_seats"] != 329:
        _Ctx(fname, rows[0]["id"]).fail("leader_seats", "a tie must give 329 seats each")


def _check_bills(doc, fname):
    decks = {k: 0 for k in BILL_DECK_COUNTS}
    for e in doc["entries"]:
        ctx = _Ctx(fname, e.get("id"))
        for k in ("name", "title"):
            _req(e, ctx, k, lambda v: isinstance(v, str) and v, "a non-empty string")
        _req(e, ctx, "deck", lambda v: v in BILL_DECK_COUNTS, f"one of {list(BILL_DECK_COUNTS)}")
        decks[e["deck"]] += 1
        _req(e, ctx, "icon", lambda v: v in ("A", "M", "P"), "A, M or P")
        _req(e, ctx, "adjustment", lambda v: _is_int(v) and v % 10 == 0 and -30 <= v <= 50,
             "a multiple of 10 in -30..+50 (L593)")
        _req(e, ctx, "vp", _is_int, "an integer")
        if e["deck"] == "cross_party":
            if e["icon"] == "P":
                ctx.fail("icon", "P bills are Party Bills (L1323)")
            if e["vp"] not in (2, 3) or (e["icon"] == "M" and e["vp"] != 3):
                ctx.fail("vp", "Cross-Party VP is 2 or 3 and every M bill earns 3 (L821, L1537)")
            for i, eff in enumerate(e.get("effects", [])):
                if eff.get("party") not in ("own",):
                    ctx.fail(f"effects[{i}].party", "Cross-Party effects apply to the passing PM's party ('own', L819)")
        else:
            if e["icon"] == "M":
                ctx.fail("icon", "M bills are found only in the Cross-Party deck (L1331)")
            if not 2 <= e["vp"] <= 7:
                ctx.fail("vp", "Party Bills earn 2-7 VP (L822)")
            for i, eff in enumerate(e.get("effects", [])):
                if eff.get("party") not in PARTIES:
                    ctx.fail(f"effects[{i}].party", "Party-bill effects name their rosette party (L820)")
        validate_effects(e.get("effects"), ctx, "effects")
        validate_effects(e.get("personal"), ctx, "personal")
        for i, eff in enumerate(e["personal"]):
            if eff["op"] not in ("standing", "favour", "draw_supporters"):
                ctx.fail(f"personal[{i}].op", "personal effects are Standing, Favour or Supporters (L823)")
    for deck, n in BILL_DECK_COUNTS.items():
        if decks[deck] != n:
            _Ctx(fname).fail("deck", f"expected {n} {deck} bills, found {decks[deck]}")


def _check_supporters(doc, fname):
    for e in doc["entries"]:
        ctx = _Ctx(fname, e.get("id"))
        opts = e.get("options")
        if not isinstance(opts, list) or len(opts) != 2:
            ctx.fail("options", "every Supporter has exactly two options (L732)")
        for i, o in enumerate(opts):
            if not isinstance(o, dict) or not isinstance(o.get("label"), str):
                ctx.fail(f"options[{i}].label", "missing option label")
            validate_effects(o.get("effects"), ctx, f"options[{i}].effects")
            if not o["effects"]:
                ctx.fail(f"options[{i}].effects", "a Supporter option must do something")


def _check_events(doc, fname):
    kinds = {k: 0 for k in EVENT_KIND_COUNTS}
    for e in doc["entries"]:
        ctx = _Ctx(fname, e.get("id"))
        _req(e, ctx, "kind", lambda v: v in EVENT_KIND_COUNTS, f"one of {list(EVENT_KIND_COUNTS)}")
        kinds[e["kind"]] += 1
        if e["kind"] == "action":
            opts = e.get("options")
            if not isinstance(opts, list) or not 2 <= len(opts) <= 3:
                ctx.fail("options", "an action Event has 2 or 3 options (L762)")
            if opts[0].get("label") != "Ignore" or opts[0].get("cost") != 0:
                ctx.fail("options[0]", "the first option is always 'Ignore' at no cost (L762)")
            if not opts[0]["effects"]:
                ctx.fail("options[0].effects", "'Ignore' presents negative effects (L762)")
            for i, o in enumerate(opts):
                if i and o.get("cost") not in (1, 2):
                    ctx.fail(f"options[{i}].cost", "paid options cost 1 or 2 Action Cubes (L762)")
                validate_effects(o.get("effects"), ctx, f"options[{i}].effects")
        else:
            _req(e, ctx, "variant", lambda v: v in ("pm_minus_1", "ol_plus_1"), "pm_minus_1 or ol_plus_1")
            validate_effects(e.get("on_loss"), ctx, "on_loss")
    for k, n in EVENT_KIND_COUNTS.items():
        if kinds[k] != n:
            _Ctx(fname).fail("kind", f"expected {n} '{k}' Events, found {kinds[k]}")


def _check_uncertainty(doc, fname):
    for e in doc["entries"]:
        ctx = _Ctx(fname, e.get("id"))
        _req(e, ctx, "vote", lambda v: _is_int(v) and -11 <= v <= 10, "an integer in -11..+10 (L802)")
        _req(e, ctx, "election", lambda v: _is_int(v) and -12 <= v <= 12, "an integer in -12..+12 (L963)")
        if "royal_interference" not in e:
            ctx.fail("royal_interference", "missing (null when the card has no icon)")
        ri = e["royal_interference"]
        if ri is not None and not (_is_int(ri) and 311 <= ri <= 323):
            ctx.fail("royal_interference", "minimum must be in 311..323 (L918)")


def _check_careers(doc, fname):
    sides = [e.get("side") for e in doc["entries"]]
    if sides.count("government") != 4 or sides.count("opposition") != 4:
        _Ctx(fname).fail("side", "expected 4 Government and 4 Opposition Career cards (L169, L674)")
    for e in doc["entries"]:
        ctx = _Ctx(fname, e.get("id"))
        rq = e.get("requirements")
        if not isinstance(rq, dict) or rq.get("ability") not in ABILITIES + (None,) or \
                not _is_int(rq.get("standing_min")) or not _is_int(rq.get("favour_min")):
            ctx.fail("requirements", "needs ability (or null), standing_min and favour_min")
        validate_effects(e.get("effects"), ctx, "effects")


def _check_debate(doc, fname):
    for e in doc["entries"]:
        ctx = _Ctx(fname, e.get("id"))
        sides = e.get("sides")
        if not isinstance(sides, dict) or set(sides) != {"pact", "no_pact"}:
            ctx.fail("sides", "a Debate card has a 'pact' and a 'no_pact' side (L656)")
        for sname, s in sides.items():
            if s.get("direction") not in ("up", "down") or s.get("votes") not in (10, -10):
                ctx.fail(f"sides.{sname}", "direction up/down moving 10 Votes (L660)")
            if s.get("reward_on") not in ("pass", "fail_or_withdraw"):
                ctx.fail(f"sides.{sname}.reward_on", "must be 'pass' or 'fail_or_withdraw'")
            validate_effects(s.get("reward"), ctx, f"sides.{sname}.reward")
            validate_effects(s.get("penalty"), ctx, f"sides.{sname}.penalty")


def _check_scenarios(doc, fname, ids):
    for e in doc["entries"]:
        ctx = _Ctx(fname, e.get("id"))
        for i, p in enumerate(e.get("players", [])):
            if p.get("politician") is not None and p["politician"] not in ids["politicians"]:
                ctx.fail(f"players[{i}].politician", f"unknown Politician id {p['politician']!r}")
        for field, kind in (("bills_on_board", "bills"), ("event_deck", "events"),
                            ("removed_supporters", "supporters")):
            for x in e.get(field, []):
                if x not in ids[kind]:
                    ctx.fail(field, f"unknown {kind} id {x!r}")
        for group, lst in e.get("set_aside_bills", {}).items():
            for x in lst:
                if x not in ids["bills"]:
                    ctx.fail(f"set_aside_bills.{group}", f"unknown bill id {x!r}")
        for party, moves in e.get("sector_positions", {}).items():
            for s in moves:
                if party not in PARTIES or s not in SECTORS:
                    ctx.fail("sector_positions", f"bad party/Sector {party!r}/{s!r}")


_KIND_CHECKS: dict[str, Callable] = {
    "politicians": _check_politicians, "mats": _check_mats, "board": _check_board, "sectors": _check_sectors,
    "election_projections": _check_projections, "bills": _check_bills, "supporters": _check_supporters,
    "events": _check_events, "uncertainty": _check_uncertainty, "careers": _check_careers,
    "debate_cards": _check_debate,
}


# ------------------------------------------------------------------------------------------------ entry points
def validate_data(docs: dict[str, dict]) -> None:
    """Validate documents as returned by ``load_data(validate=False)``; raise ValueError on the first problem."""
    ids: dict[str, set] = {}
    for kind, fname in FILES.items():
        if kind not in docs:
            raise ValueError(f"{fname}: file missing")
        doc = docs[kind]
        ctx = _Ctx(fname)
        if not isinstance(doc, dict) or not isinstance(doc.get("entries"), list):
            ctx.fail("entries", "the document must be an object with an 'entries' list")
        entries = doc["entries"] + doc.get("scenario_politicians", [])
        seen: set = set()
        for i, e in enumerate(entries):
            if not isinstance(e, dict) or not isinstance(e.get("id"), str) or not e["id"]:
                ctx.fail(f"entries[{i}].id", "every entry needs a string 'id'")
            if e["id"] in seen:
                _Ctx(fname, e["id"]).fail("id", f"duplicate id {e['id']!r}")
            seen.add(e["id"])
            check_provenance(e, _Ctx(fname, e["id"]))
        ids[kind] = seen
        if kind in EXPECTED_COUNTS and len(doc["entries"]) != EXPECTED_COUNTS[kind]:
            ctx.fail("entries", f"expected {EXPECTED_COUNTS[kind]} entries, found {len(doc['entries'])}")
        if kind in _KIND_CHECKS:
            _KIND_CHECKS[kind](doc, fname)
    _check_scenarios(docs["scenarios"], FILES["scenarios"], ids)


def load_data(data_dir: str | None = None, validate: bool = True) -> dict[str, dict]:
    """Read every data file into ``{kind: document}`` (validated unless ``validate=False``)."""
    data_dir = data_dir or DATA_DIR
    docs = {}
    for kind, fname in FILES.items():
        path = os.path.join(data_dir, fname)
        try:
            with open(path, encoding="utf-8") as f:
                docs[kind] = json.load(f)
        except FileNotFoundError:
            raise ValueError(f"{fname}: file missing in {data_dir}") from None
        except json.JSONDecodeError as exc:
            raise ValueError(f"{fname}: invalid JSON: {exc}") from None
    if validate:
        validate_data(docs)
    return docs


_CACHE: dict[str, dict] | None = None


def data() -> dict[str, dict]:
    """The validated default data, loaded once (callers must not mutate it; use copy.deepcopy)."""
    global _CACHE
    if _CACHE is None:
        _CACHE = load_data()
    return _CACHE


def by_id(kind: str, docs: dict[str, dict] | None = None) -> dict[str, dict]:
    """Entries of one kind indexed by id (scenario-only Politicians included for 'politicians')."""
    docs = docs or data()
    doc = docs[kind]
    return {e["id"]: e for e in doc["entries"] + doc.get("scenario_politicians", [])}


def seats_for_lead(lead: int, docs: dict[str, dict] | None = None) -> int:
    """Projected seats of the party leading by ``lead`` Popularity points (the other party gets 658 minus this)."""
    rows = (docs or data())["election_projections"]["entries"]
    return rows[min(abs(lead), len(rows) - 1)]["leader_seats"]


def cube_income(mat: dict, standing: int) -> int:
    """Action Cubes a mat gives at round setup for the given Standing (L227, L240, L268)."""
    ci = mat["cube_income"]
    return ci["base"] + sum(standing > t for t in ci["extra_if_standing_above"])


def partisan_points(sector: dict, party: str, position: int) -> int:
    """Purple Partisan points of ``party`` at Popularity ``position`` in a Sector entry."""
    return sector["partisan"][party][sector["positions"].index(position)]


def provenance(entry: dict, field: str) -> dict:
    """The printed/reconstructed block that covers ``field`` of ``entry``."""
    if entry["status"] != "mixed":
        return {k: entry[k] for k in ("status", "source", "rationale") if k in entry}
    prov = entry["provenance"]
    if field in prov:
        return prov[field]
    items = [prov[k] for k in prov if k.startswith(field + ".")]
    if items and all(p["status"] == "printed" for p in items):
        return {"status": "printed", "source": ", ".join(p["source"] for p in items)}
    return {"status": "reconstructed", "rationale": "; ".join(p.get("rationale", p.get("source", "")) for p in items)}


__all__ = ["DATA_DIR", "FILES", "EFFECT_OPS", "SECTORS", "load_data", "validate_data", "validate_effects", "data",
           "by_id", "provenance", "data_fields", "seats_for_lead", "cube_income", "partisan_points"]
