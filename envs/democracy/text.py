"""Democracy as text: action names, event lines, the table rendering, and how a move reads to the other seats."""
from __future__ import annotations

from typing import Callable

from .cards import FIVE, JOKER, NUM_KINDS, RANKS, SUIT_NAMES, SUITS, card_name, trick_winner


def action_name(action: int) -> str:
    """The action's name: ``"play 5S"``."""
    return "play " + card_name(action)


def move_forms(action: int) -> list[str]:
    """The short ways to type ``action``: the card's name, and ``JK`` for a joker."""
    return [card_name(action)] + (["JK"] if action == JOKER else [])


def hidden_move(state, player: int, action: int) -> str:
    """What the other seats see of a commitment: every card is committed face down (DEM-A1)."""
    return "play a card face down"


def revealed_by_move(state, player: int, action: int) -> str | None:
    """The trick turned up by the last seat's commitment (its cards and result), or ``None`` before that."""
    if state.turn == state.n - 1:
        plays = list(state.plays)
        plays[player] = action
        upcard = state.pool[state.trick]
        winner = trick_winner(plays, upcard)
        outcome = "a tie: each keeps its card" if winner is None else f"P{winner} wins it"
        return (f"trick turned up (upcard {card_name(upcard)}): "
                + ", ".join(f"P{p} {card_name(c)}" for p, c in enumerate(plays)) + f" -> {outcome}")
    return None


def describe_event(event: dict, generic: Callable[[dict], str]) -> str:
    """One line of table talk for a Democracy event (RULES.md, "Events"); ``generic`` words anything else."""
    kind = event.get("type")
    try:
        if kind == "deal":
            day = ("first", "second")[event["day"] - 1]
            return (f"Island {event['island']}, {day} day: P{event['dealer']} deals {event['cards_each']} cards "
                    f"each and to the voting pool; upcard {event['upcard']}")
        if kind == "trick":
            plays = ", ".join(f"P{p} {c}" for p, c in enumerate(event["plays"]))
            trump = f"trump {event['trump']}" if event["trump"] else "no trump"
            if event["winner"] is None:
                ranks = [FIVE if c == "JOKER" else RANKS.index(c[:-1]) for c in event["plays"]]
                tied = " and ".join(f"P{p}" for p, r in enumerate(ranks) if r == max(ranks))
                result = f"tie between {tied}: each keeps its own card, upcard {event['upcard']} discarded"
            else:
                how = {"trump": "highest trump", "six_beats_five": "the 6 of trump beats the 5",
                       "highest": "highest card, no trump played"}[event["how"]]
                result = f"P{event['winner']} wins with {event['plays'][event['winner']]} ({how})"
            return f"Trick {event['trick']} (upcard {event['upcard']}, {trump}): {plays} -> {result}"
        if kind == "island":
            scored = ", ".join(f"{suit} to P{p}" for suit, p in event["scored"].items() if p is not None)
            tribes = " ".join(f"P{p}={t}" for p, t in enumerate(event["tribes"]))
            return f"Island {event['island']} scored: {scored or 'no tribe scored'}; tribes {tribes}"
        if kind == "game_end":
            if event["truncated"]:
                return f"Game truncated after {event['islands']} islands: no winner"
            won = ", ".join(f"P{p}" for p in event["winners"])
            tribes = " ".join(f"P{p}={t}" for p, t in enumerate(event["tribes"]))
            return f"Game over after {event['islands']} island(s): {won} won; tribes {tribes}"
    except (KeyError, TypeError, IndexError, ValueError):
        pass  # a hand-made or foreign event: the generic wording below
    return generic(event)


def render(state, player: int | None = None) -> str:
    """The table as text; with ``player`` set, only what that seat may see."""
    def cards_text(counts):
        return " ".join(card_name(c) for c in range(NUM_KINDS) for _ in range(counts[c])) or "-"
    lines = []
    day = ("first", "second")[state.day]
    if state.finished:
        result = ("truncated, no winner" if state.truncated
                  else "winner(s): " + ", ".join(f"P{p}" for p in state.winners()))
        lines.append(f"Democracy {state.n}p - game over after {state.island} island(s); {result}")
    else:
        up = state.pool[state.trick]
        trump = "no trump" if up == JOKER else f"trump {SUIT_NAMES[up // 12]}"
        lines.append(f"Democracy {state.n}p - island {state.island + 1}, {day} day, trick {state.trick + 1}/"
                     f"{len(state.pool)}, dealer P{state.dealer}, upcard {card_name(up)} ({trump})")
        lines.append(f"To play: P{state.current_player()}; voting-pool cards left unturned: "
                     f"{len(state.pool) - state.trick - 1}")
    lines.append("Tribes: " + "  ".join(f"P{p}={t}" for p, t in enumerate(state.tribes)))
    for p in range(state.n):
        pts = " ".join(f"{SUITS[s]}{state.points[p][s]}" for s in range(4))
        if player is None or player == p:
            hand = cards_text(state.hands[p])
            play = "" if state.plays[p] < 0 else f"  committed: {card_name(state.plays[p])}"
        else:
            hand = f"{sum(state.hands[p])} cards"
            play = "  committed" if state.plays[p] >= 0 else ""
        lines.append(f"P{p}: hand {hand}{play} | points {pts} | won {cards_text(state.captured[p])}")
    if state.last_trick:
        won = "tie: each kept its card" if state.last_winner is None else f"P{state.last_winner} won"
        lines.append("Last trick: " + ", ".join(f"P{p} {card_name(c)}" for p, c in enumerate(state.last_trick))
                     + f" -> {won}")
    return "\n".join(lines)
