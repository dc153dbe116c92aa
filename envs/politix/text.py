"""Politix as text: action names, the table talk of events, the table rendered for a seat, and the ways a move is
shown to and typed by a person (the seat behind a relative ``seat+1``, short forms such as ``farmers debate``)."""
from __future__ import annotations

import re

from ..core.rules import Game
from .cards import (A_DRAW, A_END, A_REST, A_SPECIAL, BESIDE_KINDS, EVENTS, GROUP_NAMES, GROUPS, KIND_NAMES, KINDS,
                    METHOD_NAMES, METHODS, NB, NG, NK, NM, PERSUADE, PHASE_NAMES)


def action_name(game, action: int) -> str:
    """The name of ``action`` in the flat action table (seats relative to the acting player: ``seat+1``)."""
    n = game.num_players
    if not 0 <= action < game.num_actions:
        raise ValueError(f"politix: action {action} out of range 0..{game.num_actions - 1}")
    if action == A_DRAW:
        return "draw"
    if action == A_REST:
        return "rest (discard Burnout)"
    if action == A_END:
        return "end turn"
    if action < game.A_GWTW:
        j, k = divmod(action - A_SPECIAL, n)
        return f"play {KIND_NAMES[BESIDE_KINDS[j]]} on seat+{k}"
    if action < game.A_PERSUADE:
        j, k = divmod(action - game.A_GWTW, n)
        return f"Gone with the wind: remove {KIND_NAMES[BESIDE_KINDS[j]]} from seat+{k}"
    if action < game.A_ADD:
        g, m = divmod(action - game.A_PERSUADE, NM)
        return f"persuade {GROUP_NAMES[g]} by {METHOD_NAMES[m]}"
    if action == game.A_ADD:
        return "add a politicking card of the method"
    if action == game.A_COFFEE:
        return "add a coffee and cake card"
    if action < game.A_DISCARD:
        return f"take {action - game.A_TAKE + 1} voter card(s)"
    return f"discard {KIND_NAMES[action - game.A_DISCARD]}"


def describe_event(game, event: dict) -> str:
    """One line of table talk for an event of ``state.events()`` (any seat's view)."""
    t, c = event["type"], game.cards
    who = f"P{event['player']}" if "player" in event else ""

    def kind(k):
        return c.kind_names[KINDS.index(k)] if k in KINDS else str(k)

    def group(g):
        return c.group_names[GROUPS.index(g)] if g in GROUPS else str(g)

    def method(m):
        return c.method_names[METHODS.index(m)] if m in METHODS else str(m)
    if t in ("deal", "position"):
        hand = f"; your hand: {', '.join(kind(k) for k in event['hand']) or 'empty'}" if "hand" in event else ""
        table = ", ".join(f"{group(g)} {v}" for g, v in event["table"].items() if v)
        return (f"{'Dealt' if t == 'deal' else 'Position set'}: politicians {', '.join(event['politicians'])}; "
                f"table {table}; P{event['to_move']} to move{hand}")
    if t == "draw":
        cards = f": {', '.join(kind(k) for k in event['cards'])}" if "cards" in event else ""
        return f"{who} draws {event['count']} action card(s){cards}"
    if t == "reshuffle":
        return f"The discard pile ({event['size']} cards) is shuffled into a new draw pile"
    if t == "rest":
        return f"{who} rests and discards Burnout"
    if t == "special":
        return f"{who} plays {kind(event['card'])} beside P{event['onto']}"
    if t == "gone_with_the_wind":
        return f"{who} plays Gone with the wind: {kind(event['card'])} removed from P{event['removed_from']}"
    if t == "persuade":
        return (f"{who} starts persuading {group(event['group'])} by {method(event['method'])} "
                f"(power {event['power']})")
    if t == "play":
        return f"{who} plays {kind(event['card'])} (power {event['power']})"
    if t == "persuasion":
        parts = event["power_parts"]
        bits = ", ".join(f"{k.replace('_', ' ')} {v:+d}" for k, v in parts.items() if k != "cards" and v)
        drawn = [group(v) if v in GROUPS else c.event_names[EVENTS.index(v)] for v in event["refill"]]
        refill = f"; refilled: {', '.join(drawn)}" if drawn else ""
        if event["event_now"] != event["event"] and event["event_now"]:
            refill += f"; event now: {c.event_names[EVENTS.index(event['event_now'])]}"
        return (f"{who} persuades {event['taken']} {group(event['group'])} by {method(event['method'])}: power "
                f"{event['power']} ({bits + ', ' if bits else ''}{parts['cards']} card(s)) against "
                f"{event['needed']} needed ({event['symbols']} symbols + {event['taken'] - 1}){refill}")
    if t == "discard":
        return f"{who} discards {kind(event['card'])} (hand limit)"
    if t == "game_end":
        piles = "; ".join(f"{p['party']} {p['ranking']} ({p['turns']} turns)" for p in event["parties"])
        if event["result"] == "win":
            return f"Game over: {event['winning_party']} wins on {event['decided_by']}: {piles}"
        return f"Game over: {event['result']}: {piles}"
    return Game.describe_event(game, event)


def render(state, player: int | None = None) -> str:
    """The table as text: everything (``player=None``) or what seat ``player`` sees (the other hands' sizes)."""
    n, c = state.n, state.game.cards
    lines = []
    if state.finished:
        if state.truncated:
            result = "truncated, no winner"
        elif state._winners:
            result = f"winner: {c.party_names[state.party_of[state._winners[0]]]} party"
        else:
            result = "a tie"
        lines.append(f"Politix {n}p - game over after {state.turn_count} turns; {result}")
    else:
        lines.append(f"Politix {n}p - turn {state.turn_count + 1}, P{state.cur} to move ({PHASE_NAMES[state.phase]})")
        if state.phase == PERSUADE:
            lines.append(f"  persuading {c.group_names[state.pg]} by {c.method_names[state.pm]}: {state.pplayed} "
                         f"card(s) played, power {state.ppower}, one card needs "
                         f"{state.game.symbols[state.pg][state.pm]}")
    lines.append("Table: " + ", ".join(f"{c.group_names[g]} {state.table[g]}" for g in range(NG) if state.table[g])
                 + f" | voter deck {len(state.voter_deck)} | event: "
                 + (c.event_names[state.event] if state.event >= 0 else "none"))
    for i, seats in enumerate(state.game.parties):
        counts = state.collected[i]
        base = ""
        if i == 0 and state.game.has_base and (player is None or state.party_of[player] == 0):
            base = " + base " + ",".join(f"{GROUPS[g]}:{state.base[g]}" for g in range(NG) if state.base[g])
        lines.append(f"{c.party_names[i]} ({', '.join(f'P{s}' for s in seats)}): "
                     + " ".join(f"{GROUPS[g]}:{counts[g]}" for g in range(NG)) + base + f" | turns {state.turns[i]}")
    for s in range(n):
        if player is None or player == s:
            hand = " ".join(f"{KINDS[k]}x{state.hands[s][k]}" for k in range(NK) if state.hands[s][k]) or "-"
        else:
            hand = f"{state.hand_size[s]} cards"
        bes = ", ".join(c.kind_names[BESIDE_KINDS[j]] for j in range(NB) for _ in range(state.beside[s][j]))
        lines.append(f"P{s} {c.politician_names[state.politician[s]]}: hand {hand}"
                     + (f" | beside: {bes}" if bes else ""))
    lines.append(f"Action deck {len(state.deck)}, discard {sum(state.discard)}")
    return "\n".join(lines)


def display_name(game, player: int, action: int) -> str:
    """The action's name as the table shows it to ``player``: relative seats (``seat+1``) followed by the seat they
    are (``seat+1 (P3)``)."""
    name = game.action_name(action)
    return re.sub(r"seat\+(\d+)", lambda m: f"{m[0]} (P{(player + int(m[1])) % game.num_players})", name)


def move_forms(game, player: int, a: int) -> list[str]:
    """The short ways to type action ``a`` for ``player``: ``draw``, ``rest``, ``end``, ``farmers debate``,
    ``add``, ``coffee``, ``take 2``, ``beauty_salon P2``, ``gwtw curfew P1``, and the card's kind to discard it
    (``twist``); the first is offered as an example."""
    n = game.num_players
    if a == A_DRAW:
        return ["draw"]
    if a == A_REST:
        return ["rest"]
    if a == A_END:
        return ["end"]
    if a < game.A_GWTW:
        j, k = divmod(a - A_SPECIAL, n)
        kind, seat = BESIDE_KINDS[j], (player + k) % n
        return [f"{KINDS[kind]} P{seat}", f"{KIND_NAMES[kind]} P{seat}"]
    if a < game.A_PERSUADE:
        j, k = divmod(a - game.A_GWTW, n)
        kind, seat = BESIDE_KINDS[j], (player + k) % n
        return [f"gwtw {KINDS[kind]} P{seat}", f"remove {KINDS[kind]} P{seat}",
                f"remove {KIND_NAMES[kind]} P{seat}"]
    if a < game.A_ADD:
        g, m = divmod(a - game.A_PERSUADE, NM)
        return [f"{GROUPS[g]} {METHODS[m]}", f"{GROUP_NAMES[g]} {METHOD_NAMES[m]}",
                f"{GROUPS[g]} {METHOD_NAMES[m]}", f"{GROUP_NAMES[g]} {METHODS[m]}"]
    if a == game.A_ADD:
        return ["add"]
    if a == game.A_COFFEE:
        return ["coffee", "add coffee"]
    if a < game.A_DISCARD:
        return [f"take {a - game.A_TAKE + 1}"]
    kind = a - game.A_DISCARD
    return [KINDS[kind], KIND_NAMES[kind], f"discard {KINDS[kind]}"]
