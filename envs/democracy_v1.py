"""Democracy, env version 1, under its PettingZoo-style name: ``from hustings import democracy_v1; democracy_v1.env()``.

The same module as :mod:`hustings.democracy` (``hustings.make("democracy")`` takes the newest version).
"""
from .democracy import *  # noqa: F401,F403
from .democracy import __all__  # noqa: F401
