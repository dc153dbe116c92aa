"""Politrickers as text: action names, the table rendering, one line per event, and the text of a move that the
terminal and the web show (a face-down play hidden from the others, the short forms a person may type).
"""
from __future__ import annotations

from .cards import (DOWN, FLIP, MIG_FROM_CLAWS, MIG_FROM_TAILS, MIG_NO_TOKEN, MIGRATION, PARTY_NAMES, ROUNDS,
                    SUIT_NAMES, TRICKS_PER_ROUND, card_name)


def action_name(action: int) -> str:
    """The name of ``action`` (RULES.md, "Actions"): ``play Env4``, ``play Mig (move my token Tails->Claws)``,
    ``pay 1 token to switch party, then play Saf2``."""
    pre = ""
    if action >= FLIP:
        pre, action = "pay 1 token to switch party, then ", action - FLIP
    if action == MIG_FROM_TAILS:
        return pre + "play Mig (move my token Tails->Claws)"
    if action == MIG_FROM_CLAWS:
        return pre + "play Mig (move my token Claws->Tails)"
    if action == MIG_NO_TOKEN:
        return pre + "play Mig (no token of mine on the Libra)"
    return pre + "play " + card_name(action)


def render(state, player: int | None = None) -> str:
    """The table as text; with ``player`` set, only what that seat may see."""
    lines = []
    if state.finished:
        lines.append(f"Politrickers {state.n}p - game over; winner(s): "
                     + ", ".join(f"P{p}" for p in state._winners))
    else:
        rs = "-" if state.ruling_suit < 0 else SUIT_NAMES[state.ruling_suit]
        rp = "-" if state.ruling_party < 0 else PARTY_NAMES[state.ruling_party]
        os_ = "-" if state.opp_suit < 0 else SUIT_NAMES[state.opp_suit]
        lines.append(f"Politrickers {state.n}p - round {state.round + 1}/{ROUNDS}, trick {state.tricks_done + 1}/"
                     f"{TRICKS_PER_ROUND}, Chair P{state.leader}, to play P{state.current_player()}")
        lines.append(f"Ruling Party {rp}, Ruling Suit {rs}, Opposition Suit {os_}")
    lines.append(f"Libra: Tails {state.plate[0]} " + str(state.libra[0]) + f" | Claws {state.plate[1]} "
                 + str(state.libra[1]))
    for p in range(state.n):
        if player is None or player == p:
            hand = " ".join(card_name(c) for c in state.hands[p]) or "-"
        else:
            hand = f"{len(state.hands[p])} cards"
        c = state.plays[p]
        if c < 0:
            play = ""
        elif state.down[p]:
            play = "  played: face down" + (f" ({card_name(c)})" if player in (None, p) else "")
        else:
            play = f"  played: {card_name(c)}"
        lines.append(f"P{p} [{PARTY_NAMES[state.party[p]]}] VP {state.vp[p]} tokens {state.tokens[p]} "
                     f"spent {state.spent[p]} tricks {state.tricks_won[p]} | hand {hand}{play}")
    for h in state.history:
        lines.append(f"Round {h['round']}: {h['end']} -> VP {h['points']}")
    return "\n".join(lines)


def describe_event(e: dict) -> str:
    """One line of text for a Politrickers event (a seat's view or the omniscient one)."""
    kind = e.get("type")
    private = e.get("private") or {}
    if kind == "round_start":
        line = (f"Round {e['round']} begins: Chair P{e['chair']}; parties "
                + " ".join(f"P{p} {q}" for p, q in enumerate(e["parties"])))
        if "hand" in e:
            line += "; your hand: " + " ".join(e["hand"])
        return line
    if kind == "trick":
        sums = ", ".join(f"{s} {v}" for s, v in e["sums"].items())
        why = "Economy is trump" if e["trump"] else f"{e['popular']} is Popular ({sums})"
        downs = []
        for p in e["face_down"]:
            card = private.get(p, private.get(str(p), {})).get("face_down_card")
            downs.append(f"P{p}" + (f" ({card})" if card else ""))
        line = f"Round {e['round']} trick {e['trick']}: P{e['winner']} wins with {e['card']}, {why}"
        if downs:
            line += "; face down: " + ", ".join(downs)
        if "face_down_card" in e:
            line += f" (yours: {e['face_down_card']})"
        if not e["token_to"]:
            return line + "; no token left: Disgraced"
        return line + f"; token to {e['token_to']} (Tails {e['plates']['Tails']}, Claws {e['plates']['Claws']})"
    if kind == "party_switch":
        return f"P{e['seat']} switches to {e['party']}" + (" (paid 1 Power Token)" if e["paid"] else " (forced)")
    if kind == "libra":
        return (f"P{e['seat']} moves a token (Migration) onto the {e['plate']} plate: Tails {e['plates']['Tails']}, "
                f"Claws {e['plates']['Claws']}")
    if kind == "round_end":
        how = {"disgraced": f"P{e['disgraced']} is Disgraced", "collapse": f"the {e['collapsed']} plate collapses",
               "balanced": "balanced" + (f", the {e['scoring_plate']} plate scores" if e["scoring_plate"] else "")}
        line = (f"Round {e['round']} ends after {e['tricks']} tricks ({how[e['end']]}): points {e['points']}, "
                f"VP {e['vp']}")
        if e["zero_trick_bonus"]:
            line += "; 0 tricks won: " + ", ".join(f"P{p}" for p in e["zero_trick_bonus"])
        return line
    if kind == "game_end":
        return f"Game over after {e['rounds']} round(s): " + ", ".join(f"P{p}" for p in e["winners"]) \
            + f" win(s); VP {e['vp']}"
    fields = ", ".join(f"{k}={v}" for k, v in e.items() if k not in ("type", "private"))
    return f"{kind}: {fields}"


def hidden_move(state, player: int, action: int) -> str | None:
    """What the other seats see of ``action`` of ``player`` (about to be applied) when it hides the card: a card
    played face down (after a paid switch, if any); ``None`` when the card is played face up."""
    state.legal_actions()  # fills the per-action play modes
    if state._modes.get(action) == DOWN:
        return ("pay 1 token to switch party, then " if action >= FLIP else "") + "play a card face down"
    return None


def move_forms(action: int) -> list[str]:
    """The short ways to type ``action``: the card's name (``Env6``), ``Mig``, and ``switch ...`` for the paid
    switch first."""
    if action >= FLIP:
        return ["switch " + f for f in move_forms(action - FLIP)]
    return ["Mig"] if action >= MIGRATION else [card_name(action)]
