"""Politix, env version 1, under its PettingZoo-style name: ``from hustings import politix_v1; politix_v1.env()``.

The same module as :mod:`hustings.politix` (``hustings.make("politix")`` takes the newest version).
"""
from .politix import *  # noqa: F401,F403
from .politix import __all__  # noqa: F401
