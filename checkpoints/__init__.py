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

A shipped bot is its net: a few milliseconds a move, torch-free, what training continues from and what
``hustings export`` exports (the SPECs ``shipped:GAME`` and ``shipped-net:GAME`` are the same bot). A bot folder may
also hold ``search.json`` (``{"spec": "ismcts:favourite=shipped", ...}``): a *searching variant* shipped beside the
net, the SPEC ``shipped-search:GAME`` (``load_bot(..., search=True)``), which plays that search at every move
(``favourite=shipped`` always means the shipped *net* of the table's size). Democracy 4p and Politrickers 4p and 5p
have one; it is slower by two orders of magnitude and stronger than its net against the heuristic, not in every
line-up (``docs/shipped-bots.md``).

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
    from hustings.errors import ConfigError

    if game not in names():
        raise ConfigError(f"no shipped bot for {game!r}; shipped bots: {', '.join(names())}")


def default_size(game: str) -> int:
    """The table size of ``game``'s default shipped bot (the one in ``checkpoints/<game>/``): the game's default
    size (its ``GAME_INFO.default_players``)."""
    from hustings import registry

    _check_game(game)
    return registry.info(game).default_players


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
    from hustings.errors import CheckpointError

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
    """The search SPEC of the searching variant of ``game``'s shipped bot for ``num_players`` seats (its folder's
    ``search.json``), or None where there is none. A damaged file is a ``CheckpointError`` naming it and what was
    expected."""
    path = os.path.join(folder(game, num_players), SEARCH_FILE)
    if not os.path.isfile(path):
        return None
    return _read_search_spec(path, os.stat(path).st_mtime_ns)


def search_sizes(game: str) -> list[int]:
    """The table sizes at which ``game`` ships a searching variant beside its net."""
    return [n for n in sizes(game) if search_spec(game, n) is not None]


def search_variant(game: str, num_players: int | None = None) -> str:
    """:func:`search_spec`, or a ``CheckpointError`` naming the sizes that have a searching variant where this size
    has none (the SPEC ``shipped-search:GAME`` and ``load_bot(..., search=True)`` ask for it)."""
    from hustings.errors import CheckpointError

    spec = search_spec(game, num_players)
    if spec is None:
        n = num_players or default_size(game)
        have = search_sizes(game)
        raise CheckpointError(f"no searching variant of the shipped {game} bot for {n} players (shipped-search:{game}); "
                              + (f"expected one of the sizes {', '.join(map(str, have))}, or shipped:{game} (its net)"
                                 if have else f"{game} ships none; expected shipped:{game} (its net)"))
    return spec


@functools.lru_cache(maxsize=None)
def _read_search_spec(path: str, _mtime_ns: int) -> str:
    from hustings.bots import search_spec as search
    from hustings.errors import CheckpointError, ConfigError

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

