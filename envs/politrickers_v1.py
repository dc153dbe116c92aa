"""Politrickers, env version 1, under its PettingZoo-style name: ``from hustings import politrickers_v1; politrickers_v1.env()``.

The same module as :mod:`hustings.politrickers` (``hustings.make("politrickers")`` takes the newest version).
"""
from .politrickers import *  # noqa: F401,F403
from .politrickers import __all__  # noqa: F401
