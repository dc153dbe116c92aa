"""The shipped bots: one trained policy per game (``checkpoints/<game>/`` in the repository).

Installed, this folder is ``hustings.checkpoints``. Each bot folder holds ``policy.npz`` (the actor's weights as
NumPy arrays: plays without torch), ``policy.pt`` (the same policy as a torch checkpoint), the training
``config.yaml``, its ``report.md`` (with ``learning_curve.png``: each evaluation point with its 95% interval) and
its ``evaluation.md``. Both policy files hold a content hash, checked whenever they load. Use a shipped bot by name:

    hustings evaluate democracy --bots shipped:democracy heuristic heuristic heuristic
    bot = hustings.load_bot("democracy")          # a Bot: bot.act(state, player)
"""
from __future__ import annotations

import os

_HERE = os.path.dirname(os.path.abspath(__file__))


def names() -> list[str]:
    """The games that have a shipped bot."""
    return sorted(d for d in os.listdir(_HERE) if os.path.isfile(os.path.join(_HERE, d, "policy.npz")))


def folder(game: str) -> str:
    """The folder of ``game``'s shipped bot (a :class:`~hustings.core.rules.ConfigError` if there is none)."""
    from hustings.core.rules import ConfigError

    if game not in names():
        raise ConfigError(f"no shipped bot for {game!r}; shipped bots: {', '.join(names())}")
    return os.path.join(_HERE, game)


def policy_path(game: str) -> str:
    """The torch-free policy file (``policy.npz``) of ``game``'s shipped bot."""
    return os.path.join(folder(game), "policy.npz")


def load_bot(game: str, num_players: int | None = None, seed: int | None = None, deterministic: bool = True):
    """``game``'s shipped bot as a :class:`~hustings.core.bots.Bot` for a table of ``num_players`` (default: the
    size it was trained at; another size raises a ``CheckpointError`` naming the sizes it plays)."""
    import hustings
    from hustings.policy_bot import load_npz_bot, load_policy_npz

    path = policy_path(game)
    if num_players is None:
        num_players = load_policy_npz(path)[0]["num_players"]
    rules_game = hustings.game_module(game).raw_env.game_class(num_players)
    return load_npz_bot(path, rules_game, deterministic=deterministic, seed=seed)
