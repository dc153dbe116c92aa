"""Democracy on the web page: the table as drawn, the question and its choices, the story's wording, the end, the
quick rules and the set-up form's words (the names every game's ``web.py`` has: :mod:`hustings.core.page`)."""
from __future__ import annotations

from ..core.page import choice, seats_named
from .cards import JOKER, NUM_KINDS, POINTS, RANKS, SUIT_NAMES, card_name

#: The kind of table the page draws: suited cards committed face down to tricks under an upcard.
LAYOUT = "suit-tricks"
#: Event types that open a new part of the game (a day of an island).
HEADS = {"deal"}
#: Event types that change the score or decide something (the rest are minor).
MAJOR = {"trick", "island", "game_end"}
#: The story names each move by the card played.
STORY_LABELS = False

#: A few lines a new player reads first.
QUICK_RULES = [
    "Every trick, each player commits one card face down; when all have committed the trick is turned up.",
    "The upcard turned from the voting pool names trump. The highest trump wins; with no trump played the "
    "highest card wins. The 6 of trump beats the 5 of trump when both are played.",
    "Ranks, low to high: 6 7 8 9 10 J Q K A 3 4 5. Points: 5 = 5, 4 = 4, 3 and A = 3, K Q J = 2, "
    "10 9 8 7 = 1, 6 = 0; a joker is a non-trump 5 worth nothing.",
    "At the end of an island, 13 or more points of one suit win that suit's tribe. The first to 5 tribes wins.",
]


def cards() -> dict:
    """No card texts: a card's name says what it is."""
    return {}


def setup_words() -> dict:
    """The set-up form's words for each option."""
    return {"max_islands": {"label": "Island limit", "help": "the game stops with no winner after this many "
                            "islands (empty: no limit)"}}


# --- the story ----------------------------------------------------------------------------------------------------
def story_line(game, events: list[dict], i: int) -> str:
    """An island's tribes and points, a trick's winner with an arrow, the game's winners; else the event's own line."""
    e = events[i]
    try:
        if e["type"] == "island":
            took = [f"P{p} takes {suit} ({e['points'][p][SUIT_NAMES.index(suit)]} points)"
                    for suit, p in e["scored"].items() if p is not None]
            tribes = ", ".join(f"P{p} {t}" for p, t in enumerate(e["tribes"]))
            return (f"Island {e['island']}: " + ("; ".join(took) if took else "no suit reached 13 points: no tribe")
                    + f". Tribes now: {tribes}")
        if e["type"] == "trick":
            line = game.describe_event(e)
            return line.replace("-> ", "→ ")
        if e["type"] == "game_end" and not e["truncated"]:
            won = " and ".join(f"P{p}" for p in e["winners"])
            return f"{won} won with {max(e['tribes'])} tribes after {e['islands']} island(s)"
    except (KeyError, TypeError, ValueError, IndexError):
        pass
    return game.describe_event(e)


# --- the table, the question, the end -----------------------------------------------------------------------------
def table(st, viewer: int | None) -> dict:
    """The table: the upcard and trump, this trick (committed cards face down but the viewer's), the last trick with
    its winner and why, each seat's tribes, points per suit, hand (the viewer's only) and cards won."""

    def listed(counts):
        return [card_name(c) for c in range(NUM_KINDS) for _ in range(counts[c])]

    n = st.n
    up = st.pool[st.trick] if not st.finished and st.pool else None
    seats = []
    for p in range(n):
        mine = viewer is None or viewer == p
        seats.append({"seat": p, "tribes": st.tribes[p], "points": dict(zip(SUIT_NAMES, st.points[p])),
                      "hand_count": sum(st.hands[p]), "hand": listed(st.hands[p]) if mine else None,
                      "committed": st.plays[p] >= 0,
                      "card": card_name(st.plays[p]) if mine and st.plays[p] >= 0 else None,
                      "won": listed(st.captured[p])})
    last = None
    if st.last_trick:
        last = {"plays": [card_name(c) for c in st.last_trick], "winner": st.last_winner}
        for e in reversed(st.events(viewer, max(0, len(st.event_log) - 30))):
            if e["type"] == "trick":
                last.update(upcard=e["upcard"], trump=e["trump"], how=e["how"], trick=e["trick"])
                break
    return {
        "game": "democracy", "island": st.island + (0 if st.finished else 1), "day": st.day + 1,
        "trick": st.trick + 1, "tricks": len(st.pool), "dealer": st.dealer,
        "upcard": None if up is None else card_name(up),
        "trump": None if up is None or up == JOKER else SUIT_NAMES[up // 12],
        "pool_left": max(0, len(st.pool) - st.trick - 1) if not st.finished else 0,
        "to_play": None if st.finished else st.current_player(),
        "seats": seats, "hand": seats[viewer]["hand"] if viewer is not None else None,
        "last_trick": last, "discards": [card_name(c) for c in st.discards],
        "rank_order": list(RANKS), "goal": "13 points of a suit on an island win its tribe; 5 tribes win",
    }


def prompt(st, player: int) -> dict:
    """Commit a card: each card in hand by suit and rank, with its points and whether it is trump."""
    up = st.pool[st.trick]
    trump = None if up == JOKER else up // 12
    order = {r: i for i, r in enumerate(RANKS)}
    choices = []
    for a in st.legal_actions():
        name = card_name(a)
        if a == JOKER:
            detail = "a joker: counts as a non-trump 5, scores nothing"
        else:
            suit, rank = a // 12, RANKS[a % 12]
            detail = (f"{rank} of {SUIT_NAMES[suit]}" + (" (trump)" if suit == trump else "")
                      + f", {POINTS[a]} point{'s' if POINTS[a] != 1 else ''}")
        choices.append(choice(a, name, detail, card=name))
    choices.sort(key=lambda c: (c["card"] == "JOKER", c["card"][-1], order.get(c["card"][:-1], 0)))
    trump_text = "no trump (a joker is up)" if trump is None else f"trump is {SUIT_NAMES[trump]}"
    return {"question": f"Trick {st.trick + 1}: the upcard is {card_name(up)}, {trump_text}. Commit a card face "
                        f"down; the trick is turned up when everyone has committed.", "choices": choices}


def waiting(st, p: int) -> str:
    """Every seat commits a card."""
    return f"P{p} is committing a card"


def end(st, names) -> dict:
    """The winners by tribes, or the island cap that stopped the game."""
    won = st.winners()
    standings = [{"seat": p, "score": st.tribes[p], "unit": "tribes"} for p in range(st.n)]
    if st.truncated or not won:
        return {"headline": f"No winner: the game stopped after {st.island} islands (the island cap)",
                "why": [], "standings": standings}
    return {"headline": f"{seats_named(names, won)} won with {st.tribes[won[0]]} tribes",
            "why": ["A tribe is won by taking 13 or more points of one suit on an island; the first to 5 tribes "
                    "wins (ties: everyone who reached the most tribes)."],
            "standings": standings}
