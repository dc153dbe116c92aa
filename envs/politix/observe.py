"""The Politix observation: the world-vector layout, each seat's view of it, the documented field table, and
writing a state's whole world vector (play updates it in place, rules.py)."""
from __future__ import annotations

import numpy as np

from ..core import world
from ..core.world import WorldLayout, clockwise_from
from .cards import NB, NE, NG, NK, NM, NPOL, NUM_ACTION_CARDS, NUM_VOTER_CARDS, PARTIES, PERSUADE


def build_layout(game) -> None:
    """Give ``game`` its world layout (``layout``, ``off``, ``world_size``), each seat's view (``views``,
    ``observation_size``) and the documented field table (``fields``)."""
    n, P = game.num_players, game.num_parties
    blocks = [("hand", n * NK), ("hand_size", n), ("beside", n * NB), ("politician", n * NPOL),
              ("skills", n * NM), ("party_symbol", n * len(PARTIES)), ("current", n), ("collected", P * NG),
              ("turns", P), ("base", NG), ("table", NG), ("event", NE), ("events_out", NE),
              ("voter_deck", 1), ("action_deck", 1), ("discard", NK), ("phase", 4), ("p_group", NG),
              ("p_method", NM), ("p_played", 1), ("p_power", 1), ("turn", 1), ("zero", NG), ("one", 1)]
    game.layout = WorldLayout(blocks)
    game.off, game.world_size = game.layout.off, game.layout.size
    game.views = [view_index(game, p) for p in range(n)]
    game.observation_size = len(game.views[0])
    game.fields = field_table(game)


def view_index(game, p: int) -> np.ndarray:
    """The world-vector indices seat ``p`` observes, in observation order (what it may not see is not there)."""
    n, P, off, lay = game.num_players, game.num_parties, game.off, game.layout
    seats = clockwise_from(p, n)
    idx: list[int] = list(lay.seat("hand", p, NK))
    for name, width in (("hand_size", 1), ("beside", NB), ("politician", NPOL), ("skills", NM),
                        ("party_symbol", len(PARTIES)), ("current", 1)):
        idx += lay.seats(name, width, seats)
    for s in seats:  # 1 for a member of the observer's party (the observer included)
        idx.append(off["one"] if game.party_of[s] == game.party_of[p] else off["zero"])
    mine = game.party_of[p]
    for i in range(P):
        q = (mine + i) % P
        idx += range(off["collected"] + q * NG, off["collected"] + (q + 1) * NG)
        idx.append(off["turns"] + q)
    # base support (5 players): only the first party sees its composition (L41, PTX-A15)
    src = off["base"] if (game.has_base and mine == 0) else off["zero"]
    idx += range(src, src + NG)
    for name, width in (("table", NG), ("event", NE), ("events_out", NE), ("voter_deck", 1),
                        ("action_deck", 1), ("discard", NK), ("phase", 4), ("p_group", NG), ("p_method", NM),
                        ("p_played", 1), ("p_power", 1), ("turn", 1)):
        idx += lay.whole(name, width)
    return np.asarray(idx, dtype=np.intp)


def field_table(game) -> list[tuple[str, int, int, str]]:
    """The documented observation layout: ``(name, start, size, meaning)`` of every block."""
    n, P = game.num_players, game.num_parties
    rows = [
        ("hand", NK, "own hand: count of each action-card kind (KINDS order)"),
        ("hand_size", n, "per seat (self first, then clockwise): cards in hand"),
        ("beside", n * NB, "per seat: count of each special card lying beside its politician (12 group "
                           "specials, then Burnout)"),
        ("politician", n * NPOL, "per seat: one-hot of its politician"),
        ("skills", n * NM, "per seat: its politician's skill per method"),
        ("party_symbol", n * len(PARTIES), "per seat: one-hot of its party's symbol (right, left, centre)"),
        ("current", n, "per seat: 1 for the player to move"),
        ("partner", n, "per seat: 1 if in the observer's party (self included)"),
        ("parties", P * (NG + 1), "per party (own party first, then the others in seat order): voter cards "
                                  "collected from the table per group, then turns taken"),
        ("base_support", NG, "5 players, first party only: its hidden base-support cards per group "
                             "(zeros for everyone else)"),
        ("table", NG, "face-up voter cards per group"),
        ("event", NE, "one-hot of the event in effect (the top event; all 0 before the first)"),
        ("events_out", NE, "events drawn face up so far"),
        ("voter_deck", 1, "voter cards left in the draw pile / 46"),
        ("action_deck", 1, "action cards left in the draw pile / 76"),
        ("discard", NK, "action discard pile: count of each kind"),
        ("phase", 4, "one-hot of the turn phase: start, specials played, persuading, discarding"),
        ("p_group", NG, "persuasion in progress: one-hot of the target group"),
        ("p_method", NM, "persuasion in progress: one-hot of the method"),
        ("p_played", 1, "persuasion in progress: politicking/coffee cards played"),
        ("p_power", 1, "persuasion in progress: current power"),
        ("turn", 1, "turns taken in the game / 100"),
    ]
    fields = world.field_table(rows)
    assert fields[-1][1] + fields[-1][2] == game.observation_size
    return fields


def rebuild_world(state) -> None:
    """Write the whole world vector of ``state`` from its Python fields (deals, loads; tests compare it)."""
    w, off, n, game = state.world, state.game.off, state.n, state.game
    w[:] = 0
    w[off["hand"]:off["hand"] + n * NK] = np.asarray(state.hands, dtype=np.float32).ravel()
    w[off["hand_size"]:off["hand_size"] + n] = state.hand_size
    w[off["beside"]:off["beside"] + n * NB] = np.asarray(state.beside, dtype=np.float32).ravel()
    for s in range(n):
        w[off["politician"] + s * NPOL + state.politician[s]] = 1
        w[off["skills"] + s * NM:off["skills"] + (s + 1) * NM] = game.skills[state.politician[s]]
        w[off["party_symbol"] + s * len(PARTIES) + state.party_of[s]] = 1
    P = game.num_parties
    w[off["collected"]:off["collected"] + P * NG] = np.asarray(state.collected, dtype=np.float32).ravel()
    w[off["turns"]:off["turns"] + P] = state.turns
    w[off["base"]:off["base"] + NG] = state.base
    w[off["table"]:off["table"] + NG] = state.table
    if state.event >= 0:
        w[off["event"] + state.event] = 1
    for c in state.events_out:
        w[off["events_out"] + c - NG] += 1
    w[off["voter_deck"]] = len(state.voter_deck) / NUM_VOTER_CARDS
    w[off["action_deck"]] = len(state.deck) / NUM_ACTION_CARDS
    w[off["discard"]:off["discard"] + NK] = state.discard
    w[off["turn"]] = state.turn_count / 100.0
    w[off["one"]] = 1
    if not state.finished:
        w[off["current"] + state.cur] = 1
        w[off["phase"] + state.phase] = 1
        if state.phase == PERSUADE:
            w[off["p_group"] + state.pg] = 1
            w[off["p_method"] + state.pm] = 1
            w[off["p_played"]] = state.pplayed
            w[off["p_power"]] = state.ppower
