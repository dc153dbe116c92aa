"""Politix on the web page: the table as drawn, the question and its choices, the story's wording, the end, the
quick rules, the card reference and the set-up form's words (the names every game's ``web.py`` has:
:mod:`hustings.core.page`)."""
from __future__ import annotations

from ..core.page import choice, seats_named
from .cards import (A_DRAW, A_END, A_REST, A_SPECIAL, BESIDE_KINDS, CARDS, GROUPS, KINDS, METHODS, NB, NG, NK, NM,
                    PARTIES, PERSUADE, PHASE_NAMES)

#: The kind of table the page draws: voter groups persuaded by method, parties' voters, cards beside the seats.
LAYOUT = "persuasion"
#: Event types that open a new part of the game (the deal, a position set up).
HEADS = {"deal", "position"}
#: Event types that change the score or decide something (the rest are minor).
MAJOR = {"persuasion", "game_end"}
#: The story names each move by the rules' own name for it.
STORY_LABELS = False

#: A few lines a new player reads first.
QUICK_RULES = [
    "Parties persuade voter groups. On your turn draw 3 action cards, or play: special cards beside players, "
    "then one persuasion of a voter group by one method.",
    "Your power is your politician's skill + your party symbol + special cards beside you + the top event + "
    "1 per card played. One voter card needs its symbols in power; each further card needs 1 more.",
    "When the last voter card is taken, each party's groups are sorted from least to most: the party whose "
    "least group is largest wins (then the second least, ...); a tie goes to fewer turns.",
]


def setup_words() -> dict:
    """The set-up form's words for each option."""
    return {
        "teams_3v3": {"label": "Two parties of three", "help": "6 players: right (P0-P2) against left (P3-P5) "
                      "instead of three parties of two", "requires": {"players": [6]}},
        "max_turns": {"label": "Turn limit", "help": "the game stops with no winner after this many turns (empty: "
                      "no limit)"},
        "components": {"label": "Own card set", "help": "a JSON card set on the server (empty: the shipped set)",
                       "advanced": True},
    }


# --- the story ----------------------------------------------------------------------------------------------------
def story_line(game, events: list[dict], i: int) -> str:
    """The game's end with the winning party's name and each party's groups, least first; else the event's line."""
    e = events[i]
    try:
        if e["type"] == "game_end" and e["result"] == "win":
            c = game.cards
            party = c.party_names[[p["party"] for p in e["parties"]].index(e["winning_party"])] \
                if hasattr(c, "party_names") else e["winning_party"]
            piles = "; ".join(f"{p['party']} {p['ranking']}" for p in e["parties"])
            return f"Game over: the {party} party wins on {e['decided_by']} (each party's groups, least first: {piles})"
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        pass
    return game.describe_event(e)


# --- the table, the question, the end -----------------------------------------------------------------------------
def table(st, viewer: int | None) -> dict:
    """The table: the voter groups left with their symbols, the event on top, a persuasion under way, each party's
    voters (a party's base support to its own seats only), each seat's politician, cards beside it and hand (the
    viewer's only)."""
    game, c, n = st.game, st.game.cards, st.n
    seats = []
    for s in range(n):
        mine = viewer is None or viewer == s
        hand = None
        if mine:
            hand = [{"id": KINDS[k], "name": c.kind_names[k], "count": st.hands[s][k]}
                    for k in range(NK) if st.hands[s][k]]
        pol = st.politician[s]
        seats.append({"seat": s, "politician": c.politician_names[pol], "party": c.party_names[st.party_of[s]],
                      "skills": list(game.skills[pol]), "hand_count": st.hand_size[s], "hand": hand,
                      "beside": [c.kind_names[BESIDE_KINDS[j]] for j in range(NB) for _ in range(st.beside[s][j])],
                      "modifiers": dict(zip(GROUPS, st.mods[s]))})
    parties = []
    for i, members in enumerate(game.parties):
        counts = st.party_counts(i) if (viewer is None or st.party_of[viewer] == i or not game.has_base) \
            else list(st.collected[i])
        entry = {"party": PARTIES[i], "name": c.party_names[i], "seats": list(members),
                 "collected": dict(zip(GROUPS, st.collected[i])), "turns": st.turns[i],
                 "ranking": sorted(counts)}
        if i == 0 and game.has_base and (viewer is None or st.party_of[viewer] == 0):
            entry["base_support"] = dict(zip(GROUPS, st.base))
        parties.append(entry)
    event = None
    if st.event >= 0:
        method = next((m for m in range(len(METHODS)) if game.event_mod[st.event][m]), None)
        event = {"name": c.event_names[st.event],
                 "effect": (f"{game.event_mod[st.event][method]:+d} {_method(c, method)} power for every player"
                            if method is not None else "")}
    persuading = None
    if not st.finished and st.phase == PERSUADE:
        persuading = {"group": c.group_names[st.pg], "method": _method(c, st.pm), "played": st.pplayed,
                      "power": st.ppower, "needed": game.symbols[st.pg][st.pm]}
    return {
        "game": "politix", "turn": st.turn_count + (0 if st.finished else 1),
        "to_play": None if st.finished else st.cur, "phase": PHASE_NAMES[st.phase],
        "table": [{"group": GROUPS[g], "name": c.group_names[g], "count": st.table[g],
                   "symbols": list(game.symbols[g])} for g in range(NG)],
        "methods": [_method(c, k) for k in range(len(METHODS))],
        "event": event, "persuading": persuading, "voter_deck": len(st.voter_deck), "action_deck": len(st.deck),
        "discard": sum(st.discard), "parties": parties, "seats": seats,
        "hand": seats[viewer]["hand"] if viewer is not None else None,
    }


def _method(names, m: int) -> str:
    """A persuasion method as the table labels it ("Debate"; politicking cards are named by their method)."""
    name = names.method_names[m]
    return name[:1].upper() + name[1:]


def prompt(st, player: int) -> dict:
    """The turn's moves: draw or rest, special cards per target seat, persuasions by group and method with the
    power each needs, the cards a persuasion adds or takes, discards to the hand limit."""
    game, c = st.game, st.game.cards
    n = game.num_players
    choices = []
    for a in st.legal_actions():
        if a == A_DRAW:
            choices.append(choice(a, "Draw action cards", "3 cards (2 when you are burnt out); your turn ends",
                                  group="Turn"))
        elif a == A_REST:
            choices.append(choice(a, "Rest", "you are burnt out: rest to recover; play and draw nothing",
                                  group="Turn"))
        elif a == A_END:
            choices.append(choice(a, "End your turn", "", group="Turn"))
        elif a < game.A_GWTW:
            j, k = divmod(a - A_SPECIAL, n)
            kind = BESIDE_KINDS[j]
            target = (player + k) % n
            choices.append(choice(a, f"{c.kind_names[kind]} beside P{target}", _kind_text(game, kind),
                                  group="Special cards", card=c.kind_names[kind]))
        elif a < game.A_PERSUADE:
            j, k = divmod(a - game.A_GWTW, n)
            target = (player + k) % n
            choices.append(choice(a, f"Remove {c.kind_names[BESIDE_KINDS[j]]} from P{target}",
                                  "remove a special card from beside a player", group="Remove a card",
                                  card=c.kind_names[BESIDE_KINDS[j]]))
        elif a < game.A_ADD:
            g, m = divmod(a - game.A_PERSUADE, NM)
            need = game.symbols[g][m]
            skill = game.skills[st.politician[player]][m]
            mods = st.mods[player][g] + game.event_mod[st.event][m] if st.event >= 0 else st.mods[player][g]
            choices.append(choice(a, f"{c.group_names[g]} by {c.method_names[m]}",
                                  f"{need} symbols for one card ({st.table[g]} on the table); your bonus "
                                  f"{skill + mods:+d} (skill {skill:+d}, table {mods:+d}) plus 1 a card",
                                  group="Persuade"))
        elif a == game.A_ADD:
            choices.append(choice(a, f"Add a {c.method_names[st.pm]} card", "+1 power", group="Persuasion"))
        elif a == game.A_COFFEE:
            choices.append(choice(a, "Add coffee and cake", "wild: +1 power", group="Persuasion"))
        elif a < game.A_DISCARD:
            k = a - game.A_TAKE + 1
            choices.append(choice(a, f"Take {k} {c.group_names[st.pg]} card{'s' if k != 1 else ''}",
                                  f"needs power {game.symbols[st.pg][st.pm] + k - 1} (you have {st.ppower})",
                                  group="Persuasion"))
        else:
            kind = a - game.A_DISCARD
            choices.append(choice(a, f"Discard {c.kind_names[kind]}", "hand limit 10", group="Discard",
                                  card=c.kind_names[kind]))
    phase = {"start": "Your turn: draw, rest, or play special cards and persuade a voter group",
             "specials": "Play more special cards, start persuading, or end your turn",
             "persuade": "Persuading: add cards of the method, or take voter cards",
             "discard": "Over the hand limit: discard"}
    return {"question": phase.get(PHASE_NAMES[st.phase], "Your move"), "choices": choices}


def _kind_text(game, k: int) -> str:
    return cards().get(CARDS["action_cards"][k]["name"], "") if k < len(CARDS["action_cards"]) else ""


def cards() -> dict:
    """Every action card's, politician's, event's, voter group's and party's text, by name (the shipped cards)."""
    out = {}
    methods = {m["id"]: m["name"] for m in CARDS["methods"]}
    groups = {g["id"]: g["name"] for g in CARDS["voter_groups"]}
    for card in CARDS["action_cards"]:
        k = card["kind"]
        if k == "politicking":
            text = f"politicking card: +1 power when persuading by {methods[card['method']]}"
        elif k == "wild":
            text = "wild: +1 power in a persuasion by any method"
        elif k == "special":
            text = (f"special card, laid beside a player: {card['modifier']:+d} power against "
                    f"{groups[card['group']]} for that player")
        elif k == "burnout":
            text = "laid beside an opponent: they are burnt out, draw 2 cards instead of 3, and may rest to recover"
        elif k == "remove":
            text = "remove a special card (a burn-out too) from beside any player"
        else:
            text = k
        out[card["name"]] = f"{text} ({card['count']} in the deck)"
    for p in CARDS["politicians"]:
        skills = ", ".join(f"{methods[m]} {v:+d}" for m, v in p["skills"].items())
        out[p["name"]] = f"politician ({p['party']}-wing): {skills}"
    for e in CARDS["events"]:
        out[e["name"]] = f"event: {e['modifier']:+d} {methods[e['method']]} power for every player while on top"
    for g in CARDS["voter_groups"]:
        sym = ", ".join(f"{methods[m]} {v}" for m, v in g["symbols"].items())
        out[g["name"]] = f"voter group ({g['count']} cards); symbols (power for one card) by method: {sym}"
    for p in CARDS["parties"]:
        out[p["name"]] = f"party symbol {p['symbol']}: +{p['modifier']} against {groups[p['group']]}"
    return out


def waiting(st, p: int) -> str:
    """What the seat to move is doing in its turn's phase."""
    return {"start": f"P{p} is starting a turn", "specials": f"P{p} is playing special cards",
            "persuade": f"P{p} is persuading", "discard": f"P{p} is discarding to the hand limit"}.get(
        PHASE_NAMES[st.phase], f"P{p} is moving")


def end(st, names) -> dict:
    """The winning party and why: the least group first, then the next, then fewer turns."""
    s = st.scoring()
    c = st.game.cards
    standings = [{"party": c.party_names[PARTIES.index(p["party"])], "seats": p["seats"], "ranking": p["ranking"],
                  "total": p["total"], "turns": p["turns"]} for p in s["parties"]]
    if s["result"] != "win":
        return {"headline": "No winner: " + s["decided_by"], "why": [], "standings": standings}
    party = c.party_names[PARTIES.index(s["winning_party"])]
    return {"headline": f"The {party} party ({seats_named(names, s['winners'])}) won on {s['decided_by']}",
            "why": ["Each party's voter cards are counted per group and sorted, least first; the party whose least "
                    "group is largest wins, then the second least, and so on; a tie goes to fewer turns. "
                    "The total number of voters does not decide."],
            "standings": standings}
