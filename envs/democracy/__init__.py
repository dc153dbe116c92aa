"""Democracy for 2-6 players: simultaneous-reveal trick taking with a voting pool (``democracy.txt``).

    from hustings import democracy
    env = democracy.env(num_players=4)

Rules notes: ``envs/democracy/RULES.md``.
"""
from ..core.env import env_class
from ..core.info import GameInfo
from .bots import BOTS, HeuristicBot
from .cards import DEFAULT_PLAYERS
from .parallel import DemocracyParallelEnv, parallel_env
from .rules import DemocracyGame, DemocracyState, card_name, parse_card


#: The game's declaration: everything outside this folder learns about the game from it (hustings.registry).
GAME_INFO = GameInfo(
    name="democracy",
    title="Democracy",
    version=1,
    game_class=DemocracyGame,
    default_players=DEFAULT_PLAYERS,
    bots=BOTS,
    summary="2-6 players: simultaneous-reveal trick taking with a voting pool, islands and tribes",
    parallel_env=parallel_env,
    # Search budgets and constants (docs/search-strength.md measures them).
    search={"iterations": 40, "rollout": "heuristic", "horizon": 1, "leaf": "scores", "fpu": 0.0, "c": 0.7},
    teams=False,
    search_speed_target=4.0,
    suit_cards=True,
    engine="hustings.democracy.engine",
    web="hustings.democracy.web",
)

#: The AEC env class, generated from the declaration.
raw_env = env_class(GAME_INFO, doc="""Game option: ``max_islands`` (default 40; ``None`` for no cap).""")


def env(**kwargs) -> raw_env:
    """A Democracy env; the checks of PettingZoo's standard wrappers are built in."""
    return raw_env(**kwargs)


__all__ = ["BOTS", "GAME_INFO", "DemocracyGame", "DemocracyParallelEnv", "DemocracyState", "HeuristicBot", "card_name",
           "env", "parallel_env", "parse_card", "raw_env"]
