"""What every game's compiled batched engine shares (numba): one Mersenne Twister (:mod:`hustings.engine.rng`), one
on-disk cache discipline (:mod:`hustings.engine.jit`), one rules-vs-engine parity checker
(:mod:`hustings.engine.parity`) and the batched API's compiled helpers.

A game's own engine lives in its folder, ``hustings.<game>.engine`` (named by ``GameInfo.engine``), with the same role
files in every game: ``batch.py`` (its ``BatchEngine``: the state layout and the methods), ``kernels.py`` (the
compiled rules), ``bots.py`` (its compiled scripted bots, ``BatchBots``). Nothing here names a game.
"""
from __future__ import annotations

import importlib
import sys

from .. import registry
from ..errors import ConfigError

#: What to install where numba is missing (numba is a core dependency; an environment may still lack it).
INSTALL = "pip install numba"

_warned: list = []


def numba_error() -> str | None:
    """``None`` when numba imports here; else one line: what is slow without it and how to get it."""
    try:
        import numba  # noqa: F401
    except ImportError as exc:
        return (f"numba does not import here ({exc}): hustings runs without its compiled engines, so batched play, "
                f"the searches' rollouts, batched training and evaluation step the rules modules in Python, 5-10x "
                f"slower ({INSTALL})")
    return None


def warn_once(why: str) -> None:
    """Print ``why`` to stderr, once per process (the silent fallback the compiled engines' absence must not be)."""
    if why not in _warned:
        _warned.append(why)
        print(f"hustings: {why}", file=sys.stderr)


def engine_module(game: str, required: bool = False):
    """The one way to find a game's compiled engine: the package named by its ``GameInfo.engine``
    (``hustings.<game>.engine``, which exports ``BatchEngine`` and ``BatchBots``), or ``None`` where the game has
    none or numba does not import (said once, on stderr). With ``required`` a :class:`ConfigError` says which."""
    info = registry.info(game)
    if info.engine is None:
        if required:
            raise ConfigError(f"{info.name} has no compiled engine; expected backend='python' or 'auto'")
        return None
    why = numba_error()
    if why is not None:
        if required:
            raise ConfigError(f"{info.name}'s compiled engine needs numba, which does not import here ({INSTALL}, "
                              f"or `pip install hustings[fast]`); or use backend='python' or 'auto'")
        warn_once(why)
        return None
    return importlib.import_module(info.engine)
