"""The shipped bots, built: ``hustings.load_bot(game, num_players)`` (the files and their index are
:mod:`hustings.checkpoints`)."""
from __future__ import annotations

from .. import checkpoints, registry
from ..core.bots import Bot
from .search import make_search_bot
from .policy import shipped_net


def load_bot(game: str, num_players: int | None = None, seed: int | None = None, deterministic: bool = True,
             search: bool = False) -> Bot:
    """``game``'s shipped bot for a table of ``num_players`` (default: the game's default size; a size without a bot
    raises a ``CheckpointError`` naming the sizes there are): its net (``deterministic=False`` samples the net's
    moves). ``search=True``: the searching variant shipped beside the net at that size
    (:func:`hustings.checkpoints.search_variant`; a ``CheckpointError`` naming the sizes that have one)."""
    game = registry.game_key(game)
    checkpoints.folder(game, num_players)  # a size without a bot: the error names the sizes there are
    if search:
        return make_search_bot(game, checkpoints.search_variant(game, num_players), seed=seed)
    return shipped_net(game, num_players, seed=seed, deterministic=deterministic)
