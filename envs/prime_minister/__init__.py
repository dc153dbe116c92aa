"""Prime Minister (GMT) for 2-4 players: Victorian parliamentary politics, VP pooling, Pacts and Challenges.

    from hustings import prime_minister
    env = prime_minister.env(num_players=4)

Rules engine ``rules.py`` (task queue, 279 actions), component data in ``data/`` (``data_loader``), rules notes,
action table, observation table, options and scenarios in ``envs/prime_minister/RULES.md``.
"""
from ..core.env import HustingsEnv
from .bots import BOTS, HeuristicBot
from .rules import PrimeMinisterGame, PrimeMinisterState


class raw_env(HustingsEnv):
    """Prime Minister as a PettingZoo AEC env (see :class:`hustings.core.env.HustingsEnv` for the arguments).

    Default 4 players (the rulebook's standard multiplayer game; 2 and 3 are supported). Game options
    (``PrimeMinisterGame.OPTIONS``, documented in RULES.md): ``max_rounds`` (default 50; 0 = no limit: truncation
    after that round, no winner), ``scenario`` (0 = standard game, 1..7 the rulebook's scenarios),
    ``question_time`` (Prime Minister's Question Time, 4 players), ``alternate_vote_tracker`` (rendering only) and
    ``components`` (your own component values: a JSON path or dict, RULES.md "Your own components").
    """

    game_class = PrimeMinisterGame
    default_players = 4
    metadata = {"name": "prime_minister_v1", "render_modes": ["human", "ansi"], "is_parallelizable": False}


def env(**kwargs) -> raw_env:
    """A Prime Minister env; the checks of PettingZoo's standard wrappers are built in."""
    return raw_env(**kwargs)


__all__ = ["BOTS", "HeuristicBot", "PrimeMinisterGame", "PrimeMinisterState", "env", "raw_env"]
