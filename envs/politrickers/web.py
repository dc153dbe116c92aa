"""Politrickers on the web page: the table as drawn, the question and its choices, the story's wording, the end, the
quick rules and the card reference (the names every game's ``web.py`` has: :mod:`hustings.core.page`)."""
from __future__ import annotations

from ..core.page import choice, seats_named
from .cards import (DOWN, FLIP, MIG_FROM_CLAWS, MIG_FROM_TAILS, MIGRATION, PARTY_NAMES, PLATE_MAX, ROUNDS, SUIT,
                    SUIT_NAMES, SUIT_SHORT, TRICKS_PER_ROUND, card_name)

#: The kind of table the page draws: tricks with parties and the Libra's two plates of tokens.
LAYOUT = "libra-tricks"
#: Event types that open a new part of the game (a round).
HEADS = {"round_start"}
#: Event types that change the score or decide something (the rest are minor).
MAJOR = {"trick", "round_end", "game_end"}
#: The story names each move by the card played.
STORY_LABELS = False

#: A few lines a new player reads first.
QUICK_RULES = [
    "Each player belongs to a party, Tails or Claws. The first card of a trick sets the Ruling Suit and Party.",
    "Ruling-Party players follow the Ruling Suit; the Opposition follows the Opposition Suit. If you cannot "
    "follow, you may have to switch party, or play a card face down (it cannot win).",
    "The suit with the larger sum is the Popular Policy; its lowest card wins. Economy is trump: the last "
    "Economy card played wins.",
    "The winner puts a Power Token on its party's plate of the Libra. Win a trick with no token left and you "
    "are Disgraced; a plate with 7 tokens collapses. After 3 rounds (or at 7 VP) the most VP wins.",
]


def cards() -> dict:
    """Each suit's text by its short name (``Env``...): the page shows it beside a card of that suit."""
    out = {short: f"{name}: a main suit, values 1-10 (low cards win the Popular Policy)"
           for short, name in zip(SUIT_SHORT[:4], SUIT_NAMES[:4])}
    out["Eco"] = "Economy: trump. Played face up, Economy is Popular and the last Economy card played wins"
    out["Mig"] = ("Migration: playable on any turn; move one of your tokens on the Libra to the other plate. It sets "
                  "no suit and cannot win")
    return out


def setup_words() -> dict:
    """No options to word."""
    return {}


# --- the story ----------------------------------------------------------------------------------------------------
def story_line(game, events: list[dict], i: int) -> str:
    """A trick's cards, winner and why, where the token went; a round's end and its points; the game's winners."""
    e = events[i]
    try:
        if e["type"] == "trick":
            plays = ", ".join(f"P{p} {c}" for p, c in e["cards"])
            downs = e.get("face_down") or []
            if downs:
                plays += ", " + ", ".join(f"P{p} face down" for p in downs)
            why = ("Economy is trump" if e["trump"] else
                   f"{e['popular']} is the Popular Policy (" + ", ".join(f"{s} {v}" for s, v in e["sums"].items())
                   + ")")
            token = (f"; token to {e['token_to']} (Tails {e['plates']['Tails']}, Claws {e['plates']['Claws']})"
                     if e["token_to"] else "; no token left: Disgraced")
            return (f"Trick {e['trick']}: {plays} → P{e['winner']} wins the trick with {e['card']}, {why}{token}"
                    + (f" (your face-down card: {e['face_down_card']})" if e.get("face_down_card") else ""))
        if e["type"] == "round_end":
            how = {"disgraced": f"P{e['disgraced']} is Disgraced (won a trick with no token left): the others "
                                f"score their unspent tokens",
                   "collapse": f"the {e['collapsed']} plate collapses: each scores its tokens on the other plate "
                               f"less those on the fallen one",
                   "balanced": "balanced after 9 tricks" + (f": the heavier {e['scoring_plate']} plate scores"
                                                             if e["scoring_plate"] else "")}[e["end"]]
            pts = ", ".join(f"P{p} {v:+d}" for p, v in enumerate(e["points"]))
            vp = ", ".join(f"P{p} {v}" for p, v in enumerate(e["vp"]))
            line = f"Round {e['round']} ends, {how}. Round points: {pts}. VP now: {vp}"
            if e["zero_trick_bonus"]:
                line += " (0 tricks won, best score of the round: " + ", ".join(
                    f"P{p}" for p in e["zero_trick_bonus"]) + ")"
            return line
        if e["type"] == "game_end":
            won = " and ".join(f"P{p}" for p in e["winners"])
            return f"Game over after {e['rounds']} round(s): {won} won with {max(e['vp'])} VP"
    except (KeyError, TypeError, ValueError, IndexError):
        pass
    return game.describe_event(e)


# --- the table, the question, the end -----------------------------------------------------------------------------
def table(st, viewer: int | None) -> dict:
    """The table: the round and trick, the Ruling Party and Suits, the Libra's plates, this trick (a face-down card
    shown to its player only), the last trick, each seat's party, VP, tokens and hand (the viewer's only)."""
    n = st.n
    start = getattr(st, "trick_start", st.leader)
    trick = []
    for k in range(n):
        p = (start + k) % n
        c = st.plays[p]
        if c < 0:
            continue
        shown = (not st.down[p]) or viewer is None or viewer == p
        trick.append({"seat": p, "card": card_name(c) if shown else None, "down": bool(st.down[p])})
    seats = []
    for p in range(n):
        mine = viewer is None or viewer == p
        seats.append({"seat": p, "party": PARTY_NAMES[st.party[p]], "vp": st.vp[p], "tokens": st.tokens[p],
                      "spent": st.spent[p], "tricks": st.tricks_won[p], "hand_count": len(st.hands[p]),
                      "hand": [card_name(c) for c in st.hands[p]] if mine else None,
                      "libra": {"Tails": st.libra[0][p], "Claws": st.libra[1][p]}})
    return {
        "game": "politrickers", "round": min(st.round + 1, ROUNDS), "rounds": ROUNDS,
        "trick": st.tricks_done + 1, "tricks": TRICKS_PER_ROUND, "chair": st.leader,
        "to_play": None if st.finished else st.current_player(),
        "ruling_party": None if st.ruling_party < 0 else PARTY_NAMES[st.ruling_party],
        "ruling_suit": None if st.ruling_suit < 0 else SUIT_NAMES[st.ruling_suit],
        "opposition_suit": None if st.opp_suit < 0 else SUIT_NAMES[st.opp_suit],
        "plates": {"Tails": st.plate[0], "Claws": st.plate[1]}, "plate_max": PLATE_MAX,
        "current_trick": trick, "seats": seats, "hand": seats[viewer]["hand"] if viewer is not None else None,
        "last_trick": _last_trick(st, viewer),
        "rounds_played": [{"round": h["round"], "end": h["end"], "points": h["points"]} for h in st.history],
    }


def _last_trick(st, viewer):
    """The last complete trick of the round as ``viewer`` saw it (its event): cards in play order, the winner, why."""
    for e in reversed(st.events(viewer, max(0, len(st.event_log) - 40))):
        if e["type"] == "round_start":
            return None
        if e["type"] == "trick":
            played = [{"seat": p, "card": c} for p, c in e["cards"]]
            mine = e.get("face_down_card")
            for p in e.get("face_down") or []:
                seen = mine if p == viewer else (e.get("private") or {}).get(p, {}).get("face_down_card")
                played.append({"seat": p, "card": seen, "down": True})
            return {"trick": e["trick"], "cards": played, "winner": e["winner"], "card": e["card"],
                    "popular": e["popular"], "trump": e["trump"], "sums": e["sums"], "token_to": e["token_to"]}
    return None


def prompt(st, player: int) -> dict:
    """Play a card: each card once, face up or down, a paid party switch first as its own choice."""
    legal = st.legal_actions()
    modes = st.play_modes()
    groups: dict[int, dict] = {}
    for a in legal:
        base = a - FLIP if a >= FLIP else a
        card = MIGRATION if base >= MIGRATION else base
        name = card_name(card)
        if base == MIG_FROM_TAILS:
            how = "play Migration: move one of your tokens Tails → Claws"
        elif base == MIG_FROM_CLAWS:
            how = "play Migration: move one of your tokens Claws → Tails"
        elif base >= MIGRATION:
            how = "play Migration (no token of yours on the Libra: no effect)"
        else:
            how = (f"play {name} face down (it cannot win)" if modes.get(a) == DOWN else
                   f"play {name} face up" + (f" ({SUIT_NAMES[SUIT[card]]})" if SUIT[card] >= 0 else ""))
        other = PARTY_NAMES[1 - st.party[player]]
        label = (f"Switch to {other} (1 token), then {how[0].lower() + how[1:]}" if a >= FLIP
                 else how[0].upper() + how[1:])
        entry = groups.setdefault(base * 1 if base < MIGRATION else 100 + base, {"card": name, "plays": []})
        entry["plays"].append(choice(a, label, "", group=name, card=name, switch=a >= FLIP,
                                     down=modes.get(a) == DOWN))
    choices = []
    for key in sorted(groups):
        for c in groups[key]["plays"]:
            choices.append(c)
    lead = st.ruling_suit < 0
    if lead:
        q = "You lead this trick: your card sets the Ruling Suit and your party becomes the Ruling Party."
    else:
        q = (f"Ruling Party {PARTY_NAMES[st.ruling_party]}, Ruling Suit {SUIT_NAMES[st.ruling_suit]}"
             + (f", Opposition Suit {SUIT_NAMES[st.opp_suit]}" if st.opp_suit >= 0 else "")
             + f". You are {PARTY_NAMES[st.party[player]]}: play a card.")
    if any(c["switch"] for c in choices):
        q += " (A card's lower button switches your party first, for 1 token.)"
    return {"question": q, "choices": choices}


def waiting(st, p: int) -> str:
    """The seat to move plays to the trick."""
    return f"P{p} is playing to the trick"


def end(st, names) -> dict:
    """The winners by VP and how the last round ended."""
    won = st.winners()
    standings = [{"seat": p, "score": st.vp[p], "unit": "VP"} for p in range(st.n)]
    why = ["After a round someone reached 7 VP, or 3 rounds were played: the highest VP wins; a tie goes to the "
           "higher VP of the last round."]
    if st.history:
        last = st.history[-1]
        why.append(f"Last round: {last['end']}, points " + ", ".join(f"P{p} {v:+d}" for p, v in
                                                                     enumerate(last["points"])))
    return {"headline": f"{seats_named(names, won)} won with {st.vp[won[0]]} VP" if won else "No winner",
            "why": why, "standings": standings}
