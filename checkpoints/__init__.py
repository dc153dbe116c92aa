"""The shipped bots: trained policies for every game at every table size (``checkpoints/<game>/`` in the repository).

Installed, this folder is ``hustings.checkpoints``. ``checkpoints/<game>/`` holds the bot for the game's default
table size, ``checkpoints/<game>/<n>p/`` the bot for ``n`` players (each trained by its own config:
``configs/<game>.yaml``, ``configs/sizes/<game>_<n>p.yaml``). Each bot folder holds ``policy.npz`` (the actor's
weights as NumPy arrays: plays without torch), the training ``config.yaml``, its ``report.md`` (with
``learning_curve.png``: each evaluation point with its 95% interval) and its ``evaluation.md``; the default-size
bots also hold ``policy.pt`` (the same policy as a torch checkpoint). Policy files hold a content hash, checked
whenever they load. A shipped bot goes by its game's name and plays the table size it is seated at:

    hustings evaluate democracy --players 6 --bots shipped:democracy heuristic
    bot = hustings.load_bot("democracy", num_players=6)   # a Bot: bot.act(state, player)

A bot folder may also hold ``search.json`` (``{"spec": "ismcts:favourite=shipped", ...}``): the shipped bot of that
size then plays with that search at every move, its net (``policy.npz``) naming the move the search favours
(``favourite=shipped`` always means the shipped *net* of the table's size). Politrickers 4p and 5p ship so: their nets
alone are level with the heuristic, the search with the net is not. ``load_bot(..., search=False)`` (the SPEC
``shipped-net:GAME``) is the net alone, which is what training continues from and what ``hustings export`` exports.

``docs/shipped-bots.md`` has every bot against the heuristic, IS-MCTS and random bots, with its training cost.
"""
from __future__ import annotations

import functools
import json
import os

_HERE = os.path.dirname(os.path.abspath(__file__))


def names() -> list[str]:
    """The games that have a shipped bot."""
    return sorted(d for d in os.listdir(_HERE) if os.path.isfile(os.path.join(_HERE, d, "policy.npz")))


def _check_game(game: str) -> None:
    from hustings.core.rules import ConfigError

    if game not in names():
        raise ConfigError(f"no shipped bot for {game!r}; shipped bots: {', '.join(names())}")


def default_size(game: str) -> int:
    """The table size of ``game``'s default shipped bot (the one in ``checkpoints/<game>/``)."""
    _check_game(game)
    path = os.path.join(_HERE, game, "policy.npz")
    return _size_of(path, os.stat(path).st_mtime_ns)


@functools.lru_cache(maxsize=None)
def _size_of(path: str, _mtime_ns: int) -> int:
    """A policy file's table size, read (and hash-checked) once per version of the file."""
    from hustings.policy_bot import load_policy_npz

    return int(load_policy_npz(path)[0]["num_players"])


def sizes(game: str) -> list[int]:
    """The table sizes ``game`` has a shipped bot for."""
    _check_game(game)
    found = {default_size(game)}
    for entry in os.listdir(os.path.join(_HERE, game)):
        if entry.endswith("p") and entry[:-1].isdigit() and os.path.isfile(os.path.join(_HERE, game, entry,
                                                                                             "policy.npz")):
            found.add(int(entry[:-1]))
    return sorted(found)


def folder(game: str, num_players: int | None = None) -> str:
    """The folder of ``game``'s shipped bot for ``num_players`` seats (default: the default size). A
    :class:`~hustings.core.rules.ConfigError` if there is no such game, a
    :class:`~hustings.CheckpointError` naming the sizes there are if there is no bot for that size."""
    from hustings.policy_bot import CheckpointError

    _check_game(game)
    if num_players is None or num_players == default_size(game):
        return os.path.join(_HERE, game)
    if num_players not in sizes(game):
        raise CheckpointError(f"no shipped {game} bot for {num_players} players; expected one of the sizes "
                              f"{', '.join(map(str, sizes(game)))}")
    return os.path.join(_HERE, game, f"{num_players}p")


def policy_path(game: str, num_players: int | None = None) -> str:
    """The torch-free policy file (``policy.npz``) of ``game``'s shipped bot for ``num_players`` seats."""
    return os.path.join(folder(game, num_players), "policy.npz")


SEARCH_FILE = "search.json"


def search_spec(game: str, num_players: int | None = None) -> str | None:
    """The search SPEC ``game``'s shipped bot for ``num_players`` seats plays with (its folder's ``search.json``), or
    None where it plays with its net alone. A damaged file is a ``CheckpointError`` naming it and what was expected."""
    path = os.path.join(folder(game, num_players), SEARCH_FILE)
    if not os.path.isfile(path):
        return None
    return _read_search_spec(path, os.stat(path).st_mtime_ns)


@functools.lru_cache(maxsize=None)
def _read_search_spec(path: str, _mtime_ns: int) -> str:
    from hustings.core import search
    from hustings.core.rules import ConfigError
    from hustings.policy_bot import CheckpointError

    expected = f'expected {{"spec": SPEC}} with SPEC a search bot ({search.spec_help()})'
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError) as exc:
        raise CheckpointError(f"{path}: not readable as JSON ({exc}); {expected}") from None
    spec = data.get("spec") if isinstance(data, dict) else None
    if not search.is_search_spec(spec):
        raise CheckpointError(f"{path}: spec is {spec!r}; {expected}")
    try:
        search.parse_search_spec(spec)
    except ConfigError as exc:
        raise CheckpointError(f"{path}: {exc}") from None
    return spec


def load_bot(game: str, num_players: int | None = None, seed: int | None = None, deterministic: bool = True,
             search: bool = True):
    """``game``'s shipped bot as a :class:`~hustings.core.bots.Bot` for a table of ``num_players`` (default: the
    default size; a size without a bot raises a ``CheckpointError`` naming the sizes there are). Where that size's
    bot plays with a search (:func:`search_spec`), the search bot, unless ``search=False``: then the net alone
    (``deterministic=False`` samples the net's moves; the search ignores it)."""
    import hustings
    from hustings.policy_bot import load_npz_bot

    spec = search_spec(game, num_players) if search else None
    if spec is not None:
        return hustings.make_bot(game, spec, seed=seed)
    path = policy_path(game, num_players)
    rules_game = hustings.registry.info(game).game_class(num_players or default_size(game))
    return load_npz_bot(path, rules_game, deterministic=deterministic, seed=seed)
