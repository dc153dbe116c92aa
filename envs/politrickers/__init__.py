"""Politrickers for 3-5 players: trick taking where each party follows its own suit (``politrickers.txt``).

    from hustings import politrickers
    env = politrickers.env(num_players=4)

Rules notes (readings of unclear text, action table, observation layout, deal form): ``envs/politrickers/RULES.md``.
"""
from ..core.env import env_class
from ..core.info import GameInfo
from .bots import BOTS, HeuristicBot
from .rules import PolitrickersGame, PolitrickersState, card_name, parse_card


#: The game's declaration: everything outside this folder learns about the game from it (hustings.registry).
GAME_INFO = GameInfo(
    name="politrickers",
    title="Politrickers",
    version=1,
    game_class=PolitrickersGame,
    default_players=4,
    bots=BOTS,
    summary="3-5 players: trick taking where each party follows its own suit, party switching, the Libra",
    parallel_env=None,
    # Search budgets and constants (docs/search-strength.md measures them).
    search={"iterations": 70, "prior": 20.0},
    teams=False,
    search_speed_target=4.0,
    engine="hustings.politrickers.engine",
    web="hustings.politrickers.web",
    env_speed_target=3.3,  # its AEC env against connect_four_v3 (python -m hustings.bench)
)

#: The AEC env class, generated from the declaration.
raw_env = env_class(GAME_INFO, doc="""No game options. ``reward="score"`` pays each round's VP change at the end of the
round.""")


def env(**kwargs) -> raw_env:
    """A Politrickers env; the checks of PettingZoo's standard wrappers are built in."""
    return raw_env(**kwargs)


__all__ = ["BOTS", "GAME_INFO", "HeuristicBot", "PolitrickersGame", "PolitrickersState", "card_name", "env",
           "parse_card", "raw_env"]
