"""Game records: a whole game as JSON (config, seed, deal, every action with its name, the result).

A record re-simulates exactly through the rules module: :func:`replay` rebuilds the game from its seed and deal
and applies the moves one by one, and a record that does not match the rules is rejected with the first bad move
named.

Format version 2 (version 1 records are still read) says whether the game was played to the end: ``"finished":
true`` with its ``"result"``, or ``"finished": false`` and no result for a game stopped part-way (``hustings play``
interrupted with Ctrl-C, ended with Ctrl-D or ``q``); its moves re-simulate just the same. A finished record whose
moves stop before the game's end is refused.

A move is ``{"player": seat, "action": id, "name": text}``; the id is what counts (``"name"`` may be left out, and
when present must be the game's name for that id). A record may also hold ``"events"``: the game's event log as
it was played, omniscient (every seat's private fields too), in the form :meth:`State.events_to_json` writes, for
readers that do not re-simulate. An optional key of version 2: records without it read as before. :func:`replay`
checks its form; what ``hustings replay`` shows are the events of the re-simulation itself.
"""
from __future__ import annotations

import hashlib
import json
import os

from .. import registry
from ..core.files import atomic_write, read_json
from ..core.rules import Game, State
from ..errors import HustingsError, RecordError
from ..version import __version__

RECORD_FORMAT = "hustings-record"
RECORD_VERSION = 3
#: The record format versions :func:`replay` reads (version 1 has no ``"finished"``: every such game was finished;
#: versions 1 and 2 have no ``"setup_sha256"``: they replay unchecked by it).
READ_VERSIONS = (1, 2, 3)
#: What a record's ``"setup_sha256"`` covers: the game it was played under. The moves, the result and the events
#: need no hash: the replay checks them against the rules.
SETUP_KEYS = ("config", "seed", "deal")


def setup_sha256(record: dict) -> str:
    """The hash of the game a record was played under (its config, seed and deal; JSON, keys sorted)."""
    body = {k: record.get(k) for k in SETUP_KEYS}
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


class Recorder:
    """Collects the moves of one game; :meth:`record` turns them into a JSON-able dict."""

    def __init__(self, game: Game, seed: int, deal: dict | None = None, players: list[str] | None = None):
        self.game, self.seed, self.deal = game, seed, deal
        self.players = players or [f"player_{i}" for i in range(game.num_players)]
        self.moves: list[dict] = []

    def add(self, player: int, action: int) -> None:
        """Note one move (``player`` played ``action``), in the order the moves are made."""
        self.moves.append({"player": player, "action": int(action), "name": self.game.action_name(action)})

    def record(self, final: State | None = None) -> dict:
        """The record as a JSON-able dict. With ``final`` a finished game's last state, it is ``"finished": true``
        with the result; without it (or with a state that is not over) it is ``"finished": false`` and has no
        result: the moves so far of a game that was stopped. Given a state (over or not: the game's state after
        the recorded moves), the record keeps its event log as ``"events"``."""
        finished = final is not None and final.is_terminal()
        out = {
            "format": RECORD_FORMAT, "version": RECORD_VERSION, "hustings_version": __version__,
            "config": self.game.config(), "seed": self.seed, "deal": self.deal, "players": list(self.players),
            "moves": self.moves, "finished": finished,
        }
        if finished:
            out["result"] = result_of(final)
        if final is not None:
            out["events"] = final.events_to_json()
        out["setup_sha256"] = setup_sha256(out)
        return out


def is_finished(record: dict) -> bool:
    """Whether ``record`` is of a game played to the end (version 1 records always are)."""
    return record.get("finished", True) is not False


def result_of(state: State) -> dict:
    """The result of a finished game as records hold it: scores, winners, whether it was truncated."""
    return {"scores": list(state.scores()), "winners": list(state.winners()), "truncated": bool(state.truncated)}


def game_from_config(config: dict) -> Game:
    """The rules :class:`Game` a record's ``config`` describes (game, player count, variant options)."""
    if not isinstance(config, dict) or "game" not in config or "num_players" not in config:
        raise RecordError(f"record config {config!r} must name 'game' and 'num_players'")
    options = {k: v for k, v in config.items() if k not in ("game", "num_players")}
    return registry.make_game(config["game"], config["num_players"], options)


def _action_label(game: Game, action) -> str:
    """The game's name for action id ``action``, or what is wrong with the id."""
    if isinstance(action, bool) or not isinstance(action, int):
        return f"not an action id; expected an int 0..{game.num_actions - 1}"
    if not 0 <= action < game.num_actions:
        return f"no such action; expected 0..{game.num_actions - 1}"
    return game.action_name(action)


def _legal_list(game: Game, state: State) -> str:
    legal = state.legal_actions()
    shown = ", ".join(f"{a} ({game.action_name(a)})" for a in legal[:40])
    return shown + (f", ... ({len(legal)} in all)" if len(legal) > 40 else "")


def replay(record: dict, on_move=None, after_move=None) -> State:
    """Re-simulate ``record``; returns the last state (not over for an unfinished record). ``on_move(state, index,
    move)`` runs before each move, ``after_move(state, index, move)`` after it (the state then holds the move's
    events: ``state.events(seat, since)``).

    Raises :class:`RecordError` naming the first move that is not the rules' (wrong player, illegal action, a
    name that does not match the id) and what was expected there, always naming an action by the game's name for
    its id (never by the record's own text); for a result that differs from the replayed one; for malformed
    ``"events"``; and for a record whose moves do not fit what it says: a finished one must have a result and
    play the game to its end, an unfinished one (``"finished": false``) must have no result and stop before it.
    """
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise RecordError(f"not a hustings game record (expected format {RECORD_FORMAT!r})")
    version = record.get("version")
    if isinstance(version, bool) or version not in READ_VERSIONS:
        raise RecordError(f"record version {version!r} is not supported; expected {RECORD_VERSION} (or "
                          f"{', '.join(str(v) for v in READ_VERSIONS if v != RECORD_VERSION)})")
    if version >= 2 and not isinstance(record.get("finished"), bool):
        raise RecordError(f"record 'finished' is {record.get('finished')!r}; expected true or false")
    finished = is_finished(record)
    if finished and record.get("result") is None:
        raise RecordError("the record has no result, but is not marked unfinished (\"finished\": false)")
    if not finished and record.get("result") is not None:
        raise RecordError("the record is marked unfinished (\"finished\": false), but has a result")
    game = game_from_config(record.get("config"))
    state = game.new_initial_state(seed=record.get("seed"), deal=record.get("deal"))
    moves = record.get("moves")
    if not isinstance(moves, list):
        raise RecordError(f"record 'moves' is {type(moves).__name__}; expected a list of moves")
    for i, move in enumerate(moves):
        where = f"move {i + 1} of {len(moves)}"
        if not isinstance(move, dict) or not {"player", "action"} <= set(move):
            raise RecordError(f"{where} is malformed: {move!r}; expected {{'player': seat, 'action': id}} (and "
                              f"optionally 'name')")
        if state.is_terminal():
            raise RecordError(f"{where} comes after the end of the game; expected the record to end after move {i}")
        player, action = move["player"], move["action"]
        if player != state.current_player() or isinstance(player, bool):
            raise RecordError(f"{where}: recorded for player {player!r}, but player {state.current_player()} is to "
                              f"move; expected player {state.current_player()}")
        if (isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < game.num_actions
                or not state.is_legal(action)):
            raise RecordError(f"{where}: action {action!r} ({_action_label(game, action)}) is not legal for player "
                              f"{player}; expected one of: {_legal_list(game, state)}")
        if "name" in move and move["name"] != game.action_name(action):
            raise RecordError(f"{where}: action {action} is {game.action_name(action)!r}, but the record says "
                              f"{move['name']!r}; expected the game's name for the id (or no 'name')")
        if on_move is not None:
            on_move(state, i, move)
        state.apply_unchecked(action)
        if after_move is not None:
            after_move(state, i, move)
    if finished and not state.is_terminal():
        raise RecordError(f"the game is not over after the record's {len(moves)} moves (player "
                          f"{state.current_player()} is to move), but the record is not marked unfinished; expected "
                          f"the moves to play the game to its end, or \"finished\": false")
    if not finished and state.is_terminal():
        raise RecordError(f"the record is marked unfinished, but its {len(moves)} moves play the game to the end; "
                          f"expected \"finished\": true with the result")
    if finished and record["result"] != result_of(state):
        raise RecordError(f"the recorded result {record['result']} differs from the replayed {result_of(state)}")
    if record.get("events") is not None:
        try:
            state.clone().events_from_json(record["events"])  # its form only (on a copy: the log stays the replay's)
        except HustingsError as exc:
            raise RecordError(f"record 'events' is malformed ({exc})") from None
    if version >= 3:  # last: a changed move or result is named above; what no move shows (the config) is here
        stored = record.get("setup_sha256")
        try:
            actual = setup_sha256(record)
        except (TypeError, ValueError, RecursionError):
            actual = None  # not JSON-able: not what a record file holds
        if stored != actual:
            raise RecordError(f"the record's config, seed or deal does not match its setup_sha256 "
                              f"({str(stored)[:16]!r}...): it was changed after the game was played; expected the "
                              f"game as it was played (the moves alone may be edited: the rules check them)")
    return state


def save(record: dict, path: str) -> None:
    """Write ``record`` as JSON atomically (a temporary file renamed into place), mode ``rw-r--r--``."""
    atomic_write(path, json.dumps(record, indent=1))


def load(path: str) -> dict:
    """Read a record file (JSON); a missing or unreadable file raises :class:`RecordError`."""
    if not os.path.exists(path):
        raise RecordError(f"record file {path} does not exist")
    return read_json(path, RecordError, f"record file {path}", "a game record written by hustings (JSON)")
