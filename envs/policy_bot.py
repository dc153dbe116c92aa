"""Moved to :mod:`hustings.bots.policy`; this name keeps working for one release, with a ``DeprecationWarning``."""
import sys
import warnings

from hustings.bots.policy import __name__ as _new_name

warnings.warn("hustings.policy_bot is deprecated; it moved to hustings.bots.policy", DeprecationWarning, stacklevel=2)
sys.modules[__name__] = sys.modules[_new_name]
