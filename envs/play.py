"""Playing whole games: between bots through the rules module (no env overhead), or a person against bots in the
terminal.

Terminal play (:func:`play_interactive`) shows the table from the person's seat, every other seat's moves as that
seat may see them (:func:`move_seen_by`: a face-down card is shown as hidden, never by name), lists the legal moves
in columns, and accepts a move by its number, its name, or as the table shows it (:func:`short_forms`: ``3C`` in
Democracy, ``Env6`` in Politrickers, ``farmers debate`` in Politix, ``vote 1`` in Prime Minister).
"""
from __future__ import annotations

import math
import re
from typing import Callable

from .core.bots import Bot
from .core.match import play_game, play_until  # noqa: F401  (play_game: re-exported)
from .core.rules import Game, State
from .registry import make_game  # noqa: F401  (re-exported)

#: Width the move list is laid out for (characters).
LIST_WIDTH = 100


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
        from .politrickers.rules import DOWN, FLIP

        state.legal_actions()  # fills the per-action play modes
        if state._modes.get(action) == DOWN:
            return ("pay 1 token to switch party, then " if action >= FLIP else "") + "play a card face down"
        return None
    if name == "prime_minister":
        from .prime_minister.rules import A_DISCARD, A_KEEP

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
        from .democracy.rules import card_name, trick_winner

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
    from .democracy.rules import JOKER, card_name

    return [card_name(a)] + (["JK"] if a == JOKER else [])


def _forms_politrickers(game, player, a):
    from .politrickers.rules import FLIP, MIGRATION, card_name

    if a >= FLIP:
        return ["switch " + f for f in _forms_politrickers(game, player, a - FLIP)]
    return ["Mig"] if a >= MIGRATION else [card_name(a)]


def _forms_politix(game, player, a):
    from .politix import rules as r

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
    from .prime_minister import rules as r

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


def columns(items: list[str], width: int = LIST_WIDTH, indent: str = "  ", gap: int = 3) -> list[str]:
    """``items`` laid out in columns (down, then across; each column as wide as its widest item) in as few lines of
    at most ``width`` characters as fit (one item per line when even two columns are too wide)."""
    if not items:
        return []
    for ncols in range(len(items), 0, -1):
        nrows = math.ceil(len(items) / ncols)
        cols = [items[c * nrows:(c + 1) * nrows] for c in range(math.ceil(len(items) / nrows))]
        widths = [max(len(s) for s in col) for col in cols]
        if ncols == 1 or len(indent) + sum(widths) + gap * (len(cols) - 1) <= width:
            break
    lines = []
    for r in range(nrows):
        row = [(col[r], w) for col, w in zip(cols, widths) if r < len(col)]
        lines.append(indent + (" " * gap).join(s.ljust(w) for s, w in row).rstrip())
    return lines


def move_list(game: Game, player: int, legal: list[int], width: int = LIST_WIDTH) -> str:
    """The legal moves as ``[number] name`` entries: on the ``Your moves:`` line when they fit in ``width``, else in
    columns below it."""
    items = [f"[{i + 1}] {display_name(game, player, a)}" for i, a in enumerate(legal)]
    one_line = "Your moves: " + "  ".join(items)
    if len(one_line) <= width:
        return one_line
    return "\n".join(["Your moves:"] + columns(items, width))


def _examples(game: Game, player: int, legal: list[int]) -> str:
    seen = []
    for a in legal:
        forms = short_forms(game, player, a)
        if forms and forms[0] not in seen and _norm(forms[0]) != _norm(game.action_name(a)):
            seen.append(forms[0])
        if len(seen) == 2:
            break
    return ", ".join(seen)


def play_interactive(game: Game, seat: int, bots: list[Bot | None], seed: int, deal: dict | None = None,
                     read: Callable[[str], str] = input, write: Callable[[str], None] = print,
                     on_action: Callable[[State, int, int], None] | None = None,
                     confirm_forced: bool = False) -> State | None:
    """A person plays ``seat`` against ``bots`` (``None`` at ``seat``) in the terminal.

    Every move is shown as it is made, from ``seat``'s point of view (:func:`move_seen_by`: a move hidden from
    ``seat`` is shown as hidden, never by name). Before each of the person's moves it shows the table from that seat
    (nothing hidden shown) and the legal moves in columns; a move is entered by number, by name or as the table shows
    it (:func:`match_move`); bad input is answered and asked again, an ambiguous one with the candidates. A forced
    move (the only legal one) is played and shown without asking, unless ``confirm_forced``.

    Returns the final state, or ``None`` when the person quits (``q``) or the input ends (``EOFError``, Ctrl-D).
    Ctrl-C (``KeyboardInterrupt``) is left to the caller; every move made so far has gone through ``on_action``
    (called before each move is applied), so the caller can keep them.
    """
    if not 0 <= seat < game.num_players:
        raise ValueError(f"{game.name}: seat {seat} does not exist; expected 0..{game.num_players - 1}")
    person = _Person(game, seat, read, write, confirm_forced)

    def show(state: State, player: int, action: int) -> None:
        if player != seat:
            write(f"  P{player}: {move_seen_by(state, player, action, seat)}")
        revealed = revealed_by_move(state, player, action)
        if revealed is not None:
            write("  " + revealed)
        if on_action is not None:
            on_action(state, player, action)

    seats = [person if i == seat else bot for i, bot in enumerate(bots)]
    state = game.new_initial_state(seed=seed, deal=deal)
    for i, bot in enumerate(bots):
        if i != seat and bot is not None:
            bot.reset(seed * 7919 + i)
    try:
        play_until(state, seats, on_action=show)
    except _Quit:
        return None
    write("\n" + state.render(player=seat))
    won = state.winners()
    verdict = ("the game was truncated: no winner" if not won else
               ("you won" + (" (shared)" if len(won) > 1 else "")) if seat in won else
               "you lost; winner(s): " + ", ".join(f"P{p}" for p in won))
    write(f"Result: {verdict}. Scores: {state.scores()}")
    return state


class _Quit(Exception):
    """The person quit (``q``) or the input ended."""


class _Person(Bot):
    """The person at the terminal, as a bot of the play loop: shows the table, asks, and says what was played."""

    def __init__(self, game: Game, seat: int, read, write, confirm_forced: bool):
        super().__init__()
        self.game, self.seat, self.read, self.write, self.confirm_forced = game, seat, read, write, confirm_forced

    def act(self, state: State, player: int) -> int:
        legal = state.legal_actions()
        if len(legal) == 1 and not self.confirm_forced:
            self.write(f"  P{player} (you): {display_name(self.game, player, legal[0])}   (your only move)")
            return legal[0]
        action = _ask_move(self.game, state, player, legal, self.read, self.write)
        if action is None:
            raise _Quit
        self.write(f"  P{player} (you): {display_name(self.game, player, action)}")
        return action

    def __repr__(self) -> str:
        return "the person"


def _ask_move(game: Game, state: State, seat: int, legal: list[int], read, write) -> int | None:
    write("\n" + state.render(player=seat))
    write(move_list(game, seat, legal))
    example = _examples(game, seat, legal)
    prompt = f"P{seat}, your move (number, name{' or as shown, e.g. ' + example if example else ''}; q to quit): "
    while True:
        try:
            text = read(prompt)
        except EOFError:
            write("\ninput ended: game abandoned")
            return None
        if text.strip().lower() in ("q", "quit", "exit"):
            write("game abandoned")
            return None
        action, candidates = match_move(text, legal, game, seat)
        if action is not None:
            return action
        if candidates:
            shown = ", ".join(f"[{legal.index(a) + 1}] {display_name(game, seat, a)}" for a in candidates[:12])
            more = f", ... ({len(candidates)} in all)" if len(candidates) > 12 else ""
            write(f"{text.strip()!r} could be: {shown}{more}; enter its number")
        else:
            write(f"{text.strip()!r} is not one of your moves: enter a number 1..{len(legal)}, a move's name or the "
                  f"move as the table shows it")
