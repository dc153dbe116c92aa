"""Moved to :mod:`hustings.bots.agents`; this name keeps working for one release, with a ``DeprecationWarning``."""
import sys
import warnings

from hustings.bots.agents import __name__ as _new_name

warnings.warn("hustings.training.agents is deprecated; it moved to hustings.bots.agents", DeprecationWarning, stacklevel=2)
sys.modules[__name__] = sys.modules[_new_name]
