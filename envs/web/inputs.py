"""What a request may name and how big it may be: bots, component sets, options, titles, records.

The server never opens a path a request names. A bot is one of the server's list (:func:`bot_spec`): a scripted
bot, a search bot within :data:`MAX_SEARCH_ITERATIONS` and :data:`MAX_SEARCH_SECONDS` a move, a shipped bot, or a
policy file by its name in the server's bots folder. A component set (the ``components`` option) is a JSON object
sent with the request, checked by the game on its own, or a file by its name in the server's components folder
(:func:`components_option`). Errors name what the request sent, never what is in another file.
"""
from __future__ import annotations

import json
import os
import re
import stat

import hustings
from hustings.bots import search_spec
from hustings.bots.spec import POLICY_SUFFIXES, SHIPPED, SHIPPED_NET
from hustings.errors import WebError

MAX_TITLE = 120
MAX_NAME = 40           # a player's name in a record
MAX_SPEC = 200          # one bot SPEC
MAX_OPTIONS = 16
MAX_OPTION_TEXT = 200   # a text option (other than components)
MAX_RECORD_MOVES = 200_000
MAX_SEARCH_ITERATIONS = 5000
MAX_SEARCH_SECONDS = 2.0
MAX_FILE = 8 * 1024 * 1024  # a component file read from the components folder
#: The most a game's component set may take, as compact JSON (a whole copy of the shipped Prime Minister set fits
#: with room to spare): it is kept with the game, in memory and in its saved file, which is rewritten after every
#: move.
MAX_COMPONENTS = 512 * 1024
COMPONENT_SUFFIX = ".json"

_FILE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$")


def folder_file(folder: str | None, name: str, suffixes: tuple[str, ...]) -> str | None:
    """The path of the regular file ``name`` (a bare file name, no folders, no link) right in ``folder``, or None."""
    if not folder or not isinstance(name, str) or not _FILE_NAME.match(name) or not name.endswith(suffixes):
        return None
    path = os.path.join(folder, name)
    try:
        st = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(st.st_mode):
        return None
    if os.path.dirname(os.path.realpath(path)) != os.path.realpath(folder):
        return None
    return path


def folder_files(folder: str | None, suffixes: tuple[str, ...]) -> list[str]:
    """The names :func:`folder_file` takes in ``folder``, sorted."""
    try:
        names = os.listdir(folder) if folder else []
    except OSError:
        return []
    return sorted(n for n in names if folder_file(folder, n, suffixes))


# --- bots -----------------------------------------------------------------------------------------------------------
def _spec_value(v) -> str:
    return "none" if v is None else repr(v) if isinstance(v, float) else str(v)


def capped_search_spec(game_name: str, spec: str) -> str:
    """A search SPEC within the server's budgets, with a time cap it always keeps (``seconds``, never over
    :data:`MAX_SEARCH_SECONDS`): the same bot as asked for unless a move would take longer."""
    try:
        kind, given = search_spec.parse_search_spec(spec)
        opts = search_spec.resolve_options(game_name, given)
    except hustings.HustingsError as exc:
        raise WebError(f"bad bot: {exc}") from None
    if opts["iterations"] > MAX_SEARCH_ITERATIONS:
        raise WebError(f"bot {spec!r}: at most {MAX_SEARCH_ITERATIONS} iterations a move on this server")
    if given.get("seconds") is not None and given["seconds"] > MAX_SEARCH_SECONDS:
        raise WebError(f"bot {spec!r}: at most seconds={MAX_SEARCH_SECONDS:g} a move on this server")
    capped = dict(given)
    capped["iterations"] = opts["iterations"]
    capped["seconds"] = given.get("seconds") or MAX_SEARCH_SECONDS
    keys = {v: k for k, v in search_spec.SPEC_KEYS.items() if k != "iterations"}
    return kind + ":" + ",".join(f"{keys[k]}={_spec_value(v)}" for k, v in capped.items())


def bot_spec(game_name: str, spec, bots_dir: str | None) -> str:
    """The SPEC the server builds for ``spec``, a request's bot; a :class:`WebError` for anything not on the
    server's list (a path, a module, a search over budget)."""
    if not isinstance(spec, str) or not spec.strip():
        raise WebError("every bot must be a SPEC: a scripted bot's name, a search bot, shipped:GAME or a file of "
                       "the server's bots folder")
    spec = spec.strip()
    if len(spec) > MAX_SPEC:
        raise WebError(f"a bot SPEC has at most {MAX_SPEC} characters")
    info = hustings.registry.info(game_name)
    if spec in info.bots:
        return spec
    if search_spec.is_search_spec(spec):
        return capped_search_spec(game_name, spec)
    if spec.startswith((SHIPPED, SHIPPED_NET)) and "/" not in spec and os.sep not in spec:
        return spec  # the resolver checks the game and finds the file in the package
    path = folder_file(bots_dir, spec, POLICY_SUFFIXES)
    if path is not None:
        return path
    files = folder_files(bots_dir, POLICY_SUFFIXES)
    raise WebError(f"unknown bot {spec!r}; expected a scripted bot ({', '.join(sorted(info.bots))}), a search bot "
                   f"({search_spec.spec_help()}; at most {MAX_SEARCH_ITERATIONS} iterations or "
                   f"{MAX_SEARCH_SECONDS:g} seconds a move), shipped:{game_name}, shipped-net:{game_name}"
                   + (f", or a file of the server's bots folder: {', '.join(files[:20])}" if files else
                      " (the server's bots folder has no policy files)"))


# --- components and options -------------------------------------------------------------------------------------------
def read_component_file(components_dir: str | None, name: str) -> dict:
    """The component set in file ``name`` of the server's components folder."""
    path = folder_file(components_dir, name, (COMPONENT_SUFFIX,))
    if path is None:
        files = folder_files(components_dir, (COMPONENT_SUFFIX,))
        shown = repr(name) if _FILE_NAME.match(name) else "of that name (a file name, no folders)"
        raise WebError(f"no component set {shown} on this server; expected a JSON object (your own set), "
                       + (f"one of {', '.join(files[:20])}, or null" if files else "or null (the server's "
                                                                                    "components folder is empty)"))
    try:
        if os.path.getsize(path) > MAX_FILE:
            raise WebError(f"component set {name!r} is over {MAX_FILE} bytes")
        with open(path, "rb") as f:
            data = json.loads(f.read().decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        raise WebError(f"component set {name!r} is not a readable JSON file") from None
    if not isinstance(data, dict):
        raise WebError(f"component set {name!r} is not a JSON object")
    return data


def game_options(game_name: str, options, components_dir: str | None) -> dict:
    """A request's game options, sizes checked, ``components`` as a JSON object (a name: read from the server's
    components folder). The game checks the values."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise WebError("'options' must be an object")
    if len(options) > MAX_OPTIONS:
        raise WebError(f"at most {MAX_OPTIONS} options")
    known = hustings.registry.info(game_name).game_class.OPTIONS
    out = {}
    for key, value in options.items():
        if key not in known:
            raise WebError(f"{game_name}: unknown option {key[:40]!r}; expected one of {', '.join(known)}")
        if key == "components":
            if isinstance(value, str):
                value = read_component_file(components_dir, value)
            elif value is not None and not isinstance(value, dict):
                raise WebError("'components' must be a JSON object (your own component set), the name of a set "
                               "of the server's components folder, or null (the shipped one)")
            if value is not None:
                size = len(json.dumps(value, separators=(",", ":")).encode("utf-8"))
                if size > MAX_COMPONENTS:
                    raise WebError(f"the component set takes {size:,} bytes; a game's component set may take at "
                                   f"most {MAX_COMPONENTS:,} bytes on this server (as compact JSON)", 413)
        elif isinstance(value, str) and len(value) > MAX_OPTION_TEXT:
            raise WebError(f"option {key!r} is too long")
        elif value is not None and not isinstance(value, (bool, int, float, str)):
            raise WebError(f"option {key!r} must be a number, true/false, text or null")
        out[key] = value
    return out


def title(value) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise WebError("'title' must be text")
    if len(value) > MAX_TITLE:
        raise WebError(f"'title' has at most {MAX_TITLE} characters")
    return value


def record(rec, components_dir: str | None) -> dict:
    """An uploaded record's sizes and names checked, its ``components`` option a JSON object (see
    :func:`game_options`); the rules check the rest (``records.replay``)."""
    if not isinstance(rec, dict):
        raise WebError("give 'record' (a game record's JSON) or 'saved' (a saved record's name)")
    config = rec.get("config")
    if not isinstance(config, dict) or not isinstance(config.get("game"), str):
        raise WebError("not a valid game record: its 'config' must name the game")
    if config["game"] not in hustings.games():
        raise WebError(f"not a valid game record: unknown game {config['game'][:40]!r}")
    moves = rec.get("moves")
    if not isinstance(moves, list) or len(moves) > MAX_RECORD_MOVES:
        raise WebError(f"not a valid game record: 'moves' must be a list of at most {MAX_RECORD_MOVES} moves")
    players = rec.get("players")
    if players is not None:
        if not isinstance(players, list) or len(players) > 16 or not all(
                isinstance(p, str) and len(p) <= MAX_NAME for p in players):
            raise WebError(f"not a valid game record: 'players' must be a list of names (at most {MAX_NAME} "
                           f"characters each), one per seat")
    options = {k: v for k, v in config.items() if k not in ("game", "num_players")}
    cleaned = game_options(config["game"], options, components_dir)
    return {**rec, "config": {"game": config["game"], "num_players": config.get("num_players"), **cleaned}}
