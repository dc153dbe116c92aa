"""Politix for 2-6 players in parties: persuade voter groups with politicking cards (``politix.txt``).

    from hustings import politix
    env = politix.env(num_players=4)

The rulebook gives the rules but not the card texts; the card set in ``data/cards.json`` is a documented
reconstruction (printed values used exactly). Rules notes: ``envs/politix/RULES.md``.
"""
from ..core.env import env_class
from ..core.info import GameInfo
from . import components  # noqa: F401  (hustings.politix.components.shipped(): the card data as a starting file)
from .bots import BOTS, HeuristicBot
from .rules import PolitixGame, PolitixState


#: The game's declaration: everything outside this folder learns about the game from it (hustings.registry).
GAME_INFO = GameInfo(
    name="politix",
    title="Politix",
    version=1,
    game_class=PolitixGame,
    default_players=4,
    bots=BOTS,
    summary="2-6 players in parties: persuading voter groups with politicking cards, set-collection scoring",
    parallel_env=None,
    # Search budgets and constants (docs/search-strength.md measures them).
    search={"iterations": 80, "prior": 30.0},
    teams=True,
    engine="hustings.politix.engine",
    web="hustings.politix.web",
    search_speed_target=2.0,
    playout_horizon=None,  # the deck is dealt at the start: the evaluation's playouts run to the end
)

#: The AEC env class, generated from the declaration.
raw_env = env_class(GAME_INFO, doc="""Game options: ``teams_3v3`` (6 players: two parties of three; default False = three parties of two),
``max_turns`` (default 400; ``None`` for no cap) and ``components`` (your own card data: a path or a dict in the
schema of ``components.shipped()``; default None = the shipped reconstruction).""")


def env(**kwargs) -> raw_env:
    """A Politix env; the checks of PettingZoo's standard wrappers are built in."""
    return raw_env(**kwargs)


__all__ = ["BOTS", "GAME_INFO", "HeuristicBot", "PolitixGame", "PolitixState", "env", "raw_env"]
