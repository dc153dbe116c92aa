"""How a game declares itself: one :class:`GameInfo` per game, in the game's package (``GAME_INFO``).

Everything outside a game's folder learns about the game from here (and from its ``Game``/``State`` classes),
never by naming it: the registry (:mod:`hustings.registry`) lists the game packages, the AEC env class is
generated from the declaration (:func:`hustings.core.env.env_class`), search reads its defaults, and the
command line, the terminal and the web app ask the game's own ``Game``/``State`` methods for text and views.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass(frozen=True)
class GameInfo:
    """A game's declaration, in the spirit of OpenSpiel's ``_GAME_TYPE``/``_GAME_INFO``.

    Attributes:
        name: the registry name (``"democracy"``), also the package name ``hustings.<name>``.
        title: the name players use (``"Democracy"``).
        version: the env version (``democracy_v1``); it goes up when a change makes old results incomparable.
        game_class: the rules module's :class:`~hustings.core.rules.Game` subclass (its ``min_players`` and
            ``max_players`` are the player range).
        default_players: the table size used when none is given (env, bots, evaluation, the shipped bot).
        bots: scripted bots by name: ``name -> factory(seed=...)`` (``random``, ``heuristic``, ...).
        summary: one line on what the game is, for listings.
        parallel_env: a factory of the game's PettingZoo ``ParallelEnv``, where it has one.
        search: the game's defaults for the search bots (:mod:`hustings.bots.search`), over the generic ones.
        teams: whether seats can win together (parties), as ``State.teams()`` then says.
        suit_cards: whether the game's text names cards as rank and suit letter (``7C``), which a page may draw with
            suit symbols.
        engine: the module of the game's compiled batched engine (its ``BatchEngine``; see
            :mod:`hustings.vector`), or ``None`` where N games are stepped by the rules module in a loop.
        web: the module of the game's page words (its ``web.py``: the table the page draws, the questions' labels,
            the story's wording, the end, the card reference and the set-up form's words; the names it holds are
            listed in :mod:`hustings.core.page`), or ``None`` where the page shows the text rendering and the rules'
            own names of the moves.
        search_speed_target: the game's IS-MCTS speed target in ``python -m hustings.bench --search``: its iterations
            per CPU-second as a multiple of OpenSpiel's ISMCTSBot's over hearts, or ``None`` for no target (games whose
            play is not comparable to a hand of hearts).
        playout_horizon: how many score changes a playout of the evaluation's value estimate runs for
            (:mod:`hustings.evaluation.variance`, ``horizon=auto``), or ``None``: to the end of the game (where the
            chance is mostly dealt at the start, so each correction can afford a playout that follows the result).
        env_speed_target: the AEC env's speed target in ``python -m hustings.bench``: its random-play steps per
            CPU-second as a multiple of ``connect_four_v3``'s through the same loop.
    """

    name: str
    title: str
    version: int
    game_class: type
    default_players: int
    bots: dict[str, Callable[..., Any]]
    summary: str = ""
    parallel_env: Callable[..., Any] | None = None
    search: dict[str, Any] = field(default_factory=dict)
    teams: bool = False
    search_speed_target: float | None = None
    playout_horizon: int | None = 1
    env_speed_target: float = 3.0
    suit_cards: bool = False
    engine: str | None = None
    web: str | None = None

    @property
    def min_players(self) -> int:
        """The smallest table the game seats."""
        return self.game_class.min_players

    @property
    def max_players(self) -> int:
        """The largest table the game seats."""
        return self.game_class.max_players

    @property
    def env_id(self) -> str:
        """The versioned env name, as PettingZoo names envs (``democracy_v1``)."""
        return f"{self.name}_v{self.version}"
