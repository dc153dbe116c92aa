"""Politix's compiled batched engine (numba), a second implementation of the rules module checked against it move for
move (``hustings.engine.parity``): ``batch.py`` the :class:`BatchEngine` (N games held in arrays),
``kernels.py`` the compiled rules, ``bots.py`` the compiled scripted bots (:class:`BatchBots`), ``sample.py`` the
compiled information-set sampler for search (:class:`CompiledSampler`)."""
from .batch import BatchEngine
from .bots import NAMES, BatchBots
from .sample import CompiledSampler

__all__ = ["BatchEngine", "BatchBots", "NAMES", "CompiledSampler"]
