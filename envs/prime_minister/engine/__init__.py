"""Prime Minister's compiled batched engine (numba), a second implementation of the rules module checked against it
move for move: ``batch.py`` the :class:`BatchEngine` (N games held in arrays), ``kernels.py`` the compiled rules.

It is built in stages (``kernels.py``'s docstring says what is compiled now) and not yet registered as the game's
engine (``GameInfo.engine``): ``hustings.vector`` still runs Prime Minister on its Python backend."""
from .batch import BatchEngine, state_fields, unsupported

__all__ = ["BatchEngine", "state_fields", "unsupported"]
