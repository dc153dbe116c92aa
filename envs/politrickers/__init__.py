"""Politrickers for 3-5 players: trick taking where each party follows its own suit (``politrickers.txt``).

    from hustings import politrickers
    env = politrickers.env(num_players=4)

Rules notes (readings of unclear text, action table, observation layout, deal form): ``envs/politrickers/RULES.md``.
"""
from ..core.env import HustingsEnv
from .bots import BOTS, HeuristicBot
from .rules import PolitrickersGame, PolitrickersState, card_name, parse_card


class raw_env(HustingsEnv):
    """Politrickers as a PettingZoo AEC env (see :class:`hustings.core.env.HustingsEnv` for the arguments).

    No game options. ``reward="score"`` pays each round's VP change at the end of the round.
    """

    game_class = PolitrickersGame
    default_players = 4
    metadata = {"name": "politrickers_v1", "render_modes": ["human", "ansi"], "is_parallelizable": False}


def env(**kwargs) -> raw_env:
    """A Politrickers env; the checks of PettingZoo's standard wrappers are built in."""
    return raw_env(**kwargs)


__all__ = ["BOTS", "HeuristicBot", "PolitrickersGame", "PolitrickersState", "card_name", "env", "parse_card",
           "raw_env"]
