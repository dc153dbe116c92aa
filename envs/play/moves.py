"""Moves as people read and type them: what a seat sees of a move, and the one reader of typed moves.

:func:`match_move` reads what a person or an agent typed: the lenient way for people at the terminal (a number, a
name, or a short form as the table shows the card, ``3C`` in Democracy, ``Env6`` in Politrickers; several matches
are offered as candidates, nothing is played on a guess), the strict way for agents that read text
(``strict=True``: only a legal move's exact name, ignoring case, or its number). Each game's own words come from
its ``Game.display_name`` / ``Game.move_forms`` and ``State.hidden_move`` / ``State.revealed_by_move``.
"""
from __future__ import annotations

import re

from ..core.rules import Game, State


# --- what a seat sees of a move ------------------------------------------------------------------------------------
def hidden_move(state: State, player: int, action: int) -> str | None:
    """If ``action`` of ``player`` (about to be applied to ``state``) is hidden from the other seats, a description of
    it that names nothing hidden (e.g. ``"play a card face down"``); ``None`` when every seat sees the move.

    Hidden, following each game's rules and observations: every Democracy commitment (face down until the trick is
    turned up), a Politrickers card played face down, a Prime Minister bill proposal (hidden until all are made), the
    Supporter kept from a draw and a Supporter discarded (only the pile's size is public). Politix moves are public.
    """
    name = state.game.name
    if name == "democracy":
        return "play a card face down"
    if name == "politrickers":
        from ..politrickers.rules import DOWN, FLIP

        state.legal_actions()  # fills the per-action play modes
        if state._modes.get(action) == DOWN:
            return ("pay 1 token to switch party, then " if action >= FLIP else "") + "play a card face down"
        return None
    if name == "prime_minister":
        from ..prime_minister.rules import A_DISCARD, A_KEEP

        kind = (state.pending or {}).get("kind")
        if kind == "propose":
            return "propose a bill face down"
        if kind == "keep":
            return "keep a Supporter"
        if A_DISCARD <= action < A_KEEP:
            return "discard a Supporter"
    return None


def revealed_by_move(state: State, player: int, action: int) -> str | None:
    """What ``action`` of ``player`` (about to be applied to ``state``) turns face up for every seat, as a line of
    text, or ``None``: the last commitment of a Democracy trick turns the whole trick up."""
    if state.game.name == "democracy" and state.turn == state.n - 1:
        from ..democracy.rules import card_name, trick_winner

        plays = list(state.plays)
        plays[player] = action
        upcard = state.pool[state.trick]
        winner = trick_winner(plays, upcard)
        outcome = "a tie: each keeps its card" if winner is None else f"P{winner} wins it"
        return (f"trick turned up (upcard {card_name(upcard)}): "
                + ", ".join(f"P{p} {card_name(c)}" for p, c in enumerate(plays)) + f" -> {outcome}")
    return None


def display_name(game: Game, player: int, action: int) -> str:
    """The action's name as the terminal shows it to ``player``: the game's name, with Politix's relative seats
    (``seat+1``) followed by the seat they are (``seat+1 (P3)``)."""
    name = game.action_name(action)
    if game.name == "politix":
        name = re.sub(r"seat\+(\d+)", lambda m: f"{m[0]} (P{(player + int(m[1])) % game.num_players})", name)
    return name


def move_seen_by(state: State, player: int, action: int, viewer: int | None) -> str:
    """``action`` of ``player`` (about to be applied to ``state``) as seat ``viewer`` sees it: its name when the move
    is public, ``viewer`` made it, or ``viewer`` is ``None`` (everything shown); otherwise a description that names
    nothing hidden, ending in ``(hidden)`` (see :func:`hidden_move`)."""
    if viewer is not None and viewer != player:
        hidden = hidden_move(state, player, action)
        if hidden is not None:
            return hidden + " (hidden)"
    return display_name(state.game, player, action)


# --- typing a move -------------------------------------------------------------------------------------------------
def _norm(text: str) -> str:
    return " ".join(text.lower().replace("_", " ").split())


def _words(text: str) -> list[str]:
    return re.sub(r"[,()]", " ", _norm(text)).split()


def short_forms(game: Game, player: int, action: int) -> list[str]:
    """The short ways to type ``action`` for ``player``, as the table shows the card or the target; the first is the
    one offered as an example. Matched case-insensitively, ``_`` and spaces alike.

    Democracy ``3C`` / ``JOKER``; Politrickers ``Env6``, ``Mig``, ``switch Env6`` (the paid switch); Politix
    ``draw``, ``rest``, ``end``, ``farmers debate``, ``add``, ``coffee``, ``take 2``, ``beauty_salon P2``,
    ``gwtw curfew P1``, and the card's kind to discard it (``twist``); Prime Minister ``y`` / ``n``, ``end``,
    ``campaign 1``, ``<Supporter> 1`` (play it with option 1), ``<Supporter>`` to keep it, ``<bill>``, ``<sector>``,
    ``liberal``, ``seat 2``, ``slot 1``, ``vote 1``, ``hold`` ...
    """
    builder = _SHORT_FORMS.get(game.name)
    if builder is not None:
        return builder(game, player, action)
    name = game.action_name(action)
    return [name[5:]] if name.startswith("play ") else []


def _forms_democracy(game, player, a):
    from ..democracy.rules import JOKER, card_name

    return [card_name(a)] + (["JK"] if a == JOKER else [])


def _forms_politrickers(game, player, a):
    from ..politrickers.rules import FLIP, MIGRATION, card_name

    if a >= FLIP:
        return ["switch " + f for f in _forms_politrickers(game, player, a - FLIP)]
    return ["Mig"] if a >= MIGRATION else [card_name(a)]


def _forms_politix(game, player, a):
    from ..politix import rules as r

    n = game.num_players
    if a == r.A_DRAW:
        return ["draw"]
    if a == r.A_REST:
        return ["rest"]
    if a == r.A_END:
        return ["end"]
    if a < game.A_GWTW:
        j, k = divmod(a - r.A_SPECIAL, n)
        kind, seat = r.BESIDE_KINDS[j], (player + k) % n
        return [f"{r.KINDS[kind]} P{seat}", f"{r.KIND_NAMES[kind]} P{seat}"]
    if a < game.A_PERSUADE:
        j, k = divmod(a - game.A_GWTW, n)
        kind, seat = r.BESIDE_KINDS[j], (player + k) % n
        return [f"gwtw {r.KINDS[kind]} P{seat}", f"remove {r.KINDS[kind]} P{seat}",
                f"remove {r.KIND_NAMES[kind]} P{seat}"]
    if a < game.A_ADD:
        g, m = divmod(a - game.A_PERSUADE, r.NM)
        return [f"{r.GROUPS[g]} {r.METHODS[m]}", f"{r.GROUP_NAMES[g]} {r.METHOD_NAMES[m]}",
                f"{r.GROUPS[g]} {r.METHOD_NAMES[m]}", f"{r.GROUP_NAMES[g]} {r.METHODS[m]}"]
    if a == game.A_ADD:
        return ["add"]
    if a == game.A_COFFEE:
        return ["coffee", "add coffee"]
    if a < game.A_DISCARD:
        return [f"take {a - game.A_TAKE + 1}"]
    kind = a - game.A_DISCARD
    return [r.KINDS[kind], r.KIND_NAMES[kind], f"discard {r.KINDS[kind]}"]


def _forms_prime_minister(game, player, a):
    from ..prime_minister import rules as r

    simple = {r.YES: ["y"], r.NO: ["n"], r.END_TURN: ["end"], r.A_DEBATE_CARD: ["debate card"],
              r.A_RESIGN: ["resign"], r.A_DIR: ["moderate"], r.A_DIR + 1: ["partisan"],
              r.A_DRAW: ["cross-party"], r.A_DRAW + 1: ["party bill", "party"],
              r.A_ORDER: ["ol first", "ol"], r.A_ORDER + 1: ["backbencher first", "bb"],
              r.A_ELECTION: ["hold", "election"], r.A_ELECTION + 1: ["remove", "remove marker"]}
    if a in simple:
        return simple[a]
    if r.A_ACT <= a < r.A_CAREER:
        k = a - r.A_ACT
        return [f"{r.ABILITIES[k // 2]} {k % 2 + 1}"]
    if r.A_CAREER <= a < r.A_DEBATE_CARD:
        cid, i = r.CAREER_ACTIONS[a - r.A_CAREER]
        return [cid] if sum(c == cid for c, _ in r.CAREER_ACTIONS) == 1 else [f"{cid} {i}", cid]
    if r.A_PLAY <= a < r.A_DISCARD:
        k = a - r.A_PLAY
        return [f"{r.SUPPORTER_LIST[k // 2]['name']} {k % 2 + 1}"]
    if r.A_KEEP <= a < r.A_SECTOR:
        return [r.SUPPORTER_LIST[a - r.A_KEEP]["name"]]
    if r.A_SECTOR <= a < r.A_PARTY:
        return [r.SECTORS[a - r.A_SECTOR]]
    if r.A_PARTY <= a < r.A_PLAYER:
        return [r.PARTY_NAMES[a - r.A_PARTY]]
    if r.A_PLAYER <= a < r.A_SIGN:
        return [f"seat {a - r.A_PLAYER}", f"P{a - r.A_PLAYER}"]
    if r.A_SLOT <= a < r.A_OPTION:
        return [f"slot {a - r.A_SLOT + 1}", f"bill {a - r.A_SLOT + 1}"]
    if r.A_BILL <= a < r.A_RESOLVE:
        return [r.BILL_LIST[a - r.A_BILL]["name"]]
    if r.A_RESOLVE <= a < r.A_ORDER:
        k = a - r.A_RESOLVE
        return [f"{('agreement', 'vote', 'withdraw')[k // 3]} {k % 3 + 1}"]
    return []


_SHORT_FORMS = {"democracy": _forms_democracy, "politrickers": _forms_politrickers, "politix": _forms_politix,
                "prime_minister": _forms_prime_minister}


def match_move(text: str, legal: list[int], game: Game, player: int) -> tuple[int | None, list[int]]:
    """Read a typed move: ``(action, [])`` when ``text`` names one legal move, else ``(None, candidates)``.

    ``text`` may be the move's number in the list (1-based), its full name, or a short form (:func:`short_forms`),
    all case-insensitive. A short form that fits several moves, or a text that only partly fits (its words all
    appear in a move, or it begins one), gives those moves as candidates: nothing is played on a guess.
    """
    text = text.strip()
    if text.isdigit():
        return (legal[int(text) - 1], []) if 1 <= int(text) <= len(legal) else (None, [])
    want = _norm(text)
    if not want:
        return None, []
    names = {a: (_norm(game.action_name(a)), _norm(display_name(game, player, a))) for a in legal}
    exact = [a for a in legal if want in names[a]]
    if len(exact) == 1:
        return exact[0], []
    forms = {a: [_norm(f) for f in short_forms(game, player, a)] for a in legal}
    exact = [a for a in legal if want in forms[a]]
    if len(exact) == 1:
        return exact[0], []
    if exact:
        return None, exact
    words = set(_words(text))
    loose = [a for a in legal
             if any(f.startswith(want) for f in (*names[a], *forms[a]))
             or any(words <= set(_words(f)) for f in (*names[a], *forms[a]))]
    return None, loose



def read_strict(text, legal: list[int], game: Game) -> int | None:
    """The legal action ``text`` names exactly, or ``None``: stripped of surrounding white space, quotes, back-ticks
    and a final full stop, it is a legal move's name ignoring case, or the move's number in ``legal`` (1-based)."""
    if not isinstance(text, str):
        return None
    clean = text.strip()
    if clean.endswith("."):
        clean = clean[:-1].strip()
    clean = clean.strip("`'\"").strip()
    if clean.isdigit():
        i = int(clean)
        return legal[i - 1] if 1 <= i <= len(legal) else None
    by_fold = {game.action_name(a).casefold(): a for a in legal}
    return by_fold.get(clean.casefold())
