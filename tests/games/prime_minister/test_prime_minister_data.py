"""Prime Minister component data: loading, validation, printed values (with rulebook lines) and the constraints
the reconstructed values must meet (MISSING_DATA PM-D1..D12). Line numbers refer to shared/rules/prime_minister.txt.
"""
from __future__ import annotations

import copy
import json
import os
import shutil
from fractions import Fraction

import pytest

from hustings.prime_minister import data_loader as dl

DOCS = dl.load_data()
BILLS = dl.by_id("bills")
SUP = dl.by_id("supporters")
EV = dl.by_id("events")
POL = dl.by_id("politicians")
MATS = dl.by_id("mats")
CAR = dl.by_id("careers")
DEB = dl.by_id("debate_cards")
SEC = dl.by_id("sectors")
UNC = DOCS["uncertainty"]["entries"]
TABLE = {e["lead"]: e["leader_seats"] for e in DOCS["election_projections"]["entries"]}
BOARD = dl.by_id("board")


def bill_by_name(name):
    (b,) = [b for b in BILLS.values() if b["name"] == name]
    return b


def sup_by_name(name):
    (s,) = [s for s in SUP.values() if s["name"] == name]
    return s


def ev_by_name(name):
    (e,) = [e for e in EV.values() if e["name"] == name]
    return e


# ------------------------------------------------------------------------------------------------ loading
def test_loads_and_counts():
    assert len(DOCS["politicians"]["entries"]) == 10
    assert len(DOCS["sectors"]["entries"]) == 8
    decks = [b["deck"] for b in BILLS.values()]
    assert (decks.count("cross_party"), decks.count("liberal"), decks.count("conservative")) == (40, 18, 18)
    assert len(SUP) == 34
    kinds = [e["kind"] for e in EV.values()]
    assert len(EV) == 40 and kinds.count("action") == 32 and kinds.count("by_election") == 8
    assert len(UNC) == 18
    sides = [c["side"] for c in CAR.values()]
    assert len(CAR) == 8 and sides.count("government") == 4
    assert len(DEB) == 3
    assert set(dl.by_id("special_cards")) == {"father_of_the_house", "pact", "resignation"}
    assert [s["number"] for s in DOCS["scenarios"]["entries"]] == list(range(1, 8))


def test_every_file_is_plain_json_in_the_package_dir():
    for fname in dl.FILES.values():
        with open(os.path.join(dl.DATA_DIR, fname), encoding="utf-8") as f:
            json.load(f)
    assert os.path.exists(os.path.join(dl.DATA_DIR, "README.md"))


def test_every_entry_and_field_has_a_status():
    counts = {"printed": 0, "reconstructed": 0}
    for kind, doc in DOCS.items():
        for e in doc["entries"]:
            assert e["status"] in ("printed", "reconstructed", "mixed")
            for f in dl.data_fields(e):
                p = dl.provenance(e, f)
                assert p["status"] in counts
                counts[p["status"]] += 1
    assert counts["printed"] > 300 and counts["reconstructed"] > 300


def test_readme_counts_table_matches_the_data():
    text = open(os.path.join(dl.DATA_DIR, "README.md"), encoding="utf-8").read()
    for kind, fname in dl.FILES.items():
        es = DOCS[kind]["entries"]
        st = [sum(e["status"] == s for e in es) for s in ("printed", "mixed", "reconstructed")]
        assert f"| `{fname}` | {len(es)} | {st[0]} | {st[1]} | {st[2]} |" in text, fname


def test_effect_ops_are_all_documented_in_readme():
    text = open(os.path.join(dl.DATA_DIR, "README.md"), encoding="utf-8").read()
    for op, (req, opt) in dl.EFFECT_OPS.items():
        assert f"`{op}`" in text, op
        for arg in list(req) + list(opt):
            assert f"`{arg}`" in text, (op, arg)


# ------------------------------------------------------------------------------------------------ validator rejects
def _corrupt(mutate):
    docs = copy.deepcopy(DOCS)
    mutate(docs)
    with pytest.raises(ValueError) as exc:
        dl.validate_data(docs)
    return str(exc.value)


def test_rejects_unknown_op():
    def m(d):
        b = next(b for b in d["bills"]["entries"] if b["id"] == "CP01")
        b["effects"][0]["op"] = "teleport"
    msg = _corrupt(m)
    assert "bills.json" in msg and "CP01" in msg and "effects[0].op" in msg and "teleport" in msg


def test_rejects_bad_op_argument():
    def m(d):
        d["supporters"]["entries"][0]["options"][0]["effects"][0]["sector"] = "Wales"
    msg = _corrupt(m)
    assert "supporters.json" in msg and "S01" in msg and "sector" in msg and "Wales" in msg


def test_rejects_missing_status():
    def m(d):
        del d["events"]["entries"][2]["status"]
    msg = _corrupt(m)
    assert "events.json" in msg and "EV03" in msg and "status" in msg


def test_rejects_missing_field_provenance():
    def m(d):
        e = next(e for e in d["uncertainty"]["entries"] if e["id"] == "U01")
        del e["provenance"]["election"]
    msg = _corrupt(m)
    assert "uncertainty.json" in msg and "U01" in msg and "'election'" in msg


def test_rejects_printed_without_valid_source():
    def m(d):
        d["politicians"]["entries"][1]["source"] = "page 12"
    assert "source" in _corrupt(m)

    def m2(d):
        d["politicians"]["entries"][1]["source"] = "L9999"
    assert "outside the rulebook" in _corrupt(m2)


def test_rejects_duplicate_id():
    def m(d):
        d["supporters"]["entries"][5]["id"] = "S01"
    msg = _corrupt(m)
    assert "supporters.json" in msg and "duplicate id 'S01'" in msg


def test_rejects_wrong_counts_and_rule_breaks():
    assert "expected 34" in _corrupt(lambda d: d["supporters"]["entries"].pop())
    def m(d):
        next(b for b in d["bills"]["entries"] if b["id"] == "LB01")["icon"] = "M"
    assert "LB01" in _corrupt(m) and "Cross-Party" in _corrupt(m)
    def m2(d):
        d["uncertainty"]["entries"][3]["royal_interference"] = 330
    assert "U04" in _corrupt(m2)


def test_load_from_corrupted_copy_on_disk(tmp_path):
    dst = tmp_path / "data"
    shutil.copytree(dl.DATA_DIR, dst)
    path = dst / "events.json"
    doc = json.loads(path.read_text())
    doc["entries"][0]["options"][1]["effects"] = [{"op": "explode"}]
    path.write_text(json.dumps(doc))
    with pytest.raises(ValueError, match=r"events.json: entry 'EV01': field 'options\[1\].effects\[0\].op'"):
        dl.load_data(str(dst))
    (dst / "careers.json").write_text("{not json")
    with pytest.raises(ValueError, match="careers.json: invalid JSON"):
        dl.load_data(str(dst), validate=False)


# ------------------------------------------------------------------------------------------------ politicians and mats
@pytest.mark.parametrize("pid,name,party,abil,secs,line", [
    ("P02", "Earl Russell", "liberal", {"campaign": 1, "debate": 1, "hobnob": 1, "influence": 2},
     ["Gentry", "Liberals", "Middle Class"], "L190"),
    ("P03", "Earl of Rosebery", "liberal", {"campaign": 1, "debate": 1, "flatter": 2, "hobnob": 1},
     ["Gentry", "Liberals", "Scotland"], "L1560"),
    ("P04", "W.E. Gladstone", "liberal", {"campaign": 1, "debate": 2, "hobnob": 1, "influence": 1},
     ["Ireland", "Liberals", "Workers"], "L192"),
    ("P06", "Marquess of Salisbury", "conservative", {"campaign": 1, "debate": 1, "hobnob": 1, "influence": 2},
     ["Conservatives", "Gentry", "Scotland"], "L194"),
    ("P07", "Earl of Derby", "conservative", {"debate": 2, "flatter": 1, "hobnob": 1, "influence": 1}, [], "L195"),
    ("P08", "Earl of Aberdeen", "conservative", {"campaign": 1, "debate": 1, "flatter": 2, "hobnob": 1},
     ["Conservatives", "Gentry", "Scotland"], "L196"),
    ("P09", "Benjamin Disraeli", "conservative", {"campaign": 1, "debate": 1, "flatter": 1, "hobnob": 2},
     ["Conservatives", "Middle Class", "Workers"], "L197"),
])
def test_printed_politicians(pid, name, party, abil, secs, line):
    p = POL[pid]
    assert (p["name"], p["party"], p["abilities"], p["campaign_sectors"]) == (name, party, abil, secs)
    assert line in dl.provenance(p, "abilities")["source"]


def test_repaired_politicians():
    assert POL["P01"]["abilities"] == {"debate": 1, "flatter": 1, "hobnob": 2, "influence": 1}  # PM-A1
    assert dl.provenance(POL["P01"], "abilities")["status"] == "reconstructed"
    for pid in ("P05", "P10"):  # Campaign 2 only for Palmerston and Peel (L1295)
        assert POL[pid]["abilities"]["campaign"] == 2
        assert dl.provenance(POL[pid], "campaign_sectors")["status"] == "reconstructed"
    assert "Gentry" in POL["P10"]["campaign_sectors"]  # L1948
    assert [p["id"] for p in POL.values() if p.get("abilities", {}).get("campaign") == 2] == ["P05", "P10"]
    # first PM / OL by lowest number (L187, L1295)
    assert POL["P02"]["number"] < POL["P03"]["number"] and POL["P07"]["number"] < POL["P10"]["number"]
    assert POL["P03"]["removed_in_player_counts"] == [2, 3] and 2 in POL["P08"]["removed_in_player_counts"]
    assert POL["devonshire"]["campaign_sectors"] == ["Conservatives", "Ireland"]  # L1216


def cubes(mat, standing):
    return dl.cube_income(MATS[mat], standing)


def test_mats():
    pm, ol, bb = MATS["pm_front"], MATS["ol_front"], MATS["backbencher_government"]
    assert (pm["standing_min"], pm["standing_max"], pm["standing_start"]) == (5, 14, 11)  # L227, L1301
    assert (ol["standing_min"], ol["standing_max"], ol["standing_start"]) == (4, 11, 5)  # L240
    assert (bb["standing_min"], bb["standing_max"], bb["standing_start"]) == (0, 8, 0)  # L268
    assert [cubes("pm_front", s) for s in (5, 8, 9, 12, 13, 14)] == [2, 2, 3, 3, 4, 4]  # L227, L1590, L1616
    assert [cubes("ol_front", s) for s in (4, 8, 9, 11)] == [2, 2, 3, 3]
    assert [cubes("backbencher_opposition", s) for s in (0, 2, 3, 8)] == [1, 1, 2, 2]  # L268, L1449
    assert pm["replacement_bonus_vp"] == 6 and pm["draws_event"]  # L229
    assert ol["actions"]["influence"]["1"] is None and ol["actions"]["influence"]["2"][0]["mps"] == 10  # L238
    assert pm["actions"]["influence"]["2"][0]["mps"] == 20 and pm["actions"]["debate"]["2"][0]["amount"] == 20
    assert bb["end_of_turn"] == [{"op": "standing", "who": "self", "amount": 1}] and bb["career_slots"] == 3
    # 3-player reverse sides: lower thresholds (L256), free Supporter at Standing 11 on the OL reverse
    assert cubes("pm_reverse", 8) == 3 >= cubes("pm_front", 8)
    assert cubes("ol_reverse", 8) == 3
    assert MATS["ol_reverse"]["round_start"][0]["condition"] == {"standing_at_least": 11}
    assert dl.provenance(MATS["pm_reverse"], "cube_income")["status"] == "reconstructed"


def test_board():
    assert BOARD["government_mp_tracker"]["start"] == {"A": 330, "M": 270, "P": 60}  # L406
    assert (BOARD["bill_slots"]["vote_adjustment_min"], BOARD["bill_slots"]["vote_adjustment_max"]) == (-80, 100)
    assert BOARD["round_setup_vp"]["government"] == 4 and BOARD["round_setup_vp"]["pact"] == 6  # PM-A19
    assert BOARD["favour_tracker"]["start"] == 1 and BOARD["favour_tracker"]["max"] >= 6  # L1662 Favour 6
    br = BOARD["bill_resolution"]
    assert (br["agreement_opposition_vp"], br["fail_opposition_vp"], br["withdraw_opposition_vp"]) == (5, 3, 2)


# ------------------------------------------------------------------------------------------------ bills
@pytest.mark.parametrize("name,deck,icon,adj,vp,line", [
    ("Elementary Education Act", "cross_party", "M", 0, 3, "L1327"),
    ("Public Health Act", "cross_party", "M", 40, 3, "L1337"),
    ("Interpretation Act", "cross_party", "A", -30, 2, "L1337"),
    ("Copyright Act", "cross_party", "A", 30, 2, "L1337"),
    ("Tramways Act", "cross_party", "M", 30, 3, "L1512"),
    ("Lunacy Act", "cross_party", "M", 50, 3, "L1512"),
    ("Food and Drugs Act", "cross_party", "M", 50, 3, "L1512"),
    ("Ground Game Act", "cross_party", "M", 20, 3, "L1600"),
    ("Poor Law (Scotland) Act", "cross_party", "M", 10, 3, "L1600"),
    ("Crofter's Holdings (Scotland) Act", "cross_party", "M", 10, 3, "L1600"),
    ("Parliamentary Elections Act", "cross_party", "M", 10, 3, "L825"),
    ("British North America Act", "cross_party", "A", 0, 2, "L1706"),
    ("Cruelty to Animals Act", "cross_party", "A", 10, 2, "L1706"),
    ("Universities Tests Act", "liberal", "A", -30, 4, "L1327"),
    ("Representation of the People Act", "liberal", "P", 0, 6, "L1327"),
    ("Married Women's Property Act", "liberal", "P", 20, 5, "L827"),
    ("Penal Servitude Act", "liberal", "A", -30, 4, "L1706"),
])
def test_printed_bills(name, deck, icon, adj, vp, line):
    b = bill_by_name(name)
    assert (b["deck"], b["icon"], b["adjustment"], b["vp"]) == (deck, icon, adj, vp)
    assert line in dl.provenance(b, "adjustment")["source"]


@pytest.mark.parametrize("name,icon,adj,line", [
    ("Telegraph Act", "M", 20, "L595"), ("Licensing Act", "A", 10, "L1323"), ("Ballot Act", "A", -30, "L1323"),
    ("Official Secrets Act", "P", 0, "L595"), ("Chimney Sweepers Act", "A", -20, "L595"),
    ("Police (Scotland) Act", "A", 0, "L1774"), ("Parliamentary Papers Act", "A", -30, "L1774"),
    ("Vaccination Act", "A", -10, "L1774"),
])
def test_partly_printed_bills(name, icon, adj, line):
    b = bill_by_name(name)
    assert (b["icon"], b["adjustment"]) == (icon, adj)
    assert dl.provenance(b, "icon") == {"status": "printed", "source": line}


def S(sector, steps, party="own"):
    return {"op": "sector", "sector": sector, "steps": steps, "party": party}


def test_printed_bill_effects():
    assert bill_by_name("Elementary Education Act")["effects"] == [S("Middle Class", 2)]  # L1343
    assert bill_by_name("Elementary Education Act")["personal"] == [
        {"op": "favour", "who": "self", "amount": 1}, {"op": "draw_supporters", "draw": 2, "keep": 1}]  # L1327
    assert bill_by_name("Public Health Act")["effects"] == [S("Middle Class", 1)]  # L1341
    assert bill_by_name("Public Health Act")["personal"] == [{"op": "draw_supporters", "draw": 1, "keep": 1}]
    assert bill_by_name("Copyright Act")["personal"] == [] and bill_by_name("Copyright Act")["effects"] == []  # PM-A73
    assert bill_by_name("Lunacy Act")["effects"] == [] and bill_by_name("Lunacy Act")["personal"][0]["draw"] == 2
    assert bill_by_name("Tramways Act")["effects"] == [S("Middle Class", 1), S("Workers", 1)]  # L1590
    assert bill_by_name("Food and Drugs Act")["effects"] == [S("Gentry", 1), S("Middle Class", 1)]  # L1537
    assert bill_by_name("Crofter's Holdings (Scotland) Act")["effects"] == [S("Farmers", 2), S("Scotland", 2)]
    assert bill_by_name("Poor Law (Scotland) Act")["effects"] == [S("Scotland", 1), S("Workers", 2)]  # PM-A75
    assert bill_by_name("Parliamentary Elections Act")["personal"] == [{"op": "favour", "who": "self", "amount": 1}]
    assert bill_by_name("British North America Act")["personal"] == [{"op": "draw_supporters", "draw": 1, "keep": 1}]
    assert bill_by_name("Irish Coercion Act")["effects"] == [
        S("Ireland", 1, "liberal"), S("Ireland", -1, "conservative"), S("Liberals", -1, "conservative")]  # L373
    assert bill_by_name("Irish Coercion Act")["vp"] == 5 and bill_by_name("Party Processions Act")["vp"] == 6
    assert bill_by_name("Government of Ireland Act")["vp"] == 7  # L1202
    imp = bill_by_name("Importation Act")  # L1105 reversed (PM-A79)
    assert imp["deck"] == "liberal" and imp["icon"] != "M"
    assert imp["effects"] == [S("Farmers", -3, "liberal"), S("Workers", 1, "liberal"), S("Farmers", 2, "conservative")]
    rpa = bill_by_name("Representation of the People Act")
    assert rpa["effects"] == [S("Gentry", 1, "conservative"), S("Conservatives", -1, "liberal")]


def test_scenario_named_bills_are_in_their_decks():
    for name in ("Offences Against the Person Act", "Vagrancy Act", "Irish Coercion Act", "Royal Titles Act",
                 "Treason Act", "Party Processions Act"):
        assert bill_by_name(name)["deck"] == "conservative"
    for name in ("Irish Church Act", "Purchase of Land (Ireland) Act", "Government of Ireland Act",
                 "Importation Act", "Representation of the People Act"):
        assert bill_by_name(name)["deck"] == "liberal"
    assert bill_by_name("Windsor Castle Act")["deck"] == "cross_party"


def test_bill_deck_shape():
    names = [b["name"] for b in BILLS.values()]
    assert len(set(names)) == 76
    for b in BILLS.values():
        if b["icon"] == "M":
            assert b["deck"] == "cross_party" and b["vp"] == 3
        if b["deck"] == "cross_party" and b["icon"] == "A":
            assert b["vp"] == 2
    cp = [b for b in BILLS.values() if b["deck"] == "cross_party"]
    assert 15 <= sum(b["icon"] == "A" for b in cp) <= 25  # both kinds common (L1321, L1435)
    for deck in ("liberal", "conservative"):
        party = [b for b in BILLS.values() if b["deck"] == deck]
        assert {b["icon"] for b in party} == {"A", "P"}
        avg_a = sum(b["vp"] for b in party if b["icon"] == "A") / sum(b["icon"] == "A" for b in party)
        avg_p = sum(b["vp"] for b in party if b["icon"] == "P") / sum(b["icon"] == "P" for b in party)
        assert avg_p > avg_a  # P bills are harder to pass and worth more
    gentry = [b for b in BILLS.values() if b["deck"] == "liberal"
              and any(e["sector"] == "Gentry" and e["steps"] < 0 and e["party"] == "liberal" for e in b["effects"])]
    assert len(gentry) >= 8  # 'Liberal Bills tend to upset the Gentry' (L1533)


# ------------------------------------------------------------------------------------------------ supporters
def test_printed_supporters():
    oc = sup_by_name("Daniel O'Connell")  # L375
    assert oc["options"][0]["effects"] == [S("Ireland", 2), S("Conservatives", -1)]
    assert oc["options"][1]["effects"] == [S("Ireland", -1, "any")]
    sh = sup_by_name("Mary Shelley")  # L1417
    assert sh["options"][0]["effects"] == [S("Liberals", -1, "any")]
    assert sh["options"][1]["effects"] == [S("Liberals", 2), S("Middle Class", -1)]
    dev = sup_by_name("Duke of Devonshire")  # L1453
    assert dev["options"][0]["effects"] == [S("Conservatives", 2), S("Ireland", -1)]
    assert dev["options"][1]["effects"] == [{"op": "standing", "who": "any", "amount": -1}]
    assert sup_by_name("John Bright")["options"][0]["effects"][0]["amount"] == 20  # L1459
    assert sup_by_name("John Bright")["options"][0]["effects"][1] == S("Farmers", -1)
    assert sup_by_name("Duke of Wellington")["options"][1]["effects"] == [
        {"op": "standing", "who": "self", "amount": 1}]
    assert sup_by_name("Prince of Wales")["options"][0]["effects"] == [
        {"op": "influence", "mps": 10, "direction": "either"}]
    jb = sup_by_name("John Brown")["options"][1]["effects"]  # L1652
    assert jb == [{"op": "favour", "who": "self", "amount": 2}, {"op": "standing", "who": "self", "amount": -1}]
    assert sup_by_name("Sarah Forbes Bonetta")["options"][1]["effects"][0]["amount"] == -2  # L1584
    mill = sup_by_name("John Stuart Mill")["options"][0]["effects"]  # L1758
    assert mill[0]["amount"] == 20 and mill[1] == S("Conservatives", -1)
    assert sup_by_name("Earl Grey")["options"][0]["effects"][0]["amount"] == 10  # L1724
    cw = CAR["chief_whip_opp"]["effects"][0]  # L1712
    assert cw["cost"] == 2 and cw["effects"][0]["amount"] == -30


def test_every_supporter_named_in_the_rulebook():
    names = {s["name"] for s in SUP.values()}
    for n in ("Daniel O'Connell", "Mary Shelley", "Duke of Wellington", "Duke of Devonshire", "John Bright",
              "Prince of Wales", "Sarah Forbes Bonetta", "Prince Albert", "Earl Grey", "William Booth",
              "Charles Dickens", "Cardinal Newman", "W.M. Thackeray", "Oscar Wilde", "Lord Alfred Tennyson",
              "Duke of York", "Thomas Carlyle", "David Livingstone", "Duke of Argyll", "Princess Helena",
              "Emmeline Pankhurst", "John Brown", "Florence Nightingale", "John Stuart Mill", "Earl of Malmesbury",
              "Earl of Iddesleigh", "Lord George Bentinck", "C.P. Scott", "Duke of Westminster", "Princess of Wales",
              "Isambard Kingdom Brunel", "Charles Darwin", "William Howley", "Sir Dadabhai Naoroji"):
        assert n in names, n
    assert len(names) == 34


def test_level2_supporter_options_carry_a_tradeoff():
    """'whenever a Supporter offers you the equivalent of a Level 2 Politician Action ... a negative tradeoff'
    (L1461)."""
    for s in SUP.values():
        for o in s["options"]:
            effs = o["effects"]
            level2 = any((e["op"] == "sector" and e["steps"] >= 2) or (e["op"] == "votes" and abs(e["amount"]) >= 20)
                         or (e["op"] == "favour" and e["amount"] >= 2) or (e["op"] == "influence" and e["mps"] >= 20)
                         for e in effs)
            if level2:
                assert any(e.get("amount", e.get("steps", 0)) < 0 for e in effs), (s["name"], o["label"])
    # only Devonshire lowers another player's Standing (L1451)
    lower = [s["name"] for s in SUP.values() for o in s["options"] for e in o["effects"]
             if e["op"] == "standing" and e["who"] == "any"]
    assert lower == ["Duke of Devonshire"]


# ------------------------------------------------------------------------------------------------ events
def test_printed_events():
    pw = ev_by_name("Prince of Wales Caught in Scandal")  # L1379
    assert [(o["label"], o["cost"]) for o in pw["options"]] == [("Ignore", 0), ("Advise Her Majesty", 1),
                                                               ("Shift Blame", 1)]
    assert pw["options"][0]["effects"] == [S("Middle Class", -1), {"op": "favour", "who": "self", "amount": -1}]
    am = ev_by_name("Americans Seize British Ship")  # L1467
    assert [(o["cost"], o["effects"]) for o in am["options"]] == [
        (0, [{"op": "standing", "who": "self", "amount": -1}]), (1, []),
        (2, [{"op": "standing", "who": "self", "amount": 1}])]
    ger = ev_by_name("German Army Overruns Neighbour")  # L1588
    assert ger["options"][2]["cost"] == 2
    assert ger["options"][2]["effects"] == [{"op": "standing", "who": "self", "amount": 1}]
    wife = ev_by_name("Your Wife Is Divorcing You")  # L1638
    assert wife["options"][0]["effects"] == [{"op": "standing", "who": "self", "amount": -1},
                                             {"op": "favour", "who": "self", "amount": -1}]
    assert wife["options"][2] == {"label": "Reconcile", "cost": 2, "effects": []}
    assert ev_by_name("Queen's Birthday")["options"][1] == {"label": "Send his Regards", "cost": 1,
                                                            "effects": [{"op": "favour", "who": "self", "amount": 1}]}
    assert ev_by_name("Coal Mine Disaster")["options"][0]["effects"] == [S("Workers", -2)]  # L1762
    assert ev_by_name("Derby Day")["options"][0]["effects"] == [S("Gentry", -1)]  # L1782
    assert ev_by_name("Schism in the Church of Scotland")["options"][0]["effects"] == [S("Scotland", -1)]  # L1570
    assert ev_by_name("Stalemate in War Against Russia")["options"][0]["effects"] == [
        {"op": "standing", "who": "self", "amount": -1}]  # L1666
    assert ev_by_name("Unrest Among Tenant Farmers")["options"][0]["effects"] == [S("Farmers", -1)]  # L1720
    rail = ev_by_name("Rail Disaster in Ireland")  # L764
    assert [(o["label"], o["cost"]) for o in rail["options"]] == [
        ("Ignore", 0), ("Ask for a Moment of Silence", 1), ("Adopt Orphaned Child", 1)]
    for n in ("Famine in Ireland", "Cholera Outbreak in London", "Rioting in the East End", "Flooding in Midlands",
              "Coal Miners Go on Strike", "Attempt on Her Majesty's Life", "Crop Failure"):
        assert ev_by_name(n)["kind"] == "action"
    riots = ev_by_name("Rioting in the East End")  # L1138: a positive effect for two cubes
    assert any(o["cost"] == 2 and any(e.get("amount", e.get("steps", 0)) > 0 for e in o["effects"])
               for o in riots["options"])


def _badness(effects):
    """Total size of the negative parts of an effect list (Votes counted per 10)."""
    bad = 0
    for e in effects:
        size = e.get("steps", e.get("amount", 0))
        if e["op"] == "votes":
            size //= 10
        if e["op"] == "influence":
            size = -1  # a forced MP shift is treated as a cost
        bad += -size if size < 0 else 0
    return bad


def test_event_options_follow_the_card_pattern():
    """'The first option is always to do nothing, which costs no Action Cube but presents one or more negative
    effects. The other options cost the PM one or two Action Cubes ... but present more favorable results.' (L762)"""
    for e in EV.values():
        if e["kind"] != "action":
            continue
        ignore, paid = e["options"][0], e["options"][1:]
        assert ignore["cost"] == 0 and _badness(ignore["effects"]) > 0, e["name"]
        for o in paid:
            assert o["cost"] in (1, 2) and _badness(o["effects"]) <= _badness(ignore["effects"]), (
                e["name"], o["label"])
    names = [e["name"] for e in EV.values() if e["kind"] == "action"]
    assert len(set(names)) == 32


def test_by_elections():
    bys = [e for e in EV.values() if e["kind"] == "by_election"]
    variants = [b["variant"] for b in bys]
    assert variants.count("pm_minus_1") >= 2 and variants.count("ol_plus_1") >= 1  # Scenario 1, L1015
    for b in bys:
        assert {"op": "vp", "who": "opposition", "amount": 1} in b["on_loss"]  # L773
    assert Fraction(len(bys), len(EV)) == Fraction(1, 5)  # 'an average 20% chance' (L1614)


# ------------------------------------------------------------------------------------------------ uncertainty
def test_uncertainty_vote_odds():
    votes = [u["vote"] for u in UNC]
    def odds(projected):
        return Fraction(sum(projected + v >= 330 for v in votes), 18)
    assert (odds(320), odds(330), odds(340)) == (Fraction(1, 6), Fraction(1, 2), Fraction(5, 6))  # L806-807
    assert odds(310) == 0 and odds(350) == 1  # L798, L804
    assert min(votes) == -11 and max(votes) == 10  # L802
    assert sum(v < 0 for v in votes) == 9  # 'exactly half ... negative' (L1397)
    assert sum(abs(v) <= 4 for v in votes) >= 8  # most near zero (L963)
    assert {-1, 0, 10} <= set(votes)  # L1399, L1666, L1764


def test_uncertainty_election_and_royal_interference():
    el = [u["election"] for u in UNC]
    assert min(el) >= -12 and max(el) <= 12 and {-12, 12} <= set(el)  # L963, L1475 (282..306 from 294)
    assert {-9, 0, -6} <= set(el)  # L1496, L1676, L1766
    assert sum(e >= 4 for e in el) == 4 and sum(e > 4 for e in el) == 3  # L1668, L1674
    assert sum(abs(e) <= 3 for e in el) >= 9  # most near zero
    ri = [u for u in UNC if u["royal_interference"] is not None]
    assert Fraction(len(ri), 18) == Fraction(1, 3)  # L918
    mins = [u["royal_interference"] for u in ri]
    assert min(mins) == 311 and max(mins) == 323  # L918, L1676
    # Derby at 325 projected seats, Queen's favourite (L1668): wins with >= +4 or any RI card he qualifies for
    derby = [u for u in UNC if 325 + u["election"] >= 329 or
             (u["royal_interference"] is not None and 325 + u["election"] >= u["royal_interference"])]
    assert len(derby) == 10 and round(len(derby) / 18 * 100) == 56
    assert round(sum(325 + u["election"] > 329 for u in UNC) / 18 * 100) == 17  # L1674
    u01 = next(u for u in UNC if u["id"] == "U01")
    assert (u01["vote"], u01["election"], u01["royal_interference"]) == (-1, 0, 318)  # L1399, L1676


# ------------------------------------------------------------------------------------------------ election table
def test_election_table_printed_points():
    assert TABLE[0] == 329  # L893
    for lead, seats in {2: 333, 3: 333, 9: 340, 15: 355, 18: 364, 22: 375, 32: 416}.items():
        assert TABLE[lead] == seats, lead
    assert 658 - TABLE[15] == 303 and 658 - TABLE[18] == 294 and 658 - TABLE[22] == 283 and 658 - TABLE[32] == 242
    assert 40 in TABLE and 43 in TABLE  # L319
    seats = [TABLE[i] for i in sorted(TABLE)]
    assert all(a <= b for a, b in zip(seats, seats[1:]))
    # growth: average increment per point grows across the printed anchors (L323, L1612)
    assert ((TABLE[9] - TABLE[2]) / 7 < (TABLE[22] - TABLE[15]) / 7 < (TABLE[32] - TABLE[22]) / 10
            < (TABLE[43] - TABLE[32]) / 11)
    for e in DOCS["election_projections"]["entries"]:
        assert e["trailer_seats"] == 658 - e["leader_seats"]
    assert dl.seats_for_lead(15) == 355 and dl.seats_for_lead(-18) == 364
    assert dl.seats_for_lead(500) == TABLE[max(TABLE)]


def round10(x):
    return (x + 5) // 10 * 10


def test_election_examples():
    assert 658 - TABLE[18] - 9 == 285 and round10(285) == 290  # L1496, L1502
    assert round10(658 - TABLE[22]) < 290  # a lead of 22 loses a By-Election for a 290-MP Government (L1592, L1616)
    assert round10(658 - TABLE[2]) == 330  # R2 By-Election won at 325 (L1427)
    assert TABLE[9] - 6 == 334  # L1766
    assert 658 - TABLE[3] == 325  # Derby's 325 (L1668, L1792)


# ------------------------------------------------------------------------------------------------ sectors
class Tracks:
    """Minimal Sector bookkeeping to replay printed moves (steps clamp at the track ends, L364)."""

    def __init__(self, overrides=None):
        self.pos = {p: {s: SEC[s]["start"][p] for s in SEC} for p in ("liberal", "conservative")}
        for party, moves in (overrides or {}).items():
            self.pos[party].update(moves)

    def move(self, party, sector, steps):
        track = SEC[sector]["positions"]
        i = track.index(self.pos[party][sector])
        j = max(0, min(len(track) - 1, i + steps))
        before = self.pos[party][sector]
        self.pos[party][sector] = track[j]
        return track[j] - before

    def lead(self, party="liberal"):
        other = "conservative" if party == "liberal" else "liberal"
        return sum(self.pos[party].values()) - sum(self.pos[other].values())

    def partisan(self, party):
        return sum(dl.partisan_points(SEC[s], party, self.pos[party][s]) for s in SEC)


def test_sector_printed_shapes():
    assert [e["name"] for e in DOCS["sectors"]["entries"]] == dl.SECTORS  # L293
    g = SEC["Gentry"]["positions"]
    i = g.index(13)
    assert g[i + 1] - 13 == 3 and 13 - g[i - 1] == 2  # L297
    w = SEC["Workers"]
    assert w["positions"][-1] - w["positions"][0] <= 11 and w["positions"][-1] == 11  # L301
    assert max(w["partisan"]["liberal"]) == 70 and max(w["partisan"]["conservative"]) == 0  # L301
    lib = SEC["Liberals"]
    assert [lib["partisan"]["liberal"][lib["positions"].index(p)] for p in (6, 17, 20)] == [60, 170, 200]
    assert SEC["Conservatives"]["partisan"]["conservative"][SEC["Conservatives"]["positions"].index(6)] == 60  # L1502
    partisan = SEC["Middle Class"]["partisan"]
    assert all(x == 0 for x in partisan["liberal"] + partisan["conservative"])
    t = Tracks()
    assert t.lead() == 0 and t.partisan("liberal") == 60  # L404, L406


def test_sector_printed_moves():
    t = Tracks()
    assert t.move("liberal", "Liberals", 2) == 5  # 6 -> 11 (L1449)
    assert t.move("liberal", "Liberals", 3) == 9 and t.pos["liberal"]["Liberals"] == 20  # maxing out (L1469)
    assert t.move("liberal", "Liberals", 1) == 0
    assert t.move("conservative", "Liberals", -1) == 0  # 'no support' (L1423)
    assert t.move("liberal", "Middle Class", -1) == -2 and t.move("liberal", "Middle Class", -1) == 0  # L1381, L1419
    assert t.move("conservative", "Conservatives", 2) == 5  # Carlyle 6 -> 11 (L1628)
    assert t.move("conservative", "Conservatives", 1) == 3  # Malmesbury 11 -> 14 (L1654)
    assert t.move("liberal", "Conservatives", 1) == 2  # Malmesbury for Rosebery (L1952)
    assert t.move("conservative", "Scotland", -1) == -1  # second lowest step (L1570)
    assert t.move("liberal", "Scotland", 1) == 1  # L1560


def test_example_of_play_leads_and_partisan_points():
    """Replay every Popularity move of the Example of Play (Rounds 1-13) and check the printed leads/Partisan MPs."""
    t = Tracks()
    L, C = "liberal", "conservative"
    t.move(L, "Middle Class", -1)                        # R1 Prince of Wales ignored (L1381)
    assert t.lead(C) == 2 and TABLE[2] == 333
    t.move(L, "Liberals", 2); t.move(L, "Middle Class", -1)  # R3 Shelley (L1449)
    assert t.lead(L) == 3
    t.move(L, "Liberals", 3); t.move(L, "Workers", 1); t.move(L, "Ireland", 1); t.move(C, "Middle Class", -1)  # L1469
    assert t.lead(L) == 18 and 658 - TABLE[18] == 294  # L1471
    assert t.partisan(C) == 60  # L1502 after the R3 Election
    t.move(L, "Gentry", 2)                               # R4 Russell (L1533)
    t.move(C, "Gentry", 1); t.move(C, "Middle Class", 1)  # Food and Drugs (L1537)
    t.move(L, "Scotland", 1); t.move(L, "Gentry", 1); t.move(C, "Scotland", -1)  # R5 (L1560, L1568, L1570)
    t.move(L, "Scotland", 1); t.move(L, "Gentry", 1)     # R6 (L1582, L1584)
    t.move(C, "Middle Class", 1); t.move(C, "Workers", 1)  # Tramways (L1590)
    assert t.lead(L) == 22 and TABLE[22] == 375          # L1592
    t.move(L, "Scotland", 2)                             # R7 Rosebery maxes Scotland (L1606)
    assert t.pos[L]["Scotland"] == SEC["Scotland"]["positions"][-1]
    t.move(L, "Ireland", 2); t.move(L, "Conservatives", -1); t.move(L, "Gentry", 1)  # O'Connell, Campaign (L1612)
    assert t.lead(L) == 32 and TABLE[32] == 416          # L1612
    t.move(C, "Gentry", 1); t.move(L, "Liberals", -1)    # Tennyson, Thackeray (L1618)
    t.move(C, "Scotland", 1); t.move(C, "Workers", 2)    # Poor Law (PM-A75)
    t.move(C, "Conservatives", 2); t.move(C, "Liberals", -1); t.move(C, "Scotland", 1)  # R8 Carlyle, Livingstone
    t.move(L, "Liberals", 1); t.move(L, "Gentry", 1); t.move(L, "Gentry", 1)  # L1630, L1634 (Gentry maxed)
    assert t.pos[L]["Gentry"] == 16
    t.move(L, "Liberals", -1)                            # Pankhurst (L1642)
    assert t.move(C, "Farmers", 2) == 4 and t.move(C, "Workers", 1) == 2  # Ground Game (L1642)
    assert t.pos[C]["Workers"] == 11                     # 'maxed out in the Workers Sector'
    t.move(C, "Middle Class", 1); t.move(C, "Conservatives", 1)  # R9 Nightingale, Malmesbury (L1654)
    assert t.move(L, "Farmers", 1) == 2                  # Bentinck (L1660)
    assert t.move(C, "Farmers", 2) + t.move(C, "Scotland", 2) == 8  # Crofter's (L1666)
    assert t.pos[L]["Scotland"] == t.pos[C]["Scotland"] == 9  # 'both parties now maxed out'
    assert t.lead(L) == 3 and TABLE[t.lead(L)] == 333 and 658 - TABLE[3] == 325  # L1668 (lead 2 printed, PM-A75)
    assert t.partisan(L) == 240                          # L1687: 50 + 170 + 20
    assert t.move(L, "Farmers", -1) == -2 and t.move(L, "Farmers", -1) == 0  # R10 Unrest, Cruelty (L1720)
    assert t.lead(L) == 1                                # printed 'tied' (PM-A75: true lead Liberals +1)
    assert t.move(C, "Conservatives", -1) == -3          # R11 Mill (L1758)
    assert t.move(L, "Workers", -2) == -4                # Coal Mine Disaster (L1762)
    t.move(L, "Workers", 1)                              # R12 Livingstone (L1944)
    assert t.move(C, "Conservatives", -2) == -5          # Brunel doubled (L1946)
    assert t.move(C, "Gentry", 4) == 9                   # Peel 7 -> 16 (L1948)
    assert t.move(L, "Farmers", -1) == 0                 # Crop Failure negated (L1950)
    assert t.move(L, "Liberals", 1) == 3 and t.move(L, "Middle Class", -1) == 0  # Darwin (L1952)
    assert t.move(C, "Gentry", -1) == -3 and t.move(L, "Conservatives", 1) == 2  # Howley, Malmesbury
    assert t.move(L, "Ireland", 1) == 3 and t.pos[L]["Ireland"] == SEC["Ireland"]["positions"][-1]  # Wilde
    assert t.lead(L) == 9 and TABLE[9] - 6 == 334        # L1766 (lead 8 printed, PM-A75)
    assert t.partisan(L) == 250                          # L1766: 200 + 50
    assert t.move(L, "Liberals", -2) == -6               # R13 Shelley doubled (L1778)
    t.move(L, "Gentry", -1); t.move(L, "Gentry", 1)      # Derby Day, Helena (L1782)
    assert t.lead(L) == 3 and TABLE[3] == 333            # L1792


def test_scenario_leads_match_sector_data():
    for sc in DOCS["scenarios"]["entries"]:
        if "projection" not in sc:
            continue
        t = Tracks(sc["sector_positions"])
        for party, moves in sc["sector_positions"].items():
            for s, p in moves.items():
                assert p in SEC[s]["positions"], (sc["id"], s, p)
        assert t.lead(sc["projection"]["leader"]) == sc["projection"]["lead"], sc["id"]  # L1011, L1036


# ------------------------------------------------------------------------------------------ careers, debate, scenarios
def active(cid, standing, favour):
    rq = CAR[cid]["requirements"]
    return standing >= rq["standing_min"] and favour >= rq["favour_min"]


def test_career_thresholds_fit_the_example():
    assert active("privy_counsellor_gov", 1, 1) and not active("privy_counsellor_gov", 0, 1)  # L1357
    assert active("privy_counsellor_opp", 3, 1) and active("privy_counsellor_opp", 1, 1)  # L1488, L1756
    assert not active("privy_counsellor_opp", 0, 1)  # L1730
    assert not active("campaign_chairman_gov", 4, 3) and active("campaign_chairman_gov", 5, 3)  # L1554
    assert not active("campaign_chairman_opp", 5, 1) and active("campaign_chairman_opp", 5, 2)  # L1556
    assert not active("campaign_chairman_opp", 3, 2)  # Peel at L1455 activates only Chief Whip
    assert active("chief_whip_opp", 3, 2) and not active("chief_whip_opp", 2, 2)  # L1455
    assert active("chief_whip_gov", 3, 3)  # L1488
    assert CAR["chief_whip_gov"]["requirements"]["favour_min"] > CAR["chief_whip_opp"]["requirements"]["favour_min"]
    # Russell L1685
    assert not any(active(c, 3, 0) for c in CAR if CAR[c]["side"] == "government" and c != "privy_counsellor_gov")
    assert not active("deputy_pm", 8, 4) and active("deputy_pm", 8, 5)  # L1628, L1632
    assert not active("deputy_party_leader", 8, 3) and active("deputy_party_leader", 8, 4)  # L1544, L1606
    assert CAR["deputy_party_leader"]["effects"][0]["effects"] == [{"op": "draw_supporters", "draw": 1, "keep": 1}]
    cc = CAR["campaign_chairman_opp"]["effects"]  # L1558-1560
    assert [(g["cost"], g["effects"][0]["sector"]) for g in cc] == [(1, "politician"), (2, "any")]
    for side in ("government", "opposition"):
        assert sorted(c["requirements"]["ability"] or "-" for c in CAR.values() if c["side"] == side) == \
            ["-", "campaign", "flatter", "influence"]


def test_debate_cards():
    gov, opp = DEB["debate_gov_backbencher"], DEB["debate_opp_backbencher"]
    assert gov["sides"]["pact"]["target_max"] == 340 and gov["sides"]["no_pact"]["target_max"] == 350  # L659
    assert opp["sides"]["no_pact"]["direction"] == "down" and opp["sides"]["no_pact"]["target_min"] == 290
    assert opp["sides"]["pact"] == gov["sides"]["pact"]  # L1535
    reward = opp["sides"]["no_pact"]["reward"][0]["options"]  # L1401, L1473
    assert reward == [[{"op": "standing", "who": "self", "amount": 1}], [{"op": "favour", "who": "self", "amount": 1}],
                      [{"op": "vp", "who": "self", "amount": 2}]]
    assert gov["sides"]["pact"]["penalty"][0]["options"] == [[{"op": "standing", "who": "self", "amount": -1}],
                                                             [{"op": "favour", "who": "self", "amount": -1}]]
    ol = DEB["debate_opposition_leader"]  # 'grants only VP bonuses' (L714)
    for s in ol["sides"].values():
        assert all(e["op"] == "vp" and 2 <= e["amount"] <= 3 for e in s["reward"]) and s["penalty"] == []


def test_scenarios():
    sc = {s["number"]: s for s in DOCS["scenarios"]["entries"]}
    s1 = sc[1]
    assert [(p["politician"], p["role"], p["vp"], p["standing"], p["favour"]) for p in s1["players"]] == [
        ("P07", "pm", 74, 10, 1), ("P02", "opposition_leader", 62, 7, 5), ("P10", "government_backbencher", 71, 8, 5),
        ("P01", "opposition_backbencher", 80, 3, 3)]  # L1004-1007
    assert s1["government_mps"] == {"A": 360, "M": 40, "P": 320} and s1["max_rounds"] == 8
    assert [BILLS[b]["name"] for b in s1["bills_on_board"]] == ["Offences Against the Person Act", "Vagrancy Act",
                                                                "Irish Coercion Act"]
    deck = [EV[e] for e in s1["event_deck"]]
    assert len(deck) == 9 and [e["variant"] for e in deck if e["kind"] == "by_election"].count("pm_minus_1") == 2
    assert sc[2]["government_mps"] == {"A": 370, "M": 300, "P": 70} and sc[2]["projection"]["lead"] == 26
    assert sc[3]["government_mps"] == {"A": 320, "M": 280, "P": 40} and sc[3]["queens_bill_vp"] == 10
    assert sc[4]["conservative_importation"] == {"icon": "M", "adjustment": 40, "reverse_parties": True}
    assert sc[6]["government_mps"] == {"A": 290, "M": 240, "P": 50}
    assert sc[7]["irish_coercion_adjustment"] == 100 and sc[7]["removed_supporters"] == ["S04"]
