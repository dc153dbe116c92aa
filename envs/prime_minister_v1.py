"""Prime Minister, env version 1, under its PettingZoo-style name: ``from hustings import prime_minister_v1; prime_minister_v1.env()``.

The same module as :mod:`hustings.prime_minister` (``hustings.make("prime_minister")`` takes the newest version).
"""
from .prime_minister import *  # noqa: F401,F403
from .prime_minister import __all__  # noqa: F401
