"""Prime Minister (GMT) for 2-4 players: Victorian parliamentary politics, VP pooling, Pacts and Challenges.

    from hustings import prime_minister
    env = prime_minister.env(num_players=4)

Rules engine ``rules.py`` (task queue, 279 actions), component data in ``data/`` (``data_loader``), rules notes,
action table, observation table, options and scenarios in ``envs/prime_minister/RULES.md``.
"""
from ..core.env import env_class
from ..core.info import GameInfo
from .bots import BOTS, HeuristicBot
from .rules import PrimeMinisterGame, PrimeMinisterState


#: The game's declaration: everything outside this folder learns about the game from it (hustings.registry).
GAME_INFO = GameInfo(
    name="prime_minister",
    title="Prime Minister",
    version=1,
    game_class=PrimeMinisterGame,
    default_players=4,
    bots=BOTS,
    summary="2-4 players: a Victorian parliament of bills, supporters, events, pacts, elections and scenarios",
    parallel_env=None,
    # Search budgets and constants (docs/search-strength.md measures them).
    search={"iterations": 20, "rollout": "heuristic", "horizon": 2, "leaf": "scores", "scale": 5.0, "fpu": 0.0,
            "c": 0.7},
    teams=True,
    env_speed_target=2.0,  # its AEC env against connect_four_v3 (python -m hustings.bench)
    web="hustings.prime_minister.web",
)

#: The AEC env class, generated from the declaration.
raw_env = env_class(GAME_INFO, doc="""Default 4 players (the rulebook's standard multiplayer game; 2 and 3 are \
supported). Game options
(``PrimeMinisterGame.OPTIONS``, documented in RULES.md): ``max_rounds`` (default 50; 0 = no limit: truncation
after that round, no winner), ``scenario`` (0 = standard game, 1..7 the rulebook's scenarios),
``question_time`` (Prime Minister's Question Time, 4 players), ``alternate_vote_tracker`` (rendering only) and
``components`` (your own component values: a JSON path or dict, RULES.md "Your own components").""")


def env(**kwargs) -> raw_env:
    """A Prime Minister env; the checks of PettingZoo's standard wrappers are built in."""
    return raw_env(**kwargs)


__all__ = ["BOTS", "GAME_INFO", "HeuristicBot", "PrimeMinisterGame", "PrimeMinisterState", "env", "raw_env"]
