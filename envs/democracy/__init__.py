"""Democracy for 2-6 players: simultaneous-reveal trick taking with a voting pool (``democracy.txt``).

    from hustings import democracy
    env = democracy.env(num_players=4)

Rules notes: ``envs/democracy/RULES.md``.
"""
from ..core.env import HustingsEnv
from .bots import BOTS, HeuristicBot
from .parallel import DemocracyParallelEnv, parallel_env
from .rules import DemocracyGame, DemocracyState, card_name, parse_card


class raw_env(HustingsEnv):
    """Democracy as a PettingZoo AEC env (see :class:`hustings.core.env.HustingsEnv` for the arguments).

    Game option: ``max_islands`` (default 40; ``None`` for no cap).
    """

    game_class = DemocracyGame
    default_players = 4
    metadata = {"name": "democracy_v1", "render_modes": ["human", "ansi"], "is_parallelizable": False}


def env(**kwargs) -> raw_env:
    """A Democracy env; the checks of PettingZoo's standard wrappers are built in."""
    return raw_env(**kwargs)


__all__ = ["BOTS", "DemocracyGame", "DemocracyParallelEnv", "DemocracyState", "HeuristicBot", "card_name", "env",
           "parallel_env", "parse_card", "raw_env"]
