"""The game registry: the one place that lists the games (one line each), and lookups by name.

Each game declares itself in its own package as ``GAME_INFO`` (a :class:`~hustings.core.info.GameInfo`); adding a
game is its folder plus one line in :data:`GAME_PACKAGES`. The packages are imported by name, so nothing here
depends on any game's code.
"""
from __future__ import annotations

import functools
import importlib
import re

from .core.info import GameInfo
from .errors import ConfigError, did_you_mean

#: The registered games' packages, one line per game.
GAME_PACKAGES: tuple[str, ...] = (
    "hustings.democracy",
    "hustings.politix",
    "hustings.politrickers",
    "hustings.prime_minister",
)

#: The game the commands default to and the examples use.
DEFAULT_GAME = "democracy"

_VERSIONED = re.compile(r"^(?P<game>[a-z_]+?)_v(?P<version>\d+)$")


@functools.lru_cache(maxsize=None)
def _infos() -> dict[str, GameInfo]:
    out = {}
    for package in GAME_PACKAGES:
        info = importlib.import_module(package).GAME_INFO
        if not isinstance(info, GameInfo) or f"hustings.{info.name}" != package:
            raise TypeError(f"{package}.GAME_INFO must be a GameInfo named {package.rsplit('.', 1)[-1]!r}")
        out[info.name] = info
    return out


def games() -> list[str]:
    """Names of the registered games, sorted."""
    return sorted(_infos())


def all_info() -> list[GameInfo]:
    """Every registered game's declaration, sorted by name."""
    return [_infos()[g] for g in games()]


def game_key(name: str) -> str:
    """The registry name of ``name``, which may carry the current version suffix (``democracy_v1``); an unknown
    name or another version raises :class:`~hustings.errors.ConfigError`."""
    infos = _infos()
    known = ", ".join(games())
    if not isinstance(name, str):
        raise ConfigError(f"game name {name!r} is invalid; expected one of {known}")
    key = name.lower()
    match = _VERSIONED.match(key)
    if match and match["game"] in infos:
        key, version = match["game"], int(match["version"])
        if version != infos[key].version:
            raise ConfigError(f"unknown version {name!r}; this hustings has {infos[key].env_id} "
                              f"(make({key!r}) takes the newest)")
    if key not in infos:
        hint = did_you_mean(key, [*infos, *(i.env_id for i in all_info())])
        raise ConfigError(f"unknown game {name!r}{hint}; expected one of {known} "
                          f"(or their versioned names: {', '.join(i.env_id for i in all_info())})")
    return key


def info(name: str) -> GameInfo:
    """The declaration of game ``name`` (see :func:`game_key` for the accepted names)."""
    return _infos()[game_key(name)]


def game_module(name: str):
    """The package of game ``name`` (e.g. ``hustings.democracy``)."""
    return importlib.import_module(f"hustings.{game_key(name)}")


def make_game(name: str, num_players: int | None = None, options: dict | None = None):
    """The rules :class:`~hustings.core.rules.Game` of ``name`` for ``num_players`` (default: the game's default
    size) with variant ``options``, checked by the game itself (an unknown option or a bad value raises
    :class:`~hustings.errors.ConfigError`). A value given as the text ``None`` / ``none`` (as ``--option
    max_islands=None`` arrives from a command line) means ``None``."""
    game = info(name)
    opts = {k: (None if isinstance(v, str) and v.strip() in ("None", "none") else v)
            for k, v in (options or {}).items()}
    return game.game_class(game.default_players if num_players is None else num_players, **opts)
