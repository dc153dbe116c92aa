"""Moved to :mod:`hustings.bots.search`; this name keeps working for one release, with a ``DeprecationWarning``."""
import sys
import warnings

from hustings.bots.search import __name__ as _new_name

warnings.warn("hustings.core.search is deprecated; it moved to hustings.bots.search", DeprecationWarning, stacklevel=2)
sys.modules[__name__] = sys.modules[_new_name]
