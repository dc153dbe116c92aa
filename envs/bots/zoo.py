"""The shipped bots, built: ``hustings.load_bot(game, num_players)`` (the files and their index are
:mod:`hustings.checkpoints`)."""
from __future__ import annotations

from .. import checkpoints, registry
from ..core.bots import Bot
from .search import make_search_bot
from .policy import shipped_net


def load_bot(game: str, num_players: int | None = None, seed: int | None = None, deterministic: bool = True,
             search: bool = True) -> Bot:
    """``game``'s shipped bot for a table of ``num_players`` (default: the game's default size; a size without a bot
    raises a ``CheckpointError`` naming the sizes there are). Where that size's bot plays with a search
    (:func:`hustings.checkpoints.search_spec`), the search bot, unless ``search=False``: then the net alone
    (``deterministic=False`` samples the net's moves; the search ignores it)."""
    game = registry.game_key(game)
    spec = checkpoints.search_spec(game, num_players) if search else None
    if spec is not None:
        return make_search_bot(game, spec, seed=seed)
    return shipped_net(game, num_players, seed=seed, deterministic=deterministic)
