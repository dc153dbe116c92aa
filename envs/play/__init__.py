"""Playing for people and agents: the terminal (:mod:`~hustings.play.terminal`), how moves read and are typed
(:mod:`~hustings.play.moves`), the text view for agents that read text (:mod:`~hustings.play.text_view`), and game
records (:mod:`~hustings.play.records`). Games between bots are played by :mod:`hustings.core.match`."""
from ..core.match import play_game  # noqa: F401
from ..registry import make_game  # noqa: F401
from .moves import (display_name, hidden_move, match_move, move_seen_by, read_strict, revealed_by_move,  # noqa: F401
                    short_forms)
from .terminal import LIST_WIDTH, columns, move_list, play_interactive  # noqa: F401
