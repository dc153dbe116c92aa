"""Game records: a whole game as JSON (config, seed, deal, every action with its name, the result).

A record re-simulates exactly through the rules module: :func:`replay` rebuilds the game from its seed and deal
and applies the moves one by one, and a record that does not match the rules is rejected with the first bad move
named.
"""
from __future__ import annotations

import json
import os
import tempfile

from .core.rules import Game, HustingsError, State

RECORD_FORMAT = "hustings-record"
RECORD_VERSION = 1


class RecordError(HustingsError):
    """A record that is malformed or does not match the rules."""


class Recorder:
    """Collects the moves of one game; :meth:`record` turns them into a JSON-able dict."""

    def __init__(self, game: Game, seed: int, deal: dict | None = None, players: list[str] | None = None):
        self.game, self.seed, self.deal = game, seed, deal
        self.players = players or [f"player_{i}" for i in range(game.num_players)]
        self.moves: list[dict] = []

    def add(self, player: int, action: int) -> None:
        self.moves.append({"player": player, "action": int(action), "name": self.game.action_name(action)})

    def record(self, final: State) -> dict:
        import envs  # the package version, without a cycle at import time

        return {
            "format": RECORD_FORMAT, "version": RECORD_VERSION, "hustings_version": envs.__version__,
            "config": self.game.config(), "seed": self.seed, "deal": self.deal, "players": list(self.players),
            "moves": self.moves, "result": result_of(final),
        }


def result_of(state: State) -> dict:
    return {"scores": list(state.scores()), "winners": list(state.winners()), "truncated": bool(state.truncated)}


def game_from_config(config: dict) -> Game:
    import envs

    if not isinstance(config, dict) or "game" not in config or "num_players" not in config:
        raise RecordError(f"record config {config!r} must name 'game' and 'num_players'")
    options = {k: v for k, v in config.items() if k not in ("game", "num_players")}
    return envs.game_module(config["game"]).raw_env.game_class(config["num_players"], **options)


def replay(record: dict, on_move=None) -> State:
    """Re-simulate ``record``; returns the final state. ``on_move(state, index, move)`` runs before each move.

    Raises :class:`RecordError` naming the first move that is not the rules' (wrong player, illegal action, a
    name that does not match the id) or a result that differs from the recorded one.
    """
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise RecordError(f"not a hustings game record (expected format {RECORD_FORMAT!r})")
    if record.get("version") != RECORD_VERSION:
        raise RecordError(f"record version {record.get('version')!r} is not supported; expected {RECORD_VERSION}")
    game = game_from_config(record.get("config"))
    state = game.new_initial_state(seed=record.get("seed"), deal=record.get("deal"))
    moves = record.get("moves")
    if not isinstance(moves, list):
        raise RecordError("record 'moves' must be a list")
    for i, move in enumerate(moves):
        where = f"move {i + 1} of {len(moves)}"
        if not isinstance(move, dict) or not {"player", "action"} <= set(move):
            raise RecordError(f"{where} is malformed: {move!r}; expected {{'player', 'action', 'name'}}")
        if state.is_terminal():
            raise RecordError(f"{where} comes after the end of the game")
        player, action = move["player"], move["action"]
        if player != state.current_player():
            raise RecordError(f"{where}: recorded for player {player}, but player {state.current_player()} is to move")
        if not isinstance(action, int) or not state.is_legal(action):
            name = move.get("name", "?")
            raise RecordError(f"{where}: action {action!r} ({name}) is not legal for player {player}; legal: "
                              + ", ".join(game.action_name(a) for a in state.legal_actions()))
        if "name" in move and move["name"] != game.action_name(action):
            raise RecordError(f"{where}: action {action} is {game.action_name(action)!r}, but the record says "
                              f"{move['name']!r}")
        if on_move is not None:
            on_move(state, i, move)
        state._apply(action)
    if "result" in record and state.is_terminal() and record["result"] != result_of(state):
        raise RecordError(f"the recorded result {record['result']} differs from the replayed {result_of(state)}")
    return state


def save(record: dict, path: str) -> None:
    """Write ``record`` as JSON atomically (a temporary file renamed into place)."""
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".record-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w") as fh:
            json.dump(record, fh, indent=1)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def load(path: str) -> dict:
    try:
        with open(path) as fh:
            return json.load(fh)
    except FileNotFoundError:
        raise RecordError(f"record file {path} does not exist") from None
    except json.JSONDecodeError as exc:
        raise RecordError(f"record file {path} is not valid JSON ({exc})") from None
