"""Politix for 2-6 players in parties: persuade voter groups with politicking cards (``politix.txt``).

    from hustings import politix
    env = politix.env(num_players=4)

The rulebook gives the rules but not the card texts; the card set in ``data/cards.json`` is a documented
reconstruction (printed values used exactly). Rules notes: ``envs/politix/RULES.md``.
"""
from ..core.env import HustingsEnv
from . import components  # noqa: F401  (hustings.politix.components.shipped(): the card data as a starting file)
from .bots import BOTS, HeuristicBot
from .rules import PolitixGame, PolitixState


class raw_env(HustingsEnv):
    """Politix as a PettingZoo AEC env (see :class:`hustings.core.env.HustingsEnv` for the arguments).

    Game options: ``teams_3v3`` (6 players: two parties of three; default False = three parties of two),
    ``max_turns`` (default 400; ``None`` for no cap) and ``components`` (your own card data: a path or a dict in the
    schema of ``components.shipped()``; default None = the shipped reconstruction).
    """

    game_class = PolitixGame
    default_players = 4
    metadata = {"name": "politix_v1", "render_modes": ["human", "ansi"], "is_parallelizable": False}


def env(**kwargs) -> raw_env:
    """A Politix env; the checks of PettingZoo's standard wrappers are built in."""
    return raw_env(**kwargs)


__all__ = ["BOTS", "HeuristicBot", "PolitixGame", "PolitixState", "env", "raw_env"]
