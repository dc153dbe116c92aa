"""Prime Minister rules engine: the Example of Play (L1285-1952) replayed through stacked decks, Rounds 1-13, and the
negotiated steps, permissions, Resignation, Father of the House and hold limit on the Example's table.

Line numbers ``Lnnn`` refer to ``shared/rules/prime_minister.txt``; ``PM-Ann`` to ``shared/rules/notes/AMBIGUITIES.md``.
"""
from __future__ import annotations

from hustings.prime_minister import rules as R
from hustings.prime_minister.rules import NO, PrimeMinisterGame
from test_prime_minister_rules import BY_NAME, EV_BY, SUP_BY, act, legal_names


# ==============================================================================================================
# the Example of Play (L1285-1952), Rounds 1-6, through stacked decks
# ==============================================================================================================
ROSEBERY, PEEL, DERBY, RUSSELL = 0, 1, 2, 3
FILLERS = ["Bank Charter Act", "Limited Liability Act", "Bank Holidays Act", "Weights and Measures Act",
           "Highway Act"]
FILLERS_7 = ["Artisans' Dwellings Act", "Agricultural Holdings Act", "Education (Scotland) Act",
             "Prevention of Cruelty to Children Act", "Births and Deaths Registration Act", "Statute Law Revision Act"]


def example_state():
    deal = {
        "politicians": ["P03", "P10", "P07", "P02"],  # L1293
        "cross_party": [BY_NAME[x] for x in [
            "Elementary Education Act", "Licensing Act",  # Rosebery, Round 1 (L1325)
            "Public Health Act", "Interpretation Act", "Copyright Act",  # Russell, Round 1 (L1339)
            "Food and Drugs Act", FILLERS[0],  # Russell, Round 4 (L1512)
            FILLERS[1], FILLERS[2],  # Rosebery, Round 4 (L1510)
            "Lunacy Act", FILLERS[3],  # Peel, Round 4
            "Tramways Act", FILLERS[4], "Merchant Shipping Act",  # Derby, Round 4
            FILLERS_7[0], FILLERS_7[1], FILLERS_7[2], FILLERS_7[3],  # Russell, Rosebery, Round 7
            "Crofter's Holdings (Scotland) Act", FILLERS_7[4],  # Peel, Round 7 (L1598)
            "Ground Game Act", "Poor Law (Scotland) Act", FILLERS_7[5],  # Derby, Round 7
            "Cruelty to Animals Act", "Windsor Castle Act",  # Derby, Round 10 (L1702)
            "British North America Act", "Chimney Sweepers Act",  # Peel: two "A" bills
            "Factory Act", "Mines Act",  # Russell: a Moderate bill
            "Telegraph Act", "Railway Regulation Act", "Municipal Corporations Act", "Public Libraries Act",
            "Vaccination Act", "Metropolis Management Act",  # Peel, Derby, Russell, Round 13 (L1772)
            "Parliamentary Papers Act", "Matrimonial Causes Act",  # Rosebery, Round 13
        ]],
        "liberal": [BY_NAME[x] for x in ["Ballot Act", "Universities Tests Act",  # Derby, Round 1 (L1325)
                                          "Representation of the People Act", "Married Women's Property Act",
                                          "Penal Servitude Act", "Trade Union Act", "Endowed Schools Act",  # R10
                                          "Police (Scotland) Act"]],  # Round 13
        "supporters": [SUP_BY[x] for x in [
            "Mary Shelley", "William Booth", "Charles Dickens", "Cardinal Newman",  # Round 2
            "Duke of Wellington", "Duke of Devonshire", "John Bright",  # Round 3
            "Prince of Wales", "W.M. Thackeray", "Oscar Wilde",  # Round 5
            "Sarah Forbes Bonetta",  # Round 6
            "Daniel O'Connell", "Lord Alfred Tennyson",  # Round 7
            "Duke of York", "Thomas Carlyle", "David Livingstone", "Duke of Argyll", "Princess Helena",
            "Emmeline Pankhurst",  # Round 8
            "John Brown", "Florence Nightingale", "John Stuart Mill", "Earl of Malmesbury", "Earl of Iddesleigh",
            "Lord George Bentinck", "C.P. Scott", "Duke of Westminster",  # Round 9
            "Princess of Wales", "Prince Albert", "Isambard Kingdom Brunel", "Charles Darwin", "William Howley",
            "Sir Dadabhai Naoroji", "Earl Grey",  # Round 10: Earl Grey is the last card of the deck (L1724)
        ]],
        "events": [EV_BY["Prince of Wales Caught in Scandal"], "BY1", EV_BY["Americans Seize British Ship"],
                   EV_BY["Queen's Birthday"], EV_BY["Schism in the Church of Scotland"],
                   EV_BY["German Army Overruns Neighbour"], "BY2", EV_BY["Your Wife Is Divorcing You"],
                   EV_BY["Stalemate in War Against Russia"], EV_BY["Unrest Among Tenant Farmers"],
                   EV_BY["Coal Mine Disaster"], EV_BY["Crop Failure"], EV_BY["Derby Day"]],
        # Vote -1 (L1399), Election -9 (L1496), Vote 0 (L1676), Election 0 with Royal Interference >= 318 (L1676)
        # Vote +10 (L1760), Election -6 (L1766), Vote -1 (L1784), Election 0 with Royal Interference (L1792)
        "uncertainty": ["U01", "U07", "U10", "U01", "U02", "U12", "U01", "U01"],
    }
    return PrimeMinisterGame(4).new_initial_state(seed=0, deal=deal)


def example_after_round_1_bills():
    """The Example of Play once every player has chosen its Round 1 bills (next: Rosebery's "end turn")."""
    st = example_state()
    act(st, DERBY, "draw Party bill"); act(st, DERBY, "draw Party bill"); act(st, DERBY, "bill Universities Tests Act")
    act(st, PEEL, "draw Party bill"); act(st, PEEL, "draw Party bill")
    act(st, PEEL, "bill Representation of the People Act")
    act(st, ROSEBERY, "draw Cross-Party bill"); act(st, ROSEBERY, "draw Cross-Party bill")
    act(st, ROSEBERY, "bill Elementary Education Act")
    for _ in range(3):
        act(st, RUSSELL, "draw Cross-Party bill")
    for name in ("Public Health Act", "Elementary Education Act", "Copyright Act"):
        act(st, RUSSELL, "bill " + name)
    return st


def lib_lead(st):
    return -st.lead()


def test_example_of_play_rounds_1_to_6():
    st = example_state()
    rounds_1_to_6(st)


def rounds_1_to_6(st):
    assert [st.role[s] for s in range(4)] == ["gbb", "obb", "ol", "pm"]  # L1295
    assert st.cubes == [1, 1, 2, 3]  # L1319
    assert set(st.careers[ROSEBERY]) == {"privy_counsellor_gov", "campaign_chairman_gov", "deputy_pm"}  # L1303
    assert set(st.careers[PEEL]) == {"chief_whip_opp", "campaign_chairman_opp", "deputy_party_leader"}

    # ---- Round 1 --------------------------------------------------------------------------------------------
    act(st, DERBY, "draw Party bill"); act(st, DERBY, "draw Party bill"); act(st, DERBY, "bill Universities Tests Act")
    act(st, PEEL, "draw Party bill"); act(st, PEEL, "draw Party bill")
    act(st, PEEL, "bill Representation of the People Act")
    act(st, ROSEBERY, "draw Cross-Party bill"); act(st, ROSEBERY, "draw Cross-Party bill")
    act(st, ROSEBERY, "bill Elementary Education Act")
    for _ in range(3):
        act(st, RUSSELL, "draw Cross-Party bill")
    act(st, RUSSELL, "bill Public Health Act")
    assert st.projection(0) == 310  # L1341
    act(st, RUSSELL, "bill Elementary Education Act")
    act(st, RUSSELL, "bill Copyright Act")
    assert st.vp == [1, 1, 1, 1] and st.pact  # Rosebery's selection bonus, shared by the Pact (L1345)
    act(st, ROSEBERY, "play Debate Card"); act(st, ROSEBERY, "bill slot 1")
    assert st.bills[0]["adj"] == 50 and st.projection(0) == 320  # L1357
    act(st, ROSEBERY, "end turn")
    assert st.standing[ROSEBERY] == 1 and st.careers[ROSEBERY]["privy_counsellor_gov"] == 1  # L1357
    act(st, DERBY, "yes")  # Derby ends the Pact (L1369)
    assert not st.pact
    act(st, DERBY, "no")  # no mutual restart
    act(st, DERBY, "Backbencher first")
    act(st, PEEL, "play Debate Card"); act(st, PEEL, "bill slot 1")
    assert st.bills[0]["adj"] == 40  # L1373
    act(st, PEEL, "end turn")
    assert st.standing[PEEL] == 1
    for _ in range(2):
        act(st, DERBY, "debate level 2"); act(st, DERBY, "down"); act(st, DERBY, "bill slot 1")
    assert st.bills[0]["adj"] == 0 and st.projection(0) == 270  # L1375
    act(st, DERBY, "end turn")
    assert R.EVENT_LIST[st.event]["name"] == "Prince of Wales Caught in Scandal"
    act(st, RUSSELL, "option 1")  # Ignore (L1381)
    assert st.favour[RUSSELL] == 0 and st.lead() == 2  # Conservatives lead by 2 (L1381)
    assert st.projected(R.CON) == 333 and st.projected(R.LIB) == 325  # L1383
    act(st, RUSSELL, "no")  # no Pact proposal
    for _ in range(3):
        act(st, RUSSELL, "influence level 2"); act(st, RUSSELL, "to Moderate")
    assert st.mps == {"A": 330, "M": 330, "P": 0}  # L1385
    # PM-A72: the printed "M+40" of L1389 is a typo; the Public Health Act is M+0 = 330
    assert [st.projection(i) for i in range(3)] == [330, 330, 360] and st.bills[0]["adj"] == 0
    act(st, RUSSELL, "end turn")
    act(st, RUSSELL, "vote bill slot 1")  # Uncertainty -1: 329 fails (L1399)
    assert st.standing[RUSSELL] == 9 and st.standing[DERBY] == 7  # L1399
    assert st.vp[DERBY] == 4 and st.vp[PEEL] == 4 and st.vp[RUSSELL] == 1  # Opposition +3
    act(st, ROSEBERY, "option 1")  # -1 Standing (L1403)
    act(st, PEEL, "option 2")  # +1 Favour (L1403)
    assert st.standing[ROSEBERY] == 0 and st.favour[PEEL] == 2 and st.careers[ROSEBERY]["privy_counsellor_gov"] == 1
    # no Challenge is possible; two bills remain: no Election; Round 2 begins

    # ---- Round 2 --------------------------------------------------------------------------------------------
    assert st.round == 2 and st.vp[RUSSELL] == 5 and st.vp[DERBY] == 6  # L1411
    assert st.cubes == [1, 1, 2, 3]
    act(st, ROSEBERY, "hobnob level 1")
    assert [R.SUPPORTER_LIST[c]["name"] for c in st.hand[ROSEBERY]] == ["Mary Shelley"]
    act(st, ROSEBERY, "end turn")
    assert st.standing[ROSEBERY] == 1  # L1425
    act(st, DERBY, "no")
    act(st, DERBY, "Backbencher first")
    act(st, PEEL, "play Debate Card"); act(st, PEEL, "bill slot 1")
    assert st.projection(0) == 320  # L1427
    act(st, PEEL, "end turn")
    assert st.standing[PEEL] == 2
    for _ in range(2):
        act(st, DERBY, "debate level 2"); act(st, DERBY, "down"); act(st, DERBY, "bill slot 1")
    assert st.bills[0]["adj"] == -50 and st.projection(0) == 280  # L1427
    act(st, DERBY, "end turn")
    # the By-Election is won: 325 rounds to 330 = the Government's MPs (L1429)
    assert st.standing[RUSSELL] == 9 and st.vp[DERBY] == 6
    act(st, RUSSELL, "no")
    for _ in range(3):
        act(st, RUSSELL, "hobnob level 1")
    assert sorted(R.SUPPORTER_LIST[c]["name"] for c in st.hand[RUSSELL]) == [
        "Cardinal Newman", "Charles Dickens", "William Booth"]  # L1431
    act(st, RUSSELL, "end turn")
    act(st, RUSSELL, "vote bill slot 2")  # Copyright Act at 360 cannot fail (L1433)
    # 2 VP each side (7 / 8); PM-A73: no Favour. No Challenge, no Election: Round 3 setup follows at once
    assert st.favour[RUSSELL] == 0 and len(st.bills) == 1

    # ---- Round 3 --------------------------------------------------------------------------------------------
    assert st.round == 3 and st.vp[RUSSELL] == 11 and st.vp[DERBY] == 10  # "the Government pulls slightly ahead"
    act(st, ROSEBERY, "hobnob level 1")
    act(st, ROSEBERY, "play Duke of Wellington option 2")
    assert st.standing[ROSEBERY] == 2  # L1447
    act(st, ROSEBERY, "play Mary Shelley option 2")
    assert st.lead() == -3  # Liberals 6 -> 11 in the Liberals Sector: +5; lead Liberals 3 (L1449)
    act(st, ROSEBERY, "end turn")
    assert st.standing[ROSEBERY] == 3
    act(st, DERBY, "no")
    act(st, DERBY, "Backbencher first")
    act(st, PEEL, "hobnob level 1")
    act(st, PEEL, "play Duke of Devonshire option 2"); act(st, PEEL, "player 3")
    assert st.standing[RUSSELL] == 8  # L1453
    act(st, PEEL, "end turn")
    assert st.standing[PEEL] == 3 and st.careers[PEEL]["chief_whip_opp"] == 1  # L1455
    act(st, DERBY, "debate level 2"); act(st, DERBY, "down")
    assert st.bills[0]["adj"] == -70 and st.projection(0) == 260  # L1457
    act(st, DERBY, "hobnob level 1")
    act(st, DERBY, "end turn")
    act(st, RUSSELL, "option 1")  # ignore Americans Seize British Ship: -1 Standing (L1469)
    assert st.standing[RUSSELL] == 7 and st.cubes[RUSSELL] == 3
    act(st, RUSSELL, "no")
    for _ in range(3):
        act(st, RUSSELL, "campaign level 1"); act(st, RUSSELL, "sector Liberals")
    assert lib_lead(st) == 12  # +9 (L1471)
    act(st, RUSSELL, "play William Booth option 2"); act(st, RUSSELL, "party liberal"); act(st, RUSSELL, "up")
    act(st, RUSSELL, "play Cardinal Newman option 1"); act(st, RUSSELL, "party liberal"); act(st, RUSSELL, "up")
    act(st, RUSSELL, "play Charles Dickens option 2"); act(st, RUSSELL, "party conservative")
    act(st, RUSSELL, "down")
    assert lib_lead(st) == 18
    assert st.projected(R.LIB) == 364 and st.projected(R.CON) == 294  # L1475
    act(st, RUSSELL, "end turn")
    act(st, RUSSELL, "withdraw bill slot 1")
    assert st.standing[RUSSELL] == 6 and st.standing[DERBY] == 8  # L1477
    assert st.vp[DERBY] == 12
    act(st, PEEL, "option 2")  # Favour again: 3 (L1477)
    assert st.favour[PEEL] == 3
    act(st, DERBY, "yes")  # Derby challenges (L1487)
    assert st.role[DERBY] == "pm" and st.role[RUSSELL] == "ol"
    assert st.standing[DERBY] == 11 and st.standing[RUSSELL] == 5  # L1488
    assert st.vp[DERBY] == 18 and st.vp[PEEL] == 18  # +6, pooled with Peel
    assert st.role[PEEL] == "gbb" and st.role[ROSEBERY] == "obb"
    assert st.careers[ROSEBERY]["privy_counsellor_opp"] == 1 and st.careers[PEEL]["chief_whip_gov"] == 1  # L1488
    assert not st.marker and st.gov_party == R.CON
    assert legal_names(st) == ["hold Election"]  # forced (L1492)
    act(st, DERBY, "hold Election")  # Uncertainty -9: 294 - 9 = 285 (L1496)
    # Liberals 330 -> 373 -> 370: 6 VP (L1500), so 11 + 6 = 17; Round 4 setup then adds 2 (checked below)
    assert st.vp[RUSSELL] == st.vp[ROSEBERY] == 17 + 2
    assert st.mps == {"A": 290, "M": 230, "P": 60} and st.marker  # L1502
    assert st.role[DERBY] == "pm"  # Minority Government by Challenge (11.2.1)

    # ---- Round 4 --------------------------------------------------------------------------------------------
    assert st.round == 4 and st.vp[DERBY] == 22 and st.vp[RUSSELL] == 19  # 4 VP / 2 VP (L1508)
    assert st.cubes[PEEL] == 2 and st.cubes[ROSEBERY] == 2  # L1508
    act(st, RUSSELL, "draw Cross-Party bill"); act(st, RUSSELL, "draw Cross-Party bill")
    act(st, RUSSELL, "bill Food and Drugs Act")
    act(st, ROSEBERY, "draw Cross-Party bill"); act(st, ROSEBERY, "draw Cross-Party bill")
    act(st, ROSEBERY, "bill " + FILLERS[1])
    act(st, PEEL, "draw Cross-Party bill"); act(st, PEEL, "draw Cross-Party bill"); act(st, PEEL, "bill Lunacy Act")
    for _ in range(3):
        act(st, DERBY, "draw Cross-Party bill")
    for name in ("Tramways Act", "Lunacy Act", "Food and Drugs Act"):
        act(st, DERBY, "bill " + name)
    assert [st.projection(i) for i in range(3)] == [260, 280, 280]  # L1512
    assert st.vp[DERBY] == 23 and st.vp[RUSSELL] == 20  # a 1 VP bonus each (L1514)
    act(st, RUSSELL, "yes")  # unilateral Pact restart: three Cross-Party Bills (L1516)
    assert st.pact and st.vp[DERBY] - st.vp[RUSSELL] == 3  # the Conservatives keep their 3-point lead
    for _ in range(2):
        act(st, PEEL, "career chief_whip_gov action 0")
        act(st, DERBY, "yes")  # Influence by the Government Backbencher needs the PM's permission (PM-A82)
        act(st, PEEL, "to Moderate")
    assert [st.projection(i) for i in range(3)] == [280, 300, 300]  # +20 on all three (L1524)
    act(st, PEEL, "end turn")
    assert st.standing[PEEL] == 4
    act(st, RUSSELL, "no")  # keep the Pact
    act(st, RUSSELL, "Opposition Leader first")  # L1530
    assert "influence level 2" not in legal_names(st) or st._needs_permission(RUSSELL)
    for _ in range(2):
        act(st, RUSSELL, "campaign level 1"); act(st, RUSSELL, "sector Gentry")
    assert lib_lead(st) == 22  # +4 (L1532)
    act(st, RUSSELL, "end turn")
    act(st, ROSEBERY, "play Debate Card"); act(st, ROSEBERY, "bill slot 3")  # Pact side, 2 cubes at Standing 3
    assert st.bills[2]["adj"] == 60 and st.cubes[ROSEBERY] == 0  # L1534
    act(st, ROSEBERY, "end turn")
    assert st.standing[ROSEBERY] == 4
    act(st, DERBY, "option 2")  # Queen's Birthday: Send his Regards (L1536)
    assert st.favour[DERBY] == 2
    for _ in range(2):
        act(st, DERBY, "debate level 2"); act(st, DERBY, "up"); act(st, DERBY, "bill slot 3")
    assert st.bills[2]["adj"] == 100 and st.projection(2) == 350  # L1536
    act(st, DERBY, "end turn")
    act(st, DERBY, "vote bill slot 3")  # passes without an Uncertainty Card
    assert lib_lead(st) == 18  # the Government gains 4 points (L1536)
    assert st.vp[DERBY] == 26 and st.vp[RUSSELL] == 23  # 3 VP once, to the Pact
    act(st, ROSEBERY, "option 1")  # Debate Card reward: Standing 5 (L1538)
    assert st.standing[ROSEBERY] == 5
    assert st.current_player() == ROSEBERY and st.pending["q"] == "challenge"  # L1540: he could Challenge
    act(st, ROSEBERY, "no")

    # ---- Round 5 --------------------------------------------------------------------------------------------
    assert st.round == 5 and st.vp[DERBY] == 32 and st.vp[RUSSELL] == 29  # 6 VP to the Pact (L1552)
    for _ in range(2):
        act(st, PEEL, "career chief_whip_gov action 0"); act(st, DERBY, "yes"); act(st, PEEL, "to Moderate")
    act(st, PEEL, "end turn")
    assert st.standing[PEEL] == 5 and st.careers[PEEL]["campaign_chairman_gov"] == 1  # L1554
    act(st, RUSSELL, "no")
    act(st, RUSSELL, "Backbencher first")
    act(st, ROSEBERY, "career privy_counsellor_opp action 0")
    assert st.favour[ROSEBERY] == 2 and st.careers[ROSEBERY]["campaign_chairman_opp"] == 1  # L1556
    act(st, ROSEBERY, "career campaign_chairman_opp action 0"); act(st, ROSEBERY, "sector Scotland")
    assert lib_lead(st) == 19  # +1 (L1560)
    act(st, ROSEBERY, "end turn")
    assert st.standing[ROSEBERY] == 6
    act(st, RUSSELL, "hobnob level 1")
    act(st, RUSSELL, "play Prince of Wales option 2"); act(st, RUSSELL, "player 0"); act(st, RUSSELL, "up")
    assert st.favour[ROSEBERY] == 3  # L1566
    act(st, RUSSELL, "campaign level 1"); act(st, RUSSELL, "sector Gentry")
    assert lib_lead(st) == 21  # +2 (L1566)
    act(st, RUSSELL, "end turn")
    act(st, DERBY, "option 1")  # ignore the Schism: -1 point (L1570)
    assert lib_lead(st) == 22
    for _ in range(2):
        act(st, DERBY, "influence level 1"); act(st, DERBY, "to Moderate")
    assert st.mps == {"A": 290, "M": 290, "P": 0}  # L1570
    act(st, DERBY, "debate level 2"); act(st, DERBY, "up"); act(st, DERBY, "bill slot 2")
    assert st.bills[1]["adj"] == 70  # L1572
    act(st, DERBY, "end turn")
    act(st, DERBY, "vote bill slot 2")
    act(st, DERBY, "keep W.M. Thackeray")  # Level 2 Supporter bonus (L1574)
    assert [R.SUPPORTER_LIST[c]["name"] for c in st.hand[DERBY]] == ["John Bright", "W.M. Thackeray"]
    assert st.vp[DERBY] == 35 and st.vp[RUSSELL] == 32
    assert st.pending["q"] == "challenge" and st.current_player() == ROSEBERY  # 6 > 5; he keeps waiting
    act(st, ROSEBERY, "no")

    # ---- Round 6 --------------------------------------------------------------------------------------------
    assert st.round == 6 and st.vp[DERBY] == 41
    act(st, PEEL, "play Debate Card"); act(st, PEEL, "bill slot 1")
    assert st.bills[0]["adj"] == 40  # L1582
    act(st, PEEL, "end turn")
    assert st.standing[PEEL] == 6
    act(st, RUSSELL, "no")
    act(st, RUSSELL, "Backbencher first")
    act(st, ROSEBERY, "career privy_counsellor_opp action 0")
    act(st, ROSEBERY, "career campaign_chairman_opp action 0"); act(st, ROSEBERY, "sector Scotland")
    assert st.favour[ROSEBERY] == 4 and lib_lead(st) == 24  # +2 (L1584)
    act(st, ROSEBERY, "end turn")
    assert st.standing[ROSEBERY] == 7
    act(st, RUSSELL, "hobnob level 1")
    act(st, RUSSELL, "campaign level 1"); act(st, RUSSELL, "sector Gentry")
    assert lib_lead(st) == 26  # +2 (L1586)
    act(st, RUSSELL, "end turn")
    act(st, DERBY, "option 3")  # Broker Peace Deal (L1590)
    act(st, DERBY, "play John Bright option 2")
    assert st.standing[DERBY] == 13  # L1590
    act(st, DERBY, "debate level 2"); act(st, DERBY, "up")  # one bill left: the target is forced
    assert st.bills[0]["adj"] == 60 and st.projection(0) == 350
    act(st, DERBY, "end turn")
    act(st, DERBY, "vote bill slot 1")
    act(st, PEEL, "option 2")  # Favour 4 (L1590)
    assert st.favour[PEEL] == 4
    assert lib_lead(st) == 22 and st.projected(R.LIB) == 375 and st.projected(R.CON) == 283  # L1592
    assert st.vp[DERBY] == 44 and st.vp[RUSSELL] == 41
    act(st, ROSEBERY, "no")  # Rosebery (7) could still Challenge Russell (5); he waits (L1540)
    act(st, DERBY, "remove Election Marker")  # L1592
    assert not st.marker and st.round == 7
    assert st.cubes[DERBY] == 4  # L1598


def test_example_of_play_rounds_7_to_9():
    st = example_state()
    rounds_1_to_6(st)
    rounds_7_to_9(st)


def stack_supporters(st, names):
    """Put these Supporters on top of the deck, first name first: the Example's draws after the Round 10 reshuffle
    (L1724) come from a shuffled discard pile that a deal cannot stack, so the test reorders the reshuffled deck."""
    ids = [R.SUP_INDEX[SUP_BY[x]] for x in names]
    for c in ids:
        if c in st.decks["supporters"]:
            st.decks["supporters"].remove(c)
        else:
            st.discards["supporters"].remove(c)
    st.decks["supporters"] += ids[::-1]


def test_example_of_play_rounds_10_to_13():
    st = example_state()
    rounds_1_to_6(st)
    rounds_7_to_9(st)
    # ---- Round 10 -------------------------------------------------------------------------------------------
    assert st.cubes == [3, 2, 2, 1]  # L1694
    assert [R.SUPPORTER_LIST[c]["name"] for c in st.hand[PEEL]] == ["John Stuart Mill", "Princess of Wales"]
    act(st, DERBY, "draw Cross-Party bill"); act(st, DERBY, "draw Cross-Party bill")
    act(st, DERBY, "bill Cruelty to Animals Act")
    act(st, PEEL, "draw Cross-Party bill"); act(st, PEEL, "draw Cross-Party bill")
    act(st, PEEL, "bill British North America Act")
    act(st, RUSSELL, "draw Cross-Party bill"); act(st, RUSSELL, "draw Cross-Party bill")
    act(st, RUSSELL, "bill Factory Act")
    for _ in range(3):
        act(st, ROSEBERY, "draw Party bill")
    for name in ("Penal Servitude Act", "British North America Act", "Cruelty to Animals Act"):
        act(st, ROSEBERY, "bill " + name)
    assert [st.projection(i) for i in range(3)] == [300, 330, 340]  # L1704
    assert st.vp[DERBY] == 83 and st.vp[ROSEBERY] == 80  # the Opposition's two bonuses
    act(st, RUSSELL, "play Duke of Westminster option 1")
    act(st, RUSSELL, "play Debate Card"); act(st, RUSSELL, "bill slot 3")
    assert st.projection(2) == 350  # L1708
    act(st, RUSSELL, "end turn")
    assert st.standing[RUSSELL] == 2
    act(st, DERBY, "Backbencher first")
    act(st, PEEL, "career chief_whip_opp action 0"); act(st, PEEL, "bill slot 2")
    assert st.bills[1]["adj"] == -30 and st.projection(1) == 300  # L1712
    act(st, PEEL, "end turn")
    act(st, DERBY, "hobnob level 1"); act(st, DERBY, "hobnob level 1")
    act(st, DERBY, "end turn")
    act(st, ROSEBERY, "option 1")  # Unrest Among Tenant Farmers: ignore, -2 points (L1722)
    # PM-A75: the Example says the parties are now tied; the true lead is Liberals +1
    assert lib_lead(st) == 1
    for _ in range(3):
        act(st, ROSEBERY, "hobnob level 1")
    act(st, ROSEBERY, "end turn")
    assert len(st.hand[ROSEBERY]) == 4
    act(st, ROSEBERY, "vote bill slot 3")  # 350: passes without a card (L1724)
    # Level 2 Supporter bonus: Earl Grey is the last card, then the discard pile is reshuffled (L1724)
    assert R.SUP_INDEX[SUP_BY["Earl Grey"]] in st.pending["drawn"] and len(st.pending["drawn"]) == 2
    act(st, ROSEBERY, "keep Earl Grey")
    assert len(st.hand[ROSEBERY]) == 5  # the hold limit applies only at the end of his own turn (L1728)
    act(st, RUSSELL, "option 1")  # Debate Card reward: Standing 3 (L1726)
    assert st.standing[RUSSELL] == 3
    assert st.vp[ROSEBERY] == 82 and st.vp[DERBY] == 85  # 2 VP to each side
    stack_supporters(st, ["Duke of Devonshire", "Princess Helena", "Prince of Wales", "David Livingstone",
                          "Mary Shelley", "Oscar Wilde", "Earl of Malmesbury", "Lord Alfred Tennyson",
                          "Duke of Westminster", "William Booth", "Duke of Wellington", "Duke of York"])
    act(st, PEEL, "yes")  # Peel challenges Derby (L1730)
    assert st.role[PEEL] == "ol" and st.role[DERBY] == "obb" and st.standing[PEEL] == 8 and st.standing[DERBY] == 0
    assert set(st.careers[DERBY]) == {"privy_counsellor_opp", "chief_whip_opp", "deputy_party_leader"}  # L1730

    # ---- Round 11 -------------------------------------------------------------------------------------------
    assert st.round == 11 and st.vp[ROSEBERY] == 86 and st.vp[RUSSELL] == 86  # "the 86 position" (L1748)
    assert st.cubes == [3, 2, 1, 2]  # L1738
    assert legal_names(st)[:1] == ["end turn"] and "resign" in legal_names(st)
    act(st, RUSSELL, "resign")  # L1740
    assert st.resigned and st.standing[ROSEBERY] == 9 and st.cubes[RUSSELL] == 0  # L1752
    act(st, RUSSELL, "end turn")
    assert st.standing[RUSSELL] == 4  # L1754
    act(st, PEEL, "Backbencher first")
    act(st, DERBY, "hobnob level 1")
    act(st, DERBY, "end turn")
    assert st.standing[DERBY] == 1 and st.careers[DERBY]["privy_counsellor_opp"] == 1  # L1756
    for _ in range(2):
        act(st, PEEL, "debate level 1"); act(st, PEEL, "down"); act(st, PEEL, "bill slot 1")
    assert st.projection(0) == 280  # L1758
    act(st, PEEL, "play John Stuart Mill option 1"); act(st, PEEL, "down"); act(st, PEEL, "bill slot 2")
    assert st.projection(1) == 280 and lib_lead(st) == 4  # -3 for the Conservatives (L1758)
    act(st, PEEL, "play Princess of Wales option 2"); act(st, PEEL, "player 0"); act(st, PEEL, "down")
    assert st.favour[ROSEBERY] == 5 and st.favour[PEEL] == 6  # Peel the Queen's new favourite (L1758)
    act(st, PEEL, "end turn")
    act(st, ROSEBERY, "option 1")  # Coal Mine Disaster: -4 (L1762)
    assert lib_lead(st) == 0
    for _ in range(3):
        act(st, ROSEBERY, "debate level 1"); act(st, ROSEBERY, "up"); act(st, ROSEBERY, "bill slot 2")
    assert st.projection(1) == 310  # L1764
    for name in ("Earl of Iddesleigh", "Sir Dadabhai Naoroji", "Earl Grey"):
        act(st, ROSEBERY, f"play {name} option 1"); act(st, ROSEBERY, "up"); act(st, ROSEBERY, "bill slot 2")
    assert st.projection(1) == 340  # L1764
    act(st, ROSEBERY, "end turn")
    act(st, ROSEBERY, "vote bill slot 2")  # +10: passes (L1764)
    # PM-A74: the British North America Act draws a Supporter (Princess Helena, L1936), no Favour
    assert R.SUP_INDEX[SUP_BY["Princess Helena"]] in st.hand[ROSEBERY] and st.favour[ROSEBERY] == 5
    # 2 VP to each side but not to the Resigned Russell (L1936): 88 / 89 / 86, then Round 12 setup follows

    # ---- Round 12 (printed after the Index, L1938-1952; PM-A76) -------------------------------------------
    assert st.round == 12 and st.vp[ROSEBERY] == 92 and st.vp[RUSSELL] == 86 and st.vp[PEEL] == 91  # L1942
    assert st.cubes == [3, 2, 1, 2]  # L1942
    assert st.foth_holder() == DERBY  # the PM has >= 90 VP (L1942)
    act(st, RUSSELL, "no")  # no request to rejoin
    act(st, RUSSELL, "hobnob level 1"); act(st, RUSSELL, "hobnob level 1")
    act(st, RUSSELL, "play Sarah Forbes Bonetta option 2"); act(st, RUSSELL, "player 1")
    act(st, RUSSELL, "play Prince of Wales option 2"); act(st, RUSSELL, "player 1"); act(st, RUSSELL, "down")
    assert st.favour[PEEL] == 3  # 6 -> 3 (L1944)
    act(st, RUSSELL, "play David Livingstone option 2"); act(st, RUSSELL, "party liberal"); act(st, RUSSELL, "up")
    assert lib_lead(st) == 2  # +2 (L1944)
    act(st, RUSSELL, "end turn")
    assert st.standing[RUSSELL] == 5
    act(st, PEEL, "Backbencher first")
    act(st, DERBY, "play Prince Albert option 2")
    assert st.standing[DERBY] == 3  # doubled: +2 (L1946)
    act(st, DERBY, "play Duke of Devonshire option 2"); act(st, DERBY, "player 1")
    assert st.standing[PEEL] == 6  # doubled: -2 (L1946)
    act(st, DERBY, "play Isambard Kingdom Brunel option 1"); act(st, DERBY, "party conservative")
    act(st, DERBY, "down")
    assert lib_lead(st) == 7  # doubled: -5 (L1946)
    act(st, DERBY, "hobnob level 1")
    act(st, DERBY, "end turn")
    assert st.standing[DERBY] == 4 and [R.SUPPORTER_LIST[c]["name"] for c in st.hand[DERBY]] == ["Mary Shelley"]
    for _ in range(2):
        act(st, PEEL, "campaign level 2"); act(st, PEEL, "sector Gentry")
    assert lib_lead(st) == -2  # +9: Gentry 7 -> 16 (L1948)
    act(st, PEEL, "end turn")
    act(st, ROSEBERY, "option 1")  # Crop Failure: no effect at the minimum (L1950)
    assert lib_lead(st) == -2
    for _ in range(3):
        act(st, ROSEBERY, "hobnob level 1")
    assert len(st.hand[ROSEBERY]) == 6  # L1952
    act(st, ROSEBERY, "play Charles Darwin option 1")  # +3, no Middle Class penalty at the minimum
    act(st, ROSEBERY, "play William Howley option 1"); act(st, ROSEBERY, "party conservative")
    act(st, ROSEBERY, "down")
    act(st, ROSEBERY, "play Earl of Malmesbury option 1"); act(st, ROSEBERY, "party liberal"); act(st, ROSEBERY, "up")
    act(st, ROSEBERY, "play Oscar Wilde option 1"); act(st, ROSEBERY, "party liberal"); act(st, ROSEBERY, "up")
    # +3 +3 +2 +3 (L1952); the Example's lead is 8 with 340 seats; the true lead is 9 (PM-A75, T(9) = 340)
    assert lib_lead(st) == 9 and st.projected(R.LIB) == 340
    act(st, ROSEBERY, "end turn")
    act(st, ROSEBERY, "withdraw bill slot 1")  # the missing Round 12 resolution (PM-A76)
    assert st.standing[ROSEBERY] == 8 and st.standing[PEEL] == 7 and st.vp[PEEL] == 93
    assert legal_names(st) == ["hold Election"]  # >= 85 VP: no postponement (L1736)
    act(st, ROSEBERY, "hold Election")  # -6: 334 seats -> 330, no Election VP (L1766)
    assert st.mps == {"A": 330, "M": 80, "P": 250}  # L1766

    # ---- Round 13 -------------------------------------------------------------------------------------------
    assert st.round == 13 and st.vp[ROSEBERY] == 96 and st.vp[PEEL] == 95 and st.vp[RUSSELL] == 86
    assert st.cubes == [2, 2, 2, 2]  # L1772
    act(st, PEEL, "draw Cross-Party bill"); act(st, PEEL, "draw Cross-Party bill"); act(st, PEEL, "bill Telegraph Act")
    act(st, DERBY, "draw Cross-Party bill"); act(st, DERBY, "draw Cross-Party bill")
    act(st, DERBY, "bill Municipal Corporations Act")
    act(st, RUSSELL, "draw Cross-Party bill"); act(st, RUSSELL, "draw Cross-Party bill")
    act(st, RUSSELL, "bill Vaccination Act")
    act(st, ROSEBERY, "draw Party bill"); act(st, ROSEBERY, "draw Cross-Party bill")
    act(st, ROSEBERY, "draw Cross-Party bill")
    for name in ("Police (Scotland) Act", "Parliamentary Papers Act", "Vaccination Act"):
        act(st, ROSEBERY, "bill " + name)
    assert st.vp[RUSSELL] == 87 and st.vp[ROSEBERY] == 96  # Russell alone takes the bonus (L1774)
    act(st, RUSSELL, "no")
    act(st, RUSSELL, "hobnob level 1"); act(st, RUSSELL, "hobnob level 1")
    act(st, RUSSELL, "play Duke of Westminster option 1")
    act(st, RUSSELL, "play C.P. Scott option 1"); act(st, RUSSELL, "down"); act(st, RUSSELL, "bill slot 1")
    assert st.projection(0) == 320  # L1776
    act(st, RUSSELL, "end turn")
    assert st.standing[RUSSELL] == 7  # L1776
    act(st, PEEL, "Backbencher first")
    act(st, DERBY, "play Mary Shelley option 1"); act(st, DERBY, "party liberal")
    assert lib_lead(st) == 3  # doubled: -2 steps, -6 points (L1778)
    act(st, DERBY, "hobnob level 1"); act(st, DERBY, "hobnob level 1")
    act(st, DERBY, "end turn")
    assert st.standing[DERBY] == 5  # L1778
    act(st, PEEL, "debate level 1"); act(st, PEEL, "down"); act(st, PEEL, "bill slot 1")
    act(st, PEEL, "debate level 1"); act(st, PEEL, "down"); act(st, PEEL, "bill slot 3")
    assert st.projection(0) == 310 and st.projection(2) == 310  # L1780
    act(st, PEEL, "end turn")
    act(st, ROSEBERY, "option 1")  # Derby Day: ignore (L1782)
    act(st, ROSEBERY, "play Princess Helena option 2"); act(st, ROSEBERY, "party liberal"); act(st, ROSEBERY, "up")
    assert lib_lead(st) == 3  # repaired (L1782)
    for _ in range(2):
        act(st, ROSEBERY, "debate level 1"); act(st, ROSEBERY, "up"); act(st, ROSEBERY, "bill slot 3")
    assert st.projection(2) == 330  # L1782
    act(st, ROSEBERY, "end turn")
    act(st, ROSEBERY, "vote bill slot 3")  # -1: fails 329 (L1784)
    assert st.standing[ROSEBERY] == 6 and st.standing[PEEL] == 9 and st.vp[PEEL] == 98  # L1784
    assert st.current_player() == RUSSELL and st.pending["q"] == "challenge"  # priority (L1788)
    act(st, RUSSELL, "yes")
    assert st.role[RUSSELL] == "pm" and st.standing[RUSSELL] == 11 and not st.resigned
    assert st.vp[RUSSELL] == 93 and st.vp[ROSEBERY] == 96  # the bonus for himself alone (L1790)
    assert st.bills == []
    assert legal_names(st) == ["hold Election"]  # >= 85 VP (L1790)
    act(st, RUSSELL, "hold Election")  # 333 vs 325; 0 with Royal Interference >= 318 (L1792)
    assert st.current_player() == PEEL and st.pending["q"] == "royal"
    act(st, PEEL, "yes")
    assert st.is_terminal() and st.winners() == [PEEL]  # 98 + 6 -> 100 as PM (L1796)
    assert st.role[PEEL] == "pm" and st.vp[PEEL] == 100


def rounds_7_to_9(st):
    # ---- Round 7 --------------------------------------------------------------------------------------------
    assert st.vp[DERBY] == 50 and st.vp[RUSSELL] == 47
    act(st, RUSSELL, "draw Cross-Party bill"); act(st, RUSSELL, "draw Cross-Party bill")
    act(st, RUSSELL, "bill " + FILLERS_7[0])
    act(st, ROSEBERY, "draw Cross-Party bill"); act(st, ROSEBERY, "draw Cross-Party bill")
    act(st, ROSEBERY, "bill " + FILLERS_7[2])
    act(st, PEEL, "draw Cross-Party bill"); act(st, PEEL, "draw Cross-Party bill")
    act(st, PEEL, "bill Crofter's Holdings (Scotland) Act")
    for _ in range(3):
        act(st, DERBY, "draw Cross-Party bill")
    for name in ("Ground Game Act", "Poor Law (Scotland) Act", "Crofter's Holdings (Scotland) Act"):
        act(st, DERBY, "bill " + name)
    assert [st.projection(i) for i in range(3)] == [310, 300, 300]  # L1602
    assert st.vp[DERBY] == 51 and st.vp[RUSSELL] == 48  # Peel's bonus, shared by the Pact
    act(st, PEEL, "play Debate Card"); act(st, PEEL, "bill slot 1")
    assert st.projection(0) == 320  # L1604
    act(st, PEEL, "end turn")
    assert st.standing[PEEL] == 7
    act(st, RUSSELL, "no")
    act(st, RUSSELL, "Backbencher first")
    for _ in range(2):
        act(st, ROSEBERY, "career campaign_chairman_opp action 0"); act(st, ROSEBERY, "sector Scotland")
    assert lib_lead(st) == 26  # +4, Scotland maxed (L1606)
    act(st, ROSEBERY, "end turn")
    assert st.standing[ROSEBERY] == 8 and st.careers[ROSEBERY]["deputy_party_leader"] == 1  # L1606
    act(st, RUSSELL, "hobnob level 1")
    act(st, RUSSELL, "play Daniel O'Connell option 1")  # +4; the Conservatives-Sector loss is negated (L1612)
    act(st, RUSSELL, "campaign level 1"); act(st, RUSSELL, "sector Gentry")
    assert lib_lead(st) == 32 and st.projected(R.LIB) == 416 and st.projected(R.CON) == 242  # L1612
    act(st, RUSSELL, "end turn")
    # Derby draws a By-Election and loses it: -1 Standing, +1 VP to the Pact (L1616)
    assert st.standing[DERBY] == 12 and st.vp[DERBY] == 52
    for _ in range(3):
        act(st, DERBY, "debate level 2"); act(st, DERBY, "up"); act(st, DERBY, "bill slot 2")
    assert st.bills[1]["adj"] == 70  # L1618
    act(st, DERBY, "hobnob level 1")
    act(st, DERBY, "play Lord Alfred Tennyson option 1"); act(st, DERBY, "party conservative"); act(st, DERBY, "up")
    act(st, DERBY, "play W.M. Thackeray option 1"); act(st, DERBY, "party liberal"); act(st, DERBY, "down")
    assert lib_lead(st) == 27  # -2 and -3 (L1618)
    act(st, DERBY, "end turn")
    act(st, DERBY, "vote bill slot 2")
    # PM-A75: the Poor Law (Scotland) Act's Scotland step is worth 1 point here, not the printed 2 (L1618), so
    # from now on the true Liberal lead is 1 point larger than the Example's figures
    assert lib_lead(st) == 22
    assert st.vp[DERBY] == 55
    act(st, ROSEBERY, "no")  # Rosebery (8) could Challenge Russell (5)

    # ---- Round 8 --------------------------------------------------------------------------------------------
    assert st.round == 8 and st.cubes[DERBY] == 3  # L1626
    assert [R.SUPPORTER_LIST[c]["name"] for c in st.hand[ROSEBERY]] == ["Duke of York"]  # free card (L1626)
    act(st, PEEL, "hobnob level 1"); act(st, PEEL, "hobnob level 1")
    act(st, PEEL, "play Thomas Carlyle option 1")  # +5 (L1628)
    act(st, PEEL, "play David Livingstone option 1"); act(st, PEEL, "party conservative"); act(st, PEEL, "up")
    assert lib_lead(st) == 15  # -5, -2
    act(st, PEEL, "end turn")
    assert st.standing[PEEL] == 8 and st.careers[PEEL]["deputy_pm"] == 0  # L1628
    act(st, RUSSELL, "no")
    act(st, RUSSELL, "Backbencher first")
    act(st, ROSEBERY, "career campaign_chairman_opp action 0"); act(st, ROSEBERY, "sector Liberals")
    act(st, ROSEBERY, "hobnob level 1")
    act(st, ROSEBERY, "play Duke of York option 1"); act(st, ROSEBERY, "party liberal"); act(st, ROSEBERY, "up")
    assert lib_lead(st) == 20  # +3, +2 (L1630)
    act(st, ROSEBERY, "end turn")
    assert st.standing[ROSEBERY] == 8
    act(st, RUSSELL, "hobnob level 1")
    act(st, RUSSELL, "play Princess Helena option 1"); act(st, RUSSELL, "player 1"); act(st, RUSSELL, "up")
    assert st.favour[PEEL] == 5 and st.careers[PEEL]["deputy_pm"] == 1  # activated out of turn (L1632)
    act(st, RUSSELL, "campaign level 1"); act(st, RUSSELL, "sector Gentry")
    assert lib_lead(st) == 23  # +3 (L1634)
    act(st, RUSSELL, "end turn")
    act(st, DERBY, "option 1")  # Your Wife Is Divorcing You: ignore (L1640)
    assert st.standing[DERBY] == 11 and st.favour[DERBY] == 1
    act(st, DERBY, "hobnob level 1")
    act(st, DERBY, "play Emmeline Pankhurst option 2"); act(st, DERBY, "party liberal"); act(st, DERBY, "down")
    assert lib_lead(st) == 20  # -3 (L1642)
    for _ in range(2):
        act(st, DERBY, "debate level 2"); act(st, DERBY, "up"); act(st, DERBY, "bill slot 1")
    assert st.projection(0) == 360  # L1642
    act(st, DERBY, "end turn")
    act(st, DERBY, "vote bill slot 1")
    assert lib_lead(st) == 14  # Farmers +4, Workers +2 (L1642)
    act(st, PEEL, "option 2")
    assert st.favour[PEEL] == 6  # L1642
    act(st, ROSEBERY, "no")

    # ---- Round 9 --------------------------------------------------------------------------------------------
    assert st.round == 9 and st.cubes == [2, 2, 3, 2]  # L1648
    assert st.vp[DERBY] == 70 and st.vp[RUSSELL] == 67
    act(st, PEEL, "yes")  # Deputy PM: take one of the PM's cubes (L1654)
    assert st.cubes[PEEL] == 3 and st.cubes[DERBY] == 2
    for _ in range(3):
        act(st, PEEL, "hobnob level 1")
    act(st, PEEL, "play Florence Nightingale option 1"); act(st, PEEL, "party conservative"); act(st, PEEL, "up")
    act(st, PEEL, "play Earl of Malmesbury option 1"); act(st, PEEL, "party conservative"); act(st, PEEL, "up")
    assert lib_lead(st) == 9  # -2, -3 (L1654)
    act(st, PEEL, "end turn")
    act(st, RUSSELL, "yes")  # Russell ends the Pact (L1656)
    act(st, RUSSELL, "no")
    act(st, RUSSELL, "Backbencher first")
    act(st, ROSEBERY, "hobnob level 1"); act(st, ROSEBERY, "hobnob level 1")
    act(st, ROSEBERY, "play Duke of Argyll option 2"); act(st, ROSEBERY, "down")  # the only bill (L1662)
    assert st.bills[0]["adj"] == 0 and st.projection(0) == 290
    act(st, ROSEBERY, "play Lord George Bentinck option 2"); act(st, ROSEBERY, "party liberal")
    act(st, ROSEBERY, "up")
    assert lib_lead(st) == 11  # +2 (L1662)
    act(st, ROSEBERY, "play John Brown option 2")
    assert st.favour[ROSEBERY] == 6 and st.standing[ROSEBERY] == 7  # L1664
    act(st, ROSEBERY, "end turn")
    assert st.standing[ROSEBERY] == 8
    act(st, RUSSELL, "hobnob level 1"); act(st, RUSSELL, "hobnob level 1")
    act(st, RUSSELL, "end turn")
    assert len(st.hand[RUSSELL]) == 3  # Bonetta, Scott, Westminster (L1668)
    act(st, DERBY, "option 1")  # Stalemate in War Against Russia: ignore (L1672)
    assert st.standing[DERBY] == 10
    act(st, DERBY, "no")  # no Pact proposal (PM-A17 window b)
    for _ in range(2):
        act(st, DERBY, "debate level 2"); act(st, DERBY, "up")
    assert st.projection(0) == 330  # L1672
    act(st, DERBY, "end turn")
    act(st, DERBY, "vote bill slot 1")  # Uncertainty 0: passes (L1672)
    assert lib_lead(st) == 3  # +8 for the Conservatives; the Example's lead is 2 (PM-A75)
    assert st.projected(R.LIB) == 333 and st.projected(R.CON) == 325  # L1674
    assert st.vp[DERBY] == 73 and st.vp[RUSSELL] == 70  # 3 VP to each side
    act(st, ROSEBERY, "yes")  # Rosebery challenges Russell (L1678)
    assert st.role[ROSEBERY] == "ol" and st.role[RUSSELL] == "obb"
    assert st.standing[ROSEBERY] == 8 and st.standing[RUSSELL] == 0  # L1680
    assert legal_names(st) == ["hold Election"]  # the marker was removed in Round 6 (L1682)
    act(st, DERBY, "hold Election")  # 0, Royal Interference >= 318 but Rosebery is the favourite and won
    # Conservatives 290 -> 325 -> 330: 6 VP (L1686); the Liberals take the 6 VP PM Replacement Bonus
    assert st.role[ROSEBERY] == "pm" and st.role[DERBY] == "ol"
    assert st.role[RUSSELL] == "gbb" and st.role[PEEL] == "obb"
    assert st.mps == {"A": 330, "M": 90, "P": 240}  # L1693
    assert all(st.careers[PEEL].values()) and len(st.careers[PEEL]) == 3  # L1689
    assert not any(st.careers[RUSSELL].values())
    assert st.marker and not st.pact
    # Round 10 setup follows at once: Government 4 VP, Opposition 2 VP (L1694)
    assert st.round == 10
    assert st.vp[DERBY] == st.vp[PEEL] == 73 + 6 + 2
    assert st.vp[ROSEBERY] == st.vp[RUSSELL] == 70 + 6 + 4


# ==============================================================================================================
# negotiated steps, permissions, Resignation, Father of the House and the hold limit on the Example's table
# ==============================================================================================================
def test_proposals_hidden_until_revealed():
    st = example_state()
    act(st, DERBY, "draw Party bill"); act(st, DERBY, "draw Party bill"); act(st, DERBY, "bill Universities Tests Act")
    off = {f[0]: (f[1], f[2]) for f in st.game.fields}
    start, size = off["revealed"]
    uta = R.BILL_INDEX[BY_NAME["Universities Tests Act"]]
    for p in range(4):
        assert st.observation(p)[start + uta] == 0.0
    own_start, _ = off["own_bills"]
    assert st.observation(DERBY)[own_start + uta] == 1.0 and st.observation(RUSSELL)[own_start + uta] == 0.0
    act(st, PEEL, "draw Party bill"); act(st, PEEL, "draw Party bill")
    act(st, PEEL, "bill Representation of the People Act")
    act(st, ROSEBERY, "draw Cross-Party bill"); act(st, ROSEBERY, "draw Cross-Party bill")
    act(st, ROSEBERY, "bill Elementary Education Act")
    for p in range(4):
        assert st.observation(p)[start + uta] == 1.0


def test_negotiated_steps_are_finite():
    """A refused Agreement can't be proposed again for that bill in the phase; a denied permission can't be
    re-requested this turn (PM-A50, PM-A82)."""
    st = example_after_round_1_bills()
    act(st, ROSEBERY, "end turn")
    act(st, DERBY, "no")  # keep the Pact
    act(st, DERBY, "Opposition Leader first")
    assert "debate level 2" in legal_names(st)
    act(st, DERBY, "debate level 2")
    # in a Pact the Opposition can only Debate up: the direction is forced, only the bill is asked
    assert legal_names(st) == ["bill slot 1", "bill slot 2", "bill slot 3"]
    act(st, DERBY, "bill slot 1")
    act(st, DERBY, "end turn")
    act(st, PEEL, "end turn")
    act(st, RUSSELL, "option 1")
    act(st, RUSSELL, "end turn")
    act(st, RUSSELL, "agreement bill slot 2")
    act(st, DERBY, "no")
    assert "agreement bill slot 2" not in legal_names(st) and "agreement bill slot 1" in legal_names(st)
    act(st, RUSSELL, "agreement bill slot 1")
    before = st.vp[DERBY]
    act(st, DERBY, "yes")  # passes by Agreement: +3 Cross-Party VP and +5 to the Opposition, pooled in the Pact
    assert st.round == 2  # then Round 2 setup: +6 to the Pact
    assert st.vp[DERBY] == before + 3 + 5 + 6 and st.vp[RUSSELL] == st.vp[DERBY]


def test_permission_denied_cannot_be_requested_again():
    st = example_after_round_1_bills()
    act(st, ROSEBERY, "end turn")
    act(st, DERBY, "no")
    act(st, DERBY, "Opposition Leader first")
    # Derby (Influence 1) has no OL Influence; give him a Supporter with an Influence option
    wellington = R.SUP_INDEX[SUP_BY["Duke of Wellington"]]
    st.decks["supporters"].remove(wellington)
    st.hand[DERBY].append(wellington)
    st.pending = None
    st.tasks.insert(0, ["main", DERBY])
    st._advance()
    act(st, DERBY, "play Duke of Wellington option 1")
    assert st.current_player() == RUSSELL and st.pending["kind"] == "permit"
    act(st, RUSSELL, "no")
    assert st.current_player() == DERBY and wellington in st.hand[DERBY]  # nothing spent
    assert "play Duke of Wellington option 1" not in legal_names(st)
    assert "play Duke of Wellington option 2" in legal_names(st)


def test_resignation_and_rejoin():
    st = example_after_round_1_bills()
    act(st, ROSEBERY, "resign")
    assert st.resigned and st.cubes[ROSEBERY] == 0 and st.standing[RUSSELL] == 9
    assert "resign" not in legal_names(st)
    act(st, ROSEBERY, "end turn")
    assert st.standing[ROSEBERY] == 1  # the Standing bonus still applies (PM-A21)
    assert ROSEBERY not in st.pool("government")
    # play on to the next Government Backbencher turn: the rejoin request comes first
    while not (st.current_player() == ROSEBERY and st.pending.get("q") == "request_rejoin"):
        la = st.legal_actions()
        st.apply_action(NO if NO in la else la[0])
    act(st, ROSEBERY, "yes")
    pm = st.seat_of("pm")
    s_before = st.standing[pm]
    act(st, pm, "yes")
    assert not st.resigned and st.standing[pm] == min(14, s_before + 2)


def test_father_of_the_house_doubles_held_supporters():
    st = example_after_round_1_bills()
    act(st, ROSEBERY, "end turn")
    act(st, DERBY, "yes")  # end the Pact
    act(st, DERBY, "no")
    st.vp[RUSSELL] = 90
    albert = R.SUP_INDEX[SUP_BY["Prince Albert"]]
    st.decks["supporters"].remove(albert)
    st.hand[PEEL].append(albert)
    act(st, DERBY, "Backbencher first")  # Peel's turn starts holding Albert and Father of the House
    assert st.foth_holder() == PEEL
    act(st, PEEL, "play Prince Albert option 2")
    assert st.standing[PEEL] == 2  # +1 doubled (L1946)


def test_hold_limit_at_end_of_own_turn():
    st = example_after_round_1_bills()
    extra = st.decks["supporters"][:6]
    del st.decks["supporters"][:6]
    st.hand[ROSEBERY] += extra
    st.pending = None
    st.tasks.insert(0, ["main", ROSEBERY])
    st._advance()
    act(st, ROSEBERY, "end turn")
    assert st.pending["kind"] == "discard" and st.current_player() == ROSEBERY
    st.apply_action(st.legal_actions()[0])
    st.apply_action(st.legal_actions()[0])
    assert len(st.hand[ROSEBERY]) == 4 and st.standing[ROSEBERY] == 1  # then the Standing bonus
